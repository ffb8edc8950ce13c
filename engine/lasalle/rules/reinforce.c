/* reinforce.c - forces arriving later (reinforce.h). */
#include "reinforce.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include "../../core/jsonutil.h"

#include <stdio.h>

static const char *const edge_names[4] = {"south", "north", "west", "east"};

/* how far the point p lies from edge e of the table */
static double from_edge(const lasalle_scenario *s, int e, gr_vec2 p)
{
    switch (e) {
    case LASALLE_EDGE_SOUTH: return p.y;
    case LASALLE_EDGE_NORTH: return s->table_h - p.y;
    case LASALLE_EDGE_WEST: return p.x;
    default: return s->table_w - p.x;
    }
}

int lasalle_reinforce_check(const lasalle_scenario *s, int f, const char *path, gr_error *err)
{
    const lasalle_force *fo = &s->forces[f];
    const lasalle_officer_profile *o = &s->officers[fo->officer];
    if (fo->arrive == LASALLE_ARRIVE_START) return 0;
    for (int k = 0; k < fo->nunits; k++) {
        const lasalle_unit_profile *p = &s->units[fo->units[k]];
        char q[300];
        snprintf(q, sizeof q, "%s.units[%d]", path, k);
        if (p->form == LASALLE_SQUARE || p->form == LASALLE_TOWN || (p->type == LASALLE_ART && p->form != LASALLE_LIMBERED))
            return gr_error_set(err, "%s.formation: reinforcements come on in any formation but Square; artillery "
                                     "Limbered (J, p.91)", q);
        gr_rect h = lasalle_hull_at(p, p->form, p->x, p->y, p->heading);
        gr_vec2 c[4];
        gr_rect_corners(&h, c);
        for (int m = 0; m < 4; m++)
            if (from_edge(s, fo->edge, c[m]) > LASALLE_ARRIVAL_EDGE_BW + 1e-9)
                return gr_error_set(err, "%s.at: every base of an arriving unit stands within %g BW of the %s edge "
                                         "(J, p.91)", q, LASALLE_ARRIVAL_EDGE_BW, edge_names[fo->edge]);
        if (gr_rect_point_dist(&h, gr_v2(o->x, o->y)) > o->range + 1e-9)
            return gr_error_set(err, "%s.at: an arriving unit is placed within its subcommander's command range "
                                     "(%g BW of %s) (J, p.91)", q, o->range, o->name);
    }
    return 0;
}

void lasalle_reinforce_init(const lasalle_scenario *s, lasalle_state *st)
{
    for (int f = 0; f < s->nforces; f++) {
        if (s->forces[f].arrive == LASALLE_ARRIVE_START) continue;
        for (int k = 0; k < s->forces[f].nunits; k++) {
            lasalle_unit *u = &st->u[s->forces[f].units[k]];
            u->status = LASALLE_LEFT;
            u->flags |= LASALLE_UF_RESERVE;
        }
    }
}

int lasalle_force_off(const lasalle_scenario *s, const lasalle_state *st, int f)
{
    const lasalle_force *fo = &s->forces[f];
    return fo->nunits > 0 && (st->u[fo->units[0]].flags & LASALLE_UF_RESERVE);
}

/* the offset along force f's edge of its places shifted by `bw` BW */
static gr_vec2 along_edge(const lasalle_force *fo, double bw)
{
    return fo->edge == LASALLE_EDGE_SOUTH || fo->edge == LASALLE_EDGE_NORTH ? gr_v2(bw, 0) : gr_v2(0, bw);
}

int lasalle_arrival_room(const lasalle_scenario *s, const lasalle_state *st, int f)
{
    return lasalle_arrival_room_at(s, st, f, 0);
}

int lasalle_arrival_shift_ok(int bw)
{
    return bw % LASALLE_ARRIVAL_SHIFT_STEP_BW == 0 && bw >= -LASALLE_ARRIVAL_SHIFT_MAX_BW &&
           bw <= LASALLE_ARRIVAL_SHIFT_MAX_BW;
}

int lasalle_arrival_room_at(const lasalle_scenario *s, const lasalle_state *st, int f, int bw)
{
    const lasalle_force *fo = &s->forces[f];
    gr_vec2 d = along_edge(fo, bw);
    const lasalle_officer_profile *o = &s->officers[fo->officer];
    if (o->x + d.x < 0 || o->x + d.x > s->table_w || o->y + d.y < 0 || o->y + d.y > s->table_h) return 0;
    for (int k = 0; k < fo->nunits; k++) {
        const lasalle_unit_profile *p = &s->units[fo->units[k]];
        gr_rect h = lasalle_hull_at(p, p->form, p->x + d.x, p->y + d.y, p->heading);
        if (lasalle_off_table(s, &h)) return 0;
        for (int j = 0; j < s->nunits; j++) {
            if (!lasalle_alive(st, j)) continue;
            gr_rect g = lasalle_hull(s, st, j);
            if (s->units[j].side != fo->side ? gr_rect_within(&g, &h, LASALLE_ARRIVAL_ENEMY_BW)
                                             : lasalle_rects_overlap(&g, &h))
                return 0;
        }
    }
    return 1;
}

/* force f comes on: its units at their places shifted `bw` BW along the edge, its subcommander beside them */
static void arrive(const lasalle_scenario *s, lasalle_state *st, int f, int bw, const gr_ctx *cx)
{
    const lasalle_force *fo = &s->forces[f];
    gr_vec2 d = along_edge(fo, bw);
    for (int k = 0; k < fo->nunits; k++) {
        int i = fo->units[k];
        const lasalle_unit_profile *p = &s->units[i];
        lasalle_unit *u = &st->u[i];
        u->x = p->x + d.x;
        u->y = p->y + d.y;
        lasalle_unit_set_heading(u, gr_angle_norm(p->heading));
        lasalle_set_form(u, p->form);
        u->status = LASALLE_ON;
        u->flags &= ~(uint32_t)(LASALLE_UF_RESERVE | LASALLE_UF_DUE | LASALLE_UF_ARRIVING);
    }
    st->o[fo->officer].x = s->officers[fo->officer].x + d.x;
    st->o[fo->officer].y = s->officers[fo->officer].y + d.y;
    char where[64] = "";
    if (bw) snprintf(where, sizeof where, ", %d BW %s of its set place", bw < 0 ? -bw : bw,
                     along_edge(fo, 1).x != 0 ? (bw < 0 ? "west" : "east") : (bw < 0 ? "south" : "north"));
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, fo->side, "%s arrives from the %s edge: %d unit%s%s (J, p.91)",
               fo->name, edge_names[fo->edge], fo->nunits, fo->nunits == 1 ? "" : "s", where);
}

/* the shifts offered, in the order tried: the set place, then nearer before farther, west/south first */
static int shift_at(int k) { return (k + 1) / 2 * LASALLE_ARRIVAL_SHIFT_STEP_BW * (k % 2 ? -1 : 1); }
#define SHIFTS (2 * (LASALLE_ARRIVAL_SHIFT_MAX_BW / LASALLE_ARRIVAL_SHIFT_STEP_BW) + 1)

/* the first shift with room, or no shift (returns 0, *bw untouched) */
static int first_room(const lasalle_scenario *s, const lasalle_state *st, int f, int *bw)
{
    for (int k = 0; k < SHIFTS; k++)
        if (lasalle_arrival_room_at(s, st, f, shift_at(k))) {
            *bw = shift_at(k);
            return 1;
        }
    return 0;
}

int lasalle_arrive_end(const void *scn) { return ((const lasalle_scenario *)scn)->nforces; }

int lasalle_arrive_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    const lasalle_force *fo = &s->forces[cursor];
    return fo->side == st->active && fo->nunits > 0 && (st->u[fo->units[0]].flags & LASALLE_UF_ARRIVING);
}

int lasalle_arrive_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int f = st->turn.cursor, n = 0;
    for (int k = 0; k < SHIFTS && n < max; k++) {
        if (!lasalle_arrival_room_at(s, st, f, shift_at(k))) continue;
        out[n] = (gr_action){0};
        out[n].type = LASALLE_A_ARRIVE;
        out[n].actor = -1;
        out[n].target = (int16_t)shift_at(k);
        out[n].arg = (int16_t)f;
        n++;
    }
    return n;
}

int lasalle_arrive_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int f = st->turn.cursor;
    if (a->type != LASALLE_A_ARRIVE)
        return gr_error_set(err, "the Status Phase asks where %s comes on: 'f%d arrive K', K in BW along the %s "
                                 "edge (J, p.91)", s->forces[f].name, f, edge_names[s->forces[f].edge]);
    if (a->arg != f) return gr_error_set(err, "%s is the force arriving now: 'f%d arrive K' (J, p.91)", s->forces[f].name, f);
    if (!lasalle_arrival_shift_ok(a->target))
        return gr_error_set(err, "%s comes on at its set place or %d, %d, ... up to %d BW either way along the edge: "
                                 "%d is not one of them (J, p.91)", s->forces[f].name, LASALLE_ARRIVAL_SHIFT_STEP_BW,
                            2 * LASALLE_ARRIVAL_SHIFT_STEP_BW, LASALLE_ARRIVAL_SHIFT_MAX_BW, a->target);
    if (!lasalle_arrival_room_at(s, st, f, a->target))
        return gr_error_set(err, "%s has no room %d BW along the edge: every base on the table within %g BW of "
                                 "the edge, none within %g BW of an enemy or on a friend (J, p.91)", s->forces[f].name,
                            a->target, LASALLE_ARRIVAL_EDGE_BW, LASALLE_ARRIVAL_ENEMY_BW);
    arrive(s, st, f, a->target, cx);
    st->turn.cursor++;
    return 0;
}

int lasalle_arrive_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int f = st->turn.cursor, bw = 0;
    (void)err;
    if (first_room(s, st, f, &bw)) arrive(s, st, f, bw, cx);
    return 0;
}

/* the roll for reserve f: 2d6 under the turn number plus the subcommander's vigor; 1 arrives, -1 dice */
static int roll_for(const lasalle_scenario *s, lasalle_state *st, int f, const gr_ctx *cx)
{
    int vigor = st->o[s->forces[f].officer].vigor, need = st->turn_no + vigor, d[LASALLE_ARRIVAL_DICE], sum = 0;
    char purpose[160];
    snprintf(purpose, sizeof purpose, "the arrival of %s (2d6 under %d)", s->forces[f].name, need);
    if (!gr_dice_roll(cx ? cx->dice : NULL, LASALLE_ARRIVAL_DICE, d, purpose)) return -1;
    for (int k = 0; k < LASALLE_ARRIVAL_DICE; k++) sum += d[k];
    gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, s->forces[f].side, "%s %s: %d against under %d (J, p.91)",
               s->forces[f].name, sum < need ? "arrives" : "is not here yet", sum, need);
    return sum < need;
}

int lasalle_reserve_may_roll(const lasalle_scenario *s, const lasalle_state *st, int f)
{
    const lasalle_force *fo = &s->forces[f];
    return fo->side == st->active && fo->arrive == LASALLE_ARRIVE_ROLL && lasalle_force_off(s, st, f) &&
           !(st->u[fo->units[0]].flags & LASALLE_UF_DUE);
}

int lasalle_reserve_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    int n = 0;
    (void)cursor;
    for (int f = 0; f < s->nforces && n < 2; f++) n += lasalle_reserve_may_roll(s, state, f);
    return n >= 2;
}

int lasalle_reserve_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    int n = 0;
    for (int f = 0; f < s->nforces && n < max; f++) {
        if (!lasalle_reserve_may_roll(s, state, f)) continue;
        out[n] = (gr_action){0};
        out[n].type = LASALLE_A_RESERVE;
        out[n].actor = -1;
        out[n].target = -1;
        out[n].arg = (int16_t)f;
        n++;
    }
    return n;
}

int lasalle_reserve_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    if (a->type != LASALLE_A_RESERVE) return gr_error_set(err, "the Status Phase asks which reserve rolls (J, p.91)");
    if (a->arg < 0 || a->arg >= s->nforces || !lasalle_reserve_may_roll(s, st, a->arg))
        return gr_error_set(err, "f%d is not a reserve force of the %s still to roll for (J, p.91)", a->arg,
                            s->side_name[st->active]);
    st->reserve_roll = (int8_t)(a->arg + 1);
    st->turn.cursor++; /* the declaration is made: the Status Phase goes on */
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, st->active, "the %s declare %s as the reserve to roll (J, p.91)",
               s->side_name[st->active], s->forces[a->arg].name);
    return 0;
}

/* the reserve that rolls this Status Phase: the one declared, else the first in the file (ruling R-71) */
static int roller(const lasalle_scenario *s, lasalle_state *st)
{
    int f = st->reserve_roll - 1;
    st->reserve_roll = 0;
    if (f >= 0 && f < s->nforces && lasalle_reserve_may_roll(s, st, f)) return f;
    for (f = 0; f < s->nforces; f++)
        if (lasalle_reserve_may_roll(s, st, f)) return f;
    return -1;
}

int lasalle_reinforce_run(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    int rolls = roller(s, st);
    for (int f = 0; f < s->nforces; f++) {
        const lasalle_force *fo = &s->forces[f];
        if (fo->side != st->active || !lasalle_force_off(s, st, f)) continue;
        int due = (st->u[fo->units[0]].flags & LASALLE_UF_DUE) ||
                  (fo->arrive == LASALLE_ARRIVE_TURN && st->turn_no >= fo->arrive_turn);
        /* one reserve rolls a Status Phase: the one its player declared [J, p.91] */
        if (!due && f == rolls) {
            int r = roll_for(s, st, f, cx);
            if (r < 0) return -1;
            due = r;
        }
        if (!due) continue;
        int bw = 0;
        if (first_room(s, st, f, &bw)) { /* where along the edge is the owner's choice, the next step */
            for (int k = 0; k < fo->nunits; k++) st->u[fo->units[k]].flags |= LASALLE_UF_ARRIVING;
            continue;
        }
        for (int k = 0; k < fo->nunits; k++) st->u[fo->units[k]].flags |= LASALLE_UF_DUE;
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, fo->side, "%s is delayed: no room to arrive (J, p.91)", fo->name);
    }
    return 0;
}
