/* test_lasalle_ai.c - the evaluation's view of a Lasalle position
 * (engine/lasalle/rules/ai.c): the chance the army breaks
 * in the morale checks still to come [F, p.66-67] (past the breakpoint 5d6,
 * the defender 4d6 while the attacker controls the objective, J p.91, each
 * against the turn number, bonus turns played only while the end rolls
 * allow); the defender's hold on the objective. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/ai.h"
#include "../../engine/lasalle/rules/status.h"

#define FR_TWO                                                                                                  \
    "[" LS_INF("1/45e", "small", "experienced", "line", 16, 6, 90) ", " LS_INF("2/45e", "large", "experienced", \
                                                                               "line", 6, 6, 90) "]"
#define BREAKS 1 /* the index of army_breaks in lasalle_term_names */

static double term(ls_fix *f, int side, int k)
{
    double t[2 * LASALLE_TERMS];
    lasalle_terms(f->s, &f->st, t);
    return t[side * LASALLE_TERMS + k];
}

static void test_term_names(void **state)
{
    (void)state;
    assert_string_equal(lasalle_term_names[BREAKS], "army_breaks");
    assert_string_equal(lasalle_term_names[5], "objective_contest");
}

/* the break chance: 0 short of the breakpoint; past it, the checks of the
 * army's own Status Phases summed over the turns to come */
static void test_break_chance(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FR_TWO, "[" LS_FAR "]", "");
    assert_true(term(&f, 0, BREAKS) == 0);
    f.st.u[0].status = LASALLE_BROKEN; /* losses 2 of 5: 3 x 2 > 5 */
    assert_true(lasalle_at_breakpoint(f.s, &f.st, 0));
    assert_true(term(&f, 1, BREAKS) == 0);
    /* in the last of the 8 basic turns, bonus turn 5 certain to be the end:
     * the French test at turn 8 only if the game ends after it... */
    f.st.turn_no = 8;
    f.st.active = 0;
    f.st.bonus = 5;
    LS_ASSERT_NEAR(term(&f, 0, BREAKS), lasalle_check_fail_chance(5, 8));
    /* ...and with the game sure to go on to turn 10: two checks, 8 and 10 */
    f.st.bonus = 0;
    double p8 = lasalle_check_fail_chance(5, 8), p10 = lasalle_check_fail_chance(5, 10);
    double two = p8 + (1 - p8) * p10 * (1 - 1.0 / 36) * (1 - 4.0 / 36);
    assert_true(term(&f, 0, BREAKS) > two - 1e-9);
    /* later is worse, and a turn earlier the checks are the same ones but one */
    double at8 = term(&f, 0, BREAKS);
    f.st.turn_no = 6;
    double at6 = term(&f, 0, BREAKS);
    assert_true(at6 > at8); /* more checks still to come */
    f.st.turn_no = 7; /* the Austrians' turn: the French check first at turn 8 */
    f.st.active = 1;
    assert_true(term(&f, 0, BREAKS) < at6);
    assert_true(term(&f, 0, BREAKS) > 0);
    ls_free(&f);
}

/* the defender breaks on 4d6 while the attacker controls the objective; its units near it hold it */
static void test_objective_terms(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 9, 90) "]", "[" LS_FAR "]",
            ", \"defender\": 1, \"objectives\": [{\"name\": \"Mill\", \"x\": 16, \"y\": 11}]");
    assert_true(lasalle_attacker_controls(f.s, &f.st));
    f.st.turn_no = 5;
    double d = term(&f, 1, BREAKS);
    assert_true(d > lasalle_check_fail_chance(4, 6));
    assert_true(term(&f, 0, BREAKS) == 0);
    assert_true(term(&f, 1, 5) == 0); /* the Austrians are far from the mill */
    assert_true(term(&f, 0, 5) == 0); /* the attacker has no hold to count */
    ls_place(&f, 1, 16, 14, 270, LASALLE_LINE);
    assert_false(lasalle_attacker_controls(f.s, &f.st));
    assert_true(term(&f, 1, BREAKS) == 0);
    assert_true(term(&f, 1, 5) > 0.1);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_term_names),
        cmocka_unit_test(test_break_chance),
        cmocka_unit_test(test_objective_terms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
