/* sweep.c - paths of straight moves and wheels swept over the table and the
 * other units (sweep.h). */
#include "sweep.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"
#include "works.h"

#include <math.h>
#include <string.h>

#define WHEEL_STEP (10.0 * GR_PI / 180.0)  /* a wheel is swept in steps of this angle */
#define FINE_STEP_BW 0.2                  /* water is checked pose by pose this far apart */
#define TOI_STEP_BW 0.25                  /* a charge's run is searched in steps of this length ... */
#define TOI_TOUCH 1e-4                    /* ... for the place where it touches this closely */
#define TOI_SLACK 1e-9                    /* rounding allowed for when steps are passed over */
#define TOI_BOUND_SLACK 1e-6              /* ... and in the bounds a straight run puts on its distances */
#define TOI_PLACE_BW 1e-9                 /* the halving search ends when it holds the place this closely */
#define TOI_HALVINGS 40                   /* ... or after this many halves */

lasalle_pose lasalle_pose_of(const lasalle_state *st, int i)
{
    const lasalle_unit *u = &st->u[i];
    lasalle_pose p = {u->x, u->y, u->heading, u->form};
    return p;
}

gr_rect lasalle_pose_hull(const lasalle_unit_profile *p, lasalle_pose a)
{
    return lasalle_hull_at(p, a.form, a.x, a.y, a.h);
}

/* the pose part way through a motion from pose a, whose footprint is r */
static lasalle_pose along_from(const gr_rect *rp, lasalle_pose a, const lasalle_motion *m, double t)
{
    gr_rect r = *rp;
    if (m->angle != 0) {
        gr_vec2 at = m->pivot == LASALLE_PIVOT_CENTRE ? gr_rect_centre(&r) : gr_rect_corner(&r, m->pivot);
        gr_rect w = gr_rect_rotate_about(&r, at, m->angle * t);
        a.x = w.fc.x;
        a.y = w.fc.y;
        a.h = gr_angle_norm(w.heading);
        return a;
    }
    gr_vec2 f = gr_rect_fwd(&r), rt = gr_rect_right(&r);
    a.x += f.x * m->fwd * t + rt.x * m->right * t;
    a.y += f.y * m->fwd * t + rt.y * m->right * t;
    return a;
}

lasalle_pose lasalle_pose_along(const lasalle_unit_profile *p, lasalle_pose a, const lasalle_motion *m, double t)
{
    gr_rect r = lasalle_pose_hull(p, a);
    return along_from(&r, a, m, t);
}

lasalle_pose lasalle_pose_after(const lasalle_unit_profile *p, lasalle_pose a, const lasalle_motion *m)
{
    return lasalle_pose_along(p, a, m, 1.0);
}

lasalle_motion lasalle_straight(double fwd, double right, double cost)
{
    lasalle_motion m = {fwd, right, 0, 0.0, cost};
    return m;
}

lasalle_motion lasalle_wheel(const lasalle_unit_profile *p, int form, double angle, int backward)
{
    gr_rect r = lasalle_hull_at(p, form, 0, 0, 0);
    lasalle_motion m = {0, 0, 0, angle, fabs(angle) * r.w * (backward ? 2 : 1)};
    m.pivot = (angle > 0) != (backward != 0) ? GR_FL : GR_FR;
    return m;
}

lasalle_motion lasalle_turn_about(const lasalle_unit_profile *p, int form, double angle)
{
    lasalle_layout l;
    lasalle_layout_of(p, form, &l);
    /* the base centre farthest from the footprint's middle */
    double far = hypot((l.cols - 1) * l.bw / 2, (l.rows - 1) * l.bd / 2);
    lasalle_motion m = {0, 0, LASALLE_PIVOT_CENTRE, angle, fabs(angle) * far};
    return m;
}

/* ---- the swept area ------------------------------------------------------------------------- */

/* r drawn in by e on every side. The heading is r's own, so its cosine and sine are kept (gr_rect_make
 * would work out the same ones again) */
static gr_rect shrunk(gr_rect r, double e)
{
    gr_rect o = r;
    o.fc = gr_v2_sub(r.fc, gr_v2_scale(gr_rect_fwd(&r), e));
    o.w = fmax(r.w - 2 * e, r.w / 2);
    o.d = fmax(r.d - 2 * e, r.d / 2);
    return o;
}

/* the area swept between two footprints: their eight corners and the box around them at once, their
 * convex hull only when a test needs it. The hull's corners are some of the eight, so its box lies in
 * theirs: what is apart from the corners' box is apart from the hull's, and the hull is skipped. */
typedef struct swept_area {
    gr_vec2 c[8];
    double cbox[4];
    gr_vec2 poly[8];
    int n;                  /* the hull's point count; -1 until it is needed */
    double pbox[4];
} swept_area;

static void box_of(const gr_vec2 *pts, int n, double box[4]);

static void area_of(const gr_rect *a, const gr_rect *b, swept_area *w)
{
    gr_rect_corners(a, w->c);
    gr_rect_corners(b, w->c + 4);
    box_of(w->c, 8, w->cbox);
    w->n = -1;
}

static const gr_vec2 *area_hull(swept_area *w)
{
    if (w->n < 0) {
        w->n = gr_convex_hull(w->c, 8, w->poly);
        box_of(w->poly, w->n, w->pbox);
    }
    return w->poly;
}

/* the terrain a swept area meets (water is looked at pose by pose; the table's edge by the caller) */
static int poly_meets(const lasalle_scenario *s, const lasalle_state *st, swept_area *w, int *piece, int *water)
{
    int bits = 0;
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (g->kind == LASALLE_G_ROAD || g->kind == LASALLE_G_BRIDGE || g->kind == LASALLE_G_FORD) continue;
        if (!gr_terrain_piece_near_box(p, w->cbox)) continue;
        const gr_vec2 *poly = area_hull(w);
        int n = w->n;
        if (!gr_terrain_piece_touches_poly(p, poly, n)) continue;
        int b = 0;
        if (g->obstacle) b = LASALLE_MEETS_OBSTACLE;
        else if (g->water) *water = 1;
        else if (g->impassable) b = LASALLE_MEETS_IMPASSABLE;
        else if (g->kind == LASALLE_G_TOWN) b = LASALLE_MEETS_TOWN;
        else if (g->rough) {
            /* along a road that carries the whole footprint the rough does not count (ruling A-28) */
            int road = 0;
            for (int r = 0; r < s->terrain.n && !road; r++) {
                if (s->ground_of[r].kind != LASALLE_G_ROAD) continue;
                road = 1;
                for (int q = 0; q < n && road; q++)
                    road = gr_point_polyline_dist(s->terrain.p[r].pts, s->terrain.p[r].npts, poly[q]) <=
                           s->terrain.p[r].width / 2 + 1e-9;
            }
            b = road ? 0 : LASALLE_MEETS_ROUGH;
        }
        if (b && !(bits & b) && *piece < 0) *piece = k;
        bits |= b;
    }
    if (st && st->nworks && !(bits & LASALLE_MEETS_OBSTACLE)) { /* the works made in play [H, p.75, p.78] */
        const gr_vec2 *poly = area_hull(w);
        int k = lasalle_works_meet_poly(st, poly, w->n);
        if (k >= 0) {
            bits |= LASALLE_MEETS_OBSTACLE;
            if (*piece < 0) *piece = s->terrain.n + k;
        }
    }
    return bits;
}

typedef struct sweep_ctx {
    const lasalle_scenario *s;
    const lasalle_state *st;
    int i;
    const lasalle_unit_profile *p;
    lasalle_geo *g;                  /* the units' footprints */
    int near[LASALLE_MAX_UNITS];     /* units close enough to matter ... */
    const lasalle_unit_geo *ng[LASALLE_MAX_UNITS]; /* ... and their footprints */
    int nnear;
    int touching0[LASALLE_MAX_UNITS];/* enemies touched at the start */
    int charge_last;                 /* the last motion is a charge's run: enemies there are contacts */
    double pass_at[LASALLE_SWEEP_MAX];
    int hull_ok;                     /* the swept unit's last footprint: its heading, formation ... */
    double hull_h;
    int hull_form;
    gr_rect hull_r;                  /* ... and the footprint, whose direction the next one may reuse */
} sweep_ctx;

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* lasalle_pose_hull for the unit swept. A footprint depends on the pose's place, heading and formation
 * alone, and one heading always gives the same cosine and sine: a pose with the last one's heading (bit
 * for bit, so -0 is not 0) and formation takes its footprint with the place moved, the same rectangle
 * gr_rect_make would build without the sine and cosine worked out again */
static gr_rect ctx_hull(sweep_ctx *c, lasalle_pose a)
{
    if (!c->hull_ok || a.form != c->hull_form || !same_bits(a.h, c->hull_h)) {
        c->hull_r = lasalle_pose_hull(c->p, a);
        c->hull_h = a.h;
        c->hull_form = a.form;
        c->hull_ok = 1;
        return c->hull_r;
    }
    gr_rect r = c->hull_r;
    r.fc = gr_v2(a.x, a.y);
    return r;
}

static lasalle_pose ctx_along(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, double t)
{
    gr_rect r = ctx_hull(c, a);
    return along_from(&r, a, m, t);
}

static void note_pass(sweep_ctx *c, lasalle_sweep *out, int j, double when)
{
    for (int k = 0; k < out->npass; k++)
        if (out->pass[k] == j) return;
    if (out->npass >= LASALLE_SWEEP_MAX) return;
    int k = out->npass++;
    while (k > 0 && c->pass_at[k - 1] > when) {
        out->pass[k] = out->pass[k - 1];
        c->pass_at[k] = c->pass_at[k - 1];
        k--;
    }
    out->pass[k] = j;
    c->pass_at[k] = when;
}

static void box_of(const gr_vec2 *pts, int n, double box[4])
{
    box[0] = box[2] = pts[0].x;
    box[1] = box[3] = pts[0].y;
    for (int q = 1; q < n; q++) {
        /* plain comparisons (the library's fmin and fmax are calls); a box is only ever compared */
        if (pts[q].x < box[0]) box[0] = pts[q].x;
        if (pts[q].x > box[2]) box[2] = pts[q].x;
        if (pts[q].y < box[1]) box[1] = pts[q].y;
        if (pts[q].y > box[3]) box[3] = pts[q].y;
    }
}

/* the gap between two boxes: never more than the distance between what they hold */
static double box_gap(const double a[4], const double b[4])
{
    double dx = fmax(0, fmax(a[0] - b[2], b[0] - a[2])), dy = fmax(0, fmax(a[1] - b[3], b[1] - a[3]));
    return hypot(dx, dy);
}

/* boxes apart by more than twice the geometry's tolerance on an axis: no two points of what they hold
 * are within GR_EPS, so gr_poly_intersect of the two is false (its closed tests accept GR_EPS) */
static int boxes_apart(const double a[4], const double b[4])
{
    double e = 2 * GR_EPS;
    return a[0] > b[2] + e || b[0] > a[2] + e || a[1] > b[3] + e || b[1] > a[3] + e;
}

/* one swept piece (between two poses of motion `m`, at path time `when`) against the units; a unit
 * whose box stands farther than LASALLE_NEAR_BW from the piece's box can be neither met nor near, and
 * once an enemy was near, one whose box is farther than the contact distance can only be near again */
/* some corner of the polygon and some of the four within r of each other */
static int corners_within(const gr_vec2 *poly, int n, const gr_vec2 q[4], double r)
{
    for (int a = 0; a < n; a++)
        for (int b = 0; b < 4; b++) {
            double dx = poly[a].x - q[b].x, dy = poly[a].y - q[b].y;
            if (dx * dx + dy * dy <= r * r) return 1;
        }
    return 0;
}

static void piece_units(sweep_ctx *c, swept_area *w, int last, double when, lasalle_sweep *out)
{
    const lasalle_scenario *s = c->s;
    for (int k = 0; k < c->nnear; k++) {
        int j = c->near[k];
        double cgap = box_gap(w->cbox, c->ng[k]->box);
        if (cgap > LASALLE_NEAR_BW + LASALLE_CONTACT_EPS) continue;
        int enemy = lasalle_enemies(s, c->i, j);
        /* the corners' box holds the hull's: apart from it is apart from the hull (the tests below) */
        if (!enemy && boxes_apart(w->cbox, c->ng[k]->ibox)) continue;
        if (enemy && out->near_enemy && cgap > LASALLE_CONTACT_EPS + GR_EPS) continue;
        const gr_vec2 *poly = area_hull(w);
        const double *pb = w->pbox;
        int n = w->n;
        double gap = box_gap(pb, c->ng[k]->box);
        if (gap > LASALLE_NEAR_BW + LASALLE_CONTACT_EPS) continue;
        if (!enemy) {
            if (!boxes_apart(pb, c->ng[k]->ibox) && gr_poly_intersect(poly, n, c->ng[k]->ic, 4)) note_pass(c, out, j, when);
            continue;
        }
        if (gap > LASALLE_CONTACT_EPS + GR_EPS) {
            /* no contact here: only whether it comes near, which two corners near enough settle (the
             * polygons are no farther apart than any two of their corners) */
            if (out->near_enemy) continue;
            if (corners_within(poly, n, c->ng[k]->hc, LASALLE_NEAR_BW - TOI_SLACK)) {
                out->near_enemy = 1;
                continue;
            }
        }
        double d = gr_poly_dist(poly, n, c->ng[k]->hc, 4);
        if (d <= LASALLE_NEAR_BW) out->near_enemy = 1;
        int overlap = d <= LASALLE_CONTACT_EPS && gr_poly_intersect(poly, n, c->ng[k]->ic, 4);
        /* a touch is a contact only where it was not there at the start, and not at a charge's end */
        int touch = d <= LASALLE_CONTACT_EPS && !c->touching0[j] && !(last && c->charge_last);
        if ((overlap || touch) && out->touch_enemy < 0) out->touch_enemy = j;
    }
}

/* water, pose by pose along a motion */
static int fine_water(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, int *piece)
{
    gr_rect r = ctx_hull(c, a);
    double len = m->angle != 0 ? fabs(m->angle) * (r.w + r.d) : hypot(m->fwd, m->right);
    int steps = (int)ceil(len / FINE_STEP_BW), bits = 0;
    if (steps < 1) steps = 1;
    for (int k = 0; k <= steps; k++) {
        gr_rect h = ctx_hull(c, ctx_along(c, a, m, (double)k / steps));
        bits |= lasalle_meets_st(c->s, c->st, &h, piece) &
                (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_ROUGH | LASALLE_MEETS_WATER);
    }
    return bits;
}

/* what a charge's sweep has met that refuses it whatever the rest of its path meets: ground no charge
 * enters or the table's edge, an enemy touched, a unit other than artillery passed (charge.c refuse_path) */
static int refuses_any_charge(const lasalle_scenario *s, const lasalle_sweep *sw)
{
    if (sw->meets & (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_TOWN | LASALLE_MEETS_OBSTACLE | LASALLE_MEETS_OFF_TABLE))
        return 1;
    if (sw->touch_enemy >= 0) return 1;
    for (int k = 0; k < sw->npass; k++)
        if (s->units[sw->pass[k]].type != LASALLE_ART) return 1;
    return 0;
}

/* one motion swept: the ground it meets, the table's edge and (with `units`) the units it passes, touches or
 * comes near; with `stop`, only until what it has met refuses any charge */
static void sweep_motion(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, int idx, int last, int units,
                         int stop, lasalle_sweep *out)
{
    int steps = m->angle != 0 ? (int)ceil(fabs(m->angle) / WHEEL_STEP) : 1, water = 0;
    gr_rect p0 = ctx_hull(c, ctx_along(c, a, m, 0.0));
    gr_rect prev = shrunk(ctx_hull(c, a), 0.01);
    for (int k = 1; k <= steps; k++) {
        gr_rect p1 = ctx_hull(c, ctx_along(c, a, m, (double)k / steps));
        gr_rect next = shrunk(p1, 0.01);
        swept_area w;
        area_of(&prev, &next, &w);
        out->meets |= poly_meets(c->s, c->st, &w, &out->piece, &water);
        /* the units against the unshrunk footprint */
        area_of(&p0, &p1, &w);
        /* off the table when a corner of either footprint is: the swept area's extreme points are corners,
         * whose box is at hand before any hull is built */
        if (w.cbox[0] < -1e-6 || w.cbox[1] < -1e-6 || w.cbox[2] > c->s->table_w + 1e-6 ||
            w.cbox[3] > c->s->table_h + 1e-6)
            out->meets |= LASALLE_MEETS_OFF_TABLE;
        if (units) piece_units(c, &w, last, idx + (double)k / steps, out);
        if (stop && refuses_any_charge(c->s, out)) return;
        prev = next;
        p0 = p1;
    }
    if (water) out->meets |= fine_water(c, a, m, &out->piece);
}

/* how far along a straight run (0 .. len) the hull first touches the k-th near unit, an enemy; INFINITY
 * never */
static double time_of_impact(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, swept_area *w, int k)
{
    double len = fabs(m->fwd);
    if (len <= 0) return INFINITY;
    if (box_gap(w->cbox, c->ng[k]->box) > TOI_TOUCH) return INFINITY; /* the corners' box holds the hull's */
    const gr_vec2 *poly = area_hull(w);
    if (box_gap(w->pbox, c->ng[k]->box) > TOI_TOUCH) return INFINITY;
    if (gr_poly_dist(poly, w->n, c->ng[k]->hc, 4) > TOI_TOUCH) return INFINITY;
    gr_rect e = c->ng[k]->hull;
    /* a straight run ahead moves the footprint tt BW in tt BW of run: at distance D from the enemy, it
     * cannot touch it within the next D - TOI_TOUCH BW, and those steps are passed over as the misses
     * they are (the margin keeps rounding on the safe side) */
    int slides = m->angle == 0 && m->right == 0;
    double lo = 0, hi = -1, clear_to = -1, t_ref = 0, d_ref = INFINITY, dhi = 0;
    for (double t = 0; hi < 0; t += TOI_STEP_BW) {
        double tt = fmin(t, len);
        if (tt < clear_to) {
            lo = tt;
        } else {
            gr_rect h = ctx_hull(c, ctx_along(c, a, m, tt / len));
            double d = gr_rect_dist(&h, &e);
            if (d <= TOI_TOUCH) {
                hi = tt;
                dhi = d;
            } else {
                lo = tt;
                t_ref = tt;
                d_ref = d;
                if (slides) clear_to = tt + (d - TOI_TOUCH) - TOI_SLACK;
            }
        }
        if (tt >= len) break;
    }
    if (hi < 0) return INFINITY;
    if (hi == 0) return 0;
    /* the halving search, down to TOI_PLACE_BW: a place where the footprint touches (within TOI_TOUCH) no
     * farther than that past the first such place. On a straight run the distance changes by no more than
     * the run between two places, so from the distances known at lo and hi (or bounds on them) a middle far
     * enough from touching, or deep enough in it, is settled without its distance worked out: the same
     * halves are kept, and the same place found */
    double dlo = d_ref - (lo - t_ref); /* no more than the distance at lo, more than TOI_TOUCH */
    for (int it = 0; it < TOI_HALVINGS && hi - lo > TOI_PLACE_BW; it++) {
        double mid = (lo + hi) / 2;
        if (slides && dlo - (mid - lo) > TOI_TOUCH + TOI_BOUND_SLACK) {
            dlo -= mid - lo;
            lo = mid;
            continue;
        }
        if (slides && dhi + (hi - mid) <= TOI_TOUCH - TOI_BOUND_SLACK) {
            dhi += hi - mid;
            hi = mid;
            continue;
        }
        gr_rect h = ctx_hull(c, ctx_along(c, a, m, mid / len));
        double d = gr_rect_dist(&h, &e);
        if (d <= TOI_TOUCH) {
            hi = mid;
            dhi = d;
        } else {
            lo = mid;
            dlo = d;
        }
    }
    return hi;
}

void lasalle_geo_init(lasalle_geo *g) { g->known = 0; }

const lasalle_unit_geo *lasalle_geo_of(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int j)
{
    lasalle_unit_geo *u = &g->u[j];
    uint64_t bit = (uint64_t)1 << j;
    if (g->known & bit) return u;
    u->hull = lasalle_hull(s, st, j);
    gr_rect in = shrunk(u->hull, LASALLE_OVERLAP_EPS);
    gr_rect_corners(&u->hull, u->hc);
    gr_rect_corners(&in, u->ic);
    box_of(u->hc, 4, u->box);
    box_of(u->ic, 4, u->ibox);
    g->known |= bit;
    return u;
}

static void init_ctx(sweep_ctx *c, const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                     lasalle_pose start, const lasalle_path *path)
{
    /* only what is read is set: the per-unit tables are filled for the near units alone (the context is
     * some 10 KB, and a menu sweeps thousands of paths) */
    c->s = s;
    c->st = st;
    c->g = g;
    c->i = i;
    c->p = &s->units[i];
    c->nnear = 0;
    c->charge_last = 0;
    c->hull_ok = 0;
    gr_rect h = ctx_hull(c, start);
    double reach = LASALLE_NEAR_BW + hypot(h.w, h.d) + 0.5;
    for (int k = 0; k < path->n; k++)
        reach += path->m[k].angle != 0 ? fabs(path->m[k].angle) * hypot(h.w, h.d) : hypot(path->m[k].fwd,
                                                                                            path->m[k].right);
    gr_vec2 ctr = gr_rect_centre(&h);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j)) continue;
        const lasalle_unit_geo *u = lasalle_geo_of(s, st, g, j);
        if (gr_rect_point_dist(&u->hull, ctr) > reach) continue;
        c->ng[c->nnear] = u;
        c->near[c->nnear++] = j;
        c->touching0[j] = lasalle_enemies(s, i, j) && lasalle_rects_touch(&h, &u->hull);
    }
}

/* a charge's run cut short where it first touches an enemy */
static void charge_stop(sweep_ctx *c, lasalle_pose a, lasalle_motion *m)
{
    double best = INFINITY;
    /* the area the whole run sweeps, the same for every enemy */
    gr_rect h0 = ctx_hull(c, a), h1 = ctx_hull(c, ctx_along(c, a, m, 1.0));
    swept_area w;
    area_of(&h0, &h1, &w);
    /* a straight run moves the footprint t BW in t BW of run, so an enemy d BW away is touched no sooner
     * than d less the touch distance: the enemies are asked nearest first, and one that cannot come before
     * the earliest touch found is passed over (the earliest is the same) */
    int slides = m->angle == 0 && m->right == 0, order[LASALLE_MAX_UNITS], n = 0;
    double d0[LASALLE_MAX_UNITS];
    for (int k = 0; k < c->nnear; k++) {
        if (!lasalle_enemies(c->s, c->i, c->near[k]) || box_gap(w.cbox, c->ng[k]->box) > TOI_TOUCH) continue;
        d0[k] = slides ? gr_rect_dist(&h0, &c->ng[k]->hull) : 0;
        int q = n++;
        while (q > 0 && d0[order[q - 1]] > d0[k]) {
            order[q] = order[q - 1];
            q--;
        }
        order[q] = k;
    }
    for (int q = 0; q < n; q++) {
        int k = order[q];
        if (d0[k] - TOI_TOUCH - TOI_BOUND_SLACK > best) break;
        double t = time_of_impact(c, a, m, &w, k);
        if (t < best) best = t;
    }
    if (!isfinite(best)) return;
    m->fwd = m->fwd < 0 ? -best : best;
    m->cost = best;
}

/* the enemies touching the footprint where a charge stops: all of them are attacked [C, p.32] */
static void charge_contacts(sweep_ctx *c, lasalle_pose end, lasalle_sweep *out)
{
    gr_rect h = ctx_hull(c, end);
    for (int k = 0; k < c->nnear && out->ncontact < LASALLE_SWEEP_MAX; k++) {
        int j = c->near[k];
        if (!lasalle_enemies(c->s, c->i, j)) continue;
        if (lasalle_rects_touch(&h, &c->ng[k]->hull)) out->contact[out->ncontact++] = j;
    }
}

int lasalle_sweep_path(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose start,
                       const lasalle_path *path, int charge, lasalle_sweep *out)
{
    return lasalle_sweep_path_geo(s, st, NULL, i, start, path, charge, out);
}


/* the sweep. The poses come first: each motion's start, a charge's run cut where it first touches an enemy
 * (charge_stop), the end. With `quick` (a charge asked only for its verdict), a run ending on top of a unit
 * has only its path's ground swept (2), and the sweep stops at a motion before the run that refuses any
 * charge (1) */
static int sweep_path(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i, lasalle_pose start,
                      const lasalle_path *path, int charge, int quick, lasalle_sweep *out)
{
    memset(out, 0, sizeof *out);
    out->piece = out->touch_enemy = out->end_overlap = -1;
    lasalle_geo own;
    if (!g) {
        lasalle_geo_init(&own);
        g = &own;
    }
    sweep_ctx c;
    init_ctx(&c, s, st, g, i, start, path);
    c.charge_last = charge;
    int n = path->n;
    const lasalle_motion *mo[LASALLE_PATH_MAX]; /* the motions as swept: a charge's run as charge_stop cut it */
    lasalle_motion stop;
    lasalle_pose at[LASALLE_PATH_MAX + 1];
    at[0] = start;
    for (int k = 0; k < n; k++) {
        mo[k] = &path->m[k];
        if (charge && k == n - 1) {
            stop = path->m[k];
            charge_stop(&c, at[k], &stop);
            mo[k] = &stop;
        }
        at[k + 1] = ctx_along(&c, at[k], mo[k], 1.0);
    }
    int end_overlap = lasalle_pose_overlaps_geo(s, st, g, i, at[n], -1);
    int ground_only = quick && end_overlap >= 0;
    for (int k = 0; k < n; k++) {
        int last = k == n - 1;
        sweep_motion(&c, at[k], mo[k], k, last, !ground_only, quick && !last && !ground_only, out);
        if (ground_only) continue;
        out->cost += mo[k]->cost;
        if (quick && !last && refuses_any_charge(s, out)) return 1;
    }
    if (ground_only) return 2;
    out->end = at[n];
    if (charge) charge_contacts(&c, at[n], out);
    out->end_overlap = end_overlap;
    return 0;
}

int lasalle_sweep_path_geo(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                           lasalle_pose start, const lasalle_path *path, int charge, lasalle_sweep *out)
{
    return sweep_path(s, st, g, i, start, path, charge, 0, out);
}

int lasalle_sweep_charge_quick(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                               lasalle_pose start, const lasalle_path *path, lasalle_sweep *out)
{
    return sweep_path(s, st, g, i, start, path, 1, 1, out);
}

lasalle_pose lasalle_first_touch(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose start,
                                 const lasalle_path *path, int j)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect g = lasalle_hull(s, st, j);
    lasalle_pose a = start;
    for (int k = 0; k < path->n; k++) {
        const lasalle_motion *m = &path->m[k];
        lasalle_pose b = lasalle_pose_after(p, a, m);
        int steps = 64;
        for (int q = 1; q <= steps; q++) {
            gr_rect h = lasalle_pose_hull(p, lasalle_pose_along(p, a, m, (double)q / steps));
            if (!gr_rect_overlap(&h, &g, LASALLE_OVERLAP_EPS / 2)) continue;
            double lo = (double)(q - 1) / steps, hi = (double)q / steps;
            for (int it = 0; it < 30; it++) {
                double mid = (lo + hi) / 2;
                gr_rect hm = lasalle_pose_hull(p, lasalle_pose_along(p, a, m, mid));
                if (gr_rect_overlap(&hm, &g, 0)) hi = mid;
                else lo = mid;
            }
            return lasalle_pose_along(p, a, m, lo);
        }
        a = b;
    }
    return a;
}

int lasalle_pose_overlaps(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose a, int skip)
{
    gr_rect h = lasalle_pose_hull(&s->units[i], a);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || j == skip || !lasalle_alive(st, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (lasalle_rects_overlap(&h, &g)) return j;
    }
    return -1;
}

/* rectangles whose boxes are apart (boxes_apart) are apart, so neither overlaps the other */
int lasalle_pose_overlaps_geo(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                              lasalle_pose a, int skip)
{
    gr_rect h = lasalle_pose_hull(&s->units[i], a);
    gr_vec2 hc[4];
    double hb[4];
    gr_rect_corners(&h, hc);
    box_of(hc, 4, hb);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || j == skip || !lasalle_alive(st, j)) continue;
        const lasalle_unit_geo *u = lasalle_geo_of(s, st, g, j);
        if (boxes_apart(hb, u->box)) continue;
        if (lasalle_rects_overlap(&h, &u->hull)) return j;
    }
    return -1;
}
