/* engineer_load.c - a side's "engineers" in a Lasalle scenario file
 * [H Engineering, p.77-79], with the optional rule Engineering on:
 *
 *   "engineers": [{"name": "Sapeurs du Génie", "task": "assault", "unit": "2/45e Ligne"},
 *                 {"task": "reserve"}]
 *
 * "task" is "reserve" (the default: kept off the table until deployed in a
 * Status Phase) or "assault" (deployed at the set-up with "unit", a regular
 * infantry unit of the side that has no other engineer). Fortification,
 * Bridging and Demolition are refused at the set-up (Demolition and a
 * town base's Fortification are deployed in play, engineer_task.h). A
 * side without the key has the army's one engineer in reserve;
 * "engineers": [] gives it none. Errors name the JSON path. */
#include "engineer.h"

#include "../armylist/army.h"
#include "../../core/jsonutil.h"

#include <stdio.h>
#include <string.h>

static const char *const engineer_keys[] = {"name", "task", "unit"};

static const char *const not_built[LASALLE_TASK_COUNT] = {
    [LASALLE_TASK_FORTIFICATION] = "Fortification (H, p.78) done before the game is the scenario's own terrain: give "
                                   "works as \"entrenchment\" and a hardened town base \"cover\": \"hard\" (in play "
                                   "'eN fortification tK' hardens a town base)",
    [LASALLE_TASK_BRIDGING] = "Bridging (H, p.78-79) begins in play ('eN bridging tK bS'); an engineer is not set "
                              "up at a bank",
    [LASALLE_TASK_FIELD_WORKS] = "field works (H, p.78) are built in play ('eN fortification uM'); works finished "
                                 "before the game are the scenario's terrain (\"entrenchment\")",
    [LASALLE_TASK_DEMOLITION] = "Demolition (H, p.79) is deployed in play ('eN demolition tK'); an engineer set up "
                                "at a bridge is not built yet",
};

static lasalle_engineer_profile *add(lasalle_scenario *s, const char *path, int side, gr_error *err)
{
    if (s->nengineers >= LASALLE_MAX_ENGINEERS) {
        gr_error_set(err, "%s: more than the %d engineer bases a Lasalle game holds", path, LASALLE_MAX_ENGINEERS);
        return NULL;
    }
    lasalle_engineer_profile *p = &s->engineers[s->nengineers++];
    int mine = 0;
    for (int e = 0; e < s->nengineers; e++) mine += s->engineers[e].side == side;
    memset(p, 0, sizeof *p);
    p->side = side;
    p->unit = -1;
    p->task = LASALLE_TASK_NONE;
    /* "engineers of the French", then "engineers of the French (2)" */
    char side_name[LASALLE_NAME], name[96];
    memcpy(side_name, s->side_name[side], sizeof side_name);
    side_name[sizeof side_name - 1] = 0;
    if (mine > 1) snprintf(name, sizeof name, "engineers of the %s (%d)", side_name, mine);
    else snprintf(name, sizeof name, "engineers of the %s", side_name);
    snprintf(p->name, sizeof p->name, "%.47s", name);
    return p;
}

static int load_unit(lasalle_scenario *s, json_t *o, const char *p, lasalle_engineer_profile *g, gr_error *err)
{
    char q[300], name[LASALLE_NAME];
    gr_json_path_key(q, sizeof q, p, "unit");
    if (g->task != LASALLE_TASK_ASSAULT) {
        if (json_object_get(o, "unit")) return gr_error_set(err, "%s: only an Assault engineer joins a unit", q);
        return 0;
    }
    if (gr_json_string(o, p, "unit", true, name, sizeof name, err)) return -1;
    for (int i = 0; i < s->nunits; i++) {
        const lasalle_unit_profile *u = &s->units[i];
        if (u->side != g->side || strcmp(u->name, name)) continue;
        if (u->type != LASALLE_INF || u->discipline == LASALLE_IRREGULAR)
            return gr_error_set(err, "%s: %s is not regular infantry; an Assault engineer joins regular infantry "
                                     "(H, p.77)", q, name);
        for (int e = 0; e + 1 < s->nengineers; e++)
            if (s->engineers[e].unit == i)
                return gr_error_set(err, "%s: %s already has an engineer; no infantry unit takes more than one "
                                         "(H, p.77)", q, name);
        if (u->force >= 0 && s->forces[u->force].arrive != LASALLE_ARRIVE_START)
            return gr_error_set(err, "%s: %s arrives later; an engineer deployed at the set-up joins a unit on the "
                                     "table (H, p.78)", q, name);
        g->unit = i;
        return 0;
    }
    return gr_error_set(err, "%s: the %s have no unit named \"%s\"", q, s->side_name[g->side], name);
}

static int load_one(lasalle_scenario *s, json_t *o, const char *p, int side, gr_error *err)
{
    char q[300];
    if (!json_is_object(o)) return gr_error_set(err, "%s: expected {\"task\": ..., \"unit\": ...}", p);
    lasalle_engineer_profile *g = add(s, p, side, err);
    int task = LASALLE_TASK_NONE;
    if (!g || gr_json_only_keys(o, p, engineer_keys, 3, err) ||
        gr_json_string(o, p, "name", false, g->name, sizeof g->name, err) ||
        gr_json_enum(o, p, "task", false, lasalle_task_names, LASALLE_TASK_COUNT, &task, err))
        return -1;
    if (not_built[task])
        return gr_error_set(err, "%s: the engineering task %s", gr_json_path_key(q, sizeof q, p, "task"),
                            not_built[task]);
    g->task = task;
    return load_unit(s, o, p, g, err);
}

int lasalle_engineers_load(lasalle_scenario *s, json_t *side, const char *path, int side_no, gr_error *err)
{
    char p[300], q[320];
    gr_json_path_key(p, sizeof p, path, "engineers");
    json_t *arr = json_object_get(side, "engineers");
    if (!(s->options & LASALLE_OPT_ENGINEERING)) {
        if (!arr) return 0;
        return gr_error_set(err, "%s: engineers take the optional rule Engineering (H, p.77-79): set \"options\": "
                                 "{\"engineering\": true}", p);
    }
    if (!arr) {
        /* an army has one engineer base unless the scenario says otherwise [H, p.77] */
        for (int k = 0; k < LASALLE_ARMY_DEFAULT_ENGINEERS; k++)
            if (!add(s, path, side_no, err)) return -1;
        return 0;
    }
    if (!gr_json_array(side, path, "engineers", true, 0, LASALLE_MAX_ENGINEERS, err)) return -1;
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        if (load_one(s, v, gr_json_path_index(q, sizeof q, p, i), side_no, err)) return -1;
    }
    return 0;
}
