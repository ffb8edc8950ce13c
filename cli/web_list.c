/* web_list.c - the calls of no game (docs/web.md): the bundled scenarios,
 * the saves under the saves folder, the games open, and the two ways to
 * open one (a new game from a scenario, a save loaded). Scenario and save
 * paths are taken only in the forms these lists give them, so no file
 * outside the scenarios and saves folders is ever opened. */
#include "web_api.h"
#include "position.h"
#include "saves.h"
#include "session.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/jsonutil.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define WEB_SCENARIO_FILE_MAX ((size_t)8 << 20)

const char *gr_web_level_spec(const char *level)
{
    const char *spec = gr_level_spec(level);
    return spec ? spec : level;
}

/* a file name as the lists give it: letters, digits, '_', '-', '.', no ".." */
static int plain_name(const char *s, size_t len)
{
    if (len == 0 || len > 200 || !isalnum((unsigned char)s[0])) return 0;
    for (size_t i = 0; i < len; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr("_-.", s[i])) return 0;
    return !strstr(s, "..");
}

static int ends_json(const char *s)
{
    size_t n = strlen(s);
    return n > 5 && !strcmp(s + n - 5, ".json");
}

static void add_scenario(json_t *list, const char *dir, const char *sub, const char *file)
{
    char path[2048], shown[1024];
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, file);
    snprintf(shown, sizeof shown, "scenarios/%s/%s", sub, file);
    gr_error err;
    size_t len;
    char *text = gr_read_file(path, WEB_SCENARIO_FILE_MAX, &len, &err);
    json_t *j = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    const char *name = json_string_value(json_object_get(j, "name"));
    const char *rs = json_string_value(json_object_get(j, "ruleset"));
    if (j && rs && !json_object_get(j, "actions"))
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:b}", "path", shown, "name", name ? name : file, "ruleset",
                                              rs, "default", json_is_true(json_object_get(j, "default"))));
    json_decref(j);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(json_string_value(json_object_get(*(json_t *const *)a, "path")),
                  json_string_value(json_object_get(*(json_t *const *)b, "path")));
}

/* the array's objects sorted by cmp */
static json_t *sorted(json_t *list, int (*cmp)(const void *, const void *))
{
    size_t n = json_array_size(list);
    json_t **v = malloc((n ? n : 1) * sizeof *v);
    json_t *out = json_array();
    if (!v || !out) {
        free(v);
        json_decref(out);
        return list;
    }
    for (size_t i = 0; i < n; i++) v[i] = json_array_get(list, i);
    qsort(v, n, sizeof *v, cmp);
    for (size_t i = 0; i < n; i++) json_array_append(out, v[i]);
    free(v);
    json_decref(list);
    return out;
}

int gr_web_list_scenarios(gr_web *w, const gr_web_req *q, gr_web_resp *r)
{
    (void)w, (void)q;
    char dir[1024];
    if (gr_find_data("scenarios", dir, sizeof dir))
        return gr_web_fail(r, 500, "no scenarios folder found (set GROGNARD_ROOT to the Grognard folder)");
    json_t *list = json_array();
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!plain_name(e->d_name, strlen(e->d_name)) || strchr(e->d_name, '.')) continue;
        char sub[1400];
        snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        DIR *sd = opendir(sub);
        struct dirent *f;
        while (sd && (f = readdir(sd)))
            if (plain_name(f->d_name, strlen(f->d_name)) && ends_json(f->d_name)) add_scenario(list, dir, e->d_name, f->d_name);
        if (sd) closedir(sd);
    }
    if (d) closedir(d);
    return gr_web_json(r, 200, json_pack("{s:o}", "scenarios", sorted(list, by_path)));
}

static int newest_first(const void *a, const void *b)
{
    json_int_t x = json_integer_value(json_object_get(*(json_t *const *)a, "modified"));
    json_int_t y = json_integer_value(json_object_get(*(json_t *const *)b, "modified"));
    return x < y ? 1 : x > y ? -1 : by_path(a, b);
}

