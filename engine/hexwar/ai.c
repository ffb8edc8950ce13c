/* ai.c - what players and the evaluation may know of a hexwar position
 * (gr_ai_view in engine/core/game.h): what an action does, what a counter
 * is and where, each counter's worth and condition, and the side terms the
 * weights in eval/weights/hexwar.json weigh. These are neutral facts for
 * the search, not rules. */
#include "hexwar.h"
#include "../core/ruleset.h"

#include <stdio.h>
#include <string.h>

/* objectives_approach: an objective not yet the side's counts its points
 * times 1 - d / this many hexes, d the distance of the side's nearest
 * counter (an evaluation input, not a rule) */
#define HEXWAR_APPROACH_HEXES 8.0

const char *const hexwar_term_names[HEXWAR_TERMS] = {"strength_lost", "objectives_held", "victory_points",
                                                     "objectives_approach"};

/* the living enemy counter nearest to a hex, -1 none; its distance in *dist */
static int nearest_enemy(const hexwar_scenario *s, const hexwar_state *st, int side, gr_hex h, int *dist)
{
    int best = -1;
    *dist = 1 << 20;
    for (int j = 0; j < s->ncounters; j++) {
        if (!hexwar_alive(st, j) || s->counters[j].side == side) continue;
        int d = gr_hex_distance(h.col, h.row, st->p[j].col, st->p[j].row);
        if (d < *dist) {
            *dist = d;
            best = j;
        }
    }
    return best;
}

/* the objective not held by `side` nearest to a hex, -1 none */
static int nearest_objective(const hexwar_scenario *s, const hexwar_state *st, int side, gr_hex h, int *dist)
{
    int best = -1;
    *dist = 1 << 20;
    for (int k = 0; k < s->nobjectives; k++) {
        if (st->owner[k] == side) continue;
        int d = gr_hex_distance(h.col, h.row, s->objectives[k].hex.col, s->objectives[k].hex.row);
        if (d < *dist) {
            *dist = d;
            best = k;
        }
    }
    return best;
}

/* a move: toward an enemy, toward an objective, away, or sideways */
static void move_info(const hexwar_scenario *s, const hexwar_state *st, const gr_action *a, gr_action_info *out)
{
    int i = a->actor, side = s->counters[i].side, d0, d1, o0, o1;
    gr_hex from = {st->p[i].col, st->p[i].row}, to = gr_hex_of_index(s->map, a->target);
    nearest_enemy(s, st, side, from, &d0);
    nearest_objective(s, st, side, from, &o0);
    int e1 = nearest_enemy(s, st, side, to, &d1), k1 = nearest_objective(s, st, side, to, &o1);
    if (e1 >= 0 && d1 < d0) {
        out->kind = GR_AK_ADVANCE;
        out->enemy = (int16_t)e1;
    } else if (k1 >= 0 && o1 < o0) {
        out->kind = GR_AK_ADVANCE;
        out->objective = (int16_t)k1;
    } else if (e1 >= 0 && d1 > d0) {
        out->kind = GR_AK_WITHDRAW;
    } else {
        out->kind = GR_AK_MANOEUVRE;
    }
}

void hexwar_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    memset(out, 0, sizeof *out);
    out->shape = GR_SHAPE_NONE;
    out->unit = out->enemy = out->objective = -1;
    if (a->type == HEXWAR_A_DONE || a->actor < 0 || a->actor >= s->ncounters) {
        out->kind = GR_AK_PASS;
        return;
    }
    out->unit = a->actor;
    switch (a->type) {
    case HEXWAR_A_HOLD: out->kind = GR_AK_HOLD; break;
    case HEXWAR_A_ATTACK:
        out->kind = GR_AK_ATTACK;
        out->enemy = a->target;
        break;
    case HEXWAR_A_MOVE:
        if (a->target >= 0 && a->target < s->map->cols * s->map->rows) move_info(s, st, a, out);
        else out->kind = GR_AK_MANOEUVRE;
        break;
    default: out->kind = GR_AK_PASS; break;
    }
}

int hexwar_unit_count(const void *scn) { return ((const hexwar_scenario *)scn)->ncounters; }

static double counter_value(const hexwar_counter *c) { return c->face[0].attack + c->face[0].defence; }

void hexwar_unit_info(const void *scn, const void *state, int i, gr_unit_info *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    static const int arms[HEXWAR_ARM_COUNT] = {GR_ARM_INF, GR_ARM_CAV, GR_ARM_ART};
    memset(out, 0, sizeof *out);
    out->side = s->counters[i].side;
    out->arm = arms[s->counters[i].arm];
    out->shape = GR_SHAPE_NONE;
    out->alive = hexwar_alive(st, i);
    out->cohesion = st->p[i].steps >= 2 ? 0 : 1;
    out->levels = HEXWAR_LEVELS;
    gr_hex_centre(st->p[i].col, st->p[i].row, &out->x, &out->y);
    out->value = counter_value(&s->counters[i]);
    gr_rs_unit_label(out, s->counters[i].name, 'c', i);
}

void hexwar_unit_worth(const void *scn, const void *state, int i, gr_unit_worth *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    memset(out, 0, sizeof *out);
    out->side = s->counters[i].side;
    out->value = counter_value(&s->counters[i]);
    out->level = st->p[i].steps >= 2 ? 0 : st->p[i].steps == 1 ? 1 : HEXWAR_LEVELS;
    out->worn = 0;
}

/* objectives_approach of one side */
static double approach(const hexwar_scenario *s, const hexwar_state *st, int side)
{
    double sum = 0;
    for (int k = 0; k < s->nobjectives; k++) {
        if (st->owner[k] == side) continue;
        int best = 1 << 20;
        for (int i = 0; i < s->ncounters; i++) {
            if (!hexwar_alive(st, i) || s->counters[i].side != side) continue;
            int d = gr_hex_distance(st->p[i].col, st->p[i].row, s->objectives[k].hex.col, s->objectives[k].hex.row);
            if (d < best) best = d;
        }
        if (best < HEXWAR_APPROACH_HEXES) sum += s->objectives[k].points * (1.0 - best / HEXWAR_APPROACH_HEXES);
    }
    return sum;
}

void hexwar_terms(const void *scn, const void *state, double *out)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    for (int side = 0; side < 2; side++) {
        double *t = out + side * HEXWAR_TERMS;
        int held = 0;
        for (int k = 0; k < s->nobjectives; k++)
            if (st->owner[k] == side) held += s->objectives[k].points;
        t[0] = (double)hexwar_steps_lost(s, st, side) / s->start_steps[side];
        t[1] = held;
        t[2] = hexwar_victory_points(s, st, side);
        t[3] = approach(s, st, side);
    }
}
