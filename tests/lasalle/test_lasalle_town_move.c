/* test_lasalle_town_move.c - moving in and out of town bases [G Towns,
 * p.68-70]: a move that ends in a town base puts the unit wholly inside in
 * March when half its bases get in, and is refused part-way; a town base
 * is rough to every formation but March; passing through, a friendly
 * garrison takes no test; a unit in a town not deployed has no cover in
 * combat; the change to Deployed(Town) in the Activity Phase and as a
 * reaction; a garrison leaving the town in March. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/fallback.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/present.h"
#include "../../engine/lasalle/rules/ground.h"
#include "../../engine/lasalle/rules/tables.h"
#include "../../engine/lasalle/rules/town.h"

/* a 3 x 3 BW wooden town base with its south edge at y = 9, centred on x = 16 */
#define TOWN                                                                                                       \
    ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"points\": [[14.5, 9], [17.5, 9], [17.5, 12], " \
    "[14.5, 12]]}]"
#define GARRISON(name, facing)                                                                                      \
    "{\"name\": \"" name "\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "              \
    "\"discipline\": \"experienced\", \"sk\": 2, \"start\": {\"town_base\": \"Hameau\", \"formation\": "             \
    "\"deployed_town\"}, \"facing\": " #facing "}"

/* a column in March ends its move with three of its four bases in the town base: the whole unit goes in, its
 * front on the far edge; a move ending part-way in is refused [G, p.68] */
static void test_enter_town_in_march(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 5, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_refused(&f, "u0 move 4.5", "1/45e would end partly in a town base");
    assert_true(ls_offers(&f, "u0 move 6"));
    ls_do(&f, "u0 move 6");
    LS_ASSERT_LOGGED(&f, "1/45e ends its move in the town base Hameau in March (G, p.68)");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    LS_ASSERT_NEAR(f.st.u[0].heading, GR_PI / 2);
    ls_free(&f);
}

/* an Attack Column going into a town base moves as through rough ground (Reduced, 2 BW) and becomes March
 * [G, p.68; C, p.24] */
static void test_enter_town_as_column(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "column", 16, 8, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_refused(&f, "u0 move 3", "1/45e has 2 BW to spend (Reduced allowance in column), the move needs 3 BW");
    ls_do(&f, "u0 move 2");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    assert_true(f.st.u[0].flags & LASALLE_UF_ROUGH);
    ls_free(&f);
}

/* a large unit's six bases in March (4 BW of column) do not fit a 3 BW town base in one file: they stand in two
 * files, three bases deep, its front on the far edge ("placed in any arrangement that fits", G p.68; ruling
 * R-50); it may deploy there, and it leaves as a column formed on its front [G, p.68-70] */
static void test_large_unit_in_town_in_two_files(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "march", 16, 7, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_do(&f, "u0 move 6");
    LS_ASSERT_LOGGED(&f, "1/57e ends its move in the town base Hameau in March, in two files (ruling R-50) (G, p.68)");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    assert_true(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    gr_rect h = lasalle_hull(f.s, &f.st, 0), b[LASALLE_MAX_BASES];
    LS_ASSERT_NEAR(h.w, 2);
    LS_ASSERT_NEAR(h.d, 3 * LASALLE_BASE_DEPTH);
    assert_int_equal(lasalle_bases(f.s, &f.st, 0, b), 6);
    for (int k = 0; k < 6; k++) assert_true(lasalle_bases_in_piece(f.s, &b[k], 1, 0)); /* every base inside */
    assert_int_equal(lasalle_town_of(f.s, &h), 0);
    /* the next turn it deploys in the base: the block becomes the garrison */
    ls_do(&f, "done");
    for (int guard = 0; guard < 100 && !(f.st.active == 0 && f.st.turn.step == LASALLE_ST_ACTIVITY); guard++)
        ls_do(&f, "done");
    ls_do(&f, "u0 form deployed_town");
    assert_int_equal(f.st.u[0].form, LASALLE_TOWN);
    assert_false(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    ls_free(&f);
    /* or it marches on out of the town: a column again, on open ground */
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "march", 16, 7, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_do(&f, "u0 move 6");
    ls_do(&f, "done");
    for (int guard = 0; guard < 100 && !(f.st.active == 0 && f.st.turn.step == LASALLE_ST_ACTIVITY); guard++)
        ls_do(&f, "done");
    ls_do(&f, "u0 move 6");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    assert_false(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    LS_ASSERT_NEAR(f.st.u[0].y, 18);
    h = lasalle_hull(f.s, &f.st, 0);
    LS_ASSERT_NEAR(h.w, 1);
    assert_int_equal(lasalle_town_of(f.s, &h), -1);
    ls_free(&f);
}

/* ruling R-50 [D Falling Back, p.37-39]: a column in two files in a town base that falls back stops in no town
 * base, and goes on as a column in one file: the footprint the fall-back's walk checks. A friend standing where
 * the two files' width would reach (its edge 0.2 BW west of the column's track) is not overlapped */
static void test_two_files_fall_back_as_a_column(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "march", 16, 7, 90) ", "
                   LS_INF("2/57e", "small", "experienced", "column", 13.5, 3, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_do(&f, "u0 move 6");
    assert_true(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    gr_rect two = lasalle_hull(f.s, &f.st, 0);
    LS_ASSERT_NEAR(two.w, 2);
    /* the friend's east edge at x = 15.3: inside the two files' x 15 .. 17, clear of one file's 15.5 .. 16.5 */
    gr_rect g = lasalle_hull(f.s, &f.st, 1);
    ls_place(&f, 1, 15.3 - g.w / 2, 3, 90, LASALLE_COLUMN);
    lasalle_fb out;
    gr_ctx cx = {&f.dice, &f.log, NULL, 0};
    assert_int_equal(lasalle_fallback(f.s, &f.st, 0, 6, 1, &cx, &out), 0);
    assert_int_equal(out, LASALLE_FB_DONE);
    assert_false(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    LS_ASSERT_NEAR(h.w, 1);
    assert_int_equal(lasalle_town_of(f.s, &h), -1);
    LS_ASSERT_NEAR(f.st.u[0].y, 6);
    gr_error err;
    gr_error_clear(&err);
    if (lasalle_check_invariants(f.s, &f.st, &err)) fail_msg("%s", err.msg);
    ls_free(&f);
}

/* ruling R-50 with R-6 [C Interpenetration, p.29]: a column in two files in a town base moves off as a column
 * formed on the block's front, which reaches back past the block onto a friend standing behind it; when the
 * friend fails its test the column stops where it began: in its two files, clear of the friend */
static void test_two_files_stop_against_a_friend(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "march", 16, 7, 90) ", "
            LS_INF("2/57e", "small", "experienced", "line", 4, 3, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_do(&f, "u0 move 6");
    assert_true(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    ls_do(&f, "done");
    for (int guard = 0; guard < 100 && !(f.st.active == 0 && f.st.turn.step == LASALLE_ST_ACTIVITY); guard++)
        ls_do(&f, "done");
    /* the 2nd battalion behind the block, outside the town base (y 8.2 to 8.9), where a column of six bases
     * formed on the block's front (y 8 to 12) would stand */
    ls_place(&f, 1, 16, 8.9, 90, LASALLE_LINE);
    if (f.g.rs->present->check_invariants(f.g.scn, &f.st, &f.err)) fail_msg("invariant: %s", f.err.msg);
    ls_dice(&f, 1, 1); /* 2/57e's discipline test for being passed through: 1, fails */
    ls_do(&f, "u0 move 2");
    LS_ASSERT_LOGGED(&f, "1/57e stops against 2/57e (C, p.29)");
    assert_true(f.st.u[0].flags & LASALLE_UF_TOWN_BLOCK);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    if (f.g.rs->present->check_invariants(f.g.scn, &f.st, &f.err)) fail_msg("invariant: %s", f.err.msg);
    ls_free(&f);
}

/* ruling R-6 [C Interpenetration, p.29; G Towns, p.68]: a column marching through a town base meets a friend
 * standing in it in March; the friend fails its test, and the place where the column would stop against it lies
 * partly in the town base, where no unit may stand: the column stays where it began */
static void test_stop_against_a_friend_not_partly_in_town(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 9, 90) ", "
            LS_INF("2/45e", "small", "experienced", "march", 4, 3, 90) "]", "[" LS_FAR "]", TOWN);
    ls_place(&f, 1, 16, 12, 90, LASALLE_MARCH); /* in the town base, y 9.3 to 12 */
    ls_to_activity(&f);
    ls_dice(&f, 1, 1); /* 2/45e's discipline test for being passed through: 1, fails */
    ls_do(&f, "u0 move 6");
    LS_ASSERT_LOGGED(&f, "1/45e stops against 2/45e (C, p.29)");
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 9);
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    assert_false(lasalle_meets(f.s, &h, NULL) & LASALLE_MEETS_TOWN);
    ls_free(&f);
}

/* [G Towns, p.68-69; C, p.29]: a column in a town base may not change to Deployed(Town) while an enemy touching
 * it reaches, by a hundredth of a BW, into the base the garrison would fill */
static void test_deploy_refused_on_an_enemy_reaching_in(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 5, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 28, 22, 270) "]", TOWN);
    /* the column faces west, its front on the base's west edge (x 14.5, y 10 to 11) */
    ls_place(&f, 0, 14.5, 10.5, 180, LASALLE_MARCH);
    /* IR 7 faces north, its right flank against the column's front, 0.008 BW inside the base */
    gr_rect line = lasalle_hull_at(&f.s->units[1], LASALLE_LINE, 0, 0, 0);
    ls_place(&f, 1, 14.508 - line.w / 2, 11, 90, LASALLE_LINE);
    lasalle_pose to;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_town_deploy(f.s, &f.st, 0, &to, &err), -1);
    LS_ASSERT_HAS(err.msg, "in the town base Hameau, 1/45e would stand on IR 7");
    /* with IR 7 flush against the base's edge the garrison may fill it */
    ls_place(&f, 1, 14.5 - line.w / 2, 11, 90, LASALLE_LINE);
    gr_error_clear(&err);
    assert_int_equal(lasalle_town_deploy(f.s, &f.st, 0, &to, &err), 0);
    ls_free(&f);
}

/* cavalry in March passes through a town base held by a friendly garrison as open ground, with no discipline
 * test for the garrison (no die is scripted) [G, p.68-69] */
static void test_pass_through_town(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_CAV("8e Hussards", "small", "experienced", "march", 16, 5, 90) ", " GARRISON("2/45e", 90) "]",
            "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_do(&f, "u0 move 10");
    LS_ASSERT_NEAR(f.st.u[0].y, 15);
    assert_int_equal(f.st.u[1].disr, 0);
    assert_false(ls_logged(&f, "being passed through"));
    assert_false(ls_logged(&f, "in the town base"));
    ls_free(&f);
}

/* infantry in March in a town base changes to Deployed(Town): its whole move, no other change there [G, p.69] */
static void test_deploy_in_activity(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 12, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_refused(&f, "u0 form line", "1/45e stands in a town base, where the only formation change is to "
                                   "Deployed(Town) (G, p.69)");
    ls_refused(&f, "u0 form deployed_town move 1", "changing to Deployed(Town) takes the whole movement allowance");
    assert_true(ls_offers(&f, "u0 form deployed_town"));
    ls_do(&f, "u0 form deployed_town");
    LS_ASSERT_LOGGED(&f, "1/45e changes to Deployed(Town) in the town base Hameau (G, p.69)");
    assert_int_equal(f.st.u[0].form, LASALLE_TOWN);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    ls_free(&f);
    /* cavalry stays in March */
    ls_load(&f, 0, "[" LS_CAV("8e Hussards", "small", "experienced", "march", 16, 12, 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_refused(&f, "u0 form deployed_town", "only infantry deploys in a town base (G, p.69)");
    ls_free(&f);
}

/* a garrison leaves the town in March with its full allowance, and must clear the town base [G, p.70] */
static void test_garrison_leaves(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", 90) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_refused(&f, "u0 form line move 1", "2/45e is Deployed(Town): it leaves the town only in March (G, p.70)");
    ls_refused(&f, "u0 form march move 2", "2/45e leaving the town in March must end clear of it (G, p.70)");
    assert_true(ls_offers(&f, "u0 form march move 6"));
    ls_do(&f, "u0 form march move 5");
    LS_ASSERT_LOGGED(&f, "2/45e leaves the town in March, 5 BW (G, p.70)");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 17);
    ls_free(&f);
}

/* a garrison leaving in March whose column meets a friend that fails its
 * test for being passed through stops against it, clear of it [C
 * Interpenetration, p.29; G, p.70] */
static void test_garrison_leaving_stopped_by_a_friend(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", 90) ", " LS_INF("1/45e", "small", "experienced", "line", 16, 13.0, 90) "]",
            "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_dice(&f, 1, 1); /* 1/45e's DISC test for being passed through: 1, failed */
    ls_do(&f, "u0 form march move 5");
    LS_ASSERT_LOGGED(&f, "2/45e stops against 1/45e (C, p.29)");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    LS_ASSERT_NEAR(f.st.u[1].y, 13.0);
    ls_free(&f);
}

/* charged in a town base while in March: no cover in combat and halved; it may change to Deployed(Town) as its
 * Change Formation reaction, and then has the town's cover [G, p.69; D, p.34] */
static void test_march_in_town_charged(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 12, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", TOWN);
    ls_place(&f, 1, 16, 12, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    /* 8 dice halved for March, and no town cover; the column's 8 dice */
    ls_dice(&f, 13, 5, 5, 5, 1, /* the column */ 5, 1, 1, 1, 1, 1, 1, 1, /* its fall-back */ 1);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    LS_ASSERT_LOGGED(&f, "1/45e: +8 dice (2 a base), halved: in March: 4 dice");
    LS_ASSERT_LOGGED(&f, "IR 7: +8 dice (2 a base): 8 dice");
    LS_ASSERT_LOGGED(&f, "3 hits to 1: a decisive win for 1/45e (E, p.59)");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 12, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", TOWN);
    ls_place(&f, 1, 16, 12, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    assert_true(ls_offers(&f, "u0 form deployed_town"));
    ls_refused(&f, "u0 form line", "1/45e stands in a town base, where the only formation change is to Deployed(Town)");
    /* the discipline test passes; the combat follows with the town's cover: 0 hits to 0, the defender's win */
    ls_dice(&f, 20, 5, /* 1/45e */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* IR 7 */ 1, 1, 1, 1, 1, 1, 1, 1, /* fall-back */ 1);
    ls_do(&f, "u0 form deployed_town");
    LS_ASSERT_LOGGED(&f, "1/45e changes to Deployed(Town) (D, p.34; G, p.69)");
    LS_ASSERT_LOGGED(&f, "1/45e: +8 dice (2 a base) +2 cover: 10 dice");
    assert_int_equal(f.st.u[0].form, LASALLE_TOWN);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    ls_free(&f);
}

/* a charge from outside at a unit in March in a town base may not enter the base: it is made against the
 * edge, and the column is moved up within its base to meet it ("adjust positions slightly so that the contact
 * is clear"): the Austrian column east of Hameau charges 1/45e, which stands in the middle of the base, and
 * meets its right flank on the east edge (G, p.68-70; ruling R-57) */
static void test_charge_into_town_meets_at_the_edge(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 12, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 20, 10.5, 180) "]", TOWN);
    /* the Austrians' Activity Phase */
    f.st.active = 1;
    for (int guard = 0; guard < 100 && !(f.st.active == 1 && f.st.turn.step == LASALLE_ST_ACTIVITY); guard++)
        ls_do(&f, "done");
    assert_int_equal(f.st.active, 1);
    assert_true(ls_offers(&f, "u1 charge u0"));
    ls_do(&f, "u1 charge u0");
    LS_ASSERT_LOGGED(&f, "1/45e moves up within the town base Hameau to meet the charge (G, p.69; ruling R-57)");
    LS_ASSERT_NEAR(f.st.u[0].x, 17); /* its hull now x 16.5-17.5, against the east edge */
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    LS_ASSERT_NEAR(f.st.u[1].x, 17.5); /* the column's front on the edge */
    int touch[2];
    assert_int_equal(lasalle_contacts(f.s, &f.st, 0, touch, 2), 1);
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    assert_int_equal(lasalle_town_of(f.s, &h), 0); /* still wholly in its base */
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enter_town_in_march),
        cmocka_unit_test(test_enter_town_as_column),
        cmocka_unit_test(test_large_unit_in_town_in_two_files),
        cmocka_unit_test(test_two_files_stop_against_a_friend),
        cmocka_unit_test(test_two_files_fall_back_as_a_column),
        cmocka_unit_test(test_stop_against_a_friend_not_partly_in_town),
        cmocka_unit_test(test_deploy_refused_on_an_enemy_reaching_in),
        cmocka_unit_test(test_pass_through_town),
        cmocka_unit_test(test_deploy_in_activity),
        cmocka_unit_test(test_garrison_leaves),
        cmocka_unit_test(test_garrison_leaving_stopped_by_a_friend),
        cmocka_unit_test(test_march_in_town_charged),
        cmocka_unit_test(test_charge_into_town_meets_at_the_edge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
