build-rel2/obj/analysis/ir/md_unique.o: analysis/ir/md_unique.c \
 analysis/base/hashtab.h analysis/base/util.h analysis/ir/ir_internal.h \
 analysis/ir/ir.h
analysis/base/hashtab.h:
analysis/base/util.h:
analysis/ir/ir_internal.h:
analysis/ir/ir.h:
