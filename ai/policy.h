/* policy.h - cheap policies every player shares, built only on the game
 * interface's action kinds: the prior weight the search gives an action
 * before it has tried it, and the fast playout policy that finishes a
 * simulation (draws among the candidates by weight, checking only what it
 * draws). */
#ifndef GR_POLICY_H
#define GR_POLICY_H

#include "../engine/core/game.h"
#include "../engine/core/ruleset.h"
#include "../engine/core/rng.h"

/* What an action does (ai->action_info), or a manoeuvre of no unit when
 * the ruleset cannot say. */
void gr_policy_action_info(const gr_game *g, const void *state, const gr_action *a, gr_action_info *in);
/* Prior weight of one action (not normalised, > 0). */
double gr_policy_prior(const gr_game *g, const void *state, const gr_action *a);
/* Playout weight of one action (> 0): favours the cheap and decisive. */
double gr_policy_playout_weight(const gr_game *g, const void *state, const gr_action *a);
/* The same with the actions that move a unit weighted `calm` times (gr_stop). */
double gr_policy_playout_weight_calm(const gr_game *g, const void *state, const gr_action *a, double calm);
/* Draws one legal action by playout weight at the given calm (gr_stop);
 * 0, or -1 when none is legal. */
int gr_policy_playout(const gr_game *g, const void *state, gr_rng *rng, double calm, gr_action *out);

struct gr_dice;
struct gr_poscache;
/* How a simulation is played on. It stops when the turn counter (game.h
 * turn) reaches `turn` and the move's phase (game.h phase) has reached
 * `phase`; turn <= 0: no stop (the ruleset has no turn counter). `calm`
 * multiplies the playout weight of the actions that move a unit (advance,
 * withdraw, form, manoeuvre): 1 is the shared policy, less keeps the units
 * the search has not ordered nearer where they stand. */
typedef struct gr_stop {
    int turn, phase;
    double calm;
    /* -1, or a doctrine (doctrine.h gr_doctrine_kind) that the decisions of
     * `plan_side` (-1: both sides) follow instead: each candidate weighs
     * exp((its doctrine score - the best score) / GR_POLICY_PLAN_SPREAD), and
     * calm does not apply to them */
    int plan, plan_side;
} gr_stop;

/* whose simulated decisions a search's plan guides (ai/mcts.h planfor) */
typedef enum gr_plan_for {
    GR_PLAN_FOR_SELF,     /* the searching side's */
    GR_PLAN_FOR_ATTACKER, /* the searching side's when it is the scenario's attacker (game.h ai.attacker); else none */
    GR_PLAN_FOR_BOTH,     /* both sides' */
} gr_plan_for;
#define GR_PLAN_FOR_NAMES "self, attacker, both"

/* Sets stop->plan and stop->plan_side for a search from `root`: the
 * doctrine `plan` (-1: none) for the sides `who` names. */
void gr_policy_stop_plan(const gr_game *g, const void *root, int plan, gr_plan_for who, gr_stop *stop);
/* how far below the best doctrine score a candidate's weight falls to 1/e
 * (gr_stop plan): the doctrines' scores step by about 1 between a choice
 * and the next best */
#define GR_POLICY_PLAN_SPREAD 1.0
/* calm of the shared playout policy (gr_policy_stop) */
#define GR_POLICY_CALM 1.0
/* the least calm a search may ask for: every action keeps some weight */
#define GR_POLICY_CALM_MIN 0.01
/* The playout weights of n candidates with these facts when the side
 * deciding at `state` follows the stop's plan: 1 with w[i] =
 * exp((score_i - best score) / GR_POLICY_PLAN_SPREAD) (doctrine.h), else 0
 * and w untouched (no plan, or the other side's decision). */
int gr_policy_plan_weights(const gr_game *g, const void *state, const gr_stop *stop, const gr_action_info *info,
                           int n, double *w);
/* Draws one legal action as gr_policy_playout does, at the stop's calm and
 * plan; 0, or -1 when none is legal. */
int gr_policy_playout_at(const gr_game *g, const void *state, gr_rng *rng, const gr_stop *stop, gr_action *out);
/* The stop `horizon` player-moves after the position `root`; settle != 0
 * plays that move on to the ruleset's settle_phase (game.h), else the stop
 * is at its start. Its calm is GR_POLICY_CALM, and it follows no plan. */
gr_stop gr_policy_stop(const gr_game *g, const void *root, int horizon, int settle);
/* 1 when `state` is at or past the stop. */
int gr_policy_stopped(const gr_game *g, const void *state, const gr_stop *stop);
/* Plays the state on with the playout policy (at the stop's calm) until the
 * game ends, the stop is reached (NULL: none, calm 1) or max_decisions are taken. Returns the decisions
 * taken, -1 when an action was refused (never for legal actions). `memo`:
 * the calling thread's memo of the ruleset (gr_fast.memo_create; NULL none). `pos`
 * (may be NULL): a table of dice-free transitions already played
 * (poscache.h). */
int gr_policy_rollout(const gr_game *g, void *state, struct gr_dice *dice, void *memo, gr_rng *rng,
                      const gr_stop *stop, int max_decisions, struct gr_poscache *pos);

#endif
