build-rel2/obj/analysis/mssa/mssa_build.o: analysis/mssa/mssa_build.c \
 analysis/mssa/mssa.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h analysis/base/buf.h analysis/cfg/domtree.h \
 analysis/alias/phitrans.h analysis/base/check.h
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/alias/phitrans.h:
analysis/base/check.h:
