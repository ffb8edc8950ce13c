/* retreat.c - retreats after combat (docs/hexwar.md §5): the hex a
 * defender falls back to, chosen by rule so that no decision is needed,
 * and the step lost when there is none. */
#include "hexwar.h"

#include <math.h>

/* how far a hex is from the nearest of the attackers */
static int gap(const hexwar_state *st, gr_hex h, const int *attackers, int n)
{
    int best = 1 << 20;
    for (int k = 0; k < n; k++) {
        int d = gr_hex_distance(h.col, h.row, st->p[attackers[k]].col, st->p[attackers[k]].row);
        if (d < best) best = d;
    }
    return best;
}

/* §5.1: a hex the counter may retreat into across the side `dir` of its own */
static int may_retreat(const hexwar_scenario *s, const hexwar_state *st, const int8_t *occ, int i, int dir,
                       gr_hex *to)
{
    int col = st->p[i].col, row = st->p[i].row;
    if (!gr_hex_neighbour(s->map, col, row, dir, to)) return 0;
    if (gr_hex_terrain(s->map, to->col, to->row) == HEXWAR_WATER) return 0;
    if (occ[gr_hex_index(s->map, to->col, to->row)] >= 0) return 0;
    if (hexwar_river_between(s, col, row, dir)) return 0;
    return !hexwar_in_zoc(s, occ, to->col, to->row, s->counters[i].side ^ 1);
}

/* §5.2: farthest from the attackers, then nearest the counter's own edge
 * (side 0 the south, side 1 the north), then the lowest hex index */
static int better(const hexwar_scenario *s, const hexwar_state *st, int side, gr_hex a, gr_hex b,
                  const int *attackers, int n)
{
    int ga = gap(st, a, attackers, n), gb = gap(st, b, attackers, n);
    if (ga != gb) return ga > gb;
    double xa, ya, xb, yb;
    gr_hex_centre(a.col, a.row, &xa, &ya);
    gr_hex_centre(b.col, b.row, &xb, &yb);
    if (fabs(ya - yb) > 1e-9) return side == 0 ? ya < yb : ya > yb;
    return gr_hex_index(s->map, a.col, a.row) < gr_hex_index(s->map, b.col, b.row);
}

void hexwar_retreat(const hexwar_scenario *s, hexwar_state *st, int i, const int *attackers, int nattackers,
                    gr_log *log)
{
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    hexwar_occupancy(s, st, occ);
    int found = 0;
    gr_hex best = {0, 0};
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        gr_hex to;
        if (!may_retreat(s, st, occ, i, d, &to)) continue;
        if (!found || better(s, st, s->counters[i].side, to, best, attackers, nattackers)) best = to;
        found = 1;
    }
    if (!found) {
        gr_log_add(log, GR_EV_MOVE, s->counters[i].side, "%s has nowhere to retreat and loses a step instead",
                   s->counters[i].name);
        hexwar_lose_step(s, st, i, log); /* §5.3 */
        return;
    }
    gr_log_add(log, GR_EV_MOVE, s->counters[i].side, "%s retreats from %d %d to %d %d", s->counters[i].name,
               st->p[i].col, st->p[i].row, best.col, best.row);
    st->p[i].col = (uint8_t)best.col;
    st->p[i].row = (uint8_t)best.row;
}
