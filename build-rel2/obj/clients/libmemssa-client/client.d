build-rel2/obj/clients/libmemssa-client/client.o: \
 clients/libmemssa-client/client.c \
 clients/libmemssa-client/client_internal.h \
 clients/libmemssa-client/memssa-client.h
clients/libmemssa-client/client_internal.h:
clients/libmemssa-client/memssa-client.h:
