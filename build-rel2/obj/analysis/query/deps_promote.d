build-rel2/obj/analysis/query/deps_promote.o: \
 analysis/query/deps_promote.c analysis/query/deps.h analysis/mssa/mssa.h \
 analysis/alias/aa.h analysis/ir/ir.h analysis/base/util.h \
 analysis/base/buf.h analysis/cfg/domtree.h analysis/query/mssa_query.h
analysis/query/deps.h:
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/query/mssa_query.h:
