build-rel2/obj/analysis/update/mssa_update_batch.o: \
 analysis/update/mssa_update_batch.c analysis/update/mssa_update.h \
 analysis/ir/ir_edit.h analysis/ir/ir.h analysis/base/util.h \
 analysis/mssa/mssa.h analysis/alias/aa.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/alias/phitrans.h \
 analysis/reader/retext.h
analysis/update/mssa_update.h:
analysis/ir/ir_edit.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/alias/phitrans.h:
analysis/reader/retext.h:
