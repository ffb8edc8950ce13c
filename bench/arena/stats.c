/* stats.c - the arena's statistics: score and Elo with their intervals,
 * likelihood of superiority, the sequential probability ratio test, and the
 * summaries of repeated benchmark runs.  The formulas follow the ones used by
 * chess engine testers (cutechess, fishtest) so that figures compare. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

#define SQRT2 1.41421356237309504880
#define SQRT2PI 2.50662827463100050242

long gr_stats_games(gr_stats_wdl r) { return r.w + r.d + r.l; }

/* Lower half (0 < p <= 0.5) of the normal quantile: Peter Acklam's rational
 * approximation (relative error below 1.15e-9), then one Halley step against
 * the exact CDF written with erfc, which brings it to near double precision.
 * Working only below the median keeps the tail exact: 1 - p is computed
 * without rounding for p >= 0.5. */
static double quantile_low(double p)
{
    static const double a[6] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[5] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                6.680131188771972e+01,  -1.328068155288572e+01};
    static const double c[6] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[4] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                3.754408661907416e+00};
    double x;
    if (p < 0.02425) {
        double q = sqrt(-2.0 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    } else {
        double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
    }
    double e = 0.5 * erfc(-x / SQRT2) - p;      /* CDF(x) - p */
    double u = e * SQRT2PI * exp(0.5 * x * x);   /* that error over the density */
    return x - u / (1.0 + 0.5 * x * u);
}

double gr_stats_normal_quantile(double p)
{
    if (!(p > 0)) return -HUGE_VAL;
    if (!(p < 1)) return HUGE_VAL;
    return p > 0.5 ? -quantile_low(1.0 - p) : quantile_low(p);
}

double gr_stats_score(gr_stats_wdl r)
{
    long n = gr_stats_games(r);
    return n > 0 ? ((double)r.w + 0.5 * (double)r.d) / (double)n : 0.5;
}

/* Spread of the per-game scores (1, 1/2, 0) about their mean m, divided by n
 * rather than n - 1: the maximum-likelihood estimate the SPRT formula is
 * built on, used for the interval too so both agree. */
static double score_variance(gr_stats_wdl r, double m)
{
    long n = gr_stats_games(r);
    if (n <= 0) return 0;
    double dw = 1.0 - m, dd = 0.5 - m, dl = m;
    return ((double)r.w * dw * dw + (double)r.d * dd * dd + (double)r.l * dl * dl) / (double)n;
}

static double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* Wilson's interval for a proportion p observed over n trials, with the
 * normal quantile z. */
static void wilson(double p, double n, double z, double *lo, double *hi)
{
    double z2 = z * z, den = 1.0 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / den;
    double half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / den;
    *lo = clamp01(centre - half);
    *hi = clamp01(centre + half);
}

static int conf_ok(double conf) { return conf > 0 && conf < 1; }

int gr_stats_wilson_ci(long k, long n, double conf, double *lo, double *hi)
{
    if (n <= 0 || k < 0 || k > n || !conf_ok(conf)) return -1;
    double z = gr_stats_normal_quantile(0.5 + 0.5 * conf);
    wilson((double)k / (double)n, (double)n, z, lo, hi);
    return 0;
}

int gr_stats_score_ci(gr_stats_wdl r, double conf, double *lo, double *hi)
{
    long n = gr_stats_games(r);
    if (n <= 0 || !conf_ok(conf)) return -1;
    double m = gr_stats_score(r);
    double z = gr_stats_normal_quantile(0.5 + 0.5 * conf);
    double v = score_variance(r, m);
    if (v <= 0) {
        /* All wins, all draws or all losses: the normal interval would have
         * no width at all, which overstates what a few games show.  Treat
         * the score as a proportion of n and take Wilson's interval. */
        wilson(m, (double)n, z, lo, hi);
        return 0;
    }
    double half = z * sqrt(v / (double)n);
    *lo = clamp01(m - half);
    *hi = clamp01(m + half);
    return 0;
}

double gr_stats_elo(double score)
{
    if (!(score > 0)) return -GR_STATS_ELO_CAP;
    if (!(score < 1)) return GR_STATS_ELO_CAP;
    if (score == 0.5) return 0.0;   /* the formula would give -0 */
    double e = -400.0 * log10(1.0 / score - 1.0);
    return e > GR_STATS_ELO_CAP ? GR_STATS_ELO_CAP : e < -GR_STATS_ELO_CAP ? -GR_STATS_ELO_CAP : e;
}

int gr_stats_elo_ci(gr_stats_wdl r, double conf, double *elo, double *lo, double *hi)
{
    double slo, shi;
    if (gr_stats_score_ci(r, conf, &slo, &shi)) return -1;
    /* Elo grows with the score, so the interval's ends map onto ends. */
    *elo = gr_stats_elo(gr_stats_score(r));
    *lo = gr_stats_elo(slo);
    *hi = gr_stats_elo(shi);
    return 0;
}

double gr_stats_los(gr_stats_wdl r)
{
    long decisive = r.w + r.l;
    if (decisive <= 0) return 0.5;
    return 0.5 * (1.0 + erf((double)(r.w - r.l) / sqrt(2.0 * (double)decisive)));
}

/* Expected score of the stronger side at logistic Elo difference elo. */
static double expected_score(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* With no games there is nothing to weigh.  When every game ended alike the
 * spread is zero and the ratio would be infinite; we return 0 instead (no
 * decision) and let further games, or the match's game limit, settle it:
 * a run of a few identical results is too thin to stop a match on. */
double gr_stats_sprt_llr(gr_stats_wdl r, double elo0, double elo1)
{
    long n = gr_stats_games(r);
    if (n <= 0) return 0;
    double m = gr_stats_score(r), v = score_variance(r, m);
    if (!(v > 0)) return 0;
    double s0 = expected_score(elo0), s1 = expected_score(elo1);
    return (double)n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
}

void gr_stats_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1.0 - alpha));
    *upper = log((1.0 - beta) / alpha);
}

int gr_stats_sprt_status(gr_stats_wdl r, double elo0, double elo1, double alpha, double beta, double *llr)
{
    double lower, upper, x = gr_stats_sprt_llr(r, elo0, elo1);
    gr_stats_sprt_bounds(alpha, beta, &lower, &upper);
    if (llr) *llr = x;
    if (x >= upper) return 1;
    if (x <= lower) return -1;
    return 0;
}

double gr_stats_mean(const double *x, long n)
{
    if (n <= 0) return 0;
    double s = 0;
    for (long i = 0; i < n; i++) s += x[i];
    return s / (double)n;
}

double gr_stats_stddev(const double *x, long n)
{
    if (n < 2) return 0;
    double m = gr_stats_mean(x, n), s = 0;
    for (long i = 0; i < n; i++) s += (x[i] - m) * (x[i] - m);
    return sqrt(s / (double)(n - 1));
}

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

double gr_stats_median(double *x, long n)
{
    if (n <= 0) return 0;
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

void gr_stats_wdl_add(gr_stats_wdl *r, double score)
{
    if (score > 0.75) r->w++;
    else if (score < 0.25) r->l++;
    else r->d++;
}
