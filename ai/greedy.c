/* greedy.c - the greedy player: one ply. Each legal action is applied and
 * the move played on to its end by the playout policy, `samples` times with
 * different dice (the same dice for every action, so luck does not pick the
 * winner), and the action whose outcomes the evaluation likes best for the
 * side deciding is chosen; ties go to the higher prior. */
#include "player.h"
#include "policy.h"
#include "spec.h"
#include "../engine/core/rng.h"
#include "../eval/eval.h"

#include <stdlib.h>
#include <string.h>

#define GR_GREEDY_SAMPLES 2         /* default dice samples per action */
#define GR_GREEDY_MAX_DECISIONS 400 /* safety bound on one playout */

typedef struct greedy_impl {
    gr_eval eval;
    long samples;
    unsigned long long seed;
    unsigned long long calls;
    void *scratch;
    void *memo;             /* the ruleset's memo (gr_fast.memo_create), or NULL */
    void (*memo_free)(void *memo);
} greedy_impl;

static int greedy_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    greedy_impl *gi = self->impl;
    const gr_ruleset *rs = g->rs;
    gr_action acts[GR_MAX_ACTIONS];
    int n = rs->rules->legal_actions(g->scn, state, acts, GR_MAX_ACTIONS);
    if (n <= 0) return gr_error_set(err, "no legal action in a non-terminal state");
    gi->calls++;
    if (n == 1) {
        *out = acts[0];
        return 0;
    }
    int side = rs->rules->to_move(g->scn, state);
    gr_stop stop = gr_policy_stop(g, state, 1, 0);
    int best = 0;
    double best_v = -1, best_p = -1;
    for (int i = 0; i < n; i++) {
        double sum = 0;
        for (long k = 0; k < gi->samples; k++) {
            memcpy(gi->scratch, state, rs->rules->state_size);
            gr_dice dice;
            gr_dice_init_rng(&dice, gi->seed ^ (gi->calls * 0x9e3779b97f4a7c15ULL), (unsigned long long)k + 1);
            gr_rng rng;
            gr_rng_seed(&rng, gi->seed + gi->calls, (uint64_t)k + 101);
            if (gr_rs_apply_memo(rs, g->scn, gi->scratch, &acts[i], &dice, NULL, gi->memo, NULL)) continue;
            gr_policy_rollout(g, gi->scratch, &dice, gi->memo, &rng, &stop, GR_GREEDY_MAX_DECISIONS, NULL);
            double v0 = gr_eval_win0(&gi->eval, g, gi->scratch);
            sum += side == 0 ? v0 : 1 - v0;
        }
        double v = sum / (double)gi->samples;
        double p = gr_policy_prior(g, state, &acts[i]);
        if (v > best_v + 1e-12 || (v > best_v - 1e-12 && p > best_p)) {
            best = i;
            best_v = v;
            best_p = p;
        }
    }
    *out = acts[best];
    return 0;
}

static void greedy_destroy(gr_player *self)
{
    greedy_impl *gi = self->impl;
    free(gi->scratch);
    if (gi->memo) gi->memo_free(gi->memo);
}

gr_player *gr_greedy_create(gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err)
{
    long samples = GR_GREEDY_SAMPLES;
    if (gr_spec_long(sp, "samples", 1, 64, &samples, err)) return NULL;
    const char *wpath = gr_spec_get(sp, "weights");
    if (gr_spec_finish(sp, "samples, weights", err)) return NULL;
    gr_player *p = gr_player_alloc(sizeof(greedy_impl), "greedy", err);
    if (!p) return NULL;
    greedy_impl *gi = p->impl;
    p->destroy = greedy_destroy;
    gi->samples = samples;
    gi->seed = seed;
    gi->scratch = malloc(g->rs->rules->state_size);
    gi->memo_free = gr_rs_has_memo(g->rs) ? g->rs->fast->memo_free : NULL;
    if (gr_rs_has_memo(g->rs)) gi->memo = gr_rs_memo_create(g->rs, g->scn);
    if (!gi->scratch || (gr_rs_has_memo(g->rs) && !gi->memo) || gr_eval_load(&gi->eval, g, wpath, err)) {
        if (!gi->scratch || (gr_rs_has_memo(g->rs) && !gi->memo)) gr_error_set(err, "out of memory");
        gr_player_free(p);
        return NULL;
    }
    p->choose = greedy_choose;
    return p;
}
