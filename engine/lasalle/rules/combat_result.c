/* combat_result.c - the results of a combat [E Combat Results, p.59-60;
 * D Fall Back, p.37-41]: a decisive loss breaks the defender or sends each
 * attacker back with a DISR; an inconclusive loss costs each loser a DISR
 * and a fall-back, unless it is one of the units that never fall back, in
 * which case the winners retire; victorious cavalry takes a DISR unless it
 * would break. The fall-backs are owed here (lasalle_state.fb_due) and
 * made in the fall-back step, in the order and ways their player chooses
 * (fallback_step.c), which then has the winners retire or advance and
 * marks the combat's broken units Overrun. */
#include "combat.h"
#include "fallback.h"
#include "fallback_step.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"
#include "works.h"

#include <stdio.h>

int lasalle_combat_exempt(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    int form = st->u[i].form, touch[LASALLE_MAX_UNITS];
    if (form == LASALLE_SQUARE || form == LASALLE_UNLIMBERED) return 1;
    if (form == LASALLE_TOWN) return 1; /* it keeps its buildings [G Towns, p.69] */
    if (p->type == LASALLE_INF) {
        /* infantry fighting cavalry, or still to fight it this phase */
        int n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
        for (int k = 0; k < n; k++)
            if (s->units[touch[k]].type == LASALLE_CAV) return 1;
    }
    /* units holding entrenchments: works made in play [H, p.75, p.78], or one drawn on the table */
    return lasalle_holds_works(s, st, i);
}

/* unit i owes a fall-back as a combat result, made in the fall-back step */
static void owe(lasalle_state *st, int i) { st->fb_due |= (uint64_t)1 << i; }

/* victorious cavalry takes a DISR, skipped if it would break it [E, p.59] */
static void winner_disr(const lasalle_scenario *s, lasalle_state *st, const int *w, int nw, gr_log *log)
{
    for (int k = 0; k < nw; k++) {
        int i = w[k];
        if (!lasalle_alive(st, i) || s->units[i].type != LASALLE_CAV) continue;
        if (st->u[i].disr + 1 >= s->units[i].nbases) continue;
        lasalle_add_disr(s, st, i, 1, "for its victory (E, p.59)", log);
    }
}

static int decisive_result(const lasalle_scenario *s, lasalle_state *st, const lasalle_side_of_combat *c,
                           int defender_won, const gr_ctx *cx)
{
    gr_log *log = cx ? cx->log : NULL;
    if (!defender_won) {
        lasalle_break(s, st, c->d, "in a decisive defeat (E, p.59)", log);
        winner_disr(s, st, c->att, c->natt, log);
        st->fb_then = LASALLE_FB_THEN_ADVANCE;
        return 0;
    }
    int countercharger = (st->u[c->d].flags & LASALLE_UF_COUNTERCHARGER) != 0;
    for (int k = 0; k < c->natt; k++) {
        int a = c->att[k];
        if (!lasalle_alive(st, a)) continue;
        if (s->units[a].type == LASALLE_ART || countercharger) {
            lasalle_break(s, st, a, countercharger ? "against the countercharge (E, p.59)" : "in a decisive defeat "
                                                                                           "(E, p.59)", log);
            continue;
        }
        if (lasalle_add_disr(s, st, a, 1, "in a decisive defeat (E, p.59)", log)) continue;
        if (!lasalle_combat_exempt(s, st, a)) owe(st, a);
    }
    winner_disr(s, st, &c->d, 1, log);
    return 0;
}

static int inconclusive_result(const lasalle_scenario *s, lasalle_state *st, const lasalle_side_of_combat *c,
                               int defender_won, const gr_ctx *cx)
{
    gr_log *log = cx ? cx->log : NULL;
    const int *lose = defender_won ? c->att : &c->d, *win = defender_won ? &c->d : c->att;
    int nl = defender_won ? c->natt : 1, nw = defender_won ? 1 : c->natt, stayed = 0;
    for (int k = 0; k < nl; k++) lasalle_add_disr(s, st, lose[k], 1, "for losing the combat (E, p.59)", log);
    for (int k = 0; k < nl; k++) {
        int i = lose[k];
        if (!lasalle_alive(st, i)) continue;
        if (lasalle_combat_exempt(s, st, i)) {
            stayed = 1;
            gr_log_add(log, GR_EV_NOTE, s->units[i].side, "%s holds its ground: it does not fall back (E, p.60)",
                       s->units[i].name);
            continue;
        }
        owe(st, i);
    }
    winner_disr(s, st, win, nw, log);
    /* a loser that stayed makes the winners retire instead [E, p.60; ruling A-15], once the losers have gone */
    if (stayed) st->fb_then = defender_won ? LASALLE_FB_THEN_DEFENDER_RETIRES : LASALLE_FB_THEN_ATTACKERS_RETIRE;
    else if (!defender_won) st->fb_then = LASALLE_FB_THEN_ADVANCE;
    return 0;
}

int lasalle_combat_results(const lasalle_scenario *s, lasalle_state *st, const lasalle_side_of_combat *c,
                           int defender_won, int decisive, const gr_ctx *cx)
{
    st->fb_due = 0;
    st->fb_then = LASALLE_FB_THEN_NOTHING;
    st->fb_def = (int8_t)c->d;
    st->fb_att = 0;
    for (int k = 0; k < c->natt; k++) st->fb_att |= (uint64_t)1 << c->att[k];
    return decisive ? decisive_result(s, st, c, defender_won, cx) : inconclusive_result(s, st, c, defender_won, cx);
}
