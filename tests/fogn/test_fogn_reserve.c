/* test_fogn_reserve.c - reserves, flank marches and timed reinforcements
 * (§8.1), and several corps on one side (§5.1): the arrival sectors, the
 * activation rolls with scripted dice, automatic and timed activation, where
 * an arriving unit ends, the 2 MU and three-a-move limits, enemies pushed
 * back, the division commander coming on, the notation, and the scenario
 * file's "reserve" and "corps" keys with their error messages. Positions
 * come from tests/fogn_fixture.h; the reserve is a third division of side 0
 * (index 2) with its own Skilled commander (c4). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/reserve.h"
#include "../../engine/core/jsonutil.h"
#include "../../engine/fogn/rules/alloc.h"
#include "../../engine/fogn/rules/notation.h"
#include "../../engine/fogn/rules/orders.h"
#include "../../engine/fogn/rules/victory.h"

#define RDIV 2
#define RCMDR 4

/* side 0 gets a reserve division (index 2) coming on by `edge`/`sector` */
static fogn_scenario *reserve_scenario(int edge, int sector)
{
    fogn_scenario *s = fx_scenario();
    int d = s->ndivs++;
    snprintf(s->divs[d].name, sizeof s->divs[d].name, "Reserve");
    s->divs[d].side = 0;
    s->divs[d].kind = FOGN_DIV_MIXED;
    s->divs[d].commander = RCMDR;
    s->divs[d].corps = 2;
    s->divs[d].reserve = 1;
    s->divs[d].res_edge = (uint8_t)edge;
    s->divs[d].res_sector = (uint8_t)sector;
    fogn_cmdr_profile *c = &s->cmdrs[s->ncmdrs++];
    assert_int_equal(s->ncmdrs - 1, RCMDR);
    snprintf(c->name, sizeof c->name, "reserve-general");
    c->side = 0;
    c->role = FOGN_CMDR_DIVISION;
    c->level = 2;
    c->division = (int8_t)d;
    c->start_leading = -1;
    c->x = c->y = -1;
    return s;
}

/* an off-table unit of the reserve */
static int reserve_unit(fogn_scenario *s, fogn_troop troop)
{
    int i = fx_unit(s, 0, troop, FOGN_SMALL, FOGN_F_COLUMN, -1, -1, 90);
    s->units[i].division = RDIV;
    s->units[i].off_table = 1;
    if (fogn_troop_arm(troop) == FOGN_ARM_ART) s->units[i].start_formation = FOGN_F_LIMBERED;
    return i;
}

/* side 0's Movement Phase of player-move `move`, with reserve status `res`,
 * opened with `dice` (the activation rolls) */
static void movement_at(const fogn_scenario *s, fogn_state *st, int move, int res, gr_dice *dice, gr_log *log)
{
    fogn_ruleset.rules->init(s, st);
    st->move = (uint16_t)move;
    st->res[RDIV] = (uint8_t)res;
    st->active = 0;
    st->turn.decider = 0;
    st->turn.step = FOGN_ST_MV_BEGIN;
    st->turn.phase = FOGN_PH_MOVEMENT;
    st->turn.cursor = 0;
    st->turn.second = 0;
    fogn_advance_to_decision(s, st, dice, log);
}

static gr_action arrive(int unit, int formation, double at, double dist)
{
    gr_action a = fogn_act(FOGN_A_ARRIVE, unit, -1, formation);
    a.p[0] = (float)at;
    a.p[1] = (float)dist;
    return a;
}

static int apply(const fogn_scenario *s, fogn_state *st, gr_action a, gr_log *log, gr_error *err)
{
    gr_error_clear(err);
    return fogn_ruleset.rules->apply(s, st, &a, NULL, log, err);
}

static bool log_has(const gr_log *log, const char *needle)
{
    for (size_t k = 0; k < log->n; k++)
        if (strstr(log->ev[k].text, needle)) return true;
    return false;
}

/* --- sectors and move numbers ----------------------------------------------------------- */

static void test_s8_1_sectors_seen_from_each_side(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    gr_vec2 a, b, in;
    fogn_reserve_sector(s, RDIV, &a, &b, &in);
    ASSERT_VEC(a, 20, 0);
    ASSERT_VEC(b, 40, 0);
    ASSERT_VEC(in, 0, 1);
    s->divs[RDIV].res_sector = FOGN_SEC_LEFT; /* side 0 looks north: its left is the west */
    fogn_reserve_sector(s, RDIV, &a, &b, &in);
    ASSERT_VEC(a, 0, 0);
    ASSERT_VEC(b, 20, 0);
    s->divs[RDIV].res_edge = FOGN_EDGE_LEFT;
    s->divs[RDIV].res_sector = FOGN_SEC_FRONT; /* the enemy's half of the west edge */
    fogn_reserve_sector(s, RDIV, &a, &b, &in);
    ASSERT_VEC(a, 0, 18.75);
    ASSERT_VEC(b, 0, 37.5);
    ASSERT_VEC(in, 1, 0);
    /* the same division on side 1 (north edge, looking south: its left is the east) */
    s->divs[RDIV].side = 1;
    s->divs[RDIV].res_edge = FOGN_EDGE_REAR;
    s->divs[RDIV].res_sector = FOGN_SEC_LEFT;
    fogn_reserve_sector(s, RDIV, &a, &b, &in);
    ASSERT_VEC(a, 40, 37.5);
    ASSERT_VEC(b, 60, 37.5);
    ASSERT_VEC(in, 0, -1);
    s->divs[RDIV].res_edge = FOGN_EDGE_RIGHT;
    s->divs[RDIV].res_sector = FOGN_SEC_REAR; /* its own (northern) half of the west edge */
    fogn_reserve_sector(s, RDIV, &a, &b, &in);
    ASSERT_VEC(a, 0, 18.75);
    ASSERT_VEC(b, 0, 37.5);
    ASSERT_VEC(in, 1, 0);
    free(s);
}

static void test_s8_1_own_move_numbers(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fogn_state st;
    memset(&st, 0, sizeof st);
    int expect0[] = {1, 1, 2, 2, 3}, expect1[] = {0, 1, 1, 2, 2};
    for (int m = 1; m <= 5; m++) {
        st.move = (uint16_t)m;
        assert_int_equal(fogn_own_move(s, &st, 0), expect0[m - 1]);
        assert_int_equal(fogn_own_move(s, &st, 1), expect1[m - 1]);
    }
    free(s);
}

/* --- activation ------------------------------------------------------------------------------ */

static void test_s8_1_reserve_and_its_commander_start_off_table(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fogn_state st;
    fogn_ruleset.rules->init(s, &st);
    assert_int_equal(st.res[RDIV], FOGN_RES_WAITING);
    assert_false(st.u[r].flags & FOGN_UF_ON_TABLE);
    assert_false(st.c[RCMDR].flags & FOGN_CF_ON_TABLE);
    gr_error err;
    gr_error_clear(&err);
    /* §8.1: no corps points for the commander of a division still off the table */
    assert_true(fogn_alloc_cost(s, &st, 2, RCMDR, &err) < 0);
    ASSERT_HAS(err.msg, "reserve-general is not on the table");
    /* and its units are no losses (§14) */
    assert_int_equal(fogn_attrition(s, &st, 0), 0);
    free(s);
}

static void test_s8_1_no_roll_on_the_first_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    reserve_unit(s, FOGN_INF_REFORMED);
    int faces[] = {6, 6};
    gr_dice dice;
    gr_dice_init_script(&dice, faces, 2);
    gr_log log;
    gr_log_init(&log);
    fogn_state st;
    movement_at(s, &st, 1, FOGN_RES_WAITING, &dice, &log);
    assert_int_equal(st.res[RDIV], FOGN_RES_WAITING);
    assert_int_equal(dice.pos, 0);
    assert_false(log_has(&log, "activation"));
    gr_log_free(&log);
    free(s);
}

static void test_s8_1_activation_roll_passes_on_a_five(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    reserve_unit(s, FOGN_INF_REFORMED);
    int faces[] = {2, 5}; /* a Skilled commander: two dice */
    gr_dice dice;
    gr_dice_init_script(&dice, faces, 2);
    gr_log log;
    gr_log_init(&log);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_WAITING, &dice, &log);
    assert_int_equal(dice.pos, 2);
    assert_int_equal(st.res[RDIV], FOGN_RES_ACTIVATED);
    assert_true(log_has(&log, "Reserve passes the activation roll to come on next move"));
    /* it comes on from its side's next Movement Phase, without a roll */
    movement_at(s, &st, 5, FOGN_RES_ACTIVATED, NULL, NULL);
    assert_int_equal(st.res[RDIV], FOGN_RES_ARRIVING);
    gr_log_free(&log);
    free(s);
}

static void test_s8_1_activation_roll_fails_on_fours(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    reserve_unit(s, FOGN_INF_REFORMED);
    s->cmdrs[RCMDR].level = 3; /* Exceptional: three dice */
    int faces[] = {4, 4, 1};
    gr_dice dice;
    gr_dice_init_script(&dice, faces, 3);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_WAITING, &dice, NULL);
    assert_int_equal(dice.pos, 3);
    assert_int_equal(st.res[RDIV], FOGN_RES_WAITING);
    free(s);
}

static void test_s8_1_enemy_near_the_sector_activates_it(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 12, -90); /* front 12 MU from y = 0 */
    reserve_unit(s, FOGN_INF_REFORMED);
    gr_log log;
    gr_log_init(&log);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_WAITING, NULL, &log);
    assert_int_equal(st.res[RDIV], FOGN_RES_ARRIVING);
    assert_true(log_has(&log, "an enemy is within 12 MU of its sector"));
    gr_log_free(&log);
    /* 12.5 MU away it rolls as usual */
    s->units[e].y = 12.5;
    int faces[] = {1, 1};
    gr_dice dice;
    gr_dice_init_script(&dice, faces, 2);
    movement_at(s, &st, 3, FOGN_RES_WAITING, &dice, NULL);
    assert_int_equal(dice.pos, 2);
    assert_int_equal(st.res[RDIV], FOGN_RES_WAITING);
    free(s);
}

static void test_s20_timed_reinforcement_needs_no_roll(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    s->divs[RDIV].res_arrives = 3;
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    reserve_unit(s, FOGN_INF_REFORMED);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_WAITING, NULL, NULL); /* its side's 2nd move: not yet, and no dice */
    assert_int_equal(st.res[RDIV], FOGN_RES_WAITING);
    gr_log log;
    gr_log_init(&log);
    movement_at(s, &st, 5, FOGN_RES_WAITING, NULL, &log); /* the 3rd */
    assert_int_equal(st.res[RDIV], FOGN_RES_ARRIVING);
    assert_true(log_has(&log, "due on its side's move 3"));
    gr_log_free(&log);
    free(s);
}

static void test_s20_latest_move_ends_the_rolling(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    s->divs[RDIV].res_latest = 3;
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    reserve_unit(s, FOGN_INF_REFORMED);
    int faces[] = {3, 3};
    gr_dice dice;
    gr_dice_init_script(&dice, faces, 2);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_WAITING, &dice, NULL); /* rolls on its 2nd move, fails */
    assert_int_equal(dice.pos, 2);
    assert_int_equal(st.res[RDIV], FOGN_RES_WAITING);
    movement_at(s, &st, 5, FOGN_RES_WAITING, NULL, NULL); /* on its 3rd it comes, no dice */
    assert_int_equal(st.res[RDIV], FOGN_RES_ARRIVING);
    free(s);
}

/* --- arrival ----------------------------------------------------------------------------------- */

static void test_s8_1_column_comes_on_its_full_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 30, -90);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    assert_int_equal(fogn_mv_actor(s, &st), r); /* the arrival comes first */
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), &log, &err), 0);
    ASSERT_POSE(&st.u[r], 30, 6, 90); /* March Column: 6 MU in the open, measured from the edge (§8.3) */
    assert_int_equal(st.u[r].formation, FOGN_F_COLUMN);
    assert_true(st.u[r].flags & FOGN_UF_ON_TABLE);
    assert_true(st.u[r].flags & FOGN_UF_ARRIVED);
    assert_true(log_has(&log, "unit0 comes on at (30.0, 0.0) in column, its front 6.0 MU in"));
    /* more than 6 MU from every enemy: it may try a second move */
    assert_int_equal(st.turn.second, 1);
    assert_int_equal(fogn_mv_actor(s, &st), r);
    /* its commander came on with it (§8.1) */
    assert_true(st.c[RCMDR].flags & FOGN_CF_ON_TABLE);
    assert_true(log_has(&log, "reserve-general comes on with unit0"));
    assert_int_equal(st.res[RDIV], FOGN_RES_NONE); /* the whole division is on */
    gr_log_free(&log);
    free(s);
}

static void test_s8_1_arrival_stops_two_mu_short_of_the_enemy(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 7, -90); /* front edge at y = 7 */
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_error err;
    /* exactly 6 in would end 1 MU from it */
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 6), NULL, &err), -1);
    ASSERT_HAS(err.msg, "within 2 MU of the enemy");
    /* "as far as it may": its front stops at y = 5 */
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), NULL, &err), 0);
    ASSERT_POSE(&st.u[r], 30, 5, 90);
    assert_int_equal(st.turn.second, 0); /* within 6 MU of an enemy: no second move */
    free(s);
}

static void test_s8_1_enemy_near_the_entry_is_pushed_back(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 4, -90); /* front 4 MU from the edge */
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), &log, &err), 0);
    /* pushed straight back to 6 MU from the edge, still facing the arrival, one level down */
    ASSERT_POSE(&st.u[e], 30, 6, -90);
    assert_int_equal(st.u[e].cohesion, FOGN_DISORDERED);
    assert_true(log_has(&log, "unit2 is pushed back 2.0 MU by the arriving unit0 and is now disordered"));
    /* the column (4.5 MU deep) cannot end 2 MU clear of it: it stays against the edge */
    ASSERT_POSE(&st.u[r], 30, 4.5, 90);
    assert_true(st.u[r].flags & FOGN_UF_NO_MOVE);
    assert_int_equal(st.turn.second, 0);
    gr_log_free(&log);
    free(s);
}

/* §8.1 (ruling: pushed units turn about their centre where they have room):
 * a bent March Column turns only where both its parts have room. Turned to
 * face the arrival, its rear part would come onto the friendly column
 * beside it, though the straight column would clear it: it stays as it is */
static void test_s8_1_bent_column_faces_the_arrival_only_with_room(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    /* its head 2 MU west of the turn at (38, 8), facing west; its rear part
     * runs north from the turn, x 37.25..38.75, y 8..10.5 */
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 36, 8, 180);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 36.2, 13.5, 90); /* x 35.45..36.95, y 9..13.5 */
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    st.u[e].kink = 90 * FX_DEG;
    st.u[e].bend = 2;
    gr_error inv;
    gr_error_clear(&inv);
    if (fogn_ruleset.present->check_invariants(s, &st, &inv)) fail_msg("before: %s", inv.msg);
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), &log, &err), 0);
    ASSERT_POSE(&st.u[e], 36, 8, 180);
    ASSERT_NEAR(st.u[e].kink, 90 * FX_DEG, 1e-6);
    if (fogn_ruleset.present->check_invariants(s, &st, &inv)) fail_msg("after: %s", inv.msg);
    /* with that column gone it turns, 35 degrees to face the arrival, bent still */
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    st.u[e].kink = 90 * FX_DEG;
    st.u[e].bend = 2;
    st.u[e + 1].flags &= ~(uint32_t)FOGN_UF_ON_TABLE;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), &log, &err), 0);
    assert_true(st.u[e].heading < -GR_PI / 2 && st.u[e].heading > -GR_PI);
    ASSERT_NEAR(st.u[e].kink, 90 * FX_DEG, 1e-6);
    if (fogn_ruleset.present->check_invariants(s, &st, &inv)) fail_msg("after turning: %s", inv.msg);
    gr_log_free(&log);
    free(s);
}

/* §8.1: a pushed enemy loses a level; a Broken one is at the last of the
 * four levels (§2.6) and stays Broken, as with every other loss it takes */
static void test_s8_1_broken_enemy_pushed_back_stays_broken(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 4, -90);
    s->units[e].start_cohesion = FOGN_BROKEN;
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), &log, &err), 0);
    ASSERT_POSE(&st.u[e], 30, 6, -90);
    assert_int_equal(st.u[e].cohesion, FOGN_BROKEN);
    assert_true(log_has(&log, "unit2 is pushed back 2.0 MU by the arriving unit0 and is now broken"));
    gr_log_free(&log);
    free(s);
}

static void test_s8_1_wavering_enemy_falls_back_six(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    int e = fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 4, -90);
    s->units[e].start_cohesion = FOGN_WAVERING;
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), NULL, &err), 0);
    ASSERT_POSE(&st.u[e], 30, 10, -90); /* 6 MU straight away from the edge */
    assert_int_equal(st.u[e].cohesion, FOGN_WAVERING); /* no further loss */
    ASSERT_POSE(&st.u[r], 30, 6, 90);
    free(s);
}

static void test_s8_1_three_units_a_move(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r[4];
    for (int k = 0; k < 4; k++) r[k] = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_error err;
    double at[3] = {22, 30, 38};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(fogn_mv_actor(s, &st), r[k]);
        assert_int_equal(apply(s, &st, arrive(r[k], FOGN_F_COLUMN, at[k], 0), NULL, &err), 0);
        if (st.turn.second) assert_int_equal(apply(s, &st, fogn_act(FOGN_A_HOLD, r[k], -1, 0), NULL, &err), 0);
    }
    assert_int_equal(fogn_reserve_due(s, &st, r[3]), 0);
    assert_true(fogn_mv_actor(s, &st) != r[3]);
    assert_int_equal(st.res[RDIV], FOGN_RES_ARRIVING); /* one still to come */
    free(s);
}

static void test_s8_1_refusals_name_the_rule(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    int g = reserve_unit(s, FOGN_ART_FOOT);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 10, 0), NULL, &err), -1);
    ASSERT_HAS(err.msg, "10.0 is outside Reserve's arrival sector (x 20.0 to 40.0)");
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_SQUARE, 30, 0), NULL, &err), -1);
    ASSERT_HAS(err.msg, "any but square");
    assert_int_equal(apply(s, &st, fogn_act(FOGN_A_ADVANCE, r, 1, 6), NULL, &err), -1);
    ASSERT_HAS(err.msg, "is off the table");
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), NULL, &err), 0);
    if (st.turn.second) assert_int_equal(apply(s, &st, fogn_act(FOGN_A_HOLD, r, -1, 0), NULL, &err), 0);
    assert_int_equal(fogn_mv_actor(s, &st), g);
    assert_int_equal(apply(s, &st, arrive(g, FOGN_F_UNLIMBERED, 25, 0), NULL, &err), -1);
    ASSERT_HAS(err.msg, "artillery comes on limbered");
    free(s);
}

static void test_s8_1_menu_offers_wait_and_entry_points(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_LEFT, FOGN_SEC_REAR);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_action acts[32];
    int n = fogn_ruleset.rules->legal_actions(s, &st, acts, 32);

    /* wait, or come on in column or tactical at three points of the west edge's southern half */
    assert_int_equal(n, 1 + 3 * 2);
    char text[96];
    fogn_format_action(s, &st, &acts[0], text, sizeof text);
    assert_string_equal(text, "u0 hold");
    fogn_format_action(s, &st, &acts[1], text, sizeof text);
    assert_string_equal(text, "u0 arrive 3.125 column");
    fogn_format_action(s, &st, &acts[6], text, sizeof text);
    assert_string_equal(text, "u0 arrive 15.625 tactical");
    gr_error err;
    assert_int_equal(apply(s, &st, acts[1], NULL, &err), 0);
    ASSERT_POSE(&st.u[r], 6, 3.125, 0); /* facing east, 6 MU in from x = 0 */
    free(s);
}

static void test_s8_1_notation_round_trip(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 55, 35, -90);
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    const char *texts[] = {"u0 arrive 30 column", "u0 arrive 25.5 tactical 4.75"};
    for (int k = 0; k < 2; k++) {
        gr_action a;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(fogn_parse_action(s, &st, texts[k], &a, &err), 0);
        assert_int_equal(a.type, FOGN_A_ARRIVE);
        char back[96];
        fogn_format_action(s, &st, &a, back, sizeof back);
        assert_string_equal(back, texts[k]);
    }
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_parse_action(s, &st, "u0 arrive 30 wedge", &a, &err), -1);
    ASSERT_HAS(err.msg, "unknown formation 'wedge'");
    free(s);
}

static void test_s8_1_second_move_must_stay_clear(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    int r = reserve_unit(s, FOGN_INF_REFORMED);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 5, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 13.5, -90); /* 7.5 MU in front of the column */
    s->cmdrs[RCMDR].level = 3;
    fogn_state st;
    movement_at(s, &st, 3, FOGN_RES_ARRIVING, NULL, NULL);
    gr_error err;
    assert_int_equal(apply(s, &st, arrive(r, FOGN_F_COLUMN, 30, 0), NULL, &err), 0);
    ASSERT_POSE(&st.u[r], 30, 6, 90);
    assert_int_equal(st.turn.second, 1);
    /* its second move is bound by §8.10 like any other: it stays beyond 6 MU of the enemy */
    int faces[] = {6, 6, 6};
    gr_dice dice;
    gr_dice_init_script(&dice, faces, 3);
    gr_action go = fogn_act(FOGN_A_MOVE, r, -1, -1);
    go.p[1] = 6; /* would end 1.5 MU from it */
    gr_error_clear(&err);
    assert_int_equal(fogn_ruleset.rules->apply(s, &st, &go, &dice, NULL, &err), -1);
    ASSERT_HAS(err.msg, "a second move must stay more than 6 MU from every enemy (§8.10)");
    ASSERT_POSE(&st.u[r], 30, 6, 90);
    free(s);
}

/* --- several corps a side (§5.1) --------------------------------------------------------------------- */

static void test_s5_1_each_corps_gives_to_its_own_divisions(void **unused)
{
    (void)unused;
    fogn_scenario *s = reserve_scenario(FOGN_EDGE_REAR, FOGN_SEC_CENTRE);
    s->divs[RDIV].reserve = 0; /* an ordinary division here, of a second corps */
    fogn_cmdr_profile *c = &s->cmdrs[s->ncmdrs++];
    snprintf(c->name, sizeof c->name, "corps-two");
    c->side = 0;
    c->role = FOGN_CMDR_CORPS;
    c->level = 2;
    c->division = -1;
    c->start_leading = -1;
    c->x = 30;
    c->y = 2;
    s->divs[RDIV].corps = 5;
    s->cmdrs[RCMDR].x = 28;
    s->cmdrs[RCMDR].y = 2;
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    int u = fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 30, 10, 90);
    s->units[u].division = RDIV;
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    fogn_state st;
    fx_state_at(s, &st, 0, FOGN_ST_CMD_BEGIN, NULL, NULL);
    gr_error err;
    gr_error_clear(&err);
    assert_true(fogn_alloc_cost(s, &st, 2, RCMDR, &err) < 0);
    ASSERT_HAS(err.msg, "reserve-general's division belongs to another corps");
    assert_int_equal(fogn_alloc_cost(s, &st, 5, RCMDR, &err), 1);
    /* corps0 decides first; "done" hands over to corps-two, not to the Assault Phase */
    assert_int_equal(fogn_alloc_actor(s, &st), s->nunits + 2);
    assert_int_equal(apply(s, &st, (gr_action){.type = FOGN_A_DONE, .actor = -1, .target = -1}, NULL, &err), 0);
    assert_int_equal(st.turn.step, FOGN_ST_CMD_ALLOC);
    assert_int_equal(fogn_alloc_actor(s, &st), s->nunits + 5);
    assert_int_equal(apply(s, &st, (gr_action){.type = FOGN_A_ALLOCATE, .actor = (int16_t)(s->nunits + 5),
                                               .target = RCMDR}, NULL, &err), 0);
    assert_int_equal(st.c[RCMDR].cp, 3);
    free(s);
}

/* §3.4: an army commander gives his points to corps commanders, before they give theirs */
static void test_s3_4_army_commander_allocates_first(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fogn_cmdr_profile *c = &s->cmdrs[s->ncmdrs++];
    snprintf(c->name, sizeof c->name, "marshal");
    c->side = 0;
    c->role = FOGN_CMDR_ARMY;
    c->level = 3;
    c->division = -1;
    c->start_leading = -1;
    c->x = 50;
    c->y = 1.5; /* 42.5 MU from corps0 at (6, 1.5): beyond the 40 MU range */
    int army = s->ncmdrs - 1;
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    fogn_state st;
    fx_state_at(s, &st, 0, FOGN_ST_CMD_BEGIN, NULL, NULL);
    assert_int_equal(fogn_alloc_actor(s, &st), s->nunits + army);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_alloc_cost(s, &st, army, 2, &err), 2); /* out of range: 1 + 1 */
    assert_true(fogn_alloc_cost(s, &st, army, 0, &err) < 0);
    ASSERT_HAS(err.msg, "an army commander gives command points to a corps commander of his army (§3.4)");
    assert_int_equal(apply(s, &st, (gr_action){.type = FOGN_A_ALLOCATE, .actor = (int16_t)(s->nunits + army), .target = 2},
                           NULL, &err), 0);
    assert_int_equal(st.c[army].cp, 1);
    assert_int_equal(st.c[2].cp, 2);
    /* with one point left he cannot afford another at 2: the corps commander decides next */
    assert_int_equal(fogn_alloc_actor(s, &st), s->nunits + 2);
    /* and passes it on to his division commander */
    assert_int_equal(apply(s, &st, (gr_action){.type = FOGN_A_ALLOCATE, .actor = (int16_t)(s->nunits + 2), .target = 0},
                           NULL, &err), 0);
    assert_int_equal(st.c[0].cp, 3);
    free(s);
}

/* --- the scenario file --------------------------------------------------------------------------------- */

static json_t *minimal(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/fogn-minimal.json", r && *r ? r : ".");
    gr_error err;
    gr_error_clear(&err);
    json_t *j = gr_json_load_file(path, &err);
    if (!j) fail_msg("%s", err.msg);
    return j;
}

static json_t *division(json_t *root, const char *name)
{
    json_t *arr = json_object_get(root, "divisions");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *d = json_array_get(arr, i);
        if (!strcmp(json_string_value(json_object_get(d, "name")), name)) return d;
    }
    fail_msg("no division %s", name);
    return NULL;
}

static void load_expect(json_t *root, const char *frag)
{
    gr_error err;
    gr_error_clear(&err);
    fogn_scenario *s = fogn_scenario_load(root, "test.json", &err);
    if (s) {
        fogn_scenario_free(s);
        fail_msg("loaded, expected an error with \"%s\"", frag);
    }
    ASSERT_HAS(err.msg, frag);
}

static void test_s8_1_file_reserve_keys(void **unused)
{
    (void)unused;
    json_t *j = minimal();
    /* Blue Horse has one unit marked off_table: it becomes the default reserve */
    gr_error err;
    gr_error_clear(&err);
    fogn_scenario *s = fogn_scenario_load(j, "test.json", &err);
    if (!s) fail_msg("%s", err.msg);
    int d = s->units[4].division;
    assert_true(s->divs[d].reserve);
    assert_int_equal(s->divs[d].res_edge, FOGN_EDGE_REAR);
    assert_int_equal(s->divs[d].res_sector, FOGN_SEC_CENTRE);
    fogn_scenario_free(s);
    /* an explicit flank march */
    json_t *dv = division(j, "Blue Horse");
    json_object_set_new(dv, "reserve", json_pack("{s:s, s:s, s:i}", "edge", "right", "sector", "front", "latest", 4));
    /* with an explicit entry every unit of the division starts off the table */
    gr_error_clear(&err);
    s = fogn_scenario_load(j, "test.json", &err);
    if (!s) fail_msg("%s", err.msg);
    d = s->units[4].division;
    assert_int_equal(s->divs[d].res_edge, FOGN_EDGE_RIGHT);
    assert_int_equal(s->divs[d].res_sector, FOGN_SEC_FRONT);
    assert_int_equal(s->divs[d].res_latest, 4);
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].division == d) assert_true(s->units[i].off_table);
    fogn_scenario_free(s);
    json_object_set_new(dv, "reserve", json_pack("{s:s, s:s}", "edge", "rear", "sector", "front"));
    load_expect(j, "the rear edge has the sectors left, centre and right, not \"front\"");
    json_object_set_new(dv, "reserve", json_pack("{s:s, s:s}", "edge", "left", "sector", "centre"));
    load_expect(j, "a side edge has the sectors front and rear");
    json_object_set_new(dv, "reserve", json_pack("{s:s, s:s, s:i, s:i}", "edge", "rear", "sector", "left", "arrives", 3,
                                                 "latest", 4));
    load_expect(j, "not both");
    json_object_set_new(dv, "reserve", json_pack("{s:s, s:s, s:i}", "edge", "rear", "sector", "left", "latest", 1));
    load_expect(j, "latest");
    json_object_set_new(dv, "reserve", json_pack("{s:s, s:s, s:b}", "edge", "rear", "sector", "left", "secret", 1));
    load_expect(j, "secret");
    json_decref(j);
}

static void test_s5_1_file_names_the_corps(void **unused)
{
    (void)unused;
    json_t *j = minimal();
    json_t *cmdrs = json_object_get(j, "commanders");
    json_array_append_new(cmdrs, json_pack("{s:s, s:i, s:s, s:s, s:f, s:f}", "name", "Second Corps", "side", 0, "role",
                                           "corps", "skill", "skilled", "x", 30.0, "y", 2.0));
    load_expect(j, "$.divisions[0].corps: missing (side 0 (Blue) has 2 corps commanders");
    json_t *arr = json_object_get(j, "divisions");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *d = json_array_get(arr, i);
        if (json_integer_value(json_object_get(d, "side")) == 0 ||
            !strcmp(json_string_value(json_object_get(d, "side")) ? json_string_value(json_object_get(d, "side")) : "",
                    "Blue"))
            json_object_set_new(d, "corps", json_string("Second Corps"));
    }
    gr_error err;
    gr_error_clear(&err);
    fogn_scenario *s = fogn_scenario_load(j, "test.json", &err);
    if (!s) fail_msg("%s", err.msg);
    int two = -1;
    for (int c = 0; c < s->ncmdrs; c++)
        if (!strcmp(s->cmdrs[c].name, "Second Corps")) two = c;
    assert_true(two >= 0);
    for (int d = 0; d < s->ndivs; d++)
        if (s->divs[d].side == 0) assert_int_equal(s->divs[d].corps, two);
    fogn_scenario_free(s);
    json_object_set_new(json_array_get(arr, 0), "corps", json_string("Nobody"));
    load_expect(j, "$.divisions[0].corps: no commander called \"Nobody\"");
    json_decref(j);
}

/* §18: "historical" lets a division field more than one battery (Sacile's Gyulai) */
static void test_s18_historical_division_may_have_two_batteries(void **unused)
{
    (void)unused;
    json_t *j = minimal();
    json_t *units = json_object_get(j, "units");
    json_t *gun = NULL;
    for (size_t i = 0; i < json_array_size(units) && !gun; i++)
        if (strstr(json_string_value(json_object_get(json_array_get(units, i), "troop")), "artillery"))
            gun = json_array_get(units, i);
    assert_non_null(gun);
    json_t *twin = json_deep_copy(gun);
    json_object_set_new(twin, "name", json_string("Second battery"));
    json_object_set_new(twin, "x", json_real(json_number_value(json_object_get(gun, "x")) + 6));
    json_array_append_new(units, twin);
    load_expect(j, "already has an artillery unit");
    json_object_set_new(j, "historical", json_true());
    gr_error err;
    gr_error_clear(&err);
    fogn_scenario *s = fogn_scenario_load(j, "test.json", &err);
    if (!s) fail_msg("%s", err.msg);
    assert_true(s->historical);
    fogn_scenario_free(s);
    json_decref(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s8_1_sectors_seen_from_each_side),
        cmocka_unit_test(test_s8_1_own_move_numbers),
        cmocka_unit_test(test_s8_1_reserve_and_its_commander_start_off_table),
        cmocka_unit_test(test_s8_1_no_roll_on_the_first_move),
        cmocka_unit_test(test_s8_1_activation_roll_passes_on_a_five),
        cmocka_unit_test(test_s8_1_activation_roll_fails_on_fours),
        cmocka_unit_test(test_s8_1_enemy_near_the_sector_activates_it),
        cmocka_unit_test(test_s20_timed_reinforcement_needs_no_roll),
        cmocka_unit_test(test_s20_latest_move_ends_the_rolling),
        cmocka_unit_test(test_s8_1_column_comes_on_its_full_move),
        cmocka_unit_test(test_s8_1_arrival_stops_two_mu_short_of_the_enemy),
        cmocka_unit_test(test_s8_1_enemy_near_the_entry_is_pushed_back),
        cmocka_unit_test(test_s8_1_bent_column_faces_the_arrival_only_with_room),
        cmocka_unit_test(test_s8_1_broken_enemy_pushed_back_stays_broken),
        cmocka_unit_test(test_s8_1_wavering_enemy_falls_back_six),
        cmocka_unit_test(test_s8_1_three_units_a_move),
        cmocka_unit_test(test_s8_1_refusals_name_the_rule),
        cmocka_unit_test(test_s8_1_menu_offers_wait_and_entry_points),
        cmocka_unit_test(test_s8_1_notation_round_trip),
        cmocka_unit_test(test_s8_1_second_move_must_stay_clear),
        cmocka_unit_test(test_s5_1_each_corps_gives_to_its_own_divisions),
        cmocka_unit_test(test_s3_4_army_commander_allocates_first),
        cmocka_unit_test(test_s8_1_file_reserve_keys),
        cmocka_unit_test(test_s5_1_file_names_the_corps),
        cmocka_unit_test(test_s18_historical_division_may_have_two_batteries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
