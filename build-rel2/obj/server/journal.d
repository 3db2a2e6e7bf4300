build-rel2/obj/server/journal.o: server/journal.c server/jrecord.h \
 server/log.h server/server.h protocol/proto.h analysis/base/buf.h \
 protocol/errors.h analysis/query/mssa_query.h analysis/alias/aa.h \
 analysis/ir/ir.h analysis/base/util.h analysis/mssa/mssa.h \
 analysis/cfg/domtree.h
server/jrecord.h:
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