int gr_web_list_saves(gr_web *w, const gr_web_req *q, gr_web_resp *r)
{
    (void)q;
    json_t *list = json_array();
    DIR *d = opendir(w->saves);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!plain_name(e->d_name, strlen(e->d_name)) || !ends_json(e->d_name)) continue;
        char path[600];
        snprintf(path, sizeof path, "%s/%s", w->saves, e->d_name);
        struct stat sb;
        if (stat(path, &sb) || !S_ISREG(sb.st_mode)) continue;
        gr_error err;
        size_t len;
        char *text = gr_read_file(path, WEB_SCENARIO_FILE_MAX * 4, &len, &err);
        json_t *j = text ? json_loadb(text, len, 0, NULL) : NULL;
        free(text);
        json_t *ses = json_object_get(j, "session");
        const char *mode = json_string_value(json_object_get(ses, "mode"));
        const char *name = json_string_value(json_object_get(json_object_get(j, "scenario"), "name"));
        if (j && json_object_get(j, "actions") && mode)
            json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:I}", "path", path, "mode", mode, "scenario",
                                                  name ? name : "", "modified", (json_int_t)sb.st_mtime));
        json_decref(j);
    }
    if (d) closedir(d);
    return gr_web_json(r, 200, json_pack("{s:o}", "saves", sorted(list, newest_first)));
}

int gr_web_list_games(gr_web *w, const gr_web_req *q, gr_web_resp *r)
{
    (void)q;
    json_t *list = json_array();
    gr_web_games *t = &w->games;
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->n; i++) {
        gr_web_game *G = t->g[i];
        json_t *nm = json_object_get(G->L.g.scenario_json, "name");
        /* a game's lock inside the table's: nothing takes them the other way round */
        pthread_mutex_lock(&G->mu);
        int over = gr_live_over(&G->L);
        pthread_mutex_unlock(&G->mu);
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:b}", "id", G->id, "title",
                                              json_is_string(nm) ? json_string_value(nm) : G->L.g.path, "mode",
                                              G->mode == GR_WEB_ASSIST ? "assist" : "play", "over", over));
    }
    pthread_mutex_unlock(&t->mu);
    return gr_web_json(r, 200, json_pack("{s:o}", "games", list));
}

/* "scenarios/SUB/NAME.json" to the file under the scenarios folder; -1 after answering */
static int scenario_file(const char *shown, char *path, size_t cap, gr_web_resp *r)
{
    const char *pre = "scenarios/";
    const char *rest = shown + strlen(pre);
    const char *slash = strncmp(shown, pre, strlen(pre)) ? NULL : strchr(rest, '/');
    if (!slash || !plain_name(rest, (size_t)(slash - rest)) || !plain_name(slash + 1, strlen(slash + 1)) ||
        !ends_json(slash + 1))
        return gr_web_fail(r, 400, "scenario '%.200s': a path as GET /api/scenarios gives them expected "
                                   "(scenarios/RULESET/NAME.json)", shown);
    char dir[1024];
    if (gr_find_data("scenarios", dir, sizeof dir)) return gr_web_fail(r, 500, "no scenarios folder found");
    snprintf(path, cap, "%s/%s", dir, rest);
    struct stat sb;
    if (stat(path, &sb) || !S_ISREG(sb.st_mode)) return gr_web_fail(r, 404, "no scenario %.200s", shown);
    return 0;
}

/* the side a body names: 0, 1 or a side's name; -1 after answering */
static int body_side(json_t *v, const gr_game *g, int dflt, gr_web_resp *r)
{
    if (!v) return dflt;
    if (json_is_integer(v) && (json_integer_value(v) == 0 || json_integer_value(v) == 1)) return (int)json_integer_value(v);
    int s = json_is_string(v) ? gr_side_from_text(g, json_string_value(v)) : -1;
    if (s < 0) {
        const char *names[2];
        gr_game_side_names(g, names);
        return gr_web_fail(r, 400, "side: 0, 1, \"%s\" or \"%s\" expected", names[0], names[1]);
    }
    return s;
}

/* the game shell around an opened live game, added, answered with its position */
static int open_game(gr_web *w, gr_live *L, gr_web_mode mode, int human, const char *ai, unsigned long long seed,
                     const char *save, gr_web_resp *r)
{
    gr_error err;
    gr_error_clear(&err);
    /* the spec is tried on the game as opened, so a bad one is refused before
     * anything is kept; the AI itself is made once the game has its place in
     * the shell (a player may keep a pointer to the game it plays) */
    if (mode == GR_WEB_PLAY) {
        gr_player *probe = gr_player_create(ai, &L->g, seed * 2 + 2, &err);
        if (!probe) {
            gr_live_free(L);
            return gr_web_fail(r, 400, "ai: %s", err.msg);
        }
        gr_player_free(probe);
    }
    gr_web_game *G = gr_web_game_new(L, mode, human, ai, seed, &err);
    if (!G) {
        gr_live_free(L);
        return gr_web_fail(r, 500, "%s", err.msg);
    }
    if (mode == GR_WEB_PLAY) G->ai = gr_player_create(ai, &G->L.g, seed * 2 + 2, &err);
    snprintf(G->save_path, sizeof G->save_path, "%s", save);
    if ((mode == GR_WEB_PLAY && !G->ai) || gr_web_game_save(G, G->save_path, &err) || gr_web_games_add(&w->games, G, &err)) {
        gr_web_game_free(G);
        return gr_web_fail(r, 500, "%s", err.msg);
    }
    pthread_mutex_lock(&G->mu);
    json_t *pos = gr_web_position_json(w, G);
    pthread_mutex_unlock(&G->mu);
    return gr_web_json(r, 201, pos);
}

int gr_web_new_game(gr_web *w, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"scenario", "mode", "side", "ai", "seed", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int rc = -1;
    gr_error err;
    gr_error_clear(&err);
    json_t *js = json_object_get(b, "scenario"), *jm = json_object_get(b, "mode"), *ja = json_object_get(b, "ai"),
           *jseed = json_object_get(b, "seed");
    char path[1600], dflt[1024];
    gr_web_mode mode = GR_WEB_PLAY;
    if (gr_web_known_keys(b, keys, r)) goto out;
    if (js && !json_is_string(js)) { gr_web_fail(r, 400, "scenario: a path (string) expected"); goto out; }
    if (jm && (!json_is_string(jm) || (strcmp(json_string_value(jm), "play") && strcmp(json_string_value(jm), "assist")))) {
        gr_web_fail(r, 400, "mode: \"play\" or \"assist\" expected");
        goto out;
    }
    if (jm && !strcmp(json_string_value(jm), "assist")) mode = GR_WEB_ASSIST;
    if (ja && (!json_is_string(ja) || !json_string_length(ja) || json_string_length(ja) > 150)) {
        gr_web_fail(r, 400, "ai: a level (easy, normal, hard) or a player spec expected");
        goto out;
    }
    if (jseed && (!json_is_integer(jseed) || json_integer_value(jseed) < 0)) {
        gr_web_fail(r, 400, "seed: a whole number, 0 or more, expected");
        goto out;
    }
    if (js) {
        if (scenario_file(json_string_value(js), path, sizeof path, r)) goto out;
    } else if (gr_find_default_scenario(dflt, sizeof dflt, &err)) {
        gr_web_fail(r, 500, "%s", err.msg);
        goto out;
    } else {
        snprintf(path, sizeof path, "%s", dflt);
    }
    unsigned long long seed = jseed ? (unsigned long long)json_integer_value(jseed) : (w->o.seed ? w->o.seed : 1);
    gr_live L;
    memset(&L, 0, sizeof L);
    if (gr_live_open(&L, path, seed, mode == GR_WEB_ASSIST, NULL, NULL, &err)) {
        gr_web_fail(r, 422, "%s", err.msg);
        goto out;
    }
    int human = body_side(json_object_get(b, "side"), &L.g, mode == GR_WEB_ASSIST ? -1 : 0, r);
    if (human < 0 && (mode == GR_WEB_PLAY || json_object_get(b, "side"))) {
        gr_live_free(&L);
        goto out;
    }
    const char *names[2];
    gr_game_side_names(&L.g, names);
    char save[700];
    /* a name is free until its file is written: one new game at a time takes one */
    pthread_mutex_lock(&w->new_mu);
    if (gr_saves_name(save, sizeof save, w->saves, mode == GR_WEB_ASSIST ? "web-assist" : "web", path,
                      human >= 0 ? names[human] : NULL, time(NULL), &err)) {
        pthread_mutex_unlock(&w->new_mu);
        gr_live_free(&L);
        gr_web_fail(r, 500, "%s", err.msg);
        goto out;
    }
    rc = open_game(w, &L, mode, human, ja ? gr_web_level_spec(json_string_value(ja)) : w->ai, seed, save, r);
    pthread_mutex_unlock(&w->new_mu);
out:
    json_decref(b);
    return rc;
}

/* the open game that writes the save at path, held; NULL when none */
static gr_web_game *find_by_save(gr_web_games *t, const char *path)
{
    char id[GR_WEB_ID_MAX] = "";
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->g[i]->save_path, path)) snprintf(id, sizeof id, "%s", t->g[i]->id);
    pthread_mutex_unlock(&t->mu);
    return id[0] ? gr_web_games_find(t, id) : NULL;
}

int gr_web_load_game(gr_web *w, const gr_web_req *q, gr_web_resp *r)
{
    static const char *const keys[] = {"save", NULL};
    json_t *b = gr_web_body(q, r);
    if (!b) return -1;
    int rc = -1;
    gr_error err;
    gr_error_clear(&err);
    json_t *js = json_object_get(b, "save");
    const char *s = json_string_value(js);
    size_t pre = strlen(w->saves);
    if (gr_web_known_keys(b, keys, r)) goto out;
    if (!s || strncmp(s, w->saves, pre) || s[pre] != '/' || !plain_name(s + pre + 1, strlen(s + pre + 1)) ||
        !ends_json(s)) {
        gr_web_fail(r, 400, "save: a path as GET /api/saves gives them expected (%s/NAME.json)", w->saves);
        goto out;
    }
    struct stat sb;
    if (stat(s, &sb) || !S_ISREG(sb.st_mode)) {
        gr_web_fail(r, 404, "no save %.200s", s);
        goto out;
    }
    /* a save an open game writes is that game: two games on one file would overwrite each other */
    gr_web_game *open = find_by_save(&w->games, s);
    if (open) {
        pthread_mutex_lock(&open->mu);
        json_t *pos = gr_web_position_json(w, open);
        pthread_mutex_unlock(&open->mu);
        gr_web_games_release(&w->games, open);
        rc = gr_web_json(r, 200, pos);
        goto out;
    }
    gr_live L;
    memset(&L, 0, sizeof L);
    if (gr_live_open(&L, s, w->o.seed ? w->o.seed : 1, 0, NULL, NULL, &err)) {
        gr_web_fail(r, 422, "%s", err.msg);
        goto out;
    }
    json_t *ses = L.rec.session;
    const char *mode = json_string_value(json_object_get(ses, "mode"));
    if (!mode || (strcmp(mode, "play") && strcmp(mode, "assist"))) {
        gr_live_free(&L);
        gr_web_fail(r, 422, "%s is a record, not a saved game (no session of play or assist)", s);
        goto out;
    }
    int assist = !strcmp(mode, "assist");
    json_t *side = json_object_get(ses, assist ? "side" : "human_side");
    int human = json_is_integer(side) ? (int)json_integer_value(side) : assist ? -1 : 0;
    if (human < -1 || human > 1 || (!assist && human < 0)) human = assist ? -1 : 0;
    const char *ai = json_string_value(json_object_get(ses, "ai"));
    char spec[160];
    snprintf(spec, sizeof spec, "%s", ai && *ai ? ai : w->ai);
    rc = open_game(w, &L, assist ? GR_WEB_ASSIST : GR_WEB_PLAY, human, spec, L.rec.seed, s, r);
out:
    json_decref(b);
    return rc;
}
