/* fire_zone.c - who may fire, the fire zone, target priority, Full and
 * Partial targets, skirmish values and obstructed bases (fire.h) [D,
 * p.41-51]. */
#include "fire.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"
#include "works.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>

#define MUSKETRY_BW 4.0
#define RIFLE_BW 8.0                /* Rifle Volleys [H, p.76] */
#define LONG_FULL_BW 12.0           /* the long bracket beyond canister range [D, p.45] */
#define LONG_REDUCED_BW 8.0
#define EDGE_BW 1.0                 /* a base this deep in woods is still at its edge (ruling R-9) */
#define SAMPLE_BW 0.05
#define SCREEN_BW 1.0               /* a roundshot screen wider than this forces the Reduced bracket [D, p.45, 51] */
#define ROCKET_BW 16.0              /* rockets: one bracket [H Rockets, p.81] */

static double short_range(int weight)
{
    static const double r[LASALLE_WEIGHT_COUNT] = {6, 8, 10, 0}; /* rockets: none [H, p.81] */
    return weight >= 0 && weight < LASALLE_WEIGHT_COUNT ? r[weight] : 8;
}

int lasalle_can_fire(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    int form = st->u[i].form;
    if (!lasalle_alive(st, i)) return 0;
    if (p->type == LASALLE_INF)
        return form == LASALLE_LINE || form == LASALLE_COLUMN || form == LASALLE_MASS || form == LASALLE_TOWN;
    if (p->type != LASALLE_ART || form != LASALLE_UNLIMBERED) return 0;
    gr_rect b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, i, b);
    return lasalle_in_open(s, st, b, nb); /* guns fire only from open ground [C, p.26] */
}

static gr_rect zone_rect(const gr_rect *h, double range)
{
    return gr_rect_make(gr_v2_add(h->fc, gr_v2_scale(gr_rect_fwd(h), range)), h->heading, h->w, range);
}

/* the Reduced long bracket [D, p.45] */
static int reduced_bracket(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *h, double shortr)
{
    if (s->ground == LASALLE_MUD) return 1;
    gr_rect zone = zone_rect(h, shortr + LONG_FULL_BW);
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *g = &s->ground_of[k];
        if (!gr_terrain_piece_touches_rect(&s->terrain.p[k], &zone)) continue;
        /* rough ground; woods, orchards and towns count only by their width across the zone [D, p.51] */
        if (g->rough && !g->obstacle && !lasalle_roundshot_obstructs(g, 1)) return 1;
        if (lasalle_screen_width(s, h, shortr, shortr + LONG_FULL_BW, k, 0) > SCREEN_BW) return 1;
    }
    gr_rect b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, i, b);
    gr_vec2 bounce = gr_v2_add(h->fc, gr_v2_scale(gr_rect_fwd(h), shortr));
    return lasalle_level_at(s, bounce) != lasalle_unit_level(s, b, nb);
}

void lasalle_fire_zone(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_zone *z)
{
    const lasalle_unit_profile *p = &s->units[i];
    z->hull = lasalle_hull(s, st, i);
    z->n = 0;
    z->shortr = 0;
    z->reduced = 0;
    if (lasalle_rocket_unit(s, i)) {
        z->range = ROCKET_BW; /* no canister, no short range [H Rockets, p.81] */
    } else if (lasalle_howitzer_battery(s, i)) {
        z->shortr = short_range(LASALLE_MEDIUM); /* medium ranges, always the Full long bracket [H, p.81] */
        z->range = z->shortr + LONG_FULL_BW;
    } else if (p->type == LASALLE_ART) {
        z->shortr = short_range(p->weight);
        z->reduced = reduced_bracket(s, st, i, &z->hull, z->shortr);
        z->range = z->shortr + (z->reduced ? LONG_REDUCED_BW : LONG_FULL_BW);
    } else {
        z->range = (p->traits & LASALLE_T_RIFLES) && p->discipline != LASALLE_IRREGULAR ? RIFLE_BW : MUSKETRY_BW;
    }
    gr_rect zone = zone_rect(&z->hull, z->range);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (!gr_rect_overlap(&zone, &g, 1e-6)) continue;
        double d = gr_rect_dist(&z->hull, &g);
        int k = z->n++;
        while (k > 0 && z->dist[k - 1] > d) {
            z->unit[k] = z->unit[k - 1];
            z->dist[k] = z->dist[k - 1];
            k--;
        }
        z->unit[k] = j;
        z->dist[k] = d;
    }
}

