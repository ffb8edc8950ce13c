/* geom.c - the plane geometry every ruleset measures with: vectors, segments,
 * oriented rectangles (unit footprints given by their front edge) and simple
 * polygons (terrain, swept hulls).
 *
 * Everything is allocation-free and O(1) per rectangle pair, O(n) or O(n*m)
 * per polygon, because the search calls these in its inner loops.
 *
 * Epsilon conventions (GR_EPS, in table units):
 *  - closed predicates (gr_point_in_rect, gr_point_in_poly, gr_seg_intersect)
 *    accept points within GR_EPS of the boundary, so a corner computed from a
 *    touching neighbour still counts as "on" the edge;
 *  - distances are exact (no slack): gr_rect_point_dist is 0 only for points
 *    inside the closed rectangle, and gr_point_in_rect(r, p) is exactly
 *    gr_rect_point_dist(r, p) <= GR_EPS;
 *  - gr_rect_dist is 0 exactly when the separating-axis test finds no gap
 *    (touching or overlapping); gr_rect_overlap asks for more than `eps` of
 *    interior overlap on every axis, so edge contact is not overlap.
 *
 * Arcs (gr_rect_arc_of). Let f be the distance of a point ahead of the line
 * through the front edge and s its distance to the unit's right of the
 * front-edge centre. Then:
 *  - FRONT: the point is inside the (closed) rectangle, or f > 0 and
 *    |s| <= w/2 (the front corridor, its side lines included);
 *  - REAR:  f < -d (behind the line through the rear edge), whatever s is,
 *    so the two rear diagonal zones are REAR;
 *  - LEFT / RIGHT: everything else, i.e. s < -w/2 or s > w/2 with f >= -d
 *    (a point on the rear line is still flank). This includes the diagonal
 *    zones ahead of the front line but outside the corridor: they belong to
 *    the flank on their side.
 * The lines are given GR_EPS of slack in favour of FRONT and the flanks.
 *
 * Front corridor (gr_rect_in_front_corridor): the strip ahead of the front
 * edge, exactly as wide as it; `other` is in it when it shares more than
 * GR_EPS of area with the strip on every axis (a neighbour standing in line,
 * whose corner only touches the corridor's edge line, is not in it). */
#include "geom.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

/* --- vectors ------------------------------------------------------------ */

gr_vec2 gr_v2(double x, double y)
{
    gr_vec2 v = {x, y};
    return v;
}

gr_vec2 gr_v2_add(gr_vec2 a, gr_vec2 b) { return gr_v2(a.x + b.x, a.y + b.y); }
gr_vec2 gr_v2_sub(gr_vec2 a, gr_vec2 b) { return gr_v2(a.x - b.x, a.y - b.y); }
gr_vec2 gr_v2_scale(gr_vec2 a, double k) { return gr_v2(a.x * k, a.y * k); }
double gr_v2_dot(gr_vec2 a, gr_vec2 b) { return a.x * b.x + a.y * b.y; }
double gr_v2_cross(gr_vec2 a, gr_vec2 b) { return a.x * b.y - a.y * b.x; }
double gr_v2_len(gr_vec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
double gr_v2_dist(gr_vec2 a, gr_vec2 b) { return gr_v2_len(gr_v2_sub(a, b)); }

gr_vec2 gr_v2_norm(gr_vec2 a)
{
    double l = gr_v2_len(a);
    if (l == 0.0) return gr_v2(0.0, 0.0);
    return gr_v2(a.x / l, a.y / l);
}

gr_vec2 gr_v2_rot(gr_vec2 a, double angle)
{
    double c, s;
    gr_heading_dir(angle, &c, &s);
    return gr_v2(a.x * c - a.y * s, a.x * s + a.y * c);
}

gr_vec2 gr_v2_rot_about(gr_vec2 p, gr_vec2 centre, double angle)
{
    return gr_v2_add(centre, gr_v2_rot(gr_v2_sub(p, centre), angle));
}

gr_vec2 gr_v2_dir(double heading)
{
    gr_vec2 d;
    gr_heading_dir(heading, &d.x, &d.y);
    return d;
}

double gr_angle_norm(double a)
{
    const double two_pi = 2.0 * GR_PI;
    if (a > GR_PI || a <= -GR_PI) {
        a = fmod(a, two_pi);
        if (a > GR_PI) a -= two_pi;
        else if (a <= -GR_PI) a += two_pi;
    }
    return a;
}

double gr_angle_diff(double a, double b) { return gr_angle_norm(a - b); }

/* --- segments ------------------------------------------------------------ */

/* squared distance from p to segment a-b */
static double point_seg_dist2(gr_vec2 p, gr_vec2 a, gr_vec2 b)
{
    gr_vec2 ab = gr_v2_sub(b, a), ap = gr_v2_sub(p, a);
    double l2 = gr_v2_dot(ab, ab);
    double t = l2 > 0.0 ? gr_v2_dot(ap, ab) / l2 : 0.0;
    gr_vec2 q = t <= 0.0 ? a : t >= 1.0 ? b : gr_v2_add(a, gr_v2_scale(ab, t));
    gr_vec2 dq = gr_v2_sub(p, q);
    return gr_v2_dot(dq, dq);
}

double gr_point_seg_dist(gr_vec2 p, gr_vec2 a, gr_vec2 b)
{
    return sqrt(point_seg_dist2(p, a, b));
}

/* the segments cross at a single point interior to both (strict signs) */
static bool seg_cross_proper(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1)
{
    gr_vec2 da = gr_v2_sub(a1, a0), db = gr_v2_sub(b1, b0);
    double c0 = gr_v2_cross(da, gr_v2_sub(b0, a0));
    double c1 = gr_v2_cross(da, gr_v2_sub(b1, a0));
    double c2 = gr_v2_cross(db, gr_v2_sub(a0, b0));
    double c3 = gr_v2_cross(db, gr_v2_sub(a1, b0));
    return ((c0 > 0 && c1 < 0) || (c0 < 0 && c1 > 0)) &&
           ((c2 > 0 && c3 < 0) || (c2 < 0 && c3 > 0));
}

/* The least of the four endpoint-to-segment distances. sqrt is correctly
 * rounded and so never decreasing: the square root of the least square is
 * bit for bit the least of the square roots, for one sqrt instead of four. */
static double seg_endpoint_dist2(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1)
{
    double d = point_seg_dist2(a0, b0, b1);
    double e = point_seg_dist2(a1, b0, b1);
    if (e < d) d = e;
    e = point_seg_dist2(b0, a0, a1);
    if (e < d) d = e;
    e = point_seg_dist2(b1, a0, a1);
    if (e < d) d = e;
    return d;
}

static double seg_endpoint_dist(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1)
{
    return sqrt(seg_endpoint_dist2(a0, a1, b0, b1));
}

double gr_seg_seg_dist(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1)
{
    if (seg_cross_proper(a0, a1, b0, b1)) return 0.0;
    return seg_endpoint_dist(a0, a1, b0, b1);
}

/* fmax and fmin as the box test below needs them, without the library
 * call: a NaN yields the other number, as with fmax and fmin, and the sign
 * of a zero cannot change a comparison after GR_EPS is added */
static inline double max2(double a, double b) { return a > b || b != b ? a : b; }
static inline double min2(double a, double b) { return a < b || b != b ? a : b; }

/* a segment's box: min x, min y, max x, max y */
typedef struct seg_box {
    double lo_x, lo_y, hi_x, hi_y;
} seg_box;

static inline seg_box seg_box_of(gr_vec2 a0, gr_vec2 a1)
{
    seg_box b = {min2(a0.x, a1.x), min2(a0.y, a1.y), max2(a0.x, a1.x), max2(a0.y, a1.y)};
    return b;
}

/* boxes apart by more than the tolerance: the segments share no point */
static inline bool seg_boxes_apart(const seg_box *a, const seg_box *b)
{
    return a->hi_x + GR_EPS < b->lo_x || b->hi_x + GR_EPS < a->lo_x || a->hi_y + GR_EPS < b->lo_y ||
           b->hi_y + GR_EPS < a->lo_y;
}

/* gr_seg_intersect for segments whose boxes are not apart */
static bool seg_meet_near(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1)
{
    if (seg_cross_proper(a0, a1, b0, b1)) return true;
    return seg_endpoint_dist(a0, a1, b0, b1) <= GR_EPS;
}

bool gr_seg_intersect(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1)
{
    /* boxes apart by more than the tolerance: no shared point (the common case) */
    seg_box ba = seg_box_of(a0, a1), bb = seg_box_of(b0, b1);
    if (seg_boxes_apart(&ba, &bb)) return false;
    return seg_meet_near(a0, a1, b0, b1);
}

/* --- oriented rectangles ---------------------------------------------------- */

gr_rect gr_rect_make(gr_vec2 front_centre, double heading, double w, double d)
{
    assert(w >= 0.0 && d >= 0.0);
    gr_rect r = {front_centre, 0.0, w, d, 1.0, 0.0};
    gr_rect_set_heading(&r, heading);
    return r;
}

/* cos and sin of pi/2 as the C library returns them (not exactly 0: pi/2
 * itself is rounded); test_geom_heading_constants holds them to it */
#define GR_COS_HALF_PI 0x1.1a62633145c07p-54
#define GR_SIN_PI 0x1.1a62633145c07p-53

void gr_heading_dir(double h, double *c, double *s)
{
    /* units face the table's axes most of the time: those four headings
     * skip the library call, with bit-identical results */
    if (h == GR_PI / 2 || h == -GR_PI / 2) {
        *c = GR_COS_HALF_PI;
        *s = h > 0 ? 1.0 : -1.0;
    } else if (h == 0.0) {
        *c = 1.0;
        *s = h; /* sin keeps the sign of a zero */
    } else if (h == GR_PI) {
        *c = -1.0;
        *s = GR_SIN_PI;
    } else {
        *c = cos(h);
        *s = sin(h);
    }
}

void gr_rect_set_heading(gr_rect *r, double heading)
{
    r->heading = gr_angle_norm(heading);
    gr_heading_dir(r->heading, &r->hc, &r->hs);
}

bool gr_heading_axes_match(double heading, double hc, double hs)
{
    double c, s;
    gr_heading_dir(gr_angle_norm(heading), &c, &s);
    return memcmp(&c, &hc, sizeof c) == 0 && memcmp(&s, &hs, sizeof s) == 0;
}

/* the cached direction must match the heading (a rectangle built by hand
 * without gr_rect_make would not) */
static void check_dir(const gr_rect *r)
{
#ifdef GR_DEBUG
    assert(fabs(r->hc - cos(r->heading)) < 1e-9 && fabs(r->hs - sin(r->heading)) < 1e-9);
#else
    (void)r;
#endif
}

gr_vec2 gr_rect_fwd(const gr_rect *r)
{
    check_dir(r);
    return gr_v2(r->hc, r->hs);
}

gr_vec2 gr_rect_right(const gr_rect *r)
{
    /* forward rotated by -pi/2 */
    check_dir(r);
    return gr_v2(r->hs, -r->hc);
}

gr_vec2 gr_rect_centre(const gr_rect *r)
{
    return gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), 0.5 * r->d));
}

/* corners from precomputed axes */
static void corners_from(const gr_rect *r, gr_vec2 f, gr_vec2 rt, gr_vec2 out[4])
{
    gr_vec2 half = gr_v2_scale(rt, 0.5 * r->w);
    gr_vec2 back = gr_v2_scale(f, r->d);
    out[GR_FL] = gr_v2_sub(r->fc, half);
    out[GR_FR] = gr_v2_add(r->fc, half);
    out[GR_RR] = gr_v2_sub(out[GR_FR], back);
    out[GR_RL] = gr_v2_sub(out[GR_FL], back);
}

void gr_rect_corners(const gr_rect *r, gr_vec2 out[4])
{
    assert(r && out);
    corners_from(r, gr_rect_fwd(r), gr_rect_right(r), out);
}

gr_vec2 gr_rect_corner(const gr_rect *r, int which)
{
    assert(which >= GR_FL && which <= GR_RL);
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    return c[which & 3];
}

gr_rect gr_rect_rotate_about(const gr_rect *r, gr_vec2 pivot, double angle)
{
    gr_rect o = *r;
    o.fc = gr_v2_rot_about(r->fc, pivot, angle);
    gr_rect_set_heading(&o, r->heading + angle);
    return o;
}

gr_rect gr_rect_wheel(const gr_rect *r, int pivot_corner, double angle)
{
    return gr_rect_rotate_about(r, gr_rect_corner(r, pivot_corner), angle);
}

gr_rect gr_rect_advance(const gr_rect *r, double forward, double right)
{
    gr_rect o = *r;
    o.fc = gr_v2_add(r->fc, gr_v2_add(gr_v2_scale(gr_rect_fwd(r), forward),
                                      gr_v2_scale(gr_rect_right(r), right)));
    return o;
}

/* A rectangle with its axes worked out once (one sin/cos pair). */
typedef struct rect_frame {
    const gr_rect *r;
    gr_vec2 f, rt; /* forward, right */
} rect_frame;

static rect_frame frame_of(const gr_rect *r)
{
    rect_frame fr = {r, gr_rect_fwd(r), gr_rect_right(r)};
    return fr;
}

/* distance from p to the closed rectangle, in its own frame */
static double frame_point_dist(const rect_frame *fr, gr_vec2 p)
{
    gr_vec2 rel = gr_v2_sub(p, fr->r->fc);
    double f = gr_v2_dot(rel, fr->f);   /* ahead of the front edge */
    double s = gr_v2_dot(rel, fr->rt);  /* to the right */
    double ex = fabs(s) - 0.5 * fr->r->w;
    double ey = f > 0.0 ? f : (-fr->r->d - f);
    if (ex <= 0.0) return ey > 0.0 ? ey : 0.0;
    if (ey <= 0.0) return ex;
    return sqrt(ex * ex + ey * ey);
}

double gr_rect_point_dist(const gr_rect *r, gr_vec2 p)
{
    rect_frame fr = frame_of(r);
    return frame_point_dist(&fr, p);
}

bool gr_point_in_rect(const gr_rect *r, gr_vec2 p)
{
    return gr_rect_point_dist(r, p) <= GR_EPS;
}

/* Smallest overlap of the two rectangles' projections over the four
 * separating axes; negative means a gap of that size on some axis. It
 * stops at the first axis whose overlap is at or below `stop`, and returns
 * that overlap: a caller that only compares the least overlap with a
 * limit passes a stop at which the comparison is already settled (the
 * least is then at or below it too), and -INFINITY for the least itself.
 * A NaN, which the minimum passes over, never stops it. */
static double frame_sat_overlap(const rect_frame *a, const rect_frame *b, double stop)
{
    const rect_frame *fs[2] = {a, b};
    gr_vec2 c[2];
    for (int i = 0; i < 2; i++)
        c[i] = gr_v2_sub(fs[i]->r->fc, gr_v2_scale(fs[i]->f, 0.5 * fs[i]->r->d));
    double best = INFINITY;
    for (int i = 0; i < 2; i++) {
        const rect_frame *me = fs[i], *other = fs[1 - i];
        for (int k = 0; k < 2; k++) {
            gr_vec2 ax = k ? me->rt : me->f;
            double ha = k ? 0.5 * me->r->w : 0.5 * me->r->d; /* own half extent */
            double hb = fabs(gr_v2_dot(other->f, ax)) * 0.5 * other->r->d +
                        fabs(gr_v2_dot(other->rt, ax)) * 0.5 * other->r->w;
            double sep = fabs(gr_v2_dot(gr_v2_sub(c[1 - i], c[i]), ax));
            double ov = ha + hb - sep;
            if (ov <= stop) return ov;
            if (ov < best) best = ov;
        }
    }
    return best;
}

/* how far apart the circles about the two rectangles are (their centres'
 * distance less both radii): a lower bound of the rectangles' distance, and
 * when positive the rectangles cannot overlap */
static double circles_gap(const rect_frame *a, const rect_frame *b)
{
    gr_vec2 ca = gr_v2_sub(a->r->fc, gr_v2_scale(a->f, 0.5 * a->r->d));
    gr_vec2 cb = gr_v2_sub(b->r->fc, gr_v2_scale(b->f, 0.5 * b->r->d));
    double ra = 0.5 * sqrt(a->r->w * a->r->w + a->r->d * a->r->d);
    double rb = 0.5 * sqrt(b->r->w * b->r->w + b->r->d * b->r->d);
    return gr_v2_dist(ca, cb) - ra - rb;
}

/* gr_rect_dist on frames worked out already, with their circles' gap */
static double frames_dist(const gr_rect *a, const gr_rect *b, const rect_frame *pa, const rect_frame *pb, double gap)
{
    rect_frame fa = *pa, fb = *pb;
    /* the axis test only where the circles about them meet or nearly so (most
     * pairs are far apart; a pair clear by more than rounding has a gap) */
    if (gap <= 1e-9 && frame_sat_overlap(&fa, &fb, -DBL_TRUE_MIN) >= 0.0) return 0.0;
    /* disjoint convex shapes: the nearest pair has a vertex at one end */
    gr_vec2 ca[4], cb[4];
    corners_from(a, fa.f, fa.rt, ca);
    corners_from(b, fb.f, fb.rt, cb);
    double best = INFINITY;
    for (int i = 0; i < 4; i++) {
        double d = frame_point_dist(&fb, ca[i]);
        if (d < best) best = d;
        d = frame_point_dist(&fa, cb[i]);
        if (d < best) best = d;
    }
    return best;
}

double gr_rect_dist(const gr_rect *a, const gr_rect *b)
{
    assert(a && b);
    rect_frame fa = frame_of(a), fb = frame_of(b);
    return frames_dist(a, b, &fa, &fb, circles_gap(&fa, &fb));
}

bool gr_rect_within(const gr_rect *a, const gr_rect *b, double d)
{
    assert(a && b);
    rect_frame fa = frame_of(a), fb = frame_of(b);
    double gap = circles_gap(&fa, &fb);
    if (gap > d) return false;
    return frames_dist(a, b, &fa, &fb, gap) <= d;
}

bool gr_rect_overlap(const gr_rect *a, const gr_rect *b, double eps)
{
    assert(a && b);
    rect_frame fa = frame_of(a), fb = frame_of(b);
    return frame_sat_overlap(&fa, &fb, eps) > eps;
}

double gr_rect_axis_gap(const gr_rect *a, const gr_rect *b)
{
    assert(a && b);
    rect_frame fa = frame_of(a), fb = frame_of(b);
    return -frame_sat_overlap(&fa, &fb, -INFINITY);
}

gr_arc gr_rect_arc_of(const gr_rect *r, gr_vec2 p)
{
    rect_frame fr = frame_of(r);
    if (frame_point_dist(&fr, p) <= GR_EPS) return GR_ARC_FRONT; /* inside */
    gr_vec2 rel = gr_v2_sub(p, r->fc);
    double f = gr_v2_dot(rel, fr.f);
    double s = gr_v2_dot(rel, fr.rt);
    double hw = 0.5 * r->w;
    if (f > 0.0 && fabs(s) <= hw + GR_EPS) return GR_ARC_FRONT;
    if (f < -r->d - GR_EPS) return GR_ARC_REAR;
    return s < 0.0 ? GR_ARC_LEFT : GR_ARC_RIGHT;
}

bool gr_rect_in_front_corridor(const gr_rect *r, const gr_rect *other, double range)
{
    assert(r && other);
    gr_vec2 f = gr_rect_fwd(r);
    if (range < 0.0) {
        /* unlimited: long enough to pass the far side of `other` */
        gr_vec2 c[4];
        gr_rect_corners(other, c);
        double far = 0.0;
        for (int i = 0; i < 4; i++) {
            double a = gr_v2_dot(gr_v2_sub(c[i], r->fc), f);
            if (a > far) far = a;
        }
        if (far <= 0.0) return false;
        range = far + 1.0;
    }
    if (range <= 0.0) return false;
    gr_rect strip = *r;
    strip.fc = gr_v2_add(r->fc, gr_v2_scale(f, range));
    strip.d = range;
    return gr_rect_overlap(&strip, other, GR_EPS);
}

double gr_rect_ahead_of_front(const gr_rect *r, gr_vec2 p)
{
    return gr_v2_dot(gr_v2_sub(p, r->fc), gr_rect_fwd(r));
}

/* --- polygons and polylines --------------------------------------------------- */

bool gr_point_in_poly(const gr_vec2 *pts, int n, gr_vec2 p)
{
    assert(n >= 0 && (pts || n == 0));
    if (n <= 0) return false;
    bool inside = false;
    /* an edge whose box lies more than twice GR_EPS from p on an axis is
     * farther than GR_EPS from it, well beyond the rounding of its distance */
    const double far = 2 * GR_EPS;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        gr_vec2 a = pts[j], b = pts[i];
        bool apart = (p.x < a.x - far && p.x < b.x - far) || (p.x > a.x + far && p.x > b.x + far) ||
                     (p.y < a.y - far && p.y < b.y - far) || (p.y > a.y + far && p.y > b.y + far);
        if (!apart && point_seg_dist2(p, a, b) <= GR_EPS * GR_EPS) return true;
        if ((b.y > p.y) != (a.y > p.y)) {
            double x = b.x + (a.x - b.x) * (p.y - b.y) / (a.y - b.y);
            if (p.x < x) inside = !inside;
        }
    }
    return inside;
}

/* the least squared distance from p to the polygon's edges (the square
 * root of the least square is the least distance: see seg_endpoint_dist2) */
static double poly_boundary_dist2(const gr_vec2 *pts, int n, gr_vec2 p)
{
    double best = INFINITY;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        double d = point_seg_dist2(p, pts[j], pts[i]);
        if (d < best) best = d;
    }
    return best;
}

static double poly_boundary_dist(const gr_vec2 *pts, int n, gr_vec2 p)
{
    return sqrt(poly_boundary_dist2(pts, n, p));
}

double gr_point_poly_dist(const gr_vec2 *pts, int n, gr_vec2 p)
{
    assert(n > 0 && pts);
    if (gr_point_in_poly(pts, n, p)) return 0.0;
    return poly_boundary_dist(pts, n, p);
}

double gr_point_polyline_dist(const gr_vec2 *pts, int n, gr_vec2 p)
{
    assert(n > 0 && pts);
    if (n == 1) return gr_v2_dist(p, pts[0]);
    double best = INFINITY; /* squared: one sqrt at the end, as in poly_boundary_dist2 */
    for (int i = 0; i + 1 < n; i++) {
        double d = point_seg_dist2(p, pts[i], pts[i + 1]);
        if (d < best) best = d;
    }
    return sqrt(best);
}

bool gr_seg_poly_intersect(gr_vec2 a, gr_vec2 b, const gr_vec2 *pts, int n)
{
    assert(n > 0 && pts);
    for (int i = 0, j = n - 1; i < n; j = i++)
        if (gr_seg_intersect(a, b, pts[j], pts[i])) return true;
    /* no boundary contact: either wholly inside or wholly outside */
    return gr_point_in_poly(pts, n, a);
}

bool gr_seg_polyline_intersect(gr_vec2 a, gr_vec2 b, const gr_vec2 *pts, int n)
{
    assert(n > 0 && pts);
    if (n == 1) return gr_point_seg_dist(pts[0], a, b) <= GR_EPS;
    for (int i = 0; i + 1 < n; i++)
        if (gr_seg_intersect(a, b, pts[i], pts[i + 1])) return true;
    return false;
}

/* the box of a polygon's vertices: min x, min y, max x, max y */
static void poly_box(const gr_vec2 *pts, int n, double box[4])
{
    box[0] = box[2] = pts[0].x;
    box[1] = box[3] = pts[0].y;
    for (int i = 1; i < n; i++) {
        if (pts[i].x < box[0]) box[0] = pts[i].x;
        if (pts[i].y < box[1]) box[1] = pts[i].y;
        if (pts[i].x > box[2]) box[2] = pts[i].x;
        if (pts[i].y > box[3]) box[3] = pts[i].y;
    }
}

/* Boxes apart by more than 2 GR_EPS on an axis: gr_poly_intersect is false.
 * Every pair of edges is refused by gr_seg_intersect's own box test (each
 * edge's box lies in its polygon's), and a vertex that far outside the other
 * polygon's box is more than GR_EPS from each edge (the rest of the margin
 * covers rounding, ulps of table coordinates) and meets an even number of
 * edges to its right or none: gr_point_in_poly is false. */
static bool poly_boxes_apart(const gr_vec2 *a, int na, const gr_vec2 *b, int nb)
{
    double ba[4], bb[4];
    poly_box(a, na, ba);
    poly_box(b, nb, bb);
    const double m = 2 * GR_EPS;
    return ba[2] + m < bb[0] || bb[2] + m < ba[0] || ba[3] + m < bb[1] || bb[3] + m < ba[1];
}

/* b's edges at most this many: their boxes are worked out once, not once
 * for each edge of a */
#define POLY_EDGE_BOXES 16

/* Does an edge of a meet an edge of b (gr_seg_intersect of each pair)? */
static bool poly_edges_meet(const gr_vec2 *a, int na, const gr_vec2 *b, int nb)
{
    if (nb > POLY_EDGE_BOXES) {
        for (int i = 0, j = na - 1; i < na; j = i++)
            for (int k = 0, l = nb - 1; k < nb; l = k++)
                if (gr_seg_intersect(a[j], a[i], b[l], b[k])) return true;
        return false;
    }
    seg_box eb[POLY_EDGE_BOXES];
    for (int k = 0, l = nb - 1; k < nb; l = k++) eb[k] = seg_box_of(b[l], b[k]);
    for (int i = 0, j = na - 1; i < na; j = i++) {
        seg_box ea = seg_box_of(a[j], a[i]);
        for (int k = 0, l = nb - 1; k < nb; l = k++)
            if (!seg_boxes_apart(&ea, &eb[k]) && seg_meet_near(a[j], a[i], b[l], b[k])) return true;
    }
    return false;
}

bool gr_points_apart_along(gr_vec2 axis, const gr_vec2 *a, int na, const gr_vec2 *b, int nb, double margin)
{
    assert(na > 0 && nb > 0 && a && b);
    double lo_a = INFINITY, hi_a = -INFINITY, lo_b = INFINITY, hi_b = -INFINITY;
    for (int i = 0; i < na; i++) {
        double v = gr_v2_dot(a[i], axis);
        if (v < lo_a) lo_a = v;
        if (v > hi_a) hi_a = v;
    }
    for (int i = 0; i < nb; i++) {
        double v = gr_v2_dot(b[i], axis);
        if (v < lo_b) lo_b = v;
        if (v > hi_b) hi_b = v;
    }
    return lo_a > hi_b + margin || lo_b > hi_a + margin;
}

bool gr_poly_intersect(const gr_vec2 *a, int na, const gr_vec2 *b, int nb)
{
    assert(na > 0 && nb > 0 && a && b);
    if (poly_boxes_apart(a, na, b, nb)) return false;
    if (poly_edges_meet(a, na, b, nb)) return true;
    /* boundaries apart: shared area only if one lies inside the other */
    return gr_point_in_poly(b, nb, a[0]) || gr_point_in_poly(a, na, b[0]);
}

/* Does segment p-q pass through the interior of convex polygon b (by more
 * than GR_EPS)? sgn is the sign of b's area (+1 ccw, -1 cw). */
static bool seg_enters_convex(gr_vec2 p, gr_vec2 q, const gr_vec2 *b, int nb, double sgn)
{
    double t0 = 0.0, t1 = 1.0;
    for (int k = 0, l = nb - 1; k < nb; l = k++) {
        gr_vec2 e = gr_v2_sub(b[k], b[l]);
        double f0 = sgn * gr_v2_cross(e, gr_v2_sub(p, b[l]));
        double f1 = sgn * gr_v2_cross(e, gr_v2_sub(q, b[l]));
        /* inside half-plane where f(t) = f0 + t (f1 - f0) >= 0 */
        if (f0 < 0.0 && f1 < 0.0) return false;
        if (f0 < 0.0) {
            double t = f0 / (f0 - f1);
            if (t > t0) t0 = t;
        } else if (f1 < 0.0) {
            double t = f0 / (f0 - f1);
            if (t < t1) t1 = t;
        }
        if (t0 > t1) return false;
    }
    gr_vec2 m = gr_v2_add(p, gr_v2_scale(gr_v2_sub(q, p), 0.5 * (t0 + t1)));
    for (int k = 0, l = nb - 1; k < nb; l = k++) {
        gr_vec2 e = gr_v2_sub(b[k], b[l]);
        double len = gr_v2_len(e);
        if (len <= 0.0) continue;
        if (sgn * gr_v2_cross(e, gr_v2_sub(m, b[l])) / len <= GR_EPS) return false;
    }
    return true;
}

/* a may be concave; b must be convex (a rectangle, a swept hull): its vertices
 * and vertex average must lie in a, and no edge of a may cut b's interior. */
bool gr_poly_contains(const gr_vec2 *a, int na, const gr_vec2 *b, int nb)
{
    assert(na > 0 && nb > 0 && a && b);
    gr_vec2 avg = gr_v2(0.0, 0.0);
    for (int k = 0; k < nb; k++) {
        if (!gr_point_in_poly(a, na, b[k])) return false;
        avg = gr_v2_add(avg, b[k]);
    }
    double area = gr_poly_area(b, nb);
    if (fabs(area) <= GR_EPS * GR_EPS) return true; /* b has no interior */
    /* b's interior must be inside a (b convex: the vertex average is interior) */
    if (!gr_point_in_poly(a, na, gr_v2_scale(avg, 1.0 / nb))) return false;
    /* and no edge of a may cut through it (a may be concave) */
    double sgn = area > 0.0 ? 1.0 : -1.0;
    for (int i = 0, j = na - 1; i < na; j = i++)
        if (seg_enters_convex(a[j], a[i], b, nb, sgn)) return false;
    return true;
}

