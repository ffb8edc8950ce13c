/* test_fogn_morale.c - rule tests for cohesion and commanders in danger:
 * losing levels and breaking (§2.6, §12.3), friends shaken by a unit that
 * breaks or is destroyed (§11.1), the owed 5+ cohesion tests and their
 * cascades with scripted dice (§11.2-§11.3), the line of communications'
 * +1 (§13), commander casualties and their replacement (§10) and the
 * commander caught alone (§8.11). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/casualty.h"
#include "../../engine/fogn/rules/cohesion.h"
#include "../../engine/fogn/rules/loc.h"

/* two Drilled Average infantry units of side 0 side by side (u0 at x 20, u1
 * at x 26, 3 MU apart edge to edge), the enemy (u2) far off */
static fogn_scenario *scn_pair(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    return s;
}

static void script(gr_dice *d, const int *faces, int n) { gr_dice_init_script(d, faces, n); }

/* --- losing levels, breaking ------------------------------------------------------------------- */

static void test_s2_6_losses_step_down_to_broken(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_lose(s, &st, 0, 1, NULL, "test"), FOGN_DISORDERED);
    assert_int_equal(fogn_lose(s, &st, 0, 1, NULL, "test"), FOGN_WAVERING);
    /* two more at once stop at Broken */
    assert_int_equal(fogn_lose(s, &st, 0, 2, NULL, "test"), FOGN_BROKEN);
    assert_int_equal(st.u[0].cohesion, FOGN_BROKEN);
    /* a Broken unit loses nothing more */
    assert_int_equal(fogn_lose(s, &st, 0, 1, NULL, "test"), FOGN_BROKEN);
    free(s);
}

static void test_s12_3_broken_unit_keeps_only_skirmisher_attachments(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[0].attach[0] = FOGN_ATT_SKIRMISHERS;
    s->units[0].attach[1] = FOGN_ATT_ARTILLERY;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_lose(s, &st, 0, 3, NULL, "test");
    assert_true(fogn_attach_working(&s->units[0], &st.u[0], 0));
    assert_false(fogn_attach_working(&s->units[0], &st.u[0], 1));
    free(s);
}

static void test_s11_1_friends_within_4mu_of_a_breaking_unit_owe_a_test(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    /* u3 is 6 MU from u0: too far */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 12.5, 10, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_lose(s, &st, 0, 3, NULL, "test");
    assert_int_equal(st.u[1].ct_due, 1); /* 3 MU away */
    assert_int_equal(st.u[3].ct_due, 0); /* 4.5 MU away */
    assert_int_equal(st.u[2].ct_due, 0); /* the enemy */
    free(s);
}

static void test_s11_1_guard_ignores_broken_non_guard_and_artillery_shakes_nobody(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[1].caps = FOGN_CAP_GUARD;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_lose(s, &st, 0, 3, NULL, "test");
    assert_int_equal(st.u[1].ct_due, 0);
    free(s);
    s = scn_pair();
    s->units[0].troop = FOGN_ART_FOOT;
    s->units[0].start_formation = FOGN_F_UNLIMBERED;
    fx_state(s, &st, 0);
    fogn_lose(s, &st, 0, 3, NULL, "test");
    assert_int_equal(st.u[1].ct_due, 0);
    free(s);
}

static void test_s11_1_destroyed_friend_shakes_like_a_break(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_destroy(s, &st, 0, NULL, "test");
    assert_false(fogn_unit_alive(&st.u[0]));
    assert_int_equal(st.u[1].ct_due, 1);
    /* destroying a unit that had already broken shakes nobody again */
    fx_state(s, &st, 0);
    fogn_lose(s, &st, 0, 3, NULL, "test");
    st.u[1].ct_due = 0;
    fogn_destroy(s, &st, 0, NULL, "test");
    assert_int_equal(st.u[1].ct_due, 0);
    free(s);
}

static void test_s12_4_abandoned_guns_count_losses_then_are_lost(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[0].troop = FOGN_ART_FOOT;
    s->units[0].start_formation = FOGN_F_UNLIMBERED;
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[0].flags |= FOGN_UF_ABANDONED;
    st.u[0].gun_losses = 2;
    fogn_lose(s, &st, 0, 1, NULL, "test");
    assert_true(fogn_unit_alive(&st.u[0]));
    assert_int_equal(st.u[0].gun_losses, 3);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY); /* the gunners are not a unit */
    fogn_lose(s, &st, 0, 1, NULL, "test");
    assert_false(fogn_unit_alive(&st.u[0]));
    free(s);
}

/* --- the owed tests ------------------------------------------------------------------------------- */

static void test_s11_2_drilled_unit_rolls_two_dice_at_5(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    fogn_state st;
    fx_state(s, &st, 0);
    gr_dice d;
    fogn_ct_owe(&st, 1);
    const int pass[] = {5, 1};
    script(&d, pass, 2);
    assert_int_equal(fogn_ct_run(s, &st, 0, &d, NULL), 0);
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    assert_int_equal(d.pos, 2);
    fogn_ct_owe(&st, 1);
    const int fail[] = {4, 4};
    script(&d, fail, 2);
    assert_int_equal(fogn_ct_run(s, &st, 0, &d, NULL), 0);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    assert_int_equal(st.u[1].ct_due, 0);
    free(s);
}

static void test_s11_3_cascade_a_break_makes_others_test(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    /* u3 3 MU to the right of u1: u0 (Wavering) fails and breaks, u1 must
     * then test, fails and breaks too, and u3 (3 MU from u1) tests */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 32, 10, 90);
    s->units[0].start_cohesion = FOGN_WAVERING;
    s->units[1].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ct_owe(&st, 0);
    const int faces[] = {1, 2, /* u0 fails: Broken */ 3, 3, /* u1 fails: Broken */ 6, 1 /* u3 passes */};
    gr_dice d;
    script(&d, faces, 6);
    assert_int_equal(fogn_ct_run(s, &st, 0, &d, NULL), 0);
    assert_int_equal(st.u[0].cohesion, FOGN_BROKEN);
    assert_int_equal(st.u[1].cohesion, FOGN_BROKEN);
    assert_int_equal(st.u[3].cohesion, FOGN_STEADY);
    assert_int_equal(d.pos, 6);
    free(s);
}

static void test_s11_3_dice_running_out_is_reported(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ct_owe(&st, 1);
    const int faces[] = {2};
    gr_dice d;
    script(&d, faces, 1);
    assert_int_equal(fogn_ct_run(s, &st, 0, &d, NULL), -1);
    free(s);
}

static void test_s11_2_superior_rerolls_ones_when_failing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[1].elan = FOGN_ELAN_SUPERIOR;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_ct_owe(&st, 1);
    const int faces[] = {1, 3, /* re-roll the 1 */ 5};
    gr_dice d;
    script(&d, faces, 3);
    assert_int_equal(fogn_ct_run(s, &st, 0, &d, NULL), 0);
    assert_int_equal(st.u[1].cohesion, FOGN_STEADY);
    assert_int_equal(d.pos, 3);
    free(s);
}

static void test_s11_2_charismatic_leader_adds_a_die(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->cmdrs[0].charismatic = 1;
    s->cmdrs[0].x = 26;
    s->cmdrs[0].y = 7;
    s->cmdrs[0].start_leading = 1;
    fogn_state st;
    fx_state(s, &st, 0);
    int autofail = 0;
    assert_int_equal(fogn_ct_dice(s, &st, 1, &autofail), 3);
    assert_int_equal(fogn_ct_dice(s, &st, 0, &autofail), 2);
    assert_int_equal(autofail, 0);
    free(s);
}

static void test_s11_2_extended_line_loses_a_die(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[1].start_formation = FOGN_F_LINE;
    s->units[1].x = 30; /* room for the 6 MU line */
    fogn_state st;
    fx_state(s, &st, 0);
    int autofail = 0;
    assert_int_equal(fogn_ct_dice(s, &st, 1, &autofail), 1);
    free(s);
}

static void test_s13_loc_occupied_adds_one_to_every_test(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->has_loc[0] = 1;
    s->loc[0] = gr_v2(40, 1.125);
    /* an enemy unit standing on the LOC marker (touching it), nobody contesting */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 40, 4.5, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_loc_occupied(s, &st, 0));
    fogn_ct_owe(&st, 1);
    const int faces[] = {5, 5}; /* would pass at 5+, fails at 6+ */
    gr_dice d;
    script(&d, faces, 2);
    assert_int_equal(fogn_ct_run(s, &st, 0, &d, NULL), 0);
    assert_int_equal(st.u[1].cohesion, FOGN_DISORDERED);
    /* a Wavering or March Column occupier does not count */
    st.u[3].cohesion = FOGN_WAVERING;
    assert_false(fogn_loc_occupied(s, &st, 0));
    free(s);
}

/* --- commanders ----------------------------------------------------------------------------------- */

/* division commander c0 (Skilled) with u1 */
static fogn_scenario *scn_led(void)
{
    fogn_scenario *s = scn_pair();
    s->cmdrs[0].x = 26;
    s->cmdrs[0].y = 7;
    s->cmdrs[0].start_leading = 1;
    return s;
}

static void test_s10_2_all_dice_must_score(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_led();
    fogn_state st;
    fx_state(s, &st, 0);
    gr_dice d;
    const int miss[] = {6, 5}; /* division: 2 dice at 6+ */
    script(&d, miss, 2);
    assert_int_equal(fogn_casualty_rolls(s, &st, 1, 6, &d, NULL), 0);
    assert_false(st.c[0].flags & FOGN_CF_CASUALTY);
    assert_int_equal(st.u[1].ct_due, 0);
    const int hit[] = {6, 6};
    script(&d, hit, 2);
    assert_int_equal(fogn_casualty_rolls(s, &st, 1, 6, &d, NULL), 0);
    assert_true(st.c[0].flags & FOGN_CF_CASUALTY);
    assert_int_equal(st.c[0].leading, -1);
    /* §10.2: the unit he was with tests */
    assert_int_equal(st.u[1].ct_due, 1);
    free(s);
}

static void test_s10_3_division_replacement_is_competent_beside_his_division(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_led();
    fogn_state st;
    fx_state(s, &st, 0);
    const int hit[] = {5, 5};
    gr_dice d;
    script(&d, hit, 2);
    assert_int_equal(fogn_casualty_rolls(s, &st, 1, 5, &d, NULL), 0);
    assert_true(st.c[0].flags & FOGN_CF_CASUALTY);
    fogn_replace_commanders(s, &st, 0, NULL);
    assert_false(st.c[0].flags & FOGN_CF_CASUALTY);
    assert_true(st.c[0].flags & FOGN_CF_ON_TABLE);
    assert_int_equal(st.c[0].level, 1);
    /* beside the nearest unit of the division to where he fell: u1, behind its rear edge */
    assert_true(fabs(st.c[0].x - 26) < 1e-9 && fabs(st.c[0].y - 7) < 1e-9);
    free(s);
}

static void test_s10_3_corps_commander_replaced_by_best_division_commander(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->cmdrs[2].level = 3;          /* corps0: Exceptional */
    s->cmdrs[2].x = 26;
    s->cmdrs[2].y = 7;
    s->cmdrs[2].start_leading = 1;
    s->cmdrs[0].charismatic = 1;    /* general0 (Skilled) will be promoted */
    fogn_state st;
    fx_state(s, &st, 0);
    const int hit[] = {6, 6, 6};
    gr_dice d;
    script(&d, hit, 3);
    assert_int_equal(fogn_casualty_rolls(s, &st, 1, 6, &d, NULL), 0);
    assert_true(st.c[2].flags & FOGN_CF_CASUALTY);
    fogn_replace_commanders(s, &st, 0, NULL);
    /* the corps: Skilled (the fallen was Exceptional), charisma of the promoted */
    assert_false(st.c[2].flags & FOGN_CF_CASUALTY);
    assert_int_equal(st.c[2].level, 2);
    assert_true(st.c[2].flags & FOGN_CF_CHARISMATIC);
    /* his division: a Competent replacement, not charismatic */
    assert_false(st.c[0].flags & FOGN_CF_CASUALTY);
    assert_int_equal(st.c[0].level, 1);
    assert_false(st.c[0].flags & FOGN_CF_CHARISMATIC);
    free(s);
}

static void test_s10_2_brigade_officer_lost_for_good(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[1].attach[0] = FOGN_ATT_OFFICER;
    fogn_state st;
    fx_state(s, &st, 0);
    const int hit[] = {6};
    gr_dice d;
    script(&d, hit, 1);
    assert_int_equal(fogn_casualty_rolls(s, &st, 1, 6, &d, NULL), 0);
    assert_false(fogn_attach_working(&s->units[1], &st.u[1], 0));
    assert_int_equal(st.u[1].ct_due, 1);
    free(s);
}

static void test_s8_11_commander_caught_alone_rides_to_a_friend_or_is_taken(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_pair();
    s->units[0].y = 28; /* u0's front at y 28, rear edge at 25.75 */
    fogn_state st;
    fx_state(s, &st, 0);
    /* general0 alone, his base's top edge on the enemy's front edge (y 35) */
    st.c[0].x = 20;
    st.c[0].y = 34.25;
    assert_int_equal(fogn_cmdr_displaced(s, &st, NULL), 1);
    assert_false(st.c[0].flags & FOGN_CF_CASUALTY);
    /* he rode to u0 (5.5 MU away) and stands behind its rear edge */
    assert_true(fabs(st.c[0].x - 20) < 1e-9 && fabs(st.c[0].y - 25) < 1e-9);
    /* with no friend within 10 MU he is captured */
    st.u[0].flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    st.u[1].flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    st.c[0].x = 20;
    st.c[0].y = 34.25;
    assert_int_equal(fogn_cmdr_displaced(s, &st, NULL), 1);
    assert_true(st.c[0].flags & FOGN_CF_CASUALTY);
    assert_false(st.c[0].flags & FOGN_CF_ON_TABLE);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s2_6_losses_step_down_to_broken),
        cmocka_unit_test(test_s12_3_broken_unit_keeps_only_skirmisher_attachments),
        cmocka_unit_test(test_s11_1_friends_within_4mu_of_a_breaking_unit_owe_a_test),
        cmocka_unit_test(test_s11_1_guard_ignores_broken_non_guard_and_artillery_shakes_nobody),
        cmocka_unit_test(test_s11_1_destroyed_friend_shakes_like_a_break),
        cmocka_unit_test(test_s12_4_abandoned_guns_count_losses_then_are_lost),
        cmocka_unit_test(test_s11_2_drilled_unit_rolls_two_dice_at_5),
        cmocka_unit_test(test_s11_3_cascade_a_break_makes_others_test),
        cmocka_unit_test(test_s11_3_dice_running_out_is_reported),
        cmocka_unit_test(test_s11_2_superior_rerolls_ones_when_failing),
        cmocka_unit_test(test_s11_2_charismatic_leader_adds_a_die),
        cmocka_unit_test(test_s11_2_extended_line_loses_a_die),
        cmocka_unit_test(test_s13_loc_occupied_adds_one_to_every_test),
        cmocka_unit_test(test_s10_2_all_dice_must_score),
        cmocka_unit_test(test_s10_3_division_replacement_is_competent_beside_his_division),
        cmocka_unit_test(test_s10_3_corps_commander_replaced_by_best_division_commander),
        cmocka_unit_test(test_s10_2_brigade_officer_lost_for_good),
        cmocka_unit_test(test_s8_11_commander_caught_alone_rides_to_a_friend_or_is_taken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
