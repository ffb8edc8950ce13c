/* sweep.c - building swept areas from poses (see sweep.h). */
#include "sweep.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

void fogn_sweep_clear(fogn_sweep *sw)
{
    sw->n = 0;
    sw->overflow = 0;
    sw->all[0] = sw->all[1] = INFINITY;
    sw->all[2] = sw->all[3] = -INFINITY;
}

void fogn_sweep_copy(fogn_sweep *dst, const fogn_sweep *src)
{
    size_t n = (size_t)src->n;
    dst->n = src->n;
    dst->overflow = src->overflow;
    memcpy(dst->npts, src->npts, n * sizeof src->npts[0]);
    memcpy(dst->pts, src->pts, n * sizeof src->pts[0]);
    memcpy(dst->box, src->box, n * sizeof src->box[0]);
    memcpy(dst->all, src->all, sizeof src->all);
}

/* box of the polygon just added */
static void finish(fogn_sweep *sw)
{
    int i = sw->n - 1;
    double *b = sw->box[i];
    b[0] = b[1] = INFINITY;
    b[2] = b[3] = -INFINITY;
    int n = sw->npts[i] ? sw->npts[i] : 8;
    for (int k = 0; k < n; k++) {
        gr_vec2 p = sw->pts[i][k];
        if (p.x < b[0]) b[0] = p.x;
        if (p.y < b[1]) b[1] = p.y;
        if (p.x > b[2]) b[2] = p.x;
        if (p.y > b[3]) b[3] = p.y;
    }
    if (b[0] < sw->all[0]) sw->all[0] = b[0];
    if (b[1] < sw->all[1]) sw->all[1] = b[1];
    if (b[2] > sw->all[2]) sw->all[2] = b[2];
    if (b[3] > sw->all[3]) sw->all[3] = b[3];
}

void fogn_sweep_hull(fogn_sweep *sw, int i)
{
    if (sw->npts[i] != 0) return; /* a footprint, or a hull worked out already */
    gr_vec2 h[8];
    int n = gr_convex_hull(sw->pts[i], 8, h);
    if (n < 3) { /* degenerate: no movement, the first pose's corners (the first four) */
        sw->npts[i] = 4;
        return;
    }
    memcpy(sw->pts[i], h, (size_t)n * sizeof h[0]);
    sw->npts[i] = n;
}

fogn_pose_frame fogn_pose_of_corners(const gr_vec2 c[4])
{
    fogn_pose_frame p = {.o = c[0], .u = gr_v2_sub(c[1], c[0]), .b = gr_v2_sub(c[3], c[0])};
    p.w = sqrt(gr_v2_dot(p.u, p.u));
    p.d = sqrt(gr_v2_dot(p.b, p.b));
    p.u = gr_v2_scale(p.u, 1.0 / p.w);
    p.b = gr_v2_scale(p.b, 1.0 / p.d);
    return p;
}

bool fogn_poses_apart(const fogn_pose_frame pose[2], const gr_vec2 pts[8], const gr_vec2 *q, int nq, double margin)
{
    for (int k = 0; k < 2; k++) {
        const fogn_pose_frame *f = &pose[k];
        if (!(f->w > 0 && f->d > 0)) continue; /* no axes to part them along */
        if (gr_points_apart_along(f->u, pts, 8, q, nq, margin) || gr_points_apart_along(f->b, pts, 8, q, nq, margin))
            return true;
    }
    return false;
}

bool fogn_sweep_apart(const fogn_sweep *sw, int i, const gr_vec2 *q, int nq, double margin)
{
    int np;
    const gr_vec2 *pts = fogn_sweep_points(sw, i, &np);
    if (sw->npts[i] == 0) {
        fogn_pose_frame pose[2] = {fogn_pose_of_corners(pts), fogn_pose_of_corners(pts + 4)};
        return fogn_poses_apart(pose, pts, q, nq, margin);
    }
    for (int k = 0, l = np - 1; k < np; l = k++) {
        gr_vec2 e = gr_v2_sub(pts[k], pts[l]);
        double len = sqrt(gr_v2_dot(e, e));
        if (len <= 0) continue;
        if (gr_points_apart_along(gr_v2(-e.y / len, e.x / len), pts, np, q, nq, margin)) return true;
    }
    return false;
}

/* A terrain polygon is passed over when a swept pair still held as its
 * two poses' corners is parted from it by more than this along the poses'
 * axes (fogn_sweep_apart), as gr_poly_intersect, which meets only edges
 * within GR_EPS, would find: a few GR_EPS, far above the rounding of table
 * coordinates. The pair's hull is then never worked out. A polygon whose
 * hull is known is asked straight away: its edges' normals cost about what
 * they save there (measured over random games and an MCTS game). */
#define SWEEP_TERRAIN_APART_MARGIN (4 * GR_EPS)

bool fogn_sweep_touches(fogn_sweep *sw, int i, const gr_terrain_piece *p)
{
    /* the test of the piece's box against the polygon's, first, with no
     * need of the hull (the box of the points holds the hull's) */
    if (!gr_terrain_piece_near_box(p, sw->box[i])) return false;
    if (p->shape == GR_SHAPE_POLYGON && p->npts > 0 && sw->npts[i] == 0 &&
        fogn_sweep_apart(sw, i, p->pts, p->npts, SWEEP_TERRAIN_APART_MARGIN))
        return false;
    int n;
    const gr_vec2 *poly = fogn_sweep_poly(sw, i, &n);
    return gr_terrain_piece_touches_poly_boxed(p, poly, n, sw->box[i]);
}

bool fogn_sweep_near(const fogn_sweep *sw, const gr_terrain_piece *p)
{
    /* every polygon's box lies inside the whole sweep's */
    return sw->n > 0 && gr_terrain_piece_near_box(p, sw->all);
}

/* The gap between two boxes along one axis (lo, hi: the coordinate's
 * index in the box), as fmax(0, fmax(a_lo - b_hi, b_lo - a_hi)) with the
 * library's fmax, which is not inlined, replaced by the same choice: the
 * larger number, a NaN yielding the other. Only a zero's sign could
 * differ, and the gaps only meet comparisons and hypot, where it counts
 * for nothing. */
static inline double gap_max(double a, double b) { return a > b || b != b ? a : b; }
static inline double axis_gap(const double *a, const double *b, int lo, int hi)
{
    return gap_max(0.0, gap_max(a[lo] - b[hi], b[lo] - a[hi]));
}

double fogn_box_dist(const double *a, const double *b)
{
    return hypot(axis_gap(a, b, 0, 2), axis_gap(a, b, 1, 3));
}

bool fogn_box_dist_at_least(const double *a, const double *b, double d)
{
    /* hypot is never below either gap (both are doubles): a gap that
     * reaches d settles it without the call */
    double dx = axis_gap(a, b, 0, 2);
    if (dx >= d) return true;
    double dy = axis_gap(a, b, 1, 3);
    if (dy >= d) return true;
    return hypot(dx, dy) >= d;
}

bool fogn_boxes_meet(const double *a, const double *b)
{
    /* hypot of two gaps >= 0 is 0 only when both are */
    return axis_gap(a, b, 0, 2) <= 0.0 && axis_gap(a, b, 1, 3) <= 0.0;
}

void fogn_rect_box(const gr_rect *r, double *box)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    box[0] = box[1] = INFINITY;
    box[2] = box[3] = -INFINITY;
    for (int k = 0; k < 4; k++) {
        if (c[k].x < box[0]) box[0] = c[k].x;
        if (c[k].y < box[1]) box[1] = c[k].y;
        if (c[k].x > box[2]) box[2] = c[k].x;
        if (c[k].y > box[3]) box[3] = c[k].y;
    }
}

void fogn_sweep_rect(fogn_sweep *sw, const gr_rect *r)
{
    if (sw->n >= FOGN_SWEEP_MAX) { sw->overflow = 1; return; }
    gr_rect_corners(r, sw->pts[sw->n]);
    sw->npts[sw->n++] = 4;
    finish(sw);
}

void fogn_sweep_pair(fogn_sweep *sw, const gr_rect *a, const gr_rect *b)
{
    if (sw->n >= FOGN_SWEEP_MAX) { sw->overflow = 1; return; }
    /* the hull is worked out when a test first needs it (fogn_sweep_poly):
     * most polygons are passed over by their box */
    gr_rect_corners(a, sw->pts[sw->n]);
    gr_rect_corners(b, sw->pts[sw->n] + 4);
    sw->npts[sw->n++] = 0;
    finish(sw);
}

void fogn_sweep_rotation(fogn_sweep *sw, const gr_rect *start, gr_vec2 pivot, double angle, int samples)
{
    fogn_sweep_rotation_poses(sw, start, pivot, angle, samples, NULL);
}

void fogn_sweep_rotation_poses(fogn_sweep *sw, const gr_rect *start, gr_vec2 pivot, double angle, int samples,
                               gr_rect *poses)
{
    if (samples < 1) samples = 1;
    gr_rect prev = *start;
    for (int i = 1; i <= samples; i++) {
        gr_rect cur = gr_rect_rotate_about(start, pivot, angle * i / samples);
        if (poses) poses[i - 1] = cur;
        fogn_sweep_pair(sw, &prev, &cur);
        prev = cur;
    }
}
