/* loc.c - the Line of Communications marker (§3.5, §13): a 1.5 BW square on
 * its owner's base edge that never moves. It is occupied when an enemy unit
 * able to hold it touches it and no unit of the owner contests it; while it
 * is occupied every cohesion test of the owner needs one more. */
#include "loc.h"
#include "footprint.h"

#include <math.h>

gr_rect fogn_loc_rect(const fogn_scenario *s, int side)
{
    /* the marker square, "facing" up the table like a commander's base */
    gr_vec2 c = s->loc[side];
    return gr_rect_make(gr_v2(c.x, c.y + FOGN_LOC_BASE / 2), GR_PI / 2, FOGN_LOC_BASE, FOGN_LOC_BASE);
}

static int touches(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *r)
{
    /* too far for any part to come within the contact tolerance: no
     * footprint need be built (the exact test below would say the same) */
    if (fogn_unit_clearly_apart_from(s, st, unit, r, FOGN_CONTACT_TOL)) return 0;
    gr_rect a[2];
    int n = fogn_unit_rects(&s->units[unit], &st->u[unit], a);
    for (int k = 0; k < n; k++)
        if (gr_rect_within(&a[k], r, FOGN_CONTACT_TOL)) return 1;
    return 0;
}

static int touch_units(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    gr_rect a[2], b[2];
    int na = fogn_unit_rects(&s->units[i], &st->u[i], a), nb = fogn_unit_rects(&s->units[j], &st->u[j], b);
    for (int x = 0; x < na; x++)
        for (int y = 0; y < nb; y++)
            if (gr_rect_within(&a[x], &b[y], FOGN_CONTACT_TOL)) return 1;
    return 0;
}

int fogn_loc_occupier(const fogn_scenario *s, const fogn_state *st, int side)
{
    if (!s->has_loc[side]) return -1;
    gr_rect m = fogn_loc_rect(s, side);
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (s->units[i].side == side || !fogn_unit_alive(u)) continue;
        if (u->cohesion >= FOGN_WAVERING || (u->flags & FOGN_UF_ABANDONED)) continue;
        if (fogn_troop_arm((fogn_troop)s->units[i].troop) == FOGN_ARM_ART || u->formation == FOGN_F_COLUMN) continue;
        if (!touches(s, st, i, &m)) continue;
        /* contested: one of the owner's units touches it, or touches the occupier */
        int contested = 0;
        for (int j = 0; j < s->nunits && !contested; j++) {
            if (s->units[j].side != side || !fogn_unit_alive(&st->u[j])) continue;
            if (touches(s, st, j, &m) || touch_units(s, st, i, j)) contested = 1;
        }
        if (!contested) return i;
    }
    return -1;
}

bool fogn_loc_occupied(const fogn_scenario *s, const fogn_state *st, int side)
{
    return fogn_loc_occupier(s, st, side) >= 0;
}

double fogn_loc_threat(const fogn_scenario *s, const fogn_state *st, int side)
{
    if (!s->has_loc[side]) return INFINITY;
    gr_rect m = fogn_loc_rect(s, side);
    double d = INFINITY;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit *u = &st->u[i];
        if (s->units[i].side == side || !fogn_unit_alive(u) || u->cohesion == FOGN_BROKEN) continue;
        /* every part of the unit lies within its reach of its front-edge
         * centre: a unit that cannot come nearer than d changes nothing */
        if (gr_rect_point_dist(&m, gr_v2(u->x, u->y)) - fogn_unit_reach(&s->units[i], u) > d) continue;
        gr_rect a[2];
        int n = fogn_unit_rects(&s->units[i], u, a);
        for (int k = 0; k < n; k++) {
            double x = gr_rect_dist(&a[k], &m);
            if (x < d) d = x;
        }
    }
    return d;
}
