/* test_lasalle_scenario.c - Lasalle scenario files: a good file loads with
 * what it says (units, officers, forces, terrain classes, morale, the
 * Activity order), and malformed files of many kinds are refused with a
 * message naming the file, the JSON path and what was expected; sizes over
 * what the state holds are refused by name, and optional rules not built
 * yet say so. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/tables.h"

#define INF_LINE(name, x, y, f) \
    "{\"name\": \"" name "\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", " \
    "\"discipline\": \"experienced\", \"sk\": 1, \"formation\": \"line\", \"at\": [" #x ", " #y "], \"facing\": " #f "}"

static const char *const french = "[" INF_LINE("1/45e Ligne", 16, 6, 90) "]";
static const char *const austrians = "[" INF_LINE("IR 7", 16, 18, 270) "]";

/* the scenario with `french` units replaced, must be refused with `why` (and the file's name first) */
static void refused(const char *fr, const char *au, const char *extra, const char *why)
{
    ls_fix f;
    char *t = ls_text(0, fr, au, extra);
    if (!ls_try_load(&f, t)) fail_msg("the scenario was accepted, expected \"%s\"", why);
    free(t);
    LS_ASSERT_HAS(f.err.msg, "test.json: ");
    LS_ASSERT_HAS(f.err.msg, why);
}

static void refused_text(const char *text, const char *why)
{
    ls_fix f;
    if (!ls_try_load(&f, text)) fail_msg("the scenario was accepted, expected \"%s\"", why);
    LS_ASSERT_HAS(f.err.msg, "test.json: ");
    LS_ASSERT_HAS(f.err.msg, why);
}

static void test_good_file(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 1, "[" INF_LINE("1/45e Ligne", 16, 6, 90) ", {\"name\": \"4e Hussards\", \"type\": \"cavalry\", "
                   "\"size\": \"large\", \"esprit\": \"valiant\", \"discipline\": \"experienced\", \"traits\": "
                   "[\"pursuit\", \"shock\"], \"formation\": \"waves\", \"at\": [24, 6], \"facing\": 90, \"disr\": 2}]",
            austrians,
            ", \"terrain\": [{\"name\": \"Bois\", \"type\": \"woods\", \"points\": [[2, 10], [6, 10], [6, 14], "
            "[2, 14]]}, {\"name\": \"Butte\", \"type\": \"hill\", \"level\": 2, \"points\": [[20, 10], [26, 10], "
            "[26, 13], [20, 13]]}, {\"name\": \"Mur\", \"type\": \"wall\", \"points\": [[10, 15], [14, 15]]}]");
    const lasalle_scenario *s = f.s;
    assert_int_equal(s->nunits, 3);
    assert_int_equal(s->nofficers, 4);
    assert_int_equal(s->nforces, 2);
    assert_int_equal(s->units[1].type, LASALLE_CAV);
    assert_int_equal(s->units[1].nbases, 6);
    assert_int_equal(s->units[1].traits, LASALLE_T_PURSUIT | LASALLE_T_SHOCK);
    assert_int_equal(f.st.u[1].disr, 2);
    assert_int_equal(s->officers[1].vigor, 1);
    assert_int_equal(s->officers[0].commander, 1);
    LS_ASSERT_NEAR(s->officers[0].range, 10.0); /* [B Command Range, p.20] */
    LS_ASSERT_NEAR(s->officers[1].range, 6.0);
    /* army morale: small 2, large 3 [F, p.66] */
    assert_int_equal(s->morale[0], 5);
    assert_int_equal(s->morale[1], 2);
    /* terrain classes [B Terrain, p.21]: woods rough, soft cover, obstructs; a wall an obstacle with hard cover */
    assert_true(s->ground_of[0].rough && s->ground_of[0].obstructs && s->ground_of[0].cover == LASALLE_COVER_SOFT);
    assert_int_equal(s->ground_of[1].level, 2);
    assert_true(s->ground_of[2].obstacle && s->ground_of[2].cover == LASALLE_COVER_HARD);
    LS_ASSERT_NEAR(s->terrain.p[2].width, 0.0);
    /* the Activity order: the force's units, its subcommander, the commander last [C, p.24] */
    assert_int_equal(s->slots[0].n, 4);
    assert_int_equal(s->slots[0].slot[0], 0);
    assert_int_equal(s->slots[0].slot[2], LASALLE_MAX_UNITS + 1);
    assert_int_equal(s->slots[0].slot[3], LASALLE_MAX_UNITS + 0);
    ls_free(&f);
}

static void test_root_and_table(void **state)
{
    (void)state;
    refused_text("[1, 2]", "$: expected a JSON object");
    char *t = ls_text(0, french, austrians, ", \"turnz\": 3");
    refused_text(t, "$.turnz: unknown key \"turnz\" (did you mean \"turns\"?)");
    free(t);
    refused_text("{\"ruleset\": \"lasalle\", \"name\": \"x\", \"turns\": 4}", "$.table");
    refused(french, austrians, ", \"first\": 2", "$.first");
    refused(french, austrians, ", \"weather\": {\"ground\": \"frozen\"}", "$.weather.ground");
}

static void test_units(void **state)
{
    (void)state;
    /* a formation that does not exist, and one not open to the unit [B, p.12-14] */
    refused("[{\"name\": \"a\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"formation\": \"blob\", \"at\": [16, 6]}]",
            austrians, "", "$.sides[0].forces[0].units[0].formation");
    refused("[{\"name\": \"a\", \"type\": \"cavalry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"formation\": \"line\", \"at\": [16, 6]}]",
            austrians, "", "experienced cavalry may not stand in line");
    /* artillery has no esprit [B, p.19] */
    refused("[{\"name\": \"a\", \"type\": \"artillery\", \"guns\": 4, \"weight\": \"light\", \"esprit\": \"valiant\", "
            "\"formation\": \"limbered\", \"at\": [16, 6]}]",
            austrians, "", "$.sides[0].forces[0].units[0].esprit: artillery has no esprit");
    refused("[{\"name\": \"a\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"sk\": 4, \"formation\": \"line\", \"at\": [16, 6]}]",
            austrians, "", "$.sides[0].forces[0].units[0].sk");
    /* a small unit breaks at its 4th DISR [B Disruption, p.18] */
    refused("[{\"name\": \"a\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"formation\": \"line\", \"at\": [16, 6], \"disr\": 4}]",
            austrians, "", "a can carry 0 to 3 DISR");
    refused("[{\"name\": \"a\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"traits\": [\"lancers\"], \"formation\": \"line\", \"at\": [16, 6]}]",
            austrians, "", "lancers is a cavalry trait");
    refused("[" INF_LINE("a", 16, 6, 90) ", " INF_LINE("a", 16, 9, 90) "]", austrians, "",
            "\"a\" is already the name of u0");
    refused("[{\"name\": \"a\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"formation\": \"line\"}]",
            austrians, "", "$.sides[0].forces[0].units[0].at: missing");
}

static void test_placement(void **state)
{
    (void)state;
    refused("[" INF_LINE("a", 1, 6, 90) "]", austrians, "", "reaches off the 32 x 24 BW table");
    refused("[" INF_LINE("a", 16, 6, 90) ", " INF_LINE("b", 17, 6, 90) "]", austrians, "", "b overlaps a");
    refused("[" INF_LINE("a", 16, 18, 90) "]", austrians, "", "$.sides[1].forces[0].units[0].at: IR 7 touches the enemy a");
    refused("[{\"name\": \"a\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", \"discipline\": "
            "\"experienced\", \"formation\": \"square\", \"at\": [4, 12]}]",
            austrians, ", \"terrain\": [{\"name\": \"Bois\", \"type\": \"woods\", \"points\": [[2, 10], [6, 10], [6, "
                       "14], [2, 14]]}]",
            "may not stand in Square in rough Bois");
    refused(french, austrians, ", \"terrain\": [{\"name\": \"Lac\", \"type\": \"impassable\", \"points\": [[14, 4], "
                               "[18, 4], [18, 8], [14, 8]]}]",
            "stands in impassable Lac");
}

static void test_terrain_and_objectives(void **state)
{
    (void)state;
    refused(french, austrians, ", \"terrain\": [{\"name\": \"x\", \"type\": \"lava\", \"points\": [[1, 1], [2, 1], "
                               "[2, 2]]}]",
            "$.terrain[0].type");
    refused(french, austrians, ", \"terrain\": [{\"name\": \"x\", \"type\": \"hill\", \"width\": 2, \"points\": [[1, 1], "
                               "[2, 1], [2, 2]]}]",
            "$.terrain[0].width: only a road, stream, river, ford or bridge has a width");
    refused(french, austrians, ", \"terrain\": [{\"name\": \"x\", \"type\": \"woods\", \"points\": [[1, 1], [2, 1]]}]",
            "$.terrain[0].points");
    refused(french, austrians, ", \"objectives\": [{\"name\": \"m\", \"x\": 5, \"y\": 5, \"radius\": 3}]",
            "$.objectives[0].radius: an objective is controlled from 4 BW");
}

static void test_refused_options_and_sizes(void **state)
{
    (void)state;
    /* an optional rule a scenario cannot hold says so, by name and page */
    refused(french, austrians, ", \"options\": {\"continuing_games\": true}",
            "Continuing Games and Campaigns (H, p.79) is played between two battles");
    char *t = ls_text(0, french, austrians, "");
    char *p = strstr(t, "\"name\": \"French\",");
    assert_non_null(p);
    size_t n = strlen(t) + 64;
    char *u = malloc(n);
    snprintf(u, n, "%.*s\"name\": \"French\", \"rules\": [\"unpredictable\"],%s", (int)(p - t), t,
             p + strlen("\"name\": \"French\","));
    refused_text(u, "$.sides[0].rules[0]: Unpredictable is a unit trait here");
    free(u);
    free(t);
    /* the commander has no ratings [B, p.20] */
    t = ls_text(0, french, austrians, "");
    p = strstr(t, "\"GdD Blue\",");
    n = strlen(t) + 64;
    u = malloc(n);
    snprintf(u, n, "%.*s\"GdD Blue\", \"vigor\": 1,%s", (int)(p - t), t, p + strlen("\"GdD Blue\","));
    refused_text(u, "$.sides[0].commander.vigor: unknown key \"vigor\"");
    free(u);
    free(t);
    /* more units than the state holds: refused by name */
    char *many = malloc(64 * 300);
    size_t len = 0;
    len += (size_t)sprintf(many + len, "[");
    for (int k = 0; k < LASALLE_MAX_UNITS + 1; k++)
        len += (size_t)sprintf(many + len, "%s{\"name\": \"u%d\", \"type\": \"infantry\", \"size\": \"small\", "
                                         "\"esprit\": \"reliable\", \"discipline\": \"experienced\", \"formation\": "
                                         "\"march\", \"at\": [%d, %d]}",
                               k ? ", " : "", k, 1 + (k % 30), 5 + 5 * (k / 30));
    sprintf(many + len, "]");
    refused(many, austrians, "", "more than the 48 units a Lasalle game holds");
    free(many);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_file),       cmocka_unit_test(test_root_and_table),
        cmocka_unit_test(test_units),           cmocka_unit_test(test_placement),
        cmocka_unit_test(test_terrain_and_objectives), cmocka_unit_test(test_refused_options_and_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
