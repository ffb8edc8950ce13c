/* web_games.c - the games a web server has open (web_games.h): the table,
 * a game's shell, its narrative and its save. */
#include "web_games.h"
#include "repl.h"

#include <stdlib.h>
#include <string.h>

void gr_web_games_init(gr_web_games *t)
{
    memset(t, 0, sizeof *t);
    pthread_mutex_init(&t->mu, NULL);
    t->next_id = 1;
}

void gr_web_games_free(gr_web_games *t)
{
    for (int i = 0; i < t->n; i++) {
        gr_web_game *G = t->g[i];
        atomic_store(&G->stop, 1);
        gr_web_game_join(G);
        gr_error err;
        gr_error_clear(&err);
        if (G->save_path[0] && gr_web_game_save(G, G->save_path, &err))
            fprintf(stderr, "grognard serve: %s: %s\n", G->id, err.msg);
        gr_web_game_free(G);
    }
    t->n = 0;
    pthread_mutex_destroy(&t->mu);
}

int gr_web_games_add(gr_web_games *t, gr_web_game *G, gr_error *err)
{
    pthread_mutex_lock(&t->mu);
    if (t->n >= GR_WEB_MAX_GAMES) {
        pthread_mutex_unlock(&t->mu);
        return gr_error_set(err, "this server has %d games open, its most: close one first (DELETE /api/games/ID)",
                            t->n);
    }
    snprintf(G->id, sizeof G->id, "g%ld", t->next_id++);
    t->g[t->n++] = G;
    pthread_mutex_unlock(&t->mu);
    return 0;
}

gr_web_game *gr_web_games_find(gr_web_games *t, const char *id)
{
    gr_web_game *G = NULL;
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->g[i]->id, id)) {
            G = t->g[i];
            G->refs++;
            break;
        }
    pthread_mutex_unlock(&t->mu);
    return G;
}

void gr_web_games_release(gr_web_games *t, gr_web_game *G)
{
    if (!G) return;
    pthread_mutex_lock(&t->mu);
    int gone = --G->refs == 0 && G->closed;
    pthread_mutex_unlock(&t->mu);
    if (gone) gr_web_game_free(G);
}

void gr_web_games_close(gr_web_games *t, gr_web_game *G)
{
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < t->n; i++)
        if (t->g[i] == G) {
            memmove(&t->g[i], &t->g[i + 1], (size_t)(t->n - i - 1) * sizeof t->g[0]);
            t->n--;
            G->closed = 1;
            break;
        }
    pthread_mutex_unlock(&t->mu);
}

gr_web_game *gr_web_game_new(gr_live *L, gr_web_mode mode, int human, const char *ai_spec, unsigned long long seed,
                             gr_error *err)
{
    gr_web_game *G = calloc(1, sizeof *G);
    json_t *lines = json_array(), *played = json_array(), *paths = json_array();
    if (!G || !lines || !played || !paths) {
        free(G);
        json_decref(lines);
        json_decref(played);
        json_decref(paths);
        gr_error_set(err, "out of memory");
        return NULL;
    }
    G->L = *L;
    memset(L, 0, sizeof *L);
    gr_dice_set_log(&G->L.dice, &G->L.log); /* the dice log to the game's own log, not the moved-from one */
    G->mode = mode;
    G->human = human;
    snprintf(G->ai_spec, sizeof G->ai_spec, "%s", ai_spec);
    G->seed = seed;
    G->lines = lines;
    G->played = played;
    G->paths = paths;
    pthread_mutex_init(&G->mu, NULL);
    pthread_mutex_init(&G->info_mu, NULL);
    const char *names[2];
    gr_game_side_names(&G->L.g, names);
    gr_narrator_init(&G->nar, names[0], names[1], 0);
    G->nar.quiet_rolls = mode == GR_WEB_ASSIST; /* the dice were typed: the person has seen them */
    G->told = 0;
    json_decref(gr_web_game_tell(G));
    return G;
}

void gr_web_game_join(gr_web_game *G)
{
    if (!G->th_started) return;
    pthread_join(G->th, NULL);
    G->th_started = 0;
}

void gr_web_game_free(gr_web_game *G)
{
    if (!G) return;
    atomic_store(&G->stop, 1);
    gr_web_game_join(G);
    gr_player_free(G->ai);
    gr_live_free(&G->L);
    json_decref(G->lines);
    json_decref(G->played);
    json_decref(G->paths);
    pthread_mutex_destroy(&G->mu);
    pthread_mutex_destroy(&G->info_mu);
    free(G);
}

/* the text of a memory stream split into lines, each appended to both arrays */
static void split_lines(const char *text, json_t *all, json_t *fresh)
{
    const char *p = text;
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len) {
            json_t *s = json_stringn(p, len);
            if (s) {
                json_array_append(all, s);
                json_array_append_new(fresh, s);
            }
        }
        p = nl ? nl + 1 : NULL;
    }
}

json_t *gr_web_game_tell(gr_web_game *G)
{
    json_t *fresh = json_array();
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return fresh;
    G->told = gr_narrate(&G->nar, &G->L.log, G->told, f);
    fclose(f);
    split_lines(buf, G->lines, fresh);
    free(buf);
    return fresh;
}

void gr_web_game_rewind(gr_web_game *G, const char *what)
{
    if (G->told > G->L.log.n) G->told = G->L.log.n;
    char desc[256], line[512];
    G->L.g.rs->present->describe_decision(G->L.g.scn, G->L.st, desc, sizeof desc);
    snprintf(line, sizeof line, "-- %s; now: %s", what, desc);
    json_array_append_new(G->lines, json_string(line));
}

int gr_web_game_save(gr_web_game *G, const char *path, gr_error *err)
{
    json_t *s = json_object();
    if (!s) return gr_error_set(err, "out of memory");
    json_object_set_new(s, "mode", json_string(G->mode == GR_WEB_ASSIST ? "assist" : "play"));
    if (G->mode == GR_WEB_ASSIST) json_object_set_new(s, "side", json_integer(G->human));
    else json_object_set_new(s, "human_side", json_integer(G->human));
    json_object_set_new(s, "ai", json_string(G->ai_spec));
    json_object_set_new(s, "front_end", json_string("web"));
    gr_repl_ensure_dir(path);
    int rc = gr_live_save(&G->L, path, s, err);
    json_decref(s);
    return rc;
}
