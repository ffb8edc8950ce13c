/* test_web_api.c - the JSON API of `grognard serve` (docs/web.md) over HTTP:
 * a server started in this process (gr_web_start on 127.0.0.1, any free
 * port, AI "random", its saves in a fresh folder under /tmp) and asked with
 * libcurl; answers read with jansson. Each test has a server of its own.
 *
 * Covered, by the section of docs/web.md:
 *   "The web page" (opening)  only data/web/ is served, by plain name; paths
 *                             that climb out are refused; bodies over 1 MiB 413
 *   "The API"                 every error is JSON {"error"} with its status
 *                             (400 malformed, 404, 405, 409, 413, 422)
 *   "Scenarios and saves"     GET /api/scenarios, /api/saves, /api/games
 *   "A game"                  new games (defaults, named scenarios of three
 *                             rulesets, assist, several at once: a save file
 *                             each), load, the position's fields,
 *                             map.svg, order by number and by notation,
 *                             preview, undo, fix, drag, save, log, the AI's turn
 *                             (and calls refused while it thinks), hint,
 *                             the assistant's dice (409 "need", the faces in
 *                             the save), DELETE
 *   "The remote player"       POST /api/move: a good position built here and
 *                             the malformed ones; no memory kept after it
 * Every wait is a poll with a deadline. The AI is "random", but for the calls
 * refused while it thinks (mcts:ms=3000, stopped at once by DELETE); hints
 * and /api/move search for 20-50 ms. The whole file runs in a few seconds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <curl/curl.h>
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
/* AddressSanitizer's count of the bytes allocated and not freed (its
 * sanitizer/allocator_interface.h, which gcc does not install) */
size_t __sanitizer_get_current_allocated_bytes(void);
#define HAVE_ASAN 1
#else
#define HAVE_ASAN 0
#endif

#include "../cli/web.h"
#include "../engine/core/b64.h"
#include "../engine/core/byname.h"
#include "../engine/core/ruleset.h"
#include "../engine/registry.h"

#define DEFAULT_SCENARIO "scenarios/fogn/corps-battle.json"
#define HEXWAR_SCENARIO "scenarios/hexwar/meeting-engagement.json"
#define LASALLE_SCENARIO "scenarios/lasalle/brigade-clash.json"
#define AI_DEADLINE_S 20.0      /* the random AI's turn ends well before this */
#define POLL_NS 20000000L       /* 20 ms between polls */
#define MOVE_CALLS 20           /* calls of /api/move whose memory is counted */
#define MOVE_GROWTH_MAX 300000  /* bytes they may leave in use: a connection's buffers, not a scenario a call */

typedef struct fixture {
    gr_web *w;
    char dir[64];               /* the saves folder of this server */
    char base[64];              /* http://127.0.0.1:PORT */
} fixture;

/* one answer: status, content type, body, and the body as JSON when it is JSON */
typedef struct http {
    long status;
    char type[128];
    char *body;
    size_t len;
    json_t *json;
} http;

/* ---- fixture ---- */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_webapi_XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    gr_error err;
    gr_error_clear(&err);
    f->w = gr_web_start(&(gr_web_options){.host = "127.0.0.1", .port = 0, .ai = "random", .seed = 1, .saves_dir = f->dir},
                        &err);
    if (!f->w) {
        fprintf(stderr, "gr_web_start: %s\n", err.msg);
        rmdir(f->dir);
        free(f);
        return -1;
    }
    snprintf(f->base, sizeof f->base, "http://127.0.0.1:%d", gr_web_port(f->w));
    *state = f;
    return 0;
}

/* the saves folder and its files (the server writes no folders in it) */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (remove(p)) fprintf(stderr, "cannot remove %s\n", p);
    }
    if (d) closedir(d);
    rmdir(dir);
}

static int teardown(void **state)
{
    fixture *f = *state;
    gr_web_stop(f->w);   /* saves every game still open, into f->dir */
    remove_dir(f->dir);
    free(f);
    return 0;
}

/* ---- HTTP ---- */

static size_t on_data(char *p, size_t size, size_t n, void *ctx)
{
    http *r = ctx;
    size_t add = size * n;
    char *more = realloc(r->body, r->len + add + 1);
    if (!more) return 0;
    memcpy(more + r->len, p, add);
    r->body = more;
    r->len += add;
    r->body[r->len] = 0;
    return add;
}

/* method path [body of len bytes, or NUL-terminated when len is (size_t)-1] */
static http call_n(fixture *f, const char *method, const char *path, const char *body, size_t len)
{
    http r;
    memset(&r, 0, sizeof r);
    char url[1024];
    snprintf(url, sizeof url, "%s%s", f->base, path);
    CURL *h = curl_easy_init();
    assert_non_null(h);
    struct curl_slist *hdr = NULL;
    hdr = curl_slist_append(hdr, "Content-Type: application/json");
    hdr = curl_slist_append(hdr, "Expect:");
    curl_easy_setopt(h, CURLOPT_URL, url);
    curl_easy_setopt(h, CURLOPT_PATH_AS_IS, 1L);   /* "/../x" goes out as written */
    curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, hdr);
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &r);
    curl_easy_setopt(h, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(h, CURLOPT_NOPROXY, "*");
    if (body) {
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)(len == (size_t)-1 ? strlen(body) : len));
    }
    CURLcode rc = curl_easy_perform(h);
    if (rc != CURLE_OK) fail_msg("%s %s: %s", method, path, curl_easy_strerror(rc));
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r.status);
    char *ct = NULL;
    curl_easy_getinfo(h, CURLINFO_CONTENT_TYPE, &ct);
    snprintf(r.type, sizeof r.type, "%s", ct ? ct : "");
    curl_slist_free_all(hdr);
    curl_easy_cleanup(h);
    if (!r.body) r.body = calloc(1, 1);
    if (!strncmp(r.type, "application/json", 16)) r.json = json_loadb(r.body, r.len, 0, NULL);
    return r;
}

static http call(fixture *f, const char *method, const char *path, const char *body)
{
    return call_n(f, method, path, body, (size_t)-1);
}

static void http_free(http *r)
{
    free(r->body);
    json_decref(r->json);
    memset(r, 0, sizeof *r);
}

/* the answer's status is st and its body JSON (the body shown when not) */
static void expect_status(const http *r, long st, const char *what)
{
    if (r->status != st) fail_msg("%s: status %ld, %ld expected; body: %.600s", what, r->status, st, r->body);
}

/* method path body answers an error: status st, application/json, a
 * non-empty "error" (holding needle when given) */
static void expect_error(fixture *f, const char *method, const char *path, const char *body, long st, const char *needle)
{
    char what[700];
    snprintf(what, sizeof what, "%s %s %.300s", method, path, body ? body : "");
    http r = call(f, method, path, body);
    expect_status(&r, st, what);
    if (strcmp(r.type, "application/json")) fail_msg("%s: content type '%s'", what, r.type);
    if (!json_is_object(r.json)) fail_msg("%s: the body is not a JSON object: %.300s", what, r.body);
    const char *e = json_string_value(json_object_get(r.json, "error"));
    if (!e || !*e) fail_msg("%s: no \"error\" string: %.300s", what, r.body);
    if (needle && !strstr(e, needle)) fail_msg("%s: error '%s' lacks '%s'", what, e, needle);
    http_free(&r);
}

/* a call expected to answer st with a JSON object: the object (the caller decrefs) */
static json_t *call_json(fixture *f, const char *method, const char *path, const char *body, long st)
{
    char what[700];
    snprintf(what, sizeof what, "%s %s %.300s", method, path, body ? body : "");
    http r = call(f, method, path, body);
    expect_status(&r, st, what);
    assert_string_equal(r.type, "application/json");
    if (!json_is_object(r.json)) fail_msg("%s: not a JSON object: %.300s", what, r.body);
    json_t *j = json_incref(r.json);
    http_free(&r);
    return j;
}

static const char *str_of(json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    if (!s) fail_msg("\"%s\" is not a string", key);
    return s;
}

static json_int_t int_of(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v)) fail_msg("\"%s\" is not a whole number", key);
    return json_integer_value(v);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void nap(void)
{
    struct timespec ts = {0, POLL_NS};
    nanosleep(&ts, NULL);
}

/* ---- games ---- */

static json_t *new_game(fixture *f, const char *body)
{
    return call_json(f, "POST", "/api/games", body, 201);
}

static void game_path(char *buf, size_t cap, json_t *pos, const char *tail)
{
    snprintf(buf, cap, "/api/games/%s%s", str_of(pos, "id"), tail);
}

static json_t *get_pos(fixture *f, json_t *pos)
{
    char p[128];
    game_path(p, sizeof p, pos, "");
    return call_json(f, "GET", p, NULL, 200);
}

/* the menu number of the order with that text, 0 when none */
static int menu_find(json_t *pos, const char *text)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(pos, "orders"), i, o)
        if (!strcmp(json_string_value(json_object_get(o, "text")), text)) return (int)json_integer_value(json_object_get(o, "n"));
    return 0;
}

/* the first order of the menu whose text holds needle, or NULL */
static json_t *menu_match(json_t *pos, const char *needle)
{
    size_t i;
    json_t *o;
    json_array_foreach(json_object_get(pos, "orders"), i, o)
        if (strstr(json_string_value(json_object_get(o, "text")), needle)) return o;
    return NULL;
}

/* POST .../order with body; answers 200: the new position */
static json_t *order(fixture *f, json_t *pos, const char *body)
{
    char p[128];
    game_path(p, sizeof p, pos, "/order");
    json_t *n = call_json(f, "POST", p, body, 200);
    assert_true(json_is_array(json_object_get(n, "events")));
    return n;
}

/* every field of the position of docs/web.md, with its type */
static void check_position(json_t *p)
{
    assert_true(json_is_object(p));
    const char *id = str_of(p, "id");
    assert_true(id[0] == 'g');
    str_of(p, "ruleset");
    str_of(p, "title");
    str_of(p, "scenario");
    const char *mode = str_of(p, "mode");
    assert_true(!strcmp(mode, "play") || !strcmp(mode, "assist"));
    json_int_t human = int_of(p, "human");
    assert_true(human >= -1 && human <= 1);
    json_t *sn = json_object_get(p, "side_names");
    assert_int_equal(json_array_size(sn), 2);
    assert_true(json_is_string(json_array_get(sn, 0)) && json_is_string(json_array_get(sn, 1)));
    str_of(p, "ai");
    const char *dice = str_of(p, "dice");
    assert_true(!strcmp(dice, "seeded") || !strcmp(dice, "typed"));
    int_of(p, "turn");
    int_of(p, "phase");   /* the ruleset's number: the decision's text names it */
    assert_true(json_is_boolean(json_object_get(p, "over")));
    json_t *res = json_object_get(p, "result");
    assert_true(json_is_null(res) || json_is_object(res));
    assert_true(json_is_true(json_object_get(p, "over")) == json_is_object(res));
    int_of(p, "to_move");
    str_of(p, "decision");
    str_of(p, "note");
    assert_true(json_is_boolean(json_object_get(p, "yours")));
    json_t *orders = json_object_get(p, "orders");
    assert_true(json_is_array(orders));
    if (json_is_true(json_object_get(p, "yours"))) assert_true(json_array_size(orders) > 0);
    else assert_int_equal(json_array_size(orders), 0);
    size_t i;
    json_t *o;
    json_array_foreach(orders, i, o) {
        assert_int_equal(int_of(o, "n"), (json_int_t)i + 1);
        assert_true(strlen(str_of(o, "text")) > 0);
        str_of(o, "note");
        str_of(o, "ref");
    }
    json_t *pieces = json_object_get(p, "pieces");
    assert_true(json_array_size(pieces) > 0);
    json_array_foreach(pieces, i, o) {
        str_of(o, "ref");
        str_of(o, "label");
        int_of(o, "side");
        json_t *bases = json_object_get(o, "bases");
        assert_true(json_is_array(bases));
        if (json_array_size(bases)) {
            assert_int_equal(json_array_size(json_array_get(bases, 0)), 8);
            json_t *c = json_object_get(o, "centre");
            assert_int_equal(json_array_size(c), 2);
            assert_true(json_is_number(json_array_get(c, 0)) && json_is_number(json_array_get(c, 1)));
        }
    }
    assert_true(json_is_object(json_object_get(p, "units")));
    assert_true(int_of(p, "version") >= 0);
    assert_true(int_of(p, "log_n") >= 0);
    assert_true(int_of(p, "undo") >= 0);
    str_of(p, "save");
    assert_true(json_is_boolean(json_object_get(p, "ai_thinking")));
}

/* the piece with that ref in a list of pieces, or NULL */
static json_t *piece(json_t *pieces, const char *ref)
{
    size_t i;
    json_t *o;
    json_array_foreach(pieces, i, o)
        if (!strcmp(json_string_value(json_object_get(o, "ref")), ref)) return o;
    return NULL;
}

/* GET .../ai until it thinks no more (at most AI_DEADLINE_S): its last answer */
static json_t *wait_ai(fixture *f, json_t *pos)
{
    char p[128];
    game_path(p, sizeof p, pos, "/ai");
    double end = now_s() + AI_DEADLINE_S;
    for (;;) {
        json_t *s = call_json(f, "GET", p, NULL, 200);
        assert_true(json_is_boolean(json_object_get(s, "thinking")));
        if (!json_is_true(json_object_get(s, "thinking"))) return s;
        json_decref(s);
        if (now_s() > end) fail_msg("the AI still thinks after %.0f s", AI_DEADLINE_S);
        nap();
    }
}

/* a body {"order": text[, "dice": [faces]]} */
static char *order_body(const char *text, const int *faces, int n)
{
    json_t *b = json_pack("{s:s}", "order", text);
    if (n > 0) {
        json_t *d = json_array();
        for (int i = 0; i < n; i++) json_array_append_new(d, json_integer(faces[i]));
        json_object_set_new(b, "dice", d);
    }
    char *s = json_dumps(b, JSON_COMPACT);
    json_decref(b);
    return s;
}

static int file_exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

static void root_path(char *buf, size_t cap, const char *rel)
{
    const char *root = getenv("GROGNARD_ROOT");
    snprintf(buf, cap, "%s/%s", root && *root ? root : ".", rel);
}

/* ---- Scenarios and saves ---- */

/* GET /api/scenarios: the bundled scenarios, the default fogn one marked */
static void test_list_scenarios(void **state)
{
    fixture *f = *state;
    json_t *j = call_json(f, "GET", "/api/scenarios", NULL, 200);
    json_t *list = json_object_get(j, "scenarios");
    assert_true(json_array_size(list) >= 3);
    int defaults = 0, hexwar = 0, lasalle = 0;
    size_t i;
    json_t *s;
    json_array_foreach(list, i, s) {
        const char *path = str_of(s, "path");
        assert_true(!strncmp(path, "scenarios/", 10));
        str_of(s, "name");
        const char *rs = str_of(s, "ruleset");
        assert_true(json_is_boolean(json_object_get(s, "default")));
        if (json_is_true(json_object_get(s, "default"))) {
            defaults++;
            assert_string_equal(path, DEFAULT_SCENARIO);
            assert_string_equal(rs, "fogn");
        }
        hexwar += !strcmp(path, HEXWAR_SCENARIO) && !strcmp(rs, "hexwar");
        lasalle += !strcmp(path, LASALLE_SCENARIO) && !strcmp(rs, "lasalle");
    }
    assert_int_equal(defaults, 1);
    assert_int_equal(hexwar, 1);
    assert_int_equal(lasalle, 1);
    json_decref(j);
}

/* GET /api/saves and /api/games: empty on a new server; a new game is in both */
static void test_list_saves_and_games(void **state)
{
    fixture *f = *state;
    json_t *s0 = call_json(f, "GET", "/api/saves", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(s0, "saves")), 0);
    json_decref(s0);
    json_t *g0 = call_json(f, "GET", "/api/games", NULL, 200);
    assert_true(json_is_array(json_object_get(g0, "games")));
    assert_int_equal(json_array_size(json_object_get(g0, "games")), 0);
    json_decref(g0);

    json_t *pos = new_game(f, "{}");
    const char *save = str_of(pos, "save");
    char pre[80];
    snprintf(pre, sizeof pre, "%s/", f->dir);
    assert_true(!strncmp(save, pre, strlen(pre)));
    assert_true(file_exists(save));

    json_t *s1 = call_json(f, "GET", "/api/saves", NULL, 200);
    json_t *saves = json_object_get(s1, "saves");
    assert_int_equal(json_array_size(saves), 1);
    json_t *e = json_array_get(saves, 0);
    assert_string_equal(str_of(e, "path"), save);
    assert_string_equal(str_of(e, "mode"), "play");
    assert_string_equal(str_of(e, "scenario"), str_of(pos, "title"));
    assert_true(int_of(e, "modified") > 0);
    json_decref(s1);

    json_t *g1 = call_json(f, "GET", "/api/games", NULL, 200);
    json_t *games = json_object_get(g1, "games");
    assert_int_equal(json_array_size(games), 1);
    e = json_array_get(games, 0);
    assert_string_equal(str_of(e, "id"), str_of(pos, "id"));
    assert_string_equal(str_of(e, "title"), str_of(pos, "title"));
    assert_string_equal(str_of(e, "mode"), "play");
    json_decref(g1);
    json_decref(pos);
}

/* GET /api/games: docs/web.md gives each game an "over" */
static void test_list_games_over(void **state)
{
    fixture *f = *state;
    json_decref(new_game(f, "{}"));
    json_t *g = call_json(f, "GET", "/api/games", NULL, 200);
    json_t *e = json_array_get(json_object_get(g, "games"), 0);
    assert_non_null(e);
    if (!json_is_boolean(json_object_get(e, "over"))) fail_msg("GET /api/games: no boolean \"over\" in %s", json_dumps(e, 0));
    assert_true(json_is_false(json_object_get(e, "over")));
    json_decref(g);
}

/* ---- A game ---- */

/* POST /api/games {}: the default scenario, play, side 0, the server's AI */
static void test_new_game_defaults(void **state)
{
    fixture *f = *state;
    json_t *pos = new_game(f, "");
    check_position(pos);
    assert_string_equal(str_of(pos, "id"), "g1");
    assert_string_equal(str_of(pos, "ruleset"), "fogn");
    const char *scn = str_of(pos, "scenario");
    assert_true(strlen(scn) >= strlen(DEFAULT_SCENARIO) &&
                !strcmp(scn + strlen(scn) - strlen(DEFAULT_SCENARIO), DEFAULT_SCENARIO));
    assert_string_equal(str_of(pos, "mode"), "play");
    assert_int_equal(int_of(pos, "human"), 0);
    assert_string_equal(str_of(pos, "ai"), "random");
    assert_string_equal(str_of(pos, "dice"), "seeded");
    assert_true(json_is_false(json_object_get(pos, "over")));
    assert_true(json_is_null(json_object_get(pos, "result")));
    assert_int_equal(int_of(pos, "to_move"), 0);
    assert_true(json_is_true(json_object_get(pos, "yours")));
    assert_int_equal(int_of(pos, "version"), 0);
    assert_int_equal(int_of(pos, "undo"), 0);
    assert_true(json_is_false(json_object_get(pos, "ai_thinking")));
    assert_true(json_array_size(json_object_get(pos, "orders")) > 0);
    assert_true(menu_find(pos, "done") > 0);
    /* an order of a piece names it by its ref; "done" names none */
    json_t *give = menu_match(pos, " give ");
    assert_non_null(give);
    assert_true(strlen(str_of(give, "ref")) > 0);
    assert_non_null(piece(json_object_get(pos, "pieces"), str_of(give, "ref")));
    json_t *done = json_array_get(json_object_get(pos, "orders"), (size_t)menu_find(pos, "done") - 1);
    assert_string_equal(str_of(done, "ref"), "");
    json_t *u0 = piece(json_object_get(pos, "pieces"), "u0");
    assert_non_null(u0);
    assert_true(json_array_size(json_object_get(u0, "bases")) > 0);

    /* GET /api/games/ID is the same position */
    json_t *again = get_pos(f, pos);
    check_position(again);
    assert_string_equal(str_of(again, "id"), "g1");
    assert_int_equal(int_of(again, "version"), 0);
    assert_true(json_equal(json_object_get(again, "units"), json_object_get(pos, "units")));
    assert_true(json_equal(json_object_get(again, "orders"), json_object_get(pos, "orders")));
    json_decref(again);

    /* the ids go on: a second game is g2 */
    json_t *second = new_game(f, "{}");
    assert_string_equal(str_of(second, "id"), "g2");
    assert_string_not_equal(str_of(second, "save"), str_of(pos, "save"));
    json_decref(second);
    json_decref(pos);
}

/* new games asked for at once (the same scenario, side and second): each
 * gets a save file of its own, none overwrites another */
static void test_new_games_at_once(void **state)
{
    fixture *f = *state;
    enum { N = 10 };
    CURLM *m = curl_multi_init();
    assert_non_null(m);
    CURL *h[N];
    http r[N];
    char url[128];
    snprintf(url, sizeof url, "%s/api/games", f->base);
    for (int i = 0; i < N; i++) {
        memset(&r[i], 0, sizeof r[i]);
        h[i] = curl_easy_init();
        assert_non_null(h[i]);
        curl_easy_setopt(h[i], CURLOPT_URL, url);
        curl_easy_setopt(h[i], CURLOPT_POSTFIELDS, "{}");
        curl_easy_setopt(h[i], CURLOPT_WRITEFUNCTION, on_data);
        curl_easy_setopt(h[i], CURLOPT_WRITEDATA, &r[i]);
        curl_easy_setopt(h[i], CURLOPT_TIMEOUT, 60L);
        curl_easy_setopt(h[i], CURLOPT_NOPROXY, "*");
        curl_multi_add_handle(m, h[i]);
    }
    int running = N;
    double end = now_s() + 60;
    while (running > 0 && now_s() < end) {
        curl_multi_perform(m, &running);
        if (running) curl_multi_poll(m, NULL, 0, 100, NULL);
    }
    assert_int_equal(running, 0);
    json_t *saves = json_object();
    for (int i = 0; i < N; i++) {
        curl_easy_getinfo(h[i], CURLINFO_RESPONSE_CODE, &r[i].status);
        expect_status(&r[i], 201, "POST /api/games (at once)");
        json_t *pos = json_loadb(r[i].body, r[i].len, 0, NULL);
        assert_non_null(pos);
        const char *save = str_of(pos, "save");
        if (json_object_get(saves, save)) fail_msg("two games of the %d started at once save to %s", N, save);
        json_object_set_new(saves, save, json_true());
        json_decref(pos);
        curl_multi_remove_handle(m, h[i]);
        curl_easy_cleanup(h[i]);
        http_free(&r[i]);
    }
    curl_multi_cleanup(m);
    assert_int_equal(json_object_size(saves), N);
    json_decref(saves);
    json_t *s = call_json(f, "GET", "/api/saves", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(s, "saves")), N);
    json_decref(s);
}

/* POST /api/games with a named scenario of hexwar and of Lasalle, a side, an AI level */
static void test_new_game_named(void **state)
{
    fixture *f = *state;
    json_t *hx = new_game(f, "{\"scenario\": \"" HEXWAR_SCENARIO "\", \"side\": 1, \"seed\": 5}");
    check_position(hx);
    assert_string_equal(str_of(hx, "ruleset"), "hexwar");
    assert_int_equal(int_of(hx, "human"), 1);
    assert_int_equal(int_of(hx, "to_move"), 0);
    assert_true(json_is_false(json_object_get(hx, "yours")));
    assert_int_equal(json_array_size(json_object_get(hx, "orders")), 0);

    json_t *ls = new_game(f, "{\"scenario\": \"" LASALLE_SCENARIO "\", \"ai\": \"easy\", \"mode\": \"play\"}");
    check_position(ls);
    assert_string_equal(str_of(ls, "ruleset"), "lasalle");
    assert_string_equal(str_of(ls, "ai"), "greedy");
    assert_int_equal(int_of(ls, "human"), 0);

    /* a side by its name */
    char body[256];
    snprintf(body, sizeof body, "{\"scenario\": \"" HEXWAR_SCENARIO "\", \"side\": \"%s\"}",
             json_string_value(json_array_get(json_object_get(hx, "side_names"), 1)));
    json_t *byname = new_game(f, body);
    assert_int_equal(int_of(byname, "human"), 1);
    json_decref(byname);
    json_decref(ls);
    json_decref(hx);
}

/* POST /api/games {"mode": "assist"}: typed dice, both sides the person's */
static void test_new_game_assist(void **state)
{
    fixture *f = *state;
    json_t *a = new_game(f, "{\"mode\": \"assist\"}");
    check_position(a);
    assert_string_equal(str_of(a, "mode"), "assist");
    assert_string_equal(str_of(a, "dice"), "typed");
    assert_int_equal(int_of(a, "human"), -1);
    assert_true(json_is_true(json_object_get(a, "yours")));
    assert_non_null(strstr(str_of(a, "save"), "web-assist"));
    json_t *s = call_json(f, "GET", "/api/saves", NULL, 200);
    assert_string_equal(str_of(json_array_get(json_object_get(s, "saves"), 0), "mode"), "assist");
    json_decref(s);
    json_decref(a);
}

/* GET /api/games/ID/map.svg: the table as SVG, the pieces by ref, the scale */
static void test_map_svg(void **state)
{
    fixture *f = *state;
    json_t *pos = new_game(f, "{}");
    char p[128];
    game_path(p, sizeof p, pos, "/map.svg");
    http r = call(f, "GET", p, NULL);
    expect_status(&r, 200, p);
    assert_string_equal(r.type, "image/svg+xml");
    assert_non_null(strstr(r.body, "<svg"));
    assert_non_null(strstr(r.body, "data-ref=\"u0\""));
    const char *table = strstr(r.body, "class=\"table\"");
    assert_non_null(table);
    const char *end = strchr(table, '>');
    assert_non_null(end);
    const char *scale = strstr(table, "data-scale=\"");
    assert_true(scale && scale < end);
    assert_true(atof(scale + 12) > 0);
    const char *height = strstr(table, "data-height=\"");
    assert_true(height && height < end);
    http_free(&r);
    json_decref(pos);
}

/* POST .../order by notation and by number: the version grows, the lines told come back */
static void test_order_by_text_and_number(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    json_t *give = menu_match(p0, " give ");
    assert_non_null(give);
    char body[256];
    snprintf(body, sizeof body, "{\"order\": \"%s\"}", str_of(give, "text"));
    json_t *p1 = order(f, p0, body);
    check_position(p1);
    assert_int_equal(int_of(p1, "version"), 1);
    assert_true(json_array_size(json_object_get(p1, "events")) > 0);
    assert_false(json_equal(json_object_get(p1, "units"), json_object_get(p0, "units")));
    assert_true(json_is_true(json_object_get(p1, "yours")));

    int n = menu_find(p1, "done");
    assert_true(n > 0);
    snprintf(body, sizeof body, "{\"n\": %d}", n);
    json_t *p2 = order(f, p1, body);
    check_position(p2);
    assert_int_equal(int_of(p2, "version"), 2);
    assert_true(json_array_size(json_object_get(p2, "events")) > 0);
    /* "done" in the command phase hands the decision to the other side */
    assert_true(json_is_false(json_object_get(p2, "yours")));
    assert_int_equal(int_of(p2, "to_move"), 1);
    char path[128];
    game_path(path, sizeof path, p2, "/order");
    expect_error(f, "POST", path, "{\"n\": 1}", 409, "AI");
    json_decref(p2);
    json_decref(p1);
    json_decref(p0);
}

/* POST .../preview: where a movement order ends, and nothing of the game changes */
static void test_preview(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{\"scenario\": \"" HEXWAR_SCENARIO "\"}");
    json_t *mv = menu_match(p0, " move ");
    assert_non_null(mv);
    const char *ref = str_of(mv, "ref");
    assert_true(strlen(ref) > 0);
    char path[128], body[256];
    game_path(path, sizeof path, p0, "/preview");
    snprintf(body, sizeof body, "{\"n\": %d}", (int)int_of(mv, "n"));
    json_t *pv = call_json(f, "POST", path, body, 200);
    assert_string_equal(str_of(pv, "order"), str_of(mv, "text"));
    str_of(pv, "note");
    str_of(pv, "reason");
    json_t *ghost = json_object_get(pv, "ghost");
    assert_true(json_array_size(ghost) > 0);
    json_t *gp = piece(ghost, ref);
    assert_non_null(gp);
    assert_true(json_array_size(json_object_get(gp, "bases")) > 0);
    /* the ghost stands elsewhere than the piece */
    json_t *now = piece(json_object_get(p0, "pieces"), ref);
    assert_false(json_equal(json_object_get(gp, "centre"), json_object_get(now, "centre")));

    /* by notation: the same order */
    snprintf(body, sizeof body, "{\"order\": \"%s\"}", str_of(mv, "text"));
    json_t *pv2 = call_json(f, "POST", path, body, 200);
    assert_string_equal(str_of(pv2, "order"), str_of(mv, "text"));
    assert_true(json_array_size(json_object_get(pv2, "ghost")) > 0);

    json_t *p1 = get_pos(f, p0);
    assert_int_equal(int_of(p1, "version"), int_of(p0, "version"));
    assert_int_equal(int_of(p1, "log_n"), int_of(p0, "log_n"));
    assert_true(json_equal(json_object_get(p1, "units"), json_object_get(p0, "units")));
    json_decref(p1);
    json_decref(pv2);
    json_decref(pv);
    json_decref(p0);
}

/* POST .../undo: 409 with nothing to undo; after an order without dice, the position before */
static void test_undo(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char path[128];
    game_path(path, sizeof path, p0, "/undo");
    expect_error(f, "POST", path, NULL, 409, "nothing to undo");
    json_t *give = menu_match(p0, " give ");
    assert_non_null(give);
    char body[256];
    snprintf(body, sizeof body, "{\"order\": \"%s\"}", str_of(give, "text"));
    json_t *p1 = order(f, p0, body);
    assert_int_equal(int_of(p1, "undo"), 1);
    assert_false(json_equal(json_object_get(p1, "units"), json_object_get(p0, "units")));
    json_t *p2 = call_json(f, "POST", path, "", 200);
    check_position(p2);
    assert_true(json_equal(json_object_get(p2, "units"), json_object_get(p0, "units")));
    assert_true(json_equal(json_object_get(p2, "orders"), json_object_get(p0, "orders")));
    assert_int_equal(int_of(p2, "undo"), 0);
    assert_true(int_of(p2, "version") > int_of(p1, "version"));
    expect_error(f, "POST", path, "{}", 409, "nothing to undo");
    json_decref(p2);
    json_decref(p1);
    json_decref(p0);
}

