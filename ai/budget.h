/* budget.h - the time budget per side-turn that the searching players
 * share: a player with N ms per side-turn (player-move) splits what is left
 * of them among the decisions it still expects to take in that turn.
 *
 * Decisions are not alike: a commander's choice among four ways to spend a
 * command point needs less search than a brigade's choice among twenty
 * orders. Each decision weighs gr_budget_weight(legal actions) and gets the
 * share of the time left that its weight is of the weight still expected.
 * The weight a turn holds is a running average over earlier turns, kept
 * apart for odd and even turns: where the sides take turns, a player decides
 * much more in its own player-moves than in the other side's (reactions,
 * return fire), and one average for both would hand the first decisions of
 * its own move most of the time and starve the rest. */
#ifndef GR_BUDGET_H
#define GR_BUDGET_H
#define GR_BUDGET_FIRST_GUESS 60.0  /* weight of a turn before one was measured (20 decisions of 10 actions) */
#define GR_BUDGET_FLOOR 50.0        /* no decision gets less than ms / this */
#define GR_BUDGET_AVG_KEEP 0.7      /* weight of the old average when a turn ends */
typedef struct gr_turn_budget {
    int turn;               /* the turn being played, -1 before the first */
    int decisions;          /* decisions taken in it so far */
    double weight_done;     /* weight of this turn's decisions before the current one */
    double weight_now;      /* the current decision's weight */
    double spent_ms;
    double avg_weight[2];   /* a turn's total weight, running average by the turn's parity */
    int measured[2];        /* 1 once a turn of that parity has been seen whole */
} gr_turn_budget;
void gr_budget_init(gr_turn_budget *b);
/* The weight of a decision among `nlegal` actions: 0 for one (no search),
 * else sqrt(nlegal - 1). */
double gr_budget_weight(int nlegal);
/* A decision of `turn` with this weight begins (a new turn closes the old one). */
void gr_budget_decision(gr_turn_budget *b, int turn, double weight);
/* Milliseconds the current decision may spend out of `ms` per turn. */
double gr_budget_alloc_ms(const gr_turn_budget *b, long ms);
void gr_budget_spent(gr_turn_budget *b, double ms);
#endif
