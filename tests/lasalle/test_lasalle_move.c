/* test_lasalle_move.c - the Activity Phase's moves [C, p.24-29]: movement
 * allowances by formation, Reduced in rough ground and mud (irregulars Full
 * in rough), wheels measured on the outer corner, retrograde at double
 * cost, oblique and flank moves, the Formation Change Table (Full, Half,
 * None, DISC, out of command, the Amateur asterisk), about-face,
 * interpenetration and its discipline test, obstacles, the table's edge,
 * squares, artillery, officers and the command path around the enemy's
 * zones. Each test sets up a position, scripts the
 * dice, applies the order and checks the outcome or the refusal. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/command.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/core/rng.h"

#define COLUMN LS_INF("1/45e Ligne", "small", "experienced", "column", 16, 6, 90)
#define WOODS ", \"terrain\": [{\"name\": \"Bois\", \"type\": \"woods\", \"points\": [[14, 8], [18, 8], [18, 12], [14, 12]]}]"

/* [C Movement Allowance, p.24]: column 4, line 2, march 6 (Full) */
static void test_allowances(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "line", 8, 6, 90) ", "
                   LS_INF("3/45e", "small", "experienced", "march", 24, 6, 90) "]", "[" LS_FAR "]", "");
    assert_int_equal(f.st.turn.step, LASALLE_ST_ACTIVITY);
    ls_refused(&f, "u0 move 4.5", "1/45e Ligne has 4 BW to spend (Full allowance in column), the move needs 4.5 BW (C, p.24)");
    ls_do(&f, "u0 move 4");
    LS_ASSERT_NEAR(f.st.u[0].y, 10);
    LS_ASSERT_LOGGED(&f, "1/45e Ligne, moves 4 BW");
    ls_refused(&f, "u1 move 2.5", "has 2 BW to spend (Full allowance in line)");
    ls_do(&f, "u1 move 2");
    ls_do(&f, "u2 move 6");
    LS_ASSERT_NEAR(f.st.u[2].y, 12);
    assert_true(f.st.u[0].flags & LASALLE_UF_MOVED);
    assert_false(f.st.u[0].flags & LASALLE_UF_MANEUVER);
    ls_free(&f);
}

/* [C, p.24]: rough ground on the way means the Reduced allowance; irregulars keep Full in rough but not in mud */
static void test_rough_and_mud(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "column", 16, 7, 90) "]", "[" LS_FAR "]", WOODS);
    ls_refused(&f, "u0 move 2.5", "has 2 BW to spend (Reduced allowance in column)");
    ls_do(&f, "u0 move 2");
    assert_true(f.st.u[0].flags & LASALLE_UF_ROUGH);
    LS_ASSERT_LOGGED(&f, "moves 2 BW through rough ground");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("Grenz", "small", "irregular", "column", 16, 7, 90) "]", "[" LS_FAR "]", WOODS);
    ls_do(&f, "u0 move 4");
    LS_ASSERT_NEAR(f.st.u[0].y, 11);
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("Grenz", "small", "irregular", "column", 16, 4, 90) "]", "[" LS_FAR "]",
            ", \"weather\": {\"ground\": \"mud\"}");
    ls_refused(&f, "u0 move 3", "has 2 BW to spend (Reduced allowance in column)");
    ls_free(&f);
}

/* [C Wheel, p.27]: about a front corner, paid on the outer corner's arc; retrograde costs double */
static void test_wheel_and_retrograde(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "line", 8, 6, 90) "]", "[" LS_FAR "]", "");
    ls_refused(&f, "u0 back 2.5", "has 4 BW to spend (Full allowance in column), the move needs 5 BW");
    ls_do(&f, "u0 back 2");
    LS_ASSERT_NEAR(f.st.u[0].y, 4);
    assert_true(f.st.u[0].flags & LASALLE_UF_MANEUVER);
    /* a 4-wide line: 30 degrees is 2.09 BW of arc, more than its 2 */
    ls_refused(&f, "u1 wheel 30", "the move needs 2.0944 BW");
    ls_do(&f, "u1 wheel 25");
    LS_ASSERT_NEAR(f.st.u[1].heading * 180 / GR_PI, 115);
    /* the front-left corner stayed where it was, at (6, 6) */
    gr_rect h = lasalle_hull_at(&f.s->units[1], f.st.u[1].form, f.st.u[1].x, f.st.u[1].y, f.st.u[1].heading);
    gr_vec2 fl = gr_rect_corner(&h, GR_FL);
    LS_ASSERT_NEAR(fl.x, 6);
    LS_ASSERT_NEAR(fl.y, 6);
    ls_free(&f);
}

/* [C Oblique, Move by the Flank, p.27] */
static void test_oblique_and_flank(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("Amateurs", "small", "amateur", "column", 8, 6, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 22, 9, 270) "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 oblique 2 right 3", "up to 1 BW to the side for each 1 BW forward");
    /* a flank move that would come near the enemy: (17..19) is within 4 BW of IR 7 at (20..24, 8.3..9) */
    ls_refused(&f, "u0 flank right 2", "may not move by the flank: it is, or would come, near the enemy (C, p.27)");
    ls_do(&f, "u0 oblique 2 left 2");
    LS_ASSERT_NEAR(f.st.u[0].x, 14);
    LS_ASSERT_NEAR(f.st.u[0].y, 8);
    ls_refused(&f, "u1 oblique 1 left 1", "Amateurs is Amateur: only Experienced and Irregular units oblique");
    ls_refused(&f, "u1 flank left 2.5", "the move needs 5 BW");
    ls_do(&f, "u1 flank left 2");
    LS_ASSERT_NEAR(f.st.u[1].x, 6);
    ls_free(&f);
}

/* [C Formation Change Table, p.25]: Experienced from another formation Half, from March Full; Amateur None */
static void test_formation_table(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "march", 8, 6, 90) ", "
                   LS_INF("Amateurs", "small", "amateur", "column", 24, 6, 90) "]", "[" LS_FAR "]", "");
    ls_refused(&f, "u0 form line move 1.5", "has 1 BW to spend (Full allowance in line after the change)");
    ls_do(&f, "u0 form line move 1");
    assert_int_equal(f.st.u[0].form, LASALLE_LINE);
    /* the anchor (the left base of the column's front) stayed: the line is centred where the column was */
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 7);
    LS_ASSERT_LOGGED(&f, "1/45e Ligne changes to line (Half: 1 BW left), moves 1 BW");
    ls_do(&f, "u1 form line move 2");
    LS_ASSERT_LOGGED(&f, "2/45e changes to line (Full: 2 BW left)");
    ls_refused(&f, "u2 form line move 1",
               "Amateurs has no movement left after changing formation (None on the Formation Change Table, p.25)");
    ls_do(&f, "u2 form line");
    assert_int_equal(f.st.u[2].form, LASALLE_LINE);
    ls_free(&f);
}

/* Near the enemy an Amateur unit tests its discipline (4+) to change; failing, it does nothing [C, p.25] */
static void test_formation_disc(void **state)
{
    (void)state;
    ls_fix f;
    const char *fr = "[" LS_INF("Amateurs", "small", "amateur", "march", 16, 9, 90) "]";
    const char *au = "[" LS_INF("IR 7", "small", "experienced", "line", 16, 12, 270) "]";
    ls_load(&f, 0, fr, au, "");
    ls_to_activity(&f);
    ls_dice(&f, 1, 3);
    ls_do(&f, "u0 form column");
    assert_int_equal(f.st.u[0].form, LASALLE_MARCH);
    assert_true(f.st.u[0].flags & LASALLE_UF_ACTED);
    LS_ASSERT_LOGGED(&f, "Amateurs fails the DISC test for a change of formation (3+0 against 4+)");
    LS_ASSERT_LOGGED(&f, "Amateurs fails to re-form and does nothing this Activity Phase (C, p.25)");
    ls_free(&f);
    ls_load(&f, 0, fr, au, "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 form column move 1", "no movement left after changing formation (DISC on the Formation Change Table");
    ls_dice(&f, 1, 4);
    ls_do(&f, "u0 form column");
    assert_int_equal(f.st.u[0].form, LASALLE_COLUMN);
    ls_free(&f);
}

/* Out of command: the DISC -1 column, and an Amateur near the enemy may not change at all [C, p.25] */
static void test_formation_out_of_command(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("Lost", "small", "experienced", "column", 28, 12, 90) "]", "[" LS_FAR "]", "");
    ls_dice(&f, 1, 3);
    ls_do(&f, "u0 form line");
    LS_ASSERT_LOGGED(&f, "Lost fails the DISC test for a change of formation (3-1 against 3+)");
    assert_int_equal(f.st.u[0].form, LASALLE_COLUMN);
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("Lost", "small", "amateur", "column", 28, 12, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 24, 13, 270) "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 form line", "Lost cannot change formation: it is Amateur, out of command and near the enemy (p.25)");
    ls_free(&f);
}

/* [C About-Face, p.27]: as a formation change on the table, and a maneuver */
static void test_about_face(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "column", 16, 9, 90) "]", "[" LS_FAR "]", "");
    ls_refused(&f, "u0 about move 2.5", "has 2 BW to spend");
    ls_do(&f, "u0 about move 2");
    LS_ASSERT_NEAR(f.st.u[0].heading * 180 / GR_PI, -90);
    LS_ASSERT_NEAR(f.st.u[0].y, 9 - 4.0 / 3 - 2);
    assert_true(f.st.u[0].flags & LASALLE_UF_MANEUVER);
    ls_free(&f);
}

/* [C Interpenetration, p.29]: the passive unit tests; failing, the mover stops where it touched it */
static void test_interpenetration(void **state)
{
    (void)state;
    ls_fix f;
    const char *fr = "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "line", 16, 8, 90) "]";
    ls_load(&f, 0, fr, "[" LS_FAR "]", "");
    ls_refused(&f, "u0 move 2", "1/45e Ligne would end on top of 2/45e: a unit passes through friends only if it clears them");
    ls_dice(&f, 1, 2);
    ls_do(&f, "u0 move 4");
    LS_ASSERT_LOGGED(&f, "2/45e fails the DISC test for being passed through by 1/45e Ligne (2+0 against 3+)");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne stops against 2/45e (C, p.29)");
    LS_ASSERT_NEAR(f.st.u[0].y, 8 - 2.0 / 3);
    assert_true(f.st.u[0].flags & LASALLE_UF_INTERPEN);
    assert_true(f.st.u[1].flags & LASALLE_UF_INTERPEN);
    ls_free(&f);
    ls_load(&f, 0, fr, "[" LS_FAR "]", "");
    ls_dice(&f, 1, 5);
    ls_do(&f, "u0 move 4");
    LS_ASSERT_NEAR(f.st.u[0].y, 10);
    ls_free(&f);
}

/* the table's edge: no rule for leaving it (FAQ #2), unless the scenario allows it, and then it counts as broken */
static void test_table_edge(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 21, 90) "]", "[" LS_FAR "]", "");
    ls_refused(&f, "u0 move 6", "the book has no rule for leaving it (FAQ #2)");
    ls_do(&f, "u0 move 3");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 10, 22, 90) ", " COLUMN "]", "[" LS_FAR "]",
            ", \"options\": {\"leaving_table\": true}");
    ls_refused(&f, "u0 move 4", "off the table");
    ls_do(&f, "u0 move 6");
    assert_int_equal(f.st.u[0].status, LASALLE_LEFT);
    LS_ASSERT_LOGGED(&f, "1/45e leaves the table and counts as broken (FAQ #2)");
    ls_free(&f);
}

/* [C Crossing an Obstacle, p.29]: the whole move, from touching it to touching it on the far side */
static void test_obstacle(void **state)
{
    (void)state;
    ls_fix f;
    const char *wall = ", \"terrain\": [{\"name\": \"Mur\", \"type\": \"wall\", \"points\": [[10, 8], [22, 8]]}]";
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "column", 12, 8, 90) "]", "[" LS_FAR "]",
            wall);
    ls_refused(&f, "u0 move 4", "crossing the obstacle Mur takes the whole move: order 'cross' (C, p.29)");
    ls_refused(&f, "u0 cross", "1/45e Ligne touches no obstacle");
    ls_do(&f, "u0 move 2");
    ls_do(&f, "u1 cross");
    LS_ASSERT_NEAR(f.st.u[1].y, 8 + 4.0 / 3);
    assert_true(f.st.u[1].flags & LASALLE_UF_CROSSED);
    ls_free(&f);
}

/* [C Crossing an Obstacle, p.29]: a unit touching the wall at an angle may wheel while crossing to line up with
 * it: it ends square to the wall, fully across, its rear edge on it; without the wheel it crosses at its angle */
static void test_obstacle_line_up(void **state)
{
    (void)state;
    const char *wall = ", \"terrain\": [{\"name\": \"Mur\", \"type\": \"wall\", \"points\": [[4, 8], [28, 8]]}]";
    for (int square = 0; square < 2; square++) {
        ls_fix f;
        ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 4, 90) "]", "[" LS_FAR "]", wall);
        /* 10 degrees to the left of square, its right front corner on the wall */
        ls_place(&f, 0, 16, 4, 100, LASALLE_LINE);
        gr_rect h = lasalle_hull(f.s, &f.st, 0);
        ls_place(&f, 0, 16, 4 + 8 - gr_rect_corner(&h, GR_FR).y, 100, LASALLE_LINE);
        ls_do(&f, square ? "u0 cross square" : "u0 cross");
        h = lasalle_hull(f.s, &f.st, 0);
        if (square) {
            LS_ASSERT_NEAR(gr_angle_diff(f.st.u[0].heading, GR_PI / 2), 0);
            LS_ASSERT_NEAR(gr_rect_corner(&h, GR_RL).y, 8);
            LS_ASSERT_NEAR(gr_rect_corner(&h, GR_RR).y, 8);
            LS_ASSERT_LOGGED(&f, "crosses the obstacle, wheeling to line up with it");
        } else {
            LS_ASSERT_NEAR(gr_angle_diff(f.st.u[0].heading, 100 * GR_PI / 180), 0);
            /* fully across, its lower rear corner on the wall */
            LS_ASSERT_NEAR(gr_rect_corner(&h, GR_RL).y, 8);
            assert_true(gr_rect_corner(&h, GR_RR).y > 8.1);
        }
        assert_true(f.st.u[0].flags & LASALLE_UF_CROSSED);
        ls_free(&f);
    }
    /* standing square already, there is nothing to line up */
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 8, 90) "]", "[" LS_FAR "]", wall);
    ls_refused(&f, "u0 cross square", "stands square to Mur already");
    ls_free(&f);
}

/* a square does not move; Squares Moving (H, p.80) lets an Experienced one in command go 1 BW */
static void test_squares(void **state)
{
    (void)state;
    ls_fix f;
    const char *fr = "[" LS_INF("1/45e", "small", "experienced", "square", 16, 6, 90) "]";
    ls_load(&f, 0, fr, "[" LS_FAR "]", "");
    ls_refused(&f, "u0 move 1", "has 0 BW to spend (Full allowance in square)");
    ls_free(&f);
    ls_load(&f, 0, fr, "[" LS_FAR "]", ", \"options\": {\"squares_moving\": true}");
    ls_refused(&f, "u0 wheel 10", "a moving square may not wheel");
    ls_refused(&f, "u0 move 1.5", "has 1 BW to spend");
    ls_do(&f, "u0 flank left 1");
    LS_ASSERT_NEAR(f.st.u[0].x, 15);
    ls_free(&f);
}

/* [C Artillery, p.26, 28]: drives within the allowance, unlimbering, prolong, smoke */
static void test_artillery(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "limbered", 20, 6, 90) ", "
                   LS_ART("12pdr", 4, "heavy", "unlimbered", 8, 6, 90) "]", "[" LS_FAR "]", WOODS);
    ls_refused(&f, "u0 move 2", "6pdr is artillery: it moves with 'drive'");
    ls_refused(&f, "u0 drive 20 12.5 facing 90", "a base of 6pdr would move 6.50 BW, more than its Full allowance of 6 BW");
    ls_refused(&f, "u0 limber drive 20 8 facing 90", "6pdr is already limbered");
    ls_refused(&f, "u0 drive 19 8.5 facing 90 unlimber facing 90", "may not unlimber, even in part, in Bois (woods)");
    ls_do(&f, "u0 drive 22 7 facing 90 unlimber facing 90");
    assert_int_equal(f.st.u[0].form, LASALLE_UNLIMBERED);
    LS_ASSERT_NEAR(f.st.u[0].x, 22.5);
    LS_ASSERT_NEAR(f.st.u[0].y, 7);
    assert_true(f.st.u[0].flags & LASALLE_UF_LIMBER);
    ls_refused(&f, "u1 prolong 1 1", "a prolong moves up to 1 BW (C, p.28), not 1.41");
    f.st.u[1].flags |= LASALLE_UF_SMOKE;
    ls_refused(&f, "u1 limber facing 90", "12pdr has smoke: it may only prolong (C, p.28)");
    ls_do(&f, "u1 prolong -1 0");
    LS_ASSERT_NEAR(f.st.u[1].x, 7);
    ls_free(&f);
}

/* [C, p.28; ruling R-25]: a prolong along the battery's front that would take a gun off the table is refused,
 * also where the two footprints' corners are nearly in line (a battery facing about -171 degrees near the
 * south edge, sliding 1 BW to its left: one corner ends 0.07 BW off the table) */
static void test_prolong_off_the_table(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("12pdr", 4, "heavy", "unlimbered", 8, 6, 90) "]", "[" LS_FAR "]", "");
    /* the pose a random game reached (its doubles as the game had them) */
    f.st.u[0].x = 26.49830139264666;
    f.st.u[0].y = 2.8891621751715739;
    lasalle_unit_set_heading(&f.st.u[0], -2.9845130209103035);
    ls_refused(&f, "u0 prolong -1 0", "the move would take the battery off the table");
    ls_do(&f, "u0 prolong 1 0");
    ls_free(&f);
}

/* [C Movement: The Basics, p.24]: the units of a force move in any order before their officer: one may wait */
/* [C Maneuvers, p.27]: a wheel and a move straight on are one order, so the menu turns a unit to face the
 * nearest enemy, or the objective its side does not hold, and goes on as far as its allowance, and a stand-off
 * short of the enemy (only a charge makes contact, C p.30), let it */
static void test_toward(void **state)
{
    (void)state;
    ls_fix f;
    /* the column's front at (16, 6) facing north: IR 7, facing it on the diagonal, lies 45 degrees to its
     * right, the mill 45 to its left */
    ls_load(&f, 0, "[" COLUMN "]", "[" LS_INF("IR 7", "small", "experienced", "line", 26, 16, 225) "]",
            ", \"defender\": 1, \"objectives\": [{\"name\": \"Mill\", \"x\": 6, \"y\": 16, \"radius\": 4}]");
    ls_to_activity(&f);
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    /* the column's Full 4 BW less the wheel's arc, 45 degrees of its width, in half BW */
    double left = floor((4 - GR_PI / 4 * h.w) * 2) / 2;
    char want[64];
    snprintf(want, sizeof want, "u0 wheel -45 move %g", left);
    assert_true(ls_offers(&f, want));
    snprintf(want, sizeof want, "u0 wheel 45 move %g", left);
    assert_true(ls_offers(&f, want));
    ls_do(&f, want);
    LS_ASSERT_NEAR(f.st.u[0].heading * 180 / GR_PI, 135);
    ls_free(&f);

    /* IR 7 straight ahead, its front 3.5 BW off: the move stops 1 BW short of it, where the fixed steps of the
     * allowance (4, half of it 2, and 1 BW) do not */
    ls_load(&f, 0, "[" COLUMN "]", "[" LS_INF("IR 7", "small", "experienced", "line", 16, 9.5, 270) "]", "");
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 move 2.5"));
    ls_do(&f, "u0 move 2.5");
    LS_ASSERT_NEAR(f.st.u[0].y, 8.5);
    ls_free(&f);
}

/* [C Retrograde, p.27]: a unit may move back any distance its allowance pays for at double cost; the menu
 * offers as far as the allowance goes (the column's 4 BW: 2 back), else half as far, else 1 BW, the first that
 * is legal. With a friend close behind, the 2 BW would end on top of it (C, p.29), and 1 BW is offered */
static void test_retrograde_menu(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "line", 4, 6, 90) "]", "[" LS_FAR "]", "");
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 back 2"));
    assert_false(ls_offers(&f, "u0 back 1"));
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    ls_place(&f, 1, 16, 6 - h.d - 1.5, 90, LASALLE_LINE); /* its front 1.5 BW behind the column's rear */
    assert_false(ls_offers(&f, "u0 back 2"));
    assert_true(ls_offers(&f, "u0 back 1"));
    ls_refused(&f, "u0 back 2", "would end on top of 2/45e");
    ls_do(&f, "u0 back 1");
    LS_ASSERT_NEAR(f.st.u[0].y, 5);
    ls_free(&f);
}

static void test_later(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN ", " LS_INF("2/45e", "small", "experienced", "line", 16, 8, 90) "]", "[" LS_FAR "]", "");
    assert_true(ls_offers(&f, "u0 later"));
    ls_do(&f, "u0 later");
    assert_int_equal(lasalle_steps.def[f.st.turn.step].actor(f.s, &f.st), 1);
    ls_do(&f, "u1 move 2");
    /* at the subcommander's place, the unit that waited moves first, and may not wait again */
    assert_int_equal(lasalle_steps.def[f.st.turn.step].actor(f.s, &f.st), 0);
    assert_false(ls_offers(&f, "u0 later"));
    ls_refused(&f, "u0 later", "1/45e Ligne already waited for the rest of its force");
    ls_do(&f, "u0 move 2");
    LS_ASSERT_NEAR(f.st.u[0].y, 8);
    assert_int_equal(lasalle_steps.def[f.st.turn.step].actor(f.s, &f.st), f.s->nunits + 1);
    ls_free(&f);
}

/* [C Moving Officers, p.28] */
static void test_officers(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN "]", "[" LS_INF("IR 7", "small", "experienced", "line", 16, 20, 270) "]", "");
    ls_do(&f, "u0 hold");
    assert_int_equal(lasalle_steps.def[f.st.turn.step].actor(f.s, &f.st), f.s->nunits + 1);
    ls_refused(&f, "c1 move 16 30", "(16, 30) is off the table");
    ls_refused(&f, "c1 move 16 5.5", "GdB Blue may not stand inside 1/45e Ligne");
    ls_refused(&f, "c1 move 3 3", "GdB Blue must end within his command range (6 BW) of one of his units (C, p.28)");
    ls_refused(&f, "c1 move 16 17", "GdB Blue may not end near IR 7 unless a unit of his command is near it too");
    ls_do(&f, "c1 move 15 3");
    LS_ASSERT_NEAR(f.st.o[1].x, 15);
    LS_ASSERT_LOGGED(&f, "GdB Blue rides");
    ls_free(&f);
}

/* [B Command Range, p.20; FAQ #6]: a command path keeps 1 BW from enemy units. With the line from GdB Blue
 * to his battalion clear, the path is the straight distance; with an enemy across it, the path goes around
 * the enemy's 1-BW zone, longer than the line, and the battalion is out of command when no way around fits
 * in his 6 BW */
static void test_command_path_around_the_enemy(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "line", 16, 9, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "column", 30, 20, 270) "]", "");
    int k = -1;
    for (int q = 0; q < f.s->nofficers; q++)
        if (!strcmp(f.s->officers[q].name, "GdB Blue")) k = q;
    assert_true(k >= 0);
    f.st.o[k].x = 16;
    f.st.o[k].y = 3;
    gr_rect h = lasalle_hull(f.s, &f.st, 0);
    double straight = gr_rect_point_dist(&h, gr_v2(16, 3));
    assert_true(straight < 6);
    LS_ASSERT_NEAR(lasalle_command_path(f.s, &f.st, k, 0), straight); /* nothing in the way */
    /* the column beside the line, 1.5 BW off it: near, but not in the way */
    f.st.u[1].x = 18;
    f.st.u[1].y = 6;
    lasalle_unit_set_heading(&f.st.u[1], GR_PI / 2);
    LS_ASSERT_NEAR(lasalle_command_path(f.s, &f.st, k, 0), straight);
    /* the column across the line, its zone short of the officer and the battalion: around it */
    f.st.u[1].x = 16.3;
    f.st.u[1].y = 6;
    lasalle_unit_set_heading(&f.st.u[1], 0);
    double around = lasalle_command_path(f.s, &f.st, k, 0);
    assert_true(isfinite(around) && around > straight + 0.3 && around <= 6);
    assert_true(lasalle_in_command(f.s, &f.st, 0));
    /* a wider block across the line: no way around within 6 BW */
    f.st.u[1].form = LASALLE_LINE;
    assert_true(isinf(lasalle_command_path(f.s, &f.st, k, 0)));
    ls_free(&f);
}

/* [B, p.14] a unit's hull: worked out from the cosine and sine the unit keeps with its heading
 * (lasalle_unit_set_heading), it is bit for bit the hull worked out afresh from the heading, for 400
 * headings, the table's axes, -0 and headings past +-pi among them; the heading itself is kept as given */
static void test_hull_axes_kept_with_the_heading(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COLUMN "]", "[" LS_FAR "]", "");
    gr_rng rng;
    gr_rng_seed(&rng, 41, 1);
    const double fixed[] = {0.0, -0.0, GR_PI / 2, -GR_PI / 2, GR_PI, -GR_PI, 3 * GR_PI, -7.0, 4.0, 1e-300};
    int n = 0;
    for (int k = 0; k < 400; k++) {
        double h = k < (int)(sizeof fixed / sizeof fixed[0]) ? fixed[k] : gr_rng_unit(&rng) * 20 - 10;
        lasalle_unit_set_heading(&f.st.u[0], h);
        assert_memory_equal(&f.st.u[0].heading, &h, sizeof h);
        f.st.u[0].form = (uint8_t)(k % 2 ? LASALLE_LINE : LASALLE_COLUMN);
        gr_rect kept = lasalle_hull(f.s, &f.st, 0);
        gr_rect made = lasalle_hull_at(&f.s->units[0], f.st.u[0].form, f.st.u[0].x, f.st.u[0].y, h);
        assert_memory_equal(&kept, &made, sizeof kept);
        n++;
    }
    assert_int_equal(n, 400);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allowances),         cmocka_unit_test(test_rough_and_mud),
        cmocka_unit_test(test_wheel_and_retrograde), cmocka_unit_test(test_oblique_and_flank),
        cmocka_unit_test(test_formation_table),    cmocka_unit_test(test_formation_disc),
        cmocka_unit_test(test_formation_out_of_command), cmocka_unit_test(test_about_face),
        cmocka_unit_test(test_interpenetration),   cmocka_unit_test(test_table_edge),
        cmocka_unit_test(test_obstacle), cmocka_unit_test(test_obstacle_line_up),           cmocka_unit_test(test_squares),
        cmocka_unit_test(test_artillery),          cmocka_unit_test(test_officers), cmocka_unit_test(test_command_path_around_the_enemy),
        cmocka_unit_test(test_prolong_off_the_table),
        cmocka_unit_test(test_later), cmocka_unit_test(test_toward), cmocka_unit_test(test_retrograde_menu),
        cmocka_unit_test(test_hull_axes_kept_with_the_heading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
