/* town_charge.c - meeting a charge at the edge of a town base
 * (town_charge.h). */
#include "town_charge.h"
#include "footprint.h"
#include "ground.h"
#include "town.h"

#include <math.h>

gr_rect lasalle_town_rect(const lasalle_scenario *s, int k)
{
    gr_vec2 u, v;
    double lo[2], hi[2];
    lasalle_town_frame(s, k, &u, &v, lo, hi);
    /* facing v: the front edge runs along u at the far side */
    gr_vec2 fc = gr_v2_add(gr_v2_scale(u, (lo[0] + hi[0]) / 2), gr_v2_scale(v, hi[1]));
    return gr_rect_make(fc, atan2(v.y, v.x), hi[0] - lo[0], hi[1] - lo[1]);
}

int lasalle_town_charge_slides(const lasalle_scenario *s, const lasalle_state *st, int i, int j, gr_vec2 *at)
{
    if (st->u[j].form == LASALLE_TOWN) return 0;
    gr_rect h = lasalle_hull(s, st, j), ci = lasalle_hull(s, st, i);
    int k = lasalle_town_of(s, &h);
    if (k < 0) return 0;
    gr_rect b = lasalle_town_rect(s, k);
    gr_vec2 bc[4], hc[4], cc[4];
    gr_rect_corners(&b, bc);
    gr_rect_corners(&h, hc);
    gr_rect_corners(&ci, cc);
    double near[4];
    gr_vec2 shift[4];
    for (int e = 0; e < 4; e++) {
        gr_vec2 p0 = bc[e], p1 = bc[(e + 1) & 3], d = gr_v2_sub(p1, p0);
        gr_vec2 n = gr_v2_scale(gr_v2(-d.y, d.x), 1.0 / gr_v2_len(d)); /* outward: the corners run clockwise */
        double most = -INFINITY;
        for (int q = 0; q < 4; q++) most = fmax(most, gr_v2_dot(gr_v2_sub(hc[q], p0), n));
        shift[e] = gr_v2_scale(n, -most); /* most <= 0 inside the base: move out by -most */
        near[e] = INFINITY;
        for (int q = 0; q < 4; q++) near[e] = fmin(near[e], gr_point_seg_dist(cc[q], p0, p1));
    }
    int order[4] = {0, 1, 2, 3};
    for (int a = 1; a < 4; a++)
        for (int c = a; c > 0 && near[order[c]] < near[order[c - 1]]; c--) {
            int t = order[c];
            order[c] = order[c - 1];
            order[c - 1] = t;
        }
    for (int q = 0; q < 4; q++) at[q] = gr_v2_add(gr_v2(st->u[j].x, st->u[j].y), shift[order[q]]);
    return 4;
}
