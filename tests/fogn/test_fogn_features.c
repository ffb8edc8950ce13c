/* test_fogn_features.c - the evaluator's inputs (gr_ai_view: unit_worth, terms, clock): per
 * side the Army Combat Value and attrition against the 50% break point
 * (§14), unit values by cohesion level, objectives held or contested, the
 * line of communications occupied or threatened (§13), fresh cavalry, units
 * open to a flank or rear charge (§6.11), the fire the units could pour on the enemy as they
 * stand (§7.2, §7.4); and per unit its side, value, cohesion and Spent mark. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fogn_fixture.h"
#include "../../engine/fogn/rules/worth.h"
#include "../../engine/fogn/rules/movetable.h"
#include "../../engine/fogn/rules/tables.h"
#include "../../engine/fogn/rules/victory.h"

/* the evaluation contract read back as (name, value) pairs: "s0_NAME" and
 * "s1_NAME" for the side terms, the clock as "moves_left", "timed_score0",
 * "timed_lead0", "timed_band", and "uI_side", "uI_value", "uI_cohesion",
 * "uI_spent" for each unit */
#define MAX_FEATURES (2 * FOGN_TERMS + 4 + 4 * FOGN_MAX_UNITS)

typedef struct feats {
    int n;
    double v[MAX_FEATURES];
    char name[MAX_FEATURES][40];
} feats;

static void put(feats *f, const char *name, double v)
{
    snprintf(f->name[f->n], sizeof f->name[f->n], "%s", name);
    f->v[f->n++] = v;
}

static void read_features(const fogn_scenario *s, const fogn_state *st, feats *f)
{
    const gr_ai_view *ai = fogn_ruleset.ai;
    f->n = 0;
    double tv[2 * FOGN_TERMS];
    ai->terms(s, st, tv);
    char nm[40];
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < ai->nterms; k++) {
            snprintf(nm, sizeof nm, "s%d_%s", side, ai->term_names[k]);
            put(f, nm, tv[side * ai->nterms + k]);
        }
    gr_clock c;
    ai->clock(s, st, &c);
    put(f, "moves_left", c.moves_left);
    put(f, "timed_score0", c.timed_score0);
    put(f, "timed_lead0", c.lead0);
    put(f, "timed_band", c.band);
    for (int i = 0; i < ai->unit_count(s); i++) {
        gr_unit_worth w;
        ai->unit_worth(s, st, i, &w);
        snprintf(nm, sizeof nm, "u%d_side", i);
        put(f, nm, w.side);
        snprintf(nm, sizeof nm, "u%d_value", i);
        put(f, nm, w.value);
        snprintf(nm, sizeof nm, "u%d_cohesion", i);
        put(f, nm, w.level);
        snprintf(nm, sizeof nm, "u%d_spent", i);
        put(f, nm, w.worn);
    }
}

static double feat(const feats *f, const char *name)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->name[i], name)) return f->v[i];
    fail_msg("no feature named %s", name);
    return 0;
}

/* side 0: two small infantry units (value 2 each) and a small cavalry unit
 * (value 2); side 1: one large infantry unit (value 3) far up the table */
static fogn_scenario *scn(void)
{
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 26, 10, 90);
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_LINE, 34, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_LARGE, FOGN_F_TACTICAL, 20, 35, -90);
    return s;
}

/* the contract's shape: 17 side terms by name in a fixed order, four
 * condition levels (Steady .. Broken, then gone), a clock, and one worth
 * per unit */
static void test_features_names_and_count(void **unused)
{
    (void)unused;
    const gr_ai_view *ai = fogn_ruleset.ai;
    assert_int_equal(ai->nterms, 17);
    assert_int_equal(ai->levels, 4);
    assert_non_null(ai->clock);
    assert_string_equal(ai->term_names[0], "acv");
    assert_string_equal(ai->term_names[2], "attrition_to_break");
    assert_string_equal(ai->term_names[12], "objectives_threatened");
    assert_string_equal(ai->term_names[13], "objectives_approach");
    assert_string_equal(ai->term_names[14], "objectives_exposed");
    assert_string_equal(ai->term_names[15], "flank_exposed");
    assert_string_equal(ai->term_names[16], "firepower");
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    assert_int_equal(f.n, 2 * 17 + 4 + 4 * 4);
    assert_int_equal(ai->unit_count(s), 4);
    assert_true(feat(&f, "u3_side") == 1.0);
    assert_true(feat(&f, "u3_cohesion") == 0.0);
    free(s);
}

