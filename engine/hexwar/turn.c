/* turn.c - a player-turn as a table of steps (docs/hexwar.md §2) run by the
 * core's step machinery (engine/core/steps.h): the opening of the
 * player-turn, the movement decisions, the attack decisions and the
 * resolution that closes it; and the game interface (init, to_move, legal
 * actions, apply, turn, phase) over that table. */
#include "hexwar.h"

#include <stddef.h>
#include <string.h>

/* the game would end long before this many decisions (at most two a counter
 * in a player-turn, two player-turns a game turn, HEXWAR_MAX_TURNS game turns) */
#define HEXWAR_MAX_DECISIONS 10000

/* §2.1: the player-turn opens */
static int run_begin(const void *scn, void *state, const gr_ctx *cx)
{
    const hexwar_scenario *s = scn;
    hexwar_state *st = state;
    gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, st->active, "move %d: %s (game turn %d of %d)",
               hexwar_turn(scn, state), s->side_name[st->active], st->game_turn, s->turns);
    for (int i = 0; i < s->ncounters; i++) st->p[i].target = -1;
    return HEXWAR_ST_MOVE;
}

/* §4.2, §1.4, §6: combat, objectives, the end or the next player-turn */
static int run_resolve(const void *scn, void *state, const gr_ctx *cx)
{
    const hexwar_scenario *s = scn;
    hexwar_state *st = state;
    gr_log *log = cx ? cx->log : NULL;
    if (hexwar_resolve(s, st, cx) < 0) return -1;
    hexwar_take_objectives(s, st, log);
    int second = st->active != s->first;
    if (hexwar_check_end(s, st, second && st->game_turn >= s->turns, log)) return HEXWAR_ST_COUNT;
    if (second) st->game_turn++;
    st->active ^= 1;
    return HEXWAR_ST_BEGIN;
}

gr_action hexwar_act(int type, int actor, int target)
{
    gr_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint16_t)type;
    a.actor = (int16_t)actor;
    a.target = (int16_t)target;
    return a;
}

static int end_counters(const void *scn) { return ((const hexwar_scenario *)scn)->ncounters; }

static int who_active(const void *scn, const void *state)
{
    (void)scn;
    return ((const hexwar_state *)state)->active;
}

static int actor_cursor(const void *scn, const void *state)
{
    (void)scn;
    return ((const hexwar_state *)state)->turn.cursor;
}

static const gr_step_def steps[HEXWAR_ST_COUNT] = {
    [HEXWAR_ST_BEGIN] = {.name = "player-turn", .phase = HEXWAR_PH_MOVEMENT, .run = run_begin},
    [HEXWAR_ST_MOVE] = {.name = "movement", .phase = HEXWAR_PH_MOVEMENT, .cursor_end = end_counters,
                        .due = hexwar_move_due, .decider = who_active, .actor = actor_cursor,
                        .actions = hexwar_move_actions, .apply = hexwar_move_apply},
    [HEXWAR_ST_ATTACK] = {.name = "attacks", .phase = HEXWAR_PH_COMBAT, .cursor_end = end_counters,
                          .due = hexwar_attack_due, .decider = who_active, .actor = actor_cursor,
                          .actions = hexwar_attack_actions, .apply = hexwar_attack_apply},
    [HEXWAR_ST_RESOLVE] = {.name = "combat results", .phase = HEXWAR_PH_COMBAT, .run = run_resolve},
};

/* the decision limit: a draw, said so */
static void on_limit(const void *scn, void *state)
{
    (void)scn;
    hexwar_state *st = state;
    st->end = HEXWAR_END_LIMIT;
    st->winner = -1;
    st->margin = 0;
}

const gr_steps hexwar_steps = {
    .def = steps,
    .count = HEXWAR_ST_COUNT,
    .first = HEXWAR_ST_BEGIN,
    .turn_offset = offsetof(hexwar_state, turn),
    .state_size = sizeof(hexwar_state),
    .done_type = HEXWAR_A_DONE,
    .over_phase = HEXWAR_PH_OVER,
    .max_decisions = HEXWAR_MAX_DECISIONS,
    .on_limit = on_limit,
    .format_action = hexwar_format_action,
    .actor_name = hexwar_counter_name,
};

void hexwar_init(const void *scn, void *state)
{
    const hexwar_scenario *s = scn;
    hexwar_state *st = state;
    memset(st, 0, sizeof *st);
    st->game_turn = 1;
    st->active = (uint8_t)s->first;
    st->winner = -1;
    for (int k = 0; k < s->nobjectives; k++) st->owner[k] = (int8_t)s->objectives[k].owner;
    for (int i = 0; i < s->ncounters; i++) {
        st->p[i].col = (uint8_t)s->counters[i].hex.col;
        st->p[i].row = (uint8_t)s->counters[i].hex.row;
        st->p[i].steps = (uint8_t)s->counters[i].steps;
        st->p[i].target = -1;
    }
    st->turn.step = HEXWAR_ST_BEGIN;
    gr_steps_advance(&hexwar_steps, scn, state, NULL); /* no die is rolled before the first decision */
}

int hexwar_to_move(const void *scn, const void *state)
{
    (void)scn;
    return gr_steps_to_move(&hexwar_steps, state);
}

int hexwar_legal_actions(const void *scn, const void *state, gr_action *out, int max)
{
    return gr_steps_legal_actions(&hexwar_steps, scn, state, out, max);
}

int hexwar_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err)
{
    gr_ctx cx = {dice, log, NULL, 0};
    return gr_steps_apply(&hexwar_steps, scn, state, a, &cx, err);
}

/* player-moves so far, from 1: two to a game turn */
int hexwar_turn(const void *scn, const void *state)
{
    const hexwar_scenario *s = scn;
    const hexwar_state *st = state;
    return 2 * (st->game_turn - 1) + (st->active == s->first ? 1 : 2);
}

int hexwar_phase(const void *scn, const void *state)
{
    (void)scn;
    return ((const hexwar_state *)state)->turn.phase;
}
