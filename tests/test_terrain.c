/* test_terrain.c - checks the terrain queries on a small table: a square
 * wood, an L-shaped (concave) village, a road of width 1 and a diagonal
 * stream, plus the refusals of gr_terrain_add. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "../engine/core/terrain.h"

#define TOL 1e-9

enum { WOOD = 0, VILLAGE = 1, ROAD = 2, STREAM = 3 };

static gr_terrain_piece polygon(const char *name, gr_terrain_type type, const gr_vec2 *pts, int n)
{
    gr_terrain_piece p;
    memset(&p, 0, sizeof p);
    strncpy(p.name, name, GR_TERRAIN_NAME - 1);
    p.type = (unsigned char)type;
    p.shape = GR_SHAPE_POLYGON;
    p.npts = n;
    for (int i = 0; i < n; i++) p.pts[i] = pts[i];
    return p;
}

static gr_terrain_piece polyline(const char *name, gr_terrain_type type, double width,
                                 const gr_vec2 *pts, int n)
{
    gr_terrain_piece p = polygon(name, type, pts, n);
    p.shape = GR_SHAPE_POLYLINE;
    p.width = width;
    return p;
}

/* wood [10,20]x[10,20]; village L in [30,40]x[0,10] with the notch x>35,y>5;
 * road along y = 25 from x = 0 to 50, width 1; stream from (50,0) to (60,10) */
static void make_table(gr_terrain *t)
{
    static const gr_vec2 wood[4] = {{10, 10}, {20, 10}, {20, 20}, {10, 20}};
    static const gr_vec2 village[6] = {{30, 0}, {40, 0}, {40, 5}, {35, 5}, {35, 10}, {30, 10}};
    static const gr_vec2 road[3] = {{0, 25}, {25, 25}, {50, 25}};
    static const gr_vec2 stream[2] = {{50, 0}, {60, 10}};
    memset(t, 0, sizeof *t);
    t->table_w = 72;
    t->table_h = 48;
    gr_terrain_piece p = polygon("Bois", GR_T_DENSE_WOOD, wood, 4);
    assert_int_equal(gr_terrain_add(t, &p), WOOD);
    p = polygon("Village", GR_T_BUILDING, village, 6);
    assert_int_equal(gr_terrain_add(t, &p), VILLAGE);
    p = polyline("Road", GR_T_ROAD, 1.0, road, 3);
    assert_int_equal(gr_terrain_add(t, &p), ROAD);
    p = polyline("Stream", GR_T_STREAM, 0.5, stream, 2);
    p.grade = GR_WATER_ANKLE;
    assert_int_equal(gr_terrain_add(t, &p), STREAM);
    assert_int_equal(t->n, 4);
}

/* axis-aligned rectangle [x0,x1]x[y0,y1] facing north */
static gr_rect box(double x0, double y0, double x1, double y1)
{
    return gr_rect_make(gr_v2(0.5 * (x0 + x1), y1), GR_PI / 2, x1 - x0, y1 - y0);
}

static void test_terrain_add_refusals(void **state)
{
    (void)state;
    static gr_terrain t; /* large: keep it off the stack */
    memset(&t, 0, sizeof t);
    gr_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    gr_terrain_piece p = polygon("two", GR_T_MARSH, tri, 2);
    assert_int_equal(gr_terrain_add(&t, &p), -1); /* polygon with 2 points */
    p = polyline("one", GR_T_ROAD, 1, tri, 1);
    assert_int_equal(gr_terrain_add(&t, &p), -1); /* polyline with 1 point */
    p = polyline("two", GR_T_ROAD, 1, tri, 2);
    assert_int_equal(gr_terrain_add(&t, &p), 0);  /* but 2 is fine */
    p = polygon("many", GR_T_MARSH, tri, 3);
    p.npts = GR_TERRAIN_MAX_PTS + 1;
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    p.npts = 0;
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    p.npts = -3;
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    p = polygon("bad type", GR_T_MARSH, tri, 3);
    p.type = GR_T_COUNT;
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    p.type = GR_T_MARSH;
    p.shape = 2;
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    p = polyline("neg width", GR_T_RIVER, -1, tri, 2);
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    p = polygon("nan", GR_T_MARSH, tri, 3);
    p.pts[1].x = NAN;
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    assert_int_equal(gr_terrain_add(NULL, &p), -1);
    assert_int_equal(gr_terrain_add(&t, NULL), -1);
    assert_int_equal(t.n, 1);
    /* fill the table, then one more is refused */
    p = polygon("ok", GR_T_MARSH, tri, 3);
    for (int i = 1; i < GR_TERRAIN_MAX; i++) assert_int_equal(gr_terrain_add(&t, &p), i);
    assert_int_equal(gr_terrain_add(&t, &p), -1);
    assert_int_equal(t.n, GR_TERRAIN_MAX);
    /* a name without its terminator is cut, not overrun */
    static gr_terrain t2;
    memset(&t2, 0, sizeof t2);
    memset(p.name, 'x', sizeof p.name);
    assert_int_equal(gr_terrain_add(&t2, &p), 0);
    assert_int_equal((int)strlen(t2.p[0].name), GR_TERRAIN_NAME - 1);
}

/* A piece filled in place has no box until gr_terrain_piece_set_box; the
 * queries answer the same with and without it */
static void test_terrain_piece_box(void **state)
{
    (void)state;
    gr_vec2 quad[4] = {{2, 1}, {6, 2}, {5, 7}, {1, 5}};
    gr_terrain_piece p = polygon("quad", GR_T_MARSH, quad, 4);
    p.has_box = 0;
    gr_terrain_piece q = p;
    gr_terrain_piece_set_box(&q);
    assert_int_equal(q.has_box, 1);
    assert_true(q.box[0] == 1 && q.box[1] == 1 && q.box[2] == 6 && q.box[3] == 7);
    for (int i = 0; i < 40; i++) {
        gr_rect r = gr_rect_make(gr_v2(-1 + 0.25 * i, 0.2 * i), 0.1 * i, 1.5, 0.8);
        assert_int_equal(gr_terrain_piece_touches_rect(&p, &r), gr_terrain_piece_touches_rect(&q, &r));
        double box[4] = {-1 + 0.25 * i, -1 + 0.2 * i, 0.25 * i, 0.2 * i};
        assert_int_equal(gr_terrain_piece_near_box(&p, box), gr_terrain_piece_near_box(&q, box));
    }
    /* points moved: the box follows when asked again */
    for (int i = 0; i < q.npts; i++) q.pts[i].x += 10;
    gr_terrain_piece_set_box(&q);
    assert_true(q.box[0] == 11 && q.box[2] == 16);
}

static void test_terrain_under_rect(void **state)
{
    (void)state;
    static gr_terrain t;
    make_table(&t);
    int out[GR_TERRAIN_MAX];
    gr_rect r = box(12, 12, 16, 14); /* inside the wood */
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 1);
    assert_int_equal(out[0], WOOD);
    r = box(18, 19, 22, 24.6); /* wood corner and the road's edge band */
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 2);
    assert_int_equal(out[0], WOOD);
    assert_int_equal(out[1], ROAD);
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, 1), 1); /* bounded by max */
    r = box(20, 21, 24, 24.4); /* 0.6 from the centre line: clear of the road */
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 0);
    r = box(20, 21, 24, 24.5); /* exactly at the road's edge: touching */
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 1);
    r = box(20, 10, 24, 12); /* flush against the wood's east edge: touching */
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 1);
    assert_int_equal(out[0], WOOD);
    r = box(36, 6, 39, 9); /* in the village's notch */
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 0);
    assert_false(gr_terrain_piece_touches_rect(&t.p[VILLAGE], &r));
    r = box(36, 4, 39, 9); /* reaches down into the village's arm */
    assert_true(gr_terrain_piece_touches_rect(&t.p[VILLAGE], &r));
    /* a rotated unit straddling the stream */
    r = gr_rect_make(gr_v2(56, 4), GR_PI / 4, 3, 1);
    assert_true(gr_terrain_piece_touches_rect(&t.p[STREAM], &r));
    assert_int_equal(gr_terrain_under_rect(&t, &r, out, GR_TERRAIN_MAX), 1);
    assert_int_equal(out[0], STREAM);
    /* a rectangle larger than the wood, around it */
    r = box(5, 5, 25, 22);
    assert_true(gr_terrain_piece_touches_rect(&t.p[WOOD], &r));
}

static void test_terrain_under_poly(void **state)
{
    (void)state;
    static gr_terrain t;
    make_table(&t);
    int out[GR_TERRAIN_MAX];
    /* a swept hull from south of the wood to across the road */
    gr_vec2 hull[4] = {{15, 5}, {17, 5}, {17, 30}, {15, 30}};
    assert_int_equal(gr_terrain_under_poly(&t, hull, 4, out, GR_TERRAIN_MAX), 2);
    assert_int_equal(out[0], WOOD);
    assert_int_equal(out[1], ROAD);
    /* a triangle pointing into the village notch without touching it */
    gr_vec2 tri[3] = {{45, 12}, {36, 6}, {45, 6}};
    assert_int_equal(gr_terrain_under_poly(&t, tri, 3, out, GR_TERRAIN_MAX), 0);
    gr_vec2 tri2[3] = {{45, 12}, {34, 6}, {45, 6}}; /* now its tip enters the arm */
    assert_int_equal(gr_terrain_under_poly(&t, tri2, 3, out, GR_TERRAIN_MAX), 1);
    assert_int_equal(out[0], VILLAGE);
    assert_true(gr_terrain_piece_touches_poly(&t.p[VILLAGE], tri2, 3));
    assert_false(gr_terrain_piece_touches_poly(&t.p[ROAD], tri2, 3));
    assert_int_equal(gr_terrain_under_poly(&t, tri2, 0, out, GR_TERRAIN_MAX), 0);
}

static void test_terrain_on_segment(void **state)
{
    (void)state;
    static gr_terrain t;
    make_table(&t);
    int out[GR_TERRAIN_MAX];
    /* line of sight from south of the wood, across it and the road */
    assert_int_equal(gr_terrain_on_segment(&t, gr_v2(15, 0), gr_v2(15, 40), out, GR_TERRAIN_MAX), 2);
    assert_int_equal(out[0], WOOD);
    assert_int_equal(out[1], ROAD);
    /* stopping short of the road's band */
    assert_int_equal(gr_terrain_on_segment(&t, gr_v2(15, 0), gr_v2(15, 24.4), out, GR_TERRAIN_MAX), 1);
    /* reaching into the band counts */
    assert_int_equal(gr_terrain_on_segment(&t, gr_v2(15, 0), gr_v2(15, 24.6), out, GR_TERRAIN_MAX), 2);
    /* across the village's notch only */
    assert_int_equal(gr_terrain_on_segment(&t, gr_v2(36, 9), gr_v2(45, 6), out, GR_TERRAIN_MAX), 0);
    assert_false(gr_terrain_piece_crosses_seg(&t.p[VILLAGE], gr_v2(36, 9), gr_v2(45, 6)));
    /* from arm to arm across the notch */
    assert_true(gr_terrain_piece_crosses_seg(&t.p[VILLAGE], gr_v2(32, 9), gr_v2(38, 3)));
    /* wholly inside the wood */
    assert_true(gr_terrain_piece_crosses_seg(&t.p[WOOD], gr_v2(12, 12), gr_v2(13, 13)));
    /* parallel to the stream, 0.2 from its centre line (half width 0.25) */
    gr_vec2 off = gr_v2_scale(gr_v2_norm(gr_v2(1, -1)), 0.2);
    assert_true(gr_terrain_piece_crosses_seg(&t.p[STREAM], gr_v2_add(gr_v2(52, 2), off),
                                             gr_v2_add(gr_v2(55, 5), off)));
    off = gr_v2_scale(off, 1.5); /* 0.3 away */
    assert_false(gr_terrain_piece_crosses_seg(&t.p[STREAM], gr_v2_add(gr_v2(52, 2), off),
                                              gr_v2_add(gr_v2(55, 5), off)));
}

