/* geom.h - plane geometry for a miniatures table: vectors, oriented rectangles
 * (unit and base footprints), segments and polygons.
 *
 * Conventions (all rulesets share them):
 *  - distances are in the ruleset's own unit (MU for fogn); the table runs
 *    from (0,0) to (table_w, table_h);
 *  - angles are radians, counter-clockwise from +x; a heading h means the
 *    unit faces the direction (cos h, sin h);
 *  - a gr_rect is given by the centre of its FRONT edge, its heading, its width
 *    (along the front edge) and its depth (behind the front edge). This is how
 *    the rules measure a unit: by its front corners and front edge.
 *  - corners are numbered front-left, front-right, rear-right, rear-left as
 *    seen by the unit itself (GR_FL, GR_FR, GR_RR, GR_RL).
 *  - "touching" is not "overlapping": overlap tests use GR_EPS so that two
 *    bases in edge contact do not overlap.
 * Everything here is pure: no allocation, no globals, safe on any thread. */
#ifndef GR_GEOM_H
#define GR_GEOM_H

#include <stdbool.h>

#define GR_EPS 1e-6
#define GR_PI 3.14159265358979323846

typedef struct gr_vec2 {
    double x, y;
} gr_vec2;

typedef struct gr_rect {
    gr_vec2 fc;      /* centre of the front edge */
    double heading;  /* facing, radians */
    double w;        /* width along the front edge */
    double d;        /* depth behind the front edge */
    double hc, hs;   /* cos and sin of heading, kept by gr_rect_make / gr_rect_set_heading */
} gr_rect;

enum { GR_FL = 0, GR_FR = 1, GR_RR = 2, GR_RL = 3 };

typedef enum gr_arc {
    GR_ARC_FRONT = 0, /* ahead of the front edge line and inside the front corridor */
    GR_ARC_LEFT,      /* beyond the left side edge line, not behind the rear line */
    GR_ARC_RIGHT,
    GR_ARC_REAR       /* behind the rear edge line */
} gr_arc;

/* --- vectors ------------------------------------------------------------ */
gr_vec2 gr_v2(double x, double y);
gr_vec2 gr_v2_add(gr_vec2 a, gr_vec2 b);
gr_vec2 gr_v2_sub(gr_vec2 a, gr_vec2 b);
gr_vec2 gr_v2_scale(gr_vec2 a, double k);
double gr_v2_dot(gr_vec2 a, gr_vec2 b);
double gr_v2_cross(gr_vec2 a, gr_vec2 b);   /* z of a x b */
double gr_v2_len(gr_vec2 a);
double gr_v2_dist(gr_vec2 a, gr_vec2 b);
gr_vec2 gr_v2_norm(gr_vec2 a);              /* zero stays zero */
gr_vec2 gr_v2_rot(gr_vec2 a, double angle); /* counter-clockwise */
gr_vec2 gr_v2_rot_about(gr_vec2 p, gr_vec2 centre, double angle);
gr_vec2 gr_v2_dir(double heading);          /* (cos, sin) */
/* *c = cos(h), *s = sin(h), bit for bit, faster for the right-angle headings */
void gr_heading_dir(double h, double *c, double *s);
double gr_angle_norm(double a);             /* into (-pi, pi] */
/* fmin and fmax as the C library returns them (the smaller or larger
 * number; on a tie, 0 and -0 too, the second; a NaN yields the other
 * number), inline: the library's are calls, in loops that run millions of
 * times a game */
static inline double gr_min(double a, double b) { return a < b || b != b ? a : b; }
static inline double gr_max(double a, double b) { return a > b || b != b ? a : b; }
double gr_angle_diff(double a, double b);   /* a-b normalised */

/* --- segments ------------------------------------------------------------ */
double gr_point_seg_dist(gr_vec2 p, gr_vec2 a, gr_vec2 b);
double gr_seg_seg_dist(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1);
/* true when the closed segments share at least one point */
bool gr_seg_intersect(gr_vec2 a0, gr_vec2 a1, gr_vec2 b0, gr_vec2 b1);

/* --- oriented rectangles ---------------------------------------------------- */
gr_rect gr_rect_make(gr_vec2 front_centre, double heading, double w, double d);
/* turns a rectangle to a new heading in place (keeps hc, hs in step); never
 * assign `heading` directly */
void gr_rect_set_heading(gr_rect *r, double heading);
/* are (hc, hs) bit for bit the cosine and sine a rectangle of this heading
 * holds (its heading brought into (-pi, pi])? The check of a unit that
 * keeps its axes with its heading */
bool gr_heading_axes_match(double heading, double hc, double hs);
gr_vec2 gr_rect_fwd(const gr_rect *r);     /* unit vector of facing */
gr_vec2 gr_rect_right(const gr_rect *r);   /* unit vector to the unit's right */
gr_vec2 gr_rect_centre(const gr_rect *r);
void gr_rect_corners(const gr_rect *r, gr_vec2 out[4]); /* FL, FR, RR, RL */
gr_vec2 gr_rect_corner(const gr_rect *r, int which);
/* rotate the whole rectangle about a point (heading changes by angle) */
gr_rect gr_rect_rotate_about(const gr_rect *r, gr_vec2 pivot, double angle);
/* wheel about one of its own corners (GR_FL..GR_RL); positive = counter-clockwise */
gr_rect gr_rect_wheel(const gr_rect *r, int pivot_corner, double angle);
/* move along its facing (negative = backwards) and to its right (slide) */
gr_rect gr_rect_advance(const gr_rect *r, double forward, double right);
bool gr_point_in_rect(const gr_rect *r, gr_vec2 p);         /* closed */
double gr_rect_point_dist(const gr_rect *r, gr_vec2 p);     /* 0 inside */
double gr_rect_dist(const gr_rect *a, const gr_rect *b);    /* 0 when touching or overlapping */
/* gr_rect_dist(a, b) <= d, passing over far pairs without working it out */
bool gr_rect_within(const gr_rect *a, const gr_rect *b, double d);
/* true when the interiors overlap by more than eps (edge contact is not overlap) */
bool gr_rect_overlap(const gr_rect *a, const gr_rect *b, double eps);
/* the widest gap between the two rectangles' shadows on the four axes of
 * their sides: never more than gr_rect_dist (up to rounding), negative
 * when the shadows overlap on every axis; a cheap test that two are apart */
double gr_rect_axis_gap(const gr_rect *a, const gr_rect *b);
/* which arc of r the point lies in (see gr_arc); a point inside r counts FRONT */
gr_arc gr_rect_arc_of(const gr_rect *r, gr_vec2 p);
/* true when `other` intersects the strip straight ahead of r's front edge,
 * as wide as the front edge and `range` long (range < 0: unlimited) */
bool gr_rect_in_front_corridor(const gr_rect *r, const gr_rect *other, double range);
/* signed distance of p ahead of the line through r's front edge (>0 ahead) */
double gr_rect_ahead_of_front(const gr_rect *r, gr_vec2 p);

/* --- polygons and polylines --------------------------------------------------- */
bool gr_point_in_poly(const gr_vec2 *pts, int n, gr_vec2 p);    /* even-odd, closed boundary */
double gr_point_poly_dist(const gr_vec2 *pts, int n, gr_vec2 p);  /* 0 inside */
double gr_point_polyline_dist(const gr_vec2 *pts, int n, gr_vec2 p);
/* distance from p to the box {min x, min y, max x, max y} (0 inside): no
 * point of anything the box holds is nearer, a bound that settles tests of
 * exact distances before they are worked out */
double gr_point_box_dist(const double box[4], gr_vec2 p);
/* segment meets the polygon (crosses its boundary or lies inside) */
bool gr_seg_poly_intersect(gr_vec2 a, gr_vec2 b, const gr_vec2 *pts, int n);
bool gr_seg_polyline_intersect(gr_vec2 a, gr_vec2 b, const gr_vec2 *pts, int n);
/* convex or concave polygon vs convex polygon (e.g. a rectangle's corners or a
 * swept hull): any shared area or boundary point */
bool gr_poly_intersect(const gr_vec2 *a, int na, const gr_vec2 *b, int nb);
/* the points a[0..na-1] and b[0..nb-1] lie apart along the unit vector
 * `axis` by more than `margin`: every shape each set spans (a polygon's
 * region lies within its vertices' shadow) is that far from every shape the
 * other spans, since a gap along a unit axis bounds the distance from below.
 * With a margin of a few GR_EPS, gr_poly_intersect of two such polygons is
 * false. */
bool gr_points_apart_along(gr_vec2 axis, const gr_vec2 *a, int na, const gr_vec2 *b, int nb, double margin);
/* every point of polygon b lies inside polygon a */
bool gr_poly_contains(const gr_vec2 *a, int na, const gr_vec2 *b, int nb);
double gr_poly_dist(const gr_vec2 *a, int na, const gr_vec2 *b, int nb); /* 0 on contact */
double gr_polyline_poly_dist(const gr_vec2 *line, int nl, const gr_vec2 *b, int nb);
/* gr_polyline_poly_dist(line, nl, b, nb) <= d, without working out the
 * distance of the polyline's segments whose box lies far from b's (a road
 * or a river against a footprint) and stopping at the first pair near
 * enough */
bool gr_polyline_poly_within(const gr_vec2 *line, int nl, const gr_vec2 *b, int nb, double d);
/* convex hull (counter-clockwise from the point of least x, then least y;
 * no repeated points; corners only, though a point within rounding of an
 * edge may stay); n at most GR_HULL_MAX; out has room for n; returns count */
#define GR_HULL_MAX 64
int gr_convex_hull(const gr_vec2 *pts, int n, gr_vec2 *out);
double gr_poly_area(const gr_vec2 *pts, int n);                  /* signed, ccw > 0 */
gr_vec2 gr_poly_centroid(const gr_vec2 *pts, int n);

/* How a rectangle's front edge reaches point p by a forward wheel about
 * the front corner on p's side (the front-left for a point to the left,
 * turning counter-clockwise) and a move straight on: *wheel in radians
 * (+ counter-clockwise), *dist the move after it. The smallest such wheel;
 * 0, or -1 when no wheel of at most max_wheel brings p in line ahead. */
int gr_wheel_to_point(const gr_rect *r, gr_vec2 p, double max_wheel, double *wheel, double *dist);

#endif
