/* test_eval_tune.c - the weight tuner of eval/tune.h: Newton's method finds
 * the coefficients of a known logistic model from samples drawn from it,
 * lowers the log-loss, and the weights go to coefficients and back, and to a
 * file and back, unchanged; samples read from game records (the tuner's
 * --records, cli/tune_records.h) are the positions at the start of each
 * player-move with the game's result. */
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

#include "../ai/player.h"
#include "../engine/core/rng.h"
#include "../engine/registry.h"
#include "../eval/tune.h"
#include "../engine/core/play.h"
#include "../cli/tune_records.h"

static void load(gr_game *g)
{
    char path[1024];
    const char *r = getenv("GROGNARD_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/fogn/corps-battle.json", r && *r ? r : ".");
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_game_load(g, path, &err);
    if (rc) print_error("%s\n", err.msg);
    assert_int_equal(rc, 0);
}

/* the corps battle and its default weights */
static void load_with_weights(gr_game *g, gr_eval *e, gr_error *err)
{
    load(g);
    gr_error_clear(err);
    int rc = gr_eval_load(e, g, NULL, err);
    if (rc) print_error("%s\n", err->msg);
    assert_int_equal(rc, 0);
}

/* 20,000 samples of y ~ Bernoulli(sigma(2 x0 - 1 x1 + 0.5 x2)), x uniform in
 * [-1, 1]: the fit lands within 0.15 of each coefficient. */
static void test_fit_recovers_known_model(void **unused)
{
    (void)unused;
    const double truth[3] = {2.0, -1.0, 0.5};
    gr_tune_data d;
    gr_tune_data_init(&d, 3);
    gr_rng rng;
    gr_rng_seed(&rng, 42, 1);
    for (int i = 0; i < 20000; i++) {
        double x[3], z = 0;
        for (int j = 0; j < 3; j++) {
            x[j] = 2 * gr_rng_unit(&rng) - 1;
            z += truth[j] * x[j];
        }
        double y = gr_rng_unit(&rng) < 1 / (1 + exp(-z)) ? 1 : 0;
        assert_int_equal(gr_tune_data_add(&d, x, y), 0);
    }
    double beta[3] = {0, 0, 0};
    double before = gr_tune_logloss(&d, beta, 0, d.n);
    assert_true(fabs(before - log(2.0)) < 1e-12); /* beta = 0 predicts 1/2 everywhere */
    int steps = gr_tune_fit(&d, beta, 0, d.n);
    assert_true(steps > 0 && steps < GR_TUNE_NEWTON_STEPS);
    for (int j = 0; j < 3; j++)
        if (fabs(beta[j] - truth[j]) > 0.15) fail_msg("beta[%d] = %f, want %f", j, beta[j], truth[j]);
    assert_true(gr_tune_logloss(&d, beta, 0, d.n) < before);
    gr_tune_data_free(&d);
}

/* Weights -> coefficients -> weights is the identity; a fit without a
 * positive Steady coefficient is refused. */
static void test_beta_round_trip(void **unused)
{
    (void)unused;
    gr_game g;
    gr_eval e, f;
    gr_error err;
    load_with_weights(&g, &e, &err);
    f = e;
    double beta[GR_TUNE_MAX_TERMS];
    assert_int_equal(gr_eval_nterms(&e), (e.nlevels - 1) + 1 + e.nterms);
    gr_eval_to_beta(&e, beta);
    assert_int_equal(gr_eval_from_beta(&f, beta, &err), 0);
    assert_true(fabs(f.scale - e.scale) < 1e-12);
    assert_true(fabs(f.worn - e.worn) < 1e-12);
    for (int c = 0; c < e.nlevels; c++) assert_true(fabs(f.cohesion[c] - e.cohesion[c]) < 1e-12);
    for (int t = 0; t < e.nterms; t++) assert_true(fabs(f.term[t].weight - e.term[t].weight) < 1e-12);
    beta[0] = -1;
    assert_int_equal(gr_eval_from_beta(&f, beta, &err), -1);
    assert_non_null(strstr(err.msg, "Steady"));
    gr_game_free(&g);
}

/* The model's terms reproduce the evaluation: sigma(beta . x) = win0. */
static void test_terms_match_evaluation(void **unused)
{
    (void)unused;
    gr_game g;
    gr_eval e;
    gr_error err;
    load_with_weights(&g, &e, &err);
    /* the tuner fits the logistic part; the end-game blend is not fitted */
    e.end_moves = 0;
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    gr_rng rng;
    gr_rng_seed(&rng, 3, 1);
    gr_dice dice;
    gr_dice_init_rng(&dice, 3, 2);
    double beta[GR_TUNE_MAX_TERMS], x[GR_TUNE_MAX_TERMS];
    gr_eval_to_beta(&e, beta);
    int k = gr_eval_nterms(&e);
    for (int step = 0; step < 400 && g.rs->rules->to_move(g.scn, st) != GR_TERMINAL; step++) {
        if (step % 50 == 0) {
            gr_eval_terms(&e, &g, st, x);
            double z = 0;
            for (int j = 0; j < k; j++) z += beta[j] * x[j];
            double want = gr_eval_win0(&e, &g, st);
            if (fabs(1 / (1 + exp(-z)) - want) > 1e-9) fail_msg("step %d: model %f, evaluation %f", step, 1 / (1 + exp(-z)), want);
        }
        gr_action a;
        assert_int_equal(gr_play_random_legal(&g, st, &rng, &a), 0);
        assert_int_equal(g.rs->rules->apply(g.scn, st, &a, &dice, NULL, NULL), 0);
    }
    free(st);
    gr_game_free(&g);
}

static void test_weights_file_round_trip(void **unused)
{
    (void)unused;
    gr_game g;
    gr_eval e, f;
    gr_error err;
    load_with_weights(&g, &e, &err);
    e.scale = 3.25;
    e.cohesion[1] = 0.625;
    e.end_spread[0] = 1.5; /* the smoothed timed score, whatever the file had */
    e.end_spread[1] = 0.25;
    e.settle = 1;
    e.c = 0.65;
    e.horizon = 3;
    char path[] = "/tmp/grognard-weights-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(gr_eval_save(&e, path, "test", &err), 0);
    assert_int_equal(gr_eval_load(&f, &g, path, &err), 0);
    unlink(path);
    assert_true(fabs(f.scale - 3.25) < 1e-9);
    assert_true(fabs(f.cohesion[1] - 0.625) < 1e-9);
    assert_int_equal(f.nterms, e.nterms);
    /* the end-game blend is carried over as it was loaded */
    assert_true(e.end_moves > 0);
    assert_int_equal(f.end_moves, e.end_moves);
    assert_true(fabs(f.end_weight - e.end_weight) < 1e-9);
    assert_true(fabs(f.end_spread[0] - 1.5) < 1e-9);
    assert_true(fabs(f.end_spread[1] - 0.25) < 1e-9);
    /* and so are the search settings */
    assert_int_equal(f.settle, 1);
    assert_true(fabs(f.c - 0.65) < 1e-9);
    assert_int_equal(f.horizon, 3);
    gr_game_free(&g);
}

/* Side 0 wins 3 games in 4 and the one term is +1 and -1 equally often in
 * wins and in losses: the intercept (the constant last column) takes the 3
 * to 1, log 3, and the term is left at 0, so the scenario's balance is not
 * fitted into a term. */
static void test_intercept_takes_the_balance(void **unused)
{
    (void)unused;
    gr_tune_data d;
    gr_tune_data_init(&d, 2);
    for (int i = 0; i < 4000; i++) {
        double x[2] = {i % 2 ? 1.0 : -1.0, 1.0}; /* the term: +1 or -1 alike for wins and losses */
        assert_int_equal(gr_tune_data_add(&d, x, (i / 2) % 4 == 3 ? 0.0 : 1.0), 0);
    }
    double beta[2] = {0, 0};
    assert_true(gr_tune_fit(&d, beta, 0, d.n) > 0);
    if (fabs(beta[1] - log(3.0)) > 1e-2 || fabs(beta[0]) > 1e-2) fail_msg("beta = %f, %f", beta[0], beta[1]);
    gr_tune_data_free(&d);
}

/* One term, +1 or -1; side 0 wins 3 games in 4 where it is +1 and 1 in 4
 * where it is -1, so the best coefficient is log 3. Started at 10, where
 * the model is nearly certain and its curvature nearly 0, a full Newton
 * step lands near -240 and the plain method never comes back; the halved
 * steps lower the log-loss at every step and reach log 3. */
static void test_fit_from_far_off_converges(void **unused)
{
    (void)unused;
    gr_tune_data d;
    gr_tune_data_init(&d, 1);
    for (int i = 0; i < 4000; i++) {
        double x[1] = {i % 2 ? 1.0 : -1.0};
        int win = (i / 2) % 4 != 3; /* 3 in 4 */
        assert_int_equal(gr_tune_data_add(&d, x, x[0] > 0 ? win : !win), 0);
    }
    double beta[1] = {10.0};
    double before = gr_tune_logloss(&d, beta, 0, d.n);
    assert_true(gr_tune_fit(&d, beta, 0, d.n) > 0);
    if (fabs(beta[0] - log(3.0)) > 1e-2) fail_msg("beta = %f, expected log 3", beta[0]);
    assert_true(gr_tune_logloss(&d, beta, 0, d.n) < before);
    gr_tune_data_free(&d);
}

/* plays a random game from the opening (to the end, or max decisions) into rec */
static void random_record(const gr_game *g, unsigned long long seed, int max, gr_record *rec)
{
    void *st = calloc(1, g->rs->rules->state_size);
    assert_non_null(st);
    g->rs->rules->init(g->scn, st);
    gr_record_init(rec, g, seed);
    gr_play_opts o = {.seed = seed, .max_decisions = max};
    gr_error err;
    gr_error_clear(&err);
    gr_log log; /* with a log the record keeps the dice thrown */
    gr_log_init(&log);
    int n = gr_play_random(g, st, rec, &log, &o, &err);
    if (n < 0) print_error("%s\n", err.msg);
    assert_true(n > 0);
    assert_true(rec->nrolls > 0);
    gr_log_free(&log);
    free(st);
}

/* A finished game's record gives one sample per player-move, the first the
 * opening's terms, the last the terms at the start of the last move, all
 * labelled with side 0's final score; an unfinished one gives none. */
static void test_samples_from_records(void **unused)
{
    (void)unused;
    gr_game g;
    gr_eval e;
    gr_error err;
    load_with_weights(&g, &e, &err);
    int k = gr_tune_nterms(&e);
    assert_int_equal(k, gr_eval_nterms(&e) + 1); /* the terms and the intercept */
    gr_record rec;
    random_record(&g, 77, 0, &rec);
    /* the same game stepped through by hand: a player-move begins where the
     * turn counter changes; the terms there, and the result at the end */
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    gr_dice dice;
    gr_dice_init_script(&dice, rec.rolls, rec.nrolls);
    int moves = 0, last = -1;
    double open[GR_TUNE_MAX_TERMS], final_move[GR_TUNE_MAX_TERMS];
    for (int i = 0; i < rec.nactions; i++) {
        int t = g.rs->rules->turn(g.scn, st);
        if (t != last) {
            last = t;
            gr_eval_terms(&e, &g, st, moves == 0 ? open : final_move);
            moves++;
        }
        gr_action a;
        assert_int_equal(g.rs->present->parse_action(g.scn, st, rec.actions[i], &a, &err), 0);
        assert_int_equal(g.rs->rules->apply(g.scn, st, &a, &dice, NULL, &err), 0);
    }
    assert_int_equal(g.rs->rules->to_move(g.scn, st), GR_TERMINAL);
    assert_true(moves > 2);
    gr_result res;
    g.rs->rules->result(g.scn, st, &res);

    gr_tune_data d;
    gr_tune_data_init(&d, k);
    double pad[GR_TUNE_MAX_TERMS] = {0};
    assert_int_equal(gr_tune_data_add(&d, pad, 0.25), 0); /* what was there stays */
    int added = gr_tune_add_record(&d, &e, &g, &rec, &err);
    if (added < 0) print_error("%s\n", err.msg);
    assert_int_equal(added, moves);
    assert_int_equal((int)d.n, 1 + added);
    assert_true(d.y[0] == 0.25);
    for (size_t i = 1; i < d.n; i++) assert_true(d.y[i] == res.score[0]);
    for (int j = 0; j < k - 1; j++) {
        assert_true(d.x[(size_t)k + (size_t)j] == open[j]);
        assert_true(d.x[(d.n - 1) * (size_t)k + (size_t)j] == final_move[j]);
    }
    for (size_t i = 1; i < d.n; i++) assert_true(d.x[i * (size_t)k + (size_t)(k - 1)] == 1.0);

    /* the first 30 decisions only: no result, nothing added */
    gr_record part;
    random_record(&g, 78, 30, &part);
    assert_int_equal(gr_tune_add_record(&d, &e, &g, &part, &err), 0);
    assert_int_equal((int)d.n, 1 + added);

    /* a record whose actions do not replay is an error, and adds nothing */
    free(part.actions[3]);
    part.actions[3] = strdup("u0 fly to the moon");
    assert_int_equal(gr_tune_add_record(&d, &e, &g, &part, &err), -1);
    assert_non_null(strstr(err.msg, "action 4"));
    assert_int_equal((int)d.n, 1 + added);

    gr_record_free(&part);
    gr_record_free(&rec);
    gr_tune_data_free(&d);
    free(st);
    gr_game_free(&g);
}

/* --records takes files as they are and folders as their *.json in name
 * order; a missing path or a folder without records is refused. */
static void test_record_files(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/grognard-tune-XXXXXX";
    assert_non_null(mkdtemp(dir));
    const char *names[] = {"b-10.json", "a-2.json", "notes.txt", "b-9.json"};
    char path[1100];
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs("{}", f);
        fclose(f);
    }
    gr_tune_files files = {0};
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_tune_files_add(&files, "/some/file.json.that-is-not", &err), -1);
    assert_non_null(strstr(err.msg, "no such file or folder"));
    assert_int_equal(gr_tune_files_add(&files, dir, &err), 0);
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    assert_int_equal(gr_tune_files_add(&files, path, &err), 0); /* a file is taken as given */
    assert_int_equal(files.n, 4);
    const char *want[] = {"a-2.json", "b-10.json", "b-9.json", "notes.txt"};
    for (int i = 0; i < 4; i++) {
        const char *slash = strrchr(files.path[i], '/');
        assert_non_null(slash);
        assert_string_equal(slash + 1, want[i]);
    }
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    gr_error_clear(&err);
    assert_int_equal(gr_tune_files_add(&files, dir, &err), -1);
    assert_non_null(strstr(err.msg, "without records"));
    assert_int_equal(files.n, 4);
    rmdir(dir);
    gr_tune_files_free(&files);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_recovers_known_model),
        cmocka_unit_test(test_beta_round_trip),
        cmocka_unit_test(test_terms_match_evaluation),
        cmocka_unit_test(test_weights_file_round_trip),
        cmocka_unit_test(test_intercept_takes_the_balance),
        cmocka_unit_test(test_fit_from_far_off_converges),
        cmocka_unit_test(test_samples_from_records),
        cmocka_unit_test(test_record_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
