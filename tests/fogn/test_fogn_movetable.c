/* test_fogn_movetable.c - rule tests for how far a fogn unit may move.
 *
 * Part one checks the §8.3 movement table cell by cell (every row in open,
 * rough and difficult ground), including the cells the spec had to rebuild
 * (§23.1 R values, compared both with the named constants in rulings.h and
 * with the figures the spec prints), the weather shift of §15.3, the 1 MU
 * floor, the commanders' row and the movement class every terrain type maps
 * to (§15.1, §15.6).
 *
 * Part two drives real moves through fogn_move_check on small hand-built
 * positions: the slowest ground touched anywhere along the swept path sets
 * the allowance, impassable ground is refused, and a March Column on a road
 * doubles its allowance only while it keeps clear of the enemy. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/move.h"
#include "../../engine/fogn/rules/movetable.h"

#define TOL 1e-9

/* a bare profile of a troop type (Drilled, Average, small unless told) */
static fogn_unit_profile prof(fogn_troop t, fogn_size size)
{
    fogn_unit_profile p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "probe");
    p.troop = (uint8_t)t;
    p.size = (uint8_t)size;
    p.elan = FOGN_ELAN_AVERAGE;
    p.training = FOGN_TR_DRILLED;
    return p;
}

/* one §8.3 row: open, rough, difficult (-1 = N/A) */
static void expect_row(const fogn_unit_profile *p, fogn_formation f, double o, double r, double d)
{
    double got[3];
    for (int mc = 0; mc < 3; mc++) got[mc] = fogn_allowance_row(p, f, (fogn_move_class)mc);
    if (fabs(got[0] - o) > TOL || fabs(got[1] - r) > TOL || fabs(got[2] - d) > TOL)
        fail_msg("%s in %s: row %g/%g/%g, expected %g/%g/%g", fogn_troop_name((fogn_troop)p->troop),
                 fogn_formation_name(f), got[0], got[1], got[2], o, r, d);
    /* nobody enters impassable ground */
    ASSERT_NEAR(fogn_allowance_row(p, f, FOGN_MC_IMPASSABLE), -1, TOL);
}

/* --- §8.3 table, infantry rows ------------------------------------------------------- */

static void test_s8_3_unreformed_infantry_rows(void **unused)
{
    (void)unused;
    fogn_unit_profile p = prof(FOGN_INF_UNREFORMED, FOGN_SMALL);
    /* §8.3 row 1: unreformed in Tactical or Extended Line 4/3/2 */
    expect_row(&p, FOGN_F_TACTICAL, 4, 3, 2);
    expect_row(&p, FOGN_F_LINE, 4, 3, 2);
    /* any infantry in March Column 6/4/4 */
    expect_row(&p, FOGN_F_COLUMN, 6, 4, 4);
    /* square: only the 1 MU minimum (§23.1 #5) */
    expect_row(&p, FOGN_F_SQUARE, 1, 1, 1);
    p.size = FOGN_LARGE;
    expect_row(&p, FOGN_F_TACTICAL, 4, 3, 2);
    expect_row(&p, FOGN_F_DEEP, 4, 3, 2);
}

static void test_s8_3_reformed_infantry_rows(void **unused)
{
    (void)unused;
    fogn_unit_profile p = prof(FOGN_INF_REFORMED, FOGN_LARGE);
    /* §8.3: reformed infantry are slower in Extended Line, faster in Tactical (incl. Deep) */
    expect_row(&p, FOGN_F_LINE, 3, 2, 1);
    expect_row(&p, FOGN_F_TACTICAL, 6, 4, 2);
    expect_row(&p, FOGN_F_DEEP, 6, 4, 2);
    expect_row(&p, FOGN_F_COLUMN, 6, 4, 4);
    expect_row(&p, FOGN_F_SQUARE, 1, 1, 1);
}

static void test_s8_3_move_unreformed_cap(void **unused)
{
    (void)unused;
    /* §2.1: e.g. British reformed infantry "move as Unreformed" */
    fogn_unit_profile p = prof(FOGN_INF_REFORMED, FOGN_SMALL);
    p.caps = FOGN_CAP_MOVE_UNREFORMED | FOGN_CAP_FIRE_REFORMED;
    expect_row(&p, FOGN_F_TACTICAL, 4, 3, 2);
    expect_row(&p, FOGN_F_LINE, 4, 3, 2);
    expect_row(&p, FOGN_F_COLUMN, 6, 4, 4); /* the column row is for any infantry */
    /* firing as reformed alone does not change movement */
    p.caps = FOGN_CAP_FIRE_REFORMED;
    expect_row(&p, FOGN_F_TACTICAL, 6, 4, 2);
    expect_row(&p, FOGN_F_LINE, 3, 2, 1);
}

static void test_s8_3_light_infantry_and_skirmish_rows(void **unused)
{
    (void)unused;
    fogn_unit_profile p = prof(FOGN_INF_LIGHT, FOGN_SMALL);
    /* §8.3 skirmish row 6 (R) / 6 / 4: the open cell is reconstructed (§23.1 #3) */
    ASSERT_NEAR(FOGN_R_SKIRMISH_OPEN, 6.0, TOL);
    expect_row(&p, FOGN_F_SKIRMISH, FOGN_R_SKIRMISH_OPEN, 6, 4);
    expect_row(&p, FOGN_F_SKIRMISH, 6, 6, 4);
    expect_row(&p, FOGN_F_SKIRMISH_LINE, 6, 6, 4);
    /* light infantry otherwise moves with the reformed rows (docs/rulings.md, §2.1) */
    expect_row(&p, FOGN_F_TACTICAL, 6, 4, 2);
    expect_row(&p, FOGN_F_LINE, 3, 2, 1);
    expect_row(&p, FOGN_F_COLUMN, 6, 4, 4);
    /* square: 1 MU everywhere (§23.1 #5) */
    ASSERT_NEAR(FOGN_R_SQUARE_MOVE, 1.0, TOL);
    expect_row(&p, FOGN_F_SQUARE, FOGN_R_SQUARE_MOVE, FOGN_R_SQUARE_MOVE, FOGN_R_SQUARE_MOVE);
}

/* --- §8.3 table, artillery rows ------------------------------------------------------ */

static void test_s8_3_artillery_rows(void **unused)
{
    (void)unused;
    fogn_unit_profile p = prof(FOGN_ART_FOOT, FOGN_SMALL);
    /* limbered foot artillery 6/4/2, whatever the weight */
    expect_row(&p, FOGN_F_LIMBERED, 6, 4, 2);
    p.weight = FOGN_HEAVY;
    expect_row(&p, FOGN_F_LIMBERED, 6, 4, 2);
    /* prolong, any heavy guns: 2 / 1 / N/A */
    expect_row(&p, FOGN_F_UNLIMBERED, 2, 1, -1);
    /* prolong, no heavy guns: 2 (R) / 2 / 1 (§23.1 #3) */
    p.weight = FOGN_MEDIUM;
    ASSERT_NEAR(FOGN_R_PROLONG_MEDIUM_OPEN, 2.0, TOL);
    expect_row(&p, FOGN_F_UNLIMBERED, FOGN_R_PROLONG_MEDIUM_OPEN, 2, 1);
    expect_row(&p, FOGN_F_UNLIMBERED, 2, 2, 1);
    /* limbered horse artillery 10 / 4 (R) / 2 (R) (§23.1 #2) */
    fogn_unit_profile h = prof(FOGN_ART_HORSE, FOGN_LARGE);
    ASSERT_NEAR(FOGN_R_HORSE_ART_ROUGH, 4.0, TOL);
    ASSERT_NEAR(FOGN_R_HORSE_ART_DIFFICULT, 2.0, TOL);
    expect_row(&h, FOGN_F_LIMBERED, 10, FOGN_R_HORSE_ART_ROUGH, FOGN_R_HORSE_ART_DIFFICULT);
    expect_row(&h, FOGN_F_LIMBERED, 10, 4, 2);
    /* horse guns unlimbered move by prolong like any other medium battery */
    expect_row(&h, FOGN_F_UNLIMBERED, 2, 2, 1);
}

static void test_s8_3_heavy_attachment_moves_as_heavy(void **unused)
{
    (void)unused;
    /* §8.3: a medium battery with a heavy-artillery attachment moves as heavy */
    for (int slot = 0; slot < 2; slot++) {
        fogn_unit_profile p = prof(FOGN_ART_FOOT, FOGN_SMALL);
        p.attach[slot] = FOGN_ATT_HEAVY_ARTILLERY;
        expect_row(&p, FOGN_F_UNLIMBERED, 2, 1, -1);
    }
    /* a medium (or howitzer) attachment leaves it medium */
    fogn_unit_profile p = prof(FOGN_ART_FOOT, FOGN_SMALL);
    p.attach[0] = FOGN_ATT_ARTILLERY;
    p.attach[1] = FOGN_ATT_HOWITZER;
    expect_row(&p, FOGN_F_UNLIMBERED, 2, 2, 1);
}

static void test_s8_3_unlimbered_heavy_na_in_difficult(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fogn_unit_profile p = prof(FOGN_ART_FOOT, FOGN_SMALL);
    p.weight = FOGN_HEAVY;
    fogn_unit u;
    memset(&u, 0, sizeof u);
    u.formation = FOGN_F_UNLIMBERED;
    /* §8.3: the 1 MU minimum does not rescue heavy guns by prolong in difficult */
    ASSERT_NEAR(fogn_allowance(s, &p, &u, FOGN_MC_OPEN), 2, TOL);
    ASSERT_NEAR(fogn_allowance(s, &p, &u, FOGN_MC_ROUGH), 1, TOL);
    ASSERT_NEAR(fogn_allowance(s, &p, &u, FOGN_MC_DIFFICULT), -1, TOL);
    ASSERT_NEAR(fogn_allowance(s, &p, &u, FOGN_MC_IMPASSABLE), -1, TOL);
    /* the same battery limbered moves 2 in difficult */
    u.formation = FOGN_F_LIMBERED;
    ASSERT_NEAR(fogn_allowance(s, &p, &u, FOGN_MC_DIFFICULT), 2, TOL);
    /* a medium battery with a heavy attachment is N/A there too */
    fogn_unit_profile m = prof(FOGN_ART_FOOT, FOGN_SMALL);
    m.attach[0] = FOGN_ATT_HEAVY_ARTILLERY;
    u.formation = FOGN_F_UNLIMBERED;
    ASSERT_NEAR(fogn_allowance(s, &m, &u, FOGN_MC_DIFFICULT), -1, TOL);
    free(s);
}

/* --- §8.3 table, cavalry rows -------------------------------------------------------- */

static void test_s8_3_cavalry_rows(void **unused)
{
    (void)unused;
    /* heavy cavalry (incl. irregular heavy) 8/6/2 */
    fogn_troop heavies[] = {FOGN_CAV_HEAVY, FOGN_CAV_IRR_HEAVY};
    for (int i = 0; i < 2; i++) {
        fogn_unit_profile p = prof(heavies[i], FOGN_LARGE);
        expect_row(&p, FOGN_F_TACTICAL, 8, 6, 2);
        expect_row(&p, FOGN_F_DEEP, 8, 6, 2);
        expect_row(&p, FOGN_F_LINE, 8, 6, 2);
        /* any cavalry in March Column 10/8/6 */
        expect_row(&p, FOGN_F_COLUMN, 10, 8, 6);
    }
    /* regular light cavalry not in single rank: 8 (R) / 6 (R) / 4 (§23.1 #1) */
    fogn_unit_profile l = prof(FOGN_CAV_LIGHT, FOGN_SMALL);
    ASSERT_NEAR(FOGN_R_LIGHT_CAV_OPEN, 8.0, TOL);
    ASSERT_NEAR(FOGN_R_LIGHT_CAV_ROUGH, 6.0, TOL);
    expect_row(&l, FOGN_F_TACTICAL, FOGN_R_LIGHT_CAV_OPEN, FOGN_R_LIGHT_CAV_ROUGH, 4);
    expect_row(&l, FOGN_F_TACTICAL, 8, 6, 4);
    l.size = FOGN_LARGE;
    expect_row(&l, FOGN_F_DEEP, 8, 6, 4);
    /* light cavalry in single rank (Extended Line) 10/8/6; in column 10/8/6 */
    expect_row(&l, FOGN_F_LINE, 10, 8, 6);
    expect_row(&l, FOGN_F_COLUMN, 10, 8, 6);
    /* irregular light cavalry 10/8/6 in any formation */
    fogn_unit_profile irr = prof(FOGN_CAV_IRR_LIGHT, FOGN_SMALL);
    expect_row(&irr, FOGN_F_TACTICAL, 10, 8, 6);
    expect_row(&irr, FOGN_F_LINE, 10, 8, 6);
    expect_row(&irr, FOGN_F_COLUMN, 10, 8, 6);
}

static void test_s8_3_commanders_alone(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    /* §23.1 #4 settled: 10 / 8 / 6 */
    ASSERT_NEAR(FOGN_R_CMDR_OPEN, 10.0, TOL);
    ASSERT_NEAR(FOGN_R_CMDR_ROUGH, 8.0, TOL);
    ASSERT_NEAR(FOGN_R_CMDR_DIFFICULT, 6.0, TOL);
    ASSERT_NEAR(fogn_cmdr_allowance(s, FOGN_MC_OPEN), 10, TOL);
    ASSERT_NEAR(fogn_cmdr_allowance(s, FOGN_MC_ROUGH), 8, TOL);
    ASSERT_NEAR(fogn_cmdr_allowance(s, FOGN_MC_DIFFICULT), 6, TOL);
    assert_true(fogn_cmdr_allowance(s, FOGN_MC_IMPASSABLE) < 0);
    /* the same as irregular light cavalry (book l. 1431) */
    fogn_unit_profile irr = prof(FOGN_CAV_IRR_LIGHT, FOGN_SMALL);
    for (int mc = 0; mc < 3; mc++)
        ASSERT_NEAR(fogn_cmdr_allowance(s, (fogn_move_class)mc), fogn_allowance_row(&irr, FOGN_F_TACTICAL, (fogn_move_class)mc), TOL);
    /* heavy rain (§15.3): 8 / 6 / 3 */
    s->weather = FOGN_WEATHER_RAIN;
    ASSERT_NEAR(fogn_cmdr_allowance(s, FOGN_MC_OPEN), 8, TOL);
    ASSERT_NEAR(fogn_cmdr_allowance(s, FOGN_MC_ROUGH), 6, TOL);
    ASSERT_NEAR(fogn_cmdr_allowance(s, FOGN_MC_DIFFICULT), 3, TOL);
    free(s);
}

/* --- fogn_allowance: clear weather equals the table; rain; the floor ----------------- */

static double allow(const fogn_scenario *s, const fogn_unit_profile *p, fogn_formation f, fogn_move_class mc)
{
    fogn_unit u;
    memset(&u, 0, sizeof u);
    u.formation = (uint8_t)f;
    return fogn_allowance(s, p, &u, mc);
}

static void test_s8_3_allowance_clear_equals_table(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    for (int t = 0; t < FOGN_TROOP_COUNT; t++)
        for (int sz = 0; sz < 2; sz++)
            for (int f = 0; f < FOGN_F_COUNT; f++) {
                fogn_unit_profile p = prof((fogn_troop)t, (fogn_size)sz);
                if (!fogn_formation_allowed(&p, (fogn_formation)f)) continue;
                for (int mc = 0; mc < 3; mc++) {
                    double row = fogn_allowance_row(&p, (fogn_formation)f, (fogn_move_class)mc);
                    double a = allow(s, &p, (fogn_formation)f, (fogn_move_class)mc);
                    if (row < 0) ASSERT_NEAR(a, -1, TOL); /* only heavy guns by prolong in difficult */
                    else ASSERT_NEAR(a, row < FOGN_MIN_MOVE ? FOGN_MIN_MOVE : row, TOL);
                    assert_true(a < 0 || a >= FOGN_MIN_MOVE);
                }
                assert_true(allow(s, &p, (fogn_formation)f, FOGN_MC_IMPASSABLE) < 0);
            }
    free(s);
}

static void test_s15_3_heavy_rain_shift(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    s->weather = FOGN_WEATHER_RAIN;
    /* §8.3/§15.3: open counts as rough, rough as difficult, difficult halved (min 1) */
    fogn_unit_profile ref = prof(FOGN_INF_REFORMED, FOGN_SMALL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_TACTICAL, FOGN_MC_OPEN), 4, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_TACTICAL, FOGN_MC_ROUGH), 2, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_TACTICAL, FOGN_MC_DIFFICULT), 1, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_COLUMN, FOGN_MC_OPEN), 4, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_COLUMN, FOGN_MC_ROUGH), 4, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_COLUMN, FOGN_MC_DIFFICULT), 2, TOL);
    /* reformed line difficult 1 halves to 0.5: the 1 MU minimum applies */
    ASSERT_NEAR(allow(s, &ref, FOGN_F_LINE, FOGN_MC_OPEN), 2, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_LINE, FOGN_MC_ROUGH), 1, TOL);
    ASSERT_NEAR(allow(s, &ref, FOGN_F_LINE, FOGN_MC_DIFFICULT), FOGN_MIN_MOVE, TOL);
    /* light cavalry single rank 10/8/6 -> 8/6/3 */
    fogn_unit_profile lc = prof(FOGN_CAV_LIGHT, FOGN_SMALL);
    ASSERT_NEAR(allow(s, &lc, FOGN_F_LINE, FOGN_MC_OPEN), 8, TOL);
    ASSERT_NEAR(allow(s, &lc, FOGN_F_LINE, FOGN_MC_ROUGH), 6, TOL);
    ASSERT_NEAR(allow(s, &lc, FOGN_F_LINE, FOGN_MC_DIFFICULT), 3, TOL);
    /* heavy cavalry 8/6/2 -> 6/2/1 */
    fogn_unit_profile hc = prof(FOGN_CAV_HEAVY, FOGN_SMALL);
    ASSERT_NEAR(allow(s, &hc, FOGN_F_TACTICAL, FOGN_MC_OPEN), 6, TOL);
    ASSERT_NEAR(allow(s, &hc, FOGN_F_TACTICAL, FOGN_MC_ROUGH), 2, TOL);
    ASSERT_NEAR(allow(s, &hc, FOGN_F_TACTICAL, FOGN_MC_DIFFICULT), 1, TOL);
    /* skirmishers 6/6/4 -> 6/4/2 */
    fogn_unit_profile li = prof(FOGN_INF_LIGHT, FOGN_SMALL);
    ASSERT_NEAR(allow(s, &li, FOGN_F_SKIRMISH, FOGN_MC_OPEN), 6, TOL);
    ASSERT_NEAR(allow(s, &li, FOGN_F_SKIRMISH, FOGN_MC_ROUGH), 4, TOL);
    ASSERT_NEAR(allow(s, &li, FOGN_F_SKIRMISH, FOGN_MC_DIFFICULT), 2, TOL);
    /* square stays at the minimum */
    ASSERT_NEAR(allow(s, &li, FOGN_F_SQUARE, FOGN_MC_DIFFICULT), 1, TOL);
    /* horse artillery limbered 10/4/2 -> 4/2/1 */
    fogn_unit_profile ha = prof(FOGN_ART_HORSE, FOGN_SMALL);
    ASSERT_NEAR(allow(s, &ha, FOGN_F_LIMBERED, FOGN_MC_OPEN), 4, TOL);
    ASSERT_NEAR(allow(s, &ha, FOGN_F_LIMBERED, FOGN_MC_ROUGH), 2, TOL);
    ASSERT_NEAR(allow(s, &ha, FOGN_F_LIMBERED, FOGN_MC_DIFFICULT), 1, TOL);
    /* medium prolong 2/2/1 -> 2/1/1 (0.5 raised to 1) */
    fogn_unit_profile med = prof(FOGN_ART_FOOT, FOGN_SMALL);
    ASSERT_NEAR(allow(s, &med, FOGN_F_UNLIMBERED, FOGN_MC_OPEN), 2, TOL);
    ASSERT_NEAR(allow(s, &med, FOGN_F_UNLIMBERED, FOGN_MC_ROUGH), 1, TOL);
    ASSERT_NEAR(allow(s, &med, FOGN_F_UNLIMBERED, FOGN_MC_DIFFICULT), 1, TOL);
    /* heavy prolong 2/1/NA -> open counts as rough (1); rough counts as difficult: N/A */
    med.weight = FOGN_HEAVY;
    ASSERT_NEAR(allow(s, &med, FOGN_F_UNLIMBERED, FOGN_MC_OPEN), 1, TOL);
    ASSERT_NEAR(allow(s, &med, FOGN_F_UNLIMBERED, FOGN_MC_ROUGH), -1, TOL);
    ASSERT_NEAR(allow(s, &med, FOGN_F_UNLIMBERED, FOGN_MC_DIFFICULT), -1, TOL);
    /* impassable stays impassable */
    assert_true(allow(s, &ref, FOGN_F_TACTICAL, FOGN_MC_IMPASSABLE) < 0);
    free(s);
}

static void test_s8_3_minimum_one_mu(void **unused)
{
    (void)unused;
    /* §8.3: every unit may move 1 MU whatever the ground or weather (bar heavy guns by prolong) */
    ASSERT_NEAR(FOGN_MIN_MOVE, 1.0, TOL);
    fogn_scenario *s = fx_scenario();
    for (int rain = 0; rain < 2; rain++) {
        s->weather = (uint8_t)(rain ? FOGN_WEATHER_RAIN : FOGN_WEATHER_CLEAR);
        for (int t = 0; t < FOGN_TROOP_COUNT; t++)
            for (int f = 0; f < FOGN_F_COUNT; f++) {
                fogn_unit_profile p = prof((fogn_troop)t, FOGN_LARGE);
                if (!fogn_formation_allowed(&p, (fogn_formation)f)) continue;
                for (int mc = 0; mc < 3; mc++) {
                    double a = allow(s, &p, (fogn_formation)f, (fogn_move_class)mc);
                    if (a >= 0) assert_true(a >= FOGN_MIN_MOVE - TOL);
                }
            }
    }
    free(s);
}

/* --- §15.1 / §15.6 terrain -> movement class ------------------------------------------ */

static fogn_move_class mc_of(gr_terrain_type t, int grade)
{
    gr_terrain_piece pc;
    memset(&pc, 0, sizeof pc);
    pc.type = (unsigned char)t;
    pc.grade = (unsigned char)grade;
    pc.shape = gr_terrain_type_is_linear(t) ? GR_SHAPE_POLYLINE : GR_SHAPE_POLYGON;
    return fogn_piece_move_class(&pc);
}

static void test_s15_1_terrain_move_classes(void **unused)
{
    (void)unused;
    assert_int_equal(mc_of(GR_T_OPEN, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_GENTLE_HILL, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_GENTLE_HILL, 1), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_FIELDS, 0), FOGN_MC_ROUGH);
    assert_int_equal(mc_of(GR_T_BRUSH, 0), FOGN_MC_ROUGH);
    assert_int_equal(mc_of(GR_T_GULLY, 0), FOGN_MC_ROUGH);
    assert_int_equal(mc_of(GR_T_BUILDING, 0), FOGN_MC_ROUGH);  /* occupied built-up area: rough */
    /* cover: the piece says rough (grade 0) or difficult (grade 1) */
    assert_int_equal(mc_of(GR_T_OPEN_WOOD, 0), FOGN_MC_ROUGH);
    assert_int_equal(mc_of(GR_T_OPEN_WOOD, 1), FOGN_MC_DIFFICULT);
    assert_int_equal(mc_of(GR_T_DENSE_WOOD, 0), FOGN_MC_DIFFICULT);
    assert_int_equal(mc_of(GR_T_MARSH, 0), FOGN_MC_DIFFICULT);
    assert_int_equal(mc_of(GR_T_STEEP_HILL, 0), FOGN_MC_DIFFICULT);
    assert_int_equal(mc_of(GR_T_LAKE, 0), FOGN_MC_IMPASSABLE);
    assert_int_equal(mc_of(GR_T_ROCKY, 0), FOGN_MC_IMPASSABLE);
    /* linear features: the ground under them (obstacle effects are separate) */
    assert_int_equal(mc_of(GR_T_ROAD, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_WALL, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_HEDGE, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_BRIDGE, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_FORD, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_FORTIFICATION, 0), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_SOFT_GROUND, 0), FOGN_MC_OPEN); /* only a firing effect (§15.3) */
    /* §15.6 rivers by depth: crossing is an obstacle matter; torrent impassable; dry river a gully */
    assert_int_equal(mc_of(GR_T_RIVER, GR_WATER_ANKLE), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_RIVER, GR_WATER_WAIST), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_RIVER, GR_WATER_SHOULDER), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_RIVER, GR_WATER_TORRENT), FOGN_MC_IMPASSABLE);
    assert_int_equal(mc_of(GR_T_RIVER, GR_WATER_DRY), FOGN_MC_ROUGH);
    assert_int_equal(mc_of(GR_T_STREAM, GR_WATER_ANKLE), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_STREAM, GR_WATER_WAIST), FOGN_MC_OPEN);
    assert_int_equal(mc_of(GR_T_STREAM, GR_WATER_TORRENT), FOGN_MC_IMPASSABLE);
    assert_int_equal(mc_of(GR_T_STREAM, GR_WATER_DRY), FOGN_MC_OPEN); /* a dried stream is ignored */
    /* every type maps to some class */
    for (int t = 0; t < GR_T_COUNT; t++) {
        fogn_move_class c = mc_of((gr_terrain_type)t, 0);
        assert_true(c >= FOGN_MC_OPEN && c <= FOGN_MC_IMPASSABLE);
        assert_string_not_equal(fogn_move_class_name(c), "?");
    }
}

/* --- worst terrain through real moves ------------------------------------------------- */

/* one unit of side 0 (index 0) at (x, y) facing up the table, an enemy far off */
static fogn_scenario *one_unit(fogn_troop t, fogn_formation f, double x, double y)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t, FOGN_SMALL, f, x, y, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    return s;
}

static fogn_move straight(int unit, double dist) { return fx_normal(unit, -1, 0, dist, 0); }

static void test_s8_3_worst_terrain_open(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 10, 10);
    fx_area(s, GR_T_DENSE_WOOD, 0, 14, 0, 20, 30); /* off to the side: never touched */
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, straight(0, 6), &plan, &err), 0);
    assert_int_equal(plan.worst, FOGN_MC_OPEN);
    ASSERT_NEAR(plan.allowance, 6, TOL);
    assert_int_equal(plan.complex, 0);
    ASSERT_NEAR(plan.after.y, 16, 1e-9);
    assert_int_equal(fx_check(s, &st, straight(0, 6.2), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 6 MU in open");
    free(s);
}

static void test_s8_3_worst_terrain_ends_in_rough(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 10, 10);
    fx_area(s, GR_T_FIELDS, 0, 0, 13.5, 20, 20);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* 3 MU stays short of the fields: open */
    assert_int_equal(fx_check(s, &st, straight(0, 3), &plan, &err), 0);
    assert_int_equal(plan.worst, FOGN_MC_OPEN);
    /* 4 MU ends with the front rank 0.5 MU into the fields: the rough allowance, 4 */
    assert_int_equal(fx_check(s, &st, straight(0, 4), &plan, &err), 0);
    assert_int_equal(plan.worst, FOGN_MC_ROUGH);
    ASSERT_NEAR(plan.allowance, 4, TOL);
    /* 5 MU would be fine in the open but not into rough */
    assert_int_equal(fx_check(s, &st, straight(0, 5), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 4 MU in rough");
    free(s);
}

static void test_s8_3_worst_terrain_swept_path_clips_wood(void **unused)
{
    (void)unused;
    /* Unreformed infantry in a small Extended Line: 6 MU wide, 1.125 deep, front edge
     * from (7,10) to (13,10). A dense wood's corner pokes into the strip it crosses
     * when it advances 2 MU, but neither the start nor the end footprint touches it. */
    fogn_scenario *s = one_unit(FOGN_INF_UNREFORMED, FOGN_F_LINE, 10, 10);
    double tri[] = {12.5, 10.4, 16, 10.1, 16, 10.7};
    fx_poly(s, GR_T_DENSE_WOOD, 0, 3, tri);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect start = fogn_unit_rect(&s->units[0], &st.u[0]);
    assert_false(gr_terrain_piece_touches_rect(&s->terrain.p[0], &start));
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, straight(0, 2), &plan, &err), 0);
    gr_rect end = fogn_unit_rect(&s->units[0], &plan.after);
    assert_false(gr_terrain_piece_touches_rect(&s->terrain.p[0], &end));
    /* §8.3 worst terrain: any base, any part of the move */
    assert_int_equal(plan.worst, FOGN_MC_DIFFICULT);
    ASSERT_NEAR(plan.allowance, 2, TOL);
    /* 3 MU (the open allowance is 4) is refused: it also clips the wood */
    assert_int_equal(fx_check(s, &st, straight(0, 3), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 2 MU in difficult");
    /* without the wood, 4 MU is fine */
    s->terrain.n = 0;
    assert_int_equal(fx_check(s, &st, straight(0, 4), &plan, &err), 0);
    assert_int_equal(plan.worst, FOGN_MC_OPEN);
    free(s);
}

static void test_s8_3_impassable_lake_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 10, 10);
    snprintf(s->units[0].name, sizeof s->units[0].name, "2e Ligne");
    int lake = fx_area(s, GR_T_LAKE, 0, 5, 13, 15, 18);
    snprintf(s->terrain.p[lake].name, sizeof s->terrain.p[lake].name, "Etang de la Motte");
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, straight(0, 2.5), &plan, &err), 0);
    assert_int_equal(fx_check(s, &st, straight(0, 3.5), &plan, &err), -1);
    ASSERT_HAS(err.msg, "2e Ligne");
    ASSERT_HAS(err.msg, "impassable");
    ASSERT_HAS(err.msg, "Etang de la Motte");
    /* even the 1 MU minimum does not take a unit into a lake */
    fogn_move small = straight(0, 1);
    st.u[0].y = 12.5;
    assert_int_equal(fx_check(s, &st, small, &plan, &err), -1);
    ASSERT_HAS(err.msg, "impassable");
    free(s);
}

static void test_s8_3_heavy_guns_prolong_into_marsh_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_ART_FOOT, FOGN_F_UNLIMBERED, 10, 10);
    s->units[0].weight = FOGN_HEAVY;
    fx_area(s, GR_T_MARSH, 0, 0, 10.5, 20, 20);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = FOGN_MK_PROLONG;
    m.unit = 0;
    m.dist = 1;
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, m, &plan, &err), -1);
    ASSERT_HAS(err.msg, "cannot move in difficult");
    /* backwards, away from the marsh, 2 MU in the open is allowed (Complex) */
    m.dist = -2;
    assert_int_equal(fx_check(s, &st, m, &plan, &err), 0);
    assert_int_equal(plan.complex, 1);
    /* a medium battery prolongs 1 MU into the same marsh */
    s->units[0].weight = FOGN_MEDIUM;
    m.dist = 1;
    assert_int_equal(fx_check(s, &st, m, &plan, &err), 0);
    assert_int_equal(plan.worst, FOGN_MC_DIFFICULT);
    ASSERT_NEAR(plan.allowance, 1, TOL);
    free(s);
}

static void test_s15_3_rain_in_a_real_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 10, 10);
    s->weather = FOGN_WEATHER_RAIN;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, straight(0, 4), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 4, TOL);
    assert_int_equal(fx_check(s, &st, straight(0, 4.5), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 4 MU");
    free(s);
}

/* --- roads -------------------------------------------------------------------------- */


/* a reformed column on a straight north-south road along x = 10 */
static fogn_scenario *road_scenario(void)
{
    fogn_scenario *s = one_unit(FOGN_INF_REFORMED, FOGN_F_COLUMN, 10, 8);
    double pts[] = {10, 1, 10, 36};
    fx_line(s, GR_T_ROAD, 0, 1.5, 2, pts);
    return s;
}

static void test_s8_3_road_double_move_clear_of_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = road_scenario();
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* §8.3 roads: a March Column wholly on the road, > 6 MU from every enemy: 2 x 6 */
    assert_int_equal(fx_check(s, &st, fx_road(0, 12, 1), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 12, TOL);
    ASSERT_NEAR(plan.after.x, 10, 1e-6);
    ASSERT_NEAR(plan.after.y, 20, 1e-6);
    ASSERT_NEAR(plan.after.heading, GR_PI / 2, 1e-6);
    assert_int_equal(plan.complex, 0);
    assert_int_equal(fx_check(s, &st, fx_road(0, 12.5, 1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 12 MU");
    free(s);
}

static void test_s8_3_road_single_move_near_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = road_scenario();
    /* an enemy 3.25 MU east of the road, beside the column's path */
    s->units[1].x = 14;
    s->units[1].y = 15;
    s->units[1].heading = GR_PI;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_road(0, 12, 1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 6 MU");
    assert_int_equal(fx_check(s, &st, fx_road(0, 6, 1), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 6, TOL);
    /* marching south, away from it, the column starts 6.4 MU from it and only opens
     * the gap: the whole path is clear, so the double allowance applies */
    assert_true(fogn_enemy_dist(s, &st, 0, NULL) > FOGN_ROAD_ENEMY_CLEAR);
    assert_int_equal(fx_check(s, &st, fx_road(0, 6.5, -1), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 12, TOL);
    /* move the enemy 1 MU south: now the column starts within 6 MU and even the
     * march away from it gets the single allowance */
    st.u[1].y = 14;
    assert_true(fogn_enemy_dist(s, &st, 0, NULL) < FOGN_ROAD_ENEMY_CLEAR);
    assert_int_equal(fx_check(s, &st, fx_road(0, 6.5, -1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 6 MU");
    free(s);
}

static void test_s8_3_no_double_move_off_road(void **unused)
{
    (void)unused;
    fogn_scenario *s = road_scenario();
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* a normal move along the road is not a road march: single allowance */
    assert_int_equal(fx_check(s, &st, straight(0, 6), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 6, TOL);
    assert_int_equal(fx_check(s, &st, straight(0, 7), &plan, &err), -1);
    /* a column standing off the road has no road to march on */
    st.u[0].x = 20;
    assert_int_equal(fx_check(s, &st, fx_road(0, 12, 1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "not on a road");
    assert_int_equal(fx_check(s, &st, straight(0, 7), &plan, &err), -1);
    ASSERT_HAS(err.msg, "allowance 6 MU");
    /* only a March Column (or limbered guns) marches by road */
    st.u[0].x = 10;
    st.u[0].formation = FOGN_F_TACTICAL;
    assert_int_equal(fx_check(s, &st, fx_road(0, 4, 1), &plan, &err), -1);
    ASSERT_HAS(err.msg, "only a March Column");
    free(s);
}

static void test_s8_3_road_limbered_artillery(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_ART_FOOT, FOGN_F_LIMBERED, 10, 8);
    double pts[] = {10, 1, 10, 36};
    fx_line(s, GR_T_ROAD, 0, 1.5, 2, pts);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* limbered foot artillery 6 open, doubled on a clear road */
    assert_int_equal(fx_check(s, &st, fx_road(0, 12, 1), &plan, &err), 0);
    ASSERT_NEAR(plan.allowance, 12, TOL);
    assert_int_equal(fx_check(s, &st, fx_road(0, 12.5, 1), &plan, &err), -1);
    free(s);
}

/* --- §8.4 wheel direction (a move.c bug found while writing these tests) -------------- */

static void test_s8_4_forward_wheel_about_left_corner(void **unused)
{
    (void)unused;
    fogn_scenario *s = one_unit(FOGN_INF_REFORMED, FOGN_F_TACTICAL, 10, 10);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan;
    gr_error err;
    /* pivoting on the front-left corner, the front-right corner must go forward
     * (here: up the table). By the geometry conventions (geom.h, test_geom.c)
     * that is a positive (counter-clockwise) angle. */
    int rc = fx_check(s, &st, fx_normal(0, GR_FL, 30, 0, 0), &plan, &err);
    assert_int_equal(rc, 0);
    gr_rect e = fogn_unit_rect(&s->units[0], &plan.after);
    ASSERT_NEAR(gr_rect_corner(&e, GR_FL).x, 8.5, 1e-9);
    ASSERT_NEAR(gr_rect_corner(&e, GR_FL).y, 10, 1e-9);
    assert_true(gr_rect_corner(&e, GR_FR).y > 10.5);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_3_unreformed_infantry_rows),
        cmocka_unit_test(test_s8_3_reformed_infantry_rows),
        cmocka_unit_test(test_s8_3_move_unreformed_cap),
        cmocka_unit_test(test_s8_3_light_infantry_and_skirmish_rows),
        cmocka_unit_test(test_s8_3_artillery_rows),
        cmocka_unit_test(test_s8_3_heavy_attachment_moves_as_heavy),
        cmocka_unit_test(test_s8_3_unlimbered_heavy_na_in_difficult),
        cmocka_unit_test(test_s8_3_cavalry_rows),
        cmocka_unit_test(test_s8_3_commanders_alone),
        cmocka_unit_test(test_s8_3_allowance_clear_equals_table),
        cmocka_unit_test(test_s15_3_heavy_rain_shift),
        cmocka_unit_test(test_s8_3_minimum_one_mu),
        cmocka_unit_test(test_s15_1_terrain_move_classes),
        cmocka_unit_test(test_s8_3_worst_terrain_open),
        cmocka_unit_test(test_s8_3_worst_terrain_ends_in_rough),
        cmocka_unit_test(test_s8_3_worst_terrain_swept_path_clips_wood),
        cmocka_unit_test(test_s8_3_impassable_lake_refused),
        cmocka_unit_test(test_s8_3_heavy_guns_prolong_into_marsh_refused),
        cmocka_unit_test(test_s15_3_rain_in_a_real_move),
        cmocka_unit_test(test_s8_3_road_double_move_clear_of_enemy),
        cmocka_unit_test(test_s8_3_road_single_move_near_enemy),
        cmocka_unit_test(test_s8_3_no_double_move_off_road),
        cmocka_unit_test(test_s8_3_road_limbered_artillery),
        cmocka_unit_test(test_s8_4_forward_wheel_about_left_corner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
