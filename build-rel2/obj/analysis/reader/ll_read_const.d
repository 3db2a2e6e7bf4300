build-rel2/obj/analysis/reader/ll_read_const.o: \
 analysis/reader/ll_read_const.c analysis/reader/reader_internal.h \
 analysis/base/hashtab.h analysis/base/util.h analysis/ir/ir.h \
 analysis/reader/ll_lex.h analysis/reader/ll_kw.h \
 analysis/reader/reader.h
analysis/reader/reader_internal.h:
analysis/base/hashtab.h:
analysis/base/util.h:
analysis/ir/ir.h:
analysis/reader/ll_lex.h:
analysis/reader/ll_kw.h:
analysis/reader/reader.h:
