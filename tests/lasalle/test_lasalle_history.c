/* test_lasalle_history.c - the three historical scenarios [I, p.82-85]
 * load and hold the facts the book gives: sides, who sets up and moves
 * first, turns, units and their values, commanders and subcommanders,
 * army morale and breakpoints, pursuit scores, the Pratzen Guard Jager
 * in Blaziowitz out of command, La Haie Sainte's farm garrison. */
#include "lasalle_fixture.h"

#include "../../engine/lasalle/rules/command.h"
#include "../../engine/lasalle/rules/status.h"

static void load_file(ls_fix *f, const char *name)
{
    char path[256];
    const char *root = getenv("GROGNARD_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/lasalle/%s", root ? root : ".", name);
    memset(f, 0, sizeof *f);
    json_error_t je;
    json_t *j = json_load_file(path, 0, &je);
    if (!j) fail_msg("%s does not parse: %s", path, je.text);
    if (gr_game_from_json(&f->g, j, path, &f->err)) fail_msg("%s was refused: %s", path, f->err.msg);
    json_decref(j);
    f->s = f->g.scn;
    f->g.rs->rules->init(f->g.scn, &f->st);
    gr_log_init(&f->log);
    if (f->g.rs->present->check_invariants(f->g.scn, &f->st, &f->err))
        fail_msg("%s: the opening position breaks an invariant: %s", path, f->err.msg);
}

static int unit_named(const lasalle_scenario *s, const char *name)
{
    for (int i = 0; i < s->nunits; i++)
        if (!strcmp(s->units[i].name, name)) return i;
    fail_msg("no unit named %s", name);
    return -1;
}

static int count_side(const lasalle_scenario *s, int side)
{
    int n = 0;
    for (int i = 0; i < s->nunits; i++) n += s->units[i].side == side;
    return n;
}

/* Venzone: 16 turns, the Austrians move first, commanders only, Volkmann a Good tactician [I, p.82] */
static void test_venzone(void **state)
{
    (void)state;
    ls_fix f;
    load_file(&f, "venzone-1809.json");
    const lasalle_scenario *s = f.s;
    assert_int_equal(s->turns, 16);
    assert_string_equal(s->side_name[s->first], "Austrians");
    assert_int_equal(s->nforces, 0);
    assert_int_equal(count_side(s, 0), 8);
    assert_int_equal(count_side(s, 1), 6);
    assert_int_equal(s->morale[0], 14); /* breakpoint: losses of 5 */
    assert_int_equal(s->morale[1], 15); /* breakpoint: losses of 6 */
    assert_int_equal(s->officers[s->commander[1]].tactics, LASALLE_GOOD);
    assert_true(s->options & LASALLE_OPT_OFFICER_TACTICS);
    int h = unit_named(s, "Hussars (regiments 5 and 2)");
    assert_int_equal(s->units[h].nbases, 6);
    assert_int_equal(s->units[h].esprit, LASALLE_VALIANT);
    assert_int_equal(s->units[unit_named(s, "Grenz IR 11 battalion")].sk, 3); /* the free SK base */
    assert_int_equal(s->units[unit_named(s, "French heavy foot battery")].weight, LASALLE_HEAVY);
    assert_int_equal(lasalle_pursuit(s, &f.st, 0), 4);
    assert_int_equal(lasalle_pursuit(s, &f.st, 1), 10);
    f.st.u[0].status = f.st.u[1].status = LASALLE_BROKEN; /* 4 of 14: not yet */
    assert_false(lasalle_at_breakpoint(s, &f.st, 0));
    f.st.u[2].status = LASALLE_BROKEN; /* 6 of 14 */
    assert_true(lasalle_at_breakpoint(s, &f.st, 0));
    ls_free(&f);
}

/* Pratzen: 20 turns, the French move first; three French subcommanders, Uvarov the only Russian one; the Guard
 * Jager Deployed(Town) in Blaziowitz, out of command [I, p.83-84] */
static void test_pratzen(void **state)
{
    (void)state;
    ls_fix f;
    load_file(&f, "pratzen-1805.json");
    const lasalle_scenario *s = f.s;
    assert_int_equal(s->turns, 20);
    assert_string_equal(s->side_name[s->first], "French");
    assert_int_equal(s->nforces, 4);
    assert_int_equal(count_side(s, 0), 20);
    assert_int_equal(count_side(s, 1), 15);
    assert_int_equal(s->morale[0], 41);
    assert_int_equal(s->morale[1], 33);
    assert_int_equal(lasalle_pursuit(s, &f.st, 0), 23);
    assert_int_equal(lasalle_pursuit(s, &f.st, 1), 16);
    int j = unit_named(s, "Life Guard Jager");
    assert_int_equal(f.st.u[j].form, LASALLE_TOWN);
    assert_true(s->units[j].traits & LASALLE_T_GUARD);
    assert_int_equal(s->units[j].force, -1);
    assert_false(lasalle_in_command(s, &f.st, j)); /* ruling A-43 */
    int boye = s->forces[2].officer;
    assert_int_equal(s->officers[boye].vigor, 1);
    assert_int_equal(s->officers[s->forces[0].officer].tactics, LASALLE_GOOD);
    ls_free(&f);
}

/* La Haie Sainte: 12 turns on a 32 x 32 BW table, the French first; the Rifles a regular unit [I, p.84-85] */
static void test_la_haie_sainte(void **state)
{
    (void)state;
    ls_fix f;
    load_file(&f, "la-haie-sainte-1815.json");
    const lasalle_scenario *s = f.s;
    assert_int_equal(s->turns, 12);
    LS_ASSERT_NEAR(s->table_w, 32);
    LS_ASSERT_NEAR(s->table_h, 32);
    assert_string_equal(s->side_name[s->first], "French");
    assert_int_equal(count_side(s, 0), 10);
    assert_int_equal(count_side(s, 1), 8);
    assert_int_equal(s->morale[0], 19); /* breakpoint: losses of 7 */
    assert_int_equal(s->morale[1], 17); /* breakpoint: losses of 6 */
    assert_int_equal(lasalle_pursuit(s, &f.st, 0), 2);
    assert_int_equal(lasalle_pursuit(s, &f.st, 1), 12);
    int r = unit_named(s, "95th Rifles");
    assert_true(s->units[r].traits & LASALLE_T_RIFLES);
    assert_int_equal(s->units[r].sk, 3);
    assert_int_equal(f.st.u[unit_named(s, "3/13e Legere")].form, LASALLE_TOWN);
    assert_int_equal(s->officers[s->forces[3].officer].vigor, 1); /* Kempt +1 */
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_venzone),
        cmocka_unit_test(test_pratzen),
        cmocka_unit_test(test_la_haie_sainte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
