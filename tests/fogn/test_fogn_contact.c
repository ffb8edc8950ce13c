/* test_fogn_contact.c - rule tests for contact between fogn units: which
 * faces touch (§9.1, §22.1 G9), the assault move snapped flush to its target
 * (§22.2 item 5) with a flanked target turning to face (§6.11), the cavalry
 * counter-charge (§6.7), pursuit and pass-through (§9.12, §9.13) and
 * squaring up units left in contact (§9.14).
 *
 * Geometry reminders (engine/core/geom.h): heading h faces (cos h, sin h); a
 * unit's pose is its front-edge centre; its right is (sin h, -cos h), so a
 * unit facing 90 degrees (up the table) has its front-left corner at
 * x - w/2. A small Tactical unit is 3 MU wide and 2.25 MU deep; a large one
 * 4.5 MU wide. Positions are checked to 1e-6 MU. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/contact.h"

#define R2 0.70710678118654752440 /* sqrt(1/2) */

static const fogn_troop INF = FOGN_INF_REFORMED;
static const fogn_troop CAV = FOGN_CAV_HEAVY;

/* a fresh state at the start of the game (poses from the profiles) */
static fogn_state *state_of(const fogn_scenario *s)
{
    fogn_state *st = calloc(1, sizeof *st);
    assert_non_null(st);
    fogn_ruleset.rules->init(s, st);
    return st;
}

/* unit 0: side 0 small Tactical infantry at (20, 10) facing up the table */
static fogn_scenario *scn_base(fogn_troop t)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, t, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    return s;
}

/* --- §9.1 / G9: faces in contact ---------------------------------------------------------------------- */

static void test_s9_1_front_to_front(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, -90);
    fogn_state *st = state_of(s);
    fogn_contact c[4];
    assert_int_equal(fogn_contacts(s, st, c, 4), 1);
    assert_int_equal(c[0].a, 0);
    assert_int_equal(c[0].b, 1);
    assert_int_equal(c[0].face_a, FOGN_FACE_FRONT);
    assert_int_equal(c[0].face_b, FOGN_FACE_FRONT);
    ASSERT_VEC(c[0].mid, 20, 10);
    ASSERT_NEAR(c[0].len, 3, POS_TOL);
    free(st);
    free(s);
}

/* the enemy faces west with its left side edge along y = 10 from x = 19 to 21.25 */
static void test_s9_1_front_on_flank(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 19, 11.5, 180);
    fogn_state *st = state_of(s);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FLANK);
    ASSERT_VEC(c.mid, 20.125, 10);
    ASSERT_NEAR(c.len, 2.25, POS_TOL);
    /* seen from the other side the faces swap */
    assert_true(fogn_unit_contact(s, st, 1, 0, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FLANK);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    free(st);
    free(s);
}

/* the enemy faces the same way, its rear edge on y = 10 */
static void test_s9_1_front_on_rear(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 12.25, 90);
    fogn_state *st = state_of(s);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_REAR);
    free(st);
    free(s);
}

/* G9: a rear corner of the target counts as its rear: the enemy (heading 135)
 * touches the middle of unit 0's front edge with its rear-left corner */
static void test_s9_1_rear_corner_counts_rear(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20 - 0.75 * R2, 10 + 3.75 * R2, 135);
    fogn_state *st = state_of(s);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    ASSERT_VEC(c.mid, 20, 10);
    ASSERT_NEAR(c.len, 0, POS_TOL);
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_REAR);
    free(st);
    free(s);
}

/* G9: a front corner of the mover counts as its front: unit 0 turned to 110
 * degrees touches the enemy's left side edge with its front-right corner */
static void test_s9_1_front_corner_counts_front(void **state)
{
    (void)state;
    fogn_scenario *s = fx_scenario();
    double h = 110 * FX_DEG;
    gr_vec2 right = gr_v2(sin(h), -cos(h));
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20.5 - 1.5 * right.x, 10 - 1.5 * right.y, 110);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 19, 11.5, 180);
    fogn_state *st = state_of(s);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    ASSERT_VEC(c.mid, 20.5, 10);
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FLANK);
    free(st);
    free(s);
}

/* §3.1 ruling FOGN_SQUARE_ALL_FRONT: a Square's side is its front */
static void test_s9_1_square_has_no_flank(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_SQUARE, 19, 11.5, 180);
    fogn_state *st = state_of(s);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    free(st);
    free(s);
}

/* one enemy on the front, another on the left flank, a third 0.01 MU away */
static void test_s9_1_front_and_touching_lists(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, -90);   /* front */
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 18.5, 8.875, 0); /* its front on unit 0's left edge */
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21.51, 8.875, 180); /* 0.01 MU off its right edge */
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 30, 10, 90);     /* a friend, far */
    fogn_state *st = state_of(s);
    int out[8];
    assert_int_equal(fogn_front_enemies(s, st, 0, out, 8), 1);
    assert_int_equal(out[0], 1);
    assert_int_equal(fogn_touching_enemies(s, st, 0, out, 8), 2);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 2);
    assert_true(fogn_in_enemy_contact(s, st, 0));
    assert_false(fogn_in_enemy_contact(s, st, 3));
    assert_false(fogn_in_enemy_contact(s, st, 4));
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 2, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FLANK);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    fogn_contact all[8];
    assert_int_equal(fogn_contacts(s, st, all, 8), 2);
    free(st);
    free(s);
}

/* --- §22.2 item 5: the assault move snapped flush ----------------------------------------------------- */

/* the target stands 1 MU to the right: the straight assault meets its front
 * off-centre, and the assaulter is snapped centred on it */
static void test_s6_5_assault_snaps_centred(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21, 14, -90);
    fogn_state *st = state_of(s);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    ASSERT_NEAR(r.angle, 0, 1e-12);
    ASSERT_NEAR(r.dist, 4, POS_TOL);
    ASSERT_RECT(r.end, 20, 14, 90);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    assert_true(cr.snapped);
    assert_false(cr.turned);
    ASSERT_NEAR(cr.slide, 0, POS_TOL);
    ASSERT_POSE(&st->u[0], 21, 14, 90);
    ASSERT_POSE(&st->u[1], 21, 14, -90);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    ASSERT_NEAR(c.len, 3, POS_TOL);
    free(st);
    free(s);
}

/* the map draws units in melee touching, not overlapping: after the snapped
 * assault the bases the map draws for the two units share an edge and no area */
static void test_melee_drawn_touching(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21, 14, -90);
    fogn_state *st = state_of(s);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    gr_render_item items[24];
    int n = fogn_ruleset.present->render_items(s, st, items, 24), a = -1, b = -1;
    for (int i = 0; i < n; i++) {
        if (!strcmp(items[i].ref, "u0")) a = i;
        if (!strcmp(items[i].ref, "u1")) b = i;
    }
    assert_true(a >= 0 && b >= 0 && items[a].nbases > 0 && items[b].nbases > 0);
    double least = INFINITY;
    for (int x = 0; x < items[a].nbases; x++)
        for (int y = 0; y < items[b].nbases; y++) {
            const double *p = items[a].base[x], *q = items[b].base[y];
            gr_rect ra = gr_rect_make(gr_v2(p[0], p[1]), p[2], p[3], p[4]);
            gr_rect rb = gr_rect_make(gr_v2(q[0], q[1]), q[2], q[3], q[4]);
            assert_false(gr_rect_overlap(&ra, &rb, 1e-6));
            least = fmin(least, gr_rect_dist(&ra, &rb));
        }
    ASSERT_NEAR(least, 0, FOGN_CONTACT_TOL);
    free(st);
    free(s);
}

/* a friend beside the target's front keeps the large assaulter from being
 * centred: it slides 0.25 MU to its left, the least that clears the friend */
static void test_s22_2_snap_slides_clear_of_friend(void **state)
{
    (void)state;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, INF, FOGN_LARGE, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21, 14, -90);
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 24.5, 13, 90); /* x 23..26, y 10.75..13 */
    fogn_state *st = state_of(s);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    ASSERT_NEAR(r.dist, 4, POS_TOL);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    assert_true(cr.snapped);
    ASSERT_NEAR(cr.slide, -0.25, POS_TOL);
    ASSERT_POSE(&st->u[0], 20.75, 14, 90);
    ASSERT_POSE(&st->u[2], 24.5, 13, 90);
    free(st);
    free(s);
}

/* §6.11: straight into the right flank of an enemy facing east; it turns
 * about its centre (20, 15.5) to face south and the assaulter is snapped to
 * its new front */
static fogn_scenario *scn_flank(void)
{
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21.125, 15.5, 0); /* right edge: y = 14, x 18.875..21.125 */
    return s;
}

static void test_s6_11_flank_assault_target_turns(void **state)
{
    (void)state;
    fogn_scenario *s = scn_flank();
    fogn_state *st = state_of(s);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    ASSERT_NEAR(r.dist, 4, POS_TOL);
    assert_int_equal(r.face, FOGN_FACE_FLANK);
    assert_true(r.flank_rear);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    assert_true(cr.turned);
    assert_true(cr.flank_rear);
    assert_int_equal(cr.face, FOGN_FACE_FLANK);
    ASSERT_POSE(&st->u[1], 20, 14.375, -90);
    ASSERT_POSE(&st->u[0], 20, 14.375, 90);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    ASSERT_NEAR(c.len, 3, POS_TOL);
    free(st);
    free(s);
}

/* §6.11 ruling: a friend of the target stands where its turn would take it:
 * it does not turn; the assaulter stays flush on its flank */
static void test_s6_11_no_room_to_turn(void **state)
{
    (void)state;
    fogn_scenario *s = scn_flank();
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 23.55, 15.5, 0); /* x 21.3..23.55 */
    fogn_state *st = state_of(s);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    assert_true(r.flank_rear);
    assert_int_equal(r.ntouch, 1);
    assert_int_equal(r.touch[0], 2);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    assert_false(cr.turned);
    assert_true(cr.snapped);
    ASSERT_POSE(&st->u[0], 20, 14, 90);
    ASSERT_POSE(&st->u[1], 21.125, 15.5, 0);
    free(st);
    free(s);
}

/* §6.11: a target already fighting another enemy does not turn */
static void test_s6_11_engaged_target_does_not_turn(void **state)
{
    (void)state;
    fogn_scenario *s = scn_flank();
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21.125, 15.5, 180); /* face to face with unit 1 */
    fogn_state *st = state_of(s);
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    assert_false(cr.turned);
    ASSERT_POSE(&st->u[1], 21.125, 15.5, 0);
    free(st);
    free(s);
}

/* --- §6.7 counter-charge ------------------------------------------------------------------------------ */

static void test_s6_7_countercharge_half_gap(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 20, 16, -90); /* gap 6 */
    fx_unit(s, 1, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 40, 28, -90); /* gap 18 to unit 0 */
    fogn_state *st = state_of(s);
    fogn_countercharge cc;
    assert_int_equal(fogn_countercharge_plan(s, st, 1, 0, &cc, NULL), 0);
    ASSERT_NEAR(cc.want, 3, POS_TOL);
    ASSERT_NEAR(cc.dist, 3, POS_TOL);
    assert_int_equal(cc.pivot, -1);
    assert_false(cc.blocked);
    ASSERT_RECT(cc.end, 20, 13, -90);
    free(st);
    free(s);
}

/* the counter-charger stands off to the side: it wheels about its
 * front-right corner to face the assaulter's front-edge centre, then goes
 * its 4 MU (half of the 8 MU gap) */
static void test_s6_7_countercharge_wheels(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 23, 18, -90);
    fogn_state *st = state_of(s);
    fogn_countercharge cc;
    assert_int_equal(fogn_countercharge_plan(s, st, 1, 0, &cc, NULL), 0);
    double phi = atan2(-8, -3) + GR_PI / 2; /* from facing south to facing (20,10) from (23,18) */
    assert_int_equal(cc.pivot, GR_FR);
    ASSERT_NEAR(cc.angle, phi, 1e-9);
    ASSERT_NEAR(cc.want, 4, POS_TOL);
    ASSERT_NEAR(cc.dist, 4, POS_TOL);
    gr_vec2 fc = gr_v2_rot_about(gr_v2(23, 18), gr_v2(21.5, 18), phi);
    double h = -GR_PI / 2 + phi;
    ASSERT_RECT(cc.end, fc.x + 4 * cos(h), fc.y + 4 * sin(h), h / FX_DEG);
    free(st);
    free(s);
}

/* a friend 1 MU in front of the counter-charger stops it touching */
static void test_s6_7_countercharge_blocked(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, CAV, FOGN_SMALL, FOGN_F_TACTICAL, 20, 18, -90);  /* gap 8: wants 4 */
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14.75, 90); /* its front 3.25 MU ahead of unit 1 */
    fogn_state *st = state_of(s);
    fogn_countercharge cc;
    assert_int_equal(fogn_countercharge_plan(s, st, 1, 0, &cc, NULL), 0);
    assert_true(cc.blocked);
    assert_int_equal(cc.blocker, 2);
    ASSERT_NEAR(cc.dist, 3.25, POS_TOL);
    ASSERT_RECT(cc.end, 20, 14.75, -90);
    free(st);
    free(s);
}

static void test_s6_7_infantry_cannot_countercharge(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 16, -90);
    fogn_state *st = state_of(s);
    fogn_countercharge cc;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_countercharge_plan(s, st, 1, 0, &cc, &err), -1);
    assert_non_null(strstr(err.msg, "cavalry"));
    free(st);
    free(s);
}

/* --- §9.12 pursuit ------------------------------------------------------------------------------------ */

/* the enemy's front is 4 MU ahead: with D = 8 it is met in the first half */
static void test_s9_12_pursuit_contact_first_half(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20.5, 14, -90);
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pursuit_plan(s, st, 0, 8, NULL, &pu), 0);
    assert_int_equal(pu.stop, FOGN_PS_ENEMY);
    assert_int_equal(pu.enemy, 1);
    ASSERT_NEAR(pu.moved, 4, POS_TOL);
    assert_true(pu.first_half);
    assert_false(pu.flank_rear);
    fogn_pursuit_commit(s, st, 0, &pu);
    ASSERT_POSE(&st->u[0], 20.5, 14, 90); /* snapped centred */
    /* with D = 7.99 the contact comes after the first half */
    fogn_state *st2 = state_of(s);
    assert_int_equal(fogn_pursuit_plan(s, st2, 0, 7.99, NULL, &pu), 0);
    assert_int_equal(pu.enemy, 1);
    assert_false(pu.first_half);
    free(st2);
    free(st);
    free(s);
}

/* §9.12: flank judged from the pursuer's pose at the end of combat */
static void test_s9_12_pursuit_flank_judged_from_combat_pose(void **state)
{
    (void)state;
    fogn_scenario *s = scn_flank();
    s->units[0].troop = CAV;
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pursuit_plan(s, st, 0, 6, NULL, &pu), 0);
    assert_int_equal(pu.enemy, 1);
    assert_true(pu.flank_rear);
    assert_false(pu.first_half);
    assert_true(pu.contact.turned);
    fogn_pursuit_commit(s, st, 0, &pu);
    ASSERT_POSE(&st->u[1], 20, 14.375, -90);
    ASSERT_POSE(&st->u[0], 20, 14.375, 90);
    /* judged from a combat pose inside the enemy's front corridor: not a flank */
    fogn_state *st2 = state_of(s);
    gr_rect judge = gr_rect_make(gr_v2(23, 15.5), GR_PI / 2, 3, 2.25);
    assert_int_equal(fogn_pursuit_plan(s, st2, 0, 6, &judge, &pu), 0);
    assert_int_equal(pu.enemy, 1);
    assert_false(pu.flank_rear);
    assert_false(pu.contact.turned);
    free(st2);
    free(st);
    free(s);
}

/* Ruling FOGN_PURSUIT_PLAIN: friendly artillery is passed, other friends stop it */
static void test_s9_12_pursuit_friends(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 13, 90); /* y 11.5..13 */
    fx_unit(s, 0, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 19.25, 90);          /* y 17..19.25 */
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pursuit_plan(s, st, 0, 10, NULL, &pu), 0);
    assert_int_equal(pu.stop, FOGN_PS_FRIEND);
    assert_int_equal(pu.blocker, 2);
    assert_int_equal(pu.enemy, -1);
    ASSERT_NEAR(pu.moved, 7, POS_TOL);
    /* a pursuit that would end on the guns stops short of them */
    assert_int_equal(fogn_pursuit_plan(s, st, 0, 2, NULL, &pu), 0);
    assert_int_equal(pu.stop, FOGN_PS_FRIEND);
    assert_int_equal(pu.blocker, 1);
    ASSERT_NEAR(pu.moved, 1.5 + 0, POS_TOL); /* front at y = 11.5 */
    free(st);
    free(s);
}

static void test_s9_12_pursuit_table_edge(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    s->units[0].y = 35;
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pursuit_plan(s, st, 0, 6, NULL, &pu), 0);
    assert_int_equal(pu.stop, FOGN_PS_EDGE);
    ASSERT_NEAR(pu.moved, 2.5, POS_TOL);
    fogn_pursuit_commit(s, st, 0, &pu);
    ASSERT_POSE(&st->u[0], 20, 37.5, 90);
    free(st);
    free(s);
}

/* Ruling FOGN_PURSUIT_PLAIN with the table edge: a pursuit cut short by the
 * edge may not end on the friendly guns it would have passed through; it
 * stops short of them instead */
static void test_s9_12_pursuit_cut_by_the_edge_stops_short_of_passed_guns(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(CAV);
    s->units[0].y = 35;                                                      /* y 32.75..35 */
    fx_unit(s, 0, FOGN_ART_FOOT, FOGN_SMALL, FOGN_F_UNLIMBERED, 20, 37.5, 90); /* y 36..37.5 */
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pursuit_plan(s, st, 0, 6, NULL, &pu), 0);
    assert_int_equal(pu.stop, FOGN_PS_FRIEND);
    assert_int_equal(pu.blocker, 1);
    ASSERT_NEAR(pu.moved, 1, POS_TOL); /* front at y = 36, not 37.5 on top of the guns */
    fogn_pursuit_commit(s, st, 0, &pu);
    ASSERT_POSE(&st->u[0], 20, 36, 90);
    free(st);
    free(s);
}

/* --- §9.13 pass-through ------------------------------------------------------------------------------- */

static fogn_scenario *scn_pass(void)
{
    fogn_scenario *s = scn_base(CAV);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, -90); /* y 10..12.25 */
    return s;
}

static void test_s9_13_pass_through_then_pursue(void **state)
{
    (void)state;
    fogn_scenario *s = scn_pass();
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pass_through_plan(s, st, 0, 5, &pu), 0);
    assert_true(pu.ok);
    ASSERT_RECT(pu.from, 20, 14.5, 90); /* rear edge on y = 12.25 */
    assert_int_equal(pu.stop, FOGN_PS_COMPLETE);
    fogn_pursuit_commit(s, st, 0, &pu);
    ASSERT_POSE(&st->u[0], 20, 19.5, 90);
    free(st);
    free(s);
}

static void test_s9_13_pass_through_meets_enemy(void **state)
{
    (void)state;
    fogn_scenario *s = scn_pass();
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 17, -90);
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pass_through_plan(s, st, 0, 5, &pu), 0);
    assert_true(pu.ok);
    assert_int_equal(pu.enemy, 2);
    ASSERT_NEAR(pu.moved, 2.5, POS_TOL);
    assert_true(pu.first_half);
    free(st);
    free(s);
}

static void test_s9_13_pass_through_no_room(void **state)
{
    (void)state;
    fogn_scenario *s = scn_pass();
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14, -90); /* y 14..16.25: where it would be placed */
    fogn_state *st = state_of(s);
    fogn_pursuit pu;
    assert_int_equal(fogn_pass_through_plan(s, st, 0, 5, &pu), 0);
    assert_false(pu.ok);
    assert_int_equal(pu.stop, FOGN_PS_NO_ROOM);
    fogn_pursuit_commit(s, st, 0, &pu);
    ASSERT_POSE(&st->u[0], 20, 10, 90);
    /* infantry not in contact: nothing to pass through */
    st->u[1].y = 11;
    assert_int_equal(fogn_pass_through_plan(s, st, 0, 5, &pu), -1);
    free(st);
    free(s);
}

/* --- §9.14 squaring up -------------------------------------------------------------------------------- */

/* the enemy, heading -70, touches the front of unit 0 (heading 90) with its
 * front-right corner at (20.5, 10) */
static fogn_scenario *scn_skew(fogn_troop other)
{
    fogn_scenario *s = scn_base(INF);
    double h = -70 * FX_DEG;
    gr_vec2 right = gr_v2(sin(h), -cos(h));
    fx_unit(s, 1, other, FOGN_SMALL, FOGN_F_TACTICAL, 20.5 - 1.5 * right.x, 10 - 1.5 * right.y, -70);
    return s;
}

static double off_line(const fogn_scenario *s, const fogn_state *st, int i, gr_vec2 centre0)
{
    gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
    return gr_v2_cross(gr_rect_fwd(&r), gr_v2_sub(gr_rect_centre(&r), centre0));
}

static void test_s9_14_square_up_same_type(void **state)
{
    (void)state;
    fogn_scenario *s = scn_skew(INF);
    fogn_state *st = state_of(s);
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    gr_rect r1 = fogn_unit_rect(&s->units[1], &st->u[1]);
    gr_vec2 c0 = gr_v2(20, 8.875), c1 = gr_rect_centre(&r1);
    fogn_squared sq;
    assert_int_equal(fogn_square_up(s, st, 0, 1, 0, &sq, NULL), 0);
    assert_true(sq.moved_active);
    assert_true(sq.moved_inactive);
    /* the common facing bisects 90 and 110 */
    ASSERT_NEAR(gr_angle_diff(st->u[0].heading, 100 * FX_DEG), 0, 1e-9);
    ASSERT_NEAR(gr_angle_diff(st->u[1].heading, -80 * FX_DEG), 0, 1e-9);
    /* each centre only slid along its own new facing */
    ASSERT_NEAR(off_line(s, st, 0, c0), 0, 1e-9);
    ASSERT_NEAR(off_line(s, st, 1, c1), 0, 1e-9);
    /* flush, front to front */
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    assert_true(c.len > 0.5);
    gr_rect a = fogn_unit_rect(&s->units[0], &st->u[0]), b = fogn_unit_rect(&s->units[1], &st->u[1]);
    assert_false(gr_rect_overlap(&a, &b, GR_EPS));
    ASSERT_NEAR(gr_rect_ahead_of_front(&a, b.fc), 0, 1e-9);
    free(st);
    free(s);
}

static void test_s9_14_square_up_different_types(void **state)
{
    (void)state;
    fogn_scenario *s = scn_skew(CAV);
    fogn_state *st = state_of(s);
    fogn_unit before = st->u[1];
    fogn_squared sq;
    assert_int_equal(fogn_square_up(s, st, 0, 1, 0, &sq, NULL), 0);
    assert_true(sq.moved_active);
    assert_false(sq.moved_inactive);
    ASSERT_NEAR(gr_angle_diff(st->u[0].heading, 110 * FX_DEG), 0, 1e-9);
    ASSERT_POSE(&st->u[1], before.x, before.y, -70);
    ASSERT_NEAR(off_line(s, st, 0, gr_v2(20, 8.875)), 0, 1e-9);
    /* flush, front to front, offset sideways as far as the centre line leaves it */
    fogn_contact c;
    assert_true(fogn_unit_contact(s, st, 0, 1, &c));
    assert_int_equal(c.face_a, FOGN_FACE_FRONT);
    assert_int_equal(c.face_b, FOGN_FACE_FRONT);
    double hy = -70 * FX_DEG, hx = 110 * FX_DEG;
    gr_vec2 yfc = gr_v2(20.5 - 1.5 * sin(hy), 10 + 1.5 * cos(hy));
    double side = gr_v2_dot(gr_v2_sub(yfc, gr_v2(20, 8.875)), gr_v2(sin(hx), -cos(hx)));
    ASSERT_NEAR(c.len, 3 - fabs(side), POS_TOL);
    free(st);
    free(s);
}

static void test_s9_14_aligned_units_stay(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 21, 10, -90);
    fogn_state *st = state_of(s);
    fogn_squared sq;
    assert_int_equal(fogn_square_up(s, st, 0, 1, 0, &sq, NULL), 0);
    assert_false(sq.moved_active);
    assert_false(sq.moved_inactive);
    ASSERT_POSE(&st->u[0], 20, 10, 90);
    /* not in contact: refused */
    st->u[1].y = 10.5;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_square_up(s, st, 0, 1, 0, &sq, &err), -1);
    assert_non_null(strstr(err.msg, "frontal contact"));
    free(st);
    free(s);
}

/* --- placing: commanders leading a unit go with it ---------------------------------------------------- */

static void test_s3_4_leader_moves_with_unit(void **state)
{
    (void)state;
    fogn_scenario *s = scn_base(INF);
    fx_unit(s, 1, INF, FOGN_SMALL, FOGN_F_TACTICAL, 20, 14, -90);
    fogn_state *st = state_of(s);
    st->c[0].leading = 0;
    st->c[0].x = 20;
    st->c[0].y = 7;
    fogn_reach r;
    assert_int_equal(fogn_assault_reach(s, st, 0, 1, &r, NULL), 1);
    fogn_contact_result cr;
    assert_int_equal(fogn_assault_move(s, st, 0, 1, &r, &cr), 0);
    ASSERT_POSE(&st->u[0], 20, 14, 90);
    ASSERT_NEAR(st->c[0].x, 20, POS_TOL);
    ASSERT_NEAR(st->c[0].y, 11, POS_TOL);
    free(st);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s9_1_front_to_front),
        cmocka_unit_test(test_s9_1_front_on_flank),
        cmocka_unit_test(test_s9_1_front_on_rear),
        cmocka_unit_test(test_s9_1_rear_corner_counts_rear),
        cmocka_unit_test(test_s9_1_front_corner_counts_front),
        cmocka_unit_test(test_s9_1_square_has_no_flank),
        cmocka_unit_test(test_s9_1_front_and_touching_lists),
        cmocka_unit_test(test_s6_5_assault_snaps_centred),
        cmocka_unit_test(test_melee_drawn_touching),
        cmocka_unit_test(test_s22_2_snap_slides_clear_of_friend),
        cmocka_unit_test(test_s6_11_flank_assault_target_turns),
        cmocka_unit_test(test_s6_11_no_room_to_turn),
        cmocka_unit_test(test_s6_11_engaged_target_does_not_turn),
        cmocka_unit_test(test_s6_7_countercharge_half_gap),
        cmocka_unit_test(test_s6_7_countercharge_wheels),
        cmocka_unit_test(test_s6_7_countercharge_blocked),
        cmocka_unit_test(test_s6_7_infantry_cannot_countercharge),
        cmocka_unit_test(test_s9_12_pursuit_contact_first_half),
        cmocka_unit_test(test_s9_12_pursuit_flank_judged_from_combat_pose),
        cmocka_unit_test(test_s9_12_pursuit_friends),
        cmocka_unit_test(test_s9_12_pursuit_table_edge),
        cmocka_unit_test(test_s9_12_pursuit_cut_by_the_edge_stops_short_of_passed_guns),
        cmocka_unit_test(test_s9_13_pass_through_then_pursue),
        cmocka_unit_test(test_s9_13_pass_through_meets_enemy),
        cmocka_unit_test(test_s9_13_pass_through_no_room),
        cmocka_unit_test(test_s9_14_square_up_same_type),
        cmocka_unit_test(test_s9_14_square_up_different_types),
        cmocka_unit_test(test_s9_14_aligned_units_stay),
        cmocka_unit_test(test_s3_4_leader_moves_with_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
