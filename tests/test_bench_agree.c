/* test_bench_agree.c - `grognard bench agree` (cli/bench_agree.c): positions
 * are taken from a game record, the oracle scores them, and a player is
 * scored against the oracle. The oracle's own spec on the oracle's seeds
 * (--seed 7919, AGREE_SEED) must agree with it at every position with no
 * regret (the positions are rebuilt the same way and compared action by
 * action); a search of one iteration does not; bad arguments are refused. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "../cli/commands.h"
#include "../engine/core/play.h"
#include "../engine/registry.h"
#include "../engine/core/record.h"

typedef struct fixture {
    char dir[64];
    char record[128];
    char out[128];
} fixture;

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return r && *r ? r : ".";
}

/* a record of 120 decisions of random play on the brigade encounter */
static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/grognard-agree-XXXXXX");
    if (!mkdtemp(f->dir)) { free(f); return -1; }
    snprintf(f->record, sizeof f->record, "%s/game.json", f->dir);
    snprintf(f->out, sizeof f->out, "%s/out.json", f->dir);
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/fogn/brigade-encounter.json", root_dir());
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    if (gr_game_load(&g, path, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        rmdir(f->dir);
        free(f);
        return -1;
    }
    void *st = calloc(1, g.rs->rules->state_size);
    if (st) g.rs->rules->init(g.scn, st);
    gr_record rec;
    gr_record_init(&rec, &g, 5);
    gr_play_opts o = {.seed = 5, .max_decisions = 120};
    int rc = !st || gr_play_random(&g, st, &rec, NULL, &o, &err) < 0 || gr_record_save(&rec, f->record, &err);
    if (rc) fprintf(stderr, "%s\n", err.msg);
    gr_record_free(&rec);
    free(st);
    gr_game_free(&g);
    if (rc) {
        unlink(f->record);
        rmdir(f->dir);
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    unlink(f->record);
    unlink(f->out);
    rmdir(f->dir);
    free(f);
    return 0;
}

/* runs the command with its standard output in f->out; its exit status */
static int run_agree(const fixture *f, int argc, char **argv)
{
    fflush(stdout);
    int saved = dup(1);
    int fd = open(f->out, O_CREAT | O_TRUNC | O_WRONLY, 0600);
    assert_true(saved >= 0 && fd >= 0);
    dup2(fd, 1);
    close(fd);
    int rc = gr_cmd_bench_agree(argc, argv);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    return rc;
}

static json_t *player_row(json_t *root, int k)
{
    json_t *row = json_array_get(json_object_get(root, "players"), (size_t)k);
    assert_non_null(row);
    return row;
}

static void test_oracle_agrees_with_itself(void **state)
{
    fixture *f = *state;
    char *argv[] = {f->record, "--players", "mcts:iters=80,mcts:iters=1", "--oracle", "mcts:iters=80",
                    "--positions", "5", "--per-record", "5", "--repeats", "1", "--seed", "7919", "--json"};
    assert_int_equal(run_agree(f, (int)(sizeof argv / sizeof *argv), argv), 0);
    json_error_t je;
    json_t *root = json_load_file(f->out, 0, &je);
    assert_non_null(root);
    assert_int_equal(json_integer_value(json_object_get(root, "positions")), 5);
    json_t *same = player_row(root, 0);
    assert_int_equal(json_integer_value(json_object_get(same, "picks")), 5);
    assert_int_equal(json_integer_value(json_object_get(same, "agree")), 5);
    assert_int_equal(json_integer_value(json_object_get(same, "unvouched")), 0);
    assert_true(json_real_value(json_object_get(same, "regret")) == 0.0);
    /* one iteration: the first child by prior, searched once; the oracle's
     * pick is the most visited of eighty, which it need not be everywhere */
    json_t *blind = player_row(root, 1);
    assert_int_equal(json_integer_value(json_object_get(blind, "picks")), 5);
    assert_true(json_integer_value(json_object_get(blind, "agree")) < 5);
    json_decref(root);
}

static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    char *no_players[] = {f->record};
    assert_int_equal(run_agree(f, 1, no_players), 2);
    char *no_record[] = {"--players", "random"};
    assert_int_equal(run_agree(f, 2, no_record), 2);
    char *missing[] = {"/nonexistent/records", "--players", "random"};
    assert_int_equal(run_agree(f, 3, missing), 2);
    char *bad_count[] = {f->record, "--players", "random", "--repeats", "0"};
    assert_int_equal(run_agree(f, 5, bad_count), 2);
    char *bad_spec[] = {f->record, "--players", "mcts:nonsense=1", "--oracle", "mcts:iters=10", "--positions", "1"};
    assert_int_equal(run_agree(f, 7, bad_spec), 1);
    char *bad_oracle[] = {f->record, "--players", "random", "--oracle", "mcts:iters=10,bogus=1"};
    assert_int_equal(run_agree(f, 5, bad_oracle), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_oracle_agrees_with_itself, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_arguments, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
