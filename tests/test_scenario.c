/* test_scenario.c - the fogn scenario loader and its helpers: the bundled
 * scenarios load with the expected armies and terrain, a small scenario that
 * uses every key comes back with the right values, and each kind of broken
 * file is refused with a message naming the file and the JSON path.
 * Files are found under $GROGNARD_ROOT (default: the current directory). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/core/jsonutil.h"
#include "../engine/core/terrain.h"
#include "../engine/fogn/fogn.h"

/* --- helpers ------------------------------------------------------------------------ */

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

static void data_path(char *buf, size_t cap, const char *rel)
{
    int n = snprintf(buf, cap, "%s/%s", root_dir(), rel);
    assert_true(n > 0 && (size_t)n < cap);
}

/* Loads a scenario file; NULL with the message in err on failure. */
static fogn_scenario *load(const char *rel, gr_error *err)
{
    char path[1024];
    data_path(path, sizeof path, rel);
    gr_error_clear(err);
    json_t *j = gr_json_load_file(path, err);
    if (!j) return NULL;
    fogn_scenario *s = fogn_scenario_load(j, path, err);
    json_decref(j);
    return s;
}

static fogn_scenario *load_ok(const char *rel)
{
    gr_error err;
    fogn_scenario *s = load(rel, &err);
    if (!s) fail_msg("%s should load: %s", rel, err.msg);
    return s;
}

/* A bad file: loading fails, and the message names the file and holds each
 * of the expected fragments (the JSON path first). */
static void expect_bad(const char *name, const char *frag1, const char *frag2)
{
    char rel[256];
    snprintf(rel, sizeof rel, "tests/data/bad/%s.json", name);
    gr_error err;
    fogn_scenario *s = load(rel, &err);
    if (s) {
        fogn_scenario_free(s);
        fail_msg("%s loaded but should have been refused", rel);
    }
    assert_true(err.set);
    char file[256];
    snprintf(file, sizeof file, "%s.json", name);
    if (!strstr(err.msg, file)) fail_msg("message does not name the file %s: %s", file, err.msg);
    if (frag1 && !strstr(err.msg, frag1)) fail_msg("expected \"%s\" in: %s", frag1, err.msg);
    if (frag2 && !strstr(err.msg, frag2)) fail_msg("expected \"%s\" in: %s", frag2, err.msg);
}

static int count_side(const fogn_scenario *s, int side)
{
    int n = 0;
    for (int i = 0; i < s->nunits; i++) n += s->units[i].side == side;
    return n;
}

static int count_terrain(const fogn_scenario *s, gr_terrain_type t)
{
    int n = 0;
    for (int i = 0; i < s->terrain.n; i++) n += s->terrain.p[i].type == t;
    return n;
}

/* Checks shared by the bundled scenarios: organisation as §3.3/§3.4 demand. */
static void check_organisation(const fogn_scenario *s)
{
    for (int side = 0; side < 2; side++) {
        int corps = 0;
        for (int c = 0; c < s->ncmdrs; c++)
            corps += s->cmdrs[c].side == side && s->cmdrs[c].role == FOGN_CMDR_CORPS;
        assert_int_equal(corps, 1);
    }
    for (int d = 0; d < s->ndivs; d++) {
        int c = s->divs[d].commander;
        assert_true(c >= 0 && c < s->ncmdrs);
        assert_int_equal(s->cmdrs[c].division, d);
        assert_int_equal(s->cmdrs[c].side, s->divs[d].side);
    }
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *u = &s->units[i];
        assert_true(u->division >= 0 && u->division < s->ndivs);
        assert_int_equal(s->divs[u->division].side, u->side);
        assert_true(fogn_formation_allowed(u, (fogn_formation)u->start_formation));
        assert_true(u->x >= 0 && u->x <= s->table_w && u->y >= 0 && u->y <= s->table_h);
        /* facing the enemy's edge */
        double want = s->base_edge[u->side] == 0 ? GR_PI / 2 : -GR_PI / 2;
        assert_true(fabs(u->heading - want) < 1e-9);
    }
}

/* --- the bundled scenarios -------------------------------------------------------------- */

static void test_scenario_brigade_encounter_loads(void **state)
{
    (void)state;
    fogn_scenario *s = load_ok("scenarios/fogn/brigade-encounter.json");
    assert_int_equal(s->nunits, 9);
    assert_int_equal(count_side(s, 0), 5);
    assert_int_equal(count_side(s, 1), 4);
    assert_int_equal(s->ndivs, 2);
    assert_int_equal(s->ncmdrs, 4);
    assert_int_equal(s->nobj, 1);
    assert_int_equal(s->terrain.n, 5);
    assert_int_equal(count_terrain(s, GR_T_STREAM), 1);
    assert_int_equal(count_terrain(s, GR_T_FORD), 1);
    assert_int_equal(count_terrain(s, GR_T_ROAD), 1);
    assert_int_equal(count_terrain(s, GR_T_OPEN_WOOD), 1);
    assert_int_equal(count_terrain(s, GR_T_FIELDS), 1);
    assert_true(s->table_w == 36.0 && s->table_h == 24.0);
    assert_true(s->terrain.table_w == 36.0 && s->terrain.table_h == 24.0);
    assert_true(s->has_loc[0] && s->has_loc[1]);
    check_organisation(s);
    fogn_scenario_free(s);
}

/* the even encounter is the same table seen from either side: every unit,
 * terrain point and objective of one side has its twin turned half about
 * the table's centre, and its notes say how even it has measured */
static void test_scenario_even_encounter_is_point_symmetric(void **state)
{
    (void)state;
    fogn_scenario *s = load_ok("scenarios/fogn/even-encounter.json");
    double cx = s->table_w / 2, cy = s->table_h / 2;
    assert_int_equal(count_side(s, 0), count_side(s, 1));
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *a = &s->units[i];
        int twins = 0;
        for (int j = 0; j < s->nunits; j++) {
            const fogn_unit_profile *b = &s->units[j];
            if (b->side == a->side || b->troop != a->troop || b->training != a->training || b->size != a->size ||
                b->start_formation != a->start_formation || b->elan != a->elan)
                continue;
            if (fabs(b->x - (2 * cx - a->x)) < 1e-9 && fabs(b->y - (2 * cy - a->y)) < 1e-9 &&
                fabs(remainder(b->heading - a->heading - M_PI, 2 * M_PI)) < 1e-9)
                twins++;
        }
        if (twins != 1) fail_msg("%s has %d twins turned about the centre", a->name, twins);
    }
    for (int k = 0; k < s->nobj; k++) {
        int twins = 0;
        for (int m = 0; m < s->nobj; m++)
            twins += fabs(s->obj[m].x - (2 * cx - s->obj[k].x)) < 1e-9 &&
                     fabs(s->obj[m].y - (2 * cy - s->obj[k].y)) < 1e-9 && s->obj[m].points == s->obj[k].points;
        assert_int_equal(twins, 1);
    }
    for (int t = 0; t < s->terrain.n; t++) {
        const gr_terrain_piece *p = &s->terrain.p[t];
        int twins = 0;
        for (int u = 0; u < s->terrain.n; u++) {
            const gr_terrain_piece *q = &s->terrain.p[u];
            if (q->type != p->type || q->npts != p->npts) continue;
            int all = 1;
            for (int a = 0; a < p->npts && all; a++) {
                int found = 0;
                for (int b = 0; b < q->npts && !found; b++)
                    found = fabs(q->pts[b].x - (2 * cx - p->pts[a].x)) < 1e-9 &&
                            fabs(q->pts[b].y - (2 * cy - p->pts[a].y)) < 1e-9;
                all = found;
            }
            twins += all;
        }
        if (twins != 1) fail_msg("terrain %s has %d twins turned about the centre", p->name, twins);
    }
    assert_non_null(strstr(s->notes, "How even: "));
    fogn_scenario_free(s);
}

static void test_scenario_corps_battle_loads(void **state)
{
    (void)state;
    fogn_scenario *s = load_ok("scenarios/fogn/corps-battle.json");
    assert_int_equal(s->nunits, 28);
    assert_int_equal(count_side(s, 0), 14);
    assert_int_equal(count_side(s, 1), 14);
    assert_int_equal(s->ndivs, 6);
    assert_int_equal(s->ncmdrs, 8);
    assert_int_equal(s->nobj, 3);
    assert_true(s->table_w == 60.0 && s->table_h == 37.5);
    assert_int_equal(count_terrain(s, GR_T_RIVER), 1);
    assert_int_equal(count_terrain(s, GR_T_BRIDGE), 1);
    assert_int_equal(count_terrain(s, GR_T_FORD), 1);
    assert_int_equal(count_terrain(s, GR_T_ROAD), 2);
    assert_int_equal(count_terrain(s, GR_T_BUILDING), 3);
    assert_int_equal(count_terrain(s, GR_T_GENTLE_HILL) + count_terrain(s, GR_T_STEEP_HILL), 2);
    assert_int_equal(count_terrain(s, GR_T_MARSH), 1);
    assert_int_equal(count_terrain(s, GR_T_FIELDS), 1);
    assert_true(count_terrain(s, GR_T_OPEN_WOOD) + count_terrain(s, GR_T_DENSE_WOOD) >= 2);
    assert_true(s->has_loc[0] && s->has_loc[1]);
    /* each side starts near its own edge: front edges within 12 MU of it */
    for (int i = 0; i < s->nunits; i++) {
        const fogn_unit_profile *u = &s->units[i];
        if (s->base_edge[u->side] == 0)
            assert_true(u->y >= 2.0 && u->y <= 12.0);
        else
            assert_true(u->y >= 25.5 && u->y <= 35.5);
    }
    check_organisation(s);
    fogn_scenario_free(s);

    /* it is the default scenario */
    char path[1024];
    gr_error err;
    data_path(path, sizeof path, "scenarios/fogn/corps-battle.json");
    json_t *j = gr_json_load_file(path, &err);
    assert_non_null(j);
    assert_true(json_is_true(json_object_get(j, "default")));
    json_decref(j);
}

/* every key of the format, read back */
static void test_scenario_minimal_values(void **state)
{
    (void)state;
    fogn_scenario *s = load_ok("tests/data/fogn-minimal.json");
    assert_string_equal(s->name, "Minimal test scenario");
    assert_true(s->table_w == 60.0 && s->table_h == 37.5); /* defaults */
    assert_string_equal(s->side_name[0], "Blue");
    assert_int_equal(s->base_edge[0], 0);
    assert_int_equal(s->base_edge[1], 1);
    assert_true(s->has_loc[0] && !s->has_loc[1]);
    assert_true(s->loc[0].x == 30.0 && s->loc[0].y == 1.125);
    assert_int_equal(s->first_side, 1);                /* given by name */
    assert_int_equal(s->weather, FOGN_WEATHER_RAIN);
    assert_int_equal(s->max_turns, 10);

    assert_int_equal(s->terrain.n, 4);
    assert_int_equal(s->terrain.p[0].type, GR_T_OPEN_WOOD);
    assert_int_equal(s->terrain.p[0].shape, GR_SHAPE_POLYGON);
    assert_int_equal(s->terrain.p[0].grade, 1);        /* difficult */
    assert_int_equal(s->terrain.p[0].npts, 4);
    assert_int_equal(s->terrain.p[1].type, GR_T_RIVER);
    assert_int_equal(s->terrain.p[1].shape, GR_SHAPE_POLYLINE);
    assert_int_equal(s->terrain.p[1].grade, GR_WATER_SHOULDER);
    assert_true(s->terrain.p[1].width == 2.5);
    assert_int_equal(s->terrain.p[3].grade, 0);        /* hill: default peak */

    assert_int_equal(s->ndivs, 3);
    assert_int_equal(s->divs[1].side, 0);              /* side given by name */
    assert_int_equal(s->divs[1].kind, FOGN_DIV_CAVALRY);
    assert_int_equal(s->divs[0].commander, 1);

    assert_int_equal(s->ncmdrs, 6);
    assert_int_equal(s->cmdrs[0].role, FOGN_CMDR_CORPS);
    assert_int_equal(s->cmdrs[0].level, 3);
    assert_true(s->cmdrs[0].charismatic);
    assert_int_equal(s->cmdrs[0].division, -1);
    assert_int_equal(s->cmdrs[1].start_leading, 0);
    assert_int_equal(s->cmdrs[2].allied, 1);
    assert_int_equal(s->cmdrs[2].level, 1);
    assert_int_equal(s->cmdrs[4].role, FOGN_CMDR_ARMY);
    assert_int_equal(s->cmdrs[4].start_leading, -1);

    assert_int_equal(s->nunits, 8);
    const fogn_unit_profile *u = &s->units[0];
    assert_int_equal(u->troop, FOGN_INF_REFORMED);
    assert_int_equal(u->attach[0], FOGN_ATT_SKIRMISHERS);
    assert_int_equal(u->attach[1], FOGN_ATT_OFFICER);
    assert_int_equal(u->start_formation, FOGN_F_TACTICAL); /* default */
    assert_true(fabs(u->heading - GR_PI / 2) < 1e-12);
    u = &s->units[1];
    assert_int_equal(u->start_formation, FOGN_F_LINE);
    assert_int_equal(u->start_cohesion, FOGN_DISORDERED);
    assert_int_equal(u->caps, FOGN_CAP_FIRE_REFORMED);
    assert_true(fabs(u->heading - GR_PI / 2) < 1e-12); /* 90 degrees */
    u = &s->units[2];
    assert_int_equal(u->weight, FOGN_HEAVY);
    assert_int_equal(u->start_formation, FOGN_F_UNLIMBERED); /* artillery default */
    assert_int_equal(u->attach[0], FOGN_ATT_HOWITZER);
    assert_true(fabs(u->heading - GR_PI / 2) < 1e-12);  /* default: toward the enemy */
    u = &s->units[3];
    assert_int_equal(u->caps, FOGN_CAP_GUARD | FOGN_CAP_SHOCK | FOGN_CAP_IMPETUOUS | FOGN_CAP_PART_LANCERS);
    assert_true(u->start_spent);
    assert_true(fabs(u->heading - GR_PI / 4) < 1e-12);
    u = &s->units[4];
    assert_true(u->off_table);
    u = &s->units[5];
    assert_int_equal(u->start_formation, FOGN_F_DEEP);
    assert_true(fabs(u->heading + GR_PI / 2) < 1e-12);  /* south */
    assert_true(fabs(s->units[6].heading + GR_PI / 2) < 1e-12); /* -90 */
    assert_int_equal(s->units[6].caps, FOGN_CAP_RIFLES);
    assert_true(fabs(s->units[7].heading - GR_PI) < 1e-12);     /* west */

    assert_int_equal(s->nobj, 2);
    assert_int_equal(s->obj[0].owner, -1);
    assert_int_equal(s->obj[1].owner, 1);
    assert_int_equal(s->obj[0].points, 2);
    fogn_scenario_free(s);
}

/* --- refused files -------------------------------------------------------------------------- */

static void test_scenario_bad_not_json(void **state)
{
    (void)state;
    expect_bad("not_json", "not_json.json:1:", NULL);
}

static void test_scenario_bad_truncated_json(void **state)
{
    (void)state;
    expect_bad("truncated_json", "truncated_json.json:", "end of input");
}

static void test_scenario_bad_duplicate_json_key(void **state)
{
    (void)state;
    expect_bad("duplicate_json_key", "duplicate_json_key.json:3:", "duplicate");
}

static void test_scenario_bad_missing_file(void **state)
{
    (void)state;
    expect_bad("no_such_file", "cannot open", "no_such_file.json: No such file");
}

static void test_scenario_bad_root_not_object(void **state)
{
    (void)state;
    expect_bad("root_not_object", "$: expected an object", NULL);
}

static void test_scenario_bad_wrong_ruleset(void **state)
{
    (void)state;
    expect_bad("wrong_ruleset", "$.ruleset", "\"lasalle\"");
}

static void test_scenario_bad_missing_units(void **state)
{
    (void)state;
    expect_bad("missing_units", "$.units: missing", NULL);
}

static void test_scenario_bad_unknown_key(void **state)
{
    (void)state;
    expect_bad("unknown_key", "$.units[1].formaton", "did you mean \"formation\"");
}

static void test_scenario_bad_enum_value(void **state)
{
    (void)state;
    expect_bad("bad_enum", "$.units[0].formation: expected one of tactical, deep", "got \"blob\"");
}

/* §17.1's ACV adjustment is bounded */
static void test_scenario_bad_acv_adjust(void **state)
{
    (void)state;
    expect_bad("acv_adjust_out_of_range", "$.sides[1].acv_adjust", NULL);
}

static void test_scenario_bad_weather(void **state)
{
    (void)state;
    expect_bad("bad_weather", "$.weather", "\"snow\"");
}

static void test_scenario_bad_off_table(void **state)
{
    (void)state;
    expect_bad("off_table", "$.units[2].x", "[0, 60]");
}

static void test_scenario_bad_unknown_division(void **state)
{
    (void)state;
    expect_bad("unknown_division", "$.units[1].division", "\"Blue Feet\"");
}

static void test_scenario_bad_wrong_side_division(void **state)
{
    (void)state;
    expect_bad("wrong_side_division", "$.units[7].division", "side");
}

static void test_scenario_bad_cavalry_in_infantry_division(void **state)
{
    (void)state;
    expect_bad("cavalry_in_infantry_division", "$.units[3].division", "cavalry unit in infantry division");
}

static void test_scenario_bad_foot_artillery_in_cavalry_division(void **state)
{
    (void)state;
    expect_bad("foot_artillery_in_cavalry_division", "$.units[8].division", "horse artillery");
}

/* several corps a side are allowed (§5.1), but then each division names its own */
static void test_scenario_bad_two_corps_commanders(void **state)
{
    (void)state;
    expect_bad("two_corps_commanders", "$.divisions[2].corps: missing", "side 1 (Red) has 2 corps commanders");
}

static void test_scenario_bad_division_without_commander(void **state)
{
    (void)state;
    expect_bad("division_without_commander", "$.divisions[1]", "no division commander");
}

static void test_scenario_bad_leading_enemy_unit(void **state)
{
    (void)state;
    expect_bad("leading_enemy_unit", "$.commanders[1].leading", "enemy");
}

static void test_scenario_bad_polygon_two_points(void **state)
{
    (void)state;
    expect_bad("polygon_two_points", "$.terrain[0].points", "at least 3");
}

static void test_scenario_bad_negative_river_width(void **state)
{
    (void)state;
    expect_bad("negative_river_width", "$.terrain[1].width", "[2, 4]");
}

static void test_scenario_bad_three_attachments(void **state)
{
    (void)state;
    expect_bad("three_attachments", "$.units[0].attachments", "at most 2");
}

static void test_scenario_bad_same_attachment_type(void **state)
{
    (void)state;
    expect_bad("same_attachment_type", "$.units[0].attachments[1]", "different types");
}

static void test_scenario_bad_skirmishers_on_cavalry(void **state)
{
    (void)state;
    expect_bad("skirmishers_on_cavalry", "$.units[7].attachments[0]", "not allowed on cavalry");
}

static void test_scenario_bad_skirmish_on_line_infantry(void **state)
{
    (void)state;
    expect_bad("skirmish_on_line_infantry", "$.units[0].formation", "skirmish");
}

static void test_scenario_bad_shock_light_cavalry(void **state)
{
    (void)state;
    expect_bad("shock_light_cavalry", "$.units[7].shock", "heavy cavalry");
}

static void test_scenario_bad_duplicate_unit_names(void **state)
{
    (void)state;
    expect_bad("duplicate_unit_names", "$.units[6].name", "\"Red Grenadiers\"");
}

static void test_scenario_bad_unit_in_river(void **state)
{
    (void)state;
    expect_bad("unit_in_river", "$.units[2]", "river \"Blue river\"");
}

static void test_scenario_bad_same_base_edge(void **state)
{
    (void)state;
    expect_bad("same_base_edge", "$.sides[1].base_edge", NULL);
}

/* a file whose JSON is fine but whose scenario is not, loaded from memory:
 * the message starts with the file name given */
static void test_scenario_bad_prefix_from_memory(void **state)
{
    (void)state;
    json_error_t je;
    json_t *j = json_loads("{\"ruleset\": \"fogn\"}", 0, &je);
    assert_non_null(j);
    gr_error err;
    gr_error_clear(&err);
    assert_null(fogn_scenario_load(j, "mem.json", &err));
    assert_true(strncmp(err.msg, "mem.json: $.name: missing", 25) == 0);
    json_decref(j);
}

/* --- helpers under the loader ------------------------------------------------------------ */

static void test_jsonutil_paths_and_ranges(void **state)
{
    (void)state;
    char a[64], b[64];
    assert_string_equal(gr_json_path_key(a, sizeof a, "$", "units"), "$.units");
    assert_string_equal(gr_json_path_index(b, sizeof b, a, 3), "$.units[3]");
    assert_string_equal(gr_json_path_key(a, sizeof a, "$", "odd key"), "$[\"odd key\"]");

    json_error_t je;
    json_t *o = json_loads("{\"x\": 2.5, \"n\": 7, \"s\": \"toolongname\", \"b\": 1, \"z\": null}", 0, &je);
    assert_non_null(o);
    gr_error err;
    double x = -1;
    long n = -1;
    bool bv = false;
    char s[8];
    gr_error_clear(&err);
    assert_int_equal(gr_json_number(o, "$.u", "x", true, 0, 10, &x, &err), 0);
    assert_true(x == 2.5);
    assert_int_equal(gr_json_number(o, "$.u", "x", true, 3, 10, &x, &err), -1);
    assert_string_equal(err.msg, "$.u.x: expected a number in [3, 10], got 2.5");
    gr_error_clear(&err);
    assert_int_equal(gr_json_int(o, "$.u", "n", true, 0, 5, &n, &err), -1);
    assert_non_null(strstr(err.msg, "[0, 5]"));
    gr_error_clear(&err);
    assert_int_equal(gr_json_string(o, "$.u", "s", true, s, sizeof s, &err), -1);
    assert_non_null(strstr(err.msg, "$.u.s: string too long"));
    gr_error_clear(&err);
    assert_int_equal(gr_json_bool(o, "$.u", "b", true, &bv, &err), -1);
    assert_non_null(strstr(err.msg, "$.u.b: expected true or false"));
    gr_error_clear(&err);
    x = 9;
    assert_int_equal(gr_json_number(o, "$.u", "z", false, 0, 10, &x, &err), 0); /* null = absent */
    assert_true(x == 9 && !err.set);
    assert_int_equal(gr_json_number(o, "$.u", "w", true, 0, 10, &x, &err), -1);
    assert_string_equal(err.msg, "$.u.w: missing (expected a number in [0, 10])");
    json_decref(o);
}

static void test_names_round_trip(void **state)
{
    (void)state;
    for (int t = 0; t < GR_T_COUNT; t++) {
        const char *nm = gr_terrain_type_name((gr_terrain_type)t);
        assert_non_null(nm);
        assert_int_equal(gr_terrain_type_from_name(nm), t);
        assert_int_equal(gr_terrain_type_is_linear((gr_terrain_type)t), t >= GR_T_ROAD);
    }
    assert_int_equal(gr_terrain_type_from_name("swamp"), -1);
    assert_null(gr_terrain_type_name(GR_T_COUNT));

    int n;
    assert_non_null(fogn_troop_names(&n));
    assert_int_equal(n, FOGN_TROOP_COUNT);
    assert_int_equal(fogn_formation_names(&n) != NULL, 1);
    assert_int_equal(n, FOGN_F_COUNT);
    assert_int_equal(fogn_attach_names(&n) != NULL, 1);
    assert_int_equal(n, FOGN_ATT_COUNT);
    assert_string_equal(fogn_troop_name(FOGN_CAV_IRR_HEAVY), "irregular_heavy_cavalry");
    assert_string_equal(fogn_formation_name(FOGN_F_SKIRMISH_LINE), "skirmish_line");
    assert_string_equal(fogn_cohesion_name(FOGN_WAVERING), "wavering");
    assert_string_equal(fogn_elan_name(FOGN_ELAN_SUPERIOR), "superior");
    assert_string_equal(fogn_training_name(FOGN_TR_IRREGULAR), "irregular");
    assert_string_equal(fogn_attach_name(FOGN_ATT_RIFLE_SKIRMISHERS), "rifle_skirmishers");
    assert_string_equal(fogn_troop_name((fogn_troop)99), "?");
    assert_int_equal(fogn_troop_arm(FOGN_INF_LIGHT), FOGN_ARM_INF);
    assert_int_equal(fogn_troop_arm(FOGN_CAV_IRR_LIGHT), FOGN_ARM_CAV);
    assert_int_equal(fogn_troop_arm(FOGN_ART_MORTAR), FOGN_ARM_ART);
}

/* §3.1: who may take which formation */
static void test_formation_allowed_3_1(void **state)
{
    (void)state;
    fogn_unit_profile p;
    memset(&p, 0, sizeof p);
    p.troop = FOGN_INF_REFORMED;
    p.size = FOGN_SMALL;
    assert_true(fogn_formation_allowed(&p, FOGN_F_TACTICAL));
    assert_true(fogn_formation_allowed(&p, FOGN_F_SQUARE));
    assert_false(fogn_formation_allowed(&p, FOGN_F_DEEP));
    assert_false(fogn_formation_allowed(&p, FOGN_F_SKIRMISH));
    assert_false(fogn_formation_allowed(&p, FOGN_F_LIMBERED));
    p.size = FOGN_LARGE;
    assert_true(fogn_formation_allowed(&p, FOGN_F_DEEP));
    p.troop = FOGN_INF_LIGHT;
    assert_true(fogn_formation_allowed(&p, FOGN_F_SKIRMISH));
    assert_true(fogn_formation_allowed(&p, FOGN_F_SKIRMISH_LINE));
    p.troop = FOGN_CAV_HEAVY;
    assert_true(fogn_formation_allowed(&p, FOGN_F_DEEP));
    assert_true(fogn_formation_allowed(&p, FOGN_F_COLUMN));
    assert_false(fogn_formation_allowed(&p, FOGN_F_SQUARE));
    assert_false(fogn_formation_allowed(&p, FOGN_F_SKIRMISH));
    p.troop = FOGN_ART_MORTAR;
    assert_true(fogn_formation_allowed(&p, FOGN_F_LIMBERED));
    assert_true(fogn_formation_allowed(&p, FOGN_F_UNLIMBERED));
    assert_false(fogn_formation_allowed(&p, FOGN_F_TACTICAL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenario_brigade_encounter_loads),
        cmocka_unit_test(test_scenario_corps_battle_loads),
        cmocka_unit_test(test_scenario_even_encounter_is_point_symmetric),
        cmocka_unit_test(test_scenario_minimal_values),
        cmocka_unit_test(test_scenario_bad_not_json),
        cmocka_unit_test(test_scenario_bad_truncated_json),
        cmocka_unit_test(test_scenario_bad_duplicate_json_key),
        cmocka_unit_test(test_scenario_bad_missing_file),
        cmocka_unit_test(test_scenario_bad_root_not_object),
        cmocka_unit_test(test_scenario_bad_wrong_ruleset),
        cmocka_unit_test(test_scenario_bad_missing_units),
        cmocka_unit_test(test_scenario_bad_unknown_key),
        cmocka_unit_test(test_scenario_bad_enum_value),
        cmocka_unit_test(test_scenario_bad_weather),
        cmocka_unit_test(test_scenario_bad_acv_adjust),
        cmocka_unit_test(test_scenario_bad_off_table),
        cmocka_unit_test(test_scenario_bad_unknown_division),
        cmocka_unit_test(test_scenario_bad_wrong_side_division),
        cmocka_unit_test(test_scenario_bad_cavalry_in_infantry_division),
        cmocka_unit_test(test_scenario_bad_foot_artillery_in_cavalry_division),
        cmocka_unit_test(test_scenario_bad_two_corps_commanders),
        cmocka_unit_test(test_scenario_bad_division_without_commander),
        cmocka_unit_test(test_scenario_bad_leading_enemy_unit),
        cmocka_unit_test(test_scenario_bad_polygon_two_points),
        cmocka_unit_test(test_scenario_bad_negative_river_width),
        cmocka_unit_test(test_scenario_bad_three_attachments),
        cmocka_unit_test(test_scenario_bad_same_attachment_type),
        cmocka_unit_test(test_scenario_bad_skirmishers_on_cavalry),
        cmocka_unit_test(test_scenario_bad_skirmish_on_line_infantry),
        cmocka_unit_test(test_scenario_bad_shock_light_cavalry),
        cmocka_unit_test(test_scenario_bad_duplicate_unit_names),
        cmocka_unit_test(test_scenario_bad_unit_in_river),
        cmocka_unit_test(test_scenario_bad_same_base_edge),
        cmocka_unit_test(test_scenario_bad_prefix_from_memory),
        cmocka_unit_test(test_jsonutil_paths_and_ranges),
        cmocka_unit_test(test_names_round_trip),
        cmocka_unit_test(test_formation_allowed_3_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
