build-rel2/obj/clients/cli_local.o: clients/cli_local.c \
 analysis/alias/aa.h analysis/ir/ir.h analysis/base/util.h clients/cli.h \
 analysis/reader/reader.h analysis/mssa/mssa.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/query/mssa_query.h
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
clients/cli.h:
analysis/reader/reader.h:
analysis/mssa/mssa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/query/mssa_query.h:
