/* move.c - the movement step (docs/hexwar.md §3): which hexes a counter can
 * reach with its movement points, and the decision step that walks the
 * moving side's counters in counter order, each moving to one of them or
 * holding. */
#include "hexwar.h"

#include <string.h>

/* every hex a counter can reach lies within HEXWAR_MAX_MP columns and rows
 * of its own, so the search keeps its costs in this window */
#define WIN (2 * HEXWAR_MAX_MP + 1)

static int slot_of(gr_hex from, int col, int row)
{
    int dc = col - from.col, dr = row - from.row;
    if (dc < -HEXWAR_MAX_MP || dc > HEXWAR_MAX_MP || dr < -HEXWAR_MAX_MP || dr > HEXWAR_MAX_MP) return -1;
    return (dc + HEXWAR_MAX_MP) * WIN + dr + HEXWAR_MAX_MP;
}

static gr_hex hex_of_slot(gr_hex from, int slot)
{
    gr_hex h = {from.col + slot / WIN - HEXWAR_MAX_MP, from.row + slot % WIN - HEXWAR_MAX_MP};
    return h;
}

/* the cheapest cost of every hex within the counter's movement points:
 * cost[slot] (-1 not reached); stop[slot] 1 where a zone of control ends
 * the move (§3.6). Costs are whole and at least 1, so running through them
 * in rising order settles each hex before it is left (Dijkstra by buckets). */
static void search(const hexwar_scenario *s, const int8_t *occ, int side, gr_hex from, int mp, int8_t *cost,
                   uint8_t *stop)
{
    memset(cost, -1, WIN * WIN);
    memset(stop, 0, WIN * WIN);
    cost[slot_of(from, from.col, from.row)] = 0;
    for (int c = 0; c < mp; c++)
        for (int k = 0; k < WIN * WIN; k++) {
            if (cost[k] != c || stop[k]) continue;
            gr_hex h = hex_of_slot(from, k);
            for (int d = 0; d < GR_HEX_DIRS; d++) {
                int step = hexwar_enter_cost(s, h.col, h.row, d);
                if (step < 0 || c + step > mp) continue;
                gr_hex n = gr_hex_step(h.col, h.row, d);
                int who = occ[gr_hex_index(s->map, n.col, n.row)];
                if (who >= 0 && s->counters[who].side != side) continue; /* §3.7: not through enemies */
                int ns = slot_of(from, n.col, n.row);
                if (ns < 0 || (cost[ns] >= 0 && cost[ns] <= c + step)) continue;
                cost[ns] = (int8_t)(c + step);
                stop[ns] = (uint8_t)hexwar_in_zoc(s, occ, n.col, n.row, side ^ 1);
            }
        }
}

int hexwar_reachable(const hexwar_scenario *s, const hexwar_state *st, const int8_t *occ, int i, gr_hex *out,
                     int *cost_out)
{
    int8_t cost[WIN * WIN];
    uint8_t stop[WIN * WIN];
    gr_hex from = {st->p[i].col, st->p[i].row};
    search(s, occ, s->counters[i].side, from, hexwar_face_of(s, st, i)->move, cost, stop);
    int n = 0;
    /* in hex index order: row by row, column by column */
    for (int dr = -HEXWAR_MAX_MP; dr <= HEXWAR_MAX_MP; dr++)
        for (int dc = -HEXWAR_MAX_MP; dc <= HEXWAR_MAX_MP; dc++) {
            int k = (dc + HEXWAR_MAX_MP) * WIN + dr + HEXWAR_MAX_MP;
            if (cost[k] <= 0) continue;
            gr_hex h = hex_of_slot(from, k);
            if (occ[gr_hex_index(s->map, h.col, h.row)] >= 0) continue; /* §3.7: end in an empty hex */
            if (cost_out) cost_out[n] = cost[k];
            out[n++] = h;
        }
    return n;
}

int hexwar_can_reach(const hexwar_scenario *s, const hexwar_state *st, int i, int col, int row)
{
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    gr_hex reach[HEXWAR_MAX_REACH];
    hexwar_occupancy(s, st, occ);
    int n = hexwar_reachable(s, st, occ, i, reach, NULL);
    for (int k = 0; k < n; k++)
        if (reach[k].col == col && reach[k].row == row) return 1;
    return 0;
}

/* §3.1: each living counter of the moving side that has somewhere to go */
int hexwar_move_due(const void *scn, const void *state, int cursor)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    if (!hexwar_alive(st, cursor) || s->counters[cursor].side != st->active) return 0;
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    gr_hex reach[HEXWAR_MAX_REACH];
    hexwar_occupancy(s, st, occ);
    return hexwar_reachable(s, st, occ, cursor, reach, NULL) > 0;
}

/* hold, a move to each hex it can reach (target: the hex's index), done */
int hexwar_move_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    int i = st->turn.cursor, n = 0;
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    gr_hex reach[HEXWAR_MAX_REACH];
    hexwar_occupancy(s, st, occ);
    int nr = hexwar_reachable(s, st, occ, i, reach, NULL);
    if (n < max) out[n++] = hexwar_act(HEXWAR_A_HOLD, i, -1);
    for (int k = 0; k < nr && n < max; k++)
        out[n++] = hexwar_act(HEXWAR_A_MOVE, i, gr_hex_index(s->map, reach[k].col, reach[k].row));
    if (n < max) out[n++] = hexwar_act(HEXWAR_A_DONE, -1, -1);
    return n;
}

int hexwar_move_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const hexwar_scenario *s = scn;
    hexwar_state *st = state;
    int i = a->actor;
    gr_log *log = cx ? cx->log : NULL;
    if (a->type == HEXWAR_A_MOVE) {
        if (a->target < 0 || a->target >= s->map->cols * s->map->rows)
            return gr_error_set(err, "%s cannot move there: that hex is not on the map", s->counters[i].name);
        gr_hex to = gr_hex_of_index(s->map, a->target);
        if (!hexwar_can_reach(s, st, i, to.col, to.row))
            return gr_error_set(err, "%s cannot reach hex %d %d this turn (its %d MP, the ground, zones of control "
                                     "and other counters allow only the hexes its menu lists)",
                                s->counters[i].name, to.col, to.row, hexwar_face_of(s, st, i)->move);
        gr_log_add(log, GR_EV_MOVE, s->counters[i].side, "%s moves from %d %d to %d %d", s->counters[i].name,
                   st->p[i].col, st->p[i].row, to.col, to.row);
        st->p[i].col = (uint8_t)to.col;
        st->p[i].row = (uint8_t)to.row;
    } else if (a->type == HEXWAR_A_HOLD) {
        gr_log_add(log, GR_EV_MOVE, s->counters[i].side, "%s holds", s->counters[i].name);
    } else {
        return gr_error_set(err, "in the movement step %s may move or hold, not attack", s->counters[i].name);
    }
    st->turn.cursor++; /* its decision is taken: the next counter's is due */
    return 0;
}
