/* flight.c - the flight move of a Broken unit (§8.12): one normal move that
 * ends farther from every enemy, nearer the unit's own base edge and as near
 * it as that allows, facing the way it went, passing through nothing but
 * Artillery and infantry Skirmishers; and the friends that must test because
 * it fled past or through them.
 *
 * The move is chosen from a small fixed set (the FOGN_FLIGHT_* ruling):
 * headings straight for the base edge and every 15 degrees either side up to
 * 75, each run as far as the allowance over its worst ground and the things
 * in the way allow, and stopped at eight equal fractions of that run. The
 * unit turns about its centre to the heading first, as a retire does. */
#include "outcome.h"
#include "movetable.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#define DEG (GR_PI / 180.0)

static double home_dist(const fogn_scenario *s, int side, gr_vec2 c)
{
    return s->base_edge[side] ? s->table_h - c.y : c.y;
}

static double unit_dist(const fogn_scenario *s, const fogn_state *st, int j, const gr_rect *r)
{
    gr_rect e[2];
    int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
    double d = INFINITY;
    for (int k = 0; k < ne; k++) {
        double x = gr_rect_dist(r, &e[k]);
        if (x < d) d = x;
    }
    return d;
}

/* the allowance over the worst ground of the run it can make (as
 * move_check_terrain.c measures a normal move): run with the open-ground
 * allowance, read the worst ground crossed, and shorten until the two agree */
static double flight_allowance(const fogn_scenario *s, const fogn_unit_profile *p, const fogn_unit *fu,
                               const fogn_walk *w, const gr_rect *start, gr_vec2 d, fogn_leg *leg)
{
    double a = fogn_allowance(s, p, fu, FOGN_MC_OPEN);
    if (a < 0) a = 0;
    for (int it = 0; it < 4; it++) {
        fogn_walk_leg(w, start, d, a, leg);
        fogn_move_class wc = fogn_walk_worst(s, start, d, leg->stop);
        if (wc == FOGN_MC_IMPASSABLE) wc = FOGN_MC_DIFFICULT;
        double a2 = fogn_allowance(s, p, fu, wc);
        if (a2 < 0) a2 = 0;
        if (a2 >= a - 1e-12) break;
        a = a2;
    }
    fogn_walk_leg(w, start, d, a, leg);
    return a;
}

typedef struct flight_pick {
    int found;
    double score, len, allowance;
    gr_rect start, end;
    gr_vec2 d;
    int turned;
    fogn_leg leg;
    int full;  /* went the whole run */
} flight_pick;

int fogn_flight_plan(const fogn_scenario *s, const fogn_state *st, int unit, fogn_retire_result *r, gr_error *err)
{
    if (!s || !st || !r) return gr_error_set(err, "no scenario, state or result");
    if (unit < 0 || unit >= s->nunits) return gr_error_set(err, "no unit %d", unit);
    if (!fogn_unit_alive(&st->u[unit])) return gr_error_set(err, "%s is not on the table", s->units[unit].name);
    const fogn_unit_profile *p = &s->units[unit];
    const fogn_unit *u = &st->u[unit];
    memset(r, 0, sizeof *r);
    r->after = *u;
    r->blocker = -1;
    r->stopped_by = -1;
    r->set_flags = FOGN_UF_MOVED;

    gr_rect orig = fogn_unit_rect(p, u);
    double d0[FOGN_MAX_UNITS];
    for (int j = 0; j < s->nunits; j++)
        d0[j] = (s->units[j].side != p->side && fogn_unit_alive(&st->u[j])) ? unit_dist(s, st, j, &orig) : INFINITY;
    fogn_unit fu = *u;
    fu.kink = 0;
    fu.bend = 0;
    if (FOGN_FLIGHT_LIMBERS && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED)
        fu.formation = FOGN_F_LIMBERED;
    gr_rect r0 = fu.formation == u->formation ? orig : fogn_rect_limber(p, u, &orig, 1);
    double start_home = home_dist(s, p->side, gr_rect_centre(&orig));
    double hb = s->base_edge[p->side] ? GR_PI / 2 : -GR_PI / 2;

    flight_pick best;
    memset(&best, 0, sizeof best);
    int nsteps = (int)(FOGN_FLIGHT_HEADING_MAX_DEG / FOGN_FLIGHT_HEADING_STEP_DEG + 1e-9);
    for (int k = 0; k <= nsteps; k++) {
        for (int side = 0; side < (k ? 2 : 1); side++) {
            /* right of straight home (clockwise) before left */
            double h = hb + (side ? 1 : -1) * k * FOGN_FLIGHT_HEADING_STEP_DEG * DEG;
            gr_vec2 d = gr_v2_dir(h);
            fogn_walk w;
            fogn_walk_init(&w, s, st, unit, &orig, d, 0);
            w.allow_burst = 0;
            w.geometric = 1;
            w.friend_gap = FOGN_FLIGHT_FRIEND_GAP;
            gr_rect start = r0;
            gr_rect tr = fogn_rect_turn_centre(&r0, h);
            int turned = fogn_walk_pose_clear(&w, &tr, 0);
            if (turned) start = tr;
            fogn_leg leg;
            double allow = flight_allowance(s, p, &fu, &w, &start, d, &leg);
            if (leg.stop < 1e-9) continue;
            for (int f = FOGN_FLIGHT_DIST_STEPS; f >= 1; f--) {
                double len = leg.stop * f / FOGN_FLIGHT_DIST_STEPS;
                gr_rect end = gr_rect_make(gr_v2_add(start.fc, gr_v2_scale(d, len)), start.heading, start.w, start.d);
                if (!turned) {
                    gr_rect fin = fogn_rect_turn_centre(&end, h);
                    if (fogn_walk_pose_clear(&w, &fin, 1)) end = fin;
                }
                if (!fogn_walk_pose_clear(&w, &end, 1)) continue;
                int farther = 1;
                for (int j = 0; j < s->nunits && farther; j++)
                    if (isfinite(d0[j]) && unit_dist(s, st, j, &end) <= d0[j] + 1e-9) farther = 0;
                if (!farther) continue;
                double score = home_dist(s, p->side, gr_rect_centre(&end));
                if (score >= start_home - 1e-9) continue;
                if (best.found && score >= best.score - 1e-9) continue;
                best.found = 1;
                best.score = score;
                best.len = len;
                best.allowance = allow;
                best.start = start;
                best.end = end;
                best.d = d;
                best.turned = turned;
                best.leg = leg;
                best.full = f == FOGN_FLIGHT_DIST_STEPS;
            }
        }
    }
    if (!best.found) {
        r->stop = FOGN_OS_STAY;
        r->allowance = fogn_allowance(s, p, &fu, FOGN_MC_OPEN);
        return 0;
    }

    /* what it passed on the chosen run */
    fogn_walk w;
    fogn_walk_init(&w, s, st, unit, &orig, best.d, 0);
    w.allow_burst = 0;
    w.geometric = 1;
    w.friend_gap = FOGN_FLIGHT_FRIEND_GAP;
    fogn_leg leg;
    fogn_walk_leg(&w, &best.start, best.d, best.len, &leg);
    r->stop = best.full ? best.leg.reason : FOGN_OS_COMPLETE;
    r->blocker = best.full ? best.leg.blocker : -1;
    for (int i = 0; i < leg.npassed && r->npassed < FOGN_MAX_UNITS; i++) r->passed[r->npassed++] = leg.passed[i];
    r->covered = best.len;
    r->counted = best.len;
    r->allowance = best.allowance;
    r->faces_travel = 1;
    r->turned = best.turned;
    r->after.formation = fu.formation;
    r->after.x = best.end.fc.x;
    r->after.y = best.end.fc.y;
    fogn_unit_face_as(&r->after, &best.end);
    r->after.kink = 0;
    r->after.bend = 0;

    /* friends within 4 MU of its path test (§8.12): the ground from where it
     * stood to where it ends */
    gr_vec2 pts[12], hull[12];
    gr_rect mid = gr_rect_make(gr_v2_add(best.start.fc, gr_v2_scale(best.d, best.len)), best.start.heading,
                               best.start.w, best.start.d);
    gr_rect_corners(&orig, pts);
    gr_rect_corners(&best.start, pts + 4);
    gr_rect_corners(&mid, pts + 8);
    int nh = gr_convex_hull(pts, 12, hull);
    gr_vec2 endc[4];
    gr_rect_corners(&best.end, endc);
    for (int j = 0; j < s->nunits; j++) {
        if (j == unit || s->units[j].side != p->side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        int near = 0;
        for (int k = 0; k < ne && !near; k++) {
            gr_vec2 ec[4];
            gr_rect_corners(&e[k], ec);
            if (gr_poly_dist(hull, nh, ec, 4) <= FOGN_FLIGHT_TEST_RANGE + 1e-9 ||
                gr_poly_dist(endc, 4, ec, 4) <= FOGN_FLIGHT_TEST_RANGE + 1e-9)
                near = 1;
        }
        if (near) r->near[r->nnear++] = j;
    }
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
        if (unit_dist(s, st, j, &best.end) <= FOGN_CONTACT_TOL) r->contact[r->ncontact++] = j;
    }
    return 0;
}

int fogn_flight(const fogn_scenario *s, fogn_state *st, int unit, fogn_retire_result *r, gr_error *err)
{
    if (fogn_flight_plan(s, st, unit, r, err)) return -1;
    if (r->stop != FOGN_OS_STAY) fogn_outcome_apply(s, st, unit, r);
    else st->u[unit].flags |= r->set_flags;
    return 0;
}
