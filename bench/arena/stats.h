/* stats.h - the numbers the arena reports about a match between two AI
 * players: the mean score with its confidence interval (each game scored
 * 1, 1/2 or 0), the Elo difference that score implies and its interval, the
 * likelihood that one player is the stronger, and a sequential probability
 * ratio test that lets a match stop as soon as it has been decided.  Also the
 * small helpers the speed benchmark needs to summarise repeated runs (mean,
 * sample standard deviation, median).  Plain arithmetic; no game knowledge. */
#ifndef GR_ARENA_STATS_H
#define GR_ARENA_STATS_H

/* Elo reported for a score of exactly 0 or 1 (and the most ever reported),
 * in place of the infinite value the formula would give. */
#define GR_STATS_ELO_CAP 1200.0

/* Wins, draws and losses, all from one player's point of view. */
typedef struct gr_stats_wdl {
    long w, d, l;
} gr_stats_wdl;

/* Counts one game from a player's score in it (1 win, 1/2 draw, 0 loss;
 * nearer values go to the nearest). */
void gr_stats_wdl_add(gr_stats_wdl *r, double score);
/* Number of games, w + d + l. */
long gr_stats_games(gr_stats_wdl r);
/* Quantile (inverse CDF) of the standard normal distribution; -/+HUGE_VAL
 * for p <= 0 or p >= 1.  gr_stats_normal_quantile(0.975) = 1.959964... */
double gr_stats_normal_quantile(double p);
/* Mean score (w + d/2) / n; 0.5 when there are no games. */
double gr_stats_score(gr_stats_wdl r);
/* Two-sided interval of the mean score at confidence conf (0.95 for 95%):
 * normal approximation with the spread of the per-game scores (population
 * variance, as cutechess and fishtest use).  When every game ended alike
 * there is no spread, and Wilson's interval is used instead.  Clamped to
 * [0, 1].  0 on success, -1 when there are no games or conf is outside (0, 1). */
int gr_stats_score_ci(gr_stats_wdl r, double conf, double *lo, double *hi);
/* Wilson's score interval for k successes out of n (e.g. wins out of decisive
 * games).  0 on success, -1 when n <= 0, k outside [0, n] or conf outside (0, 1). */
int gr_stats_wilson_ci(long k, long n, double conf, double *lo, double *hi);
/* Elo difference implied by a score: -400 log10(1/s - 1); -/+GR_STATS_ELO_CAP
 * for s <= 0 or s >= 1 and wherever the formula goes beyond the cap. */
double gr_stats_elo(double score);
/* Elo of the mean score and of the ends of gr_stats_score_ci's interval.
 * 0 on success, -1 as for gr_stats_score_ci (outputs then untouched). */
int gr_stats_elo_ci(gr_stats_wdl r, double conf, double *elo, double *lo, double *hi);
/* Likelihood of superiority, 0.5 (1 + erf((w - l) / sqrt(2 (w + l)))); draws
 * carry no information here.  0.5 when there are no decisive games. */
double gr_stats_los(gr_stats_wdl r);
/* Log-likelihood ratio of H1 (true Elo difference elo1) against H0 (elo0),
 * generalised SPRT on trinomial results with the normal approximation.
 * 0 when there are no games or all games ended alike (see stats.c). */
double gr_stats_sprt_llr(gr_stats_wdl r, double elo0, double elo1);
/* Stopping bounds for the error rates alpha (H1 accepted wrongly) and beta
 * (H0 accepted wrongly): lower = log(beta/(1-alpha)), upper = log((1-beta)/alpha). */
void gr_stats_sprt_bounds(double alpha, double beta, double *lower, double *upper);
/* The SPRT's verdict so far: +1 accept H1, -1 accept H0, 0 play on.  *llr
 * receives the ratio when llr is not NULL. */
int gr_stats_sprt_status(gr_stats_wdl r, double elo0, double elo1, double alpha, double beta, double *llr);

/* Arithmetic mean of x[0..n); 0 when n <= 0. */
double gr_stats_mean(const double *x, long n);
/* Sample standard deviation (divisor n - 1); 0 when n < 2. */
double gr_stats_stddev(const double *x, long n);
/* Median of x[0..n), mean of the middle two when n is even; sorts x in
 * place.  0 when n <= 0. */
double gr_stats_median(double *x, long n);

#endif
