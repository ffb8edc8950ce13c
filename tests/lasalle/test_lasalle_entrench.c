/* test_lasalle_entrench.c - Entrenchments [H, p.75]: digging in as the
 * Activity Phase opens (a discipline test, +1 for each earlier failure,
 * the count lost by moving), the trench as works on the table for the rest
 * of the game (soft cover across it, crossed only by the crossing move,
 * serving whichever unit stands behind it), units starting behind works;
 * and Home Field Advantage [H, p.76] in the
 * scenario file (the defender only; the short-edge setup's zones; the
 * attacker's reserves in play from the first turn). */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/combat.h"
#include "../../engine/lasalle/rules/entrench.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/ground.h"
#include "../../engine/lasalle/rules/works.h"

#define DIG ", \"rules\": [\"entrenchments\"]"


static void load_rules(ls_fix *f, const char *french_extra, const char *french, const char *austrians,
                       const char *root_extra)
{
    char *t = ls_text_french(french_extra, french, austrians, root_extra);
    if (ls_try_load(f, t)) fail_msg("refused: %s", f->err.msg);
    free(t);
}

static void refused_rules(const char *french_extra, const char *french, const char *root_extra, const char *why)
{
    ls_fix f;
    char *t = ls_text_french(french_extra, french, "[" LS_FAR "]", root_extra);
    if (!ls_try_load(&f, t)) fail_msg("accepted, expected \"%s\"", why);
    LS_ASSERT_HAS(f.err.msg, why);
    free(t);
}

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)

/* unit i's cover against a footprint, read as fire and combat read it */
static int cover_of(ls_fix *f, int i, const gr_rect *from)
{
    gr_rect h = lasalle_hull(f->s, &f->st, i), b[LASALLE_MAX_BASES];
    int nb = lasalle_bases(f->s, &f->st, i, b);
    return lasalle_cover_against_st(f->s, &f->st, &h, b, nb, from);
}

/* a failed attempt counts +1 for the next; a pass puts the trench in front [H, p.75] */
static void test_dig_in(void **state)
{
    (void)state;
    ls_fix f;
    load_rules(&f, DIG, "[" FR_LINE "]", "[" LS_FAR "]", "");
    ls_dice(&f, 0);
    for (int guard = 0; guard < 16 && f.st.turn.step != LASALLE_ST_ENTRENCH; guard++) ls_do(&f, "done");
    assert_int_equal(f.st.turn.step, LASALLE_ST_ENTRENCH);
    assert_true(ls_offers(&f, "u0 hold"));
    ls_dice(&f, 1, 2); /* 2 against 3+: fails */
    ls_do(&f, "u0 hold");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fails to entrench; +1 next time (H, p.75)");
    assert_int_equal(lasalle_dig_count(&f.st, 0), 1);
    assert_true(f.st.u[0].flags & LASALLE_UF_ACTED); /* it digs instead of moving */
    ls_dice(&f, 0);
    for (int guard = 0; guard < 64 && !(f.st.turn_no == 3 && f.st.turn.step == LASALLE_ST_ENTRENCH); guard++)
        ls_do(&f, "done");
    ls_dice(&f, 1, 2); /* 2 + 1 against 3+: passes */
    ls_do(&f, "u0 hold");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne entrenches: a trench stands before each base (H, p.75)");
    assert_int_equal(lasalle_dig_count(&f.st, 0), 0);
    /* one piece of works along its whole front edge, facing the way the unit faces (ruling R-75) */
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    assert_int_equal(f.st.nworks, 1);
    assert_int_equal(f.st.works[0].kind, LASALLE_WORK_TRENCH);
    gr_vec2 a = lasalle_work_a(&f.st.works[0]), b = lasalle_work_b(&f.st.works[0]);
    assert_true(gr_v2_dist(a, gr_rect_corner(&h, GR_FL)) < 1e-5 && gr_v2_dist(b, gr_rect_corner(&h, GR_FR)) < 1e-5);
    gr_vec2 fr = lasalle_work_front(&f.st.works[0]);
    assert_true(fabs(fr.x - 0.0) < 1e-6 && fabs(fr.y - 1.0) < 1e-6);
    assert_true(lasalle_holds_works(f.s, &f.st, 0));
    assert_false(lasalle_may_entrench(f.s, &f.st, 0)); /* it holds works already */
    /* soft cover against what stands ahead, none from behind */
    gr_rect ahead = lasalle_hull_at(&f.s->units[1], LASALLE_LINE, 16, 12, 270 * GR_PI / 180);
    gr_rect behind = lasalle_hull_at(&f.s->units[1], LASALLE_LINE, 16, 1, 90 * GR_PI / 180);
    assert_int_equal(cover_of(&f, 0, &ahead), LASALLE_COVER_SOFT);
    assert_int_equal(cover_of(&f, 0, &behind), LASALLE_COVER_NONE);
    ls_free(&f);
}

/* only Line infantry and Unlimbered artillery dig; a unit that moves loses its count [H, p.75] */
static void test_who_digs(void **state)
{
    (void)state;
    ls_fix f;
    load_rules(&f, DIG,
               "[" LS_INF("1/45e", "small", "experienced", "column", 16, 6, 90) ", "
               LS_ART("6-pdr", 4, "medium", "unlimbered", 10, 4, 90) ", "
               LS_CAV("8e Hussards", "small", "experienced", "waves", 24, 4, 90) "]",
               "[" LS_FAR "]", "");
    assert_false(lasalle_may_entrench(f.s, &f.st, 0));
    assert_true(lasalle_may_entrench(f.s, &f.st, 1));
    assert_false(lasalle_may_entrench(f.s, &f.st, 2));
    f.st.u[1].flags |= (3u << LASALLE_UF_DIG_SHIFT) | LASALLE_UF_MOVED;
    lasalle_entrench_status(f.s, &f.st);
    assert_int_equal(lasalle_dig_count(&f.st, 1), 0);
    ls_free(&f);
    /* an army without the rule never digs */
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_FAR "]", "");
    assert_false(lasalle_may_entrench(f.s, &f.st, 0));
    ls_free(&f);
}

/* works a unit starts behind: Line or Unlimbered only [H, p.75] */
static void test_start_entrenched(void **state)
{
    (void)state;
    ls_fix f;
    load_rules(&f, "",
               "[{\"name\": \"1/45e\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
               "\"discipline\": \"experienced\", \"formation\": \"line\", \"at\": [16, 6], \"entrenched\": true}]",
               "[" LS_FAR "]", "");
    assert_int_equal(f.st.nworks, 1);
    assert_true(lasalle_holds_works(f.s, &f.st, 0));
    ls_free(&f);
    refused_rules("",
                  "[{\"name\": \"1/45e\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
                  "\"discipline\": \"experienced\", \"formation\": \"column\", \"at\": [16, 6], \"entrenched\": true}]",
                  "", "$.sides[0].forces[0].units[0].entrenched: only a unit set up in Line or Unlimbered");
}

/* ruling R-75 [H, p.75]: "the unit may then change formation and keep the protection if it stays behind
 * them": a Line behind its works forms column on a front base and keeps the cover; a move ahead is a crossing
 * [C, p.29], after which the trench is behind it and gives it nothing, and the trench stays on the table */
static void test_formation_change_behind_the_trench(void **state)
{
    (void)state;
    ls_fix f;
    const char *entrenched = "[{\"name\": \"1/45e\", \"type\": \"infantry\", \"size\": \"small\", "
                             "\"esprit\": \"reliable\", \"discipline\": \"experienced\", \"formation\": \"line\", "
                             "\"at\": [16, 6], \"entrenched\": true}]";
    load_rules(&f, "", entrenched, "[" LS_FAR "]", "");
    ls_dice(&f, 0);
    ls_to_activity(&f);
    ls_do(&f, "u0 form column");
    assert_int_equal(f.st.u[0].form, LASALLE_COLUMN);
    assert_true(lasalle_holds_works(f.s, &f.st, 0));
    /* the Status Phase keeps it too, to the French's next turn */
    for (int guard = 0; guard < 64 && !(f.st.turn_no == 3 && f.st.turn.step == LASALLE_ST_ACTIVITY); guard++)
        ls_do(&f, "done");
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    gr_rect ahead = lasalle_hull_at(&f.s->units[1], LASALLE_LINE, 16, 12, 270 * GR_PI / 180);
    assert_int_equal(cover_of(&f, 0, &ahead), LASALLE_COVER_SOFT);
    /* going forward is crossing the works: the whole move [C, p.29] */
    ls_refused(&f, "u0 move 1", "crossing the obstacle a dug trench takes the whole move: order 'cross' (C, p.29)");
    ls_do(&f, "u0 cross");
    assert_false(lasalle_holds_works(f.s, &f.st, 0));
    assert_int_equal(cover_of(&f, 0, &ahead), LASALLE_COVER_NONE);
    assert_int_equal(f.st.nworks, 1); /* the trench stays for the rest of the game */
    ls_free(&f);
}

/* [H, p.75]: the trenches stay for the rest of the game: another unit that stands behind them has their cover
 * and holds them (no retiring as a combat result); an enemy meets them as an obstacle */
static void test_trench_left_for_others(void **state)
{
    (void)state;
    ls_fix f;
    load_rules(&f, DIG,
               "[" FR_LINE ", " LS_INF("2/45e Ligne", "small", "experienced", "line", 24, 4, 90) "]",
               "[" LS_INF("IR 7", "small", "experienced", "line", 16, 14, 270) "]", "");
    assert_int_equal(lasalle_works_dig(f.s, &f.st, 0), 0);
    gr_rect ahead = lasalle_hull(f.s, &f.st, 2);
    /* the digger goes elsewhere; the 2nd battalion moves up behind the trench */
    ls_place(&f, 0, 4, 2, 90, LASALLE_LINE);
    assert_false(lasalle_holds_works(f.s, &f.st, 0));
    assert_false(lasalle_holds_works(f.s, &f.st, 1));
    ls_place(&f, 1, 16, 6, 90, LASALLE_LINE);
    assert_true(lasalle_holds_works(f.s, &f.st, 1));
    assert_int_equal(cover_of(&f, 1, &ahead), LASALLE_COVER_SOFT);
    assert_true(lasalle_combat_exempt(f.s, &f.st, 1));
    /* a unit facing away from it, or standing before it, does not hold it */
    ls_place(&f, 1, 16, 6 - lasalle_hull(f.s, &f.st, 1).d, 270, LASALLE_LINE);
    assert_false(lasalle_holds_works(f.s, &f.st, 1));
    ls_place(&f, 1, 16, 6, 270, LASALLE_LINE);
    assert_false(lasalle_holds_works(f.s, &f.st, 1));
    /* the Austrians meet the empty trench as an obstacle: a move over it is refused, the crossing taken */
    ls_place(&f, 1, 4, 4, 90, LASALLE_LINE);
    ls_place(&f, 2, 16, 7, 270, LASALLE_LINE);
    assert_false(lasalle_holds_works(f.s, &f.st, 2));
    ls_dice(&f, 0);
    for (int guard = 0; guard < 64 && !(f.st.active == 1 && f.st.turn.step == LASALLE_ST_ACTIVITY); guard++)
        ls_do(&f, "done");
    assert_int_equal(f.st.active, 1);
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    ls_refused(&f, "u2 move 3", "crossing the obstacle a dug trench takes the whole move");
    ls_free(&f);
}

/* fire at a unit behind its trench from ahead: soft cover, musketry hits on 5+ [H, p.75; D, p.46] */
static void test_trench_against_fire(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]",
            "[{\"name\": \"IR 7\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
            "\"discipline\": \"experienced\", \"sk\": 1, \"formation\": \"line\", \"at\": [16, 9], \"facing\": 270, "
            "\"entrenched\": true}]",
            "");
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    ls_dice(&f, 4, 5, 4, 4, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fires at IR 7: 4 musketry dice (4 clear bases), hits on 5+");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 1 hit");
    ls_free(&f);
}

#define HOME ", \"rules\": [\"home_field_advantage\"], \"home_field\": {\"setup\": \"short_edge\", \"edge\": \"west\"}"

/* Home Field Advantage serves the defender only, with its setup choice checked [H, p.76] */
static void test_home_field(void **state)
{
    (void)state;
    refused_rules(HOME, "[" FR_LINE "]", "", "Home Field Advantage serves only the army that defends");
    refused_rules(", \"rules\": [\"home_field_advantage\"]", "[" FR_LINE "]", ", \"defender\": 0",
                  "needs the side's \"home_field\"");
    refused_rules(HOME, "[" FR_LINE "]", ", \"defender\": 0", "1/45e Ligne sets up within 10 BW of the west edge");
    ls_fix f;
    load_rules(&f, HOME, "[" LS_INF("1/45e Ligne", "small", "experienced", "line", 3, 8, 0) "]",
               "[" LS_INF("IR 7", "small", "experienced", "line", 28, 12, 180) "]", ", \"defender\": 0");
    assert_int_equal(f.s->home_field, LASALLE_HOME_SHORT_EDGE);
    assert_true(f.s->side_rules[0] & LASALLE_AB_HOME_FIELD);
    ls_free(&f);
    load_rules(&f, ", \"rules\": [\"home_field_advantage\"], \"home_field\": {\"setup\": \"long_edge\"}",
               "[" FR_LINE "]", "[" LS_FAR "]", ", \"defender\": 0");
    assert_int_equal(f.s->home_field, LASALLE_HOME_LONG_EDGE);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dig_in),
        cmocka_unit_test(test_who_digs),
        cmocka_unit_test(test_start_entrenched),
        cmocka_unit_test(test_formation_change_behind_the_trench),
        cmocka_unit_test(test_trench_left_for_others),
        cmocka_unit_test(test_trench_against_fire),
        cmocka_unit_test(test_home_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
