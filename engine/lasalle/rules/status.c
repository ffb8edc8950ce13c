/* status.c - the Status Phase, army morale, the end of the game and its
 * result (status.h). */
#include "status.h"
#include "entrench.h"
#include "footprint.h"
#include "reinforce.h"
#include "tables.h"
#include "turn.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const margin_names[3] = {"draw", "marginal victory", "decisive victory"};

int lasalle_losses(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    int lost = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == side && st->u[i].status != LASALLE_ON && !(st->u[i].flags & LASALLE_UF_RESERVE))
            lost += lasalle_morale_value(&s->units[i]);
    return lost;
}

int lasalle_army_morale(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    /* units still to arrive count once they are on the table [F, p.66] */
    int m = 0;
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == side && !(st->u[i].flags & LASALLE_UF_RESERVE)) m += lasalle_morale_value(&s->units[i]);
    return m;
}

int lasalle_at_breakpoint(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    /* losses over a third of the army's morale: 31 breaks at 11 [F Breakpoint, p.66] */
    return 3 * lasalle_losses(s, st, side) > lasalle_army_morale(s, st, side);
}

int lasalle_objective_control(const lasalle_scenario *s, const lasalle_state *st, int k)
{
    int near[2] = {0, 0};
    gr_vec2 at = gr_v2(s->objectives[k].x, s->objectives[k].y);
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i)) continue;
        gr_rect h = lasalle_hull(s, st, i);
        if (gr_rect_point_dist(&h, at) <= LASALLE_OBJECTIVE_BW) near[s->units[i].side] = 1;
    }
    return near[0] == near[1] ? -1 : near[0] ? 0 : 1;
}

int lasalle_attacker_controls(const lasalle_scenario *s, const lasalle_state *st)
{
    if (s->defender < 0) return 0;
    for (int k = 0; k < s->nobjectives; k++)
        if (lasalle_objective_control(s, st, k) == (s->defender ^ 1)) return 1;
    return 0;
}

int lasalle_pursuit(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    int score = 0;
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit_profile *p = &s->units[i];
        if (p->side != side || p->type != LASALLE_CAV || !lasalle_alive(st, i)) continue;
        score += (p->traits & LASALLE_T_PURSUIT) ? p->nbases : 1;
    }
    return score;
}

void lasalle_check_fail_table(int ndice, double out[LASALLE_CHECK_TOTALS])
{
    assert(ndice >= 0 && ndice <= LASALLE_CHECK_DICE_MAX);
    double ways[LASALLE_CHECK_TOTALS] = {1};
    for (int d = 0; d < ndice; d++) {
        double next[LASALLE_CHECK_TOTALS] = {0};
        for (int t = 0; t < LASALLE_CHECK_TOTALS; t++)
            for (int f = 1; f <= 6 && t + f < LASALLE_CHECK_TOTALS; f++) next[t + f] += ways[t];
        memcpy(ways, next, sizeof ways);
    }
    double all = pow(6, ndice), cum = 0;
    for (int t = 0; t < LASALLE_CHECK_TOTALS; t++) out[t] = (cum += ways[t]) / all;
}

double lasalle_check_fail_chance(int ndice, int turn_no)
{
    if (turn_no < 0) return 0;
    double fail[LASALLE_CHECK_TOTALS];
    lasalle_check_fail_table(ndice, fail);
    return fail[turn_no < LASALLE_CHECK_TOTALS ? turn_no : LASALLE_CHECK_TOTALS - 1];
}

void lasalle_finish(const lasalle_scenario *s, lasalle_state *st, int loser, int how)
{
    st->end = (uint8_t)how;
    int guards[2] = {(s->side_rules[0] & LASALLE_AB_SEND_IN_THE_GUARDS) != 0,
                     (s->side_rules[1] & LASALLE_AB_SEND_IN_THE_GUARDS) != 0};
    if (guards[0] && guards[1]) guards[0] = guards[1] = 0; /* both have it: it is not used [H, p.75] */
    if (loser < 0) {
        st->winner = -1;
        st->margin = 0;
    } else {
        int w = loser ^ 1;
        st->winner = (int8_t)w;
        /* the loser's pursuit score as high as the winner's covers its retreat [F, p.67] */
        st->margin = lasalle_pursuit(s, st, loser) >= lasalle_pursuit(s, st, w) ? 1 : 2;
    }
    /* They'll Be Back: a draw is a marginal victory for that army, unless both have it [K Spain] */
    int back[2] = {(s->side_rules[0] & LASALLE_AB_THEYLL_BE_BACK) != 0, (s->side_rules[1] & LASALLE_AB_THEYLL_BE_BACK) != 0};
    if (st->winner == -1 && back[0] != back[1]) {
        st->winner = (int8_t)(back[0] ? 0 : 1);
        st->margin = 1;
    }
    /* Send in the Guards: only a decisive victory counts for that army; its
     * marginal win or its draw is a marginal victory for its enemy [H, p.75] */
    for (int side = 0; side < 2; side++)
        if (guards[side] && (st->winner == -1 || (st->winner == side && st->margin == 1))) {
            st->winner = (int8_t)(side ^ 1);
            st->margin = 1;
        }
}

/* the army morale check of the moving side [F, p.67; J, p.91]: 1 when its army broke, -1 the dice failed */
static int morale_check(const lasalle_scenario *s, lasalle_state *st, int held, const gr_ctx *cx)
{
    int side = st->active, bp = lasalle_at_breakpoint(s, st, side), objective = side == s->defender && held;
    if (!bp && !objective) return 0;
    int n = objective ? 4 : 5, dice[5], sum = 0;
    char purpose[160];
    snprintf(purpose, sizeof purpose, "army morale check of the %s (%dd6, must beat turn %d)", s->side_name[side], n,
             st->turn_no);
    if (!gr_dice_roll(cx ? cx->dice : NULL, n, dice, purpose)) return -1;
    for (int k = 0; k < n; k++) sum += dice[k];
    int pass = sum > st->turn_no;
    gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, side, "the army of the %s %s its morale check: %d against %d+ (%s) (F, p.67)",
               s->side_name[side], pass ? "passes" : "fails", sum, st->turn_no + 1,
               bp ? "losses past the breakpoint" : "the attacker controls the objective");
    return !pass;
}

/* after the basic length: both players roll, and the game ends when both
 * dice are no more than the bonus turns played plus one [F, p.66]; 1 ended, -1 dice */
static int bonus_roll(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    if (st->turn_no < s->turns) return 0;
    int d[2];
    for (int side = 0; side < 2; side++) {
        char purpose[96];
        snprintf(purpose, sizeof purpose, "the end of the game, %s (ends on %d or less)", s->side_name[side],
                 st->bonus + 1);
        d[side] = gr_dice_d6(cx ? cx->dice : NULL, purpose);
        if (!d[side]) return -1;
    }
    if (d[0] <= st->bonus + 1 && d[1] <= st->bonus + 1) {
        gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, -1, "the game ends after turn %d (F, p.66)", st->turn_no);
        return 1;
    }
    st->bonus++;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, -1, "bonus turn %d follows (F, p.66)", st->bonus);
    return 0;
}

/* the result of a game that ran out of time, told in the log as in the
 * result: a draw, or the win Send in the Guards gives the enemy [F, p.67] */
static void log_time_result(const lasalle_scenario *s, const lasalle_state *st, const gr_ctx *cx)
{
    if (st->winner >= 0)
        gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, -1, "neither army broke: a %s for the %s (F, p.67)",
                   margin_names[st->margin % 3], s->side_name[st->winner]);
    else
        gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, -1, "neither army broke: the game is a draw (F, p.67)");
}

