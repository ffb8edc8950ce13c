/* test_fogn_setup.c - setting up a points battle (§17, engine/fogn/setup.h):
 * the pre-battle initiative with a tie re-rolled and the bonus units
 * (§17.1), the region table and the selections (§17.2), the defender's hill
 * and road, the river entry/exit/depth rolls, the placement-roll areas and the
 * adjustment results (§17.3) with scripted dice, a road's bridge and ford,
 * division attachments given out (§17.4), the deployment zones and the LOCs
 * (§17.5, §3.5), the same seed giving the same scenario, and a sweep: every
 * ordered pair of the example armies over three seeds makes a scenario that
 * loads and whose first state passes the invariants.
 * Files are found under $GROGNARD_ROOT (default: the current directory). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/fogn/setup/setup.h"
#include "../../engine/fogn/rules/internal.h"
#include "../../engine/registry.h"
#include "../../engine/core/play.h"

#define TOL 1e-9

/* --- helpers ------------------------------------------------------------------------ */
static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

typedef struct army_in {
    fogn_army *army;
    fogn_army_list *list;
} army_in;

static army_in load_army(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/fogn/armies/examples/%s", root_dir(), file);
    gr_error err;
    gr_error_clear(&err);
    army_in a = {fogn_army_load_file(path, &err), NULL};
    if (!a.army) fail_msg("army %s: %s", file, err.msg);
    a.list = fogn_list_load_id(a.army->list, &err);
    if (!a.list) fail_msg("list %s: %s", a.army->list, err.msg);
    return a;
}

static void free_army(army_in *a)
{
    free(a->army);
    free(a->list);
}

/* a setup of Davout (south, side 0) against Bagration (north, side 1) */
typedef struct fx {
    army_in a, b;
    gr_dice dice;
    gr_log log;
    fogn_setup *S;
} fx;

static void fx_open(fx *f, const char *fa, const char *fb, const int *faces, int n)
{
    f->a = load_army(fa);
    f->b = load_army(fb);
    gr_log_init(&f->log);
    gr_dice_init_script(&f->dice, faces, n);
    gr_dice_set_log(&f->dice, &f->log);
    gr_error err;
    gr_error_clear(&err);
    f->S = fogn_setup_new(f->a.list, f->a.army, f->b.list, f->b.army, &f->dice, &f->log, &err);
    if (!f->S) fail_msg("setup: %s", err.msg);
}

static void fx_default(fx *f, const int *faces, int n)
{
    fx_open(f, "french-corps-1812-800.json", "russian-corps-1812-800.json", faces, n);
}

static void fx_close(fx *f)
{
    free(f->S);
    gr_log_free(&f->log);
    free_army(&f->a);
    free_army(&f->b);
}

static gr_vec2 centre_of(const gr_terrain_piece *p) { return gr_poly_centroid(p->pts, p->npts); }

static void assert_pt(gr_vec2 p, double x, double y)
{
    if (fabs(p.x - x) > 1e-6 || fabs(p.y - y) > 1e-6) fail_msg("point (%g, %g), expected (%g, %g)", p.x, p.y, x, y);
}

/* the last roll in the log */
static const gr_event *last_roll(const gr_log *log)
{
    for (size_t i = log->n; i-- > 0;)
        if (log->ev[i].kind == GR_EV_ROLL) return &log->ev[i];
    return NULL;
}

/* --- §17.1 initiative ------------------------------------------------------------------ */
static void test_s17_1_initiative_tie_rerolled(void **state)
{
    (void)state;
    /* both 4 before the die: 3 v 3 ties, then 5 v 2 */
    const int faces[] = {3, 3, 5, 2};
    gr_dice d;
    gr_dice_init_script(&d, faces, 4);
    const int level[2] = {3, 1}, rating[2] = {1, 3};
    fogn_setup_initiative in;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_setup_roll_initiative(&d, NULL, level, rating, &in, &err), 0);
    assert_int_equal(d.pos, 4);
    assert_int_equal(in.ties, 1);
    assert_int_equal(in.roll[0], 5);
    assert_int_equal(in.roll[1], 2);
    assert_int_equal(in.total[0], 9);
    assert_int_equal(in.total[1], 6);
    assert_int_equal(in.attacker, 0);
    assert_true(in.bonus); /* won by 3 */
}

static void test_s17_1_initiative_margin_two_no_bonus(void **state)
{
    (void)state;
    const int faces[] = {2, 4};
    gr_dice d;
    gr_dice_init_script(&d, faces, 2);
    const int level[2] = {2, 2}, rating[2] = {2, 2};
    fogn_setup_initiative in;
    assert_int_equal(fogn_setup_roll_initiative(&d, NULL, level, rating, &in, NULL), 0);
    assert_int_equal(in.total[0], 6);
    assert_int_equal(in.total[1], 8);
    assert_int_equal(in.attacker, 1);
    assert_false(in.bonus);
    assert_int_equal(in.ties, 0);
}

static void test_s17_1_initiative_script_runs_out(void **state)
{
    (void)state;
    const int faces[] = {4, 4, 1};
    gr_dice d;
    gr_dice_init_script(&d, faces, 3);
    const int level[2] = {1, 1}, rating[2] = {0, 0};
    fogn_setup_initiative in;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_setup_roll_initiative(&d, NULL, level, rating, &in, &err), -1);
    assert_non_null(strstr(err.msg, "dice"));
}

