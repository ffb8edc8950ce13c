/* test_hexwar_game.c - whole hexwar games end to end through the seams any
 * ruleset uses: random players and MCTS (mcts:iters=20, with the weights
 * of eval/weights/hexwar.json) play the bundled scenarios to their end with
 * the invariants checked after every action; the same seed gives the same
 * record; a record replays to the same bytes; the scripted doctrines and
 * the neutral facts (action_info, unit_info, unit_worth, terms) hold up;
 * and the board is drawn as hexes (cli/svg.c). */
#include "hexwar_fixture.h"

#include "../../ai/player.h"
#include "../../cli/svg.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/core/play.h"
#include "../../eval/eval.h"

static const char *const scenarios[] = {"scenarios/hexwar/meeting-engagement.json",
                                        "scenarios/hexwar/river-crossing.json"};

static void load(gr_game *g, const char *rel)
{
    char path[1024];
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_find_data(rel, path, sizeof path), 0);
    if (gr_game_load(g, path, &err)) fail_msg("%s", err.msg);
}

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
    for (size_t k = 0; k < 2; k++) {
        gr_game g;
        load(&g, scenarios[k]);
        void *st = calloc(1, g.rs->rules->state_size), *again = calloc(1, g.rs->rules->state_size);
        for (unsigned long long seed = 1; seed <= 12; seed++) {
            gr_record rec;
            int n = play(&g, "random", "random", seed, &rec, st);
            assert_int_equal(n, rec.nactions);
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
}

/* MCTS at 20 iterations a decision against random and against itself, to
 * the end; the same seed twice gives the same game */
static void test_mcts_games(void **state)
{
    (void)state;
    for (size_t k = 0; k < 2; k++) {
        gr_game g;
        load(&g, scenarios[k]);
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
}

/* the scripted doctrines and greedy play hexwar through the neutral facts alone */
static void test_other_players(void **state)
{
    (void)state;
    gr_game g;
    load(&g, scenarios[0]);
    void *st = calloc(1, g.rs->rules->state_size);
    gr_record rec;
    play(&g, "doctrine:columns", "doctrine:line", 5, &rec, st);
    gr_record_free(&rec);
    play(&g, "greedy", "random", 6, &rec, st);
    gr_record_free(&rec);
    free(st);
    gr_game_free(&g);
}

/* the evaluation binds to the weights file and the neutral facts tell the truth */
static void test_ai_view(void **state)
{
    (void)state;
    gr_game g;
    load(&g, scenarios[0]);
    const hexwar_scenario *s = g.scn;
    hexwar_state st;
    g.rs->rules->init(g.scn, &st);
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    if (gr_eval_load(&e, &g, NULL, &err)) fail_msg("%s", err.msg);
    double p = gr_eval_win0(&e, &g, &st);
    assert_true(p > 0.0 && p < 1.0);
    for (int i = 0; i < s->ncounters; i++) {
        gr_unit_info u;
        g.rs->ai->unit_info(g.scn, &st, i, &u);
        double x, y;
        gr_hex_centre(s->counters[i].hex.col, s->counters[i].hex.row, &x, &y);
        assert_true(u.x == x && u.y == y);
        assert_int_equal(u.side, s->counters[i].side);
        assert_int_equal(u.alive, 1);
        assert_int_equal(u.levels, 2);
        gr_unit_worth w;
        g.rs->ai->unit_worth(g.scn, &st, i, &w);
        assert_int_equal(w.level, 0);
        assert_true(w.value == s->counters[i].face[0].attack + s->counters[i].face[0].defence);
    }
    gr_action acts[GR_MAX_ACTIONS];
    int n = g.rs->rules->legal_actions(g.scn, &st, acts, GR_MAX_ACTIONS);
    int kinds[GR_AK_COUNT] = {0};
    for (int i = 0; i < n; i++) {
        gr_action_info in;
        g.rs->ai->action_info(g.scn, &st, &acts[i], &in);
        kinds[in.kind]++;
        if (acts[i].type == HEXWAR_A_MOVE) assert_int_equal(in.unit, acts[i].actor);
    }
    assert_int_equal(kinds[GR_AK_HOLD], 1);
    assert_int_equal(kinds[GR_AK_PASS], 1);
    assert_true(kinds[GR_AK_ADVANCE] > 0);
    double terms[2 * HEXWAR_TERMS];
    g.rs->ai->terms(g.scn, &st, terms);
    assert_true(terms[0] == 0.0 && terms[HEXWAR_TERMS] == 0.0); /* no strength lost yet */
    gr_game_free(&g);
}

/* the hex board drawn: hexes by terrain with their legend, hexsides, counters with their numbers */
static void test_svg_hex_board(void **state)
{
    (void)state;
    gr_game g;
    load(&g, scenarios[1]);
    void *st = calloc(1, g.rs->rules->state_size);
    g.rs->rules->init(g.scn, st);
    gr_render_item items[128];
    int n = g.rs->present->render_items(g.scn, st, items, 128);
    gr_board b;
    g.rs->present->board(g.scn, &b);
    assert_int_equal(b.kind, GR_BOARD_HEX);
    gr_svg_input in;
    memset(&in, 0, sizeof in);
    in.hexes = b.hexes;
    in.items = items;
    in.nitems = n;
    in.side_name[0] = "French";
    in.side_name[1] = "Austrians";
    in.title = "Crossing the Sauer";
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_svg_render(m, &in, &err), 0);
    fclose(m);
    HW_ASSERT_HAS(buf, "Crossing the Sauer");
    HW_ASSERT_HAS(buf, "class=\"hex town\"");
    HW_ASSERT_HAS(buf, "class=\"hex water\"");
    HW_ASSERT_HAS(buf, "class=\"rivers\"");
    HW_ASSERT_HAS(buf, "class=\"bridges\"");
    HW_ASSERT_HAS(buf, "class=\"counter\" data-side=\"0\"");
    HW_ASSERT_HAS(buf, ">4-4-4</text>");
    HW_ASSERT_HAS(buf, ">1/8e Ligne</text>");
    HW_ASSERT_HAS(buf, ">Brueckendorf</text>");
    HW_ASSERT_HAS(buf, "class=\"hex-legend\"");
    HW_ASSERT_HAS(buf, ">marsh</text>");
    HW_ASSERT_HAS(buf, ">bridge</text>");
    HW_ASSERT_HAS(buf, "Austrians base edge");
    HW_ASSERT_HAS(buf, ">1 hex</text>");
    free(buf);
    /* a broken map is refused by name */
    gr_hexmap broken = *b.hexes;
    broken.cols = 0;
    in.hexes = &broken;
    m = open_memstream(&buf, &len);
    assert_int_equal(gr_svg_render(m, &in, &err), -1);
    fclose(m);
    free(buf);
    HW_ASSERT_HAS(err.msg, "svg: the hex map (0 x 10 hexes) is not usable");
    free(st);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_mcts_games),
        cmocka_unit_test(test_other_players),
        cmocka_unit_test(test_ai_view),
        cmocka_unit_test(test_svg_hex_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
