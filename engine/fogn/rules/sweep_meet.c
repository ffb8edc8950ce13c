/* sweep_meet.c - does a swept polygon meet a rectangle (a friend in a
 * move's way, a unit on an assault's path)? The exact answer is
 * gr_poly_intersect of the polygon's convex hull and the rectangle's
 * corners; most questions are settled first by tests that give the same
 * answer without the hull, each with a margin far above the rounding of
 * table coordinates (see sweep.h). */
#include "sweep.h"

#include <math.h>

/* how far apart, or how deep inside, a test below must find two shapes
 * before it answers for gr_poly_intersect, which counts as meeting edges
 * within GR_EPS: a gap along a unit axis bounds the distance from below,
 * and a few GR_EPS stand far above the rounding of the projections */
#define MEET_MARGIN (4 * GR_EPS)

/* the points lie apart from r along one of r's own axes by more than
 * MEET_MARGIN: the polygon they span does not meet r */
static int apart_on_rect_axes(const gr_vec2 *pts, int np, const gr_rect *r)
{
    gr_vec2 f = gr_rect_fwd(r), rt = gr_rect_right(r);
    double lo_f = INFINITY, hi_f = -INFINITY, lo_s = INFINITY, hi_s = -INFINITY;
    for (int k = 0; k < np; k++) {
        gr_vec2 rel = gr_v2_sub(pts[k], r->fc);
        double a = gr_v2_dot(rel, f), b = gr_v2_dot(rel, rt);
        if (a < lo_f) lo_f = a;
        if (a > hi_f) hi_f = a;
        if (b < lo_s) lo_s = b;
        if (b > hi_s) hi_s = b;
    }
    /* r spans -d..0 ahead of its front edge and -w/2..w/2 to its right */
    double m = MEET_MARGIN, hw = 0.5 * r->w;
    return lo_f > m || hi_f < -r->d - m || lo_s > hw + m || hi_s < -hw - m;
}

/* A point of the swept polygon (a vertex of its hull, or a corner of the
 * two poses the hull is drawn round, which lies in it) stands inside r by
 * more than MEET_MARGIN from every edge: then the two convex shapes share
 * that point's neighbourhood, so either their boundaries meet (an edge
 * pair within GR_EPS) or one holds the other (the first vertex of the
 * inner one lies inside the outer), and gr_poly_intersect is true in each
 * case. */
static int point_deep_in_rect(const gr_vec2 *pts, int np, const gr_rect *r)
{
    gr_vec2 f = gr_rect_fwd(r), rt = gr_rect_right(r);
    double m = MEET_MARGIN, hw = 0.5 * r->w - m;
    for (int k = 0; k < np; k++) {
        gr_vec2 rel = gr_v2_sub(pts[k], r->fc);
        double a = gr_v2_dot(rel, f), b = gr_v2_dot(rel, rt);
        if (a < -m && a > -r->d + m && b < hw && b > -hw) return 1;
    }
    return 0;
}

/* some point of q[0..nq-1] lies inside the pose by more than MEET_MARGIN
 * from each edge: the pose lies in the pair's hull, so, as in
 * point_deep_in_rect with the roles swapped, the hull and q meet */
static int pose_holds_deep(const fogn_pose_frame *p, const gr_vec2 *q, int nq)
{
    double m = MEET_MARGIN;
    for (int k = 0; k < nq; k++) {
        gr_vec2 rel = gr_v2_sub(q[k], p->o);
        double x = gr_v2_dot(rel, p->u), y = gr_v2_dot(rel, p->b);
        if (x > m && x < p->w - m && y > m && y < p->d - m) return 1;
    }
    return 0;
}

bool fogn_sweep_meets_rect(fogn_sweep *sw, int i, const gr_rect *r, const gr_vec2 rc[4])
{
    int np;
    const gr_vec2 *pts = fogn_sweep_points(sw, i, &np);
    if (apart_on_rect_axes(pts, np, r)) return false;
    if (point_deep_in_rect(pts, np, r)) return true;
    if (sw->npts[i] == 0) {
        /* a pair still held as corners: its poses' frames, once for both tests */
        fogn_pose_frame pose[2] = {fogn_pose_of_corners(pts), fogn_pose_of_corners(pts + 4)};
        if (fogn_poses_apart(pose, pts, rc, 4, MEET_MARGIN)) return false;
        if (pose_holds_deep(&pose[0], rc, 4) || pose_holds_deep(&pose[1], rc, 4)) return true;
    } else if (fogn_sweep_apart(sw, i, rc, 4, MEET_MARGIN)) {
        return false;
    }
    const gr_vec2 *poly = fogn_sweep_poly(sw, i, &np);
    return gr_poly_intersect(poly, np, rc, 4);
}
