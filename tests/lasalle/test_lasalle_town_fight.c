/* test_lasalle_town_fight.c - fighting in towns [G Towns, p.70]: a
 * garrison attacks the next town base (turning to face it, the defender
 * moved up to the shared edge); two garrisons fighting ignore the
 * combat-advantage modifiers; a garrison that breaks the defender takes its
 * base; neighbouring garrisons that did not attack do not fight; an
 * infantry advance into a town base left empty; infantry charging cavalry
 * in a town base, which must try to fall back. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/charge.h"
#include "../../engine/lasalle/rules/fire.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/recovery.h"

/* two 3 x 3 BW wooden town bases side by side, Hameau west of Eglise, their south edges at y = 9 */
#define TOWNS                                                                                                      \
    ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"points\": [[14.5, 9], [17.5, 9], [17.5, 12], " \
    "[14.5, 12]]}, {\"name\": \"Eglise\", \"type\": \"town\", \"points\": [[17.5, 9], [20.5, 9], [20.5, 12], "      \
    "[17.5, 12]]}]"
#define GARRISON(name, base, facing)                                                                                \
    "{\"name\": \"" name "\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "              \
    "\"discipline\": \"experienced\", \"sk\": 2, \"start\": {\"town_base\": \"" base "\", \"formation\": "          \
    "\"deployed_town\"}, \"facing\": " #facing "}"

/* the garrison of Hameau attacks a unit in March in Eglise: it turns to face east, the column is moved up to the
 * shared edge, and the attacker is marked as a charger [G, p.70]; it may not attack across a corner */
static void test_garrison_attacks(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", "Hameau", 270) "]", "[" LS_FAR "]", TOWNS);
    ls_place(&f, 1, 19, 12, 90, LASALLE_MARCH);
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 charge u1"));
    ls_do(&f, "u0 charge u1");
    LS_ASSERT_LOGGED(&f, "2/45e attacks IR 7 in the town base Eglise (G, p.70)");
    LS_ASSERT_NEAR(f.st.u[0].x, 17.5);
    LS_ASSERT_NEAR(f.st.u[0].y, 10.5);
    LS_ASSERT_NEAR(f.st.u[0].heading, 0);
    LS_ASSERT_NEAR(f.st.u[1].x, 18);
    assert_true(f.st.u[0].flags & LASALLE_UF_CHARGER);
    ls_free(&f);
    /* a unit outside the town is no target of a garrison's attack */
    ls_load(&f, 0, "[" GARRISON("2/45e", "Hameau", 270) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 16, 7, 90) "]", TOWNS);
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u1", "a garrison attacks only an orthogonally adjacent town base (G, p.70)");
    ls_free(&f);
}

/* both Deployed(Town): no combat advantages (no town cover either); the Austrian attacker wins 2 hits to none,
 * a decisive win, and takes Hameau, still deployed [G, p.70; E, p.59] */
static void test_garrisons_fight(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", "Hameau", 270) "]", "[" GARRISON("IR 7", "Eglise", 180) "]", TOWNS);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    ls_dice(&f, 14, 1, 1, 1, 1, 1, 1, 1, 1, /* IR 7, out of its brigadier's range */ 5, 5, 1, 1, 1, 1);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    LS_ASSERT_LOGGED(&f, "2/45e: +8 dice (2 a base) (both Deployed(Town): no combat advantages): 8 dice");
    LS_ASSERT_LOGGED(&f, "IR 7: +8 dice (2 a base) -2 out of command (both Deployed(Town): no combat advantages): 6 dice");
    LS_ASSERT_LOGGED(&f, "0 hits to 2: a decisive loss for 2/45e (E, p.59)");
    LS_ASSERT_LOGGED(&f, "IR 7 advances into the town base Hameau and stays Deployed(Town) (G, p.70)");
    assert_int_equal(f.st.u[1].form, LASALLE_TOWN);
    LS_ASSERT_NEAR(f.st.u[1].x, 14.5);
    LS_ASSERT_NEAR(f.st.u[1].y, 10.5);
    ls_free(&f);
}

/* garrisons of neighbouring bases that did not attack do not fight [G, p.70] */
static void test_garrisons_stand_off(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", "Hameau", 270) "]", "[" GARRISON("IR 7", "Eglise", 180) "]", TOWNS);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    assert_false(ls_logged(&f, "Combat Phase"));
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    /* standing off, they are not in contact: a garrison with a DISR may recover (C, p.30) */
    f.st.u[0].disr = 1;
    const char *why = NULL;
    assert_true(lasalle_recovery_eligible(f.s, &f.st, 0, &why));
    /* attacked, they are: the attacker faces it as a charger */
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_false(lasalle_recovery_eligible(f.s, &f.st, 0, &why));
    assert_string_equal(why, "it is in contact with the enemy");
    ls_free(&f);
}

/* standing off, neighbouring garrisons are not in contact for the fire rules either: roundshot, which may not
 * hit a unit touching a friend (D, p.42), may hit an enemy garrison whose neighbour across the town edge is a
 * friendly garrison; once either has attacked across the edge they are in contact and the shot is refused
 * (ruling R-58) [G, p.70] */
static void test_garrisons_standing_off_fire(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" GARRISON("2/45e", "Hameau", 270) ", " LS_ART("Batterie 3", 4, "light", "unlimbered", 19, 1, 90) "]",
            "[" GARRISON("IR 7", "Eglise", 180) "]", TOWNS);
    int touch[2], kind = -1;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_contacts(f.s, &f.st, 2, touch, 2), 0);
    if (lasalle_fire_target_ok(f.s, &f.st, 1, 2, &kind, &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(kind, LASALLE_ROUNDSHOT);
    f.st.u[2].flags |= LASALLE_UF_CHARGER; /* IR 7, facing Hameau, attacked across the edge: now in contact */
    assert_int_equal(lasalle_contacts(f.s, &f.st, 2, touch, 2), 1);
    assert_int_equal(lasalle_fire_target_ok(f.s, &f.st, 1, 2, &kind, &err), -1);
    LS_ASSERT_HAS(err.msg, "which touches a friendly unit");
    ls_free(&f);
}

/* infantry may charge cavalry in a town base; the cavalry must try to fall back; an infantry winner advances
 * into the town base the cavalry left, in March [C, p.30; G, p.70; E, p.60] */
static void test_infantry_charges_cavalry_in_town(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "column", 16, 15, 270) "]",
            "[" LS_CAV("Ulanen", "small", "experienced", "march", 16, 12, 90) "]", TOWNS);
    ls_to_activity(&f);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_may_target(f.s, &f.st, 0, 1, &err), 0);
    ls_free(&f);
    /* the Austrian infantry charged the French hussars in Hameau: they must try to fall back */
    ls_load(&f, 0, "[" LS_CAV("8e Hussards", "small", "experienced", "march", 16, 12, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", TOWNS);
    ls_place(&f, 1, 16, 12, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    ls_refused(&f, "u0 hold", "8e Hussards is cavalry in a town base charged by infantry: it must try to fall back");
    ls_refused(&f, "done", "8e Hussards is cavalry in a town base charged by infantry: it must try to fall back");
    assert_true(ls_offers(&f, "u0 fallback"));
    assert_false(ls_offers(&f, "u0 about"));
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_garrison_attacks),
        cmocka_unit_test(test_garrisons_fight),
        cmocka_unit_test(test_garrisons_stand_off),
        cmocka_unit_test(test_garrisons_standing_off_fire),
        cmocka_unit_test(test_infantry_charges_cavalry_in_town),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
