/* order_note.c - the note `list` prints beside an order that needs a test
 * (order_note.h): a movement or building order whose plan is Complex names
 * the CMT's dice and score, who pays the command points, and the reason. */
#include "order_note.h"
#include "building.h"
#include "cmt.h"
#include "move.h"
#include "names.h"
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

/* what "done" does to the decisions of this step still open: the rules' default for each */
static void done_note(const fogn_scenario *s, const fogn_state *st, char *buf, size_t cap)
{
    switch (st->turn.step) {
    case FOGN_ST_CMD_ALLOC: snprintf(buf, cap, "the corps commander keeps the points not given"); break;
    case FOGN_ST_AS_DECLARE: snprintf(buf, cap, "the units not yet asked declare no assault"); break;
    case FOGN_ST_AS_REACT: {
        gr_action menu[GR_MAX_ACTIONS];
        int n = fogn_as_react_actions(s, st, menu, GR_MAX_ACTIONS);
        const char *first = n > 1 && menu[1].type == FOGN_A_REACT ? fogn_reaction_name(menu[1].arg) : "its first";
        snprintf(buf, cap, "this target and the others still to react take the first reaction listed (%s here), "
                 "the rules' default", first);
        break;
    }
    case FOGN_ST_AS_INTERCEPT: snprintf(buf, cap, "no more intercepts"); break;
    case FOGN_ST_AS_PRESS:
        snprintf(buf, cap, "the assaulters still to decide do not press on: infantry stays 2 MU off, cavalry falls "
                 "back to 3 MU (6.10)");
        break;
    case FOGN_ST_FI_ALLOC_A:
    case FOGN_ST_FI_ALLOC_N:
        snprintf(buf, cap, "every unit not yet given an order fires at the targets the rules give it (7.6); "
                 "'hold' keeps a unit's fire for close range");
        break;
    case FOGN_ST_MV_UNITS: snprintf(buf, cap, "the units and commanders not yet moved stay where they are"); break;
    case FOGN_ST_CO_PURSUE:
        snprintf(buf, cap, "each unit still to choose does the rules' default: cavalry pursues, infantry pursues "
                 "unless it passes a CMT not to (9.12)");
        break;
    case FOGN_ST_RE_CMDR: snprintf(buf, cap, "the commanders not yet moved stay"); break;
    case FOGN_ST_RE_RALLY: snprintf(buf, cap, "no more rallies or recoveries this phase"); break;
    default: break;
    }
}

void fogn_order_note(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    char why[128];
    if (!cap) return;
    if (a->type == FOGN_A_DONE) {
        done_note(s, st, buf, cap);
        return;
    }
    if (a->type == FOGN_A_HOLD && (st->turn.step == FOGN_ST_FI_ALLOC_A || st->turn.step == FOGN_ST_FI_ALLOC_N)) {
        snprintf(buf, cap, "holds its fire unless a target is at close range");
        return;
    }
    if (!complex_why(s, st, a, why, sizeof why)) return;
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