double gr_point_box_dist(const double box[4], gr_vec2 p)
{
    double gx = p.x < box[0] ? box[0] - p.x : p.x > box[2] ? p.x - box[2] : 0.0;
    double gy = p.y < box[1] ? box[1] - p.y : p.y > box[3] ? p.y - box[3] : 0.0;
    return sqrt(gx * gx + gy * gy);
}

/* A vertex whose gap to the other polygon's box exceeds the best distance so
 * far by this much cannot come nearer, whatever the rounding of its own
 * distances (coordinates of a few hundred units round at about 1e-13): its
 * boundary scan is passed over, and the least distance is the same number. */
#define GR_POLY_DIST_SLACK 1e-9

double gr_poly_dist(const gr_vec2 *a, int na, const gr_vec2 *b, int nb)
{
    if (gr_poly_intersect(a, na, b, nb)) return 0.0;
    double ba[4], bb[4];
    poly_box(a, na, ba);
    poly_box(b, nb, bb);
    double best = INFINITY; /* squared: one sqrt at the end (see poly_boundary_dist2) */
    double root = INFINITY; /* sqrt(best) */
    for (int i = 0; i < na; i++) {
        if (gr_point_box_dist(bb, a[i]) - GR_POLY_DIST_SLACK > root) continue;
        double d = poly_boundary_dist2(b, nb, a[i]);
        if (d < best) best = d, root = sqrt(best);
    }
    for (int k = 0; k < nb; k++) {
        if (gr_point_box_dist(ba, b[k]) - GR_POLY_DIST_SLACK > root) continue;
        double d = poly_boundary_dist2(a, na, b[k]);
        if (d < best) best = d, root = sqrt(best);
    }
    return sqrt(best);
}

double gr_polyline_poly_dist(const gr_vec2 *line, int nl, const gr_vec2 *b, int nb)
{
    assert(nl > 0 && nb > 0 && line && b);
    if (nl == 1) return gr_point_poly_dist(b, nb, line[0]);
    for (int i = 0; i + 1 < nl; i++)
        if (gr_seg_poly_intersect(line[i], line[i + 1], b, nb)) return 0.0;
    double best = INFINITY; /* squared: one sqrt at the end (see seg_endpoint_dist2) */
    for (int i = 0; i + 1 < nl; i++)
        for (int k = 0, l = nb - 1; k < nb; l = k++) {
            double d = seg_endpoint_dist2(line[i], line[i + 1], b[l], b[k]);
            if (d < best) best = d;
        }
    return sqrt(best);
}

/* A polyline segment whose box lies farther than d and this margin from the
 * polygon's box on an axis neither meets the polygon (gr_seg_intersect's
 * and gr_point_in_poly's tolerance is GR_EPS; the rest covers rounding) nor
 * comes within d of it. */
#define POLYLINE_FAR_SLACK (2 * GR_EPS)

static bool seg_far_from_box(gr_vec2 a, gr_vec2 b, const double box[4], double m)
{
    seg_box sb = seg_box_of(a, b);
    return sb.lo_x > box[2] + m || sb.hi_x < box[0] - m || sb.lo_y > box[3] + m || sb.hi_y < box[1] - m;
}

bool gr_polyline_poly_within(const gr_vec2 *line, int nl, const gr_vec2 *b, int nb, double d)
{
    assert(nl > 0 && nb > 0 && line && b);
    /* gr_polyline_poly_dist is never negative nor NaN */
    if (!(d >= 0.0)) return false;
    if (nl == 1) return gr_point_poly_dist(b, nb, line[0]) <= d;
    double box[4];
    poly_box(b, nb, box);
    double m = d + POLYLINE_FAR_SLACK;
    /* the distance is 0 when a segment meets the polygon, else the least
     * root of the pairs' squares: the root of the least so far is asked
     * only when the least changes, and the far segments count for none */
    for (int i = 0; i + 1 < nl; i++)
        if (!seg_far_from_box(line[i], line[i + 1], box, m) && gr_seg_poly_intersect(line[i], line[i + 1], b, nb))
            return true;
    double best = INFINITY;
    for (int i = 0; i + 1 < nl; i++) {
        if (seg_far_from_box(line[i], line[i + 1], box, m)) continue;
        for (int k = 0, l = nb - 1; k < nb; l = k++) {
            double e = seg_endpoint_dist2(line[i], line[i + 1], b[l], b[k]);
            if (e < best) {
                best = e;
                if (sqrt(best) <= d) return true;
            }
        }
    }
    return false;
}

