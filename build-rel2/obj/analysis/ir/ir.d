build-rel2/obj/analysis/ir/ir.o: analysis/ir/ir.c \
 analysis/ir/ir_internal.h analysis/ir/ir.h analysis/base/util.h
analysis/ir/ir_internal.h:
analysis/ir/ir.h:
analysis/base/util.h:
