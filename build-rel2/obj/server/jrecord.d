build-rel2/obj/server/jrecord.o: server/jrecord.c analysis/base/util.h \
 server/jrecord.h server/log.h
analysis/base/util.h:
server/jrecord.h:
server/log.h:
