/* brigade.c - Brigade Groups (§8.8): two to four units of one division in
 * edge contact, all facing the same way, moving together with their Division
 * Commander. Who may form a group, the group's corners, and the compiling of a
 * group order into one rigid move per member that move.c checks like any
 * other move (each member against its own allowance and terrain, fellow
 * members ignored, no passing through friends). */
#include "brigade.h"
#include "cmt.h"
#include "crossing.h"
#include "move.h"
#include "movetable.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEG (GR_PI / 180.0)

/* Ruling: members "face the same way" when their headings differ by less than this */
#define FOGN_GROUP_FACING_TOL (0.5 * DEG)
/* Ruling: partial edge contact needs the touching edges to share at least this length */
#define FOGN_GROUP_EDGE_MIN 0.1

/* Two units facing the same way in partial edge-to-edge contact: their
 * footprints touch along a shared stretch of edge, not just at a corner. */
static int edge_contact(const gr_rect *a, const gr_rect *b)
{
    if (fabs(gr_angle_diff(a->heading, b->heading)) > FOGN_GROUP_FACING_TOL) return 0;
    gr_vec2 f = gr_rect_fwd(a), r = gr_rect_right(a);
    /* intervals along a's forward and right axes */
    double af0 = -a->d, af1 = 0, ar0 = -a->w / 2, ar1 = a->w / 2;
    gr_vec2 rel = gr_v2_sub(b->fc, a->fc);
    double bf1 = gr_v2_dot(rel, f), bf0 = bf1 - b->d;
    double bc = gr_v2_dot(rel, r), br0 = bc - b->w / 2, br1 = bc + b->w / 2;
    double f_overlap = fmin(af1, bf1) - fmax(af0, bf0);
    double r_overlap = fmin(ar1, br1) - fmax(ar0, br0);
    double tol = FOGN_CONTACT_TOL;
    /* side by side: right intervals touch, forward intervals share a stretch */
    if (fabs(r_overlap) <= tol && f_overlap >= FOGN_GROUP_EDGE_MIN) return 1;
    /* one behind the other */
    if (fabs(f_overlap) <= tol && r_overlap >= FOGN_GROUP_EDGE_MIN) return 1;
    return 0;
}

/* may this unit move as a member of a group now? */
static int member_ok(const fogn_scenario *s, const fogn_state *st, int i, int side)
{
    const fogn_unit *u = &st->u[i];
    if (s->units[i].side != side || !fogn_unit_alive(u)) return 0;
    if (u->cohesion >= FOGN_WAVERING) return 0;
    if (u->flags & (FOGN_UF_NO_MOVE | FOGN_UF_IN_COMBAT | FOGN_UF_STATIONARY)) return 0;
    /* a group's second move is made by the units that made its first (§8.8, §8.10) */
    if (st->turn.second == FOGN_SECOND_GROUP) return (u->flags & FOGN_UF_GROUP_SECOND) != 0;
    if (u->flags & FOGN_UF_MOVED) return 0;
    if (u->kink != 0) return 0;
    if (s->units[i].caps & FOGN_CAP_IMMOBILE) return 0;
    fogn_arm arm = fogn_troop_arm((fogn_troop)s->units[i].troop);
    if (arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED) return 0; /* guns move only by prolong */
    if (u->formation == FOGN_F_SQUARE) return 0;
    return 1;
}

/* the division commander leading `lead`, or -1 */
static int group_leader(const fogn_scenario *s, const fogn_state *st, int lead)
{
    int c = fogn_leader_of(s, st, lead);
    if (c < 0 || s->cmdrs[c].role != FOGN_CMDR_DIVISION) return -1;
    if (s->cmdrs[c].division != s->units[lead].division) return -1;
    if (st->c[c].flags & FOGN_CF_CASUALTY) return -1;
    return c;
}

/* the member led by its Division Commander (the commander moves with it), or -1 */
static int group_lead(const fogn_scenario *s, const fogn_state *st, const int *members, int n)
{
    for (int k = 0; k < n; k++)
        if (members[k] >= 0 && members[k] < s->nunits && group_leader(s, st, members[k]) >= 0) return members[k];
    return -1;
}

int fogn_brigade_valid(const fogn_scenario *s, const fogn_state *st, const int *members, int n, gr_error *err)
{
    if (n < 2) return gr_error_set(err, "a Brigade Group has at least two units (§8.8)");
    int lead = group_lead(s, st, members, n);
    if (lead < 0)
        return gr_error_set(err, "no unit of the group is led by its Division Commander, who must move with it (§8.8)");
    int c = group_leader(s, st, lead);
    if (fogn_troop_arm((fogn_troop)s->units[lead].troop) == FOGN_ARM_ART)
        return gr_error_set(err, "the commander must be with an infantry or cavalry unit of the group (§8.8)");
    int level = st->c[c].level;
    if (n > level + 1)
        return gr_error_set(err, "%s (level %d) leads a Brigade Group of at most %d units (§8.8)", s->cmdrs[c].name,
                            level, level + 1);
    int side = s->units[members[0]].side, art = 0, inf = 0, cav = 0;
    for (int k = 0; k < n; k++) {
        int i = members[k];
        if (i < 0 || i >= s->nunits) return gr_error_set(err, "no unit u%d", i);
        for (int q = 0; q < k; q++)
            if (members[q] == i) return gr_error_set(err, "u%d is named twice in the group", i);
        if (s->units[i].division != s->units[lead].division)
            return gr_error_set(err, "%s is not of %s%s division (§8.8)", s->units[i].name, s->cmdrs[c].name,
                                gr_words_poss(s->cmdrs[c].name));
        if (!member_ok(s, st, i, side)) {
            if (st->u[i].cohesion >= FOGN_WAVERING)
                return gr_error_set(err, "%s is %s and cannot move in a Brigade Group (§8.8)", s->units[i].name,
                                    fogn_cohesion_name((fogn_cohesion)st->u[i].cohesion));
            return gr_error_set(err, "%s cannot move with the group now", s->units[i].name);
        }
        fogn_arm arm = fogn_troop_arm((fogn_troop)s->units[i].troop);
        art += arm == FOGN_ARM_ART;
        inf += arm == FOGN_ARM_INF;
        cav += arm == FOGN_ARM_CAV;
    }
    if (art > 1) return gr_error_set(err, "a Brigade Group holds at most one artillery unit (§8.8)");
    if (inf && cav) return gr_error_set(err, "a Brigade Group may not mix infantry and cavalry (§8.8)");
    /* every member facing the lead's way and connected to the lead by edge contacts */
    int reached[FOGN_GROUP_MAX] = {1, 0, 0, 0}, grew = 1;
    gr_rect r[FOGN_GROUP_MAX];
    for (int k = 0; k < n; k++) r[k] = fogn_unit_rect(&s->units[members[k]], &st->u[members[k]]);
    while (grew) {
        grew = 0;
        for (int k = 0; k < n; k++) {
            if (reached[k]) continue;
            for (int q = 0; q < n; q++)
                if (reached[q] && edge_contact(&r[q], &r[k])) { reached[k] = 1; grew = 1; break; }
        }
    }
    for (int k = 0; k < n; k++)
        if (!reached[k])
            return gr_error_set(err, "%s is not in edge contact with the group, facing its way (§8.8)",
                                s->units[members[k]].name);
    /* all within 8 MU of the commander (rigid moves keep the distances) */
    gr_rect cr = fogn_cmdr_rect(&st->c[c]);
    for (int k = 0; k < n; k++)
        if (gr_rect_dist(&cr, &r[k]) > FOGN_BG_CMDR_RANGE + GR_EPS)
            return gr_error_set(err, "%s is more than %.0f MU from %s (§8.8)", s->units[members[k]].name,
                                FOGN_BG_CMDR_RANGE, s->cmdrs[c].name);
    return 0;
}

int fogn_brigade_members(const fogn_scenario *s, const fogn_state *st, int unit, int *out, int max)
{
    if (max < 1 || !member_ok(s, st, unit, s->units[unit].side)) return 0;
    /* the Division Commander's unit leads; the group grows from it */
    int d = s->units[unit].division;
    int c = d >= 0 ? s->divs[d].commander : -1;
    if (c < 0) return 0;
    int lead = st->c[c].leading;
    if (lead < 0 || group_leader(s, st, lead) != c || !member_ok(s, st, lead, s->units[unit].side)) return 0;
    if (fogn_troop_arm((fogn_troop)s->units[lead].troop) == FOGN_ARM_ART) return 0;
    int limit = st->c[c].level + 1;
    if (limit > FOGN_GROUP_MAX) limit = FOGN_GROUP_MAX;
    if (limit > max) limit = max;
    fogn_arm lead_arm = fogn_troop_arm((fogn_troop)s->units[lead].troop);
    int n = 0, art = 0;
    out[n++] = lead;
    /* breadth first from the lead, lowest unit index first at each step */
    for (int k = 0; k < n && n < limit; k++) {
        gr_rect a = fogn_unit_rect(&s->units[out[k]], &st->u[out[k]]);
        for (int j = 0; j < s->nunits && n < limit; j++) {
            int seen = 0;
            for (int q = 0; q < n; q++) seen |= out[q] == j;
            if (seen || s->units[j].division != s->units[lead].division) continue;
            if (!member_ok(s, st, j, s->units[lead].side)) continue;
            fogn_arm arm = fogn_troop_arm((fogn_troop)s->units[j].troop);
            if (arm == FOGN_ARM_ART && art) continue;
            if (arm != FOGN_ARM_ART && arm != lead_arm) continue;
            gr_rect b = fogn_unit_rect(&s->units[j], &st->u[j]);
            if (!edge_contact(&a, &b)) continue;
            gr_rect cr = fogn_cmdr_rect(&st->c[c]);
            if (gr_rect_dist(&cr, &b) > FOGN_BG_CMDR_RANGE + GR_EPS) continue;
            art += arm == FOGN_ARM_ART;
            out[n++] = j;
        }
    }
    /* the deciding unit first */
    int at = -1;
    for (int k = 0; k < n; k++)
        if (out[k] == unit) at = k;
    if (n < 2 || at < 0) return 0;
    out[at] = out[0];
    out[0] = unit;
    return n;
}

float fogn_brigade_pack(const int *members, int n)
{
    /* the members after the lead, 6 bits each (index + 1): exact in a float */
    long v = 0;
    for (int k = n - 1; k >= 1; k--) v = v * 64 + (members[k] + 1);
    return (float)v;
}

int fogn_brigade_unpack(const fogn_scenario *s, const gr_action *a, int *members, int max)
{
    int n = 0;
    if (max < 1) return 0;
    members[n++] = a->actor;
    long v = (long)a->p[3];
    if (a->p[3] < 0 || (float)v != a->p[3]) return -1;
    while (v > 0) {
        if (n >= max) return -1;
        int idx = (int)(v % 64) - 1;
        if (idx < 0 || idx >= s->nunits) return -1;
        members[n++] = idx;
        v /= 64;
    }
    return n;
}

/* the group's front corner on one side: the extreme member corner along the
 * lead's right axis (ties: the one farthest forward) */
static gr_vec2 group_corner(const gr_rect *r, int n, int corner)
{
    gr_vec2 right = gr_rect_right(&r[0]), fwd = gr_rect_fwd(&r[0]);
    gr_vec2 best = gr_rect_corner(&r[0], corner);
    double sign = corner == GR_FL ? -1 : 1;
    for (int k = 1; k < n; k++) {
        gr_vec2 c = gr_rect_corner(&r[k], corner);
        double a = sign * gr_v2_dot(c, right), b = sign * gr_v2_dot(best, right);
        if (a > b + 1e-9 || (fabs(a - b) <= 1e-9 && gr_v2_dot(c, fwd) > gr_v2_dot(best, fwd))) best = c;
    }
    return best;
}

/* a member's move of the kind given, its fellow members (mask) not in its way: they move with it */
static fogn_move *member_move(fogn_move *mv, int kind, int unit, uint64_t mask, const fogn_state *st)
{
    memset(mv, 0, sizeof *mv);
    mv->kind = kind;
    mv->unit = unit;
    mv->pivot = -1;
    mv->ignore = mask & ~(1ull << unit);
    mv->second = st->turn.second;
    return mv;
}

/* fills one rigid move per member for a turn of `angle` about pivot, then dist */
static void rigid_moves(const fogn_scenario *s, const fogn_state *st, const int *m, int n, gr_vec2 pivot,
                        double angle, double dist, fogn_move *moves)
{
    uint64_t mask = 0;
    for (int k = 0; k < n; k++) mask |= 1ull << m[k];
    double radius = 0;
    for (int k = 0; k < n; k++) {
        gr_rect r = fogn_unit_rect(&s->units[m[k]], &st->u[m[k]]);
        for (int c = GR_FL; c <= GR_FR; c++) {
            double d = gr_v2_dist(gr_rect_corner(&r, c), pivot);
            if (d > radius) radius = d;
        }
    }
    /* every member goes the lead's way: members face the same way only to
     * within FOGN_GROUP_FACING_TOL, and going each its own way would close
     * or open the group's seams */
    gr_rect lead = fogn_unit_rect(&s->units[m[0]], &st->u[m[0]]);
    if (angle != 0) lead = gr_rect_rotate_about(&lead, pivot, angle);
    gr_vec2 way = gr_rect_fwd(&lead);
    for (int k = 0; k < n; k++) {
        fogn_move *mv = member_move(&moves[k], FOGN_MK_GROUP, m[k], mask, st);
        mv->angle = angle;
        mv->dist = dist;
        mv->gx = pivot.x;
        mv->gy = pivot.y;
        mv->radius = radius;
        mv->dx = way.x;
        mv->dy = way.y;
    }
}

static int check_all(const fogn_scenario *s, const fogn_state *st, const fogn_move *moves, int n,
                     fogn_move_plan *plans, int *complex, char *why, size_t why_cap, gr_error *err)
{
    *complex = 0;
    if (why_cap) why[0] = 0;
    for (int k = 0; k < n; k++) {
        if (fogn_move_check(s, st, &moves[k], &plans[k], err)) return -1;
        if (plans[k].complex && !*complex) {
            *complex = 1;
            snprintf(why, why_cap, "%s", plans[k].why_complex);
        }
    }
    return 0;
}

/* the group advance order: wheel toward the target (as far as the arc limit
 * lets), then the longest distance every member can go while the group stays
 * `keep` MU from the target */
static int compile_advance(const fogn_scenario *s, const fogn_state *st, const int *m, int n, int target,
                           double keep, fogn_move *moves, fogn_move_plan *plans, gr_error *err)
{
    gr_rect r[FOGN_GROUP_MAX];
    for (int k = 0; k < n; k++) r[k] = fogn_unit_rect(&s->units[m[k]], &st->u[m[k]]);
    gr_vec2 fl = group_corner(r, n, GR_FL), fr = group_corner(r, n, GR_FR);
    gr_vec2 mid = gr_v2_scale(gr_v2_add(fl, fr), 0.5);
    gr_rect e = fogn_unit_rect(&s->units[target], &st->u[target]);
    gr_vec2 goal = gr_rect_centre(&e);
    double allow = INFINITY;
    for (int k = 0; k < n; k++) {
        double a = fogn_allowance(s, &s->units[m[k]], &st->u[m[k]], FOGN_MC_OPEN);
        if (a < allow) allow = a;
    }
    double width = gr_v2_dist(fl, fr);
    double want = gr_angle_diff(atan2(goal.y - mid.y, goal.x - mid.x), r[0].heading);
    double lim = FOGN_MAX_WHEEL_DEG * DEG;
    if (width > 0 && FOGN_WHEEL_ARC_FRACTION * allow / width < lim) lim = FOGN_WHEEL_ARC_FRACTION * allow / width;
    if (want > lim) want = lim;
    if (want < -lim) want = -lim;
    if (fabs(want) < 2 * DEG) want = 0;
    gr_vec2 pivot = want > 0 ? fl : fr;
    /* binary search on the distance, as orders.c does for one unit */
    double lo = -1, step_lo = 0, hi = allow;
    for (int iter = 0; iter < 14; iter++) {
        double d = iter == 0 ? hi : (step_lo + hi) / 2;
        rigid_moves(s, st, m, n, pivot, want, d, moves);
        int ok = 1;
        for (int k = 0; k < n && ok; k++) {
            if (fogn_move_check(s, st, &moves[k], &plans[k], NULL)) { ok = 0; break; }
            gr_rect a[2];
            int na = fogn_unit_rects(&s->units[m[k]], &plans[k].after, a);
            for (int q = 0; q < na; q++)
                if (gr_rect_dist(&a[q], &e) < keep - 1e-6) ok = 0;
        }
        if (ok) {
            lo = d;
            if (iter == 0) break;
            step_lo = d;
        } else {
            hi = d;
        }
        if (hi - step_lo < 0.05) break;
    }
    if (lo < 0 || (lo < 0.05 && want == 0))
        return gr_error_set(err, "the Brigade Group led by %s cannot advance that way", s->units[m[0]].name);
    rigid_moves(s, st, m, n, pivot, want, lo, moves);
    return 0;
}

