/* test_arena_tournament.c - the game list of an arena tournament: pairings
 * in round robin, seats swapped on paired seeds, shards that cover every
 * game exactly once, a stable identity, and the errors of bad definitions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../bench/arena/tournament.h"

static void make(gr_tournament *t, int np, long games, unsigned long long seed)
{
    char players[4][160] = {"mcts:iters=8", "random", "doctrine:line", "greedy"};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_tournament_init(t, "corps-battle.json", players, np, games, seed, &err), 0);
}

static void test_two_players_seats_swapped_on_paired_seeds(void **unused)
{
    (void)unused;
    gr_tournament t;
    make(&t, 2, 5, 100); /* rounded up to 6 */
    assert_int_equal(t.games_per_pair, 6);
    assert_int_equal(gr_tournament_size(&t), 6);
    for (long i = 0; i < 6; i += 2) {
        gr_tournament_game a, b;
        gr_tournament_game_at(&t, i, &a);
        gr_tournament_game_at(&t, i + 1, &b);
        assert_int_equal(a.seed, b.seed);
        assert_int_equal(a.seed, 100 + (unsigned long long)(i / 2));
        assert_int_equal(a.seat[0], b.seat[1]);
        assert_int_equal(a.seat[1], b.seat[0]);
        assert_int_equal(a.seat[0], 0);
    }
}

static void test_round_robin_meets_every_pair(void **unused)
{
    (void)unused;
    gr_tournament t;
    make(&t, 4, 2, 1);
    assert_int_equal(gr_tournament_size(&t), 6 * 2);
    int met[4][4];
    memset(met, 0, sizeof met);
    for (long i = 0; i < gr_tournament_size(&t); i++) {
        gr_tournament_game x;
        gr_tournament_game_at(&t, i, &x);
        assert_true(x.seat[0] != x.seat[1]);
        met[x.seat[0]][x.seat[1]]++;
    }
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) assert_int_equal(met[a][b], a == b ? 0 : 1);
}

static void test_shards_cover_every_game_once(void **unused)
{
    (void)unused;
    gr_tournament t;
    make(&t, 3, 10, 7);
    long n = gr_tournament_size(&t);
    for (int shards = 1; shards <= 7; shards++) {
        for (long i = 0; i < n; i++) {
            int owners = 0;
            for (int s = 0; s < shards; s++) owners += gr_tournament_in_shard(i, s, shards);
            assert_int_equal(owners, 1);
        }
    }
}

static void test_identity_depends_on_definition(void **unused)
{
    (void)unused;
    gr_tournament a, b, c;
    make(&a, 2, 10, 1);
    make(&b, 2, 10, 1);
    make(&c, 2, 10, 2);
    assert_string_equal(a.id, b.id);
    assert_string_not_equal(a.id, c.id);
    assert_int_equal(strlen(a.id), 16);
}

static void test_bad_definitions_and_shards(void **unused)
{
    (void)unused;
    gr_tournament t;
    gr_error err;
    char one[3][160] = {"random", "random", "greedy"};
    gr_error_clear(&err);
    assert_int_equal(gr_tournament_init(&t, "x.json", one, 1, 10, 1, &err), -1);
    assert_non_null(strstr(err.msg, "two players"));
    gr_error_clear(&err);
    assert_int_equal(gr_tournament_init(&t, "x.json", one, 2, 10, 1, &err), 0); /* a mirror match */
    assert_int_equal(gr_tournament_init(&t, "x.json", one, 3, 10, 1, &err), -1);
    assert_non_null(strstr(err.msg, "twice"));
    int s, n;
    static const char *const bad[] = {"3", "3/3", "-1/2", "1/0", "a/b", "1/2x", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gr_error_clear(&err);
        assert_int_equal(gr_tournament_parse_shard(bad[i], &s, &n, &err), -1);
        assert_non_null(strstr(err.msg, "--shard"));
    }
    assert_int_equal(gr_tournament_parse_shard("2/5", &s, &n, &err), 0);
    assert_int_equal(s, 2);
    assert_int_equal(n, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_players_seats_swapped_on_paired_seeds),
        cmocka_unit_test(test_round_robin_meets_every_pair),
        cmocka_unit_test(test_shards_cover_every_game_once),
        cmocka_unit_test(test_identity_depends_on_definition),
        cmocka_unit_test(test_bad_definitions_and_shards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
