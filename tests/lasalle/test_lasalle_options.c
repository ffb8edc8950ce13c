/* test_lasalle_options.c - the optional rules a scenario file switches on
 * [H, p.77-81]: Split Fire, Howitzer Batteries and Rockets are built and
 * set their bits; a rocket unit needs its option and its shape (3 bases,
 * moving as horse artillery); Continuing Games, played between two
 * battles, is refused in a scenario with the way to play it. */
#include "lasalle_fixture.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define AU_FAR LS_FAR

static void expect_refused(const char *french, const char *extra, const char *why)
{
    ls_fix f;
    char *t = ls_text(0, french, "[" AU_FAR "]", extra);
    if (!ls_try_load(&f, t)) fail_msg("the scenario was accepted, expected \"%s\"", why);
    LS_ASSERT_HAS(f.err.msg, why);
    free(t);
}

/* [H, p.80-81]: the three fire options load and set their bits */
static void test_fire_options_load(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_FAR "]",
            ", \"options\": {\"split_fire\": true, \"howitzer_batteries\": true, \"rockets\": true}");
    assert_int_equal(f.s->options & (LASALLE_OPT_SPLIT_FIRE | LASALLE_OPT_HOWITZER_BATTERIES | LASALLE_OPT_ROCKETS),
                     LASALLE_OPT_SPLIT_FIRE | LASALLE_OPT_HOWITZER_BATTERIES | LASALLE_OPT_ROCKETS);
    ls_free(&f);
}

#define ROCKETS(guns, horse)                                                                                        \
    "[{\"name\": \"Rocket Troop\", \"type\": \"artillery\", \"guns\": " #guns ", \"weight\": \"rockets\", "         \
    "\"horse\": " #horse ", \"formation\": \"limbered\", \"at\": [16, 4], \"facing\": 90}]"

/* [H Rockets, p.81]: a rocket unit needs the option, 3 bases and horse artillery's moves (ruling R-95) */
static void test_rocket_unit_checks(void **state)
{
    (void)state;
    expect_refused(ROCKETS(3, true), "", "experienced rocket unit may not stand in limbered");
    expect_refused(ROCKETS(4, true), ", \"options\": {\"rockets\": true}",
                   "rocket unit (it needs 3 bases and \"horse\": true, H Rockets, p.81)");
    expect_refused(ROCKETS(3, false), ", \"options\": {\"rockets\": true}", "it needs 3 bases and \"horse\": true");
    ls_fix f;
    ls_load(&f, 0, ROCKETS(3, true), "[" AU_FAR "]", ", \"options\": {\"rockets\": true}");
    assert_int_equal(f.s->units[0].weight, LASALLE_ROCKETS);
    ls_free(&f);
}

/* Continuing Games joins two battles: a scenario (one battle) naming it is told how to play it [H, p.79] */
static void test_between_battles(void **state)
{
    (void)state;
    expect_refused("[" FR_LINE "]", ", \"options\": {\"continuing_games\": true}",
                   "$.options.continuing_games: the optional rule Continuing Games and Campaigns (H, p.79) is played "
                   "between two battles, not in one: play this battle to its end (grognard run --record FILE), then "
                   "run grognard lasalle continue FILE --seed N");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fire_options_load),
        cmocka_unit_test(test_rocket_unit_checks),
        cmocka_unit_test(test_between_battles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
