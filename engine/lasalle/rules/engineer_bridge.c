/* engineer_bridge.c - the geometry of pontoon bridges [H Bridging,
 * p.78-79] (engineer_bridge.h): the bank sites along the water, the ends of
 * a pontoon, its sections, and the points it carries. */
#include "engineer_bridge.h"
#include "footprint.h"

#include <math.h>

static int is_water(const lasalle_scenario *s, int k)
{
    return k >= 0 && k < s->terrain.n && s->ground_of[k].water && s->terrain.p[k].shape == GR_SHAPE_POLYLINE &&
           s->terrain.p[k].npts >= 2;
}

static double course_len(const gr_terrain_piece *p)
{
    double len = 0;
    for (int q = 1; q < p->npts; q++) len += gr_v2_len(gr_v2_sub(p->pts[q], p->pts[q - 1]));
    return len;
}

int lasalle_bank_sites(const lasalle_scenario *s, int k)
{
    if (!is_water(s, k)) return 0;
    /* sites at 1, 3, 5 ... BW along the course, short of its end */
    int n = (int)floor((course_len(&s->terrain.p[k]) - LASALLE_BANK_STEP_BW / 2) / LASALLE_BANK_STEP_BW) + 1;
    return n < 0 ? 0 : n > LASALLE_MAX_BANK_SITES ? LASALLE_MAX_BANK_SITES : n;
}

/* the point of site `site` on the course and the course's left normal there */
static gr_vec2 site_on_course(const gr_terrain_piece *p, int site, gr_vec2 *left)
{
    double want = LASALLE_BANK_STEP_BW / 2 + LASALLE_BANK_STEP_BW * site;
    for (int q = 1; q < p->npts; q++) {
        gr_vec2 d = gr_v2_sub(p->pts[q], p->pts[q - 1]);
        double len = gr_v2_len(d);
        if (want <= len || q == p->npts - 1) {
            gr_vec2 u = gr_v2_norm(d);
            *left = (gr_vec2){-u.y, u.x};
            return gr_v2_add(p->pts[q - 1], gr_v2_scale(u, want < len ? want : len));
        }
        want -= len;
    }
    *left = (gr_vec2){0, 1};
    return p->pts[0];
}

int lasalle_bank_facing(const lasalle_scenario *s, int k, int site, gr_vec2 from)
{
    gr_vec2 left, c = site_on_course(&s->terrain.p[k], site, &left);
    return gr_v2_dot(gr_v2_sub(from, c), left) < 0;
}

void lasalle_pontoon_ends(const lasalle_scenario *s, int k, int site, int bank, gr_vec2 *near, gr_vec2 *far)
{
    const gr_terrain_piece *p = &s->terrain.p[k];
    gr_vec2 left, c = site_on_course(p, site, &left);
    gr_vec2 out = gr_v2_scale(left, (bank ? -1.0 : 1.0) * p->width / 2);
    *near = gr_v2_add(c, out);
    *far = gr_v2_sub(c, out);
}

int lasalle_pontoon_sections(const lasalle_scenario *s, int k)
{
    int n = (int)ceil(s->terrain.p[k].width - 1e-9);
    return n < 1 ? 1 : n;
}

int lasalle_pontoon_at(const lasalle_scenario *s, const lasalle_state *st, int k, int site)
{
    for (int e = 0; e < s->nengineers; e++)
        if ((st->spans >> e & 1) && st->eng[e].piece == k && st->eng[e].spot == site) return e;
    return -1;
}

/* the finished pontoon of engineer e as a rectangle: its width across, running onto each bank by half of it */
static gr_rect pontoon_rect(const lasalle_scenario *s, const lasalle_state *st, int e)
{
    const lasalle_engineer *g = &st->eng[e];
    gr_vec2 a, b;
    lasalle_pontoon_ends(s, g->piece, g->spot, g->bank, &a, &b);
    gr_vec2 d = gr_v2_sub(b, a), u = gr_v2_norm(d);
    gr_vec2 fc = gr_v2_add(b, gr_v2_scale(u, LASALLE_PONTOON_WIDTH_BW / 2));
    return gr_rect_make(fc, atan2(u.y, u.x), LASALLE_PONTOON_WIDTH_BW, gr_v2_len(d) + LASALLE_PONTOON_WIDTH_BW);
}

int lasalle_pontoon_held(const lasalle_scenario *s, const lasalle_state *st, int e)
{
    gr_rect r = pontoon_rect(s, st, e);
    for (int j = 0; j < s->nunits; j++) {
        if (st->u[j].status != LASALLE_ON) continue;
        gr_rect h = lasalle_hull(s, st, j);
        if (gr_rect_overlap(&r, &h, 1e-6)) return 1;
    }
    return 0;
}

int lasalle_on_pontoon(const lasalle_scenario *s, const lasalle_state *st, gr_vec2 q)
{
    for (int e = 0; e < s->nengineers; e++) {
        if (!(st->spans >> e & 1)) continue;
        const lasalle_engineer *g = &st->eng[e];
        gr_vec2 a, b;
        lasalle_pontoon_ends(s, g->piece, g->spot, g->bank, &a, &b);
        /* the span runs onto each bank by half its width, so the water's edge is carried */
        gr_vec2 u = gr_v2_scale(gr_v2_norm(gr_v2_sub(b, a)), LASALLE_PONTOON_WIDTH_BW / 2);
        if (gr_point_seg_dist(q, gr_v2_sub(a, u), gr_v2_add(b, u)) <= LASALLE_PONTOON_WIDTH_BW / 2 + 1e-9) return 1;
    }
    return 0;
}
