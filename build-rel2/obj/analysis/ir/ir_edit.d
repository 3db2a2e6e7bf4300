build-rel2/obj/analysis/ir/ir_edit.o: analysis/ir/ir_edit.c \
 analysis/ir/ir_edit.h analysis/ir/ir.h analysis/base/util.h
analysis/ir/ir_edit.h:
analysis/ir/ir.h:
analysis/base/util.h:
