/* worth.c - the evaluation's view of a fogn position (worth.h): per unit
 * its side, value (points), cohesion level (gone past Broken) and Spent
 * mark; per side its army's state (§14: army combat value, attrition and
 * the share of the way to the break point; cohesion, objectives, the line
 * of communications, fresh cavalry, flanks open to a charge, the fire its
 * units could pour on the enemy); and the clock of the timed end with the
 * count that decides it. The searches ask only for the terms their weights
 * weigh (fogn_terms_some). These are evaluation inputs, not rules: the
 * weights that make a judgement of them are in eval/weights/fogn.json. */
#include "worth.h"
#include "firepower.h"
#include "loc.h"
#include "threat.h"
#include "victory.h"

#include <math.h>

/* an objective is threatened by a side with a good-order unit within this
 * many MU of its radius (about one move of formed infantry): an evaluation
 * input, not a rule */
#define FOGN_FEATURE_THREAT_MU 6.0
/* objectives_approach: an objective not yet the side's own counts its points
 * times 1 - d / this distance, d being how far its nearest good-order unit is
 * from the objective's edge: a slope the search can climb over several moves
 * (AI evaluation input, not a rule) */
#define FOGN_FEATURE_APPROACH_MU 24.0

_Static_assert(FOGN_TERMS == 17, "the TERM_ indices below follow fogn_term_names");

const char *const fogn_term_names[FOGN_TERMS] = {
    "acv", "attrition", "attrition_to_break", "steady", "disordered", "wavering", "broken", "objectives_held",
    "objectives_contested", "loc_occupied", "loc_threat", "fresh_cavalry", "objectives_threatened",
    "objectives_approach", "objectives_exposed", "flank_exposed", "firepower"};

void fogn_unit_worth(const void *scn, const void *state, int i, gr_unit_worth *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    const fogn_unit *u = &st->u[i];
    int alive = fogn_unit_alive(u) && !(u->flags & FOGN_UF_ABANDONED);
    out->side = s->units[i].side;
    out->value = fogn_unit_value(&s->units[i]);
    out->level = alive ? u->cohesion : FOGN_WORTH_LEVELS;
    out->worn = (u->flags & FOGN_UF_SPENT) ? 1 : 0;
}

/* the objectives' terms of both sides: contested (the same for both),
 * threatened, approached and exposed */
typedef struct obj_terms {
    double contested, threatened[2], approach[2], exposed[2];
} obj_terms;

static void objective_terms(const fogn_scenario *s, const fogn_state *st, obj_terms *t)
{
    *t = (obj_terms){0};
    /* each unit's reach once, and its footprint the first time an objective
     * needs it, not once an objective */
    double reach[FOGN_MAX_UNITS];
    gr_rect rect[FOGN_MAX_UNITS];
    bool have_rect[FOGN_MAX_UNITS] = {false};
    for (int i = 0; i < s->nunits && s->nobj > 0; i++)
        if (fogn_unit_alive(&st->u[i]) && st->u[i].cohesion < FOGN_WAVERING)
            reach[i] = fogn_unit_reach(&s->units[i], &st->u[i]);
    for (int o = 0; o < s->nobj; o++) {
        int near[2] = {0, 0}, close[2] = {0, 0};
        double nearest[2] = {INFINITY, INFINITY};
        for (int i = 0; i < s->nunits; i++) {
            if (!fogn_unit_alive(&st->u[i]) || st->u[i].cohesion >= FOGN_WAVERING) continue;
            /* a unit whose every part (within its reach of its front-edge
             * centre) is beyond the approach distance counts for nothing */
            double dx = st->u[i].x - s->obj[o].x, dy = st->u[i].y - s->obj[o].y;
            double far = s->obj[o].radius + FOGN_FEATURE_APPROACH_MU + reach[i] + 1e-6;
            if (dx * dx + dy * dy > far * far) continue;
            if (!have_rect[i]) {
                rect[i] = fogn_unit_rect(&s->units[i], &st->u[i]);
                have_rect[i] = true;
            }
            double d = gr_rect_point_dist(&rect[i], gr_v2(s->obj[o].x, s->obj[o].y));
            if (d <= s->obj[o].radius) near[s->units[i].side] = 1;
            if (d <= s->obj[o].radius + FOGN_FEATURE_THREAT_MU) close[s->units[i].side] = 1;
            if (d < nearest[s->units[i].side]) nearest[s->units[i].side] = d;
        }
        if (near[0] && near[1]) t->contested += s->obj[o].points;
        /* threatened by a side: within its reach, and not already its own */
        for (int side = 0; side < 2; side++)
            if (close[side] && st->obj_owner[o] != side) t->threatened[side] += s->obj[o].points;
        /* exposed: the side's own, none of its good-order units on it, and an
         * enemy good-order unit close enough to walk in unopposed next move */
        for (int side = 0; side < 2; side++)
            if (st->obj_owner[o] == side && !near[side] && close[side ^ 1]) t->exposed[side] += s->obj[o].points;
        for (int side = 0; side < 2; side++) {
            double edge = fmax(0.0, nearest[side] - s->obj[o].radius);
            if (st->obj_owner[o] != side && edge < FOGN_FEATURE_APPROACH_MU)
                t->approach[side] += s->obj[o].points * (1.0 - edge / FOGN_FEATURE_APPROACH_MU);
        }
    }
}

