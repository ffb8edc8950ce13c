/* test_fogn_opening.c - the first two moves of a points game (§8.13): the
 * attacker (side 0 in the fixture) makes no move to the rear, the defender's
 * units keep to their deployment area unless a first move takes them up to a
 * built-up area, Skirmishers are free, and from each side's third move on
 * nothing is restricted. Also the scenario keys (opening_moves,
 * sides[i].deployment_depth) and what `grognard setup` writes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/jsonutil.h"
#include "../../engine/fogn/rules/move.h"

/* a points game: 2 restricted moves; the defender (side 1, north edge) keeps to 12.75 MU from its edge */
static fogn_scenario *opening_scenario(void)
{
    fogn_scenario *s = fx_scenario();
    s->opening_moves = 2;
    s->deploy_depth[0] = 8.75;
    s->deploy_depth[1] = 12.75;
    return s;
}

static fogn_move rear(int unit, double dist)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = FOGN_MK_REAR;
    m.unit = unit;
    m.dist = dist;
    return m;
}

/* side `side` to move on player-move `move` */
static void at_move(const fogn_scenario *s, fogn_state *st, int side, int move)
{
    fx_state(s, st, side);
    st->move = (uint16_t)move;
}

static void test_s8_13_attacker_makes_no_move_to_the_rear(void **unused)
{
    (void)unused;
    fogn_scenario *s = opening_scenario();
    int a = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 12, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 30, -90);
    fogn_state st;
    fogn_move_plan plan;
    gr_error err;
    at_move(s, &st, 0, 3); /* the attacker's 2nd move */
    assert_int_equal(fx_check(s, &st, rear(a, 2), &plan, &err), -1);
    ASSERT_HAS(err.msg, "unit0 may not move to the rear in the attacker's first 2 moves (§8.13)");
    /* forward is fine, however far from home */
    assert_int_equal(fx_check(s, &st, fx_normal(a, -1, 0, 4, 0), &plan, &err), 0);
    /* its 3rd move is free */
    at_move(s, &st, 0, 5);
    assert_int_equal(fx_check(s, &st, rear(a, 2), &plan, &err), 0);
    free(s);
}

static void test_s8_13_skirmishers_are_free(void **unused)
{
    (void)unused;
    fogn_scenario *s = opening_scenario();
    int a = fx_unit(s, 0, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 30, 12, 90);
    int d = fx_unit(s, 1, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_SKIRMISH, 30, 26, -90);
    fogn_state st;
    fogn_move_plan plan;
    gr_error err;
    at_move(s, &st, 0, 1);
    assert_int_equal(fx_check(s, &st, rear(a, 2), &plan, &err), 0);
    at_move(s, &st, 1, 2);
    assert_int_equal(fx_check(s, &st, fx_normal(d, -1, 0, 4, 0), &plan, &err), 0);
    free(s);
}

static void test_s8_13_defender_keeps_to_its_area(void **unused)
{
    (void)unused;
    fogn_scenario *s = opening_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 5, 90);
    int d = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 26, -90); /* front 11.5 MU out */
    fogn_state st;
    fogn_move_plan plan;
    gr_error err;
    at_move(s, &st, 1, 4); /* the defender's 2nd move */
    assert_int_equal(fx_check(s, &st, fx_normal(d, -1, 0, 1.25, 0), &plan, &err), 0); /* front at 12.75: inside */
    assert_int_equal(fx_check(s, &st, fx_normal(d, -1, 0, 1.5, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "unit1 may not leave its deployment area (12.8 MU from its base edge) in the defender's first 2 moves");
    /* moving back and about inside it is fine; the attacker's area does not bind the attacker */
    assert_int_equal(fx_check(s, &st, rear(d, 2), &plan, &err), 0);
    at_move(s, &st, 0, 3);
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 6, 0), &plan, &err), 0);
    /* its 3rd move is free */
    at_move(s, &st, 1, 6);
    assert_int_equal(fx_check(s, &st, fx_normal(d, -1, 0, 4, 0), &plan, &err), 0);
    free(s);
}

static void test_s8_13_defender_may_go_out_to_a_village(void **unused)
{
    (void)unused;
    fogn_scenario *s = opening_scenario();
    fx_area(s, GR_T_BUILDING, 0, 27, 19, 33, 22.5);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 5, 90);
    int d = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 26, -90);
    fogn_state st;
    fogn_move_plan plan;
    gr_error err;
    at_move(s, &st, 1, 2);
    /* 3.5 MU forward puts its front on the built-up area's edge (y = 22.5) */
    fogn_move m = fx_normal(d, -1, 0, 3.5, 0);
    if (fx_check(s, &st, m, &plan, &err)) fail_msg("%s", err.msg);
    /* 3 MU stops short of it, out of the area: refused */
    assert_int_equal(fx_check(s, &st, fx_normal(d, -1, 0, 3, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "except to reach a built-up area (§8.13)");
    free(s);
}

static void test_s8_13_off_without_opening_moves(void **unused)
{
    (void)unused;
    fogn_scenario *s = opening_scenario();
    s->opening_moves = 0;
    int a = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 12, 90);
    int d = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 26, -90);
    fogn_state st;
    fogn_move_plan plan;
    gr_error err;
    at_move(s, &st, 0, 1);
    assert_int_equal(fx_check(s, &st, rear(a, 2), &plan, &err), 0);
    at_move(s, &st, 1, 2);
    assert_int_equal(fx_check(s, &st, fx_normal(d, -1, 0, 4, 0), &plan, &err), 0);
    free(s);
}

static json_t *minimal(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/fogn-minimal.json", r && *r ? r : ".");
    gr_error err;
    gr_error_clear(&err);
    json_t *j = gr_json_load_file(path, &err);
    if (!j) fail_msg("%s", err.msg);
    return j;
}

static void test_s8_13_file_keys(void **unused)
{
    (void)unused;
    json_t *j = minimal();
    gr_error err;
    gr_error_clear(&err);
    fogn_scenario *s = fogn_scenario_load(j, "t.json", &err);
    if (!s) fail_msg("%s", err.msg);
    assert_int_equal(s->opening_moves, 0);
    ASSERT_NEAR(s->deploy_depth[1], s->table_h / 2 - FOGN_OPENING_DEFENDER_GAP, 1e-9); /* the §17.5 default */
    fogn_scenario_free(s);
    json_object_set_new(j, "opening_moves", json_integer(2));
    json_object_set_new(json_array_get(json_object_get(j, "sides"), 1), "deployment_depth", json_real(10.5));
    gr_error_clear(&err);
    s = fogn_scenario_load(j, "t.json", &err);
    if (!s) fail_msg("%s", err.msg);
    assert_int_equal(s->opening_moves, 2);
    ASSERT_NEAR(s->deploy_depth[1], 10.5, 1e-9);
    fogn_scenario_free(s);
    json_object_set_new(j, "opening_moves", json_integer(11));
    gr_error_clear(&err);
    s = fogn_scenario_load(j, "t.json", &err);
    assert_null(s);
    ASSERT_HAS(err.msg, "$.opening_moves");
    json_object_set_new(j, "opening_moves", json_integer(2));
    json_object_set_new(json_array_get(json_object_get(j, "sides"), 1), "deployment_depth", json_real(0));
    gr_error_clear(&err);
    s = fogn_scenario_load(j, "t.json", &err);
    assert_null(s);
    ASSERT_HAS(err.msg, "$.sides[1].deployment_depth");
    json_decref(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_13_attacker_makes_no_move_to_the_rear),
        cmocka_unit_test(test_s8_13_skirmishers_are_free),
        cmocka_unit_test(test_s8_13_defender_keeps_to_its_area),
        cmocka_unit_test(test_s8_13_defender_may_go_out_to_a_village),
        cmocka_unit_test(test_s8_13_off_without_opening_moves),
        cmocka_unit_test(test_s8_13_file_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
