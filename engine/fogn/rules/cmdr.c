/* cmdr.c - commanders in the Movement Phase (§8.11, §3.4): moving alone at
 * the commander rate over the worst terrain, keeping clear of enemy fronts,
 * the corps commander's command point per move, and joining a unit to lead
 * it. */
#include "cmdr.h"
#include "footprint.h"
#include "sweep.h"
#include "move.h"
#include "movetable.h"

#include <math.h>
#include <string.h>

/* does the commander moving to b over the sweep sw touch the enemy part e,
 * or go through it on the way (only friends may be passed through, §8.7)?
 * -1 with the reason, or 0 */
static int enemy_part_in_way(const fogn_cmdr_profile *cp, const fogn_unit_profile *ep, const gr_rect *e,
                             const gr_rect *b, fogn_sweep *sw, gr_error *err)
{
    /* the sweep holds b: a part whose box is clear of the sweep's by more
     * than the tolerance can neither touch b nor be passed through */
    double eb[4];
    fogn_rect_box(e, eb);
    if (fogn_box_dist_at_least(eb, sw->all, 2 * FOGN_CONTACT_TOL)) return 0;
    if (gr_rect_dist(b, e) <= FOGN_CONTACT_TOL) return gr_error_set(err, "%s would touch an enemy unit", cp->name);
    gr_rect core = *e;
    core.w -= 2e-3;
    core.d -= 2e-3;
    core.fc = gr_v2_sub(core.fc, gr_v2_scale(gr_rect_fwd(e), 1e-3));
    gr_vec2 ec[4];
    gr_rect_corners(&core, ec);
    int np;
    const gr_vec2 *poly = fogn_sweep_poly(sw, 0, &np);
    if (gr_poly_intersect(poly, np, ec, 4))
        return gr_error_set(err, "%s would pass through the enemy %s", cp->name, ep->name);
    return 0;
}

static int enemy_front_within(const fogn_scenario *s, const fogn_state *st, int side, fogn_sweep *sw,
                              double dist, int *who)
{
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == side || !fogn_unit_alive(&st->u[j])) continue;
        gr_rect faces[FOGN_FRONT_FACES_MAX];
        int nf = fogn_front_faces(&s->units[j], &st->u[j], faces);
        for (int f = 0; f < nf; f++) {
            /* the zone ahead of this front face, dist deep */
            const gr_rect *e = &faces[f];
            gr_rect zone = gr_rect_make(gr_v2_add(e->fc, gr_v2_scale(gr_rect_fwd(e), dist)), e->heading, e->w, dist);
            gr_vec2 zc[4];
            gr_rect_corners(&zone, zc);
            for (int i = 0; i < sw->n; i++) {
                int np;
                const gr_vec2 *poly = fogn_sweep_poly(sw, i, &np);
                if (gr_poly_intersect(poly, np, zc, 4)) { *who = j; return 1; }
            }
        }
    }
    return 0;
}

/* Moves commander c to `to` if the rules allow. `limit` caps the distance
 * below his terrain allowance (the 4 MU of the Recovery Phase, §8.11), 0 for
 * none; `free_move` spares a corps commander his command point. The state
 * changes only once every test has passed: a refusal leaves it as it was. */
static int move_to(const fogn_scenario *s, fogn_state *st, int c, gr_vec2 to, int joining, double limit, int free_move,
                   gr_error *err)
{
    const fogn_cmdr_profile *cp = &s->cmdrs[c];
    fogn_cmdr *cm = &st->c[c];
    fogn_cmdr moved = *cm;
    moved.x = to.x;
    moved.y = to.y;
    gr_rect a = fogn_cmdr_rect(cm), b = fogn_cmdr_rect(&moved);
    if (!fogn_rect_on_table(s, &b)) return gr_error_set(err, "%s would leave the table", cp->name);
    fogn_sweep sw;
    fogn_sweep_clear(&sw);
    fogn_sweep_pair(&sw, &a, &b);
    fogn_move_class worst = FOGN_MC_OPEN;
    int idx[GR_TERRAIN_MAX];
    int np;
    const gr_vec2 *poly = fogn_sweep_poly(&sw, 0, &np);
    int n = gr_terrain_under_poly(&s->terrain, poly, np, idx, GR_TERRAIN_MAX);
    for (int i = 0; i < n; i++) {
        fogn_move_class mc = fogn_piece_move_class(&s->terrain.p[idx[i]]);
        if (mc > worst) worst = mc;
    }
    if (worst == FOGN_MC_IMPASSABLE) return gr_error_set(err, "%s cannot cross impassable terrain", cp->name);
    double allow = fogn_cmdr_allowance(s, worst);
    if (limit > 0 && limit < allow) allow = limit;
    double d = gr_v2_dist(gr_v2(cm->x, cm->y), to);
    if (d > allow + 1e-6)
        return gr_error_set(err, "%s would move %.1f MU, allowance %.4g MU in %s (§8.3)", cp->name, d, allow,
                            fogn_move_class_name(worst));
    int who;
    if (!joining && enemy_front_within(s, st, cp->side, &sw, FOGN_CLOSE, &who))
        return gr_error_set(err, "%s alone may not pass or end within 2 MU of the front of %s (§8.11)", cp->name,
                            s->units[who].name);
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == cp->side || !fogn_unit_alive(&st->u[j])) continue;
        /* the box of its reach circle holds every part's box: clear of the
         * sweep's, so is each part's (enemy_part_in_way's first test) */
        double r = fogn_unit_reach(&s->units[j], &st->u[j]) + 1e-6;
        double rb[4] = {st->u[j].x - r, st->u[j].y - r, st->u[j].x + r, st->u[j].y + r};
        if (fogn_box_dist_at_least(rb, sw.all, 2 * FOGN_CONTACT_TOL)) continue;
        gr_rect parts[2];
        int nparts = fogn_unit_rects(&s->units[j], &st->u[j], parts);
        for (int k = 0; k < nparts; k++)
            if (enemy_part_in_way(cp, &s->units[j], &parts[k], &b, &sw, err)) return -1;
    }
    if (!free_move && (cp->role == FOGN_CMDR_CORPS || cp->role == FOGN_CMDR_ARMY)) {
        if (cm->cp < 1)
            return gr_error_set(err, "%s has no command point left to move (§5.2)", cp->name);
        cm->cp--;
    }
    cm->x = to.x;
    cm->y = to.y;
    cm->flags |= FOGN_CF_MOVED;
    return 0;
}

gr_vec2 fogn_cmdr_post(const fogn_scenario *s, const fogn_state *st, int unit)
{
    /* Ruling: he takes post in edge contact behind the centre of the unit's rear edge */
    gr_rect r = fogn_unit_rect(&s->units[unit], &st->u[unit]);
    return gr_v2_add(r.fc, gr_v2_scale(gr_rect_fwd(&r), -(r.d + FOGN_CMDR_BASE / 2)));
}

int fogn_cmdr_join(const fogn_scenario *s, fogn_state *st, int c, int j, double limit, int free_move, gr_error *err)
{
    const fogn_cmdr_profile *cp = &s->cmdrs[c];
    fogn_cmdr *cm = &st->c[c];
    if (j < 0 || j >= s->nunits) return gr_error_set(err, "join which unit?");
    const fogn_unit_profile *up = &s->units[j];
    if (up->side != cp->side || !fogn_unit_alive(&st->u[j]))
        return gr_error_set(err, "%s can only join a unit of his own on the table", cp->name);
    if (cp->role == FOGN_CMDR_ARMY) return gr_error_set(err, "an army commander never joins a unit (§3.4)");
    if (cp->role == FOGN_CMDR_DIVISION && up->division != cp->division)
        return gr_error_set(err, "%s commands only his own division; %s is not in it", cp->name, up->name);
    if (fogn_troop_arm((fogn_troop)up->troop) == FOGN_ARM_ART)
        return gr_error_set(err, "a commander joins infantry or cavalry only (§3.4)");
    if (st->u[j].flags & FOGN_UF_IN_COMBAT) return gr_error_set(err, "%s is in combat", up->name);
    if (st->u[j].cohesion == FOGN_BROKEN) return gr_error_set(err, "%s is Broken", up->name);
    for (int o = 0; o < s->ncmdrs; o++)
        if (o != c && st->c[o].leading == j) return gr_error_set(err, "%s is already led by %s", up->name, s->cmdrs[o].name);
    gr_vec2 post = fogn_cmdr_post(s, st, j);
    /* move_to changes nothing when it refuses: only this is to put back */
    int8_t was = cm->leading;
    cm->leading = -1;
    if (move_to(s, st, c, post, 1, limit, free_move, err)) { cm->leading = was; return -1; }
    st->c[c].leading = (int8_t)j;
    return 0;
}

int fogn_cmdr_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_error *err)
{
    int c = a->actor - s->nunits;
    if (c < 0 || c >= s->ncmdrs) return gr_error_set(err, "no commander %d", c);
    const fogn_cmdr_profile *cp = &s->cmdrs[c];
    fogn_cmdr *cm = &st->c[c];
    if (cp->side != st->active) return gr_error_set(err, "%s belongs to the side not moving", cp->name);
    if (!(cm->flags & FOGN_CF_ON_TABLE)) return gr_error_set(err, "%s is not on the table", cp->name);
    if (cm->flags & FOGN_CF_MOVED) return gr_error_set(err, "%s has already moved this phase", cp->name);
    if (cm->leading >= 0 && (st->u[cm->leading].flags & FOGN_UF_IN_COMBAT))
        return gr_error_set(err, "%s leads a unit in combat and cannot leave it", cp->name);
    switch ((fogn_action_type)a->type) {
    case FOGN_A_CMDR_MOVE: {
        int8_t was = cm->leading;
        cm->leading = -1; /* moving off on his own, he stops leading */
        if (move_to(s, st, c, gr_v2(a->p[0], a->p[1]), 0, 0, 0, err)) { cm->leading = was; return -1; }
        return 0;
    }
    case FOGN_A_CMDR_JOIN:
        return fogn_cmdr_join(s, st, c, a->target, 0, 0, err);
    default:
        return gr_error_set(err, "not a commander's order");
    }
}
