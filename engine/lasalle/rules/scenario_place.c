/* scenario_place.c - the opening position of a Lasalle scenario checked:
 * every unit wholly on the table, clear of impassable ground, water with no
 * crossing, and obstacles running through it; in a town base wholly or
 * not at all, and there in March or Limbered, or a garrison Deployed(Town)
 * filling it [G Towns, p.68-69]; in no Square on
 * rough ground [C, p.25], no guns unlimbered in woods or marsh [C, p.26],
 * overlapping no other unit; every
 * officer on the table and outside impassable ground and every unit; no
 * enemies in contact. */
#include "scenario.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <stdio.h>

/* the JSON path a unit came from, for messages */
static void unit_path(const lasalle_scenario *s, int i, char *buf, size_t cap)
{
    const lasalle_unit_profile *u = &s->units[i];
    int k = 0;
    if (u->force >= 0) {
        const lasalle_force *f = &s->forces[u->force];
        int nf = 0;
        for (int g = 0; g < u->force; g++) nf += s->forces[g].side == u->side;
        while (k < f->nunits && f->units[k] != i) k++;
        snprintf(buf, cap, "$.sides[%d].forces[%d].units[%d]", u->side, nf, k);
        return;
    }
    for (int j = 0; j < i; j++) k += s->units[j].side == u->side && s->units[j].force < 0;
    snprintf(buf, cap, "$.sides[%d].independent[%d]", u->side, k);
}

static int check_unit(const lasalle_scenario *s, int i, gr_error *err)
{
    const lasalle_unit_profile *u = &s->units[i];
    char p[128];
    unit_path(s, i, p, sizeof p);
    gr_rect h = lasalle_hull_at(u, lasalle_profile_layout_form(u), u->x, u->y, u->heading);
    int piece = -1, m = lasalle_meets(s, &h, &piece);
    const char *pn = piece >= 0 ? s->terrain.p[piece].name : "";
    if (u->form == LASALLE_TOWN) {
        if (lasalle_town_of(s, &h) < 0)
            return gr_error_set(err, "%s.start: %s Deployed(Town) does not fit inside one town base of %g x %g BW (G, "
                                     "p.68)", p, u->name, LASALLE_TOWN_BW, LASALLE_TOWN_BW);
        m = lasalle_meets(s, &h, &piece) & ~LASALLE_MEETS_TOWN;
    }
    if (m & LASALLE_MEETS_OFF_TABLE)
        return gr_error_set(err, "%s.at: %s in %s at (%g, %g) facing %g reaches off the %g x %g BW table", p, u->name,
                            lasalle_form_names[u->form], u->x, u->y, u->heading * 180 / GR_PI, s->table_w, s->table_h);
    if (m & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "%s.at: %s stands in impassable %s", p, u->name, pn);
    if ((m & LASALLE_MEETS_TOWN) && lasalle_town_of(s, &h) < 0)
        return gr_error_set(err, "%s.at: %s stands partly in the town base %s: a unit is wholly in a town base or "
                                 "wholly out of it (G, p.68)", p, u->name, pn);
    if ((m & LASALLE_MEETS_TOWN) && u->form != LASALLE_MARCH && u->form != LASALLE_LIMBERED)
        return gr_error_set(err, "%s.at: %s stands in the town base %s: there it is in March (Limbered for artillery), "
                                 "or Deployed(Town) with \"start\" (G, p.68-69)", p, u->name, pn);
    if (m & LASALLE_MEETS_OBSTACLE)
        return gr_error_set(err, "%s.at: the obstacle %s runs through %s; a unit stands behind an obstacle, never in "
                                 "it (C, p.29)", p, pn, u->name);
    for (int k = 0; u->form == LASALLE_UNLIMBERED && k < s->terrain.n; k++) {
        int kind = s->ground_of[k].kind;
        gr_rect in = gr_rect_make(gr_v2_sub(h.fc, gr_v2_scale(gr_rect_fwd(&h), 0.01)), h.heading, h.w - 0.02, h.d - 0.02);
        if ((kind == LASALLE_G_WOODS || kind == LASALLE_G_ORCHARD || kind == LASALLE_G_MARSH) &&
            gr_terrain_piece_touches_rect(&s->terrain.p[k], &in))
            return gr_error_set(err, "%s.formation: %s may not stand unlimbered in %s (C, p.26)", p, u->name,
                                s->terrain.p[k].name);
    }
    if (u->form == LASALLE_SQUARE && (m & LASALLE_MEETS_ROUGH))
        return gr_error_set(err, "%s.formation: %s may not stand in Square in rough %s (C, p.25)", p, u->name, pn);
    for (int j = 0; j < i; j++) {
        const lasalle_unit_profile *o = &s->units[j];
        gr_rect g = lasalle_hull_at(o, lasalle_profile_layout_form(o), o->x, o->y, o->heading);
        if (lasalle_rects_overlap(&h, &g)) return gr_error_set(err, "%s.at: %s overlaps %s", p, u->name, o->name);
        int k = lasalle_town_of(s, &h);
        if (k >= 0 && lasalle_town_of(s, &g) == k)
            return gr_error_set(err, "%s.at: %s and %s stand in the town base %s: one unit to a town base (G, p.68)",
                                p, u->name, o->name, s->terrain.p[k].name);
        /* the game opens with no combat due: what is in contact was charged in a turn the file does not hold;
         * garrisons of neighbouring town bases may stand edge to edge [G Towns, p.70] */
        int garrisons = u->form == LASALLE_TOWN && o->form == LASALLE_TOWN;
        if (o->side != u->side && !garrisons && lasalle_rects_touch(&h, &g))
            return gr_error_set(err, "%s.at: %s touches the enemy %s; a scenario opens with no units in contact "
                                     "(ruling R-11)", p, u->name, o->name);
    }
    return 0;
}

static int check_officer(const lasalle_scenario *s, int k, gr_error *err)
{
    const lasalle_officer_profile *o = &s->officers[k];
    gr_vec2 at = gr_v2(o->x, o->y);
    if (o->x < 0 || o->y < 0 || o->x > s->table_w || o->y > s->table_h)
        return gr_error_set(err, "$.sides[%d]: the officer %s at (%g, %g) is off the table", o->side, o->name, o->x,
                            o->y);
    for (int t = 0; t < s->terrain.n; t++)
        if (s->ground_of[t].impassable && s->terrain.p[t].shape == GR_SHAPE_POLYGON &&
            gr_point_in_poly(s->terrain.p[t].pts, s->terrain.p[t].npts, at))
            return gr_error_set(err, "$.sides[%d]: the officer %s stands in impassable %s", o->side, o->name,
                                s->terrain.p[t].name);
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit_profile *u = &s->units[i];
        gr_rect h = lasalle_hull_at(u, lasalle_profile_layout_form(u), u->x, u->y, u->heading);
        if (gr_point_in_rect(&h, at))
            return gr_error_set(err, "$.sides[%d]: the officer %s stands inside %s", o->side, o->name, u->name);
    }
    return 0;
}

int lasalle_check_placement(const lasalle_scenario *s, gr_error *err)
{
    for (int i = 0; i < s->nunits; i++)
        if (check_unit(s, i, err)) return -1;
    for (int k = 0; k < s->nofficers; k++)
        if (check_officer(s, k, err)) return -1;
    return 0;
}
