/* firepower.c - an evaluation input, not a rule: the fire each unit could
 * pour on its nearest enemy in range next Firing Phase, as the units stand
 * (§7.2 range bands, §7.4 dice, §7.5 the cohesion cut). The search's
 * horizon is one move: without this it sees its units stand in range of
 * the enemy's fire, or keep out of range of their own, at no cost until
 * the dice fall. Read from footprints and the dice tables alone: no line
 * of fire, no target priority, no to-hit factors beyond the band's plain
 * score. */
#include "firepower.h"
#include "footprint.h"
#include "tables.h"
#include "victory.h"

#include <math.h>

/* a die's chance to hit at each band, before the factors: the §7.7 base
 * score against formed infantry at close range (4+) and at medium range
 * (5+); at long range 6, the score against lines and guns (5 against
 * others), so that long-range fire counts for less than the book gives it
 * against columns (an evaluation input, not a rule) */
static const double FOGN_FIREPOWER_HIT[3] = {0.5, 1.0 / 3.0, 1.0 / 6.0};

/* a unit's footprint, built the first time a pair needs it */
typedef struct fp_unit {
    int target;   /* may be fired at (and may fire, may_fire permitting): on the table, not Broken */
    int nr;       /* its parts (0: not built yet) */
    gr_rect r[2];
    double reach;
} fp_unit;

static void build_parts(const fogn_scenario *s, const fogn_state *st, fp_unit *u, int i)
{
    if (!u->nr) u->nr = fogn_unit_rects(&s->units[i], &st->u[i], u->r);
}

/* every part of one unit farther than `lim` from every part of the other,
 * by their shadows alone (a margin far above rounding) */
static int parts_apart(const fp_unit *a, const fp_unit *b, double lim)
{
    for (int x = 0; x < a->nr; x++)
        for (int y = 0; y < b->nr; y++)
            if (gr_rect_axis_gap(&a->r[x], &b->r[y]) <= lim + 1e-6) return 0;
    return 1;
}

/* the band of unit f's nearest enemy within long range (FOGN_RANGE_NONE:
 * none), its enemies that may be fired at being en[0..ne), in index order.
 * The enemy whose front-edge centre is nearest is measured first; then
 * only an enemy that could stand in a nearer band than the nearest found
 * so far is measured (its reach circle, then its sides' shadows, say which
 * cannot), and the first at close range settles it */
static fogn_range nearest_band(const fogn_scenario *s, const fogn_state *st, fp_unit *fu, int f, const int *en,
                               int ne)
{
    double d2[FOGN_MAX_UNITS];
    int first = -1;
    for (int k = 0; k < ne; k++) {
        int j = en[k];
        double dx = st->u[j].x - st->u[f].x, dy = st->u[j].y - st->u[f].y;
        d2[k] = dx * dx + dy * dy;
        if (first < 0 || d2[k] < d2[first]) first = k;
    }
    double best = INFINITY;
    /* only an enemy within the band below the best found can change it:
     * that band's limit, and its sum with f's reach (the same additions,
     * in the same order, as one sum per enemy), change only with best */
    double lim = FOGN_LONG_RANGE + GR_EPS, lim_f = lim + fu[f].reach;
    for (int q = -1; q < ne && first >= 0; q++) {
        int k = q < 0 ? first : q;
        if (q >= 0 && k == first) continue;
        int j = en[k];
        double far = lim_f + fu[j].reach + 1e-6;
        if (d2[k] > far * far) continue;
        build_parts(s, st, &fu[f], f);
        build_parts(s, st, &fu[j], j);
        if (parts_apart(&fu[f], &fu[j], lim)) continue;
        double d = fogn_rects_dist(fu[f].r, fu[f].nr, fu[j].r, fu[j].nr);
        if (d < best) {
            best = d;
            lim = best <= FOGN_MEDIUM_RANGE + GR_EPS ? FOGN_CLOSE + GR_EPS
                  : best <= FOGN_LONG_RANGE + GR_EPS ? FOGN_MEDIUM_RANGE + GR_EPS
                                                     : FOGN_LONG_RANGE + GR_EPS;
            lim_f = lim + fu[f].reach;
        }
        if (best <= FOGN_CLOSE + GR_EPS) return FOGN_RANGE_CLOSE;
    }
    if (best <= FOGN_MEDIUM_RANGE + GR_EPS) return FOGN_RANGE_MEDIUM;
    if (best <= FOGN_LONG_RANGE + GR_EPS) return FOGN_RANGE_LONG;
    return FOGN_RANGE_NONE;
}

/* the hits unit f could expect at that band: its dice after the cohesion cut */
static double expected_hits(const fogn_scenario *s, const fogn_state *st, int f, fogn_range band)
{
    const fogn_unit *u = &st->u[f];
    fogn_fire_ctx c = {.range = (uint8_t)band, .att_off = (uint8_t)(u->att_lost & 3u)};
    fogn_fire_dice d;
    int total = fogn_fire_dice_of(&s->units[f], (fogn_formation)u->formation, &c, &d);
    if (total <= 0) return 0;
    return fogn_cohesion_dice(total, u->cohesion) * FOGN_FIREPOWER_HIT[band];
}

/* may unit f fire at all as it stands: not fighting, not a March Column
 * nor limbered guns (§7.1) */
static int may_fire(const fogn_unit *u)
{
    if (u->flags & (FOGN_UF_ABANDONED | FOGN_UF_IN_COMBAT)) return 0;
    return u->formation != FOGN_F_COLUMN && u->formation != FOGN_F_LIMBERED;
}

void fogn_firepower(const fogn_scenario *s, const fogn_state *st, double out[2])
{
    fp_unit fu[FOGN_MAX_UNITS];
    /* each side's units that may be fired at, in index order: the other
     * side's firers look at these alone */
    int side_units[2][FOGN_MAX_UNITS], nside[2] = {0, 0};
    double hits[2] = {0, 0}, total = 0;
    for (int i = 0; i < s->nunits; i++) {
        total += fogn_unit_value(&s->units[i]);
        const fogn_unit *u = &st->u[i];
        fu[i].target = fogn_unit_alive(u) && u->cohesion != FOGN_BROKEN;
        fu[i].nr = 0;
        if (!fu[i].target) continue;
        fu[i].reach = fogn_unit_reach(&s->units[i], u);
        int side = s->units[i].side;
        side_units[side][nside[side]++] = i;
    }
    for (int f = 0; f < s->nunits; f++) {
        if (!fu[f].target || !may_fire(&st->u[f])) continue;
        int foe = s->units[f].side ^ 1;
        fogn_range band = nearest_band(s, st, fu, f, side_units[foe], nside[foe]);
        if (band != FOGN_RANGE_NONE) hits[s->units[f].side] += expected_hits(s, st, f, band);
    }
    for (int side = 0; side < 2; side++) out[side] = total > 0 ? hits[side] / total : 0;
}
