/* eval.c - the weighted evaluation of eval.h: weights from JSON, bound once
 * to a ruleset's side terms by name, then evaluated from its units' worth
 * and its terms. */
#include "eval.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/ruleset.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVAL_MAX_FILE (1u << 20)

static int find_term(const gr_ai_view *ai, const char *want)
{
    for (int i = 0; i < ai->nterms; i++)
        if (!strcmp(ai->term_names[i], want)) return i;
    return -1;
}

/* the ruleset's terms by name, its units' value at the start */
static int bind(gr_eval *e, const gr_game *g, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    const gr_ai_view *ai = rs->ai;
    if (ai->nterms > GR_EVAL_MAX_TERMS)
        return gr_error_set(err, "the %s ruleset names %d side terms, the evaluation reads at most %d", rs->name,
                            ai->nterms, GR_EVAL_MAX_TERMS);
    if (e->nlevels != ai->levels + 1)
        return gr_error_set(err, "$.cohesion: the %s ruleset has %d condition levels and gone: expected %d numbers, "
                            "best level first, gone last", rs->name, ai->levels, ai->levels + 1);
    for (int t = 0; t < e->nterms; t++) {
        e->term[t].idx = find_term(ai, e->term[t].name);
        if (e->term[t].idx < 0)
            return gr_error_set(err, "weight side.%s: the %s ruleset has no side term %s", e->term[t].name, rs->name,
                                e->term[t].name);
    }
    if (e->end_moves > 0 && !ai->clock)
        return gr_error_set(err, "endgame: the %s ruleset has no clock of a timed end", rs->name);
    void *st = calloc(1, rs->rules->state_size);
    if (!st) return gr_error_set(err, "out of memory");
    rs->rules->init(g->scn, st);
    e->rs_nterms = ai->nterms;
    e->nunits = ai->unit_count(g->scn);
    e->total_value = 0;
    for (int i = 0; i < e->nunits; i++) {
        gr_unit_worth w;
        ai->unit_worth(g->scn, st, i, &w);
        e->total_value += w.value;
    }
    free(st);
    if (e->total_value <= 0) e->total_value = 1;
    e->bound = 1;
    return 0;
}

/* A key the weights file may hold; any other is refused, so that a weight
 * under a name the evaluation does not read is never silently left out. */
static int known_key(const char *k)
{
    static const char *const keys[] = {"ruleset", "comment", "scale", "cohesion", "worn", "side", "endgame", "search"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(k, keys[i])) return 1;
    return 0;
}

/* the optional "search" block: the search settings this ruleset plays best
 * with, used where a player spec does not give them (eval.h) */
static int search_defaults(gr_eval *e, json_t *search, const char *file, gr_error *err)
{
    e->settle = -1;
    e->c = -1;
    e->horizon = -1;
    e->plan[0] = e->plan_for[0] = 0;
    if (!search) return 0;
    if (!json_is_object(search))
        return gr_error_set(err, "%s: $.search: expected {\"settle\": 0 or 1, \"c\": a number, \"horizon\": a whole number, "
                            "\"plan\": a name, \"planfor\": a name}",
                            file);
    const char *k;
    json_t *v;
    json_object_foreach(search, k, v) {
        if (!strcmp(k, "settle")) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 1)
                return gr_error_set(err, "%s: $.search.settle: expected 0 or 1", file);
            e->settle = (int)json_integer_value(v);
        } else if (!strcmp(k, "c")) {
            if (!json_is_number(v) || !(json_number_value(v) > 0 && json_number_value(v) <= GR_EVAL_SEARCH_C_MAX))
                return gr_error_set(err, "%s: $.search.c: expected a number above 0 and at most %g", file,
                                    GR_EVAL_SEARCH_C_MAX);
            e->c = json_number_value(v);
        } else if (!strcmp(k, "horizon")) {
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > GR_EVAL_SEARCH_HORIZON_MAX)
                return gr_error_set(err, "%s: $.search.horizon: expected a whole number from 1 to %d", file,
                                    GR_EVAL_SEARCH_HORIZON_MAX);
            e->horizon = (int)json_integer_value(v);
        } else if (!strcmp(k, "plan") || !strcmp(k, "planfor")) {
            char *to = strcmp(k, "plan") ? e->plan_for : e->plan;
            if (!json_is_string(v) || json_string_length(v) == 0 || json_string_length(v) >= GR_EVAL_NAME_MAX)
                return gr_error_set(err, "%s: $.search.%s: expected a name of 1 to %d letters", file, k,
                                    GR_EVAL_NAME_MAX - 1);
            memcpy(to, json_string_value(v), json_string_length(v) + 1);
        } else {
            return gr_error_set(err, "%s: $.search.%s: not a search setting the weights may give (settle, c, horizon, plan, planfor)",
                                file, k);
        }
    }
    return 0;
}

int gr_eval_from_json(gr_eval *e, const gr_game *g, json_t *root, const char *file, gr_error *err)
{
    memset(e, 0, sizeof *e);
    if (!json_is_object(root)) return gr_error_set(err, "%s: expected a JSON object of weights", file);
    const char *key;
    json_t *val;
    json_object_foreach(root, key, val) {
        if (!known_key(key))
            return gr_error_set(err, "%s: $.%s: not a weight the evaluation reads (ruleset, comment, scale, "
                                "cohesion, worn, side, endgame, search)%s", file, key,
                                strcmp(key, "spent") ? "" : "; the share a worn unit loses is \"worn\"");
    }
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
    json_t *wn = json_object_get(root, "worn");
    if (wn && !json_is_number(wn)) return gr_error_set(err, "%s: $.worn: expected a number", file);
    e->worn = wn ? json_number_value(wn) : 0;
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
    if (search_defaults(e, json_object_get(root, "search"), file, err)) return -1;
    if (bind(e, g, err)) {
        gr_error_prefix(err, "%s: ", file);
        return -1;
    }
    return 0;
}

int gr_eval_load(gr_eval *e, const gr_game *g, const char *path, gr_error *err)
{
    char buf[1024], rel[128];
    int missing = 0; /* the ruleset's own weights, found nowhere */
    if (!path) {
        snprintf(rel, sizeof rel, "eval/weights/%s.json", g->rs->name);
        missing = gr_find_data(rel, buf, sizeof buf) != 0;
        path = buf;
    }
    if (missing)
        return gr_error_set(err, "cannot find %s, the weights of the %s evaluation, under GROGNARD_ROOT, the current "
                            "folder or the program's (set GROGNARD_ROOT to the Grognard folder)", rel,
                            g->rs->title ? g->rs->title : g->rs->name);
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

/* the weighted worth of one unit */
static double unit_worth(const gr_eval *e, const gr_unit_worth *w)
{
    int lvl = w->level;
    if (lvl < 0) lvl = 0;
    if (lvl >= e->nlevels) lvl = e->nlevels - 1;
    double m = e->cohesion[lvl];
    if (w->worn) m *= 1.0 - e->worn;
    return w->value * m;
}

/* the ruleset's terms the weights name (with `weighed`, only those of a
 * weight other than 0: a term weighed 0 adds 0 whatever its value) */
static void terms_of(const gr_eval *e, const gr_game *g, const void *state, int weighed, double *tv)
{
    unsigned char want[GR_EVAL_MAX_TERMS] = {0};
    for (int t = 0; t < e->nterms; t++)
        if (!weighed || e->term[t].weight != 0) want[e->term[t].idx] = 1;
    gr_rs_terms(g->rs, g->scn, state, want, tv);
}

static double diff_of(const gr_eval *e, const gr_game *g, const void *state)
{
    const gr_ai_view *ai = g->rs->ai;
    double mat[2] = {0, 0};
    for (int i = 0; i < e->nunits; i++) {
        gr_unit_worth w;
        ai->unit_worth(g->scn, state, i, &w);
        if (w.side == 0 || w.side == 1) mat[w.side] += unit_worth(e, &w);
    }
    double d = (mat[0] - mat[1]) / e->total_value;
    if (e->nterms > 0) {
        double tv[2 * GR_EVAL_MAX_TERMS];
        terms_of(e, g, state, 1, tv);
        for (int t = 0; t < e->nterms; t++)
            d += e->term[t].weight * (tv[e->term[t].idx] - tv[e->rs_nterms + e->term[t].idx]);
    }
    return d;
}

double gr_eval_diff(const gr_eval *e, const gr_game *g, const void *state) { return diff_of(e, g, state); }

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
    if (g->rs->rules->to_move(g->scn, state) == GR_TERMINAL) {
        gr_result r;
        g->rs->rules->result(g->scn, state, &r);
        return r.score[0];
    }
    double p = 1.0 / (1.0 + exp(-e->scale * diff_of(e, g, state)));
    if (e->end_moves > 0) {
        gr_clock c;
        g->rs->ai->clock(g->scn, state, &c);
        double left = c.moves_left;
        if (c.moves_left >= 0 && left < e->end_moves) {
            double w = e->end_weight * (1.0 - left / e->end_moves);
            double timed = c.timed_score0;
            if (e->end_spread[0] > 0)
                timed = gr_eval_timed(c.lead0, c.band, e->end_spread[0] + e->end_spread[1] * left);
            p = (1.0 - w) * p + w * timed;
        }
    }
    return p;
}

int gr_eval_moves_left(const gr_eval *e, const gr_game *g, const void *state)
{
    (void)e;
    if (!g->rs->ai->clock) return -1;
    gr_clock c;
    g->rs->ai->clock(g->scn, state, &c);
    return c.moves_left;
}

int gr_eval_explain(const gr_eval *e, const gr_game *g, const void *state, int side, const char **names,
                    double *contrib, int max)
{
    const gr_ai_view *ai = g->rs->ai;
    int n = 0;
    double mat = 0;
    for (int i = 0; i < e->nunits; i++) {
        gr_unit_worth w;
        ai->unit_worth(g->scn, state, i, &w);
        if (w.side == side) mat += unit_worth(e, &w);
    }
    if (n < max) { names[n] = "army"; contrib[n++] = mat / e->total_value; }
    double tv[2 * GR_EVAL_MAX_TERMS];
    if (e->nterms > 0) terms_of(e, g, state, 0, tv);
    for (int t = 0; t < e->nterms && n < max; t++) {
        names[n] = e->term[t].name;
        contrib[n++] = e->term[t].weight * tv[side * e->rs_nterms + e->term[t].idx];
    }
    return n;
}
