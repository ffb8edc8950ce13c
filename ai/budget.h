/* budget.h - the time budget per side-turn that the searching players
 * share: a player with N ms per side-turn (player-move) splits what is left
 * of them among the decisions it still expects to take.
 *
 * Decisions are not alike: a commander's choice among four ways to spend a
 * command point needs less search than a brigade's choice among twenty
 * orders. Each decision weighs gr_budget_weight(legal actions) and gets the
 * share of the time left that its weight is of the weight still expected.
 * The weight a turn holds is a running average over earlier turns, kept
 * apart for odd and even turns: where the sides take turns, a player decides
 * much more in its own player-moves than in the other side's (reactions,
 * return fire), and one average for both would hand the first decisions of
 * its own move most of the time and starve the rest.
 *
 * The clock runs over `pool` player-moves. With pool 1 every player-move
 * has its own N ms, so the three or four reactions a player takes in the
 * other side's move share a whole N ms between them. With pool 2 a
 * light player-move (the other side's, where the player only reacts) and
 * the heavy one that follows it (its own) share 2N ms by weight: the same
 * time over a game, spent where the decisions are. Which parity is heavy is
 * learnt from the first turns' weights; until a light turn after that, each
 * turn has its own N ms. */
#ifndef GR_BUDGET_H
#define GR_BUDGET_H
#define GR_BUDGET_FIRST_GUESS 60.0  /* weight of a turn before one was measured (20 decisions of 10 actions) */
#define GR_BUDGET_FLOOR 50.0        /* no decision gets less than ms / this */
#define GR_BUDGET_AVG_KEEP 0.7      /* weight of the old average when a turn ends */
#define GR_BUDGET_MAX_POOL 2        /* player-moves one clock may span */
typedef struct gr_turn_budget {
    int pool;               /* player-moves sharing one clock: 1 or 2 */
    int turn;               /* the turn being played, -1 before the first */
    int heavy;              /* pooled: the parity of the player's own moves (the heavier), -1 until known */
    int span;               /* the clock span of `turn` */
    int decisions;          /* decisions taken in it so far */
    double weight_done;     /* weight of this turn's decisions before the current one */
    double weight_now;      /* the current decision's weight */
    double spent_ms;        /* spent in this clock's span so far */
    double avg_weight[2];   /* a turn's total weight, running average by the turn's parity */
    int measured[2];        /* 1 once a turn of that parity has been seen whole */
} gr_turn_budget;
/* pool: player-moves per clock, 1 to GR_BUDGET_MAX_POOL (out of range: 1) */
void gr_budget_init(gr_turn_budget *b, int pool);
/* The weight of a decision among `nlegal` actions: 0 for one (no search),
 * else sqrt(nlegal - 1). */
double gr_budget_weight(int nlegal);
/* A decision of `turn` with this weight begins (a new turn closes the old one). */
void gr_budget_decision(gr_turn_budget *b, int turn, double weight);
/* Milliseconds the current decision may spend, out of `ms` per player-move
 * (pool x ms over the clock's span). */
double gr_budget_alloc_ms(const gr_turn_budget *b, long ms);
void gr_budget_spent(gr_turn_budget *b, double ms);
#endif
