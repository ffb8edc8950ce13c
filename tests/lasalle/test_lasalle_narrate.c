/* test_lasalle_narrate.c - a Lasalle battle told by `grognard replay`: each
 * position is set up, the dice scripted, the actions applied, and the event
 * log told by the core's narrator exactly as the replay tells it; the test
 * asserts the whole text. Covered: fire and its DISR [D, p.41-48], a charge
 * and the contact reaction [C, p.31-32; D, p.33], a countercharge [D, p.36],
 * a fall-back reaction [D, p.37], combat, its DISR, fall-back and advance
 * [E, p.53-60], an Activity move with a formation change [C, p.25-27],
 * recovery [C, p.30], the army morale check and the end of the game
 * [F, p.66-67], bonus turns [F, p.66]. */
#include "lasalle_fixture.h"

#include "../../engine/core/narrate.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define AU_COLUMN LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270)
#define FR_TWO "[" FR_LINE ", " LS_INF("2/45e Ligne", "small", "experienced", "line", 8, 6, 90) "]"

/* the log from event `from` on, told as the replay tells it */
static char *told(const ls_fix *f, size_t from)
{
    gr_narrator n;
    gr_narrator_init(&n, "French", "Austrians", 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    gr_narrate(&n, &f->log, from, m);
    fclose(m);
    return buf;
}

#define ASSERT_TOLD(f, from, text)                                                              \
    do {                                                                                        \
        char *got_ = told((f), (from));                                                         \
        if (strcmp(got_, (text))) fail_msg("the replay tells:\n%s\nexpected:\n%s", got_, (text)); \
        free(got_);                                                                             \
    } while (0)

/* [D Fire, p.41-48]: the fire, its dice, the hits and the DISR they cost */
static void test_told_fire(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "line", 16, 9, 270) "]", "");
    ls_dice(&f, 4, 4, 4, 4, 1);
    ls_do(&f, "u0 fire u1");
    ASSERT_TOLD(&f, 0,
                "  French: u0 fire u1\n"
                "    1/45e Ligne fires at IR 7: 4 musketry dice (4 clear bases), hits on 4+\n"
                "      roll fire of 1/45e Ligne (4 dice, hits on 4+): 4 4 4 1\n"
                "    IR 7 takes 3 hits\n"
                "    IR 7 takes 1 DISR from fire (D, p.48) (now 1 of 4)\n"
                "-- Activity Phase of the French\n");
    ls_free(&f);
}

/* [E, p.53-60; D, p.38]: a charging column beaten decisively takes a DISR and falls back on its die */
static void test_told_combat(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_COLUMN "]", "");
    ls_place(&f, 1, 16, 6, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    ls_dice(&f, 15, 5, 5, 5, 5, 1, 1, 1, 1, /* the line: 8 dice */ 5, 1, 1, 1, 1, 1, /* the column: 6 */ 3);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    assert_int_equal(ls_fallbacks_done(&f), 1);
    ASSERT_TOLD(&f, 0,
                "-- Combat Phase: 1 combat\n"
                "    the combat of 1/45e Ligne against 1 attacker (E, p.53)\n"
                "    1/45e Ligne: +8 dice (2 a base): 8 dice\n"
                "      roll combat dice of 1/45e Ligne (8, hits on 5+): 5 5 5 5 1 1 1 1\n"
                "    IR 7: +8 dice (2 a base) -2 out of command: 6 dice\n"
                "      roll combat dice of IR 7 (6, hits on 5+): 5 1 1 1 1 1\n"
                "    4 hits to 1: a decisive win for 1/45e Ligne (E, p.59)\n"
                "    IR 7 takes 1 DISR in a decisive defeat (E, p.59) (now 1 of 4)\n"
                "      roll the fall-back of IR 7: 3\n"
                "    IR 7 falls back 1 BW\n"
                "-- Activity Phase of the French\n");
    ls_free(&f);
}

/* [E, p.59-60]: the loser of an inconclusive combat falls back 2 BW on an even die; the winner advances */
static void test_told_advance(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_COLUMN "]", "");
    ls_place(&f, 1, 16, 6, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    ls_dice(&f, 15, 5, 5, 1, 1, 1, 1, 1, 1, 5, 5, 5, 1, 1, 1, 4);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    assert_int_equal(ls_fallbacks_done(&f), 1);
    ASSERT_TOLD(&f, 0,
                "-- Combat Phase: 1 combat\n"
                "    the combat of 1/45e Ligne against 1 attacker (E, p.53)\n"
                "    1/45e Ligne: +8 dice (2 a base): 8 dice\n"
                "      roll combat dice of 1/45e Ligne (8, hits on 5+): 5 5 1 1 1 1 1 1\n"
                "    IR 7: +8 dice (2 a base) -2 out of command: 6 dice\n"
                "      roll combat dice of IR 7 (6, hits on 5+): 5 5 5 1 1 1\n"
                "    2 hits to 3: an inconclusive loss for 1/45e Ligne (E, p.59)\n"
                "    1/45e Ligne takes 1 DISR for losing the combat (E, p.59) (now 1 of 4)\n"
                "      roll the fall-back of 1/45e Ligne: 4\n"
                "    1/45e Ligne falls back 2 BW\n"
                "    IR 7 advances 1.9 BW (E, p.60)\n"
                "-- Activity Phase of the French\n");
    ls_free(&f);
}

/* [C Charges, p.31-32]: the charge told in the Activity Phase */
static void test_told_charge(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e Ligne", "small", "experienced", "column", 16, 10, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 16, 13, 270) "]", "");
    ls_to_activity(&f);
    size_t from = f.log.n;
    ls_do(&f, "u0 charge u1");
    ASSERT_TOLD(&f, from,
                "  French: u0 charge u1\n"
                "    1/45e Ligne charges IR 7: 3 BW (Full allowance), contact with IR 7\n");
    ls_free(&f);
}

/* [D Countercharge, p.36]: cavalry charges the enemy engaged with its friends */
static void test_told_countercharge(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0,
            "[" LS_INF("1/45e", "small", "experienced", "line", 10, 6, 90) ", "
            LS_CAV("Chasseurs", "small", "experienced", "waves", 14.5, 7.1, 180) "]",
            "[" AU_COLUMN "]", "");
    ls_place(&f, 2, 10, 6, 270, LASALLE_COLUMN);
    f.st.u[2].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    ls_do(&f, "u0 hold");
    size_t from = f.log.n;
    ls_dice(&f, 3, 4, 4, 2);
    ls_do(&f, "u1 countercharge u2");
    ASSERT_TOLD(&f, from,
                "  French: u1 countercharge u2\n"
                "      roll DISC test of Chasseurs for a countercharge (experienced: 3+, modifier +0): 4\n"
                "    Chasseurs passes the DISC test for a countercharge (4+0 against 3+)\n"
                "    Chasseurs countercharges IR 7 (D, p.36)\n"
                "-- Combat Phase: 2 combats\n"
                "      roll the first pick of combat, French: 4\n"
                "      roll the first pick of combat, Austrians: 2\n"
                "    the French pick the first combat (4 to 2)\n");
    ls_free(&f);
}

/* [D Fall Back, p.37-38]: the reaction's DISC test failed, the unit stays and fights */
static void test_told_fallback_reaction(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_COLUMN "]", "");
    ls_place(&f, 1, 16, 6, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    size_t from = f.log.n;
    ls_dice(&f, 16, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3);
    ls_do(&f, "u0 fallback");
    assert_int_equal(ls_fallbacks_done(&f), 1);
    ASSERT_TOLD(&f, from,
                "  French: u0 fallback\n"
                "      roll DISC test of 1/45e Ligne for a fall back (experienced: 3+, modifier +0): 2\n"
                "    1/45e Ligne fails the DISC test for a fall back (2+0 against 3+)\n"
                "-- Combat Phase: 1 combat\n"
                "    the combat of 1/45e Ligne against 1 attacker (E, p.53)\n"
                "    1/45e Ligne: +8 dice (2 a base): 8 dice\n"
                "      roll combat dice of 1/45e Ligne (8, hits on 5+): 1 1 1 1 1 1 1 1\n"
                "    IR 7: +8 dice (2 a base) -2 out of command: 6 dice\n"
                "      roll combat dice of IR 7 (6, hits on 5+): 1 1 1 1 1 1\n"
                "    0 hits to 0: an inconclusive win for 1/45e Ligne (E, p.59)\n"
                "    IR 7 takes 1 DISR for losing the combat (E, p.59) (now 1 of 4)\n"
                "      roll the fall-back of IR 7: 3\n"
                "    IR 7 falls back 1 BW\n"
                "-- Activity Phase of the French\n");
    ls_free(&f);
}

/* [C Formations, p.25-27; C Recovery, p.30]: a change of formation and a move in one Activity order, a
 * wheel, and the recovery of a unit that stood still */
static void test_told_move(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FR_TWO, "[" LS_FAR "]", "");
    f.st.u[1].disr = 1;
    ls_to_activity(&f);
    size_t from = f.log.n;
    ls_dice(&f, 2, 3, 5);
    ls_do(&f, "u0 form column move 1");
    ls_do(&f, "u1 hold");
    ls_do(&f, "c1 move 14 3");
    for (int guard = 0; guard < 8 && f.st.active == 0; guard++) ls_do(&f, "done");
    ASSERT_TOLD(&f, from,
                "  French: u0 form column move 1\n"
                "    1/45e Ligne changes to column (Half: 2 BW left), moves 1 BW\n"
                "  French: c1 move 14 3\n"
                "    GdB Blue rides 2.2 BW to (14.0, 3.0)\n"
                "      roll recovery of 2/45e Ligne (1 die, on 3+): 3\n"
                "    2/45e Ligne recovers: one DISR removed (C, p.30)\n"
                "-- turn 2: the Austrians\n"
                "-- Activity Phase of the Austrians\n");
    ls_free(&f);
}

/* [F, p.66-67]: losses past the breakpoint: the army morale check, then the bonus-turn roll */
static void test_told_morale_and_bonus(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, FR_TWO, "[" LS_FAR "]", "");
    f.st.u[1].status = LASALLE_BROKEN;
    f.st.turn_no = 8;
    ls_dice(&f, 7, 2, 2, 2, 2, 1, /* the end of the game */ 2, 1);
    size_t from = f.log.n;
    ls_do(&f, "done");
    ASSERT_TOLD(&f, from,
                "      roll army morale check of the French (5d6, must beat turn 8): 2 2 2 2 1\n"
                "    the army of the French passes its morale check: 9 against 9+ (losses past the breakpoint) (F, p.67)\n"
                "      roll the end of the game, French (ends on 1 or less): 2\n"
                "      roll the end of the game, Austrians (ends on 1 or less): 1\n"
                "    bonus turn 1 follows (F, p.66)\n"
                "-- turn 9: the Austrians (a bonus turn)\n"
                "-- Activity Phase of the Austrians\n");
    ls_free(&f);
    /* the army fails: the battle is lost */
    ls_load(&f, 0, FR_TWO, "[" LS_FAR "]", "");
    f.st.u[1].status = LASALLE_BROKEN;
    f.st.turn_no = 6;
    ls_dice(&f, 5, 1, 1, 1, 1, 1);
    ls_do(&f, "done");
    ASSERT_TOLD(&f, 0,
                "      roll army morale check of the French (5d6, must beat turn 6): 1 1 1 1 1\n"
                "    the army of the French fails its morale check: 5 against 7+ (losses past the breakpoint) (F, p.67)\n"
                "** the army of the French breaks: a Marginal Victory for the Austrians, pursuit 0 to 0 (F, p.67)\n");
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_told_fire),
        cmocka_unit_test(test_told_combat),
        cmocka_unit_test(test_told_advance),
        cmocka_unit_test(test_told_charge),
        cmocka_unit_test(test_told_countercharge),
        cmocka_unit_test(test_told_fallback_reaction),
        cmocka_unit_test(test_told_move),
        cmocka_unit_test(test_told_morale_and_bonus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
