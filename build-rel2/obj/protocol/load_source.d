build-rel2/obj/protocol/load_source.o: protocol/load_source.c \
 protocol/load_source.h protocol/methods.h protocol/proto.h \
 analysis/base/buf.h protocol/errors.h analysis/query/mssa_query.h \
 analysis/alias/aa.h analysis/ir/ir.h analysis/base/util.h \
 analysis/mssa/mssa.h analysis/cfg/domtree.h analysis/query/reach.h \
 analysis/query/varname.h clients/libmemssa-client/compile.h
protocol/load_source.h:
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
clients/libmemssa-client/compile.h:
