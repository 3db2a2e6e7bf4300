build-rel2/obj/analysis/reader/ll_lex.o: analysis/reader/ll_lex.c \
 analysis/reader/ll_lex.h analysis/reader/ll_kw.h
analysis/reader/ll_lex.h:
analysis/reader/ll_kw.h:
