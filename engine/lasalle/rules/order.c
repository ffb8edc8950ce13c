/* order.c - the moving player's choice of the force that moves next
 * (order.h). */
#include "order.h"
#include "footprint.h"
#include "turn.h"

static int is_officer(int slot) { return slot >= LASALLE_MAX_UNITS; }

int lasalle_group_end(const lasalle_scenario *s, int side, int p)
{
    const lasalle_slot_list *l = &s->slots[side];
    int slot = l->slot[p];
    if (is_officer(slot) || s->units[slot].force < 0) return p;
    while (p + 1 < l->n && !is_officer(l->slot[p])) p++;
    return p;
}

/* is the group beginning at place p still to be chosen: an independent unit that has not moved, a force whose
 * subcommander has not moved and with a unit on the table */
static int group_open(const lasalle_scenario *s, const lasalle_state *st, int p)
{
    const lasalle_slot_list *l = &s->slots[st->active];
    int slot = l->slot[p], e = lasalle_group_end(s, st->active, p);
    if (p == l->n - 1 || p == st->group_now) return 0; /* the commander, or the group moving now */
    if (!is_officer(slot) && s->units[slot].force < 0)
        return lasalle_alive(st, slot) && !(st->u[slot].flags & (LASALLE_UF_ACTED | LASALLE_UF_DEFERRED));
    if (st->o[l->slot[e] - LASALLE_MAX_UNITS].flags & LASALLE_OF_PICKED) return 0;
    for (int q = p; q < e; q++)
        if (lasalle_alive(st, l->slot[q])) return 1;
    return 0;
}

/* how many groups are still to be chosen; the place of the first in *first */
static int groups_open(const lasalle_scenario *s, const lasalle_state *st, int *first)
{
    const lasalle_slot_list *l = &s->slots[st->active];
    int n = 0;
    *first = -1;
    for (int p = 0; p < l->n - 1; p = lasalle_group_end(s, st->active, p) + 1) {
        if (!group_open(s, st, p)) continue;
        if (!n++) *first = p;
    }
    return n;
}

int lasalle_group_in_scope(const lasalle_scenario *s, const lasalle_state *st, int p)
{
    const lasalle_slot_list *l = &s->slots[st->active];
    int slot = l->slot[p], moved = is_officer(slot) && (st->o[slot - LASALLE_MAX_UNITS].flags & LASALLE_OF_PICKED);
    if (st->group_now == LASALLE_GROUP_FILE) return !moved; /* an officer moves once */
    if (st->group_now == LASALLE_GROUP_NONE) return p == l->n - 1 && !moved;
    return p >= st->group_now && p <= lasalle_group_end(s, st->active, st->group_now);
}

void lasalle_order_begin(const lasalle_scenario *s, lasalle_state *st)
{
    st->group_now = LASALLE_GROUP_NONE;
    for (int k = 0; k < s->nofficers; k++) st->o[k].flags &= (uint8_t)~LASALLE_OF_PICKED;
}

void lasalle_order_officer_done(const lasalle_scenario *s, lasalle_state *st, int officer)
{
    (void)s;
    st->o[officer].flags |= LASALLE_OF_PICKED;
}

/* the group at place p moves now */
static void choose(const lasalle_scenario *s, lasalle_state *st, int p)
{
    const lasalle_slot_list *l = &s->slots[st->active];
    int e = lasalle_group_end(s, st->active, p);
    st->group_now = (int8_t)p;
    if (is_officer(l->slot[e]) && e != l->n - 1) st->o[l->slot[e] - LASALLE_MAX_UNITS].flags |= LASALLE_OF_PICKED;
}

void lasalle_order_prepare(const void *scn, void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int first;
    (void)cursor;
    /* one group left: it moves without a decision */
    if (st->group_now == LASALLE_GROUP_NONE && groups_open(s, st, &first) == 1) choose(s, st, first);
}

int lasalle_order_due(const void *scn, const void *state, int cursor)
{
    const lasalle_state *st = state;
    int first;
    (void)cursor;
    return st->group_now == LASALLE_GROUP_NONE && groups_open(scn, st, &first) >= 2;
}

int lasalle_order_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    const lasalle_slot_list *l = &s->slots[st->active];
    int n = 0;
    for (int p = 0; p < l->n - 1 && n < max; p = lasalle_group_end(s, st->active, p) + 1) {
        if (!group_open(s, st, p)) continue;
        int slot = l->slot[p], e = lasalle_group_end(s, st->active, p);
        out[n] = (gr_action){0};
        out[n].type = LASALLE_A_NEXT;
        out[n].actor = -1;
        out[n].target = (int16_t)(!is_officer(slot) && s->units[slot].force < 0 ? slot : -1);
        out[n].arg = (int16_t)(out[n].target >= 0 ? -1 : s->officers[l->slot[e] - LASALLE_MAX_UNITS].force);
        n++;
    }
    return n;
}

/* the place where the group the action names begins, -1 when it is not one still to choose */
static int place_of(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a)
{
    const lasalle_slot_list *l = &s->slots[st->active];
    for (int p = 0; p < l->n - 1; p = lasalle_group_end(s, st->active, p) + 1) {
        int slot = l->slot[p], e = lasalle_group_end(s, st->active, p);
        int hit = a->arg >= 0 ? is_officer(l->slot[e]) && s->officers[l->slot[e] - LASALLE_MAX_UNITS].force == a->arg
                              : slot == a->target && !is_officer(slot);
        if (hit) return group_open(s, st, p) ? p : -1;
    }
    return -1;
}

int lasalle_order_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    if (a->type != LASALLE_A_NEXT)
        return gr_error_set(err, "choose the force or independent unit that moves next: 'fN next' or 'uN next' "
                                 "(C, p.24)");
    int p = place_of(s, st, a);
    if (p < 0) {
        if (a->arg >= 0)
            return gr_error_set(err, "f%d is not a force of the %s still to move this Activity Phase (C, p.24)",
                                a->arg, s->side_name[st->active]);
        return gr_error_set(err, "u%d is not an independent unit of the %s still to move this Activity Phase "
                                 "(C, p.24)", a->target, s->side_name[st->active]);
    }
    choose(s, st, p);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "the %s move %s next (C, p.24)", s->side_name[st->active],
               a->arg >= 0 ? s->forces[a->arg].name : s->units[a->target].name);
    st->turn.cursor++;
    return 0;
}

int lasalle_order_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    (void)scn;
    (void)cx;
    (void)err;
    ((lasalle_state *)state)->group_now = LASALLE_GROUP_FILE; /* the rest in the scenario's order (ruling R-35) */
    return 0;
}

int lasalle_order_next(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int first;
    (void)cx;
    if (st->group_now == LASALLE_GROUP_FILE || (st->o[s->commander[st->active]].flags & LASALLE_OF_PICKED))
        return LASALLE_ST_RECOVERY;
    if (st->group_now == LASALLE_GROUP_NONE) /* the commander's place was passed without a decision */
        return LASALLE_ST_RECOVERY;
    st->group_now = LASALLE_GROUP_NONE;
    return groups_open(s, st, &first) ? LASALLE_ST_FORCE : LASALLE_ST_ACTIVITY;
}
