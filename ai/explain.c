/* explain.c - reasons for orders (explain.h). */
#include "explain.h"
#include "policy.h"
#include "../eval/eval.h"
#include "../engine/core/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GR_EXPLAIN_MAX_DECISIONS 400

static const char *const kind_verb[GR_AK_COUNT] = {"pass", "hold", "advance", "attack", "fire", "stand",
                                                   "withdraw", "change formation", "manoeuvre", "command"};
/* the same with an enemy named after it */
static const char *const kind_verb_at[GR_AK_COUNT] = {"pass", "hold against", "advance on", "attack", "fire at",
                                                      "stand against", "withdraw from", "change formation against",
                                                      "face", "command against"};

int gr_explain(const gr_game *g, const void *state, const gr_action *a, double value, int sims,
               unsigned long long seed, gr_explanation *out)
{
    const gr_ruleset *rs = g->rs;
    const gr_ai_view *ai = rs->ai;
    memset(out, 0, sizeof *out);
    out->enemy = out->unit = -1;
    gr_action_info in;
    memset(&in, 0, sizeof in);
    in.unit = in.enemy = in.objective = -1;
    if (rs->ai->action_info) rs->ai->action_info(g->scn, state, a, &in);
    out->enemy = in.enemy;
    out->unit = in.unit;
    void *st = malloc(rs->rules->state_size);
    if (!st) return -1;
    gr_unit_info e0, u0, e1, u1;
    int have_units = rs->ai->unit_info != NULL;
    if (have_units && in.enemy >= 0) rs->ai->unit_info(g->scn, state, in.enemy, &e0);
    if (have_units && in.unit >= 0) rs->ai->unit_info(g->scn, state, in.unit, &u0);
    /* the tries run as far as the searches' simulations do: to the end of this player-move, or (settle, from
     * the ruleset's weights) on to the other side's answer, where a charge declared now is fought (Lasalle) */
    gr_eval ev;
    int settle = !gr_eval_load(&ev, g, NULL, NULL) && ev.settle > 0;
    gr_stop stop = gr_policy_stop(g, state, 1, settle);
    int ew = 0, eb = 0, uw = 0, ok = 0;
    for (int k = 0; k < sims; k++) {
        memcpy(st, state, rs->rules->state_size);
        gr_dice dice;
        gr_dice_init_rng(&dice, seed + (unsigned long long)k, 7);
        gr_rng rng;
        gr_rng_seed(&rng, seed + (unsigned long long)k, 8);
        if (rs->rules->apply(g->scn, st, a, &dice, NULL, NULL)) break;
        ok++;
        gr_policy_rollout(g, st, &dice, NULL, &rng, &stop, GR_EXPLAIN_MAX_DECISIONS, NULL);
        if (have_units && in.enemy >= 0) {
            rs->ai->unit_info(g->scn, st, in.enemy, &e1);
            if (!e1.alive || e1.cohesion > e0.cohesion) ew++;
            if (!e1.alive || e1.cohesion >= e1.levels - 1) eb++;
        }
        if (have_units && in.unit >= 0) {
            rs->ai->unit_info(g->scn, st, in.unit, &u1);
            if (!u1.alive || u1.cohesion > u0.cohesion) uw++;
        }
    }
    free(st);
    if (!ok) return -1;
    out->sims = ok;
    out->enemy_worse = (double)ew / ok;
    out->enemy_broken = (double)eb / ok;
    out->unit_worse = (double)uw / ok;
    char buf[256];
    int n = 0;
    int kind = in.kind < GR_AK_COUNT ? in.kind : GR_AK_MANOEUVRE;
    const char *verb = in.enemy >= 0 ? kind_verb_at[kind] : kind_verb[kind];
    if (in.enemy >= 0)
        n = snprintf(buf, sizeof buf, "%s %s (%s): it %s in %.0f%% of %d tries %s, %s in %.0f%%", verb,
                     have_units ? e0.name : "the enemy", have_units ? e0.ref : "?",
                     ai->worse_words ? ai->worse_words : "loses a level", 100 * out->enemy_worse, ok,
                     settle ? "by the other side's reply" : "this turn", ai->worst_words ? ai->worst_words : "reaches its worst level", 100 * out->enemy_broken);
    else
        n = snprintf(buf, sizeof buf, "%s", verb);
    if (in.unit >= 0 && n < (int)sizeof buf)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "; own unit shaken in %.0f%%", 100 * out->unit_worse);
    if (value >= 0 && n < (int)sizeof buf)
        snprintf(buf + n, sizeof buf - (size_t)n, "; expected score %.2f", value);
    snprintf(out->text, sizeof out->text, "%s", buf);
    return 0;
}
