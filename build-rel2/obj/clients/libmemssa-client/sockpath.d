build-rel2/obj/clients/libmemssa-client/sockpath.o: \
 clients/libmemssa-client/sockpath.c \
 clients/libmemssa-client/memssa-client.h
clients/libmemssa-client/memssa-client.h:
