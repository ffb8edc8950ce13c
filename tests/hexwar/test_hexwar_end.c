/* test_hexwar_end.c - the sequence of play and the end of a hexwar game
 * (docs/hexwar.md §1.4, §2, §6): objectives taken at the end of a
 * player-turn, the end of time with its victory points and margins, the
 * loss of half a side's strength, both sides broken at once, and the turn,
 * phase and clock the players and the evaluation read. */
#include "hexwar_fixture.h"

#define CTR(name, side, full, red, c, r)                                                                          \
    "{\"name\": \"" name "\", \"side\": " #side ", \"arm\": \"infantry\", \"full\": \"" full "\", \"reduced\": \"" red \
    "\", \"hex\": [" #c ", " #r "]}"
#define PLAIN "{\"cols\": 7, \"rows\": 7}"
#define TWO_FAR "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]"

static void expect_result(hw_fix *f, int winner, int margin, const char *reason)
{
    gr_result r;
    f->g.rs->rules->result(f->g.scn, &f->st, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(f->g.rs->rules->to_move(f->g.scn, &f->st), GR_TERMINAL);
    assert_int_equal(r.winner, winner);
    assert_int_equal(r.margin, margin);
    HW_ASSERT_HAS(r.reason, reason);
    if (winner >= 0) {
        assert_true(r.score[winner] == 1.0);
        assert_true(r.score[winner ^ 1] == 0.0);
    } else {
        assert_true(r.score[0] == 0.5 && r.score[1] == 0.5);
    }
}

/* §2.1, §6.2: one game turn of holding: a draw by time, nothing scored */
static void test_time_draw(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 1, PLAIN, TWO_FAR, "[]");
    assert_int_equal(f.g.rs->rules->turn(f.g.scn, &f.st), 1);
    assert_int_equal(f.g.rs->rules->phase(f.g.scn, &f.st), HEXWAR_PH_MOVEMENT);
    hw_do(&f, "done");
    assert_int_equal(f.g.rs->rules->turn(f.g.scn, &f.st), 2);
    hw_do(&f, "done");
    expect_result(&f, -1, 0, "time: draw (VP 0 to 0, steps lost 0 to 0)");
    assert_int_equal(f.g.rs->rules->phase(f.g.scn, &f.st), HEXWAR_PH_OVER);
    hw_refused(&f, "done", "the game is over");
    hw_free(&f);
}

/* §6.3: objectives held at the end: 2 points a marginal victory, 4 a decisive one */
static void test_time_victory_points(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 1, PLAIN, TWO_FAR, "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 2, \"owner\": 1}]");
    hw_do(&f, "done");
    hw_do(&f, "done");
    expect_result(&f, 1, 1, "time: marginal victory for Red (VP 0 to 2");
    hw_free(&f);
    hw_load(&f, 1, PLAIN, TWO_FAR, "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 4, \"owner\": 0}]");
    hw_do(&f, "done");
    hw_do(&f, "done");
    expect_result(&f, 0, 2, "time: decisive victory for Blue (VP 4 to 0");
    hw_free(&f);
}

/* §1.4: a counter standing in an objective at the end of its player-turn takes it */
static void test_objective_taken(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 2, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]",
            "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 3}]");
    assert_int_equal(f.st.owner[0], -1);
    hw_do(&f, "c0 move 3 3");
    assert_int_equal(f.st.owner[0], 0); /* Blue's player-turn ended: no attack was possible */
    HW_ASSERT_LOGGED(&f, "Blue takes Mill for Blue");
    assert_int_equal(hexwar_victory_points(f.s, &f.st, 0), 3);
    /* it stays Blue's after Blue leaves it */
    hw_do(&f, "done");
    hw_do(&f, "c0 move 3 1");
    assert_int_equal(f.st.owner[0], 0);
    hw_free(&f);
}

/* §6.1: a side that has lost half its steps loses at once (1:1, die 10: DE) */
static void test_half_strength_lost(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 5, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "]",
            "[]");
    hw_dice(&f, 1, 10);
    hw_do(&f, "done");
    hw_do(&f, "c0 attack 3 3");
    expect_result(&f, 0, 2, "strength lost: decisive victory for Blue (VP 2 to 0, steps lost 0 to 2)");
    HW_ASSERT_LOGGED(&f, "the game ends: strength lost");
    hw_free(&f);
}

/* §6.1: both sides at half strength at once: the victory points decide (1:1, die 4: EX) */
static void test_both_broken(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 5, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "]",
            "[]");
    hw_dice(&f, 1, 4);
    hw_do(&f, "done");
    hw_do(&f, "c0 attack 3 3");
    expect_result(&f, -1, 0, "strength lost: draw (VP 1 to 1, steps lost 1 to 1)");
    hw_free(&f);
    hw_load(&f, 5, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "]",
            "[{\"name\": \"Mill\", \"hex\": [0, 0], \"points\": 1, \"owner\": 1}]");
    hw_dice(&f, 1, 4);
    hw_do(&f, "done");
    hw_do(&f, "c0 attack 3 3");
    expect_result(&f, 1, 1, "strength lost: marginal victory for Red (VP 1 to 2");
    hw_free(&f);
}

/* the clock the evaluation reads: player-moves left, the timed score and the lead */
static void test_clock(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, TWO_FAR, "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 2, \"owner\": 1}]");
    gr_clock c;
    f.g.rs->ai->clock(f.g.scn, &f.st, &c);
    assert_int_equal(c.moves_left, 5);
    assert_true(c.timed_score0 == 0.0);
    assert_true(c.lead0 == -2);
    assert_true(c.band == 1);
    hw_do(&f, "done");
    f.g.rs->ai->clock(f.g.scn, &f.st, &c);
    assert_int_equal(c.moves_left, 4);
    hw_free(&f);
}

/* §2.1: "first" names the side that opens every game turn */
static void test_red_first(void **state)
{
    (void)state;
    hw_fix f;
    char *t = hw_text(1, PLAIN, TWO_FAR, "[]");
    /* the fixture's text with "first": 1 added */
    char text[2048];
    snprintf(text, sizeof text, "{\"first\": 1, %s", t + 1);
    free(t);
    if (hw_try_load(&f, text)) fail_msg("refused: %s", f.err.msg);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    hw_do(&f, "done");
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 0);
    assert_int_equal(f.g.rs->rules->turn(f.g.scn, &f.st), 2);
    hw_do(&f, "done");
    expect_result(&f, -1, 0, "time: draw");
    hw_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time_draw),
        cmocka_unit_test(test_time_victory_points),
        cmocka_unit_test(test_objective_taken),
        cmocka_unit_test(test_half_strength_lost),
        cmocka_unit_test(test_both_broken),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_red_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
