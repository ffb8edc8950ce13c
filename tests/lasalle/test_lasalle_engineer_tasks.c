/* test_lasalle_engineer_tasks.c - the engineering tasks that change the
 * table [H Engineering, p.78-79]: Demolition (an engineer deployed at the
 * end of a bridge within the commander's range; its test in the side's
 * Engineering segment; a wooden bridge's re-roll; the blown bridge carrying
 * nobody across the water; all its engineers removed), the Fortification
 * of a soft-cover town base (hard cover once the test passes),
 * Bridging (a pontoon from a bank site, one 1 BW section a turn, usable
 * once it spans the water), engineers eliminated by enemy infantry or
 * cavalry touching them, the notation and the refusals. */
#include "lasalle_fixture.h"

#include "../../ai/player.h"
#include "../../engine/core/play.h"

#include "../../engine/lasalle/rules/engineer.h"
#include "../../engine/lasalle/rules/engineer_bridge.h"
#include "../../engine/lasalle/rules/engineer_task.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/ground.h"

#define ENG_ON ", \"options\": {\"engineering\": true}"
/* t0 a river along y = 11, t1 a bridge across it at x = 16 (its south end 8 BW from the French commander at
 * 16 1), t2 a soft town base, t3 a hard one, t4 a bridge beyond the commander's 10 BW */
#define TERRAIN(bridge)                                                                                            \
    ", \"terrain\": [{\"name\": \"Isar\", \"type\": \"river\", \"width\": 2, \"points\": [[0, 11], [32, 11]]}, " \
    "{\"name\": \"" bridge "\", \"type\": \"bridge\", \"width\": 2, \"points\": [[16, 9], [16, 13]]}, "          \
    "{\"name\": \"Dorf\", \"type\": \"town\", \"cover\": \"soft\", \"points\": [[9, 3], [12, 3], [12, 6], [9, 6]]}, " \
    "{\"name\": \"Kirche\", \"type\": \"town\", \"cover\": \"hard\", \"points\": [[20, 3], [23, 3], [23, 6], [20, 6]]}, " \
    "{\"name\": \"Far bridge\", \"type\": \"bridge\", \"width\": 2, \"points\": [[30, 9], [30, 13]]}]"
#define FR_UNITS "[" LS_INF("1/45e Ligne", "small", "experienced", "column", 4, 7, 90) "]"
/* the Austrians: u1 far away, u2 cavalry far away */
#define AU_UNITS "[" LS_FAR ", " LS_CAV("Chevaulegers", "small", "experienced", "waves", 4, 22, 270) "]"

static void load(ls_fix *f, const char *bridge_terrain)
{
    char extra[2048];
    snprintf(extra, sizeof extra, "%s%s", bridge_terrain, ENG_ON);
    ls_load(f, 0, FR_UNITS, AU_UNITS, extra);
}

/* [H Demolition, p.79; deploying, p.78]: the engine offers each bridge whose end is within the commander's range
 * and not near the enemy; the engineer stands at the end nearer the commander */
static void test_demolition_deployed(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    assert_true(ls_offers(&f, "e0 demolition t1"));
    assert_false(ls_offers(&f, "e0 demolition t4"));
    assert_true(ls_offers(&f, "e0 fortification t2"));
    assert_false(ls_offers(&f, "e0 fortification t3"));
    ls_refused(&f, "e0 demolition t4", "within the commander's range (H, p.78)");
    ls_refused(&f, "e0 demolition t0", "Demolition needs a bridge (H, p.79)");
    ls_refused(&f, "e0 fortification t3", "this one is hard cover already (H, p.78)");
    ls_refused(&f, "e0 bridging t1 b0", "Bridging starts at the bank of a stream or river (H, p.78)");
    ls_refused(&f, "e0 demolition", "'e0 demolition tK'");
    ls_do(&f, "e0 demolition t1");
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    assert_int_equal(f.st.eng[0].task, LASALLE_TASK_DEMOLITION);
    assert_int_equal(f.st.eng[0].piece, 1);
    assert_int_equal(f.st.eng[0].spot, 0); /* the south end, (16, 9) */
    assert_int_equal(f.st.eng[0].unit, -1);
    gr_vec2 at = lasalle_engineer_at(f.s, &f.st, 0);
    assert_true(fabs(at.x - 16) < 1e-9 && fabs(at.y - 9) < 1e-9);
    LS_ASSERT_LOGGED(&f, "go to work at Isarbruecke (demolition)");
    assert_int_equal(f.st.blown, 0); /* no test in the segment it was deployed in [H, p.78] */
    ls_free(&f);
}

/* [H, p.78-79]: a stone bridge: one die, 4+, no re-roll; passed, the bridge is blown and its engineers removed */
static void test_demolition_stone_bridge(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 demolition t1");
    ls_dice(&f, 1, 3);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.blown, 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    ls_dice(&f, 1, 4);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.blown, 1u << 1);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_DONE);
    LS_ASSERT_LOGGED(&f, "Isarbruecke is demolished: it carries nobody across the water (H, p.79)");
    json_t *j = json_object();
    lasalle_table_changes_json(f.s, &f.st, j);
    assert_string_equal(json_string_value(json_array_get(json_object_get(j, "demolished"), 0)), "t1");
    assert_null(json_object_get(j, "fortified"));
    json_decref(j);
    ls_free(&f);
}

/* [H, p.79]: at a wooden bridge each engineer may re-roll a failed test */
static void test_demolition_wooden_reroll(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("wooden bridge"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 demolition t1");
    ls_dice(&f, 2, 2, 5);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.blown, 1u << 1);
    LS_ASSERT_LOGGED(&f, "re-rolled (wooden bridge, 4+)");
    ls_free(&f);
}

/* ruling R-162: the bridge is not blown under a unit standing on it; the engineers wait */
static void test_demolition_waits_for_the_bridge_to_clear(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 demolition t1");
    ls_place(&f, 0, 16, 12, 90, LASALLE_COLUMN);
    ls_dice(&f, 0);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.blown, 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    LS_ASSERT_LOGGED(&f, "Isarbruecke is not demolished while a unit stands on it (H, p.79)");
    ls_free(&f);
}

/* [H, p.79; B Terrain, p.21]: the blown bridge carries nobody: the river is impassable where it stood, for the
 * table as the state has it; the scenario's own terrain is unchanged */
static void test_blown_bridge_carries_nobody(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    gr_rect on = gr_rect_make((gr_vec2){16, 12}, GR_PI / 2, 1.0, 1.0);
    assert_false(lasalle_meets_st(f.s, &f.st, &on, NULL) & LASALLE_MEETS_IMPASSABLE);
    f.st.blown = 1u << 1;
    assert_true(lasalle_meets_st(f.s, &f.st, &on, NULL) & LASALLE_MEETS_IMPASSABLE);
    assert_false(lasalle_meets(f.s, &on, NULL) & LASALLE_MEETS_IMPASSABLE);
    f.st.blown = 0;
    /* a column marching across: over the bridge, then not once it is blown */
    ls_place(&f, 0, 16, 8.5, 90, LASALLE_COLUMN);
    ls_to_activity(&f);
    lasalle_state before = f.st;
    ls_do(&f, "u0 move 4");
    assert_true(f.st.u[0].y > 12);
    f.st = before;
    f.st.blown = 1u << 1;
    ls_refused(&f, "u0 move 4", "Isar");
    ls_free(&f);
}

/* [H Fortification, p.78]: a soft-cover town base becomes hard cover on a passed test; the engineer is removed */
static void test_fortified_town_base(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 fortification t2");
    gr_vec2 at = lasalle_engineer_at(f.s, &f.st, 0);
    assert_true(fabs(at.x - 10.5) < 1e-9 && fabs(at.y - 4.5) < 1e-9);
    ls_dice(&f, 1, 6);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.hardened, 1u << 2);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_DONE);
    LS_ASSERT_LOGGED(&f, "Dorf is fortified: the town base gives hard cover (H, p.78)");
    /* a base inside the town, shot at from the south */
    gr_rect in = gr_rect_make((gr_vec2){10.5, 5}, GR_PI / 2, 2.0, 1.0);
    gr_rect from = gr_rect_make((gr_vec2){10.5, 1}, GR_PI / 2, 2.0, 1.0);
    assert_int_equal(lasalle_cover_against_st(f.s, &f.st, &in, &in, 1, &from), LASALLE_COVER_HARD);
    assert_int_equal(lasalle_cover_against(f.s, &in, &in, 1, &from), LASALLE_COVER_SOFT);
    f.st.hardened = 0;
    assert_int_equal(lasalle_cover_against_st(f.s, &f.st, &in, &in, 1, &from), LASALLE_COVER_SOFT);
    ls_free(&f);
}

/* [H, p.78]: one test for all the engineers on a task; a failure leaves them working */
static void test_fortification_fails(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 fortification t2");
    ls_dice(&f, 1, 1);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.hardened, 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    LS_ASSERT_LOGGED(&f, "engineering test 1 of 1, fortification Dorf (4+)");
    ls_free(&f);
}

/* [H Engineers Eliminated, p.79]: enemy cavalry touching the engineer eliminates it, before its test */
static void test_engineer_overrun(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 demolition t1");
    /* the Chevaulegers' front edge on the engineer's marker (16, 9 to 9.5) */
    ls_place(&f, 2, 16, 9.5, 270, LASALLE_WAVES);
    ls_dice(&f, 0);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_LOST);
    assert_int_equal(f.st.blown, 0);
    LS_ASSERT_LOGGED(&f, "at Isarbruecke are reached by the enemy and eliminated (H, p.79)");
    ls_free(&f);
}

/* [H Engineers Eliminated, p.79]: enemy cavalry moving through the engineer eliminates it, though it ends clear
 * of it; a friendly unit moving through does not */
static void test_engineer_moved_through(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    ls_do(&f, "e0 demolition t1"); /* the marker: 15.75..16.25 x 9..9.5 */
    ls_place(&f, 0, 14, 9.25, 0, LASALLE_COLUMN);
    lasalle_unit before = f.st.u[0];
    ls_place(&f, 0, 20, 9.25, 0, LASALLE_COLUMN);
    assert_int_equal(lasalle_engineers_swept(f.s, &f.st, 0, &before, NULL), 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    ls_place(&f, 2, 14, 9.25, 0, LASALLE_WAVES);
    before = f.st.u[2];
    ls_place(&f, 2, 20, 9.25, 0, LASALLE_WAVES);
    gr_ctx cx = {&f.dice, &f.log, NULL, 0};
    assert_int_equal(lasalle_engineers_swept(f.s, &f.st, 2, &before, &cx), 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_LOST);
    LS_ASSERT_LOGGED(&f, "Chevaulegers reaches engineers of the French at Isarbruecke: they are eliminated (H, p.79)");
    ls_free(&f);
}

/* [H Engineers Eliminated, p.79; ruling R-164]: a fall-back is a move too: the French line, charged from the
 * bridge, falls back 2 BW over the Austrian engineers at the bridge's north end and ends clear of them; they
 * are eliminated at once */
static void test_engineer_fallen_back_through(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    /* Austrian e1 at Demolition of the bridge from its north end: the marker 15.75..16.25 x 13..13.5 */
    f.st.eng[1].status = LASALLE_EN_WORKING;
    f.st.eng[1].task = LASALLE_TASK_DEMOLITION;
    f.st.eng[1].piece = 1;
    f.st.eng[1].spot = 1;
    ls_place(&f, 0, 16, 12.2, 270, LASALLE_LINE);     /* 1/45e Ligne on the north bank, facing the bridge */
    ls_place(&f, 1, 16, 12.2, 90, LASALLE_COLUMN);    /* IR 7 on the bridge, its front on the line's */
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    ls_dice(&f, 1, 4);
    ls_do(&f, "u0 fallback");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne falls back 2 BW");
    LS_ASSERT_NEAR(f.st.u[0].y, 14.2);
    assert_int_equal(f.st.eng[1].status, LASALLE_EN_LOST);
    LS_ASSERT_LOGGED(&f, "1/45e Ligne reaches engineers of the Austrians at Isarbruecke: they are eliminated (H, p.79)");
    ls_free(&f);
}

/* [H, p.78]: an engineer is not deployed near the enemy: no enemy unit within 4 BW of where it would stand */
static void test_not_near_the_enemy(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_place(&f, 1, 16, 13.2, 270, LASALLE_LINE); /* 3.7 BW from the bridge's south end */
    ls_to_engineering(&f);
    assert_false(ls_offers(&f, "e0 demolition t1"));
    ls_refused(&f, "e0 demolition t1", "not deployed near the enemy, within 4 BW (H, p.78)");
    ls_free(&f);
}

/* the scenario with two French engineer bases (e0, e1; the Austrians' is e2) */
static void load_two(ls_fix *f)
{
    char *t = ls_text(0, FR_UNITS, AU_UNITS, TERRAIN("Isarbruecke") ENG_ON);
    const char *key = "\"name\": \"French\"", *two = ", \"engineers\": [{\"task\": \"reserve\"}, {}]";
    char *at = strstr(t, key);
    assert_non_null(at);
    size_t cut = (size_t)(at - t) + strlen(key);
    char *u = malloc(strlen(t) + strlen(two) + 1);
    memcpy(u, t, cut);
    strcpy(u + cut, two);
    strcat(u, t + cut);
    if (ls_try_load(f, u)) fail_msg("refused: %s", f->err.msg);
    free(u);
    free(t);
}

/* [H Bridging, p.78-79]: an engineer at a bank site; each passed test places one 1 BW section, the 2 BW river
 * needs two; the finished pontoon carries units across where the river was impassable, its engineers removed */
static void test_bridging_spans_the_river(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Isarbruecke"));
    ls_to_engineering(&f);
    assert_int_equal(lasalle_bank_sites(f.s, 0), 16); /* at x = 1, 3, .. 31 */
    assert_true(ls_offers(&f, "e0 bridging t0 b6"));   /* x = 13: the near bank (13, 10) is 9.5 BW away */
    assert_false(ls_offers(&f, "e0 bridging t0 b5"));  /* x = 11: 10.3 BW, beyond the commander's range */
    ls_refused(&f, "e0 bridging t0 b5", "within the commander's range (H, p.78)");
    ls_refused(&f, "e0 bridging t2 b0", "Bridging starts at the bank of a stream or river (H, p.78)");
    ls_refused(&f, "e0 bridging t0", "'e0 bridging tK bS'");
    ls_do(&f, "e0 bridging t0 b6");
    assert_int_equal(f.st.eng[0].task, LASALLE_TASK_BRIDGING);
    assert_int_equal(f.st.eng[0].spot, 6);
    assert_int_equal(f.st.eng[0].bank, 1);
    gr_vec2 at = lasalle_engineer_at(f.s, &f.st, 0);
    assert_true(fabs(at.x - 13) < 1e-9 && fabs(at.y - 10) < 1e-9);
    gr_rect across = gr_rect_make((gr_vec2){13, 11.5}, GR_PI / 2, 0.8, 1.0);
    assert_true(lasalle_meets_st(f.s, &f.st, &across, NULL) & LASALLE_MEETS_IMPASSABLE);
    ls_dice(&f, 1, 4);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.eng[0].sections, 1);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    assert_int_equal(f.st.spans, 0);
    LS_ASSERT_LOGGED(&f, "a pontoon section is placed across Isar (1 of 2) (H, p.79)");
    /* not usable until it spans the river */
    assert_true(lasalle_meets_st(f.s, &f.st, &across, NULL) & LASALLE_MEETS_IMPASSABLE);
    ls_dice(&f, 1, 3);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.eng[0].sections, 1);
    ls_dice(&f, 1, 6);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.eng[0].sections, 2);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_DONE);
    assert_int_equal(f.st.spans, 1);
    LS_ASSERT_LOGGED(&f, "the pontoon bridge spans Isar and may be used; its engineers are removed (H, p.79)");
    assert_false(lasalle_meets_st(f.s, &f.st, &across, NULL) & LASALLE_MEETS_IMPASSABLE);
    assert_true(lasalle_meets(f.s, &across, NULL) & LASALLE_MEETS_IMPASSABLE);
    gr_rect beside = gr_rect_make((gr_vec2){19, 11.5}, GR_PI / 2, 0.8, 1.0);
    assert_true(lasalle_meets_st(f.s, &f.st, &beside, NULL) & LASALLE_MEETS_IMPASSABLE);
    /* drawn on the map: 1 BW wide from the near bank (13, 10) to the far one (13, 12) */
    gr_render_item items[4];
    assert_int_equal(lasalle_engineer_markers(f.s, &f.st, items, 4), 1);
    assert_string_equal(items[0].label, "pontoon bridge");
    assert_true(fabs(items[0].base[0][0] - 13) < 1e-9 && fabs(items[0].base[0][1] - 12) < 1e-9);
    assert_true(fabs(items[0].base[0][3] - 1) < 1e-9 && fabs(items[0].base[0][4] - 2) < 1e-9);
    ls_free(&f);
}

/* [H, p.78-79]: two engineers at one pontoon test together, and no more than one section is placed a turn */
static void test_bridging_one_section_a_turn(void **state)
{
    (void)state;
    ls_fix f;
    load_two(&f);
    ls_to_engineering(&f);
    ls_do(&f, "e0 bridging t0 b6");
    assert_int_equal(f.st.turn.cursor, 1);
    ls_do(&f, "e1 bridging t0 b6");
    ls_dice(&f, 2, 5, 6);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.eng[0].sections, 1);
    assert_int_equal(f.st.eng[1].sections, 1);
    LS_ASSERT_LOGGED(&f, "engineering test 2 of 2, bridging Isar (4+)");
    ls_free(&f);
}

/* [H Demolition, p.79]: a finished pontoon is a wooden bridge an engineer may blow, from the bank site it spans
 * from ("eN demolition tK bS"), with the wooden bridge's re-roll; once blown the river is impassable there
 * again; no pontoon, no demolition */
static void test_pontoon_demolished(void **state)
{
    (void)state;
    ls_fix f;
    load_two(&f);
    ls_to_engineering(&f);
    ls_do(&f, "e0 bridging t0 b6");
    ls_do(&f, "done"); /* e1 stays in reserve */
    ls_dice(&f, 1, 4);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.turn.step, LASALLE_ST_ENGINEER);
    assert_int_equal(f.st.turn.cursor, 1);
    assert_false(ls_offers(&f, "e1 demolition t0 b6")); /* one section of two: no bridge yet */
    ls_refused(&f, "e1 demolition t0 b6", "Demolition needs a bridge (H, p.79)");
    ls_do(&f, "done");
    ls_dice(&f, 1, 6);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.spans, 1);
    gr_rect across = gr_rect_make((gr_vec2){13, 11.5}, GR_PI / 2, 0.8, 1.0);
    assert_false(lasalle_meets_st(f.s, &f.st, &across, NULL) & LASALLE_MEETS_IMPASSABLE);
    assert_int_equal(f.st.turn.cursor, 1);
    assert_true(ls_offers(&f, "e1 demolition t0 b6"));
    assert_false(ls_offers(&f, "e1 demolition t0 b7"));
    ls_refused(&f, "e1 demolition t0", "blown from the bank site it spans from: 'eN demolition tK bS'");
    ls_refused(&f, "e1 demolition t0 b7", "no finished pontoon spans the water from that bank site (H, p.79)");
    ls_do(&f, "e1 demolition t0 b6");
    assert_int_equal(f.st.eng[1].task, LASALLE_TASK_DEMOLITION);
    assert_int_equal(f.st.eng[1].spot, 6);
    assert_int_equal(f.st.eng[1].bank, 1);
    gr_vec2 at = lasalle_engineer_at(f.s, &f.st, 1);
    assert_true(fabs(at.x - 13) < 1e-9 && fabs(at.y - 10) < 1e-9); /* at its near end */
    /* a failed test re-rolled as at a wooden bridge: 2, then 5 */
    ls_dice(&f, 2, 2, 5);
    ls_engineering_segment(&f);
    LS_ASSERT_LOGGED(&f, "the pontoon bridge across Isar is demolished: it carries nobody across the water (H, p.79)");
    assert_int_equal(f.st.spans, 0);
    assert_int_equal(f.st.eng[1].status, LASALLE_EN_DONE);
    assert_true(lasalle_meets_st(f.s, &f.st, &across, NULL) & LASALLE_MEETS_IMPASSABLE);
    ls_free(&f);
}

/* a unit standing on a finished pontoon is on a bridge, not in the water: no Bad Terrain for the water in
 * combat [E, p.56], and open ground to the rules that ask (H, p.79; R-163) */
static void test_on_pontoon_not_in_water(void **state)
{
    (void)state;
    ls_fix f;
    /* a fordable 1 BW stream along y = 11: one section spans it */
    load(&f, ", \"terrain\": [{\"name\": \"Bach\", \"type\": \"stream\", \"width\": 1, \"points\": [[0, 11], "
             "[32, 11]]}]");
    ls_to_engineering(&f);
    ls_do(&f, "e0 bridging t0 b6");
    ls_dice(&f, 1, 4);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.spans, 1);
    ls_place(&f, 0, 13, 12, 90, LASALLE_MARCH); /* 1/45e in March across the pontoon, x 12.5-13.5 */
    gr_rect b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(f.s, &f.st, 0, b);
    assert_true(lasalle_in_water(f.s, NULL, b, nb)); /* the scenario's river alone */
    assert_false(lasalle_in_water(f.s, &f.st, b, nb));
    assert_false(lasalle_in_open(f.s, NULL, b, nb));
    ls_free(&f);
}

/* ruling R-161: a bridge is wooden when its name says wooden or pontoon */
static void test_wooden_by_name(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, TERRAIN("Wooden Bridge"));
    assert_true(lasalle_bridge_wooden(f.s, 1));
    assert_false(lasalle_bridge_wooden(f.s, 4));
    ls_free(&f);
}

/* whole random games on the river, invariants checked after every action: the engineers blow the bridge,
 * fortify the town base or bridge the river in some of them */
static void test_random_games(void **state)
{
    (void)state;
    ls_fix f;
    load_two(&f);
    int changed = 0;
    for (unsigned long long seed = 1; seed <= 12; seed++) {
        gr_error err;
        gr_error_clear(&err);
        gr_player *p0 = gr_player_create("random", &f.g, seed, &err);
        gr_player *p1 = gr_player_create("random", &f.g, seed + 1, &err);
        if (!p0 || !p1) fail_msg("%s", err.msg);
        const gr_chooser c[2] = {gr_player_chooser(p0), gr_player_chooser(p1)};
        gr_record rec;
        gr_log log;
        gr_log_init(&log);
        gr_record_init(&rec, &f.g, seed);
        f.g.rs->rules->init(f.g.scn, &f.st);
        gr_play_opts o = {.seed = seed, .check_invariants = 1};
        if (gr_play(&f.g, &f.st, c, &rec, &log, &o, &err) < 0) fail_msg("seed %llu: %s", seed, err.msg);
        assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), GR_TERMINAL);
        changed += f.st.blown || f.st.hardened || f.st.spans;
        gr_log_free(&log);
        gr_record_free(&rec);
        gr_player_free(p0);
        gr_player_free(p1);
    }
    assert_true(changed > 0);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_demolition_deployed),
        cmocka_unit_test(test_demolition_stone_bridge),
        cmocka_unit_test(test_demolition_wooden_reroll),
        cmocka_unit_test(test_demolition_waits_for_the_bridge_to_clear),
        cmocka_unit_test(test_blown_bridge_carries_nobody),
        cmocka_unit_test(test_fortified_town_base),
        cmocka_unit_test(test_fortification_fails),
        cmocka_unit_test(test_engineer_overrun),
        cmocka_unit_test(test_engineer_moved_through),
        cmocka_unit_test(test_engineer_fallen_back_through),
        cmocka_unit_test(test_not_near_the_enemy),
        cmocka_unit_test(test_wooden_by_name),
        cmocka_unit_test(test_bridging_spans_the_river),
        cmocka_unit_test(test_bridging_one_section_a_turn),
        cmocka_unit_test(test_pontoon_demolished),
        cmocka_unit_test(test_on_pontoon_not_in_water),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
