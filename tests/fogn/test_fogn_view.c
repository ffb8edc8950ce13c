/* test_fogn_view.c - rule tests for what fogn units stand on and see: the
 * ground read by fire and combat (§7.5, §9.2, §9.5, §15.1), sight over woods
 * and hills (§15.1-§15.2), lines of fire past units and gaps (§7.3), the
 * large unit firing as small (§7.3), flank position of a firer (§7.7),
 * support areas, flank and rear support (§7.5, §9.4), uphill (§15.2),
 * defended obstacles and Defensive Position (§11.2, §15.6, §15.8). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/view.h"

static fogn_scenario *scn(void) { return fx_scenario(); }

/* --- ground ------------------------------------------------------------------------------------------ */

static void test_s15_1_open_ground_no_penalty(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ground g;
    fogn_unit_ground(s, &st, 0, &g);
    assert_int_equal(g.fire_penalty, 0);
    assert_int_equal(g.fight_penalty, 0);
    assert_false(g.any_rough_or_difficult);
    assert_false(g.in_cover);
    free(s);
}

static void test_s7_5_rough_fields_one_level(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_area(s, GR_T_FIELDS, 0, 10, 5, 30, 15);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ground g;
    fogn_unit_ground(s, &st, 0, &g);
    assert_int_equal(g.fire_penalty, 1);
    assert_int_equal(g.fight_penalty, 1);
    assert_true(g.any_rough_or_difficult);
    free(s);
}

static void test_s15_1_open_wood_fires_as_difficult_fights_as_rough(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_area(s, GR_T_OPEN_WOOD, 0, 10, 5, 30, 15);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ground g;
    fogn_unit_ground(s, &st, 0, &g);
    assert_int_equal(g.fire_penalty, 2);
    assert_int_equal(g.fight_penalty, 1);
    assert_true(g.in_cover);
    free(s);
}

static void test_s15_1_skirmishers_no_terrain_penalty(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_area(s, GR_T_DENSE_WOOD, 0, 10, 5, 30, 15);
    fx_unit(s, 0, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ground g;
    fogn_unit_ground(s, &st, 0, &g);
    assert_int_equal(g.fire_penalty, 0);
    assert_int_equal(g.fight_penalty, 0);
    assert_true(g.any_rough_or_difficult); /* the "all other" dice row still applies (§9.2) */
    free(s);
}

static void test_s7_5_half_in_the_open_fires_at_one_level(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    /* dense wood under the rear rank only (y 7.75..8.875): front rank and half the bases wholly open */
    fx_area(s, GR_T_DENSE_WOOD, 0, 10, 5, 30, 8.8);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ground g;
    fogn_unit_ground(s, &st, 0, &g);
    assert_int_equal(g.fire_penalty, 1);
    assert_int_equal(g.fight_penalty, 2);
    free(s);
}

/* --- sight ---------------------------------------------------------------------------------------------- */

static void test_s15_1_wood_between_blocks_sight(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_area(s, GR_T_DENSE_WOOD, 0, 10, 14, 30, 18);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 22, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 40, 12, 180);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_can_see(s, &st, 0, 1));
    assert_true(fogn_can_see(s, &st, 0, 2)); /* off to the side, below the wood */
    free(s);
}

static void test_s15_1_troops_in_wood_seen_within_6mu_only(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_area(s, GR_T_OPEN_WOOD, 0, 15, 18, 25, 30);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, -90); /* wholly inside, 10 MU off */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_can_see(s, &st, 0, 1));
    st.u[0].y = 14.5; /* 5.5 MU */
    assert_true(fogn_can_see(s, &st, 0, 1));
    free(s);
}

static void test_s15_2_hill_between_blocks_but_on_it_sees(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_area(s, GR_T_GENTLE_HILL, 0, 10, 14, 30, 18);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 22, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_can_see(s, &st, 0, 1));
    st.u[0].y = 15; /* on the hill */
    assert_true(fogn_can_see(s, &st, 0, 1));
    free(s);
}

/* --- lines of fire ------------------------------------------------------------------------------------------ */

static void test_s7_3_no_fire_through_a_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 15, -90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_LINE, 20, 12, 90); /* a friend 9 MU wide in between */
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect fr = fogn_unit_rect(&s->units[0], &st.u[0]);
    int both = 1;
    assert_false(fogn_fire_line(s, &st, 0, &fr, 1, &both));
    st.u[2].x = 40; /* moved away */
    assert_true(fogn_fire_line(s, &st, 0, &fr, 1, &both));
    assert_true(both);
    free(s);
}

static void test_s7_3_no_fire_through_a_narrow_gap(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 20, -90);
    /* two friends 1 MU apart (less than 1 BW) straddling every line from the guns */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_LINE, 15, 14, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_LINE, 25, 14, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect fr = fogn_unit_rect(&s->units[0], &st.u[0]);
    assert_false(fogn_fire_line(s, &st, 0, &fr, 1, NULL));
    st.u[3].x = 27.75; /* the gap widens to 6 MU */
    assert_true(fogn_fire_line(s, &st, 0, &fr, 1, NULL));
    free(s);
}

static void test_s7_3_long_range_guns_shoot_past_skirmishers(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 5, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 17, -90);  /* 12 MU: long */
    fx_unit(s, 1, FOGN_INF_LIGHT, FOGN_LARGE, FOGN_F_SKIRMISH_LINE, 20, 10, -90); /* screen between */
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect fr = fogn_unit_rect(&s->units[0], &st.u[0]);
    assert_true(fogn_fire_line(s, &st, 0, &fr, 1, NULL));
    st.u[2].formation = FOGN_F_LINE; /* not skirmishers any more */
    s->units[2].troop = FOGN_INF_REFORMED;
    assert_false(fogn_fire_line(s, &st, 0, &fr, 1, NULL));
    free(s);
}

static void test_s7_3_large_unit_fires_as_small_at_one_end(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 20, 10, 90); /* bases 17.75..22.25 */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 17, 12, -90); /* x 15.5..18.5: left end only */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 13, -90); /* in front of all three */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_fires_as_small(s, &st, 0, 1));
    assert_false(fogn_fires_as_small(s, &st, 0, 2));
    free(s);
}

static void test_s7_7_firer_behind_the_target_flank(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 0);  /* facing east, front at x 20 */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 24, 14, 90); /* facing north, front at y 14 */
    fogn_state st;
    fx_state(s, &st, 0);
    gr_rect fr = fogn_unit_rect(&s->units[0], &st.u[0]);
    assert_true(fogn_fire_from_behind(s, &st, &fr, 1));
    fogn_unit_set_heading(&st.u[1], GR_PI); /* now facing the firer */
    assert_false(fogn_fire_from_behind(s, &st, &fr, 1));
    free(s);
}

static void test_s7_5_enemy_cavalry_near(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 20, 16, -90); /* 6 MU */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_enemy_cavalry_near(s, &st, 0, 6));
    st.u[1].y = 16.5;
    assert_false(fogn_enemy_cavalry_near(s, &st, 0, 6));
    free(s);
}

/* --- support ------------------------------------------------------------------------------------------------ */

/* u0 fights enemy u1 front to front; u2 stands beside u0 */
static fogn_scenario *scn_melee(double friend_x)
{
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 20, 10, -90); /* 4.5 wide: overlaps u0's flanks */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, friend_x, 9, 90);
    return s;
}

static void test_s9_4_flank_supporter_beside_the_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_melee(24.0); /* x 22.5..25.5, 1 MU from u0, its front 1 MU behind the enemy's edge */
    fogn_state st;
    fx_state(s, &st, 0);
    int who[2];
    assert_true(fogn_in_support_area(s, &st, 2, 1));
    assert_int_equal(fogn_flank_supporters(s, &st, 0, who, 2), 1);
    assert_int_equal(who[0], 2);
    st.u[2].x = 25.5; /* 2.5 MU away: more than 1 BW */
    assert_int_equal(fogn_flank_supporters(s, &st, 0, who, 2), 0);
    free(s);
}

static void test_s9_4_rear_support_two_bases_behind(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90); /* bases x 18.5..21.5 */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_LINE, 22, 6, 90);      /* bases 19..20.5, 20.5..22, ... */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 30, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_rear_supported(s, &st, 0));
    st.u[1].x = 24; /* only one of its bases (21..22.5) partly behind */
    assert_false(fogn_rear_supported(s, &st, 0));
    st.u[1].x = 22;
    st.u[1].cohesion = FOGN_WAVERING;
    assert_false(fogn_rear_supported(s, &st, 0));
    st.u[1].cohesion = FOGN_STEADY;
    st.u[1].y = 4.5; /* 3.25 MU behind: within 6 MU, but more than an Extended Line's 3 MU move */
    assert_false(fogn_rear_supported(s, &st, 0));
    st.u[1].y = 5; /* 2.75 MU: within a move */
    assert_true(fogn_rear_supported(s, &st, 0));
    free(s);
}

static void test_s9_4_cavalry_supported_only_by_cavalry_and_deep_supports_itself(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 6, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_DEEP, 40, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 30, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_rear_supported(s, &st, 0));
    assert_true(fogn_rear_supported(s, &st, 2));
    free(s);
}

/* --- hills and obstacles ---------------------------------------------------------------------------------------- */

static void test_s15_2_uphill_unit_with_peak_behind(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    /* a hill y 2..10, its centroid at y 6: behind u0 facing south from its front edge at y 9 */
    fx_area(s, GR_T_GENTLE_HILL, 0, 10, 2, 30, 10);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 7, -90); /* front at y 7, body to y 9.25 */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 7, 90);  /* front at y 7, body 4.75..7 */
    fogn_state st;
    fx_state(s, &st, 0);
    /* u0's bases: body y 7..9.25 - the front ones all corners in the hill, peak (y 6) is ahead of it: not uphill */
    assert_int_equal(fogn_uphill_of(s, &st, 0, 1), 0);
    /* u1 faces north, peak at y 6 behind its front line (y 7): uphill of u0 */
    assert_int_equal(fogn_uphill_of(s, &st, 1, 0), 2);
    assert_true(fogn_defensive_position(s, &st, 1));
    free(s);
}

static void test_s15_8_defending_a_wall_and_fighting_across_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    const double wall[4] = {10, 10.1, 30, 10.1};
    fx_line(s, GR_T_WALL, 0, 0.2, 2, wall);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);    /* front edge on the wall */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10.2, -90); /* across it */
    fx_unit(s, 1, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 40, 20, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_defends_obstacle(s, &st, 0));
    assert_false(fogn_defends_obstacle(s, &st, 2)); /* cavalry never defend one */
    assert_true(fogn_contact_across_obstacle(s, &st, 0, 1));
    assert_true(fogn_defensive_position(s, &st, 0));
    free(s);
}

static void test_s15_6_river_bank_facing_the_water(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    const double river[4] = {0, 14, 60, 14};
    fx_line(s, GR_T_RIVER, GR_WATER_WAIST, 3, 2, river); /* water from y 12.5 */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 11, 90);  /* 1.5 MU from the water, facing it */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 8.75, -90); /* back to it */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_defends_obstacle(s, &st, 0));
    assert_false(fogn_defends_obstacle(s, &st, 1));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s15_1_open_ground_no_penalty),
        cmocka_unit_test(test_s7_5_rough_fields_one_level),
        cmocka_unit_test(test_s15_1_open_wood_fires_as_difficult_fights_as_rough),
        cmocka_unit_test(test_s15_1_skirmishers_no_terrain_penalty),
        cmocka_unit_test(test_s7_5_half_in_the_open_fires_at_one_level),
        cmocka_unit_test(test_s15_1_wood_between_blocks_sight),
        cmocka_unit_test(test_s15_1_troops_in_wood_seen_within_6mu_only),
        cmocka_unit_test(test_s15_2_hill_between_blocks_but_on_it_sees),
        cmocka_unit_test(test_s7_3_no_fire_through_a_unit),
        cmocka_unit_test(test_s7_3_no_fire_through_a_narrow_gap),
        cmocka_unit_test(test_s7_3_long_range_guns_shoot_past_skirmishers),
        cmocka_unit_test(test_s7_3_large_unit_fires_as_small_at_one_end),
        cmocka_unit_test(test_s7_7_firer_behind_the_target_flank),
        cmocka_unit_test(test_s7_5_enemy_cavalry_near),
        cmocka_unit_test(test_s9_4_flank_supporter_beside_the_unit),
        cmocka_unit_test(test_s9_4_rear_support_two_bases_behind),
        cmocka_unit_test(test_s9_4_cavalry_supported_only_by_cavalry_and_deep_supports_itself),
        cmocka_unit_test(test_s15_2_uphill_unit_with_peak_behind),
        cmocka_unit_test(test_s15_8_defending_a_wall_and_fighting_across_it),
        cmocka_unit_test(test_s15_6_river_bank_facing_the_water),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
