build-rel2/obj/analysis/query/mssa_query.o: analysis/query/mssa_query.c \
 analysis/query/mssa_query.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h analysis/mssa/mssa.h analysis/base/buf.h \
 analysis/cfg/domtree.h analysis/query/source.h analysis/query/varname.h \
 analysis/reader/reader.h
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/base/buf.h:
analysis/cfg/domtree.h:
analysis/query/source.h:
analysis/query/varname.h:
analysis/reader/reader.h:
