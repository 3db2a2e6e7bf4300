build-rel2/obj/protocol/m_deps.o: protocol/m_deps.c protocol/jsonir.h \
 analysis/ir/ir.h analysis/base/util.h protocol/m_deps_ids.h \
 analysis/alias/aa.h protocol/methods.h protocol/proto.h \
 analysis/base/buf.h protocol/errors.h analysis/query/mssa_query.h \
 analysis/mssa/mssa.h analysis/cfg/domtree.h analysis/query/reach.h \
 analysis/query/varname.h analysis/query/deps.h
protocol/jsonir.h:
analysis/ir/ir.h:
analysis/base/util.h:
protocol/m_deps_ids.h:
analysis/alias/aa.h:
protocol/methods.h:
protocol/proto.h:
analysis/base/buf.h:
protocol/errors.h:
analysis/query/mssa_query.h:
analysis/mssa/mssa.h:
analysis/cfg/domtree.h:
analysis/query/reach.h:
analysis/query/varname.h:
analysis/query/deps.h:
