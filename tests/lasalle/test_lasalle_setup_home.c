/* test_lasalle_setup_home.c - Home Field Advantage in Set Up the Game
 * [H, p.76] with scripted dice: who has it (the list's rule, and asking to
 * defend); the short-edge setup (the defender within 10 BW of a short edge,
 * the attacker within 20 BW of the other, the customising picks between
 * them); the long-edge choice (the attacker sets up first); the defender's
 * last pick taking the attacker's away; and whole set-ups whose scenarios
 * load with the rule, units facing across the table (rulings R-121..R-123). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/lasalle/setup/setup.h"
#include "lasalle_book_fixture.h"
#include "lasalle_setup_fixture.h"

/* side `side` plays list `list`, having asked for `want`; side `def` defends */
static void sides(ls_setup_fix *f, const char *list0, int want0, const char *list1, int want1, int def)
{
    const char *lists[2] = {list0, list1};
    int want[2] = {want0, want1};
    for (int k = 0; k < 2; k++) {
        f->S.army[k] = calloc(1, sizeof *f->S.army[k]);
        assert_non_null(f->S.army[k]);
        f->S.army[k]->role = (uint8_t)(k == def ? LASALLE_LIST_ROLE_DEFENDER : LASALLE_LIST_ROLE_ATTACKER);
        assert_int_equal(lasalle_list_find(f->S.book, lists[k], &f->S.ref[k], &f->err), 0);
        f->S.want[k] = want[k];
    }
    f->S.defender = def;
    f->S.attacker = 1 - def;
}

static void fix_free(ls_setup_fix *f)
{
    free(f->S.army[0]);
    free(f->S.army[1]);
}

/* [H, p.76; K Spain, K Russia]: Spain has it against anyone; Russia's Empire Infantry Division has it; only a
 * defender who asked to defend; France never */
static void test_h76_who_has_it(void **state)
{
    ls_setup_fix f;
    ls_setup_fix_init(&f, *state, NULL, 0);
    sides(&f, "france-infantry-division-peninsula", LASALLE_LIST_ROLE_ATTACKER, "spain-infantry-division-peninsula",
          LASALLE_LIST_ROLE_DEFENDER, 1);
    assert_true(lasalle_setup_home_offered(&f.S));
    f.S.want[1] = LASALLE_LIST_ROLE_ATTACKER; /* he lost the roll-off for the attack */
    assert_false(lasalle_setup_home_offered(&f.S));
    fix_free(&f);
    ls_setup_fix_init(&f, *state, NULL, 0);
    sides(&f, "russia-infantry-division-empire", LASALLE_LIST_ROLE_DEFENDER, "france-infantry-division-empire",
          LASALLE_LIST_ROLE_ATTACKER, 0);
    assert_true(lasalle_setup_home_offered(&f.S));
    fix_free(&f);
    ls_setup_fix_init(&f, *state, NULL, 0);
    sides(&f, "russia-infantry-division-liberation", LASALLE_LIST_ROLE_DEFENDER, "france-infantry-division-empire",
          LASALLE_LIST_ROLE_ATTACKER, 0);
    assert_false(lasalle_setup_home_offered(&f.S));
    fix_free(&f);
    ls_setup_fix_init(&f, *state, NULL, 0);
    sides(&f, "spain-infantry-division-peninsula", LASALLE_LIST_ROLE_ATTACKER, "france-infantry-division-empire",
          LASALLE_LIST_ROLE_DEFENDER, 1);
    assert_false(lasalle_setup_home_offered(&f.S)); /* France defends: no such rule */
    fix_free(&f);
}

/* a policy die of 1-3 takes the short-edge setup; the edge whose half holds more cover and height: a
 * town base in the east half, so the east; zones 10 and 20 BW deep along the whole short edges */
static void test_h76_short_edge_zones(void **state)
{
    ls_setup_fix f;
    const int faces[] = {2};
    ls_setup_fix_init(&f, *state, faces, 1);
    sides(&f, "france-infantry-division-peninsula", LASALLE_LIST_ROLE_ATTACKER, "spain-infantry-division-peninsula",
          LASALLE_LIST_ROLE_DEFENDER, 1);
    lasalle_setup_shape(LASALLE_PK_TOWN, 40, 16, &f.S.piece[f.S.npieces++]);
    f.S.piece[0].gtype = LASALLE_G_TOWN;
    assert_int_equal(lasalle_setup_edges_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.home, LASALLE_HOME_SHORT_EDGE);
    assert_int_equal(f.S.home_edge, LASALLE_EDGE_EAST);
    double z[4];
    assert_int_equal(lasalle_setup_zone_of(&f.S, 1, z), LASALLE_EDGE_EAST);
    assert_float_equal(z[0], 38, 1e-9);
    assert_float_equal(z[2], 48, 1e-9);
    assert_float_equal(z[1], 0, 1e-9);
    assert_float_equal(z[3], 32, 1e-9);
    assert_int_equal(lasalle_setup_zone_of(&f.S, 0, z), LASALLE_EDGE_WEST);
    assert_float_equal(z[0], 0, 1e-9);
    assert_float_equal(z[2], 20, 1e-9);
    fix_free(&f);
}

/* a policy die of 4-6 takes the long-edge choice: the defender picks his long edge as usual and the
 * attacker sets up first; the zones are the book's long-edge zones */
static void test_h76_long_edge_choice(void **state)
{
    ls_setup_fix f;
    const int faces[] = {5};
    ls_setup_fix_init(&f, *state, faces, 1);
    sides(&f, "france-infantry-division-peninsula", LASALLE_LIST_ROLE_ATTACKER, "spain-infantry-division-peninsula",
          LASALLE_LIST_ROLE_DEFENDER, 1);
    assert_int_equal(lasalle_setup_edges_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.home, LASALLE_HOME_LONG_EDGE);
    assert_false(f.S.defender_first);
    double z[4], want[4];
    assert_int_equal(lasalle_setup_zone_of(&f.S, 1, z), LASALLE_EDGE_NORTH);
    lasalle_setup_zone(1, want);
    for (int k = 0; k < 4; k++) assert_float_equal(z[k], want[k], 1e-9);
    fix_free(&f);
}

/* R-123 [H, p.76]: the defender's last pick takes the attacker's pick away (the attacker's woods gone, no die
 * for the third pick); without the rule the third pick is rolled as usual */
static void test_h76_last_pick_removes_the_attackers(void **state)
{
    ls_setup_fix f;
    /* defender passes (1), attacker woods (3) column 3, row 2 */
    const int faces[] = {1, 3, 3, 2};
    ls_setup_fix_init(&f, *state, faces, 4);
    f.S.attacker = 0;
    f.S.defender = 1;
    f.S.home = LASALLE_HOME_LONG_EDGE;
    assert_int_equal(lasalle_setup_custom_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.npieces, 0);
    assert_int_equal(f.d.pos, 4);
    /* the same dice without the rule: the woods stay and the third pick wants its die */
    const int more[] = {1, 3, 3, 2, 1};
    ls_setup_fix_init(&f, *state, more, 5);
    f.S.attacker = 0;
    f.S.defender = 1;
    assert_int_equal(lasalle_setup_custom_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.npieces, 1);
    assert_int_equal(f.S.piece[0].gtype, LASALLE_G_WOODS);
    assert_int_equal(f.d.pos, 5);
}

/* in the short-edge setup a customising pick stands between the zones, in its placer's half: the
 * defender (west) places a town base in the west half of the band x 10..28, its centre at most at x 19 */
static void test_h76_short_edge_picks_between_the_zones(void **state)
{
    ls_setup_fix f;
    /* defender: town base (5), column 1, row 6; attacker passes; defender passes */
    const int faces[] = {5, 1, 6, 2, 1};
    ls_setup_fix_init(&f, *state, faces, 5);
    f.S.attacker = 1;
    f.S.defender = 0;
    f.S.home = LASALLE_HOME_SHORT_EDGE;
    f.S.home_edge = LASALLE_EDGE_WEST;
    assert_int_equal(lasalle_setup_custom_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.npieces, 1);
    double x0 = 1e9, x1 = -1e9;
    for (int i = 0; i < f.S.piece[0].npts; i++) {
        x0 = fmin(x0, f.S.piece[0].pts[i].x);
        x1 = fmax(x1, f.S.piece[0].pts[i].x);
    }
    assert_true(x0 > 10 && x1 < 28);          /* clear of both zones */
    assert_float_equal((x0 + x1) / 2, 19, 1e-9); /* row 6: the east end of the defender's half of the band */
}

static void check_short_edge(json_t *root, json_t *home);

/* whole set-ups with the short-edge setup: the scenario names the rule and loads (the loader checks the
 * zones, H p.76); the defender's units face east from the west edge, the attacker's west */
static void test_h76_whole_short_edge_setup(void **state)
{
    const char *what[2] = {"france-infantry-division-peninsula", "spain-infantry-division-peninsula"};
    gr_error err;
    int shorts = 0;
    /* seeds 13..18 of this stream: three short-edge set-ups (13, 15, 18) among long-edge ones */
    for (unsigned long long seed = 13; seed <= 18; seed++) {
        gr_dice d;
        gr_dice_init_rng(&d, seed, 5);
        json_t *root = lasalle_setup_generate(*state, what, &d, NULL, seed, &err);
        if (!root) fail_msg("seed %llu: %s", seed, err.msg);
        if (lasalle_setup_check(root, &err)) fail_msg("seed %llu: %s", seed, err.msg);
        json_t *home = json_object_get(json_array_get(json_object_get(root, "sides"), 1), "home_field");
        if (home && !strcmp(json_string_value(json_object_get(home, "setup")), "short_edge")) {
            check_short_edge(root, home);
            shorts++;
        }
        json_decref(root);
    }
    assert_int_equal(shorts, 3);
}

/* the units of a short-edge battle: each side's facing across the table, within its depth of its edge */
static void check_short_edge(json_t *root, json_t *home)
{
    int west = !strcmp(json_string_value(json_object_get(home, "edge")), "west");
    for (int side = 0; side < 2; side++) {
        json_t *sj = json_array_get(json_object_get(root, "sides"), (size_t)side);
        double want = (side == 1) == west ? 0 : 180;
        size_t f, i;
        json_t *fo, *u;
        json_array_foreach(json_object_get(sj, "forces"), f, fo) json_array_foreach(json_object_get(fo, "units"), i, u) {
            assert_float_equal(json_real_value(json_object_get(u, "facing")), want, 1e-9);
            double x = json_real_value(json_array_get(json_object_get(u, "at"), 0));
            double from = (side == 1) == west ? x : LASALLE_SETUP_TABLE_W - x;
            assert_true(from <= (side == 1 ? 10.0 : 20.0));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_h76_who_has_it),
        cmocka_unit_test(test_h76_short_edge_zones),
        cmocka_unit_test(test_h76_long_edge_choice),
        cmocka_unit_test(test_h76_last_pick_removes_the_attackers),
        cmocka_unit_test(test_h76_short_edge_picks_between_the_zones),
        cmocka_unit_test(test_h76_whole_short_edge_setup),
    };
    return cmocka_run_group_tests(tests, ls_book_setup, ls_book_teardown);
}
