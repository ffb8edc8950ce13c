/* town.c - units entering, deploying in and leaving town bases, and a
 * garrison moving to the next town base (town.h). */
#include "town.h"
#include "footprint.h"
#include "ground.h"
#include "../../core/words.h"

#include <math.h>

/* how far a hull is shrunk before asking whether it lies in a town base: touching its edge is not being in it */
#define TOWN_EDGE_EPS 0.05

int lasalle_town_holder(const lasalle_scenario *s, const lasalle_state *st, int k, int except)
{
    for (int j = 0; j < s->nunits; j++) {
        if (j == except || !lasalle_alive(st, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        gr_rect in = gr_rect_make(gr_v2_sub(g.fc, gr_v2_scale(gr_rect_fwd(&g), TOWN_EDGE_EPS)), g.heading,
                                  g.w - 2 * TOWN_EDGE_EPS, g.d - 2 * TOWN_EDGE_EPS);
        if (gr_terrain_piece_touches_rect(&s->terrain.p[k], &in)) return j;
    }
    return -1;
}

double lasalle_town_frame(const lasalle_scenario *s, int k, gr_vec2 *u, gr_vec2 *v, double lo[2], double hi[2])
{
    const gr_terrain_piece *t = &s->terrain.p[k];
    gr_vec2 e = gr_v2_sub(t->pts[1], t->pts[0]);
    double a0 = atan2(e.y, e.x);
    *u = gr_v2_dir(a0);
    *v = gr_v2(-u->y, u->x);
    lo[0] = lo[1] = INFINITY;
    hi[0] = hi[1] = -INFINITY;
    for (int q = 0; q < t->npts; q++) {
        double pu = gr_v2_dot(t->pts[q], *u), pv = gr_v2_dot(t->pts[q], *v);
        lo[0] = fmin(lo[0], pu), hi[0] = fmax(hi[0], pu), lo[1] = fmin(lo[1], pv), hi[1] = fmax(hi[1], pv);
    }
    return a0;
}

lasalle_pose lasalle_town_pose(const lasalle_scenario *s, const lasalle_unit_profile *p, int k, int form, double h)
{
    gr_vec2 u, v;
    double lo[2], hi[2], a0 = lasalle_town_frame(s, k, &u, &v, lo, hi);
    gr_vec2 c = gr_v2_add(gr_v2_scale(u, (lo[0] + hi[0]) / 2), gr_v2_scale(v, (lo[1] + hi[1]) / 2));
    int q = (int)lround(gr_angle_diff(h, a0) / (GR_PI / 2));
    double head = gr_angle_norm(a0 + GR_PI / 2 * q), reach = (q % 2 ? hi[1] - lo[1] : hi[0] - lo[0]) / 2;
    /* its front on the edge of the side it faces (ruling R-50): a garrison fills the base; a column longer
     * than the base stands in two files */
    gr_vec2 fc = gr_v2_add(c, gr_v2_scale(gr_v2_dir(head), reach));
    if (form == LASALLE_MARCH) {
        lasalle_layout l;
        lasalle_layout_of(p, LASALLE_MARCH, &l);
        if (l.rows * l.bd > 2 * reach + 1e-9) form = LASALLE_LAYOUT_TOWN_MARCH;
    }
    return (lasalle_pose){fc.x, fc.y, head, form};
}

/* the town base holding half or more of the bases at pose a, -1 none */
static int town_entered(const lasalle_scenario *s, const lasalle_unit_profile *p, lasalle_pose a)
{
    gr_rect b[LASALLE_MAX_BASES];
    int nb = lasalle_bases_at(p, a.form, a.x, a.y, a.h, b);
    for (int k = 0; k < s->terrain.n; k++)
        if (s->ground_of[k].kind == LASALLE_G_TOWN && s->terrain.p[k].shape == GR_SHAPE_POLYGON &&
            lasalle_bases_in_piece(s, b, nb, k))
            return k;
    return -1;
}

/* 0 when unit i standing at pose `to` in town base k fits it and touches no enemy, -1 with the reason */
static int town_room(const lasalle_scenario *s, const lasalle_state *st, int i, int k, lasalle_pose to, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    const char *tn = s->terrain.p[k].name;
    int j = lasalle_town_holder(s, st, k, i);
    if (j >= 0)
        return gr_error_set(err, "the town base %s holds %s: one unit to a town base (G, p.68)", tn, s->units[j].name);
    gr_rect h = lasalle_pose_hull(p, to);
    if (lasalle_town_of(s, &h) != k)
        return gr_error_set(err, "%s%s %d bases in %s do not fit inside the town base %s (ruling R-50; G, p.68)",
                            p->name, gr_words_poss(p->name), p->nbases,
                            to.form == LASALLE_MARCH ? "March" : "its formation", tn);
    for (j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        /* re-placed in the base or filling it, it stands on no other unit, even one reaching a hair into the base
         * from outside [C, p.29; G, p.68] */
        if (lasalle_rects_overlap(&h, &g))
            return gr_error_set(err, "in the town base %s, %s would stand on %s (C, p.29; G, p.68)", tn, p->name,
                                s->units[j].name);
        if (!lasalle_enemies(s, i, j)) continue;
        /* garrisons of neighbouring town bases may stand edge to edge (town_attack.h) */
        if (to.form == LASALLE_TOWN && st->u[j].form == LASALLE_TOWN) continue;
        if (lasalle_rects_touch(&h, &g) && !lasalle_in_contact(s, st, i, j))
            return gr_error_set(err, "in the town base %s, %s would touch %s, an enemy it was not touching (C, "
                                     "p.30-31)", tn, p->name, s->units[j].name);
    }
    return 0;
}

int lasalle_town_move_end(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose *end,
                          gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect h = lasalle_pose_hull(p, *end);
    if (!(lasalle_meets(s, &h, NULL) & LASALLE_MEETS_TOWN)) return 0;
    int k = town_entered(s, p, *end);
    if (k < 0)
        return gr_error_set(err, "%s would end partly in a town base: a move ends wholly outside one, or inside it "
                                 "when half its bases or more get completely in (G, p.68)", p->name);
    if (p->type == LASALLE_ART && end->form != LASALLE_LIMBERED)
        return gr_error_set(err, "artillery enters a town base only Limbered (G, p.68)");
    lasalle_pose to = lasalle_town_pose(s, p, k, p->type == LASALLE_ART ? LASALLE_LIMBERED : LASALLE_MARCH, end->h);
    if (town_room(s, st, i, k, to, err)) return -1;
    *end = to;
    return 1;
}

int lasalle_town_deploy(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose *out, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect h = lasalle_hull(s, st, i);
    int k = lasalle_town_of(s, &h);
    if (p->type != LASALLE_INF) return gr_error_set(err, "only infantry deploys in a town base (G, p.69)");
    if (k < 0 || st->u[i].form != LASALLE_MARCH)
        return gr_error_set(err, "%s changes to Deployed(Town) only in March inside a town base (G, p.69)", p->name);
    *out = lasalle_town_pose(s, p, k, LASALLE_TOWN, st->u[i].heading);
    return town_room(s, st, i, k, *out, err);
}

lasalle_pose lasalle_town_leave_pose(const lasalle_scenario *s, const lasalle_state *st, int i, int *k)
{
    gr_rect h = lasalle_hull(s, st, i);
    *k = lasalle_town_of(s, &h);
    if (*k < 0) return lasalle_pose_of(st, i);
    lasalle_pose q = lasalle_town_pose(s, &s->units[i], *k, LASALLE_MARCH, st->u[i].heading);
    q.form = LASALLE_MARCH; /* it leaves as a column, even one longer than the base (ruling R-50) */
    return q;
}

/* the side a garrison leaves by, in quarter-turns anti-clockwise from its facing; -1 when the angle is none */
static int side_of(double deg)
{
    for (int r = -2; r <= 2; r++)
        if (fabs(deg - 90.0 * r) < 1e-3) return (r + 4) % 4;
    return -1;
}

int lasalle_town_move_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_plan *out,
                           gr_error *err)
{
    int i = a->actor, r = side_of(a->p[0]);
    const lasalle_unit_profile *p = &s->units[i];
    *out = (lasalle_plan){0};
    if (a->type != LASALLE_A_MOVE || a->arg != 0 || a->p[2] != 0 || a->p[3] != 0 || r < 0 ||
        fabs(a->p[1] - LASALLE_TOWN_BW) > 1e-3)
        return gr_error_set(err, "%s is Deployed(Town): it moves only into an adjacent town base ('move %g', or "
                                 "'wheel 90|-90|180 move %g' for another side), or leaves the town in March ('form "
                                 "march' then the move) (G, p.70)", p->name, LASALLE_TOWN_BW, LASALLE_TOWN_BW);
    lasalle_state turned = *st;
    lasalle_town_turn(&turned, i, r);
    lasalle_pose to = lasalle_pose_of(&turned, i);
    to.x += LASALLE_TOWN_BW * cos(to.h);
    to.y += LASALLE_TOWN_BW * sin(to.h);
    gr_rect h = lasalle_pose_hull(p, to), g0 = lasalle_hull(s, st, i);
    int k = lasalle_town_of(s, &h);
    if (k < 0 || k == lasalle_town_of(s, &g0))
        return gr_error_set(err, "no town base lies next to %s on that side (G, p.70)", p->name);
    if (lasalle_meets_st(s, st, &h, NULL) & (LASALLE_MEETS_OFF_TABLE | LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_OBSTACLE))
        return gr_error_set(err, "%s cannot stand in the town base %s", p->name, s->terrain.p[k].name);
    int j = lasalle_pose_overlaps(s, st, i, to, -1);
    if (j >= 0)
        return gr_error_set(err, "the town base %s holds %s: a garrison moves only into an empty one (G, p.70)",
                            s->terrain.p[k].name, s->units[j].name);
    for (j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j) || st->u[j].form == LASALLE_TOWN) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (lasalle_rects_touch(&h, &g))
            return gr_error_set(err, "in the town base %s, %s would touch %s: a garrison attacks it with 'charge' "
                                     "instead (G, p.70)", s->terrain.p[k].name, p->name, s->units[j].name);
    }
    out->start = lasalle_pose_of(st, i);
    out->sw.end = to;
    return 0;
}
