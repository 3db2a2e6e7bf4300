build-rel2/obj/server/store.o: server/store.c server/log.h \
 server/server.h protocol/proto.h analysis/base/buf.h protocol/errors.h \
 analysis/query/mssa_query.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h analysis/mssa/mssa.h analysis/cfg/domtree.h
server/log.h:
server/server.h:
protocol/proto.h:
analysis/base/buf.h:
protocol/errors.h:
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/cfg/domtree.h:
