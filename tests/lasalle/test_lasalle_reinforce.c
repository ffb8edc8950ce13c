/* test_lasalle_reinforce.c - forces that arrive later [J Reinforcements,
 * p.91; F The Status Phase, p.65]: a fixed arrival turn, a reserve's 2d6
 * under the turn plus vigor, the delay when an enemy stands within 4 BW of
 * the arrival places, army morale counting units once they are on, and the
 * loader's checks naming the JSON path. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/reinforce.h"
#include "../../engine/lasalle/rules/status.h"

/* the French: one brigade on the table, a second arriving as `arrives` says at `units` */
static char *text_with(const char *arrives, const char *units, const char *austrians)
{
    size_t cap = strlen(arrives) + strlen(units) + strlen(austrians) + 2048;
    char *t = malloc(cap);
    assert_non_null(t);
    snprintf(t, cap,
             "{\"ruleset\": \"lasalle\", \"name\": \"test\", \"table\": {\"width\": 32, \"height\": 24}, \"turns\": 8, "
             "\"sides\": [{\"name\": \"French\", \"commander\": {\"name\": \"GdD Blue\", \"at\": [16, 1]}, "
             "\"forces\": [{\"name\": \"Blue brigade\", \"subcommander\": {\"name\": \"GdB Blue\", \"at\": [16, 5]}, "
             "\"units\": [" LS_INF("1/45e", "small", "experienced", "line", 16, 8, 90) "]}, "
             "{\"name\": \"Reserve brigade\", \"subcommander\": {\"name\": \"GdB Reserve\", \"vigor\": 1, "
             "\"at\": [6, 1]}, \"arrives\": %s, \"units\": %s}]}, "
             "{\"name\": \"Austrians\", \"commander\": {\"name\": \"FML Red\", \"at\": [16, 23]}, "
             "\"forces\": [{\"name\": \"Red brigade\", \"subcommander\": {\"name\": \"GM Red\", \"at\": [16, 22]}, "
             "\"units\": %s}]}]}",
             arrives, units, austrians);
    return t;
}

#define RES_UNITS "[" LS_INF("1/9e Leger", "large", "experienced", "line", 6, 3, 90) "]"

static void load_with(ls_fix *f, const char *arrives, const char *units, const char *austrians)
{
    char *t = text_with(arrives, units, austrians);
    if (ls_try_load(f, t)) fail_msg("refused: %s", f->err.msg);
    free(t);
}

static void refused_with(const char *arrives, const char *units, const char *why)
{
    ls_fix f;
    char *t = text_with(arrives, units, "[" LS_FAR "]");
    if (!ls_try_load(&f, t)) fail_msg("accepted, expected \"%s\"", why);
    LS_ASSERT_HAS(f.err.msg, why);
    free(t);
}

/* "done" until the turn number reaches `turn` */
static void play_to(ls_fix *f, int turn)
{
    for (int guard = 0; guard < 400 && f->st.turn_no < turn && !f->st.turn.over; guard++) ls_do(f, "done");
    assert_int_equal(f->st.turn_no, turn);
}

/* a scenario's fixed arrival turn: off the table until the owner's Status Phase of that turn [J, p.91] */
static void test_fixed_turn_arrival(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "{\"turn\": 3}", RES_UNITS, "[" LS_FAR "]");
    assert_int_equal(f.st.u[1].status, LASALLE_LEFT);
    assert_true(f.st.u[1].flags & LASALLE_UF_RESERVE);
    /* the army's morale counts only what is on the table [F, p.66]: 2 now, 2 + 3 later; no losses */
    assert_int_equal(lasalle_army_morale(f.s, &f.st, 0), 2);
    assert_int_equal(lasalle_losses(f.s, &f.st, 0), 0);
    play_to(&f, 3);
    assert_int_equal(f.st.u[1].status, LASALLE_LEFT);
    play_to(&f, 4); /* the French Status Phase of turn 3 brings it on */
    assert_int_equal(f.st.u[1].status, LASALLE_ON);
    assert_false(f.st.u[1].flags & LASALLE_UF_RESERVE);
    LS_ASSERT_NEAR(f.st.u[1].x, 6);
    LS_ASSERT_NEAR(f.st.u[1].y, 3);
    assert_int_equal(f.st.u[1].form, LASALLE_LINE);
    LS_ASSERT_LOGGED(&f, "Reserve brigade arrives from the south edge: 1 unit (J, p.91)");
    assert_int_equal(lasalle_army_morale(f.s, &f.st, 0), 5);
    /* its first move: it moves in the French Activity Phase of turn 5 like any unit */
    play_to(&f, 5);
    ls_to_activity(&f);
    ls_do(&f, "u0 hold");
    ls_do(&f, "c1 hold");
    ls_do(&f, "u1 move 2");
    LS_ASSERT_NEAR(f.st.u[1].y, 5);
    ls_free(&f);
}

/* a reserve rolls 2d6 and arrives when the sum is under the turn plus its subcommander's vigor [J, p.91] */
static void test_reserve_roll(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "{\"dice\": \"2d6\"}", RES_UNITS, "[" LS_FAR "]");
    ls_dice(&f, 2, 1, 2); /* turn 1: 3 is not under 1 + 1 */
    play_to(&f, 2);
    LS_ASSERT_LOGGED(&f, "Reserve brigade is not here yet: 3 against under 2 (J, p.91)");
    assert_int_equal(f.st.u[1].status, LASALLE_LEFT);
    play_to(&f, 3);
    ls_dice(&f, 2, 2, 1); /* turn 3: 3 is under 3 + 1 */
    play_to(&f, 4);
    LS_ASSERT_LOGGED(&f, "Reserve brigade arrives: 3 against under 4 (J, p.91)");
    assert_int_equal(f.st.u[1].status, LASALLE_ON);
    ls_free(&f);
}

/* no room anywhere along the edge (enemies within 4 BW of every place offered): delayed, then on at the
 * first Status Phase with room, no new roll */
static void test_delayed_arrival(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "{\"dice\": \"2d6\"}", RES_UNITS,
              "[" LS_FAR ", " LS_CAV("Hussars 3", "small", "experienced", "waves", 6, 6.5, 270) ", "
              LS_CAV("Hussars 4", "small", "experienced", "waves", 14, 5.5, 270) ", "
              LS_CAV("Hussars 5", "small", "experienced", "waves", 22, 5.5, 270) "]");
    ls_dice(&f, 2, 1, 1);
    f.st.turn_no = 3;
    play_to(&f, 4);
    LS_ASSERT_LOGGED(&f, "Reserve brigade is delayed: no room to arrive (J, p.91)");
    assert_true(f.st.u[1].flags & LASALLE_UF_DUE);
    assert_false(lasalle_arrival_room(f.s, &f.st, 1));
    ls_place(&f, 3, 26, 18, 270, LASALLE_WAVES); /* the hussars ride away */
    assert_true(lasalle_arrival_room(f.s, &f.st, 1));
    ls_dice(&f, 0);
    play_to(&f, 6); /* no die is thrown for it again */
    assert_int_equal(f.st.u[1].status, LASALLE_ON);
    ls_free(&f);
}

/* where along its edge an arriving force comes on is its owner's choice: its set places shifted by 4, 8,
 * ... 16 BW either way, where every base is on the table and none within 4 BW of an enemy [J, p.91] */
static void test_arrival_along_the_edge(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "{\"turn\": 1}", RES_UNITS, "[" LS_FAR "]");
    for (int guard = 0; guard < 100 && f.st.turn.step != LASALLE_ST_ARRIVE; guard++) ls_do(&f, "done");
    assert_int_equal(f.st.turn.step, LASALLE_ST_ARRIVE);
    LS_ASSERT_HAS(ls_now(&f), "Reserve brigade arrives; where along the south edge does it come on?");
    assert_true(ls_offers(&f, "f1 arrive 0"));
    assert_true(ls_offers(&f, "f1 arrive +4"));
    assert_true(ls_offers(&f, "f1 arrive +16"));
    assert_false(ls_offers(&f, "f1 arrive -8")); /* its line would stand off the west edge */
    ls_refused(&f, "f1 arrive +3", "3 is not one of them");
    ls_refused(&f, "f1 arrive -8", "has no room -8 BW along the edge");
    ls_refused(&f, "f1 arrive +20", "20 is not one of them");
    ls_refused(&f, "f1 arrive", "where along the edge");
    ls_do(&f, "f1 arrive +8");
    assert_int_equal(f.st.u[1].status, LASALLE_ON);
    LS_ASSERT_NEAR(f.st.u[1].x, 14);
    LS_ASSERT_NEAR(f.st.u[1].y, 3);
    LS_ASSERT_NEAR(f.st.o[f.s->forces[1].officer].x, 14); /* its subcommander beside it */
    LS_ASSERT_LOGGED(&f, "Reserve brigade arrives from the south edge: 1 unit, 8 BW east of its set place (J, p.91)");
    ls_free(&f);
}

/* "done" puts a force whose set place is blocked at the nearest place with room [J, p.91] */
static void test_arrival_done_nearest_room(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "{\"turn\": 1}", RES_UNITS,
              "[" LS_FAR ", " LS_CAV("Hussars 3", "small", "experienced", "waves", 6, 6.5, 270) "]");
    for (int guard = 0; guard < 100 && f.st.turn.step != LASALLE_ST_ARRIVE; guard++) ls_do(&f, "done");
    assert_int_equal(f.st.turn.step, LASALLE_ST_ARRIVE);
    assert_false(ls_offers(&f, "f1 arrive 0"));
    ls_do(&f, "done");
    assert_int_equal(f.st.u[1].status, LASALLE_ON);
    LS_ASSERT_NEAR(f.st.u[1].y, 3);
    assert_true(f.st.u[1].x > 6);
    ls_free(&f);
}

/* the loader names the JSON path of what is wrong */
static void test_loader_checks(void **state)
{
    (void)state;
    refused_with("{\"turn\": 3}", "[" LS_INF("1/9e", "large", "experienced", "line", 6, 9, 90) "]",
                 "$.sides[0].forces[1].units[0].at: every base of an arriving unit stands within 4 BW of the south edge");
    refused_with("{\"turn\": 3, \"dice\": \"2d6\"}", RES_UNITS, "$.sides[0].forces[1].arrives: give either");
    refused_with("{\"dice\": \"1d6\"}", RES_UNITS, "$.sides[0].forces[1].arrives.dice: a reserve rolls \"2d6\"");
    refused_with("{\"turn\": 3}", "[" LS_ART("6-pdr", 4, "medium", "unlimbered", 6, 2, 90) "]",
                 "$.sides[0].forces[1].units[0].formation: reinforcements come on in any formation but Square; "
                 "artillery Limbered");
    refused_with("{\"turn\": 3}", "[" LS_INF("1/9e", "large", "experienced", "line", 20, 3, 90) "]",
                 "within its subcommander's command range");
    refused_with("{\"turn\": 3, \"edge\": \"up\"}", RES_UNITS, "$.sides[0].forces[1].arrives.edge");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed_turn_arrival),
        cmocka_unit_test(test_reserve_roll),
        cmocka_unit_test(test_delayed_arrival),
        cmocka_unit_test(test_arrival_along_the_edge),
        cmocka_unit_test(test_arrival_done_nearest_room),
        cmocka_unit_test(test_loader_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
