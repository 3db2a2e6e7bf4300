build-rel2/obj/analysis/query/dot.o: analysis/query/dot.c \
 analysis/query/dot.h analysis/mssa/mssa.h analysis/alias/aa.h \
 analysis/ir/ir.h analysis/base/util.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/query/mssa_query.h \
 analysis/query/varname.h
analysis/query/dot.h:
analysis/mssa/mssa.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/query/mssa_query.h:
analysis/query/varname.h:
