/* harness.h - what the libFuzzer harnesses of tests/fuzz/ share: the input as
 * text, as JSON or as a file name (an anonymous in-memory file, so nothing is
 * written to disk), the bundled scenarios loaded once, and the contract
 * checks whose failure is a finding (fuzz_fail aborts, which libFuzzer
 * reports with the input that did it). A clean refusal of an input (an
 * error returned) is never a finding. docs/fuzzing.md tells what each
 * harness feeds. */
#ifndef GR_FUZZ_HARNESS_H
#define GR_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "../../engine/core/game.h"

/* the libFuzzer entry points every harness defines */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A finding: prints the message and aborts. */
_Noreturn void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A clean refusal: nothing to report, but with GROGNARD_FUZZ_VERBOSE set in
 * the environment its message is printed (to see why a seed is refused). A
 * refusal without a message is a finding. */
void fuzz_refused(const char *what, const gr_error *err);

/* GROGNARD_ROOT for the data files when it is not set (the folder the
 * harness was started in). */
void fuzz_setup_root(void);

/* The input as a NUL-terminated string (an embedded NUL ends it). Free with free(). */
char *fuzz_text(const uint8_t *data, size_t size);
/* The input parsed as JSON the way the program parses files (duplicate keys
 * refused); NULL when it is not JSON. */
json_t *fuzz_json(const uint8_t *data, size_t size);

/* The input as a readable file: an anonymous in-memory file whose name
 * (/proc/self/fd/N) goes into path. Returns the descriptor to close after
 * use, or -1 (nothing to close). */
int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t cap);

/* A bundled scenario (a path under the repository, e.g.
 * "scenarios/fogn/brigade-encounter.json") loaded into g; 0, or -1 (the
 * message printed). */
int fuzz_load_bundled(gr_game *g, const char *rel);

/* rules.apply on a copy: 0 with the copy in state; or -1 after checking that
 * a refusal left the state and the dice exactly as they were (the contract of
 * game.h; a breach is a finding). log may be NULL. */
int fuzz_apply(const gr_game *g, void *state, const gr_action *a, gr_dice *dice, gr_log *log);

/* Plays up to max_decisions uniformly random legal actions from state with
 * the dice seeded by seed, each one's notation parsed back (records hold the
 * notation, so a printed order must parse), the invariants checked after
 * each. Findings: a decision with no legal action, an order whose notation
 * does not parse, a legal order refused. Returns the decisions played. */
int fuzz_play(const gr_game *g, void *state, unsigned long long seed, int max_decisions);

/* One scenario file for the ruleset named (its "ruleset" key is set to it,
 * so every input reaches that ruleset's loader): loaded, its start checked,
 * and when both pass, a few random decisions played (fuzz_play). Clean
 * refusals are not findings. (scenario.c) */
int fuzz_scenario(const char *ruleset, const uint8_t *data, size_t size);

#endif
