/* budget.c - the per-side-turn time budget (budget.h). */
#include "budget.h"

#include <math.h>

void gr_budget_init(gr_turn_budget *b)
{
    b->turn = -1;
    b->decisions = 0;
    b->weight_done = 0;
    b->weight_now = 0;
    b->spent_ms = 0;
    for (int p = 0; p < 2; p++) {
        b->avg_weight[p] = GR_BUDGET_FIRST_GUESS;
        b->measured[p] = 0;
    }
}

double gr_budget_weight(int nlegal) { return nlegal > 1 ? sqrt((double)(nlegal - 1)) : 0.0; }

void gr_budget_decision(gr_turn_budget *b, int turn, double weight)
{
    if (turn != b->turn) {
        if (b->turn >= 0 && b->decisions > 0) {
            int p = (int)((unsigned)b->turn & 1u);
            double total = b->weight_done + b->weight_now;
            b->avg_weight[p] = b->measured[p] ? GR_BUDGET_AVG_KEEP * b->avg_weight[p] + (1 - GR_BUDGET_AVG_KEEP) * total
                                              : total;
            b->measured[p] = 1;
        }
        b->turn = turn;
        b->spent_ms = 0;
        b->decisions = 0;
        b->weight_done = 0;
        b->weight_now = 0;
    }
    b->weight_done += b->weight_now;
    b->weight_now = weight;
    b->decisions++;
}

double gr_budget_alloc_ms(const gr_turn_budget *b, long ms)
{
    double left = (double)ms - b->spent_ms;
    double rest = b->avg_weight[(unsigned)b->turn & 1u] - b->weight_done; /* this decision's and those still to come */
    if (rest < b->weight_now) rest = b->weight_now;
    double alloc = rest > 0 ? left * b->weight_now / rest : left;
    double floor_ms = (double)ms / GR_BUDGET_FLOOR;
    return alloc < floor_ms ? floor_ms : alloc;
}

void gr_budget_spent(gr_turn_budget *b, double ms) { b->spent_ms += ms; }
