/* engineer.c - engineer bases in play: who has one, the Engineering step
 * of the Status Phase and its deployment decisions, and the engineering
 * test (engineer.h). */
#include "engineer.h"
#include "command.h"
#include "engineer_bridge.h"
#include "engineer_task.h"
#include "engineer_works.h"
#include "footprint.h"
#include "status.h"
#include "tables.h"
#include "turn.h"

#include <stdio.h>

const char *const lasalle_task_names[LASALLE_TASK_COUNT] = {"reserve",    "assault",   "fortification",
                                                             "bridging",   "demolition", "field works"};

void lasalle_engineer_init(const lasalle_scenario *s, lasalle_state *st)
{
    for (int e = 0; e < s->nengineers; e++) {
        const lasalle_engineer_profile *p = &s->engineers[e];
        lasalle_engineer *g = &st->eng[e];
        g->task = (uint8_t)p->task;
        g->status = p->task == LASALLE_TASK_NONE ? LASALLE_EN_RESERVE : LASALLE_EN_WORKING;
        g->unit = (int8_t)p->unit;
        g->piece = -1;
    }
}

int lasalle_engineer_with(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    if (!lasalle_alive(st, i)) return -1; /* it shares its unit's fate [H, p.77] */
    for (int e = 0; e < s->nengineers; e++)
        if (st->eng[e].status == LASALLE_EN_WORKING && st->eng[e].task == LASALLE_TASK_ASSAULT && st->eng[e].unit == i)
            return e;
    return -1;
}

int lasalle_assault_ok(const lasalle_scenario *s, const lasalle_state *st, int e, int i, const char **why)
{
    const char *no = NULL;
    int side = s->engineers[e].side;
    const lasalle_unit_profile *p = &s->units[i];
    if (p->side != side || p->type != LASALLE_INF || p->discipline == LASALLE_IRREGULAR)
        no = "an Assault engineer joins a regular infantry unit of its own army (H, p.77)";
    else if (!lasalle_alive(st, i) || (st->u[i].flags & LASALLE_UF_RESERVE))
        no = "the unit is not on the table";
    else if (lasalle_engineer_with(s, st, i) >= 0)
        no = "no infantry unit takes more than one engineer (H, p.77)";
    else if (!lasalle_in_range(s, st, s->commander[side], i))
        no = "an engineer is deployed within the commander's range (H, p.78)";
    else if (lasalle_enemy_within(s, st, i, LASALLE_NEAR_BW))
        no = "an engineer is not deployed near the enemy, within 4 BW (H, p.78)";
    if (why) *why = no;
    return no == NULL;
}

int lasalle_engineering_test(int n, int wooden, const char *task, const gr_ctx *cx)
{
    int done = 0;
    for (int k = 0; k < n; k++) {
        char why[128];
        snprintf(why, sizeof why, "engineering test %d of %d, %s (4+)", k + 1, n, task);
        int d = gr_dice_d6(cx ? cx->dice : NULL, why);
        if (!d) return -1;
        if (d < LASALLE_ENGINEER_TEST && wooden) { /* a wooden bridge: each engineer may re-roll [H, p.79] */
            snprintf(why, sizeof why, "engineering test %d of %d, %s, re-rolled (wooden bridge, 4+)", k + 1, n, task);
            d = gr_dice_d6(cx ? cx->dice : NULL, why);
            if (!d) return -1;
        }
        done |= d >= LASALLE_ENGINEER_TEST; /* more than one success is wasted [H, p.78] */
    }
    return done;
}

/* the working engineers settled: an Assault engineer whose unit broke or left is gone with it [H, p.77] */
static void settle(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    for (int e = 0; e < s->nengineers; e++) {
        lasalle_engineer *g = &st->eng[e];
        if (g->status != LASALLE_EN_WORKING || g->task != LASALLE_TASK_ASSAULT || lasalle_alive(st, g->unit) ||
            (st->u[g->unit].flags & LASALLE_UF_RESERVE))
            continue;
        g->status = LASALLE_EN_LOST;
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->engineers[e].side,
                   "%s, attached to %s, share its fate and are lost (H, p.77)", s->engineers[e].name,
                   s->units[g->unit].name);
    }
}

int lasalle_engineer_status_run(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    if (!(s->options & LASALLE_OPT_ENGINEERING)) return lasalle_status_run(scn, state, cx);
    /* the Engineering segment: working engineers first (Assault needs no test; Demolition and Fortification
     * test, and lose engineers the enemy reached), then new deployments [H, p.78] */
    settle(s, state, cx);
    if (lasalle_engineer_tasks_run(s, state, cx)) return -1;
    return LASALLE_ST_ENGINEER;
}

int lasalle_engineer_end(const void *scn) { return ((const lasalle_scenario *)scn)->nengineers; }

/* the deployment of engineer e to `task` at `target` (a unit, or a terrain piece with its bank site) */
static gr_action deployment(int e, int task, int target, int site)
{
    gr_action a = {0};
    a.type = LASALLE_A_ENGINEER;
    a.actor = -1;
    a.target = (int16_t)target;
    a.arg = (int16_t)e;
    a.p[0] = (float)task;
    a.p[1] = (float)site;
    return a;
}

/* engineer e's deployments at the table's terrain [H, p.78-79]: the town bases to fortify, the water to bridge
 * (a bank site each, p[1]) and the bridges to blow, the target the terrain piece; then field works before each
 * unit of its side, the target the unit */
static int table_tasks(const lasalle_scenario *s, const lasalle_state *st, int e, gr_action *out, int max)
{
    int n = 0;
    for (int task = LASALLE_TASK_FORTIFICATION; task <= LASALLE_TASK_DEMOLITION; task++)
        for (int k = 0; k < s->terrain.n && n < max; k++) {
            /* bridging, and the demolition of a finished pontoon, at each bank site of the water */
            int sites = task != LASALLE_TASK_FORTIFICATION && lasalle_bank_sites(s, k) ? lasalle_bank_sites(s, k) : 1;
            for (int site = 0; site < sites && n < max; site++)
                if (lasalle_task_ok(s, st, e, task, k, site, NULL)) out[n++] = deployment(e, task, k, site);
        }
    for (int i = 0; i < s->nunits && n < max; i++) /* [H, p.78] */
        if (lasalle_field_ok(s, st, e, i, NULL)) out[n++] = deployment(e, LASALLE_TASK_FIELD_WORKS, i, 0);
    return n;
}

int lasalle_engineer_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    if (s->engineers[cursor].side != st->active || st->eng[cursor].status != LASALLE_EN_RESERVE) return 0;
    for (int i = 0; i < s->nunits; i++)
        if (lasalle_assault_ok(s, st, cursor, i, NULL)) return 1;
    gr_action a[1];
    return table_tasks(s, st, cursor, a, 1) > 0;
}

int lasalle_engineer_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int e = st->turn.cursor, n = 0;
    for (int i = 0; i < s->nunits && n < max; i++)
        if (lasalle_assault_ok(s, st, e, i, NULL)) out[n++] = deployment(e, LASALLE_TASK_ASSAULT, i, 0);
    return n + table_tasks(s, st, e, out + n, max - n);
}

/* "eN fortification uM": the engineer goes to build field works before unit M [H, p.78] */
static int deploy_field_works(const lasalle_scenario *s, lasalle_state *st, int e, int i, const gr_ctx *cx,
                              gr_error *err)
{
    const char *why = NULL;
    if (!lasalle_field_ok(s, st, e, i, &why))
        return gr_error_set(err, "%s cannot build field works before u%d: %s", s->engineers[e].name, i, why);
    lasalle_engineer *g = &st->eng[e];
    g->status = LASALLE_EN_WORKING;
    g->task = LASALLE_TASK_FIELD_WORKS;
    lasalle_field_deploy(s, st, e, i, g);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "%s go to work at field works before %s: an engineering "
               "test in each of the side's Engineering segments from the next (H, p.78)", s->engineers[e].name,
               s->units[i].name);
    return 0;
}

/* "eN demolition tK", "eN fortification tK", "eN bridging tK bS": the engineer goes to work at terrain piece K
 * (at bank site S) [H, p.78-79] */
static int deploy_on_table(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                           gr_error *err)
{
    int e = a->arg, k = a->target, task = (int)a->p[0], site = (int)a->p[1], end = 0;
    const char *why = NULL;
    if (task == LASALLE_TASK_FIELD_WORKS) return deploy_field_works(s, st, e, k, cx, err);
    if (!lasalle_task_ok(s, st, e, task, k, site, &why))
        return gr_error_set(err, "%s cannot take %s at t%d: %s", s->engineers[e].name, lasalle_task_names[task], k,
                            why);
    lasalle_task_spot(s, st, s->engineers[e].side, task, k, site, &end);
    st->eng[e].status = LASALLE_EN_WORKING;
    st->eng[e].task = (uint8_t)task;
    st->eng[e].piece = (int8_t)k;
    int at_site = task != LASALLE_TASK_FORTIFICATION && lasalle_bank_sites(s, k); /* bridging, or a pontoon */
    st->eng[e].spot = (uint8_t)(at_site ? site : end);
    st->eng[e].bank = (uint8_t)(at_site ? end : 0);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "%s go to work at %s (%s): an engineering test in each "
               "of the side's Engineering segments from the next (H, p.78)", s->engineers[e].name,
               s->terrain.p[k].name, lasalle_task_names[task]);
    return 0;
}

int lasalle_engineer_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int e = a->arg, i = a->target;
    const char *why = NULL;
    if (a->type != LASALLE_A_ENGINEER)
        return gr_error_set(err, "the Engineering step takes 'eN assault uM', 'eN demolition tK', "
                                 "'eN fortification tK|uM', 'eN bridging tK bS' or 'done' (H, p.78)");
    if (e != st->turn.cursor)
        return gr_error_set(err, "it is e%d's deployment now, not e%d's", st->turn.cursor, e);
    if (lasalle_task_on_table((int)a->p[0])) return deploy_on_table(s, st, a, cx, err);
    if ((int)a->p[0] != LASALLE_TASK_ASSAULT)
        return gr_error_set(err, "an engineer takes assault (a unit), demolition (a bridge), fortification (a soft "
                                 "town base, or field works before a unit) or bridging (a bank site) (H, p.77-79)");
    if (i < 0 || i >= s->nunits) return gr_error_set(err, "there is no unit u%d", i);
    if (!lasalle_assault_ok(s, st, e, i, &why)) return gr_error_set(err, "%s cannot take %s: %s", s->units[i].name,
                                                                   s->engineers[e].name, why);
    st->eng[e].status = LASALLE_EN_WORKING;
    st->eng[e].task = LASALLE_TASK_ASSAULT;
    st->eng[e].unit = (int8_t)i;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active,
               "%s join %s for the rest of the game: +2 combat dice, and works, walls and towns give its enemies "
               "no cover against its attacks (H, p.77)", s->engineers[e].name, s->units[i].name);
    return 0;
}
