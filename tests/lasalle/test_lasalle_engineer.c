/* test_lasalle_engineer.c - Engineering, an optional rule [H Engineering,
 * p.77-79]: engineers in the scenario file (one by default, a side's own
 * list, the tasks not built refused), the Engineering step of the owning
 * side's Status Phase (deploying an Assault engineer within the
 * commander's range and not near the enemy, or keeping it back), the
 * Assault engineer's +2 combat dice and the man-made cover it takes away
 * (natural cover stays), its loss with its unit, the engineering test's
 * dice, the notation, the map marker, and whole random games of the
 * bundled scenario with the invariants checked. */
#include "lasalle_fixture.h"

#include "../../ai/player.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/core/play.h"
#include "../../engine/lasalle/rules/combat.h"
#include "../../engine/lasalle/rules/engineer.h"

#define ENG_ON ", \"options\": {\"engineering\": true}"
#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
#define FR_IRR LS_INF("Miquelets", "small", "irregular", "line", 10, 6, 90)
#define FR_CAV LS_CAV("7e Hussards", "small", "experienced", "waves", 22, 5, 90)
#define FR_FAR LS_INF("4/45e Ligne", "small", "experienced", "line", 3, 16, 90)
#define FR_UNITS "[" FR_LINE ", " FR_IRR ", " FR_CAV ", " FR_FAR "]"
/* the Austrian unit is u4 */
#define AU_FAR "[" LS_FAR "]"


static void load_with(ls_fix *f, const char *french_extra, const char *french, const char *austrians,
                      const char *root_extra)
{
    char *t = ls_text_french(french_extra, french, austrians, root_extra);
    if (ls_try_load(f, t)) fail_msg("refused: %s", f->err.msg);
    free(t);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err)) fail_msg("invariant: %s", f->err.msg);
}

static void refused_with(const char *french_extra, const char *root_extra, const char *why)
{
    ls_fix f;
    char *t = ls_text_french(french_extra, FR_UNITS, AU_FAR, root_extra);
    if (!ls_try_load(&f, t)) fail_msg("accepted, expected \"%s\"", why);
    LS_ASSERT_HAS(f.err.msg, why);
    free(t);
}

/* [H, p.77]: an army has one engineer base unless the scenario says otherwise; each is kept off the table */
static void test_default_engineers(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "", FR_UNITS, AU_FAR, ENG_ON);
    assert_true(f.s->options & LASALLE_OPT_ENGINEERING);
    assert_int_equal(f.s->nengineers, 2);
    assert_int_equal(f.s->engineers[0].side, 0);
    assert_int_equal(f.s->engineers[1].side, 1);
    assert_string_equal(f.s->engineers[0].name, "engineers of the French");
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_RESERVE);
    assert_int_equal(f.st.eng[0].unit, -1);
    ls_free(&f);
    /* "engineers": [] gives a side none; two listed give two */
    load_with(&f, ", \"engineers\": [{\"task\": \"reserve\"}, {\"name\": \"Sapeurs\"}]", FR_UNITS, AU_FAR, ENG_ON);
    assert_int_equal(f.s->nengineers, 3);
    assert_string_equal(f.s->engineers[1].name, "Sapeurs");
    ls_free(&f);
    load_with(&f, ", \"engineers\": []", FR_UNITS, AU_FAR, ENG_ON);
    assert_int_equal(f.s->nengineers, 1);
    assert_int_equal(f.s->engineers[0].side, 1);
    ls_free(&f);
    /* without the option: no engineers at all, and none may be listed */
    load_with(&f, "", FR_UNITS, AU_FAR, "");
    assert_int_equal(f.s->nengineers, 0);
    ls_free(&f);
    refused_with(", \"engineers\": []", "", "$.sides[0].engineers: engineers take the optional rule Engineering");
}

/* [H, p.77-79]: the scenario file's checks, each naming the JSON path; the tasks not built are refused */
static void test_scenario_refusals(void **state)
{
    (void)state;
    refused_with(", \"engineers\": [{\"task\": \"fortification\"}]", ENG_ON,
                 "$.sides[0].engineers[0].task: the engineering task Fortification (H, p.78)");
    refused_with(", \"engineers\": [{\"task\": \"bridging\"}]", ENG_ON, "Bridging (H, p.78-79)");
    refused_with(", \"engineers\": [{\"task\": \"demolition\"}]", ENG_ON, "Demolition (H, p.79)");
    refused_with(", \"engineers\": [{\"task\": \"digging\"}]", ENG_ON, "$.sides[0].engineers[0].task");
    refused_with(", \"engineers\": [{\"task\": \"assault\"}]", ENG_ON, "$.sides[0].engineers[0].unit");
    refused_with(", \"engineers\": [{\"task\": \"assault\", \"unit\": \"IR 7\"}]", ENG_ON,
                 "$.sides[0].engineers[0].unit: the French have no unit named \"IR 7\"");
    refused_with(", \"engineers\": [{\"task\": \"assault\", \"unit\": \"Miquelets\"}]", ENG_ON,
                 "Miquelets is not regular infantry");
    refused_with(", \"engineers\": [{\"task\": \"assault\", \"unit\": \"7e Hussards\"}]", ENG_ON,
                 "7e Hussards is not regular infantry");
    refused_with(", \"engineers\": [{\"task\": \"assault\", \"unit\": \"1/45e Ligne\"}, {\"task\": \"assault\", "
                 "\"unit\": \"1/45e Ligne\"}]",
                 ENG_ON, "$.sides[0].engineers[1].unit: 1/45e Ligne already has an engineer");
    refused_with(", \"engineers\": [{\"task\": \"reserve\", \"unit\": \"1/45e Ligne\"}]", ENG_ON,
                 "only an Assault engineer joins a unit");
    refused_with(", \"engineers\": [{\"task\": \"reserve\", \"at\": [3, 3]}]", ENG_ON, "$.sides[0].engineers[0]");
    refused_with(", \"engineers\": [{}, {}, {}, {}, {}, {}, {}]", ENG_ON, "$.sides[0].engineers");
    /* a unit still to arrive is not on the table at the set-up [H, p.78] */
    ls_fix f;
    char *t = ls_text_french(", \"engineers\": [{\"task\": \"assault\", \"unit\": \"1/45e Ligne\"}]",
                        "[" LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 3, 90) "]", AU_FAR, ENG_ON);
    char *at = strstr(t, "\"units\": [");
    assert_non_null(at);
    const char *late = "\"arrives\": {\"turn\": 3}, ";
    char *u = malloc(strlen(t) + strlen(late) + 1);
    memcpy(u, t, (size_t)(at - t));
    strcpy(u + (at - t), late);
    strcat(u, at);
    free(t);
    int rc = ls_try_load(&f, u);
    free(u);
    if (!rc) fail_msg("a set-up engineer with a unit arriving later was accepted");
    LS_ASSERT_HAS(f.err.msg, "$.sides[0].engineers[0].unit: 1/45e Ligne arrives later");
}

/* [H, p.78]: in the Engineering step of its Status Phase the commander deploys an engineer to a regular infantry
 * unit within his range, not near the enemy; the other units are not offered; "done" keeps it back */
static void test_deploy_in_status_phase(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "", FR_UNITS, AU_FAR, ENG_ON);
    ls_to_engineering(&f);
    assert_int_equal(f.st.turn.phase, LASALLE_PH_STATUS);
    assert_int_equal(f.g.rs->rules->to_move(f.g.scn, &f.st), 0);
    assert_true(ls_offers(&f, "e0 assault u0"));
    assert_string_equal(ls_now(&f), "turn 1, the French's Status Phase, engineering: engineers of the French (e0) may be "
                                    "deployed");
    assert_false(ls_offers(&f, "e0 assault u1")); /* irregular */
    assert_false(ls_offers(&f, "e0 assault u2")); /* cavalry */
    assert_false(ls_offers(&f, "e0 assault u3")); /* beyond the commander's 10 BW */
    ls_refused(&f, "e0 assault u3", "within the commander's range (H, p.78)");
    ls_refused(&f, "e0 assault u1", "joins a regular infantry unit of its own army (H, p.77)");
    ls_refused(&f, "e0 assault u4", "joins a regular infantry unit of its own army");
    ls_refused(&f, "e1 assault u4", "it is e0's deployment now");
    assert_true(ls_offers(&f, "e0 fortification u0")); /* field works before it [H, p.78] */
    ls_refused(&f, "e9 assault u0", "there is no engineer e9");
    ls_do(&f, "e0 assault u0");
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    assert_int_equal(f.st.eng[0].task, LASALLE_TASK_ASSAULT);
    assert_int_equal(f.st.eng[0].unit, 0);
    assert_int_equal(lasalle_engineer_with(f.s, &f.st, 0), 0);
    LS_ASSERT_LOGGED(&f, "engineers of the French join 1/45e Ligne for the rest of the game: +2 combat dice");
    /* the Status Phase goes on: the Austrians' turn 2 */
    assert_int_equal(f.st.active, 1);
    assert_int_equal(f.st.turn_no, 2);
    ls_free(&f);
}

/* [H, p.78]: not near the enemy (4 BW); "done" keeps the engineer off the table, to be offered again next turn */
static void test_not_near_enemy_and_kept_back(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "", "[" FR_LINE ", " LS_INF("2/45e Ligne", "small", "experienced", "line", 6, 6, 90) "]",
              AU_FAR, ENG_ON);
    ls_place(&f, 2, 16, 9.5, 270, LASALLE_LINE); /* IR 7 comes within 4 BW of 1/45e, facing it */
    ls_to_engineering(&f);
    assert_false(ls_offers(&f, "e0 assault u0"));
    ls_refused(&f, "e0 assault u0", "not deployed near the enemy, within 4 BW (H, p.78)");
    assert_true(ls_offers(&f, "e0 assault u1"));
    ls_do(&f, "done");
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_RESERVE);
    assert_int_equal(f.st.active, 1);
    /* the Austrians' IR 7 is near the enemy and beyond their commander's range: nothing for them to decide */
    for (int guard = 0; guard < 64 && f.st.turn.step != LASALLE_ST_ENGINEER; guard++) ls_do(&f, "done");
    assert_int_equal(f.st.active, 0);
    assert_int_equal(f.st.turn_no, 3);
    assert_true(ls_offers(&f, "e0 assault u1"));
    ls_free(&f);
}

/* [H, p.78]: an engineer placed with its unit at the set-up; no engineer left to deploy: no Engineering decision */
static void test_set_up_assault(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, ", \"engineers\": [{\"name\": \"Sapeurs\", \"task\": \"assault\", \"unit\": \"1/45e Ligne\"}]",
              FR_UNITS, "[" LS_FAR ", " LS_INF("IR 8", "small", "experienced", "line", 16, 18, 270) "]",
              ENG_ON ", \"first\": 1");
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_WORKING);
    assert_int_equal(f.st.eng[0].unit, 0);
    /* the Austrians move first and deploy theirs (IR 7 stands beyond their commander's 10 BW) */
    ls_dice(&f, 0);
    for (int guard = 0; guard < 64 && f.st.turn.step != LASALLE_ST_ENGINEER; guard++) ls_do(&f, "done");
    assert_int_equal(f.st.active, 1);
    assert_false(ls_offers(&f, "e1 assault u4"));
    ls_do(&f, "e1 assault u5");
    assert_int_equal(f.st.eng[1].unit, 5);
    /* the French have nothing to decide in their Engineering step */
    for (int guard = 0; guard < 64 && f.st.turn_no < 3; guard++) {
        assert_false(f.st.turn.step == LASALLE_ST_ENGINEER);
        ls_do(&f, "done");
    }
    assert_int_equal(f.st.turn_no, 3);
    ls_free(&f);
}

/* a French attacker u0 against the Austrian defender u4 */
static int attack_dice(const ls_fix *f, int u, char *why, size_t cap)
{
    lasalle_side_of_combat c = {.d = 4, .natt = 1, .att = {0}};
    return lasalle_combat_dice(f->s, &f->st, &c, u, why, cap);
}

#define WALL ", \"terrain\": [{\"name\": \"Mur\", \"type\": \"wall\", \"points\": [[13, 6], [19, 6]]}]"
#define WOODS                                                                                                     \
    ", \"terrain\": [{\"name\": \"Bois\", \"type\": \"woods\", \"points\": [[12, 5.95], [20, 5.95], [20, 10], "        \
    "[12, 10]]}]"
#define TOWN                                                                                                      \
    ", \"terrain\": [{\"name\": \"Hameau\", \"type\": \"town\", \"cover\": \"hard\", \"points\": [[14, 6], [18, 6], "  \
    "[18, 10], [14, 10]]}]"

/* [H, p.77]: +2 combat dice, attacking or defending, whatever the enemy */
static void test_assault_dice(void **state)
{
    (void)state;
    ls_fix f;
    char a[256], b[256];
    load_with(&f, ", \"engineers\": [{\"task\": \"assault\", \"unit\": \"1/45e Ligne\"}]", FR_UNITS, AU_FAR, ENG_ON);
    ls_place(&f, 4, 16, 6, 270, LASALLE_LINE); /* front to front with 1/45e */
    int with = attack_dice(&f, 0, a, sizeof a);
    LS_ASSERT_HAS(a, "+2 engineer");
    assert_null(strstr(a, "halved"));
    f.st.eng[0].status = LASALLE_EN_RESERVE; /* the same combat without him */
    f.st.eng[0].task = LASALLE_TASK_NONE;
    f.st.eng[0].unit = -1;
    int without = attack_dice(&f, 0, b, sizeof b);
    assert_null(strstr(b, "engineer"));
    assert_int_equal(with, without + LASALLE_ENGINEER_DICE);
    /* defending too: u0 defends against u4 */
    f.st.eng[0].status = LASALLE_EN_WORKING;
    f.st.eng[0].task = LASALLE_TASK_ASSAULT;
    f.st.eng[0].unit = 0;
    lasalle_side_of_combat c = {.d = 0, .natt = 1, .att = {4}};
    lasalle_combat_dice(f.s, &f.st, &c, 0, a, sizeof a);
    LS_ASSERT_HAS(a, "+2 engineer");
    /* a broken unit's engineer is gone with it */
    f.st.u[0].status = LASALLE_BROKEN;
    assert_int_equal(lasalle_engineer_with(f.s, &f.st, 0), -1);
    ls_free(&f);
}

/* the defender u4 behind or in `terrain`: does it count cover against u0, with and without the engineer */
static void cover_case(const char *terrain, int cover_without, int cover_with, double y, int form)
{
    ls_fix f;
    char a[256];
    char *root = malloc(strlen(terrain) + 64);
    sprintf(root, "%s%s", ENG_ON, terrain);
    load_with(&f, ", \"engineers\": [{\"task\": \"assault\", \"unit\": \"1/45e Ligne\"}]", FR_UNITS, AU_FAR, root);
    free(root);
    ls_place(&f, 4, 16, y, 270, form);
    lasalle_side_of_combat c = {.d = 4, .natt = 1, .att = {0}};
    lasalle_combat_dice(f.s, &f.st, &c, 4, a, sizeof a);
    if ((strstr(a, "+2 cover") != NULL) != cover_with) fail_msg("with the engineer: %s", a);
    f.st.eng[0].status = LASALLE_EN_RESERVE;
    f.st.eng[0].task = LASALLE_TASK_NONE;
    f.st.eng[0].unit = -1;
    lasalle_combat_dice(f.s, &f.st, &c, 4, a, sizeof a);
    if ((strstr(a, "+2 cover") != NULL) != cover_without) fail_msg("without the engineer: %s", a);
    ls_free(&f);
}

/* [H, p.77]: a defender behind a wall or in a town loses its cover against the engineer's unit; woods still
 * cover it */
static void test_assault_cover(void **state)
{
    (void)state;
    cover_case(WALL, 1, 0, 6, LASALLE_LINE);
    cover_case(WOODS, 1, 1, 6, LASALLE_LINE);
    /* Deployed(Town) in a hard-cover town base: a garrison filling it, its front on the attacker's side */
    ls_fix f;
    char a[256];
    load_with(&f, ", \"engineers\": [{\"task\": \"assault\", \"unit\": \"1/45e Ligne\"}]", FR_UNITS,
              "[" LS_FAR ", {\"name\": \"IR 9\", \"type\": \"infantry\", \"size\": \"small\", "
              "\"esprit\": \"reliable\", "
              "\"discipline\": \"experienced\", \"sk\": 1, \"start\": {\"town_base\": \"Hameau\", \"formation\": "
              "\"deployed_town\"}, \"facing\": 270}]",
              ENG_ON TOWN);
    ls_place(&f, 0, 16, 6, 90, LASALLE_LINE);
    lasalle_side_of_combat c = {.d = 5, .natt = 1, .att = {0}};
    lasalle_combat_dice(f.s, &f.st, &c, 5, a, sizeof a);
    if (strstr(a, "+2 cover")) fail_msg("the town's cover counted against the engineer: %s", a);
    f.st.eng[0].status = LASALLE_EN_RESERVE;
    f.st.eng[0].task = LASALLE_TASK_NONE;
    f.st.eng[0].unit = -1;
    lasalle_combat_dice(f.s, &f.st, &c, 5, a, sizeof a);
    LS_ASSERT_HAS(a, "+2 cover");
    ls_free(&f);
}

/* [H, p.77; E, p.55-56]: a combat fought: the Austrian column with its engineer charges the French line behind a
 * wall; the line has no cover against it, the column rolls +2 */
static void test_assault_combat_fought(void **state)
{
    (void)state;
    ls_fix f;
    char *t = ls_text(0, "[" FR_LINE "]", "[" LS_INF("IR 7", "small", "experienced", "column", 16, 20, 270) "]",
                      ENG_ON WALL);
    const char *at = strstr(t, "\"name\": \"Austrians\"");
    assert_non_null(at);
    const char *extra = ", \"engineers\": [{\"name\": \"Pioniere\", \"task\": \"assault\", \"unit\": \"IR 7\"}]";
    size_t cut = (size_t)(at - t) + strlen("\"name\": \"Austrians\"");
    char *u = malloc(strlen(t) + strlen(extra) + 1);
    memcpy(u, t, cut);
    strcpy(u + cut, extra);
    strcat(u, t + cut);
    free(t);
    if (ls_try_load(&f, u)) fail_msg("refused: %s", f.err.msg);
    free(u);
    assert_int_equal(f.st.eng[1].unit, 1); /* e0 is the French army's default engineer */
    ls_place(&f, 1, 16, 6, 270, LASALLE_COLUMN);
    f.st.u[1].flags |= LASALLE_UF_CHARGER;
    /* without the engineer the wall would cover the line */
    char why[256];
    lasalle_side_of_combat c = {.d = 0, .natt = 1, .att = {1}};
    lasalle_state keep = f.st;
    f.st.eng[1] = f.st.eng[0];
    lasalle_combat_dice(f.s, &f.st, &c, 0, why, sizeof why);
    LS_ASSERT_HAS(why, "+2 cover");
    f.st = keep;
    ls_dice(&f, 24, 1, 1, 1, 1, 1, 1, 1, 1, /* the line: 8 dice, no cover */ 5, 5, 1, 1, 1, 1, 1, 1, /* the column */
            3, 3, 3, 3, 3, 3, 3, 3);
    if (ls_run_to(&f, LASALLE_ST_COMBAT_BEGIN)) {
        ls_print_log(&f);
        fail_msg("the dice failed: %s", f.dice.fail_msg);
    }
    LS_ASSERT_LOGGED(&f, "1/45e Ligne: +8 dice (2 a base): 8 dice");
    LS_ASSERT_LOGGED(&f, "IR 7: +8 dice (2 a base) +2 engineer -2 out of command: 8 dice");
    ls_free(&f);
}

/* [H, p.77]: when its unit breaks the engineer shares its fate: lost at its side's next Engineering step */
static void test_lost_with_unit(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, ", \"engineers\": [{\"name\": \"Sapeurs\", \"task\": \"assault\", \"unit\": \"1/45e Ligne\"}]",
              FR_UNITS, AU_FAR, ENG_ON);
    f.st.u[0].status = LASALLE_BROKEN;
    ls_dice(&f, 5, 6, 6, 6, 6, 6); /* the army morale check its losses call for */
    assert_int_equal(ls_run_to(&f, LASALLE_ST_STATUS), 0);
    assert_int_equal(f.st.eng[0].status, LASALLE_EN_LOST);
    LS_ASSERT_LOGGED(&f, "Sapeurs, attached to 1/45e Ligne, share its fate and are lost (H, p.77)");
    if (f.g.rs->present->check_invariants(f.g.scn, &f.st, &f.err)) fail_msg("%s", f.err.msg);
    ls_free(&f);
}

/* [H, p.78-79]: each engineer on the task rolls 1d6 needing 4+, extra successes wasted; against a wooden bridge
 * each may re-roll a failure */
static void test_engineering_test(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, "", FR_UNITS, AU_FAR, ENG_ON);
    gr_ctx cx = {&f.dice, &f.log, NULL, 0};
    ls_dice(&f, 2, 3, 5);
    assert_int_equal(lasalle_engineering_test(2, 0, "demolition", &cx), 1);
    ls_dice(&f, 2, 1, 3);
    assert_int_equal(lasalle_engineering_test(2, 0, "demolition", &cx), 0);
    ls_dice(&f, 2, 4, 6); /* two successes: the task is done once */
    assert_int_equal(lasalle_engineering_test(2, 0, "bridging", &cx), 1);
    ls_dice(&f, 2, 2, 4); /* wooden: the 2 is re-rolled into a 4 */
    assert_int_equal(lasalle_engineering_test(1, 1, "demolition", &cx), 1);
    LS_ASSERT_LOGGED(&f, "re-rolled (wooden bridge, 4+)");
    ls_dice(&f, 2, 2, 3);
    assert_int_equal(lasalle_engineering_test(1, 1, "demolition", &cx), 0);
    ls_dice(&f, 0);
    assert_int_equal(lasalle_engineering_test(1, 0, "demolition", &cx), -1);
    ls_free(&f);
}

/* the notation round-trips; the map draws the marker beside its unit; the state's JSON lists the engineers */
static void test_show(void **state)
{
    (void)state;
    ls_fix f;
    load_with(&f, ", \"engineers\": [{\"name\": \"Sapeurs\", \"task\": \"assault\", \"unit\": \"1/45e Ligne\"}, {}]",
              FR_UNITS, AU_FAR, ENG_ON);
    gr_action a = {.type = LASALLE_A_ENGINEER, .actor = -1, .target = 3, .arg = 1, .p = {LASALLE_TASK_ASSAULT}};
    char buf[64];
    f.g.rs->present->format_action(f.g.scn, &f.st, &a, buf, sizeof buf);
    assert_string_equal(buf, "e1 assault u3");
    gr_action b;
    assert_int_equal(f.g.rs->present->parse_action(f.g.scn, &f.st, " e1  assault u3 ", &b, &f.err), 0);
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_not_equal(f.g.rs->present->parse_action(f.g.scn, &f.st, "e1 assault", &b, &f.err), 0);
    LS_ASSERT_HAS(f.err.msg, "an Assault engineer joins a unit");
    gr_render_item items[64];
    int n = f.g.rs->present->render_items(f.g.scn, &f.st, items, 64), found = 0;
    for (int k = 0; k < n; k++)
        if (items[k].kind == GR_PIECE_MARKER && strstr(items[k].detail, "e0 engineer with u0 (assault)")) {
            found = 1;
            assert_int_equal(items[k].side, 0);
            LS_ASSERT_NEAR(items[k].base[0][3], LASALLE_ENGINEER_MARK_BW);
        }
    assert_true(found);
    json_t *j = f.g.rs->present->state_to_json(f.g.scn, &f.st);
    json_t *e = json_object_get(j, "engineers");
    assert_int_equal(json_array_size(e), 3);
    assert_string_equal(json_string_value(json_object_get(json_array_get(e, 0), "unit")), "u0");
    assert_string_equal(json_string_value(json_object_get(json_array_get(e, 1), "status")), "kept off the table");
    json_decref(j);
    ls_free(&f);
    /* no engineers: the JSON has no "engineers" key */
    load_with(&f, "", FR_UNITS, AU_FAR, "");
    j = f.g.rs->present->state_to_json(f.g.scn, &f.st);
    assert_null(json_object_get(j, "engineers"));
    json_decref(j);
    ls_free(&f);
}

/* whole random games of the bundled scenario, invariants checked after every action; engineers deploy */
static void test_random_games(void **state)
{
    (void)state;
    char path[1024];
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_find_data("scenarios/lasalle/sappers-at-neudorf.json", path, sizeof path), 0);
    gr_game g;
    if (gr_game_load(&g, path, &err)) fail_msg("%s", err.msg);
    lasalle_state st;
    int deployed = 0;
    for (unsigned long long seed = 1; seed <= 8; seed++) {
        gr_player *p0 = gr_player_create("random", &g, seed, &err);
        gr_player *p1 = gr_player_create("random", &g, seed + 1, &err);
        if (!p0 || !p1) fail_msg("%s", err.msg);
        const gr_chooser c[2] = {gr_player_chooser(p0), gr_player_chooser(p1)};
        gr_record rec;
        gr_log log;
        gr_log_init(&log);
        gr_record_init(&rec, &g, seed);
        g.rs->rules->init(g.scn, &st);
        gr_play_opts o = {.seed = seed, .check_invariants = 1};
        if (gr_play(&g, &st, c, &rec, &log, &o, &err) < 0) fail_msg("seed %llu: %s", seed, err.msg);
        gr_log_free(&log);
        assert_int_equal(g.rs->rules->to_move(g.scn, &st), GR_TERMINAL);
        deployed += st.eng[1].status != LASALLE_EN_RESERVE || st.eng[2].status != LASALLE_EN_RESERVE;
        gr_record_free(&rec);
        gr_player_free(p0);
        gr_player_free(p1);
    }
    assert_true(deployed > 0);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_engineers),
        cmocka_unit_test(test_scenario_refusals),
        cmocka_unit_test(test_deploy_in_status_phase),
        cmocka_unit_test(test_not_near_enemy_and_kept_back),
        cmocka_unit_test(test_set_up_assault),
        cmocka_unit_test(test_assault_dice),
        cmocka_unit_test(test_assault_cover),
        cmocka_unit_test(test_assault_combat_fought),
        cmocka_unit_test(test_lost_with_unit),
        cmocka_unit_test(test_engineering_test),
        cmocka_unit_test(test_show),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
