/* test_arena_compare.c - two players' arena games against one opponent set
 * side by side (bench/arena/compare.h): games paired by scenario, seed and
 * seat, the paired difference and its interval to the digit, by seat and in
 * all, games without a partner counted, how each subject thought summed
 * over the paired games that keep it, the common opponent found or named,
 * and every set that cannot be compared refused with the reason; the
 * command's exit codes for a comparison, a usage error and sets on
 * different seeds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>
#include <unistd.h>

#include "../bench/arena/compare.h"
#include "../bench/arena/stats.h"
#include "../cli/commands.h"

/* adds game `index` of tournament tid: `subject` in seat `seat` against
 * `opp` on `seed`, the subject scoring `score` */
static void add(gr_arena_set *s, const char *tid, long index, unsigned long long seed, const char *subject,
                const char *opp, int seat, double score)
{
    gr_arena_game g;
    memset(&g, 0, sizeof g);
    snprintf(g.tournament, sizeof g.tournament, "%s", tid);
    snprintf(g.scenario, sizeof g.scenario, "corps-battle.json");
    g.index = index;
    g.pair = index / 2;
    g.seed = seed;
    snprintf(g.players[seat], GR_ARENA_SPEC_MAX, "%s", subject);
    snprintf(g.players[1 - seat], GR_ARENA_SPEC_MAX, "%s", opp);
    g.score[seat] = score;
    g.score[1 - seat] = 1 - score;
    g.winner = score == 0.5 ? -1 : score == 1 ? seat : 1 - seat;
    snprintf(g.end, sizeof g.end, "turn limit");
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_set_add(s, &g, &err), 0);
}

/* Six games a set on seeds 100..102, seats swapped. The first set's
 * subject scores 1, 1, 0.5 in seat 0 and 1, 0, 0.5 in seat 1; the second's
 * 0.5, 1, 0 and 0, 0, 0.5. A seventh game of the first set (seed 103) and
 * one of the second (seed 104, seat 1) have no partner. */
static void test_pairs_by_seed_and_seat(void **unused)
{
    (void)unused;
    gr_arena_set a, b;
    gr_arena_set_init(&a);
    gr_arena_set_init(&b);
    const double sa[2][3] = {{1, 1, 0.5}, {1, 0, 0.5}}, sb[2][3] = {{0.5, 1, 0}, {0, 0, 0.5}};
    for (int k = 0; k < 3; k++)
        for (int seat = 0; seat < 2; seat++) {
            /* the second set's games come in the other order, under another id */
            add(&a, "aaaa", 2 * k + seat, 100 + (unsigned)k, "mcts:calm=0.1", "greedy", seat, sa[seat][k]);
            add(&b, "bbbb", 2 * (2 - k) + (1 - seat), 100 + (unsigned)k, "mcts", "greedy", seat, sb[seat][k]);
        }
    add(&a, "aaaa", 6, 103, "mcts:calm=0.1", "greedy", 0, 1);
    add(&b, "bbbb", 7, 104, "mcts", "greedy", 1, 1);
    gr_arena_pairing p;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 0.95, &p, &err), 0);
    assert_string_equal(p.opponent, "greedy");
    assert_string_equal(p.subject[0], "mcts:calm=0.1");
    assert_string_equal(p.subject[1], "mcts");
    assert_int_equal(p.unpaired[0], 1);
    assert_int_equal(p.unpaired[1], 1);

    /* seat 0: differences 0.5, 0, 0.5; seat 1: 1, 0, 0 */
    const double d0[3] = {0.5, 0, 0.5}, d1[3] = {1, 0, 0}, dall[6] = {0.5, 0, 0.5, 1, 0, 0};
    const double *d[3] = {d0, d1, dall};
    const long n[3] = {3, 3, 6};
    const double ma[3] = {2.5 / 3, 1.5 / 3, 4.0 / 6}, mb[3] = {1.5 / 3, 0.5 / 3, 2.0 / 6};
    double z = gr_stats_normal_quantile(0.975);
    for (int k = 0; k < 3; k++) {
        const gr_arena_pair_stats *st = &p.seat[k];
        assert_int_equal(st->n, n[k]);
        assert_float_equal(st->mean_a, ma[k], 1e-12);
        assert_float_equal(st->mean_b, mb[k], 1e-12);
        double mean = 0, ss = 0;
        for (long i = 0; i < n[k]; i++) mean += d[k][i] / (double)n[k];
        for (long i = 0; i < n[k]; i++) ss += (d[k][i] - mean) * (d[k][i] - mean);
        assert_float_equal(st->diff, mean, 1e-12);
        assert_float_equal(st->half, z * sqrt(ss / (double)(n[k] - 1)) / sqrt((double)n[k]), 1e-12);
    }
    /* by hand for all six: mean 1/3, squared deviations 30/36 in all, sample variance 1/6 */
    assert_float_equal(p.seat[GR_ARENA_SEATS].diff, 1.0 / 3, 1e-12);
    assert_float_equal(p.seat[GR_ARENA_SEATS].half, z * sqrt(1.0 / 6) / sqrt(6.0), 1e-12);
    gr_arena_set_free(&a);
    gr_arena_set_free(&b);
}

