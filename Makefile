# memssa -- GNU make build.
#
#   make            build build/libmemssa.a and build/memssa (+ build/memssad
#                   once server/*.c exists)
#   make test       build everything and the tests, run them all with prove
#   make asan       the same suite, built in build-asan/ with ASan + UBSan
#   make example    run the CLI on the bundled example (examples/sum.ll)
#   make bench      run the build benchmark (bench-NAME: bench/NAME.sh;
#                   bench-all: every bench/*.sh)
#   make deps       install missing Debian packages (as root)
#   make clean      remove build/ and build-asan/
#
# Variables: CC (cc, or e.g. clang), BUILD (output dir), PROVE_FLAGS, TESTS
# (restrict `make test` to some tests, e.g. TESTS='tests/conformance-own.t').
#
# Files that need POSIX interfaces define _POSIX_C_SOURCE themselves at their
# top; the build passes no feature-test macros, except to server/ and
# protocol/, whose libuv header needs POSIX types (pthread_rwlock_t).

CC      ?= cc
BUILD   ?= build
SAN     ?=

OPTFLAGS = -O2
ifeq ($(SAN),1)
OPTFLAGS = -O1 -fsanitize=address,undefined -fno-omit-frame-pointer
SANLDFLAGS = -fsanitize=address,undefined
endif

CSTD      = -std=c11
WARN      = -Wall -Wextra -Werror
CFLAGS   ?=
CPPFLAGS ?=
ALL_CFLAGS   = $(CSTD) $(WARN) $(OPTFLAGS) -g $(CFLAGS)
ALL_CPPFLAGS = -Ianalysis $(CPPFLAGS)
DEPFLAGS     = -MMD -MP
LDFLAGS  ?=
ALL_LDFLAGS  = $(SANLDFLAGS) $(LDFLAGS)
LDLIBS   ?= -lm