/* the group crossing an obstacle (§8.8: every member makes the same move,
 * here §15.8's crossing of piece k): each member, its front edge touching k
 * square to it, is placed the least distance beyond, its fellow members not
 * in its way (they cross with it) */
static int crossing_moves(const fogn_scenario *s, const fogn_state *st, const int *m, int n, int k, fogn_move *moves,
                          gr_error *err)
{
    if (k < 0 || k >= s->terrain.n || !fogn_cross_piece(&s->terrain.p[k]))
        return gr_error_set(err, "a Brigade Group crosses a wall, a hedge or water deeper than ankle (§15.8): t%d is none",
                            k);
    uint64_t mask = 0;
    for (int q = 0; q < n; q++) mask |= 1ull << m[q];
    for (int q = 0; q < n; q++) member_move(&moves[q], FOGN_MK_CROSS, m[q], mask, st)->flag = k;
    return 0;
}

int fogn_brigade_check(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *moves,
                       fogn_move_plan *plans, int *n, int *complex, char *why, size_t why_cap, gr_error *err)
{
    int m[FOGN_GROUP_MAX];
    int nm = fogn_brigade_unpack(s, a, m, FOGN_GROUP_MAX);
    if (nm < 0) return gr_error_set(err, "a Brigade Group has at most %d units", FOGN_GROUP_MAX);
    if (fogn_brigade_valid(s, st, m, nm, err)) return -1;
    *n = nm;
    switch ((fogn_action_type)a->type) {
    case FOGN_A_GROUP_MOVE: {
        double angle = a->p[0] * DEG;
        gr_vec2 pivot = gr_v2(0, 0);
        if (angle != 0) {
            if (a->arg != GR_FL && a->arg != GR_FR)
                return gr_error_set(err, "a Brigade Group wheels forward about its front-left (FL) or front-right (FR) corner");
            if ((a->arg == GR_FL) != (angle > 0))
                return gr_error_set(err, "a forward wheel about the group's %s corner turns %s", a->arg == GR_FL ? "left" : "right",
                                    a->arg == GR_FL ? "left (positive degrees)" : "right (negative degrees)");
            gr_rect r[FOGN_GROUP_MAX];
            for (int k = 0; k < nm; k++) r[k] = fogn_unit_rect(&s->units[m[k]], &st->u[m[k]]);
            pivot = group_corner(r, nm, a->arg);
        }
        if (a->p[1] < 0) return gr_error_set(err, "a group move goes forward; use a group move to the rear");
        rigid_moves(s, st, m, nm, pivot, angle, a->p[1], moves);
        break;
    }
    case FOGN_A_GROUP_REAR:
        if (a->p[1] <= 0) return gr_error_set(err, "the distance to the rear must be positive");
        rigid_moves(s, st, m, nm, gr_v2(0, 0), 0, -a->p[1], moves);
        break;
    case FOGN_A_GROUP_CROSS:
        if (crossing_moves(s, st, m, nm, a->target, moves, err)) return -1;
        break;
    case FOGN_A_GROUP_ADVANCE:
        if (a->target < 0 || a->target >= s->nunits || s->units[a->target].side == s->units[m[0]].side ||
            !fogn_unit_alive(&st->u[a->target]))
            return gr_error_set(err, "advance on which enemy?");
        if (compile_advance(s, st, m, nm, a->target, a->arg, moves, plans, err)) return -1;
        break;
    default:
        return gr_error_set(err, "not a Brigade Group order");
    }
    return check_all(s, st, moves, nm, plans, complex, why, why_cap, err);
}
