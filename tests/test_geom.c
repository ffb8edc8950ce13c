/* test_geom.c - checks the table geometry against hand-worked values (corner
 * order, distances between straight and rotated footprints, wheels, arcs,
 * corridors, concave polygons, hulls) and against properties over a few
 * hundred random rectangles (symmetry, rigid-motion invariance, agreement
 * between distance, overlap and point-in-rectangle). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "../engine/core/geom.h"
#include "../engine/core/rng.h"

#define TOL 1e-9

static void near_at(double a, double b, double tol, const char *file, int line)
{
    if (!(fabs(a - b) <= tol)) {
        print_error("%.15g != %.15g (tol %g)\n", a, b, tol);
        _fail(file, line);
    }
}
#define assert_near(a, b, tol) near_at((a), (b), (tol), __FILE__, __LINE__)

static void vec_near_at(gr_vec2 a, gr_vec2 b, double tol, const char *file, int line)
{
    if (!(fabs(a.x - b.x) <= tol && fabs(a.y - b.y) <= tol)) {
        print_error("(%.15g, %.15g) != (%.15g, %.15g)\n", a.x, a.y, b.x, b.y);
        _fail(file, line);
    }
}
#define assert_vec_near(a, b, tol) vec_near_at((a), (b), (tol), __FILE__, __LINE__)

static double uni(gr_rng *g, double lo, double hi) { return lo + (hi - lo) * gr_rng_unit(g); }

static gr_rect rand_rect(gr_rng *g, double span)
{
    return gr_rect_make(gr_v2(uni(g, 0, span), uni(g, 0, span)), uni(g, -GR_PI, GR_PI),
                        uni(g, 0.5, 8.0), uni(g, 0.5, 4.0));
}

/* north-facing unit, front edge from (-2,0) to (2,0), rear edge at y = -2 */
static gr_rect north_unit(void) { return gr_rect_make(gr_v2(0, 0), GR_PI / 2, 4, 2); }

/* L-shaped concave polygon: 4x4 square minus the notch x>2, y>2 */
static const gr_vec2 L_SHAPE[6] = {{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}};

/* --- vectors and segments -------------------------------------------------- */

static void test_geom_vectors(void **state)
{
    (void)state;
    gr_vec2 a = gr_v2(3, 4);
    assert_near(gr_v2_len(a), 5, TOL);
    assert_near(gr_v2_dot(a, gr_v2(1, 2)), 11, TOL);
    assert_near(gr_v2_cross(gr_v2(1, 0), gr_v2(0, 1)), 1, TOL);
    assert_vec_near(gr_v2_norm(a), gr_v2(0.6, 0.8), TOL);
    assert_vec_near(gr_v2_norm(gr_v2(0, 0)), gr_v2(0, 0), 0);
    assert_vec_near(gr_v2_rot(gr_v2(1, 0), GR_PI / 2), gr_v2(0, 1), TOL);
    assert_vec_near(gr_v2_rot_about(gr_v2(2, 1), gr_v2(1, 1), GR_PI), gr_v2(0, 1), TOL);
    assert_vec_near(gr_v2_dir(GR_PI), gr_v2(-1, 0), TOL);
    assert_near(gr_angle_norm(3 * GR_PI), GR_PI, TOL);
    assert_near(gr_angle_norm(-GR_PI), GR_PI, TOL);
    assert_near(gr_angle_norm(GR_PI), GR_PI, TOL);
    assert_near(gr_angle_norm(-3 * GR_PI / 2), GR_PI / 2, TOL);
    assert_near(gr_angle_norm(0.25), 0.25, 0);
    assert_near(gr_angle_diff(0.1, 2 * GR_PI - 0.1), 0.2, TOL);
    assert_near(gr_angle_diff(-3, 3), 2 * GR_PI - 6, TOL);
}

/* the right-angle shortcut of gr_heading_dir gives what the library gives,
 * bit for bit (the games must not change with it) */
static void test_geom_heading_constants(void **state)
{
    (void)state;
    volatile double hs[] = {0.0, -0.0, GR_PI / 2, -GR_PI / 2, GR_PI, 0.3, -2.5};
    for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
        double h = hs[i], c, s;
        gr_heading_dir(h, &c, &s);
        double lc = cos(h), ls = sin(h);
        assert_memory_equal(&c, &lc, sizeof c);
        assert_memory_equal(&s, &ls, sizeof s);
    }
}

/* gr_min and gr_max choose the number fmin and fmax return, zeros' signs included */
static void test_geom_min_max_as_library(void **state)
{
    (void)state;
    volatile double v[] = {0.0, -0.0, 1.0, -1.0, 2.5, 5e-324, INFINITY, -INFINITY, NAN};
    size_t n = sizeof v / sizeof v[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            double a = v[i], b = v[j];
            double m = gr_min(a, b), lm = fmin(a, b), x = gr_max(a, b), lx = fmax(a, b);
            if (isnan(lm)) assert_true(isnan(m));
            else assert_memory_equal(&m, &lm, sizeof m);
            if (isnan(lx)) assert_true(isnan(x));
            else assert_memory_equal(&x, &lx, sizeof x);
        }
}

static void test_geom_segments(void **state)
{
    (void)state;
    gr_vec2 o = gr_v2(0, 0), x4 = gr_v2(4, 0);
    assert_near(gr_point_seg_dist(gr_v2(2, 3), o, x4), 3, TOL);
    assert_near(gr_point_seg_dist(gr_v2(7, 4), o, x4), 5, TOL);
    assert_near(gr_point_seg_dist(gr_v2(1, 1), o, o), sqrt(2), TOL); /* degenerate */
    /* crossing */
    assert_near(gr_seg_seg_dist(o, x4, gr_v2(2, -1), gr_v2(2, 1)), 0, 0);
    assert_true(gr_seg_intersect(o, x4, gr_v2(2, -1), gr_v2(2, 1)));
    /* T-junction: touching at an endpoint counts (closed segments) */
    assert_true(gr_seg_intersect(o, x4, gr_v2(2, 0), gr_v2(2, 3)));
    assert_true(gr_seg_intersect(o, x4, x4, gr_v2(5, 5)));
    /* parallel, 2 apart */
    assert_near(gr_seg_seg_dist(o, x4, gr_v2(1, 2), gr_v2(3, 2)), 2, TOL);
    assert_false(gr_seg_intersect(o, x4, gr_v2(1, 2), gr_v2(3, 2)));
    /* collinear overlapping and collinear apart */
    assert_true(gr_seg_intersect(o, x4, gr_v2(3, 0), gr_v2(6, 0)));
    assert_near(gr_seg_seg_dist(o, x4, gr_v2(5, 0), gr_v2(6, 0)), 1, TOL);
    assert_false(gr_seg_intersect(o, x4, gr_v2(5, 0), gr_v2(6, 0)));
    /* skew, nearest points are an endpoint and an interior point */
    assert_near(gr_seg_seg_dist(o, x4, gr_v2(5, 1), gr_v2(6, 5)), sqrt(2), TOL);
}

/* --- rectangles: construction and motion ------------------------------------ */

static void test_geom_rect_corners_order(void **state)
{
    (void)state;
    gr_rect r = north_unit();
    gr_vec2 c[4];
    gr_rect_corners(&r, c);
    assert_vec_near(c[GR_FL], gr_v2(-2, 0), TOL);
    assert_vec_near(c[GR_FR], gr_v2(2, 0), TOL);
    assert_vec_near(c[GR_RR], gr_v2(2, -2), TOL);
    assert_vec_near(c[GR_RL], gr_v2(-2, -2), TOL);
    for (int i = 0; i < 4; i++) assert_vec_near(gr_rect_corner(&r, i), c[i], 0);
    assert_vec_near(gr_rect_fwd(&r), gr_v2(0, 1), TOL);
    assert_vec_near(gr_rect_right(&r), gr_v2(1, 0), TOL); /* facing north, right is east */
    assert_vec_near(gr_rect_centre(&r), gr_v2(0, -1), TOL);

    /* facing east: left is north */
    gr_rect e = gr_rect_make(gr_v2(10, 10), 0, 2, 1);
    assert_vec_near(gr_rect_corner(&e, GR_FL), gr_v2(10, 11), TOL);
    assert_vec_near(gr_rect_corner(&e, GR_FR), gr_v2(10, 9), TOL);
    assert_vec_near(gr_rect_corner(&e, GR_RR), gr_v2(9, 9), TOL);
    assert_vec_near(gr_rect_corner(&e, GR_RL), gr_v2(9, 11), TOL);
}

static void test_geom_rect_wheel_pivot(void **state)
{
    (void)state;
    gr_rect r = north_unit();
    /* wheel forward about the left front corner: heading turns left */
    gr_rect w = gr_rect_wheel(&r, GR_FL, GR_PI / 2);
    assert_near(w.heading, GR_PI, TOL);
    assert_vec_near(w.fc, gr_v2(-2, 2), TOL);
    assert_vec_near(gr_rect_corner(&w, GR_FR), gr_v2(-2, 4), TOL);
    /* about the right front corner, clockwise */
    w = gr_rect_wheel(&r, GR_FR, -GR_PI / 2);
    assert_near(w.heading, 0, TOL);
    assert_vec_near(w.fc, gr_v2(2, 2), TOL);

    for (int c = 0; c < 4; c++) {
        for (int s = -1; s <= 1; s += 2) {
            gr_rect q = gr_rect_make(gr_v2(5, 7), 0.4, 6, 2.5);
            gr_rect qw = gr_rect_wheel(&q, c, s * GR_PI / 2);
            assert_vec_near(gr_rect_corner(&qw, c), gr_rect_corner(&q, c), TOL);
            assert_near(gr_angle_diff(qw.heading, q.heading), s * GR_PI / 2, TOL);
            assert_near(qw.w, q.w, 0);
            assert_near(qw.d, q.d, 0);
            /* wheeling back restores the pose */
            gr_rect back = gr_rect_wheel(&qw, c, -s * GR_PI / 2);
            assert_vec_near(back.fc, q.fc, TOL);
            assert_near(gr_angle_diff(back.heading, q.heading), 0, TOL);
        }
    }
    /* rotate about an outside point */
    gr_rect ro = gr_rect_rotate_about(&r, gr_v2(0, 5), GR_PI);
    assert_vec_near(ro.fc, gr_v2(0, 10), TOL);
    assert_near(gr_angle_diff(ro.heading, -GR_PI / 2), 0, TOL);
}

static void test_geom_rect_advance_slide(void **state)
{
    (void)state;
    gr_rect r = north_unit();
    assert_vec_near(gr_rect_advance(&r, 3, 0).fc, gr_v2(0, 3), TOL);
    assert_vec_near(gr_rect_advance(&r, 0, 2).fc, gr_v2(2, 0), TOL);
    assert_vec_near(gr_rect_advance(&r, -1, -1).fc, gr_v2(-1, -1), TOL);
    gr_rect d = gr_rect_make(gr_v2(1, 1), GR_PI / 4, 2, 2);
    gr_rect m = gr_rect_advance(&d, sqrt(2), 0);
    assert_vec_near(m.fc, gr_v2(2, 2), TOL);
    assert_near(m.heading, d.heading, 0);
    m = gr_rect_advance(&d, 0, sqrt(2)); /* right of north-east is south-east */
    assert_vec_near(m.fc, gr_v2(2, 0), TOL);
}

/* --- rectangles: distance, overlap, points ----------------------------------- */

static void test_geom_rect_dist_axis(void **state)
{
    (void)state;
    gr_rect a = north_unit();
    gr_rect b = gr_rect_make(gr_v2(7, 0), GR_PI / 2, 4, 2);
    assert_near(gr_rect_dist(&a, &b), 3, TOL);
    b = gr_rect_make(gr_v2(5, 5), GR_PI / 2, 4, 2); /* x [3,7], y [3,5] */
    assert_near(gr_rect_dist(&a, &b), sqrt(10), TOL);
    b = gr_rect_make(gr_v2(0, -4), -GR_PI / 2, 4, 1); /* facing south, y [-4,-3] */
    assert_near(gr_rect_dist(&a, &b), 1, TOL);
    assert_false(gr_rect_overlap(&a, &b, GR_EPS));
}

static void test_geom_rect_dist_rotated(void **state)
{
    (void)state;
    gr_rect a = north_unit();
    /* a sqrt(2) square turned 45 degrees: a diamond whose lowest corner is (0,1) */
    gr_rect b = gr_rect_make(gr_v2(-0.5, 2.5), 3 * GR_PI / 4, sqrt(2), sqrt(2));
    assert_vec_near(gr_rect_corner(&b, GR_RL), gr_v2(0, 1), TOL);
    assert_near(gr_rect_dist(&a, &b), 1, TOL);
    assert_near(gr_rect_dist(&b, &a), 1, TOL);
    /* side by side along a 30-degree line with a 1.5 gap */
    gr_rect c = gr_rect_make(gr_v2(10, 10), GR_PI / 6, 3, 2);
    gr_rect e = gr_rect_advance(&c, 0, 3 + 1.5);
    assert_near(gr_rect_dist(&c, &e), 1.5, TOL);
    /* diagonal corner to corner, rotated frame */
    gr_rect f = gr_rect_advance(&c, 3, 3 + 4); /* 1 ahead and 4 to the right of FR */
    assert_near(gr_rect_dist(&c, &f), sqrt(1 + 16), TOL);
    /* rotated square corner touching an edge midpoint */
    gr_rect g = gr_rect_make(gr_v2(-0.5, 1.5), 3 * GR_PI / 4, sqrt(2), sqrt(2));
    assert_near(gr_rect_dist(&a, &g), 0, TOL);
    assert_false(gr_rect_overlap(&a, &g, GR_EPS));
}

static void test_geom_rect_touch_vs_overlap(void **state)
{
    (void)state;
    gr_rect a = north_unit();
    gr_rect side = gr_rect_advance(&a, 0, 4); /* edge contact on the right */
    assert_near(gr_rect_dist(&a, &side), 0, 0);
    assert_false(gr_rect_overlap(&a, &side, GR_EPS));
    assert_false(gr_rect_overlap(&a, &side, 0));
    gr_rect into = gr_rect_advance(&a, 0, 3.9);
    assert_true(gr_rect_overlap(&a, &into, GR_EPS));
    assert_near(gr_rect_dist(&a, &into), 0, 0);
    gr_rect corner = gr_rect_advance(&a, -2, 4); /* only corners meet */
    assert_near(gr_rect_dist(&a, &corner), 0, 0);
    assert_false(gr_rect_overlap(&a, &corner, GR_EPS));
    gr_rect facing = gr_rect_make(gr_v2(0, 0), -GR_PI / 2, 4, 2); /* front to front */
    assert_near(gr_rect_dist(&a, &facing), 0, 0);
    assert_false(gr_rect_overlap(&a, &facing, GR_EPS));
    /* rotated edge contact: rounding may leave a hair's gap, never overlap */
    gr_rect r = gr_rect_make(gr_v2(3, 4), 0.3, 5, 2);
    gr_rect rs = gr_rect_advance(&r, 0.7, 5);
    assert_near(gr_rect_dist(&r, &rs), 0, TOL);
    assert_false(gr_rect_overlap(&r, &rs, GR_EPS));
    /* one inside the other */
    gr_rect big = gr_rect_make(gr_v2(0, 5), GR_PI / 2, 20, 20);
    assert_near(gr_rect_dist(&big, &a), 0, 0);
    assert_near(gr_rect_dist(&a, &big), 0, 0);
    assert_true(gr_rect_overlap(&big, &a, GR_EPS));
    /* a plus sign: no corner inside the other, yet overlapping */
    gr_rect h = gr_rect_make(gr_v2(3, 0), 0, 1, 6);
    gr_rect v = gr_rect_make(gr_v2(0.5, 0), 0, 6, 1);
    gr_vec2 hc[4];
    gr_rect_corners(&h, hc);
    for (int i = 0; i < 4; i++) assert_false(gr_point_in_rect(&v, hc[i]));
    assert_true(gr_rect_overlap(&h, &v, GR_EPS));
    assert_near(gr_rect_dist(&h, &v), 0, 0);
}

static void test_geom_rect_point(void **state)
{
    (void)state;
    gr_rect a = north_unit();
    assert_true(gr_point_in_rect(&a, gr_v2(0, -1)));
    assert_true(gr_point_in_rect(&a, gr_v2(2, 0)));  /* corner: closed */
    assert_true(gr_point_in_rect(&a, gr_v2(-2, -1))); /* edge */
    assert_false(gr_point_in_rect(&a, gr_v2(0, 0.01)));
    assert_near(gr_rect_point_dist(&a, gr_v2(0, -1)), 0, 0);
    assert_near(gr_rect_point_dist(&a, gr_v2(0, 3)), 3, TOL);
    assert_near(gr_rect_point_dist(&a, gr_v2(5, -1)), 3, TOL);
    assert_near(gr_rect_point_dist(&a, gr_v2(5, -6)), 5, TOL);
    assert_near(gr_rect_ahead_of_front(&a, gr_v2(7, 3)), 3, TOL);
    assert_near(gr_rect_ahead_of_front(&a, gr_v2(7, -3)), -3, TOL);
}

static void check_arcs(const gr_rect *r, gr_vec2 pivot, double angle, gr_vec2 shift)
{
    /* points given in the frame of north_unit(), moved like the rectangle */
    static const struct {
        double x, y;
        gr_arc arc;
    } cases[] = {
        {0, 5, GR_ARC_FRONT},    {1.9, 0.1, GR_ARC_FRONT}, {-1.5, 30, GR_ARC_FRONT},
        {0, -1, GR_ARC_FRONT},   /* inside */
        {1, 0, GR_ARC_FRONT},    /* on the front edge */
        {3, 1, GR_ARC_RIGHT},    /* ahead but outside the corridor: flank */
        {-3, 1, GR_ARC_LEFT},    {-30, 20, GR_ARC_LEFT},  {3, -1, GR_ARC_RIGHT},
        {-3, -1, GR_ARC_LEFT},   {-2.5, -2, GR_ARC_LEFT}, /* on the rear line: not behind */
        {0, -3, GR_ARC_REAR},    {3, -3, GR_ARC_REAR},    {-10, -2.5, GR_ARC_REAR},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gr_vec2 p = gr_v2_add(gr_v2_rot_about(gr_v2(cases[i].x, cases[i].y), pivot, angle), shift);
        if (gr_rect_arc_of(r, p) != cases[i].arc) {
            print_error("case %zu (%g,%g): got %d want %d\n", i, cases[i].x, cases[i].y,
                        (int)gr_rect_arc_of(r, p), (int)cases[i].arc);
            fail();
        }
    }
}

static void test_geom_rect_arcs(void **state)
{
    (void)state;
    gr_rect a = north_unit();
    check_arcs(&a, gr_v2(0, 0), 0, gr_v2(0, 0));
    /* the same picture turned and moved */
    gr_vec2 pivot = gr_v2(4, -7), shift = gr_v2(13, 21);
    double ang = 1.1;
    gr_rect b = gr_rect_rotate_about(&a, pivot, ang);
    b.fc = gr_v2_add(b.fc, shift);
    check_arcs(&b, pivot, ang, shift);
}

static void test_geom_front_corridor(void **state)
{
    (void)state;
    gr_rect a = north_unit();
    gr_rect t = gr_rect_make(gr_v2(0, 8), -GR_PI / 2, 4, 2); /* facing us, y [8,10] */
    assert_true(gr_rect_in_front_corridor(&a, &t, -1));
    assert_true(gr_rect_in_front_corridor(&a, &t, 12));
    assert_true(gr_rect_in_front_corridor(&a, &t, 8.5));
    assert_false(gr_rect_in_front_corridor(&a, &t, 8)); /* reaches it, no overlap */
    assert_false(gr_rect_in_front_corridor(&a, &t, 5));
    /* offset: overlapping the corridor by 1 */
    gr_rect o = gr_rect_make(gr_v2(3, 10), -GR_PI / 2, 4, 2); /* x [1,5] */
    assert_true(gr_rect_in_front_corridor(&a, &o, -1));
    /* offset exactly onto the corridor's edge line, and beyond */
    gr_rect edge = gr_rect_make(gr_v2(4, 10), -GR_PI / 2, 4, 2); /* x [2,6] */
    assert_false(gr_rect_in_front_corridor(&a, &edge, -1));
    gr_rect far = gr_rect_make(gr_v2(9, 10), -GR_PI / 2, 4, 2);
    assert_false(gr_rect_in_front_corridor(&a, &far, -1));
    /* neighbour standing in line, and a unit behind */
    gr_rect nb = gr_rect_advance(&a, 0, 4);
    assert_false(gr_rect_in_front_corridor(&a, &nb, -1));
    gr_rect behind = gr_rect_advance(&a, -5, 0);
    assert_false(gr_rect_in_front_corridor(&a, &behind, -1));
    /* in contact with the front edge */
    gr_rect contact = gr_rect_make(gr_v2(1, 0), -GR_PI / 2, 4, 2); /* front to front */
    assert_true(gr_rect_in_front_corridor(&a, &contact, 1));
    /* a diamond poking into the corridor from the side */
    gr_rect dia = gr_rect_make(gr_v2(2.5, 6), GR_PI / 4, 2, 2);
    assert_true(gr_rect_in_front_corridor(&a, &dia, -1));
}

/* --- polygons ----------------------------------------------------------------- */

static void test_geom_point_in_concave_poly(void **state)
{
    (void)state;
    assert_true(gr_point_in_poly(L_SHAPE, 6, gr_v2(1, 1)));
    assert_true(gr_point_in_poly(L_SHAPE, 6, gr_v2(3, 1)));   /* right arm */
    assert_true(gr_point_in_poly(L_SHAPE, 6, gr_v2(1, 3)));   /* top arm */
    assert_false(gr_point_in_poly(L_SHAPE, 6, gr_v2(3, 3)));  /* notch */
    assert_true(gr_point_in_poly(L_SHAPE, 6, gr_v2(2, 2)));   /* reflex vertex */
    assert_true(gr_point_in_poly(L_SHAPE, 6, gr_v2(3, 2)));   /* edge */
    assert_true(gr_point_in_poly(L_SHAPE, 6, gr_v2(0, 4)));   /* vertex */
    assert_false(gr_point_in_poly(L_SHAPE, 6, gr_v2(-1, 2)));
    assert_false(gr_point_in_poly(L_SHAPE, 6, gr_v2(5, 1)));  /* ray through vertices */
    assert_near(gr_point_poly_dist(L_SHAPE, 6, gr_v2(3, 3)), 1, TOL);
    assert_near(gr_point_poly_dist(L_SHAPE, 6, gr_v2(1, 1)), 0, 0);
    assert_near(gr_point_poly_dist(L_SHAPE, 6, gr_v2(7, 6)), 5, TOL); /* to (4,2) */
    /* clockwise order makes no difference */
    gr_vec2 cw[6];
    for (int i = 0; i < 6; i++) cw[i] = L_SHAPE[5 - i];
    assert_false(gr_point_in_poly(cw, 6, gr_v2(3, 3)));
    assert_true(gr_point_in_poly(cw, 6, gr_v2(3, 1)));
    gr_vec2 line[3] = {{0, 0}, {4, 0}, {4, 4}};
    assert_near(gr_point_polyline_dist(line, 3, gr_v2(2, 1)), 1, TOL);
    assert_near(gr_point_polyline_dist(line, 3, gr_v2(1, 4)), 3, TOL);
}

static void test_geom_seg_poly(void **state)
{
    (void)state;
    /* wholly in the notch */
    assert_false(gr_seg_poly_intersect(gr_v2(2.5, 2.5), gr_v2(3.5, 3.5), L_SHAPE, 6));
    /* notch to outside through the open corner */
    assert_false(gr_seg_poly_intersect(gr_v2(3, 3), gr_v2(6, 6), L_SHAPE, 6));
    /* notch into an arm */
    assert_true(gr_seg_poly_intersect(gr_v2(3, 3), gr_v2(3, 1), L_SHAPE, 6));
    /* wholly inside */
    assert_true(gr_seg_poly_intersect(gr_v2(0.5, 0.5), gr_v2(1.5, 1.5), L_SHAPE, 6));
    /* straight across the notch from arm to arm */
    assert_true(gr_seg_poly_intersect(gr_v2(1, 3), gr_v2(3, 1), L_SHAPE, 6));
    /* outside, and grazing a vertex */
    assert_false(gr_seg_poly_intersect(gr_v2(5, 0), gr_v2(5, 4), L_SHAPE, 6));
    assert_false(gr_seg_poly_intersect(gr_v2(4, 5), gr_v2(5, 4), L_SHAPE, 6));
    assert_false(gr_seg_poly_intersect(gr_v2(3, 5), gr_v2(5, 3), L_SHAPE, 6)); /* via the notch corner */
    assert_true(gr_seg_poly_intersect(gr_v2(4, 2), gr_v2(6, 0), L_SHAPE, 6)); /* vertex */
    gr_vec2 pl[3] = {{0, 0}, {4, 0}, {4, 4}};
    assert_true(gr_seg_polyline_intersect(gr_v2(3, -1), gr_v2(3, 1), pl, 3));
    assert_false(gr_seg_polyline_intersect(gr_v2(1, 1), gr_v2(3, 3), pl, 3)); /* open side */
    assert_true(gr_seg_polyline_intersect(gr_v2(3, 2), gr_v2(5, 2), pl, 3));
}

static void test_geom_poly_intersect_contains(void **state)
{
    (void)state;
    gr_vec2 notch_sq[4] = {{2.5, 2.5}, {3.5, 2.5}, {3.5, 3.5}, {2.5, 3.5}};
    assert_false(gr_poly_intersect(L_SHAPE, 6, notch_sq, 4));
    assert_near(gr_poly_dist(L_SHAPE, 6, notch_sq, 4), 0.5, TOL);
    gr_vec2 arm_sq[4] = {{3, 0.5}, {3.5, 0.5}, {3.5, 1.5}, {3, 1.5}};
    assert_true(gr_poly_intersect(L_SHAPE, 6, arm_sq, 4));
    assert_true(gr_poly_contains(L_SHAPE, 6, arm_sq, 4));
    gr_vec2 cross_sq[4] = {{3, 1}, {5, 1}, {5, 3}, {3, 3}};
    assert_true(gr_poly_intersect(L_SHAPE, 6, cross_sq, 4));
    assert_false(gr_poly_contains(L_SHAPE, 6, cross_sq, 4));
    gr_vec2 around[4] = {{-1, -1}, {5, -1}, {5, 5}, {-1, 5}};
    assert_true(gr_poly_intersect(L_SHAPE, 6, around, 4)); /* L inside the square */
    assert_false(gr_poly_contains(L_SHAPE, 6, around, 4));
    assert_true(gr_poly_contains(around, 4, L_SHAPE, 6));
    /* every vertex inside the L, but the middle lies in the notch */
    gr_vec2 diamond[4] = {{0.5, 2}, {2, 0.5}, {3.5, 2}, {2, 3.5}};
    for (int i = 0; i < 4; i++) assert_true(gr_point_in_poly(L_SHAPE, 6, diamond[i]));
    assert_false(gr_poly_contains(L_SHAPE, 6, diamond, 4));
    /* the notch itself: corners on the boundary, interior outside */
    gr_vec2 exact_notch[4] = {{2, 2}, {4, 2}, {4, 4}, {2, 4}};
    assert_false(gr_poly_contains(L_SHAPE, 6, exact_notch, 4));
    /* a U whose slot is exactly a rectangle: every corner of the slot is a
     * vertex of the U and no edge of the U enters it, yet it is outside */
    gr_vec2 u_shape[8] = {{0, 0}, {4, 0}, {4, 4}, {3, 4}, {3, 2}, {1, 2}, {1, 4}, {0, 4}};
    gr_vec2 slot[4] = {{1, 2}, {3, 2}, {3, 4}, {1, 4}};
    assert_false(gr_poly_contains(u_shape, 8, slot, 4));
    assert_true(gr_poly_intersect(u_shape, 8, slot, 4)); /* boundaries meet */
    gr_vec2 base[4] = {{0, 0}, {4, 0}, {4, 2}, {0, 2}};
    assert_true(gr_poly_contains(u_shape, 8, base, 4));
    /* flush against the inside of the boundary: still contained */
    gr_vec2 flush[4] = {{0, 0}, {4, 0}, {4, 2}, {0, 2}};
    assert_true(gr_poly_contains(L_SHAPE, 6, flush, 4));
    assert_true(gr_poly_contains(L_SHAPE, 6, L_SHAPE, 4)); /* its lower trapezoid */
    /* separated polygons */
    gr_vec2 away[3] = {{10, 0}, {12, 0}, {11, 3}};
    assert_false(gr_poly_intersect(L_SHAPE, 6, away, 3));
    assert_near(gr_poly_dist(L_SHAPE, 6, away, 3), 6, TOL);
    gr_vec2 line[2] = {{5, -3}, {5, 7}};
    assert_near(gr_polyline_poly_dist(line, 2, L_SHAPE, 6), 1, TOL);
    gr_vec2 line2[3] = {{3, 3}, {3.5, 3.5}, {3.2, 1.5}};
    assert_near(gr_polyline_poly_dist(line2, 3, L_SHAPE, 6), 0, 0);
}

static void test_geom_hull(void **state)
{
    (void)state;
    gr_vec2 pts[] = {{1, 1}, {0, 0}, {2, 0}, {4, 0}, {4, 4}, {2, 2}, {0, 4},
                     {4, 2}, {0, 0}, {3, 1}, {0, 2}, {2, 4}};
    int n = (int)(sizeof pts / sizeof pts[0]);
    gr_vec2 out[sizeof pts / sizeof pts[0]];
    int h = gr_convex_hull(pts, n, out);
    assert_int_equal(h, 4);
    assert_vec_near(out[0], gr_v2(0, 0), 0);
    assert_vec_near(out[1], gr_v2(4, 0), 0);
    assert_vec_near(out[2], gr_v2(4, 4), 0);
    assert_vec_near(out[3], gr_v2(0, 4), 0);
    assert_true(gr_poly_area(out, h) > 0);
    gr_vec2 col[4] = {{1, 1}, {3, 3}, {2, 2}, {0, 0}};
    assert_int_equal(gr_convex_hull(col, 4, out), 2);
    gr_vec2 same[3] = {{1, 1}, {1, 1}, {1, 1}};
    assert_int_equal(gr_convex_hull(same, 3, out), 1);
    assert_int_equal(gr_convex_hull(same, 1, out), 1);
    assert_int_equal(gr_convex_hull(same, 0, out), 0);
    /* the hull of two rectangles' corners: a swept footprint */
    gr_rect a = north_unit();
    gr_rect b = gr_rect_wheel(&a, GR_FL, GR_PI / 4);
    gr_vec2 all[8];
    gr_rect_corners(&a, all);
    gr_rect_corners(&b, all + 4);
    gr_vec2 hull[8];
    h = gr_convex_hull(all, 8, hull);
    assert_true(h >= 3 && h <= 8);
    assert_true(gr_poly_area(hull, h) > 0);
    for (int i = 0; i < 8; i++) assert_true(gr_point_in_poly(hull, h, all[i]));
}

static void test_geom_area_centroid(void **state)
{
    (void)state;
    gr_vec2 sq[4] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
    assert_near(gr_poly_area(sq, 4), 16, TOL);
    gr_vec2 cw[4] = {{0, 0}, {0, 4}, {4, 4}, {4, 0}};
    assert_near(gr_poly_area(cw, 4), -16, TOL);
    assert_vec_near(gr_poly_centroid(sq, 4), gr_v2(2, 2), TOL);
    assert_vec_near(gr_poly_centroid(cw, 4), gr_v2(2, 2), TOL);
    assert_near(gr_poly_area(L_SHAPE, 6), 12, TOL);
    assert_vec_near(gr_poly_centroid(L_SHAPE, 6), gr_v2(5.0 / 3, 5.0 / 3), TOL);
    gr_vec2 tri[3] = {{100, 100}, {103, 100}, {100, 103}};
    assert_near(gr_poly_area(tri, 3), 4.5, TOL);
    assert_vec_near(gr_poly_centroid(tri, 3), gr_v2(101, 101), TOL);
    /* a unit's rectangle: corners run clockwise, area -w*d */
    gr_rect r = gr_rect_make(gr_v2(3, 3), 0.7, 5, 2);
    gr_vec2 c[4];
    gr_rect_corners(&r, c);
    assert_near(gr_poly_area(c, 4), -10, TOL);
    assert_vec_near(gr_poly_centroid(c, 4), gr_rect_centre(&r), TOL);
}

/* --- properties over random rectangles ---------------------------------------------- */

#define NCASES 500

static void test_geom_prop_rect_dist_symmetric(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 1, 1);
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 20), b = rand_rect(&g, 20);
        assert_near(gr_rect_dist(&a, &b), gr_rect_dist(&b, &a), 1e-12);
        assert_true(gr_rect_overlap(&a, &b, GR_EPS) == gr_rect_overlap(&b, &a, GR_EPS));
        /* agrees with the general polygon distance on the corners */
        gr_vec2 ca[4], cb[4];
        gr_rect_corners(&a, ca);
        gr_rect_corners(&b, cb);
        assert_near(gr_rect_dist(&a, &b), gr_poly_dist(ca, 4, cb, 4), 1e-9);
        /* and lower-bounds the distance of sample points on a's boundary */
        double dab = gr_rect_dist(&a, &b), best = INFINITY;
        for (int e = 0; e < 4; e++)
            for (int k = 0; k <= 50; k++) {
                gr_vec2 p = gr_v2_add(ca[e], gr_v2_scale(gr_v2_sub(ca[(e + 1) & 3], ca[e]), k / 50.0));
                double dp = gr_rect_point_dist(&b, p);
                assert_true(dp >= dab - 1e-9);
                if (dp < best) best = dp;
            }
        if (dab > 0) assert_true(best - dab < 0.2);
    }
}

static void test_geom_prop_rect_dist_invariant(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 2, 1);
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 20), b = rand_rect(&g, 20);
        double d0 = gr_rect_dist(&a, &b);
        gr_vec2 pivot = gr_v2(uni(&g, -50, 50), uni(&g, -50, 50));
        gr_vec2 shift = gr_v2(uni(&g, -30, 30), uni(&g, -30, 30));
        double ang = uni(&g, -GR_PI, GR_PI);
        gr_rect a2 = gr_rect_rotate_about(&a, pivot, ang);
        gr_rect b2 = gr_rect_rotate_about(&b, pivot, ang);
        a2.fc = gr_v2_add(a2.fc, shift);
        b2.fc = gr_v2_add(b2.fc, shift);
        assert_near(gr_rect_dist(&a2, &b2), d0, 1e-9);
        if (fabs(d0) > 1e-6) /* away from the touching boundary, overlap must agree too */
            assert_true(gr_rect_overlap(&a2, &b2, GR_EPS) == gr_rect_overlap(&a, &b, GR_EPS));
    }
}

static void test_geom_prop_rect_overlap_consistent(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 3, 1);
    int n_overlap = 0, n_apart = 0, n_touch = 0;
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 10), b = rand_rect(&g, 10);
        double d = gr_rect_dist(&a, &b);
        assert_true(d >= 0);
        if (gr_rect_overlap(&a, &b, 0)) {
            assert_near(d, 0, 0);
            n_overlap++;
        }
        if (d > 0) {
            assert_false(gr_rect_overlap(&a, &b, 0));
            assert_false(gr_rect_overlap(&a, &b, GR_EPS));
            n_apart++;
        } else {
            assert_true(gr_rect_overlap(&a, &b, -1e-9)); /* touching or overlapping */
        }
        /* a rectangle placed in edge contact beside, ahead or behind */
        gr_rect t = a;
        t.w = uni(&g, 0.5, 8);
        t.d = uni(&g, 0.5, 4);
        int side = (int)gr_rng_below(&g, 4);
        double u = uni(&g, 0.1, 0.9);
        double f0 = -a.d + u * (a.d + t.d);      /* depths overlap by >= 10% */
        double s0 = (u - 0.5) * (a.w + t.w);     /* widths overlap by >= 10% */
        if (side == 0) t = gr_rect_advance(&t, f0, 0.5 * (a.w + t.w));
        else if (side == 1) t = gr_rect_advance(&t, f0, -0.5 * (a.w + t.w));
        else if (side == 2) t = gr_rect_advance(&t, t.d, s0);
        else t = gr_rect_advance(&t, -a.d, s0);
        assert_near(gr_rect_dist(&a, &t), 0, 1e-9);
        assert_false(gr_rect_overlap(&a, &t, GR_EPS));
        gr_rect in = gr_rect_advance(&t, side == 2 ? -0.01 : side == 3 ? 0.01 : 0,
                                     side == 0 ? -0.01 : side == 1 ? 0.01 : 0);
        assert_true(gr_rect_overlap(&a, &in, GR_EPS));
        n_touch++;
    }
    /* the sample really exercised both sides */
    assert_true(n_overlap > 50);
    assert_true(n_apart > 50);
    assert_true(n_touch == NCASES);
}

/* gr_rect_within agrees with gr_rect_dist at every threshold, the pairs its
 * circles pass over included; rectangles touching corner to corner on the
 * line of their centres (where the circles about them just meet) are 0 apart */
static void test_geom_prop_rect_within(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 7, 1);
    int culled = 0;
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 30), b = rand_rect(&g, 30);
        double dab = gr_rect_dist(&a, &b);
        const double ds[] = {0, 0.01, 1, 2, uni(&g, 0, 12), dab, dab - 1e-6, dab + 1e-6};
        for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++) {
            assert_true(gr_rect_within(&a, &b, ds[k]) == (dab <= ds[k]));
            assert_true(gr_rect_within(&b, &a, ds[k]) == (dab <= ds[k]));
        }
        gr_vec2 ca = gr_rect_centre(&a), cb = gr_rect_centre(&b);
        culled += gr_v2_dist(ca, cb) - 0.5 * hypot(a.w, a.d) - 0.5 * hypot(b.w, b.d) > 2;
    }
    assert_true(culled > 100); /* far pairs were exercised */
    gr_rect sq = gr_rect_make(gr_v2(0, 0), GR_PI / 2, 2, 2); /* (-1..1) x (-2..0) */
    gr_rect diag = gr_rect_make(gr_v2(2, 2), GR_PI / 2, 2, 2); /* (1..3) x (0..2): corner (1, 0) shared */
    assert_true(gr_rect_dist(&sq, &diag) == 0.0);
    assert_true(gr_rect_within(&sq, &diag, 0));
    gr_rect off = gr_rect_make(gr_v2(2 + 1e-6, 2 + 1e-6), GR_PI / 2, 2, 2);
    assert_near(gr_rect_dist(&sq, &off), sqrt(2) * 1e-6, 1e-12);
    assert_false(gr_rect_within(&sq, &off, 1e-6));
}

static void test_geom_prop_wheel(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 4, 1);
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 40);
        int c = (int)gr_rng_below(&g, 4);
        double ang = uni(&g, -GR_PI, GR_PI);
        gr_rect w = gr_rect_wheel(&a, c, ang);
        assert_vec_near(gr_rect_corner(&w, c), gr_rect_corner(&a, c), 1e-9);
        assert_near(w.w, a.w, 0);
        assert_near(w.d, a.d, 0);
        assert_near(gr_angle_diff(w.heading, a.heading), gr_angle_norm(ang), 1e-9);
        /* all corners stay at the same distance from the pivot */
        gr_vec2 ca[4], cw[4];
        gr_rect_corners(&a, ca);
        gr_rect_corners(&w, cw);
        for (int k = 0; k < 4; k++)
            assert_near(gr_v2_dist(cw[k], ca[c]), gr_v2_dist(ca[k], ca[c]), 1e-9);
        /* advance then retreat is the identity */
        double f = uni(&g, -10, 10), s = uni(&g, -10, 10);
        gr_rect m = gr_rect_advance(&a, f, s);
        gr_rect back = gr_rect_advance(&m, -f, -s);
        assert_vec_near(back.fc, a.fc, 1e-9);
        assert_near(gr_v2_dist(m.fc, a.fc), sqrt(f * f + s * s), 1e-9);
    }
}

/* gr_rect_axis_gap is a lower bound of the distance, exact for two
 * rectangles square to each other and apart along one axis, and negative
 * for overlapping ones */
static void test_geom_prop_axis_gap(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 7, 1);
    int apart = 0;
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 10), b = rand_rect(&g, 10);
        double gap = gr_rect_axis_gap(&a, &b), d = gr_rect_dist(&a, &b);
        assert_true(gap <= d + 1e-9);
        if (gr_rect_overlap(&a, &b, 1e-6)) assert_true(gap < 0);
        apart += gap > 0;
    }
    assert_true(apart > 10);
    gr_rect a = gr_rect_make(gr_v2(0, 0), GR_PI / 2, 4, 2), b = gr_rect_make(gr_v2(7, 0), GR_PI / 2, 4, 2);
    assert_near(gr_rect_axis_gap(&a, &b), 3.0, 1e-12);
    assert_near(gr_rect_dist(&a, &b), 3.0, 1e-12);
}

/* gr_rect_overlap stops at the first axis not above eps: its answer is
 * the least overlap's, the one gr_rect_axis_gap gives (the same sums) */
static void test_geom_prop_overlap_is_the_least_axis_overlap(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 11, 1);
    const double eps[4] = {0, GR_EPS, 1e-3, -0.5};
    int over = 0, not_over = 0;
    for (int i = 0; i < 20 * NCASES; i++) {
        gr_rect a = rand_rect(&g, 8), b = rand_rect(&g, 8);
        double least = -gr_rect_axis_gap(&a, &b);
        for (int k = 0; k < 4; k++) {
            bool want = least > eps[k];
            assert_true(gr_rect_overlap(&a, &b, eps[k]) == want);
            assert_true(gr_rect_overlap(&b, &a, eps[k]) == want);
            over += want;
            not_over += !want;
        }
    }
    assert_true(over > 1000 && not_over > 1000);
}

/* points apart along an axis: the gap between their shadows against the
 * margin, whichever side each set lies; never for shapes that meet */
static void test_geom_points_apart_along(void **state)
{
    (void)state;
    gr_vec2 s1[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, s2[4] = {{3, 0.5}, {4, 0.5}, {4, 1.5}, {3, 1.5}};
    assert_true(gr_points_apart_along(gr_v2(1, 0), s1, 4, s2, 4, 1.5));
    assert_true(gr_points_apart_along(gr_v2(1, 0), s2, 4, s1, 4, 1.5));
    assert_true(gr_points_apart_along(gr_v2(-1, 0), s1, 4, s2, 4, 1.5));
    assert_false(gr_points_apart_along(gr_v2(1, 0), s1, 4, s2, 4, 2.0)); /* the gap is exactly 2 */
    assert_false(gr_points_apart_along(gr_v2(0, 1), s1, 4, s2, 4, 0));   /* their shadows overlap */
    /* along the diagonal the shadows are 2/sqrt(2) apart */
    double r = sqrt(0.5);
    assert_true(gr_points_apart_along(gr_v2(r, r), s1, 4, s2, 4, 1.0));
    assert_false(gr_points_apart_along(gr_v2(r, r), s1, 4, s2, 4, 1.5));
    /* random rectangles: apart along one of a's axes means no shared point */
    gr_rng g;
    gr_rng_seed(&g, 12, 1);
    int apart = 0;
    for (int i = 0; i < 4 * NCASES; i++) {
        gr_rect a = rand_rect(&g, 10), b = rand_rect(&g, 10);
        gr_vec2 ca[4], cb[4];
        gr_rect_corners(&a, ca);
        gr_rect_corners(&b, cb);
        if (gr_points_apart_along(gr_rect_fwd(&a), ca, 4, cb, 4, 4 * GR_EPS) ||
            gr_points_apart_along(gr_rect_right(&a), ca, 4, cb, 4, 4 * GR_EPS)) {
            assert_false(gr_poly_intersect(ca, 4, cb, 4));
            assert_true(gr_rect_dist(&a, &b) > 4 * GR_EPS);
            apart++;
        }
    }
    assert_true(apart > 100);
}

static void test_geom_prop_point_in_rect(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 5, 1);
    int n_in = 0;
    for (int i = 0; i < NCASES; i++) {
        gr_rect a = rand_rect(&g, 10);
        for (int k = 0; k < 10; k++) {
            gr_vec2 p = gr_v2(uni(&g, -5, 15), uni(&g, -5, 15));
            double d = gr_rect_point_dist(&a, p);
            bool in = gr_point_in_rect(&a, p);
            assert_true(in == (d <= GR_EPS));
            if (d == 0) assert_true(in);
            n_in += in;
            /* point distance agrees with the polygon routines */
            gr_vec2 c[4];
            gr_rect_corners(&a, c);
            assert_near(d, gr_point_poly_dist(c, 4, p), 1e-9);
            assert_true(in == gr_point_in_poly(c, 4, p));
            /* a point inside is FRONT; a point behind the rear line is REAR */
            if (in) assert_int_equal(gr_rect_arc_of(&a, p), GR_ARC_FRONT);
            if (gr_rect_ahead_of_front(&a, p) < -a.d - 1e-9)
                assert_int_equal(gr_rect_arc_of(&a, p), GR_ARC_REAR);
        }
        /* the centre and the corners are in */
        assert_true(gr_point_in_rect(&a, gr_rect_centre(&a)));
        for (int k = 0; k < 4; k++) assert_true(gr_point_in_rect(&a, gr_rect_corner(&a, k)));
    }
    assert_true(n_in > 100);
}

static void test_geom_prop_hull(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 6, 1);
    for (int i = 0; i < 200; i++) {
        gr_vec2 pts[24], out[24];
        int n = 3 + (int)gr_rng_below(&g, 22);
        for (int k = 0; k < n; k++) pts[k] = gr_v2(uni(&g, 0, 10), uni(&g, 0, 10));
        int h = gr_convex_hull(pts, n, out);
        assert_true(h >= 3 && h <= n);
        assert_true(gr_poly_area(out, h) > 0);
        for (int k = 0; k < n; k++) assert_true(gr_point_in_poly(out, h, pts[k]));
        /* strictly convex, counter-clockwise */
        for (int k = 0; k < h; k++) {
            gr_vec2 e0 = gr_v2_sub(out[(k + 1) % h], out[k]);
            gr_vec2 e1 = gr_v2_sub(out[(k + 2) % h], out[(k + 1) % h]);
            assert_true(gr_v2_cross(e0, e1) > 0);
        }
    }
}

/* gr_point_in_poly as the plain rule: on the boundary when within GR_EPS of an edge (the squared
 * distance by the projection onto the edge), else inside by the crossings of a ray to the right */
static double ref_seg_dist2(gr_vec2 p, gr_vec2 a, gr_vec2 b)
{
    gr_vec2 ab = gr_v2_sub(b, a), ap = gr_v2_sub(p, a);
    double l2 = gr_v2_dot(ab, ab);
    double t = l2 > 0.0 ? gr_v2_dot(ap, ab) / l2 : 0.0;
    gr_vec2 q = t <= 0.0 ? a : t >= 1.0 ? b : gr_v2_add(a, gr_v2_scale(ab, t));
    gr_vec2 dq = gr_v2_sub(p, q);
    return gr_v2_dot(dq, dq);
}

static bool ref_point_in_poly(const gr_vec2 *pts, int n, gr_vec2 p)
{
    bool inside = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        gr_vec2 a = pts[j], b = pts[i];
        if (ref_seg_dist2(p, a, b) <= GR_EPS * GR_EPS) return true;
        if ((b.y > p.y) != (a.y > p.y)) {
            double x = b.x + (a.x - b.x) * (p.y - b.y) / (a.y - b.y);
            if (p.x < x) inside = !inside;
        }
    }
    return inside;
}

/* gr_point_in_poly, which passes over the edges whose boxes lie far from the point, answers as the plain
 * rule does: random polygons (convex hulls and star-shaped ones, 3 to 12 corners) and points anywhere, on
 * corners, and across and along edges from 0.5e-6 to 3e-6 MU off them (GR_EPS is 1e-6) */
static void test_geom_prop_point_in_poly_as_the_plain_rule(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 10, 1);
    int on = 0, in = 0, out = 0;
    for (int i = 0; i < 4000; i++) {
        gr_vec2 pts[12];
        int n = 3 + (int)gr_rng_below(&g, 10);
        gr_vec2 c = gr_v2(uni(&g, 0, 50), uni(&g, 0, 50));
        for (int k = 0; k < n; k++) {
            double ang = 2 * GR_PI * (k + uni(&g, 0, 0.9)) / n, r = uni(&g, 0.5, 8);
            pts[k] = gr_v2(c.x + r * cos(ang), c.y + r * sin(ang));
        }
        for (int q = 0; q < 12; q++) {
            gr_vec2 p;
            int e = (int)gr_rng_below(&g, n);
            gr_vec2 a = pts[e], b = pts[(e + 1) % n], ab = gr_v2_sub(b, a);
            double len = gr_v2_len(ab), off = uni(&g, 0.5e-6, 3e-6) * (gr_rng_below(&g, 2) ? 1 : -1);
            gr_vec2 nrm = gr_v2(-ab.y / len, ab.x / len), dir = gr_v2(ab.x / len, ab.y / len);
            switch (q % 4) {
            case 0: p = gr_v2(c.x + uni(&g, -9, 9), c.y + uni(&g, -9, 9)); break;
            case 1: p = a; break;
            case 2: p = gr_v2_add(gr_v2_add(a, gr_v2_scale(ab, uni(&g, 0, 1))), gr_v2_scale(nrm, off)); break;
            default: p = gr_v2_add(gr_rng_below(&g, 2) ? a : b, gr_v2_scale(dir, off)); break;
            }
            bool want = ref_point_in_poly(pts, n, p);
            assert_true(gr_point_in_poly(pts, n, p) == want);
            if (ref_seg_dist2(p, a, b) <= GR_EPS * GR_EPS) on++;
            else if (want) in++;
            else out++;
        }
    }
    assert_true(on > 2000 && in > 2000 && out > 2000);
}

/* the hull holds every point (within GR_EPS), and turns left at every corner but for rounding */
static void assert_hull_of(const gr_vec2 *pts, int n, const gr_vec2 *out, int h)
{
    assert_true(h >= 3 && h <= n);
    for (int k = 0; k < n; k++) assert_true(gr_point_in_poly(out, h, pts[k]));
    for (int k = 0; k < h; k++) {
        gr_vec2 e0 = gr_v2_sub(out[(k + 1) % h], out[k]);
        gr_vec2 e1 = gr_v2_sub(out[(k + 2) % h], out[(k + 1) % h]);
        assert_true(gr_v2_cross(e0, e1) > -1e-9 * gr_v2_len(e0) * gr_v2_len(e1));
    }
}

/* The hull of a footprint swept straight along one of its axes: its two
 * sides run on the same lines at both ends, so each side's four corners are
 * collinear up to rounding, and a corner of the hull may be a point lying
 * on a straight edge. The hull holds all eight corners and has the swept
 * rectangle's area. Among the cases, the corners of a Lasalle cavalry
 * regiment charging 6.69 BW (a game of the brigade clash), where a wrap
 * that takes the collinear point behind it for the next corner draws a
 * hull of half the area, and the charge passes through a friend unseen. */
static void test_geom_prop_hull_of_a_straight_sweep(void **state)
{
    (void)state;
    const gr_vec2 charge[8] = {
        {0x1.2f9296f29ff0ep+4, 0x1.3b54cda58fbbfp+3}, {0x1.55e8390893a8p+4, 0x1.751b026290f81p+3},
        {0x1.62c0941e75ceep+4, 0x1.53036b119a876p+3}, {0x1.3c6af2088217cp+4, 0x1.193d3654994b4p+3},
        {0x1.de5e9145eec86p+3, 0x1.e638f98be76b1p+3}, {0x1.1584eab8eb1b5p+4, 0x1.0fff972474539p+4},
        {0x1.225d45cecd423p+4, 0x1.fde796f7f2367p+3}, {0x1.f80f4771b3162p+3, 0x1.c421623af0fa6p+3}};
    gr_vec2 out[8];
    int h = gr_convex_hull(charge, 8, out);
    assert_hull_of(charge, 8, out, h);
    /* 3 BW of frontage over 8.02 BW: the run and the footprint's depth */
    assert_true(fabs(gr_poly_area(out, h) - 3.0 * 8.0208463737) < 1e-6);
    gr_rng g;
    gr_rng_seed(&g, 9, 1);
    for (int i = 0; i < 20000; i++) {
        gr_rect a = rand_rect(&g, 40);
        double run = uni(&g, 0.001, 12);
        int side = (int)gr_rng_below(&g, 4);
        gr_rect b = gr_rect_advance(&a, side == 0 ? run : side == 1 ? -run : 0, side == 2 ? run : side == 3 ? -run : 0);
        gr_vec2 all[8];
        gr_rect_corners(&a, all);
        gr_rect_corners(&b, all + 4);
        h = gr_convex_hull(all, 8, out);
        assert_hull_of(all, 8, out, h);
        double want = side < 2 ? a.w * (a.d + run) : (a.w + run) * a.d;
        assert_true(fabs(gr_poly_area(out, h) - want) < 1e-9 * want);
    }
}

/* gr_polyline_poly_within(line, b, d) is gr_polyline_poly_dist(line, b) <= d,
 * bit for bit at the boundary: random roads (2 to 30 points across a 60 MU
 * table) against random hulls, d exactly the distance, a double either
 * side of it, well inside and outside, 0 and negative */
static void test_geom_prop_polyline_within(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 8, 1);
    int meet = 0, near = 0, far = 0;
    for (int i = 0; i < 3000; i++) {
        gr_vec2 line[30], pts[8], b[8];
        int nl = 2 + (int)gr_rng_below(&g, 29), np = 3 + (int)gr_rng_below(&g, 6);
        for (int k = 0; k < nl; k++) line[k] = gr_v2(uni(&g, 0, 60), uni(&g, 0, 60));
        double cx = uni(&g, 0, 60), cy = uni(&g, 0, 60);
        for (int k = 0; k < np; k++) pts[k] = gr_v2(cx + uni(&g, -2, 2), cy + uni(&g, -2, 2));
        int nb = gr_convex_hull(pts, np, b);
        double dist = gr_polyline_poly_dist(line, nl, b, nb);
        meet += dist == 0.0;
        near += dist > 0.0 && dist < 3.0;
        far += dist >= 3.0;
        const double ds[] = {dist, nextafter(dist, INFINITY), nextafter(dist, -INFINITY), dist + 1.0, dist * 0.5,
                             0.0, -1.0, 1.5, 4.0};
        for (int q = 0; q < (int)(sizeof ds / sizeof ds[0]); q++)
            assert_int_equal(gr_polyline_poly_within(line, nl, b, nb, ds[q]), dist <= ds[q]);
        /* a single point as the line */
        double pd = gr_polyline_poly_dist(line, 1, b, nb);
        assert_int_equal(gr_polyline_poly_within(line, 1, b, nb, pd), 1);
        assert_int_equal(gr_polyline_poly_within(line, 1, b, nb, nextafter(pd, -INFINITY)), 0);
    }
    assert_true(meet > 100 && near > 100 && far > 100);
}

/* the plain least of every vertex-to-edge distance, both ways: gr_poly_dist's
 * number when the polygons do not meet (the root of the least square is the
 * least of the roots, a correctly rounded sqrt never decreasing) */
static double poly_dist_every_pair(const gr_vec2 *a, int na, const gr_vec2 *b, int nb)
{
    double best = INFINITY;
    for (int pass = 0; pass < 2; pass++) {
        const gr_vec2 *p = pass ? b : a, *q = pass ? a : b;
        int np = pass ? nb : na, nq = pass ? na : nb;
        for (int i = 0; i < np; i++)
            for (int k = 0, l = nq - 1; k < nq; l = k++) {
                double d = gr_point_seg_dist(p[i], q[l], q[k]);
                if (d < best) best = d;
            }
    }
    return best;
}

/* gr_poly_dist passes over vertices far outside the other's box: the least
 * distance is still the very number every pair gives, near and far apart,
 * and touching at a corner */
static void test_geom_prop_poly_dist_every_pair(void **state)
{
    (void)state;
    gr_rng g;
    gr_rng_seed(&g, 7, 1);
    int apart = 0;
    for (int i = 0; i < 2000; i++) {
        gr_vec2 pa[12], pb[12], a[12], b[12];
        int n = 3 + (int)gr_rng_below(&g, 9), m = 3 + (int)gr_rng_below(&g, 9);
        double off = uni(&g, 0, i % 2 ? 3 : 40);
        for (int k = 0; k < n; k++) pa[k] = gr_v2(uni(&g, 0, 5), uni(&g, 0, 5));
        for (int k = 0; k < m; k++) pb[k] = gr_v2(uni(&g, 0, 5) + off, uni(&g, 0, 5) + off / 2);
        int na = gr_convex_hull(pa, n, a), nb = gr_convex_hull(pb, m, b);
        double d = gr_poly_dist(a, na, b, nb);
        if (gr_poly_intersect(a, na, b, nb)) {
            assert_true(d == 0.0);
            continue;
        }
        apart++;
        /* the same number, bit for bit */
        assert_true(d == poly_dist_every_pair(a, na, b, nb));
    }
    assert_true(apart > 1000);
    /* the bound gr_poly_dist passes vertices over with: inside 0, beside a side, off a corner */
    const double box[4] = {1, 2, 4, 6};
    assert_true(gr_point_box_dist(box, gr_v2(2, 3)) == 0.0);
    assert_true(gr_point_box_dist(box, gr_v2(2, 9)) == 3.0);
    assert_true(gr_point_box_dist(box, gr_v2(7, -2)) == 5.0);
    /* two squares meeting corner to corner */
    gr_vec2 s1[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, s2[4] = {{2, 2}, {3, 2}, {3, 3}, {2, 3}};
    assert_true(fabs(gr_poly_dist(s1, 4, s2, 4) - sqrt(2.0)) < 1e-15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geom_vectors),
        cmocka_unit_test(test_geom_heading_constants),
        cmocka_unit_test(test_geom_min_max_as_library),
        cmocka_unit_test(test_geom_segments),
        cmocka_unit_test(test_geom_rect_corners_order),
        cmocka_unit_test(test_geom_rect_wheel_pivot),
        cmocka_unit_test(test_geom_rect_advance_slide),
        cmocka_unit_test(test_geom_rect_dist_axis),
        cmocka_unit_test(test_geom_rect_dist_rotated),
        cmocka_unit_test(test_geom_rect_touch_vs_overlap),
        cmocka_unit_test(test_geom_rect_point),
        cmocka_unit_test(test_geom_rect_arcs),
        cmocka_unit_test(test_geom_front_corridor),
        cmocka_unit_test(test_geom_point_in_concave_poly),
        cmocka_unit_test(test_geom_seg_poly),
        cmocka_unit_test(test_geom_poly_intersect_contains),
        cmocka_unit_test(test_geom_hull),
        cmocka_unit_test(test_geom_area_centroid),
        cmocka_unit_test(test_geom_prop_rect_dist_symmetric),
        cmocka_unit_test(test_geom_prop_rect_dist_invariant),
        cmocka_unit_test(test_geom_prop_rect_overlap_consistent),
        cmocka_unit_test(test_geom_prop_rect_within),
        cmocka_unit_test(test_geom_prop_wheel),
        cmocka_unit_test(test_geom_prop_axis_gap),
        cmocka_unit_test(test_geom_prop_overlap_is_the_least_axis_overlap),
        cmocka_unit_test(test_geom_points_apart_along),
        cmocka_unit_test(test_geom_prop_point_in_rect),
        cmocka_unit_test(test_geom_prop_hull),
        cmocka_unit_test(test_geom_prop_hull_of_a_straight_sweep),
        cmocka_unit_test(test_geom_prop_point_in_poly_as_the_plain_rule),
        cmocka_unit_test(test_geom_prop_poly_dist_every_pair),
        cmocka_unit_test(test_geom_prop_polyline_within),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
