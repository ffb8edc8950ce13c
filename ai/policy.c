/* policy.c - priors and the playout policy (policy.h). The weights are by
 * action kind, with a few facts about the target: attacking or shooting a
 * shaken enemy is worth more, and a formation change that answers cavalry
 * with a square is natural. Each table is a named constant. */
#include "policy.h"
#include "doctrine.h"
#include "poscache.h"

#include <math.h>

/* prior weight by gr_action_kind (PASS, HOLD, ADVANCE, ATTACK, FIRE, STAND,
 * WITHDRAW, FORM, MANOEUVRE, COMMAND) */
static const double GR_PRIOR_KIND[GR_AK_COUNT] = {0.6, 1.0, 0.6, 1.0, 1.6, 1.2, 0.5, 0.5, 0.2, 0.8};
/* playout weight by kind: quick decisions ("done", fire) are favoured, as
 * moves are the costly part of a simulation */
static const double GR_PLAYOUT_KIND[GR_AK_COUNT] = {3.0, 1.0, 0.3, 1.0, 4.0, 2.0, 0.5, 0.3, 0.1, 0.5};
/* extra weight per cohesion level the targeted enemy has lost */
#define GR_PRIOR_SHAKEN_BONUS 0.5

static double target_bonus(const gr_game *g, const void *state, const gr_action_info *in)
{
    if (in->enemy < 0 || !g->rs->ai->unit_info) return 1.0;
    gr_unit_info u;
    g->rs->ai->unit_info(g->scn, state, in->enemy, &u);
    return 1.0 + GR_PRIOR_SHAKEN_BONUS * u.cohesion;
}

void gr_policy_action_info(const gr_game *g, const void *state, const gr_action *a, gr_action_info *in)
{
    gr_rs_action_infos(g->rs, g->scn, state, a, 1, in);
}

double gr_policy_prior(const gr_game *g, const void *state, const gr_action *a)
{
    gr_action_info in;
    gr_policy_action_info(g, state, a, &in);
    double w = GR_PRIOR_KIND[in.kind < GR_AK_COUNT ? in.kind : GR_AK_MANOEUVRE];
    if (in.kind == GR_AK_ATTACK || in.kind == GR_AK_FIRE || in.kind == GR_AK_ADVANCE) w *= target_bonus(g, state, &in);
    return w;
}

/* the kinds that take a unit from where it stands, which calm damps */
static int moves_unit(int kind)
{
    return kind == GR_AK_ADVANCE || kind == GR_AK_WITHDRAW || kind == GR_AK_FORM || kind == GR_AK_MANOEUVRE;
}

/* the playout weight of an action with these facts */
static double playout_weight_of(const gr_game *g, const void *state, const gr_action_info *in, double calm)
{
    int kind = in->kind < GR_AK_COUNT ? in->kind : GR_AK_MANOEUVRE;
    double w = GR_PLAYOUT_KIND[kind];
    if (kind == GR_AK_ATTACK || kind == GR_AK_FIRE) w *= target_bonus(g, state, in);
    if (moves_unit(kind)) w *= calm;
    return w;
}

double gr_policy_playout_weight_calm(const gr_game *g, const void *state, const gr_action *a, double calm)
{
    gr_action_info in;
    gr_policy_action_info(g, state, a, &in);
    return playout_weight_of(g, state, &in, calm);
}

double gr_policy_playout_weight(const gr_game *g, const void *state, const gr_action *a)
{
    return gr_policy_playout_weight_calm(g, state, a, GR_POLICY_CALM);
}

void gr_policy_stop_plan(const gr_game *g, const void *root, int plan, gr_plan_for who, gr_stop *stop)
{
    int me = g->rs->rules->to_move(g->scn, root);
    stop->plan = plan;
    stop->plan_side = who == GR_PLAN_FOR_BOTH ? -1 : me;
    if (who == GR_PLAN_FOR_ATTACKER && gr_rs_attacker(g->rs, g->scn) != me) stop->plan = -1;
}

int gr_policy_plan_weights(const gr_game *g, const void *state, const gr_stop *stop, const gr_action_info *info,
                           int n, double *w)
{
    if (!stop || stop->plan < 0 || n <= 0) return 0;
    int side = g->rs->rules->to_move(g->scn, state);
    if (stop->plan_side >= 0 && side != stop->plan_side) return 0;
    gr_doctrine_kind k = (gr_doctrine_kind)stop->plan;
    gr_doctrine_view v;
    gr_doctrine_view_init(&v, k, g, state, side);
    double best = -HUGE_VAL;
    for (int i = 0; i < n; i++) {
        w[i] = gr_doctrine_score(k, g, state, &v, &info[i]);
        if (w[i] > best) best = w[i];
    }
    for (int i = 0; i < n; i++) w[i] = exp((w[i] - best) / GR_POLICY_PLAN_SPREAD);
    return 1;
}

/* Draws the playout action as gr_policy_playout does. With `dice`, also
 * plays it: the ruleset's apply_checked tests and applies each draw in one
 * go (1: refused, draw again; 0: played; -1: failed). Returns 0, or -1 when
 * nothing is legal or the move failed. */
static int draw(const gr_game *g, void *state, gr_rng *rng, gr_action *out, gr_dice *dice, void *memo,
                gr_poscache *pos, const gr_stop *stop)
{
    double calm = stop ? stop->calm : GR_POLICY_CALM;
    const gr_ruleset *rs = g->rs;
    gr_action cand[GR_MAX_ACTIONS];
    double w[GR_MAX_ACTIONS];
    int checked = gr_rs_checks_candidates(rs);
    int n = gr_rs_candidates(rs, g->scn, state, cand, GR_MAX_ACTIONS);
    /* a refused draw leaves the position as it was: its key serves every draw */
    int keyed = dice && checked && pos && pos->key;
    uint64_t position_key = keyed ? gr_poscache_position_key(g, state) : 0;
    /* the facts of the whole menu in one call: a ruleset may share the work among a unit's actions */
    gr_action_info info[GR_MAX_ACTIONS];
    if (n > 0) gr_rs_action_infos(rs, g->scn, state, cand, n, info);
    double total = 0;
    if (gr_policy_plan_weights(g, state, stop, info, n, w)) {
        for (int i = 0; i < n; i++) total += w[i];
    } else {
        for (int i = 0; i < n; i++) total += w[i] = playout_weight_of(g, state, &info[i], calm);
    }
    while (n > 0) {
        double r = gr_rng_unit(rng) * total;
        int i = 0;
        while (i < n - 1 && r >= w[i]) r -= w[i++];
        if (dice && checked) {
            int rc = keyed ? gr_poscache_apply_checked_at(pos, g, state, position_key, &cand[i], dice, memo)
                           : gr_poscache_apply_checked(pos, g, state, &cand[i], dice, memo);
            if (rc <= 0) {
                *out = cand[i];
                return rc;
            }
        } else if (!checked || gr_rs_action_legal(rs, g->scn, state, &cand[i])) {
            *out = cand[i];
            if (dice) return gr_poscache_apply(pos, g, state, &cand[i], dice, memo) ? -1 : 0;
            return 0;
        }
        total -= w[i];
        cand[i] = cand[n - 1];
        w[i] = w[n - 1];
        n--;
        if (total <= 0) {
            total = 0;
            for (int k = 0; k < n; k++) total += w[k];
        }
    }
    return -1;
}

int gr_policy_playout_at(const gr_game *g, const void *state, gr_rng *rng, const gr_stop *stop, gr_action *out)
{
    /* without dice draw() leaves the state alone */
    return draw(g, (void *)state, rng, out, NULL, NULL, NULL, stop);
}

int gr_policy_playout(const gr_game *g, const void *state, gr_rng *rng, double calm, gr_action *out)
{
    gr_stop stop = {0, 0, calm, -1, -1};
    return gr_policy_playout_at(g, state, rng, &stop, out);
}

gr_stop gr_policy_stop(const gr_game *g, const void *root, int horizon, int settle)
{
    const gr_ruleset *rs = g->rs;
    gr_stop s = {0, 0, GR_POLICY_CALM, -1, -1};
    if (!rs->rules->turn) return s;
    s.turn = rs->rules->turn(g->scn, root) + horizon;
    if (settle && rs->rules->phase) s.phase = rs->rules->settle_phase;
    return s;
}

int gr_policy_stopped(const gr_game *g, const void *state, const gr_stop *stop)
{
    if (!stop || stop->turn <= 0) return 0;
    int t = g->rs->rules->turn(g->scn, state);
    if (t != stop->turn) return t > stop->turn;
    return stop->phase <= 0 || !g->rs->rules->phase || g->rs->rules->phase(g->scn, state) >= stop->phase;
}

int gr_policy_rollout(const gr_game *g, void *state, gr_dice *dice, void *memo, gr_rng *rng, const gr_stop *stop,
                      int max_decisions, gr_poscache *pos)
{
    const gr_ruleset *rs = g->rs;
    int n = 0;
    while (n < max_decisions && rs->rules->to_move(g->scn, state) != GR_TERMINAL) {
        if (gr_policy_stopped(g, state, stop)) break;
        gr_action a;
        /* a draw tested and played at once when the ruleset can (apply_checked) */
        int checked = gr_rs_has_apply_checked(rs);
        if (draw(g, state, rng, &a, checked ? dice : NULL, memo, pos, stop)) return -1;
        if (!checked && gr_poscache_apply(pos, g, state, &a, dice, memo)) return -1;
        n++;
    }
    return n;
}
