/* map.c - the ground under the counters (docs/hexwar.md §1, §3.2-§3.6):
 * the names of terrain, hexside features and arms, which counter stands
 * where, what entering a hex costs, and zones of control. */
#include "hexwar.h"

#include <string.h>

const char *const hexwar_terrain_names[HEXWAR_TERRAIN_COUNT] = {"clear", "woods", "hill", "town", "marsh", "water"};
const char *const hexwar_feature_names[HEXWAR_FEATURE_COUNT] = {"river", "road", "bridge"};
const char *const hexwar_arm_names[HEXWAR_ARM_COUNT] = {"infantry", "cavalry", "artillery"};

/* §3.2: movement points to enter a hex of each terrain; -1 may not be entered */
static const int terrain_cost[HEXWAR_TERRAIN_COUNT] = {1, 2, 2, 1, 3, -1};
/* §3.3, §3.4 */
#define HEXWAR_ROAD_COST 1
#define HEXWAR_RIVER_EXTRA 2

int hexwar_alive(const hexwar_state *st, int i) { return st->p[i].steps > 0; }

const hexwar_face *hexwar_face_of(const hexwar_scenario *s, const hexwar_state *st, int i)
{
    return &s->counters[i].face[st->p[i].steps >= 2 ? 0 : 1];
}

void hexwar_occupancy(const hexwar_scenario *s, const hexwar_state *st, int8_t *occ)
{
    memset(occ, -1, (size_t)s->map->cols * (size_t)s->map->rows);
    for (int i = 0; i < s->ncounters; i++)
        if (hexwar_alive(st, i)) occ[gr_hex_index(s->map, st->p[i].col, st->p[i].row)] = (int8_t)i;
}

int hexwar_counter_at(const hexwar_scenario *s, const hexwar_state *st, int col, int row)
{
    for (int i = 0; i < s->ncounters; i++)
        if (hexwar_alive(st, i) && st->p[i].col == col && st->p[i].row == row) return i;
    return -1;
}

int hexwar_river_between(const hexwar_scenario *s, int col, int row, int dir)
{
    unsigned f = gr_hex_side(s->map, col, row, dir);
    return (f & HEXWAR_RIVER) && !(f & HEXWAR_BRIDGE);
}

int hexwar_enter_cost(const hexwar_scenario *s, int col, int row, int dir)
{
    gr_hex to;
    if (!gr_hex_neighbour(s->map, col, row, dir, &to)) return -1;
    int base = terrain_cost[gr_hex_terrain(s->map, to.col, to.row)];
    if (base < 0) return -1;
    unsigned f = gr_hex_side(s->map, col, row, dir);
    if (f & HEXWAR_ROAD) base = HEXWAR_ROAD_COST;
    if (hexwar_river_between(s, col, row, dir)) base += HEXWAR_RIVER_EXTRA;
    return base;
}

int hexwar_in_zoc(const hexwar_scenario *s, const int8_t *occ, int col, int row, int enemy)
{
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        gr_hex n;
        if (!gr_hex_neighbour(s->map, col, row, d, &n)) continue;
        int j = occ[gr_hex_index(s->map, n.col, n.row)];
        if (j < 0 || s->counters[j].side != enemy) continue;
        if (hexwar_river_between(s, col, row, d)) continue; /* §3.6: no zone across a river */
        return 1;
    }
    return 0;
}