/* How the subjects thought, summed over the paired games whose lines keep
 * it, in the subject's seat: the first set keeps it in two of its three
 * paired games and in its unpaired one (left out), the second in none. */
static void test_thought_summed_over_paired_games(void **unused)
{
    (void)unused;
    gr_arena_set a, b;
    gr_arena_set_init(&a);
    gr_arena_set_init(&b);
    for (int k = 0; k < 3; k++) {
        int seat = k % 2;
        add(&a, "aaaa", k, 200 + (unsigned)k, "mcts:ms=1000", "greedy", seat, 1);
        add(&b, "bbbb", k, 200 + (unsigned)k, "mcts", "greedy", seat, 0.5);
        if (k == 2) continue;
        gr_arena_game *g = &a.g[a.n - 1];
        g->has_thought = 1;
        g->think_s[seat] = 10.0 + k;      /* the subject's */
        g->searched[seat] = 100 + k;
        g->iterations[seat] = 1000LL * (k + 1);
        g->think_s[1 - seat] = 99;        /* the opponent's: not counted */
        g->searched[1 - seat] = 99;
        g->iterations[1 - seat] = 99;
    }
    add(&a, "aaaa", 3, 299, "mcts:ms=1000", "greedy", 0, 1);
    a.g[a.n - 1].has_thought = 1;
    a.g[a.n - 1].searched[0] = 7;
    gr_arena_pairing p;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 0.95, &p, &err), 0);
    assert_int_equal(p.seat[GR_ARENA_SEATS].n, 3);
    assert_int_equal(p.thought[0].games, 2);
    assert_float_equal(p.thought[0].think_s, 21.0, 1e-12);
    assert_int_equal(p.thought[0].searched, 201);
    assert_true(p.thought[0].iterations == 3000);
    assert_int_equal(p.thought[1].games, 0);
    assert_int_equal(p.thought[1].searched, 0);
    gr_arena_set_free(&a);
    gr_arena_set_free(&b);
}

/* The same specs in both sets (two builds of one player): the opponent must
 * be named, and once it is the pairing goes through; a paired set compared
 * with itself differs by exactly nothing. */
static void test_opponent_named_when_both_players_are_shared(void **unused)
{
    (void)unused;
    gr_arena_set a, b;
    gr_arena_set_init(&a);
    gr_arena_set_init(&b);
    for (int k = 0; k < 4; k++) {
        add(&a, "aaaa", k, 7 + (unsigned)(k / 2), "mcts", "random", k % 2, k == 3 ? 0.5 : 1);
        add(&b, "aaaa", k, 7 + (unsigned)(k / 2), "mcts", "random", k % 2, k == 3 ? 0.5 : 1);
    }
    gr_arena_pairing p;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "--opponent"));
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, "random", 0.95, &p, &err), 0);
    assert_int_equal(p.seat[GR_ARENA_SEATS].n, 4);
    assert_float_equal(p.seat[GR_ARENA_SEATS].diff, 0.0, 0.0);
    assert_float_equal(p.seat[GR_ARENA_SEATS].half, 0.0, 0.0);
    assert_float_equal(p.seat[GR_ARENA_SEATS].mean_a, 3.5 / 4, 1e-12);
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, "greedy", 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "greedy does not play in the first set"));
    gr_arena_set_free(&a);
    gr_arena_set_free(&b);
}

/* Sets that cannot be compared, each refused with what is wrong. */
static void test_refusals(void **unused)
{
    (void)unused;
    gr_arena_pairing p;
    gr_error err;
    gr_arena_set a, b;

    /* a third player in the first set */
    gr_arena_set_init(&a);
    gr_arena_set_init(&b);
    add(&a, "aaaa", 0, 1, "mcts", "greedy", 0, 1);
    add(&a, "aaaa", 1, 1, "naive", "greedy", 1, 1);
    add(&b, "bbbb", 0, 1, "mcts:pool=2", "greedy", 0, 1);
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "the first set has 3 players"));
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, "greedy", 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "two players against greedy: mcts and naive"));
    gr_arena_set_free(&a);

    /* one seed and seat played twice in one set (two tournaments) */
    gr_arena_set_init(&a);
    add(&a, "aaaa", 0, 1, "mcts", "greedy", 0, 1);
    add(&a, "cccc", 0, 1, "mcts", "greedy", 0, 0);
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "two games of corps-battle.json with seed 1"));
    gr_arena_set_free(&a);

    /* an empty set, and a confidence out of range */
    gr_arena_set_init(&a);
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "the first set has no games"));
    add(&a, "aaaa", 0, 1, "mcts", "greedy", 0, 1);
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, NULL, 1.0, &p, &err), -1);
    assert_non_null(strstr(err.msg, "confidence"));
    gr_arena_set_free(&a);

    /* a game of the opponent against itself */
    gr_arena_set_init(&a);
    add(&a, "aaaa", 0, 1, "greedy", "greedy", 0, 1);
    gr_error_clear(&err);
    assert_int_equal(gr_arena_compare(&a, &b, "greedy", 0.95, &p, &err), -1);
    assert_non_null(strstr(err.msg, "greedy against itself"));
    gr_arena_set_free(&a);
    gr_arena_set_free(&b);
}

/* writes set s to path, one line a game */
static void write_set(const char *path, const gr_arena_set *s)
{
    gr_error err;
    gr_error_clear(&err);
    unlink(path);
    for (size_t i = 0; i < s->n; i++) assert_int_equal(gr_arena_append(path, &s->g[i], &err), 0);
}

/* `grognard arena compare`: 0 for a comparison, 2 without --against or with
 * an unknown option, 1 when no game has a partner or a file is missing */
static void test_command_exit_codes(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/gr_arena_compare_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char pa[96], pb[96], pc[96], missing[96];
    snprintf(pa, sizeof pa, "%s/a.jsonl", dir);
    snprintf(pb, sizeof pb, "%s/b.jsonl", dir);
    snprintf(pc, sizeof pc, "%s/c.jsonl", dir);
    snprintf(missing, sizeof missing, "%s/none.jsonl", dir);
    gr_arena_set a, b, c;
    gr_arena_set_init(&a);
    gr_arena_set_init(&b);
    gr_arena_set_init(&c);
    for (int k = 0; k < 4; k++) {
        add(&a, "aaaa", k, 50 + (unsigned)(k / 2), "mcts:calm=0.1", "greedy", k % 2, 1);
        add(&b, "bbbb", k, 50 + (unsigned)(k / 2), "mcts", "greedy", k % 2, 0.5);
        add(&c, "cccc", k, 90 + (unsigned)(k / 2), "mcts", "greedy", k % 2, 0.5);
    }
    write_set(pa, &a);
    write_set(pb, &b);
    write_set(pc, &c);
    char *ok[] = {pa, "--against", pb};
    assert_int_equal(gr_cmd_arena_compare(3, ok), 0);
    char *no_against[] = {pa, pb};
    assert_int_equal(gr_cmd_arena_compare(2, no_against), 2);
    char *unknown[] = {pa, "--against", pb, "--bogus"};
    assert_int_equal(gr_cmd_arena_compare(4, unknown), 2);
    char *apart[] = {pa, "--against", pc};
    assert_int_equal(gr_cmd_arena_compare(3, apart), 1);
    char *gone[] = {pa, "--against", missing};
    assert_int_equal(gr_cmd_arena_compare(3, gone), 1);
    unlink(pa);
    unlink(pb);
    unlink(pc);
    rmdir(dir);
    gr_arena_set_free(&a);
    gr_arena_set_free(&b);
    gr_arena_set_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs_by_seed_and_seat),
        cmocka_unit_test(test_opponent_named_when_both_players_are_shared),
        cmocka_unit_test(test_thought_summed_over_paired_games),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_command_exit_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
