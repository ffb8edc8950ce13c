/* test_lasalle_choices.c - choices the book gives the moving player: which
 * reserve rolls to arrive when several are off the table [J Reinforcements,
 * p.91], which force or independent unit moves next in the Activity Phase
 * [C Movement: The Basics, p.24], and the way of a Fall Back reaction,
 * back or forward, with or without a wheel [D, p.38-39]; the notation of
 * them, their words to the player and the AI's view of them. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/ai.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/order.h"

/* ---- which reserve rolls [J, p.91] -------------------------------------------------------------- */

#define RES_A "[" LS_INF("1/9e Leger", "large", "experienced", "line", 6, 3, 90) "]"
#define RES_B "[" LS_INF("2/9e Leger", "large", "experienced", "line", 26, 3, 90) "]"

/* the French: Blue brigade on the table (u0, c1), two reserves rolling 2d6: Reserve A (f1: u1, c2) and
 * Reserve B (f2: u2, c3); the Austrians far off (u3) */
static void load_reserves(ls_fix *f, const char *b_arrives)
{
    char t[4096];
    snprintf(t, sizeof t,
             "{\"ruleset\": \"lasalle\", \"name\": \"test\", \"table\": {\"width\": 32, \"height\": 24}, \"turns\": 8, "
             "\"sides\": [{\"name\": \"French\", \"commander\": {\"name\": \"GdD Blue\", \"at\": [16, 1]}, "
             "\"forces\": [{\"name\": \"Blue brigade\", \"subcommander\": {\"name\": \"GdB Blue\", \"at\": [16, 5]}, "
             "\"units\": [" LS_INF("1/45e", "small", "experienced", "line", 16, 8, 90) "]}, "
             "{\"name\": \"Reserve A\", \"subcommander\": {\"name\": \"GdB A\", \"vigor\": 1, \"at\": [6, 1]}, "
             "\"arrives\": {\"dice\": \"2d6\"}, \"units\": " RES_A "}, "
             "{\"name\": \"Reserve B\", \"subcommander\": {\"name\": \"GdB B\", \"vigor\": 1, \"at\": [26, 1]}, "
             "\"arrives\": %s, \"units\": " RES_B "}]}, "
             "{\"name\": \"Austrians\", \"commander\": {\"name\": \"FML Red\", \"at\": [16, 23]}, "
             "\"forces\": [{\"name\": \"Red brigade\", \"subcommander\": {\"name\": \"GM Red\", \"at\": [16, 22]}, "
             "\"units\": [" LS_FAR "]}]}]}",
             b_arrives);
    if (ls_try_load(f, t)) fail_msg("refused: %s", f->err.msg);
}

/* "done" until the French Status Phase of the turn asks which reserve rolls */
static void to_reserve_choice(ls_fix *f)
{
    for (int guard = 0; guard < 64 && f->st.turn.step != LASALLE_ST_STATUS && !f->st.turn.over; guard++)
        ls_do(f, "done");
    assert_int_equal(f->st.turn.step, LASALLE_ST_STATUS);
}

/* [J, p.91]: with several reserves off the table the player declares the one that rolls; only it may arrive */
static void test_reserve_declared(void **state)
{
    (void)state;
    ls_fix f;
    load_reserves(&f, "{\"dice\": \"2d6\"}");
    f.st.turn_no = 3; /* 2d6 under 3 + 1 */
    to_reserve_choice(&f);
    LS_ASSERT_HAS(ls_now(&f), "turn 3, the French's Status Phase: declare which reserve force rolls to arrive "
                              "(J, p.91): Reserve A (f1 reserve), Reserve B (f2 reserve)");
    assert_true(ls_offers(&f, "f1 reserve"));
    assert_true(ls_offers(&f, "f2 reserve"));
    assert_false(ls_offers(&f, "f0 reserve"));
    ls_dice(&f, 2, 1, 2); /* 3 is under 4: Reserve B comes on */
    ls_do(&f, "f2 reserve");
    LS_ASSERT_LOGGED(&f, "the French declare Reserve B as the reserve to roll (J, p.91)");
    LS_ASSERT_LOGGED(&f, "Reserve B arrives: 3 against under 4 (J, p.91)");
    assert_true(ls_offers(&f, "f2 arrive 0"));
    ls_do(&f, "f2 arrive 0");
    assert_int_equal(f.st.u[2].status, LASALLE_ON);
    assert_int_equal(f.st.u[1].status, LASALLE_LEFT); /* no roll for Reserve A this turn */
    assert_int_equal(f.st.turn_no, 4);
    ls_free(&f);
}

/* [J, p.91; ruling R-71]: "done" at the declaration leaves the roll to the first reserve in the scenario */
static void test_reserve_done_first(void **state)
{
    (void)state;
    ls_fix f;
    load_reserves(&f, "{\"dice\": \"2d6\"}");
    f.st.turn_no = 3;
    to_reserve_choice(&f);
    ls_dice(&f, 2, 2, 1);
    ls_do(&f, "done");
    LS_ASSERT_LOGGED(&f, "Reserve A arrives: 3 against under 4 (J, p.91)");
    ls_do(&f, "done"); /* at its set place */
    assert_int_equal(f.st.u[1].status, LASALLE_ON);
    assert_int_equal(f.st.u[2].status, LASALLE_LEFT);
    ls_free(&f);
}

/* [J, p.91]: one reserve that may roll is no choice: it rolls without a decision */
static void test_one_reserve_no_decision(void **state)
{
    (void)state;
    ls_fix f;
    load_reserves(&f, "{\"turn\": 6}"); /* Reserve B comes on a fixed turn: it never rolls */
    f.st.turn_no = 3;
    ls_dice(&f, 2, 6, 6);
    for (int guard = 0; guard < 64 && f.st.turn_no == 3; guard++) {
        assert_int_not_equal(f.st.turn.step, LASALLE_ST_STATUS);
        ls_do(&f, "done");
    }
    LS_ASSERT_LOGGED(&f, "Reserve A is not here yet: 12 against under 4 (J, p.91)");
    ls_free(&f);
}

/* [J, p.91]: the declaration names a reserve of the moving side still to come; other orders are refused */
static void test_reserve_refused(void **state)
{
    (void)state;
    ls_fix f;
    load_reserves(&f, "{\"dice\": \"2d6\"}");
    to_reserve_choice(&f);
    ls_refused(&f, "f0 reserve", "f0 is not a reserve force of the French still to roll for (J, p.91)");
    ls_refused(&f, "f3 reserve", "f3 is not a reserve force of the French");
    ls_refused(&f, "f9 reserve", "there is no force f9 (the forces are f0 to f3)");
    ls_refused(&f, "u1 reserve", "a reserve is a force: 'fN reserve' (J, p.91)");
    ls_refused(&f, "f1 next", "the Status Phase asks which reserve rolls (J, p.91)");
    /* a reserve that already rolled its arrival and waits for room rolls no more (J, p.91) */
    f.st.u[2].flags |= LASALLE_UF_DUE;
    assert_false(ls_offers(&f, "f2 reserve"));
    ls_free(&f);
}

/* ---- the order of the forces [C, p.24] ---------------------------------------------------------- */

/* the French: Blue brigade (f0: u0, c1), Green brigade (f1: u1, c2), the independent Hussars (u2); commander c0;
 * the Austrians' Red brigade (f2: u3) */
static void load_forces(ls_fix *f)
{
    const char *t =
        "{\"ruleset\": \"lasalle\", \"name\": \"test\", \"table\": {\"width\": 32, \"height\": 24}, \"turns\": 8, "
        "\"sides\": [{\"name\": \"French\", \"commander\": {\"name\": \"GdD Blue\", \"at\": [16, 1]}, "
        "\"forces\": [{\"name\": \"Blue brigade\", \"subcommander\": {\"name\": \"GdB Blue\", \"at\": [8, 5]}, "
        "\"units\": [" LS_INF("1/45e", "small", "experienced", "line", 8, 8, 90) "]}, "
        "{\"name\": \"Green brigade\", \"subcommander\": {\"name\": \"GdB Green\", \"at\": [24, 5]}, "
        "\"units\": [" LS_INF("1/9e Leger", "small", "experienced", "line", 24, 8, 90) "]}], "
        "\"independent\": [" LS_CAV("Hussars", "small", "experienced", "waves", 16, 6, 90) "]}, "
        "{\"name\": \"Austrians\", \"commander\": {\"name\": \"FML Red\", \"at\": [16, 23]}, "
        "\"forces\": [{\"name\": \"Red brigade\", \"subcommander\": {\"name\": \"GM Red\", \"at\": [16, 22]}, "
        "\"units\": [" LS_FAR "]}]}]}";
    if (ls_try_load(f, t)) fail_msg("refused: %s", f->err.msg);
}

/* "done" until the Activity Phase asks for the force to move next, or for a unit's move */
static void to_order(ls_fix *f)
{
    for (int guard = 0; guard < 64 && f->st.turn.step != LASALLE_ST_FORCE && f->st.turn.step != LASALLE_ST_ACTIVITY &&
                        !f->st.turn.over;
         guard++)
        ls_do(f, "done");
}

/* [C, p.24]: the player picks a force or an independent unit; the force's units move, then its subcommander;
 * the next choice; with one left it moves unasked; the commander last */
static void test_player_orders_forces(void **state)
{
    (void)state;
    ls_fix f;
    load_forces(&f);
    to_order(&f);
    assert_int_equal(f.st.turn.step, LASALLE_ST_FORCE);
    LS_ASSERT_HAS(ls_now(&f), "turn 1, the French's Activity Phase: choose the force or independent unit to move "
                              "next (C, p.24): Blue brigade (f0 next), Green brigade (f1 next), Hussars (u2 next)");
    assert_true(ls_offers(&f, "f1 next"));
    assert_false(ls_offers(&f, "f2 next")); /* the enemy's */
    ls_refused(&f, "u0 hold", "the decision due (force order) is not that piece's: 'list' shows the orders it takes");
    ls_do(&f, "f1 next");
    LS_ASSERT_LOGGED(&f, "the French move Green brigade next (C, p.24)");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 1);
    ls_do(&f, "u1 move 1");
    LS_ASSERT_NEAR(f.st.u[1].y, 9);
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), f.s->nunits + 2); /* GdB Green */
    ls_do(&f, "c2 hold");
    /* Blue brigade and the Hussars are left: the choice again, without Green */
    assert_int_equal(f.st.turn.step, LASALLE_ST_FORCE);
    assert_false(ls_offers(&f, "f1 next"));
    ls_do(&f, "u2 next");
    ls_do(&f, "u2 move 2");
    /* Blue brigade alone is left: it moves without a decision */
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 0);
    ls_do(&f, "u0 hold");
    ls_do(&f, "c1 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), f.s->nunits + 0); /* the commander last */
    ls_do(&f, "c0 hold");
    assert_int_not_equal(f.st.active, 0); /* the Austrians' turn */
    ls_free(&f);
}

/* [C, p.24; ruling R-35]: "done" at the choice lets the rest move in the scenario's order */
static void test_done_keeps_file_order(void **state)
{
    (void)state;
    ls_fix f;
    load_forces(&f);
    to_order(&f);
    ls_do(&f, "done");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 0);
    ls_do(&f, "u0 hold");
    ls_do(&f, "c1 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 1);
    ls_do(&f, "u1 hold");
    ls_do(&f, "c2 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 2);
    ls_do(&f, "u2 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), f.s->nunits + 0);
    ls_free(&f);
}

/* [C, p.24]: "done" while a force moves: everyone not yet moved holds, the commander too */
static void test_done_ends_phase(void **state)
{
    (void)state;
    ls_fix f;
    load_forces(&f);
    to_order(&f);
    ls_do(&f, "f0 next");
    ls_do(&f, "done");
    assert_int_equal(f.st.active, 1);
    ls_free(&f);
}

/* [C, p.24]: an independent unit has no force to wait for: no `later`; a force with no unit on the table is not
 * offered, so with one other group left there is no choice */
static void test_independent_and_empty_force(void **state)
{
    (void)state;
    ls_fix f;
    load_forces(&f);
    f.st.u[1].status = LASALLE_BROKEN; /* Green brigade's only unit */
    to_order(&f);
    assert_int_equal(f.st.turn.step, LASALLE_ST_FORCE);
    assert_true(ls_offers(&f, "f0 next"));
    assert_false(ls_offers(&f, "f1 next"));
    ls_refused(&f, "f1 next", "f1 is not a force of the French still to move this Activity Phase (C, p.24)");
    ls_refused(&f, "u3 next", "u3 is not an independent unit of the French still to move");
    ls_do(&f, "u2 next");
    assert_false(ls_offers(&f, "u2 later"));
    ls_refused(&f, "u2 later", "Hussars is an independent unit: it has no force to wait for (C, p.24)");
    ls_do(&f, "u2 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 0); /* Blue brigade, unasked */
    ls_free(&f);
}

/* [C, p.24]: within the force chosen a unit may still wait for the rest of its force */
static void test_later_within_chosen_force(void **state)
{
    (void)state;
    ls_fix f;
    load_forces(&f);
    to_order(&f);
    ls_do(&f, "f0 next");
    assert_true(ls_offers(&f, "u0 later"));
    ls_do(&f, "u0 later");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 0); /* the last of its force: it moves now */
    ls_do(&f, "u0 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), f.s->nunits + 1);
    ls_free(&f);
}

/* [C, p.24]: the units of the force moving go in any order their player chooses: an order for the third is
 * taken at once and the decision comes back to the first; the subcommander moves after all of them */
static void test_units_of_a_force_in_any_order(void **state)
{
    (void)state;
    ls_fix f;
    const char *t =
        "{\"ruleset\": \"lasalle\", \"name\": \"test\", \"table\": {\"width\": 32, \"height\": 24}, \"turns\": 8, "
        "\"sides\": [{\"name\": \"French\", \"commander\": {\"name\": \"GdD Blue\", \"at\": [16, 1]}, "
        "\"forces\": [{\"name\": \"Blue brigade\", \"subcommander\": {\"name\": \"GdB Blue\", \"at\": [14, 5]}, "
        "\"units\": [" LS_INF("1/45e", "small", "experienced", "line", 8, 8, 90) ", "
        LS_INF("2/45e", "small", "experienced", "line", 14, 8, 90) ", "
        LS_INF("3/45e", "small", "experienced", "line", 20, 8, 90) "]}]}, "
        "{\"name\": \"Austrians\", \"commander\": {\"name\": \"FML Red\", \"at\": [16, 23]}, "
        "\"forces\": [{\"name\": \"Red brigade\", \"subcommander\": {\"name\": \"GM Red\", \"at\": [16, 22]}, "
        "\"units\": [" LS_FAR "]}]}]}";
    if (ls_try_load(&f, t)) fail_msg("refused: %s", f.err.msg);
    to_order(&f);
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 0);
    ls_refused(&f, "c1 hold", "a force's units move before its subcommander (C, p.24)");
    ls_do(&f, "u2 move 1");
    LS_ASSERT_NEAR(f.st.u[2].y, 9);
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 0); /* back to the first */
    ls_do(&f, "u0 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), 1); /* 3/45e is not asked again */
    ls_do(&f, "u1 hold");
    assert_int_equal(gr_steps_actor(&lasalle_steps, f.s, &f.st), f.s->nunits + 1); /* then its subcommander */
    ls_free(&f);
}

/* the notation reads and prints both choices; the AI sees a command */
static void test_notation_and_info(void **state)
{
    (void)state;
    ls_fix f;
    load_forces(&f);
    const char *orders[] = {"f1 next", "u2 next", "f0 reserve"};
    for (size_t k = 0; k < sizeof orders / sizeof *orders; k++) {
        gr_action a;
        char buf[64];
        if (f.g.rs->present->parse_action(f.s, &f.st, orders[k], &a, &f.err)) fail_msg("%s", f.err.msg);
        f.g.rs->present->format_action(f.s, &f.st, &a, buf, sizeof buf);
        assert_string_equal(buf, orders[k]);
        gr_action_info in;
        lasalle_action_info(f.s, &f.st, &a, &in);
        assert_int_equal(in.kind, GR_AK_COMMAND);
        if (k == 1) assert_int_equal(in.unit, 2);
    }
    ls_free(&f);
}

/* ---- the way of a fall-back [D, p.38-39] ------------------------------------------------------- */

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define AU_COLUMN LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270)

/* the French line u0 charged on its front by the Austrian column u1; the French Reaction Phase */
static void charged(ls_fix *f)
{
    ls_load(f, 0, "[" FR_LINE "]", "[" AU_COLUMN "]", "");
    ls_place(f, 1, 16, 6, 270, LASALLE_COLUMN);
    f->st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(f, LASALLE_ST_REACT), 0);
}

/* [D, p.38]: a fall-back may wheel; the wheel's outer arc counts in the distance, the facing turns by the
 * wheel only, and it ends clear of the enemy */
static void test_fall_back_with_wheel(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f);
    double w = lasalle_hull(f.s, &f.st, 0).w, arc = 20 * GR_PI / 180 * w;
    assert_true(arc < 2); /* the wheel fits in the 2 BW an even die gives infantry */
    ls_dice(&f, 1, 4);
    ls_do(&f, "u0 fallback wheel 20");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne falls back 2 BW, wheeling 20 degrees left");
    LS_ASSERT_NEAR(f.st.u[0].heading * 180 / GR_PI, 110);
    assert_true(f.st.u[0].y < 6);
    int touch[LASALLE_MAX_UNITS];
    assert_int_equal(lasalle_contacts(f.s, &f.st, 0, touch, LASALLE_MAX_UNITS), 0);
    /* the pivot, the front-right corner, stayed where it was; then 2 - arc BW straight back */
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    gr_vec2 fr = gr_v2_add(h.fc, gr_v2_scale(gr_rect_right(&h), w / 2));
    LS_ASSERT_NEAR(gr_v2_len(gr_v2_sub(fr, gr_v2(16 + w / 2, 6))), 2 - arc);
    ls_free(&f);
}

/* [D, p.38]: the way declared must take it away from the enemies touching it; the wheel is bounded */
static void test_fall_back_way_refused(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f);
    ls_refused(&f, "u0 fallback forward", "that fall-back does not take 1/45e Ligne away from the enemies touching it");
    ls_refused(&f, "u0 fallback wheel 120", "a fall-back wheels at most 90 degrees (D, p.38; ruling R-192)");
    assert_true(ls_offers(&f, "u0 fallback")); /* the menu keeps the engine's way: straight back */
    assert_false(ls_offers(&f, "u0 fallback back"));
    /* declared straight back, it goes as the engine's way goes */
    ls_dice(&f, 1, 4);
    ls_do(&f, "u0 fallback back");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne falls back 2 BW");
    LS_ASSERT_NEAR(f.st.u[0].y, 4);
    LS_ASSERT_NEAR(f.st.u[0].heading * 180 / GR_PI, 90);
    ls_free(&f);
}

/* the notation of the way of a fall-back */
static void test_fall_back_notation(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f);
    const char *orders[] = {"u0 fallback", "u0 fallback back", "u0 fallback forward wheel -15", "u0 fallback wheel 30"};
    for (size_t k = 0; k < sizeof orders / sizeof *orders; k++) {
        gr_action a;
        char buf[64];
        if (f.g.rs->present->parse_action(f.s, &f.st, orders[k], &a, &f.err)) fail_msg("%s", f.err.msg);
        assert_int_equal(a.type, LASALLE_A_FALLBACK);
        f.g.rs->present->format_action(f.s, &f.st, &a, buf, sizeof buf);
        assert_string_equal(buf, orders[k]);
    }
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reserve_declared),
        cmocka_unit_test(test_reserve_done_first),
        cmocka_unit_test(test_one_reserve_no_decision),
        cmocka_unit_test(test_reserve_refused),
        cmocka_unit_test(test_player_orders_forces),
        cmocka_unit_test(test_done_keeps_file_order),
        cmocka_unit_test(test_done_ends_phase),
        cmocka_unit_test(test_independent_and_empty_force),
        cmocka_unit_test(test_later_within_chosen_force),
        cmocka_unit_test(test_units_of_a_force_in_any_order),
        cmocka_unit_test(test_notation_and_info),
        cmocka_unit_test(test_fall_back_with_wheel),
        cmocka_unit_test(test_fall_back_way_refused),
        cmocka_unit_test(test_fall_back_notation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
