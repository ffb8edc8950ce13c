/* form.c - re-forming about an anchor base, its checks, and the Formation
 * Change Table's verdict (form.h). */
#include "form.h"
#include "command.h"
#include "footprint.h"
#include "ground.h"
#include "works.h"

#include <math.h>

const char *const lasalle_anchor_names[3] = {"centre", "left", "right"};

static int anchor_column(int anchor, int cols)
{
    if (anchor == LASALLE_ANCHOR_LEFT) return 0;
    if (anchor == LASALLE_ANCHOR_RIGHT) return cols - 1;
    return (cols - 1) / 2;
}

lasalle_pose lasalle_reform_pose(const lasalle_unit_profile *p, lasalle_pose from, int form, int anchor, double turn)
{
    lasalle_layout lo, ln;
    lasalle_layout_of(p, from.form, &lo);
    lasalle_layout_of(p, form, &ln);
    gr_vec2 fwd = gr_v2_dir(from.h), right = gr_v2(fwd.y, -fwd.x);
    int ao = anchor_column(anchor, lo.cols), an = anchor_column(anchor, ln.cols);
    /* the anchor base's front-left corner stays; the base turns about it */
    gr_vec2 corner = gr_v2_add(gr_v2(from.x, from.y), gr_v2_scale(right, ao * lo.bw - lo.cols * lo.bw / 2));
    double h = gr_angle_norm(from.h + turn);
    gr_vec2 fwd2 = gr_v2_dir(h), right2 = gr_v2(fwd2.y, -fwd2.x);
    gr_vec2 fc = gr_v2_sub(corner, gr_v2_scale(right2, an * ln.bw - ln.cols * ln.bw / 2));
    lasalle_pose to = {fc.x, fc.y, h, form};
    return to;
}

static int touching_before(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    return lasalle_in_contact(s, st, i, j);
}

int lasalle_reform_check(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to, gr_error *err)
{
    return lasalle_reform_check_geo(s, st, NULL, i, to, err);
}

/* the gap between two boxes (x0, y0, x1, y1) along the axis where they are farthest apart; 0 when they
 * meet. No two points of what they hold are closer */
static double box_gap_axis(const double a[4], const double b[4])
{
    return fmax(0, fmax(fmax(a[0] - b[2], b[0] - a[2]), fmax(a[1] - b[3], b[1] - a[3])));
}

/* the other units against the bases re-formed to b from a (poly: the hull of both); the first refusal */
static int reform_units(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i, const gr_rect *b,
                        const gr_vec2 c[8], const double *cbox, gr_error *err)
{
    gr_vec2 poly[8];
    int n = -1; /* the hull of the eight corners, once a unit comes close enough to ask */
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j)) continue;
        const lasalle_unit_geo *u = lasalle_geo_of(s, st, g, j);
        /* farther than contact from both footprints' corners: no overlap, touch or crossing below */
        if (box_gap_axis(cbox, u->box) > LASALLE_CONTACT_EPS + GR_EPS) continue;
        const gr_rect *gj = &u->hull;
        if (lasalle_rects_overlap(b, gj))
            return gr_error_set(err, "the new formation would overlap %s (C, p.25)", s->units[j].name);
        int enemy = lasalle_enemies(s, i, j);
        if (enemy && lasalle_rects_touch(b, gj) && !touching_before(s, st, i, j))
            return gr_error_set(err, "the new formation would touch %s, an enemy it was not touching (C, p.30)",
                                s->units[j].name);
        if (!enemy && s->units[j].type == LASALLE_ART) continue;
        if (n < 0) n = gr_convex_hull(c, 8, poly);
        if (gr_poly_intersect(poly, n, u->ic, 4))
            return gr_error_set(err, "the bases would pass through %s while forming up (C, p.25)", s->units[j].name);
    }
    return 0;
}

int lasalle_reform_check_geo(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                             lasalle_pose to, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect a = lasalle_hull(s, st, i), b = lasalle_pose_hull(p, to);
    int piece = -1, m = lasalle_meets_st(s, st, &b, &piece);
    const char *pn = lasalle_obstacle_name(s, st, piece);
    if (m & LASALLE_MEETS_OFF_TABLE) return gr_error_set(err, "the new formation would reach off the table");
    if (m & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "the new formation would stand in impassable %s", pn);
    if (st->u[i].form == LASALLE_TOWN)
        return gr_error_set(err, "%s is Deployed(Town): it changes formation only by leaving the town in March (G, "
                                 "p.69-70)", p->name);
    if (to.form == LASALLE_TOWN)
        return gr_error_set(err, "only infantry in March inside a town base changes to Deployed(Town) (G, p.69)");
    if (lasalle_town_of(s, &a) >= 0)
        return gr_error_set(err, "%s stands in a town base, where the only formation change is to Deployed(Town) (G, "
                                 "p.69)", p->name);
    if (m & LASALLE_MEETS_TOWN)
        return gr_error_set(err, "the new formation would stand partly in the town base %s: a unit is wholly in a "
                                 "town base or wholly out of it (G, p.68)", pn);
    if (m & LASALLE_MEETS_OBSTACLE)
        return gr_error_set(err, "the obstacle %s would run through the new formation (C, p.29)", pn);
    if (to.form == LASALLE_SQUARE && (m & LASALLE_MEETS_ROUGH))
        return gr_error_set(err, "a square may not be formed in rough terrain (%s) (C, p.25)", pn);
    gr_vec2 c[8];
    gr_rect_corners(&a, c);
    gr_rect_corners(&b, c + 4);
    double cbox[4] = {c[0].x, c[0].y, c[0].x, c[0].y};
    for (int q = 1; q < 8; q++) {
        cbox[0] = fmin(cbox[0], c[q].x);
        cbox[1] = fmin(cbox[1], c[q].y);
        cbox[2] = fmax(cbox[2], c[q].x);
        cbox[3] = fmax(cbox[3], c[q].y);
    }
    lasalle_geo own;
    if (!g) {
        lasalle_geo_init(&own);
        g = &own;
    }
    return reform_units(s, st, g, i, &b, c, cbox, err);
}

int lasalle_limber_in_place(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose *out)
{
    static const double turns[4] = {0, GR_PI, GR_PI / 2, -GR_PI / 2};
    lasalle_pose from = lasalle_pose_of(st, i);
    from.form = lasalle_layout_form(st, i); /* a compressed battery limbers from its two ranks (ruling R-143) */
    for (int t = 0; t < 4; t++)
        for (int anchor = 0; anchor < 3; anchor++) {
            lasalle_pose to = lasalle_reform_pose(&s->units[i], from, LASALLE_LIMBERED, anchor, turns[t]);
            gr_rect h = lasalle_pose_hull(&s->units[i], to);
            if (lasalle_meets_st(s, st, &h, NULL) & (LASALLE_MEETS_OFF_TABLE | LASALLE_MEETS_IMPASSABLE)) continue;
            if (lasalle_pose_overlaps(s, st, i, to, -1) >= 0) continue;
            *out = to;
            return 0;
        }
    return -1;
}

lasalle_fct lasalle_fct_now(const lasalle_scenario *s, const lasalle_state *st, int i, int *column)
{
    const lasalle_unit_profile *p = &s->units[i];
    int near = lasalle_enemy_within(s, st, i, LASALLE_NEAR_BW), ooc = !lasalle_in_command(s, st, i);
    int col = lasalle_fct_column_of(st->u[i].form == LASALLE_MARCH, near, ooc);
    if (column) *column = col;
    lasalle_fct v = lasalle_fct_lookup(p->discipline, col, near);
    /* Linear Tactics: every change uses the whole allowance; the table's tests still apply [H, p.75] */
    if ((s->side_rules[p->side] & LASALLE_AB_LINEAR_TACTICS) && (v == LASALLE_FCT_FULL || v == LASALLE_FCT_HALF))
        v = LASALLE_FCT_NONE;
    return v;
}

double lasalle_fct_allowance(lasalle_fct v, double allowance)
{
    switch (v) {
    case LASALLE_FCT_FULL: return allowance;
    case LASALLE_FCT_HALF: return ceil(allowance / 2 - 1e-9); /* half, rounded up to a whole BW [C, p.25] */
    default: return 0;
    }
}
