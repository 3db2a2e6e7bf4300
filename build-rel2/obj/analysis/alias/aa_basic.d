build-rel2/obj/analysis/alias/aa_basic.o: analysis/alias/aa_basic.c \
 analysis/cfg/domtree.h analysis/ir/ir.h analysis/base/util.h \
 analysis/alias/alias_internal.h analysis/alias/aa.h
analysis/cfg/domtree.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/alias/alias_internal.h:
analysis/alias/aa.h:
