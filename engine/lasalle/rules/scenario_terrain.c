/* scenario_terrain.c - the "terrain" array of a Lasalle scenario: each
 * piece's Lasalle kind [B Terrain, p.21-22], its shape, and what it means
 * (rough, impassable, cover, obstacle, water, hill level), stored as a core
 * gr_terrain piece (for drawing and geometry) and its lasalle_ground. */
#include "scenario.h"
#include "tables.h"

#include "../../core/jsonutil.h"

#include <stdio.h>
#include <string.h>

static const char *const piece_keys[] = {"name", "type", "points", "width", "level", "rough", "cover", "trees"};

/* the core type each kind is drawn as */
static const int core_type[LASALLE_G_KIND_COUNT] = {
    [LASALLE_G_WOODS] = GR_T_DENSE_WOOD, [LASALLE_G_ORCHARD] = GR_T_OPEN_WOOD, [LASALLE_G_ROUGH] = GR_T_BRUSH,
    [LASALLE_G_MARSH] = GR_T_MARSH,      [LASALLE_G_HILL] = GR_T_GENTLE_HILL,  [LASALLE_G_IMPASSABLE] = GR_T_ROCKY,
    [LASALLE_G_TOWN] = GR_T_BUILDING,    [LASALLE_G_ROAD] = GR_T_ROAD,         [LASALLE_G_STREAM] = GR_T_STREAM,
    [LASALLE_G_RIVER] = GR_T_RIVER,      [LASALLE_G_FORD] = GR_T_FORD,         [LASALLE_G_BRIDGE] = GR_T_BRIDGE,
    [LASALLE_G_WALL] = GR_T_WALL,        [LASALLE_G_HEDGE] = GR_T_HEDGE,       [LASALLE_G_ENTRENCHMENT] = GR_T_WALL,
    [LASALLE_G_DITCH] = GR_T_GULLY,
};

static int is_linear(int kind)
{
    return kind == LASALLE_G_ROAD || kind == LASALLE_G_STREAM || kind == LASALLE_G_RIVER || kind == LASALLE_G_FORD ||
           kind == LASALLE_G_BRIDGE || kind == LASALLE_G_WALL || kind == LASALLE_G_HEDGE ||
           kind == LASALLE_G_ENTRENCHMENT || kind == LASALLE_G_DITCH;
}

static int is_obstacle(int kind)
{
    return kind == LASALLE_G_WALL || kind == LASALLE_G_HEDGE || kind == LASALLE_G_ENTRENCHMENT ||
           kind == LASALLE_G_DITCH;
}

/* the meaning of a piece of this kind before the file's own "rough", "cover", "trees" [B, p.21; D, p.49-51] */
static void defaults(int kind, lasalle_ground *g)
{
    memset(g, 0, sizeof *g);
    g->kind = kind;
    g->obstacle = is_obstacle(kind);
    switch (kind) {
    case LASALLE_G_WOODS:
    case LASALLE_G_ORCHARD: g->rough = g->obstructs = 1; g->cover = LASALLE_COVER_SOFT; break;
    case LASALLE_G_ROUGH:
    case LASALLE_G_MARSH: g->rough = 1; break;
    case LASALLE_G_HILL: g->level = 1; break;
    case LASALLE_G_IMPASSABLE: g->impassable = 1; break;
    case LASALLE_G_TOWN: g->obstructs = 1; g->cover = LASALLE_COVER_SOFT; g->rough = 1; break;
    case LASALLE_G_STREAM: g->water = g->rough = 1; break;
    case LASALLE_G_RIVER: g->water = g->impassable = 1; break;
    case LASALLE_G_WALL:
    case LASALLE_G_ENTRENCHMENT: g->cover = LASALLE_COVER_HARD; g->obstructs = 1; break;
    case LASALLE_G_HEDGE: g->cover = LASALLE_COVER_SOFT; g->obstructs = 1; break;
    default: break;
    }
}

static int load_points(json_t *o, const char *p, gr_terrain_piece *pc, int linear, gr_error *err)
{
    char q[256];
    gr_json_path_key(q, sizeof q, p, "points");
    json_t *arr = gr_json_array(o, p, "points", true, linear ? 2 : 3, 100000, err);
    if (!arr) return -1;
    if (json_array_size(arr) > GR_TERRAIN_MAX_PTS)
        return gr_error_set(err, "%s: %zu points, more than the %d a terrain piece holds", q, json_array_size(arr),
                            GR_TERRAIN_MAX_PTS);
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        json_t *x = json_array_get(v, 0), *y = json_array_get(v, 1);
        if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(x) || !json_is_number(y))
            return gr_error_set(err, "%s[%zu]: expected a point [x, y] in BW", q, i);
        pc->pts[i] = gr_v2(json_number_value(x), json_number_value(y));
    }
    pc->npts = (int)json_array_size(arr);
    return 0;
}

/* the file's own "level", "rough", "cover" and "trees", each only where it means something */
static int load_meaning(json_t *o, const char *p, lasalle_ground *g, gr_error *err)
{
    char q[256];
    long level = g->level;
    bool rough = g->rough != 0, trees = false;
    int cover = g->cover;
    if (json_object_get(o, "level") && g->kind != LASALLE_G_HILL)
        return gr_error_set(err, "%s: only a hill has a level", gr_json_path_key(q, sizeof q, p, "level"));
    if (json_object_get(o, "rough") && g->kind != LASALLE_G_HILL && g->kind != LASALLE_G_STREAM)
        return gr_error_set(err, "%s: only a hill's slopes or a stream may be said rough or not",
                            gr_json_path_key(q, sizeof q, p, "rough"));
    if (json_object_get(o, "trees") && g->kind != LASALLE_G_MARSH)
        return gr_error_set(err, "%s: only a marsh has trees or not", gr_json_path_key(q, sizeof q, p, "trees"));
    if (json_object_get(o, "cover") && g->kind != LASALLE_G_TOWN && g->kind != LASALLE_G_ENTRENCHMENT &&
        g->kind != LASALLE_G_HEDGE)
        return gr_error_set(err, "%s: only a town base, entrenchment or hedge has its cover set by the file",
                            gr_json_path_key(q, sizeof q, p, "cover"));
    if (gr_json_int(o, p, "level", false, 1, 9, &level, err) || gr_json_bool(o, p, "rough", false, &rough, err) ||
        gr_json_bool(o, p, "trees", false, &trees, err) ||
        gr_json_enum(o, p, "cover", false, lasalle_cover_names + 1, 2, &cover, err))
        return -1;
    if (json_object_get(o, "cover")) cover += 1; /* "soft" is 1, "hard" 2 */
    g->level = (int)level;
    g->cover = cover;
    if (g->kind == LASALLE_G_STREAM) {
        g->rough = rough;
        g->impassable = !rough;
    } else if (g->kind == LASALLE_G_HILL) {
        g->rough = rough;
    }
    if (g->kind == LASALLE_G_MARSH && trees) {
        g->cover = LASALLE_COVER_SOFT;
        g->obstructs = 1;
    }
    return 0;
}

static int load_piece(lasalle_scenario *s, json_t *o, const char *p, gr_error *err)
{
    gr_terrain_piece pc;
    memset(&pc, 0, sizeof pc);
    int kind = 0;
    char q[256];
    if (gr_json_only_keys(o, p, piece_keys, (int)(sizeof piece_keys / sizeof *piece_keys), err) ||
        gr_json_string(o, p, "name", true, pc.name, sizeof pc.name, err) ||
        gr_json_enum(o, p, "type", true, lasalle_ground_names, LASALLE_G_KIND_COUNT, &kind, err))
        return -1;
    for (int k = 0; k < s->terrain.n; k++)
        if (!strcmp(s->terrain.p[k].name, pc.name))
            return gr_error_set(err, "%s: \"%s\" is already the name of $.terrain[%d]",
                                gr_json_path_key(q, sizeof q, p, "name"), pc.name, k);
    int linear = is_linear(kind);
    lasalle_ground g;
    defaults(kind, &g);
    if (load_points(o, p, &pc, linear, err) || load_meaning(o, p, &g, err)) return -1;
    double width = linear && !g.obstacle ? 1.0 : 0.0;
    if (json_object_get(o, "width") && (!linear || g.obstacle))
        return gr_error_set(err, "%s: only a road, stream, river, ford or bridge has a width (obstacles have none, "
                                 "ruling A-12)", gr_json_path_key(q, sizeof q, p, "width"));
    if (gr_json_number(o, p, "width", false, 0.1, 8.0, &width, err)) return -1;
    pc.type = (unsigned char)core_type[kind];
    pc.shape = linear ? GR_SHAPE_POLYLINE : GR_SHAPE_POLYGON;
    pc.grade = (unsigned char)(kind == LASALLE_G_HILL ? 1 : kind == LASALLE_G_TOWN ? g.cover : 0);
    pc.width = width;
    int idx = gr_terrain_add(&s->terrain, &pc);
    if (idx < 0) return gr_error_set(err, "%s: the piece's points do not make a usable shape", p);
    s->ground_of[idx] = g;
    return 0;
}

int lasalle_load_terrain(lasalle_scenario *s, json_t *root, gr_error *err)
{
    char p[64];
    s->terrain.table_w = s->table_w;
    s->terrain.table_h = s->table_h;
    json_t *arr = gr_json_array(root, "$", "terrain", false, 0, 100000, err);
    if (!arr) return json_object_get(root, "terrain") ? -1 : 0;
    if (json_array_size(arr) > GR_TERRAIN_MAX)
        return gr_error_set(err, "$.terrain: %zu pieces, more than the %d a table holds", json_array_size(arr),
                            GR_TERRAIN_MAX);
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        if (load_piece(s, o, gr_json_path_index(p, sizeof p, "$.terrain", i), err)) return -1;
    }
    return 0;
}
