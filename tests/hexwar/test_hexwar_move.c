/* test_hexwar_move.c - the movement step of hexwar (docs/hexwar.md §3):
 * terrain costs, water, roads, rivers and bridges, zones of control (and
 * none across a river), friends passed through and enemies not, the move
 * applied and the refusals, each checked against the exact menu of hexes. */
#include "hexwar_fixture.h"

/* one column of eight hexes: only north and south */
#define COLUMN(grid, sides) \
    "{\"cols\": 1, \"rows\": 8, \"legend\": {\".\": \"clear\", \"w\": \"woods\", \"h\": \"hill\", \"m\": \"marsh\", " \
    "\"t\": \"town\", \"~\": \"water\"}, \"grid\": " grid ", \"sides\": " sides "}"
#define CTR(name, side, full, red, c, r)                                                                          \
    "{\"name\": \"" name "\", \"side\": " #side ", \"arm\": \"infantry\", \"full\": \"" full "\", \"reduced\": \"" red \
    "\", \"hex\": [" #c ", " #r "]}"
#define ENEMY_FAR CTR("Red far", 1, "4-4-4", "2-2-4", 0, 7)

/* §3.2: clear 1, woods 2, hill 2, marsh 3, town 1 */
static void test_terrain_costs(void **state)
{
    (void)state;
    hw_fix f;
    const char *grid = "[\".\", \".\", \".\", \"t\", \"m\", \"h\", \"w\", \".\"]";
    char map[512];
    snprintf(map, sizeof map,
             "{\"cols\": 1, \"rows\": 8, \"legend\": {\".\": \"clear\", \"w\": \"woods\", \"h\": \"hill\", \"m\": "
             "\"marsh\", \"t\": \"town\"}, \"grid\": %s}", grid);
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-7", "2-2-7", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2; 0 3");   /* 2, 4, 7: the town at 8 is one too far */
    hw_free(&f);
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-8", "2-2-8", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2; 0 3; 0 4");
    hw_free(&f);
}

/* §3.2: water may not be entered */
static void test_water(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 2, COLUMN("[\".\", \".\", \".\", \".\", \".\", \"~\", \".\", \".\"]", "[]"),
            "[" CTR("Blue", 0, "4-4-6", "2-2-6", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1");
    hw_free(&f);
}

/* §3.3: across a road hexside a hex costs 1 whatever its terrain */
static void test_road(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 2,
            COLUMN("[\".\", \".\", \".\", \"t\", \"m\", \"h\", \"w\", \".\"]",
                   "[{\"hex\": [0, 0], \"sides\": [\"N\"], \"features\": [\"road\"]},"
                   " {\"hex\": [0, 1], \"sides\": [\"N\"], \"features\": [\"road\"]},"
                   " {\"hex\": [0, 2], \"sides\": [\"N\"], \"features\": [\"road\"]},"
                   " {\"hex\": [0, 3], \"sides\": [\"N\"], \"features\": [\"road\"]}]"),
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2; 0 3; 0 4");
    hw_free(&f);
}

/* §3.4: a river hexside costs 2 more, nothing more with a bridge */
static void test_river_and_bridge(void **state)
{
    (void)state;
    hw_fix f;
    const char *river = "[{\"hex\": [0, 0], \"sides\": [\"N\"], \"features\": [\"river\"]}]";
    char map[1024];
    snprintf(map, sizeof map, COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]", "%s"), river);
    /* 2 MP: the river alone costs 3, so nothing is in reach and no decision is due */
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-2", "2-2-2", 0, 0) "," ENEMY_FAR "]", "[]");
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    hw_free(&f);
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2");
    hw_free(&f);
    snprintf(map, sizeof map, COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]", "%s"),
             "[{\"hex\": [0, 0], \"sides\": [\"N\"], \"features\": [\"river\", \"bridge\"]}]");
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-2", "2-2-2", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2");
    hw_free(&f);
    /* a road over a river without a bridge: 1 for the road, 2 for the river */
    snprintf(map, sizeof map, COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \"w\", \".\"]", "%s"),
             "[{\"hex\": [0, 0], \"sides\": [\"N\"], \"features\": [\"river\", \"road\"]}]");
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-3", "2-2-3", 0, 0) "," ENEMY_FAR "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1");
    hw_free(&f);
}

/* §3.6: entering an enemy zone of control ends the move; leaving one is free */
static void test_zoc_stops(void **state)
{
    (void)state;
    hw_fix f;
    const char *map = COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]", "[]");
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-8", "2-2-8", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 0, 5) "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2; 0 3; 0 4");
    hw_free(&f);
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-2", "2-2-2", 0, 3) "," CTR("Red", 1, "4-4-4", "2-2-4", 0, 4) "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1; 0 2");
    hw_free(&f);
}

/* §3.6: no zone of control across a river hexside without a bridge */
static void test_no_zoc_across_river(void **state)
{
    (void)state;
    hw_fix f;
    const char *ctrs = "[" CTR("Blue", 0, "4-4-8", "2-2-8", 1, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 1, 5) "]";
    hw_load(&f, 2, "{\"cols\": 2, \"rows\": 8}", ctrs, "[]");
    int8_t occ[GR_HEX_MAX_DIM * GR_HEX_MAX_DIM];
    hexwar_occupancy(f.s, &f.st, occ);
    assert_true(hexwar_in_zoc(f.s, occ, 1, 4, 1));
    assert_true(hexwar_in_zoc(f.s, occ, 0, 5, 1));
    assert_false(hexwar_can_reach(f.s, &f.st, 0, 0, 6)); /* every way there passes a zone */
    hw_free(&f);
    hw_load(&f, 2,
            "{\"cols\": 2, \"rows\": 8, \"sides\": [{\"hex\": [1, 5], \"sides\": [\"S\", \"SW\"], \"features\": "
            "[\"river\"]}]}",
            ctrs, "[]");
    hexwar_occupancy(f.s, &f.st, occ);
    assert_false(hexwar_in_zoc(f.s, occ, 1, 4, 1));
    assert_false(hexwar_in_zoc(f.s, occ, 0, 5, 1));
    assert_true(hexwar_in_zoc(f.s, occ, 0, 6, 1));
    assert_true(hexwar_can_reach(f.s, &f.st, 0, 0, 6)); /* 1 0 .. 1 4, 0 5, 0 6: six MP, no zone until the last */
    hw_free(&f);
}

/* §3.7: through friends but not enemies, and never to end on another counter */
static void test_friends_and_enemies(void **state)
{
    (void)state;
    hw_fix f;
    const char *map = COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]", "[]");
    hw_load(&f, 2, map,
            "[" CTR("Blue", 0, "4-4-3", "2-2-3", 0, 0) "," CTR("Blue friend", 0, "4-4-3", "2-2-3", 0, 1) "," ENEMY_FAR
            "]", "[]");
    HW_ASSERT_MOVES(&f, "0 2; 0 3");
    hw_free(&f);
    hw_load(&f, 2, map, "[" CTR("Blue", 0, "4-4-3", "2-2-3", 0, 0) "," CTR("Red", 1, "4-4-3", "2-2-3", 0, 2) "]", "[]");
    HW_ASSERT_MOVES(&f, "0 1");
    hw_free(&f);
}

/* §3.1: a move is applied and told; an unreachable hex, another counter's
 * turn and an attack in the movement step are refused and change nothing */
static void test_move_applied_and_refused(void **state)
{
    (void)state;
    hw_fix f;
    const char *map = COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]", "[]");
    hw_load(&f, 2, map,
            "[" CTR("Blue", 0, "4-4-3", "2-2-3", 0, 0) "," CTR("Blue two", 0, "4-4-3", "2-2-3", 0, 1) "," ENEMY_FAR "]",
            "[]");
    hw_refused(&f, "c0 move 0 5", "Blue cannot reach hex 0 5 this turn");
    hw_refused(&f, "c1 hold", "it is Blue's decision now");
    hw_refused(&f, "c0 attack 0 7", "in the movement step Blue may move or hold, not attack");
    hw_refused(&f, "c0 move 0 1", "Blue cannot reach hex 0 1");
    hw_do(&f, "c0 move 0 3");
    HW_ASSERT_AT(&f, 0, 0, 3);
    HW_ASSERT_LOGGED(&f, "Blue moves from 0 0 to 0 3");
    /* the next counter's decision: c1 */
    assert_int_equal(f.st.turn.cursor, 1);
    hw_do(&f, "c1 hold");
    HW_ASSERT_AT(&f, 1, 0, 1);
    /* side 0 has no attack to make: Red moves now */
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    hw_free(&f);
}

/* §2.2: "done" ends the movement step, every counter not yet asked holds */
static void test_done_holds_the_rest(void **state)
{
    (void)state;
    hw_fix f;
    const char *map = COLUMN("[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]", "[]");
    hw_load(&f, 2, map,
            "[" CTR("Blue", 0, "4-4-3", "2-2-3", 0, 0) "," CTR("Blue two", 0, "4-4-3", "2-2-3", 0, 1) "," ENEMY_FAR "]",
            "[]");
    hw_do(&f, "done");
    HW_ASSERT_AT(&f, 0, 0, 0);
    HW_ASSERT_AT(&f, 1, 0, 1);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    assert_int_equal(f.g.rs->rules->turn(f.g.scn, &f.st), 2);
    hw_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terrain_costs),
        cmocka_unit_test(test_water),
        cmocka_unit_test(test_road),
        cmocka_unit_test(test_river_and_bridge),
        cmocka_unit_test(test_zoc_stops),
        cmocka_unit_test(test_no_zoc_across_river),
        cmocka_unit_test(test_friends_and_enemies),
        cmocka_unit_test(test_move_applied_and_refused),
        cmocka_unit_test(test_done_holds_the_rest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
