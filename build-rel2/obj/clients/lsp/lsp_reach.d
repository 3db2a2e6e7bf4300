build-rel2/obj/clients/lsp/lsp_reach.o: clients/lsp/lsp_reach.c \
 clients/lsp/lsp_int.h clients/libmemssa-client/memssa-client.h
clients/lsp/lsp_int.h:
clients/libmemssa-client/memssa-client.h:
