/* doctrine.c - two scripted doctrines, written the way a wargamer would
 * play them, each scoring every legal action by simple rules of thumb and
 * taking the best (ties broken by the player's own seeded generator):
 *
 *   columns: infantry forms March Column while far from the enemy and
 *            marches, cavalry rides, both at the weakest part of the enemy
 *            line (its most shaken unit, then the cheapest); every chance to
 *            assault, fire or pursue is taken.
 *   line:    infantry forms line and holds, the guns stay put and fire;
 *            only shaken (Wavering or Broken) enemies are attacked, mostly
 *            by cavalry; no headlong pursuits except by cavalry.
 *   cavalry: the cavalry goes first, riding at and charging the weakest
 *            enemy unit; the infantry follows on to the objective in
 *            column and falls only on enemies the horse has already
 *            shaken; the guns fire.
 *   assault: the infantry forms column and marches on the objective,
 *            charging whatever stands in the way; the cavalry covers it,
 *            charging only shaken enemies; the guns fire.
 *
 * The scores are doctrine_score.c's (doctrine.h); this file is the player
 * that takes the best of the legal actions. They see only gr_action_info
 * and gr_unit_info, so they play any ruleset that provides them. */
#include "doctrine.h"
#include "player.h"
#include "spec.h"
#include "../engine/core/rng.h"

#include <stdlib.h>
#include <string.h>

typedef struct doctrine_impl {
    gr_doctrine_kind kind;
    gr_rng rng;
} doctrine_impl;

static int doctrine_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    doctrine_impl *d = self->impl;
    const gr_ruleset *rs = g->rs;
    gr_action acts[GR_MAX_ACTIONS];
    int n = rs->rules->legal_actions(g->scn, state, acts, GR_MAX_ACTIONS);
    if (n <= 0) return gr_error_set(err, "no legal action in a non-terminal state");
    gr_doctrine_view v;
    gr_doctrine_view_init(&v, d->kind, g, state, rs->rules->to_move(g->scn, state));
    double best = -1;
    int nbest = 0, pick[GR_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        gr_action_info in;
        rs->ai->action_info(g->scn, state, &acts[i], &in);
        double sc = gr_doctrine_score(d->kind, g, state, &v, &in);
        if (sc > best + 1e-9) {
            best = sc;
            nbest = 0;
        }
        if (sc > best - 1e-9) pick[nbest++] = i;
    }
    *out = acts[pick[gr_rng_below(&d->rng, (uint32_t)nbest)]];
    return 0;
}

gr_player *gr_doctrine_create(gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err)
{
    const char *kind = gr_spec_get(sp, "kind");
    if (!kind) {
        gr_error_set(err, "doctrine: name one (doctrine:columns, doctrine:line, doctrine:cavalry or doctrine:assault)");
        return NULL;
    }
    gr_doctrine_kind k;
    if (gr_doctrine_parse(kind, &k)) {
        gr_error_set(err, "doctrine: unknown doctrine '%s' (known: " GR_DOCTRINE_LIST ")", kind);
        return NULL;
    }
    if (gr_spec_finish(sp, "columns, line, cavalry or assault", err)) return NULL;
    if (!gr_doctrine_usable(g)) {
        gr_error_set(err, "doctrine: the %s ruleset does not describe its actions and units", g->rs->name);
        return NULL;
    }
    gr_player *p = gr_player_alloc(sizeof(doctrine_impl), "doctrine", err);
    if (!p) return NULL;
    doctrine_impl *d = p->impl;
    d->kind = k;
    gr_rng_seed(&d->rng, seed, 0x444f4354 /* "DOCT" */);
    p->choose = doctrine_choose;
    return p;
}
