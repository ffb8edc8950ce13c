/* crest.c - the crest of a hill (§15.2): who sees whom across it and how far
 * fire reaches over it. See crest.h for the rules as we read them. */
#include "crest.h"
#include "view.h"

#include <math.h>

static bool is_hill(const gr_terrain_piece *p) { return p->type == GR_T_GENTLE_HILL || p->type == GR_T_STEEP_HILL; }

static double to_crest(const fogn_scenario *s, const fogn_state *st, int i, gr_vec2 peak)
{
    gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
    return gr_rect_point_dist(&r, peak);
}

/* is all of unit i on the far side of the crest as seen from point v? */
static bool beyond_crest(const fogn_scenario *s, const fogn_state *st, int i, gr_vec2 peak, gr_vec2 v)
{
    gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
    gr_vec2 c[4], toward = gr_v2_sub(v, peak);
    gr_rect_corners(&r, c);
    for (int k = 0; k < 4; k++)
        if (gr_v2_dot(gr_v2_sub(c[k], peak), toward) >= 0) return false;
    return true;
}

static gr_vec2 centre_of(const fogn_scenario *s, const fogn_state *st, int i)
{
    gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
    return gr_rect_centre(&r);
}

fogn_hill_sight fogn_crest_sight(const fogn_scenario *s, const fogn_state *st, int i, int j, const gr_terrain_piece *p)
{
    if (!is_hill(p)) return FOGN_HILL_CLEAR;
    bool on_i = fogn_unit_touches_piece(s, st, i, p), on_j = fogn_unit_touches_piece(s, st, j, p);
    if (!on_i && !on_j) return FOGN_HILL_LINES;
    gr_vec2 peak = gr_poly_centroid(p->pts, p->npts), ci = centre_of(s, st, i), cj = centre_of(s, st, j);
    /* j on the far slope from i: hidden unless near the crest and i near it too */
    if (on_j && beyond_crest(s, st, j, peak, ci)) {
        if (to_crest(s, st, j, peak) <= FOGN_CREST_SEE_OVER + GR_EPS &&
            to_crest(s, st, i, peak) <= FOGN_CREST_SEEN_FROM + GR_EPS)
            return FOGN_HILL_CLEAR;
        return FOGN_HILL_HIDDEN;
    }
    /* i on the far slope from j: it sees over only from near the crest */
    if (on_i && beyond_crest(s, st, i, peak, cj))
        return to_crest(s, st, i, peak) <= FOGN_CREST_SEE_OVER + GR_EPS ? FOGN_HILL_CLEAR : FOGN_HILL_HIDDEN;
    return FOGN_HILL_CLEAR;
}

bool fogn_crest_fire_ok(const fogn_scenario *s, const fogn_state *st, int f, int t, fogn_range r)
{
    int art = fogn_troop_arm((fogn_troop)s->units[f].troop) == FOGN_ARM_ART;
    gr_vec2 cf = centre_of(s, st, f), ct = centre_of(s, st, t);
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (!is_hill(p)) continue;
        gr_vec2 peak = gr_poly_centroid(p->pts, p->npts);
        /* over the crest: one of the two stands wholly beyond it from the other, on the hill */
        bool over = (fogn_unit_touches_piece(s, st, f, p) && beyond_crest(s, st, f, peak, ct)) ||
                    (fogn_unit_touches_piece(s, st, t, p) && beyond_crest(s, st, t, peak, cf));
        if (!over) continue;
        if (art ? r != FOGN_RANGE_CLOSE : r > FOGN_RANGE_MEDIUM) return false;
    }
    return true;
}
