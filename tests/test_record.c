/* test_record.c - game records: a save/load round trip (actions, dice, a
 * full 64-bit seed, the embedded scenario), and files with each kind of
 * defect, which must give a message naming the file and the JSON path and
 * leave the record empty. Files live in a fresh folder from mkdtemp. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../engine/core/fsutil.h"
#include "../engine/core/record.h"

typedef struct fixture {
    char dir[64];
    char path[128];     /* dir/rec.json */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_record_XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s/rec.json", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    DIR *d = opendir(f->dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char p[512];
            snprintf(p, sizeof p, "%s/%s", f->dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(f->dir);
    free(f);
    return 0;
}

/* A game made by hand: only the fields a record reads. */
static void make_game(gr_game *g, gr_ruleset *rs)
{
    memset(rs, 0, sizeof *rs);
    rs->name = "fogn";
    memset(g, 0, sizeof *g);
    g->rs = rs;
    json_error_t je;
    g->scenario_json = json_loads(
        "{\"ruleset\": \"fogn\", \"title\": \"Quatre Bras\", \"turns\": 12,"
        " \"units\": [{\"name\": \"2/45e Ligne\", \"x\": 10.5}]}", 0, &je);
    assert_non_null(g->scenario_json);
    snprintf(g->path, sizeof g->path, "scenarios/quatre-bras.json");
}

static void write_text(const char *path, const char *text)
{
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_write_atomic(path, text, strlen(text), &err), 0);
}

static void test_record_round_trip(void **state)
{
    fixture *f = *state;
    gr_ruleset rs;
    gr_game g;
    make_game(&g, &rs);
    gr_record r;
    gr_record_init(&r, &g, 18446744073709551615ULL);
    assert_string_equal(r.ruleset, "fogn");
    assert_string_equal(r.scenario_file, "scenarios/quatre-bras.json");
    assert_true(r.scenario != g.scenario_json);
    assert_true(json_equal(r.scenario, g.scenario_json));

    char act[64];
    for (int i = 0; i < 40; i++) {
        snprintf(act, sizeof act, "%d advance to B", i);
        assert_int_equal(gr_record_add_action(&r, act), 0);
    }
    assert_int_equal(gr_record_add_action(&r, "2/45e Ligne: pivot L 30° 2.5\""), 0);
    const int faces[] = {4, 1, 6, 2, 3, 5, 6, 6};
    assert_int_equal(gr_record_add_rolls(&r, faces, 8), 0);
    assert_int_equal(gr_record_add_rolls(&r, faces, 3), 0);

    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_save(&r, f->path, &err), 0);

    char *text = gr_read_file(f->path, 1 << 20, NULL, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"seed\": \"18446744073709551615\""));
    assert_non_null(strstr(text, "\"format\": \"grognard-record\""));
    free(text);

    gr_record back;
    assert_int_equal(gr_record_load(&back, f->path, &err), 0);
    assert_int_equal(err.set, 0);
    assert_true(back.seed == 18446744073709551615ULL);
    assert_string_equal(back.ruleset, "fogn");
    assert_string_equal(back.scenario_file, "scenarios/quatre-bras.json");
    assert_true(json_equal(back.scenario, g.scenario_json));
    assert_int_equal(back.nactions, 41);
    for (int i = 0; i < r.nactions; i++) assert_string_equal(back.actions[i], r.actions[i]);
    assert_int_equal(back.nrolls, 11);
    assert_memory_equal(back.rolls, r.rolls, 11 * sizeof *r.rolls);

    /* saving the loaded record gives the same bytes */
    char again[160];
    snprintf(again, sizeof again, "%s/again.json", f->dir);
    assert_int_equal(gr_record_save(&back, again, &err), 0);
    char *t1 = gr_read_file(f->path, 1 << 20, NULL, &err);
    char *t2 = gr_read_file(again, 1 << 20, NULL, &err);
    assert_non_null(t1);
    assert_non_null(t2);
    assert_string_equal(t1, t2);
    free(t1);
    free(t2);

    gr_record_free(&back);
    gr_record_free(&r);
    assert_null(r.actions);
    assert_int_equal(r.nactions, 0);
    json_decref(g.scenario_json);
}

static void test_record_empty_and_small_seed(void **state)
{
    fixture *f = *state;
    gr_ruleset rs;
    gr_game g;
    make_game(&g, &rs);
    g.rs = NULL;                  /* a test game without a ruleset */
    gr_record r;
    gr_record_init(&r, &g, 0);
    assert_string_equal(r.ruleset, "");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_save(&r, f->path, &err), 0);
    gr_record back;
    assert_int_equal(gr_record_load(&back, f->path, &err), 0);
    assert_int_equal(back.nactions, 0);
    assert_int_equal(back.nrolls, 0);
    assert_true(back.seed == 0);
    assert_string_equal(back.ruleset, "");
    gr_record_free(&back);
    gr_record_free(&r);
    json_decref(g.scenario_json);
}

static void test_record_init_without_game(void **state)
{
    fixture *f = *state;
    gr_record r;
    gr_record_init(&r, NULL, 42);
    assert_true(r.seed == 42);
    assert_string_equal(r.ruleset, "");
    assert_null(r.scenario);
    assert_int_equal(gr_record_add_action(&r, "hold"), 0);
    const int bad[] = {3, 101};
    assert_int_equal(gr_record_add_rolls(&r, bad, 2), -1);   /* 101 is no face of any die */
    assert_int_equal(r.nrolls, 0);
    /* no scenario: nothing can be saved, and an existing file is kept */
    write_text(f->path, "keep me");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_save(&r, f->path, &err), -1);
    assert_non_null(strstr(err.msg, "no scenario"));
    char *text = gr_read_file(f->path, 100, NULL, &err);
    assert_non_null(text);
    assert_string_equal(text, "keep me");
    free(text);
    gr_record_free(&r);
}

static void test_record_save_bad_utf8(void **state)
{
    fixture *f = *state;
    gr_ruleset rs;
    gr_game g;
    make_game(&g, &rs);
    gr_record r;
    gr_record_init(&r, &g, 1);
    assert_int_equal(gr_record_add_action(&r, "hold"), 0);
    assert_int_equal(gr_record_add_action(&r, "l\xe9g\xe8re"), 0);   /* Latin-1, not UTF-8 */
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_save(&r, f->path, &err), -1);
    assert_non_null(strstr(err.msg, "action 1 is not valid UTF-8"));
    assert_int_equal(access(f->path, F_OK), -1);    /* nothing written */
    gr_record_free(&r);
    json_decref(g.scenario_json);
}

static void test_record_seed_forms(void **state)
{
    fixture *f = *state;
    static const char *const ok[][2] = {
        {"123456789", "123456789"},
        {"\"0\"", "0"},
        {"\"9223372036854775808\"", "9223372036854775808"},
        {"9223372036854775807", "9223372036854775807"},
    };
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "{\"format\": \"grognard-record\", \"version\": 1, \"ruleset\": \"fogn\","
                 " \"seed\": %s, \"scenario\": {}, \"actions\": []}", ok[i][0]);
        write_text(f->path, text);
        gr_record r;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_record_load(&r, f->path, &err), 0);
        char got[32];
        snprintf(got, sizeof got, "%llu", r.seed);
        assert_string_equal(got, ok[i][1]);
        assert_null(r.rolls);     /* "rolls" may be left out */
        gr_record_free(&r);
    }
}

typedef struct defect {
    const char *text;    /* the file's contents */
    const char *msg;     /* the message after "PATH: " */
} defect;

#define GOOD_HEAD "\"format\": \"grognard-record\", \"version\": 1, \"ruleset\": \"fogn\", "
#define GOOD_SEED "\"seed\": \"5\", "
#define GOOD_SCN "\"scenario\": {\"turns\": 3}, "

static const defect defects[] = {
    {"[1, 2]", "$: expected an object"},
    {"{\"version\": 1}", "$.format: missing (not a grognard record)"},
    {"{\"format\": \"grognard-save\", \"version\": 1}",
     "$.format: expected \"grognard-record\""},
    {"{\"format\": \"grognard-record\", \"version\": 2}",
     "$.version: unsupported version 2 (this build reads 1)"},
    {"{\"format\": \"grognard-record\", \"version\": \"1\"}", "$.version: expected an integer"},
    {"{\"format\": \"grognard-record\", \"version\": 1, \"ruleset\": 7}",
     "$.ruleset: expected a string"},
    {"{\"format\": \"grognard-record\", \"version\": 1}", "$.ruleset: missing"},
    {"{" GOOD_HEAD "\"ruleset_x\": 1}", "$.ruleset_x: unknown key"},
    {"{" GOOD_HEAD GOOD_SCN "\"actions\": []}", "$.seed: missing"},
    {"{" GOOD_HEAD "\"seed\": -3, " GOOD_SCN "\"actions\": []}",
     "$.seed: expected a string of decimal digits (0 to 18446744073709551615) or a "
     "non-negative integer"},
    {"{" GOOD_HEAD "\"seed\": \"18446744073709551616\", " GOOD_SCN "\"actions\": []}",
     "$.seed: expected a string of decimal digits (0 to 18446744073709551615) or a "
     "non-negative integer"},
    {"{" GOOD_HEAD "\"seed\": \"12ab\", " GOOD_SCN "\"actions\": []}",
     "$.seed: expected a string of decimal digits (0 to 18446744073709551615) or a "
     "non-negative integer"},
    {"{" GOOD_HEAD "\"seed\": 1.5, " GOOD_SCN "\"actions\": []}",
     "$.seed: expected a string of decimal digits (0 to 18446744073709551615) or a "
     "non-negative integer"},
    {"{" GOOD_HEAD GOOD_SEED "\"actions\": []}", "$.scenario: missing"},
    {"{" GOOD_HEAD GOOD_SEED "\"scenario\": [], \"actions\": []}",
     "$.scenario: expected an object"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"rolls\": []}", "$.actions: missing"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"actions\": \"hold\"}", "$.actions: expected an array"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"actions\": [\"a\", \"b\", \"c\", 4]}",
     "$.actions[3]: expected a string"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"actions\": [null]}",
     "$.actions[0]: expected a string"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"actions\": [], \"rolls\": {}}",
     "$.rolls: expected an array"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"actions\": [\"hold\"], \"rolls\": [1, 6, 0]}",
     "$.rolls[2]: expected a die face 1..100"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"actions\": [], \"rolls\": [3, \"4\"]}",
     "$.rolls[1]: expected a die face 1..100"},
    {"{" GOOD_HEAD GOOD_SEED GOOD_SCN "\"scenario_file\": [], \"actions\": []}",
     "$.scenario_file: expected a string"},
};

static void test_record_load_defects(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < sizeof defects / sizeof *defects; i++) {
        write_text(f->path, defects[i].text);
        gr_record r;
        memset(&r, 0x5a, sizeof r);     /* garbage in: must come back empty */
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_record_load(&r, f->path, &err), -1);
        char want[GR_ERROR_MAX];
        snprintf(want, sizeof want, "%s: %s", f->path, defects[i].msg);
        if (strcmp(err.msg, want) != 0) {
            print_error("defect %zu: got \"%s\"\n", i, err.msg);
            fail_msg("defect %zu: want \"%s\"", i, want);
        }
        assert_null(r.scenario);
        assert_null(r.actions);
        assert_null(r.rolls);
        assert_int_equal(r.nactions, 0);
        assert_int_equal(r.nrolls, 0);
        gr_record_free(&r);
    }
}

static void test_record_load_syntax_error(void **state)
{
    fixture *f = *state;
    write_text(f->path, "{\"format\": \"grognard-record\",\n \"version\": 1,,}");
    gr_record r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_load(&r, f->path, &err), -1);
    char want[200];
    snprintf(want, sizeof want, "%s:2:", f->path);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_null(r.scenario);
    gr_record_free(&r);

    /* a duplicated key is refused too */
    write_text(f->path, "{\"seed\": 1, \"seed\": 2}");
    gr_error_clear(&err);
    assert_int_equal(gr_record_load(&r, f->path, &err), -1);
    assert_non_null(strstr(err.msg, "duplicate"));
    gr_record_free(&r);
}

static void test_record_load_missing_file(void **state)
{
    fixture *f = *state;
    gr_record r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_load(&r, f->path, &err), -1);
    char want[200];
    snprintf(want, sizeof want, "cannot open %s: No such file or directory", f->path);
    assert_string_equal(err.msg, want);
    gr_record_free(&r);
}

static void test_record_corrupt_leaves_no_partial(void **state)
{
    /* the defect is in the very last die, after the scenario, all actions
     * and most rolls were taken in: nothing of them may remain or leak */
    fixture *f = *state;
    write_text(f->path,
               "{" GOOD_HEAD GOOD_SEED GOOD_SCN
               "\"actions\": [\"1 hold\", \"2 advance to A\", \"3 hold\"],"
               " \"rolls\": [1, 2, 3, 4, 5, 6, 101]}");
    gr_record r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_load(&r, f->path, &err), -1);
    assert_non_null(strstr(err.msg, "$.rolls[6]: expected a die face 1..100"));
    assert_null(r.scenario);
    assert_null(r.actions);
    assert_null(r.rolls);
    assert_int_equal(r.nactions, 0);
    assert_int_equal(r.cap, 0);
    assert_int_equal(r.nrolls, 0);
    assert_int_equal(r.rolls_cap, 0);
    assert_true(r.seed == 0);
    assert_string_equal(r.ruleset, "");
    gr_record_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_record_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_empty_and_small_seed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_init_without_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_save_bad_utf8, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_seed_forms, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_load_defects, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_load_syntax_error, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_load_missing_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_corrupt_leaves_no_partial, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
