# memssa -- GNU make build.
#
#   make            build/libmemssa.a (analysis/), build/libmemssa-common.a
#                   (common/: the compile driver and the socket rule),
#                   build/memssa (the CLI), build/memssad (the daemon:
#                   server/ + protocol/) and build/libmemssa-client.a with
#                   its pkg-config file
#   make install    memssa, memssad, libmemssa-client.a, memssa-client.h and
#                   memssa-client.pc under $(DESTDIR)$(PREFIX) (uninstall:
#                   removes them); BINDIR, LIBDIR, INCLUDEDIR, PKGCONFIGDIR
#   make test       build everything and the tests, run them all with prove
#   make asan       the same suite, built in build-asan/ with ASan + UBSan
#   make oom-all    tests/daemon/oom.t failing every allocation, not a sample
#   make test-real  real programs compiled file by file (tests/real/*.t; slow)
#   make release    the same programs in build-release/ with MSSA_CHECKS=0
#   make example    run the CLI on the bundled example (examples/sum.ll)
#   make bench      release build, then the build and rpc benchmarks
#                   (bench-NAME: bench/NAME.sh; bench-all: every bench/*.sh)
#   make deps       install missing Debian packages (as root)
#   make clean      remove build/, build-asan/, build-tsan/ and build-release/
#
# Variables: CC (cc, or e.g. clang), BUILD (output dir), SAN (1: ASan +
# UBSan; thread: ThreadSanitizer, with CC=clang), MSSA_CHECKS (1:
# checked invariants compiled in, except in `make release`; 2: also the
# expensive ones, `make checks` and `make asan`), PROVE_FLAGS,
# TESTS (restrict `make test` to some tests, e.g.
# TESTS='tests/conformance/own.t build/tests/test_reader').
#
# Tests, by kind (docs/building.md says how to add one):
#   tests/conformance/*.t   agreement with LLVM 14's opt on whole corpora
#   tests/unit/test_*.c     C TAP programs, built as $(BUILD)/tests/test_*
#   tests/daemon/*.t        Python scripts against a real memssad
#   tests/*.t               checks of the source tree (layers, lengths, docs)
#   tests/fixtures/         their inputs (IR, C programs, fixture generators)
#
# Files that need POSIX interfaces define _POSIX_C_SOURCE themselves at their
# top; the build passes no feature-test macros, except to server/ and
# protocol/, whose libuv header needs POSIX types (pthread_rwlock_t).

CC      ?= cc
BUILD   ?= build
SAN     ?=
MSSA_CHECKS ?= 1
RELEASE_BUILD := build-release

# -O3: the reader's and the walker's loops gain ~4-5% in instructions and
# CPU time over -O2 (bench/RESULTS.md, round 7); tests run what ships.
OPTFLAGS = -O3
ifeq ($(SAN),1)
OPTFLAGS = -O1 -fsanitize=address,undefined -fno-omit-frame-pointer
SANLDFLAGS = -fsanitize=address,undefined
endif
# ThreadSanitizer (SAN=thread, with clang: the CLI's -j, clients/cli_jobs.c):
#   make BUILD=build-tsan CC=clang SAN=thread
ifeq ($(SAN),thread)
OPTFLAGS = -O1 -fsanitize=thread -fno-omit-frame-pointer
SANLDFLAGS = -fsanitize=thread
endif
# The libFuzzer build (make fuzz): the library instrumented for coverage.
ifeq ($(FUZZ),1)
OPTFLAGS = -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
           -fno-omit-frame-pointer
SANLDFLAGS = -fsanitize=address,undefined
endif

CSTD      = -std=c11
WARN      = -Wall -Wextra -Werror
CFLAGS   ?=
CPPFLAGS ?=
ALL_CFLAGS   = $(CSTD) $(WARN) $(OPTFLAGS) -g $(CFLAGS)
ALL_CPPFLAGS = -Ianalysis -DMSSA_CHECKS=$(MSSA_CHECKS) $(CPPFLAGS)
DEPFLAGS     = -MMD -MP
LDFLAGS  ?=
ALL_LDFLAGS  = $(SANLDFLAGS) $(LDFLAGS)
LDLIBS   ?= -lm

