/* move.h - exact moves in the Movement Phase (§8.2-§8.10, §15.1; move.c and
 * the move_*.c files behind it): the move, its check against every movement
 * rule, the plan of what a legal move does, and carrying it out; with the
 * distances and tests of the table the check and its callers share. */
#ifndef FOGN_MOVE_H
#define FOGN_MOVE_H

#include "internal.h"
#include "movetable.h"
#include "sweep.h"

/* --- geometry of the state --------------------------------------------------------- */
/* min distance from the unit to any live enemy unit on the table (inf when none) */
double fogn_enemy_dist(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where);
/* the same, exact up to `cap`: anything farther is reported as `cap` (the
 * enemies no nearer than the cap are passed over unmeasured) */
double fogn_enemy_dist_within(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where,
                              double cap);
bool fogn_is_skirmisher(const fogn_unit_profile *p, const fogn_unit *u);
bool fogn_rect_on_table(const fogn_scenario *s, const gr_rect *r);
/* The footprint of unit u after changing to formation `to` where it stands,
 * as §8.5 places it: Extended Line keeps its front rank (forming Tactical or
 * Square, on its two centre front bases), March Column files behind or opens
 * from its head base, the others keep their centre point. */
gr_rect fogn_form_pose(const fogn_unit_profile *p, const fogn_unit *u, fogn_formation to);

/* --- exact moves (§8.4-§8.7) ---------------------------------------------------------- */
typedef enum fogn_move_kind {
    FOGN_MK_NORMAL = 0,   /* wheel about a corner, then straight, plus slide */
    FOGN_MK_REAR,         /* straight back; optional about-face at start / end */
    FOGN_MK_TURN,         /* turn in place to a new heading */
    FOGN_MK_FREE,         /* skirmishers: any direction, half move */
    FOGN_MK_FORM,         /* formation change in place */
    FOGN_MK_ROAD,         /* march along a road centre line */
    FOGN_MK_LIMBER,
    FOGN_MK_UNLIMBER,
    FOGN_MK_PROLONG,
    FOGN_MK_KINK,         /* bend an Extended Line at its centre */
    FOGN_MK_GROUP,        /* one member of a Brigade Group moving as a rigid body (§8.8) */
    FOGN_MK_CROSS         /* over the obstacle piece `flag` from touching it to just beyond it (§15.8) */
} fogn_move_kind;

/* NORMAL, flag: a kinked line goes on bent, its halves each straight ahead
 * with the slide that keeps their inner corners together (move_pose.c):
 * BENT the whole line `dist` along the bisector of the halves' facings;
 * HALVES the left half `dx` and the right half `dy` straight ahead */
#define FOGN_MOVE_BENT 1
#define FOGN_MOVE_HALVES 2
/* NORMAL with HALVES, flag: first the right (or left) half wheels about the
 * centre to the bend `angle`, the other half standing, as `kink` does */
#define FOGN_MOVE_WHEEL_RIGHT 4
#define FOGN_MOVE_WHEEL_LEFT 8
/* NORMAL, flag: a kinked line's right half (with FOGN_MOVE_WHEEL_LEFT, its
 * left half) wheels forward by `angle` about its outer front corner, its
 * inner end going ahead, then goes `dist` straight on; the other half goes
 * straight ahead with the slide that keeps the inner corners together */
#define FOGN_MOVE_SWING 16
/* KINK, flag: the left half wheels about the centre and the right half stands
 * (0: the right half wheels, the left stands) */
#define FOGN_KINK_LEFT 1

typedef struct fogn_move {
    int kind;             /* fogn_move_kind */
    int unit;
    int pivot;            /* NORMAL: GR_FL/GR_FR forward wheel, GR_RL/GR_RR backward, -1 none */
    double angle;         /* NORMAL: wheel (radians, ccw +), with a half's wheel the bend it wheels to; TURN/FREE:
                             new heading; KINK: bend */
    double dist;          /* straight distance (MU); REAR: back; PROLONG: signed; ROAD: along road */
    double slide;         /* NORMAL: to the unit's right (MU, |slide| <= BW) */
    double dx, dy;        /* FREE: displacement; NORMAL with FOGN_MOVE_HALVES: the left and right halves' distances;
                             GROUP: the one way every member goes, the unit vector of its lead's facing after
                             the turn */
    double angle2, dist2; /* NORMAL with FOGN_MOVE_SWING of both halves: the right half's wheel (radians) and
                             distance, `angle` and `dist` the left's */
    int flag;             /* NORMAL: FOGN_MOVE_BENT, FOGN_MOVE_HALVES or FOGN_MOVE_SWING; KINK: FOGN_KINK_LEFT; REAR: bit0 about-face at start, bit1 at end; FORM: new formation;
                             ROAD: +1 / -1 direction along the road; LIMBER: 0 fwd,1 back,2 right,3 left;
                             CROSS: the terrain piece crossed */
    int second;           /* this is the unit's second move */
    /* GROUP: the whole group turns `angle` about (gx, gy), then goes `dist`
     * straight along the new facing, the lead's (dx, dy) for all, so that
     * members whose facings differ by rounding stay as they stood
     * (negative: straight back, no turn);
     * `radius` is the farthest front corner of the group from the pivot, for
     * the wheel's arc limit; `ignore` holds the fellow members (bit per unit) */
    double gx, gy, radius;
    uint64_t ignore;
} fogn_move;

