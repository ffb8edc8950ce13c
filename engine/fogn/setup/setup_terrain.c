/* setup_terrain.c - Field of Glory Napoleonic: putting the selected terrain
 * on the table (§17.2 step 1, §17.3): the defender's hill and road, rivers
 * and streams with their entry, exit and depth rolls, the other pieces with
 * the placement roll and the opponent's adjustment roll, roads last (with a
 * bridge or ford where one crosses water), then the defender's field works.
 *
 * Where the book lets a player choose (where inside the rolled area, which
 * flank a river takes, how an adjustment is used) a fixed rule or a logged
 * policy die decides; docs/setup.md lists them. Coordinates: `t` is the
 * distance from the placing player's own base edge. */
#include "setup.h"
#include "../rules/internal.h"
#include "../rules/sweep.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EDGE_S = 1, EDGE_N = 2, EDGE_W = 4, EDGE_E = 8, EDGE_ALL = 15 };

/* --- shapes ------------------------------------------------------------------------------- */
/* an octagon w x h centred on c, corners cut by `cut` */
static int octagon(gr_vec2 *out, gr_vec2 c, double w, double h, double cut)
{
    double hx = w / 2, hy = h / 2;
    const gr_vec2 loc[8] = {{-hx + cut, -hy}, {hx - cut, -hy}, {hx, -hy + cut}, {hx, hy - cut},
                            {hx - cut, hy},   {-hx + cut, hy}, {-hx, hy - cut}, {-hx, -hy + cut}};
    for (int i = 0; i < 8; i++) out[i] = gr_v2(c.x + loc[i].x, c.y + loc[i].y);
    return 8;
}

static int box4(gr_vec2 *out, gr_vec2 c, double w, double h)
{
    double hx = w / 2, hy = h / 2;
    out[0] = gr_v2(c.x - hx, c.y - hy);
    out[1] = gr_v2(c.x + hx, c.y - hy);
    out[2] = gr_v2(c.x + hx, c.y + hy);
    out[3] = gr_v2(c.x - hx, c.y + hy);
    return 4;
}

/* half extents of a selection's piece */
static void extents(const fogn_setup_pick *pk, double *hx, double *hy)
{
    if (pk->type == GR_T_BUILDING) {
        *hx = FOGN_SETUP_BUILDING_W / 2;
        *hy = FOGN_SETUP_BUILDING_H / 2;
        return;
    }
    double k = pk->large ? FOGN_SETUP_LARGE_SCALE : 1.0;
    *hx = k * FOGN_SETUP_SMALL_W / 2;
    *hy = k * FOGN_SETUP_SMALL_H / 2;
}

static void make_area(gr_terrain_piece *p, const fogn_setup_pick *pk, gr_vec2 c)
{
    memset(p, 0, sizeof *p);
    p->type = pk->type;
    p->shape = GR_SHAPE_POLYGON;
    if (pk->type == GR_T_BUILDING) {
        p->npts = box4(p->pts, c, FOGN_SETUP_BUILDING_W, FOGN_SETUP_BUILDING_H);
    } else {
        double k = pk->large ? FOGN_SETUP_LARGE_SCALE : 1.0;
        p->npts = octagon(p->pts, c, k * FOGN_SETUP_SMALL_W, k * FOGN_SETUP_SMALL_H, k * FOGN_SETUP_CUT);
    }
}

static void piece_bounds(const gr_terrain_piece *p, double b[4])
{
    double h = p->shape == GR_SHAPE_POLYLINE ? p->width / 2 : 0.0;
    b[0] = b[1] = INFINITY;
    b[2] = b[3] = -INFINITY;
    for (int i = 0; i < p->npts; i++) {
        b[0] = fmin(b[0], p->pts[i].x - h);
        b[1] = fmin(b[1], p->pts[i].y - h);
        b[2] = fmax(b[2], p->pts[i].x + h);
        b[3] = fmax(b[3], p->pts[i].y + h);
    }
}

static bool is_water(const gr_terrain_piece *p) { return p->type == GR_T_RIVER || p->type == GR_T_STREAM; }
static bool is_hill(int type) { return type == GR_T_GENTLE_HILL || type == GR_T_STEEP_HILL; }
/* pieces a road may pass over (§17.2): buildings, hills, water (with a crossing), roads */
static bool road_may_cross(int type) { return type == GR_T_BUILDING || is_hill(type) || type == GR_T_ROAD; }

/* distance between an area piece and another piece (polylines: from their band) */
static double area_dist(const gr_terrain_piece *area, const gr_terrain_piece *q)
{
    if (q->shape == GR_SHAPE_POLYLINE)
        return gr_polyline_poly_dist(q->pts, q->npts, area->pts, area->npts) - q->width / 2;
    return gr_poly_dist(area->pts, area->npts, q->pts, q->npts);
}

/* The least distance the area piece must keep from q: `spacing` applies
 * between areas (buildings keep only the bank gap from buildings), water
 * and crossings are never overlapped, roads only by hills and buildings. */
static double needed_gap(const gr_terrain_piece *p, const gr_terrain_piece *q, double spacing)
{
    if (q->shape == GR_SHAPE_POLYLINE) {
        if (q->type == GR_T_ROAD && (road_may_cross(p->type) && p->type != GR_T_ROAD)) return -INFINITY;
        return FOGN_SETUP_BANK_GAP;
    }
    if (p->type == GR_T_BUILDING && q->type == GR_T_BUILDING) return FOGN_SETUP_BANK_GAP;
    return spacing;
}

/* may the area piece stand where it is? `spacing`: 4 MU when placed, a hair when slid */
static bool area_fits(const fogn_setup *S, const gr_terrain_piece *p, int skip, double spacing)
{
    double b[4];
    piece_bounds(p, b);
    if (b[0] < -GR_EPS || b[1] < -GR_EPS || b[2] > S->table_w + GR_EPS || b[3] > S->table_h + GR_EPS) return false;
    for (int i = 0; i < S->terrain.n; i++) {
        if (i == skip) continue;
        const gr_terrain_piece *q = &S->terrain.p[i];
        double need = needed_gap(p, q, spacing);
        if (need == -INFINITY) continue;
        double c[4];
        piece_bounds(q, c);
        if (fogn_box_dist(b, c) >= need + GR_EPS) continue;
        if (area_dist(p, q) < need) return false;
    }
    return true;
}

/* --- §17.2 step 1: the defender's road and hill --------------------------------------------- */
int fogn_setup_fixed_step(fogn_setup *S, gr_error *err)
{
    int def = S->defender;
    double W = S->table_w, H = S->table_h;
    gr_terrain_piece road;
    memset(&road, 0, sizeof road);
    road.type = GR_T_ROAD;
    road.shape = GR_SHAPE_POLYLINE;
    road.width = FOGN_SETUP_ROAD_W;
    road.npts = 2;
    road.pts[0] = gr_v2(W / 2, fogn_setup_y(S, def, 0));
    road.pts[1] = gr_v2(W / 2, fogn_setup_y(S, def, H));
    fogn_setup_meta m = {.owner = -1, .cat = FOGN_TC_ROAD, .near_edges = EDGE_ALL};
    S->road = fogn_setup_add_piece(S, &road, &m);

    fogn_setup_pick pk = {.cat = FOGN_TC_GENTLE, .type = GR_T_GENTLE_HILL, .owner = (uint8_t)def};
    if (fogn_setup_region_min((fogn_region)S->region, FOGN_TC_GENTLE) == 0 &&
        fogn_setup_region_min((fogn_region)S->region, FOGN_TC_STEEP) > 0) {
        pk.cat = FOGN_TC_STEEP;
        pk.type = GR_T_STEEP_HILL;
    }
    pk.large = FOGN_SETUP_LARGE_HILL_IF_BONUS && S->nbonus > 0;
    int d = fogn_setup_roll(S, def, "side of the road for his hill (policy die, §17.2)");
    if (!d) return gr_error_set(err, "setup: dice: %s", S->dice->fail_msg);
    double hx, hy, off = pk.large ? FOGN_SETUP_HILL_OFF_LARGE : FOGN_SETUP_HILL_OFF_SMALL;
    extents(&pk, &hx, &hy);
    double cx = W / 2 + (d <= 3 ? -off : off), ct = H / 2 - FOGN_SETUP_HILL_BACK - hy;
    gr_terrain_piece hill;
    make_area(&hill, &pk, gr_v2(cx, fogn_setup_y(S, def, ct)));
    fogn_setup_meta hm = {.owner = -1, .cat = pk.cat, .compulsory = 1, .near_edges = 0};
    S->hill = fogn_setup_add_piece(S, &hill, &hm);
    if (S->road < 0 || S->hill < 0) return gr_error_set(err, "setup: no room for the defender's road and hill");
    fogn_setup_note(S, def, "places the straight road at x %.1f and a %s %s %s of it in his centre sector (§17.2)",
                    W / 2, pk.large ? "large" : "small", gr_terrain_type_name((gr_terrain_type)pk.type),
                    d <= 3 ? "west" : "east");
    return 0;
}

/* --- §17.3 one piece ---------------------------------------------------------------------------- */
typedef struct cand {
    double x, t, cost;
    int idx;
} cand;

static int cmp_cand(const void *a, const void *b)
{
    const cand *p = a, *q = b;
    if (p->cost != q->cost) return p->cost < q->cost ? -1 : 1;
    return p->idx - q->idx;
}

/* the edges bits of a side's own and far long edges */
static int own_edge_bit(int side) { return side == 0 ? EDGE_S : EDGE_N; }

static const char *const area_words[7] = {
    "?", "touching the opponent's long edge", "touching his own long edge", "touching a side edge",
    "more than 8 MU from the edges in the opponent's half", "more than 8 MU from the edges in his own half",
    "straddling the centre line"};

/* slides the piece by dy; false (piece unchanged) when it may not end there */
static bool try_slide(fogn_setup *S, int idx, double dy)
{
    gr_terrain_piece moved = S->terrain.p[idx];
    for (int k = 0; k < moved.npts; k++) moved.pts[k].y += dy;
    if (!area_fits(S, &moved, idx, 1e-3)) return false;
    /* not within 4 MU of an edge it could not start near */
    double b[4];
    piece_bounds(&moved, b);
    int ok = S->meta[idx].near_edges;
    double W = S->table_w, H = S->table_h, m = FOGN_SETUP_SLIDE_EDGE;
    if ((!(ok & EDGE_S) && b[1] < m) || (!(ok & EDGE_N) && b[3] > H - m) || (!(ok & EDGE_W) && b[0] < m) ||
        (!(ok & EDGE_E) && b[2] > W - m))
        return false;
    gr_terrain_piece_set_box(&moved);
    S->terrain.p[idx] = moved;
    return true;
}

/* §17.3 adjustment by the other player. His rule (Ruling): he leaves pieces
 * outside his deployment zone, and hills and villages inside it (ground he
 * can hold); anything else in his zone he slides straight away from his own
 * edge as far as the result allows, or removes on 6+. Returns -1 removed. */
static int adjust(fogn_setup *S, int idx, int placer, const fogn_setup_pick *pk, gr_error *err)
{
    int other = !placer;
    bool imp = pk->cat == FOGN_TC_IMPASSABLE;
    gr_terrain_piece *p = &S->terrain.p[idx];
    int d = fogn_setup_roll(S, other, "terrain adjustment of %s (§17.3)", p->name);
    if (!d) {
        gr_error_set(err, "setup: dice: %s", S->dice->fail_msg);
        return -2;
    }
    fogn_adjust a = fogn_setup_adjustment(d, pk->compulsory, imp);
    if (a == FOGN_ADJ_NONE) {
        fogn_setup_note(S, other, "%s: no change allowed", p->name);
        return idx;
    }
    if (!fogn_setup_in_zone(S, other, p) || is_hill(p->type) || p->type == GR_T_BUILDING) {
        fogn_setup_note(S, other, "%s: he leaves it where it is", p->name);
        return idx;
    }
    if (a == FOGN_ADJ_REMOVE) {
        assert(idx == S->terrain.n - 1); /* the piece just placed */
        fogn_setup_note(S, other, "%s: removed from his deployment zone", p->name);
        S->terrain.n--;
        return -1;
    }
    double limit = a == FOGN_ADJ_SLIDE6 ? 6.0 : 12.0, dir = other == 0 ? 1.0 : -1.0;
    for (double dist = limit; dist > GR_EPS; dist -= FOGN_SETUP_GRID)
        if (try_slide(S, idx, dir * dist)) {
            fogn_setup_note(S, other, "%s: slid %.1f MU away from his edge", S->terrain.p[idx].name, dist);
            return idx;
        }
    fogn_setup_note(S, other, "%s: cannot be slid away (no room)", p->name);
    return idx;
}

int fogn_setup_place_piece(fogn_setup *S, int placer, const fogn_setup_pick *pk, gr_error *err)
{
    bool imp = pk->cat == FOGN_TC_IMPASSABLE;
    const char *tn = gr_terrain_type_name((gr_terrain_type)pk->type);
    int d1 = fogn_setup_roll(S, placer, "terrain placement of %s (§17.3)", tn);
    int d2 = d1 ? fogn_setup_roll(S, placer, "where in the area for %s (policy die, §17.3)", tn) : 0;
    if (!d1 || !d2) {
        gr_error_set(err, "setup: dice: %s", S->dice->fail_msg);
        return -2;
    }
    int area = fogn_setup_placement_area(d1, imp);
    double W = S->table_w, H = S->table_h, F = FOGN_SETUP_EDGE_FAR, g = FOGN_SETUP_GRID, hx, hy;
    extents(pk, &hx, &hy);
    double xt = W * (2 * d2 - 1) / 12.0;
    double x_lo = hx, x_hi = W - hx, t_lo = 0, t_hi = 0;
    int near = EDGE_W | EDGE_E;
    bool sides_only = false;
    switch (area) {
    case 1: t_lo = t_hi = H - hy; near |= own_edge_bit(!placer); break;
    case 2: t_lo = t_hi = hy; near |= own_edge_bit(placer); break;
    case 3: t_lo = F + g + hy; t_hi = H - F - g - hy; sides_only = true; break;
    case 4: x_lo = F + g + hx; x_hi = W - F - g - hx; t_lo = H / 2 + hy; t_hi = H - F - g - hy; near = 0; break;
    case 5: x_lo = F + g + hx; x_hi = W - F - g - hx; t_lo = F + g + hy; t_hi = H / 2 - hy; near = 0; break;
    default: t_lo = H / 2 + FOGN_SETUP_STRADDLE - hy; t_hi = H / 2 - FOGN_SETUP_STRADDLE + hy; break;
    }
    int nx = x_hi >= x_lo ? (int)floor((x_hi - x_lo) / g + 1e-9) + 1 : 0;
    int nt = t_hi >= t_lo ? (int)floor((t_hi - t_lo) / g + 1e-9) + 1 : 0;
    if (sides_only) nx = 2;
    cand *c = malloc(sizeof *c * (size_t)(nx > 0 && nt > 0 ? nx * nt : 1));
    if (!c) {
        gr_error_set(err, "setup: out of memory");
        return -2;
    }
    int n = 0;
    double tpref = (t_lo + t_hi) / 2;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < nt; j++) {
            double x = sides_only ? (i == 0 ? hx : W - hx) : x_lo + i * g, t = t_lo + j * g;
            c[n] = (cand){x, t, fabs(x - xt) + fabs(t - tpref), n};
            n++;
        }
    qsort(c, (size_t)n, sizeof *c, cmp_cand);
    gr_terrain_piece p;
    int found = -1;
    for (int i = 0; i < n && found < 0; i++) {
        make_area(&p, pk, gr_v2(c[i].x, fogn_setup_y(S, placer, c[i].t)));
        if (area_fits(S, &p, -1, FOGN_SETUP_SPACING)) found = i;
    }
    free(c);
    if (found < 0) {
        fogn_setup_note(S, placer, "%s %s: no room %s, discarded", pk->compulsory ? "compulsory" : "optional", tn,
                        area_words[area]);
        return -1;
    }
    fogn_setup_meta m = {.owner = (int8_t)placer, .cat = pk->cat, .compulsory = pk->compulsory,
                         .area = (uint8_t)area, .near_edges = (uint8_t)near};
    int idx = fogn_setup_add_piece(S, &p, &m);
    if (idx < 0) {
        fogn_setup_note(S, placer, "%s: the table holds no more pieces, discarded", tn);
        return -1;
    }
    gr_vec2 ce = gr_poly_centroid(p.pts, p.npts);
    fogn_setup_note(S, placer, "places %s (%s) %s, centre (%.1f, %.1f)", S->terrain.p[idx].name, tn, area_words[area],
                    ce.x, ce.y);
    return adjust(S, idx, placer, pk, err);
}

/* --- §17.3 rivers and streams ------------------------------------------------------------------------ */
int fogn_setup_place_river(fogn_setup *S, int placer, bool stream, gr_error *err)
{
    double W = S->table_w, H = S->table_h, F = FOGN_SETUP_EDGE_FAR;
    const char *what = stream ? "stream" : "river";
    int d1 = fogn_setup_roll(S, placer, "%s entry (§17.3)", what);
    if (!d1) goto dice;
    fogn_river_entry e = fogn_setup_river_entry(d1);
    if (e == FOGN_RIVER_DISCARDED) {
        fogn_setup_note(S, placer, "the %s is discarded (§17.3)", what);
        return -1;
    }
    int d2 = fogn_setup_roll(S, placer, "%s exit (§17.3)", what);
    if (!d2) goto dice;
    int half = fogn_setup_river_exit(d2);
    int d3 = fogn_setup_roll(S, placer, "flank for the %s (policy die, §17.3)", what);
    if (!d3) goto dice;
    bool west = d3 <= 3;
    /* entry: the middle of the flank sector's allowed stretch; exit: the middle
     * of the allowed stretch of that half's side edge (Ruling) */
    double xe = (F + W / 3) / 2;
    if (!west) xe = W - xe;
    double te = e == FOGN_RIVER_OPP_EDGE ? H : 0.0;
    double tx = half == 0 ? (H / 2 + (H - F)) / 2 : (F + H / 2) / 2;
    double tb = (te + tx) / 2;
    gr_terrain_piece p;
    memset(&p, 0, sizeof p);
    p.type = stream ? GR_T_STREAM : GR_T_RIVER;
    p.shape = GR_SHAPE_POLYLINE;
    p.width = stream ? FOGN_SETUP_STREAM_W : FOGN_SETUP_RIVER_W;
    p.npts = 3;
    p.pts[0] = gr_v2(xe, fogn_setup_y(S, placer, te));
    p.pts[1] = gr_v2(xe, fogn_setup_y(S, placer, tb));
    p.pts[2] = gr_v2(west ? 0.0 : W, fogn_setup_y(S, placer, tx));
    int d4 = fogn_setup_roll(S, !placer, "%s depth (§17.3)", what);
    if (!d4) goto dice;
    p.grade = (unsigned char)fogn_setup_water_depth(d4, stream && p.width < 1.0, S->region == FOGN_REG_EGYPT);
    fogn_setup_meta m = {.owner = (int8_t)placer, .cat = FOGN_TC_WATER, .near_edges = EDGE_ALL};
    int idx = fogn_setup_add_piece(S, &p, &m);
    if (idx < 0) return gr_error_set(err, "setup: no room for the %s", what), -2;
    static const char *const depth[] = {"ankle deep", "waist high", "shoulder high", "a surging torrent", "dried up"};
    fogn_setup_note(S, placer, "%s enters on %s edge in the %s flank, leaves by the %s edge in %s half: %s",
                    S->terrain.p[idx].name, e == FOGN_RIVER_OPP_EDGE ? "the opponent's" : "his own", west ? "west" : "east",
                    west ? "west" : "east", half == 0 ? "the opponent's" : "his own", depth[p.grade]);
    return idx;
dice:
    gr_error_set(err, "setup: dice: %s", S->dice->fail_msg);
    return -2;
}

/* --- §17.2/§17.3 roads -------------------------------------------------------------------------------- */
static bool on_edge(const fogn_setup *S, gr_vec2 p)
{
    return fabs(p.x) < 1e-6 || fabs(p.y) < 1e-6 || fabs(p.x - S->table_w) < 1e-6 || fabs(p.y - S->table_h) < 1e-6;
}

/* the crossing of segment a-b with segment c-d, if any */
static bool seg_cross(gr_vec2 a, gr_vec2 b, gr_vec2 c, gr_vec2 d, gr_vec2 *at)
{
    gr_vec2 r = gr_v2_sub(b, a), s = gr_v2_sub(d, c);
    double den = gr_v2_cross(r, s);
    if (fabs(den) < 1e-12) return false;
    gr_vec2 ca = gr_v2_sub(c, a);
    double t = gr_v2_cross(ca, s) / den, u = gr_v2_cross(ca, r) / den;
    if (t < 0 || t > 1 || u < 0 || u > 1) return false;
    *at = gr_v2_add(a, gr_v2_scale(r, t));
    return true;
}

typedef struct road_plan {
    int water;              /* piece crossed, -1 none */
    gr_vec2 at, a, b;       /* crossing point; the crossing piece's ends */
} road_plan;

/* may a road run from a to b (§17.2)? fills the crossing */
static bool road_ok(const fogn_setup *S, gr_vec2 a, gr_vec2 b, road_plan *plan)
{
    double hw = FOGN_SETUP_ROAD_W / 2;
    plan->water = -1;
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *q = &S->terrain.p[i];
        if (q->type != GR_T_ROAD) continue;
        for (int k = 0; k < q->npts && on_edge(S, a); k++)
            if (on_edge(S, q->pts[k]) && gr_v2_dist(q->pts[k], a) < FOGN_SETUP_ROAD_EDGE_APART) return false;
    }
    gr_vec2 seg[2] = {a, b};
    gr_vec2 u = gr_v2_norm(gr_v2_sub(b, a));
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *q = &S->terrain.p[i];
        if (road_may_cross(q->type)) continue;
        if (q->shape == GR_SHAPE_POLYGON) {
            if (gr_polyline_poly_dist(seg, 2, q->pts, q->npts) < hw + FOGN_SETUP_BANK_GAP) return false;
            continue;
        }
        if (!is_water(q)) { /* bridges and fords */
            if (gr_seg_seg_dist(a, b, q->pts[0], q->pts[q->npts - 1]) < hw + q->width / 2 + FOGN_SETUP_BANK_GAP)
                return false;
            continue;
        }
        /* water: at most one crossing, square enough, clear of the bend and the edges */
        if (gr_point_polyline_dist(q->pts, q->npts, a) < q->width / 2 + hw + 1.0 ||
            gr_point_polyline_dist(q->pts, q->npts, b) < q->width / 2 + hw + 1.0)
            return false;
        int hits = 0;
        for (int k = 0; k + 1 < q->npts; k++) {
            gr_vec2 at;
            if (!seg_cross(a, b, q->pts[k], q->pts[k + 1], &at)) continue;
            if (++hits > 1 || plan->water >= 0) return false;
            gr_vec2 v = gr_v2_norm(gr_v2_sub(q->pts[k + 1], q->pts[k]));
            double sn = fabs(gr_v2_cross(u, v));
            if (sn < sin(GR_PI / 4)) return false;
            for (int j = 1; j + 1 < q->npts; j++)
                if (gr_v2_dist(at, q->pts[j]) < FOGN_SETUP_CROSS_APART + q->width) return false;
            double len = q->width / sn + FOGN_SETUP_ROAD_W;
            plan->a = gr_v2_sub(at, gr_v2_scale(u, len / 2));
            plan->b = gr_v2_add(at, gr_v2_scale(u, len / 2));
            double m = 1e-6;
            if (plan->a.x < m || plan->b.x < m || plan->a.y < m || plan->b.y < m || plan->a.x > S->table_w - m ||
                plan->b.x > S->table_w - m || plan->a.y > S->table_h - m || plan->b.y > S->table_h - m)
                return false;
            plan->water = i;
            plan->at = at;
        }
        for (int k = 0; hits == 0 && k + 1 < q->npts; k++)
            if (gr_seg_seg_dist(a, b, q->pts[k], q->pts[k + 1]) < q->width / 2 + hw + FOGN_SETUP_BANK_GAP) return false;
    }
    return true;
}

/* does a road touch the building? */
static bool served(const fogn_setup *S, const gr_terrain_piece *bld)
{
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *q = &S->terrain.p[i];
        if (q->type == GR_T_ROAD && gr_polyline_poly_dist(q->pts, q->npts, bld->pts, bld->npts) <= q->width / 2 + 0.05)
            return true;
    }
    return false;
}

typedef struct road_cand {
    gr_vec2 a, b;
    double len;
    int tier, idx;
} road_cand;

static int cmp_road(const void *x, const void *y)
{
    const road_cand *p = x, *q = y;
    if (p->tier != q->tier) return p->tier - q->tier;
    if (p->len != q->len) return p->len < q->len ? -1 : 1;
    return p->idx - q->idx;
}

#define ROAD_MAX_TARGETS 64

/* points along the roads already down, 2 MU apart, 4 MU clear of their ends */
static int road_points(const fogn_setup *S, gr_vec2 *out, int max)
{
    int n = 0;
    for (int i = 0; i < S->terrain.n; i++) {
        const gr_terrain_piece *q = &S->terrain.p[i];
        if (q->type != GR_T_ROAD) continue;
        for (int k = 0; k + 1 < q->npts; k++) {
            double len = gr_v2_dist(q->pts[k], q->pts[k + 1]);
            gr_vec2 u = gr_v2_norm(gr_v2_sub(q->pts[k + 1], q->pts[k]));
            for (double s = 4.0; s <= len - 4.0 && n < max; s += 2.0) out[n++] = gr_v2_add(q->pts[k], gr_v2_scale(u, s));
        }
    }
    return n;
}

/* Ruling §17.2: a road runs straight. While a village has no road, the new
 * road serves it: from the nearest legal point of a road already down if it
 * can, else from a table edge; otherwise it runs from a table edge to the
 * nearest legal village or point of a road. The shortest legal course wins
 * (from an edge at least FOGN_SETUP_ROAD_MIN_EDGE_LEN long). */
int fogn_setup_place_road(fogn_setup *S, int placer, gr_error *err)
{
    double W = S->table_w, H = S->table_h;
    gr_vec2 tg[ROAD_MAX_TARGETS], rp[ROAD_MAX_TARGETS];
    int nt = 0, nrp = road_points(S, rp, ROAD_MAX_TARGETS);
    for (int i = 0; i < S->terrain.n && nt < ROAD_MAX_TARGETS; i++)
        if (S->terrain.p[i].type == GR_T_BUILDING && !served(S, &S->terrain.p[i]))
            tg[nt++] = gr_poly_centroid(S->terrain.p[i].pts, S->terrain.p[i].npts);
    bool unserved = nt > 0;
    if (!unserved) {
        for (int i = 0; i < S->terrain.n && nt < ROAD_MAX_TARGETS; i++)
            if (S->terrain.p[i].type == GR_T_BUILDING)
                tg[nt++] = gr_poly_centroid(S->terrain.p[i].pts, S->terrain.p[i].npts);
        for (int i = 0; i < nrp && nt < ROAD_MAX_TARGETS; i++) tg[nt++] = rp[i];
    }
    int ns = 2 * ((int)W - 1) + 2 * ((int)H - 1), cap = (ns + nrp) * (nt > 0 ? nt : 1);
    road_cand *c = malloc(sizeof *c * (size_t)cap);
    if (!c) return gr_error_set(err, "setup: out of memory"), -2;
    int n = 0;
    for (int t = 0; t < nt; t++) {
        for (int k = 0; unserved && k < nrp && n < cap; k++) {
            double len = gr_v2_dist(rp[k], tg[t]);
            if (len <= W && len >= 2.0) c[n] = (road_cand){rp[k], tg[t], len, 0, n}, n++;
        }
        for (int e = 0; e < 4; e++) {
            int steps = e < 2 ? (int)W - 1 : (int)H - 1;
            for (int k = 1; k <= steps && n < cap; k++) {
                gr_vec2 a = e == 0 ? gr_v2(k, 0) : e == 1 ? gr_v2(k, H) : e == 2 ? gr_v2(0, k) : gr_v2(W, k);
                double len = gr_v2_dist(a, tg[t]);
                if (len <= W && len >= FOGN_SETUP_ROAD_MIN_EDGE_LEN) c[n] = (road_cand){a, tg[t], len, 1, n}, n++;
            }
        }
    }
    qsort(c, (size_t)n, sizeof *c, cmp_road);
    road_plan plan = {.water = -1};
    int found = -1;
    for (int i = 0; i < n && found < 0; i++)
        if (road_ok(S, c[i].a, c[i].b, &plan)) found = i;
    if (found < 0) {
        free(c);
        fogn_setup_note(S, placer, "road: no legal course (§17.2), discarded");
        return -1;
    }
    gr_terrain_piece r;
    memset(&r, 0, sizeof r);
    r.type = GR_T_ROAD;
    r.shape = GR_SHAPE_POLYLINE;
    r.width = FOGN_SETUP_ROAD_W;
    r.npts = 2;
    r.pts[0] = c[found].a;
    r.pts[1] = c[found].b;
    free(c);
    fogn_setup_meta m = {.owner = (int8_t)placer, .cat = FOGN_TC_ROAD, .near_edges = EDGE_ALL};
    int idx = fogn_setup_add_piece(S, &r, &m);
    if (idx < 0) {
        fogn_setup_note(S, placer, "road: the table holds no more pieces, discarded");
        return -1;
    }
    fogn_setup_note(S, placer, "places %s from (%.1f, %.1f) to %s at (%.1f, %.1f)", S->terrain.p[idx].name, r.pts[0].x,
                    r.pts[0].y, unserved ? "a village" : "a village or road", r.pts[1].x, r.pts[1].y);
    if (plan.water >= 0) {
        bool river = S->terrain.p[plan.water].type == GR_T_RIVER;
        gr_terrain_piece x;
        memset(&x, 0, sizeof x);
        x.type = river ? GR_T_BRIDGE : GR_T_FORD;
        x.shape = GR_SHAPE_POLYLINE;
        x.width = river ? FOGN_SETUP_BRIDGE_W : FOGN_SETUP_FORD_W;
        x.grade = GR_WATER_ANKLE;
        x.npts = 2;
        x.pts[0] = plan.a;
        x.pts[1] = plan.b;
        fogn_setup_meta xm = {.owner = (int8_t)placer, .cat = FOGN_TC_COUNT, .near_edges = EDGE_ALL};
        int xi = fogn_setup_add_piece(S, &x, &xm);
        if (xi < 0) { /* no crossing, no road */
            S->terrain.n = idx;
            fogn_setup_note(S, placer, "road: no room for its crossing, discarded");
            return -1;
        }
        fogn_setup_note(S, placer, "%s carries it over %s at (%.1f, %.1f)", S->terrain.p[xi].name,
                        S->terrain.p[plan.water].name, plan.at.x, plan.at.y);
    }
    return idx;
}

/* --- §15.5 field works ------------------------------------------------------------------------------ */
static int place_fieldworks(fogn_setup *S, gr_error *err)
{
    (void)err;
    int def = S->defender;
    if (S->army[S->attacker].nfw > 0)
        fogn_setup_note(S, S->attacker, "his %d field works stay unused: only the defender places them (§15.5)",
                        S->army[S->attacker].nfw);
    double W = S->table_w, g = FOGN_SETUP_GRID, F = FOGN_SETUP_EDGE_FAR, zone = fogn_setup_zone_depth(S, def);
    for (int k = 0; k < S->army[def].nfw; k++) {
        bool large = S->army[def].fw[k] >= 3;
        double w = large ? FOGN_SETUP_FW_LARGE_W : FOGN_SETUP_FW_SMALL_W, h = large ? FOGN_SETUP_FW_LARGE_H : FOGN_SETUP_FW_SMALL_H;
        double best = INFINITY;
        gr_terrain_piece p, bp;
        memset(&p, 0, sizeof p);
        memset(&bp, 0, sizeof bp);
        p.type = GR_T_FORTIFICATION;
        p.shape = GR_SHAPE_POLYGON;
        p.npts = 4;
        for (double x = W / 3 + w / 2; x <= 2 * W / 3 - w / 2 + 1e-9; x += g)
            for (double t = F + h / 2; t <= zone - h / 2 + 1e-9; t += g) {
                double cost = fabs(x - W / 2) + fabs(t - (F + zone) / 2);
                if (cost >= best) continue;
                box4(p.pts, gr_v2(x, fogn_setup_y(S, def, t)), w, h);
                if (!area_fits(S, &p, -1, FOGN_SETUP_BANK_GAP)) continue;
                best = cost;
                bp = p;
            }
        if (best == INFINITY) {
            fogn_setup_note(S, def, "field works %d: no room in his centre sector", k + 1);
            continue;
        }
        /* §15.5: the open rear faces the defender's own edge (box4: edge 0 south, edge 2 north) */
        bp.grade = fogn_setup_y(S, def, 0) < S->table_h / 2 ? 0 : 2;
        fogn_setup_meta m = {.owner = (int8_t)def, .cat = FOGN_TC_COUNT};
        int idx = fogn_setup_add_piece(S, &bp, &m);
        if (idx >= 0) {
            gr_vec2 c = gr_poly_centroid(bp.pts, bp.npts);
            fogn_setup_note(S, def, "places %s (%s field works) at (%.1f, %.1f) (§15.5)", S->terrain.p[idx].name,
                            large ? "large" : "small", c.x, c.y);
        }
    }
    return 0;
}

/* --- the order of §17.3 ------------------------------------------------------------------------------- */
int fogn_setup_place_step(fogn_setup *S, gr_error *err)
{
    /* 1: rivers and streams */
    for (int i = 0; i < S->npicks; i++) {
        const fogn_setup_pick *pk = &S->picks[i];
        if (pk->cat == FOGN_TC_WATER && fogn_setup_place_river(S, pk->owner, pk->type == GR_T_STREAM, err) == -2)
            return -1;
    }
    /* 2: the other pieces but roads, alternately, defender first, compulsory first */
    for (int comp = 1; comp >= 0; comp--) {
        int next[2] = {0, 0}, turn = S->defender;
        for (;;) {
            int pick[2] = {-1, -1};
            for (int s = 0; s < 2; s++)
                for (int i = next[s]; i < S->npicks && pick[s] < 0; i++) {
                    const fogn_setup_pick *pk = &S->picks[i];
                    if (pk->owner == s && pk->compulsory == comp && pk->cat != FOGN_TC_WATER && pk->cat != FOGN_TC_ROAD)
                        pick[s] = i;
                }
            if (pick[0] < 0 && pick[1] < 0) break;
            if (pick[turn] < 0) turn = !turn;
            if (fogn_setup_place_piece(S, turn, &S->picks[pick[turn]], err) == -2) return -1;
            next[turn] = pick[turn] + 1;
            turn = !turn;
        }
    }
    /* 3: roads, defender first */
    int next[2] = {0, 0}, turn = S->defender;
    for (;;) {
        int pick[2] = {-1, -1};
        for (int s = 0; s < 2; s++)
            for (int i = next[s]; i < S->npicks && pick[s] < 0; i++)
                if (S->picks[i].owner == s && S->picks[i].cat == FOGN_TC_ROAD) pick[s] = i;
        if (pick[0] < 0 && pick[1] < 0) break;
        if (pick[turn] < 0) turn = !turn;
        if (fogn_setup_place_road(S, turn, err) == -2) return -1;
        next[turn] = pick[turn] + 1;
        turn = !turn;
    }
    /* 4: the defender's field works */
    return place_fieldworks(S, err);
}
