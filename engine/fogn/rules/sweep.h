/* sweep.h - the area a moving unit passes over, as a list of small convex
 * polygons (hulls of consecutive poses), for terrain and collision checks. */
#ifndef FOGN_SWEEP_H
#define FOGN_SWEEP_H

#include "../../core/geom.h"
#include "../../core/terrain.h"

#define FOGN_SWEEP_MAX 96

typedef struct fogn_sweep {
    int n;
    /* a polygon's vertices; npts 0 marks the hull of two poses not worked
     * out yet, pts then holding the two poses' eight corners
     * (fogn_sweep_poly works it out on first asking) */
    int npts[FOGN_SWEEP_MAX];
    gr_vec2 pts[FOGN_SWEEP_MAX][8];
    /* per polygon: min x, min y, max x, max y of its points; of a pair's
     * eight corners, which hold its hull, so that every test that passes
     * over a polygon by its box passes over what the hull's box would */
    double box[FOGN_SWEEP_MAX][4];
    double all[4];                 /* the whole sweep's box */
    int overflow;
} fogn_sweep;

void fogn_sweep_clear(fogn_sweep *sw);
/* dst becomes src: its polygons, their boxes, the whole box */
void fogn_sweep_copy(fogn_sweep *dst, const fogn_sweep *src);
/* adds the footprint itself */
void fogn_sweep_rect(fogn_sweep *sw, const gr_rect *r);
/* adds the hull of two poses (exact for a translation) */
void fogn_sweep_pair(fogn_sweep *sw, const gr_rect *a, const gr_rect *b);
/* adds a rotation about a point through `angle`, sampled */
void fogn_sweep_rotation(fogn_sweep *sw, const gr_rect *start, gr_vec2 pivot, double angle, int samples);
/* the same, keeping the sampled poses (poses[i - 1] = the pose at angle * i / samples) */
void fogn_sweep_rotation_poses(fogn_sweep *sw, const gr_rect *start, gr_vec2 pivot, double angle, int samples,
                               gr_rect *poses);

/* the hull of polygon i's points, worked out in place the first time (then a no-op) */
void fogn_sweep_hull(fogn_sweep *sw, int i);
/* polygon i of the sweep (*n its vertex count), its hull worked out on first asking */
static inline const gr_vec2 *fogn_sweep_poly(fogn_sweep *sw, int i, int *n)
{
    if (sw->npts[i] == 0) fogn_sweep_hull(sw, i);
    *n = sw->npts[i];
    return sw->pts[i];
}
/* polygon i's points without working its hull out: the hull once it is
 * worked out, else the two poses' eight corners it is the hull of. The
 * hull is drawn from those points and holds them all, so along any axis
 * they reach as far as it does: a test of that extent reads them. */
static inline const gr_vec2 *fogn_sweep_points(const fogn_sweep *sw, int i, int *n)
{
    *n = sw->npts[i] ? sw->npts[i] : 8;
    return sw->pts[i];
}

/* a pose of a pair still held as corners (four of them, as
 * gr_rect_corners gives them: front left, front right, rear right, rear
 * left): the front-left corner, unit axes along the front edge and back
 * along the left edge, and those edges' lengths */
typedef struct fogn_pose_frame {
    gr_vec2 o, u, b;
    double w, d;
} fogn_pose_frame;
fogn_pose_frame fogn_pose_of_corners(const gr_vec2 c[4]);
/* the eight corners pts of a pair, whose two poses are pose[0] and
 * pose[1], and the points q[0..nq-1] lie apart by more than `margin` along
 * one of the poses' axes (gr_points_apart_along) */
bool fogn_poses_apart(const fogn_pose_frame pose[2], const gr_vec2 pts[8], const gr_vec2 *q, int nq, double margin);
/* Polygon i and the points q[0..nq-1] lie apart by more than `margin`
 * along one of the polygon's own axes (gr_points_apart_along): a pair
 * still held as corners, its two poses' axes; a hull or a footprint, its
 * edges' normals. No hull is worked out. */
bool fogn_sweep_apart(const fogn_sweep *sw, int i, const gr_vec2 *q, int nq, double margin);

/* Does swept polygon i meet the rectangle r, whose corners rc are as
 * gr_rect_corners gives them? The answer of gr_poly_intersect of the
 * polygon's hull and rc, settled where it can be without the hull: points
 * apart along the polygon's or r's own axes, or a point of one deep inside
 * the other (sweep_meet.c). */
bool fogn_sweep_meets_rect(fogn_sweep *sw, int i, const gr_rect *r, const gr_vec2 rc[4]);

/* does swept polygon i touch terrain piece p? (gr_terrain_piece_touches_poly
 * with the polygon's box at hand) */
bool fogn_sweep_touches(fogn_sweep *sw, int i, const gr_terrain_piece *p);
/* false when no polygon of the sweep can touch p (its box is too far) */
bool fogn_sweep_near(const fogn_sweep *sw, const gr_terrain_piece *p);

/* distance between two boxes (0 when they meet) */
double fogn_box_dist(const double *a, const double *b);
/* fogn_box_dist(a, b) >= d, and fogn_box_dist(a, b) <= 0, exactly, mostly without hypot */
bool fogn_box_dist_at_least(const double *a, const double *b, double d);
bool fogn_boxes_meet(const double *a, const double *b);
/* the box of a rectangle */
void fogn_rect_box(const gr_rect *r, double *box);

#endif
