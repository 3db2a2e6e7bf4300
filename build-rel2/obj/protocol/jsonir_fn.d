build-rel2/obj/protocol/jsonir_fn.o: protocol/jsonir_fn.c \
 protocol/jsonir_internal.h analysis/base/buf.h protocol/jsonir.h \
 analysis/ir/ir.h analysis/base/util.h
protocol/jsonir_internal.h:
analysis/base/buf.h:
protocol/jsonir.h:
analysis/ir/ir.h:
analysis/base/util.h:
