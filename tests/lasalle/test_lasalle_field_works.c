/* test_lasalle_field_works.c - Fortification's field works [H Engineering,
 * p.78]: an engineer deployed before a unit ("eN fortification uM") within
 * the commander's range and not near the enemy; on a passed engineering
 * test up to 6 BW of works along the unit's front edge, in 1-BW pieces on
 * open ground only, joined end to end from the engineer outwards; the works
 * then stand for the rest of the game as an obstacle with soft cover; a
 * failed test leaves the engineer working; enemy infantry touching it
 * eliminates it; the set-up refuses field works (ruling R-202). */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/engineer_task.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/ground.h"
#include "../../engine/lasalle/rules/works.h"

#define ENG_ON ", \"options\": {\"engineering\": true}"
/* a wood whose west edge stands at x = 18.5, just north of the French line's front (y = 6) */
#define WOOD(x0, x1)                                                                                               \
    ", \"terrain\": [{\"name\": \"Holz\", \"type\": \"woods\", \"points\": [[" #x0 ", 6.05], [" #x1 ", 6.05], [" #x1 \
    ", 9], [" #x0 ", 9]]}]"
#define FR_UNITS "[" LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90) "]"

static void load(ls_fix *f, const char *terrain)
{
    char extra[1024];
    snprintf(extra, sizeof extra, "%s%s", terrain, ENG_ON);
    ls_load(f, 0, FR_UNITS, "[" LS_FAR "]", extra);
}

/* [H, p.78]: deployed before the unit, the engineer stands just ahead of the middle of its front edge; a pass lays
 * the open pieces: five of the six, the sixth running into the wood; the unit then stands behind them */
static void test_field_works_laid(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, WOOD(18.5, 22));
    ls_to_engineering(&f);
    assert_true(ls_offers(&f, "e0 fortification u0"));
    ls_do(&f, "e0 fortification u0");
    LS_ASSERT_LOGGED(&f, "go to work at field works before 1/45e Ligne");
    assert_int_equal(f.st.eng[0].task, LASALLE_TASK_FIELD_WORKS);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    gr_vec2 at = lasalle_engineer_at(f.s, &f.st, 0);
    LS_ASSERT_NEAR(at.x, 16);
    LS_ASSERT_NEAR(at.y, 6.25);
    ls_dice(&f, 1, 4);
    ls_engineering_segment(&f);
    LS_ASSERT_LOGGED(&f, "engineering test 1 of 1, field works (4+)");
    LS_ASSERT_LOGGED(&f, "lay 5 BW of field works from (13.0, 6.0) to (18.0, 6.0): an obstacle with soft cover (H, "
                         "p.78)");
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_DONE);
    assert_int_equal(f.st.nworks, 1);
    assert_int_equal(f.st.works[0].kind, LASALLE_WORK_FIELD);
    LS_ASSERT_NEAR(f.st.works[0].ax, 13);
    LS_ASSERT_NEAR(f.st.works[0].bx, 18);
    LS_ASSERT_NEAR(f.st.works[0].ay, 6);
    LS_ASSERT_NEAR(f.st.works[0].by, 6);
    /* the unit behind them holds them and has their soft cover against what comes from the north */
    assert_true(lasalle_holds_works(f.s, &f.st, 0));
    gr_rect h = lasalle_hull(f.s, &f.st, 0), b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(f.s, &f.st, 0, b);
    gr_rect ahead = lasalle_hull_at(&f.s->units[1], LASALLE_LINE, 16, 12, 270 * GR_PI / 180);
    assert_int_equal(lasalle_cover_against_st(f.s, &f.st, &h, b, nb, &ahead), LASALLE_COVER_SOFT);
    ls_free(&f);
}

/* [H, p.78]: open terrain only: with a wood right before the unit no works can stand there */
static void test_not_open(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, WOOD(14, 18));
    ls_to_engineering(&f);
    assert_false(ls_offers(&f, "e0 fortification u0"));
    ls_refused(&f, "e0 fortification u0", "field works are built in open ground, and the ground before this unit is "
                                          "not open (H, p.78)");
    ls_refused(&f, "e0 fortification u1", "field works are built before a unit of the engineer's side");
    ls_free(&f);
}

/* [H, p.78]: a failed test leaves the engineer at work; the next pass lays the works */
static void test_failed_then_laid(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, "");
    ls_to_engineering(&f);
    ls_do(&f, "e0 fortification u0");
    ls_dice(&f, 1, 3);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.nworks, 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    ls_dice(&f, 1, 6);
    ls_engineering_segment(&f);
    LS_ASSERT_LOGGED(&f, "lay 6 BW of field works from (13.0, 6.0) to (19.0, 6.0)");
    assert_int_equal(f.st.nworks, 1);
    ls_free(&f);
}

/* [H Engineers Eliminated, p.79]: enemy infantry touching the engineer at its works eliminates it before its
 * test */
static void test_overrun(void **state)
{
    (void)state;
    ls_fix f;
    load(&f, "");
    ls_to_engineering(&f);
    ls_do(&f, "e0 fortification u0");
    ls_place(&f, 1, 16, 6.5, 270, LASALLE_LINE); /* IR 7's front edge on the marker's (16, 6 to 6.5) */
    ls_dice(&f, 0);
    ls_engineering_segment(&f);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_LOST);
    assert_int_equal(f.st.nworks, 0);
    LS_ASSERT_LOGGED(&f, "at the site of their field works are reached by the enemy and eliminated (H, p.79)");
    ls_free(&f);
}

/* ruling R-202: field works are not set up by the scenario */
static void test_not_set_up(void **state)
{
    (void)state;
    ls_fix f;
    char *t = ls_text_french(", \"engineers\": [{\"task\": \"field works\"}]", FR_UNITS, "[" LS_FAR "]", ENG_ON);
    if (!ls_try_load(&f, t)) fail_msg("a set-up field works engineer was accepted");
    LS_ASSERT_HAS(f.err.msg, "field works (H, p.78) are built in play ('eN fortification uM')");
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field_works_laid),
        cmocka_unit_test(test_not_open),
        cmocka_unit_test(test_failed_then_laid),
        cmocka_unit_test(test_overrun),
        cmocka_unit_test(test_not_set_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
