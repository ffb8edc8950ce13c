/* test_lasalle_fire_options.c - the optional fire rules [H, p.80-81]:
 * Split Fire (a Line's two targets, its order in the notation and the
 * menu), the howitzer battery (medium ranges, any target it sees beyond
 * canister range, 4+ unmodified, no bouncethrough, fire over lower friends)
 * and rockets (one 16 BW bracket, 3 dice never modified, cavalry on 4+). */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/fire.h"

#define AU_LINE(name, x, y) LS_INF(name, "small", "experienced", "line", x, y, 270)
#define FR_LARGE LS_INF("1/57e", "large", "experienced", "line", 16, 6, 90)
#define SPLIT ", \"options\": {\"split_fire\": true}"

/* [H Split Fire, p.80]: bases 1-3 at the Partial closest target, 4-6 at the next; a die a base, no SK dice */
static void test_split_fire(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LARGE "]", "[" AU_LINE("IR 7", 13.5, 9) ", " AU_LINE("IR 8", 18.5, 9.5) "]", SPLIT);
    assert_true(ls_offers(&f, "u0 fire u1 split 3 u2"));
    assert_true(ls_offers(&f, "u0 fire u2 split 2 u1"));
    ls_refused(&f, "u0 fire u1 split 6 u2", "the break must leave bases on both sides: split 1 to 5 (H, p.80)");
    ls_refused(&f, "u0 fire u1 split 3 u1", "a split fire names two different targets (H, p.80)");
    ls_dice(&f, 6, 4, 4, 1, /* bases 4-6 */ 1, 1, 1);
    ls_do(&f, "u0 fire u1 split 3 u2");
    LS_ASSERT_LOGGED(&f, "1/57e's bases 1-3 fire at IR 7: 3 musketry dice (split fire, no skirmish dice, H p.80), "
                         "hits on 4+");
    LS_ASSERT_LOGGED(&f, "1/57e's bases 4-6 fire at IR 8: 3 musketry dice");
    assert_int_equal(f.st.u[1].disr, 1);
    assert_int_equal(f.st.u[2].disr, 0);
    assert_true(f.st.u[0].flags & LASALLE_UF_REACTED);
    ls_free(&f);
}

/* [H, p.80]: without the option, or for a unit not in Line, there is no split fire */
static void test_split_fire_refused(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LARGE "]", "[" AU_LINE("IR 7", 13.5, 9) ", " AU_LINE("IR 8", 18.5, 9.5) "]", "");
    assert_false(ls_offers(&f, "u0 fire u1 split 3 u2"));
    ls_refused(&f, "u0 fire u1 split 3 u2", "split fire is an optional rule the scenario does not use (H, p.80)");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "column", 16, 6, 90) "]",
            "[" AU_LINE("IR 7", 14.4, 9) ", " AU_LINE("IR 8", 18.5, 9.5) "]", SPLIT);
    ls_refused(&f, "u0 fire u1 split 1 u2", "only infantry in Line splits its fire (H, p.80)");
    ls_free(&f);
}

#define HOW_OPT ", \"options\": {\"howitzer_batteries\": true}"
#define FR_HOW(x, y)                                                                                               \
    "{\"name\": \"Haubitz\", \"type\": \"artillery\", \"guns\": 4, \"howitzers\": 4, \"weight\": \"light\", "       \
    "\"formation\": \"unlimbered\", \"at\": [" #x ", " #y "], \"facing\": 90}"
#define HEDGE_AT_18 "{\"name\": \"Haie\", \"type\": \"hedge\", \"points\": [[18, 18], [26, 18]]}"

/* [H Howitzer Batteries, p.81]: nothing within canister range (medium: 8 BW), so any enemy it sees in the Full
 * long bracket; 4+ whatever the cover; no bouncethrough */
static void test_howitzer_battery(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_HOW(22, 2) "]", "[" AU_LINE("IR 7", 22, 12) ", " AU_LINE("IR 8", 22, 18) "]",
            HOW_OPT ", \"terrain\": [" HEDGE_AT_18 "]");
    assert_true(ls_offers(&f, "u0 fire u1"));
    assert_true(ls_offers(&f, "u0 fire u2"));
    ls_dice(&f, 4, 4, 4, 1, 1);
    ls_do(&f, "u0 fire u2");
    LS_ASSERT_LOGGED(&f, "Haubitz fires at IR 8: 4 roundshot dice, hits on 4+");
    assert_false(ls_logged(&f, "bounces through"));
    assert_int_equal(f.st.u[2].disr, 1);
    assert_int_equal(f.st.u[1].disr, 0);
    ls_free(&f);
    /* without the option it is a light battery: it fires at the closest [D, p.45] */
    ls_load(&f, 0, "[" FR_HOW(22, 2) "]", "[" AU_LINE("IR 7", 22, 12) ", " AU_LINE("IR 8", 22, 18) "]", "");
    assert_false(ls_offers(&f, "u0 fire u2"));
    ls_free(&f);
}

/* [H, p.81]: within the medium battery's 8 BW a howitzer battery fires canister as any battery (light guns would
 * reach only 6 BW): 2 dice a base less the target's SK [D, p.46] */
static void test_howitzer_battery_canister(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_HOW(22, 2) "]", "[" AU_LINE("IR 7", 22, 9.5) "]", HOW_OPT);
    ls_dice(&f, 7, 4, 4, 1, 1, 1, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "Haubitz fires at IR 7: 7 canister dice (4 clear gun bases, less its SK), hits on 4+");
    assert_int_equal(f.st.u[1].disr, 1);
    ls_free(&f);
}

#define HILL ", \"terrain\": [{\"name\": \"Butte\", \"type\": \"hill\", \"level\": 1, \"points\": [[18, 0], [28, 0], " \
             "[28, 3], [18, 3]]}]"

/* [H, p.81]: a howitzer battery fires over friends only from higher ground */
static void test_howitzers_over_friends(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_HOW(22, 2.5) ", " LS_INF("2/45e", "small", "experienced", "line", 22, 5, 90) "]",
            "[" AU_LINE("IR 7", 22, 14) "]", HOW_OPT);
    int kind;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_fire_target_ok(f.s, &f.st, 0, 2, &kind, &err), -1);
    LS_ASSERT_HAS(err.msg, "howitzers fire only over lower friends, H p.81");
    ls_free(&f);
    ls_load(&f, 0, "[" FR_HOW(22, 2.5) ", " LS_INF("2/45e", "small", "experienced", "line", 22, 5, 90) "]",
            "[" AU_LINE("IR 7", 22, 14) "]", ", \"options\": {\"howitzer_batteries\": true}" HILL);
    assert_int_equal(lasalle_fire_target_ok(f.s, &f.st, 0, 2, &kind, NULL), 0);
    assert_int_equal(kind, LASALLE_ROUNDSHOT);
    ls_free(&f);
}

#define ROCKETS ", \"options\": {\"rockets\": true}"
#define FR_ROCKETS                                                                                                  \
    "{\"name\": \"Rocket Troop\", \"type\": \"artillery\", \"guns\": 3, \"weight\": \"rockets\", \"horse\": true, " \
    "\"formation\": \"unlimbered\", \"at\": [22, 2], \"facing\": 90}"

/* [H Rockets, p.81]: 3 dice, never doubled against March, cavalry hit on 4+, infantry on 5+; 16 BW */
static void test_rockets(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_ROCKETS "]", "[" LS_CAV("Hussars", "small", "experienced", "march", 22, 15, 270) "]",
            ROCKETS);
    ls_dice(&f, 3, 4, 4, 3);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "Rocket Troop fires at Hussars: 3 rocket dice, hits on 4+");
    assert_int_equal(f.st.u[1].disr, 1);
    assert_true(f.st.u[0].flags & LASALLE_UF_SMOKE);
    ls_free(&f);
    /* infantry on 5+, even within 8 BW (no canister) */
    ls_load(&f, 0, "[" FR_ROCKETS "]", "[" AU_LINE("IR 7", 22, 6) "]", ROCKETS);
    ls_dice(&f, 3, 5, 4, 4);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "Rocket Troop fires at IR 7: 3 rocket dice, hits on 5+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 1 hit");
    ls_free(&f);
    /* like roundshot, never at an enemy touching a friendly unit (ruling R-96) */
    ls_load(&f, 0, "[" FR_ROCKETS ", " LS_INF("2/45e", "small", "experienced", "line", 25.6, 4, 90) "]",
            "[" AU_LINE("IR 7", 22, 10) "]", ROCKETS);
    ls_place(&f, 1, 25.6, 10, 90, LASALLE_LINE);
    int kind;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_fire_target_ok(f.s, &f.st, 0, 2, &kind, &err), -1);
    LS_ASSERT_HAS(err.msg, "rockets may not fire at IR 7, which touches a friendly unit (D, p.42; ruling R-96)");
    ls_free(&f);
    /* beyond 16 BW: no target */
    ls_load(&f, 0, "[" FR_ROCKETS "]", "[" AU_LINE("IR 7", 22, 19) "]", ROCKETS);
    assert_false(ls_offers(&f, "u0 fire u1"));
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_fire),       cmocka_unit_test(test_split_fire_refused),
        cmocka_unit_test(test_howitzer_battery), cmocka_unit_test(test_howitzer_battery_canister),
        cmocka_unit_test(test_howitzers_over_friends),
        cmocka_unit_test(test_rockets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
