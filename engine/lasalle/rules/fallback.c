/* fallback.c - DISR, breaking, fall-backs and advances (fallback.h). */
#include "fallback.h"
#include "town.h"
#include "command.h"
#include "footprint.h"
#include "ground.h"
#include "movelog.h"
#include "sweep.h"
#include "tables.h"

#include <math.h>
#include <stdio.h>

#define STEP_BW 0.05            /* fall-backs and advances are walked in steps of this length */
#define BEYOND_BW 12.0          /* a fall-back through friends goes at most this much beyond its distance */
#define ADVANCE_GAP 0.05        /* an advance stops this far short of the enemy */

int lasalle_add_disr(const lasalle_scenario *s, lasalle_state *st, int i, int n, const char *why, gr_log *log)
{
    const lasalle_unit_profile *p = &s->units[i];
    if (p->type == LASALLE_ART || n <= 0 || !lasalle_alive(st, i)) return 0;
    int disr = st->u[i].disr + n;
    st->u[i].disr = (uint8_t)(disr < p->nbases ? disr : p->nbases);
    gr_log_add(log, GR_EV_MOVE, p->side, "%s takes %d DISR %s (now %d of %d)", p->name, n, why, st->u[i].disr,
               p->nbases);
    /* a unit breaks when its DISR equals its bases [B Disruption, p.18] */
    if (st->u[i].disr >= p->nbases) {
        lasalle_break(s, st, i, "at its breaking point", log);
        return 1;
    }
    return 0;
}

void lasalle_break(const lasalle_scenario *s, lasalle_state *st, int i, const char *why, gr_log *log)
{
    if (!lasalle_alive(st, i)) return;
    st->u[i].status = LASALLE_BROKEN;
    gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s breaks %s", s->units[i].name, why);
}

lasalle_fb_way lasalle_fb_way_of(const gr_action *a)
{
    lasalle_fb_way w = {0, 0};
    if (a && a->type == LASALLE_A_FALLBACK) {
        w.dir = a->arg == 1 ? -1 : a->arg == 2 ? 1 : 0;
        w.wheel = a->p[0] * GR_PI / 180.0;
    }
    return w;
}

int lasalle_fallback_distance(const lasalle_scenario *s, int i, int die)
{
    if (s->units[i].type != LASALLE_INF) return die;
    return die % 2 ? 1 : 2;
}

int lasalle_rear_blocked(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    gr_rect h = lasalle_hull(s, st, i);
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (lasalle_directly_behind(&h, &g, 1.0)) return 1;
    }
    return 0;
}

typedef struct fb_walk {
    const lasalle_scenario *s;
    const lasalle_state *st;
    int i, dir;
    double wheel, arc;      /* the wheel declared (radians, + left) and its outer corner's arc in BW */
    int touch0[LASALLE_MAX_UNITS];
    /* the other live units' footprints, worked out once for every step of the walk (fb_hulls), with the
     * circle about each one's centre that holds it */
    gr_rect hull[LASALLE_MAX_UNITS];
    gr_vec2 centre[LASALLE_MAX_UNITS];
    double radius[LASALLE_MAX_UNITS];
} fb_walk;

static void fb_hulls(fb_walk *w)
{
    for (int j = 0; j < w->s->nunits; j++) {
        if (!lasalle_alive(w->st, j)) continue;
        w->hull[j] = lasalle_hull(w->s, w->st, j);
        w->centre[j] = gr_rect_centre(&w->hull[j]);
        w->radius[j] = hypot(w->hull[j].w, w->hull[j].d) / 2;
    }
}

/* h (its centre c, its circle's radius r) and unit j's footprint are farther apart than touching: their
 * circles are, by more than the touching distance and the rounding of the circles (both overlapping and
 * touching need the footprints within LASALLE_CONTACT_EPS) */
#define FB_CIRCLE_SLACK 1e-6
static int clear_of(const fb_walk *w, gr_vec2 c, double r, int j)
{
    return gr_v2_dist(c, w->centre[j]) - r - w->radius[j] > LASALLE_CONTACT_EPS + FB_CIRCLE_SLACK;
}

/* the pose `len` BW along the fall-back: the wheel first (its outer corner's arc counts), then straight */
static lasalle_pose at(const fb_walk *w, double len)
{
    const lasalle_unit_profile *p = &w->s->units[w->i];
    lasalle_pose a = lasalle_pose_of(w->st, w->i);
    if (w->wheel != 0) {
        double part = len < w->arc ? len / w->arc : 1;
        lasalle_motion m = lasalle_wheel(p, w->st->u[w->i].form, w->wheel * part, w->dir < 0);
        a = lasalle_pose_after(p, a, &m);
        len -= w->arc * part;
    }
    lasalle_motion m = lasalle_straight(w->dir * len, 0, len);
    return lasalle_pose_after(p, a, &m);
}

/* enemies, impassable ground and the table's edge stop a fall-back [D, p.39; ruling A-26] */
static int blocked(const fb_walk *w, double len)
{
    gr_rect h = lasalle_pose_hull(&w->s->units[w->i], at(w, len));
    if (lasalle_meets_st(w->s, w->st, &h, NULL) & (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_OFF_TABLE)) return 1;
    gr_vec2 c = gr_rect_centre(&h);
    double r = hypot(h.w, h.d) / 2;
    for (int j = 0; j < w->s->nunits; j++) {
        if (j == w->i || !lasalle_alive(w->st, j) || !lasalle_enemies(w->s, w->i, j) || clear_of(w, c, r, j)) continue;
        const gr_rect *g = &w->hull[j];
        if (lasalle_rects_overlap(&h, g) || (!w->touch0[j] && lasalle_rects_touch(&h, g))) return 1;
    }
    return 0;
}

/* a place it may stop: on no unit, across no obstacle, in no town, touching no enemy */
static int may_stop(const fb_walk *w, double len)
{
    lasalle_pose p = at(w, len);
    gr_rect h = lasalle_pose_hull(&w->s->units[w->i], p);
    if (lasalle_meets_st(w->s, w->st, &h, NULL) & (LASALLE_MEETS_OBSTACLE | LASALLE_MEETS_TOWN)) return 0;
    gr_vec2 c = gr_rect_centre(&h);
    double r = hypot(h.w, h.d) / 2;
    for (int j = 0; j < w->s->nunits; j++) { /* on no unit (lasalle_pose_overlaps), touching no enemy */
        if (j == w->i || !lasalle_alive(w->st, j) || clear_of(w, c, r, j)) continue;
        if (lasalle_rects_overlap(&h, &w->hull[j])) return 0;
        if (lasalle_enemies(w->s, w->i, j) && lasalle_rects_touch(&h, &w->hull[j])) return 0;
    }
    return 1;
}

/* this direction takes it away from every enemy touching it (after the wheel, when it wheels) */
static int away(const fb_walk *w)
{
    gr_rect h = lasalle_pose_hull(&w->s->units[w->i], at(w, w->arc + 0.25));
    for (int j = 0; j < w->s->nunits; j++) {
        if (!w->touch0[j]) continue;
        if (gr_rect_dist(&h, &w->hull[j]) <= LASALLE_CONTACT_EPS) return 0;
    }
    return 1;
}

/* where the walk is first blocked, its steps asked in order as far as a verdict needs them */
typedef struct fb_block {
    double at;   /* the first step blocked, INFINITY while none of those asked is */
    double next; /* the next step to ask */
    double limit;
} fb_block;

/* asks the steps not yet asked that `l < at - 1e-9` depends on (all of them: l INFINITY) */
static void block_upto(const fb_walk *w, fb_block *b, double l)
{
    while (isinf(b->at) && b->next <= b->limit + 1e-9 && !(l < b->next - 1e-9)) {
        if (blocked(w, b->next)) b->at = b->next;
        else b->next += STEP_BW;
    }
}

/* from its distance on, the first place it may stop short of being blocked, else back from there; the
 * steps where it is blocked are found only as far as the places tried need (the same steps, in the same
 * order, as a scan of them all) */
static lasalle_fb walk(const fb_walk *w, double dist, double *len)
{
    double limit = dist + BEYOND_BW;
    fb_block b = {INFINITY, STEP_BW, limit};
    for (double l = dist; l <= limit + 1e-9; l += STEP_BW) {
        block_upto(w, &b, l);
        if (!(l < b.at - 1e-9)) break;
        if (may_stop(w, l)) {
            *len = l;
            return LASALLE_FB_DONE;
        }
    }
    block_upto(w, &b, INFINITY);
    double block = b.at;
    for (double l = fmin(dist, block - STEP_BW); l >= 1.0 - 1e-9; l -= STEP_BW)
        if (may_stop(w, l)) {
            *len = l;
            return LASALLE_FB_SHORT;
        }
    return LASALLE_FB_BROKE;
}

lasalle_fb lasalle_fallback_probe(const lasalle_scenario *s, const lasalle_state *st, int i, double dist, double *x,
                                  double *y, int *dir)
{
    lasalle_pose end;
    double len;
    lasalle_fb r = lasalle_fallback_probe_way(s, st, i, dist, NULL, &end, dir, &len);
    *x = end.x;
    *y = end.y;
    return r;
}

/* the wheel declared, cut to the distance when its arc is longer */
static void wheel_of(fb_walk *w, const lasalle_fb_way *way, double dist)
{
    w->wheel = way ? way->wheel : 0;
    w->arc = fabs(w->wheel) * lasalle_hull(w->s, w->st, w->i).w;
    if (w->arc > dist && w->arc > 0) {
        w->wheel *= dist / w->arc;
        w->arc = dist;
    }
}

lasalle_fb lasalle_fallback_probe_way(const lasalle_scenario *s, const lasalle_state *st, int i, double dist,
                                      const lasalle_fb_way *way, lasalle_pose *end, int *dir, double *len_out)
{
    fb_walk w = {.s = s, .st = st, .i = i, .dir = -1};
    *end = lasalle_pose_of(st, i);
    *dir = -1;
    *len_out = 0;
    /* an enemy within 1 BW directly to the rear: no fall-back [D, p.37] */
    if (lasalle_rear_blocked(s, st, i)) return LASALLE_FB_BROKE;
    fb_hulls(&w);
    int touch[LASALLE_MAX_UNITS], nt = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    for (int k = 0; k < nt; k++) w.touch0[touch[k]] = 1;
    wheel_of(&w, way, dist);
    lasalle_fb best = LASALLE_FB_BROKE;
    double best_len = 0;
    int best_dir = -1;
    for (int d = -1; d <= 1; d += 2) {
        if (way && way->dir && d != way->dir) continue; /* the direction the player declared [D, p.38] */
        w.dir = d;
        if (!away(&w)) continue;
        double len = 0;
        lasalle_fb r = walk(&w, dist, &len);
        if (r < best) {
            best = r;
            best_len = len;
            best_dir = d;
        }
        if (best == LASALLE_FB_DONE) break;
    }
    w.dir = best_dir;
    *end = at(&w, best_len);
    *dir = best_dir;
    *len_out = best_len;
    return best;
}

/* the friends it passed test their discipline, or take a DISR [D, p.39] */
static int pass_friends(const lasalle_scenario *s, lasalle_state *st, int i, lasalle_pose from, double len, int dir,
                        const fb_walk *w, const gr_ctx *cx)
{
    const lasalle_unit_profile *p = &s->units[i];
    lasalle_path path = {1, {lasalle_straight(dir * len, 0, len)}};
    if (w->wheel != 0) {
        path.m[0] = lasalle_wheel(p, st->u[i].form, w->wheel, dir < 0);
        path.m[path.n++] = lasalle_straight(dir * (len - w->arc), 0, len - w->arc);
    }
    lasalle_sweep sw;
    lasalle_sweep_path(s, st, i, from, &path, 0, &sw);
    for (int k = 0; k < sw.npass; k++) {
        int j = sw.pass[k];
        const lasalle_unit_profile *q = &s->units[j];
        if (p->type == LASALLE_ART || q->type == LASALLE_ART || p->discipline == LASALLE_IRREGULAR ||
            q->discipline == LASALLE_IRREGULAR || lasalle_enemies(s, i, j))
            continue;
        /* a friend Deployed(Town) holds the buildings and is passed with no test [G Towns, p.69-70] */
        if (st->u[j].form == LASALLE_TOWN) continue;
        char why[96];
        snprintf(why, sizeof why, "%s falling back through it", p->name);
        int pass = lasalle_disc_test(s, st, j, why, cx, NULL);
        if (pass < 0) return -1;
        if (!pass) lasalle_add_disr(s, st, j, 1, "from the units falling back through it", cx ? cx->log : NULL);
    }
    return 0;
}

int lasalle_fallback(const lasalle_scenario *s, lasalle_state *st, int i, double dist, int reaction,
                     const gr_ctx *cx, lasalle_fb *out)
{
    return lasalle_fallback_way(s, st, i, dist, reaction, NULL, cx, out);
}

int lasalle_fallback_way(const lasalle_scenario *s, lasalle_state *st, int i, double dist, int reaction,
                         const lasalle_fb_way *way, const gr_ctx *cx, lasalle_fb *out)
{
    gr_log *log = cx ? cx->log : NULL;
    lasalle_pose end;
    double path_len;
    int dir;
    lasalle_pose from = lasalle_pose_of(st, i);
    fb_walk w = {.s = s, .st = st, .i = i, .dir = -1};
    wheel_of(&w, way, dist);
    *out = lasalle_fallback_probe_way(s, st, i, dist, way, &end, &dir, &path_len);
    if (*out == LASALLE_FB_BROKE) {
        if (reaction) {
            *out = LASALLE_FB_NONE;
            gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s cannot get clear in %g BW and stays (ruling A-49)",
                       s->units[i].name, dist);
            return 0;
        }
        lasalle_break(s, st, i, "for it cannot fall back (D, p.39)", log);
        return 0;
    }
    double len = w.wheel != 0 ? path_len : hypot(end.x - from.x, end.y - from.y);
    char d[32], wh[48] = "";
    lasalle_fmt_bw(d, sizeof d, len);
    if (w.wheel != 0) snprintf(wh, sizeof wh, ", wheeling %.0f degrees %s", fabs(w.wheel) * 180.0 / GR_PI,
                               w.wheel > 0 ? "left" : "right");
    gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s falls back %s BW%s%s", s->units[i].name, d,
               dir > 0 ? " (forward, away from the enemy)" : "", wh);
    if (pass_friends(s, st, i, from, len, dir, &w, cx) < 0) return -1;
    st->u[i].x = end.x;
    st->u[i].y = end.y;
    lasalle_unit_set_heading(&st->u[i], gr_angle_norm(end.h));
    /* it stops in no town base (may_stop): a column in two files there goes on as a column again, the
     * footprint the walk checked (ruling R-50) */
    lasalle_set_form(&st->u[i], st->u[i].form);
    if (*out == LASALLE_FB_SHORT) lasalle_add_disr(s, st, i, 1, "for falling back short (D, p.39)", log);
    return 0;
}

/* the advance is stopped here: enemies near, friends, impassable ground, obstacles, towns, the edge */
static int advance_stops(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose p, int town_ok)
{
    gr_rect h = lasalle_pose_hull(&s->units[i], p);
    int m = lasalle_meets_st(s, st, &h, NULL);
    if (m & (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_OFF_TABLE | LASALLE_MEETS_OBSTACLE)) return 1;
    if ((m & LASALLE_MEETS_TOWN) && !town_ok) return 1;
    if (lasalle_pose_overlaps(s, st, i, p, -1) >= 0) return 1;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (gr_rect_within(&h, &g, ADVANCE_GAP)) return 1;
    }
    return 0;
}

/* a garrison that broke the unit in the town base it attacked takes that base, still deployed [G Towns, p.70] */
static double advance_in_town(const lasalle_scenario *s, lasalle_state *st, int i, gr_log *log)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect h0 = lasalle_hull(s, st, i);
    lasalle_pose to = lasalle_pose_of(st, i);
    to.x += LASALLE_TOWN_BW * cos(to.h);
    to.y += LASALLE_TOWN_BW * sin(to.h);
    gr_rect h = lasalle_pose_hull(p, to);
    int k = lasalle_town_of(s, &h);
    if (k < 0 || k == lasalle_town_of(s, &h0) || lasalle_town_holder(s, st, k, i) >= 0) return 0;
    st->u[i].x = to.x;
    st->u[i].y = to.y;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s advances into the town base %s and stays Deployed(Town) (G, p.70)",
               p->name, s->terrain.p[k].name);
    return LASALLE_TOWN_BW;
}

/* infantry advancing into an empty town base: in when half its bases get in within the distance, placed in
 * March like any unit ending a move there [E, p.60; G Towns, p.68]; the distance moved, 0 when it may not */
static double advance_into_town(const lasalle_scenario *s, lasalle_state *st, int i, double from_l, double dist,
                                gr_log *log)
{
    const lasalle_unit_profile *p = &s->units[i];
    lasalle_pose from = lasalle_pose_of(st, i);
    if (p->type != LASALLE_INF) return 0; /* cavalry never advances into a town [E, p.60] */
    for (double l = from_l; l <= dist + 1e-9; l += STEP_BW) {
        lasalle_motion m = lasalle_straight(l, 0, l);
        lasalle_pose q = lasalle_pose_after(p, from, &m);
        if (advance_stops(s, st, i, q, 1)) return 0;
        if (lasalle_town_move_end(s, st, i, &q, NULL) != 1) continue;
        gr_rect h = lasalle_pose_hull(p, q);
        int k = lasalle_town_of(s, &h);
        st->u[i].x = q.x;
        st->u[i].y = q.y;
        lasalle_unit_set_heading(&st->u[i], q.h);
        lasalle_set_form(&st->u[i], q.form);
        gr_log_add(log, GR_EV_MOVE, p->side, "%s advances into the town base %s and stands in it in March (E, p.60; "
                   "G, p.68)", p->name, k >= 0 ? s->terrain.p[k].name : "?");
        return l;
    }
    return 0;
}

double lasalle_advance(const lasalle_scenario *s, lasalle_state *st, int i, double dist, gr_log *log)
{
    if (st->u[i].form == LASALLE_TOWN) return advance_in_town(s, st, i, log);
    lasalle_pose from = lasalle_pose_of(st, i), best = from;
    double moved = 0;
    for (double l = STEP_BW; l <= dist + 1e-9; l += STEP_BW) {
        lasalle_motion m = lasalle_straight(l, 0, l);
        lasalle_pose p = lasalle_pose_after(&s->units[i], from, &m);
        if (advance_stops(s, st, i, p, 0)) {
            double in = advance_into_town(s, st, i, l, dist, log);
            if (in > 0) return in;
            break;
        }
        best = p;
        moved = l;
    }
    if (moved <= 0) return 0;
    st->u[i].x = best.x;
    st->u[i].y = best.y;
    lasalle_set_form(&st->u[i], st->u[i].form); /* out of the town base, one file again (ruling R-50) */
    char d[32];
    lasalle_fmt_bw(d, sizeof d, moved);
    gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s advances %s BW (E, p.60)", s->units[i].name, d);
    return moved;
}
