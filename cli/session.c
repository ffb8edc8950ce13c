/* session.c - the front end's own share of the verbs (session.h): the
 * bundled default scenario found, and a state drawn as an SVG map. */
#include "session.h"
#include "svg.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/jsonutil.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int scan_dir(const char *dir, char *buf, size_t cap)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    int found = -1;
    char best[1024] = "";
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        if (n > 5 && !strcmp(e->d_name + n - 5, ".json")) {
            json_t *j = json_load_file(sub, 0, NULL);
            if (j && json_is_true(json_object_get(j, "default"))) {
                /* deterministic choice when several: the smallest path */
                if (!best[0] || strcmp(sub, best) < 0) snprintf(best, sizeof best, "%s", sub);
                found = 0;
            }
            json_decref(j);
        } else if (!strchr(e->d_name, '.')) {
            char inner[1024];
            if (scan_dir(sub, inner, sizeof inner) == 0 && (!best[0] || strcmp(inner, best) < 0)) {
                snprintf(best, sizeof best, "%s", inner);
                found = 0;
            }
        }
    }
    closedir(d);
    if (found == 0) snprintf(buf, cap, "%s", best);
    return found;
}

/* difficulty levels: the AI behind each name */
static const struct {
    const char *name, *spec;
} levels[] = {
    {"easy", "greedy"},
    {"normal", "mcts:ms=1000"},
    {"hard", "mcts:ms=4000,threads=2"},
};

const char *gr_level_spec(const char *level)
{
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (!strcmp(levels[i].name, level)) return levels[i].spec;
    return NULL;
}

int gr_find_default_scenario(char *buf, size_t cap, gr_error *err)
{
    char dir[1024];
    if (gr_find_data("scenarios", dir, sizeof dir) == 0 && scan_dir(dir, buf, cap) == 0) return 0;
    return gr_error_set(err, "no default scenario found under ./scenarios (set GROGNARD_ROOT to the Grognard folder)");
}

int gr_map_build(gr_map *m, const gr_game *g, const void *state, gr_error *err)
{
    memset(m, 0, sizeof *m);
    /* as many pieces as the ruleset draws: a full buffer may have cut the
     * list short, so it is asked again with twice the room */
    int cap = 128, n;
    gr_render_item *items = NULL;
    for (;;) {
        gr_render_item *more = realloc(items, (size_t)cap * sizeof *items);
        if (!more) {
            free(items);
            return gr_error_set(err, "out of memory");
        }
        items = more;
        memset(items, 0, (size_t)cap * sizeof *items);
        n = g->rs->present->render_items(g->scn, state, items, cap);
        if (n < cap || cap >= 1 << 16) break;
        cap *= 2;
    }
    if (g->rs->version < 4)
        for (int k = 0; k < n; k++) items[k].ref[0] = 0; /* the field is not the ruleset's to fill */
    m->items = items;
    gr_svg_input *in = &m->in;
    gr_board board = {0}; /* a ruleset that leaves base_edges alone keeps the default */
    g->rs->present->board(g->scn, &board);
    in->terrain = board.terrain;
    in->hexes = board.hexes;
    in->unit = board.unit;
    in->base_edges = board.base_edges;
    in->table_w = board.width;
    in->table_h = board.height;
    in->items = items;
    in->nitems = n;
    /* side names, objectives and LOCs come from the scenario JSON, which every ruleset shares in form */
    json_t *sides = json_object_get(g->scenario_json, "sides");
    for (int k = 0; k < 2; k++) in->side_name[k] = json_string_value(json_object_get(json_array_get(sides, (size_t)k), "name"));
    json_t *jo = json_object_get(g->scenario_json, "objectives");
    size_t i;
    json_t *v;
    json_array_foreach(jo, i, v) {
        if (in->nobjectives >= GR_MAP_MAX_OBJECTIVES) break;
        gr_svg_objective *o = &m->objs[in->nobjectives++];
        o->name = json_string_value(json_object_get(v, "name"));
        o->x = json_number_value(json_object_get(v, "x"));
        o->y = json_number_value(json_object_get(v, "y"));
        o->radius = json_number_value(json_object_get(v, "radius"));
        json_t *ow = json_object_get(v, "owner");
        o->owner = json_is_integer(ow) ? (int)json_integer_value(ow) : -1;
    }
    /* who holds each objective now, where the ruleset's state says so (its
     * JSON names an "objectives" array with "owner" in scenario order) */
    json_t *sj = g->rs->present->state_to_json ? g->rs->present->state_to_json(g->scn, state) : NULL;
    json_t *owners = json_object_get(sj, "objectives");
    for (int k = 0; k < in->nobjectives && json_is_array(owners); k++) {
        json_t *ow = json_object_get(json_array_get(owners, (size_t)k), "owner");
        if (json_is_integer(ow)) m->objs[k].owner = (int)json_integer_value(ow);
    }
    json_decref(sj);
    in->objectives = m->objs;
    for (int k = 0; k < 2; k++) {
        json_t *loc = json_object_get(json_array_get(sides, (size_t)k), "loc");
        if (!loc) continue;
        m->locs[in->nlocs].side = k;
        m->locs[in->nlocs].x = json_number_value(json_object_get(loc, "x"));
        m->locs[in->nlocs].y = json_number_value(json_object_get(loc, "y"));
        in->nlocs++;
    }
    in->locs = m->locs;
    char desc[256];
    json_t *nm = json_object_get(g->scenario_json, "name");
    g->rs->present->describe_decision(g->scn, state, desc, sizeof desc);
    snprintf(m->title, sizeof m->title, "%s - %s", nm ? json_string_value(nm) : g->path, desc);
    in->title = m->title;
    return 0;
}

/* a piece's place: the middle of its bases' front edges, MU */
static void item_place(const gr_render_item *it, double out[2])
{
    out[0] = out[1] = 0;
    for (int k = 0; k < it->nbases; k++) {
        out[0] += it->base[k][0] / it->nbases;
        out[1] += it->base[k][1] / it->nbases;
    }
}

#define GR_MAP_MOVED_MIN 0.05   /* a piece that moved less than this (MU) gets no arrow */

int gr_map_add_paths(gr_map *m, const gr_game *g, const void *before, gr_error *err)
{
    gr_map old;
    if (gr_map_build(&old, g, before, err)) return -1;
    free(m->paths);
    m->paths = calloc((size_t)m->in.nitems + 1, sizeof *m->paths);
    if (!m->paths) {
        gr_map_free(&old);
        return gr_error_set(err, "out of memory");
    }
    int n = 0;
    for (int i = 0; i < m->in.nitems; i++) {
        const gr_render_item *it = &m->items[i];
        if (it->kind != 0 || !it->ref[0] || it->nbases <= 0) continue;
        for (int j = 0; j < old.in.nitems; j++) {
            const gr_render_item *was = &old.items[j];
            if (strcmp(was->ref, it->ref) || was->nbases <= 0) continue;
            gr_svg_path *p = &m->paths[n];
            item_place(was, p->from);
            item_place(it, p->to);
            p->side = it->side;
            if (hypot(p->to[0] - p->from[0], p->to[1] - p->from[1]) >= GR_MAP_MOVED_MIN) n++;
            break;
        }
    }
    gr_map_free(&old);
    m->in.paths = m->paths;
    m->in.npaths = n;
    return 0;
}

void gr_map_free(gr_map *m)
{
    free(m->paths);
    free(m->items);
    memset(m, 0, sizeof *m);
}

int gr_write_map(const gr_game *g, const void *state, const char *path, gr_error *err)
{
    gr_map m;
    if (gr_map_build(&m, g, state, err)) return -1;
    int rc = gr_svg_write_file(path, &m.in, err);
    gr_map_free(&m);
    return rc;
}
