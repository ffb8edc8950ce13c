/* fogn.h - Field of Glory Napoleonic: the data model (troops, formations,
 * commanders, divisions), the immutable scenario and the flat game state.
 * Section numbers (§) are the rulebook's (Field of Glory Napoleonic, the
 * sections as docs/rulings.md lists them).
 *
 * The state holds no pointers: units and commanders are fixed-size arrays
 * indexed like the scenario's profiles, so a clone is one memcpy. */
#ifndef FOGN_H
#define FOGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../core/game.h"
#include "../core/steps.h"
#include "../core/geom.h"
#include "../core/terrain.h"

/* --- sizes ------------------------------------------------------------------ */
#define FOGN_MAX_UNITS 48       /* both armies together */
#define FOGN_MAX_CMDRS 18
#define FOGN_MAX_DIVS 14
#define FOGN_MAX_OBJ 8
#define FOGN_NAME 40

/* --- §1 measures (MU) -------------------------------------------------------- */
#define FOGN_BW 1.5             /* base width */
#define FOGN_BASE_DEPTH 1.125   /* infantry/cavalry base depth */
#define FOGN_ART_BASE_DEPTH 1.5 /* artillery base depth */
#define FOGN_CMDR_BASE 1.5      /* commander base, square */
#define FOGN_LIMBER_DEPTH_SMALL 3.375 /* 2.25 BW */
#define FOGN_LIMBER_DEPTH_LARGE 4.5   /* 3 BW */
#define FOGN_LOC_BASE 2.25

/* --- §2 troop qualifiers ------------------------------------------------------ */
typedef enum fogn_troop {
    FOGN_INF_UNREFORMED = 0, /* line infantry, linear tactics */
    FOGN_INF_REFORMED,       /* line infantry, column tactics */
    FOGN_INF_LIGHT,
    FOGN_CAV_HEAVY,
    FOGN_CAV_LIGHT,
    FOGN_CAV_IRR_LIGHT,
    FOGN_CAV_IRR_HEAVY,
    FOGN_ART_FOOT,
    FOGN_ART_HORSE,
    FOGN_ART_MORTAR,
    FOGN_TROOP_COUNT
} fogn_troop;

typedef enum fogn_arm { FOGN_ARM_INF = 0, FOGN_ARM_CAV, FOGN_ARM_ART } fogn_arm;

typedef enum fogn_elan { FOGN_ELAN_POOR = 0, FOGN_ELAN_AVERAGE, FOGN_ELAN_SUPERIOR } fogn_elan;
typedef enum fogn_training {
    FOGN_TR_CONSCRIPT = 0, FOGN_TR_DRILLED, FOGN_TR_VETERAN, FOGN_TR_IRREGULAR
} fogn_training;
typedef enum fogn_size { FOGN_SMALL = 0, FOGN_LARGE } fogn_size;
typedef enum fogn_weight { FOGN_MEDIUM = 0, FOGN_HEAVY } fogn_weight;

/* capability flags (§2.4); movement and firing doctrine kept apart (§2.1) */
enum {
    FOGN_CAP_RIFLES = 1u << 0,
    FOGN_CAP_LANCERS = 1u << 1,         /* whole unit */
    FOGN_CAP_PART_LANCERS = 1u << 2,
    FOGN_CAP_SHOCK = 1u << 3,
    FOGN_CAP_GUARD = 1u << 4,
    FOGN_CAP_IMPETUOUS = 1u << 5,
    FOGN_CAP_IMMOBILE = 1u << 6,
    FOGN_CAP_MOVE_UNREFORMED = 1u << 7, /* e.g. British: moves as Unreformed */
    FOGN_CAP_FIRE_REFORMED = 1u << 8    /* ... but fires as Reformed */
};

/* §3.2 attachments */
typedef enum fogn_attach {
    FOGN_ATT_NONE = 0,
    FOGN_ATT_SKIRMISHERS,
    FOGN_ATT_RIFLE_SKIRMISHERS,
    FOGN_ATT_ARTILLERY,          /* medium */
    FOGN_ATT_HEAVY_ARTILLERY,
    FOGN_ATT_HOWITZER,
    FOGN_ATT_ROCKETS,
    FOGN_ATT_CAVALRY,
    FOGN_ATT_OFFICER,
    FOGN_ATT_COUNT
} fogn_attach;

/* §3.1 formations */
typedef enum fogn_formation {
    FOGN_F_TACTICAL = 0,
    FOGN_F_DEEP,          /* large units only, 2x3 */
    FOGN_F_LINE,          /* Extended Line */
    FOGN_F_SKIRMISH,      /* light infantry, Tactical footprint */
    FOGN_F_SKIRMISH_LINE, /* light infantry, single rank */
    FOGN_F_SQUARE,
    FOGN_F_COLUMN,        /* March Column */
    FOGN_F_LIMBERED,
    FOGN_F_UNLIMBERED,
    FOGN_F_COUNT
} fogn_formation;

/* §2.6 cohesion */
typedef enum fogn_cohesion {
    FOGN_STEADY = 0, FOGN_DISORDERED, FOGN_WAVERING, FOGN_BROKEN
} fogn_cohesion;

/* §3.3, §3.4 */
typedef enum fogn_div_kind { FOGN_DIV_INFANTRY = 0, FOGN_DIV_CAVALRY, FOGN_DIV_MIXED } fogn_div_kind;
typedef enum fogn_cmdr_role { FOGN_CMDR_DIVISION = 0, FOGN_CMDR_CORPS, FOGN_CMDR_ARMY } fogn_cmdr_role;
typedef enum fogn_weather { FOGN_WEATHER_CLEAR = 0, FOGN_WEATHER_RAIN } fogn_weather;

/* §8.1 reserves and flank marches: the edge a division comes on from, seen
 * by its own side looking across the table from its base edge, and the
 * sector of that edge (thirds of the base edge; halves of a side edge) */
typedef enum fogn_res_edge { FOGN_EDGE_REAR = 0, FOGN_EDGE_LEFT, FOGN_EDGE_RIGHT } fogn_res_edge;
typedef enum fogn_res_sector {
    FOGN_SEC_LEFT = 0, FOGN_SEC_CENTRE, FOGN_SEC_RIGHT, /* rear edge */
    FOGN_SEC_FRONT, FOGN_SEC_REAR                        /* side edges: enemy half / own half */
} fogn_res_sector;
/* a division's reserve status in the flat state */
typedef enum fogn_res_status {
    FOGN_RES_NONE = 0,      /* not a reserve, or every unit has come on */
    FOGN_RES_WAITING,       /* off the table, not yet activated */
    FOGN_RES_ACTIVATED,     /* passed its roll: comes on from its side's next Movement Phase */
    FOGN_RES_ARRIVING       /* coming on, up to three units a Movement Phase */
} fogn_res_status;

/* --- immutable scenario --------------------------------------------------------- */
typedef struct fogn_unit_profile {
    char name[FOGN_NAME];
    uint8_t side;           /* 0 or 1 */
    uint8_t troop;          /* fogn_troop */
    uint8_t elan;           /* fogn_elan */
    uint8_t training;       /* fogn_training */
    uint8_t size;           /* fogn_size */
    uint8_t weight;         /* fogn_weight (artillery) */
    uint8_t attach[2];      /* fogn_attach */
    uint16_t caps;          /* FOGN_CAP_* */
    int8_t division;        /* index into divisions */
    uint8_t start_formation;
    uint8_t start_cohesion;
    uint8_t start_spent;
    uint8_t off_table;      /* starts off the table with its division's reserve (§8.1) */
    uint8_t start_bld1;     /* starts garrisoning terrain piece start_bld1 - 1 (§15.4, §15.5); 0 none */
    uint8_t start_bmode;    /* ... how (fogn_bld_mode) and on which face of its box */
    uint8_t start_bface;
    double x, y, heading;   /* starting pose: front-edge centre, radians */
} fogn_unit_profile;

typedef struct fogn_cmdr_profile {
    char name[FOGN_NAME];
    uint8_t side;
    uint8_t role;           /* fogn_cmdr_role */
    uint8_t level;          /* 1 competent, 2 skilled, 3 exceptional */
    uint8_t charismatic;
    uint8_t allied;
    int8_t division;        /* division commanded, -1 for corps/army */
    int8_t start_leading;   /* unit index he starts leading, -1 */
    double x, y;            /* base centre */
} fogn_cmdr_profile;

typedef struct fogn_division {
    char name[FOGN_NAME];
    uint8_t side;
    uint8_t kind;           /* fogn_div_kind */
    int8_t commander;       /* index into commanders */
    int8_t corps;           /* its corps commander (index into commanders) */
    uint8_t reserve;        /* some or all of its units start off the table (§8.1) */
    uint8_t res_edge;       /* fogn_res_edge */
    uint8_t res_sector;     /* fogn_res_sector */
    uint8_t res_arrives;    /* timed reinforcement: comes on on its side's Nth move, no roll; 0 rolls */
    uint8_t res_latest;     /* a rolling reserve comes on on its side's Nth move at the latest; 0 none */
} fogn_division;

typedef struct fogn_objective {
    char name[FOGN_NAME];
    double x, y, radius;
    int points;
    int8_t owner;           /* side that holds it at the start, -1 none */
} fogn_objective;

typedef struct fogn_scenario {
    char name[80];
    char description[400];
    char notes[1000];       /* for players: how even it is, where it comes from ("" none) */
    char side_name[2][FOGN_NAME];
    double table_w, table_h;
    uint8_t base_edge[2];   /* 0: south edge (y=0), 1: north edge (y=table_h) */
    uint8_t first_side;     /* the attacker: moves first */
    uint8_t weather;        /* fogn_weather */
    int max_turns;          /* player-moves per side before a timed end; 0 = none */
    gr_terrain terrain;
    int nunits, ncmdrs, ndivs, nobj;
    fogn_unit_profile units[FOGN_MAX_UNITS];
    fogn_cmdr_profile cmdrs[FOGN_MAX_CMDRS];
    fogn_division divs[FOGN_MAX_DIVS];
    fogn_objective obj[FOGN_MAX_OBJ];
    gr_vec2 loc[2];         /* line-of-communications marker centres */
    uint8_t has_loc[2];
    uint8_t historical;     /* §18: a historical order of battle (a division may have several batteries) */
    uint8_t opening_moves;  /* §8.13: each side's first N moves are restricted (points games: 2); 0 none */
    double deploy_depth[2]; /* §8.13: depth of each side's deployment area from its base edge */
    int8_t acv_adjust[2];   /* added to a side's Army Combat Value (§17.1: the defender's +2 when the
                               attacker took bonus units, and minus their value for the attacker,
                               whose ACV stays as it was) */
} fogn_scenario;

/* --- flat state ---------------------------------------------------------------- */
enum {
    FOGN_UF_ON_TABLE = 1u << 0,
    FOGN_UF_SPENT = 1u << 1,
    FOGN_UF_HALTED = 1u << 2,       /* firing result 1-2 hits: CMT to advance next move (§7.9) */
    FOGN_UF_MOVED = 1u << 3,        /* made its (first) move this phase */
    FOGN_UF_NO_MOVE = 1u << 4,      /* assaulted / outcome move / arrived: may not move */
    FOGN_UF_CMT_FAILED = 1u << 5,   /* failed a CMT this phase: no more CMTs, no second move */
    FOGN_UF_SECOND_DONE = 1u << 6,
    FOGN_UF_DESTROYED = 1u << 7,
    FOGN_UF_ABANDONED = 1u << 8,    /* artillery abandoned */
    FOGN_UF_IN_COMBAT = 1u << 9,
    FOGN_UF_STATIONARY = 1u << 10,  /* was passed through: must stay put this phase */
    FOGN_UF_INTERPENETRATED = 1u << 11,
    FOGN_UF_NO_ADVANCE = 1u << 12,  /* firing result 3 hits: may not advance next move (§7.9) */
    FOGN_UF_REACTED = 1u << 13,     /* changed formation or retired in reaction: may not fire (§7.1) */
    FOGN_UF_FIRED = 1u << 14,       /* had a target of its own this firing step (§7.5 support) */
    FOGN_UF_ROUND2 = 1u << 15,      /* fresh contact in the first half of a pursuit: second round (§9.12) */
    FOGN_UF_FOUGHT = 1u << 16,      /* fought in the current combat round */
    FOGN_UF_ASSAULTING = 1u << 17,  /* declared an assault this move (still going) */
    FOGN_UF_EVADED = 1u << 18,      /* evaded or retired in reaction this move */
    FOGN_UF_HELD = 1u << 19,        /* chose to hold this Movement Phase: it stays still (§8.7) */
    FOGN_UF_CMD_AT_START = 1u << 20,/* was in command range before its first move (§8.10) */
    FOGN_UF_TOOK_CMT = 1u << 21,    /* has taken a CMT this phase (§5.2: a led unit's first is free) */
    FOGN_UF_RECOVERY_TRIED = 1u << 22, /* a recovery or rally was attempted on it this phase (§12.2) */
    FOGN_UF_FIRE_LOSS = 1u << 23,   /* lost a level to fire this phase (Guard: one a phase, §7.9) */
    FOGN_UF_PURSUER = 1u << 24,     /* fought a unit that just retired: may pursue (§9.10, §9.12) */
    FOGN_UF_PURSUE_WANT = 1u << 25, /* its owner chose to pursue (or to try to) */
    FOGN_UF_PURSUE_ASKED = 1u << 26,/* its owner has been asked */
    FOGN_UF_ARRIVED = 1u << 27,     /* came on from off the table this Movement Phase (§8.1) */
    FOGN_UF_GROUP_SECOND = 1u << 28,/* moved with a Brigade Group that may still make its second move (§8.8, §8.10) */
    FOGN_UF_PURSUE_CAP = 1u << 29,  /* a pursuer of defenders driven from an obstacle: goes no farther than pursue_cap (§9.12) */
    FOGN_UF_HELD_OBS = 1u << 30     /* held an obstacle as this round of melee began: infantry so never pursue (§9.12) */
};

typedef struct fogn_unit {
    double x, y, heading;   /* front-edge centre and facing */
    double kink;            /* kinked Extended Line: right half's heading minus left's; March Column
                             * bent at a turn: the rear part's heading minus the head's (0 straight) */
    double bend;            /* a bent March Column: the head part's length, from the front edge back to
                             * the turn (0 when straight; always 0 for other formations) */
    double hc, hs;          /* cos and sin of the heading brought into (-pi, pi], as gr_heading_dir
                             * gives them: the footprint's axes without a sin/cos call each time.
                             * fogn_unit_set_heading keeps them; a debug build checks them at
                             * every footprint */
    uint32_t flags;         /* FOGN_UF_* */
    uint8_t formation;      /* fogn_formation */
    uint8_t cohesion;       /* fogn_cohesion */
    uint8_t bases_lost;     /* 1 when Spent */
    uint8_t gun_losses;     /* abandoned artillery: losses toward destruction (§12.4) */
    int8_t target;          /* assault: the enemy it is assaulting this move, -1 */
    int8_t flanked_by;      /* the enemy that struck its flank or rear this move, -1 */
    uint8_t astate;         /* assault progress this move (fogn_assault_state) */
    uint8_t reaction;       /* its reaction to an assault this move (fogn_reaction) */
    uint8_t hits;           /* hits taken in this firing step / combat round, before reductions */
    uint8_t ct_due;         /* 5+ cohesion tests owed, taken at the end of the step (§11.3) */
    uint8_t att_lost;       /* bit k: attach[k] is gone (Broken, or its officer fell, §12.3, §10.3) */
    uint8_t fire_opt;       /* its firing choice this step (fire.c) */
    int8_t bld;             /* the building or field work (terrain piece) it garrisons, -1 none (§15.4, §15.5) */
    uint8_t bmode;          /* how it holds it: fogn_bld_mode (building.h) */
    uint8_t bface;          /* the face of the area its front edge stands on (building.h) */
    /* the firing step's memo of what it can shoot (fire.c): 0 not worked
     * out, else 1 + the fogn_range of its closest targets; fview holds
     * those targets, bit t for unit t. Only meaningful between a firing
     * step's start and its results, and always equal to working it out
     * afresh (check_invariants verifies) */
    uint8_t fview_band;
    /* with FOGN_UF_PURSUE_CAP: the farthest its pursuit may go, in MU, so
     * that it occupies the obstacle's defenders' old place and no more */
    float pursue_cap;
    uint64_t fview;
} fogn_unit;

enum {
    FOGN_CF_ON_TABLE = 1u << 0,
    FOGN_CF_MOVED = 1u << 1,
    FOGN_CF_CASUALTY = 1u << 2,     /* out of action until his side's next Recovery Phase ends (§10.3) */
    FOGN_CF_CHARISMATIC = 1u << 3,  /* current holder of the post is charismatic */
    FOGN_CF_RECOVERED = 1u << 4     /* made his recovery attempt this phase (§12.2) */
};

typedef struct fogn_cmdr {
    double x, y;
    int8_t leading;         /* unit index he leads, -1 */
    uint8_t flags;          /* FOGN_CF_* */
    uint8_t cp;             /* command points available this move */
    uint8_t level;          /* current level: 1..3 (a replacement may be lower, §10.3) */
    uint8_t pad[4];         /* explicit: states are compared byte for byte */
} fogn_cmdr;

/* §4 phases of a move */
typedef enum fogn_phase {
    FOGN_PH_COMMAND = 0,    /* 1 CP allocation */
    FOGN_PH_ASSAULT,        /* 2 */
    FOGN_PH_FIRING,         /* 3 */
    FOGN_PH_MOVEMENT,       /* 4 */
    FOGN_PH_COMBAT,         /* 5 */
    FOGN_PH_RECOVERY,       /* 6 */
    FOGN_PH_OVER
} fogn_phase;

/* turn.second for the second move of a Brigade Group (§8.8, §8.10); 1 is a unit's own */
#define FOGN_SECOND_GROUP 2

typedef struct fogn_state {
    /* the place in the step table (engine/core/steps.h, rules/steps.h):
     * turn.step the fogn_step, turn.phase the fogn_phase, turn.cursor the
     * unit or commander whose decision is due within the step, turn.second 1
     * when that decision is the unit's second move (FOGN_SECOND_GROUP: its
     * Brigade Group's second move), turn.decider the side
     * deciding (the inactive side reacts, returns fire, ...), turn.over 1 once
     * the game has ended, turn.decisions the decisions taken (a safety bound) */
    gr_turn turn;
    uint16_t move;          /* player-moves made so far + 1 (both sides count) */
    uint8_t active;         /* side whose move it is */
    int8_t winner;          /* 0, 1, -1 draw */
    uint8_t margin;
    uint8_t end_reason;
    uint8_t round;          /* combat round within this Combat Phase: 1 or 2 */
    uint8_t stage;          /* combat resolution stage (0..5: Broken, Wavering, Disordered; N then A) */
    int8_t obj_owner[FOGN_MAX_OBJ]; /* side holding each scenario objective, -1 nobody (victory.c) */
    uint8_t res[FOGN_MAX_DIVS];     /* each division's fogn_res_status (reserve.c) */
    uint8_t res_pad[6];             /* explicit: states are compared byte for byte */
    fogn_cmdr c[FOGN_MAX_CMDRS];
    /* last: a scenario's units fill the first slots, so a state's bytes past
     * its last unit are never read or written (fogn_state_span) */
    fogn_unit u[FOGN_MAX_UNITS];
} fogn_state;
/* no padding the compiler would leave unset before the commanders */
_Static_assert(offsetof(fogn_state, c) == offsetof(fogn_state, res_pad) + sizeof(((fogn_state *)0)->res_pad),
               "fogn_state: the header must fill its bytes exactly up to the commanders");

/* --- helpers shared across the fogn files ------------------------------------------ */
fogn_arm fogn_troop_arm(fogn_troop t);
const char *fogn_troop_name(fogn_troop t);
const char *fogn_formation_name(fogn_formation f);
const char *fogn_cohesion_name(fogn_cohesion c);
const char *fogn_elan_name(fogn_elan e);
const char *fogn_training_name(fogn_training t);
const char *fogn_attach_name(fogn_attach a);
/* name tables for the scenario format: count in *n */
const char *const *fogn_troop_names(int *n);
const char *const *fogn_formation_names(int *n);
const char *const *fogn_cohesion_names(int *n);
const char *const *fogn_elan_names(int *n);
const char *const *fogn_training_names(int *n);
const char *const *fogn_attach_names(int *n);

/* number of bases the unit has on the table (Spent removes one; artillery
 * attachments add one each beside an artillery unit) */
int fogn_unit_bases(const fogn_unit_profile *p, const fogn_unit *u);
/* may this troop type / size adopt the formation at all (§3.1)? */
bool fogn_formation_allowed(const fogn_unit_profile *p, fogn_formation f);

/* Footprint of a unit: one rectangle, or two for a kinked line (left half
 * first) or a March Column bent at a turn (head part first). Returns
 * the count. */
int fogn_unit_rects(const fogn_unit_profile *p, const fogn_unit *u, gr_rect out[2]);
/* The bounding rectangle measured for moves (the whole front edge; for a
 * kinked line, the left half extended; for a bent column, the head part
 * extended straight back). */
gr_rect fogn_unit_rect(const fogn_unit_profile *p, const fogn_unit *u);
/* turns the unit to face `heading` (radians, kept as given) and keeps its
 * footprint's axes (fogn_unit.hc, hs) with it: every change of a unit's
 * heading goes through here */
void fogn_unit_set_heading(fogn_unit *u, double heading);
/* the same with the heading and axes of footprint r (its heading brought
 * into (-pi, pi]): a unit placed on a footprint worked out for it */
void fogn_unit_face_as(fogn_unit *u, const gr_rect *r);
/* the same with another unit's heading and axes */
void fogn_unit_face_like(fogn_unit *u, const fogn_unit *other);
/* the radius about the front-edge centre within which the whole footprint lies */
double fogn_unit_reach(const fogn_unit_profile *p, const fogn_unit *u);
/* no unit's reach is larger (the deepest footprint, a large unit's March
 * Column of 6 bases, reaches sqrt(0.75^2 + 6.75^2) = 6.79 MU straight; bent
 * at a turn (a road's, or where its head wheeled) with at least
 * FOGN_COLUMN_BEND_MIN_REAR = 1.125 MU of it behind the turn, at any angle
 * at most 6.75 - 1.125 + sqrt(0.75^2 + 1.125^2) = 6.98 MU, the head part's
 * length and the rear part's diagonal): a distance test against it passes
 * over pairs before any reach is worked out */
#define FOGN_REACH_MAX 7.0
/* is the unit a March Column bent at a turn (two parts)? */
#define FOGN_BENT_COLUMN(u) ((u)->formation == FOGN_F_COLUMN && (u)->kink != 0.0)
/* Per-base rectangles for drawing and base counting; returns the count (<= 24). */
int fogn_unit_base_rects(const fogn_unit_profile *p, const fogn_unit *u, gr_rect *out, int max);
/* width x depth in bases of a formation for this unit */
void fogn_formation_grid(const fogn_unit_profile *p, fogn_formation f, int *cols, int *rows);
gr_rect fogn_cmdr_rect(const fogn_cmdr *c);

/* the ruleset table (immutable) */
extern const gr_ruleset fogn_ruleset;

/* scenario loading (scenario.c) */
void *fogn_scenario_load(json_t *root, const char *file, gr_error *err);
void fogn_scenario_free(void *scn);

#endif
