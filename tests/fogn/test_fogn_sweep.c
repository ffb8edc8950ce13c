/* test_fogn_sweep.c - the swept area of a move (engine/fogn/rules/sweep.h):
 * the hull of two poses is worked out only when a test asks for it, and is
 * then the monotone chain's hull of the two poses' corners; the box kept
 * before it holds the hull, so the tests that pass polygons over by their
 * box pass over no polygon the hull's own box would keep; a polygon parted
 * from another along its own axes does not meet it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "../../engine/core/rng.h"
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

/* fogn_sweep_apart parts a polygon from a quadrilateral only where the
 * polygon's hull and the quadrilateral do not meet (gr_poly_intersect),
 * whether the pair is still held as its poses' corners or as its hull;
 * footprints ahead of, beside and across wheels and straight moves */
static void test_apart_only_where_the_hull_misses(void **unused)
{
    (void)unused;
    gr_rng g;
    gr_rng_seed(&g, 5, 1);
    int apart_raw = 0, apart_hull = 0, meet = 0;
    for (int i = 0; i < 4000; i++) {
        double h = (gr_rng_unit(&g) * 2 - 1) * GR_PI;
        gr_rect a = gr_rect_make(gr_v2(20, 20), h, 1 + 5 * gr_rng_unit(&g), 0.5 + 2 * gr_rng_unit(&g)), b;
        if (i % 2) b = gr_rect_advance(&a, 6 * gr_rng_unit(&g), 0);
        else b = gr_rect_wheel(&a, GR_FL, (gr_rng_unit(&g) * 2 - 1) * GR_PI / 4);
        gr_rect q = gr_rect_make(gr_v2(14 + 12 * gr_rng_unit(&g), 14 + 12 * gr_rng_unit(&g)),
                                 (gr_rng_unit(&g) * 2 - 1) * GR_PI, 0.5 + 4 * gr_rng_unit(&g), 0.5 + 2 * gr_rng_unit(&g));
        gr_vec2 qc[4];
        gr_rect_corners(&q, qc);
        fogn_sweep sw;
        fogn_sweep_clear(&sw);
        fogn_sweep_pair(&sw, &a, &b);
        int raw = fogn_sweep_apart(&sw, 0, qc, 4, 4 * GR_EPS);
        int n;
        const gr_vec2 *hull = fogn_sweep_poly(&sw, 0, &n);
        int hulled = fogn_sweep_apart(&sw, 0, qc, 4, 4 * GR_EPS);
        int hits = gr_poly_intersect(hull, n, qc, 4);
        if (raw || hulled) assert_false(hits);
        apart_raw += raw;
        apart_hull += hulled;
        meet += hits;
    }
    /* each form parts many, and many meet */
    assert_true(apart_raw > 500 && apart_hull > 500 && meet > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_hull_worked_out_on_first_asking),
        cmocka_unit_test(test_pair_without_movement_is_the_footprint),
        cmocka_unit_test(test_copy_keeps_pending_hulls),
        cmocka_unit_test(test_apart_only_where_the_hull_misses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
