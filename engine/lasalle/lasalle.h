/* lasalle.h - Lasalle (Sam A. Mustafa, 2009): the package's data model.
 *
 * What a scenario holds (units with their type, size, formation, esprit,
 * discipline, skirmish value and traits; officers; forces; the table's
 * terrain with its Lasalle classes; objectives; weather and the optional
 * rules) and the flat state of a game (where each unit stands and faces, its
 * formation and DISR, its marks for the turn; the officers; the turn, the
 * phase and the result). Distances are in base widths (BW), angles in
 * radians counter-clockwise from +x as in engine/core/geom.h; side 0's base
 * edge is y = 0.
 *
 * The rules the code follows are cited by the book's chapter and page
 * ("[C Activity, p.25]"); the rulings and reconstructed values are in
 * docs/lasalle-rulings.md. */
#ifndef LASALLE_H
#define LASALLE_H

#include <stdint.h>

#include "../core/game.h"
#include "../core/regex.h"
#include "../core/steps.h"
#include "../core/terrain.h"

/* ---- sizes the state holds (a scenario over them is refused by name) ------------------------ */

#define LASALLE_MAX_UNITS 48        /* units of both sides */
#define LASALLE_MAX_OFFICERS 16     /* commanders and subcommanders of both sides */
#define LASALLE_MAX_FORCES 14       /* forces of both sides (one subcommander each) */
#define LASALLE_MAX_OBJECTIVES 4
#define LASALLE_MAX_TURNS 60        /* basic length; at most 5 bonus turns follow [F Length of the Game, p.66] */
#define LASALLE_MAX_BONUS 5
#define LASALLE_NAME 48
#define LASALLE_SLOTS (LASALLE_MAX_UNITS + LASALLE_MAX_OFFICERS)

/* ---- the unit ------------------------------------------------------------------------------ */

typedef enum lasalle_type { LASALLE_INF = 0, LASALLE_CAV, LASALLE_ART, LASALLE_TYPE_COUNT } lasalle_type;

/* [B Unit Sizes and Formations, p.12-14]; Mass [K Austria]; the artillery's two [C, p.26] */
typedef enum lasalle_form {
    LASALLE_LINE = 0,       /* infantry: one rank */
    LASALLE_COLUMN,         /* infantry: Attack Column, two ranks */
    LASALLE_MASS,           /* Austrian infantry (option): two wide */
    LASALLE_SQUARE,         /* infantry: no flanks, no move */
    LASALLE_MARCH,          /* infantry and cavalry: one base wide */
    LASALLE_WAVES,          /* cavalry: two ranks */
    LASALLE_ABREAST,        /* cavalry: one rank */
    LASALLE_LIMBERED,       /* artillery: limbers in a one-wide column */
    LASALLE_UNLIMBERED,     /* artillery: guns abreast */
    LASALLE_TOWN,           /* infantry Deployed(Town): fills its town base, no flanks [G Towns, p.69] */
    LASALLE_FORM_COUNT
} lasalle_form;

typedef enum lasalle_esprit { LASALLE_SHAKY = 0, LASALLE_RELIABLE, LASALLE_VALIANT, LASALLE_ESPRIT_COUNT } lasalle_esprit;
typedef enum lasalle_discipline {
    LASALLE_EXPERIENCED = 0, LASALLE_AMATEUR, LASALLE_IRREGULAR, LASALLE_DISCIPLINE_COUNT
} lasalle_discipline;
/* LASALLE_ROCKETS: a Congreve rocket unit, 3 bases moving as horse artillery [H Rockets, p.81] (option) */
typedef enum lasalle_weight {
    LASALLE_LIGHT = 0, LASALLE_MEDIUM, LASALLE_HEAVY, LASALLE_ROCKETS, LASALLE_WEIGHT_COUNT
} lasalle_weight;

/* traits [B, p.19-20; H, p.71-81] */
#define LASALLE_T_SHOCK 1u
#define LASALLE_T_PURSUIT 2u
#define LASALLE_T_LANCERS 4u
#define LASALLE_T_GUARD 8u
#define LASALLE_T_UNPREDICTABLE 16u
#define LASALLE_T_RIFLES 32u
#define LASALLE_TRAIT_COUNT 6

typedef struct lasalle_unit_profile {
    char name[LASALLE_NAME];
    int side;
    int force;              /* its force, -1: an independent unit under the commander */
    int type;               /* lasalle_type */
    int nbases;             /* infantry and cavalry 4 (Small) or 6 (Large); artillery: gun bases */
    int howitzers;          /* artillery: how many of the gun bases are howitzers */
    int weight;             /* artillery: lasalle_weight */
    int horse;              /* artillery: horse artillery */
    int esprit;             /* lasalle_esprit (infantry and cavalry) */
    int discipline;         /* lasalle_discipline (artillery is Experienced) */
    int sk;                 /* infantry: skirmish value 0..3, enhancements included */
    unsigned traits;        /* LASALLE_T_* */
    /* where it starts */
    double x, y, heading;   /* front-edge centre, facing */
    int form;               /* lasalle_form */
    int disr;
    int entrenched;         /* starts behind works of its own (Line or Unlimbered only) [H Entrenchments, p.75] */
    int compressed;         /* an Unlimbered battery that starts two ranks deep [H Compressed Artillery, p.81] */
} lasalle_unit_profile;

/* ---- officers and forces [B Officer Qualities and Command Range, p.20] ------------------ */

typedef enum lasalle_tactics { LASALLE_POOR = -1, LASALLE_AVERAGE = 0, LASALLE_GOOD = 1 } lasalle_tactics;

typedef struct lasalle_officer_profile {
    char name[LASALLE_NAME];
    int side;
    int commander;          /* 1: the army's commander; 0: a subcommander */
    int force;              /* a subcommander's force; -1 for the commander */
    int vigor;              /* -1, 0, +1 (subcommanders) */
    int tactics;            /* lasalle_tactics (subcommanders) */
    double range;           /* command range in BW: 10 the commander, 6 a subcommander */
    double x, y;            /* where he starts */
} lasalle_officer_profile;

typedef struct lasalle_force {
    char name[LASALLE_NAME];
    int side;
    int officer;            /* its subcommander */
    int nunits;
    int units[LASALLE_MAX_UNITS];
    /* a force that arrives later [J Reinforcements, p.91; F Status Phase, p.65] */
    int arrive;             /* LASALLE_ARRIVE_*: on the table, on a fixed turn, or a reserve rolling 2d6 */
    int arrive_turn;        /* LASALLE_ARRIVE_TURN: the turn it comes on */
    int edge;               /* lasalle_edge its units come on from */
} lasalle_force;

#define LASALLE_ARRIVE_START 0  /* on the table from the start */
#define LASALLE_ARRIVE_TURN 1   /* a scenario's fixed arrival turn */
#define LASALLE_ARRIVE_ROLL 2   /* a reserve: arrives when 2d6 < turn + the subcommander's vigor [J, p.91] */
typedef enum lasalle_edge { LASALLE_EDGE_SOUTH = 0, LASALLE_EDGE_NORTH, LASALLE_EDGE_WEST, LASALLE_EDGE_EAST } lasalle_edge;

/* ---- terrain [B Terrain, p.21-22; D Obstructing Terrain, p.49-51] ---------------------------- */

typedef enum lasalle_ground_kind {
    LASALLE_G_WOODS = 0,    /* rough, soft cover, obstructs */
    LASALLE_G_ORCHARD,      /* as woods */
    LASALLE_G_ROUGH,        /* sand, rocks, ploughed field: rough, no cover */
    LASALLE_G_MARSH,        /* rough; soft cover and obstructs when it has trees */
    LASALLE_G_HILL,         /* a level of elevation; slopes open unless rough */
    LASALLE_G_IMPASSABLE,
    LASALLE_G_TOWN,         /* a town base */
    LASALLE_G_ROAD,         /* open, even through other terrain */
    LASALLE_G_STREAM,       /* rough, or impassable */
    LASALLE_G_RIVER,        /* impassable */
    LASALLE_G_FORD,
    LASALLE_G_BRIDGE,
    LASALLE_G_WALL,         /* obstacle, hard cover */
    LASALLE_G_HEDGE,        /* obstacle, soft cover (hasty earthworks, hedges) */
    LASALLE_G_ENTRENCHMENT, /* obstacle, hard cover unless the file says soft */
    LASALLE_G_DITCH,        /* obstacle, no cover */
    LASALLE_G_KIND_COUNT
} lasalle_ground_kind;

typedef enum lasalle_cover { LASALLE_COVER_NONE = 0, LASALLE_COVER_SOFT, LASALLE_COVER_HARD } lasalle_cover;

/* what the rules need of one terrain piece; indexed like the gr_terrain pieces */
typedef struct lasalle_ground {
    int kind;               /* lasalle_ground_kind */
    int cover;              /* lasalle_cover */
    int rough;              /* moving through it forces the Reduced allowance */
    int impassable;
    int obstructs;          /* blocks sight and musketry (woods, towns, walls, wooded marsh) */
    int obstacle;           /* a linear obstacle of no thickness: units stand behind it, never in it */
    int water;              /* a stream or river, crossed at its bridges and fords only when impassable */
    int level;              /* hills: the level of its top */
} lasalle_ground;

/* ---- weather, options, objectives ------------------------------------------------------------ */

typedef enum lasalle_ground_state { LASALLE_DRY = 0, LASALLE_MUD } lasalle_ground_state;
typedef enum lasalle_precip { LASALLE_NO_PRECIP = 0, LASALLE_RAIN, LASALLE_SNOW } lasalle_precip;

/* optional rules [H, p.77-81] and table options: bits of lasalle_scenario.options */
#define LASALLE_OPT_SQUARES_MOVING 1u       /* [H Squares Moving, p.80] */
#define LASALLE_OPT_IRREGULAR_RECOVERY 2u   /* [H Irregular Recovery, p.80] */
#define LASALLE_OPT_AUSTRIAN_MASS 4u        /* [K Austria]: Mass formation */
#define LASALLE_OPT_LEAVE_TABLE 8u          /* FAQ #2: a unit may leave the table and counts as broken */
#define LASALLE_OPT_OFFICER_TACTICS 16u     /* [H Officer Tactics and Casualties, p.72-73] (game-wide) */
#define LASALLE_OPT_SPLIT_FIRE 32u          /* [H Split Fire, p.80] */
#define LASALLE_OPT_HOWITZER_BATTERIES 64u  /* [H Howitzer Batteries, p.81]: a foot battery of howitzers only */
#define LASALLE_OPT_ROCKETS 128u            /* [H Rockets, p.81]: units of weight "rockets" */
#define LASALLE_OPT_COMPRESSED_ARTILLERY 256u /* [H Compressed Artillery, p.81]: batteries two ranks deep */
#define LASALLE_OPT_ENGINEERING 512u        /* [H Engineering, p.77-79]: engineer bases (engineer.h) */
/* advanced rules a side's army uses [H, p.72-76]: bits of lasalle_scenario.side_rules[side] */
#define LASALLE_AB_LINEAR_TACTICS 1u        /* [H Linear Tactics, p.75] */
#define LASALLE_AB_SUPERIOR_COMMANDER 2u    /* [H Superior Commander, p.75] */
#define LASALLE_AB_SEND_IN_THE_GUARDS 4u    /* [H Send in the Guards, p.75] */
#define LASALLE_AB_ENTRENCHMENTS 8u         /* [H Entrenchments, p.75]: its units may dig in */
#define LASALLE_AB_HOME_FIELD 16u           /* [H Home Field Advantage, p.76] (the defender only) */
#define LASALLE_AB_VIVA_ESPANA 32u          /* [K Spain]: +1 to Unpredictable rolls entrenched or in a town */
#define LASALLE_AB_THEYLL_BE_BACK 64u       /* [K Spain]: a draw is this army's marginal victory */
/* the Home Field army's setup choice (lasalle_scenario.home_field) [H, p.76] */
#define LASALLE_HOME_NONE 0
#define LASALLE_HOME_SHORT_EDGE 1           /* defender within 10 BW of a short edge, attacker within 20 of the other */
#define LASALLE_HOME_LONG_EDGE 2            /* the defender picks the long edge and sets up last */

typedef struct lasalle_objective {
    char name[LASALLE_NAME];
    double x, y;
    int owner;              /* at the start: 0, 1, or -1 nobody */
} lasalle_objective;

/* one decision of the Activity Phase in order: a unit, or an officer (index + LASALLE_MAX_UNITS) */
typedef struct lasalle_slot_list {
    int n;
    int16_t slot[LASALLE_SLOTS];
} lasalle_slot_list;

/* ---- engineers [H Engineering, p.77-79] (option) ------------------------------------------- */

#define LASALLE_MAX_ENGINEERS 6     /* engineer bases of both sides */
typedef enum lasalle_task {
    LASALLE_TASK_NONE = 0,          /* kept off the table, not deployed yet */
    LASALLE_TASK_ASSAULT,           /* attached to an infantry unit [H, p.77] */
    LASALLE_TASK_FORTIFICATION,     /* a town base made hard cover [H, p.78] */
    LASALLE_TASK_BRIDGING,          /* a pontoon bridge [H, p.78-79] */
    LASALLE_TASK_DEMOLITION,        /* a bridge blown [H, p.79] */
    LASALLE_TASK_FIELD_WORKS,       /* Fortification's other form: field works in open ground [H, p.78] */
    LASALLE_TASK_COUNT
} lasalle_task;

/* an engineer base as the scenario gives it: off the table, or deployed at the set-up */
typedef struct lasalle_engineer_profile {
    char name[LASALLE_NAME];
    int side;
    int task;               /* lasalle_task it starts on (LASALLE_TASK_NONE: kept off the table) */
    int unit;               /* assault: the unit it starts attached to, else -1 */
} lasalle_engineer_profile;

/* the most dice an army morale check throws (5 past the breakpoint,
 * 4 for a defender whose objective is lost [F, p.66-67]; 6 leaves room),
 * and the totals their table runs over (0 to 36) */
#define LASALLE_CHECK_DICE_MAX 6
#define LASALLE_CHECK_TOTALS 37

typedef struct lasalle_scenario {
    char name[96];
    double table_w, table_h;    /* BW */
    int turns;                  /* basic length, both sides' turns counted [F, p.66] */
    int first;                  /* the side that plays turn 1 */
    int defender;               /* the side that defends the objective, -1 none [J, p.91] */
    int home_field;             /* LASALLE_HOME_*: the defender's Home Field choice [H, p.76] */
    int home_short_edge;        /* ... with LASALLE_HOME_SHORT_EDGE: the defender's edge (west or east) */
    int ground;                 /* lasalle_ground_state */
    int precip;                 /* lasalle_precip */
    unsigned options;           /* LASALLE_OPT_* */
    unsigned side_rules[2];     /* LASALLE_AB_* */
    char side_name[2][LASALLE_NAME];
    int nunits;
    lasalle_unit_profile units[LASALLE_MAX_UNITS];
    int nofficers;
    lasalle_officer_profile officers[LASALLE_MAX_OFFICERS];
    int commander[2];           /* each side's commander (an officer index) */
    int nforces;
    lasalle_force forces[LASALLE_MAX_FORCES];
    gr_terrain terrain;
    lasalle_ground ground_of[GR_TERRAIN_MAX];
    int nobjectives;
    lasalle_objective objectives[LASALLE_MAX_OBJECTIVES];
    int nengineers;             /* engineer bases (option Engineering), side 0's first */
    lasalle_engineer_profile engineers[LASALLE_MAX_ENGINEERS];
    /* worked out on loading */
    int morale[2];              /* army morale [F Army Morale, p.66] */
    /* check_fail[n][t]: the chance n d6 sum to no more than t, the chance an
     * army morale check of n dice fails on turn t [F, p.66-67]
     * (lasalle_check_fail_table), for the evaluation's checks to come */
    double check_fail[LASALLE_CHECK_DICE_MAX + 1][LASALLE_CHECK_TOTALS];
    lasalle_slot_list slots[2]; /* the Activity Phase's order of each side [C, p.24] */
    gr_regex *re[14];           /* the notation (notation.c), compiled once */
} lasalle_scenario;

/* ---- the flat state ---------------------------------------------------------------------- */

typedef enum lasalle_status { LASALLE_ON = 0, LASALLE_BROKEN, LASALLE_LEFT } lasalle_status;

/* a unit's marks (lasalle_unit.flags) */
#define LASALLE_UF_ACTED (1u << 0)          /* its Activity decision is taken */
#define LASALLE_UF_MOVED (1u << 1)          /* it moved or changed formation this Activity Phase */
#define LASALLE_UF_MANEUVER (1u << 2)       /* wheel, oblique, flank, retrograde, about-face [C Maneuvers, p.27] */
#define LASALLE_UF_ROUGH (1u << 3)          /* its move passed through rough terrain */
#define LASALLE_UF_CROSSED (1u << 4)        /* it crossed an obstacle */
#define LASALLE_UF_INTERPEN (1u << 5)       /* it interpenetrated or was interpenetrated [C, p.29] */
#define LASALLE_UF_CHARGER (1u << 6)        /* it charged into contact (kept until its side's next turn) */
#define LASALLE_UF_COUNTERCHARGER (1u << 7) /* it countercharged this turn [D, p.36] */
#define LASALLE_UF_REACTED (1u << 8)        /* it made or attempted its reaction [D, p.33] */
#define LASALLE_UF_SMOKE (1u << 9)          /* artillery that fired [D, p.52] */
#define LASALLE_UF_LIMBER (1u << 10)        /* artillery that limbered or unlimbered this Activity Phase */
#define LASALLE_UF_OOC_START (1u << 11)     /* out of command when its Activity Phase began [C, p.30] */
#define LASALLE_UF_ESPRIT_FIXED (1u << 12)  /* an Unpredictable unit whose esprit is settled [H, p.76] */
#define LASALLE_UF_RECOVERY (1u << 13)      /* it made its recovery attempt this turn [C Recovery, p.30] */
#define LASALLE_UF_MOMENTUM (1u << 14)      /* cavalry that made its momentum move this turn [D, p.37] */
#define LASALLE_UF_FOUGHT (1u << 15)        /* its combat was fought this Combat Phase */
#define LASALLE_UF_FORMED (1u << 16)        /* it changed formation or about-faced this Activity Phase */
#define LASALLE_UF_ASKED (1u << 17)         /* it declined a contact reaction this Reaction Phase */
#define LASALLE_UF_FOLLOW (1u << 18)        /* cavalry that may make a momentum move now [D, p.37] */
#define LASALLE_UF_DEFERRED (1u << 19)      /* it chose to move after the rest of its force [C, p.24] */
#define LASALLE_UF_RESERVE (1u << 20)       /* not arrived yet (its status is LASALLE_LEFT meanwhile) [J, p.91] */
#define LASALLE_UF_DUE (1u << 22)           /* a reserve whose roll succeeded, waiting for room [J, p.91] */
/* broken in a combat as infantry against cavalry, or as artillery: Overrun for Continuing Games
 * [H, p.79]; no rule of the battle reads it */
#define LASALLE_UF_OVERRUN (1u << 23)
#define LASALLE_UF_DIG_SHIFT 24             /* failed entrenching attempts so far, +1 each to the next [H, p.75] */
#define LASALLE_UF_DIG_MASK (15u << LASALLE_UF_DIG_SHIFT)
#define LASALLE_UF_COMPRESSED (1u << 28)     /* an Unlimbered battery two ranks deep [H Compressed Artillery, p.81] */
#define LASALLE_UF_ARRIVING (1u << 29)      /* a reserve coming on this Status Phase, its place not yet chosen [J, p.91] */
/* a unit in March standing in a town base in two files, its column too long for the base [G Towns, p.68]
 * (ruling R-50; footprint.h LASALLE_LAYOUT_TOWN_MARCH) */
#define LASALLE_UF_TOWN_BLOCK (1u << 30)
/* a winning attacker that may advance after its combat, waiting for its player's choice [E, p.60] */
#define LASALLE_UF_MAY_ADVANCE (1u << 31)

typedef struct lasalle_unit {
    double x, y;            /* front-edge centre of the unit, BW */
    double heading;         /* facing, radians: changed only by lasalle_unit_set_heading (footprint.h) */
    double hc, hs;          /* the cosine and sine of the heading brought into (-pi, pi], kept with it */
    uint8_t form;           /* lasalle_form */
    uint8_t disr;           /* DISR markers [B Disruption, p.18] */
    uint8_t status;         /* lasalle_status */
    uint8_t esprit;         /* esprit now (an Unpredictable unit's changes) */
    uint32_t flags;         /* LASALLE_UF_* */
} lasalle_unit;

/* an officer's marks (lasalle_officer.flags) [H Officer Tactics and Casualties, p.72-73] */
#define LASALLE_OF_REPLACED 1u      /* a replacement: he never takes a casualty test again */
#define LASALLE_OF_OWN_USED 2u      /* his Good rating was used this turn */
#define LASALLE_OF_POOR_USED 4u     /* the enemy used his Poor rating this turn */
#define LASALLE_OF_DIRECTED 8u      /* he directed a combat with the enemy's Poor rating this turn */
#define LASALLE_OF_PICKED 16u       /* his force was chosen to move this Activity Phase [C, p.24] */

typedef struct lasalle_officer {
    double x, y;
    int8_t vigor;           /* now: a replacement has one less [H, p.73] */
    int8_t tactics;         /* now: lasalle_tactics */
    uint8_t flags;          /* LASALLE_OF_* */
    uint8_t pad[5];         /* explicit: states are compared byte for byte */
} lasalle_officer;

/* an engineer base's standing (lasalle_engineer.status) [H, p.77-79] */
#define LASALLE_EN_RESERVE 0    /* kept off the table: not anywhere until deployed */
#define LASALLE_EN_WORKING 1    /* deployed to its task for the rest of the game */
#define LASALLE_EN_LOST 2       /* eliminated: the unit it was attached to broke, or the enemy reached it */
#define LASALLE_EN_DONE 3       /* removed from play, its task completed [H, p.79] */

typedef struct lasalle_engineer {
    uint8_t status;         /* LASALLE_EN_* */
    uint8_t task;           /* lasalle_task (LASALLE_TASK_NONE while in reserve) */
    int8_t unit;            /* assault: the infantry unit it is attached to; -1 none */
    int8_t piece;           /* demolition, fortification, bridging: the terrain piece it works at; -1 none */
    uint8_t spot;           /* demolition: the end of the bridge it stands at (0 first point, 1 last);
                               bridging: the bank site along the water (engineer_bridge.h) */
    uint8_t sections;       /* bridging: the 1 BW pontoon sections placed so far */
    uint8_t bank;           /* bridging: 0 the bank left of the water's course, 1 the right */
    uint8_t pad[1];         /* explicit: states are compared byte for byte */
    float x, y, heading;    /* field works: the middle of the line they will run along and the way they will
                               face (engineer_works.h); 0 for every other task */
} lasalle_engineer;

/* a piece of works made in play, a straight line a -> b whose front lies to its left (works.h)
 * [H Entrenchments, p.75; H Fortification, p.78] */
#define LASALLE_MAX_WORKS 32        /* pieces a game keeps (ruling R-201) */
typedef struct lasalle_work {
    float ax, ay, bx, by;
    uint8_t kind;           /* LASALLE_WORK_* (works.h); 0 an empty slot */
    uint8_t pad[3];         /* explicit: states are compared byte for byte */
} lasalle_work;

typedef enum lasalle_end {
    LASALLE_PLAYING = 0, LASALLE_END_MORALE, LASALLE_END_TIME, LASALLE_END_LIMIT
} lasalle_end;

typedef struct lasalle_state {
    gr_turn turn;                   /* the place in the step table (steps.h) */
    uint8_t turn_no;                /* the turn now, both sides' counted from 1 [B Sequence of Play, p.23] */
    uint8_t active;                 /* the moving side */
    uint8_t bonus;                  /* bonus turns begun [F, p.66] */
    uint8_t end;                    /* lasalle_end */
    int8_t winner;                  /* when over: 0, 1, or -1 a draw */
    uint8_t margin;                 /* when over: 0 draw, 1 marginal, 2 decisive [F Victory, p.67] */
    uint8_t picker;                 /* Combat Phase: the side whose pick of the next combat it is [E, p.53] */
    uint8_t reroll_used;            /* the commander's recovery re-roll is spent this turn [C, p.30] */
    int16_t pending;                /* a unit awaiting a decision out of the cursor's order (the recovery
                                       re-roll), or the defender of the combat chosen; -1 none */
    int16_t mark;                   /* a step's own place (recovery: the next unit to try) */
    int8_t owner[LASALLE_MAX_OBJECTIVES];
    int8_t tactic_unit[2];          /* the combat being fought: each side's unit hitting on 4+, -1 none [H, p.72] */
    int8_t tactic_officer[2];       /* ... and the officer who directs it (his casualty test follows) */
    int8_t reserve_roll;            /* Status Phase: the reserve force declared to roll, its index + 1; 0 none
                                       declared [J Reinforcements, p.91] */
    int8_t group_now;               /* Activity Phase: the place in the side's order where the force (or
                                       independent unit) chosen to move now begins; -1 none [C, p.24] */
    uint8_t status_held;            /* Status Phase: 1 when the attacker controlled the objective as it began
                                       [J, p.91] */
    uint8_t fb_then;                /* Combat Phase: what follows the fall-backs due (fb_due): lasalle_fb_then
                                       (fallback_step.h) */
    int8_t fb_def;                  /* ... the defender of the combat they come from, -1 none */
    uint8_t pad_choice[3];          /* explicit: states are compared byte for byte */
    lasalle_officer o[LASALLE_MAX_OFFICERS];
    lasalle_unit u[LASALLE_MAX_UNITS];
    lasalle_engineer eng[LASALLE_MAX_ENGINEERS];    /* the scenario's engineer bases (option Engineering) */
    /* the engineers' changes to the table, bits of terrain pieces [H, p.78-79]: both 0 in a game without
     * them, and the terrain is then read from the scenario alone (ground.h) */
    uint64_t blown;                 /* bridges demolished */
    uint64_t hardened;              /* soft-cover town bases made hard cover */
    uint64_t spans;                 /* pontoon bridges across the water: bits of the engineers who built them */
    /* a combat's fall-backs, each unit's way and order its player's choice [D, p.38]: the units that owe one
     * now, and the attackers of the combat they come from */
    uint64_t fb_due;
    uint64_t fb_att;
    /* the trenches dug and the field works built, in the order made: any unit may stand behind them
     * [H, p.75, p.78] */
    uint8_t nworks;
    uint8_t pad_works[3];
    lasalle_work works[LASALLE_MAX_WORKS];
    uint8_t pad_end[4];
} lasalle_state;

