build-rel2/obj/analysis/mssa/mssa_print.o: analysis/mssa/mssa_print.c \
 analysis/mssa/mssa.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h analysis/base/buf.h analysis/cfg/domtree.h \
 analysis/mssa/mssa_print_internal.h
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/mssa/mssa_print_internal.h:
