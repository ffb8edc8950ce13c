/* outcome.h - forced moves of fogn units: the geometry of retires and evades
 * (§9.11, §6.8), "retire to 3 MU" (§7.9, §6.10), the flight move of Broken
 * units (§8.12, flight.c) and taking destroyed units off the table.
 *
 * The caller decides that a unit must go and rolls the distance; these
 * functions work out where it goes, what it passes or bursts through and
 * where it stops, and carry that out on the state. They never roll dice and
 * never change cohesion: friends burst through, friends a retiring unit
 * stopped against, and friends a Broken unit fled past are reported so the
 * caller can test them (§11).
 *
 * Every value below that the spec marks (R), or that decides something the
 * book leaves open, is a ruling listed in docs/rulings.md. */
#ifndef FOGN_OUTCOME_H
#define FOGN_OUTCOME_H

#include "internal.h"
#include "movetable.h"

/* --- values the book gives (§9.11, §8.12, §7.9) ------------------------------------------------ */
/* blocked by an enemy, impassable terrain or a friend it cannot burst through:
 * the unit halts this far short of it (§9.11) */
#define FOGN_OUT_STOP_SHORT 1.0
/* the slide allowed to get past an obstruction: 1 BW if the obstruction is
 * nearer than 4 MU along the path, 2 BW if farther (§9.11) */
#define FOGN_OUT_SLIDE_NEAR_DIST 4.0
#define FOGN_OUT_SLIDE_NEAR FOGN_BW
#define FOGN_OUT_SLIDE_FAR (2 * FOGN_BW)
/* a gap a retiring unit may slide into is at least a small unit's frontage (§9.11) */
#define FOGN_OUT_MIN_GAP (2 * FOGN_BW)
/* a Broken unit may first swing one corner back this far, free, to line up with a gap (§9.11) */
#define FOGN_OUT_PIVOT_MAX 2.0
/* a Square retiring more than this ends in Tactical (§9.11) */
#define FOGN_OUT_SQUARE_KEEP 3.0
/* "retire to 3 MU" (§7.9, §6.10) */
#define FOGN_R3_RANGE 3.0
/* friends a Broken unit passes within this distance of test (§8.12, §11) */
#define FOGN_FLIGHT_TEST_RANGE 4.0

/* --- rulings ------------------------------------------------------------------------------------ */
/* Ruling (§9.11): a retire first turns the unit about its centre to face the
 * direction of travel, then moves it straight; if the turned footprint would
 * overlap a unit or impassable terrain or leave the table it moves without
 * turning and takes its end facing (turning about its centre) only where
 * there is room. 0: never turn first. */
#define FOGN_OUT_TURN_FIRST 1
/* Ruling (§9.11): the table-edge rule prevails over the general "halt 1 MU
 * short": a retiring unit goes on until it touches the edge (this gap 0). */
#define FOGN_OUT_EDGE_GAP 0.0
/* Ruling (§9.11): a unit touching a table edge when forced to retire is
 * removed only if its retire heads out across that edge (1: any edge it touches). */
#define FOGN_OUT_EDGE_REMOVE_ANY 0
/* Ruling (§9.11): slides are tried at the exact offsets that clear each
 * obstruction and at every multiple of this step, smallest first; the slide is
 * made where the path first meets an obstruction (touching a friend, 1 MU
 * short of anything else); ties go toward the unit's own base edge, then right. */
#define FOGN_OUT_SLIDE_STEP (FOGN_BW / 2)
/* Ruling (§9.11): the free pivot of a Broken unit is tried with its swinging
 * corner travelling 2 MU / this many steps at a time, smallest first */
#define FOGN_OUT_PIVOT_STEPS 4
/* Ruling (§9.11, §8.7): a retiring unit may burst through several friends in
 * one move (the one-friend limit of §8.7 is for voluntary moves); at most this many */
#define FOGN_OUT_MAX_BURST 8
/* Ruling (§9.11): to come out clear of a friend it has entered, a retiring
 * unit may go at most this far beyond its rolled distance */
#define FOGN_OUT_EXTEND_MAX 12.0
/* Ruling (§9.11): a unit that has not the distance to finish crossing an
 * obstacle halts touching it (1), instead of ending astride it */
