/* stats.c - the arena's statistics (stats.h). */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

/* Acklam's rational approximation of the normal quantile, refined by one
 * Halley step on erfc: accurate to about 1e-15. */
double gr_stats_normal_quantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01,  -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (p <= 0) return -HUGE_VAL;
    if (p >= 1) return HUGE_VAL;
    double q, x;
    if (p < 0.02425) {
        q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else {
        q = p - 0.5;
        double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double e = 0.5 * erfc(-x / sqrt(2)) - p;
    double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

static long games(gr_stats_wdl r) { return r.w + r.d + r.l; }

double gr_stats_score(gr_stats_wdl r)
{
    long n = games(r);
    return n ? ((double)r.w + 0.5 * (double)r.d) / (double)n : 0.5;
}

/* variance of one game's score about the mean m (population form, as the
 * SPRT and the interval use the per-game variance divided by n) */
static double score_var(gr_stats_wdl r, double m)
{
    long n = games(r);
    if (!n) return 0;
    return ((double)r.w * (1 - m) * (1 - m) + (double)r.d * (0.5 - m) * (0.5 - m) + (double)r.l * m * m) / (double)n;
}

int gr_stats_score_ci(gr_stats_wdl r, double conf, double *lo, double *hi)
{
    long n = games(r);
    if (!n) return -1;
    double m = gr_stats_score(r);
    double z = gr_stats_normal_quantile(0.5 + conf / 2);
    double v = score_var(r, m);
    if (v <= 0) {
        /* every game alike (all wins, all draws, all losses): the normal
         * interval would have no width, so take Wilson's interval for the
         * score as a proportion of n */
        double nn = (double)n, den = 1 + z * z / nn;
        double c = (m + z * z / (2 * nn)) / den;
        double h = z * sqrt(m * (1 - m) / nn + z * z / (4 * nn * nn)) / den;
        *lo = c - h;
        *hi = c + h;
        if (*lo < 0) *lo = 0;
        if (*hi > 1) *hi = 1;
        return 0;
    }
    double se = sqrt(v / (double)n);
    *lo = m - z * se;
    *hi = m + z * se;
    if (*lo < 0) *lo = 0;
    if (*hi > 1) *hi = 1;
    return 0;
}

double gr_stats_elo(double s)
{
    if (s <= 0) return -GR_STATS_ELO_CAP;
    if (s >= 1) return GR_STATS_ELO_CAP;
    double e = -400.0 * log10(1.0 / s - 1.0);
    if (fabs(e) < 1e-9) return 0.0; /* an even score is +0, never -0 */
    if (e > GR_STATS_ELO_CAP) return GR_STATS_ELO_CAP;
    if (e < -GR_STATS_ELO_CAP) return -GR_STATS_ELO_CAP;
    return e;
}

int gr_stats_elo_ci(gr_stats_wdl r, double conf, double *elo, double *lo, double *hi)
{
    double slo, shi;
    if (gr_stats_score_ci(r, conf, &slo, &shi)) return -1;
    *elo = gr_stats_elo(gr_stats_score(r));
    *lo = gr_stats_elo(slo);
    *hi = gr_stats_elo(shi);
    return 0;
}

double gr_stats_los(gr_stats_wdl r)
{
    if (r.w + r.l == 0) return 0.5;
    return 0.5 * (1 + erf((double)(r.w - r.l) / sqrt(2.0 * (double)(r.w + r.l))));
}

static double logistic_score(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

double gr_stats_sprt_llr(gr_stats_wdl r, double elo0, double elo1)
{
    long n = games(r);
    if (!n) return 0;
    double m = gr_stats_score(r), v = score_var(r, m);
    if (v <= 0) return 0; /* all results alike: no spread to judge by yet */
    double s0 = logistic_score(elo0), s1 = logistic_score(elo1);
    return (double)n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
}

void gr_stats_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

int gr_stats_sprt_status(gr_stats_wdl r, double elo0, double elo1, double alpha, double beta, double *llr)
{
    double lo, hi, x = gr_stats_sprt_llr(r, elo0, elo1);
    gr_stats_sprt_bounds(alpha, beta, &lo, &hi);
    if (llr) *llr = x;
    return x >= hi ? 1 : x <= lo ? -1 : 0;
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

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double gr_stats_median(double *x, long n)
{
    if (n <= 0) return 0;
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return n & 1 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}
