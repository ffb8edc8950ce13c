/* saves.c - file names for new games and sessions, and the list of the
 * ones kept (see saves.h). A listed save is read as a record and replayed,
 * so the list says where each game stands, or why a file does not load. */
#include "saves.h"
#include "commands.h"
#include "live.h"
#include "../engine/core/args.h"
#include "../engine/core/play.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SAVES_LIST_MAX 200

/* the lower-case letters, digits, '-' and '_' of src (others become '-'), at most cap-1 */
static void slug(char *dst, size_t cap, const char *src, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && src[i] && k + 1 < cap; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[k++] = (char)(isalnum(c) ? tolower(c) : c == '_' ? '_' : '-');
    }
    dst[k] = 0;
}

int gr_saves_name(char *buf, size_t cap, const char *dir, const char *kind, const char *scenario, const char *side,
                  time_t when, gr_error *err)
{
    const char *base = strrchr(scenario, '/');
    base = base ? base + 1 : scenario;
    size_t bl = strlen(base);
    if (bl > 5 && !strcmp(base + bl - 5, ".json")) bl -= 5;
    char stem[64], who[40] = "", stamp[32];
    slug(stem, sizeof stem, base, bl);
    if (side) {
        who[0] = '-';
        slug(who + 1, sizeof who - 1, side, strlen(side));
    }
    struct tm tm;
    localtime_r(&when, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 1; k < 100; k++) {
        char tail[8] = "";
        if (k > 1) snprintf(tail, sizeof tail, "-%d", k);
        int n = snprintf(buf, cap, "%s/%s-%s%s-%s%s.json", dir, kind, stem, who, stamp, tail);
        if (n < 0 || (size_t)n >= cap) return gr_error_set(err, "the save's name does not fit in %zu bytes", cap - 1);
        if (access(buf, F_OK) != 0) return 0;
    }
    return gr_error_set(err, "%s: too many saves started in the same second", dir);
}

typedef struct save_row {
    char name[256];
    time_t mtime;
} save_row;

static int newest_first(const void *a, const void *b)
{
    const save_row *x = a, *y = b;
    return x->mtime < y->mtime ? 1 : x->mtime > y->mtime ? -1 : strcmp(x->name, y->name);
}

/* one line: the file, its kind, scenario, side, actions and where it stands */
static void describe(const char *dir, const save_row *r)
{
    char path[1300];
    snprintf(path, sizeof path, "%s/%s", dir, r->name);
    char when[32];
    struct tm tm;
    localtime_r(&r->mtime, &tm);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
    gr_live L;
    gr_error err;
    gr_error_clear(&err);
    if (gr_live_open(&L, path, 1, 0, NULL, NULL, &err)) {
        printf("%-56s %s  does not load: %s\n", path, when, err.msg);
        return;
    }
    json_t *ses = L.rec.session;
    const char *mode = json_string_value(json_object_get(ses, "mode"));
    json_t *hs = json_object_get(ses, json_object_get(ses, "human_side") ? "human_side" : "side");
    const char *names[2];
    gr_game_side_names(&L.g, names);
    long side = json_is_integer(hs) ? (long)json_integer_value(hs) : -1;
    char where[300];
    if (gr_live_over(&L)) {
        gr_result res;
        L.g.rs->rules->result(L.g.scn, L.st, &res);
        snprintf(where, sizeof where, "over: %s", res.reason);
    } else {
        char desc[256];
        L.g.rs->present->describe_decision(L.g.scn, L.st, desc, sizeof desc);
        snprintf(where, sizeof where, "in progress: %s", desc);
    }
    const char *scn = json_string_value(json_object_get(L.g.scenario_json, "name"));
    printf("%-56s %s  %s %s, %s%s%s, %d actions, %s\n", path, when, mode ? mode : "record", L.g.rs->name,
           scn ? scn : L.g.path, side == 0 || side == 1 ? ", " : "", side == 0 || side == 1 ? names[side] : "",
           L.rec.nactions, where);
    gr_live_free(&L);
}

static int is_save_name(const char *n)
{
    size_t l = strlen(n);
    return l > 5 && !strcmp(n + l - 5, ".json") && (!strncmp(n, "play-", 5) || !strncmp(n, "assist-", 7));
}

int gr_cmd_saves(int argc, char **argv)
{
    char *pos[1];
    gr_args_list dirs = {pos, 0, 1};
    const gr_args_spec spec = {
        .verb = "grognard saves",
        .usage = "usage: grognard saves [DIR]   (the games of play and sessions of assist kept in DIR, default " GR_SAVES_DIR
                 ")\n",
        .pos = &dirs, .min_pos = 0, .pos_name = "a folder",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    const char *dir = dirs.n ? dirs.v[0] : GR_SAVES_DIR;
    DIR *d = opendir(dir);
    if (!d) {
        printf("no saves: %s does not exist yet (grognard play and grognard assist keep their games there)\n", dir);
        return 0;
    }
    save_row *rows = calloc(SAVES_LIST_MAX, sizeof *rows);
    if (!rows) { closedir(d); return 1; }
    int n = 0, more = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!is_save_name(e->d_name) || strlen(e->d_name) >= sizeof rows[0].name) continue;
        if (n == SAVES_LIST_MAX) { more++; continue; }
        char path[1300];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        snprintf(rows[n].name, sizeof rows[n].name, "%s", e->d_name);
        rows[n++].mtime = st.st_mtime;
    }
    closedir(d);
    qsort(rows, (size_t)n, sizeof *rows, newest_first);
    if (!n) printf("no saves in %s\n", dir);
    for (int i = 0; i < n; i++) describe(dir, &rows[i]);
    if (more) printf("... and %d more not listed\n", more);
    if (n) printf("go on with one: grognard play FILE (a game) or grognard assist FILE (a session)\n");
    free(rows);
    return 0;
}