int lasalle_to_front_of(const gr_rect *b, const gr_rect *a)
{
    gr_vec2 c[4];
    gr_rect_corners(a, c);
    for (int q = 0; q < 4; q++)
        if (gr_rect_ahead_of_front(b, c[q]) > LASALLE_CONTACT_EPS) return 1;
    return 0;
}

int lasalle_full_target(const lasalle_scenario *s, const lasalle_state *st, int i, int t, double range)
{
    gr_rect h = lasalle_hull(s, st, i), zone = zone_rect(&h, range), b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, t, b), whole_base = 0;
    for (int k = 0; k < nb && !whole_base; k++) {
        gr_vec2 c[4];
        gr_rect_corners(&b[k], c);
        whole_base = 1;
        for (int q = 0; q < 4; q++) whole_base &= gr_point_in_rect(&zone, c[q]);
    }
    if (!whole_base) return 0;
    gr_rect g = lasalle_hull(s, st, t);
    gr_vec2 c[4], r = gr_rect_right(&h);
    gr_rect_corners(&g, c);
    double lo = INFINITY, hi = -INFINITY;
    int inside = 1;
    for (int q = 0; q < 4; q++) {
        double lat = gr_v2_dot(gr_v2_sub(c[q], h.fc), r);
        lo = fmin(lo, lat);
        hi = fmax(hi, lat);
        inside &= gr_point_in_rect(&zone, c[q]);
    }
    double across = fmin(hi, h.w / 2) - fmax(lo, -h.w / 2);
    return inside || across >= h.w / 2 - 1e-9;
}

/* a friend nearer in the zone stops the fire (D, p.41; FAQ #1); a howitzer battery fires over friends lower
 * than it [H Howitzer Batteries, p.81] */
static int friend_in_way(const lasalle_scenario *s, const lasalle_state *st, const lasalle_zone *z, int i, int k)
{
    gr_rect b[LASALLE_MAX_BASES];
    int howitzers = lasalle_howitzer_battery(s, i), level = 0;
    if (howitzers) level = lasalle_unit_level(s, b, lasalle_bases(s, st, i, b));
    for (int q = 0; q < k; q++) {
        int j = z->unit[q];
        if (lasalle_enemies(s, i, j) || z->dist[q] >= z->dist[k] - 1e-9) continue;
        if (howitzers && lasalle_unit_level(s, b, lasalle_bases(s, st, j, b)) < level) continue;
        return j;
    }
    return -1;
}

/* can the shooter see and reach target t at all (sight, friends nearer, the limits of long-range fire) */
static int reachable(const lasalle_scenario *s, const lasalle_state *st, const lasalle_zone *z, int i, int k,
                     int kind, gr_error *err)
{
    int t = z->unit[k], j;
    gr_rect g = lasalle_hull(s, st, t);
    if (!lasalle_visible(s, &z->hull, &g))
        return gr_error_set(err, "%s cannot see %s", s->units[i].name, s->units[t].name);
    if ((j = friend_in_way(s, st, z, i, k)) >= 0)
        return gr_error_set(err, "%s stands in the fire zone nearer than %s: no fire past friends (D, p.41; FAQ "
                                 "#1%s)", s->units[j].name, s->units[t].name,
                            lasalle_howitzer_battery(s, i) ? "; howitzers fire only over lower friends, H p.81" : "");
    if (kind == LASALLE_ROUNDSHOT || kind == LASALLE_ROCKET) {
        int touch[1], lobbed = kind == LASALLE_ROCKET || lasalle_howitzer_battery(s, i);
        /* rockets as roundshot (ruling R-96) */
        if (lasalle_contacts(s, st, t, touch, 1))
            return gr_error_set(err, "%s may not fire at %s, which touches a friendly unit (D, p.42%s)",
                                kind == LASALLE_ROCKET ? "rockets" : "roundshot", s->units[t].name,
                                kind == LASALLE_ROCKET ? "; ruling R-96" : "");
        if (lasalle_shot_stopped(s, z, lobbed, &g))
            return gr_error_set(err, "the shot would stop at terrain across more than half the zone before %s (%s)",
                                s->units[t].name, lobbed ? "H, p.81" : "D, p.51");
    }
    return 0;
}

/* artillery: the closest enemy, canister within short range, roundshot beyond [D, p.45]; rockets the closest
 * (ruling R-96); a howitzer battery with nothing in short range any enemy it sees [H, p.81] */
static int gun_target_ok(const lasalle_scenario *s, const lasalle_state *st, const lasalle_zone *z, int i, int first,
                         int at, int *kind, gr_error *err)
{
    int t = z->unit[at];
    double d0 = z->dist[first];
    if (lasalle_rocket_unit(s, i)) *kind = LASALLE_ROCKET;
    else *kind = d0 <= z->shortr ? LASALLE_CANISTER : LASALLE_ROUNDSHOT;
    int any = *kind == LASALLE_ROUNDSHOT && lasalle_howitzer_battery(s, i);
    if (!any && z->dist[at] > d0 + 1e-6)
        return gr_error_set(err, "%s fires at the closest enemy in its zone, %s (%s)", s->units[i].name,
                            s->units[z->unit[first]].name, *kind == LASALLE_ROCKET ? "ruling R-96" : "D, p.45");
    if (z->dist[at] > z->range + 1e-6)
        return gr_error_set(err, "%s is beyond the %g BW of %s%s fire (D, p.45)", s->units[t].name, z->range,
                            s->units[i].name, gr_words_poss(s->units[i].name));
    if (reachable(s, st, z, i, at, *kind, err)) return -1;
    if (*kind == LASALLE_CANISTER && !lasalle_clear_bases(s, st, i, t))
        return gr_error_set(err, "every gun of %s is obstructed (D, p.49)", s->units[i].name);
    return 0;
}

/* target_ok with shooter i's zone z already worked out (it depends on the shooter alone) */
static int target_in(const lasalle_scenario *s, const lasalle_state *st, const lasalle_zone *z, int i, int t,
                     int *kind, gr_error *err)
{
    int first = -1, at = -1, art = s->units[i].type == LASALLE_ART;
    for (int k = 0; k < z->n; k++) {
        if (!lasalle_enemies(s, i, z->unit[k])) continue;
        if (z->unit[k] == t) at = k;
        /* the candidates are the enemies in the zone it can see */
        gr_rect g = lasalle_hull(s, st, z->unit[k]);
        if (first < 0 && lasalle_visible(s, &z->hull, &g)) first = k;
    }
    if (at < 0)
        return gr_error_set(err, "%s is not in %s%s fire zone (D, p.41)", s->units[t].name, s->units[i].name,
                            gr_words_poss(s->units[i].name));
    if (first < 0) return gr_error_set(err, "%s sees no enemy in its fire zone", s->units[i].name);
    if (art) return gun_target_ok(s, st, z, i, first, at, kind, err);
    double d0 = z->dist[first];
    *kind = LASALLE_MUSKETRY;
    /* the closest if Full; if Partial, it or the next closest [D, p.44] */
    int full = lasalle_full_target(s, st, i, z->unit[first], z->range);
    double next = INFINITY;
    for (int k = 0; k < z->n && !isfinite(next); k++) {
        if (!lasalle_enemies(s, i, z->unit[k]) || z->dist[k] <= d0 + 1e-6) continue;
        gr_rect g = lasalle_hull(s, st, z->unit[k]);
        if (lasalle_visible(s, &z->hull, &g)) next = z->dist[k];
    }
    int closest = z->dist[at] <= d0 + 1e-6, second = !full && z->dist[at] <= next + 1e-6;
    if (!closest && !second)
        return gr_error_set(err, "%s must fire at %s%s (D, p.44)", s->units[i].name, s->units[z->unit[first]].name,
                            full ? ", the closest target, a Full one" : " or the next closest");
    if (reachable(s, st, z, i, at, LASALLE_MUSKETRY, err)) return -1;
    if (!lasalle_clear_bases(s, st, i, t))
        return gr_error_set(err, "every firing base of %s is obstructed (D, p.49)", s->units[i].name);
    return 0;
}

static int target_ok(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int *kind, gr_error *err)
{
    if (!lasalle_can_fire(s, st, i)) return gr_error_set(err, "%s cannot fire (D, p.41)", s->units[i].name);
    lasalle_zone z;
    lasalle_fire_zone(s, st, i, &z);
    return target_in(s, st, &z, i, t, kind, err);
}

int lasalle_town_fire_side(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int *kind, gr_error *err)
{
    lasalle_state turned = *st;
    gr_error front; /* the side it faces now: its refusal is the one told, and only when no side can fire */
    gr_error_clear(&front);
    for (int r = 0; r < 4; r++) {
        turned.u[i] = st->u[i];
        lasalle_town_turn(&turned, i, r);
        if (!target_ok(s, &turned, i, t, kind, r ? NULL : &front)) return r;
    }
    if (front.set) gr_error_set(err, "%s", front.msg);
    return -1;
}

int lasalle_fire_target_ok(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int *kind,
                           gr_error *err)
{
    if (st->u[i].form != LASALLE_TOWN) return target_ok(s, st, i, t, kind, err);
    return lasalle_town_fire_side(s, st, i, t, kind, err) < 0 ? -1 : 0;
}

int lasalle_fire_targets(const lasalle_scenario *s, const lasalle_state *st, int i, int *out, int max)
{
    int n = 0, kind;
    if (!lasalle_can_fire(s, st, i)) return 0;
    if (st->u[i].form == LASALLE_TOWN) { /* a garrison's zone turns with the side it fires from */
        for (int t = 0; t < s->nunits && n < max; t++)
            if (lasalle_alive(st, t) && lasalle_enemies(s, i, t) && !lasalle_fire_target_ok(s, st, i, t, &kind, NULL))
                out[n++] = t;
        return n;
    }
    lasalle_zone z; /* one zone for every target asked about: a target outside it is none */
    lasalle_fire_zone(s, st, i, &z);
    int in[LASALLE_MAX_UNITS] = {0};
    for (int k = 0; k < z.n; k++) in[z.unit[k]] = 1;
    for (int t = 0; t < s->nunits && n < max; t++)
        if (in[t] && lasalle_alive(st, t) && lasalle_enemies(s, i, t) && !target_in(s, st, &z, i, t, &kind, NULL))
            out[n++] = t;
    return n;
}

int lasalle_effective_sk(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *from)
{
    const lasalle_unit_profile *p = &s->units[i];
    int touch[1];
    if (p->type != LASALLE_INF || st->u[i].form == LASALLE_SQUARE || st->u[i].form == LASALLE_MARCH) return 0;
    if (st->u[i].form == LASALLE_TOWN) return 0; /* skirmishers are not used in a town [G Towns, p.69] */
    if (lasalle_contacts(s, st, i, touch, 1)) return 0;
    gr_rect h = lasalle_hull(s, st, i), b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, i, b);
    if (from && lasalle_cover_against_st(s, st, &h, b, nb, from) == LASALLE_COVER_HARD) return 0;
    return p->sk;
}

/* the stretch of a sight line from a base lying inside piece k */
static double length_inside(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b)
{
    double len = gr_v2_dist(a, b), in = 0;
    for (double l = SAMPLE_BW / 2; l < len; l += SAMPLE_BW) {
        gr_vec2 q = gr_v2_add(a, gr_v2_scale(gr_v2_sub(b, a), l / len));
        if (gr_point_in_poly(p->pts, p->npts, q)) in += SAMPLE_BW;
    }
    return in;
}

/* base b's line to the target is obstructed by woods, a town or a wall [D, p.49-50] */
static int obstructed(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *b, const gr_rect *g)
{
    int irregular = s->units[i].discipline == LASALLE_IRREGULAR;
    gr_vec2 a = b->fc, c[4];
    gr_rect_corners(g, c);
    gr_vec2 to = c[0];
    for (int q = 1; q < 4; q++)
        if (gr_v2_dist(a, c[q]) < gr_v2_dist(a, to)) to = c[q];
    for (int k = 0; k < s->terrain.n; k++) {
        const lasalle_ground *gr = &s->ground_of[k];
        const gr_terrain_piece *p = &s->terrain.p[k];
        if (!gr->obstructs || gr_terrain_piece_touches_rect(p, g)) continue; /* a target at its edge has cover */
        if (irregular && (gr->kind == LASALLE_G_WOODS || gr->kind == LASALLE_G_ORCHARD || gr->kind == LASALLE_G_MARSH))
            continue;
        if (!gr_terrain_piece_crosses_seg(p, a, to)) continue;
        if (gr->obstacle) {
            if (!lasalle_touches_obstacle(s, b, k, LASALLE_CONTACT_EPS)) return 1;
        } else if (length_inside(p, a, to) > EDGE_BW || !gr_terrain_piece_touches_rect(p, b)) {
            return 1;
        }
    }
    /* works made in play obstruct as entrenchments do [H, p.75, p.78] */
    return st->nworks && lasalle_works_obstruct(st, b, g, a, to);
}

int lasalle_clear_bases(const lasalle_scenario *s, const lasalle_state *st, int i, int t)
{
    return lasalle_clear_bases_in(s, st, i, t, 0, LASALLE_MAX_BASES);
}

/* the cascade along one rank, bases lo..hi-1 left to right: beyond a blocked base, every base farther from
 * the target on that side is blocked too [D, p.50] */
static void cascade(const gr_rect *b, const gr_rect *g, int *blocked, int lo, int hi)
{
    int near = lo;
    for (int k = lo; k < hi; k++)
        if (gr_rect_dist(&b[k], g) < gr_rect_dist(&b[near], g)) near = k;
    for (int k = near - 1; k >= lo; k--) blocked[k] |= blocked[k + 1];
    for (int k = near + 1; k < hi; k++) blocked[k] |= blocked[k - 1];
}

int lasalle_clear_bases_in(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int from, int to)
{
    gr_rect b[LASALLE_MAX_BASES], g = lasalle_hull(s, st, t);
    lasalle_layout l;
    lasalle_layout_of(&s->units[i], st->u[i].form, &l);
    lasalle_bases(s, st, i, b);
    int n = l.cols, blocked[LASALLE_MAX_BASES] = {0};
    for (int k = 0; k < n; k++) blocked[k] = obstructed(s, st, i, &b[k], &g);
    /* its firing bases: the front rank; a compressed battery's gun bases in both of its ranks, each rank
     * cascading on its own (ruling R-144) */
    int first = lasalle_layout_form(st, i) == LASALLE_LAYOUT_COMPRESSED ? (n + 1) / 2 : n;
    cascade(b, &g, blocked, 0, first);
    if (first < n) cascade(b, &g, blocked, first, n);
    int clear = 0;
    for (int k = from < 0 ? 0 : from; k < n && k < to; k++) clear += !blocked[k];
    return clear;
}