int lasalle_status_run(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int held = lasalle_attacker_controls(s, st); /* as the phase begins [J, p.91] */
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == st->active) st->u[i].flags &= ~LASALLE_UF_SMOKE;
    for (int k = 0; k < s->nobjectives && k < LASALLE_MAX_OBJECTIVES; k++) {
        int c = lasalle_objective_control(s, st, k);
        if (c >= 0) st->owner[k] = (int8_t)c;
    }
    lasalle_entrench_status(s, st);
    st->status_held = (uint8_t)held;
    if (lasalle_reinforce_run(s, st, cx)) return -1;
    return LASALLE_ST_ARRIVE;
}

int lasalle_status_end(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int held = st->status_held;
    st->status_held = 0;
    int broke = morale_check(s, st, held, cx);
    if (broke < 0) return -1;
    if (broke) {
        lasalle_finish(s, st, st->active, LASALLE_END_MORALE);
        gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, -1, "the army of the %s breaks: a %s for the %s, pursuit %d to %d (F, p.67)",
                   s->side_name[st->active], st->margin == 2 ? "Decisive Victory" : "Marginal Victory",
                   s->side_name[st->winner], lasalle_pursuit(s, st, st->winner), lasalle_pursuit(s, st, st->active));
        return LASALLE_ST_COUNT;
    }
    int ended = bonus_roll(s, st, cx);
    if (ended < 0) return -1;
    if (ended) {
        lasalle_finish(s, st, -1, LASALLE_END_TIME);
        log_time_result(s, st, cx);
        return LASALLE_ST_COUNT;
    }
    st->turn_no++;
    st->active ^= 1;
    return LASALLE_ST_BEGIN;
}

void lasalle_result(const void *scn, const void *state, gr_result *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    memset(out, 0, sizeof *out);
    out->winner = GR_SIDE_NONE;
    out->score[0] = out->score[1] = 0.5;
    if (!st->turn.over) return;
    out->over = 1;
    out->winner = st->winner;
    out->margin = st->margin;
    if (st->winner >= 0) {
        out->score[st->winner] = 1;
        out->score[st->winner ^ 1] = 0;
    }
    const char *how = st->end == LASALLE_END_MORALE ? "army morale" : st->end == LASALLE_END_LIMIT ? "decision limit"
                                                                                                   : "time";
    char what[64];
    if (st->winner >= 0) snprintf(what, sizeof what, "%s for the %s", margin_names[st->margin % 3],
                                  s->side_name[st->winner]);
    else snprintf(what, sizeof what, "a draw");
    char reason[256];
    snprintf(reason, sizeof reason, "%s after turn %d: %s (losses %d of %d and %d of %d, pursuit %d to %d)", how, st->turn_no, what, lasalle_losses(s, st, 0), s->morale[0], lasalle_losses(s, st, 1), s->morale[1],
             lasalle_pursuit(s, st, 0), lasalle_pursuit(s, st, 1));
    size_t n = strlen(reason);
    if (n >= sizeof out->reason) n = sizeof out->reason - 1;
    memcpy(out->reason, reason, n);
    out->reason[n] = 0;
}

void lasalle_clock(const void *scn, const void *state, gr_clock *out)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    out->moves_left = st->turn_no < s->turns ? s->turns - st->turn_no : 0;
    /* a game that runs out of time is a draw, unless Send in the Guards turns it [F, p.67; H, p.75] */
    lasalle_state tmp = *st;
    lasalle_finish(s, &tmp, -1, LASALLE_END_TIME);
    out->timed_score0 = tmp.winner == 0 ? 1.0 : tmp.winner == 1 ? 0.0 : 0.5;
    out->lead0 = tmp.winner == 0 ? 1.0 : tmp.winner == 1 ? -1.0 : 0.0;
    out->band = 1.0;
}

int lasalle_attacker(const void *scn)
{
    const lasalle_scenario *s = scn;
    return s->defender < 0 ? GR_SIDE_NONE : 1 - s->defender;
}
