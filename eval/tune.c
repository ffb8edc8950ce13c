/* tune.c - the logistic fit of the evaluation weights (tune.h). */
#include "tune.h"
#include "../engine/core/fsutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void gr_tune_data_init(gr_tune_data *d, int k)
{
    memset(d, 0, sizeof *d);
    d->k = k;
}

void gr_tune_data_free(gr_tune_data *d)
{
    free(d->x);
    free(d->y);
    memset(d, 0, sizeof *d);
}

int gr_tune_data_add(gr_tune_data *d, const double *x, double y)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 1024;
        double *nx = realloc(d->x, cap * (size_t)d->k * sizeof *nx);
        if (!nx) return -1;
        d->x = nx;
        double *ny = realloc(d->y, cap * sizeof *ny);
        if (!ny) return -1;
        d->y = ny;
        d->cap = cap;
    }
    memcpy(d->x + d->n * (size_t)d->k, x, (size_t)d->k * sizeof *x);
    d->y[d->n++] = y;
    return 0;
}

/* terms: levels 0 .. nlevels-2 (the last level, gone, is worth nothing by
 * definition), then worn, then the side terms */
int gr_eval_nterms(const gr_eval *e) { return (e->nlevels - 1) + 1 + e->nterms; }

void gr_eval_terms(const gr_eval *e, const gr_game *g, const void *state, double *x)
{
    const gr_ai_view *ai = g->rs->ai;
    int k = gr_eval_nterms(e);
    memset(x, 0, (size_t)k * sizeof *x);
    for (int i = 0; i < e->nunits; i++) {
        gr_unit_worth w;
        ai->unit_worth(g->scn, state, i, &w);
        if (w.side != 0 && w.side != 1) continue;
        double sign = w.side == 0 ? 1.0 : -1.0, val = w.value / e->total_value;
        int lvl = w.level;
        if (lvl < 0) lvl = 0;
        if (lvl >= e->nlevels - 1) continue; /* gone */
        x[lvl] += sign * val;
        if (w.worn) x[e->nlevels - 1] += sign * val * e->cohesion[lvl];
    }
    if (e->nterms == 0) return;
    double tv[2 * GR_EVAL_MAX_TERMS];
    ai->terms(g->scn, state, tv);
    for (int t = 0; t < e->nterms; t++)
        x[e->nlevels + t] = tv[e->term[t].idx] - tv[e->rs_nterms + e->term[t].idx];
}

int gr_tune_nterms(const gr_eval *e) { return gr_eval_nterms(e) + 1; }

void gr_tune_terms(const gr_eval *e, const gr_game *g, const void *state, double *x)
{
    gr_eval_terms(e, g, state, x);
    x[gr_eval_nterms(e)] = 1.0;
}

void gr_tune_beta(const gr_eval *e, double *beta)
{
    gr_eval_to_beta(e, beta);
    beta[gr_eval_nterms(e)] = 0.0;
}

void gr_eval_to_beta(const gr_eval *e, double *beta)
{
    for (int c = 0; c < e->nlevels - 1; c++) beta[c] = e->scale * e->cohesion[c];
    beta[e->nlevels - 1] = -e->scale * e->worn;
    for (int t = 0; t < e->nterms; t++) beta[e->nlevels + t] = e->scale * e->term[t].weight;
}

int gr_eval_from_beta(gr_eval *e, const double *beta, gr_error *err)
{
    if (!(beta[0] > 0)) return gr_error_set(err, "the fit gives Steady units no positive worth (%g)", beta[0]);
    e->scale = beta[0];
    for (int c = 0; c < e->nlevels - 1; c++) e->cohesion[c] = beta[c] / beta[0];
    e->cohesion[e->nlevels - 1] = 0;
    e->worn = -beta[e->nlevels - 1] / beta[0];
    for (int t = 0; t < e->nterms; t++) e->term[t].weight = beta[e->nlevels + t] / beta[0];
    return 0;
}

static double sigmoid(double z) { return z >= 0 ? 1 / (1 + exp(-z)) : exp(z) / (1 + exp(z)); }

double gr_tune_logloss(const gr_tune_data *d, const double *beta, size_t from, size_t to)
{
    double sum = 0;
    for (size_t i = from; i < to; i++) {
        const double *x = d->x + i * (size_t)d->k;
        double z = 0;
        for (int j = 0; j < d->k; j++) z += beta[j] * x[j];
        double p = sigmoid(z);
        if (p < 1e-12) p = 1e-12;
        if (p > 1 - 1e-12) p = 1 - 1e-12;
        sum -= d->y[i] * log(p) + (1 - d->y[i]) * log(1 - p);
    }
    return to > from ? sum / (double)(to - from) : 0;
}

/* solves A x = b (k x k, row-major) by Gaussian elimination with pivoting */
static int solve(double *a, double *b, int k)
{
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(a[r * k + c]) > fabs(a[p * k + c])) p = r;
        if (fabs(a[p * k + c]) < 1e-12) return -1;
        if (p != c) {
            for (int j = 0; j < k; j++) {
                double t = a[c * k + j];
                a[c * k + j] = a[p * k + j];
                a[p * k + j] = t;
            }
            double t = b[c];
            b[c] = b[p];
            b[p] = t;
        }
        for (int r = c + 1; r < k; r++) {
            double f = a[r * k + c] / a[c * k + c];
            for (int j = c; j < k; j++) a[r * k + j] -= f * a[c * k + j];
            b[r] -= f * b[c];
        }
    }
    for (int r = k - 1; r >= 0; r--) {
        double s = b[r];
        for (int j = r + 1; j < k; j++) s -= a[r * k + j] * b[j];
        b[r] = s / a[r * k + r];
    }
    return 0;
}

/* the fit's objective: the mean log-loss with the ridge penalty whose
 * gradient gr_tune_fit takes */
static double penalised(const gr_tune_data *d, const double *beta, size_t from, size_t to)
{
    double sq = 0;
    for (int j = 0; j < d->k; j++) sq += beta[j] * beta[j];
    return gr_tune_logloss(d, beta, from, to) + 0.5 * GR_TUNE_RIDGE * sq;
}

/* the Newton system at beta: the gradient into gr, the Hessian into h */
static void newton_system(const gr_tune_data *d, const double *beta, size_t from, size_t to, double *h, double *gr)
{
    int k = d->k;
    double n = (double)(to - from);
    memset(h, 0, sizeof(double) * (size_t)(k * k));
    for (int j = 0; j < k; j++) gr[j] = GR_TUNE_RIDGE * beta[j];
    for (int j = 0; j < k; j++) h[j * k + j] = GR_TUNE_RIDGE;
    for (size_t i = from; i < to; i++) {
        const double *x = d->x + i * (size_t)k;
        double z = 0;
        for (int j = 0; j < k; j++) z += beta[j] * x[j];
        double p = sigmoid(z), w = p * (1 - p);
        for (int j = 0; j < k; j++) {
            gr[j] += (p - d->y[i]) * x[j] / n;
            for (int l = 0; l < k; l++) h[j * k + l] += w * x[j] * x[l] / n;
        }
    }
}

int gr_tune_fit(const gr_tune_data *d, double *beta, size_t from, size_t to)
{
    int k = d->k;
    double h[GR_TUNE_MAX_TERMS * GR_TUNE_MAX_TERMS], gr[GR_TUNE_MAX_TERMS], next[GR_TUNE_MAX_TERMS];
    if (k > GR_TUNE_MAX_TERMS || to <= from) return -1;
    double now = penalised(d, beta, from, to);
    for (int step = 0; step < GR_TUNE_NEWTON_STEPS; step++) {
        newton_system(d, beta, from, to, h, gr);
        /* a term that never varied has an empty row: the ridge keeps it solvable */
        if (solve(h, gr, k)) return -1;
        /* a full Newton step can overshoot far from the optimum (terms that
         * nearly separate wins from losses): halve it until the objective
         * falls, so that the fit never ends worse than it began */
        double t = 1.0, then = now;
        int halvings = 0;
        for (; halvings < GR_TUNE_HALVINGS; halvings++, t *= 0.5) {
            for (int j = 0; j < k; j++) next[j] = beta[j] - t * gr[j];
            then = penalised(d, next, from, to);
            if (then <= now) break;
        }
        if (halvings == GR_TUNE_HALVINGS) return step + 1; /* no step lowers it: beta is the optimum */
        double moved = 0;
        for (int j = 0; j < k; j++) {
            moved += fabs(beta[j] - next[j]);
            beta[j] = next[j];
        }
        now = then;
        if (moved < 1e-9) return step + 1;
    }
    return GR_TUNE_NEWTON_STEPS;
}

int gr_eval_save(const gr_eval *e, const char *path, const char *comment, gr_error *err)
{
    json_t *j = json_object(), *coh = json_array(), *side = json_object();
    json_object_set_new(j, "ruleset", json_string(e->ruleset));
    if (comment) json_object_set_new(j, "comment", json_string(comment));
    json_object_set_new(j, "scale", json_real(e->scale));
    for (int c = 0; c < e->nlevels; c++) json_array_append_new(coh, json_real(e->cohesion[c]));
    json_object_set_new(j, "cohesion", coh);
    json_object_set_new(j, "worn", json_real(e->worn));
    for (int t = 0; t < e->nterms; t++) json_object_set_new(side, e->term[t].name, json_real(e->term[t].weight));
    json_object_set_new(j, "side", side);
    if (e->end_moves > 0) { /* not fitted: carried over as loaded */
        json_t *end = json_pack("{s:i, s:f}", "moves", e->end_moves, "weight", e->end_weight);
        if (e->end_spread[0] > 0)
            json_object_set_new(end, "spread", json_pack("[f, f]", e->end_spread[0], e->end_spread[1]));
        json_object_set_new(j, "endgame", end);
    }
    if (e->settle >= 0 || e->c > 0 || e->horizon > 0 || e->plan[0] || e->plan_for[0]) { /* carried over */
        json_t *search = json_object();
        if (e->settle >= 0) json_object_set_new(search, "settle", json_integer(e->settle));
        if (e->c > 0) json_object_set_new(search, "c", json_real(e->c));
        if (e->horizon > 0) json_object_set_new(search, "horizon", json_integer(e->horizon));
        if (e->plan[0]) json_object_set_new(search, "plan", json_string(e->plan));
        if (e->plan_for[0]) json_object_set_new(search, "planfor", json_string(e->plan_for));
        json_object_set_new(j, "search", search);
    }
    char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    json_decref(j);
    if (!text) return gr_error_set(err, "out of memory");
    size_t len = strlen(text);
    char *withnl = realloc(text, len + 2);
    if (!withnl) {
        free(text);
        return gr_error_set(err, "out of memory");
    }
    withnl[len] = '\n';
    withnl[len + 1] = '\0';
    int rc = gr_write_atomic(path, withnl, len + 1, err);
    free(withnl);
    return rc;
}
