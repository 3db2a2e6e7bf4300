build-rel2/obj/clients/lsp/lsp_main.o: clients/lsp/lsp_main.c \
 clients/lsp/lsp.h clients/lsp/lsp_int.h \
 clients/libmemssa-client/memssa-client.h
clients/lsp/lsp.h:
clients/lsp/lsp_int.h:
clients/libmemssa-client/memssa-client.h:
