build-rel2/obj/analysis/query/source.o: analysis/query/source.c \
 analysis/query/source.h analysis/query/mssa_query.h analysis/alias/aa.h \
 analysis/ir/ir.h analysis/base/util.h analysis/mssa/mssa.h \
 analysis/base/buf.h analysis/cfg/domtree.h analysis/base/check.h
analysis/query/source.h:
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/base/check.h:
