build-rel2/obj/clients/lsp/lsp_docs.o: clients/lsp/lsp_docs.c \
 clients/libmemssa-client/compile.h clients/lsp/lsp_int.h \
 clients/libmemssa-client/memssa-client.h
clients/libmemssa-client/compile.h:
clients/lsp/lsp_int.h:
clients/libmemssa-client/memssa-client.h:
