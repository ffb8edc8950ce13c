/* crossing.c - crossing a linear obstacle from touching it to just beyond
 * it (§15.8), and moving up square to one (crossing.h). */
#include "crossing.h"
#include "../../core/words.h"

#include <math.h>

#define CROSS_STEP 0.25        /* the scan's step along the way: below any unit's depth, so a
                                  unit going straight on never steps over a line it crosses */
#define CROSS_HALVINGS 30      /* then halved to well under a thousandth of a MU */
#define UP_TO_REACH 24.0       /* the farthest an obstacle is looked for ahead: more than any move */
#define POLY_MAX 64

bool fogn_cross_piece(const gr_terrain_piece *p)
{
    switch ((gr_terrain_type)p->type) {
    case GR_T_WALL:
    case GR_T_HEDGE: return true;
    case GR_T_RIVER:
    case GR_T_STREAM: return p->grade != GR_WATER_ANKLE && p->grade != GR_WATER_DRY;
    default: return false;
    }
}

/* the polygon pulled in towards its centre by FOGN_CROSS_TOUCH_TOL at least
 * on every side; 0 when it is too thin for that */
static int pull_in(const gr_vec2 *in, int n, gr_vec2 *out)
{
    gr_vec2 c = gr_v2(0, 0);
    for (int i = 0; i < n; i++) c = gr_v2_add(c, in[i]);
    c = gr_v2_scale(c, 1.0 / n);
    double dmin = INFINITY;
    for (int i = 0; i < n; i++) {
        gr_vec2 a = in[i], b = in[(i + 1) % n];
        double len = gr_v2_dist(a, b);
        if (len < 1e-12) continue;
        double d = fabs(gr_v2_cross(gr_v2_sub(b, a), gr_v2_sub(c, a))) / len;
        if (d < dmin) dmin = d;
    }
    if (!(dmin > 2 * FOGN_CROSS_TOUCH_TOL) || !isfinite(dmin)) return 0;
    double k = 1.0 - FOGN_CROSS_TOUCH_TOL / dmin;
    for (int i = 0; i < n; i++) out[i] = gr_v2_add(c, gr_v2_scale(gr_v2_sub(in[i], c), k));
    return 1;
}

bool fogn_cross_overlaps(const gr_terrain_piece *p, const gr_vec2 *poly, int n)
{
    gr_vec2 in[POLY_MAX];
    if (n < 3 || n > POLY_MAX) return n > POLY_MAX && gr_terrain_piece_touches_poly(p, poly, n);
    if (!pull_in(poly, n, in)) return false;
    return gr_terrain_piece_touches_poly(p, in, n);
}

bool fogn_cross_rect_overlaps(const gr_terrain_piece *p, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    return fogn_cross_overlaps(p, c, 4);
}

/* the number of edges of the piece, and edge i's ends */
static int edge_count(const gr_terrain_piece *p)
{
    return p->shape == GR_SHAPE_POLYLINE ? p->npts - 1 : p->npts;
}

static void edge_of(const gr_terrain_piece *p, int i, gr_vec2 *a, gr_vec2 *b)
{
    *a = p->pts[i];
    *b = p->pts[(i + 1) % p->npts];
}

/* how far segment (a, b) is from the piece's edge (a polyline's less its
 * half width: below 0 inside the band); the nearest edge in *edge */
static double seg_dist(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b, int *edge)
{
    double best = INFINITY;
    *edge = -1;
    for (int i = 0; i < edge_count(p); i++) {
        gr_vec2 e0, e1;
        edge_of(p, i, &e0, &e1);
        double d = gr_seg_seg_dist(a, b, e0, e1);
        if (d < best) {
            best = d;
            *edge = i;
        }
    }
    if (p->shape == GR_SHAPE_POLYLINE) return best - p->width / 2;
    return gr_seg_poly_intersect(a, b, p->pts, p->npts) ? 0 : best;
}

static double point_dist(const gr_terrain_piece *p, gr_vec2 q)
{
    int e;
    return seg_dist(p, q, q, &e);
}

/* the sine of the angle between the front edge and the piece's edge i */
static double off_parallel(const gr_terrain_piece *p, int i, gr_vec2 fl, gr_vec2 fr)
{
    gr_vec2 e0, e1;
    edge_of(p, i, &e0, &e1);
    gr_vec2 u = gr_v2_sub(e1, e0), v = gr_v2_sub(fr, fl);
    double lu = gr_v2_len(u), lv = gr_v2_len(v);
    if (lu < 1e-12 || lv < 1e-12) return 0;
    return fabs(gr_v2_cross(u, v)) / (lu * lv);
}

/* may the unit at r start to cross p? (front edge touching and parallel, or both front corners touching) */
static int may_start(const gr_terrain_piece *p, const gr_rect *r, const char *who, gr_error *err)
{
    gr_vec2 fl = gr_rect_corner(r, GR_FL), fr = gr_rect_corner(r, GR_FR);
    int edge;
    if (seg_dist(p, fl, fr, &edge) > FOGN_CROSS_TOUCH_TOL)
        return gr_error_set(err, "%s%s front edge does not touch %s: a unit crosses an obstacle from touching it "
                            "(move up to it first) (§15.8)", who, gr_words_poss(who), p->name);
    if (point_dist(p, fl) <= FOGN_CROSS_TOUCH_TOL && point_dist(p, fr) <= FOGN_CROSS_TOUCH_TOL) return 0;
    double sn = off_parallel(p, edge, fl, fr);
    if (sn > sin(FOGN_CROSS_PARALLEL_DEG * GR_PI / 180.0))
        return gr_error_set(err, "%s%s front edge is %.0f degrees off parallel to %s: a unit crosses an obstacle "
                            "square to it (§15.8)", who, gr_words_poss(who), asin(sn > 1 ? 1 : sn) * 180.0 / GR_PI,
                            p->name);
    return 0;
}

/* Going straight on from r, the first distance in (0, lim] at which the
 * footprint starts (want_touch 1) or stops (0) meeting piece p: scanned in
 * CROSS_STEP steps, then halved to the step on the far side of the change;
 * -1 when it does not change within lim. *at_once: 1 when the first step
 * already changes it. */
static double first_change(const gr_terrain_piece *p, const gr_rect *r, int want_touch, double lim, int *at_once)
{
    double lo = 0, hi = -1;
    for (double d = CROSS_STEP; d <= lim; d += CROSS_STEP) {
        gr_rect at = gr_rect_advance(r, d, 0);
        if (gr_terrain_piece_touches_rect(p, &at) == (want_touch != 0)) {
            hi = d;
            break;
        }
        lo = d;
    }
    *at_once = lo == 0 && hi > 0;
    if (hi < 0) return -1;
    for (int i = 0; i < CROSS_HALVINGS; i++) {
        double mid = (lo + hi) / 2;
        gr_rect at = gr_rect_advance(r, mid, 0);
        if (gr_terrain_piece_touches_rect(p, &at) == (want_touch != 0)) hi = mid;
        else lo = mid;
    }
    return hi;
}

int fogn_cross_place(const fogn_scenario *s, int k, const gr_rect *r, const char *who, gr_rect *out, gr_error *err)
{
    if (k < 0 || k >= s->terrain.n) return gr_error_set(err, "there is no terrain piece t%d", k);
    const gr_terrain_piece *p = &s->terrain.p[k];
    if (!fogn_cross_piece(p))
        return gr_error_set(err, "%s is not an obstacle crossed from its edge: walls, hedges and water deeper than "
                            "ankle are (§15.8)", p->name);
    if (may_start(p, r, who, err)) return -1;
    /* straight on from the start until the footprint no longer meets the piece */
    double lim = r->d + FOGN_CROSS_BEYOND_MAX;
    int at_once;
    double d = first_change(p, r, 0, lim, &at_once);
    if (at_once) return gr_error_set(err, "none of %s lies ahead of %s%s front to cross (§15.8)", p->name, who,
                                     gr_words_poss(who));
    if (d < 0) return gr_error_set(err, "%s finds no place beyond %s within %.0f MU (§15.8)", who, p->name, lim);
    *out = gr_rect_advance(r, d, 0);
    return 0;
}

/* the heading square to the piece's edge nearest the front, on the side the unit faces */
static double square_heading(const gr_terrain_piece *p, const gr_rect *r)
{
    gr_vec2 fl = gr_rect_corner(r, GR_FL), fr = gr_rect_corner(r, GR_FR), e0, e1;
    int edge;
    seg_dist(p, fl, fr, &edge);
    edge_of(p, edge, &e0, &e1);
    double dir = atan2(e1.y - e0.y, e1.x - e0.x);
    double n1 = dir + GR_PI / 2, n2 = dir - GR_PI / 2;
    return fabs(gr_angle_diff(n1, r->heading)) <= fabs(gr_angle_diff(n2, r->heading)) ? n1 : n2;
}

int fogn_cross_up_to(const fogn_scenario *s, const fogn_state *st, int unit, int k, fogn_move *m, gr_error *err)
{
    const fogn_unit_profile *pf = &s->units[unit];
    if (k < 0 || k >= s->terrain.n) return gr_error_set(err, "there is no terrain piece t%d", k);
    const gr_terrain_piece *p = &s->terrain.p[k];
    if (!fogn_cross_piece(p))
        return gr_error_set(err, "%s is not an obstacle crossed from its edge: walls, hedges and water deeper than "
                            "ankle are (§15.8)", p->name);
    gr_rect r = fogn_unit_rect(pf, &st->u[unit]);
    if (p->npts < 2) return gr_error_set(err, "%s has no edge", p->name);
    double a = gr_angle_diff(square_heading(p, &r), r.heading);
    if (fabs(a) > FOGN_MAX_WHEEL_DEG * GR_PI / 180.0 + 1e-9)
        return gr_error_set(err, "%s would wheel %.0f degrees to stand square to %s: at most %.0f (§8.4)", pf->name,
                            fabs(a) * 180.0 / GR_PI, p->name, FOGN_MAX_WHEEL_DEG);
    int pivot = a > 0 ? GR_FL : GR_FR;
    if (fabs(a) < 1e-9) {
        a = 0;
        pivot = -1;
    }
    gr_rect w = a != 0 ? gr_rect_wheel(&r, pivot, a) : r;
    if (fogn_cross_rect_overlaps(p, &w))
        return gr_error_set(err, "wheeling square to %s would carry %s into it", p->name, pf->name);
    double hi;
    if (gr_terrain_piece_touches_rect(p, &w)) {
        hi = 0;
    } else {
        /* nothing of the piece in the way at all: said at once, with no scan */
        gr_vec2 pts[8], run[8];
        gr_rect far = gr_rect_advance(&w, UP_TO_REACH, 0);
        gr_rect_corners(&w, pts);
        gr_rect_corners(&far, pts + 4);
        int nrun = gr_convex_hull(pts, 8, run);
        if (!gr_terrain_piece_touches_poly(p, run, nrun)) return gr_error_set(err, "%s is not ahead of %s", p->name, pf->name);
        int at_once;
        hi = first_change(p, &w, 1, UP_TO_REACH, &at_once);
        if (hi < 0) return gr_error_set(err, "%s is not ahead of %s", p->name, pf->name);
    }
    if (hi == 0 && a == 0) return gr_error_set(err, "%s already stands square against %s", pf->name, p->name);
    m->kind = FOGN_MK_NORMAL;
    m->unit = unit;
    m->pivot = pivot;
    m->angle = a;
    m->dist = hi;
    m->slide = 0;
    return 0;
}

int fogn_cross_near(const fogn_scenario *s, const gr_rect *r, double reach, int *out, int max)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < 4; i++) {
        box[0] = fmin(box[0], c[i].x - reach);
        box[1] = fmin(box[1], c[i].y - reach);
        box[2] = fmax(box[2], c[i].x + reach);
        box[3] = fmax(box[3], c[i].y + reach);
    }
    int n = 0;
    for (int k = 0; k < s->terrain.n && n < max; k++)
        if (fogn_cross_piece(&s->terrain.p[k]) && gr_terrain_piece_near_box(&s->terrain.p[k], box)) out[n++] = k;
    return n;
}
