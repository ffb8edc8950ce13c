/* test_fogn_alloc.c - the Command Point Allocation Phase (§5.1): what a point
 * costs the corps commander (in range, out of range, allied), who may not give
 * or take points, when the decision is offered, the notation of the order,
 * and that given points last for the move only. Positions come from
 * tests/fogn_fixture.h: side 0 has division commander c0 (general0, level 2)
 * at (2, 1.5) and corps commander c2 (corps0, level 1) at (6, 1.5). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/steps.h"
#include "../../engine/fogn/rules/alloc.h"

#define CORPS 2
#define DIV 0

static gr_action give(const fogn_scenario *s, int giver, int receiver)
{
    return (gr_action){.type = FOGN_A_ALLOCATE, .actor = (int16_t)(s->nunits + giver), .target = (int16_t)receiver};
}

/* a state opened at the command phase of side 0 */
static void command_state(const fogn_scenario *s, fogn_state *st)
{
    fx_state_at(s, st, 0, FOGN_ST_CMD_BEGIN, NULL, NULL);
}

static void test_s5_1_a_point_in_range_costs_one(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    command_state(s, &st);
    st.c[CORPS].cp = 2;
    assert_int_equal(st.c[DIV].cp, 2);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, DIV, &err), 1);
    gr_log log;
    gr_log_init(&log);
    gr_action a = give(s, CORPS, DIV);
    assert_int_equal(fogn_alloc_apply(s, &st, &a, NULL, &log, &err), 0);
    assert_int_equal(st.c[CORPS].cp, 1);
    assert_int_equal(st.c[DIV].cp, 3);
    assert_int_equal(log.n, 1);
    assert_string_equal(log.ev[0].text, "corps0 gives a command point to general0 for 1 (general0 now has 3, corps0 1)");
    gr_log_free(&log);
    free(s);
}

static void test_s5_1_out_of_range_and_allied_cost_more(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    command_state(s, &st);
    st.c[CORPS].cp = 3;
    /* 30 MU away: beyond the corps commander's 20 MU */
    st.c[DIV].x = 36;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, DIV, &err), 2);
    /* allied as well: 3 for one point (§5.1's example) */
    s->cmdrs[DIV].allied = 1;
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, DIV, &err), 3);
    /* a corps commander with 2 points left cannot afford it */
    st.c[CORPS].cp = 2;
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, DIV, &err), -1);
    assert_string_equal(err.msg, "a point for general0 costs 3 and corps0 has 2 left (§5.1)");
    /* and is offered only "done" */
    assert_int_equal(fogn_alloc_due(s, &st, 0), 0);
    free(s);
}

static void test_s5_1_no_points_while_leading_a_unit_in_contact(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    int u = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, -90); /* front to front */
    fogn_state st;
    command_state(s, &st);
    st.c[CORPS].cp = 1;
    st.c[DIV].leading = (int8_t)u;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, DIV, &err), -1);
    assert_string_equal(err.msg,
                        "general0 leads a unit in contact with the enemy and can neither give nor take points (§5.1)");
    /* refused through apply too, the state untouched */
    fogn_state before = st;
    gr_action a = give(s, CORPS, DIV);
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_apply(s, &st, &a, NULL, NULL, &err), -1);
    assert_memory_equal(&before, &st, sizeof st);
    free(s);
}

static void test_s5_1_only_division_commanders_of_the_army_receive(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fogn_state st;
    command_state(s, &st);
    st.c[CORPS].cp = 3;
    gr_error err;
    gr_error_clear(&err);
    /* the enemy's division commander (c1) */
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, 1, &err), -1);
    assert_string_equal(err.msg, "command points go to a division commander of the same army (§5.1)");
    /* a division commander does not give */
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_cost(s, &st, DIV, CORPS, &err), -1);
    assert_string_equal(err.msg, "only an army or corps commander gives command points (§3.4, §5.1)");
    /* a casualty neither gives nor takes */
    st.c[DIV].flags |= FOGN_CF_CASUALTY;
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_cost(s, &st, CORPS, DIV, &err), -1);
    assert_string_equal(err.msg, "general0 is not on the table");
    free(s);
}

/* through the game interface: the decision, the order's notation, and
 * points that vanish at the end of the side's Recovery Phase */
static void test_s5_1_decision_notation_and_points_last_the_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 30, -90);
    fogn_state st;
    command_state(s, &st);
    /* the corps commander (level 1) has his point: the decision is his */
    assert_int_equal(st.turn.step, FOGN_ST_CMD_ALLOC);
    assert_int_equal(fogn_ruleset.rules->to_move(s, &st), 0);
    gr_action acts[8];
    int n = fogn_ruleset.rules->legal_actions(s, &st, acts, 8);
    assert_int_equal(n, 2);
    char text[64];
    fogn_ruleset.present->format_action(s, &st, &acts[1], text, sizeof text);
    assert_string_equal(text, "c2 give c0");
    gr_action parsed;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.present->parse_action(s, &st, "c2 give c0", &parsed, &err), 0);
    assert_int_equal(parsed.type, FOGN_A_ALLOCATE);
    assert_int_equal(parsed.actor, s->nunits + CORPS);
    assert_int_equal(parsed.target, DIV);
    assert_int_equal(fogn_ruleset.present->parse_action(s, &st, "c2 give c9", &parsed, &err), -1);
    assert_string_equal(err.msg, "there is no commander c9 (c0..c3)");
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.rules->apply(s, &st, &acts[1], NULL, NULL, &err), 0);
    /* his only point given: the phase is over, the assault phase's first decision is due */
    assert_int_equal(st.c[DIV].cp, 3);
    assert_true(st.turn.step > FOGN_ST_CMD_ALLOC);
    /* at the end of side 0's Recovery Phase every pool of side 0 is its level again */
    st.turn.step = FOGN_ST_RE_END;
    st.turn.cursor = 0;
    fogn_advance_to_decision(s, &st, NULL, NULL);
    assert_int_equal(st.c[DIV].cp, 2);
    assert_int_equal(st.active, 1);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s5_1_a_point_in_range_costs_one),
        cmocka_unit_test(test_s5_1_out_of_range_and_allied_cost_more),
        cmocka_unit_test(test_s5_1_no_points_while_leading_a_unit_in_contact),
        cmocka_unit_test(test_s5_1_only_division_commanders_of_the_army_receive),
        cmocka_unit_test(test_s5_1_decision_notation_and_points_last_the_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
