/* test_lasalle_army_gen.c - the Army Builder's dice and the random army
 * generator (engine/lasalle/armylist): over 100 seeds for every list, both
 * roles and 0-3 support choices, every generated army passes the checker;
 * the same seed gives the same army; subcommander rolls follow each
 * nation's table and modifiers (scripted dice); the Unpredictable esprit
 * roll with the Spanish bonus; the values units play with; and army files
 * that round-trip unchanged. Files are found under $GROGNARD_ROOT. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/lasalle/armylist/armylist.h"
#include "../../engine/core/fsutil.h"
#include "lasalle_book_fixture.h"

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

static lasalle_army *army_file(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/lasalle/armies/examples/%s", root_dir(), rel);
    gr_error err;
    lasalle_army *a = lasalle_army_load_file(path, &err);
    if (!a) fail_msg("army %s should load: %s", rel, err.msg);
    return a;
}

/* the text of an army as its file, malloc'd */
static char *army_text(const lasalle_army *a)
{
    char path[] = "/tmp/grognard-lasalle-gen-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    gr_error err;
    if (lasalle_army_write_file(a, path, &err)) fail_msg("%s", err.msg);
    size_t len;
    char *text = gr_read_file(path, 1 << 20, &len, &err);
    unlink(path);
    assert_non_null(text);
    return text;
}

/* K p.93-95: 100 seeds per list, both roles, 0-3 support choices: always legal */
static void test_k_generator_always_legal(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = calloc(1, sizeof *a);
    lasalle_army_report *r = calloc(1, sizeof *r);
    assert_non_null(a);
    assert_non_null(r);
    lasalle_list_ref l;
    char id[96];
    int lists = 0;
    for (int i = 0; !lasalle_list_nth(B, i, &l); i++, lists++)
        for (unsigned seed = 0; seed < 100; seed++) {
            lasalle_army_gen_opts o = {(uint8_t)(seed % 2), (int)(seed % 4)};
            gr_dice d;
            gr_dice_init_rng(&d, seed, 7);
            gr_error err;
            lasalle_list_id(B, &l, id, sizeof id);
            if (lasalle_army_generate(B, &l, &o, &d, a, &err)) fail_msg("%s seed %u: %s", id, seed, err.msg);
            if (lasalle_army_check(B, a, r)) {
                for (int k = 0; k < r->nbreaches; k++) fprintf(stderr, "  %s\n", r->b[k].msg);
                fail_msg("%s seed %u: the generated army breaks its list", id, seed);
            }
            int support = 0;
            for (int f = 0; f < a->nforces; f++) {
                support += a->forces[f].support;
                assert_true(a->forces[f].sub.has_vigor && a->forces[f].sub.has_tactics);
            }
            assert_int_equal(support, o.support);
            assert_int_equal(a->nforces - support, 1 + o.role);
        }
    assert_int_equal(lists, 31);
    free(a);
    free(r);
}

/* the same seed gives the same army; other seeds give others */
static void test_k_generator_deterministic(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_list_ref l;
    gr_error err;
    assert_int_equal(lasalle_list_find(B, "france-infantry-division-empire", &l, &err), 0);
    lasalle_army *a = calloc(1, sizeof *a);
    assert_non_null(a);
    lasalle_army_gen_opts o = {LASALLE_LIST_ROLE_ATTACKER, 3};
    char *text[3];
    for (int k = 0; k < 3; k++) {
        gr_dice d;
        gr_dice_init_rng(&d, k < 2 ? 42 : 43, 7);
        assert_int_equal(lasalle_army_generate(B, &l, &o, &d, a, &err), 0);
        text[k] = army_text(a);
    }
    assert_string_equal(text[0], text[1]);
    assert_true(strcmp(text[0], text[2]) != 0);
    for (int k = 0; k < 3; k++) free(text[k]);
    free(a);
}

/* K p.95: each subcommander rolls vigor, then tactics, on his own table */
static void test_k_subcommander_rolls(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("france-infantry-division-1813.json");
    gr_dice d;
    gr_error err;
    static const int f1[] = {5, 1};
    gr_dice_init_script(&d, f1, 2);
    assert_int_equal(lasalle_army_roll_subcommander(B, a, 0, &d, &err), 0);
    assert_int_equal(a->forces[0].sub.vigor, 1);
    assert_int_equal(a->forces[0].sub.tactics, LASALLE_LIST_TAC_POOR);
    assert_int_equal(a->forces[0].sub.vigor_roll, 5);
    static const int f2[] = {5, 5}; /* Polish: the minor states' table, +1 to both */
    gr_dice_init_script(&d, f2, 2);
    assert_int_equal(lasalle_army_roll_subcommander(B, a, 3, &d, &err), 0);
    assert_int_equal(a->forces[3].sub.vigor, 1);
    assert_int_equal(a->forces[3].sub.tactics, LASALLE_LIST_TAC_GOOD);
    static const int f3[] = {3};
    gr_dice_init_script(&d, f3, 1);
    assert_int_equal(lasalle_army_roll_subcommander(B, a, 1, &d, &err), -1);
    assert_true(strlen(err.msg) > 0);
    free(a);
    a = army_file("austria-avant-garde-1809.json");
    static const int f4[] = {2, 6}; /* Avant-Garde: +1 to vigor only */
    gr_dice_init_script(&d, f4, 2);
    assert_int_equal(lasalle_army_roll_subcommander(B, a, 0, &d, &err), 0);
    assert_int_equal(a->forces[0].sub.vigor, 0);
    assert_int_equal(a->forces[0].sub.tactics, LASALLE_LIST_TAC_GOOD);
    free(a);
}

/* H p.76 and K Spain: 1-3 Shaky, 4-5 Reliable for the combat, 6 Valiant; Spain +1 dug in or in a town */
static void test_h_unpredictable_roll(void **state)
{
    const lasalle_list_book *B = *state;
    static const int faces[] = {3, 4, 5, 6, 5, 2};
    gr_dice d;
    gr_dice_init_script(&d, faces, 6);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 0, NULL), LASALLE_ARMY_UNPRED_SHAKY);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 0, NULL), LASALLE_ARMY_UNPRED_RELIABLE);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 0, NULL), LASALLE_ARMY_UNPRED_RELIABLE);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 0, NULL), LASALLE_ARMY_UNPRED_VALIANT);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 1, "Viva Espana!"), LASALLE_ARMY_UNPRED_VALIANT);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 1, NULL), LASALLE_ARMY_UNPRED_SHAKY);
    assert_int_equal(lasalle_army_roll_unpredictable(&d, 0, NULL), -1); /* the script is used up */
    lasalle_army *a = army_file("spain-infantry-division-1809.json");
    assert_int_equal(lasalle_army_unpredictable_bonus(B, a, 0), 1);
    free(a);
    a = army_file("prussia-infantry-brigade-1815.json");
    assert_int_equal(lasalle_army_unpredictable_bonus(B, a, 0), 0);
    free(a);
}

/* the values units play with: sizes, SK with received bases, exchanges, morale */
static void test_k_unit_stats(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("austria-avant-garde-1809.json");
    lasalle_army_stats s;
    gr_error err;
    assert_int_equal(lasalle_army_unit_stats(B, a, 0, 0, &s, &err), 0); /* Grenz (+), irregular, half deployed */
    assert_int_equal(s.bases, 4);
    assert_int_equal(s.discipline, LASALLE_LIST_DISC_IRREGULAR);
    assert_int_equal(s.sk, 2);
    assert_int_equal(s.morale, 2);
    assert_int_equal(lasalle_army_unit_stats(B, a, 0, 1, &s, &err), 0); /* Infantry (+) with 2 SK bases */
    assert_int_equal(s.bases, 6);
    assert_int_equal(s.sk, 3);
    assert_int_equal(s.morale, 3);
    assert_int_equal(lasalle_army_unit_stats(B, a, LASALLE_ARMY_INDEP, 0, &s, &err), 0);
    assert_int_equal(s.discipline, LASALLE_LIST_DISC_IRREGULAR);
    free(a);
    a = army_file("britain-light-division-1811.json");
    assert_int_equal(lasalle_army_unit_stats(B, a, 0, 5, &s, &err), 0);
    assert_int_equal(s.swap, LASALLE_ARMY_SWAP_ROCKETS);
    assert_int_equal(s.bases, 3);
    free(a);
    a = army_file("prussia-infantry-brigade-1815.json");
    assert_int_equal(lasalle_army_unit_stats(B, a, 0, 7, &s, &err), 0);
    assert_int_equal(s.howitzers, 4);
    assert_false(s.horse);
    free(a);
    a = army_file("russia-infantry-division-1812.json");
    assert_int_equal(lasalle_army_unit_stats(B, a, 2, 6, &s, &err), 0); /* Russian horse battery: 5 bases */
    assert_true(s.horse);
    assert_int_equal(s.bases, 5);
    assert_int_equal(lasalle_army_unit_stats(B, a, 1, 0, &s, &err), 0);
    assert_int_equal(s.esprit, LASALLE_LIST_ESP_UNPREDICTABLE);
    assert_int_equal(lasalle_army_unit_stats(B, a, 9, 0, &s, &err), -1);
    free(a);
}

/* an army file written and read back is the same file */
static void test_k_army_round_trip(void **state)
{
    const lasalle_list_book *B = *state;
    static const char *const files[] = {"austria-avant-garde-1809.json", "france-infantry-division-1813.json",
                                        "spain-infantry-division-1809.json"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        lasalle_army *a = army_file(files[i]);
        char *t1 = army_text(a);
        char path[] = "/tmp/grognard-lasalle-rt-XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        close(fd);
        gr_error err;
        assert_int_equal(lasalle_army_write_file(a, path, &err), 0);
        lasalle_army *b = lasalle_army_load_file(path, &err);
        unlink(path);
        assert_non_null(b);
        char *t2 = army_text(b);
        assert_string_equal(t1, t2);
        lasalle_army_report *r = calloc(1, sizeof *r);
        assert_non_null(r);
        assert_int_equal(lasalle_army_check(B, b, r), 0);
        free(r);
        free(t1);
        free(t2);
        free(a);
        free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k_generator_always_legal),
        cmocka_unit_test(test_k_generator_deterministic),
        cmocka_unit_test(test_k_subcommander_rolls),
        cmocka_unit_test(test_h_unpredictable_roll),
        cmocka_unit_test(test_k_unit_stats),
        cmocka_unit_test(test_k_army_round_trip),
    };
    return cmocka_run_group_tests(tests, ls_book_setup, ls_book_teardown);
}
