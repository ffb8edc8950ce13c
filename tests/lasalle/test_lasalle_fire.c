/* test_lasalle_fire.c - fire [D Reaction: Fire, p.41-52]: musketry dice
 * from the front rank, the skirmish advantage, hits on 4+, the table of
 * hits to DISR, target priority (the closest Full target), friends in the
 * zone, canister less the target's SK, roundshot and its bouncethrough,
 * smoke, artillery forced to limber, rain re-rolls. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/fire.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define AU_LINE(name, x, y) LS_INF(name, "small", "experienced", "line", x, y, 270)

/* 4 dice from a small line, 3 hits: 1 DISR [D, p.46, 48] */
static void test_musketry(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_LINE("IR 7", 16, 9) "]", "");
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_true(ls_offers(&f, "u0 fire u1"));
    ls_dice(&f, 4, 4, 4, 4, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fires at IR 7: 4 musketry dice (4 clear bases), hits on 4+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 3 hits");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 1 DISR from fire (D, p.48) (now 1 of 4)");
    assert_int_equal(f.st.u[1].disr, 1);
    assert_true(f.st.u[0].flags & LASALLE_UF_REACTED);
    ls_free(&f);
    /* a large line's 6 dice, 5 hits: 2 DISR; a target in March has no SK: +1 die [D, p.46] */
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "line", 16, 6, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "march", 16, 9, 270) "]", "");
    ls_dice(&f, 7, 4, 4, 4, 4, 4, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "7 musketry dice (6 clear bases, +1 skirmish advantage)");
    assert_int_equal(f.st.u[1].disr, 2);
    ls_free(&f);
}

/* [D, p.44]: the closest target if it is Full; friends nearer in the zone stop the fire (FAQ #1) */
static void test_priority_and_friends(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_LINE("IR 7", 16, 8) ", " AU_LINE("IR 8", 13, 9.5) "]", "");
    ls_refused(&f, "u0 fire u2", "1/45e Ligne must fire at IR 7, the closest target, a Full one (D, p.44)");
    ls_free(&f);
    /* a Partial closest target: it or the next */
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_LINE("IR 7", 12.5, 8) ", " AU_LINE("IR 8", 17, 9.5) "]", "");
    assert_true(ls_offers(&f, "u0 fire u1"));
    assert_true(ls_offers(&f, "u0 fire u2"));
    ls_free(&f);
    ls_load(&f, 0, "[" FR_LINE ", " LS_INF("2/45e", "small", "experienced", "line", 16, 8, 90) "]",
            "[" AU_LINE("IR 7", 16, 9.5) "]", "");
    int kind;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_fire_target_ok(f.s, &f.st, 0, 2, &kind, &err), -1);
    LS_ASSERT_HAS(err.msg, "2/45e stands in the fire zone nearer than IR 7: no fire past friends (D, p.41; FAQ #1)");
    ls_free(&f);
}

/* [D, p.45-46]: canister within short range, 2 dice a gun less the target's SK; smoke [D, p.52] */
static void test_canister(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 16, 6, 90) "]", "[" AU_LINE("IR 7", 16, 12) "]", "");
    ls_dice(&f, 7, 4, 4, 4, 4, 4, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at IR 7: 7 canister dice (4 clear gun bases, less its SK), hits on 4+");
    assert_int_equal(f.st.u[1].disr, 2);
    assert_true(f.st.u[0].flags & LASALLE_UF_SMOKE);
    ls_free(&f);
}

/* [D, p.45]: roundshot beyond short range, a die a gun; the shot bounces through to the next unit */
static void test_roundshot_bounce(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 16, 6, 90) "]",
            "[" AU_LINE("IR 7", 16, 16) ", " AU_LINE("IR 8", 16, 19) "]", "");
    ls_dice(&f, 8, 4, 4, 1, 1, 4, 4, 4, 4);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at IR 7: 4 roundshot dice, hits on 4+");
    LS_ASSERT_LOGGED(&f, "the shot bounces through to IR 8: 4 roundshot dice, hits on 4+");
    assert_int_equal(f.st.u[1].disr, 1);
    assert_int_equal(f.st.u[2].disr, 1);
    ls_free(&f);
}

/* [D, p.48]: an unlimbered battery taking 3 or 4 hits is forced to limber */
static void test_battery_forced_to_limber(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/57e", "large", "experienced", "line", 16, 6, 90) "]",
            "[" LS_ART("Austrian 6pdr", 4, "medium", "unlimbered", 16, 9, 270) "]", "");
    ls_dice(&f, 6, 4, 4, 4, 1, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "Austrian 6pdr is forced to limber (D, p.48)");
    assert_int_equal(f.st.u[1].form, LASALLE_LIMBERED);
    ls_free(&f);
}

/* [D, p.43]: in rain the target's owner re-rolls every hit; it stays a hit on 4+ again */
static void test_rain(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_LINE("IR 7", 16, 9) "]", ", \"weather\": {\"precipitation\": \"rain\"}");
    ls_dice(&f, 7, 4, 4, 4, 1, /* the re-roll of the three hits */ 4, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 1 hit");
    assert_int_equal(f.st.u[1].disr, 0);
    ls_free(&f);
}

/* [D SK Advantage, p.43]: no skirmish advantage when the target is in a town ("no SK bases count against a
 * town"), even in wooden buildings that are only soft cover */
static void test_no_sk_advantage_against_town(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 7, 90) "]",
            "[{\"name\": \"IR 7\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
            "\"discipline\": \"experienced\", \"sk\": 2, \"start\": {\"town_base\": \"Hameau\", \"formation\": "
            "\"deployed_town\"}, \"facing\": 270}]",
            ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"points\": [[14.5, 9], [17.5, 9], [17.5, 12], "
            "[14.5, 12]]}]");
    ls_dice(&f, 4, 5, 5, 4, 4);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e fires at IR 7: 4 musketry dice (4 clear bases), hits on 5+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 2 hits");
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_musketry),   cmocka_unit_test(test_priority_and_friends),
        cmocka_unit_test(test_canister),   cmocka_unit_test(test_roundshot_bounce),
        cmocka_unit_test(test_battery_forced_to_limber), cmocka_unit_test(test_rain),
        cmocka_unit_test(test_no_sk_advantage_against_town),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
