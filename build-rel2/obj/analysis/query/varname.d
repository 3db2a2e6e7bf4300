build-rel2/obj/analysis/query/varname.o: analysis/query/varname.c \
 analysis/query/varname.h analysis/ir/ir.h analysis/base/util.h \
 analysis/query/mssa_query.h analysis/alias/aa.h analysis/mssa/mssa.h \
 analysis/base/buf.h analysis/cfg/domtree.h
analysis/query/varname.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/mssa/mssa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
