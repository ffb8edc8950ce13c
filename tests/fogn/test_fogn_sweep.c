/* test_fogn_sweep.c - the swept area of a move (engine/fogn/rules/sweep.h):
 * the hull of two poses is worked out only when a test asks for it, and is
 * then the monotone chain's hull of the two poses' corners; the box kept
 * before it holds the hull, so the tests that pass polygons over by their
 * box pass over no polygon the hull's own box would keep. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "../../engine/fogn/rules/sweep.h"

/* a wheel's two poses: 4 x 1 footprint, turned 30 degrees about its left front corner */
static void wheel_pair(gr_rect *a, gr_rect *b)
{
    *a = gr_rect_make(gr_v2(10, 10), 0.3, 4, 1);
    *b = gr_rect_wheel(a, GR_FL, 30 * GR_PI / 180);
}

static void test_pair_hull_worked_out_on_first_asking(void **unused)
{
    (void)unused;
    gr_rect a, b;
    wheel_pair(&a, &b);
    fogn_sweep sw;
    fogn_sweep_clear(&sw);
    fogn_sweep_rect(&sw, &a);
    fogn_sweep_pair(&sw, &a, &b);
    assert_int_equal(sw.n, 2);
    assert_int_equal(sw.npts[0], 4); /* a footprint is its corners at once */
    assert_int_equal(sw.npts[1], 0); /* the pair's hull not yet worked out */

    gr_vec2 all[8], want[8];
    gr_rect_corners(&a, all);
    gr_rect_corners(&b, all + 4);
    int nwant = gr_convex_hull(all, 8, want);
    int n;
    const gr_vec2 *poly = fogn_sweep_poly(&sw, 1, &n);
    assert_int_equal(n, nwant);
    assert_int_equal(sw.npts[1], nwant); /* kept for the next asking */
    assert_memory_equal(poly, want, (size_t)n * sizeof want[0]);

    /* the box kept from the eight corners holds every vertex of the hull */
    for (int k = 0; k < n; k++) {
        assert_true(poly[k].x >= sw.box[1][0] && poly[k].x <= sw.box[1][2]);
        assert_true(poly[k].y >= sw.box[1][1] && poly[k].y <= sw.box[1][3]);
    }
    /* asked again: the same polygon, not worked out again over itself */
    int n2;
    const gr_vec2 *again = fogn_sweep_poly(&sw, 1, &n2);
    assert_int_equal(n2, n);
    assert_memory_equal(again, want, (size_t)n * sizeof want[0]);
}

static void test_pair_without_movement_is_the_footprint(void **unused)
{
    (void)unused;
    gr_rect a = gr_rect_make(gr_v2(5, 5), 0, 2, 1);
    fogn_sweep sw;
    fogn_sweep_clear(&sw);
    fogn_sweep_pair(&sw, &a, &a);
    int n;
    const gr_vec2 *poly = fogn_sweep_poly(&sw, 0, &n);
    gr_vec2 c[4], want[4];
    gr_rect_corners(&a, c);
    int nwant = gr_convex_hull(c, 4, want);
    assert_int_equal(n, nwant);
    assert_memory_equal(poly, want, (size_t)n * sizeof want[0]);
}

static void test_copy_keeps_pending_hulls(void **unused)
{
    (void)unused;
    gr_rect a, b;
    wheel_pair(&a, &b);
    fogn_sweep sw, cp;
    fogn_sweep_clear(&sw);
    fogn_sweep_pair(&sw, &a, &b);
    fogn_sweep_copy(&cp, &sw);
    assert_int_equal(cp.npts[0], 0);
    int n1, n2;
    const gr_vec2 *p1 = fogn_sweep_poly(&sw, 0, &n1);
    const gr_vec2 *p2 = fogn_sweep_poly(&cp, 0, &n2);
    assert_int_equal(n1, n2);
    assert_memory_equal(p1, p2, (size_t)n1 * sizeof p1[0]);
    assert_memory_equal(cp.box[0], sw.box[0], sizeof sw.box[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_hull_worked_out_on_first_asking),
        cmocka_unit_test(test_pair_without_movement_is_the_footprint),
        cmocka_unit_test(test_copy_keeps_pending_hulls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
