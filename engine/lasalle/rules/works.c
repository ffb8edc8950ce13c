/* works.c - trenches and field works kept by the state (works.h). */
#include "works.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <math.h>

gr_vec2 lasalle_work_a(const lasalle_work *w) { return (gr_vec2){w->ax, w->ay}; }
gr_vec2 lasalle_work_b(const lasalle_work *w) { return (gr_vec2){w->bx, w->by}; }

gr_vec2 lasalle_work_front(const lasalle_work *w)
{
    gr_vec2 d = gr_v2_sub(lasalle_work_b(w), lasalle_work_a(w));
    double n = gr_v2_len(d);
    return n > 0 ? (gr_vec2){-d.y / n, d.x / n} : (gr_vec2){0, 0};
}

int lasalle_works_add(lasalle_state *st, gr_vec2 a, gr_vec2 b, int kind)
{
    if (st->nworks >= LASALLE_MAX_WORKS) return -1;
    lasalle_work *w = &st->works[st->nworks++];
    *w = (lasalle_work){.ax = (float)a.x, .ay = (float)a.y, .bx = (float)b.x, .by = (float)b.y, .kind = (uint8_t)kind};
    return 0;
}

int lasalle_works_dig(const lasalle_scenario *s, lasalle_state *st, int i)
{
    gr_rect h = lasalle_hull(s, st, i);
    return lasalle_works_add(st, gr_rect_corner(&h, GR_FL), gr_rect_corner(&h, GR_FR), LASALLE_WORK_TRENCH);
}

/* obstacle k (in the one numbering) is a piece of works made in play */
static int is_work(const lasalle_scenario *s, int k) { return k >= s->terrain.n; }

const gr_vec2 *lasalle_obstacle_line(const lasalle_scenario *s, const lasalle_state *st, int k, gr_vec2 buf[2],
                                     int *npts)
{
    if (!is_work(s, k)) {
        *npts = s->terrain.p[k].npts;
        return s->terrain.p[k].pts;
    }
    const lasalle_work *w = &st->works[k - s->terrain.n];
    buf[0] = lasalle_work_a(w);
    buf[1] = lasalle_work_b(w);
    *npts = 2;
    return buf;
}

const char *lasalle_obstacle_name(const lasalle_scenario *s, const lasalle_state *st, int k)
{
    if (k < 0) return "";
    if (!is_work(s, k)) return s->terrain.p[k].name;
    return st && st->works[k - s->terrain.n].kind == LASALLE_WORK_FIELD ? "field works" : "a dug trench";
}

/* the distance from a segment to a rectangle's outline, 0 when they meet */
static double seg_rect_dist(gr_vec2 a, gr_vec2 b, const gr_rect *r)
{
    gr_vec2 c[4], line[2] = {a, b};
    gr_rect_corners(r, c);
    return gr_polyline_poly_dist(line, 2, c, 4);
}

int lasalle_touches_obstacle_st(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull, int k,
                                double tol)
{
    if (!is_work(s, k)) return lasalle_touches_obstacle(s, hull, k, tol);
    const lasalle_work *w = &st->works[k - s->terrain.n];
    return seg_rect_dist(lasalle_work_a(w), lasalle_work_b(w), hull) <= tol;
}

int lasalle_works_meet_poly(const lasalle_state *st, const gr_vec2 *poly, int n)
{
    for (int w = 0; w < st->nworks; w++)
        if (gr_seg_poly_intersect(lasalle_work_a(&st->works[w]), lasalle_work_b(&st->works[w]), poly, n)) return w;
    return -1;
}

int lasalle_works_cover(const lasalle_state *st, const gr_rect *hull, const gr_rect *from)
{
    gr_vec2 p = gr_rect_centre(from), q = gr_rect_centre(hull);
    for (int w = 0; w < st->nworks; w++) {
        gr_vec2 a = lasalle_work_a(&st->works[w]), b = lasalle_work_b(&st->works[w]);
        if (seg_rect_dist(a, b, hull) <= LASALLE_CONTACT_EPS && gr_seg_intersect(p, q, a, b))
            return LASALLE_COVER_SOFT;
    }
    return LASALLE_COVER_NONE;
}

int lasalle_works_obstruct(const lasalle_state *st, const gr_rect *from, const gr_rect *to, gr_vec2 p, gr_vec2 q)
{
    for (int w = 0; w < st->nworks; w++) {
        gr_vec2 a = lasalle_work_a(&st->works[w]), b = lasalle_work_b(&st->works[w]);
        if (gr_seg_intersect(p, q, a, b) && seg_rect_dist(a, b, from) > LASALLE_CONTACT_EPS &&
            seg_rect_dist(a, b, to) > LASALLE_CONTACT_EPS)
            return 1;
    }
    return 0;
}

int lasalle_holds_works(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    if (!lasalle_alive(st, i)) return 0;
    gr_rect h = lasalle_hull(s, st, i);
    gr_vec2 c = gr_rect_centre(&h), f = gr_rect_fwd(&h);
    for (int w = 0; w < st->nworks; w++) {
        const lasalle_work *wk = &st->works[w];
        gr_vec2 a = lasalle_work_a(wk), fr = lasalle_work_front(wk);
        if (seg_rect_dist(a, lasalle_work_b(wk), &h) > LASALLE_CONTACT_EPS) continue;
        if (gr_v2_dot(gr_v2_sub(c, a), fr) < 0 && gr_v2_dot(f, fr) > 0) return 1;
    }
    for (int k = 0; k < s->terrain.n; k++)
        if (s->ground_of[k].kind == LASALLE_G_ENTRENCHMENT && lasalle_touches_obstacle(s, &h, k, LASALLE_CONTACT_EPS))
            return 1;
    return 0;
}
