/* army_load.c - reading an army file ("format": "lasalle-army",
 * docs/lasalle-armies.md): the list it is built from, the role, the agreed
 * number of support choices, the commander, the Forces (core Forces and
 * support brigades) with their subcommanders and units, the independent
 * units and the engineers. Only the file's shape is checked here; what the
 * list allows is the checker's business, so that it can name every breach. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

typedef struct army_loader {
    const char *file;
    gr_error *err;
} army_loader;

static int fail(army_loader *D, const char *path, const char *msg)
{
    return gr_error_set(D->err, "%s: %s: %s", D->file, path, msg);
}

static int prefix(army_loader *D)
{
    gr_error_prefix(D->err, "%s: ", D->file);
    return -1;
}

static int read_unit(army_loader *D, json_t *o, const char *path, lasalle_army_unit *u)
{
    static const char *const keys[] = {"unit",          "battery",   "name",     "large",      "variant", "irregular",
                                       "half_deployed", "broken_up", "sk_bases", "entrenched", "swap"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return prefix(D);
    bool has_u = json_object_get(o, "unit") != NULL, has_b = json_object_get(o, "battery") != NULL;
    if (has_u == has_b) return fail(D, path, "expected exactly one of \"unit\" and \"battery\"");
    u->battery = has_b;
    long sk = 0;
    int swap = 0;
    if (gr_json_string(o, path, has_b ? "battery" : "unit", true, u->type, sizeof u->type, D->err) ||
        gr_json_string(o, path, "name", false, u->name, sizeof u->name, D->err) ||
        gr_json_bool(o, path, "large", false, &u->large, D->err) ||
        gr_json_string(o, path, "variant", false, u->variant, sizeof u->variant, D->err) ||
        gr_json_bool(o, path, "irregular", false, &u->irregular, D->err) ||
        gr_json_bool(o, path, "half_deployed", false, &u->half_deployed, D->err) ||
        gr_json_bool(o, path, "broken_up", false, &u->broken_up, D->err) ||
        gr_json_int(o, path, "sk_bases", false, 0, 3, &sk, D->err) ||
        gr_json_bool(o, path, "entrenched", false, &u->entrenched, D->err) ||
        gr_json_enum(o, path, "swap", false, lasalle_army_swap_ids + 1, LASALLE_ARMY_SWAP_COUNT - 1, &swap, D->err))
        return prefix(D);
    u->sk_bases = (int8_t)sk;
    u->swap = json_object_get(o, "swap") ? (uint8_t)(swap + 1) : LASALLE_ARMY_SWAP_NONE;
    if (!u->type[0]) return fail(D, path, "the unit's type is empty");
    if (has_b && (u->large || u->variant[0] || u->irregular || u->half_deployed || u->broken_up || u->sk_bases))
        return fail(D, path, "a battery takes only \"battery\", \"name\", \"entrenched\" and \"swap\"");
    if (!has_b && u->swap) return fail(D, path, "only a battery may be exchanged (\"swap\")");
    return 0;
}

static int read_units(army_loader *D, json_t *o, const char *path, const char *key, int max, lasalle_army_unit *out,
                      int *n)
{
    char p[PATH], q[PATH];
    json_t *arr = gr_json_array(o, path, key, true, 0, (size_t)max, D->err);
    if (!arr) return prefix(D);
    gr_json_path_key(p, sizeof p, path, key);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        gr_json_path_index(q, sizeof q, p, i);
        if (read_unit(D, json_array_get(arr, i), q, &out[i])) return -1;
    }
    *n = (int)json_array_size(arr);
    return 0;
}

static int read_sub(army_loader *D, json_t *o, const char *path, lasalle_army_sub *s)
{
    static const char *const keys[] = {"name", "vigor", "tactics", "vigor_roll", "tactics_roll"};
    json_t *x = gr_json_object(o, path, "subcommander", false, D->err);
    if (!x) return D->err->set ? prefix(D) : 0;
    char p[PATH];
    gr_json_path_key(p, sizeof p, path, "subcommander");
    long vigor = 0, vr = 0, tr = 0;
    int tac = 0;
    s->present = true;
    if (gr_json_only_keys(x, p, keys, LASALLE_LIST_COUNT(keys), D->err) ||
        gr_json_string(x, p, "name", false, s->name, sizeof s->name, D->err) ||
        gr_json_int(x, p, "vigor", false, -1, 1, &vigor, D->err) ||
        gr_json_enum(x, p, "tactics", false, lasalle_list_tactics_ids, LASALLE_LIST_TAC_COUNT, &tac, D->err) ||
        gr_json_int(x, p, "vigor_roll", false, 1, 6, &vr, D->err) ||
        gr_json_int(x, p, "tactics_roll", false, 1, 6, &tr, D->err))
        return prefix(D);
    s->has_vigor = json_object_get(x, "vigor") != NULL;
    s->has_tactics = json_object_get(x, "tactics") != NULL;
    s->vigor = (int8_t)vigor;
    s->tactics = (uint8_t)tac;
    s->vigor_roll = (int8_t)vr;
    s->tactics_roll = (int8_t)tr;
    return 0;
}

static int read_force(army_loader *D, json_t *o, const char *path, lasalle_army_force *f)
{
    static const char *const keys[] = {"name", "subcommander", "support", "brigade", "state", "reserve", "units"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return prefix(D);
    int kind = 0;
    if (gr_json_string(o, path, "name", false, f->name, sizeof f->name, D->err) ||
        gr_json_enum(o, path, "support", false, lasalle_list_support_ids, LASALLE_LIST_SUP_COUNT, &kind, D->err) ||
        gr_json_string(o, path, "brigade", false, f->brigade, sizeof f->brigade, D->err) ||
        gr_json_string(o, path, "state", false, f->state, sizeof f->state, D->err) ||
        gr_json_bool(o, path, "reserve", false, &f->reserve, D->err))
        return prefix(D);
    f->support = json_object_get(o, "support") != NULL;
    f->kind = (uint8_t)kind;
    if (f->support && !f->brigade[0]) return fail(D, path, "a support brigade names its \"brigade\"");
    if (!f->support && (f->brigade[0] || f->state[0] || json_object_get(o, "reserve")))
        return fail(D, path, "\"brigade\", \"state\" and \"reserve\" need \"support\" (organic, reserve or allied)");
    if (f->support && (kind == LASALLE_LIST_SUP_ALLIED) != (f->state[0] != 0))
        return fail(D, path, "an allied brigade, and only one, names its minor \"state\"");
    if (json_object_get(o, "reserve") && kind != LASALLE_LIST_SUP_ALLIED)
        return fail(D, path, "\"reserve\" is for allied brigades (a reserve brigade is \"support\": \"reserve\")");
    if (read_sub(D, o, path, &f->sub)) return -1;
    return read_units(D, o, path, "units", LASALLE_ARMY_MAX_UNITS, f->units, &f->nunits);
}

static int read_army(army_loader *D, json_t *root, lasalle_army *a)
{
    static const char *const keys[] = {"ruleset",         "format",    "list",      "name",   "role",
                                       "support_choices", "commander", "engineers", "forces", "independents"};
    char rs[32] = "", fmt[48] = "";
    if (gr_json_only_keys(root, "$", keys, LASALLE_LIST_COUNT(keys), D->err) ||
        gr_json_string(root, "$", "ruleset", true, rs, sizeof rs, D->err) ||
        gr_json_string(root, "$", "format", true, fmt, sizeof fmt, D->err))
        return prefix(D);
    if (strcmp(rs, "lasalle")) return fail(D, "$.ruleset", "expected \"lasalle\"");
    if (strcmp(fmt, "lasalle-army")) return fail(D, "$.format", "expected \"lasalle-army\"");
    int role = 0;
    long sup = LASALLE_ARMY_DEFAULT_SUPPORT, eng = LASALLE_ARMY_DEFAULT_ENGINEERS;
    if (gr_json_string(root, "$", "list", true, a->list, sizeof a->list, D->err) ||
        gr_json_string(root, "$", "name", false, a->name, sizeof a->name, D->err) ||
        gr_json_enum(root, "$", "role", true, lasalle_list_role_ids, LASALLE_LIST_ROLE_COUNT, &role, D->err) ||
        gr_json_int(root, "$", "support_choices", false, 0, LASALLE_ARMY_MAX_SUPPORT, &sup, D->err) ||
        gr_json_int(root, "$", "engineers", false, 0, 4, &eng, D->err))
        return prefix(D);
    a->role = (uint8_t)role;
    a->support_choices = (int)sup;
    a->engineers = (int)eng;
    json_t *cmd = gr_json_object(root, "$", "commander", false, D->err);
    static const char *const ckeys[] = {"name"};
    if (D->err->set ||
        (cmd &&
         (gr_json_only_keys(cmd, "$.commander", ckeys, 1, D->err) ||
          gr_json_string(cmd, "$.commander", "name", false, a->commander, sizeof a->commander, D->err))))
        return prefix(D);
    a->has_commander = cmd != NULL;
    json_t *forces = gr_json_array(root, "$", "forces", true, 1, LASALLE_ARMY_MAX_FORCES, D->err);
    if (!forces) return prefix(D);
    for (size_t i = 0; i < json_array_size(forces); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, "$.forces", i);
        if (read_force(D, json_array_get(forces, i), p, &a->forces[i])) return -1;
        a->nforces++;
    }
    if (!json_object_get(root, "independents")) return 0;
    return read_units(D, root, "$", "independents", LASALLE_ARMY_MAX_INDEP, a->indep, &a->nindep);
}

lasalle_army *lasalle_army_load_file(const char *path, gr_error *err)
{
    gr_error_clear(err);
    json_t *root = gr_json_load_file(path, err);
    if (!root) return NULL;
    lasalle_army *a = calloc(1, sizeof *a);
    if (!a) {
        json_decref(root);
        gr_error_set(err, "out of memory");
        return NULL;
    }
    army_loader D = {path, err};
    int rc = read_army(&D, root, a);
    json_decref(root);
    if (rc) {
        free(a);
        return NULL;
    }
    return a;
}
