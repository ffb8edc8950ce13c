/* internal.h - declarations shared by the fogn rules files and their tests,
 * not part of the ruleset's public face. */
#ifndef FOGN_INTERNAL_H
#define FOGN_INTERNAL_H

#include "../fogn.h"
#include "rulings.h"
#include "sweep.h"

/* --- shared battle vocabulary (§6, §7, §9) -------------------------------------------- */
/* firing range bands (§7.2): close <= 2 MU, medium <= 6, long <= 16 */
typedef enum fogn_range { FOGN_RANGE_CLOSE = 0, FOGN_RANGE_MEDIUM, FOGN_RANGE_LONG, FOGN_RANGE_NONE } fogn_range;
/* which face of a unit another touches or threatens */
typedef enum fogn_face { FOGN_FACE_FRONT = 0, FOGN_FACE_FLANK, FOGN_FACE_REAR } fogn_face;

/* --- movement classes of terrain (§8.3, §15.1) --------------------------------- */
typedef enum fogn_move_class {
    FOGN_MC_OPEN = 0, FOGN_MC_ROUGH, FOGN_MC_DIFFICULT, FOGN_MC_IMPASSABLE
} fogn_move_class;

/* movement class a terrain piece imposes on a base over it */
fogn_move_class fogn_piece_move_class(const gr_terrain_piece *p);
/* may this piece change a move at all: worse than open, or an obstacle or water to cross */
bool fogn_piece_hinders_move(const gr_terrain_piece *p);
const char *fogn_move_class_name(fogn_move_class c);
/* §8.3 allowance in MU for the unit in its current formation on terrain of
 * this class (weather already folded in); -1 when it may not move there */
double fogn_allowance(const fogn_scenario *s, const fogn_unit_profile *p, const fogn_unit *u,
                      fogn_move_class mc);
/* the §8.3 table row itself (clear weather); -1 for N/A */
double fogn_allowance_row(const fogn_unit_profile *p, fogn_formation f, fogn_move_class mc);
/* commander alone (§8.3 last row) */
double fogn_cmdr_allowance(const fogn_scenario *s, fogn_move_class mc);

/* --- complex move tests (§5.3) --------------------------------------------------- */
typedef struct fogn_cmt_cost {
    int cmdr;      /* commander paying, -1 none */
    int cp;        /* points he pays */
    int led;       /* led by a commander: passes on 4+ */
    int free;      /* first CMT of a led unit this phase: no CP */
} fogn_cmt_cost;

/* Can the unit attempt a CMT now, and at what cost? 0 yes, -1 no (reason in err). */
int fogn_cmt_cost_of(const fogn_scenario *s, const fogn_state *st, int unit, fogn_cmt_cost *out,
                     gr_error *err);
/* Rolls the test (dice per training, élan re-rolls); returns 1 pass, 0 fail, -1 dice failure. */
int fogn_cmt_roll(const fogn_scenario *s, const fogn_state *st, int unit, int led, gr_dice *dice,
                  gr_log *log, const char *what);
/* The same with the dice and élan given (a Brigade Group tests with its worst
 * training and élan, §8.8): `who` names the tester in the log. */
int fogn_cmt_roll_with(int side, const char *who, int ndice, int elan_level, int led, gr_dice *dice, gr_log *log,
                       const char *what);
/* CMT dice by training, and the élan re-roll level of §2.2 (3 re-roll 1-2,
 * 2 re-roll 1s, 1 none, 0 Poor: must re-roll 6s when passing) */
int fogn_cmt_dice(const fogn_unit_profile *p);
int fogn_elan_level(const fogn_unit_profile *p);
/* The commander leading a unit (-1 none). */
int fogn_leader_of(const fogn_scenario *s, const fogn_state *st, int unit);
/* Is the unit within its division commander's range (§3.4)? */
bool fogn_in_command(const fogn_scenario *s, const fogn_state *st, int unit);

/* --- geometry of the state --------------------------------------------------------- */
/* min distance from the unit to any live enemy unit on the table (inf when none) */
double fogn_enemy_dist(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where);
bool fogn_unit_alive(const fogn_unit *u);
bool fogn_is_skirmisher(const fogn_unit_profile *p, const fogn_unit *u);
bool fogn_rect_on_table(const fogn_scenario *s, const gr_rect *r);
/* the side's own move number (1 for its first move) at the current move (reserve.c) */
int fogn_own_move(const fogn_scenario *s, const fogn_state *st, int side);

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
    FOGN_MK_GROUP         /* one member of a Brigade Group moving as a rigid body (§8.8) */
} fogn_move_kind;

