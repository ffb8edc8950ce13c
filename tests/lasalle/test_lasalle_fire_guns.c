/* test_lasalle_fire_guns.c - artillery fire and the ground [D Reaction:
 * Fire, p.45-51]: the howitzer die against a town, the cover of units
 * beyond a roundshot screen wider than 1 BW, and no bouncethrough past
 * terrain that stops the shot. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/fire.h"

#define AU_LINE(name, x, y) LS_INF(name, "small", "experienced", "line", x, y, 270)
/* a light foot battery of 3 cannon and 1 howitzer */
#define FR_LIGHT_HOW(x, y)                                                                                          \
    "{\"name\": \"4pdr\", \"type\": \"artillery\", \"guns\": 4, \"howitzers\": 1, \"weight\": \"light\", "          \
    "\"formation\": \"unlimbered\", \"at\": [" #x ", " #y "], \"facing\": 90}"
#define TOWN                                                                                                       \
    ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"points\": [[20.5, 9], [23.5, 9], [23.5, 12], " \
    "[20.5, 12]]}]"
#define GARRISON(name)                                                                                              \
    "{\"name\": \"" name "\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "              \
    "\"discipline\": \"experienced\", \"sk\": 2, \"start\": {\"town_base\": \"Hameau\", \"formation\": "             \
    "\"deployed_town\"}, \"facing\": 270}"

/* [D Howitzer Dice, p.46]: roundshot at a unit in a town rolls the howitzer's die apart; it hits on 4+ whatever
 * the cover, while the cannon need 6+ (light guns against soft cover) */
static void test_howitzer_die_against_town(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LIGHT_HOW(22, 2) "]", "[" GARRISON("IR 7") "]", TOWN);
    ls_dice(&f, 4, 6, 5, 1, /* the howitzer die */ 4);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "4pdr fires at IR 7: 4 roundshot dice, hits on 6+");
    LS_ASSERT_LOGGED(&f, "the howitzer die: 1 of the dice on 4+, cover ignored (D, p.46)");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 2 hits");
    assert_int_equal(f.st.u[1].disr, 1);
    ls_free(&f);
    /* in the open the howitzer is one more gun: one batch of 4 dice on 4+ */
    ls_load(&f, 0, "[" FR_LIGHT_HOW(22, 2) "]", "[" AU_LINE("IR 7", 22, 10) "]", "");
    ls_dice(&f, 4, 4, 4, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "4pdr fires at IR 7: 4 roundshot dice, hits on 4+");
    assert_false(ls_logged(&f, "the howitzer die"));
    assert_int_equal(f.st.u[1].disr, 1);
    ls_free(&f);
}

/* the howitzer die against a unit behind an entrenchment [D, p.46] (hard cover: cannon on 6+) */
static void test_howitzer_die_behind_entrenchment(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LIGHT_HOW(22, 2) "]", "[" AU_LINE("IR 7", 22, 10) "]",
            ", \"terrain\": [{\"name\": \"Redoute\", \"type\": \"entrenchment\", \"points\": [[18, 10], [26, 10]]}]");
    ls_dice(&f, 4, 1, 1, 1, /* the howitzer die */ 5);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "4pdr fires at IR 7: 4 roundshot dice, hits on 6+");
    LS_ASSERT_LOGGED(&f, "the howitzer die: 1 of the dice on 4+, cover ignored (D, p.46)");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 1 hit");
    ls_free(&f);
}

#define WOODS_AT(x0, x1) \
    ", \"terrain\": [{\"name\": \"Bois\", \"type\": \"woods\", \"points\": [[" #x0 ", 12], [" #x1 ", 12], [" #x1 \
    ", 13], [" #x0 ", 13]]}]"

/* [D Obstructed Fire: Roundshot, p.51]: woods 1.5 BW across the zone put the unit beyond them in cover (soft:
 * medium guns on 5+); woods 1 BW across do nothing */
static void test_screen_cover(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 22, 2, 90) "]", "[" AU_LINE("IR 7", 22, 15) "]",
            WOODS_AT(21, 22.5));
    ls_dice(&f, 4, 5, 5, 4, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at IR 7: 4 roundshot dice, hits on 5+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 2 hits");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 22, 2, 90) "]", "[" AU_LINE("IR 7", 22, 15) "]",
            WOODS_AT(21, 22));
    ls_dice(&f, 4, 5, 5, 4, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at IR 7: 4 roundshot dice, hits on 4+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 3 hits");
    ls_free(&f);
}

/* [D, p.45, 51]: woods no more than 1 BW across the zone do nothing: the Full long bracket stays (medium: 20 BW),
 * though woods are rough ground; 1.5 BW of woods bring the Reduced bracket (16 BW) */
static void test_small_woods_keep_full_bracket(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 22, 2, 90) "]", "[" AU_LINE("IR 7", 22, 21) "]",
            WOODS_AT(21, 22));
    assert_true(ls_offers(&f, "u0 fire u1"));
    ls_free(&f);
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 22, 2, 90) "]", "[" AU_LINE("IR 7", 22, 21) "]",
            WOODS_AT(21, 22.5));
    assert_false(ls_offers(&f, "u0 fire u1"));
    ls_free(&f);
}

/* [D, p.51]: a wall across more than half the zone stops the shot: nothing beyond it takes bouncethrough */
static void test_no_bounce_past_a_wall(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 22, 2, 90) "]",
            "[" AU_LINE("IR 7", 22, 12) ", " AU_LINE("IR 8", 22, 15.5) "]",
            ", \"terrain\": [{\"name\": \"Mur\", \"type\": \"wall\", \"points\": [[16, 14.5], [28, 14.5]]}]");
    ls_dice(&f, 4, 4, 4, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at IR 7: 4 roundshot dice, hits on 4+");
    assert_false(ls_logged(&f, "bounces through"));
    assert_int_equal(f.st.u[1].disr, 1);
    assert_int_equal(f.st.u[2].disr, 0);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_howitzer_die_against_town),
        cmocka_unit_test(test_howitzer_die_behind_entrenchment),
        cmocka_unit_test(test_screen_cover),
        cmocka_unit_test(test_small_woods_keep_full_bracket),
        cmocka_unit_test(test_no_bounce_past_a_wall),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
