/* test_hex.c - the core hex map (engine/core/hex.h): neighbours that are
 * one board unit apart and undo each other, distances that agree with a
 * walk over neighbours, lines between centres, centres and the hex under a
 * point, and loading maps from JSON with their refusals naming the path. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/hex.h"

static const char *const terrain_names[] = {"clear", "woods", "town", "water"};
static const char *const feature_names[] = {"river", "road", "bridge"};
static const gr_hex_kinds kinds = {terrain_names, 4, feature_names, 3};

static gr_hexmap *load_text(const char *text, gr_error *err)
{
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    assert_non_null(j);
    gr_error_clear(err);
    gr_hexmap *m = gr_hex_load(j, "$.map", &kinds, err);
    json_decref(j);
    return m;
}

static void test_hex_neighbours(void **state)
{
    (void)state;
    for (int c = -3; c < 9; c++)
        for (int r = -3; r < 9; r++) {
            double x, y;
            gr_hex_centre(c, r, &x, &y);
            for (int d = 0; d < GR_HEX_DIRS; d++) {
                gr_hex n = gr_hex_step(c, r, d);
                double nx, ny;
                gr_hex_centre(n.col, n.row, &nx, &ny);
                assert_true(fabs(hypot(nx - x, ny - y) - 1.0) < 1e-9);
                assert_int_equal(gr_hex_distance(c, r, n.col, n.row), 1);
                assert_int_equal(gr_hex_dir_to(c, r, n.col, n.row), d);
                gr_hex back = gr_hex_step(n.col, n.row, gr_hex_dir_opposite(d));
                assert_int_equal(back.col, c);
                assert_int_equal(back.row, r);
            }
            assert_int_equal(gr_hex_dir_to(c, r, c, r + 2), -1);
        }
    /* the stated convention: odd columns sit half a hex north */
    gr_hex ne0 = gr_hex_step(2, 4, GR_HEX_NE), ne1 = gr_hex_step(3, 4, GR_HEX_NE);
    assert_int_equal(ne0.col, 3);
    assert_int_equal(ne0.row, 4);
    assert_int_equal(ne1.col, 4);
    assert_int_equal(ne1.row, 5);
    gr_hex n = gr_hex_step(2, 4, GR_HEX_N);
    assert_int_equal(n.row, 5);
    assert_string_equal(gr_hex_dir_name(GR_HEX_SW), "SW");
    assert_int_equal(gr_hex_dir_parse("NW"), GR_HEX_NW);
    assert_int_equal(gr_hex_dir_parse("W"), -1);
}

/* distances agree with a breadth-first walk over neighbours (on a grid with
 * a wide margin, so no walk has to go round an edge) */
static void test_hex_distance_walk(void **state)
{
    (void)state;
    enum { C = 11, R = 9, M = 10, W = C + 2 * M, H = R + 2 * M };
    static int dist[W][H];
    static gr_hex queue[W * H];
    for (int sc = 0; sc < C; sc += 3)
        for (int sr = 0; sr < R; sr += 2) {
            for (int c = 0; c < W; c++)
                for (int r = 0; r < H; r++) dist[c][r] = -1;
            int head = 0, tail = 0;
            dist[sc + M][sr + M] = 0;
            queue[tail++] = (gr_hex){sc, sr};
            while (head < tail) {
                gr_hex h = queue[head++];
                for (int d = 0; d < GR_HEX_DIRS; d++) {
                    gr_hex n = gr_hex_step(h.col, h.row, d);
                    if (n.col < -M || n.row < -M || n.col >= C + M || n.row >= R + M) continue;
                    if (dist[n.col + M][n.row + M] >= 0) continue;
                    dist[n.col + M][n.row + M] = dist[h.col + M][h.row + M] + 1;
                    queue[tail++] = n;
                }
            }
            for (int c = 0; c < C; c++)
                for (int r = 0; r < R; r++) {
                    assert_int_equal(gr_hex_distance(sc, sr, c, r), dist[c + M][r + M]);
                    assert_int_equal(gr_hex_distance(c, r, sc, sr), dist[c + M][r + M]);
                }
        }
    assert_int_equal(gr_hex_distance(0, 0, 4, 0), 4);
    assert_int_equal(gr_hex_distance(0, 0, 0, 5), 5);
    assert_int_equal(gr_hex_distance(0, 0, 4, 2), 4);
    assert_int_equal(gr_hex_distance(0, 0, 4, 3), 5);
}

static void test_hex_centre_and_point(void **state)
{
    (void)state;
    double x, y;
    gr_hex_centre(0, 0, &x, &y);
    assert_true(fabs(x - GR_HEX_SIDE) < 1e-12);
    assert_true(fabs(y - 0.5) < 1e-12);
    gr_hex_centre(1, 0, &x, &y);
    assert_true(fabs(x - 2.5 * GR_HEX_SIDE) < 1e-12);
    assert_true(fabs(y - 1.0) < 1e-12);
    for (int c = 0; c < 10; c++)
        for (int r = 0; r < 10; r++) {
            gr_hex_centre(c, r, &x, &y);
            gr_hex h = gr_hex_at_point(x + 0.3, y - 0.2);
            assert_int_equal(h.col, c);
            assert_int_equal(h.row, r);
        }
}

static void test_hex_line(void **state)
{
    (void)state;
    gr_hex out[32];
    /* straight up a column */
    assert_int_equal(gr_hex_line(3, 1, 3, 5, out, 32), 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(out[i].col, 3);
        assert_int_equal(out[i].row, 1 + i);
    }
    /* any line: distance + 1 hexes, each next to the one before, the same both ways round in length */
    for (int c = 0; c < 9; c++)
        for (int r = 0; r < 9; r++) {
            int n = gr_hex_line(4, 4, c, r, out, 32);
            assert_int_equal(n, gr_hex_distance(4, 4, c, r) + 1);
            assert_int_equal(out[0].col, 4);
            assert_int_equal(out[0].row, 4);
            assert_int_equal(out[n - 1].col, c);
            assert_int_equal(out[n - 1].row, r);
            for (int i = 1; i < n; i++)
                assert_int_equal(gr_hex_distance(out[i - 1].col, out[i - 1].row, out[i].col, out[i].row), 1);
        }
    /* along the NE direction from an even column */
    assert_int_equal(gr_hex_line(0, 0, 3, 1, out, 32), 4);
    assert_int_equal(out[1].col, 1);
    assert_int_equal(out[1].row, 0);
    assert_int_equal(out[2].col, 2);
    assert_int_equal(out[2].row, 1);
    /* a short buffer is filled as far as it goes */
    assert_int_equal(gr_hex_line(0, 0, 0, 9, out, 3), 10);
    assert_int_equal(out[2].row, 2);
}

static void test_hex_load(void **state)
{
    (void)state;
    gr_error err;
    gr_hexmap *m =
        load_text("{\"cols\": 4, \"rows\": 3, \"default\": \"clear\","
                  " \"legend\": {\".\": \"clear\", \"w\": \"woods\", \"~\": \"water\"},"
                  " \"grid\": [\"w...\", \"..~.\", \"...w\"],"
                  " \"hexes\": [{\"hex\": [1, 1], \"terrain\": \"town\"}],"
                  " \"sides\": [{\"hex\": [1, 0], \"sides\": [\"N\", \"NE\"], \"features\": [\"river\"]},"
                  "           {\"hex\": [1, 0], \"sides\": [\"NE\"], \"features\": [\"road\", \"bridge\"]}]}",
                  &err);
    assert_non_null(m);
    assert_int_equal(m->cols, 4);
    assert_int_equal(m->rows, 3);
    /* the grid lists the north row first */
    assert_string_equal(gr_hex_terrain_name(m, gr_hex_terrain(m, 0, 2)), "woods");
    assert_string_equal(gr_hex_terrain_name(m, gr_hex_terrain(m, 2, 1)), "water");
    assert_string_equal(gr_hex_terrain_name(m, gr_hex_terrain(m, 3, 0)), "woods");
    assert_string_equal(gr_hex_terrain_name(m, gr_hex_terrain(m, 1, 1)), "town");
    assert_string_equal(gr_hex_terrain_name(m, gr_hex_terrain(m, 0, 0)), "clear");
    /* a side reads the same from both hexes */
    assert_int_equal(gr_hex_side(m, 1, 0, GR_HEX_N), 1u);
    assert_int_equal(gr_hex_side(m, 1, 1, GR_HEX_S), 1u);
    gr_hex ne;
    assert_true(gr_hex_neighbour(m, 1, 0, GR_HEX_NE, &ne));
    assert_int_equal(ne.col, 2);
    assert_int_equal(ne.row, 1);
    assert_int_equal(gr_hex_side(m, 1, 0, GR_HEX_NE), 7u);
    assert_int_equal(gr_hex_side(m, 2, 1, GR_HEX_SW), 7u);
    assert_int_equal(gr_hex_side(m, 1, 0, GR_HEX_SE), 0u);
    assert_false(gr_hex_neighbour(m, 0, 0, GR_HEX_SW, &ne));
    assert_true(gr_hex_on_map(m, 3, 2));
    assert_false(gr_hex_on_map(m, 4, 0));
    gr_hex h = gr_hex_of_index(m, gr_hex_index(m, 3, 2));
    assert_int_equal(h.col, 3);
    assert_int_equal(h.row, 2);
    double w, hh;
    gr_hex_board_size(m, &w, &hh);
    assert_true(fabs(w - GR_HEX_SIDE * 6.5) < 1e-12);
    assert_true(fabs(hh - 3.5) < 1e-12);
    gr_hex_free(m);
}

static void expect_refused(const char *text, const char *msg)
{
    gr_error err;
    gr_hexmap *m = load_text(text, &err);
    assert_null(m);
    if (!strstr(err.msg, msg)) fail_msg("expected \"%s\" in \"%s\"", msg, err.msg);
}

static void test_hex_load_refusals(void **state)
{
    (void)state;
    expect_refused("[]", "$.map: expected the map, an object");
    expect_refused("{\"rows\": 3}", "$.map.cols: missing (expected the number of columns, 1 to 64)");
    expect_refused("{\"cols\": 80, \"rows\": 3}", "$.map.cols: 80 columns is more than a map may have (at most 64)");
    expect_refused("{\"cols\": 4, \"rows\": 0}",
                   "$.map.rows: expected the number of rows, a whole number from 1 to 64");
    expect_refused("{\"cols\": 4, \"rows\": 3, \"colour\": 1}", "colour");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"default\": \"jungle\"}",
                   "$.map.default: expected a terrain (clear, woods, town, water)");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"legend\": {\".\": \"clear\"}, \"grid\": [\"..\"]}",
                   "$.map.grid: expected 2 strings, one per row, the north row first");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"legend\": {\".\": \"clear\"}, \"grid\": [\"..\", \"...\"]}",
                   "$.map.grid[1]: expected a string of 2 keys, one per column (row 0)");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"legend\": {\".\": \"clear\"}, \"grid\": [\"..\", \".x\"]}",
                   "$.map.grid[1][1]: 'x' (hex 1 0) is not a key of the legend");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"legend\": {\"ww\": \"woods\"}, \"grid\": [\"..\", \"..\"]}",
                   "$.map.legend.ww: a legend key is one printable character");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"grid\": [\"..\", \"..\"]}", "$.map.legend: expected an object");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"hexes\": [{\"hex\": [2, 0], \"terrain\": \"town\"}]}",
                   "$.map.hexes[0].hex: hex 2 0 is off the map (columns 0..1, rows 0..1)");
    expect_refused("{\"cols\": 2, \"rows\": 2, \"hexes\": [{\"hex\": [1], \"terrain\": \"town\"}]}",
                   "$.map.hexes[0].hex: expected a hex as [col, row], two whole numbers");
    expect_refused(
        "{\"cols\": 2, \"rows\": 2, \"sides\": [{\"hex\": [0, 0], \"sides\": [\"S\"], \"features\": [\"river\"]}]}",
        "$.map.sides[0].sides[0]: the S side of hex 0 0 is the map's edge");
    expect_refused(
        "{\"cols\": 2, \"rows\": 2, \"sides\": [{\"hex\": [0, 0], \"sides\": [\"W\"], \"features\": [\"river\"]}]}",
        "$.map.sides[0].sides[0]: expected a direction (N, NE, SE, S, SW, NW)");
    expect_refused(
        "{\"cols\": 2, \"rows\": 2, \"sides\": [{\"hex\": [0, 0], \"sides\": [\"N\"], \"features\": [\"wall\"]}]}",
        "$.map.sides[0].features[0]: expected a hexside feature (river, road, bridge)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_neighbours),
        cmocka_unit_test(test_hex_distance_walk),
        cmocka_unit_test(test_hex_centre_and_point),
        cmocka_unit_test(test_hex_line),
        cmocka_unit_test(test_hex_load),
        cmocka_unit_test(test_hex_load_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
