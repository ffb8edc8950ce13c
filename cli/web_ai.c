/* web_ai.c - the AI at the web server (docs/web.md): its turn in a game
 * against the person, played on a thread of its own with its progress read
 * while it thinks; a hint or suggestion with its reasons and an arrow for
 * the map; and /api/move, a position sent by a remote player answered with
 * this server's choice. */
#include "web_api.h"
#include "repl.h"
#include "session.h"
#include "../ai/explain.h"
#include "../engine/core/b64.h"
#include "../engine/core/words.h"
#include "../engine/core/ruleset.h"

#include <stdlib.h>
#include <string.h>

#define WEB_AI_INFO_S 0.1
#define WEB_HINT_MS_DEFAULT 1000
#define WEB_HINT_MS_MAX 60000
#define WEB_HINT_ALTS 4
#define WEB_HINT_SIMS 60

static void on_info(void *ctx, const gr_search_info *si)
{
    gr_web_game *G = ctx;
    pthread_mutex_lock(&G->info_mu);
    G->iterations = G->iterations_done + si->iterations;
    G->ms = G->ms_done + si->ms;
    if (si->visits > 0) {
        G->best = si->best;
        G->best_value = si->value;
        G->have_best = 1;
    }
    pthread_mutex_unlock(&G->info_mu);
}

/* the piece an order names first, from where it stood to where it stands: {ref, from, to}, or NULL */
static json_t *path_json(const gr_game *g, const void *before, const void *after, const char *text)
{
    char refs[2][GR_WEB_REF_MAX];
    json_t *pieces = gr_web_pieces_json(g, before, NULL);
    int n = gr_web_order_refs(text, pieces, refs);
    json_decref(pieces);
    return n ? gr_web_path_json(g, before, after, refs[0]) : NULL;
}

/* one AI decision on a copy of the position, applied under the lock; 0 to go on, 1 at the end, -1 on error */
static int ai_step(gr_web_game *G, void *st)
{
    const gr_ruleset *rs = G->L.g.rs;
    pthread_mutex_lock(&G->mu);
    int done = atomic_load(&G->stop) || gr_live_over(&G->L) || gr_live_to_move(&G->L) == G->human;
    if (!done) memcpy(st, G->L.st, rs->rules->state_size);
    pthread_mutex_unlock(&G->mu);
    if (done) return 1;
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    /* the search reads its own copy: the position may be read by others meanwhile */
    pthread_mutex_lock(&G->info_mu);
    G->have_best = 0;
    pthread_mutex_unlock(&G->info_mu);
    long iters0 = G->iterations_done;
    int rc = G->ai->choose(G->ai, &G->L.g, st, &a, &err);
    if (!rc && atomic_load(&G->stop)) return 1;
    gr_analysis *an = malloc(sizeof *an);
    if (!rc && an && G->ai->analysis && !G->ai->analysis(G->ai, an)) {
        pthread_mutex_lock(&G->info_mu);
        G->iterations_done = iters0 + an->iterations;
        G->iterations = G->iterations_done;
        G->ms_done += an->ms;
        G->ms = G->ms_done;
        pthread_mutex_unlock(&G->info_mu);
    }
    free(an);
    char text[160];
    json_t *path = NULL;
    pthread_mutex_lock(&G->mu);
    if (!rc) {
        rs->present->format_action(G->L.g.scn, G->L.st, &a, text, sizeof text);
        rc = gr_live_apply(&G->L, &a, &err);
    }
    if (!rc) path = path_json(&G->L.g, st, G->L.st, text);
    if (!rc) {
        G->changes++;
        gr_player_observe(G->ai, &G->L.g, st, &a);
        json_decref(gr_web_game_tell(G));
        gr_error e2;
        gr_error_clear(&e2);
        if (gr_web_game_save(G, G->save_path, &e2)) json_array_append_new(G->lines, json_string(e2.msg));
    }
    pthread_mutex_unlock(&G->mu);
    pthread_mutex_lock(&G->info_mu);
    if (rc) snprintf(G->ai_error, sizeof G->ai_error, "%s", err.msg);
    else json_array_append_new(G->played, json_string(text));
    G->have_best = 0; /* that decision is made: its search's best is no longer news */
    if (path) json_array_append_new(G->paths, path);
    pthread_mutex_unlock(&G->info_mu);
    return rc ? -1 : 0;
}

static void *ai_main(void *arg)
{
    gr_web_game *G = arg;
    gr_search_control ctl = {.stop = &G->stop, .info = on_info, .ctx = G, .interval_s = WEB_AI_INFO_S};
    if (G->ai->set_control) G->ai->set_control(G->ai, &ctl);
    void *st = malloc(G->L.g.rs->rules->state_size);
    while (st && ai_step(G, st) == 0) {}
    if (!st) snprintf(G->ai_error, sizeof G->ai_error, "out of memory");
    free(st);
    if (G->ai->set_control) G->ai->set_control(G->ai, NULL);
    pthread_mutex_lock(&G->mu);
    gr_live_clear_undo(&G->L); /* the other side has moved: what went before stands */
    pthread_mutex_unlock(&G->mu);
    atomic_store(&G->thinking, 0);
    return NULL;
}

int gr_web_ai_start(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)w;
    static const char *const keys[] = {NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int rc = -1;
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r)) goto out;
    if (atomic_load(&G->thinking)) {
        rc = gr_web_json(r, 202, json_pack("{s:b}", "thinking", 1));
        goto out;
    }
    gr_web_game_join(G);
    if (G->closing) {
        gr_web_fail(r, 409, "the game is being closed");
        goto out;
    }
    if (G->mode != GR_WEB_PLAY || !G->ai) {
        gr_web_fail(r, 409, "the assistant does not move: the person gives every order (POST .../hint suggests one)");
        goto out;
    }
    if (gr_live_over(&G->L) || gr_live_to_move(&G->L) == G->human) {
        gr_web_fail(r, 409, "it is not the AI's decision%s", gr_live_over(&G->L) ? ": the battle is over" : "");
        goto out;
    }
    pthread_mutex_lock(&G->info_mu);
    json_array_clear(G->played);
    json_array_clear(G->paths);
    G->iterations = G->iterations_done = 0;
    G->ms = G->ms_done = 0;
    G->ai_error[0] = 0;
    pthread_mutex_unlock(&G->info_mu);
    atomic_store(&G->stop, 0);
    atomic_store(&G->thinking, 1);
    if (pthread_create(&G->th, NULL, ai_main, G)) {
        atomic_store(&G->thinking, 0);
        gr_web_fail(r, 500, "the AI's thread could not start");
        goto out;
    }
    G->th_started = 1;
    rc = gr_web_json(r, 202, json_pack("{s:b}", "thinking", 1));
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

/* the search's best order so far, in the notation of the position it was
 * searched in (the game's, which changes only when the AI plays), or NULL */
static json_t *best_json(gr_web_game *G, int have, const gr_action *best)
{
    if (!have) return json_null();
    char text[160];
    pthread_mutex_lock(&G->mu);
    G->L.g.rs->present->format_action(G->L.g.scn, G->L.st, best, text, sizeof text);
    pthread_mutex_unlock(&G->mu);
    return json_string(text);
}

int gr_web_ai_status(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)w, (void)q;
    pthread_mutex_lock(&G->info_mu);
    gr_action best = G->best;
    int have = G->have_best && atomic_load(&G->thinking);
    double best_value = G->best_value;
    /* copies, taken under the lock: the AI's thread appends to both while the answer is written */
    json_t *o = json_pack("{s:b, s:I, s:f, s:o, s:o, s:s?}", "thinking", atomic_load(&G->thinking), "iterations",
                          (json_int_t)G->iterations, "ms", G->ms, "played", json_deep_copy(G->played), "paths",
                          json_deep_copy(G->paths), "error", G->ai_error[0] ? G->ai_error : NULL);
    pthread_mutex_unlock(&G->info_mu);
    if (o && !json_object_get(o, "error")) json_object_set_new(o, "error", json_null());
    if (o) {
        json_object_set_new(o, "best", best_json(G, have, &best));
        json_object_set_new(o, "best_score", have ? json_real(best_value) : json_null());
    }
    return gr_web_json(r, 200, o);
}

/* where an order takes its piece: from its centre now to its centre after one throw of the dice */
static json_t *arrow_json(const gr_game *g, const void *st, const gr_action *a, const char *text, unsigned long long seed)
{
    void *after = malloc(g->rs->rules->state_size);
    if (!after) return json_null();
    memcpy(after, st, g->rs->rules->state_size);
    gr_dice d;
    gr_dice_init_rng(&d, seed, 98);
    gr_error err;
    json_t *o = g->rs->rules->apply(g->scn, after, a, &d, NULL, &err) ? NULL : path_json(g, st, after, text);
    free(after);
    return o ? o : json_null();
}

static json_t *alternatives_json(const gr_game *g, const void *st, const gr_analysis *an)
{
    json_t *alts = json_array();
    long total = 0;
    for (int i = 0; i < an->n; i++) total += an->alt[i].visits;
    for (int i = 0; i < an->n && i < WEB_HINT_ALTS; i++) {
        char at[160];
        g->rs->present->format_action(g->scn, st, &an->alt[i].a, at, sizeof at);
        json_array_append_new(alts, json_pack("{s:s, s:f, s:f}", "order", at, "share",
                                              total ? (double)an->alt[i].visits / (double)total : 0.0,
                                              "expected_score", an->alt[i].value));
    }
    return alts;
}

/* the search's choice on a copy of the position (the lock is not held while it thinks) */
static int hint_search(const gr_game *g, const void *st, long ms, unsigned long long seed, gr_web_resp *r)
{
    char spec[64];
    snprintf(spec, sizeof spec, "mcts:dms=%ld", ms); /* the whole budget for this one decision */
    gr_error err;
    gr_error_clear(&err);
    gr_player *p = gr_player_create(spec, g, seed, &err);
    gr_action a;
    if (!p || p->choose(p, g, st, &a, &err)) {
        gr_player_free(p);
        return gr_web_fail(r, 500, "the search failed: %s", err.msg);
    }
    gr_analysis *an = malloc(sizeof *an);
    int have = an && p->analysis && !p->analysis(p, an) && an->n > 0;
    char text[160];
    g->rs->present->format_action(g->scn, st, &a, text, sizeof text);
    gr_explanation ex;
    int explained = !gr_explain(g, st, &a, have ? an->alt[0].value : -1, WEB_HINT_SIMS, seed, &ex);
    json_t *o = json_pack("{s:s, s:s, s:o}", "order", text, "reason", explained ? ex.text : "the only order", "arrow",
                          arrow_json(g, st, &a, text, seed));
    json_object_set_new(o, "score", have ? json_real(an->alt[0].value) : json_null());
    json_object_set_new(o, "score_words", json_string(have ? gr_repl_score_words(an->alt[0].value) : ""));
    json_object_set_new(o, "alternatives", have ? alternatives_json(g, st, an) : json_array());
    free(an);
    gr_player_free(p);
    return gr_web_json(r, 200, o);
}

int gr_web_hint(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)w;
    static const char *const keys[] = {"ms", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    json_t *jm = json_object_get(b, "ms");
    int rc = -1;
    void *st = NULL;
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r)) goto out;
    if (jm && (!json_is_integer(jm) || json_integer_value(jm) < 1 || json_integer_value(jm) > WEB_HINT_MS_MAX)) {
        gr_web_fail(r, 400, "ms: a whole number of milliseconds from 1 to %d expected", WEB_HINT_MS_MAX);
        goto out;
    }
    if (gr_live_over(&G->L)) { gr_web_fail(r, 409, "the battle is over"); goto out; }
    int who = gr_live_to_move(&G->L);
    if (G->human >= 0 && who != G->human) {
        const char *names[2];
        gr_game_side_names(&G->L.g, names);
        gr_web_fail(r, 409, "this decision is %s%s; a suggestion is for the side you play (%s)", names[who],
                    gr_words_poss(names[who]), names[G->human]);
        goto out;
    }
    st = malloc(G->L.g.rs->rules->state_size);
    if (!st) { gr_web_fail(r, 500, "out of memory"); goto out; }
    memcpy(st, G->L.st, G->L.g.rs->rules->state_size);
    unsigned long long seed = G->seed * 2 + 7 + (unsigned long long)G->changes;
    pthread_mutex_unlock(&G->mu);
    rc = hint_search(&G->L.g, st, jm ? (long)json_integer_value(jm) : WEB_HINT_MS_DEFAULT, seed, r);
    free(st);
    json_decref(b);
    return rc;
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

/* /api/move: the position a remote player sends, checked whole before the search sees it */
static int move_position(gr_game *g, json_t *b, void **state, gr_web_resp *r)
{
    json_t *js = json_object_get(b, "scenario"), *jst = json_object_get(b, "state");
    if (!json_is_object(js)) return gr_web_fail(r, 400, "scenario: the scenario's JSON (an object) expected");
    if (!json_is_string(jst)) return gr_web_fail(r, 400, "state: the position as base64 expected");
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_from_json(g, js, "the scenario sent", &err))
        return gr_web_fail(r, 422, "%s", err.msg);
    size_t n = 0;
    unsigned char *bytes = gr_b64_decode(json_string_value(jst), &n);
    if (!bytes) return gr_web_fail(r, 400, "state: not base64");
    if (n != g->rs->rules->state_size) {
        free(bytes);
        return gr_web_fail(r, 422, "state: %zu bytes, where a %s position here has %zu: is the other side the same "
                                   "version of Grognard?", n, g->rs->name, g->rs->rules->state_size);
    }
    if (g->rs->present->check_invariants && g->rs->present->check_invariants(g->scn, bytes, &err)) {
        free(bytes);
        return gr_web_fail(r, 422, "state: not a position of this scenario: %s", err.msg);
    }
    if (g->rs->rules->to_move(g->scn, bytes) == GR_TERMINAL) {
        free(bytes);
        return gr_web_fail(r, 422, "state: the battle is over in that position");
    }
    *state = bytes;
    return 0;
}

int gr_web_move(gr_web *w, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"scenario", "state", "ms", "ai", "seed", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    gr_game g;
    memset(&g, 0, sizeof g);
    void *st = NULL;
    int rc = -1;
    json_t *jm = json_object_get(b, "ms"), *ja = json_object_get(b, "ai"), *jseed = json_object_get(b, "seed");
    if (gr_web_known_keys(b, keys, r)) goto out;
    if (jm && (!json_is_integer(jm) || json_integer_value(jm) < 1 || json_integer_value(jm) > WEB_HINT_MS_MAX)) {
        gr_web_fail(r, 400, "ms: a whole number of milliseconds from 1 to %d expected", WEB_HINT_MS_MAX);
        goto out;
    }
    if (ja && (!json_is_string(ja) || !json_string_length(ja) || json_string_length(ja) > 150)) {
        gr_web_fail(r, 400, "ai: a player spec expected");
        goto out;
    }
    if (jseed && (!json_is_integer(jseed) || json_integer_value(jseed) < 0)) {
        gr_web_fail(r, 400, "seed: a whole number, 0 or more, expected");
        goto out;
    }
    if (move_position(&g, b, &st, r)) goto out;
    char spec[200];
    if (ja) snprintf(spec, sizeof spec, "%s", gr_web_level_spec(json_string_value(ja)));
    else if (jm) snprintf(spec, sizeof spec, "mcts:ms=%lld", (long long)json_integer_value(jm));
    else snprintf(spec, sizeof spec, "%s", w->ai);
    if (!strncmp(spec, "remote:", 7)) {
        gr_web_fail(r, 400, "ai: a remote player cannot be asked to ask another");
        goto out;
    }
    gr_error err;
    gr_error_clear(&err);
    unsigned long long seed = jseed ? (unsigned long long)json_integer_value(jseed) : (w->o.seed ? w->o.seed : 1);
    gr_player *p = gr_player_create(spec, &g, seed, &err);
    gr_action a;
    if (!p) {
        gr_web_fail(r, 400, "ai: %s", err.msg);
        goto out;
    }
    if (p->choose(p, &g, st, &a, &err)) {
        gr_player_free(p);
        gr_web_fail(r, 500, "the search failed: %s", err.msg);
        goto out;
    }
    gr_player_free(p);
    char text[160];
    g.rs->present->format_action(g.scn, st, &a, text, sizeof text);
    rc = gr_web_json(r, 200, json_pack("{s:s, s:s}", "order", text, "ai", spec));
out:
    free(st);
    if (g.rs) gr_game_free(&g);
    json_decref(b);
    return rc;
}
