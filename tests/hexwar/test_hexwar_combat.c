/* test_hexwar_combat.c - combat and retreats in hexwar (docs/hexwar.md §4,
 * §5, §1.2): the defence in each terrain and across a river, the odds
 * columns, every result of the combat results table on a scripted d10,
 * several attackers, retreats made, blocked by a river, a zone of control
 * or water (a step lost instead), and the refusals of the attack step.
 *
 * The ground: 7 x 7 hexes. Blue's c0 stands at 3 2 and attacks north into
 * 3 3, where Red's c1 stands; Red's two far counters keep the game going. */
#include "hexwar_fixture.h"

#define CTR(name, side, full, red, c, r)                                                                          \
    "{\"name\": \"" name "\", \"side\": " #side ", \"arm\": \"infantry\", \"full\": \"" full "\", \"reduced\": \"" red \
    "\", \"hex\": [" #c ", " #r "]}"
#define RED_FAR CTR("Red far", 1, "4-4-4", "2-2-4", 6, 6) "," CTR("Red farther", 1, "4-4-4", "2-2-4", 0, 6)
#define BLUE_FAR CTR("Blue far", 0, "4-4-4", "2-2-4", 6, 0) "," CTR("Blue farther", 0, "4-4-4", "2-2-4", 0, 0)
#define PLAIN "{\"cols\": 7, \"rows\": 7}"

/* the attack step reached with every Blue counter holding, then c0 attacks 3 3 on a die of `die` */
static void attack(hw_fix *f, int die)
{
    hw_dice(f, 1, die);
    hw_do(f, "done");
    hw_do(f, "c0 attack 3 3");
}

/* a counter's steps */
#define STEPS(f, i) ((f)->st.p[i].steps)

/* §4.3: the defence in the open, woods +1, doubled in a town or on a hill */
static void test_defence_terrain(void **state)
{
    (void)state;
    static const struct {
        const char *terrain;
        const char *told;
    } cases[] = {
        {"clear", "4 to 4, odds 1:1"},
        {"woods", "4 to 5, odds 1:2"},
        {"town", "4 to 8, odds 1:2"},
        {"hill", "4 to 8, odds 1:2"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        hw_fix f;
        char map[256];
        snprintf(map, sizeof map, "{\"cols\": 7, \"rows\": 7, \"hexes\": [{\"hex\": [3, 3], \"terrain\": \"%s\"}]}",
                 cases[k].terrain);
        hw_load(&f, 3, map,
                "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]",
                "[]");
        attack(&f, 6);
        HW_ASSERT_LOGGED(&f, cases[k].told);
        hw_free(&f);
    }
}

/* §4.3: a river doubles the defence only when every attacker crosses it,
 * not across a bridge, and never more than once */
static void test_defence_river(void **state)
{
    (void)state;
    hw_fix f;
    const char *river = "{\"cols\": 7, \"rows\": 7, \"sides\": [{\"hex\": [3, 3], \"sides\": [\"S\"], \"features\": "
                        "[\"river\"]}]}";
    hw_load(&f, 3, river,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 6);
    HW_ASSERT_LOGGED(&f, "4 to 8, odds 1:2");
    hw_free(&f);
    /* a second attacker from 2 3 (SW of 3 3) does not cross: 8 to 4 */
    hw_load(&f, 3, river,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR ","
            CTR("Blue two", 0, "4-4-4", "2-2-4", 2, 3) "]", "[]");
    hw_dice(&f, 1, 6);
    hw_do(&f, "done");
    hw_do(&f, "c0 attack 3 3");
    hw_do(&f, "c4 attack 3 3");
    HW_ASSERT_LOGGED(&f, "8 to 4, odds 2:1");
    hw_free(&f);
    /* a bridge: no doubling */
    hw_load(&f, 3,
            "{\"cols\": 7, \"rows\": 7, \"sides\": [{\"hex\": [3, 3], \"sides\": [\"S\"], \"features\": [\"river\", "
            "\"bridge\"]}]}",
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 6);
    HW_ASSERT_LOGGED(&f, "4 to 4, odds 1:1");
    hw_free(&f);
    /* a town across a river: doubled once, 8 not 16 */
    hw_load(&f, 3,
            "{\"cols\": 7, \"rows\": 7, \"hexes\": [{\"hex\": [3, 3], \"terrain\": \"town\"}], \"sides\": [{\"hex\": "
            "[3, 3], \"sides\": [\"S\"], \"features\": [\"river\"]}]}",
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 6);
    HW_ASSERT_LOGGED(&f, "4 to 8, odds 1:2");
    hw_free(&f);
}

/* §4.4: the odds column, rounded in the defender's favour */
static void test_odds_columns(void **state)
{
    (void)state;
    assert_string_equal(hexwar_column_name(hexwar_odds_column(4, 4)), "1:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(7, 4)), "1:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(8, 4)), "2:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(11, 4)), "2:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(12, 4)), "3:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(16, 4)), "4:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(20, 4)), "5:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(40, 1)), "5:1");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(3, 4)), "1:2");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(2, 4)), "1:2");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(3, 7)), "1:3");
    assert_string_equal(hexwar_column_name(hexwar_odds_column(1, 20)), "1:3");
}

/* §4.5: the table, its corners and a row */
static void test_crt_table(void **state)
{
    (void)state;
    assert_int_equal(hexwar_crt(0, 1), HEXWAR_AE);
    assert_int_equal(hexwar_crt(0, 10), HEXWAR_DR);
    assert_int_equal(hexwar_crt(6, 1), HEXWAR_DL);
    assert_int_equal(hexwar_crt(6, 10), HEXWAR_DE);
    static const hexwar_crt_result one_to_one[10] = {HEXWAR_AL, HEXWAR_AL, HEXWAR_AL, HEXWAR_EX, HEXWAR_DR,
                                                     HEXWAR_DR, HEXWAR_DR, HEXWAR_DL, HEXWAR_DL, HEXWAR_DE};
    for (int die = 1; die <= 10; die++) assert_int_equal(hexwar_crt(2, die), one_to_one[die - 1]);
}

/* §4.6 AE: every attacker is eliminated (1:3, die 1) */
static void test_result_ae(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "1-2-4", "1-1-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR
                                                                                                 "," BLUE_FAR "]",
            "[]");
    attack(&f, 1);
    HW_ASSERT_LOGGED(&f, "1 to 4, odds 1:3: 1d10 [1]");
    HW_ASSERT_LOGGED(&f, "against Red: attackers eliminated (AE)");
    assert_int_equal(STEPS(&f, 0), 0);
    assert_int_equal(STEPS(&f, 1), 2);
    HW_ASSERT_AT(&f, 1, 3, 3);
    hw_free(&f);
}

/* §4.6 AL: the attacker with the highest attack loses a step (2:1, die 1) */
static void test_result_al_strongest(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "3-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR ","
            CTR("Blue strong", 0, "5-4-4", "3-2-4", 2, 3) "]", "[]");
    hw_dice(&f, 1, 1);
    hw_do(&f, "done");
    hw_do(&f, "c0 attack 3 3");
    hw_do(&f, "c4 attack 3 3");
    HW_ASSERT_LOGGED(&f, "8 to 4, odds 2:1: 1d10 [1]");
    assert_int_equal(STEPS(&f, 0), 2);
    assert_int_equal(STEPS(&f, 4), 1);
    assert_int_equal(STEPS(&f, 1), 2);
    HW_ASSERT_LOGGED(&f, "Blue strong loses a step and is reduced to 3-2-4");
    hw_free(&f);
}

/* §4.6 EX: a step each, nobody retreats (1:1, die 4) */
static void test_result_ex(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR
                                                                                                 "," BLUE_FAR "]",
            "[]");
    attack(&f, 4);
    assert_int_equal(STEPS(&f, 0), 1);
    assert_int_equal(STEPS(&f, 1), 1);
    HW_ASSERT_AT(&f, 1, 3, 3);
    HW_ASSERT_AT(&f, 0, 3, 2);
    hw_free(&f);
}

/* §4.6 DR and §5.2: the defender falls back one hex, away from the
 * attacker and towards its own (north) edge: 3 4 (1:1, die 5) */
static void test_result_dr(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 5);
    assert_int_equal(STEPS(&f, 1), 2);
    HW_ASSERT_AT(&f, 1, 3, 4);
    HW_ASSERT_LOGGED(&f, "Red retreats from 3 3 to 3 4");
    hw_free(&f);
}

/* §4.6 DL: a step, then the retreat (1:1, die 8) */
static void test_result_dl(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 8);
    assert_int_equal(STEPS(&f, 1), 1);
    HW_ASSERT_AT(&f, 1, 3, 4);
    hw_free(&f);
}

/* §4.6 DE: the defender is eliminated (1:1, die 10) */
static void test_result_de(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 10);
    assert_int_equal(STEPS(&f, 1), 0);
    assert_int_equal(STEPS(&f, 0), 2);
    HW_ASSERT_LOGGED(&f, "Red is eliminated");
    hw_free(&f);
}

/* §1.2: a reduced counter that loses a step is eliminated, and does not retreat (1:1, die 8: DL) */
static void test_reduced_step_eliminates(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) ","
            "{\"name\": \"Red\", \"side\": 1, \"arm\": \"infantry\", \"full\": \"6-6-4\", \"reduced\": \"3-4-4\", "
            "\"steps\": 1, \"hex\": [3, 3]}," RED_FAR "]",
            "[]");
    attack(&f, 8);
    HW_ASSERT_LOGGED(&f, "4 to 4, odds 1:1"); /* the reduced side's defence */
    assert_int_equal(STEPS(&f, 1), 0);
    hw_free(&f);
}

/* §5.1: no retreat across a river without a bridge: of 2 4 and 4 4, the lower index (§5.2) */
static void test_retreat_not_across_river(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3,
            "{\"cols\": 7, \"rows\": 7, \"sides\": [{\"hex\": [3, 3], \"sides\": [\"N\"], \"features\": [\"river\"]}]}",
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 5);
    HW_ASSERT_AT(&f, 1, 2, 4);
    hw_free(&f);
}

/* §5.1: no retreat into an enemy's zone of control */
static void test_retreat_not_into_zoc(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR ","
            CTR("Blue behind", 0, "4-4-4", "2-2-4", 3, 5) "]", "[]");
    attack(&f, 5);
    HW_ASSERT_AT(&f, 1, 2, 4);
    hw_free(&f);
}

/* §5.3: with nowhere to go the defender loses a step instead and stays */
static void test_retreat_blocked(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3,
            "{\"cols\": 7, \"rows\": 7, \"hexes\": [{\"hex\": [3, 4], \"terrain\": \"water\"}, {\"hex\": [2, 4], "
            "\"terrain\": \"water\"}, {\"hex\": [4, 4], \"terrain\": \"water\"}]}",
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    attack(&f, 5);
    assert_int_equal(STEPS(&f, 1), 1);
    HW_ASSERT_AT(&f, 1, 3, 3);
    HW_ASSERT_LOGGED(&f, "Red has nowhere to retreat and loses a step instead");
    hw_free(&f);
}

/* §4.1: attacks only on adjacent enemies, once per counter; the refusals */
static void test_attack_refusals(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    hw_do(&f, "done");
    hw_refused(&f, "c0 attack 5 5", "there is no counter in hex 5 5 to attack");
    hw_refused(&f, "c0 attack 6 6", "Blue can attack only an enemy counter in a hex next to it");
    hw_refused(&f, "c0 attack 3 2", "hex 3 2 holds Blue, a counter of Blue's own side");
    hw_refused(&f, "c0 move 3 1", "in the combat step Blue may attack or hold, not move");
    hw_refused(&f, "c1 hold", "it is Blue's decision now");
    /* holding: no combat, no die */
    hw_do(&f, "c0 hold");
    assert_int_equal(f.dice.rolled, 0);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    hw_free(&f);
}

/* the dice failing (a script too short) refuses the attack and leaves everything as it was */
static void test_dice_failure_refuses(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," RED_FAR "]", "[]");
    hw_do(&f, "done");
    hw_dice(&f, 0);
    hw_refused(&f, "c0 attack 3 3", "dice script exhausted after 0 dice while rolling for combat against Red at 3 3");
    hw_dice(&f, 1, 11);
    hw_refused(&f, "c0 attack 3 3", "dice script entry 1 is 11, not a face of a d10 (1..10)");
    hw_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defence_terrain),
        cmocka_unit_test(test_defence_river),
        cmocka_unit_test(test_odds_columns),
        cmocka_unit_test(test_crt_table),
        cmocka_unit_test(test_result_ae),
        cmocka_unit_test(test_result_al_strongest),
        cmocka_unit_test(test_result_ex),
        cmocka_unit_test(test_result_dr),
        cmocka_unit_test(test_result_dl),
        cmocka_unit_test(test_result_de),
        cmocka_unit_test(test_reduced_step_eliminates),
        cmocka_unit_test(test_retreat_not_across_river),
        cmocka_unit_test(test_retreat_not_into_zoc),
        cmocka_unit_test(test_retreat_blocked),
        cmocka_unit_test(test_attack_refusals),
        cmocka_unit_test(test_dice_failure_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
