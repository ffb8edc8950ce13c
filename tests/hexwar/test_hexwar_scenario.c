/* test_hexwar_scenario.c - hexwar scenario files refused with messages that
 * name the file, the JSON path and what was expected (docs/hexwar.md
 * "Scenario files"), the bundled scenarios accepted, and the notation:
 * every legal action printed and read back to itself, and the refusals of
 * what does not parse or names nothing. */
#include "hexwar_fixture.h"

#include "../../engine/core/fsutil.h"

#define CTR(name, side, full, red, c, r)                                                                          \
    "{\"name\": \"" name "\", \"side\": " #side ", \"arm\": \"infantry\", \"full\": \"" full "\", \"reduced\": \"" red \
    "\", \"hex\": [" #c ", " #r "]}"
#define PLAIN "{\"cols\": 7, \"rows\": 7}"
#define TWO "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]"

static void refused(const char *text, const char *why)
{
    hw_fix f;
    if (!hw_try_load(&f, text)) fail_msg("accepted, expected a refusal with \"%s\"", why);
    HW_ASSERT_HAS(f.err.msg, "test.json: ");
    HW_ASSERT_HAS(f.err.msg, why);
}

static void refused_parts(int turns, const char *map, const char *counters, const char *objectives, const char *why)
{
    char *t = hw_text(turns, map, counters, objectives);
    refused(t, why);
    free(t);
}

static void test_malformed_top(void **state)
{
    (void)state;
    refused_parts(0, PLAIN, TWO, "[]", "$.turns: expected an integer in [1, 30], got 0");
    refused_parts(31, PLAIN, TWO, "[]", "$.turns: expected an integer in [1, 30], got 31");
    refused(
        "{\"ruleset\": \"hexwar\", \"name\": \"x\", \"turns\": 3, \"sides\": [{\"name\": \"A\"}, {\"name\": \"B\"}], "
        "\"counters\": []}",
        "$.map: missing (expected the hex map, an object with \"cols\" and \"rows\")");
    refused("{\"ruleset\": \"hexwar\", \"name\": \"x\", \"turns\": 3, \"sides\": [{\"name\": \"A\"}], \"map\": " PLAIN
            ", \"counters\": " TWO "}",
            "$.sides: expected an array of 2 to 2 elements, got 1");
    refused(
        "{\"ruleset\": \"hexwar\", \"name\": \"x\", \"turns\": 3, \"sides\": [{\"name\": \"A\"}, {\"name\": \"B\"}], "
        "\"map\": " PLAIN ", \"counters\": " TWO ", \"turn\": 4}",
        "turn");
    refused("{\"ruleset\": \"hexwar\", \"name\": \"x\", \"turns\": 3, \"notes\": 5, \"sides\": [{\"name\": \"A\"}, "
            "{\"name\": \"B\"}], \"map\": " PLAIN ", \"counters\": " TWO "}",
            "$.notes: expected a string");
}

static void test_malformed_map(void **state)
{
    (void)state;
    refused_parts(3, "{\"cols\": 65, \"rows\": 7}", TWO, "[]",
                  "$.map.cols: 65 columns is more than a map may have (at most 64)");
    refused_parts(3, "{\"cols\": 7, \"rows\": 7, \"default\": \"lava\"}", TWO, "[]",
                  "$.map.default: expected a terrain (clear, woods, hill, town, marsh, water)");
    refused_parts(
        3, "{\"cols\": 7, \"rows\": 7, \"sides\": [{\"hex\": [0, 0], \"sides\": [\"N\"], \"features\": [\"wall\"]}]}",
        TWO, "[]", "$.map.sides[0].features[0]: expected a hexside feature (river, road, bridge)");
}

static void test_malformed_counters(void **state)
{
    (void)state;
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "]", "[]",
                  "$.counters: Red (side 1) has no counter");
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4", "2-2-4", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]",
                  "[]",
                  "$.counters[0].full: expected the counter's numbers as \"attack-defence-movement\", e.g. \"4-3-4\", "
                  "got \"4-4\"");
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4-9", "2-2-4", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]",
                  "[]", "$.counters[0].full: movement points are 1 to 8, got 9");
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4-4", "4-4-4", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]",
                  "[]", "$.counters[0].reduced: the reduced side 4-4-4 must be weaker than the full side 4-4-4");
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 7, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]",
                  "[]", "$.counters[0].hex: hex 7 0 is off the map (columns 0..6, rows 0..6)");
    refused_parts(3, "{\"cols\": 7, \"rows\": 7, \"hexes\": [{\"hex\": [0, 0], \"terrain\": \"water\"}]}", TWO, "[]",
                  "$.counters[0].hex: hex 0 0 is water, where nothing may stand");
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "," CTR("Red", 1, "4-4-4", "2-2-4", 0, 0) "]",
                  "[]", "$.counters[1].hex: hex 0 0 already holds Blue; one counter to a hex (§1.3)");
    refused_parts(3, PLAIN, "[" CTR("Blue", 0, "4-4-4", "2-2-4", 0, 0) "," CTR("Blue", 1, "4-4-4", "2-2-4", 1, 0) "]",
                  "[]", "$.counters[1].name: \"Blue\" is already the name of counter c0");
    refused_parts(
        3, PLAIN,
        "[{\"name\": \"Blue\", \"side\": 0, \"arm\": \"dragoons\", \"full\": \"4-4-4\", \"reduced\": \"2-2-4\", "
        "\"hex\": [0, 0]}," CTR("Red", 1, "4-4-4", "2-2-4", 6, 6) "]",
        "[]", "$.counters[0].arm: expected one of infantry, cavalry, artillery");
    refused_parts(
        3, PLAIN,
        "[{\"name\": \"Blue\", \"side\": 2, \"arm\": \"infantry\", \"full\": \"4-4-4\", \"reduced\": \"2-2-4\", "
        "\"hex\": [0, 0]}]",
        "[]", "$.counters[0].side: expected an integer in [0, 1], got 2");
    /* more counters than a state holds: refused by name, not cut short */
    char many[16384] = "[";
    for (int i = 0; i < HEXWAR_MAX_COUNTERS + 1; i++) {
        char one[200];
        snprintf(one, sizeof one, "%s{\"name\": \"n%d\", \"side\": %d, \"arm\": \"infantry\", \"full\": \"4-4-4\", "
                                  "\"reduced\": \"2-2-4\", \"hex\": [%d, %d]}", i ? "," : "", i, i % 2, i % 9, i / 9);
        strcat(many, one);
    }
    strcat(many, "]");
    refused_parts(3, "{\"cols\": 9, \"rows\": 9}", many, "[]",
                  "$.counters: 65 counters, more than the 64 a hexwar game holds");
}

static void test_malformed_objectives(void **state)
{
    (void)state;
    refused_parts(3, PLAIN, TWO, "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 0}]",
                  "$.objectives[0].points: expected an integer in [1, 20], got 0");
    refused_parts(3, PLAIN, TWO, "[{\"name\": \"Mill\", \"hex\": [3, 9], \"points\": 1}]",
                  "$.objectives[0].hex: hex 3 9 is off the map");
    refused_parts(
        3, PLAIN, TWO,
        "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 1}, {\"name\": \"Inn\", \"hex\": [3, 3], \"points\": 1}]",
        "$.objectives[1].hex: hex 3 3 is already the objective Mill");
    refused_parts(3, PLAIN, TWO, "[{\"name\": \"Mill\", \"hex\": [3, 3], \"points\": 1, \"owner\": 2}]",
                  "$.objectives[0].owner: expected an integer in [-1, 1], got 2");
    refused_parts(3, PLAIN, TWO, "{\"name\": \"Mill\"}", "$.objectives: expected an array");
}

