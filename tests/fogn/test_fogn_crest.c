/* test_fogn_crest.c - sight and fire over the crest of a hill (§15.2): the
 * near slope seen at any range, the far slope hidden, troops within 2 MU of
 * the crest seeing over it and seen by enemies within 6 MU of it, and fire
 * over a crest limited to medium range for infantry and close range for
 * artillery. The hill is the square x 20..40, y 10..20 of the fixture's
 * table: its crest (peak) is its centroid (30, 15). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/crest.h"
#include "../../engine/fogn/rules/view.h"

static fogn_scenario *hill_scenario(void)
{
    fogn_scenario *s = fx_scenario();
    fx_area(s, GR_T_GENTLE_HILL, 0, 20, 10, 40, 20);
    return s;
}

/* small Tactical infantry: 3 MU wide, 2.25 MU deep behind its front edge */
static int foot(fogn_scenario *s, int side, double x, double y, double heading)
{
    return fx_unit(s, side, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, x, y, heading);
}

static void test_s15_2_near_slope_seen_at_any_range(void **unused)
{
    (void)unused;
    fogn_scenario *s = hill_scenario();
    int v = foot(s, 0, 30, 1, 90);       /* far south of the hill */
    int t = foot(s, 1, 30, 12, -90);     /* y 12..14.25: the southern slope, facing the viewer */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_can_see(s, &st, v, t));
    assert_true(fogn_can_see(s, &st, t, v));
    free(s);
}

static void test_s15_2_far_slope_is_hidden(void **unused)
{
    (void)unused;
    fogn_scenario *s = hill_scenario();
    int v = foot(s, 0, 30, 9, 90);       /* y 6.75..9: 6 MU from the crest */
    int t = foot(s, 1, 30, 19.25, 90);   /* y 17..19.25: beyond the crest, 2 MU from it */
    int deep = foot(s, 1, 24, 19.5, 90); /* y 17.25..19.5, x 22.5..25.5: beyond it, 5 MU from the crest */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(fogn_can_see(s, &st, v, deep));
    assert_int_equal(fogn_crest_sight(s, &st, v, deep, &s->terrain.p[0]), FOGN_HILL_HIDDEN);
    /* within 2 MU of the crest: seen by an enemy within 6 MU of it ... */
    assert_true(fogn_can_see(s, &st, v, t));
    /* ... and it sees over the crest to any range */
    assert_true(fogn_can_see(s, &st, t, v));
    /* the viewer 7 MU from the crest no longer sees it, though it is still seen */
    st.u[v].y = 8;
    assert_false(fogn_can_see(s, &st, v, t));
    assert_true(fogn_can_see(s, &st, t, v));
    /* and the unit deeper on the far slope sees nothing over the crest */
    assert_false(fogn_can_see(s, &st, deep, v));
    free(s);
}

static void test_s15_2_off_the_hill_it_blocks_lines(void **unused)
{
    (void)unused;
    fogn_scenario *s = hill_scenario();
    int a = foot(s, 0, 30, 7, 90);   /* y 4.75..7, south of the hill */
    int b = foot(s, 1, 30, 23, -90); /* y 23..25.25, north of it */
    int c = foot(s, 1, 50, 12, -90); /* east of it: the line from a passes clear */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_crest_sight(s, &st, a, b, &s->terrain.p[0]), FOGN_HILL_LINES);
    assert_false(fogn_can_see(s, &st, a, b));
    assert_true(fogn_can_see(s, &st, a, c));
    free(s);
}

static void test_s15_2_fire_over_the_crest(void **unused)
{
    (void)unused;
    fogn_scenario *s = hill_scenario();
    int gun = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 30, 17.5, -90); /* y 17.5..19: beyond */
    int inf = foot(s, 0, 36, 17, -90);                                                     /* y 17..19.25 */
    int t = foot(s, 1, 30, 8, 90);                                                         /* south, off the hill */
    int north = foot(s, 1, 30, 25, -90);                                                   /* same side as the gun */
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_crest_fire_ok(s, &st, gun, t, FOGN_RANGE_CLOSE));
    assert_false(fogn_crest_fire_ok(s, &st, gun, t, FOGN_RANGE_MEDIUM));
    assert_false(fogn_crest_fire_ok(s, &st, gun, t, FOGN_RANGE_LONG));
    assert_true(fogn_crest_fire_ok(s, &st, inf, t, FOGN_RANGE_MEDIUM));
    assert_false(fogn_crest_fire_ok(s, &st, inf, t, FOGN_RANGE_LONG));
    /* no crest between: no limit */
    assert_true(fogn_crest_fire_ok(s, &st, gun, north, FOGN_RANGE_LONG));
    /* the target beyond the crest from the firer: the same limits */
    assert_false(fogn_crest_fire_ok(s, &st, t, inf, FOGN_RANGE_LONG));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s15_2_near_slope_seen_at_any_range),
        cmocka_unit_test(test_s15_2_far_slope_is_hidden),
        cmocka_unit_test(test_s15_2_off_the_hill_it_blocks_lines),
        cmocka_unit_test(test_s15_2_fire_over_the_crest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