typedef struct fogn_move {
    int kind;             /* fogn_move_kind */
    int unit;
    int pivot;            /* NORMAL: GR_FL/GR_FR forward wheel, GR_RL/GR_RR backward, -1 none */
    double angle;         /* NORMAL: wheel (radians, ccw +); TURN/FREE: new heading; KINK: bend */
    double dist;          /* straight distance (MU); REAR: back; PROLONG: signed; ROAD: along road */
    double slide;         /* NORMAL: to the unit's right (MU, |slide| <= BW) */
    double dx, dy;        /* FREE: displacement */
    int flag;             /* REAR: bit0 about-face at start, bit1 at end; FORM: new formation;
                             ROAD: +1 / -1 direction along the road; LIMBER: 0 fwd,1 back,2 right,3 left */
    int second;           /* this is the unit's second move */
    /* GROUP: the whole group turns `angle` about (gx, gy), then goes `dist`
     * straight along the new facing (negative: straight back, no turn);
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
    gr_rect friend_after; /* its new footprint */
    double friend_dx, friend_dy;
} fogn_move_plan;

/* Checks a move against every movement rule; 0 legal (plan filled), -1 with the reason. */
int fogn_move_check(const fogn_scenario *s, const fogn_state *st, const fogn_move *m,
                    fogn_move_plan *plan, gr_error *err);
/* Tries of one normal move or move to the rear at several distances (the
 * order compiler's search for the longest legal one): what does not depend
 * on the distance (a wheel's and a slide's swept area, the enemy distance at
 * the start, the largest allowance on any ground) is worked out on the first
 * try and kept. A try that goes farther than any allowance fails at once. */
#define FOGN_TRIES_MEMO 16
typedef struct fogn_move_tries {
    int ready, have_allow, have_start_enemy;
    gr_rect ws;           /* the footprint after the wheel and the slide */
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
} fogn_move_tries;
void fogn_move_tries_init(fogn_move_tries *t);
/* fogn_move_check (without the reason) for m, which differs from the
 * earlier tries with t at most in m->dist */
int fogn_move_try(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, fogn_move_plan *plan,
                  fogn_move_tries *t);
/* Carries out a checked plan (no dice; the caller has done any CMT). */
void fogn_move_commit(const fogn_scenario *s, fogn_state *st, const fogn_move *m,
                      const fogn_move_plan *plan);

/* --- actions ------------------------------------------------------------------------------ */
typedef enum fogn_action_type {
    FOGN_A_DONE = 0,     /* end this side's movement phase (remaining units hold) */
    FOGN_A_HOLD,         /* this unit/commander stays */
    FOGN_A_ADVANCE,      /* order: toward enemy unit `target` until `arg` MU away (band) */
    FOGN_A_ADVANCE_OBJ,  /* order: toward objective `target` */
    FOGN_A_FACE,         /* order: wheel/turn to face enemy `target` */
    FOGN_A_FORM,         /* order: formation `arg` */
    FOGN_A_FALL_BACK,    /* order: half move to the rear, still facing the enemy */
    FOGN_A_ROAD,         /* order: march along the road, direction arg (+1/-1) */
    FOGN_A_TURN,         /* order/exact: turn in place by arg degrees (90, -90, 180) */
    FOGN_A_MOVE,         /* exact: pivot arg, p0 wheel deg, p1 distance, p2 slide */
    FOGN_A_REAR,         /* exact: p1 distance, arg bits about-face */
    FOGN_A_FREE,         /* exact: p0 dx, p1 dy, p2 new heading deg */
    FOGN_A_FACE_TO,      /* exact: turn in place to heading p0 deg */
    FOGN_A_LIMBER,       /* arg: 0 fwd, 1 back, 2 right, 3 left */
    FOGN_A_UNLIMBER,
    FOGN_A_PROLONG,      /* p1 signed distance */
    FOGN_A_KINK,         /* p0 bend degrees (negative = wings back) */
    FOGN_A_CMDR_MOVE,    /* commander `actor - nunits`: p0 x, p1 y */
    FOGN_A_CMDR_JOIN,    /* commander joins unit `target` */
    FOGN_A_GROUP_MOVE,   /* exact, Brigade Group of unit actor: pivot arg (group corner), p0 deg, p1 dist; p3 the other members */
    FOGN_A_GROUP_ADVANCE,/* order, Brigade Group: toward enemy `target` to band `arg`; p3 members */
    FOGN_A_GROUP_REAR,   /* exact, Brigade Group: p1 distance straight back; p3 members */
    FOGN_A_RECOVER,      /* Recovery Phase: commander actor tries to recover / rally unit `target` */
    FOGN_A_ASSAULT,      /* Assault Phase: unit actor assaults enemy `target` */
    FOGN_A_REACT,        /* Assault Phase: target actor reacts: arg a reaction (assault.c) */
    FOGN_A_INTERCEPT,    /* Assault Phase: unit actor intercepts assaulter `target` */
    FOGN_A_PRESS,        /* Assault Phase: assaulter actor presses on after fire (a CMT) */
    FOGN_A_FIRE,         /* Firing Phase: unit actor fires, most dice at `target`; arg 1 ignores Skirmishers */
    FOGN_A_PURSUE,       /* Combat Phase: unit actor pursues (or tries to) */
    FOGN_A_ALLOCATE,     /* Command Phase: corps commander actor gives 1 CP to commander `target` (§5.1) */
    FOGN_A_ARRIVE,       /* Movement Phase: off-table unit actor comes on (§8.1): arg formation, p0 point on
                            the edge, p1 how far in (0 as far as it may) */
    FOGN_A_ENTER,        /* Movement Phase: enter building / field work piece `target`; arg = mode + 4 * face (building.h) */
    FOGN_A_GARRISON,     /* Movement Phase: a garrison changes how it holds its area: arg = mode + 4 * face */
    FOGN_A_LEAVE,        /* Movement Phase: a garrison leaves its area through face arg (0-3) */
    FOGN_A_COUNT
} fogn_action_type;

/* compile an action into an exact move for the unit (orders resolve geometry here);
 * 0 ok, -1 with a reason */
int fogn_action_to_move(const fogn_scenario *s, const fogn_state *st, const gr_action *a,
                        fogn_move *m, gr_error *err);
/* the same; when compiling searched for the move's distance, *have_plan is
 * 1 and *plan is fogn_move_check's plan of the move (it is legal) */
int fogn_action_to_move_planned(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                                fogn_move_plan *plan, int *have_plan, gr_error *err);
/* the movement-phase menu for the unit now due; returns the count. With
 * `check` 0 the menu is not filtered for legality (candidates) */
int fogn_orders_for_unit(const fogn_scenario *s, const fogn_state *st, int unit, gr_action *out, int max, int check);
/* is a unit's movement action legal now (compiles, passes the rules, affordable)? */
int fogn_unit_order_legal(const fogn_scenario *s, const fogn_state *st, const gr_action *a);

/* a movement order compiled and checked once, for applying it right after
 * its legality test on the same state (have: 0 when the order is not one
 * that compiles to a single move) */
typedef struct fogn_compiled {
    int have;
    fogn_move m;
    fogn_move_plan plan;
} fogn_compiled;

/* fogn_unit_order_legal, keeping the compiled move in *out */
typedef struct fogn_memo fogn_memo; /* memo.h */
int fogn_unit_order_legal_compiled(const fogn_scenario *s, const fogn_state *st, const gr_action *a,
                                   fogn_compiled *out, fogn_memo *memo);
int fogn_orders_for_cmdr(const fogn_scenario *s, const fogn_state *st, int cmdr, gr_action *out, int max);

/* commander moves and joins (cmdr.c); 0 done, -1 refused with the reason */
int fogn_cmdr_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_error *err);
/* where a commander stands when he is with a unit (behind its rear edge) */
gr_vec2 fogn_cmdr_post(const fogn_scenario *s, const fogn_state *st, int unit);
/* commander c joins unit j, moving at most `limit` MU (0: his allowance);
 * `free_move`: a corps commander pays no point (the Recovery Phase, §8.11) */
int fogn_cmdr_join(const fogn_scenario *s, fogn_state *st, int c, int j, double limit, int free_move, gr_error *err);

/* --- line of communications (§13, loc.c) ------------------------------------------------ */
gr_rect fogn_loc_rect(const fogn_scenario *s, int side);
/* the enemy unit occupying `side`'s LOC marker, or -1 */
int fogn_loc_occupier(const fogn_scenario *s, const fogn_state *st, int side);
bool fogn_loc_occupied(const fogn_scenario *s, const fogn_state *st, int side);
/* distance from the nearest unbroken enemy to `side`'s LOC (inf when none or no LOC) */
double fogn_loc_threat(const fogn_scenario *s, const fogn_state *st, int side);
/* threat.c: the share of both armies' value that is the side's and stands
 * where an enemy could charge its flank or rear next move (an AI input) */
