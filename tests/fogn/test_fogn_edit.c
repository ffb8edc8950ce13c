/* test_fogn_edit.c - tests of the assistant corrections (engine/fogn/edit.c):
 * the plain commands a player types to make the program's position match the
 * real table. These are not rule tests: each test names what it checks.
 *
 * Covered: the exact effect of every command on the flat state (front-edge
 * centre, heading in radians, formation, kink, cohesion, flags, bases_lost,
 * attachments, commanders' posts and attachment to units), the log line of
 * each accepted correction, every refusal (overlap, off the table, a
 * formation the troop type may not take, unknown unit or commander, unknown
 * formation or level, malformed text) leaving the state byte for byte as it
 * was and the log empty, the derived marks refreshed (in combat, flank
 * strikes, the decision due), and that corrected positions pass the
 * ruleset's invariants. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/edit.h"

#define TOL 1e-9

/* u0 Reformed line infantry, small, Tactical, at (20, 10) facing north
 * (footprint x 18.5..21.5, y 7.75..10); u1 light infantry at (30, 10); u2 an
 * enemy heavy cavalry at (20, 30) facing south; u3 foot artillery,
 * unlimbered, at (40, 10). Side 0's Movement Phase is open. */
static fogn_scenario *scn(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 0, FOGN_INF_LIGHT, FOGN_SMALL, FOGN_F_TACTICAL, 30, 10, 90);
    fx_unit(s, 1, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_TACTICAL, 20, 30, -90);
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 40, 10, 90);
    return s;
}

static void invariants_hold(const fogn_scenario *s, const fogn_state *st)
{
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.present->check_invariants(s, st, &err)) fail_msg("invariant broken: %s", err.msg);
}

/* a correction that must be accepted; the state then passes the invariants */
static void ok(const fogn_scenario *s, fogn_state *st, const char *text)
{
    gr_error err;
    gr_error_clear(&err);
    if (fogn_edit(s, st, text, NULL, &err)) fail_msg("'%s' refused: %s", text, err.msg);
    invariants_hold(s, st);
}

/* the same, returning the one log line it wrote */
static void ok_logged(const fogn_scenario *s, fogn_state *st, const char *text, char *line, size_t cap)
{
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_edit(s, st, text, &log, &err)) fail_msg("'%s' refused: %s", text, err.msg);
    assert_int_equal(log.n, 1);
    assert_int_equal(log.ev[0].kind, GR_EV_NOTE);
    snprintf(line, cap, "%s", log.ev[0].text);
    gr_log_free(&log);
    invariants_hold(s, st);
}

/* a correction that must be refused with `needle` in the reason, the state
 * byte-identical and nothing logged */
static void refused(const fogn_scenario *s, fogn_state *st, const char *text, const char *needle)
{
    fogn_state before;
    memcpy(&before, st, sizeof before);
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    gr_error_clear(&err);
    if (fogn_edit(s, st, text, &log, &err) == 0) fail_msg("'%s' accepted, expected \"%s\"", text, needle);
    ASSERT_HAS(err.msg, needle);
    assert_int_equal(memcmp(&before, st, sizeof before), 0);
    assert_int_equal(log.n, 0);
    gr_log_free(&log);
}

/* --- uN at ------------------------------------------------------------------------------------------ */

static void test_at_places_front_edge_centre_and_keeps_heading(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    char line[GR_EVENT_TEXT];
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_edit(s, &st, "u0 at 12 20", &log, &err), 0);
    ASSERT_NEAR(st.u[0].x, 12, TOL);
    ASSERT_NEAR(st.u[0].y, 20, TOL);
    ASSERT_NEAR(st.u[0].heading, GR_PI / 2, TOL);
    assert_int_equal(st.u[0].formation, FOGN_F_TACTICAL);
    assert_int_equal(log.n, 1);
    assert_int_equal(log.ev[0].kind, GR_EV_NOTE);
    assert_int_equal(log.ev[0].side, 0);
    assert_string_equal(log.ev[0].text, "correction: u0 (unit0) placed at 12.0, 20.0 facing 90");
    gr_log_free(&log);
    invariants_hold(s, &st);
    ok_logged(s, &st, "u0 at 12.25 20", line, sizeof line);
    assert_string_equal(line, "correction: u0 (unit0) placed at 12.25, 20.0 facing 90");
    free(s);
}

static void test_at_facing_sets_heading_in_radians_any_case(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "  U0 AT 12.5 20 FACING -45  ");
    ASSERT_NEAR(st.u[0].x, 12.5, TOL);
    ASSERT_NEAR(st.u[0].y, 20, TOL);
    ASSERT_NEAR(st.u[0].heading, -GR_PI / 4, TOL);
    char line[GR_EVENT_TEXT];
    /* 270 degrees is stored normalised, as scenario facings are: -90 */
    ok_logged(s, &st, "u0 at 12.5 20 facing 270", line, sizeof line);
    ASSERT_NEAR(st.u[0].heading, -GR_PI / 2, TOL);
    assert_string_equal(line, "correction: u0 (unit0) placed at 12.5, 20.0 facing -90");
    ok(s, &st, "u0 at 12.5 20 facing 180");
    ASSERT_NEAR(st.u[0].heading, GR_PI, TOL);
    free(s);
}

static void test_at_returns_a_destroyed_unit_to_the_table(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "u1 remove");
    assert_false(fogn_unit_alive(&st.u[1]));
    char line[GR_EVENT_TEXT];
    ok_logged(s, &st, "u1 at 30 20 facing 0", line, sizeof line);
    assert_true(fogn_unit_alive(&st.u[1]));
    assert_true(st.u[1].flags & FOGN_UF_ON_TABLE);
    assert_false(st.u[1].flags & FOGN_UF_DESTROYED);
    ASSERT_POSE(&st.u[1], 30, 20, 0);
    assert_string_equal(line, "correction: u1 (unit1) placed at 30.0, 20.0 facing 0 (back on the table)");
    free(s);
}

static void test_at_puts_a_reserve_unit_on_the_table(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    s->units[1].off_table = 1;
    fogn_state st;
    fx_state(s, &st, 0);
    assert_false(st.u[1].flags & FOGN_UF_ON_TABLE);
    refused(s, &st, "u1 turn 90", "not on the table");
    refused(s, &st, "u1 remove", "not on the table");
    ok(s, &st, "u1 at 30 3");
    assert_true(fogn_unit_alive(&st.u[1]));
    ASSERT_POSE(&st.u[1], 30, 3, 90);
    free(s);
}

static void test_at_takes_the_leading_commander_to_his_post(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    st.c[0].leading = 0;
    st.c[0].x = 20;
    st.c[0].y = 7;
    ok(s, &st, "u0 at 12 20 facing 0");
    /* behind the centre of the rear edge: 2.25 deep, plus half his base */
    ASSERT_NEAR(st.c[0].x, 12 - 2.25 - 0.75, TOL);
    ASSERT_NEAR(st.c[0].y, 20, TOL);
    assert_int_equal(st.c[0].leading, 0);
    free(s);
}

/* --- uN turn ---------------------------------------------------------------------------------------- */

static void test_turn_rotates_about_the_footprint_centre(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    char line[GR_EVENT_TEXT];
    /* centre (20, 8.875): the front-edge centre swings to its west */
    ok_logged(s, &st, "u0 turn 90", line, sizeof line);
    ASSERT_NEAR(st.u[0].x, 18.875, TOL);
    ASSERT_NEAR(st.u[0].y, 8.875, TOL);
    ASSERT_NEAR(st.u[0].heading, GR_PI, TOL);
    ASSERT_HAS(line, "correction: u0 (unit0) turned 90 degrees about its centre");
    ASSERT_HAS(line, "facing 180");
    ok(s, &st, "u0 turn -90");
    ASSERT_NEAR(st.u[0].x, 20, TOL);
    ASSERT_NEAR(st.u[0].y, 10, TOL);
    ASSERT_NEAR(st.u[0].heading, GR_PI / 2, TOL);
    ok(s, &st, "u0 turn 180");
    ASSERT_NEAR(st.u[0].x, 20, TOL);
    ASSERT_NEAR(st.u[0].y, 7.75, TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, -GR_PI / 2), 0, TOL);
    free(s);
}

static void test_turn_keeps_a_kink_and_formation_straightens_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "u0 formation line");
    st.u[0].kink = -20 * FX_DEG;
    invariants_hold(s, &st);
    ok(s, &st, "u0 turn 180");
    ASSERT_NEAR(st.u[0].kink, -20 * FX_DEG, TOL);
    ASSERT_NEAR(gr_angle_diff(st.u[0].heading, -GR_PI / 2), 0, TOL);
    double x = st.u[0].x, y = st.u[0].y, h = st.u[0].heading;
    ok(s, &st, "u0 formation line");
    ASSERT_NEAR(st.u[0].kink, 0, TOL);
    ASSERT_NEAR(st.u[0].x, x, TOL);
    ASSERT_NEAR(st.u[0].y, y, TOL);
    ASSERT_NEAR(st.u[0].heading, h, TOL);
    free(s);
}

static void test_turn_into_another_unit_is_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "u1 at 23 10"); /* edge to edge with u0: touching is legal */
    refused(s, &st, "u0 turn 45", "overlaps");
    free(s);
}

/* --- uN formation ------------------------------------------------------------------------------------- */

static void test_formation_keeps_pose_and_reads_names_loosely(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    char line[GR_EVENT_TEXT];
    ok_logged(s, &st, "u1 formation Skirmish Line", line, sizeof line);
    assert_int_equal(st.u[1].formation, FOGN_F_SKIRMISH_LINE);
    ASSERT_POSE(&st.u[1], 30, 10, 90);
    assert_string_equal(line, "correction: u1 (unit1) formation skirmish_line (was tactical)");
    ok(s, &st, "u1 formation skirmish-line");
    assert_int_equal(st.u[1].formation, FOGN_F_SKIRMISH_LINE);
    ok(s, &st, "u1 FORMATION column");
    assert_int_equal(st.u[1].formation, FOGN_F_COLUMN);
    ok(s, &st, "u3 formation limbered");
    assert_int_equal(st.u[3].formation, FOGN_F_LIMBERED);
    ASSERT_POSE(&st.u[3], 40, 10, 90);
    free(s);
}

static void test_formation_the_troop_type_may_not_take_is_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u0 formation deep", "may take tactical, line, square, column");
    refused(s, &st, "u0 formation skirmish", "may not take the formation skirmish");
    refused(s, &st, "u0 formation limbered", "small reformed_line");
    refused(s, &st, "u3 formation column", "may take limbered, unlimbered");
    refused(s, &st, "u2 formation square", "may take tactical, line, column");
    free(s);
}

static void test_formation_unknown_name_lists_the_names(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u0 formation wedge",
            "unknown formation 'wedge': the formations are tactical, deep, line, skirmish, skirmish_line, square, "
            "column, limbered, unlimbered");
    free(s);
}

static void test_formation_change_into_overlap_is_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "u1 at 23.5 10");
    refused(s, &st, "u0 formation line", "unit0 overlaps unit1");
    free(s);
}

/* --- uN cohesion, uN lost ------------------------------------------------------------------------------------ */

static void test_cohesion_sets_the_level(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    char line[GR_EVENT_TEXT];
    ok_logged(s, &st, "u0 cohesion Wavering", line, sizeof line);
    assert_int_equal(st.u[0].cohesion, FOGN_WAVERING);
    assert_string_equal(line, "correction: u0 (unit0) cohesion wavering (was steady)");
    ok(s, &st, "u0 cohesion disordered");
    assert_int_equal(st.u[0].cohesion, FOGN_DISORDERED);
    ok(s, &st, "u0 cohesion steady");
    assert_int_equal(st.u[0].cohesion, FOGN_STEADY);
    free(s);
}

static void test_cohesion_broken_drops_attachments_but_makes_no_one_test(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    s->units[0].attach[0] = FOGN_ATT_ARTILLERY;
    s->units[0].attach[1] = FOGN_ATT_SKIRMISHERS;
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "u1 at 24 10"); /* a friend 1 MU away */
    st.u[0].ct_due = 2;
    st.u[0].flags |= FOGN_UF_ASSAULTING;
    ok(s, &st, "u0 cohesion broken");
    assert_int_equal(st.u[0].cohesion, FOGN_BROKEN);
    assert_int_equal(st.u[0].att_lost, 1); /* the guns go, the skirmishers stay */
    assert_int_equal(st.u[0].ct_due, 0);
    assert_false(st.u[0].flags & FOGN_UF_ASSAULTING);
    assert_int_equal(st.u[1].ct_due, 0);
    /* a later correction back up keeps the lost attachment lost */
    ok(s, &st, "u0 cohesion wavering");
    assert_int_equal(st.u[0].att_lost, 1);
    free(s);
}

static void test_cohesion_unknown_level_is_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u0 cohesion shaken", "unknown cohesion level 'shaken': the levels are steady, disordered, "
                                          "wavering, broken");
    free(s);
}

static void test_lost_one_marks_spent_and_lost_zero_clears_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    char line[GR_EVENT_TEXT];
    ok_logged(s, &st, "u0 lost 1", line, sizeof line);
    assert_true(st.u[0].flags & FOGN_UF_SPENT);
    assert_int_equal(st.u[0].bases_lost, 1);
    assert_int_equal(fogn_unit_bases(&s->units[0], &st.u[0]), 3);
    assert_string_equal(line, "correction: u0 (unit0) bases lost 1 (Spent)");
    ok_logged(s, &st, "u0 lost 0", line, sizeof line);
    assert_false(st.u[0].flags & FOGN_UF_SPENT);
    assert_int_equal(st.u[0].bases_lost, 0);
    assert_int_equal(fogn_unit_bases(&s->units[0], &st.u[0]), 4);
    assert_string_equal(line, "correction: u0 (unit0) bases lost 0 (not Spent)");
    free(s);
}

static void test_lost_refusals(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u0 lost 2", "at most one base");
    refused(s, &st, "u0 lost -1", "at most one base");
    refused(s, &st, "u0 lost one", "'one' is not a whole number");
    refused(s, &st, "u3 lost 1", "artillery");
    ok(s, &st, "u3 lost 0"); /* nothing to clear, but a true statement */
    free(s);
}

/* --- uN remove, cN at, cN remove ------------------------------------------------------------------------ */

static void test_remove_destroys_the_unit_and_releases_its_leader(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    st.c[0].leading = 0;
    st.c[0].x = 20;
    st.c[0].y = 7;
    ok(s, &st, "u1 at 24 10");
    st.u[0].ct_due = 1;
    char line[GR_EVENT_TEXT];
    ok_logged(s, &st, "u0 remove", line, sizeof line);
    assert_true(st.u[0].flags & FOGN_UF_DESTROYED);
    assert_false(st.u[0].flags & FOGN_UF_ON_TABLE);
    assert_int_equal(st.u[0].ct_due, 0);
    assert_int_equal(st.c[0].leading, -1);
    ASSERT_NEAR(st.c[0].x, 20, TOL); /* where the unit's centre was */
    ASSERT_NEAR(st.c[0].y, 8.875, TOL);
    assert_int_equal(st.u[1].ct_due, 0); /* no friend tests */
    assert_string_equal(line, "correction: u0 (unit0) removed from the table (destroyed)");
    refused(s, &st, "u0 remove", "already destroyed");
    refused(s, &st, "u0 turn 90", "not on the table");
    free(s);
}

static void test_commander_remove_makes_a_casualty_and_at_brings_him_back(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    st.c[2].leading = 1;
    char line[GR_EVENT_TEXT];
    ok_logged(s, &st, "c2 remove", line, sizeof line);
    assert_true(st.c[2].flags & FOGN_CF_CASUALTY);
    assert_false(st.c[2].flags & FOGN_CF_ON_TABLE);
    assert_int_equal(st.c[2].leading, -1);
    assert_int_equal(st.c[2].cp, 0);
    assert_string_equal(line, "correction: c2 (corps0) removed from the table (a casualty, no longer leading u1)");
    refused(s, &st, "c2 remove", "not on the table");
    ok_logged(s, &st, "c2 at 10 3", line, sizeof line);
    assert_true(st.c[2].flags & FOGN_CF_ON_TABLE);
    assert_false(st.c[2].flags & FOGN_CF_CASUALTY);
    ASSERT_NEAR(st.c[2].x, 10, TOL);
    ASSERT_NEAR(st.c[2].y, 3, TOL);
    assert_string_equal(line, "correction: c2 (corps0) placed at 10.0, 3.0 (back on the table)");
    free(s);
}

static void test_commander_at_keeps_leading_while_touching_else_detaches(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    st.c[0].leading = 0;
    st.c[0].x = 20;
    st.c[0].y = 7;
    char line[GR_EVENT_TEXT];
    /* base y 6.25..7.75: against the rear edge, a little to the side */
    ok_logged(s, &st, "c0 at 21 7", line, sizeof line);
    assert_int_equal(st.c[0].leading, 0);
    assert_string_equal(line, "correction: c0 (general0) placed at 21.0, 7.0; still leads u0");
    ok_logged(s, &st, "c0 at 10 5", line, sizeof line);
    assert_int_equal(st.c[0].leading, -1);
    ASSERT_NEAR(st.c[0].x, 10, TOL);
    ASSERT_NEAR(st.c[0].y, 5, TOL);
    assert_string_equal(line, "correction: c0 (general0) placed at 10.0, 5.0; no longer leads u0");
    free(s);
}

static void test_commander_at_refusals(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "c0 at 0.5 5", "not be wholly on the table");
    refused(s, &st, "c0 at 20 9", "would stand on u0 (unit0)");
    refused(s, &st, "c0 turn 90", "a commander takes only 'c0 at X Y' and 'c0 remove'");
    refused(s, &st, "c0 at 5", "expected 'c0 at X Y'");
    free(s);
}

/* --- refusals of the position and of the text -------------------------------------------------------- */

static void test_overlap_and_off_table_are_refused_unchanged(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u0 at 30 10", "the corrected position would not be legal: unit0 overlaps unit1");
    refused(s, &st, "u0 at 0.5 10", "unit0 is off the table");
    refused(s, &st, "u0 at 20 40", "off the table");
    refused(s, &st, "u0 at 20 1 facing 90", "off the table"); /* its rear ranks over the edge */
    free(s);
}

static void test_unknown_unit_or_commander(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u99 at 1 1", "there is no unit u99; units are u0..u3");
    refused(s, &st, "u4 remove", "there is no unit u4; units are u0..u3");
    refused(s, &st, "u123456789012 remove", "there is no unit u123456789012");
    refused(s, &st, "c7 remove", "there is no commander c7; commanders are c0..c3");
    free(s);
}

static void test_malformed_text_is_refused_with_the_reason(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    refused(s, &st, "u0 at 12", "expected 'u0 at X Y [facing D]'");
    refused(s, &st, "u0 at 12 20 facing", "expected 'u0 at X Y [facing D]'");
    refused(s, &st, "u0 at 1x2 3", "'1x2' is not a number");
    refused(s, &st, "u0 at nan 3", "'nan' is not a number");
    refused(s, &st, "u0 at 12 20 facing north", "'north' is not a number");
    refused(s, &st, "u0 turn 400", "between -360 and 360");
    refused(s, &st, "u0 turn", "expected 'u0 turn D'");
    refused(s, &st, "u0 jump 3", "the corrections are uN at X Y [facing D], uN turn D, uN formation NAME, "
                                 "uN cohesion LEVEL, uN lost N, uN remove, cN at X Y, cN remove");
    refused(s, &st, "u0", "the corrections are");
    refused(s, &st, "hello", "cannot read 'hello' as a correction");
    refused(s, &st, "", "cannot read");
    char longtext[FOGN_EDIT_TEXT_MAX + 20];
    memset(longtext, ' ', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    memcpy(longtext, "u0 remove", 9);
    refused(s, &st, longtext, "at most");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_edit(s, &st, NULL, NULL, &err), -1);
    ASSERT_HAS(err.msg, "no correction");
    free(s);
}

/* --- derived state --------------------------------------------------------------------------------- */

static void test_corrections_keep_the_invariants(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    static const char *const seq[] = {
        "u0 at 10 12 facing 45", "u0 formation column", "u0 turn -45", "u1 formation skirmish_line",
        "u1 at 30 15 facing 90", "u2 at 20 18 facing -90", "u2 formation line", "u3 formation limbered",
        "u3 turn 90", "u0 lost 1", "u2 cohesion wavering", "c0 at 10 2", "c1 remove", "u1 remove",
        "u1 at 45 20", "c1 at 50 30",
    };
    for (size_t k = 0; k < sizeof seq / sizeof *seq; k++) ok(s, &st, seq[k]);
    ASSERT_NEAR(st.u[0].heading, 0, TOL);
    assert_int_equal(st.u[0].formation, FOGN_F_COLUMN);
    assert_true(st.u[0].flags & FOGN_UF_SPENT);
    assert_true(fogn_unit_alive(&st.u[1]));
    assert_true(st.c[1].flags & FOGN_CF_ON_TABLE);
    free(s);
}

static void test_in_combat_and_flank_marks_follow_the_contact(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    ok(s, &st, "u2 at 20 10"); /* front to front with u0 */
    st.u[0].flags |= FOGN_UF_IN_COMBAT;
    st.u[2].flags |= FOGN_UF_IN_COMBAT;
    st.u[0].flanked_by = 2;
    ok(s, &st, "u2 at 20.5 10"); /* slid along: still touching */
    assert_true(st.u[0].flags & FOGN_UF_IN_COMBAT);
    assert_true(st.u[2].flags & FOGN_UF_IN_COMBAT);
    assert_int_equal(st.u[0].flanked_by, 2);
    ok(s, &st, "u2 cohesion disordered"); /* no move: marks kept */
    assert_int_equal(st.u[0].flanked_by, 2);
    ok(s, &st, "u2 at 20 20");
    assert_false(st.u[0].flags & FOGN_UF_IN_COMBAT);
    assert_false(st.u[2].flags & FOGN_UF_IN_COMBAT);
    assert_int_equal(st.u[0].flanked_by, -1);
    free(s);
}

static void test_removing_the_unit_due_moves_the_decision_on(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(st.turn.step, FOGN_ST_MV_UNITS);
    int actor = fogn_cursor_actor(s, &st);
    assert_true(actor >= 0 && actor < s->nunits);
    int cursor = st.turn.cursor;
    char text[32];
    snprintf(text, sizeof text, "u%d remove", actor);
    ok(s, &st, text);
    assert_int_equal(st.turn.step, FOGN_ST_MV_UNITS);
    assert_true(st.turn.cursor > cursor);
    int now = fogn_cursor_actor(s, &st);
    assert_int_not_equal(now, actor);
    assert_int_equal(st.turn.decider, 0);
    gr_action menu[GR_MAX_ACTIONS];
    assert_true(fogn_ruleset.rules->legal_actions(s, &st, menu, GR_MAX_ACTIONS) >= 1);
    free(s);
}

static void test_correction_leaving_no_one_to_decide_is_refused(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 30, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    /* side 0's commanders have moved: u0 is the last decision of the step */
    st.c[0].flags |= FOGN_CF_MOVED;
    st.c[2].flags |= FOGN_CF_MOVED;
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    refused(s, &st, "u0 remove", "nobody would be left to decide in the current step (moves)");
    refused(s, &st, "u0 cohesion broken", "nobody would be left to decide");
    ok(s, &st, "u0 cohesion wavering"); /* still due */
    ok(s, &st, "u1 remove");            /* the other side's unit: not the one deciding */
    free(s);
}

/* --- help ----------------------------------------------------------------------------------------- */

static void test_help_lists_every_command(void **unused)
{
    (void)unused;
    char buf[2048];
    int n = fogn_edit_help(buf, sizeof buf);
    assert_int_equal(n, (int)strlen(buf));
    static const char *const want[] = {"uN at X Y [facing D]", "uN turn D", "uN formation NAME", "uN cohesion LEVEL",
                                       "uN lost N", "uN remove", "cN at X Y", "cN remove",
                                       "tactical, deep, line, skirmish, skirmish_line, square, column, limbered, unlimbered",
                                       "steady, disordered, wavering, broken"};
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) ASSERT_HAS(buf, want[k]);
    char small[16];
    assert_int_equal(fogn_edit_help(small, sizeof small), n);
    assert_int_equal(strlen(small), sizeof small - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_at_places_front_edge_centre_and_keeps_heading),
        cmocka_unit_test(test_at_facing_sets_heading_in_radians_any_case),
        cmocka_unit_test(test_at_returns_a_destroyed_unit_to_the_table),
        cmocka_unit_test(test_at_puts_a_reserve_unit_on_the_table),
        cmocka_unit_test(test_at_takes_the_leading_commander_to_his_post),
        cmocka_unit_test(test_turn_rotates_about_the_footprint_centre),
        cmocka_unit_test(test_turn_keeps_a_kink_and_formation_straightens_it),
        cmocka_unit_test(test_turn_into_another_unit_is_refused),
        cmocka_unit_test(test_formation_keeps_pose_and_reads_names_loosely),
        cmocka_unit_test(test_formation_the_troop_type_may_not_take_is_refused),
        cmocka_unit_test(test_formation_unknown_name_lists_the_names),
        cmocka_unit_test(test_formation_change_into_overlap_is_refused),
        cmocka_unit_test(test_cohesion_sets_the_level),
        cmocka_unit_test(test_cohesion_broken_drops_attachments_but_makes_no_one_test),
        cmocka_unit_test(test_cohesion_unknown_level_is_refused),
        cmocka_unit_test(test_lost_one_marks_spent_and_lost_zero_clears_it),
        cmocka_unit_test(test_lost_refusals),
        cmocka_unit_test(test_remove_destroys_the_unit_and_releases_its_leader),
        cmocka_unit_test(test_commander_remove_makes_a_casualty_and_at_brings_him_back),
        cmocka_unit_test(test_commander_at_keeps_leading_while_touching_else_detaches),
        cmocka_unit_test(test_commander_at_refusals),
        cmocka_unit_test(test_overlap_and_off_table_are_refused_unchanged),
        cmocka_unit_test(test_unknown_unit_or_commander),
        cmocka_unit_test(test_malformed_text_is_refused_with_the_reason),
        cmocka_unit_test(test_corrections_keep_the_invariants),
        cmocka_unit_test(test_in_combat_and_flank_marks_follow_the_contact),
        cmocka_unit_test(test_removing_the_unit_due_moves_the_decision_on),
        cmocka_unit_test(test_correction_leaving_no_one_to_decide_is_refused),
        cmocka_unit_test(test_help_lists_every_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
