build-rel2/obj/analysis/base/util.o: analysis/base/util.c \
 analysis/base/util.h
analysis/base/util.h:
