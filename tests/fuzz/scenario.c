/* scenario.c - the scenario loader of one ruleset fed an input (harness.h):
 * the JSON as gr_game_from_json reads it, then, for a scenario it accepts,
 * the opening position checked and played a few decisions on, so that
 * whatever the loader lets through is also run by the rules. */
#include "harness.h"
#include "../../engine/registry.h"
#include "../../engine/core/play.h"

#include <stdlib.h>
#include <string.h>

/* decisions played on an accepted scenario (bounded: a fuzz input should take milliseconds) */
#define FUZZ_SCENARIO_DECISIONS 12

int fuzz_scenario(const char *ruleset, const uint8_t *data, size_t size)
{
    json_t *root = fuzz_json(data, size);
    if (!root) return 0;
    if (json_is_object(root)) json_object_set_new(root, "ruleset", json_string(ruleset));
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_game_from_json(&g, root, "(fuzz)", &err);
    json_decref(root);
    if (rc) {
        fuzz_refused("the scenario", &err);
        gr_game_free(&g);
        return 0;
    }
    gr_error_clear(&err);
    if (gr_game_check_start(&g, &err) == 0) {
        void *st = calloc(1, g.rs->rules->state_size);
        if (!st) fuzz_fail("out of memory");
        g.rs->rules->init(g.scn, st);
        char desc[256];
        g.rs->present->describe_decision(g.scn, st, desc, sizeof desc);
        if (g.rs->present->state_to_json) json_decref(g.rs->present->state_to_json(g.scn, st));
        /* the seed from the size: deterministic, and varied across inputs */
        fuzz_play(&g, st, (unsigned long long)size, FUZZ_SCENARIO_DECISIONS);
        free(st);
    } else {
        fuzz_refused("the starting position", &err);
    }
    gr_game_free(&g);
    return 0;
}
