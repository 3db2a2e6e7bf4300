build-rel2/obj/analysis/mssa/mssa_optimize.o: \
 analysis/mssa/mssa_optimize.c analysis/mssa/mssa.h analysis/alias/aa.h \
 analysis/ir/ir.h analysis/base/util.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/base/check.h
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/base/check.h:
