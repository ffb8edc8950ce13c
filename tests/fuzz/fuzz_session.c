/* fuzz_session.c - libFuzzer harness: an input as a saved game of `grognard
 * play` / `assist` / the protocol's `position`: a record with a "session"
 * object (cli/live.h), opened by gr_live_open_record_json. For a session it
 * accepts, the front ends' own keys are read as they read them (the AI spec
 * is made into a player and freed), then one step is taken the way the
 * session's dice allow: with typed dice the last action is undone by replay
 * (gr_live_undo_replay); with seeded dice a random legal order is applied
 * and undone, which must give back the position exactly (a finding if not).
 * Seeds: tests/fuzz/corpus/session/. */
#include "harness.h"
#include "../../ai/player.h"
#include "../../cli/live.h"
#include "../../engine/core/play.h"
#include "../../engine/core/rng.h"

#include <stdlib.h>
#include <string.h>

/* the longest AI spec the front ends take from a session */
#define FUZZ_AI_SPEC 160

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

static void session_keys(gr_live *L)
{
    const char *ai = json_string_value(json_object_get(L->rec.session, "ai"));
    if (!ai || strlen(ai) >= FUZZ_AI_SPEC) return;
    gr_error err;
    gr_error_clear(&err);
    gr_player *p = gr_player_create(ai, &L->g, 1, &err);
    if (p) gr_player_free(p);
    else fuzz_refused("the session's AI spec", &err);
}

static void apply_and_undo(gr_live *L)
{
    if (gr_live_over(L)) return;
    size_t n = L->g.rs->rules->state_size;
    void *before = malloc(n);
    if (!before) fuzz_fail("out of memory");
    memcpy(before, L->st, n);
    int nactions = L->rec.nactions;
    gr_rng rng;
    gr_rng_seed(&rng, (unsigned long long)nactions, 3);
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    if (gr_live_push_undo(L) == 0 && gr_play_random_legal(&L->g, L->st, &rng, &a) == 0 &&
        gr_live_apply(L, &a, &err) == 0) {
        if (gr_live_undo(L)) fuzz_fail("no undo after an order");
        if (memcmp(before, L->st, n) || L->rec.nactions != nactions) fuzz_fail("undo did not give the position back");
    }
    free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *root = fuzz_json(data, size);
    if (!root) return 0;
    gr_live L;
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_live_open_record_json(&L, root, "(fuzz)", &err);
    json_decref(root);
    if (rc) {
        fuzz_refused("the session", &err);
        return 0;
    }
    session_keys(&L);
    if (L.manual) {
        gr_error_clear(&err);
        (void)gr_live_undo_replay(&L, &err);
    } else {
        apply_and_undo(&L);
    }
    gr_live_free(&L);
    return 0;
}