double fogn_flank_exposure(const fogn_scenario *s, const fogn_state *st, int side);

/* --- cohesion (§2.6, §11, cohesion.c) ------------------------------------------------------ */
/* is attachment slot k present and not lost? is there a working one of this kind? */
bool fogn_attach_working(const fogn_unit_profile *p, const fogn_unit *u, int k);
bool fogn_has_attach(const fogn_unit_profile *p, const fogn_unit *u, fogn_attach kind);
/* the unit owes one more 5+ cohesion test, taken at the next fogn_ct_run */
void fogn_ct_owe(fogn_state *st, int unit);
/* loses n levels (abandoned guns count toward destruction); breaking has its
 * effects at once; returns the new level */
int fogn_lose(const fogn_scenario *s, fogn_state *st, int unit, int n, gr_log *log, const char *why);
/* what happens the moment a unit breaks: attachments lost, friends within 4 MU test */
void fogn_unit_broke(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log);
/* removes a unit for good; friends test as if it had broken (unless already Broken) */
void fogn_destroy(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log, const char *why);
/* §11.2 dice of a cohesion test (0: fails); *autofail for Conscripts in an unsupported Line */
int fogn_ct_dice(const fogn_scenario *s, const fogn_state *st, int unit, int *autofail);
/* one cohesion test at `score` (+1 when the own LOC is occupied); 1, 0, -1 dice failure */
int fogn_cohesion_test(const fogn_scenario *s, const fogn_state *st, int unit, int score, gr_dice *dice, gr_log *log,
                       const char *what);
/* takes every owed 5+ test, `first_side` first, cascades included; 0, or -1 dice failure */
int fogn_ct_run(const fogn_scenario *s, fogn_state *st, int first_side, gr_dice *dice, gr_log *log);

/* --- commander casualties (§10, casualty.c) ------------------------------------------------ */
/* rolls for every commander with the unit (and its brigade officer): each
 * falls when ALL his dice make `score`; the unit then owes a test. 0, -1 dice failure */
int fogn_casualty_rolls(const fogn_scenario *s, fogn_state *st, int unit, int score, gr_dice *dice, gr_log *log);
/* §10.3: the fallen commanders of `side` come back (end of its Recovery Phase) */
void fogn_replace_commanders(const fogn_scenario *s, fogn_state *st, int side, gr_log *log);
/* §8.11: commanders alone and touched by an enemy ride to a friend within
 * 10 MU or are captured; returns how many were moved or taken */
int fogn_cmdr_displaced(const fogn_scenario *s, fogn_state *st, gr_log *log);

/* --- victory (§14, victory.c) ----------------------------------------------------------- */
/* result levels (st->margin) and why a game ended (st->end_reason) */
enum { FOGN_RESULT_DRAW = 0, FOGN_RESULT_MARGINAL, FOGN_RESULT_MODERATE, FOGN_RESULT_MAJOR };
enum { FOGN_END_NONE = 0, FOGN_END_TIME, FOGN_END_DEFEAT, FOGN_END_LIMIT };
/* a unit's value: small 2, large 3 */
int fogn_unit_value(const fogn_unit_profile *p);
/* attrition points of a side (whole points; _exact keeps the half points of
 * small Spent cavalry) and its Army Combat Value */
int fogn_attrition(const fogn_scenario *s, const fogn_state *st, int side);
double fogn_attrition_exact(const fogn_scenario *s, const fogn_state *st, int side);
/* the unit touches an enemy unit (cmt.c) */
int fogn_unit_in_contact(const fogn_scenario *s, const fogn_state *st, int unit);
/* §5.1 the corps commander's allocation of command points (alloc.c) */
int fogn_alloc_actor(const fogn_scenario *s, const fogn_state *st);
int fogn_alloc_cost(const fogn_scenario *s, const fogn_state *st, int giver, int receiver, gr_error *err);
int fogn_alloc_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_alloc_cursor_end(const fogn_scenario *s);
int fogn_alloc_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_alloc_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                     gr_error *err);
/* scenario objectives: taken at the start of each Recovery Phase by a side
 * alone on them in good order; their points count at a timed end */
void fogn_update_objectives(const fogn_scenario *s, fogn_state *st, gr_log *log);
int fogn_objective_points(const fogn_scenario *s, const fogn_state *st, int side);
int fogn_acv(const fogn_scenario *s, int side);
/* §14 defeat tests (start of each Recovery Phase): 1 and the game ended, or 0 */
int fogn_check_defeat(const fogn_scenario *s, fogn_state *st, gr_log *log);
/* §14 result of a game ended by time */
void fogn_timed_result(const fogn_scenario *s, fogn_state *st, gr_log *log);
/* the turns a game lasts before its timed end (the scenario's, or FOGN_DEFAULT_TURNS) */
int fogn_turn_limit(const fogn_scenario *s);
/* What that result would be if the game ended by time now, the state left as
 * it is: the winner (-1 a draw) and, if `level` is given, FOGN_RESULT_*. */
int fogn_timed_outcome(const fogn_scenario *s, const fogn_state *st, int *level);
/* The same count as a number: side 0's lead in attrition points (negative:
 * side 1 leads), cut by a level's width when the fresh-cavalry bonus would
 * lower the leader's result (an evaluation input, victory.c). */
double fogn_timed_lead(const fogn_scenario *s, const fogn_state *st);

/* --- brigade groups (§8.8, brigade.c) ------------------------------------------------------ */
#define FOGN_GROUP_MAX 4   /* a commander of level 3 leads at most 4 units */
/* The Brigade Group `unit` may move in now: the group grows by edge contact
 * from the unit its Division Commander leads, up to his level + 1 units;
 * `unit` is listed first. Returns the count (0: no group holds `unit`). A
 * group order is given at the decision of any of its members. */
int fogn_brigade_members(const fogn_scenario *s, const fogn_state *st, int unit, int *out, int max);
/* Is this set (the deciding unit first) a legal Brigade Group now? 0 yes, -1 with the reason. */
int fogn_brigade_valid(const fogn_scenario *s, const fogn_state *st, const int *members, int n, gr_error *err);
/* Members packed into / out of an action's p[3] (the deciding unit is the actor). */
float fogn_brigade_pack(const int *members, int n);
int fogn_brigade_unpack(const fogn_scenario *s, const gr_action *a, int *members, int max);
/* Compiles a group action into one rigid move per member (lead first) and
 * checks each; fills moves/plans, sets *complex. 0 legal, -1 with the reason. */
int fogn_brigade_check(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *moves,
                       fogn_move_plan *plans, int *n, int *complex, char *why, size_t why_cap, gr_error *err);

/* the turn machine (turn.c) */
int fogn_cursor_actor(const fogn_scenario *s, const fogn_state *st);
/* the same, through an untyped scenario/state (tests, front ends) */
int fogn_cursor_actor_public(const void *scn, const void *state);
void fogn_advance_to_decision(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
/* an action with its fields set and nothing else (menus of every step) */
gr_action fogn_act(int type, int actor, int target, int arg);
/* the least distance between two sets of rectangles, and between two units' footprints */
double fogn_rects_dist(const gr_rect *a, int na, const gr_rect *b, int nb);
double fogn_units_apart(const fogn_scenario *s, const fogn_state *st, int i, int j);
/* fogn_units_apart(i, j) <= d, answered from the units' reach circles
 * alone when those are clearly farther apart */
bool fogn_units_within(const fogn_scenario *s, const fogn_state *st, int i, int j, double d);
/* true when the units' reach circles alone show them more than d apart
 * (every part of a footprint lies within its reach of its front-edge centre);
 * false says nothing */
bool fogn_units_clearly_apart(const fogn_scenario *s, const fogn_state *st, int i, int j, double d);
/* the scenario's opening position, the machine at the start of move 1 (no step run yet) */
void fogn_state_setup(const fogn_scenario *s, fogn_state *st);

/* a target's reaction to an assault (§6.6), fogn_unit.reaction */
typedef enum fogn_reaction {
    FOGN_RE_NONE = 0, FOGN_RE_STAND, FOGN_RE_SQUARE, FOGN_RE_TACTICAL, FOGN_RE_EVADE, FOGN_RE_COUNTER,
    FOGN_RE_ABANDON, FOGN_RE_STAND_FIRE, FOGN_RE_FIRE_LEAVE, FOGN_RE_COUNT
} fogn_reaction;
/* reaction names for the notation (names.c): NULL / -1 when unknown */
const char *fogn_reaction_name(int r);
int fogn_reaction_from_name(const char *name);

/* ruleset-neutral descriptions for players (describe.c) */
void fogn_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out);
int fogn_unit_count(const void *scn);
void fogn_unit_info(const void *scn, const void *state, int unit, gr_unit_info *out);
int fogn_turn(const void *scn, const void *state);
int fogn_move_phase(const void *scn, const void *state);

/* notation */
int fogn_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
int fogn_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err);

#endif
