build-rel2/obj/analysis/cfg/domtree.o: analysis/cfg/domtree.c \
 analysis/cfg/domtree.h analysis/ir/ir.h analysis/base/util.h
analysis/cfg/domtree.h:
analysis/ir/ir.h:
analysis/base/util.h:
