/* game.h - the seam between rules and players: a ruleset is a table of
 * functions over an immutable scenario and a flat, pointer-free state.
 *
 * - A state is plain bytes of `state_size`: clone with memcpy, compare with
 *   memcmp, hash the bytes. Everything constant (terrain, unit profiles)
 *   lives in the scenario, which all states of a game share read-only.
 * - Turns are split into small sequential decisions (one per unit,
 *   commander or reaction); `to_move` says whose decision it is now.
 * - An action is a small flat record. Orders are the finite menu
 *   `legal_actions` lists; exact moves carry real parameters and are what a
 *   person enters. `apply` validates any action and explains a refusal.
 * - All chance comes through the gr_dice passed to apply; every roll and
 *   decision is written to the gr_log passed in (may be NULL).
 * Nothing here knows about players, search or front ends. */
#ifndef GR_GAME_H
#define GR_GAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#include "dice.h"
#include "error.h"
#include "log.h"

#define GR_SIDE_NONE (-1)
#define GR_TERMINAL (-2)
#define GR_MAX_ACTIONS 256      /* the most actions one decision may offer */
#define GR_MAX_FEATURES 256

typedef struct gr_action {
    uint16_t type;      /* ruleset-defined kind (hold, advance, exact move, done, ...) */
    int16_t actor;      /* unit/commander index, -1 for none */
    int16_t target;     /* unit index, point index, or -1 */
    int16_t arg;        /* small enumerated parameter: band, formation, corner */
    float p[4];         /* real parameters of exact moves (angle, distance, slide, ...) */
} gr_action;

typedef struct gr_result {
    int over;           /* 1 when the game has ended */
    int winner;         /* 0, 1, or GR_SIDE_NONE for a draw */
    double score[2];    /* 1 win, 0.5 draw, 0 loss (when over) */
    int margin;         /* ruleset-defined level of the result (e.g. 3 major .. 0 draw) */
    char reason[128];   /* "army 1 broke: attrition 18 of 34", "turn limit" */
} gr_result;

/* What a front end needs to draw one piece (unit, commander, marker). */
typedef struct gr_render_item {
    int side;               /* 0, 1, or -1 for neutral */
    int kind;               /* 0 unit, 1 commander, 2 marker */
    char label[48];         /* short name drawn on the piece */
    char detail[64];        /* formation / state, drawn small */
    int nbases;
    double base[24][5];     /* per base: front-centre x, y, heading, w, d */
    int broken, spent;      /* flags for shading */
} gr_render_item;

/* Ruleset-neutral descriptions of actions and units, for the players that
 * know only this interface: priors of the search, scripted doctrines, the
 * reasons given with a suggestion. */
typedef enum gr_action_kind {
    GR_AK_PASS = 0,     /* "done", decline, no choice */
    GR_AK_HOLD,         /* stay where it is */
    GR_AK_ADVANCE,      /* move toward an enemy or an objective */
    GR_AK_ATTACK,       /* assault, charge, intercept, counter-charge, pursue */
    GR_AK_FIRE,
    GR_AK_STAND,        /* receive an attack in place */
    GR_AK_WITHDRAW,     /* fall back, evade, retire */
    GR_AK_FORM,         /* change formation */
    GR_AK_MANOEUVRE,    /* turn, face, wheel, exact moves, limber */
    GR_AK_COMMAND,      /* a commander's move, join or rally */
    GR_AK_COUNT
} gr_action_kind;

typedef enum gr_arm { GR_ARM_NONE = 0, GR_ARM_INF, GR_ARM_CAV, GR_ARM_ART, GR_ARM_CMDR } gr_arm;
/* the broad shape of a formation */
typedef enum gr_form_shape {
    GR_SHAPE_NONE = 0, GR_SHAPE_COLUMN, GR_SHAPE_LINE, GR_SHAPE_SQUARE, GR_SHAPE_OPEN, GR_SHAPE_OTHER
} gr_form_shape;

typedef struct gr_action_info {
    uint8_t kind;       /* gr_action_kind */
    uint8_t shape;      /* GR_AK_FORM: the gr_form_shape it takes; else GR_SHAPE_NONE */
    int16_t unit;       /* the unit that acts, -1 */
    int16_t enemy;      /* the enemy unit it is aimed at, -1 */
    int16_t objective;  /* the objective it is aimed at, -1 */
} gr_action_info;

typedef struct gr_unit_info {
    int side;
    int arm;            /* gr_arm */
    int shape;          /* gr_form_shape of its formation now */
    int alive;          /* on the table and not destroyed */
    int cohesion;       /* 0 best .. levels - 1 worst (fogn: Steady .. Broken) */
    int levels;
    double x, y;        /* where it stands (front-edge centre) */
    double value;       /* what it is worth (points or a ruleset's own scale) */
    char name[48];      /* as the scenario names it */
} gr_unit_info;

typedef struct gr_ruleset {
    const char *name;       /* scenario "ruleset" key, e.g. "fogn" */
    const char *title;      /* "Field of Glory Napoleonic" */
    size_t state_size;

    /* Builds the scenario from parsed JSON; `file` is only used in messages.
     * Errors name the JSON path and what was expected. */
    void *(*scenario_load)(json_t *root, const char *file, gr_error *err);
    void (*scenario_free)(void *scn);
    /* The scenario's terrain, for generic queries and rendering. */
    const struct gr_terrain *(*terrain)(const void *scn);

    void (*init)(const void *scn, void *state);
    /* 0 or 1: whose decision; GR_TERMINAL when the game is over. */
    int (*to_move)(const void *scn, const void *state);
    /* Fills up to max actions; returns the count (>= 1 unless terminal). */
    int (*legal_actions)(const void *scn, const void *state, gr_action *out, int max);
    /* A cheap superset of legal_actions, in the same order, whose legality
     * action_legal decides one at a time: legal_actions is exactly the
     * candidates for which action_legal is true. Players that need only one
     * action (random playouts) draw from the candidates and check what they
     * draw, instead of checking the whole menu. */
    int (*candidates)(const void *scn, const void *state, gr_action *out, int max);
    int (*action_legal)(const void *scn, const void *state, const gr_action *a);
    /* Applies any action (order or exact move). Returns 0, or -1 with the
     * reason in err and the state unchanged. */
    int (*apply)(const void *scn, void *state, const gr_action *a, gr_dice *dice,
                 gr_log *log, gr_error *err);
    /* Optional: action_legal, then apply (no log) when legal, sharing the
     * work the two have in common. Returns 1 when action_legal would refuse
     * the action (state and dice untouched), else what apply returns. */
    int (*apply_checked)(const void *scn, void *state, const gr_action *a, gr_dice *dice);
    /* Optional: a memo for one thread, handed back through gr_dice.memo to
     * apply and apply_checked, where the ruleset keeps answers it could work
     * out again (fogn: compiled orders). Every result is the same with it
     * as without; it only saves time. NULL when out of memory. */
    void *(*memo_create)(const void *scn);
    void (*memo_free)(void *memo);
    void (*result)(const void *scn, const void *state, gr_result *out);
    /* Evaluator inputs: names and values; returns the count. */
    int (*features)(const void *scn, const void *state, double *out, const char **names, int max);

    /* Generic descriptions (gr_action_info, gr_unit_info); the turn counter
     * (player-moves so far, both sides counted) for per-turn budgets. */
    void (*action_info)(const void *scn, const void *state, const gr_action *a, gr_action_info *out);
    int (*unit_count)(const void *scn);
    void (*unit_info)(const void *scn, const void *state, int unit, gr_unit_info *out);
    int (*turn)(const void *scn, const void *state);
    /* Optional: how far the current player-move has gone, 0 at its start and
     * rising through its phases in the order they are played (fogn: command
     * 0, assault 1, firing 2, movement 3, combat 4, recovery 5). With it a
     * search's playouts may stop part-way into a move (settle_phase). */
    int (*phase)(const void *scn, const void *state);
    /* The phase of the move after a search's horizon at which settled
     * playouts stop (ai/policy.h gr_stop): the point by which the other
     * side has answered what the searching side did. fogn: movement, after
     * the next move's assaults and both sides' fire. 0: at the move's start. */
    int settle_phase;

    /* Notation: print and parse one action (parse errors say what was expected). */
    int (*format_action)(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
    int (*parse_action)(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err);
    /* Optional: a correction of the position typed by a person ("u3 at 12 20
     * facing 90", "u3 cohesion disordered"), for the tabletop assistant.
     * 0, or -1 with the reason and the state unchanged. NULL when the ruleset
     * has none. */
    int (*edit)(const void *scn, void *state, const char *text, gr_log *log, gr_error *err);
    /* A line describing the decision now due ("side 0, movement, unit 3/45e Ligne"). */
    void (*describe_decision)(const void *scn, const void *state, char *buf, size_t cap);

    json_t *(*state_to_json)(const void *scn, const void *state);
    int (*state_from_json)(const void *scn, json_t *j, void *state, gr_error *err);
    /* Everything to draw; returns the count (at most max). */
    int (*render_items)(const void *scn, const void *state, gr_render_item *out, int max);
    /* Checks the state's invariants; 0 ok, -1 with the broken invariant in err. */
    int (*check_invariants)(const void *scn, const void *state, gr_error *err);
    /* A multi-line text summary of the scenario and state. */
    void (*summary)(const void *scn, const void *state, FILE *out);
} gr_ruleset;

/* A loaded game: the ruleset, its scenario and the scenario's source JSON. */
typedef struct gr_game {
    const gr_ruleset *rs;
    void *scn;
    json_t *scenario_json;  /* owned: kept so records can embed the scenario */
    char path[512];
} gr_game;

#endif
