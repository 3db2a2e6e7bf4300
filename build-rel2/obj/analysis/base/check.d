build-rel2/obj/analysis/base/check.o: analysis/base/check.c \
 analysis/base/check.h
analysis/base/check.h:
