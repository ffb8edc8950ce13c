/* footprint.c - where a fogn unit's bases stand: the formation grids of §3.1,
 * the unit's footprint rectangle(s) and each base's rectangle. A pose is the
 * front-edge centre plus heading; everything else is derived here. */
#include "footprint.h"
#include "contact.h"

#include <assert.h>
#include <math.h>

static int inf_cav_bases(const fogn_unit_profile *p) { return p->size == FOGN_LARGE ? 6 : 4; }

static int art_bases(const fogn_unit_profile *p)
{
    int n = p->size == FOGN_LARGE ? 3 : 2;
    for (int i = 0; i < 2; i++) {
        fogn_attach a = (fogn_attach)p->attach[i];
        if (a == FOGN_ATT_ARTILLERY || a == FOGN_ATT_HEAVY_ARTILLERY || a == FOGN_ATT_HOWITZER ||
            a == FOGN_ATT_ROCKETS)
            n++;
    }
    return n;
}

int fogn_unit_bases(const fogn_unit_profile *p, const fogn_unit *u)
{
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART) return art_bases(p);
    int n = inf_cav_bases(p) - (u ? u->bases_lost : 0);
    return n < 1 ? 1 : n;
}

/* the grid of bases, the troop type's arm already looked at (art:
 * artillery) */
static void grid_of(const fogn_unit_profile *p, fogn_formation f, int art, int *cols, int *rows)
{
    if (art) {
        *rows = 1;
        *cols = f == FOGN_F_LIMBERED ? 1 : art_bases(p);
        return;
    }
    int n = inf_cav_bases(p);
    switch (f) {
    case FOGN_F_DEEP: *cols = 2; *rows = 3; break;
    case FOGN_F_LINE:
    case FOGN_F_SKIRMISH_LINE: *cols = n; *rows = 1; break;
    case FOGN_F_COLUMN: *cols = 1; *rows = n; break;
    default: *cols = p->size == FOGN_LARGE ? 3 : 2; *rows = 2; break; /* tactical, skirmish, square */
    }
}

/* a base's depth, the troop type's arm already looked at */
static double depth_of(const fogn_unit_profile *p, fogn_formation f, int art)
{
    if (!art) return FOGN_BASE_DEPTH;
    if (f == FOGN_F_LIMBERED)
        return p->size == FOGN_LARGE ? FOGN_LIMBER_DEPTH_LARGE : FOGN_LIMBER_DEPTH_SMALL;
    return FOGN_ART_BASE_DEPTH;
}

static int is_art(const fogn_unit_profile *p) { return fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART; }

void fogn_formation_grid(const fogn_unit_profile *p, fogn_formation f, int *cols, int *rows)
{
    grid_of(p, f, is_art(p), cols, rows);
}

static double base_depth(const fogn_unit_profile *p, fogn_formation f) { return depth_of(p, f, is_art(p)); }

/* The footprint's frontage and depth: the formation's grid times a base's
 * width and its depth, the same products as from fogn_formation_grid and
 * base_depth, with the troop type looked at once. The footprints and
 * reaches of every question about a unit's place come through here. */
static void footprint_size(const fogn_unit_profile *p, fogn_formation f, double *w, double *d)
{
    int art = is_art(p), cols, rows;
    grid_of(p, f, art, &cols, &rows);
    *w = cols * FOGN_BW;
    *d = rows * depth_of(p, f, art);
}

void fogn_unit_set_heading(fogn_unit *u, double heading)
{
    u->heading = heading;
    gr_heading_dir(gr_angle_norm(heading), &u->hc, &u->hs);
}

void fogn_unit_face_as(fogn_unit *u, const gr_rect *r)
{
    double h = gr_angle_norm(r->heading);
    /* a footprint's axes are its heading's (gr_rect_set_heading), so one
     * whose heading needs no bringing into range gives them as they are */
    if (h == r->heading) {
        u->heading = h;
        u->hc = r->hc;
        u->hs = r->hs;
    } else {
        fogn_unit_set_heading(u, h);
    }
}

void fogn_unit_face_like(fogn_unit *u, const fogn_unit *other)
{
    u->heading = other->heading;
    u->hc = other->hc;
    u->hs = other->hs;
}

/* the unit's kept axes are the ones its heading gives (debug builds: a
 * heading changed without fogn_unit_set_heading would leave them behind) */
static void check_axes(const fogn_unit *u)
{
#ifdef GR_DEBUG
    assert(gr_heading_axes_match(u->heading, u->hc, u->hs));
#else
    (void)u;
#endif
}

gr_rect fogn_unit_rect(const fogn_unit_profile *p, const fogn_unit *u)
{
    double w, d;
    footprint_size(p, (fogn_formation)u->formation, &w, &d);
    check_axes(u);
    /* gr_rect_make's rectangle, its sine and cosine read from the unit */
    gr_rect r = {gr_v2(u->x, u->y), gr_angle_norm(u->heading), w, d, u->hc, u->hs};
    return r;
}

