/* contact.h - the geometry of contact between fogn units: which units touch
 * and on which faces (§9.1, §22.1 G9), whether an assault can reach its
 * target (§6.1, §6.5, §22.1 G5, §22.2 item 6; reach.c), and carrying out the
 * moves that make or adjust contact: the assault move snapped flush to the
 * target (§22.2 item 5) with a flanked target turning (§6.11), the pause at
 * 2 MU for close defensive fire (§6.10), the cavalry counter-charge (§6.7),
 * intercepts (§6.9), pursuit and pass-through moves (§9.12, §9.13) and the
 * squaring up of units left in contact (§9.14).
 *
 * Nothing here rolls dice or changes cohesion or flags: the caller decides,
 * rolls and marks; these functions answer the geometric questions and move
 * the units (and the commanders leading them) on the state.
 *
 * Every value the book leaves open is a ruling below, listed in docs/rulings.md. */
#ifndef FOGN_CONTACT_H
#define FOGN_CONTACT_H

#include "internal.h"

/* --- values the book gives ---------------------------------------------------------------------------- */
/* §6.10: an assaulter facing close-range fire pauses this far from its target */
#define FOGN_PAUSE_DIST 2.0
/* §6.7: a counter-charge goes at most this far, and at most half the gap */
#define FOGN_COUNTER_MAX 4.0
#define FOGN_COUNTER_GAP_FRACTION 0.5
/* §6.9: intercept distances, preliminary wheels (outer-corner arc, not counted)
 * and minimum moves, infantry / cavalry; "or half way to the assaulter if less" */
#define FOGN_ICPT_INF_RANGE 2.0
#define FOGN_ICPT_CAV_RANGE 4.0
#define FOGN_ICPT_INF_WHEEL 1.0
#define FOGN_ICPT_CAV_WHEEL 2.0
#define FOGN_ICPT_INF_MIN 1.0
#define FOGN_ICPT_CAV_MIN 2.0
#define FOGN_ICPT_MIN_GAP_FRACTION 0.5

/* --- rulings ------------------------------------------------------------------------------------------ */
/* §22.2 item 6: assault wheels are tried at every multiple of this many
 * degrees, plus the exact §6.5 aiming angles */
#define FOGN_REACH_WHEEL_STEP_DEG 5.0
/* §6.5 Ruling: the wheel must first reach the least angle that puts part of
 * the target on the line straight ahead of the unit's centre; the smallest
 * reaching wheel from there up to the "front-edge centre dead ahead" limit
 * is taken; only if none reaches, the largest smaller wheel that reaches
 * ("as far as it can") */
#define FOGN_REACH_AIM_FIRST 1
/* §6.5, §22.2 item 6: the wheel's outer-corner arc counts against the
 * allowance together with the straight advance (arc + advance <= allowance) */
#define FOGN_REACH_ARC_COUNTS 1
/* Ruling (§6.5): the aiming angles are found by scanning in steps of this many
 * degrees and refining by bisection */
#define FOGN_REACH_AIM_SCAN_DEG 1.0
/* Ruling (§22.2 item 4): a wheel's swept area is checked on this many poses */
#define FOGN_REACH_WHEEL_SAMPLES 18
/* Ruling (§9.1, G9): two edges lying within this angle (radians) of parallel
 * and within FOGN_CONTACT_TOL of each other touch along a segment (flush);
 * otherwise the contact is a corner touching */
#define FOGN_FLUSH_ANGLE 1e-3
/* Ruling (§3.1, §6.11): a Square has no flank or rear: every face of it is front */
#define FOGN_SQUARE_ALL_FRONT 1
/* Ruling (§22.2 item 5): a contact made by a corner snaps to the touched edge
 * of the target that faces the mover most squarely */
#define FOGN_CORNER_SNAP_FACING 1
/* Ruling (§22.2 item 5): when snapping flush, the mover may slide along the
 * target's edge to clear third units only while at least this much of its
 * front edge stays against that edge (MU) */
#define FOGN_SNAP_MIN_OVERLAP 0.1
/* Ruling (§6.11, §9.12): a target struck in flank or rear turns about its
 * centre to face the striker squarely (headings opposite); it does not turn if
 * another enemy touches it, if it is a Square, or if the turned footprint
 * would overlap another unit, leave the table or the striker cannot be
 * snapped to its new front. A kinked line straightens as it turns. */
#define FOGN_TURN_ABOUT_CENTRE 1
/* Ruling (§6.10): the pause is on the straight part of the path, after the
 * wheel; a unit already within 2 MU after its wheel pauses there */
#define FOGN_PAUSE_AFTER_WHEEL 1
/* Ruling (§6.7): the counter-charger first wheels about a front corner until
 * it faces the assaulter's front-edge centre (at most 90 degrees; not counted
 * in the distance), then goes straight; a wheel that would hit a unit, leave
 * the table or enter impassable ground is not made. It stops touching any
 * unit (friend or foe) or impassable ground in its way. */
#define FOGN_COUNTER_MAX_WHEEL_DEG 90.0
/* Ruling (§6.9): intercept moves are searched over wheels in steps of this
 * many degrees (each way, up to the arc limit, the exact limit included) and
 * over the minimum distance, every multiple of this many MU above it and the
 * maximum; the legal one putting most of the interceptor across the
 * assaulter's front wins, then the smaller wheel, then the shorter move. A wheel is allowed
 * only if it puts more of the interceptor across the assaulter's front than
 * the same move without it. A flank or rear intercept, when possible, is
 * preferred unless the caller asks for a frontal one. */
#define FOGN_ICPT_WHEEL_STEP_DEG 1.0
#define FOGN_ICPT_DIST_STEP 0.1
/* Ruling (§9.12): a pursuit is plain distance (terrain does not shorten it)
 * straight ahead; it passes friendly Artillery and infantry Skirmishers
 * freely but stops touching any other friend, impassable ground or the table
 * edge, and touching the first enemy it meets. Obstacles are not yet
 * modelled (a pursuer should halt on gaining an obstacle line). */
#define FOGN_PURSUIT_PLAIN 1
/* Ruling (§9.14): the common facing of two units of the same type is the
 * bisector of the active unit's heading and the reverse of the inactive
 * one's; if the active unit's squared-up pose would overlap a third unit,
 * nothing moves (refused); if only the inactive one's would, it stays put */
#define FOGN_SQUARE_BISECT 1

/* --- contacts (contact.c) ----------------------------------------------------------------------------- */
typedef struct fogn_contact {
    int a, b;             /* the two units (in a list: a < b) */
    int face_a, face_b;   /* fogn_face of each that is touched */
    int rect_a, rect_b;   /* which footprint rectangle of each (kinked lines have two) */
    gr_vec2 mid;          /* midpoint of the shared boundary (the corner for a corner contact) */
    double len;           /* length of the shared boundary; 0 when a corner touches */
    int across;           /* 1 + the obstacle piece they touch across (§6.1, obstacle.c); 0: they touch */
    int holder;           /* when across: the unit defending that obstacle */
} fogn_contact;

/* How two footprint rectangles touch (within FOGN_CONTACT_TOL): fills *c
 * (a and b set to -1, the rect indices to 0) and returns true, or false when apart. */
bool fogn_rects_contact(const gr_rect *ra, const gr_rect *rb, fogn_contact *c);
/* The face of rectangle r on which boundary point p lies: front edge, side
 * edges, rear edge; a front corner counts front, a rear corner rear. */
fogn_face fogn_rect_face_at(const gr_rect *r, gr_vec2 p);
/* Are units i and j (any sides) in contact? Fills *c (a = i, b = j) when they are. */
bool fogn_unit_contact(const fogn_scenario *s, const fogn_state *st, int i, int j, fogn_contact *c);
/* Every pair of opposing units in contact; returns the count (at most max). */
int fogn_contacts(const fogn_scenario *s, const fogn_state *st, fogn_contact *out, int max);
/* Is unit i touching any enemy? */
bool fogn_in_enemy_contact(const fogn_scenario *s, const fogn_state *st, int i);
/* The enemies touching unit i's front (a corner of its front counts) /
 * touching it anywhere; returns the count (at most max). */
