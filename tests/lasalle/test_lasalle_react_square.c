/* test_lasalle_react_square.c - the Square exception of the Change
 * Formation reaction [D, p.35]: a line charged on both flanks by two
 * cavalry units forms Square though it loses both contacts, and the
 * cavalry slides straight ahead to touch it again; with one cavalry unit,
 * or with an attacker that cannot slide back within 2 BW, it may not. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/react.h"

/* the line at (16, 10) facing north, 4 BW wide; Uhlans on its left end facing east, Hussars on its right end
 * facing west, both marked as chargers */
static void charged_on_both_flanks(ls_fix *f, double right_x)
{
    ls_load(f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 10, 90) "]",
            "[" LS_CAV("Ulanen", "small", "experienced", "waves", 5, 20, 270) ", "
            LS_CAV("Husaren", "small", "experienced", "waves", 27, 20, 270) "]", "");
    ls_place(f, 1, 14, 9.6667, 0, LASALLE_WAVES);
    ls_place(f, 2, right_x, 9.6667, 180, LASALLE_WAVES);
    f->st.u[1].flags |= LASALLE_UF_CHARGER;
    f->st.u[2].flags |= LASALLE_UF_CHARGER;
}

/* the Square (2 BW wide) leaves both cavalry units 1 BW away; each slides 1 BW to touch it [D, p.35] */
static void test_square_exception(void **state)
{
    (void)state;
    ls_fix f;
    charged_on_both_flanks(&f, 18);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    assert_true(ls_offers(&f, "u0 form square"));
    /* the reaction alone, before the game runs on to the combat: its discipline test passes on 4 */
    ls_dice(&f, 1, 4);
    gr_action a;
    assert_int_equal(f.g.rs->present->parse_action(f.s, &f.st, "u0 form square", &a, &f.err), 0);
    gr_ctx cx = {&f.dice, &f.log, NULL, 0};
    assert_int_equal(lasalle_react_apply(f.s, &f.st, &a, &cx, &f.err), 0);
    LS_ASSERT_LOGGED(&f, "1/45e changes to square (D, p.34)");
    LS_ASSERT_LOGGED(&f, "Ulanen slides up to the Square (D, p.35)");
    LS_ASSERT_LOGGED(&f, "Husaren slides up to the Square (D, p.35)");
    assert_int_equal(f.st.u[0].form, LASALLE_SQUARE);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    assert_true(fabs(f.st.u[1].x - 15) < 0.02);
    assert_true(fabs(f.st.u[2].x - 17) < 0.02);
    assert_true(lasalle_in_contact(f.s, &f.st, 0, 1));
    assert_true(lasalle_in_contact(f.s, &f.st, 0, 2));
    ls_free(&f);
}

/* only one cavalry unit in contact: the normal rule, the Square would lose contact [D, p.34-35] */
static void test_square_exception_needs_two(void **state)
{
    (void)state;
    ls_fix f;
    charged_on_both_flanks(&f, 25);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    ls_refused(&f, "u0 form square", "the new formation would lose contact with Ulanen (D, p.34)");
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_square_exception),
        cmocka_unit_test(test_square_exception_needs_two),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
