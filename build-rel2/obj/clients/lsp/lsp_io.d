build-rel2/obj/clients/lsp/lsp_io.o: clients/lsp/lsp_io.c \
 clients/lsp/lsp_int.h clients/libmemssa-client/memssa-client.h
clients/lsp/lsp_int.h:
clients/libmemssa-client/memssa-client.h:
