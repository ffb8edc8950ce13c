/* view.c - the ground under fogn units and what they can see and shoot:
 * per-base terrain for fire and combat (§7.5, §9.2, §9.5, §15.1), sight
 * lines over hills, woods and buildings (§15.1-§15.2, §22.2 item 8), lines of
 * fire past other units (§7.3), support areas and rear support (§7.5, §9.4),
 * uphill (§15.2), defended obstacles (§15.6, §15.8), Defensive Position
 * (§11.2). Sight is traced with rays from a unit's front-edge centre and
 * front corners to nine points of the other (corners, edge middles, centre). */
#include "view.h"
#include "crest.h"
#include "building.h"
#include "contact.h"
#include "footprint.h"
#include "move.h"
#include "movetable.h"
#include "sweep.h"

#include <math.h>
#include <string.h>

/* --- the ground (§15.1) ------------------------------------------------------------------------------ */

enum { CL_OPEN = 0, CL_ROUGH, CL_COVER, CL_DIFFICULT };

/* how a piece reads for fire and combat: open, rough, cover (open woods:
 * fire as difficult, fight as rough) or difficult */
static int piece_class(const gr_terrain_piece *p)
{
    if (p->shape == GR_SHAPE_POLYLINE) {
        /* a dried river is a gully (rough); roads, banks and walls are no ground of their own */
        return (p->type == GR_T_RIVER && p->grade == GR_WATER_DRY) ? CL_ROUGH : CL_OPEN;
    }
    switch ((gr_terrain_type)p->type) {
    case GR_T_OPEN_WOOD: return CL_COVER;
    case GR_T_DENSE_WOOD:
    case GR_T_MARSH:
    case GR_T_STEEP_HILL: return CL_DIFFICULT;
    case GR_T_FIELDS:
    case GR_T_BRUSH:
    case GR_T_GULLY:
    case GR_T_BUILDING: return CL_ROUGH; /* occupying a built-up area fights and fires as rough (§15.4) */
    default: return CL_OPEN;
    }
}

static bool is_cover_piece(const gr_terrain_piece *p)
{
    /* §15.1: a gully is cover for the troops wholly inside it */
    return p->type == GR_T_OPEN_WOOD || p->type == GR_T_DENSE_WOOD || p->type == GR_T_BUILDING || p->type == GR_T_GULLY;
}

/* can the piece change what fogn_unit_ground says? Roads, streams, rivers
 * with water, hedges, walls, bridges, fords, gentle hills, lakes, rocks and
 * field works are open ground to fire and combat and no cover: the loop
 * below would read them and change nothing */
static bool ground_piece(const gr_terrain_piece *p)
{
    return piece_class(p) != CL_OPEN || p->type == GR_T_SOFT_GROUND || is_cover_piece(p);
}

/* how much wider than the reach circle (MU) the box of a unit's ground
 * candidates is drawn: far above the rounding of its bases' corners */
#define GROUND_BOX_SLACK 1e-6

void fogn_unit_ground(const fogn_scenario *s, const fogn_state *st, int i, fogn_ground *g)
{
    memset(g, 0, sizeof *g);
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    gr_rect b[24];
    int nb = fogn_unit_base_rects(p, u, b, 24);
    int cols, rows;
    fogn_formation_grid(p, (fogn_formation)u->formation, &cols, &rows);
    int worst = CL_OPEN, open_bases = 0, open_front = 0, covered = nb > 0;
    /* every base lies within the unit's reach of its front-edge centre: the
     * ground pieces near that circle's box, gathered once, are the only ones
     * any base can touch */
    double r = fogn_unit_reach(p, u) + GROUND_BOX_SLACK;
    double box[4] = {u->x - r, u->y - r, u->x + r, u->y + r};
    int cand[GR_TERRAIN_MAX];
    int ncand = gr_terrain_near_box_if(&s->terrain, box, ground_piece, cand, GR_TERRAIN_MAX);
    for (int k = 0; k < nb; k++) {
        int idx[GR_TERRAIN_MAX];
        int n = gr_terrain_under_rect_among(&s->terrain, cand, ncand, &b[k], idx, GR_TERRAIN_MAX);
        int cl = CL_OPEN, in_cover = 0;
        for (int q = 0; q < n; q++) {
            const gr_terrain_piece *pc = &s->terrain.p[idx[q]];
            /* §15.4: touching a building's perimeter from outside is not being in it */
            if (pc->type == GR_T_BUILDING && !fogn_bld_rect_inside(s, idx[q], &b[k])) continue;
            int c = piece_class(pc);
            if (c > cl) cl = c;
            if (pc->type == GR_T_SOFT_GROUND) g->soft_ground = 1;
            if (is_cover_piece(pc) && gr_terrain_piece_contains_rect(pc, &b[k])) in_cover = 1;
        }
        if (!in_cover) covered = 0;
        if (cl > worst) worst = cl;
        if (cl == CL_OPEN) {
            open_bases++;
            /* the first `cols` bases listed are the front rank (a Spent unit loses a rear base) */
            if (k < cols) open_front++;
        }
    }
    g->any_rough_or_difficult = worst != CL_OPEN;
    g->in_cover = (uint8_t)covered;
    if (fogn_is_skirmisher(p, u)) return; /* §15.1: no terrain penalty for Skirmishers */
    static const uint8_t fire[4] = {0, 1, 2, 2}, fight[4] = {0, 1, 1, 2};
    g->fire_penalty = fire[worst];
    g->fight_penalty = fight[worst];
    /* §7.5 item 3: a front-rank base and half the bases wholly in the open: only +1 */
    if (g->fire_penalty > 1 && open_front >= 1 && 2 * open_bases >= nb) g->fire_penalty = 1;
}

/* --- sight (§15.1, §15.2) -------------------------------------------------------------------------------- */

/* the nine points of a rectangle that sight is traced to */
static int sample_points(const gr_rect *r, gr_vec2 out[9])
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    for (int k = 0; k < 4; k++) {
        out[k] = c[k];
        out[4 + k] = gr_v2_scale(gr_v2_add(c[k], c[(k + 1) % 4]), 0.5);
    }
    out[8] = gr_rect_centre(r);
    /* pull each point a hair inside so a line ending on an edge counts as reaching it */
    gr_vec2 ctr = out[8];
    for (int k = 0; k < 8; k++) out[k] = gr_v2_add(out[k], gr_v2_scale(gr_v2_sub(ctr, out[k]), 1e-4));
    return 9;
}

bool fogn_unit_touches_piece(const fogn_scenario *s, const fogn_state *st, int i, const gr_terrain_piece *p)
{
    /* the footprint lies within the unit's reach of its front-edge centre (a
     * hair more for rounding): a piece beyond that box needs no footprint */
    const fogn_unit *u = &st->u[i];
    double far = fogn_unit_reach(&s->units[i], u) + 1e-6;
    double box[4] = {u->x - far, u->y - far, u->x + far, u->y + far};
    if (!gr_terrain_piece_near_box(p, box)) return false;
    gr_rect r[2];
    int n = fogn_unit_rects(&s->units[i], &st->u[i], r);
    for (int k = 0; k < n; k++)
        if (gr_terrain_piece_touches_rect(p, &r[k])) return true;
    return false;
}

static bool unit_inside_piece(const fogn_scenario *s, const fogn_state *st, int i, const gr_terrain_piece *p)
{
    gr_rect r[2];
    int n = fogn_unit_rects(&s->units[i], &st->u[i], r);
    for (int k = 0; k < n; k++)
        if (!gr_terrain_piece_contains_rect(p, &r[k])) return false;
    return true;
}

/* What terrain does to the lines between viewer i and unit j, worked out
 * once per pair: the pieces that can stop a line (those neither unit stands
 * in), or that j is hidden whatever the line. A hill blocks a line between
 * two units that both stand off it; with one of them on it the crest decides
 * (crest.c, §15.2); woods and buildings block
 * lines through them unless one of the two stands in that piece; a unit
 * wholly inside woods or buildings is seen only within 6 MU (dense woods
 * 2 MU); rocky outcrops block. */
typedef struct sight_ctx {
    bool hidden;
    int n;
    const gr_terrain_piece *block[GR_TERRAIN_MAX];
} sight_ctx;

/* how far past the units' boxes the lines between them may start (the
 * firer's corners are moved a ten-thousandth off its footprint) */
#define LINES_BOX_MARGIN 1e-3

/* grows box (x0, y0, x1, y1) to hold unit i's footprint: the square of its
 * reach about its front-edge centre, a hair more for rounding */
static void box_add_unit(const fogn_scenario *s, const fogn_state *st, int i, double box[4])
{
    const fogn_unit *u = &st->u[i];
    double far = fogn_unit_reach(&s->units[i], u) + 1e-6;
    box[0] = fmin(box[0], u->x - far);
    box[1] = fmin(box[1], u->y - far);
    box[2] = fmax(box[2], u->x + far);
    box[3] = fmax(box[3], u->y + far);
}

/* grows box by LINES_BOX_MARGIN all round */
static void box_add_margin(double box[4])
{
    for (int q = 0; q < 4; q++) box[q] += q < 2 ? -LINES_BOX_MARGIN : LINES_BOX_MARGIN;
}

/* The sight between units i and j: hills whose crest hides one from the
 * other or whose lines count, and the woods, buildings and rocky ground
 * that stop lines. `box` holds every line asked of it and j's footprint:
 * a piece clear of it crosses no line and does not hold j, so it would
 * stop nothing, whether it touches i (which only leaves a piece out) or
 * not; it is passed over unasked */
static void sight_ctx_init(const fogn_scenario *s, const fogn_state *st, int i, int j, const double box[4],
                           sight_ctx *c)
{
    const gr_terrain *t = &s->terrain;
    c->hidden = false;
    c->n = 0;
    for (int k = 0; k < t->n; k++) {
        const gr_terrain_piece *p = &t->p[k];
        int type = p->type;
        bool hill = type == GR_T_GENTLE_HILL || type == GR_T_STEEP_HILL;
        bool screen = type == GR_T_OPEN_WOOD || type == GR_T_DENSE_WOOD || type == GR_T_BUILDING;
        if (!hill && !screen && type != GR_T_ROCKY) continue;
        if (!hill && !gr_terrain_piece_near_box(p, box)) continue;
        if (hill) { /* the crest decides; whether either unit stands on the hill is its question */
            fogn_hill_sight h = fogn_crest_sight(s, st, i, j, p);
            if (h == FOGN_HILL_HIDDEN) {
                c->hidden = true;
                return;
            }
            if (h == FOGN_HILL_LINES) c->block[c->n++] = p;
            continue;
        }
        bool in_j = fogn_unit_touches_piece(s, st, j, p);
        if (screen && in_j && unit_inside_piece(s, st, j, p)) {
            double lim = type == GR_T_DENSE_WOOD ? FOGN_DENSE_SIGHT : FOGN_COVER_SIGHT;
            if (fogn_units_apart(s, st, i, j) > lim + GR_EPS) {
                c->hidden = true;
                return;
            }
        }
        if (in_j || fogn_unit_touches_piece(s, st, i, p)) continue;
        c->block[c->n++] = p;
    }
}

/* does terrain stop the line a-b? */
static bool terrain_blocks(const sight_ctx *c, gr_vec2 a, gr_vec2 b)
{
    if (c->hidden) return true;
    for (int k = 0; k < c->n; k++)
        if (gr_terrain_piece_crosses_seg(c->block[k], a, b)) return true;
    return false;
}

bool fogn_can_see(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    sight_ctx c;
    double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    box_add_unit(s, st, i, box);
    box_add_unit(s, st, j, box);
    box_add_margin(box);
    sight_ctx_init(s, st, i, j, box, &c);
    if (c.hidden) return false;
    gr_rect ri = fogn_unit_rect(&s->units[i], &st->u[i]), rj = fogn_unit_rect(&s->units[j], &st->u[j]);
    gr_vec2 from[3] = {ri.fc, gr_rect_corner(&ri, GR_FL), gr_rect_corner(&ri, GR_FR)};
    gr_vec2 to[9];
    sample_points(&rj, to);
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 9; b++)
            if (!terrain_blocks(&c, from[a], to[b])) return true;
    return false;
}

/* --- lines of fire (§7.3) -------------------------------------------------------------------------------- */

/* may this unit be shot past at long range by artillery (§7.3)? */
static bool screen_passable(const fogn_scenario *s, const fogn_state *st, int f, int t, int k, double band_d)
{
    if (s->units[k].side == s->units[f].side) return false;
    if (fogn_troop_arm((fogn_troop)s->units[f].troop) != FOGN_ARM_ART || band_d <= FOGN_MEDIUM_RANGE) return false;
    const fogn_unit *u = &st->u[k];
    if (!(u->formation == FOGN_F_SKIRMISH || u->formation == FOGN_F_SKIRMISH_LINE)) return false;
    return fogn_units_apart(s, st, k, f) >= FOGN_SKIRM_SCREEN_CLEAR - GR_EPS &&
           fogn_units_apart(s, st, k, t) >= FOGN_SKIRM_SCREEN_CLEAR - GR_EPS;
}

/* the other units' footprints near the lines from firer f to target t, with
 * whether each may be shot past, gathered once per pair */
typedef struct fire_ctx {
    sight_ctx sight;
    int n;
    int unit[2 * FOGN_MAX_UNITS];
    bool passable[2 * FOGN_MAX_UNITS];
    gr_rect rect[2 * FOGN_MAX_UNITS];
    double reach[2 * FOGN_MAX_UNITS];
    /* each footprint's corners, and those of the footprint drawn in a hair
     * all round (a line that crosses it is stopped by it), worked out by the
     * first line that comes near it and kept for the others */
    bool known[2 * FOGN_MAX_UNITS], inner_ok[2 * FOGN_MAX_UNITS];
    gr_vec2 corner[2 * FOGN_MAX_UNITS][4], inner[2 * FOGN_MAX_UNITS][4];
    /* the footprint that stopped the latest line (-1 none): asked first by
     * the next, which it most often stops too */
    int stopper;
} fire_ctx;

/* how far a footprint is drawn in all round before a line is tested
 * against it: a line that only grazes its edge is not stopped */
#define LINE_INSET 1e-4

/* the corners of footprint q and of the same drawn in by `shrink` all round
 * (none when that leaves nothing) */
static void ctx_corners(fire_ctx *c, int q, double shrink)
{
    if (c->known[q]) return;
    c->known[q] = true;
    const gr_rect *r = &c->rect[q];
    gr_rect_corners(r, c->corner[q]);
    gr_rect in = *r;
    in.w -= 2 * shrink;
    in.d -= 2 * shrink;
    in.fc = gr_v2_sub(in.fc, gr_v2_scale(gr_rect_fwd(r), shrink));
    c->inner_ok[q] = in.w > 0 && in.d > 0;
    if (c->inner_ok[q]) gr_rect_corners(&in, c->inner[q]);
}

static void fire_ctx_init(const fogn_scenario *s, const fogn_state *st, int f, int t, const gr_rect *from,
                          const gr_rect *rt, double band_d, fire_ctx *c)
{
    /* the lines start at the front of `from` and end inside the target's
     * footprint, which the sight asks about whole */
    double box[4];
    fogn_rect_box(from, box);
    box_add_unit(s, st, t, box);
    box_add_margin(box);
    sight_ctx_init(s, st, f, t, box, &c->sight);
    c->n = 0;
    c->stopper = -1;
    if (c->sight.hidden) return;
    /* every line runs from within hf of the firer's front-edge centre to
     * within ht of the target's centre, so it stays within max(hf, ht) of
     * the segment between those two points: units farther than that plus
     * their reach are never near a line */
    gr_vec2 fc = from->fc, tc = gr_rect_centre(rt);
    double hf = 0.5 * sqrt(from->w * from->w + from->d * from->d), ht = 0.5 * sqrt(rt->w * rt->w + rt->d * rt->d);
    double slack = (hf > ht ? hf : ht) + 1e-3;
    for (int k = 0; k < s->nunits; k++) {
        if (k == f || k == t || !fogn_unit_alive(&st->u[k])) continue;
        /* each part's centre lies within the unit's reach rk of its
         * front-edge centre, and each part's reach below is at most rk plus
         * the gap: a unit farther than that from the segment is passed over
         * without building its footprint */
        double rk = fogn_unit_reach(&s->units[k], &st->u[k]);
        if (gr_point_seg_dist(gr_v2(st->u[k].x, st->u[k].y), fc, tc) > 2 * rk + FOGN_GAP_WIDTH + slack + 1e-6) continue;
        gr_rect r[2];
        int n = fogn_unit_rects(&s->units[k], &st->u[k], r);
        int pass = -1;
        for (int q = 0; q < n; q++) {
            double reach = 0.5 * sqrt(r[q].w * r[q].w + r[q].d * r[q].d) + FOGN_GAP_WIDTH;
            if (gr_point_seg_dist(gr_rect_centre(&r[q]), fc, tc) > reach + slack) continue;
            if (pass < 0) pass = screen_passable(s, st, f, t, k, band_d);
            c->unit[c->n] = k;
            c->passable[c->n] = pass;
            c->known[c->n] = false;
            c->rect[c->n] = r[q];
            c->reach[c->n++] = reach;
        }
    }
}

/* does footprint q, which may not be shot past, stop the line a-b? The
 * loop of line_clear asks the same, after the same test of its distance */
static bool ctx_stops(fire_ctx *c, int q, gr_vec2 a, gr_vec2 b)
{
    if (c->passable[q] || gr_point_seg_dist(gr_rect_centre(&c->rect[q]), a, b) > c->reach[q]) return false;
    ctx_corners(c, q, LINE_INSET);
    return c->inner_ok[q] && gr_seg_poly_intersect(a, b, c->inner[q], 4);
}

/* is the line a-b clear of terrain and units? A footprint that stops it
 * makes it not clear wherever it comes in the loop, so the one that stopped
 * the line before is asked first */
static bool line_clear(fire_ctx *c, gr_vec2 a, gr_vec2 b)
{
    if (c->stopper >= 0 && ctx_stops(c, c->stopper, a, b)) return false;
    if (terrain_blocks(&c->sight, a, b)) return false;
    /* units close along either side of the line: a left and a right one
     * nearer each other than 1 BW make a gap too narrow to fire through */
    int near_unit[2 * FOGN_MAX_UNITS], near_side[2 * FOGN_MAX_UNITS], nn = 0;
    const gr_rect *near_rect[2 * FOGN_MAX_UNITS];
    gr_vec2 dir = gr_v2_sub(b, a);
    for (int q = 0; q < c->n; q++) {
        const gr_rect *r = &c->rect[q];
        /* far from the line whatever its orientation: nothing to check */
        gr_vec2 cc = gr_rect_centre(r);
        if (gr_point_seg_dist(cc, a, b) > c->reach[q]) continue;
        ctx_corners(c, q, LINE_INSET);
        if (c->inner_ok[q] && gr_seg_poly_intersect(a, b, c->inner[q], 4)) {
            if (!c->passable[q]) {
                c->stopper = q;
                return false;
            }
            continue;
        }
        const gr_vec2 *k = c->corner[q];
        double d = INFINITY;
        for (int e = 0; e < 4; e++) {
            double x = gr_seg_seg_dist(a, b, k[e], k[(e + 1) % 4]);
            if (x < d) d = x;
        }
        if (d < FOGN_GAP_WIDTH) {
            near_unit[nn] = c->unit[q];
            near_side[nn] = gr_v2_cross(dir, gr_v2_sub(cc, a)) > 0;
            near_rect[nn++] = r;
        }
    }
    for (int x = 0; x < nn; x++)
        for (int y = x + 1; y < nn; y++)
            if (near_side[x] != near_side[y] && near_unit[x] != near_unit[y] &&
                gr_rect_dist(near_rect[x], near_rect[y]) < FOGN_GAP_WIDTH - GR_EPS)
                return false;
    return true;
}

bool fogn_fire_line(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int t, int *both_corners)
{
    gr_rect rt = fogn_unit_rect(&s->units[t], &st->u[t]);
    double band_d = gr_rect_dist(from, &rt);
    fire_ctx c;
    fire_ctx_init(s, st, f, t, from, &rt, band_d, &c);
    if (c.sight.hidden) {
        if (both_corners) *both_corners = 0;
        return false;
    }
    gr_vec2 to[9];
    sample_points(&rt, to);
    /* start a hair ahead of the front edge, off the firer's own footprint */
    gr_vec2 fwd = gr_rect_fwd(from), rgt = gr_rect_right(from);
    gr_vec2 mid = gr_v2_add(from->fc, gr_v2_scale(fwd, 1e-4));
    gr_vec2 cl = gr_v2_add(gr_v2_add(gr_rect_corner(from, GR_FL), gr_v2_scale(fwd, 1e-4)), gr_v2_scale(rgt, 1e-4));
    gr_vec2 cr = gr_v2_add(gr_v2_add(gr_rect_corner(from, GR_FR), gr_v2_scale(fwd, 1e-4)), gr_v2_scale(rgt, -1e-4));
    bool ok = false, l = false, r = false;
    for (int k = 0; k < 9 && !ok; k++) ok = line_clear(&c, mid, to[k]);
    if (!ok) {
        if (both_corners) *both_corners = 0;
        return false;
    }
    if (!both_corners) return true; /* the corners are asked only when the dice are counted */
    for (int k = 0; k < 9 && !l; k++) l = line_clear(&c, cl, to[k]);
    for (int k = 0; k < 9 && !r; k++) r = line_clear(&c, cr, to[k]);
    *both_corners = l && r;
    return true;
}

bool fogn_fires_as_small(const fogn_scenario *s, const fogn_state *st, int f, int t)
{
    const fogn_unit_profile *p = &s->units[f];
    const fogn_unit *u = &st->u[f];
    if (p->size != FOGN_LARGE || fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART) return false;
    int cols, rows;
    fogn_formation_grid(p, (fogn_formation)u->formation, &cols, &rows);
    if (cols < 3 || u->formation == FOGN_F_SQUARE) return false;
    gr_rect b[24];
    int nb = fogn_unit_base_rects(p, u, b, 24);
    if (nb < cols) return false;
    gr_rect rt[2];
    int nt = fogn_unit_rects(&s->units[t], &st->u[t], rt);
    int seen = 0, ends = 0;
    for (int k = 0; k < cols; k++) {
        int ahead = 0;
        for (int q = 0; q < nt; q++) ahead |= gr_rect_in_front_corridor(&b[k], &rt[q], -1);
        if (!ahead) continue;
        seen++;
        if (k == 0 || k == cols - 1) ends++;
    }
    return seen == 1 && ends == 1;
}

bool fogn_fire_from_behind(const fogn_scenario *s, const fogn_state *st, const gr_rect *fr, int t)
{
    const fogn_unit *u = &st->u[t];
    if (u->formation == FOGN_F_SQUARE) return false; /* a Square has no flank */
    gr_rect rt[2];
    int n = fogn_unit_rects(&s->units[t], u, rt);
    for (int k = 0; k < n; k++) {
        if (gr_rect_ahead_of_front(&rt[k], fr->fc) >= 0) return false;
        if (gr_rect_in_front_corridor(&rt[k], fr, -1)) return false;
    }
    return true;
}

bool fogn_enemy_cavalry_near(const fogn_scenario *s, const fogn_state *st, int f, double range)
{
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[f].side || !fogn_unit_alive(&st->u[j]) || st->u[j].cohesion == FOGN_BROKEN) continue;
        if (fogn_troop_arm((fogn_troop)s->units[j].troop) != FOGN_ARM_CAV) continue;
        if (fogn_units_within(s, st, f, j, range + GR_EPS)) return true;
    }
    return false;
}

/* --- support (§7.5, §9.4) -------------------------------------------------------------------------------- */

bool fogn_in_support_area(const fogn_scenario *s, const fogn_state *st, int sup, int e)
{
    gr_rect r = fogn_unit_rect(&s->units[sup], &st->u[sup]);
    /* the strip ahead of its front line, widened by 1 BW each side */
    gr_rect area = gr_rect_make(gr_v2_add(r.fc, gr_v2_scale(gr_rect_fwd(&r), FOGN_SUPPORT_DEPTH)), r.heading,
                                r.w + 2 * FOGN_BW, FOGN_SUPPORT_DEPTH);
    gr_rect re[2];
    int n = fogn_unit_rects(&s->units[e], &st->u[e], re);
    int in_area = 0;
    for (int k = 0; k < n; k++) {
        if (gr_rect_in_front_corridor(&r, &re[k], FOGN_SUPPORT_DEPTH)) return false; /* its own target */
        if (gr_rect_overlap(&area, &re[k], 0) || gr_rect_dist(&area, &re[k]) <= GR_EPS) in_area = 1;
    }
    return in_area;
}

static bool elan_fit(const fogn_unit_profile *supported, const fogn_unit_profile *sup)
{
    /* a Superior or Guard unit is supported only by Average or Superior units */
    bool picky = supported->elan == FOGN_ELAN_SUPERIOR || (supported->caps & FOGN_CAP_GUARD);
    return !picky || sup->elan != FOGN_ELAN_POOR;
}

static bool touching_enemy(const fogn_scenario *s, const fogn_state *st, int i)
{
    for (int j = 0; j < s->nunits; j++)
        if (s->units[j].side != s->units[i].side && fogn_unit_alive(&st->u[j]) &&
            fogn_units_within(s, st, i, j, FOGN_CONTACT_TOL))
            return true;
    return false;
}

int fogn_flank_supporters(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max)
{
    const fogn_unit_profile *p = &s->units[i];
    gr_rect ri = fogn_unit_rect(p, &st->u[i]);
    int foes[FOGN_MAX_UNITS], nf = 0;
    for (int j = 0; j < s->nunits; j++)
        if (s->units[j].side != p->side && fogn_unit_alive(&st->u[j]) && fogn_units_within(s, st, i, j, FOGN_CONTACT_TOL))
            foes[nf++] = j;
    int n = 0, taken[2] = {0, 0};
    for (int k = 0; k < s->nunits && n < max; k++) {
        const fogn_unit_profile *q = &s->units[k];
        const fogn_unit *qu = &st->u[k];
        if (k == i || q->side != p->side || !fogn_unit_alive(qu) || qu->cohesion >= FOGN_WAVERING) continue;
        fogn_arm qa = fogn_troop_arm((fogn_troop)q->troop), pa = fogn_troop_arm((fogn_troop)p->troop);
        if (pa == FOGN_ARM_CAV && qa != FOGN_ARM_CAV) continue; /* infantry and guns never support cavalry */
        /* the distance first: it passes over most units, and looking for
         * enemies touching one costs a look at every enemy */
        if (!elan_fit(p, q) || !fogn_units_within(s, st, i, k, FOGN_FLANK_SUPPORT_RANGE + GR_EPS)) continue;
        if (touching_enemy(s, st, k)) continue;
        int ok = 0;
        for (int f = 0; f < nf && !ok; f++) {
            const fogn_unit *fu = &st->u[foes[f]];
            /* cavalry give no flank dice against a Square or an obstacle's defenders */
            if (qa == FOGN_ARM_CAV && (fu->formation == FOGN_F_SQUARE || fogn_defends_obstacle(s, st, foes[f]))) continue;
            ok = fogn_in_support_area(s, st, k, foes[f]);
        }
        if (!ok) continue;
        gr_rect rk = fogn_unit_rect(q, qu);
        int side = gr_v2_dot(gr_v2_sub(gr_rect_centre(&rk), gr_rect_centre(&ri)), gr_rect_right(&ri)) > 0;
        if (taken[side]) continue;
        taken[side] = 1;
        if (out) out[n] = k;
        n++;
    }
    return n;
}

/* at least part of rectangle b lies behind rectangle a (inside the strip behind its rear edge) */
static bool partly_behind(const gr_rect *a, const gr_rect *b)
{
    gr_rect back = gr_rect_make(gr_v2_sub(a->fc, gr_v2_scale(gr_rect_fwd(a), a->d)), a->heading + GR_PI, a->w, 0);
    return gr_rect_in_front_corridor(&back, b, -1);
}

bool fogn_rear_supported(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    if (p->size == FOGN_LARGE && u->formation == FOGN_F_DEEP) return true; /* its own rear support (§3.1) */
    fogn_arm pa = fogn_troop_arm((fogn_troop)p->troop);
    gr_rect pb[24];
    int npb = fogn_unit_base_rects(p, u, pb, 24);
    gr_rect ri = fogn_unit_rect(p, u);
    for (int k = 0; k < s->nunits; k++) {
        const fogn_unit_profile *q = &s->units[k];
        const fogn_unit *qu = &st->u[k];
        if (k == i || q->side != p->side || !fogn_unit_alive(qu) || qu->cohesion >= FOGN_WAVERING) continue;
        fogn_arm qa = fogn_troop_arm((fogn_troop)q->troop);
        if (pa == FOGN_ARM_CAV ? qa != FOGN_ARM_CAV : qa != FOGN_ARM_INF) continue;
        if (qa == FOGN_ARM_INF && (qu->formation == FOGN_F_SKIRMISH || qu->formation == FOGN_F_SKIRMISH_LINE)) continue;
        if (!elan_fit(p, q)) continue;
        double d = fogn_units_apart(s, st, i, k);
        /* ruling: "could reach its rear in one move" read as within its open-ground move */
        if (d > FOGN_REAR_SUPPORT_RANGE + GR_EPS || d > fogn_allowance(s, q, qu, FOGN_MC_OPEN) + GR_EPS) continue;
        if (touching_enemy(s, st, k)) continue;
        gr_rect rk = fogn_unit_rect(q, qu);
        /* the supported unit at least partly ahead of the supporter's front line */
        gr_vec2 c[4];
        gr_rect_corners(&ri, c);
        int ahead = 0;
        for (int m = 0; m < 4; m++) ahead |= gr_rect_ahead_of_front(&rk, c[m]) > GR_EPS;
        if (!ahead) continue;
        /* at least two of its bases partly behind some base of the supported unit */
        gr_rect qb[24];
        int nqb = fogn_unit_base_rects(q, qu, qb, 24), behind = 0;
        for (int a = 0; a < nqb; a++) {
            int hit = 0;
            for (int b = 0; b < npb && !hit; b++) hit = partly_behind(&pb[b], &qb[a]);
            behind += hit;
        }
        if (behind >= 2) return true;
    }
    return false;
}

/* --- hills (§15.2) ------------------------------------------------------------------------------------------ */

/* the hill a base stands on with its peak behind its front line, or -1 */
static int base_uphill(const fogn_scenario *s, const gr_rect *b)
{
    gr_vec2 c[4];
    gr_rect_corners(b, c);
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (p->type != GR_T_GENTLE_HILL && p->type != GR_T_STEEP_HILL) continue;
        int on = 0;
        for (int q = 0; q < 4; q++) on += gr_point_in_poly(p->pts, p->npts, c[q]);
        if (on < FOGN_UPHILL_CORNERS) continue;
        /* ruling §15.2: the single peak is the hill's centroid */
        gr_vec2 peak = gr_poly_centroid(p->pts, p->npts);
        if (gr_rect_ahead_of_front(b, peak) < 0) return k;
    }
    return -1;
}

int fogn_uphill_of(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    gr_rect bi[24], bj[24];
    int ni = fogn_unit_base_rects(&s->units[i], &st->u[i], bi, 24);
    int nj = fogn_unit_base_rects(&s->units[j], &st->u[j], bj, 24);
    gr_rect rj = fogn_unit_rect(&s->units[j], &st->u[j]), ri = fogn_unit_rect(&s->units[i], &st->u[i]);
    int touching = 0, up = 0;
    for (int k = 0; k < ni; k++) {
        if (gr_rect_dist(&bi[k], &rj) > FOGN_CONTACT_TOL) continue;
        touching++;
        up += base_uphill(s, &bi[k]) >= 0;
    }
    for (int k = 0; k < nj; k++)
        if (gr_rect_dist(&bj[k], &ri) <= FOGN_CONTACT_TOL && base_uphill(s, &bj[k]) >= 0) return 0;
    if (!touching || !up) return 0;
    return up == touching ? 2 : 1;
}

/* --- obstacles (§15.6, §15.8) ------------------------------------------------------------------------------- */

static bool is_obstacle_line(const gr_terrain_piece *p)
{
    if (p->type == GR_T_WALL || p->type == GR_T_HEDGE) return true;
    if (p->type == GR_T_RIVER || p->type == GR_T_STREAM)
        return p->grade != GR_WATER_ANKLE && p->grade != GR_WATER_DRY;
    return false;
}

/* §15.8 (Defended Obstacle): no obstacle counts as defended while an enemy
 * could assault its defenders in flank or rear in its next Assault Phase.
 * Ruling (FOGN_R_OBS_FLANK_THREAT): such an enemy is infantry or cavalry able
 * to declare an assault (not Wavering or Broken, not in Square or March
 * Column, not a kinked line) that starts wholly clear of the defenders' front
 * (the flank-or-rear start of §6.11) within its open-ground move of them;
 * the ground and the units between are not searched, since a full assault
 * reach itself asks whether the obstacle is defended */
static bool flank_threatened(const fogn_scenario *s, const fogn_state *st, int i)
{
    if (!FOGN_R_OBS_FLANK_THREAT) return false;
    for (int e = 0; e < s->nunits; e++) {
        const fogn_unit_profile *q = &s->units[e];
        const fogn_unit *v = &st->u[e];
        if (q->side == s->units[i].side || !fogn_unit_alive(v)) continue;
        if (fogn_troop_arm((fogn_troop)q->troop) == FOGN_ARM_ART || v->cohesion >= FOGN_WAVERING) continue;
        if (v->formation == FOGN_F_SQUARE || v->formation == FOGN_F_COLUMN || v->kink != 0) continue;
        double reach = fogn_allowance(s, q, v, FOGN_MC_OPEN);
        if (fogn_units_clearly_apart(s, st, i, e, reach) || fogn_units_apart(s, st, i, e) > reach + GR_EPS) continue;
        gr_rect start = fogn_unit_rect(q, v);
        if (fogn_flank_rear_start(s, st, &start, i)) return true;
    }
    return false;
}

bool fogn_defends_piece(const fogn_scenario *s, const fogn_state *st, int i, int k)
{
    return fogn_touches_obstacle_piece(s, st, i, k) && !flank_threatened(s, st, i);
}

bool fogn_touches_obstacle_piece(const fogn_scenario *s, const fogn_state *st, int i, int k)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    if (k < 0 || k >= s->terrain.n) return false;
    if (arm == FOGN_ARM_CAV || u->cohesion == FOGN_BROKEN || !fogn_unit_alive(u)) return false;
    gr_rect r = fogn_unit_rect(p, u);
    gr_vec2 fl = gr_rect_corner(&r, GR_FL), fr = gr_rect_corner(&r, GR_FR);
    const gr_terrain_piece *pc = &s->terrain.p[k];
    if (pc->type == GR_T_FORTIFICATION) return gr_terrain_piece_touches_rect(pc, &r);
    if (!is_obstacle_line(pc)) return false;
    double half = pc->width / 2;
    if (pc->type == GR_T_RIVER || pc->type == GR_T_STREAM) {
        /* facing the water: front-edge middle, or both front corners, within 2 MU */
        double dm = gr_point_polyline_dist(pc->pts, pc->npts, r.fc) - half;
        double dl = gr_point_polyline_dist(pc->pts, pc->npts, fl) - half;
        double dr = gr_point_polyline_dist(pc->pts, pc->npts, fr) - half;
        /* facing: a short step forward brings the front nearer the water's centre line */
        gr_vec2 ahead = gr_v2_add(r.fc, gr_v2_scale(gr_rect_fwd(&r), FOGN_BANK_FACING_STEP));
        bool facing = gr_point_polyline_dist(pc->pts, pc->npts, ahead) < gr_point_polyline_dist(pc->pts, pc->npts, r.fc);
        return facing && (dm <= FOGN_BANK_RANGE + GR_EPS || (dl <= FOGN_BANK_RANGE + GR_EPS && dr <= FOGN_BANK_RANGE + GR_EPS));
    }
    /* a wall or hedge: its front edge touching it */
    return gr_seg_polyline_intersect(fl, fr, pc->pts, pc->npts) ||
           gr_point_polyline_dist(pc->pts, pc->npts, r.fc) <= half + FOGN_CONTACT_TOL;
}

bool fogn_defends_obstacle(const fogn_scenario *s, const fogn_state *st, int i)
{
    for (int k = 0; k < s->terrain.n; k++)
        if (fogn_touches_obstacle_piece(s, st, i, k)) return !flank_threatened(s, st, i);
    return false;
}

bool fogn_contact_across_obstacle(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    gr_rect a = fogn_unit_rect(&s->units[i], &st->u[i]), b = fogn_unit_rect(&s->units[j], &st->u[j]);
    gr_vec2 ca = gr_rect_centre(&a), cb = gr_rect_centre(&b);
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if (pc->type == GR_T_FORTIFICATION ? gr_seg_poly_intersect(ca, cb, pc->pts, pc->npts)
                                           : (is_obstacle_line(pc) && gr_terrain_piece_crosses_seg(pc, ca, cb)))
            return true;
    }
    return false;
}

bool fogn_defensive_position(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    if (fogn_defends_obstacle(s, st, i)) return true;
    gr_rect r = fogn_unit_rect(p, u);
    if (fogn_bld_defends(s, st, i)) return true;
    for (int k = 0; k < s->terrain.n; k++)
        if (s->terrain.p[k].type == GR_T_BUILDING && fogn_bld_rect_inside(s, k, &r)) return true;
    /* ruling: "uphill of every enemy" read as every front-rank base on a hill with its peak behind */
    gr_rect b[24];
    int nb = fogn_unit_base_rects(p, u, b, 24);
    int cols, rows;
    fogn_formation_grid(p, (fogn_formation)u->formation, &cols, &rows);
    if (nb < cols) return false;
    for (int k = 0; k < cols; k++)
        if (base_uphill(s, &b[k]) < 0) return false;
    return true;
}
