/* test_lasalle_charge.c - charges [C Charging, p.30-32]: who may charge
 * whom, the straight run to the first contact within the allowance, the
 * limited wheel (1 BW of arc for infantry), the mandatory closest target
 * within 4 BW to the front, rough ground shortening the run, sight, hard
 * cover against cavalry, irregulars against regulars in the open; and the
 * contact held for the enemy's Combat Phase. */
#include "lasalle_fixture.h"
#include "../../ai/explain.h"
#include "../../engine/lasalle/rules/charge.h"

#define FR_COLUMN LS_INF("1/45e Ligne", "small", "experienced", "column", 16, 10, 90)
#define AU_LINE LS_INF("IR 7", "small", "experienced", "line", 16, 13, 270)

static void test_who_may_charge(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_INF("1/45e", "small", "experienced", "march", 16, 10, 90) ", "
                   LS_ART("6pdr", 4, "light", "limbered", 22, 10, 90) ", "
                   LS_INF("2/45e", "small", "experienced", "column", 12, 10, 90) "]",
            "[" AU_LINE ", " LS_CAV("Hussars", "small", "experienced", "waves", 12, 13, 270) "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u3", "1/45e is in march: no unit charges from March or Square (C, p.30)");
    ls_do(&f, "u0 hold");
    ls_refused(&f, "u1 charge u3", "6pdr is artillery, which never charges (C, p.30)");
    ls_do(&f, "u1 hold");
    ls_refused(&f, "u2 charge u4", "infantry may not charge cavalry (C, p.30)");
    f.st.u[2].disr = 3;
    ls_refused(&f, "u2 charge u3", "2/45e is one DISR from breaking and may not charge (C, p.30)");
    f.st.u[2].disr = 0;
    f.st.u[2].flags |= LASALLE_UF_OOC_START;
    ls_refused(&f, "u2 charge u3", "was out of command when its Activity Phase began and may not charge");
    ls_free(&f);
}

static void test_charge_into_contact(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_COLUMN "]", "[" AU_LINE "]", "");
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 charge u1"));
    ls_do(&f, "u0 charge u1");
    LS_ASSERT_NEAR(f.st.u[0].y, 13);
    assert_true(f.st.u[0].flags & LASALLE_UF_CHARGER);
    LS_ASSERT_LOGGED(&f, "1/45e Ligne charges IR 7: 3 BW (Full allowance), contact with IR 7");
    ls_free(&f);
    /* 5 BW away: a column's 4 BW fall short */
    ls_load(&f, 0, "[" LS_INF("1/45e Ligne", "small", "experienced", "column", 16, 8, 90) "]", "[" AU_LINE "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u1", "the charge would fall short before reaching IR 7");
    ls_free(&f);
}

/* [C, p.31]: a charge passes through friendly artillery but may not end on top of it. Asked with its
 * reason and asked for the verdict alone (the search's way, which looks at where the run ends before
 * sweeping the run), the charge is refused alike; with the battery out of the way it goes */
static void test_charge_ending_on_a_friendly_battery(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0,
            "[" LS_CAV("Chasseurs", "small", "experienced", "waves", 16, 4, 90) ", "
            LS_ART("6pdr", 4, "light", "unlimbered", 16, 10, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 16, 11, 270) "]", "");
    lasalle_charge c;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(lasalle_charge_try(f.s, &f.st, 0, 2, 0, &c, &err), -1);
    LS_ASSERT_HAS(err.msg, "the charge would end on top of 6pdr");
    assert_int_equal(lasalle_charge_try(f.s, &f.st, 0, 2, 0, &c, NULL), -1);
    f.st.u[1].x = 30; /* the battery moved aside: the charge strikes IR 7 */
    gr_error_clear(&err);
    assert_int_equal(lasalle_charge_try(f.s, &f.st, 0, 2, 0, &c, &err), 0);
    assert_int_equal(lasalle_charge_try(f.s, &f.st, 0, 2, 0, &c, NULL), 0);
    assert_int_equal(c.sw.ncontact, 1);
    assert_int_equal(c.sw.contact[0], 2);
    ls_free(&f);
}

/* the limited wheel: infantry 1 BW of arc [C, p.31] */
/* a hint's reasons for a charge: the tries run on to the other side's reply
 * (the weights' settle), where the charge declared now is fought in that
 * side's Combat Phase [C, p.24, p.32]; stopped at the end of this turn they
 * would never see the melee */
static void test_charge_explained_up_to_the_combat(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_COLUMN "]", "[" AU_LINE "]", "");
    ls_to_activity(&f);
    gr_action a;
    gr_error_clear(&f.err);
    assert_int_equal(f.g.rs->present->parse_action(f.g.scn, &f.st, "u0 charge u1", &a, &f.err), 0);
    gr_explanation ex;
    assert_int_equal(gr_explain(&f.g, &f.st, &a, -1, 20, 7, &ex), 0);
    LS_ASSERT_HAS(ex.text, "of 20 tries by the other side's reply");
    assert_true(ex.enemy_worse > 0);
    ls_free(&f);
}

static void test_limited_wheel(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_COLUMN "]", "[" LS_INF("IR 7", "small", "experienced", "line", 19.3, 13, 270) "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u1 wheel -40", "the limited wheel before a charge is at most 1 BW of arc for infantry");
    ls_refused(&f, "u0 charge u1", "the charge would fall short before reaching IR 7");
    /* the menu offers the smallest wheel that reaches it */
    gr_action acts[GR_MAX_ACTIONS];
    int n = f.g.rs->rules->legal_actions(f.g.scn, &f.st, acts, GR_MAX_ACTIONS), found = 0;
    for (int k = 0; k < n; k++)
        if (acts[k].type == LASALLE_A_CHARGE) {
            found = 1;
            assert_true(acts[k].p[0] < 0 && acts[k].p[0] >= -28.7f);
            char buf[64];
            f.g.rs->present->format_action(f.g.scn, &f.st, &acts[k], buf, sizeof buf);
            ls_do(&f, buf);
        }
    assert_true(found);
    assert_true(f.st.u[0].flags & LASALLE_UF_CHARGER);
    ls_free(&f);
}

/* [C Mandatory Target, p.32]: the closest enemy within 4 BW to the front that can be reached */
static void test_mandatory_target(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_COLUMN "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 13, 12, 270) ", "
                LS_INF("IR 8", "small", "experienced", "line", 19.5, 12.5, 270) "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u2 wheel -15", "1/45e Ligne must charge IR 7, the closest enemy within 4 BW to its front that it can reach");
    assert_false(ls_offers(&f, "u0 charge u2"));
    ls_do(&f, "u0 charge u1");
    ls_free(&f);
}

/* rough ground on the run makes it Reduced; woods between also hide the target [C, p.24, 32] */
static void test_rough_and_sight(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_COLUMN "]", "[" AU_LINE "]",
            ", \"terrain\": [{\"name\": \"Champ\", \"type\": \"rough\", \"points\": [[10, 11], [22, 11], [22, 12], [10, "
            "12]]}]");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u1", "the charge would fall short before reaching IR 7");
    ls_free(&f);
    ls_load(&f, 0, "[" FR_COLUMN "]", "[" AU_LINE "]",
            ", \"terrain\": [{\"name\": \"Butte\", \"type\": \"hill\", \"points\": [[6, 11], [26, 11], [26, 12], [6, "
            "12]]}]");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u1", "1/45e Ligne cannot see IR 7, and a charge needs a visible target (C, p.32)");
    ls_free(&f);
}

/* cavalry never charges a unit in hard cover; irregulars attack regulars only when neither is in the open [C, p.30] */
static void test_cover_and_irregulars(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_CAV("Hussards", "small", "experienced", "waves", 16, 9, 90) ", "
                   LS_INF("Voltigeurs", "small", "irregular", "column", 19, 8, 90) "]",
            "[" AU_LINE ", " LS_INF("IR 8", "small", "experienced", "line", 19, 11, 270) "]",
            ", \"terrain\": [{\"name\": \"Mur\", \"type\": \"wall\", \"points\": [[13, 13], [19, 13]]}]");
    ls_to_activity(&f);
    ls_refused(&f, "u0 charge u2", "cavalry may not charge IR 7 in hard cover (C, p.30)");
    ls_do(&f, "u0 hold");
    ls_refused(&f, "u1 charge u3", "an irregular unit charges a regular one only when neither stands in the open");
    ls_free(&f);
}

/* the contact stays for the enemy's turn: its Reaction Phase, then its Combat Phase */
static void test_contact_held(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_COLUMN "]", "[" AU_LINE "]", "");
    ls_to_activity(&f);
    ls_do(&f, "u0 charge u1");
    ls_do(&f, "done");
    /* the Austrians' turn opens with IR 7's contact reaction */
    assert_int_equal(f.st.active, 1);
    assert_int_equal(f.st.turn.step, LASALLE_ST_REACT);
    assert_int_equal(f.st.turn.cursor, 1);
    assert_true(ls_offers(&f, "u1 fallback"));
    assert_true(ls_offers(&f, "u1 hold"));
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charge_ending_on_a_friendly_battery),
        cmocka_unit_test(test_who_may_charge),   cmocka_unit_test(test_charge_into_contact),
        cmocka_unit_test(test_charge_explained_up_to_the_combat),
        cmocka_unit_test(test_limited_wheel),    cmocka_unit_test(test_mandatory_target),
        cmocka_unit_test(test_rough_and_sight),  cmocka_unit_test(test_cover_and_irregulars),
        cmocka_unit_test(test_contact_held),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
