build-rel2/obj/protocol/m_query.o: protocol/m_query.c protocol/methods.h \
 protocol/proto.h analysis/base/buf.h protocol/errors.h \
 analysis/query/mssa_query.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h analysis/mssa/mssa.h analysis/cfg/domtree.h \
 analysis/query/reach.h analysis/query/varname.h analysis/query/source.h
protocol/methods.h:
protocol/proto.h:
analysis/base/buf.h:
protocol/errors.h:
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/cfg/domtree.h:
analysis/query/reach.h:
analysis/query/varname.h:
analysis/query/source.h:
