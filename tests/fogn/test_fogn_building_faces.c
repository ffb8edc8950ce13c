/* test_fogn_building_faces.c - rule tests for meeting a building's garrison
 * on any face of the building (§15.4: a defending garrison stands in one
 * rank round the perimeter, measurements to a unit in a building go to the
 * perimeter, troops in buildings have no flank or rear): an assault on the
 * face away from where the garrison's footprint stands, the melee across
 * that face, and an ordinary move that may not end touching it. Dice are
 * scripted; each test checks what they did. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/building.h"
#include "../../engine/fogn/rules/contact.h"
#include "../../engine/core/dice.h"

/* four more units a side in the far corners (army morale never ends the game) */
static void pad_armies(fogn_scenario *s)
{
    for (int i = 0; i < 4; i++) fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 3, 90);
    for (int i = 0; i < 4; i++) fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 42 + 4 * i, 34.5, -90);
}

/* a building 6 x 4 MU: x 27..33, y 14..18 (box faces: front north, rear south) */
static int village(fogn_scenario *s) { return fx_area(s, GR_T_BUILDING, 0, 27, 14, 33, 18); }

/* Blue u0 north of the building facing south, its front `gap` MU off the
 * north face; Red u1 starts garrisoning the building in `mode` on its south
 * face, facing away (FOGN_BLD_NONE: no garrison, standing far off) */
static fogn_scenario *scn_far_face(double gap, int mode)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 18 + gap, -90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 30, 90);
    int k = village(s);
    if (mode != FOGN_BLD_NONE) {
        s->units[1].start_bld1 = (uint8_t)(k + 1);
        s->units[1].start_bmode = (uint8_t)mode;
        s->units[1].start_bface = FOGN_BLD_FACE_REAR;
    }
    pad_armies(s);
    s->cmdrs[0].x = 30;
    s->cmdrs[0].y = 18 + gap + 3;
    return s;
}

static bool offers(const fogn_scenario *s, const fogn_state *st, int type, int actor, int target)
{
    gr_action acts[GR_MAX_ACTIONS];
    int n = fogn_ruleset.rules->legal_actions(s, st, acts, GR_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i].type == type && acts[i].actor == actor && acts[i].target == target) return true;
    return false;
}

/* §15.4, §6.1: infantry 2 MU north of the building may assault the garrison
 * whose footprint stands on the south face, 6 MU away across the building:
 * the assault meets the garrison on the north face of the perimeter, front
 * to front (no flank or rear for troops in buildings) */
static void test_s15_4_assault_meets_the_garrison_on_the_far_face(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far_face(2.0, FOGN_BLD_DEFEND);
    fogn_state st;
    fx_state_at(s, &st, 0, FOGN_ST_AS_BEGIN, NULL, NULL);
    assert_int_equal(st.u[1].bld, 0);
    assert_true(st.u[1].y < 15.5); /* the footprint stands against the south face */
    assert_int_equal(st.turn.step, FOGN_ST_AS_DECLARE);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    fogn_reach r;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_assault_reach(s, &st, 0, 1, &r, &err), 1);
    ASSERT_NEAR(r.dist, 2.0, 1e-6);
    assert_int_equal(r.face, FOGN_FACE_FRONT);
    assert_int_equal(r.flank_rear, 0);
    assert_true(offers(s, &st, FOGN_A_ASSAULT, 0, 1));

    /* declared; the garrison stands; its defensive fire and the rest miss */
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    int faces[60];
    for (int i = 0; i < 60; i++) faces[i] = 1;
    gr_dice_init_script(&d, faces, 60);
    for (int guard = 0; guard < 32 && st.turn.phase == FOGN_PH_ASSAULT; guard++) {
        int who = fogn_cursor_actor(s, &st);
        gr_action a = fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0);
        if (st.turn.step == FOGN_ST_AS_DECLARE && who == 0) a = fx_action(FOGN_A_ASSAULT, 0, 1, 0, 0, 0, 0);
        else if (st.turn.step == FOGN_ST_AS_REACT && who == 1) a = fx_action(FOGN_A_REACT, 1, -1, FOGN_RE_STAND, 0, 0, 0);
        gr_error_clear(&err);
        if (fogn_ruleset.rules->apply(s, &st, &a, &d, &log, &err)) fail_msg("refused: %s", err.msg);
    }
    ASSERT_LOGGED(&log, "unit1 scores 0 hits with 4 dice at 5+: fire at unit0");
    /* u0's front edge on the north face, the garrison where it was */
    ASSERT_NEAR(st.u[0].y, 18.0, 1e-6);
    ASSERT_NEAR(st.u[0].x, 30.0, 1e-6);
    assert_int_equal(st.u[1].bld, 0);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, &st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    gr_log_free(&log);
    free(s);
}

/* §15.4: the melee across the far face is a fight across the perimeter: 4
 * dice each at 5+, as on the face the garrison's footprint stands on */
static void test_s15_4_melee_on_the_far_face_four_dice_each(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far_face(0.0, FOGN_BLD_DEFEND);
    fogn_state st;
    gr_log log;
    gr_log_init(&log);
    gr_dice d;
    const int faces[] = {1, 1, 1, 1, 1, 1, 1, 1};
    gr_dice_init_script(&d, faces, 8);
    fx_state_at(s, &st, 0, FOGN_ST_CO_BEGIN, &d, &log);
    ASSERT_LOGGED(&log, "unit0 scores 0 hits with 4 dice at 5+: melee against unit1");
    ASSERT_LOGGED(&log, "unit1 scores 0 hits with 4 dice at 5+: melee against unit0");
    assert_int_equal(d.pos, 8);
    gr_log_free(&log);
    free(s);
}

/* §8.4, §15.4: an ordinary move may not end touching the building a garrison
 * holds, on any face (contact is made by assaults); ending short is fine */
static void test_s15_4_no_ordinary_move_into_contact_with_the_perimeter(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn_far_face(2.0, FOGN_BLD_DEFEND);
    fogn_state st;
    fx_state(s, &st, 0);
    assert_int_equal(fogn_cursor_actor(s, &st), 0);
    fogn_move_plan plan;
    gr_error err;
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 2, 0), &plan, &err), -1);
    ASSERT_HAS(err.msg, "contact is made only by assaults");
    assert_int_equal(fx_check(s, &st, fx_normal(0, -1, 0, 1, 0), &plan, &err), 0);
    free(s);
}

/* no garrison: the same building is only terrain, and u0 is not in contact with
 * a unit 12 MU away */
static void test_s15_4_an_empty_building_is_no_unit(void **unused)
{
    (void)unused;
    for (int mode = FOGN_BLD_NONE; mode <= FOGN_BLD_OCCUPY; mode++) {
        fogn_scenario *s = scn_far_face(0.0, mode);
        fogn_state st;
        fx_state(s, &st, 0);
        fogn_contact c;
        assert_int_equal(fogn_unit_contact(s, &st, 0, 1, &c), mode == FOGN_BLD_OCCUPY);
        free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s15_4_assault_meets_the_garrison_on_the_far_face),
        cmocka_unit_test(test_s15_4_melee_on_the_far_face_four_dice_each),
        cmocka_unit_test(test_s15_4_no_ordinary_move_into_contact_with_the_perimeter),
        cmocka_unit_test(test_s15_4_an_empty_building_is_no_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
