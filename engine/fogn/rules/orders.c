/* orders.c - the movement-phase order menu (what the AI searches and what a
 * player picks by number) and the compiler from orders to exact moves. An
 * order names an intention ("advance on 3/Hussars to 6 MU"); compiling it
 * finds the exact wheel, distance and slide, and every compiled move passes
 * the same checks as a move typed by hand (move.c). */
#include "orders.h"
#include "building.h"
#include "memo.h"
#include "brigade.h"
#include "cmdr.h"
#include "cmt.h"
#include "crossing.h"
#include "move.h"
#include "movetable.h"

#include <math.h>
#include <string.h>

#define DEG (GR_PI / 180.0)
/* how far past a limit a bound on a distance must lie to settle a test of
 * the distance itself, whatever its rounding (coordinates of a few hundred
 * MU round at about 1e-13) */
#define FOGN_RUN_SLACK 1e-9

static double open_allowance(const fogn_scenario *s, int unit, const fogn_state *st)
{
    return fogn_allowance(s, &s->units[unit], &st->u[unit], FOGN_MC_OPEN);
}

/* The straight run of a normal move or a move to the rear (the same poses
 * move_pose.c computes): where it starts (after a normal move's wheel and
 * slide, worked out once for every distance asked) and which way it goes */
typedef struct straight_run {
    gr_rect from;
    int back; /* a move to the rear: the run goes backwards */
} straight_run;

/* the run of move m, or -1 for other kinds */
static int run_of(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, straight_run *run)
{
    gr_rect r = fogn_unit_rect(&s->units[m->unit], &st->u[m->unit]);
    if (m->kind == FOGN_MK_NORMAL) {
        gr_rect w = m->angle != 0 ? gr_rect_wheel(&r, m->pivot, m->angle) : r;
        run->from = gr_rect_advance(&w, 0, m->slide);
        run->back = 0;
        return 0;
    }
    if (m->kind == FOGN_MK_REAR && !(m->flag & 1)) {
        run->from = r;
        run->back = 1;
        return 0;
    }
    return -1;
}

/* the footprint the run ends on after `d` MU */
static gr_rect run_end(const straight_run *run, double d)
{
    return gr_rect_advance(&run->from, run->back ? -d : d, 0);
}

/* the halving of first_closer between lo (not nearer than the limit) and
 * hi (nearer). A footprint moved x MU along the run comes at most x MU
 * nearer or farther, so a halfway point whose answer the last distances
 * measured settle by more than rounding (FOGN_RUN_SLACK) takes that answer
 * unmeasured: at lo_at the footprint was lo_v away, at hi_at hi_v. The
 * halving takes the same steps as with every point measured. */
static double halve_closer(const straight_run *run, const gr_rect *e, double limit, double lo, double hi, double lo_at,
                           double lo_v, double hi_at, double hi_v)
{
    enum { HALVINGS = 16 };
    for (int h = 0; h < HALVINGS; h++) {
        double mid = (lo + hi) / 2;
        if (lo_v - (mid - lo_at) >= limit + FOGN_RUN_SLACK) {
            lo = mid;
        } else if (hi_v + (hi_at - mid) < limit - FOGN_RUN_SLACK) {
            hi = mid;
        } else {
            gr_rect r = run_end(run, mid);
            double v = gr_rect_dist(&r, e);
            if (v < limit) {
                hi = hi_at = mid;
                hi_v = v;
            } else {
                lo = lo_at = mid;
                lo_v = v;
            }
        }
    }
    return lo;
}

/* the first distance in [0, dmax] at which the footprint comes nearer than
 * `limit` to `e` (dmax + 1 when it never does), the footprint at the run's
 * start being `d0` from it; distances between convex shapes vary convexly
 * along a straight path, so sampling then halving finds the first crossing */
static double first_closer(const straight_run *run, double dmax, const gr_rect *e, double limit, double d0)
{
    enum { SAMPLES = 12 };
    double prev = 0;
    /* a footprint moved x MU comes at most x MU nearer: a sample that cannot
     * have come within the limit since the last one measured (by more than
     * rounding, FOGN_RUN_SLACK) is passed over, as its test would fail */
    double seen_at = 0, seen = d0;
    for (int k = 1; k <= SAMPLES; k++) {
        double d = dmax * k / SAMPLES;
        if (seen - (d - seen_at) >= limit + FOGN_RUN_SLACK) {
            prev = d;
            continue;
        }
        gr_rect r = run_end(run, d);
        double v = gr_rect_dist(&r, e);
        if (v < limit) return halve_closer(run, e, limit, prev, d, seen_at, seen, d, v);
        seen_at = d;
        seen = v;
        prev = d;
    }
    return dmax + 1;
}

/* A cheap upper bound on how far the straight part of the move may go: short
 * of the target's keep-off distance, of contact with any enemy, of the table
 * edge. Everything else (terrain, friends, the test rules) is left to the
 * full check. */
static double straight_bound(const fogn_scenario *s, const fogn_state *st, const fogn_move *m, double dmax, int target,
                             double keep)
{
    straight_run run;
    if (run_of(s, st, m, &run)) return dmax;
    gr_rect r0 = run_end(&run, 0);
    double hi = dmax;
    int side = s->units[m->unit].side;
    /* a circle about r0's centre holds it: with each enemy's reach circle, a
     * lower bound on the gap that passes over most enemies unbuilt */
    gr_vec2 mid0 = gr_rect_centre(&r0);
    double h0 = 0.5 * sqrt(r0.w * r0.w + r0.d * r0.d);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == side || !fogn_unit_alive(&st->u[j])) continue;
        double limit = j == target ? keep : 2 * FOGN_CONTACT_TOL;
        double dx = st->u[j].x - mid0.x, dy = st->u[j].y - mid0.y;
        double low = sqrt(dx * dx + dy * dy) - h0 - fogn_unit_reach(&s->units[j], &st->u[j]) - 1e-6;
        if (low - hi > limit + 1e-6) continue; /* as the exact test below would find */
        gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
        double d0 = gr_rect_dist(&r0, &e);
        if (d0 - hi > limit) continue; /* cannot get near it within hi */
        double d = first_closer(&run, hi, &e, limit, d0);
        if (d < hi) hi = d;
    }
    /* the table edge: each corner moves along a straight line */
    gr_rect r1 = run_end(&run, 1.0);
    gr_vec2 c0[4], c1[4];
    gr_rect_corners(&r0, c0);
    gr_rect_corners(&r1, c1);
    for (int k = 0; k < 4; k++) {
        gr_vec2 v = gr_v2_sub(c1[k], c0[k]);
        const double lim[4] = {0, 0, s->table_w, s->table_h};
        for (int b = 0; b < 4; b++) {
            double pos = b % 2 ? c0[k].y : c0[k].x, vel = b % 2 ? v.y : v.x;
            double edge = lim[b];
            if (b < 2 && vel < -1e-12) {
                double d = (edge - pos) / vel;
                if (d >= 0 && d < hi) hi = d;
            } else if (b >= 2 && vel > 1e-12) {
                double d = (edge - pos) / vel;
                if (d >= 0 && d < hi) hi = d;
            }
        }
    }
    return hi < 0 ? 0 : hi;
}

/* is the move with m->dist = d legal, keeping `keep` MU from `target`? (plan filled when it is) */
static int legal_at(const fogn_scenario *s, const fogn_state *st, fogn_move *m, double d, int target, double keep,
                    fogn_move_tries *t, fogn_move_plan *plan)
{
    m->dist = d;
    if (fogn_move_try(s, st, m, plan, t)) return 0;
    if (target < 0) return 1;
    gr_rect r[2];
    int n = fogn_unit_rects(&s->units[m->unit], &plan->after, r);
    gr_rect e = fogn_unit_rect(&s->units[target], &st->u[target]);
    for (int i = 0; i < n; i++)
        if (gr_rect_dist(&r[i], &e) < keep - 1e-6) return 0;
    return 1;
}

/* Largest distance in [0, dmax] for which the move (with m->dist varied) is
 * legal and keeps at least `keep` MU from `target` (-1: no target). Returns
 * the distance, or -1 when even the shortest step is illegal; *plan is the
 * check's plan of the move at that distance. The full distance is tried
 * first, then the cheap geometric bound, and only then a halving search over
 * full checks. */
/* Where a legality check may stop the halving search early (NULL: never): at the first legal distance that
 * already settles the order's legality (above `at`, or at least `at` when not `strict`). The search only ever
 * raises the distance it has found legal, so the answer "some legal distance past the threshold" is the one
 * the whole search would give; the distance itself, and its plan, are not the order's. */
typedef struct quick_stop {
    double at;
    int strict;
} quick_stop;

static double longest_legal(const fogn_scenario *s, const fogn_state *st, fogn_move *m, double dmax,
                            int target, double keep, fogn_move_plan *plan, const quick_stop *q)
{
    fogn_move_tries t;
    fogn_move_tries_init(&t);
    fogn_move_plan cur;
    if (legal_at(s, st, m, dmax, target, keep, &t, plan)) return dmax;
    double hi = straight_bound(s, st, m, dmax, target, keep);
    if (hi < dmax) {
        /* just short of the bound, so rounding never lands on the limit */
        double d = hi - 1e-3 > 0 ? hi - 1e-3 : 0;
        if (legal_at(s, st, m, d, target, keep, &t, plan)) return d;
        hi = d;
    }
    double lo = -1, step_lo = 0;
    for (int iter = 0; iter < 12; iter++) {
        double d = (step_lo + hi) / 2;
        if (legal_at(s, st, m, d, target, keep, &t, &cur)) {
            lo = d;
            step_lo = d;
            *plan = cur;
            if (q && (q->strict ? d > q->at : d >= q->at)) return d;
        } else {
            hi = d;
        }
        if (hi - step_lo < 0.05) break;
    }
    return lo;
}

/* the wheel (pivot corner, signed angle) that turns the unit toward a point,
 * limited to 90 degrees and to an outer-corner arc of half the allowance */
static void wheel_toward(const gr_rect *r, gr_vec2 goal, double allow, int *pivot, double *angle)
{
    gr_vec2 c = gr_rect_centre(r);
    double want = gr_angle_diff(atan2(goal.y - c.y, goal.x - c.x), r->heading);
    double lim = FOGN_MAX_WHEEL_DEG * DEG;
    double arc_lim = r->w > 0 ? FOGN_WHEEL_ARC_FRACTION * allow / r->w : lim;
    if (arc_lim < lim) lim = arc_lim;
    if (want > lim) want = lim;
    if (want < -lim) want = -lim;
    if (fabs(want) < 2 * DEG) { *pivot = -1; *angle = 0; return; }
    *angle = want;
    /* pivot on the corner toward which it turns: turning left (counter-
     * clockwise, positive) keeps the front-left corner still */
    *pivot = want > 0 ? GR_FL : GR_FR;
}

int fogn_action_to_move(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                        gr_error *err)
{
    fogn_move_plan plan;
    int have;
    return fogn_action_to_move_planned(s, st, a, m, &plan, &have, err);
}

/* the order as a move; with `quick`, an order settled by a halving search stops it as soon as its legality is
 * known (quick_stop), so the move's distance is only good for saying the order is legal */
static int to_move(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                   fogn_move_plan *plan, int *have_plan, gr_error *err, int quick)
{
    /* legal when the distance found is more than 0.05 MU (a fall-back, a road march), at least 0.05 MU (a
     * straight advance), or any at all (an advance with its wheel) */
    const quick_stop over = {0.05, 1}, least = {0.05, 0}, any = {0, 0};
    *have_plan = 0;
    memset(m, 0, sizeof *m);
    m->unit = a->actor;
    m->pivot = -1;
    m->second = st->turn.second;
    if (a->actor < 0 || a->actor >= s->nunits) return gr_error_set(err, "that order needs a unit");
    const fogn_unit *u = &st->u[a->actor];
    gr_rect r = fogn_unit_rect(&s->units[a->actor], u);
    switch ((fogn_action_type)a->type) {
    case FOGN_A_MOVE:
        m->kind = FOGN_MK_NORMAL;
        m->pivot = a->arg;
        m->angle = a->p[0] * DEG;
        m->dist = a->p[1];
        m->slide = a->p[2];
        m->flag = a->p[3] == 2.0f ? FOGN_MOVE_HALVES : a->p[3] != 0.0f ? FOGN_MOVE_BENT : 0;
        if (m->flag == FOGN_MOVE_HALVES) { /* "halves DL DR [bend B [left]]": no slide of the line's own */
            m->dx = a->p[1];
            m->dy = a->p[2];
            m->dist = fmax(m->dx, m->dy);
            m->slide = 0;
            m->pivot = -1;
            if (a->arg >= 0) m->flag |= a->arg == 1 ? FOGN_MOVE_WHEEL_LEFT : FOGN_MOVE_WHEEL_RIGHT;
            else m->angle = 0;
        }
        return 0;
    case FOGN_A_SWING: /* "swing A D [left|both [B [D2]]]": each half's own wheel, then straight on */
        m->kind = FOGN_MK_NORMAL;
        m->flag = FOGN_MOVE_SWING | (a->arg == 1 ? FOGN_MOVE_WHEEL_LEFT : 0) |
                  (a->arg == 2 ? FOGN_MOVE_WHEEL_LEFT | FOGN_MOVE_WHEEL_RIGHT : 0);
        m->angle = a->p[0] * DEG;
        m->dist = a->p[1];
        if (a->arg == 2) { /* the left half wheels p0 and goes p1, the right p2 and p3 */
            m->angle2 = a->p[2] * DEG;
            m->dist2 = a->p[3];
        }
        return 0;
    case FOGN_A_REAR:
        m->kind = FOGN_MK_REAR;
        m->dist = a->p[1];
        m->flag = a->arg;
        return 0;
    case FOGN_A_FREE:
        m->kind = FOGN_MK_FREE;
        m->dx = a->p[0];
        m->dy = a->p[1];
        m->angle = a->p[2] * DEG;
        return 0;
    case FOGN_A_FACE_TO:
        m->kind = FOGN_MK_TURN;
        m->angle = a->p[0] * DEG;
        return 0;
    case FOGN_A_TURN:
        m->kind = FOGN_MK_TURN;
        m->angle = u->heading + a->arg * DEG;
        return 0;
    case FOGN_A_FORM:
        m->kind = FOGN_MK_FORM;
        m->flag = a->arg;
        return 0;
    case FOGN_A_KINK:
        m->kind = FOGN_MK_KINK;
        m->angle = a->p[0] * DEG;
        m->flag = a->arg == 1 ? FOGN_KINK_LEFT : 0;
        return 0;
    case FOGN_A_LIMBER:
        m->kind = FOGN_MK_LIMBER;
        m->flag = a->arg;
        return 0;
    case FOGN_A_UNLIMBER:
        m->kind = FOGN_MK_UNLIMBER;
        return 0;
    case FOGN_A_CROSS:
        m->kind = FOGN_MK_CROSS;
        m->flag = a->target;
        return 0;
    case FOGN_A_UP_TO:
        return fogn_cross_up_to(s, st, a->actor, a->target, m, err);
    case FOGN_A_PROLONG:
        m->kind = FOGN_MK_PROLONG;
        m->dist = a->p[1];
        return 0;
    case FOGN_A_FALL_BACK: {
        m->kind = FOGN_MK_REAR;
        double d = longest_legal(s, st, m, open_allowance(s, a->actor, st) / 2, -1, 0, plan, quick ? &over : NULL);
        if (d <= 0.05) return gr_error_set(err, "%s has no room to fall back", s->units[a->actor].name);
        m->dist = d;
        *have_plan = 1;
        return 0;
    }
    case FOGN_A_ROAD: {
        m->kind = FOGN_MK_ROAD;
        m->flag = a->arg >= 0 ? 1 : -1;
        double d = longest_legal(s, st, m, 2 * open_allowance(s, a->actor, st), -1, 0, plan, quick ? &over : NULL);
        if (d <= 0.05) return gr_error_set(err, "%s cannot march along the road that way", s->units[a->actor].name);
        m->dist = d;
        *have_plan = 1;
        return 0;
    }
    case FOGN_A_FACE: {
        if (a->target < 0 || a->target >= s->nunits) return gr_error_set(err, "face whom?");
        gr_rect e = fogn_unit_rect(&s->units[a->target], &st->u[a->target]);
        gr_vec2 c = gr_rect_centre(&r), ec = gr_rect_centre(&e);
        m->kind = FOGN_MK_TURN;
        m->angle = atan2(ec.y - c.y, ec.x - c.x);
        return 0;
    }
    case FOGN_A_ADVANCE:
    case FOGN_A_ADVANCE_OBJ: {
        gr_vec2 goal;
        int target = -1;
        double keep = 0;
        if (a->type == FOGN_A_ADVANCE) {
            if (a->target < 0 || a->target >= s->nunits) return gr_error_set(err, "advance on whom?");
            gr_rect e = fogn_unit_rect(&s->units[a->target], &st->u[a->target]);
            goal = gr_rect_centre(&e);
            target = a->target;
            keep = a->arg;
        } else {
            if (a->target < 0 || a->target >= s->nobj) return gr_error_set(err, "advance on which objective?");
            goal = gr_v2(s->obj[a->target].x, s->obj[a->target].y);
        }
        double allow = open_allowance(s, a->actor, st);
        m->kind = FOGN_MK_NORMAL;
        wheel_toward(&r, goal, allow, &m->pivot, &m->angle);
        double d = longest_legal(s, st, m, allow, target, keep, plan, !quick ? NULL : m->angle != 0 ? &any : &least);
        if (d < 0 && m->angle != 0) { /* try a straight advance if the wheel is blocked */
            m->pivot = -1;
            m->angle = 0;
            d = longest_legal(s, st, m, allow, target, keep, plan, quick ? &least : NULL);
        }
        if (d < 0 || (d < 0.05 && m->angle == 0)) return gr_error_set(err, "%s cannot advance that way", s->units[a->actor].name);
        m->dist = d;
        *have_plan = 1;
        return 0;
    }
    default:
        return gr_error_set(err, "that is not a unit's movement order");
    }
}

int fogn_action_to_move_planned(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                                fogn_move_plan *plan, int *have_plan, gr_error *err)
{
    return to_move(s, st, a, m, plan, have_plan, err, 0);
}

/* may the unit pay for the move now (simple, or complex with a CMT it can attempt)? */
static int affordable(const fogn_scenario *s, const fogn_state *st, const fogn_move_plan *plan, int unit)
{
    if (!plan->complex) return 1;
    fogn_cmt_cost cost;
    return fogn_cmt_cost_of(s, st, unit, &cost, NULL) == 0;
}

/* Is this movement action of a unit legal now: it compiles, passes every
 * movement rule, and any CMT it needs can be attempted? */
/* an order whose move is settled by a halving search over its distance (longest_legal) */
static int searched_order(const gr_action *a)
{
    return a->type == FOGN_A_FALL_BACK || a->type == FOGN_A_ROAD || a->type == FOGN_A_ADVANCE ||
           a->type == FOGN_A_ADVANCE_OBJ;
}

int fogn_unit_order_legal(const fogn_scenario *s, const fogn_state *st, const gr_action *a)
{
    fogn_cmt_cost cost;
    /* a unit that may take a CMT can pay for the move whatever its distance: the search may stop as soon as
     * the order is known to compile (fogn_unit_order_legal_compiled gives the same answer, after the whole
     * search) */
    if (searched_order(a) && a->actor >= 0 && a->actor < s->nunits &&
        fogn_cmt_cost_of(s, st, a->actor, &cost, NULL) == 0) {
        fogn_move m;
        fogn_move_plan plan;
        int have;
        return to_move(s, st, a, &m, &plan, &have, NULL, 1) == 0;
    }
    fogn_compiled c;
    return fogn_unit_order_legal_compiled(s, st, a, &c, NULL);
}

int fogn_unit_order_legal_compiled(const fogn_scenario *s, const fogn_state *st, const gr_action *a,
                                   fogn_compiled *out, fogn_memo *memo)
{
    out->have = 0;
    if (a->type == FOGN_A_HOLD || a->type == FOGN_A_DONE) return 1;
    if (fogn_brigade_order(a)) {
        fogn_move moves[FOGN_GROUP_MAX];
        fogn_move_plan plans[FOGN_GROUP_MAX];
        int nm = 0, complex = 0;
        char why[96];
        if (fogn_brigade_check(s, st, a, moves, plans, &nm, &complex, why, sizeof why, NULL)) return 0;
        if (complex)
            for (int k = 0; k < nm; k++)
                if (st->u[moves[k].unit].flags & FOGN_UF_CMT_FAILED) return 0;
        return 1;
    }
    if (fogn_bld_order(a)) {
        fogn_bld_plan bp;
        fogn_cmt_cost cost;
        if (fogn_bld_check(s, st, a, &bp, NULL)) return 0;
        return !bp.complex || fogn_cmt_cost_of(s, st, a->actor, &cost, NULL) == 0;
    }
    if (fogn_order_compile(s, st, a, &out->m, &out->plan, NULL, memo)) return 0;
    out->have = 1;
    return affordable(s, st, &out->plan, a->actor);
}

/* appends the order; with `check`, only when it is legal */
static int try_add(const fogn_scenario *s, const fogn_state *st, gr_action *out, int n, int max, gr_action a, int check)
{
    if (n >= max) return n;
    if (check && !fogn_unit_order_legal(s, st, &a)) return n;
    out[n++] = a;
    return n;
}

gr_action fogn_act(int type, int actor, int target, int arg)
{
    gr_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint16_t)type;
    a.actor = (int16_t)actor;
    a.target = (int16_t)target;
    a.arg = (int16_t)arg;
    return a;
}

/* how far short of the true distance the reach circles' bound is taken, so
 * that its rounding never makes it exceed the distance it bounds */
#define NEAREST_SLACK 1e-9

/* the k nearest live enemies of a unit (footprint to footprint), nearest
 * first, ties to the lower index; the count */
static int nearest_enemies(const fogn_scenario *s, const fogn_state *st, int unit, int *out, int k)
{
    if (k <= 0) return 0;
    /* each enemy's least possible distance first, from the reach circles
     * (every part of a footprint lies within its reach of its front-edge
     * centre), nearest first; the exact distance only while that bound could
     * still put the enemy among the k nearest */
    double lb[FOGN_MAX_UNITS];
    int cand[FOGN_MAX_UNITS], nc = 0;
    const fogn_unit *u = &st->u[unit];
    double ru = fogn_unit_reach(&s->units[unit], u);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[unit].side || !fogn_unit_alive(&st->u[j])) continue;
        double dx = st->u[j].x - u->x, dy = st->u[j].y - u->y;
        lb[nc] = sqrt(dx * dx + dy * dy) - ru - fogn_unit_reach(&s->units[j], &st->u[j]) - NEAREST_SLACK;
        cand[nc++] = j;
    }
    for (int i = 1; i < nc; i++) /* insertion sort: n is small */
        for (int j = i; j > 0 && lb[j] < lb[j - 1]; j--) {
            double td = lb[j]; lb[j] = lb[j - 1]; lb[j - 1] = td;
            int ti = cand[j]; cand[j] = cand[j - 1]; cand[j - 1] = ti;
        }
    /* the k nearest so far by exact distance, ties to the lower index */
    double dist[FOGN_MAX_UNITS];
    int idx[FOGN_MAX_UNITS], n = 0;
    gr_rect r = fogn_unit_rect(&s->units[unit], u);
    for (int c = 0; c < nc; c++) {
        if (n >= k && lb[c] > dist[k - 1]) break; /* this one and every later one lie farther */
        gr_rect e = fogn_unit_rect(&s->units[cand[c]], &st->u[cand[c]]);
        double d = gr_rect_dist(&r, &e);
        int j = n < k ? n++ : k;
        if (j == k && !(d < dist[k - 1] || (d == dist[k - 1] && cand[c] < idx[k - 1]))) continue;
        if (j == k) j = k - 1;
        for (; j > 0 && (d < dist[j - 1] || (d == dist[j - 1] && cand[c] < idx[j - 1])); j--) {
            dist[j] = dist[j - 1];
            idx[j] = idx[j - 1];
        }
        dist[j] = d;
        idx[j] = cand[c];
    }
    memcpy(out, idx, (size_t)n * sizeof *out);
    return n;
}

/* the orders of a Brigade Group led from this unit (§8.8): advance on the nearest enemies, or (not in its
 * second move, §8.10) fall back */
static int group_orders(const fogn_scenario *s, const fogn_state *st, int unit, const int *en, int ne, gr_action *out,
                        int n, int max, int check)
{
    static const int bands[3] = {(int)FOGN_BAND_CLOSE, (int)FOGN_BAND_MEDIUM, (int)FOGN_BAND_LONG};
    int grp[FOGN_GROUP_MAX];
    int ng = fogn_brigade_members(s, st, unit, grp, FOGN_GROUP_MAX);
    if (ng < 2) return n;
    gr_action g = fogn_act(FOGN_A_GROUP_ADVANCE, unit, -1, 0);
    g.p[3] = fogn_brigade_pack(grp, ng);
    for (int i = 0; i < ne; i++)
        for (int b = 0; b < 3; b++) {
            g.target = (int16_t)en[i];
            g.arg = (int16_t)bands[b];
            n = try_add(s, st, out, n, max, g, check);
        }
    /* over a wall, hedge or deep water the group's lead unit touches (§8.8, §15.8) */
    int near[FOGN_MENU_CROSSINGS];
    gr_rect lr = fogn_unit_rect(&s->units[unit], &st->u[unit]);
    int nn = fogn_cross_near(s, &lr, FOGN_CONTACT_TOL, near, FOGN_MENU_CROSSINGS);
    for (int i = 0; i < nn; i++) {
        gr_action x = fogn_act(FOGN_A_GROUP_CROSS, unit, near[i], 0);
        x.p[3] = g.p[3];
        if (n < max && fogn_unit_order_legal(s, st, &x)) out[n++] = x;
    }
    if (st->turn.second) return n;
    gr_action r = fogn_act(FOGN_A_GROUP_REAR, unit, -1, 0);
    r.p[3] = g.p[3];
    double half = INFINITY;
    for (int k = 0; k < ng; k++) {
        double al = fogn_allowance(s, &s->units[grp[k]], &st->u[grp[k]], FOGN_MC_OPEN) / 2;
        if (al < half) half = al;
    }
    r.p[1] = (float)half;
    return try_add(s, st, out, n, max, r, check);
}

/* up square to each wall, hedge or deep water within a move, and over it (§15.8) */
static int crossing_orders(const fogn_scenario *s, const fogn_state *st, int unit, gr_action *out, int n, int max,
                           int check)
{
    int near[FOGN_MENU_CROSSINGS];
    gr_rect r = fogn_unit_rect(&s->units[unit], &st->u[unit]);
    int nn = fogn_cross_near(s, &r, open_allowance(s, unit, st), near, FOGN_MENU_CROSSINGS);
    for (int i = 0; i < nn; i++) {
        n = try_add(s, st, out, n, max, fogn_act(FOGN_A_UP_TO, unit, near[i], 0), check);
        n = try_add(s, st, out, n, max, fogn_act(FOGN_A_CROSS, unit, near[i], 0), check);
    }
    return n;
}

int fogn_orders_for_unit(const fogn_scenario *s, const fogn_state *st, int unit, gr_action *out, int max, int check)
{
    int n = 0;
    const fogn_unit_profile *p = &s->units[unit];
    const fogn_unit *u = &st->u[unit];
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, unit, -1, 0);
    if (!st->turn.second && n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    if (st->turn.second == FOGN_SECOND_GROUP) {
        /* the Brigade Group's second move (§8.8, §8.10): it advances as a group, or holds */
        int eg[FOGN_MENU_ENEMIES];
        return group_orders(s, st, unit, eg, nearest_enemies(s, st, unit, eg, FOGN_MENU_ENEMIES), out, n, max, check);
    }
    /* §15.4, §15.5: a garrison moves only by the building orders; others may enter an area */
    n += fogn_bld_orders(s, st, unit, out + n, max - n, check);
    if (fogn_bld_of(s, st, unit) >= 0) return n;
    int en[FOGN_MENU_ENEMIES];
    int ne = nearest_enemies(s, st, unit, en, FOGN_MENU_ENEMIES);
    static const int bands[3] = {(int)FOGN_BAND_CLOSE, (int)FOGN_BAND_MEDIUM, (int)FOGN_BAND_LONG};
    int movable = !(arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED) && !(p->caps & FOGN_CAP_IMMOBILE);
    if (movable) {
        for (int i = 0; i < ne; i++)
            for (int b = 0; b < 3; b++) n = try_add(s, st, out, n, max, fogn_act(FOGN_A_ADVANCE, unit, en[i], bands[b]), check);
        for (int o = 0; o < s->nobj; o++) n = try_add(s, st, out, n, max, fogn_act(FOGN_A_ADVANCE_OBJ, unit, o, 0), check);
        n = try_add(s, st, out, n, max, fogn_act(FOGN_A_ROAD, unit, -1, 1), check);
        n = try_add(s, st, out, n, max, fogn_act(FOGN_A_ROAD, unit, -1, -1), check);
    }
    if (st->turn.second) return n; /* a second move: advances and road marches only */
    if (movable) n = crossing_orders(s, st, unit, out, n, max, check);
    n = group_orders(s, st, unit, en, ne, out, n, max, check);
    if (movable) n = try_add(s, st, out, n, max, fogn_act(FOGN_A_FALL_BACK, unit, -1, 0), check);
    if (ne > 0) {
        /* face the nearest enemy if not already roughly facing it */
        gr_rect r = fogn_unit_rect(p, u), e = fogn_unit_rect(&s->units[en[0]], &st->u[en[0]]);
        gr_vec2 c = gr_rect_centre(&r), ec = gr_rect_centre(&e);
        double off = fabs(gr_angle_diff(atan2(ec.y - c.y, ec.x - c.x), u->heading));
        if (off > 20 * DEG) n = try_add(s, st, out, n, max, fogn_act(FOGN_A_FACE, unit, en[0], 0), check);
    }
    n = try_add(s, st, out, n, max, fogn_act(FOGN_A_TURN, unit, -1, 180), check);
    if (arm == FOGN_ARM_ART) {
        if (u->formation == FOGN_F_LIMBERED) n = try_add(s, st, out, n, max, fogn_act(FOGN_A_UNLIMBER, unit, -1, 0), check);
        else {
            n = try_add(s, st, out, n, max, fogn_act(FOGN_A_LIMBER, unit, -1, 0), check);
            gr_action pr = fogn_act(FOGN_A_PROLONG, unit, -1, 0);
            pr.p[1] = 1.0f;
            n = try_add(s, st, out, n, max, pr, check);
        }
    } else {
        for (int f = 0; f < FOGN_F_COUNT; f++)
            if (f != u->formation && fogn_formation_allowed(p, (fogn_formation)f))
                n = try_add(s, st, out, n, max, fogn_act(FOGN_A_FORM, unit, -1, f), check);
    }
    return n;
}

int fogn_orders_for_cmdr(const fogn_scenario *s, const fogn_state *st, int cmdr, gr_action *out, int max)
{
    int n = 0;
    int actor = s->nunits + cmdr;
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, actor, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    const fogn_cmdr_profile *cp = &s->cmdrs[cmdr];
    /* the farthest he may ride on any ground (§8.3): a post farther off is
     * refused by the join's own distance test whatever the ground */
    double most = fmax(fogn_cmdr_allowance(s, FOGN_MC_OPEN),
                       fmax(fogn_cmdr_allowance(s, FOGN_MC_ROUGH), fogn_cmdr_allowance(s, FOGN_MC_DIFFICULT)));
    gr_vec2 at = gr_v2(st->c[cmdr].x, st->c[cmdr].y);
    /* join each unit of his division (or, for a corps commander, the army) that he can reach */
    for (int j = 0; j < s->nunits && n < max; j++) {
        if (s->units[j].side != cp->side || !fogn_unit_alive(&st->u[j])) continue;
        if (cp->role == FOGN_CMDR_DIVISION && s->units[j].division != cp->division) continue;
        if (st->c[cmdr].leading == j) continue;
        if (gr_v2_dist(at, fogn_cmdr_post(s, st, j)) > most + 1e-6) continue;
        gr_action a = fogn_act(FOGN_A_CMDR_JOIN, actor, j, 0);
        fogn_state tmp = *st;
        if (fogn_cmdr_apply(s, &tmp, &a, NULL) == 0) out[n++] = a; /* no reason wanted: none is worded */
    }
    return n;
}
