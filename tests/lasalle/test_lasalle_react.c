/* test_lasalle_react.c - the Reaction Phase's contact reactions and
 * countercharges [D, p.33-41]: Fall Back after a passed discipline test,
 * the same die giving the distance; a failed test does nothing; About Face
 * only with no enemy on the front; Change Formation keeping every contact;
 * the opponent's cavalry momentum after a fall-back; countercharges on
 * engaged enemies. Positions are set up by placing an Austrian charger in
 * contact and sending the French turn to its Reaction Phase. */
#include "lasalle_fixture.h"
#include "../../engine/lasalle/rules/react.h"
#include "../../engine/lasalle/rules/command.h"
#include "../../engine/lasalle/rules/footprint.h"

#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define AU_COLUMN LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270)

static void charged(ls_fix *f, const char *fr, const char *au, int u, double x, double y, double facing, int form)
{
    ls_load(f, 0, fr, au, "");
    ls_place(f, u, x, y, facing, form);
    f->st.u[u].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(f, LASALLE_ST_REACT), 0);
}

/* [D Fall Back, p.37-38]: the DISC die is the distance: infantry 2 BW on an even die */
static void test_fall_back(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f, "[" FR_LINE "]", "[" AU_COLUMN "]", 1, 16, 6, 270, LASALLE_COLUMN);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_true(ls_offers(&f, "u0 fallback"));
    assert_false(ls_offers(&f, "u0 about"));
    ls_dice(&f, 1, 4);
    ls_do(&f, "u0 fallback");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne passes the DISC test for a fall back (4+0 against 3+)");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne falls back 2 BW");
    LS_ASSERT_NEAR(f.st.u[0].y, 4);
    assert_true(f.st.u[0].flags & LASALLE_UF_REACTED);
    ls_free(&f);
    /* a failed test: nothing, and no other reaction, not even fire [D, p.33]; the combat follows at once */
    charged(&f, "[" FR_LINE "]", "[" AU_COLUMN "]", 1, 16, 6, 270, LASALLE_COLUMN);
    ls_dice(&f, 16, 2, /* the combat: */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3);
    ls_do(&f, "u0 fallback");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fails the DISC test for a fall back (2+0 against 3+)");
    LS_ASSERT_LOGGED(&f, "0 hits to 0: an inconclusive win for 1/45e Ligne");
    LS_ASSERT_NEAR(f.st.u[0].y, 6);
    assert_false(ls_logged(&f, "1/45e Ligne fires"));
    ls_free(&f);
}

/* [D, p.33]: the units charged react in the order their player chooses: u1 first, then the decision comes
 * back to u0, and u1 is not asked again */
static void test_reactions_in_any_order(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE ", " LS_INF("2/45e Ligne", "small", "experienced", "line", 8, 6, 90) "]",
            "[" AU_COLUMN ", " LS_INF("IR 8", "small", "experienced", "column", 8, 20, 270) "]", "");
    ls_place(&f, 2, 16, 6, 270, LASALLE_COLUMN);
    ls_place(&f, 3, 8, 6, 270, LASALLE_COLUMN);
    f.st.u[2].flags |= LASALLE_UF_CHARGER;
    f.st.u[3].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    assert_int_equal(lasalle_react_actor(f.s, &f.st), 0);
    ls_do(&f, "u1 hold");
    assert_true(f.st.u[1].flags & LASALLE_UF_ASKED);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_int_equal(lasalle_react_actor(f.s, &f.st), 0);
    ls_refused(&f, "u1 hold", "not this one");
    ls_dice(&f, 2, 4, 2); /* the roll for the first pick of the two combats */
    ls_do(&f, "u0 hold");
    assert_int_equal(f.st.turn.step, LASALLE_ST_COMBAT_PICK);
    ls_free(&f);
}

/* [D About Face, p.33]: only with no enemy touching it on its front */
static void test_about_face(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f, "[" FR_LINE "]", "[" AU_COLUMN "]", 1, 16, 6, 270, LASALLE_COLUMN);
    ls_refused(&f, "u0 about", "IR 7 is on its front: a unit about-faces only when no enemy touching it is on its front");
    ls_free(&f);
    charged(&f, "[" FR_LINE "]", "[" AU_COLUMN "]", 1, 16, 16.0 / 3, 90, LASALLE_COLUMN);
    ls_dice(&f, 16, 5, /* the combat: */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3);
    ls_do(&f, "u0 about");
    LS_ASSERT_NEAR(f.st.u[0].heading * 180 / GR_PI, -90);
    LS_ASSERT_NEAR(f.st.u[0].y, 16.0 / 3);
    LS_ASSERT_LOGGED(&f, "1/45e Ligne about-faces (D, p.33)");
    ls_free(&f);
}

/* [D Change Formation, p.34]: the new layout keeps every contact */
static void test_change_formation(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f, "[" FR_LINE "]", "[" LS_CAV("Hussars", "small", "experienced", "waves", 16, 20, 270) "]", 1, 18.5, 6,
            270, LASALLE_WAVES);
    ls_refused(&f, "u0 form square", "the new formation would lose contact with Hussars (D, p.34)");
    assert_true(ls_offers(&f, "u0 form square right"));
    ls_dice(&f, 13, 3, /* the combat: */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3);
    ls_do(&f, "u0 form square right");
    assert_int_equal(f.st.u[0].form, LASALLE_SQUARE);
    LS_ASSERT_NEAR(f.st.u[0].x, 17);
    ls_free(&f);
}

/* [D Momentum, p.37]: cavalry that saw its enemy cavalry fall back may follow it 2 BW */
static void test_momentum(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f, "[" LS_CAV("Chasseurs", "small", "experienced", "waves", 16, 6, 90) "]",
            "[" LS_CAV("Hussars", "small", "experienced", "waves", 16, 20, 270) "]", 1, 16, 6, 270, LASALLE_WAVES);
    ls_dice(&f, 1, 3);
    ls_do(&f, "u0 fallback");
    LS_ASSERT_NEAR(f.st.u[0].y, 3);
    /* now the Austrians decide */
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 1);
    assert_true(ls_offers(&f, "u1 momentum") && ls_offers(&f, "u1 stay"));
    ls_do(&f, "u1 momentum");
    LS_ASSERT_NEAR(f.st.u[1].y, 4);
    assert_true(f.st.u[1].flags & LASALLE_UF_MOMENTUM);
    LS_ASSERT_LOGGED(&f, "Hussars follows up 2 BW with momentum (D, p.37)");
    ls_free(&f);
}

/* the French line u0 charged by the Austrian column u2, the Chasseurs u1 beside them out of contact */
static void line_and_cavalry_charged(ls_fix *f)
{
    charged(f, "[" LS_INF("1/45e", "small", "experienced", "line", 10, 6, 90) ", "
               LS_CAV("Chasseurs", "small", "experienced", "waves", 14.5, 7.1, 180) "]",
            "[" AU_COLUMN "]", 2, 10, 6, 270, LASALLE_COLUMN);
}

/* [D Countercharge, p.36]: cavalry not in contact charges an enemy engaged with friends */
static void test_countercharge(void **state)
{
    (void)state;
    ls_fix f;
    line_and_cavalry_charged(&f);
    ls_do(&f, "u0 hold");                /* no reaction */
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT); /* the cavalry's own reaction next */
    assert_true(ls_offers(&f, "u1 countercharge u2"));
    ls_dice(&f, 3, 4, /* the roll for the first pick: */ 4, 2);
    ls_do(&f, "u1 countercharge u2");
    assert_true(f.st.u[1].flags & LASALLE_UF_COUNTERCHARGER);
    LS_ASSERT_NEAR(f.st.u[1].x, 11);
    LS_ASSERT_LOGGED(&f, "Chasseurs countercharges IR 7 (D, p.36)");
    /* two combats now: the French pick first */
    assert_int_equal(f.st.turn.step, LASALLE_ST_COMBAT_PICK);
    assert_true(ls_offers(&f, "fight u0") && ls_offers(&f, "fight u1"));
    ls_free(&f);
}

/* [D, p.33; ruling R-8]: the reactions of the kinds interleave in the order the player chooses: the
 * cavalry countercharges the column while the line it charged still has its own reaction to make, which
 * then may no longer be a fall-back's empty field but a fight beside friends */
static void test_countercharge_before_the_contact_reaction(void **state)
{
    (void)state;
    ls_fix f;
    line_and_cavalry_charged(&f);
    assert_int_equal(lasalle_react_actor(f.s, &f.st), 0);
    assert_true(ls_offers(&f, "u0 fallback")); /* the menus keep the units' order */
    ls_dice(&f, 1, 4);
    ls_do(&f, "u1 countercharge u2"); /* at the keyboard, the cavalry first */
    assert_true(f.st.u[1].flags & LASALLE_UF_COUNTERCHARGER);
    LS_ASSERT_LOGGED(&f, "Chasseurs countercharges IR 7 (D, p.36)");
    /* back to the line, whose contact reaction is still to come */
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_int_equal(lasalle_react_actor(f.s, &f.st), 0);
    assert_true(ls_offers(&f, "u0 fallback"));
    ls_refused(&f, "u1 hold", "not this one"); /* the cavalry has reacted */
    ls_dice(&f, 2, 4, 2);
    ls_do(&f, "u0 hold");
    assert_int_equal(f.st.turn.step, LASALLE_ST_COMBAT_PICK);
    ls_free(&f);
}

/* [D Countercharge, p.36]: two enemies engaged with friends, both open to the cavalry's countercharge;
 * asking whether the cavalry's reaction is due looks at both without writing past the one target it
 * asks for, and the menu offers both */
static void test_countercharge_two_targets(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0,
            "[" LS_INF("1/45e", "small", "experienced", "line", 10, 6, 90) ", "
            LS_CAV("Chasseurs", "small", "experienced", "waves", 15.5, 11, 180) ", "
            LS_INF("2/45e", "small", "experienced", "line", 10, 16, 270) "]",
            "[" AU_COLUMN ", " LS_INF("IR 8", "small", "experienced", "column", 26, 20, 270) "]", "");
    ls_place(&f, 3, 10, 6, 270, LASALLE_COLUMN); /* IR 7 charged the 1/45e's front */
    ls_place(&f, 4, 10, 16, 90, LASALLE_COLUMN); /* IR 8 the 2/45e's */
    f.st.u[3].flags |= LASALLE_UF_CHARGER;
    f.st.u[4].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    assert_true(lasalle_counter_due(f.s, &f.st, 1));
    ls_do(&f, "u0 hold");
    /* the two columns at the same distance, mirrored about the cavalry's line: each its own wheel */
    assert_true(ls_offers(&f, "u1 countercharge u3 wheel 23"));
    assert_true(ls_offers(&f, "u1 countercharge u4 wheel -23"));
    ls_free(&f);
}

/* [D Countercharge, p.36; C, p.24]: the engaged column beyond the cavalry's charge allowance (Waves: 8 BW)
 * is no target, so no countercharge is due; brought within it, it is */
static void test_countercharge_not_due_out_of_reach(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0,
            "[" LS_INF("1/45e", "small", "experienced", "line", 10, 6, 90) ", "
            LS_CAV("Chasseurs", "small", "experienced", "waves", 26, 6, 180) "]",
            "[" AU_COLUMN "]", "");
    ls_place(&f, 2, 10, 6, 270, LASALLE_COLUMN); /* IR 7 charged the 1/45e's front */
    f.st.u[2].flags |= LASALLE_UF_CHARGER;
    assert_int_equal(ls_run_to(&f, LASALLE_ST_REACT), 0);
    gr_rect cav = lasalle_hull(f.s, &f.st, 1), col = lasalle_hull(f.s, &f.st, 2);
    assert_true(gr_rect_dist(&cav, &col) > 8);
    assert_false(lasalle_counter_due(f.s, &f.st, 1));
    f.st.u[1].x = 15.5; /* within reach, the column ahead */
    assert_true(lasalle_counter_due(f.s, &f.st, 1));
    ls_free(&f);
}

/* [C, p.26; ruling A-11]: a battery charged may limber up as its reaction only in command; its reaction
 * menu's formation changes all hang on the one command status */
static void test_battery_reforms_only_in_command(void **state)
{
    (void)state;
    ls_fix f;
    charged(&f, "[" LS_ART("6pdr", 4, "light", "unlimbered", 16, 6, 90) "]", "[" AU_COLUMN "]", 1, 16, 6, 270,
            LASALLE_COLUMN);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_true(lasalle_in_command(f.s, &f.st, 0));
    assert_true(ls_offers(&f, "u0 form limbered"));
    for (int k = 0; k < f.s->nofficers; k++) /* every French officer rides far off */
        if (f.s->officers[k].side == 0) {
            f.st.o[k].x = 1;
            f.st.o[k].y = 23;
        }
    assert_false(lasalle_in_command(f.s, &f.st, 0));
    assert_false(ls_offers(&f, "u0 form limbered"));
    assert_true(ls_offers(&f, "u0 hold"));
    ls_refused(&f, "u0 form limbered", "artillery changes formation only in command (C, p.26; ruling A-11)");
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reactions_in_any_order),
        cmocka_unit_test(test_fall_back),        cmocka_unit_test(test_about_face),
        cmocka_unit_test(test_change_formation), cmocka_unit_test(test_momentum),
        cmocka_unit_test(test_countercharge),
        cmocka_unit_test(test_countercharge_before_the_contact_reaction),
        cmocka_unit_test(test_countercharge_two_targets),
        cmocka_unit_test(test_countercharge_not_due_out_of_reach),
        cmocka_unit_test(test_battery_reforms_only_in_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
