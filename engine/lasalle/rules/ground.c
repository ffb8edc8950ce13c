/* ground.c - the terrain's meaning to Lasalle units (ground.h): rough,
 * impassable, water and its crossings, obstacles, "in" an area, elevation,
 * cover and line of sight. */
#include "ground.h"
#include "engineer_bridge.h"
#include "tables.h"
#include "works.h"

#include <math.h>

/* a footprint is shrunk by this much before asking what it passes through,
 * so that standing flush against a wood's edge is not being in the wood */
#define SHRINK_BW 0.01
/* the grid a footprint is sampled on where it meets water: points this far apart */
#define WATER_STEP_BW 0.2

static gr_rect shrink(const gr_rect *r, double e)
{
    double w = r->w > 4 * e ? r->w - 2 * e : r->w / 2, d = r->d > 4 * e ? r->d - 2 * e : r->d / 2;
    gr_vec2 fc = gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), e));
    return gr_rect_make(fc, r->heading, w, d);
}

static double line_dist(const gr_terrain_piece *p, gr_vec2 q) { return gr_point_polyline_dist(p->pts, p->npts, q); }

/* the point lies on a polyline piece (within half its width) */
static int on_strip(const gr_terrain_piece *p, gr_vec2 q) { return line_dist(p, q) <= p->width / 2 + 1e-9; }

/* the whole footprint keeps to one road [C Roads, p.28; ruling A-28] */
static int on_road(const lasalle_scenario *s, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    gr_vec2 pts[6] = {c[0], c[1], c[2], c[3], gr_rect_centre(r), r->fc};
    for (int k = 0; k < s->terrain.n; k++) {
        if (s->ground_of[k].kind != LASALLE_G_ROAD) continue;
        int all = 1;
        for (int q = 0; q < 6 && all; q++) all = on_strip(&s->terrain.p[k], pts[q]);
        if (all) return 1;
    }
    return 0;
}

/* a water point on a finished pontoon bridge (crossing_at) */
#define ON_PONTOON (-2)

/* the crossing (bridge or ford) a water point stands on, -1 none; with the state `ov` (NULL: the scenario's
 * table), its demolished bridges are gone [H Demolition, p.79] and its pontoons carry [H Bridging, p.79] */
static int crossing_at(const lasalle_scenario *s, const lasalle_state *ov, gr_vec2 q)
{
    if (ov && ov->spans && lasalle_on_pontoon(s, ov, q)) return ON_PONTOON;
    for (int k = 0; k < s->terrain.n; k++) {
        int kind = s->ground_of[k].kind;
        if (ov && (ov->blown >> k & 1)) continue;
        if ((kind == LASALLE_G_BRIDGE || kind == LASALLE_G_FORD) && on_strip(&s->terrain.p[k], q)) return k;
    }
    return -1;
}

/* water piece k under the footprint, point by point: impassable where no
 * crossing carries it, rough in a rough stream or on a ford of impassable
 * water, open on a bridge or on a ford of a rough stream [B Terrain, p.21] */
static int water_meets(const lasalle_scenario *s, const lasalle_state *ov, const gr_rect *r, int k)
{
    const gr_terrain_piece *p = &s->terrain.p[k];
    const lasalle_ground *g = &s->ground_of[k];
    int nx = (int)ceil(r->w / WATER_STEP_BW), ny = (int)ceil(r->d / WATER_STEP_BW), bits = 0;
    gr_vec2 fwd = gr_rect_fwd(r), right = gr_rect_right(r);
    for (int a = 0; a <= nx; a++)
        for (int b = 0; b <= ny; b++) {
            gr_vec2 q = gr_v2_add(r->fc, gr_v2_add(gr_v2_scale(right, -r->w / 2 + r->w * a / nx),
                                                   gr_v2_scale(fwd, -r->d * b / ny)));
            if (!on_strip(p, q)) continue;
            int c = crossing_at(s, ov, q);
            if (c == ON_PONTOON || (c >= 0 && s->ground_of[c].kind == LASALLE_G_BRIDGE)) continue;
            if (c >= 0) bits |= LASALLE_MEETS_WATER | (g->impassable ? LASALLE_MEETS_ROUGH : 0);
            else bits |= g->impassable ? LASALLE_MEETS_IMPASSABLE : LASALLE_MEETS_ROUGH | LASALLE_MEETS_WATER;
        }
    return bits;
}

int lasalle_off_table(const lasalle_scenario *s, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    for (int q = 0; q < 4; q++)
        if (c[q].x < -1e-6 || c[q].y < -1e-6 || c[q].x > s->table_w + 1e-6 || c[q].y > s->table_h + 1e-6) return 1;
    return 0;
}

/* `ov`: the state when its engineers changed the water's crossings; `wk`: the state when it holds works */
static int meets(const lasalle_scenario *s, const lasalle_state *ov, const lasalle_state *wk, const gr_rect *hull,
                 int *piece)
{
    int bits = lasalle_off_table(s, hull) ? LASALLE_MEETS_OFF_TABLE : 0, road = -1;
    gr_rect r = shrink(hull, SHRINK_BW);
    /* the corners and their box once for every piece (gr_terrain_piece_touches_rect would work them out
     * again for each) */
    gr_vec2 rc[4];
    gr_rect_corners(&r, rc);
    double box[4] = {rc[0].x, rc[0].y, rc[0].x, rc[0].y};
    for (int q = 1; q < 4; q++) {
        if (rc[q].x < box[0]) box[0] = rc[q].x;
        if (rc[q].x > box[2]) box[2] = rc[q].x;
        if (rc[q].y < box[1]) box[1] = rc[q].y;
        if (rc[q].y > box[3]) box[3] = rc[q].y;
    }
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (g->kind == LASALLE_G_ROAD || g->kind == LASALLE_G_BRIDGE || g->kind == LASALLE_G_FORD) continue;
        if (!gr_terrain_piece_touches_poly_boxed(p, rc, 4, box)) continue;
        int b = 0;
        if (g->obstacle) b = LASALLE_MEETS_OBSTACLE;
        else if (g->water) b = water_meets(s, ov, &r, k);
        else if (g->impassable) b = LASALLE_MEETS_IMPASSABLE;
        else if (g->kind == LASALLE_G_TOWN) b = LASALLE_MEETS_TOWN;
        else if (g->rough) {
            if (road < 0) road = on_road(s, hull);
            b = road ? 0 : LASALLE_MEETS_ROUGH;
        }
        if (b && piece && !(bits & b)) *piece = k;
        bits |= b;
    }
    if (wk && !(bits & LASALLE_MEETS_OBSTACLE)) { /* the works made in play [H, p.75, p.78] */
        gr_vec2 c[4];
        gr_rect_corners(&r, c);
        int w = lasalle_works_meet_poly(wk, c, 4);
        if (w >= 0) {
            bits |= LASALLE_MEETS_OBSTACLE;
            if (piece) *piece = s->terrain.n + w;
        }
    }
    return bits;
}

int lasalle_meets(const lasalle_scenario *s, const gr_rect *hull, int *piece)
{
    return meets(s, NULL, NULL, hull, piece);
}

int lasalle_meets_st(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull, int *piece)
{
    /* the state is read only when the engineers have changed the table or works were made */
    return meets(s, st && (st->blown || st->spans) ? st : NULL, st && st->nworks ? st : NULL, hull, piece);
}

int lasalle_town_of(const lasalle_scenario *s, const gr_rect *h)
{
    gr_rect r = shrink(h, SHRINK_BW);
    for (int k = 0; k < s->terrain.n; k++)
        if (s->ground_of[k].kind == LASALLE_G_TOWN && s->terrain.p[k].shape == GR_SHAPE_POLYGON &&
            gr_terrain_piece_contains_rect(&s->terrain.p[k], &r))
            return k;
    return -1;
}

int lasalle_touches_obstacle(const lasalle_scenario *s, const gr_rect *hull, int k, double tol)
{
    const gr_terrain_piece *p = &s->terrain.p[k];
    gr_vec2 c[4];
    gr_rect_corners(hull, c);
    return gr_polyline_poly_dist(p->pts, p->npts, c, 4) <= tol;
}

/* base b lies completely inside piece k (a polygon, or a strip of a polyline) */
static int base_inside(const lasalle_scenario *s, const gr_rect *b, int k)
{
    const gr_terrain_piece *p = &s->terrain.p[k];
    if (p->shape == GR_SHAPE_POLYGON) return gr_terrain_piece_contains_rect(p, b);
    gr_vec2 c[4];
    gr_rect_corners(b, c);
    for (int q = 0; q < 4; q++)
        if (!on_strip(p, c[q])) return 0;
    return 1;
}

int lasalle_bases_in_piece(const lasalle_scenario *s, const gr_rect *bases, int nb, int k)
{
    int in = 0;
    for (int i = 0; i < nb; i++) in += base_inside(s, &bases[i], k);
    return nb > 0 && 2 * in >= nb;
}

int lasalle_level_at(const lasalle_scenario *s, gr_vec2 p)
{
    int level = 0;
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        if (g->kind != LASALLE_G_HILL || g->level <= level) continue;
        if (gr_point_in_poly(s->terrain.p[k].pts, s->terrain.p[k].npts, p)) level = g->level;
    }
    return level;
}

int lasalle_unit_level(const lasalle_scenario *s, const gr_rect *bases, int nb)
{
    int lv[8] = {0};
    for (int i = 0; i < nb && i < 8; i++)
        for (int k = 0; k < s->terrain.n; k++)
            if (s->ground_of[k].kind == LASALLE_G_HILL && s->ground_of[k].level > lv[i] &&
                base_inside(s, &bases[i], k))
                lv[i] = s->ground_of[k].level;
    /* the highest level that half or more of the bases reach */
    for (int level = 9; level > 0; level--) {
        int at = 0;
        for (int i = 0; i < nb && i < 8; i++) at += lv[i] >= level;
        if (2 * at >= nb) return level;
    }
    return 0;
}

int lasalle_in_rough(const lasalle_scenario *s, const gr_rect *bases, int nb)
{
    int in = 0;
    for (int i = 0; i < nb; i++) {
        int inside = 0;
        for (int k = 0; k < s->terrain.n && !inside; k++)
            /* a town base is neither open nor rough for fire and combat [G Towns, p.68] */
            inside = s->ground_of[k].rough && !s->ground_of[k].obstacle && s->ground_of[k].kind != LASALLE_G_TOWN &&
                     base_inside(s, &bases[i], k);
        in += inside;
    }
    return nb > 0 && 2 * in >= nb;
}

int lasalle_in_open(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *bases, int nb)
{
    for (int i = 0; i < nb; i++)
        if (lasalle_meets_st(s, st, &bases[i], NULL) & (LASALLE_MEETS_ROUGH | LASALLE_MEETS_TOWN | LASALLE_MEETS_WATER))
            return 0;
    return 1;
}

int lasalle_in_water(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *bases, int nb)
{
    int in = 0;
    for (int i = 0; i < nb; i++) in += (lasalle_meets_st(s, st, &bases[i], NULL) & LASALLE_MEETS_WATER) != 0;
    return nb > 0 && 2 * in >= nb;
}

/* works, walls and towns: the cover an engineer takes away [H Engineering, p.77] */
static int man_made(int kind)
{
    return kind == LASALLE_G_ENTRENCHMENT || kind == LASALLE_G_WALL || kind == LASALLE_G_TOWN;
}

/* the best cover of the pieces, man-made ones left out when `natural_only`; the town bases of `hardened`
 * give hard cover [H Fortification, p.78] */
static int cover_scan(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull, const gr_rect *bases,
                      int nb, const gr_rect *from, int natural_only)
{
    uint64_t hardened = st ? st->hardened : 0;
    int best = st && !natural_only ? lasalle_works_cover(st, hull, from) : LASALLE_COVER_NONE;
    gr_vec2 a = gr_rect_centre(from), b = gr_rect_centre(hull);
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        int cover = (hardened >> k & 1) ? LASALLE_COVER_HARD : g->cover;
        if (cover <= best || (natural_only && man_made(g->kind))) continue;
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (g->obstacle) {
            /* behind it: touching it, and the fire or attack comes across it */
            if (lasalle_touches_obstacle(s, hull, k, LASALLE_CONTACT_EPS) &&
                gr_seg_polyline_intersect(a, b, p->pts, p->npts))
                best = cover;
        } else if (p->shape == GR_SHAPE_POLYGON && lasalle_bases_in_piece(s, bases, nb, k)) {
            best = cover;
        }
    }
    return best;
}

int lasalle_cover_against(const lasalle_scenario *s, const gr_rect *hull, const gr_rect *bases, int nb,
                          const gr_rect *from)
{
    return cover_scan(s, NULL, hull, bases, nb, from, 0);
}

int lasalle_cover_against_st(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull,
                             const gr_rect *bases, int nb, const gr_rect *from)
{
    return cover_scan(s, st, hull, bases, nb, from, 0);
}

int lasalle_natural_cover_against(const lasalle_scenario *s, const gr_rect *hull, const gr_rect *bases, int nb,
                                  const gr_rect *from)
{
    return cover_scan(s, NULL, hull, bases, nb, from, 1);
}

/* the points a sight line may join: corners, front-edge centre and centre */
static void sight_points(const gr_rect *r, gr_vec2 *out)
{
    gr_rect_corners(r, out);
    out[4] = r->fc;
    out[5] = gr_rect_centre(r);
}

/* does the sight line p-q cross piece t? A piece whose box stands clear of the line's box by more than
 * the geometry's tolerance (twice over) cannot, and is not asked */
static int line_meets(const gr_terrain_piece *t, gr_vec2 p, gr_vec2 q, int polygon)
{
    double e = 2 * GR_EPS, box[4] = {fmin(p.x, q.x) - e, fmin(p.y, q.y) - e, fmax(p.x, q.x) + e, fmax(p.y, q.y) + e};
    if (!gr_terrain_piece_near_box(t, box)) return 0;
    return polygon ? gr_seg_poly_intersect(p, q, t->pts, t->npts) : gr_seg_polyline_intersect(p, q, t->pts, t->npts);
}

/* at_edge[k]: the viewer or the target touches piece k (worked out once for all the sight lines) */
static int segment_clear(const lasalle_scenario *s, gr_vec2 p, gr_vec2 q, const unsigned char *at_edge)
{
    int top = lasalle_level_at(s, p), lq = lasalle_level_at(s, q);
    if (lq > top) top = lq;
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        const gr_terrain_piece *t = &s->terrain.p[k];
        if (g->kind == LASALLE_G_HILL) {
            /* a crest between them: a hill higher than both ends */
            if (g->level > top && line_meets(t, p, q, 1)) return 0;
            continue;
        }
        if (!g->obstructs) continue;
        /* the viewer or the target at its edge (touching or in it) sees past it [D, p.49] */
        if (at_edge[k]) continue;
        if (line_meets(t, p, q, t->shape == GR_SHAPE_POLYGON)) return 0;
    }
    return 1;
}

int lasalle_visible(const lasalle_scenario *s, const gr_rect *a, const gr_rect *b)
{
    gr_vec2 pa[6], pb[6];
    unsigned char at_edge[GR_TERRAIN_MAX];
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *t = &s->terrain.p[k];
        at_edge[k] = s->ground_of[k].obstructs && s->ground_of[k].kind != LASALLE_G_HILL &&
                     (gr_terrain_piece_touches_rect(t, a) || gr_terrain_piece_touches_rect(t, b));
    }
    sight_points(a, pa);
    sight_points(b, pb);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            if (segment_clear(s, pa[i], pb[j], at_edge)) return 1;
    return 0;
}
