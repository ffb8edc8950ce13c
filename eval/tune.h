/* tune.h - fitting the evaluation's weights to game results.
 *
 * The evaluation is a logistic model: side 0's win probability is
 * sigma(scale * d) with d linear in a few terms (value kept at each
 * condition level, value lost when worn (fogn: Spent), the side terms), so
 * sigma(beta . x) with beta = scale * (cohesion factors, -worn share,
 * side weights). The tuner collects positions from played games, each with
 * its term vector x and the game's final score for side 0, and fits beta by
 * Newton's method on the log-loss (with a small ridge penalty; each step
 * halved until the loss falls, so a fit never ends worse than it began), then reads
 * the weights back out of beta: scale is the Steady coefficient and every
 * other weight is its coefficient divided by scale. */
#ifndef GR_EVAL_TUNE_H
#define GR_EVAL_TUNE_H

#include "eval.h"

/* the evaluation's terms and the intercept (below) */
#define GR_TUNE_MAX_TERMS (GR_EVAL_MAX_LEVELS + 1 + GR_EVAL_MAX_SIDE_TERMS + 1)
#define GR_TUNE_RIDGE 1e-3          /* ridge penalty on the coefficients */
#define GR_TUNE_NEWTON_STEPS 50
#define GR_TUNE_HALVINGS 40     /* a Newton step is halved at most this often */

typedef struct gr_tune_data {
    int k;                  /* terms per sample */
    size_t n, cap;
    double *x;              /* n * k */
    double *y;              /* n: side 0's final score, 0 .. 1 */
} gr_tune_data;

void gr_tune_data_init(gr_tune_data *d, int k);
void gr_tune_data_free(gr_tune_data *d);
int gr_tune_data_add(gr_tune_data *d, const double *x, double y);

/* The number of terms of e's model, and the term vector of a position. */
int gr_eval_nterms(const gr_eval *e);
void gr_eval_terms(const gr_eval *e, const gr_game *g, const void *state, double *x);
/* e's model as coefficients beta (gr_eval_nterms of them). */
void gr_eval_to_beta(const gr_eval *e, double *beta);
/* Sets e's weights from beta; -1 with the reason when beta has no usable
 * scale (Steady coefficient not positive). */
int gr_eval_from_beta(gr_eval *e, const double *beta, gr_error *err);

/* The tuner's samples: the evaluation's terms and, last, a constant 1 whose
 * coefficient (the intercept) takes up what the terms cannot say, above all
 * a scenario that favours one side. Without it a term that is nearly
 * constant in a scenario (the objectives side 0 holds from its first move)
 * would be fitted as the scenario's balance instead of for what it says
 * about a position. The intercept is reported and not kept: the evaluation
 * stays a function of the position alone, the same for either side. */
int gr_tune_nterms(const gr_eval *e);
void gr_tune_terms(const gr_eval *e, const gr_game *g, const void *state, double *x);
/* e's model as the tuner's coefficients (intercept 0). */
void gr_tune_beta(const gr_eval *e, double *beta);

/* Mean log-loss of beta over samples [from, to). */
double gr_tune_logloss(const gr_tune_data *d, const double *beta, size_t from, size_t to);
/* Fits beta (starting from its contents) on samples [from, to); returns the
 * Newton steps taken, -1 when the system is singular. The penalised
 * log-loss never rises from one step to the next. */
int gr_tune_fit(const gr_tune_data *d, double *beta, size_t from, size_t to);

/* The weights as a JSON file in the eval/weights format. */
int gr_eval_save(const gr_eval *e, const char *path, const char *comment, gr_error *err);

#endif
