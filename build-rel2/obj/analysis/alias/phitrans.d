build-rel2/obj/analysis/alias/phitrans.o: analysis/alias/phitrans.c \
 analysis/alias/phitrans.h analysis/cfg/domtree.h analysis/ir/ir.h \
 analysis/base/util.h
analysis/alias/phitrans.h:
analysis/cfg/domtree.h:
analysis/ir/ir.h:
analysis/base/util.h:
