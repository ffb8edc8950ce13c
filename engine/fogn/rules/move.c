/* move.c - exact moves in the Movement Phase (§8.2-§8.10, §15.1): computing
 * where a move takes a unit, measuring it against the allowance over the
 * worst terrain crossed, and refusing it, with the reason, when any rule is
 * broken. Orders (orders.c) compile into these same moves, so a person's
 * exact move and the AI's order are judged by one set of rules.
 *
 * The check runs in stages over one fogn_move_ctx (move_check.h): whether
 * the unit may move at all and the table (here), the pose (move_pose.c),
 * the ground (move_check_terrain.c), the enemy (move_check_enemy.c) and
 * friends (move_check_friends.c). */
#include "move.h"
#include "move_check.h"
#include "building.h"
#include "footprint.h"
#include "movetable.h"
#include "reserve.h"

#include <math.h>
#include <string.h>

bool fogn_is_skirmisher(const fogn_unit_profile *p, const fogn_unit *u)
{
    fogn_troop t = (fogn_troop)p->troop;
    if (t == FOGN_CAV_IRR_LIGHT) return true;
    if (t == FOGN_CAV_LIGHT && u->formation == FOGN_F_LINE) return true;
    return u->formation == FOGN_F_SKIRMISH || u->formation == FOGN_F_SKIRMISH_LINE;
}

bool fogn_rect_on_table(const fogn_scenario *s, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    for (int i = 0; i < 4; i++)
        if (c[i].x < -FOGN_TABLE_TOL || c[i].y < -FOGN_TABLE_TOL || c[i].x > s->table_w + FOGN_TABLE_TOL ||
            c[i].y > s->table_h + FOGN_TABLE_TOL)
            return false;
    return true;
}

double fogn_enemy_dist(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where)
{
    return fogn_enemy_dist_within(s, st, unit, where, INFINITY);
}

double fogn_enemy_dist_within(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where,
                              double cap)
{
    return fogn_enemy_dist_kept(s, st, unit, where, cap, NULL);
}

_Static_assert(FOGN_MAX_UNITS <= 64, "the tries' masks of enemies met hold a bit a unit");

double fogn_met_reach(const fogn_scenario *s, const fogn_state *st, fogn_move_tries *t, int j)
{
    if (!t) return fogn_bld_meet_reach(s, st, j);
    if (!(t->met_reach & (1ull << j))) {
        t->met[j].reach = fogn_bld_meet_reach(s, st, j);
        t->met_reach |= 1ull << j;
    }
    return t->met[j].reach;
}

const fogn_met_geom *fogn_met_rects(const fogn_scenario *s, const fogn_state *st, fogn_move_tries *t, int j,
                                    fogn_met_geom *tmp)
{
    fogn_met_geom *g = t ? &t->met[j] : tmp;
    if (t && (t->met_rects & (1ull << j))) return g;
    g->n = fogn_bld_meet_rects(s, st, j, g->r);
    for (int k = 0; k < g->n; k++) {
        gr_rect_corners(&g->r[k], g->corner[k]);
        fogn_rect_box(&g->r[k], g->box[k]);
    }
    if (t) t->met_rects |= 1ull << j;
    return g;
}

double fogn_enemy_dist_kept(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *where, double cap,
                            fogn_move_tries *t)
{
    gr_rect mine[2];
    int nm;
    /* a circle holding the footprint, to pass over enemies that cannot be nearer */
    gr_vec2 mc;
    double mr;
    if (where) {
        mine[0] = *where;
        nm = 1;
        mc = gr_rect_centre(where);
        mr = 0.5 * sqrt(where->w * where->w + where->d * where->d);
    } else {
        nm = fogn_unit_rects(&s->units[unit], &st->u[unit], mine);
        mc = gr_v2(st->u[unit].x, st->u[unit].y);
        mr = fogn_unit_reach(&s->units[unit], &st->u[unit]);
    }
    /* the enemy whose centre is nearest is measured first: the least of the
     * distances is the same in any order, and a small first one lets the
     * circles pass over the others */
    double apart[FOGN_MAX_UNITS];
    int en[FOGN_MAX_UNITS], nen = 0, first = -1; /* the live enemies, in index order */
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[unit].side || !fogn_unit_alive(&st->u[j])) continue;
        double ax = st->u[j].x - mc.x, ay = st->u[j].y - mc.y;
        apart[j] = sqrt(ax * ax + ay * ay);
        if (first < 0 || apart[j] < apart[first]) first = j;
        en[nen++] = j;
    }
    double d = cap;
    for (int q = -1; q < nen && first >= 0; q++) {
        int j = q < 0 ? first : en[q];
        if (q >= 0 && j == first) continue;
        /* the largest reach first: it passes over most enemies without working out theirs (a building's
         * garrison is measured to its perimeter, §15.4, which may lie beyond its footprint's reach; outside
         * buildings the reach met is the footprint's, fogn_unit_reach) */
        if (st->u[j].bld >= 0 ? apart[j] - mr - fogn_met_reach(s, st, t, j) >= d
                              : apart[j] - mr - FOGN_REACH_MAX >= d ||
                                    apart[j] - mr - (t ? fogn_met_reach(s, st, t, j)
                                                       : fogn_unit_reach(&s->units[j], &st->u[j])) >= d)
            continue;
        double x;
        if (t) {
            const fogn_met_geom *g = fogn_met_rects(s, st, t, j, NULL);
            x = fogn_rects_dist(mine, nm, g->r, g->n);
        } else {
            gr_rect e[2];
            int ne = fogn_bld_meet_rects(s, st, j, e);
            x = fogn_rects_dist(mine, nm, e, ne);
        }
        if (x < d) d = x;
    }
    return d;
}

/* --- the check ------------------------------------------------------------------------------ */

/* the deepest corner of a footprint, measured from `side`'s base edge */
static double reach_from_edge(const fogn_scenario *s, int side, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    double far = 0;
    for (int k = 0; k < 4; k++) {
        double d = s->base_edge[side] == 0 ? c[k].y : s->table_h - c[k].y;
        if (d > far) far = d;
    }
    return far;
}

/* §8.13: in each side's first moves of a points game the attacker makes no
 * move to the rear and the defender's units stay in their deployment area,
 * save a first move that ends touching a built-up area; Skirmishers are
 * free. A unit already outside may move as long as it goes no farther out
 * (ruling). */
static int opening_check(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, int skirm,
                         const gr_rect *start, const gr_rect *end, gr_error *err)
{
    const fogn_unit_profile *p = &s->units[m->unit];
    int own = fogn_own_move(s, st, p->side);
    if (!s->opening_moves || skirm || own > s->opening_moves) return 0;
    if (p->side == s->first_side) {
        if (m->kind == FOGN_MK_REAR || (m->kind == FOGN_MK_GROUP && m->dist < 0))
            return gr_error_set(err, "%s may not move to the rear in the attacker's first %d moves (§8.13)", p->name,
                                s->opening_moves);
        return 0;
    }
    double zone = s->deploy_depth[p->side], far = reach_from_edge(s, p->side, end);
    if (far <= zone + GR_EPS || far <= reach_from_edge(s, p->side, start) + GR_EPS) return 0;
    if (!m->second)
        for (int k = 0; k < s->terrain.n; k++)
            if (s->terrain.p[k].type == GR_T_BUILDING && gr_terrain_piece_touches_rect(&s->terrain.p[k], end)) return 0;
    return gr_error_set(err, "%s may not leave its deployment area (%.1f MU from its base edge) in the defender's first %d "
                        "moves, except to reach a built-up area (§8.13)", p->name, zone, s->opening_moves);
}

/* may the unit move at all now (§8.2, §8.7, §8.10, §8.12, §2.4)? A second
 * move is complex (§8.10) */
static int mover_may_move(const fogn_move_ctx *c)
{
    const fogn_unit_profile *p = c->p;
    const fogn_unit *u = c->u;
    const fogn_move *m = c->m;
    gr_error *err = c->err;
    if (!fogn_unit_alive(u)) return gr_error_set(err, "%s is not on the table", p->name);
    if (p->side != c->st->active) return gr_error_set(err, "%s belongs to the side not moving", p->name);
    if (u->flags & FOGN_UF_NO_MOVE)
        return gr_error_set(err, "%s assaulted, arrived or made an outcome move this move and may not move (§8.2)", p->name);
    if (u->flags & FOGN_UF_IN_COMBAT) return gr_error_set(err, "%s is in combat and may not move (§8.2)", p->name);
    if (u->flags & FOGN_UF_STATIONARY)
        return gr_error_set(err, "%s was passed through by a friend and must stay where it is this phase (§8.7)", p->name);
    if (u->cohesion == FOGN_BROKEN)
        return gr_error_set(err, "%s is Broken: it may only make its flight move (§8.12)", p->name);
    if ((p->caps & FOGN_CAP_IMMOBILE) && m->kind != FOGN_MK_TURN)
        return gr_error_set(err, "%s is immobile artillery and never moves (§2.4)", p->name);
    if (m->second) {
        if (c->wav) return gr_error_set(err, "%s is Wavering: no second move (§8.10)", p->name);
        if (u->flags & FOGN_UF_CMT_FAILED)
            return gr_error_set(err, "%s failed a complex move test: no second move (§5.3)", p->name);
        if (u->flags & FOGN_UF_SECOND_DONE) return gr_error_set(err, "%s has made its second move", p->name);
        fogn_move_mark_complex(c->plan, "second move");
    } else if (u->flags & FOGN_UF_MOVED) {
        return gr_error_set(err, "%s has already moved this phase", p->name);
    }
    /* §8.4: a column bent at a turn follows its head round it */
    if (FOGN_BENT_COLUMN(u) && m->kind != FOGN_MK_ROAD && m->kind != FOGN_MK_FORM && m->kind != FOGN_MK_NORMAL)
        return gr_error_set(err, "%s is a March Column bent at a turn: it goes straight ahead (or on along the "
                            "road it follows), its rear following its head round the turn, or changes formation "
                            "(§8.4)", p->name);
    /* §8.5: a kinked line moves by a normal move that brings its right half into line first */
    if (u->kink != 0 && !FOGN_BENT_COLUMN(u) && m->kind != FOGN_MK_KINK && m->kind != FOGN_MK_FORM &&
        m->kind != FOGN_MK_NORMAL)
        return gr_error_set(err, "%s is a kinked line: it moves by a normal move, which straightens it, or by kink 0 "
                            "(§8.5)", p->name);
    return 0;
}

/* the swept area starts as the start footprint (with tries, once swept: the
 * wheel and the slide too); the tries learn the largest allowance over
 * every class of ground, as a try that goes farther fails whatever ground
 * it crosses */
static void sweep_start(fogn_move_ctx *c, fogn_sweep *local_sw)
{
    fogn_move_tries *t = c->t;
    fogn_sweep *sw = t ? &t->sw : local_sw;
    c->sw = sw;
    if (t && t->ready) {
        sw->n = t->n0;
        sw->overflow = t->overflow0;
        for (int k = 0; k < 4; k++) sw->all[k] = t->all0[k];
    } else {
        fogn_sweep_clear(sw);
        if (FOGN_BENT_COLUMN(c->u) || (c->m->kind == FOGN_MK_NORMAL && (c->m->flag & (FOGN_MOVE_BENT | FOGN_MOVE_HALVES | FOGN_MOVE_SWING)) &&
                                         c->u->kink != 0)) {
            /* a bent column, or a line going on bent, stands on its two parts, not on its head's (its left
             * half's) straight line */
            gr_rect parts[2];
            fogn_unit_rects(c->p, c->u, parts);
            fogn_sweep_rect(sw, &parts[0]);
            fogn_sweep_rect(sw, &parts[1]);
        } else {
            fogn_sweep_rect(sw, &c->start);
        }
    }
    if (t && !t->have_allow) {
        t->max_allow = -1;
        for (int mc = FOGN_MC_OPEN; mc <= FOGN_MC_IMPASSABLE; mc++) {
            double a = fogn_allowance(c->s, c->p, c->u, (fogn_move_class)mc);
            if (a > t->max_allow) t->max_allow = a;
        }
        t->have_allow = 1;
    }
}

