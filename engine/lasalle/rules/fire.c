/* fire.c - fire reactions: the declaration (a target and every unit that
 * fires at it), the dice and to-hit numbers of musketry, canister and
 * roundshot, the rain re-roll, bouncethrough, smoke, and the table that
 * turns the hits on each target into DISR [D, p.41-52]; the howitzer die
 * [D, p.46]; the fire of rockets and howitzer batteries, and a Line's split
 * fire (optional rules) [H, p.80-81]. */
#include "fire.h"
#include "compressed.h"
#include "fallback.h"
#include "footprint.h"
#include "form.h"
#include "ground.h"
#include "menu.h"
#include "react.h"
#include "tables.h"
#include "turn.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MASK_BITS 24        /* units named in one float of a fire action's "with" list */

/* the joiners of a fire action: bits of p[0], p[1] */
static int joins(const gr_action *a, int j)
{
    if (j < 0 || j >= 2 * MASK_BITS) return 0;
    unsigned long m = (unsigned long)a->p[j / MASK_BITS];
    return (int)((m >> (j % MASK_BITS)) & 1);
}

static int can_shoot(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    return s->units[i].side == st->active && lasalle_alive(st, i) && !(st->u[i].flags & LASALLE_UF_REACTED) &&
           lasalle_can_fire(s, st, i);
}

int lasalle_fire_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int t[1];
    return cursor >= 0 && cursor < s->nunits && can_shoot(s, st, cursor) && lasalle_fire_targets(s, st, cursor, t, 1);
}

int lasalle_fire_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int i = st->turn.cursor, t[LASALLE_MAX_UNITS], n = 0, kind;
    if (max < 1) return 0;
    out[n++] = lasalle_act(LASALLE_A_HOLD, i, -1, 0);
    int nt = lasalle_fire_targets(s, st, i, t, LASALLE_MAX_UNITS);
    for (int k = 0; k < nt && n < max; k++) {
        gr_action a = lasalle_act(LASALLE_A_FIRE, i, t[k], 0);
        out[n++] = a;
        int more = 0;
        for (int j = 0; j < s->nunits; j++)
            if (j != i && can_shoot(s, st, j) && !lasalle_fire_target_ok(s, st, j, t[k], &kind, NULL)) {
                a.p[j / MASK_BITS] = (float)((unsigned long)a.p[j / MASK_BITS] | (1ul << (j % MASK_BITS)));
                more = 1;
            }
        if (more && n < max) out[n++] = a;
    }
    return lasalle_split_actions(s, st, i, t, nt, out, n, max);
}

/* the to-hit number of a shooter's dice against t [D, p.46-47] */
static int to_hit(const lasalle_scenario *s, const lasalle_state *st, int f, int t, int kind)
{
    const lasalle_unit_profile *p = &s->units[f];
    gr_rect h = lasalle_hull(s, st, f), g = lasalle_hull(s, st, t), fb[LASALLE_MAX_BASES], tb[LASALLE_MAX_BASES];
    int nf = lasalle_bases(s, st, f, fb), nt = lasalle_bases(s, st, t, tb);
    int cover = lasalle_cover_against_st(s, st, &g, tb, nt, &h), need = 4;
    if (kind == LASALLE_ROCKET) /* never modified: cavalry on 4+, the rest on 5+ [H Rockets, p.81] */
        return s->units[t].type == LASALLE_CAV ? 4 : 5;
    if (kind == LASALLE_ROUNDSHOT && lasalle_howitzer_battery(s, f)) return 4; /* [H, p.81] (ruling R-94) */
    if (kind == LASALLE_ROUNDSHOT) {
        /* the units beyond a screen wider than 1 BW have its cover [D, p.51] */
        lasalle_zone z;
        lasalle_fire_zone(s, st, f, &z);
        int screen = lasalle_screen_cover(s, &z, &g);
        if (screen > cover) cover = screen;
    }
    switch (kind) {
    case LASALLE_MUSKETRY:
        if (p->discipline == LASALLE_IRREGULAR) need += lasalle_in_open(s, st, fb, nf);
        else need += cover != LASALLE_COVER_NONE || lasalle_in_rough(s, fb, nf);
        break;
    case LASALLE_CANISTER: need += cover != LASALLE_COVER_NONE; break;
    default:
        if (cover == LASALLE_COVER_SOFT) need += p->weight == LASALLE_LIGHT ? 2 : 1;
        if (cover == LASALLE_COVER_HARD) need += p->weight == LASALLE_HEAVY ? 1 : 2;
        break;
    }
    /* a compressed battery is the easier target: +1 on each die [H Compressed Artillery, p.81] (ruling R-142) */
    return need - lasalle_compressed_to_hit(st, t);
}

/* in a town base: no skirmish advantage for or against it [D SK Advantage, p.43] */
static int in_town(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    gr_rect h = lasalle_hull(s, st, i);
    return st->u[i].form == LASALLE_TOWN || lasalle_town_of(s, &h) >= 0;
}

/* the dice of a shooter at t [D, p.42-46] */
static int fire_dice(const lasalle_scenario *s, const lasalle_state *st, int f, int t, int kind, char *why,
                     size_t cap)
{
    const lasalle_unit_profile *p = &s->units[f], *q = &s->units[t];
    gr_rect h = lasalle_hull(s, st, f), g = lasalle_hull(s, st, t);
    int tform = st->u[t].form, front = lasalle_to_front_of(&g, &h);
    if (kind == LASALLE_ROCKET) {
        snprintf(why, cap, "%d rocket dice", LASALLE_ROCKET_BASES); /* never modified [H Rockets, p.81] */
        return LASALLE_ROCKET_BASES;
    }
    if (kind == LASALLE_ROUNDSHOT) {
        int n = p->nbases * (tform == LASALLE_SQUARE || tform == LASALLE_MARCH ? 2 : 1);
        snprintf(why, cap, "%d roundshot dice", n);
        return n;
    }
    int bases = lasalle_clear_bases(s, st, f, t);
    if (kind == LASALLE_CANISTER) {
        int n = 2 * bases, sk = lasalle_effective_sk(s, st, t, &h), touch[1];
        int regular_line = q->discipline != LASALLE_IRREGULAR && (tform == LASALLE_LINE || tform == LASALLE_COLUMN) &&
                           front && !lasalle_contacts(s, st, t, touch, 1);
        if (regular_line || q->discipline == LASALLE_IRREGULAR) n -= sk;
        if (n < 0) n = 0;
        snprintf(why, cap, "%d canister dice (%d clear gun bases%s)", n, bases, sk && n < 2 * bases ? ", less its SK" : "");
        return n;
    }
    int n = bases, mine = lasalle_effective_sk(s, st, f, &g), theirs = lasalle_effective_sk(s, st, t, &h);
    gr_rect tb[LASALLE_MAX_BASES], fb[LASALLE_MAX_BASES];
    int nt = lasalle_bases(s, st, t, tb), nf = lasalle_bases(s, st, f, fb);
    const char *extra = "";
    if (!lasalle_to_front_of(&g, &h)) {
        n += mine; /* wholly on the target's flank: its whole SK in dice [D, p.46] */
        extra = mine ? ", its SK from the flank" : "";
    } else if (q->type == LASALLE_INF && mine >= 1 && mine > theirs && !in_town(s, st, f) && !in_town(s, st, t) &&
               lasalle_cover_against_st(s, st, &h, fb, nf, &g) != LASALLE_COVER_HARD &&
               lasalle_cover_against_st(s, st, &g, tb, nt, &h) != LASALLE_COVER_HARD) {
        n += 1;
        extra = ", +1 skirmish advantage";
    }
    snprintf(why, cap, "%d musketry dice (%d clear bases%s)", n, bases, extra);
    return n;
}

/* rolls n dice needing `need`; the target's owner re-rolls the hits of musketry in rain or snow [D, p.43] */
static int roll(const lasalle_scenario *s, int f, int n, int need, int rerolls, const gr_ctx *cx, int *hits)
{
    int dice[GR_DICE_MAX_PER_ROLL];
    char purpose[160];
    *hits = 0;
    for (int left = n; left > 0;) {
        int k = left > GR_DICE_MAX_PER_ROLL ? GR_DICE_MAX_PER_ROLL : left, idx[GR_DICE_MAX_PER_ROLL], ni = 0;
        snprintf(purpose, sizeof purpose, "fire of %s (%d dice, hits on %d+)", s->units[f].name, n, need);
        if (!gr_dice_roll(cx ? cx->dice : NULL, k, dice, purpose)) return -1;
        for (int q = 0; q < k; q++)
            if (dice[q] >= need) idx[ni++] = q;
        if (rerolls && ni && !gr_dice_reroll(cx ? cx->dice : NULL, dice, idx, ni, "the rain: hits re-rolled"))
            return -1;
        for (int q = 0; q < ni; q++) *hits += dice[idx[q]] >= need;
        left -= k;
    }
    return 0;
}

/* the hits on one target turned into their effect [D, p.48] */
static void convert(const lasalle_scenario *s, lasalle_state *st, int t, int hits, gr_log *log)
{
    const lasalle_unit_profile *q = &s->units[t];
    if (!lasalle_alive(st, t)) return;
    gr_log_add(log, GR_EV_TEST, q->side, "%s takes %d hit%s", q->name, hits, hits == 1 ? "" : "s");
    if (q->type != LASALLE_ART) {
        if (hits >= 9) lasalle_break(s, st, t, "under fire (9 hits or more, D p.48)", log);
        else if (hits >= 2) lasalle_add_disr(s, st, t, hits >= 5 ? 2 : 1, "from fire (D, p.48)", log);
        return;
    }
    if (st->u[t].form == LASALLE_LIMBERED) {
        if (hits >= 4) lasalle_break(s, st, t, "under fire (D, p.48)", log);
        return;
    }
    if (hits >= 5) {
        lasalle_break(s, st, t, "under fire (D, p.48)", log);
    } else if (hits >= 3) {
        lasalle_pose to;
        if (lasalle_limber_in_place(s, st, t, &to)) {
            gr_log_add(log, GR_EV_MOVE, q->side, "%s is forced to limber but has no room, and stays unlimbered "
                       "(D, p.48; ruling R-10)", q->name);
            return;
        }
        st->u[t].x = to.x;
        st->u[t].y = to.y;
        lasalle_unit_set_heading(&st->u[t], to.h);
        st->u[t].form = LASALLE_LIMBERED;
        st->u[t].flags &= ~LASALLE_UF_COMPRESSED; /* it limbers as any battery does (ruling R-143) */
        gr_log_add(log, GR_EV_MOVE, q->side, "%s is forced to limber (D, p.48)", q->name);
    }
}

/* the next unit in a roundshot's zone beyond the first target, still in range; none past terrain that stops the
 * shot [D, p.45, 51] */
static int bounce_target(const lasalle_scenario *s, const lasalle_state *st, int f, int t)
{
    lasalle_zone z;
    lasalle_fire_zone(s, st, f, &z);
    for (int k = 0; k < z.n; k++)
        if (z.unit[k] == t) {
            for (int q = k + 1; q < z.n; q++) {
                if (z.unit[q] == t || z.dist[q] > z.range) continue;
                gr_rect g = lasalle_hull(s, st, z.unit[q]);
                return lasalle_shot_stopped(s, &z, 0, &g) ? -1 : z.unit[q];
            }
        }
    return -1;
}

/* n roundshot dice at t; against a town or earthworks the howitzers' dice are rolled apart on 4+, their cover
 * ignored, doubled with the rest [D Howitzer Dice, p.46] */
static int roll_shot(const lasalle_scenario *s, const lasalle_state *st, int f, int t, int n, int need,
                     const gr_ctx *cx, int *hits)
{
    const lasalle_unit_profile *p = &s->units[f];
    int nh = 0, hh = 0;
    if (p->howitzers > 0 && need > 4 && lasalle_behind_works(s, st, f, t)) nh = p->howitzers * (n / p->nbases);
    if (nh > n) nh = n;
    if (roll(s, f, n - nh, need, 0, cx, hits)) return -1;
    if (!nh) return 0;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, p->side, "the howitzer die: %d of the dice on 4+, cover ignored "
               "(D, p.46)", nh);
    if (roll(s, f, nh, 4, 0, cx, &hh)) return -1;
    *hits += hh;
    return 0;
}

/* one shooter's fire; its hits on t added to tally[t], a bounce's to tally[that unit] */
static int shoot(const lasalle_scenario *s, lasalle_state *st, int f, int t, int *tally, const gr_ctx *cx)
{
    int kind = 0;
    char why[128];
    lasalle_fire_target_ok(s, st, f, t, &kind, NULL);
    int n = fire_dice(s, st, f, t, kind, why, sizeof why), need = to_hit(s, st, f, t, kind), hits = 0;
    int rain = kind == LASALLE_MUSKETRY && s->precip != LASALLE_NO_PRECIP;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->units[f].side, "%s fires at %s: %s, hits on %d+", s->units[f].name,
               s->units[t].name, why, need);
    if (kind == LASALLE_ROUNDSHOT ? roll_shot(s, st, f, t, n, need, cx, &hits)
                                  : n > 0 && roll(s, f, n, need, rain, cx, &hits))
        return -1;
    tally[t] += hits;
    if (s->units[f].type == LASALLE_ART) st->u[f].flags |= LASALLE_UF_SMOKE;
    /* a howitzer battery never bounces [H, p.81], nor do rockets (ruling R-96) */
    if (kind != LASALLE_ROUNDSHOT || lasalle_howitzer_battery(s, f)) return 0;
    int b = bounce_target(s, st, f, t);
    if (b < 0) return 0;
    n = fire_dice(s, st, f, b, LASALLE_ROUNDSHOT, why, sizeof why);
    need = to_hit(s, st, f, b, LASALLE_ROUNDSHOT);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->units[f].side, "the shot bounces through to %s: %s, hits on %d+",
               s->units[b].name, why, need);
    if (roll_shot(s, st, f, b, n, need, cx, &hits)) return -1;
    tally[b] += hits;
    return 0;
}

/* a Line's fire split between two targets, no skirmish dice [H Split Fire, p.80] */
static int split_fire(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                      gr_error *err)
{
    if (lasalle_split_check(s, st, a, err)) return -1;
    int i = a->actor, k = a->arg, n = s->units[i].nbases, t[2] = {a->target, (int)a->p[2]};
    int tally[LASALLE_MAX_UNITS] = {0}, rain = s->precip != LASALLE_NO_PRECIP;
    st->u[i].flags |= LASALLE_UF_REACTED;
    for (int part = 0; part < 2; part++) {
        int from = part ? k : 0, to = part ? n : k, hits = 0;
        int dice = lasalle_clear_bases_in(s, st, i, t[part], from, to);
        int need = to_hit(s, st, i, t[part], LASALLE_MUSKETRY);
        gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->units[i].side, "%s%s bases %d-%d fire at %s: %d musketry dice "
                   "(split fire, no skirmish dice, H p.80), hits on %d+", s->units[i].name,
                   gr_words_poss(s->units[i].name), from + 1, to,
                   s->units[t[part]].name, dice, need);
        if (dice > 0 && roll(s, i, dice, need, rain, cx, &hits)) return lasalle_dice_error(cx, err);
        tally[t[part]] += hits;
    }
    for (int part = 0; part < 2; part++) convert(s, st, t[part], tally[t[part]], cx ? cx->log : NULL);
    st->turn.cursor++;
    return 0;
}

int lasalle_fire_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = a->actor, t = a->target, kind;
    if (a->type == LASALLE_A_HOLD) {
        st->turn.cursor++;
        return 0;
    }
    if (a->type != LASALLE_A_FIRE || t < 0 || t >= s->nunits) return gr_error_set(err, "fire names its target");
    if (a->arg != 0 || a->p[2] != 0) {
        if (!can_shoot(s, st, i))
            return gr_error_set(err, "%s cannot fire now: it has reacted, or it cannot fire in its formation or "
                                     "ground (D, p.41)", s->units[i].name);
        return split_fire(s, st, a, cx, err);
    }
    int firers[LASALLE_MAX_UNITS], nf = 0;
    for (int j = 0; j < s->nunits; j++) {
        if (j != i && !joins(a, j)) continue;
        if (!can_shoot(s, st, j))
            return gr_error_set(err, "%s cannot fire now: it has reacted, or it cannot fire in its formation or "
                                     "ground (D, p.41)", s->units[j].name);
        if (lasalle_fire_target_ok(s, st, j, t, &kind, err)) return -1;
        firers[nf++] = j;
    }
    int tally[LASALLE_MAX_UNITS] = {0};
    for (int k = 0; k < nf; k++) {
        st->u[firers[k]].flags |= LASALLE_UF_REACTED;
        /* a garrison turns to the side it fires from [G Towns, p.69] */
        if (st->u[firers[k]].form == LASALLE_TOWN)
            lasalle_town_turn(st, firers[k], lasalle_town_fire_side(s, st, firers[k], t, &kind, NULL));
    }
    for (int k = 0; k < nf; k++)
        if (shoot(s, st, firers[k], t, tally, cx)) return lasalle_dice_error(cx, err);
    /* every target's hits converted together, when the declaration's dice are all rolled (ruling A-10) */
    for (int j = 0; j < s->nunits; j++)
        if (tally[j] || j == t) convert(s, st, j, tally[j], cx ? cx->log : NULL);
    st->turn.cursor++;
    return 0;
}
