build-rel2/obj/analysis/ir/layout.o: analysis/ir/layout.c \
 analysis/ir/ir.h analysis/base/util.h analysis/ir/ir_internal.h
analysis/ir/ir.h:
analysis/base/util.h:
analysis/ir/ir_internal.h:
