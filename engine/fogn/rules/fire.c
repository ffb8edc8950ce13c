/* fire.c - firing (§7): who may fire at whom and in which band, how the dice
 * are shared among the targets (§7.6), the supporting fire of neighbours
 * (§7.5), the rolls, and what the hits do (§7.9) - cohesion losses, halts,
 * retires to 3 MU, outcome moves, Spent cavalry and commander casualties.
 * The Firing Phase's two steps and the Assault Phase's defensive fire (§6.10)
 * both go through fogn_volley_resolve. */
#include "fire.h"
#include "gully.h"
#include "crest.h"
#include "steps.h"
#include "contact.h"
#include "outcome.h"
#include "view.h"
#include "building.h"
#include "memo.h"
#include "tables.h"
#include "casualty.h"
#include "cohesion.h"
#include "move.h"
#include "orders.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* --- who fires, at what ----------------------------------------------------------------------------- */

/* a unit touching any enemy is not fired at (§7.1; ruling: the whole unit,
 * even a large one with free bases) */
static int touching_enemy(const fogn_scenario *s, const fogn_state *st, int i)
{
    return fogn_in_enemy_contact(s, st, i);
}

/* touching_enemy answers remembered while the state stays as it is (one
 * firer's view, or every firer of a Firing Phase step); -1 not yet asked */
typedef struct contact_memo {
    int8_t v[FOGN_MAX_UNITS];
} contact_memo;

static void memo_clear(contact_memo *m) { memset(m->v, -1, sizeof m->v); }

/* touching_enemy through the memo (NULL: none) */
static int touching(const fogn_scenario *s, const fogn_state *st, int i, contact_memo *m)
{
    if (!m) return touching_enemy(s, st, i);
    if (m->v[i] < 0) m->v[i] = (int8_t)touching_enemy(s, st, i);
    return m->v[i];
}

/* §7.1 ruling, §23.3 #36: a unit touching an enemy may fire only from a
 * wholly free file of a large unit, or a wholly free half of an Extended
 * Line, as a small unit. Bases touching an enemy are barred, and so are the
 * bases of the unit touching those (even corner to corner). */

/* the part of unit f that may fire while f touches an enemy: 1 with its
 * footprint in *out and *half (-1 a file; 0 / 1 the left / right half of a
 * line), 0 when no part is wholly free */
static int free_part(const fogn_scenario *s, const fogn_state *st, int f, gr_rect *out, int *half)
{
    const fogn_unit_profile *p = &s->units[f];
    const fogn_unit *u = &st->u[f];
    if (!FOGN_FIRE_FREE_PART_FIRES || fogn_troop_arm((fogn_troop)p->troop) != FOGN_ARM_INF) return 0;
    int line = u->formation == FOGN_F_LINE || u->formation == FOGN_F_SKIRMISH_LINE;
    int cols, rows;
    fogn_formation_grid(p, (fogn_formation)u->formation, &cols, &rows);
    if (!line && (p->size != FOGN_LARGE || cols < 3 || u->formation == FOGN_F_SQUARE)) return 0;
    if (cols * rows > 24) return 0;
    gr_rect b[24];
    int nb = fogn_unit_base_rects(p, u, b, 24);
    /* grid position of each base (a Spent unit lacks its rear rightmost ones) */
    int at[24], skip = cols * rows - nb, k = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int idx = r * cols + c;
            at[idx] = (rows - 1 - r) * cols + (cols - 1 - c) < skip || k >= nb ? -1 : k++;
        }
    /* a base is in contact when it shares a stretch of edge with an enemy;
     * where the unit touches enemies only corner to corner, the corner's base */
    int barred[24] = {0}, edge = 0;
    for (int pass = 0; pass < 2 && !edge; pass++)
        for (int j = 0; j < s->nunits; j++) {
            if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
            gr_rect er[2];
            int ne = fogn_unit_rects(&s->units[j], &st->u[j], er);
            for (int q = 0; q < nb; q++)
                for (int e = 0; e < ne; e++) {
                    fogn_contact ct;
                    if (!fogn_rects_contact(&b[q], &er[e], &ct)) continue;
                    if (ct.len > FOGN_CONTACT_TOL) edge = 1;
                    if (ct.len > FOGN_CONTACT_TOL || pass == 1) barred[q] = 2;
                }
        }
    for (int q = 0; q < nb; q++) {
        if (barred[q] != 2) continue;
        for (int o = 0; o < nb; o++)
            if (!barred[o] && gr_rect_dist(&b[q], &b[o]) <= FOGN_CONTACT_TOL) barred[o] = 1;
    }
    if (line) {
        gr_rect parts[2];
        int hc = cols / 2;
        if (fogn_unit_rects(p, u, parts) != 2) {
            gr_rect r = parts[0];
            gr_vec2 rt = gr_rect_right(&r);
            parts[0] = gr_rect_make(gr_v2_sub(r.fc, gr_v2_scale(rt, r.w / 4)), r.heading, r.w / 2, r.d);
            parts[1] = gr_rect_make(gr_v2_add(r.fc, gr_v2_scale(rt, r.w / 4)), r.heading, r.w / 2, r.d);
        }
        for (int h = 0; h < 2; h++) {
            int ok = 1;
            for (int c = h ? hc : 0; c < (h ? cols : hc); c++) ok &= at[c] >= 0 && !barred[at[c]];
            if (ok) {
                *out = parts[h];
                *half = h;
                return 1;
            }
        }
        return 0;
    }
    for (int c = 0; c < cols; c++) {
        int ok = 1;
        for (int r = 0; r < rows; r++) ok &= at[r * cols + c] >= 0 && !barred[at[r * cols + c]];
        if (!ok) continue;
        const gr_rect *front = &b[at[c]];
        *out = gr_rect_make(front->fc, front->heading, FOGN_BW, rows * front->d);
        *half = -1;
        return 1;
    }
    return 0;
}

static int can_fire(const fogn_scenario *s, const fogn_state *st, int i, contact_memo *cm)
{
    const fogn_unit_profile *p = &s->units[i];
    const fogn_unit *u = &st->u[i];
    if (!fogn_unit_alive(u) || u->cohesion == FOGN_BROKEN || (u->flags & (FOGN_UF_ABANDONED | FOGN_UF_REACTED)))
        return 0;
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    if (arm == FOGN_ARM_CAV) {
        /* cavalry fire only their guns (§7.1) */
        int guns = 0;
        for (int k = 0; k < 2; k++)
            if (fogn_attach_working(p, u, k) && p->attach[k] != FOGN_ATT_SKIRMISHERS &&
                p->attach[k] != FOGN_ATT_RIFLE_SKIRMISHERS && p->attach[k] != FOGN_ATT_CAVALRY &&
                p->attach[k] != FOGN_ATT_OFFICER)
                guns = 1;
        if (!guns) return 0;
    }
    if (u->formation == FOGN_F_COLUMN || u->formation == FOGN_F_LIMBERED) return 0;
    /* §15.4: no artillery unit fires out of a building; no fire out of an area in melee */
    if (arm == FOGN_ARM_ART && fogn_bld_in_building(s, st, i)) return 0;
    if (!touching(s, st, i, cm)) return 1;
    if (fogn_bld_of(s, st, i) >= 0) return 0;
    gr_rect part;
    int half;
    return free_part(s, st, i, &part, &half);
}

int fogn_can_fire(const fogn_scenario *s, const fogn_state *st, int i) { return can_fire(s, st, i, NULL); }

/* where firer f fires from: its footprint, or the free part of a unit in
 * contact (which then fires as a small unit); returns -1 for the whole unit,
 * else the part's half (-1 a file, 0 / 1 a line's half) + 2 */
static int fire_from(const fogn_scenario *s, const fogn_state *st, int f, gr_rect *from, contact_memo *cm)
{
    int half;
    if (touching(s, st, f, cm) && free_part(s, st, f, from, &half)) return half + 2;
    *from = fogn_unit_rect(&s->units[f], &st->u[f]);
    return -1;
}

/* --- volleys -------------------------------------------------------------------------------------------- */

void fogn_volley_init(fogn_volley *v, int side, int defensive)
{
    /* no shots yet and no assaulter's start: shot[k] is written whole when
     * k is added (k < n), start[a] when has_start[a] is set, and nothing
     * reads either before, so neither is cleared (16 KB a Firing Phase) */
    v->side = side;
    v->defensive = defensive;
    v->n = 0;
    memset(v->has_start, 0, sizeof v->has_start);
}

void fogn_volley_assaulter_start(fogn_volley *v, const fogn_scenario *s, const fogn_state *st, int a)
{
    v->has_start[a] = 1;
    v->start[a] = fogn_unit_rect(&s->units[a], &st->u[a]);
}

static unsigned lost_mask(const fogn_unit *u) { return u->att_lost & 3u; }

/* the effective cohesion level a unit fires at (§7.5 item 3) when lines run
 * from both its front corners (one level more when they do not) */
static int firing_level_base(const fogn_scenario *s, const fogn_state *st, int f)
{
    const fogn_unit_profile *p = &s->units[f];
    const fogn_unit *u = &st->u[f];
    int lvl = u->cohesion;
    if (u->cohesion == FOGN_STEADY && (u->flags & FOGN_UF_SPENT)) lvl++;
    fogn_arm arm = fogn_troop_arm((fogn_troop)p->troop);
    /* §15.3, §15.4: weather is ignored by a building's defenders (not a field work's) */
    int bdef = fogn_bld_all_round(s, st, f);
    if (s->weather == FOGN_WEATHER_RAIN && (arm == FOGN_ARM_INF || arm == FOGN_ARM_ART) && !bdef) lvl++;
    fogn_ground g;
    fogn_unit_ground(s, st, f, &g);
    if (!bdef) lvl += g.fire_penalty; /* §15.1: defenders fire as in the open, occupiers as in rough */
    return lvl;
}

/* the effective cohesion level a unit fires at against a target */
static int firing_level(const fogn_scenario *s, const fogn_state *st, int f, int both_corners)
{
    return firing_level_base(s, st, f) + !both_corners;
}

/* how the target looks to the firer for the to-hit table (§7.7) */
static void describe_target(const fogn_scenario *s, const fogn_state *st, const fogn_volley *v, int f, int t,
                            fogn_fire_target *d)
{
    memset(d, 0, sizeof *d);
    const fogn_unit_profile *p = &s->units[t];
    const fogn_unit *u = &st->u[t];
    d->arm = (uint8_t)fogn_troop_arm((fogn_troop)p->troop);
    d->formation = u->formation;
    d->skirmishers = fogn_is_skirmisher(p, u);
    fogn_ground g;
    fogn_unit_ground(s, st, t, &g);
    d->soft_ground = g.soft_ground;
    d->in_cover = g.in_cover;
    gr_rect fr = fogn_unit_rect(&s->units[f], &st->u[f]);
    d->from_behind = fogn_fire_from_behind(s, st, &fr, t) && !fogn_bld_in_building(s, st, t);
    uint8_t into, from, score, cover;
    fogn_bld_fire_facts(s, st, f, t, &into, &from, &score, &cover);
    d->building = score;
    if (cover) d->in_cover = 1;
    if (fogn_bld_from_rear(s, st, f, t)) d->from_behind = 1; /* §15.5: fire into the open rear */
    if (v->defensive && (u->flags & FOGN_UF_ASSAULTING)) {
        d->assaulting = 1;
        /* §7.7: 4+ only if cavalry began at least partly in front of the firers,
         * or infantry began within 1 BW of their front: read as the cavalry
         * clause beside it is, a place along the front (ruling: at least
         * partly ahead of the frontage widened by FOGN_R_ASSAULT_FRONT_WIDEN
         * on each side), not a distance */
        const gr_rect *start = v->has_start[t] ? &v->start[t] : NULL;
        gr_rect now = fogn_unit_rect(p, u);
        if (!start) start = &now;
        if (d->arm == FOGN_ARM_CAV) d->began_in_front = gr_rect_in_front_corridor(&fr, start, -1);
        else {
            gr_rect wide = gr_rect_make(fr.fc, fr.heading, fr.w + 2 * FOGN_R_ASSAULT_FRONT_WIDEN, fr.d);
            d->began_in_front = gr_rect_in_front_corridor(&wide, start, -1);
        }
    }
}

/* §7.3, §7.6 ruling: a large unit sharing its fire among several targets
 * fires as a small unit only when every one of them stands in front of one
 * end base alone; the target it names for the most dice does not decide it */

/* the dice of firer f at target t in band r (groups, reduced for cohesion),
 * with their scores; the number of dice (0: it has none). small: -1 the
 * target decides whether a large unit fires as small (§7.3), 0 / 1 forced */
static int shot_dice_as(const fogn_scenario *s, const fogn_state *st, const fogn_volley *v, int f, int t,
                        fogn_range r, int half, int small, fogn_shot *sh)
{
    const fogn_unit_profile *p = &s->units[f];
    const fogn_unit *u = &st->u[f];
    memset(sh, 0, sizeof *sh);
    sh->firer = (int8_t)f;
    sh->target = (int8_t)t;
    sh->half = (int8_t)half;
    sh->supports = -1;
    sh->range = (uint8_t)r;
    fogn_fire_ctx c;
    memset(&c, 0, sizeof c);
    c.range = (uint8_t)r;
    c.half = half >= 0;
    c.att_off = (uint8_t)lost_mask(u);
    /* ruling: a line's attachments stand in its left half; the right half fires without them */
    if (half == 1) c.att_off = 3;
    c.enemy_cav = fogn_enemy_cavalry_near(s, st, f, FOGN_CAV_NEAR_RANGE) || fogn_has_attach(&s->units[t], &st->u[t], FOGN_ATT_CAVALRY);
    uint8_t sc, cv;
    fogn_bld_fire_facts(s, st, f, t, &c.into_building, &c.from_building, &sc, &cv);
    gr_rect fr;
    int part = fire_from(s, st, f, &fr, NULL);
    if (part >= 0) {
        small = 1; /* §23.3 #36: the free part fires as a small unit */
        if (part == 1) c.att_off = 3; /* ruling: a free file fires without the attachments */
    }
    int both = 1;
    if (fogn_bld_all_round(s, st, f)) both = fogn_can_see(s, st, f, t); /* from the perimeter, all round */
    else fogn_fire_line(s, st, f, &fr, t, &both);
    c.as_small = small >= 0 ? (uint8_t)small : fogn_fires_as_small(s, st, f, t);
    fogn_fire_dice d;
    if (fogn_fire_dice_of(p, (fogn_formation)u->formation, &c, &d) <= 0) return 0;
    fogn_fire_target desc;
    describe_target(s, st, v, f, t, &desc);
    int firer_skirm = fogn_is_skirmisher(p, u);
    for (int g = 0; g < FOGN_FG_COUNT; g++) {
        sh->n[g] = d.n[g];
        sh->reroll[g] = d.reroll[g];
        sh->score[g] = fogn_fire_score(r, &desc, firer_skirm, fogn_fire_group_special(p, g));
    }
    sh->level = (int8_t)firing_level(s, st, f, both);
    sh->rifles = fogn_has_rifles(p, c.att_off);
    int total = 0;
    for (int g = 0; g < FOGN_FG_COUNT; g++) total += sh->n[g];
    /* what would be left after the cohesion cut (support dice may join first) */
    int n[FOGN_FG_COUNT];
    memcpy(n, sh->n, sizeof n);
    return total ? fogn_cohesion_reduce(n, sh->score, sh->reroll, FOGN_FG_COUNT, sh->level) : 0;
}

static int shot_dice(const fogn_scenario *s, const fogn_state *st, const fogn_volley *v, int f, int t, fogn_range r,
                     int half, fogn_shot *sh)
{
    return shot_dice_as(s, st, v, f, t, r, half, -1, sh);
}

int fogn_volley_add(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, int f, int t, fogn_range range)
{
    if (v->n >= FOGN_VOLLEY_MAX) return -1;
    fogn_shot sh;
    if (shot_dice(s, st, v, f, t, range, -1, &sh) <= 0) return -1;
    v->shot[v->n++] = sh;
    return 0;
}

/* --- supporting fire (§7.5) --------------------------------------------------------------------------- */

/* which side of the supported firer the supporter stands: 0 left, 1 right */
static int flank_of(const fogn_scenario *s, const fogn_state *st, int firer, int sup)
{
    gr_rect f = fogn_unit_rect(&s->units[firer], &st->u[firer]), g = fogn_unit_rect(&s->units[sup], &st->u[sup]);
    gr_vec2 d = gr_v2_sub(gr_rect_centre(&g), gr_rect_centre(&f));
    return gr_v2_dot(d, gr_rect_right(&f)) > 0;
}

void fogn_volley_support(const fogn_scenario *s, const fogn_state *st, fogn_volley *v)
{
    int own_shots = v->n;
    /* only a shot at close range is supported: with none, no unit need be looked at */
    int close = 0;
    for (int k = 0; k < own_shots && !close; k++) close = v->shot[k].range == FOGN_RANGE_CLOSE && v->shot[k].supports < 0;
    if (!close) return;
    for (int u = 0; u < s->nunits; u++) {
        const fogn_unit_profile *p = &s->units[u];
        const fogn_unit *uu = &st->u[u];
        if (p->side != v->side || !fogn_can_fire(s, st, u) || uu->cohesion >= FOGN_WAVERING) continue;
        /* only a unit with no target of its own supports */
        int busy = 0;
        for (int k = 0; k < v->n && !busy; k++) busy = v->shot[k].firer == u;
        if (busy) continue;
        int dice = fogn_support_dice(p, (fogn_formation)uu->formation, (fogn_cohesion)uu->cohesion, lost_mask(uu));
        if (dice <= 0) continue;
        /* ruling: a unit in contact gives no support, even from a free file (§23.3 #36) */
        if (touching_enemy(s, st, u)) continue;
        gr_rect ur = fogn_unit_rect(p, uu);
        int best = -1;
        double bd = INFINITY;
        for (int k = 0; k < own_shots; k++) {
            const fogn_shot *sh = &v->shot[k];
            if (sh->range != FOGN_RANGE_CLOSE || sh->supports >= 0 || sh->firer == u) continue;
            if (!fogn_in_support_area(s, st, u, sh->target)) continue;
            /* at most one supporter on each flank of the supported unit */
            int side = flank_of(s, st, sh->firer, u), taken = 0;
            for (int q = own_shots; q < v->n; q++)
                if (v->shot[q].supports >= 0 && v->shot[v->shot[q].supports].firer == sh->firer &&
                    flank_of(s, st, sh->firer, v->shot[q].firer) == side)
                    taken = 1;
            if (taken) continue;
            gr_rect tr = fogn_unit_rect(&s->units[sh->target], &st->u[sh->target]);
            double d = gr_rect_dist(&ur, &tr);
            if (d < bd - 1e-9) {
                bd = d;
                best = k;
            }
        }
        if (best < 0 || v->n >= FOGN_VOLLEY_MAX) continue;
        fogn_shot *sh = &v->shot[v->n++];
        memset(sh, 0, sizeof *sh);
        sh->firer = (int8_t)u;
        sh->target = v->shot[best].target;
        sh->half = -1;
        sh->supports = (int8_t)best;
        sh->range = FOGN_RANGE_CLOSE;
        sh->n[FOGN_FG_OWN] = dice;
        sh->reroll[FOGN_FG_OWN] = fogn_fire_reroll((fogn_training)p->training);
        sh->score[FOGN_FG_OWN] = v->shot[best].score[FOGN_FG_OWN];
        /* ruling: support dice are cut by the supporter's own cohesion */
        sh->level = (int8_t)firing_level(s, st, u, 1);
        sh->rifles = fogn_has_rifles(p, lost_mask(uu));
    }
}

/* --- resolving ------------------------------------------------------------------------------------------- */

/* the enemies firing at t in this volley (for the retire direction) */
static int firers_at(const fogn_volley *v, int t, int *out)
{
    int n = 0;
    for (int k = 0; k < v->n; k++) {
        if (v->shot[k].target != t) continue;
        int f = v->shot[k].firer, seen = 0;
        for (int q = 0; q < n; q++) seen |= out[q] == f;
        if (!seen) out[n++] = f;
    }
    return n;
}

static double nearest_of(const fogn_scenario *s, const fogn_state *st, int t, const int *who, int n)
{
    gr_rect tr = fogn_unit_rect(&s->units[t], &st->u[t]);
    double d = INFINITY;
    for (int k = 0; k < n; k++) {
        if (!fogn_unit_alive(&st->u[who[k]])) continue;
        gr_rect r = fogn_unit_rect(&s->units[who[k]], &st->u[who[k]]);
        double x = gr_rect_dist(&tr, &r);
        if (x < d) d = x;
    }
    return d;
}

/* an outcome move forced by fire (§7.9, §9.11) */
static int fire_outcome(const fogn_scenario *s, fogn_state *st, const fogn_volley *v, int t, gr_dice *dice, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[t];
    fogn_unit *u = &st->u[t];
    int broken = u->cohesion == FOGN_BROKEN;
    if (FOGN_R_BLD_DEFENDERS_HOLD_FIRE && fogn_bld_defends(s, st, t)) return 0; /* §15.4: only Broken defenders leave */
    /* the column: the unit's state after its loss; any retire an assault causes is "Wavering" (§23.3 #43) */
    fogn_ocol col = broken ? FOGN_OCOL_BROKEN
                           : (v->defensive || u->cohesion == FOGN_WAVERING) ? FOGN_OCOL_WAVERING : FOGN_OCOL_DISORDERED;
    fogn_ground g;
    fogn_unit_ground(s, st, t, &g);
    fogn_outcome oc = fogn_outcome_of(p, (fogn_formation)u->formation, FOGN_OVS_NONE, fogn_defends_obstacle(s, st, t),
                                      !g.any_rough_or_difficult, col);
    int who[FOGN_MAX_UNITS];
    int nw = firers_at(v, t, who);
    switch ((fogn_omove)oc.kind) {
    case FOGN_OMOVE_HALT: return 0;
    case FOGN_OMOVE_DESTROYED: fogn_destroy(s, st, t, log, "shot down"); return 0;
    case FOGN_OMOVE_ABANDONED:
        u->flags |= FOGN_UF_ABANDONED;
        u->gun_losses = (uint8_t)(u->cohesion + 1);
        return 0;
    default: break;
    }
    int d = fogn_roll_distance(p->side, p->name, oc.bonus, 0, FOGN_RETIRE_MIN, dice, log, "retire under fire");
    if (d < 0) return -1;
    fogn_retire_opts o;
    memset(&o, 0, sizeof o);
    o.dist = d;
    o.dir = fogn_retire_dir(s, st, t, who, nw);
    if (o.dir.x == 0 && o.dir.y == 0) o.dir = gr_v2_scale(gr_v2_dir(u->heading), -1);
    /* §7.9: a Square forced back by fire first forms Tactical, however short the retire */
    o.end_formation = u->formation == FOGN_F_SQUARE ? FOGN_F_TACTICAL : -1;
    fogn_retire_logged(s, st, t, &o, log, "retires under fire");
    return 0;
}

static void spend(const fogn_scenario *s, fogn_state *st, int t, gr_log *log)
{
    fogn_unit *u = &st->u[t];
    if (u->flags & FOGN_UF_SPENT) return;
    u->flags |= FOGN_UF_SPENT;
    u->bases_lost = 1;
    gr_log_add(log, GR_EV_MOVE, s->units[t].side, "%s is Spent: a base is lost", s->units[t].name);
}

static int apply_hits(const fogn_scenario *s, fogn_state *st, const fogn_volley *v, int t, int raw, int close_hits,
                      int any_close, int rifles, fogn_fire_report *rep, gr_dice *dice, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[t];
    fogn_unit *u = &st->u[t];
    fogn_fire_hit_in in;
    memset(&in, 0, sizeof in);
    in.hits = raw;
    in.large = p->size == FOGN_LARGE;
    in.cohesion = u->cohesion;
    in.superior_assaulting = v->defensive && (u->flags & FOGN_UF_ASSAULTING) && p->elan == FOGN_ELAN_SUPERIOR;
    in.any_close = (uint8_t)any_close;
    in.guard = (p->caps & FOGN_CAP_GUARD) != 0;
    in.guard_lost = (u->flags & FOGN_UF_FIRE_LOSS) ? 1 : 0;
    fogn_fire_result res;
    fogn_fire_result_of(&in, &res);
    rep->fired = 1;
    rep->raw = raw;
    rep->net = res.net;
    rep->move = res.move;
    rep->losses = res.losses;
    gr_log_add(log, GR_EV_NOTE, p->side, "%s takes %d hit%s (%d after reduction)", p->name, raw, raw == 1 ? "" : "s",
               res.net);
    if (u->flags & FOGN_UF_ABANDONED) return 0;
    if (res.losses > 0) {
        fogn_lose(s, st, t, res.losses, log, "fire");
        u->flags |= FOGN_UF_FIRE_LOSS;
    }
    /* §10.1: three or more hits on a unit with a commander */
    if (raw >= FOGN_CASUALTY_HITS && fogn_casualty_rolls(s, st, t, fogn_cas_score_for(1, rifles, 0), dice, log) < 0)
        return -1;
    /* §7.9, §23.2 #24: assaulting cavalry taking 4+ close hits is Spent */
    if (v->defensive && (u->flags & FOGN_UF_ASSAULTING) && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_CAV &&
        close_hits >= FOGN_SPENT_BY_FIRE_HITS)
        spend(s, st, t, log);
    if (!fogn_unit_alive(u)) {
        rep->outcome = 1;
        return 0;
    }
    if (res.outcome || u->cohesion == FOGN_BROKEN) {
        rep->outcome = 1;
        return fire_outcome(s, st, v, t, dice, log);
    }
    int who[FOGN_MAX_UNITS];
    int nw = firers_at(v, t, who);
    double near = nearest_of(s, st, t, who, nw);
    int active_unit = p->side == st->active; /* halts mean nothing to the inactive side (§7.9) */
    int cav = fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_CAV;
    fogn_retire_result r;
    /* §6.10: an assaulter hit once or twice by defensive fire may still try
     * the CMT to press on; cavalry fall back only when it fails or is not
     * tried, which the Assault Phase sees to (assault.c) */
    int assaulter = v->defensive && (u->flags & FOGN_UF_ASSAULTING);
    if (res.move == FOGN_FM_CMT_TO_ADVANCE && cav && assaulter) {
        /* nothing yet */
    } else if (res.move == FOGN_FM_CMT_TO_ADVANCE) {
        if (cav && near < FOGN_R3_RANGE - GR_EPS) {
            int guns = 0;
            for (int k = 0; k < 2; k++)
                guns |= fogn_attach_working(p, u, k) && (p->attach[k] == FOGN_ATT_ARTILLERY || p->attach[k] == FOGN_ATT_HEAVY_ARTILLERY);
            if (!(guns && near <= FOGN_CLOSE + GR_EPS) && fogn_retire_to_range(s, st, t, who, nw, FOGN_R3_RANGE, &r, NULL) == 0)
                gr_log_add(log, GR_EV_MOVE, p->side, "%s falls back to 3 MU", p->name);
        } else if (cav) {
            if (active_unit) u->flags |= FOGN_UF_NO_ADVANCE;
        } else if (active_unit) {
            u->flags |= FOGN_UF_HALTED;
        }
    } else if (res.move == FOGN_FM_RETIRE_3) {
        if (FOGN_R_BLD_DEFENDERS_HOLD_FIRE && fogn_bld_defends(s, st, t)) {
            /* §15.4: defenders hold their area */
        } else if (near < FOGN_R3_RANGE - GR_EPS || u->cohesion == FOGN_WAVERING) {
            if (fogn_retire_to_range(s, st, t, who, nw, FOGN_R3_RANGE, &r, NULL) == 0)
                gr_log_add(log, GR_EV_MOVE, p->side, "%s retires to 3 MU", p->name);
        } else if (active_unit) {
            u->flags |= FOGN_UF_NO_ADVANCE;
        }
    }
    return 0;
}

int fogn_volley_resolve(const fogn_scenario *s, fogn_state *st, fogn_volley *v, fogn_fire_report *reports,
                        gr_dice *dice, gr_log *log)
{
    memset(reports, 0, sizeof *reports * FOGN_MAX_UNITS);
    /* the cohesion cut of each shot (§7.5 item 4) */
    for (int k = 0; k < v->n; k++) {
        fogn_shot *sh = &v->shot[k];
        if (sh->level > 0) fogn_cohesion_reduce(sh->n, sh->score, sh->reroll, FOGN_FG_COUNT, sh->level);
        sh->level = 0;
    }
    for (int t = 0; t < s->nunits; t++) {
        int raw = 0, close_hits = 0, any_close = 0, rifles = 0, aimed = 0;
        for (int k = 0; k < v->n; k++) {
            fogn_shot *sh = &v->shot[k];
            if (sh->target != t) continue;
            for (int g = 0; g < FOGN_FG_COUNT; g++) {
                if (sh->n[g] <= 0) continue;
                aimed = 1;
                char what[160];
                snprintf(what, sizeof what, "%s at %s", sh->supports >= 0 ? "supporting fire" : "fire",
                         s->units[t].name);
                int h = fogn_roll_hits(s->units[sh->firer].side, s->units[sh->firer].name, sh->n[g], sh->score[g],
                                       sh->reroll[g], dice, log, what);
                if (h < 0) return -1;
                raw += h;
                if (sh->range == FOGN_RANGE_CLOSE) close_hits += h;
            }
            if (sh->range == FOGN_RANGE_CLOSE) any_close = 1;
            rifles |= sh->rifles;
        }
        if (!aimed || !fogn_unit_alive(&st->u[t])) continue;
        if (apply_hits(s, st, v, t, raw, close_hits, any_close, rifles, &reports[t], dice, log) < 0) return -1;
    }
    fogn_cmdr_displaced(s, st, log);
    return fogn_ct_run(s, st, v->side ^ 1, dice, log);
}

/* --- the Firing Phase: what each unit sees and how it shares its dice (§7.3, §7.6) ----------------------- */

#define VIEW_MAX FOGN_MAX_UNITS

typedef struct fire_view {
    int band;                /* fogn_range of the closest targets; FOGN_RANGE_NONE: nothing to shoot */
    int n;                   /* the targets in that band, the most central first */
    int t[VIEW_MAX];
    int skirm_choice;        /* artillery may ignore targets wholly in Skirmish order (§7.6) */
} fire_view;

/* the two halves of a straight or kinked Extended Line (§7.3), or the unit whole */
static int firing_parts(const fogn_scenario *s, const fogn_state *st, int f, fogn_range band, gr_rect out[2])
{
    const fogn_unit *u = &st->u[f];
    int line = fogn_troop_arm((fogn_troop)s->units[f].troop) == FOGN_ARM_INF &&
               (u->formation == FOGN_F_LINE || u->formation == FOGN_F_SKIRMISH_LINE);
    if (!line || band != FOGN_RANGE_CLOSE) {
        out[0] = fogn_unit_rect(&s->units[f], u);
        return 1;
    }
    if (fogn_unit_rects(&s->units[f], u, out) == 2) return 2;
    gr_rect r = out[0];
    gr_vec2 rt = gr_rect_right(&r);
    out[0] = gr_rect_make(gr_v2_sub(r.fc, gr_v2_scale(rt, r.w / 4)), r.heading, r.w / 2, r.d);
    out[1] = gr_rect_make(gr_v2_add(r.fc, gr_v2_scale(rt, r.w / 4)), r.heading, r.w / 2, r.d);
    return 2;
}

static fogn_range band_of(double d)
{
    if (d <= FOGN_CLOSE + GR_EPS) return FOGN_RANGE_CLOSE;
    if (d <= FOGN_MEDIUM_RANGE + GR_EPS) return FOGN_RANGE_MEDIUM;
    if (d <= FOGN_LONG_RANGE + GR_EPS) return FOGN_RANGE_LONG;
    return FOGN_RANGE_NONE;
}

/* may firer f (from footprint `from`) shoot at t, and in which band? A band
 * farther than `worst` counts as none (the caller has closer targets): the
 * costly tests are then skipped */
static fogn_range can_shoot_within(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int t,
                                   fogn_range worst, contact_memo *cm)
{
    if (s->units[t].side == s->units[f].side) return FOGN_RANGE_NONE;
    /* beyond long range for sure (circles about both footprints): none of
     * the work below, the target's contact test included */
    double tx = st->u[t].x - from->fc.x, ty = st->u[t].y - from->fc.y;
    double rf = sqrt(0.25 * from->w * from->w + from->d * from->d);
    double extra = fogn_bld_of(s, st, t) >= 0 || fogn_bld_of(s, st, f) >= 0 ? FOGN_LONG_RANGE : 0; /* perimeters, not footprints */
    double most = FOGN_LONG_RANGE + 1.0 + rf + FOGN_REACH_MAX + 1.0 + extra; /* before the target's reach is known */
    if (tx * tx + ty * ty > most * most) return FOGN_RANGE_NONE;
    /* and beyond the band `worst` (band_of, with room to spare): a band
     * farther than worst counts as none */
    double band_far = worst == FOGN_RANGE_CLOSE    ? FOGN_CLOSE
                      : worst == FOGN_RANGE_MEDIUM ? FOGN_MEDIUM_RANGE
                                                   : FOGN_LONG_RANGE;
    double lim = band_far + 1.0 + rf + fogn_unit_reach(&s->units[t], &st->u[t]);
    if (extra > 0) lim += FOGN_LONG_RANGE;
    if (tx * tx + ty * ty > lim * lim) return FOGN_RANGE_NONE;
    /* a fair target: alive, not abandoned, not touching an enemy (§7.1); the
     * contact test waits until the band is known */
    const fogn_unit *tu = &st->u[t];
    if (!fogn_unit_alive(tu) || (tu->flags & FOGN_UF_ABANDONED) || !fogn_bld_fire_allowed(s, st, f, t))
        return FOGN_RANGE_NONE;
    /* §15.4: ranges to and from a building's garrison are measured to its perimeter */
    gr_rect tr[2], fb[2];
    int nt = fogn_bld_measure_rects(s, st, t, tr);
    int round = fogn_bld_all_round(s, st, f);
    if (round) fogn_bld_measure_rects(s, st, f, fb);
    const gr_rect *fm = round ? &fb[0] : from;
    double d = INFINITY;
    int ahead = round;
    for (int k = 0; k < nt; k++) {
        double x = gr_rect_dist(fm, &tr[k]);
        if (x < d) d = x;
        ahead |= gr_rect_in_front_corridor(from, &tr[k], FOGN_LONG_RANGE + 1);
    }
    fogn_range r = band_of(d);
    if (r == FOGN_RANGE_NONE || !ahead || r > worst) return FOGN_RANGE_NONE;
    if (touching(s, st, t, cm)) return FOGN_RANGE_NONE;
    /* mortars never at targets even partly within 6 MU */
    if (s->units[f].troop == FOGN_ART_MORTAR && d <= FOGN_MEDIUM_RANGE + GR_EPS) return FOGN_RANGE_NONE;
    /* a Square fires at close range only (§7.1) */
    if (st->u[f].formation == FOGN_F_SQUARE && r != FOGN_RANGE_CLOSE) return FOGN_RANGE_NONE;
    if (round) return fogn_can_see(s, st, f, t) ? r : FOGN_RANGE_NONE;
    if (!fogn_fire_line(s, st, f, from, t, NULL)) return FOGN_RANGE_NONE; /* corners not needed here */
    if (!fogn_gully_fire_ok(s, st, f, from, t, r, NULL, 0)) return FOGN_RANGE_NONE;
    if (!fogn_crest_fire_ok(s, st, f, t, r)) return FOGN_RANGE_NONE;
    return r;
}

static fogn_range can_shoot(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int t,
                            contact_memo *cm)
{
    return can_shoot_within(s, st, f, from, t, FOGN_RANGE_LONG, cm);
}

/* what the dice probe of view_from needs to know about its firer, worked
 * out on the first target that gets that far */
typedef struct firer_facts {
    int known;
    int part;      /* fire_from's answer, and its footprint: */
    gr_rect fr;
    int round;     /* fogn_bld_all_round */
    int level;     /* firing_level_base */
    int cav;       /* fogn_enemy_cavalry_near, -1 until asked */
    contact_memo *cm;
} firer_facts;

static void firer_facts_load(const fogn_scenario *s, const fogn_state *st, int f, firer_facts *ff)
{
    if (ff->known) return;
    ff->known = 1;
    ff->part = fire_from(s, st, f, &ff->fr, ff->cm);
    ff->round = fogn_bld_all_round(s, st, f);
    ff->level = firing_level_base(s, st, f);
    ff->cav = -1;
}

/* exactly shot_dice(f, t, r, half -1) > 0, leaving out what only the
 * scores need (the target's description) and the corner lines when the
 * cohesion cut leaves dice (or none) either way */
static bool probe_has_dice(const fogn_scenario *s, const fogn_state *st, int f, int t, fogn_range r, firer_facts *ff)
{
    const fogn_unit_profile *p = &s->units[f];
    const fogn_unit *u = &st->u[f];
    firer_facts_load(s, st, f, ff);
    fogn_fire_ctx c;
    memset(&c, 0, sizeof c);
    c.range = (uint8_t)r;
    c.att_off = (uint8_t)lost_mask(u);
    int small = -1;
    if (ff->part >= 0) {
        small = 1;
        if (ff->part == 1) c.att_off = 3;
    }
    /* enemy cavalry cost dice only to infantry at medium range (fogn_fire_cavalry_loss) */
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_INF && r == FOGN_RANGE_MEDIUM) {
        if (ff->cav < 0) ff->cav = fogn_enemy_cavalry_near(s, st, f, FOGN_CAV_NEAR_RANGE);
        c.enemy_cav = ff->cav || fogn_has_attach(&s->units[t], &st->u[t], FOGN_ATT_CAVALRY);
    }
    uint8_t sc, cv;
    fogn_bld_fire_facts(s, st, f, t, &c.into_building, &c.from_building, &sc, &cv);
    c.as_small = small >= 0 ? (uint8_t)small : fogn_fires_as_small(s, st, f, t);
    fogn_fire_dice d;
    int total = fogn_fire_dice_of(p, (fogn_formation)u->formation, &c, &d);
    if (total <= 0) return false;
    int with = fogn_cohesion_dice(total, ff->level), without = fogn_cohesion_dice(total, ff->level + 1);
    if ((with > 0) == (without > 0)) return with > 0;
    int both = 1;
    if (ff->round) both = fogn_can_see(s, st, f, t);
    else fogn_fire_line(s, st, f, &ff->fr, t, &both);
    return (both ? with : without) > 0;
}

static double centrality(const fogn_scenario *s, const fogn_state *st, const gr_rect *from, int t)
{
    gr_rect tr = fogn_unit_rect(&s->units[t], &st->u[t]);
    return gr_rect_point_dist(&tr, from->fc);
}

/* puts t into the view, most central first (ties: the lower index first,
 * whatever the order the targets come in) */
static void view_insert(fire_view *v, double *key, int t, double c)
{
    int k = v->n++;
    while (k > 0 && (key[k - 1] > c || (key[k - 1] == c && v->t[k - 1] > t))) {
        v->t[k] = v->t[k - 1];
        key[k] = key[k - 1];
        k--;
    }
    v->t[k] = t;
    key[k] = c;
}

/* artillery with Skirmishers and formed troops among its targets may choose to ignore the former */
static void view_finish(const fogn_scenario *s, const fogn_state *st, int f, fire_view *v)
{
    if (fogn_troop_arm((fogn_troop)s->units[f].troop) != FOGN_ARM_ART || v->n <= 1) return;
    int sk = 0, formed = 0;
    for (int k = 0; k < v->n; k++) {
        const fogn_unit *tu = &st->u[v->t[k]];
        if (tu->formation == FOGN_F_SKIRMISH || tu->formation == FOGN_F_SKIRMISH_LINE) sk = 1;
        else formed = 1;
    }
    v->skirm_choice = sk && formed;
}

/* the enemies of firer f, those whose centres lie nearest the front edge's
 * centre first: a close target found early lets the farther ones be passed
 * over before their lines of fire are traced. The view is the same in any
 * order (the closest band's targets, sorted by view_insert). */
static int nearest_first(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int *order)
{
    double key[FOGN_MAX_UNITS];
    int n = 0;
    for (int t = 0; t < s->nunits; t++) {
        if (s->units[t].side == s->units[f].side || !fogn_unit_alive(&st->u[t])) continue;
        double dx = st->u[t].x - from->fc.x, dy = st->u[t].y - from->fc.y, d = dx * dx + dy * dy;
        int k = n++;
        while (k > 0 && key[k - 1] > d) {
            order[k] = order[k - 1];
            key[k] = key[k - 1];
            k--;
        }
        order[k] = t;
        key[k] = d;
    }
    return n;
}

/* what firer f (or one part of it) can shoot: the closest band's targets,
 * most central first; only bands the unit has dice in count. two_close:
 * stop once two targets are found at close range (the view is then
 * incomplete, but it already offers a choice: see fire_choice_due) */
static void view_scan(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, fire_view *v,
                      int two_close, contact_memo *cm)
{
    memset(v, 0, sizeof *v);
    v->band = FOGN_RANGE_NONE;
    double key[VIEW_MAX];
    firer_facts ff = {0};
    ff.cm = cm;
    int order[FOGN_MAX_UNITS];
    int n = nearest_first(s, st, f, from, order);
    for (int q = 0; q < n && !(two_close && v->band == FOGN_RANGE_CLOSE && v->n >= 2); q++) {
        int t = order[q];
        /* targets beyond the closest band found so far would be dropped anyway */
        fogn_range r = can_shoot_within(s, st, f, from, t, (fogn_range)v->band, cm);
        if (r == FOGN_RANGE_NONE) continue;
        if (!probe_has_dice(s, st, f, t, r, &ff)) continue;
        if ((int)r < v->band) {
            v->band = r;
            v->n = 0;
        }
        if ((int)r != v->band) continue;
        view_insert(v, key, t, centrality(s, st, from, t));
    }
    view_finish(s, st, f, v);
}

static void view_from(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, fire_view *v,
                      contact_memo *cm)
{
    view_scan(s, st, f, from, v, 0, cm);
}

/* --- the memo of views: a firing step's position stands still from its
 * start to its results (the choices change only each firer's target,
 * option and FIRED mark, which no view reads), so the whole view of each
 * firer is worked out once, when the cursor reaches it (fogn_fi_prepare),
 * and kept in the state for due, the menu, its check and the results. Only
 * the set of targets is kept; their order is worked out again (cheap). --- */

_Static_assert(FOGN_MAX_UNITS <= 64, "fogn_unit.fview holds one bit a unit");

static void view_keep(fogn_unit *u, const fire_view *v)
{
    uint64_t m = 0;
    for (int k = 0; k < v->n; k++) m |= UINT64_C(1) << v->t[k];
    u->fview_band = (uint8_t)(v->band + 1);
    u->fview = m;
}

/* firer f's whole view from the memo, seen from *from; false when there is none */
static bool view_recall(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, fire_view *v)
{
    const fogn_unit *u = &st->u[f];
    if (!u->fview_band) return false;
    memset(v, 0, sizeof *v);
    v->band = u->fview_band - 1;
    double key[VIEW_MAX];
    for (int t = 0; t < s->nunits; t++)
        if (u->fview >> t & 1) view_insert(v, key, t, centrality(s, st, from, t));
    view_finish(s, st, f, v);
    return true;
}

/* the view of the whole firer (or its free part); *from and the return
 * value are fire_from's */
static int unit_view_at(const fogn_scenario *s, const fogn_state *st, int f, fire_view *v, gr_rect *from,
                        contact_memo *cm)
{
    int part = fire_from(s, st, f, from, cm);
    if (!view_recall(s, st, f, from, v)) view_from(s, st, f, from, v, cm);
    return part;
}

static void unit_view(const fogn_scenario *s, const fogn_state *st, int f, fire_view *v)
{
    gr_rect from;
    contact_memo cm;
    memo_clear(&cm);
    unit_view_at(s, st, f, v, &from, &cm);
}

/* would fire_menu offer firer f a choice (two entries or more)? One target
 * beyond close range (fire or hold), or two at close range; a building's
 * defenders never choose */
static int fire_choice_due(const fogn_scenario *s, const fogn_state *st, int f, contact_memo *cm)
{
    if (fogn_bld_all_round(s, st, f)) return 0;
    const fogn_unit *u = &st->u[f];
    if (u->fview_band) {
        int band = u->fview_band - 1, n = __builtin_popcountll(u->fview);
        return band != FOGN_RANGE_NONE && (band != FOGN_RANGE_CLOSE || n >= 2);
    }
    gr_rect from;
    fire_from(s, st, f, &from, cm);
    fire_view v;
    view_scan(s, st, f, &from, &v, 1, cm);
    if (v.band == FOGN_RANGE_NONE) return 0;
    return v.band != FOGN_RANGE_CLOSE || v.n >= 2;
}

/* the menu of firer f: hold fire (never at close range), fire at each
 * target in its band putting the most dice on it, and for artillery the same
 * ignoring Skirmishers; returns the count */
static int fire_menu(const fogn_scenario *s, const fogn_state *st, int f, gr_action *out, int max)
{
    fire_view v;
    unit_view(s, st, f, &v);
    int n = 0;
    if (v.band == FOGN_RANGE_NONE || max <= 0) return 0;
    /* §15.4: a building's defenders choose nothing: they shoot as fire_defenders says */
    if (fogn_bld_all_round(s, st, f)) {
        out[n++] = fogn_act(FOGN_A_FIRE, f, v.t[0], 0);
        return n;
    }
    if (v.band != FOGN_RANGE_CLOSE && n < max) out[n++] = fogn_act(FOGN_A_HOLD, f, -1, 0);
    /* §15.5: guns in a field work may split their fire among 2 or 3 targets */
    if (fogn_bld_in_fort(s, st, f) && fogn_troop_arm((fogn_troop)s->units[f].troop) == FOGN_ARM_ART)
        for (int k = 2; k <= FOGN_FORT_SPLIT_MAX && k <= v.n && n < max; k++) out[n++] = fogn_act(FOGN_A_FIRE, f, v.t[0], k);
    for (int k = 0; k < v.n && n < max; k++) out[n++] = fogn_act(FOGN_A_FIRE, f, v.t[k], 0);
    if (v.skirm_choice)
        for (int k = 0; k < v.n && n < max; k++) {
            const fogn_unit *tu = &st->u[v.t[k]];
            if (tu->formation != FOGN_F_SKIRMISH && tu->formation != FOGN_F_SKIRMISH_LINE)
                out[n++] = fogn_act(FOGN_A_FIRE, f, v.t[k], 1);
        }
    return n;
}

/* §7.6: how D dice are shared among k targets (most central first) with the
 * most on `focus`: each gets at least 1 (2 when D >= 6) if there are dice
 * enough, and the most central at least as many as any other */
static void share_dice(int D, int k, int focus, int *count)
{
    memset(count, 0, sizeof *count * (size_t)k);
    if (k <= 0 || D <= 0) return;
    if (D < k) {
        /* one die each to as many as there are dice, the focus first */
        count[focus] = 1;
        for (int i = 0, left = D - 1; i < k && left > 0; i++)
            if (i != focus) { count[i] = 1; left--; }
        return;
    }
    int least = D <= FOGN_SPLIT_SMALL_POOL ? 1 : 2;
    if (least * k > D) least = D / k;
    for (int i = 0; i < k; i++) count[i] = least;
    int rest = D - least * k;
    if (focus == 0) {
        count[0] += rest;
    } else {
        count[focus] += rest / 2;
        count[0] += rest - rest / 2;
    }
}

/* §15.4: of the shots v->shot[n0..] of garrison f, only the one at the
 * target fogn_bld_guns_target names keeps the artillery attachments' dice */
static void guns_at_one_target(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, int f, int n0)
{
    if (!FOGN_R_BLD_GUNS_AT_NEAREST || v->n - n0 < 2) return;
    int t[FOGN_VOLLEY_MAX], n = 0;
    for (int i = n0; i < v->n; i++) t[n++] = v->shot[i].target;
    int keep = fogn_bld_guns_target(s, st, f, t, n);
    for (int i = n0; i < v->n; i++)
        if (v->shot[i].target != keep) fogn_shot_without_guns(&v->shot[i]);
}

void fogn_shot_without_guns(fogn_shot *sh)
{
    sh->n[FOGN_FG_ATT] = 0;
    sh->n[FOGN_FG_SPECIAL] = 0;
}

/* §15.4: a building's defenders shoot 4 dice at each enemy able to fire at
 * them this phase or else at the closest enemy within their own range (so
 * Unreformed defenders reply at medium range but begin only at close range) */
static void fire_defenders(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, int f, contact_memo *cm)
{
    int n0 = v->n;
    gr_rect fb[2];
    fogn_bld_measure_rects(s, st, f, fb);
    fogn_volley probe_v;
    probe_v.defensive = 0;
    memset(probe_v.has_start, 0, sizeof probe_v.has_start);
    int any = 0, best = -1;
    fogn_range best_r = FOGN_RANGE_NONE;
    double bd = INFINITY;
    for (int e = 0; e < s->nunits; e++) {
        if (s->units[e].side == s->units[f].side || !fogn_unit_alive(&st->u[e])) continue;
        fogn_range r = can_shoot(s, st, f, &fb[0], e, cm);
        if (r == FOGN_RANGE_NONE || r == FOGN_RANGE_LONG) continue;
        fogn_shot sh;
        if (shot_dice(s, st, v, f, e, r, -1, &sh) <= 0) continue;
        gr_rect ef;
        fire_from(s, st, e, &ef, cm);
        fogn_range back = can_fire(s, st, e, cm) ? can_shoot(s, st, e, &ef, f, cm) : FOGN_RANGE_NONE;
        fogn_shot probe;
        if (back != FOGN_RANGE_NONE && shot_dice(s, st, &probe_v, e, f, back, -1, &probe) > 0) {
            if (v->n < FOGN_VOLLEY_MAX) v->shot[v->n++] = sh;
            any = 1;
            continue;
        }
        fogn_fire_ctx c0;
        memset(&c0, 0, sizeof c0);
        c0.range = (uint8_t)r;
        if (fogn_fire_own_dice(&s->units[f], (fogn_formation)st->u[f].formation, &c0) <= 0) continue;
        gr_rect er = fogn_unit_rect(&s->units[e], &st->u[e]);
        double d = gr_rect_dist(&fb[0], &er);
        if (d < bd - 1e-9) { bd = d; best = e; best_r = r; }
    }
    fogn_shot sh;
    if (!any && best >= 0 && v->n < FOGN_VOLLEY_MAX && shot_dice(s, st, v, f, best, best_r, -1, &sh) > 0)
        v->shot[v->n++] = sh;
    guns_at_one_target(s, st, v, f, n0);
}

/* §15.5: guns in a field work split among the k most central targets of their band */
static void fire_split(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, int f, const fire_view *w, int k)
{
    for (int i = 0; i < k && i < w->n && v->n < FOGN_VOLLEY_MAX; i++) {
        fogn_shot sh;
        if (shot_dice(s, st, v, f, w->t[i], (fogn_range)w->band, -1, &sh) <= 0) continue;
        int pool[FOGN_FG_COUNT];
        memcpy(pool, sh.n, sizeof pool);
        int D = fogn_cohesion_reduce(pool, sh.score, sh.reroll, FOGN_FG_COUNT, sh.level);
        int want = fogn_fort_split_dice(D, k);
        static const int order[FOGN_FG_COUNT] = {FOGN_FG_SPECIAL, FOGN_FG_ATT, FOGN_FG_OWN};
        for (int g = 0; g < FOGN_FG_COUNT; g++) sh.n[g] = 0;
        for (int o = 0; o < FOGN_FG_COUNT && want > 0; o++) {
            int g = order[o], take = pool[g] < want ? pool[g] : want;
            sh.n[g] = take;
            want -= take;
        }
        sh.level = 0; /* the cut is made already */
        v->shot[v->n++] = sh;
    }
}

/* adds firer f's fire to the volley, by its choice */
static void fire_unit(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, int f, contact_memo *cm)
{
    const fogn_unit *u = &st->u[f];
    if (fogn_bld_all_round(s, st, f)) {
        fire_defenders(s, st, v, f, cm);
        return;
    }
    fire_view whole;
    gr_rect whole_from;
    int part = unit_view_at(s, st, f, &whole, &whole_from, cm);
    if (whole.band == FOGN_RANGE_NONE) return;
    if (u->fire_opt > FOGN_FIRE_OPT_SPLIT_BASE) {
        fire_split(s, st, v, f, &whole, u->fire_opt - FOGN_FIRE_OPT_SPLIT_BASE);
        return;
    }
    if (u->fire_opt == FOGN_FIRE_OPT_HOLD && whole.band != FOGN_RANGE_CLOSE) return;
    gr_rect parts[2] = {whole_from};
    int np = 1, part_half = -1;
    if (part < 0) np = firing_parts(s, st, f, (fogn_range)whole.band, parts);
    else if (part >= 2 && whole.band == FOGN_RANGE_CLOSE) part_half = part - 2; /* a line's free half */
    for (int h = 0; h < np; h++) {
        fire_view pv;
        /* the same footprint as the whole view's: the same view */
        if (np == 1 && !memcmp(&parts[0], &whole_from, sizeof whole_from)) pv = whole;
        else view_from(s, st, f, &parts[h], &pv, cm);
        if (pv.band != whole.band) continue; /* a half with nothing at close range holds */
        int tlist[VIEW_MAX], k = 0;
        for (int i = 0; i < pv.n; i++) {
            const fogn_unit *tu = &st->u[pv.t[i]];
            if (u->fire_opt == FOGN_FIRE_OPT_NO_SKIRM && (tu->formation == FOGN_F_SKIRMISH || tu->formation == FOGN_F_SKIRMISH_LINE))
                continue;
            tlist[k++] = pv.t[i];
        }
        if (!k) continue;
        int focus = 0;
        for (int i = 0; i < k; i++)
            if (tlist[i] == u->target) focus = i;
        int half = np == 2 ? h : part_half;
        int small = -1;
        if (FOGN_FIRE_SPLIT_SMALL_ALL_TARGETS && k > 1) {
            small = 1;
            for (int i = 0; i < k; i++) small &= fogn_fires_as_small(s, st, f, tlist[i]);
        }
        fogn_shot base;
        if (shot_dice_as(s, st, v, f, tlist[focus], (fogn_range)pv.band, half, small, &base) <= 0) continue;
        int pool[FOGN_FG_COUNT];
        memcpy(pool, base.n, sizeof pool);
        fogn_cohesion_reduce(pool, base.score, base.reroll, FOGN_FG_COUNT, base.level);
        int D = 0;
        for (int g = 0; g < FOGN_FG_COUNT; g++) D += pool[g];
        int count[VIEW_MAX];
        share_dice(D, k, focus, count);
        /* the focus target takes the guns' dice first (special, then medium), then the unit's own */
        static const int order[FOGN_FG_COUNT] = {FOGN_FG_SPECIAL, FOGN_FG_ATT, FOGN_FG_OWN};
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < k; i++) {
                if ((pass == 0) != (i == focus) || count[i] <= 0 || v->n >= FOGN_VOLLEY_MAX) continue;
                fogn_shot sh;
                if (i == focus) sh = base;
                else if (shot_dice(s, st, v, f, tlist[i], (fogn_range)pv.band, half, &sh) < 0) continue;
                int want = count[i];
                for (int g = 0; g < FOGN_FG_COUNT; g++) sh.n[g] = 0;
                for (int o = 0; o < FOGN_FG_COUNT && want > 0; o++) {
                    int g = order[o];
                    int take = pool[g] < want ? pool[g] : want;
                    sh.n[g] = take;
                    pool[g] -= take;
                    want -= take;
                }
                sh.level = 0; /* the cut is made already */
                v->shot[v->n++] = sh;
            }
    }
}

/* --- the steps of the Firing Phase (§4 step 3) ---------------------------------------------------------- */

int fogn_fi_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    (void)dice;
    gr_log_add(log, GR_EV_PHASE, st->active, "firing phase");
    fogn_fi_forget_views(s, st);
    for (int i = 0; i < s->nunits; i++) {
        st->u[i].target = -1;
        st->u[i].fire_opt = 0;
        st->u[i].flags &= ~(uint32_t)(FOGN_UF_FIRED | FOGN_UF_FIRE_LOSS);
    }
    return FOGN_ST_FI_ALLOC_A;
}

/* the side firing in the current step */
static int firing_side(const fogn_state *st) { return st->turn.step == FOGN_ST_FI_ALLOC_A ? st->active : st->active ^ 1; }

int fogn_fi_decider(const fogn_scenario *s, const fogn_state *st)
{
    (void)s;
    return firing_side(st);
}

/* a unit of the side firing in this step that has not chosen yet */
static int fi_firer(const fogn_scenario *s, const fogn_state *st, int f)
{
    return f >= 0 && f < s->nunits && s->units[f].side == firing_side(st) && !(st->u[f].flags & FOGN_UF_FIRED);
}

/* works out the whole view of firer f into u's memo fields; false (nothing
 * kept) for a unit that cannot fire or does not choose (a building's
 * defenders fire by other rules, fire_defenders) */
static bool view_work_out(const fogn_scenario *s, const fogn_state *st, int f, fogn_unit *u)
{
    contact_memo cm;
    memo_clear(&cm);
    if (!can_fire(s, st, f, &cm) || fogn_bld_all_round(s, st, f)) return false;
    gr_rect from;
    fire_view v;
    fire_from(s, st, f, &from, &cm);
    view_from(s, st, f, &from, &v, &cm);
    view_keep(u, &v);
    return true;
}

void fogn_fi_prepare_memo(const fogn_scenario *s, fogn_state *st, int f, fogn_memo *memo)
{
    if (!fi_firer(s, st, f) || st->u[f].fview_band) return;
    fogn_memo_view(s, st, f, &st->u[f], memo, view_work_out);
}

void fogn_fi_prepare(const fogn_scenario *s, fogn_state *st, int f) { fogn_fi_prepare_memo(s, st, f, NULL); }

void fogn_fi_forget_views(const fogn_scenario *s, fogn_state *st)
{
    for (int i = 0; i < s->nunits; i++) {
        st->u[i].fview_band = 0;
        st->u[i].fview = 0;
    }
}

int fogn_fi_check_views(const fogn_scenario *s, const fogn_state *st, gr_error *err)
{
    for (int f = 0; f < s->nunits; f++) {
        const fogn_unit *u = &st->u[f];
        if (!u->fview_band && !u->fview) continue;
        if (st->turn.phase != FOGN_PH_FIRING || u->fview_band > FOGN_RANGE_NONE + 1)
            return gr_error_set(err, "%s: a view kept outside a firing step (band %d)", s->units[f].name, u->fview_band);
        fogn_unit fresh = *u;
        if (!view_work_out(s, st, f, &fresh))
            return gr_error_set(err, "%s: a view kept for a unit that cannot choose its fire", s->units[f].name);
        if (fresh.fview_band != u->fview_band || fresh.fview != u->fview)
            return gr_error_set(err, "%s: kept view band %d targets %#llx, afresh band %d targets %#llx",
                                s->units[f].name, u->fview_band, (unsigned long long)u->fview, fresh.fview_band,
                                (unsigned long long)fresh.fview);
    }
    return 0;
}

int fogn_fi_due(const fogn_scenario *s, const fogn_state *st, int f)
{
    if (!fi_firer(s, st, f)) return 0;
    contact_memo cm;
    memo_clear(&cm);
    /* a kept view was kept only for a unit that can fire */
    if (!st->u[f].fview_band && !can_fire(s, st, f, &cm)) return 0;
    return fire_choice_due(s, st, f, &cm); /* one choice only: no decision */
}

int fogn_fi_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    int n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    return n + fire_menu(s, st, st->turn.cursor, out + n, max - n);
}

int fogn_fi_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                  gr_error *err)
{
    (void)dice;
    (void)log;
    int f = st->turn.cursor;
    gr_action menu[GR_MAX_ACTIONS];
    int n = fire_menu(s, st, f, menu, GR_MAX_ACTIONS), ok = 0;
    for (int k = 0; k < n; k++)
        ok |= menu[k].type == a->type && menu[k].target == a->target && menu[k].arg == a->arg;
    if (!ok) return gr_error_set(err, "%s cannot fire that way: targets must be in its closest band, straight ahead (§7.3, §7.6)",
                                 s->units[f].name);
    fogn_unit *u = &st->u[f];
    if (a->type == FOGN_A_HOLD) u->fire_opt = FOGN_FIRE_OPT_HOLD;
    else {
        u->target = (int8_t)a->target;
        u->fire_opt = a->arg >= 2 ? (uint8_t)(FOGN_FIRE_OPT_SPLIT_BASE + a->arg) : a->arg ? FOGN_FIRE_OPT_NO_SKIRM : 0;
    }
    u->flags |= FOGN_UF_FIRED;
    st->turn.cursor++;
    return 0;
}

/* the side firing in a resolve step */
static int resolve_side(const fogn_state *st) { return st->turn.step == FOGN_ST_FI_RESOLVE_A ? st->active : st->active ^ 1; }

/* every shot of the side firing in this resolve step, supports added; no die yet */
static void build_volley(const fogn_scenario *s, const fogn_state *st, fogn_volley *v)
{
    int side = resolve_side(st);
    /* the state stands still while the firers choose their targets: one memo for all */
    contact_memo cm;
    memo_clear(&cm);
    for (int f = 0; f < s->nunits; f++)
        if (s->units[f].side == side && can_fire(s, st, f, &cm)) fire_unit(s, st, v, f, &cm);
    fogn_volley_support(s, st, v);
}

int fogn_fi_resolve(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo)
{
    fogn_volley v;
    fogn_volley_init(&v, resolve_side(st), 0);
    fogn_memo_volley(s, st, &v, memo, build_volley);
    fogn_fire_report rep[FOGN_MAX_UNITS];
    /* the results change the position: the views kept for this step go */
    fogn_fi_forget_views(s, st);
    if (v.n && fogn_volley_resolve(s, st, &v, rep, dice, log) < 0) return -1;
    for (int i = 0; i < s->nunits; i++) {
        st->u[i].flags &= ~(uint32_t)FOGN_UF_FIRED;
        st->u[i].target = -1;
        st->u[i].fire_opt = 0;
    }
    return st->turn.step + 1;
}
