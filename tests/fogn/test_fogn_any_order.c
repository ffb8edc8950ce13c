/* test_fogn_any_order.c - units move in the order their player chooses
 * (§8.2: "order otherwise free, but all units within command range are
 * moved before out-of-command units"): an order for a unit due later among
 * those in command is taken at once and the decision comes back to the
 * first unit passed over; a unit out of command waits for those in
 * command; a second move is finished first; the record replays the same
 * game. The search's menus keep the cursor's order (gr_step_def.order_group). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/cmt.h"

/* Blue: u0, u1, u2 near their division commander (in command), u3 far from him (out of command); Red far away */
static fogn_scenario *scn(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 6, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 16, 6, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 22, 6, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 50, 20, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 34, -90);
    s->cmdrs[0].x = 16;
    s->cmdrs[0].y = 3;
    return s;
}

static int act(const fogn_scenario *s, fogn_state *st, const char *text, gr_error *err)
{
    gr_action a;
    gr_error_clear(err);
    if (fogn_ruleset.present->parse_action(s, st, text, &a, err)) return -1;
    return fogn_ruleset.rules->apply(s, st, &a, NULL, NULL, err);
}

static int actor(const fogn_scenario *s, const fogn_state *st) { return fogn_cursor_actor(s, st); }

static void test_s8_2_any_unit_in_command_moves_next(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    assert_true(fogn_in_command(s, &st, 0) && fogn_in_command(s, &st, 2));
    assert_false(fogn_in_command(s, &st, 3));
    assert_int_equal(actor(s, &st), 0);
    gr_error err;
    /* u2 advances first: taken at once; it is offered its second move (§8.10), which it finishes before
     * anyone else acts; then the decision comes back to u0 */
    if (act(s, &st, "u2 move 2", &err)) fail_msg("refused: %s", err.msg);
    ASSERT_NEAR(st.u[2].y, 8, POS_TOL);
    assert_true(st.u[2].flags & FOGN_UF_MOVED);
    assert_int_equal(actor(s, &st), 2);
    assert_int_equal(act(s, &st, "u1 hold", &err), -1);
    if (act(s, &st, "u2 hold", &err)) fail_msg("refused: %s", err.msg); /* declines the second move */
    assert_int_equal(actor(s, &st), 0);
    /* the out-of-command u3 waits for the units in command (§8.2) */
    assert_int_equal(act(s, &st, "u3 hold", &err), -1);
    ASSERT_HAS(err.msg, "units within command range move before those out of it");
    /* u1, then u0: u2 is not asked again, and u3's turn comes */
    if (act(s, &st, "u1 hold", &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(actor(s, &st), 0);
    if (act(s, &st, "u0 hold", &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(actor(s, &st), 3);
    /* a unit that has moved is not moved again */
    assert_int_equal(act(s, &st, "u2 hold", &err), -1);
    free(s);
}

/* §7: a side's fire is chosen unit by unit in any order (the dice at each target are rolled together once all
 * have chosen): u1 chooses first, the decision comes back to u0, and u1 is not asked again */
static void test_s7_fire_chosen_in_any_order(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 6, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 16, 6, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, -90); /* 4 MU ahead: medium range */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 16, 10, -90);
    fogn_state st;
    fx_state_at(s, &st, 0, FOGN_ST_FI_BEGIN, NULL, NULL);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    assert_int_equal(actor(s, &st), 0);
    gr_error err;
    if (act(s, &st, "u1 fire u3", &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(st.u[1].target, 3);
    assert_true(st.u[1].flags & FOGN_UF_FIRED);
    assert_int_equal(st.turn.step, FOGN_ST_FI_ALLOC_A);
    assert_int_equal(actor(s, &st), 0);
    assert_int_equal(act(s, &st, "u1 fire u2", &err), -1); /* it has chosen */
    /* u0's own choice is due now (its fire at u2 is in its menu); once it chooses, the dice roll */
    gr_action menu[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, &st, menu, GR_MAX_ACTIONS), at_u2 = 0;
    for (int k = 0; k < n; k++) at_u2 |= menu[k].type == FOGN_A_FIRE && menu[k].actor == 0 && menu[k].target == 2;
    assert_true(at_u2);
    free(s);
}

/* §6.6: the assaulted units react in the order their player chooses: u3, the last unit, first; then the
 * decision comes back to u2, which was passed over */
static void test_s6_6_reactions_in_any_order(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 14, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 14, 14, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 14, -90);
    s->cmdrs[0].x = 20;
    s->cmdrs[0].y = 6;
    fogn_state st;
    fx_state_at(s, &st, 0, FOGN_ST_AS_BEGIN, NULL, NULL);
    gr_error err;
    if (act(s, &st, "u0 assault u2", &err)) fail_msg("refused: %s", err.msg);
    if (act(s, &st, "u1 assault u3", &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(st.turn.step, FOGN_ST_AS_REACT);
    assert_int_equal(actor(s, &st), 2);
    if (act(s, &st, "u3 react stand", &err)) fail_msg("refused: %s", err.msg);
    assert_int_equal(st.u[3].reaction, FOGN_RE_STAND);
    assert_int_equal(st.turn.step, FOGN_ST_AS_REACT);
    assert_int_equal(actor(s, &st), 2);
    assert_int_equal(act(s, &st, "u3 react stand", &err), -1); /* it has reacted */
    free(s);
}

/* the menus keep the cursor's order: the legal orders are the actor's only */
static void test_menus_keep_the_cursor_order(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    gr_action acts[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, &st, acts, GR_MAX_ACTIONS);
    assert_true(n > 1);
    for (int i = 0; i < n; i++) assert_true(acts[i].type == FOGN_A_DONE || acts[i].actor == 0);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_2_any_unit_in_command_moves_next),
        cmocka_unit_test(test_menus_keep_the_cursor_order),
        cmocka_unit_test(test_s7_fire_chosen_in_any_order),
        cmocka_unit_test(test_s6_6_reactions_in_any_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
