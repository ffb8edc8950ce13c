/* test_ai.c - the players of ai/ and the evaluation of eval/, through the
 * game interface only: spec strings and their errors, every player choosing
 * only legal actions, determinism (same seed, budget in iterations and
 * thread count give the same choices), the iteration and time budgets, tree
 * reuse, where simulations stop (settled, and to the end of the game near
 * it), the evaluation's direction and its weight-file errors, and the
 * suggestion's JSON form. */
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

#include "fogn/fogn_fixture.h"
#include "../ai/budget.h"
#include "../ai/detcache.h"
#include "../ai/doctrine.h"
#include "../ai/evalcache.h"
#include "../ai/mcts.h"
#include "../ai/poscache.h"
#include "../ai/policy.h"
#include "../ai/player.h"
#include "../ai/spec.h"
#include "../ai/tree.h"
#include "../cli/commands.h"
#include "../engine/core/play.h"
#include "../engine/core/rng.h"
#include "../engine/core/ruleset.h"
#include "../engine/registry.h"
#include "../eval/eval.h"
#include "../engine/fogn/rules/victory.h"

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

/* the scenario at scenarios/DIR/NAME */
static void load_from(gr_game *g, const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s/%s", root_dir(), dir, name);
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_game_load(g, path, &err);
    if (rc) print_error("%s\n", err.msg);
    assert_int_equal(rc, 0);
}

static void load(gr_game *g, const char *name)
{
    load_from(g, "fogn", name);
}

static gr_player *make(const gr_game *g, const char *spec, unsigned long long seed)
{
    gr_error err;
    gr_error_clear(&err);
    gr_player *p = gr_player_create(spec, g, seed, &err);
    if (!p) print_error("%s: %s\n", spec, err.msg);
    assert_non_null(p);
    return p;
}

/* plays random decisions until a decision with at least `want` legal actions */
static void advance_to_choice(const gr_game *g, void *st, int want, unsigned long long seed)
{
    gr_rng rng;
    gr_rng_seed(&rng, seed, 5);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 6);
    gr_action acts[GR_MAX_ACTIONS];
    for (int k = 0; k < 2000; k++) {
        int n = g->rs->rules->legal_actions(g->scn, st, acts, GR_MAX_ACTIONS);
        assert_true(n > 0);
        if (n >= want && k > 0) return;
        gr_action a;
        assert_int_equal(gr_play_random_legal(g, st, &rng, &a), 0);
        assert_int_equal(g->rs->rules->apply(g->scn, st, &a, &dice, NULL, NULL), 0);
    }
    fail_msg("no decision with %d choices", want);
}

static void test_spec_parse_and_errors(void **unused)
{
    (void)unused;
    gr_spec s;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_spec_parse("mcts:iters=500,threads=2", &s, &err), 0);
    assert_string_equal(s.name, "mcts");
    assert_int_equal(s.nkeys, 2);
    long v = 0;
    assert_int_equal(gr_spec_long(&s, "iters", 1, 1000, &v, &err), 0);
    assert_int_equal(v, 500);
    assert_int_equal(gr_spec_finish(&s, "iters", &err), -1); /* threads never read */
    assert_non_null(strstr(err.msg, "threads"));
    assert_int_equal(gr_spec_parse("doctrine:columns", &s, &err), 0);
    assert_string_equal(gr_spec_get(&s, "kind"), "columns");
    gr_error_clear(&err);
    assert_int_equal(gr_spec_parse("mcts:iters=", &s, &err), -1);
    assert_non_null(strstr(err.msg, "needs a value"));
    gr_error_clear(&err);
    assert_int_equal(gr_spec_parse("mcts:iters=5,iters=6", &s, &err), -1);
    assert_non_null(strstr(err.msg, "twice"));
    gr_error_clear(&err);
    assert_int_equal(gr_spec_parse("mcts:iters=5x", &s, &err), 0);
    assert_int_equal(gr_spec_long(&s, "iters", 1, 1000, &v, &err), -1);
    assert_non_null(strstr(err.msg, "whole number"));
    char out[4][GR_SPEC_TEXT];
    gr_error_clear(&err);
    assert_int_equal(gr_spec_split("mcts:iters=100,threads=2,random,doctrine:line", out, 4, &err), 3);
    assert_string_equal(out[0], "mcts:iters=100,threads=2");
    assert_string_equal(out[1], "random");
    assert_string_equal(out[2], "doctrine:line");
    assert_int_equal(gr_spec_split("random,greedy:samples=1,mcts:iters=8,c=2", out, 4, &err), 3);
    assert_string_equal(out[1], "greedy:samples=1");
    assert_string_equal(out[2], "mcts:iters=8,c=2");
    assert_int_equal(gr_spec_split("random,,greedy", out, 4, &err), -1);
}

static void test_player_spec_errors(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "brigade-encounter.json");
    static const char *const bad[][2] = {
        {"wizard", "unknown player"},          {"mcts:iters=10,ms=10", "one of iters, ms and dms"},
        {"mcts:ms=10,dms=10", "one of iters, ms and dms"}, {"mcts:dms=0", "from 1 to"},
        {"mcts:speed=3", "unknown option"},    {"mcts:threads=0", "from 1 to"},
        {"doctrine", "name one"},              {"doctrine:turtle", "unknown doctrine"},
        {"greedy:samples=1000", "from 1 to"},  {"random:x=1", "unknown option"},
        {"mcts:weights=/nonexistent/w.json", "/nonexistent/w.json"},
        {"mcts:settle=2", "from 0 to 1"},      {"naive:settle=-1", "from 0 to 1"},
        {"mcts:calm=0", "from 0.01 to 1"},     {"mcts:calm=1.5", "from 0.01 to 1"},
        {"naive:calm=0.001", "from 0.01 to 1"}, {"mcts:pool=3", "from 1 to 2"},
        {"mcts:plan=turtle", "unknown plan 'turtle'"}, {"mcts:planfor=me", "planfor is one of self, attacker, both, not 'me'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gr_error err;
        gr_error_clear(&err);
        gr_player *p = gr_player_create(bad[i][0], &g, 1, &err);
        assert_null(p);
        if (!strstr(err.msg, bad[i][1])) fail_msg("%s: message '%s' lacks '%s'", bad[i][0], err.msg, bad[i][1]);
    }
    gr_game_free(&g);
}

/* Every player, over the first decisions of a battle, picks only actions in
 * the legal menu (and the ruleset accepts them). */
static void test_players_choose_legal_actions(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "brigade-encounter.json");
    static const char *const specs[] = {"random", "greedy:samples=1", "doctrine:columns", "doctrine:line",
                                        "mcts:iters=12", "naive:iters=12", "mcts:iters=12,calm=1,pool=1",
                                        "naive:iters=12,calm=0.1", "mcts:iters=12,plan=assault,planfor=both",
                                        "mcts:iters=12,plan=cavalry,planfor=attacker"};
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        gr_player *p = make(&g, specs[k], 11);
        g.rs->rules->init(g.scn, st);
        gr_dice dice;
        gr_dice_init_rng(&dice, 3, 1);
        gr_action menu[GR_MAX_ACTIONS];
        for (int d = 0; d < 40 && g.rs->rules->to_move(g.scn, st) != GR_TERMINAL; d++) {
            gr_action a;
            gr_error err;
            gr_error_clear(&err);
            assert_int_equal(p->choose(p, &g, st, &a, &err), 0);
            int n = g.rs->rules->legal_actions(g.scn, st, menu, GR_MAX_ACTIONS), found = 0;
            for (int i = 0; i < n; i++) found |= !memcmp(&menu[i], &a, sizeof a);
            if (!found) fail_msg("%s chose an action outside the legal menu at decision %d", specs[k], d);
            gr_player_observe(p, &g, st, &a);
            assert_int_equal(g.rs->rules->apply(g.scn, st, &a, &dice, NULL, &err), 0);
        }
        gr_player_free(p);
    }
    free(st);
    gr_game_free(&g);
}

/* Same seed, same iteration budget, same threads: the same choice and the
 * same statistics; the budget in iterations is exactly what is spent. */
static void check_deterministic(const char *spec, long want_iters)
{
    gr_game g;
    load(&g, "brigade-encounter.json");
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    advance_to_choice(&g, st, 4, 21);
    gr_analysis an[2];
    gr_action a[2];
    for (int r = 0; r < 2; r++) {
        gr_player *p = make(&g, spec, 99);
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(p->choose(p, &g, st, &a[r], &err), 0);
        assert_int_equal(p->analysis(p, &an[r]), 0);
        gr_player_free(p);
    }
    assert_memory_equal(&a[0], &a[1], sizeof a[0]);
    assert_int_equal(an[0].n, an[1].n);
    assert_int_equal(an[0].iterations, want_iters);
    assert_int_equal(an[1].iterations, want_iters);
    long total = 0;
    for (int i = 0; i < an[0].n; i++) {
        assert_memory_equal(&an[0].alt[i].a, &an[1].alt[i].a, sizeof(gr_action));
        assert_int_equal(an[0].alt[i].visits, an[1].alt[i].visits);
        total += an[0].alt[i].visits;
    }
    assert_true(total > 0 && total <= want_iters);
    assert_memory_equal(&an[0].alt[0].a, &a[0], sizeof a[0]); /* the most visited is played */
    free(st);
    gr_game_free(&g);
}

static void test_mcts_deterministic_one_thread(void **unused)
{
    (void)unused;
    check_deterministic("mcts:iters=40", 40);
}

static void test_mcts_deterministic_two_threads(void **unused)
{
    (void)unused;
    check_deterministic("mcts:iters=40,threads=2", 40);
}

static void test_naive_deterministic(void **unused)
{
    (void)unused;
    check_deterministic("naive:iters=40", 40);
}

/* The turn budget's arithmetic, without a clock: shares follow the
 * decisions' weights; a turn's measured weight replaces the first guess and
 * is kept apart for odd and even turns (a side decides much more in its own
 * moves than in the other side's); trivial decisions weigh nothing. */
static void test_budget_shares_by_weight_and_parity(void **unused)
{
    (void)unused;
    assert_true(gr_budget_weight(1) == 0.0);
    assert_true(gr_budget_weight(2) == 1.0);
    assert_true(gr_budget_weight(17) == 4.0);
    gr_turn_budget b;
    gr_budget_init(&b, 1);
    /* turn 1 (own move): nothing measured, the first guess stands */
    gr_budget_decision(&b, 1, 4.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 1000.0 * 4.0 / GR_BUDGET_FIRST_GUESS) < 1e-9);
    gr_budget_spent(&b, 100);
    gr_budget_decision(&b, 1, 2.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 900.0 * 2.0 / (GR_BUDGET_FIRST_GUESS - 4.0)) < 1e-9);
    gr_budget_spent(&b, 50);
    gr_budget_decision(&b, 1, 0.0); /* one legal action: weighs nothing */
    /* turn 2 (the other side's): a weight of 4 + 2 = 6 was measured for odd
     * turns only; even turns still use the guess */
    gr_budget_decision(&b, 2, 2.0);
    assert_true(fabs(b.avg_weight[1] - 6.0) < 1e-9);
    assert_true(fabs(b.avg_weight[0] - GR_BUDGET_FIRST_GUESS) < 1e-9);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 2000.0 / GR_BUDGET_FIRST_GUESS) < 1e-9);
    /* turn 3: two decisions of weight 3; the first gets 3/6 of the turn, the
     * second all that is left of it */
    gr_budget_decision(&b, 3, 3.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 500.0) < 1e-9);
    gr_budget_spent(&b, 450);
    gr_budget_decision(&b, 3, 3.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 550.0) < 1e-9);
    /* a decision past the expected weight still gets what is left */
    gr_budget_spent(&b, 540);
    gr_budget_decision(&b, 3, 2.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 1000.0 / GR_BUDGET_FLOOR) < 1e-9); /* 10 ms left: the floor */
    /* the running average: 0.7 of the old, 0.3 of the new (3 + 3 + 2 = 8) */
    gr_budget_decision(&b, 5, 1.0);
    assert_true(fabs(b.avg_weight[1] - (GR_BUDGET_AVG_KEEP * 6.0 + (1 - GR_BUDGET_AVG_KEEP) * 8.0)) < 1e-9);
}

/* pool=2: a light player-move (the other side's) and the heavy one after it
 * (the player's own) share twice the time by weight. Which parity is heavy
 * is learnt from the first turns, and the pairing starts at a light turn;
 * a heavy turn whose light turn had no decision still counts both
 * (ai/budget.c). */
static void test_budget_pool_pairs_light_and_heavy_moves(void **unused)
{
    (void)unused;
    gr_turn_budget b;
    gr_budget_init(&b, 2);
    /* turn 1 (own, two decisions of 4) and turn 2 (the other side's, one of
     * 1): each has its own 1000 ms while nothing is known */
    gr_budget_decision(&b, 1, 4.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 1000.0 * 4.0 / GR_BUDGET_FIRST_GUESS) < 1e-9);
    gr_budget_spent(&b, 300);
    gr_budget_decision(&b, 1, 4.0);
    gr_budget_spent(&b, 600);
    gr_budget_decision(&b, 2, 1.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 1000.0 / GR_BUDGET_FLOOR) < 1e-9); /* 1/60 of it: the floor */
    gr_budget_spent(&b, 20);
    /* turn 3 is heavy: both parities are known now (8 and 1), but the
     * pairing waits for a light turn, so turn 3 still has 1000 ms alone */
    gr_budget_decision(&b, 3, 4.0);
    assert_int_equal(b.heavy, -1);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 500.0) < 1e-9);
    gr_budget_spent(&b, 500);
    gr_budget_decision(&b, 3, 4.0);
    gr_budget_spent(&b, 480);
    /* turn 4 (light) opens the first pair: 2000 ms, of which it takes
     * 1 / (1 + 8) and leaves the rest to turn 5 */
    gr_budget_decision(&b, 4, 1.0);
    assert_int_equal(b.heavy, 1);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 2000.0 / 9.0) < 1e-9);
    gr_budget_spent(&b, 100);
    /* turn 5 (heavy, same pair): 1900 ms left, half to the first of two decisions of 4 */
    gr_budget_decision(&b, 5, 4.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 950.0) < 1e-9);
    gr_budget_spent(&b, 900);
    gr_budget_decision(&b, 5, 4.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 1000.0) < 1e-9);
    gr_budget_spent(&b, 1000);
    /* turn 6 opens a new pair */
    gr_budget_decision(&b, 6, 1.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 2000.0 / 9.0) < 1e-9);
    gr_budget_spent(&b, 222);
    gr_budget_decision(&b, 7, 4.0);
    gr_budget_spent(&b, 1778);
    /* no decision in turn 8: turn 9 has its pair's 2000 ms, and the light
     * parity's weight falls towards 0 */
    gr_budget_decision(&b, 9, 8.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 2000.0) < 1e-9);
    assert_true(fabs(b.avg_weight[0] - GR_BUDGET_AVG_KEEP * 1.0) < 1e-9);

    /* the other side: own moves even. Turn 3 is light, so the pairing (3, 4) starts there */
    gr_budget_init(&b, 2);
    gr_budget_decision(&b, 1, 1.0);
    gr_budget_spent(&b, 10);
    gr_budget_decision(&b, 2, 8.0);
    gr_budget_spent(&b, 990);
    gr_budget_decision(&b, 3, 1.0);
    assert_int_equal(b.heavy, 0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 2000.0 / 9.0) < 1e-9);
    gr_budget_spent(&b, 200);
    gr_budget_decision(&b, 4, 8.0);
    assert_true(fabs(gr_budget_alloc_ms(&b, 1000) - 1800.0) < 1e-9);
    /* pool 1 (and anything out of range) keeps each move to itself */
    gr_budget_init(&b, 7);
    assert_int_equal(b.pool, 1);
}

/* A time budget per side-turn: one decision spends no more than its share
 * (plus the last iteration, which may start just before the deadline). */
static void test_mcts_time_budget_respected(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "brigade-encounter.json");
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    advance_to_choice(&g, st, 4, 21);
    gr_player *p = make(&g, "mcts:ms=300", 5);
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(p->choose(p, &g, st, &a, &err), 0);
    gr_analysis an;
    assert_int_equal(p->analysis(p, &an), 0);
    assert_true(an.iterations >= 1);
    /* the first decision of a turn gets its weight's share of the guessed weight of a turn */
    assert_true(an.ms <= 300.0 + 2000.0);
    assert_true(an.ms >= 300.0 / 50.0 * 0.9);
    gr_player_free(p);
    /* dms: the decision has the whole time, not a share of the turn's (the hints of play and assist) */
    p = make(&g, "mcts:dms=150", 5);
    assert_int_equal(p->choose(p, &g, st, &a, &err), 0);
    assert_int_equal(p->analysis(p, &an), 0);
    assert_true(an.ms >= 150.0 * 0.95);
    gr_player_free(p);
    free(st);
    gr_game_free(&g);
}

/* The dice-free position cache: a position kept for (entry, action) comes
 * back byte for byte, other actions or other entries give nothing, a full
 * pool refuses, and a clear forgets everything. */
static void test_detcache_store_find_clear(void **unused)
{
    (void)unused;
    gr_detcache c;
    assert_int_equal(gr_detcache_init(&c, 24, 40), 0);
    unsigned char st[24];
    gr_action a = {.type = 3, .actor = 1, .target = -1, .arg = 0, .p = {0, 0, 0, 0}};
    int32_t from = GR_DET_ROOT;
    for (int k = 0; k < 40; k++) {
        memset(st, k + 1, sizeof st);
        a.p[1] = (float)k;
        int32_t e = gr_detcache_add(&c, from, &a, st);
        assert_int_equal(e, k);
        from = k % 3 ? e : GR_DET_ROOT; /* a trie: chains and siblings */
    }
    a.p[1] = 99;
    memset(st, 0x77, sizeof st);
    assert_int_equal(gr_detcache_add(&c, GR_DET_ROOT, &a, st), -1); /* the pool is full */
    assert_int_equal(gr_detcache_find(&c, GR_DET_ROOT, &a), -1);
    from = GR_DET_ROOT;
    for (int k = 0; k < 40; k++) {
        a.p[1] = (float)k;
        int32_t e = gr_detcache_find(&c, from, &a);
        assert_int_equal(e, k);
        const unsigned char *got = gr_detcache_state(&c, e);
        for (int i = 0; i < 24; i++) assert_int_equal(got[i], k + 1);
        /* the same action from another entry is another position */
        assert_int_equal(gr_detcache_find(&c, from == GR_DET_ROOT ? 39 : GR_DET_ROOT, &a), -1);
        from = k % 3 ? e : GR_DET_ROOT;
    }
    a.p[1] = 0;
    a.actor = 2;
    assert_int_equal(gr_detcache_find(&c, GR_DET_ROOT, &a), -1);
    gr_detcache_clear(&c);
    a.actor = 1;
    assert_int_equal(gr_detcache_find(&c, GR_DET_ROOT, &a), -1);
    assert_int_equal(gr_detcache_add(&c, GR_DET_ROOT, &a, st), 0);
    assert_memory_equal(gr_detcache_state(&c, 0), st, sizeof st);
    gr_detcache_free(&c);
    assert_int_equal(gr_detcache_find(&c, GR_DET_ROOT, &a), -1);
}

/* A toy ruleset for the position table: the state is four ints, action
 * type 1 adds arg to the first, type 2 adds a die, type 9 is refused by
 * apply_checked (and fails in apply). The scenario counts the calls. */
typedef struct toy_scn {
    int *calls;
} toy_scn;

static int toy_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err)
{
    (void)log;
    const toy_scn *s = scn;
    int *v = state;
    (*s->calls)++;
    if (a->type == 9) return gr_error_set(err, "refused");
    v[0] += a->type == 2 ? gr_dice_d6(dice, "toy") : a->arg;
    v[1]++;
    return 0;
}

static int toy_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice, void *memo)
{
    (void)memo;
    if (a->type == 9) {
        (*((const toy_scn *)scn)->calls)++;
        return 1;
    }
    return toy_apply(scn, state, a, dice, NULL, NULL) ? -1 : 0;
}

/* Dice-free answers are kept and copied for exactly the same position and
 * action; answers after a die never are; a refusal by apply_checked serves
 * apply_checked only; a full slot gives way to the newer answer. */
static void test_poscache_keeps_dice_free_answers(void **unused)
{
    (void)unused;
    int calls = 0;
    toy_scn scn = {&calls};
    gr_rules rules = {.state_size = 4 * sizeof(int), .apply = toy_apply};
    gr_fast fast = {.apply_checked = toy_apply_checked};
    gr_ruleset rs = {.version = GR_RULESET_VERSION, .name = "toy", .rules = &rules, .fast = &fast};
    gr_game g;
    memset(&g, 0, sizeof g);
    g.rs = &rs;
    g.scn = &scn;
    gr_dice dice;
    gr_dice_init_rng(&dice, 3, 1);
    gr_poscache c;
    assert_int_equal(gr_poscache_init(&c, rs.rules->state_size, 64), 0);
    gr_action add = {.type = 1, .actor = 0, .target = -1, .arg = 5, .p = {0, 0, 0, 0}};
    int st[4] = {1, 0, 0, 0}, start[4] = {1, 0, 0, 0};
    /* dice-free: asked once, copied after */
    assert_int_equal(gr_poscache_apply(&c, &g, st, &add, &dice, NULL), 0);
    assert_int_equal(calls, 1);
    assert_int_equal(st[0], 6);
    memcpy(st, start, sizeof st);
    assert_int_equal(gr_poscache_apply_checked(&c, &g, st, &add, &dice, NULL), 0);
    assert_int_equal(calls, 1);
    assert_int_equal(st[0], 6);
    assert_int_equal(st[1], 1);
    assert_int_equal(c.hits, 1);
    /* from another position the same action is asked again */
    assert_int_equal(gr_poscache_apply(&c, &g, st, &add, &dice, NULL), 0);
    assert_int_equal(calls, 2);
    assert_int_equal(st[0], 11);
    /* with a die: never kept */
    gr_action roll = {.type = 2, .actor = 0, .target = -1, .arg = 0, .p = {0, 0, 0, 0}};
    for (int k = 0; k < 3; k++) {
        memcpy(st, start, sizeof st);
        long rolled = dice.rolled;
        assert_int_equal(gr_poscache_apply(&c, &g, st, &roll, &dice, NULL), 0);
        assert_int_equal(dice.rolled, rolled + 1);
    }
    assert_int_equal(calls, 5);
    /* a refusal serves apply_checked, not apply */
    gr_action bad = {.type = 9, .actor = 0, .target = -1, .arg = 0, .p = {0, 0, 0, 0}};
    memcpy(st, start, sizeof st);
    assert_int_equal(gr_poscache_apply_checked(&c, &g, st, &bad, &dice, NULL), 1);
    assert_int_equal(gr_poscache_apply_checked(&c, &g, st, &bad, &dice, NULL), 1);
    assert_int_equal(calls, 6);
    assert_int_equal(gr_poscache_apply(&c, &g, st, &bad, &dice, NULL), -1);
    assert_int_equal(calls, 7);
    assert_memory_equal(st, start, sizeof st);
    gr_poscache_free(&c);
    /* one slot: two positions take it in turn, each answer still right */
    assert_int_equal(gr_poscache_init(&c, rs.rules->state_size, 1), 0);
    for (int k = 0; k < 4; k++) {
        int s2[4] = {k % 2, 0, 0, 0};
        assert_int_equal(gr_poscache_apply(&c, &g, s2, &add, &dice, NULL), 0);
        assert_int_equal(s2[0], k % 2 + 5);
    }
    assert_int_equal(calls, 11);
    assert_int_equal(c.hits, 0);
    int s3[4] = {1, 0, 0, 0};
    assert_int_equal(gr_poscache_apply(&c, &g, s3, &add, &dice, NULL), 0); /* the last one kept */
    assert_int_equal(calls, 11);
    gr_poscache_free(&c);
    assert_int_equal(gr_poscache_init(&c, rs.rules->state_size, 3), -1); /* not a power of two */
    /* no table: straight to the ruleset */
    memcpy(st, start, sizeof st);
    assert_int_equal(gr_poscache_apply(NULL, &g, st, &add, &dice, NULL), 0);
    assert_int_equal(calls, 12);
}

/* The table of evaluations gives exactly the evaluation's own score: worked
 * out the first time a position is met, copied when that very position comes
 * back, and worked out again for another position, also one that takes the
 * same slot; with no table the evaluation is asked every time. */
static void test_evalcache_gives_the_evaluation(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    const gr_ruleset *rs = g.rs;
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), 0);
    void *a = malloc(rs->rules->state_size), *b = malloc(rs->rules->state_size);
    rs->rules->init(g.scn, a);
    memcpy(b, a, rs->rules->state_size);
    gr_rng rng;
    gr_rng_seed(&rng, 12, 3);
    gr_dice dice;
    gr_dice_init_rng(&dice, 12, 4);
    /* b: a position some way into the battle, which scores otherwise */
    for (int k = 0; k < 400 && rs->rules->to_move(g.scn, b) != GR_TERMINAL; k++) {
        gr_action act;
        assert_int_equal(gr_play_random_legal(&g, b, &rng, &act), 0);
        assert_int_equal(rs->rules->apply(g.scn, b, &act, &dice, NULL, NULL), 0);
    }
    double va = gr_eval_win0(&e, &g, a), vb = gr_eval_win0(&e, &g, b);
    assert_true(va != vb);
    gr_evalcache c;
    assert_int_equal(gr_evalcache_init(&c, rs->rules->state_size, 64), 0);
    assert_true(gr_evalcache_win0(&c, &e, &g, a) == va);
    assert_true(gr_evalcache_win0(&c, &e, &g, a) == va);
    assert_int_equal(c.misses, 1);
    assert_int_equal(c.hits, 1);
    assert_true(gr_evalcache_win0(&c, &e, &g, b) == vb);
    assert_int_equal(c.misses, 2);
    gr_evalcache_free(&c);
    /* one slot: the two positions take it in turn, each score still right */
    assert_int_equal(gr_evalcache_init(&c, rs->rules->state_size, 1), 0);
    for (int k = 0; k < 4; k++) assert_true(gr_evalcache_win0(&c, &e, &g, k % 2 ? b : a) == (k % 2 ? vb : va));
    assert_int_equal(c.hits, 0);
    assert_true(gr_evalcache_win0(&c, &e, &g, b) == vb); /* the last one kept */
    assert_int_equal(c.hits, 1);
    gr_evalcache_free(&c);
    assert_int_equal(gr_evalcache_init(&c, rs->rules->state_size, 3), -1); /* not a power of two */
    /* no table: straight to the evaluation */
    assert_true(gr_evalcache_win0(NULL, &e, &g, b) == vb);
    assert_true(gr_evalcache_win0(&c, &e, &g, a) == va);
    free(a);
    free(b);
    gr_game_free(&g);
}

/* Two players side by side on the corps battle: at each of up to `max`
 * decisions both choose, `each` compares their choices and analyses (h*: 0
 * when the player has one), and the first player's choice is played. Stops
 * early when `each` returns nonzero. */
typedef struct pair_view {
    gr_action a, b;
    gr_analysis an, bn;
    int ha, hb;
} pair_view;

static void play_pair(const char *spec_p, const char *spec_q, unsigned long long seed, unsigned long long dice_seed,
                      int max, int (*each)(void *ctx, const pair_view *v), void *ctx)
{
    gr_game g;
    load(&g, "corps-battle.json");
    void *st = calloc(1, g.rs->rules->state_size);
    pair_view *v = calloc(1, sizeof *v);
    assert_non_null(st);
    assert_non_null(v);
    g.rs->rules->init(g.scn, st);
    gr_dice dice;
    gr_dice_init_rng(&dice, dice_seed, 1);
    gr_player *p = make(&g, spec_p, seed);
    gr_player *q = make(&g, spec_q, seed);
    for (int d = 0; d < max && g.rs->rules->to_move(g.scn, st) != GR_TERMINAL; d++) {
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(p->choose(p, &g, st, &v->a, &err), 0);
        assert_int_equal(q->choose(q, &g, st, &v->b, &err), 0);
        v->ha = p->analysis(p, &v->an);
        v->hb = q->analysis(q, &v->bn);
        if (each(ctx, v)) break;
        gr_player_observe(p, &g, st, &v->a);
        gr_player_observe(q, &g, st, &v->a);
        assert_int_equal(g.rs->rules->apply(g.scn, st, &v->a, &dice, NULL, &err), 0);
    }
    gr_player_free(p);
    gr_player_free(q);
    free(v);
    free(st);
    gr_game_free(&g);
}

typedef struct cache_tally {
    long cached, searched;
} cache_tally;

static int same_search(void *ctx, const pair_view *v)
{
    cache_tally *t = ctx;
    assert_memory_equal(&v->a, &v->b, sizeof v->a);
    assert_int_equal(v->ha, v->hb);
    if (v->ha) return 0;
    t->searched++;
    assert_int_equal(v->an.n, v->bn.n);
    for (int i = 0; i < v->an.n; i++) {
        assert_memory_equal(&v->an.alt[i].a, &v->bn.alt[i].a, sizeof(gr_action));
        assert_int_equal(v->an.alt[i].visits, v->bn.alt[i].visits);
        assert_true(v->an.alt[i].value == v->bn.alt[i].value);
    }
    assert_int_equal(v->bn.cached, 0);
    t->cached += v->an.cached;
    return 0;
}

/* The cache changes the speed of a search, never its result: with and
 * without it, 30 decisions of the corps battle get the same choices and the
 * same visit counts, and the cached search did copy positions. MCTS and
 * NaiveMCTS both. */
static void test_search_cache_changes_nothing(void **unused)
{
    (void)unused;
    cache_tally t = {0, 0};
    play_pair("mcts:iters=80", "mcts:iters=80,cache=0", 7, 12, 30, same_search, &t);
    assert_true(t.searched >= 10);
    assert_true(t.cached > 0);
    cache_tally u = {0, 0};
    play_pair("naive:iters=80", "naive:iters=80,cache=0", 7, 12, 30, same_search, &u);
    assert_true(u.searched >= 10);
    assert_true(u.cached > 0);
}

/* plays random decisions from st (seeded by `seed`) on to a Movement Phase
 * decision in turn `turn` or later with at least `want` legal actions;
 * returns their count, and the actions in acts (may be NULL) */
static int play_to_movement(const gr_game *g, void *st, unsigned long long seed, int turn, int want, gr_action *acts)
{
    const gr_ruleset *rs = g->rs;
    gr_rng rng;
    gr_rng_seed(&rng, seed, 1);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 2);
    gr_action menu[GR_MAX_ACTIONS];
    for (int k = 0; k < 5000; k++) {
        int n = rs->rules->legal_actions(g->scn, st, acts ? acts : menu, GR_MAX_ACTIONS);
        if (rs->rules->turn(g->scn, st) >= turn && rs->rules->phase(g->scn, st) == FOGN_PH_MOVEMENT && n >= want) return n;
        gr_action a;
        assert_int_equal(gr_play_random_legal(g, st, &rng, &a), 0);
        assert_int_equal(rs->rules->apply(g->scn, st, &a, &dice, NULL, NULL), 0);
    }
    fail_msg("no Movement Phase decision with %d choices from turn %d on", want, turn);
    return 0;
}

/* Where a simulation stops (policy.h gr_stop). From a decision of the
 * Movement Phase, the plain stop is the start of the next player-move; a
 * settled stop plays that move on through its Assault and Firing Phases and
 * stops at the first decision of its Movement Phase (fogn's settle_phase),
 * not one decision later or earlier. */
static void test_rollout_settle_stop(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    const gr_ruleset *rs = g.rs;
    assert_non_null(rs->rules->phase);
    assert_int_equal(rs->rules->settle_phase, FOGN_PH_MOVEMENT);
    void *root = malloc(rs->rules->state_size), *st = malloc(rs->rules->state_size);
    rs->rules->init(g.scn, root);
    play_to_movement(&g, root, 31, 5, 1, NULL);
    int turn = rs->rules->turn(g.scn, root);

    gr_stop plain = gr_policy_stop(&g, root, 1, 0), settled = gr_policy_stop(&g, root, 1, 1);
    assert_int_equal(plain.turn, turn + 1);
    assert_int_equal(plain.phase, 0);
    assert_int_equal(settled.turn, turn + 1);
    assert_int_equal(settled.phase, FOGN_PH_MOVEMENT);
    assert_false(gr_policy_stopped(&g, root, &plain));
    assert_false(gr_policy_stopped(&g, root, &settled));
    assert_false(gr_policy_stopped(&g, root, NULL));

    int n[2];
    for (int v = 0; v < 2; v++) {
        const gr_stop *stop = v ? &settled : &plain;
        memcpy(st, root, rs->rules->state_size);
        gr_rng r;
        gr_rng_seed(&r, 77, 3);
        gr_dice d;
        gr_dice_init_rng(&d, 77, 4);
        n[v] = gr_policy_rollout(&g, st, &d, NULL, &r, stop, 1000, NULL);
        assert_true(n[v] > 0);
        assert_int_equal(rs->rules->to_move(g.scn, st) == GR_TERMINAL ? 0 : rs->rules->turn(g.scn, st), turn + 1);
        assert_true(gr_policy_stopped(&g, st, stop));
        if (v) assert_true(rs->rules->phase(g.scn, st) >= FOGN_PH_MOVEMENT);
        else assert_true(rs->rules->phase(g.scn, st) < FOGN_PH_MOVEMENT);
        /* the same simulation one decision shorter has not reached the stop */
        memcpy(st, root, rs->rules->state_size);
        gr_rng_seed(&r, 77, 3);
        gr_dice_init_rng(&d, 77, 4);
        assert_int_equal(gr_policy_rollout(&g, st, &d, NULL, &r, stop, n[v] - 1, NULL), n[v] - 1);
        assert_false(gr_policy_stopped(&g, st, stop));
    }
    assert_true(n[1] > n[0]); /* the settled one went on through the next move's assaults and fire */
    free(root);
    free(st);
    gr_game_free(&g);
}

/* the half-point part of a root child's total: 0 when every simulation
 * behind it scored a game result (0, 0.5 or 1) */
static double off_results(const gr_choice_stat *c)
{
    double total = c->value * (double)c->visits;
    return fabs(2 * total - round(2 * total));
}

/* calm (policy.h gr_stop): at a Movement Phase decision of the corps
 * battle the orders that move a unit (advance, withdraw, form, manoeuvre)
 * weigh calm times their plain playout weight and every other order its
 * plain weight; simulations of the rest of the move at calm 0.01 draw fewer
 * unit moves than at calm 1 (the same dice and random streams). */
static void test_playout_calm_damps_unit_moves(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    const gr_ruleset *rs = g.rs;
    void *root = malloc(rs->rules->state_size), *st = malloc(rs->rules->state_size);
    rs->rules->init(g.scn, root);
    gr_action acts[GR_MAX_ACTIONS];
    int n = play_to_movement(&g, root, 41, 3, 6, acts);
    int moving = 0, still = 0;
    for (int i = 0; i < n; i++) {
        gr_action_info in;
        rs->ai->action_info(g.scn, root, &acts[i], &in);
        double w = gr_policy_playout_weight(&g, root, &acts[i]);
        double wc = gr_policy_playout_weight_calm(&g, root, &acts[i], 0.1);
        assert_true(w > 0);
        if (in.kind == GR_AK_ADVANCE || in.kind == GR_AK_WITHDRAW || in.kind == GR_AK_FORM ||
            in.kind == GR_AK_MANOEUVRE) {
            assert_float_equal(wc, 0.1 * w, 1e-12);
            moving++;
        } else {
            assert_float_equal(wc, w, 0.0);
            still++;
        }
        assert_float_equal(gr_policy_playout_weight_calm(&g, root, &acts[i], GR_POLICY_CALM), w, 0.0);
    }
    assert_true(moving > 0 && still > 0);

    /* unit moves drawn in 20 simulations to the end of the move, at calm 1 and
     * at the least calm, each draw made as the rollout makes it */
    int drawn[2] = {0, 0}, draws[2] = {0, 0};
    for (int v = 0; v < 2; v++) {
        gr_stop stop = gr_policy_stop(&g, root, 1, 0);
        assert_float_equal(stop.calm, GR_POLICY_CALM, 0.0);
        double calm = v ? GR_POLICY_CALM_MIN : GR_POLICY_CALM;
        for (int r = 0; r < 20; r++) {
            memcpy(st, root, rs->rules->state_size);
            gr_rng pr;
            gr_rng_seed(&pr, 900 + (uint64_t)r, 3);
            gr_dice d;
            gr_dice_init_rng(&d, 900 + (uint64_t)r, 4);
            while (!gr_policy_stopped(&g, st, &stop) && rs->rules->to_move(g.scn, st) != GR_TERMINAL) {
                gr_action a;
                gr_action_info in;
                assert_int_equal(gr_policy_playout(&g, st, &pr, calm, &a), 0);
                rs->ai->action_info(g.scn, st, &a, &in);
                if (in.kind == GR_AK_ADVANCE || in.kind == GR_AK_WITHDRAW || in.kind == GR_AK_FORM ||
                    in.kind == GR_AK_MANOEUVRE)
                    drawn[v]++;
                draws[v]++;
                assert_int_equal(rs->rules->apply(g.scn, st, &a, &d, NULL, NULL), 0);
            }
        }
    }
    assert_true(draws[0] > 0 && draws[1] > 0);
    assert_true(drawn[0] > 0);
    /* at calm 0.01 a unit moves only when it has nothing else, so far fewer are drawn */
    assert_true(drawn[1] * 4 < drawn[0]);
    free(root);
    free(st);
    gr_game_free(&g);
}

/* A plan (policy.h gr_stop plan): at a Movement Phase decision of the corps
 * battle, the side that follows the cavalry doctrine weighs each candidate
 * exp((its doctrine score - the best) / GR_POLICY_PLAN_SPREAD), the best
 * weighing 1; the other side's decisions, and a stop without a plan, keep
 * the plain playout weights. Simulations of the rest of the move that follow
 * the plan draw the doctrine's first choice more often than the plain policy
 * does (the same dice and random streams). */
static void test_playout_plan_follows_the_doctrine(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    const gr_ruleset *rs = g.rs;
    void *root = malloc(rs->rules->state_size), *st = malloc(rs->rules->state_size);
    rs->rules->init(g.scn, root);
    gr_action acts[GR_MAX_ACTIONS];
    int n = play_to_movement(&g, root, 41, 3, 6, acts);
    int side = rs->rules->to_move(g.scn, root);
    gr_action_info info[GR_MAX_ACTIONS];
    for (int i = 0; i < n; i++) gr_policy_action_info(&g, root, &acts[i], &info[i]);
    double w[GR_MAX_ACTIONS];
    gr_stop stop = gr_policy_stop(&g, root, 1, 0);
    assert_int_equal(stop.plan, -1);
    assert_int_equal(gr_policy_plan_weights(&g, root, &stop, info, n, w), 0);
    stop.plan = GR_DOCTRINE_CAVALRY;
    stop.plan_side = 1 - side;
    assert_int_equal(gr_policy_plan_weights(&g, root, &stop, info, n, w), 0);
    stop.plan_side = side;
    assert_int_equal(gr_policy_plan_weights(&g, root, &stop, info, n, w), 1);
    gr_doctrine_view v;
    gr_doctrine_view_init(&v, GR_DOCTRINE_CAVALRY, &g, root, side);
    double best = -1, sc[GR_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        sc[i] = gr_doctrine_score(GR_DOCTRINE_CAVALRY, &g, root, &v, &info[i]);
        if (sc[i] > best) best = sc[i];
    }
    int top = 0, below = 0;
    for (int i = 0; i < n; i++) {
        assert_float_equal(w[i], exp((sc[i] - best) / GR_POLICY_PLAN_SPREAD), 1e-12);
        if (sc[i] == best) top++;
        else below++;
    }
    assert_true(top > 0 && below > 0);
    stop.plan_side = -1; /* both sides */
    assert_int_equal(gr_policy_plan_weights(&g, root, &stop, info, n, w), 1);

    /* the draws of 20 simulations of the rest of the move that the doctrine
     * scores best, with the plan and without */
    int firsts[2] = {0, 0}, draws[2] = {0, 0};
    for (int p = 0; p < 2; p++) {
        gr_stop s = gr_policy_stop(&g, root, 1, 0);
        if (p) {
            s.plan = GR_DOCTRINE_CAVALRY;
            s.plan_side = side;
        }
        for (int r = 0; r < 20; r++) {
            memcpy(st, root, rs->rules->state_size);
            gr_rng pr;
            gr_rng_seed(&pr, 700 + (uint64_t)r, 3);
            gr_dice d;
            gr_dice_init_rng(&d, 700 + (uint64_t)r, 4);
            while (!gr_policy_stopped(&g, st, &s) && rs->rules->to_move(g.scn, st) != GR_TERMINAL) {
                /* the menu's best doctrine score, then one draw as the rollout makes it */
                gr_action menu[GR_MAX_ACTIONS];
                int m = rs->rules->legal_actions(g.scn, st, menu, GR_MAX_ACTIONS);
                gr_doctrine_view dv;
                gr_doctrine_view_init(&dv, GR_DOCTRINE_CAVALRY, &g, st, side);
                double hi = -1;
                for (int i = 0; i < m; i++) {
                    gr_action_info in;
                    gr_policy_action_info(&g, st, &menu[i], &in);
                    double x = gr_doctrine_score(GR_DOCTRINE_CAVALRY, &g, st, &dv, &in);
                    if (x > hi) hi = x;
                }
                gr_action a;
                gr_action_info in;
                assert_int_equal(gr_policy_playout_at(&g, st, &pr, &s, &a), 0);
                gr_policy_action_info(&g, st, &a, &in);
                if (gr_doctrine_score(GR_DOCTRINE_CAVALRY, &g, st, &dv, &in) == hi) firsts[p]++;
                draws[p]++;
                assert_int_equal(rs->rules->apply(g.scn, st, &a, &d, NULL, NULL), 0);
            }
        }
    }
    assert_true(draws[0] > 0 && draws[1] > 0);
    /* following the plan, most draws are the doctrine's first choice, and
     * a larger share than the plain policy's */
    assert_true(2 * firsts[1] > draws[1]);
    assert_true(firsts[1] * draws[0] > 2 * firsts[0] * draws[1]);
    free(root);
    free(st);
    gr_game_free(&g);
}

/* A plan for the attacker only (policy.h gr_plan_for, mcts planfor=). The
 * game interface names the attacker: fogn's side that moves first (§4,
 * §8.13; the corps battle's French, Sacile's Austrians), the side that is
 * not Lasalle's defender (the brigade clash's French), none in a Lasalle
 * battle without a defender, in hexwar, or in a table older than version 9.
 * A search of the attacker's follows the plan, a search of the other side's
 * follows none; `self` and `both` do not ask who attacks. */
static void test_plan_for_the_attacker(void **unused)
{
    (void)unused;
    static const struct {
        const char *dir, *name;
        int attacker;
    } cases[] = {{"fogn", "corps-battle.json", 0},      {"fogn", "sacile-1809.json", 1},
                 {"lasalle", "brigade-clash.json", 0},  {"lasalle", "pratzen-1805.json", GR_SIDE_NONE},
                 {"hexwar", "meeting-engagement.json", GR_SIDE_NONE}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        gr_game g;
        load_from(&g, cases[c].dir, cases[c].name);
        if (gr_rs_attacker(g.rs, g.scn) != cases[c].attacker)
            fail_msg("%s: attacker %d, not %d", cases[c].name, gr_rs_attacker(g.rs, g.scn), cases[c].attacker);
        gr_ruleset old = *g.rs;
        old.version = 8;
        assert_int_equal(gr_rs_attacker(&old, g.scn), GR_SIDE_NONE);
        gr_game_free(&g);
    }

    gr_game g;
    load(&g, "sacile-1809.json");
    const gr_ruleset *rs = g.rs;
    void *st = malloc(rs->rules->state_size);
    rs->rules->init(g.scn, st);
    gr_rng rng;
    gr_rng_seed(&rng, 5, 1);
    gr_dice dice;
    gr_dice_init_rng(&dice, 5, 2);
    int seen[2] = {0, 0};
    for (int k = 0; k < 3000 && !(seen[0] && seen[1]); k++) {
        int me = rs->rules->to_move(g.scn, st);
        assert_true(me == 0 || me == 1);
        seen[me] = 1;
        gr_stop stop = gr_policy_stop(&g, st, 1, 0);
        gr_policy_stop_plan(&g, st, GR_DOCTRINE_CAVALRY, GR_PLAN_FOR_ATTACKER, &stop);
        assert_int_equal(stop.plan, me == 1 ? GR_DOCTRINE_CAVALRY : -1);
        if (stop.plan >= 0) assert_int_equal(stop.plan_side, 1);
        gr_policy_stop_plan(&g, st, GR_DOCTRINE_CAVALRY, GR_PLAN_FOR_SELF, &stop);
        assert_int_equal(stop.plan, GR_DOCTRINE_CAVALRY);
        assert_int_equal(stop.plan_side, me);
        gr_policy_stop_plan(&g, st, GR_DOCTRINE_CAVALRY, GR_PLAN_FOR_BOTH, &stop);
        assert_int_equal(stop.plan, GR_DOCTRINE_CAVALRY);
        assert_int_equal(stop.plan_side, -1);
        gr_action a;
        assert_int_equal(gr_play_random_legal(&g, st, &rng, &a), 0);
        assert_int_equal(rs->rules->apply(g.scn, st, &a, &dice, NULL, NULL), 0);
    }
    assert_true(seen[0] && seen[1]);
    free(st);
    gr_game_free(&g);
}

/* endgame=K: within the last K player-moves the simulations play on to the
 * end of the game and back up its result. One move before the end, every
 * root child's total is then a sum of 0, 0.5 and 1; with the default stop
 * at the end of the move the evaluation's blend gives values in between. */
static void test_mcts_endgame_plays_to_the_end(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    const gr_ruleset *rs = g.rs;
    void *st = malloc(rs->rules->state_size);
    gr_action acts[GR_MAX_ACTIONS];
    int found = 0;
    for (unsigned long long seed = 1; seed <= 40 && !found; seed++) {
        rs->rules->init(g.scn, st);
        gr_rng rng;
        gr_rng_seed(&rng, seed, 9);
        gr_dice dice;
        gr_dice_init_rng(&dice, seed, 10);
        while (rs->rules->to_move(g.scn, st) != GR_TERMINAL && rs->rules->turn(g.scn, st) <= 47) {
            if (rs->rules->turn(g.scn, st) == 47 && rs->rules->legal_actions(g.scn, st, acts, GR_MAX_ACTIONS) >= 3) {
                found = 1;
                break;
            }
            gr_action a;
            assert_int_equal(gr_play_random_legal(&g, st, &rng, &a), 0);
            assert_int_equal(rs->rules->apply(g.scn, st, &a, &dice, NULL, NULL), 0);
        }
    }
    assert_true(found);
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), 0);
    assert_int_equal(gr_eval_moves_left(&e, &g, st), 1);

    double off[2] = {0, 0};
    long visits[2] = {0, 0};
    static const char *const spec[2] = {"mcts:iters=300", "mcts:iters=300,endgame=2"};
    for (int v = 0; v < 2; v++) {
        gr_player *p = make(&g, spec[v], 5);
        gr_action out;
        assert_int_equal(p->choose(p, &g, st, &out, &err), 0);
        gr_analysis an;
        assert_int_equal(p->analysis(p, &an), 0);
        assert_true(an.n >= 2);
        for (int i = 0; i < an.n; i++) {
            off[v] = fmax(off[v], off_results(&an.alt[i]));
            visits[v] += an.alt[i].visits;
        }
        gr_player_free(p);
    }
    assert_true(visits[0] >= 300 && visits[1] >= 300);
    assert_true(off[0] > 1e-3); /* evaluated positions */
    assert_true(off[1] < 1e-6); /* results only */
    free(st);
    gr_game_free(&g);
}

static int reused_more_found(void *ctx, const pair_view *v)
{
    int *found = ctx;
    if (v->ha || v->hb) return 0;
    long va = 0, vb = 0;
    for (int i = 0; i < v->an.n; i++) va += v->an.alt[i].visits;
    for (int i = 0; i < v->bn.n; i++) vb += v->bn.alt[i].visits;
    *found = va > vb; /* statistics carried over from the previous decision */
    return *found;
}

/* After observing its own choice, the next decision of the same turn starts
 * from the kept subtree: its root already has visits. */
static void test_mcts_tree_reuse(void **unused)
{
    (void)unused;
    int found = 0;
    play_pair("mcts:iters=60", "mcts:iters=60,reuse=0", 5, 8, 30, reused_more_found, &found);
    assert_true(found);
}

/* The evaluation: a side that loses units is worth less; the game's result
 * replaces the estimate at the end. */
/* A root with two visited children: A likelier by prior (0.7) but a little
 * worse on average (0.50 against 0.52 over 10 visits each), and a third one
 * never visited. */
static void two_child_tree(gr_tree *t)
{
    assert_int_equal(gr_tree_init(t, 64), 0);
    int32_t first = gr_tree_alloc(t, 3);
    assert_int_equal(first, 1);
    gr_node *root = &t->n[t->root];
    root->first = first;
    root->nchild = 3;
    root->dside = 0;
    root->visits = 20;
    const float prior[3] = {0.6f, 0.3f, 0.1f}, value[3] = {5.0f, 5.2f, 0.0f};
    const uint32_t visits[3] = {10, 10, 0};
    for (int i = 0; i < 3; i++) {
        gr_node *c = &t->n[first + i];
        c->side = 0;
        c->prior = prior[i];
        c->value = value[i];
        c->visits = visits[i];
    }
}

/* PUCT on raw means lets the prior decide a 0.02 difference; stretched to
 * [0, 1] (qnorm) the better mean wins (tree.c gr_tree_select) */
static void test_puct_qnorm_lets_small_value_differences_count(void **unused)
{
    (void)unused;
    gr_tree t;
    two_child_tree(&t);
    unsigned char tried[GR_MAX_ACTIONS] = {0};
    gr_puct raw = {.c = 1.4, .pw = 2.0, .pwexp = 0.5, .qnorm = 0};
    gr_puct norm = raw;
    norm.qnorm = 1;
    /* raw: A 0.50 + 1.4 * 0.6 * sqrt(21) / 11 = 0.850, B 0.52 + 0.175 = 0.695,
     * C (first-play value 0.5) 0.5 + 1.4 * 0.1 * sqrt(21) = 1.142 */
    assert_int_equal(gr_tree_select(&t, 0, tried, &raw), 3);
    /* closing C (found illegal) leaves A */
    t.n[3].prior = -1;
    assert_int_equal(gr_tree_select(&t, 0, tried, &raw), 1);
    /* stretched: A 0 + 0.350, B 1 + 0.175 */
    assert_int_equal(gr_tree_select(&t, 0, tried, &norm), 2);
    /* B refused in this sample: A is next */
    tried[1] = 1;
    assert_int_equal(gr_tree_select(&t, 0, tried, &norm), 1);
    tried[0] = 1;
    assert_int_equal(gr_tree_select(&t, 0, tried, &norm), -1);
    /* equal means: nothing to stretch, the prior decides as without qnorm */
    memset(tried, 0, sizeof tried);
    t.n[2].value = 5.0f;
    assert_int_equal(gr_tree_select(&t, 0, tried, &norm), 1);
    /* progressive widening: with pw 0.2 only ceil(0.2 * sqrt(21)) = 1 child is
     * open, the likeliest, however much better the second did */
    gr_puct narrow = norm;
    narrow.pw = 0.2;
    t.n[1].value = 4.0f;
    assert_int_equal(gr_tree_select(&t, 0, tried, &norm), 2);
    assert_int_equal(gr_tree_select(&t, 0, tried, &narrow), 1);
    gr_tree_free(&t);
}

/* qspan: the stretch divides by at least this span, so a 0.02 difference in
 * means that a span floor of 0.2 makes 0.1 weighs less than the prior
 * (tree.c q_frame_of; ai/mcts.c GR_MCTS_QSPAN) */
static void test_puct_qspan_keeps_small_differences_small(void **unused)
{
    (void)unused;
    gr_tree t;
    two_child_tree(&t);
    t.n[3].prior = -1; /* C closed: A (prior 0.6, mean 0.50) against B (0.3, 0.52) */
    unsigned char tried[GR_MAX_ACTIONS] = {0};
    gr_puct p = {.c = 1.4, .pw = 2.0, .pwexp = 0.5, .qnorm = 1, .qspan = 0.0};
    /* min-max: A 0 + 0.350, B 1 + 0.175 */
    assert_int_equal(gr_tree_select(&t, 0, tried, &p), 2);
    /* a floor under the spread of 0.02 changes nothing */
    p.qspan = 0.01;
    assert_int_equal(gr_tree_select(&t, 0, tried, &p), 2);
    /* floor 0.2: A 0 + 0.350, B 0.02 / 0.2 + 0.175 = 0.275 */
    p.qspan = 0.2;
    assert_int_equal(gr_tree_select(&t, 0, tried, &p), 1);
    /* without qnorm the floor is not used: raw A 0.850, B 0.695 */
    p.qnorm = 0;
    p.qspan = 0.01;
    assert_int_equal(gr_tree_select(&t, 0, tried, &p), 1);
    gr_tree_free(&t);
}

static void test_eval_direction(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_eval_load(&e, &g, NULL, &err);
    if (rc) print_error("%s\n", err.msg);
    assert_int_equal(rc, 0);
    fogn_state st;
    g.rs->rules->init(g.scn, &st);
    double base = gr_eval_win0(&e, &g, &st);
    assert_true(base > 0.05 && base < 0.95);
    const fogn_scenario *s = g.scn;
    int hit = -1;
    for (int i = 0; i < s->nunits && hit < 0; i++)
        if (s->units[i].side == 1) hit = i;
    assert_true(hit >= 0);
    st.u[hit].cohesion = FOGN_WAVERING;
    double worse = gr_eval_win0(&e, &g, &st);
    assert_true(worse > base);
    st.u[hit].cohesion = FOGN_BROKEN;
    assert_true(gr_eval_win0(&e, &g, &st) > worse);
    st.turn.over = 1;
    st.winner = 1;
    assert_true(gr_eval_win0(&e, &g, &st) == 0.0);
    gr_game_free(&g);
}

/* a terms_some that must not be called */
static void terms_some_refused(const void *scn, const void *state, const unsigned char *want, double *out)
{
    (void)scn;
    (void)state;
    (void)want;
    (void)out;
    fail_msg("terms_some called for a ruleset of version 5");
}

/* gr_ai_view.terms_some gives each term asked for the number terms gives,
 * on positions along a random game; a ruleset of version 5 is asked terms */
static void test_terms_some_as_terms(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    const gr_ai_view *ai = g.rs->ai;
    assert_true(g.rs->version >= 6 && ai->terms_some != NULL);
    int nt = ai->nterms;
    fogn_state st;
    g.rs->rules->init(g.scn, &st);
    double all[2 * GR_EVAL_MAX_TERMS], some[2 * GR_EVAL_MAX_TERMS];
    unsigned char want[GR_EVAL_MAX_TERMS];
    int checked = 0;
    for (int pos = 0; pos < 12; pos++) {
        advance_to_choice(&g, &st, 2, 40 + (unsigned long long)pos);
        ai->terms(g.scn, &st, all);
        for (int k = 0; k < nt; k++) {
            memset(want, 0, sizeof want);
            want[k] = 1;
            gr_rs_terms(g.rs, g.scn, &st, want, some);
            assert_true(some[k] == all[k] && some[nt + k] == all[nt + k]);
            checked++;
        }
        memset(want, 1, sizeof want);
        gr_rs_terms(g.rs, g.scn, &st, want, some);
        assert_memory_equal(some, all, 2 * (size_t)nt * sizeof *all);
    }
    assert_int_equal(checked, 12 * nt);
    gr_ai_view old_ai = *ai;
    old_ai.terms_some = terms_some_refused;
    gr_ruleset old = *g.rs;
    old.version = 5;
    old.ai = &old_ai;
    memset(want, 0, sizeof want);
    gr_rs_terms(&old, g.scn, &st, want, some);
    assert_memory_equal(some, all, 2 * (size_t)nt * sizeof *all);
    gr_game_free(&g);
}

/* weights from JSON text, bound to the game; fails the test if they do not load */
static void eval_from_text(gr_eval *e, const gr_game *g, const char *text)
{
    json_error_t je;
    json_t *j = json_loads(text, 0, &je);
    assert_non_null(j);
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_from_json(e, g, j, "w.json", &err), 0);
    json_decref(j);
}

/* a term weighed 0 is not worked out by the search (terms_some) and adds
 * nothing: the same value as the weights without it, on positions of a game */
static void test_eval_zero_weight_term(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    gr_eval with, without;
    eval_from_text(&with, &g,
                   "{\"ruleset\":\"fogn\",\"scale\":6,\"cohesion\":[1,0.8,0.5,0.15,0],"
                   "\"side\":{\"attrition_to_break\":-0.6,\"loc_threat\":0,\"flank_exposed\":-0.2}}");
    eval_from_text(&without, &g,
                   "{\"ruleset\":\"fogn\",\"scale\":6,\"cohesion\":[1,0.8,0.5,0.15,0],"
                   "\"side\":{\"attrition_to_break\":-0.6,\"flank_exposed\":-0.2}}");
    fogn_state st;
    g.rs->rules->init(g.scn, &st);
    for (int pos = 0; pos < 8; pos++) {
        advance_to_choice(&g, &st, 2, 70 + (unsigned long long)pos);
        assert_true(gr_eval_win0(&with, &g, &st) == gr_eval_win0(&without, &g, &st));
    }
    /* the explanation still lists the term, at 0 */
    const char *names[8];
    double contrib[8];
    int n = gr_eval_explain(&with, &g, &st, 0, names, contrib, 8);
    assert_int_equal(n, 4);
    assert_string_equal(names[2], "loc_threat");
    assert_true(contrib[2] == 0.0);
    gr_game_free(&g);
}

/* the weights of the end-game blend tests, up to their "endgame" block */
#define BLEND_WEIGHTS_HEAD                                                                                    \
    "{\"ruleset\":\"fogn\",\"scale\":6,\"cohesion\":[1,0.8,0.5,0.15,0],\"side\":{\"attrition_to_break\":-0.6},"

/* the end-game blend: over the last `moves` player-moves the value leans
 * towards the score a timed end would give now, w = weight * (1 - left/moves) */
static void test_eval_endgame_blend(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    gr_eval e;
    eval_from_text(&e, &g,
                   BLEND_WEIGHTS_HEAD "\"endgame\":{\"moves\":4,\"weight\":0.5}}");
    assert_int_equal(e.end_moves, 4);
    gr_eval plain = e; /* the same weights without the blend */
    plain.end_moves = 0;
    const fogn_scenario *s = g.scn;
    assert_int_equal(s->max_turns, 24);
    fogn_state st;
    g.rs->rules->init(g.scn, &st);
    /* side 0 owns every objective: a timed end now is its win */
    for (int o = 0; o < s->nobj; o++) st.obj_owner[o] = 0;
    assert_int_equal(fogn_timed_outcome(s, &st, NULL), 0);
    /* 4 player-moves still to begin: no blend yet */
    st.move = 48 - 4;
    double base = gr_eval_win0(&plain, &g, &st);
    assert_true(base > 0.05 && base < 0.95);
    assert_float_equal(gr_eval_win0(&e, &g, &st), base, 1e-12);
    /* 2 left: w = 0.5 * (1 - 2/4) = 0.25 towards a timed score of 1 */
    st.move = 48 - 2;
    base = gr_eval_win0(&plain, &g, &st);
    assert_float_equal(gr_eval_win0(&e, &g, &st), 0.75 * base + 0.25, 1e-12);
    /* the last move: w = 0.5; side 1 owning everything pulls towards 0 */
    st.move = 48;
    for (int o = 0; o < s->nobj; o++) st.obj_owner[o] = 1;
    assert_int_equal(fogn_timed_outcome(s, &st, NULL), 1);
    base = gr_eval_win0(&plain, &g, &st);
    assert_float_equal(gr_eval_win0(&e, &g, &st), 0.5 * base, 1e-12);
    gr_game_free(&g);
}

/* the smoothed timed score: 1 for a lead of at least the band, 0 for as much
 * behind, 0.5 between; with a spread, the expected score of a lead taken as
 * normal about its value, the win line midway between the half-point leads
 * either side of the band */
static void test_eval_timed_smoothing(void **unused)
{
    (void)unused;
    /* no spread: the plain step */
    assert_true(gr_eval_timed(4.0, 4, 0) == 1.0);
    assert_true(gr_eval_timed(3.5, 4, 0) == 0.5);
    assert_true(gr_eval_timed(-3.5, 4, 0) == 0.5);
    assert_true(gr_eval_timed(-4.0, 4, 0) == 0.0);
    /* level: a draw either way, exactly */
    assert_float_equal(gr_eval_timed(0, 4, 3), 0.5, 1e-15);
    /* on the win line with a spread of 1: half the win, the loss 7.5 spreads away */
    assert_float_equal(gr_eval_timed(3.75, 4, 1), 0.75, 1e-12);
    /* the sides mirror each other */
    for (double lead = -9; lead <= 9; lead += 0.5)
        assert_float_equal(gr_eval_timed(lead, 4, 2.5) + gr_eval_timed(-lead, 4, 2.5), 1.0, 1e-12);
    /* rising with the lead, and surer of a win the narrower the spread */
    for (double lead = -9; lead < 9; lead += 0.5)
        assert_true(gr_eval_timed(lead + 0.5, 4, 2.5) > gr_eval_timed(lead, 4, 2.5));
    assert_true(gr_eval_timed(5, 4, 0.5) > gr_eval_timed(5, 4, 3));
    assert_true(gr_eval_timed(2, 4, 0.5) < gr_eval_timed(2, 4, 3));
}

/* with a spread, the blend leans towards the smoothed timed score of side
 * 0's lead (the ruleset's timed_lead0 and timed_band), spread a + b x moves
 * left */
static void test_eval_endgame_spread(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "corps-battle.json");
    gr_eval e;
    eval_from_text(&e, &g,
                   BLEND_WEIGHTS_HEAD "\"endgame\":{\"moves\":4,\"weight\":0.5,\"spread\":[1,0.5]}}");
    assert_true(e.end_spread[0] == 1.0);
    assert_true(e.end_spread[1] == 0.5);
    gr_eval plain = e;
    plain.end_moves = 0;
    const fogn_scenario *s = g.scn;
    fogn_state st;
    g.rs->rules->init(g.scn, &st);
    /* side 0 holds Kapellenberg alone (2 points): a draw now, a lead of 2 */
    for (int o = 0; o < s->nobj; o++) st.obj_owner[o] = strcmp(s->obj[o].name, "Kapellenberg") ? -1 : 0;
    assert_int_equal(fogn_timed_outcome(s, &st, NULL), -1);
    assert_true(fogn_timed_lead(s, &st) == 2.0);
    /* 2 player-moves left: w = 0.25, spread 1 + 0.5 x 2 = 2 */
    st.move = 48 - 2;
    double base = gr_eval_win0(&plain, &g, &st);
    double want = 0.75 * base + 0.25 * gr_eval_timed(2.0, 4, 2.0);
    assert_float_equal(gr_eval_win0(&e, &g, &st), want, 1e-12);
    /* better than the plain step's draw, short of a win */
    assert_true(want > 0.75 * base + 0.25 * 0.5);
    /* the last move: w = 0.5, spread 1 */
    st.move = 48;
    base = gr_eval_win0(&plain, &g, &st);
    assert_float_equal(gr_eval_win0(&e, &g, &st), 0.5 * base + 0.5 * gr_eval_timed(2.0, 4, 1.0), 1e-12);
    gr_game_free(&g);
}

static void test_eval_weight_file_errors(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "brigade-encounter.json");
    static const char *const bad[][2] = {
        {"[1,2]", "JSON object"},
        {"{\"ruleset\":\"lasalle\",\"scale\":1,\"cohesion\":[1,0]}", "ruleset 'lasalle'"},
        {"{\"ruleset\":\"fogn\",\"scale\":-1,\"cohesion\":[1,0]}", "$.scale"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1]}", "$.cohesion"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,1,1,1,0],\"side\":{\"morale\":1}}", "no side term morale"},
        /* a key the evaluation does not read, e.g. the old name of "worn" */
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,1,1,1,0],\"spent\":0.25}", "is \"worn\""},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,1,1,1,0],\"scael\":1}", "$.scael: not a weight"},
        /* fogn: Steady, Disordered, Wavering, Broken, then gone */
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0,0]}", "expected 5 numbers"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,\"x\"]}", "$.cohesion[1]"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"endgame\":6}", "$.endgame"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"endgame\":{\"moves\":0,\"weight\":0.5}}", "$.endgame.moves"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"endgame\":{\"moves\":6,\"weight\":1.5}}", "$.endgame.weight"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"endgame\":{\"moves\":6,\"weight\":0.5,\"spread\":[0,1]}}",
         "$.endgame.spread"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"endgame\":{\"moves\":6,\"weight\":0.5,\"spread\":2}}",
         "$.endgame.spread"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":1}", "$.search"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"settle\":2}}", "$.search.settle"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"horizon\":0}}",
         "$.search.horizon: expected a whole number from 1 to 100"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"horizon\":1.5}}", "$.search.horizon"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"depth\":2}}",
         "$.search.depth: not a search setting the weights may give (settle, c, horizon, plan, planfor)"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"plan\":7}}",
         "$.search.plan: expected a name of 1 to 15 letters"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"planfor\":\"\"}}",
         "$.search.planfor: expected a name"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"c\":0}}", "$.search.c: expected a number above 0"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"c\":101}}", "at most 100"},
        {"{\"ruleset\":\"fogn\",\"scale\":1,\"cohesion\":[1,0],\"search\":{\"c\":\"low\"}}", "$.search.c"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_error_t je;
        json_t *j = json_loads(bad[i][0], 0, &je);
        assert_non_null(j);
        gr_eval e;
        gr_error err;
        gr_error_clear(&err);
        assert_int_equal(gr_eval_from_json(&e, &g, j, "w.json", &err), -1);
        if (!strstr(err.msg, bad[i][1])) fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, bad[i][1]);
        json_decref(j);
    }
    gr_game_free(&g);
}

/* a ruleset whose weights file is found nowhere: the message names the file,
 * the evaluation and where it was looked for, and what to set */
static void test_eval_weights_not_found(void **unused)
{
    (void)unused;
    gr_ruleset rs = {.version = GR_RULESET_VERSION, .name = "nosuch", .title = "No Such Rules"};
    gr_game g;
    memset(&g, 0, sizeof g);
    g.rs = &rs;
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "cannot find eval/weights/nosuch.json, the weights of the No Such Rules evaluation"));
    assert_non_null(strstr(err.msg, "set GROGNARD_ROOT to the Grognard folder"));
}

/* the weights' "search" block: a settle default for the ruleset's searches,
 * -1 when the file gives none; a spec's settle= still overrides it */
static void test_eval_search_defaults(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "brigade-encounter.json");
    gr_eval e;
    eval_from_text(&e, &g, BLEND_WEIGHTS_HEAD "\"search\":{\"settle\":1}}");
    assert_int_equal(e.settle, 1);
    assert_true(e.c == -1);
    eval_from_text(&e, &g, BLEND_WEIGHTS_HEAD "\"search\":{\"c\":0.7}}");
    assert_int_equal(e.settle, -1);
    assert_true(e.c == 0.7);
    assert_int_equal(e.horizon, -1);
    eval_from_text(&e, &g, BLEND_WEIGHTS_HEAD "\"search\":{\"horizon\":2}}");
    assert_int_equal(e.horizon, 2);
    assert_int_equal(e.settle, -1);
    eval_from_text(&e, &g, BLEND_WEIGHTS_HEAD "\"search\":{}}");
    assert_int_equal(e.settle, -1);
    assert_true(e.c == -1);
    eval_from_text(&e, &g, "{\"ruleset\":\"fogn\",\"scale\":6,\"cohesion\":[1,0.8,0.5,0.15,0]}");
    assert_int_equal(e.settle, -1);
    assert_true(e.c == -1);
    assert_string_equal(e.plan, "");
    assert_string_equal(e.plan_for, "");
    eval_from_text(&e, &g, BLEND_WEIGHTS_HEAD "\"search\":{\"plan\":\"line\",\"planfor\":\"both\"}}");
    assert_string_equal(e.plan, "line");
    assert_string_equal(e.plan_for, "both");
    assert_int_equal(e.horizon, -1);
    /* the shipped fogn weights give the attacker's searches the cavalry plan and leave the rest as it was */
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), 0);
    assert_int_equal(e.settle, -1);
    assert_true(e.c == -1);
    assert_int_equal(e.horizon, -1);
    assert_string_equal(e.plan, "cavalry");
    assert_string_equal(e.plan_for, "attacker");
    gr_game_free(&g);
}

/* the visits of one decision searched by spec (200 iterations, seed 99) */
static void visits_of(const gr_game *g, const void *st, const char *spec, gr_analysis *an)
{
    gr_player *p = make(g, spec, 99);
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(p->choose(p, g, st, &a, &err), 0);
    assert_int_equal(p->analysis(p, an), 0);
    gr_player_free(p);
}

static int same_visits(const gr_analysis *x, const gr_analysis *y)
{
    if (x->n != y->n) return 0;
    for (int i = 0; i < x->n; i++)
        if (x->alt[i].visits != y->alt[i].visits || !gr_action_equal(&x->alt[i].a, &y->alt[i].a)) return 0;
    return 1;
}

/* a setting of the weights' "search" block is the search's where the spec
 * gives none: the same search as the spec's `key=spec_val`, a spec's
 * `key=spec_default` wins over the weights, and the setting changes the
 * search. Searched at a decision of the brigade encounter with 4 choices or
 * more, or (movement) at a Movement Phase decision of the corps battle. */
static void search_setting_from_weights(const char *key, json_t *val, const char *spec_val, const char *spec_default,
                                        int movement)
{
    gr_game g;
    load(&g, movement ? "corps-battle.json" : "brigade-encounter.json");
    char shipped[1024], with[] = "/tmp/grognard-c-XXXXXX", without[] = "/tmp/grognard-noc-XXXXXX";
    snprintf(shipped, sizeof shipped, "%s/eval/weights/fogn.json", root_dir());
    json_error_t je;
    json_t *w = json_load_file(shipped, 0, &je);
    assert_non_null(w);
    json_object_del(w, "search");
    int fd0 = mkstemp(without), fd1 = mkstemp(with);
    assert_true(fd0 >= 0 && fd1 >= 0);
    close(fd0);
    close(fd1);
    assert_int_equal(json_dump_file(w, without, 0), 0);
    json_t *search = json_object();
    json_object_set_new(search, key, val);
    json_object_set_new(w, "search", search);
    assert_int_equal(json_dump_file(w, with, 0), 0);
    json_decref(w);
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    if (movement) play_to_movement(&g, st, 41, 3, 6, NULL);
    else advance_to_choice(&g, st, 4, 21);
    char spec[4][256];
    snprintf(spec[0], sizeof spec[0], "mcts:iters=200,weights=%s", with);
    snprintf(spec[1], sizeof spec[1], "mcts:iters=200,%s=%s,weights=%s", key, spec_val, without);
    snprintf(spec[2], sizeof spec[2], "mcts:iters=200,%s=%s,weights=%s", key, spec_default, with);
    snprintf(spec[3], sizeof spec[3], "mcts:iters=200,weights=%s", without);
    gr_analysis an[4];
    for (int k = 0; k < 4; k++) visits_of(&g, st, spec[k], &an[k]);
    assert_true(same_visits(&an[0], &an[1]));  /* the weights' setting is the spec's */
    assert_true(same_visits(&an[2], &an[3]));  /* the spec's wins; without either, the default */
    assert_false(same_visits(&an[0], &an[3])); /* and the setting changes the search */
    unlink(with);
    unlink(without);
    free(st);
    gr_game_free(&g);
}

/* the weights' "c" is the search's exploration constant where the spec gives none */
static void test_search_c_from_weights(void **unused)
{
    (void)unused;
    char dflt[32];
    snprintf(dflt, sizeof dflt, "%g", GR_MCTS_C);
    search_setting_from_weights("c", json_real(0.3), "0.3", dflt, 0);
}

/* the weights' "horizon" is the player-moves a simulation plays where the spec gives none */
static void test_search_horizon_from_weights(void **unused)
{
    (void)unused;
    char dflt[32];
    snprintf(dflt, sizeof dflt, "%d", GR_MCTS_HORIZON);
    search_setting_from_weights("horizon", json_integer(2), "2", dflt, 0);
}

/* the weights' "plan" is the doctrine the simulations follow where the spec
 * gives none (`plan=none` turns it off); a name the search does not know
 * is refused, saying it came from the weights */
static void test_search_plan_from_weights(void **unused)
{
    (void)unused;
    search_setting_from_weights("plan", json_string("cavalry"), "cavalry", "none", 1);
    gr_game g;
    load(&g, "brigade-encounter.json");
    char shipped[1024], bad[] = "/tmp/grognard-plan-XXXXXX";
    snprintf(shipped, sizeof shipped, "%s/eval/weights/fogn.json", root_dir());
    json_error_t je;
    json_t *w = json_load_file(shipped, 0, &je);
    assert_non_null(w);
    json_object_set_new(w, "search", json_pack("{s:s}", "plan", "turtle"));
    int fd = mkstemp(bad);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(json_dump_file(w, bad, 0), 0);
    json_decref(w);
    char spec[256];
    snprintf(spec, sizeof spec, "mcts:iters=10,weights=%s", bad);
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_player_create(spec, &g, 1, &err));
    if (!strstr(err.msg, "the weights' search.plan: unknown plan 'turtle'")) fail_msg("'%s'", err.msg);
    snprintf(spec, sizeof spec, "mcts:iters=10,plan=none,weights=%s", bad);
    gr_player *p = gr_player_create(spec, &g, 1, &err);
    assert_non_null(p); /* the spec's plan wins */
    gr_player_free(p);
    unlink(bad);
    gr_game_free(&g);
}

/* `grognard suggest --json`: one object with the side, the player, and per
 * decision the order, a reason, and alternatives with visit shares. */
static void test_suggest_json_form(void **unused)
{
    (void)unused;
    char path[1024], outp[] = "/tmp/grognard-suggest-XXXXXX";
    snprintf(path, sizeof path, "%s/scenarios/fogn/brigade-encounter.json", root_dir());
    int fd = mkstemp(outp);
    assert_true(fd >= 0);
    fflush(stdout);
    int saved = dup(1);
    assert_true(dup2(fd, 1) >= 0);
    char *argv[] = {path, "--side", "0", "--iters", "16", "--json", NULL};
    int rc = gr_cmd_suggest(6, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fd);
    assert_int_equal(rc, 0);
    json_error_t je;
    json_t *j = json_load_file(outp, 0, &je);
    unlink(outp);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "side")), "French"); /* side 0 of the brigade encounter */
    assert_non_null(strstr(json_string_value(json_object_get(j, "player")), "mcts:iters=16"));
    /* the battle as it stands, and the turn told as a plan */
    assert_non_null(strstr(json_string_value(json_object_get(j, "standing")), "French: 100% of their strength"));
    assert_true(json_is_string(json_object_get(j, "plan")));
    json_t *decs = json_object_get(j, "decisions");
    assert_true(json_is_array(decs) && json_array_size(decs) >= 1);
    size_t i;
    json_t *d;
    json_array_foreach(decs, i, d) {
        assert_true(json_is_string(json_object_get(d, "decision")));
        assert_true(json_is_string(json_object_get(d, "order")));
        assert_true(json_is_string(json_object_get(d, "reason")));
        json_t *alts = json_object_get(d, "alternatives");
        assert_true(json_is_array(alts));
        double share_sum = 0;
        size_t k;
        json_t *a;
        json_array_foreach(alts, k, a) {
            assert_true(json_is_string(json_object_get(a, "order")));
            assert_true(json_is_integer(json_object_get(a, "visits")));
            double sh = json_number_value(json_object_get(a, "share"));
            double v = json_number_value(json_object_get(a, "expected_score"));
            assert_true(sh >= 0 && sh <= 1 && v >= 0 && v <= 1);
            share_sum += sh;
        }
        assert_true(share_sum <= 1.0 + 1e-3); /* each share is printed to 4 significant figures */
        if (json_array_size(alts) > 0) /* the order given is the most visited alternative */
            assert_string_equal(json_string_value(json_object_get(json_array_get(alts, 0), "order")),
                                json_string_value(json_object_get(d, "order")));
    }
    json_decref(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_parse_and_errors),
        cmocka_unit_test(test_player_spec_errors),
        cmocka_unit_test(test_playout_plan_follows_the_doctrine),
        cmocka_unit_test(test_plan_for_the_attacker),
        cmocka_unit_test(test_players_choose_legal_actions),
        cmocka_unit_test(test_mcts_deterministic_one_thread),
        cmocka_unit_test(test_mcts_deterministic_two_threads),
        cmocka_unit_test(test_naive_deterministic),
        cmocka_unit_test(test_budget_shares_by_weight_and_parity),
        cmocka_unit_test(test_budget_pool_pairs_light_and_heavy_moves),
        cmocka_unit_test(test_mcts_time_budget_respected),
        cmocka_unit_test(test_mcts_tree_reuse),
        cmocka_unit_test(test_detcache_store_find_clear),
        cmocka_unit_test(test_poscache_keeps_dice_free_answers),
        cmocka_unit_test(test_evalcache_gives_the_evaluation),
        cmocka_unit_test(test_search_cache_changes_nothing),
        cmocka_unit_test(test_rollout_settle_stop),
        cmocka_unit_test(test_playout_calm_damps_unit_moves),
        cmocka_unit_test(test_mcts_endgame_plays_to_the_end),
        cmocka_unit_test(test_puct_qnorm_lets_small_value_differences_count),
        cmocka_unit_test(test_puct_qspan_keeps_small_differences_small),
        cmocka_unit_test(test_eval_direction),
        cmocka_unit_test(test_terms_some_as_terms),
        cmocka_unit_test(test_eval_zero_weight_term),
        cmocka_unit_test(test_eval_endgame_blend),
        cmocka_unit_test(test_eval_timed_smoothing),
        cmocka_unit_test(test_eval_endgame_spread),
        cmocka_unit_test(test_eval_weight_file_errors),
        cmocka_unit_test(test_eval_weights_not_found),
        cmocka_unit_test(test_eval_search_defaults),
        cmocka_unit_test(test_search_c_from_weights),
        cmocka_unit_test(test_search_plan_from_weights),
        cmocka_unit_test(test_search_horizon_from_weights),
        cmocka_unit_test(test_suggest_json_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
