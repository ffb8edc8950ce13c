/* activity.c - the Activity Phase's decision step (activity.h). */
#include "activity.h"
#include "artillery.h"
#include "charge.h"
#include "command.h"
#include "footprint.h"
#include "menu.h"
#include "move.h"
#include "officers.h"
#include "order.h"
#include "turn.h"

#include <string.h>

int lasalle_activity_begin(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    gr_log_add(cx ? cx->log : NULL, GR_EV_PHASE, st->active, "Activity Phase of the %s", s->side_name[st->active]);
    for (int i = 0; i < s->nunits; i++) {
        if (s->units[i].side != st->active || !lasalle_alive(st, i)) continue;
        if (!lasalle_in_command(s, st, i)) st->u[i].flags |= LASALLE_UF_OOC_START;
    }
    lasalle_order_begin(s, st); /* no force chosen yet [C, p.24] */
    return LASALLE_ST_ACTIVITY;
}

int lasalle_activity_end(const void *scn)
{
    const lasalle_scenario *s = scn;
    return s->slots[0].n > s->slots[1].n ? s->slots[0].n : s->slots[1].n;
}

static int slot_at(const lasalle_scenario *s, const lasalle_state *st, int cursor)
{
    const lasalle_slot_list *l = &s->slots[st->active];
    return cursor >= 0 && cursor < l->n ? l->slot[cursor] : -1;
}

/* one unit's order, with the plan its check kept when there is one (NULL: none) */
static int unit_order(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                      const lasalle_order_plan *pl, const gr_ctx *cx, gr_error *err)
{
    lasalle_plan_kind kept = pl ? pl->kind : LASALLE_PLAN_NONE;
    switch (a->type) {
    case LASALLE_A_HOLD: st->u[a->actor].flags |= LASALLE_UF_ACTED; return 0;
    case LASALLE_A_MOVE:
    case LASALLE_A_OBLIQUE:
    case LASALLE_A_FLANK:
    case LASALLE_A_CROSS:
        if (kept == LASALLE_PLAN_MOVE) return lasalle_move_apply_plan(s, st, a, &pl->u.move, cx);
        return lasalle_move_apply(s, st, a, cx, err);
    case LASALLE_A_CHARGE:
        if (kept == LASALLE_PLAN_CHARGE) return lasalle_charge_apply_plan(s, st, a, &pl->u.charge, cx, err);
        return lasalle_charge_apply(s, st, a, cx, err);
    case LASALLE_A_DRIVE:
    case LASALLE_A_LIMBER:
    case LASALLE_A_UNLIMBER:
    case LASALLE_A_PROLONG:
        if (kept == LASALLE_PLAN_GUN) return lasalle_gun_apply_plan(s, st, a, &pl->u.gun, cx);
        return lasalle_gun_apply(s, st, a, cx, err);
    default: return gr_error_set(err, "that is not an order of the Activity Phase");
    }
}

/* at an officer's place: the first unit of his command that chose to move later and has not moved, -1 none */
static int deferred_at(const lasalle_scenario *s, const lasalle_state *st, int slot)
{
    if (slot < LASALLE_MAX_UNITS) return -1;
    const lasalle_officer_profile *o = &s->officers[slot - LASALLE_MAX_UNITS];
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit *u = &st->u[i];
        if (s->units[i].side != o->side || s->units[i].force != o->force || !lasalle_alive(st, i)) continue;
        if ((u->flags & LASALLE_UF_DEFERRED) && !(u->flags & LASALLE_UF_ACTED)) return i;
    }
    return -1;
}

int lasalle_activity_order_group(const void *scn, const void *state, int cursor)
{
    const lasalle_state *st = state;
    int slot = slot_at(scn, st, cursor);
    /* the units of the force moving now, in any order [C, p.24]; its officers each in their turn */
    return slot >= 0 && slot < LASALLE_MAX_UNITS ? 0 : 1 + cursor;
}

int lasalle_activity_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int slot = slot_at(s, st, cursor);
    if (slot < 0 || !lasalle_group_in_scope(s, st, cursor)) return 0; /* only the force chosen moves [C, p.24] */
    if (slot >= LASALLE_MAX_UNITS) return 1;
    return lasalle_alive(st, slot) && !(st->u[slot].flags & (LASALLE_UF_ACTED | LASALLE_UF_DEFERRED));
}

int lasalle_activity_actor(const void *scn, const void *state)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int slot = slot_at(s, st, st->turn.cursor), later = deferred_at(s, st, slot);
    if (slot < 0) return -1;
    if (later >= 0) return later;
    return slot >= LASALLE_MAX_UNITS ? s->nunits + slot - LASALLE_MAX_UNITS : slot;
}

/* a unit of a force at its own place may wait for the rest of its force [C, p.24] */
static int may_wait(const lasalle_scenario *s, const lasalle_state *st, int actor)
{
    return actor < s->nunits && s->units[actor].force >= 0 && slot_at(s, st, st->turn.cursor) == actor;
}

/* the unit's or officer's menu (or its candidates), then `later` where it may wait, then "done" */
static int decision(const void *scn, const void *state, gr_action *out, int max, int candidates)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int actor = lasalle_activity_actor(scn, state);
    if (actor < 0 || max < 3) return 0;
    int n = candidates ? lasalle_activity_candidates_of(s, st, actor, out, max - 2)
                       : lasalle_activity_menu(s, st, actor, out, max - 2);
    if (may_wait(s, st, actor)) out[n++] = lasalle_act(LASALLE_A_LATER, actor, -1, 0);
    out[n++] = lasalle_act(LASALLE_A_DONE, -1, -1, 0);
    return n;
}

int lasalle_activity_actions(const void *scn, const void *state, gr_action *out, int max)
{
    return decision(scn, state, out, max, 0);
}

int lasalle_activity_candidates(const void *scn, const void *state, gr_action *out, int max)
{
    return decision(scn, state, out, max, 1);
}

int lasalle_activity_legal(const void *scn, const void *state, const gr_action *a)
{
    return lasalle_activity_legal_plan(scn, state, a, NULL);
}

int lasalle_activity_legal_plan(const void *scn, const void *state, const gr_action *a, lasalle_order_plan *keep)
{
    const lasalle_scenario *s = scn;
    if (keep) keep->kind = LASALLE_PLAN_NONE;
    const lasalle_state *st = state;
    int actor = lasalle_activity_actor(scn, state);
    if (actor < 0) return 0;
    gr_action x = lasalle_act(LASALLE_A_DONE, -1, -1, 0);
    if (a->type == LASALLE_A_DONE) return !memcmp(a, &x, sizeof x);
    if (a->type == LASALLE_A_LATER) {
        x = lasalle_act(LASALLE_A_LATER, actor, -1, 0);
        return !memcmp(a, &x, sizeof x) && may_wait(s, st, actor);
    }
    return lasalle_activity_menu_has(s, st, actor, a, keep);
}

int lasalle_activity_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    return lasalle_activity_apply_plan(scn, state, a, NULL, cx, err);
}

int lasalle_activity_apply_plan(const void *scn, void *state, const gr_action *a, const lasalle_order_plan *pl,
                                const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int actor = a->actor, rc, own = slot_at(s, st, st->turn.cursor) == (actor < s->nunits ? actor :
                                                                         actor - s->nunits + LASALLE_MAX_UNITS);
    if (actor >= s->nunits) {
        if (a->type == LASALLE_A_HOLD) rc = 0;
        else if (a->type == LASALLE_A_OFFICER) rc = lasalle_officer_apply(s, st, a, cx, err);
        else rc = gr_error_set(err, "an officer may only move ('move X Y') or hold (C, p.28)");
    } else if (a->type == LASALLE_A_LATER) {
        if (!own) return gr_error_set(err, "%s already waited for the rest of its force", s->units[actor].name);
        if (s->units[actor].force < 0)
            return gr_error_set(err, "%s is an independent unit: it has no force to wait for (C, p.24)",
                                s->units[actor].name);
        st->u[actor].flags |= LASALLE_UF_DEFERRED;
        rc = 0;
    } else {
        rc = unit_order(s, st, a, pl, cx, err);
    }
    /* the officer's place stays until the units that waited have moved */
    if (!rc && own && actor >= s->nunits) lasalle_order_officer_done(s, st, actor - s->nunits);
    if (!rc && own) st->turn.cursor++;
    return rc;
}

int lasalle_activity_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    (void)scn;
    (void)cx;
    (void)err;
    ((lasalle_state *)state)->group_now = LASALLE_GROUP_FILE; /* everyone not yet moved holds */
    return 0;
}
