/* building.c - garrisons of built-up areas (§15.4) and field works (§15.5):
 * the areas' boxes and faces, who holds what, the orders that enter, change
 * and leave an area (checked, then carried out with their CMT), the rear
 * support of defenders, storming in, and the split fire of guns in a field
 * work. See building.h for the rulings. */
#include "building.h"
#include "contact.h"
#include "cmt.h"
#include "footprint.h"
#include "move.h"
#include "movetable.h"
#include "orders.h"
#include "../../core/words.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const mode_names[] = {"none", "occupy", "defend"};
static const char *const face_names[FOGN_BLD_FACES] = {"front", "right", "rear", "left"};

static fogn_arm arm_of(const fogn_scenario *s, int i) { return fogn_troop_arm((fogn_troop)s->units[i].troop); }

/* --- areas and their boxes --------------------------------------------------------------------------- */

bool fogn_bld_piece(const fogn_scenario *s, int k)
{
    if (k < 0 || k >= s->terrain.n) return false;
    int t = s->terrain.p[k].type;
    return t == GR_T_BUILDING || t == GR_T_FORTIFICATION;
}

/* the box's axes: e along it, n toward its front face */
static void box_axes(const gr_terrain_piece *p, gr_vec2 *e, gr_vec2 *n)
{
    assert(p->npts >= 3);
    int k = 0;
    if (p->type == GR_T_FORTIFICATION) {
        k = p->grade < p->npts ? p->grade : 0; /* the open rear edge */
    } else {
        double best = -1;
        for (int i = 0; i < p->npts; i++) {
            double l = gr_v2_dist(p->pts[i], p->pts[(i + 1) % p->npts]);
            if (l > best + 1e-9) { best = l; k = i; }
        }
    }
    gr_vec2 a = p->pts[k], b = p->pts[(k + 1) % p->npts];
    *e = gr_v2_norm(gr_v2_sub(b, a));
    *n = gr_v2(-e->y, e->x);
    if (p->type == GR_T_FORTIFICATION) {
        /* the front lies away from the open rear, toward the work's middle */
        gr_vec2 c = gr_poly_centroid(p->pts, p->npts);
        if (gr_v2_dot(gr_v2_sub(c, a), *n) < 0) *n = gr_v2_scale(*n, -1);
    } else if (n->y < -1e-12 || (fabs(n->y) <= 1e-12 && n->x < 0)) {
        *n = gr_v2_scale(*n, -1); /* a building's front faces north (or east): any fixed choice */
    }
}

static gr_rect box_worked_out(const gr_terrain_piece *p)
{
    gr_vec2 e, n;
    box_axes(p, &e, &n);
    double u0 = INFINITY, u1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
    for (int i = 0; i < p->npts; i++) {
        double u = gr_v2_dot(p->pts[i], e), v = gr_v2_dot(p->pts[i], n);
        u0 = fmin(u0, u); u1 = fmax(u1, u);
        v0 = fmin(v0, v); v1 = fmax(v1, v);
    }
    gr_vec2 fc = gr_v2_add(gr_v2_scale(e, (u0 + u1) / 2), gr_v2_scale(n, v1));
    return gr_rect_make(fc, atan2(n.y, n.x), u1 - u0, v1 - v0);
}

/* what the box is worked out from besides the points: the kind, the rear
 * edge a field work names, and how many points there are */
static unsigned box_key(const gr_terrain_piece *p)
{
    return (unsigned)p->type | (unsigned)p->grade << 8 | (unsigned)p->npts << 16;
}

gr_rect fogn_bld_box(const gr_terrain_piece *p)
{
    if (p->has_frame && p->frame_key == box_key(p)) return p->frame;
    return box_worked_out(p);
}

void fogn_bld_keep_box(gr_terrain_piece *p)
{
    if (p->type != GR_T_BUILDING && p->type != GR_T_FORTIFICATION) return;
    p->frame = box_worked_out(p);
    p->frame_key = box_key(p);
    p->has_frame = 1;
}

void fogn_bld_face(const gr_terrain_piece *p, int f, double *heading, gr_vec2 *centre, double *len)
{
    assert(f >= 0 && f < FOGN_BLD_FACES);
    gr_rect b = fogn_bld_box(p);
    double h = gr_angle_norm(b.heading - f * (GR_PI / 2));
    double half = (f % 2 == 0) ? b.d / 2 : b.w / 2;
    if (heading) *heading = h;
    if (centre) *centre = gr_v2_add(gr_rect_centre(&b), gr_v2_scale(gr_v2_dir(h), half));
    if (len) *len = (f % 2 == 0) ? b.w : b.d;
}

int fogn_bld_holder(const fogn_scenario *s, const fogn_state *st, int k)
{
    for (int i = 0; i < s->nunits; i++)
        if (st->u[i].bld == k && fogn_unit_alive(&st->u[i])) return i;
    return -1;
}

int fogn_bld_empty_neighbour(const fogn_scenario *s, const fogn_state *st, int k)
{
    if (!fogn_bld_piece(s, k) || s->terrain.p[k].type != GR_T_BUILDING) return -1;
    gr_rect a = fogn_bld_box(&s->terrain.p[k]);
    for (int q = 0; q < s->terrain.n; q++) {
        if (q == k || s->terrain.p[q].type != GR_T_BUILDING || fogn_bld_holder(s, st, q) >= 0) continue;
        gr_rect b = fogn_bld_box(&s->terrain.p[q]);
        if (gr_rect_dist(&a, &b) <= FOGN_R_BLD_VILLAGE_GAP + 1e-9) return q;
    }
    return -1;
}

int fogn_bld_of(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    return u->bld >= 0 && fogn_unit_alive(u) && fogn_bld_piece(s, u->bld) ? u->bld : -1;
}

int fogn_bld_mode_of(const fogn_scenario *s, const fogn_state *st, int i)
{
    return fogn_bld_of(s, st, i) >= 0 ? st->u[i].bmode : FOGN_BLD_NONE;
}

bool fogn_bld_in_building(const fogn_scenario *s, const fogn_state *st, int i)
{
    int k = fogn_bld_of(s, st, i);
    return k >= 0 && s->terrain.p[k].type == GR_T_BUILDING;
}

bool fogn_bld_in_fort(const fogn_scenario *s, const fogn_state *st, int i)
{
    int k = fogn_bld_of(s, st, i);
    return k >= 0 && s->terrain.p[k].type == GR_T_FORTIFICATION;
}

bool fogn_bld_defends(const fogn_scenario *s, const fogn_state *st, int i)
{
    if (fogn_bld_mode_of(s, st, i) != FOGN_BLD_DEFEND || st->u[i].cohesion == FOGN_BROKEN) return false;
    return arm_of(s, i) != FOGN_ARM_CAV;
}

int fogn_bld_measure_rects(const fogn_scenario *s, const fogn_state *st, int i, gr_rect out[2])
{
    if (fogn_bld_in_building(s, st, i)) {
        out[0] = fogn_bld_box(&s->terrain.p[st->u[i].bld]);
        return 1;
    }
    return fogn_unit_rects(&s->units[i], &st->u[i], out);
}

bool fogn_bld_on_perimeter(const fogn_scenario *s, const fogn_state *st, int i)
{
    return FOGN_R_BLD_MET_ON_PERIMETER && st->u[i].bld >= 0 && fogn_bld_in_building(s, st, i);
}

int fogn_bld_meet_rects(const fogn_scenario *s, const fogn_state *st, int i, gr_rect out[2])
{
    int n = fogn_unit_rects(&s->units[i], &st->u[i], out);
    if (!fogn_bld_on_perimeter(s, st, i)) return n;
    /* the box, and the footprint too: a garrison too wide for its building
     * stands partly outside it (a garrison is never a kinked line) */
    assert(n == 1);
    out[1] = out[0];
    out[0] = fogn_bld_box(&s->terrain.p[st->u[i].bld]);
    return 2;
}

double fogn_bld_meet_reach(const fogn_scenario *s, const fogn_state *st, int i)
{
    double reach = fogn_unit_reach(&s->units[i], &st->u[i]);
    if (!fogn_bld_on_perimeter(s, st, i)) return reach;
    gr_rect b = fogn_bld_box(&s->terrain.p[st->u[i].bld]);
    gr_vec2 c[4], fc = gr_v2(st->u[i].x, st->u[i].y);
    gr_rect_corners(&b, c);
    for (int k = 0; k < 4; k++) reach = fmax(reach, gr_v2_dist(c[k], fc) + 1e-9);
    return reach;
}

bool fogn_bld_behind_rear(const fogn_scenario *s, int k, gr_vec2 q)
{
    if (!fogn_bld_piece(s, k) || s->terrain.p[k].type != GR_T_FORTIFICATION) return false;
    double h;
    gr_vec2 c;
    fogn_bld_face(&s->terrain.p[k], FOGN_BLD_FACE_REAR, &h, &c, NULL);
    return gr_v2_dot(gr_v2_sub(q, c), gr_v2_dir(h)) > GR_EPS;
}

bool fogn_bld_rect_inside(const fogn_scenario *s, int k, const gr_rect *r)
{
    const double t = FOGN_R_BLD_INTERIOR_TOL;
    if (r->w <= 2 * t || r->d <= 2 * t) return false;
    gr_vec2 fc = gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), t));
    gr_rect q = *r; /* a heading already normalised keeps its cosine and sine (gr_rect_make would work them out again) */
    if (r->heading > GR_PI || r->heading <= -GR_PI) q = gr_rect_make(fc, r->heading, r->w, r->d);
    q.fc = fc;
    q.w = r->w - 2 * t;
    q.d = r->d - 2 * t;
    return gr_terrain_piece_touches_rect(&s->terrain.p[k], &q);
}

/* does a footprint of n rectangles reach inside piece k? */
static bool rects_inside(const fogn_scenario *s, int k, const gr_rect *r, int n)
{
    for (int q = 0; q < n; q++)
        if (fogn_bld_rect_inside(s, k, &r[q])) return true;
    return false;
}

/* how far (MU) a unit's reach circle must stay off a piece's box to be
 * passed over: far above the GR_EPS within which the exact test counts two
 * shapes as touching */
#define BLD_APART_MARGIN (4 * GR_EPS)

static bool unit_inside(const fogn_scenario *s, int k, const fogn_unit_profile *p, const fogn_unit *u)
{
    /* every part of the footprint lies within the unit's reach of its
     * front-edge centre, and a polygon piece within its points' box: a
     * centre that far off the box cannot reach inside */
    const gr_terrain_piece *pc = &s->terrain.p[k];
    if (pc->has_box && pc->shape == GR_SHAPE_POLYGON &&
        gr_point_box_dist(pc->box, gr_v2(u->x, u->y)) > fogn_unit_reach(p, u) + BLD_APART_MARGIN)
        return false;
    gr_rect r[2];
    int n = fogn_unit_rects(p, u, r);
    return rects_inside(s, k, r, n);
}

void fogn_bld_sync(const fogn_scenario *s, fogn_state *st)
{
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (u->bld < 0) continue;
        int keep = fogn_unit_alive(u) && fogn_bld_piece(s, u->bld);
        if (keep) {
            gr_rect r = fogn_unit_rect(&s->units[i], u);
            const gr_terrain_piece *pc = &s->terrain.p[u->bld];
            keep = gr_point_in_poly(pc->pts, pc->npts, gr_rect_centre(&r));
        }
        if (!keep) {
            u->bld = -1;
            u->bmode = FOGN_BLD_NONE;
            u->bface = 0;
        }
    }
}

int fogn_bld_move_ok(const fogn_scenario *s, const fogn_state *st, int i, const fogn_unit *after, int road_march,
                     gr_error *err)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    if (fogn_bld_of(s, st, i) >= 0)
        return gr_error_set(err, "%s garrisons %s: it moves by the building orders (garrison, leave, enter) (§15.4)",
                            p->name, s->terrain.p[u->bld].name);
    if (!FOGN_R_BLD_ENTER_BY_ORDER) return 0;
    gr_rect ra[2], ru[2]; /* the footprints after and before, each worked out once */
    int na = -1, nu = -1;
    for (int k = 0; k < s->terrain.n; k++) {
        if (!fogn_bld_piece(s, k)) continue;
        if (na < 0) na = fogn_unit_rects(p, after, ra);
        if (!rects_inside(s, k, ra, na)) continue;
        if (nu < 0) nu = fogn_unit_rects(p, u, ru);
        if (rects_inside(s, k, ru, nu)) continue;
        const gr_terrain_piece *pc = &s->terrain.p[k];
        int passing = road_march && (after->formation == FOGN_F_COLUMN || after->formation == FOGN_F_LIMBERED);
        if (pc->type == GR_T_BUILDING && passing && fogn_bld_holder(s, st, k) < 0) continue;
        return gr_error_set(err, "%s would end inside %s: units go into %s by the enter order (§15.4, §15.5)", p->name,
                            pc->name, pc->type == GR_T_BUILDING ? "built-up areas" : "field works");
    }
    return 0;
}

/* --- §15.4 rear support of defenders --------------------------------------------------------------------- */

static double seg_rect_dist(gr_vec2 a, gr_vec2 b, const gr_rect *r)
{
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    if (gr_point_in_rect(r, a)) return 0;
    double d = INFINITY;
    for (int k = 0; k < 4; k++) d = fmin(d, gr_seg_seg_dist(a, b, c[k], c[(k + 1) % 4]));
    return d;
}

bool fogn_bld_rear_supported(const fogn_scenario *s, const fogn_state *st, int i)
{
    if (!fogn_bld_defends(s, st, i)) return false;
    int k = st->u[i].bld;
    const gr_terrain_piece *pc = &s->terrain.p[k];
    gr_rect box = fogn_bld_box(pc);
    int side = s->units[i].side;
    for (int q = 0; q < s->nunits; q++) {
        const fogn_unit *qu = &st->u[q];
        if (q == i || s->units[q].side != side || !fogn_unit_alive(qu) || qu->cohesion >= FOGN_WAVERING) continue;
        if (arm_of(s, q) != FOGN_ARM_INF || qu->bld >= 0) continue;
        if (qu->formation == FOGN_F_SKIRMISH || qu->formation == FOGN_F_SKIRMISH_LINE) continue;
        if (fogn_in_enemy_contact(s, st, q)) continue;
        gr_rect rq = fogn_unit_rect(&s->units[q], qu);
        if (!gr_rect_in_front_corridor(&rq, &box, -1)) continue; /* part of the area straight ahead */
        if (pc->type == GR_T_FORTIFICATION && !fogn_bld_behind_rear(s, k, gr_rect_centre(&rq))) continue;
        gr_vec2 corners[4];
        gr_rect_corners(&rq, corners);
        double d = gr_poly_dist(corners, 4, pc->pts, pc->npts);
        if (d > fogn_allowance(s, &s->units[q], qu, FOGN_MC_OPEN) + GR_EPS) continue;
        /* its way to the nearest point of the area passes no enemy's front within 4 MU */
        gr_vec2 a = rq.fc, b = a;
        double bd = INFINITY;
        for (int e = 0; e < pc->npts; e++) {
            gr_vec2 p0 = pc->pts[e], p1 = pc->pts[(e + 1) % pc->npts], d01 = gr_v2_sub(p1, p0);
            double l2 = gr_v2_dot(d01, d01), t = l2 > 0 ? gr_v2_dot(gr_v2_sub(a, p0), d01) / l2 : 0;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            gr_vec2 c = gr_v2_add(p0, gr_v2_scale(d01, t));
            if (gr_v2_dist(a, c) < bd) { bd = gr_v2_dist(a, c); b = c; }
        }
        gr_vec2 ab = gr_v2_sub(b, a);
        gr_rect path = gr_rect_make(b, atan2(ab.y, ab.x), 0.01, fmax(gr_v2_len(ab), 0.01));
        int clear = 1;
        for (int j = 0; j < s->nunits && clear; j++) {
            if (s->units[j].side == side || !fogn_unit_alive(&st->u[j])) continue;
            gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
            if (seg_rect_dist(a, b, &e) < FOGN_R_BLD_SUPPORT_ENEMY_CLEAR - GR_EPS &&
                gr_rect_in_front_corridor(&e, &path, FOGN_R_BLD_SUPPORT_ENEMY_CLEAR))
                clear = 0;
        }
        if (clear) return true;
    }
    return false;
}

/* --- placing garrisons -------------------------------------------------------------------------------- */

/* the formation a unit takes in an area, or on leaving it */
static int garrison_formation(const fogn_scenario *s, int i, int leaving)
{
    if (arm_of(s, i) == FOGN_ARM_ART) return leaving ? FOGN_F_LIMBERED : FOGN_F_UNLIMBERED;
    return FOGN_F_TACTICAL;
}

/* the unit as it would stand in piece k on face f */
static fogn_unit garrison_pose(const fogn_scenario *s, const fogn_state *st, int i, int k, int f)
{
    fogn_unit a = st->u[i];
    double h;
    gr_vec2 c;
    fogn_bld_face(&s->terrain.p[k], f, &h, &c, NULL);
    a.formation = (uint8_t)garrison_formation(s, i, 0);
    a.x = c.x;
    a.y = c.y;
    fogn_unit_set_heading(&a, h);
    a.kink = 0;
    a.bend = 0;
    return a;
}

/* the unit as it would stand just outside piece k beyond face f, its rear edge on the face */
static fogn_unit leaving_pose(const fogn_scenario *s, const fogn_state *st, int i, int k, int f)
{
    fogn_unit a = st->u[i];
    double h;
    gr_vec2 c;
    fogn_bld_face(&s->terrain.p[k], f, &h, &c, NULL);
    a.formation = (uint8_t)garrison_formation(s, i, 1);
    a.kink = 0;
    a.bend = 0;
    fogn_unit_set_heading(&a, h);
    a.x = c.x;
    a.y = c.y;
    gr_rect r = fogn_unit_rect(&s->units[i], &a);
    gr_vec2 shift = gr_v2_scale(gr_v2_dir(h), r.d);
    a.x += shift.x;
    a.y += shift.y;
    return a;
}

/* may the unit stand there: on the table, on passable ground, clear of every
 * other unit and not touching an enemy? 0 or -1 with the reason */
static int pose_ok(const fogn_scenario *s, const fogn_state *st, int i, const fogn_unit *a, gr_error *err)
{
    const fogn_unit_profile *p = &s->units[i];
    gr_rect r[2];
    int n = fogn_unit_rects(p, a, r);
    for (int q = 0; q < n; q++) {
        if (!fogn_rect_on_table(s, &r[q])) return gr_error_set(err, "%s would not be on the table", p->name);
        int idx[GR_TERRAIN_MAX];
        int nt = gr_terrain_under_rect(&s->terrain, &r[q], idx, GR_TERRAIN_MAX);
        for (int t = 0; t < nt; t++)
            if (fogn_piece_move_class(&s->terrain.p[idx[t]]) == FOGN_MC_IMPASSABLE)
                return gr_error_set(err, "%s would stand on impassable ground (%s)", p->name, s->terrain.p[idx[t]].name);
    }
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect o[2];
        int no = fogn_unit_rects(&s->units[j], &st->u[j], o);
        double d = fogn_rects_dist(r, n, o, no);
        for (int x = 0; x < n; x++)
            for (int y = 0; y < no; y++)
                if (gr_rect_overlap(&r[x], &o[y], 1e-3)) return gr_error_set(err, "no room: %s is in the way", s->units[j].name);
        if (s->units[j].side != p->side && d <= FOGN_CONTACT_TOL)
            return gr_error_set(err, "%s would touch %s: contact is made only by assaults (§8)", p->name, s->units[j].name);
    }
    return 0;
}

/* the face of piece k whose outward normal points most nearly along heading h */
static int face_toward(const fogn_scenario *s, int k, double h)
{
    if (s->terrain.p[k].type == GR_T_FORTIFICATION) return FOGN_BLD_FACE_FRONT;
    int best = 0;
    double bd = INFINITY;
    for (int f = 0; f < FOGN_BLD_FACES; f++) {
        double fh;
        fogn_bld_face(&s->terrain.p[k], f, &fh, NULL, NULL);
        double d = fabs(gr_angle_diff(fh, h));
        if (d < bd - 1e-9) { bd = d; best = f; }
    }
    return best;
}

/* the heading from piece k toward the nearest enemy of unit i (toward the enemy's edge when none) */
static double toward_enemy(const fogn_scenario *s, const fogn_state *st, int i, int k)
{
    gr_rect box = fogn_bld_box(&s->terrain.p[k]);
    gr_vec2 c = gr_rect_centre(&box);
    double bhalf = 0.5 * sqrt(box.w * box.w + box.d * box.d);
    double bd = INFINITY;
    gr_vec2 best = gr_v2(0, s->base_edge[s->units[i].side] == 0 ? 1 : -1);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[i].side || !fogn_unit_alive(&st->u[j])) continue;
        /* farther than the nearest so far: it cannot take its place */
        if (fogn_reach_clearly_apart_from(st, j, fogn_unit_reach(&s->units[j], &st->u[j]), c, bhalf, bd)) continue;
        gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
        double d = gr_rect_dist(&box, &e);
        if (d < bd - 1e-9) {
            bd = d;
            best = gr_v2_sub(gr_rect_centre(&e), c);
        }
    }
    return atan2(best.y, best.x);
}

/* is the unit a March Column with its front-edge centre on a road that runs into piece k? */
static int column_on_road_into(const fogn_scenario *s, const fogn_unit *u, int k)
{
    if (u->formation != FOGN_F_COLUMN) return 0;
    gr_vec2 q = gr_v2(u->x, u->y);
    for (int r = 0; r < s->terrain.n; r++) {
        const gr_terrain_piece *rd = &s->terrain.p[r];
        if (rd->type != GR_T_ROAD) continue;
        if (gr_point_polyline_dist(rd->pts, rd->npts, q) > rd->width / 2 + FOGN_ROAD_TOLERANCE) continue;
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if (gr_polyline_poly_dist(rd->pts, rd->npts, pc->pts, pc->npts) <= GR_EPS) return 1;
    }
    return 0;
}

static int enemy_within(const fogn_scenario *s, const fogn_state *st, int i, double d)
{
    return fogn_enemy_dist(s, st, i, NULL) <= d + 1e-9;
}

/* --- the orders ------------------------------------------------------------------------------------------ */

bool fogn_bld_order(const gr_action *a)
{
    return a->type == FOGN_A_ENTER || a->type == FOGN_A_GARRISON || a->type == FOGN_A_LEAVE;
}

static void set_complex(fogn_bld_plan *plan, const char *why)
{
    if (plan->complex) return;
    plan->complex = 1;
    snprintf(plan->why, sizeof plan->why, "%s", why);
}

static int check_enter(const fogn_scenario *s, const fogn_state *st, int i, int k, int mode, int face,
                       fogn_bld_plan *plan, gr_error *err)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    if (!fogn_bld_piece(s, k)) return gr_error_set(err, "that is not a built-up area or a field work");
    const gr_terrain_piece *pc = &s->terrain.p[k];
    int fort = pc->type == GR_T_FORTIFICATION;
    fogn_arm arm = arm_of(s, i);
    int from = fogn_bld_of(s, st, i);
    if (from == k) return gr_error_set(err, "%s already holds %s", p->name, pc->name);
    if (from >= 0 && (fort || s->terrain.p[from].type != GR_T_BUILDING))
        return gr_error_set(err, "only a building's garrison moves straight to another building (§15.4)");
    if (mode != FOGN_BLD_OCCUPY && mode != FOGN_BLD_DEFEND) return gr_error_set(err, "occupy or defend?");
    if (!fort && arm != FOGN_ARM_INF)
        return gr_error_set(err, "only infantry enter a built-up area; cavalry and artillery only pass through it in "
                                 "March Column along a road (§15.4)");
    if (fort) {
        if (face != FOGN_BLD_FACE_FRONT) return gr_error_set(err, "a field work's garrison stands on its front (§15.5)");
        if (arm == FOGN_ARM_CAV) {
            if (mode != FOGN_BLD_OCCUPY) return gr_error_set(err, "cavalry never defend a field work (§15.5)");
            gr_rect r = fogn_unit_rect(p, u);
            if (!fogn_bld_behind_rear(s, k, gr_rect_centre(&r)))
                return gr_error_set(err, "cavalry enter a field work only from its open rear (§15.5)");
        } else if (FOGN_R_FORT_ALWAYS_DEFEND && mode != FOGN_BLD_DEFEND) {
            return gr_error_set(err, "infantry and artillery in a field work defend it (§15.5)");
        }
    }
    if (u->cohesion == FOGN_BROKEN) return gr_error_set(err, "%s is Broken", p->name);
    int h = fogn_bld_holder(s, st, k);
    if (h >= 0) return gr_error_set(err, "%s is held by %s: one unit per area (§15.4, §23.2 #27)", pc->name, s->units[h].name);
    for (int j = 0; j < s->nunits; j++)
        if (j != i && fogn_unit_alive(&st->u[j]) && unit_inside(s, k, &s->units[j], &st->u[j]))
            return gr_error_set(err, "%s stands in %s", s->units[j].name, pc->name);
    if (fogn_in_enemy_contact(s, st, i)) return gr_error_set(err, "%s is in contact with the enemy", p->name);
    if (from >= 0) {
        const gr_terrain_piece *fp = &s->terrain.p[from];
        double d = gr_poly_dist(fp->pts, fp->npts, pc->pts, pc->npts);
        if (d > FOGN_BLD_SHIFT_RANGE + GR_EPS)
            return gr_error_set(err, "%s is %.1f MU from %s: a garrison moves straight only to a building within %.0f MU (§15.4)",
                                pc->name, d, fp->name, FOGN_BLD_SHIFT_RANGE);
        set_complex(plan, "moving to another building");
    } else {
        gr_rect r[2];
        int n = fogn_unit_rects(p, u, r);
        double d = INFINITY;
        for (int q = 0; q < n; q++) {
            gr_vec2 c[4];
            gr_rect_corners(&r[q], c);
            d = fmin(d, gr_poly_dist(c, 4, pc->pts, pc->npts));
        }
        double allow = fogn_allowance(s, p, u, FOGN_MC_OPEN);
        if (allow < 0 || d > allow + 1e-9)
            return gr_error_set(err, "%s is %.1f MU away, beyond %s%s move of %.4g MU", pc->name, d, p->name,
                                    gr_words_poss(p->name), allow);
    }
    plan->after = garrison_pose(s, st, i, k, face);
    plan->after.bld = (int8_t)k;
    plan->after.bmode = (uint8_t)mode;
    plan->after.bface = (uint8_t)face;
    gr_rect ar = fogn_unit_rect(p, &plan->after);
    if (!gr_point_in_poly(pc->pts, pc->npts, gr_rect_centre(&ar)))
        return gr_error_set(err, "%s is too small for %s", pc->name, p->name);
    if (pose_ok(s, st, i, &plan->after, err)) return -1;
    if (from < 0) {
        /* §5.4: obstacle crossing; Skirmishers simple; a March Column on a road into a building simple */
        int road = !fort && mode == FOGN_BLD_OCCUPY && column_on_road_into(s, u, k);
        if (!fogn_is_skirmisher(p, u) && !road) set_complex(plan, fort ? "entering a field work" : "entering a built-up area");
        if (u->cohesion == FOGN_WAVERING) set_complex(plan, "Wavering unit entering an area");
    }
    return 0;
}

static int check_garrison(const fogn_scenario *s, const fogn_state *st, int i, int mode, int face, fogn_bld_plan *plan,
                          gr_error *err)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    int k = fogn_bld_of(s, st, i);
    if (k < 0) return gr_error_set(err, "%s holds no built-up area", p->name);
    if (s->terrain.p[k].type != GR_T_BUILDING) return gr_error_set(err, "a field work's garrison keeps its place (§15.5)");
    if (mode != FOGN_BLD_OCCUPY && mode != FOGN_BLD_DEFEND) return gr_error_set(err, "occupy or defend?");
    if (mode == u->bmode && face == u->bface) return gr_error_set(err, "%s already %ss %s that way", p->name,
                                                                  mode_names[mode], s->terrain.p[k].name);
    /* §15.4: defenders need a CMT to stop defending; occupiers defend with their whole move, no CMT */
    if (u->bmode == FOGN_BLD_DEFEND && mode == FOGN_BLD_OCCUPY) set_complex(plan, "defenders ceasing to defend");
    if (face != u->bface && FOGN_R_BLD_REFACE_AS_TURN &&
        (enemy_within(s, st, i, FOGN_R_REFORM_ENEMY_NEAR) || u->cohesion == FOGN_WAVERING))
        set_complex(plan, "turning to another face with an enemy within 2 MU");
    plan->after = garrison_pose(s, st, i, k, face);
    plan->after.bmode = (uint8_t)mode;
    plan->after.bface = (uint8_t)face;
    return pose_ok(s, st, i, &plan->after, err) ? -1 : 0;
}

static int check_leave(const fogn_scenario *s, const fogn_state *st, int i, int face, fogn_bld_plan *plan, gr_error *err)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    int k = fogn_bld_of(s, st, i);
    if (k < 0) return gr_error_set(err, "%s holds no area to leave", p->name);
    if (face < 0 || face > FOGN_BLD_LEAVE_ROAD_BACK) return gr_error_set(err, "leave by which face?");
    if (fogn_in_enemy_contact(s, st, i)) return gr_error_set(err, "%s is in contact with the enemy", p->name);
    if (face >= FOGN_BLD_LEAVE_ROAD_FWD) {
        /* §15.4: a garrison may leave along the road in March Column */
        gr_vec2 at;
        double h;
        if (s->terrain.p[k].type != GR_T_BUILDING ||
            fogn_bld_road_exit(s, k, face == FOGN_BLD_LEAVE_ROAD_FWD ? 1 : -1, &at, &h))
            return gr_error_set(err, "no road leaves %s that way (§15.4)", s->terrain.p[k].name);
        plan->after = fogn_bld_road_pose(s, st, i, at, h);
    } else {
        plan->after = leaving_pose(s, st, i, k, face);
    }
    plan->after.bld = -1;
    plan->after.bmode = FOGN_BLD_NONE;
    plan->after.bface = 0;
    if (pose_ok(s, st, i, &plan->after, err)) return -1;
    for (int q = 0; q < s->terrain.n; q++)
        if (fogn_bld_piece(s, q) && unit_inside(s, q, p, &plan->after))
            return gr_error_set(err, "no room: %s would stand in %s", p->name, s->terrain.p[q].name);
    /* §15.4: occupiers leave without a CMT, defenders with one */
    if (u->bmode == FOGN_BLD_DEFEND) set_complex(plan, "defenders leaving their area");
    return 0;
}

int fogn_bld_check(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_bld_plan *plan,
                   gr_error *err)
{
    memset(plan, 0, sizeof *plan);
    int i = a->actor;
    if (i < 0 || i >= s->nunits) return gr_error_set(err, "that order needs a unit");
    if (!fogn_unit_alive(&st->u[i])) return gr_error_set(err, "%s is not on the table", s->units[i].name);
    if (st->turn.second) return gr_error_set(err, "a building order is a unit's whole move, not a second move");
    const fogn_unit *u = &st->u[i];
    if (s->units[i].side != st->active) return gr_error_set(err, "%s belongs to the side not moving", s->units[i].name);
    if (u->flags & (FOGN_UF_NO_MOVE | FOGN_UF_IN_COMBAT | FOGN_UF_STATIONARY | FOGN_UF_MOVED))
        return gr_error_set(err, "%s may not move now (§8.2)", s->units[i].name);
    if (s->units[i].caps & FOGN_CAP_IMMOBILE) return gr_error_set(err, "%s never moves (§2.4)", s->units[i].name);
    plan->after = st->u[i];
    int mode = a->arg & 3, face = (a->arg >> 2) & 3;
    switch (a->type) {
    case FOGN_A_ENTER: return check_enter(s, st, i, a->target, mode, face, plan, err);
    case FOGN_A_GARRISON: return check_garrison(s, st, i, mode, face, plan, err);
    case FOGN_A_LEAVE: return check_leave(s, st, i, a->arg, plan, err);
    default: return gr_error_set(err, "not a building order");
    }
}

int fogn_bld_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                   gr_error *err)
{
    fogn_bld_plan plan;
    if (fogn_bld_check(s, st, a, &plan, err)) return -1;
    int i = a->actor;
    fogn_unit *u = &st->u[i];
    const fogn_unit_profile *p = &s->units[i];
    if (fogn_in_command(s, st, i)) u->flags |= FOGN_UF_CMD_AT_START;
    if (plan.complex) {
        fogn_cmt_cost cost;
        if (fogn_cmt_cost_of(s, st, i, &cost, err)) {
            gr_error_prefix(err, "this is a complex move (%s), but ", plan.why);
            return -1;
        }
        fogn_state before = *st;
        if (cost.cmdr >= 0 && !cost.free) st->c[cost.cmdr].cp = (uint8_t)(st->c[cost.cmdr].cp - cost.cp);
        u->flags |= FOGN_UF_TOOK_CMT;
        int pass = fogn_cmt_roll(s, st, i, cost.led, dice, log, plan.why);
        if (pass < 0) {
            *st = before;
            return gr_error_set(err, "%s", dice && dice->fail_msg[0] ? dice->fail_msg : "the dice failed");
        }
        if (!pass) {
            u->flags |= FOGN_UF_CMT_FAILED;
            return 1;
        }
    }
    int piece = a->type == FOGN_A_LEAVE ? u->bld : plan.after.bld;
    uint32_t flags = u->flags;
    gr_rect to = gr_rect_make(gr_v2(plan.after.x, plan.after.y), plan.after.heading, 0, 0);
    fogn_place_unit(s, st, i, &to);
    u->formation = plan.after.formation;
    u->bld = plan.after.bld;
    u->bmode = plan.after.bmode;
    u->bface = plan.after.bface;
    u->flags = flags | FOGN_UF_MOVED | FOGN_UF_SECOND_DONE;
    const char *what = a->type == FOGN_A_LEAVE ? "leaves" : u->bmode == FOGN_BLD_DEFEND ? "defends" : "occupies";
    gr_log_add(log, GR_EV_MOVE, p->side, "%s %s %s%s%s (%s face)", p->name, what,
               piece >= 0 ? s->terrain.p[piece].name : "?", plan.complex ? ", after a test: " : "",
               plan.complex ? plan.why : "",
               a->type == FOGN_A_LEAVE && a->arg >= FOGN_BLD_LEAVE_ROAD_FWD ? "in March Column along the road, its"
                                                                          : face_names[a->type == FOGN_A_LEAVE ? (a->arg & 3) : u->bface]);
    return 0;
}

/* appends a building order, only a legal one (and affordable) with `check` */
static int add(const fogn_scenario *s, const fogn_state *st, gr_action *out, int n, int max, gr_action a, int check)
{
    if (n >= max) return n;
    if (check) {
        fogn_bld_plan plan;
        if (fogn_bld_check(s, st, &a, &plan, NULL)) return n;
        fogn_cmt_cost cost;
        if (plan.complex && fogn_cmt_cost_of(s, st, a.actor, &cost, NULL)) return n;
    }
    out[n++] = a;
    return n;
}

int fogn_bld_orders(const fogn_scenario *s, const fogn_state *st, int unit, gr_action *out, int max, int check)
{
    int n = 0;
    if (st->turn.second) return 0;
    const fogn_unit *u = &st->u[unit];
    int k = fogn_bld_of(s, st, unit);
    fogn_arm arm = arm_of(s, unit);
    if (k >= 0) {
        int want = face_toward(s, k, toward_enemy(s, st, unit, k));
        if (s->terrain.p[k].type == GR_T_BUILDING) {
            int other = u->bmode == FOGN_BLD_DEFEND ? FOGN_BLD_OCCUPY : FOGN_BLD_DEFEND;
            n = add(s, st, out, n, max, fogn_act(FOGN_A_GARRISON, unit, -1, other + 4 * u->bface), check);
            if (want != u->bface)
                n = add(s, st, out, n, max, fogn_act(FOGN_A_GARRISON, unit, -1, u->bmode + 4 * want), check);
        }
        for (int f = 0; f <= FOGN_BLD_LEAVE_ROAD_BACK; f++) n = add(s, st, out, n, max, fogn_act(FOGN_A_LEAVE, unit, -1, f), check);
    }
    if (k >= 0 && s->terrain.p[k].type != GR_T_BUILDING) return n;
    for (int q = 0; q < s->terrain.n && n < max; q++) {
        if (q == k || !fogn_bld_piece(s, q)) continue;
        int fort = s->terrain.p[q].type == GR_T_FORTIFICATION;
        if (k >= 0 && fort) continue;
        if (!fort && arm != FOGN_ARM_INF) continue;
        if (fogn_bld_holder(s, st, q) >= 0) continue;
        if (fort) {
            int mode = arm == FOGN_ARM_CAV ? FOGN_BLD_OCCUPY : FOGN_BLD_DEFEND;
            n = add(s, st, out, n, max, fogn_act(FOGN_A_ENTER, unit, q, mode), check);
            continue;
        }
        int face = face_toward(s, q, toward_enemy(s, st, unit, q));
        n = add(s, st, out, n, max, fogn_act(FOGN_A_ENTER, unit, q, FOGN_BLD_OCCUPY + 4 * face), check);
        n = add(s, st, out, n, max, fogn_act(FOGN_A_ENTER, unit, q, FOGN_BLD_DEFEND + 4 * face), check);
    }
    return n;
}

int fogn_bld_place(const fogn_scenario *s, fogn_state *st, int i, int k, int mode, int face)
{
    if (!fogn_bld_piece(s, k) || i < 0 || i >= s->nunits || face < 0 || face >= FOGN_BLD_FACES) return -1;
    fogn_unit after = garrison_pose(s, st, i, k, face);
    gr_rect to = gr_rect_make(gr_v2(after.x, after.y), after.heading, 0, 0);
    fogn_place_unit(s, st, i, &to);
    fogn_unit *u = &st->u[i];
    u->formation = after.formation;
    u->bld = (int8_t)k;
    u->bmode = (uint8_t)mode;
    u->bface = (uint8_t)face;
    return 0;
}

int fogn_bld_storm(const fogn_scenario *s, fogn_state *st, int a, int k, gr_log *log)
{
    if (!fogn_bld_piece(s, k) || fogn_bld_holder(s, st, k) >= 0 || arm_of(s, a) != FOGN_ARM_INF) return -1;
    const gr_terrain_piece *pc = &s->terrain.p[k];
    int fort = pc->type == GR_T_FORTIFICATION;
    int first = face_toward(s, k, st->u[a].heading);
    for (int t = 0; t < (fort ? 1 : FOGN_BLD_FACES); t++) {
        int f = (first + t) % FOGN_BLD_FACES;
        fogn_unit after = garrison_pose(s, st, a, k, f);
        if (pose_ok(s, st, a, &after, NULL)) continue;
        fogn_bld_place(s, st, a, k, fort && FOGN_R_FORT_ALWAYS_DEFEND ? FOGN_BLD_DEFEND : FOGN_BLD_OCCUPY, f);
        const fogn_unit *u = &st->u[a];
        gr_log_add(log, GR_EV_MOVE, s->units[a].side, "%s storms into %s and %s it", s->units[a].name, pc->name,
                   u->bmode == FOGN_BLD_DEFEND ? "defends" : "occupies");
        return 0;
    }
    return -1;
}

const char *fogn_bld_mode_name(int mode) { return mode >= 0 && mode <= FOGN_BLD_DEFEND ? mode_names[mode] : "?"; }
const char *fogn_bld_face_name(int face) { return face >= 0 && face < FOGN_BLD_FACES ? face_names[face] : "?"; }

int fogn_bld_mode_from_name(const char *name)
{
    for (int m = FOGN_BLD_OCCUPY; m <= FOGN_BLD_DEFEND; m++)
        if (!strcmp(name, mode_names[m])) return m;
    return -1;
}

int fogn_bld_face_from_name(const char *name)
{
    for (int f = 0; f < FOGN_BLD_FACES; f++)
        if (!strcmp(name, face_names[f])) return f;
    return -1;
}

/* --- fire and combat across the perimeter (§15.4, §15.5) ---------------------------------------------------- */

bool fogn_bld_passing(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    if (!fogn_unit_alive(u) || u->bld >= 0 || (u->formation != FOGN_F_COLUMN && u->formation != FOGN_F_LIMBERED))
        return false;
    for (int k = 0; k < s->terrain.n; k++)
        if (s->terrain.p[k].type == GR_T_BUILDING && unit_inside(s, k, &s->units[i], u)) return true;
    return false;
}

bool fogn_bld_fire_allowed(const fogn_scenario *s, const fogn_state *st, int f, int t)
{
    fogn_arm fa = arm_of(s, f);
    if (fa == FOGN_ARM_ART && fogn_bld_in_building(s, st, f)) return false; /* no guns fire out of buildings */
    if (FOGN_R_BLD_PASSING_OCCUPIES && fogn_bld_passing(s, st, t)) return fa == FOGN_ARM_ART; /* as at occupiers */
    if (!fogn_bld_in_building(s, st, t)) return true;
    if (st->u[t].bmode == FOGN_BLD_OCCUPY) return fa == FOGN_ARM_ART;   /* only artillery at occupiers */
    return fa == FOGN_ARM_ART || fa == FOGN_ARM_INF;                    /* infantry and artillery at defenders */
}

bool fogn_bld_from_rear(const fogn_scenario *s, const fogn_state *st, int f, int t)
{
    if (!fogn_bld_in_fort(s, st, t)) return false;
    /* Ruling: behind the defenders: f's centre lies farther toward the open
     * rear than the garrison's rear edge (outside the work or inside it) */
    double h;
    fogn_bld_face(&s->terrain.p[st->u[t].bld], FOGN_BLD_FACE_REAR, &h, NULL, NULL);
    gr_rect r = fogn_unit_rect(&s->units[f], &st->u[f]), g = fogn_unit_rect(&s->units[t], &st->u[t]);
    return gr_v2_dot(gr_v2_sub(gr_rect_centre(&r), gr_rect_centre(&g)), gr_v2_dir(h)) > g.d / 2 - GR_EPS;
}

void fogn_bld_fire_facts(const fogn_scenario *s, const fogn_state *st, int f, int t, uint8_t *into, uint8_t *from,
                         uint8_t *score, uint8_t *cover)
{
    fogn_arm fa = arm_of(s, f);
    int in_b = fogn_bld_in_building(s, st, t) || (FOGN_R_BLD_PASSING_OCCUPIES && fogn_bld_passing(s, st, t));
    int fort_front = fogn_bld_defends(s, st, t) && fogn_bld_in_fort(s, st, t) && !fogn_bld_from_rear(s, st, f, t);
    int out_b = fa == FOGN_ARM_INF && fogn_bld_defends(s, st, f);
    /* into: any fire into a building; infantry fire at a field work's front */
    *into = (uint8_t)(in_b || (fort_front && fa == FOGN_ARM_INF));
    *from = (uint8_t)out_b;
    /* the building scores: fire into or out of buildings; infantry fire into or out of field works */
    *score = (uint8_t)(in_b || fogn_bld_in_building(s, st, f) || (fa == FOGN_ARM_INF && (fort_front || out_b)));
    *cover = (uint8_t)(in_b || fort_front);
}

bool fogn_bld_all_round(const fogn_scenario *s, const fogn_state *st, int f)
{
    return fogn_bld_in_building(s, st, f) && fogn_bld_defends(s, st, f);
}

bool fogn_bld_front_fight(const fogn_scenario *s, const fogn_state *st, int d, int a)
{
    if (!fogn_bld_defends(s, st, d) || s->units[a].side == s->units[d].side) return false;
    if (fogn_bld_in_building(s, st, d)) return true;
    return !fogn_bld_from_rear(s, st, a, d);
}

/* --- §15.5 split fire ---------------------------------------------------------------------------------------- */

int fogn_fort_split_dice(int dice, int k)
{
    assert(dice >= 0 && k >= 1 && k <= FOGN_FORT_SPLIT_MAX);
    if (k == 1) return dice;
    int up = FOGN_R_FORT_SPLIT_ROUND_HALF_UP ? 1 : 0;
    if (k == 2) return (4 * dice + 3 * up) / 6; /* two thirds, rounded */
    return (dice + up) / 2;                    /* half */
}

int fogn_bld_guns_target(const fogn_scenario *s, const fogn_state *st, int g, const int *t, int n)
{
    gr_rect fb[2];
    fogn_bld_measure_rects(s, st, g, fb);
    int best = -1;
    double bd = INFINITY;
    for (int i = 0; i < n; i++) {
        gr_rect tr = fogn_unit_rect(&s->units[t[i]], &st->u[t[i]]);
        double d = gr_rect_dist(&fb[0], &tr);
        if (d < bd - 1e-9) {
            bd = d;
            best = t[i];
        }
    }
    return best;
}
