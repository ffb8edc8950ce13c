/* stats.h - the statistics of the arena: a player's score with its
 * confidence interval (trinomial results: win, draw, loss), the Elo
 * difference and its interval, the likelihood of superiority, the
 * sequential probability ratio test that stops a match once it is decided,
 * and the median and spread that the speed benchmark reports. */
#ifndef GR_ARENA_STATS_H
#define GR_ARENA_STATS_H

#define GR_STATS_ELO_CAP 1200.0   /* Elo reported for a score of exactly 0 or 1 */

/* Results from one player's point of view. */
typedef struct gr_stats_wdl {
    long w, d, l;
} gr_stats_wdl;

/* the quantile of the standard normal distribution (p in (0, 1)) */
double gr_stats_normal_quantile(double p);
/* (w + d/2) / n; 0.5 when n == 0 */
double gr_stats_score(gr_stats_wdl r);
/* Interval of the mean score at confidence conf (normal approximation with
 * the variance of per-game scores 0, 1/2, 1; Wilson's interval when every
 * game had the same result), clamped to [0, 1].
 * 0, or -1 when there are no games. */
int gr_stats_score_ci(gr_stats_wdl r, double conf, double *lo, double *hi);
/* Elo difference of a score: -400 log10(1/s - 1), capped at +-GR_STATS_ELO_CAP */
double gr_stats_elo(double score);
/* Elo of the score and of its interval's ends; 0, or -1 when no games */
int gr_stats_elo_ci(gr_stats_wdl r, double conf, double *elo, double *lo, double *hi);
/* Likelihood of superiority from wins and losses (draws tell nothing) */
double gr_stats_los(gr_stats_wdl r);
/* Log-likelihood ratio of H1 (Elo elo1) against H0 (Elo elo0), generalised
 * SPRT on the trinomial results with the normal approximation. */
double gr_stats_sprt_llr(gr_stats_wdl r, double elo0, double elo1);
/* The stopping bounds for error rates alpha (false H1) and beta (false H0). */
void gr_stats_sprt_bounds(double alpha, double beta, double *lower, double *upper);
/* +1 accept H1, -1 accept H0, 0 go on; *llr gets the ratio (may be NULL). */
int gr_stats_sprt_status(gr_stats_wdl r, double elo0, double elo1, double alpha, double beta, double *llr);

double gr_stats_mean(const double *x, long n);
/* sample standard deviation (n - 1); 0 when n < 2 */
double gr_stats_stddev(const double *x, long n);
/* median; sorts x in place; 0 when n == 0 */
double gr_stats_median(double *x, long n);

#endif
