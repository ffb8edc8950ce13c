/* fuzz_record.c - libFuzzer harness: an input as a game record
 * (engine/core/record.h), read by gr_record_from_json; the embedded scenario
 * of a record it accepts is loaded and the record replayed (play.h
 * gr_replay) as `grognard replay` does. Findings beyond crashes: two replays
 * of one record that end in different positions (with and without a log, and
 * through gr_replay_prefix of every action), since a replay must be exact.
 * Seeds: tests/fuzz/corpus/record/. */
#include "harness.h"
#include "../../engine/core/play.h"
#include "../../engine/core/record.h"
#include "../../engine/registry.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

static void replay(const gr_game *g, const gr_record *rec)
{
    size_t n = g->rs->rules->state_size;
    void *st = calloc(1, n), *again = calloc(1, n);
    if (!st || !again) fuzz_fail("out of memory");
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    gr_error_clear(&err);
    if (gr_replay(g, rec, st, &log, &err) == 0) {
        gr_error_clear(&err);
        if (g->rs->present->check_invariants) (void)g->rs->present->check_invariants(g->scn, st, &err);
        int used = 0;
        gr_error_clear(&err);
        if (gr_replay_prefix(g, rec, rec->nactions, again, NULL, &used, &err))
            fuzz_fail("a record replays with a log but not without: %s", err.msg);
        if (memcmp(st, again, n)) fuzz_fail("two replays of one record end in different positions");
        if (rec->rolls && rec->nrolls > 0 && used != rec->nrolls)
            fuzz_fail("the second replay used %d recorded dice of %d", used, rec->nrolls);
    } else {
        fuzz_refused("the replay", &err);
    }
    gr_log_free(&log);
    free(st);
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *root = fuzz_json(data, size);
    if (!root) return 0;
    gr_record rec;
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_record_from_json(&rec, root, "(fuzz)", &err);
    json_decref(root);
    if (rc) {
        fuzz_refused("the record", &err);
        gr_record_free(&rec);
        return 0;
    }
    gr_game g;
    gr_error_clear(&err);
    if (gr_game_from_json(&g, rec.scenario, "(fuzz)", &err) == 0) replay(&g, &rec);
    else fuzz_refused("the embedded scenario", &err);
    gr_game_free(&g);
    gr_record_free(&rec);
    return 0;
}
