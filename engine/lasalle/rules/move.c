/* move.c - infantry and cavalry moves in the Activity Phase (move.h). */
#include "move.h"
#include "town.h"
#include "command.h"
#include "footprint.h"
#include "ground.h"
#include "movelog.h"
#include "works.h"

#include <math.h>
#include <stdio.h>

/* the least wheel that lines a crossing unit up with an obstacle: below it, it stands square already */
#define LINE_UP_MIN (0.5 * GR_PI / 180.0)

#define DEG (GR_PI / 180.0)
#define ALLOW_EPS 1e-6

void lasalle_prelude_of(const gr_action *a, int *form, int *anchor, int *about)
{
    int f = a->arg & LASALLE_PRE_FORM_MASK;
    *form = f ? f - 1 : -1;
    *anchor = (a->arg >> LASALLE_PRE_ANCHOR_SHIFT) & 3;
    *about = (a->arg & LASALLE_PRE_ABOUT) != 0;
}

static int squares_move(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    /* Squares Moving [H, p.80]: an Experienced square in command may move 1 BW */
    return (s->options & LASALLE_OPT_SQUARES_MOVING) && s->units[i].discipline == LASALLE_EXPERIENCED &&
           lasalle_in_command(s, st, i);
}

double lasalle_unit_allowance(const lasalle_scenario *s, const lasalle_state *st, int i, int form, int reduced)
{
    if (form == LASALLE_SQUARE) return squares_move(s, st, i) ? 1.0 : 0.0;
    return lasalle_allowance(&s->units[i], form, reduced);
}

int lasalle_wholly_off(const lasalle_scenario *s, const gr_rect *h)
{
    gr_vec2 c[4], t[4] = {{0, 0}, {s->table_w, 0}, {s->table_w, s->table_h}, {0, s->table_h}};
    gr_rect_corners(h, c);
    return !gr_poly_intersect(t, 4, c, 4);
}

/* the motions an action asks for, in the unit's formation after its prelude */
static int build_path(const lasalle_scenario *s, int i, const gr_action *a, int form, int square, lasalle_path *path,
                      int *maneuver, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    double f0 = a->p[1], f1 = a->p[3];
    path->n = 0;
    *maneuver = 0;
    switch (a->type) {
    case LASALLE_A_MOVE: {
        if ((f0 < 0 && f1 > 0) || (f0 > 0 && f1 < 0))
            return gr_error_set(err, "a move goes either forward or back (retrograde), not both (C, p.27)");
        int back = f0 < 0 || f1 < 0, mult = back && !square ? 2 : 1;
        double w[2] = {a->p[0] * DEG, a->p[2] * DEG}, d[2] = {f0, f1};
        if (square && (w[0] != 0 || w[1] != 0)) return gr_error_set(err, "a moving square may not wheel (H, p.80)");
        for (int k = 0; k < 2; k++) {
            if (w[k] != 0) path->m[path->n++] = lasalle_wheel(p, form, w[k], back);
            if (d[k] != 0) path->m[path->n++] = lasalle_straight(d[k], 0, fabs(d[k]) * mult);
        }
        *maneuver = (back && !square) || w[0] != 0 || w[1] != 0;
        return 0;
    }
    case LASALLE_A_OBLIQUE:
        if (!(a->p[0] > 0) || fabs(a->p[1]) > a->p[0] + ALLOW_EPS)
            return gr_error_set(err, "an oblique goes forward, up to 1 BW to the side for each 1 BW forward (C, p.27)");
        if (p->discipline == LASALLE_AMATEUR)
            return gr_error_set(err, "%s is Amateur: only Experienced and Irregular units oblique (C, p.27)", p->name);
        path->m[path->n++] = lasalle_straight(a->p[0], a->p[1], a->p[0]);
        *maneuver = 1;
        return 0;
    case LASALLE_A_FLANK:
        if (a->p[0] == 0) return gr_error_set(err, "a move by the flank needs a distance");
        path->m[path->n++] = lasalle_straight(0, a->p[0], fabs(a->p[0]) * (square ? 1 : 2));
        *maneuver = !square;
        return 0;
    default: return 0;
    }
}

/* a formation change inside a town base: only to Deployed(Town), by infantry in March, and it is the whole
 * Activity; the Formation Change Table does not apply (ruling R-51) [G, p.69] */
static int town_prelude(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a, int form,
                        lasalle_plan *pl, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    if (form != LASALLE_TOWN)
        return gr_error_set(err, "%s stands in a town base, where the only formation change is to Deployed(Town) "
                                 "(G, p.69)", p->name);
    if (a->type != LASALLE_A_MOVE || a->p[0] != 0 || a->p[1] != 0 || a->p[2] != 0 || a->p[3] != 0)
        return gr_error_set(err, "changing to Deployed(Town) takes the whole movement allowance (G, p.69)");
    if (lasalle_town_deploy(s, st, i, &pl->start, err)) return -1;
    pl->prelude = 1;
    return 0;
}

/* the formation change or about-face before the move [C, p.25, 27] */
_Static_assert(LASALLE_FORM_COUNT * 4 <= 64, "a memo bit for each formation and anchor");

/* the re-formed pose's check, through the memo when there is one (a refusal's reason is asked again) */
static int reform_check(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to, int anchor,
                        lasalle_move_memo *memo, gr_error *err)
{
    if (!memo) return lasalle_reform_check(s, st, i, to, err);
    if (err) return lasalle_reform_check_geo(s, st, memo->geo, i, to, err); /* the reason is wanted */
    uint64_t bit = (uint64_t)1 << (to.form * 4 + anchor);
    if (memo->reform_known & bit) return memo->reform_bad & bit ? -1 : 0;
    int bad = lasalle_reform_check_geo(s, st, memo->geo, i, to, NULL);
    memo->reform_known |= bit;
    if (bad) memo->reform_bad |= bit;
    return bad;
}

static lasalle_fct fct_now(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_move_memo *memo)
{
    if (!memo) return lasalle_fct_now(s, st, i, NULL);
    if (!memo->fct_known) {
        memo->fct = lasalle_fct_now(s, st, i, NULL);
        memo->fct_known = 1;
    }
    return memo->fct;
}

static int check_prelude(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                         lasalle_move_memo *memo, lasalle_plan *pl, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    int form, anchor, about;
    lasalle_prelude_of(a, &form, &anchor, &about);
    pl->start = lasalle_pose_of(st, i);
    pl->verdict = LASALLE_FCT_FULL;
    if (form < 0 && !about) return 0;
    if (form >= 0 && about)
        return gr_error_set(err, "a unit may change formation or about-face, not both (C, p.27)");
    if (about && a->type != LASALLE_A_MOVE)
        return gr_error_set(err, "an about-face may open only an ordinary move (C, p.27)");
    gr_rect h0 = lasalle_hull(s, st, i);
    if (form >= 0 && pl->start.form != LASALLE_TOWN && lasalle_town_of(s, &h0) >= 0)
        return town_prelude(s, st, i, a, form, pl, err);
    if (form >= 0 && pl->start.form == LASALLE_TOWN) {
        /* the garrison leaves in March: the column stands in the base and the move takes it out [G, p.70] */
        if (form != LASALLE_MARCH)
            return gr_error_set(err, "%s is Deployed(Town): it leaves the town only in March (G, p.70)", p->name);
        int k;
        pl->prelude = 1;
        pl->start = lasalle_town_leave_pose(s, st, i, &k);
        return 0;
    }
    if (form >= 0 && (form == pl->start.form || !lasalle_form_allowed(s, p, form)))
        return gr_error_set(err, "%s cannot change to %s: %s", p->name, lasalle_form_names[form],
                            form == pl->start.form ? "it is already in it" : "the formation is not open to it (p.12-14)");
    pl->verdict = fct_now(s, st, i, memo);
    if (pl->verdict == LASALLE_FCT_FORBIDDEN)
        return gr_error_set(err, "%s cannot change formation: it is Amateur, out of command and near the enemy (p.25)",
                            p->name);
    if (about) {
        pl->prelude = 2;
        gr_rect h = lasalle_hull(s, st, i);
        gr_vec2 rear = gr_v2_sub(h.fc, gr_v2_scale(gr_rect_fwd(&h), h.d));
        pl->start.x = rear.x;
        pl->start.y = rear.y;
        pl->start.h = gr_angle_norm(pl->start.h + GR_PI);
    } else {
        pl->prelude = 1;
        pl->start = lasalle_reform_pose(p, pl->start, form, anchor, 0.0);
        if (reform_check(s, st, i, pl->start, anchor, memo, err)) return -1;
    }
    return 0;
}

static int refuse_meets(const lasalle_scenario *s, const lasalle_state *st, const lasalle_sweep *sw, int leaving,
                        gr_error *err)
{
    const char *pn = lasalle_obstacle_name(s, st, sw->piece);
    if (sw->meets & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "the path enters impassable %s (B, p.21)", pn);
    if (sw->meets & LASALLE_MEETS_OBSTACLE)
        return gr_error_set(err, "crossing the obstacle %s takes the whole move: order 'cross' (C, p.29)", pn);
    if ((sw->meets & LASALLE_MEETS_OFF_TABLE) && !leaving)
        return gr_error_set(err, "the move would take the unit off the table; the book has no rule for leaving it "
                                 "(FAQ #2) unless the scenario's leaving_table option is on");
    return 0;
}

/* where the move ends among the town bases: a garrison leaving in March clears the town; any other unit ends
 * wholly outside every town base, or is placed inside one in March [G Towns, p.68, 70] */
static int town_end(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_plan *pl, gr_error *err)
{
    gr_rect end = lasalle_pose_hull(&s->units[i], pl->sw.end);
    if (st->u[i].form == LASALLE_TOWN && pl->start.form == LASALLE_MARCH) {
        if (lasalle_meets(s, &end, NULL) & LASALLE_MEETS_TOWN)
            return gr_error_set(err, "%s leaving the town in March must end clear of it (G, p.70)", s->units[i].name);
        return 0;
    }
    if (pl->sw.end.form == LASALLE_TOWN) return 0;
    return lasalle_town_move_end(s, st, i, &pl->sw.end, err) < 0 ? -1 : 0;
}

static int check_sweep(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                       lasalle_move_memo *memo, lasalle_plan *pl, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    lasalle_sweep *sw = &pl->sw;
    lasalle_sweep_path_geo(s, st, memo ? memo->geo : NULL, i, pl->start, &pl->path, 0, sw);
    gr_rect end = lasalle_pose_hull(p, sw->end);
    pl->leaves = (s->options & LASALLE_OPT_LEAVE_TABLE) && lasalle_wholly_off(s, &end);
    if (refuse_meets(s, st, sw, pl->leaves, err)) return -1;
    if (sw->touch_enemy >= 0)
        return gr_error_set(err, "the move would touch %s: moving into contact is a charge, declared before the unit "
                                 "moves (C, p.31)", s->units[sw->touch_enemy].name);
    if (a->type == LASALLE_A_FLANK && (sw->near_enemy || lasalle_enemy_within(s, st, i, LASALLE_NEAR_BW)))
        return gr_error_set(err, "%s may not move by the flank: it is, or would come, near the enemy (C, p.27)",
                            p->name);
    if (sw->end_overlap >= 0 && !pl->leaves)
        return gr_error_set(err, "%s would end on top of %s: a unit passes through friends only if it clears them "
                                 "(C, p.29)", p->name, s->units[sw->end_overlap].name);
    if (town_end(s, st, i, pl, err)) return -1;
    int irregular = p->discipline == LASALLE_IRREGULAR, form = pl->start.form;
    /* a town base passed through is rough to every formation but March [G Towns, p.68] */
    int rough = (sw->meets & LASALLE_MEETS_ROUGH) ||
                ((sw->meets & LASALLE_MEETS_TOWN) && form != LASALLE_MARCH && form != LASALLE_TOWN);
    pl->reduced = s->ground == LASALLE_MUD || (rough && !irregular);
    if (form == LASALLE_SQUARE && rough)
        return gr_error_set(err, "a moving square may not enter rough terrain or a town base (H, p.80; G, p.68)");
    double full = lasalle_unit_allowance(s, st, i, pl->start.form, pl->reduced);
    pl->allowance = pl->prelude ? lasalle_fct_allowance(pl->verdict, full) : full;
    if (sw->cost > pl->allowance + ALLOW_EPS)
        return gr_error_set(err, "%s has %g BW to spend (%s allowance in %s%s), the move needs %g BW (C, p.24)",
                            p->name, pl->allowance, pl->reduced ? "Reduced" : "Full",
                            lasalle_form_names[pl->start.form], pl->prelude ? " after the change" : "", sw->cost);
    return 0;
}

/* the wheel forward about the front corner on the obstacle that lines the unit up with the stretch of k nearest
 * its front edge [C, p.29]: 0 with the wheel in *w, or -1 (the unit stands square already, or would wheel more
 * than 90 degrees) */
static int line_up(const lasalle_scenario *s, const lasalle_state *st, const lasalle_unit_profile *p, lasalle_pose q,
                   int k, lasalle_motion *w, gr_error *err)
{
    gr_rect h = lasalle_pose_hull(p, q);
    gr_vec2 fl = gr_rect_corner(&h, GR_FL), fr = gr_rect_corner(&h, GR_FR), buf[2];
    int npts, best = -1;
    const gr_vec2 *pts = lasalle_obstacle_line(s, st, k, buf, &npts);
    const char *name = lasalle_obstacle_name(s, st, k);
    double bd = INFINITY;
    for (int e = 0; e + 1 < npts; e++) {
        double d = gr_seg_seg_dist(fl, fr, pts[e], pts[e + 1]);
        if (d < bd) { bd = d; best = e; }
    }
    if (best < 0) return gr_error_set(err, "%s has no stretch to line up with", name);
    gr_vec2 a = pts[best], b = pts[best + 1];
    double dir = atan2(b.y - a.y, b.x - a.x), n1 = dir + GR_PI / 2, n2 = dir - GR_PI / 2;
    double want = fabs(gr_angle_diff(n1, q.h)) <= fabs(gr_angle_diff(n2, q.h)) ? n1 : n2;
    double turn = gr_angle_diff(want, q.h);
    if (fabs(turn) < LINE_UP_MIN)
        return gr_error_set(err, "%s stands square to %s already: order 'cross' (C, p.29)", p->name, name);
    if (fabs(turn) > GR_PI / 2 + 1e-9)
        return gr_error_set(err, "%s would wheel %.0f degrees to line up with %s (C, p.27)", p->name,
                            fabs(turn) * 180 / GR_PI, name);
    *w = lasalle_wheel(p, q.form, turn, 0);
    return 0;
}

/* the crossing: straight ahead until the footprint is clear of the obstacle it touched, after a wheel lining it
 * up with the obstacle when `square` asks for one [C, p.29] */
static int plan_cross(const lasalle_scenario *s, const lasalle_state *st, int i, int square, lasalle_plan *pl,
                      gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect h = lasalle_pose_hull(p, pl->start);
    int k = -1;
    for (int t = 0; t < s->terrain.n && k < 0; t++)
        if (s->ground_of[t].obstacle && lasalle_touches_obstacle(s, &h, t, LASALLE_CONTACT_EPS)) k = t;
    for (int w = 0; w < st->nworks && k < 0; w++) /* works made in play [H, p.75, p.78] */
        if (lasalle_touches_obstacle_st(s, st, &h, s->terrain.n + w, LASALLE_CONTACT_EPS)) k = s->terrain.n + w;
    if (k < 0) return gr_error_set(err, "%s touches no obstacle: a crossing starts against one (C, p.29)", p->name);
    lasalle_pose q0 = pl->start;
    pl->path.n = 0;
    if (square) {
        lasalle_motion w;
        if (line_up(s, st, p, q0, k, &w, err)) return -1;
        q0 = lasalle_pose_after(p, q0, &w);
        pl->path.m[pl->path.n++] = w;
        pl->maneuver = 1; /* a wheel [C, p.27] */
    }
    double lo = 0, hi = h.d + 1.0;
    for (int it = 0; it < 40; it++) {
        double mid = (lo + hi) / 2;
        lasalle_motion m = lasalle_straight(mid, 0, 0);
        gr_rect g = lasalle_pose_hull(p, lasalle_pose_after(p, q0, &m));
        if (lasalle_touches_obstacle_st(s, st, &g, k, 0.0)) lo = mid;
        else hi = mid;
    }
    pl->path.m[pl->path.n++] = lasalle_straight(hi + 1e-4, 0, 0);
    lasalle_sweep *sw = &pl->sw;
    lasalle_sweep_path(s, st, i, pl->start, &pl->path, 0, sw);
    gr_rect end = lasalle_pose_hull(p, sw->end);
    int m = lasalle_meets_st(s, st, &end, NULL);
    sw->meets = (sw->meets & ~LASALLE_MEETS_OBSTACLE) | (m & LASALLE_MEETS_OBSTACLE);
    if (refuse_meets(s, st, sw, 0, err)) return -1;
    if (sw->touch_enemy >= 0 || sw->end_overlap >= 0)
        return gr_error_set(err, "there is no room for %s beyond %s (C, p.29)", p->name,
                            lasalle_obstacle_name(s, st, k));
    if (!lasalle_touches_obstacle_st(s, st, &end, k, LASALLE_CONTACT_EPS))
        return gr_error_set(err, "%s would not end against %s", p->name, lasalle_obstacle_name(s, st, k));
    double full = lasalle_unit_allowance(s, st, i, pl->start.form, s->ground == LASALLE_MUD);
    pl->allowance = pl->prelude ? lasalle_fct_allowance(pl->verdict, full) : full;
    if (pl->allowance <= 0)
        return gr_error_set(err, "%s has no allowance left to cross (C, p.29; ruling A-19)", p->name);
    return 0;
}

int lasalle_move_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_plan *out,
                      gr_error *err)
{
    return lasalle_move_plan_memo(s, st, a, NULL, out, err);
}

int lasalle_move_plan_memo(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                           lasalle_move_memo *memo, lasalle_plan *out, gr_error *err)
{
    int i = a->actor;
    const lasalle_unit_profile *p = &s->units[i];
    *out = (lasalle_plan){0};
    if (p->type == LASALLE_ART)
        return gr_error_set(err, "%s is artillery: it moves with 'drive', 'limber', 'unlimber' or 'prolong' (C, p.28)",
                            p->name);
    if (st->u[i].form == LASALLE_TOWN && !(a->arg & LASALLE_PRE_FORM_MASK))
        return lasalle_town_move_plan(s, st, a, out, err);
    if (check_prelude(s, st, i, a, memo, out, err)) return -1;
    int square = out->start.form == LASALLE_SQUARE;
    if (square && a->type == LASALLE_A_OBLIQUE) return gr_error_set(err, "a square may not oblique (H, p.80)");
    if (a->type == LASALLE_A_CROSS) return plan_cross(s, st, i, a->p[0] != 0, out, err);
    if (build_path(s, i, a, out->start.form, square, &out->path, &out->maneuver, err)) return -1;
    if (out->prelude == 2) out->maneuver = 1; /* an about-face is a maneuver [C, p.27] */
    if (!out->path.n && !out->prelude) return gr_error_set(err, "the move goes nowhere: order 'hold' instead");
    if (out->path.n && (out->verdict == LASALLE_FCT_DISC || out->verdict == LASALLE_FCT_NONE))
        return gr_error_set(err, "%s has no movement left after %s (%s on the Formation Change Table, p.25)", p->name,
                            out->prelude == 2 ? "its about-face" : "changing formation", lasalle_fct_names[out->verdict]);
    return check_sweep(s, st, i, a, memo, out, err);
}

/* a footprint at this pose stands in a town base without standing wholly in one [G Towns, p.68] */
static int partly_in_town(const lasalle_scenario *s, int i, lasalle_pose a)
{
    gr_rect h = lasalle_pose_hull(&s->units[i], a);
    return (lasalle_meets(s, &h, NULL) & LASALLE_MEETS_TOWN) && lasalle_town_of(s, &h) < 0;
}

/* the friends passed through test in the order met; the first failure stops the mover where it touched it */
static int pass_friends(const lasalle_scenario *s, lasalle_state *st, int i, lasalle_plan *pl, const gr_ctx *cx)
{
    const lasalle_unit_profile *p = &s->units[i];
    for (int k = 0; k < pl->sw.npass; k++) {
        int j = pl->sw.pass[k];
        const lasalle_unit_profile *q = &s->units[j];
        st->u[j].flags |= LASALLE_UF_INTERPEN;
        st->u[i].flags |= LASALLE_UF_INTERPEN;
        /* artillery and irregulars pass and are passed freely [C Interpenetration, p.29] */
        if (p->type == LASALLE_ART || q->type == LASALLE_ART || p->discipline == LASALLE_IRREGULAR ||
            q->discipline == LASALLE_IRREGULAR)
            continue;
        if (st->u[j].form == LASALLE_TOWN) continue; /* a garrison is passed with no test [G Towns, p.69] */
        char why[96];
        snprintf(why, sizeof why, "being passed through by %s", p->name);
        int pass = lasalle_disc_test(s, st, j, why, cx, NULL);
        if (pass < 0) return -1;
        if (!pass) {
            pl->sw.end = lasalle_first_touch(s, st, i, pl->start, &pl->path, j);
            /* where that place lies inside a friend already passed, or partly in a town base, it stays where
             * it began (ruling R-6); a garrison whose March column would already stand in the friend stays in
             * its town base, and a column in two files in a town base (ruling R-50) stays in its two files */
            if (lasalle_pose_overlaps(s, st, i, pl->sw.end, -1) >= 0 || partly_in_town(s, i, pl->sw.end))
                pl->sw.end = pl->start;
            if (lasalle_pose_overlaps(s, st, i, pl->sw.end, -1) >= 0 || partly_in_town(s, i, pl->sw.end)) {
                pl->sw.end = lasalle_pose_of(st, i);
                pl->sw.end.form = lasalle_layout_form(st, i);
            }
            gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, p->side, "%s stops against %s (C, p.29)", p->name, q->name);
            return 0;
        }
    }
    return 0;
}

/* a unit that deploys in, enters or leaves a town base [G Towns, p.68-70] */
static void town_log(const lasalle_scenario *s, const lasalle_state *st, int i, const lasalle_plan *pl, gr_log *log)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect h = lasalle_pose_hull(p, pl->sw.end);
    int k = lasalle_town_of(s, &h);
    char d[32];
    lasalle_fmt_bw(d, sizeof d, pl->sw.cost);
    if (st->u[i].form == LASALLE_TOWN && pl->prelude)
        gr_log_add(log, GR_EV_MOVE, p->side, "%s leaves the town in March, %s BW (G, p.70)", p->name, d);
    else if (k >= 0 && pl->sw.end.form == LASALLE_TOWN)
        gr_log_add(log, GR_EV_MOVE, p->side, "%s changes to Deployed(Town) in the town base %s (G, p.69)", p->name,
                   s->terrain.p[k].name);
    else if (k >= 0 && pl->path.n)
        gr_log_add(log, GR_EV_MOVE, p->side, "%s ends its move in the town base %s in %s (G, p.68)", p->name,
                   s->terrain.p[k].name, pl->sw.end.form == LASALLE_LIMBERED ? "Limbered"
                   : pl->sw.end.form == LASALLE_LAYOUT_TOWN_MARCH ? "March, in two files (ruling R-50)" : "March");
}

int lasalle_move_apply_plan(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                            const lasalle_plan *plan, const gr_ctx *cx)
{
    int i = a->actor;
    lasalle_plan pl = *plan; /* the friends passed may cut it short */
    lasalle_unit *u = &st->u[i];
    u->flags |= LASALLE_UF_ACTED;
    if (pl.verdict == LASALLE_FCT_DISC) {
        int pass = lasalle_disc_test(s, st, i, pl.prelude == 2 ? "an about-face" : "a change of formation", cx, NULL);
        if (pass < 0) return -1;
        if (!pass) {
            gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[i].side, "%s fails to %s and does nothing this "
                       "Activity Phase (C, p.25)", s->units[i].name, pl.prelude == 2 ? "about-face" : "re-form");
            return 0;
        }
    }
    if (!(u->form == LASALLE_TOWN && pl.prelude)) lasalle_move_log(s, st, i, a, &pl, cx ? cx->log : NULL);
    town_log(s, st, i, &pl, cx ? cx->log : NULL);
    if (pass_friends(s, st, i, &pl, cx) < 0) return -1;
    u->x = pl.sw.end.x;
    u->y = pl.sw.end.y;
    lasalle_unit_set_heading(u, pl.sw.end.h);
    lasalle_set_form(u, pl.sw.end.form);
    u->flags |= LASALLE_UF_MOVED;
    if (pl.prelude) u->flags |= LASALLE_UF_FORMED;
    if (pl.maneuver) u->flags |= LASALLE_UF_MANEUVER;
    int town_rough = (pl.sw.meets & LASALLE_MEETS_TOWN) && pl.start.form != LASALLE_MARCH && pl.path.n;
    if ((pl.sw.meets & LASALLE_MEETS_ROUGH) || town_rough) u->flags |= LASALLE_UF_ROUGH;
    if (a->type == LASALLE_A_CROSS) u->flags |= LASALLE_UF_CROSSED;
    if (pl.leaves) {
        u->status = LASALLE_LEFT;
        gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[i].side, "%s leaves the table and counts as broken "
                   "(FAQ #2)", s->units[i].name);
    }
    return 0;
}

int lasalle_move_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                       gr_error *err)
{
    lasalle_plan pl;
    if (lasalle_move_plan(s, st, a, &pl, err)) return -1;
    return lasalle_move_apply_plan(s, st, a, &pl, cx);
}
