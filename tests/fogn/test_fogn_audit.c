/* test_fogn_audit.c - the blunder audit (bench/audit/audit.h) on fogn
 * positions built by hand: each check must fire on the blunder it names
 * and stay quiet on the sensible order beside it.
 *
 * The gun checks run on orders carried out by the rules (the unit's
 * Movement Phase decision, no dice needed). Back and forth and the idle
 * side need several player-moves: those are positions of the fixture with
 * the move counter and the unit's place set by hand, fed to the audit in
 * order, which is all the audit reads of them (turn, side to move, where
 * each unit stands, the clock). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../bench/audit/audit.h"
#include "../../engine/core/dice.h"

/* side 0's foot battery u0 at (30, 10) facing `hdeg`, in formation f, its
 * commander behind it, and an enemy infantry unit u1 whose front-edge
 * centre is at (ex, ey), facing down the table */
static fogn_scenario *scn_battery(fogn_formation f, double hdeg, double ex, double ey)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, f, 30, 10, hdeg);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, ex, ey, -90);
    s->cmdrs[0].x = 30;
    s->cmdrs[0].y = 7;
    return s;
}

/* the battery unlimbered, as it fires */
static fogn_scenario *scn_guns(double hdeg, double ex, double ey)
{
    return scn_battery(FOGN_F_UNLIMBERED, hdeg, ex, ey);
}

/* the battery limbered, as it moves */
static fogn_scenario *scn_team(double ex, double ey)
{
    return scn_battery(FOGN_F_LIMBERED, 90, ex, ey);
}

/* the scenario file's side names, which the audit's words use */
static json_t *sides_json(void)
{
    return json_pack("{s:[{s:s},{s:s}]}", "sides", "name", "Blue", "name", "Red");
}

/* the order at side 0's Movement Phase decision, carried out and audited:
 * the count of check `check` afterwards */
static long audit_order(fogn_scenario *s, const char *text, int check, gr_audit_finding *first)
{
    gr_game g = {.rs = &fogn_ruleset, .scn = s, .scenario_json = sides_json()};
    fogn_state before, after;
    fx_state(s, &before, 0);
    after = before;
    gr_action a = fx_parse(s, &before, text);
    gr_error err;
    gr_error_clear(&err);
    /* a complex move test passed, whatever it asks */
    static const int sixes[8] = {6, 6, 6, 6, 6, 6, 6, 6};
    gr_dice dice;
    gr_dice_init_script(&dice, sixes, 8);
    if (fogn_ruleset.rules->apply(s, &after, &a, &dice, NULL, &err)) fail_msg("'%s' refused: %s", text, err.msg);
    gr_audit *au = gr_audit_new(&g);
    assert_non_null(au);
    assert_int_equal(gr_audit_step(au, &before, &a, &after), 0);
    assert_int_equal(gr_audit_finish(au, &after), 0);
    long n = gr_audit_count(au, check);
    size_t nf;
    const gr_audit_finding *f = gr_audit_findings(au, &nf);
    if (first && nf) *first = f[0];
    gr_audit_free(au);
    json_decref(g.scenario_json);
    return n;
}

/* guns facing an enemy 10 MU ahead turned about: nothing ahead of them any more */
static void test_guns_turned_away_from_the_only_enemy(void **state)
{
    (void)state;
    fogn_scenario *s = scn_guns(90, 30, 20);
    gr_audit_finding f;
    memset(&f, 0, sizeof f);
    assert_int_equal(audit_order(s, "u0 turn 180", GR_AUDIT_GUNS_AWAY, &f), 1);
    assert_int_equal(f.check, GR_AUDIT_GUNS_AWAY);
    assert_int_equal(f.unit, 0);
    assert_int_equal(f.side, 0);
    assert_string_equal(f.order, "u0 turn 180");
    ASSERT_HAS(f.what, "turned 180 degrees");
    free(s);
}

/* the same turn about when the enemy stands behind the guns is turning to face it */
static void test_guns_turned_to_face_an_enemy_behind_them(void **state)
{
    (void)state;
    fogn_scenario *s = scn_guns(-90, 30, 20);
    assert_int_equal(audit_order(s, "u0 turn 180", GR_AUDIT_GUNS_AWAY, NULL), 0);
    free(s);
}

/* a quarter turn never counts, even with the enemy then abeam */
static void test_guns_quarter_turn_is_not_turning_away(void **state)
{
    (void)state;
    fogn_scenario *s = scn_guns(90, 30, 20);
    assert_int_equal(audit_order(s, "u0 turn 90", GR_AUDIT_GUNS_AWAY, NULL), 0);
    free(s);
}

/* the audit's measures through render_items: the distance from the guns'
 * bases to the enemy's before and after a move straight ahead */
static double gap_after(const char *text, double ey)
{
    fogn_scenario *s = scn_team(30, ey);
    fogn_state st;
    fx_state(s, &st, 0);
    gr_action a = fx_parse(s, &st, text);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.rules->apply(s, &st, &a, NULL, NULL, &err)) fail_msg("'%s' refused: %s", text, err.msg);
    free(s);
    return st.u[0].y;
}

/* guns moved 1 MU toward infantry 2.5 MU off: they end 1.5 MU from it,
 * inside the close range (a third of fogn's 6 MU pace, 2 MU) from outside */
static void test_guns_sent_into_close_range(void **state)
{
    (void)state;
    ASSERT_NEAR(gap_after("u0 move 1", 12.5), 11, POS_TOL);
    fogn_scenario *s = scn_team(30, 12.5);
    gr_audit_finding f;
    memset(&f, 0, sizeof f);
    assert_int_equal(audit_order(s, "u0 move 1", GR_AUDIT_GUNS_CLOSE, &f), 1);
    assert_string_equal(f.order, "u0 move 1");
    ASSERT_HAS(f.what, "ended 1.5 MU from unit1 (u1), from 2.5 MU");
    free(s);
}

/* the same move toward infantry 4 MU off ends 3 MU away: not close */
static void test_guns_moved_but_not_into_close_range(void **state)
{
    (void)state;
    fogn_scenario *s = scn_team(30, 14);
    assert_int_equal(audit_order(s, "u0 move 1", GR_AUDIT_GUNS_CLOSE, NULL), 0);
    free(s);
}

/* ---- several player-moves, positions set by hand ---- */

/* a position of player-move `move` with side `side` to decide and u0's
 * front-edge centre at (x, y) */
static void pos_at(const fogn_scenario *s, fogn_state *st, int move, int side, double x, double y)
{
    fx_state(s, st, side);
    st->move = (uint16_t)move;
    st->u[0].x = x;
    st->u[0].y = y;
}

/* infantry u0 of side 0 (any arm may go back and forth) and an enemy far off */
static fogn_scenario *scn_walker(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 34, -90);
    return s;
}

/* u0 goes 4 MU up the table in side 0's move 1 and `back` MU down in its move 3 */
static long walk(double back, int check)
{
    fogn_scenario *s = scn_walker();
    gr_game g = {.rs = &fogn_ruleset, .scn = s, .scenario_json = sides_json()};
    gr_audit *au = gr_audit_new(&g);
    assert_non_null(au);
    fogn_state a0, a1, b0, b1, c0;
    pos_at(s, &a0, 1, 0, 30, 10);
    pos_at(s, &a1, 1, 0, 30, 14);
    pos_at(s, &b0, 2, 1, 30, 14);
    pos_at(s, &b1, 3, 0, 30, 14);
    pos_at(s, &c0, 3, 0, 30, 14 - back);
    gr_action fwd = fx_parse(s, &a0, "u0 move 4"), hold1 = fx_parse(s, &b0, "done"), rear = fx_parse(s, &b1, "u0 fallback");
    assert_int_equal(gr_audit_step(au, &a0, &fwd, &a1), 0);
    assert_int_equal(gr_audit_step(au, &b0, &hold1, &b1), 0);
    assert_int_equal(gr_audit_step(au, &b1, &rear, &c0), 0);
    assert_int_equal(gr_audit_finish(au, &c0), 0);
    long n = gr_audit_count(au, check);
    gr_audit_free(au);
    json_decref(g.scenario_json);
    free(s);
    return n;
}

/* forward 4 MU, then back 3 MU in the side's next move: back and forth */
static void test_unit_ordered_back_and_forth(void **state)
{
    (void)state;
    assert_int_equal(walk(3, GR_AUDIT_BACK_FORTH), 1);
}

/* forward 4 MU, then back 1.5 MU (less than a third of a move): a step back is no reversal */
static void test_short_step_back_is_not_back_and_forth(void **state)
{
    (void)state;
    assert_int_equal(walk(1.5, GR_AUDIT_BACK_FORTH), 0);
}

/* side 0 does nothing but "done" in `n` of its moves in a row with the
 * battle even (a draw on time), side 1's moves between them */
static long idle_for(int n)
{
    fogn_scenario *s = scn_walker();
    gr_game g = {.rs = &fogn_ruleset, .scn = s, .scenario_json = sides_json()};
    gr_audit *au = gr_audit_new(&g);
    assert_non_null(au);
    fogn_state own, other;
    for (int k = 0; k < n; k++) {
        pos_at(s, &own, 2 * k + 1, 0, 30, 10);
        pos_at(s, &other, 2 * k + 2, 1, 30, 10);
        gr_action done = fx_parse(s, &own, "done");
        assert_int_equal(gr_audit_step(au, &own, &done, &other), 0);
    }
    pos_at(s, &own, 2 * n + 1, 0, 30, 10);
    gr_action fwd = fx_parse(s, &own, "u0 move 2");
    pos_at(s, &other, 2 * n + 1, 0, 30, 12);
    assert_int_equal(gr_audit_step(au, &own, &fwd, &other), 0);
    assert_int_equal(gr_audit_finish(au, &other), 0);
    long found = gr_audit_count(au, GR_AUDIT_IDLE);
    size_t nf;
    const gr_audit_finding *f = gr_audit_findings(au, &nf);
    if (found) {
        assert_int_equal(f[0].length, n);
        assert_int_equal(f[0].move, 1);
        ASSERT_HAS(f[0].what, "Blue ordered nothing");
    }
    gr_audit_free(au);
    json_decref(g.scenario_json);
    free(s);
    return found;
}

static void test_side_idle_four_moves_not_winning(void **state)
{
    (void)state;
    assert_int_equal(idle_for(GR_AUDIT_IDLE_MOVES), 1);
}

static void test_side_idle_three_moves_is_not_yet_idle(void **state)
{
    (void)state;
    assert_int_equal(idle_for(GR_AUDIT_IDLE_MOVES - 1), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_guns_turned_away_from_the_only_enemy),
        cmocka_unit_test(test_guns_turned_to_face_an_enemy_behind_them),
        cmocka_unit_test(test_guns_quarter_turn_is_not_turning_away),
        cmocka_unit_test(test_guns_sent_into_close_range),
        cmocka_unit_test(test_guns_moved_but_not_into_close_range),
        cmocka_unit_test(test_unit_ordered_back_and_forth),
        cmocka_unit_test(test_short_step_back_is_not_back_and_forth),
        cmocka_unit_test(test_side_idle_four_moves_not_winning),
        cmocka_unit_test(test_side_idle_three_moves_is_not_yet_idle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
