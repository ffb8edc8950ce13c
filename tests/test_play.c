/* test_play.c - the game loop of the engine (engine/core/play.h): the
 * uniform random chooser draws exactly what the random player draws (the
 * same game, die for die), and drawing and applying in one call plays the
 * same game as drawing, then applying; choosers observe every action, once when both
 * sides share one; the callback after each action, the limits, a chooser's
 * failure and a refused choice; records replay to the same bytes, in part
 * and position by position; and the small helpers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ai/player.h"
#include "../engine/core/play.h"
#include "../engine/registry.h"

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

static void load(gr_game *g, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s", root_dir(), name);
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_load(g, path, &err)) fail_msg("%s", err.msg);
}

static void *opening(const gr_game *g)
{
    void *st = calloc(1, g->rs->rules->state_size);
    assert_non_null(st);
    g->rs->rules->init(g->scn, st);
    return st;
}

static void assert_same_records(const gr_record *a, const gr_record *b)
{
    assert_int_equal(a->nactions, b->nactions);
    for (int i = 0; i < a->nactions; i++) assert_string_equal(a->actions[i], b->actions[i]);
    assert_int_equal(a->nrolls, b->nrolls);
    if (a->nrolls) assert_memory_equal(a->rolls, b->rolls, sizeof(int) * (size_t)a->nrolls);
}

/* gr_play_random_apply plays what gr_play_random_legal followed by apply
 * plays: the same order drawn at every decision from the same generator,
 * the same dice, the same position after it, to the end of the game */
static void random_apply_is_draw_then_apply(const char *scenario, unsigned long long seeds)
{
    gr_game g;
    load(&g, scenario);
    size_t size = g.rs->rules->state_size;
    for (unsigned long long seed = 1; seed <= seeds; seed++) {
        void *a = opening(&g), *b = opening(&g);
        gr_rng ra, rb;
        gr_rng_seed(&ra, seed, 2);
        gr_rng_seed(&rb, seed, 2);
        gr_dice da, db;
        gr_dice_init_rng(&da, seed, 1);
        gr_dice_init_rng(&db, seed, 1);
        int n = 0;
        while (g.rs->rules->to_move(g.scn, a) != GR_TERMINAL) {
            gr_action x, y;
            gr_error err;
            gr_error_clear(&err);
            assert_int_equal(gr_play_random_legal(&g, a, &ra, &x), 0);
            if (g.rs->rules->apply(g.scn, a, &x, &da, NULL, &err)) fail_msg("%s", err.msg);
            assert_int_equal(gr_play_random_apply(&g, b, &rb, &db, &y, &err), 0);
            assert_memory_equal(&x, &y, sizeof x);
            assert_memory_equal(a, b, size);
            assert_int_equal(da.rolled, db.rolled);
            n++;
        }
        assert_true(n > 20);
        assert_int_equal(gr_play_random_apply(&g, b, &rb, &db, &(gr_action){0}, NULL), 1);
        free(a);
        free(b);
    }
    gr_game_free(&g);
}

/* fogn's and Lasalle's own apply_checked */
static void test_random_apply_is_draw_then_apply(void **unused)
{
    (void)unused;
    random_apply_is_draw_then_apply("fogn/brigade-encounter.json", 3);
    random_apply_is_draw_then_apply("lasalle/brigade-clash.json", 2);
}

/* gr_play_random and two random players (seeds S and S + 1) play the same game */
static void test_uniform_chooser_is_the_random_player(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    for (unsigned long long seed = 1; seed <= 3; seed++) {
        gr_error err;
        gr_error_clear(&err);
        void *a = opening(&g), *b = opening(&g);
        gr_log la, lb;
        gr_log_init(&la);
        gr_log_init(&lb);
        gr_record ra, rb;
        gr_record_init(&ra, &g, seed);
        gr_record_init(&rb, &g, seed);
        gr_play_opts o = {.seed = seed, .check_invariants = 1};
        int na = gr_play_random(&g, a, &ra, &la, &o, &err);
        gr_player *p[2] = {gr_player_create("random", &g, seed, &err), gr_player_create("random", &g, seed + 1, &err)};
        assert_true(p[0] && p[1]);
        const gr_chooser c[2] = {gr_player_chooser(p[0]), gr_player_chooser(p[1])};
        int nb = gr_play(&g, b, c, &rb, &lb, &o, &err);
        if (na < 0 || nb < 0) fail_msg("%s", err.msg);
        assert_int_equal(na, nb);
        assert_int_equal(g.rs->rules->to_move(g.scn, a), GR_TERMINAL);
        assert_memory_equal(a, b, g.rs->rules->state_size);
        assert_same_records(&ra, &rb);
        assert_true(ra.nrolls > 0);
        gr_player_free(p[0]);
        gr_player_free(p[1]);
        gr_record_free(&ra);
        gr_record_free(&rb);
        gr_log_free(&la);
        gr_log_free(&lb);
        free(a);
        free(b);
    }
    gr_game_free(&g);
}

/* a chooser that takes the first legal action, counting what it sees */
typedef struct counter {
    int chosen, observed, after, fail_at;
    int illegal;        /* choose an action no ruleset offers */
} counter;

static int first_choose(void *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    counter *c = self;
    if (c->fail_at && c->chosen == c->fail_at) return gr_error_set(err, "nope");
    gr_action acts[GR_MAX_ACTIONS];
    if (g->rs->rules->legal_actions(g->scn, state, acts, GR_MAX_ACTIONS) < 1) return gr_error_set(err, "no action");
    *out = acts[0];
    if (c->illegal) {
        memset(out, 0, sizeof *out);
        out->type = 0xffff;
    }
    c->chosen++;
    return 0;
}

static void count_observe(void *self, const gr_game *g, const void *before, const gr_action *a)
{
    (void)g;
    (void)before;
    (void)a;
    ((counter *)self)->observed++;
}

static void count_after(void *ctx, const gr_game *g, const void *state, const gr_log *log)
{
    (void)g;
    (void)state;
    assert_non_null(log);
    ((counter *)ctx)->after++;
}

static gr_chooser counting(counter *c, const char *name)
{
    return (gr_chooser){.self = c, .name = name, .choose = first_choose, .observe = count_observe};
}

/* both sides one chooser: it observes each action once; two: each observes
 * every action; the callback follows every action; the limits hold */
static void test_observe_after_and_limits(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    gr_error err;
    gr_error_clear(&err);
    gr_log log;
    gr_log_init(&log);

    counter one = {0}, calls = {0};
    void *st = opening(&g);
    gr_chooser same[2] = {counting(&one, "first"), counting(&one, "first")};
    gr_play_opts o = {.seed = 3, .max_decisions = 40, .after = count_after, .ctx = &calls};
    assert_int_equal(gr_play(&g, st, same, NULL, &log, &o, &err), 40);
    assert_int_equal(one.chosen, 40);
    assert_int_equal(one.observed, 40);
    assert_int_equal(calls.after, 40);
    free(st);

    counter c0 = {0}, c1 = {0};
    st = opening(&g);
    gr_chooser two[2] = {counting(&c0, "a"), counting(&c1, "b")};
    o = (gr_play_opts){.seed = 3, .max_decisions = 40};
    assert_int_equal(gr_play(&g, st, two, NULL, NULL, &o, &err), 40);
    assert_int_equal(c0.chosen + c1.chosen, 40);
    assert_true(c0.chosen > 0 && c1.chosen > 0);
    assert_int_equal(c0.observed, 40);
    assert_int_equal(c1.observed, 40);
    free(st);

    /* two changes of the side to move: side 0's move, then side 1's, then stop */
    counter s0 = {0}, s1 = {0};
    st = opening(&g);
    gr_chooser limited[2] = {counting(&s0, "a"), counting(&s1, "b")};
    o = (gr_play_opts){.seed = 3, .max_side_turns = 2};
    int first_side = g.rs->rules->to_move(g.scn, st);
    int n = gr_play(&g, st, limited, NULL, NULL, &o, &err);
    assert_true(n > 0);
    assert_int_equal(g.rs->rules->to_move(g.scn, st), first_side);
    assert_true(s0.chosen > 0 && s1.chosen > 0);
    free(st);
    gr_log_free(&log);
    gr_game_free(&g);
}

/* a chooser's failure and a refused choice end the game with a message
 * naming the chooser and the action */
static void test_failures(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    counter c = {.fail_at = 3};
    void *st = opening(&g);
    gr_chooser same[2] = {counting(&c, "tired"), counting(&c, "tired")};
    gr_play_opts o = {.seed = 1};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_play(&g, st, same, NULL, NULL, &o, &err), -1);
    assert_string_equal(err.msg, "after 3 actions, tired: nope");
    free(st);

    counter bad = {.illegal = 1};
    st = opening(&g);
    gr_chooser wrong[2] = {counting(&bad, "wrong"), counting(&bad, "wrong")};
    gr_error_clear(&err);
    assert_int_equal(gr_play(&g, st, wrong, NULL, NULL, &o, &err), -1);
    assert_non_null(strstr(err.msg, "wrong chose '"));
    assert_non_null(strstr(err.msg, "', which was refused: "));
    free(st);
    gr_game_free(&g);
}

static int no_orders(const void *scn, const void *state, gr_action *out, int max)
{
    (void)scn, (void)state, (void)out, (void)max;
    return 0;
}

/* a ruleset whose menu comes up empty while a decision is due: the check
 * after every action says so by name, rather than the game stalling */
static void test_empty_menu_is_an_invariant(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    const gr_ruleset *real = g.rs;
    gr_rules rules = *real->rules;
    rules.legal_actions = no_orders;
    gr_ruleset stalled = *real;
    stalled.rules = &rules;
    g.rs = &stalled;
    void *st = opening(&g);
    gr_play_opts o = {.seed = 1, .check_invariants = 1};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_play_random(&g, st, NULL, NULL, &o, &err), -1);
    assert_non_null(strstr(err.msg, "invariant broken after '"));
    assert_non_null(strstr(err.msg, "offers no legal order"));
    free(st);
    g.rs = real;
    gr_game_free(&g);
}

/* the fogn apply, leaving behind the message of a try it refused on the way, as an automatic step that
 * tries targets in turn may; the play goes on, so the message is no error */
static int apply_with_stray(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log,
                            gr_error *err)
{
    int rc = gr_ruleset_find("fogn")->rules->apply(scn, state, a, dice, log, err);
    if (!rc) gr_error_set(err, "a try refused on the way");
    return rc;
}

static int check_fails(const void *scn, const void *state, gr_error *err)
{
    (void)scn, (void)state;
    return gr_error_set(err, "the check's own words");
}

/* an error found after an action is told in its own words, not in those a step that succeeded left behind */
static void test_stray_message_is_not_the_error(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    const gr_ruleset *real = g.rs;
    gr_rules rules = *real->rules;
    rules.apply = apply_with_stray;
    gr_present present = *real->present;
    present.check_invariants = check_fails;
    gr_ruleset stray = *real;
    stray.rules = &rules;
    stray.present = &present;
    stray.fast = NULL;
    g.rs = &stray;
    void *st = opening(&g);
    counter c = {0};
    gr_chooser first[2] = {counting(&c, "first"), counting(&c, "first")};
    gr_play_opts o = {.seed = 1, .check_invariants = 1};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_play(&g, st, first, NULL, NULL, &o, &err), -1);
    assert_non_null(strstr(err.msg, "invariant broken after '"));
    assert_non_null(strstr(err.msg, "': the check's own words"));
    free(st);
    g.rs = real;
    gr_game_free(&g);
}

typedef struct visits {
    int n;
    size_t size;
    unsigned char *first;   /* the position before action 0 */
} visits;

static int visit(void *ctx, const gr_game *g, const void *state, int i, gr_error *err)
{
    (void)g;
    (void)err;
    visits *v = ctx;
    assert_int_equal(i, v->n);
    if (i == 0) memcpy(v->first, state, v->size);
    v->n++;
    return 0;
}

/* a record replays to the same bytes, whole, in part and position by position */
static void test_replays(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    size_t size = g.rs->rules->state_size;
    gr_error err;
    gr_error_clear(&err);
    void *played = opening(&g);
    gr_log log;
    gr_log_init(&log);
    gr_record rec;
    gr_record_init(&rec, &g, 9);
    gr_play_opts o = {.seed = 9};
    int n = gr_play_random(&g, played, &rec, &log, &o, &err);
    assert_true(n > 10);
    assert_int_equal(rec.nactions, n);

    void *st = calloc(1, size);
    assert_non_null(st);
    assert_int_equal(gr_replay(&g, &rec, st, NULL, &err), 0);
    assert_memory_equal(st, played, size);

    /* the first half, with the dice it used */
    int used = -1;
    assert_int_equal(gr_replay_prefix(&g, &rec, n / 2, st, NULL, &used, &err), 0);
    assert_true(used >= 0 && used <= rec.nrolls);

    visits v = {0, size, malloc(size)};
    assert_non_null(v.first);
    assert_int_equal(gr_replay_visit(&g, &rec, st, visit, &v, &err), 0);
    assert_int_equal(v.n, n);
    void *open = opening(&g);
    assert_memory_equal(v.first, open, size);
    assert_memory_equal(st, played, size);

    /* one die short: refused */
    rec.nrolls--;
    gr_error_clear(&err);
    assert_int_equal(gr_replay(&g, &rec, st, NULL, &err), -1);
    rec.nrolls++;

    /* the log: one line per event */
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(gr_print_log(&log, 0, f), log.n);
    fclose(f);

    free(open);
    free(v.first);
    free(st);
    free(played);
    gr_log_free(&log);
    gr_record_free(&rec);
    gr_game_free(&g);
}

static void test_helpers(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g, "fogn/brigade-encounter.json");
    const char *names[2];
    gr_game_side_names(&g, names);
    assert_string_equal(names[0], "French");
    assert_string_equal(names[1], "British");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_game_check_start(&g, &err), 0);
    /* the uniform draw gives a legal action */
    void *st = opening(&g);
    gr_rng rng;
    gr_rng_seed(&rng, 5, GR_PLAY_RANDOM_STREAM);
    gr_action a;
    assert_int_equal(gr_play_random_legal(&g, st, &rng, &a), 0);
    assert_true(gr_rs_action_legal(g.rs, g.scn, st, &a));
    free(st);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_chooser_is_the_random_player),
        cmocka_unit_test(test_random_apply_is_draw_then_apply),
        cmocka_unit_test(test_observe_after_and_limits),
        cmocka_unit_test(test_failures),
        cmocka_unit_test(test_empty_menu_is_an_invariant),
        cmocka_unit_test(test_stray_message_is_not_the_error),
        cmocka_unit_test(test_replays),
        cmocka_unit_test(test_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
