build-rel2/obj/clients/cli_daemon.o: clients/cli_daemon.c clients/cli.h \
 analysis/base/buf.h clients/libmemssa-client/memssa-client.h
clients/cli.h:
analysis/base/buf.h:
clients/libmemssa-client/memssa-client.h:
