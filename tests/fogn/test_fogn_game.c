/* test_fogn_game.c - whole-game properties of the fogn ruleset through the
 * game interface: the state is flat (a clone is a memcpy), the notation
 * prints and parses every kind of action, random legal play keeps every
 * invariant and ends, a commander's menu holds every join he may make, the
 * same seed gives the same game, and a record
 * replays to the byte-identical state. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fogn_fixture.h"
#include "../../engine/core/play.h"
#include "../../engine/core/record.h"
#include "../../engine/registry.h"
#include "../../engine/fogn/rules/cmdr.h"
#include "../../engine/fogn/rules/notation.h"
#include "../../engine/fogn/rules/orders.h"

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

static void load_corps(gr_game *g)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/fogn/corps-battle.json", root_dir());
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_game_load(g, path, &err);
    if (rc) print_error("%s\n", err.msg);
    assert_int_equal(rc, 0);
}

/* The state is plain bytes: a memcpy clone behaves exactly like the original. */
static void test_fogn_state_flat_clone(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps(&g);
    fogn_state a, b;
    g.rs->rules->init(g.scn, &a);
    memcpy(&b, &a, sizeof a);
    gr_action la[GR_MAX_ACTIONS], lb[GR_MAX_ACTIONS];
    int na = g.rs->rules->legal_actions(g.scn, &a, la, GR_MAX_ACTIONS);
    int nb = g.rs->rules->legal_actions(g.scn, &b, lb, GR_MAX_ACTIONS);
    assert_int_equal(na, nb);
    assert_memory_equal(la, lb, (size_t)na * sizeof *la);
    assert_int_equal(g.rs->rules->state_size, sizeof(fogn_state));
    print_message("fogn_state is %zu bytes (corps battle: %d units, %d commanders)\n", sizeof(fogn_state),
                  ((fogn_scenario *)g.scn)->nunits, ((fogn_scenario *)g.scn)->ncmdrs);
    gr_game_free(&g);
}

/* Every terrain piece read from the file keeps its points' box: the
 * queries that meet pieces test it first, and without it each query works
 * it out again (the answers are the same either way). */
static void test_fogn_loaded_pieces_keep_their_box(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps(&g);
    const fogn_scenario *s = g.scn;
    assert_true(s->terrain.n > 0);
    for (int k = 0; k < s->terrain.n; k++) {
        const gr_terrain_piece *p = &s->terrain.p[k];
        assert_int_equal(p->has_box, 1);
        double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
        for (int i = 0; i < p->npts; i++) {
            x0 = p->pts[i].x < x0 ? p->pts[i].x : x0;
            y0 = p->pts[i].y < y0 ? p->pts[i].y : y0;
            x1 = p->pts[i].x > x1 ? p->pts[i].x : x1;
            y1 = p->pts[i].y > y1 ? p->pts[i].y : y1;
        }
        assert_true(p->box[0] == x0 && p->box[1] == y0 && p->box[2] == x1 && p->box[3] == y1);
    }
    gr_game_free(&g);
}

/* Every action kind prints and reads back to the same action. */
static void test_fogn_notation_round_trip(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    for (int i = 0; i < 14; i++) fx_unit(s, i & 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 4 + 4 * i, i & 1 ? 30 : 5, 90);
    s->nobj = 2;
    fogn_state st;
    fx_state(s, &st, 0);
    gr_action acts[] = {
        fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0),
        fx_action(FOGN_A_HOLD, 3, -1, 0, 0, 0, 0),
        fx_action(FOGN_A_ADVANCE, 3, 12, 6, 0, 0, 0),
        fx_action(FOGN_A_ADVANCE_OBJ, 3, 1, 0, 0, 0, 0),
        fx_action(FOGN_A_FACE, 3, 7, 0, 0, 0, 0),
        fx_action(FOGN_A_FORM, 3, -1, FOGN_F_COLUMN, 0, 0, 0),
        fx_action(FOGN_A_FALL_BACK, 3, -1, 0, 0, 0, 0),
        fx_action(FOGN_A_ROAD, 3, -1, -1, 0, 0, 0),
        fx_action(FOGN_A_TURN, 3, -1, -90, 0, 0, 0),
        fx_action(FOGN_A_MOVE, 3, -1, GR_FR, 30, 4.5f, 0.25f),
        fx_action(FOGN_A_MOVE, 3, -1, -1, 0, 4.1f, 0),
        fx_action(FOGN_A_MOVE, 3, -1, -1, 0, 2, -0.5f),
        fx_action(FOGN_A_REAR, 3, -1, 3, 0, 2.5f, 0),
        fx_action(FOGN_A_FREE, 3, -1, 0, 1.5f, -2, 135),
        fx_action(FOGN_A_FACE_TO, 3, -1, 0, 0.1f, 0, 0),
        fx_action(FOGN_A_LIMBER, 3, -1, 2, 0, 0, 0),
        fx_action(FOGN_A_UNLIMBER, 3, -1, 0, 0, 0, 0),
        fx_action(FOGN_A_PROLONG, 3, -1, 0, 0, -1.5f, 0),
        fx_action(FOGN_A_KINK, 3, -1, 0, -30, 0, 0),
        fx_action(FOGN_A_CMDR_MOVE, s->nunits + 1, -1, 0, 30.25f, 12.5f, 0),
        fx_action(FOGN_A_CMDR_JOIN, s->nunits + 0, 4, 0, 0, 0, 0),
        fx_action(FOGN_A_HOLD, s->nunits + 2, -1, 0, 0, 0, 0),
    };
    for (size_t i = 0; i < sizeof acts / sizeof *acts; i++) {
        char text[160];
        fogn_format_action(s, &st, &acts[i], text, sizeof text);
        gr_action back;
        gr_error err;
        gr_error_clear(&err);
        int rc = fogn_parse_action(s, &st, text, &back, &err);
        if (rc) print_error("'%s': %s\n", text, err.msg);
        assert_int_equal(rc, 0);
        assert_int_equal(back.type, acts[i].type);
        assert_int_equal(back.actor, acts[i].actor);
        if (acts[i].type != FOGN_A_DONE) assert_int_equal(back.target, acts[i].target);
        assert_int_equal(back.arg, acts[i].arg);
        for (int k = 0; k < 3; k++) assert_true(back.p[k] == acts[i].p[k]);
    }
    free(s);
}

/* Typed orders that cannot be read say why. */
static void test_fogn_notation_errors(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 5, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 10, 30, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    static const struct { const char *text, *expect; } bad[] = {
        {"", "expected 'done'"},
        {"u9 hold", "no unit u9"},
        {"c7 hold", "no commander c7"},
        {"u0 dance", "cannot read 'dance'"},
        {"u0 advance u1 to 7", "bands are"},
        {"u0 form blob", "unknown formation 'blob'"},
        {"u0 turn 45", "turn by 90"},
        {"u0 advance obj3", "no objective"},
        {"c0 join u5", "no unit u5"},
        {"u0 move FX 10 2", "cannot read"},
        {"hold u0", "expected 'done'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gr_action a;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(fogn_parse_action(s, &st, bad[i].text, &a, &err), -1);
        if (!strstr(err.msg, bad[i].expect)) print_error("'%s' gave '%s'\n", bad[i].text, err.msg);
        assert_non_null(strstr(err.msg, bad[i].expect));
    }
    free(s);
}

static void play(const gr_game *g, unsigned long long seed, fogn_state *st, gr_record *rec)
{
    gr_error err;
    gr_error_clear(&err);
    g->rs->rules->init(g->scn, st);
    gr_log log;
    gr_log_init(&log);
    gr_play_opts o = {.seed = seed, .check_invariants = 1};
    int n = gr_play_random(g, st, rec, &log, &o, &err);
    if (n < 0) print_error("seed %llu: %s\n", seed, err.msg);
    assert_true(n > 0);
    assert_int_equal(g->rs->rules->to_move(g->scn, st), GR_TERMINAL);
    gr_log_free(&log);
}

/* Random legal play runs to the end with the invariants intact (§4, §8). */
static void test_fogn_random_games_end(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps(&g);
    int games = 3;
    const char *env = getenv("GROGNARD_SOAK_GAMES");
    if (env) games = atoi(env);
    for (int i = 0; i < games; i++) {
        fogn_state st;
        play(&g, 1000 + (unsigned long long)i, &st, NULL);
        gr_result r;
        g.rs->rules->result(g.scn, &st, &r);
        assert_true(r.over);
    }
    gr_game_free(&g);
}

/* A commander's menu in the Movement Phase (§3.4, §8.3) offers every unit
 * he may join and no other: the menu passes over units whose post lies
 * beyond his move on any ground before trying the join; here every
 * commander of the side moving, at every Movement Phase decision of two
 * random games, is checked against trying the join on every unit of his
 * command. */
static void test_fogn_cmdr_menu_is_every_join_allowed(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps(&g);
    const fogn_scenario *s = g.scn;
    int legal = 0, far = 0, checked = 0;
    for (unsigned long long seed = 1; seed <= 2; seed++) {
        fogn_state st;
        g.rs->rules->init(s, &st);
        gr_dice dice;
        gr_dice_init_rng(&dice, seed, 1);
        gr_rng pick;
        gr_rng_seed(&pick, seed, 2);
        while (g.rs->rules->to_move(s, &st) != GR_TERMINAL) {
            if (st.turn.step == FOGN_ST_MV_UNITS) {
                for (int c = 0; c < s->ncmdrs; c++) {
                    if (s->cmdrs[c].side != st.active) continue;
                    gr_action menu[GR_MAX_ACTIONS], want[GR_MAX_ACTIONS];
                    int n = fogn_orders_for_cmdr(s, &st, c, menu, GR_MAX_ACTIONS), m = 0;
                    want[m++] = fx_action(FOGN_A_HOLD, s->nunits + c, -1, 0, 0, 0, 0);
                    want[m++] = fx_action(FOGN_A_DONE, -1, -1, 0, 0, 0, 0);
                    for (int j = 0; j < s->nunits; j++) {
                        const fogn_cmdr_profile *cp = &s->cmdrs[c];
                        if (s->units[j].side != cp->side || !fogn_unit_alive(&st.u[j])) continue;
                        if (cp->role == FOGN_CMDR_DIVISION && s->units[j].division != cp->division) continue;
                        if (st.c[c].leading == j) continue;
                        gr_action a = fx_action(FOGN_A_CMDR_JOIN, s->nunits + c, j, 0, 0, 0, 0);
                        fogn_state tmp = st;
                        gr_error err;
                        gr_error_clear(&err);
                        if (fogn_cmdr_apply(s, &tmp, &a, &err) == 0) {
                            want[m++] = a;
                            legal++;
                        } else if (strstr(err.msg, "would move")) {
                            far++;
                        }
                    }
                    assert_int_equal(n, m);
                    assert_memory_equal(menu, want, (size_t)n * sizeof *menu);
                    checked++;
                }
            }
            gr_action a;
            assert_int_equal(gr_play_random_legal(&g, &st, &pick, &a), 0);
            gr_error err;
            gr_error_clear(&err);
            if (g.rs->rules->apply(s, &st, &a, &dice, NULL, &err)) fail_msg("%s", err.msg);
        }
    }
    print_message("commanders' menus: %d checked, %d joins offered, %d refused as too far\n", checked, legal, far);
    assert_true(checked > 100);
    assert_true(legal > 100);
    assert_true(far > 100);
    gr_game_free(&g);
}

/* Same seed, same game; a saved record replays to the identical bytes. */
static void test_fogn_record_replays_identically(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps(&g);
    fogn_state a, b, c;
    gr_record rec;
    gr_record_init(&rec, &g, 77);
    play(&g, 77, &a, &rec);
    play(&g, 77, &b, NULL);
    assert_memory_equal(&a, &b, sizeof a);
    char dir[] = "/tmp/grognard-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/game.json", dir);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_record_save(&rec, path, &err), 0);
    gr_record loaded;
    assert_int_equal(gr_record_load(&loaded, path, &err), 0);
    assert_int_equal(loaded.nactions, rec.nactions);
    gr_game g2;
    assert_int_equal(gr_game_from_json(&g2, loaded.scenario, path, &err), 0);
    int rc = gr_replay(&g2, &loaded, &c, NULL, &err);
    if (rc) print_error("%s\n", err.msg);
    assert_int_equal(rc, 0);
    assert_memory_equal(&a, &c, sizeof a);
    /* a different seed gives a different game */
    play(&g, 78, &b, NULL);
    assert_true(memcmp(&a, &b, sizeof a) != 0);
    gr_game_free(&g2);
    gr_record_free(&loaded);
    gr_record_free(&rec);
    unlink(path);
    rmdir(dir);
    gr_game_free(&g);
}

/* A refused action leaves the state exactly as it was. */
static void test_fogn_refused_action_changes_nothing(void **unused)
{
    (void)unused;
    gr_game g;
    load_corps(&g);
    fogn_state st, before;
    g.rs->rules->init(g.scn, &st);
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    /* at the start only the command phase's "done" is open: a unit's move is refused */
    assert_int_equal(g.rs->present->parse_action(g.scn, &st, "u0 move 1", &a, &err), 0);
    before = st;
    assert_int_equal(g.rs->rules->apply(g.scn, &st, &a, NULL, NULL, &err), -1);
    assert_memory_equal(&st, &before, sizeof st);
    /* answer "done" until the first movement decision */
    gr_dice dice;
    gr_dice_init_rng(&dice, 5, 1);
    while (st.turn.phase != FOGN_PH_MOVEMENT) {
        gr_action done = {.type = FOGN_A_DONE, .actor = -1, .target = -1};
        assert_int_equal(g.rs->rules->apply(g.scn, &st, &done, &dice, NULL, &err), 0);
    }
    before = st;
    gr_error_clear(&err);
    char text[64];
    int actor = fogn_cursor_actor_public(g.scn, &st);
    snprintf(text, sizeof text, "u%d move 40", actor);
    assert_int_equal(g.rs->present->parse_action(g.scn, &st, text, &a, &err), 0);
    assert_int_equal(g.rs->rules->apply(g.scn, &st, &a, NULL, NULL, &err), -1);
    if (!strstr(err.msg, "allowance")) fail_msg("refused for another reason: %s", err.msg);
    assert_memory_equal(&st, &before, sizeof st);
    gr_game_free(&g);
}

/* the map's small print under each piece: a unit's id and formation, and its
 * cohesion short of Steady, Spent, in melee, holding a building; a
 * commander's post, his command points and the unit he leads */
static void test_fogn_map_details(void **unused)
{
    (void)unused;
    fogn_scenario *s = fx_scenario();
    fx_unit(s, 0, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_TACTICAL, 20, 10, 90);
    fx_unit(s, 1, FOGN_INF_REFORMED, FOGN_SMALL, FOGN_F_COLUMN, 40, 30, -90);
    fogn_state st;
    fx_state(s, &st, 0);
    st.u[0].cohesion = FOGN_DISORDERED;
    st.u[0].flags |= FOGN_UF_SPENT | FOGN_UF_IN_COMBAT;
    st.c[0].cp = 2;
    st.c[0].leading = 1;
    gr_render_item items[16];
    int n = fogn_ruleset.present->render_items(s, &st, items, 16);
    const char *u0 = NULL, *u1 = NULL, *c0 = NULL;
    for (int i = 0; i < n; i++) {
        if (!strcmp(items[i].ref, "u0")) u0 = items[i].detail;
        if (!strcmp(items[i].ref, "u1")) u1 = items[i].detail;
        if (!strcmp(items[i].ref, "c0")) c0 = items[i].detail;
    }
    assert_non_null(u0);
    assert_non_null(u1);
    assert_non_null(c0);
    assert_string_equal(u0, "u0 tactical, disordered, spent, in melee");
    assert_string_equal(u1, "u1 column");
    assert_string_equal(c0, "c0 division, 2 CP, leads u1");
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fogn_state_flat_clone),
        cmocka_unit_test(test_fogn_loaded_pieces_keep_their_box),
        cmocka_unit_test(test_fogn_notation_round_trip),
        cmocka_unit_test(test_fogn_notation_errors),
        cmocka_unit_test(test_fogn_random_games_end),
        cmocka_unit_test(test_fogn_cmdr_menu_is_every_join_allowed),
        cmocka_unit_test(test_fogn_record_replays_identically),
        cmocka_unit_test(test_fogn_refused_action_changes_nothing),
        cmocka_unit_test(test_fogn_map_details),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
