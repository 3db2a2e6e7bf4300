build-rel2/obj/clients/lsp/lsp_bridge.o: clients/lsp/lsp_bridge.c \
 clients/lsp/lsp_int.h clients/libmemssa-client/memssa-client.h
clients/lsp/lsp_int.h:
clients/libmemssa-client/memssa-client.h:
