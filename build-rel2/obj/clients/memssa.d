build-rel2/obj/clients/memssa.o: clients/memssa.c clients/cli.h \
 clients/libmemssa-client/memssa-client.h
clients/cli.h:
clients/libmemssa-client/memssa-client.h:
