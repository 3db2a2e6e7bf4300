build-rel2/obj/analysis/mssa/walker.o: analysis/mssa/walker.c \
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
