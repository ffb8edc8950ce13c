/* threat.c - an evaluation input, not a rule: how much of a side's army
 * stands where an enemy could strike its flank or rear in the next enemy
 * Assault Phase (§6.11). Read from the positions alone with a few dot
 * products, no reach search: the search's horizon ends with its own move,
 * so without this it never sees the flank charge its move invites. */
#include "threat.h"
#include "movetable.h"
#include "victory.h"

#include <math.h>

/* can unit e declare an assault at all next move (§6.1-§6.2: no guns, no
 * Spent cavalry, Wavering and worse do not charge, nor units fighting) */
static int may_charge(const fogn_scenario *s, const fogn_unit *e, int ei)
{
    if (!fogn_unit_alive(e) || (e->flags & (FOGN_UF_ABANDONED | FOGN_UF_SPENT | FOGN_UF_IN_COMBAT))) return 0;
    if (e->cohesion > FOGN_DISORDERED || e->bld >= 0) return 0;
    return fogn_troop_arm((fogn_troop)s->units[ei].troop) != FOGN_ARM_ART;
}

/* has unit t a flank or rear to strike: on the table, not Broken (already
 * lost), not in square (§6.11: no flank), not in a building, not fighting */
static int has_flank(const fogn_unit *t)
{
    if (!fogn_unit_alive(t) || (t->flags & (FOGN_UF_ABANDONED | FOGN_UF_IN_COMBAT))) return 0;
    return t->cohesion < FOGN_BROKEN && t->formation != FOGN_F_SQUARE && t->bld < 0;
}

/* a unit that may charge, with what flank_open_to asks of it, worked out
 * once an evaluation */
typedef struct charger {
    int e;
    double most;  /* its open-ground move */
    int has_fwd;  /* fwd worked out: only a charger near some target needs it */
    gr_vec2 fwd;  /* its heading as a unit vector */
} charger;

/* a target's heading as a unit vector, worked out when a charger first
 * comes near it (most targets have none near) */
typedef struct target_dir {
    int known;
    gr_vec2 fwd;
} target_dir;

/* c could strike t's flank or rear: its front-edge centre behind the line of
 * t's front edge (§6.11 condition 2), t ahead of it (within the 90 degrees
 * either side of its heading that a wheel allows, condition 4), and t's
 * footprint within its move of that centre. The two headings' unit vectors
 * are worked out on the first pair that gets past the distance test */
static int flank_open_to(const fogn_scenario *s, const fogn_state *st, int t, target_dir *td, double t_reach,
                         charger *c)
{
    int e = c->e;
    double most = c->most;
    const fogn_unit *tu = &st->u[t], *eu = &st->u[e];
    gr_vec2 rel = gr_v2(eu->x - tu->x, eu->y - tu->y);
    double reach = most + t_reach + 1e-6;
    if (gr_v2_dot(rel, rel) > reach * reach) return 0;
    if (!td->known) {
        td->fwd = gr_v2_dir(tu->heading);
        td->known = 1;
    }
    if (gr_v2_dot(rel, td->fwd) >= 0) return 0;
    if (!c->has_fwd) {
        c->fwd = gr_v2_dir(eu->heading);
        c->has_fwd = 1;
    }
    if (gr_v2_dot(rel, c->fwd) >= 0) return 0; /* t lies behind e's front */
    gr_rect r = fogn_unit_rect(&s->units[t], tu);
    return gr_rect_point_dist(&r, gr_v2(eu->x, eu->y)) <= most;
}

double fogn_flank_exposure(const fogn_scenario *s, const fogn_state *st, int side)
{
    charger ch[FOGN_MAX_UNITS];
    int nc = 0;
    double open = 0, total = 0;
    for (int e = 0; e < s->nunits; e++) {
        total += fogn_unit_value(&s->units[e]);
        if (s->units[e].side == side || !may_charge(s, &st->u[e], e)) continue;
        double m = fogn_allowance(s, &s->units[e], &st->u[e], FOGN_MC_OPEN);
        if (m < 0) continue;
        ch[nc++] = (charger){.e = e, .most = m};
    }
    for (int t = 0; t < s->nunits && nc > 0; t++) {
        if (s->units[t].side != side || !has_flank(&st->u[t])) continue;
        target_dir td = {0};
        double reach = fogn_unit_reach(&s->units[t], &st->u[t]);
        for (int k = 0; k < nc; k++)
            if (flank_open_to(s, st, t, &td, reach, &ch[k])) {
                open += fogn_unit_value(&s->units[t]);
                break;
            }
    }
    return total > 0 ? open / total : 0;
}
