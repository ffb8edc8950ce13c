/* test_lasalle_status.c - the end of the Activity Phase and the Status
 * Phase: recovery [C Recovery, p.30] (one die, one more for moving, one
 * more near the enemy, each needing the discipline number; the bars; the
 * commander's re-roll), the army morale check [F, p.67] (5d6 summed must
 * beat the turn; the defender's 4d6 when the attacker controls the
 * objective, J p.91), bonus turns [F, p.66], victory and Send in the
 * Guards [H, p.75], officers an enemy unit passes through [H, p.73]. */
#include "lasalle_fixture.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define FR_TWO "[" FR_LINE ", " LS_INF("2/45e", "small", "experienced", "line", 8, 6, 90) "]"

static void test_recovery_dice(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    f.st.u[0].disr = 2;
    ls_do(&f, "u0 move 1");
    ls_dice(&f, 2, 3, 4);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "recovery of 1/45e Ligne (2 dice, each 3+): 2d6 [3 4]");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne recovers: one DISR removed (C, p.30)");
    assert_int_equal(f.st.u[0].disr, 1);
    assert_int_equal(f.st.active, 1);
    ls_free(&f);
    /* near the enemy: one more die; a maneuver bars the attempt */
    ls_load(&f, 0, FR_TWO, "[" LS_INF("IR 7", "small", "experienced", "march", 28, 12, 270) "]", "");
    ls_to_activity(&f);
    f.st.u[0].disr = 1;
    f.st.u[1].disr = 1;
    ls_place(&f, 2, 20, 9, 270, LASALLE_MARCH);
    ls_do(&f, "u0 hold");
    ls_do(&f, "u1 wheel 10");
    ls_dice(&f, 2, 3, 2);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "recovery of 1/45e Ligne (2 dice, each 3+)");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fails to recover");
    assert_false(ls_logged(&f, "recovery of 2/45e"));
    ls_free(&f);
}

/* the commander may re-roll one failed attempt a turn, at once [C, p.30] */
static void test_commander_reroll(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    f.st.u[0].disr = 1;
    ls_dice(&f, 1, 2);
    ls_do(&f, "done");
    assert_int_equal(f.st.turn.step, LASALLE_ST_REROLL);
    assert_true(ls_offers(&f, "u0 reroll") && ls_offers(&f, "u0 accept"));
    ls_dice(&f, 1, 5);
    ls_do(&f, "u0 reroll");
    LS_ASSERT_LOGGED(&f, "the commander's re-roll of recovery of 1/45e Ligne (1 die, on 3+): 1d6 [5]");
    assert_int_equal(f.st.u[0].disr, 0);
    ls_free(&f);
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    f.st.u[0].disr = 1;
    ls_dice(&f, 1, 2);
    ls_do(&f, "done");
    ls_do(&f, "u0 accept");
    assert_int_equal(f.st.u[0].disr, 1);
    assert_int_equal(f.st.active, 1);
    ls_free(&f);
}

/* losses past a third of the army's morale: 5d6 must beat the turn [F, p.66-67] */
static void test_army_morale(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FR_TWO, "[" LS_FAR "]", "");
    f.st.u[1].status = LASALLE_BROKEN; /* losses 2 of 4: 3 x 2 > 4 */
    f.st.turn_no = 6;
    ls_dice(&f, 5, 2, 2, 1, 1, 1);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "the army of the French passes its morale check: 7 against 7+ (losses past the breakpoint) (F, p.67)");
    assert_int_equal(f.st.turn.over, 0);
    ls_free(&f);
    ls_load(&f, 0, FR_TWO, "[" LS_FAR "]", "");
    f.st.u[1].status = LASALLE_BROKEN;
    f.st.turn_no = 6;
    ls_dice(&f, 5, 1, 1, 1, 1, 1);
    ls_do(&f, "done");
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), GR_TERMINAL);
    gr_result r;
    f.g.rs->rules->result(f.g.scn, &f.st, &r);
    assert_int_equal(r.winner, 1);
    assert_int_equal(r.margin, 1); /* pursuit 0 to 0: the loser covers its retreat */
    LS_ASSERT_HAS(r.reason, "army morale after turn 6: marginal victory for the Austrians");
    ls_free(&f);
}

/* the defender tests with 4d6 when the attacker holds the objective, whatever its losses [J, p.91] */
static void test_objective(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 9, 90) "]", "[" LS_FAR "]",
            ", \"defender\": 1, \"objectives\": [{\"name\": \"Mill\", \"x\": 16, \"y\": 11}]");
    assert_int_equal(f.st.owner[0], 1);
    ls_do(&f, "done");
    assert_int_equal(f.st.owner[0], 0);
    assert_int_equal(f.st.active, 1);
    f.st.turn_no = 9;
    ls_dice(&f, 4, 1, 1, 1, 1);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "the army of the Austrians fails its morale check: 4 against 10+ (the attacker controls the objective)");
    gr_result r;
    f.g.rs->rules->result(f.g.scn, &f.st, &r);
    assert_int_equal(r.winner, 0);
    ls_free(&f);
}

/* after the basic length both roll; both at most k + 1 ends it [F, p.66] */
static void test_bonus_turns(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    f.st.turn_no = 8;
    ls_dice(&f, 2, 2, 1);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "bonus turn 1 follows (F, p.66)");
    assert_int_equal(f.st.turn_no, 9);
    ls_dice(&f, 2, 2, 1);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "the game ends after turn 9 (F, p.66)");
    LS_ASSERT_LOGGED(&f, "neither army broke: the game is a draw (F, p.67)");
    gr_result r;
    f.g.rs->rules->result(f.g.scn, &f.st, &r);
    assert_int_equal(r.over, 1);
    assert_int_equal(r.winner, -1);
    LS_ASSERT_HAS(r.reason, "time after turn 9: a draw");
    ls_free(&f);
}

