/* test_lasalle_compressed.c - the optional rule Compressed Artillery [H
 * Compressed Artillery, p.81]: the two-rank footprint of 4- and 3-gun
 * batteries (ruling R-140), +1 to hit on every die of fire at a compressed
 * battery (ruling R-142) and its narrower fire zone, the change of frontage with the prolong move both
 * ways and its refusals (ruling R-141), limbering a compressed battery
 * (ruling R-143), a scenario starting a battery compressed, the menu and
 * the show line, and whole random games with the option on. */
#include "lasalle_fixture.h"

#include "../../ai/player.h"
#include "../../engine/core/play.h"
#include "../../engine/lasalle/rules/compressed.h"
#include "../../engine/lasalle/rules/fire.h"
#include "../../engine/lasalle/rules/footprint.h"
#include "../../engine/lasalle/rules/tables.h"

#define OPTION ", \"options\": {\"compressed_artillery\": true}"
#define FR_LINE LS_INF("1/45e Ligne", "small", "experienced", "line", 16, 6, 90)
/* an Austrian battery facing the French (south), on its normal frontage or compressed */
#define AU_GUNS(guns, x, y) LS_ART("Batterie Kurz", guns, "medium", "unlimbered", x, y, 270)
#define COMPRESSED_ART(name, guns, x, y, f)                                                                       \
    "{\"name\": \"" name "\", \"type\": \"artillery\", \"guns\": " #guns ", \"weight\": \"medium\", "          \
    "\"formation\": \"unlimbered\", \"compressed\": true, \"at\": [" #x ", " #y "], \"facing\": " #f "}"
#define FR_GUNS LS_ART("6pdr", 4, "medium", "unlimbered", 16, 4, 90)
#define BD LASALLE_BASE_DEPTH

static void expect_refused(const char *french, const char *extra, const char *why)
{
    ls_fix f;
    char *t = ls_text(0, french, "[" LS_FAR "]", extra);
    if (!ls_try_load(&f, t)) fail_msg("the scenario was accepted, expected \"%s\"", why);
    LS_ASSERT_HAS(f.err.msg, why);
    free(t);
}

/* a base's front-edge centre */
static void assert_base(const gr_rect *b, double x, double y)
{
    LS_ASSERT_NEAR(b->fc.x, x);
    LS_ASSERT_NEAR(b->fc.y, y);
    LS_ASSERT_NEAR(b->w, 1);
    LS_ASSERT_NEAR(b->d, BD);
}

/* [H, p.81] (ruling R-140): four guns stand two abreast, two ranks deep, about the same front-edge centre; the
 * normal frontage is untouched */
static void test_footprint_four_guns(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    gr_rect h = lasalle_hull(f.s, &f.st, 0), b[LASALLE_MAX_BASES];
    LS_ASSERT_NEAR(h.w, 4);
    LS_ASSERT_NEAR(h.d, BD);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    h = lasalle_hull(f.s, &f.st, 0);
    LS_ASSERT_NEAR(h.w, 2);
    LS_ASSERT_NEAR(h.d, 2 * BD);
    LS_ASSERT_NEAR(h.fc.x, 16);
    LS_ASSERT_NEAR(h.fc.y, 4);
    assert_int_equal(lasalle_bases(f.s, &f.st, 0, b), 4);
    /* facing +y: the right hand is +x, the second rank one base depth behind (smaller y) */
    assert_base(&b[0], 15.5, 4);
    assert_base(&b[1], 16.5, 4);
    assert_base(&b[2], 15.5, 4 - BD);
    assert_base(&b[3], 16.5, 4 - BD);
    assert_true(lasalle_compressed(&f.st, 0));
    /* the flag means nothing once the battery is limbered */
    f.st.u[0].form = LASALLE_LIMBERED;
    assert_false(lasalle_compressed(&f.st, 0));
    assert_int_equal(lasalle_layout_form(&f.st, 0), LASALLE_LIMBERED);
    ls_free(&f);
}

/* [H, p.81]: with an odd count the second rank is shorter; three guns stand two in front, one centred behind
 * (ruling R-140) */
static void test_footprint_three_guns(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" LS_ART("4pdr", 3, "light", "unlimbered", 16, 4, 90) "]", "[" LS_FAR "]", OPTION);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    gr_rect h = lasalle_hull(f.s, &f.st, 0), b[LASALLE_MAX_BASES];
    LS_ASSERT_NEAR(h.w, 2);
    LS_ASSERT_NEAR(h.d, 2 * BD);
    assert_int_equal(lasalle_bases(f.s, &f.st, 0, b), 3);
    assert_base(&b[0], 15.5, 4);
    assert_base(&b[1], 16.5, 4);
    assert_base(&b[2], 16, 4 - BD);
    /* six guns: three and three */
    lasalle_unit_profile six = f.s->units[0];
    six.nbases = 6;
    assert_int_equal(lasalle_bases_at(&six, LASALLE_LAYOUT_COMPRESSED, 16, 4, GR_PI / 2, b), 6);
    assert_base(&b[0], 15, 4);
    assert_base(&b[5], 17, 4 - BD);
    ls_free(&f);
}

/* [H, p.81] (ruling R-142): musketry at 4+ misses with 3, 3, 1, 1; against a compressed battery each die gets +1
 * and the same dice hit twice */
static void test_fire_at_compressed_battery(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_GUNS(4, 16, 9) "]", OPTION);
    ls_dice(&f, 4, 3, 3, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fires at Batterie Kurz: 4 musketry dice (4 clear bases), hits on 4+");
    LS_ASSERT_LOGGED(&f, "Batterie Kurz takes 0 hits");
    ls_free(&f);
    ls_load(&f, 0, "[" FR_LINE "]", "[" AU_GUNS(4, 16, 9) "]", OPTION);
    f.st.u[1].flags |= LASALLE_UF_COMPRESSED;
    ls_dice(&f, 4, 3, 3, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "1/45e Ligne fires at Batterie Kurz: 4 musketry dice (4 clear bases), hits on 3+");
    LS_ASSERT_LOGGED(&f, "Batterie Kurz takes 2 hits");
    assert_true(lasalle_compressed(&f.st, 1)); /* 2 hits do nothing to a battery [D, p.48] */
    ls_free(&f);
}

/* roundshot at a compressed battery also hits on 3+; 3 hits force it to limber, and it limbers as any battery
 * (ruling R-143): the flag goes */
static void test_roundshot_and_forced_limber(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" AU_GUNS(4, 16, 14) "]", OPTION);
    f.st.u[1].flags |= LASALLE_UF_COMPRESSED;
    ls_dice(&f, 4, 3, 3, 3, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at Batterie Kurz: 4 roundshot dice, hits on 3+");
    LS_ASSERT_LOGGED(&f, "Batterie Kurz is forced to limber (D, p.48)");
    assert_int_equal(f.st.u[1].form, LASALLE_LIMBERED);
    assert_false(f.st.u[1].flags & LASALLE_UF_COMPRESSED);
    ls_free(&f);
}

/* (ruling R-140) the fire zone is as wide as the compressed battery [D, p.41; H, p.81]: a line whose nearest
 * base overlaps the zone of four guns abreast by 0.8 BW lies outside the zone of two */
static void test_fire_zone_narrows(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_INF("IR 7", "small", "experienced", "line", 19.2, 12, 270) "]", OPTION);
    assert_true(ls_offers(&f, "u0 fire u1"));
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    assert_false(ls_offers(&f, "u0 fire u1"));
    ls_free(&f);
}

/* (ruling R-142) canister gets the +1 too; a howitzer battery's long-range fire, always 4+ and never modified
 * [H Howitzer Batteries, p.81], does not */
static void test_canister_and_howitzers(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" AU_GUNS(4, 16, 9) "]", OPTION);
    f.st.u[1].flags |= LASALLE_UF_COMPRESSED;
    ls_dice(&f, 8, 3, 1, 1, 1, 1, 1, 1, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "6pdr fires at Batterie Kurz: 8 canister dice (4 clear gun bases), hits on 3+");
    LS_ASSERT_LOGGED(&f, "Batterie Kurz takes 1 hit");
    ls_free(&f);
    ls_load(&f, 0,
            "[{\"name\": \"Haubitzen\", \"type\": \"artillery\", \"guns\": 4, \"howitzers\": 4, \"weight\": "
            "\"medium\", \"formation\": \"unlimbered\", \"at\": [16, 4], \"facing\": 90}]",
            "[" AU_GUNS(4, 16, 14) "]",
            ", \"options\": {\"compressed_artillery\": true, \"howitzer_batteries\": true}");
    f.st.u[1].flags |= LASALLE_UF_COMPRESSED;
    ls_dice(&f, 4, 3, 3, 3, 1);
    ls_do(&f, "u0 fire u1");
    LS_ASSERT_LOGGED(&f, "Haubitzen fires at Batterie Kurz: 4 roundshot dice, hits on 4+");
    LS_ASSERT_LOGGED(&f, "Batterie Kurz takes 0 hits");
    ls_free(&f);
}

/* [H, p.81] (ruling R-141): the prolong move spent closing onto the compressed frontage, offered only with the
 * option; the front-edge centre stays, the narrow fire zone follows the footprint */
static void test_prolong_compress(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 prolong compress"));
    assert_false(ls_offers(&f, "u0 prolong extend"));
    ls_do(&f, "u0 prolong compress");
    assert_true(f.st.u[0].flags & LASALLE_UF_COMPRESSED);
    assert_int_equal(f.st.u[0].form, LASALLE_UNLIMBERED);
    assert_true(f.st.u[0].flags & LASALLE_UF_MOVED);
    LS_ASSERT_NEAR(f.st.u[0].x, 16);
    LS_ASSERT_NEAR(f.st.u[0].y, 4);
    LS_ASSERT_NEAR(lasalle_hull(f.s, &f.st, 0).w, 2);
    LS_ASSERT_LOGGED(&f, "6pdr uses its prolong move to close onto a compressed frontage, its guns two ranks deep "
                         "(H, p.81)");
    ls_free(&f);
    /* without the option the menu is as it always was */
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", "");
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 prolong 0 1"));
    assert_false(ls_offers(&f, "u0 prolong compress"));
    ls_free(&f);
}

/* [H, p.81]: back to the normal frontage, with smoke too (a prolong is allowed with smoke, C p.28) */
static void test_prolong_extend(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    ls_to_activity(&f);
    f.st.u[0].flags |= LASALLE_UF_SMOKE;
    assert_true(ls_offers(&f, "u0 prolong extend"));
    assert_false(ls_offers(&f, "u0 prolong compress"));
    ls_do(&f, "u0 prolong extend");
    assert_false(f.st.u[0].flags & LASALLE_UF_COMPRESSED);
    LS_ASSERT_NEAR(lasalle_hull(f.s, &f.st, 0).w, 4);
    LS_ASSERT_LOGGED(&f, "6pdr uses its prolong move to open out to its normal frontage, guns abreast (H, p.81)");
    ls_free(&f);
}

/* the refusals, each naming the page: the option off, a limbered battery, a unit that is no battery, the
 * frontage it already has, a distance after the change, no room to open out */
static void test_prolong_refusals(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", "");
    ls_to_activity(&f);
    ls_refused(&f, "u0 prolong compress", "Compressed Artillery is an optional rule this scenario does not use: turn "
                                          "on \"compressed_artillery\" in its options (H, p.81)");
    ls_free(&f);
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "limbered", 10, 6, 90) ", " FR_LINE "]", "[" LS_FAR "]", OPTION);
    ls_to_activity(&f);
    ls_refused(&f, "u0 prolong compress",
               "6pdr is limbered: only an unlimbered battery changes its frontage (H, p.81)");
    ls_do(&f, "u0 hold");
    ls_refused(&f, "u1 prolong compress",
               "1/45e Ligne is not artillery: only an unlimbered battery stands compressed (H, p.81)");
    ls_free(&f);
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    ls_to_activity(&f);
    ls_refused(&f, "u0 prolong extend", "6pdr already stands on its normal frontage, guns abreast (H, p.81)");
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    ls_refused(&f, "u0 prolong compress", "6pdr already stands compressed, two ranks deep (H, p.81)");
    ls_free(&f);
    /* a friend beside the compressed guns leaves no room for the line of four */
    ls_load(&f, 0, "[" FR_GUNS ", " LS_INF("2/45e", "small", "experienced", "column", 20, 4, 90) "]",
            "[" LS_FAR "]", OPTION);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    ls_place(&f, 1, 18.5, 4, 90, LASALLE_COLUMN);
    ls_to_activity(&f);
    assert_false(ls_offers(&f, "u0 prolong extend"));
    ls_refused(&f, "u0 prolong extend", "the new formation would overlap 2/45e");
    ls_free(&f);
    /* between woods: two ranks fit where four guns abreast would stand in the trees [C, p.26] */
    ls_load(&f, 0, "[" LS_ART("6pdr", 4, "medium", "unlimbered", 8, 4, 90) "]", "[" LS_FAR "]",
            OPTION ", \"terrain\": [{\"name\": \"Bois\", \"type\": \"woods\", \"points\": [[17.5, 2], "
                   "[20, 2], [20, 6], [17.5, 6]]}]");
    ls_place(&f, 0, 16, 4, 90, LASALLE_UNLIMBERED);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    ls_to_activity(&f);
    ls_refused(&f, "u0 prolong extend", "in Bois (woods) (C, p.26)");
    ls_free(&f);
}

/* [D Obstructed Fire, p.50] (ruling R-144): a compressed battery's gun bases of both ranks are judged each on
 * its own, and the cascade runs along each rank: a copse before the right-hand guns blocks both of them, and
 * the left-hand guns of both ranks still fire canister (two clear bases, not the one a cascade along all four
 * bases in a row would leave) */
static void test_canister_cascade_rank_by_rank(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" COMPRESSED_ART("6pdr", 4, 16, 4, 90) "]",
            "[" LS_INF("IR 7", "small", "experienced", "line", 16, 6.5, 270) "]",
            OPTION ", \"terrain\": [{\"name\": \"Copse\", \"type\": \"woods\", \"points\": [[16.1, 4.6], "
                   "[17.2, 4.6], [17.2, 5.4], [16.1, 5.4]]}]");
    assert_true(f.st.u[0].flags & LASALLE_UF_COMPRESSED);
    assert_int_equal(lasalle_clear_bases_in(f.s, &f.st, 0, 1, 0, 2), 1);                 /* the first rank */
    assert_int_equal(lasalle_clear_bases_in(f.s, &f.st, 0, 1, 2, LASALLE_MAX_BASES), 1); /* the second */
    assert_int_equal(lasalle_clear_bases(f.s, &f.st, 0, 1), 2);
    ls_free(&f);
}

/* a compressed battery prolongs in its two ranks: a unit 1.8 BW behind its front blocks a step back that a
 * battery on its normal frontage makes [C, p.28] */
static void test_prolong_in_two_ranks(void **state)
{
    (void)state;
    ls_fix f;
    const char *fr = "[" LS_ART("6pdr", 4, "medium", "unlimbered", 8, 6, 90) ", "
                     LS_INF("2/45e", "small", "experienced", "line", 8, 4.2, 90) "]";
    ls_load(&f, 0, fr, "[" LS_FAR "]", OPTION);
    ls_to_activity(&f);
    ls_do(&f, "u0 prolong 0 -0.5");
    LS_ASSERT_NEAR(f.st.u[0].y, 5.5);
    ls_free(&f);
    ls_load(&f, 0, fr, "[" LS_FAR "]", OPTION);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    ls_to_activity(&f);
    ls_refused(&f, "u0 prolong 0 -0.5", "2/45e");
    ls_do(&f, "u0 prolong 1 0");
    LS_ASSERT_NEAR(f.st.u[0].x, 9);
    assert_true(lasalle_compressed(&f.st, 0));
    ls_free(&f);
}

/* (ruling R-143) a compressed battery limbers as usual, from its two ranks; unlimbering again gives the normal
 * frontage [C, p.26] */
static void test_limber_compressed(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    ls_to_activity(&f);
    assert_true(ls_offers(&f, "u0 limber facing 90"));
    ls_do(&f, "u0 limber facing 90");
    assert_int_equal(f.st.u[0].form, LASALLE_LIMBERED);
    assert_false(f.st.u[0].flags & LASALLE_UF_COMPRESSED);
    ls_free(&f);
}

/* [H, p.81]: a scenario may start a battery compressed, with the option on and only an unlimbered battery */
static void test_scenario_start(void **state)
{
    (void)state;
    expect_refused("[" COMPRESSED_ART("6pdr", 4, 16, 4, 90) "]", "",
                   "$.sides[0].forces[0].units[0].compressed: 6pdr may start compressed only when the scenario's "
                   "options turn on \"compressed_artillery\" (H, p.81)");
    expect_refused("[{\"name\": \"1/45e\", \"type\": \"infantry\", \"size\": \"small\", \"esprit\": \"reliable\", "
                   "\"discipline\": \"experienced\", \"formation\": \"line\", \"compressed\": true, \"at\": [16, 6], "
                   "\"facing\": 90}]",
                   OPTION, "only an unlimbered battery stands compressed, and 1/45e is no such unit (H, p.81)");
    expect_refused("[{\"name\": \"6pdr\", \"type\": \"artillery\", \"guns\": 4, \"weight\": \"medium\", "
                   "\"formation\": \"limbered\", \"compressed\": true, \"at\": [16, 4], \"facing\": 90}]",
                   OPTION, "only an unlimbered battery stands compressed, and 6pdr is no such unit (H, p.81)");
    /* its second rank is measured: a line 1.2 BW behind the front is clear of four guns abreast, not of the
     * compressed battery */
    expect_refused("[" COMPRESSED_ART("6pdr", 4, 16, 4, 90) ", " LS_INF("2/45e", "small", "experienced", "line", 16,
                                                                        2.8, 90) "]",
                   OPTION, "overlaps");
    ls_fix f;
    ls_load(&f, 0, "[" COMPRESSED_ART("6pdr", 4, 16, 4, 90) "]", "[" LS_FAR "]", OPTION);
    assert_true(f.s->options & LASALLE_OPT_COMPRESSED_ARTILLERY);
    assert_int_equal(f.s->units[0].compressed, 1);
    assert_int_equal(lasalle_profile_layout_form(&f.s->units[0]), LASALLE_LAYOUT_COMPRESSED);
    assert_true(lasalle_compressed(&f.st, 0));
    LS_ASSERT_NEAR(lasalle_hull(f.s, &f.st, 0).w, 2);
    ls_free(&f);
}

/* `show` and `render` say it: "compressed" in the unit's detail and the summary; the map draws four bases in
 * two ranks */
static void test_show(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    f.st.u[0].flags |= LASALLE_UF_COMPRESSED;
    gr_render_item items[32];
    int n = f.g.rs->present->render_items(f.s, &f.st, items, 32);
    assert_true(n > 0);
    assert_string_equal(items[0].detail, "u0 unlimbered compressed");
    assert_int_equal(items[0].nbases, 4);
    LS_ASSERT_NEAR(items[0].base[2][1], 4 - BD);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    f.g.rs->present->summary(f.s, &f.st, m);
    fclose(m);
    LS_ASSERT_HAS(buf, "Unlimbered");
    LS_ASSERT_HAS(buf, ", compressed, two ranks deep");
    free(buf);
    ls_free(&f);
}

/* the notation reads and writes both changes */
static void test_notation(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, "[" FR_GUNS "]", "[" LS_FAR "]", OPTION);
    const char *texts[2] = {"u0 prolong compress", "u0 prolong extend"};
    for (int k = 0; k < 2; k++) {
        gr_action a;
        char buf[64];
        assert_int_equal(f.g.rs->present->parse_action(f.s, &f.st, texts[k], &a, &f.err), 0);
        assert_int_equal(a.type, LASALLE_A_PROLONG);
        assert_int_equal(a.arg, k ? LASALLE_PROLONG_EXTEND : LASALLE_PROLONG_COMPRESS);
        f.g.rs->present->format_action(f.s, &f.st, &a, buf, sizeof buf);
        assert_string_equal(buf, texts[k]);
    }
    ls_free(&f);
}

/* two batteries a side (4 and 3 guns) and two infantry units, the option on */
#define GAME_FR                                                                                          \
    "[" LS_ART("6pdr", 4, "medium", "unlimbered", 10, 5, 90) ", "                                        \
    LS_ART("4pdr", 3, "light", "unlimbered", 22, 5, 90) ", "                                             \
    LS_INF("1/45e", "small", "experienced", "line", 16, 6, 90) ", "                                      \
    LS_INF("2/45e", "small", "experienced", "column", 16, 4.5, 90) "]"
#define GAME_AU                                                                                          \
    "[" LS_ART("Batterie Kurz", 4, "medium", "unlimbered", 10, 19, 270) ", "                             \
    COMPRESSED_ART("Batterie Lang", 3, 22, 19, 270) ", "                                                 \
    LS_INF("IR 7", "small", "experienced", "line", 16, 18, 270) ", "                                     \
    LS_INF("IR 8", "small", "experienced", "column", 16, 19.5, 270) "]"
#define GAMES 16

/* random players to the end with the invariants checked after every action; each game replays to the same
 * state; over the games batteries change frontage both ways */
static void test_random_games(void **state)
{
    (void)state;
    ls_fix f;
    ls_load(&f, 0, GAME_FR, GAME_AU, OPTION);
    size_t size = f.g.rs->rules->state_size;
    void *st = calloc(1, size), *again = calloc(1, size);
    int compress = 0, extend = 0;
    for (unsigned long long seed = 1; seed <= GAMES; seed++)
        for (int pass = 0; pass < 2; pass++) {
            void *s = pass ? again : st;
            f.g.rs->rules->init(f.g.scn, s);
            gr_dice dice;
            gr_dice_init_rng(&dice, seed, 1);
            gr_rng pick;
            gr_rng_seed(&pick, seed, 2);
            gr_log log;
            gr_log_init(&log);
            long n = 0;
            for (; f.g.rs->rules->to_move(f.g.scn, s) != GR_TERMINAL && n < 5000; n++) {
                gr_action a;
                if (gr_play_random_legal(&f.g, s, &pick, &a)) fail_msg("seed %llu: no legal action", seed);
                if (f.g.rs->rules->apply(f.g.scn, s, &a, &dice, &log, &f.err))
                    fail_msg("seed %llu, decision %ld: refused after drawn as legal: %s", seed, n, f.err.msg);
                if (f.g.rs->present->check_invariants(f.g.scn, s, &f.err))
                    fail_msg("seed %llu, decision %ld: %s", seed, n, f.err.msg);
            }
            assert_true(n < 5000);
            for (size_t e = 0; !pass && e < log.n; e++) {
                compress += strstr(log.ev[e].text, "close onto a compressed frontage") != NULL;
                extend += strstr(log.ev[e].text, "open out to its normal frontage") != NULL;
            }
            gr_log_free(&log);
            if (pass) assert_memory_equal(st, again, size);
        }
    print_message("compressed artillery: %d changes to two ranks, %d back, in %d games\n", compress, extend, GAMES);
    assert_true(compress > 0 && extend > 0);
    free(st);
    free(again);
    ls_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_canister_cascade_rank_by_rank),
        cmocka_unit_test(test_footprint_four_guns),
        cmocka_unit_test(test_footprint_three_guns),
        cmocka_unit_test(test_fire_at_compressed_battery),
        cmocka_unit_test(test_roundshot_and_forced_limber),
        cmocka_unit_test(test_fire_zone_narrows),
        cmocka_unit_test(test_canister_and_howitzers),
        cmocka_unit_test(test_prolong_compress),
        cmocka_unit_test(test_prolong_extend),
        cmocka_unit_test(test_prolong_refusals),
        cmocka_unit_test(test_prolong_in_two_ranks),
        cmocka_unit_test(test_limber_compressed),
        cmocka_unit_test(test_scenario_start),
        cmocka_unit_test(test_show),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
