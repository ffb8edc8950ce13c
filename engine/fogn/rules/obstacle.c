/* obstacle.c - contact across a defended wall, hedge, river or stream (§6.1
 * item 3, Glossary "Assault Range", §15.6-§15.8): where an assault on such
 * a defender ends, which units are then in contact across the obstacle, the
 * water's fighting penalty for the attacker, and which assaults obstacles
 * and March Column forbid (§6.1 item 5, §15.4, §15.7). See obstacle.h. */
#include "obstacle.h"
#include "building.h"
#include "view.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#define TOL FOGN_CONTACT_TOL
#define BISECT_STEPS 60
/* how far past a distance limit a box's gap must lie to settle that the
 * shape inside is past it too, whatever the rounding of the exact distance
 * (coordinates of at most a few hundred MU round at about 1e-13) */
#define FOGN_OBS_BOX_SLACK 1e-9

static bool is_water(const gr_terrain_piece *p) { return p->type == GR_T_RIVER || p->type == GR_T_STREAM; }

bool fogn_obs_line(const gr_terrain_piece *p)
{
    if (p->type == GR_T_WALL || p->type == GR_T_HEDGE) return true;
    return is_water(p) && p->grade != GR_WATER_ANKLE && p->grade != GR_WATER_DRY;
}

bool fogn_obs_any(const fogn_scenario *s)
{
    for (int k = 0; k < s->terrain.n; k++)
        if (fogn_obs_line(&s->terrain.p[k])) return true;
    return false;
}

static double seg_line_dist(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b)
{
    if (p->npts == 1) return gr_point_seg_dist(p->pts[0], a, b);
    double d = INFINITY;
    for (int i = 0; i + 1 < p->npts; i++) d = fmin(d, gr_seg_seg_dist(a, b, p->pts[i], p->pts[i + 1]));
    return d;
}

/* where the ray from o along unit vector v first enters r (t >= 0), or INFINITY */
static double ray_entry(gr_vec2 o, gr_vec2 v, const gr_rect *r)
{
    gr_vec2 rel = gr_v2_sub(o, r->fc), f = gr_rect_fwd(r), rt = gr_rect_right(r);
    double lo[2] = {-r->d, -0.5 * r->w}, hi[2] = {0, 0.5 * r->w};
    double p0[2] = {gr_v2_dot(rel, f), gr_v2_dot(rel, rt)}, dp[2] = {gr_v2_dot(v, f), gr_v2_dot(v, rt)};
    double tmin = 0, tmax = INFINITY;
    for (int k = 0; k < 2; k++) {
        if (fabs(dp[k]) < 1e-15) {
            if (p0[k] < lo[k] || p0[k] > hi[k]) return INFINITY;
            continue;
        }
        double t0 = (lo[k] - p0[k]) / dp[k], t1 = (hi[k] - p0[k]) / dp[k];
        if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
        if (t0 > tmin) tmin = t0;
        if (t1 < tmax) tmax = t1;
        if (tmin > tmax) return INFINITY;
    }
    return tmin;
}

bool fogn_obs_rect_contact(const fogn_scenario *s, const fogn_state *st, int x, const gr_rect *rx, int d, int k,
                           fogn_contact *c)
{
    assert(s && st && rx && c && k >= 0 && k < s->terrain.n);
    const gr_terrain_piece *pc = &s->terrain.p[k];
    if (!fogn_obs_line(pc)) return false;
    double half = pc->width / 2;
    gr_vec2 cr[4];
    gr_rect_corners(rx, cr);
    /* cheap first: x's footprint must reach the obstacle's bounding box */
    if (pc->has_box) {
        double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        for (int q = 0; q < 4; q++) {
            lo[0] = fmin(lo[0], cr[q].x), hi[0] = fmax(hi[0], cr[q].x);
            lo[1] = fmin(lo[1], cr[q].y), hi[1] = fmax(hi[1], cr[q].y);
        }
        double m = half + TOL;
        if (lo[0] > pc->box[2] + m || hi[0] < pc->box[0] - m || lo[1] > pc->box[3] + m || hi[1] < pc->box[1] - m)
            return false;
    }
    /* its front edge on the obstacle's edge, no part of it in the obstacle
     * (the cheapest tests first: most pairs fail the front-edge one) */
    gr_vec2 fl = cr[GR_FL], fr = cr[GR_FR];
    if (seg_line_dist(pc, fl, fr) > half + TOL) return false;
    if (gr_polyline_poly_dist(pc->pts, pc->npts, cr, 4) < half - TOL) return false;
    if (!fogn_defends_piece(s, st, d, k)) return false;
    gr_rect rd[2];
    int nd = fogn_unit_rects(&s->units[d], &st->u[d], rd);
    gr_vec2 fwd = gr_rect_fwd(rx);
    double limit = pc->width + FOGN_OBS_ACROSS_GAP;
    int first = -1, last = -1, hit_rect = 0;
    for (int q = 0; q < FOGN_OBS_PROBES; q++) {
        gr_vec2 o = gr_v2_add(fl, gr_v2_scale(gr_v2_sub(fr, fl), (q + 0.5) / FOGN_OBS_PROBES));
        double best = INFINITY;
        int br = -1;
        for (int m = 0; m < nd; m++) {
            double t = ray_entry(o, fwd, &rd[m]);
            if (t < best) { best = t; br = m; }
        }
        if (br < 0 || best > limit) continue;
        gr_vec2 h = gr_v2_add(o, gr_v2_scale(fwd, best));
        if (st->u[d].formation != FOGN_F_SQUARE && fogn_rect_face_at(&rd[br], h) != FOGN_FACE_FRONT) continue;
        if (!gr_terrain_piece_crosses_seg(pc, o, h)) continue;
        if (first < 0) first = q;
        last = q;
        hit_rect = br;
    }
    if (first < 0) return false;
    /* the middle probe: nothing stands between them */
    int mid = (first + last) / 2;
    gr_vec2 o = gr_v2_add(fl, gr_v2_scale(gr_v2_sub(fr, fl), (mid + 0.5) / FOGN_OBS_PROBES));
    double t = INFINITY;
    for (int m = 0; m < nd; m++) t = fmin(t, ray_entry(o, fwd, &rd[m]));
    if (!isfinite(t)) return false;
    gr_vec2 h = gr_v2_add(o, gr_v2_scale(fwd, t));
    for (int q = 0; q < s->nunits; q++) {
        if (q == x || q == d || !fogn_unit_alive(&st->u[q])) continue;
        gr_rect rq[2];
        int n = fogn_unit_rects(&s->units[q], &st->u[q], rq);
        for (int m = 0; m < n; m++) {
            gr_vec2 qc[4];
            gr_rect_corners(&rq[m], qc);
            if (gr_seg_poly_intersect(o, h, qc, 4)) return false;
        }
    }
    memset(c, 0, sizeof *c);
    c->a = x;
    c->b = d;
    c->face_a = FOGN_FACE_FRONT;
    c->face_b = FOGN_FACE_FRONT;
    c->rect_a = 0;
    c->rect_b = hit_rect;
    c->mid = o;
    c->len = rx->w * (last - first + 1) / FOGN_OBS_PROBES;
    c->across = 1 + k;
    c->holder = d;
    return true;
}

bool fogn_obs_contact(const fogn_scenario *s, const fogn_state *st, int i, int j, fogn_contact *c)
{
    return fogn_obs_contact_lines(s, st, i, j, NULL, c);
}

bool fogn_obs_contact_lines(const fogn_scenario *s, const fogn_state *st, int i, int j, fogn_obs_lines *lines,
                            fogn_contact *c)
{
    assert(s && st && c && i >= 0 && i < s->nunits && j >= 0 && j < s->nunits);
    /* (friends, the dead and i == j are turned away by fogn_obs_contact_reach) */
    /* far apart for any obstacle line a scenario may hold: no contact (this
     * runs for every pair not touching, so before anything else) */
    double dx = st->u[i].x - st->u[j].x, dy = st->u[i].y - st->u[j].y;
    const double bound = 2 * FOGN_REACH_MAX + FOGN_OBS_MAX_LINE_WIDTH + FOGN_OBS_ACROSS_GAP + 2 * TOL + 1.0;
    if (dx * dx + dy * dy > bound * bound) return false; /* beyond the largest reaches: no need to work them out */
    return fogn_obs_contact_reach(s, st, i, j, fogn_unit_reach(&s->units[i], &st->u[i]),
                                  fogn_unit_reach(&s->units[j], &st->u[j]), lines, c);
}

static void gather_lines(const fogn_scenario *s, fogn_obs_lines *l)
{
    l->n = 0;
    l->widest = -1;
    for (int k = 0; k < s->terrain.n; k++)
        if (fogn_obs_line(&s->terrain.p[k])) {
            l->k[l->n++] = k;
            if (s->terrain.p[k].width > l->widest) l->widest = s->terrain.p[k].width; /* fmax for these finite widths */
        }
    l->ready = 1;
}

bool fogn_obs_contact_reach(const fogn_scenario *s, const fogn_state *st, int i, int j, double reach_i, double reach_j,
                            fogn_obs_lines *lines, fogn_contact *c)
{
    assert(s && st && c && i >= 0 && i < s->nunits && j >= 0 && j < s->nunits);
    if (i == j || s->units[i].side == s->units[j].side) return false;
    if (!fogn_unit_alive(&st->u[i]) || !fogn_unit_alive(&st->u[j])) return false;
    double dx = st->u[i].x - st->u[j].x, dy = st->u[i].y - st->u[j].y;
    double reach[2] = {reach_i, reach_j};
    double lim = reach[0] + reach[1] + FOGN_OBS_MAX_LINE_WIDTH + FOGN_OBS_ACROSS_GAP + 2 * TOL;
    if (dx * dx + dy * dy > lim * lim) return false;
    /* the obstacle lines, gathered once for both orders below (and for every
     * pair of the caller's loop) */
    fogn_obs_lines own;
    if (!lines) {
        own.ready = 0;
        lines = &own;
    }
    if (!lines->ready) gather_lines(s, lines);
    const int *ln = lines->k, nl = lines->n;
    double widest = lines->widest;
    if (widest < 0) return false;
    assert(widest <= FOGN_OBS_MAX_LINE_WIDTH);
    lim -= FOGN_OBS_MAX_LINE_WIDTH - widest;
    if (dx * dx + dy * dy > lim * lim) return false;
    for (int order = 0; order < 2; order++) {
        int x = order ? j : i, d = order ? i : j;
        if (st->u[x].kink != 0) continue;
        gr_vec2 xfc = gr_v2(st->u[x].x, st->u[x].y);
        gr_rect rx;
        int have_rx = 0;
        for (int q = 0; q < nl; q++) {
            int k = ln[q];
            const gr_terrain_piece *pc = &s->terrain.p[k];
            /* fogn_obs_rect_contact wants x's front edge on the line; the
             * edge lies within x's reach of its centre, so a centre this far
             * off the line settles it without x's footprint */
            double off = pc->width / 2 + TOL + reach[order] + 1e-6;
            /* the line lies in its points' box: a centre that far outside it
             * by more than rounding is that far off the line */
            if (pc->has_box && gr_point_box_dist(pc->box, xfc) > off + FOGN_OBS_BOX_SLACK) continue;
            if (gr_point_polyline_dist(pc->pts, pc->npts, xfc) > off) continue;
            if (!have_rx) {
                rx = fogn_unit_rect(&s->units[x], &st->u[x]);
                have_rx = 1;
            }
            if (!fogn_obs_rect_contact(s, st, x, &rx, d, k, c)) continue;
            if (order) {
                int fa = c->face_a, ra = c->rect_a;
                c->face_a = c->face_b;
                c->rect_a = c->rect_b;
                c->face_b = fa;
                c->rect_b = ra;
            }
            c->a = i;
            c->b = j;
            return true;
        }
    }
    return false;
}

static double touch_gap(const gr_terrain_piece *p, const gr_rect *w, gr_vec2 u, double t)
{
    gr_rect r = *w;
    r.fc = gr_v2_add(w->fc, gr_v2_scale(u, t));
    gr_vec2 c[4];
    gr_rect_corners(&r, c);
    return gr_polyline_poly_dist(p->pts, p->npts, c, 4) - p->width / 2;
}

bool fogn_obs_first_touch(const gr_terrain_piece *p, const gr_rect *w, gr_vec2 u, double tmax, double *t)
{
    assert(p && w && t);
    if (touch_gap(p, w, u, 0) <= 0) {
        *t = 0;
        return true;
    }
    double prev = 0;
    for (double x = FOGN_OBS_SEARCH_STEP;; x += FOGN_OBS_SEARCH_STEP) {
        if (x > tmax) x = tmax;
        if (touch_gap(p, w, u, x) <= 0) {
            double lo = prev, hi = x;
            for (int i = 0; i < BISECT_STEPS; i++) {
                double m = 0.5 * (lo + hi);
                if (touch_gap(p, w, u, m) <= 0) hi = m;
                else lo = m;
            }
            *t = hi;
            return true;
        }
        if (x >= tmax) return false;
        prev = x;
    }
}

bool fogn_obs_front_on_crossing(const fogn_scenario *s, const gr_rect *r)
{
    gr_vec2 fl = gr_rect_corner(r, GR_FL), fr = gr_rect_corner(r, GR_FR);
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *p = &s->terrain.p[k];
        if ((p->type == GR_T_BRIDGE || p->type == GR_T_FORD) && gr_terrain_piece_crosses_seg(p, fl, fr)) return true;
    }
    return false;
}

int fogn_obs_water_levels(const fogn_scenario *s, const fogn_state *st, int i, const int *foes, int nfoes)
{
    int worst = 0;
    const fogn_unit *u = &st->u[i];
    for (int q = 0; q < nfoes; q++) {
        fogn_contact c;
        if (!fogn_unit_contact(s, st, i, foes[q], &c) || !c.across || c.holder == i) continue;
        const gr_terrain_piece *pc = &s->terrain.p[c.across - 1];
        if (!is_water(pc)) continue;
        int lv = pc->grade == GR_WATER_WAIST ? FOGN_OBS_WAIST_LEVELS
               : (pc->grade == GR_WATER_SHOULDER || pc->grade == GR_WATER_TORRENT) ? FOGN_OBS_SHOULDER_LEVELS : 0;
        gr_rect ri = fogn_unit_rect(&s->units[i], u);
        if (fogn_obs_front_on_crossing(s, &ri)) {
            if (u->formation == FOGN_F_COLUMN) lv = 0;
            else if (u->formation == FOGN_F_TACTICAL) lv -= FOGN_OBS_CROSSING_RELIEF;
        }
        if (lv > worst) worst = lv;
    }
    return worst;
}

bool fogn_obs_attacker_across(const fogn_scenario *s, const fogn_state *st, int i, int foe)
{
    fogn_contact c;
    return fogn_unit_contact(s, st, i, foe, &c) && c.across && c.holder == foe;
}

bool fogn_obs_holds(const fogn_scenario *s, const fogn_state *st, int i)
{
    if (!fogn_defends_obstacle(s, st, i)) return false;
    for (int j = 0; j < s->nunits; j++)
        if (s->units[j].side != s->units[i].side && fogn_unit_alive(&st->u[j]) && fogn_obs_attacker_across(s, st, i, j))
            return false;
    return true;
}

static bool on_road(const fogn_scenario *s, gr_vec2 p)
{
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if (pc->type != GR_T_ROAD && pc->type != GR_T_BRIDGE) continue;
        if (gr_point_polyline_dist(pc->pts, pc->npts, p) <= pc->width / 2 + FOGN_ROAD_TOLERANCE) return true;
    }
    return false;
}

bool fogn_obs_reach_on_road(const fogn_scenario *s, const fogn_reach *r)
{
    for (int q = 0; q <= FOGN_OBS_ROAD_SAMPLES; q++) {
        double f = (double)q / FOGN_OBS_ROAD_SAMPLES;
        if (r->pivot >= 0) {
            gr_rect w = gr_rect_wheel(&r->start, r->pivot, r->angle * f);
            if (!on_road(s, w.fc)) return false;
        }
        gr_rect m = fogn_reach_pose(r, r->dist * f);
        if (!on_road(s, m.fc)) return false;
    }
    return true;
}

int fogn_obs_assault_ok(const fogn_scenario *s, const fogn_state *st, int a, int b, const fogn_reach *r, gr_error *err)
{
    assert(s && st && r && r->ok);
    const fogn_unit_profile *p = &s->units[a];
    const fogn_unit *u = &st->u[a];
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    int col = u->formation == FOGN_F_COLUMN, tac = u->formation == FOGN_F_TACTICAL;
    int bridge = r->across && r->crossing && (col || tac);
    if (r->across) {
        const gr_terrain_piece *pc = &s->terrain.p[r->across - 1];
        if (is_water(pc)) {
            int deep = pc->grade == GR_WATER_SHOULDER || pc->grade == GR_WATER_TORRENT;
            if (deep && !bridge)
                return gr_error_set(err, "%s: no assault across %s water but by a bridge or ford, in March Column or "
                                         "Tactical (§6.1, §15.7)", p->name, pc->grade == GR_WATER_TORRENT ? "torrent" : "shoulder-high");
            if (arm == FOGN_ARM_CAV && !bridge && (pc->type == GR_T_RIVER || FOGN_OBS_CAV_STREAMS_TOO))
                return gr_error_set(err, "%s: cavalry may not charge over %s defended by %s (§15.6)", p->name, pc->name,
                                    s->units[b].name);
        }
    }
    if (col) {
        if (bridge && is_water(&s->terrain.p[r->across - 1])) return 0;
        int k = fogn_bld_of(s, st, b);
        if (arm == FOGN_ARM_INF && k >= 0 && s->terrain.p[k].type == GR_T_BUILDING && fogn_obs_reach_on_road(s, r))
            return 0;
        return gr_error_set(err, "%s is in March Column: it assaults only across a bridge or ford, or along a road into "
                                 "buildings (§6.1 item 5, §15.7)", p->name);
    }
    return 0;
}
