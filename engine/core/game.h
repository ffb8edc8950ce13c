/* game.h - the seam between a ruleset and everything else: the ruleset
 * interface, version GR_RULESET_VERSION.
 *
 * A ruleset is a package (engine/NAME/) that exports one `gr_ruleset`: a
 * name, a version, and tables of functions grouped by who calls them:
 *   rules    - the game itself: load a scenario, start, whose decision,
 *              legal actions, apply, result, turn and phase (everyone);
 *   fast     - optional shortcuts for search: a cheap superset of the menu
 *              and a check of one entry, apply with a search thread's memo;
 *   ai       - neutral facts for players (what an action does, what a unit
 *              is) and the typed evaluation contract read by eval/;
 *   present  - notation, corrections, JSON, the board, what to draw, the
 *              summary and the invariants (front ends and tests);
 *   verbs    - the ruleset's own commands (`grognard army ...`).
 * Like SQLite's sqlite3_vfs, each table only ever grows at its end, and a
 * member added after version 2 names the version that added it, so a
 * ruleset written against an older version leaves it zero and callers test
 * `version` (or the member) before using it. The helpers in ruleset.h call
 * the optional members with their documented fallbacks.
 *
 * The model underneath:
 * - A state is plain bytes of `rules->state_size`: clone with memcpy,
 *   compare with memcmp, hash the bytes. Everything constant lives in the
 *   scenario, which all states of a game share read-only.
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

/* the interface version this header describes */
#define GR_RULESET_VERSION 9

#define GR_SIDE_NONE (-1)
#define GR_TERMINAL (-2)
#define GR_MAX_ACTIONS 256      /* the most actions one decision may offer */

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
    char reason[256];   /* "army 1 broke: attrition 18 of 34", "turn limit" */
} gr_result;

/* ---- the board ------------------------------------------------------------------------------ */

typedef enum gr_board_kind {
    GR_BOARD_TABLE = 0,     /* a continuous table with terrain polygons (engine/core/terrain.h) */
    GR_BOARD_HEX            /* a hex grid with per-hex terrain and hexside features (engine/core/hex.h) */
} gr_board_kind;

/* Where the game is played, for generic queries and drawing. */
typedef struct gr_board {
    int kind;                           /* gr_board_kind */
    double width, height;               /* extent in board units (table: the ruleset's unit; hex: see hex.h) */
    const char *unit;                   /* the distance unit's short name: "MU", "BW", "hex" */
    const struct gr_terrain *terrain;   /* GR_BOARD_TABLE */
    const struct gr_hexmap *hexes;      /* GR_BOARD_HEX */
    int base_edges;                     /* gr_base_edges: where each side's base edge lies, for the map's legend */
} gr_board;

/* the sides' base edges (gr_board.base_edges); 0, the default, is side 0 south and side 1 north */
typedef enum gr_base_edges { GR_BASE_EDGES_SN = 0, GR_BASE_EDGES_WE, GR_BASE_EDGES_EW } gr_base_edges;

/* What a front end needs to draw one piece (unit, commander, marker). */
typedef enum gr_piece_kind { GR_PIECE_UNIT = 0, GR_PIECE_COMMANDER = 1, GR_PIECE_MARKER = 2 } gr_piece_kind;
#define GR_RENDER_MAX_BASES 24

typedef struct gr_render_item {
    int side;               /* 0, 1, or -1 for neutral */
    int kind;               /* gr_piece_kind */
    char label[48];         /* short name drawn on the piece */
    char detail[64];        /* formation / state, drawn small */
    /* on a table: the bases, each front-edge centre x, y, heading, width, depth */
    int nbases;
    double base[GR_RENDER_MAX_BASES][5];
    /* on a hex board: the hex the counter stands in (nbases 0), and the
     * numbers printed on the counter ("4-3") */
    int hex_col, hex_row;
    char counter[16];
    int broken;             /* drawn shaded: the unit no longer fights */
    int worn;               /* drawn with a mark: worn but fighting (fogn: Spent) */
    /* since version 4: how the notation names this piece in orders ("u3",
     * "c2"), letters, digits and '_' only; empty when no order names it
     * (markers). Front ends read it only from a ruleset of version 4 or
     * later: one written earlier leaves it as it found it. */
    char ref[16];
} gr_render_item;

/* ---- neutral facts for players ------------------------------------------------------------------ */

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
    int alive;          /* on the board and not destroyed */
    int cohesion;       /* 0 best .. levels - 1 worst (fogn: Steady .. Broken) */
    int levels;
    double x, y;        /* where it stands (table: front-edge centre; hex: the hex's centre) */
    double value;       /* what it is worth (points or a ruleset's own scale) */
    char name[48];      /* as the scenario names it */
    char ref[16];       /* as the notation names it ("u3", "c3") */
} gr_unit_info;

/* ---- the evaluation contract (read by eval/) ---------------------------------------------------- */

/* One unit as the evaluation weighs it: its value scaled by the weight of
 * its condition level (and lowered when worn). */
typedef struct gr_unit_worth {
    int side;           /* 0 or 1 */
    double value;       /* what it is worth whole */
    int level;          /* 0 best .. ai.levels - 1 worst; ai.levels when gone (destroyed, off the board) */
    int worn;           /* 1: a mark that lowers its worth while it fights on (fogn: Spent) */
} gr_unit_worth;

/* The game clock, for the evaluation's end-game blend. */
typedef struct gr_clock {
    int moves_left;     /* player-moves still to begin before a timed end (0 in the last); -1: no timed end */
    double timed_score0;/* side 0's score if the game ended by time now: 1 win, 0.5 draw, 0 loss */
    double lead0;       /* side 0's lead in the count that decides a timed end */
    double band;        /* the lead that count needs for a win */
} gr_clock;

/* ---- the tables --------------------------------------------------------------------------------- */

/* The rules: every member is required. */
typedef struct gr_rules {
    size_t state_size;  /* bytes of one state */
    /* Builds the scenario from parsed JSON; `file` only for messages. Errors
     * name the JSON path and what was expected; every size comes from the
     * file, and one over what the ruleset can hold is refused by name. */
    void *(*scenario_load)(json_t *root, const char *file, gr_error *err);
    void (*scenario_free)(void *scn);
    /* The starting position, run on to its first decision (rolls no dice). */
    void (*init)(const void *scn, void *state);
    /* 0 or 1: whose decision; GR_TERMINAL when the game is over. */
    int (*to_move)(const void *scn, const void *state);
    /* Fills up to max actions; returns the count (>= 1 unless terminal). */
    int (*legal_actions)(const void *scn, const void *state, gr_action *out, int max);
    /* Applies any action (order or exact move) and runs the game on to the
     * next decision. 0, or -1 with the reason in err and the state, the dice
     * and the log as they were. */
    int (*apply)(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
    void (*result)(const void *scn, const void *state, gr_result *out);
    /* Player-moves so far, both sides counted, from 1: per-turn budgets. */
    int (*turn)(const void *scn, const void *state);
    /* How far the current player-move has gone: 0 at its start, rising
     * through its phases in the order they are played. */
    int (*phase)(const void *scn, const void *state);
    /* The phase of the next move by which the other side has answered what
     * the mover did; settled playouts stop there (ai/policy.h). 0: the start. */
    int settle_phase;
} gr_rules;

/* Shortcuts for search. The whole table is optional (gr_ruleset.fast NULL),
 * and so is each member; ruleset.h supplies the fallbacks. Every result is
 * the same with them as without: they only save time. */
typedef struct gr_fast {
    /* A cheap superset of legal_actions, in the same order, whose legality
     * action_legal decides one at a time: legal_actions is exactly the
     * candidates for which action_legal is true. Fallback: legal_actions,
     * all legal. */
    int (*candidates)(const void *scn, const void *state, gr_action *out, int max);
    int (*action_legal)(const void *scn, const void *state, const gr_action *a);
    /* A memo for one search thread: answers the ruleset could work out
     * again (fogn: compiled orders, cursor walks, volleys), handed back to
     * apply_memo and apply_checked. NULL when out of memory. */
    void *(*memo_create)(const void *scn);
    void (*memo_free)(void *memo);
    /* rules.apply with the thread's memo (NULL: none). */
    int (*apply_memo)(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, void *memo,
                      gr_error *err);
    /* action_legal, then apply without a log when legal, sharing their work.
     * 1 when action_legal would refuse (state and dice untouched), else what
     * apply returns. */
    int (*apply_checked)(const void *scn, void *state, const gr_action *a, gr_dice *dice, void *memo);
    /* 1: a search expands a node with the whole legal menu, its children all
     * legal and the priors shared among them alone, and draws from the
     * candidates only in playouts and random play: for a ruleset whose
     * candidates far outnumber its menu, whose children found illegal only
     * when tried would thin the legal ones' priors and hold places in the
     * widening. 0 (fogn): nodes are expanded with the candidates. */
    int expand_with_menu;
    /* since version 5: a 64-bit hash of the state, from `seed`, for the
     * search's tables of positions. Two states of one scenario with the same
     * bytes hash the same; it may pass over bytes no rule reads (fogn: the
     * empty slots after the scenario's units and commanders). NULL: the hash
     * of every byte (gr_rs_state_hash). */
    uint64_t (*state_hash)(const void *scn, const void *state, uint64_t seed);
    /* since version 7, optional: how many bytes from a state's start the
     * rules of this scenario ever read or write (at most rules.state_size).
     * The bytes past them are never looked at, so copying or comparing that
     * many bytes copies or compares the position: the search's tables and
     * the step driver's restoring copy move only those. fogn: up to its
     * last unit, the empty unit slots after it left out. NULL: every byte. */
    size_t (*state_span)(const void *scn);
} gr_fast;

/* What players and the evaluation may know. All required but `clock`. */
typedef struct gr_ai_view {
    void (*action_info)(const void *scn, const void *state, const gr_action *a, gr_action_info *out);
    int (*unit_count)(const void *scn);
    void (*unit_info)(const void *scn, const void *state, int unit, gr_unit_info *out);
    /* the evaluation: a unit's worth, and its condition levels (0 best ..
     * levels - 1 worst; the weights file gives one weight per level and one
     * for gone) */
    int levels;
    void (*unit_worth)(const void *scn, const void *state, int unit, gr_unit_worth *out);
    /* side terms: nterms names, fixed for the ruleset, and their values for
     * both sides: out[side * nterms + k]; the weights file weighs them by name */
    int nterms;
    const char *const *term_names;
    void (*terms)(const void *scn, const void *state, double *out);
    /* optional: the clock of a game with a timed end (NULL: none) */
    void (*clock)(const void *scn, const void *state, gr_clock *out);
    /* the distance an ordinary unit covers in one move over open ground, in
     * board units: scripted players measure "near" and "far" in these */
    double pace;
    /* optional: the book's words for a unit's condition getting worse by a
     * level and reaching the worst level, as a suggestion's reasons say them
     * ("loses cohesion", "breaks"; NULL: "loses a level", "reaches its worst
     * level") */
    const char *worse_words;
    const char *worst_words;
    /* since version 6, optional (NULL: terms). terms for the entries k with
     * want[k] != 0 (k < nterms, the same k for both sides): each holds the
     * number terms gives; every other entry holds 0 or that number. An
     * evaluation asks for the terms its weights use, so that a term no
     * weight reads need not be worked out. */
    void (*terms_some)(const void *scn, const void *state, const unsigned char *want, double *out);
    /* since version 8, optional (NULL: action_info for each). action_info
     * for a[k] into out[k], k < n, each exactly what action_info gives for
     * it alone. For a ruleset whose facts about an action share work among
     * the actions of one unit (where it stands, the enemy nearest it, who
     * holds the objectives): a playout weighs a unit's whole menu at once
     * and works that out once. */
    void (*action_infos)(const void *scn, const void *state, const gr_action *a, int n, gr_action_info *out);
    /* since version 9, optional (NULL: no side attacks). The side the
     * scenario makes the attacker (the side that must take ground, or wins
     * the initiative), or GR_SIDE_NONE for an encounter of equals: a player
     * may pick its way of playing by its role (ai/mcts.h planfor). */
    int (*attacker)(const void *scn);
} gr_ai_view;

/* A thing an order may name: its name in the scenario and its reference in
 * the notation (present.other_names). */
typedef struct gr_name_ref {
    char name[48];
    char ref[16];
} gr_name_ref;

/* Presentation: front ends, records and tests. `edit` and `state_from_json`
 * are optional (NULL). */
typedef struct gr_present {
    /* Notation: print and parse one action (parse errors say what was expected). */
    int (*format_action)(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
    int (*parse_action)(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err);
    /* A correction of the position typed by a person ("u3 at 12 20 facing
     * 90"), for the tabletop assistant: 0, or -1 with the reason and the
     * state unchanged. */
    int (*edit)(const void *scn, void *state, const char *text, gr_log *log, gr_error *err);
    /* A line describing the decision now due ("side 0, movement, unit 3/45e Ligne"). */
    void (*describe_decision)(const void *scn, const void *state, char *buf, size_t cap);
    json_t *(*state_to_json)(const void *scn, const void *state);
    int (*state_from_json)(const void *scn, json_t *j, void *state, gr_error *err);
    /* The board the scenario is played on. */
    void (*board)(const void *scn, gr_board *out);
    /* Everything to draw; returns the count (at most max). */
    int (*render_items)(const void *scn, const void *state, gr_render_item *out, int max);
    /* Checks the state's invariants; 0 ok, -1 with the broken invariant in err. */
    int (*check_invariants)(const void *scn, const void *state, gr_error *err);
    /* A multi-line text summary of the scenario and state. */
    void (*summary)(const void *scn, const void *state, FILE *out);
    /* Version 3, optional (NULL: nothing to say). What carrying out this
     * order of the menu will ask before it happens, in the book's terms
     * ("CMT: 2 dice at 5+, 1 CP of Loison; crossing a stream"), or "" when it
     * asks nothing: `list` shows it beside the order. */
    void (*order_note)(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
    /* Version 3, optional (NULL: nothing). A few words a player keeps an eye
     * on at every decision, for the prompt of play and assist (fogn: the
     * deciding side's command points, "CP Loison 1, Ferey 2"), or "". */
    void (*prompt_note)(const void *scn, const void *state, char *buf, size_t cap);
    /* Version 3, optional (NULL: none). What else than units an order may
     * name by its notation's reference (fogn: commanders, "c0"; Lasalle:
     * officers), each with the name the scenario gives it, so that orders
     * typed by name find them (byname.h). Returns the count, at most max. */
    int (*other_names)(const void *scn, gr_name_ref *out, int max);
    /* Version 4, optional (NULL: none). The order, in notation, that moves
     * the piece named `ref` (as gr_render_item.ref) by (dx, dy) board units
     * from where it stands, as a person drags it on a map (fogn: its front
     * edge's centre taken there by a wheel and a move; hexwar: a counter to
     * the hex there). Only the order's text: whether the rules allow it is
     * for apply to say. 0, or -1 with why in err (an unknown piece, no
     * such move in this ruleset's notation). */
    int (*drag_order)(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf,
                      size_t cap, gr_error *err);
} gr_present;

struct gr_game;

/* What a ruleset's verb may ask of the program that runs it (the front
 * end fills it; the engine does not draw). */
typedef struct gr_host {
    /* Writes an SVG map of a state of a game; 0 or -1 with a message. */
    int (*write_map)(const struct gr_game *g, const void *state, const char *path, gr_error *err);
} gr_host;

/* A command of the ruleset's own, run as `grognard NAME ARGS...`. */
typedef struct gr_verb {
    const char *name;       /* "army" */
    const char *summary;    /* one line for `grognard help` */
    /* argv[0] is the verb's name; returns the exit status (0 done, 1
     * failure, 2 bad usage) */
    int (*run)(int argc, char **argv, const gr_host *host);
} gr_verb;

typedef struct gr_ruleset {
    int version;                /* GR_RULESET_VERSION the ruleset was written against */
    const char *name;           /* scenario "ruleset" key and package folder, e.g. "fogn" */
    const char *title;          /* "Field of Glory Napoleonic" */
    const gr_rules *rules;
    const gr_fast *fast;        /* may be NULL */
    const gr_ai_view *ai;
    const gr_present *present;
    const gr_verb *verbs;       /* ends with a {NULL} entry; may be NULL */
} gr_ruleset;

/* A loaded game: the ruleset, its scenario and the scenario's source JSON. */
typedef struct gr_game {
    const gr_ruleset *rs;
    void *scn;
    json_t *scenario_json;  /* owned: kept so records can embed the scenario */
    char path[512];
} gr_game;

#endif