/* What a validated move will do. */
typedef struct fogn_move_plan {
    fogn_unit after;      /* the unit's state after the move */
    int complex;          /* needs a CMT */
    char why_complex[96];
    double allowance;     /* the allowance used (after worst terrain, roads, rain) */
    fogn_move_class worst;
    int passes_through;   /* friendly unit passed through, -1 none */
    int slide_friend;     /* friendly unit slid back to make room, -1 none */
    double friend_dx, friend_dy; /* ... by this much */
} fogn_move_plan;

/* Checks a move against every movement rule; 0 legal (plan filled), -1 with the reason. */
int fogn_move_check(const fogn_scenario *s, const fogn_state *st, const fogn_move *m,
                    fogn_move_plan *plan, gr_error *err);
/* the slides a friend in the way is tried at, each way (§8.7: up to one
 * base depth, in twelfths) */
#define FOGN_FRIEND_SLIDE_STEPS 12

/* Tries of one normal move or move to the rear at several distances (the
 * order compiler's search for the longest legal one): what does not depend
 * on the distance (a wheel's and a slide's swept area, the enemy distance at
 * the start, the largest allowance on any ground) is worked out on the first
 * try and kept. A try that goes farther than any allowance fails at once. */
#define FOGN_TRIES_MEMO 16
/* how an enemy unit is met (building.h): the reach of fogn_bld_meet_reach,
 * the rectangles of fogn_bld_meet_rects with their corners and boxes */
typedef struct fogn_met_geom {
    double reach;
    int n;
    gr_rect r[2];
    gr_vec2 corner[2][4];
    double box[2][4];
} fogn_met_geom;
typedef struct fogn_move_tries {
    int ready, have_allow, have_start_enemy;
    /* a check that does not depend on the distance refused a try (the mover
     * may not move, its wheel or slide is not allowed, it is not on a road
     * it could march along): every other distance fails the same way, so
     * later tries fail at once */
    int doomed;
    /* the friend that refused the latest try (-1 none): asked first by the
     * next try, whose refusal it most often is again */
    int blocker;
    gr_rect ws;           /* the footprint after the wheel and the slide */
    double kink_arc;      /* a kinked line's straightening wheel (move_pose.c) */
    int n0, overflow0;    /* the swept area so far */
    double all0[4];
    double max_allow, start_enemy;
    fogn_sweep sw;
    /* what the shared polygons (below n0, at most FOGN_TRIES_MEMO) gave:
     * distances to each enemy part (bit i of pd_have: pd[j][k][i] known),
     * and whether they cross each friend's part */
    double pd[FOGN_MAX_UNITS][2][FOGN_TRIES_MEMO];
    uint32_t pd_have[FOGN_MAX_UNITS][2];
    uint8_t cross_known[FOGN_MAX_UNITS][2], cross[FOGN_MAX_UNITS][2];
    /* for each friend, which of its slides to make room (bit 2 (step - 1)
     * + forward) have been asked whether they clear every other unit and
     * the table edge, and which do: the mover's end aside, the same
     * question at every distance */
    uint32_t slide_known[FOGN_MAX_UNITS], slide_clear[FOGN_MAX_UNITS];
    /* each enemy's reach (bit j of met_reach) and rectangles (bit j of
     * met_rects), worked out by the first try that asks: the state is the
     * same for every try */
    uint64_t met_reach, met_rects;
    fogn_met_geom met[FOGN_MAX_UNITS];
} fogn_move_tries;
void fogn_move_tries_init(fogn_move_tries *t);
/* enemy j's reach as it is met (fogn_bld_meet_reach) and the rectangles it
 * is met on with their corners and boxes (fogn_bld_meet_rects), kept by the
 * tries t for every try of the move; with t NULL worked out afresh (the
 * rectangles into *tmp) */
double fogn_met_reach(const fogn_scenario *s, const fogn_state *st, fogn_move_tries *t, int j);
const fogn_met_geom *fogn_met_rects(const fogn_scenario *s, const fogn_state *st, fogn_move_tries *t, int j,
                                    fogn_met_geom *tmp);
/* fogn_enemy_dist_within with each enemy's measures kept by the tries t
 * (or NULL): the same tests in the same order, so the same distance */
double fogn_enemy_dist_kept(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where, double cap,
                            fogn_move_tries *t);
/* fogn_move_check (without the reason) for m, which differs from the
 * earlier tries with t at most in m->dist; a doomed try returns -1 and
 * leaves *plan as it was */
int fogn_move_try(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, fogn_move_plan *plan,
                  fogn_move_tries *t);
/* Carries out a checked plan (no dice; the caller has done any CMT). */
void fogn_move_commit(const fogn_scenario *s, fogn_state *st, const fogn_move *m,
                      const fogn_move_plan *plan);

#endif