/* Send in the Guards: a draw is a marginal victory for the enemy [H, p.75] */
static void test_send_in_the_guards(void **state)
{
    (void)state;
    ls_fix f;
    char *t = ls_text(0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    char *p = strstr(t, "\"name\": \"French\",");
    size_t n = strlen(t) + 64;
    char *u = malloc(n);
    snprintf(u, n, "%.*s\"name\": \"French\", \"rules\": [\"send_in_the_guards\"],%s", (int)(p - t), t,
             p + strlen("\"name\": \"French\","));
    if (ls_try_load(&f, u)) fail_msg("%s", f.err.msg);
    free(u);
    free(t);
    f.st.turn_no = 8;
    ls_dice(&f, 2, 1, 1);
    ls_do(&f, "done");
    gr_result r;
    f.g.rs->rules->result(f.g.scn, &f.st, &r);
    assert_int_equal(r.winner, 1);
    assert_int_equal(r.margin, 1);
    LS_ASSERT_LOGGED(&f, "neither army broke: a marginal victory for the Austrians (F, p.67)");
    ls_free(&f);
}

/* loads the scenario with `rules` as the French side's and the Austrians' advanced rules (NULL: none) */
static void load_with_rules(ls_fix *f, const char *french_rules, const char *austrian_rules)
{
    char *t = ls_text(0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    char buf[4096];
    const char *fr = strstr(t, "\"name\": \"French\""), *au = strstr(t, "\"name\": \"Austrians\"");
    assert_non_null(fr);
    assert_non_null(au);
    size_t a = (size_t)(fr - t) + strlen("\"name\": \"French\""), b = (size_t)(au - t) + strlen("\"name\": \"Austrians\"");
    snprintf(buf, sizeof buf, "%.*s%s%s%s%.*s%s%s%s%s", (int)a, t, french_rules ? ", \"rules\": [\"" : "",
             french_rules ? french_rules : "", french_rules ? "\"]" : "", (int)(b - a), t + a,
             austrian_rules ? ", \"rules\": [\"" : "", austrian_rules ? austrian_rules : "",
             austrian_rules ? "\"]" : "", t + b);
    free(t);
    if (ls_try_load(f, buf)) fail_msg("%s", f->err.msg);
}

/* They'll Be Back: a draw is a marginal victory for the Spanish army, unless both armies have it [K Spain; F, p.67];
 * against Send in the Guards the two agree: the Guards army's draw is the Spanish marginal victory */
static void test_theyll_be_back(void **state)
{
    (void)state;
    static const struct {
        const char *french, *austrian;
        int winner, margin;
    } cases[] = {{NULL, "theyll_be_back", 1, 1},
                 {"theyll_be_back", "theyll_be_back", -1, 0},
                 {"send_in_the_guards", "theyll_be_back", 1, 1}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        ls_fix f;
        gr_result r;
        load_with_rules(&f, cases[k].french, cases[k].austrian);
        f.st.turn_no = 8;
        ls_dice(&f, 2, 1, 1);
        ls_do(&f, "done");
        f.g.rs->rules->result(f.g.scn, &f.st, &r);
        assert_int_equal(r.winner, cases[k].winner);
        if (cases[k].winner >= 0) assert_int_equal(r.margin, cases[k].margin);
        ls_free(&f);
    }
}

/* an enemy unit moving through an officer: his casualty test (H, p.73), then he rides clear beside a unit of his
 * command (ruling A-20) */
static void test_officer_passed_through(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", ", \"options\": {\"officer_tactics\": true}");
    f.st.o[3].x = 16; /* GM Red, in the path of 1/45e Ligne */
    f.st.o[3].y = 7.5;
    ls_dice(&f, 1, 6);
    ls_do(&f, "u0 move 2");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne passes through GM Red (H, p.73)");
    LS_ASSERT_LOGGED(&f, "GM Red is killed; an aide takes over (H, p.73)");
    assert_true(f.st.o[3].flags & LASALLE_OF_REPLACED);
    assert_int_equal(f.st.o[3].vigor, -1);
    assert_true(f.st.o[3].y > 15); /* beside IR 7, his brigade's unit */
    ls_free(&f);
    /* without Officer Tactics and Casualties: no test, he only rides clear; a 1-4 leaves him unharmed */
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    f.st.o[3].x = 16;
    f.st.o[3].y = 7.5;
    ls_dice(&f, 0);
    ls_do(&f, "u0 move 2");
    assert_false(f.st.o[3].flags & LASALLE_OF_REPLACED);
    assert_true(f.st.o[3].y > 15);
    ls_free(&f);
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", ", \"options\": {\"officer_tactics\": true}");
    f.st.o[3].x = 16;
    f.st.o[3].y = 7.5;
    ls_dice(&f, 1, 4);
    ls_do(&f, "u0 move 2");
    assert_false(f.st.o[3].flags & LASALLE_OF_REPLACED);
    assert_int_equal(f.st.o[3].vigor, 0);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recovery_dice), cmocka_unit_test(test_commander_reroll),
        cmocka_unit_test(test_army_morale),   cmocka_unit_test(test_objective),
        cmocka_unit_test(test_bonus_turns),   cmocka_unit_test(test_send_in_the_guards),
        cmocka_unit_test(test_theyll_be_back),
        cmocka_unit_test(test_officer_passed_through),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
