/* combat.c - the Combat Phase (§9): every melee rolls at once (dice, factors,
 * points of advantage, re-rolls), hits become cohesion losses, commanders
 * with badly hit units risk their lives (§10), then the resolution order
 * retires Broken, Wavering and Disordered units in turn (the inactive side
 * first at each level) with pursuits after the first two, cavalry that took
 * hits becomes Spent, Steady cavalry passes through infantry, units left in
 * contact square up, and fresh contacts made early in a pursuit fight a
 * second round. */
#include "steps.h"
#include "building.h"
#include "contact.h"
#include "obstacle.h"
#include "outcome.h"
#include "view.h"
#include "tables.h"
#include "casualty.h"
#include "cmt.h"
#include "cohesion.h"
#include "orders.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* --- rulings of this file (listed in docs/rulings.md) ------------------------------------------------ */
/* §9.3 / §9.8 Ruling: a flank supporter's dice take its own élan re-rolls,
 * one level better when a commander leads the supporter (1); 0: élan only */
/* §9.3, §9.6 Ruling: a flank supporter's dice go at the first foe (nearest the
 * centre of the supported unit's front first) inside the supporter's support
 * area (1); 0: always at the central foe */

/* --- what the ground and the neighbours say (sight.h) ----------------------------------------------- */

/* the melee situation of unit i against its front opponents (§9.2, §9.3) */
static void melee_of(const fogn_scenario *s, const fogn_state *st, int i, const int *foes, int nfoes, fogn_melee *m)
{
    memset(m, 0, sizeof *m);
    fogn_ground g;
    fogn_unit_ground(s, st, i, &g);
    m->rough = g.any_rough_or_difficult;
    int obstacle = 0;
    for (int k = 0; k < nfoes; k++) {
        int f = foes[k];
        /* §15.5: a field work's open rear is no obstacle */
        if (fogn_contact_across_obstacle(s, st, i, f) && !fogn_bld_from_rear(s, st, i, f) && !fogn_bld_from_rear(s, st, f, i))
            obstacle = 1;
        fogn_arm arm = fogn_troop_arm((fogn_troop)s->units[f].troop);
        const fogn_unit *fu = &st->u[f];
        if (arm == FOGN_ARM_INF) {
            if (fu->formation == FOGN_F_SQUARE) m->vs_square = 1;
            else m->vs_inf = 1;
        } else if (arm == FOGN_ARM_CAV) {
            m->vs_cav = 1;
            if (s->units[f].troop == FOGN_CAV_LIGHT || s->units[f].troop == FOGN_CAV_IRR_LIGHT) m->vs_light_cav = 1;
        } else {
            m->vs_art = 1;
        }
        if (fogn_rear_supported(s, st, f)) m->foe_rear_support++;
    }
    m->obstacle = (uint8_t)obstacle;
    int up = nfoes > 0 ? 2 : 0;
    for (int k = 0; k < nfoes; k++) {
        int u = fogn_uphill_of(s, st, i, foes[k]); /* 0 no, 1 partly, 2 wholly */
        if (u < up) up = u;
    }
    m->uphill = (uint8_t)up;
    m->flank_support = (uint8_t)(obstacle ? 0 : fogn_flank_supporters(s, st, i, NULL, 2));
    m->rear_support = (uint8_t)fogn_rear_supported(s, st, i);
    /* §15.4, §15.5: across a defended area's perimeter: 4 dice each, and only
     * the defenders' own rear support counts (+1 to them, -1 to each attacker) */
    int defender = 0, attacker = 0, foe_support = 0;
    for (int k = 0; k < nfoes; k++) {
        if (fogn_bld_front_fight(s, st, i, foes[k])) defender = 1;
        if (fogn_bld_front_fight(s, st, foes[k], i)) {
            attacker = 1;
            foe_support += fogn_bld_rear_supported(s, st, foes[k]);
        }
    }
    if (defender || attacker) {
        m->building = 1;
        m->obstacle = 1;
        m->flank_support = 0;
        m->rear_support = (uint8_t)(defender && fogn_bld_rear_supported(s, st, i));
        m->foe_rear_support = (uint8_t)(attacker ? foe_support : 0);
    }
}

/* §15.5: a field work's defenders fighting across its front or sides count as uphill */
static int fort_uphill_dice(const fogn_scenario *s, const fogn_state *st, int i, const int *foes, int nfoes)
{
    if (!fogn_bld_in_fort(s, st, i)) return 0;
    for (int k = 0; k < nfoes; k++)
        if (fogn_bld_front_fight(s, st, i, foes[k])) return FOGN_UPHILL_DICE;
    return 0;
}

/* --- 5.1-5.2 a round of melee ----------------------------------------------------------------------------- */

/* §9.12: who holds an obstacle is judged as the melee begins, with its
 * attackers still across it; once they are driven off, the attackers left at
 * the obstacle's front would seem to hold it and never pursue */
static void mark_obstacle_holders(const fogn_scenario *s, fogn_state *st)
{
    for (int i = 0; i < s->nunits; i++) {
        st->u[i].flags &= ~(uint32_t)FOGN_UF_HELD_OBS;
        if (fogn_unit_alive(&st->u[i]) && fogn_obs_holds(s, st, i)) st->u[i].flags |= FOGN_UF_HELD_OBS;
    }
}

int fogn_co_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    (void)dice;
    st->round = 1;
    st->stage = 0;
    for (int i = 0; i < s->nunits; i++) {
        st->u[i].flags &= ~(uint32_t)(FOGN_UF_ROUND2 | FOGN_UF_FOUGHT | FOGN_UF_PURSUER | FOGN_UF_PURSUE_WANT |
                                      FOGN_UF_PURSUE_ASKED | FOGN_UF_TOOK_CMT | FOGN_UF_PURSUE_CAP | FOGN_UF_HELD_OBS);
        st->u[i].pursue_cap = 0;
        st->u[i].hits = 0;
    }
    fogn_contact c[1];
    if (fogn_contacts(s, st, c, 1) == 0) return FOGN_ST_RE_VICTORY; /* no melee this move */
    mark_obstacle_holders(s, st);
    gr_log_add(log, GR_EV_PHASE, st->active, "combat phase");
    return FOGN_ST_CO_ROUND;
}

/* does unit i fight in this round? Round 2 is only for fresh pursuit contacts (§9.12) */
static int fights(const fogn_state *st, int i, int foe)
{
    const fogn_unit *u = &st->u[i];
    if (!fogn_unit_alive(u) || u->cohesion == FOGN_BROKEN || (u->flags & FOGN_UF_ABANDONED)) return 0;
    if (st->round == 2) return (u->flags & FOGN_UF_ROUND2) && (st->u[foe].flags & FOGN_UF_ROUND2);
    return 1;
}

/* the fighting picture of unit i against one foe */
static void fighter_of(const fogn_scenario *s, const fogn_state *st, int i, int foe, fogn_fighter *f)
{
    fogn_fighter_init(f, &s->units[i], &st->u[i]);
    fogn_ground g;
    fogn_unit_ground(s, st, i, &g);
    f->in_cover = g.in_cover;
    f->in_open = !g.any_rough_or_difficult && !g.in_cover;
    f->defends_obstacle = (uint8_t)(fogn_defends_obstacle(s, st, i) || fogn_bld_front_fight(s, st, i, foe));
    /* §15.8: the unit that came up to the obstacle's front is no defender against the foe across it */
    if (FOGN_OBS_ATTACKER_NOT_DEFENDER && fogn_obs_attacker_across(s, st, i, foe)) f->defends_obstacle = 0;
    /* §15.4: troops in buildings have no flank or rear; §15.5: a field work's rear is open */
    f->flank_attack = st->u[foe].flanked_by == i && !fogn_bld_in_building(s, st, foe);
    if (fogn_bld_from_rear(s, st, i, foe)) f->flank_attack = 1;
    if (fogn_bld_from_rear(s, st, foe, i)) {
        f->defends_obstacle = 0; /* defenders struck from the rear fight in the open */
        f->in_cover = 0;
        f->in_open = 1;
    }
}

/* the effective cohesion a unit fights at (§9.5) */
static int fighting_level(const fogn_scenario *s, const fogn_state *st, int i, const int *foes, int nfoes)
{
    const fogn_unit *u = &st->u[i];
    int lvl = u->cohesion;
    if (u->cohesion == FOGN_STEADY && (u->flags & FOGN_UF_SPENT)) lvl++;
    fogn_ground g;
    fogn_unit_ground(s, st, i, &g);
    if (!fogn_bld_all_round(s, st, i)) lvl += g.fight_penalty; /* §15.1: a building's defenders fight as in the open */
    lvl += fogn_obs_water_levels(s, st, i, foes, nfoes); /* §15.6, §15.7: attacking across water */
    /* §23.2 #23: in rain or snow infantry and artillery fight cavalry a level lower */
    fogn_arm arm = fogn_troop_arm((fogn_troop)s->units[i].troop);
    if (s->weather == FOGN_WEATHER_RAIN && arm != FOGN_ARM_CAV)
        for (int k = 0; k < nfoes; k++)
            if (fogn_troop_arm((fogn_troop)s->units[foes[k]].troop) == FOGN_ARM_CAV) {
                lvl++;
                break;
            }
    return lvl;
}

/* §9.6: n dice among the foes in front, the one nearest the centre of the
 * front edge getting at least as many as any other (ruling: shared as evenly
 * as the minimums allow, the odd dice to the central one) */
static void split_dice(int n, int k, int *count)
{
    memset(count, 0, sizeof *count * (size_t)k);
    if (k <= 0 || n <= 0) return;
    if (n < k) {
        for (int i = 0; i < n; i++) count[i] = 1;
        return;
    }
    for (int i = 0; i < k; i++) count[i] = n / k;
    count[0] += n % k;
}

/* §9.3: each flank supporter's dice are rolled on their own with the
 * SUPPORTER's élan re-rolls (raised a level when a commander leads the
 * supporter, §9.8), at the supported unit's to-hit score against the first
 * of its foes (nearest the centre first) lying in the supporter's support
 * area (FOGN_CO_SUPPORT_FOE_IN_AREA) */
static int roll_flank_support(const fogn_scenario *s, const fogn_state *st, int i, const int *foes, int k,
                              const int *score, int *hits, gr_dice *dice, gr_log *log)
{
    int sup[2];
    int nsup = fogn_flank_supporters(s, st, i, sup, 2);
    for (int n = 0; n < nsup; n++) {
        const fogn_unit_profile *q = &s->units[sup[n]];
        int at = 0;
        for (int f = 0; f < k; f++)
            if (!FOGN_CO_SUPPORT_FOE_IN_AREA || fogn_in_support_area(s, st, sup[n], foes[f])) {
                at = f;
                break;
            }
        int reroll = fogn_combat_reroll(fogn_elan_level(q), FOGN_CO_SUPPORT_LEADER_COUNTS &&
                                                                fogn_leader_of(s, st, sup[n]) >= 0);
        char what[160];
        snprintf(what, sizeof what, "flank support by %s against %s", q->name, s->units[foes[at]].name);
        int h = fogn_roll_hits(s->units[i].side, s->units[i].name, FOGN_FLANK_SUPPORT_DICE, score[at], reroll, dice, log,
                               what);
        if (h < 0) return -1;
        hits[foes[at]] += h;
    }
    return 0;
}

/* §10.2: the commander's unit "retires" from this combat (his 5+ row) when
 * the resolution order will still find it in contact at its own step: it is
 * not Steady, not pinned (§9.11), and some enemy touching it does not go
 * first, i.e. is at a better level, or at the same level while the unit
 * itself is of the inactive side (which resolves first, §9.10). Being Not
 * Steady alone is not enough: a Disordered unit whose Broken, Wavering or
 * inactive Disordered enemy retires first stays where it is. */
static int will_retire(const fogn_scenario *s, const fogn_state *st, int i)
{
    int li = st->u[i].cohesion;
    if (li == FOGN_STEADY || fogn_retire_pinned(s, st, i)) return 0;
    int foes[FOGN_MAX_UNITS];
    int nf = fogn_touching_enemies(s, st, i, foes, FOGN_MAX_UNITS);
    int inactive = s->units[i].side != st->active;
    for (int k = 0; k < nf; k++) {
        const fogn_unit *e = &st->u[foes[k]];
        if (!fogn_unit_alive(e)) continue;
        /* abandoned guns never leave (the resolution skips them) */
        int first = !(e->flags & FOGN_UF_ABANDONED) && (e->cohesion > li || (e->cohesion == li && !inactive));
        if (!first) return 1;
    }
    return 0;
}

int fogn_co_round(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    if (st->round == 2) gr_log_add(log, GR_EV_PHASE, st->active, "second round of combat");
    int hits[FOGN_MAX_UNITS] = {0};
    int any = 0;
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *p = &s->units[i];
        const fogn_unit *u = &st->u[i];
        int front[FOGN_MAX_UNITS];
        int nf = fogn_front_enemies(s, st, i, front, FOGN_MAX_UNITS);
        int foes[FOGN_MAX_UNITS], k = 0;
        for (int q = 0; q < nf; q++)
            if (fights(st, i, front[q]) && fogn_unit_alive(&st->u[front[q]])) foes[k++] = front[q];
        if (!k || !fights(st, i, foes[0])) continue;
        /* the foe nearest the centre of its front edge first (§9.6) */
        gr_rect mine = fogn_unit_rect(p, u);
        for (int a = 1; a < k; a++)
            for (int b = a; b > 0; b--) {
                gr_rect ra = fogn_unit_rect(&s->units[foes[b]], &st->u[foes[b]]);
                gr_rect rb = fogn_unit_rect(&s->units[foes[b - 1]], &st->u[foes[b - 1]]);
                if (gr_rect_point_dist(&ra, mine.fc) < gr_rect_point_dist(&rb, mine.fc)) {
                    int t = foes[b]; foes[b] = foes[b - 1]; foes[b - 1] = t;
                }
            }
        fogn_melee m;
        melee_of(s, st, i, foes, k, &m);
        fogn_combat_dice cd;
        fogn_combat_dice_of(p, (fogn_formation)u->formation, (fogn_cohesion)u->cohesion, u->att_lost & 3u, &m, &cd);
        cd.own += fort_uphill_dice(s, st, i, foes, k);
        int own = fogn_cohesion_dice(cd.own, fighting_level(s, st, i, foes, k));
        int flank = cd.flank; /* the supporters' dice, their own re-rolls */
        int led = fogn_leader_of(s, st, i) >= 0;
        int reroll = fogn_combat_reroll(fogn_elan_level(p), led);
        int count[FOGN_MAX_UNITS], score[FOGN_MAX_UNITS];
        split_dice(own, k, count);
        /* §15.4: defenders roll their dice against each attacker across the perimeter */
        for (int q = 0; q < k; q++)
            if (fogn_bld_front_fight(s, st, i, foes[q])) count[q] = own;
        for (int q = 0; q < k; q++) {
            int j = foes[q];
            fogn_fighter me, them;
            fighter_of(s, st, i, j, &me);
            fighter_of(s, st, j, i, &them);
            int rear = fogn_bld_from_rear(s, st, i, j) || fogn_bld_from_rear(s, st, j, i);
            int across = (fogn_contact_across_obstacle(s, st, i, j) && !rear) || fogn_bld_front_fight(s, st, i, j) ||
                         fogn_bld_front_fight(s, st, j, i);
            score[q] = fogn_combat_score(fogn_combat_poa(&me, &them, across));
            char what[160];
            snprintf(what, sizeof what, "melee against %s", s->units[j].name);
            if (count[q] > 0) {
                int h = fogn_roll_hits(p->side, p->name, count[q], score[q], reroll, dice, log, what);
                if (h < 0) return -1;
                hits[j] += h;
            }
        }
        if (flank > 0 && roll_flank_support(s, st, i, foes, k, score, hits, dice, log) < 0) return -1;
        st->u[i].flags |= FOGN_UF_FOUGHT;
        any = 1;
    }
    if (!any) return FOGN_ST_CO_END;
    /* 5.1: hits into losses, both sides at once (§9.9) */
    for (int i = 0; i < s->nunits; i++) {
        if (!(st->u[i].flags & FOGN_UF_FOUGHT) && !hits[i]) continue;
        st->u[i].hits = (uint8_t)(hits[i] > 255 ? 255 : hits[i]);
        if (!hits[i]) continue;
        const fogn_unit_profile *p = &s->units[i];
        int losses = fogn_combat_losses(hits[i], p->size == FOGN_LARGE, (p->caps & FOGN_CAP_GUARD) != 0);
        gr_log_add(log, GR_EV_NOTE, p->side, "%s takes %d hit%s in the melee", p->name, hits[i], hits[i] == 1 ? "" : "s");
        if (losses) fogn_lose(s, st, i, losses, log, "melee");
    }
    /* 5.2: commanders with units hit three times or more (§10.1) */
    for (int i = 0; i < s->nunits; i++) {
        if (hits[i] < FOGN_CASUALTY_HITS || !fogn_unit_alive(&st->u[i])) continue;
        if (fogn_casualty_rolls(s, st, i, fogn_cas_score_for(0, 0, will_retire(s, st, i)), dice, log) < 0) return -1;
    }
    st->stage = 0;
    return FOGN_ST_CO_STAGE;
}

/* --- 5.3 the resolution order (§9.10) and pursuits (§9.12) ------------------------------------------- */

/* did unit i take part in this round's melees (it fought, or was hit)? A
 * unit a pursuit has just run into has not: its combat is the second round
 * or the next move (§9.12), so this round's resolution leaves it alone */
static int engaged(const fogn_state *st, int i)
{
    return (st->u[i].flags & FOGN_UF_FOUGHT) || st->u[i].hits > 0;
}

/* the enemies touching unit i that took part in this round, as i did; 0 when i did not */
static int engaged_foes(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max)
{
    if (!engaged(st, i)) return 0;
    int all[FOGN_MAX_UNITS];
    int n = fogn_touching_enemies(s, st, i, all, FOGN_MAX_UNITS), k = 0;
    for (int q = 0; q < n && k < max; q++)
        if (engaged(st, all[q])) out[k++] = all[q];
    return k;
}

static int stage_side(const fogn_state *st) { return (st->stage % 2 == 0) ? st->active ^ 1 : st->active; }
static int stage_level(const fogn_state *st)
{
    return st->stage < 2 ? FOGN_BROKEN : st->stage < 4 ? FOGN_WAVERING : FOGN_DISORDERED;
}

static fogn_ovs contact_kind(const fogn_scenario *s, const int *foes, int n)
{
    int inf = 0, art = 0;
    for (int k = 0; k < n; k++) {
        fogn_arm a = fogn_troop_arm((fogn_troop)s->units[foes[k]].troop);
        if (a == FOGN_ARM_CAV) return FOGN_OVS_CAVALRY;
        inf |= a == FOGN_ARM_INF;
        art |= a == FOGN_ARM_ART;
    }
    return inf ? FOGN_OVS_INFANTRY : art ? FOGN_OVS_ARTILLERY : FOGN_OVS_NONE;
}

/* a unit that must leave a melee (§9.11) */
static int outcome_move(const fogn_scenario *s, fogn_state *st, int i, const int *foes, int nfoes, gr_dice *dice,
                        gr_log *log)
{
    const fogn_unit_profile *p = &s->units[i];
    fogn_unit *u = &st->u[i];
    if (fogn_bld_defends(s, st, i)) return 0; /* §15.4, §15.8: defenders leave only when Broken */
    if (fogn_retire_pinned(s, st, i)) {
        /* §9.11: caught front and rear, or on both flanks: no move, a further level */
        gr_log_add(log, GR_EV_NOTE, p->side, "%s is pinned and cannot retire", p->name);
        if (u->cohesion == FOGN_BROKEN) fogn_destroy(s, st, i, log, "pinned while Broken");
        else {
            fogn_lose(s, st, i, 1, log, "pinned");
            if (u->cohesion == FOGN_BROKEN) fogn_destroy(s, st, i, log, "pinned while Broken");
        }
        return 0;
    }
    fogn_ocol col = u->cohesion == FOGN_BROKEN ? FOGN_OCOL_BROKEN
                    : u->cohesion == FOGN_WAVERING ? FOGN_OCOL_WAVERING : FOGN_OCOL_DISORDERED;
    fogn_ground g;
    fogn_unit_ground(s, st, i, &g);
    fogn_outcome oc = fogn_outcome_of(p, (fogn_formation)u->formation, contact_kind(s, foes, nfoes),
                                      fogn_obs_holds(s, st, i), !g.any_rough_or_difficult, col);
    switch ((fogn_omove)oc.kind) {
    case FOGN_OMOVE_HALT: return 0;
    case FOGN_OMOVE_DESTROYED:
        if (fogn_casualty_rolls(s, st, i, fogn_cas_score_for(0, 0, 1), dice, log) < 0) return -1;
        fogn_destroy(s, st, i, log, "cut down in the melee");
        return 0;
    case FOGN_OMOVE_ABANDONED:
        u->flags |= FOGN_UF_ABANDONED;
        u->gun_losses = (uint8_t)(u->cohesion + FOGN_ABANDON_COMBAT_LOSS);
        gr_log_add(log, GR_EV_MOVE, p->side, "%s abandons its guns", p->name);
        if (u->gun_losses > FOGN_GUN_LOSSES_MAX) fogn_destroy(s, st, i, log, "its guns were lost");
        return 0;
    default: break;
    }
    int d = fogn_roll_distance(p->side, p->name, oc.bonus, 0, FOGN_RETIRE_MIN, dice, log, "retire from the melee");
    if (d < 0) return -1;
    fogn_retire_opts o;
    memset(&o, 0, sizeof o);
    o.dist = d;
    o.dir = fogn_retire_dir(s, st, i, foes, nfoes);
    if (o.dir.x == 0 && o.dir.y == 0) o.dir = gr_v2_scale(gr_v2_dir(u->heading), -1);
    o.end_formation = -1;
    fogn_retire_logged(s, st, i, &o, log, "retires from the melee");
    return 0;
}

/* unbroken enemy cavalry within 6 MU (infantry may then decline to pursue, §9.10) */
static int enemy_cavalry_near(const fogn_scenario *s, const fogn_state *st, int i)
{
    for (int j = 0; j < s->nunits; j++) {
        if (s->units[j].side == s->units[i].side || !fogn_unit_alive(&st->u[j]) || st->u[j].cohesion == FOGN_BROKEN) continue;
        if (fogn_troop_arm((fogn_troop)s->units[j].troop) != FOGN_ARM_CAV) continue;
        gr_rect a = fogn_unit_rect(&s->units[i], &st->u[i]), b = fogn_unit_rect(&s->units[j], &st->u[j]);
        if (gr_rect_dist(&a, &b) <= FOGN_PURSUIT_CAV_NEAR + GR_EPS) return 1;
    }
    return 0;
}

static fogn_pursue pursuit_mode(const fogn_scenario *s, const fogn_state *st, int i)
{
    const fogn_unit *u = &st->u[i];
    return fogn_pursuit_of(fogn_troop_arm((fogn_troop)s->units[i].troop), (fogn_cohesion)u->cohesion,
                           u->formation == FOGN_F_SQUARE, (u->flags & FOGN_UF_HELD_OBS) || fogn_bld_of(s, st, i) >= 0,
                           enemy_cavalry_near(s, st, i));
}

/* §9.12: pursuer e of defenders driven from an obstacle may occupy their old
 * place but not go beyond it: its front edge stops on the line, square to its
 * facing, through the farthest corner of that place (the least such cap when
 * several obstacle defenders got away from it) */
static void cap_pursuit(const fogn_scenario *s, fogn_state *st, int e, const gr_rect *place)
{
    gr_rect r = fogn_unit_rect(&s->units[e], &st->u[e]);
    gr_vec2 f = gr_rect_fwd(&r), c[4];
    gr_rect_corners(place, c);
    double far = 0;
    for (int k = 0; k < 4; k++) {
        double a = gr_v2_dot(gr_v2_sub(c[k], r.fc), f);
        if (a > far) far = a;
    }
    fogn_unit *u = &st->u[e];
    if (!(u->flags & FOGN_UF_PURSUE_CAP) || far < u->pursue_cap) u->pursue_cap = (float)far;
    u->flags |= FOGN_UF_PURSUE_CAP;
}

/* may unit e, which fought a garrison now gone, storm into its area? */
static int may_storm(const fogn_scenario *s, const fogn_state *st, int e)
{
    return fogn_unit_alive(&st->u[e]) && st->u[e].cohesion < FOGN_WAVERING && !fogn_in_enemy_contact(s, st, e);
}

/* §15.4, §9.12: piece `held` is empty now: infantry that fought its garrison
 * may storm in, occupying, instead of pursuing. One unit enters a small
 * built-up area and two a large one: when the piece is part of a large area,
 * a second of the attackers storms into an empty piece of it. */
static void storm_in(const fogn_scenario *s, fogn_state *st, int held, const int *fought, int nfought, gr_log *log)
{
    fogn_bld_sync(s, st);
    int in = 0, into = held;
    for (int q = 0; q < nfought && in < FOGN_BLD_LARGE_AREA_STORMERS && into >= 0; q++) {
        int e = fought[q];
        if (!may_storm(s, st, e) || fogn_bld_storm(s, st, e, into, log)) continue;
        st->u[e].flags &= ~(uint32_t)(FOGN_UF_PURSUER | FOGN_UF_PURSUE_WANT | FOGN_UF_PURSUE_ASKED | FOGN_UF_PURSUE_CAP);
        in++;
        into = fogn_bld_empty_neighbour(s, st, held);
    }
}

int fogn_co_stage(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    int side = stage_side(st), level = stage_level(st);
    if (st->stage == 1) {
        /* §9.10: the active side's Broken units whose enemy retired recover to Wavering */
        for (int i = 0; i < s->nunits; i++) {
            fogn_unit *u = &st->u[i];
            if (s->units[i].side != st->active || !fogn_unit_alive(u) || u->cohesion != FOGN_BROKEN) continue;
            if (!(u->flags & FOGN_UF_FOUGHT) || fogn_in_enemy_contact(s, st, i)) continue;
            u->cohesion = FOGN_WAVERING;
            gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s, freed of its enemy, recovers to Wavering", s->units[i].name);
        }
    }
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (s->units[i].side != side || !fogn_unit_alive(u) || u->cohesion != level) continue;
        if (u->flags & FOGN_UF_ABANDONED) continue;
        /* only units still in contact with an enemy of this round's melee
         * retire (§9.10); contacts a pursuit has just made are fought in the
         * second round or next move (§9.12) */
        int fought[FOGN_MAX_UNITS];
        int nfought = engaged_foes(s, st, i, fought, FOGN_MAX_UNITS);
        if (!nfought) continue;
        int foes[FOGN_MAX_UNITS];
        int nf = fogn_touching_enemies(s, st, i, foes, FOGN_MAX_UNITS);
        int held = fogn_bld_defends(s, st, i) || u->cohesion == FOGN_BROKEN ? fogn_bld_of(s, st, i) : -1;
        /* §9.12: driven from an obstacle, its old place is as far as the enemies it fought across it pursue */
        uint64_t across = 0;
        if (fogn_defends_obstacle(s, st, i))
            for (int q = 0; q < nfought; q++) {
                fogn_contact c;
                if (fogn_unit_contact(s, st, i, fought[q], &c) && c.across) across |= 1ull << fought[q];
            }
        gr_rect place = fogn_unit_rect(&s->units[i], u);
        if (outcome_move(s, st, i, foes, nf, dice, log) < 0) return -1;
        if (held >= 0 && FOGN_R_BLD_STORM_INSTEAD_OF_PURSUIT) storm_in(s, st, held, fought, nfought, log);
        /* the enemies that fought it may pursue, after Broken and Wavering retires */
        if (level == FOGN_DISORDERED) continue;
        for (int k = 0; k < nfought; k++) {
            int e = fought[k];
            fogn_unit *eu = &st->u[e];
            if (!fogn_unit_alive(eu) || eu->cohesion >= FOGN_WAVERING) continue;
            fogn_contact still;
            if (fogn_unit_alive(u) && fogn_unit_contact(s, st, e, i, &still)) continue; /* it did not get away */
            if (fogn_in_enemy_contact(s, st, e)) continue; /* still held by another */
            fogn_pursue mode = pursuit_mode(s, st, e);
            if (mode == FOGN_PURSUE_NEVER) continue;
            eu->flags |= FOGN_UF_PURSUER;
            if (mode == FOGN_PURSUE_MUST) eu->flags |= FOGN_UF_PURSUE_WANT | FOGN_UF_PURSUE_ASKED;
            if (across & (1ull << e)) cap_pursuit(s, st, e, &place);
        }
    }
    return FOGN_ST_CO_PURSUE;
}

int fogn_co_pursue_decider(const fogn_scenario *s, const fogn_state *st)
{
    (void)s;
    return stage_side(st) ^ 1;
}

int fogn_co_pursue_due(const fogn_scenario *s, const fogn_state *st, int i)
{
    if (i >= s->nunits) return 0;
    const fogn_unit *u = &st->u[i];
    return (u->flags & FOGN_UF_PURSUER) && !(u->flags & FOGN_UF_PURSUE_ASKED) && fogn_unit_alive(u);
}

int fogn_co_pursue_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max)
{
    (void)s;
    int i = st->turn.cursor, n = 0;
    if (n < max) out[n++] = fogn_act(FOGN_A_DONE, -1, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_PURSUE, i, -1, 0);
    if (n < max) out[n++] = fogn_act(FOGN_A_HOLD, i, -1, 0);
    return n;
}

int fogn_co_pursue_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                         gr_error *err)
{
    (void)s;
    (void)dice;
    (void)log;
    int i = st->turn.cursor;
    if (a->type != FOGN_A_PURSUE && a->type != FOGN_A_HOLD) return gr_error_set(err, "pursue or hold");
    st->u[i].flags |= FOGN_UF_PURSUE_ASKED;
    if (a->type == FOGN_A_PURSUE) st->u[i].flags |= FOGN_UF_PURSUE_WANT;
    st->turn.cursor++;
    return 0;
}

/* a CMT to pursue (or not to) when the rules ask for one (§9.12, ruling
 * §23.3 #40: 1 CP; without one the default stands): 1 passed, 0 failed or
 * not taken, -1 dice failure */
static int pursuit_cmt(const fogn_scenario *s, fogn_state *st, int i, const char *what, gr_dice *dice, gr_log *log)
{
    fogn_cmt_cost c;
    if (fogn_cmt_cost_of(s, st, i, &c, NULL)) return 0;
    if (c.cmdr >= 0 && !c.free) st->c[c.cmdr].cp = (uint8_t)(st->c[c.cmdr].cp - c.cp);
    st->u[i].flags |= FOGN_UF_TOOK_CMT;
    return fogn_cmt_roll(s, st, i, c.led, dice, log, what);
}

/* what a pursuit (or a pass-through) does to the enemy it runs into */
static int struck(const fogn_scenario *s, fogn_state *st, int p, const fogn_pursuit *pu, gr_dice *dice, gr_log *log)
{
    int e = pu->enemy;
    if (e < 0 || !fogn_unit_alive(&st->u[e])) return 0;
    fogn_unit *eu = &st->u[e];
    gr_log_add(log, GR_EV_MOVE, s->units[p].side, "%s runs into %s%s", s->units[p].name, s->units[e].name,
               pu->flank_rear ? " in flank or rear" : "");
    if (eu->cohesion == FOGN_BROKEN) {
        if (fogn_casualty_rolls(s, st, e, fogn_cas_score_for(0, 0, 1), dice, log) < 0) return -1;
        fogn_destroy(s, st, e, log, "caught by the pursuit while Broken");
        return 0;
    }
    if (pu->flank_rear) {
        eu->flanked_by = (int8_t)p;
        fogn_lose(s, st, e, 1, log, "struck in flank or rear by a pursuit");
    } else if (eu->cohesion == FOGN_WAVERING) {
        int pass = fogn_cohesion_test(s, st, e, fogn_ct_score(FOGN_CTT_WAVERING_TARGET, 0), dice, log,
                                      "face a pursuing enemy while Wavering");
        if (pass < 0) return -1;
        if (!pass) fogn_lose(s, st, e, 1, log, "Wavering and struck");
    }
    if (eu->cohesion == FOGN_BROKEN) {
        fogn_destroy(s, st, e, log, "broken by the pursuit");
        return 0;
    }
    /* §9.12: a contact in the first half of the pursuit fights a second round */
    if (pu->first_half && st->round == 1) {
        st->u[p].flags |= FOGN_UF_ROUND2;
        eu->flags |= FOGN_UF_ROUND2;
    }
    return 0;
}

/* unit i pursues its rolled distance, or no farther than cap when cap >= 0 */
static int pursue(const fogn_scenario *s, fogn_state *st, int i, double cap, gr_dice *dice, gr_log *log)
{
    const fogn_unit_profile *p = &s->units[i];
    /* Ruling, §8.4: a bent column's pursuit would take its rear round the
     * turn, which the straight pursuit does not trace (as it does not
     * assault or counter-charge): it stands, with no roll */
    if (FOGN_BENT_COLUMN(&st->u[i])) {
        gr_log_add(log, GR_EV_MOVE, p->side, "%s, a March Column bent at a turn, does not pursue (9.12, 8.4)", p->name);
        return 0;
    }
    int d = fogn_roll_distance(p->side, p->name, fogn_pursuit_bonus(fogn_troop_arm((fogn_troop)p->troop)),
                               fogn_pursuit_reroll_face((fogn_elan)p->elan, (p->caps & FOGN_CAP_GUARD) != 0), 0, dice, log,
                               "pursuit");
    if (d < 0) return -1;
    fogn_pursuit pu;
    double go = d;
    bool capped = cap >= 0 && cap < d;
    if (capped) go = cap;
    if (fogn_pursuit_plan(s, st, i, go, NULL, &pu)) return 0;
    if (capped) {
        pu.first_half = pu.moved <= 0.5 * d + 1e-9; /* the half of the distance rolled */
        if (pu.stop == FOGN_PS_COMPLETE)
            gr_log_add(log, GR_EV_MOVE, p->side, "%s goes no farther than the place the obstacle's defenders held (9.12)",
                       p->name);
    }
    fogn_pursuit_commit(s, st, i, &pu);
    st->u[i].flags |= FOGN_UF_NO_MOVE;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s pursues %.1f MU", p->name, pu.moved);
    return struck(s, st, i, &pu, dice, log);
}

int fogn_co_pursuit(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (!(u->flags & FOGN_UF_PURSUER)) continue;
        uint32_t f = u->flags;
        double cap = (f & FOGN_UF_PURSUE_CAP) ? u->pursue_cap : -1;
        u->flags &= ~(uint32_t)(FOGN_UF_PURSUER | FOGN_UF_PURSUE_WANT | FOGN_UF_PURSUE_ASKED | FOGN_UF_PURSUE_CAP);
        u->pursue_cap = 0;
        if (!fogn_unit_alive(u) || fogn_in_enemy_contact(s, st, i)) continue;
        int go;
        switch (pursuit_mode(s, st, i)) {
        case FOGN_PURSUE_MUST: go = 1; break;
        case FOGN_PURSUE_MAY: go = (f & FOGN_UF_PURSUE_WANT) != 0; break;
        case FOGN_PURSUE_UNLESS_CMT:
            go = 1;
            if ((f & FOGN_UF_PURSUE_ASKED) && !(f & FOGN_UF_PURSUE_WANT)) {
                int held = pursuit_cmt(s, st, i, "hold back from pursuit", dice, log);
                if (held < 0) return -1;
                go = !held;
            }
            break;
        case FOGN_PURSUE_ONLY_CMT:
            go = 0;
            if (f & FOGN_UF_PURSUE_WANT) {
                go = pursuit_cmt(s, st, i, "pursue", dice, log);
                if (go < 0) return -1;
            }
            break;
        default: go = 0; break;
        }
        if (go && pursue(s, st, i, cap, dice, log) < 0) return -1;
    }
    st->stage++;
    return st->stage < 6 ? FOGN_ST_CO_STAGE : FOGN_ST_CO_END;
}

/* --- 5.4-5.6 the end of a round ---------------------------------------------------------------------------- */

int fogn_co_end(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log)
{
    /* 5.4 the tests this phase caused, the inactive side first */
    if (fogn_ct_run(s, st, st->active ^ 1, dice, log) < 0) return -1;
    /* 5.5 cavalry that took a hit is Spent (§9.15) */
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (!fogn_unit_alive(u) || !u->hits || fogn_troop_arm((fogn_troop)s->units[i].troop) != FOGN_ARM_CAV) continue;
        if (!(u->flags & FOGN_UF_SPENT)) {
            u->flags |= FOGN_UF_SPENT;
            u->bases_lost = 1;
            gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s is Spent: a base is lost", s->units[i].name);
        }
    }
    /* 5.6 a second round for the fresh contacts of first-half pursuits: the
     * end-of-phase rules (pass-through §9.13, squaring up §9.14) wait for it */
    int again = 0;
    for (int i = 0; i < s->nunits; i++) again |= (st->u[i].flags & FOGN_UF_ROUND2) && fogn_unit_alive(&st->u[i]);
    if (again && st->round == 1) {
        for (int i = 0; i < s->nunits; i++) {
            st->u[i].hits = 0;
            st->u[i].flags &= ~(uint32_t)FOGN_UF_FOUGHT;
        }
        fogn_cmdr_displaced(s, st, log);
        st->round = 2;
        mark_obstacle_holders(s, st);
        return FOGN_ST_CO_ROUND;
    }
    /* §9.13: Steady cavalry still in contact only with infantry passes through
     * (ruling: Disordered cavalry does not try); no room, and it retires. Only
     * after a melee: contact a pursuit made late is fought next move (§9.12) */
    for (int i = 0; i < s->nunits; i++) {
        fogn_unit *u = &st->u[i];
        if (!fogn_unit_alive(u) || u->cohesion != FOGN_STEADY) continue;
        if (fogn_troop_arm((fogn_troop)s->units[i].troop) != FOGN_ARM_CAV) continue;
        int foes[FOGN_MAX_UNITS];
        int nf = fogn_touching_enemies(s, st, i, foes, FOGN_MAX_UNITS);
        int only_inf = nf > 0 && engaged(st, i);
        for (int k = 0; k < nf; k++)
            if (fogn_troop_arm((fogn_troop)s->units[foes[k]].troop) != FOGN_ARM_INF || !engaged(st, foes[k])) only_inf = 0;
        if (!only_inf) continue;
        const fogn_unit_profile *p = &s->units[i];
        int d = fogn_roll_distance(p->side, p->name, FOGN_PASS_THROUGH_BONUS, 0, 0, dice, log, "pass through");
        if (d < 0) return -1;
        fogn_pursuit pu;
        if (fogn_pass_through_plan(s, st, i, d, &pu)) continue;
        if (!pu.ok) {
            gr_log_add(log, GR_EV_NOTE, p->side, "%s has no room to pass through and retires", p->name);
            if (outcome_move(s, st, i, foes, nf, dice, log) < 0) return -1;
            continue;
        }
        fogn_pursuit_commit(s, st, i, &pu);
        u->flags |= FOGN_UF_NO_MOVE;
        gr_log_add(log, GR_EV_MOVE, p->side, "%s passes through and rides on %.1f MU", p->name, pu.moved);
        if (struck(s, st, i, &pu, dice, log) < 0) return -1;
    }
    if (fogn_ct_run(s, st, st->active ^ 1, dice, log) < 0) return -1;
    /* §9.14: units left in contact square up, the active one moving first */
    fogn_contact c[FOGN_MAX_UNITS];
    int nc = fogn_contacts(s, st, c, FOGN_MAX_UNITS);
    for (int k = 0; k < nc; k++) {
        int x = s->units[c[k].a].side == st->active ? c[k].a : c[k].b, y = x == c[k].a ? c[k].b : c[k].a;
        if (c[k].face_a != FOGN_FACE_FRONT || c[k].face_b != FOGN_FACE_FRONT) continue;
        if (!engaged(st, x) || !engaged(st, y)) continue; /* not contacts from a pursuit (§9.14) */
        fogn_squared sq;
        fogn_square_up(s, st, x, y, 0, &sq, NULL);
    }
    for (int i = 0; i < s->nunits; i++) st->u[i].hits = 0;
    fogn_cmdr_displaced(s, st, log);
    return FOGN_ST_RE_VICTORY;
}