#define FOGN_OUT_HALT_AT_OBSTACLE 1
/* Ruling (§9.11): the direction away from an enemy in contact is straight
 * away from the face it touches (1); from any other enemy it is from that
 * enemy's centre through the unit's centre */
#define FOGN_OUT_AWAY_FROM_FACE 1
/* Ruling (§7.9): "retire to 3 MU" is a straight move to the rear keeping the
 * facing, after an optional free wheel (forward about a front corner or
 * backward about a rear corner) tried in steps of this many degrees up to the
 * max; the least move is the one whose corners end nearest where they stood
 * (the largest corner displacement, wheel included), ties to the smaller wheel */
#define FOGN_R3_WHEEL_STEP_DEG 15.0
#define FOGN_R3_WHEEL_MAX_DEG 90.0
/* Ruling (§8.12): the flight move is searched over headings at this step
 * either side of straight for the base edge, up to the max, and over
 * FOGN_FLIGHT_DIST_STEPS equal fractions of the distance it can go; the end
 * whose centre is nearest the base edge wins (ties: smaller turn, right
 * before left, longer move) */
#define FOGN_FLIGHT_HEADING_STEP_DEG 15.0
#define FOGN_FLIGHT_HEADING_MAX_DEG 75.0
#define FOGN_FLIGHT_DIST_STEPS 8
/* Ruling (§9.11, §8.6): unlimbered guns that retire limber first, facing
 * backward with the limber's rear edge on the gun line (forward in place for
 * a retire to 3 MU or one that keeps its facing).
 * Ruling (§8.12): unlimbered artillery flees limbered in the same way */
#define FOGN_FLIGHT_LIMBERS 1
/* Ruling (§8.12): a fleeing unit that cannot get past friends goes "as far
 * as possible": up to touching them (this gap); enemies and impassable
 * ground still stop it 1 MU short, as in a retire */
#define FOGN_FLIGHT_FRIEND_GAP 0.0

/* Ruling (§9.11): a forced move never ends on another unit: one that would end
 * on a friend it passes freely is drawn back along its path in steps of this */
#define FOGN_OUT_SETTLE_STEP 0.05

/* --- retires and evades (§9.11, §6.8) ---------------------------------------------------------- */
/* why a forced move ended where it did */
typedef enum fogn_out_stop {
    FOGN_OS_COMPLETE = 0, /* went its whole distance */
    FOGN_OS_OBSTACLE,     /* halted on crossing a wall, hedge, bank or field work (or at one it could not cross) */
    FOGN_OS_BUILDING,     /* halted on entering a built-up area */
    FOGN_OS_ENEMY,        /* halted 1 MU short of an enemy */
    FOGN_OS_TERRAIN,      /* halted 1 MU short of impassable terrain */
    FOGN_OS_FRIEND,       /* halted 1 MU short of a friend it could not pass */
    FOGN_OS_EDGE,         /* halted at the table edge (and lined up along it) */
    FOGN_OS_REMOVED,      /* touched the edge it had to retire across: removed (counts destroyed) */
    FOGN_OS_STAY          /* no legal move (flight: nowhere farther from every enemy and nearer home) */
} fogn_out_stop;

typedef struct fogn_retire_opts {
    double dist;          /* MU to go (the roll plus any additions; min 3 is the caller's) */
    gr_vec2 dir;          /* direction of travel (need not be unit length; not zero) */
    int keep_facing;      /* keep the original facing throughout (the 4 MU of §6.8) */
    int end_formation;    /* formation to end in, -1: automatic (unlimbered guns limber,
                             a Square going more than 3 MU forms Tactical, else unchanged) */
    int geometric;        /* 1: dist is plain length (difficult ground not doubled) */
    uint64_t ignore;      /* units (bit per index) treated as absent */
} fogn_retire_opts;

typedef struct fogn_retire_result {
    fogn_unit after;      /* the unit after the move (pose, formation) */
    int stop;             /* fogn_out_stop */
    int blocker;          /* unit or terrain piece that stopped it, -1 */
    double covered;       /* distance actually travelled incl. wheels, excl. slides and the free pivot */
    double counted;       /* the part of opts.dist used up (difficult ground counts double) */
    double allowance;     /* its normal move over the worst terrain crossed (end facing, §9.11) */
    int faces_travel;     /* ended facing its direction of travel (else back toward where it came from) */
    double slide;         /* sideways slide used (to the right of travel, MU), 0 none */
    int pivoted;          /* a Broken unit's free corner pivot was used */
    int narrowed;         /* a large Tactical unit formed Deep to fit a gap */
    int turned;           /* turned about its centre before moving (FOGN_OUT_TURN_FIRST) */
    int nburst;           /* friends burst through, in path order: each tests (§9.11) */
    int burst[FOGN_OUT_MAX_BURST];
    int stopped_by;       /* friend it halted against, unable to pass: tests as if passed (§9.11), -1 */
    int npassed;          /* Artillery / infantry Skirmisher friends passed freely (§9.11) */
    int passed[FOGN_MAX_UNITS];
    int ncontact;         /* enemies touching it at the end (should be none) */
    int contact[FOGN_MAX_UNITS];
    int nnear;            /* flight only: friends within 4 MU of its path (§8.12) */
    int near[FOGN_MAX_UNITS];
    uint32_t set_flags;   /* unit flags the move sets (FOGN_UF_NO_MOVE for outcome moves, FOGN_UF_MOVED for flight) */
} fogn_retire_result;

/* Direction of a retire away from the given enemies: from one enemy, straight
 * away from it; from several in different directions, along the bisector
 * (the normalised sum of the single directions). The zero vector when they
 * cancel out (caught front and rear, or on both flanks). */
gr_vec2 fogn_retire_dir(const fogn_scenario *s, const fogn_state *st, int unit, const int *enemies, int n);
/* Are enemies touching both its flanks, or its front and its rear? Then it
 * cannot retire: no move, one more cohesion loss (§9.11; the caller's). */
bool fogn_retire_pinned(const fogn_scenario *s, const fogn_state *st, int unit);
/* Works out a retire or evade (§9.11, §6.8) without changing the state;
 * 0 with *r filled, -1 with the reason for bad input. */
int fogn_retire_plan(const fogn_scenario *s, const fogn_state *st, int unit, const fogn_retire_opts *o,
                     fogn_retire_result *r, gr_error *err);
/* Plans and carries out a retire or evade. */
int fogn_retire(const fogn_scenario *s, fogn_state *st, int unit, const fogn_retire_opts *o, fogn_retire_result *r,
                gr_error *err);

/* "Retire to 3 MU" (§7.9) / cavalry "fall back to 3 MU" (§6.10): the least
 * move that puts the unit `range` MU from every firer (straight back,
 * keeping its facing, after an optional free wheel); no move if it is already
 * that far. Blocked paths are handled as in a retire. 0, or -1 with the reason. */
int fogn_retire_to_range_plan(const fogn_scenario *s, const fogn_state *st, int unit, const int *firers, int n,
                              double range, fogn_retire_result *r, gr_error *err);
int fogn_retire_to_range(const fogn_scenario *s, fogn_state *st, int unit, const int *firers, int n, double range,
                         fogn_retire_result *r, gr_error *err);

/* --- flight of Broken units (§8.12, flight.c) -------------------------------------------------- */
/* The flight move of a Broken unit (the caller checks it is Broken and has not
 * moved): one normal move ending farther from every enemy, nearer its own base
 * edge and as near it as that allows, facing the way it went, passing through
 * only Artillery and infantry Skirmishers. 0 with *r filled (stop
 * FOGN_OS_STAY when it has no such move), -1 with the reason for bad input. */
int fogn_flight_plan(const fogn_scenario *s, const fogn_state *st, int unit, fogn_retire_result *r, gr_error *err);
int fogn_flight(const fogn_scenario *s, fogn_state *st, int unit, fogn_retire_result *r, gr_error *err);

/* "3.5 MU, halting short of IR 4": how far it went and why it stopped */
void fogn_retire_describe(const fogn_scenario *s, const fogn_retire_result *r, char *buf, size_t cap);
/* plans and makes a retire, logs "<unit> <what>: <how>", owes the cohesion
 * tests of friends burst through or run into; a unit driven off the table is
 * destroyed; an impossible retire leaves it where it is */
void fogn_retire_logged(const fogn_scenario *s, fogn_state *st, int unit, const fogn_retire_opts *o, gr_log *log,
                        const char *what);

/* --- carrying out, removal ---------------------------------------------------------------------- */
/* Puts a planned forced move on the state: the unit's new pose and formation,
 * the flags of r->set_flags, the commanders leading it carried along; a
 * removed unit is taken off the table (fogn_remove_unit). */
void fogn_outcome_apply(const fogn_scenario *s, fogn_state *st, int unit, const fogn_retire_result *r);
/* Takes a destroyed unit off the table (DESTROYED set, ON_TABLE cleared);
 * a commander leading it is released (leads nobody) and left where the
 * unit's centre was. Casualty tests for him are the caller's. */
void fogn_remove_unit(const fogn_scenario *s, fogn_state *st, int unit);

/* --- shared by outcome.c and flight.c ----------------------------------------------------------- */
/* what a straight run of a footprint meets (fogn_walk_leg) */
#define FOGN_WALK_MAX_DIFF 8
typedef struct fogn_walk {
    const fogn_scenario *s;
    const fogn_state *st;
    int unit, side;
    int mover_free;       /* the mover is Artillery or infantry Skirmishers: it may pass any friend (§8.7) */
    int allow_burst;      /* friends (other than free ones) may be burst through */
    int geometric;        /* difficult ground not doubled */
    double friend_gap;    /* how far short of a friend it cannot pass it halts */
    uint64_t ignore;      /* units treated as absent (incl. enemies it is leaving) */
} fogn_walk;

typedef struct fogn_leg {
    double stop;          /* length gone along the leg */
    double cost;          /* budget used */
    int reason;           /* fogn_out_stop */
    int blocker;          /* unit / piece, -1 */
    int edge;             /* table side reached: 0 y=0, 1 x=W, 2 y=H, 3 x=0; -1 */
    double first;         /* distance to the first obstruction met (inf: none) */
    int first_friend;     /* that obstruction is a friend */
    int nburst, burst[FOGN_OUT_MAX_BURST];
    int stopped_by;
    int npassed, passed[FOGN_MAX_UNITS];
    int ndiff;            /* stretches in difficult ground along the leg */
    double diff[FOGN_WALK_MAX_DIFF][2];
} fogn_leg;

/* Sets up a walk for `unit`; enemies touching `start` that the direction
 * `d` leads away from are ignored from then on. */
void fogn_walk_init(fogn_walk *w, const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *start,
                    gr_vec2 d, uint64_t ignore);
/* Runs footprint r straight along unit vector d for `budget` (difficult
 * ground counts double unless w->geometric): stops on crossing an obstacle,
 * entering a building, 1 MU short of enemies, impassable ground or friends it
 * may not pass, at the table edge; goes through friends it may pass (coming
 * out clear of them). */
void fogn_walk_leg(const fogn_walk *w, const gr_rect *r, gr_vec2 d, double budget, fogn_leg *out);
/* The footprint overlaps no unit (free friends too when `strict`), no
 * impassable ground and stays on the table. */
bool fogn_walk_pose_clear(const fogn_walk *w, const gr_rect *r, int strict);
/* Worst movement class under a straight run of r along d for len MU. */
fogn_move_class fogn_walk_worst(const fogn_scenario *s, const gr_rect *r, gr_vec2 d, double len);
/* The footprint turned about its centre to heading h (an exact about-face when h is opposite). */
gr_rect fogn_rect_turn_centre(const gr_rect *r, double h);
/* The footprint of unit u in formation f with the same centre and heading as r. */
gr_rect fogn_rect_reform(const fogn_unit_profile *p, const fogn_unit *u, const gr_rect *r, int f);
/* Unlimbered guns with front edge r limbered (§8.6): facing forward in place
 * (front edges level), or facing backward with the limber's rear edge on the
 * gun line's front edge. */
gr_rect fogn_rect_limber(const fogn_unit_profile *p, const fogn_unit *u, const gr_rect *r, int backward);
/* Is the unit one that others pass freely (Artillery, infantry in Skirmish order)? */
bool fogn_out_free_pass(const fogn_unit_profile *p, const fogn_unit *u);

#endif
