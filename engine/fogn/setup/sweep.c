/* sweep.c - grognard setup --sweep (sweep.h): generated points battles over
 * every ordered pair of the example armies and a run of seeds, each played
 * to the end by random players with the invariants checked after every
 * action, the reach of the soak counted (setup_cover.h), and a failing
 * game kept as scenario and record for `grognard replay`. */
#include "sweep.h"
#include "setup_cover.h"
#include "../../core/fsutil.h"
#include "../../core/play.h"
#include "../../core/record.h"
#include "../../registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SWEEP_MAX_ARMIES 32
#define SWEEP_SHOW_FAILURES 10

void fogn_setup_side_free(fogn_setup_side *s)
{
    free(s->army);
    free(s->list);
    s->army = NULL;
    s->list = NULL;
}

int fogn_setup_side_load(const char *path, bool strict, fogn_setup_side *out, gr_error *err)
{
    out->army = fogn_army_load_file(path, err);
    if (!out->army) return -1;
    out->list = fogn_list_load_id(out->army->list, err);
    if (!out->list) {
        gr_error_prefix(err, "%s: ", path);
        fogn_setup_side_free(out);
        return -1;
    }
    if (!strict) return 0;
    fogn_army_report *r = malloc(sizeof *r);
    if (!r) return gr_error_set(err, "out of memory");
    int n = fogn_army_check(out->list, out->army, r);
    if (n > 0) {
        for (int i = 0; i < r->nbreaches; i++) fprintf(stderr, "  %s\n", r->b[i].msg);
        gr_error_set(err, "%s: the army breaks %d rule%s of list %s (grognard army check)", path, n, n == 1 ? "" : "s",
                     out->list->id);
        free(r);
        fogn_setup_side_free(out);
        return -1;
    }
    free(r);
    return 0;
}

typedef struct sweep {
    const fogn_sweep_opts *o;
    fogn_setup_side armies[SWEEP_MAX_ARMIES];
    char label[SWEEP_MAX_ARMIES][64];
    int na;
    long made, loaded, valid, finished, total, shown, kept;
    fogn_cover cov;
} sweep;

static int filter_json(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return d->d_name[0] != '.' && n > 5 && strcmp(d->d_name + n - 5, ".json") == 0;
}

/* the example armies, in file-name order */
static int load_armies(sweep *w)
{
    char dir[1024];
    if (gr_find_data("data/fogn/armies/examples", dir, sizeof dir)) {
        fprintf(stderr, "grognard setup: cannot find data/fogn/armies/examples (set GROGNARD_ROOT)\n");
        return -1;
    }
    struct dirent **names = NULL;
    int nf = scandir(dir, &names, filter_json, alphasort);
    if (nf <= 0) {
        fprintf(stderr, "grognard setup: no army files in %s\n", dir);
        free(names);
        return -1;
    }
    gr_error err;
    for (int i = 0; i < nf; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (w->na < SWEEP_MAX_ARMIES) {
            gr_error_clear(&err);
            if (fogn_setup_side_load(path, false, &w->armies[w->na], &err)) fprintf(stderr, "%s\n", err.msg);
            else snprintf(w->label[w->na++], sizeof w->label[0], "%.63s", names[i]->d_name);
        }
        free(names[i]);
    }
    free(names);
    return 0;
}

/* writes the failing game's scenario and record into the keep folder */
static void keep_failure(sweep *w, json_t *root, const gr_record *rec, int i, int j, unsigned long long seed)
{
    char stem[1200], path[1300];
    snprintf(stem, sizeof stem, "%s/%.*s-vs-%.*s-seed%llu", w->o->keep, (int)strlen(w->label[i]) - 5, w->label[i],
             (int)strlen(w->label[j]) - 5, w->label[j], seed);
    gr_error err;
    gr_error_clear(&err);
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    snprintf(path, sizeof path, "%s.json", stem);
    int bad = !text || gr_write_atomic(path, text, strlen(text), &err);
    free(text);
    snprintf(path, sizeof path, "%s.record.json", stem);
    if (!bad) bad = gr_record_save(rec, path, &err);
    if (bad) fprintf(stderr, "grognard setup: cannot keep %s: %s\n", stem, err.msg[0] ? err.msg : "out of memory");
    else w->kept++;
}

/* plays the loaded scenario out; NULL when it ended, else the stage missed */
static const char *play_out(sweep *w, gr_game *g, json_t *root, int i, int j, unsigned long long seed, gr_error *err)
{
    void *st = calloc(1, g->rs->rules->state_size);
    if (!st) return gr_error_set(err, "out of memory"), "played";
    g->rs->rules->init(g->scn, st);
    gr_play_opts o = {.seed = seed, .max_decisions = w->o->decisions, .check_invariants = 1,
                      .after = fogn_cover_after, .ctx = &w->cov};
    fogn_cover_table(&w->cov, g->scn);
    gr_record rec;
    gr_record_init(&rec, g, seed);
    const char *stage = "played";
    if (gr_play_random(g, st, w->o->keep ? &rec : NULL, NULL, &o, err) >= 0) {
        if (g->rs->rules->to_move(g->scn, st) == GR_TERMINAL) stage = NULL;
        else gr_error_set(err, "not over after %d decisions", w->o->decisions);
    }
    if (stage && w->o->keep) keep_failure(w, root, &rec, i, j, seed);
    gr_record_free(&rec);
    free(st);
    return stage;
}

