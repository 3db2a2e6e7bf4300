build-rel2/obj/analysis/update/mssa_update.o: \
 analysis/update/mssa_update.c analysis/update/mssa_update.h \
 analysis/ir/ir_edit.h analysis/ir/ir.h analysis/base/util.h \
 analysis/mssa/mssa.h analysis/alias/aa.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/alias/phitrans.h analysis/base/check.h
analysis/update/mssa_update.h:
analysis/ir/ir_edit.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/alias/phitrans.h:
analysis/base/check.h:
