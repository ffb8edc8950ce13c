/* test_fogn_tables.c - every row of the fogn rule tables in engine/fogn/tables.c:
 * firing dice by range (§7.4) and supporting fire, the §7.5 dice losses,
 * firing to-hit scores (§7.7, §15.4), firing results (§7.9), combat dice
 * (§9.2-§9.3), combat POA and scores (§9.7, §2.5 weight order), re-roll
 * levels (§2.2, §7.8, §9.8, §9.12), combat losses (§9.9), outcome moves,
 * evades and pursuit (§9.11, §6.8, §9.12, §9.13), cohesion tests (§11.1,
 * §11.2), commander casualties (§10.2) and result levels (§14).
 *
 * The functions are pure, so each test fills in a profile and the situation
 * and asserts the exact value the spec's table gives, (R) values and rulings
 * included. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../../engine/fogn/rules/tables.h"

/* --- helpers ------------------------------------------------------------------------------------ */

static fogn_unit_profile prof(fogn_troop t, fogn_size size)
{
    fogn_unit_profile p;
    memset(&p, 0, sizeof p);
    p.troop = (uint8_t)t;
    p.size = (uint8_t)size;
    p.elan = FOGN_ELAN_AVERAGE;
    p.training = FOGN_TR_DRILLED;
    p.weight = FOGN_MEDIUM;
    return p;
}

static fogn_unit_profile with_att(fogn_unit_profile p, fogn_attach a0, fogn_attach a1)
{
    p.attach[0] = (uint8_t)a0;
    p.attach[1] = (uint8_t)a1;
    return p;
}

static fogn_fire_ctx fctx(fogn_range r)
{
    fogn_fire_ctx c;
    memset(&c, 0, sizeof c);
    c.range = (uint8_t)r;
    return c;
}

/* own dice of the unit at range r in formation f */
static int own(fogn_troop t, fogn_size size, fogn_formation f, fogn_range r)
{
    fogn_unit_profile p = prof(t, size);
    fogn_fire_ctx c = fctx(r);
    return fogn_fire_own_dice(&p, f, &c);
}

/* asserts the three dice groups and the fires-alone flag */
static void expect_fire(const fogn_unit_profile *p, fogn_formation f, const fogn_fire_ctx *c, int n_own, int n_att,
                        int n_special, int alone)
{
    fogn_fire_dice d;
    int total = fogn_fire_dice_of(p, f, c, &d);
    assert_int_equal(d.n[FOGN_FG_OWN], n_own);
    assert_int_equal(d.n[FOGN_FG_ATT], n_att);
    assert_int_equal(d.n[FOGN_FG_SPECIAL], n_special);
    assert_int_equal(d.att_alone, alone);
    assert_int_equal(total, n_own + n_att + n_special);
    assert_int_equal(fogn_fire_dice_total(&d), total);
}

static fogn_fire_target tgt(fogn_arm arm, fogn_formation f)
{
    fogn_fire_target t;
    memset(&t, 0, sizeof t);
    t.arm = (uint8_t)arm;
    t.formation = (uint8_t)f;
    return t;
}

static fogn_melee melee(void)
{
    fogn_melee m;
    memset(&m, 0, sizeof m);
    return m;
}

static int cdice(const fogn_unit_profile *p, fogn_formation f, fogn_cohesion c, const fogn_melee *m)
{
    fogn_combat_dice d;
    int total = fogn_combat_dice_of(p, f, c, 0, m, &d);
    assert_int_equal(total, d.own + d.flank);
    return d.own;
}

static fogn_fighter fighter(fogn_arm arm, fogn_formation f)
{
    fogn_fighter x;
    memset(&x, 0, sizeof x);
    x.arm = (uint8_t)arm;
    x.formation = (uint8_t)f;
    x.in_open = 1;
    return x;
}

static void expect_out(fogn_outcome o, int kind, int bonus)
{
    assert_int_equal(o.kind, kind);
    if (kind == FOGN_OMOVE_RETIRE) assert_int_equal(o.bonus, bonus);
}

/* the three columns (Disordered, Wavering/evading, Broken) of one outcome row;
 * a bonus of -1 stands for a fixed result `k` */
static void expect_row(const fogn_unit_profile *p, fogn_formation f, fogn_ovs vs, bool obstacle, bool open, int b0,
                       int b1, int b2, int k0, int k1, int k2)
{
    expect_out(fogn_outcome_of(p, f, vs, obstacle, open, FOGN_OCOL_DISORDERED), b0 < 0 ? k0 : FOGN_OMOVE_RETIRE, b0);
    expect_out(fogn_outcome_of(p, f, vs, obstacle, open, FOGN_OCOL_WAVERING), b1 < 0 ? k1 : FOGN_OMOVE_RETIRE, b1);
    expect_out(fogn_outcome_of(p, f, vs, obstacle, open, FOGN_OCOL_BROKEN), b2 < 0 ? k2 : FOGN_OMOVE_RETIRE, b2);
}

#define R FOGN_OMOVE_RETIRE
#define HALT FOGN_OMOVE_HALT
#define DEAD FOGN_OMOVE_DESTROYED
#define ABAN FOGN_OMOVE_ABANDONED

/* --- §7.4 firing dice: close range ----------------------------------------------------------------- */

static void test_s7_4_close_range_unit_rows(void **state)
{
    (void)state;
    /* Infantry in Tactical; each half of an Extended Line: 4 / 6 */
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_RANGE_CLOSE), 4);
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_CLOSE), 6);
    assert_int_equal(own(FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_RANGE_CLOSE), 4);
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_CLOSE), 6);
    fogn_unit_profile p = prof(FOGN_INF_UNREFORMED, FOGN_LARGE);
    fogn_fire_ctx c = fctx(FOGN_RANGE_CLOSE);
    c.half = 1; /* a half counts its dice as a whole unit of the unit's size */
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_LINE, &c), 6);
    p.size = FOGN_SMALL;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_LINE, &c), 4);
    /* Artillery (not mortars) 6 / 8; mortars never at close range */
    assert_int_equal(own(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, FOGN_RANGE_CLOSE), 6);
    assert_int_equal(own(FOGN_ART_HORSE, FOGN_LARGE, FOGN_F_UNLIMBERED, FOGN_RANGE_CLOSE), 8);
    assert_int_equal(own(FOGN_ART_MORTAR, FOGN_LARGE, FOGN_F_UNLIMBERED, FOGN_RANGE_CLOSE), 0);
    /* Square or Skirmishers 3 / 4 (a skirmish line's half too) */
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_SQUARE, FOGN_RANGE_CLOSE), 3);
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_SQUARE, FOGN_RANGE_CLOSE), 4);
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, FOGN_RANGE_CLOSE), 3);
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_SKIRMISH_LINE, FOGN_RANGE_CLOSE), 4);
    /* Deep uses small-unit dice; a large unit firing "as a small unit" too */
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_DEEP, FOGN_RANGE_CLOSE), 4);
    p = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    c = fctx(FOGN_RANGE_CLOSE);
    c.as_small = 1;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 4);
    p = prof(FOGN_ART_FOOT, FOGN_LARGE);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_UNLIMBERED, &c), 6);
    /* who never fires: March Column, limbered guns, cavalry, no target */
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_COLUMN, FOGN_RANGE_CLOSE), 0);
    assert_int_equal(own(FOGN_ART_FOOT, FOGN_LARGE, FOGN_F_LIMBERED, FOGN_RANGE_CLOSE), 0);
    assert_int_equal(own(FOGN_CAV_HEAVY, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_CLOSE), 0);
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_NONE), 0);
}

static void test_s7_4_close_range_attachments(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_CLOSE);
    /* + artillery attachment +2 */
    fogn_unit_profile p = with_att(prof(FOGN_INF_UNREFORMED, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 4, 2, 0, 0);
    /* on a Square +1 */
    expect_fire(&p, FOGN_F_SQUARE, &c, 3, 1, 0, 0);
    /* none when the parent is wholly in Skirmish formation */
    p = with_att(prof(FOGN_INF_LIGHT, FOGN_SMALL), FOGN_ATT_SKIRMISHERS, FOGN_ATT_ARTILLERY);
    expect_fire(&p, FOGN_F_SKIRMISH, &c, 3, 0, 0, 0);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 4, 2, 0, 0);
    /* an Extended Line half without the attachment (it is in the other half) */
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    c.half = 1;
    expect_fire(&p, FOGN_F_LINE, &c, 6, 2, 0, 0);
    c.att_off = 1u << 0;
    expect_fire(&p, FOGN_F_LINE, &c, 6, 0, 0, 0);
    /* artillery units: medium/heavy +2, howitzer +2 in its own group, rockets nothing */
    c = fctx(FOGN_RANGE_CLOSE);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_SMALL), FOGN_ATT_HEAVY_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 6, 2, 0, 0);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_LARGE), FOGN_ATT_HOWITZER, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 8, 0, 2, 0);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_LARGE), FOGN_ATT_ROCKETS, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 8, 0, 0, 0);
    expect_fire(&p, FOGN_F_LIMBERED, &c, 0, 0, 0, 0);
    /* Ruling: a cavalry unit's guns fire alone with 2 dice at close range */
    p = with_att(prof(FOGN_CAV_LIGHT, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 0, FOGN_R_CAV_ATT_DICE, 0, 1);
    assert_int_equal(FOGN_R_CAV_ATT_DICE, 2);
    expect_fire(&p, FOGN_F_COLUMN, &c, 0, 0, 0, 0);
    /* March Column: no fire at all */
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_COLUMN, &c, 0, 0, 0, 0);
}

/* --- §7.4 medium range ---------------------------------------------------------------------------------- */

static void test_s7_4_medium_range_unit_rows(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_MEDIUM);
    /* Unreformed 0 / 0, + skirmisher attachment 3 / 4 (rifle skirmishers too) */
    assert_int_equal(own(FOGN_INF_UNREFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_RANGE_MEDIUM), 0);
    assert_int_equal(own(FOGN_INF_UNREFORMED, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_MEDIUM), 0);
    fogn_unit_profile p = with_att(prof(FOGN_INF_UNREFORMED, FOGN_SMALL), FOGN_ATT_SKIRMISHERS, FOGN_ATT_NONE);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 3);
    p = with_att(prof(FOGN_INF_UNREFORMED, FOGN_LARGE), FOGN_ATT_NONE, FOGN_ATT_RIFLE_SKIRMISHERS);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 4);
    c.att_off = 1u << 1; /* the skirmishers are gone */
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 0);
    c.att_off = 0;
    /* Reformed line 3 / 4 (§23.1 #8), + skirmishers 4 / 5 */
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_RANGE_MEDIUM), FOGN_R_MED_REFORMED_SMALL);
    assert_int_equal(own(FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_MEDIUM), FOGN_R_MED_REFORMED_LARGE);
    assert_int_equal(FOGN_R_MED_REFORMED_SMALL, 3);
    assert_int_equal(FOGN_R_MED_REFORMED_LARGE, 4);
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_SMALL), FOGN_ATT_SKIRMISHERS, FOGN_ATT_NONE);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 4);
    p.size = FOGN_LARGE;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 5);
    /* §23.3 #37: an Extended Line fires as one unit at medium range */
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_LINE, &c), 5);
    /* §2.1: "move as Unreformed, fire as Reformed" */
    p = prof(FOGN_INF_UNREFORMED, FOGN_LARGE);
    p.caps = FOGN_CAP_MOVE_UNREFORMED | FOGN_CAP_FIRE_REFORMED;
    assert_true(fogn_fires_reformed(&p));
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 4);
    p = prof(FOGN_INF_REFORMED, FOGN_SMALL);
    p.caps = FOGN_CAP_MOVE_UNREFORMED;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 3);
    /* Light infantry 5 / 6, in Skirmish formation too */
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_TACTICAL, FOGN_RANGE_MEDIUM), 5);
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_SKIRMISH, FOGN_RANGE_MEDIUM), 6);
    /* Deep: small-unit dice */
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_DEEP, FOGN_RANGE_MEDIUM), 5);
    /* Squares fire at close range only */
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_SQUARE, FOGN_RANGE_MEDIUM), 0);
    /* Artillery 6 / 8, not mortars */
    assert_int_equal(own(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, FOGN_RANGE_MEDIUM), 6);
    assert_int_equal(own(FOGN_ART_HORSE, FOGN_LARGE, FOGN_F_UNLIMBERED, FOGN_RANGE_MEDIUM), 8);
    assert_int_equal(own(FOGN_ART_MORTAR, FOGN_SMALL, FOGN_F_UNLIMBERED, FOGN_RANGE_MEDIUM), 0);
    /* no infantry at long range */
    assert_int_equal(own(FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_LONG), 0);
}

static void test_s7_4_medium_range_attachments(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_MEDIUM);
    /* a parent with no medium dice of its own: the guns fire alone with 2 */
    fogn_unit_profile p = with_att(prof(FOGN_INF_UNREFORMED, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 0, 2, 0, 1);
    p = with_att(prof(FOGN_CAV_HEAVY, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 0, 2, 0, 1);
    /* a parent with its own medium dice: +1 */
    p = with_att(prof(FOGN_INF_UNREFORMED, FOGN_LARGE), FOGN_ATT_SKIRMISHERS, FOGN_ATT_ARTILLERY);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 4, 1, 0, 0);
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 3, 1, 0, 0);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 6, 1, 0, 0);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_LARGE), FOGN_ATT_HOWITZER, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 8, 0, 1, 0);
    /* wholly in Skirmish formation, or rockets: 0 */
    p = with_att(prof(FOGN_INF_LIGHT, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_SKIRMISH, &c, 5, 0, 0, 0);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 5, 1, 0, 0);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_SMALL), FOGN_ATT_ROCKETS, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 6, 0, 0, 0);
    /* a Square does not fire at medium range at all */
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_SQUARE, &c, 0, 0, 0, 0);
}

static void test_s7_4_long_range_rows(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_LONG);
    /* Mortars, Heavy artillery 4 / 5; Medium (incl. horse) 3 / 4 */
    assert_int_equal(own(FOGN_ART_MORTAR, FOGN_SMALL, FOGN_F_UNLIMBERED, FOGN_RANGE_LONG), 4);
    assert_int_equal(own(FOGN_ART_MORTAR, FOGN_LARGE, FOGN_F_UNLIMBERED, FOGN_RANGE_LONG), 5);
    fogn_unit_profile p = prof(FOGN_ART_FOOT, FOGN_SMALL);
    p.weight = FOGN_HEAVY;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_UNLIMBERED, &c), 4);
    p.size = FOGN_LARGE;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_UNLIMBERED, &c), 5);
    assert_int_equal(own(FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, FOGN_RANGE_LONG), 3);
    assert_int_equal(own(FOGN_ART_HORSE, FOGN_LARGE, FOGN_F_UNLIMBERED, FOGN_RANGE_LONG), 4);
    assert_int_equal(own(FOGN_ART_HORSE, FOGN_LARGE, FOGN_F_LIMBERED, FOGN_RANGE_LONG), 0);
    /* + artillery attachment +1, howitzers and rockets included (own group);
     * a medium battery with a heavy attachment fires as medium + 1 */
    p = with_att(prof(FOGN_ART_FOOT, FOGN_SMALL), FOGN_ATT_HEAVY_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 3, 1, 0, 0);
    p = with_att(prof(FOGN_ART_FOOT, FOGN_LARGE), FOGN_ATT_ROCKETS, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 4, 0, 1, 0);
    p = with_att(prof(FOGN_ART_MORTAR, FOGN_LARGE), FOGN_ATT_HOWITZER, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 5, 0, 1, 0);
    /* Ruling: guns attached to infantry or cavalry never fire at long range */
    assert_int_equal(FOGN_R_ATT_LONG_ONLY_ON_ARTILLERY, 1);
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 0, 0, 0, 0);
    p = with_att(prof(FOGN_CAV_LIGHT, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 0, 0, 0, 0);
}

static void test_s7_8_fire_groups_reroll_by_training(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_CLOSE);
    fogn_fire_dice d;
    fogn_unit_profile p = with_att(prof(FOGN_INF_REFORMED, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    p.training = FOGN_TR_VETERAN; /* own dice re-roll 1s; the guns fire as Drilled */
    fogn_fire_dice_of(&p, FOGN_F_TACTICAL, &c, &d);
    assert_int_equal(d.reroll[FOGN_FG_OWN], 1);
    assert_int_equal(d.reroll[FOGN_FG_ATT], FOGN_REROLL_NONE);
    p.training = FOGN_TR_CONSCRIPT;
    fogn_fire_dice_of(&p, FOGN_F_TACTICAL, &c, &d);
    assert_int_equal(d.reroll[FOGN_FG_OWN], FOGN_REROLL_SIXES);
    assert_int_equal(d.reroll[FOGN_FG_ATT], FOGN_REROLL_NONE);
    p.training = FOGN_TR_IRREGULAR; /* attachments of Irregulars re-roll with the parent */
    fogn_fire_dice_of(&p, FOGN_F_TACTICAL, &c, &d);
    assert_int_equal(d.reroll[FOGN_FG_OWN], FOGN_REROLL_SIXES);
    assert_int_equal(d.reroll[FOGN_FG_ATT], FOGN_REROLL_SIXES);
    assert_int_equal(d.reroll[FOGN_FG_SPECIAL], FOGN_REROLL_SIXES);
    p.training = FOGN_TR_DRILLED;
    fogn_fire_dice_of(&p, FOGN_F_TACTICAL, &c, &d);
    assert_int_equal(d.reroll[FOGN_FG_OWN], FOGN_REROLL_NONE);
    /* §7.7: howitzer / rocket dice and a mortar unit's own dice take the special score */
    assert_false(fogn_fire_group_special(&p, FOGN_FG_OWN));
    assert_false(fogn_fire_group_special(&p, FOGN_FG_ATT));
    assert_true(fogn_fire_group_special(&p, FOGN_FG_SPECIAL));
    fogn_unit_profile m = prof(FOGN_ART_MORTAR, FOGN_SMALL);
    assert_true(fogn_fire_group_special(&m, FOGN_FG_OWN));
}

static void test_s15_4_fire_into_and_out_of_buildings_4_dice(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_CLOSE);
    c.into_building = 1;
    fogn_unit_profile p = with_att(prof(FOGN_INF_REFORMED, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 4, 2, 0, 0);
    c.range = FOGN_RANGE_MEDIUM; /* unreformed attackers have no medium band at all */
    assert_int_equal(own(FOGN_INF_UNREFORMED, FOGN_LARGE, FOGN_F_TACTICAL, FOGN_RANGE_MEDIUM), 0);
    p = prof(FOGN_INF_UNREFORMED, FOGN_LARGE);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 0);
    p = prof(FOGN_ART_FOOT, FOGN_LARGE);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_UNLIMBERED, &c), 4);
    c.range = FOGN_RANGE_LONG; /* long-range artillery keeps its dice */
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_UNLIMBERED, &c), 4);
    p.weight = FOGN_HEAVY;
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_UNLIMBERED, &c), 5);
    /* defenders: 4 at close and (ruling) at medium, unreformed included */
    c = fctx(FOGN_RANGE_MEDIUM);
    c.from_building = 1;
    p = prof(FOGN_INF_UNREFORMED, FOGN_SMALL);
    assert_int_equal(FOGN_R_BUILDING_DEFENDERS_MEDIUM, 1);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 4);
    c.range = FOGN_RANGE_CLOSE;
    p = prof(FOGN_INF_LIGHT, FOGN_LARGE);
    assert_int_equal(fogn_fire_own_dice(&p, FOGN_F_TACTICAL, &c), 4);
}

/* --- §7.5 supporting fire and dice losses --------------------------------------------------------- */

static void test_s7_5_supporting_fire_dice(void **state)
{
    (void)state;
    fogn_unit_profile inf = prof(FOGN_INF_REFORMED, FOGN_SMALL);
    assert_int_equal(fogn_support_dice(&inf, FOGN_F_TACTICAL, FOGN_STEADY, 0), 1);
    assert_int_equal(fogn_support_dice(&inf, FOGN_F_LINE, FOGN_DISORDERED, 0), 1);
    assert_int_equal(fogn_support_dice(&inf, FOGN_F_TACTICAL, FOGN_WAVERING, 0), 0);
    assert_int_equal(fogn_support_dice(&inf, FOGN_F_TACTICAL, FOGN_BROKEN, 0), 0);
    assert_int_equal(fogn_support_dice(&inf, FOGN_F_COLUMN, FOGN_STEADY, 0), 0);
    fogn_unit_profile ia = with_att(inf, FOGN_ATT_NONE, FOGN_ATT_ARTILLERY);
    assert_int_equal(fogn_support_dice(&ia, FOGN_F_TACTICAL, FOGN_STEADY, 0), 2);
    assert_int_equal(fogn_support_dice(&ia, FOGN_F_TACTICAL, FOGN_STEADY, 1u << 1), 1);
    fogn_unit_profile sk = with_att(prof(FOGN_INF_LIGHT, FOGN_SMALL), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    assert_int_equal(FOGN_R_SKIRMISH_SUPPORT_AS_INFANTRY, 1);
    assert_int_equal(fogn_support_dice(&sk, FOGN_F_SKIRMISH, FOGN_STEADY, 0), 1);
    fogn_unit_profile art = prof(FOGN_ART_FOOT, FOGN_LARGE);
    assert_int_equal(fogn_support_dice(&art, FOGN_F_UNLIMBERED, FOGN_STEADY, 0), 2);
    assert_int_equal(fogn_support_dice(&art, FOGN_F_LIMBERED, FOGN_STEADY, 0), 0);
    fogn_unit_profile mortar = prof(FOGN_ART_MORTAR, FOGN_LARGE);
    assert_int_equal(fogn_support_dice(&mortar, FOGN_F_UNLIMBERED, FOGN_STEADY, 0), 0);
    fogn_unit_profile cav = with_att(prof(FOGN_CAV_HEAVY, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    assert_int_equal(fogn_support_dice(&cav, FOGN_F_TACTICAL, FOGN_STEADY, 0), 0);
}

static void test_s7_5_enemy_cavalry_near_infantry_at_medium(void **state)
{
    (void)state;
    fogn_fire_ctx c = fctx(FOGN_RANGE_MEDIUM);
    c.enemy_cav = 1;
    /* muskets -2, rifles -1 (the unit, or a rifle-skirmisher attachment) */
    fogn_unit_profile p = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    assert_int_equal(fogn_fire_cavalry_loss(&p, &c), 2);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 2, 0, 0, 0);
    p.caps = FOGN_CAP_RIFLES;
    assert_int_equal(fogn_fire_cavalry_loss(&p, &c), 1);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 3, 0, 0, 0);
    p = with_att(prof(FOGN_INF_REFORMED, FOGN_LARGE), FOGN_ATT_RIFLE_SKIRMISHERS, FOGN_ATT_NONE);
    assert_true(fogn_has_rifles(&p, 0));
    expect_fire(&p, FOGN_F_TACTICAL, &c, 4, 0, 0, 0);
    /* never below 0; attachment dice and artillery units unaffected */
    p = with_att(prof(FOGN_INF_UNREFORMED, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 0, 2, 0, 1);
    p = prof(FOGN_ART_FOOT, FOGN_LARGE);
    assert_int_equal(fogn_fire_cavalry_loss(&p, &c), 0);
    expect_fire(&p, FOGN_F_UNLIMBERED, &c, 8, 0, 0, 0);
    /* only at medium range */
    p = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    c.range = FOGN_RANGE_CLOSE;
    assert_int_equal(fogn_fire_cavalry_loss(&p, &c), 0);
    expect_fire(&p, FOGN_F_TACTICAL, &c, 6, 0, 0, 0);
}

static void test_s7_5_s9_5_effective_cohesion_dice(void **state)
{
    (void)state;
    /* level 1: a die per full 3; level 2: per full 2; 3+: none (5 -> 4 -> 3) */
    assert_int_equal(fogn_cohesion_dice(5, 0), 5);
    assert_int_equal(fogn_cohesion_dice(5, 1), 4);
    assert_int_equal(fogn_cohesion_dice(5, 2), 3);
    assert_int_equal(fogn_cohesion_dice(5, 3), 0);
    assert_int_equal(fogn_cohesion_dice(5, 4), 0);
    assert_int_equal(fogn_cohesion_dice(2, 1), 2);
    assert_int_equal(fogn_cohesion_dice(3, 1), 2);
    assert_int_equal(fogn_cohesion_dice(6, 1), 4);
    assert_int_equal(fogn_cohesion_dice(8, 1), 6);
    assert_int_equal(fogn_cohesion_dice(1, 2), 1);
    assert_int_equal(fogn_cohesion_dice(6, 2), 3);
    assert_int_equal(fogn_cohesion_dice(9, 2), 5);
    assert_int_equal(fogn_cohesion_dice(0, 1), 0);
}

static void test_s7_5_ruling_cohesion_loss_from_the_worst_dice(void **state)
{
    (void)state;
    /* Veteran infantry (re-roll 1s) with Drilled guns, same score: guns lose first */
    int n[2] = {4, 2}, score[2] = {4, 4}, rr[2] = {1, FOGN_REROLL_NONE};
    assert_int_equal(fogn_cohesion_reduce(n, score, rr, 2, 1), 4);
    assert_int_equal(n[0], 4);
    assert_int_equal(n[1], 0);
    /* Conscripts (must re-roll 6s): their own dice go first */
    int n2[2] = {4, 2}, rr2[2] = {FOGN_REROLL_SIXES, FOGN_REROLL_NONE};
    assert_int_equal(fogn_cohesion_reduce(n2, score, rr2, 2, 2), 3);
    assert_int_equal(n2[0], 1);
    assert_int_equal(n2[1], 2);
    /* a higher score is worth less than any re-roll: howitzers (5+) vs own 6+ */
    int n3[3] = {6, 0, 2}, s3[3] = {6, 5, 5}, rr3[3] = {1, 0, 0};
    assert_int_equal(fogn_cohesion_reduce(n3, s3, rr3, 3, 1), 6);
    assert_int_equal(n3[0], 4);
    assert_int_equal(n3[2], 2);
    /* equal groups: the later one loses first */
    int n4[2] = {3, 3}, rr4[2] = {0, 0};
    assert_int_equal(fogn_cohesion_reduce(n4, score, rr4, 2, 1), 4);
    assert_int_equal(n4[0], 3);
    assert_int_equal(n4[1], 1);
}

/* --- §7.7 firing to-hit -------------------------------------------------------------------------------- */

static void test_s7_7_fire_base_scores(void **state)
{
    (void)state;
    fogn_fire_target t;
    /* long 6+: single rank, unlimbered artillery, soft ground */
    t = tgt(FOGN_ARM_INF, FOGN_F_LINE);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_LONG, &t), 6);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_MEDIUM, &t), 5);
    t = tgt(FOGN_ARM_INF, FOGN_F_SKIRMISH_LINE);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_LONG, &t), 6);
    t = tgt(FOGN_ARM_ART, FOGN_F_UNLIMBERED);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_LONG, &t), 6);
    t = tgt(FOGN_ARM_ART, FOGN_F_LIMBERED);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_LONG, &t), 5);
    t = tgt(FOGN_ARM_CAV, FOGN_F_TACTICAL);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_LONG, &t), 5);
    t.soft_ground = 1;
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_LONG, &t), 6);
    /* close 4+: infantry in any formation */
    t = tgt(FOGN_ARM_INF, FOGN_F_TACTICAL);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 4);
    t.formation = FOGN_F_LINE;
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 4);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_MEDIUM, &t), 5);
    /* an infantry assaulter: 4+ only if it began within 1 BW of the firers' front */
    t.assaulting = 1;
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 5);
    t.began_in_front = 1;
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 4);
    /* cavalry: 4+ only when assaulting the firers from partly in front */
    t = tgt(FOGN_ARM_CAV, FOGN_F_TACTICAL);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 5);
    t.assaulting = 1;
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 5);
    t.began_in_front = 1;
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 4);
    /* anything else 5+ */
    t = tgt(FOGN_ARM_ART, FOGN_F_UNLIMBERED);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_CLOSE, &t), 5);
    assert_int_equal(fogn_fire_base_score(FOGN_RANGE_MEDIUM, &t), 5);
}

static void test_s7_7_fire_poa_and_cap(void **state)
{
    (void)state;
    fogn_fire_target t;
    /* + March Column or Square */
    t = tgt(FOGN_ARM_INF, FOGN_F_COLUMN);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 3);
    t = tgt(FOGN_ARM_INF, FOGN_F_SQUARE);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_MEDIUM, &t, false, false), 4);
    /* + firers behind its flank or rear */
    t = tgt(FOGN_ARM_CAV, FOGN_F_TACTICAL);
    t.from_behind = 1;
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 4);
    /* + Deep at long range only */
    t = tgt(FOGN_ARM_INF, FOGN_F_DEEP);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, false), 4);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_MEDIUM, &t, false, false), 5);
    /* at most one net +: column fired at from behind is still 3+ */
    t = tgt(FOGN_ARM_INF, FOGN_F_COLUMN);
    t.from_behind = 1;
    assert_int_equal(fogn_fire_poa(FOGN_RANGE_CLOSE, &t, false, false), 1);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 3);
    /* - Skirmish formation target; - skirmishers firing at close range */
    t = tgt(FOGN_ARM_INF, FOGN_F_SKIRMISH);
    t.skirmishers = 1;
    assert_int_equal(fogn_fire_score(FOGN_RANGE_MEDIUM, &t, false, false), 6);
    t = tgt(FOGN_ARM_INF, FOGN_F_TACTICAL);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, true, false), 5);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_MEDIUM, &t, true, false), 5);
    /* Ruling: mounted Skirmishers too; at long range the cap keeps 6+ (book example) */
    assert_int_equal(FOGN_R_SKIRMISHER_TARGET_ALL, 1);
    t = tgt(FOGN_ARM_CAV, FOGN_F_LINE);
    t.skirmishers = 1;
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, false), 6);
    t = tgt(FOGN_ARM_CAV, FOGN_F_TACTICAL);
    t.skirmishers = 1;
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, false), 6);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 6);
    /* - cover, but not for howitzer / rocket / mortar dice */
    t = tgt(FOGN_ARM_INF, FOGN_F_TACTICAL);
    t.in_cover = 1;
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 5);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, true), 4);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, true), 5);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, false), 6);
    /* 1 plus, 2 minus: a single net minus */
    t = tgt(FOGN_ARM_INF, FOGN_F_COLUMN);
    t.in_cover = 1;
    assert_int_equal(fogn_fire_poa(FOGN_RANGE_CLOSE, &t, true, false), -1);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, true, false), 5);
    /* cap 6: two minus on a 6+ base stays 6 */
    t = tgt(FOGN_ARM_INF, FOGN_F_SKIRMISH_LINE);
    t.skirmishers = 1;
    t.in_cover = 1;
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, false), 6);
}

static void test_s15_4_fire_scores_at_buildings(void **state)
{
    (void)state;
    fogn_fire_target t = tgt(FOGN_ARM_INF, FOGN_F_TACTICAL);
    t.building = 1;
    t.in_cover = 1;
    /* 5 at close, 6 at medium or long; howitzer/rocket/mortar dice 5 at every range */
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 5);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_MEDIUM, &t, false, false), 6);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, false), 6);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_LONG, &t, false, true), 5);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_MEDIUM, &t, false, true), 5);
    /* no POA on top (ruling): a column target in a building stays 5 at close */
    t.formation = FOGN_F_COLUMN;
    assert_int_equal(FOGN_R_BUILDING_FIRE_NO_POA, 1);
    assert_int_equal(fogn_fire_score(FOGN_RANGE_CLOSE, &t, false, false), 5);
}

/* --- §7.9 firing results ---------------------------------------------------------------------------- */

static fogn_fire_result fres(int hits, int large, int cohesion, int close)
{
    fogn_fire_hit_in in;
    memset(&in, 0, sizeof in);
    in.hits = hits;
    in.large = (uint8_t)large;
    in.cohesion = (uint8_t)cohesion;
    in.any_close = (uint8_t)close;
    fogn_fire_result r;
    fogn_fire_result_of(&in, &r);
    return r;
}

static void expect_fres(fogn_fire_result r, int net, int move, int losses, int outcome, int broken)
{
    assert_int_equal(r.net, net);
    assert_int_equal(r.move, move);
    assert_int_equal(r.losses, losses);
    assert_int_equal(r.outcome, outcome);
    assert_int_equal(r.broken, broken);
}

static void test_s7_9_fire_result_rows(void **state)
{
    (void)state;
    expect_fres(fres(0, 0, FOGN_STEADY, 1), 0, FOGN_FM_NONE, 0, 0, 0);
    expect_fres(fres(1, 0, FOGN_STEADY, 1), 1, FOGN_FM_CMT_TO_ADVANCE, FOGN_R_FIRE_LOSS_1HIT, 0, 0);
    assert_int_equal(FOGN_R_FIRE_LOSS_1HIT, 0);
    expect_fres(fres(2, 0, FOGN_STEADY, 1), 2, FOGN_FM_CMT_TO_ADVANCE, 1, 0, 0);
    assert_int_equal(FOGN_R_FIRE_LOSS_2HITS, 1);
    expect_fres(fres(3, 0, FOGN_STEADY, 1), 3, FOGN_FM_RETIRE_3, 1, 0, 0);
    expect_fres(fres(4, 0, FOGN_STEADY, 1), 4, FOGN_FM_OUTCOME, 2, 1, 0);
    expect_fres(fres(7, 0, FOGN_STEADY, 1), 7, FOGN_FM_OUTCOME, 2, 1, 0);
    /* Disordered: 3 hits make it Wavering; 4 close hits break it */
    expect_fres(fres(3, 0, FOGN_DISORDERED, 0), 3, FOGN_FM_RETIRE_3, 1, 0, 0);
    expect_fres(fres(4, 0, FOGN_DISORDERED, 1), 4, FOGN_FM_OUTCOME, 2, 1, 1);
    /* two levels only with some close-range fire */
    expect_fres(fres(5, 0, FOGN_STEADY, 0), 5, FOGN_FM_OUTCOME, 1, 1, 0);
}

static void test_s7_9_hit_reduction_never_more_than_one(void **state)
{
    (void)state;
    fogn_fire_hit_in in;
    memset(&in, 0, sizeof in);
    in.hits = 3;
    in.large = 1;
    assert_int_equal(fogn_fire_hit_reduction(&in), 1);
    in.cohesion = FOGN_DISORDERED;
    assert_int_equal(fogn_fire_hit_reduction(&in), 1);
    in.cohesion = FOGN_WAVERING;
    assert_int_equal(fogn_fire_hit_reduction(&in), 0);
    in.superior_assaulting = 1; /* a Superior assaulter under defensive fire */
    assert_int_equal(fogn_fire_hit_reduction(&in), 1);
    in.cohesion = FOGN_STEADY; /* large AND Superior assaulting: still 1 */
    assert_int_equal(fogn_fire_hit_reduction(&in), 1);
    in.any_close = 1;
    fogn_fire_result r;
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 2, FOGN_FM_CMT_TO_ADVANCE, 1, 0, 0);
    in.hits = 1;
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 0, FOGN_FM_NONE, 0, 0, 0);
    /* a large Steady unit: 4 hits count as 3 */
    expect_fres(fres(4, 1, FOGN_STEADY, 1), 3, FOGN_FM_RETIRE_3, 1, 0, 0);
}

static void test_s7_9_wavering_target(void **state)
{
    (void)state;
    /* no close-range fire: an outcome move instead of the loss */
    expect_fres(fres(2, 0, FOGN_WAVERING, 0), 2, FOGN_FM_CMT_TO_ADVANCE, 0, 1, 0);
    expect_fres(fres(3, 1, FOGN_WAVERING, 0), 3, FOGN_FM_RETIRE_3, 0, 1, 0); /* Wavering large: no reduction */
    /* any close-range fire: Broken, and it retires at once */
    expect_fres(fres(2, 0, FOGN_WAVERING, 1), 2, FOGN_FM_CMT_TO_ADVANCE, 1, 1, 1);
    expect_fres(fres(5, 0, FOGN_WAVERING, 1), 5, FOGN_FM_OUTCOME, 1, 1, 1);
    /* 1 hit calls for no loss: only the CMT to advance */
    expect_fres(fres(1, 0, FOGN_WAVERING, 1), 1, FOGN_FM_CMT_TO_ADVANCE, 0, 0, 0);
}

static void test_s7_9_guard_one_loss_a_phase(void **state)
{
    (void)state;
    fogn_fire_hit_in in;
    memset(&in, 0, sizeof in);
    in.hits = 5;
    in.any_close = 1;
    in.guard = 1;
    fogn_fire_result r;
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 5, FOGN_FM_OUTCOME, 1, 1, 0);
    in.guard_lost = 1; /* lost one already (Assault Phase fire counts apart; caller passes this phase's) */
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 5, FOGN_FM_OUTCOME, 0, 1, 0);
    in.hits = 2;
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 2, FOGN_FM_CMT_TO_ADVANCE, 0, 0, 0);
    /* Wavering Guard with its level spent: not Broken, retires (ruling) */
    in.cohesion = FOGN_WAVERING;
    assert_int_equal(FOGN_R_GUARD_WAVERING_RETIRES, 1);
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 2, FOGN_FM_CMT_TO_ADVANCE, 0, 1, 0);
    in.guard_lost = 0;
    fogn_fire_result_of(&in, &r);
    expect_fres(r, 2, FOGN_FM_CMT_TO_ADVANCE, 1, 1, 1);
}

/* --- §9.2-§9.3 combat dice -------------------------------------------------------------------------- */

static void test_s9_2_combat_dice_allowance(void **state)
{
    (void)state;
    fogn_melee m = melee();
    fogn_unit_profile inf = prof(FOGN_INF_REFORMED, FOGN_SMALL), infl = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    fogn_unit_profile cav = prof(FOGN_CAV_HEAVY, FOGN_SMALL), cavl = prof(FOGN_CAV_HEAVY, FOGN_LARGE);
    /* 6 / 8: infantry or cavalry in Tactical or Extended Line */
    assert_int_equal(fogn_combat_base_dice(&inf, FOGN_F_TACTICAL, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_TACTICAL, &m), 8);
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_LINE, &m), 8);
    assert_int_equal(fogn_combat_base_dice(&cav, FOGN_F_TACTICAL, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&cavl, FOGN_F_LINE, &m), 8);
    fogn_unit_profile lc = prof(FOGN_CAV_LIGHT, FOGN_LARGE);
    assert_int_equal(fogn_combat_base_dice(&lc, FOGN_F_LINE, &m), 8);
    fogn_unit_profile ih = prof(FOGN_CAV_IRR_HEAVY, FOGN_LARGE);
    assert_int_equal(fogn_combat_base_dice(&ih, FOGN_F_TACTICAL, &m), 8);
    /* all other: 4 / 6 */
    fogn_unit_profile il = prof(FOGN_CAV_IRR_LIGHT, FOGN_SMALL), ill = prof(FOGN_CAV_IRR_LIGHT, FOGN_LARGE);
    assert_int_equal(fogn_combat_base_dice(&il, FOGN_F_TACTICAL, &m), 4);
    assert_int_equal(fogn_combat_base_dice(&ill, FOGN_F_LINE, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&inf, FOGN_F_SQUARE, &m), 4);
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_SQUARE, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_COLUMN, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&cav, FOGN_F_COLUMN, &m), 4);
    fogn_unit_profile li = prof(FOGN_INF_LIGHT, FOGN_LARGE);
    assert_int_equal(fogn_combat_base_dice(&li, FOGN_F_SKIRMISH, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&li, FOGN_F_SKIRMISH_LINE, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&li, FOGN_F_TACTICAL, &m), 8);
    fogn_unit_profile art = prof(FOGN_ART_FOOT, FOGN_SMALL), artl = prof(FOGN_ART_HORSE, FOGN_LARGE);
    assert_int_equal(FOGN_R_ART_COMBAT_ALL_OTHER, 1);
    assert_int_equal(fogn_combat_base_dice(&art, FOGN_F_UNLIMBERED, &m), 4);
    assert_int_equal(fogn_combat_base_dice(&artl, FOGN_F_LIMBERED, &m), 6);
    m.rough = 1;
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_TACTICAL, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&lc, FOGN_F_LINE, &m), 6);
    m = melee();
    m.obstacle = 1;
    assert_int_equal(fogn_combat_base_dice(&inf, FOGN_F_TACTICAL, &m), 4);
    m = melee();
    m.vs_square = 1; /* cavalry fighting a Square; the Square's enemy row is its own */
    assert_int_equal(fogn_combat_base_dice(&cavl, FOGN_F_TACTICAL, &m), 6);
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_TACTICAL, &m), 8);
    /* Deep: small-unit dice of whichever row applies */
    m = melee();
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_DEEP, &m), 6);
    m.rough = 1;
    assert_int_equal(fogn_combat_base_dice(&cavl, FOGN_F_DEEP, &m), 4);
    /* §15.4 across a building's perimeter: 4, large or small */
    m = melee();
    m.building = 1;
    assert_int_equal(fogn_combat_base_dice(&infl, FOGN_F_TACTICAL, &m), 4);
    assert_false(fogn_combat_full_row(&infl, FOGN_F_TACTICAL, &m));
}

static void test_s9_3_combat_dice_additions(void **state)
{
    (void)state;
    fogn_melee m = melee();
    fogn_unit_profile lan = prof(FOGN_CAV_LIGHT, FOGN_SMALL);
    lan.caps = FOGN_CAP_LANCERS;
    /* lancers vs infantry and/or artillery +2, part +1, not Wavering, not vs cavalry */
    m.vs_inf = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 8);
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_DISORDERED, &m), 8);
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_WAVERING, &m), 6);
    m = melee();
    m.vs_art = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 8);
    m = melee();
    m.vs_square = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 6); /* 4 vs a Square, +2 */
    m = melee();
    m.vs_cav = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 6);
    lan.caps = FOGN_CAP_PART_LANCERS;
    m = melee();
    m.vs_inf = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 7);
    /* uphill +2, partly +1 */
    fogn_unit_profile inf = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    m = melee();
    m.uphill = 2;
    assert_int_equal(cdice(&inf, FOGN_F_TACTICAL, FOGN_STEADY, &m), 10);
    m.uphill = 1;
    assert_int_equal(cdice(&inf, FOGN_F_TACTICAL, FOGN_STEADY, &m), 9);
    /* each flank supporter +2 (its own group), none across an obstacle */
    fogn_combat_dice d;
    m = melee();
    m.flank_support = 2;
    assert_int_equal(fogn_combat_dice_of(&inf, FOGN_F_TACTICAL, FOGN_STEADY, 0, &m, &d), 12);
    assert_int_equal(d.own, 8);
    assert_int_equal(d.flank, 4);
    m.flank_support = 1;
    fogn_combat_dice_of(&inf, FOGN_F_TACTICAL, FOGN_STEADY, 0, &m, &d);
    assert_int_equal(d.flank, 2);
    m.obstacle = 1;
    assert_int_equal(fogn_combat_dice_of(&inf, FOGN_F_TACTICAL, FOGN_STEADY, 0, &m, &d), 6);
    assert_int_equal(d.flank, 0);
    /* rear support +1 to this unit, -1 for each opponent that has it; Deep supports itself */
    m = melee();
    m.rear_support = 1;
    assert_int_equal(cdice(&inf, FOGN_F_TACTICAL, FOGN_STEADY, &m), 9);
    m = melee();
    m.foe_rear_support = 2;
    assert_int_equal(cdice(&inf, FOGN_F_TACTICAL, FOGN_STEADY, &m), 6);
    m = melee();
    assert_int_equal(cdice(&inf, FOGN_F_DEEP, FOGN_WAVERING, &m), 7);
    /* Shock +1 (R) vs infantry or light cavalry; not vs Square or infantry behind an obstacle */
    fogn_unit_profile sh = prof(FOGN_CAV_HEAVY, FOGN_SMALL);
    sh.caps = FOGN_CAP_SHOCK;
    assert_int_equal(FOGN_R_SHOCK_DICE, 1);
    m = melee();
    m.vs_inf = 1;
    assert_int_equal(cdice(&sh, FOGN_F_TACTICAL, FOGN_STEADY, &m), 7);
    m.obstacle = 1;
    assert_int_equal(cdice(&sh, FOGN_F_TACTICAL, FOGN_STEADY, &m), 4);
    m = melee();
    m.vs_square = 1;
    assert_int_equal(cdice(&sh, FOGN_F_TACTICAL, FOGN_STEADY, &m), 4);
    m = melee();
    m.vs_cav = 1;
    m.vs_light_cav = 1;
    assert_int_equal(cdice(&sh, FOGN_F_TACTICAL, FOGN_STEADY, &m), 7);
    m.vs_light_cav = 0;
    assert_int_equal(cdice(&sh, FOGN_F_TACTICAL, FOGN_STEADY, &m), 6);
    /* cavalry with an artillery attachment +1 vs cavalry or Square only */
    fogn_unit_profile ca = with_att(prof(FOGN_CAV_LIGHT, FOGN_LARGE), FOGN_ATT_ARTILLERY, FOGN_ATT_NONE);
    m = melee();
    m.vs_cav = 1;
    assert_int_equal(cdice(&ca, FOGN_F_TACTICAL, FOGN_STEADY, &m), 9);
    assert_int_equal(fogn_combat_dice_of(&ca, FOGN_F_TACTICAL, FOGN_STEADY, 1u, &m, &d), 8); /* guns lost */
    m = melee();
    m.vs_square = 1;
    assert_int_equal(cdice(&ca, FOGN_F_TACTICAL, FOGN_STEADY, &m), 7);
    m = melee();
    m.vs_inf = 1;
    assert_int_equal(cdice(&ca, FOGN_F_TACTICAL, FOGN_STEADY, &m), 8);
    /* never below 0 */
    fogn_unit_profile art = prof(FOGN_ART_FOOT, FOGN_SMALL);
    m = melee();
    m.foe_rear_support = 5;
    assert_int_equal(cdice(&art, FOGN_F_UNLIMBERED, FOGN_STEADY, &m), 0);
}

static void test_s15_4_combat_at_buildings_only_rear_support_counts(void **state)
{
    (void)state;
    fogn_unit_profile lan = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    fogn_melee m = melee();
    m.building = 1;
    m.uphill = 2;
    m.flank_support = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 4);
    m.rear_support = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 5);
    m.rear_support = 0;
    m.foe_rear_support = 1;
    assert_int_equal(cdice(&lan, FOGN_F_TACTICAL, FOGN_STEADY, &m), 3);
}

/* --- §9.7 combat POA, §2.5 weight order --------------------------------------------------------------- */

static void test_s2_5_cavalry_weight_order(void **state)
{
    (void)state;
    assert_int_equal(fogn_cav_weight_mix(true, false, false), 1);
    assert_int_equal(fogn_cav_weight_mix(true, true, false), 2);
    assert_int_equal(fogn_cav_weight_mix(false, true, false), 3);
    assert_int_equal(fogn_cav_weight_mix(true, false, true), 3);
    assert_int_equal(fogn_cav_weight_mix(false, true, true), 4);
    assert_int_equal(fogn_cav_weight_mix(true, true, true), 4);
    assert_int_equal(fogn_cav_weight_mix(false, false, true), 5);
    assert_int_equal(fogn_cav_weight_mix(false, false, false), 0);
    fogn_unit_profile p = prof(FOGN_CAV_LIGHT, FOGN_SMALL);
    assert_int_equal(fogn_cav_weight(&p), 1);
    p.troop = FOGN_CAV_IRR_LIGHT;
    assert_int_equal(fogn_cav_weight(&p), 1);
    p.troop = FOGN_CAV_HEAVY;
    assert_int_equal(fogn_cav_weight(&p), 3);
    p.caps = FOGN_CAP_SHOCK;
    assert_int_equal(fogn_cav_weight(&p), 5);
    p.troop = FOGN_CAV_IRR_HEAVY;
    p.caps = 0;
    assert_int_equal(fogn_cav_weight(&p), 3);
    p.troop = FOGN_INF_LIGHT;
    assert_int_equal(fogn_cav_weight(&p), 0);
}

static void test_s9_7_combat_poa_rows(void **state)
{
    (void)state;
    fogn_fighter inf = fighter(FOGN_ARM_INF, FOGN_F_TACTICAL), cav = fighter(FOGN_ARM_CAV, FOGN_F_TACTICAL);
    fogn_fighter inf2 = inf;
    cav.weight = 3;
    /* nothing: 4+ */
    assert_int_equal(fogn_combat_poa(&inf, &inf2, false), 0);
    /* flank or rear attack: attacker +, defender - */
    inf.flank_attack = 1;
    assert_int_equal(fogn_combat_poa(&inf, &inf2, false), 1);
    assert_int_equal(fogn_combat_poa(&inf2, &inf, false), -1);
    inf.flank_attack = 0;
    /* mounted vs lighter cavalry (+ for the heavier only) */
    fogn_fighter light = cav, shock = cav;
    light.weight = 1;
    shock.weight = 5;
    shock.shock = 1;
    assert_int_equal(fogn_combat_poa(&cav, &light, false), 1);
    assert_int_equal(fogn_combat_poa(&light, &cav, false), 0);
    assert_int_equal(fogn_combat_poa(&cav, &cav, false), 0);
    assert_int_equal(fogn_combat_poa(&shock, &cav, false), 1);
    /* mounted vs artillery +, unless it defends an obstacle or is in cover */
    fogn_fighter art = fighter(FOGN_ARM_ART, FOGN_F_UNLIMBERED);
    assert_int_equal(fogn_combat_poa(&cav, &art, false), 1);
    art.in_cover = 1;
    assert_int_equal(fogn_combat_poa(&cav, &art, false), 0);
    art.in_cover = 0;
    art.defends_obstacle = 1;
    assert_int_equal(fogn_combat_poa(&cav, &art, true), -1);
    /* ... and the artillery itself is always - */
    art = fighter(FOGN_ARM_ART, FOGN_F_UNLIMBERED);
    assert_int_equal(fogn_combat_poa(&art, &cav, false), -1);
    /* mounted vs infantry not in Square +, unless obstacle or cover */
    assert_int_equal(fogn_combat_poa(&cav, &inf, false), 1);
    inf.in_cover = 1;
    assert_int_equal(fogn_combat_poa(&cav, &inf, false), 0);
    inf.in_cover = 0;
    inf.defends_obstacle = 1;
    inf.in_open = 0;
    assert_int_equal(fogn_combat_poa(&cav, &inf, true), -1); /* + lost, obstacle - */
    /* mounted vs Square -, not if the Square defends an obstacle */
    fogn_fighter sq = fighter(FOGN_ARM_INF, FOGN_F_SQUARE);
    assert_int_equal(fogn_combat_poa(&cav, &sq, false), -1);
    sq.defends_obstacle = 1;
    assert_int_equal(fogn_combat_poa(&cav, &sq, true), -1); /* the Square's - goes, the obstacle's comes */
    assert_int_equal(fogn_combat_poa(&cav, &sq, false), 0);
    /* across an obstacle: - both sides */
    inf = fighter(FOGN_ARM_INF, FOGN_F_TACTICAL);
    assert_int_equal(fogn_combat_poa(&inf, &inf2, true), -1);
    assert_int_equal(fogn_combat_poa(&inf2, &inf, true), -1);
    /* infantry facing Shock cavalry: - in the open only, not defending an obstacle */
    assert_int_equal(fogn_combat_poa(&inf, &shock, false), -1);
    assert_int_equal(fogn_combat_poa(&inf, &cav, false), 0);
    inf.in_open = 0;
    assert_int_equal(fogn_combat_poa(&inf, &shock, false), 0);
    inf.in_open = 1;
    inf.defends_obstacle = 1;
    assert_int_equal(fogn_combat_poa(&inf, &shock, true), -1); /* only the obstacle */
    /* March Column, Skirmishers or Artillery: - in any terrain (once) */
    fogn_fighter col = fighter(FOGN_ARM_INF, FOGN_F_COLUMN);
    assert_int_equal(fogn_combat_poa(&col, &inf2, false), -1);
    fogn_fighter sk = fighter(FOGN_ARM_CAV, FOGN_F_LINE);
    sk.skirmishers = 1;
    sk.weight = 1;
    assert_int_equal(fogn_combat_poa(&sk, &light, false), -1);
    col.skirmishers = 1;
    assert_int_equal(fogn_combat_poa(&col, &inf2, false), -1);
    /* cavalry vs a column of infantry: + */
    assert_int_equal(fogn_combat_poa(&cav, &col, false), 1);
}

static void test_s9_7_combat_score_capped(void **state)
{
    (void)state;
    assert_int_equal(fogn_combat_score(3), 2);
    assert_int_equal(fogn_combat_score(2), 2);
    assert_int_equal(fogn_combat_score(1), 3);
    assert_int_equal(fogn_combat_score(0), 4);
    assert_int_equal(fogn_combat_score(-1), 5);
    assert_int_equal(fogn_combat_score(-2), 6);
    assert_int_equal(fogn_combat_score(-4), 6);
    /* a worked pair: heavy cavalry on the flank of infantry in the open: +2 -> 2+ */
    fogn_fighter cav = fighter(FOGN_ARM_CAV, FOGN_F_TACTICAL), inf = fighter(FOGN_ARM_INF, FOGN_F_TACTICAL);
    cav.weight = 3;
    cav.flank_attack = 1;
    assert_int_equal(fogn_combat_score(fogn_combat_poa(&cav, &inf, false)), 2);
    assert_int_equal(fogn_combat_score(fogn_combat_poa(&inf, &cav, false)), 5);
}

static void test_s9_7_fighter_from_unit(void **state)
{
    (void)state;
    fogn_unit_profile p = prof(FOGN_CAV_LIGHT, FOGN_LARGE);
    fogn_unit u;
    memset(&u, 0, sizeof u);
    u.formation = FOGN_F_LINE;
    fogn_fighter f;
    fogn_fighter_init(&f, &p, &u);
    assert_int_equal(f.arm, FOGN_ARM_CAV);
    assert_int_equal(f.skirmishers, 1);
    assert_int_equal(f.weight, 1);
    assert_int_equal(f.shock, 0);
    assert_int_equal(f.in_open, 0);
    p = prof(FOGN_CAV_HEAVY, FOGN_LARGE);
    p.caps = FOGN_CAP_SHOCK;
    u.formation = FOGN_F_TACTICAL;
    fogn_fighter_init(&f, &p, &u);
    assert_int_equal(f.skirmishers, 0);
    assert_int_equal(f.weight, 5);
    assert_int_equal(f.shock, 1);
}

/* --- re-roll levels: §2.2, §7.8, §9.8, §9.12 ------------------------------------------------------------ */

static void test_s2_2_reroll_levels(void **state)
{
    (void)state;
    assert_int_equal(fogn_reroll_level(FOGN_ELAN_SUPERIOR, true), 3);
    assert_int_equal(fogn_reroll_level(FOGN_ELAN_SUPERIOR, false), 2);
    assert_int_equal(fogn_reroll_level(FOGN_ELAN_AVERAGE, true), 2);
    assert_int_equal(fogn_reroll_level(FOGN_ELAN_AVERAGE, false), 1);
    assert_int_equal(fogn_reroll_level(FOGN_ELAN_POOR, false), 0);
    assert_int_equal(fogn_reroll_level(FOGN_ELAN_POOR, true), 1); /* §23.3 #46 */
    assert_int_equal(FOGN_R_POOR_GUARD_LEVEL, 1);
    /* tests: failing re-rolls 1-2 (L3), 1s (L2), none; passing Poor must re-roll 6s */
    assert_int_equal(fogn_test_reroll_failing(3), 2);
    assert_int_equal(fogn_test_reroll_failing(2), 1);
    assert_int_equal(fogn_test_reroll_failing(1), 0);
    assert_int_equal(fogn_test_reroll_failing(0), 0);
    assert_true(fogn_test_reroll_sixes(0));
    assert_false(fogn_test_reroll_sixes(1));
    assert_false(fogn_test_reroll_sixes(3));
}

static void test_s9_8_combat_rerolls_led_one_level_up(void **state)
{
    (void)state;
    assert_int_equal(fogn_combat_reroll(3, false), 2);
    assert_int_equal(fogn_combat_reroll(2, false), 1);
    assert_int_equal(fogn_combat_reroll(1, false), FOGN_REROLL_NONE);
    assert_int_equal(fogn_combat_reroll(0, false), FOGN_REROLL_SIXES);
    assert_int_equal(fogn_combat_reroll(3, true), 3);
    assert_int_equal(fogn_combat_reroll(2, true), 2);
    assert_int_equal(fogn_combat_reroll(1, true), 1);
    assert_int_equal(fogn_combat_reroll(0, true), FOGN_REROLL_NONE);
}

static void test_s7_8_fire_rerolls_by_training(void **state)
{
    (void)state;
    assert_int_equal(fogn_fire_reroll(FOGN_TR_VETERAN), 1);
    assert_int_equal(fogn_fire_reroll(FOGN_TR_DRILLED), FOGN_REROLL_NONE);
    assert_int_equal(fogn_fire_reroll(FOGN_TR_CONSCRIPT), FOGN_REROLL_SIXES);
    assert_int_equal(fogn_fire_reroll(FOGN_TR_IRREGULAR), FOGN_REROLL_SIXES);
}

static void test_s9_12_pursuit_reroll_faces(void **state)
{
    (void)state;
    assert_int_equal(fogn_pursuit_reroll_face(FOGN_ELAN_SUPERIOR, false), 1);
    assert_int_equal(fogn_pursuit_reroll_face(FOGN_ELAN_SUPERIOR, true), 1);
    assert_int_equal(fogn_pursuit_reroll_face(FOGN_ELAN_AVERAGE, true), 0);
    assert_int_equal(fogn_pursuit_reroll_face(FOGN_ELAN_AVERAGE, false), 0);
    assert_int_equal(fogn_pursuit_reroll_face(FOGN_ELAN_POOR, false), 6);
    assert_int_equal(FOGN_R_PURSUIT_POOR_GUARD_NONE, 1);
    assert_int_equal(fogn_pursuit_reroll_face(FOGN_ELAN_POOR, true), 0);
}

/* --- §9.9 ------------------------------------------------------------------------------------------------ */

static void test_s9_9_combat_hits_to_losses(void **state)
{
    (void)state;
    static const int normal[9] = {0, 0, 1, 1, 2, 2, 3, 3, 3}, guard[9] = {0, 0, 1, 1, 1, 1, 2, 2, 2};
    for (int h = 0; h <= 8; h++) {
        assert_int_equal(fogn_combat_losses(h, false, false), normal[h]);
        assert_int_equal(fogn_combat_losses(h, false, true), guard[h]);
        /* a large unit subtracts 1 first */
        int hl = h > 0 ? h - 1 : 0;
        assert_int_equal(fogn_combat_losses(h, true, false), normal[hl]);
        assert_int_equal(fogn_combat_losses(h, true, true), guard[hl]);
    }
    assert_int_equal(fogn_combat_losses(20, false, false), 3);
    assert_int_equal(fogn_combat_losses(20, true, true), 2);
}

/* --- §9.11 outcome moves ---------------------------------------------------------------------------------- */

static void test_s9_11_outcome_infantry_rows(void **state)
{
    (void)state;
    fogn_unit_profile inf = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    /* facing cavalry and defending an obstacle, or in Square: Halt / Halt / Destroyed */
    expect_row(&inf, FOGN_F_TACTICAL, FOGN_OVS_CAVALRY, true, false, -1, -1, -1, HALT, HALT, DEAD);
    expect_row(&inf, FOGN_F_SQUARE, FOGN_OVS_CAVALRY, false, true, -1, -1, -1, HALT, HALT, DEAD);
    /* ruling: a Square not facing cavalry retires like other infantry */
    assert_int_equal(FOGN_R_SQUARE_HALT_VS_CAV_ONLY, 1);
    expect_row(&inf, FOGN_F_SQUARE, FOGN_OVS_INFANTRY, false, true, 0, 2, 4, R, R, R);
    expect_row(&inf, FOGN_F_SQUARE, FOGN_OVS_NONE, false, true, 0, 2, 4, R, R, R);
    /* in the open, in contact with cavalry: D6 / D6+2 / Destroyed (R) */
    expect_row(&inf, FOGN_F_TACTICAL, FOGN_OVS_CAVALRY, false, true, 0, 2, -1, R, R, DEAD);
    assert_int_equal(FOGN_R_OUT_INF_OPEN_CAV_BROKEN, FOGN_OMOVE_DESTROYED);
    /* otherwise: D6 / D6+2 / D6+4 */
    expect_row(&inf, FOGN_F_TACTICAL, FOGN_OVS_CAVALRY, false, false, 0, 2, 4, R, R, R);
    expect_row(&inf, FOGN_F_LINE, FOGN_OVS_INFANTRY, true, false, 0, 2, 4, R, R, R);
    expect_row(&inf, FOGN_F_COLUMN, FOGN_OVS_NONE, false, true, 0, 2, 4, R, R, R);
    /* Skirmish formation +2 */
    fogn_unit_profile li = prof(FOGN_INF_LIGHT, FOGN_SMALL);
    expect_row(&li, FOGN_F_SKIRMISH, FOGN_OVS_NONE, false, true, 2, 4, 6, R, R, R);
    expect_row(&li, FOGN_F_SKIRMISH_LINE, FOGN_OVS_CAVALRY, false, true, 2, 4, -1, R, R, DEAD);
    expect_row(&li, FOGN_F_TACTICAL, FOGN_OVS_NONE, false, true, 0, 2, 4, R, R, R);
}

static void test_s9_11_outcome_cavalry_and_artillery_rows(void **state)
{
    (void)state;
    /* cavalry, in contact or otherwise: D6+2 / D6+4 / D6+6 (mounted Skirmishers get no extra) */
    fogn_unit_profile cav = prof(FOGN_CAV_HEAVY, FOGN_LARGE), il = prof(FOGN_CAV_IRR_LIGHT, FOGN_SMALL);
    expect_row(&cav, FOGN_F_TACTICAL, FOGN_OVS_INFANTRY, false, true, 2, 4, 6, R, R, R);
    expect_row(&cav, FOGN_F_TACTICAL, FOGN_OVS_NONE, false, true, 2, 4, 6, R, R, R);
    assert_int_equal(FOGN_R_RETIRE_EXTRA_INF_ONLY, 1);
    expect_row(&il, FOGN_F_LINE, FOGN_OVS_CAVALRY, false, true, 2, 4, 6, R, R, R);
    /* limbered artillery: in contact D6 / D6+2 / Destroyed; otherwise D6 / D6+2 / D6+4;
     * horse artillery starting limbered +2 */
    fogn_unit_profile foot = prof(FOGN_ART_FOOT, FOGN_SMALL), horse = prof(FOGN_ART_HORSE, FOGN_SMALL);
    expect_row(&foot, FOGN_F_LIMBERED, FOGN_OVS_INFANTRY, false, true, 0, 2, -1, R, R, DEAD);
    expect_row(&foot, FOGN_F_LIMBERED, FOGN_OVS_CAVALRY, false, true, 0, 2, -1, R, R, DEAD);
    expect_row(&foot, FOGN_F_LIMBERED, FOGN_OVS_NONE, false, true, 0, 2, 4, R, R, R);
    expect_row(&horse, FOGN_F_LIMBERED, FOGN_OVS_CAVALRY, false, true, 2, 4, -1, R, R, DEAD);
    expect_row(&horse, FOGN_F_LIMBERED, FOGN_OVS_NONE, false, true, 2, 4, 6, R, R, R);
    /* unlimbered: vs cavalry Abandoned / Destroyed / Destroyed */
    expect_row(&foot, FOGN_F_UNLIMBERED, FOGN_OVS_CAVALRY, false, true, -1, -1, -1, ABAN, DEAD, DEAD);
    expect_row(&horse, FOGN_F_UNLIMBERED, FOGN_OVS_CAVALRY, false, true, -1, -1, -1, ABAN, DEAD, DEAD);
    /* vs infantry Abandoned (R) / Abandoned / Destroyed (R) */
    expect_row(&foot, FOGN_F_UNLIMBERED, FOGN_OVS_INFANTRY, false, true, -1, -1, -1, ABAN, ABAN, DEAD);
    assert_int_equal(FOGN_R_OUT_UNLIMB_INF_DISORDERED, FOGN_OMOVE_ABANDONED);
    assert_int_equal(FOGN_R_OUT_UNLIMB_INF_BROKEN, FOGN_OMOVE_DESTROYED);
    /* otherwise: foot D6 / D6+2 / D6+4, horse D6+2 / D6+4 / D6+6; vs artillery likewise (ruling) */
    expect_row(&foot, FOGN_F_UNLIMBERED, FOGN_OVS_NONE, false, true, 0, 2, 4, R, R, R);
    expect_row(&horse, FOGN_F_UNLIMBERED, FOGN_OVS_NONE, false, true, 2, 4, 6, R, R, R);
    assert_int_equal(FOGN_R_UNLIMB_VS_ART_OTHERWISE, 1);
    expect_row(&foot, FOGN_F_UNLIMBERED, FOGN_OVS_ARTILLERY, false, true, 0, 2, 4, R, R, R);
    fogn_unit_profile mortar = prof(FOGN_ART_MORTAR, FOGN_LARGE);
    expect_row(&mortar, FOGN_F_UNLIMBERED, FOGN_OVS_NONE, false, true, 0, 2, 4, R, R, R);
}

static void test_s9_11_retire_minimum_3mu(void **state)
{
    (void)state;
    assert_int_equal(fogn_retire_distance(1, 0), 3);
    assert_int_equal(fogn_retire_distance(2, 0), 3);
    assert_int_equal(fogn_retire_distance(3, 0), 3);
    assert_int_equal(fogn_retire_distance(4, 0), 4);
    assert_int_equal(fogn_retire_distance(1, 2), 3);
    assert_int_equal(fogn_retire_distance(2, 2), 4);
    assert_int_equal(fogn_retire_distance(6, 6), 12);
    assert_int_equal(FOGN_RETIRE_MIN, 3);
}

static void test_s6_8_evade_distances(void **state)
{
    (void)state;
    fogn_unit_profile li = prof(FOGN_INF_LIGHT, FOGN_SMALL);
    assert_int_equal(fogn_evade_bonus(&li, FOGN_F_SKIRMISH), 2);
    assert_int_equal(fogn_evade_bonus(&li, FOGN_F_SKIRMISH_LINE), 2);
    assert_int_equal(fogn_evade_bonus(&li, FOGN_F_TACTICAL), -1);
    fogn_unit_profile foot = prof(FOGN_ART_FOOT, FOGN_SMALL), horse = prof(FOGN_ART_HORSE, FOGN_SMALL);
    assert_int_equal(fogn_evade_bonus(&foot, FOGN_F_LIMBERED), 2);
    assert_int_equal(fogn_evade_bonus(&foot, FOGN_F_UNLIMBERED), -1);
    assert_int_equal(fogn_evade_bonus(&horse, FOGN_F_LIMBERED), 4);
    assert_int_equal(fogn_evade_bonus(&horse, FOGN_F_UNLIMBERED), 2);
    fogn_unit_profile lc = prof(FOGN_CAV_LIGHT, FOGN_SMALL), il = prof(FOGN_CAV_IRR_LIGHT, FOGN_SMALL);
    assert_int_equal(fogn_evade_bonus(&lc, FOGN_F_LINE), 4);
    assert_int_equal(fogn_evade_bonus(&lc, FOGN_F_TACTICAL), -1);
    assert_int_equal(fogn_evade_bonus(&il, FOGN_F_TACTICAL), 4);
    fogn_unit_profile hc = prof(FOGN_CAV_HEAVY, FOGN_SMALL);
    assert_int_equal(fogn_evade_bonus(&hc, FOGN_F_LINE), -1);
}

static void test_s9_12_who_pursues(void **state)
{
    (void)state;
    /* Artillery never */
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_ART, FOGN_STEADY, false, false, false), FOGN_PURSUE_NEVER);
    /* Infantry: Steady unless a CMT; Disordered only with a CMT; never from Square or a defended obstacle */
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_STEADY, false, false, false), FOGN_PURSUE_UNLESS_CMT);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_STEADY, false, false, true), FOGN_PURSUE_MAY);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_DISORDERED, false, false, false), FOGN_PURSUE_ONLY_CMT);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_DISORDERED, false, false, true), FOGN_PURSUE_ONLY_CMT);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_STEADY, true, false, false), FOGN_PURSUE_NEVER);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_STEADY, false, true, false), FOGN_PURSUE_NEVER);
    /* Cavalry: Steady must; Disordered unless a CMT */
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_CAV, FOGN_STEADY, false, false, false), FOGN_PURSUE_MUST);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_CAV, FOGN_DISORDERED, false, false, false), FOGN_PURSUE_UNLESS_CMT);
    /* Wavering units do not pursue (§9.10) */
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_CAV, FOGN_WAVERING, false, false, false), FOGN_PURSUE_NEVER);
    assert_int_equal(fogn_pursuit_of(FOGN_ARM_INF, FOGN_WAVERING, false, false, false), FOGN_PURSUE_NEVER);
    /* distances: infantry D6, cavalry D6+2; §9.13 pass through D6+2 */
    assert_int_equal(fogn_pursuit_bonus(FOGN_ARM_INF), 0);
    assert_int_equal(fogn_pursuit_bonus(FOGN_ARM_CAV), 2);
    assert_int_equal(fogn_pursuit_bonus(FOGN_ARM_ART), -1);
    assert_int_equal(FOGN_PASS_THROUGH_BONUS, 2);
}

/* --- §11 cohesion tests ---------------------------------------------------------------------------------- */

static void test_s11_1_trigger_scores(void **state)
{
    (void)state;
    static const struct {
        fogn_ct_trigger t;
        int score;
        fogn_ct_fail fail;
    } rows[] = {
        {FOGN_CTT_SQUARE_FROM_LINE, 6, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_SQUARE_FROM_TACTICAL, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_STAND_VS_CAVALRY, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_BURST_IMPETUOUS, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_SQUARE_VS_INFANTRY, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_WAVERING_TARGET, 5, FOGN_CTF_BROKEN},
        {FOGN_CTT_SKIRM_COUNTER, 5, FOGN_CTF_EVADES},
        {FOGN_CTT_ART_STAND, 4, FOGN_CTF_ABANDONED},
        {FOGN_CTT_BROKEN_INF_NEAR, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_CAV_BREAKS_NEAR, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_BURST_OUTCOME, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_CMDR_CASUALTY, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_FRIEND_DESTROYED, 5, FOGN_CTF_LOSE_LEVEL},
        {FOGN_CTT_RALLY, 6, FOGN_CTF_DESTROYED},
        {FOGN_CTT_GUNS_3, 6, FOGN_CTF_DESTROYED},
        {FOGN_CTT_GUNS, 5, FOGN_CTF_DESTROYED},
        {FOGN_CTT_RECOVER, 5, FOGN_CTF_NO_EFFECT},
    };
    assert_int_equal(sizeof rows / sizeof rows[0], FOGN_CTT_COUNT);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(fogn_ct_score(rows[i].t, false), rows[i].score);
        /* §13: +1 while the own LOC is occupied */
        assert_int_equal(fogn_ct_score(rows[i].t, true), rows[i].score + 1);
        assert_int_equal(fogn_ct_failure(rows[i].t), rows[i].fail);
    }
}

static void test_s11_2_cohesion_test_dice(void **state)
{
    (void)state;
    fogn_ct_ctx c;
    memset(&c, 0, sizeof c);
    int af = -1;
    fogn_unit_profile p = prof(FOGN_INF_REFORMED, FOGN_SMALL);
    /* training: Veteran 3, Drilled 2, Irregular 2, Conscript 1 */
    assert_int_equal(fogn_ct_training_dice(FOGN_TR_VETERAN), 3);
    assert_int_equal(fogn_ct_training_dice(FOGN_TR_DRILLED), 2);
    assert_int_equal(fogn_ct_training_dice(FOGN_TR_IRREGULAR), 2);
    assert_int_equal(fogn_ct_training_dice(FOGN_TR_CONSCRIPT), 1);
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_TACTICAL, &c, &af), 2);
    assert_int_equal(af, 0);
    /* +1 charismatic commander with it, not for artillery */
    c.charismatic = 1;
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_TACTICAL, &c, &af), 3);
    fogn_unit_profile art = prof(FOGN_ART_FOOT, FOGN_SMALL);
    art.training = FOGN_TR_VETERAN;
    assert_int_equal(fogn_ct_dice_for(&art, FOGN_F_UNLIMBERED, &c, &af), 3);
    fogn_unit_profile cav = prof(FOGN_CAV_LIGHT, FOGN_SMALL);
    cav.training = FOGN_TR_IRREGULAR;
    assert_int_equal(fogn_ct_dice_for(&cav, FOGN_F_TACTICAL, &c, &af), 3);
    c.charismatic = 0;
    /* -1 in Extended Line unless in a Defensive Position */
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_LINE, &c, &af), 1);
    assert_int_equal(FOGN_R_CT_SKIRMISH_LINE_IS_LINE, 1);
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_SKIRMISH_LINE, &c, &af), 1);
    c.defensive = 1;
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_LINE, &c, &af), 2);
    c.defensive = 0;
    /* Conscripts: +1 in a Defensive Position or with rear support */
    p.training = FOGN_TR_CONSCRIPT;
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_TACTICAL, &c, &af), 1);
    c.rear_support = 1;
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_TACTICAL, &c, &af), 2);
    c.rear_support = 0;
    c.defensive = 1;
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_TACTICAL, &c, &af), 2);
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_LINE, &c, &af), 2);
    assert_int_equal(af, 0);
    c.defensive = 0;
    /* Conscripts in Extended Line fail outright unless supported or defensive (0 dice) */
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_LINE, &c, &af), 0);
    assert_int_equal(af, 1);
    c.rear_support = 1;
    assert_int_equal(fogn_ct_dice_for(&p, FOGN_F_LINE, &c, &af), 1);
    assert_int_equal(af, 0);
    /* gun recovery: training dice only */
    memset(&c, 0, sizeof c);
    c.guns = 1;
    c.charismatic = 1;
    art.training = FOGN_TR_DRILLED;
    assert_int_equal(fogn_ct_dice_for(&art, FOGN_F_UNLIMBERED, &c, &af), 2);
    assert_int_equal(af, 0);
}

/* --- §10.2 ---------------------------------------------------------------------------------------------- */

static void test_s10_2_commander_casualty_table(void **state)
{
    (void)state;
    assert_int_equal(fogn_cas_dice(FOGN_CAS_CORPS), 3);
    assert_int_equal(fogn_cas_dice(FOGN_CAS_DIVISION), 2);
    assert_int_equal(fogn_cas_dice(FOGN_CAS_BRIGADE), 1);
    assert_int_equal(fogn_cas_dice(FOGN_CAS_ARMY), 0);
    assert_int_equal(fogn_cas_score_for(true, true, false), 5);
    assert_int_equal(fogn_cas_score_for(true, false, false), 6);
    assert_int_equal(fogn_cas_score_for(true, false, true), 6);
    assert_int_equal(fogn_cas_score_for(false, false, true), 5);
    assert_int_equal(fogn_cas_score_for(false, true, false), 6);
    assert_int_equal(fogn_cas_score_for(false, false, false), 6);
}

/* --- §14 -------------------------------------------------------------------------------------------------- */

static void test_s14_army_defeat_tests(void **state)
{
    (void)state;
    /* 50% of the ACV */
    assert_true(fogn_army_defeated(10, 20, 10, 20));
    assert_false(fogn_army_defeated(9.5, 20, 10, 20));
    /* 30% while the enemy is under 10% */
    assert_true(fogn_army_defeated(6, 20, 1.5, 20));
    assert_false(fogn_army_defeated(6, 20, 2, 20));
    assert_false(fogn_army_defeated(5.5, 20, 0, 20));
    /* 40% while the enemy is under 20% */
    assert_true(fogn_army_defeated(8, 20, 3.5, 20));
    assert_false(fogn_army_defeated(8, 20, 4, 20));
    assert_false(fogn_army_defeated(7.5, 20, 2.5, 20)); /* 37.5% vs 12.5%: neither rule */
    assert_true(fogn_army_defeated(7.5, 20, 1.5, 20));
    assert_false(fogn_army_defeated(0, 0, 0, 20));
}

static void test_s14_timed_result_levels(void **state)
{
    (void)state;
    assert_int_equal(fogn_timed_level(16, 4), FOGN_RESULT_MAJOR);        /* +12, 4:1 */
    assert_int_equal(fogn_timed_level(12, 0), FOGN_RESULT_MAJOR);
    assert_int_equal(fogn_timed_level(18, 6), FOGN_RESULT_MAJOR);        /* +12, exactly 3:1 */
    assert_int_equal(fogn_timed_level(19, 6.5), FOGN_RESULT_MODERATE);   /* +12.5 but under 3:1 */
    assert_int_equal(fogn_timed_level(15, 4.5), FOGN_RESULT_MODERATE);   /* +10.5, 3.3:1 */
    assert_int_equal(fogn_timed_level(16, 8), FOGN_RESULT_MODERATE);     /* +8, exactly 2:1 */
    assert_int_equal(fogn_timed_level(17, 9), FOGN_RESULT_MARGINAL);     /* +8 but under 2:1 */
    assert_int_equal(fogn_timed_level(4, 0), FOGN_RESULT_MARGINAL);
    assert_int_equal(fogn_timed_level(8, 4.5), FOGN_RESULT_DRAW);        /* +3.5 */
    assert_int_equal(fogn_timed_level(3, 5), FOGN_RESULT_DRAW);
    assert_int_equal(fogn_timed_level(0, 0), FOGN_RESULT_DRAW);
}

static void test_s14_s23_48_fresh_cavalry_bonus(void **state)
{
    (void)state;
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MODERATE, 3, 1), FOGN_RESULT_MAJOR);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MAJOR, 4, 0), FOGN_RESULT_MAJOR);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MARGINAL, 2, 0), FOGN_RESULT_MODERATE);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MODERATE, 2, 1), FOGN_RESULT_MODERATE);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MODERATE, 0, 2), FOGN_RESULT_MARGINAL);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MAJOR, 1, 3), FOGN_RESULT_MODERATE);
    /* ruling: a Marginal Victory can fall to a Draw; a Draw never moves */
    assert_int_equal(FOGN_R_BONUS_FLOOR, FOGN_RESULT_DRAW);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_MARGINAL, 0, 2), FOGN_RESULT_DRAW);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_DRAW, 5, 0), FOGN_RESULT_DRAW);
    assert_int_equal(fogn_cavalry_bonus_level(FOGN_RESULT_DRAW, 0, 5), FOGN_RESULT_DRAW);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s7_4_close_range_unit_rows),
        cmocka_unit_test(test_s7_4_close_range_attachments),
        cmocka_unit_test(test_s7_4_medium_range_unit_rows),
        cmocka_unit_test(test_s7_4_medium_range_attachments),
        cmocka_unit_test(test_s7_4_long_range_rows),
        cmocka_unit_test(test_s7_8_fire_groups_reroll_by_training),
        cmocka_unit_test(test_s15_4_fire_into_and_out_of_buildings_4_dice),
        cmocka_unit_test(test_s7_5_supporting_fire_dice),
        cmocka_unit_test(test_s7_5_enemy_cavalry_near_infantry_at_medium),
        cmocka_unit_test(test_s7_5_s9_5_effective_cohesion_dice),
        cmocka_unit_test(test_s7_5_ruling_cohesion_loss_from_the_worst_dice),
        cmocka_unit_test(test_s7_7_fire_base_scores),
        cmocka_unit_test(test_s7_7_fire_poa_and_cap),
        cmocka_unit_test(test_s15_4_fire_scores_at_buildings),
        cmocka_unit_test(test_s7_9_fire_result_rows),
        cmocka_unit_test(test_s7_9_hit_reduction_never_more_than_one),
        cmocka_unit_test(test_s7_9_wavering_target),
        cmocka_unit_test(test_s7_9_guard_one_loss_a_phase),
        cmocka_unit_test(test_s9_2_combat_dice_allowance),
        cmocka_unit_test(test_s9_3_combat_dice_additions),
        cmocka_unit_test(test_s15_4_combat_at_buildings_only_rear_support_counts),
        cmocka_unit_test(test_s2_5_cavalry_weight_order),
        cmocka_unit_test(test_s9_7_combat_poa_rows),
        cmocka_unit_test(test_s9_7_combat_score_capped),
        cmocka_unit_test(test_s9_7_fighter_from_unit),
        cmocka_unit_test(test_s2_2_reroll_levels),
        cmocka_unit_test(test_s9_8_combat_rerolls_led_one_level_up),
        cmocka_unit_test(test_s7_8_fire_rerolls_by_training),
        cmocka_unit_test(test_s9_12_pursuit_reroll_faces),
        cmocka_unit_test(test_s9_9_combat_hits_to_losses),
        cmocka_unit_test(test_s9_11_outcome_infantry_rows),
        cmocka_unit_test(test_s9_11_outcome_cavalry_and_artillery_rows),
        cmocka_unit_test(test_s9_11_retire_minimum_3mu),
        cmocka_unit_test(test_s6_8_evade_distances),
        cmocka_unit_test(test_s9_12_who_pursues),
        cmocka_unit_test(test_s11_1_trigger_scores),
        cmocka_unit_test(test_s11_2_cohesion_test_dice),
        cmocka_unit_test(test_s10_2_commander_casualty_table),
        cmocka_unit_test(test_s14_army_defeat_tests),
        cmocka_unit_test(test_s14_timed_result_levels),
        cmocka_unit_test(test_s14_s23_48_fresh_cavalry_bonus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