/* before in the hull's sort: by x, then y */
static bool hull_before(gr_vec2 a, gr_vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

/* (a - o) x (b - o): positive when o -> a -> b turns left */
static double hull_turn(gr_vec2 o, gr_vec2 a, gr_vec2 b) { return gr_v2_cross(gr_v2_sub(a, o), gr_v2_sub(b, o)); }

/* Andrew's monotone chain: the points sorted by x then y, the lower chain
 * built left to right and the upper one right to left, each dropping the
 * last point while it does not make a left turn. A point is dropped only
 * when the turn through it is not to the left, so a corner of the hull,
 * where the turn is plainly to the left, is never lost to rounding; points
 * within rounding of an edge (the sides of a footprint swept straight along
 * its axis are such) may stay or go. A wrap from corner to corner (gift
 * wrapping) is not safe here: it can take such a point for a corner, then
 * the point behind it on the same line for the next, and leave corners
 * out (docs/performance.md, "The convex hull by the monotone chain"). */
int gr_convex_hull(const gr_vec2 *pts, int n, gr_vec2 *out)
{
    assert(n >= 0 && n <= GR_HULL_MAX && (n == 0 || (pts && out)));
    if (n <= 0) return 0;
    gr_vec2 p[GR_HULL_MAX], h[GR_HULL_MAX + 1];
    int m = 0;
    for (int i = 0; i < n; i++) { /* insertion sort (a handful of points), repeats dropped */
        int k = m;
        while (k > 0 && hull_before(pts[i], p[k - 1])) k--;
        if (k > 0 && p[k - 1].x == pts[i].x && p[k - 1].y == pts[i].y) continue;
        memmove(p + k + 1, p + k, (size_t)(m - k) * sizeof p[0]);
        p[k] = pts[i];
        m++;
    }
    if (m <= 2) {
        memcpy(out, p, (size_t)m * sizeof p[0]);
        return m;
    }
    int k = 0;
    for (int i = 0; i < m; i++) {
        while (k >= 2 && hull_turn(h[k - 2], h[k - 1], p[i]) <= 0.0) k--;
        h[k++] = p[i];
    }
    for (int i = m - 2, lower = k + 1; i >= 0; i--) {
        while (k >= lower && hull_turn(h[k - 2], h[k - 1], p[i]) <= 0.0) k--;
        h[k++] = p[i];
    }
    k--; /* the last is the first again */
    memcpy(out, h, (size_t)k * sizeof h[0]);
    return k;
}

double gr_poly_area(const gr_vec2 *pts, int n)
{
    assert(n >= 0 && (pts || n == 0));
    double s = 0.0;
    for (int i = 0, j = n - 1; i < n; j = i++)
        s += gr_v2_cross(pts[j], pts[i]);
    return 0.5 * s;
}

gr_vec2 gr_poly_centroid(const gr_vec2 *pts, int n)
{
    assert(n > 0 && pts);
    /* relative to the first vertex, for precision far from the origin */
    gr_vec2 o = pts[0];
    double a2 = 0.0, cx = 0.0, cy = 0.0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        gr_vec2 p = gr_v2_sub(pts[j], o), q = gr_v2_sub(pts[i], o);
        double c = gr_v2_cross(p, q);
        a2 += c;
        cx += (p.x + q.x) * c;
        cy += (p.y + q.y) * c;
    }
    if (fabs(a2) <= 1e-12) {
        gr_vec2 avg = gr_v2(0.0, 0.0);
        for (int i = 0; i < n; i++) avg = gr_v2_add(avg, pts[i]);
        return gr_v2_scale(avg, 1.0 / n);
    }
    return gr_v2(o.x + cx / (3.0 * a2), o.y + cy / (3.0 * a2));
}

/* With a and b the point's offsets from the pivot corner, ahead and to the
 * left, the front-edge centre after a wheel th sees the point on its line
 * ahead when b cos th - a sin th = +w/2 (pivot the front-right corner) or
 * -w/2 (front-left), and the distance on is a cos th + b sin th. Of the
 * roots, the smallest wheel toward the pivot's side that leaves d >= 0. */
static int wheel_roots(double a, double b, double w, int left, double max_wheel, double *th, double *d)
{
    double r = hypot(a, b), want = (left ? -w : w) / 2;
    if (r < fabs(want)) return -1;
    double phi = atan2(a, b), alpha = acos(want / r), best = -1;
    for (int k = 0; k < 2; k++) {
        double t = gr_angle_norm(-phi + (k ? alpha : -alpha));
        if (left ? (t < 0 || t > max_wheel + 1e-12) : (t > 0 || t < -max_wheel - 1e-12)) continue;
        double dist = a * cos(t) + b * sin(t);
        if (dist < -1e-9) continue;
        if (best < 0 || fabs(t) < best) {
            best = fabs(t);
            *th = t;
            *d = dist > 0 ? dist : 0;
        }
    }
    return best < 0 ? -1 : 0;
}

int gr_wheel_to_point(const gr_rect *r, gr_vec2 p, double max_wheel, double *wheel, double *dist)
{
    gr_vec2 ahead = gr_v2_dir(r->heading), v = gr_v2_sub(p, r->fc);
    int left = ahead.x * v.y - ahead.y * v.x > 0;
    gr_vec2 q = gr_v2_sub(p, gr_rect_corner(r, left ? GR_FL : GR_FR));
    return wheel_roots(ahead.x * q.x + ahead.y * q.y, ahead.x * q.y - ahead.y * q.x, r->w, left, max_wheel, wheel, dist);
}
