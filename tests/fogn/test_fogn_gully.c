/* test_fogn_gully.c - fire and a gully (§15.2, §15.1): out of it, into it,
 * within it, the 6 MU sight limit, cover for troops wholly inside, and one
 * Firing Phase menu showing the rule in play. The gully is the rectangle
 * x 20..40, y 5..15 of the fixture's table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/gully.h"
#include "../../engine/fogn/rules/view.h"

static fogn_scenario *gully_scenario(void)
{
    fogn_scenario *s = fx_scenario();
    fx_area(s, GR_T_GULLY, 0, 20, 5, 40, 15);
    return s;
}

static bool ok(const fogn_scenario *s, const fogn_state *st, int f, int t, fogn_range r, char *why)
{
    gr_rect from = fogn_unit_rect(&s->units[f], &st->u[f]);
    why[0] = 0;
    return fogn_gully_fire_ok(s, st, f, &from, t, r, why, 160);
}

static void test_s15_2_artillery_cannot_fire_out(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int g = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 30, 12, 90); /* y 10.5..12: wholly inside */
    int out = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 18, -90);  /* outside, clear of it */
    int edge = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 25, 15, -90); /* front on the edge */
    fogn_state st;
    fx_state(s, &st, 0);
    char why[160];
    assert_false(ok(s, &st, g, out, FOGN_RANGE_MEDIUM, why));
    assert_string_equal(why, "artillery wholly in a gully cannot fire out of it (§15.2)");
    assert_true(ok(s, &st, g, edge, FOGN_RANGE_MEDIUM, why)); /* an enemy touching the edge is fair game */
    free(s);
}

static void test_s15_2_infantry_fires_out_only_at_medium(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int f = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 13, 90);
    int out = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 16, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    char why[160];
    assert_false(ok(s, &st, f, out, FOGN_RANGE_CLOSE, why));
    assert_string_equal(why, "infantry wholly in a gully cannot fire out of it at close range (§15.2)");
    assert_true(ok(s, &st, f, out, FOGN_RANGE_MEDIUM, why));
    free(s);
}

static void test_s15_2_partly_inside_fires_freely(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int g = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 30, 15.5, 90); /* y 14..15.5: straddles the edge */
    int out = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 19, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    char why[160];
    assert_true(ok(s, &st, g, out, FOGN_RANGE_CLOSE, why));
    free(s);
}

static void test_s15_2_firing_into_a_gully(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int in = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 12, -90);     /* y 12..14.25 */
    int near = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 19, -90);   /* 4 MU from the edge */
    int edge = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 36, 15, -90);   /* front on the edge */
    int far = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 24, 22.5, -90);  /* 7.5 MU from it */
    int gun = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 16, 17, -90);       /* 3.2 MU off its corner */
    int gun_edge = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 40, 10, 180); /* front on x = 40 */
    fogn_state st;
    fx_state(s, &st, 0);
    char why[160];
    assert_true(ok(s, &st, near, in, FOGN_RANGE_MEDIUM, why));
    assert_false(ok(s, &st, near, in, FOGN_RANGE_CLOSE, why));
    assert_string_equal(why, "troops wholly in a gully are shot at close range only from its edge (§15.2)");
    assert_true(ok(s, &st, edge, in, FOGN_RANGE_CLOSE, why));
    assert_false(ok(s, &st, far, in, FOGN_RANGE_MEDIUM, why));
    assert_string_equal(why, "troops wholly in a gully are seen only from within 6 MU of its edge (§15.2)");
    assert_false(ok(s, &st, gun, in, FOGN_RANGE_LONG, why));
    assert_string_equal(why, "artillery reaches troops wholly in a gully only from its edge (§15.2)");
    assert_true(ok(s, &st, gun_edge, in, FOGN_RANGE_LONG, why));
    free(s);
}

static void test_s15_2_within_the_same_gully(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int g = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 24, 8, 90);
    int t = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 13, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    char why[160];
    assert_true(ok(s, &st, g, t, FOGN_RANGE_CLOSE, why));
    free(s);
}

static void test_s15_1_gully_is_cover_only_wholly_inside(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int in = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 12, -90);
    int part = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, -90); /* across x = 20 */
    fogn_state st;
    fx_state(s, &st, 1);
    fogn_ground g;
    fogn_unit_ground(s, &st, in, &g);
    assert_int_equal(g.in_cover, 1);
    assert_int_equal(g.fire_penalty, 1); /* rough */
    fogn_unit_ground(s, &st, part, &g);
    assert_int_equal(g.in_cover, 0);
    free(s);
}

/* the Firing Phase of side 0 run with ones (no hits): did unit0 fire? */
static bool gun_fired(const fogn_scenario *s)
{
    static const int ones[40] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    gr_dice dice;
    gr_dice_init_script(&dice, ones, 40);
    gr_log log;
    gr_log_init(&log);
    fogn_state st;
    fogn_ruleset.rules->init(s, &st);
    st.active = 0;
    st.turn.decider = 0;
    st.turn.step = FOGN_ST_FI_BEGIN;
    st.turn.phase = FOGN_PH_FIRING;
    st.turn.cursor = 0;
    fogn_advance_to_decision(s, &st, &dice, &log);
    /* answer every fire decision with its first (most central) target */
    for (int guard = 0; guard < 8 && st.turn.phase == FOGN_PH_FIRING; guard++) {
        gr_action a[GR_MAX_ACTIONS];
        int n = fogn_ruleset.rules->legal_actions(s, &st, a, GR_MAX_ACTIONS), pick = 0;
        for (int k = 0; k < n; k++)
            if (a[k].type == FOGN_A_FIRE) { pick = k; break; }
        gr_error err;
        gr_error_clear(&err);
        if (fogn_ruleset.rules->apply(s, &st, &a[pick], &dice, &log, &err)) fail_msg("%s", err.msg);
    }
    bool fired = false;
    for (size_t k = 0; k < log.n; k++)
        fired |= strncmp(log.ev[k].text, "unit0 scores", 12) == 0;
    gr_log_free(&log);
    return fired;
}

static void test_s15_2_firing_phase_applies_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = gully_scenario();
    int g = fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 30, 12, 90); /* wholly inside */
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 18, -90);
    assert_false(gun_fired(s));
    s->units[g].y = 16.5; /* y 15..16.5: its rear on the gully's edge, outside it */
    assert_true(gun_fired(s));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s15_2_artillery_cannot_fire_out),
        cmocka_unit_test(test_s15_2_infantry_fires_out_only_at_medium),
        cmocka_unit_test(test_s15_2_partly_inside_fires_freely),
        cmocka_unit_test(test_s15_2_firing_into_a_gully),
        cmocka_unit_test(test_s15_2_within_the_same_gully),
        cmocka_unit_test(test_s15_1_gully_is_cover_only_wholly_inside),
        cmocka_unit_test(test_s15_2_firing_phase_applies_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
