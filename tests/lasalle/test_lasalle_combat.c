/* test_lasalle_combat.c - the Combat Phase [E, p.53-64]: dice (two a base,
 * out of command, DISR, halving), hits on 5+, decisive and inconclusive
 * results, fall-backs by the die (infantry 1 BW odd, 2 BW even; cavalry the
 * die), advances stopping short of the enemy, squares that hold and make
 * the winners retire, victorious cavalry's DISR, artillery eliminated,
 * flank attacks, and the roll-off and alternating picks. Positions are set
 * up by placing units in contact and sending the turn to the Combat Phase. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/works.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)

/* loads the French units and an Austrian one far away, then puts the Austrian unit u at (x, y) facing f
 * as a charger and runs the Combat Phase with the dice given */
static void setup(ls_fix *f, const char *fr, const char *au, int u, double x, double y, double facing, int form)
{
    ls_load(f, 0, fr, au, "");
    ls_place(f, u, x, y, facing, form);
    f->st.u[u].flags |= LASALLE_UF_CHARGER;
}

/* the Combat Phase played, every fall-back the engine's way ("done" at each fall-back decision) */
static int run_combat(ls_fix *f)
{
    int rc = ls_run_to(f, LASALLE_ST_COMBAT_BEGIN);
    if (!rc) ls_fallbacks_done(f);
    return rc;
}

/* 4 hits to 1: decisive; the attacker takes a DISR and falls back 1 BW on an odd die [E, p.59; D, p.38] */
static void test_decisive_defence(void **state)
{
    (void)state;
    ls_fix f;
    setup(&f, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", 1, 16, 6, 270,
          LASALLE_COLUMN);
    ls_dice(&f, 15, 5, 5, 5, 5, 1, 1, 1, 1, /* the line: 8 dice */ 5, 1, 1, 1, 1, 1, /* the column: 6 */ 3);
    assert_int_equal(run_combat(&f), 0);
    LS_ASSERT_LOGGED(&f, "1/45e Ligne: +8 dice (2 a base): 8 dice");
    LS_ASSERT_LOGGED(&f, "IR 7: +8 dice (2 a base) -2 out of command: 6 dice");
    LS_ASSERT_LOGGED(&f, "4 hits to 1: a decisive win for 1/45e Ligne (E, p.59)");
    LS_ASSERT_LOGGED(&f, "IR 7 takes 1 DISR in a decisive defeat (E, p.59) (now 1 of 4)");
    LS_ASSERT_LOGGED(&f, "IR 7 falls back 1 BW");
    LS_ASSERT_NEAR(f.st.u[1].y, 7);
    assert_int_equal(f.st.u[1].disr, 1);
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    ls_free(&f);
}

/* 2 hits to 3: the defender loses, takes a DISR, falls back 2 BW on an even die; the attacker advances [E, p.60] */
static void test_inconclusive_and_advance(void **state)
{
    (void)state;
    ls_fix f;
    setup(&f, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", 1, 16, 6, 270,
          LASALLE_COLUMN);
    ls_dice(&f, 15, 5, 5, 1, 1, 1, 1, 1, 1, 5, 5, 5, 1, 1, 1, 4);
    assert_int_equal(run_combat(&f), 0);
    LS_ASSERT_LOGGED(&f, "2 hits to 3: an inconclusive loss for 1/45e Ligne");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne takes 1 DISR for losing the combat");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne falls back 2 BW");
    LS_ASSERT_NEAR(f.st.u[0].y, 4);
    assert_int_equal(f.st.u[0].disr, 1);
    /* the advance stops short of contact */
    assert_true(f.st.u[1].y > 4.04 && f.st.u[1].y < 4.2);
    LS_ASSERT_LOGGED(&f, "IR 7 advances 1.9 BW (E, p.60)");
    assert_int_equal(f.st.u[1].disr, 0);
    ls_free(&f);
}

/* Viva España!: an Unpredictable unit of an army with the rule rolls its esprit with +1 holding entrenchments or
 * in a town base [H Unpredictable, p.76; K Spain]; a 5 becomes 6: Valiant for the rest of the game */
static void test_viva_espana(void **state)
{
    (void)state;
    static const char unpredictable[] =
        "[{\"name\": \"1/45e Ligne\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
        "\"discipline\": \"experienced\", \"sk\": 1, \"formation\": \"line\", \"at\": [16, 6], \"facing\": 90, "
        "\"traits\": [\"unpredictable\"]}]";
    const char *au = "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]";
    for (int entrenched = 0; entrenched < 2; entrenched++) {
        ls_fix f;
        char *t = ls_text_french(", \"rules\": [\"viva_espana\"]", unpredictable, au, "");
        if (ls_try_load(&f, t)) fail_msg("%s", f.err.msg);
        free(t);
        ls_place(&f, 1, 16, 6, 270, LASALLE_COLUMN);
        f.st.u[1].flags |= LASALLE_UF_CHARGER;
        if (entrenched) assert_int_equal(lasalle_works_dig(f.s, &f.st, 0), 0); /* a trench before its front */
        ls_dice(&f, 24, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
        assert_int_equal(run_combat(&f), 0);
        if (entrenched) {
            LS_ASSERT_LOGGED(&f, "the esprit of 1/45e Ligne (Unpredictable, Viva Espana! +1): 1d6 [5]");
            LS_ASSERT_LOGGED(&f, "1/45e Ligne proves valiant for the rest of the game (Viva Espana! +1)");
            assert_true(f.st.u[0].flags & LASALLE_UF_ESPRIT_FIXED);
        } else {
            /* in the open the rule does not help: a 5 is Reliable for this combat only */
            LS_ASSERT_LOGGED(&f, "the esprit of 1/45e Ligne (Unpredictable): 1d6 [5]");
            LS_ASSERT_LOGGED(&f, "1/45e Ligne proves reliable in this combat");
            assert_false(f.st.u[0].flags & LASALLE_UF_ESPRIT_FIXED);
        }
        ls_free(&f);
    }
}

/* a square attacked by cavalry: the cavalry halves; a square that loses holds and the winners retire [E, p.57, 60] */
static void test_square_holds(void **state)
{
    (void)state;
    ls_fix f;
    setup(&f, "[" LS_INF("1/45e", "small", "experienced", "square", 16, 6, 90) "]",
          "[" LS_CAV("Hussars", "small", "experienced", "waves", 16, 20, 270) "]", 1, 16, 6, 270, LASALLE_WAVES);
    ls_dice(&f, 12, 5, 5, 1, 1, 1, 1, 1, 1, /* the square */ 5, 5, 5, /* the cavalry, halved */ 5);
    assert_int_equal(run_combat(&f), 0);
    LS_ASSERT_LOGGED(&f, "Hussars: +8 dice (2 a base) -2 out of command, halved: cavalry against a Square: 3 dice");
    LS_ASSERT_LOGGED(&f, "1/45e holds its ground: it does not fall back (E, p.60)");
    assert_int_equal(f.st.u[0].disr, 1);
    LS_ASSERT_NEAR(f.st.u[0].y, 6);
    /* victorious cavalry takes a DISR, then retires 5 BW on the die */
    assert_int_equal(f.st.u[1].disr, 1);
    LS_ASSERT_NEAR(f.st.u[1].y, 11);
    ls_free(&f);
}

/* [D, p.38; E, p.59-60]: two columns lose decisively to a line; their player chooses which falls back first and
 * how ("uN fallback [back|forward] [wheel A]"), each rolling its own die as it goes */
static void test_losers_fall_back_in_the_order_and_way_chosen(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 10, 20, 270) ", "
            LS_INF("IR 8", "small", "experienced", "column", 22, 20, 270) "]", "");
    ls_place(&f, 1, 15, 6, 270, LASALLE_COLUMN);
    ls_place(&f, 2, 17, 6, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    f.st.u[2].flags |= LASALLE_UF_CHARGER;
    ls_dice(&f, 20, 5, 5, 5, 5, 5, 5, 5, 5, /* the line hits with all 8 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    LS_ASSERT_LOGGED(&f, "8 hits to 0: a decisive win for 1/45e Ligne (E, p.59)");
    assert_int_equal(f.st.turn.step, LASALLE_ST_FALLBACK);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1); /* the Austrians choose */
    assert_true(ls_offers(&f, "u1 fallback") && ls_offers(&f, "u2 fallback"));
    ls_refused(&f, "u0 fallback", "u0 does not owe a fall-back from this combat (D, p.38)");
    ls_refused(&f, "u1 fallback forward", "that fall-back does not take IR 7 away from the enemies touching it");
    ls_refused(&f, "u1 hold", "the decision due (the fall-backs) is not that piece's");
    /* IR 8 first, straight back: its die (4, even) is the first rolled: 2 BW */
    ls_dice(&f, 2, 4, 3);
    ls_do(&f, "u2 fallback");
    LS_ASSERT_LOGGED(&f, "IR 8 falls back 2 BW");
    LS_ASSERT_NEAR(f.st.u[2].y, 8);
    LS_ASSERT_NEAR(f.st.u[1].y, 6); /* IR 7 has not gone yet */
    assert_int_equal(f.st.turn.step, LASALLE_ST_FALLBACK);
    /* then IR 7 with a wheel of 20 degrees to the left: its die (3, odd) gives 1 BW, the wheel's arc counting */
    ls_do(&f, "u1 fallback back wheel 20");
    LS_ASSERT_LOGGED(&f, "IR 7 falls back 1 BW, wheeling 20 degrees left");
    LS_ASSERT_NEAR(gr_angle_diff(f.st.u[1].heading, 290 * GR_PI / 180), 0); /* 270 + 20 degrees */
    assert_true(f.st.u[1].y > 6.5);
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    ls_free(&f);
}

/* two winners that may advance: their player chooses whether both go, or only one ("several eligible units:
 * the attacker may advance all of them, or only one", E p.60); the French line breaks in a decisive defeat */
static void two_attackers_win(ls_fix *f)
{
    ls_load(f, 0, "[" FR_LINE "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 10, 20, 270) ", "
            LS_INF("IR 8", "small", "experienced", "column", 22, 20, 270) "]", "");
    ls_place(f, 1, 15, 6, 270, LASALLE_COLUMN);
    ls_place(f, 2, 17, 6, 270, LASALLE_COLUMN);
    f->st.u[1].flags |= LASALLE_UF_CHARGER;
    f->st.u[2].flags |= LASALLE_UF_CHARGER;
    for (int k = 0; k < 40; k++) f->script[k] = k < 8 ? 1 : 6; /* the line misses with all 8; the columns hit */
    gr_dice_init_script(&f->dice, f->script, 40);
    gr_dice_set_log(&f->dice, &f->log);
    assert_int_equal(run_combat(f), 0);
    LS_ASSERT_LOGGED(f, "0 hits to 12: a decisive loss for 1/45e Ligne (E, p.59)");
    assert_int_equal(f->st.u[0].status, LASALLE_BROKEN);
}

static void test_advance_choice(void **state)
{
    (void)state;
    ls_fix f;
    two_attackers_win(&f);
    assert_int_equal(f.st.turn.step, LASALLE_ST_ADVANCE);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1); /* the Austrians choose */
    assert_true(ls_offers(&f, "u1 advance"));
    assert_true(ls_offers(&f, "u2 advance"));
    ls_refused(&f, "u0 advance", "u0 is not one of the winners that may advance (E, p.60)");
    ls_do(&f, "u2 advance");
    LS_ASSERT_LOGGED(&f, "the Austrians advance IR 8 alone (E, p.60)");
    LS_ASSERT_NEAR(f.st.u[1].y, 6);
    LS_ASSERT_NEAR(f.st.u[2].y, 4);
    assert_false(f.st.u[1].flags & LASALLE_UF_MAY_ADVANCE);
    ls_free(&f);
    /* "done": both go */
    two_attackers_win(&f);
    ls_do(&f, "done");
    LS_ASSERT_NEAR(f.st.u[1].y, 4);
    LS_ASSERT_NEAR(f.st.u[2].y, 4);
    ls_free(&f);
}

/* artillery rolls two dice, and a decisive defeat eliminates it; the cavalry takes a DISR and advances */
static void test_artillery_overrun(void **state)
{
    (void)state;
    ls_fix f;
    setup(&f, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 16, 6, 90) "]",
          "[" LS_CAV("Hussars", "small", "experienced", "waves", 16, 20, 270) "]", 1, 16, 6, 270, LASALLE_WAVES);
    ls_dice(&f, 8, 1, 1, 5, 1, 1, 1, 1, 1);
    assert_int_equal(run_combat(&f), 0);
    LS_ASSERT_LOGGED(&f, "6pdr: +2 dice (artillery): 2 dice");
    LS_ASSERT_LOGGED(&f, "0 hits to 1: a decisive loss for 6pdr");
    LS_ASSERT_LOGGED(&f, "6pdr breaks in a decisive defeat (E, p.59)");
    assert_int_equal(f.st.u[0].status, LASALLE_BROKEN);
    assert_int_equal(f.st.u[1].disr, 1);
    LS_ASSERT_NEAR(f.st.u[1].y, 4);
    ls_free(&f);
}

/* [E Halving, p.57]: a defender attacked in the flank halves; the attacker does not, though it touches only
 * a third of the line with its front, because the whole line lies between its flank lines */
static void test_flank_halving(void **state)
{
    (void)state;
    ls_fix f;
    setup(&f, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]", 1, 18, 5.5, 180,
          LASALLE_COLUMN);
    ls_dice(&f, 11, 1, 1, 1, 1, /* the line, halved */ 1, 1, 1, 1, 1, 1, /* the column */ 3);
    if (run_combat(&f)) {
        ls_print_log(&f);
        fail_msg("the dice failed: %s", f.dice.fail_msg);
    }
    LS_ASSERT_LOGGED(&f, "1/45e Ligne: +8 dice (2 a base), halved: attacked in the flank or rear: 4 dice");
    LS_ASSERT_LOGGED(&f, "IR 7: +8 dice (2 a base) -2 out of command: 6 dice");
    LS_ASSERT_LOGGED(&f, "0 hits to 0: an inconclusive win for 1/45e Ligne");
    ls_free(&f);
}

/* [E, p.53]: two combats: a roll-off, the defender winning ties; the winner picks, then the other */
static void test_roll_off_and_picks(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE ", " LS_INF("2/45e", "small", "experienced", "line", 8, 6, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) ", "
                LS_INF("IR 8", "small", "experienced", "column", 8, 20, 270) "]", "");
    ls_place(&f, 2, 16, 6, 270, LASALLE_COLUMN);
    ls_place(&f, 3, 8, 6, 270, LASALLE_COLUMN);
    ls_dice(&f, 2, 2, 5);
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    LS_ASSERT_LOGGED(&f, "the Austrians pick the first combat (5 to 2)");
    assert_int_equal(f.st.turn.step, LASALLE_ST_COMBAT_PICK);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    assert_true(ls_offers(&f, "fight u0") && ls_offers(&f, "fight u1"));
    ls_refused(&f, "fight u2", "the next combat is named by a defending unit still in contact");
    ls_dice(&f, 30, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, /* u1's combat, and the column's fall-back */
            5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3 /* the last combat */);
    ls_do(&f, "fight u1");
    LS_ASSERT_LOGGED(&f, "the combat of 2/45e against 1 attacker");
    assert_int_equal(ls_fallbacks_done(&f), 2); /* the column of each combat falls back straight back */
    /* one combat left: fought without a choice */
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    LS_ASSERT_LOGGED(&f, "the combat of 1/45e Ligne against 1 attacker");
    ls_free(&f);
}

/* [H Officer Tactics and Casualties, p.72-73]: a Good officer directs a combat, one unit hitting on 4+; his
 * casualty test follows; an enemy officer's Poor rating may be used by either of the unit's officers */
static void test_officer_tactics(void **state)
{
    (void)state;
    ls_fix f;
    char *t = ls_text(0, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]",
                      ", \"options\": {\"officer_tactics\": true}");
    char *u = malloc(strlen(t) + 64), *p = strstr(t, "\"vigor\": 0,");
    assert_non_null(p);
    sprintf(u, "%.*s\"vigor\": 0, \"tactics\": \"good\",%s", (int)(p - t), t, p + strlen("\"vigor\": 0,"));
    free(t);
    t = u;
    u = malloc(strlen(t) + 64);
    p = strstr(t, "\"name\": \"GM Red\",");
    sprintf(u, "%.*s\"name\": \"GM Red\", \"tactics\": \"poor\",%s", (int)(p - t), t, p + strlen("\"name\": \"GM Red\","));
    free(t);
    if (ls_try_load(&f, u)) fail_msg("%s", f.err.msg);
    free(u);
    ls_place(&f, 1, 16, 6, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    f.st.o[3].x = 16; /* GM Red rides up: his column is in his range, so his Poor rating may serve the French */
    f.st.o[3].y = 10;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN), 0);
    assert_int_equal(f.st.turn.step, LASALLE_ST_TACTICS);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 0);
    assert_true(ls_offers(&f, "tactics none"));
    assert_true(ls_offers(&f, "u0 tactics c1 poor c3") && ls_offers(&f, "u0 tactics c0 poor c3"));
    ls_refused(&f, "u1 tactics c3", "no such officer may direct this combat");
    ls_dice(&f, 18, 4, 4, 4, 4, 1, 1, 1, 1, /* the line on 4+ */ 1, 1, 1, 1, 1, 1, 1, 1, 3, /* casualty test */ 6);
    ls_do(&f, "u0 tactics c1");
    LS_ASSERT_LOGGED(&f, "GdB Blue directs the combat: 1/45e Ligne hits on 4+ (H, p.72)");
    LS_ASSERT_LOGGED(&f, "combat dice of 1/45e Ligne (8, hits on 4+)");
    LS_ASSERT_LOGGED(&f, "4 hits to 0: a decisive win for 1/45e Ligne");
    /* the column's fall-back comes first, then the officer's casualty test */
    assert_int_equal(ls_fallbacks_done(&f), 1);
    LS_ASSERT_LOGGED(&f, "GdB Blue is killed; an aide takes over (H, p.73)");
    assert_int_equal(f.st.o[1].vigor, -1);
    assert_int_equal(f.st.o[1].tactics, LASALLE_AVERAGE);
    assert_true(f.st.o[1].flags & LASALLE_OF_REPLACED);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decisive_defence),
        cmocka_unit_test(test_losers_fall_back_in_the_order_and_way_chosen),
        cmocka_unit_test(test_viva_espana),  cmocka_unit_test(test_inconclusive_and_advance),
        cmocka_unit_test(test_advance_choice),
        cmocka_unit_test(test_square_holds),      cmocka_unit_test(test_artillery_overrun),
        cmocka_unit_test(test_flank_halving),     cmocka_unit_test(test_roll_off_and_picks),
        cmocka_unit_test(test_officer_tactics),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
