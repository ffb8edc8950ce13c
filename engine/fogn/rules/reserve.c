/* reserve.c - divisions that start off the table (§8.1): reserves behind the
 * owner's base edge, flank marches on a side edge and the timed
 * reinforcements of historical scenarios. At the start of each of its side's
 * Movement Phases a waiting division rolls to activate (or comes on because
 * an enemy is near its sector, or because its move has come); an activated
 * division's units then come on, up to three a phase, each one an "arrive"
 * decision of the owner: where along the sector, in which formation, and how
 * far in. Enemies near the arrival point are pushed back. */
#include "reserve.h"
#include "building.h"
#include "contact.h"
#include "tables.h"
#include "cmdr.h"
#include "cmt.h"
#include "cohesion.h"
#include "footprint.h"
#include "move.h"
#include "movetable.h"
#include "orders.h"
#include "../../core/words.h"


#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

_Static_assert(offsetof(fogn_state, res_pad) + sizeof(((fogn_state *)0)->res_pad) == offsetof(fogn_state, c),
               "fogn_state: the reserve bytes must leave no hidden padding before the commanders");

#define PUSH_STEP 0.05    /* a blocked push is drawn back this much at a time */
#define ARRIVE_STEP 0.25  /* "as far as it may" is searched in steps of this */

int fogn_own_move(const fogn_scenario *s, const fogn_state *st, int side)
{
    return side == s->first_side ? (st->move + 1) / 2 : st->move / 2;
}

void fogn_reserve_sector(const fogn_scenario *s, int d, gr_vec2 *a, gr_vec2 *b, gr_vec2 *inward)
{
    const fogn_division *dv = &s->divs[d];
    double W = s->table_w, H = s->table_h;
    int south = s->base_edge[dv->side] == 0;
    if (dv->res_edge == FOGN_EDGE_REAR) {
        double y = south ? 0 : H;
        /* looking across from the south edge, left is west; from the north, east */
        int third = dv->res_sector == FOGN_SEC_CENTRE ? 1 : (dv->res_sector == FOGN_SEC_LEFT) == south ? 0 : 2;
        *a = gr_v2(W * third / 3.0, y);
        *b = gr_v2(W * (third + 1) / 3.0, y);
        *inward = gr_v2(0, south ? 1 : -1);
        return;
    }
    int left = dv->res_edge == FOGN_EDGE_LEFT;
    double x = left == south ? 0 : W;
    int low = (dv->res_sector == FOGN_SEC_REAR) == south; /* the half nearer y = 0 */
    *a = gr_v2(x, low ? 0 : H / 2);
    *b = gr_v2(x, low ? H / 2 : H);
    *inward = gr_v2(x == 0 ? 1 : -1, 0);
}

/* the point of the sector at coordinate t along its edge (x on the base
 * edges, y on the side edges); false when t is outside the sector */
static bool entry_point(const fogn_scenario *s, int d, double t, gr_vec2 *e, gr_vec2 *inward)
{
    gr_vec2 a, b;
    fogn_reserve_sector(s, d, &a, &b, inward);
    int along_x = fabs(inward->y) > 0.5;
    double lo = along_x ? fmin(a.x, b.x) : fmin(a.y, b.y), hi = along_x ? fmax(a.x, b.x) : fmax(a.y, b.y);
    if (t < lo - GR_EPS || t > hi + GR_EPS) return false;
    *e = along_x ? gr_v2(t, a.y) : gr_v2(a.x, t);
    return true;
}

static bool enemy_near_sector(const fogn_scenario *s, const fogn_state *st, int d)
{
    gr_vec2 seg[2], in;
    fogn_reserve_sector(s, d, &seg[0], &seg[1], &in);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->divs[d].side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect r = fogn_unit_rect(&s->units[j], &st->u[j]);
        gr_vec2 c[4];
        gr_rect_corners(&r, c);
        if (gr_polyline_poly_dist(seg, 2, c, 4) <= FOGN_RESERVE_AUTO_RANGE + GR_EPS) return true;
    }
    return false;
}

void fogn_reserve_setup(const fogn_scenario *s, fogn_state *st)
{
    for (int d = 0; d < s->ndivs; d++) {
        if (!s->divs[d].reserve) continue;
        st->res[d] = FOGN_RES_WAITING;
        /* a division wholly off the table has its commander off with it */
        int on = 0;
        for (int i = 0; i < s->nunits; i++) on += s->units[i].division == d && !s->units[i].off_table;
        int c = s->divs[d].commander;
        if (!on && c >= 0) st->c[c].flags &= (uint8_t)~FOGN_CF_ON_TABLE;
    }
}

static void set_arriving(const fogn_scenario *s, fogn_state *st, int d, gr_log *log, const char *why)
{
    st->res[d] = FOGN_RES_ARRIVING;
    gr_log_add(log, GR_EV_NOTE, s->divs[d].side, "%s begins to come on from the %s edge (%s sector): %s",
               s->divs[d].name, fogn_res_edge_name(s->divs[d].res_edge), fogn_res_sector_name(s->divs[d].res_sector),
               why);
}

int fogn_reserve_activate(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    int side = st->active, own = fogn_own_move(s, st, side);
    for (int d = 0; d < s->ndivs; d++) {
        const fogn_division *dv = &s->divs[d];
        if (dv->side != side) continue;
        if (st->res[d] == FOGN_RES_ACTIVATED) {
            set_arriving(s, st, d, log, "activated last move");
            continue;
        }
        if (st->res[d] != FOGN_RES_WAITING) continue;
        char why[96];
        if (dv->res_arrives) {
            if (own < dv->res_arrives) continue;
            snprintf(why, sizeof why, "due on its side's move %d", dv->res_arrives);
            set_arriving(s, st, d, log, why);
            continue;
        }
        if (enemy_near_sector(s, st, d)) {
            set_arriving(s, st, d, log, "an enemy is within 12 MU of its sector");
            continue;
        }
        if (dv->res_latest && own >= dv->res_latest) {
            snprintf(why, sizeof why, "its side's move %d has come", dv->res_latest);
            set_arriving(s, st, d, log, why);
            continue;
        }
        if (own < FOGN_RESERVE_FROM_MOVE) continue;
        int c = dv->commander, level = c >= 0 && st->c[c].level ? st->c[c].level : 1;
        char who[80];
        snprintf(who, sizeof who, "%s", dv->name);
        /* ruling (§8.1): no command point is spent and no élan re-roll applies (élan level 1) */
        int pass = fogn_roll_test(side, who, level, FOGN_RESERVE_PASS, 1, dice, log, "activation roll",
                                  "come on next move");
        if (pass < 0) return -1;
        if (pass) st->res[d] = FOGN_RES_ACTIVATED;
    }
    return 0;
}

static int arrived_this_phase(const fogn_scenario *s, const fogn_state *st, int d)
{
    int n = 0;
    for (int i = 0; i < s->nunits; i++) n += s->units[i].division == d && (st->u[i].flags & FOGN_UF_ARRIVED);
    return n;
}

static bool waiting_off(const fogn_state *st, int i)
{
    return !(st->u[i].flags & (FOGN_UF_ON_TABLE | FOGN_UF_DESTROYED));
}

int fogn_reserve_due(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit_profile *p = &s->units[i];
    if (p->side != st->active || !p->off_table || !waiting_off(st, i)) return 0;
    if (p->division < 0 || st->res[p->division] != FOGN_RES_ARRIVING) return 0;
    if (st->u[i].flags & FOGN_UF_MOVED) return 0;
    return arrived_this_phase(s, st, p->division) < FOGN_RESERVE_PER_MOVE;
}

/* the worst move class under a footprint; -1 when it is impassable */
static double allowance_over(const fogn_scenario *s, const fogn_unit_profile *p, const fogn_unit *u, const gr_rect *r)
{
    int idx[GR_TERRAIN_MAX];
    int n = gr_terrain_under_rect(&s->terrain, r, idx, GR_TERRAIN_MAX);
    fogn_move_class worst = FOGN_MC_OPEN;
    for (int k = 0; k < n; k++) {
        fogn_move_class mc = fogn_piece_move_class(&s->terrain.p[idx[k]]);
        if (mc > worst) worst = mc;
    }
    if (worst == FOGN_MC_IMPASSABLE) return -1;
    return fogn_allowance(s, p, u, worst);
}

/* the swept area of a unit of depth `depth` coming in along `in` from e
 * until its front edge is `dist` from the edge */
static gr_rect swept(gr_vec2 e, gr_vec2 in, double heading, double w, double dist)
{
    return gr_rect_make(gr_v2_add(e, gr_v2_scale(in, dist)), heading, w, dist);
}

typedef struct arrival {
    gr_vec2 e, in;
    double heading, w, depth, dist;
    int stuck; /* placed on the edge within 2 MU of an enemy: may not move on */
} arrival;

/* Works out where the unit ends: `want` > 0 exactly there, 0 as far as it
 * may. The state's unit carries the new formation already. */
static int plan_arrival(const fogn_scenario *s, const fogn_state *st, int i, double want, arrival *ar, gr_error *err)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    fogn_unit probe = *u;
    probe.x = ar->e.x;
    probe.y = ar->e.y;
    fogn_unit_set_heading(&probe, ar->heading);
    probe.kink = 0;
    probe.bend = 0;
    gr_rect r0 = fogn_unit_rect(p, &probe);
    ar->w = r0.w;
    ar->depth = r0.d;
    uint64_t self = 1ull << i;
    double full = -1;
    /* the allowance over the ground it crosses (the worst class under its path) */
    double guess = fogn_allowance(s, p, u, FOGN_MC_OPEN);
    for (int pass = 0; pass < 2; pass++) {
        double reach = guess > ar->depth ? guess : ar->depth;
        gr_rect path = swept(ar->e, ar->in, ar->heading, ar->w, reach);
        double a = allowance_over(s, p, u, &path);
        if (a < 0) {
            full = -1;
            break;
        }
        full = a;
        if (a >= guess - GR_EPS) break;
        guess = a;
    }
    if (full < 0) return gr_error_set(err, "%s cannot come on there: impassable ground at the edge", p->name);
    double lo = ar->depth, hi = full > lo ? full : lo;
    if (want > 0) {
        if (want < lo - GR_EPS)
            return gr_error_set(err, "%s is %.2f MU deep: its front edge comes at least that far in", p->name, lo);
        if (want > hi + GR_EPS)
            return gr_error_set(err, "%s may come %.2f MU in here, not %.2f (§8.1)", p->name, hi, want);
        lo = hi = want;
    }
    /* from the farthest wanted distance down to the shortest */
    for (double dist = hi; dist >= lo - GR_EPS; dist -= ARRIVE_STEP) {
        if (dist < lo) dist = lo;
        gr_rect path = swept(ar->e, ar->in, ar->heading, ar->w, dist);
        gr_rect end = gr_rect_make(gr_v2_add(ar->e, gr_v2_scale(ar->in, dist)), ar->heading, ar->w, ar->depth);
        fogn_unit at = probe;
        at.x = end.fc.x;
        at.y = end.fc.y;
        /* like any ordinary move, it does not end in a built-up area or field work (building.c) */
        if (fogn_pose_clear(s, st, &path, self) && fogn_pose_clear(s, st, &end, self) &&
            fogn_enemy_dist(s, st, i, &end) >= FOGN_RESERVE_CLEAR - GR_EPS && !fogn_bld_move_ok(s, st, i, &at, 0, NULL)) {
            ar->dist = dist;
            ar->stuck = 0;
            return 0;
        }
        if (dist <= lo) break;
    }
    /* §8.1: no room beyond 2 MU of the enemy: it comes on against the edge and stays */
    gr_rect edge = gr_rect_make(gr_v2_add(ar->e, gr_v2_scale(ar->in, ar->depth)), ar->heading, ar->w, ar->depth);
    if (want > 0 && want > ar->depth + GR_EPS)
        return gr_error_set(err, "%s would end within %.0f MU of the enemy or on another unit (§8.1)", p->name,
                            FOGN_RESERVE_CLEAR);
    if (!fogn_pose_clear(s, st, &edge, self) || fogn_enemy_dist(s, st, i, &edge) <= FOGN_CONTACT_TOL)
        return gr_error_set(err, "there is no room for %s at this point of the edge", p->name);
    ar->dist = ar->depth;
    ar->stuck = 1;
    return 0;
}

static bool in_works(const fogn_scenario *s, const gr_rect *r)
{
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if ((pc->type == GR_T_BUILDING || pc->type == GR_T_FORTIFICATION) && gr_terrain_piece_touches_rect(pc, r))
            return true;
    }
    return false;
}

/* does unit j, posed as w, stand clear of everyone and on the table with
 * every part (a bent column's or kinked line's two)? */
static bool parts_clear(const fogn_scenario *s, const fogn_state *st, int j, const fogn_unit *w)
{
    gr_rect parts[2];
    int n = fogn_unit_rects(&s->units[j], w, parts);
    for (int k = 0; k < n; k++)
        if (!fogn_pose_clear(s, st, &parts[k], 1ull << j)) return false;
    return true;
}

/* §8.1: enemies near the arrival point are pushed straight back from the edge
 * to 6 MU from it, or a Wavering one falls back 6 MU; each stops short where
 * its way is blocked (ruling) */
static void push_back(const fogn_scenario *s, fogn_state *st, int arriver, gr_vec2 e, gr_vec2 in, gr_log *log)
{
    int side = s->units[arriver].side;
    for (int j = 0; j < s->nunits; j++) {
        const fogn_unit_profile *q = &s->units[j];
        fogn_unit *v = &st->u[j];
        if (q->side == side || !fogn_unit_alive(v)) continue;
        gr_rect r = fogn_unit_rect(q, v);
        if (gr_rect_point_dist(&r, e) > FOGN_RESERVE_PUSH + GR_EPS) continue;
        if (fogn_unit_in_contact(s, st, j) || in_works(s, &r)) continue;
        gr_vec2 c[4];
        gr_rect_corners(&r, c);
        double near = INFINITY;
        for (int k = 0; k < 4; k++) {
            double dd = gr_v2_dot(gr_v2_sub(c[k], e), in);
            if (dd < near) near = dd;
        }
        int wavering = v->cohesion == FOGN_WAVERING;
        double need = FOGN_RESERVE_PUSH - near;
        if (wavering && need < FOGN_RESERVE_PUSH) need = FOGN_RESERVE_PUSH;
        double moved = 0;
        for (double t = need; t > 0; t -= PUSH_STEP) {
            fogn_unit w = *v;
            w.x += in.x * t;
            w.y += in.y * t;
            if (parts_clear(s, st, j, &w)) {
                v->x = w.x;
                v->y = w.y;
                moved = t;
                break;
            }
        }
        if (wavering) {
            gr_log_add(log, GR_EV_MOVE, q->side, "%s, Wavering, falls back %.1f MU from the arriving %s", q->name, moved,
                       s->units[arriver].name);
            continue;
        }
        fogn_lose(s, st, j, 1, NULL, "pushed back by an arrival"); /* told below; a Broken unit stays Broken */
        gr_log_add(log, GR_EV_MOVE, q->side, "%s is pushed back %.1f MU by the arriving %s and is now %s", q->name,
                   moved, s->units[arriver].name, fogn_cohesion_name((fogn_cohesion)v->cohesion));
    }
}

/* after the arrival: pushed units turn to face their nearest enemy where
 * they have room to (ruling: about their centre) */
static void face_nearest(const fogn_scenario *s, fogn_state *st, int arriver, gr_vec2 e)
{
    int side = s->units[arriver].side;
    for (int j = 0; j < s->nunits; j++) {
        const fogn_unit_profile *q = &s->units[j];
        fogn_unit *v = &st->u[j];
        if (q->side == side || !fogn_unit_alive(v)) continue;
        gr_rect r = fogn_unit_rect(q, v);
        if (gr_rect_point_dist(&r, e) > FOGN_RESERVE_PUSH + FOGN_RESERVE_PUSH + GR_EPS) continue;
        int best = -1;
        double bd = INFINITY;
        for (int k = 0; k < s->nunits; k++) {
            if (s->units[k].side == q->side || !fogn_unit_alive(&st->u[k])) continue;
            double dd = fogn_units_apart(s, st, j, k);
            if (dd < bd) bd = dd, best = k;
        }
        if (best != arriver) continue; /* only those the arrival now faces them with */
        gr_rect rb = fogn_unit_rect(&s->units[best], &st->u[best]);
        gr_vec2 cj = gr_rect_centre(&r), cb = gr_rect_centre(&rb);
        double h = atan2(cb.y - cj.y, cb.x - cj.x);
        gr_rect turned = gr_rect_rotate_about(&r, cj, gr_angle_diff(h, r.heading));
        fogn_unit w = *v;
        w.x = turned.fc.x;
        w.y = turned.fc.y;
        fogn_unit_face_as(&w, &turned);
        if (!parts_clear(s, st, j, &w)) continue;
        *v = w;
    }
}

int fogn_reserve_arrive(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_log *log, gr_error *err)
{
    int i = a->actor;
    if (i < 0 || i >= s->nunits) return gr_error_set(err, "no such unit");
    const fogn_unit_profile *p = &s->units[i];
    fogn_unit *u = &st->u[i];
    if (!fogn_reserve_due(s, st, i))
        return gr_error_set(err, "%s is not coming on now (its division has not been activated, or three units "
                            "have come on this move, §8.1)", p->name);
    int d = p->division;
    int form = a->arg;
    if (form < 0 || form >= FOGN_F_COUNT || form == FOGN_F_SQUARE || !fogn_formation_allowed(p, (fogn_formation)form))
        return gr_error_set(err, "%s cannot come on in that formation (any but square, §8.1)", p->name);
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART && form != FOGN_F_LIMBERED)
        return gr_error_set(err, "artillery comes on limbered (§8.1)");
    arrival ar;
    if (!entry_point(s, d, a->p[0], &ar.e, &ar.in)) {
        gr_vec2 sa, sb, in;
        fogn_reserve_sector(s, d, &sa, &sb, &in);
        int along_x = fabs(in.y) > 0.5;
        return gr_error_set(err, "%.1f is outside %s%s arrival sector (%s %.1f to %.1f)", a->p[0], s->divs[d].name,
                            gr_words_poss(s->divs[d].name),
                            along_x ? "x" : "y", along_x ? fmin(sa.x, sb.x) : fmin(sa.y, sb.y),
                            along_x ? fmax(sa.x, sb.x) : fmax(sa.y, sb.y));
    }
    ar.heading = atan2(ar.in.y, ar.in.x);
    u->formation = (uint8_t)form;
    u->kink = 0;
    u->bend = 0;
    push_back(s, st, i, ar.e, ar.in, log);
    if (plan_arrival(s, st, i, a->p[1], &ar, err)) return -1;
    gr_vec2 fc = gr_v2_add(ar.e, gr_v2_scale(ar.in, ar.dist));
    u->x = fc.x;
    u->y = fc.y;
    fogn_unit_set_heading(u, ar.heading);
    u->flags |= FOGN_UF_ON_TABLE | FOGN_UF_ARRIVED | FOGN_UF_MOVED;
    if (ar.stuck) u->flags |= FOGN_UF_NO_MOVE;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s comes on at (%.1f, %.1f) in %s, its front %.1f MU in%s", p->name, ar.e.x,
               ar.e.y, fogn_formation_name((fogn_formation)form), ar.dist,
               ar.stuck ? ": no room beyond 2 MU of the enemy, it stays against the edge" : "");
    face_nearest(s, st, i, ar.e);
    /* §8.1: the division commander comes on with its first foot or horse unit */
    int c = s->divs[d].commander;
    if (c >= 0 && !(st->c[c].flags & (FOGN_CF_ON_TABLE | FOGN_CF_CASUALTY))) {
        int foot_or_horse = fogn_troop_arm((fogn_troop)p->troop) != FOGN_ARM_ART, others = 0;
        for (int k = 0; k < s->nunits; k++)
            others += k != i && s->units[k].division == d && waiting_off(st, k) &&
                      fogn_troop_arm((fogn_troop)s->units[k].troop) != FOGN_ARM_ART;
        if (foot_or_horse || !others) {
            gr_vec2 post = fogn_cmdr_post(s, st, i);
            double h = FOGN_CMDR_BASE / 2;
            st->c[c].x = fmin(fmax(post.x, h), s->table_w - h);
            st->c[c].y = fmin(fmax(post.y, h), s->table_h - h);
            st->c[c].flags |= FOGN_CF_ON_TABLE | FOGN_CF_MOVED;
            gr_log_add(log, GR_EV_MOVE, p->side, "%s comes on with %s", s->cmdrs[c].name, p->name);
        }
    }
    int left = 0;
    for (int k = 0; k < s->nunits; k++) left += s->units[k].division == d && s->units[k].off_table && waiting_off(st, k);
    if (!left) st->res[d] = FOGN_RES_NONE;
    return 0;
}

bool fogn_reserve_arrival_ok(const fogn_scenario *s, const fogn_state *st, const gr_action *a)
{
    fogn_state tmp = *st;
    return fogn_reserve_arrive(s, &tmp, a, NULL, NULL) == 0;
}

int fogn_reserve_orders(const fogn_scenario *s, const fogn_state *st, int i, gr_action *out, int max)
{
    int n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, i, -1, 0);
    const fogn_unit_profile *p = &s->units[i];
    gr_vec2 a, b, in;
    fogn_reserve_sector(s, p->division, &a, &b, &in);
    int along_x = fabs(in.y) > 0.5;
    double lo = along_x ? fmin(a.x, b.x) : fmin(a.y, b.y), hi = along_x ? fmax(a.x, b.x) : fmax(a.y, b.y);
    int forms[2], nf = 0;
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART) {
        forms[nf++] = FOGN_F_LIMBERED;
    } else {
        forms[nf++] = FOGN_F_COLUMN;
        if (fogn_formation_allowed(p, FOGN_F_TACTICAL)) forms[nf++] = FOGN_F_TACTICAL;
    }
    for (int k = 0; k < FOGN_RESERVE_ENTRY_POINTS; k++) {
        double t = lo + (hi - lo) * (2 * k + 1) / (2.0 * FOGN_RESERVE_ENTRY_POINTS);
        for (int f = 0; f < nf && n < max; f++) {
            gr_action act = fogn_act(FOGN_A_ARRIVE, i, -1, forms[f]);
            act.p[0] = (float)t;
            act.p[1] = 0;
            if (fogn_reserve_arrival_ok(s, st, &act)) out[n++] = act;
        }
    }
    return n;
}
