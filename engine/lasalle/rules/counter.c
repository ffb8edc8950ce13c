/* counter.c - countercharges in the Reaction Phase [D Countercharge, p.36]:
 * cavalry of the moving side not in contact, in command, not in March, not
 * one DISR from breaking, charges an enemy unit that is now in contact with
 * friends, with the usual limited wheel and straight run, touching no enemy
 * that is not so engaged; the closest such target within 4 BW to its front
 * is mandatory (ruling A-25). A passed discipline test lets it go; it then
 * defends in the coming Combat Phase as a countercharger. */
#include "react.h"
#include "charge.h"
#include "command.h"
#include "footprint.h"
#include "menu.h"
#include "tables.h"
#include "turn.h"

#include <math.h>
#include <stdio.h>

#define DEG (GR_PI / 180.0)

/* enemy j is in contact with some unit of the moving side */
static int engaged(const lasalle_scenario *s, const lasalle_state *st, int j)
{
    int touch[1];
    return lasalle_alive(st, j) && lasalle_contacts(s, st, j, touch, 1) > 0;
}

static int may_counter(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    int touch[1];
    return p->side == st->active && p->type == LASALLE_CAV && lasalle_alive(st, i) && !(u->flags & LASALLE_UF_REACTED) &&
           u->form != LASALLE_MARCH && u->disr + 1 < p->nbases && !lasalle_contacts(s, st, i, touch, 1) &&
           lasalle_in_command(s, st, i);
}

/* the countercharge of i on j: a charge whose every contact is an engaged enemy */
static int counter_find(const lasalle_scenario *s, const lasalle_state *st, int i, int j, double wheel, int search,
                        lasalle_charge *c)
{
    if (!engaged(s, st, j)) return -1;
    /* a search finds nothing beyond the charge's allowance: the target's checks are not asked */
    if (search && lasalle_charge_in_reach(s, st, i, j)) return -1;
    if (lasalle_may_target(s, st, i, j, NULL)) return -1;
    if (search ? lasalle_charge_find(s, st, i, j, c) : lasalle_charge_try(s, st, i, j, wheel, c, NULL)) return -1;
    for (int k = 0; k < c->sw.ncontact; k++)
        if (!engaged(s, st, c->sw.contact[k]) || lasalle_may_target(s, st, i, c->sw.contact[k], NULL)) return -1;
    return 0;
}

/* the targets it may countercharge now, at most max of them, with each one's
 * wheel; the mandatory rule among them */
static int counter_targets(const lasalle_scenario *s, const lasalle_state *st, int i, int *out, double *wheel,
                           int max)
{
    gr_rect h = lasalle_hull(s, st, i);
    double dist[LASALLE_MAX_UNITS], turn[LASALLE_MAX_UNITS], best = INFINITY;
    int cand[LASALLE_MAX_UNITS], nc = 0;
    for (int j = 0; j < s->nunits && nc < LASALLE_MAX_UNITS; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        lasalle_charge c;
        if (counter_find(s, st, i, j, 0, 1, &c)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        gr_vec2 gc[4];
        gr_rect_corners(&g, gc);
        int front = 0;
        for (int q = 0; q < 4; q++) front |= gr_rect_ahead_of_front(&h, gc[q]) > LASALLE_CONTACT_EPS;
        dist[nc] = gr_rect_dist(&h, &g);
        turn[nc] = c.wheel;
        cand[nc++] = j;
        if (front && dist[nc - 1] <= LASALLE_NEAR_BW && dist[nc - 1] < best) best = dist[nc - 1];
    }
    int n = 0;
    for (int k = 0; k < nc && n < max; k++)
        if (!isfinite(best) || dist[k] <= best + 1e-6) {
            wheel[n] = turn[k];
            out[n++] = cand[k];
        }
    return n;
}

/* counter_targets lists at least one target exactly when some enemy may be countercharged: the first one
 * found settles it */
int lasalle_counter_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    if (cursor < 0 || cursor >= s->nunits || !may_counter(s, st, cursor)) return 0;
    for (int j = 0; j < s->nunits; j++) {
        lasalle_charge c;
        if (lasalle_alive(st, j) && lasalle_enemies(s, cursor, j) && !counter_find(s, st, cursor, j, 0, 1, &c))
            return 1;
    }
    return 0;
}

int lasalle_counter_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int i = st->turn.cursor, t[LASALLE_MAX_UNITS], n = 0;
    double w[LASALLE_MAX_UNITS];
    if (max < 1) return 0;
    out[n++] = lasalle_act(LASALLE_A_HOLD, i, -1, 0);
    int nt = counter_targets(s, st, i, t, w, LASALLE_MAX_UNITS);
    for (int k = 0; k < nt && n < max; k++) {
        out[n] = lasalle_act(LASALLE_A_COUNTERCHARGE, i, t[k], 0);
        out[n++].p[0] = (float)(w[k] / DEG);
    }
    return n;
}

int lasalle_counter_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = a->actor;
    if (a->type == LASALLE_A_HOLD) {
        st->turn.cursor++;
        return 0;
    }
    if (a->type != LASALLE_A_COUNTERCHARGE)
        return gr_error_set(err, "cavalry may countercharge an engaged enemy or hold (D, p.36)");
    int t[LASALLE_MAX_UNITS], ok = 0;
    double w[LASALLE_MAX_UNITS];
    int nt = counter_targets(s, st, i, t, w, LASALLE_MAX_UNITS);
    for (int k = 0; k < nt; k++) ok |= t[k] == a->target;
    lasalle_charge c;
    if (!ok || counter_find(s, st, i, a->target, a->p[0] * DEG, 0, &c))
        return gr_error_set(err, "%s cannot countercharge %s: the target must be an enemy now engaged with friends, "
                                 "reached by a legal charge move touching no other enemy, and the closest such "
                                 "within 4 BW to its front (D, p.36)", s->units[i].name,
                            a->target >= 0 && a->target < s->nunits ? s->units[a->target].name : "that");
    st->u[i].flags |= LASALLE_UF_REACTED;
    st->turn.cursor++;
    int pass = lasalle_disc_test(s, st, i, "a countercharge", cx, NULL);
    if (pass < 0) return lasalle_dice_error(cx, err);
    if (!pass) return 0;
    st->u[i].x = c.sw.end.x;
    st->u[i].y = c.sw.end.y;
    lasalle_unit_set_heading(&st->u[i], c.sw.end.h);
    st->u[i].flags |= LASALLE_UF_COUNTERCHARGER;
    gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[i].side, "%s countercharges %s (D, p.36)", s->units[i].name,
               s->units[a->target].name);
    return 0;
}
