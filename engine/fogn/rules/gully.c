/* gully.c - the gully's fire rules (§15.2). A unit wholly inside a gully
 * cannot shoot out of it with artillery, nor at close range with infantry,
 * except at enemies in the same gully or touching its edge; from outside,
 * artillery reaches a unit wholly inside only from the edge, infantry only at
 * medium range unless touching the edge, and nobody farther than 6 MU from
 * the edge sees in at all. A unit only partly inside fires as from rough
 * ground (view.c), with nothing more here. */
#include "gully.h"

#include <stdio.h>

/* the gully piece wholly holding footprint r, -1 none */
static int holding_gully(const fogn_scenario *s, const gr_rect *r)
{
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if (pc->type == GR_T_GULLY && gr_terrain_piece_contains_rect(pc, r)) return k;
    }
    return -1;
}

static bool say(char *why, size_t cap, const char *text)
{
    if (why && cap) snprintf(why, cap, "%s", text);
    return false;
}

bool fogn_gully_fire_ok(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int t, fogn_range r,
                        char *why, size_t cap)
{
    gr_rect tr = fogn_unit_rect(&s->units[t], &st->u[t]);
    int art = fogn_troop_arm((fogn_troop)s->units[f].troop) == FOGN_ARM_ART;
    int gf = holding_gully(s, from), gt = holding_gully(s, &tr);
    if (gf >= 0 && !gr_terrain_piece_touches_rect(&s->terrain.p[gf], &tr)) {
        /* firing out of a gully at someone outside it */
        if (art) return say(why, cap, "artillery wholly in a gully cannot fire out of it (§15.2)");
        if (r == FOGN_RANGE_CLOSE)
            return say(why, cap, "infantry wholly in a gully cannot fire out of it at close range (§15.2)");
    }
    if (gt >= 0 && gt != gf) {
        /* firing into a gully at a unit wholly inside */
        const gr_terrain_piece *g = &s->terrain.p[gt];
        if (gr_terrain_piece_touches_rect(g, from)) return true;
        gr_vec2 c[4];
        gr_rect_corners(from, c);
        double near = gr_point_poly_dist(g->pts, g->npts, c[0]);
        for (int k = 1; k < 4; k++) {
            double d = gr_point_poly_dist(g->pts, g->npts, c[k]);
            if (d < near) near = d;
        }
        if (near > FOGN_GULLY_SIGHT + GR_EPS)
            return say(why, cap, "troops wholly in a gully are seen only from within 6 MU of its edge (§15.2)");
        if (art) return say(why, cap, "artillery reaches troops wholly in a gully only from its edge (§15.2)");
        if (r == FOGN_RANGE_CLOSE)
            return say(why, cap, "troops wholly in a gully are shot at close range only from its edge (§15.2)");
    }
    return true;
}