/* POST .../fix: a fogn correction moves a unit (and undo takes it back); hexwar takes none */
static void test_fix(void **state)
{
    fixture *f = *state;
    json_t *a = new_game(f, "{\"mode\": \"assist\"}");
    json_t *u0 = json_array_get(json_object_get(json_object_get(a, "units"), "units"), 0);
    assert_string_equal(str_of(u0, "id"), "u0");
    double x = json_number_value(json_object_get(u0, "x")), y = json_number_value(json_object_get(u0, "y"));
    double facing = json_number_value(json_object_get(u0, "facing"));
    char path[128], body[256];
    game_path(path, sizeof path, a, "/fix");
    snprintf(body, sizeof body, "{\"edit\": \"u0 at %g %g facing %g\"}", x - 0.5, y, facing);
    json_t *b = call_json(f, "POST", path, body, 200);
    check_position(b);
    json_t *bu0 = json_array_get(json_object_get(json_object_get(b, "units"), "units"), 0);
    assert_true(json_number_value(json_object_get(bu0, "x")) == x - 0.5);
    assert_int_equal(int_of(b, "version"), int_of(a, "version") + 1);
    expect_error(f, "POST", path, "{\"edit\": \"gibberish\"}", 422, "refused");
    expect_error(f, "POST", path, "{}", 400, "edit");
    expect_error(f, "POST", path, "{\"edit\": 5}", 400, "edit");
    expect_error(f, "POST", path, "{\"edit\": \"u0 turn 90\", \"why\": 1}", 400, "unknown field");
    char up[128];
    game_path(up, sizeof up, a, "/undo");
    json_t *c = call_json(f, "POST", up, NULL, 200);
    assert_true(json_equal(json_object_get(c, "units"), json_object_get(a, "units")));
    json_decref(c);
    json_decref(b);

    json_t *hx = new_game(f, "{\"scenario\": \"" HEXWAR_SCENARIO "\"}");
    game_path(path, sizeof path, hx, "/fix");
    expect_error(f, "POST", path, "{\"edit\": \"c0 at 1 1\"}", 400, "no corrections");
    json_decref(hx);
    json_decref(a);
}

/* the position's unit `id` in its "units" JSON, or NULL */
static json_t *unit_json(json_t *pos, const char *id)
{
    size_t i;
    json_t *u;
    json_array_foreach(json_object_get(json_object_get(pos, "units"), "units"), i, u)
        if (!strcmp(json_string_value(json_object_get(u, "id")), id)) return u;
    return NULL;
}

/* a fogn play game led on to the person's first Movement Phase decision:
 * "done" (or the first order) while the decision is the person's and not a
 * unit's move, the AI's turn played while it is the AI's */
static json_t *to_movement(fixture *f, json_t *pos)
{
    pos = json_incref(pos);
    char ai[128];
    game_path(ai, sizeof ai, pos, "/ai");
    for (int i = 0; i < 60; i++) {
        if (json_is_true(json_object_get(pos, "over"))) fail_msg("the game ended before a movement decision");
        if (json_is_true(json_object_get(pos, "yours"))) {
            const char *d = str_of(pos, "decision");
            size_t len = strlen(d);
            if (int_of(pos, "phase") == 3 && len > 3 && d[len - 1] == ')' && strstr(d, "(u")) return pos;
            char body[64];
            int n = menu_find(pos, "done");
            snprintf(body, sizeof body, "{\"n\": %d}", n ? n : 1);
            json_t *next = order(f, pos, body);
            json_decref(pos);
            pos = next;
        } else {
            json_decref(call_json(f, "POST", ai, NULL, 202));
            json_decref(wait_ai(f, pos));
            json_t *next = get_pos(f, pos);
            json_decref(pos);
            pos = next;
        }
    }
    fail_msg("no movement decision of the person's in 60 steps");
    return NULL;
}

/* POST .../drag: a fogn unit dragged straight ahead is given "uN move 3.00"
 * and stands 3 MU further on; too far, the rules' refusal with the order
 * and its section; malformed bodies 400; a piece the ruleset names no order
 * for 422; Lasalle (no drag orders) 422 pointing to the list; hexwar a move
 * or the rules' reason */
static void test_drag(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    json_t *pos = to_movement(f, p0);
    /* the unit whose move it is: "... (uN)" ending the decision, the ref of the first order */
    const char *d = str_of(pos, "decision");
    const char *open = strrchr(d, '(');
    assert_non_null(open);
    char ref[16];
    snprintf(ref, sizeof ref, "%.*s", (int)(strlen(open) - 2), open + 1);
    assert_true(ref[0] == 'u');
    assert_string_equal(str_of(json_array_get(json_object_get(pos, "orders"), 0), "ref"), ref);
    json_t *u = unit_json(pos, ref);
    assert_non_null(u);
    double x = json_number_value(json_object_get(u, "x")), y = json_number_value(json_object_get(u, "y"));
    double facing = json_number_value(json_object_get(u, "facing"));
    /* 3 MU (and 40) along its facing: (0, 3) for a unit facing north, up the table */
    double fx = 0, fy = 1;
    if (fabs(facing - 90) > 1e-9) {
        fx = cos(facing * 3.14159265358979323846 / 180);
        fy = sin(facing * 3.14159265358979323846 / 180);
    }
    char path[128], body[256], want[64];
    game_path(path, sizeof path, pos, "/drag");
    json_int_t version = int_of(pos, "version");

    /* too far: the rules refuse, the order and the rule's section named */
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": %.17g, \"dy\": %.17g}", ref, 40 * fx, 40 * fy);
    snprintf(want, sizeof want, "refused: %s move ", ref);
    http r = call(f, "POST", path, body);
    expect_status(&r, 422, body);
    const char *e = json_string_value(json_object_get(r.json, "error"));
    if (!e || strncmp(e, want, strlen(want)) || !strstr(e, "\xc2\xa7"))
        fail_msg("drag 40 MU: error '%s', expected '%s...' naming a section (\xc2\xa7)", e ? e : "(none)", want);
    http_free(&r);

    /* malformed: 400, whatever the position */
    expect_error(f, "POST", path, "{\"dx\": 0, \"dy\": 3}", 400, "ref");
    expect_error(f, "POST", path, "{\"ref\": 5, \"dx\": 0, \"dy\": 3}", 400, "ref");
    expect_error(f, "POST", path, "{\"ref\": \"\", \"dx\": 0, \"dy\": 3}", 400, "ref");
    expect_error(f, "POST", path, "{\"ref\": \"u1234567890123456\", \"dx\": 0, \"dy\": 3}", 400, "ref");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": \"0\", \"dy\": 3}", ref);
    expect_error(f, "POST", path, body, 400, "dx");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 1e9, \"dy\": 3}", ref);
    expect_error(f, "POST", path, body, 400, "dx");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0}", ref);
    expect_error(f, "POST", path, body, 400, "dy");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": null}", ref);
    expect_error(f, "POST", path, body, 400, "dy");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": 3, \"why\": 1}", ref);
    expect_error(f, "POST", path, body, 400, "unknown field");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": 3, \"dice\": [3]}", ref);
    expect_error(f, "POST", path, body, 400, "dice");
    expect_error(f, "POST", path, NULL, 400, NULL);
    /* pieces the drag names no order for, or not the one whose decision it is: 422 */
    expect_error(f, "POST", path, "{\"ref\": \"u999\", \"dx\": 0, \"dy\": 3}", 422, "no unit u999");
    expect_error(f, "POST", path, "{\"ref\": \"x1\", \"dx\": 0, \"dy\": 3}", 422, "names no unit");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": 3}", strcmp(ref, "u0") ? "u0" : "u1");
    expect_error(f, "POST", path, body, 422, "decision");
    /* none of it changed the game */
    json_t *same = get_pos(f, pos);
    assert_int_equal(int_of(same, "version"), version);
    assert_true(json_equal(json_object_get(same, "units"), json_object_get(pos, "units")));
    json_decref(same);

    /* 3 MU ahead: the order named, given, the unit 3 MU on */
    if (fx == 0) snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": 3}", ref);
    else snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": %.17g, \"dy\": %.17g}", ref, 3 * fx, 3 * fy);
    json_t *moved = call_json(f, "POST", path, body, 200);
    check_position(moved);
    snprintf(want, sizeof want, "%s move 3.00", ref);
    assert_string_equal(str_of(moved, "order"), want);
    assert_true(json_is_array(json_object_get(moved, "events")));
    assert_int_equal(int_of(moved, "version"), version + 1);
    json_t *mu = unit_json(moved, ref);
    assert_non_null(mu);
    double nx = json_number_value(json_object_get(mu, "x")), ny = json_number_value(json_object_get(mu, "y"));
    if (fabs(nx - (x + 3 * fx)) > 0.01 || fabs(ny - (y + 3 * fy)) > 0.01)
        fail_msg("%s went from (%g, %g) to (%g, %g), expected (%g, %g)", ref, x, y, nx, ny, x + 3 * fx, y + 3 * fy);
    assert_true(fabs(json_number_value(json_object_get(mu, "facing")) - facing) < 1e-6);
    /* and so it stands */
    json_t *after = get_pos(f, pos);
    assert_int_equal(int_of(after, "version"), version + 1);
    assert_true(json_equal(json_object_get(after, "units"), json_object_get(moved, "units")));
    json_decref(after);
    json_decref(moved);
    json_decref(pos);
    json_decref(p0);

    /* Lasalle: a drag is its own notation's order (uN move / wheel / back, cN move), given or refused with the
     * rules' reason, never "pick one from the list" */
    json_t *ls = new_game(f, "{\"scenario\": \"" LASALLE_SCENARIO "\"}");
    assert_true(json_is_true(json_object_get(ls, "yours")));
    game_path(path, sizeof path, ls, "/drag");
    const char *lref = str_of(json_array_get(json_object_get(ls, "orders"), 0), "ref");
    assert_true(lref[0] == 'u' || lref[0] == 'c');
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": 1}", lref);
    r = call(f, "POST", path, body);
    if (r.status != 200 && r.status != 422) fail_msg("lasalle drag: status %ld: %.300s", r.status, r.body);
    if (r.status == 200) {
        const char *o = json_string_value(json_object_get(r.json, "order"));
        snprintf(want, sizeof want, "%s ", lref);
        if (!o || strncmp(o, want, strlen(want))) fail_msg("lasalle drag: order '%s'", o ? o : "(none)");
    } else {
        const char *le = json_string_value(json_object_get(r.json, "error"));
        if (!le || !*le || strstr(le, "from the list")) fail_msg("lasalle drag: error '%s'", le ? le : "(none)");
    }
    http_free(&r);
    json_decref(ls);

    /* hexwar: the counter whose move it is dragged one hex north: a move, or the rules' reason */
    json_t *hx = new_game(f, "{\"scenario\": \"" HEXWAR_SCENARIO "\"}");
    assert_true(json_is_true(json_object_get(hx, "yours")));
    const char *cref = str_of(json_array_get(json_object_get(hx, "orders"), 0), "ref");
    assert_true(cref[0] == 'c');
    game_path(path, sizeof path, hx, "/drag");
    snprintf(body, sizeof body, "{\"ref\": \"%s\", \"dx\": 0, \"dy\": 1}", cref);
    r = call(f, "POST", path, body);
    if (r.status != 200 && r.status != 422) fail_msg("hexwar drag: status %ld: %.300s", r.status, r.body);
    assert_true(json_is_object(r.json));
    snprintf(want, sizeof want, "%s move ", cref);
    if (r.status == 200) {
        const char *o = json_string_value(json_object_get(r.json, "order"));
        if (!o || strncmp(o, want, strlen(want))) fail_msg("hexwar drag: order '%s'", o ? o : "(none)");
    } else {
        const char *he = json_string_value(json_object_get(r.json, "error"));
        assert_true(he && *he);
    }
    http_free(&r);
    json_decref(hx);
}

