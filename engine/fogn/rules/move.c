/* move.c - exact moves in the Movement Phase (§8.2-§8.10, §15.1): computing
 * where a move takes a unit, measuring it against the allowance over the
 * worst terrain crossed, and refusing it, with the reason, when any rule is
 * broken. Orders (orders.c) compile into these same moves, so a person's
 * exact move and the AI's order are judged by one set of rules. */
#include "internal.h"
#include "building.h"
#include "obstacle.h"
#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEG (GR_PI / 180.0)
#define CONTACT_EPS FOGN_CONTACT_TOL
/* the farthest enemy distance any movement rule asks about (6 MU), and a margin */
#define SWEEP_ENEMY_CAP (FOGN_SLIDE_ENEMY_CLEAR + 1.0)

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
    double d = INFINITY;
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[unit].side || !fogn_unit_alive(&st->u[j])) continue;
        double ax = st->u[j].x - mc.x, ay = st->u[j].y - mc.y, apart = sqrt(ax * ax + ay * ay);
        /* the largest reach first: it passes over most enemies without working out theirs */
        if (apart - mr - FOGN_REACH_MAX >= d || apart - mr - fogn_unit_reach(&s->units[j], &st->u[j]) >= d) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        double x = fogn_rects_dist(mine, nm, e, ne);
        if (x < d) d = x;
    }
    return d;
}

/* nearest distance from any swept polygon to any live enemy unit, exact up
 * to `cap`: anything farther is reported as `cap` (the rules only ask about
 * 2 and 6 MU, so enemies whose boxes are farther are never measured) */
static double sweep_enemy_dist(const fogn_scenario *s, const fogn_state *st, int side, const fogn_sweep *sw, double cap,
                               fogn_move_tries *t)
{
    /* the tries of one move share the polygons before t->n0: their distances
     * to each enemy part are kept, the same values in the same order */
    int memo_to = t ? (t->n0 < FOGN_TRIES_MEMO ? t->n0 : FOGN_TRIES_MEMO) : 0;
    double d = cap;
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == side || !fogn_unit_alive(&st->u[j])) continue;
        /* the box of the circle holding the enemy's footprint */
        double r = fogn_unit_reach(&s->units[j], &st->u[j]);
        double cb[4] = {st->u[j].x - r, st->u[j].y - r, st->u[j].x + r, st->u[j].y + r};
        if (fogn_box_dist_at_least(sw->all, cb, d)) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        for (int k = 0; k < ne; k++) {
            gr_vec2 ec[4];
            double eb[4];
            gr_rect_corners(&e[k], ec);
            fogn_rect_box(&e[k], eb);
            if (fogn_box_dist_at_least(sw->all, eb, d)) continue;
            for (int i = 0; i < sw->n; i++) {
                if (fogn_box_dist_at_least(sw->box[i], eb, d)) continue; /* cannot beat the best so far */
                double x;
                if (i < memo_to) {
                    if (!(t->pd_have[j][k] & (1u << i))) {
                        t->pd[j][k][i] = gr_poly_dist(sw->pts[i], sw->npts[i], ec, 4);
                        t->pd_have[j][k] |= 1u << i;
                    }
                    x = t->pd[j][k][i];
                } else {
                    x = gr_poly_dist(sw->pts[i], sw->npts[i], ec, 4);
                }
                if (x < d) d = x;
            }
        }
    }
    return d;
}

/* --- computing the end pose of each kind of move ---------------------------------- */

static gr_rect about_face(const gr_rect *r)
{
    gr_vec2 rc = gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), r->d));
    return gr_rect_make(rc, r->heading + GR_PI, r->w, r->d);
}

static void set_pose(fogn_unit *u, const gr_rect *r)
{
    u->x = r->fc.x;
    u->y = r->fc.y;
    u->heading = gr_angle_norm(r->heading);
}

/* Formation change templates (§8.5): the new footprint for `to`, placed by
 * the template, before the "no nearer the enemy" adjustment. */
static gr_rect form_template(const fogn_unit_profile *p, const fogn_unit *u, fogn_formation to)
{
    gr_rect old = fogn_unit_rect(p, u);
    fogn_unit nu = *u;
    nu.formation = (uint8_t)to;
    nu.kink = 0;
    gr_rect nr = fogn_unit_rect(p, &nu);
    fogn_formation from = (fogn_formation)u->formation;
    gr_vec2 fwd = gr_rect_fwd(&old);
    if (to == FOGN_F_LINE || to == FOGN_F_SKIRMISH_LINE) {
        /* the front rank stays; rear ranks come up level: front edge centre unchanged */
        nr.fc = old.fc;
    } else if (to == FOGN_F_COLUMN) {
        /* all bases file in behind one old front-rank base: the centre one (or
         * the left-centre one for an even front) */
        int cols, rows;
        fogn_formation_grid(p, from, &cols, &rows);
        double off = ((cols - 1) / 2 + 0.5) * FOGN_BW - cols * FOGN_BW / 2.0;
        nr.fc = gr_v2_add(old.fc, gr_v2_scale(gr_rect_right(&old), off));
    } else if (from == FOGN_F_COLUMN) {
        /* the head base becomes a front base (the left-centre one): front edge
         * stays where the head's front edge was */
        int cols, rows;
        fogn_formation_grid(p, to, &cols, &rows);
        double off = ((cols - 1) / 2 + 0.5) * FOGN_BW - cols * FOGN_BW / 2.0;
        nr.fc = gr_v2_sub(old.fc, gr_v2_scale(gr_rect_right(&old), off));
    } else if (from == FOGN_F_LINE || from == FOGN_F_SKIRMISH_LINE) {
        /* the two centre front bases stay; the rest form behind and beside
         * them: a front three bases wide takes its third base on the right */
        int cols, rows;
        fogn_formation_grid(p, to, &cols, &rows);
        double off = (cols % 2) ? FOGN_BW / 2 * FOGN_R_LINE_TO_TACTICAL_SIDE : 0;
        nr.fc = gr_v2_add(old.fc, gr_v2_scale(gr_rect_right(&old), off));
    } else {
        /* tactical, deep, skirmish, square: keep the centre point */
        gr_vec2 c = gr_rect_centre(&old);
        nr.fc = gr_v2_add(c, gr_v2_scale(fwd, nr.d / 2));
    }
    return nr;
}

/* the formation transitions the book forbids in one move (§8.5) */
static int form_transition_ok(const fogn_scenario *s, const fogn_state *st, int unit, fogn_formation to,
                              gr_error *err)
{
    const fogn_unit_profile *p = &s->units[unit];
    const fogn_unit *u = &st->u[unit];
    fogn_formation from = (fogn_formation)u->formation;
    if (from == to && u->kink == 0) return gr_error_set(err, "%s is already in %s", p->name, fogn_formation_name(to));
    if (!fogn_formation_allowed(p, to))
        return gr_error_set(err, "%s (%s, %s) may not form %s", p->name, fogn_troop_name((fogn_troop)p->troop),
                            p->size == FOGN_LARGE ? "large" : "small", fogn_formation_name(to));
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART)
        return gr_error_set(err, "artillery changes formation by limbering or unlimbering");
    if ((to == FOGN_F_LINE) && (u->flags & FOGN_UF_SPENT) && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_INF)
        return gr_error_set(err, "%s is Spent infantry and may never form Extended Line (§2.6)", p->name);
    int from_line = from == FOGN_F_LINE || from == FOGN_F_SKIRMISH_LINE || from == FOGN_F_SKIRMISH;
    if (to == FOGN_F_COLUMN && from_line)
        return gr_error_set(err, "%s cannot go from %s straight to March Column: form Tactical first (§8.5)",
                            p->name, fogn_formation_name(from));
    if (from == FOGN_F_COLUMN && (to == FOGN_F_LINE || to == FOGN_F_SKIRMISH_LINE))
        return gr_error_set(err, "%s cannot go from March Column straight to Extended Line: form Tactical first (§8.5)",
                            p->name);
    if (to == FOGN_F_SQUARE && (from == FOGN_F_SKIRMISH || from == FOGN_F_SKIRMISH_LINE))
        return gr_error_set(err, "%s cannot form Square from Skirmish order: change formation first (§8.5)", p->name);
    if ((from == FOGN_F_LINE) && (to == FOGN_F_TACTICAL || to == FOGN_F_DEEP)) {
        /* not within 2 MU of an enemy's front */
        gr_rect mine = fogn_unit_rect(p, u);
        for (int j = 0; j < s->nunits; j++) {
            if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
            gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
            if (gr_rect_dist(&mine, &e) <= FOGN_CLOSE + GR_EPS && gr_rect_in_front_corridor(&e, &mine, FOGN_CLOSE))
                return gr_error_set(err, "%s may not form Tactical from Extended Line within 2 MU of the front of %s (§8.5)",
                                    p->name, s->units[j].name);
        }
    }
    return 0;
}

/* --- terrain along a move -------------------------------------------------------------- */

typedef struct terrain_read {
    fogn_move_class worst;
    int worst_piece;
    int obstacle;        /* crosses a linear obstacle / enters a building / fortification */
    char obstacle_name[GR_TERRAIN_NAME];
    int deep_water;      /* crosses water that may not be crossed here */
    char water_name[GR_TERRAIN_NAME];
    int water_depth;
} terrain_read;

static void read_piece(const gr_terrain *t, int idx, terrain_read *tr, const fogn_sweep *sw, int on_road_bridge)
{
    const gr_terrain_piece *pc = &t->p[idx];
    fogn_move_class mc = fogn_piece_move_class(pc);
    if (mc > tr->worst) {
        tr->worst = mc;
        tr->worst_piece = idx;
    }
    switch ((gr_terrain_type)pc->type) {
    case GR_T_WALL:
    case GR_T_HEDGE:
    case GR_T_BUILDING:
    case GR_T_FORTIFICATION:
        if (!tr->obstacle) snprintf(tr->obstacle_name, sizeof tr->obstacle_name, "%s", pc->name);
        tr->obstacle = 1;
        break;
    case GR_T_RIVER:
    case GR_T_STREAM: {
        int depth = pc->grade;
        if (depth == GR_WATER_ANKLE || depth == GR_WATER_DRY) break;
        /* is every swept polygon that touches the water also on a bridge or ford? */
        int crossing_ok = 1;
        for (int i = 0; i < sw->n && crossing_ok; i++) {
            if (!fogn_sweep_touches(sw, i, pc)) continue;
            int covered = 0;
            for (int k = 0; k < t->n; k++) {
                const gr_terrain_piece *b = &t->p[k];
                if ((b->type == GR_T_BRIDGE || b->type == GR_T_FORD) && fogn_sweep_touches(sw, i, b))
                    covered = 1;
            }
            if (!covered) crossing_ok = 0;
        }
        if (crossing_ok && on_road_bridge) break; /* column over a bridge: no obstacle */
        if (!crossing_ok && (depth == GR_WATER_TORRENT || depth == GR_WATER_SHOULDER)) {
            tr->deep_water = 1;
            tr->water_depth = depth;
            snprintf(tr->water_name, sizeof tr->water_name, "%s", pc->name);
        }
        if (!tr->obstacle) snprintf(tr->obstacle_name, sizeof tr->obstacle_name, "%s", pc->name);
        tr->obstacle = 1;
        break;
    }
    default:
        break;
    }
}

static void read_terrain(const fogn_scenario *s, const fogn_sweep *sw, int column_or_limbered, terrain_read *tr)
{
    memset(tr, 0, sizeof *tr);
    tr->worst_piece = -1;
    const gr_terrain *t = &s->terrain;
    for (int k = 0; k < t->n; k++) {
        /* open ground that is no obstacle (roads, gentle hills, fords) changes nothing */
        if (!fogn_piece_hinders_move(&t->p[k]) || !fogn_sweep_near(sw, &t->p[k])) continue;
        for (int i = 0; i < sw->n; i++)
            if (fogn_sweep_touches(sw, i, &t->p[k])) {
                read_piece(t, k, tr, sw, column_or_limbered);
                break;
            }
    }
}

/* does the front-edge centre stay on a road all along the sampled path? */
static int path_on_road(const fogn_scenario *s, const gr_vec2 *pts, int n)
{
    for (int i = 0; i < n; i++) {
        int ok = 0;
        for (int k = 0; k < s->terrain.n && !ok; k++) {
            const gr_terrain_piece *pc = &s->terrain.p[k];
            if (pc->type != GR_T_ROAD && pc->type != GR_T_BRIDGE) continue;
            if (gr_point_polyline_dist(pc->pts, pc->npts, pts[i]) <= pc->width / 2 + FOGN_ROAD_TOLERANCE) ok = 1;
        }
        if (!ok) return 0;
    }
    return 1;
}

/* --- road marching: follow the centre line of the nearest road ----------------------- */

/* Walks `dist` along the road polyline from the point nearest `from`, in
 * direction dir (+1 toward the last vertex, -1 toward the first). Fills the
 * sampled path; returns the end point and the heading of the last segment. */
static int road_walk(const gr_terrain_piece *rd, gr_vec2 from, int dir, double dist, gr_vec2 *end,
                     double *heading, gr_vec2 *samples, int *nsamples, int max_samples)
{
    /* locate the nearest segment and parameter */
    int best = -1;
    double bd = INFINITY, bt = 0;
    for (int i = 0; i + 1 < rd->npts; i++) {
        gr_vec2 a = rd->pts[i], b = rd->pts[i + 1];
        gr_vec2 ab = gr_v2_sub(b, a);
        double l2 = gr_v2_dot(ab, ab);
        double tt = l2 > 0 ? gr_v2_dot(gr_v2_sub(from, a), ab) / l2 : 0;
        if (tt < 0) tt = 0;
        if (tt > 1) tt = 1;
        double d = gr_v2_dist(from, gr_v2_add(a, gr_v2_scale(ab, tt)));
        if (d < bd) { bd = d; best = i; bt = tt; }
    }
    if (best < 0) return -1;
    gr_vec2 cur = gr_v2_add(rd->pts[best], gr_v2_scale(gr_v2_sub(rd->pts[best + 1], rd->pts[best]), bt));
    int seg = best;
    double left = dist, hd = 0;
    int ns = 0;
    if (ns < max_samples) samples[ns++] = cur;
    while (left > GR_EPS) {
        gr_vec2 target = dir > 0 ? rd->pts[seg + 1] : rd->pts[seg];
        gr_vec2 v = gr_v2_sub(target, cur);
        double l = gr_v2_len(v);
        if (l > GR_EPS) hd = atan2(v.y, v.x);
        if (l >= left) {
            cur = gr_v2_add(cur, gr_v2_scale(gr_v2_norm(v), left));
            left = 0;
        } else {
            cur = target;
            left -= l;
            seg += dir;
            if (seg < 0 || seg + 1 >= rd->npts) break; /* road ends */
        }
        if (ns < max_samples) samples[ns++] = cur;
    }
    if (dist <= GR_EPS) {
        gr_vec2 a = rd->pts[best], b = rd->pts[best + 1];
        gr_vec2 v = dir > 0 ? gr_v2_sub(b, a) : gr_v2_sub(a, b);
        hd = atan2(v.y, v.x);
    }
    *end = cur;
    *heading = hd;
    *nsamples = ns;
    return 0;
}

int fogn_road_under(const fogn_scenario *s, gr_vec2 p);
int fogn_road_under(const fogn_scenario *s, gr_vec2 p)
{
    return gr_terrain_near_line(&s->terrain, GR_T_ROAD, p, 0.75 + FOGN_ROAD_TOLERANCE);
}

/* --- the check ------------------------------------------------------------------------------ */

static void mark_complex(fogn_move_plan *plan, const char *why)
{
    if (!plan->complex) snprintf(plan->why_complex, sizeof plan->why_complex, "%s", why);
    plan->complex = 1;
}

/* did any part of the unit end ahead of its original front-edge line? */
static int is_advance(const gr_rect *start, const gr_rect *end_rects, int n)
{
    for (int i = 0; i < n; i++) {
        gr_vec2 c[4];
        gr_rect_corners(&end_rects[i], c);
        for (int k = 0; k < 4; k++)
            if (gr_rect_ahead_of_front(start, c[k]) > 1e-3) return 1;
    }
    return 0;
}

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

