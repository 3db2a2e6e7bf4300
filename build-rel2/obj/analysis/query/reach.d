build-rel2/obj/analysis/query/reach.o: analysis/query/reach.c \
 analysis/query/reach.h analysis/mssa/mssa.h analysis/alias/aa.h \
 analysis/ir/ir.h analysis/base/util.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/alias/phitrans.h \
 analysis/query/mssa_query.h
analysis/query/reach.h:
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/alias/phitrans.h:
analysis/query/mssa_query.h:
