/* random.c - the random player: uniform over the legal actions. It draws from
 * the ruleset's cheap candidate list and checks only what it draws, throwing
 * out illegal draws, which is exactly uniform over the legal actions and much
 * cheaper than checking the whole menu (random playouts spend their time here). */
#include "player.h"
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

static void random_destroy(gr_player *self) { free(self->impl); }

static gr_player *random_create(unsigned long long seed, gr_error *err)
{
    gr_player *p = calloc(1, sizeof *p);
    random_impl *r = calloc(1, sizeof *r);
    if (!p || !r) {
        free(p);
        free(r);
        gr_error_set(err, "out of memory");
        return NULL;
    }
    gr_rng_seed(&r->rng, seed, 0x52414e44 /* "RAND" */);
    snprintf(p->name, sizeof p->name, "random");
    p->choose = random_choose;
    p->destroy = random_destroy;
    p->impl = r;
    return p;
}

gr_player *gr_player_create(const char *spec, unsigned long long seed, gr_error *err)
{
    if (!spec || !*spec) {
        gr_error_set(err, "empty player spec (known players: random)");
        return NULL;
    }
    if (!strcmp(spec, "random")) return random_create(seed, err);
    gr_error_set(err, "unknown player '%s' (known players: random)", spec);
    return NULL;
}

void gr_player_free(gr_player *p)
{
    if (!p) return;
    if (p->destroy) p->destroy(p);
    free(p);
}
