build-rel2/obj/clients/libmemssa-client/typed.o: \
 clients/libmemssa-client/typed.c \
 clients/libmemssa-client/client_internal.h \
 clients/libmemssa-client/memssa-client.h
clients/libmemssa-client/client_internal.h:
clients/libmemssa-client/memssa-client.h:
