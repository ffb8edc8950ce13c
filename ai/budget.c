/* budget.c - the per-side-turn time budget (budget.h). */
#include "budget.h"

#include <math.h>

void gr_budget_init(gr_turn_budget *b, int pool)
{
    b->pool = pool >= 1 && pool <= GR_BUDGET_MAX_POOL ? pool : 1;
    b->turn = -1;
    b->heavy = -1;
    b->span = 0;
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

/* The clock span a turn belongs to: the turn itself, or, pooled, the pair
 * of turns that ends with one of the heavy parity (the player's own moves,
 * where it decides most), so the light turn's leftover flows into the heavy
 * one and not the other way. Until both parities have been measured each
 * turn is its own span. */
static int span_of(const gr_turn_budget *b, int turn)
{
    if (b->pool != 2 || b->heavy < 0) return -1 - turn;
    return (turn + 1 - b->heavy) / 2;
}

void gr_budget_decision(gr_turn_budget *b, int turn, double weight)
{
    if (turn != b->turn) {
        if (b->turn >= 0 && b->decisions > 0) {
            int p = (int)((unsigned)b->turn & 1u);
            double total = b->weight_done + b->weight_now;
            b->avg_weight[p] = b->measured[p] ? GR_BUDGET_AVG_KEEP * b->avg_weight[p] + (1 - GR_BUDGET_AVG_KEEP) * total
                                              : total;
            b->measured[p] = 1;
            /* pooled, turns between the two in which this player had nothing
             * to decide weigh 0 (pool 1 keeps the last measured weight, as it
             * always has) */
            for (int t = b->turn + 1; b->pool == 2 && t < turn && t <= b->turn + 2; t++) {
                int q = (int)((unsigned)t & 1u);
                b->avg_weight[q] = b->measured[q] ? GR_BUDGET_AVG_KEEP * b->avg_weight[q] : 0.0;
                b->measured[q] = 1;
            }
        }
        /* pooled: once both parities are measured, the heavier one is the
         * player's own; the pairing starts at a light turn, so that no turn
         * spent on its own clock is counted again */
        if (b->pool == 2 && b->heavy < 0 && b->measured[0] && b->measured[1]) {
            int heavy = b->avg_weight[1] > b->avg_weight[0];
            if ((turn & 1) != heavy) b->heavy = heavy;
        }
        int span = span_of(b, turn);
        if (b->turn < 0 || span != b->span) b->spent_ms = 0;
        b->span = span;
        b->turn = turn;
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
    int pooled = b->pool == 2 && b->heavy >= 0;
    int light = pooled && (b->turn & 1) != b->heavy;
    /* pooled, a span is two turns (its light one counted even without
     * decisions, since pairing starts only at a light turn) */
    double left = (double)ms * (pooled ? 2 : 1) - b->spent_ms;
    double rest = b->avg_weight[(unsigned)b->turn & 1u] - b->weight_done; /* this decision's and those still to come */
    if (rest < b->weight_now) rest = b->weight_now;
    /* pooled, the light move leaves the heavy one that follows its expected share */
    if (light) rest += b->avg_weight[b->heavy];
    double alloc = rest > 0 ? left * b->weight_now / rest : left;
    double floor_ms = (double)ms / GR_BUDGET_FLOOR;
    return alloc < floor_ms ? floor_ms : alloc;
}

void gr_budget_spent(gr_turn_budget *b, double ms) { b->spent_ms += ms; }
