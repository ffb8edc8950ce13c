/* fire_screen.c - what the ground does to artillery fire (fire.h): the
 * terrain that obstructs roundshot and how wide it lies across the zone,
 * the shot stopped by terrain across more than half the zone (ruling R-33),
 * the cover of units beyond a screen wider than 1 BW [D Obstructed Fire:
 * Roundshot, p.51], the howitzer die against towns and earthworks [D
 * Howitzer Dice, p.46], and the optional batteries of howitzers and rockets
 * whose fire flies over water and ditches [H, p.81]. */
#include "fire.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"
#include "works.h"

#include <math.h>

#define SCREEN_BW 1.0       /* obstructing terrain up to 1 BW across the zone does nothing [D, p.51] */
#define LANE_BW 0.25        /* the zone is sampled in lanes this wide */

int lasalle_howitzer_battery(const lasalle_scenario *s, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    return (s->options & LASALLE_OPT_HOWITZER_BATTERIES) && p->type == LASALLE_ART && !p->horse &&
           p->weight != LASALLE_ROCKETS && p->nbases > 0 && p->howitzers == p->nbases;
}

int lasalle_rocket_unit(const lasalle_scenario *s, int i)
{
    return s->units[i].type == LASALLE_ART && s->units[i].weight == LASALLE_ROCKETS;
}

double lasalle_width_across(const lasalle_scenario *s, const gr_rect *h, double from, double to, int k)
{
    const gr_terrain_piece *p = &s->terrain.p[k];
    gr_vec2 f = gr_rect_fwd(h), r = gr_rect_right(h);
    int n = (int)ceil(h->w / LANE_BW), hit = 0;
    if (to <= from) return 0;
    for (int q = 0; q < n; q++) {
        gr_vec2 base = gr_v2_add(h->fc, gr_v2_scale(r, -h->w / 2 + (q + 0.5) * h->w / n));
        gr_vec2 a = gr_v2_add(base, gr_v2_scale(f, from)), b = gr_v2_add(base, gr_v2_scale(f, to));
        hit += gr_terrain_piece_crosses_seg(p, a, b);
    }
    return hit * h->w / n;
}

/* woods, orchards, towns, walls and earthworks; water and ditches only where the ball bounces, beyond short
 * range [D, p.51]; howitzers and rockets fly over water and ditches [H, p.81] */
int lasalle_roundshot_obstructs(const lasalle_ground *g, int lobbed)
{
    return g->kind == LASALLE_G_WOODS || g->kind == LASALLE_G_ORCHARD || g->kind == LASALLE_G_TOWN ||
           g->kind == LASALLE_G_WALL || g->kind == LASALLE_G_HEDGE || g->kind == LASALLE_G_ENTRENCHMENT ||
           (!lobbed && (g->water || g->kind == LASALLE_G_DITCH));
}

double lasalle_screen_width(const lasalle_scenario *s, const gr_rect *h, double shortr, double to, int k, int lobbed)
{
    const lasalle_ground *g = &s->ground_of[k];
    if (!lasalle_roundshot_obstructs(g, lobbed)) return 0;
    int bounce_only = g->water || g->kind == LASALLE_G_DITCH;
    return lasalle_width_across(s, h, bounce_only ? shortr : 0, to, k);
}

/* how far ahead of the shooter's front the point lies */
static double ahead(const gr_rect *h, gr_vec2 p) { return gr_v2_dot(gr_v2_sub(p, h->fc), gr_rect_fwd(h)); }

int lasalle_shot_stopped(const lasalle_scenario *s, const lasalle_zone *z, int lobbed, const gr_rect *g)
{
    double far = ahead(&z->hull, gr_rect_centre(g));
    for (int k = 0; k < s->terrain.n; k++) {
        /* a unit at the edge of (touching) the terrain is still hit [D, p.51] */
        if (gr_terrain_piece_touches_rect(&s->terrain.p[k], g)) continue;
        if (lasalle_screen_width(s, &z->hull, z->shortr, far, k, lobbed) > z->hull.w / 2) return 1;
    }
    return 0;
}

int lasalle_screen_cover(const lasalle_scenario *s, const lasalle_zone *z, const gr_rect *g)
{
    gr_vec2 c[4];
    gr_rect_corners(g, c);
    double near = INFINITY;
    for (int q = 0; q < 4; q++) near = fmin(near, ahead(&z->hull, c[q]));
    int best = LASALLE_COVER_NONE;
    for (int k = 0; k < s->terrain.n; k++) {
        int cover = s->ground_of[k].cover; /* water and ditches give none (ruling R-91) */
        if (cover > best && lasalle_screen_width(s, &z->hull, z->shortr, near, k, 0) > SCREEN_BW) best = cover;
    }
    return best;
}

int lasalle_behind_works(const lasalle_scenario *s, const lasalle_state *st, int f, int t)
{
    gr_rect h = lasalle_hull(s, st, f), g = lasalle_hull(s, st, t);
    if (st->u[t].form == LASALLE_TOWN || lasalle_town_of(s, &g) >= 0) return 1;
    if (lasalle_works_cover(st, &g, &h) != LASALLE_COVER_NONE) return 1; /* works made in play [H, p.75, p.78] */
    gr_vec2 a = gr_rect_centre(&h), b = gr_rect_centre(&g);
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *gr = &s->ground_of[k];
        const gr_terrain_piece *p = &s->terrain.p[k];
        /* earthworks: the hedge kind stands for hasty earthworks too (ruling R-90) */
        if (gr->kind != LASALLE_G_HEDGE && gr->kind != LASALLE_G_ENTRENCHMENT) continue;
        if (lasalle_touches_obstacle(s, &g, k, LASALLE_CONTACT_EPS) && gr_seg_polyline_intersect(a, b, p->pts, p->npts))
            return 1;
    }
    return 0;
}
