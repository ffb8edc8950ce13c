/* test_lasalle_game.c - whole Lasalle games end to end through the seams
 * any ruleset uses: random players and MCTS (mcts:iters=20, with the
 * weights of eval/weights/lasalle.json) play the bundled scenario to its
 * end with the invariants checked after every action; the same seed gives
 * the same record; a record replays to the same bytes; the Activity menus
 * checked an entry at a time are the menus, and an order checked and
 * carried out in one call is the check then the apply; the neutral facts
 * (action_info, unit_info, unit_worth, terms, clock) tell the truth; the
 * table is drawn base by base in BW (cli/svg.c). */
#include "../../engine/core/ruleset.h"
#include "lasalle_fixture.h"

#include "../../ai/player.h"
#include "../../cli/svg.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/core/play.h"
#include "../../engine/lasalle/rules/ai.h"
#include "../../engine/lasalle/rules/menu.h"
#include "../../engine/lasalle/rules/status.h"
#include "../../eval/eval.h"

#define SCENARIO "scenarios/lasalle/brigade-clash.json"

/* plays one game with two players from specs; returns the record's action count */
static int play(const gr_game *g, const char *spec0, const char *spec1, unsigned long long seed, gr_record *rec,
                void *st)
{
    gr_error err;
    gr_error_clear(&err);
    gr_player *p0 = gr_player_create(spec0, g, seed, &err);
    if (!p0) fail_msg("%s: %s", spec0, err.msg);
    gr_player *p1 = gr_player_create(spec1, g, seed + 1, &err);
    if (!p1) fail_msg("%s: %s", spec1, err.msg);
    const gr_chooser c[2] = {gr_player_chooser(p0), gr_player_chooser(p1)};
    gr_log log;
    gr_log_init(&log);
    gr_record_init(rec, g, seed);
    g->rs->rules->init(g->scn, st);
    gr_play_opts o = {.seed = seed, .check_invariants = 1};
    int n = gr_play(g, st, c, rec, &log, &o, &err);
    if (n < 0) fail_msg("%s vs %s, seed %llu: %s", spec0, spec1, seed, err.msg);
    assert_int_equal(g->rs->rules->to_move(g->scn, st), GR_TERMINAL);
    gr_log_free(&log);
    gr_player_free(p0);
    gr_player_free(p1);
    return n;
}

/* random players: whole games, invariants after every action, the record replayed to the same bytes */
static void test_random_games(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    void *st = calloc(1, g.rs->rules->state_size), *again = calloc(1, g.rs->rules->state_size);
    for (unsigned long long seed = 1; seed <= 12; seed++) {
        gr_record rec;
        int n = play(&g, "random", "random", seed, &rec, st);
        assert_int_equal(n, rec.nactions);
        gr_result r;
        g.rs->rules->result(g.scn, st, &r);
        assert_int_equal(r.over, 1);
        gr_error err;
        gr_error_clear(&err);
        if (gr_replay(&g, &rec, again, NULL, &err)) fail_msg("replay of seed %llu: %s", seed, err.msg);
        assert_memory_equal(st, again, g.rs->rules->state_size);
        gr_record_free(&rec);
    }
    free(st);
    free(again);
    gr_game_free(&g);
}

/* MCTS at 20 iterations a decision against random and against itself, to the end; the same seed twice gives
 * the same game */
static void test_mcts_games(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    void *st = calloc(1, g.rs->rules->state_size), *st2 = calloc(1, g.rs->rules->state_size);
    gr_record a, b;
    play(&g, "mcts:iters=20", "random", 3, &a, st);
    gr_record_free(&a);
    play(&g, "mcts:iters=20", "mcts:iters=20", 4, &a, st);
    play(&g, "mcts:iters=20", "mcts:iters=20", 4, &b, st2);
    assert_int_equal(a.nactions, b.nactions);
    for (int i = 0; i < a.nactions; i++) assert_string_equal(a.actions[i], b.actions[i]);
    assert_int_equal(a.nrolls, b.nrolls);
    if (a.nrolls) assert_memory_equal(a.rolls, b.rolls, (size_t)a.nrolls * sizeof *a.rolls);
    assert_memory_equal(st, st2, g.rs->rules->state_size);
    gr_record_free(&a);
    gr_record_free(&b);
    free(st);
    free(st2);
    gr_game_free(&g);
}

/* the evaluation binds to the weights file and the neutral facts tell the truth */
/* the scenario's table of army morale checks [F, p.66-67]: the chance n d6
 * sum to no more than the turn number, counted here throw by throw for up to
 * 5 dice (6^5 throws), and the same as lasalle_check_fail_chance */
static void test_check_fail_table(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    const lasalle_scenario *s = g.scn;
    for (int n = 0; n <= 5; n++) {
        double count[LASALLE_CHECK_TOTALS] = {0};
        int throws = 1;
        for (int k = 0; k < n; k++) throws *= 6;
        for (int w = 0; w < throws; w++) {
            int sum = 0;
            for (int k = 0, x = w; k < n; k++, x /= 6) sum += x % 6 + 1;
            count[sum] += 1;
        }
        double cum = 0;
        for (int t = 0; t < LASALLE_CHECK_TOTALS; t++) {
            cum += count[t];
            assert_float_equal(s->check_fail[n][t], cum / throws, 1e-15);
        }
    }
    for (int n = 0; n <= LASALLE_CHECK_DICE_MAX; n++)
        for (int t = 0; t < LASALLE_CHECK_TOTALS; t++) assert_true(s->check_fail[n][t] == lasalle_check_fail_chance(n, t));
    assert_true(lasalle_check_fail_chance(5, 40) == 1.0 && lasalle_check_fail_chance(5, -1) == 0.0);
    /* 5 dice fail on turn 5 only with five 1s; 4 dice never before turn 4 */
    assert_true(s->check_fail[5][5] == 1.0 / 7776.0);
    assert_true(s->check_fail[4][3] == 0.0 && s->check_fail[4][24] == 1.0);
    gr_game_free(&g);
}

static void test_ai_view(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    const lasalle_scenario *s = g.scn;
    lasalle_state st;
    g.rs->rules->init(g.scn, &st);
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    if (gr_eval_load(&e, &g, NULL, &err)) fail_msg("%s", err.msg);
    /* a charge is fought in the other side's Combat Phase (E, p.53): the
     * searches play on to its Activity Phase before the evaluation */
    assert_int_equal(e.settle, 1);
    double p = gr_eval_win0(&e, &g, &st);
    assert_true(p > 0.0 && p < 1.0);
    for (int i = 0; i < s->nunits; i++) {
        gr_unit_info u;
        g.rs->ai->unit_info(g.scn, &st, i, &u);
        assert_true(u.x == st.u[i].x && u.y == st.u[i].y);
        assert_int_equal(u.side, s->units[i].side);
        assert_int_equal(u.alive, 1);
        char ref[16];
        snprintf(ref, sizeof ref, "u%d", i);
        assert_string_equal(u.ref, ref);
        gr_unit_worth w;
        g.rs->ai->unit_worth(g.scn, &st, i, &w);
        assert_int_equal(w.level, 0);
        assert_true(w.value == (s->units[i].type == LASALLE_ART ? 1 : s->units[i].nbases == 6 ? 3 : 2));
    }
    /* a broken unit is gone; DISR is its level */
    st.u[0].disr = 2;
    gr_unit_worth w;
    g.rs->ai->unit_worth(g.scn, &st, 0, &w);
    assert_int_equal(w.level, 2);
    st.u[0].status = LASALLE_BROKEN;
    g.rs->ai->unit_worth(g.scn, &st, 0, &w);
    assert_int_equal(w.level, LASALLE_LEVELS);
    double terms[2 * LASALLE_TERMS];
    g.rs->ai->terms(g.scn, &st, terms);
    /* losses 2 of 13: 6/13 of the way to the breakpoint */
    assert_true(fabs(terms[0] - 6.0 / 13) < 1e-9);
    assert_true(terms[LASALLE_TERMS + 2] == 1.0); /* the Austrians hold the mill */
    gr_clock c;
    g.rs->ai->clock(g.scn, &st, &c);
    assert_int_equal(c.moves_left, s->turns - 1);
    assert_true(c.timed_score0 == 0.5);
    g.rs->rules->init(g.scn, &st);
    gr_action acts[GR_MAX_ACTIONS];
    int n = g.rs->rules->legal_actions(g.scn, &st, acts, GR_MAX_ACTIONS);
    /* the French battery's fire reaction first: hold, or fire at the Austrian battery */
    assert_int_equal(st.turn.step, LASALLE_ST_REACT);
    gr_action_info fire;
    g.rs->ai->action_info(g.scn, &st, &acts[1], &fire);
    assert_int_equal(fire.kind, GR_AK_FIRE);
    assert_int_equal(fire.enemy, 10);
    gr_action done = {0};
    done.type = LASALLE_A_DONE;
    done.actor = done.target = -1;
    gr_dice dice;
    gr_dice_init_rng(&dice, 1, 1);
    if (g.rs->rules->apply(g.scn, &st, &done, &dice, NULL, &err)) fail_msg("%s", err.msg);
    /* which force moves first [C, p.24]: `done` keeps the file's order */
    assert_int_equal(st.turn.step, LASALLE_ST_FORCE);
    if (g.rs->rules->apply(g.scn, &st, &done, &dice, NULL, &err)) fail_msg("%s", err.msg);
    n = g.rs->rules->legal_actions(g.scn, &st, acts, GR_MAX_ACTIONS);
    int kinds[GR_AK_COUNT] = {0};
    for (int i = 0; i < n; i++) {
        gr_action_info in;
        g.rs->ai->action_info(g.scn, &st, &acts[i], &in);
        kinds[in.kind]++;
    }
    assert_int_equal(kinds[GR_AK_HOLD], 1);
    assert_int_equal(kinds[GR_AK_PASS], 2); /* "done", and "u0 later" */
    assert_true(kinds[GR_AK_ADVANCE] > 0 && kinds[GR_AK_FORM] > 0);
    gr_game_free(&g);
}

/* the table drawn: terrain, every base of every unit in BW, officers */
static void test_svg_table(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    void *st = calloc(1, g.rs->rules->state_size);
    g.rs->rules->init(g.scn, st);
    gr_render_item items[64];
    int n = g.rs->present->render_items(g.scn, st, items, 64);
    assert_int_equal(n, 11 + 6);
    assert_int_equal(items[2].nbases, 6);     /* a large line */
    assert_true(strstr(items[2].detail, "u2 line") != NULL);
    assert_int_equal(items[5].nbases, 4);     /* four guns */
    gr_board b;
    g.rs->present->board(g.scn, &b);
    assert_int_equal(b.kind, GR_BOARD_TABLE);
    assert_string_equal(b.unit, "BW");
    assert_true(b.width == 32 && b.height == 24);
    gr_svg_input in;
    memset(&in, 0, sizeof in);
    in.terrain = b.terrain;
    in.table_w = b.width;
    in.table_h = b.height;
    in.items = items;
    in.nitems = n;
    in.title = "Hochdorf";
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_svg_render(m, &in, &err), 0);
    fclose(m);
    LS_ASSERT_HAS(buf, "Hochdorf");
    LS_ASSERT_HAS(buf, ">1/57e Ligne</text>");
    free(buf);
    json_t *j = g.rs->present->state_to_json(g.scn, st);
    json_t *objs = json_object_get(j, "objectives");
    assert_int_equal(json_array_size(objs), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(objs, 0), "owner")), 1);
    /* each unit with its id, side, type and force (docs/protocol.md) */
    json_t *u0 = json_array_get(json_object_get(j, "units"), 0);
    assert_string_equal(json_string_value(json_object_get(u0, "id")), "u0");
    assert_int_equal(json_integer_value(json_object_get(u0, "side")), 0);
    assert_string_equal(json_string_value(json_object_get(u0, "type")), "infantry");
    assert_string_equal(json_string_value(json_object_get(u0, "force")), "Brigade Dufour");
    assert_true(json_is_null(json_object_get(u0, "town")));
    json_decref(j);
    /* `list` says what "done" does here: the first decision is a unit's reaction (its fire) */
    char note[256];
    gr_action done = {.type = LASALLE_A_DONE, .actor = -1, .target = -1};
    gr_rs_order_note(g.rs, g.scn, st, &done, note, sizeof note);
    assert_string_equal(note, "this unit makes no reaction (or declines to follow up)");
    free(st);
    gr_game_free(&g);
}

/* plays one random-legal game from the start with `seed`'s dice and draws, showing visit every position
 * before its action */
typedef void random_visit(const gr_game *g, const lasalle_state *st, unsigned long long seed, void *ctx);
static void random_walk(const gr_game *g, lasalle_state *st, unsigned long long seed, random_visit *visit, void *ctx)
{
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 1);
    gr_rng pick;
    gr_rng_seed(&pick, seed, 2);
    g->rs->rules->init(g->scn, st);
    while (g->rs->rules->to_move(g->scn, st) != GR_TERMINAL) {
        visit(g, st, seed, ctx);
        gr_action a;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_play_random_legal(g, st, &pick, &a), 0);
        if (g->rs->rules->apply(g->scn, st, &a, &dice, NULL, &err)) fail_msg("seed %llu: %s", seed, err.msg);
    }
}

typedef struct menu_counts {
    long activity, refused, alone;
} menu_counts;

static void check_menu(const gr_game *g, const lasalle_state *st, unsigned long long seed, void *ctx)
{
    menu_counts *c = ctx;
    gr_action menu[GR_MAX_ACTIONS], cand[GR_MAX_ACTIONS];
    gr_error err;
    gr_error_clear(&err);
    if (gr_rs_check_candidates(g->rs, g->scn, st, &err)) fail_msg("seed %llu: %s", seed, err.msg);
    if (st->turn.step != LASALLE_ST_ACTIVITY) return;
    int n = g->rs->rules->legal_actions(g->scn, st, menu, GR_MAX_ACTIONS);
    int nc = gr_rs_candidates(g->rs, g->scn, st, cand, GR_MAX_ACTIONS);
    c->activity++;
    for (int k = 0; k < nc; k++) c->refused += !gr_rs_action_legal(g->rs, g->scn, st, &cand[k]);
    for (int k = 0; k < n; k++) {
        const gr_action *w = &menu[k];
        if (w->type != LASALLE_A_MOVE || w->arg != 0 || w->p[0] == 0 || w->p[1] != 0) continue;
        for (int q = 0; q < n; q++)
            if (menu[q].type == LASALLE_A_MOVE && menu[q].arg == 0 && menu[q].p[0] == w->p[0] && menu[q].p[1] > 0) {
                if (q > k)
                    fail_msg("seed %llu: the wheel of %g degrees alone comes before it going on", seed,
                             (double)w->p[0]);
                c->alone++;
            }
    }
}

/* the Activity menus checked an entry at a time (gr_fast.candidates, menu.c): over random games, at every
 * decision the candidates action_legal passes are the menu, in its order; in the Activity Phase the
 * candidates hold entries it refuses (the check does work); and a right-angle wheel offered both going on
 * and alone comes going on first, as the menu's order does not hang on the verdicts */
static void test_activity_candidates_are_the_menu_checked(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    lasalle_state *st = calloc(1, sizeof *st);
    menu_counts c = {0, 0, 0};
    for (unsigned long long seed = 1; seed <= 3; seed++) random_walk(&g, st, seed, check_menu, &c);
    assert_true(c.activity > 100);
    assert_true(c.refused > 0);
    assert_true(c.alone > 0);
    free(st);
    gr_game_free(&g);
}

typedef struct info_counts {
    long kinds[GR_AK_COUNT], objective;
} info_counts;

static void check_infos(const gr_game *g, const lasalle_state *st, unsigned long long seed, void *ctx)
{
    info_counts *c = ctx;
    const lasalle_scenario *s = g->scn;
    gr_action cand[GR_MAX_ACTIONS];
    gr_action_info one, all[GR_MAX_ACTIONS];
    int n = gr_rs_candidates(g->rs, s, st, cand, GR_MAX_ACTIONS);
    /* then the same moves for every unit on the table, unit after unit, twice over */
    for (int rep = 0; rep < 2; rep++)
        for (int i = 0; i < s->nunits && n < GR_MAX_ACTIONS; i++) {
            if (!lasalle_alive(st, i)) continue;
            gr_action a = lasalle_act(LASALLE_A_MOVE, i, -1, 0);
            a.p[1] = rep ? -1.0f : 3.0f;
            cand[n++] = a;
        }
    g->rs->ai->action_infos(s, st, cand, n, all);
    for (int k = 0; k < n; k++) {
        lasalle_action_info(s, st, &cand[k], &one);
        if (memcmp(&one, &all[k], sizeof one))
            fail_msg("seed %llu, action %d of %d: kind %d alone, %d in the list", seed, k, n, one.kind, all[k].kind);
        c->kinds[one.kind]++;
        c->objective += one.objective >= 0;
    }
}

/* the facts of a list of actions in one call (gr_ai_view.action_infos) are each action's alone: over random
 * games, at every decision for the candidates, and for a list of moves that goes from unit to unit and back
 * (a unit's footprint and nearest enemy are shared only among its own moves); among them moves said to
 * advance, to withdraw and to go for an objective, so each of the shared facts was used */
static void test_action_infos_are_each_action_info(void **state)
{
    (void)state;
    gr_game g;
    ls_game_load(&g, SCENARIO);
    lasalle_state *st = calloc(1, sizeof *st);
    info_counts c;
    memset(&c, 0, sizeof c);
    assert_true(g.rs->version >= 8 && g.rs->ai->action_infos == lasalle_action_infos);
    for (unsigned long long seed = 1; seed <= 2; seed++) random_walk(&g, st, seed, check_infos, &c);
    assert_true(c.kinds[GR_AK_ADVANCE] > 0 && c.kinds[GR_AK_WITHDRAW] > 0 && c.kinds[GR_AK_MANOEUVRE] > 0);
    assert_true(c.objective > 0);
    free(st);
    gr_game_free(&g);
}

/* one Activity Phase decision's candidates, each tried both ways from copies of the position and dice:
 * gr_fast.apply_checked against action_legal then the search's apply; the same verdict, position and dice.
 * Returns how many were legal, counted by type in kinds */
static long try_both_ways(const gr_game *g, const lasalle_state *st, const gr_dice *dice, int *kinds)
{
    const lasalle_scenario *s = g->scn;
    gr_action cand[GR_MAX_ACTIONS];
    int nc = gr_rs_candidates(g->rs, s, st, cand, GR_MAX_ACTIONS);
    long legal = 0;
    lasalle_state *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    for (int c = 0; c < nc; c++) {
        *a = *st;
        *b = *st;
        gr_dice da = *dice, db = *dice;
        int rc = g->rs->fast->apply_checked(s, a, &cand[c], &da, NULL);
        int ok = gr_rs_action_legal(g->rs, s, b, &cand[c]);
        assert_int_equal(rc == 1, !ok);
        if (!ok) {
            assert_memory_equal(a, st, sizeof *a);
            continue;
        }
        legal++;
        kinds[cand[c].type]++;
        gr_error err;
        gr_error_clear(&err);
        int rb = g->rs->fast->apply_memo(s, b, &cand[c], &db, NULL, NULL, &err);
        assert_int_equal(rc, rb ? -1 : 0);
        assert_memory_equal(a, b, sizeof *a);
        assert_int_equal(da.rolled, db.rolled);
    }
    free(a);
    free(b);
    return legal;
}

/* an Activity Phase order checked and carried out in one call with the plan its check worked out
 * (lasalle_apply_checked) leaves the same position and dice as the check followed by the apply, which
 * works the plan out again: every candidate of every Activity decision of random games, charges, batteries
 * and garrisons among them */
static void test_apply_checked_is_check_then_apply(void **state)
{
    (void)state;
    static const char *const scenarios[] = {SCENARIO, "scenarios/lasalle/village-fight.json"};
    long tried = 0, legal = 0;
    int kinds[LASALLE_A_COUNT] = {0};
    for (int q = 0; q < 2; q++) {
        gr_game g;
        ls_game_load(&g, scenarios[q]);
        assert_non_null(g.rs->fast->apply_checked);
        const lasalle_scenario *s = g.scn;
        lasalle_state *st = calloc(1, sizeof *st);
        gr_dice dice;
        gr_dice_init_rng(&dice, 7 + (unsigned)q, 1);
        gr_rng pick;
        gr_rng_seed(&pick, 7 + (unsigned)q, 2);
        g.rs->rules->init(s, st);
        while (g.rs->rules->to_move(s, st) != GR_TERMINAL) {
            if (st->turn.step == LASALLE_ST_ACTIVITY) {
                legal += try_both_ways(&g, st, &dice, kinds);
                tried++;
            }
            gr_action a;
            gr_error err;
            gr_error_clear(&err);
            assert_int_equal(gr_play_random_legal(&g, st, &pick, &a), 0);
            if (g.rs->rules->apply(s, st, &a, &dice, NULL, &err)) fail_msg("%s: %s", scenarios[q], err.msg);
        }
        free(st);
        gr_game_free(&g);
    }
    assert_true(tried > 100);
    assert_true(legal > 1000);
    assert_true(kinds[LASALLE_A_CHARGE] > 0 && kinds[LASALLE_A_DRIVE] > 0 && kinds[LASALLE_A_MOVE] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_activity_candidates_are_the_menu_checked),
        cmocka_unit_test(test_action_infos_are_each_action_info),
        cmocka_unit_test(test_apply_checked_is_check_then_apply),
        cmocka_unit_test(test_mcts_games),
        cmocka_unit_test(test_check_fail_table),
        cmocka_unit_test(test_ai_view),
        cmocka_unit_test(test_svg_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
