/* budget.c - the per-side-turn time budget (budget.h). */
#include "budget.h"

void gr_budget_init(gr_turn_budget *b)
{
    b->turn = -1;
    b->decisions = 0;
    b->spent_ms = 0;
    b->avg_decisions = GR_BUDGET_FIRST_GUESS;
}

void gr_budget_decision(gr_turn_budget *b, int turn)
{
    if (turn != b->turn) {
        if (b->decisions > 0)
            b->avg_decisions = GR_BUDGET_AVG_KEEP * b->avg_decisions + (1 - GR_BUDGET_AVG_KEEP) * b->decisions;
        b->turn = turn;
        b->spent_ms = 0;
        b->decisions = 0;
    }
    b->decisions++;
}

double gr_budget_alloc_ms(const gr_turn_budget *b, long ms)
{
    double est = b->avg_decisions - (b->decisions - 1);
    if (est < 1) est = 1;
    double alloc = ((double)ms - b->spent_ms) / est;
    double floor_ms = (double)ms / GR_BUDGET_FLOOR;
    return alloc < floor_ms ? floor_ms : alloc;
}

void gr_budget_spent(gr_turn_budget *b, double ms) { b->spent_ms += ms; }
