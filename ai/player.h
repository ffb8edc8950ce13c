/* player.h - a player: something that picks the action for the side to move,
 * knowing only the game interface (engine/core/game.h). Players are made from
 * a spec string ("random"; the searching players of a later issue add
 * "greedy", "mcts:iters=5000", ...), each with its own seeded generator, so
 * the same seed and the same game give the same choices. */
#ifndef GR_PLAYER_H
#define GR_PLAYER_H

#include "../engine/core/game.h"

typedef struct gr_player gr_player;

struct gr_player {
    char name[64];          /* the spec it was made from */
    /* picks an action for the side to move; 0, or -1 with the reason */
    int (*choose)(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err);
    void (*destroy)(gr_player *self);
    void *impl;
};

/* Makes a player from a spec; NULL with the reason (the known specs listed). */
gr_player *gr_player_create(const char *spec, unsigned long long seed, gr_error *err);
void gr_player_free(gr_player *p);

/* The random player's draw, for anyone who needs one uniformly random legal
 * action: candidates are drawn without replacement until one is legal. 0, or
 * -1 when no candidate is legal. */
struct gr_rng;
int gr_random_legal(const gr_game *g, const void *state, struct gr_rng *rng, gr_action *out);

#endif
