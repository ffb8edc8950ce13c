/* tables.c - the numeric rules of fogn (§7, §9, §10, §11, §14) as pure
 * functions of the situation the caller describes: no state, no geometry,
 * no dice. Each function reads one table of the spec; the dice procedures
 * that roll against them are in rolls.c. */
#include "tables.h"
#include "move.h"

#include <assert.h>

/* --- small helpers -------------------------------------------------------------------------------- */

static int pick(bool small, int s, int l) { return small ? s : l; }

static fogn_arm arm_of(const fogn_unit_profile *p) { return fogn_troop_arm((fogn_troop)p->troop); }

/* attachment slot k is there and working */
static bool att_on(const fogn_unit_profile *p, unsigned off, int k)
{
    return p->attach[k] != FOGN_ATT_NONE && !(off & (1u << k));
}

static bool is_gun_attach(int a)
{
    return a == FOGN_ATT_ARTILLERY || a == FOGN_ATT_HEAVY_ARTILLERY || a == FOGN_ATT_HOWITZER ||
           a == FOGN_ATT_ROCKETS;
}

static bool is_special_attach(int a) { return a == FOGN_ATT_HOWITZER || a == FOGN_ATT_ROCKETS; }

static bool has_working(const fogn_unit_profile *p, unsigned off, int kind)
{
    for (int k = 0; k < 2; k++)
        if (att_on(p, off, k) && p->attach[k] == kind) return true;
    return false;
}

static bool has_skirmisher_att(const fogn_unit_profile *p, unsigned off)
{
    return has_working(p, off, FOGN_ATT_SKIRMISHERS) || has_working(p, off, FOGN_ATT_RIFLE_SKIRMISHERS);
}

/* a working artillery attachment that can fire at close range (not rockets) */
static bool has_close_gun(const fogn_unit_profile *p, unsigned off)
{
    for (int k = 0; k < 2; k++)
        if (att_on(p, off, k) && is_gun_attach(p->attach[k]) && p->attach[k] != FOGN_ATT_ROCKETS) return true;
    return false;
}

static bool skirmish_formation(fogn_formation f) { return f == FOGN_F_SKIRMISH || f == FOGN_F_SKIRMISH_LINE; }

/* --- re-roll policies (§2.2, §7.8, §9.8) ------------------------------------------------------------ */

int fogn_reroll_level(fogn_elan elan, bool guard)
{
    switch (elan) {
    case FOGN_ELAN_SUPERIOR: return guard ? 3 : 2;
    case FOGN_ELAN_AVERAGE: return guard ? 2 : 1;
    default: return guard ? FOGN_R_POOR_GUARD_LEVEL : 0;
    }
}

int fogn_test_reroll_failing(int level)
{
    assert(level >= 0 && level <= 3);
    return level >= 3 ? 2 : level == 2 ? 1 : 0;
}

bool fogn_test_reroll_sixes(int level) { return level == 0; }

int fogn_combat_reroll(int level, bool led)
{
    assert(level >= 0 && level <= 3);
    int l = level + (led ? 1 : 0);
    /* L0 must re-roll 6s; L1 none; L2 1s; L3 1-2s; led L3 (L4) 1-3s */
    return l == 0 ? FOGN_REROLL_SIXES : l - 1;
}

int fogn_fire_reroll(fogn_training t)
{
    switch (t) {
    case FOGN_TR_VETERAN: return 1;
    case FOGN_TR_DRILLED: return FOGN_REROLL_NONE;
    default: return FOGN_REROLL_SIXES; /* conscript, irregular */
    }
}

int fogn_pursuit_reroll_face(fogn_elan elan, bool guard)
{
    if (elan == FOGN_ELAN_SUPERIOR) return 1;
    if (elan == FOGN_ELAN_POOR) return guard && FOGN_R_PURSUIT_POOR_GUARD_NONE ? 0 : 6;
    return 0;
}

/* --- §7.4 firing dice -------------------------------------------------------------------------------- */

bool fogn_fires_reformed(const fogn_unit_profile *p)
{
    return p->troop == FOGN_INF_REFORMED ||
           (p->troop == FOGN_INF_UNREFORMED && (p->caps & FOGN_CAP_FIRE_REFORMED));
}

bool fogn_has_rifles(const fogn_unit_profile *p, unsigned att_off)
{
    return (p->caps & FOGN_CAP_RIFLES) || has_working(p, att_off, FOGN_ATT_RIFLE_SKIRMISHERS);
}

/* the table value of the unit's own dice (before the building rule) */
static int own_table_dice(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c)
{
    bool small = p->size == FOGN_SMALL || c->as_small || f == FOGN_F_DEEP;
    fogn_range r = (fogn_range)c->range;
    switch (arm_of(p)) {
    case FOGN_ARM_CAV:
        return 0; /* cavalry never fire (their guns do, below) */
    case FOGN_ARM_ART: {
        if (f != FOGN_F_UNLIMBERED) return 0;
        bool mortar = p->troop == FOGN_ART_MORTAR;
        if (r == FOGN_RANGE_CLOSE || r == FOGN_RANGE_MEDIUM) return mortar ? 0 : pick(small, 6, 8);
        if (r == FOGN_RANGE_LONG)
            return mortar || p->weight == FOGN_HEAVY ? pick(small, 4, 5) : pick(small, 3, 4);
        return 0;
    }
    case FOGN_ARM_INF:
        break;
    }
    if (f == FOGN_F_COLUMN) return 0;
    if (r == FOGN_RANGE_CLOSE)
        return f == FOGN_F_SQUARE || skirmish_formation(f) ? pick(small, 3, 4) : pick(small, 4, 6);
    if (r != FOGN_RANGE_MEDIUM || f == FOGN_F_SQUARE) return 0;
    if (p->troop == FOGN_INF_LIGHT) return pick(small, 5, 6);
    bool sk = has_skirmisher_att(p, c->att_off);
    if (fogn_fires_reformed(p))
        return sk ? pick(small, 4, 5) : pick(small, FOGN_R_MED_REFORMED_SMALL, FOGN_R_MED_REFORMED_LARGE);
    return sk ? pick(small, 3, 4) : 0;
}

int fogn_fire_own_dice(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c)
{
    assert(c->range <= FOGN_RANGE_NONE);
    assert(!c->half || c->range == FOGN_RANGE_CLOSE); /* a line fires as one unit beyond close range (§23 #37) */
    int n = own_table_dice(p, f, c);
    bool near = c->range == FOGN_RANGE_CLOSE || c->range == FOGN_RANGE_MEDIUM;
    if (near && arm_of(p) == FOGN_ARM_INF && f != FOGN_F_COLUMN && c->from_building &&
        (n > 0 || FOGN_R_BUILDING_DEFENDERS_MEDIUM))
        return FOGN_BUILDING_FIRE_DICE;
    if (near && c->into_building && n > 0) return FOGN_BUILDING_FIRE_DICE;
    return n;
}

int fogn_fire_cavalry_loss(const fogn_unit_profile *p, const fogn_fire_ctx *c)
{
    if (arm_of(p) != FOGN_ARM_INF || c->range != FOGN_RANGE_MEDIUM || !c->enemy_cav) return 0;
    return fogn_has_rifles(p, c->att_off) ? FOGN_CAV_NEAR_RIFLES : FOGN_CAV_NEAR_MUSKETS;
}

/* dice one artillery attachment adds; own = the parent's own dice in this band */
static int attach_dice(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c, int kind, int own)
{
    fogn_range r = (fogn_range)c->range;
    bool rockets = kind == FOGN_ATT_ROCKETS;
    if (r == FOGN_RANGE_NONE) return 0;
    switch (arm_of(p)) {
    case FOGN_ARM_ART:
        if (f != FOGN_F_UNLIMBERED) return 0;
        if (r == FOGN_RANGE_LONG) return 1;         /* howitzers and rockets too */
        if (rockets) return 0;                       /* rockets only at long range */
        return r == FOGN_RANGE_CLOSE ? 2 : 1;
    case FOGN_ARM_CAV:
        /* Ruling: fires alone, 2 dice at close and medium, never at long range */
        if (f == FOGN_F_COLUMN || rockets || r == FOGN_RANGE_LONG) return 0;
        return FOGN_R_CAV_ATT_DICE;
    case FOGN_ARM_INF:
        break;
    }
    if (f == FOGN_F_COLUMN || skirmish_formation(f) || rockets) return 0;
    if (r == FOGN_RANGE_CLOSE) return f == FOGN_F_SQUARE ? FOGN_FIRE_SQUARE_ATT : 2;
    if (r == FOGN_RANGE_MEDIUM) {
        if (f == FOGN_F_SQUARE) return 0; /* Squares fire at close range only */
        return own > 0 ? 1 : 2;           /* no medium dice of its own: the guns fire alone */
    }
    return FOGN_R_ATT_LONG_ONLY_ON_ARTILLERY ? 0 : 1;
}

int fogn_fire_dice_of(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c, fogn_fire_dice *out)
{
    int own = fogn_fire_own_dice(p, f, c);
    int loss = fogn_fire_cavalry_loss(p, c);
    out->n[FOGN_FG_OWN] = own > loss ? own - loss : 0;
    out->n[FOGN_FG_ATT] = 0;
    out->n[FOGN_FG_SPECIAL] = 0;
    out->reroll[FOGN_FG_OWN] = fogn_fire_reroll((fogn_training)p->training);
    /* §7.8: attachments fire as Drilled, or with an Irregular parent's re-rolls */
    int att_rr = p->training == FOGN_TR_IRREGULAR ? FOGN_REROLL_SIXES : FOGN_REROLL_NONE;
    out->reroll[FOGN_FG_ATT] = att_rr;
    out->reroll[FOGN_FG_SPECIAL] = att_rr;
    for (int k = 0; k < 2; k++) {
        if (!att_on(p, c->att_off, k) || !is_gun_attach(p->attach[k])) continue;
        int n = attach_dice(p, f, c, p->attach[k], own);
        out->n[is_special_attach(p->attach[k]) ? FOGN_FG_SPECIAL : FOGN_FG_ATT] += n;
    }
    out->att_alone = own == 0 && out->n[FOGN_FG_ATT] + out->n[FOGN_FG_SPECIAL] > 0;
    return fogn_fire_dice_total(out);
}

int fogn_fire_dice_total(const fogn_fire_dice *d)
{
    int t = 0;
    for (int g = 0; g < FOGN_FG_COUNT; g++) t += d->n[g];
    return t;
}

bool fogn_fire_group_special(const fogn_unit_profile *p, int group)
{
    assert(group >= 0 && group < FOGN_FG_COUNT);
    return group == FOGN_FG_SPECIAL || (group == FOGN_FG_OWN && p->troop == FOGN_ART_MORTAR);
}

int fogn_support_dice(const fogn_unit_profile *p, fogn_formation f, fogn_cohesion c, unsigned att_off)
{
    if (c >= FOGN_WAVERING) return 0;
    switch (arm_of(p)) {
    case FOGN_ARM_CAV: return 0;
    case FOGN_ARM_ART:
        if (f != FOGN_F_UNLIMBERED || p->troop == FOGN_ART_MORTAR) return 0; /* mortars have no close range */
        return FOGN_SUPPORT_ART;
    case FOGN_ARM_INF: break;
    }
    if (f == FOGN_F_COLUMN) return 0;
    if (has_close_gun(p, att_off) && !(skirmish_formation(f) && FOGN_R_SKIRMISH_SUPPORT_AS_INFANTRY))
        return FOGN_SUPPORT_ART;
    return FOGN_SUPPORT_INF;
}

/* --- §7.5 / §9.5 effective cohesion ------------------------------------------------------------------- */

int fogn_cohesion_dice(int dice, int eff_level)
{
    assert(dice >= 0);
    if (eff_level <= 0) return dice;
    if (eff_level == 1) return dice - dice / FOGN_EFF_LOSS_PER_L1;
    if (eff_level == 2) return dice - dice / FOGN_EFF_LOSS_PER_L2;
    return 0;
}

int fogn_cohesion_reduce(int *n, const int *score, const int *reroll, int ngroups, int eff_level)
{
    assert(ngroups > 0 && ngroups <= 8);
    int total = 0;
    for (int g = 0; g < ngroups; g++) {
        assert(n[g] >= 0);
        total += n[g];
    }
    int left = fogn_cohesion_dice(total, eff_level);
    for (int lose = total - left; lose > 0; lose--) {
        int worst = -1;
        for (int g = 0; g < ngroups; g++) {
            if (n[g] == 0) continue;
            if (worst < 0 || score[g] > score[worst] || (score[g] == score[worst] && reroll[g] <= reroll[worst]))
                worst = g;
        }
        assert(worst >= 0);
        n[worst]--;
    }
    return left;
}

/* --- §7.7 firing to-hit ------------------------------------------------------------------------------- */

int fogn_fire_base_score(fogn_range r, const fogn_fire_target *t)
{
    fogn_formation f = (fogn_formation)t->formation;
    if (r == FOGN_RANGE_LONG) {
        bool single_rank = f == FOGN_F_LINE || f == FOGN_F_SKIRMISH_LINE;
        bool guns = t->arm == FOGN_ARM_ART && f == FOGN_F_UNLIMBERED;
        if (single_rank || guns || t->soft_ground) return 6;
    }
    if (r == FOGN_RANGE_CLOSE) {
        /* assaulters under defensive fire: 4+ only when they began in front (within 1 BW for infantry) */
        if (t->arm == FOGN_ARM_INF) return t->assaulting && !t->began_in_front ? 5 : 4;
        if (t->arm == FOGN_ARM_CAV && t->assaulting) return t->began_in_front ? 4 : 5;
    }
    return 5;
}

int fogn_fire_poa(fogn_range r, const fogn_fire_target *t, bool firer_skirmishers, bool special)
{
    fogn_formation f = (fogn_formation)t->formation;
    int plus = 0, minus = 0;
    if (f == FOGN_F_COLUMN || f == FOGN_F_SQUARE) plus++;
    if (t->from_behind) plus++;
    if (f == FOGN_F_DEEP && r == FOGN_RANGE_LONG) plus++;
    bool skirm_target = FOGN_R_SKIRMISHER_TARGET_ALL ? t->skirmishers != 0
                                                     : t->arm == FOGN_ARM_INF && skirmish_formation(f);
    if (skirm_target) minus++;
    if (firer_skirmishers && r == FOGN_RANGE_CLOSE) minus++;
    if (t->in_cover && !special) minus++; /* howitzers, rockets, mortars ignore cover */
    int net = plus - minus;
    return net > 1 ? 1 : net < -1 ? -1 : net;
}

int fogn_fire_score(fogn_range r, const fogn_fire_target *t, bool firer_skirmishers, bool special)
{
    assert(r != FOGN_RANGE_NONE);
    if (t->building && FOGN_R_BUILDING_FIRE_NO_POA) {
        if (special) return FOGN_BUILDING_SCORE_SPECIAL;
        return r == FOGN_RANGE_CLOSE ? FOGN_BUILDING_SCORE_CLOSE : FOGN_BUILDING_SCORE_FAR;
    }
    int s = fogn_fire_base_score(r, t) - fogn_fire_poa(r, t, firer_skirmishers, special);
    return s > FOGN_FIRE_SCORE_CAP ? FOGN_FIRE_SCORE_CAP : s;
}

/* --- §7.9 firing results ------------------------------------------------------------------------------ */

int fogn_fire_hit_reduction(const fogn_fire_hit_in *in)
{
    bool large_formed = in->large && in->cohesion <= FOGN_DISORDERED;
    return large_formed || in->superior_assaulting ? 1 : 0; /* never more than 1 */
}

void fogn_fire_result_of(const fogn_fire_hit_in *in, fogn_fire_result *out)
{
    assert(in->hits >= 0 && in->cohesion <= FOGN_BROKEN);
    int net = in->hits - fogn_fire_hit_reduction(in);
    if (net < 0) net = 0;
    int move, loss;
    switch (net) {
    case 0: move = FOGN_FM_NONE; loss = 0; break;
    case 1: move = FOGN_FM_CMT_TO_ADVANCE; loss = FOGN_R_FIRE_LOSS_1HIT; break;
    case 2: move = FOGN_FM_CMT_TO_ADVANCE; loss = FOGN_R_FIRE_LOSS_2HITS; break;
    case 3: move = FOGN_FM_RETIRE_3; loss = 1; break;
    default: move = FOGN_FM_OUTCOME; loss = 2; break;
    }
    if (!in->any_close && loss > 1) loss = 1; /* two levels only with some close-range fire */
    int called = loss;                        /* the table asked for a loss */
    if (in->guard) {
        int room = 1 - in->guard_lost;        /* Guard: one level a phase from fire */
        if (room < 0) room = 0;
        if (loss > room) loss = room;
    }
    out->net = net;
    out->move = move;
    out->outcome = move == FOGN_FM_OUTCOME;
    out->broken = 0;
    if (in->cohesion == FOGN_BROKEN) {
        loss = 0;
        out->broken = 1;
    } else if (in->cohesion == FOGN_WAVERING && called > 0) {
        /* a loss due from fire with no close range: an outcome move instead;
         * with any close-range fire: Broken (and it retires at once). A Guard
         * unit with no level left to lose retires all the same. */
        if (in->any_close && loss > 0) {
            loss = 1;
            out->broken = 1;
            out->outcome = 1;
        } else {
            out->outcome = loss > 0 || FOGN_R_GUARD_WAVERING_RETIRES || move == FOGN_FM_OUTCOME;
            loss = 0;
        }
    } else if (in->cohesion + loss >= FOGN_BROKEN) {
        loss = FOGN_BROKEN - in->cohesion;
        out->broken = 1;
        out->outcome = 1; /* a unit Broken by fire retires at once */
    }
    out->losses = loss;
}

/* --- §9.2-§9.3 combat dice ---------------------------------------------------------------------------- */

bool fogn_combat_full_row(const fogn_unit_profile *p, fogn_formation f, const fogn_melee *m)
{
    fogn_arm arm = arm_of(p);
    if (arm == FOGN_ARM_ART && FOGN_R_ART_COMBAT_ALL_OTHER) return false;
    if (p->troop == FOGN_CAV_IRR_LIGHT) return false;
    if (f != FOGN_F_TACTICAL && f != FOGN_F_DEEP && f != FOGN_F_LINE) return false;
    if (m->rough || m->obstacle || m->building) return false;
    if (arm == FOGN_ARM_CAV && m->vs_square) return false;
    return true;
}

int fogn_combat_base_dice(const fogn_unit_profile *p, fogn_formation f, const fogn_melee *m)
{
    if (m->building) return FOGN_BUILDING_COMBAT_DICE;
    bool small = p->size == FOGN_SMALL || (f == FOGN_F_DEEP && FOGN_R_DEEP_SMALL_ROW);
    return fogn_combat_full_row(p, f, m) ? pick(small, 6, 8) : pick(small, 4, 6);
}

int fogn_combat_dice_of(const fogn_unit_profile *p, fogn_formation f, fogn_cohesion cohesion, unsigned att_off,
                        const fogn_melee *m, fogn_combat_dice *out)
{
    assert(m->uphill <= 2 && m->flank_support <= 2);
    int n = fogn_combat_base_dice(p, f, m);
    bool rear = m->rear_support || f == FOGN_F_DEEP; /* Deep supports itself (§9.4) */
    int flank = 0;
    if (rear) n += FOGN_REAR_SUPPORT_DICE;
    n -= FOGN_REAR_SUPPORT_DICE * m->foe_rear_support;
    if (!m->building) { /* across a building's perimeter only rear support counts (§15.4) */
        bool cav = arm_of(p) == FOGN_ARM_CAV;
        if ((m->vs_inf || m->vs_square || m->vs_art) && cohesion != FOGN_WAVERING) {
            if (p->caps & FOGN_CAP_LANCERS) n += FOGN_LANCER_DICE;
            else if (p->caps & FOGN_CAP_PART_LANCERS) n += FOGN_PART_LANCER_DICE;
        }
        if (m->uphill == 2) n += FOGN_UPHILL_DICE;
        else if (m->uphill == 1) n += FOGN_PART_UPHILL_DICE;
        if (!m->obstacle) flank = FOGN_FLANK_SUPPORT_DICE * m->flank_support;
        if (cav && (p->caps & FOGN_CAP_SHOCK) && ((m->vs_inf && !m->obstacle) || m->vs_light_cav))
            n += FOGN_R_SHOCK_DICE;
        if (cav && has_close_gun(p, att_off) && (m->vs_cav || m->vs_square)) n += FOGN_CAV_ART_ATT_DICE;
    }
    out->own = n > 0 ? n : 0;
    out->flank = flank;
    return out->own + out->flank;
}

/* --- §9.7 combat POA ----------------------------------------------------------------------------------- */

int fogn_cav_weight_mix(bool light, bool heavy, bool shock_heavy)
{
    if (shock_heavy) return heavy ? 4 : light ? 3 : 5;
    if (heavy) return light ? 2 : 3;
    return light ? 1 : 0;
}

int fogn_cav_weight(const fogn_unit_profile *p)
{
    if (arm_of(p) != FOGN_ARM_CAV) return 0;
    bool light = p->troop == FOGN_CAV_LIGHT || p->troop == FOGN_CAV_IRR_LIGHT;
    bool shock = !light && (p->caps & FOGN_CAP_SHOCK);
    return fogn_cav_weight_mix(light, !light && !shock, shock);
}

void fogn_fighter_init(fogn_fighter *f, const fogn_unit_profile *p, const fogn_unit *u)
{
    *f = (fogn_fighter){0};
    f->arm = (uint8_t)arm_of(p);
    f->formation = u->formation;
    f->skirmishers = fogn_is_skirmisher(p, u);
    f->weight = (uint8_t)fogn_cav_weight(p);
    f->shock = f->arm == FOGN_ARM_CAV && (p->caps & FOGN_CAP_SHOCK) != 0;
}

int fogn_combat_poa(const fogn_fighter *me, const fogn_fighter *foe, bool across_obstacle)
{
    int net = 0;
    if (me->flank_attack) net++;
    if (foe->flank_attack) net--;
    if (me->arm == FOGN_ARM_CAV) {
        bool foe_sheltered = foe->defends_obstacle || foe->in_cover;
        if (foe->arm == FOGN_ARM_CAV && me->weight > foe->weight) net++;
        if (foe->arm == FOGN_ARM_ART && !foe_sheltered) net++;
        if (foe->arm == FOGN_ARM_INF && foe->formation != FOGN_F_SQUARE && !foe_sheltered) net++;
        if (foe->arm == FOGN_ARM_INF && foe->formation == FOGN_F_SQUARE && !foe->defends_obstacle) net--;
    }
    if (across_obstacle) net--;
    if (me->arm == FOGN_ARM_INF && foe->arm == FOGN_ARM_CAV && foe->shock && me->in_open && !me->defends_obstacle)
        net--;
    if (me->formation == FOGN_F_COLUMN || me->skirmishers || me->arm == FOGN_ARM_ART) net--;
    return net;
}

int fogn_combat_score(int poa)
{
    if (poa > FOGN_COMBAT_POA_CAP) poa = FOGN_COMBAT_POA_CAP;
    if (poa < -FOGN_COMBAT_POA_CAP) poa = -FOGN_COMBAT_POA_CAP;
    return FOGN_COMBAT_BASE_SCORE - poa;
}

/* --- §9.9 combat losses ----------------------------------------------------------------------------- */

int fogn_combat_losses(int hits, bool large, bool guard)
{
    assert(hits >= 0);
    if (large && hits > 0) hits--;
    static const int normal[4] = {0, 1, 2, 3}, guards[4] = {0, 1, 1, 2};
    int band = hits >= 6 ? 3 : hits / 2; /* 0-1, 2-3, 4-5, 6+ */
    return guard ? guards[band] : normal[band];
}

/* --- §9.11 outcome moves, §6.8 evades, §9.12 pursuit ------------------------------------------------- */

static fogn_outcome retire(int bonus) { return (fogn_outcome){FOGN_OMOVE_RETIRE, bonus}; }
static fogn_outcome fixed(fogn_omove k) { return (fogn_outcome){(int)k, 0}; }

/* one row of the table: per column, a fixed result or a retire of D6 + bonus (+ extra) */
static fogn_outcome row(fogn_ocol col, const int bonus[3], const fogn_omove kind[3], int extra)
{
    if (kind[col] != FOGN_OMOVE_RETIRE) return fixed(kind[col]);
    return retire(bonus[col] + extra);
}

fogn_outcome fogn_outcome_of(const fogn_unit_profile *p, fogn_formation start, fogn_ovs contact,
                             bool defends_obstacle, bool in_open, fogn_ocol col)
{
    assert(col <= FOGN_OCOL_BROKEN);
    static const fogn_omove all_retire[3] = {FOGN_OMOVE_RETIRE, FOGN_OMOVE_RETIRE, FOGN_OMOVE_RETIRE};
    static const int b024[3] = {0, 2, 4}, b246[3] = {2, 4, 6};
    switch (arm_of(p)) {
    case FOGN_ARM_INF: {
        int extra = skirmish_formation(start) ? FOGN_RETIRE_EXTRA : 0;
        bool square_halts = start == FOGN_F_SQUARE && (contact == FOGN_OVS_CAVALRY || !FOGN_R_SQUARE_HALT_VS_CAV_ONLY);
        if ((contact == FOGN_OVS_CAVALRY && defends_obstacle) || square_halts) {
            static const fogn_omove k[3] = {FOGN_OMOVE_HALT, FOGN_OMOVE_HALT, FOGN_OMOVE_DESTROYED};
            return row(col, b024, k, extra);
        }
        if (contact == FOGN_OVS_CAVALRY && in_open) {
            static const fogn_omove k[3] = {FOGN_OMOVE_RETIRE, FOGN_OMOVE_RETIRE, FOGN_R_OUT_INF_OPEN_CAV_BROKEN};
            return row(col, b024, k, extra);
        }
        return row(col, b024, all_retire, extra);
    }
    case FOGN_ARM_CAV: {
        fogn_unit u = {0};
        u.formation = (uint8_t)start;
        int extra = !FOGN_R_RETIRE_EXTRA_INF_ONLY && fogn_is_skirmisher(p, &u) ? FOGN_RETIRE_EXTRA : 0;
        return row(col, b246, all_retire, extra);
    }
    case FOGN_ARM_ART:
        break;
    }
    bool horse = p->troop == FOGN_ART_HORSE;
    if (start == FOGN_F_LIMBERED) {
        int extra = horse ? FOGN_RETIRE_EXTRA : 0;
        if (contact != FOGN_OVS_NONE) {
            static const fogn_omove k[3] = {FOGN_OMOVE_RETIRE, FOGN_OMOVE_RETIRE, FOGN_OMOVE_DESTROYED};
            return row(col, b024, k, extra);
        }
        return row(col, b024, all_retire, extra);
    }
    fogn_ovs vs = contact;
    if (vs == FOGN_OVS_ARTILLERY) vs = FOGN_R_UNLIMB_VS_ART_OTHERWISE ? FOGN_OVS_NONE : FOGN_OVS_INFANTRY;
    if (vs == FOGN_OVS_CAVALRY) {
        static const fogn_omove k[3] = {FOGN_OMOVE_ABANDONED, FOGN_OMOVE_DESTROYED, FOGN_OMOVE_DESTROYED};
        return fixed(k[col]);
    }
    if (vs == FOGN_OVS_INFANTRY) {
        static const fogn_omove k[3] = {FOGN_R_OUT_UNLIMB_INF_DISORDERED, FOGN_OMOVE_ABANDONED,
                                        FOGN_R_OUT_UNLIMB_INF_BROKEN};
        return fixed(k[col]);
    }
    return row(col, horse ? b246 : b024, all_retire, 0);
}

int fogn_retire_distance(int die, int bonus)
{
    assert(die >= 1 && die <= 6 && bonus >= 0);
    int d = die + bonus;
    return d < FOGN_RETIRE_MIN ? FOGN_RETIRE_MIN : d;
}

int fogn_evade_bonus(const fogn_unit_profile *p, fogn_formation f)
{
    fogn_unit u = {0};
    u.formation = (uint8_t)f;
    switch (arm_of(p)) {
    case FOGN_ARM_INF: return skirmish_formation(f) ? 2 : -1;
    case FOGN_ARM_CAV: return fogn_is_skirmisher(p, &u) ? 4 : -1;
    case FOGN_ARM_ART: break;
    }
    bool horse = p->troop == FOGN_ART_HORSE;
    if (f == FOGN_F_LIMBERED) return horse ? 4 : 2;
    if (f == FOGN_F_UNLIMBERED && horse) return 2; /* ends limbered */
    return -1;
}

fogn_pursue fogn_pursuit_of(fogn_arm arm, fogn_cohesion c, bool in_square, bool defends_obstacle,
                            bool enemy_cav_near)
{
    if (arm == FOGN_ARM_ART || c >= FOGN_WAVERING) return FOGN_PURSUE_NEVER;
    if (arm == FOGN_ARM_CAV) return c == FOGN_STEADY ? FOGN_PURSUE_MUST : FOGN_PURSUE_UNLESS_CMT;
    if (in_square || defends_obstacle) return FOGN_PURSUE_NEVER;
    if (c == FOGN_DISORDERED) return FOGN_PURSUE_ONLY_CMT;
    return enemy_cav_near ? FOGN_PURSUE_MAY : FOGN_PURSUE_UNLESS_CMT;
}

int fogn_pursuit_bonus(fogn_arm arm)
{
    switch (arm) {
    case FOGN_ARM_INF: return FOGN_PURSUIT_INF_BONUS;
    case FOGN_ARM_CAV: return FOGN_PURSUIT_CAV_BONUS;
    default: return -1;
    }
}

/* --- §11 cohesion tests ---------------------------------------------------------------------------------- */

static const struct {
    int score;
    fogn_ct_fail fail;
} ct_table[FOGN_CTT_COUNT] = {
    [FOGN_CTT_SQUARE_FROM_LINE] = {6, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_SQUARE_FROM_TACTICAL] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_STAND_VS_CAVALRY] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_BURST_IMPETUOUS] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_SQUARE_VS_INFANTRY] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_WAVERING_TARGET] = {5, FOGN_CTF_BROKEN},
    [FOGN_CTT_SKIRM_COUNTER] = {5, FOGN_CTF_EVADES},
    [FOGN_CTT_ART_STAND] = {4, FOGN_CTF_ABANDONED},
    [FOGN_CTT_BROKEN_INF_NEAR] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_CAV_BREAKS_NEAR] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_BURST_OUTCOME] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_CMDR_CASUALTY] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_FRIEND_DESTROYED] = {5, FOGN_CTF_LOSE_LEVEL},
    [FOGN_CTT_RALLY] = {6, FOGN_CTF_DESTROYED},
    [FOGN_CTT_GUNS_3] = {6, FOGN_CTF_DESTROYED},
    [FOGN_CTT_GUNS] = {5, FOGN_CTF_DESTROYED},
    [FOGN_CTT_RECOVER] = {5, FOGN_CTF_NO_EFFECT},
};

int fogn_ct_score(fogn_ct_trigger t, bool loc_occupied)
{
    assert(t < FOGN_CTT_COUNT);
    return ct_table[t].score + (loc_occupied ? 1 : 0);
}

fogn_ct_fail fogn_ct_failure(fogn_ct_trigger t)
{
    assert(t < FOGN_CTT_COUNT);
    return ct_table[t].fail;
}

int fogn_ct_training_dice(fogn_training t)
{
    switch (t) {
    case FOGN_TR_VETERAN: return 3;
    case FOGN_TR_DRILLED:
    case FOGN_TR_IRREGULAR: return 2;
    default: return 1; /* conscript */
    }
}

int fogn_ct_dice_for(const fogn_unit_profile *p, fogn_formation f, const fogn_ct_ctx *c, int *autofail)
{
    int n = fogn_ct_training_dice((fogn_training)p->training);
    *autofail = 0;
    if (c->guns) return n; /* gun recovery: training dice only (§11.2) */
    bool conscript = p->training == FOGN_TR_CONSCRIPT;
    bool line = f == FOGN_F_LINE || (f == FOGN_F_SKIRMISH_LINE && FOGN_R_CT_SKIRMISH_LINE_IS_LINE);
    if (c->charismatic && arm_of(p) != FOGN_ARM_ART) n++;
    if (conscript && (c->defensive || c->rear_support)) n++;
    if (line && !c->defensive) n--;
    if (conscript && line && !c->defensive && !c->rear_support) *autofail = 1;
    return n > 0 ? n : 0;
}

/* --- §10.2 commander casualties ---------------------------------------------------------------------- */

int fogn_cas_dice(fogn_cas_rank r)
{
    switch (r) {
    case FOGN_CAS_CORPS: return 3;
    case FOGN_CAS_DIVISION: return 2;
    case FOGN_CAS_BRIGADE: return 1;
    default: return 0; /* Army Commanders are never casualties */
    }
}

int fogn_cas_score_for(bool shooting, bool rifles, bool unit_retires)
{
    bool low = shooting ? rifles : unit_retires;
    return low ? FOGN_CAS_SCORE_LOW : FOGN_CAS_SCORE;
}

/* --- §14 result levels --------------------------------------------------------------------------------- */

bool fogn_army_defeated(double attrition, int acv, double enemy_attrition, int enemy_acv)
{
    if (acv <= 0) return false;
    double pct = 100.0 * attrition, epct = 100.0 * enemy_attrition;
    if (pct >= FOGN_DEFEAT_PCT * acv) return true;
    if (pct >= FOGN_DEFEAT_LOW_PCT * acv && epct < FOGN_DEFEAT_LOW_ENEMY_PCT * enemy_acv) return true;
    if (pct >= FOGN_DEFEAT_MID_PCT * acv && epct < FOGN_DEFEAT_MID_ENEMY_PCT * enemy_acv) return true;
    return false;
}

int fogn_timed_level(double inflicted, double received)
{
    assert(inflicted >= 0 && received >= 0);
    double d = inflicted - received;
    if (d >= FOGN_MAJOR_MARGIN && inflicted >= FOGN_MAJOR_RATIO * received) return FOGN_RESULT_MAJOR;
    if (d >= FOGN_MODERATE_MARGIN && inflicted >= FOGN_MODERATE_RATIO * received) return FOGN_RESULT_MODERATE;
    if (d >= FOGN_MARGINAL_MARGIN) return FOGN_RESULT_MARGINAL;
    return FOGN_RESULT_DRAW;
}

int fogn_cavalry_bonus_level(int level, int fresh_winner, int fresh_loser)
{
    assert(level >= FOGN_RESULT_DRAW && level <= FOGN_RESULT_MAJOR);
    if (level == FOGN_RESULT_DRAW) return level;
    int d = fresh_winner - fresh_loser;
    if (d >= FOGN_CAVALRY_BONUS_MARGIN && level < FOGN_RESULT_MAJOR) return level + 1;
    if (d <= -FOGN_CAVALRY_BONUS_MARGIN && level > FOGN_R_BONUS_FLOOR) return level - 1;
    return level;
}
