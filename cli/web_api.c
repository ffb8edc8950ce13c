/* web_api.c - the calls on one game (docs/web.md): its position and map,
 * an order (with the person's dice in assistant mode), a preview of an
 * order, a correction, undo, save, the battle told, closing it. Every call
 * holds the game's lock; while the AI thinks, calls that would change the
 * game are refused with 409. */
#include "web_api.h"
#include "web_dice.h"
#include "session.h"
#include "../ai/explain.h"
#include "../engine/core/byname.h"
#include "../engine/core/ruleset.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WEB_PREVIEW_SIMS 40
#define WEB_PREVIEW_SEED 7

/* 409 when the AI is thinking; 0 when the game may change */
static int idle(gr_web_game *G, gr_web_resp *r)
{
    if (G->closing) return gr_web_fail(r, 409, "the game is being closed");
    if (atomic_load(&G->thinking))
        return gr_web_fail(r, 409, "the AI is thinking (GET /api/games/%s/ai tells how far it is)", G->id);
    gr_web_game_join(G);
    return 0;
}

/* the position, with the lines this change told and the order it gave when
 * the request named none by its text (a drag): said, or NULL */
static int answer(gr_web *w, gr_web_game *G, json_t *events, const char *said, gr_web_resp *r, int status)
{
    json_t *pos = gr_web_position_json(w, G);
    json_object_set_new(pos, "events", events ? events : json_array());
    if (said) json_object_set_new(pos, "order", json_string(said));
    return gr_web_json(r, status, pos);
}

/* after a change: saved at once, so a killed server loses nothing */
static void autosave(gr_web_game *G, json_t *events)
{
    gr_error err;
    gr_error_clear(&err);
    if (gr_web_game_save(G, G->save_path, &err)) {
        char line[GR_ERROR_MAX + 64];
        snprintf(line, sizeof line, "warning: the game could not be saved: %s", err.msg);
        json_array_append_new(events, json_string(line));
    }
}

/* The order a body names ({"order": NOTATION} or {"n": N}, the menu's
 * number) in G's position: 0, or -1 after answering 400, 409 or 422. */
static int body_order(gr_web_game *G, json_t *body, gr_action *a, gr_web_resp *r)
{
    json_t *jo = json_object_get(body, "order"), *jn = json_object_get(body, "n");
    if ((jo != NULL) == (jn != NULL)) return gr_web_fail(r, 400, "name the order by \"order\" (notation) or \"n\" (its number), one of them");
    if (gr_live_over(&G->L)) return gr_web_fail(r, 409, "the battle is over (undo can change that)");
    gr_error err;
    gr_error_clear(&err);
    if (jo) {
        if (!json_is_string(jo) || !json_string_length(jo) || json_string_length(jo) > 200)
            return gr_web_fail(r, 400, "order: the order in notation expected (a string of 1 to 200 characters)");
        if (gr_byname_parse(G->L.g.rs, G->L.g.scn, G->L.st, json_string_value(jo), a, &err))
            return gr_web_fail(r, 422, "not understood: %s", err.msg);
        return 0;
    }
    if (!json_is_integer(jn)) return gr_web_fail(r, 400, "n: the order's number in the list expected");
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    if (!acts) return gr_web_fail(r, 500, "out of memory");
    int n = G->L.g.rs->rules->legal_actions(G->L.g.scn, G->L.st, acts, GR_MAX_ACTIONS);
    json_int_t k = json_integer_value(jn);
    int rc = 0;
    if (k < 1 || k > n) rc = gr_web_fail(r, 422, "there is no order %lld: this decision has %d", (long long)k, n);
    else *a = acts[k - 1];
    free(acts);
    return rc;
}

/* the typed faces of a body's "dice": their count, or -1 after answering */
static int body_dice(gr_web_game *G, json_t *jd, int *faces, gr_web_resp *r)
{
    if (!jd) return 0;
    if (!G->L.manual) return gr_web_fail(r, 400, "dice: this game throws its own dice (only an assistant game takes yours)");
    if (!json_is_array(jd) || json_array_size(jd) > GR_WEB_DICE_MAX)
        return gr_web_fail(r, 400, "dice: a list of at most %d faces expected", GR_WEB_DICE_MAX);
    size_t i;
    json_t *v;
    json_array_foreach(jd, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > GR_DICE_MAX_FACES)
            return gr_web_fail(r, 400, "dice: entry %zu is not a face (a whole number from 1 to %d)", i,
                               GR_DICE_MAX_FACES);
        faces[i] = (int)json_integer_value(v);
    }
    return (int)json_array_size(jd);
}

/* the change itself, order or correction; answers */
static int change(gr_web *w, gr_web_game *G, const gr_action *a, const char *edit, const int *faces, int nfaces,
                  const char *said, gr_web_resp *r)
{
    const gr_ruleset *rs = G->L.g.rs;
    void *before = malloc(rs->rules->state_size);
    if (!before) return gr_web_fail(r, 500, "out of memory");
    memcpy(before, G->L.st, rs->rules->state_size);
    gr_error err;
    gr_error_clear(&err);
    gr_web_need need;
    if (gr_live_push_undo(&G->L)) {
        free(before);
        return gr_web_fail(r, 500, "out of memory");
    }
    int rc;
    if (G->L.manual) rc = gr_web_dice_apply(&G->L, a, edit, faces, nfaces, &need, &err);
    else rc = a ? gr_live_apply(&G->L, a, &err) : gr_live_edit(&G->L, edit, &err);
    /* faces sent and never asked for are a slip: they would stand in the record as thrown */
    if (!rc && G->L.manual && G->L.last_dice < nfaces) {
        rc = gr_error_set(&err, "the rules asked for %ld %s, %d were sent: send only the dice asked for",
                          G->L.last_dice, G->L.last_dice == 1 ? "die" : "dice", nfaces);
    }
    if (rc) {
        gr_live_undo(&G->L);
        free(before);
        if (rc < 0) return gr_web_fail(r, 422, "refused: %s%s%s", said ? said : "", said ? ": " : "", err.msg);
        json_t *o = json_pack("{s:s, s:{s:s, s:i, s:i, s:i}, s:i, s:s?}", "error", "dice needed", "need", "prompt",
                              need.prompt, "dice", need.dice, "faces", need.faces, "have", need.have, "given", nfaces,
                              "order", said);
        return gr_web_json(r, 409, o);
    }
    G->changes++;
    if (a && G->ai) gr_player_observe(G->ai, &G->L.g, before, a);
    free(before);
    /* dice once seen stand, as at the table: a game against the AI is not undone past them */
    if (G->mode == GR_WEB_PLAY && G->L.last_dice > 0) gr_live_clear_undo(&G->L);
    json_t *events = gr_web_game_tell(G);
    autosave(G, events);
    return answer(w, G, events, said, r, 200);
}

int gr_web_order(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"order", "n", "dice", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int faces[GR_WEB_DICE_MAX], rc = -1, nf;
    gr_action a;
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r) || idle(G, r)) goto out;
    if (!gr_web_yours(G) && !gr_live_over(&G->L)) {
        gr_web_fail(r, 409, "this decision is the AI's (POST /api/games/%s/ai plays it)", G->id);
        goto out;
    }
    if (body_order(G, b, &a, r) || (nf = body_dice(G, json_object_get(b, "dice"), faces, r)) < 0) goto out;
    rc = change(w, G, &a, NULL, faces, nf, NULL, r);
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

/* a board distance a body gives: a finite number within the table's reach; -1 after answering */
static int body_delta(json_t *v, const char *name, double *out, gr_web_resp *r)
{
    if (!json_is_number(v) || !isfinite(json_number_value(v)) || fabs(json_number_value(v)) > 10000)
        return gr_web_fail(r, 400, "%s: a distance in board units expected (a number)", name);
    *out = json_number_value(v);
    return 0;
}

int gr_web_drag(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"ref", "dx", "dy", "dice", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int faces[GR_WEB_DICE_MAX], rc = -1, nf;
    double dx, dy;
    json_t *jr = json_object_get(b, "ref");
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r) || idle(G, r)) goto out;
    if (!json_is_string(jr) || !json_string_length(jr) || json_string_length(jr) > 15) {
        gr_web_fail(r, 400, "ref: the piece dragged expected, as the position's pieces name it (\"u3\")");
        goto out;
    }
    if (body_delta(json_object_get(b, "dx"), "dx", &dx, r) || body_delta(json_object_get(b, "dy"), "dy", &dy, r)) goto out;
    if (gr_live_over(&G->L)) { gr_web_fail(r, 409, "the battle is over (undo can change that)"); goto out; }
    if (!gr_web_yours(G)) {
        gr_web_fail(r, 409, "this decision is the AI's (POST /api/games/%s/ai plays it)", G->id);
        goto out;
    }
    if ((nf = body_dice(G, json_object_get(b, "dice"), faces, r)) < 0) goto out;
    char text[160];
    gr_error err;
    gr_error_clear(&err);
    gr_action a;
    const gr_ruleset *rs = G->L.g.rs;
    if (gr_rs_drag_order(rs, G->L.g.scn, G->L.st, json_string_value(jr), dx, dy, text, sizeof text, &err)) {
        gr_web_fail(r, 422, "%s", err.msg);
        goto out;
    }
    if (gr_byname_parse(rs, G->L.g.scn, G->L.st, text, &a, &err)) {
        gr_web_fail(r, 422, "refused: %s: %s", text, err.msg);
        goto out;
    }
    rc = change(w, G, &a, NULL, faces, nf, text, r);
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

int gr_web_fix(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"edit", "dice", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int faces[GR_WEB_DICE_MAX], rc = -1, nf;
    json_t *je = json_object_get(b, "edit");
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r) || idle(G, r)) goto out;
    if (!G->L.g.rs->present->edit) {
        gr_web_fail(r, 400, "%s takes no corrections of the position", G->L.g.rs->title);
        goto out;
    }
    if (!json_is_string(je) || !json_string_length(je) || json_string_length(je) > 400) {
        gr_web_fail(r, 400, "edit: the correction expected (a string of 1 to 400 characters)");
        goto out;
    }
    if ((nf = body_dice(G, json_object_get(b, "dice"), faces, r)) < 0) goto out;
    rc = change(w, G, NULL, json_string_value(je), faces, nf, NULL, r);
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

int gr_web_position(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)q;
    pthread_mutex_lock(&G->mu);
    json_t *pos = gr_web_position_json(w, G);
    pthread_mutex_unlock(&G->mu);
    return gr_web_json(r, 200, pos);
}

int gr_web_map(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)w, (void)q;
    gr_map m;
    gr_error err;
    gr_error_clear(&err);
    char *buf = NULL;
    size_t len = 0;
    pthread_mutex_lock(&G->mu);
    int rc = gr_map_build(&m, &G->L.g, G->L.st, &err);
    if (!rc) {
        FILE *f = open_memstream(&buf, &len);
        rc = f ? gr_svg_render(f, &m.in, &err) : gr_error_set(&err, "out of memory");
        if (f) fclose(f);
        gr_map_free(&m);
    }
    pthread_mutex_unlock(&G->mu);
    if (rc) {
        free(buf);
        return gr_web_fail(r, 500, "the map could not be drawn: %s", err.msg);
    }
    free(r->body);
    r->body = buf;
    r->len = len;
    r->status = 200;
    r->type = "image/svg+xml";
    return 0;
}

int gr_web_preview(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)w;
    static const char *const keys[] = {"order", "n", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int rc = -1;
    gr_action a;
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r) || body_order(G, b, &a, r)) goto out;
    const gr_ruleset *rs = G->L.g.rs;
    void *st = malloc(rs->rules->state_size);
    if (!st) {
        gr_web_fail(r, 500, "out of memory");
        goto out;
    }
    memcpy(st, G->L.st, rs->rules->state_size);
    char text[160], note[256], refs[2][GR_WEB_REF_MAX];
    rs->present->format_action(G->L.g.scn, G->L.st, &a, text, sizeof text);
    gr_rs_order_note(rs, G->L.g.scn, G->L.st, &a, note, sizeof note);
    /* one throw of the dice, never the game's own: the preview changes nothing */
    gr_dice d;
    gr_dice_init_rng(&d, G->seed + WEB_PREVIEW_SEED + (unsigned long long)G->changes, 99);
    gr_error err;
    gr_error_clear(&err);
    if (rs->rules->apply(G->L.g.scn, st, &a, &d, NULL, &err)) {
        free(st);
        gr_web_fail(r, 422, "refused: %s", err.msg);
        goto out;
    }
    gr_explanation ex;
    int explained = !gr_explain(&G->L.g, G->L.st, &a, -1, WEB_PREVIEW_SIMS, G->seed + (unsigned long long)G->changes, &ex);
    json_t *now = gr_web_pieces_json(&G->L.g, G->L.st, NULL);
    gr_web_order_refs(text, now, refs);
    json_decref(now);
    const char *want[3] = {refs[0], NULL, NULL};
    json_t *ghost = refs[0][0] ? gr_web_pieces_json(&G->L.g, st, want) : json_array();
    /* the piece the order is aimed at (fire, assault, charge), where it stands now */
    const char *aim[2] = {refs[1], NULL};
    json_t *aimed = refs[1][0] ? gr_web_pieces_json(&G->L.g, G->L.st, aim) : NULL;
    free(st);
    rc = gr_web_json(r, 200, json_pack("{s:s, s:s, s:o, s:O?, s:s}", "order", text, "note", note, "ghost", ghost,
                                       "target", json_array_get(aimed, 0), "reason", explained ? ex.text : ""));
    json_decref(aimed);
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

int gr_web_undo(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    json_t *b = gr_web_body(q, r);
    static const char *const keys[] = {NULL};
    if (!b) return -1;
    int rc = -1;
    gr_error err;
    gr_error_clear(&err);
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r) || idle(G, r)) goto out;
    /* a mark of this session; in assistant mode, else the record replayed without its last line */
    if (gr_live_undo(&G->L) && (G->mode == GR_WEB_PLAY || gr_live_undo_replay(&G->L, &err))) {
        gr_web_fail(r, 409, "nothing to undo%s%s", G->mode == GR_WEB_PLAY ? ": dice already thrown and the AI's moves stand" : ": ",
                    G->mode == GR_WEB_PLAY ? "" : err.msg);
        goto out;
    }
    G->changes++;
    if (G->ai && G->mode == GR_WEB_PLAY) {
        gr_error e2;
        gr_player_free(G->ai);
        G->ai = gr_player_create(G->ai_spec, &G->L.g, G->seed * 2 + 2 + (unsigned long long)G->changes, &e2);
    }
    gr_web_game_rewind(G, "undone");
    json_t *events = json_array();
    autosave(G, events);
    rc = answer(w, G, events, NULL, r, 200);
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

int gr_web_save(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"path", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int rc = -1;
    json_t *jp = json_object_get(b, "path");
    const char *p = json_string_value(jp);
    size_t pre = strlen(w->saves);
    pthread_mutex_lock(&G->mu);
    if (gr_web_known_keys(b, keys, r)) goto out;
    if (jp) {
        size_t n = p ? strlen(p) : 0;
        int ok = p && n > pre + 6 && n < 300 && !strncmp(p, w->saves, pre) && p[pre] == '/' && !strcmp(p + n - 5, ".json") &&
                 !strstr(p, "..");
        for (size_t i = pre + 1; ok && i < n; i++) ok = (p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') ||
                                                         (p[i] >= '0' && p[i] <= '9') || strchr("_-.", p[i]);
        if (!ok) {
            gr_web_fail(r, 400, "path: a file of the saves folder expected (%s/NAME.json, NAME of letters, digits, _ - .)",
                        w->saves);
            goto out;
        }
    }
    gr_error err;
    gr_error_clear(&err);
    if (jp) snprintf(G->save_path, sizeof G->save_path, "%s", p);
    if (gr_web_game_save(G, G->save_path, &err)) gr_web_fail(r, 500, "%s", err.msg);
    else rc = gr_web_json(r, 200, json_pack("{s:s, s:i}", "save", G->save_path, "actions", G->L.rec.nactions));
out:
    pthread_mutex_unlock(&G->mu);
    json_decref(b);
    return rc;
}

int gr_web_log(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)w;
    long since;
    if (gr_web_query_long(q, "since", 0, 100000000L, 0, &since, r)) return -1;
    pthread_mutex_lock(&G->mu);
    json_t *lines = json_array();
    size_t n = json_array_size(G->lines);
    for (size_t i = (size_t)since; i < n; i++) json_array_append(lines, json_array_get(G->lines, i));
    pthread_mutex_unlock(&G->mu);
    return gr_web_json(r, 200, json_pack("{s:o, s:I}", "lines", lines, "next", (json_int_t)n));
}

int gr_web_close(gr_web *w, gr_web_game *G, const gr_web_req *q, gr_web_resp *r)
{
    (void)q;
    /* the AI's thread takes the lock to apply its orders: it is let finish first,
     * and no new turn of it starts once closing is set */
    pthread_mutex_lock(&G->mu);
    G->closing = 1;
    pthread_mutex_unlock(&G->mu);
    atomic_store(&G->stop, 1);
    struct timespec step = {0, 10000000L};
    while (atomic_load(&G->thinking)) nanosleep(&step, NULL);
    pthread_mutex_lock(&G->mu);
    gr_web_game_join(G);
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_web_game_save(G, G->save_path, &err);
    json_t *o = json_pack("{s:s, s:s}", "closed", G->id, "save", G->save_path);
    pthread_mutex_unlock(&G->mu);
    if (rc) {
        json_decref(o);
        return gr_web_fail(r, 500, "the game could not be saved, so it stays open: %s", err.msg);
    }
    gr_web_games_close(&w->games, G);
    return gr_web_json(r, 200, o);
}
