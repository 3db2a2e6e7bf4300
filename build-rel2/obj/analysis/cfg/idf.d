build-rel2/obj/analysis/cfg/idf.o: analysis/cfg/idf.c \
 analysis/cfg/domtree.h analysis/ir/ir.h analysis/base/util.h
analysis/cfg/domtree.h:
analysis/ir/ir.h:
analysis/base/util.h:
