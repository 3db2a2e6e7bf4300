build-rel2/obj/clients/cli_offload.o: clients/cli_offload.c clients/cli.h \
 analysis/ir/ir.h analysis/base/util.h analysis/mssa/mssa.h \
 analysis/alias/aa.h analysis/base/buf.h analysis/cfg/domtree.h \
 analysis/query/deps.h analysis/query/mssa_query.h \
 analysis/reader/reader.h
clients/cli.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/query/deps.h:
analysis/query/mssa_query.h:
analysis/reader/reader.h:
