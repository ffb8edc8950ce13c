/* cohesion.c - cohesion levels and what changes them (§2.6, §11, §12.3):
 * losing levels, breaking (attachments lost, friends nearby shaken), being
 * destroyed, and the 5+ cohesion tests owed by units, taken in a batch when
 * the rules say (after a step's firing or fighting), cascades included. */
#include "cohesion.h"
#include "outcome.h"
#include "tables.h"
#include "view.h"
#include "cmt.h"
#include "loc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

bool fogn_attach_working(const fogn_unit_profile *p, const fogn_unit *u, int k)
{
    return p->attach[k] != FOGN_ATT_NONE && !(u->att_lost & (1u << k));
}

bool fogn_has_attach(const fogn_unit_profile *p, const fogn_unit *u, fogn_attach kind)
{
    for (int k = 0; k < 2; k++)
        if (p->attach[k] == kind && fogn_attach_working(p, u, k)) return true;
    return false;
}

void fogn_ct_owe(fogn_state *st, int unit)
{
    if (st->u[unit].ct_due < 255) st->u[unit].ct_due++;
}

/* friends within `range` MU of the unit (footprint to footprint) */
static void shake_friends(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[unit];
    gr_rect r[2];
    int nr = fogn_unit_rects(p, &st->u[unit], r);
    int guard = (p->caps & FOGN_CAP_GUARD) != 0;
    for (int j = 0; j < s->nunits; j++) {
        if (j == unit || s->units[j].side != p->side || !fogn_unit_alive(&st->u[j])) continue;
        if (st->u[j].cohesion == FOGN_BROKEN) continue;
        /* §11.1: Guard units do not test for broken non-Guard friends */
        if ((s->units[j].caps & FOGN_CAP_GUARD) && !guard) continue;
        gr_rect f[2];
        int nf = fogn_unit_rects(&s->units[j], &st->u[j], f);
        double d = INFINITY;
        for (int a = 0; a < nr; a++)
            for (int b = 0; b < nf; b++) {
                double x = gr_rect_dist(&r[a], &f[b]);
                if (x < d) d = x;
            }
        if (d <= FOGN_BREAK_SHAKE_RANGE + GR_EPS) {
            fogn_ct_owe(st, j);
            gr_log_add(log, GR_EV_NOTE, s->units[j].side, "%s must test: %s broke %.1f MU away", s->units[j].name,
                       p->name, d);
        }
    }
}

/* does this unit's breaking (or destruction) shake its friends? §11.1: not
 * Broken skirmish infantry, not artillery */
static int shakes_friends(const fogn_unit_profile *p, const fogn_unit *u)
{
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    if (arm == FOGN_ARM_ART) return 0;
    if (arm == FOGN_ARM_INF && (u->formation == FOGN_F_SKIRMISH || u->formation == FOGN_F_SKIRMISH_LINE)) return 0;
    return 1;
}

void fogn_unit_broke(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[unit];
    fogn_unit *u = &st->u[unit];
    /* §12.3: a Broken unit keeps only skirmisher attachments; the rest are gone */
    for (int k = 0; k < 2; k++) {
        fogn_attach a = (fogn_attach)p->attach[k];
        if (a != FOGN_ATT_NONE && a != FOGN_ATT_SKIRMISHERS && a != FOGN_ATT_RIFLE_SKIRMISHERS)
            u->att_lost |= (uint8_t)(1u << k);
    }
    u->ct_due = 0; /* a Broken unit takes no more tests */
    u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
    if (shakes_friends(p, u)) shake_friends(s, st, unit, log);
}

int fogn_lose(const fogn_scenario *s, fogn_state *st, int unit, int n, gr_log *log, const char *why)
{
    const fogn_unit_profile *p = &s->units[unit];
    fogn_unit *u = &st->u[unit];
    if (n <= 0 || !fogn_unit_alive(u)) return u->cohesion;
    if (u->flags & FOGN_UF_ABANDONED) {
        /* §12.4: abandoned guns count losses; more than 3 and they are lost */
        u->gun_losses = (uint8_t)(u->gun_losses + n);
        gr_log_add(log, GR_EV_MOVE, p->side, "the abandoned guns of %s take %d more loss%s (%d) (%s)", p->name, n,
                   n > 1 ? "es" : "", u->gun_losses, why);
        if (u->gun_losses > FOGN_GUN_LOSSES_MAX) fogn_destroy(s, st, unit, log, "abandoned guns lost");
        return u->cohesion;
    }
    int old = u->cohesion;
    if (old == FOGN_BROKEN) return old;
    int nw = old + n > FOGN_BROKEN ? FOGN_BROKEN : old + n;
    u->cohesion = (uint8_t)nw;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s loses %d cohesion level%s: %s -> %s (%s)", p->name, nw - old,
               nw - old > 1 ? "s" : "", fogn_cohesion_name((fogn_cohesion)old), fogn_cohesion_name((fogn_cohesion)nw),
               why);
    if (nw == FOGN_BROKEN) fogn_unit_broke(s, st, unit, log);
    return nw;
}

void fogn_destroy(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log, const char *why)
{
    const fogn_unit_profile *p = &s->units[unit];
    fogn_unit *u = &st->u[unit];
    if (!fogn_unit_alive(u)) return;
    int was_broken = u->cohesion == FOGN_BROKEN;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s is destroyed (%s)", p->name, why);
    /* §11.1: friends test as if it had broken, unless they did when it broke */
    if (!was_broken && shakes_friends(p, u)) shake_friends(s, st, unit, log);
    fogn_remove_unit(s, st, unit);
    u->flags &= ~(uint32_t)FOGN_UF_ASSAULTING;
    u->ct_due = 0;
}

/* §11.2 dice for a cohesion test of this unit; *autofail set for a Conscript
 * in Extended Line without support or a defensive position */
int fogn_ct_dice(const fogn_scenario *s, const fogn_state *st, int unit, int *autofail)
{
    const fogn_unit_profile *p = &s->units[unit];
    const fogn_unit *u = &st->u[unit];
    fogn_ct_ctx c;
    memset(&c, 0, sizeof c);
    int leader = fogn_leader_of(s, st, unit);
    c.charismatic = leader >= 0 && (st->c[leader].flags & FOGN_CF_CHARISMATIC) && !(st->c[leader].flags & FOGN_CF_CASUALTY);
    c.defensive = fogn_defensive_position(s, st, unit);
    c.rear_support = fogn_rear_supported(s, st, unit);
    return fogn_ct_dice_for(p, (fogn_formation)u->formation, &c, autofail);
}

int fogn_cohesion_test(const fogn_scenario *s, const fogn_state *st, int unit, int score, gr_dice *dice, gr_log *log,
                       const char *what)
{
    const fogn_unit_profile *p = &s->units[unit];
    int autofail = 0;
    int n = fogn_ct_dice(s, st, unit, &autofail);
    if (fogn_loc_occupied(s, st, p->side)) score++; /* §13: own LOC lost */
    if (autofail || score > 6) {
        gr_log_add(log, GR_EV_TEST, p->side, "%s fails the cohesion test to %s without rolling (%s)", p->name, what,
                   autofail ? "Conscripts in Extended Line" : "its line of communications is occupied");
        return 0;
    }
    return fogn_roll_test(p->side, p->name, n, score, fogn_elan_level(p), dice, log, "cohesion test", what);
}

int fogn_ct_run(const fogn_scenario *s, fogn_state *st, int first_side, gr_dice *dice, gr_log *log)
{
    /* cascades: a unit that breaks makes friends owe tests, even ones that
     * passed already; every pass strictly lowers the debts or breaks units,
     * so this ends (bounded anyway) */
    for (int round = 0; round < 4 * FOGN_MAX_UNITS; round++) {
        int any = 0;
        for (int k = 0; k < 2; k++) {
            int side = k == 0 ? first_side : first_side ^ 1;
            for (int i = 0; i < s->nunits; i++) {
                fogn_unit *u = &st->u[i];
                if (s->units[i].side != side || !u->ct_due) continue;
                if (!fogn_unit_alive(u) || u->cohesion == FOGN_BROKEN || (u->flags & FOGN_UF_ABANDONED)) {
                    u->ct_due = 0;
                    continue;
                }
                u->ct_due--;
                any = 1;
                int pass = fogn_cohesion_test(s, st, i, FOGN_CT_SCORE, dice, log, "hold together");
                if (pass < 0) return -1;
                if (!pass) fogn_lose(s, st, i, 1, log, "failed cohesion test");
            }
        }
        if (!any) return 0;
    }
    return 0;
}