_Static_assert(sizeof(lasalle_unit) == 48, "lasalle_unit has padding the byte-for-byte comparisons would read");
_Static_assert(sizeof(lasalle_officer) == 24, "lasalle_officer has padding");
_Static_assert(sizeof(lasalle_engineer) == 20, "lasalle_engineer has padding");
_Static_assert(sizeof(lasalle_work) == 20, "lasalle_work has padding");
_Static_assert(sizeof(lasalle_state) == sizeof(gr_turn) + 12 + LASALLE_MAX_OBJECTIVES + 4 + 8 +
                                            24 * LASALLE_MAX_OFFICERS + 48 * LASALLE_MAX_UNITS +
                                            20 * LASALLE_MAX_ENGINEERS + 40 + 8 + 20 * LASALLE_MAX_WORKS,
               "lasalle_state has padding the byte-for-byte comparisons would read");

/* ---- the turn's steps [B The Sequence of Play, p.23] and the action types -------------------- */

enum {
    LASALLE_PH_REACTION = 0, LASALLE_PH_COMBAT, LASALLE_PH_ACTIVITY, LASALLE_PH_STATUS, LASALLE_PH_OVER
};

typedef enum lasalle_action_type {
    LASALLE_A_DONE = 0,
    LASALLE_A_HOLD,         /* uN hold: no move (or no reaction) */
    LASALLE_A_MOVE,         /* prelude (formation change, about-face) then wheels and straight moves */
    LASALLE_A_OBLIQUE,      /* forward with up to as much to one side [C, p.27] */
    LASALLE_A_FLANK,        /* move by the flank */
    LASALLE_A_CROSS,        /* cross the obstacle it touches [C Crossing an Obstacle, p.29] */
    LASALLE_A_CHARGE,       /* limited wheel, then straight ahead into contact [C Charging, p.30-32] */
    LASALLE_A_DRIVE,        /* artillery: limbered move anywhere within its allowance [C, p.28] */
    LASALLE_A_LIMBER,
    LASALLE_A_UNLIMBER,
    LASALLE_A_PROLONG,
    LASALLE_A_OFFICER,      /* cN move X Y */
    LASALLE_A_FIRE,         /* Reaction Phase: p[0-1] joiners; split fire: arg bases from the left, p[2] 2nd target */
    LASALLE_A_FALLBACK,
    LASALLE_A_ABOUT,
    LASALLE_A_REFORM,
    LASALLE_A_COUNTERCHARGE,
    LASALLE_A_MOMENTUM,     /* the opponent's cavalry follows up [D, p.37] */
    LASALLE_A_STAY,         /* ... or does not */
    LASALLE_A_FIGHT,        /* Combat Phase: the next combat, named by its defending unit */
    LASALLE_A_REROLL,       /* the commander re-rolls a failed recovery [C, p.30] */
    LASALLE_A_ACCEPT,       /* ... or lets it stand */
    LASALLE_A_TACTICS,      /* an officer directs the combat: target the unit, arg the officer, p[0] a Poor one used */
    LASALLE_A_LATER,        /* uN later: it moves after the rest of its force, before its officer */
    LASALLE_A_ENGINEER,     /* Status Phase: engineer arg deploys to task p[0] with unit target [H, p.77-78] */
    LASALLE_A_NEXT,         /* Activity Phase: force arg (or, arg -1, independent unit target) moves next [C, p.24] */
    LASALLE_A_RESERVE,      /* Status Phase: reserve force arg is the one that rolls to arrive [J, p.91] */
    LASALLE_A_ARRIVE,       /* Status Phase: arriving force arg comes on shifted target BW along its edge [J, p.91] */
    LASALLE_A_ADVANCE,      /* Combat Phase: of the winners who may advance, only unit target does [E, p.60] */
    LASALLE_A_COUNT
} lasalle_action_type;

/* LASALLE_A_MOVE's arg: the prelude */
#define LASALLE_PRE_FORM_MASK 0x0f          /* new formation + 1; 0: none */
#define LASALLE_PRE_ANCHOR_SHIFT 4          /* anchor: 0 centre, 1 left, 2 right (two bits) */
#define LASALLE_PRE_ABOUT 0x40              /* about-face first */

#endif
