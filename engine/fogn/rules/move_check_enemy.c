/* move_check_enemy.c - an exact move and the enemy (§8, §8.4, §8.9, §8.10,
 * §5.4): how near the swept area, the start and the end come to enemy
 * units; no contact (assaults make it), nor across an obstacle; Wavering
 * units keep away; reforming, turning or advancing near the enemy is
 * complex; the distance rules of slides, free moves and second moves. */
#include "move_check.h"
#include "building.h"
#include "obstacle.h"
#include "footprint.h"
#include "move.h"

#include <math.h>

/* nearest distance from any swept polygon to any live enemy unit, exact up
 * to `cap`: anything farther is reported as `cap` (the rules only ask about
 * 2 and 6 MU, so enemies whose boxes are farther are never measured) */
double fogn_sweep_enemy_dist(const fogn_scenario *s, const fogn_state *st, int side, fogn_sweep *sw, double cap,
                             fogn_move_tries *t)
{
    /* the tries of one move share the polygons before t->n0: their distances
     * to each enemy part are kept, the same values in the same order */
    int memo_to = t && t->ready ? (t->n0 < FOGN_TRIES_MEMO ? t->n0 : FOGN_TRIES_MEMO) : 0;
    double d = cap;
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == side || !fogn_unit_alive(&st->u[j])) continue;
        /* the box of the circle holding the enemy's footprint */
        double r = fogn_met_reach(s, st, t, j);
        double cb[4] = {st->u[j].x - r, st->u[j].y - r, st->u[j].x + r, st->u[j].y + r};
        if (fogn_box_dist_at_least(sw->all, cb, d)) continue;
        fogn_met_geom tmp;
        const fogn_met_geom *g = fogn_met_rects(s, st, t, j, &tmp);
        for (int k = 0; k < g->n; k++) {
            const double *eb = g->box[k];
            if (fogn_box_dist_at_least(sw->all, eb, d)) continue;
            for (int i = 0; i < sw->n; i++) {
                if (fogn_box_dist_at_least(sw->box[i], eb, d)) continue; /* cannot beat the best so far */
                double x;
                int np;
                if (i < memo_to) {
                    if (!(t->pd_have[j][k] & (1u << i))) {
                        const gr_vec2 *poly = fogn_sweep_poly(sw, i, &np);
                        t->pd[j][k][i] = gr_poly_dist(poly, np, g->corner[k], 4);
                        t->pd_have[j][k] |= 1u << i;
                    }
                    x = t->pd[j][k][i];
                } else {
                    const gr_vec2 *poly = fogn_sweep_poly(sw, i, &np);
                    x = gr_poly_dist(poly, np, g->corner[k], 4);
                }
                if (x < d) d = x;
            }
        }
    }
    return d;
}

/* did any part of the unit end ahead of its original front-edge line? */
static int is_advance(const gr_rect *start, const gr_rect *end_rects, int n)
{
    for (int i = 0; i < n; i++) {
        gr_vec2 c[4];
        gr_rect_corners(&end_rects[i], c);
        for (int k = 0; k < 4; k++)
            if (gr_rect_ahead_of_front(start, c[k]) > 1e-3) return 1;
    }
    return 0;
}

/* does the slide rule (slide_rules) judge this move? */
static int slides(const fogn_move_ctx *c)
{
    return c->m->kind == FOGN_MK_NORMAL && (c->m->slide != 0 || c->bent_slide != 0);
}

/* how far the swept area's distance to the enemy must be exact for this
 * move: past the largest distance its rules compare it with. Every move
 * asks about contact; a move in any direction about 2 MU; a slide and a
 * second move about 6 MU. A distance reported as the cap compares with each
 * of those as the exact distance would, so the answer is the same, and
 * fewer enemies are measured. */
static double sweep_cap(const fogn_move_ctx *c)
{
    if (c->m->second || slides(c)) return FOGN_SWEEP_ENEMY_CAP;
    if (c->m->kind == FOGN_MK_FREE) return FOGN_CLOSE + 1.0;
    return FOGN_CONTACT_TOL + 1.0;
}

/* the same for the end footprints' distance: contact; the meeting across
 * an obstacle, where the table has one; a slide's 6 MU; a Disordered unit's
 * advance to within 2 MU */
static double end_cap(const fogn_move_ctx *c)
{
    if (fogn_obs_any(c->s)) return FOGN_MOVE_ENEMY_CAP;
    if (slides(c)) return FOGN_SWEEP_ENEMY_CAP;
    if (c->u->cohesion == FOGN_DISORDERED) return FOGN_CLOSE + 1.0;
    return FOGN_CONTACT_TOL + 1.0;
}

/* the distances to the nearest enemy of the swept area, of the start (kept
 * by the tries of one move) and of the end footprints, each exact up to its
 * cap: the rules below only ask whether they are within a few MU */
static void measure_enemies(fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    fogn_move_tries *t = c->t;
    int unit = c->m->unit;
    c->sweep_enemy = fogn_sweep_enemy_dist(s, st, c->p->side, c->sw, sweep_cap(c), t);
    if (t && t->have_start_enemy) {
        c->start_enemy = t->start_enemy;
    } else {
        c->start_enemy = fogn_enemy_dist_within(s, st, unit, NULL, FOGN_MOVE_ENEMY_CAP);
        if (t) {
            t->start_enemy = c->start_enemy;
            t->have_start_enemy = 1;
        }
    }
    c->end_enemy = end_cap(c);
    for (int i = 0; i < c->nend; i++) {
        double d = fogn_enemy_dist_kept(s, st, unit, &c->end_rects[i], c->end_enemy, t);
        if (d < c->end_enemy) c->end_enemy = d;
    }
}

/* no touching an enemy (§8), nor meeting one across an obstacle it defends,
 * or defending one against an enemy at its front (§6.1 item 3) */
static int enemy_contact(const fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_unit_profile *p = c->p;
    if (c->sweep_enemy <= FOGN_CONTACT_TOL || c->end_enemy <= FOGN_CONTACT_TOL)
        return gr_error_set(c->err, "%s would touch an enemy: contact is made only by assaults (§8)", p->name);
    if (fogn_obs_any(s) && c->end_enemy <= FOGN_OBS_ACROSS_GAP + FOGN_BW * 4) {
        fogn_state tmp = *c->st;
        tmp.u[c->m->unit] = c->after;
        fogn_obs_lines lines;
        lines.ready = 0;
        for (int j = 0; j < s->nunits; j++) {
            fogn_contact oc;
            if (s->units[j].side != p->side && fogn_obs_contact_lines(s, &tmp, c->m->unit, j, &lines, &oc))
                return gr_error_set(c->err, "%s would meet %s across %s: contact is made only by assaults (§8)", p->name,
                                    s->units[j].name, s->terrain.p[oc.across - 1].name);
        }
    }
    return 0;
}

/* a Wavering unit moves neither to within 2 MU of an enemy nor closer to
 * one already nearer (§8.9) */
static int wavering_keep_away(const fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    const fogn_unit_profile *p = c->p;
    gr_rect sr[2];
    int nsr = fogn_unit_rects(p, c->u, sr);
    /* circles holding the end footprints: an enemy whose reach circle keeps
     * it farther from every one of them than the distance kept, by more
     * than rounding, cannot be within it at the end */
    gr_vec2 ec[2];
    double er[2];
    for (int i = 0; i < c->nend; i++) {
        const gr_rect *r = &c->end_rects[i];
        ec[i] = gr_rect_centre(r);
        er[i] = 0.5 * sqrt(r->w * r->w + r->d * r->d);
    }
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
        double rj = fogn_unit_reach(&s->units[j], &st->u[j]);
        int far = 1;
        for (int i = 0; i < c->nend && far; i++)
            far = gr_v2_dist(ec[i], gr_v2(st->u[j].x, st->u[j].y)) - er[i] - rj > FOGN_WAVERING_KEEP_AWAY + 1e-6;
        if (far) continue;
        gr_rect e[2];
        int ne = fogn_unit_rects(&s->units[j], &st->u[j], e);
        double d0 = fogn_rects_dist(sr, nsr, e, ne), d1 = fogn_rects_dist(c->end_rects, c->nend, e, ne);
        if (d1 < FOGN_WAVERING_KEEP_AWAY - 1e-9 && d1 < d0 - 1e-6)
            return gr_error_set(c->err, "%s is Wavering and may not move to within %.0f MU of %s, nor closer to it (§8.9)",
                                p->name, FOGN_WAVERING_KEEP_AWAY, s->units[j].name);
    }
    return 0;
}

/* a formation or facing change with an enemy within 2 MU is complex, save
 * turning to face such an enemy (§5.4, §23.1 #13) */
static void reform_near_enemy(fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    if (c->start_enemy <= FOGN_R_REFORM_ENEMY_NEAR + 1e-9) {
        int facing_near = 0;
        if (c->m->kind == FOGN_MK_TURN) {
            for (int j = 0; j < s->nunits && !facing_near; j++) {
                if (s->units[j].side == c->p->side || !fogn_unit_alive(&st->u[j])) continue;
                gr_rect e = fogn_unit_rect(&s->units[j], &st->u[j]);
                if (gr_rect_dist(&c->start, &e) <= FOGN_CLOSE + 1e-9 && gr_rect_in_front_corridor(&c->end, &e, -1)) facing_near = 1;
            }
        }
        if (!facing_near) fogn_move_mark_complex(c->plan, "formation or facing change with an enemy within 2 MU");
    }
}

/* what being near the enemy makes refused or complex: Wavering units,
 * formation and facing changes, Disordered or halted units advancing */
static int near_enemy(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    int advance = is_advance(&c->start, c->end_rects, c->nend);
    int reform = m->kind == FOGN_MK_FORM || m->kind == FOGN_MK_TURN || m->kind == FOGN_MK_KINK;
    if (c->wav) {
        if (wavering_keep_away(c)) return -1;
        if (reform) fogn_move_mark_complex(c->plan, "Wavering unit changing formation or facing");
    } else if (reform) {
        reform_near_enemy(c);
    }
    if (advance && c->u->cohesion == FOGN_DISORDERED && c->end_enemy <= FOGN_CLOSE + 1e-9)
        fogn_move_mark_complex(c->plan, "Disordered unit advancing to within 2 MU of an enemy");
    if (advance && (c->u->flags & FOGN_UF_HALTED)) fogn_move_mark_complex(c->plan, "halted by fire: advancing needs a test");
    return 0;
}

/* case (b) of a slide with a forward move: near the enemy, only to clear
 * friends: the same move without the slide must overlap a friend (§8.4) */
static int slide_clears_friends(const fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    const fogn_move *m = c->m;
    int case_b = 0;
    gr_rect noslide = gr_rect_advance(&c->end, 0, -m->slide);
    for (int j = 0; j < s->nunits && !case_b; j++) {
        if (j == m->unit || s->units[j].side != c->p->side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect fr = fogn_unit_rect(&s->units[j], &st->u[j]);
        if (gr_rect_overlap(&noslide, &fr, 1e-6)) case_b = 1;
    }
    return case_b;
}

/* a slide (§8.4): as the only move, more than 2 MU from every enemy; with
 * a forward move, both front corners 3 MU forward with every enemy over 6 MU
 * away (case a), or only to clear friends near the enemy (case b) */
static int slide_rules(const fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    int only_slide = m->dist == 0 && m->angle == 0;
    if (only_slide) {
        if (c->sweep_enemy <= FOGN_CLOSE + 1e-9)
            return gr_error_set(c->err, "a slide as the only move must stay more than 2 MU from every enemy (§8.4)");
        return 0;
    }
    double adv_l = gr_v2_dist(gr_rect_corner(&c->start, GR_FL), gr_rect_corner(&c->end, GR_FL));
    double adv_r = gr_v2_dist(gr_rect_corner(&c->start, GR_FR), gr_rect_corner(&c->end, GR_FR));
    if (c->bent_slide != 0) adv_l = adv_r = c->bent_advance; /* every front corner of the two halves */
    int case_a = adv_l >= FOGN_SLIDE_MIN_ADVANCE - 1e-9 && adv_r >= FOGN_SLIDE_MIN_ADVANCE - 1e-9 &&
                 c->sweep_enemy >= FOGN_SLIDE_ENEMY_CLEAR - 1e-9;
    int case_b = 0;
    if (!case_a && c->bent_slide != 0) {
        int swung = c->m->flag & (FOGN_MOVE_WHEEL_LEFT | FOGN_MOVE_WHEEL_RIGHT);
        if ((c->m->flag & FOGN_MOVE_SWING) && swung == (FOGN_MOVE_WHEEL_LEFT | FOGN_MOVE_WHEEL_RIGHT))
            return gr_error_set(c->err, "the swung halves slide up to %.2f MU to meet: every front corner of both "
                                "halves must go 3 MU with every enemy over 6 MU away (§8.4, §8.5)", c->bent_slide);
        if (c->m->flag & FOGN_MOVE_SWING)
            return gr_error_set(c->err, "the %s half slides %.2f MU to meet the swung half: every front corner of both "
                                "halves must go 3 MU with every enemy over 6 MU away (§8.4, §8.5)",
                                (c->m->flag & FOGN_MOVE_WHEEL_LEFT) ? "right" : "left", c->bent_slide);
        return gr_error_set(c->err, "the halves of a line going on bent each slide %.2f MU: both front corners must go "
                            "3 MU with every enemy over 6 MU away (§8.4, §8.5)", c->bent_slide);
    }
    if (!case_a && (c->start_enemy <= FOGN_SLIDE_ENEMY_CLEAR || c->end_enemy <= FOGN_SLIDE_ENEMY_CLEAR) &&
        c->start_enemy > FOGN_CLOSE)
        case_b = slide_clears_friends(c);
    if (!case_a && !case_b)
        return gr_error_set(c->err, "a slide with a forward move needs both front corners to go 3 MU with every enemy over 6 MU away, or must be needed to clear friends near the enemy (§8.4)");
    return 0;
}

int fogn_move_enemies(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    measure_enemies(c);
    if (enemy_contact(c)) return -1;
    if (near_enemy(c)) return -1;
    if (m->kind == FOGN_MK_FREE && c->sweep_enemy <= FOGN_CLOSE + 1e-9)
        return gr_error_set(c->err, "a move in any direction must stay more than 2 MU from every enemy (§8.4)");
    if (m->kind == FOGN_MK_NORMAL && (m->slide != 0 || c->bent_slide != 0) && slide_rules(c)) return -1;
    if (m->second && c->sweep_enemy <= FOGN_SECOND_MOVE_CLEAR + 1e-9)
        return gr_error_set(c->err, "a second move must stay more than 6 MU from every enemy (§8.10)");
    if (m->second && c->start_enemy <= FOGN_SECOND_MOVE_CLEAR + 1e-9)
        return gr_error_set(c->err, "a second move must stay more than 6 MU from every enemy (§8.10)");
    return 0;
}
