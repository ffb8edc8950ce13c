/* test_fogn_interpen.c - rule tests for moving through friends, for
 * commanders and for the complex move test as the turn machine runs it.
 *
 * Three groups. §8.7: a unit passing through (or ending on) a friend, checked
 * with fogn_move_check / fogn_move_commit: who may be passed, when it is
 * Complex, the passed unit being held in place or slid back to make room.
 * §5.2-§5.3 and §8.10: whole decisions sent through fogn_ruleset.rules->apply with
 * scripted dice, checking what a pass, a failure, a led unit, an empty pool
 * and an exhausted dice script leave in the state, and the second-move
 * decision that follows a first move. §8.11 and §8.2/§4.3: commanders moving,
 * paying and joining units, and the order in which the movement phase hands
 * out its decisions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/core/dice.h"
#include "../../engine/fogn/rules/cmdr.h"
#include "../../engine/fogn/rules/cmt.h"
#include "../../engine/fogn/rules/move.h"

/* the turn machine's cursor (turn.c) */
int fogn_cursor_actor(const fogn_scenario *, const fogn_state *);

/* --- helpers ------------------------------------------------------------------------------ */

/* a third division for side 0 (index 2) with its own Skilled commander (index 4) */
static void add_division(fogn_scenario *s)
{
    int d = s->ndivs++;
    snprintf(s->divs[d].name, sizeof s->divs[d].name, "div%d", d);
    s->divs[d].side = 0;
    s->divs[d].kind = FOGN_DIV_MIXED;
    int c = s->ncmdrs++;
    s->divs[d].commander = (int8_t)c;
    s->divs[d].corps = 2; /* the fixture's side-0 corps commander */
    fogn_cmdr_profile *cp = &s->cmdrs[c];
    snprintf(cp->name, sizeof cp->name, "general%d", c);
    cp->side = 0;
    cp->role = FOGN_CMDR_DIVISION;
    cp->level = 2;
    cp->division = (int8_t)d;
    cp->start_leading = -1;
    cp->x = 40;
    cp->y = 1.5;
}

static void expect_refused(const fogn_scenario *s, const fogn_state *st, fogn_move m, const char *needle)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err) == 0) fail_msg("move accepted, expected \"%s\"", needle);
    ASSERT_HAS(err.msg, needle);
}

static fogn_move_plan must_pass(const fogn_scenario *s, const fogn_state *st, fogn_move m)
{
    fogn_move_plan plan;
    gr_error err;
    if (fx_check(s, st, m, &plan, &err)) fail_msg("refused: %s", err.msg);
    return plan;
}

static fogn_move_plan must_move(const fogn_scenario *s, fogn_state *st, fogn_move m)
{
    fogn_move_plan plan = must_pass(s, st, m);
    fogn_move_commit(s, st, &m, &plan);
    return plan;
}

/* one decision through the turn machine with scripted dice */
static int apply(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n, gr_error *err)
{
    gr_dice d;
    gr_dice_init_script(&d, faces, n);
    gr_error_clear(err);
    return fogn_ruleset.rules->apply(s, st, &a, &d, NULL, err);
}

static int must_apply(const fogn_scenario *s, fogn_state *st, gr_action a, const int *faces, int n)
{
    gr_error err;
    int rc = apply(s, st, a, faces, n, &err);
    if (rc) fail_msg("refused: %s", err.msg);
    return rc;
}

static gr_action hold(int actor) { return fx_action(FOGN_A_HOLD, actor, -1, 0, 0, 0, 0); }
/* exact move through the turn machine: pivot, wheel degrees, distance, slide */
static gr_action move_act(int actor, int pivot, double deg, double dist, double slide)
{
    return fx_action(FOGN_A_MOVE, actor, -1, pivot, (float)deg, (float)dist, (float)slide);
}

/* --- §8.7 interpenetration --------------------------------------------------------------------- */

/* unit 0 at (20, 10) facing up; the enemy (unit 1) far ahead; a friend of the
 * same division (unit 2) 0.75 MU in front: y 10.75 .. 13 */
static fogn_scenario *scn_through(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 13, 90);
    return s;
}

static void test_s8_7_through_stationary_friend_same_division(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_false(plan.complex);
    assert_int_equal(plan.passes_through, 2);
    assert_int_equal(plan.slide_friend, -1);
    ASSERT_POSE(&st.u[0], 20, 16, 90);
    assert_true(st.u[0].flags & FOGN_UF_INTERPENETRATED);
    assert_true(st.u[2].flags & FOGN_UF_STATIONARY);
    ASSERT_POSE(&st.u[2], 20, 13, 90); /* did not move */
    /* it must now stay put for the rest of the phase */
    expect_refused(s, &st, fx_normal(2, -1, 0, 1, 0), "passed through");
    free(s);
}

static void test_s8_7_passed_friend_gets_no_decision(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    s->cmdrs[0].x = 20; /* general0 within 8 MU of both units */
    s->cmdrs[0].y = 5;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    must_apply(s, &st, move_act(0, -1, 0, 6, 0), NULL, 0); /* Simple: no dice */
    assert_true(st.u[2].flags & FOGN_UF_STATIONARY);
    /* far from the enemy: a second move is offered; declining it, the cursor
     * passes over the stationary unit 2 to the commanders */
    assert_int_equal(st.turn.second, 1);
    must_apply(s, &st, hold(0), NULL, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0);
    free(s);
}

static void test_s8_7_through_friend_of_another_division_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    add_division(s);
    s->units[2].division = 2;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_pass(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "another command");
    assert_int_equal(plan.passes_through, 2);
    free(s);
}

static void test_s5_4_wavering_through_same_division_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    s->units[0].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_pass(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_true(plan.complex);
    ASSERT_HAS(plan.why_complex, "Wavering");
    free(s);
}

static void test_s8_7_through_friend_that_has_moved_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[2].flags |= FOGN_UF_MOVED;
    expect_refused(s, &st, fx_normal(0, -1, 0, 6, 0), "it has moved");
    free(s);
}

static void test_s8_7_through_march_column_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    /* the friend as a March Column lying across unit 0's path: x 17.75 .. 22.25, y 11.25 .. 12.75 */
    s->units[2].start_formation = FOGN_F_COLUMN;
    s->units[2].x = 22.25;
    s->units[2].y = 12;
    s->units[2].heading = 0;
    fogn_state st;
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 6, 0), "March Column");
    free(s);
}

static void test_s8_7_through_artillery_or_skirmishers_free(void **unused)
{
    (void)unused;
    /* unlimbered foot artillery: 3 MU wide, 1.5 deep, at y 10.75 .. 12.25 */
    fogn_scenario *s = scn_through();
    s->units[2].troop = FOGN_ART_FOOT;
    s->units[2].start_formation = FOGN_F_UNLIMBERED;
    s->units[2].y = 12.25;
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[2].flags |= FOGN_UF_MOVED; /* even a friend that has moved */
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_false(plan.complex);
    assert_int_equal(plan.passes_through, -1);
    assert_false(st.u[2].flags & FOGN_UF_STATIONARY);
    free(s);

    /* light infantry in skirmish order, of another division */
    s = scn_through();
    add_division(s);
    s->units[2].troop = FOGN_INF_LIGHT;
    s->units[2].start_formation = FOGN_F_SKIRMISH;
    s->units[2].division = 2;
    fx_state(s, &st, 0);
    plan = must_move(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_false(plan.complex);
    assert_int_equal(plan.passes_through, -1);
    assert_false(st.u[2].flags & FOGN_UF_STATIONARY);
    ASSERT_POSE(&st.u[0], 20, 16, 90);
    free(s);

    /* and skirmishers passing through formed friends */
    s = scn_through();
    s->units[0].troop = FOGN_INF_LIGHT;
    s->units[0].start_formation = FOGN_F_SKIRMISH;
    fx_state(s, &st, 0);
    plan = must_pass(s, &st, fx_normal(0, -1, 0, 6, 0));
    assert_false(plan.complex);
    assert_int_equal(plan.passes_through, -1);
    free(s);
}

static void test_s8_7_friend_slid_back_to_make_room(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    fogn_state st;
    fx_state(s, &st, 0);
    /* 4.5 MU ends at y 12.25 .. 14.5: 0.75 MU into the friend (y 10.75 .. 13);
     * sliding the friend back 0.75 MU (less than a base depth) makes room */
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 4.5, 0));
    assert_false(plan.complex);
    assert_int_equal(plan.slide_friend, 2);
    ASSERT_NEAR(plan.friend_dx, 0, POS_TOL);
    ASSERT_NEAR(plan.friend_dy, -0.75, POS_TOL);
    ASSERT_POSE(&st.u[0], 20, 14.5, 90);
    ASSERT_POSE(&st.u[2], 20, 12.25, 90);
    assert_true(st.u[2].flags & FOGN_UF_STATIONARY);
    free(s);
}

/* §8.7: the order compiler's tries of one move keep, for each friend and
 * slide, whether the slide clears the other units and the table; tried at
 * distances in a halving search's order, every try gives the verdict and
 * the slide that the move checked on its own gives. The friend ahead (y
 * 10.75 .. 13) makes room forward up to 0.55 MU before a third unit (y
 * 13.55 .. 15.8) stops it, so the ends up to 1.3 MU on are legal with a
 * slide and those past it have no room; from 4.125 MU sliding it back
 * would make room, but the end lies on the third unit, a second friend
 * passed through */
static void test_s8_7_slides_kept_by_the_tries(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 15.8, 90);
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_tries *t = malloc(sizeof *t);
    assert_non_null(t);
    fogn_move_tries_init(t);
    const double dist[] = {6, 3, 1.5, 0.75, 1.125, 1.3125, 1.21875, 4.5, 2.25, 1.0, 0.5, 3.75};
    int slid = 0, no_room = 0;
    for (size_t k = 0; k < sizeof dist / sizeof dist[0]; k++) {
        fogn_move m = fx_normal(0, -1, 0, dist[k], 0);
        fogn_move_plan p1, p2;
        gr_error err;
        int alone = fx_check(s, &st, m, &p1, &err);
        int tried = fogn_move_try(s, &st, &m, &p2, t);
        if ((alone == 0) != (tried == 0)) fail_msg("%.4f MU: %d alone (%s), %d among the tries", dist[k], alone, err.msg, tried);
        if (alone) {
            no_room += strstr(err.msg, "has no room beyond") != NULL;
            continue;
        }
        assert_int_equal(p1.slide_friend, p2.slide_friend);
        assert_true(p1.friend_dx == p2.friend_dx && p1.friend_dy == p2.friend_dy);
        slid += p1.slide_friend == 2;
    }
    /* 1.125, 1.21875 and 1.0 slide the friend forward; 1.3125, 1.5, 2.25, 3 and 3.75 find no room */
    assert_int_equal(slid, 3);
    assert_int_equal(no_room, 5);
    free(t);
    free(s);
}

static void test_s8_7_slid_friend_keeps_its_leader(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    /* general0 leads the friend from its right flank (edge contact at x 21.5) */
    s->cmdrs[0].x = 22.25;
    s->cmdrs[0].y = 12;
    s->cmdrs[0].start_leading = 2;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_move_plan plan = must_move(s, &st, fx_normal(0, -1, 0, 4.5, 0));
    assert_int_equal(plan.slide_friend, 2);
    ASSERT_POSE(&st.u[2], 20, 12.25, 90);
    /* §3.4: he keeps his place relative to the unit he leads */
    ASSERT_NEAR(st.c[0].x, 22.25, POS_TOL);
    ASSERT_NEAR(st.c[0].y, 11.25, POS_TOL);
    free(s);
}

static void test_s8_7_through_friend_that_held(void **unused)
{
    (void)unused;
    /* the friend (unit 0) decides first and holds; then unit 2 passes through it */
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 13, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 5;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    must_apply(s, &st, hold(0), NULL, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), 2);
    gr_error err;
    int rc = apply(s, &st, move_act(2, -1, 0, 6, 0), NULL, 0, &err);
    if (rc != 0) fail_msg("passing through a friend that held was refused: %s", err.msg);
    ASSERT_POSE(&st.u[2], 20, 16, 90);
    free(s);
}

static void test_s8_7_no_room_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_through();
    fogn_state st;
    fx_state(s, &st, 0);
    /* 3.5 MU ends at y 11.25 .. 13.5: 1.75 MU into the friend, more than a base
     * depth (1.125) either way */
    expect_refused(s, &st, fx_normal(0, -1, 0, 3.5, 0), "no room");
    /* a friend in the way of the slid friend: 4.5 MU would need the friend 0.75 back,
     * but unit 3 stands right behind it (and beside unit 0's start) */
    s->units[2].x = 21.5; /* friend shifted right, so unit 3 can sit behind it */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 23, 10.75, 90); /* y 8.5 .. 10.75 */
    fx_state(s, &st, 0);
    expect_refused(s, &st, fx_normal(0, -1, 0, 4.5, 0), "no room");
    free(s);
}

