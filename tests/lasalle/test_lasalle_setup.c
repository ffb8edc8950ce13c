/* test_lasalle_setup.c - Set Up the Game [J, p.86-91] with scripted dice:
 * the weather table (p.87), the board roll and its table (p.87-89), a
 * board's pieces placed where their dice say, overlaps rolled again
 * (p.90), the roles' roll-off with the list modifiers (p.87), the
 * customising picks kept out of the opponent's zone (p.90), the objective
 * in the defender's zone (p.91), the whole setup's scenario (attacker
 * first, 16 turns, reserves off the table) and the errors for bad input. */
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

/* [J Reinforcements, p.91]: every base within 4 BW of the edge (side 0: y = 0) */
#define LASALLE_ARRIVAL_EDGE_BW_TEST 4.0

static void centre(const lasalle_setup_piece *p, double *x, double *y)
{
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (int i = 0; i < p->npts; i++) {
        x0 = fmin(x0, p->pts[i].x), x1 = fmax(x1, p->pts[i].x);
        y0 = fmin(y0, p->pts[i].y), y1 = fmax(y1, p->pts[i].y);
    }
    *x = (x0 + x1) / 2;
    *y = (y0 + y1) / 2;
}

/* p.87 weather table (ruling R-110): every 2d6 sum */
static void test_j87_weather_table(void **state)
{
    (void)state;
    static const int ground[13] = {0, 0, LASALLE_MUD, LASALLE_MUD, LASALLE_MUD, 0, 0, 0, 0, 0, 0, 0, LASALLE_MUD};
    static const int precip[13] = {0, 0, LASALLE_SNOW, LASALLE_RAIN, 0, 0, 0, 0, 0, 0, 0, LASALLE_RAIN, LASALLE_RAIN};
    for (int sum = 2; sum <= 12; sum++) {
        lasalle_setup_weather w = lasalle_setup_weather_of(sum);
        assert_int_equal(w.ground, ground[sum]);
        assert_int_equal(w.precip, precip[sum]);
    }
}

/* p.87: one player rolls two dice; 1 + 1 = 2 is snow on muddy ground, 6 + 5 = 11 rain on dry ground */
static void test_j87_weather_roll_scripted(void **state)
{
    ls_setup_fix f;
    const int snow[] = {1, 1}, rain[] = {6, 5};
    ls_setup_fix_init(&f, *state, snow, 2);
    assert_int_equal(lasalle_setup_weather_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.weather_sum, 2);
    assert_int_equal(f.S.weather.ground, LASALLE_MUD);
    assert_int_equal(f.S.weather.precip, LASALLE_SNOW);
    ls_setup_fix_init(&f, *state, rain, 2);
    assert_int_equal(lasalle_setup_weather_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.weather.ground, LASALLE_DRY);
    assert_int_equal(f.S.weather.precip, LASALLE_RAIN);
    /* a script that runs out fails with a message, never a made-up weather */
    ls_setup_fix_init(&f, *state, rain, 1);
    assert_int_equal(lasalle_setup_weather_step(&f.S, &f.err), -1);
}

/* p.87-89: A's die counts only odd or even, B's the number; the book's example: even and 6 is The Clearing */
static void test_j87_board_table(void **state)
{
    (void)state;
    assert_string_equal(lasalle_setup_board_name(lasalle_setup_board_of(2, 6)), "The Clearing");
    assert_string_equal(lasalle_setup_board_name(lasalle_setup_board_of(4, 6)), "The Clearing");
    assert_string_equal(lasalle_setup_board_name(lasalle_setup_board_of(6, 1)), "The River Crossing");
    assert_string_equal(lasalle_setup_board_name(lasalle_setup_board_of(1, 1)), "The Valley");
    assert_string_equal(lasalle_setup_board_name(lasalle_setup_board_of(5, 5)), "The Harbor Town");
    assert_string_equal(lasalle_setup_board_name(lasalle_setup_board_of(3, 6)), "The Crossroads");
    int seen[LASALLE_BOARD_COUNT] = {0};
    for (int a = 1; a <= 2; a++)
        for (int b = 1; b <= 6; b++) seen[lasalle_setup_board_of(a, b)]++;
    for (int k = 0; k < LASALLE_BOARD_COUNT; k++) assert_int_equal(seen[k], 1);
}

/* p.87 and ruling: The Clearing (even, 6) is four woods and a hill, each at the column and row
 * its two dice give: columns are sixths of the 48 BW width, rows the band between the 6 BW setup zones */
static void test_j87_board_clearing_scripted(void **state)
{
    ls_setup_fix f;
    const int faces[] = {2, 6, /* woods */ 1, 1, 6, 1, 1, 6, 6, 6, /* hill */ 3, 3};
    ls_setup_fix_init(&f, *state, faces, (int)(sizeof faces / sizeof *faces));
    assert_int_equal(lasalle_setup_board_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.board, LASALLE_BOARD_CLEARING);
    assert_int_equal(f.S.npieces, 5);
    /* woods 7 x 5 BW: rows from 6 + 1 + 2.5 = 9.5 to 32 - 9.5 = 22.5 */
    const double want[5][2] = {{4, 9.5}, {44, 9.5}, {4, 22.5}, {44, 22.5}, {20, 9.5 + 13.0 * 2 / 5}};
    for (int k = 0; k < 5; k++) {
        double x, y;
        centre(&f.S.piece[k], &x, &y);
        assert_float_equal(x, want[k][0], 1e-9);
        assert_float_equal(y, want[k][1], 1e-9);
    }
    assert_int_equal(f.S.piece[0].gtype, LASALLE_G_WOODS);
    assert_int_equal(f.S.piece[4].gtype, LASALLE_G_HILL);
    assert_string_equal(f.S.piece[4].name, "Hill 1");
    assert_int_equal(f.d.pos, f.d.nscript);
}

/* p.90 (areas at most 8 BW across, no overlap): a second woods rolled onto the first is rolled again */
static void test_j90_overlap_rolled_again(void **state)
{
    ls_setup_fix f;
    const int faces[] = {3, 3, /* the second, onto the first */ 3, 3, /* again */ 5, 3};
    ls_setup_fix_init(&f, *state, faces, 6);
    assert_int_equal(lasalle_setup_place(&f.S, LASALLE_PK_WOODS, -1, &f.err), 0);
    assert_int_equal(lasalle_setup_place(&f.S, LASALLE_PK_WOODS, -1, &f.err), 1);
    double x, y;
    centre(&f.S.piece[1], &x, &y);
    assert_float_equal(x, 36, 1e-9);
    for (int k = 0; k < 2; k++) {
        double x0 = 1e9, x1 = -1e9;
        for (int i = 0; i < f.S.piece[k].npts; i++)
            x0 = fmin(x0, f.S.piece[k].pts[i].x), x1 = fmax(x1, f.S.piece[k].pts[i].x);
        assert_true(x1 - x0 <= LASALLE_SETUP_AREA_MAX_BW);
    }
}

/* p.90 (a river crossing, ruling R-113): a river across the table, its ford where a die says, and a road
 * over it on a bridge */
static void test_j90_river_bridge_and_ford(void **state)
{
    ls_setup_fix f;
    const int faces[] = {/* river */ 3, 4, /* ford */ 1, /* road */ 4, 3};
    ls_setup_fix_init(&f, *state, faces, 5);
    assert_int_equal(lasalle_setup_place(&f.S, LASALLE_PK_RIVER, -1, &f.err), 0);
    assert_true(lasalle_setup_place(&f.S, LASALLE_PK_ROAD_NS, -1, &f.err) > 0);
    int fords = 0, bridges = 0;
    for (int k = 0; k < f.S.npieces; k++) {
        fords += f.S.piece[k].gtype == LASALLE_G_FORD;
        bridges += f.S.piece[k].gtype == LASALLE_G_BRIDGE;
    }
    assert_int_equal(fords, 1);
    assert_int_equal(bridges, 1);
    assert_float_equal(f.S.piece[1].pts[0].x, 4, 1e-9); /* the ford in the first sixth */
    assert_float_equal(f.S.piece[1].width, LASALLE_SETUP_FORD_W, 1e-9);
}

static void army_of(ls_setup_fix *f, int side, const char *list, int role)
{
    f->S.army[side] = calloc(1, sizeof *f->S.army[side]);
    assert_non_null(f->S.army[side]);
    f->S.army[side]->role = (uint8_t)role;
    assert_int_equal(lasalle_list_find(f->S.book, list, &f->S.ref[side], &f->err), 0);
}

/* p.87: both ask to defend; Spain's Defend +2 is added, Russia's Defend +1 too; 3+2 = 4+1 ties and is rolled
 * again; 2+2 beats 1+1: Spain defends */
static void test_j87_roles_rolloff(void **state)
{
    ls_setup_fix f;
    const int faces[] = {3, 4, 2, 1};
    ls_setup_fix_init(&f, *state, faces, 4);
    army_of(&f, 0, "spain-infantry-division-peninsula", LASALLE_LIST_ROLE_DEFENDER);
    army_of(&f, 1, "russia-infantry-division-empire", LASALLE_LIST_ROLE_DEFENDER);
    assert_int_equal(lasalle_setup_roles_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.roll[0], 4);
    assert_int_equal(f.S.roll[1], 2);
    assert_int_equal(f.S.defender, 0);
    assert_int_equal(f.S.attacker, 1);
    free(f.S.army[0]);
    free(f.S.army[1]);
}

/* p.87: a list's modifier counts only for the role it names: France's Attack +1 adds nothing to a French
 * player asking to defend; with no clash no die is rolled */
static void test_j87_roles_modifier_only_for_its_role(void **state)
{
    ls_setup_fix f;
    const int faces[] = {4, 4};
    ls_setup_fix_init(&f, *state, faces, 2);
    army_of(&f, 0, "france-infantry-division-empire", LASALLE_LIST_ROLE_DEFENDER);
    army_of(&f, 1, "austria-infantry-division-empire", LASALLE_LIST_ROLE_DEFENDER);
    assert_int_equal(lasalle_setup_roles_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.roll[0], 4); /* no +1: he asked to defend */
    assert_int_equal(f.S.roll[1], 5); /* Austria's Defend +1 */
    assert_int_equal(f.S.defender, 1);
    f.S.army[0]->role = LASALLE_LIST_ROLE_ATTACKER;
    gr_dice none;
    gr_dice_init_script(&none, faces, 0);
    f.S.dice = &none;
    assert_int_equal(lasalle_setup_roles_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.attacker, 0);
    assert_int_equal(none.pos, 0);
    free(f.S.army[0]);
    free(f.S.army[1]);
}

/* p.90: picks go defender, attacker, defender, and none lands in the opponent's setup zone: here the
 * defender (side 1) adds a town base, the attacker passes, the defender adds woods */
static void test_j90_customise_order_and_zones(void **state)
{
    ls_setup_fix f;
    const int faces[] = {5, 2, 6, 1, 3, 6, 6};
    ls_setup_fix_init(&f, *state, faces, 7);
    f.S.attacker = 0;
    f.S.defender = 1;
    assert_int_equal(lasalle_setup_custom_step(&f.S, &f.err), 0);
    assert_int_equal(f.S.npieces, 2);
    assert_int_equal(f.S.piece[0].gtype, LASALLE_G_TOWN);
    assert_int_equal(f.S.piece[0].owner, 1);
    assert_int_equal(f.S.piece[1].gtype, LASALLE_G_WOODS);
    double z[4];
    lasalle_setup_zone(0, z);
    for (int k = 0; k < f.S.npieces; k++)
        for (int i = 0; i < f.S.piece[k].npts; i++) assert_true(f.S.piece[k].pts[i].y > z[3]);
    /* the town base in column 2 of the north half: x 12 */
    double x, y;
    centre(&f.S.piece[0], &x, &y);
    assert_float_equal(x, 12, 1e-9);
    assert_true(y > LASALLE_SETUP_TABLE_H / 2);
}

/* p.91: the attacker puts the objective in the defender's zone (policy R-118: its middle depth, the sixth
 * of its width a die gives, here the first: x 9, y 29); placed in the open, the defender may move it up to
 * 8 BW, staying in his zone: he takes it onto the nearest point of a hill in reach */
static void test_j91_objective(void **state)
{
    ls_setup_fix f;
    const int faces[] = {1, 1};
    ls_setup_fix_init(&f, *state, faces, 2);
    f.S.attacker = 0;
    f.S.defender = 1;
    /* a hill already under the marker: it stays */
    lasalle_setup_shape(LASALLE_PK_HILL, 12, 29, &f.S.piece[f.S.npieces++]);
    assert_int_equal(lasalle_setup_objective_step(&f.S, &f.err), 0);
    assert_float_equal(f.S.obj_x, 9, 1e-9);
    assert_float_equal(f.S.obj_y, 29, 1e-9);
    /* a hill 7 BW off (its west edge at x 16): he moves it there, 7 BW, inside his zone */
    f.S.npieces = 0;
    lasalle_setup_shape(LASALLE_PK_HILL, 20, 29, &f.S.piece[f.S.npieces++]);
    assert_int_equal(lasalle_setup_objective_step(&f.S, &f.err), 0);
    assert_float_equal(f.S.obj_x, 16, 1e-9);
    assert_float_equal(f.S.obj_y, 29, 1e-9);
    double z[4];
    lasalle_setup_zone(1, z);
    assert_true(f.S.obj_y >= z[1] && f.S.obj_y <= z[3]);
}

/* the whole procedure: the scenario loads, the attacker takes turn 1 (p.91), 16 turns (p.66), the
 * objective is the defender's; the same seed gives the same scenario */
static void test_j86_whole_setup(void **state)
{
    const char *what[2] = {"france-infantry-division-empire", "russia-infantry-division-empire"};
    gr_error err;
    char *text[2];
    for (int k = 0; k < 2; k++) {
        gr_dice d;
        gr_dice_init_rng(&d, 11, 5);
        json_t *root = lasalle_setup_generate(*state, what, &d, NULL, 11, &err);
        assert_non_null(root);
        assert_int_equal(lasalle_setup_check(root, &err), 0);
        int first = (int)json_integer_value(json_object_get(root, "first"));
        int def = (int)json_integer_value(json_object_get(root, "defender"));
        assert_int_equal(first, 1 - def);
        assert_int_equal(json_integer_value(json_object_get(root, "turns")), LASALLE_SETUP_TURNS);
        json_t *ob = json_array_get(json_object_get(root, "objectives"), 0);
        assert_int_equal(json_integer_value(json_object_get(ob, "owner")), def);
        double x = json_real_value(json_object_get(ob, "x")), y = json_real_value(json_object_get(ob, "y")), z[4];
        json_t *home = json_object_get(json_array_get(json_object_get(root, "sides"), (size_t)def), "home_field");
        if (home && !strcmp(json_string_value(json_object_get(home, "setup")), "short_edge")) {
            /* Russia's Home Field Advantage [H, p.76]: the short-edge setup, the objective within 10 BW of it */
            int west = !strcmp(json_string_value(json_object_get(home, "edge")), "west");
            assert_true(west ? x <= 10 : x >= LASALLE_SETUP_TABLE_W - 10);
        } else {
            lasalle_setup_zone(def, z);
            assert_true(y >= z[1] && y <= z[3]);
        }
        text[k] = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
        json_decref(root);
    }
    assert_string_equal(text[0], text[1]);
    free(text[0]);
    free(text[1]);
}

/* [K Spain]: the scenario of a set-up game names Spain's national rules for the Spanish side only */
static void test_k_spain_rules_in_the_scenario(void **state)
{
    const char *what[2] = {"spain-infantry-division-peninsula", "france-infantry-division-empire"};
    gr_error err;
    gr_dice d;
    gr_dice_init_rng(&d, 7, 5);
    json_t *root = lasalle_setup_generate(*state, what, &d, NULL, 7, &err);
    if (!root) fail_msg("%s", err.msg);
    assert_int_equal(lasalle_setup_check(root, &err), 0);
    for (int side = 0; side < 2; side++) {
        json_t *rules = json_object_get(json_array_get(json_object_get(root, "sides"), (size_t)side), "rules");
        int viva = 0, back = 0;
        size_t i;
        json_t *r;
        json_array_foreach(rules, i, r) {
            viva |= !strcmp(json_string_value(r), "viva_espana");
            back |= !strcmp(json_string_value(r), "theyll_be_back");
        }
        assert_int_equal(viva, side == 0);
        assert_int_equal(back, side == 0);
    }
    json_decref(root);
}

/* p.91: a reserve brigade arrives later: its Force rolls 2d6 ("arrives"), its units wait within 4 BW of
 * the owner's edge, guns limbered, the rest of the army deployed in the zone */
static void test_j91_reserves_arrive_later(void **state)
{
    const char *r = getenv("GROGNARD_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/data/lasalle/armies/examples/france-guard-division-1809.json", r && *r ? r : ".");
    const char *what[2] = {path, "austria-infantry-division-empire"};
    gr_error err;
    gr_dice d;
    gr_dice_init_rng(&d, 3, 5);
    json_t *root = lasalle_setup_generate(*state, what, &d, NULL, 3, &err);
    if (!root) fail_msg("%s", err.msg);
    assert_int_equal(lasalle_setup_check(root, &err), 0);
    json_t *forces = json_object_get(json_array_get(json_object_get(root, "sides"), 0), "forces");
    int arriving = 0;
    size_t f, i;
    json_t *fo, *u;
    json_array_foreach(forces, f, fo) {
        json_t *arr = json_object_get(fo, "arrives");
        if (!arr) continue;
        arriving++;
        assert_string_equal(json_string_value(json_object_get(arr, "dice")), "2d6");
        json_array_foreach(json_object_get(fo, "units"), i, u) {
            double y = json_real_value(json_array_get(json_object_get(u, "at"), 1));
            assert_true(y <= LASALLE_ARRIVAL_EDGE_BW_TEST);
            if (!strcmp(json_string_value(json_object_get(u, "type")), "artillery"))
                assert_string_equal(json_string_value(json_object_get(u, "formation")), "limbered");
        }
    }
    assert_int_equal(arriving, 2); /* Guard cavalry and Old Guard, both reserves in the file */
    json_decref(root);
}

/* bad input: a missing file, an unknown list, each named in the message */
static void test_setup_bad_input(void **state)
{
    gr_error err;
    gr_dice d;
    gr_dice_init_rng(&d, 1, 5);
    const char *missing[2] = {"no/such/army.json", "france-infantry-division-empire"};
    assert_null(lasalle_setup_generate(*state, missing, &d, NULL, 1, &err));
    assert_non_null(strstr(err.msg, "no/such/army.json: no such army file"));
    const char *unknown[2] = {"france-infantry-division-empire", "prussia-cavalry-corps"};
    assert_null(lasalle_setup_generate(*state, unknown, &d, NULL, 1, &err));
    assert_non_null(strstr(err.msg, "prussia-cavalry-corps: no such army file, and no army list"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_j87_weather_table),
        cmocka_unit_test_setup_teardown(test_j87_weather_roll_scripted, ls_book_setup, ls_book_teardown),
        cmocka_unit_test(test_j87_board_table),
        cmocka_unit_test_setup_teardown(test_j87_board_clearing_scripted, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j90_overlap_rolled_again, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j90_river_bridge_and_ford, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j87_roles_rolloff, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j87_roles_modifier_only_for_its_role, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j90_customise_order_and_zones, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j91_objective, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j86_whole_setup, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_k_spain_rules_in_the_scenario, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_j91_reserves_arrive_later, ls_book_setup, ls_book_teardown),
        cmocka_unit_test_setup_teardown(test_setup_bad_input, ls_book_setup, ls_book_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