/* The book's points-battle tables never place rocky ground, gullies, soft
 * ground, walls or hedges (soft ground is for scenarios only, §15.3). So
 * that the soak meets them too, one seed in four swaps lakes for rocky
 * ground, marshes for soft ground and brush for gullies, and hedges the
 * near side of each field and walls its far side. */
static void vary_terrain(json_t *root)
{
    static const char *const swap[][2] = {{"lake", "rocky"}, {"marsh", "soft_ground"}, {"brush", "gully"}};
    json_t *terrain = json_object_get(root, "terrain");
    size_t n = json_array_size(terrain);
    for (size_t k = 0; k < n; k++) {
        json_t *t = json_array_get(terrain, k);
        const char *type = json_string_value(json_object_get(t, "type"));
        if (!type) continue;
        size_t w = 0;
        while (w < sizeof swap / sizeof swap[0] && strcmp(type, swap[w][0])) w++;
        if (w < sizeof swap / sizeof swap[0]) {
            /* the new type frees the old string `type` points at: look no further at it */
            json_object_set_new(t, "type", json_string(swap[w][1]));
            continue;
        }
        json_t *pts = json_object_get(t, "points");
        if (strcmp(type, "fields") || json_array_size(pts) < 6) continue;
        const char *name = json_string_value(json_object_get(t, "name"));
        for (int side = 0; side < 2; side++) {
            size_t a = side ? json_array_size(pts) / 2 : 0;
            json_t *line = json_pack("{s:s+, s:s, s:f, s:[O,O]}", "name", side ? "Wall of " : "Hedge of ",
                                     name ? name : "fields", "type", side ? "wall" : "hedge", "width", 0.25,
                                     "points", json_array_get(pts, a), json_array_get(pts, a + 1));
            if (line) json_array_append_new(terrain, line);
        }
    }
}

/* one scenario of the sweep: made, loaded, checked, played */
static void sweep_one(sweep *w, int i, int j, unsigned long long seed)
{
    w->total++;
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, FOGN_SETUP_DICE_STREAM);
    gr_error err;
    gr_error_clear(&err);
    /* every third seed the attacker flank-marches, every third both armies keep a reserve */
    fogn_setup_options opt = {.flank_edge = FOGN_SETUP_NO_FLANK};
    if (seed % 3 == 0) opt.flank_edge = FOGN_EDGE_RIGHT, opt.flank_sector = FOGN_SEC_FRONT;
    if (seed % 3 == 2) opt.reserve[0] = opt.reserve[1] = true;
    const fogn_setup_side *a = &w->armies[i], *b = &w->armies[j];
    json_t *root = fogn_setup_generate_with(a->list, a->army, b->list, b->army, &opt, &dice, NULL, &err);
    const char *stage = "made";
    gr_game g;
    memset(&g, 0, sizeof g);
    if (root) {
        w->made++;
        if (seed % 4 == 1) vary_terrain(root);
        stage = "loaded";
        if (!gr_game_from_json(&g, root, "sweep", &err)) {
            w->loaded++;
            stage = "checked";
            if (!gr_game_check_start(&g, &err) && !fogn_setup_check(root, &err)) {
                w->valid++;
                stage = play_out(w, &g, root, i, j, seed, &err);
                if (!stage) w->finished++;
            }
        }
    }
    if (stage && w->shown++ < SWEEP_SHOW_FAILURES)
        fprintf(stderr, "%s  %s vs %s seed %llu: not %s: %s\n", isatty(2) ? "\r" : "", w->label[i], w->label[j], seed,
                stage, err.msg);
    gr_game_free(&g);
    json_decref(root);
}

int fogn_setup_sweep(const fogn_sweep_opts *o)
{
    sweep *w = calloc(1, sizeof *w);
    if (!w) return 1;
    w->o = o;
    if (load_armies(w)) {
        free(w);
        return 1;
    }
    time_t t0 = time(NULL);
    int tty = isatty(2);
    long all = (long)w->na * w->na * o->nseeds;
    for (int i = 0; i < w->na; i++)
        for (int j = 0; j < w->na; j++)
            for (int k = 0; k < o->nseeds; k++) {
                sweep_one(w, i, j, o->first_seed + (unsigned long long)k);
                if (tty && w->total % 10 == 0)
                    fprintf(stderr, "\rsetup sweep: %ld of %ld scenarios, %ld played to the end, %lds", w->total, all,
                            w->finished, (long)(time(NULL) - t0));
            }
    if (tty) fputc('\n', stderr);
    printf("setup sweep: %d armies, %d ordered pairs, seeds %llu..%llu: %ld scenarios; made %ld, loaded %ld, "
           "validated %ld, random game played to the end %ld (decision limit %d); %lds\n",
           w->na, w->na * w->na, o->first_seed, o->first_seed + (unsigned long long)o->nseeds - 1, w->total, w->made,
           w->loaded, w->valid, w->finished, o->decisions, (long)(time(NULL) - t0));
    if (o->keep && w->kept) printf("failing games kept in %s: %ld (scenario and record each)\n", o->keep, w->kept);
    fogn_cover_print(&w->cov, stdout);
    int rc = w->finished == w->total ? 0 : 1;
    for (int i = 0; i < w->na; i++) fogn_setup_side_free(&w->armies[i]);
    free(w);
    return rc;
}