/* does a swept polygon from..to-1 truly overlap (more than touch) the friend's part r (corners fc, box fb)? */
static int friend_crossed(const fogn_sweep *sw, int from, int to, const gr_rect *r, const gr_vec2 fc[4], const double fb[4])
{
    for (int i = from; i < to; i++)
        if (fogn_boxes_meet(sw->box[i], fb) && gr_poly_intersect(sw->pts[i], sw->npts[i], fc, 4)) {
            /* touching is fine: require real overlap via a shrunk test */
            gr_rect shrunk = *r;
            shrunk.w -= 2e-3; shrunk.d -= 2e-3;
            shrunk.fc = gr_v2_sub(shrunk.fc, gr_v2_scale(gr_rect_fwd(r), 1e-3));
            gr_vec2 sc[4];
            gr_rect_corners(&shrunk, sc);
            if (gr_poly_intersect(sw->pts[i], sw->npts[i], sc, 4)) return 1;
        }
    return 0;
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
    const fogn_unit_profile *p = &s->units[m->unit];
    const fogn_unit *u = &st->u[m->unit];
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    int wav = u->cohesion == FOGN_WAVERING;
    int skirm = fogn_is_skirmisher(p, u);

    if (!fogn_unit_alive(u)) return gr_error_set(err, "%s is not on the table", p->name);
    if (p->side != st->active) return gr_error_set(err, "%s belongs to the side not moving", p->name);
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
        if (wav) return gr_error_set(err, "%s is Wavering: no second move (§8.10)", p->name);
        if (u->flags & FOGN_UF_CMT_FAILED)
            return gr_error_set(err, "%s failed a complex move test: no second move (§5.3)", p->name);
        if (u->flags & FOGN_UF_SECOND_DONE) return gr_error_set(err, "%s has made its second move", p->name);
        mark_complex(plan, "second move");
    } else if (u->flags & FOGN_UF_MOVED) {
        return gr_error_set(err, "%s has already moved this phase", p->name);
    }
    if (u->kink != 0 && m->kind != FOGN_MK_KINK && m->kind != FOGN_MK_FORM)
        return gr_error_set(err, "%s is a kinked line: straighten it (kink 0) before moving", p->name);

    gr_rect start = fogn_unit_rect(p, u);
    gr_rect end = start;
    fogn_unit after = *u;
    fogn_sweep local_sw;
    fogn_sweep *sw = t ? &t->sw : &local_sw;
    if (t && t->ready) {
        /* the start footprint, the wheel and the slide, swept on the first try */
        sw->n = t->n0;
        sw->overflow = t->overflow0;
        for (int k = 0; k < 4; k++) sw->all[k] = t->all0[k];
    } else {
        fogn_sweep_clear(sw);
        fogn_sweep_rect(sw, &start);
    }
    if (t && !t->have_allow) {
        /* the largest allowance over every class of ground: a try that goes
         * farther fails whatever ground it crosses */
        t->max_allow = -1;
        for (int c = FOGN_MC_OPEN; c <= FOGN_MC_IMPASSABLE; c++) {
            double a = fogn_allowance(s, p, u, (fogn_move_class)c);
            if (a > t->max_allow) t->max_allow = a;
        }
        t->have_allow = 1;
    }
    double measured = 0;       /* the distance that counts against the allowance */
    double allowance_factor = 1;
    int column_road = 0;
    const double a90 = FOGN_MAX_WHEEL_DEG * DEG;

    switch ((fogn_move_kind)m->kind) {
    case FOGN_MK_NORMAL: {
        if (m->dist < -GR_EPS) return gr_error_set(err, "a normal move goes forward; use a move to the rear");
        gr_rect ws;
        if (t && t->ready) {
            ws = t->ws; /* checked and swept on the first try */
        } else {
            gr_rect w = start;
            if (fabs(m->angle) > a90 + 1e-9)
                return gr_error_set(err, "wheel of %.0f degrees: at most %.0f per move (§8.4)", fabs(m->angle) / DEG, FOGN_MAX_WHEEL_DEG);
            if (fabs(m->slide) > FOGN_MAX_SLIDE + 1e-9)
                return gr_error_set(err, "slide of %.2f MU: at most one base width, %.1f MU (§8.4)", fabs(m->slide), FOGN_MAX_SLIDE);
            if (m->angle != 0 && (m->pivot < GR_FL || m->pivot > GR_RL))
                return gr_error_set(err, "a wheel needs a pivot corner (FL, FR, RL or RR)");
            if (arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED)
                return gr_error_set(err, "unlimbered artillery moves only by prolong (§8.6)");
            if (u->formation == FOGN_F_SQUARE && m->angle != 0)
                return gr_error_set(err, "a square moves straight only");
            if (m->angle != 0) {
                /* a forward wheel pivots on a front corner and the outer corner goes
                 * forward: pivot FL turns counter-clockwise (positive), FR clockwise;
                 * a backward wheel swings the far corners back: RL clockwise, RR
                 * counter-clockwise (geom.h: FL is at fc - right * w/2) */
                int front = m->pivot == GR_FL || m->pivot == GR_FR;
                int want_neg = (m->pivot == GR_FR) || (m->pivot == GR_RL);
                if (front && ((m->angle < 0) != want_neg))
                    return gr_error_set(err, "a forward wheel about the %s corner turns %s", m->pivot == GR_FL ? "left" : "right",
                                        m->pivot == GR_FL ? "left (positive degrees)" : "right (negative degrees)");
                if (!front && ((m->angle < 0) != want_neg))
                    return gr_error_set(err, "a backward wheel about the %s rear corner turns %s", m->pivot == GR_RL ? "left" : "right",
                                        m->pivot == GR_RL ? "right (negative degrees)" : "left (positive degrees)");
                gr_vec2 pv = gr_rect_corner(&start, m->pivot);
                fogn_sweep_rotation(sw, &start, pv, m->angle, FOGN_WHEEL_SAMPLES);
                w = gr_rect_wheel(&start, m->pivot, m->angle);
            }
            /* the slide is swept before the straight part: a case (b) slide clears
             * the friend ahead instead of running through it and sliding off it */
            ws = gr_rect_advance(&w, 0, m->slide);
            if (m->slide != 0) fogn_sweep_pair(sw, &w, &ws);
            if (t) {
                t->ws = ws;
                t->n0 = sw->n;
                t->overflow0 = sw->overflow;
                for (int k = 0; k < 4; k++) t->all0[k] = sw->all[k];
                t->ready = 1;
            }
        }
        end = gr_rect_advance(&ws, m->dist, 0);
        /* measured: each front corner's straight displacement (§8.4); the wheel's
         * outer-corner arc is limited separately below */
        for (int c = GR_FL; c <= GR_FR; c++) {
            double d = gr_v2_dist(gr_rect_corner(&start, c), gr_rect_corner(&end, c));
            if (d > measured) measured = d;
        }
        if (t && measured > t->max_allow + 1e-6) return -1; /* beyond any allowance (see below) */
        if (m->dist > 0) fogn_sweep_pair(sw, &ws, &end);
        if (m->angle != 0) {
            double arc = fabs(m->angle) * start.w;
            if (m->pivot == GR_RL || m->pivot == GR_RR) arc = fabs(m->angle) * hypot(start.w, start.d);
            plan->allowance = -arc; /* stash; checked once the allowance is known */
        }
        if (m->slide != 0) {
            int only_slide = m->dist == 0 && m->angle == 0;
            if (only_slide) {
                if (wav) return gr_error_set(err, "%s is Wavering: a slide as its only move is not allowed (§5.4)", p->name);
                mark_complex(plan, "slide as the only move");
            }
        }
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_REAR: {
        if (m->dist < 0) return gr_error_set(err, "the distance to the rear must be positive");
        if (arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED)
            return gr_error_set(err, "unlimbered artillery moves only by prolong (§8.6)");
        gr_rect r0 = (m->flag & 1) ? about_face(&start) : start;
        gr_rect r1 = (m->flag & 1) ? gr_rect_advance(&r0, m->dist, 0) : gr_rect_advance(&r0, -m->dist, 0);
        measured = m->dist;
        if (t && measured > t->max_allow + 1e-6) return -1; /* beyond any allowance (see below) */
        fogn_sweep_pair(sw, &r0, &r1);
        end = (m->flag & 2) ? about_face(&r1) : r1;
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_TURN: {
        double turn = gr_angle_diff(m->angle, start.heading);
        if (fabs(turn) < 1e-9) return gr_error_set(err, "%s already faces that way", p->name);
        if (fabs(fabs(turn) - GR_PI) < 1e-6) {
            end = about_face(&start);
        } else {
            gr_vec2 c = gr_rect_centre(&start);
            fogn_sweep_rotation(sw, &start, c, turn, FOGN_WHEEL_SAMPLES);
            end = gr_rect_rotate_about(&start, c, turn);
        }
        measured = 0;
        if (arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED) mark_complex(plan, "unlimbered artillery turning in place");
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_FREE: {
        if (!((arm == FOGN_ARM_INF && skirm) || p->troop == FOGN_CAV_IRR_LIGHT))
            return gr_error_set(err, "only skirmish infantry and irregular light cavalry move in any direction (§8.4)");
        gr_rect moved = gr_rect_make(gr_v2(start.fc.x + m->dx, start.fc.y + m->dy), start.heading, start.w, start.d);
        fogn_sweep_pair(sw, &start, &moved);
        double turn = gr_angle_diff(m->angle, start.heading);
        end = moved;
        if (fabs(turn) > 1e-9) {
            gr_vec2 c = gr_rect_centre(&moved);
            fogn_sweep_rotation(sw, &moved, c, turn, FOGN_WHEEL_SAMPLES);
            end = gr_rect_rotate_about(&moved, c, turn);
        }
        measured = hypot(m->dx, m->dy);
        allowance_factor = 0.5;
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_FORM: {
        if (form_transition_ok(s, st, m->unit, (fogn_formation)m->flag, err)) return -1;
        end = form_template(p, u, (fogn_formation)m->flag);
        after.formation = (uint8_t)m->flag;
        after.kink = 0;
        /* §8.5: no nearer the nearest enemy than before: slide by the least
         * distance that keeps it, trying straight back first, then back and to
         * either side, then sideways (ruling: 0.1 MU rings up to 4 MU) */
        double before = fogn_enemy_dist(s, st, m->unit, NULL);
        if (fogn_enemy_dist(s, st, m->unit, &end) < before - 1e-6) {
            static const double dirs[][2] = {{-1, 0}, {-0.7071, -0.7071}, {-0.7071, 0.7071}, {0, -1}, {0, 1}};
            gr_rect base = end;
            int found = 0;
            for (int k = 1; k <= FOGN_R_REFORM_SLIDE_STEPS && !found; k++)
                for (int d = 0; d < 5 && !found; d++) {
                    double r = k * FOGN_R_REFORM_SLIDE_STEP;
                    gr_rect c = gr_rect_advance(&base, r * dirs[d][0], r * dirs[d][1]);
                    if (fogn_enemy_dist(s, st, m->unit, &c) >= before - 1e-6) { end = c; found = 1; }
                }
            if (!found)
                return gr_error_set(err, "%s cannot change formation without ending nearer the enemy (§8.5)", p->name);
        }
        fogn_sweep_rect(sw, &end);
        measured = 0;
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_KINK: {
        if (u->formation != FOGN_F_LINE && u->formation != FOGN_F_SKIRMISH_LINE)
            return gr_error_set(err, "only an Extended Line can bend at its centre (§8.5)");
        if (m->angle > 1e-9)
            return gr_error_set(err, "the halves of a line may not bend towards each other: give a negative bend (§8.5)");
        if (fabs(m->angle) > FOGN_MAX_KINK_DEG * DEG + 1e-9)
            return gr_error_set(err, "a bend of %.0f degrees: at most %.0f (§8.5)", fabs(m->angle) / DEG, FOGN_MAX_KINK_DEG);
        after.kink = m->angle;
        gr_rect halves[2];
        int nh = fogn_unit_rects(p, &after, halves);
        for (int i = 0; i < nh; i++) fogn_sweep_rect(sw, &halves[i]);
        end = halves[0];
        measured = 0;
        break;
    }
    case FOGN_MK_ROAD: {
        if (!(u->formation == FOGN_F_COLUMN || u->formation == FOGN_F_LIMBERED))
            return gr_error_set(err, "only a March Column or limbered artillery marches along a road (§8.3)");
        int rd = fogn_road_under(s, start.fc);
        if (rd < 0) return gr_error_set(err, "%s is not on a road", p->name);
        gr_vec2 samples[64], e;
        int ns = 0;
        double hd;
        if (road_walk(&s->terrain.p[rd], start.fc, m->flag >= 0 ? 1 : -1, m->dist, &e, &hd, samples, &ns, 64))
            return gr_error_set(err, "the road has no course");
        gr_rect prev = start;
        for (int i = 1; i < ns; i++) {
            gr_vec2 dv = gr_v2_sub(samples[i], samples[i - 1]);
            gr_rect cur = gr_rect_make(samples[i], atan2(dv.y, dv.x), start.w, start.d);
            fogn_sweep_pair(sw, &prev, &cur);
            prev = cur;
        }
        end = gr_rect_make(e, hd, start.w, start.d);
        measured = m->dist;
        column_road = path_on_road(s, samples, ns);
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_UNLIMBER: {
        if (arm != FOGN_ARM_ART || u->formation != FOGN_F_LIMBERED)
            return gr_error_set(err, "only limbered artillery unlimbers");
        if (wav) return gr_error_set(err, "%s is Wavering and may not unlimber (§5.4)", p->name);
        /* §8.6: the gun line's front edge on the limber's front edge, centred */
        after.formation = FOGN_F_UNLIMBERED;
        end = fogn_unit_rect(p, &after);
        fogn_sweep_rect(sw, &end);
        if (!FOGN_R_UNLIMBER_SIMPLE) mark_complex(plan, "unlimbering");
        break;
    }
    case FOGN_MK_LIMBER: {
        if (arm != FOGN_ARM_ART || u->formation != FOGN_F_UNLIMBERED)
            return gr_error_set(err, "only unlimbered artillery limbers");
        after.formation = FOGN_F_LIMBERED;
        gr_rect lim = fogn_unit_rect(p, &after);
        gr_vec2 right = gr_rect_right(&start);
        switch (m->flag) {
        case 1: /* facing backward: rear edge on the old front edge */
            lim = gr_rect_make(gr_v2_sub(start.fc, gr_v2_scale(gr_rect_fwd(&start), lim.d)), start.heading + GR_PI, lim.w, lim.d);
            break;
        case 2: /* facing right: front edge on the unit's right edge */
            lim = gr_rect_make(gr_v2_add(gr_v2_add(start.fc, gr_v2_scale(right, start.w / 2)),
                                         gr_v2_scale(gr_rect_fwd(&start), -lim.w / 2)),
                               start.heading - GR_PI / 2, lim.w, lim.d);
            break;
        case 3:
            lim = gr_rect_make(gr_v2_add(gr_v2_sub(start.fc, gr_v2_scale(right, start.w / 2)),
                                         gr_v2_scale(gr_rect_fwd(&start), -lim.w / 2)),
                               start.heading + GR_PI / 2, lim.w, lim.d);
            break;
        default: break; /* facing forward in place of the centre gun */
        }
        end = lim;
        fogn_sweep_rect(sw, &end);
        int heavy = p->weight == FOGN_HEAVY;
        if (heavy && FOGN_R_LIMBER_HEAVY_COMPLEX) mark_complex(plan, "limbering heavy guns");
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_PROLONG: {
        if (arm != FOGN_ARM_ART || u->formation != FOGN_F_UNLIMBERED)
            return gr_error_set(err, "only unlimbered artillery moves by prolong (§8.6)");
        end = gr_rect_advance(&start, m->dist, 0);
        fogn_sweep_pair(sw, &start, &end);
        measured = fabs(m->dist);
        mark_complex(plan, "moving guns by prolong");
        set_pose(&after, &end);
        break;
    }
    case FOGN_MK_GROUP: {
        /* one member of a Brigade Group: the group turns about its own corner
         * as one body, then all go straight the same distance (§8.8) */
        if (fabs(m->angle) > a90 + 1e-9)
            return gr_error_set(err, "wheel of %.0f degrees: at most %.0f per move (§8.4)", fabs(m->angle) / DEG, FOGN_MAX_WHEEL_DEG);
        if (arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED)
            return gr_error_set(err, "unlimbered artillery moves only by prolong (§8.6)");
        if (u->formation == FOGN_F_SQUARE) return gr_error_set(err, "a square cannot move in a Brigade Group");
        gr_rect w = start;
        if (m->angle != 0) {
            gr_vec2 pv = gr_v2(m->gx, m->gy);
            fogn_sweep_rotation(sw, &start, pv, m->angle, FOGN_WHEEL_SAMPLES);
            w = gr_rect_rotate_about(&start, pv, m->angle);
            plan->allowance = -fabs(m->angle) * m->radius; /* stash the arc, as for a wheel */
        }
        end = gr_rect_advance(&w, m->dist, 0);
        if (m->dist != 0) fogn_sweep_pair(sw, &w, &end);
        for (int c = GR_FL; c <= GR_FR; c++) {
            double d = gr_v2_dist(gr_rect_corner(&start, c), gr_rect_corner(&end, c));
            if (d > measured) measured = d;
        }
        if (m->dist < 0) {
            if (m->angle != 0) return gr_error_set(err, "a Brigade Group moving to the rear goes straight back");
            measured = -m->dist;
        }
        set_pose(&after, &end);
        break;
    }
    default:
        return gr_error_set(err, "unknown move kind %d", m->kind);
    }
    /* the end footprint is always part of the swept area, so end checks (friends,
     * terrain) never hang on the hulls of the path alone */
    if (m->kind != FOGN_MK_KINK) fogn_sweep_rect(sw, &end);
    if (sw->overflow) return gr_error_set(err, "move too complex to check");

    if (opening_check(s, st, m, skirm, &start, &end, err)) return -1;

    /* --- terrain, allowance ---------------------------------------------------------- */
    terrain_read tr;
    read_terrain(s, sw, u->formation == FOGN_F_COLUMN || u->formation == FOGN_F_LIMBERED, &tr);
    if (tr.worst == FOGN_MC_IMPASSABLE)
        return gr_error_set(err, "%s would enter impassable terrain (%s)", p->name, s->terrain.p[tr.worst_piece].name);
    if (tr.deep_water) {
        int led = fogn_leader_of(s, st, m->unit) >= 0;
        if (tr.water_depth == GR_WATER_TORRENT || !led)
            return gr_error_set(err, "%s cannot cross %s here: %s water%s (§15.6)", p->name, tr.water_name,
                                tr.water_depth == GR_WATER_TORRENT ? "a surging torrent is crossed only at a bridge or ford;" : "shoulder-high",
                                tr.water_depth == GR_WATER_TORRENT ? "" : " is crossed only by a unit led by a commander");
    }
    plan->worst = tr.worst;
    double allow = fogn_allowance(s, p, u, tr.worst);
    if (allow < 0)
        return gr_error_set(err, "%s cannot move in %s terrain (§8.3)", p->name, fogn_move_class_name(tr.worst));
    if (m->kind == FOGN_MK_ROAD && column_road && sweep_enemy_dist(s, st, p->side, sw, SWEEP_ENEMY_CAP, NULL) > FOGN_ROAD_ENEMY_CLEAR)
        allowance_factor = 2;
    double wheel_arc = plan->allowance < 0 ? -plan->allowance : 0;
    plan->allowance = allow * allowance_factor;
    if (m->kind == FOGN_MK_GROUP) {
        /* §8.8: no part of a member in difficult terrain (the road exception
         * needs every member marching on a road: groups do not road-march) */
        if (tr.worst >= FOGN_MC_DIFFICULT)
            return gr_error_set(err, "%s would be in difficult terrain: a Brigade Group may not enter it (§8.8)", p->name);
        if (m->dist < 0 && -m->dist > allow / 2 + 1e-9)
            return gr_error_set(err, "a Brigade Group moves to the rear at most half a move, %.2f MU (§8.4)", allow / 2);
    }
    if (m->kind == FOGN_MK_REAR) {
        double half = allow / 2;
        if (m->dist > half + 1e-9) {
            int full_ok = 0;
            /* an about-face move in Line or March Column may use the full move ending reversed */
            int lc = u->formation == FOGN_F_LINE || u->formation == FOGN_F_COLUMN;
            int reversed = ((m->flag & 1) != 0) ^ ((m->flag & 2) != 0);
            if (skirm) full_ok = 1;
            else if (lc && reversed) { full_ok = 1; mark_complex(plan, "about-face move of a full move"); }
            if (!full_ok)
                return gr_error_set(err, "a move to the rear is at most half a move, %.2f MU, unless in Extended Line or March Column ending faced about (§8.4)", half);
        }
    }
    if (measured > plan->allowance + 1e-6) {
        if (m->kind == FOGN_MK_NORMAL) {
            /* name the corner that went furthest */
            double dl = gr_v2_dist(gr_rect_corner(&start, GR_FL), gr_rect_corner(&end, GR_FL));
            double dr = gr_v2_dist(gr_rect_corner(&start, GR_FR), gr_rect_corner(&end, GR_FR));
            return gr_error_set(err, "the %s front corner would move %.1f MU, allowance %.4g MU in %s (§8.3-8.4)",
                                dl >= dr ? "left" : "right", dl >= dr ? dl : dr, plan->allowance, fogn_move_class_name(tr.worst));
        }
        return gr_error_set(err, "%s would move %.1f MU, allowance %.4g MU in %s (§8.3)", p->name, measured,
                            plan->allowance, fogn_move_class_name(tr.worst));
    }
    if (wheel_arc > FOGN_WHEEL_ARC_FRACTION * allow + 1e-6)
        return gr_error_set(err, "the wheel's outer corner travels %.1f MU: at most half the allowance, %.4g MU (§8.4)",
                            wheel_arc, FOGN_WHEEL_ARC_FRACTION * allow);
    if (tr.obstacle && !skirm && !(column_road && tr.worst <= FOGN_MC_ROUGH && m->kind == FOGN_MK_ROAD))
        mark_complex(plan, "crossing an obstacle");

    /* --- the table, enemies, friends ------------------------------------------------------- */
    /* §15.4, §15.5: areas are entered by their own orders; garrisons move by them */
    if (fogn_bld_move_ok(s, st, m->unit, &after, m->kind == FOGN_MK_ROAD, err)) return -1;
    gr_rect end_rects[2];
    int nend = fogn_unit_rects(p, &after, end_rects);
    for (int i = 0; i < nend; i++)
        if (!fogn_rect_on_table(s, &end_rects[i]))
            return gr_error_set(err, "%s would leave the table", p->name);
    double sweep_enemy = sweep_enemy_dist(s, st, p->side, sw, SWEEP_ENEMY_CAP, t && t->ready ? t : NULL);
    double start_enemy;
    if (t && t->have_start_enemy) {
        start_enemy = t->start_enemy;
    } else {
        start_enemy = fogn_enemy_dist(s, st, m->unit, NULL);
        if (t) {
            t->start_enemy = start_enemy;
            t->have_start_enemy = 1;
        }
    }
    double end_enemy = INFINITY;
    for (int i = 0; i < nend; i++) {
        double d = fogn_enemy_dist(s, st, m->unit, &end_rects[i]);
        if (d < end_enemy) end_enemy = d;
    }
    if (sweep_enemy <= CONTACT_EPS || end_enemy <= CONTACT_EPS)
        return gr_error_set(err, "%s would touch an enemy: contact is made only by assaults (§8)", p->name);
    /* §6.1 item 3: nor meet one across an obstacle it defends (or defend one against an enemy at its front) */
    if (fogn_obs_any(s) && isfinite(end_enemy) && end_enemy <= FOGN_OBS_ACROSS_GAP + FOGN_BW * 4) {
        fogn_state tmp = *st;
        tmp.u[m->unit] = after;
        for (int j = 0; j < s->nunits; j++) {
            fogn_contact oc;
            if (s->units[j].side != p->side && fogn_obs_contact(s, &tmp, m->unit, j, &oc))
                return gr_error_set(err, "%s would meet %s across %s: contact is made only by assaults (§8)", p->name,
                                    s->units[j].name, s->terrain.p[oc.across - 1].name);
        }
    }
    int advance = is_advance(&start, end_rects, nend);
    if (wav) {
        for (int j = 0; j < s->nunits; j++) {
            if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
            gr_rect e[2];
            int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
            gr_rect sr[2];
            int nsr = fogn_unit_rects(p, u, sr);
            double d0 = fogn_rects_dist(sr, nsr, e, ne), d1 = fogn_rects_dist(end_rects, nend, e, ne);
            if (d1 < FOGN_WAVERING_KEEP_AWAY - 1e-9 && d1 < d0 - 1e-6)
                return gr_error_set(err, "%s is Wavering and may not move to within %.0f MU of %s, nor closer to it (§8.9)",
                                    p->name, FOGN_WAVERING_KEEP_AWAY, s->units[j].name);
        }
        if (m->kind == FOGN_MK_FORM || m->kind == FOGN_MK_TURN || m->kind == FOGN_MK_KINK)
            mark_complex(plan, "Wavering unit changing formation or facing");
    } else if (m->kind == FOGN_MK_FORM || m->kind == FOGN_MK_TURN || m->kind == FOGN_MK_KINK) {
        if (start_enemy <= FOGN_R_REFORM_ENEMY_NEAR + 1e-9) {
            /* turning to face an enemy within 2 MU is Simple (§5.4, §23.1 #13) */
            int facing_near = 0;
            if (m->kind == FOGN_MK_TURN) {
                for (int j = 0; j < s->nunits && !facing_near; j++) {
                    if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
                    gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
                    if (gr_rect_dist(&start, &e) <= FOGN_CLOSE + 1e-9 && gr_rect_in_front_corridor(&end, &e, -1)) facing_near = 1;
                }
            }
            if (!facing_near) mark_complex(plan, "formation or facing change with an enemy within 2 MU");
        }
    }
    if (advance && u->cohesion == FOGN_DISORDERED && end_enemy <= FOGN_CLOSE + 1e-9)
        mark_complex(plan, "Disordered unit advancing to within 2 MU of an enemy");
    if (advance && (u->flags & FOGN_UF_HALTED)) mark_complex(plan, "halted by fire: advancing needs a test");
    if (m->kind == FOGN_MK_FREE && sweep_enemy <= FOGN_CLOSE + 1e-9)
        return gr_error_set(err, "a move in any direction must stay more than 2 MU from every enemy (§8.4)");
    if (m->kind == FOGN_MK_NORMAL && m->slide != 0) {
        int only_slide = m->dist == 0 && m->angle == 0;
        if (only_slide) {
            if (sweep_enemy <= FOGN_CLOSE + 1e-9)
                return gr_error_set(err, "a slide as the only move must stay more than 2 MU from every enemy (§8.4)");
        } else {
            double adv_l = gr_v2_dist(gr_rect_corner(&start, GR_FL), gr_rect_corner(&end, GR_FL));
            double adv_r = gr_v2_dist(gr_rect_corner(&start, GR_FR), gr_rect_corner(&end, GR_FR));
            int case_a = adv_l >= FOGN_SLIDE_MIN_ADVANCE - 1e-9 && adv_r >= FOGN_SLIDE_MIN_ADVANCE - 1e-9 &&
                         sweep_enemy >= FOGN_SLIDE_ENEMY_CLEAR - 1e-9;
            /* case (b): near the enemy, only to clear friends: the same move
             * without the slide must overlap a friend */
            int case_b = 0;
            if (!case_a && (start_enemy <= FOGN_SLIDE_ENEMY_CLEAR || end_enemy <= FOGN_SLIDE_ENEMY_CLEAR) &&
                start_enemy > FOGN_CLOSE) {
                gr_rect noslide = gr_rect_advance(&end, 0, -m->slide);
                for (int j = 0; j < s->nunits && !case_b; j++) {
                    if (j == m->unit || s->units[j].side != p->side || !fogn_unit_alive(&st->u[j])) continue;
                    gr_rect fr = fogn_unit_rect(&s->units[j], &st->u[j]);
                    if (gr_rect_overlap(&noslide, &fr, 1e-6)) case_b = 1;
                }
            }
            if (!case_a && !case_b)
                return gr_error_set(err, "a slide with a forward move needs both front corners to go 3 MU with every enemy over 6 MU away, or must be needed to clear friends near the enemy (§8.4)");
        }
    }
    if (m->second && sweep_enemy <= FOGN_SECOND_MOVE_CLEAR + 1e-9)
        return gr_error_set(err, "a second move must stay more than 6 MU from every enemy (§8.10)");
    if (m->second && start_enemy <= FOGN_SECOND_MOVE_CLEAR + 1e-9)
        return gr_error_set(err, "a second move must stay more than 6 MU from every enemy (§8.10)");

    /* friends: no overlap at the end; passing through only by §8.7 */
    for (int j = 0; j < s->nunits; j++) {
        if (j == m->unit || s->units[j].side != p->side || !fogn_unit_alive(&st->u[j])) continue;
        if (m->ignore & (1ull << j)) continue; /* a fellow member of its Brigade Group moves with it */
        const fogn_unit_profile *fp = &s->units[j];
        const fogn_unit *fu = &st->u[j];
        gr_rect fr[2];
        int nf = fogn_unit_rects(fp, fu, fr);
        int crossed = 0, at_end = 0;
        for (int k = 0; k < nf; k++) {
            gr_vec2 fc[4];
            double fb[4];
            gr_rect_corners(&fr[k], fc);
            fogn_rect_box(&fr[k], fb);
            if (!fogn_boxes_meet(sw->all, fb)) continue;
            /* sweep[0] is the start footprint; tries of one move (t) ask
             * about the polygons they share, 1 to t->n0 - 1, once */
            int from = 1;
            if (t && t->ready && !crossed) {
                if (!t->cross_known[j][k]) {
                    t->cross_known[j][k] = 1;
                    t->cross[j][k] = (uint8_t)friend_crossed(sw, 1, t->n0, &fr[k], fc, fb);
                }
                crossed = t->cross[j][k];
                from = t->n0;
            }
            if (!crossed) crossed = friend_crossed(sw, from, sw->n, &fr[k], fc, fb);
            for (int i = 0; i < nend; i++)
                if (gr_rect_overlap(&end_rects[i], &fr[k], 1e-6)) at_end = 1;
        }
        if (!crossed && !at_end) continue;
        int free_pass = fogn_is_skirmisher(fp, fu) || skirm || fogn_troop_arm((fogn_troop)fp->troop) == FOGN_ARM_ART ||
                        arm == FOGN_ARM_ART;
        if (!free_pass) {
            if (m->kind == FOGN_MK_GROUP)
                return gr_error_set(err, "a Brigade Group may not pass through friends: %s is in the way of %s (§8.7)",
                                    fp->name, p->name);
            if (plan->passes_through >= 0 && plan->passes_through != j)
                return gr_error_set(err, "%s may pass through only one friend in a move (§8.7)", p->name);
            if ((fu->flags & FOGN_UF_MOVED) && !(fu->flags & FOGN_UF_HELD))
                return gr_error_set(err, "%s can pass through %s only if that unit stays still all phase; it has moved (§8.7)",
                                    p->name, fp->name);
            if (fu->formation == FOGN_F_COLUMN)
                return gr_error_set(err, "%s cannot pass through %s: it is in March Column (§8.7)", p->name, fp->name);
            plan->passes_through = j;
            int same_div = fp->division == p->division;
            if (!same_div) mark_complex(plan, "passing through friends of another command");
            else if (wav) mark_complex(plan, "Wavering unit passing through friends");
        }
        if (at_end && m->kind == FOGN_MK_GROUP)
            return gr_error_set(err, "%s would end on top of %s", p->name, fp->name);
        if (at_end) {
            /* §8.7: the stationary unit may be slid back (or forward) up to one base depth */
            if (free_pass || plan->slide_friend >= 0)
                return gr_error_set(err, "%s would end on top of %s", p->name, fp->name);
            int done = 0;
            for (int step = 1; step <= 12 && !done; step++) {
                for (int dir = -1; dir <= 1 && !done; dir += 2) {
                    double off = dir * FOGN_INTERPEN_SLIDE * step / 12.0;
                    gr_rect moved = gr_rect_advance(&fr[0], off, 0);
                    int clash = 0;
                    for (int i = 0; i < nend; i++) if (gr_rect_overlap(&end_rects[i], &moved, 1e-6)) clash = 1;
                    for (int q = 0; q < s->nunits && !clash; q++) {
                        if (q == j || q == m->unit || !fogn_unit_alive(&st->u[q])) continue;
                        gr_rect o = fogn_unit_rect(&s->units[q], &st->u[q]);
                        if (gr_rect_overlap(&moved, &o, 1e-6) || (s->units[q].side != p->side && gr_rect_dist(&moved, &o) <= CONTACT_EPS)) clash = 1;
                    }
                    if (!clash && fogn_rect_on_table(s, &moved)) {
                        plan->slide_friend = j;
                        plan->friend_after = moved;
                        plan->friend_dx = moved.fc.x - fr[0].fc.x;
                        plan->friend_dy = moved.fc.y - fr[0].fc.y;
                        done = 1;
                    }
                }
            }
            if (!done)
                return gr_error_set(err, "%s has no room beyond %s, even sliding it one base depth (§8.7)", p->name, fp->name);
        }
    }
    plan->after = after;
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
    memset(t->pd_have, 0, sizeof t->pd_have);
    memset(t->cross_known, 0, sizeof t->cross_known);
}

int fogn_move_try(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, fogn_move_plan *plan,
                  fogn_move_tries *t)
{
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