/* POST .../save with and without a path; POST /api/games/load opens it
 * again (the open game itself while it is open) */
static void test_save_and_load(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char path[128], body[512], mine[256];
    game_path(path, sizeof path, p0, "/save");
    json_t *s = call_json(f, "POST", path, NULL, 200);
    assert_string_equal(str_of(s, "save"), str_of(p0, "save"));
    json_decref(s);
    json_t *give = menu_match(p0, " give ");
    snprintf(body, sizeof body, "{\"order\": \"%s\"}", str_of(give, "text"));
    json_t *p1 = order(f, p0, body);

    snprintf(mine, sizeof mine, "%s/mine.json", f->dir);
    snprintf(body, sizeof body, "{\"path\": \"%s\"}", mine);
    s = call_json(f, "POST", path, body, 200);
    assert_string_equal(str_of(s, "save"), mine);
    json_decref(s);
    assert_true(file_exists(mine));
    json_t *p2 = get_pos(f, p0);
    assert_string_equal(str_of(p2, "save"), mine);
    json_decref(p2);
    json_t *sv = call_json(f, "GET", "/api/saves", NULL, 200);
    int listed = 0;
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(sv, "saves"), i, e) listed += !strcmp(str_of(e, "path"), mine);
    assert_int_equal(listed, 1);
    json_decref(sv);

    /* the save of a game open: that game (200), not a second one on the same file */
    snprintf(body, sizeof body, "{\"save\": \"%s\"}", mine);
    json_t *same = call_json(f, "POST", "/api/games/load", body, 200);
    assert_string_equal(str_of(same, "id"), str_of(p0, "id"));
    json_decref(same);
    json_t *gl = call_json(f, "GET", "/api/games", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(gl, "games")), 1);
    json_decref(gl);
    /* closed, it opens as a new game (201) where it was */
    char gp[128];
    game_path(gp, sizeof gp, p0, "");
    json_decref(call_json(f, "DELETE", gp, NULL, 200));
    json_t *ld = call_json(f, "POST", "/api/games/load", body, 201);
    check_position(ld);
    assert_string_not_equal(str_of(ld, "id"), str_of(p0, "id"));
    assert_string_equal(str_of(ld, "mode"), "play");
    assert_string_equal(str_of(ld, "save"), mine);
    assert_true(json_equal(json_object_get(ld, "units"), json_object_get(p1, "units")));
    assert_true(json_equal(json_object_get(ld, "orders"), json_object_get(p1, "orders")));
    json_decref(ld);

    /* a file of the saves folder that is no saved game */
    char plain[256], scn[1024];
    snprintf(plain, sizeof plain, "%s/plain.json", f->dir);
    root_path(scn, sizeof scn, DEFAULT_SCENARIO);
    json_t *sj = json_load_file(scn, 0, NULL);
    assert_non_null(sj);
    assert_int_equal(json_dump_file(sj, plain, 0), 0);
    json_decref(sj);
    snprintf(body, sizeof body, "{\"save\": \"%s\"}", plain);
    expect_error(f, "POST", "/api/games/load", body, 422, NULL);
    json_decref(p1);
    json_decref(p0);
}

/* GET .../log?since=K: the battle told from line K, and next */
static void test_log(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char path[160];
    game_path(path, sizeof path, p0, "/log?since=0");
    json_t *l0 = call_json(f, "GET", path, NULL, 200);
    assert_true(json_is_array(json_object_get(l0, "lines")));
    json_int_t k = int_of(l0, "next");
    assert_int_equal(k, int_of(p0, "log_n"));
    assert_int_equal((json_int_t)json_array_size(json_object_get(l0, "lines")), k);
    json_decref(l0);

    json_t *p1 = order(f, p0, "{\"order\": \"done\"}");
    json_t *events = json_object_get(p1, "events");
    assert_true(json_array_size(events) > 0);
    assert_int_equal(int_of(p1, "log_n"), k + (json_int_t)json_array_size(events));
    game_path(path, sizeof path, p0, "");
    size_t used = strlen(path);
    snprintf(path + used, sizeof path - used, "/log?since=%lld", (long long)k);
    json_t *l1 = call_json(f, "GET", path, NULL, 200);
    assert_true(json_equal(json_object_get(l1, "lines"), events));
    assert_int_equal(int_of(l1, "next"), int_of(p1, "log_n"));
    json_decref(l1);

    /* since=1: one line less */
    game_path(path, sizeof path, p0, "/log?since=1");
    json_t *l2 = call_json(f, "GET", path, NULL, 200);
    assert_int_equal((json_int_t)json_array_size(json_object_get(l2, "lines")), int_of(p1, "log_n") - 1);
    json_decref(l2);
    /* past the end: no lines */
    game_path(path, sizeof path, p0, "/log?since=999");
    json_t *l3 = call_json(f, "GET", path, NULL, 200);
    assert_int_equal(json_array_size(json_object_get(l3, "lines")), 0);
    assert_int_equal(int_of(l3, "next"), int_of(p1, "log_n"));
    json_decref(l3);
    /* without since: from the start */
    game_path(path, sizeof path, p0, "/log");
    json_t *l4 = call_json(f, "GET", path, NULL, 200);
    assert_int_equal((json_int_t)json_array_size(json_object_get(l4, "lines")), int_of(p1, "log_n"));
    json_decref(l4);
    json_decref(p1);
    json_decref(p0);
}

/* DELETE /api/games/ID: closed and saved; then 404 */
static void test_delete(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char path[128];
    game_path(path, sizeof path, p0, "");
    json_t *d = call_json(f, "DELETE", path, NULL, 200);
    assert_string_equal(str_of(d, "closed"), str_of(p0, "id"));
    assert_string_equal(str_of(d, "save"), str_of(p0, "save"));
    assert_true(file_exists(str_of(d, "save")));
    json_decref(d);
    expect_error(f, "GET", path, NULL, 404, "no game");
    expect_error(f, "DELETE", path, NULL, 404, "no game");
    char op[128];
    game_path(op, sizeof op, p0, "/order");
    expect_error(f, "POST", op, "{\"n\": 1}", 404, "no game");
    json_t *g = call_json(f, "GET", "/api/games", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(g, "games")), 0);
    json_decref(g);
    json_decref(p0);
}

/* POST .../ai and GET .../ai: the AI plays its decisions until the person's turn */
static void test_ai_turn(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char ai[128];
    game_path(ai, sizeof ai, p0, "/ai");
    expect_error(f, "POST", ai, NULL, 409, "not the AI's");
    json_t *st = call_json(f, "GET", ai, NULL, 200);
    assert_true(json_is_false(json_object_get(st, "thinking")));
    json_decref(st);

    /* the person passes until the decision is the AI's */
    json_t *pos = json_incref(p0);
    for (int i = 0; i < 40 && json_is_true(json_object_get(pos, "yours")); i++) {
        char body[64];
        int n = menu_find(pos, "done");
        snprintf(body, sizeof body, "{\"n\": %d}", n ? n : 1);
        json_t *next = order(f, pos, body);
        json_decref(pos);
        pos = next;
    }
    assert_true(json_is_false(json_object_get(pos, "yours")));
    assert_true(json_is_false(json_object_get(pos, "over")));
    assert_int_equal(int_of(pos, "to_move"), 1);
    json_int_t version = int_of(pos, "version");

    json_t *go = call_json(f, "POST", ai, NULL, 202);
    assert_true(json_is_true(json_object_get(go, "thinking")));
    json_decref(go);
    json_t *done = wait_ai(f, pos);
    json_t *played = json_object_get(done, "played");
    json_int_t nplayed = (json_int_t)json_array_size(played); /* read before done is freed */
    assert_true(nplayed > 0);
    assert_true(json_is_string(json_array_get(played, 0)));
    assert_true(json_is_null(json_object_get(done, "error")));
    assert_true(json_is_integer(json_object_get(done, "iterations")));
    assert_true(json_is_number(json_object_get(done, "ms")));
    json_t *paths = json_object_get(done, "paths");
    assert_true(json_is_array(paths));
    size_t i;
    json_t *pt;
    json_array_foreach(paths, i, pt) {
        str_of(pt, "ref");
        assert_int_equal(json_array_size(json_object_get(pt, "from")), 2);
        assert_int_equal(json_array_size(json_object_get(pt, "to")), 2);
    }
    json_decref(done);

    json_t *after = get_pos(f, pos);
    check_position(after);
    assert_true(json_is_true(json_object_get(after, "yours")) || json_is_true(json_object_get(after, "over")));
    assert_true(int_of(after, "version") >= version + nplayed);
    assert_true(json_is_false(json_object_get(after, "ai_thinking")));
    expect_error(f, "POST", ai, NULL, 409, "not the AI's");

    /* a movement order of fogn previewed, where the AI's turn led to one */
    json_t *adv = menu_match(after, " advance ");
    if (adv) {
        char pv[128], body[256];
        game_path(pv, sizeof pv, after, "/preview");
        snprintf(body, sizeof body, "{\"n\": %d}", (int)int_of(adv, "n"));
        json_t *p = call_json(f, "POST", pv, body, 200);
        assert_non_null(piece(json_object_get(p, "ghost"), str_of(adv, "ref")));
        json_decref(p);
    }
    json_decref(after);
    json_decref(pos);
    json_decref(p0);
}

/* while the AI thinks, every call that would change the game answers 409;
 * reading goes on; DELETE stops it */
static void test_ai_thinking_refuses_changes(void **state)
{
    fixture *f = *state;
    /* a budget of iterations far beyond the test's time: it thinks until stopped */
    json_t *p0 = new_game(f, "{\"ai\": \"mcts:iters=10000000\", \"side\": 1}");
    assert_string_equal(str_of(p0, "ai"), "mcts:iters=10000000");
    assert_true(json_is_false(json_object_get(p0, "yours")));
    char ai[128], op[128], up[128], fx[128], gp[128];
    game_path(ai, sizeof ai, p0, "/ai");
    game_path(op, sizeof op, p0, "/order");
    game_path(up, sizeof up, p0, "/undo");
    game_path(fx, sizeof fx, p0, "/fix");
    game_path(gp, sizeof gp, p0, "");
    json_decref(call_json(f, "POST", ai, "{}", 202));
    expect_error(f, "POST", op, "{\"n\": 1}", 409, "thinking");
    expect_error(f, "POST", up, NULL, 409, "thinking");
    expect_error(f, "POST", fx, "{\"edit\": \"u0 turn 90\"}", 409, "thinking");
    /* asked again: it is already at it */
    json_t *again = call_json(f, "POST", ai, NULL, 202);
    assert_true(json_is_true(json_object_get(again, "thinking")));
    json_decref(again);
    json_t *st = call_json(f, "GET", ai, NULL, 200);
    assert_true(json_is_true(json_object_get(st, "thinking")));
    json_decref(st);
    /* the search reports its best order so far, with its expected score, every tenth of a second */
    int seen_best = 0;
    for (double until = now_s() + 2.0; !seen_best && now_s() < until; nap()) {
        st = call_json(f, "GET", ai, NULL, 200);
        json_t *b = json_object_get(st, "best"), *bs = json_object_get(st, "best_score");
        assert_true(json_is_null(b) || json_is_string(b));
        if (json_is_string(b)) {
            seen_best = 1;
            assert_true(strlen(json_string_value(b)) > 0);
            assert_true(json_is_number(bs));
            assert_true(json_number_value(bs) >= 0 && json_number_value(bs) <= 1);
        } else {
            assert_true(json_is_null(bs));
        }
        json_decref(st);
    }
    assert_true(seen_best);
    json_t *pos = get_pos(f, p0);
    assert_true(json_is_true(json_object_get(pos, "ai_thinking")));
    json_decref(pos);
    double t0 = now_s();
    json_t *d = call_json(f, "DELETE", gp, NULL, 200);
    double took = now_s() - t0;
    if (took > 2.5) fail_msg("DELETE took %.2f s: the AI was not stopped", took);
    json_decref(d);
    json_decref(p0);
}

/* POST .../hint {"ms": 50}: an order of the menu, its reason, the alternatives */
static void test_hint(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char path[128];
    game_path(path, sizeof path, p0, "/hint");
    json_t *h = call_json(f, "POST", path, "{\"ms\": 50}", 200);
    const char *o = str_of(h, "order");
    assert_true(menu_find(p0, o) > 0);
    assert_true(strlen(str_of(h, "reason")) > 0);
    json_t *score = json_object_get(h, "score");
    assert_true(json_is_number(score) || json_is_null(score));
    json_t *alts = json_object_get(h, "alternatives");
    assert_true(json_array_size(alts) > 0);
    size_t i;
    json_t *a;
    json_array_foreach(alts, i, a) {
        assert_true(menu_find(p0, str_of(a, "order")) > 0);
        double share = json_number_value(json_object_get(a, "share"));
        assert_true(json_is_number(json_object_get(a, "share")) && share >= 0 && share <= 1);
        assert_true(json_is_number(json_object_get(a, "expected_score")));
    }
    json_t *arrow = json_object_get(h, "arrow");
    assert_true(json_is_null(arrow) || (json_array_size(json_object_get(arrow, "from")) == 2 &&
                                        json_array_size(json_object_get(arrow, "to")) == 2));
    json_decref(h);
    /* a hint changes nothing */
    json_t *p1 = get_pos(f, p0);
    assert_int_equal(int_of(p1, "version"), 0);
    json_decref(p1);
    expect_error(f, "POST", path, "{\"ms\": 0}", 400, "ms");
    expect_error(f, "POST", path, "{\"ms\": 60001}", 400, "ms");
    expect_error(f, "POST", path, "{\"ms\": \"50\"}", 400, "ms");
    expect_error(f, "POST", path, "{\"ms\": 50, \"depth\": 3}", 400, "unknown field");
    /* the AI's decision is no hint's */
    json_t *p2 = order(f, p0, "{\"order\": \"done\"}");
    assert_true(json_is_false(json_object_get(p2, "yours")));
    expect_error(f, "POST", path, "{\"ms\": 50}", 409, NULL);
    json_decref(p2);
    json_decref(p0);
}

/* one order given with typed dice: sends it, answers each 409 "need" with
 * the roll's faces (all 3s), until 200. Returns the answer; *rolls the 409s. */
static json_t *order_with_dice(fixture *f, json_t *pos, const char *text, int *rolls, int check_have, int *faces,
                               int *nfaces)
{
    char path[128];
    game_path(path, sizeof path, pos, "/order");
    int n = 0;
    *rolls = 0;
    for (int tries = 0; tries < 40; tries++) {
        char *body = order_body(text, faces, n);
        http r = call(f, "POST", path, body);
        free(body);
        if (r.status == 200) {
            json_t *j = json_incref(r.json);
            http_free(&r);
            assert_true(json_is_object(j));
            *nfaces = n;
            return j;
        }
        expect_status(&r, 409, text);
        assert_string_equal(r.type, "application/json");
        json_t *need = json_object_get(r.json, "need");
        assert_true(json_is_object(need));
        assert_true(strlen(str_of(r.json, "error")) > 0);
        assert_true(strlen(str_of(need, "prompt")) > 0);
        int dice = (int)int_of(need, "dice"), fc = (int)int_of(need, "faces");
        int have = json_is_integer(json_object_get(need, "have")) ? (int)json_integer_value(json_object_get(need, "have")) : 0;
        assert_true(dice >= 1);
        assert_int_equal(fc, 6);
        assert_int_equal(int_of(r.json, "given"), n);
        /* every roll so far was given whole: none of this one is in the list yet */
        if (check_have && have != 0)
            fail_msg("after %d faces that complete %d roll(s), \"need\" says %d face(s) of '%s' are given: %s", n, *rolls,
                     have, str_of(need, "prompt"), r.body);
        assert_true(have >= 0 && have < dice);
        if (*rolls == 0) {
            /* a face no d6 has, and one face too many: refused, nothing changes */
            int bad[258];
            memcpy(bad, faces, (size_t)n * sizeof *bad);
            for (int k = 0; k < dice - have; k++) bad[n + k] = 7;
            char *b7 = order_body(text, bad, n + dice - have);
            expect_error(f, "POST", path, b7, 422, "not a face");
            free(b7);
            for (int k = 0; k < dice - have + 1; k++) bad[n + k] = 3;
            char *b3 = order_body(text, bad, n + dice - have + 1);
            http x = call(f, "POST", path, b3);
            free(b3);
            /* one more than this roll takes: refused, or asked for as the start of the next roll */
            if (x.status != 409) expect_status(&x, 422, "one face too many");
            http_free(&x);
        }
        for (int k = have; k < dice && n < 256; k++) faces[n++] = 3;
        (*rolls)++;
        http_free(&r);
    }
    fail_msg("'%s': no answer but 409 after 40 tries", text);
    return NULL;
}

/* assistant mode: orders until one needs dice; they are sent; it goes through */
static void test_assist_dice(void **state)
{
    fixture *f = *state;
    json_t *pos = new_game(f, "{\"mode\": \"assist\"}");
    int found = 0;
    for (int i = 0; i < 30 && !found; i++) {
        json_t *o = json_array_get(json_object_get(pos, "orders"), 0);
        assert_non_null(o);
        const char *text = menu_find(pos, "done") ? "done" : str_of(o, "text");
        json_int_t v = int_of(pos, "version");
        int rolls, faces[256], nf;
        json_t *next = order_with_dice(f, pos, text, &rolls, 0, faces, &nf);
        check_position(next);
        assert_int_equal(int_of(next, "version"), v + 1);
        assert_true(json_is_array(json_object_get(next, "events")));
        assert_true(json_is_true(json_object_get(next, "yours")) || json_is_true(json_object_get(next, "over")));
        found = rolls > 0;
        json_decref(pos);
        pos = next;
    }
    assert_true(found);
    json_decref(pos);
}

/* assistant mode: when the faces sent complete the rolls before, the next
 * roll asked for has none of its faces given ("have" 0) */
static void test_assist_dice_need_have(void **state)
{
    fixture *f = *state;
    json_t *pos = new_game(f, "{\"mode\": \"assist\"}");
    int found = 0;
    for (int i = 0; i < 30 && !found; i++) {
        json_t *o = json_array_get(json_object_get(pos, "orders"), 0);
        const char *text = menu_find(pos, "done") ? "done" : str_of(o, "text");
        int rolls, faces[256], nf;
        json_t *next = order_with_dice(f, pos, text, &rolls, 1, faces, &nf);
        found = rolls > 1;
        json_decref(pos);
        pos = next;
    }
    assert_true(found);   /* an order of two rolls or more was met */
    json_decref(pos);
}

/* assistant mode: the faces typed stand in the save as the rolls thrown,
 * and the save opens again on the same position */
static void test_assist_dice_recorded(void **state)
{
    fixture *f = *state;
    json_t *pos = new_game(f, "{\"mode\": \"assist\"}");
    int faces[256], nf = 0;
    for (int i = 0; i < 30 && nf == 0; i++) {
        json_t *o = json_array_get(json_object_get(pos, "orders"), 0);
        const char *text = menu_find(pos, "done") ? "done" : str_of(o, "text");
        int rolls;
        json_t *next = order_with_dice(f, pos, text, &rolls, 0, faces, &nf);
        json_decref(pos);
        pos = next;
    }
    assert_true(nf > 0);
    json_error_t je;
    json_t *rec = json_load_file(str_of(pos, "save"), 0, &je);
    if (!rec) fail_msg("%s: %s", str_of(pos, "save"), je.text);
    json_t *rolls = json_object_get(rec, "rolls");
    assert_true(json_is_array(rolls));
    if ((int)json_array_size(rolls) != nf)
        fail_msg("the save holds %zu rolled faces, %d were typed: %s", json_array_size(rolls), nf,
                 json_dumps(rolls, JSON_COMPACT));
    for (int k = 0; k < nf; k++) assert_int_equal(json_integer_value(json_array_get(rolls, (size_t)k)), faces[k]);
    json_decref(rec);
    char body[512], gp[128];
    snprintf(body, sizeof body, "{\"save\": \"%s\"}", str_of(pos, "save"));
    game_path(gp, sizeof gp, pos, "");
    json_decref(call_json(f, "DELETE", gp, NULL, 200));
    json_t *ld = call_json(f, "POST", "/api/games/load", body, 201);
    assert_string_equal(str_of(ld, "mode"), "assist");
    assert_true(json_equal(json_object_get(ld, "units"), json_object_get(pos, "units")));
    json_decref(ld);
    json_decref(pos);
}

/* ---- The remote player: POST /api/move ---- */

static void test_move(void **state)
{
    fixture *f = *state;
    char scn[1024];
    root_path(scn, sizeof scn, DEFAULT_SCENARIO);
    gr_game g;
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_load(&g, scn, &err)) fail_msg("%s", err.msg);
    void *st = calloc(1, g.rs->rules->state_size);
    assert_non_null(st);
    g.rs->rules->init(g.scn, st);
    char *b64 = gr_b64_encode(st, g.rs->rules->state_size);
    char *short64 = gr_b64_encode(st, 7);
    assert_non_null(b64);
    assert_non_null(short64);
    json_t *sj = g.scenario_json;

    /* a good position */
    json_t *b = json_pack("{s:O, s:s, s:i}", "scenario", sj, "state", b64, "ms", 20);
    char *body = json_dumps(b, JSON_COMPACT);
    json_t *ans = call_json(f, "POST", "/api/move", body, 200);
    const char *text = str_of(ans, "order");
    gr_action a;
    gr_error_clear(&err);
    if (gr_byname_parse(g.rs, g.scn, st, text, &a, &err)) fail_msg("'%s' does not parse: %s", text, err.msg);
    assert_string_equal(str_of(ans, "ai"), "mcts:ms=20");
    json_decref(ans);
    free(body);
    json_decref(b);
    /* another AI by spec */
    b = json_pack("{s:O, s:s, s:s, s:i}", "scenario", sj, "state", b64, "ai", "random", "seed", 3);
    body = json_dumps(b, JSON_COMPACT);
    ans = call_json(f, "POST", "/api/move", body, 200);
    gr_error_clear(&err);
    if (gr_byname_parse(g.rs, g.scn, st, str_of(ans, "order"), &a, &err)) fail_msg("%s", err.msg);
    json_decref(ans);
    free(body);
    json_decref(b);

    /* malformed */
    expect_error(f, "POST", "/api/move", "{}", 400, "scenario");
    b = json_pack("{s:s}", "state", b64);
    body = json_dumps(b, JSON_COMPACT);
    expect_error(f, "POST", "/api/move", body, 400, "scenario");
    free(body);
    json_decref(b);
    const struct {
        const char *key;
        json_t *val;
        long status;
        const char *needle;
    } bad[] = {
        {"state", json_string("!!not base64!!"), 400, "base64"},
        {"state", json_integer(5), 400, "state"},
        {"state", json_string(short64), 422, "bytes"},
        {"ms", json_integer(0), 400, "ms"},
        {"ai", json_string("remote:http://127.0.0.1:1"), 400, "remote"},
        {"ai", json_string("bogus"), 400, "ai"},
        {"ai", json_integer(3), 400, "ai"},
        {"seed", json_integer(-3), 400, "seed"},
        {"colour", json_string("blue"), 400, "unknown field"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        b = json_pack("{s:O, s:s, s:i}", "scenario", sj, "state", b64, "ms", 20);
        json_object_set_new(b, bad[i].key, bad[i].val);
        body = json_dumps(b, JSON_COMPACT);
        expect_error(f, "POST", "/api/move", body, bad[i].status, bad[i].needle);
        free(body);
        json_decref(b);
    }
    /* a scenario of no ruleset known */
    b = json_pack("{s:{s:s}, s:s}", "scenario", "ruleset", "chess", "state", b64);
    body = json_dumps(b, JSON_COMPACT);
    expect_error(f, "POST", "/api/move", body, 422, "chess");
    free(body);
    json_decref(b);
    free(short64);
    free(b64);
    free(st);
    gr_game_free(&g);
}

/* /api/move keeps nothing of a call: the memory in use does not grow with
 * the calls (each sends the scenario, some 75 KB once parsed) */
static void test_move_keeps_no_memory(void **state)
{
#if HAVE_ASAN
    fixture *f = *state;
    char scn[1024];
    root_path(scn, sizeof scn, DEFAULT_SCENARIO);
    json_t *sj = json_load_file(scn, 0, NULL);
    assert_non_null(sj);
    /* a position of the wrong size: refused (422) once the scenario is read */
    char *b64 = gr_b64_encode("0123456", 7);
    json_t *b = json_pack("{s:o, s:s}", "scenario", sj, "state", b64);
    char *body = json_dumps(b, JSON_COMPACT);
    json_decref(b);
    free(b64);
    for (int i = 0; i < 3; i++) expect_error(f, "POST", "/api/move", body, 422, "bytes");
    nap();
    size_t before = __sanitizer_get_current_allocated_bytes();
    for (int i = 0; i < MOVE_CALLS; i++) expect_error(f, "POST", "/api/move", body, 422, "bytes");
    nap();
    size_t after = __sanitizer_get_current_allocated_bytes();
    free(body);
    if (after > before + MOVE_GROWTH_MAX)
        fail_msg("%d calls of POST /api/move left %zu bytes more in use (%zu a call)", MOVE_CALLS, after - before,
                 (after - before) / MOVE_CALLS);
#else
    (void)state;
    skip();
#endif
}

/* ---- The API: errors ---- */

/* bodies that are no JSON object, too big, or with unknown fields */
static void test_errors_bodies(void **state)
{
    fixture *f = *state;
    expect_error(f, "POST", "/api/games", "{", 400, "not JSON");
    expect_error(f, "POST", "/api/games", "{\"mode\": \"play\",}", 400, "not JSON");
    expect_error(f, "POST", "/api/games", "[1, 2]", 400, "object");
    expect_error(f, "POST", "/api/games", "5", 400, NULL);
    expect_error(f, "POST", "/api/games", "\"play\"", 400, NULL);
    expect_error(f, "POST", "/api/games", "{\"seed\": 1, \"seed\": 2}", 400, "not JSON");
    expect_error(f, "POST", "/api/games", "{\"colour\": \"red\"}", 400, "unknown field");
    http r = call_n(f, "POST", "/api/games", "{\"mode\": \"play\"}\0x", 18);
    expect_status(&r, 400, "a NUL byte in the body");
    assert_non_null(json_object_get(r.json, "error"));
    http_free(&r);
    /* over 1 MiB: 413, whatever it holds */
    size_t big = ((size_t)1 << 20) + 16;
    char *huge = malloc(big + 1);
    assert_non_null(huge);
    memset(huge, ' ', big);
    huge[0] = '{';
    huge[big - 1] = '}';
    huge[big] = 0;
    expect_error(f, "POST", "/api/games", huge, 413, "bytes");
    free(huge);
    json_t *g = call_json(f, "GET", "/api/games", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(g, "games")), 0);   /* none was made */
    json_decref(g);
}

/* POST /api/games with fields of the wrong type or value, scenarios outside scenarios/ */
static void test_errors_new_game(void **state)
{
    fixture *f = *state;
    expect_error(f, "POST", "/api/games", "{\"seed\": -1}", 400, "seed");
    expect_error(f, "POST", "/api/games", "{\"seed\": \"1\"}", 400, "seed");
    expect_error(f, "POST", "/api/games", "{\"side\": 7}", 400, "side");
    expect_error(f, "POST", "/api/games", "{\"side\": \"Prussians\"}", 400, "side");
    expect_error(f, "POST", "/api/games", "{\"side\": -1}", 400, "side");
    expect_error(f, "POST", "/api/games", "{\"mode\": \"war\"}", 400, "mode");
    expect_error(f, "POST", "/api/games", "{\"mode\": 1}", 400, "mode");
    expect_error(f, "POST", "/api/games", "{\"ai\": 5}", 400, "ai");
    expect_error(f, "POST", "/api/games", "{\"ai\": \"\"}", 400, "ai");
    expect_error(f, "POST", "/api/games", "{\"ai\": \"bogus\"}", 400, "ai");
    expect_error(f, "POST", "/api/games", "{\"scenario\": 3}", 400, "scenario");
    expect_error(f, "POST", "/api/games", "{\"scenario\": \"../README.md\"}", 400, "scenario");
    expect_error(f, "POST", "/api/games", "{\"scenario\": \"/etc/passwd\"}", 400, "scenario");
    expect_error(f, "POST", "/api/games", "{\"scenario\": \"scenarios/../README.md\"}", 400, "scenario");
    expect_error(f, "POST", "/api/games", "{\"scenario\": \"scenarios/fogn/../../README.md\"}", 400, "scenario");
    expect_error(f, "POST", "/api/games", "{\"scenario\": \"scenarios/fogn/corps-battle.txt\"}", 400, "scenario");
    expect_error(f, "POST", "/api/games", "{\"scenario\": \"scenarios/fogn/no-such-battle.json\"}", 404, "no scenario");
    json_t *g = call_json(f, "GET", "/api/games", NULL, 200);
    assert_int_equal(json_array_size(json_object_get(g, "games")), 0);
    json_decref(g);
}

/* POST .../order and .../preview naming no order, a wrong one, or two */
static void test_errors_orders(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char op[128], pv[128], up[128], body[64];
    game_path(op, sizeof op, p0, "/order");
    game_path(pv, sizeof pv, p0, "/preview");
    game_path(up, sizeof up, p0, "/undo");
    expect_error(f, "POST", op, "{}", 400, "one of them");
    expect_error(f, "POST", op, NULL, 400, "one of them");
    expect_error(f, "POST", op, "{\"n\": \"1\"}", 400, "n:");
    expect_error(f, "POST", op, "{\"n\": 1.0}", 400, "n:");
    expect_error(f, "POST", op, "{\"order\": 5}", 400, "order:");
    expect_error(f, "POST", op, "{\"order\": \"\"}", 400, "order:");
    expect_error(f, "POST", op, "{\"order\": \"done\", \"n\": 1}", 400, "one of them");
    expect_error(f, "POST", op, "{\"n\": 0}", 422, "no order 0");
    expect_error(f, "POST", op, "{\"n\": -1}", 422, "no order");
    snprintf(body, sizeof body, "{\"n\": %zu}", json_array_size(json_object_get(p0, "orders")) + 1);
    expect_error(f, "POST", op, body, 422, "no order");
    expect_error(f, "POST", op, "{\"order\": \"fly to the moon\"}", 422, "not understood");
    expect_error(f, "POST", op, "{\"n\": 1, \"dice\": [3]}", 400, "dice");
    expect_error(f, "POST", op, "{\"n\": 1, \"why\": \"because\"}", 400, "unknown field");
    expect_error(f, "POST", pv, "{}", 400, "one of them");
    expect_error(f, "POST", pv, "{\"n\": 0}", 422, "no order");
    expect_error(f, "POST", pv, "{\"order\": \"fly to the moon\"}", 422, "not understood");
    expect_error(f, "POST", pv, "{\"n\": 1, \"dice\": [3]}", 400, "unknown field");
    expect_error(f, "POST", up, "{\"steps\": 2}", 400, "unknown field");
    /* none of it changed the game */
    json_t *p1 = get_pos(f, p0);
    assert_int_equal(int_of(p1, "version"), 0);
    assert_true(json_equal(json_object_get(p1, "units"), json_object_get(p0, "units")));
    json_decref(p1);
    json_decref(p0);
}

/* an assistant game: faces that are no faces, the AI asked to move */
static void test_errors_assist(void **state)
{
    fixture *f = *state;
    json_t *a = new_game(f, "{\"mode\": \"assist\"}");
    char op[128], ai[128];
    game_path(op, sizeof op, a, "/order");
    game_path(ai, sizeof ai, a, "/ai");
    expect_error(f, "POST", op, "{\"order\": \"done\", \"dice\": [0]}", 400, "dice");
    expect_error(f, "POST", op, "{\"order\": \"done\", \"dice\": [101]}", 400, "dice");
    expect_error(f, "POST", op, "{\"order\": \"done\", \"dice\": [3, -2]}", 400, "dice");
    expect_error(f, "POST", op, "{\"order\": \"done\", \"dice\": [\"3\"]}", 400, "dice");
    expect_error(f, "POST", op, "{\"order\": \"done\", \"dice\": 3}", 400, "dice");
    /* "done" in the command phase throws nothing: a face sent is never asked for */
    expect_error(f, "POST", op, "{\"order\": \"done\", \"dice\": [3]}", 422, "refused");
    expect_error(f, "POST", ai, NULL, 409, "assistant");
    json_t *a1 = get_pos(f, a);
    assert_int_equal(int_of(a1, "version"), 0);
    json_decref(a1);
    json_decref(a);
}

/* the saves folder: nothing is read or written outside it */
static void test_errors_saves_folder(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char sp[128], body[1200];
    game_path(sp, sizeof sp, p0, "/save");
    snprintf(body, sizeof body, "{\"path\": \"%s/../escaped.json\"}", f->dir);
    expect_error(f, "POST", sp, body, 400, "path");
    snprintf(body, sizeof body, "{\"path\": \"%s/a..json\"}", f->dir);
    expect_error(f, "POST", sp, body, 400, "path");
    snprintf(body, sizeof body, "{\"path\": \"%s/sub/x.json\"}", f->dir);
    expect_error(f, "POST", sp, body, 400, "path");
    snprintf(body, sizeof body, "{\"path\": \"%s/x.txt\"}", f->dir);
    expect_error(f, "POST", sp, body, 400, "path");
    expect_error(f, "POST", sp, "{\"path\": \"/tmp/gr_webapi_escaped.json\"}", 400, "path");
    expect_error(f, "POST", sp, "{\"path\": 5}", 400, "path");
    expect_error(f, "POST", sp, "{\"file\": \"x.json\"}", 400, "unknown field");
    char esc[256];
    snprintf(esc, sizeof esc, "%s/../escaped.json", f->dir);
    assert_false(file_exists(esc));
    assert_false(file_exists("/tmp/gr_webapi_escaped.json"));
    json_t *p1 = get_pos(f, p0);
    assert_string_equal(str_of(p1, "save"), str_of(p0, "save"));
    json_decref(p1);

    expect_error(f, "POST", "/api/games/load", "{}", 400, "save");
    expect_error(f, "POST", "/api/games/load", "{\"save\": 5}", 400, "save");
    expect_error(f, "POST", "/api/games/load", "{\"save\": \"/etc/passwd\"}", 400, "save");
    snprintf(body, sizeof body, "{\"save\": \"%s/../x.json\"}", f->dir);
    expect_error(f, "POST", "/api/games/load", body, 400, "save");
    snprintf(body, sizeof body, "{\"save\": \"%s\"}", str_of(p0, "save"));
    body[strlen(body) - 7] = 0;   /* ".json" cut off */
    strcat(body, "\"}");
    expect_error(f, "POST", "/api/games/load", body, 400, "save");
    char scn[1024];
    root_path(scn, sizeof scn, DEFAULT_SCENARIO);
    snprintf(body, sizeof body, "{\"save\": \"%s\"}", scn);
    expect_error(f, "POST", "/api/games/load", body, 400, "save");
    snprintf(body, sizeof body, "{\"save\": \"%s/no-such-save.json\"}", f->dir);
    expect_error(f, "POST", "/api/games/load", body, 404, "no save");
    expect_error(f, "POST", "/api/games/load", "{\"save\": \"x\", \"as\": 1}", 400, "unknown field");
    json_decref(p0);
}

/* routes: unknown ones 404, known ones by another method 405, unknown games 404 */
static void test_errors_routes(void **state)
{
    fixture *f = *state;
    json_t *p0 = new_game(f, "{}");
    char path[128];
    expect_error(f, "GET", "/api/games/g999", NULL, 404, "no game");
    expect_error(f, "POST", "/api/games/g999/order", "{\"n\": 1}", 404, "no game");
    expect_error(f, "GET", "/api/games/g999/map.svg", NULL, 404, "no game");
    expect_error(f, "GET", "/api/games/nogame", NULL, 404, NULL);
    expect_error(f, "GET", "/api/nothing", NULL, 404, "no such call");
    expect_error(f, "GET", "/api", NULL, 404, "no such call");
    game_path(path, sizeof path, p0, "/nothing");
    expect_error(f, "GET", path, NULL, 404, "no such call");
    game_path(path, sizeof path, p0, "/order/more");
    expect_error(f, "POST", path, "{}", 404, "no such call");
    expect_error(f, "PUT", "/api/games", "{}", 405, "PUT");
    expect_error(f, "DELETE", "/api/scenarios", NULL, 405, "DELETE");
    expect_error(f, "POST", "/api/saves", "{}", 405, NULL);
    expect_error(f, "GET", "/api/games/load", NULL, 405, NULL);
    expect_error(f, "GET", "/api/move", NULL, 405, NULL);
    game_path(path, sizeof path, p0, "");
    expect_error(f, "PATCH", path, "{}", 405, NULL);
    game_path(path, sizeof path, p0, "/order");
    expect_error(f, "GET", path, NULL, 405, NULL);
    game_path(path, sizeof path, p0, "/log");
    expect_error(f, "POST", path, "{}", 405, NULL);
    game_path(path, sizeof path, p0, "/log?since=abc");
    expect_error(f, "GET", path, NULL, 400, "since");
    game_path(path, sizeof path, p0, "/log?since=-1");
    expect_error(f, "GET", path, NULL, 400, "since");
    game_path(path, sizeof path, p0, "/log?since=");
    expect_error(f, "GET", path, NULL, 400, "since");
    json_decref(p0);
}

/* the page's files: plain names of data/web/ only */
static void test_static_files_only(void **state)
{
    fixture *f = *state;
    http r = call(f, "GET", "/", NULL);
    expect_status(&r, 200, "GET /");
    assert_true(!strncmp(r.type, "text/html", 9));
    assert_non_null(strstr(r.body, "<"));
    http_free(&r);
    r = call(f, "GET", "/index.html", NULL);
    expect_status(&r, 200, "GET /index.html");
    assert_true(!strncmp(r.type, "text/html", 9));
    http_free(&r);
    r = call(f, "GET", "/app.js", NULL);
    expect_status(&r, 200, "GET /app.js");
    assert_true(!strncmp(r.type, "text/javascript", 15));
    http_free(&r);
    r = call(f, "GET", "/style.css", NULL);
    expect_status(&r, 200, "GET /style.css");
    assert_true(!strncmp(r.type, "text/css", 8));
    http_free(&r);

    /* files of the project, by name or by path: none is served */
    expect_error(f, "GET", "/README.md", NULL, 404, "no such page");
    expect_error(f, "GET", "/Makefile", NULL, 404, "no such page");
    expect_error(f, "GET", "/data/web/index.html", NULL, 404, "no such page");
    expect_error(f, "GET", "/web/index.html", NULL, 404, "no such page");
    expect_error(f, "GET", "/scenarios/fogn/corps-battle.json", NULL, 404, "no such page");
    expect_error(f, "GET", "/.hidden.html", NULL, 404, "no such page");
    expect_error(f, "GET", "/nothing.html", NULL, 404, "no such page");
    /* paths that climb: refused as no path this server answers */
    expect_error(f, "GET", "/../etc/passwd", NULL, 400, NULL);
    expect_error(f, "GET", "/../README.md", NULL, 400, NULL);
    expect_error(f, "GET", "/%2e%2e/README.md", NULL, 400, NULL);
    expect_error(f, "GET", "/..%2fREADME.md", NULL, 400, NULL);
    expect_error(f, "GET", "/./index.html", NULL, 400, NULL);
    expect_error(f, "GET", "/..\\README.md", NULL, 400, NULL);
    expect_error(f, "GET", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", NULL, 400, NULL);
    /* the page is read, never written */
    expect_error(f, "POST", "/index.html", "{}", 405, NULL);
    expect_error(f, "DELETE", "/index.html", NULL, 405, NULL);
}

int main(void)
{
    setenv("no_proxy", "*", 1);
    setenv("NO_PROXY", "*", 1);
    if (curl_global_init(CURL_GLOBAL_DEFAULT)) return 1;
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_move),
        T(test_move_keeps_no_memory),
        T(test_list_scenarios),
        T(test_list_saves_and_games),
        T(test_list_games_over),
        T(test_new_game_defaults),
        T(test_new_games_at_once),
        T(test_new_game_named),
        T(test_new_game_assist),
        T(test_map_svg),
        T(test_order_by_text_and_number),
        T(test_preview),
        T(test_undo),
        T(test_fix),
        T(test_drag),
        T(test_save_and_load),
        T(test_log),
        T(test_delete),
        T(test_ai_turn),
        T(test_ai_thinking_refuses_changes),
        T(test_hint),
        T(test_assist_dice),
        T(test_assist_dice_need_have),
        T(test_assist_dice_recorded),
        T(test_errors_bodies),
        T(test_errors_new_game),
        T(test_errors_orders),
        T(test_errors_assist),
        T(test_errors_saves_folder),
        T(test_errors_routes),
        T(test_static_files_only),
    };
#undef T
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    curl_global_cleanup();
    return rc;
}
