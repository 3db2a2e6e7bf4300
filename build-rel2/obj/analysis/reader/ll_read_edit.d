build-rel2/obj/analysis/reader/ll_read_edit.o: \
 analysis/reader/ll_read_edit.c analysis/ir/ir_edit.h analysis/ir/ir.h \
 analysis/base/util.h analysis/reader/reader_internal.h \
 analysis/base/hashtab.h analysis/reader/ll_lex.h analysis/reader/ll_kw.h \
 analysis/reader/reader.h analysis/reader/retext.h
analysis/ir/ir_edit.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/reader/reader_internal.h:
analysis/base/hashtab.h:
analysis/reader/ll_lex.h:
analysis/reader/ll_kw.h:
analysis/reader/reader.h:
analysis/reader/retext.h:
