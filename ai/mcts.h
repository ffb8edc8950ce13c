/* mcts.h - open-loop Monte Carlo tree search over the decision sequence.
 *
 * The tree holds decisions, not dice: every iteration starts from the real
 * position, draws fresh dice, walks down by PUCT (priors from ai/policy.c,
 * children opened by progressive widening), adds one node, plays on with the
 * playout policy until `horizon` player-moves have passed, and scores the end
 * with eval/ (or the result, when the game ended). Root-parallel threads each
 * grow their own tree; their root statistics are summed before choosing the
 * most visited action. The tree is kept between decisions of the same turn
 * (ai/player.h observe), and dropped when the turn changes.
 *
 * Spec options (player spec "mcts:..."):
 *   iters=N      iterations per decision, all threads together (deterministic)
 *   ms=N         milliseconds per side-turn (player-move), shared among its decisions
 *   dms=N        milliseconds for each decision, whatever the turn holds (the
 *                hints of play and assist: a reaction searched as long as a move)
 *   pool=1|2     player-moves one clock spans (ai/budget.h; default 2: the
 *                other side's move and the player's own share 2 x ms by weight)
 *   threads=N    root-parallel threads (default 1)
 *   c=X          PUCT exploration constant
 *   horizon=N    player-moves simulated before the evaluation (default 1)
 *   settle=0|1   play the move after the horizon on to the ruleset's
 *                settle_phase (game.h; fogn: through the other side's
 *                assaults and both sides' fire) before the evaluation;
 *                by default the weights' "search": {"settle": ...} (eval.h),
 *                else GR_MCTS_SETTLE (Lasalle's weights ask for 1)
 *   pw=X, pwexp=X  progressive widening: open ceil(pw * visits^pwexp) children
 *   nodes=N      most tree nodes per thread
 *   reuse=0|1    keep the tree between decisions of one turn
 *   cache=0|1    copy states reached on dice-free paths instead of replaying
 *                them (ai/detcache.h, ai/poscache.h) and give the ruleset a
 *                memo (game.h memo_create); the same search either way, only faster
 *   qnorm=0|1    stretch the children's mean values to [0, 1] before PUCT
 *   qspan=X      the least span qnorm divides by (ai/tree.c)
 *   calm=X       in simulations, the playout weight of orders that move a
 *                unit is multiplied by X (0.01 to 1, default 0.1; policy.h gr_stop)
 *   plan=NAME    in simulations, the searching side's decisions follow a
 *                doctrine (columns, line, cavalry, assault; doctrine.h):
 *                the doctrine's best choice weighs 1, the others less by
 *                their score (policy.h gr_stop); `none`: no plan; default
 *                the weights' "search" plan (eval.h), else none
 *   planfor=WHO  whose simulated decisions follow the plan (policy.h
 *                gr_plan_for): self (default), attacker (the searching
 *                side's when the scenario makes it the attacker, game.h
 *                ai.attacker; else none), both; default the weights'
 *                "search" planfor, else self
 *   quiet=0|1|2  1: a battery's move of any kind is played only when the
 *                search tells it apart from the battery's hold; 2: every
 *                unit's turns, wheels and falls back too (ai/quiet.h)
 *   back=0|1     from quiet=1 up, also an order that takes a unit back the
 *                way it went in its side's last move (ai/quiet.h)
 *   weights=FILE evaluation weights
 * Without iters or ms the budget is GR_MCTS_DEFAULT_MS per side-turn. */
#ifndef GR_MCTS_H
#define GR_MCTS_H

#include "player.h"

#define GR_MCTS_DEFAULT_MS 1000
#define GR_MCTS_C 1.4
#define GR_MCTS_HORIZON 1
/* settle: stop simulations at the ruleset's settle_phase of the move after the horizon (mcts.c);
 * the default when neither the spec nor the ruleset's weights say */
#define GR_MCTS_SETTLE 0
/* endgame: player-moves before a timed end from which simulations run to the end (mcts.c) */
#define GR_MCTS_ENDGAME 0
/* qnorm: stretch the children's means to [0, 1] before PUCT (mcts.c) */
#define GR_MCTS_QNORM 1
/* pool: player-moves whose time one clock shares (ai/budget.h); 2, the
 * stronger setting measured in docs/results.md ("One clock for a game turn") */
#define GR_MCTS_POOL 2
/* qspan: the least span qnorm divides the means by (ai/tree.c) */
#define GR_MCTS_QSPAN 0.0
/* calm: factor on the playout weight of unit moves in simulations (ai/policy.h);
 * 0.1 with pool 2, measured in docs/results.md ("Calm simulations") */
#define GR_MCTS_CALM 0.1
/* quiet: a unit's shift must stand clear of its hold (ai/quiet.h) */
#define GR_MCTS_QUIET 1
/* back: so must an order that takes a unit back the way it came (ai/quiet.h) */
#define GR_MCTS_BACK 1
#define GR_MCTS_PW 2.0
#define GR_MCTS_PW_EXP 0.5
#define GR_MCTS_MAX_NODES (1 << 21)
#define GR_MCTS_MAX_THREADS 64
#define GR_MCTS_MAX_PLAYOUT 400      /* safety bound on one simulation's decisions */

#endif
