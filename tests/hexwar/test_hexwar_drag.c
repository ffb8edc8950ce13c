/* test_hexwar_drag.c - the order a counter dragged on the map asks for
 * (present->drag_order, hexwar_drag_order in engine/hexwar/notation.c): a
 * move to the hex where it is dropped, an attack when an enemy stands
 * there.
 *
 * The ground: 7 x 7 clear hexes. Blue's c0 stands at 3 2 (an odd column,
 * half a hex higher than the even ones) and c1 at 4 4 (an even column); a
 * drag by the offset between two hex centres (board units: adjacent centres
 * 1 apart, columns 1.5 / sqrt(3) apart, docs in engine/core/hex.h) names the
 * neighbour in each of the six directions, written out here by hand, and
 * a drag of less than half the way stays in the hex. Moves and an attack
 * named so are then carried out by the rules (the attack on a scripted
 * d10). Last, what it refuses: references that name no counter on the map,
 * a drop off the map (no hex of the notation), and a drag by no number. */
#include "hexwar_fixture.h"

#include <math.h>

#include "../../engine/core/hex.h"
#include "../../engine/core/ruleset.h"

#define CTR(name, side, full, red, c, r)                                                                          \
    "{\"name\": \"" name "\", \"side\": " #side ", \"arm\": \"infantry\", \"full\": \"" full "\", \"reduced\": \"" red \
    "\", \"hex\": [" #c ", " #r "]}"
#define PLAIN "{\"cols\": 7, \"rows\": 7}"
/* Blue c0 at 3 2 and c1 at 4 4; Red c2 and c3 far off (no zone of control near) */
#define MOVERS                                                                                                     \
    "[" CTR("Blue odd", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Blue even", 0, "4-4-4", "2-2-4", 4, 4) "," CTR(         \
        "Red far", 1, "4-4-4", "2-2-4", 0, 6) "," CTR("Red farther", 1, "4-4-4", "2-2-4", 6, 6) "]"

/* the six directions clockwise from north, as gr_hex_dir */
static const char *const dir_names[GR_HEX_DIRS] = {"N", "NE", "SE", "S", "SW", "NW"};

/* the drag through the ruleset's table (as the web server calls it); 0 or -1 */
static int drag(hw_fix *f, const char *ref, double dx, double dy, char *buf, size_t cap)
{
    gr_error_clear(&f->err);
    memset(buf, 'x', cap);
    buf[cap - 1] = 0;
    return gr_rs_drag_order(f->g.rs, f->g.scn, &f->st, ref, dx, dy, buf, cap, &f->err);
}

static void expect_order(hw_fix *f, const char *ref, double dx, double dy, const char *expected)
{
    char order[64];
    if (drag(f, ref, dx, dy, order, sizeof order)) fail_msg("drag %s by (%g, %g) refused: %s", ref, dx, dy, f->err.msg);
    if (strcmp(order, expected)) fail_msg("drag %s by (%.3f, %.3f) gives '%s', expected '%s'", ref, dx, dy, order, expected);
}

static void expect_refused(hw_fix *f, const char *ref, double dx, double dy, const char *needle)
{
    char order[64];
    if (drag(f, ref, dx, dy, order, sizeof order) == 0)
        fail_msg("drag '%s' by (%g, %g) gave '%s', expected a refusal with \"%s\"", ref, dx, dy, order, needle);
    if (!f->err.msg[0]) fail_msg("drag '%s' refused with no message", ref);
    HW_ASSERT_HAS(f->err.msg, needle);
}

/* the offset in board units from the centre of hex (c0, r0) to that of (c1, r1), by hex.h's formula */
static void centre_offset(int c0, int r0, int c1, int r1, double *dx, double *dy)
{
    const double side = 1 / sqrt(3.0);
    *dx = side * 1.5 * (c1 - c0);
    *dy = (r1 + 0.5 * (c1 & 1)) - (r0 + 0.5 * (c0 & 1));
}

/* each neighbour: the drag by the offset between the centres, by 0.6 of it
 * (nearer the neighbour's centre) and by 0.4 of it (nearer its own) */
static void check_neighbours(hw_fix *f, const char *ref, int col, int row, const int nb[GR_HEX_DIRS][2])
{
    char expected[64];
    for (int d = 0; d < GR_HEX_DIRS; d++) {
        gr_hex step = gr_hex_step(col, row, d);
        if (step.col != nb[d][0] || step.row != nb[d][1])
            fail_msg("%s of %d %d: the core says %d %d, this test %d %d", dir_names[d], col, row, step.col, step.row,
                     nb[d][0], nb[d][1]);
        double dx, dy;
        centre_offset(col, row, nb[d][0], nb[d][1], &dx, &dy);
        assert_true(fabs(hypot(dx, dy) - 1) < 1e-12); /* adjacent centres are 1 apart */
        snprintf(expected, sizeof expected, "%s move %d %d", ref, nb[d][0], nb[d][1]);
        expect_order(f, ref, dx, dy, expected);
        expect_order(f, ref, 0.6 * dx, 0.6 * dy, expected);
        snprintf(expected, sizeof expected, "%s move %d %d", ref, col, row);
        expect_order(f, ref, 0.4 * dx, 0.4 * dy, expected);
    }
}

/* §3: a counter dragged one hex in each direction names that neighbour */
static void test_drag_to_each_neighbour(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, MOVERS, "[]");
    static const int odd[GR_HEX_DIRS][2] = {{3, 3}, {4, 3}, {4, 2}, {3, 1}, {2, 2}, {2, 3}};
    static const int even[GR_HEX_DIRS][2] = {{4, 5}, {5, 4}, {5, 3}, {4, 3}, {3, 3}, {3, 4}};
    check_neighbours(&f, "c0", 3, 2, odd);
    check_neighbours(&f, "c1", 4, 4, even);
    /* no drag at all: its own hex */
    expect_order(&f, "c0", 0, 0, "c0 move 3 2");
    /* two hexes north */
    expect_order(&f, "c0", 0, 2, "c0 move 3 4");
    hw_free(&f);
}

/* the order named by a drag is the rules' to carry out: c0 goes north, c1 south-west */
static void test_drag_move_applied(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, MOVERS, "[]");
    char order[64];
    assert_int_equal(drag(&f, "c0", 0, 1, order, sizeof order), 0);
    assert_string_equal(order, "c0 move 3 3");
    hw_do(&f, order);
    HW_ASSERT_AT(&f, 0, 3, 3);
    double dx, dy;
    centre_offset(4, 4, 3, 3, &dx, &dy);
    assert_int_equal(drag(&f, "c1", dx, dy, order, sizeof order), 0);
    assert_string_equal(order, "c1 move 3 3"); /* where c0 now stands: a move all the same, the rules say no */
    hw_refused(&f, order, "cannot reach hex 3 3");
    centre_offset(4, 4, 3, 4, &dx, &dy);
    assert_int_equal(drag(&f, "c1", dx, dy, order, sizeof order), 0);
    assert_string_equal(order, "c1 move 3 4");
    hw_do(&f, order);
    HW_ASSERT_AT(&f, 1, 3, 4);
    hw_free(&f);
}

/* A counter dragged out of its turn (the decision is c0's): the order is
 * named all the same, and the rules refuse it, leaving the state as it was
 * (hw_refused compares it byte for byte). */
static void test_drag_out_of_turn_refused(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, MOVERS, "[]");
    char order[64];
    assert_int_equal(drag(&f, "c1", 0, -1, order, sizeof order), 0);
    assert_string_equal(order, "c1 move 4 3");
    hw_refused(&f, order, "it is Blue odd's decision now");
    hw_free(&f);
}

/* §4: a counter dragged onto an enemy's hex attacks it; onto a friend's, it is a move */
static void test_drag_onto_enemy_is_attack(void **state)
{
    (void)state;
    hw_fix f;
    /* Blue c0 at 3 2, Red c1 north of it at 3 3, Blue c2 south-east at 4 2; Red c3 far */
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," CTR(
                "Blue friend", 0, "4-4-4", "2-2-4", 4, 2) "," CTR("Red far", 1, "4-4-4", "2-2-4", 6, 6) "]",
            "[]");
    expect_order(&f, "c0", 0, 1, "c0 attack 3 3");
    expect_order(&f, "c0", 0, 0.7, "c0 attack 3 3");
    double dx, dy;
    centre_offset(3, 2, 4, 2, &dx, &dy);
    expect_order(&f, "c0", dx, dy, "c0 move 4 2");   /* a friend's hex */
    centre_offset(3, 2, 4, 3, &dx, &dy);
    expect_order(&f, "c0", dx, dy, "c0 move 4 3");   /* an empty hex beside the enemy */
    /* Red's counter dragged onto Blue's: an attack the other way */
    expect_order(&f, "c1", 0, -1, "c1 attack 3 2");
    /* the attack step: the dragged attack carried out on a die of 6 */
    hw_dice(&f, 1, 6);
    hw_do(&f, "done");
    char order[64];
    assert_int_equal(drag(&f, "c0", 0, 1, order, sizeof order), 0);
    assert_string_equal(order, "c0 attack 3 3");
    hw_do(&f, order);
    HW_ASSERT_LOGGED(&f, "4 to 4, odds 1:1");
    hw_free(&f);
}

/* an enemy no longer on the map is no one to attack: its hex is a move */
static void test_drag_onto_eliminated_enemy_is_move(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) "," CTR(
                "Red far", 1, "4-4-4", "2-2-4", 6, 6) "]",
            "[]");
    f.st.p[1].steps = 0;
    expect_order(&f, "c0", 0, 1, "c0 move 3 3");
    hw_free(&f);
}

/* references that name no counter on the map */
static void test_drag_refusals(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, MOVERS, "[]");
    expect_refused(&f, "c4", 0, 1, "'c4' names no counter on the map");
    expect_refused(&f, "c999", 0, 1, "names no counter");
    expect_refused(&f, "u0", 0, 1, "names no counter");
    expect_refused(&f, "x1", 0, 1, "names no counter");
    expect_refused(&f, "", 0, 1, "names no counter");
    expect_refused(&f, "c", 0, 1, "names no counter");
    expect_refused(&f, "c0x", 0, 1, "names no counter");
    expect_refused(&f, "c-1", 0, 1, "names no counter");
    f.st.p[2].steps = 0; /* eliminated */
    expect_refused(&f, "c2", 0, 1, "'c2' names no counter on the map");
    expect_order(&f, "c3", 0, -1, "c3 move 6 5"); /* the others still move */
    hw_free(&f);
}

/* Dropped off the map: refused (-1), or an order of the notation whose
 * refusal names the map; never text the notation does not read. Off the
 * north edge the hex has a row past the last; off the west edge a column
 * below 0, which "cN move COL ROW" cannot write. */
static void test_drag_off_the_map(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, MOVERS, "[]");
    static const double drops[][2] = {{0, 9}, {-4, 0}, {0, -4}, {9, 0}};
    for (size_t i = 0; i < sizeof drops / sizeof drops[0]; i++) {
        char order[64];
        if (drag(&f, "c0", drops[i][0], drops[i][1], order, sizeof order)) {
            assert_true(strlen(f.err.msg) > 0);
            continue;
        }
        gr_action a;
        gr_error_clear(&f.err);
        if (f.g.rs->present->parse_action(f.g.scn, &f.st, order, &a, &f.err) == 0)
            fail_msg("drop (%g, %g) off the map: '%s' reads as an order", drops[i][0], drops[i][1], order);
        if (!strstr(f.err.msg, "off the map"))
            fail_msg("drop (%g, %g) off the map gives '%s', which the notation refuses with \"%s\": expected -1 "
                     "from the drag, or an order refused as off the map",
                     drops[i][0], drops[i][1], order, f.err.msg);
    }
    hw_free(&f);
}

/* A drag by no number, or by one past any board (callers other than the
 * web server, which bounds it): refused, as fogn refuses it. Last in the
 * file: today the hex arithmetic overflows an int on these, which the
 * sanitizer build stops at. */
static void test_drag_not_a_number(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, MOVERS, "[]");
    expect_refused(&f, "c0", NAN, 0, "");
    expect_refused(&f, "c0", 0, INFINITY, "");
    expect_refused(&f, "c0", 1e12, 0, "");
    hw_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drag_to_each_neighbour),
        cmocka_unit_test(test_drag_move_applied),
        cmocka_unit_test(test_drag_out_of_turn_refused),
        cmocka_unit_test(test_drag_onto_enemy_is_attack),
        cmocka_unit_test(test_drag_onto_eliminated_enemy_is_move),
        cmocka_unit_test(test_drag_refusals),
        cmocka_unit_test(test_drag_off_the_map),
        cmocka_unit_test(test_drag_not_a_number),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
