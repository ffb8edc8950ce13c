/* scenario.c - a hexwar scenario file (already parsed JSON) into the
 * immutable hexwar_scenario, checked on the way: every refusal names the
 * file, the JSON path and what was expected, unknown keys are refused so a
 * misspelt key cannot fall back to a default, and every count and size is
 * checked against what the state can hold. The format is in
 * docs/hexwar.md ("Scenario files"). */
#include "hexwar.h"

#include "../core/jsonutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const root_keys[] = {"ruleset", "name", "notes", "turns", "first", "sides", "map", "objectives",
                                        "counters"};
static const char *const side_keys[] = {"name"};
static const char *const counter_keys[] = {"name", "side", "arm", "full", "reduced", "steps", "hex"};
static const char *const objective_keys[] = {"name", "hex", "points", "owner"};

/* "4-3-4": attack, defence and movement points, each in range */
static int load_face(json_t *o, const char *path, const char *key, hexwar_face *out, gr_error *err)
{
    char p[256], text[32];
    if (gr_json_string(o, path, key, true, text, sizeof text, err)) return -1;
    gr_json_path_key(p, sizeof p, path, key);
    int used = 0;
    if (sscanf(text, "%d-%d-%d%n", &out->attack, &out->defence, &out->move, &used) != 3 || text[used] != 0)
        return gr_error_set(err, "%s: expected the counter's numbers as \"attack-defence-movement\", e.g. \"4-3-4\", "
                                 "got \"%s\"", p, text);
    if (out->attack < 1 || out->attack > HEXWAR_MAX_STRENGTH || out->defence < 1 || out->defence > HEXWAR_MAX_STRENGTH)
        return gr_error_set(err, "%s: attack and defence are 1 to %d, got \"%s\"", p, HEXWAR_MAX_STRENGTH, text);
    if (out->move < 1 || out->move > HEXWAR_MAX_MP)
        return gr_error_set(err, "%s: movement points are 1 to %d, got %d", p, HEXWAR_MAX_MP, out->move);
    return 0;
}

/* a hex of the map, not water, whose JSON path is path.key */
static int load_hex(const hexwar_scenario *s, json_t *o, const char *path, gr_hex *out, gr_error *err)
{
    char p[256];
    gr_json_path_key(p, sizeof p, path, "hex");
    json_t *v = json_object_get(o, "hex");
    if (!v) return gr_error_set(err, "%s: missing (expected a hex as [col, row])", p);
    if (gr_hex_from_json(v, p, s->map, out, err)) return -1;
    if (gr_hex_terrain(s->map, out->col, out->row) == HEXWAR_WATER)
        return gr_error_set(err, "%s: hex %d %d is water, where nothing may stand", p, out->col, out->row);
    return 0;
}

static int load_counter(hexwar_scenario *s, json_t *o, const char *p, gr_error *err)
{
    hexwar_counter *c = &s->counters[s->ncounters];
    char q[256];
    long side = 0, steps = 2;
    if (gr_json_only_keys(o, p, counter_keys, 7, err) ||
        gr_json_string(o, p, "name", true, c->name, sizeof c->name, err) ||
        gr_json_int(o, p, "side", true, 0, 1, &side, err) ||
        gr_json_enum(o, p, "arm", true, hexwar_arm_names, HEXWAR_ARM_COUNT, &c->arm, err) ||
        load_face(o, p, "full", &c->face[0], err) || load_face(o, p, "reduced", &c->face[1], err) ||
        gr_json_int(o, p, "steps", false, 1, 2, &steps, err) || load_hex(s, o, p, &c->hex, err))
        return -1;
    c->side = (int)side;
    c->steps = (int)steps;
    const hexwar_face *f = &c->face[0], *r = &c->face[1];
    if (r->attack > f->attack || r->defence > f->defence || r->move > f->move ||
        r->attack + r->defence >= f->attack + f->defence)
        return gr_error_set(err,
                            "%s: the reduced side %d-%d-%d must be weaker than the full side %d-%d-%d (no number "
                            "higher, attack and defence together lower)",
                            gr_json_path_key(q, sizeof q, p, "reduced"), r->attack, r->defence, r->move, f->attack,
                            f->defence, f->move);
    for (int k = 0; k < s->ncounters; k++) {
        if (!strcmp(s->counters[k].name, c->name))
            return gr_error_set(err, "%s: \"%s\" is already the name of counter c%d",
                                gr_json_path_key(q, sizeof q, p, "name"), c->name, k);
        if (s->counters[k].hex.col == c->hex.col && s->counters[k].hex.row == c->hex.row)
            return gr_error_set(err, "%s: hex %d %d already holds %s; one counter to a hex (§1.3)",
                                gr_json_path_key(q, sizeof q, p, "hex"), c->hex.col, c->hex.row, s->counters[k].name);
    }
    s->start_steps[c->side] += c->steps;
    s->ncounters++;
    return 0;
}

static int load_counters(hexwar_scenario *s, json_t *root, gr_error *err)
{
    char p[64];
    json_t *arr = gr_json_array(root, "$", "counters", true, 1, 100000, err);
    if (!arr) return -1;
    if (json_array_size(arr) > HEXWAR_MAX_COUNTERS)
        return gr_error_set(err, "$.counters: %zu counters, more than the %d a hexwar game holds", json_array_size(arr),
                            HEXWAR_MAX_COUNTERS);
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        if (load_counter(s, o, gr_json_path_index(p, sizeof p, "$.counters", i), err)) return -1;
    }
    for (int side = 0; side < 2; side++)
        if (s->start_steps[side] == 0)
            return gr_error_set(err, "$.counters: %s (side %d) has no counter", s->side_name[side], side);
    return 0;
}

static int load_objectives(hexwar_scenario *s, json_t *root, gr_error *err)
{
    char p[64], q[128];
    json_t *arr = gr_json_array(root, "$", "objectives", false, 0, 100000, err);
    if (!arr) return json_object_get(root, "objectives") ? -1 : 0;
    if (json_array_size(arr) > HEXWAR_MAX_OBJECTIVES)
        return gr_error_set(err, "$.objectives: %zu objectives, more than the %d a hexwar game holds",
                            json_array_size(arr), HEXWAR_MAX_OBJECTIVES);
    size_t i;
    json_t *o;
    json_array_foreach(arr, i, o) {
        gr_json_path_index(p, sizeof p, "$.objectives", i);
        hexwar_objective *ob = &s->objectives[s->nobjectives];
        long points = 0, owner = -1;
        if (gr_json_only_keys(o, p, objective_keys, 4, err) ||
            gr_json_string(o, p, "name", true, ob->name, sizeof ob->name, err) || load_hex(s, o, p, &ob->hex, err) ||
            gr_json_int(o, p, "points", true, 1, HEXWAR_MAX_POINTS, &points, err) ||
            gr_json_int(o, p, "owner", false, -1, 1, &owner, err))
            return -1;
        for (int k = 0; k < s->nobjectives; k++)
            if (s->objectives[k].hex.col == ob->hex.col && s->objectives[k].hex.row == ob->hex.row)
                return gr_error_set(err, "%s: hex %d %d is already the objective %s",
                                    gr_json_path_key(q, sizeof q, p, "hex"), ob->hex.col, ob->hex.row,
                                    s->objectives[k].name);
        ob->points = (int)points;
        ob->owner = (int)owner;
        s->nobjectives++;
    }
    return 0;
}

static int load_sides(hexwar_scenario *s, json_t *root, gr_error *err)
{
    char p[64];
    json_t *arr = gr_json_array(root, "$", "sides", true, 2, 2, err);
    if (!arr) return -1;
    for (size_t k = 0; k < 2; k++) {
        json_t *o = json_array_get(arr, k);
        gr_json_path_index(p, sizeof p, "$.sides", k);
        if (gr_json_only_keys(o, p, side_keys, 1, err) ||
            gr_json_string(o, p, "name", true, s->side_name[k], sizeof s->side_name[k], err))
            return -1;
    }
    return 0;
}

static int load(hexwar_scenario *s, json_t *root, gr_error *err)
{
    static const gr_hex_kinds kinds = {hexwar_terrain_names, HEXWAR_TERRAIN_COUNT, hexwar_feature_names,
                                       HEXWAR_FEATURE_COUNT};
    long turns = 0, first = 0;
    if (!json_is_object(root)) return gr_error_set(err, "$: expected a JSON object");
    if (gr_json_only_keys(root, "$", root_keys, (int)(sizeof root_keys / sizeof *root_keys), err) ||
        gr_json_string(root, "$", "name", true, s->name, sizeof s->name, err) ||
        gr_json_int(root, "$", "turns", true, 1, HEXWAR_MAX_TURNS, &turns, err) ||
        gr_json_int(root, "$", "first", false, 0, 1, &first, err) || load_sides(s, root, err))
        return -1;
    json_t *nt = json_object_get(root, "notes");
    if (nt && !json_is_string(nt)) return gr_error_set(err, "$.notes: expected a string");
    s->turns = (int)turns;
    s->first = (int)first;
    json_t *map = json_object_get(root, "map");
    if (!map) return gr_error_set(err, "$.map: missing (expected the hex map, an object with \"cols\" and \"rows\")");
    s->map = gr_hex_load(map, "$.map", &kinds, err);
    if (!s->map) return -1;
    if (load_counters(s, root, err) || load_objectives(s, root, err)) return -1;
    return hexwar_notation_compile(s, err);
}

void *hexwar_scenario_load(json_t *root, const char *file, gr_error *err)
{
    hexwar_scenario *s = calloc(1, sizeof *s);
    if (!s) {
        gr_error_set(err, "%s: out of memory loading the scenario", file ? file : "scenario");
        return NULL;
    }
    if (load(s, root, err)) {
        gr_error_prefix(err, "%s: ", file ? file : "scenario");
        hexwar_scenario_free(s);
        return NULL;
    }
    return s;
}

void hexwar_scenario_free(void *scn)
{
    hexwar_scenario *s = scn;
    if (!s) return;
    gr_hex_free(s->map);
    gr_regex_free(s->re_order);
    free(s);
}
