/* naive.h - the combinatorial-bandit search, after NaiveMCTS (Ontañón's
 * microRTS player), fitted to the sequential decisions of the game interface.
 *
 * A side's consecutive decisions within one turn (say, the orders of every
 * unit in a Movement Phase) form one joint choice. Each tree node is such a
 * run of decisions and holds two kinds of bandit:
 *   - local bandits, one per action seen at the node (it carries its unit),
 *     scoring each unit's order on its own;
 *   - a global bandit over the joint choices tried so far.
 * Naive sampling: with probability eps0 a new joint choice is built unit by
 * unit from the local bandits (each epsilon-greedy with eps_l, exploring by
 * the priors of ai/policy.c); otherwise the best joint choice of the global
 * bandit is replayed. Every joint choice leads to a child node (the next
 * run), playouts past the tree are cut after `horizon` player-moves and
 * scored by eval/, as in ai/mcts.h.
 *
 * Spec "naive:...": iters=N | ms=N (as mcts), eps0=X, epsl=X, horizon=N, settle=0|1 (as mcts),
 * pool=1|2 and calm=X (as mcts, but defaults 1 and 1), cache=0|1 (as mcts:
 * ai/detcache.h), quiet=0|1|2 and back=0|1 (as mcts), weights=FILE. */
#ifndef GR_NAIVE_H
#define GR_NAIVE_H

#include "player.h"

#define GR_NAIVE_EPS0 0.4
#define GR_NAIVE_EPSL 0.3
/* pool: NaiveMCTS keeps one clock per player-move, the setting it was measured with */
#define GR_NAIVE_POOL 1
/* calm: the playout weight of unit moves in simulations (policy.h gr_stop); 1 as measured */
#define GR_NAIVE_CALM 1.0
#define GR_NAIVE_MAX_RUN 64         /* decisions in one joint choice */
#define GR_NAIVE_MAX_DEPTH 8        /* joint choices walked in one iteration */
#define GR_NAIVE_MAX_ARMS 200000    /* global arms in one search */

#endif