/* the end on the table: buildings and field works are entered and left by
 * their own orders (§15.4, §15.5), and no part of the unit leaves the table */
static int end_on_table(fogn_move_ctx *c)
{
    const fogn_unit_profile *p = c->p;
    if (fogn_bld_move_ok(c->s, c->st, c->m->unit, &c->after, c->m->kind == FOGN_MK_ROAD, c->err)) return -1;
    c->nend = fogn_unit_rects(p, &c->after, c->end_rects);
    for (int i = 0; i < c->nend; i++)
        if (!fogn_rect_on_table(c->s, &c->end_rects[i]))
            return gr_error_set(c->err, "%s would leave the table", p->name);
    return 0;
}

/* the enemies' checks, then the friends' (the order the reasons are given in) */
static int enemies_then_friends(fogn_move_ctx *c)
{
    return fogn_move_enemies(c) || fogn_move_friends(c);
}

/* The same verdict and plan with the friends asked first, for a caller that
 * reads no reason: the friends in the way refuse about half the tries of a
 * halving search, and the enemies' checks cost several times theirs. The
 * friends' check runs on a copy of the plan; the two checks read nothing
 * the other writes, and of what they write only the first reason for a
 * complex move is shared, which the enemies' checks would have given first */
static int friends_then_enemies(fogn_move_ctx *c)
{
    fogn_move_plan *plan = c->plan, fr = *plan;
    c->plan = &fr;
    int bad = fogn_move_friends(c);
    c->plan = plan;
    if (bad || fogn_move_enemies(c)) return -1;
    if (plan->complex) {
        fr.complex = plan->complex;
        memcpy(fr.why_complex, plan->why_complex, sizeof fr.why_complex);
    }
    *plan = fr;
    return 0;
}

/* Friend j, which refused an earlier try of this move, refuses this one
 * too, asked on a copy of the plan before the ground's checks: a refusal
 * that the full check would also give (move_check.h), so a caller that
 * reads no reason learns it without the ground, the table and the other
 * friends. Nothing it works out is kept but the tries' memo of crossings. */
static int blocker_refuses(fogn_move_ctx *c, int j)
{
    fogn_move_plan *plan = c->plan, scratch = *plan;
    c->plan = &scratch;
    c->nend = fogn_unit_rects(c->p, &c->after, c->end_rects);
    int bad = fogn_move_friend(c, j);
    c->plan = plan;
    return bad;
}

/* fogn_move_check; t: tries of this same move at other distances (NULL: none),
 * whose distance-free parts are worked out on the first try and kept */
static int move_check(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, fogn_move_plan *plan,
                      gr_error *err, fogn_move_tries *t)
{
    memset(plan, 0, sizeof *plan);
    plan->passes_through = -1;
    plan->slide_friend = -1;
    if (m->unit < 0 || m->unit >= s->nunits) return gr_error_set(err, "no unit %d", m->unit);
    fogn_move_ctx c = {.s = s, .st = st, .m = m, .plan = plan, .err = err, .t = t};
    c.p = &s->units[m->unit];
    c.u = &st->u[m->unit];
    c.arm = fogn_troop_arm((fogn_troop)c.p->troop);
    c.wav = c.u->cohesion == FOGN_WAVERING;
    c.skirm = fogn_is_skirmisher(c.p, c.u);
    if (mover_may_move(&c)) {
        if (t) t->doomed = 1;
        return -1;
    }

    c.start = fogn_unit_rect(c.p, c.u);
    c.end = c.start;
    c.after = *c.u;
    fogn_sweep local_sw;
    sweep_start(&c, &local_sw);
    c.measured = 0;
    c.allowance_factor = 1;
    c.column_road = 0;
    if (fogn_move_pose(&c)) return -1;
    /* the end footprint is always part of the swept area, so end checks (friends,
     * terrain) never hang on the hulls of the path alone */
    if (m->kind != FOGN_MK_KINK && !c.end_swept) fogn_sweep_rect(c.sw, &c.end);
    if (c.sw->overflow) return gr_error_set(err, "move too complex to check");
    if (opening_check(s, st, m, c.skirm, &c.start, &c.end, err)) return -1;
    if (!err && t && t->blocker >= 0 && blocker_refuses(&c, t->blocker)) return -1;

    if (fogn_move_terrain(&c)) return -1;
    if (end_on_table(&c)) return -1;
    if (err ? enemies_then_friends(&c) : friends_then_enemies(&c)) return -1;
    plan->after = c.after;
    return 0;
}

int fogn_move_check(const fogn_scenario *s, const fogn_state *st, const fogn_move *m,
                    fogn_move_plan *plan, gr_error *err)
{
    return move_check(s, st, m, plan, err, NULL);
}

void fogn_move_tries_init(fogn_move_tries *t)
{
    t->ready = 0;
    t->have_allow = 0;
    t->have_start_enemy = 0;
    t->doomed = 0;
    t->blocker = -1;
    t->met_reach = t->met_rects = 0;
    memset(t->pd_have, 0, sizeof t->pd_have);
    memset(t->cross_known, 0, sizeof t->cross_known);
    memset(t->slide_known, 0, sizeof t->slide_known);
    memset(t->slide_clear, 0, sizeof t->slide_clear);
}

int fogn_move_try(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, fogn_move_plan *plan,
                  fogn_move_tries *t)
{
    if (t && t->doomed) return -1;
    return move_check(s, st, m, plan, NULL, t);
}

void fogn_move_commit(const fogn_scenario *s, fogn_state *st, const fogn_move *m, const fogn_move_plan *plan)
{
    fogn_unit *u = &st->u[m->unit];
    double ox = u->x, oy = u->y, oh = u->heading;
    uint32_t flags = u->flags;
    *u = plan->after;
    u->flags = flags | FOGN_UF_MOVED;
    if (m->second) u->flags |= FOGN_UF_SECOND_DONE;
    if (plan->passes_through >= 0) {
        st->u[plan->passes_through].flags |= FOGN_UF_STATIONARY;
        u->flags |= FOGN_UF_INTERPENETRATED;
    }
    if (plan->slide_friend >= 0) {
        fogn_unit *f = &st->u[plan->slide_friend];
        f->x += plan->friend_dx;
        f->y += plan->friend_dy;
        f->flags |= FOGN_UF_STATIONARY;
        /* its leader, if any, is slid with it (§3.4) */
        for (int c = 0; c < s->ncmdrs; c++)
            if (st->c[c].leading == plan->slide_friend) {
                st->c[c].x += plan->friend_dx;
                st->c[c].y += plan->friend_dy;
            }
    }
    /* a commander leading the unit keeps his place relative to it (§3.4) */
    for (int c = 0; c < s->ncmdrs; c++) {
        if (st->c[c].leading != m->unit) continue;
        gr_vec2 rel = gr_v2_rot(gr_v2(st->c[c].x - ox, st->c[c].y - oy), u->heading - oh);
        st->c[c].x = u->x + rel.x;
        st->c[c].y = u->y + rel.y;
        if (st->c[c].x < FOGN_CMDR_BASE / 2) st->c[c].x = FOGN_CMDR_BASE / 2;
        if (st->c[c].y < FOGN_CMDR_BASE / 2) st->c[c].y = FOGN_CMDR_BASE / 2;
        if (st->c[c].x > s->table_w - FOGN_CMDR_BASE / 2) st->c[c].x = s->table_w - FOGN_CMDR_BASE / 2;
        if (st->c[c].y > s->table_h - FOGN_CMDR_BASE / 2) st->c[c].y = s->table_h - FOGN_CMDR_BASE / 2;
    }
}