/* --- §5.2, §5.3 complex move tests through the turn machine ------------------------------------ */

/* unit 0 at (20, 10) facing up, the enemy far ahead (unit 1); general0
 * (division 0) at (20, 5): 2 MU behind unit 0, in command range */
static fogn_scenario *scn_cmt(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 5;
    return s;
}

static gr_action slide_only(int unit, double slide) { return move_act(unit, -1, 0, 0, slide); }

static void test_s5_3_complex_move_passes_costs_one_cp_in_range(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_in_command(s, &st, 0));
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    assert_int_equal(st.turn.cursor, 0); /* the in-command pass */
    assert_int_equal(st.c[0].cp, 2);
    const int dice[] = {5, 2}; /* Drilled: 2 dice, 5+ */
    must_apply(s, &st, slide_only(0, 1), dice, 2);
    ASSERT_POSE(&st.u[0], 21, 10, 90);
    assert_int_equal(st.c[0].cp, 1);
    assert_false(st.u[0].flags & FOGN_UF_CMT_FAILED);
    assert_true(st.u[0].flags & FOGN_UF_MOVED);
    free(s);
}

static void test_s5_2_out_of_command_costs_two_cp(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].x = 2; /* back at the table corner, far out of range */
    s->cmdrs[0].y = 1.5;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_in_command(s, &st, 0));
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    assert_int_equal(st.turn.cursor, s->nunits + 0); /* the out-of-command pass */
    const int dice[] = {6, 1};
    must_apply(s, &st, slide_only(0, 1), dice, 2);
    ASSERT_POSE(&st.u[0], 21, 10, 90);
    assert_int_equal(st.c[0].cp, 0);
    /* no points left for the Complex second move: none offered */
    assert_int_equal(st.turn.second, 0);
    free(s);
}

static void test_s5_3_failed_cmt(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    const int dice[] = {4, 4};
    must_apply(s, &st, slide_only(0, 1), dice, 2);
    /* no move, the point is spent, the failure is marked */
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    assert_int_equal(st.c[0].cp, 1);
    assert_true(st.u[0].flags & FOGN_UF_CMT_FAILED);
    assert_false(st.u[0].flags & FOGN_UF_MOVED);
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY); /* no cohesion loss */
    /* the same unit still decides */
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    assert_int_equal(st.turn.second, 0);
    /* no further complex move this phase */
    fogn_state before = st;
    gr_error err;
    const int more[] = {6, 6};
    assert_int_equal(apply(s, &st, slide_only(0, -1), more, 2, &err), -1);
    ASSERT_HAS(err.msg, "failed a complex move test");
    assert_memory_equal(&st, &before, sizeof st);
    /* a simple one is still allowed; then no second move */
    must_apply(s, &st, move_act(0, -1, 0, 2, 0), NULL, 0);
    ASSERT_POSE(&st.u[0], 20, 12, 90);
    assert_int_equal(st.c[0].cp, 1);
    assert_int_equal(st.turn.second, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0);
    free(s);
}

static void test_s5_2_led_unit_passes_on_4_and_pays_nothing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].y = 7; /* in edge contact behind unit 0 (rear edge at y 7.75) */
    s->cmdrs[0].start_leading = 0;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(st.c[0].leading, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    const int dice[] = {4, 1}; /* would fail unled (5+) */
    must_apply(s, &st, slide_only(0, 1), dice, 2);
    ASSERT_POSE(&st.u[0], 21, 10, 90);
    assert_int_equal(st.c[0].cp, 2);
    /* the commander went with the unit, keeping his place behind it */
    ASSERT_NEAR(st.c[0].x, 21, POS_TOL);
    ASSERT_NEAR(st.c[0].y, 7, POS_TOL);
    assert_int_equal(st.c[0].leading, 0);
    free(s);
}

static void test_s5_2_unled_fails_on_4(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    const int dice[] = {4, 1};
    must_apply(s, &st, slide_only(0, 1), dice, 2);
    assert_true(st.u[0].flags & FOGN_UF_CMT_FAILED);
    ASSERT_POSE(&st.u[0], 20, 10, 90);
    free(s);
}

static void test_s5_2_no_command_points_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    st.c[0].cp = 0;
    fogn_state before = st;
    gr_error err;
    const int dice[] = {6, 6};
    assert_int_equal(apply(s, &st, slide_only(0, 1), dice, 2, &err), -1);
    ASSERT_HAS(err.msg, "command point");
    assert_memory_equal(&st, &before, sizeof st);
    /* simple moves need no points */
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), NULL, 0);
    ASSERT_POSE(&st.u[0], 20, 13, 90);
    free(s);
}

static void test_s5_3_dice_script_running_out_changes_nothing(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_state before = st;
    gr_error err;
    const int one[] = {6}; /* a Drilled unit rolls two */
    assert_int_equal(apply(s, &st, slide_only(0, 1), one, 1, &err), -1);
    assert_true(err.msg[0] != '\0');
    assert_memory_equal(&st, &before, sizeof st);
    free(s);
}

/* --- §8.10 second move through the turn machine --------------------------------------------------- */

static void test_s8_10_second_move_offered_far_from_enemy_and_declined(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), NULL, 0);
    ASSERT_POSE(&st.u[0], 20, 13, 90);
    assert_int_equal(st.turn.second, 1);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    /* "done" is not accepted while a second move is pending */
    gr_error err;
    assert_int_equal(apply(s, &st, fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0), NULL, 0, &err), -1);
    /* holding declines it */
    must_apply(s, &st, hold(0), NULL, 0);
    assert_int_equal(st.turn.second, 0);
    assert_true(st.u[0].flags & FOGN_UF_SECOND_DONE);
    ASSERT_POSE(&st.u[0], 20, 13, 90);
    assert_int_equal(st.c[0].cp, 2);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0); /* on to the commanders */
    free(s);
}

static void test_s8_10_second_move_taken_is_complex(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), NULL, 0);
    assert_int_equal(st.turn.second, 1);
    const int dice[] = {2, 5};
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), dice, 2);
    ASSERT_POSE(&st.u[0], 20, 16, 90);
    assert_int_equal(st.c[0].cp, 1);
    assert_true(st.u[0].flags & FOGN_UF_SECOND_DONE);
    assert_int_equal(st.turn.second, 0);
    /* a failed second-move test: the unit stays and the phase goes on */
    fx_state(s, &st, 0);
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), NULL, 0);
    const int bad[] = {1, 3};
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), bad, 2);
    ASSERT_POSE(&st.u[0], 20, 13, 90);
    assert_true(st.u[0].flags & FOGN_UF_CMT_FAILED);
    assert_int_equal(st.turn.second, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0);
    free(s);
}

static void test_s8_10_no_second_move_within_6mu(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->units[1].y = 20; /* the enemy front 10 MU ahead */
    fogn_state st;
    fx_state(s, &st, 0);
    must_apply(s, &st, move_act(0, -1, 0, 4.5, 0), NULL, 0); /* ends 5.5 MU off */
    assert_int_equal(st.turn.second, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0);
    free(s);
}

static void test_s8_10_command_range_from_before_first_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].y = 4; /* 3 MU behind unit 0; after a 6 MU advance, 9 MU */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_in_command(s, &st, 0));
    must_apply(s, &st, move_act(0, -1, 0, 6, 0), NULL, 0);
    assert_false(fogn_in_command(s, &st, 0));
    assert_int_equal(st.turn.second, 1);
    const int dice[] = {5, 5};
    must_apply(s, &st, move_act(0, -1, 0, 2, 0), dice, 2);
    ASSERT_POSE(&st.u[0], 20, 18, 90);
    assert_int_equal(st.c[0].cp, 1);
    free(s);
}

static void test_s5_2_led_unit_second_cmt_costs_a_point(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].y = 7;
    s->cmdrs[0].start_leading = 0;
    fogn_state st;
    fx_state(s, &st, 0);
    const int d1[] = {4, 1};
    must_apply(s, &st, slide_only(0, 1), d1, 2); /* first CMT: free */
    assert_int_equal(st.c[0].cp, 2);
    assert_int_equal(st.turn.second, 1);
    const int d2[] = {4, 1};
    must_apply(s, &st, move_act(0, -1, 0, 3, 0), d2, 2); /* second CMT: passes on 4+ ... */
    ASSERT_POSE(&st.u[0], 21, 13, 90);
    assert_int_equal(st.c[0].cp, 1);
    free(s);
}

/* --- §8.11 commanders ------------------------------------------------------------------------------- */

static gr_action cmdr_move(const fogn_scenario *s, int c, double x, double y)
{
    return fx_action(FOGN_A_CMDR_MOVE, s->nunits + c, -1, 0, (float)x, (float)y, 0);
}

static int cmdr_do(const fogn_scenario *s, fogn_state *st, gr_action a, gr_error *err)
{
    gr_error_clear(err);
    return fogn_cmdr_apply(s, st, &a, err);
}

static void test_s8_11_division_commander_10mu_in_open(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].x = 10;
    s->cmdrs[0].y = 5;
    fogn_state st, base;
    fx_state(s, &base, 0);
    gr_error err;
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 10, 15), &err), 0); /* no turning: any direction */
    ASSERT_NEAR(st.c[0].x, 10, POS_TOL);
    ASSERT_NEAR(st.c[0].y, 15, POS_TOL);
    assert_true(st.c[0].flags & FOGN_CF_MOVED);
    assert_int_equal(st.c[0].cp, 2); /* a division commander pays nothing */
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 10, 16), &err), -1);
    ASSERT_HAS(err.msg, "already moved");
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 10 + 6, 5 + 8), &err), 0); /* 10 MU diagonally */
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 10, 15.5), &err), -1);
    ASSERT_HAS(err.msg, "allowance 10");
    assert_memory_equal(&st, &base, sizeof st);
    free(s);
}

static void test_s8_11_commander_6mu_in_difficult(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].x = 5;
    s->cmdrs[0].y = 5;
    fx_area(s, GR_T_DENSE_WOOD, 0, 0, 0, 15, 9); /* a wood around him */
    fogn_state st, base;
    fx_state(s, &base, 0);
    gr_error err;
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 11, 5), &err), 0);
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 11.5, 5), &err), -1);
    ASSERT_HAS(err.msg, "allowance 6");
    free(s);
}

static void test_s8_11_commander_keeps_2mu_from_enemy_front(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    /* the enemy at (30, 20) facing down the table: its front zone is x 28.5 .. 31.5, y 18 .. 20 */
    s->units[1].x = 30;
    s->units[1].y = 20;
    s->cmdrs[0].x = 30;
    s->cmdrs[0].y = 12;
    fogn_state st, base;
    fx_state(s, &base, 0);
    gr_error err;
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 30, 16), &err), 0); /* base edge 2.75 MU short */
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 30, 17.5), &err), -1); /* base edge at 18.25 */
    ASSERT_HAS(err.msg, "within 2 MU of the front");
    /* passing across the front */
    s->cmdrs[0].x = 24;
    s->cmdrs[0].y = 19;
    fx_state(s, &base, 0);
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 34, 19), &err), -1);
    ASSERT_HAS(err.msg, "within 2 MU of the front");
    /* passing behind it is fine */
    s->cmdrs[0].y = 24;
    fx_state(s, &base, 0);
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 34, 24), &err), 0);
    /* but a Square has no flank or rear: every face is a front (§3.1), so its rear is closed to him too */
    s->units[1].start_formation = FOGN_F_SQUARE;
    fx_state(s, &base, 0);
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 34, 24), &err), -1);
    ASSERT_HAS(err.msg, "within 2 MU of the front of");
    free(s);
}

static void test_s8_11_commander_may_not_pass_through_an_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    /* the enemy at (30, 20) facing down: its body is x 28.5 .. 31.5, y 20 .. 22.25;
     * general0 beside its flank, clear of its front zone */
    s->units[1].x = 30;
    s->units[1].y = 20;
    s->cmdrs[0].x = 26;
    s->cmdrs[0].y = 21.5;
    fogn_state st, base;
    fx_state(s, &base, 0);
    gr_error err;
    st = base;
    int rc = cmdr_do(s, &st, cmdr_move(s, 0, 35, 21.5), &err); /* straight through its ranks */
    assert_int_equal(rc, -1);
    ASSERT_HAS(err.msg, "enemy");
    assert_memory_equal(&st, &base, sizeof st);
    /* round its rear is fine */
    st = base;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 0, 26, 24), &err), 0);
    free(s);
}

static void test_s8_11_corps_commander_pays_a_point_per_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt(); /* corps0 is commander 2, Competent: 1 CP, at (6, 1.5) */
    fogn_state st, base;
    fx_state(s, &base, 0);
    gr_error err;
    st = base;
    assert_int_equal(st.c[2].cp, 1);
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 2, 10, 1.5), &err), 0);
    assert_int_equal(st.c[2].cp, 0);
    ASSERT_NEAR(st.c[2].x, 10, POS_TOL);
    st = base;
    st.c[2].cp = 0;
    fogn_state before = st;
    assert_int_equal(cmdr_do(s, &st, cmdr_move(s, 2, 10, 1.5), &err), -1);
    ASSERT_HAS(err.msg, "no command point");
    assert_memory_equal(&st, &before, sizeof st);
    free(s);
}

static void test_s8_11_join_unit_of_own_division(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].y = 3;
    fogn_state st;
    fx_state(s, &st, 0);
    gr_error err;
    assert_int_equal(cmdr_do(s, &st, fx_action(FOGN_A_CMDR_JOIN, s->nunits + 0, 0, 0, 0, 0, 0), &err), 0);
    /* in edge contact behind the centre of the rear edge (y 7.75) */
    ASSERT_NEAR(st.c[0].x, 20, POS_TOL);
    ASSERT_NEAR(st.c[0].y, 7.75 - FOGN_CMDR_BASE / 2, POS_TOL);
    assert_int_equal(st.c[0].leading, 0);
    gr_rect cr = fogn_cmdr_rect(&st.c[0]), ur = fogn_unit_rect(&s->units[0], &st.u[0]);
    ASSERT_NEAR(gr_rect_dist(&cr, &ur), 0, 1e-9);
    assert_false(gr_rect_overlap(&cr, &ur, 1e-6));
    free(s);
}

static void test_s8_11_join_unit_of_another_division_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    add_division(s);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 10, 90);
    s->units[2].division = 2;
    s->cmdrs[0].y = 3;
    fogn_state st;
    fx_state(s, &st, 0);
    fogn_state before = st;
    gr_error err;
    assert_int_equal(cmdr_do(s, &st, fx_action(FOGN_A_CMDR_JOIN, s->nunits + 0, 2, 0, 0, 0, 0), &err), -1);
    ASSERT_HAS(err.msg, "not in it");
    assert_memory_equal(&st, &before, sizeof st);
    /* a corps commander may join any unit of his side */
    s->cmdrs[2].x = 26;
    s->cmdrs[2].y = 3;
    fx_state(s, &st, 0);
    assert_int_equal(cmdr_do(s, &st, fx_action(FOGN_A_CMDR_JOIN, s->nunits + 2, 2, 0, 0, 0, 0), &err), 0);
    assert_int_equal(st.c[2].leading, 2);
    free(s);
}

static void test_s8_11_leader_moves_with_the_unit(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    s->cmdrs[0].y = 7;
    s->cmdrs[0].start_leading = 0;
    fogn_state st, base;
    fx_state(s, &base, 0);
    st = base;
    must_move(s, &st, fx_normal(0, -1, 0, 3, 0));
    ASSERT_NEAR(st.c[0].x, 20, POS_TOL);
    ASSERT_NEAR(st.c[0].y, 10, POS_TOL);
    /* wheeling, he keeps his place relative to the front edge: 3 MU behind its centre */
    st = base;
    must_move(s, &st, fx_normal(0, GR_FL, 30, 0, 0));
    double fcx = 18.5 + 1.5 * cos(30 * FX_DEG), fcy = 10 + 1.5 * sin(30 * FX_DEG);
    ASSERT_NEAR(st.c[0].x, fcx + 3 * sin(30 * FX_DEG), POS_TOL);
    ASSERT_NEAR(st.c[0].y, fcy - 3 * cos(30 * FX_DEG), POS_TOL);
    /* a commander not leading stays where he is */
    st = base;
    st.c[0].leading = -1;
    must_move(s, &st, fx_normal(0, -1, 0, 3, 0));
    ASSERT_NEAR(st.c[0].y, 7, POS_TOL);
    free(s);
}

static void test_s8_11_commander_through_the_turn_machine(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_cmt();
    fogn_state st;
    fx_state(s, &st, 0);
    must_apply(s, &st, hold(0), NULL, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 0);
    must_apply(s, &st, cmdr_move(s, 0, 20, 12), NULL, 0);
    ASSERT_NEAR(st.c[0].y, 12, POS_TOL);
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 2); /* corps0 next */
    gr_error err;
    assert_int_equal(apply(s, &st, cmdr_move(s, 2, 6, 20), NULL, 0, &err), -1); /* 18.5 MU */
    ASSERT_HAS(err.msg, "allowance");
    assert_int_equal(fogn_cursor_actor(s, &st), s->nunits + 2);
    free(s);
}

/* --- §8.2 / §4.3 decision order ------------------------------------------------------------------------ */

static void test_s4_3_in_command_units_then_out_of_command_then_commanders(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 45, 10, 90); /* out of command */
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90); /* in command */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 35, -90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 10, 90); /* in command */
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 5;
    int nu = s->nunits;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_in_command(s, &st, 0));
    assert_true(fogn_in_command(s, &st, 1));
    assert_true(fogn_in_command(s, &st, 3));
    assert_int_equal(st.turn.phase, FOGN_PH_MOVEMENT);
    assert_int_equal(st.active, 0);
    const int want_actor[] = {1, 3, 0, nu + 0, nu + 2};
    const int want_cursor[] = {1, 3, nu + 0, 2 * nu + 0, 2 * nu + 2};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(st.turn.cursor, want_cursor[k]);
        assert_int_equal(fogn_cursor_actor(s, &st), want_actor[k]);
        if (k == 0) {
            /* the unit out of command waits for those in command (the order among these is free:
             * test_fogn_any_order.c) */
            gr_error err;
            assert_int_equal(apply(s, &st, hold(0), NULL, 0, &err), -1);
            ASSERT_HAS(err.msg, "units within command range move before those out of it");
        }
        must_apply(s, &st, hold(want_actor[k]), NULL, 0);
    }
    /* everyone has decided: the movement phase is over */
    assert_true(st.turn.phase > FOGN_PH_MOVEMENT || st.active == 1);
    fx_to_movement(s, &st, 1);
    assert_int_equal(st.active, 1);
    assert_int_equal(st.turn.phase, FOGN_PH_MOVEMENT);
    assert_int_equal(fogn_cursor_actor(s, &st), 2);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_7_through_stationary_friend_same_division),
        cmocka_unit_test(test_s8_7_passed_friend_gets_no_decision),
        cmocka_unit_test(test_s8_7_through_friend_of_another_division_complex),
        cmocka_unit_test(test_s5_4_wavering_through_same_division_complex),
        cmocka_unit_test(test_s8_7_through_friend_that_has_moved_refused),
        cmocka_unit_test(test_s8_7_through_march_column_refused),
        cmocka_unit_test(test_s8_7_through_artillery_or_skirmishers_free),
        cmocka_unit_test(test_s8_7_friend_slid_back_to_make_room),
        cmocka_unit_test(test_s8_7_slides_kept_by_the_tries),
        cmocka_unit_test(test_s8_7_no_room_refused),
        cmocka_unit_test(test_s8_7_slid_friend_keeps_its_leader),
        cmocka_unit_test(test_s8_7_through_friend_that_held),
        cmocka_unit_test(test_s5_3_complex_move_passes_costs_one_cp_in_range),
        cmocka_unit_test(test_s5_2_out_of_command_costs_two_cp),
        cmocka_unit_test(test_s5_3_failed_cmt),
        cmocka_unit_test(test_s5_2_led_unit_passes_on_4_and_pays_nothing),
        cmocka_unit_test(test_s5_2_unled_fails_on_4),
        cmocka_unit_test(test_s5_2_no_command_points_refused),
        cmocka_unit_test(test_s5_3_dice_script_running_out_changes_nothing),
        cmocka_unit_test(test_s8_10_second_move_offered_far_from_enemy_and_declined),
        cmocka_unit_test(test_s8_10_second_move_taken_is_complex),
        cmocka_unit_test(test_s8_10_no_second_move_within_6mu),
        cmocka_unit_test(test_s8_10_command_range_from_before_first_move),
        cmocka_unit_test(test_s5_2_led_unit_second_cmt_costs_a_point),
        cmocka_unit_test(test_s8_11_division_commander_10mu_in_open),
        cmocka_unit_test(test_s8_11_commander_6mu_in_difficult),
        cmocka_unit_test(test_s8_11_commander_keeps_2mu_from_enemy_front),
        cmocka_unit_test(test_s8_11_commander_may_not_pass_through_an_enemy),
        cmocka_unit_test(test_s8_11_corps_commander_pays_a_point_per_move),
        cmocka_unit_test(test_s8_11_join_unit_of_own_division),
        cmocka_unit_test(test_s8_11_join_unit_of_another_division_refused),
        cmocka_unit_test(test_s8_11_leader_moves_with_the_unit),
        cmocka_unit_test(test_s8_11_commander_through_the_turn_machine),
        cmocka_unit_test(test_s4_3_in_command_units_then_out_of_command_then_commanders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
