/* terrain.h - the table's terrain: typed polygons (woods, hills, villages,
 * lakes) and typed polylines with a width (roads, rivers, streams, walls,
 * hedges), with the spatial queries the rules ask of them.
 *
 * The types are the features Napoleonic rulebooks share; each ruleset maps a
 * type (and the piece's `grade`) to its own movement and combat classes. The
 * terrain never changes during a game, so it lives in the scenario. */
#ifndef GR_TERRAIN_H
#define GR_TERRAIN_H

#include <stdbool.h>
#include "geom.h"

#define GR_TERRAIN_MAX 64        /* pieces on one table */
#define GR_TERRAIN_MAX_PTS 32    /* vertices of one piece */
#define GR_TERRAIN_NAME 32

typedef enum gr_terrain_type {
    GR_T_OPEN = 0,        /* explicit open ground (rarely needed) */
    GR_T_FIELDS,          /* fields, enclosures: rough */
    GR_T_BRUSH,           /* brush, rocky ground, soft sand: rough */
    GR_T_OPEN_WOOD,       /* open woods, orchards, vineyards: cover; grade = move class */
    GR_T_DENSE_WOOD,      /* difficult, cover, blocks sight */
    GR_T_MARSH,           /* difficult */
    GR_T_GENTLE_HILL,     /* open, blocks sight over its crest */
    GR_T_STEEP_HILL,      /* steep slopes difficult */
    GR_T_LAKE,            /* impassable */
    GR_T_ROCKY,           /* impassable, blocks sight */
    GR_T_BUILDING,        /* built-up area */
    GR_T_GULLY,           /* sunken rough */
    GR_T_FORTIFICATION,   /* field works (polygon, open rear) */
    GR_T_SOFT_GROUND,     /* scenario-only soft ground */
    /* polylines from here on */
    GR_T_ROAD,
    GR_T_RIVER,           /* grade = depth (gr_water_depth) */
    GR_T_STREAM,          /* grade = depth */
    GR_T_WALL,
    GR_T_HEDGE,
    GR_T_BRIDGE,          /* short polyline across a river: the crossing */
    GR_T_FORD,
    GR_T_COUNT
} gr_terrain_type;

typedef enum gr_water_depth {
    GR_WATER_ANKLE = 0,
    GR_WATER_WAIST,
    GR_WATER_SHOULDER,
    GR_WATER_TORRENT,
    GR_WATER_DRY
} gr_water_depth;

typedef enum gr_shape { GR_SHAPE_POLYGON = 0, GR_SHAPE_POLYLINE = 1 } gr_shape;

typedef struct gr_terrain_piece {
    char name[GR_TERRAIN_NAME];
    unsigned char type;     /* gr_terrain_type */
    unsigned char shape;    /* gr_shape */
    unsigned char grade;    /* type-specific: wood move class, water depth, hill has-crest */
    unsigned char has_box;  /* set by gr_terrain_add and gr_terrain_piece_set_box: `box` holds the points' bounds */
    /* set by a ruleset that keeps `frame`, its own rectangle about the piece
     * (fogn: a built-up area's or a field work's box, fogn_bld_box), worked
     * out from the points, type and grade it records in `frame_key`;
     * gr_terrain_piece_set_box drops it, as every change of points must
     * call that */
    unsigned char has_frame;
    double width;           /* polylines: full width; polygons: 0 */
    double box[4];          /* min x, min y, max x, max y of the points (when has_box) */
    gr_rect frame;
    unsigned frame_key;
    int npts;
    gr_vec2 pts[GR_TERRAIN_MAX_PTS];
} gr_terrain_piece;

typedef struct gr_terrain {
    double table_w, table_h;
    int n;
    gr_terrain_piece p[GR_TERRAIN_MAX];
} gr_terrain;

/* names used in scenario files ("dense_wood", "river", ...); NULL if out of range */
const char *gr_terrain_type_name(gr_terrain_type t);
/* -1 when the name is unknown */
int gr_terrain_type_from_name(const char *name);
bool gr_terrain_type_is_linear(gr_terrain_type t);

/* Appends a piece; returns its index or -1 when the table is full / the piece is bad. */
int gr_terrain_add(gr_terrain *t, const gr_terrain_piece *piece);
/* Works out the piece's box from its points (has_box set): for a piece
 * filled in place or whose points moved. Every query that meets pieces
 * tests the box first; without it, each works the box out again. A
 * ruleset's frame (has_frame) is dropped, to be worked out afresh. */
void gr_terrain_piece_set_box(gr_terrain_piece *p);

/* Does the piece touch the rectangle (any shared area; polylines count their width)? */
bool gr_terrain_piece_touches_rect(const gr_terrain_piece *p, const gr_rect *r);
/* Does the piece touch the polygon (e.g. a swept hull)? */
bool gr_terrain_piece_touches_poly(const gr_terrain_piece *p, const gr_vec2 *poly, int n);
/* the same with the polygon's box known (min x, min y, max x, max y, as
 * the polygon's own points give it) */
bool gr_terrain_piece_touches_poly_boxed(const gr_terrain_piece *p, const gr_vec2 *poly, int n, const double box[4]);
/* false when nothing inside the box (same order) can touch the piece */
bool gr_terrain_piece_near_box(const gr_terrain_piece *p, const double box[4]);
/* Is the rectangle wholly inside the (polygon) piece? Always false for polylines. */
bool gr_terrain_piece_contains_rect(const gr_terrain_piece *p, const gr_rect *r);
/* Does the segment a-b cross the piece (polylines count their width)? */
bool gr_terrain_piece_crosses_seg(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b);
/* Distance from a point to the piece (0 inside / on it; polylines minus half width). */
double gr_terrain_piece_point_dist(const gr_terrain_piece *p, gr_vec2 q);

/* Indices of the pieces touching the rectangle / polygon / segment; returns the
 * count (at most max). */
int gr_terrain_under_rect(const gr_terrain *t, const gr_rect *r, int *out, int max);
/* gr_terrain_under_rect among the pieces `keep` accepts (NULL: every piece);
 * keep is asked before any geometry, so a caller that reads only some kinds
 * of ground passes over the rest unmeasured. */
int gr_terrain_under_rect_if(const gr_terrain *t, const gr_rect *r, bool (*keep)(const gr_terrain_piece *), int *out,
                             int max);
/* The pieces `keep` accepts (NULL: every piece) that something inside the
 * box (min x, min y, max x, max y) may touch (gr_terrain_piece_near_box),
 * in index order: the candidates of many questions about shapes inside
 * that box, gathered once. */
int gr_terrain_near_box_if(const gr_terrain *t, const double box[4], bool (*keep)(const gr_terrain_piece *), int *out,
                           int max);
/* gr_terrain_under_rect among the `ncand` pieces of `cand` (index order):
 * for a rectangle inside the box they were gathered for, the same answer as
 * gr_terrain_under_rect_if with the same keep. */
int gr_terrain_under_rect_among(const gr_terrain *t, const int *cand, int ncand, const gr_rect *r, int *out, int max);
int gr_terrain_under_poly(const gr_terrain *t, const gr_vec2 *poly, int n, int *out, int max);
int gr_terrain_on_segment(const gr_terrain *t, gr_vec2 a, gr_vec2 b, int *out, int max);

/* Is the point within `tol` of the centre line of some piece of this type?
 * Returns the piece index or -1. Used for "follows a road". */
int gr_terrain_near_line(const gr_terrain *t, gr_terrain_type type, gr_vec2 q, double tol);

#endif
