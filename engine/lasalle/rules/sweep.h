/* sweep.h - a unit's move as a path of straight moves and wheels, and what
 * the ground and the other units say of it. A straight move sweeps the
 * convex hull of its two ends (exact for a rectangle sliding in a line); a
 * wheel is swept in steps of a few degrees. The sweep reports the terrain
 * met (rough, impassable, water, obstacles, the table's edge), the enemies
 * it would touch and the friends it passes through in the order met, and,
 * for a charge, where it first touches an enemy and whom. It rolls no dice:
 * the moves (move.c, charge.c, artillery.c) decide what the findings mean. */
#ifndef LASALLE_SWEEP_H
#define LASALLE_SWEEP_H

#include "../lasalle.h"
#include "../../core/geom.h"

#define LASALLE_PATH_MAX 6
#define LASALLE_SWEEP_MAX 16
#define LASALLE_PIVOT_CENTRE 4      /* artillery turns about the middle of its footprint */

typedef struct lasalle_pose {
    double x, y, h;         /* front-edge centre and heading */
    int form;
} lasalle_pose;

/* one motion: a wheel about a corner (angle != 0), or a straight move in the unit's frame */
typedef struct lasalle_motion {
    double fwd, right;      /* straight: BW ahead (negative: back) and to the right */
    int pivot;              /* wheel: GR_FL .. GR_RL, or LASALLE_PIVOT_CENTRE */
    double angle;           /* wheel: radians, counter-clockwise positive */
    double cost;            /* the allowance it spends */
} lasalle_motion;

typedef struct lasalle_path {
    int n;
    lasalle_motion m[LASALLE_PATH_MAX];
} lasalle_path;

typedef struct lasalle_sweep {
    lasalle_pose end;       /* where the path ends, or where a charge first touches */
    double cost;            /* allowance spent to get there */
    int meets;              /* LASALLE_MEETS_* along the whole path */
    int piece;              /* a terrain piece met, for messages; -1 */
    int touch_enemy;        /* an enemy it would touch or overlap that it did not touch at the start; -1 */
    int near_enemy;         /* it came within 4 BW of an enemy on the way */
    int npass;              /* friends it passes through, in the order met */
    int pass[LASALLE_SWEEP_MAX];
    int end_overlap;        /* a unit its end overlaps; -1 */
    int ncontact;           /* a charge: the enemies touched where it stops */
    int contact[LASALLE_SWEEP_MAX];
} lasalle_sweep;

lasalle_pose lasalle_pose_of(const lasalle_state *st, int i);
/* the pose part way (t from 0 to 1) through a motion */
lasalle_pose lasalle_pose_along(const lasalle_unit_profile *p, lasalle_pose a, const lasalle_motion *m, double t);
lasalle_pose lasalle_pose_after(const lasalle_unit_profile *p, lasalle_pose a, const lasalle_motion *m);
gr_rect lasalle_pose_hull(const lasalle_unit_profile *p, lasalle_pose a);

/* motions: a straight move; a wheel by `angle` (radians, + left) forward about the front corner on that
 * side, or backward (a retrograde wheel) about the other front corner; its cost the outer corner's arc */
lasalle_motion lasalle_straight(double fwd, double right, double cost);
lasalle_motion lasalle_wheel(const lasalle_unit_profile *p, int form, double angle, int backward);
/* artillery turning in place about its centre; its cost the farthest base centre's arc */
lasalle_motion lasalle_turn_about(const lasalle_unit_profile *p, int form, double angle);

/* The footprints of the units in one state, worked out when first asked for: a menu that sweeps many
 * paths over the same state shares one. It holds for that state only, unchanged. */
typedef struct lasalle_unit_geo {
    gr_rect hull;           /* the footprint (lasalle_hull) ... */
    gr_vec2 hc[4], ic[4];   /* ... its corners, and drawn in by LASALLE_OVERLAP_EPS ... */
    double box[4], ibox[4]; /* ... and the boxes around them: x0, y0, x1, y1 */
} lasalle_unit_geo;
typedef struct lasalle_geo {
    uint64_t known;         /* bit j: u[j] is worked out */
    lasalle_unit_geo u[LASALLE_MAX_UNITS];
} lasalle_geo;
void lasalle_geo_init(lasalle_geo *g);
const lasalle_unit_geo *lasalle_geo_of(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int j);

/* sweeps unit i along the path from `start`. charge: stop at the first
 * enemy contact on the last motion (the ncontact enemies touched there).
 * Returns 0; the findings are in out. */
int lasalle_sweep_path(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose start,
                       const lasalle_path *path, int charge, lasalle_sweep *out);
/* the same with the footprints of st's units from g (NULL: worked out for this sweep alone) */
int lasalle_sweep_path_geo(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                           lasalle_pose start, const lasalle_path *path, int charge, lasalle_sweep *out);

/* a charge's sweep (lasalle_sweep_path_geo with `charge` set) for a caller asking only whether the charge
 * may go: 1, the sweep left unfinished, when a motion before its run (the wheel) already meets ground no
 * charge enters or the table's edge, touches an enemy or passes a unit other than artillery, which refuse
 * any charge whatever its run meets; 2 when the run would end on top of a unit, which refuses this run,
 * the sweep then holding only the ground the path meets (whether it meets rough ground is whole); else 0
 * with the whole sweep */
int lasalle_sweep_charge_quick(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                               lasalle_pose start, const lasalle_path *path, lasalle_sweep *out);

/* where unit i, moving along the path, first touches friend j: the pose it
 * stops at when j fails its interpenetration test [C Interpenetration, p.29] */
lasalle_pose lasalle_first_touch(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose start,
                                 const lasalle_path *path, int j);

/* how a footprint at a pose stands with the other units: the first unit it
 * overlaps (-1 none); ignoring `skip` (-1) */
int lasalle_pose_overlaps(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose a, int skip);
int lasalle_pose_overlaps_geo(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                              lasalle_pose a, int skip);

#endif
