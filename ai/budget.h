/* budget.h - the time budget per side-turn that the searching players
 * share: a player with N ms per side-turn (player-move) splits what is left
 * of them among the decisions it still expects to take in the turn, guessed
 * from a running average of earlier turns. */
#ifndef GR_BUDGET_H
#define GR_BUDGET_H

#define GR_BUDGET_FIRST_GUESS 6.0   /* decisions a side takes in a turn, before it has seen one */
#define GR_BUDGET_FLOOR 50.0        /* no decision gets less than ms / this */
#define GR_BUDGET_AVG_KEEP 0.7      /* weight of the old average when a turn ends */

typedef struct gr_turn_budget {
    int turn;               /* the turn being played, -1 before the first */
    int decisions;          /* decisions taken in it so far */
    double spent_ms;
    double avg_decisions;   /* running average over earlier turns */
} gr_turn_budget;

void gr_budget_init(gr_turn_budget *b);
/* A decision of `turn` begins (a new turn closes the old one's count). */
void gr_budget_decision(gr_turn_budget *b, int turn);
/* Milliseconds this decision may spend out of `ms` per turn. */
double gr_budget_alloc_ms(const gr_turn_budget *b, long ms);
void gr_budget_spent(gr_turn_budget *b, double ms);

#endif