/* the armies' own values: Davout exceptional (3) + list 3; Bagration's level + list 1 */
static void test_s17_1_initiative_from_armies_and_bonus_unit(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6, 1};
    fx_default(&f, faces, 2);
    gr_error err;
    gr_error_clear(&err);
    int units_before = f.S->army[0].divs[0].nunits;
    assert_int_equal(fogn_setup_initiative_step(f.S, &err), 0);
    assert_int_equal(f.S->init.level[0], 3);
    assert_int_equal(f.S->init.rating[0], 3);
    assert_int_equal(f.S->init.rating[1], 1);
    assert_int_equal(f.S->init.total[0], 12);
    assert_int_equal(f.S->attacker, 0);
    assert_int_equal(f.S->defender, 1);
    assert_true(f.S->init.bonus);
    /* the cheapest unit that fits 40 points: 4 bases of Line Avg Conscript at
     * 7 (28 points) into the first infantry division; nothing else fits 12 */
    assert_int_equal(f.S->nbonus, 1);
    const fogn_army_div *dv = &f.S->army[0].divs[0];
    assert_int_equal(dv->nunits, units_before + 1);
    const fogn_army_unit *u = &dv->units[dv->nunits - 1];
    assert_string_equal(u->entry, "French Line Infantry");
    assert_string_equal(u->row, "Avg Conscript");
    assert_int_equal(u->bases, 4);
    assert_string_equal(u->name, "French Line Infantry (bonus)");
    /* the attacker's ACV stays as it was (the small unit's 2 taken off), the defender's gains 2 */
    assert_int_equal(f.S->bonus_acv, 2);
    fx_close(&f);
}

/* §17.1: a list with no base at 10 points or less upgrades a small unit */
static void test_s17_1_bonus_upgrade_when_no_cheap_base(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6, 1};
    fx_default(&f, faces, 2);
    fogn_army_list *dear = malloc(sizeof *dear);
    assert_non_null(dear);
    *dear = *f.a.list;
    for (int e = 0; e < dear->nentries; e++)
        for (int r = 0; r < dear->entries[e].nrows; r++)
            if (fogn_list_type_arm((fogn_list_type)dear->entries[e].rows[r].type) != FOGN_ARM_ART)
                dear->entries[e].rows[r].pts += 10;
    f.S->list[0] = dear;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(fogn_setup_initiative_step(f.S, &err), 0);
    assert_int_equal(f.S->nbonus, 1);
    /* 3rd Division's 4-base Line Avg Conscript (now 17 a base) is the cheapest
     * small unit whose row sells 6 bases: it becomes large */
    const fogn_army_unit *u = &f.S->army[0].divs[1].units[1];
    assert_string_equal(u->entry, "French Line Infantry");
    assert_string_equal(u->row, "Avg Conscript");
    assert_int_equal(u->bases, 6);
    assert_int_equal(f.S->army[0].divs[1].nunits, f.a.army->divs[1].nunits);
    assert_int_equal(f.S->army[0].divs[2].units[0].bases, 4); /* hussars (18) untouched */
    assert_int_equal(f.S->bonus_acv, 1); /* small (2) made large (3) */
    fx_close(&f);
    free(dear);
}

/* --- §17.2 ---------------------------------------------------------------------------------- */
static void test_s17_2_region_table(void **state)
{
    (void)state;
    assert_int_equal(fogn_setup_region_parse("Central Europe"), FOGN_REG_CENTRAL);
    assert_int_equal(fogn_setup_region_parse("Spain & Portugal"), FOGN_REG_SPAIN);
    assert_int_equal(fogn_setup_region_parse("Egypt & Middle East"), FOGN_REG_EGYPT);
    assert_int_equal(fogn_setup_region_parse("Atlantis"), -1);
    assert_int_equal(fogn_setup_region_max(FOGN_REG_SPAIN, FOGN_TC_STEEP), 4);
    assert_int_equal(fogn_setup_region_min(FOGN_REG_SPAIN, FOGN_TC_STEEP), 2);
    assert_int_equal(fogn_setup_region_max(FOGN_REG_CENTRAL, FOGN_TC_IMPASSABLE), 0);
    assert_int_equal(fogn_setup_region_min(FOGN_REG_EASTERN, FOGN_TC_OPEN), 1);
    /* four compulsory items in every region */
    for (int r = 0; r < FOGN_REG_COUNT; r++) {
        int n = 0;
        for (int c = 0; c < FOGN_TC_COUNT; c++) n += fogn_setup_region_min((fogn_region)r, (fogn_tcat)c);
        assert_int_equal(n, 4);
    }
}

/* French 1812 (Central, Eastern) v Russian 1812 (Eastern): the only shared region, no die */
static void test_s17_2_region_shared(void **state)
{
    (void)state;
    fx f;
    fx_default(&f, NULL, 0);
    assert_int_equal(fogn_setup_region_step(f.S, NULL), 0);
    assert_int_equal(f.S->region, FOGN_REG_EASTERN);
    assert_int_equal(f.dice.pos, 0);
    fx_close(&f);
}

/* Anglo-Portuguese (Spain & Portugal) against Ottomans (Eastern, Southern,
 * Egypt): no region in common, so one of the defender's */
static void test_s17_2_region_attacker_choice_and_defenders_fallback(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6};
    fx_open(&f, "anglo-portuguese-800.json", "ottoman-1809-800.json", faces, 1);
    /* no shared region: the attacker (side 0) picks one of the defender's three by a die */
    assert_int_equal(fogn_setup_region_step(f.S, NULL), 0);
    assert_int_equal(f.S->region, FOGN_REG_EGYPT); /* 6 -> the third: Egypt & Middle East */
    assert_int_equal(f.dice.pos, 1);
    fx_close(&f);
}

static void test_s17_2_defender_hill_and_road(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {5}; /* east of the road */
    fx_default(&f, faces, 1);
    f.S->region = FOGN_REG_EASTERN;
    assert_int_equal(fogn_setup_fixed_step(f.S, NULL), 0);
    const gr_terrain_piece *road = &f.S->terrain.p[f.S->road], *hill = &f.S->terrain.p[f.S->hill];
    assert_int_equal(road->type, GR_T_ROAD);
    assert_pt(road->pts[0], 30, 37.5); /* from the defender's (north) edge ... */
    assert_pt(road->pts[1], 30, 0);    /* ... straight to the attacker's */
    assert_int_equal(hill->type, GR_T_GENTLE_HILL);
    /* wholly in the defender's centre sector (x 20..40, north half) */
    for (int k = 0; k < hill->npts; k++) {
        assert_true(hill->pts[k].x >= 20 && hill->pts[k].x <= 40);
        assert_true(hill->pts[k].y >= 18.75);
    }
    assert_pt(centre_of(hill), 35.25, 37.5 - 11.75);
    /* small: fits in a 12 MU circle, holds a 6 x 4 rectangle */
    for (int k = 0; k < hill->npts; k++) assert_true(gr_v2_dist(hill->pts[k], centre_of(hill)) <= 6.0);
    gr_vec2 c = centre_of(hill), r4[4] = {{c.x - 3, c.y - 2}, {c.x + 3, c.y - 2}, {c.x + 3, c.y + 2}, {c.x - 3, c.y + 2}};
    assert_true(gr_poly_contains(hill->pts, hill->npts, r4, 4));
    fx_close(&f);
}

/* Central Europe: the attacker must take the village; preferences and maxima */
static void test_s17_2_selections(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6, 1, 1, 1}; /* attacker 4 from rough; defender 2 from buildings */
    fx_default(&f, faces, 4);
    f.S->region = FOGN_REG_CENTRAL;
    assert_int_equal(fogn_setup_select_step(f.S, NULL), 0);
    static const struct { int cat, type, owner, comp; } want[] = {
        {FOGN_TC_BUILDINGS, GR_T_BUILDING, 0, 1}, {FOGN_TC_ROUGH, GR_T_OPEN_WOOD, 0, 1},
        {FOGN_TC_GENTLE, GR_T_GENTLE_HILL, 1, 1}, {FOGN_TC_ROAD, GR_T_ROAD, 1, 1},
        {FOGN_TC_ROUGH, GR_T_FIELDS, 0, 0},       {FOGN_TC_GENTLE, GR_T_GENTLE_HILL, 0, 0},
        {FOGN_TC_OPEN, GR_T_OPEN, 0, 0},          {FOGN_TC_BUILDINGS, GR_T_BUILDING, 0, 0},
        {FOGN_TC_BUILDINGS, GR_T_BUILDING, 1, 0}, {FOGN_TC_STEEP, GR_T_STEEP_HILL, 1, 0}};
    assert_int_equal(f.S->npicks, 10);
    for (int i = 0; i < 10; i++) {
        assert_int_equal(f.S->picks[i].cat, want[i].cat);
        assert_int_equal(f.S->picks[i].type, want[i].type);
        assert_int_equal(f.S->picks[i].owner, want[i].owner);
        assert_int_equal(f.S->picks[i].compulsory, want[i].comp);
    }
    fx_close(&f);
}

/* the maxima are never exceeded: the defender's round skips the river (one
 * allowed, the attacker took it) and impassable ground (none in Central Europe) */
static void test_s17_2_selections_respect_maxima(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6, 3, 6, 3}; /* both start at their third preference, take 4 */
    fx_default(&f, faces, 4);
    f.S->region = FOGN_REG_CENTRAL;
    assert_int_equal(fogn_setup_select_step(f.S, NULL), 0);
    int used[FOGN_TC_COUNT] = {0};
    for (int i = 0; i < f.S->npicks; i++) used[f.S->picks[i].cat] += 1;
    for (int c = 0; c < FOGN_TC_COUNT; c++) assert_true(used[c] <= fogn_setup_region_max(FOGN_REG_CENTRAL, (fogn_tcat)c));
    assert_int_equal(used[FOGN_TC_IMPASSABLE], 0);
    assert_int_equal(used[FOGN_TC_WATER], 1);
    assert_int_equal(f.S->picks[11].cat, FOGN_TC_ROAD); /* after rough, past water and impassable */
    assert_int_equal(f.S->npicks, 12);
    fx_close(&f);
}

/* --- §17.3 roll tables ------------------------------------------------------------------------ */
static void test_s17_3_placement_roll_table(void **state)
{
    (void)state;
    for (int d = 1; d <= 6; d++) assert_int_equal(fogn_setup_placement_area(d, false), d);
    static const int halved[7] = {0, 1, 1, 2, 2, 3, 3};
    for (int d = 1; d <= 6; d++) assert_int_equal(fogn_setup_placement_area(d, true), halved[d]);
}

static void test_s17_3_adjustment_table(void **state)
{
    (void)state;
    assert_int_equal(fogn_setup_adjustment(1, false, false), FOGN_ADJ_NONE);
    assert_int_equal(fogn_setup_adjustment(2, false, false), FOGN_ADJ_NONE);
    assert_int_equal(fogn_setup_adjustment(3, false, false), FOGN_ADJ_SLIDE6);
    assert_int_equal(fogn_setup_adjustment(4, false, false), FOGN_ADJ_SLIDE6);
    assert_int_equal(fogn_setup_adjustment(5, false, false), FOGN_ADJ_SLIDE12);
    assert_int_equal(fogn_setup_adjustment(6, false, false), FOGN_ADJ_REMOVE);
    assert_int_equal(fogn_setup_adjustment(3, true, false), FOGN_ADJ_NONE);   /* -1 compulsory */
    assert_int_equal(fogn_setup_adjustment(6, true, false), FOGN_ADJ_SLIDE12);
    assert_int_equal(fogn_setup_adjustment(2, false, true), FOGN_ADJ_SLIDE6);  /* +1 impassable */
    assert_int_equal(fogn_setup_adjustment(5, false, true), FOGN_ADJ_REMOVE);
    assert_int_equal(fogn_setup_adjustment(6, true, true), FOGN_ADJ_REMOVE);
}

static void test_s17_3_river_roll_tables(void **state)
{
    (void)state;
    static const int entry[7] = {0, FOGN_RIVER_OPP_EDGE, FOGN_RIVER_OPP_EDGE, FOGN_RIVER_OPP_EDGE,
                                 FOGN_RIVER_OWN_EDGE, FOGN_RIVER_OWN_EDGE, FOGN_RIVER_DISCARDED};
    for (int d = 1; d <= 6; d++) {
        assert_int_equal(fogn_setup_river_entry(d), entry[d]);
        assert_int_equal(fogn_setup_river_exit(d), d <= 3 ? 0 : 1);
    }
    static const int depth[7] = {0, GR_WATER_ANKLE, GR_WATER_WAIST, GR_WATER_WAIST, GR_WATER_SHOULDER,
                                 GR_WATER_SHOULDER, GR_WATER_TORRENT};
    for (int d = 1; d <= 6; d++) assert_int_equal(fogn_setup_water_depth(d, false, false), depth[d]);
    assert_int_equal(fogn_setup_water_depth(3, true, false), GR_WATER_ANKLE);    /* 3-2 */
    assert_int_equal(fogn_setup_water_depth(6, true, false), GR_WATER_SHOULDER); /* 6-2 */
    assert_int_equal(fogn_setup_water_depth(2, false, true), GR_WATER_DRY);      /* Egypt: 2-1 */
    assert_int_equal(fogn_setup_water_depth(4, true, true), GR_WATER_DRY);       /* 4-3 */
    assert_int_equal(fogn_setup_water_depth(6, false, true), GR_WATER_SHOULDER); /* 6-1 */
    assert_int_equal(fogn_setup_water_depth(4, false, true), GR_WATER_WAIST);    /* 4-1 */
}

/* --- §17.3 rivers on the table ------------------------------------------------------------------ */
static void test_s17_3_river_from_opponents_edge(void **state)
{
    (void)state;
    fx f;
    /* entry 2: the opponent's (north) edge; exit 5: own half; policy 2: west; depth 4 (side 1) */
    const int faces[] = {2, 5, 2, 4};
    fx_default(&f, faces, 4);
    int i = fogn_setup_place_river(f.S, 0, false, NULL);
    assert_int_equal(i, 0);
    assert_int_equal(f.dice.pos, 4);
    const gr_terrain_piece *p = &f.S->terrain.p[i];
    assert_int_equal(p->type, GR_T_RIVER);
    assert_true(fabs(p->width - 2.5) < TOL);
    assert_int_equal(p->grade, GR_WATER_SHOULDER);
    assert_int_equal(p->npts, 3);
    assert_pt(p->pts[0], 14, 37.5);     /* flank sector, 8+ MU from the side edge */
    assert_pt(p->pts[1], 14, 25.4375);  /* one bend */
    assert_pt(p->pts[2], 0, 13.375);    /* west side edge, own half, 8+ MU from the long edge */
    const gr_event *e = last_roll(&f.log);
    assert_non_null(e);
    assert_int_equal(e->side, 1); /* the opponent rolls the depth */
    assert_non_null(strstr(e->text, "depth"));
    fx_close(&f);
}

static void test_s17_3_stream_from_own_edge_north_player(void **state)
{
    (void)state;
    fx f;
    /* side 1 places: entry 4: his own (north) edge; exit 1: the opponent's half;
     * policy 6: east; depth 5 - 2 (stream under 1 MU) = 3: waist */
    const int faces[] = {4, 1, 6, 5};
    fx_default(&f, faces, 4);
    int i = fogn_setup_place_river(f.S, 1, true, NULL);
    assert_int_equal(i, 0);
    const gr_terrain_piece *p = &f.S->terrain.p[i];
    assert_int_equal(p->type, GR_T_STREAM);
    assert_true(p->width < 1.0);
    assert_int_equal(p->grade, GR_WATER_WAIST);
    assert_pt(p->pts[0], 46, 37.5);
    assert_pt(p->pts[1], 46, 37.5 - 12.0625);
    assert_pt(p->pts[2], 60, 37.5 - 24.125);
    fx_close(&f);
}

static void test_s17_3_river_discarded_on_six(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6};
    fx_default(&f, faces, 1);
    assert_int_equal(fogn_setup_place_river(f.S, 0, false, NULL), -1);
    assert_int_equal(f.S->terrain.n, 0);
    assert_int_equal(f.dice.pos, 1);
    fx_close(&f);
}

/* --- §17.3 placement areas -------------------------------------------------------------------------- */
static const fogn_setup_pick wood = {.cat = FOGN_TC_ROUGH, .type = GR_T_OPEN_WOOD, .owner = 0};

/* a small wood placed by `placer` with roll d, position die 1 (aim x = 5), no adjustment */
static gr_vec2 place_wood(int placer, int d, double b[4])
{
    fx f;
    const int faces[] = {d, 1, 1};
    fx_default(&f, faces, 3);
    int i = fogn_setup_place_piece(f.S, placer, &wood, NULL);
    assert_int_equal(i, 0);
    assert_int_equal(f.dice.pos, 3);
    const gr_terrain_piece *p = &f.S->terrain.p[i];
    b[0] = b[1] = INFINITY;
    b[2] = b[3] = -INFINITY;
    for (int k = 0; k < p->npts; k++) {
        b[0] = fmin(b[0], p->pts[k].x), b[1] = fmin(b[1], p->pts[k].y);
        b[2] = fmax(b[2], p->pts[k].x), b[3] = fmax(b[3], p->pts[k].y);
    }
    gr_vec2 c = centre_of(p);
    fx_close(&f);
    return c;
}

static void test_s17_3_placement_areas(void **state)
{
    (void)state;
    double b[4];
    /* 1: touching the opponent's long edge */
    assert_pt(place_wood(0, 1, b), 5, 34.5);
    assert_true(fabs(b[3] - 37.5) < TOL);
    /* 2: touching his own long edge */
    assert_pt(place_wood(0, 2, b), 5, 3);
    assert_true(fabs(b[1]) < TOL);
    assert_pt(place_wood(1, 2, b), 5, 34.5); /* the north player's own edge */
    /* 3: touching a side edge, more than 8 MU from both long edges */
    assert_pt(place_wood(0, 3, b), 4, 18.5);
    assert_true(fabs(b[0]) < TOL && b[1] > 8 && b[3] < 37.5 - 8);
    /* 4: more than 8 MU from every edge, wholly in the opponent's half */
    assert_pt(place_wood(0, 4, b), 12.5, 23.75);
    assert_true(b[0] > 8 && b[1] >= 18.75 && b[3] < 37.5 - 8);
    assert_pt(place_wood(1, 4, b), 12.5, 37.5 - 23.75);
    /* 5: the same in his own half */
    assert_pt(place_wood(0, 5, b), 12.5, 13.5);
    assert_true(b[0] > 8 && b[1] > 8 && b[3] <= 18.75);
    /* 6: straddling the centre line by at least 2 MU each way */
    assert_pt(place_wood(0, 6, b), 5, 18.75);
    assert_true(b[1] <= 18.75 - 2 && b[3] >= 18.75 + 2);
}

/* impassable pieces halve the roll: 6 -> 3, a side edge */
static void test_s17_3_impassable_roll_halved(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {6, 6, 1};
    fx_default(&f, faces, 3);
    fogn_setup_pick lake = {.cat = FOGN_TC_IMPASSABLE, .type = GR_T_LAKE, .owner = 0};
    int i = fogn_setup_place_piece(f.S, 0, &lake, NULL);
    assert_int_equal(i, 0);
    assert_pt(centre_of(&f.S->terrain.p[i]), 56, 18.5); /* aim x = 55: the east edge */
    fx_close(&f);
}

/* §17.3: pieces keep 4 MU apart before adjustment */
static void test_s17_3_spacing(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {2, 1, 1, 2, 1, 1};
    fx_default(&f, faces, 6);
    assert_int_equal(fogn_setup_place_piece(f.S, 0, &wood, NULL), 0);
    assert_int_equal(fogn_setup_place_piece(f.S, 0, &wood, NULL), 1);
    const gr_terrain_piece *a = &f.S->terrain.p[0], *b = &f.S->terrain.p[1];
    double d = gr_poly_dist(a->pts, a->npts, b->pts, b->npts);
    assert_true(d >= 4.0 - 1e-9 && d < 4.5); /* the nearest legal place to the same aim */
    assert_pt(centre_of(b), 17.0, 3);
    fx_close(&f);
}

/* --- §17.3 adjustment results -------------------------------------------------------------------------- */
/* side 1 puts a piece against side 0's edge (in side 0's zone); side 0 adjusts with die a */
static int adjusted(const fogn_setup_pick *pk, int roll, int a, gr_vec2 *centre)
{
    fx f;
    const int faces[] = {roll, 1, a};
    fx_default(&f, faces, 3);
    int i = fogn_setup_place_piece(f.S, 1, pk, NULL);
    assert_int_equal(f.dice.pos, 3);
    if (i >= 0) *centre = centre_of(&f.S->terrain.p[i]);
    else assert_int_equal(f.S->terrain.n, 0);
    fx_close(&f);
    return i;
}

static void test_s17_3_adjustment_results(void **state)
{
    (void)state;
    gr_vec2 c;
    fogn_setup_pick w = wood;
    w.owner = 1;
    assert_int_equal(adjusted(&w, 1, 2, &c), 0); /* no change */
    assert_pt(c, 5, 3);
    assert_int_equal(adjusted(&w, 1, 3, &c), 0); /* slid 6 away from side 0's edge */
    assert_pt(c, 5, 9);
    assert_int_equal(adjusted(&w, 1, 5, &c), 0); /* slid 12 */
    assert_pt(c, 5, 15);
    assert_int_equal(adjusted(&w, 1, 6, &c), -1); /* removed from his zone */
    w.compulsory = 1;
    assert_int_equal(adjusted(&w, 1, 6, &c), 0); /* 6-1: slide 12 */
    assert_pt(c, 5, 15);
    fogn_setup_pick lake = {.cat = FOGN_TC_IMPASSABLE, .type = GR_T_LAKE, .owner = 1};
    assert_int_equal(adjusted(&lake, 1, 2, &c), 0); /* 2+1: slide 6 */
    assert_pt(c, 5, 9);
    /* outside the adjuster's zone: left alone even on a 6 */
    w.compulsory = 0;
    assert_int_equal(adjusted(&w, 2, 6, &c), 0);
    assert_pt(c, 5, 34.5);
    /* a hill in his zone is ground he keeps */
    fogn_setup_pick hill = {.cat = FOGN_TC_GENTLE, .type = GR_T_GENTLE_HILL, .owner = 1};
    assert_int_equal(adjusted(&hill, 1, 6, &c), 0);
    assert_pt(c, 5, 3);
}

/* a slide stops short of another piece; never onto it */
static void test_s17_3_slide_stops_short(void **state)
{
    (void)state;
    fx f;
    const int faces[] = {1, 1, 5};
    fx_default(&f, faces, 3);
    gr_terrain_piece blk;
    memset(&blk, 0, sizeof blk);
    blk.type = GR_T_MARSH;
    blk.shape = GR_SHAPE_POLYGON;
    blk.npts = 4;
    blk.pts[0] = gr_v2(0, 16), blk.pts[1] = gr_v2(12, 16), blk.pts[2] = gr_v2(12, 20), blk.pts[3] = gr_v2(0, 20);
    fogn_setup_meta m = {.owner = -1};
    assert_int_equal(fogn_setup_add_piece(f.S, &blk, &m), 0);
    fogn_setup_pick w = wood;
    w.owner = 1;
    int i = fogn_setup_place_piece(f.S, 1, &w, NULL);
    assert_int_equal(i, 1);
    /* placed at (5, 3), its top at 6, 10 MU short of the marsh; a 12 MU slide
     * would overlap the marsh, so it goes as far as it may: 9.5 MU, top at 15.5 */
    assert_pt(centre_of(&f.S->terrain.p[i]), 5, 12.5);
    fx_close(&f);
}

/* --- §17.2 roads with their crossings ---------------------------------------------------------------------- */
static void road_over(int water_type, double width, int want_type, double want_len)
{
    fx f;
    const int faces[] = {2};
    fx_default(&f, faces, 1);
    f.S->attacker = 1; /* the defender (side 0) has the road from y = 0 */
    f.S->defender = 0;
    f.S->region = FOGN_REG_CENTRAL;
    assert_int_equal(fogn_setup_fixed_step(f.S, NULL), 0);
    gr_terrain_piece w, b;
    memset(&w, 0, sizeof w);
    w.type = (unsigned char)water_type;
    w.shape = GR_SHAPE_POLYLINE;
    w.width = width;
    w.npts = 2;
    w.pts[0] = gr_v2(40, 37.5), w.pts[1] = gr_v2(40, 0);
    memset(&b, 0, sizeof b);
    b.type = GR_T_BUILDING;
    b.shape = GR_SHAPE_POLYGON;
    b.npts = 4;
    b.pts[0] = gr_v2(47, 16), b.pts[1] = gr_v2(53, 16), b.pts[2] = gr_v2(53, 20), b.pts[3] = gr_v2(47, 20);
    fogn_setup_meta m = {.owner = -1};
    assert_true(fogn_setup_add_piece(f.S, &w, &m) >= 0);
    assert_true(fogn_setup_add_piece(f.S, &b, &m) >= 0);
    int n = f.S->terrain.n;
    int i = fogn_setup_place_road(f.S, 0, NULL);
    assert_int_equal(i, n);
    /* the village is joined to the centre road, straight over the water */
    const gr_terrain_piece *r = &f.S->terrain.p[i];
    assert_int_equal(r->type, GR_T_ROAD);
    assert_pt(r->pts[0], 30, 18);
    assert_pt(r->pts[1], 50, 18);
    assert_int_equal(f.S->terrain.n, n + 2);
    const gr_terrain_piece *x = &f.S->terrain.p[n + 1];
    assert_int_equal(x->type, want_type);
    assert_pt(x->pts[0], 40 - want_len / 2, 18);
    assert_pt(x->pts[1], 40 + want_len / 2, 18);
    fx_close(&f);
}

static void test_s17_2_road_over_river_has_bridge(void **state)
{
    (void)state;
    road_over(GR_T_RIVER, 2.5, GR_T_BRIDGE, 4.0);
}

static void test_s17_2_road_over_stream_has_ford(void **state)
{
    (void)state;
    road_over(GR_T_STREAM, 0.75, GR_T_FORD, 2.25);
}

/* --- §17.4 ------------------------------------------------------------------------------------------------ */
static void test_s17_4_division_pool_given_to_units(void **state)
{
    (void)state;
    fx f;
    fx_open(&f, "austrian-corps-1813-800.json", "prussian-corps-1813-800.json", NULL, 0);
    const fogn_army_div *dv = &f.S->army[0].divs[2];
    assert_int_equal(dv->npool, 2);
    int before = 0, after = 0;
    for (int i = 0; i < dv->nunits; i++) before += dv->units[i].natt;
    assert_int_equal(fogn_setup_attach_step(f.S, NULL), 0);
    assert_int_equal(dv->npool, 0);
    for (int i = 0; i < dv->nunits; i++) after += dv->units[i].natt;
    assert_int_equal(after, before + 2);
    /* given to infantry without attachments first, and still a legal army */
    assert_int_equal(dv->units[0].att[0], FOGN_ATT_RIFLE_SKIRMISHERS);
    assert_int_equal(dv->units[1].att[0], FOGN_ATT_SKIRMISHERS);
    fogn_army_report *rep = malloc(sizeof *rep);
    assert_non_null(rep);
    assert_int_equal(fogn_army_check(f.S->list[0], &f.S->army[0], rep), 0);
    free(rep);
    fx_close(&f);
}

/* --- whole setups ----------------------------------------------------------------------------------------- */
static json_t *generate(const char *fa, const char *fb, unsigned long long seed, gr_error *err)
{
    army_in a = load_army(fa), b = load_army(fb);
    gr_dice d;
    gr_dice_init_rng(&d, seed, 7);
    json_t *j = fogn_setup_generate(a.list, a.army, b.list, b.army, &d, NULL, err);
    free_army(&a);
    free_army(&b);
    return j;
}

static json_t *generate_with(const char *fa, const char *fb, unsigned long long seed, const fogn_setup_options *o,
                             gr_error *err)
{
    army_in a = load_army(fa), b = load_army(fb);
    gr_dice d;
    gr_dice_init_rng(&d, seed, 7);
    json_t *j = fogn_setup_generate_with(a.list, a.army, b.list, b.army, o, &d, NULL, err);
    free_army(&a);
    free_army(&b);
    return j;
}

/* the division of the scenario called `name` */
static json_t *div_named(json_t *j, const char *name)
{
    json_t *arr = json_object_get(j, "divisions");
    for (size_t i = 0; i < json_array_size(arr); i++)
        if (!strcmp(json_string_value(json_object_get(json_array_get(arr, i), "name")), name))
            return json_array_get(arr, i);
    return NULL;
}

/* §17.5 steps 1 and 7: a flank march for the attacker and a reserve for each
 * army: the last divisions are kept back, written with their "reserve"
 * entries, their units and commanders without places; the scenario loads,
 * starts with them off the table and plays to the end */
static void test_s17_5_reserves_and_flank_march(void **state)
{
    (void)state;
    fogn_setup_options o = {.reserve = {true, true}, .flank_edge = FOGN_EDGE_LEFT, .flank_sector = FOGN_SEC_FRONT};
    gr_error err;
    gr_error_clear(&err);
    json_t *j = generate_with("anglo-portuguese-800.json", "army-of-spain-800.json", 7, &o, &err);
    if (!j) fail_msg("%s", err.msg);
    json_t *fm = NULL, *r[2] = {NULL, NULL};
    json_t *divs = json_object_get(j, "divisions");
    int held = 0;
    for (size_t i = 0; i < json_array_size(divs); i++) {
        json_t *d = json_array_get(divs, i), *res = json_object_get(d, "reserve");
        if (!res) continue;
        held++;
        int side = (int)json_integer_value(json_object_get(d, "side"));
        if (!strcmp(json_string_value(json_object_get(res, "edge")), "left")) fm = d;
        else r[side] = d;
    }
    assert_int_equal(held, 3);
    assert_non_null(fm);
    assert_string_equal(json_string_value(json_object_get(json_object_get(fm, "reserve"), "sector")), "front");
    assert_non_null(r[0]);
    assert_non_null(r[1]);
    assert_string_equal(json_string_value(json_object_get(json_object_get(r[1], "reserve"), "sector")), "centre");
    /* no place for their units or commanders */
    json_t *units = json_object_get(j, "units");
    for (size_t i = 0; i < json_array_size(units); i++) {
        json_t *u = json_array_get(units, i);
        json_t *d = div_named(j, json_string_value(json_object_get(u, "division")));
        assert_non_null(d);
        assert_true((json_object_get(d, "reserve") != NULL) == (json_object_get(u, "x") == NULL));
    }
    assert_int_equal(fogn_setup_check(j, &err), 0);
    fogn_scenario *s = fogn_scenario_load(j, "t", &err);
    if (!s) fail_msg("%s", err.msg);
    fogn_state *st = calloc(1, sizeof *st);
    assert_non_null(st);
    fogn_ruleset.rules->init(s, st);
    int off = 0;
    for (int d = 0; d < s->ndivs; d++) off += st->res[d] == FOGN_RES_WAITING;
    assert_int_equal(off, 3);
    free(st);
    fogn_scenario_free(s);
    json_decref(j);
}

/* a flank march needs a side edge */
static void test_s17_5_flank_march_edge_checked(void **state)
{
    (void)state;
    fogn_setup_options o = {.flank_edge = FOGN_SETUP_NO_FLANK};
    gr_error err;
    gr_error_clear(&err);
    o.flank_edge = FOGN_EDGE_REAR; /* not a side edge */
    o.flank_sector = FOGN_SEC_FRONT;
    json_t *j = generate_with("anglo-portuguese-800.json", "army-of-spain-800.json", 7, &o, &err);
    assert_null(j);
    if (!strstr(err.msg, "comes on from the left or the right edge")) fail_msg("%s", err.msg);
    json_decref(j);
}

/* §17.5, §3.5: zones, halves, LOCs on the road at the edges, commanders on the table */
static void test_s17_5_deployment_zones(void **state)
{
    (void)state;
    for (unsigned long long seed = 1; seed <= 4; seed++) {
        gr_error err;
        gr_error_clear(&err);
        json_t *j = generate("prussian-corps-1813-800.json", "army-of-spain-800.json", seed, &err);
        if (!j) fail_msg("seed %llu: %s", seed, err.msg);
        assert_int_equal(fogn_setup_check(j, &err), 0);
        fogn_scenario *s = fogn_scenario_load(j, "t", &err);
        assert_non_null(s);
        fogn_state *st = calloc(1, sizeof *st);
        assert_non_null(st);
        fogn_ruleset.rules->init(s, st);
        int att = s->first_side;
        assert_int_equal(s->max_turns, FOGN_SETUP_MAX_TURNS);
        for (int i = 0; i < s->nunits; i++) {
            int side = s->units[i].side;
            double gap = side == att ? 10.0 : 6.0;
            gr_rect r = fogn_unit_rect(&s->units[i], &st->u[i]);
            gr_vec2 c[4];
            gr_rect_corners(&r, c);
            for (int k = 0; k < 4; k++) {
                double t = side == 0 ? c[k].y : 37.5 - c[k].y; /* depth from his own edge */
                assert_true(t >= 0 && t <= 18.75 - gap + 1e-9);
            }
        }
        for (int side = 0; side < 2; side++) {
            assert_true(s->has_loc[side]);
            assert_true(fabs(s->loc[side].x - 30) < 1e-9);
            assert_true(fabs(s->loc[side].y - (side == 0 ? 1.125 : 36.375)) < 1e-9);
        }
        bool hill_obj = false;
        for (int o = 0; o < s->nobj; o++) hill_obj |= s->obj[o].points == FOGN_SETUP_HILL_POINTS;
        assert_true(hill_obj);
        free(st);
        fogn_scenario_free(s);
        json_decref(j);
    }
}

static void test_s17_same_seed_same_scenario(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    json_t *a = generate("ottoman-1809-800.json", "russian-corps-1812-800.json", 42, &err);
    json_t *b = generate("ottoman-1809-800.json", "russian-corps-1812-800.json", 42, &err);
    json_t *c = generate("ottoman-1809-800.json", "russian-corps-1812-800.json", 43, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    char *ta = json_dumps(a, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    char *tb = json_dumps(b, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    char *tc = json_dumps(c, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    assert_string_equal(ta, tb);
    assert_string_not_equal(ta, tc);
    free(ta);
    free(tb);
    free(tc);
    json_decref(a);
    json_decref(b);
    json_decref(c);
}

static int filter_json(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return d->d_name[0] != '.' && n > 5 && strcmp(d->d_name + n - 5, ".json") == 0;
}

/* every ordered pair of example armies (mirror matches too) over 3 seeds */
static void test_s17_sweep_examples(void **state)
{
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/data/fogn/armies/examples", root_dir());
    struct dirent **names = NULL;
    int n = scandir(dir, &names, filter_json, alphasort);
    assert_true(n >= 9);
    army_in *arm = calloc((size_t)n, sizeof *arm);
    assert_non_null(arm);
    for (int i = 0; i < n; i++) arm[i] = load_army(names[i]->d_name);
    int good = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (unsigned long long seed = 1; seed <= 3; seed++) {
                gr_dice d;
                gr_dice_init_rng(&d, seed, 0x5e7u);
                gr_error err;
                gr_error_clear(&err);
                json_t *js = fogn_setup_generate(arm[i].list, arm[i].army, arm[j].list, arm[j].army, &d, NULL, &err);
                if (!js) fail_msg("%s v %s seed %llu: %s", names[i]->d_name, names[j]->d_name, seed, err.msg);
                gr_game g;
                if (gr_game_from_json(&g, js, "sweep", &err) || gr_game_check_start(&g, &err) ||
                    fogn_setup_check(js, &err))
                    fail_msg("%s v %s seed %llu: %s", names[i]->d_name, names[j]->d_name, seed, err.msg);
                gr_game_free(&g);
                json_decref(js);
                good++;
            }
    assert_int_equal(good, n * n * 3);
    for (int i = 0; i < n; i++) {
        free_army(&arm[i]);
        free(names[i]);
    }
    free(arm);
    free(names);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s17_1_initiative_tie_rerolled),
        cmocka_unit_test(test_s17_1_initiative_margin_two_no_bonus),
        cmocka_unit_test(test_s17_1_initiative_script_runs_out),
        cmocka_unit_test(test_s17_1_initiative_from_armies_and_bonus_unit),
        cmocka_unit_test(test_s17_1_bonus_upgrade_when_no_cheap_base),
        cmocka_unit_test(test_s17_2_region_table),
        cmocka_unit_test(test_s17_2_region_shared),
        cmocka_unit_test(test_s17_2_region_attacker_choice_and_defenders_fallback),
        cmocka_unit_test(test_s17_2_defender_hill_and_road),
        cmocka_unit_test(test_s17_2_selections),
        cmocka_unit_test(test_s17_2_selections_respect_maxima),
        cmocka_unit_test(test_s17_3_placement_roll_table),
        cmocka_unit_test(test_s17_3_adjustment_table),
        cmocka_unit_test(test_s17_3_river_roll_tables),
        cmocka_unit_test(test_s17_3_river_from_opponents_edge),
        cmocka_unit_test(test_s17_3_stream_from_own_edge_north_player),
        cmocka_unit_test(test_s17_3_river_discarded_on_six),
        cmocka_unit_test(test_s17_3_placement_areas),
        cmocka_unit_test(test_s17_3_impassable_roll_halved),
        cmocka_unit_test(test_s17_3_spacing),
        cmocka_unit_test(test_s17_3_adjustment_results),
        cmocka_unit_test(test_s17_3_slide_stops_short),
        cmocka_unit_test(test_s17_2_road_over_river_has_bridge),
        cmocka_unit_test(test_s17_2_road_over_stream_has_ford),
        cmocka_unit_test(test_s17_4_division_pool_given_to_units),
        cmocka_unit_test(test_s17_5_deployment_zones),
        cmocka_unit_test(test_s17_5_reserves_and_flank_march),
        cmocka_unit_test(test_s17_5_flank_march_edge_checked),
        cmocka_unit_test(test_s17_same_seed_same_scenario),
        cmocka_unit_test(test_s17_sweep_examples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
