/* eval.c - the weighted evaluation of eval.h: weights from JSON, bound once
 * to a game's feature names, then evaluated from one features() call. */
#include "eval.h"
#include "../engine/core/fsutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVAL_MAX_FILE (1u << 20)

static int find_feature(const char *const *names, int n, const char *want)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], want)) return i;
    return -1;
}

static int bind(gr_eval *e, const gr_game *g, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    if (!rs->features) return gr_error_set(err, "ruleset %s has no features() to evaluate", rs->name);
    void *st = calloc(1, rs->state_size);
    if (!st) return gr_error_set(err, "out of memory");
    rs->init(g->scn, st);
    double v[GR_MAX_FEATURES];
    const char *names[GR_MAX_FEATURES];
    memset(names, 0, sizeof names);
    int n = rs->features(g->scn, st, v, names, GR_MAX_FEATURES);
    e->nfeat = n;
    e->nunits = 0;
    e->total_value = 0;
    for (int t = 0; t < e->nterms; t++)
        for (int side = 0; side < 2; side++) {
            char want[64];
            snprintf(want, sizeof want, "s%d_%s", side, e->term[t].name);
            e->term[t].idx[side] = find_feature(names, n, want);
            if (e->term[t].idx[side] < 0) {
                free(st);
                return gr_error_set(err, "weight side.%s: the %s ruleset has no feature %s", e->term[t].name,
                                    rs->name, want);
            }
        }
    for (int i = 0; i < GR_EVAL_MAX_UNITS; i++) {
        char want[48];
        snprintf(want, sizeof want, "u%d_side", i);
        int is = find_feature(names, n, want);
        if (is < 0) break;
        snprintf(want, sizeof want, "u%d_value", i);
        int iv = find_feature(names, n, want);
        snprintf(want, sizeof want, "u%d_cohesion", i);
        int ic = find_feature(names, n, want);
        snprintf(want, sizeof want, "u%d_spent", i);
        int ip = find_feature(names, n, want);
        if (iv < 0 || ic < 0) {
            free(st);
            return gr_error_set(err, "ruleset %s: unit %d has a side feature but no value/cohesion", rs->name, i);
        }
        e->u_side[i] = is;
        e->u_value[i] = iv;
        e->u_coh[i] = ic;
        e->u_spent[i] = ip;
        e->total_value += v[iv];
        e->nunits = i + 1;
    }
    free(st);
    e->f_moves_left = find_feature(names, n, "moves_left");
    e->f_timed0 = find_feature(names, n, "timed_score0");
    e->f_lead0 = find_feature(names, n, "timed_lead0");
    e->f_band = find_feature(names, n, "timed_band");
    if (e->end_moves > 0) {
        if (e->f_moves_left < 0 || e->f_timed0 < 0)
            return gr_error_set(err, "endgame: the %s ruleset has no moves_left/timed_score0 features", rs->name);
        if (e->end_spread[0] > 0 && (e->f_lead0 < 0 || e->f_band < 0))
            return gr_error_set(err, "endgame.spread: the %s ruleset has no timed_lead0/timed_band features", rs->name);
    }
    if (e->total_value <= 0) e->total_value = 1;
    e->bound = 1;
    return 0;
}

int gr_eval_from_json(gr_eval *e, const gr_game *g, json_t *root, const char *file, gr_error *err)
{
    memset(e, 0, sizeof *e);
    if (!json_is_object(root)) return gr_error_set(err, "%s: expected a JSON object of weights", file);
    json_t *rj = json_object_get(root, "ruleset");
    if (!json_is_string(rj)) return gr_error_set(err, "%s: $.ruleset: expected the ruleset's name", file);
    snprintf(e->ruleset, sizeof e->ruleset, "%s", json_string_value(rj));
    if (strcmp(e->ruleset, g->rs->name))
        return gr_error_set(err, "%s: weights are for ruleset '%s', the game is '%s'", file, e->ruleset, g->rs->name);
    json_t *sc = json_object_get(root, "scale");
    if (!json_is_number(sc) || json_number_value(sc) <= 0)
        return gr_error_set(err, "%s: $.scale: expected a positive number", file);
    e->scale = json_number_value(sc);
    json_t *coh = json_object_get(root, "cohesion");
    if (!json_is_array(coh) || json_array_size(coh) < 2 || json_array_size(coh) > GR_EVAL_MAX_LEVELS)
        return gr_error_set(err, "%s: $.cohesion: expected 2 to %d numbers, best level first", file, GR_EVAL_MAX_LEVELS);
    e->nlevels = (int)json_array_size(coh);
    for (int i = 0; i < e->nlevels; i++) {
        json_t *x = json_array_get(coh, (size_t)i);
        if (!json_is_number(x)) return gr_error_set(err, "%s: $.cohesion[%d]: expected a number", file, i);
        e->cohesion[i] = json_number_value(x);
    }
    json_t *sp = json_object_get(root, "spent");
    if (sp && !json_is_number(sp)) return gr_error_set(err, "%s: $.spent: expected a number", file);
    e->spent = sp ? json_number_value(sp) : 0;
    json_t *side = json_object_get(root, "side");
    if (side && !json_is_object(side)) return gr_error_set(err, "%s: $.side: expected an object of weights", file);
    const char *k;
    json_t *w;
    json_object_foreach(side, k, w) {
        if (e->nterms >= GR_EVAL_MAX_SIDE_TERMS) return gr_error_set(err, "%s: $.side: too many terms", file);
        if (!json_is_number(w)) return gr_error_set(err, "%s: $.side.%s: expected a number", file, k);
        gr_eval_term *t = &e->term[e->nterms++];
        snprintf(t->name, sizeof t->name, "%s", k);
        t->weight = json_number_value(w);
    }
    json_t *end = json_object_get(root, "endgame");
    if (end) {
        json_t *m = json_object_get(end, "moves"), *ew = json_object_get(end, "weight");
        if (!json_is_object(end)) return gr_error_set(err, "%s: $.endgame: expected {\"moves\": N, \"weight\": W}", file);
        if (!json_is_integer(m) || json_integer_value(m) < 1 || json_integer_value(m) > 1000)
            return gr_error_set(err, "%s: $.endgame.moves: expected a whole number of player-moves, 1 to 1000", file);
        if (!json_is_number(ew) || json_number_value(ew) < 0 || json_number_value(ew) > 1)
            return gr_error_set(err, "%s: $.endgame.weight: expected a number from 0 to 1", file);
        e->end_moves = (int)json_integer_value(m);
        e->end_weight = json_number_value(ew);
        json_t *spr = json_object_get(end, "spread");
        if (spr) {
            json_t *a = json_array_get(spr, 0), *b = json_array_get(spr, 1);
            if (!json_is_array(spr) || json_array_size(spr) != 2 || !json_is_number(a) || !json_is_number(b) ||
                json_number_value(a) <= 0 || json_number_value(b) < 0 || json_number_value(a) > 1000 ||
                json_number_value(b) > 1000)
                return gr_error_set(err, "%s: $.endgame.spread: expected [a, b]: a spread of a points of lead "
                                    "(above 0, at most 1000) and b more per move left (0 to 1000)", file);
            e->end_spread[0] = json_number_value(a);
            e->end_spread[1] = json_number_value(b);
        }
    }
    if (bind(e, g, err)) {
        gr_error_prefix(err, "%s: ", file);
        return -1;
    }
    return 0;
}

int gr_eval_load(gr_eval *e, const gr_game *g, const char *path, gr_error *err)
{
    char buf[1024];
    if (!path) {
        char rel[128];
        snprintf(rel, sizeof rel, "eval/weights/%s.json", g->rs->name);
        /* not found anywhere: the plain relative name, for the message */
        if (gr_find_data(rel, buf, sizeof buf)) snprintf(buf, sizeof buf, "%s", rel);
        path = buf;
    }
    size_t len;
    char *text = gr_read_file(path, EVAL_MAX_FILE, &len, err);
    if (!text) return -1;
    json_error_t je;
    json_t *root = json_loadb(text, len, 0, &je);
    free(text);
    if (!root) return gr_error_set(err, "%s:%d: not valid JSON: %s", path, je.line, je.text);
    int rc = gr_eval_from_json(e, g, root, path, err);
    json_decref(root);
    return rc;
}

static double unit_worth(const gr_eval *e, const double *v, int i)
{
    int lvl = (int)v[e->u_coh[i]];
    if (lvl < 0) lvl = 0;
    if (lvl >= e->nlevels) lvl = e->nlevels - 1;
    double m = e->cohesion[lvl];
    if (e->u_spent[i] >= 0 && v[e->u_spent[i]] > 0) m *= 1.0 - e->spent;
    return v[e->u_value[i]] * m;
}

static double diff_from(const gr_eval *e, const double *v)
{
    double mat[2] = {0, 0};
    for (int i = 0; i < e->nunits; i++) {
        int side = (int)v[e->u_side[i]];
        if (side == 0 || side == 1) mat[side] += unit_worth(e, v, i);
    }
    double d = (mat[0] - mat[1]) / e->total_value;
    for (int t = 0; t < e->nterms; t++)
        d += e->term[t].weight * (v[e->term[t].idx[0]] - v[e->term[t].idx[1]]);
    return d;
}

double gr_eval_diff(const gr_eval *e, const gr_game *g, const void *state)
{
    double v[GR_MAX_FEATURES];
    int n = g->rs->features(g->scn, state, v, NULL, GR_MAX_FEATURES);
    if (n < e->nfeat) return 0; /* layout changed: never happens for a bound game */
    return diff_from(e, v);
}

static double normal_cdf(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

double gr_eval_timed(double lead, double band, double spread)
{
    if (!(spread > 0)) return lead >= band ? 1.0 : lead <= -band ? 0.0 : 0.5;
    /* leads move in half points: the win line is midway between the last
     * lead short of a win and the first that makes one */
    double t = band - 0.25;
    return 0.5 + 0.5 * (normal_cdf((lead - t) / spread) - normal_cdf((-t - lead) / spread));
}

double gr_eval_win0(const gr_eval *e, const gr_game *g, const void *state)
{
    if (g->rs->to_move(g->scn, state) == GR_TERMINAL) {
        gr_result r;
        g->rs->result(g->scn, state, &r);
        return r.score[0];
    }
    double v[GR_MAX_FEATURES];
    int n = g->rs->features(g->scn, state, v, NULL, GR_MAX_FEATURES);
    if (n < e->nfeat) return 0.5; /* layout changed: never happens for a bound game */
    double p = 1.0 / (1.0 + exp(-e->scale * diff_from(e, v)));
    if (e->end_moves > 0) {
        double left = v[e->f_moves_left];
        if (left < e->end_moves) {
            double w = e->end_weight * (1.0 - left / e->end_moves);
            double timed = v[e->f_timed0];
            if (e->end_spread[0] > 0)
                timed = gr_eval_timed(v[e->f_lead0], v[e->f_band], e->end_spread[0] + e->end_spread[1] * left);
            p = (1.0 - w) * p + w * timed;
        }
    }
    return p;
}

int gr_eval_moves_left(const gr_eval *e, const gr_game *g, const void *state)
{
    if (e->f_moves_left < 0) return -1;
    double v[GR_MAX_FEATURES];
    int n = g->rs->features(g->scn, state, v, NULL, GR_MAX_FEATURES);
    return n > e->f_moves_left ? (int)v[e->f_moves_left] : -1;
}

int gr_eval_explain(const gr_eval *e, const gr_game *g, const void *state, int side, const char **names,
                    double *contrib, int max)
{
    double v[GR_MAX_FEATURES];
    g->rs->features(g->scn, state, v, NULL, GR_MAX_FEATURES);
    int n = 0;
    double mat = 0;
    for (int i = 0; i < e->nunits; i++)
        if ((int)v[e->u_side[i]] == side) mat += unit_worth(e, v, i);
    if (n < max) { names[n] = "army"; contrib[n++] = mat / e->total_value; }
    for (int t = 0; t < e->nterms && n < max; t++) {
        names[n] = e->term[t].name;
        contrib[n++] = e->term[t].weight * v[e->term[t].idx[side]];
    }
    return n;
}
