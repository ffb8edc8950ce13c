/* combat_dice.c - how many dice a unit rolls in a combat [E, p.55-58]: two
 * a base (artillery always two), esprit over the best enemy, Guard, out of
 * command, DISR; the combat-advantage lines of the unit's column (each
 * +2 or -2 once; a defender counts a plus only when it holds against every
 * attacker); at least one die; halved once, rounding up. */
#include "combat.h"
#include "command.h"
#include "engineer.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* the reckoning written as it goes: "2/45e Ligne: 8 dice (4 bases) -1 DISR +2 cover, halved: 5" */
typedef struct tally {
    int n;
    char *buf;
    size_t cap;
} tally;

static void add(tally *t, int v, const char *what)
{
    t->n += v;
    size_t len = t->buf ? strlen(t->buf) : 0;
    if (t->buf && len < t->cap) snprintf(t->buf + len, t->cap - len, " %+d %s", v, what);
}

/* the part of a's front the rectangle g covers: its share of a's front edge, 0..1 [E, p.57] */
static double front_covered(const gr_rect *a, const gr_rect *g, int *inside)
{
    gr_vec2 c[4], rt = gr_rect_right(a), fw = gr_rect_fwd(a);
    gr_rect_corners(g, c);
    double lo = INFINITY, hi = -INFINITY;
    *inside = 1;
    /* the corners and edge points of g just ahead of a's front line */
    for (int k = 0; k < 4; k++)
        for (int q = 0; q < 8; q++) {
            gr_vec2 p = gr_v2_add(c[k], gr_v2_scale(gr_v2_sub(c[(k + 1) & 3], c[k]), q / 8.0));
            gr_vec2 d = gr_v2_sub(p, a->fc);
            double lat = gr_v2_dot(d, rt), ahead = gr_v2_dot(d, fw);
            if (q == 0 && fabs(lat) > a->w / 2 + LASALLE_CONTACT_EPS) *inside = 0;
            if (ahead < -LASALLE_CONTACT_EPS || ahead > 1.0) continue;
            lo = fmin(lo, lat);
            hi = fmax(hi, lat);
        }
    if (hi < lo) return 0;
    double cov = fmin(hi, a->w / 2) - fmax(lo, -a->w / 2);
    return cov > 0 ? cov / a->w : 0;
}

static int type_of(const lasalle_scenario *s, int i) { return s->units[i].type; }

static int regular(const lasalle_scenario *s, int i) { return s->units[i].discipline != LASALLE_IRREGULAR; }

/* Bad Terrain, counted once [E, p.56] */
static int bad_terrain(const lasalle_scenario *s, const lasalle_state *st, const int *foes, int nf, int u,
                       int attacking)
{
    gr_rect b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, u, b), all_irregular = !regular(s, u);
    for (int k = 0; k < nf; k++) all_irregular &= !regular(s, foes[k]);
    if (all_irregular) return 0; /* irregulars fighting irregulars never take it */
    if (lasalle_in_water(s, st, b, nb)) return 1;
    if (regular(s, u)) {
        if (lasalle_in_rough(s, b, nb)) return 1;
        for (int k = 0; attacking && k < nf; k++) {
            gr_rect fb[LASALLE_MAX_BASES];
            int n = lasalle_bases(s, st, foes[k], fb);
            if (lasalle_in_rough(s, fb, n)) return 1;
        }
        return 0;
    }
    /* an irregular unit in the open charged by a regular one */
    int charged_by_regular = 0;
    for (int k = 0; !attacking && k < nf; k++) charged_by_regular |= regular(s, foes[k]);
    return charged_by_regular && lasalle_in_open(s, st, b, nb);
}

/* the defender's cover holds against every attacker */
static int cover_from_all(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c)
{
    gr_rect h = lasalle_hull(s, st, c->d), b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, c->d, b);
    /* a unit in a town base but not deployed fights in the streets, with no cover [G Towns, p.69] */
    if (st->u[c->d].form != LASALLE_TOWN && lasalle_town_of(s, &h) >= 0) return 0;
    for (int k = 0; k < c->natt; k++) {
        gr_rect g = lasalle_hull(s, st, c->att[k]);
        int cov = lasalle_cover_against_st(s, st, &h, b, nb, &g) != LASALLE_COVER_NONE;
        /* an attacker with an engineer takes away works, walls and towns; woods still cover [H, p.77] */
        if (cov && lasalle_engineer_assists(s, st, c->att[k]))
            cov = lasalle_natural_cover_against(s, &h, b, nb, &g) != LASALLE_COVER_NONE;
        if (!cov) return 0;
    }
    return 1;
}

static int unit_level(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    gr_rect b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(s, st, i, b);
    return lasalle_unit_level(s, b, nb);
}

/* the lines of the attacker u's column against the defender */
static void attacker_lines(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c, int u,
                           tally *t)
{
    int d = c->d, tu = type_of(s, u), td = type_of(s, d);
    const lasalle_unit_profile *p = &s->units[u];
    if (td == LASALLE_ART) {
        gr_rect h = lasalle_hull(s, st, d), g = lasalle_hull(s, st, u), b[LASALLE_MAX_BASES];
        int nb = lasalle_bases(s, st, d, b);
        int cov = lasalle_cover_against_st(s, st, &h, b, nb, &g);
        if (cov && lasalle_engineer_assists(s, st, u)) /* works, walls, towns not counted (ruling R-155) */
            cov = lasalle_natural_cover_against(s, &h, b, nb, &g);
        if (cov) add(t, -2, "against artillery in cover");
        return;
    }
    if (tu == LASALLE_CAV && td == LASALLE_CAV) {
        if (st->u[u].form == LASALLE_ABREAST && st->u[d].form == LASALLE_WAVES && !lasalle_on_flank(s, st, u, d) &&
            (regular(s, u) || !regular(s, d)))
            add(t, 2, "Abreast against Waves");
        if ((p->traits & LASALLE_T_SHOCK) && !(s->units[d].traits & LASALLE_T_SHOCK)) add(t, 2, "Shock Cavalry");
    }
    if (tu == LASALLE_CAV && td == LASALLE_INF) {
        if (p->traits & LASALLE_T_LANCERS) add(t, 2, "Lancers");
        if (s->precip == LASALLE_RAIN) add(t, 2, "rain");
    }
    if (tu == LASALLE_INF && td == LASALLE_CAV && (st->u[d].flags & LASALLE_UF_COUNTERCHARGER)) {
        /* against countercharging cavalry the infantry keeps its cover as if it defended (FAQ #7; ruling A-23) */
        gr_rect h = lasalle_hull(s, st, u), g = lasalle_hull(s, st, d), b[LASALLE_MAX_BASES];
        int nb = lasalle_bases(s, st, u, b);
        if (lasalle_cover_against_st(s, st, &h, b, nb, &g)) add(t, 2, "cover");
    }
    if (tu == LASALLE_INF && td == LASALLE_INF && st->u[u].form == LASALLE_MASS) add(t, -2, "in Mass against infantry");
    if (!(tu == LASALLE_INF && td == LASALLE_CAV) && bad_terrain(s, st, &d, 1, u, 1)) add(t, -2, "Bad Terrain");
}

/* the lines of the defender's column: pluses only when they hold against every attacker */
static void defender_lines(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c,
                           tally *t)
{
    int d = c->d, td = type_of(s, d), cav = 0, inf = 0, shock = 0;
    for (int k = 0; k < c->natt; k++) {
        cav |= type_of(s, c->att[k]) == LASALLE_CAV;
        inf |= type_of(s, c->att[k]) == LASALLE_INF;
        shock |= type_of(s, c->att[k]) == LASALLE_CAV && (s->units[c->att[k]].traits & LASALLE_T_SHOCK);
    }
    if (td == LASALLE_INF && (cav || inf)) {
        if (cover_from_all(s, st, c)) add(t, 2, "cover");
        if (cav && st->u[d].form == LASALLE_MASS) add(t, 2, "Mass against cavalry");
        if (!cav) {
            int lv = unit_level(s, st, d), higher = 1;
            for (int k = 0; k < c->natt; k++) higher &= lv > unit_level(s, st, c->att[k]);
            if (higher) add(t, 2, "higher elevation");
            if (st->u[d].form == LASALLE_MASS) add(t, -2, "in Mass against infantry");
            if (bad_terrain(s, st, c->att, c->natt, d, 0)) add(t, -2, "Bad Terrain");
        }
    }
    if (td == LASALLE_CAV && (cav || inf)) {
        if (cav) {
            int abreast = st->u[d].form == LASALLE_ABREAST;
            for (int k = 0; k < c->natt && abreast; k++)
                abreast = type_of(s, c->att[k]) == LASALLE_CAV && st->u[c->att[k]].form == LASALLE_WAVES &&
                          !lasalle_on_flank(s, st, d, c->att[k]) && (regular(s, d) || !regular(s, c->att[k]));
            if (abreast) add(t, 2, "Abreast against Waves");
            if ((s->units[d].traits & LASALLE_T_SHOCK) && !shock) add(t, 2, "Shock Cavalry");
        } else {
            if (s->units[d].traits & LASALLE_T_LANCERS) add(t, 2, "Lancers");
            if (s->precip == LASALLE_RAIN) add(t, 2, "rain");
        }
        /* a countercharger counts its Bad Terrain as an attacker would (FAQ #7) */
        int counter = (st->u[d].flags & LASALLE_UF_COUNTERCHARGER) != 0;
        if (bad_terrain(s, st, c->att, c->natt, d, counter)) add(t, -2, "Bad Terrain");
    }
}

/* the halving of an attacker [E, p.57] */
static const char *attacker_halves(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c,
                                   int u)
{
    int touch[3];
    if (lasalle_contacts(s, st, u, touch, 3) > 1) return "also in contact with another defender";
    if (type_of(s, u) == LASALLE_CAV && st->u[c->d].form == LASALLE_SQUARE) return "cavalry against a Square";
    if (type_of(s, u) == LASALLE_INF && type_of(s, c->d) == LASALLE_CAV &&
        (st->u[c->d].flags & LASALLE_UF_COUNTERCHARGER))
        return "infantry countercharged by cavalry";
    /* a garrison attacking the next town base fights across its edge, whatever the defender spans (ruling R-56) */
    if (st->u[u].form == LASALLE_TOWN) return NULL;
    gr_rect a = lasalle_hull(s, st, u), g = lasalle_hull(s, st, c->d);
    int inside;
    double cov = front_covered(&a, &g, &inside);
    if (cov <= 0.5 + 1e-9 && !inside) return "the defender covers half its front or less";
    return NULL;
}

/* the halving of the defender [E, p.57-58] */
static const char *defender_halves(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c)
{
    int d = c->d, form = st->u[d].form, cav = 0, inf = 0;
    for (int k = 0; k < c->natt; k++) {
        if (lasalle_on_flank(s, st, d, c->att[k])) return "attacked in the flank or rear";
        cav |= type_of(s, c->att[k]) == LASALLE_CAV;
        inf |= type_of(s, c->att[k]) == LASALLE_INF;
    }
    if (form == LASALLE_MARCH) return "in March";
    if (st->u[d].flags & LASALLE_UF_COUNTERCHARGER) {
        /* a countercharger halves when its opponent spans half its front or less (ruling A-24) */
        gr_rect a = lasalle_hull(s, st, d);
        double most = 0;
        int whole = 0;
        for (int k = 0; k < c->natt; k++) {
            gr_rect g = lasalle_hull(s, st, c->att[k]);
            int inside;
            double cov = front_covered(&a, &g, &inside);
            if (cov > most) most = cov;
            whole |= inside;
        }
        if (most <= 0.5 + 1e-9 && !whole) return "countercharging an enemy spanning half its front or less";
    }
    if (type_of(s, d) == LASALLE_INF && form == LASALLE_SQUARE && inf) return "a Square attacked by infantry";
    if (type_of(s, d) == LASALLE_INF && form != LASALLE_SQUARE && cav) return "infantry attacked by cavalry";
    return NULL;
}

int lasalle_combat_dice(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c, int u,
                        char *why, size_t cap)
{
    const lasalle_unit_profile *p = &s->units[u];
    tally t = {0, why, cap};
    if (why) snprintf(why, cap, "%s:", p->name);
    /* artillery: two dice, never modified [E, p.55] */
    if (p->type == LASALLE_ART) {
        add(&t, 2, "dice (artillery)");
        size_t len = why ? strlen(why) : 0;
        if (why && len < cap) snprintf(why + len, cap - len, ": 2 dice");
        return 2;
    }
    int defender = u == c->d, foes[LASALLE_COMBAT_MAX], nf = 0;
    if (defender) {
        memcpy(foes, c->att, sizeof(int) * (size_t)c->natt);
        nf = c->natt;
    } else {
        foes[nf++] = c->d;
    }
    add(&t, 2 * p->nbases, "dice (2 a base)");
    int best = -1;
    for (int k = 0; k < nf; k++)
        if (type_of(s, foes[k]) != LASALLE_ART && st->u[foes[k]].esprit > best) best = st->u[foes[k]].esprit;
    if (best >= 0 && st->u[u].esprit > best) add(&t, 2 * (st->u[u].esprit - best), "esprit");
    if (p->traits & LASALLE_T_GUARD) add(&t, 2, "Guard");
    if (lasalle_engineer_assists(s, st, u)) add(&t, LASALLE_ENGINEER_DICE, "engineer"); /* [H, p.77] */
    if (!lasalle_in_command(s, st, u)) add(&t, -2, "out of command");
    if (st->u[u].disr) add(&t, -st->u[u].disr, "DISR");
    /* two units Deployed(Town) fighting ignore every combat-advantage modifier [G Towns, p.70] */
    int street = st->u[u].form == LASALLE_TOWN && st->u[defender ? c->att[0] : c->d].form == LASALLE_TOWN;
    if (street) {
        if (why && strlen(why) < cap)
            snprintf(why + strlen(why), cap - strlen(why), " (both Deployed(Town): no combat advantages)");
    } else if (defender) {
        defender_lines(s, st, c, &t);
    } else {
        attacker_lines(s, st, c, u, &t);
    }
    if (t.n < 1) t.n = 1;
    const char *half = defender ? defender_halves(s, st, c) : attacker_halves(s, st, c, u);
    if (half) t.n = (t.n + 1) / 2;
    size_t len = why ? strlen(why) : 0;
    if (why && len < cap) snprintf(why + len, cap - len, "%s%s: %d dice", half ? ", halved: " : "", half ? half : "", t.n);
    return t.n;
}
