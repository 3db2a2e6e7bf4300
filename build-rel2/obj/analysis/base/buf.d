build-rel2/obj/analysis/base/buf.o: analysis/base/buf.c \
 analysis/base/buf.h analysis/base/util.h
analysis/base/buf.h:
analysis/base/util.h:
