/* test_lasalle_town.c - towns [G Towns, p.68-70]: a unit that opens the
 * game Deployed(Town) in a named town base, filling it; its fire (half its
 * bases, no skirmishers) from the side it faces; the town's cover against
 * fire and in combat; no flanks; it neither falls back nor about-faces and
 * holds its buildings after losing a combat; cavalry may not charge it;
 * infantry charges it; it moves into the next town base and stays
 * deployed; friends falling back pass it with no test; a scenario unit in
 * a town base wholly, in March, or not at all. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/fallback.h"
#include "../../engine/lasalle/rules/fire.h"
#include "../../engine/lasalle/rules/charge.h"

/* a 3 x 3 BW wooden town base with its south edge at y = 9, centred on x = 16 */
#define TOWN                                                                                                       \
    ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"points\": [[14.5, 9], [17.5, 9], [17.5, 12], " \
    "[14.5, 12]]}]"
#define TOWN_STONE                                                                                                 \
    ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"cover\": \"hard\", \"points\": [[14.5, 9], [17.5, " \
    "9], [17.5, 12], [14.5, 12]]}]"
#define GARRISON(name, facing)                                                                                      \
    "{\"name\": \"" name "\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "              \
    "\"discipline\": \"experienced\", \"sk\": 2, \"start\": {\"town_base\": \"Hameau\", \"formation\": "             \
    "\"deployed_town\"}, \"facing\": " #facing "}"
#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)

/* the scenario's "start": the unit fills the town base, its front on the side it faces [G, p.69] */
static void test_start_in_town(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" GARRISON("IR 7", 270) "]", TOWN);
    assert_int_equal(f.st.u[1].form, LASALLE_TOWN);
    LS_ASSERT_NEAR(f.st.u[1].x, 16);
    LS_ASSERT_NEAR(f.st.u[1].y, 9);
    ls_free(&f);
    /* a name that is no town base, cavalry, and a unit in a town base not deployed are refused */
    char *t = ls_text(0, "[" FR_LINE "]",
                      "[{\"name\": \"IR 7\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
                      "\"discipline\": \"experienced\", \"start\": {\"town_base\": \"Dorf\", \"formation\": "
                      "\"deployed_town\"}}]",
                      TOWN);
    assert_int_equal(ls_try_load(&f, t), -1);
    LS_ASSERT_HAS(f.err.msg, "no terrain piece is named \"Dorf\"");
    free(t);
    t = ls_text(0, "[" FR_LINE "]",
                "[{\"name\": \"Ulanen\", \"type\": \"cavalry\", \"size\": \"small\", \"esprit\": \"reliable\", "
                "\"discipline\": \"experienced\", \"start\": {\"town_base\": \"Hameau\", \"formation\": "
                "\"deployed_town\"}}]",
                TOWN);
    assert_int_equal(ls_try_load(&f, t), -1);
    LS_ASSERT_HAS(f.err.msg, "only infantry deploys in a town base (G, p.69)");
    free(t);
    t = ls_text(0, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "march", 16, 13, 90) "]", TOWN);
    assert_int_equal(ls_try_load(&f, t), -1);
    LS_ASSERT_HAS(f.err.msg, "stands partly in the town base Hameau: a unit is wholly in a town base or wholly out "
                             "of it (G, p.68)");
    free(t);
    t = ls_text(0, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 12, 90) "]", TOWN);
    assert_int_equal(ls_try_load(&f, t), -1);
    LS_ASSERT_HAS(f.err.msg, "stands in the town base Hameau: there it is in March");
    free(t);
    t = ls_text(0, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "deployed_town", 16, 20, 270) "]", "");
    assert_int_equal(ls_try_load(&f, t), -1);
    LS_ASSERT_HAS(f.err.msg, "\"start\": {\"town_base\": NAME");
    free(t);
}

/* it fires from a side of its choice with half its bases and no skirmishers; a town base is not rough ground, so
 * it hits on 4+ [G, p.68-69; D, p.46-47] */
static void test_garrison_fires(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]", "[" LS_INF("IR 7", "small", "experienced", "line", 16, 7, 90) "]",
            TOWN);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    ls_dice(&f, 2, 5, 5);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "2/45e fires at IR 7: 2 musketry dice (2 clear bases), hits on 4+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 2 hits");
    ls_free(&f);
    /* an enemy behind the side it faces: it fires from the far side, and turns to face it */
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]", "[" LS_INF("IR 7", "small", "experienced", "line", 16, 14, 270) "]",
            TOWN);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_true(ls_offers(&f, "u0 fire u1"));
    /* the side it faces cannot fire, the far side can: no refusal is left behind */
    gr_error e;
    gr_error_clear(&e);
    int kind;
    assert_int_equal(lasalle_fire_target_ok(f.s, &f.st, 0, 1, &kind, &e), 0);
    assert_false(e.set);
    ls_dice(&f, 2, 5, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "2/45e fires at IR 7: 2 musketry dice (2 clear bases), hits on 4+");
    LS_ASSERT_NEAR(f.st.u[0].y, 12);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].heading, GR_PI / 2);
    ls_free(&f);
}

/* a line firing at the garrison: the town's cover, and no skirmish advantage against a unit in a town
 * [G, p.69; D, p.43, 46-47] */
static void test_fire_at_garrison(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 7, 90) "]", "[" GARRISON("IR 7", 270) "]",
            TOWN);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    ls_dice(&f, 4, 5, 5, 4, 4);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e fires at IR 7: 4 musketry dice (4 clear bases), hits on 5+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 2 hits");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 7, 90) "]", "[" GARRISON("IR 7", 270) "]",
            TOWN_STONE);
    /* stone buildings: hard cover [D, p.46] */
    ls_dice(&f, 4, 6, 6, 5, 4);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e fires at IR 7: 4 musketry dice (4 clear bases), hits on 5+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 3 hits");
    ls_free(&f);
}

/* attacked from behind its front: it has no flanks, and has the town's cover in combat [G, p.69] */
static void test_garrison_fights(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]",
            TOWN);
    ls_place(&f, 1, 16, 12, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    /* 10 dice for the garrison (no Bad Terrain: a town base is not rough, p.68), 8 for the column; 2 hits to 3 */
    ls_dice(&f, 19, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5, 1, 1, 1, 1, 1, /* the winner's retirement */ 1);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    assert_int_equal(ls_fallbacks_done(&f), 1); /* the winner retires the engine's way */
    LS_ASSERT_LOGGED(&f, "2/45e: +8 dice (2 a base) +2 cover: 10 dice");
    LS_ASSERT_LOGGED(&f, "IR 7: +8 dice (2 a base): 8 dice");
    LS_ASSERT_LOGGED(&f, "2 hits to 3: an inconclusive loss for 2/45e (E, p.59)");
    LS_ASSERT_LOGGED(&f, "2/45e holds its ground: it does not fall back (E, p.60)");
    LS_ASSERT_LOGGED(&f, "IR 7 falls back 1 BW");
    assert_int_equal(f.st.u[0].disr, 1);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 9);
    assert_int_equal(f.st.u[0].form, LASALLE_TOWN);
    LS_ASSERT_NEAR(f.st.u[1].y, 13);
    ls_free(&f);
}

/* what a garrison may not do: fall back, about face, change formation as a reaction, move but into the next base
 * or out in March [G, p.69-70];
 * cavalry may not charge it [G, p.70] */
static void test_garrison_refusals(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) ", "
            LS_CAV("Ulanen", "small", "experienced", "waves", 22, 20, 270) "]", TOWN);
    ls_place(&f, 1, 16, 12, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    ls_refused(&f, "u0 fallback", "a unit Deployed(Town) holds its buildings and does not fall back (G, p.69)");
    ls_refused(&f, "u0 about", "a unit Deployed(Town) faces every way and has no about face (G, p.69)");
    ls_refused(&f, "u0 form line", "a unit Deployed(Town) makes no formation change as a reaction (G, p.69)");
    assert_false(ls_offers(&f, "u0 fallback"));
    ls_free(&f);
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]", "[" LS_FAR "]", TOWN);
    ls_to_activity(&f);
    ls_refused(&f, "u0 move 2", "or leaves the town in March ('form march' then the move) (G, p.70)");
    ls_refused(&f, "u0 move 3", "no town base lies next to 2/45e on that side (G, p.70)");
    assert_false(ls_offers(&f, "u0 move 3"));
    ls_free(&f);
    /* the Austrians' turn: their cavalry may not charge the garrison */
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]",
            "[" LS_CAV("Ulanen", "small", "experienced", "waves", 16, 6, 90) "]", TOWN);
    gr_error err;
    gr_error_clear(&err);
    assert_int_not_equal(lasalle_may_target(f.s, &f.st, 1, 0, &err), 0);
    LS_ASSERT_HAS(err.msg, "cavalry may not charge 2/45e in a town base (G, p.70)");
    ls_free(&f);
}

/* a garrison moves into the adjacent empty town base and stays deployed; not into one held [G, p.70] */
static void test_garrison_moves(void **state)
{
    (void)state;
    ls_fix f;
    const char *two = ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"points\": [[14.5, 9], [17.5, 9], "
                      "[17.5, 12], [14.5, 12]]}, {\"name\": \"Eglise\", \"type\": \"town\", \"points\": [[17.5, 9], "
                      "[20.5, 9], [20.5, 12], [17.5, 12]]}]";
    ls_load(&f, 0, "[" GARRISON("2/45e", 270) "]", "[" LS_FAR "]", two);
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 wheel 90 move 3"));
    assert_false(ls_offers(&f, "u0 move 3"));
    ls_do(&f, "u0 wheel 90 move 3");
    LS_ASSERT_LOGGED(&f, "2/45e moves into the town base Eglise and stays Deployed(Town) (G, p.70)");
    assert_int_equal(f.st.u[0].form, LASALLE_TOWN);
    LS_ASSERT_NEAR(f.st.u[0].x, 20.5);
    LS_ASSERT_NEAR(f.st.u[0].y, 10.5);
    ls_free(&f);
    /* the church held by a friend: no move there */
    ls_load(&f, 0,
            "[" GARRISON("2/45e", 270) ", {\"name\": \"3/45e\", \"type\": \"infantry\", \"size\": \"small\", "
            "\"esprit\": \"reliable\", \"discipline\": \"experienced\", \"start\": {\"town_base\": \"Eglise\", "
            "\"formation\": \"deployed_town\"}, \"facing\": 270}]",
            "[" LS_FAR "]", two);
    ls_to_activity(&f);
    ls_refused(&f, "u0 wheel 90 move 3", "the town base Eglise holds 3/45e: a garrison moves only into an empty one");
    ls_free(&f);
}

/* infantry charges a garrison up to the edge of its town base; cavalry may not [C, p.30-32; G, p.70] */
static void test_charge_garrison(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0,
            "[" LS_INF("1/45e", "small", "experienced", "column", 16, 6, 90) ", "
            LS_CAV("8e Hussards", "small", "experienced", "waves", 11, 6, 60) "]",
            "[" GARRISON("IR 7", 270) "]", TOWN);
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 charge u2"));
    ls_do(&f, "u0 charge u2");
    LS_ASSERT_NEAR(f.st.u[0].y, 9);
    assert_true(f.st.u[0].flags & LASALLE_UF_CHARGER);
    ls_refused(&f, "u1 charge u2", "cavalry may not charge IR 7 in a town base (G, p.70)");
    ls_free(&f);
}

/* a friend falling back through the garrison's town base: no discipline test for the garrison [G, p.70] */
static void test_fall_back_through_garrison(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", 90) ", " LS_INF("1/45e", "small", "experienced", "column", 16, 14.5, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", TOWN);
    ls_place(&f, 2, 16, 14.5, 270, LASALLE_COLUMN);
    f.st.u[2].flags |= LASALLE_UF_CHARGER;
    /* 1/45e loses 2 to 3 and falls back 2 BW (even); it may not stop in the town base, so it goes on through
     * the garrison until it is clear of it, 5.5 BW in all [D, p.39; G, p.70]; the script holds no die for a test */
    ls_dice(&f, 15, 5, 5, 1, 1, 1, 1, 5, 5, 5, 1, 1, 1, 1, 1, 4);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    assert_int_equal(ls_fallbacks_done(&f), 1);
    LS_ASSERT_LOGGED(&f, "2 hits to 3: an inconclusive loss for 1/45e (E, p.59)");
    LS_ASSERT_LOGGED(&f, "1/45e falls back 5.5 BW");
    assert_false(ls_logged(&f, "falling back through it"));
    LS_ASSERT_NEAR(f.st.u[1].y, 9);
    assert_int_equal(f.st.u[0].disr, 0);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_in_town),
        cmocka_unit_test(test_garrison_fires),
        cmocka_unit_test(test_fire_at_garrison),
        cmocka_unit_test(test_garrison_fights),
        cmocka_unit_test(test_garrison_refusals),
        cmocka_unit_test(test_charge_garrison),
        cmocka_unit_test(test_garrison_moves),
        cmocka_unit_test(test_fall_back_through_garrison),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
