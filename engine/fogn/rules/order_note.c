/* order_note.c - the note `list` prints beside an order that needs a test
 * (order_note.h): a movement or building order whose plan is Complex names
 * the CMT's dice and score, who pays the command points, and the reason. */
#include "order_note.h"
#include "building.h"
#include "cmt.h"
#include "move.h"
#include "orders.h"
#include "steps.h"
#include "turn.h"

#include <stdio.h>

/* is the order Complex? 1 with the reason in why, 0 not (or not a move at all) */
static int complex_why(const fogn_scenario *s, const fogn_state *st, const gr_action *a, char *why, size_t cap)
{
    if (fogn_bld_order(a)) {
        fogn_bld_plan bp;
        if (fogn_bld_check(s, st, a, &bp, NULL) || !bp.complex) return 0;
        snprintf(why, cap, "%s", bp.why);
        return 1;
    }
    if (st->turn.step != FOGN_ST_MV_UNITS || a->actor < 0 || a->actor >= s->nunits) return 0;
    fogn_move m;
    fogn_move_plan plan;
    int have = 0;
    if (fogn_action_to_move_planned(s, st, a, &m, &plan, &have, NULL)) return 0;
    if (!have && fogn_move_check(s, st, &m, &plan, NULL)) return 0;
    if (!plan.complex) return 0;
    snprintf(why, cap, "%s", plan.why_complex);
    return 1;
}

void fogn_order_note(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    char why[128];
    if (!cap || !complex_why(s, st, a, why, sizeof why)) return;
    const fogn_unit_profile *p = &s->units[a->actor];
    fogn_cmt_cost c;
    if (fogn_cmt_cost_of(s, st, a->actor, &c, NULL)) return;
    char pay[96] = "no CP";
    if (c.cmdr >= 0 && !c.free && c.cp > 0)
        snprintf(pay, sizeof pay, "%d CP of %s", c.cp, s->cmdrs[c.cmdr].name);
    else if (c.free)
        snprintf(pay, sizeof pay, "no CP (the first test of a led unit)");
    int n = fogn_cmt_dice(p);
    snprintf(buf, cap, "CMT: %d di%s at %d+%s, %s; %s", n, n == 1 ? "e" : "ce", c.led ? 4 : 5, c.led ? " (led)" : "",
             pay, why);
}

void fogn_prompt_note(const void *scn, const void *state, char *buf, size_t cap)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    if (!cap) return;
    buf[0] = '\0';
    int side = fogn_to_move(s, st);
    if (side != 0 && side != 1) return;
    size_t n = 0;
    for (int c = 0; c < s->ncmdrs && n < cap; c++) {
        const fogn_cmdr *cm = &st->c[c];
        if (s->cmdrs[c].side != side || !(cm->flags & FOGN_CF_ON_TABLE) || (cm->flags & FOGN_CF_CASUALTY)) continue;
        n += (size_t)snprintf(buf + n, cap - n, "%s%s %d", n ? ", " : "CP ", s->cmdrs[c].name, cm->cp);
    }
}