int fogn_front_enemies(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max);
int fogn_touching_enemies(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max);

/* --- shared geometry ---------------------------------------------------------------------------------- */
/* The open interval (t_in, t_out) of t for which a moved by t*v overlaps b by
 * more than eps on every axis; false when it never does. With eps = 0, t_in
 * is the exact moment of first touching. */
bool fogn_rect_window(const gr_rect *a, gr_vec2 v, const gr_rect *b, double eps, double *t_in, double *t_out);
/* §6.11 conditions 1 and 2 on the striker's starting footprint: no part of it
 * ahead of the target inside the target's front corridor, and its front-edge
 * centre behind the line of the target's front edge. (Conditions 3, the face
 * met, and 4, the wheel, are the caller's.) */
bool fogn_flank_rear_start(const fogn_scenario *s, const fogn_state *st, const gr_rect *start, int target);
/* Puts unit i at footprint r (front-edge centre and heading; the formation
 * is unchanged); a commander leading it keeps his place relative to it. */
void fogn_place_unit(const fogn_scenario *s, fogn_state *st, int i, const gr_rect *r);
/* The footprint overlaps no live unit outside `ignore` (bit per index), stays
 * on the table and off impassable ground. */
bool fogn_pose_clear(const fogn_scenario *s, const fogn_state *st, const gr_rect *r, uint64_t ignore);

/* --- assault reach, pause and intercepts (reach.c) ---------------------------------------------------- */
typedef struct fogn_reach_opts {
    double allowance;     /* > 0: this plain allowance instead of §8.3 over the worst terrain */
    double max_arc;       /* > 0: the outer-corner arc limit of the wheel; 0: half the allowance */
    int arc_free;         /* the wheel's arc is not counted in the allowance (§6.9) */
    int no_difficult;     /* the path may not touch difficult ground (§6.9) */
    int no_friends;       /* the path may pass through no friend at all (§6.9) */
    uint64_t ignore;      /* units (bit per index) treated as absent */
} fogn_reach_opts;

typedef struct fogn_reach {
    int ok;               /* the target can be reached */
    int pivot;            /* GR_FL (wheel left, ccw) or GR_FR (wheel right); -1 no wheel */
    double angle;         /* the wheel, radians (ccw positive) */
    double arc;           /* its outer front corner's arc, MU */
    double dist;          /* the straight advance after the wheel, MU */
    double allowance;     /* the allowance it was measured against */
    int worst;            /* fogn_move_class: the worst ground crossed */
    double aim_min;       /* §6.5: least wheel putting part of the target ahead of its centre
                             (radians, >= 0; inf: none) */
    double aim_max;       /* §6.5: the wheel putting the target's front-edge centre dead ahead (capped at 90 deg) */
    gr_rect start, wheeled, end; /* the assaulter at the start, after the wheel, at contact (not snapped) */
    fogn_contact contact; /* the contact made at `end` (a = assaulter, b = target) */
    int face;             /* fogn_face of the target met */
    int flank_rear;       /* §6.11: a flank or rear assault */
    int through;          /* first friend passed through (declaring needs a CMT, §6.2), -1 none */
    uint64_t through_mask;/* every friend passed through */
    int blocker;          /* when not reached: a unit in the way of the preferred wheel (one within the
                           * open-ground move), -1 */
    int across;           /* 1 + the obstacle piece whose front it ends against (§6.1 item 3, obstacle.h); 0 none */
    int crossing;         /* across: its front edge is on a bridge or ford (§15.7) */
    int ntouch;           /* other enemies its contact pose also touches */
    int touch[FOGN_MAX_UNITS];
} fogn_reach;

/* G5: can unit a (Infantry or Cavalry) reach enemy b with an assault move
 * (§6.1 item 3, §6.5)? 1 yes (*r filled), 0 no (the reason in err, may be
 * NULL). Eligibility beyond geometry (cohesion, sight, March Column, the
 * forbidden pairings of §6.1) is the caller's. When the target defends a
 * wall, hedge, river or stream and the advance meets that obstacle's front
 * first, the assault ends there, in contact across it (obstacle.h). */
