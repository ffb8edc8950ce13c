/* sweep.c - paths of straight moves and wheels swept over the table and the
 * other units (sweep.h). */
#include "sweep.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <math.h>
#include <string.h>

#define WHEEL_STEP (10.0 * GR_PI / 180.0)  /* a wheel is swept in steps of this angle */
#define FINE_STEP_BW 0.2                  /* water is checked pose by pose this far apart */
#define TOI_STEP_BW 0.25                  /* a charge's run is searched in steps of this length ... */
#define TOI_TOUCH 1e-4                    /* ... for the place where it touches this closely */

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

lasalle_pose lasalle_pose_along(const lasalle_unit_profile *p, lasalle_pose a, const lasalle_motion *m, double t)
{
    gr_rect r = lasalle_pose_hull(p, a);
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

static gr_rect shrunk(gr_rect r, double e)
{
    gr_vec2 fc = gr_v2_sub(r.fc, gr_v2_scale(gr_rect_fwd(&r), e));
    return gr_rect_make(fc, r.heading, fmax(r.w - 2 * e, r.w / 2), fmax(r.d - 2 * e, r.d / 2));
}

/* the convex hull of two rectangles' corners; returns its point count */
static int swept(const gr_rect *a, const gr_rect *b, gr_vec2 *out)
{
    gr_vec2 c[8];
    gr_rect_corners(a, c);
    gr_rect_corners(b, c + 4);
    return gr_convex_hull(c, 8, out);
}

/* the terrain a swept polygon meets (water is looked at pose by pose; the table's edge by the caller) */
static int poly_meets(const lasalle_scenario *s, const gr_vec2 *poly, int n, int *piece, int *water)
{
    int bits = 0;
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (g->kind == LASALLE_G_ROAD || g->kind == LASALLE_G_BRIDGE || g->kind == LASALLE_G_FORD) continue;
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
    return bits;
}

typedef struct sweep_ctx {
    const lasalle_scenario *s;
    const lasalle_state *st;
    int i;
    const lasalle_unit_profile *p;
    int near[LASALLE_MAX_UNITS];     /* units close enough to matter */
    int nnear;
    gr_vec2 hc[LASALLE_MAX_UNITS][4];/* each near unit's footprint corners ... */
    gr_vec2 ic[LASALLE_MAX_UNITS][4];/* ... the same drawn in by the overlap margin ... */
    double box[LASALLE_MAX_UNITS][4];/* ... and the box around them: x0, y0, x1, y1 */
    int touching0[LASALLE_MAX_UNITS];/* enemies touched at the start */
    int charge_last;                 /* the last motion is a charge's run: enemies there are contacts */
    double pass_at[LASALLE_SWEEP_MAX];
} sweep_ctx;

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
        box[0] = fmin(box[0], pts[q].x);
        box[2] = fmax(box[2], pts[q].x);
        box[1] = fmin(box[1], pts[q].y);
        box[3] = fmax(box[3], pts[q].y);
    }
}

/* the gap between two boxes: never more than the distance between what they hold */
static double box_gap(const double a[4], const double b[4])
{
    double dx = fmax(0, fmax(a[0] - b[2], b[0] - a[2])), dy = fmax(0, fmax(a[1] - b[3], b[1] - a[3]));
    return hypot(dx, dy);
}

/* one swept piece (between two poses of motion `m`, at path time `when`) against the units; a unit
 * whose box stands farther than LASALLE_NEAR_BW from the piece's box can be neither met nor near */
static void piece_units(sweep_ctx *c, const gr_vec2 *poly, int n, int last, double when, lasalle_sweep *out)
{
    const lasalle_scenario *s = c->s;
    double pb[4];
    box_of(poly, n, pb);
    for (int k = 0; k < c->nnear; k++) {
        int j = c->near[k];
        if (box_gap(pb, c->box[k]) > LASALLE_NEAR_BW + LASALLE_CONTACT_EPS) continue;
        if (!lasalle_enemies(s, c->i, j)) {
            if (gr_poly_intersect(poly, n, c->ic[k], 4)) note_pass(c, out, j, when);
            continue;
        }
        double d = gr_poly_dist(poly, n, c->hc[k], 4);
        if (d <= LASALLE_NEAR_BW) out->near_enemy = 1;
        int overlap = d <= LASALLE_CONTACT_EPS && gr_poly_intersect(poly, n, c->ic[k], 4);
        /* a touch is a contact only where it was not there at the start, and not at a charge's end */
        int touch = d <= LASALLE_CONTACT_EPS && !c->touching0[j] && !(last && c->charge_last);
        if ((overlap || touch) && out->touch_enemy < 0) out->touch_enemy = j;
    }
}

/* water, pose by pose along a motion */
static int fine_water(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, int *piece)
{
    gr_rect r = lasalle_pose_hull(c->p, a);
    double len = m->angle != 0 ? fabs(m->angle) * (r.w + r.d) : hypot(m->fwd, m->right);
    int steps = (int)ceil(len / FINE_STEP_BW), bits = 0;
    if (steps < 1) steps = 1;
    for (int k = 0; k <= steps; k++) {
        gr_rect h = lasalle_pose_hull(c->p, lasalle_pose_along(c->p, a, m, (double)k / steps));
        bits |= lasalle_meets(c->s, &h, piece) & (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_ROUGH | LASALLE_MEETS_WATER);
    }
    return bits;
}

static void sweep_motion(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, int idx, int last, lasalle_sweep *out)
{
    int steps = m->angle != 0 ? (int)ceil(fabs(m->angle) / WHEEL_STEP) : 1, water = 0;
    gr_rect p0 = lasalle_pose_hull(c->p, lasalle_pose_along(c->p, a, m, 0.0));
    gr_rect prev = shrunk(lasalle_pose_hull(c->p, a), 0.01);
    for (int k = 1; k <= steps; k++) {
        gr_rect p1 = lasalle_pose_hull(c->p, lasalle_pose_along(c->p, a, m, (double)k / steps));
        gr_rect next = shrunk(p1, 0.01);
        gr_vec2 poly[8];
        int n = swept(&prev, &next, poly);
        out->meets |= poly_meets(c->s, poly, n, &out->piece, &water);
        /* the units against the unshrunk footprint */
        n = swept(&p0, &p1, poly);
        for (int q = 0; q < n; q++)
            if (poly[q].x < -1e-6 || poly[q].y < -1e-6 || poly[q].x > c->s->table_w + 1e-6 ||
                poly[q].y > c->s->table_h + 1e-6)
                out->meets |= LASALLE_MEETS_OFF_TABLE;
        piece_units(c, poly, n, last, idx + (double)k / steps, out);
        prev = next;
        p0 = p1;
    }
    if (water) out->meets |= fine_water(c, a, m, &out->piece);
}

/* how far along a straight run (0 .. len) the hull first touches the k-th near unit, an enemy; INFINITY
 * never */
static double time_of_impact(sweep_ctx *c, lasalle_pose a, const lasalle_motion *m, int k)
{
    gr_rect e = lasalle_hull(c->s, c->st, c->near[k]);
    double len = fabs(m->fwd);
    if (len <= 0) return INFINITY;
    lasalle_pose end = lasalle_pose_after(c->p, a, m);
    gr_rect h0 = lasalle_pose_hull(c->p, a), h1 = lasalle_pose_hull(c->p, end);
    gr_vec2 poly[8];
    double pb[4];
    int n = swept(&h0, &h1, poly);
    box_of(poly, n, pb);
    if (box_gap(pb, c->box[k]) > TOI_TOUCH) return INFINITY;
    if (gr_poly_dist(poly, n, c->hc[k], 4) > TOI_TOUCH) return INFINITY;
    double lo = 0, hi = -1;
    for (double t = 0; hi < 0; t += TOI_STEP_BW) {
        double tt = fmin(t, len);
        gr_rect h = lasalle_pose_hull(c->p, lasalle_pose_along(c->p, a, m, tt / len));
        if (gr_rect_dist(&h, &e) <= TOI_TOUCH) hi = tt;
        else lo = tt;
        if (tt >= len) break;
    }
    if (hi < 0) return INFINITY;
    if (hi == 0) return 0;
    for (int it = 0; it < 40; it++) {
        double mid = (lo + hi) / 2;
        gr_rect h = lasalle_pose_hull(c->p, lasalle_pose_along(c->p, a, m, mid / len));
        if (gr_rect_dist(&h, &e) <= TOI_TOUCH) hi = mid;
        else lo = mid;
    }
    return hi;
}

static void init_ctx(sweep_ctx *c, const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose start,
                     const lasalle_path *path)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->st = st;
    c->i = i;
    c->p = &s->units[i];
    gr_rect h = lasalle_pose_hull(c->p, start);
    double reach = LASALLE_NEAR_BW + hypot(h.w, h.d) + 0.5;
    for (int k = 0; k < path->n; k++)
        reach += path->m[k].angle != 0 ? fabs(path->m[k].angle) * hypot(h.w, h.d) : hypot(path->m[k].fwd,
                                                                                            path->m[k].right);
    gr_vec2 ctr = gr_rect_centre(&h);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (gr_rect_point_dist(&g, ctr) > reach) continue;
        gr_rect in = shrunk(g, LASALLE_OVERLAP_EPS);
        gr_rect_corners(&g, c->hc[c->nnear]);
        gr_rect_corners(&in, c->ic[c->nnear]);
        box_of(c->hc[c->nnear], 4, c->box[c->nnear]);
        c->near[c->nnear++] = j;
        c->touching0[j] = lasalle_enemies(s, i, j) && lasalle_rects_touch(&h, &g);
    }
}

/* a charge's run cut short where it first touches an enemy */
static void charge_stop(sweep_ctx *c, lasalle_pose a, lasalle_motion *m)
{
    double best = INFINITY;
    for (int k = 0; k < c->nnear; k++) {
        int j = c->near[k];
        double t = lasalle_enemies(c->s, c->i, j) ? time_of_impact(c, a, m, k) : INFINITY;
        if (t < best) best = t;
    }
    if (!isfinite(best)) return;
    m->fwd = m->fwd < 0 ? -best : best;
    m->cost = best;
}

/* the enemies touching the footprint where a charge stops: all of them are attacked [C, p.32] */
static void charge_contacts(sweep_ctx *c, lasalle_pose end, lasalle_sweep *out)
{
    gr_rect h = lasalle_pose_hull(c->p, end);
    for (int k = 0; k < c->nnear && out->ncontact < LASALLE_SWEEP_MAX; k++) {
        int j = c->near[k];
        if (!lasalle_enemies(c->s, c->i, j)) continue;
        gr_rect g = lasalle_hull(c->s, c->st, j);
        if (lasalle_rects_touch(&h, &g)) out->contact[out->ncontact++] = j;
    }
}

int lasalle_sweep_path(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose start,
                       const lasalle_path *path, int charge, lasalle_sweep *out)
{
    memset(out, 0, sizeof *out);
    out->piece = out->touch_enemy = out->end_overlap = -1;
    sweep_ctx c;
    init_ctx(&c, s, st, i, start, path);
    c.charge_last = charge;
    lasalle_pose a = start;
    for (int k = 0; k < path->n; k++) {
        lasalle_motion m = path->m[k];
        int last = k == path->n - 1;
        if (charge && last) charge_stop(&c, a, &m);
        sweep_motion(&c, a, &m, k, last, out);
        out->cost += m.cost;
        a = lasalle_pose_after(c.p, a, &m);
    }
    out->end = a;
    if (charge) charge_contacts(&c, a, out);
    out->end_overlap = lasalle_pose_overlaps(s, st, i, a, -1);
    return 0;
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
