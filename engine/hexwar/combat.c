/* combat.c - combat (docs/hexwar.md §4, §5): the decision step in which
 * the moving side's counters next to an enemy each attack one adjacent
 * enemy or hold, and the automatic step that resolves every attacked
 * counter on one d10, with step losses and retreats. */
#include "hexwar.h"

#include <stdio.h>
#include <string.h>

/* an enemy counter adjacent to counter i in direction d, or -1 */
static int enemy_towards(const hexwar_scenario *s, const hexwar_state *st, const int8_t *occ, int i, int d)
{
    gr_hex n;
    if (!gr_hex_neighbour(s->map, st->p[i].col, st->p[i].row, d, &n)) return -1;
    int j = occ[gr_hex_index(s->map, n.col, n.row)];
    return j >= 0 && s->counters[j].side != s->counters[i].side ? j : -1;
}

/* §4.1: each living counter of the moving side with an enemy next to it */
int hexwar_attack_due(const void *scn, const void *state, int cursor)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    if (!hexwar_alive(st, cursor) || s->counters[cursor].side != st->active) return 0;
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    hexwar_occupancy(s, st, occ);
    for (int d = 0; d < GR_HEX_DIRS; d++)
        if (enemy_towards(s, st, occ, cursor, d) >= 0) return 1;
    return 0;
}

/* hold, an attack on each adjacent enemy (N round to NW; target: the enemy counter), done */
int hexwar_attack_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    int i = st->turn.cursor, n = 0;
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    hexwar_occupancy(s, st, occ);
    if (n < max) out[n++] = hexwar_act(HEXWAR_A_HOLD, i, -1);
    for (int d = 0; d < GR_HEX_DIRS && n < max; d++) {
        int j = enemy_towards(s, st, occ, i, d);
        if (j >= 0) out[n++] = hexwar_act(HEXWAR_A_ATTACK, i, j);
    }
    if (n < max) out[n++] = hexwar_act(HEXWAR_A_DONE, -1, -1);
    return n;
}

int hexwar_attack_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const hexwar_scenario *s = scn;
    hexwar_state *st = state;
    int i = a->actor, j = a->target;
    gr_log *log = cx ? cx->log : NULL;
    if (a->type == HEXWAR_A_ATTACK) {
        int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
        hexwar_occupancy(s, st, occ);
        int adjacent = 0;
        for (int d = 0; d < GR_HEX_DIRS; d++) adjacent |= j >= 0 && enemy_towards(s, st, occ, i, d) == j;
        if (!adjacent)
            return gr_error_set(err, "%s can attack only an enemy counter in a hex next to it", s->counters[i].name);
        st->p[i].target = (int8_t)j;
        gr_log_add(log, GR_EV_NOTE, s->counters[i].side, "%s will attack %s at %d %d", s->counters[i].name,
                   s->counters[j].name, st->p[j].col, st->p[j].row);
    } else if (a->type != HEXWAR_A_HOLD) {
        return gr_error_set(err, "in the combat step %s may attack or hold, not move", s->counters[i].name);
    }
    st->turn.cursor++;
    return 0;
}

int hexwar_attackers(const hexwar_scenario *s, const hexwar_state *st, int defender, int *who, int *total)
{
    int n = 0;
    *total = 0;
    for (int i = 0; i < s->ncounters; i++)
        if (hexwar_alive(st, i) && st->p[i].target == defender) {
            who[n++] = i;
            *total += hexwar_face_of(s, st, i)->attack;
        }
    return n;
}

/* §4.3: woods add 1; a town or a hill doubles; so does a river crossed by
 * every attacker; the defence is doubled at most once */
int hexwar_defence(const hexwar_scenario *s, const hexwar_state *st, int j)
{
    int who[HEXWAR_MAX_COUNTERS], total;
    int n = hexwar_attackers(s, st, j, who, &total);
    int col = st->p[j].col, row = st->p[j].row, t = gr_hex_terrain(s->map, col, row);
    int def = hexwar_face_of(s, st, j)->defence + (t == HEXWAR_WOODS ? 1 : 0);
    int doubled = t == HEXWAR_TOWN || t == HEXWAR_HILL;
    int across = n > 0;
    for (int k = 0; k < n; k++) {
        int d = gr_hex_dir_to(col, row, st->p[who[k]].col, st->p[who[k]].row);
        if (d < 0 || !hexwar_river_between(s, col, row, d)) across = 0;
    }
    return doubled || across ? 2 * def : def;
}

int hexwar_lose_step(const hexwar_scenario *s, hexwar_state *st, int i, gr_log *log)
{
    if (!hexwar_alive(st, i)) return 1;
    st->p[i].steps--;
    if (st->p[i].steps == 0) {
        st->p[i].target = -1;
        gr_log_add(log, GR_EV_MOVE, s->counters[i].side, "%s is eliminated", s->counters[i].name);
        return 1;
    }
    gr_log_add(log, GR_EV_MOVE, s->counters[i].side, "%s loses a step and is reduced to %d-%d-%d",
               s->counters[i].name, s->counters[i].face[1].attack, s->counters[i].face[1].defence,
               s->counters[i].face[1].move);
    return 0;
}

/* §4.6 AL: the attacker with the highest attack strength, the first in counter order among equals */
static int strongest(const hexwar_scenario *s, const hexwar_state *st, const int *who, int n)
{
    int best = -1;
    for (int k = 0; k < n; k++)
        if (hexwar_alive(st, who[k]) &&
            (best < 0 || hexwar_face_of(s, st, who[k])->attack > hexwar_face_of(s, st, best)->attack))
            best = who[k];
    return best;
}

static void apply_result(const hexwar_scenario *s, hexwar_state *st, int j, const int *who, int n, hexwar_crt_result r,
                         gr_log *log)
{
    switch (r) {
    case HEXWAR_AE:
        for (int k = 0; k < n; k++) {
            st->p[who[k]].steps = 1;
            hexwar_lose_step(s, st, who[k], log);
        }
        break;
    case HEXWAR_AL: hexwar_lose_step(s, st, strongest(s, st, who, n), log); break;
    case HEXWAR_EX:
        hexwar_lose_step(s, st, j, log);
        hexwar_lose_step(s, st, strongest(s, st, who, n), log);
        break;
    case HEXWAR_DR: hexwar_retreat(s, st, j, who, n, log); break;
    case HEXWAR_DL:
        if (!hexwar_lose_step(s, st, j, log)) hexwar_retreat(s, st, j, who, n, log);
        break;
    case HEXWAR_DE:
        st->p[j].steps = 1;
        hexwar_lose_step(s, st, j, log);
        break;
    default: break;
    }
}

/* one attacked counter: odds, the die, the result (§4.3-§4.6); -1 when the dice failed */
static int resolve_one(const hexwar_scenario *s, hexwar_state *st, int j, gr_dice *dice, gr_log *log)
{
    int who[HEXWAR_MAX_COUNTERS], attack;
    int n = hexwar_attackers(s, st, j, who, &attack);
    int defence = hexwar_defence(s, st, j), column = hexwar_odds_column(attack, defence);
    char purpose[160];
    snprintf(purpose, sizeof purpose, "combat against %s at %d %d, %d to %d, odds %s", s->counters[j].name,
             st->p[j].col, st->p[j].row, attack, defence, hexwar_column_name(column));
    int die = dice ? gr_dice_dn(dice, HEXWAR_CRT_DIE, purpose) : 0;
    if (!die) return -1;
    hexwar_crt_result r = hexwar_crt(column, die);
    gr_log_add(log, GR_EV_TEST, st->active, "against %s: %s (%s)", s->counters[j].name, hexwar_result_words(r),
               hexwar_result_name(r));
    apply_result(s, st, j, who, n, r, log);
    return 0;
}

/* §4.2: every attacked counter in counter order, then the attacks are forgotten */
int hexwar_resolve(const hexwar_scenario *s, hexwar_state *st, const gr_ctx *cx)
{
    gr_dice *dice = cx ? cx->dice : NULL;
    gr_log *log = cx ? cx->log : NULL;
    int side = dice ? dice->side : -1;
    if (dice) dice->side = st->active;
    int rc = 0;
    for (int j = 0; j < s->ncounters && !rc; j++) {
        int who[HEXWAR_MAX_COUNTERS], attack;
        if (!hexwar_alive(st, j) || hexwar_attackers(s, st, j, who, &attack) == 0) continue;
        rc = resolve_one(s, st, j, dice, log);
    }
    if (dice) dice->side = side;
    for (int i = 0; i < s->ncounters; i++) st->p[i].target = -1;
    return rc;
}