int fogn_assault_reach(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r, gr_error *err);
/* True when fogn_assault_reach, asked no reason, refuses before trying a
 * single wheel (bad or dead units, friends, artillery, a kinked line or a
 * bent column, or a target beyond the open-ground move whatever the path),
 * with *r as it gives it; false with *r to be worked out. Costs a few
 * distances; the memo (memo.h) keeps only the other answers. */
bool fogn_reach_refused_at_once(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r);
/* The same with options (intercept and flank-intercept searches use them). */
int fogn_reach_with(const fogn_scenario *s, const fogn_state *st, int a, int b, const fogn_reach_opts *o,
                    fogn_reach *r, gr_error *err);
/* The footprint of unit a after wheeling `angle` about `pivot` and going
 * `dist` straight (the path of a reach). */
gr_rect fogn_reach_pose(const fogn_reach *r, double dist);

/* --- carrying out contact (contact.c; the pause and intercepts in reach.c) ---------------------------- */
typedef struct fogn_contact_result {
    gr_rect a_end;        /* the striker's footprint at the end (snapped flush when possible) */
    gr_rect b_end;        /* the target's footprint (turned when struck in flank or rear) */
    int snapped;          /* the striker was snapped flush (0: the corner contact is kept) */
    double slide;         /* its slide along the target's edge from the centred place (MU, to its right) */
    int face;             /* fogn_face of the target met */
    int flank_rear;       /* the caller's §6.11 / §9.12 judgement, kept only if the face met is flank or rear */
    int turned;           /* the target turned to face the striker (§6.11) */
} fogn_contact_result;

/* Where striker a ends when it meets target b with footprint `a_at` (a
 * contact pose): snapped flush and centred on the edge it meets as far as
 * third units allow, and b turned to face it when `flank_rear` (§6.11,
 * §22.2 item 5). 0, or -1 when a_at does not touch b. The state is unchanged. */
int fogn_contact_plan(const fogn_scenario *s, const fogn_state *st, int a, int b, const gr_rect *a_at, int flank_rear,
                      fogn_contact_result *out);
/* Puts a planned contact on the state (both units and their commanders). */
void fogn_contact_commit(const fogn_scenario *s, fogn_state *st, int a, int b, const fogn_contact_result *res);
/* The assault move itself: a goes along the reach's path into contact with b,
 * snapped; b turns if struck in flank or rear. 0, or -1 when r is not a reach. */
int fogn_assault_move(const fogn_scenario *s, fogn_state *st, int a, int b, const fogn_reach *r,
                      fogn_contact_result *out);
/* §6.10: the footprint where the assaulter pauses, FOGN_PAUSE_DIST from its
 * target along the reach's path (at the end of the wheel if already nearer). */
gr_rect fogn_assault_pause_pose(const fogn_scenario *s, const fogn_state *st, int b, const fogn_reach *r);

/* §6.7 counter-charge by cavalry c against assaulter a */
typedef struct fogn_countercharge {
    gr_rect end;          /* where the counter-charger ends */
    int pivot;            /* wheel corner (GR_FL / GR_FR), -1 none */
    double angle;         /* the wheel, radians */
    double want;          /* min(4, gap / 2) */
    double dist;          /* how far it went straight */
    int blocked;          /* stopped short of `want` */
    int blocker;          /* the unit that stopped it, -1 (ground or the table edge) */
} fogn_countercharge;
/* Works out the counter-charge (state unchanged); 0, -1 with a reason. */
int fogn_countercharge_plan(const fogn_scenario *s, const fogn_state *st, int c, int a, fogn_countercharge *out,
                            gr_error *err);

