build-rel2/obj/protocol/m_edit.o: protocol/m_edit.c protocol/methods.h \
 protocol/proto.h analysis/base/buf.h protocol/errors.h \
 analysis/query/mssa_query.h analysis/alias/aa.h analysis/ir/ir.h \
 analysis/base/util.h analysis/mssa/mssa.h analysis/cfg/domtree.h \
 analysis/query/reach.h analysis/query/varname.h analysis/reader/retext.h \
 analysis/update/mssa_update.h analysis/ir/ir_edit.h
protocol/methods.h:
protocol/proto.h:
analysis/base/buf.h:
protocol/errors.h:
analysis/query/mssa_query.h:
analysis/alias/aa.h:
analysis/ir/ir.h:
analysis/base/util.h:
analysis/mssa/mssa.h:
analysis/cfg/domtree.h:
analysis/query/reach.h:
analysis/query/varname.h:
analysis/reader/retext.h:
analysis/update/mssa_update.h:
analysis/ir/ir_edit.h:
