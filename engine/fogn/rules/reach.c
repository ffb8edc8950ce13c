/* reach.c - assault reach (§6.1 item 3, §6.5, §22.1 G5, §22.2 item 6): can a
 * unit wheel toward an enemy and go straight into contact with it within
 * its move, over the worst ground crossed and through only the friends an
 * assault may pass? Also the pause 2 MU short of the target for close
 * defensive fire (§6.10) and intercepts (§6.9), which are searched with the
 * same machinery. See contact.h; contact.c carries the contact out. */
#include "contact.h"
#include "crossing.h"
#include "building.h"
#include "obstacle.h"
#include "sweep.h"
#include "view.h"
#include "move.h"
#include "movetable.h"
#include "../../core/words.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#define DEG (GR_PI / 180.0)
#define TOL FOGN_CONTACT_TOL
#define T_EPS 1e-9
/* the margin by which a unit must clear the box of a path's sweep to be
 * passed over unexamined (off_the_sweep); any margin keeps the verdicts */
#define REACH_BOX_SLACK 1e-6
#define BISECT_STEPS 60
#define MAX_TRIES 64

/* what every try of one reach question shares */
typedef struct reach_ctx {
    const fogn_scenario *s;
    const fogn_state *st;
    int a, b;
    const fogn_reach_opts *o;
    gr_rect start;
    gr_rect brect[2];
    int nb;
    int pivot;       /* GR_FL (wheel left) or GR_FR (wheel right) */
    gr_vec2 pv;      /* that corner of start */
    double sign;     /* +1 left (counter-clockwise), -1 right */
    int nobs;        /* the walls, hedges and water the target defends (§6.1 item 3) */
    int obs[GR_TERRAIN_MAX];
    int start_ground; /* the worst ground under the start (as path_ground counts it); -1 not asked */
} reach_ctx;

/* what an assault meets: the footprint, or a building garrison's perimeter
 * (FOGN_R_BLD_MET_ON_PERIMETER) */
static int rects_of(const fogn_scenario *s, const fogn_state *st, int i, gr_rect out[2])
{
    return fogn_bld_meet_rects(s, st, i, out);
}

/* --- the ground along a path (the idea of read_terrain in move_check_terrain.c) ------------------------ */

typedef struct ground {
    int worst;        /* fogn_move_class */
    int deep_water;   /* crosses shoulder-high water or a torrent off a bridge or ford (§6.1) */
} ground;

static void path_ground(const fogn_scenario *s, fogn_sweep *sw, ground *g)
{
    const gr_terrain *t = &s->terrain;
    g->worst = FOGN_MC_OPEN;
    g->deep_water = 0;
    for (int k = 0; k < t->n; k++) {
        const gr_terrain_piece *pc = &t->p[k];
        /* open ground that is no obstacle (roads, gentle hills, fords) changes nothing */
        if (!fogn_piece_hinders_move(pc) || !fogn_sweep_near(sw, pc)) continue;
        int under = 0;
        for (int i = 0; i < sw->n && !under; i++) under = fogn_sweep_touches(sw, i, pc);
        if (!under) continue;
        int mc = fogn_piece_move_class(pc);
        if (mc > g->worst) g->worst = mc;
        if ((pc->type != GR_T_RIVER && pc->type != GR_T_STREAM) ||
            (pc->grade != GR_WATER_SHOULDER && pc->grade != GR_WATER_TORRENT))
            continue;
        for (int i = 0; i < sw->n; i++) {
            if (!fogn_sweep_touches(sw, i, pc)) continue;
            int covered = 0;
            for (int q = 0; q < t->n && !covered; q++) {
                const gr_terrain_piece *bp = &t->p[q];
                if ((bp->type == GR_T_BRIDGE || bp->type == GR_T_FORD) &&
                    fogn_sweep_touches(sw, i, bp))
                    covered = 1;
            }
            if (!covered) g->deep_water = 1;
        }
    }
}

/* The worst ground under one footprint, as path_ground counts it for the
 * polygon a sweep holds for that footprint (the same corners, box and
 * tests): a path that starts or ends there crosses at least this */
static int ground_under(const fogn_scenario *s, const gr_rect *r)
{
    fogn_sweep one;
    fogn_sweep_clear(&one);
    fogn_sweep_rect(&one, r);
    int worst = FOGN_MC_OPEN;
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *pc = &s->terrain.p[k];
        if (!fogn_piece_hinders_move(pc) || !fogn_sweep_near(&one, pc) || !fogn_sweep_touches(&one, 0, pc)) continue;
        int mc = fogn_piece_move_class(pc);
        if (mc > worst) worst = mc;
    }
    return worst;
}

/* §6.1 item 3, §15.8 (FOGN_R_ASSAULT_NOT_OVER_OBSTACLE): an assault's path
 * is a normal advance, which goes into or over a wall or a hedge only where
 * the target defends it (the advance then ends at its front) or where the
 * assaulter already stands in it. Water is not asked here: the book lets an
 * assault go through water where its depth permits (§6.1, §15.7), which
 * path_ground judges. The wall or hedge the path crosses otherwise, or -1. */
static int path_over_obstacle(const fogn_scenario *s, const gr_rect *start, const int *defended, int ndef,
                              fogn_sweep *sw)
{
    if (!FOGN_R_ASSAULT_NOT_OVER_OBSTACLE) return -1;
    const gr_terrain *t = &s->terrain;
    for (int k = 0; k < t->n; k++) {
        const gr_terrain_piece *pc = &t->p[k];
        if ((pc->type != GR_T_WALL && pc->type != GR_T_HEDGE) || !fogn_sweep_near(sw, pc)) continue;
        int mine = 0;
        for (int q = 0; q < ndef && !mine; q++) mine = defended[q] == k;
        if (mine) continue;
        int over = 0;
        for (int i = 0; i < sw->n && !over; i++) {
            int np;
            const gr_vec2 *poly = fogn_sweep_poly(sw, i, &np);
            over = fogn_cross_overlaps(pc, poly, np);
        }
        if (over && !fogn_cross_rect_overlaps(pc, start)) return k;
    }
    return -1;
}

/* does any polygon of the sweep with index in [from, to) overlap r (more
 * than touching: r is shrunk by the contact tolerance first)? */
static bool sweep_overlaps(fogn_sweep *sw, int from, int to, const gr_rect *r)
{
    gr_rect shrunk = *r;
    if (shrunk.w <= 2 * TOL || shrunk.d <= 2 * TOL) return false;
    shrunk.w -= 2 * TOL;
    shrunk.d -= 2 * TOL;
    shrunk.fc = gr_v2_sub(shrunk.fc, gr_v2_scale(gr_rect_fwd(r), TOL));
    gr_vec2 c[4];
    gr_rect_corners(&shrunk, c);
    double box[4];
    fogn_rect_box(&shrunk, box);
    for (int i = from; i < to && i < sw->n; i++) {
        if (!fogn_boxes_meet(sw->box[i], box)) continue;
        if (fogn_sweep_meets_rect(sw, i, &shrunk, c)) return true;
    }
    return false;
}

/* §6.1: may an assault pass through friend q of assaulter a? */
static bool assault_may_pass(const fogn_scenario *s, const fogn_state *st, int a, int q)
{
    const fogn_unit_profile *fp = &s->units[q];
    const fogn_unit *fu = &st->u[q];
    fogn_arm arm = fogn_troop_arm((fogn_troop)fp->troop);
    if (arm == FOGN_ARM_CAV) return false;
    if (arm == FOGN_ARM_ART) return true;
    if (fu->cohesion == FOGN_BROKEN) return false;
    if (fp->division == s->units[a].division) return true;
    return fu->formation == FOGN_F_SKIRMISH || fu->formation == FOGN_F_SKIRMISH_LINE;
}

/* --- §6.5 aiming -------------------------------------------------------------------------------------- */

static bool clip1(double p0, double dp, double lo, double hi, double *tmin, double *tmax)
{
    if (fabs(dp) < 1e-15) return p0 >= lo && p0 <= hi;
    double t0 = (lo - p0) / dp, t1 = (hi - p0) / dp;
    if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
    if (t0 > *tmin) *tmin = t0;
    if (t1 < *tmax) *tmax = t1;
    return *tmin <= *tmax;
}

/* does the ray from p along unit vector d meet rectangle r? */
static bool ray_hits(gr_vec2 p, gr_vec2 d, const gr_rect *r)
{
    gr_vec2 rel = gr_v2_sub(p, r->fc), f = gr_rect_fwd(r), rt = gr_rect_right(r);
    double tmin = 0, tmax = INFINITY;
    return clip1(gr_v2_dot(rel, f), gr_v2_dot(d, f), -r->d, 0, &tmin, &tmax) &&
           clip1(gr_v2_dot(rel, rt), gr_v2_dot(d, rt), -0.5 * r->w, 0.5 * r->w, &tmin, &tmax);
}

static gr_rect wheeled(const reach_ctx *c, double theta)
{
    if (theta == 0) return c->start;
    return gr_rect_rotate_about(&c->start, c->pv, c->sign * theta); /* gr_rect_wheel, the corner found once */
}

/* where the centre of the unit wheeled by theta stands and which way it faces */
typedef struct aim_pose {
    gr_vec2 centre, f;
} aim_pose;

static aim_pose aim_pose_at(const reach_ctx *c, double theta)
{
    gr_rect w = wheeled(c, theta);
    aim_pose p = {gr_rect_centre(&w), gr_rect_fwd(&w)};
    return p;
}

/* The poses at the scan's angles, k steps of FOGN_REACH_AIM_SCAN_DEG up to
 * the largest wheel: both scans of aim_angles read them, so each pose
 * worked out is kept and the other scan reads it (the same pose from the
 * same angle) */
#define AIM_SCAN_MAX 128 /* the 91 poses of 1-degree steps to 90; any beyond are worked out each time */
typedef struct aim_scan {
    double step, cap;
    int nsteps;
    bool have[AIM_SCAN_MAX];
    aim_pose p[AIM_SCAN_MAX];
} aim_scan;

static double scan_angle(const aim_scan *a, int k) { return gr_min(k * a->step, a->cap); }

static aim_pose scan_pose(const reach_ctx *c, aim_scan *a, int k)
{
    if (k < AIM_SCAN_MAX && a->have[k]) return a->p[k];
    aim_pose p = aim_pose_at(c, scan_angle(a, k));
    if (k < AIM_SCAN_MAX) {
        a->p[k] = p;
        a->have[k] = true;
    }
    return p;
}

/* some part of the target lies on the line straight ahead of the centre */
static bool aimed(const reach_ctx *c, aim_pose p)
{
    for (int k = 0; k < c->nb; k++)
        if (ray_hits(p.centre, p.f, &c->brect[k])) return true;
    return false;
}

/* how far the target's front-edge centre still lies to the wheeling side of
 * the centre line (<= 0: dead ahead or past it); *ahead: it is in front */
static double aim_side(const reach_ctx *c, aim_pose p, gr_vec2 bfc, int *ahead)
{
    gr_vec2 rel = gr_v2_sub(bfc, p.centre);
    *ahead = gr_v2_dot(rel, p.f) > 0;
    return c->sign * gr_v2_cross(p.f, rel);
}

/* Scan steps whose answer is already known, skipped. Wheeling by t turns
 * the unit about the pivot pv, so the centre C and the facing f turn
 * together and cross(f, P - C) = cross(f, P - pv) - cross(f0, C0 - pv):
 * a point P's offset from the line straight ahead of the centre changes
 * by at most |P - pv| a radian. An offset v (> AIM_SKIP_SLACK) keeps its
 * sign over (v - AIM_SKIP_SLACK) / |P - pv| radians more; the slack stands
 * far above the rounding of the offsets, so a skipped step is one the scan
 * would have tested and passed over. */
#define AIM_SKIP_SLACK 1e-7

/* the target's corners and how fast their offsets can change */
typedef struct aim_marks {
    gr_vec2 pt[8];
    double rate[8];
    int n;
} aim_marks;

static void aim_marks_of(const reach_ctx *c, aim_marks *m)
{
    m->n = 0;
    for (int k = 0; k < c->nb; k++) {
        gr_rect_corners(&c->brect[k], m->pt + m->n);
        m->n += 4;
    }
    for (int j = 0; j < m->n; j++) m->rate[j] = gr_v2_len(gr_v2_sub(m->pt[j], c->pv));
}

/* radians more of wheel over which the line ahead surely misses the
 * target: every corner stays on the side of it where it is now */
static double aim_line_clear(const aim_marks *m, aim_pose p)
{
    double room = INFINITY;
    int side = 0;
    for (int j = 0; j < m->n; j++) {
        double v = gr_v2_cross(p.f, gr_v2_sub(m->pt[j], p.centre));
        int sj = v > AIM_SKIP_SLACK ? 1 : v < -AIM_SKIP_SLACK ? -1 : 0;
        if (sj == 0 || (side != 0 && sj != side)) return 0;
        side = sj;
        room = fmin(room, (fabs(v) - AIM_SKIP_SLACK) / m->rate[j]);
    }
    return room;
}

/* the last step k2 >= k of the scan lying less than `room` beyond step k */
static int aim_skip(const aim_scan *a, int k, double room)
{
    double th = scan_angle(a, k);
    while (k < a->nsteps && scan_angle(a, k + 1) - th < room) k++;
    return k;
}

static void aim_angles(const reach_ctx *c, gr_vec2 bfc, double *amin, double *amax)
{
    aim_scan a;
    a.step = FOGN_REACH_AIM_SCAN_DEG * DEG;
    a.cap = FOGN_MAX_WHEEL_DEG * DEG;
    a.nsteps = (int)ceil(a.cap / a.step - 1e-9);
    memset(a.have, 0, sizeof a.have);
    aim_marks m;
    aim_marks_of(c, &m);
    int nsteps = a.nsteps;
    *amin = INFINITY;
    *amax = a.cap;
    double prev = 0;
    for (int k = 0; k <= nsteps; k++) {
        double th = scan_angle(&a, k);
        aim_pose pk = scan_pose(c, &a, k);
        if (aimed(c, pk)) {
            if (k == 0) { *amin = 0; break; }
            double lo = prev, hi = th;
            /* wheels in [lo_at, lo_at + lo_room) surely miss, as the last
             * pose worked out that missed showed (aim_line_clear): a step
             * there is taken without its pose */
            double lo_at = lo, lo_room = 0;
            for (int i = 0; i < BISECT_STEPS; i++) {
                double mid = 0.5 * (lo + hi);
                /* no double between lo and hi: every further step would
                 * test lo (not aimed) or hi (aimed) and change nothing */
                if (mid == lo || mid == hi) break;
                if (mid - lo_at < lo_room) {
                    lo = mid;
                    continue;
                }
                aim_pose pm = aim_pose_at(c, mid);
                if (aimed(c, pm)) {
                    hi = mid;
                } else {
                    lo = lo_at = mid;
                    lo_room = aim_line_clear(&m, pm);
                }
            }
            *amin = hi;
            break;
        }
        k = aim_skip(&a, k, aim_line_clear(&m, pk)); /* steps sure to miss as this one did */
        prev = scan_angle(&a, k);
    }
    int ahead;
    double v0 = aim_side(c, scan_pose(c, &a, 0), bfc, &ahead);
    if (v0 <= 1e-9) { *amax = 0; return; }
    double rate = gr_v2_len(gr_v2_sub(bfc, c->pv));
    for (int k = 1 + aim_skip(&a, 0, (v0 - AIM_SKIP_SLACK) / rate); k <= nsteps; k++) {
        double th = scan_angle(&a, k);
        double v = aim_side(c, scan_pose(c, &a, k), bfc, &ahead);
        if (v <= 0 && ahead) {
            double lo = scan_angle(&a, k - 1), hi = th;
            int lo_out = k == 1; /* aim_side(lo) > 0 is known (at 0 it was tested above) */
            /* the offset changes by at most `rate` a radian: the last ones
             * worked out on either side (lo_v > 0 at lo_at, hi_v <= 0 at
             * hi_at) settle the steps near them by more than AIM_SKIP_SLACK,
             * which are taken without their poses */
            double lo_at = lo, lo_v = -INFINITY, hi_at = hi, hi_v = v;
            for (int i = 0; i < BISECT_STEPS; i++) {
                double mid = 0.5 * (lo + hi);
                /* no double between lo and hi: a step testing hi (<= 0), or lo
                 * when it is known to be > 0, changes nothing, nor do the rest */
                if (mid == hi || (mid == lo && lo_out)) break;
                int ah;
                if (lo_v - rate * (mid - lo_at) > AIM_SKIP_SLACK) {
                    lo = mid;
                    lo_out = 1;
                } else if (hi_v + rate * (hi_at - mid) < -AIM_SKIP_SLACK) {
                    hi = mid;
                } else {
                    double vm = aim_side(c, aim_pose_at(c, mid), bfc, &ah);
                    if (vm <= 0) {
                        hi = hi_at = mid;
                        hi_v = vm;
                    } else {
                        lo = lo_at = mid;
                        lo_v = vm;
                        lo_out = 1;
                    }
                }
            }
            *amax = hi;
            return;
        }
        /* steps over which the front-edge centre surely stays to the wheeling side */
        if (v > AIM_SKIP_SLACK) k = aim_skip(&a, k, (v - AIM_SKIP_SLACK) / rate);
    }
}

/* --- one try: a given wheel, then straight ------------------------------------------------------------ */

/* what one try works out, step by step */
typedef struct wheel_try {
    double theta;         /* the wheel, radians (turned by c->sign) */
    double arc;           /* the distance its outer corner goes */
    gr_rect w;            /* the pose after the wheel */
    gr_vec2 u;            /* straight ahead of it */
    double tc;            /* how far straight on to the first touch */
    int across;           /* the obstacle the target defends, met first; -1 none */
    fogn_contact obs_ct;  /* the contact across it */
    fogn_sweep sw;        /* the path: start, wheel, straight run, end */
    int nwheel;           /* the polygons of sw up to the end of the wheel */
    gr_rect end;
    ground g;
    double allow;
    uint64_t through;     /* the friends passed through */
    int first_through;
} wheel_try;

/* how far straight on after the wheel the target is first touched, or the
 * front of an obstacle it defends (§6.1 item 3), met first, ends the advance */
static int first_touch(const reach_ctx *c, wheel_try *wt, gr_error *err)
{
    const fogn_scenario *s = c->s;
    const fogn_unit_profile *p = &s->units[c->a];
    const fogn_unit_profile *pb = &s->units[c->b];
    double theta = wt->theta;
    wt->tc = INFINITY;
    for (int k = 0; k < c->nb; k++) {
        double lo, hi;
        if (!fogn_rect_window(&wt->w, wt->u, &c->brect[k], 0, &lo, &hi) || hi <= T_EPS) continue;
        if (lo < -T_EPS) return gr_error_set(err, "a wheel of %.1f degrees runs into %s", theta / DEG, pb->name);
        if (lo < wt->tc) wt->tc = lo < 0 ? 0 : lo;
    }
    if (!isfinite(wt->tc))
        return gr_error_set(err, "going straight after a wheel of %.1f degrees %s would miss %s", theta / DEG, p->name,
                            pb->name);
    wt->across = -1;
    for (int q = 0; q < c->nobs && FOGN_OBS_STOP_AT_FRONT; q++) {
        double t;
        if (fogn_obs_first_touch(&s->terrain.p[c->obs[q]], &wt->w, wt->u, wt->tc, &t) && t < wt->tc - T_EPS) {
            wt->tc = t;
            wt->across = c->obs[q];
        }
    }
    if (wt->across >= 0) {
        gr_rect at = gr_rect_advance(&wt->w, wt->tc, 0);
        if (!fogn_obs_rect_contact(s, c->st, c->a, &at, c->b, wt->across, &wt->obs_ct))
            return gr_error_set(err, "after a wheel of %.1f degrees %s would meet %s, but not across from %s (§6.1)",
                                theta / DEG, p->name, s->terrain.p[wt->across].name, pb->name);
    }
    return 0;
}

/* beyond even the open-ground move: refused with no need to look at the path */
static int within_open_move(const reach_ctx *c, const wheel_try *wt, gr_error *err)
{
    const fogn_unit_profile *p = &c->s->units[c->a];
    const fogn_unit_profile *pb = &c->s->units[c->b];
    if (c->o->allowance > 0) return 0;
    double open = fogn_allowance(c->s, p, &c->st->u[c->a], FOGN_MC_OPEN);
    double used = wt->tc + ((FOGN_REACH_ARC_COUNTS && !c->o->arc_free) ? wt->arc : 0);
    double max_arc = c->o->max_arc > 0 ? c->o->max_arc : FOGN_WHEEL_ARC_FRACTION * open;
    if (open >= 0 && wt->arc > max_arc + T_EPS)
        return gr_error_set(err, "a wheel of %.1f degrees sweeps %.2f MU: at most %.2f (§6.5)", wt->theta / DEG, wt->arc,
                            max_arc);
    if (open >= 0 && used > open + T_EPS)
        return gr_error_set(err, "%s is %.2f MU away along the path: %s moves %.4g MU at most (§6.1)", pb->name,
                            used, p->name, open);
    return 0;
}

/* the path swept: the wheel (on the table all the way, clear of the
 * target), the straight run and the end */
static int sweep_path(const reach_ctx *c, wheel_try *wt, gr_error *err)
{
    const fogn_scenario *s = c->s;
    fogn_sweep *sw = &wt->sw;
    fogn_sweep_clear(sw);
    fogn_sweep_rect(sw, &c->start);
    if (wt->theta != 0) {
        gr_vec2 pv = c->pv;
        /* the sampled poses are the wheels gr_rect_wheel gives for each sample angle */
        gr_rect poses[FOGN_REACH_WHEEL_SAMPLES];
        fogn_sweep_rotation_poses(sw, &c->start, pv, c->sign * wt->theta, FOGN_REACH_WHEEL_SAMPLES, poses);
        for (int i = 1; i <= FOGN_REACH_WHEEL_SAMPLES; i++)
            if (!fogn_rect_on_table(s, &poses[i - 1]))
                return gr_error_set(err, "%s would leave the table wheeling", s->units[c->a].name);
    }
    wt->nwheel = sw->n;
    for (int k = 0; k < c->nb && wt->theta != 0; k++)
        if (sweep_overlaps(sw, 1, sw->n, &c->brect[k]))
            return gr_error_set(err, "a wheel of %.1f degrees runs into %s", wt->theta / DEG, s->units[c->b].name);
    wt->end = gr_rect_advance(&wt->w, wt->tc, 0);
    fogn_sweep_pair(sw, &wt->w, &wt->end);
    fogn_sweep_rect(sw, &wt->end);
    if (sw->overflow) return gr_error_set(err, "path too complex to check");
    return 0;
}

/* the ground along the path and the allowance over it (§6.1, §6.5, §6.9) */
static int ground_and_allowance(const reach_ctx *c, wheel_try *wt, gr_error *err)
{
    const fogn_scenario *s = c->s;
    const fogn_unit_profile *p = &s->units[c->a];
    const fogn_unit_profile *pb = &s->units[c->b];
    ground *g = &wt->g;
    path_ground(s, &wt->sw, g);
    if (g->worst == FOGN_MC_IMPASSABLE) return gr_error_set(err, "the path to %s crosses impassable ground", pb->name);
    if (g->deep_water)
        return gr_error_set(err, "the path to %s crosses deep water off a bridge or ford (§6.1)", pb->name);
    int over = path_over_obstacle(s, &c->start, c->obs, c->nobs, &wt->sw);
    if (over >= 0)
        return gr_error_set(err, "the path to %s goes over %s (t%d), which %s does not defend: an assault is a normal "
                            "advance, which crosses an obstacle only by a move of its own (§6.1, §15.8)",
                            pb->name, s->terrain.p[over].name, over, pb->name);
    if (c->o->no_difficult && g->worst >= FOGN_MC_DIFFICULT)
        return gr_error_set(err, "the path to %s crosses difficult ground (§6.9)", pb->name);
    double allow = c->o->allowance > 0 ? c->o->allowance : fogn_allowance(s, p, &c->st->u[c->a], (fogn_move_class)g->worst);
    wt->allow = allow;
    if (allow < 0)
        return gr_error_set(err, "%s cannot move in %s ground", p->name, fogn_move_class_name((fogn_move_class)g->worst));
    double max_arc = c->o->max_arc > 0 ? c->o->max_arc : FOGN_WHEEL_ARC_FRACTION * allow;
    if (wt->arc > max_arc + T_EPS)
        return gr_error_set(err, "a wheel of %.1f degrees sweeps %.2f MU: at most %.2f (§6.5)", wt->theta / DEG, wt->arc,
                            max_arc);
    double used = wt->tc + ((FOGN_REACH_ARC_COUNTS && !c->o->arc_free) ? wt->arc : 0);
    if (used > allow + T_EPS)
        return gr_error_set(err, "%s is %.2f MU away along the path: %s moves %.4g MU in %s ground (§6.1)", pb->name, used,
                            p->name, allow, fogn_move_class_name((fogn_move_class)g->worst));
    if (!fogn_rect_on_table(s, &wt->end)) return gr_error_set(err, "%s would leave the table", p->name);
    return 0;
}

/* A try ground_and_allowance is sure to refuse, told before the path is
 * swept: the path covers the footprints at its start and its end, so its
 * worst ground is at least theirs, and for that class and every worse one
 * the allowance is too short for the wheel's arc or for the whole way (or
 * the ground may not be crossed). The try fails whatever the sweep would
 * show, and before any unit on the path is looked at */
static bool short_on_any_path(const reach_ctx *c, const wheel_try *wt)
{
    const fogn_scenario *s = c->s;
    if (c->o->allowance > 0 || c->start_ground < 0) return false;
    gr_rect end = gr_rect_advance(&wt->w, wt->tc, 0); /* as sweep_path places it */
    int least = c->start_ground, e = ground_under(s, &end);
    if (e > least) least = e;
    if (least == FOGN_MC_OPEN) return false; /* open ground passed within_open_move */
    for (int mc = least; mc <= FOGN_MC_DIFFICULT; mc++) {
        if (c->o->no_difficult && mc >= FOGN_MC_DIFFICULT) continue;
        double allow = fogn_allowance(s, &s->units[c->a], &c->st->u[c->a], (fogn_move_class)mc);
        if (allow < 0) continue;
        double max_arc = c->o->max_arc > 0 ? c->o->max_arc : FOGN_WHEEL_ARC_FRACTION * allow;
        if (wt->arc > max_arc + T_EPS) continue;
        double used = wt->tc + ((FOGN_REACH_ARC_COUNTS && !c->o->arc_free) ? wt->arc : 0);
        if (used > allow + T_EPS) continue;
        return false; /* on this ground the try could pass */
    }
    return true;
}

/* a unit whose radius about its front-edge centre (fogn_bld_meet_reach,
 * holding every rectangle rects_of gives) keeps it off the box of every
 * polygon swept (sw->all: the start, the wheel, the straight run and the
 * end) overlaps none of them: the checks below would pass it over */
static bool off_the_sweep(const fogn_scenario *s, const fogn_state *st, const fogn_sweep *sw, int q)
{
    const fogn_unit *u = &st->u[q];
    double r = fogn_bld_meet_reach(s, st, q) + REACH_BOX_SLACK;
    const double box[4] = {u->x - r, u->y - r, u->x + r, u->y + r};
    return !fogn_boxes_meet(sw->all, box);
}

/* other units on the path: no enemy; only friends an assault may pass
 * through (§6.1), and none at the end; *blocker names the unit in the way */
static int units_on_path(const reach_ctx *c, wheel_try *wt, int *blocker, gr_error *err)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    const fogn_unit_profile *p = &s->units[c->a];
    wt->through = 0;
    wt->first_through = -1;
    for (int q = 0; q < s->nunits; q++) {
        if (q == c->a || q == c->b || (c->o->ignore >> q) & 1u || !fogn_unit_alive(&st->u[q])) continue;
        if (off_the_sweep(s, st, &wt->sw, q)) continue;
        gr_rect rq[2];
        int n = rects_of(s, st, q, rq);
        int crossed = 0, at_end = 0;
        for (int j = 0; j < n; j++) {
            double lo, hi;
            if (fogn_rect_window(&wt->w, wt->u, &rq[j], GR_EPS, &lo, &hi) && hi > T_EPS && lo < wt->tc - T_EPS) {
                crossed = 1;
                if (hi > wt->tc + T_EPS) at_end = 1;
            }
            if (wt->theta != 0 && sweep_overlaps(&wt->sw, 1, wt->nwheel, &rq[j])) crossed = 1;
        }
        if (!crossed) continue;
        *blocker = q;
        const fogn_unit_profile *fp = &s->units[q];
        if (fp->side != p->side) return gr_error_set(err, "%s is in the way of %s", fp->name, p->name);
        if (c->o->no_friends) return gr_error_set(err, "%s would pass through %s (§6.9)", p->name, fp->name);
        if (!assault_may_pass(s, st, c->a, q))
            return gr_error_set(err, "an assault may not pass through %s (§6.1)", fp->name);
        if (at_end) return gr_error_set(err, "%s would end on top of %s", p->name, fp->name);
        wt->through |= 1ull << q;
        if (wt->first_through < 0) wt->first_through = q;
    }
    *blocker = -1;
    return 0;
}

/* the contact made at the end: across the obstacle, or the longest with a
 * part of the target; the assaulter meets it with its front */
static int contact_made(const reach_ctx *c, const wheel_try *wt, fogn_contact *best, gr_error *err)
{
    int found = 0;
    if (wt->across >= 0) {
        *best = wt->obs_ct;
        found = 1;
    }
    for (int k = 0; k < c->nb && wt->across < 0; k++) {
        fogn_contact ct;
        if (fogn_rects_contact(&wt->end, &c->brect[k], &ct) && (!found || ct.len > best->len + T_EPS)) {
            *best = ct;
            best->rect_b = k;
            found = 1;
        }
    }
    if (!found || best->face_a != FOGN_FACE_FRONT)
        return gr_error_set(err, "%s would not meet %s with its front", c->s->units[c->a].name, c->s->units[c->b].name);
    best->a = c->a;
    best->b = c->b;
    if ((FOGN_SQUARE_ALL_FRONT && c->st->u[c->b].formation == FOGN_F_SQUARE) || fogn_bld_on_perimeter(c->s, c->st, c->b))
        best->face_b = FOGN_FACE_FRONT; /* no flank or rear (§6.1, §15.4) */
    return 0;
}

/* the reach of a try that succeeded, with the other enemies its end touches */
static void fill_reach(const reach_ctx *c, const wheel_try *wt, const fogn_contact *best, fogn_reach *r)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    r->ok = 1;
    r->pivot = wt->theta != 0 ? c->pivot : -1;
    r->angle = c->sign * wt->theta;
    r->arc = wt->arc;
    r->dist = wt->tc;
    r->allowance = wt->allow;
    r->worst = wt->g.worst;
    r->wheeled = wt->w;
    r->end = wt->end;
    r->contact = *best;
    r->face = best->face_b;
    r->flank_rear = best->face_b != FOGN_FACE_FRONT && wt->arc <= FOGN_WHEEL_ARC_FRACTION * wt->allow + T_EPS &&
                    fogn_flank_rear_start(s, st, &c->start, c->b);
    r->across = wt->across >= 0 ? 1 + wt->across : 0;
    r->crossing = wt->across >= 0 && fogn_obs_front_on_crossing(s, &wt->end);
    r->through = wt->first_through;
    r->through_mask = wt->through;
    r->ntouch = 0;
    for (int q = 0; q < s->nunits; q++) {
        if (q == c->b || s->units[q].side == s->units[c->a].side || !fogn_unit_alive(&st->u[q])) continue;
        gr_rect rq[2];
        int n = rects_of(s, st, q, rq);
        for (int j = 0; j < n; j++)
            if (gr_rect_dist(&wt->end, &rq[j]) <= TOL) { r->touch[r->ntouch++] = q; break; }
    }
}

static int try_wheel(const reach_ctx *c, double theta, fogn_reach *r, int *blocker, gr_error *err)
{
    *blocker = -1;
    assert(theta >= 0 && theta <= FOGN_MAX_WHEEL_DEG * DEG + 1e-9);
    wheel_try wt;
    wt.theta = theta;
    wt.w = wheeled(c, theta);
    wt.arc = theta * c->start.w;
    wt.u = gr_rect_fwd(&wt.w);
    if (first_touch(c, &wt, err)) return -1;
    if (within_open_move(c, &wt, err)) return -1;
    if (!err && short_on_any_path(c, &wt)) return -1; /* as ground_and_allowance would find, unswept */
    if (sweep_path(c, &wt, err)) return -1;
    if (ground_and_allowance(c, &wt, err)) return -1;
    if (units_on_path(c, &wt, blocker, err)) return -1;
    fogn_contact best;
    if (contact_made(c, &wt, &best, err)) return -1;
    fill_reach(c, &wt, &best, r);
    return 0;
}

/* A sure case of fogn_reach_with's quick refusal, from the units' positions
 * alone: each footprint lies within its reach of its front-edge centre, and
 * defended obstacles take at most their width and the gap across each off
 * the distance */
static bool far_beyond_move(const fogn_scenario *s, const fogn_state *st, int a, int b, const fogn_reach_opts *o)
{
    const fogn_unit *u = &st->u[a], *v = &st->u[b];
    double most = o->allowance > 0 ? o->allowance : fogn_allowance(s, &s->units[a], u, FOGN_MC_OPEN);
    if (most < 0) return false; /* refused anyway, but leave it to the full test */
    double dx = u->x - v->x, dy = u->y - v->y;
    double lb = sqrt(dx * dx + dy * dy) - fogn_unit_reach(&s->units[a], u) -
                fogn_bld_meet_reach(s, st, b) - 1e-6;
    for (int k = 0; k < s->terrain.n; k++)
        if (fogn_obs_line(&s->terrain.p[k])) lb -= s->terrain.p[k].width + FOGN_OBS_ACROSS_GAP;
    return lb > most + 1e-6;
}

/* The refusals fogn_reach_with makes before it looks at the target's
 * footprint: 1 with *r as it returns it (and the reason in err), or 0 with
 * *r cleared and its start set, to go on. Without a reason asked, a target
 * beyond even the open-ground move (far_beyond_move) is among them. */
static int refused_early(const fogn_scenario *s, const fogn_state *st, int a, int b, const fogn_reach_opts *o,
                         fogn_reach *r, gr_error *err)
{
    memset(r, 0, sizeof *r);
    r->pivot = -1;
    r->through = -1;
    r->blocker = -1;
    if (a < 0 || a >= s->nunits || b < 0 || b >= s->nunits || a == b) {
        gr_error_set(err, "bad units");
        return 1;
    }
    const fogn_unit_profile *p = &s->units[a];
    const fogn_unit *u = &st->u[a];
    if (!fogn_unit_alive(u) || !fogn_unit_alive(&st->u[b])) {
        gr_error_set(err, "both units must be on the table");
        return 1;
    }
    if (s->units[b].side == p->side) {
        gr_error_set(err, "%s is a friend of %s", s->units[b].name, p->name);
        return 1;
    }
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART) {
        gr_error_set(err, "%s is artillery: only infantry and cavalry assault (§6.1)", p->name);
        return 1;
    }
    if (u->kink != 0) {
        if (FOGN_BENT_COLUMN(u))
            gr_error_set(err, "%s is a March Column bent at a turn and cannot assault until its last base has "
                         "passed the turn (§6.1, §8.4)", p->name);
        else
            gr_error_set(err, "%s is a kinked line and cannot assault (§6.1)", p->name);
        return 1;
    }
    r->start = fogn_unit_rect(p, u);
    return !err && far_beyond_move(s, st, a, b, o); /* the quick refusal below, with less work */
}

bool fogn_reach_refused_at_once(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r)
{
    fogn_reach_opts o;
    memset(&o, 0, sizeof o);
    return refused_early(s, st, a, b, &o, r, NULL);
}

int fogn_reach_with(const fogn_scenario *s, const fogn_state *st, int a, int b, const fogn_reach_opts *o,
                    fogn_reach *r, gr_error *err)
{
    assert(s && st && o && r);
    if (refused_early(s, st, a, b, o, r, err)) return 0;
    const fogn_unit_profile *p = &s->units[a];
    const fogn_unit *u = &st->u[a];
    reach_ctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.st = st;
    c.a = a;
    c.b = b;
    c.o = o;
    c.start = r->start;
    c.nb = rects_of(s, st, b, c.brect);
    for (int k = 0; k < s->terrain.n; k++)
        if (fogn_obs_line(&s->terrain.p[k]) && fogn_defends_piece(s, st, b, k)) c.obs[c.nobs++] = k;
    /* quick refusal: the front corners travel at least the gap, so a target
     * farther than the best allowance (open ground) is out of reach */
    {
        double most = o->allowance > 0 ? o->allowance : fogn_allowance(s, p, u, FOGN_MC_OPEN);
        double gap = INFINITY;
        for (int k = 0; k < c.nb; k++) gap = fmin(gap, gr_rect_dist(&c.start, &c.brect[k]));
        /* an obstacle's front lies nearer than its defender */
        for (int q = 0; q < c.nobs; q++) gap = fmax(0.0, fmin(gap, gap - s->terrain.p[c.obs[q]].width - FOGN_OBS_ACROSS_GAP));
        if (most < 0 || gap > most + 1e-6) {
            gr_error_set(err, "%s is %.2f MU away, beyond %s%s move of %.4g MU", s->units[b].name, gap, p->name,
                         gr_words_poss(p->name), most);
            return 0;
        }
    }
    /* wheel toward the side the target's front-edge centre lies on */
    gr_vec2 bfc = gr_v2(st->u[b].x, st->u[b].y);
    gr_vec2 centre = gr_rect_centre(&c.start), f = gr_rect_fwd(&c.start);
    double side = gr_v2_cross(f, gr_v2_sub(bfc, centre));
    if (fabs(side) < 1e-9) {
        gr_rect whole = fogn_unit_rect(&s->units[b], &st->u[b]);
        side = gr_v2_cross(f, gr_v2_sub(gr_rect_centre(&whole), centre));
    }
    c.sign = side < 0 ? -1 : 1;
    c.pivot = c.sign > 0 ? GR_FL : GR_FR;
    c.start_ground = err ? -1 : ground_under(s, &c.start); /* for short_on_any_path */
    c.pv = gr_rect_corner(&c.start, c.pivot);
    double amin, amax;
    aim_angles(&c, bfc, &amin, &amax);
    r->aim_min = amin;
    r->aim_max = amax;

    /* the order of tries (§6.5, FOGN_REACH_AIM_FIRST) */
    double tries[MAX_TRIES];
    int nt = 0;
    const double step = FOGN_REACH_WHEEL_STEP_DEG * DEG;
    int nsteps = (int)floor(amax / step + 1e-9);
    if (amin <= amax + 1e-12) {
        tries[nt++] = amin;
        for (int k = 0; k <= nsteps && nt < MAX_TRIES - 2; k++)
            if (k * step > amin + 1e-9 && k * step < amax - 1e-9) tries[nt++] = k * step;
        if (amax > amin + 1e-9) tries[nt++] = amax;
        for (int k = nsteps; k >= 0 && nt < MAX_TRIES; k--)
            if (k * step < amin - 1e-9) tries[nt++] = k * step;
    } else {
        tries[nt++] = amax;
        for (int k = nsteps; k >= 0 && nt < MAX_TRIES; k--)
            if (k * step < amax - 1e-9) tries[nt++] = k * step;
    }
    gr_error first;
    gr_error_clear(&first);
    int first_blocker = -1;
    for (int i = 0; i < nt; i++) {
        gr_error e;
        gr_error_clear(&e);
        int blk;
        /* the tries' reasons are worded only for a caller who reads them */
        if (try_wheel(&c, tries[i], r, &blk, err ? &e : NULL) == 0) return 1;
        if (i == 0) {
            first = e;
            first_blocker = blk;
        }
    }
    memset(r, 0, sizeof *r);
    r->pivot = -1;
    r->through = -1;
    r->blocker = first_blocker;
    r->start = c.start;
    r->aim_min = amin;
    r->aim_max = amax;
    if (err && !err->set) *err = first;
    return 0;
}

int fogn_assault_reach(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r, gr_error *err)
{
    fogn_reach_opts o;
    memset(&o, 0, sizeof o);
    return fogn_reach_with(s, st, a, b, &o, r, err);
}

gr_rect fogn_reach_pose(const fogn_reach *r, double dist)
{
    return gr_rect_advance(&r->wheeled, dist, 0);
}

/* --- the pause before close fire (§6.10) -------------------------------------------------------------- */

static double dist_to(const gr_rect *r, const gr_rect *b, int nb)
{
    double d = INFINITY;
    for (int k = 0; k < nb; k++) d = fmin(d, gr_rect_dist(r, &b[k]));
    return d;
}

gr_rect fogn_assault_pause_pose(const fogn_scenario *s, const fogn_state *st, int b, const fogn_reach *r)
{
    gr_rect rb[2];
    int nb = rects_of(s, st, b, rb);
    if (dist_to(&r->wheeled, rb, nb) <= FOGN_PAUSE_DIST) return r->wheeled;
    /* the gap shrinks steadily along the straight run: bisect for 2 MU */
    double lo = 0, hi = r->dist;
    for (int i = 0; i < BISECT_STEPS; i++) {
        double mid = 0.5 * (lo + hi);
        gr_rect m = fogn_reach_pose(r, mid);
        if (dist_to(&m, rb, nb) > FOGN_PAUSE_DIST) lo = mid;
        else hi = mid;
    }
    return fogn_reach_pose(r, hi);
}

/* --- intercepts (§6.9) -------------------------------------------------------------------------------- */

/* how much of r lies across the front of w (its extent along w's front edge) */
static double frontage(const gr_rect *w, const gr_rect *r)
{
    gr_vec2 c[4], rt = gr_rect_right(w);
    gr_rect_corners(r, c);
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < 4; i++) {
        double x = gr_v2_dot(gr_v2_sub(c[i], w->fc), rt);
        lo = gr_min(lo, x);
        hi = gr_max(hi, x);
    }
    lo = gr_max(lo, -0.5 * w->w);
    hi = gr_min(hi, 0.5 * w->w);
    return hi > lo ? hi - lo : 0;
}

/* The part of an interceptor's path that its wheel alone decides: the start
 * and the sampled wheel, the first polygons of every path after that wheel
 * (each distance tried after it adds its straight run to a copy) */
typedef struct icpt_wheel {
    int ready;     /* worked out for the wheel being tried */
    int on_table;  /* the wheeled pose stays on the table */
    fogn_sweep head;
} icpt_wheel;

static void icpt_wheel_build(icpt_wheel *h, const fogn_scenario *s, const gr_rect *start, int pivot, double angle,
                             const gr_rect *w)
{
    fogn_sweep_clear(&h->head);
    fogn_sweep_rect(&h->head, start);
    h->on_table = 1;
    if (angle != 0) {
        fogn_sweep_rotation(&h->head, start, gr_rect_corner(start, pivot), angle, FOGN_REACH_WHEEL_SAMPLES);
        h->on_table = fogn_rect_on_table(s, w);
    }
    h->ready = 1;
}

/* Is the interceptor's own move legal: no friend passed, no enemy touched,
 * no difficult or impassable ground, on the table (§6.9)? h is its wheel
 * (icpt_wheel_build), w the pose after it, end where it stops. */
static bool icpt_path_ok(const fogn_scenario *s, const fogn_state *st, int i, const icpt_wheel *h, const gr_rect *w,
                         const gr_rect *end)
{
    if (!h->on_table) return false;
    fogn_sweep sw;
    fogn_sweep_copy(&sw, &h->head);
    fogn_sweep_pair(&sw, w, end);
    fogn_sweep_rect(&sw, end);
    if (sw.overflow || !fogn_rect_on_table(s, end)) return false;
    /* where it ends it stands clear of every unit by the engine's own test
     * (the path test below shrinks the others by the contact tolerance) */
    if (!fogn_pose_clear(s, st, end, (1ull << i))) return false;
    ground g;
    path_ground(s, &sw, &g);
    if (g.worst >= FOGN_MC_DIFFICULT || g.deep_water) return false;
    gr_rect start = fogn_unit_rect(&s->units[i], &st->u[i]);
    if (path_over_obstacle(s, &start, NULL, 0, &sw) >= 0) return false;
    int side = s->units[i].side;
    /* an enemy touches the path when a swept polygon comes within TOL of it;
     * boxes further apart than that cannot (the boxes hold the polygons) */
    const double beyond = nextafter(TOL, INFINITY);
    for (int q = 0; q < s->nunits; q++) {
        if (q == i || !fogn_unit_alive(&st->u[q])) continue;
        int enemy = s->units[q].side != side;
        if (enemy) {
            double r = fogn_bld_meet_reach(s, st, q);
            double cb[4] = {st->u[q].x - r, st->u[q].y - r, st->u[q].x + r, st->u[q].y + r};
            if (fogn_box_dist_at_least(sw.all, cb, beyond)) continue;
        }
        gr_rect rq[2];
        int n = rects_of(s, st, q, rq);
        for (int j = 0; j < n; j++) {
            if (!enemy) {
                if (sweep_overlaps(&sw, 1, sw.n, &rq[j])) return false;
            } else {
                gr_vec2 c[4];
                double eb[4];
                gr_rect_corners(&rq[j], c);
                fogn_rect_box(&rq[j], eb);
                for (int k = 1; k < sw.n; k++) {
                    if (fogn_box_dist_at_least(sw.box[k], eb, beyond)) continue;
                    int np;
                    const gr_vec2 *poly = fogn_sweep_poly(&sw, k, &np);
                    if (gr_poly_dist(poly, np, c, 4) <= TOL) return false;
                }
            }
        }
    }
    return true;
}

/* may unit i intercept assaulter a at all (§6.9)? 0 yes, -1 no (reason in err) */
static int icpt_allowed(const fogn_scenario *s, const fogn_state *st, int i, int a, gr_error *err)
{
    if (i < 0 || i >= s->nunits || a < 0 || a >= s->nunits || i == a) return gr_error_set(err, "bad units");
    const fogn_unit_profile *pi = &s->units[i], *pa = &s->units[a];
    const fogn_unit *ui = &st->u[i];
    fogn_arm arm = fogn_troop_arm((fogn_troop)pi->troop);
    if (!fogn_unit_alive(ui) || !fogn_unit_alive(&st->u[a]) || pi->side == pa->side)
        return gr_error_set(err, "%s cannot intercept %s", pi->name, pa->name);
    if (arm == FOGN_ARM_ART || ui->formation != FOGN_F_TACTICAL)
        return gr_error_set(err, "only infantry or cavalry in Tactical formation intercept (§6.9)");
    if (ui->cohesion > FOGN_DISORDERED)
        return gr_error_set(err, "%s is %s: only Steady or Disordered units intercept (§6.9)", pi->name,
                            fogn_cohesion_name((fogn_cohesion)ui->cohesion));
    if (arm == FOGN_ARM_INF && fogn_troop_arm((fogn_troop)pa->troop) != FOGN_ARM_INF)
        return gr_error_set(err, "infantry intercepts only infantry (§6.9)");
    return 0;
}

/* flank or rear: i placed for a legal flank or rear assault on a within
 * range before the assaulter moves; 1 and out filled, or 0 and out cleared
 * but for needs_cmt */
static int icpt_flank_rear(const fogn_scenario *s, const fogn_state *st, int i, int a, double range, double wheel,
                           fogn_intercept *out)
{
    fogn_reach_opts o;
    memset(&o, 0, sizeof o);
    o.allowance = range;
    o.max_arc = wheel;
    o.arc_free = 1;
    o.no_difficult = 1;
    o.no_friends = 1;
    fogn_reach rr;
    if (!fogn_reach_with(s, st, i, a, &o, &rr, NULL) || !rr.flank_rear) return 0;
    out->ok = 1;
    out->flank_rear = 1;
    out->pivot = rr.pivot;
    out->angle = rr.angle;
    out->dist = rr.dist;
    out->icpt_end = rr.end;
    if (fogn_contact_plan(s, st, i, a, &rr.end, 1, &out->contact) == 0) {
        /* as for an assault: the snapped and turned poses must be clear of everyone
         * else, or the unsnapped pose of the reach is kept (contact.c) */
        uint64_t both = (1ull << i) | (1ull << a);
        fogn_contact_result *c = &out->contact;
        if (!fogn_pose_clear(s, st, &c->a_end, both) || !fogn_pose_clear(s, st, &c->b_end, both)) {
            c->a_end = rr.end;
            c->b_end = fogn_unit_rect(&s->units[a], &st->u[a]);
            c->snapped = c->turned = 0;
            c->slide = 0;
        }
        if (fogn_pose_clear(s, st, &c->a_end, both)) {
            out->icpt_end = c->a_end;
            return 1;
        }
    }
    int cmt = out->needs_cmt;
    memset(out, 0, sizeof *out);
    out->pivot = -1;
    out->needs_cmt = cmt;
    return 0;
}

/* a frontal intercept's search: into the assaulter's path, the pose that
 * covers most of its front, with the least wheel, then the least move */
typedef struct icpt_search {
    const fogn_scenario *s;
    const fogn_state *st;
    int i;
    const fogn_reach *ra;  /* the assault */
    gr_vec2 ua;            /* straight ahead of the assaulter after its wheel */
    gr_rect start;         /* the interceptor before its move */
    double front, ang, d, lo; /* the best so far (front < 0: none): frontage, wheel, move, assault distance */
    int pivot;
    gr_rect end;
    icpt_wheel wheel;      /* the wheel being tried, its path's first polygons */
    /* the assaulter's sampled wheel, poses 1 .. FOGN_REACH_WHEEL_SAMPLES - 1,
     * the first namid of them worked out (the same for every pose tried) */
    int namid;
    gr_rect amid[FOGN_REACH_WHEEL_SAMPLES - 1];
} icpt_search;

/* the distances tried: the least move, every multiple of the step above
 * it, the range; returns their count */
static int icpt_distances(double min_move, double range, double dists[128])
{
    int ndist = 0;
    dists[ndist++] = min_move;
    for (int k = (int)floor(min_move / FOGN_ICPT_DIST_STEP) + 1; ndist < 127; k++) {
        double d = k * FOGN_ICPT_DIST_STEP;
        if (d >= range - T_EPS) break;
        if (d > min_move + T_EPS) dists[ndist++] = d;
    }
    if (range > min_move + T_EPS) dists[ndist++] = range;
    return ndist;
}

/* the assaulter's wheel at sample k of FOGN_REACH_WHEEL_SAMPLES (0 < k < it) */
static const gr_rect *assault_sample(icpt_search *x, int k)
{
    while (x->namid < k) {
        int j = x->namid + 1;
        x->amid[x->namid++] = gr_rect_wheel(&x->ra->start, x->ra->pivot, x->ra->angle * j / FOGN_REACH_WHEEL_SAMPLES);
    }
    return &x->amid[k - 1];
}

/* the pose after wheeling ang (about pivot, w the wheeled pose) and going d
 * straight: kept when it is legal and better than the best so far */
static void icpt_try(icpt_search *x, int pivot, double ang, const gr_rect *w, double d)
{
    const fogn_reach *ra = x->ra;
    gr_rect end = gr_rect_advance(w, d, 0);
    double fr = frontage(&ra->wheeled, &end);
    if (fr < x->front - T_EPS) return;
    if (fr <= x->front + T_EPS && (fabs(ang) > fabs(x->ang) + T_EPS ||
                                   (fabs(ang) >= fabs(x->ang) - T_EPS && d >= x->d - T_EPS)))
        return; /* no better than the best so far */
    if (ang != 0) {
        gr_rect plain = gr_rect_advance(&x->start, d, 0);
        if (fr <= frontage(&ra->wheeled, &plain) + T_EPS) return;
    }
    /* the assaulter must run into it on its way, after its wheel */
    double lo, hi;
    if (!fogn_rect_window(&ra->wheeled, x->ua, &end, 0, &lo, &hi) || hi <= T_EPS || lo < -T_EPS ||
        lo > ra->dist + T_EPS)
        return;
    if (ra->pivot >= 0) {
        int hit = 0;
        for (int k = 1; k < FOGN_REACH_WHEEL_SAMPLES && !hit; k++)
            if (gr_rect_overlap(assault_sample(x, k), &end, GR_EPS)) hit = 1;
        if (hit) return;
    }
    if (!x->wheel.ready) icpt_wheel_build(&x->wheel, x->s, &x->start, pivot, ang, w);
    if (!icpt_path_ok(x->s, x->st, x->i, &x->wheel, w, &end)) return;
    x->front = fr;
    x->ang = ang;
    x->d = d;
    x->lo = lo < 0 ? 0 : lo;
    x->pivot = pivot;
    x->end = end;
}

/* every wheel (0, then +1 step, -1 step, ..., then the exact limit both
 * ways) and every distance */
static void icpt_search_poses(icpt_search *x, double max_angle, const double *dists, int ndist)
{
    int nang = (int)floor(max_angle / (FOGN_ICPT_WHEEL_STEP_DEG * DEG) + 1e-9);
    for (int ka = 0; ka <= 2 * nang + 2; ka++) {
        double ang;
        if (ka == 0) ang = 0;
        else if (ka <= 2 * nang) ang = ((ka + 1) / 2) * FOGN_ICPT_WHEEL_STEP_DEG * DEG * ((ka & 1) ? 1 : -1);
        else ang = (ka == 2 * nang + 1 ? 1 : -1) * max_angle;
        if (ka > 2 * nang && fabs(fabs(ang) - nang * FOGN_ICPT_WHEEL_STEP_DEG * DEG) < 1e-9) continue;
        int pivot = ang > 0 ? GR_FL : ang < 0 ? GR_FR : -1;
        gr_rect w = ang != 0 ? gr_rect_wheel(&x->start, pivot, ang) : x->start;
        x->wheel.ready = 0;
        for (int kd = 0; kd < ndist; kd++) icpt_try(x, pivot, ang, &w, dists[kd]);
    }
}

/* the assaulter comes on and meets the interceptor at the best pose found;
 * 1 and out filled when the contact can be made */
static int icpt_meet(const icpt_search *x, int a, fogn_intercept *out)
{
    const fogn_scenario *s = x->s;
    const fogn_reach *ra = x->ra;
    int i = x->i;
    fogn_state tmp = *x->st;
    fogn_place_unit(s, &tmp, i, &x->end);
    gr_rect meet = fogn_reach_pose(ra, x->lo);
    int fr = fogn_flank_rear_start(s, &tmp, &ra->start, i);
    uint64_t both = (1ull << i) | (1ull << a);
    fogn_contact_result *c = &out->contact;
    int planned = fogn_contact_plan(s, &tmp, a, i, &meet, fr, c) == 0;
    /* the snapped and turned poses must be clear of everyone else, or the
     * unsnapped meeting pose is kept (as for an assault, contact.c) */
    if (planned && (!fogn_pose_clear(s, &tmp, &c->a_end, both) || !fogn_pose_clear(s, &tmp, &c->b_end, both))) {
        c->a_end = meet;
        c->b_end = x->end;
        c->snapped = c->turned = 0;
        c->slide = 0;
        planned = fogn_pose_clear(s, &tmp, &meet, both);
    }
    if (!planned) return 0;
    out->ok = 1;
    out->pivot = x->pivot;
    out->angle = x->ang;
    out->dist = x->d;
    out->icpt_end = x->end;
    out->assault_dist = x->lo;
    return 1;
}

/* frontal: into the assaulter's path, moving at least its least move (a
 * share of the gap between them) and at most range, wheeling at most
 * `wheel` MU; 1 and out filled, or 0 */
static int icpt_frontal(const fogn_scenario *s, const fogn_state *st, int i, int a, const fogn_reach *ra, int inf,
                        double range, double wheel, fogn_intercept *out)
{
    gr_rect ri[2], rai[2];
    int nri = rects_of(s, st, i, ri), nai = rects_of(s, st, a, rai);
    double gap = INFINITY;
    for (int x = 0; x < nri; x++)
        for (int y = 0; y < nai; y++) gap = fmin(gap, gr_rect_dist(&ri[x], &rai[y]));
    double min_move = fmin(inf ? FOGN_ICPT_INF_MIN : FOGN_ICPT_CAV_MIN, FOGN_ICPT_MIN_GAP_FRACTION * gap);
    out->min_move = min_move;
    icpt_search x = {.s = s, .st = st, .i = i, .ra = ra};
    x.start = fogn_unit_rect(&s->units[i], &st->u[i]);
    x.ua = gr_rect_fwd(&ra->wheeled);
    double max_angle = wheel / x.start.w;
    double dists[128];
    int ndist = icpt_distances(min_move, range, dists);
    x.front = -1;
    x.ang = 0;
    x.d = 0;
    x.lo = 0;
    x.pivot = -1;
    x.end = x.start;
    x.wheel.ready = 0;
    x.namid = 0;
    icpt_search_poses(&x, max_angle, dists, ndist);
    return x.front >= 0 && icpt_meet(&x, a, out);
}

int fogn_intercept_plan(const fogn_scenario *s, const fogn_state *st, int i, int a, const fogn_reach *ra, int mode,
                        fogn_intercept *out, gr_error *err)
{
    assert(s && st && out);
    memset(out, 0, sizeof *out);
    out->pivot = -1;
    if (icpt_allowed(s, st, i, a, err)) return 0;
    const fogn_unit_profile *pi = &s->units[i], *pa = &s->units[a];
    const fogn_unit *ui = &st->u[i];
    int inf = fogn_troop_arm((fogn_troop)pi->troop) == FOGN_ARM_INF;
    double range = inf ? FOGN_ICPT_INF_RANGE : FOGN_ICPT_CAV_RANGE;
    double wheel = inf ? FOGN_ICPT_INF_WHEEL : FOGN_ICPT_CAV_WHEEL;
    out->needs_cmt = ui->cohesion == FOGN_DISORDERED || (ui->flags & FOGN_UF_SPENT);

    if (mode != FOGN_ICPT_FRONTAL) {
        if (icpt_flank_rear(s, st, i, a, range, wheel, out)) return 1;
        if (mode == FOGN_ICPT_FLANK) {
            gr_error_set(err, "%s cannot reach the flank or rear of %s within %.0f MU (§6.9, §6.11)", pi->name, pa->name,
                         range);
            return 0;
        }
    }
    if (!ra || !ra->ok) {
        gr_error_set(err, "the assault of %s has no path to intercept", pa->name);
        return 0;
    }
    if (icpt_frontal(s, st, i, a, ra, inf, range, wheel, out)) return 1;
    gr_error_set(err, "%s cannot get into the path of %s within %.0f MU (§6.9)", pi->name, pa->name, range);
    return 0;
}

bool fogn_intercept_too_far(const fogn_scenario *s, const fogn_state *st, int i, int a)
{
    const fogn_unit_profile *pi = &s->units[i], *pa = &s->units[a];
    const fogn_unit *ui = &st->u[i], *ua = &st->u[a];
    int inf = fogn_troop_arm((fogn_troop)pi->troop) == FOGN_ARM_INF;
    double range = inf ? FOGN_ICPT_INF_RANGE : FOGN_ICPT_CAV_RANGE;
    double wheel = inf ? FOGN_ICPT_INF_WHEEL : FOGN_ICPT_CAV_WHEEL;
    /* the flank or rear strike: its reach's own quick refusal */
    fogn_reach_opts o;
    memset(&o, 0, sizeof o);
    o.allowance = range;
    if (!far_beyond_move(s, st, i, a, &o)) return false;
    /* the frontal search: the interceptor's front-edge centre goes at most
     * half its wheel's arc and then the range; the assaulter's, on its
     * way to where it would meet the interceptor, at most half its wheel's
     * arc and then its straight run, which together are within its
     * allowance on the worst ground it crosses (the arc counts against it,
     * FOGN_REACH_ARC_COUNTS), so within the largest on any ground; every
     * part of either lies within its reach of its front-edge centre */
    double allow = -1;
    for (int mc = FOGN_MC_OPEN; mc <= FOGN_MC_IMPASSABLE; mc++)
        allow = fmax(allow, fogn_allowance(s, pa, ua, (fogn_move_class)mc));
    double way = FOGN_REACH_ARC_COUNTS ? allow : (1 + FOGN_WHEEL_ARC_FRACTION) * allow;
    double dx = ui->x - ua->x, dy = ui->y - ua->y;
    double most = fogn_unit_reach(pi, ui) + fogn_unit_reach(pa, ua) + 0.5 * wheel + range + way + 1e-3;
    return dx * dx + dy * dy > most * most;
}

void fogn_intercept_commit(const fogn_scenario *s, fogn_state *st, int i, int a, const fogn_intercept *ic)
{
    if (!ic->ok) return;
    if (ic->flank_rear) {
        fogn_contact_commit(s, st, i, a, &ic->contact);
        return;
    }
    fogn_place_unit(s, st, i, &ic->icpt_end);
    fogn_contact_commit(s, st, a, i, &ic->contact);
}