/* §6.9 intercept of assaulter a (on its way to its target, reach ra) by unit i */
enum { FOGN_ICPT_ANY = 0, FOGN_ICPT_FRONTAL, FOGN_ICPT_FLANK };
typedef struct fogn_intercept {
    int ok;               /* the intercept can be made */
    int flank_rear;       /* i strikes a's flank or rear: the assault is cancelled (§6.9, §6.11) */
    int needs_cmt;        /* Disordered or Spent interceptor (§6.9) */
    int pivot;            /* the interceptor's preliminary wheel corner, -1 none */
    double angle;         /* radians */
    double dist;          /* its straight move, MU */
    double min_move;      /* the least move it had to make (frontal intercepts) */
    gr_rect icpt_end;     /* the interceptor after its move (frontal: before the assaulter comes on) */
    double assault_dist;  /* frontal: the assaulter's straight advance to meet it */
    fogn_contact_result contact; /* the final contact: frontal, the assaulter meeting i (it
                                    strikes i's flank when i crossed its path side-on, §6.11);
                                    flank/rear, the interceptor striking the assaulter */
} fogn_intercept;
/* Is an intercept possible, and where do both units end? 1 yes, 0 no
 * (reason in err). The state is unchanged. */
int fogn_intercept_plan(const fogn_scenario *s, const fogn_state *st, int i, int a, const fogn_reach *ra, int mode,
                        fogn_intercept *out, gr_error *err);
/* No intercept of assaulter a by unit i can be planned, whatever a's reach:
 * they stand too far apart for the flank or rear strike and for any pose of
 * the frontal search to meet a's way. A sure refusal from their positions,
 * asked before a's reach is worked out; false says nothing. */
bool fogn_intercept_too_far(const fogn_scenario *s, const fogn_state *st, int i, int a);
/* Puts a planned intercept on the state. */
void fogn_intercept_commit(const fogn_scenario *s, fogn_state *st, int i, int a, const fogn_intercept *ic);

/* §9.12 pursuit and §9.13 pass-through */
typedef enum fogn_pursuit_stop {
    FOGN_PS_COMPLETE = 0, FOGN_PS_ENEMY, FOGN_PS_FRIEND, FOGN_PS_TERRAIN, FOGN_PS_EDGE, FOGN_PS_NO_ROOM
} fogn_pursuit_stop;
typedef struct fogn_pursuit {
    int ok;               /* 0 only for a pass-through with no room beyond (it retires instead) */
    gr_rect from;         /* where the move starts (after the pass-through placement) */
    double moved;         /* straight distance gone */
    int stop;             /* fogn_pursuit_stop */
    int blocker;          /* the unit it stopped against, -1 */
    int enemy;            /* the enemy contacted, -1 */
    int first_half;       /* contact within the first half of the distance (§9.12: second round) */
    int flank_rear;       /* judged from the pursuer's pose at the end of the combat */
    fogn_contact_result contact; /* a_end: the pursuer's end footprint (snapped when it met an enemy) */
} fogn_pursuit;
/* Pursuer p goes `dist` straight ahead; `judge` is its footprint at the end of
 * the combat (NULL: where it stands now). State unchanged; 0, -1 bad input. */
int fogn_pursuit_plan(const fogn_scenario *s, const fogn_state *st, int p, double dist, const gr_rect *judge,
                      fogn_pursuit *out);
/* §9.13: cavalry c in contact with enemy infantry is placed with its rear edge
 * on the far edge of the infantry, then pursues `dist`; out->ok 0 (stop
 * FOGN_PS_NO_ROOM) when it cannot be placed. 0, -1 bad input (no infantry in contact). */
int fogn_pass_through_plan(const fogn_scenario *s, const fogn_state *st, int c, double dist, fogn_pursuit *out);
/* Puts a planned pursuit or pass-through on the state (nothing when !ok). */
void fogn_pursuit_commit(const fogn_scenario *s, fogn_state *st, int p, const fogn_pursuit *pu);

/* §9.14 squaring up two units left in frontal contact */
typedef struct fogn_squared {
    int moved_active, moved_inactive;
    double heading;       /* the active unit's new heading */
    gr_rect active_end, inactive_end;
} fogn_squared;
/* Squares up active unit x and inactive unit y (both fronts touching):
 * only x moves when they are of different arms or `only_active` (a Brigade
 * Group or an obstacle defender). Changes the state; 0, -1 with a reason. */
int fogn_square_up(const fogn_scenario *s, fogn_state *st, int x, int y, int only_active, fogn_squared *out,
                   gr_error *err);

#endif
