/* hexwar.h - Hex and Counter, the example ruleset on a hex board: its
 * scenario (map, counters, objectives), its flat state, and what the
 * package's files share. The rules are in docs/hexwar.md, whose section
 * numbers the code cites. */
#ifndef HEXWAR_H
#define HEXWAR_H

#include <stdint.h>

#include "../core/game.h"
#include "../core/hex.h"
#include "../core/regex.h"
#include "../core/steps.h"

#define HEXWAR_MAX_COUNTERS 64
#define HEXWAR_MAX_OBJECTIVES 16
/* game turns a scenario may last: even a game in which nobody could act
 * again runs through all its player-turns (4 steps each, 240 in all)
 * within the 256 steps (64 per step of a 4-step table) that one advance of
 * the core's driver takes (steps.c) */
#define HEXWAR_MAX_TURNS 30
#define HEXWAR_MAX_MP 8             /* movement points a counter may have: its moves fit one menu */
#define HEXWAR_MAX_STRENGTH 20      /* attack or defence of one counter */
#define HEXWAR_MAX_POINTS 20        /* victory points of one objective */
#define HEXWAR_NAME 40

/* terrain (§1.1), in the order of hexwar_terrain_names */
typedef enum hexwar_terrain {
    HEXWAR_CLEAR = 0, HEXWAR_WOODS, HEXWAR_HILL, HEXWAR_TOWN, HEXWAR_MARSH, HEXWAR_WATER, HEXWAR_TERRAIN_COUNT
} hexwar_terrain;
/* hexside features (§1.1): bits of gr_hex_side */
#define HEXWAR_RIVER 1u
#define HEXWAR_ROAD 2u
#define HEXWAR_BRIDGE 4u
#define HEXWAR_FEATURE_COUNT 3

typedef enum hexwar_arm { HEXWAR_INFANTRY = 0, HEXWAR_CAVALRY, HEXWAR_ARTILLERY, HEXWAR_ARM_COUNT } hexwar_arm;

/* the numbers printed on one side of a counter (§1.2) */
typedef struct hexwar_face {
    int attack, defence, move;
} hexwar_face;

typedef struct hexwar_counter {
    char name[HEXWAR_NAME];
    int side;
    int arm;                        /* hexwar_arm */
    hexwar_face face[2];            /* [0] full, [1] reduced */
    int steps;                      /* at the start: 2 full, 1 reduced */
    gr_hex hex;                     /* where it starts */
} hexwar_counter;

typedef struct hexwar_objective {
    char name[HEXWAR_NAME];
    gr_hex hex;
    int points;
    int owner;                      /* at the start: 0, 1, or -1 nobody */
} hexwar_objective;

typedef struct hexwar_scenario {
    char name[96];
    char side_name[2][HEXWAR_NAME];
    int turns;                      /* game turns (§6.2) */
    int first;                      /* the side that moves first in each game turn (§2.1) */
    gr_hexmap *map;
    int ncounters;
    hexwar_counter counters[HEXWAR_MAX_COUNTERS];
    int nobjectives;
    hexwar_objective objectives[HEXWAR_MAX_OBJECTIVES];
    int start_steps[2];             /* each side's steps at the start (§6.1) */
    gr_regex *re_order;             /* the notation (notation.c), compiled once */
} hexwar_scenario;

/* ---- the flat state -------------------------------------------------------------------------- */

typedef struct hexwar_piece {
    uint8_t col, row;               /* its hex */
    uint8_t steps;                  /* 2 full, 1 reduced, 0 eliminated */
    int8_t target;                  /* combat step: the counter it attacks, -1 none */
} hexwar_piece;

typedef enum hexwar_end { HEXWAR_PLAYING = 0, HEXWAR_END_TIME, HEXWAR_END_STRENGTH, HEXWAR_END_LIMIT } hexwar_end;

typedef struct hexwar_state {
    gr_turn turn;                   /* the place in the step table (steps.h) */
    uint8_t game_turn;              /* 1 .. turns */
    uint8_t active;                 /* the side whose player-turn it is */
    uint8_t end;                    /* hexwar_end */
    int8_t winner;                  /* when over: 0, 1, or -1 a draw */
    uint8_t margin;                 /* when over: 0 draw, 1 marginal, 2 decisive */
    uint8_t pad[3];                 /* explicit: states are compared byte for byte */
    int8_t owner[HEXWAR_MAX_OBJECTIVES];
    hexwar_piece p[HEXWAR_MAX_COUNTERS];
} hexwar_state;

_Static_assert(sizeof(hexwar_state) == sizeof(gr_turn) + 8 + HEXWAR_MAX_OBJECTIVES + 4 * HEXWAR_MAX_COUNTERS,
               "hexwar_state has padding the byte-for-byte comparisons would read");

/* the steps of a player-turn (§2.1) and their phases */
enum { HEXWAR_ST_BEGIN = 0, HEXWAR_ST_MOVE, HEXWAR_ST_ATTACK, HEXWAR_ST_RESOLVE, HEXWAR_ST_COUNT };
enum { HEXWAR_PH_MOVEMENT = 0, HEXWAR_PH_COMBAT, HEXWAR_PH_OVER };

/* action types */
enum { HEXWAR_A_DONE = 0, HEXWAR_A_HOLD, HEXWAR_A_MOVE, HEXWAR_A_ATTACK };

/* ---- shared between the files ---------------------------------------------------------------- */

extern const char *const hexwar_terrain_names[HEXWAR_TERRAIN_COUNT];
extern const char *const hexwar_feature_names[HEXWAR_FEATURE_COUNT];
extern const char *const hexwar_arm_names[HEXWAR_ARM_COUNT];
extern const gr_steps hexwar_steps;

/* scenario.c */
void *hexwar_scenario_load(json_t *root, const char *file, gr_error *err);
void hexwar_scenario_free(void *scn);

/* map.c: the ground (§3, §4.3) */
int hexwar_alive(const hexwar_state *st, int i);
const hexwar_face *hexwar_face_of(const hexwar_scenario *s, const hexwar_state *st, int i);
/* occ[hex index]: the counter standing there, -1 none (room for GR_HEX_MAX_DIM squared) */
void hexwar_occupancy(const hexwar_scenario *s, const hexwar_state *st, int8_t *occ);
/* the counter in a hex, -1 none */
int hexwar_counter_at(const hexwar_scenario *s, const hexwar_state *st, int col, int row);
/* the MP to enter a hex across the side `dir` of (col, row); -1 when it may not be entered (§3.2-§3.4) */
int hexwar_enter_cost(const hexwar_scenario *s, int col, int row, int dir);
/* 1 when a hexside is a river without a bridge */
int hexwar_river_between(const hexwar_scenario *s, int col, int row, int dir);
/* 1 when (col, row) is in the zone of control of a counter of `enemy` (§3.6) */
int hexwar_in_zoc(const hexwar_scenario *s, const int8_t *occ, int col, int row, int enemy);

/* turn.c: an action of the given type, actor and target (-1: none) */
gr_action hexwar_act(int type, int actor, int target);

/* move.c: the movement step (§3) */
#define HEXWAR_MAX_REACH 255
int hexwar_reachable(const hexwar_scenario *s, const hexwar_state *st, const int8_t *occ, int i, gr_hex *out,
                     int *cost);
int hexwar_can_reach(const hexwar_scenario *s, const hexwar_state *st, int i, int col, int row);
int hexwar_move_due(const void *scn, const void *state, int cursor);
int hexwar_move_actions(const void *scn, const void *state, gr_action *out, int max);
int hexwar_move_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);

/* combat.c: declarations and resolution (§4, §5) */
int hexwar_attack_due(const void *scn, const void *state, int cursor);
int hexwar_attack_actions(const void *scn, const void *state, gr_action *out, int max);
int hexwar_attack_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
int hexwar_resolve(const hexwar_scenario *s, hexwar_state *st, const gr_ctx *cx);
/* a defender's defence against the counters attacking it (§4.3) */
int hexwar_defence(const hexwar_scenario *s, const hexwar_state *st, int defender);
/* the total attack on a defender, and its attackers (in counter order) */
int hexwar_attackers(const hexwar_scenario *s, const hexwar_state *st, int defender, int *who, int *total);
/* one step lost (§1.2): 1 when that eliminated the counter */
int hexwar_lose_step(const hexwar_scenario *s, hexwar_state *st, int i, gr_log *log);
/* §5: retreat one hex from the attackers, or lose a step when none may be taken */
void hexwar_retreat(const hexwar_scenario *s, hexwar_state *st, int i, const int *attackers, int nattackers,
                    gr_log *log);

/* crt.c: the odds and the combat results table (§4.4-§4.6) */
typedef enum hexwar_result {
    HEXWAR_AE = 0, HEXWAR_AL, HEXWAR_EX, HEXWAR_DR, HEXWAR_DL, HEXWAR_DE, HEXWAR_RESULT_COUNT
} hexwar_crt_result;
#define HEXWAR_COLUMNS 7
#define HEXWAR_CRT_DIE 10
int hexwar_odds_column(int attack, int defence);
const char *hexwar_column_name(int column);
hexwar_crt_result hexwar_crt(int column, int die);
const char *hexwar_result_name(hexwar_crt_result r);
const char *hexwar_result_words(hexwar_crt_result r);

/* victory.c: the end of the game (§6) */
int hexwar_steps_lost(const hexwar_scenario *s, const hexwar_state *st, int side);
int hexwar_victory_points(const hexwar_scenario *s, const hexwar_state *st, int side);
void hexwar_take_objectives(const hexwar_scenario *s, hexwar_state *st, gr_log *log);
/* ends the game (end, winner, margin) when §6.1 or §6.2 says so; 1 when it did */
int hexwar_check_end(const hexwar_scenario *s, hexwar_state *st, int time_up, gr_log *log);
void hexwar_result(const void *scn, const void *state, gr_result *out);
void hexwar_clock(const void *scn, const void *state, gr_clock *out);

/* turn.c: the game interface over the step table */
void hexwar_init(const void *scn, void *state);
int hexwar_to_move(const void *scn, const void *state);
int hexwar_legal_actions(const void *scn, const void *state, gr_action *out, int max);
int hexwar_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
int hexwar_turn(const void *scn, const void *state);
int hexwar_phase(const void *scn, const void *state);

/* notation.c */
int hexwar_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
int hexwar_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err);
int hexwar_drag_order(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf, size_t cap,
                      gr_error *err);
const char *hexwar_counter_name(const void *scn, int i);
int hexwar_notation_compile(hexwar_scenario *s, gr_error *err);

/* ai.c: what players and the evaluation may know */
#define HEXWAR_LEVELS 2             /* full, reduced; gone is level 2 */
#define HEXWAR_TERMS 4
#define HEXWAR_PACE 4.0             /* an infantry counter's 4 MP over clear ground, in hexes */
extern const char *const hexwar_term_names[HEXWAR_TERMS];
void hexwar_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out);
int hexwar_unit_count(const void *scn);
void hexwar_unit_info(const void *scn, const void *state, int unit, gr_unit_info *out);
void hexwar_unit_worth(const void *scn, const void *state, int unit, gr_unit_worth *out);
void hexwar_terms(const void *scn, const void *state, double *out);

/* present.c */
void hexwar_describe(const void *scn, const void *state, char *buf, size_t cap);
json_t *hexwar_state_to_json(const void *scn, const void *state);
void hexwar_board(const void *scn, gr_board *out);
int hexwar_render_items(const void *scn, const void *state, gr_render_item *out, int max);
int hexwar_check_invariants(const void *scn, const void *state, gr_error *err);
void hexwar_summary(const void *scn, const void *state, FILE *out);

#endif
