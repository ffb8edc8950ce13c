/* turn.h - the fogn move as the game interface sees it (turn.c): the
 * members of the rules and fast tables, run by the core's step machinery
 * over the step table, and the few entry points the rules and tests use. */
#ifndef FOGN_TURN_H
#define FOGN_TURN_H

#include "../../core/game.h"
#include "../fogn.h"

void fogn_init(const void *scn, void *state);
int fogn_to_move(const void *scn, const void *state);
int fogn_legal_actions(const void *scn, const void *state, gr_action *out, int max);
int fogn_candidates(const void *scn, const void *state, gr_action *out, int max);
int fogn_action_legal(const void *scn, const void *state, const gr_action *a);
int fogn_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
/* fogn_apply with a search thread's memo (memo.h; NULL: none) */
int fogn_apply_memo(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, void *memo,
                    gr_error *err);
/* fogn_action_legal then fogn_apply without a log, a movement order
 * compiled once for both: 1 refused, else what fogn_apply returns */
int fogn_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice, void *memo);

/* the unit (or nunits + commander) whose decision is due, -1 none */
int fogn_cursor_actor(const fogn_scenario *s, const fogn_state *st);
/* the same, through an untyped scenario/state (tests, front ends) */
int fogn_cursor_actor_public(const void *scn, const void *state);
/* runs the automatic steps on to the next decision due */
void fogn_advance_to_decision(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
/* the scenario's opening position, the machine at the start of move 1 (no step run yet) */
void fogn_state_setup(const fogn_scenario *s, fogn_state *st);

#endif
