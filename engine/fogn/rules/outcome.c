/* outcome.c - retires and evades (§9.11, §6.8), "retire to 3 MU" (§7.9,
 * §6.10) and taking destroyed units off the table: where a forced move takes
 * a unit, what it slides past, bursts through or halts against, and putting
 * the result on the state. The straight-run machinery here (fogn_walk_*) is
 * shared with flight.c.
 *
 * How a run is measured: the unit's footprint is translated along a unit
 * vector. Against other units the times of overlap are exact (separating axes
 * of two rectangles give an interval of t); against terrain, which may be any
 * polygon or a wide polyline, the first and last touch are found by bisection
 * on the swept hull, which grows with t. */
#include "outcome.h"
#include "contact.h"
#include "sweep.h"
#include "cohesion.h"
#include "footprint.h"
#include "move.h"
#include "movetable.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* what the strip test of unit_interval adds to the circles' radii past
 * twice the contact tolerance, in MU: room for rounding */
#define UNIT_STRIP_MARGIN 1e-6

#define DEG (GR_PI / 180.0)
#define SHRINK 1e-7        /* terrain is touched only when entered by more than this */
/* how far a pose's lower bound on its corners' travel must pass the best so far
 * before the pose is passed over (cannot_beat): far above the rounding */
#define RETIRE_BOUND_SLACK 1e-6
#define OVERLAP_EPS 1e-9   /* friends are met only when entered by more than this */
#define BISECT_ITERS 60

/* --- small geometry -------------------------------------------------------------------------- */

static gr_rect shift(const gr_rect *r, gr_vec2 v)
{
    gr_rect q = *r;
    q.fc = gr_v2_add(q.fc, v);
    return q;
}

static gr_rect shrunk(const gr_rect *r)
{
    gr_rect q = *r;
    q.w -= 2 * SHRINK;
    q.d -= 2 * SHRINK;
    q.fc = gr_v2_sub(q.fc, gr_v2_scale(gr_rect_fwd(r), SHRINK));
    return q;
}

/* at least `w` wide, about the same centre line */
static gr_rect widened(const gr_rect *r, double w)
{
    gr_rect q = *r;
    if (q.w < w) q.w = w;
    return q;
}

gr_rect fogn_rect_turn_centre(const gr_rect *r, double h)
{
    double delta = gr_angle_diff(h, r->heading);
    if (fabs(delta) < 1e-12) return *r;
    if (fabs(fabs(delta) - GR_PI) < 1e-9) {
        /* an about-face: the same ground, the rear edge becomes the front */
        gr_vec2 rc = gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), r->d));
        return gr_rect_make(rc, r->heading + GR_PI, r->w, r->d);
    }
    return gr_rect_rotate_about(r, gr_rect_centre(r), delta);
}

gr_rect fogn_rect_reform(const fogn_unit_profile *p, const fogn_unit *u, const gr_rect *r, int f)
{
    fogn_unit nu = *u;
    nu.formation = (uint8_t)f;
    nu.kink = 0;
    nu.bend = 0;
    gr_rect nr = fogn_unit_rect(p, &nu);
    gr_vec2 c = gr_rect_centre(r);
    gr_rect_set_heading(&nr, r->heading);
    nr.fc = gr_v2_add(c, gr_v2_scale(gr_rect_fwd(r), nr.d / 2));
    return nr;
}

gr_rect fogn_rect_limber(const fogn_unit_profile *p, const fogn_unit *u, const gr_rect *r, int backward)
{
    fogn_unit nu = *u;
    nu.formation = FOGN_F_LIMBERED;
    nu.kink = 0;
    nu.bend = 0;
    gr_rect lim = fogn_unit_rect(p, &nu);
    if (!backward) return gr_rect_make(r->fc, r->heading, lim.w, lim.d);
    /* facing backward, its rear edge on the gun line's front edge (§8.6 b) */
    return gr_rect_make(gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), lim.d)), r->heading + GR_PI, lim.w, lim.d);
}

static void project(const gr_vec2 *c, int n, gr_vec2 ax, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        double v = gr_v2_dot(c[i], ax);
        if (v < *lo) *lo = v;
        if (v > *hi) *hi = v;
    }
}

/* The times t at which rectangle a moved by t*d overlaps rectangle b: on the
 * four axes of the two rectangles the projections must overlap by more than
 * m (m < 0: come within -m). 1 with the open interval (*lo, *hi), 0 never. */
static int sat_interval(const gr_rect *a, gr_vec2 d, const gr_rect *b, double m, double *lo, double *hi)
{
    gr_vec2 ca[4], cb[4];
    gr_rect_corners(a, ca);
    gr_rect_corners(b, cb);
    gr_vec2 ax[4] = {gr_rect_fwd(a), gr_rect_right(a), gr_rect_fwd(b), gr_rect_right(b)};
    double L = -INFINITY, H = INFINITY;
    for (int k = 0; k < 4; k++) {
        double a0, a1, b0, b1;
        project(ca, 4, ax[k], &a0, &a1);
        project(cb, 4, ax[k], &b0, &b1);
        double v = gr_v2_dot(ax[k], d);
        if (fabs(v) < 1e-12) {
            if (!(a1 > b0 + m && a0 < b1 - m)) return 0;
            continue;
        }
        double t1 = (b0 + m - a1) / v, t2 = (b1 - m - a0) / v;
        double l = v > 0 ? t1 : t2, h = v > 0 ? t2 : t1;
        if (l > L) L = l;
        if (h < H) H = h;
    }
    if (!(L < H)) return 0;
    *lo = L;
    *hi = H;
    return 1;
}

/* when the moving footprint a meets unit rect b: overlap for friends,
 * contact for enemies; reports the exact touching times */
static int meet_interval(const gr_rect *a, gr_vec2 d, const gr_rect *b, int contact, double *lo, double *hi)
{
    double l, h;
    if (!sat_interval(a, d, b, contact ? -FOGN_CONTACT_TOL : OVERLAP_EPS, &l, &h)) return 0;
    double l0, h0;
    if (sat_interval(a, d, b, 0.0, &l0, &h0) && h0 - l0 > 1e-9) {
        l = l0;
        h = h0;
    }
    *lo = l;
    *hi = h;
    return 1;
}

/* --- terrain along a run ---------------------------------------------------------------------- */

/* the corners of footprint r run along d to a and to b */
static void run_corners(const gr_rect *r, gr_vec2 d, double a, double b, gr_vec2 all[8])
{
    gr_rect ra = shift(r, gr_v2_scale(d, a)), rb = shift(r, gr_v2_scale(d, b));
    gr_rect_corners(&ra, all);
    gr_rect_corners(&rb, all + 4);
}

/* the box of run_corners' points (fogn_rect_box's, for eight points, with
 * the comparisons as selects: this runs for every step of a run's search) */
static void corners_box(const gr_vec2 all[8], double box[4])
{
    box[0] = box[1] = INFINITY;
    box[2] = box[3] = -INFINITY;
    for (int k = 0; k < 8; k++) {
        box[0] = all[k].x < box[0] ? all[k].x : box[0];
        box[1] = all[k].y < box[1] ? all[k].y : box[1];
        box[2] = all[k].x > box[2] ? all[k].x : box[2];
        box[3] = all[k].y > box[3] ? all[k].y : box[3];
    }
}

/* the hull of run_corners' points (the first footprint's corners when they
 * make no area) */
static int corners_hull(const gr_vec2 all[8], gr_vec2 out[8])
{
    int n = gr_convex_hull(all, 8, out);
    if (n < 3) {
        memcpy(out, all, 4 * sizeof all[0]);
        n = 4;
    }
    return n;
}

/* hull of footprint r run along d from a to b */
static int run_hull(const gr_rect *r, gr_vec2 d, double a, double b, gr_vec2 out[8])
{
    gr_vec2 all[8];
    run_corners(r, d, a, b, all);
    return corners_hull(all, out);
}

/* Does the run from a to b touch the piece? A piece clear of the box of the
 * corners is clear of the hull's box, which they hold, and
 * gr_terrain_piece_touches_poly would say no on that box alone: the hull
 * is worked out only for a piece near it. */
static bool run_touches(const gr_terrain_piece *pc, const gr_rect *rs, gr_vec2 d, double a, double b)
{
    gr_vec2 all[8], h[8];
    double box[4];
    run_corners(rs, d, a, b, all);
    corners_box(all, box);
    if (!gr_terrain_piece_near_box(pc, box)) return false;
    int n = corners_hull(all, h);
    return gr_terrain_piece_touches_poly(pc, h, n);
}

/* first t in [0, len] at which the (shrunk) footprint touches the piece; -1 never */
static double first_touch(const gr_terrain_piece *pc, const gr_rect *rs, gr_vec2 d, double len)
{
    if (!run_touches(pc, rs, d, 0, len)) return -1;
    if (run_touches(pc, rs, d, 0, 0)) return 0;
    double lo = 0, hi = len;
    for (int i = 0; i < BISECT_ITERS && hi - lo > 1e-12; i++) {
        double mid = (lo + hi) / 2;
        if (run_touches(pc, rs, d, 0, mid)) hi = mid;
        else lo = mid;
    }
    return hi;
}

/* last t in [from, len] at which it still touches, knowing it touches at
 * `from`; len when it still touches there */
static double last_touch(const gr_terrain_piece *pc, const gr_rect *rs, gr_vec2 d, double from, double len)
{
    if (run_touches(pc, rs, d, len, len)) return len;
    double lo = from, hi = len;
    for (int i = 0; i < BISECT_ITERS && hi - lo > 1e-12; i++) {
        double mid = (lo + hi) / 2;
        if (run_touches(pc, rs, d, mid, len)) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* a linear obstacle whose crossing ends a retire (§9.11, §15.8) */
static int is_obstacle(const gr_terrain_piece *pc)
{
    switch ((gr_terrain_type)pc->type) {
    case GR_T_WALL:
    case GR_T_HEDGE:
    case GR_T_FORTIFICATION:
        return 1;
    case GR_T_RIVER:
    case GR_T_STREAM:
        return pc->grade != GR_WATER_ANKLE && pc->grade != GR_WATER_DRY && pc->grade != GR_WATER_TORRENT;
    default:
        return 0;
    }
}

/* does the run cross the water at a bridge or ford? */
static int run_bridged(const gr_terrain *t, const gr_rect *rs, gr_vec2 d, double a, double b)
{
    gr_vec2 all[8], h[8];
    double box[4];
    run_corners(rs, d, a, b, all);
    corners_box(all, box);
    int n = 0; /* the hull, worked out for the first crossing near the run (as in run_touches) */
    for (int k = 0; k < t->n; k++) {
        if ((t->p[k].type != GR_T_BRIDGE && t->p[k].type != GR_T_FORD) || !gr_terrain_piece_near_box(&t->p[k], box))
            continue;
        if (n == 0) n = corners_hull(all, h);
        if (gr_terrain_piece_touches_poly(&t->p[k], h, n)) return 1;
    }
    return 0;
}

fogn_move_class fogn_walk_worst(const fogn_scenario *s, const gr_rect *r, gr_vec2 d, double len)
{
    gr_vec2 h[8];
    int n = run_hull(r, d, 0, len > 0 ? len : 0, h);
    int idx[GR_TERRAIN_MAX];
    int k = gr_terrain_under_poly(&s->terrain, h, n, idx, GR_TERRAIN_MAX);
    fogn_move_class worst = FOGN_MC_OPEN;
    for (int i = 0; i < k; i++) {
        fogn_move_class mc = fogn_piece_move_class(&s->terrain.p[idx[i]]);
        if (mc > worst) worst = mc;
    }
    return worst;
}

/* time at which the footprint running along d reaches a table edge; the edge in *side */
static double edge_hit(const fogn_scenario *s, const gr_rect *r, gr_vec2 d, int *side)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    double best = INFINITY;
    *side = -1;
    for (int i = 0; i < 4; i++) {
        double t[4] = {INFINITY, INFINITY, INFINITY, INFINITY};
        if (d.y < -1e-12) t[0] = -c[i].y / d.y;
        if (d.x > 1e-12) t[1] = (s->table_w - c[i].x) / d.x;
        if (d.y > 1e-12) t[2] = (s->table_h - c[i].y) / d.y;
        if (d.x < -1e-12) t[3] = -c[i].x / d.x;
        for (int e = 0; e < 4; e++) {
            double v = t[e] < 0 ? 0 : t[e];
            if (v < best) { best = v; *side = e; }
        }
    }
    return best;
}

static gr_vec2 edge_normal(int side)
{
    static const double n[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    assert(side >= 0 && side < 4);
    return gr_v2(n[side][0], n[side][1]);
}

/* --- units ----------------------------------------------------------------------------------- */

bool fogn_out_free_pass(const fogn_unit_profile *p, const fogn_unit *u)
{
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    if (arm == FOGN_ARM_ART) return true;
    return arm == FOGN_ARM_INF && (u->formation == FOGN_F_SKIRMISH || u->formation == FOGN_F_SKIRMISH_LINE);
}

enum { CLS_NONE = 0, CLS_ENEMY, CLS_HARD_FRIEND, CLS_BURST, CLS_FREE };

static int classify(const fogn_walk *w, int j)
{
    const fogn_scenario *s = w->s;
    if (j == w->unit || !fogn_unit_alive(&w->st->u[j]) || (w->ignore & (1ull << j))) return CLS_NONE;
    if (s->units[j].side != w->side) return CLS_ENEMY;
    if (fogn_out_free_pass(&s->units[j], &w->st->u[j])) return CLS_FREE;
    if (!w->allow_burst) return CLS_HARD_FRIEND;
    /* §8.7: free when the mover is Artillery or Skirmishers; otherwise never through a March Column */
    if (w->mover_free || w->st->u[j].formation != FOGN_F_COLUMN) return CLS_BURST;
    return CLS_HARD_FRIEND;
}

/* The circle about a leg's footprint and the length of its direction, the
 * same for every unit a leg asks about (unit_interval). */
typedef struct leg_strip {
    gr_vec2 c;   /* the footprint's centre */
    double half; /* its half diagonal */
    double dn;   /* |d| */
} leg_strip;

static leg_strip strip_of(const gr_rect *r, gr_vec2 d)
{
    leg_strip s = {gr_rect_centre(r), 0.5 * sqrt(r->w * r->w + r->d * r->d), sqrt(d.x * d.x + d.y * d.y)};
    return s;
}

/* the interval in which the run of r meets unit j (both halves of a kinked line) */
static int unit_interval(const fogn_walk *w, const gr_rect *r, const leg_strip *sp, gr_vec2 d, int j, int contact,
                         double *lo, double *hi)
{
    /* A unit whose reach circle lies clear of the strip the footprint's
     * circle sweeps along d (either way) is never met, nor one wholly
     * behind it: sat_interval would find no interval, or one that ends
     * before the start. sat_interval allows the contact tolerance on each
     * rectangle's axes, and two rectangles a distance g apart are at least
     * g / sqrt(2) apart on one of those axes, so the circles must be clear
     * by twice the tolerance. */
    const fogn_unit *u = &w->st->u[j];
    double room = sp->half + fogn_unit_reach(&w->s->units[j], u) + 2 * FOGN_CONTACT_TOL + UNIT_STRIP_MARGIN;
    double ox = u->x - sp->c.x, oy = u->y - sp->c.y;
    if (sp->dn > 0 && (fabs(d.x * oy - d.y * ox) > room * sp->dn || d.x * ox + d.y * oy < -room * sp->dn)) return 0;
    gr_rect e[2];
    int ne = fogn_unit_rects(&w->s->units[j], &w->st->u[j], e);
    int any = 0;
    double L = INFINITY, H = -INFINITY;
    for (int k = 0; k < ne; k++) {
        double l, h;
        if (!meet_interval(r, d, &e[k], contact, &l, &h)) continue;
        any = 1;
        if (l < L) L = l;
        if (h > H) H = h;
    }
    if (!any || H <= 1e-9) return 0; /* never, or only behind it */
    *lo = L;
    *hi = H;
    return 1;
}

void fogn_walk_init(fogn_walk *w, const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *start,
                    gr_vec2 d, uint64_t ignore)
{
    assert(w && s && st && start && unit >= 0 && unit < s->nunits);
    memset(w, 0, sizeof *w);
    w->s = s;
    w->st = st;
    w->unit = unit;
    w->side = s->units[unit].side;
    w->mover_free = fogn_out_free_pass(&s->units[unit], &st->u[unit]);
    w->allow_burst = 1;
    w->friend_gap = FOGN_OUT_STOP_SHORT;
    w->ignore = ignore;
    /* enemies it touches now and does not head into are being left behind */
    gr_vec2 cu = gr_rect_centre(start);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == w->side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        if (fogn_rects_dist(start, 1, e, ne) > FOGN_CONTACT_TOL) continue;
        gr_rect eb = fogn_unit_rect(&s->units[j], &st->u[j]);
        if (gr_v2_dot(d, gr_v2_sub(cu, gr_rect_centre(&eb))) > -1e-9) w->ignore |= 1ull << j;
    }
}

bool fogn_walk_pose_clear(const fogn_walk *w, const gr_rect *r, int strict)
{
    const fogn_scenario *s = w->s;
    if (!fogn_rect_on_table(s, r)) return false;
    for (int j = 0; j < s->nunits; j++) {
        int cls = classify(w, j);
        if (cls == CLS_NONE || (cls == CLS_FREE && !strict)) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &w->st->u[j], e);
        for (int k = 0; k < ne; k++) {
            if (cls == CLS_ENEMY ? gr_rect_within(r, &e[k], FOGN_CONTACT_TOL) : gr_rect_overlap(r, &e[k], 1e-6))
                return false;
        }
    }
    gr_rect rs = shrunk(r);
    gr_vec2 c[4];
    gr_rect_corners(&rs, c);
    for (int k = 0; k < s->terrain.n; k++)
        if (fogn_piece_move_class(&s->terrain.p[k]) == FOGN_MC_IMPASSABLE &&
            gr_terrain_piece_touches_poly(&s->terrain.p[k], c, 4))
            return false;
    return true;
}

/* boxes apart by more than gr_poly_intersect's own box test allows (2
 * GR_EPS): the polygons inside them do not intersect */
static bool boxes_apart(const double *a, const double *b)
{
    const double m = 2 * GR_EPS;
    return a[2] + m < b[0] || b[2] + m < a[0] || a[3] + m < b[1] || b[3] + m < a[1];
}

/* is a rotation of r about `pivot` through `angle` clear of units (not free
 * friends), impassable ground and the table edge? */
static bool rotation_clear(const fogn_walk *w, const gr_rect *r, gr_vec2 pivot, double angle)
{
    const fogn_scenario *s = w->s;
    gr_rect rs = shrunk(r);
    fogn_sweep sw;
    fogn_sweep_clear(&sw);
    fogn_sweep_rotation(&sw, &rs, pivot, angle, FOGN_WHEEL_SAMPLES);
    if (sw.overflow) return false;
    for (int i = 1; i <= FOGN_WHEEL_SAMPLES; i++) {
        gr_rect q = gr_rect_rotate_about(r, pivot, angle * i / FOGN_WHEEL_SAMPLES);
        if (!fogn_rect_on_table(s, &q)) return false;
    }
    for (int j = 0; j < s->nunits; j++) {
        int cls = classify(w, j);
        if (cls == CLS_NONE || cls == CLS_FREE) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &w->st->u[j], e);
        for (int k = 0; k < ne; k++) {
            gr_rect es = cls == CLS_ENEMY ? e[k] : shrunk(&e[k]);
            gr_vec2 ec[4];
            gr_rect_corners(&es, ec);
            double eb[4]; /* the box of the corners ec, as gr_poly_intersect works it out */
            fogn_rect_box(&es, eb);
            if (boxes_apart(sw.all, eb)) continue; /* apart from every polygon's box too */
            for (int i = 0; i < sw.n; i++) {
                if (boxes_apart(sw.box[i], eb)) continue;
                int np;
                const gr_vec2 *poly = fogn_sweep_poly(&sw, i, &np);
                if (gr_poly_intersect(poly, np, ec, 4)) return false;
            }
        }
    }
    for (int k = 0; k < s->terrain.n; k++) {
        if (fogn_piece_move_class(&s->terrain.p[k]) != FOGN_MC_IMPASSABLE) continue;
        for (int i = 0; i < sw.n; i++)
            if (fogn_sweep_touches(&sw, i, &s->terrain.p[k])) return false;
    }
    return true;
}

/* --- a straight run ----------------------------------------------------------------------------- */

/* budget used to go L along the leg (difficult ground counts double) */
static double leg_cost(const fogn_leg *l, double L)
{
    double c = L;
    for (int i = 0; i < l->ndiff; i++) {
        double a = l->diff[i][0], b = l->diff[i][1];
        if (L <= a) break;
        c += (L < b ? L : b) - a;
    }
    return c;
}

/* length gone for a budget */
static double leg_reach(const fogn_leg *l, double budget)
{
    double pos = 0, left = budget;
    for (int i = 0; i < l->ndiff; i++) {
        double a = l->diff[i][0], b = l->diff[i][1];
        if (a > pos) {
            if (left <= a - pos) return pos + left;
            left -= a - pos;
            pos = a;
        }
        double inside = b - pos;
        if (left <= 2 * inside) return pos + left / 2;
        left -= 2 * inside;
        pos = b;
    }
    return pos + left;
}

static void add_diff(fogn_leg *l, double a, double b)
{
    /* insert sorted, merging overlaps; a full table keeps the widest cover */
    double iv[FOGN_WALK_MAX_DIFF + 1][2];
    int n = 0, placed = 0;
    for (int i = 0; i < l->ndiff; i++) {
        if (!placed && a < l->diff[i][0]) { iv[n][0] = a; iv[n][1] = b; n++; placed = 1; }
        iv[n][0] = l->diff[i][0];
        iv[n][1] = l->diff[i][1];
        n++;
    }
    if (!placed) { iv[n][0] = a; iv[n][1] = b; n++; }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m > 0 && iv[i][0] <= l->diff[m - 1][1]) {
            if (iv[i][1] > l->diff[m - 1][1]) l->diff[m - 1][1] = iv[i][1];
        } else if (m < FOGN_WALK_MAX_DIFF) {
            l->diff[m][0] = iv[i][0];
            l->diff[m][1] = iv[i][1];
            m++;
        } else if (iv[i][1] > l->diff[m - 1][1]) {
            l->diff[m - 1][1] = iv[i][1];
        }
    }
    l->ndiff = m;
}

typedef struct hard_hit {
    double t, gap;
    int reason, who, edge;
} hard_hit;

typedef struct pass_iv {
    double lo, hi;
    int who, cls, blocked;
} pass_iv;

void fogn_walk_leg(const fogn_walk *w, const gr_rect *r, gr_vec2 d, double budget, fogn_leg *out)
{
    const fogn_scenario *s = w->s;
    const gr_terrain *t = &s->terrain;
    assert(budget >= 0 && isfinite(budget));
    memset(out, 0, sizeof *out);
    out->blocker = -1;
    out->edge = -1;
    out->stopped_by = -1;
    out->first = INFINITY;
    double lsearch = budget + FOGN_OUT_EXTEND_MAX;
    gr_rect rs = shrunk(r);

    /* difficult ground along the run: counted double (§9.11) */
    if (!w->geometric)
        for (int k = 0; k < t->n; k++) {
            if (fogn_piece_move_class(&t->p[k]) != FOGN_MC_DIFFICULT) continue;
            double e = first_touch(&t->p[k], &rs, d, budget);
            if (e < 0) continue;
            add_diff(out, e, last_touch(&t->p[k], &rs, d, e, budget));
        }
    double reach = w->geometric ? budget : leg_reach(out, budget);
    double stop = reach;
    int reason = FOGN_OS_COMPLETE, blocker = -1;

    /* obstacles end the move once crossed; built-up areas once entered */
    for (int k = 0; k < t->n; k++) {
        const gr_terrain_piece *pc = &t->p[k];
        double at = INFINITY;
        int why = FOGN_OS_OBSTACLE;
        if (is_obstacle(pc)) {
            double e = first_touch(pc, &rs, d, reach);
            /* ruling: an obstacle or built-up area it already touches when it
             * sets off is one it is leaving, not one it crosses or enters */
            if (e < 1e-9) continue;
            double x = last_touch(pc, &rs, d, e, reach);
            if ((pc->type == GR_T_RIVER || pc->type == GR_T_STREAM) && run_bridged(t, &rs, d, e, x)) continue;
            if (x < reach - 1e-12 || !run_touches(pc, &rs, d, reach, reach)) at = x;
            else at = FOGN_OUT_HALT_AT_OBSTACLE ? e : reach;
        } else if (pc->type == GR_T_BUILDING) {
            double e = first_touch(pc, &rs, d, reach);
            if (e < 1e-9) continue;
            at = e;
            why = FOGN_OS_BUILDING;
        } else {
            continue;
        }
        if (at < stop) { stop = at; reason = why; blocker = k; }
    }

    /* what stands in the way */
    hard_hit hard[FOGN_MAX_UNITS + GR_TERRAIN_MAX + 1];
    int nh = 0;
    pass_iv pass[FOGN_MAX_UNITS];
    int np = 0;
    leg_strip strip = strip_of(r, d);
    for (int j = 0; j < s->nunits; j++) {
        int cls = classify(w, j);
        if (cls == CLS_NONE) continue;
        double lo, hi;
        if (!unit_interval(w, r, &strip, d, j, cls == CLS_ENEMY, &lo, &hi)) continue;
        if (lo < 0) lo = 0;
        if (cls == CLS_ENEMY || cls == CLS_HARD_FRIEND) {
            hard[nh++] = (hard_hit){lo, cls == CLS_ENEMY ? FOGN_OUT_STOP_SHORT : w->friend_gap,
                                    cls == CLS_ENEMY ? FOGN_OS_ENEMY : FOGN_OS_FRIEND, j, -1};
            if (lo < out->first) { out->first = lo; out->first_friend = cls == CLS_HARD_FRIEND; }
        } else {
            /* insertion by entry time */
            int at = np++;
            while (at > 0 && pass[at - 1].lo > lo) { pass[at] = pass[at - 1]; at--; }
            pass[at] = (pass_iv){lo, hi, j, cls, 0};
            if (cls == CLS_BURST && lo < out->first) { out->first = lo; out->first_friend = 1; }
        }
    }
    for (int k = 0; k < t->n; k++) {
        if (fogn_piece_move_class(&t->p[k]) != FOGN_MC_IMPASSABLE) continue;
        double e = first_touch(&t->p[k], &rs, d, lsearch);
        if (e < 0) continue;
        hard[nh++] = (hard_hit){e, FOGN_OUT_STOP_SHORT, FOGN_OS_TERRAIN, k, -1};
        if (e < out->first) { out->first = e; out->first_friend = 0; }
    }
    {
        int side;
        double e = edge_hit(s, r, d, &side);
        if (isfinite(e)) {
            hard[nh++] = (hard_hit){e, FOGN_OUT_EDGE_GAP, FOGN_OS_EDGE, -1, side};
            if (e < out->first) { out->first = e; out->first_friend = 0; }
        }
    }
    int edge = -1;
    for (int i = 0; i < nh; i++) {
        if (hard[i].t < stop) {
            double at = hard[i].t - hard[i].gap;
            stop = at > 0 ? at : 0;
            reason = hard[i].reason;
            blocker = hard[i].who;
            edge = hard[i].edge;
        }
    }
    /* a friend it may not pass tests as if passed through (§9.11) */
    if (reason == FOGN_OS_FRIEND) out->stopped_by = blocker;

    /* friends it may pass: it comes out clear of them, or halts short of the
     * first it cannot get through (no room beyond, or one too many) */
    for (int iter = 0; iter < 2 * FOGN_MAX_UNITS + 4; iter++) {
        int changed = 0, nb = 0;
        for (int i = 0; i < np && !changed; i++) {
            pass_iv *pv = &pass[i];
            if (pv->blocked || pv->lo >= stop - 1e-9) continue;
            if (pv->cls == CLS_BURST && ++nb > FOGN_OUT_MAX_BURST) {
                pv->blocked = 1;
            } else if (pv->hi > stop + 1e-9) {
                int room = pv->hi - reach <= FOGN_OUT_EXTEND_MAX;
                for (int k = 0; k < nh && room; k++)
                    if (hard[k].t - hard[k].gap < pv->hi - 1e-9) room = 0;
                for (int k = 0; k < np && room; k++)
                    if (pass[k].blocked && pass[k].lo - w->friend_gap < pv->hi - 1e-9) room = 0;
                if (room) {
                    stop = pv->hi;
                    changed = 1;
                    continue;
                }
                pv->blocked = 1;
            } else {
                continue;
            }
            double at = pv->lo - w->friend_gap;
            stop = at > 0 ? at : 0;
            reason = FOGN_OS_FRIEND;
            blocker = pv->who;
            edge = -1;
            out->stopped_by = pv->who;
            changed = 1;
        }
        if (!changed) break;
    }
    for (int i = 0; i < np; i++) {
        if (pass[i].blocked || pass[i].lo >= stop - 1e-9) continue;
        if (pass[i].cls == CLS_BURST) {
            if (out->nburst < FOGN_OUT_MAX_BURST) out->burst[out->nburst++] = pass[i].who;
        } else {
            out->passed[out->npassed++] = pass[i].who;
        }
    }
    out->stop = stop;
    out->cost = stop >= reach ? budget : (w->geometric ? stop : leg_cost(out, stop));
    out->reason = reason;
    out->blocker = blocker;
    out->edge = reason == FOGN_OS_EDGE ? edge : -1;
}

/* --- the retire ------------------------------------------------------------------------------- */

static gr_vec2 base_dir(const fogn_scenario *s, int side)
{
    return s->base_edge[side] ? gr_v2(0, 1) : gr_v2(0, -1);
}

static int leg_clean(const fogn_leg *l)
{
    return (l->reason == FOGN_OS_COMPLETE || l->reason == FOGN_OS_OBSTACLE || l->reason == FOGN_OS_BUILDING) &&
           l->nburst == 0 && l->stopped_by < 0;
}

/* one way of going: leg a from `start`, optionally a slide, then leg b */
typedef struct route {
    gr_rect start;
    gr_vec2 d;
    double ts;        /* length of leg a when there is a slide */
    double sigma;     /* slide to the right of travel */
    int slid;
    fogn_leg a, b;
    gr_rect end;
} route;

static void route_straight(const fogn_walk *w, const gr_rect *r, gr_vec2 d, double budget, route *rt)
{
    memset(rt, 0, sizeof *rt);
    rt->start = *r;
    rt->d = d;
    fogn_walk_leg(w, r, d, budget, &rt->a);
    rt->end = shift(r, gr_v2_scale(d, rt->a.stop));
}

/* lateral extent of a set of points on axis ax, widened by m */
static void extent_add(double *lo, double *hi, const gr_vec2 *pts, int n, gr_vec2 ax, double m)
{
    for (int i = 0; i < n; i++) {
        double v = gr_v2_dot(pts[i], ax);
        if (v - m < *lo) *lo = v - m;
        if (v + m > *hi) *hi = v + m;
    }
}

#define MAX_SLIDES (4 * FOGN_MAX_UNITS + 2 * GR_TERRAIN_MAX + 16)

static int slide_before(double a, double b, double pref)
{
    if (fabs(fabs(a) - fabs(b)) > 1e-9) return fabs(a) < fabs(b);
    return a * pref > b * pref;
}

/* the slides worth trying, smallest first (FOGN_OUT_SLIDE_STEP ruling) */
static int slide_offsets(const fogn_walk *w, const gr_rect *ra, gr_vec2 d, double lim, double *out)
{
    const fogn_scenario *s = w->s;
    gr_vec2 rv = gr_v2(d.y, -d.x);
    gr_vec2 uc[4];
    gr_rect_corners(ra, uc);
    double umin, umax;
    project(uc, 4, rv, &umin, &umax);
    double cand[MAX_SLIDES];
    int n = 0;
    for (int j = 0; j < s->nunits && n + 4 <= MAX_SLIDES; j++) {
        int cls = classify(w, j);
        if (cls == CLS_NONE || cls == CLS_FREE) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &w->st->u[j], e);
        double m = cls == CLS_ENEMY ? 2 * FOGN_CONTACT_TOL : 0;
        for (int k = 0; k < ne; k++) {
            gr_vec2 ec[4];
            gr_rect_corners(&e[k], ec);
            double lo = INFINITY, hi = -INFINITY;
            extent_add(&lo, &hi, ec, 4, rv, m);
            cand[n++] = lo - umax;
            cand[n++] = hi - umin;
        }
    }
    for (int k = 0; k < s->terrain.n && n + 2 <= MAX_SLIDES; k++) {
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if (fogn_piece_move_class(pc) != FOGN_MC_IMPASSABLE) continue;
        double lo = INFINITY, hi = -INFINITY;
        extent_add(&lo, &hi, pc->pts, pc->npts, rv, pc->shape == GR_SHAPE_POLYLINE ? pc->width / 2 : 0);
        cand[n++] = lo - umax;
        cand[n++] = hi - umin;
    }
    for (int k = 1; k * FOGN_OUT_SLIDE_STEP <= lim + 1e-9 && n + 2 <= MAX_SLIDES; k++) {
        cand[n++] = k * FOGN_OUT_SLIDE_STEP;
        cand[n++] = -k * FOGN_OUT_SLIDE_STEP;
    }
    /* prefer the side toward its own base edge, else the right */
    double pref = gr_v2_dot(rv, base_dir(s, w->side));
    pref = fabs(pref) < 1e-9 ? 1 : (pref > 0 ? 1 : -1);
    int m = 0;
    for (int i = 0; i < n; i++) {
        double c = cand[i];
        if (fabs(c) < 1e-9 || fabs(c) > lim + 1e-9) continue;
        int dup = 0;
        for (int k = 0; k < m && !dup; k++) dup = fabs(out[k] - c) < 1e-9;
        if (dup) continue;
        int at = m++;
        while (at > 0 && slide_before(c, out[at - 1], pref)) { out[at] = out[at - 1]; at--; }
        out[at] = c;
    }
    return m;
}

/* the slides of §9.11: 1 or 2 BW where the straight route meets its first
 * obstruction; only a slide that lets it finish without contact counts */
static int route_slide(const fogn_walk *w, const route *straight, double budget, route *rt)
{
    double first = straight->a.first;
    if (!isfinite(first)) return 0;
    double lim = first < FOGN_OUT_SLIDE_NEAR_DIST ? FOGN_OUT_SLIDE_NEAR : FOGN_OUT_SLIDE_FAR;
    double ts = first - (straight->a.first_friend ? 0 : FOGN_OUT_STOP_SHORT);
    if (ts < 0) ts = 0;
    if (ts > straight->a.stop && !straight->a.first_friend) ts = straight->a.stop;
    gr_vec2 d = straight->d;
    gr_vec2 rv = gr_v2(d.y, -d.x);
    gr_rect ra = shift(&straight->start, gr_v2_scale(d, ts));
    gr_rect raw = widened(&ra, FOGN_OUT_MIN_GAP);
    double cost_a = w->geometric ? ts : leg_cost(&straight->a, ts);
    double left = budget - cost_a;
    if (left < 0) left = 0;
    fogn_walk probe = *w;
    probe.allow_burst = 0;
    fogn_walk jog = probe;
    jog.geometric = 1;
    double off[MAX_SLIDES];
    int n = slide_offsets(w, &raw, d, lim, off);
    for (int i = 0; i < n; i++) {
        double sg = off[i];
        fogn_leg l;
        fogn_walk_leg(&jog, &raw, gr_v2_scale(rv, sg > 0 ? 1 : -1), fabs(sg), &l);
        if (l.reason != FOGN_OS_COMPLETE) continue;
        gr_rect rb = shift(&ra, gr_v2_scale(rv, sg));
        gr_rect rbw = widened(&rb, FOGN_OUT_MIN_GAP);
        fogn_walk_leg(&probe, &rbw, d, left, &l);
        if (!leg_clean(&l)) continue;
        memset(rt, 0, sizeof *rt);
        rt->start = straight->start;
        rt->d = d;
        rt->ts = ts;
        rt->sigma = sg;
        rt->slid = 1;
        rt->a = straight->a;
        rt->a.stop = ts;
        rt->a.cost = cost_a;
        rt->a.reason = FOGN_OS_COMPLETE;
        rt->a.nburst = 0;
        rt->a.stopped_by = -1;
        {
            /* the free friends passed before the slide */
            fogn_walk g = *w;
            fogn_leg la;
            g.geometric = 1;
            fogn_walk_leg(&g, &straight->start, d, ts, &la);
            rt->a.npassed = la.npassed;
            memcpy(rt->a.passed, la.passed, sizeof la.passed);
        }
        fogn_walk_leg(w, &rb, d, left, &rt->b);
        if (!leg_clean(&rt->b)) continue;
        rt->end = shift(&rb, gr_v2_scale(d, rt->b.stop));
        return 1;
    }
    return 0;
}

/* straight if clean, else the smallest slide that works */
static int route_clean(const fogn_walk *w, const gr_rect *r, gr_vec2 d, double budget, route *rt, route *straight)
{
    route_straight(w, r, d, budget, straight);
    if (leg_clean(&straight->a)) {
        *rt = *straight;
        return 1;
    }
    /* the table edge is not slid past: a unit reaching it stops there */
    if (straight->a.reason == FOGN_OS_EDGE && straight->a.nburst == 0) return 0;
    return route_slide(w, straight, budget, rt);
}

/* wheel about the corner touching the table edge to line up along it (§9.11);
 * returns the outer corner's travel */
static double edge_line_up(const fogn_walk *w, gr_rect *r, int side, double remaining)
{
    if (side < 0 || remaining <= 1e-9) return 0;
    gr_vec2 n = edge_normal(side);
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    int ci = 0;
    for (int i = 1; i < 4; i++)
        if (gr_v2_dot(n, c[i]) > gr_v2_dot(n, c[ci])) ci = i;
    gr_vec2 e = gr_v2_sub(c[(ci + 1) % 4], c[ci]), e2 = gr_v2_sub(c[(ci + 3) % 4], c[ci]);
    if (fabs(gr_v2_dot(n, gr_v2_norm(e2))) < fabs(gr_v2_dot(n, gr_v2_norm(e)))) e = e2;
    double len = gr_v2_len(e);
    if (len < 1e-9) return 0;
    gr_vec2 tg = gr_v2(-n.y, n.x);
    if (gr_v2_dot(e, tg) < 0) tg = gr_v2_scale(tg, -1);
    double phi = atan2(gr_v2_cross(e, tg), gr_v2_dot(e, tg));
    if (fabs(phi) < 1e-9) return 0;
    double use = fabs(phi) * len <= remaining ? phi : (phi > 0 ? 1 : -1) * remaining / len;
    if (!rotation_clear(w, r, c[ci], use)) {
        double lo = 0, hi = use;
        for (int i = 0; i < 30; i++) {
            double mid = (lo + hi) / 2;
            if (rotation_clear(w, r, c[ci], mid)) lo = mid;
            else hi = mid;
        }
        use = lo;
    }
    if (fabs(use) < 1e-12) return 0;
    *r = gr_rect_rotate_about(r, c[ci], use);
    return fabs(use) * len;
}

/* does the unit touch an edge its move heads out across? (§9.11 removal) */
static int edge_removal(const fogn_scenario *s, const gr_rect *r, gr_vec2 d)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    for (int side = 0; side < 4; side++) {
        gr_vec2 n = edge_normal(side);
        if (!FOGN_OUT_EDGE_REMOVE_ANY && gr_v2_dot(d, n) <= 1e-6) continue;
        double lim = side == 0 ? 0 : side == 1 ? s->table_w : side == 2 ? s->table_h : 0;
        for (int i = 0; i < 4; i++) {
            double v = side == 0 || side == 2 ? c[i].y : c[i].x;
            if (fabs(v - lim) <= FOGN_CONTACT_TOL) return 1;
        }
    }
    return 0;
}

static void fill_contacts(const fogn_scenario *s, const fogn_state *st, int unit, const gr_rect *end,
                          fogn_retire_result *r)
{
    r->ncontact = 0;
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[unit].side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        if (fogn_rects_dist(end, 1, e, ne) <= FOGN_CONTACT_TOL) r->contact[r->ncontact++] = j;
    }
}

static void result_init(const fogn_state *st, int unit, fogn_retire_result *r)
{
    memset(r, 0, sizeof *r);
    r->after = st->u[unit];
    r->blocker = -1;
    r->stopped_by = -1;
    r->set_flags = FOGN_UF_NO_MOVE;
}

static void copy_leg_lists(fogn_retire_result *r, const fogn_leg *l)
{
    for (int i = 0; i < l->nburst && r->nburst < FOGN_OUT_MAX_BURST; i++) r->burst[r->nburst++] = l->burst[i];
    for (int i = 0; i < l->npassed && r->npassed < FOGN_MAX_UNITS; i++) {
        int dup = 0;
        for (int k = 0; k < r->npassed; k++) dup |= r->passed[k] == l->passed[i];
        if (!dup) r->passed[r->npassed++] = l->passed[i];
    }
    if (l->stopped_by >= 0) r->stopped_by = l->stopped_by;
}

static int check_unit(const fogn_scenario *s, const fogn_state *st, int unit, gr_error *err)
{
    if (!s || !st) return gr_error_set(err, "no scenario or state");
    if (unit < 0 || unit >= s->nunits) return gr_error_set(err, "no unit %d", unit);
    if (!fogn_unit_alive(&st->u[unit])) return gr_error_set(err, "%s is not on the table", s->units[unit].name);
    return 0;
}

static void set_pose(fogn_unit *u, const gr_rect *r)
{
    u->x = r->fc.x;
    u->y = r->fc.y;
    fogn_unit_face_as(u, r);
    u->kink = 0;
    u->bend = 0;
}

static int retire_plan(const fogn_scenario *s, const fogn_state *st, int unit, const fogn_retire_opts *o,
                       fogn_retire_result *r, int allow_turn, gr_error *err);

/* Ruling: a forced move never ends on top of another unit. When the end pose
 * would sit on a friend it may pass freely (guns, skirmishers), it is drawn
 * back along its path, in FOGN_OUT_SETTLE_STEP steps, to the first place
 * clear of everyone; failing that it stays where it stood. */
static void settle(const fogn_scenario *s, const fogn_state *st, int unit, gr_vec2 dir, fogn_retire_result *r)
{
    if (r->stop == FOGN_OS_REMOVED) return;
    gr_rect end = fogn_unit_rect(&s->units[unit], &r->after);
    gr_vec2 d = gr_v2_norm(dir);
    uint64_t me = 1ull << unit;
    if (fogn_pose_clear(s, st, &end, me)) return;
    double back = r->covered + 1.0;
    for (double x = FOGN_OUT_SETTLE_STEP; x <= back + 1e-9; x += FOGN_OUT_SETTLE_STEP) {
        gr_rect c = shift(&end, gr_v2_scale(d, -x));
        if (fogn_pose_clear(s, st, &c, me)) {
            set_pose(&r->after, &c);
            r->covered = r->covered > x ? r->covered - x : 0;
            fill_contacts(s, st, unit, &c, r);
            return;
        }
    }
    fogn_unit u = st->u[unit];
    r->after.x = u.x;
    r->after.y = u.y;
    fogn_unit_face_like(&r->after, &u);
    r->after.formation = u.formation;
    r->after.kink = u.kink; /* as it stood: a bent column or kinked line stays bent */
    r->after.bend = u.bend;
    r->covered = 0;
    r->stop = FOGN_OS_FRIEND;
}

int fogn_retire_plan(const fogn_scenario *s, const fogn_state *st, int unit, const fogn_retire_opts *o,
                     fogn_retire_result *r, gr_error *err)
{
    if (retire_plan(s, st, unit, o, r, 1, err)) return -1;
    /* a turn made over a friend it may pass freely (guns, skirmishers) can
     * leave it on top of that friend when it cannot get clear: then it goes
     * again without the first turn */
    if (r->turned && r->stop != FOGN_OS_REMOVED) {
        fogn_walk w;
        gr_rect end = fogn_unit_rect(&s->units[unit], &r->after);
        fogn_walk_init(&w, s, st, unit, &end, gr_v2_norm(o->dir), o->ignore);
        if (!fogn_pose_clear(s, st, &end, 1ull << unit) && retire_plan(s, st, unit, o, r, 0, err)) return -1;
    }
    settle(s, st, unit, o->dir, r);
    return 0;
}

static int retire_plan(const fogn_scenario *s, const fogn_state *st, int unit, const fogn_retire_opts *o,
                       fogn_retire_result *r, int allow_turn, gr_error *err)
{
    if (check_unit(s, st, unit, err)) return -1;
    if (!o || !r) return gr_error_set(err, "no options or result");
    if (!isfinite(o->dist) || o->dist < 0 || o->dist > 100)
        return gr_error_set(err, "retire distance %.2f MU out of range", o->dist);
    if (!isfinite(o->dir.x) || !isfinite(o->dir.y) || gr_v2_len(o->dir) < 1e-9)
        return gr_error_set(err, "a retire needs a direction");
    if (o->end_formation >= FOGN_F_COUNT) return gr_error_set(err, "no formation %d", o->end_formation);
    const fogn_unit_profile *p = &s->units[unit];
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    result_init(st, unit, r);
    fogn_unit u = st->u[unit];
    gr_vec2 d = gr_v2_norm(o->dir);
    gr_rect orig = fogn_unit_rect(p, &u);

    int endf = o->end_formation;
    if (endf < 0) {
        endf = u.formation;
        if (arm == FOGN_ARM_ART && u.formation == FOGN_F_UNLIMBERED) endf = FOGN_F_LIMBERED;
        if (u.formation == FOGN_F_SQUARE && o->dist > FOGN_OUT_SQUARE_KEEP + 1e-9) endf = FOGN_F_TACTICAL;
    }
    if (!fogn_formation_allowed(p, (fogn_formation)endf))
        return gr_error_set(err, "%s may not end in %s", p->name, fogn_formation_name((fogn_formation)endf));

    if (edge_removal(s, &orig, d)) {
        r->stop = FOGN_OS_REMOVED;
        return 0;
    }

    /* formation changes are made in place about the centre (guns limber
     * facing the way they will go), then it turns about its centre to face the
     * way it goes (FOGN_OUT_TURN_FIRST) */
    gr_rect r0 = orig;
    if (endf == FOGN_F_LIMBERED && u.formation == FOGN_F_UNLIMBERED)
        r0 = fogn_rect_limber(p, &u, &orig, !o->keep_facing);
    else if (endf != u.formation)
        r0 = fogn_rect_reform(p, &u, &orig, endf);
    fogn_walk w;
    fogn_walk_init(&w, s, st, unit, &orig, d, o->ignore);
    w.geometric = o->geometric;
    double h_travel = atan2(d.y, d.x);
    int turned = 0;
    if (!o->keep_facing && FOGN_OUT_TURN_FIRST && allow_turn) {
        gr_rect tr = fogn_rect_turn_centre(&r0, h_travel);
        if (fogn_walk_pose_clear(&w, &tr, 0)) {
            r0 = tr;
            turned = 1;
        }
    }
    r->turned = turned;

    route best, straight;
    int found = route_clean(&w, &r0, d, o->dist, &best, &straight);
    int formation = endf;
    /* a large Tactical unit may narrow to Deep to get into a gap */
    if (!found && endf == FOGN_F_TACTICAL && p->size == FOGN_LARGE && arm != FOGN_ARM_ART &&
        fogn_formation_allowed(p, FOGN_F_DEEP)) {
        fogn_unit tu = u;
        tu.formation = (uint8_t)endf;
        gr_rect rn = fogn_rect_reform(p, &tu, &r0, FOGN_F_DEEP);
        route st2;
        if (fogn_walk_pose_clear(&w, &rn, 0) && route_clean(&w, &rn, d, o->dist, &best, &st2)) {
            found = 1;
            formation = FOGN_F_DEEP;
            r->narrowed = 1;
        }
    }
    /* a Broken unit may first swing a corner back, free, to line up with a gap */
    if (!found && turned && u.cohesion == FOGN_BROKEN) {
        gr_vec2 home = base_dir(s, p->side);
        for (int k = 1; k <= FOGN_OUT_PIVOT_STEPS && !found; k++) {
            double th = FOGN_OUT_PIVOT_MAX * k / FOGN_OUT_PIVOT_STEPS / r0.w;
            int order[2] = {GR_FL, GR_FR};
            if (gr_v2_dot(gr_v2_dir(r0.heading - th), home) > gr_v2_dot(gr_v2_dir(r0.heading + th), home) + 1e-12) {
                order[0] = GR_FR;
                order[1] = GR_FL;
            }
            for (int i = 0; i < 2 && !found; i++) {
                double ang = order[i] == GR_FL ? th : -th;
                if (!rotation_clear(&w, &r0, gr_rect_corner(&r0, order[i]), ang)) continue;
                gr_rect rp = gr_rect_wheel(&r0, order[i], ang);
                route st2;
                if (route_clean(&w, &rp, gr_v2_dir(rp.heading), o->dist, &best, &st2)) {
                    found = 1;
                    r->pivoted = 1;
                }
            }
        }
    }
    double wheel = 0;
    if (!found) {
        /* burst through friends, or halt where blocked */
        best = straight;
        if (best.a.reason == FOGN_OS_EDGE) {
            double remaining = o->dist - best.a.cost;
            wheel = edge_line_up(&w, &best.end, best.a.edge, remaining);
        }
    }

    /* where it went, and which way it faces */
    r->stop = best.slid ? best.b.reason : best.a.reason;
    r->blocker = best.slid ? best.b.blocker : best.a.blocker;
    copy_leg_lists(r, &best.a);
    if (best.slid) copy_leg_lists(r, &best.b);
    r->slide = best.slid ? best.sigma : 0;
    r->covered = best.a.stop + (best.slid ? best.b.stop : 0) + wheel;
    r->counted = best.a.cost + (best.slid ? best.b.cost : 0);
    if (r->counted > o->dist) r->counted = o->dist;
    fogn_move_class worst = fogn_walk_worst(s, &best.start, best.d, best.a.stop);
    if (best.slid) {
        gr_rect rb = shift(&best.start, gr_v2_add(gr_v2_scale(best.d, best.ts), gr_v2_scale(gr_v2(best.d.y, -best.d.x), best.sigma)));
        fogn_move_class wb = fogn_walk_worst(s, &rb, best.d, best.b.stop);
        if (wb > worst) worst = wb;
    }
    if (worst == FOGN_MC_IMPASSABLE) worst = FOGN_MC_DIFFICULT;
    fogn_unit fu = u;
    fu.formation = (uint8_t)formation;
    r->allowance = fogn_allowance(s, p, &fu, worst);
    r->faces_travel = r->allowance >= 0 && r->covered >= r->allowance - 1e-9;
    gr_rect end = best.end;
    if (!o->keep_facing) {
        if (turned) {
            if (!r->faces_travel) end = fogn_rect_turn_centre(&end, end.heading + GR_PI);
        } else {
            gr_vec2 back = gr_v2_scale(best.d, -1);
            gr_rect fin = fogn_rect_turn_centre(&end, r->faces_travel ? atan2(best.d.y, best.d.x) : atan2(back.y, back.x));
            if (fogn_walk_pose_clear(&w, &fin, 1)) end = fin;
        }
    }
    r->after.formation = (uint8_t)formation;
    set_pose(&r->after, &end);
    fill_contacts(s, st, unit, &end, r);
    return 0;
}

int fogn_retire(const fogn_scenario *s, fogn_state *st, int unit, const fogn_retire_opts *o, fogn_retire_result *r,
                gr_error *err)
{
    if (fogn_retire_plan(s, st, unit, o, r, err)) return -1;
    fogn_outcome_apply(s, st, unit, r);
    return 0;
}

void fogn_retire_logged(const fogn_scenario *s, fogn_state *st, int unit, const fogn_retire_opts *o, gr_log *log,
                        const char *what)
{
    fogn_retire_result r;
    if (fogn_retire_plan(s, st, unit, o, &r, NULL)) return;
    if (r.stop == FOGN_OS_REMOVED) {
        fogn_destroy(s, st, unit, log, "driven off the table");
        return;
    }
    fogn_outcome_apply(s, st, unit, &r);
    char how[160];
    fogn_retire_describe(s, &r, how, sizeof how);
    gr_log_add(log, GR_EV_MOVE, s->units[unit].side, "%s %s: %s", s->units[unit].name, what, how);
    for (int k = 0; k < r.nburst; k++) fogn_ct_owe(st, r.burst[k]);
    if (r.stopped_by >= 0) fogn_ct_owe(st, r.stopped_by);
}

/* --- direction, pinned ---------------------------------------------------------------------- */

/* which face of r the enemy touches (by where its centre lies) */
static gr_arc touched_face(const gr_rect *r, const gr_rect *e)
{
    return gr_rect_arc_of(r, gr_rect_centre(e));
}

gr_vec2 fogn_retire_dir(const fogn_scenario *s, const fogn_state *st, int unit, const int *enemies, int n)
{
    assert(s && st && unit >= 0 && unit < s->nunits && (enemies || n == 0));
    assert(n >= 0 && n <= FOGN_MAX_UNITS);
    gr_rect r = fogn_unit_rect(&s->units[unit], &st->u[unit]);
    gr_vec2 cu = gr_rect_centre(&r), fwd = gr_rect_fwd(&r), right = gr_rect_right(&r);
    gr_vec2 sum = gr_v2(0, 0);
    for (int i = 0; i < n; i++) {
        int j = enemies[i];
        if (j < 0 || j >= s->nunits || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        gr_rect eb = fogn_unit_rect(&s->units[j], &st->u[j]);
        gr_vec2 v;
        if (FOGN_OUT_AWAY_FROM_FACE && fogn_rects_dist(&r, 1, e, ne) <= FOGN_CONTACT_TOL) {
            switch (touched_face(&r, &eb)) {
            case GR_ARC_FRONT: v = gr_v2_scale(fwd, -1); break;
            case GR_ARC_REAR: v = fwd; break;
            case GR_ARC_LEFT: v = right; break;
            default: v = gr_v2_scale(right, -1); break;
            }
        } else {
            v = gr_v2_norm(gr_v2_sub(cu, gr_rect_centre(&eb)));
            if (gr_v2_len(v) < 1e-9) v = gr_v2_scale(fwd, -1);
        }
        sum = gr_v2_add(sum, v);
    }
    if (gr_v2_len(sum) < 1e-9) return gr_v2(0, 0);
    return gr_v2_norm(sum);
}

bool fogn_retire_pinned(const fogn_scenario *s, const fogn_state *st, int unit)
{
    assert(s && st && unit >= 0 && unit < s->nunits);
    gr_rect r = fogn_unit_rect(&s->units[unit], &st->u[unit]);
    int seen[4] = {0, 0, 0, 0};
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[unit].side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        if (fogn_rects_dist(&r, 1, e, ne) > FOGN_CONTACT_TOL) continue;
        gr_rect eb = fogn_unit_rect(&s->units[j], &st->u[j]);
        seen[touched_face(&r, &eb)] = 1;
    }
    return (seen[GR_ARC_LEFT] && seen[GR_ARC_RIGHT]) || (seen[GR_ARC_FRONT] && seen[GR_ARC_REAR]);
}

/* --- retire to 3 MU ---------------------------------------------------------------------------- */

static double dist_at(const gr_rect *r, gr_vec2 b, double x, const gr_rect *e)
{
    gr_rect q = shift(r, gr_v2_scale(b, x));
    return gr_rect_dist(&q, e);
}

/* least x >= 0 putting r moved x along b at `range` or more from every
 * rectangle; the distance is convex in x, so each rectangle is too near on
 * one interval, found by ternary search and bisection. INFINITY if none by xmax. */
static double least_clear(const gr_rect *r, gr_vec2 b, const gr_rect *es, int ne, double range, double xmax)
{
    double bad[2 * FOGN_MAX_UNITS][2];
    int nb = 0;
    /* the circle about r's centre along the run: a rectangle whose own
     * circle stays more than `range` off it is never too near, as the
     * searches below would find */
    gr_vec2 c0 = gr_rect_centre(r), c1 = gr_v2_add(c0, gr_v2_scale(b, xmax));
    double rhalf = 0.5 * sqrt(r->w * r->w + r->d * r->d);
    for (int k = 0; k < ne; k++) {
        const gr_rect *e = &es[k];
        double ehalf = 0.5 * sqrt(e->w * e->w + e->d * e->d);
        if (gr_point_seg_dist(gr_rect_centre(e), c0, c1) - rhalf - ehalf > range + 1e-6) continue;
        double lo = 0, hi = xmax;
        for (int i = 0; i < 100; i++) {
            double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
            /* no double strictly inside: each further step keeps lo and hi */
            if (m1 == lo && m2 == hi) break;
            if (dist_at(r, b, m1, e) < dist_at(r, b, m2, e)) hi = m2;
            else lo = m1;
        }
        double xm = (lo + hi) / 2;
        if (dist_at(r, b, xm, e) >= range - 1e-12) continue;
        double a = 0;
        if (dist_at(r, b, 0, e) >= range) {
            double l = 0, h = xm; /* at l far enough, at h too near */
            for (int i = 0; i < 100; i++) {
                double mid = (l + h) / 2;
                /* no double between: the step would test l or h and keep both, as would the rest */
                if (mid == l || mid == h) break;
                if (dist_at(r, b, mid, e) >= range) l = mid;
                else h = mid;
            }
            a = l;
        }
        double z = INFINITY;
        if (dist_at(r, b, xmax, e) >= range) {
            double l = xm, h = xmax; /* at l too near, at h far enough */
            for (int i = 0; i < 100; i++) {
                double mid = (l + h) / 2;
                if (mid == l || mid == h) break; /* as above */
                if (dist_at(r, b, mid, e) >= range) h = mid;
                else l = mid;
            }
            z = h;
        }
        bad[nb][0] = a;
        bad[nb][1] = z;
        nb++;
    }
    double x = 0;
    for (int guard = 0; guard <= nb; guard++) {
        int moved = 0;
        for (int k = 0; k < nb; k++)
            if (x >= bad[k][0] - 1e-12 && x < bad[k][1] - 1e-12) { x = bad[k][1]; moved = 1; }
        if (!moved) break;
    }
    return x;
}

/* Can the wheeled pose rw, moved any way straight back, not end with every
 * corner nearer where it stood (c0) than best_m - 1e-9, the margin by which
 * a pose must beat the best so far? Each corner ends on the ray back from
 * its wheeled place, so it ends at least the ray's distance from c0; the
 * RETIRE_BOUND_SLACK covers the rounding of both sides. */
static bool cannot_beat(const gr_vec2 c0[4], const gr_rect *rw, double best_m)
{
    if (!isfinite(best_m)) return false;
    gr_vec2 c[4], bk = gr_v2_scale(gr_rect_fwd(rw), -1);
    gr_rect_corners(rw, c);
    for (int i = 0; i < 4; i++) {
        gr_vec2 d = gr_v2_sub(c0[i], c[i]);
        double along = gr_v2_dot(d, bk);
        double ray = along <= 0 ? gr_v2_len(d) : fabs(gr_v2_cross(d, bk));
        if (ray > best_m - 1e-9 + RETIRE_BOUND_SLACK) return true;
    }
    return false;
}

int fogn_retire_to_range_plan(const fogn_scenario *s, const fogn_state *st, int unit, const int *firers, int n,
                              double range, fogn_retire_result *r, gr_error *err)
{
    if (check_unit(s, st, unit, err)) return -1;
    if (!r || (!firers && n > 0)) return gr_error_set(err, "no result or firers");
    if (n < 1 || n > FOGN_MAX_UNITS) return gr_error_set(err, "%d firers", n);
    if (!isfinite(range) || range <= 0 || range > 40) return gr_error_set(err, "range %.2f MU out of range", range);
    const fogn_unit_profile *p = &s->units[unit];
    result_init(st, unit, r);
    fogn_unit u = st->u[unit];
    gr_rect orig = fogn_unit_rect(p, &u);
    gr_rect es[2 * FOGN_MAX_UNITS];
    int ne = 0;
    int fl[FOGN_MAX_UNITS], nf = 0;
    for (int i = 0; i < n; i++) {
        int j = firers[i];
        if (j < 0 || j >= s->nunits) return gr_error_set(err, "no unit %d", j);
        if (!fogn_unit_alive(&st->u[j]) || s->units[j].side == p->side) continue;
        ne += fogn_unit_rects(&s->units[j], &st->u[j], es + ne);
        fl[nf++] = j;
    }
    if (nf == 0 || fogn_rects_dist(&orig, 1, es, ne) >= range - 1e-9) {
        r->stop = FOGN_OS_COMPLETE; /* already far enough: no move */
        return 0;
    }
    int endf = u.formation;
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART && u.formation == FOGN_F_UNLIMBERED) endf = FOGN_F_LIMBERED;
    gr_rect r0 = endf == u.formation ? orig : fogn_rect_limber(p, &u, &orig, 0);
    fogn_walk w;
    fogn_walk_init(&w, s, st, unit, &orig, gr_v2_scale(gr_rect_fwd(&r0), -1), 0);
    w.geometric = 1;
    double xmax = s->table_w + s->table_h;

    /* the free wheel: none, then forward about a front corner or backward
     * about a rear corner, in FOGN_R3_WHEEL_STEP_DEG steps; the least move
     * (the farthest any corner ends from where it stood) wins, ties to the
     * smaller wheel */
    double best_x = INFINITY, best_m = INFINITY;
    gr_rect best_r = r0;
    gr_vec2 c0[4];
    gr_rect_corners(&r0, c0);
    int nsteps = (int)(FOGN_R3_WHEEL_MAX_DEG / FOGN_R3_WHEEL_STEP_DEG + 1e-9);
    static const int pivots[4] = {GR_FL, GR_FR, GR_RL, GR_RR};
    static const int signs[4] = {1, -1, -1, 1};
    for (int k = 0; k <= nsteps; k++) {
        for (int q = 0; q < (k ? 4 : 1); q++) {
            gr_rect rw = r0;
            if (k) {
                double ang = signs[q] * k * FOGN_R3_WHEEL_STEP_DEG * DEG;
                rw = gr_rect_wheel(&r0, pivots[q], ang);
                if (cannot_beat(c0, &rw, best_m)) continue;
                if (!rotation_clear(&w, &r0, gr_rect_corner(&r0, pivots[q]), ang)) continue;
            }
            gr_vec2 bk = gr_v2_scale(gr_rect_fwd(&rw), -1);
            double x = least_clear(&rw, bk, es, ne, range, xmax);
            if (!isfinite(x)) continue;
            gr_rect fin = shift(&rw, gr_v2_scale(bk, x));
            gr_vec2 c1[4];
            gr_rect_corners(&fin, c1);
            double m = 0;
            for (int i = 0; i < 4; i++)
                if (gr_v2_dist(c0[i], c1[i]) > m) m = gr_v2_dist(c0[i], c1[i]);
            if (m < best_m - 1e-9) {
                best_m = m;
                best_x = x;
                best_r = rw;
            }
        }
    }
    gr_vec2 b = gr_v2_scale(gr_rect_fwd(&best_r), -1);
    if (!isfinite(best_x)) {
        /* straight away from the firers, keeping its facing */
        b = fogn_retire_dir(s, st, unit, fl, nf);
        if (gr_v2_len(b) < 1e-9) return gr_error_set(err, "%s has no way to get %.0f MU from its firers", p->name, range);
        best_r = r0;
        best_x = least_clear(&r0, b, es, ne, range, xmax);
        if (!isfinite(best_x)) return gr_error_set(err, "%s has no way to get %.0f MU from its firers", p->name, range);
    }
    if (best_x > 1e-12 && edge_removal(s, &orig, b)) {
        r->stop = FOGN_OS_REMOVED;
        return 0;
    }
    fogn_walk_init(&w, s, st, unit, &orig, b, 0);
    w.geometric = 1;
    route rt;
    route_straight(&w, &best_r, b, best_x, &rt);
    double wheel = 0;
    if (rt.a.reason == FOGN_OS_EDGE) wheel = edge_line_up(&w, &rt.end, rt.a.edge, best_x - rt.a.stop);
    r->stop = rt.a.reason;
    r->blocker = rt.a.blocker;
    copy_leg_lists(r, &rt.a);
    r->covered = rt.a.stop + wheel;
    r->counted = rt.a.cost;
    int formation = endf;
    if (u.formation == FOGN_F_SQUARE && r->covered > FOGN_OUT_SQUARE_KEEP + 1e-9) formation = FOGN_F_TACTICAL;
    fogn_unit fu = u;
    fu.formation = (uint8_t)formation;
    fogn_move_class worst = fogn_walk_worst(s, &best_r, b, rt.a.stop);
    if (worst == FOGN_MC_IMPASSABLE) worst = FOGN_MC_DIFFICULT;
    r->allowance = fogn_allowance(s, p, &fu, worst);
    r->faces_travel = 0;
    r->after.formation = (uint8_t)formation;
    set_pose(&r->after, &rt.end);
    fill_contacts(s, st, unit, &rt.end, r);
    settle(s, st, unit, b, r);
    return 0;
}

int fogn_retire_to_range(const fogn_scenario *s, fogn_state *st, int unit, const int *firers, int n, double range,
                         fogn_retire_result *r, gr_error *err)
{
    if (fogn_retire_to_range_plan(s, st, unit, firers, n, range, r, err)) return -1;
    fogn_outcome_apply(s, st, unit, r);
    return 0;
}

/* --- carrying out ------------------------------------------------------------------------------ */

static void clamp_cmdr(const fogn_scenario *s, fogn_cmdr *c)
{
    double h = FOGN_CMDR_BASE / 2;
    if (c->x < h) c->x = h;
    if (c->y < h) c->y = h;
    if (c->x > s->table_w - h) c->x = s->table_w - h;
    if (c->y > s->table_h - h) c->y = s->table_h - h;
}

void fogn_remove_unit(const fogn_scenario *s, fogn_state *st, int unit)
{
    assert(s && st && unit >= 0 && unit < s->nunits);
    fogn_unit *u = &st->u[unit];
    gr_rect r = fogn_unit_rect(&s->units[unit], u);
    gr_vec2 c = gr_rect_centre(&r);
    u->flags |= FOGN_UF_DESTROYED;
    u->flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    for (int k = 0; k < s->ncmdrs; k++) {
        if (st->c[k].leading != unit) continue;
        st->c[k].leading = -1;
        st->c[k].x = c.x;
        st->c[k].y = c.y;
        clamp_cmdr(s, &st->c[k]);
    }
}

void fogn_outcome_apply(const fogn_scenario *s, fogn_state *st, int unit, const fogn_retire_result *r)
{
    assert(s && st && r && unit >= 0 && unit < s->nunits);
    if (r->stop == FOGN_OS_REMOVED) {
        fogn_remove_unit(s, st, unit);
        return;
    }
    fogn_unit *u = &st->u[unit];
    double ox = u->x, oy = u->y, oh = u->heading;
    uint32_t flags = u->flags;
    *u = r->after;
    u->flags = flags | r->set_flags;
    /* a commander leading it keeps his place relative to it (as move.c does) */
    for (int k = 0; k < s->ncmdrs; k++) {
        if (st->c[k].leading != unit) continue;
        gr_vec2 rel = gr_v2_rot(gr_v2(st->c[k].x - ox, st->c[k].y - oy), u->heading - oh);
        st->c[k].x = u->x + rel.x;
        st->c[k].y = u->y + rel.y;
        clamp_cmdr(s, &st->c[k]);
    }
}

void fogn_retire_describe(const fogn_scenario *s, const fogn_retire_result *r, char *buf, size_t cap)
{
    const char *who = r->blocker >= 0 && r->blocker < s->nunits ? s->units[r->blocker].name : NULL;
    switch ((fogn_out_stop)r->stop) {
    case FOGN_OS_COMPLETE: snprintf(buf, cap, "%.1f MU", r->covered); break;
    case FOGN_OS_OBSTACLE: snprintf(buf, cap, "%.1f MU, halting at an obstacle", r->covered); break;
    case FOGN_OS_BUILDING: snprintf(buf, cap, "%.1f MU, halting at a built-up area", r->covered); break;
    case FOGN_OS_ENEMY: snprintf(buf, cap, "%.1f MU, halting short of %s", r->covered, who ? who : "the enemy"); break;
    case FOGN_OS_TERRAIN: snprintf(buf, cap, "%.1f MU, halting short of impassable ground", r->covered); break;
    case FOGN_OS_FRIEND: snprintf(buf, cap, "%.1f MU, halting against %s", r->covered, who ? who : "friends"); break;
    case FOGN_OS_EDGE: snprintf(buf, cap, "%.1f MU to the table edge", r->covered); break;
    case FOGN_OS_REMOVED: snprintf(buf, cap, "off the table"); break;
    default: snprintf(buf, cap, "nowhere: it has no way out"); break;
    }
}
