build-rel2/obj/analysis/alias/modref.o: analysis/alias/modref.c \
 analysis/alias/alias_internal.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h
analysis/alias/alias_internal.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