double fogn_unit_reach(const fogn_unit_profile *p, const fogn_unit *u)
{
    /* every corner of the footprint (both halves of a kinked line too) is
     * half the frontage across and the depth back from the front-edge centre */
    double w, dd;
    footprint_size(p, (fogn_formation)u->formation, &w, &dd);
    double hw = w / 2.0;
    double r = sqrt(hw * hw + dd * dd); /* not hypot: this runs in every prefilter, and needs no overflow care */
    if (FOGN_BENT_COLUMN(u)) {
        /* the rear part's far corners may lie farther out than the straight
         * column's: measure them */
        gr_rect parts[2];
        fogn_unit_rects(p, u, parts);
        gr_vec2 cs[4];
        gr_rect_corners(&parts[1], cs);
        for (int k = 0; k < 4; k++) {
            double dx = cs[k].x - u->x, dy = cs[k].y - u->y, e = sqrt(dx * dx + dy * dy);
            if (e > r) r = e;
        }
    }
    assert(r <= FOGN_REACH_MAX);
    return r;
}

/* a March Column bent at a turn (§8.4): the head part runs back
 * `bend` from the front edge along the heading; the rear part, the rest of
 * the column, runs back from the middle of the head part's rear edge along
 * its own heading (heading + kink) */
static int bent_column_rects(const gr_rect *r, const fogn_unit *u, gr_rect out[2])
{
    gr_vec2 turn = gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), u->bend));
    out[0] = *r; /* the same heading: its cosine and sine kept */
    out[0].d = u->bend;
    out[1] = gr_rect_make(turn, r->heading + u->kink, r->w, r->d - u->bend);
    return 2;
}

int fogn_unit_rects(const fogn_unit_profile *p, const fogn_unit *u, gr_rect out[2])
{
    gr_rect r = fogn_unit_rect(p, u);
    if (FOGN_BENT_COLUMN(u)) return bent_column_rects(&r, u, out);
    if (u->kink == 0.0 || (u->formation != FOGN_F_LINE && u->formation != FOGN_F_SKIRMISH_LINE)) {
        out[0] = r;
        return 1;
    }
    gr_vec2 pc = gr_v2(u->x, u->y);
    double half = r.w / 2.0;
    gr_vec2 right_l = gr_v2_dir(u->heading - GR_PI / 2);
    gr_vec2 right_r = gr_v2_dir(u->heading + u->kink - GR_PI / 2);
    out[0] = gr_rect_make(gr_v2_sub(pc, gr_v2_scale(right_l, half / 2)), u->heading, half, r.d);
    out[1] = gr_rect_make(gr_v2_add(pc, gr_v2_scale(right_r, half / 2)), u->heading + u->kink, half, r.d);
    return 2;
}

int fogn_unit_base_rects(const fogn_unit_profile *p, const fogn_unit *u, gr_rect *out, int max)
{
    gr_rect halves[2];
    int nh = fogn_unit_rects(p, u, halves);
    int cols, rows;
    fogn_formation_grid(p, (fogn_formation)u->formation, &cols, &rows);
    int total = cols * rows;
    int keep = fogn_unit_bases(p, u);
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART && u->formation == FOGN_F_LIMBERED) keep = 1;
    double bd = base_depth(p, (fogn_formation)u->formation);
    int n = 0;
    /* Spent units lose a base from the rear rank, rightmost first (§2.6). */
    int skip = total - keep;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols && n < max; c++) {
            int idx_from_end = (rows - 1 - r) * cols + (cols - 1 - c);
            if (idx_from_end < skip) continue;
            const gr_rect *h = &halves[0];
            int cc = c, hc = cols;
            if (FOGN_BENT_COLUMN(u)) {
                /* a bent column: each base in the part that holds its centre */
                double along = (r + 0.5) * bd;
                gr_rect part = along <= u->bend ? halves[0] : halves[1];
                double back = along <= u->bend ? along : along - u->bend;
                gr_vec2 centre = gr_v2_sub(part.fc, gr_v2_scale(gr_rect_fwd(&part), back));
                gr_vec2 fc = gr_v2_add(centre, gr_v2_scale(gr_rect_fwd(&part), bd / 2));
                out[n++] = gr_rect_make(fc, part.heading, FOGN_BW, bd);
                continue;
            }
            if (nh == 2) {
                hc = cols / 2;
                if (c >= hc) { h = &halves[1]; cc = c - hc; hc = cols - hc; }
            }
            gr_vec2 fwd = gr_rect_fwd(h), right = gr_rect_right(h);
            double off = (cc + 0.5) * FOGN_BW - hc * FOGN_BW / 2.0;
            gr_vec2 fc = gr_v2_add(h->fc, gr_v2_add(gr_v2_scale(right, off), gr_v2_scale(fwd, -r * bd)));
            double hd = h->heading;
            if (u->formation == FOGN_F_SQUARE && r == rows - 1 && rows > 1) {
                /* the rear rank of a square faces about: its front is the unit's rear */
                fc = gr_v2_add(fc, gr_v2_scale(fwd, -bd));
                hd += GR_PI;
            }
            out[n++] = gr_rect_make(fc, hd, FOGN_BW, bd);
        }
    }
    return n;
}

gr_rect fogn_cmdr_rect(const fogn_cmdr *c)
{
    /* a commander's base is square; its "front" is taken as facing +y */
    return gr_rect_make(gr_v2(c->x, c->y + FOGN_CMDR_BASE / 2), GR_PI / 2, FOGN_CMDR_BASE, FOGN_CMDR_BASE);
}

double fogn_rects_dist(const gr_rect *a, int na, const gr_rect *b, int nb)
{
    double d = INFINITY;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            double x = gr_rect_dist(&a[i], &b[j]);
            if (x < d) d = x;
        }
    return d;
}

double fogn_units_apart(const fogn_scenario *s, const fogn_state *st, int i, int j)
{
    gr_rect a[2], b[2];
    int na = fogn_unit_rects(&s->units[i], &st->u[i], a), nb = fogn_unit_rects(&s->units[j], &st->u[j], b);
    return fogn_rects_dist(a, na, b, nb);
}

bool fogn_reaches_clearly_apart(const fogn_state *st, int i, int j, double ri, double rj, double d)
{
    double dx = st->u[i].x - st->u[j].x, dy = st->u[i].y - st->u[j].y;
    double far = ri + rj + d + 1e-6;
    return far > 0 && dx * dx + dy * dy > far * far;
}

bool fogn_reach_clearly_apart_from(const fogn_state *st, int i, double reach_i, gr_vec2 rc, double rhalf, double d)
{
    double dx = st->u[i].x - rc.x, dy = st->u[i].y - rc.y;
    double far = reach_i + rhalf + d + 1e-6;
    return far > 0 && dx * dx + dy * dy > far * far;
}

bool fogn_unit_clearly_apart_from(const fogn_scenario *s, const fogn_state *st, int i, const gr_rect *r, double d)
{
    return fogn_reach_clearly_apart_from(st, i, fogn_unit_reach(&s->units[i], &st->u[i]), gr_rect_centre(r),
                                         0.5 * sqrt(r->w * r->w + r->d * r->d), d);
}

bool fogn_units_clearly_apart(const fogn_scenario *s, const fogn_state *st, int i, int j, double d)
{
    return fogn_reaches_clearly_apart(st, i, j, fogn_unit_reach(&s->units[i], &st->u[i]),
                                      fogn_unit_reach(&s->units[j], &st->u[j]), d);
}

bool fogn_units_within(const fogn_scenario *s, const fogn_state *st, int i, int j, double d)
{
    if (fogn_units_clearly_apart(s, st, i, j, d)) return false;
    return fogn_units_apart(s, st, i, j) <= d;
}

int fogn_front_faces(const fogn_unit_profile *p, const fogn_unit *u, gr_rect out[FOGN_FRONT_FACES_MAX])
{
    if (!(FOGN_SQUARE_ALL_FRONT && u->formation == FOGN_F_SQUARE)) return fogn_unit_rects(p, u, out);
    gr_rect r = fogn_unit_rect(p, u);
    gr_vec2 fwd = gr_rect_fwd(&r), right = gr_v2_dir(r.heading - GR_PI / 2);
    gr_vec2 centre = gr_v2_sub(r.fc, gr_v2_scale(fwd, r.d / 2));
    out[0] = r;
    out[1] = gr_rect_make(gr_v2_sub(r.fc, gr_v2_scale(fwd, r.d)), r.heading + GR_PI, r.w, r.d);
    out[2] = gr_rect_make(gr_v2_add(centre, gr_v2_scale(right, r.w / 2)), r.heading - GR_PI / 2, r.d, r.w);
    out[3] = gr_rect_make(gr_v2_sub(centre, gr_v2_scale(right, r.w / 2)), r.heading + GR_PI / 2, r.d, r.w);
    return 4;
}

bool fogn_within_front_of(const fogn_scenario *s, const fogn_state *st, int j, const gr_rect *r, double d)
{
    gr_rect faces[FOGN_FRONT_FACES_MAX];
    int n = fogn_front_faces(&s->units[j], &st->u[j], faces);
    for (int k = 0; k < n; k++)
        if (gr_rect_dist(r, &faces[k]) <= d + GR_EPS && gr_rect_in_front_corridor(&faces[k], r, d)) return true;
    return false;
}