/* the bundled scenarios load and their opening positions hold */
static void test_bundled_scenarios(void **state)
{
    (void)state;
    static const char *const names[] = {"scenarios/hexwar/meeting-engagement.json",
                                        "scenarios/hexwar/river-crossing.json"};
    for (size_t k = 0; k < 2; k++) {
        char path[1024];
        assert_int_equal(gr_find_data(names[k], path, sizeof path), 0);
        gr_game g;
        gr_error err;
        gr_error_clear(&err);
        if (gr_game_load(&g, path, &err)) fail_msg("%s", err.msg);
        assert_string_equal(g.rs->name, "hexwar");
        void *st = calloc(1, g.rs->rules->state_size);
        g.rs->rules->init(g.scn, st);
        if (g.rs->present->check_invariants(g.scn, st, &err)) fail_msg("%s: %s", path, err.msg);
        assert_true(json_is_string(json_object_get(g.scenario_json, "notes")));
        free(st);
        gr_game_free(&g);
    }
}

/* every legal action of a few hundred positions prints and reads back to itself */
static void test_notation_round_trip(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN,
            "[" CTR("Blue", 0, "4-4-4", "2-2-4", 3, 2) "," CTR("Red", 1, "4-4-4", "2-2-4", 3, 3) ","
            CTR("Blue two", 0, "4-4-6", "2-2-6", 0, 0) "]", "[]");
    gr_rng rng;
    gr_rng_seed(&rng, 5, 5);
    gr_dice_init_rng(&f.dice, 9, 1);
    for (int step = 0; step < 300 && f.g.rs->rules->to_move(f.g.scn, &f.st) != GR_TERMINAL; step++) {
        gr_action acts[GR_MAX_ACTIONS];
        int n = f.g.rs->rules->legal_actions(f.g.scn, &f.st, acts, GR_MAX_ACTIONS);
        assert_true(n >= 2);
        for (int i = 0; i < n; i++) {
            char text[128];
            gr_action back;
            f.g.rs->present->format_action(f.g.scn, &f.st, &acts[i], text, sizeof text);
            if (f.g.rs->present->parse_action(f.g.scn, &f.st, text, &back, &f.err))
                fail_msg("'%s': %s", text, f.err.msg);
            assert_memory_equal(&back, &acts[i], sizeof back);
        }
        gr_action a = acts[gr_rng_below(&rng, (uint32_t)n)];
        if (f.g.rs->rules->apply(f.g.scn, &f.st, &a, &f.dice, NULL, &f.err)) fail_msg("%s", f.err.msg);
    }
    hw_free(&f);
}

static void test_notation_refusals(void **state)
{
    (void)state;
    hw_fix f;
    hw_load(&f, 3, PLAIN, TWO, "[]");
    gr_action a;
    static const struct {
        const char *text, *why;
    } cases[] = {
        {"fly away",
         "'fly away' is not a hexwar order: expected 'done', 'cN hold', 'cN move COL ROW' or 'cN attack COL ROW'"},
        {"c0 move 3", "is not a hexwar order"},
        {"c9 hold", "there is no counter c9 (the counters are c0 to c1)"},
        {"c0 move 9 2", "hex 9 2 is off the map (columns 0 to 6, rows 0 to 6)"},
        {"c0 attack 4 4", "there is no counter in hex 4 4 to attack"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        gr_error_clear(&f.err);
        assert_int_equal(f.g.rs->present->parse_action(f.g.scn, &f.st, cases[k].text, &a, &f.err), -1);
        HW_ASSERT_HAS(f.err.msg, cases[k].why);
    }
    /* spaces and case do not matter */
    assert_int_equal(f.g.rs->present->parse_action(f.g.scn, &f.st, "  C0   Move 1  1 ", &a, &f.err), 0);
    assert_int_equal(a.type, HEXWAR_A_MOVE);
    assert_int_equal(f.g.rs->present->parse_action(f.g.scn, &f.st, "DONE", &a, &f.err), 0);
    assert_int_equal(a.type, HEXWAR_A_DONE);
    hw_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed_top),
        cmocka_unit_test(test_malformed_map),
        cmocka_unit_test(test_malformed_counters),
        cmocka_unit_test(test_malformed_objectives),
        cmocka_unit_test(test_bundled_scenarios),
        cmocka_unit_test(test_notation_round_trip),
        cmocka_unit_test(test_notation_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
