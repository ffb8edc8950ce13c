/* test_fogn_brigade.c - rule tests for Brigade Groups (§8.8): who may form
 * one, moving as one body (straight, wheeling about the group's corner, to
 * the rear), the limits (difficult terrain, friends in the way, the wheel's
 * arc), the single CMT with the worst training and élan, and the group
 * orders in the menu and the notation.
 *
 * The position: three small Tactical units of division 0 side by side facing
 * up the table, fronts at y = 10, centres x = 17, 20, 23 (each 3 MU wide,
 * 2.25 deep); the division's Skilled commander (level 2) leads the middle
 * one from behind it; the enemy is far away at (20, 35). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/brigade.h"

/* units 0, 1, 2 of side 0 in a row; unit 3 the enemy; commander 0 leads unit 1 */
static fogn_scenario *scn_row(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 17, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 23, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 7; /* his base reaches y 7.75, the middle unit's rear edge */
    s->cmdrs[0].start_leading = 1;
    return s;
}

static int apply(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n, gr_error *err)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error_clear(err);
    return fogn_ruleset.rules->apply(s, st, &a, &d, NULL, err);
}

static void must_apply(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n)
{
    gr_error err;
    if (apply(s, st, a, faces, n, &err)) fail_msg("refused: %s", err.msg);
}

static gr_action group(int type, const int *members, int n, int arg, double p0, double p1)
{
    gr_action a = fx_action(type, members[0], -1, arg, (float)p0, (float)p1, 0);
    a.p[3] = fogn_brigade_pack(members, n);
    return a;
}

/* --- who forms a group ----------------------------------------------------------------- */

static void test_s8_8_members_by_edge_contact_up_to_level_plus_one(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[FOGN_GROUP_MAX];
    /* Skilled (level 2): three units; the deciding unit (u0) is listed first */
    assert_int_equal(fogn_brigade_members(s, &st, 0, m, FOGN_GROUP_MAX), 3);
    assert_int_equal(m[0], 0);
    assert_int_equal(m[0] + m[1] + m[2], 0 + 1 + 2);
    /* Competent (level 1): two units, grown from the led unit (u1) to u0 */
    st.c[0].level = 1;
    assert_int_equal(fogn_brigade_members(s, &st, 1, m, FOGN_GROUP_MAX), 2);
    assert_int_equal(m[0], 1);
    assert_int_equal(m[1], 0);
    /* u2 is beyond the Competent commander's two units: it has no group */
    assert_int_equal(fogn_brigade_members(s, &st, 2, m, FOGN_GROUP_MAX), 0);
    free(s);
}

static void test_s8_8_corner_contact_or_other_facing_is_not_a_group(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    s->units[0].y = 12.25; /* u0 now touches u1 only at a corner */
    s->units[2].heading = 80 * FX_DEG;
    fogn_state st;
    fx_state(s, &st, 0);
    int m[FOGN_GROUP_MAX];
    assert_int_equal(fogn_brigade_members(s, &st, 1, m, FOGN_GROUP_MAX), 0);
    gr_error err;
    gr_error_clear(&err);
    int pair[2] = {1, 0};
    assert_int_equal(fogn_brigade_valid(s, &st, pair, 2, &err), -1);
    ASSERT_HAS(err.msg, "edge contact");
    free(s);
}

static void test_s8_8_group_limits(void **unused)
{
    (void)unused;
    gr_error err;
    int m3[3] = {1, 0, 2};
    /* no commander with the group */
    {
        fogn_scenario *s = scn_row();
        s->cmdrs[0].start_leading = -1;
        fogn_state st;
        fx_state(s, &st, 0);
        gr_error_clear(&err);
        assert_int_equal(fogn_brigade_valid(s, &st, m3, 3, &err), -1);
        ASSERT_HAS(err.msg, "Division Commander");
        free(s);
    }
    /* more units than the level allows */
    {
        fogn_scenario *s = scn_row();
        s->cmdrs[0].level = 1;
        fogn_state st;
        fx_state(s, &st, 0);
        gr_error_clear(&err);
        assert_int_equal(fogn_brigade_valid(s, &st, m3, 3, &err), -1);
        ASSERT_HAS(err.msg, "at most 2 units");
        free(s);
    }
    /* a Wavering member */
    {
        fogn_scenario *s = scn_row();
        s->units[2].start_cohesion = FOGN_WAVERING;
        fogn_state st;
        fx_state(s, &st, 0);
        gr_error_clear(&err);
        assert_int_equal(fogn_brigade_valid(s, &st, m3, 3, &err), -1);
        ASSERT_HAS(err.msg, "wavering");
        free(s);
    }
    /* infantry and cavalry together */
    {
        fogn_scenario *s = scn_row();
        s->units[2].troop = FOGN_CAV_HEAVY;
        fogn_state st;
        fx_state(s, &st, 0);
        gr_error_clear(&err);
        assert_int_equal(fogn_brigade_valid(s, &st, m3, 3, &err), -1);
        ASSERT_HAS(err.msg, "mix infantry and cavalry");
        free(s);
    }
    /* a unit of another division */
    {
        fogn_scenario *s = scn_row();
        s->units[2].division = 1;
        fogn_state st;
        fx_state(s, &st, 0);
        gr_error_clear(&err);
        assert_int_equal(fogn_brigade_valid(s, &st, m3, 3, &err), -1);
        ASSERT_HAS(err.msg, "division");
        free(s);
    }
}

/* --- moving as one body ------------------------------------------------------------------ */

static void test_s8_8_group_moves_straight_with_its_commander(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), NULL, 0);
    ASSERT_POSE(&st.u[0], 17, 14, 90);
    ASSERT_POSE(&st.u[1], 20, 14, 90);
    ASSERT_POSE(&st.u[2], 23, 14, 90);
    ASSERT_NEAR(st.c[0].y, 11, POS_TOL);
    for (int i = 0; i < 3; i++) assert_true(st.u[i].flags & FOGN_UF_MOVED);
    /* clear of the enemy, the group may make a second move (8.10): it declines */
    assert_int_equal(st.turn.second, FOGN_SECOND_GROUP);
    must_apply(s, &st, fx_action(FOGN_A_HOLD, 0, -1, 0, 0, 0, 0), NULL, 0);
    for (int i = 0; i < 3; i++) assert_true(st.u[i].flags & FOGN_UF_SECOND_DONE);
    /* nobody of the group is due any more: the commanders' turn */
    assert_true(fogn_cursor_actor(s, &st) >= s->nunits);
    free(s);
}

/* §8.8 (ruling: members face the same way to within FOGN_GROUP_FACING_TOL):
 * the group goes one way, its lead's, so a member turned 0.4 degrees
 * keeps its place beside the others instead of closing onto its neighbour */
static void test_s8_8_group_members_go_the_leads_way(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    s->units[2].heading = 90.4 * FX_DEG;
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {1, 0, 2};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), NULL, 0);
    ASSERT_POSE(&st.u[0], 17, 14, 90);
    ASSERT_POSE(&st.u[1], 20, 14, 90);
    /* straight ahead of its own facing it would end 0.028 MU to the left, on u1 */
    ASSERT_NEAR(st.u[2].x, 23, 1e-9);
    ASSERT_NEAR(st.u[2].y, 14, 1e-9);
    ASSERT_NEAR(st.u[2].heading, 90.4 * FX_DEG, 1e-6);
    gr_error inv;
    gr_error_clear(&inv);
    if (fogn_ruleset.present->check_invariants(s, &st, &inv)) fail_msg("invariant: %s", inv.msg);
    free(s);
}

/* the row's group (u0, u1, u2) after its first move, 4 MU straight ahead, with `cp` command points left
 * to its Division Commander (-1: as the scenario gives) */
static fogn_scenario *moved_group(fogn_state *st, const int *m, int cp)
{
    fogn_scenario *s = scn_row();
    fx_state(s, st, 0);
    if (cp >= 0) st->c[0].cp = (uint8_t)cp;
    must_apply(s, st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), NULL, 0);
    return s;
}

/* §8.8, §8.10: a Brigade Group clear of the enemy makes its second move as a group, with one complex move
 * test for all (its Division Commander leads: 4+) costing him one command point; its members make none of
 * their own */
static void test_s8_10_group_second_move_one_cmt_one_cp(void **unused)
{
    (void)unused;
    fogn_state st;
    int m[3] = {0, 1, 2};
    fogn_scenario *s = moved_group(&st, m, -1);
    assert_int_equal(st.turn.second, FOGN_SECOND_GROUP);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    /* the menu: hold, or the group advancing; no order of a unit alone */
    gr_action menu[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, &st, menu, GR_MAX_ACTIONS), groups = 0;
    for (int k = 0; k < n; k++) {
        assert_true(menu[k].type == FOGN_A_HOLD || menu[k].type == FOGN_A_GROUP_ADVANCE);
        groups += menu[k].type == FOGN_A_GROUP_ADVANCE;
    }
    assert_true(groups > 0);
    gr_error err;
    assert_int_equal(apply(s, &st, group(FOGN_A_GROUP_REAR, m, 3, -1, 0, 2), NULL, 0, &err), -1);
    assert_non_null(strstr(err.msg, "a second move goes forward"));
    uint8_t cp = st.c[0].cp;
    const int pass[] = {4, 4};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 3), pass, 2);
    ASSERT_POSE(&st.u[0], 17, 17, 90);
    ASSERT_POSE(&st.u[1], 20, 17, 90);
    ASSERT_POSE(&st.u[2], 23, 17, 90);
    assert_int_equal(st.c[0].cp, cp - 1);
    for (int i = 0; i < 3; i++) {
        assert_true(st.u[i].flags & FOGN_UF_SECOND_DONE);
        assert_false(st.u[i].flags & FOGN_UF_GROUP_SECOND);
    }
    assert_true(fogn_cursor_actor(s, &st) >= s->nunits);
    free(s);
}

/* §8.10: the second move's test failed: nobody moves, the point is spent, the group's moves are over */
static void test_s8_10_group_second_move_failed(void **unused)
{
    (void)unused;
    fogn_state st;
    int m[3] = {0, 1, 2};
    fogn_scenario *s = moved_group(&st, m, -1);
    uint8_t cp = st.c[0].cp;
    const int fail[] = {3, 3};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 3), fail, 2);
    for (int i = 0; i < 3; i++) ASSERT_NEAR(st.u[i].y, 14, POS_TOL);
    assert_int_equal(st.c[0].cp, cp - 1);
    assert_true(fogn_cursor_actor(s, &st) >= s->nunits);
    free(s);
}

/* §8.10: without a command point left the group makes no second move */
static void test_s8_10_group_second_move_needs_a_point(void **unused)
{
    (void)unused;
    fogn_state st;
    int m[3] = {0, 1, 2};
    fogn_scenario *s = moved_group(&st, m, 0);
    assert_int_equal(st.turn.second, 0);
    assert_true(fogn_cursor_actor(s, &st) >= s->nunits);
    free(s);
}

static void test_s8_8_group_wheels_about_its_front_corner(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    /* the group's front-left corner is u0's, at (15.5, 10); the group is 9 MU
     * wide, so 15 degrees sweeps the far corner 9 * 0.2618 = 2.36 MU (<= 3) */
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, GR_FL, 15, 0), NULL, 0);
    gr_vec2 pv = gr_v2(15.5, 10);
    for (int i = 0; i < 3; i++) {
        gr_vec2 want = gr_v2_rot_about(gr_v2(17 + 3 * i, 10), pv, 15 * FX_DEG);
        ASSERT_POSE(&st.u[i], want.x, want.y, 105);
    }
    free(s);
}

static void test_s8_8_group_wheel_arc_limit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    gr_error err;
    /* 20 degrees sweeps 9 * 0.349 = 3.14 MU: more than half of 6 MU */
    assert_int_equal(apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, GR_FL, 20, 0), NULL, 0, &err), -1);
    ASSERT_HAS(err.msg, "at most half the allowance");
    /* the outer unit's front corners may not go beyond its allowance either */
    assert_int_equal(apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, GR_FR, -15, 4.5), NULL, 0, &err), -1);
    ASSERT_HAS(err.msg, "allowance");
    free(s);
}

static void test_s8_8_group_may_not_enter_difficult_terrain(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fx_area(s, GR_T_MARSH, 0, 22, 13, 26, 16);
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    gr_error err;
    assert_int_equal(apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), NULL, 0, &err), -1);
    ASSERT_HAS(err.msg, "difficult terrain");
    /* two of them, clear of the marsh, may */
    int m2[2] = {0, 1};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m2, 2, -1, 0, 4), NULL, 0);
    ASSERT_POSE(&st.u[1], 20, 14, 90);
    free(s);
}

/* a hedge t0 along the row's front edges (y 10 .. 10.25), the state at side 0's move, and the
 * order for the row's group (u0, u1, u2) to cross it */
static gr_action at_the_hedge(fogn_scenario *s, fogn_state *st)
{
    const double xy[] = {10, 10.125, 30, 10.125};
    fx_line(s, GR_T_HEDGE, 0, 0.25, 2, xy);
    fx_state(s, st, 0);
    int m[3] = {0, 1, 2};
    gr_action x = group(FOGN_A_GROUP_CROSS, m, 3, 0, 0, 0);
    x.target = 0;
    return x;
}

/* §8.8 "all units perform the same action", §15.8: a group whose every member's
 * front edge touches a hedge crosses it as one move: one complex move test for
 * all, and each member placed the least distance beyond, its rear edge on the
 * hedge's far side */
static void test_s8_8_group_crosses_a_hedge_together(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    gr_action x = at_the_hedge(s, &st);
    /* in the menu and in the notation */
    gr_action menu[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, &st, menu, GR_MAX_ACTIONS), offered = 0;
    for (int k = 0; k < n; k++) offered += menu[k].type == FOGN_A_GROUP_CROSS && menu[k].target == 0;
    assert_int_equal(offered, 1);
    char buf[64];
    fogn_ruleset.present->format_action(s, &st, &x, buf, sizeof buf);
    assert_string_equal(buf, "u0 group u1,u2 cross t0");
    gr_action back = fx_parse(s, &st, buf);
    assert_int_equal(back.type, FOGN_A_GROUP_CROSS);
    assert_int_equal(back.target, 0);
    /* one test for the group (its commander leads: 4+ on 2 dice) */
    const int pass[] = {4, 1};
    must_apply(s, &st, x, pass, 2);
    for (int i = 0; i < 3; i++) {
        ASSERT_NEAR(st.u[i].x, 17 + 3 * i, POS_TOL);
        ASSERT_NEAR(st.u[i].y, 10.25 + 2.25, 1e-5); /* the placement leaves a hair of clearance */
        ASSERT_NEAR(st.u[i].heading, GR_PI / 2, POS_TOL);
        assert_true(st.u[i].flags & FOGN_UF_TOOK_CMT);
    }
    free(s);
}

/* a member not touching the hedge cannot make the same move: the group does not cross */
static void test_s8_8_group_crossing_needs_every_member_at_the_hedge(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    s->units[2].y = 9; /* u2 stands 1 MU back, still in edge contact with u1 */
    fogn_state st;
    gr_action x = at_the_hedge(s, &st);
    gr_error err;
    assert_int_equal(apply(s, &st, x, NULL, 0, &err), -1);
    ASSERT_HAS(err.msg, "unit2");
    /* nor over open ground */
    x.target = 5;
    assert_int_equal(apply(s, &st, x, NULL, 0, &err), -1);
    free(s);
}

static void test_s8_8_group_may_not_pass_through_friends(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 23, 15, 90); /* u4 ahead of u2 */
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    gr_error err;
    assert_int_equal(apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 5), NULL, 0, &err), -1);
    ASSERT_HAS(err.msg, "may not pass through friends");
    /* stopping short of it is fine */
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 2.5), NULL, 0);
    ASSERT_POSE(&st.u[2], 23, 12.5, 90);
    free(s);
}

static void test_s8_8_group_move_to_the_rear_half_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    for (int i = 0; i < 3; i++) s->units[i].y = 20;
    s->cmdrs[0].y = 17;
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    gr_error err;
    assert_int_equal(apply(s, &st, group(FOGN_A_GROUP_REAR, m, 3, -1, 0, 3.5), NULL, 0, &err), -1);
    ASSERT_HAS(err.msg, "at most half a move");
    must_apply(s, &st, group(FOGN_A_GROUP_REAR, m, 3, -1, 0, 3), NULL, 0);
    ASSERT_POSE(&st.u[0], 17, 17, 90);
    ASSERT_POSE(&st.u[2], 23, 17, 90);
    ASSERT_NEAR(st.c[0].y, 14, POS_TOL);
    free(s);
}

/* --- one CMT for all ---------------------------------------------------------------------------- */

/* a waist-deep stream across the path of the whole group at y = 12, forded
 * all along, makes the move Complex (§15.7: crossing at a ford is crossing
 * an obstacle, with a CMT, but as a move, not §15.8's placement beyond) */
static fogn_scenario *scn_ford(void)
{
    fogn_scenario *s = scn_row();
    const double xy[4] = {10, 12, 30, 12};
    fx_line(s, GR_T_STREAM, GR_WATER_WAIST, 0.5, 2, xy);
    fx_line(s, GR_T_FORD, GR_WATER_WAIST, 1.0, 2, xy);
    s->units[0].training = FOGN_TR_CONSCRIPT; /* 1 die */
    s->units[2].elan = FOGN_ELAN_POOR;        /* must re-roll 6s */
    s->units[1].elan = FOGN_ELAN_SUPERIOR;
    s->units[1].training = FOGN_TR_VETERAN;
    return s;
}

static void test_s8_8_one_cmt_with_worst_training_and_elan_fail(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ford();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    uint8_t cp = st.c[0].cp;
    /* one die (Conscript), led so 4+; a 3 fails and Poor élan gives no re-roll */
    const int dice[] = {3};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), dice, 1);
    for (int i = 0; i < 3; i++) {
        assert_true(st.u[i].flags & FOGN_UF_CMT_FAILED);
        ASSERT_NEAR(st.u[i].y, 10, POS_TOL);
    }
    assert_int_equal(st.c[0].cp, cp); /* the leader's test costs no point */
    /* still u0's decision: a simple move is allowed (short of the stream) */
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    free(s);
}

static void test_s8_8_one_cmt_poor_rerolls_six(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ford();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    /* a 6 passes but Poor élan (the worst of the group) must re-roll it: 2 fails */
    const int dice[] = {6, 2};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), dice, 2);
    for (int i = 0; i < 3; i++) assert_true(st.u[i].flags & FOGN_UF_CMT_FAILED);
    free(s);
}

static void test_s8_8_one_cmt_pass_moves_all(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_ford();
    fogn_state st;
    fx_state(s, &st, 0);
    int m[3] = {0, 1, 2};
    const int dice[] = {4};
    must_apply(s, &st, group(FOGN_A_GROUP_MOVE, m, 3, -1, 0, 4), dice, 1);
    for (int i = 0; i < 3; i++) ASSERT_NEAR(st.u[i].y, 14, POS_TOL);
    free(s);
}

/* --- the menu and the notation ------------------------------------------------------------------ */

static void test_s8_8_menu_offers_group_orders_to_each_member(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    fx_state(s, &st, 0);
    gr_action acts[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, &st, acts, GR_MAX_ACTIONS);
    int groups = 0, k = -1;
    for (int i = 0; i < n; i++)
        if (acts[i].type == FOGN_A_GROUP_ADVANCE) { groups++; if (k < 0) k = i; }
    assert_true(groups >= 1);
    assert_int_equal(acts[k].actor, 0);
    int m[FOGN_GROUP_MAX];
    assert_int_equal(fogn_brigade_unpack(s, &acts[k], m, FOGN_GROUP_MAX), 3);
    /* the order advances all three by the same rigid move */
    double y0 = st.u[0].y;
    must_apply(s, &st, acts[k], NULL, 0);
    assert_true(st.u[0].y > y0 + 1);
    ASSERT_NEAR(st.u[0].y - 10, st.u[2].y - 10, 1e-6);
    free(s);
}

static void test_s8_8_group_notation_round_trip(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_row();
    fogn_state st;
    fx_state(s, &st, 0);
    const char *lines[] = {"u0 group u1,u2 advance u3 to 6", "u0 group u1,u2 move FL 15 2", "u1 group u0 rear 2.5",
                           "u0 group u1,u2 move 4"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        gr_action a;
        gr_error err;
        gr_error_clear(&err);
        if (fogn_ruleset.present->parse_action(s, &st, lines[i], &a, &err)) fail_msg("%s: %s", lines[i], err.msg);
        char back[128];
        fogn_ruleset.present->format_action(s, &st, &a, back, sizeof back);
        assert_string_equal(back, lines[i]);
    }
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.present->parse_action(s, &st, "u0 group u1,u2,u3,u1 move 2", &a, &err), -1);
    ASSERT_HAS(err.msg, "at most 4");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_8_members_by_edge_contact_up_to_level_plus_one),
        cmocka_unit_test(test_s8_8_corner_contact_or_other_facing_is_not_a_group),
        cmocka_unit_test(test_s8_8_group_limits),
        cmocka_unit_test(test_s8_8_group_moves_straight_with_its_commander),
        cmocka_unit_test(test_s8_8_group_members_go_the_leads_way),
        cmocka_unit_test(test_s8_10_group_second_move_one_cmt_one_cp),
        cmocka_unit_test(test_s8_10_group_second_move_failed),
        cmocka_unit_test(test_s8_10_group_second_move_needs_a_point),
        cmocka_unit_test(test_s8_8_group_wheels_about_its_front_corner),
        cmocka_unit_test(test_s8_8_group_wheel_arc_limit),
        cmocka_unit_test(test_s8_8_group_may_not_enter_difficult_terrain),
        cmocka_unit_test(test_s8_8_group_crosses_a_hedge_together),
        cmocka_unit_test(test_s8_8_group_crossing_needs_every_member_at_the_hedge),
        cmocka_unit_test(test_s8_8_group_may_not_pass_through_friends),
        cmocka_unit_test(test_s8_8_group_move_to_the_rear_half_move),
        cmocka_unit_test(test_s8_8_one_cmt_with_worst_training_and_elan_fail),
        cmocka_unit_test(test_s8_8_one_cmt_poor_rerolls_six),
        cmocka_unit_test(test_s8_8_one_cmt_pass_moves_all),
        cmocka_unit_test(test_s8_8_menu_offers_group_orders_to_each_member),
        cmocka_unit_test(test_s8_8_group_notation_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
