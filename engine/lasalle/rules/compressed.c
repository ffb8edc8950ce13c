/* compressed.c - Compressed Artillery, the optional rule [H, p.81]
 * (compressed.h): who may change frontage, the to-hit bonus against a
 * compressed battery, and the checks of a battery that starts compressed. */
#include "compressed.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <stdio.h>

int lasalle_compressed(const lasalle_state *st, int i)
{
    return lasalle_layout_form(st, i) == LASALLE_LAYOUT_COMPRESSED;
}

int lasalle_compress_allowed(const lasalle_scenario *s, const lasalle_state *st, int i, int to, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    if (!(s->options & LASALLE_OPT_COMPRESSED_ARTILLERY))
        return gr_error_set(err, "Compressed Artillery is an optional rule this scenario does not use: turn on "
                                 "\"compressed_artillery\" in its options (H, p.81)");
    if (p->type != LASALLE_ART)
        return gr_error_set(err, "%s is not artillery: only an unlimbered battery stands compressed (H, p.81)",
                            p->name);
    if (st->u[i].form != LASALLE_UNLIMBERED)
        return gr_error_set(err, "%s is %s: only an unlimbered battery changes its frontage (H, p.81)", p->name,
                            lasalle_form_names[st->u[i].form % LASALLE_FORM_COUNT]);
    if (p->nbases < 2) return gr_error_set(err, "%s has a single gun base: no second rank (H, p.81)", p->name);
    int now = lasalle_compressed(st, i);
    if (to == LASALLE_PROLONG_COMPRESS && now)
        return gr_error_set(err, "%s already stands compressed, two ranks deep (H, p.81)", p->name);
    if (to == LASALLE_PROLONG_EXTEND && !now)
        return gr_error_set(err, "%s already stands on its normal frontage, guns abreast (H, p.81)", p->name);
    if (to != LASALLE_PROLONG_COMPRESS && to != LASALLE_PROLONG_EXTEND)
        return gr_error_set(err, "a prolong either moves the battery or changes its frontage (H, p.81)");
    return 0;
}

int lasalle_compressed_to_hit(const lasalle_state *st, int t)
{
    return lasalle_compressed(st, t) ? LASALLE_COMPRESSED_TO_HIT : 0;
}

void lasalle_frontage_log(const lasalle_scenario *s, int i, int to, gr_log *log)
{
    const lasalle_unit_profile *p = &s->units[i];
    if (to == LASALLE_PROLONG_COMPRESS)
        gr_log_add(log, GR_EV_MOVE, p->side, "%s uses its prolong move to close onto a compressed frontage, its guns "
                   "two ranks deep (H, p.81)", p->name);
    else
        gr_log_add(log, GR_EV_MOVE, p->side, "%s uses its prolong move to open out to its normal frontage, guns "
                   "abreast (H, p.81)", p->name);
}

int lasalle_compressed_start_ok(const lasalle_scenario *s, const lasalle_unit_profile *u, const char *path,
                                gr_error *err)
{
    if (!(s->options & LASALLE_OPT_COMPRESSED_ARTILLERY))
        return gr_error_set(err, "%s: %s may start compressed only when the scenario's options turn on "
                                 "\"compressed_artillery\" (H, p.81)", path, u->name);
    if (u->type != LASALLE_ART || u->form != LASALLE_UNLIMBERED)
        return gr_error_set(err, "%s: only an unlimbered battery stands compressed, and %s is no such unit "
                                 "(H, p.81)", path, u->name);
    if (u->nbases < 2)
        return gr_error_set(err, "%s: %s has a single gun base: no second rank (H, p.81)", path, u->name);
    return 0;
}

/* guns may not stand, even in part, in a town base, woods, orchard or marsh [C, p.26] */
static int gun_ground(const lasalle_scenario *s, const gr_rect *h)
{
    gr_vec2 fc = gr_v2_sub(h->fc, gr_v2_scale(gr_rect_fwd(h), 0.01));
    gr_rect in = gr_rect_make(fc, h->heading, h->w - 0.02, h->d - 0.02);
    for (int k = 0; k < s->terrain.n; k++) {
        int kind = s->ground_of[k].kind;
        if ((kind == LASALLE_G_WOODS || kind == LASALLE_G_ORCHARD || kind == LASALLE_G_MARSH ||
             kind == LASALLE_G_TOWN) && gr_terrain_piece_touches_rect(&s->terrain.p[k], &in))
            return k;
    }
    return -1;
}

static int check_one(const lasalle_scenario *s, int i, gr_error *err)
{
    const lasalle_unit_profile *u = &s->units[i];
    gr_rect h = lasalle_hull_at(u, LASALLE_LAYOUT_COMPRESSED, u->x, u->y, u->heading);
    int piece = -1, m = lasalle_meets(s, &h, &piece);
    const char *pn = piece >= 0 ? s->terrain.p[piece].name : "";
    if (m & LASALLE_MEETS_OFF_TABLE)
        return gr_error_set(err, "%s compressed, two ranks deep, reaches off the table (H, p.81)", u->name);
    if (m & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "%s compressed stands in impassable %s", u->name, pn);
    if (m & LASALLE_MEETS_OBSTACLE)
        return gr_error_set(err, "the obstacle %s runs through %s compressed (C, p.29)", pn, u->name);
    int k = gun_ground(s, &h);
    if (k >= 0)
        return gr_error_set(err, "%s compressed would stand unlimbered in %s (C, p.26)", u->name,
                            s->terrain.p[k].name);
    for (int j = 0; j < s->nunits; j++) {
        const lasalle_unit_profile *o = &s->units[j];
        if (j == i) continue;
        gr_rect g = lasalle_hull_at(o, lasalle_profile_layout_form(o), o->x, o->y, o->heading);
        if (lasalle_rects_overlap(&h, &g)) return gr_error_set(err, "%s compressed overlaps %s", u->name, o->name);
        if (o->side != u->side && lasalle_rects_touch(&h, &g))
            return gr_error_set(err, "%s compressed touches the enemy %s; a scenario opens with no units in contact "
                                     "(ruling R-11)", u->name, o->name);
    }
    return 0;
}

int lasalle_compressed_check_start(const lasalle_scenario *s, gr_error *err)
{
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].compressed && check_one(s, i, err)) return -1;
    return 0;
}
