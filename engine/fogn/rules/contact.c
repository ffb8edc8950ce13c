/* contact.c - which fogn units touch and on which faces (§9.1, §22.1 G9),
 * and the moves that make or adjust contact: snapping a striker flush to the
 * edge it meets (§22.2 item 5), a flanked target turning to face (§6.11),
 * the counter-charge (§6.7), pursuit and pass-through (§9.12, §9.13) and
 * squaring up units left in contact (§9.14). The assault reach, the pause
 * before close fire and intercepts are in reach.c. No dice, no cohesion:
 * the caller decides and marks; see contact.h. */
#include "contact.h"
#include "building.h"
#include "obstacle.h"
#include "sweep.h"
#include "move.h"
#include "movetable.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#define TOL FOGN_CONTACT_TOL
#define DEG (GR_PI / 180.0)
/* a sub-tolerance for comparing computed distances along a path */
#define T_EPS 1e-9
/* bisection steps when a path is cut short by ground or the table edge */
#define BISECT_STEPS 60

/* --- small helpers ------------------------------------------------------------------------------------ */

static bool is_square(const fogn_unit *u) { return u->formation == FOGN_F_SQUARE; }

/* what contact is made with: the footprint, or a building garrison's
 * perimeter (FOGN_R_BLD_MET_ON_PERIMETER) */
static int rects_of(const fogn_scenario *s, const fogn_state *st, int i, gr_rect out[2])
{
    return fogn_bld_meet_rects(s, st, i, out);
}

/* no flank or rear: a Square (§6.1) and a unit in a building (§15.4) */
static bool all_front(const fogn_scenario *s, const fogn_state *st, int i)
{
    return (FOGN_SQUARE_ALL_FRONT && is_square(&st->u[i])) || fogn_bld_on_perimeter(s, st, i);
}


/* edge k of r runs from corner k to corner k+1: 0 front, 1 right, 2 rear, 3 left */
static gr_vec2 edge_normal(const gr_rect *r, int k)
{
    gr_vec2 f = gr_rect_fwd(r), rt = gr_rect_right(r);
    switch (k & 3) {
    case 0: return f;
    case 1: return rt;
    case 2: return gr_v2_scale(f, -1);
    default: return gr_v2_scale(rt, -1);
    }
}

bool fogn_rect_window(const gr_rect *a, gr_vec2 v, const gr_rect *b, double eps, double *t_in, double *t_out)
{
    assert(a && b && t_in && t_out);
    gr_vec2 axes[4] = {gr_rect_fwd(a), gr_rect_right(a), gr_rect_fwd(b), gr_rect_right(b)};
    gr_vec2 ca[4], cb[4];
    gr_rect_corners(a, ca);
    gr_rect_corners(b, cb);
    double lo = -INFINITY, hi = INFINITY;
    for (int k = 0; k < 4; k++) {
        double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
        for (int i = 0; i < 4; i++) {
            double pa = gr_v2_dot(ca[i], axes[k]), pb = gr_v2_dot(cb[i], axes[k]);
            amin = gr_min(amin, pa);
            amax = gr_max(amax, pa);
            bmin = gr_min(bmin, pb);
            bmax = gr_max(bmax, pb);
        }
        double kv = gr_v2_dot(v, axes[k]);
        if (fabs(kv) < 1e-12) {
            /* no motion along this axis: it overlaps for good or never
             * (edge contact along it is not overlap) */
            double e = eps > T_EPS ? eps : T_EPS;
            if (!(amax - bmin > e && bmax - amin > e)) return false;
            continue;
        }
        /* overlap needs amax + t kv > bmin + eps and amin + t kv < bmax - eps */
        double t0 = (bmin + eps - amax) / kv, t1 = (bmax - eps - amin) / kv;
        if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
        if (t0 > lo) lo = t0;
        if (t1 < hi) hi = t1;
    }
    if (!(lo < hi)) return false;
    *t_in = lo;
    *t_out = hi;
    return true;
}

fogn_face fogn_rect_face_at(const gr_rect *r, gr_vec2 p)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    if (gr_v2_dist(p, c[GR_FL]) <= TOL || gr_v2_dist(p, c[GR_FR]) <= TOL) return FOGN_FACE_FRONT;
    if (gr_v2_dist(p, c[GR_RR]) <= TOL || gr_v2_dist(p, c[GR_RL]) <= TOL) return FOGN_FACE_REAR;
    int best = 0;
    double bd = INFINITY;
    for (int k = 0; k < 4; k++) {
        double d = gr_point_seg_dist(p, c[k], c[(k + 1) & 3]);
        if (d < bd - 1e-12) { bd = d; best = k; }
    }
    return best == 0 ? FOGN_FACE_FRONT : best == 2 ? FOGN_FACE_REAR : FOGN_FACE_FLANK;
}

bool fogn_rects_contact(const gr_rect *ra, const gr_rect *rb, fogn_contact *c)
{
    assert(ra && rb && c);
    if (!gr_rect_within(ra, rb, TOL)) return false;
    memset(c, 0, sizeof *c);
    c->a = c->b = -1;
    gr_vec2 ca[4], cb[4];
    gr_rect_corners(ra, ca);
    gr_rect_corners(rb, cb);
    /* flush: a pair of (near) parallel edges sharing a stretch */
    double best = 0;
    for (int i = 0; i < 4; i++) {
        gr_vec2 a0 = ca[i], a1 = ca[(i + 1) & 3];
        double la = gr_v2_dist(a0, a1);
        if (la <= 0) continue;
        gr_vec2 da = gr_v2_scale(gr_v2_sub(a1, a0), 1.0 / la);
        for (int j = 0; j < 4; j++) {
            gr_vec2 b0 = cb[j], b1 = cb[(j + 1) & 3];
            gr_vec2 db = gr_v2_norm(gr_v2_sub(b1, b0));
            if (fabs(gr_v2_cross(da, db)) > FOGN_FLUSH_ANGLE) continue;
            double t0 = gr_v2_dot(gr_v2_sub(b0, a0), da), t1 = gr_v2_dot(gr_v2_sub(b1, a0), da);
            double lo = fmax(0.0, fmin(t0, t1)), hi = fmin(la, fmax(t0, t1));
            if (hi - lo <= T_EPS) continue;
            gr_vec2 p = gr_v2_add(a0, gr_v2_scale(da, lo)), q = gr_v2_add(a0, gr_v2_scale(da, hi));
            if (gr_point_seg_dist(p, b0, b1) > TOL || gr_point_seg_dist(q, b0, b1) > TOL) continue;
            if (hi - lo > best) {
                best = hi - lo;
                c->mid = gr_v2_scale(gr_v2_add(p, q), 0.5);
            }
        }
    }
    if (best > 0) {
        c->len = best;
    } else {
        /* a corner touches: the corner nearest the other footprint */
        double bd = INFINITY;
        for (int k = 0; k < 4; k++) {
            double d = gr_rect_point_dist(rb, ca[k]);
            if (d < bd - 1e-12) { bd = d; c->mid = ca[k]; }
        }
        for (int k = 0; k < 4; k++) {
            double d = gr_rect_point_dist(ra, cb[k]);
            if (d < bd - 1e-12) { bd = d; c->mid = cb[k]; }
        }
        c->len = 0;
    }
    c->face_a = fogn_rect_face_at(ra, c->mid);
    c->face_b = fogn_rect_face_at(rb, c->mid);
    return true;
}

/* the best contact between two sets of rectangles (longest shared boundary) */
static bool sets_contact(const gr_rect *ra, int na, const gr_rect *rb, int nb, fogn_contact *out)
{
    bool found = false;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            fogn_contact c;
            if (!fogn_rects_contact(&ra[i], &rb[j], &c)) continue;
            if (!found || c.len > out->len + T_EPS) {
                *out = c;
                out->rect_a = i;
                out->rect_b = j;
                found = true;
            }
        }
    return found;
}

/* beyond i's reach, the largest reach j could have and any obstacle
 * between: no contact, and j's reach is not needed (a building's perimeter
 * may lie farther out than a footprint, so never with either in one). The
 * sum is `far` below with FOGN_REACH_MAX for j's reach, added in the same
 * order, so never less than it. Inline, so that the loops over pairs pass
 * over the many pairs far apart without a call */
static inline bool clearly_apart(const fogn_state *st, int i, int j, double reach_i)
{
    if (st->u[i].bld >= 0 || st->u[j].bld >= 0) return false;
    double dx = st->u[i].x - st->u[j].x, dy = st->u[i].y - st->u[j].y, d2 = dx * dx + dy * dy;
    double most = reach_i + FOGN_REACH_MAX + 2 * TOL + FOGN_OBS_MAX_LINE_WIDTH + FOGN_OBS_ACROSS_GAP;
    return d2 > most * most;
}

/* fogn_unit_contact with i's reach known (loops over j work it out once),
 * and j's when reach_j is not negative (fogn_bld_meet_reach, as for i) */
static bool unit_contact_reach(const fogn_scenario *s, const fogn_state *st, int i, int j, double reach_i,
                               double reach_j, fogn_obs_lines *lines, fogn_contact *c)
{
    assert(i >= 0 && i < s->nunits && j >= 0 && j < s->nunits);
    if (i == j || !fogn_unit_alive(&st->u[i]) || !fogn_unit_alive(&st->u[j])) return false;
    /* far apart: no footprint work */
    if (clearly_apart(st, i, j, reach_i)) return false;
    double dx = st->u[i].x - st->u[j].x, dy = st->u[i].y - st->u[j].y, d2 = dx * dx + dy * dy;
    if (reach_j < 0) reach_j = fogn_bld_meet_reach(s, st, j);
    double lim = reach_i + reach_j + 2 * TOL;
    /* not touching: enemies may still meet across an obstacle (§6.1 item 3),
     * but only this close (obstacle.c's own first test) */
    double far = lim + FOGN_OBS_MAX_LINE_WIDTH + FOGN_OBS_ACROSS_GAP;
    if (d2 > lim * lim)
        return d2 <= far * far && s->units[i].side != s->units[j].side &&
               fogn_obs_contact_reach(s, st, i, j, reach_i, reach_j, lines, c);
    gr_rect ri[2], rj[2];
    int ni = rects_of(s, st, i, ri), nj = rects_of(s, st, j, rj);
    if (!sets_contact(ri, ni, rj, nj, c)) return fogn_obs_contact_reach(s, st, i, j, reach_i, reach_j, lines, c);
    c->a = i;
    c->b = j;
    if (all_front(s, st, i)) c->face_a = FOGN_FACE_FRONT;
    if (all_front(s, st, j)) c->face_b = FOGN_FACE_FRONT;
    return true;
}

bool fogn_unit_contact(const fogn_scenario *s, const fogn_state *st, int i, int j, fogn_contact *c)
{
    assert(i >= 0 && i < s->nunits);
    return unit_contact_reach(s, st, i, j, fogn_bld_meet_reach(s, st, i), -1, NULL, c);
}

int fogn_contacts(const fogn_scenario *s, const fogn_state *st, fogn_contact *out, int max)
{
    int n = 0;
    fogn_obs_lines lines; /* gathered by the first pair that meets across an obstacle's reach */
    lines.ready = 0;
    double reach[FOGN_MAX_UNITS]; /* each unit's once, not once a pair (-1: not on the table) */
    for (int i = 0; i < s->nunits; i++) reach[i] = fogn_unit_alive(&st->u[i]) ? fogn_bld_meet_reach(s, st, i) : -1;
    for (int i = 0; i < s->nunits; i++) {
        if (reach[i] < 0) continue;
        for (int j = i + 1; j < s->nunits && n < max; j++) {
            if (s->units[i].side == s->units[j].side || clearly_apart(st, i, j, reach[i])) continue;
            fogn_contact c;
            if (unit_contact_reach(s, st, i, j, reach[i], reach[j], &lines, &c)) out[n++] = c;
        }
    }
    return n;
}

int fogn_touching_enemies(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max)
{
    int n = 0;
    fogn_obs_lines lines;
    lines.ready = 0;
    double reach_i = fogn_bld_meet_reach(s, st, i);
    for (int j = 0; j < s->nunits && n < max; j++) {
        fogn_contact c;
        if (s->units[j].side != s->units[i].side && !clearly_apart(st, i, j, reach_i) &&
            unit_contact_reach(s, st, i, j, reach_i, -1, &lines, &c))
            out[n++] = j;
    }
    return n;
}

int fogn_front_enemies(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max)
{
    int n = 0;
    fogn_obs_lines lines;
    lines.ready = 0;
    double reach_i = fogn_bld_meet_reach(s, st, i);
    for (int j = 0; j < s->nunits && n < max; j++) {
        fogn_contact c;
        if (s->units[j].side != s->units[i].side && !clearly_apart(st, i, j, reach_i) &&
            unit_contact_reach(s, st, i, j, reach_i, -1, &lines, &c) && c.face_a == FOGN_FACE_FRONT)
            out[n++] = j;
    }
    return n;
}

bool fogn_in_enemy_contact(const fogn_scenario *s, const fogn_state *st, int i)
{
    int one;
    return fogn_touching_enemies(s, st, i, &one, 1) > 0;
}

bool fogn_flank_rear_start(const fogn_scenario *s, const fogn_state *st, const gr_rect *start, int target)
{
    if (all_front(s, st, target)) return false;
    gr_rect rt[2];
    int n = rects_of(s, st, target, rt);
    gr_rect whole = fogn_unit_rect(&s->units[target], &st->u[target]);
    for (int k = 0; k < n; k++)
        if (gr_rect_in_front_corridor(&rt[k], start, -1)) return false;
    return gr_rect_ahead_of_front(&whole, start->fc) < -GR_EPS;
}

/* --- placing units ------------------------------------------------------------------------------------ */

void fogn_place_unit(const fogn_scenario *s, fogn_state *st, int i, const gr_rect *r)
{
    fogn_unit *u = &st->u[i];
    double ox = u->x, oy = u->y, oh = u->heading;
    u->x = r->fc.x;
    u->y = r->fc.y;
    fogn_unit_face_as(u, r);
    u->kink = 0;
    u->bend = 0;
    for (int c = 0; c < s->ncmdrs; c++) {
        if (!(st->c[c].flags & FOGN_CF_ON_TABLE) || st->c[c].leading != i) continue;
        gr_vec2 rel = gr_v2_rot(gr_v2(st->c[c].x - ox, st->c[c].y - oy), u->heading - oh);
        double x = u->x + rel.x, y = u->y + rel.y, h = FOGN_CMDR_BASE / 2;
        st->c[c].x = fmin(fmax(x, h), s->table_w - h);
        st->c[c].y = fmin(fmax(y, h), s->table_h - h);
    }
}

static bool rect_on_impassable(const fogn_scenario *s, const gr_rect *r)
{
    int idx[GR_TERRAIN_MAX];
    int n = gr_terrain_under_rect(&s->terrain, r, idx, GR_TERRAIN_MAX);
    for (int k = 0; k < n; k++)
        if (fogn_piece_move_class(&s->terrain.p[idx[k]]) == FOGN_MC_IMPASSABLE) return true;
    return false;
}

/* The footprint overlaps no live unit outside `ignore`, stays on the table
 * and off impassable ground. */
bool fogn_pose_clear(const fogn_scenario *s, const fogn_state *st, const gr_rect *r, uint64_t ignore)
{
    if (!fogn_rect_on_table(s, r) || rect_on_impassable(s, r)) return false;
    for (int k = 0; k < s->nunits; k++) {
        if ((ignore >> k) & 1u || !fogn_unit_alive(&st->u[k])) continue;
        gr_rect rk[2];
        int n = rects_of(s, st, k, rk);
        for (int q = 0; q < n; q++)
            if (gr_rect_overlap(r, &rk[q], GR_EPS)) return false;
    }
    return true;
}

/* May a straight run of r along u for t keep off impassable ground? */
static bool run_clear_ground(const fogn_scenario *s, const gr_rect *r, gr_vec2 u, double t)
{
    gr_rect e = *r;
    e.fc = gr_v2_add(r->fc, gr_v2_scale(u, t));
    fogn_sweep sw;
    fogn_sweep_clear(&sw);
    fogn_sweep_pair(&sw, r, &e);
    int idx[GR_TERRAIN_MAX];
    int np;
    const gr_vec2 *poly = fogn_sweep_poly(&sw, 0, &np);
    int n = gr_terrain_under_poly(&s->terrain, poly, np, idx, GR_TERRAIN_MAX);
    for (int k = 0; k < n; k++)
        if (fogn_piece_move_class(&s->terrain.p[idx[k]]) == FOGN_MC_IMPASSABLE) return false;
    return true;
}

/* how far r can run along u before a corner reaches a table edge (exact) */
static double run_table_limit(const fogn_scenario *s, const gr_rect *r, gr_vec2 u)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    double t = INFINITY;
    for (int i = 0; i < 4; i++) {
        if (u.x > 1e-12) t = fmin(t, (s->table_w - c[i].x) / u.x);
        if (u.x < -1e-12) t = fmin(t, -c[i].x / u.x);
        if (u.y > 1e-12) t = fmin(t, (s->table_h - c[i].y) / u.y);
        if (u.y < -1e-12) t = fmin(t, -c[i].y / u.y);
    }
    return t > 0 ? t : 0;
}

/* The farthest t in [0, limit] that a straight run keeps on the table
 * (exact) and off impassable ground (bisection). *cut: 0 not cut short,
 * FOGN_PS_TERRAIN or FOGN_PS_EDGE. */
static double run_ground_limit(const fogn_scenario *s, const gr_rect *r, gr_vec2 u, double limit, int *cut)
{
    *cut = 0;
    if (limit <= 0) return 0;
    double edge = run_table_limit(s, r, u);
    if (edge < limit) {
        limit = edge;
        *cut = FOGN_PS_EDGE;
    }
    if (run_clear_ground(s, r, u, limit)) return limit;
    *cut = FOGN_PS_TERRAIN;
    double lo = 0, hi = limit;
    for (int i = 0; i < BISECT_STEPS; i++) {
        double mid = 0.5 * (lo + hi);
        if (run_clear_ground(s, r, u, mid)) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* --- snapping flush (§22.2 item 5) -------------------------------------------------------------------- */

/* the footprint (wa x da) facing into edge k of rb, its front edge on that
 * edge, its front-edge centre `off` to its own right of the edge's midpoint */
static gr_rect flush_pose(const gr_rect *rb, int k, double wa, double da, double off)
{
    gr_vec2 c[4];
    gr_rect_corners(rb, c);
    gr_vec2 m = gr_v2_scale(gr_v2_add(c[k & 3], c[(k + 1) & 3]), 0.5);
    gr_vec2 n = edge_normal(rb, k);
    double h = atan2(-n.y, -n.x);
    gr_rect r = gr_rect_make(m, h, wa, da);
    return gr_rect_advance(&r, 0, off);
}

/* Places striker a (wa x da) flush on edge k of target rectangle brects[bi],
 * centred, or slid along the edge by the least amount that clears every
 * other unit, the table edge and impassable ground, keeping at least
 * FOGN_SNAP_MIN_OVERLAP of its front against the edge; ties go to the side of
 * `prefer` (the unsnapped front-edge centre). 0 with *out, or -1. */
static int snap_search(const fogn_scenario *s, const fogn_state *st, int a, int b, const gr_rect *brects, int nb, int bi,
                       int k, double wa, double da, gr_vec2 prefer, gr_rect *out, double *slide)
{
    assert(bi >= 0 && bi < nb && nb <= 2 && k >= 0 && k < 4);
    gr_rect base = flush_pose(&brects[bi], k, wa, da, 0);
    gr_vec2 rt = gr_rect_right(&base);
    gr_vec2 c[4];
    gr_rect_corners(&brects[bi], c);
    double len = gr_v2_dist(c[k & 3], c[(k + 1) & 3]);
    double smax = 0.5 * (wa + len) - FOGN_SNAP_MIN_OVERLAP;
    if (smax < 0) smax = 0;
    double pref = gr_v2_dot(gr_v2_sub(prefer, base.fc), rt);

    /* forbidden open intervals of the slide: overlaps with other units */
    double flo[2 * FOGN_MAX_UNITS + 2], fhi[2 * FOGN_MAX_UNITS + 2];
    int nf = 0;
    for (int q = 0; q < s->nunits; q++) {
        if (q == a || q == b || !fogn_unit_alive(&st->u[q])) continue;
        gr_rect rq[2];
        int n = rects_of(s, st, q, rq);
        for (int j = 0; j < n; j++) {
            double lo, hi;
            if (fogn_rect_window(&base, rt, &rq[j], 0, &lo, &hi)) { flo[nf] = lo; fhi[nf] = hi; nf++; }
        }
    }
    for (int j = 0; j < nb; j++) {
        double lo, hi;
        if (j != bi && fogn_rect_window(&base, rt, &brects[j], 0, &lo, &hi)) { flo[nf] = lo; fhi[nf] = hi; nf++; }
    }
    /* the table: each corner's coordinates are linear in the slide */
    double tlo = -smax, thi = smax;
    gr_vec2 bc[4];
    gr_rect_corners(&base, bc);
    for (int i = 0; i < 4; i++) {
        double lim[2][2] = {{bc[i].x, rt.x}, {bc[i].y, rt.y}};
        double top[2] = {s->table_w, s->table_h};
        for (int ax = 0; ax < 2; ax++) {
            double p0 = lim[ax][0], dv = lim[ax][1];
            if (fabs(dv) < 1e-12) {
                if (p0 < -GR_EPS || p0 > top[ax] + GR_EPS) return -1;
                continue;
            }
            double t0 = (-GR_EPS - p0) / dv, t1 = (top[ax] + GR_EPS - p0) / dv;
            if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
            tlo = fmax(tlo, t0);
            thi = fmin(thi, t1);
        }
    }
    if (tlo > thi) return -1;
    /* candidates: centred, the ends of the range, the ends of every forbidden interval */
    double cand[2 * (2 * FOGN_MAX_UNITS + 2) + 3];
    int nc = 0;
    cand[nc++] = 0;
    cand[nc++] = tlo;
    cand[nc++] = thi;
    for (int j = 0; j < nf; j++) { cand[nc++] = flo[j]; cand[nc++] = fhi[j]; }
    int found = 0;
    double best = 0;
    for (int i = 0; i < nc; i++) {
        double off = cand[i];
        if (off < tlo - T_EPS || off > thi + T_EPS) continue;
        int bad = 0;
        for (int j = 0; j < nf && !bad; j++)
            if (off > flo[j] + T_EPS && off < fhi[j] - T_EPS) bad = 1;
        if (bad) continue;
        gr_rect r = gr_rect_advance(&base, 0, off);
        if (rect_on_impassable(s, &r)) continue;
        int better = !found || fabs(off) < fabs(best) - T_EPS ||
                     (fabs(fabs(off) - fabs(best)) <= T_EPS && off * pref > best * pref);
        if (better) { best = off; found = 1; }
    }
    if (!found) return -1;
    *out = gr_rect_advance(&base, 0, best);
    *slide = best;
    return 0;
}

/* the edge of rb a striker facing `fwd` snaps to, for a contact at point m */
static int snap_edge(const gr_rect *rb, gr_vec2 m, gr_vec2 fwd)
{
    gr_vec2 c[4];
    gr_rect_corners(rb, c);
    int best = -1;
    double bd = INFINITY, nearest = INFINITY;
    int near_k = 0;
    for (int k = 0; k < 4; k++) {
        double d = gr_point_seg_dist(m, c[k], c[(k + 1) & 3]);
        if (d < nearest) { nearest = d; near_k = k; }
        if (d > TOL) continue;
        double facing = gr_v2_dot(edge_normal(rb, k), fwd); /* most negative: met most squarely */
        if (facing < bd - 1e-12) { bd = facing; best = k; }
    }
    return best >= 0 ? best : near_k;
}

/* §6.11: b turns about its centre to face a (flush on b's flank or rear);
 * then a is snapped to b's new front. 0 with both poses, -1 when it may not. */
static int turn_to_face(const fogn_scenario *s, const fogn_state *st, int a, int b, const gr_rect *a_flush,
                        gr_rect *b_new, gr_rect *a_new, double *slide)
{
    const fogn_unit *ub = &st->u[b];
    if (all_front(s, st, b)) return -1;
    for (int q = 0; q < s->nunits; q++) {
        fogn_contact c;
        if (q != a && s->units[q].side != s->units[b].side && fogn_unit_contact(s, st, b, q, &c)) return -1;
    }
    gr_rect rb = fogn_unit_rect(&s->units[b], ub);
    gr_vec2 centre = gr_rect_centre(&rb);
    double h = gr_angle_norm(a_flush->heading + GR_PI);
    gr_rect turned = gr_rect_make(gr_v2_add(centre, gr_v2_scale(gr_v2_dir(h), 0.5 * rb.d)), h, rb.w, rb.d);
    if (!fogn_pose_clear(s, st, &turned, (1ull << a) | (1ull << b))) return -1;
    if (snap_search(s, st, a, b, &turned, 1, 0, 0, a_flush->w, a_flush->d, a_flush->fc, a_new, slide)) return -1;
    *b_new = turned;
    return 0;
}

int fogn_contact_plan(const fogn_scenario *s, const fogn_state *st, int a, int b, const gr_rect *a_at, int flank_rear,
                      fogn_contact_result *out)
{
    assert(a >= 0 && a < s->nunits && b >= 0 && b < s->nunits && a != b);
    memset(out, 0, sizeof *out);
    gr_rect rb[2];
    int nb = rects_of(s, st, b, rb);
    fogn_contact c;
    if (!sets_contact(a_at, 1, rb, nb, &c)) return -1;
    out->a_end = *a_at;
    out->b_end = fogn_unit_rect(&s->units[b], &st->u[b]);
    out->face = all_front(s, st, b) ? FOGN_FACE_FRONT : c.face_b;
    out->flank_rear = flank_rear && out->face != FOGN_FACE_FRONT;
    int k = snap_edge(&rb[c.rect_b], c.mid, gr_rect_fwd(a_at));
    gr_rect snapped;
    double slide;
    if (snap_search(s, st, a, b, rb, nb, c.rect_b, k, a_at->w, a_at->d, a_at->fc, &snapped, &slide) == 0) {
        out->a_end = snapped;
        out->slide = slide;
        out->snapped = 1;
    }
    if (out->flank_rear && out->snapped) {
        gr_rect bn, an;
        double sl;
        if (turn_to_face(s, st, a, b, &out->a_end, &bn, &an, &sl) == 0) {
            out->b_end = bn;
            out->a_end = an;
            out->slide = sl;
            out->turned = 1;
        }
    }
    return 0;
}

void fogn_contact_commit(const fogn_scenario *s, fogn_state *st, int a, int b, const fogn_contact_result *res)
{
    fogn_place_unit(s, st, a, &res->a_end);
    if (res->turned) fogn_place_unit(s, st, b, &res->b_end);
}

int fogn_assault_move(const fogn_scenario *s, fogn_state *st, int a, int b, const fogn_reach *r,
                      fogn_contact_result *out)
{
    if (!r->ok) return -1;
    if (r->across) {
        /* against the front of the obstacle b defends: not snapped, b does not turn (FOGN_OBS_STOP_AT_FRONT) */
        uint64_t both = (1ull << a) | (1ull << b);
        if (!fogn_pose_clear(s, st, &r->end, both)) return -1;
        memset(out, 0, sizeof *out);
        out->a_end = r->end;
        out->b_end = fogn_unit_rect(&s->units[b], &st->u[b]);
        out->face = FOGN_FACE_FRONT;
        fogn_contact_commit(s, st, a, b, out);
        return 0;
    }
    if (fogn_contact_plan(s, st, a, b, &r->end, r->flank_rear, out)) return -1;
    /* the snapped poses must stand on the table, clear of everyone else;
     * otherwise the unsnapped contact pose of the reach is kept, and failing
     * that no contact is made (ruling, §22.2 item 5) */
    uint64_t both = (1ull << a) | (1ull << b);
    if (!fogn_pose_clear(s, st, &out->a_end, both) || !fogn_pose_clear(s, st, &out->b_end, both)) {
        if (!fogn_pose_clear(s, st, &r->end, both)) return -1;
        out->a_end = r->end;
        out->b_end = fogn_unit_rect(&s->units[b], &st->u[b]);
        out->snapped = 0;
        out->turned = 0;
        out->slide = 0;
    }
    fogn_contact_commit(s, st, a, b, out);
    return 0;
}

/* --- counter-charge (§6.7) ---------------------------------------------------------------------------- */

static double units_dist(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    gr_rect ri[2], rj[2];
    int ni = rects_of(s, st, i, ri), nj = rects_of(s, st, j, rj);
    double d = INFINITY;
    for (int x = 0; x < ni; x++)
        for (int y = 0; y < nj; y++) d = fmin(d, gr_rect_dist(&ri[x], &rj[y]));
    return d;
}

/* How far r can run along u (up to limit) before touching a live unit
 * outside `ignore`; *who the unit, -1 none. Units already overlapping or
 * behind are not in the way. */
static double run_unit_limit(const fogn_scenario *s, const fogn_state *st, const gr_rect *r, gr_vec2 u, double limit,
                             uint64_t ignore, int *who)
{
    *who = -1;
    for (int q = 0; q < s->nunits; q++) {
        if ((ignore >> q) & 1u || !fogn_unit_alive(&st->u[q])) continue;
        gr_rect rq[2];
        int n = rects_of(s, st, q, rq);
        for (int j = 0; j < n; j++) {
            double lo, hi;
            if (!fogn_rect_window(r, u, &rq[j], 0, &lo, &hi) || hi <= T_EPS || lo < -T_EPS) continue;
            if (lo < limit) { limit = lo < 0 ? 0 : lo; *who = q; }
        }
    }
    return limit;
}

int fogn_countercharge_plan(const fogn_scenario *s, const fogn_state *st, int c, int a, fogn_countercharge *out,
                            gr_error *err)
{
    memset(out, 0, sizeof *out);
    out->pivot = -1;
    out->blocker = -1;
    if (c < 0 || c >= s->nunits || a < 0 || a >= s->nunits || c == a) return gr_error_set(err, "bad units");
    const fogn_unit_profile *p = &s->units[c];
    const fogn_unit *u = &st->u[c];
    if (fogn_troop_arm((fogn_troop)p->troop) != FOGN_ARM_CAV)
        return gr_error_set(err, "%s is not cavalry: only cavalry counter-charges (§6.7)", p->name);
    if (!fogn_unit_alive(u) || !fogn_unit_alive(&st->u[a])) return gr_error_set(err, "both units must be on the table");
    if (u->cohesion >= FOGN_WAVERING)
        return gr_error_set(err, "%s is %s and cannot counter-charge (§6.1)", p->name,
                            fogn_cohesion_name((fogn_cohesion)u->cohesion));
    /* Ruling, §8.4: a bent column's counter-charge would run its rear round the
     * turn its head made, which this straight run does not trace (as a bent
     * column does not assault, reach.c): it stands */
    if (FOGN_BENT_COLUMN(u))
        return gr_error_set(err, "%s is a March Column bent at a turn: it cannot counter-charge until its last base "
                            "has passed the turn (§8.4)", p->name);
    gr_rect start = fogn_unit_rect(p, u);
    double gap = units_dist(s, st, c, a);
    out->want = fmin(FOGN_COUNTER_MAX, FOGN_COUNTER_GAP_FRACTION * gap);
    /* wheel about a front corner to face the assaulter's front-edge centre */
    gr_vec2 aim = gr_v2_sub(gr_v2(st->u[a].x, st->u[a].y), start.fc);
    double phi = gr_angle_diff(atan2(aim.y, aim.x), start.heading);
    double cap = FOGN_COUNTER_MAX_WHEEL_DEG * DEG;
    if (phi > cap) phi = cap;
    if (phi < -cap) phi = -cap;
    gr_rect w = start;
    uint64_t self = 1ull << c;
    if (fabs(phi) > 1e-9) {
        int pivot = phi > 0 ? GR_FL : GR_FR;
        int ok = 1;
        for (int i = 1; i <= FOGN_REACH_WHEEL_SAMPLES && ok; i++) {
            gr_rect r = gr_rect_wheel(&start, pivot, phi * i / FOGN_REACH_WHEEL_SAMPLES);
            if (!fogn_pose_clear(s, st, &r, self)) ok = 0;
        }
        if (ok) {
            w = gr_rect_wheel(&start, pivot, phi);
            out->pivot = pivot;
            out->angle = phi;
        }
    }
    gr_vec2 fw = gr_rect_fwd(&w);
    int who;
    double lim = run_unit_limit(s, st, &w, fw, out->want, self, &who);
    int cut;
    double t = run_ground_limit(s, &w, fw, lim, &cut);
    out->blocker = cut ? -1 : who;
    out->dist = t;
    out->blocked = t < out->want - T_EPS;
    out->end = gr_rect_advance(&w, t, 0);
    return 0;
}

/* --- pursuit (§9.12) and pass-through (§9.13) --------------------------------------------------------- */

static bool passes_freely(const fogn_scenario *s, const fogn_state *st, int q)
{
    return fogn_troop_arm((fogn_troop)s->units[q].troop) == FOGN_ARM_ART || fogn_is_skirmisher(&s->units[q], &st->u[q]);
}

/* friends passed freely (artillery, skirmishers): a run from `from` may not
 * end on top of one, so *limit comes back to just short of it */
static void short_of_passed_friends(const fogn_scenario *s, const fogn_state *st, int p, const gr_rect *from,
                                    double *limit, int *stop, int *blocker)
{
    gr_vec2 u = gr_rect_fwd(from);
    int side = s->units[p].side;
    for (int guard = 0; guard < FOGN_MAX_UNITS; guard++) {
        int moved = 0;
        for (int q = 0; q < s->nunits; q++) {
            if (q == p || !fogn_unit_alive(&st->u[q]) || s->units[q].side != side || !passes_freely(s, st, q)) continue;
            gr_rect rq[2];
            int n = rects_of(s, st, q, rq);
            for (int j = 0; j < n; j++) {
                double lo, hi;
                if (!fogn_rect_window(from, u, &rq[j], GR_EPS, &lo, &hi)) continue;
                if (lo < *limit - T_EPS && hi > *limit + T_EPS && lo >= -T_EPS) {
                    double lo0, hi0;
                    if (fogn_rect_window(from, u, &rq[j], 0, &lo0, &hi0)) lo = lo0;
                    *limit = lo < 0 ? 0 : lo;
                    *stop = FOGN_PS_FRIEND;
                    *blocker = q;
                    moved = 1;
                }
            }
        }
        if (!moved) break;
    }
}

static int pursue_from(const fogn_scenario *s, const fogn_state *st, int p, const gr_rect *from, double dist,
                       const gr_rect *judge, fogn_pursuit *out)
{
    gr_vec2 u = gr_rect_fwd(from);
    int side = s->units[p].side;
    double limit = dist;
    int stop = FOGN_PS_COMPLETE, blocker = -1;
    /* the first enemy or impassable friend in the way (an enemy wins a tie) */
    double e_lo = INFINITY, f_lo = INFINITY;
    int e_who = -1, f_who = -1;
    for (int q = 0; q < s->nunits; q++) {
        if (q == p || !fogn_unit_alive(&st->u[q])) continue;
        int enemy = s->units[q].side != side;
        if (!enemy && passes_freely(s, st, q)) continue;
        gr_rect rq[2];
        int n = rects_of(s, st, q, rq);
        for (int j = 0; j < n; j++) {
            double lo, hi;
            if (!fogn_rect_window(from, u, &rq[j], 0, &lo, &hi) || hi <= T_EPS || lo < -T_EPS) continue;
            if (lo < 0) lo = 0;
            if (enemy && lo < e_lo) { e_lo = lo; e_who = q; }
            if (!enemy && lo < f_lo) { f_lo = lo; f_who = q; }
        }
    }
    if (e_who >= 0 && e_lo <= limit + T_EPS && e_lo <= f_lo + T_EPS) {
        limit = e_lo;
        stop = FOGN_PS_ENEMY;
        blocker = e_who;
    } else if (f_who >= 0 && f_lo < limit) {
        limit = f_lo;
        stop = FOGN_PS_FRIEND;
        blocker = f_who;
    }
    short_of_passed_friends(s, st, p, from, &limit, &stop, &blocker);
    int cut;
    double t = run_ground_limit(s, from, u, limit, &cut);
    if (cut) {
        stop = cut;
        blocker = -1;
        /* cut short by the edge or the ground, it may now end on a friend it would have passed */
        short_of_passed_friends(s, st, p, from, &t, &stop, &blocker);
    }
    out->from = *from;
    out->moved = t;
    out->stop = stop;
    out->blocker = blocker;
    out->enemy = -1;
    gr_rect end = gr_rect_advance(from, t, 0);
    out->contact.a_end = end;
    if (stop == FOGN_PS_ENEMY) {
        int e = blocker;
        gr_rect re[2];
        int ne = rects_of(s, st, e, re);
        fogn_contact c;
        if (sets_contact(&end, 1, re, ne, &c)) {
            int face = all_front(s, st, e) ? FOGN_FACE_FRONT : c.face_b;
            out->enemy = e;
            out->first_half = t <= 0.5 * dist + T_EPS;
            out->flank_rear = face != FOGN_FACE_FRONT && fogn_flank_rear_start(s, st, judge, e);
            fogn_contact_plan(s, st, p, e, &end, out->flank_rear, &out->contact);
        }
    }
    return 0;
}

int fogn_pursuit_plan(const fogn_scenario *s, const fogn_state *st, int p, double dist, const gr_rect *judge,
                      fogn_pursuit *out)
{
    memset(out, 0, sizeof *out);
    out->blocker = out->enemy = -1;
    if (p < 0 || p >= s->nunits || !fogn_unit_alive(&st->u[p]) || !(dist >= 0)) return -1;
    gr_rect from = fogn_unit_rect(&s->units[p], &st->u[p]);
    if (FOGN_BENT_COLUMN(&st->u[p])) {
        /* Ruling, §8.4: its run would take its rear round the turn; no room to run straight */
        out->ok = 0;
        out->stop = FOGN_PS_NO_ROOM;
        out->from = from;
        out->contact.a_end = from;
        return 0;
    }
    out->ok = 1;
    return pursue_from(s, st, p, &from, dist, judge ? judge : &from, out);
}

int fogn_pass_through_plan(const fogn_scenario *s, const fogn_state *st, int c, double dist, fogn_pursuit *out)
{
    memset(out, 0, sizeof *out);
    out->blocker = out->enemy = -1;
    if (c < 0 || c >= s->nunits || !fogn_unit_alive(&st->u[c]) || !(dist >= 0)) return -1;
    if (fogn_troop_arm((fogn_troop)s->units[c].troop) != FOGN_ARM_CAV) return -1;
    gr_rect from = fogn_unit_rect(&s->units[c], &st->u[c]);
    gr_vec2 u = gr_rect_fwd(&from);
    int foes[FOGN_MAX_UNITS];
    int n = fogn_touching_enemies(s, st, c, foes, FOGN_MAX_UNITS);
    double place = -1;
    for (int i = 0; i < n; i++) {
        int q = foes[i];
        if (fogn_troop_arm((fogn_troop)s->units[q].troop) != FOGN_ARM_INF) continue;
        gr_rect rq[2];
        int nq = rects_of(s, st, q, rq);
        for (int j = 0; j < nq; j++) {
            double lo, hi;
            if (fogn_rect_window(&from, u, &rq[j], 0, &lo, &hi) && hi > place) place = hi;
        }
    }
    if (place <= 0) return -1; /* no infantry across its front to pass through */
    gr_rect placed = gr_rect_advance(&from, place, 0);
    if (!fogn_pose_clear(s, st, &placed, 1ull << c)) {
        out->ok = 0;
        out->stop = FOGN_PS_NO_ROOM;
        out->from = placed;
        out->contact.a_end = from;
        return 0;
    }
    out->ok = 1;
    return pursue_from(s, st, c, &placed, dist, &from, out);
}

void fogn_pursuit_commit(const fogn_scenario *s, fogn_state *st, int p, const fogn_pursuit *pu)
{
    if (!pu->ok) return;
    if (pu->enemy >= 0) fogn_contact_commit(s, st, p, pu->enemy, &pu->contact);
    else fogn_place_unit(s, st, p, &pu->contact.a_end);
}

/* --- squaring up (§9.14) ------------------------------------------------------------------------------ */

/* r turned about its centre to heading h, then slid along h until it just
 * touches `other` (forward or back); -1 when it can no longer meet it */
static int pivot_and_close(const gr_rect *r, double h, const gr_rect *other, gr_rect *out)
{
    gr_vec2 centre = gr_rect_centre(r);
    gr_rect t = gr_rect_make(gr_v2_add(centre, gr_v2_scale(gr_v2_dir(h), 0.5 * r->d)), h, r->w, r->d);
    double lo, hi;
    if (!fogn_rect_window(&t, gr_rect_fwd(&t), other, 0, &lo, &hi)) return -1;
    *out = gr_rect_advance(&t, lo, 0);
    return 0;
}

int fogn_square_up(const fogn_scenario *s, fogn_state *st, int x, int y, int only_active, fogn_squared *out,
                   gr_error *err)
{
    memset(out, 0, sizeof *out);
    if (x < 0 || x >= s->nunits || y < 0 || y >= s->nunits || x == y) return gr_error_set(err, "bad units");
    const fogn_unit_profile *px = &s->units[x], *py = &s->units[y];
    fogn_contact c;
    if (!fogn_unit_contact(s, st, x, y, &c) || c.face_a != FOGN_FACE_FRONT || c.face_b != FOGN_FACE_FRONT)
        return gr_error_set(err, "%s and %s are not in frontal contact (§9.14)", px->name, py->name);
    if (c.across) return gr_error_set(err, "%s and %s meet across an obstacle: they stay as they are", px->name, py->name);
    if (st->u[x].kink != 0 || st->u[y].kink != 0)
        return gr_error_set(err, "a kinked line or a column bent at a turn is not squared up");
    gr_rect rx = fogn_unit_rect(px, &st->u[x]), ry = fogn_unit_rect(py, &st->u[y]);
    out->active_end = rx;
    out->inactive_end = ry;
    out->heading = rx.heading;
    double facing = gr_angle_norm(ry.heading + GR_PI);
    if (fabs(gr_angle_diff(rx.heading, facing)) < 1e-9) return 0; /* already face to face */
    int only = only_active || fogn_troop_arm((fogn_troop)px->troop) != fogn_troop_arm((fogn_troop)py->troop);
    double hx = only ? facing : gr_angle_norm(rx.heading + 0.5 * gr_angle_diff(facing, rx.heading));
    uint64_t both = (1ull << x) | (1ull << y);
    gr_rect nx, ny;
    if (pivot_and_close(&rx, hx, &ry, &nx) || !fogn_pose_clear(s, st, &nx, both))
        return gr_error_set(err, "%s cannot be squared up to %s: no room (§9.14)", px->name, py->name);
    out->active_end = nx;
    out->heading = nx.heading;
    out->moved_active = 1;
    fogn_place_unit(s, st, x, &nx);
    if (!only && pivot_and_close(&ry, gr_angle_norm(hx + GR_PI), &nx, &ny) == 0 && fogn_pose_clear(s, st, &ny, both)) {
        out->inactive_end = ny;
        out->moved_inactive = 1;
        fogn_place_unit(s, st, y, &ny);
    }
    return 0;
}
