/* invariants.c - what must hold in every hexwar position, checked after
 * every action by the soak tests and the end-to-end games: counters on the
 * map, one to a hex, never stronger than they started; attacks only on
 * adjacent enemies during the combat step; the step table at a decision
 * that is really due; every byte outside the scenario's counters and
 * objectives zero (states are compared byte for byte). */
#include "hexwar.h"

#include <string.h>

static int check_piece(const hexwar_scenario *s, const hexwar_state *st, const int8_t *occ, int i, gr_error *err)
{
    const hexwar_piece *p = &st->p[i];
    const hexwar_counter *c = &s->counters[i];
    if (p->steps > c->steps)
        return gr_error_set(err, "c%d (%s) has %d steps, more than its %d at the start", i, c->name, p->steps,
                            c->steps);
    if (!hexwar_alive(st, i)) {
        if (p->target != -1)
            return gr_error_set(err, "c%d (%s) is eliminated but still attacks c%d", i, c->name, p->target);
        return 0;
    }
    if (!gr_hex_on_map(s->map, p->col, p->row))
        return gr_error_set(err, "c%d (%s) is off the map at %d %d", i, c->name, p->col, p->row);
    if (gr_hex_terrain(s->map, p->col, p->row) == HEXWAR_WATER)
        return gr_error_set(err, "c%d (%s) stands in water at %d %d", i, c->name, p->col, p->row);
    if (occ[gr_hex_index(s->map, p->col, p->row)] != i)
        return gr_error_set(err, "c%d (%s) shares hex %d %d with another counter", i, c->name, p->col, p->row);
    if (p->target == -1) return 0;
    int j = p->target;
    if (st->turn.step != HEXWAR_ST_ATTACK)
        return gr_error_set(err, "c%d (%s) still has an attack declared outside the combat step", i, c->name);
    if (j < 0 || j >= s->ncounters || !hexwar_alive(st, j) || s->counters[j].side == c->side || c->side != st->active)
        return gr_error_set(err, "c%d (%s) attacks c%d, which is not a living enemy of the moving side", i, c->name, j);
    if (gr_hex_distance(p->col, p->row, st->p[j].col, st->p[j].row) != 1)
        return gr_error_set(err, "c%d (%s) attacks c%d, which is not next to it", i, c->name, j);
    return 0;
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < n; k++)
        if (b[k]) return 0;
    return 1;
}

static int check_turn(const hexwar_scenario *s, const hexwar_state *st, gr_error *err)
{
    const gr_turn *t = &st->turn;
    if (st->active > 1) return gr_error_set(err, "the moving side is %d", st->active);
    if (st->game_turn < 1 || st->game_turn > s->turns)
        return gr_error_set(err, "game turn %d of %d", st->game_turn, s->turns);
    if (t->over != (st->end != HEXWAR_PLAYING))
        return gr_error_set(err, "the game is over in the step table but not in the result, or the other way round");
    if (t->over) return 0;
    if (t->step != HEXWAR_ST_MOVE && t->step != HEXWAR_ST_ATTACK)
        return gr_error_set(err, "no decision is due: the step is %d", t->step);
    if (t->cursor < 0 || t->cursor >= s->ncounters)
        return gr_error_set(err, "the decision's counter is c%d", t->cursor);
    int due = t->step == HEXWAR_ST_MOVE ? hexwar_move_due(s, st, t->cursor) : hexwar_attack_due(s, st, t->cursor);
    if (!due) return gr_error_set(err, "c%d has no decision to take in this step", t->cursor);
    if (t->decider != st->active)
        return gr_error_set(err, "side %d decides in side %d's player-turn", t->decider, st->active);
    return 0;
}

int hexwar_check_invariants(const void *scn, const void *state, gr_error *err)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    memset(occ, -1, sizeof occ);
    for (int i = 0; i < s->ncounters; i++) {
        if (!hexwar_alive(st, i) || !gr_hex_on_map(s->map, st->p[i].col, st->p[i].row)) continue;
        int k = gr_hex_index(s->map, st->p[i].col, st->p[i].row);
        if (occ[k] < 0) occ[k] = (int8_t)i;
    }
    for (int i = 0; i < s->ncounters; i++)
        if (check_piece(s, st, occ, i, err)) return -1;
    if (!all_zero(&st->p[s->ncounters], sizeof st->p[0] * (size_t)(HEXWAR_MAX_COUNTERS - s->ncounters)) ||
        !all_zero(&st->owner[s->nobjectives], (size_t)(HEXWAR_MAX_OBJECTIVES - s->nobjectives)) ||
        !all_zero(st->pad, sizeof st->pad) || st->turn.pad)
        return gr_error_set(err, "bytes beyond the scenario's counters and objectives, or padding, are not zero");
    for (int k = 0; k < s->nobjectives; k++)
        if (st->owner[k] < -1 || st->owner[k] > 1)
            return gr_error_set(err, "objective %s is owned by side %d", s->objectives[k].name, st->owner[k]);
    return check_turn(s, st, err);
}
