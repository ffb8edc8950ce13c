/* tune_records.c - tuner samples from game records (tune_records.h). */
#include "tune_records.h"
#include "session.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int push(gr_tune_files *f, const char *path, gr_error *err)
{
    if (f->n == f->cap) {
        int cap = f->cap ? 2 * f->cap : 64;
        char **np = realloc(f->path, (size_t)cap * sizeof *np);
        if (!np) return gr_error_set(err, "out of memory");
        f->path = np;
        f->cap = cap;
    }
    f->path[f->n] = strdup(path);
    if (!f->path[f->n]) return gr_error_set(err, "out of memory");
    f->n++;
    return 0;
}

static int is_json(const struct dirent *e)
{
    size_t n = strlen(e->d_name);
    return e->d_name[0] != '.' && n > 5 && !strcmp(e->d_name + n - 5, ".json");
}

int gr_tune_files_add(gr_tune_files *f, const char *path, gr_error *err)
{
    struct stat sb;
    if (stat(path, &sb)) return gr_error_set(err, "%s: no such file or folder", path);
    if (!S_ISDIR(sb.st_mode)) return push(f, path, err);
    struct dirent **names;
    int n = scandir(path, &names, is_json, alphasort);
    if (n < 0) return gr_error_set(err, "%s: cannot read the folder", path);
    int rc = n == 0 ? gr_error_set(err, "%s: a folder without records (*.json)", path) : 0;
    for (int i = 0; i < n; i++) {
        if (!rc) {
            char full[2048];
            snprintf(full, sizeof full, "%s/%s", path, names[i]->d_name);
            rc = push(f, full, err);
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

void gr_tune_files_free(gr_tune_files *f)
{
    for (int i = 0; i < f->n; i++) free(f->path[i]);
    free(f->path);
    memset(f, 0, sizeof *f);
}

typedef struct sampler {
    gr_tune_data *d;
    const gr_eval *e;
    int last_turn;
} sampler;

/* the position before the first action of each player-move */
static int sample(void *ctx, const gr_game *g, const void *state, int i, gr_error *err)
{
    (void)i;
    sampler *s = ctx;
    int t = g->rs->rules->turn(g->scn, state);
    if (t == s->last_turn) return 0;
    s->last_turn = t;
    double x[GR_TUNE_MAX_TERMS];
    gr_tune_terms(s->e, g, state, x);
    return gr_tune_data_add(s->d, x, -1) ? gr_error_set(err, "out of memory") : 0;
}

int gr_tune_add_record(gr_tune_data *d, const gr_eval *e, const gr_game *g, const gr_record *rec, gr_error *err)
{
    const gr_ruleset *rs = g->rs;
    if (!rs->rules->turn) return gr_error_set(err, "the %s ruleset has no turn counter to sample by", rs->name);
    void *st = calloc(1, rs->rules->state_size);
    if (!st) return gr_error_set(err, "out of memory");
    size_t first = d->n;
    sampler s = {d, e, -1};
    int rc = gr_replay_visit(g, rec, st, sample, &s, err);
    if (!rc && rs->rules->to_move(g->scn, st) != GR_TERMINAL) d->n = first; /* unfinished: no label */
    if (!rc && d->n > first) {
        gr_result res;
        rs->rules->result(g->scn, st, &res);
        for (size_t i = first; i < d->n; i++) d->y[i] = res.score[0];
    }
    free(st);
    if (rc) {
        d->n = first;
        return -1;
    }
    return (int)(d->n - first);
}