# ---------------------------------------------------------------- sources
LIB_SRCS    := $(sort $(wildcard analysis/*/*.c))
CLI_SRCS    := $(sort $(wildcard clients/memssa.c clients/cli_*.c))
CLIENT_SRCS := $(sort $(wildcard clients/libmemssa-client/*.c))
SERVER_SRCS := $(sort $(wildcard server/*.c))
PROTO_SRCS  := $(sort $(wildcard protocol/*.c))
TEST_SRCS   := $(sort $(wildcard tests/test_*.c tests/unit/test_*.c))
TEST_SCRIPTS:= $(sort $(wildcard tests/*.t tests/daemon/*.t tests/conformance/*.t))

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIB      := $(BUILD)/libmemssa.a
PROTO_LIB:= $(BUILD)/libmemssa-proto.a
CLI      := $(BUILD)/memssa
DAEMON   := $(BUILD)/memssad
LIB_OBJS := $(call obj,$(LIB_SRCS))
CLI_OBJS := $(call obj,$(CLI_SRCS))
CLIENT_LIB  := $(BUILD)/libmemssa-client.a
CLIENT_PC   := $(BUILD)/memssa-client.pc
CLIENT_OBJS := $(call obj,$(CLIENT_SRCS))
PREFIX ?= /usr/local
SRV_OBJS := $(call obj,$(SERVER_SRCS) $(PROTO_SRCS))
PROTO_OBJS := $(call obj,$(PROTO_SRCS))
TEST_BINS:= $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRCS))

PROGRAMS := $(if $(CLI_SRCS),$(CLI)) $(if $(SERVER_SRCS),$(DAEMON)) \
            $(if $(CLIENT_SRCS),$(CLIENT_LIB) $(CLIENT_PC))

# libuv and jansson: asked of pkg-config only when the daemon is built.
SRV_CFLAGS = $(shell pkg-config --cflags libuv jansson)
SRV_LIBS   = $(shell pkg-config --libs libuv jansson)

# ---------------------------------------------------------------- test env
# Tests locate what they exercise through these (absolute paths, so a test
# may cd).  Conformance corpora are cached in build/corpus for both builds.
MEMSSA_SHARED ?= $(abspath $(CURDIR)/../shared)
TEST_ENV = MEMSSA_ROOT='$(CURDIR)' \
           MEMSSA_BUILD='$(abspath $(BUILD))' \
           MEMSSA_BIN='$(abspath $(CLI))' \
           MEMSSAD_BIN='$(abspath $(DAEMON))' \
           MEMSSA_SHARED='$(MEMSSA_SHARED)' \
           MEMSSA_CORPUS='$(CURDIR)/build/corpus'
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
           UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
PROVE       ?= prove
PROVE_FLAGS ?= --timer
# The conformance scripts run first: they generate build/corpus (csmith
# programs, the project's own C files compiled four ways), which the updater
# fuzz test and the soundness test also draw from.
TESTS       ?= $(filter tests/conformance-%,$(TEST_SCRIPTS)) $(TEST_BINS) \
               $(filter-out tests/conformance-%,$(TEST_SCRIPTS))

.PHONY: all test asan example bench bench-all deps clean fuzz-updater check
.DEFAULT_GOAL := all

all: deps $(LIB) $(PROGRAMS)

# ---------------------------------------------------------------- rules
$(BUILD)/obj/%.o: %.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(SRV_OBJS): ALL_CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Iprotocol -Iserver $(SRV_CFLAGS)
$(CLI_OBJS): ALL_CPPFLAGS += -Iclients -DMEMSSA_CLIENT_LINKED

$(LIB): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(CLI): $(CLI_OBJS) $(LIB) $(CLIENT_LIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(CLI_OBJS) $(CLIENT_LIB) $(LIB) $(LDLIBS) -o $@

# The client library a compiler links (no dependencies), with its pkg-config file.
$(CLIENT_LIB): $(CLIENT_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(CLIENT_PC): clients/libmemssa-client/memssa-client.pc.in
	@mkdir -p $(@D)
	sed 's|@PREFIX@|$(PREFIX)|' $< > $@

$(DAEMON): $(SRV_OBJS) $(LIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(SRV_OBJS) $(LIB) $(SRV_LIBS) $(LDLIBS) -o $@

# The protocol layer as an archive, for the protocol unit tests.
$(PROTO_LIB): $(PROTO_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# Each tests/test_X.c is one TAP program linked with the library;
# tests/test_proto*.c also with protocol/ (libmemssa-proto.a) and jansson/libuv.
$(BUILD)/tests/%: tests/%.c tests/tap.h $(LIB) | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(TEST_CPPFLAGS) -Itests $(ALL_CFLAGS) $(DEPFLAGS) -MF $@.d -MT $@ \
	  $(ALL_LDFLAGS) $< $(TEST_LIBS) $(LIB) $(LDLIBS) -o $@

PROTO_TEST_BINS := $(filter $(BUILD)/tests/test_proto%,$(TEST_BINS))
$(PROTO_TEST_BINS): $(PROTO_LIB)
$(PROTO_TEST_BINS): TEST_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Iprotocol $(SRV_CFLAGS)
$(PROTO_TEST_BINS): TEST_LIBS = $(PROTO_LIB) $(SRV_LIBS)

# prove --exec '' runs every test file directly: the C test binaries and the
# executable tests/*.t scripts (their #! line picks the interpreter).
test: all $(filter $(TEST_BINS),$(TESTS))
	@chmod +x $(TEST_SCRIPTS) 2>/dev/null || true
	$(TEST_ENV) $(if $(filter 1,$(SAN)),$(ASAN_ENV)) \
	  $(PROVE) --exec '' $(PROVE_FLAGS) $(TESTS)

check: test

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
asan:
	$(MAKE) BUILD=build-asan SAN=1 test

example: all
	$(CLI) print --local examples/sum.ll

# `make bench`: the build benchmark (about a minute); `make bench-NAME` runs
# bench/NAME.sh (e.g. bench-walker, bench-rpc, bench-update); `make
# bench-all` runs every bench/*.sh (the walker one needs opt for minutes).
bench: all
	bench/build.sh -o $(BUILD)/bench-build.md
	bench/rpc.sh -o $(BUILD)/bench-rpc.md

bench-all: all
	@set -e; for s in $(sort $(wildcard bench/*.sh)); do echo "== $$s"; $$s; done

bench-%: all
	bench/$*.sh

# Long differential run of the incremental updater (issue 5), e.g.
#   make fuzz-updater SEED=7 N=100000
# (`make test` runs the same program with its quick default size.)
fuzz-updater: all $(BUILD)/tests/test_fuzz_update
	$(TEST_ENV) SEED='$(or $(SEED),1)' N='$(or $(N),20000)' $(BUILD)/tests/test_fuzz_update

# ---------------------------------------------------------------- deps
# Debian packages the build and the tests use.  Cheap when all are present
# (one dpkg query); installs the missing ones when run as root.
DEB_PKGS = build-essential clang llvm libuv1-dev libjansson-dev pkg-config \
           csmith libcsmith-dev perl socat netcat-openbsd time python3 \
           clang-19 llvm-19 clang-22 llvm-22 neovim graphviz gnuplot-nox

deps:
	@if ! command -v dpkg >/dev/null 2>&1; then \
	  echo "deps: no dpkg here; make sure these are installed: $(DEB_PKGS)"; exit 0; fi; \
	missing=""; \
	for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	[ -z "$$missing" ] && exit 0; \
	if [ "$$(id -u)" != 0 ]; then \
	  echo "deps: missing Debian packages:$$missing"; \
	  echo "deps: run as root: apt-get update && apt-get install -y$$missing"; exit 1; fi; \
	echo "deps: installing:$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update && apt-get install -y $$missing

clean:
	rm -rf build build-asan

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(CLIENT_OBJS:.o=.d) $(SRV_OBJS:.o=.d) $(TEST_BINS:=.d)
