/* steps.h - a turn as a table of steps, the machinery any ruleset may build
 * its game interface on.
 *
 * A ruleset writes its turn (or move) as a fixed list of steps. An
 * automatic step runs rules and rolls dice, then names the step that
 * follows. A decision step hands out one small decision at a time to the
 * side its `decider` names, walking a cursor (over units, commanders,
 * reactions) from 0 to `cursor_end` and stopping where `due` says a
 * decision is due; every decision step accepts the ruleset's "done" action.
 * The driver (gr_steps_*) runs automatic steps and walks cursors until a
 * decision is due, applies an action to the step it belongs to, and lists
 * the legal actions; the ruleset keeps its place in a gr_turn inside its
 * flat state.
 *
 * Every function of a step receives the scenario and the state as the
 * ruleset's own types behind void pointers, and the steps that may roll
 * dice get the gr_ctx of the call: the dice, the log, and the calling
 * thread's memo. */
#ifndef GR_STEPS_H
#define GR_STEPS_H

#include <stdint.h>

#include "game.h"

/* What one call into the rules carries besides the position: chance, the
 * record of events, and the calling thread's memo (gr_fast.memo_create),
 * where the ruleset may keep answers it could work out again. Any member
 * may be NULL: no dice (a step that needs one fails), no log, no memo. */
typedef struct gr_ctx {
    gr_dice *dice;
    gr_log *log;
    void *memo;
    /* 1: the call comes from a front end (a player at the keyboard, the
     * assistant, the protocol, a record replayed): an order for an actor
     * due later in the cursor's group is taken (gr_step_def.order_group).
     * 0 (the search): only the actor whose decision is due may act */
    int any_order;
} gr_ctx;

/* A state's place in its step table; a ruleset keeps one in its state. */
typedef struct gr_turn {
    uint8_t step;           /* the step now */
    uint8_t decider;        /* the side whose decision is due */
    uint8_t phase;          /* the phase of the step now (gr_step_def.phase) */
    uint8_t over;           /* 1 once the game has ended */
    int16_t cursor;         /* the position within a decision step */
    uint8_t second;         /* the ruleset's own mark of a further decision at the same cursor; cleared
                               when the step changes */
    uint8_t pad;            /* explicit: states are compared byte for byte */
    uint16_t decisions;     /* decisions taken so far in the game */
    uint16_t resume;        /* 1 + the cursor the walk goes back to once a decision taken out of the
                               cursor's order is finished (gr_step_def.order_group); 0 none */
} gr_turn;

typedef struct gr_step_def {
    const char *name;       /* what the step is called in messages ("moves", "return fire") */
    uint8_t phase;          /* the phase it belongs to (gr_rules.phase) */
    /* automatic step: does its work, returns the next step (normally its own
     * index + 1; the table's count when the game ended inside it), or -1
     * when the dice failed */
    int (*run)(const void *scn, void *state, const gr_ctx *cx);
    /* decision step: the cursor runs 0 .. cursor_end - 1 */
    int (*cursor_end)(const void *scn);
    /* optional: run on each cursor position before `due`, to work out once
     * and keep in the state what due, actions and apply would each work out again */
    void (*prepare)(const void *scn, void *state, int cursor);
    /* is a decision due at this cursor position? */
    int (*due)(const void *scn, const void *state, int cursor);
    int (*decider)(const void *scn, const void *state);
    /* the unit or commander (the ruleset's numbering) the decision is about; -1 none */
    int (*actor)(const void *scn, const void *state);
    int (*actions)(const void *scn, const void *state, gr_action *out, int max);
    /* optional: an unchecked superset of `actions` and the check of one of
     * them (gr_fast.candidates / action_legal); NULL: `actions` itself */
    int (*candidates)(const void *scn, const void *state, gr_action *out, int max);
    int (*legal)(const void *scn, const void *state, const gr_action *a);
    /* applies one action of the step (not "done", which the driver handles);
     * 0, or -1 with the reason (the driver restores the state) */
    int (*apply)(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
    /* what happens to the undecided when "done" is chosen (NULL: nothing) */
    int (*done)(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
    /* 1: "done" closes only the current actor's decisions (the cursor moves
     * on); 0: it closes the whole step */
    int done_moves_on;
    /* 1: finding the next position due costs enough for a thread's memo to
     * keep the walk (gr_steps.walk) */
    int walk_memo;
    /* optional: the decisions of one group of cursor positions may be taken
     * in any order (the book's "order otherwise free"). An action naming an
     * actor who is due later in the walk, at a position of the cursor's
     * group, is taken at once: the cursor goes there for it, and once that
     * actor has finished (no further decision of its own, gr_turn.second
     * clear) the walk goes back to the first position it passed over. `due`
     * must be false for an actor that has acted in the step, so the walk
     * does not ask it again. Only calls with gr_ctx.any_order take such
     * orders (front ends); the menus and the search keep the cursor's order.
     * NULL: the cursor's order only */
    int (*order_group)(const void *scn, const void *state, int cursor);
    /* optional, with order_group: the rule that orders the groups, in the
     * book's words, said when an actor of a later group is named */
    const char *order_rule;
    /* optional: `due` handed the calling thread's memo (gr_ctx.memo, NULL
     * none), which a ruleset's walk (gr_steps.walk) that has one calls
     * instead of `due`; the same answer */
    int (*due_memo)(const void *scn, const void *state, int cursor, void *memo);
    /* optional: `prepare` handed the calling thread's memo, called as
     * due_memo is; the same work kept in the state */
    void (*prepare_memo)(const void *scn, void *state, int cursor, void *memo);
} gr_step_def;

/* A ruleset's step table and what the driver needs to know of its states. */
typedef struct gr_steps {
    const gr_step_def *def;     /* the steps, in the order they are played */
    int count;
    int first;                  /* where play goes on after the last step (a new turn) */
    size_t turn_offset;         /* offsetof(the ruleset's state, its gr_turn) */
    size_t state_size;          /* bytes of a state (a refused action restores a copy) */
    int done_type;              /* the gr_action.type of "done" */
    int over_phase;             /* the phase a finished game shows */
    int max_decisions;          /* the game ends once this many decisions have been taken */
    /* optional: run before every step the driver enters (fogn: garrisons
     * that left their areas give them up) */
    void (*before_step)(const void *scn, void *state);
    /* optional: the cursor walk of a decision step (from the cursor, each
     * position prepared, until one is due or `end`), done with the thread's
     * memo where the ruleset keeps walks; NULL: the plain walk */
    void (*walk)(const void *scn, void *state, const gr_step_def *d, int end, void *memo);
    /* optional: the decision limit was reached: mark how the game ended */
    void (*on_limit)(const void *scn, void *state);
    /* the action in notation, for the log line of each decision */
    int (*format_action)(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
    /* the actor's name, for "it is X's decision now" */
    const char *(*actor_name)(const void *scn, int actor);
    /* optional: the bytes of a state the rules of this scenario read or
     * write (gr_fast.state_span), all the restoring copy need hold; NULL:
     * state_size */
    size_t (*state_span)(const void *scn);
} gr_steps;

/* The turn inside a state. */
gr_turn *gr_steps_turn(const gr_steps *t, void *state);
const gr_turn *gr_steps_turn_c(const gr_steps *t, const void *state);
/* The step definition now due, NULL when over or out of range. */
const gr_step_def *gr_steps_def(const gr_steps *t, const void *state);

/* Runs automatic steps and walks decision steps' cursors until a decision
 * is due or the game is over. 0, or -1 when the dice failed (the caller
 * restores the state). */
int gr_steps_advance(const gr_steps *t, const void *scn, void *state, const gr_ctx *cx);
/* An order_group for a step whose decisions may all be taken in any order:
 * every cursor position in one group. */
int gr_steps_one_group(const void *scn, const void *state, int cursor);
/* The plain cursor walk: from the cursor, each position prepared, until
 * one is due or `end`. */
void gr_steps_walk(const void *scn, void *state, gr_turn *turn, const gr_step_def *d, int end);

/* The game interface over a step table: whose decision (GR_TERMINAL when
 * over), the actor, the legal menu, the candidates and the check of one. */
int gr_steps_to_move(const gr_steps *t, const void *state);
int gr_steps_actor(const gr_steps *t, const void *scn, const void *state);
int gr_steps_legal_actions(const gr_steps *t, const void *scn, const void *state, gr_action *out, int max);
int gr_steps_candidates(const gr_steps *t, const void *scn, const void *state, gr_action *out, int max);
int gr_steps_action_legal(const gr_steps *t, const void *scn, const void *state, const gr_action *a);

/* Applies a decision ("done" or an action of the step due) and runs on to
 * the next decision. 0, or -1 with the reason; then the state, and the log
 * (cx->log), are as they were. */
int gr_steps_apply(const gr_steps *t, const void *scn, void *state, const gr_action *a, const gr_ctx *cx,
                   gr_error *err);
/* The same with `apply` standing in for the step's own apply for this one
 * action (it gets `arg`): a ruleset that worked something out while
 * checking the action hands it on this way. */
typedef int (*gr_step_apply_fn)(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err,
                                const void *arg);
int gr_steps_apply_by(const gr_steps *t, const void *scn, void *state, const gr_action *a, const gr_ctx *cx,
                      gr_error *err, gr_step_apply_fn apply, const void *arg);

#endif
