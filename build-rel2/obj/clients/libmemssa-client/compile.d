build-rel2/obj/clients/libmemssa-client/compile.o: \
 clients/libmemssa-client/compile.c clients/libmemssa-client/compile.h
clients/libmemssa-client/compile.h:
