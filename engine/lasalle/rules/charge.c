/* charge.c - declaring and moving charges (charge.h). */
#include "charge.h"
#include "command.h"
#include "footprint.h"
#include "ground.h"
#include "move.h"
#include "movelog.h"
#include "tables.h"
#include "town_attack.h"
#include "town_charge.h"
#include "works.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEG (GR_PI / 180.0)
#define WHEEL_TRY (1.0 * DEG)   /* the wheels tried when looking for a charge, apart */
#define CHARGE_TOUCH_SLACK 0.05 /* BW: rounding allowed for when a wheel's run is known to fall short */

static double wheel_limit(const lasalle_unit_profile *p)
{
    return p->type == LASALLE_CAV ? LASALLE_CAV_CHARGE_WHEEL : LASALLE_INF_CHARGE_WHEEL;
}

int lasalle_may_charge(const lasalle_scenario *s, const lasalle_state *st, int i, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    int touching[4];
    if (p->type == LASALLE_ART) return gr_error_set(err, "%s is artillery, which never charges (C, p.30)", p->name);
    if (u->form == LASALLE_TOWN) return 0; /* it attacks the next town base (town_attack.h) [G Towns, p.70] */
    if (u->form == LASALLE_MARCH || u->form == LASALLE_SQUARE)
        return gr_error_set(err, "%s is in %s: no unit charges from March or Square (C, p.30)", p->name,
                            lasalle_form_names[u->form]);
    if (u->flags & LASALLE_UF_OOC_START)
        return gr_error_set(err, "%s was out of command when its Activity Phase began and may not charge (C, p.30)",
                            p->name);
    if (u->disr + 1 >= p->nbases)
        return gr_error_set(err, "%s is one DISR from breaking and may not charge (C, p.30)", p->name);
    if ((s->side_rules[p->side] & LASALLE_AB_LINEAR_TACTICS) && (u->form == LASALLE_COLUMN || u->form == LASALLE_MASS))
        return gr_error_set(err, "%s%s army fights with Linear Tactics: Attack Columns may not charge (H, p.75)",
                            p->name, gr_words_poss(p->name));
    if (lasalle_contacts(s, st, i, touching, 4))
        return gr_error_set(err, "%s is already in contact with the enemy (ruling R-7)", p->name);
    return 0;
}

int lasalle_may_target(const lasalle_scenario *s, const lasalle_state *st, int i, int j, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i], *q = &s->units[j];
    if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j))
        return gr_error_set(err, "%s is not an enemy unit on the table", q->name);
    gr_rect h = lasalle_hull(s, st, i), g = lasalle_hull(s, st, j), b[LASALLE_MAX_BASES], a[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, j, b), na = lasalle_bases(s, st, i, a);
    /* cavalry that ended its move in a town base may be charged by infantry [C, p.30; G Towns, p.70] */
    if (p->type == LASALLE_INF && q->type == LASALLE_CAV && lasalle_town_of(s, &g) < 0)
        return gr_error_set(err, "infantry may not charge cavalry (C, p.30), unless it stands in a town base (G, "
                                 "p.70)");
    if (p->type == LASALLE_CAV && (lasalle_meets(s, &g, NULL) & LASALLE_MEETS_TOWN))
        return gr_error_set(err, "cavalry may not charge %s in a town base (G, p.70)", q->name);
    if (p->type == LASALLE_CAV && lasalle_cover_against_st(s, st, &g, b, nb, &h) >= LASALLE_COVER_HARD)
        return gr_error_set(err, "cavalry may not charge %s in hard cover (C, p.30)", q->name);
    if (p->discipline == LASALLE_IRREGULAR && q->discipline != LASALLE_IRREGULAR &&
        (lasalle_in_open(s, st, a, na) || lasalle_in_open(s, st, b, nb)))
        return gr_error_set(err, "an irregular unit charges a regular one only when neither stands in the open (C, "
                                 "p.30)");
    if (!lasalle_visible(s, &h, &g))
        return gr_error_set(err, "%s cannot see %s, and a charge needs a visible target (C, p.32)", p->name, q->name);
    return 0;
}

static int refuse_path(const lasalle_scenario *s, const lasalle_state *st, const lasalle_charge *c, int j,
                       gr_error *err)
{
    const lasalle_sweep *sw = &c->sw;
    const char *pn = lasalle_obstacle_name(s, st, sw->piece);
    if (sw->meets & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "the charge would enter impassable %s", pn);
    if (sw->meets & LASALLE_MEETS_TOWN)
        return gr_error_set(err, "the charge would enter the town base %s: a charge stops at a town base's edge, and "
                                 "only garrisons attack from one base into the next (ruling R-57; G, p.68-70)", pn);
    if (sw->meets & LASALLE_MEETS_OBSTACLE)
        return gr_error_set(err, "a charge may end against the obstacle %s but not cross it (C, p.29; ruling A-12)", pn);
    if (sw->meets & LASALLE_MEETS_OFF_TABLE) return gr_error_set(err, "the charge would run off the table");
    if (sw->touch_enemy >= 0)
        return gr_error_set(err, "the wheel would touch %s: contact is made only straight ahead after the wheel (C, "
                                 "p.31)", s->units[sw->touch_enemy].name);
    for (int k = 0; k < sw->npass; k++)
        if (s->units[sw->pass[k]].type != LASALLE_ART)
            return gr_error_set(err, "the charge would pass through %s: a charge passes only friendly artillery (C, "
                                     "p.31)", s->units[sw->pass[k]].name);
    if (sw->end_overlap >= 0) return gr_error_set(err, "the charge would end on top of %s", s->units[sw->end_overlap].name);
    int hit = 0;
    for (int k = 0; k < sw->ncontact; k++) hit |= sw->contact[k] == j;
    if (!hit)
        return gr_error_set(err, "the charge would %s%s before reaching %s", sw->ncontact ? "strike " : "fall short",
                            sw->ncontact ? s->units[sw->contact[0]].name : "", s->units[j].name);
    return 0;
}

/* the path with a run of `run` BW after the wheel */
static void charge_path(const lasalle_unit_profile *p, int form, double wheel, double run, lasalle_path *path)
{
    path->n = 0;
    if (wheel != 0) path->m[path->n++] = lasalle_wheel(p, form, wheel, 0);
    path->m[path->n++] = lasalle_straight(run, 0, run);
}

/* hw run straight ahead up to `run` BW never comes within touching distance of g: every footprint on the
 * way lies in hw lengthened forward by the run, and a charge strikes only what its footprint touches where
 * it stops (charge_contacts). The slack keeps rounding of the poses on the safe side */
static int out_of_touch(const gr_rect *hw, const gr_rect *g, double run)
{
    gr_rect r = *hw;
    r.fc = gr_v2_add(r.fc, gr_v2_scale(gr_rect_fwd(hw), run));
    r.d += run;
    return gr_rect_dist(&r, g) > LASALLE_CONTACT_EPS + CHARGE_TOUCH_SLACK;
}

static int try_core(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i, int j, double wheel,
                    lasalle_charge *out, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    int form = st->u[i].form, irregular = p->discipline == LASALLE_IRREGULAR;
    gr_rect h = lasalle_hull(s, st, i);
    *out = (lasalle_charge){0};
    out->wheel = wheel;
    double arc = fabs(wheel) * h.w;
    if (arc > wheel_limit(p) + 1e-6)
        return gr_error_set(err, "the limited wheel before a charge is at most %g BW of arc for %s; %g degrees is %.2f "
                                 "BW (C, p.31)", wheel_limit(p), lasalle_type_names[p->type], wheel / DEG, arc);
    /* where no reason is asked for, a run that falls short of the target is refused without its sweep */
    gr_rect hw = h, target = lasalle_hull(s, st, j);
    if (!err && wheel != 0) {
        lasalle_motion m = lasalle_wheel(p, form, wheel, 0);
        hw = lasalle_pose_hull(p, lasalle_pose_after(p, lasalle_pose_of(st, i), &m));
    }
    for (int reduced = s->ground == LASALLE_MUD; reduced <= 1; reduced++) {
        double allow = lasalle_allowance(p, form, reduced), run = allow - arc;
        if (run <= 0) return gr_error_set(err, "the wheel leaves no allowance to charge with");
        if (!err && out_of_touch(&hw, &target, run)) return -1;
        charge_path(p, form, wheel, run, &out->path);
        /* with no reason asked, a wheel that refuses any charge refuses this one whatever the run (the Reduced
         * allowance's run begins with the same wheel), and a run that would end on top of a unit is refused
         * unless rough ground hands the verdict to the Reduced run */
        if (!err) {
            int quick = lasalle_sweep_charge_quick(s, st, g, i, lasalle_pose_of(st, i), &out->path, &out->sw);
            if (quick == 1) return -1;
            if (quick == 2) {
                if (!reduced && (out->sw.meets & LASALLE_MEETS_ROUGH) && !irregular) continue;
                return -1;
            }
        } else {
            lasalle_sweep_path_geo(s, st, g, i, lasalle_pose_of(st, i), &out->path, 1, &out->sw);
        }
        out->reduced = reduced;
        out->allowance = allow;
        /* rough ground on the way means the Reduced allowance [C, p.24] */
        if (!reduced && (out->sw.meets & LASALLE_MEETS_ROUGH) && !irregular) continue;
        return refuse_path(s, st, out, j, err);
    }
    return refuse_path(s, st, out, j, err);
}

/* the charge; at a unit in a town base, against each edge of the base it may be moved up to, the nearest
 * first (town_charge.h) */
static int try_in(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i, int j, double wheel,
                  lasalle_charge *out, gr_error *err)
{
    gr_vec2 at[4];
    int n = lasalle_town_charge_slides(s, st, i, j, at);
    if (!n) return try_core(s, st, g, i, j, wheel, out, err);
    lasalle_state tmp = *st;
    gr_error first;
    gr_error_clear(&first);
    for (int q = 0; q < n; q++) {
        tmp.u[j].x = at[q].x;
        tmp.u[j].y = at[q].y;
        gr_error e;
        gr_error_clear(&e);
        if (!try_core(s, &tmp, NULL, i, j, wheel, out, err ? &e : NULL)) {
            out->town_slide = gr_v2_dist(at[q], gr_v2(st->u[j].x, st->u[j].y)) > 1e-9;
            out->slide_to = at[q];
            return 0;
        }
        if (q == 0) first = e;
    }
    if (err) *err = first;
    return -1;
}

int lasalle_charge_try(const lasalle_scenario *s, const lasalle_state *st, int i, int j, double wheel,
                       lasalle_charge *out, gr_error *err)
{
    return try_in(s, st, NULL, i, j, wheel, out, err);
}

/* i's footprint h, what it charges at in j (j's footprint, or the town base j stands in when j may be moved
 * up to its edges) g, and how far a charge runs; 0 when g lies within that run of h, -1 when no charge of i
 * reaches j */
static int charge_reach(const lasalle_scenario *s, const lasalle_state *st, int i, int j, gr_rect *h, gr_rect *g,
                        double *reach)
{
    *h = lasalle_hull(s, st, i);
    *g = lasalle_hull(s, st, j);
    gr_vec2 at[4];
    if (lasalle_town_charge_slides(s, st, i, j, at)) *g = lasalle_town_rect(s, lasalle_town_of(s, g)); /* */
    *reach = lasalle_allowance(&s->units[i], st->u[i].form, s->ground == LASALLE_MUD);
    return gr_rect_dist(h, g) > *reach + 1e-6 ? -1 : 0;
}

int lasalle_charge_in_reach(const lasalle_scenario *s, const lasalle_state *st, int i, int j)
{
    gr_rect h, g;
    double reach;
    return charge_reach(s, st, i, j, &h, &g, &reach);
}

static int find_in(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *geo, int i, int j,
                   lasalle_charge *out)
{
    const lasalle_unit_profile *p = &s->units[i];
    gr_rect h, g;
    double reach;
    if (charge_reach(s, st, i, j, &h, &g, &reach)) return -1;
    lasalle_geo own; /* the state's footprints, once for every wheel tried */
    if (!geo) {
        lasalle_geo_init(&own);
        geo = &own;
    }
    double limit = wheel_limit(p) / h.w;
    int steps = (int)floor(limit / WHEEL_TRY + 1e-9);
    for (int k = 0; k <= steps; k++)
        for (int sign = 1; sign >= -1; sign -= 2) {
            if (k == 0 && sign < 0) continue;
            double w = sign * k * WHEEL_TRY;
            /* a cheap look first: the target must lie in the strip ahead after the wheel */
            lasalle_motion m = lasalle_wheel(p, st->u[i].form, w, 0);
            gr_rect hw = w != 0 ? lasalle_pose_hull(p, lasalle_pose_after(p, lasalle_pose_of(st, i), &m)) : h;
            if (!gr_rect_in_front_corridor(&hw, &g, reach + 0.5)) continue;
            if (!try_in(s, st, geo, i, j, w, out, NULL)) return 0;
        }
    return -1;
}

int lasalle_charge_find(const lasalle_scenario *s, const lasalle_state *st, int i, int j, lasalle_charge *out)
{
    return find_in(s, st, NULL, i, j, out);
}

_Static_assert(LASALLE_MAX_UNITS <= 64, "a memo bit for each unit");

int lasalle_may_target_memo(const lasalle_scenario *s, const lasalle_state *st, int i, int j,
                            lasalle_charge_memo *memo)
{
    if (!memo) return lasalle_may_target(s, st, i, j, NULL);
    uint64_t bit = (uint64_t)1 << j;
    if (!(memo->target_known & bit)) {
        memo->target_known |= bit;
        if (lasalle_may_target(s, st, i, j, NULL)) memo->target_bad |= bit;
    }
    return memo->target_bad & bit ? -1 : 0;
}

int lasalle_charge_find_memo(const lasalle_scenario *s, const lasalle_state *st, int i, int j,
                             lasalle_charge_memo *memo, double *wheel)
{
    lasalle_charge c;
    if (!memo) {
        if (lasalle_charge_find(s, st, i, j, &c)) return -1;
        if (wheel) *wheel = c.wheel;
        return 0;
    }
    uint64_t bit = (uint64_t)1 << j;
    if (!(memo->find_known & bit)) {
        memo->find_known |= bit;
        if (!find_in(s, st, memo->geo, i, j, &c)) {
            memo->find_ok |= bit;
            memo->wheel[j] = c.wheel;
        }
    }
    if (!(memo->find_ok & bit)) return -1;
    if (wheel) *wheel = memo->wheel[j];
    return 0;
}

/* some part of j lies ahead of i's front line */
static int to_front(const gr_rect *h, const gr_rect *g)
{
    gr_vec2 c[4];
    gr_rect_corners(g, c);
    for (int q = 0; q < 4; q++)
        if (gr_rect_ahead_of_front(h, c[q]) > LASALLE_CONTACT_EPS) return 1;
    return 0;
}

static int mandatory(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_charge_memo *memo, int *out,
                     int max)
{
    gr_rect h = lasalle_hull(s, st, i);
    double d[LASALLE_MAX_UNITS];
    int near[LASALLE_MAX_UNITS], nn = 0;
    for (int j = 0; j < s->nunits; j++) {
        d[j] = INFINITY;
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        double dist = gr_rect_dist(&h, &g);
        if (dist > LASALLE_NEAR_BW || !to_front(&h, &g)) continue;
        d[j] = dist;
        int k = nn++; /* nearest first */
        while (k > 0 && d[near[k - 1]] > dist) {
            near[k] = near[k - 1];
            k--;
        }
        near[k] = j;
    }
    /* the targets are asked nearest first: once one may be charged, those beyond its tie are not mandatory
     * whatever their checks would say */
    double best = INFINITY;
    for (int k = 0; k < nn; k++) {
        int j = near[k];
        if (d[j] > best + 1e-6) {
            d[j] = INFINITY;
            continue;
        }
        if (lasalle_may_target_memo(s, st, i, j, memo) || lasalle_charge_find_memo(s, st, i, j, memo, NULL)) {
            d[j] = INFINITY;
            continue;
        }
        if (d[j] < best) best = d[j];
    }
    int n = 0;
    for (int j = 0; j < s->nunits && n < max; j++)
        if (d[j] <= best + 1e-6) out[n++] = j;
    return n;
}

int lasalle_charge_mandatory_memo(const lasalle_scenario *s, const lasalle_state *st, int i,
                                  lasalle_charge_memo *memo, const int **out)
{
    if (!memo->must_known) {
        memo->nmust = mandatory(s, st, i, memo, memo->must, LASALLE_MAX_UNITS);
        memo->must_known = 1;
    }
    *out = memo->must;
    return memo->nmust;
}

/* the checks before the mandatory target: who charges, whom, the path, and what else it strikes; 1 when
 * they pass and the mandatory target is still to be asked, 0 for a garrison's attack that passes, -1 */
static int check_path(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                      lasalle_charge_memo *memo, lasalle_charge *out, gr_error *err)
{
    int i = a->actor, j = a->target, side;
    if (j < 0 || j >= s->nunits) return gr_error_set(err, "a charge names its target");
    if (st->u[i].form == LASALLE_TOWN) {
        *out = (lasalle_charge){0};
        if (a->p[0] != 0) return gr_error_set(err, "a garrison's attack has no wheel (G, p.70)");
        return lasalle_town_attack_check(s, st, i, j, &side, err);
    }
    /* the memo answers only where no reason is asked for */
    lasalle_charge_memo *mm = err ? NULL : memo;
    if (lasalle_may_charge(s, st, i, err) ||
        (mm ? lasalle_may_target_memo(s, st, i, j, mm) : lasalle_may_target(s, st, i, j, err)) ||
        try_in(s, st, memo ? memo->geo : NULL, i, j, a->p[0] * DEG, out, err))
        return -1;
    for (int k = 0; k < out->sw.ncontact; k++)
        if (lasalle_may_target_memo(s, st, i, out->sw.contact[k], mm))
            return gr_error_set(err, "the charge would also strike %s, which %s may not charge",
                                s->units[out->sw.contact[k]].name, s->units[i].name);
    return 1;
}

int lasalle_charge_check_memo(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                              lasalle_charge_memo *memo, lasalle_charge *out, gr_error *err)
{
    int r = check_path(s, st, a, memo, out, err);
    if (r <= 0) return r; /* a garrison's attack (0 or -1), or refused */
    int buf[LASALLE_MAX_UNITS], n;
    const int *must = buf;
    if (memo) n = lasalle_charge_mandatory_memo(s, st, a->actor, memo, &must);
    else n = mandatory(s, st, a->actor, NULL, buf, LASALLE_MAX_UNITS);
    int ok = !n;
    for (int k = 0; k < n; k++) ok |= must[k] == a->target;
    if (!ok)
        return gr_error_set(err, "%s must charge %s, the closest enemy within 4 BW to its front that it can reach (C, "
                                 "p.32)", s->units[a->actor].name, s->units[must[0]].name);
    return 0;
}

int lasalle_charge_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                         lasalle_charge *out, gr_error *err)
{
    return lasalle_charge_check_memo(s, st, a, NULL, out, err);
}

int lasalle_charge_apply_plan(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                              const lasalle_charge *plan, const gr_ctx *cx, gr_error *err)
{
    const lasalle_charge c = *plan;
    int i = a->actor;
    if (st->u[i].form == LASALLE_TOWN) return lasalle_town_attack_apply(s, st, i, a->target, cx ? cx->log : NULL, err);
    lasalle_unit *u = &st->u[i];
    char run[32], names[160] = "";
    lasalle_fmt_bw(run, sizeof run, c.sw.cost);
    for (int k = 0; k < c.sw.ncontact; k++) {
        size_t n = strlen(names);
        snprintf(names + n, sizeof names - n, "%s%s", k ? " and " : "", s->units[c.sw.contact[k]].name);
    }
    if (c.town_slide) { /* [G, p.68-69] (ruling R-57) */
        int j = a->target;
        gr_rect hj = lasalle_hull(s, st, j);
        int k = lasalle_town_of(s, &hj);
        st->u[j].x = c.slide_to.x;
        st->u[j].y = c.slide_to.y;
        gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[j].side, "%s moves up within the town base %s to meet "
                   "the charge (G, p.69; ruling R-57)", s->units[j].name, k >= 0 ? s->terrain.p[k].name : "?");
    }
    gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[i].side, "%s charges %s: %s BW (%s allowance), contact with %s",
               s->units[i].name, s->units[a->target].name, run, c.reduced ? "Reduced" : "Full", names);
    u->x = c.sw.end.x;
    u->y = c.sw.end.y;
    lasalle_unit_set_heading(u, c.sw.end.h);
    u->flags |= LASALLE_UF_ACTED | LASALLE_UF_MOVED | LASALLE_UF_CHARGER;
    if (c.wheel != 0) u->flags |= LASALLE_UF_MANEUVER;
    if (c.sw.meets & LASALLE_MEETS_ROUGH) u->flags |= LASALLE_UF_ROUGH;
    return 0;
}

int lasalle_charge_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                         gr_error *err)
{
    lasalle_charge c;
    if (lasalle_charge_check(s, st, a, &c, err)) return -1;
    return lasalle_charge_apply_plan(s, st, a, &c, cx, err);
}
