/* movephase.c - the Movement Phase as decisions (§8.2, §4.3): the cursor
 * hands the active side's units out one at a time, those within their
 * division commander's range first, then the others, then the commanders;
 * a unit that has made its first move may be offered a second (§8.10).
 * Orders compile into exact moves (orders.c) checked by move.c; Brigade
 * Groups move as one (brigade.c); Broken units flee first (flight.c). */
#include "steps.h"
#include "outcome.h"
#include "reserve.h"
#include "building.h"
#include "memo.h"
#include "brigade.h"
#include "cmdr.h"
#include "cmt.h"
#include "cohesion.h"
#include "footprint.h"
#include "move.h"
#include "orders.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int can_move_now(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    if (s->units[i].side != st->active || !fogn_unit_alive(u)) return 0;
    if (u->flags & (FOGN_UF_MOVED | FOGN_UF_NO_MOVE | FOGN_UF_IN_COMBAT | FOGN_UF_STATIONARY)) return 0;
    if (u->cohesion == FOGN_BROKEN) return 0; /* Broken units flee instead (§8.12, flight.c) */
    if (s->units[i].caps & FOGN_CAP_IMMOBILE) return 0;
    return 1;
}

int fogn_mv_cursor_end(const fogn_scenario *s) { return 2 * s->nunits + s->ncmdrs; }

int fogn_mv_order_group(const void *scn, const void *state, int cursor)
{
    const fogn_scenario *s = scn;
    (void)state;
    /* §8.2: "order otherwise free, but all units within command range are moved before out-of-command units":
     * the units in command (the first pass), the others (the second), then the commanders */
    return cursor < s->nunits ? 0 : cursor < 2 * s->nunits ? 1 : 2;
}

int fogn_mv_due(const fogn_scenario *s, const fogn_state *st, int cur)
{
    int nu = s->nunits;
    if (cur < 2 * nu) {
        int i = cur < nu ? cur : cur - nu;
        const fogn_unit *u = &st->u[i];
        /* the unit now deciding on its second move stays due until it has */
        if (st->turn.second && fogn_mv_actor(s, st) == i && (u->flags & FOGN_UF_MOVED) && !(u->flags & FOGN_UF_SECOND_DONE))
            return 1;
        /* §8.1: units of an arriving division come on in the first pass */
        if (!(u->flags & FOGN_UF_ON_TABLE)) return cur < nu && fogn_reserve_due(s, st, i);
        if (!can_move_now(s, st, i)) return 0;
        return cur < nu ? fogn_in_command(s, st, i) : 1;
    }
    int c = cur - 2 * nu;
    if (c >= s->ncmdrs) return 0;
    return s->cmdrs[c].side == st->active && (st->c[c].flags & FOGN_CF_ON_TABLE) &&
           !(st->c[c].flags & (FOGN_CF_MOVED | FOGN_CF_CASUALTY)) && s->cmdrs[c].role != FOGN_CMDR_ARMY;
}

int fogn_mv_actor(const fogn_scenario *s, const fogn_state *st)
{
    int cur = st->turn.cursor, nu = s->nunits;
    if (cur < nu) return cur;
    if (cur < 2 * nu) return cur - nu;
    return nu + (cur - 2 * nu);
}

int fogn_mv_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int actor = fogn_mv_actor(s, st);
    if (actor < s->nunits && !(st->u[actor].flags & FOGN_UF_ON_TABLE)) return fogn_reserve_orders(s, st, actor, out, max);
    if (actor < s->nunits) return fogn_orders_for_unit(s, st, actor, out, max, 1);
    return fogn_orders_for_cmdr(s, st, actor - s->nunits, out, max);
}

int fogn_mv_candidates(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int actor = fogn_mv_actor(s, st);
    if (actor < s->nunits && !(st->u[actor].flags & FOGN_UF_ON_TABLE)) return fogn_reserve_orders(s, st, actor, out, max);
    if (actor < s->nunits) return fogn_orders_for_unit(s, st, actor, out, max, 0);
    return fogn_orders_for_cmdr(s, st, actor - s->nunits, out, max);
}

int fogn_mv_legal(const fogn_scenario *s, const fogn_state *st, const gr_action *a)
{
    int actor = fogn_mv_actor(s, st);
    /* a unit's order, with nothing kept: the quicker check of the same answer */
    if (actor < s->nunits && (st->u[actor].flags & FOGN_UF_ON_TABLE)) return fogn_unit_order_legal(s, st, a);
    fogn_compiled c;
    return fogn_mv_legal_compiled(s, st, a, &c, NULL);
}

int fogn_mv_legal_compiled(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_compiled *c,
                           fogn_memo *memo)
{
    c->have = 0;
    int actor = fogn_mv_actor(s, st);
    if (actor < s->nunits && !(st->u[actor].flags & FOGN_UF_ON_TABLE)) {
        if (a->type == FOGN_A_HOLD) return 1;
        return a->type == FOGN_A_ARRIVE && fogn_reserve_arrival_ok(s, st, a);
    }
    if (actor < s->nunits) return fogn_unit_order_legal_compiled(s, st, a, c, memo);
    return 1; /* the commanders' menu is checked as it is made */
}

/* the decision about this actor is over */
static void next_actor(fogn_state *st)
{
    st->turn.second = 0;
    st->turn.cursor++;
}

/* can the unit take a second move after its first (§8.10)? */
static int second_move_possible(const fogn_scenario *s, const fogn_state *st, int unit)
{
    const fogn_unit *u = &st->u[unit];
    if (u->cohesion >= FOGN_WAVERING || (u->flags & (FOGN_UF_CMT_FAILED | FOGN_UF_SECOND_DONE))) return 0;
    if (fogn_enemy_dist(s, st, unit, NULL) <= FOGN_SECOND_MOVE_CLEAR) return 0;
    fogn_cmt_cost cost;
    return fogn_cmt_cost_of(s, st, unit, &cost, NULL) == 0;
}

/* the one CMT of a Brigade Group (§8.8): the worst training and élan of the group, its Division Commander
 * leading (4+); a second move (§8.10) pays one CP of his. 1 passed, 0 failed, -1 (reason in err) */
static int group_cmt(const fogn_scenario *s, fogn_state *st, const fogn_move *moves, int n, int second, gr_dice *dice,
                     gr_log *log, const char *why, gr_error *err)
{
    const fogn_unit_profile *lead = &s->units[moves[0].unit];
    int ndice = 99, elan = 99;
    for (int k = 0; k < n; k++) {
        const fogn_unit_profile *p = &s->units[moves[k].unit];
        if (st->u[moves[k].unit].flags & FOGN_UF_CMT_FAILED)
            return gr_error_set(err, "%s already failed a complex move test this phase", p->name);
        if (fogn_cmt_dice(p) < ndice) ndice = fogn_cmt_dice(p);
        if (fogn_elan_level(p) < elan) elan = fogn_elan_level(p);
    }
    int c = lead->division >= 0 ? s->divs[lead->division].commander : -1;
    if (second && (c < 0 || st->c[c].cp < 1))
        return gr_error_set(err, "a Brigade Group's second move is a complex move test costing its Division "
                                 "Commander a command point, and he has none left (8.8, 8.10)");
    char who[96];
    snprintf(who, sizeof who, "the Brigade Group of %s", lead->name);
    fogn_state before = *st;
    if (second) st->c[c].cp = (uint8_t)(st->c[c].cp - 1);
    for (int k = 0; k < n; k++) st->u[moves[k].unit].flags |= FOGN_UF_TOOK_CMT;
    int pass = fogn_cmt_roll_with(lead->side, who, ndice, elan, 1, dice, log, second ? "second move" : why);
    if (pass < 0) {
        *st = before;
        return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
    }
    if (!pass) /* §5.3: nobody moves; each may still make a simple move, no more CMTs */
        for (int k = 0; k < n; k++) st->u[moves[k].unit].flags |= FOGN_UF_CMT_FAILED;
    return pass;
}

/* may the Brigade Group that has just moved make a second move (§8.10 for each member)? */
static int group_second_possible(const fogn_scenario *s, const fogn_state *st, const fogn_move *moves, int n)
{
    for (int k = 0; k < n; k++) {
        int i = moves[k].unit;
        const fogn_unit *u = &st->u[i];
        if (u->cohesion >= FOGN_WAVERING || (u->flags & (FOGN_UF_CMT_FAILED | FOGN_UF_SECOND_DONE))) return 0;
        if (fogn_enemy_dist(s, st, i, NULL) <= FOGN_SECOND_MOVE_CLEAR) return 0;
    }
    const fogn_unit_profile *lead = &s->units[moves[0].unit];
    int c = lead->division >= 0 ? s->divs[lead->division].commander : -1;
    return c >= 0 && st->c[c].cp >= 1;
}

/* the group's moves are over: no member moves again this phase */
static void group_done(const fogn_scenario *s, fogn_state *st)
{
    for (int i = 0; i < s->nunits; i++)
        if (st->u[i].flags & FOGN_UF_GROUP_SECOND) {
            st->u[i].flags &= ~(uint32_t)FOGN_UF_GROUP_SECOND;
            st->u[i].flags |= FOGN_UF_SECOND_DONE;
        }
}

/* §8.8: a Brigade Group moves as one: one check per member, one CMT for all
 * (group_cmt), then every member is moved. Clear of the enemy it may make a
 * second move as a group (§8.10: one more CMT for all, one CP); its members
 * make none of their own. */
static int apply_group(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                       gr_error *err)
{
    int second = st->turn.second == FOGN_SECOND_GROUP;
    if (st->turn.second && !second)
        return gr_error_set(err, "this is %s%s own second move, not its Brigade Group's", s->units[a->actor].name,
                            gr_words_poss(s->units[a->actor].name));
    fogn_move moves[FOGN_GROUP_MAX];
    fogn_move_plan plans[FOGN_GROUP_MAX];
    int n = 0, complex = 0;
    char why[96];
    if (fogn_brigade_check(s, st, a, moves, plans, &n, &complex, why, sizeof why, err)) return -1;
    if (second && a->type == FOGN_A_GROUP_REAR) return gr_error_set(err, "a second move goes forward (8.10)");
    if (complex || second) {
        int pass = group_cmt(s, st, moves, n, second, dice, log, why, err);
        if (pass < 0) return -1;
        if (!pass) {
            if (second) {
                group_done(s, st);
                next_actor(st);
            }
            return 0;
        }
    }
    for (int k = 0; k < n; k++) fogn_move_commit(s, st, &moves[k], &plans[k]);
    const fogn_unit_profile *lead = &s->units[moves[0].unit];
    const fogn_unit *u = &st->u[moves[0].unit];
    gr_log_add(log, GR_EV_MOVE, lead->side, "the Brigade Group of %s (%d units)%s: %s, lead now at (%.2f, %.2f) facing "
               "%.0f deg", lead->name, n, second ? ", second move" : "", complex || second ? why : "simple move", u->x,
               u->y, u->heading * 180.0 / GR_PI);
    if (!second && group_second_possible(s, st, moves, n)) {
        for (int k = 0; k < n; k++) st->u[moves[k].unit].flags |= FOGN_UF_GROUP_SECOND;
        st->turn.second = FOGN_SECOND_GROUP; /* the group decides on a second move */
        return 0;
    }
    for (int k = 0; k < n; k++) st->u[moves[k].unit].flags |= FOGN_UF_SECOND_DONE;
    group_done(s, st);
    next_actor(st);
    return 0;
}

static int apply_unit(const fogn_scenario *s, fogn_state *st, const gr_action *a, const fogn_compiled *pre,
                      gr_dice *dice, gr_log *log, fogn_memo *memo, gr_error *err)
{
    int unit = a->actor;
    fogn_unit *u = &st->u[unit];
    const fogn_unit_profile *p = &s->units[unit];
    if (a->type == FOGN_A_HOLD) {
        if (st->turn.second == FOGN_SECOND_GROUP) group_done(s, st); /* the group declines its second move */
        if (st->turn.second) u->flags |= FOGN_UF_SECOND_DONE;
        else u->flags |= FOGN_UF_MOVED | FOGN_UF_HELD;
        gr_log_add(log, GR_EV_MOVE, p->side, "%s %s", p->name, u->flags & FOGN_UF_ON_TABLE ? "holds" : "waits off the table");
        next_actor(st);
        return 0;
    }
    if (!(u->flags & FOGN_UF_ON_TABLE) || a->type == FOGN_A_ARRIVE) {
        if (a->type != FOGN_A_ARRIVE || st->turn.second)
            return gr_error_set(err, "%s is off the table: it comes on ('arrive') or waits ('hold')", p->name);
        if (fogn_reserve_arrive(s, st, a, log, err)) return -1;
        if (!(u->flags & FOGN_UF_NO_MOVE) && second_move_possible(s, st, unit) &&
            fogn_enemy_dist(s, st, unit, NULL) > FOGN_RESERVE_SECOND_CLEAR) {
            st->turn.second = 1; /* §8.1: clear of the enemy, it may try a second move */
            return 0;
        }
        next_actor(st);
        return 0;
    }
    if (fogn_brigade_order(a))
        return apply_group(s, st, a, dice, log, err);
    if (fogn_bld_order(a)) {
        /* §15.4, §15.5: a building order is the unit's whole move (building.c) */
        int rc = fogn_bld_apply(s, st, a, dice, log, err);
        if (rc == 0) next_actor(st);
        return rc < 0 ? -1 : 0;
    }
    fogn_move m;
    fogn_move_plan plan;
    if (pre && pre->have) {
        /* compiled and checked on this very state by the legality test */
        m = pre->m;
        plan = pre->plan;
    } else if (fogn_order_compile(s, st, a, &m, &plan, err, memo)) {
        return -1;
    }
    /* §8.10: command range is judged from where the unit stood before its first move */
    if (!st->turn.second && fogn_in_command(s, st, unit)) u->flags |= FOGN_UF_CMD_AT_START;
    if (plan.complex) {
        fogn_cmt_cost cost;
        if (fogn_cmt_cost_of(s, st, unit, &cost, err)) {
            gr_error_prefix(err, "this is a complex move (%s), but ", plan.why_complex);
            return -1;
        }
        /* roll on a copy so a dice failure leaves the state untouched */
        fogn_state before = *st;
        if (cost.cmdr >= 0 && !cost.free) st->c[cost.cmdr].cp = (uint8_t)(st->c[cost.cmdr].cp - cost.cp);
        u->flags |= FOGN_UF_TOOK_CMT;
        int pass = fogn_cmt_roll(s, st, unit, cost.led, dice, log, plan.why_complex);
        if (pass < 0) {
            *st = before;
            return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
        }
        if (!pass) {
            /* §5.3: no move, no cohesion loss; a simple move is still allowed, no more CMTs */
            u->flags |= FOGN_UF_CMT_FAILED;
            if (st->turn.second) next_actor(st);
            return 0;
        }
    }
    fogn_move_commit(s, st, &m, &plan);
    gr_log_add(log, GR_EV_MOVE, p->side, "%s: %s, now at (%.2f, %.2f) facing %.0f deg, %s", p->name,
               plan.complex ? plan.why_complex : "simple move", u->x, u->y, u->heading * 180.0 / GR_PI,
               fogn_formation_name((fogn_formation)u->formation));
    if (!st->turn.second && second_move_possible(s, st, unit)) {
        st->turn.second = 1; /* the same unit decides on a second move */
        return 0;
    }
    next_actor(st);
    return 0;
}

int fogn_mv_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                  gr_error *err)
{
    return fogn_mv_apply_compiled(s, st, a, NULL, dice, log, NULL, err);
}

int fogn_mv_apply_compiled(const fogn_scenario *s, fogn_state *st, const gr_action *a, const fogn_compiled *c,
                           gr_dice *dice, gr_log *log, fogn_memo *memo, gr_error *err)
{
    int actor = fogn_mv_actor(s, st);
    if (actor < s->nunits) return apply_unit(s, st, a, c, dice, log, memo, err);
    int rc = 0;
    if (a->type == FOGN_A_HOLD) st->c[actor - s->nunits].flags |= FOGN_CF_MOVED;
    else rc = fogn_cmdr_apply(s, st, a, err);
    if (!rc) next_actor(st);
    return rc;
}

int fogn_mv_done(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, gr_error *err)
{
    (void)s;
    (void)dice;
    (void)log;
    if (st->turn.second) return gr_error_set(err, "finish this unit's second move first (hold to decline it)");
    return 0;
}

/* §8.12: every Broken unit of the mover that has not moved flees first; friends
 * a Broken non-skirmish infantry unit passes within 4 MU of for the first time
 * (not already that close when it set off) take a cohesion test */
static int flee(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    int any = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        fogn_unit *u = &st->u[i];
        if (p->side != st->active || !fogn_unit_alive(u) || u->cohesion != FOGN_BROKEN) continue;
        if (u->flags & (FOGN_UF_MOVED | FOGN_UF_NO_MOVE)) continue;
        int was_near[FOGN_MAX_UNITS] = {0};
        for (int j = 0; j < s->nunits; j++)
            if (j != i && s->units[j].side == p->side && fogn_unit_alive(&st->u[j]))
                was_near[j] = fogn_units_apart(s, st, i, j) <= FOGN_FLIGHT_TEST_RANGE + GR_EPS;
        fogn_retire_result r;
        if (fogn_flight(s, st, i, &r, NULL)) continue;
        any = 1;
        gr_log_add(log, GR_EV_MOVE, p->side, "%s flees %.1f MU toward its base edge, now at (%.2f, %.2f)", p->name, r.covered,
                   u->x, u->y);
        int shakes = fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_INF && u->formation != FOGN_F_SKIRMISH &&
                     u->formation != FOGN_F_SKIRMISH_LINE;
        for (int k = 0; k < r.nnear && shakes; k++) {
            int j = r.near[k];
            if (was_near[j] || st->u[j].cohesion == FOGN_BROKEN) continue;
            if ((s->units[j].caps & FOGN_CAP_GUARD) && !(p->caps & FOGN_CAP_GUARD)) continue;
            fogn_ct_owe(st, j);
            gr_log_add(log, GR_EV_NOTE, p->side, "%s must test: the Broken %s passed within 4 MU", s->units[j].name,
                       p->name);
        }
    }
    if (any && fogn_ct_run(s, st, st->active, dice, log) < 0) return -1;
    return 0;
}

int fogn_mv_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    gr_log_add(log, GR_EV_PHASE, st->active, "movement phase");
    st->turn.second = 0;
    if (flee(s, st, dice, log) < 0) return -1;
    if (fogn_reserve_activate(s, st, dice, log) < 0) return -1;
    return FOGN_ST_MV_UNITS;
}
