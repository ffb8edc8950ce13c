/* move_check_terrain.c - the ground an exact move crosses (§8.3, §15.1,
 * §15.6): the worst class of terrain under the swept area, obstacles and
 * water on the way, the allowance over that ground (doubled for a road march
 * far from the enemy) and the distance the move measures against it,
 * including the limits of moves to the rear and of Brigade Groups. */
#include "move_check.h"
#include "cmt.h"
#include "crossing.h"
#include "move.h"
#include "movetable.h"

#include <math.h>
#include <string.h>

/* --- terrain along a move -------------------------------------------------------------- */

typedef struct terrain_read {
    fogn_move_class worst;
    int worst_piece;
    int obstacle;        /* crosses a linear obstacle / enters a building / fortification */
    char obstacle_name[GR_TERRAIN_NAME];
    int deep_water;      /* crosses water that may not be crossed here */
    char water_name[GR_TERRAIN_NAME];
    int water_depth;
    int refused;         /* a wall, hedge or deep water the move would go into or over (§15.8), or -1 */
} terrain_read;

/* is every swept polygon that touches the water also on a bridge or ford? */
static int bridged(const gr_terrain *t, fogn_sweep *sw, const gr_terrain_piece *pc)
{
    for (int i = 0; i < sw->n; i++) {
        if (!fogn_sweep_touches(sw, i, pc)) continue;
        int covered = 0;
        for (int k = 0; k < t->n && !covered; k++) {
            const gr_terrain_piece *b = &t->p[k];
            if ((b->type == GR_T_BRIDGE || b->type == GR_T_FORD) && fogn_sweep_touches(sw, i, b)) covered = 1;
        }
        if (!covered) return 0;
    }
    return 1;
}

static void read_piece(const gr_terrain *t, int idx, terrain_read *tr, fogn_sweep *sw, int on_road_bridge)
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
        int crossing_ok = bridged(t, sw, pc);
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

/* What a move does with a wall, a hedge or deep water it meets (§15.8): 0
 * it only touches it (moving up to it crosses nothing), 1 it crosses it
 * (the crossing order over it, a unit already in it going on, or water
 * crossed on a bridge or ford), -1 it would go into or over it otherwise */
static int crossing_of(const fogn_move_ctx *c, int k, const gr_terrain_piece *pc)
{
    fogn_sweep *sw = c->sw;
    int over = 0;
    for (int i = 0; i < sw->n && !over; i++) {
        int np;
        const gr_vec2 *poly = fogn_sweep_poly(sw, i, &np);
        over = fogn_cross_overlaps(pc, poly, np);
    }
    if (!over) return 0;
    if (c->m->kind == FOGN_MK_CROSS && c->m->flag == k) return 1;
    if (fogn_cross_rect_overlaps(pc, &c->start)) return 1;
    if ((pc->type == GR_T_RIVER || pc->type == GR_T_STREAM) && bridged(&c->s->terrain, sw, pc)) return 1;
    return -1;
}

static void read_terrain(const fogn_move_ctx *c, terrain_read *tr)
{
    memset(tr, 0, sizeof *tr);
    tr->worst_piece = -1;
    tr->refused = -1;
    fogn_sweep *sw = c->sw;
    int column_or_limbered = c->u->formation == FOGN_F_COLUMN || c->u->formation == FOGN_F_LIMBERED;
    const gr_terrain *t = &c->s->terrain;
    for (int k = 0; k < t->n; k++) {
        /* open ground that is no obstacle (roads, gentle hills, fords) changes nothing */
        if (!fogn_piece_hinders_move(&t->p[k]) || !fogn_sweep_near(sw, &t->p[k])) continue;
        for (int i = 0; i < sw->n; i++)
            if (fogn_sweep_touches(sw, i, &t->p[k])) {
                int how = fogn_cross_piece(&t->p[k]) ? crossing_of(c, k, &t->p[k]) : 1;
                if (how < 0 && tr->refused < 0) tr->refused = k;
                if (how > 0) read_piece(t, k, tr, sw, column_or_limbered);
                break;
            }
    }
}

/* impassable ground, obstacles crossed otherwise than §15.8 allows, and
 * water that may not be crossed here (§15.6) */
static int ground_passable(const fogn_move_ctx *c, const terrain_read *tr)
{
    const fogn_unit_profile *p = c->p;
    if (tr->refused >= 0)
        return gr_error_set(c->err, "%s would go into or over %s: a unit crosses it only from touching it, square to "
                            "it (up to t%d), then crosses it as its whole move (cross t%d) (§15.8)", p->name,
                            c->s->terrain.p[tr->refused].name, tr->refused, tr->refused);
    if (tr->worst == FOGN_MC_IMPASSABLE)
        return gr_error_set(c->err, "%s would enter impassable terrain (%s)", p->name,
                            c->s->terrain.p[tr->worst_piece].name);
    if (tr->deep_water) {
        int led = fogn_leader_of(c->s, c->st, c->m->unit) >= 0;
        if (tr->water_depth == GR_WATER_TORRENT || !led)
            return gr_error_set(c->err, "%s cannot cross %s here: %s water%s (§15.6)", p->name, tr->water_name,
                                tr->water_depth == GR_WATER_TORRENT ? "a surging torrent is crossed only at a bridge or ford;" : "shoulder-high",
                                tr->water_depth == GR_WATER_TORRENT ? "" : " is crossed only by a unit led by a commander");
    }
    return 0;
}

/* a Brigade Group stays out of difficult ground and goes back at most half
 * a move (§8.8, §8.4); a move to the rear is at most half a move unless
 * skirmishing, or in Line or March Column ending faced about (§8.4) */
static int rear_and_group_limits(fogn_move_ctx *c, fogn_move_class worst, double allow)
{
    const fogn_move *m = c->m;
    if (m->kind == FOGN_MK_GROUP) {
        /* §8.8: no part of a member in difficult terrain (the road exception
         * needs every member marching on a road: groups do not road-march) */
        if (worst >= FOGN_MC_DIFFICULT)
            return gr_error_set(c->err, "%s would be in difficult terrain: a Brigade Group may not enter it (§8.8)",
                                c->p->name);
        if (m->dist < 0 && -m->dist > allow / 2 + 1e-9)
            return gr_error_set(c->err, "a Brigade Group moves to the rear at most half a move, %.2f MU (§8.4)", allow / 2);
    }
    if (m->kind == FOGN_MK_REAR) {
        double half = allow / 2;
        if (m->dist > half + 1e-9) {
            int full_ok = 0;
            /* an about-face move in Line or March Column may use the full move ending reversed */
            int lc = c->u->formation == FOGN_F_LINE || c->u->formation == FOGN_F_COLUMN;
            int reversed = ((m->flag & 1) != 0) ^ ((m->flag & 2) != 0);
            if (c->skirm) full_ok = 1;
            else if (lc && reversed) { full_ok = 1; fogn_move_mark_complex(c->plan, "about-face move of a full move"); }
            if (!full_ok)
                return gr_error_set(c->err, "a move to the rear is at most half a move, %.2f MU, unless in Extended Line or March Column ending faced about (§8.4)", half);
        }
    }
    return 0;
}

/* what travels the wheel's arc: a swung half's inner end (the swing both
 * halves make is the same arc for each), else the outer corner */
static const char *swing_end(const fogn_move *m)
{
    if (m->kind != FOGN_MK_NORMAL || !(m->flag & FOGN_MOVE_SWING)) return "outer corner";
    if ((m->flag & FOGN_MOVE_WHEEL_LEFT) && (m->flag & FOGN_MOVE_WHEEL_RIGHT))
        return "moving ends (the swung halves' inner corners)";
    return "moving end (the swung half's inner corner)";
}

/* the distance measured within the allowance, and a wheel's outer corner
 * within half of it (§8.3-§8.4) */
static int within_allowance(const fogn_move_ctx *c, fogn_move_class worst, double allow, double wheel_arc)
{
    const fogn_move_plan *plan = c->plan;
    if (c->measured > plan->allowance + 1e-6) {
        if (c->m->kind == FOGN_MK_NORMAL) {
            /* name the corner that went furthest */
            double dl = gr_v2_dist(gr_rect_corner(&c->start, GR_FL), gr_rect_corner(&c->end, GR_FL));
            double dr = gr_v2_dist(gr_rect_corner(&c->start, GR_FR), gr_rect_corner(&c->end, GR_FR));
            if (c->measured > (dl > dr ? dl : dr) + 1e-6) /* a kinked line's wing (move_pose.c) */
                return gr_error_set(c->err, "the bent right wing's outer front corner would move %.1f MU, allowance "
                                    "%.4g MU in %s (§8.4)", c->measured, plan->allowance, fogn_move_class_name(worst));
            return gr_error_set(c->err, "the %s front corner would move %.1f MU, allowance %.4g MU in %s (§8.3-8.4)",
                                dl >= dr ? "left" : "right", dl >= dr ? dl : dr, plan->allowance, fogn_move_class_name(worst));
        }
        return gr_error_set(c->err, "%s would move %.1f MU, allowance %.4g MU in %s (§8.3)", c->p->name, c->measured,
                            plan->allowance, fogn_move_class_name(worst));
    }
    if (wheel_arc > FOGN_WHEEL_ARC_FRACTION * allow + 1e-6)
        return gr_error_set(c->err, "the wheel's %s travels %.1f MU: at most half the allowance, %.4g MU (§8.4)",
                            swing_end(c->m),
                            wheel_arc, FOGN_WHEEL_ARC_FRACTION * allow);
    return 0;
}

int fogn_move_terrain(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    fogn_move_plan *plan = c->plan;
    terrain_read tr;
    read_terrain(c, &tr);
    if (ground_passable(c, &tr)) return -1;
    plan->worst = tr.worst;
    double allow = fogn_allowance(c->s, c->p, c->u, tr.worst);
    if (allow < 0)
        return gr_error_set(c->err, "%s cannot move in %s terrain (§8.3)", c->p->name, fogn_move_class_name(tr.worst));
    if (m->kind == FOGN_MK_ROAD && c->column_road &&
        fogn_sweep_enemy_dist(c->s, c->st, c->p->side, c->sw, FOGN_SWEEP_ENEMY_CAP, NULL) > FOGN_ROAD_ENEMY_CLEAR)
        c->allowance_factor = 2;
    /* a wheel's arc, stashed by the pose as a negative allowance */
    double wheel_arc = plan->allowance < 0 ? -plan->allowance : 0;
    plan->allowance = allow * c->allowance_factor;
    if (rear_and_group_limits(c, tr.worst, allow)) return -1;
    if (within_allowance(c, tr.worst, allow, wheel_arc)) return -1;
    if (tr.obstacle && !c->skirm && !(c->column_road && tr.worst <= FOGN_MC_ROUGH && m->kind == FOGN_MK_ROAD))
        fogn_move_mark_complex(plan, "crossing an obstacle");
    return 0;
}
