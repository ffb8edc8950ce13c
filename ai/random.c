/* random.c - the random player: uniform over the legal actions. It draws from
 * the ruleset's cheap candidate list and checks only what it draws, throwing
 * out illegal draws, which is exactly uniform over the legal actions and much
 * cheaper than checking the whole menu (random playouts spend their time here). */
#include "player.h"
#include "spec.h"
#include "../engine/core/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gr_random_legal(const gr_game *g, const void *state, gr_rng *rng, gr_action *out)
{
    const gr_ruleset *rs = g->rs;
    gr_action cand[GR_MAX_ACTIONS];
    int n;
    if (rs->candidates && rs->action_legal) {
        n = rs->candidates(g->scn, state, cand, GR_MAX_ACTIONS);
        while (n > 0) {
            uint32_t i = gr_rng_below(rng, (uint32_t)n);
            if (rs->action_legal(g->scn, state, &cand[i])) {
                *out = cand[i];
                return 0;
            }
            cand[i] = cand[--n];
        }
        return -1;
    }
    n = rs->legal_actions(g->scn, state, cand, GR_MAX_ACTIONS);
    if (n <= 0) return -1;
    *out = cand[gr_rng_below(rng, (uint32_t)n)];
    return 0;
}

typedef struct random_impl {
    gr_rng rng;
} random_impl;

static int random_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    random_impl *r = self->impl;
    if (gr_random_legal(g, state, &r->rng, out)) return gr_error_set(err, "no legal action in a non-terminal state");
    return 0;
}

gr_player *gr_random_create(gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err)
{
    (void)g;
    if (gr_spec_finish(sp, "none", err)) return NULL;
    gr_player *p = gr_player_alloc(sizeof(random_impl), "random", err);
    if (!p) return NULL;
    random_impl *r = p->impl;
    gr_rng_seed(&r->rng, seed, 0x52414e44 /* "RAND" */);
    p->choose = random_choose;
    return p;
}
