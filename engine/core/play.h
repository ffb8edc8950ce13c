/* play.h - the game loop: a game played from a state to its end (or a
 * limit) by two choosers, every action applied through the ruleset with
 * seeded dice and appended to a record; the uniform random chooser; records
 * replayed with their recorded dice; and the small things every program
 * that plays games shares (the starting position checked, the log printed,
 * the side names). What picks an action is a gr_chooser: the engine knows
 * no players (ai/player.h makes a chooser of a player) and no front end. */
#ifndef GR_PLAY_H
#define GR_PLAY_H

#include <stdio.h>
#include "game.h"
#include "record.h"
#include "rng.h"

/* Something that picks the action for the side to move. */
typedef struct gr_chooser {
    void *self;
    const char *name;       /* for messages: "random", "mcts:iters=30" */
    /* picks an action for the side to move in state; 0, or -1 with the reason */
    int (*choose)(void *self, const gr_game *g, const void *state, gr_action *out, gr_error *err);
    /* optional: told of every action about to be applied to `before`, by
     * either side (a search keeps the part of its tree still in play) */
    void (*observe)(void *self, const gr_game *g, const void *before, const gr_action *a);
} gr_chooser;

typedef struct gr_play_opts {
    unsigned long long seed;
    int max_decisions;      /* stop after this many (0: to the end) */
    int max_side_turns;     /* stop when the side to move has changed this often (0: no limit) */
    int check_invariants;   /* after every action: the ruleset's invariants, and a
                             * decision that is due offers a legal order */
    /* optional: called after every action applied, with the log given to
     * gr_play (NULL when none), e.g. to tell the battle as it goes */
    void (*after)(void *ctx, const gr_game *g, const void *state, const gr_log *log);
    void *ctx;
} gr_play_opts;

/* Plays from state to the end (or the limit), each side's actions chosen by
 * its chooser (side 0 by choosers[0]), applied through the ruleset (dice
 * seeded by o->seed, stream 1) and appended to rec with the dice thrown.
 * Both choosers observe every action, once when they are the same. Returns
 * the number of actions, or -1 with a message. */
int gr_play(const gr_game *g, void *state, const gr_chooser choosers[2], gr_record *rec, gr_log *log,
            const gr_play_opts *o, gr_error *err);
/* The same with two uniform random choosers (seeds o->seed and o->seed + 1). */
int gr_play_random(const gr_game *g, void *state, gr_record *rec, gr_log *log, const gr_play_opts *o,
                   gr_error *err);

/* One uniformly random legal action: drawn from the ruleset's cheap
 * candidates without replacement until one is legal (exactly uniform over
 * the legal actions, and cheaper than checking the whole menu), or from the
 * legal menu when the ruleset has no candidates. 0, or -1 when no action is
 * legal. */
int gr_play_random_legal(const gr_game *g, const void *state, gr_rng *rng, gr_action *out);

/* The same draw, applied: the candidates drawn in the same order from the
 * same generator, so the same game as gr_play_random_legal followed by
 * apply, but each drawn order checked and applied in one call
 * (gr_rs_apply_checked) where the ruleset checks candidates, so that what
 * the check works out (a movement order's longest legal move) is not worked
 * out again by the apply. Nothing is logged. 0 with the order applied and in
 * *out; 1 when no order is legal; -1 when the apply refused the order after
 * its check passed (a bug: err says so, *out is the order). */
int gr_play_random_apply(const gr_game *g, void *state, gr_rng *rng, gr_dice *dice, gr_action *out, gr_error *err);

/* The uniform random chooser: gr_play_random_legal with its own generator,
 * seeded on the stream GR_PLAY_RANDOM_STREAM (the random player's). */
#define GR_PLAY_RANDOM_STREAM 0x52414e44u /* "RAND" */
typedef struct gr_play_uniform {
    gr_rng rng;
} gr_play_uniform;
void gr_play_uniform_init(gr_play_uniform *u, unsigned long long seed);
/* u's draw; 0, or -1 with "no legal action in a non-terminal state" */
int gr_play_uniform_choose(gr_play_uniform *u, const gr_game *g, const void *state, gr_action *out, gr_error *err);
/* u as a chooser named "random" */
gr_chooser gr_play_uniform_chooser(gr_play_uniform *u);

/* Replays a record into state (allocated by the caller, state_size bytes),
 * using its recorded dice. Returns 0 or -1 with a message naming the action. */
int gr_replay(const gr_game *g, const gr_record *rec, void *state, gr_log *log, gr_error *err);
/* The first nactions of a record only; *rolls_used gets the recorded dice
 * they used (0 for a record without dice). */
int gr_replay_prefix(const gr_game *g, const gr_record *rec, int nactions, void *state, gr_log *log, int *rolls_used,
                     gr_error *err);

/* Replays a whole record like gr_replay (no log), calling visit with the
 * position before each action (index i, from 0); a visit that returns
 * nonzero stops the replay with its error. */
typedef int (*gr_replay_visit_fn)(void *ctx, const gr_game *g, const void *state, int i, gr_error *err);
int gr_replay_visit(const gr_game *g, const gr_record *rec, void *state, gr_replay_visit_fn visit, void *ctx,
                    gr_error *err);

/* Checks a freshly loaded scenario's starting position (no overlaps, all on
 * the table) through the ruleset's invariant check. */
int gr_game_check_start(const gr_game *g, gr_error *err);
/* Prints one log event per line from index `from`; returns the new end. */
size_t gr_print_log(const gr_log *log, size_t from, FILE *out);
/* The two side names of a game's scenario ("side 0", "side 1" when unnamed). */
void gr_game_side_names(const gr_game *g, const char *out[2]);

#endif
