/* explain.h - a one-line reason for an order, in a wargamer's terms: what
 * happens to the enemy it is aimed at (and to the unit itself) over the rest
 * of the turn, counted over simulations with fresh dice and the playout
 * policy for everything else. Uses only the game interface. */
#ifndef GR_EXPLAIN_H
#define GR_EXPLAIN_H

#include "player.h"

typedef struct gr_explanation {
    int sims;
    int enemy, unit;            /* the target and the actor, -1 when none */
    double enemy_worse;         /* share of simulations where the target lost cohesion */
    double enemy_broken;        /* ... where it ended Broken or gone */
    double unit_worse;          /* ... where the acting unit lost cohesion */
    char text[256];
} gr_explanation;

/* Simulates `sims` times from state after action a to the end of the turn
 * and writes the reason (expected score `value` for the side deciding is
 * quoted when >= 0). 0, or -1 when the action is refused. */
int gr_explain(const gr_game *g, const void *state, const gr_action *a, double value, int sims,
               unsigned long long seed, gr_explanation *out);

#endif