/* the terms that take a search of the position, by their index in
 * fogn_term_names; the others are sums over the units */
enum {
    TERM_CONTESTED = 8, TERM_LOC_OCCUPIED = 9, TERM_LOC_THREAT = 10, TERM_THREATENED = 12, TERM_APPROACH = 13,
    TERM_EXPOSED = 14, TERM_FLANK = 15, TERM_FIREPOWER = 16
};

void fogn_terms_some(const void *scn, const void *state, const unsigned char *want, double *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    for (int k = 0; k < 2 * FOGN_TERMS; k++) out[k] = 0;
    obj_terms ot = {0};
    if (want[TERM_CONTESTED] || want[TERM_THREATENED] || want[TERM_APPROACH] || want[TERM_EXPOSED])
        objective_terms(s, st, &ot);
    double fire[2] = {0, 0};
    if (want[TERM_FIREPOWER]) fogn_firepower(s, st, fire);
    for (int side = 0; side < 2; side++) {
        double *v = out + side * FOGN_TERMS;
        double acv = fogn_acv(s, side), att = fogn_attrition_exact(s, st, side);
        double by[4] = {0, 0, 0, 0}, fresh = 0;
        for (int i = 0; i < s->nunits; i++) {
            if (s->units[i].side != side || !fogn_unit_alive(&st->u[i])) continue;
            by[st->u[i].cohesion & 3] += fogn_unit_value(&s->units[i]);
            if (fogn_troop_arm((fogn_troop)s->units[i].troop) == FOGN_ARM_CAV && !(st->u[i].flags & FOGN_UF_SPENT) &&
                st->u[i].cohesion < FOGN_BROKEN)
                fresh++;
        }
        v[0] = acv;
        v[1] = att;
        /* the share of the way to the 50% break point (§14) */
        v[2] = acv > 0 ? att / (acv * FOGN_DEFEAT_PCT / 100.0) : 0;
        for (int c = 0; c < 4; c++) v[3 + c] = by[c];
        /* the objectives a side owns (what counts at a timed end, victory.c) */
        v[7] = fogn_objective_points(s, st, side);
        v[8] = ot.contested;
        if (want[TERM_LOC_OCCUPIED]) v[9] = fogn_loc_occupied(s, st, side) ? 1 : 0;
        if (want[TERM_LOC_THREAT]) {
            double threat = fogn_loc_threat(s, st, side);
            v[10] = isfinite(threat) ? threat : -1;
        }
        v[11] = fresh;
        v[12] = ot.threatened[side];
        v[13] = ot.approach[side];
        v[14] = ot.exposed[side];
        if (want[TERM_FLANK]) v[15] = fogn_flank_exposure(s, st, side);
        v[16] = fire[side];
    }
}

void fogn_terms(const void *scn, const void *state, double *out)
{
    unsigned char all[FOGN_TERMS];
    for (int k = 0; k < FOGN_TERMS; k++) all[k] = 1;
    fogn_terms_some(scn, state, all, out);
}

/* the time left and what it would give: player-moves still to begin before
 * the timed end (0 during the last one), side 0's score were the game to
 * end by time now, and the same count as a number: side 0's lead in
 * attrition points and the lead a win needs */
void fogn_clock(const void *scn, const void *state, gr_clock *out)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    int last = 2 * fogn_turn_limit(s);
    out->moves_left = st->move < last ? last - st->move : 0;
    int tw = fogn_timed_view(s, st, NULL, &out->lead0);
    out->timed_score0 = tw == 0 ? 1.0 : tw == 1 ? 0.0 : 0.5;
    out->band = FOGN_MARGINAL_MARGIN;
}

int fogn_attacker(const void *scn)
{
    const fogn_scenario *s = scn;
    return s->first_side;
}