/* a full table (FOGN_MAX_UNITS units): every unit has its worth, the last one too */
static void test_features_name_every_unit_of_a_full_table(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    for (int i = 0; i < FOGN_MAX_UNITS; i++) {
        int side = i % 2;
        fx_unit(s, side, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 2.5 + 2.4 * (i / 2), side ? 30 : 6,
                side ? -90 : 90);
    }
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    assert_int_equal(f.n, 2 * FOGN_TERMS + 4 + 4 * FOGN_MAX_UNITS);
    assert_string_equal(f.name[f.n - 1], "u47_spent");
    assert_true(feat(&f, "u47_side") == 1.0);
    assert_true(feat(&f, "u47_value") > 0);
    free(s);
}

static void test_s14_acv_attrition_and_break_share(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_acv") == 6);
    assert_true(feat(&f, "s1_acv") == 3);
    assert_true(feat(&f, "s0_attrition") == 0);
    assert_true(feat(&f, "s0_steady") == 6);
    assert_true(feat(&f, "s0_fresh_cavalry") == 1);
    /* u1 Broken: its whole value is attrition; 2 of the 3 points that break
     * an army of 6 (50%) */
    st.u[1].cohesion = FOGN_BROKEN;
    st.u[0].cohesion = FOGN_WAVERING;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_attrition") == 2);
    ASSERT_NEAR(feat(&f, "s0_attrition_to_break"), 2.0 / 3.0, 1e-12);
    assert_true(feat(&f, "s0_steady") == 2);
    assert_true(feat(&f, "s0_wavering") == 2);
    assert_true(feat(&f, "s0_broken") == 2);
    assert_true(feat(&f, "s0_disordered") == 0);
    assert_true(feat(&f, "s1_attrition") == 0);
    free(s);
}

static void test_s2_6_spent_cavalry_is_not_fresh(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[2].flags |= FOGN_UF_SPENT;
    st.u[2].bases_lost = 1;
    feats f;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_fresh_cavalry") == 0);
    assert_true(feat(&f, "u2_spent") == 1);
    /* §14: a small Spent cavalry unit counts half a point a lost base */
    ASSERT_NEAR(feat(&f, "s0_attrition"), 0.5, 1e-12);
    free(s);
}

/* one objective nobody owns yet, the scenario's only one */
static void one_objective(fogn_scenario *s, const char *name, double x, double y, double radius, int points)
{
    s->nobj = 1;
    snprintf(s->obj[0].name, sizeof s->obj[0].name, "%s", name);
    s->obj[0].x = x;
    s->obj[0].y = y;
    s->obj[0].radius = radius;
    s->obj[0].points = points;
    s->obj[0].owner = -1;
}

/* the fixture with one objective, and its first state */
static fogn_scenario *scn_objective(fogn_state *st, const char *name, double x, double y, double radius, int points)
{
    fogn_scenario *s = scn();
    one_objective(s, name, x, y, radius, points);
    fx_state(s, st, 0);
    return s;
}

/* objectives_held is what a side owns (taken at a Recovery Phase, counted at
 * a timed end: victory.c); contested and threatened read the table now */
static void test_objectives_held_and_contested(void **unused)
{
    (void)unused;
    /* 2 MU ahead of u0's front edge, within its 3 MU radius */
    fogn_state st;
    fogn_scenario *s = scn_objective(&st, "crossroads", 20, 12, 3, 4);
    feats f;
    read_features(s, &st, &f);
    /* standing on it is not owning it until a Recovery Phase says so */
    assert_true(feat(&f, "s0_objectives_held") == 0);
    assert_true(feat(&f, "s0_objectives_threatened") == 4);
    fogn_update_objectives(s, &st, NULL);
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_held") == 4);
    assert_true(feat(&f, "s1_objectives_held") == 0);
    assert_true(feat(&f, "s0_objectives_contested") == 0);
    /* what a side owns it does not threaten */
    assert_true(feat(&f, "s0_objectives_threatened") == 0);
    /* the enemy 1 MU beyond the objective: contested; side 0 still owns it,
     * and side 1 threatens it */
    st.u[3].y = 13;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_held") == 4);
    assert_true(feat(&f, "s0_objectives_contested") == 4);
    assert_true(feat(&f, "s1_objectives_threatened") == 4);
    /* the enemy 7 MU past the objective's edge: too far to threaten it */
    st.u[3].y = 12 + 3 + 7.5;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s1_objectives_threatened") == 0);
    /* 5 MU past the edge: within the 6 MU threat distance */
    st.u[3].y = 12 + 3 + 5;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s1_objectives_threatened") == 4);
    /* guarded by u0 (on it, in good order): not exposed */
    assert_true(feat(&f, "s0_objectives_exposed") == 0);
    free(s);
}

/* objectives_exposed: points of a side's own objectives with none of its
 * good-order units on them and an enemy good-order unit within the threat
 * distance of their edge, i.e. ones the enemy can walk into unopposed */
static void test_objectives_exposed(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = scn_objective(&st, "crossroads", 20, 12, 3, 4);
    fogn_update_objectives(s, &st, NULL);
    st.u[3].y = 12 + 3 + 5; /* the enemy 5 MU past the edge */
    feats f;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_held") == 4);
    assert_true(feat(&f, "s0_objectives_exposed") == 0);
    /* the garrison Wavering: it no longer holds, so the objective is open */
    st.u[0].cohesion = FOGN_WAVERING;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_exposed") == 4);
    /* the garrison gone elsewhere (steady again, 20 MU east): still open */
    st.u[0].cohesion = FOGN_STEADY;
    st.u[0].x = 40;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_held") == 4);
    assert_true(feat(&f, "s0_objectives_exposed") == 4);
    /* the enemy 7.5 MU past the edge: beyond the threat distance */
    st.u[3].y = 12 + 3 + 7.5;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_exposed") == 0);
    /* the enemy close again but Wavering: no threat either */
    st.u[3].y = 12 + 3 + 5;
    st.u[3].cohesion = FOGN_WAVERING;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_exposed") == 0);
    /* what side 1 does not own it cannot have exposed */
    assert_true(feat(&f, "s1_objectives_exposed") == 0);
    free(s);
}

/* flank_exposed: the share of both armies' value (9 here) that is the side's
 * and stands where an enemy able to charge has its front-edge centre behind
 * the line of the unit's front edge (§6.11), facing it, within its move */
static void test_s6_11_flank_exposed(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    /* u3 25 MU ahead of u0, facing it: a frontal threat at most */
    assert_true(feat(&f, "s0_flank_exposed") == 0);
    assert_true(feat(&f, "s1_flank_exposed") == 0);
    /* 2 MU ahead, within its move and facing u0: still a frontal charge */
    st.u[3].y = 12;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_flank_exposed") == 0);
    /* u3 2 MU behind u0's rear edge, facing up the table into its rear (u1
     * moved 25 MU east out of its way) */
    st.u[1].x = 51;
    gr_rect r0 = fogn_unit_rect(&s->units[0], &st.u[0]);
    double rear = 10 - r0.d;
    st.u[3].y = rear - 2;
    fogn_unit_set_heading(&st.u[3], GR_PI / 2);
    read_features(s, &st, &f);
    assert_float_equal(feat(&f, "s0_flank_exposed"), 2.0 / 9.0, 1e-12);
    /* u1 back beside u0: both stand within its move, behind both lines */
    st.u[1].x = 26;
    read_features(s, &st, &f);
    assert_float_equal(feat(&f, "s0_flank_exposed"), 4.0 / 9.0, 1e-12);
    st.u[1].x = 51;
    double most = fogn_allowance(s, &s->units[3], &st.u[3], FOGN_MC_OPEN);
    /* facing away: u0 is behind u3, no charge */
    fogn_unit_set_heading(&st.u[3], -GR_PI / 2);
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_flank_exposed") == 0);
    fogn_unit_set_heading(&st.u[3], GR_PI / 2);
    /* too far: one MU more than its open-ground move from u0's rear edge */
    st.u[3].y = rear - most - 1;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_flank_exposed") == 0);
    st.u[3].y = rear - 2;
    /* a Wavering enemy charges no one */
    st.u[3].cohesion = FOGN_WAVERING;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_flank_exposed") == 0);
    st.u[3].cohesion = FOGN_DISORDERED;
    read_features(s, &st, &f);
    assert_float_equal(feat(&f, "s0_flank_exposed"), 2.0 / 9.0, 1e-12);
    /* a square has no flank */
    st.u[0].formation = FOGN_F_SQUARE;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_flank_exposed") == 0);
    free(s);
}

/* firepower: each unit's dice at the band of its nearest enemy (§7.2: close
 * to 2 MU, medium to 6, long to 16; §7.4 dice; §7.5 the cohesion cut) times
 * the band's plain chance to hit (4+, 5+, 6), per point of both armies'
 * value (9 here) */
static void test_s7_firepower(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    /* 25 MU apart: beyond long range */
    assert_true(feat(&f, "s0_firepower") == 0 && feat(&f, "s1_firepower") == 0);
    /* u3 2 MU ahead of u0, facing it: u0 fires 4 dice at close range (small,
     * Tactical), u1 (2.25 MU to the side, 2 MU back: 3.0 MU) 3 at medium
     * (small Reformed, no skirmishers); the cavalry has no guns. u3 fires 6
     * at close range (large, Tactical) */
    st.u[3].y = 12;
    read_features(s, &st, &f);
    assert_float_equal(feat(&f, "s0_firepower"), (4 * 0.5 + 3 / 3.0) / 9.0, 1e-12);
    assert_float_equal(feat(&f, "s1_firepower"), 6 * 0.5 / 9.0, 1e-12);
    /* a March Column does not fire (§7.1) */
    st.u[0].formation = FOGN_F_COLUMN;
    read_features(s, &st, &f);
    assert_float_equal(feat(&f, "s0_firepower"), (3 / 3.0) / 9.0, 1e-12);
    st.u[0].formation = FOGN_F_TACTICAL;
    /* Disordered: the cohesion cut (§7.5) */
    st.u[3].cohesion = FOGN_DISORDERED;
    read_features(s, &st, &f);
    assert_float_equal(feat(&f, "s1_firepower"), fogn_cohesion_dice(6, 1) * 0.5 / 9.0, 1e-12);
    assert_true(fogn_cohesion_dice(6, 1) < 6);
    /* a Broken unit fires at no one and is no one's target */
    st.u[3].cohesion = FOGN_BROKEN;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_firepower") == 0 && feat(&f, "s1_firepower") == 0);
    free(s);
}

/* objectives_approach: points x (1 - distance from the objective's edge of the
 * side's nearest good-order unit / 24 MU), for objectives not the side's own */
static void test_objectives_approach_slope(void **unused)
{
    (void)unused;
    fogn_state st;
    fogn_scenario *s = scn_objective(&st, "mill", 20, 23, 2, 3);
    feats f;
    read_features(s, &st, &f);
    /* side 1's unit faces south with its front edge at y = 35: 12 MU from the
     * centre, 10 from the edge; side 0's nearest front edge at y = 10: 11 MU */
    assert_float_equal(feat(&f, "s1_objectives_approach"), 3.0 * (1.0 - 10.0 / 24.0), 1e-9);
    assert_float_equal(feat(&f, "s0_objectives_approach"), 3.0 * (1.0 - 11.0 / 24.0), 1e-9);
    /* a Wavering unit does not count: side 1 has no other */
    st.u[3].cohesion = FOGN_WAVERING;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s1_objectives_approach") == 0);
    /* once side 0 owns it, it is no longer a target for side 0 */
    st.obj_owner[0] = 0;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_objectives_approach") == 0);
    /* 24 MU or more from the edge counts nothing */
    st.obj_owner[0] = -1;
    st.u[3].cohesion = FOGN_STEADY;
    st.u[3].y = 23 + 2 + 24;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s1_objectives_approach") == 0);
    free(s);
}

/* §14 timed end, read without ending the game: moves_left counts the
 * player-moves still to begin (12 turns = 24), timed_score0 is side 0's score
 * were the game to end now; fogn_timed_outcome leaves the state alone */
static void test_s14_timed_outcome_and_moves_left(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    one_objective(s, "church", 50, 20, 2, 4);
    assert_int_equal(s->max_turns, 12);
    fogn_state st;
    fx_state(s, &st, 0);
    st.move = 20;
    feats f;
    read_features(s, &st, &f);
    assert_true(feat(&f, "moves_left") == 4);
    /* nothing inflicted either way: a draw */
    assert_true(feat(&f, "timed_score0") == 0.5);
    /* side 0 owns 4 points: 4 inflicted to 0, a marginal victory (margin 4);
     * one fresh cavalry unit to none is short of the bonus margin of 2 */
    st.obj_owner[0] = 0;
    int level = -1;
    assert_int_equal(fogn_timed_outcome(s, &st, &level), 0);
    assert_int_equal(level, FOGN_RESULT_MARGINAL);
    assert_int_equal(st.turn.over, 0);
    read_features(s, &st, &f);
    assert_true(feat(&f, "timed_score0") == 1.0);
    /* a 3-point objective is short of the 4-point margin: a draw */
    s->obj[0].points = 3;
    assert_int_equal(fogn_timed_outcome(s, &st, &level), -1);
    assert_int_equal(level, FOGN_RESULT_DRAW);
    /* side 0's two infantry units Broken: 4 attrition points inflicted by side 1, none by side 0 */
    st.u[0].cohesion = FOGN_BROKEN;
    st.u[1].cohesion = FOGN_BROKEN;
    st.obj_owner[0] = -1;
    assert_int_equal(fogn_timed_outcome(s, &st, &level), 1);
    read_features(s, &st, &f);
    assert_true(feat(&f, "timed_score0") == 0.0);
    /* the last move: none left to begin */
    st.move = 24;
    read_features(s, &st, &f);
    assert_true(feat(&f, "moves_left") == 0);
    free(s);
}

/* §14 timed count as a number (fogn_timed_lead, an evaluation input): side
 * 0's lead in attrition points inflicted plus objectives held; when the
 * fresh-cavalry bonus would lower the leader's result a level, the lead is
 * cut by the marginal margin (4), so it reads inside the draw band exactly
 * when the bonus turns a marginal victory into a draw */
static void test_s14_timed_lead(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    one_objective(s, "church", 50, 20, 2, 4);
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    assert_true(feat(&f, "timed_lead0") == 0);
    assert_true(feat(&f, "timed_band") == FOGN_MARGINAL_MARGIN);
    /* side 0 owns 4 points; it has one fresh cavalry unit more: no cut */
    st.obj_owner[0] = 0;
    assert_true(fogn_timed_lead(s, &st) == 4.0);
    /* side 0's two infantry Broken (2 + 2 inflicted by side 1): level, 0 */
    st.u[0].cohesion = FOGN_BROKEN;
    st.u[1].cohesion = FOGN_BROKEN;
    assert_true(fogn_timed_lead(s, &st) == 0.0);
    /* the objective side 1's: side 1 leads by 8 inflicted to 0 */
    st.obj_owner[0] = 1;
    read_features(s, &st, &f);
    assert_true(feat(&f, "timed_lead0") == -8.0);
    /* a Spent small cavalry unit with 1 base lost counts half a point */
    st.obj_owner[0] = -1;
    st.u[2].flags |= FOGN_UF_SPENT;
    st.u[2].bases_lost = 1;
    assert_true(fogn_timed_lead(s, &st) == -4.5);
    free(s);

    /* two fresh cavalry units on side 0, none on side 1: side 1's lead of 4
     * is a marginal victory the bonus lowers to a draw, so it reads 4 less */
    s = scn();
    fx_unit(s, 0, FOGN_CAV_HEAVY, FOGN_SMALL, FOGN_F_LINE, 42, 10, 90);
    fx_state(s, &st, 0);
    st.u[0].cohesion = FOGN_BROKEN;
    st.u[1].cohesion = FOGN_BROKEN;
    int level = -1;
    assert_int_equal(fogn_timed_outcome(s, &st, &level), -1);
    assert_int_equal(level, FOGN_RESULT_DRAW);
    assert_true(fogn_timed_lead(s, &st) == 0.0);
    /* a third Broken unit of side 0 (the first cavalry): 6 inflicted, and
     * side 0 is down to one fresh cavalry unit, short of the bonus margin */
    st.u[2].cohesion = FOGN_BROKEN;
    assert_int_equal(fogn_timed_outcome(s, &st, &level), 1);
    assert_true(fogn_timed_lead(s, &st) == -6.0);
    free(s);
}

static void test_s13_loc_threat_and_occupation(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    s->has_loc[0] = 1;
    s->loc[0] = gr_v2(10, 1.125); /* the 1.5 BW marker spans x 8.875-11.125, y 0-2.25 */
    fogn_state st;
    fx_state(s, &st, 0);
    feats f;
    read_features(s, &st, &f);
    /* the enemy's footprint spans x 17.75-22.25 (3 bases), y 35-37.25 */
    ASSERT_NEAR(feat(&f, "s0_loc_threat"), hypot(17.75 - 11.125, 35 - 2.25), 1e-9);
    assert_true(feat(&f, "s0_loc_occupied") == 0);
    /* side 1 has no marker: no threat to measure */
    assert_true(feat(&f, "s1_loc_threat") == -1);
    /* the enemy standing on the marker occupies it */
    st.u[3].x = 10;
    st.u[3].y = 2.25;
    read_features(s, &st, &f);
    assert_true(feat(&f, "s0_loc_occupied") == 1);
    ASSERT_NEAR(feat(&f, "s0_loc_threat"), 0, 1e-9);
    free(s);
}

static void test_destroyed_unit_reads_as_gone(void **unused)
{
    (void)unused;
    fogn_scenario *s = scn();
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[3].flags |= FOGN_UF_DESTROYED;
    feats f;
    read_features(s, &st, &f);
    assert_true(feat(&f, "u3_side") == 1);
    assert_true(feat(&f, "u3_value") == 3);
    assert_true(feat(&f, "u3_cohesion") == 4);
    assert_true(feat(&f, "u0_cohesion") == FOGN_STEADY);
    assert_true(feat(&f, "s1_attrition") == 3);
    ASSERT_NEAR(feat(&f, "s1_attrition_to_break"), 2.0, 1e-12);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features_names_and_count),
        cmocka_unit_test(test_features_name_every_unit_of_a_full_table),
        cmocka_unit_test(test_s14_acv_attrition_and_break_share),
        cmocka_unit_test(test_s2_6_spent_cavalry_is_not_fresh),
        cmocka_unit_test(test_objectives_held_and_contested),
        cmocka_unit_test(test_objectives_exposed),
        cmocka_unit_test(test_s6_11_flank_exposed),
        cmocka_unit_test(test_s7_firepower),
        cmocka_unit_test(test_objectives_approach_slope),
        cmocka_unit_test(test_s14_timed_outcome_and_moves_left),
        cmocka_unit_test(test_s14_timed_lead),
        cmocka_unit_test(test_s13_loc_threat_and_occupation),
        cmocka_unit_test(test_destroyed_unit_reads_as_gone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