# ---------------------------------------------------------------- sources
LIB_SRCS    := $(sort $(wildcard analysis/*/*.c))
CLI_SRCS    := $(sort $(wildcard clients/memssa.c clients/cli_*.c clients/lsp/*.c clients/mcp/*.c))
CLIENT_SRCS := $(sort $(wildcard clients/libmemssa-client/*.c))
# common/: below protocol/ and clients/, beside analysis/ (it spawns clang
# and reads the file system, which analysis/ never does; docs/architecture.md).
COMMON_SRCS := $(sort $(wildcard common/*.c))
SERVER_SRCS := $(sort $(wildcard server/*.c))
PROTO_SRCS  := $(sort $(wildcard protocol/*.c))
TEST_SRCS   := $(sort $(wildcard tests/unit/test_*.c))
# soundness.t compares over every corpus: last, after csmith.t and own.t.
CONF_SCRIPTS  := $(filter-out tests/conformance/soundness.t,$(sort $(wildcard tests/conformance/*.t))) \
                 $(wildcard tests/conformance/soundness.t)
DAEMON_SCRIPTS:= $(sort $(wildcard tests/daemon/*.t))
CLI_SCRIPTS   := $(sort $(wildcard tests/cli/*.t))
IPA_SCRIPTS   := $(sort $(wildcard tests/ipa/*.t))
TREE_SCRIPTS  := $(sort $(wildcard tests/*.t))
TEST_SCRIPTS  := $(CONF_SCRIPTS) $(DAEMON_SCRIPTS) $(CLI_SCRIPTS) $(IPA_SCRIPTS) $(TREE_SCRIPTS)

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
COMMON_LIB  := $(BUILD)/libmemssa-common.a
COMMON_OBJS := $(call obj,$(COMMON_SRCS))
# The installed client library carries the socket rule it hands on
# (libmemssa-client/socket.c), so it needs nothing else of the tree.
CLIENT_LIB_OBJS := $(CLIENT_OBJS) $(call obj,common/sockpath.c)
SRV_OBJS := $(call obj,$(SERVER_SRCS) $(PROTO_SRCS))
PROTO_OBJS := $(call obj,$(PROTO_SRCS))
# The journal's replay without the daemon's loop (server/jrecord.c): what
# the journal fuzz target and its replay in test_proto_fuzz link.
JOURNAL_REPLAY_OBJS := $(call obj,server/jrecord.c server/log.c)
TEST_BINS:= $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRCS))

PROGRAMS := $(COMMON_LIB) $(if $(CLI_SRCS),$(CLI)) $(if $(SERVER_SRCS),$(DAEMON)) \
            $(if $(CLIENT_SRCS),$(CLIENT_LIB) $(CLIENT_PC))

# libuv and jansson: asked of pkg-config only when the daemon is built.
SRV_CFLAGS = $(shell pkg-config --cflags libuv jansson)
SRV_LIBS   = $(shell pkg-config --libs libuv jansson)
# jansson alone: the client library's replies, so its callers and the CLI.
JANSSON_CFLAGS = $(shell pkg-config --cflags jansson)
JANSSON_LIBS   = $(shell pkg-config --libs jansson)

# ---------------------------------------------------------------- test env
# Tests locate what they exercise through these (absolute paths, so a test
# may cd). XDG_CACHE_HOME: a daemon a test starts without --cache-dir (the
# LSP bridge's, the CLI's) keeps its compile cache in the build, never in
# the user's ~/.cache.  Conformance corpora are cached in build/corpus for both builds.
MEMSSA_SHARED ?= $(abspath $(CURDIR)/../shared)
# Debian's own interpreters first: a version-manager shim for python3 (pyenv
# on some images) costs tens of milliseconds a start, and the conformance
# tool starts python3 twice per file compared.
TEST_ENV = PATH='/usr/bin:/bin:$(PATH)' \
           MEMSSA_ROOT='$(CURDIR)' \
           MEMSSA_BUILD='$(abspath $(BUILD))' \
           MEMSSA_BIN='$(abspath $(CLI))' \
           MEMSSAD_BIN='$(abspath $(DAEMON))' \
           MEMSSA_SHARED='$(MEMSSA_SHARED)' \
           MEMSSA_CORPUS='$(CURDIR)/build/corpus' \
           XDG_CACHE_HOME='$(abspath $(BUILD))/test-xdg-cache'
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
           UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
PROVE       ?= prove
PROVE_FLAGS ?= --timer
# The conformance scripts run first: they generate build/corpus (csmith
# programs, the project's own C files compiled four ways), which the updater
# fuzz test and the soundness test also draw from.
TESTS       ?= $(CONF_SCRIPTS) $(TEST_BINS) $(DAEMON_SCRIPTS) $(CLI_SCRIPTS) $(IPA_SCRIPTS) $(TREE_SCRIPTS)

.PHONY: all install uninstall test test-real asan oom-all release example bench bench-all deps clean fuzz-updater fuzz check checks link-order link-order-all FORCE
.DEFAULT_GOAL := all

all: deps $(LIB) $(PROGRAMS)

# ---------------------------------------------------------------- rules
# Everything compiled depends on this stamp, rewritten only when the flags
# change: `make MSSA_CHECKS=0` in a build directory made with 1 rebuilds
# instead of mixing objects built both ways.
# (`:=`: the global flags, not a target's additions such as server/'s.)
FLAGS_STAMP := $(BUILD)/flags.stamp
FLAGS_NOW   := $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS)
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP) | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

# -I.: common/'s headers are included as "common/NAME.h".
$(SRV_OBJS): ALL_CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Iprotocol -Iserver -I. $(SRV_CFLAGS)
$(CLI_OBJS): ALL_CPPFLAGS += -Iclients -I. $(JANSSON_CFLAGS)
$(CLIENT_OBJS): ALL_CPPFLAGS += -I. $(JANSSON_CFLAGS)
$(COMMON_OBJS): ALL_CPPFLAGS += $(JANSSON_CFLAGS)

$(COMMON_LIB): $(COMMON_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(LIB): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# `memssa lsp` (clients/lsp) speaks JSON through jansson and compiles C
# through the compile driver (common/compile.c).
LSP_OBJS := $(call obj,$(wildcard clients/lsp/*.c))
$(LSP_OBJS): ALL_CPPFLAGS += $(JANSSON_CFLAGS)
# `memssa mcp` (clients/mcp): MCP's JSON-RPC through jansson too.
MCP_OBJS := $(call obj,$(wildcard clients/mcp/*.c))
$(MCP_OBJS): ALL_CPPFLAGS += $(JANSSON_CFLAGS)

# -pthread: the --local commands build functions on several threads
# (clients/cli_jobs.c).
$(CLI_OBJS): ALL_CFLAGS += -pthread
$(CLI): $(CLI_OBJS) $(LIB) $(CLIENT_LIB) $(COMMON_LIB)
	$(CC) $(ALL_CFLAGS) -pthread $(ALL_LDFLAGS) $(CLI_OBJS) $(CLIENT_LIB) $(COMMON_LIB) $(LIB) \
	  $(JANSSON_LIBS) $(LDLIBS) -o $@

# ------------------------------------------------- summaries vs. a running program
# tests/ipa-sound/: the instrumenter (with the library), the runtime linked
# into instrumented programs (plain flags and frame pointers: clang-14 links
# it, and it reads its callers' stack pointers) and the checker (jansson).
# `make ipa-sound`: the full run (bench/ipa-sound.sh: 100+ csmith programs
# and Lua's test scripts, figures into bench/RESULTS.md).
IPA_SOUND_DIR   := $(BUILD)/ipa-sound
IPA_SOUND_TOOLS := $(IPA_SOUND_DIR)/instrument $(IPA_SOUND_DIR)/check $(IPA_SOUND_DIR)/rt.o
.PHONY: ipa-sound ipa-sound-tools
ipa-sound-tools: $(IPA_SOUND_TOOLS)
$(IPA_SOUND_DIR)/instrument: tests/ipa-sound/instrument.c $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) $< $(LIB) $(LDLIBS) -o $@
$(IPA_SOUND_DIR)/check: tests/ipa-sound/check.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(JANSSON_CFLAGS) $(ALL_LDFLAGS) $< $(JANSSON_LIBS) -o $@
$(IPA_SOUND_DIR)/rt.o: tests/ipa-sound/rt.c
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) -O2 -g -fno-omit-frame-pointer -c $< -o $@
ipa-sound: all $(IPA_SOUND_TOOLS)
	$(TEST_ENV) bench/ipa-sound.sh

# ---------------------------------------------------------------- link order
# No answer may depend on where the linker puts functions and data
# (tests/link-order.t). `make link-order LINK_ORDER=reverse` (or
# LINK_ORDER=shuffle:SEED) links the CLI again from the same objects, named
# one by one in that order instead of through the archives, as
# $(BUILD)/link-order/memssa-$(LINK_ORDER) (':' becomes '-').
LINK_ORDER ?= reverse
LINK_ORDER_OBJS = $(CLI_OBJS) $(CLIENT_OBJS) $(COMMON_OBJS) $(LIB_OBJS)
LINK_ORDER_BIN  = $(BUILD)/link-order/memssa-$(subst :,-,$(LINK_ORDER))
link_order_list = $(if $(filter reverse,$(LINK_ORDER)),$(shell printf '%s\n' $(1) | tac),$\
  $(if $(filter shuffle:%,$(LINK_ORDER)),$\
    $(shell printf '%s\n' $(1) | awk -v s=$(patsubst shuffle:%,%,$(LINK_ORDER)) \
      'BEGIN { srand(s) } { printf "%.9f\t%s\n", rand(), $$0 }' | sort -n | cut -f2),$\
    $(error LINK_ORDER must be reverse or shuffle:SEED)))
link-order: $(CLI)
	@mkdir -p $(BUILD)/link-order
	$(CC) $(ALL_CFLAGS) -pthread $(ALL_LDFLAGS) $(call link_order_list,$(LINK_ORDER_OBJS)) \
	  $(JANSSON_LIBS) $(LDLIBS) -o $(LINK_ORDER_BIN)
# The variants tests/link-order.t compares (made before the suite runs it).
LINK_ORDER_VARIANTS = reverse shuffle:7 shuffle:2026
link-order-all: $(CLI)
	@for o in $(LINK_ORDER_VARIANTS); do \
	  $(MAKE) -s --no-print-directory link-order LINK_ORDER=$$o || exit 1; done

# ---------------------------------------------------------------- client library
# The client library a compiler links (it needs jansson), with its
# pkg-config file; `make install` puts them, the header and the programs
# under $(DESTDIR)$(PREFIX) (docs/client.md). The .pc file is rewritten only
# when its text changes (a new PREFIX), like the flags stamp.
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CLIENT_HDR   := clients/libmemssa-client/memssa-client.h
# ${prefix}-relative in the .pc file when under PREFIX, so it stays relocatable.
pc_dir = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
PC_TEXT = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(call pc_dir,$(LIBDIR))|' \
              -e 's|@INCLUDEDIR@|$(call pc_dir,$(INCLUDEDIR))|' -e 's|@VERSION@|$(MEMSSA_VERSION)|' $<
MEMSSA_VERSION := $(shell sed -n 's/^\#define MSSA_VERSION "\(.*\)"/\1/p' common/version.h)

$(CLIENT_LIB): $(CLIENT_LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(CLIENT_PC): clients/libmemssa-client/memssa-client.pc.in FORCE
	@mkdir -p $(@D)
	@$(PC_TEXT) | cmp -s - $@ || $(PC_TEXT) > $@

# The client tests (tests/unit/test_client*.c) link the client library
# (test_client_compile: the compile driver of common/, too).
CLIENT_TEST_BINS := $(filter $(BUILD)/tests/test_client%,$(TEST_BINS))
$(CLIENT_TEST_BINS): $(CLIENT_LIB) $(COMMON_LIB)
$(CLIENT_TEST_BINS): TEST_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Iclients -I. $(JANSSON_CFLAGS)
$(CLIENT_TEST_BINS): TEST_LIBS = $(CLIENT_LIB) $(COMMON_LIB) $(JANSSON_LIBS)

# tests/unit/test_common*.c test common/ alone (its internal headers too).
COMMON_TEST_BINS := $(filter $(BUILD)/tests/test_common%,$(TEST_BINS))
$(COMMON_TEST_BINS): $(COMMON_LIB)
$(COMMON_TEST_BINS): TEST_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -I.
$(COMMON_TEST_BINS): TEST_LIBS = $(COMMON_LIB) $(JANSSON_LIBS)

install: $(CLI) $(DAEMON) $(CLIENT_LIB) $(CLIENT_PC)
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)' \
	  '$(DESTDIR)$(PKGCONFIGDIR)'
	install -m 755 $(CLI) $(DAEMON) '$(DESTDIR)$(BINDIR)/'
	install -m 644 $(CLIENT_LIB) '$(DESTDIR)$(LIBDIR)/'
	install -m 644 $(CLIENT_HDR) '$(DESTDIR)$(INCLUDEDIR)/'
	install -m 644 $(CLIENT_PC) '$(DESTDIR)$(PKGCONFIGDIR)/'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/memssa' '$(DESTDIR)$(BINDIR)/memssad' \
	  '$(DESTDIR)$(LIBDIR)/libmemssa-client.a' '$(DESTDIR)$(INCLUDEDIR)/memssa-client.h' \
	  '$(DESTDIR)$(PKGCONFIGDIR)/memssa-client.pc'

# --wrap=free: the daemon's frees go through server/oom_free.c, which keeps
# the registries of allocation-failure scopes exact (analysis/base/oom.h).
$(DAEMON): $(SRV_OBJS) $(LIB) $(COMMON_LIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -Wl,--wrap=free $(SRV_OBJS) $(COMMON_LIB) $(LIB) $(SRV_LIBS) $(LDLIBS) -o $@

# The protocol layer as an archive, for the protocol unit tests.
$(PROTO_LIB): $(PROTO_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# Each tests/unit/test_X.c is one TAP program linked with the library;
# test_proto*.c also with protocol/ (libmemssa-proto.a) and jansson/libuv.
$(BUILD)/tests/%: tests/unit/%.c tests/unit/tap.h $(LIB) $(FLAGS_STAMP) | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(TEST_CPPFLAGS) -Itests/unit $(ALL_CFLAGS) $(DEPFLAGS) -MF $@.d -MT $@ \
	  $(ALL_LDFLAGS) $< $(TEST_LIBS) $(LIB) $(LDLIBS) -o $@

# test_cli_heap tests one file of the CLI (clients/cli_heap.c).
$(BUILD)/tests/test_cli_heap: $(call obj,clients/cli_heap.c)
$(BUILD)/tests/test_cli_heap: TEST_CPPFLAGS = -Iclients
$(BUILD)/tests/test_cli_heap: TEST_LIBS = $(call obj,clients/cli_heap.c)

PROTO_TEST_BINS := $(filter $(BUILD)/tests/test_proto%,$(TEST_BINS))
$(PROTO_TEST_BINS): $(PROTO_LIB) $(COMMON_LIB)
$(PROTO_TEST_BINS): TEST_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Iprotocol -I. $(SRV_CFLAGS)
$(PROTO_TEST_BINS): TEST_LIBS = $(PROTO_LIB) $(COMMON_LIB) $(SRV_LIBS)
$(BUILD)/tests/test_proto_fuzz: $(JOURNAL_REPLAY_OBJS)
$(BUILD)/tests/test_proto_fuzz: TEST_LIBS = $(JOURNAL_REPLAY_OBJS) $(PROTO_LIB) $(COMMON_LIB) \
                                            $(SRV_LIBS)

# prove --exec '' runs every test file directly: the C test binaries and the
# executable .t scripts (their #! line picks the interpreter).
# tests/conformance/soundness.t runs the test_soundness binary, and
# tests/link-order.t the CLI linked in other orders. TESTS may hold shell
# patterns (TESTS='tests/*.t'), which the shell expands for prove: the
# filters see them expanded too (TESTS_NAMED).
TESTS_NAMED = $(TESTS) $(wildcard $(TESTS))
test: all $(filter $(TEST_BINS),$(TESTS)) \
      $(if $(filter tests/ipa/checker.t tests/ipa/soundness.t,$(TESTS_NAMED)),ipa-sound-tools) \
      $(if $(filter tests/conformance/soundness.t,$(TESTS_NAMED)),$(BUILD)/tests/test_soundness) \
      $(if $(filter tests/link-order.t,$(TESTS_NAMED)),link-order-all)
	@chmod +x $(TEST_SCRIPTS) 2>/dev/null || true
	$(TEST_ENV) $(if $(filter 1,$(SAN)),$(ASAN_ENV)) \
	  $(PROVE) --exec '' $(PROVE_FLAGS) $(TESTS)

check: test

# Real programs compiled file by file, in full (tests/real/*.t: about a CPU-hour
# cold); `make test` runs their sample, tests/conformance/real-sample.t.
test-real: all
	@chmod +x tests/real/*.t 2>/dev/null || true
	$(TEST_ENV) $(PROVE) --exec '' $(PROVE_FLAGS) $(sort $(wildcard tests/real/*.t))

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer.
asan:
	$(MAKE) BUILD=build-asan SAN=1 MSSA_CHECKS=2 test

# Out of memory, every allocation of each request of tests/daemon/oom.t
# failed in turn rather than a sample of 40 (make test), and 12 spread over
# a load of real22/lua.O2.ll; with SAN=1 (and BUILD=build-asan) under ASan.
# About a minute (three under ASan).
oom-all: all
	@chmod +x tests/daemon/oom.t
	$(TEST_ENV) $(if $(filter 1,$(SAN)),$(ASAN_ENV)) MEMSSA_OOM_ALL=1 \
	  $(PROVE) --exec '' $(PROVE_FLAGS) tests/daemon/oom.t

# The suite with the expensive checks: the whole verifier after every
# function built and every edit (base/check.h, MSSA_EXPENSIVE_ASSERT).
checks:
	$(MAKE) BUILD=build-checks MSSA_CHECKS=2 test

# The programs as shipped: the same -O3 -g, invariant checks compiled out
# (MSSA_CHECKS=0; assert() is untouched: no -DNDEBUG).
release:
	$(MAKE) BUILD=$(RELEASE_BUILD) MSSA_CHECKS=0 all

example: all
	$(CLI) print --local examples/sum.ll

# Benchmarks time the release build (build-release/, MSSA_CHECKS=0); the
# scripts take their binaries from BUILD, MEMSSA_BIN and MEMSSAD_BIN.
# `make bench`: the build and rpc benchmarks (a few minutes); `make
# bench-NAME` runs bench/NAME.sh (e.g. bench-walker, bench-update); `make
# bench-all` runs every bench/*.sh (the walker one needs opt for minutes).
RELEASE_DIR = $(abspath $(RELEASE_BUILD))
BENCH_ENV = BUILD='$(RELEASE_DIR)' MEMSSA_BIN='$(RELEASE_DIR)/memssa' \
            MEMSSAD_BIN='$(RELEASE_DIR)/memssad' MEMSSA_SHARED='$(MEMSSA_SHARED)'
bench: release
	$(BENCH_ENV) bench/build.sh -o $(RELEASE_BUILD)/bench-build.md
	$(BENCH_ENV) bench/rpc.sh -o $(RELEASE_BUILD)/bench-rpc.md

bench-all: release
	@set -e; for s in $(sort $(wildcard bench/*.sh)); do echo "== $$s"; $(BENCH_ENV) $$s; done

bench-%: release
	$(BENCH_ENV) bench/$*.sh

# Long differential run of the incremental updater, e.g.
#   make fuzz-updater SEED=7 N=100000
# (`make test` runs the same program with its quick default size.)
fuzz-updater: all $(BUILD)/tests/test_fuzz_update
	$(TEST_ENV) SEED='$(or $(SEED),1)' N='$(or $(N),20000)' $(BUILD)/tests/test_fuzz_update

# libFuzzer targets, tests/fuzz/fuzz_NAME.c (NAME: reader, jsonir, rpc,
# edit, journal), built with clang in build-fuzz/ (-fsanitize=fuzzer,address,undefined)
# and run for SECONDS (default 60), or until RUNS executions, on one core, e.g.
#   make fuzz TARGET=reader SECONDS=600
#   make fuzz TARGET=journal SECONDS=4000 RUNS=10000000
# Corpus build-fuzz/corpus/NAME (seeded from tests/fixtures,
# tests/fuzz/seeds/NAME and the regressions tests/fuzz/regress/NAME), findings
# in build-fuzz/artifacts/NAME/, the log in build-fuzz/NAME.log.
FUZZ_BUILD   := build-fuzz
FUZZ_CC      ?= clang
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Iprotocol -I. -Itests/unit $(SRV_CFLAGS)

fuzz:
	@test -n '$(TARGET)' || { echo 'usage: make fuzz TARGET=NAME [SECONDS=N] [RUNS=N]; NAME: $(FUZZ_TARGETS)'; exit 2; }
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) FUZZ=1 $(FUZZ_BUILD)/fuzz/fuzz_$(TARGET)
	tests/fuzz/run.sh $(FUZZ_BUILD) $(TARGET) $(or $(SECONDS),60) $(or $(RUNS),-1)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(LIB) $(PROTO_LIB) $(COMMON_LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(FUZZ_CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -MF $@.d -MT $@ \
	  -fsanitize=fuzzer $< $(FUZZ_OBJS) $(PROTO_LIB) $(COMMON_LIB) $(LIB) $(SRV_LIBS) $(LDLIBS) -o $@

$(BUILD)/fuzz/fuzz_journal: $(JOURNAL_REPLAY_OBJS)
$(BUILD)/fuzz/fuzz_journal: FUZZ_OBJS = $(JOURNAL_REPLAY_OBJS)

# ---------------------------------------------------------------- deps
# Debian packages the build and the tests use.  Cheap when all are present
# (one dpkg query); installs the missing ones when run as root.
DEB_PKGS = build-essential clang llvm libuv1-dev libjansson-dev pkg-config \
           csmith libcsmith-dev perl socat netcat-openbsd time python3 \
           clang-15 llvm-15 clang-16 llvm-16 clang-19 llvm-19 clang-22 llvm-22 \
           neovim graphviz gnuplot-nox \
           libxcrypt-source bluez-source libglib2.0-dev libdbus-1-dev \
           binutils-source gdb-source linux-source-6.1

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
	rm -rf build build-asan build-tsan $(RELEASE_BUILD) $(FUZZ_BUILD)

-include $(LIB_OBJS:.o=.d) $(CLI_OBJS:.o=.d) $(CLIENT_OBJS:.o=.d) $(COMMON_OBJS:.o=.d) $(SRV_OBJS:.o=.d) $(TEST_BINS:=.d)
