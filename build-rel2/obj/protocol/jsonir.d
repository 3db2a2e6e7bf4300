build-rel2/obj/protocol/jsonir.o: protocol/jsonir.c \
 protocol/jsonir_internal.h analysis/base/buf.h protocol/jsonir.h \
 analysis/ir/ir.h analysis/base/util.h protocol/methods.h \
 protocol/proto.h protocol/errors.h analysis/query/mssa_query.h \
 analysis/alias/aa.h analysis/mssa/mssa.h analysis/cfg/domtree.h \
 analysis/query/reach.h analysis/query/varname.h
protocol/jsonir_internal.h:
analysis/base/buf.h:
protocol/jsonir.h:
analysis/ir/ir.h:
analysis/base/util.h:
protocol/methods.h:
protocol/proto.h:
protocol/errors.h:
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/mssa/mssa.h:
analysis/cfg/domtree.h:
analysis/query/reach.h:
analysis/query/varname.h:
