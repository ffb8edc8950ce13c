# Grognard - one non-recursive Makefile.
#   make            build build/grognard (optimised)
#   make run        install missing Debian packages, build, run the main job
#   make test       install missing packages, build the tests with ASan+UBSan, run them all,
#                   then the web page's browser test (headless Chromium)
#   make web-test   the browser test alone
#   make bench      build the benchmarks (optimised) under $(B)/bench/
#   make soak       random games with invariants checked, ASan+UBSan (SOAK_GAMES=N, default 1000;
#                   SOAK_SCENARIO=FILE, default the bundled default scenario; SOAK_ARGS, more
#                   options of bench/random_games)
#   make tsan       the AI tests (threaded search), the front ends' end-to-end tests (the
#                   protocol's search thread) and the web server's tests (connection threads,
#                   the AI's thread) under ThreadSanitizer
#   make clean
# Libraries come from pkg-config: jansson, libpcre2-8, libcurl, cmocka (tests).
# B=dir puts every build product under another folder (default build).

CC      ?= cc
B       ?= build
PKGS    := jansson libpcre2-8 libcurl libxxhash libmicrohttpd
CSTD    := -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null)

# -O3 and link-time optimisation: the small geometry and table functions
# called across files are inlined. Floating point is unchanged: no
# contraction in ISO C mode, no fast-math, so no reassociation either.
# -fno-math-errno only stops the math functions setting errno (nothing
# reads it after them): sqrt becomes one instruction, every result the same.
REL_CFLAGS := $(CSTD) $(WARN) -O3 -g -flto=auto -fno-math-errno -MMD -MP
REL_LDFLAGS := -O3 -g -flto=auto -fno-math-errno
SAN_CFLAGS := $(CSTD) $(WARN) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
              -fno-sanitize-recover=undefined -DGR_DEBUG=1 -MMD -MP
SAN_LDFLAGS := -fsanitize=address,undefined

# The rulesets built in, from the one table engine/rulesets.def: each is a
# package, its code under engine/NAME/ (any depth) and its tests under tests/NAME/.
RULESETS := $(shell grep -o '^GR_RULESET.[a-z0-9_]*' engine/rulesets.def | cut -c12-)
RULESET_SRC := $(foreach r,$(RULESETS),$(shell find engine/$(r) -name '*.c' | sort))
RULESET_TESTS := $(foreach r,$(RULESETS),$(wildcard tests/$(r)/test_*.c))

# Every module's sources; cli/main.c holds only main() so tests can link the rest.
LIB_SRC  := $(wildcard engine/core/*.c) $(RULESET_SRC) $(wildcard engine/*.c) \
            $(wildcard ai/*.c) $(wildcard eval/*.c) $(wildcard bench/arena/*.c) $(wildcard bench/audit/*.c) $(filter-out cli/main.c,$(wildcard cli/*.c))
MAIN_SRC := cli/main.c
TEST_SRC := $(wildcard tests/test_*.c) $(RULESET_TESTS)
BENCH_SRC := $(wildcard bench/*.c)

REL_OBJ  := $(LIB_SRC:%.c=$(B)/rel/%.o)
SAN_OBJ  := $(LIB_SRC:%.c=$(B)/san/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(B)/san/tests/%)
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(B)/bench/%)
SOAK_GAMES ?= 1000
SOAK_SEED ?= 1
SOAK_SCENARIO ?=
SOAK_ARGS ?=

.PHONY: all run test web-test deps clean tests-build bench soak tsan fuzz fuzz-ci
all: $(B)/grognard

deps:
	@scripts/install-deps.sh

$(B)/grognard: $(REL_OBJ) $(B)/rel/cli/main.o
	$(CC) $(REL_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm -lpthread

$(B)/san/grognard: $(SAN_OBJ) $(B)/san/cli/main.o
	$(CC) $(SAN_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm -lpthread

$(B)/rel/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(REL_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(B)/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(B)/san/tests/%: $(B)/san/tests/%.o $(SAN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(CMOCKA_LIBS) -lm -lpthread

$(B)/bench/%: $(B)/rel/bench/%.o $(REL_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(REL_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm -lpthread

$(B)/san/bench/%: $(B)/san/bench/%.o $(SAN_OBJ)
	$(CC) $(SAN_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm -lpthread

bench: $(BENCH_BIN)

soak: deps
	@$(MAKE) --no-print-directory $(B)/san/bench/random_games
	./$(B)/san/bench/random_games $(SOAK_SCENARIO) --games $(SOAK_GAMES) --seed $(SOAK_SEED) --check --trace $(SOAK_ARGS)

# The threaded search under ThreadSanitizer, in its own build folder.
TSAN_CFLAGS := $(CSTD) $(WARN) -O1 -g -fsanitize=thread -MMD -MP
tsan: deps
	@$(MAKE) --no-print-directory B=$(B)-tsan SAN_CFLAGS="$(TSAN_CFLAGS)" SAN_LDFLAGS=-fsanitize=thread \
		$(B)-tsan/san/tests/test_ai $(B)-tsan/san/tests/test_e2e $(B)-tsan/san/tests/test_web_api $(B)-tsan/san/grognard
	GROGNARD_ROOT=$(CURDIR) TSAN_OPTIONS=halt_on_error=1 ./$(B)-tsan/san/tests/test_ai
	GROGNARD_ROOT=$(CURDIR) TSAN_OPTIONS=halt_on_error=1:exitcode=66 ./$(B)-tsan/san/tests/test_e2e
	GROGNARD_ROOT=$(CURDIR) TSAN_OPTIONS=halt_on_error=1:exitcode=66 ./$(B)-tsan/san/tests/test_web_api

# The main job: validate, render and play a whole battle of the default scenario.
run: deps
	@$(MAKE) --no-print-directory $(B)/grognard
	./$(B)/grognard run --whole --out out

tests-build: $(TEST_BIN) $(B)/san/grognard

test: deps
	@$(MAKE) --no-print-directory tests-build
	@scripts/run-tests.sh $(TEST_BIN)
	@scripts/web-browser-test.sh $(B)/san/grognard

# the browser test of the web page alone (docs/web.md); SHOTS_DIR=docs/web
# refreshes the README's screenshots
web-test: deps
	@$(MAKE) --no-print-directory $(B)/san/grognard
	@scripts/web-browser-test.sh $(B)/san/grognard

clean:
	rm -rf $(B) out

-include $(shell find $(B) -name '*.d' 2>/dev/null)
.SECONDARY:

# ---- fuzzing (tests/fuzz/, docs/fuzzing.md) -------------------------------------------------------
#   make fuzz       every harness for FUZZ_SECONDS (default 300) on a copy of its seed corpus
#   make fuzz-ci    every harness for FUZZ_CI_SECONDS (default 3): about a minute in all
# libFuzzer with ASan+UBSan, built by clang under $(B)/fuzz/; findings go to $(B)/fuzz/findings/.
# The harnesses link the same LIB_SRC as the tests, built with clang into $(B)/fuzz/obj/.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 300
FUZZ_CI_SECONDS ?= 3
FUZZ_CFLAGS := $(CSTD) $(WARN) -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
               -fno-sanitize-recover=undefined -DGR_DEBUG=1 -MMD -MP
FUZZ_LDFLAGS := -fsanitize=fuzzer,address,undefined
FUZZ_SUPPORT := $(filter-out tests/fuzz/fuzz_%.c,$(wildcard tests/fuzz/*.c))
FUZZ_NAMES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_OBJ := $(LIB_SRC:%.c=$(B)/fuzz/obj/%.o) $(FUZZ_SUPPORT:%.c=$(B)/fuzz/obj/%.o)
FUZZ_BIN := $(FUZZ_NAMES:%=$(B)/fuzz/fuzz_%)

.PHONY: fuzz-deps fuzz-build
fuzz-deps:
	@scripts/install-fuzz-deps.sh

$(B)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(B)/fuzz/fuzz_%: $(B)/fuzz/obj/tests/fuzz/fuzz_%.o $(FUZZ_OBJ)
	@echo "link $@"
	@$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $^ $(PKG_LIBS) -lm -lpthread

fuzz-build: $(FUZZ_BIN)

fuzz: deps fuzz-deps
	@$(MAKE) --no-print-directory fuzz-build
	@tests/fuzz/run.sh $(B)/fuzz $(FUZZ_SECONDS) $(FUZZ_NAMES)

fuzz-ci: deps fuzz-deps
	@$(MAKE) --no-print-directory fuzz-build
	@tests/fuzz/run.sh $(B)/fuzz $(FUZZ_CI_SECONDS) $(FUZZ_NAMES)