static void test_terrain_contains_rect(void **state)
{
    (void)state;
    static gr_terrain t;
    make_table(&t);
    const gr_terrain_piece *wood = &t.p[WOOD], *vil = &t.p[VILLAGE];
    gr_rect r = box(12, 12, 16, 14);
    assert_true(gr_terrain_piece_contains_rect(wood, &r));
    r = box(10, 10, 20, 20); /* the wood itself: boundary counts */
    assert_true(gr_terrain_piece_contains_rect(wood, &r));
    r = box(18, 12, 21, 14); /* sticks out east */
    assert_false(gr_terrain_piece_contains_rect(wood, &r));
    r = gr_rect_make(gr_v2(15, 16), 0.6, 3, 2); /* rotated, well inside */
    assert_true(gr_terrain_piece_contains_rect(wood, &r));
    /* concave village */
    r = box(31, 1, 39, 4); /* in the lower arm */
    assert_true(gr_terrain_piece_contains_rect(vil, &r));
    r = box(31, 1, 34, 9); /* in the left arm */
    assert_true(gr_terrain_piece_contains_rect(vil, &r));
    r = box(36, 6, 39, 9); /* in the notch */
    assert_false(gr_terrain_piece_contains_rect(vil, &r));
    r = box(33, 3, 38, 8); /* covers the reflex corner */
    assert_false(gr_terrain_piece_contains_rect(vil, &r));
    r = box(35, 5, 40, 10); /* exactly the notch: corners on the boundary */
    assert_false(gr_terrain_piece_contains_rect(vil, &r));
    /* a diamond with all four corners in the village, its middle in the notch */
    r = gr_rect_make(gr_v2(35.75, 5.75), GR_PI / 4, 1.5 * sqrt(2), 1.5 * sqrt(2));
    gr_vec2 c[4];
    gr_rect_corners(&r, c);
    for (int i = 0; i < 4; i++) assert_true(gr_point_in_poly(vil->pts, vil->npts, c[i]));
    assert_false(gr_terrain_piece_contains_rect(vil, &r));
    /* polylines never contain */
    r = box(10, 24.9, 11, 25.1);
    assert_false(gr_terrain_piece_contains_rect(&t.p[ROAD], &r));
}

static void test_terrain_near_line(void **state)
{
    (void)state;
    static gr_terrain t;
    make_table(&t);
    assert_int_equal(gr_terrain_near_line(&t, GR_T_ROAD, gr_v2(10, 25.3), 0.5), ROAD);
    assert_int_equal(gr_terrain_near_line(&t, GR_T_ROAD, gr_v2(10, 25.3), 0.2), -1);
    assert_int_equal(gr_terrain_near_line(&t, GR_T_ROAD, gr_v2(50.3, 25), 0.5), ROAD); /* end */
    assert_int_equal(gr_terrain_near_line(&t, GR_T_RIVER, gr_v2(10, 25), 0.5), -1);
    assert_int_equal(gr_terrain_near_line(&t, GR_T_STREAM, gr_v2(55, 5), 0.1), STREAM);
    /* polygons have no centre line */
    assert_int_equal(gr_terrain_near_line(&t, GR_T_DENSE_WOOD, gr_v2(15, 15), 10), -1);
    /* the nearest of two roads wins */
    static const gr_vec2 road2[2] = {{0, 26}, {50, 26}};
    gr_terrain_piece p = polyline("Road 2", GR_T_ROAD, 1.0, road2, 2);
    assert_int_equal(gr_terrain_add(&t, &p), 4);
    assert_int_equal(gr_terrain_near_line(&t, GR_T_ROAD, gr_v2(10, 25.7), 1), 4);
    assert_int_equal(gr_terrain_near_line(&t, GR_T_ROAD, gr_v2(10, 25.3), 1), ROAD);
}

static void test_terrain_point_dist(void **state)
{
    (void)state;
    static gr_terrain t;
    make_table(&t);
    assert_true(fabs(gr_terrain_piece_point_dist(&t.p[WOOD], gr_v2(15, 15))) <= 0);
    assert_true(fabs(gr_terrain_piece_point_dist(&t.p[WOOD], gr_v2(23, 24)) - 5) < TOL);
    assert_true(fabs(gr_terrain_piece_point_dist(&t.p[VILLAGE], gr_v2(37, 8)) - 2) < TOL);
    assert_true(fabs(gr_terrain_piece_point_dist(&t.p[ROAD], gr_v2(10, 28)) - 2.5) < TOL);
    assert_true(fabs(gr_terrain_piece_point_dist(&t.p[ROAD], gr_v2(10, 25.2))) <= 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terrain_add_refusals),
        cmocka_unit_test(test_terrain_piece_box),
        cmocka_unit_test(test_terrain_under_rect),
        cmocka_unit_test(test_terrain_under_poly),
        cmocka_unit_test(test_terrain_on_segment),
        cmocka_unit_test(test_terrain_contains_rect),
        cmocka_unit_test(test_terrain_near_line),
        cmocka_unit_test(test_terrain_point_dist),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
