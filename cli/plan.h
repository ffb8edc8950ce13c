/* plan.h - a side's turn in a few words, for `suggest` and the web page:
 * the orders of a turn gathered by what they do ("attack: 2e Cuirassiers on
 * the 45th; fire: Lamothe's battery at the 88th; hold: 66e Ligne"), from the
 * neutral facts every ruleset gives of an action (gr_ai_view; commanders'
 * own moves are left out, a plan being the units'); and how the battle
 * stands: each army's strength on the board against its whole strength,
 * its shaken units, and the clock of a timed end. */
#ifndef GR_PLAN_H
#define GR_PLAN_H

#include <stddef.h>
#include "../engine/core/game.h"

#define GR_PLAN_MAX 96

typedef struct gr_plan {
    int n;
    struct {
        int kind;               /* gr_action_kind */
        char unit[48], aim[48]; /* who acts, at whom ("" for none) */
    } step[GR_PLAN_MAX];
} gr_plan;

void gr_plan_init(gr_plan *p);
/* Adds action a, about to be taken in state st (an order of no unit, "done", is left out). */
void gr_plan_add(gr_plan *p, const gr_game *g, const void *st, const gr_action *a);
/* The plan in words: one clause a kind of order, "" when it holds none. */
void gr_plan_text(const gr_plan *p, char *buf, size_t cap);
/* How the battle stands in st, in one line. */
void gr_standing_text(const gr_game *g, const void *st, char *buf, size_t cap);

#endif
