/* test_eval_tune.c - the weight tuner of eval/tune.h: Newton's method finds
 * the coefficients of a known logistic model from samples drawn from it,
 * lowers the log-loss, and the weights go to coefficients and back, and to a
 * file and back, unchanged. */
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
    load(&g);
    gr_eval e, f;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), 0);
    f = e;
    double beta[GR_TUNE_MAX_TERMS];
    assert_int_equal(gr_eval_nterms(&e), (e.nlevels - 1) + 1 + e.nterms);
    gr_eval_to_beta(&e, beta);
    assert_int_equal(gr_eval_from_beta(&f, beta, &err), 0);
    assert_true(fabs(f.scale - e.scale) < 1e-12);
    assert_true(fabs(f.spent - e.spent) < 1e-12);
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
    load(&g);
    gr_eval e;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), 0);
    /* the tuner fits the logistic part; the end-game blend is not fitted */
    e.end_moves = 0;
    void *st = calloc(1, g.rs->state_size);
    assert_non_null(st);
    g.rs->init(g.scn, st);
    gr_rng rng;
    gr_rng_seed(&rng, 3, 1);
    gr_dice dice;
    gr_dice_init_rng(&dice, 3, 2);
    double beta[GR_TUNE_MAX_TERMS], x[GR_TUNE_MAX_TERMS];
    gr_eval_to_beta(&e, beta);
    int k = gr_eval_nterms(&e);
    for (int step = 0; step < 400 && g.rs->to_move(g.scn, st) != GR_TERMINAL; step++) {
        if (step % 50 == 0) {
            gr_eval_terms(&e, &g, st, x);
            double z = 0;
            for (int j = 0; j < k; j++) z += beta[j] * x[j];
            double want = gr_eval_win0(&e, &g, st);
            if (fabs(1 / (1 + exp(-z)) - want) > 1e-9) fail_msg("step %d: model %f, evaluation %f", step, 1 / (1 + exp(-z)), want);
        }
        gr_action a;
        assert_int_equal(gr_random_legal(&g, st, &rng, &a), 0);
        assert_int_equal(g.rs->apply(g.scn, st, &a, &dice, NULL, NULL), 0);
    }
    free(st);
    gr_game_free(&g);
}

static void test_weights_file_round_trip(void **unused)
{
    (void)unused;
    gr_game g;
    load(&g);
    gr_eval e, f;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(gr_eval_load(&e, &g, NULL, &err), 0);
    e.scale = 3.25;
    e.cohesion[1] = 0.625;
    e.end_spread[0] = 1.5; /* the smoothed timed score, whatever the file had */
    e.end_spread[1] = 0.25;
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
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_recovers_known_model),
        cmocka_unit_test(test_beta_round_trip),
        cmocka_unit_test(test_terms_match_evaluation),
        cmocka_unit_test(test_weights_file_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
