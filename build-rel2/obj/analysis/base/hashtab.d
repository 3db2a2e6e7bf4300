build-rel2/obj/analysis/base/hashtab.o: analysis/base/hashtab.c \
 analysis/base/hashtab.h analysis/base/util.h
analysis/base/hashtab.h:
analysis/base/util.h:
