build-rel2/obj/server/log.o: server/log.c server/log.h
server/log.h:
