/* building_road.c - a garrison leaving its built-up area along a road in
 * March Column (§15.4, building.h): where the road leaves the area, which
 * way it runs there, and the column standing on it just outside. */
#include "building.h"

#include <math.h>

#define ROAD_EXIT_STEP 1e-3      /* how far either side of a crossing of the edge is looked at (beyond GR_EPS) */

/* where segment a -> b crosses edge e0 -> e1, as the fraction of the way from a; -1 when it does not */
static double crossing(gr_vec2 a, gr_vec2 b, gr_vec2 e0, gr_vec2 e1)
{
    gr_vec2 r = gr_v2_sub(b, a), q = gr_v2_sub(e1, e0), w = gr_v2_sub(e0, a);
    double den = gr_v2_cross(r, q);
    if (fabs(den) < 1e-12) return -1;
    double t = gr_v2_cross(w, q) / den, u = gr_v2_cross(w, r) / den;
    return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : -1;
}

/* the first fraction of segment a -> b at which it goes from inside polygon p to outside; -1 none */
static double first_exit(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b)
{
    double best = -1, len = gr_v2_dist(a, b);
    if (len < 1e-12) return -1;
    double eps = ROAD_EXIT_STEP / len;
    for (int e = 0; e < p->npts; e++) {
        double t = crossing(a, b, p->pts[e], p->pts[(e + 1) % p->npts]);
        if (t < 0 || (best >= 0 && t >= best)) continue;
        gr_vec2 before = gr_v2_add(a, gr_v2_scale(gr_v2_sub(b, a), t - eps));
        gr_vec2 after = gr_v2_add(a, gr_v2_scale(gr_v2_sub(b, a), t + eps));
        if (gr_point_in_poly(p->pts, p->npts, before) && !gr_point_in_poly(p->pts, p->npts, after)) best = t;
    }
    return best;
}

int fogn_bld_road_exit(const fogn_scenario *s, int k, int dir, gr_vec2 *at, double *heading)
{
    const gr_terrain_piece *area = &s->terrain.p[k];
    for (int r = 0; r < s->terrain.n; r++) {
        const gr_terrain_piece *rd = &s->terrain.p[r];
        if (rd->type != GR_T_ROAD || rd->npts < 2) continue;
        /* the road's points in the order it is walked: forward (+) as written, back (-) reversed */
        for (int i = 0; i + 1 < rd->npts; i++) {
            int ia = dir > 0 ? i : rd->npts - 1 - i, ib = dir > 0 ? i + 1 : rd->npts - 2 - i;
            gr_vec2 a = rd->pts[ia], b = rd->pts[ib];
            double t = first_exit(area, a, b);
            if (t < 0) continue;
            *at = gr_v2_add(a, gr_v2_scale(gr_v2_sub(b, a), t));
            *heading = atan2(b.y - a.y, b.x - a.x);
            return 0;
        }
    }
    return -1;
}

fogn_unit fogn_bld_road_pose(const fogn_scenario *s, const fogn_state *st, int i, gr_vec2 at, double heading)
{
    fogn_unit a = st->u[i];
    a.formation = FOGN_F_COLUMN;
    a.kink = 0;
    a.bend = 0;
    fogn_unit_set_heading(&a, heading);
    a.x = at.x;
    a.y = at.y;
    /* its rear edge on the area's edge: the front-edge centre a column's depth on along the road */
    gr_rect r = fogn_unit_rect(&s->units[i], &a);
    gr_vec2 shift = gr_v2_scale(gr_v2_dir(heading), r.d);
    a.x += shift.x;
    a.y += shift.y;
    return a;
}
