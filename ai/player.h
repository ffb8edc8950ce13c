/* player.h - a player: something that picks the action for the side to move,
 * knowing only the game interface (engine/core/game.h) and the evaluation
 * (eval/). Players are made from a spec string (ai/spec.h):
 *
 *   random                      uniform over the legal actions
 *   greedy[:samples=N]          one ply: each action played out to the end of
 *                               the move with sampled dice, scored by eval
 *   doctrine:columns            columns and cavalry forward at the weakest enemy
 *   doctrine:line               hold a line behind the guns, counter-attack
 *                               broken enemies
 *   doctrine:cavalry            the horse first at the weakest enemy, the foot
 *                               following to the objective in column
 *   doctrine:assault            the foot in column on the objective, charging
 *                               what stands in the way; the horse covers
 *   mcts[:iters=N|ms=N,...]     open-loop Monte Carlo tree search (ai/mcts.h)
 *   naive[:iters=N|ms=N,...]    the combinatorial-bandit search (ai/naive.h)
 *   remote:URL[,ms=N][,timeout=S][,ai=LEVEL]
 *                               asks another Grognard's web server for each
 *                               order (POST URL/api/move, docs/web.md): ms its
 *                               think time (default 1000), timeout the whole
 *                               request's limit in seconds (default ms/1000 +
 *                               30), ai its level or a player spec without ','
 *
 * each with its own seeded generator, so the same seed and the same game give
 * the same choices (searches with a time budget excepted). */
#ifndef GR_PLAYER_H
#define GR_PLAYER_H

#include <stdatomic.h>
#include "../engine/core/game.h"
#include "../engine/core/play.h"
#include "../engine/core/ruleset.h"

#define GR_PLAYERS_KNOWN "random, greedy, doctrine:columns, doctrine:line, doctrine:cavalry, doctrine:assault, mcts, naive, remote:URL"

typedef struct gr_player gr_player;

/* One alternative at a decision, as a search saw it. */
typedef struct gr_choice_stat {
    gr_action a;
    long visits;
    double value;           /* expected score for the side deciding, 0..1 */
    double prior;
} gr_choice_stat;

/* What a player can say about the decision it just made. */
typedef struct gr_analysis {
    int n;                  /* alternatives, most visited first */
    gr_choice_stat alt[GR_MAX_ACTIONS];
    long iterations;
    double ms;
    long nodes;             /* tree nodes in use */
    size_t node_bytes;      /* bytes per tree node */
    long cached;            /* tree steps copied from the search's state cache, not played */
} gr_analysis;

/* What a running search reports now and then (the protocol's info lines). */
typedef struct gr_search_info {
    long iterations;        /* all threads, so far */
    double ms;
    gr_action best;         /* the most visited action so far */
    double value;           /* its expected score for the side deciding */
    long visits;
} gr_search_info;

/* Control of a search from outside: a stop flag another thread may set, a
 * deadline of its own (whatever the player's budget), and a progress callback called from the search's first thread every
 * interval_s seconds (the callback must be quick and thread-safe). */
typedef struct gr_search_control {
    const atomic_int *stop;
    void (*info)(void *ctx, const gr_search_info *si);
    void *ctx;
    double interval_s;
    double deadline_s;      /* gr_now_s() time at which to stop; 0: none */
} gr_search_control;

struct gr_player {
    char name[64];          /* the spec it was made from */
    /* picks an action for the side to move; 0, or -1 with the reason */
    int (*choose)(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err);
    /* optional: tells the player an action was applied to `before` (by
     * either side), so a search can keep the part of its tree still in play */
    void (*observe)(gr_player *self, const gr_game *g, const void *before, const gr_action *a);
    /* optional: the statistics behind the last choice; 0 or -1 when none */
    int (*analysis)(gr_player *self, gr_analysis *out);
    /* optional: stop flag and progress reports for the next searches (NULL
     * removes them) */
    void (*set_control)(gr_player *self, const gr_search_control *ctl);
    void (*destroy)(gr_player *self);
    void *impl;
};

/* Makes a player from a spec for a game; NULL with the reason (the known
 * specs listed). */
gr_player *gr_player_create(const char *spec, const gr_game *g, unsigned long long seed, gr_error *err);
void gr_player_free(gr_player *p);
/* "A,B": side 0 plays A and side 1 plays B, seeded seed * 2 + 1 and
 * seed * 2 + 2, as `grognard run --players` and the protocol's
 * `setoption players` make them (the same seed, the same games). 0, or -1
 * with the reason (out[] all NULL). */
int gr_player_pair_create(const char *spec, const gr_game *g, unsigned long long seed, gr_player *out[2],
                          gr_error *err);
/* Tells a player of an applied action (nothing when it does not listen). */
void gr_player_observe(gr_player *p, const gr_game *g, const void *before, const gr_action *a);

/* The player as a chooser for the game loop (engine/core/play.h): its
 * choose and observe, named by its spec. */
gr_chooser gr_player_chooser(gr_player *p);

/* constructors of the player kinds (player.c dispatches on the spec name) */
struct gr_spec;
gr_player *gr_random_create(struct gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err);
gr_player *gr_greedy_create(struct gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err);
gr_player *gr_doctrine_create(struct gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err);
gr_player *gr_mcts_create(struct gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err);
gr_player *gr_naive_create(struct gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err);
/* the remote player reads its whole spec itself: a URL holds ':' (ai/remote.c) */
int gr_remote_spec(const char *spec);
gr_player *gr_remote_create(const char *spec, const gr_game *g, unsigned long long seed, gr_error *err);

/* Adds a search's statistics for action a to an analysis (summing with an
 * entry already there for the same action); value_sum is the sum of results.
 * gr_analysis_finish turns sums into means and sorts: most visited first,
 * then higher value. */
void gr_analysis_add(gr_analysis *an, const gr_action *a, long visits, double value_sum, double prior);
void gr_analysis_finish(gr_analysis *an);

/* allocates a player shell with its impl (zeroed); NULL with "out of memory" */
gr_player *gr_player_alloc(size_t impl_size, const char *name, gr_error *err);

#endif
