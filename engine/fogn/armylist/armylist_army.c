/* armylist_army.c - loading an army file (format in docs/armies.md): its
 * list id, points limit, corps commander, fieldworks, and divisions with
 * their commanders, units and attachments. Loading needs no list; names are
 * resolved by the validator. Also turning one unit of an army into the unit
 * profile a scenario is built from. */
#include "armylist_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PATH FOGN_LIST_PATH

static const char *const fw_names[] = {"small", "large"};

/* --- army files ---------------------------------------------------------------------------- */

static int load_cmdr(json_t *o, const char *path, fogn_army_cmdr *c, gr_error *err)
{
    static const char *const keys[] = {"name", "quality", "charismatic"};
    memset(c, 0, sizeof *c);
    c->quality = -1;
    if (!json_is_object(o)) return gr_error_set(err, "%s: expected a commander object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), err)) return -1;
    if (gr_json_string(o, path, "name", false, c->name, sizeof c->name, err)) return -1;
    if (gr_json_enum(o, path, "quality", true, fogn_list_quality_names, FOGN_Q_COUNT, &c->quality, err)) return -1;
    if (gr_json_bool(o, path, "charismatic", false, &c->charismatic, err)) return -1;
    return 0;
}

/* An array of attachment names (at most max) into out; *n gets the count. */
static int load_att_names(json_t *o, const char *path, const char *key, int max, uint8_t *out, int *n,
                          gr_error *err)
{
    char p[PATH], q[PATH], all[200];
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    *n = 0;
    gr_json_path_key(p, sizeof p, path, key);
    json_t *arr = json_object_get(o, key);
    if (json_is_array(arr) && json_array_size(arr) > (size_t)max)
        return gr_error_set(err, "%s: at most %d attachments here, got %zu", p, max, json_array_size(arr));
    arr = gr_json_array(o, path, key, false, 0, (size_t)max, err);
    if (!arr) return err->set ? -1 : 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        int a = json_is_string(v) ? fogn_list_find_name(attn, natt, json_string_value(v)) : -1;
        if (a <= 0)
            return gr_error_set(err, "%s: expected one of %s", q,
                                fogn_list_join_names(attn + 1, natt - 1, all, sizeof all));
        out[(*n)++] = (uint8_t)a;
    }
    return 0;
}

static int load_army_unit(json_t *o, const char *path, fogn_army_unit *u, gr_error *err)
{
    static const char *const keys[] = {"name", "entry", "row", "bases", "attachments"};
    char p[PATH];
    if (!json_is_object(o)) return gr_error_set(err, "%s: expected a unit object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), err)) return -1;
    if (gr_json_string(o, path, "name", false, u->name, sizeof u->name, err)) return -1;
    if (gr_json_string(o, path, "entry", true, u->entry, sizeof u->entry, err)) return -1;
    if (!u->entry[0]) return gr_error_set(err, "%s: must not be empty", gr_json_path_key(p, sizeof p, path, "entry"));
    if (gr_json_string(o, path, "row", false, u->row, sizeof u->row, err)) return -1;
    long b = 0;
    if (gr_json_int(o, path, "bases", true, 1, 12, &b, err)) return -1;
    u->bases = (int)b;
    return load_att_names(o, path, "attachments", FOGN_ARMY_MAX_UNIT_ATT, u->att, &u->natt, err);
}

static int load_army_div(json_t *o, const char *path, fogn_army_div *d, gr_error *err)
{
    static const char *const keys[] = {"name", "kind", "allied", "ally", "commander", "units", "attachments"};
    char p[PATH], q[PATH];
    if (!json_is_object(o)) return gr_error_set(err, "%s: expected a division object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), err)) return -1;
    if (gr_json_string(o, path, "name", false, d->name, sizeof d->name, err)) return -1;
    int kind = 0;
    if (gr_json_enum(o, path, "kind", true, fogn_list_kind_names, COUNT(fogn_list_kind_names), &kind, err)) return -1;
    d->kind = (uint8_t)kind;
    if (gr_json_bool(o, path, "allied", false, &d->allied, err)) return -1;
    if (gr_json_string(o, path, "ally", false, d->ally, sizeof d->ally, err)) return -1;
    if (d->ally[0]) d->allied = true;
    json_t *c = gr_json_object(o, path, "commander", true, err);
    if (!c) return -1;
    if (load_cmdr(c, gr_json_path_key(p, sizeof p, path, "commander"), &d->cmdr, err)) return -1;
    json_t *arr = json_object_get(o, "units");
    gr_json_path_key(p, sizeof p, path, "units");
    if (json_is_array(arr) && json_array_size(arr) > FOGN_ARMY_MAX_UNITS)
        return gr_error_set(err, "%s: at most %d units in a division, got %zu", p, FOGN_ARMY_MAX_UNITS,
                            json_array_size(arr));
    arr = gr_json_array(o, path, "units", true, 1, FOGN_ARMY_MAX_UNITS, err);
    if (!arr) return -1;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        gr_json_path_index(q, sizeof q, p, i);
        if (load_army_unit(json_array_get(arr, i), q, &d->units[d->nunits], err)) return -1;
        d->nunits++;
    }
    return load_att_names(o, path, "attachments", FOGN_ARMY_MAX_POOL, d->pool, &d->npool, err);
}

static int load_army(json_t *root, fogn_army *a, gr_error *err)
{
    static const char *const keys[] = {"format", "list", "name", "points", "corps", "fieldworks", "divisions",
                                       "notes"};
    char p[PATH], q[PATH];
    if (!json_is_object(root)) return gr_error_set(err, "$: expected an object holding the army");
    if (gr_json_only_keys(root, "$", keys, COUNT(keys), err)) return -1;
    char fmt[32] = "fogn-army";
    if (gr_json_string(root, "$", "format", false, fmt, sizeof fmt, err)) return -1;
    if (strcmp(fmt, "fogn-army") != 0) return gr_error_set(err, "$.format: expected \"fogn-army\", got \"%s\"", fmt);
    if (gr_json_string(root, "$", "list", true, a->list, sizeof a->list, err)) return -1;
    if (!a->list[0]) return gr_error_set(err, "$.list: must not be empty");
    if (gr_json_string(root, "$", "name", false, a->name, sizeof a->name, err)) return -1;
    long pts = FOGN_ARMY_DEFAULT_POINTS;
    if (gr_json_int(root, "$", "points", false, FOGN_ARMY_POINTS_MIN, FOGN_ARMY_POINTS_MAX, &pts, err)) return -1;
    a->points = (int)pts;
    json_t *c = gr_json_object(root, "$", "corps", false, err);
    if (!c && err->set) return -1;
    if (c) {
        if (load_cmdr(c, "$.corps", &a->corps, err)) return -1;
        a->has_corps = true;
    }
    json_t *fw = gr_json_array(root, "$", "fieldworks", false, 0, FOGN_ARMY_MAX_FIELDWORKS, err);
    if (!fw && err->set) return -1;
    for (size_t i = 0; fw && i < json_array_size(fw); i++) {
        int k = 0;
        json_t *v = json_array_get(fw, i);
        k = json_is_string(v) ? fogn_list_find_name(fw_names, COUNT(fw_names), json_string_value(v)) : -1;
        if (k < 0) return gr_error_set(err, "$.fieldworks[%zu]: expected \"small\" or \"large\"", i);
        a->fw[a->nfw++] = k == 0 ? 2 : 3;
    }
    json_t *arr = json_object_get(root, "divisions");
    if (json_is_array(arr) && json_array_size(arr) > FOGN_ARMY_MAX_DIVS)
        return gr_error_set(err, "$.divisions: at most %d divisions, got %zu", FOGN_ARMY_MAX_DIVS,
                            json_array_size(arr));
    arr = gr_json_array(root, "$", "divisions", true, 1, FOGN_ARMY_MAX_DIVS, err);
    if (!arr) return -1;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        gr_json_path_index(q, sizeof q, "$.divisions", i);
        if (load_army_div(json_array_get(arr, i), q, &a->divs[a->ndivs], err)) return -1;
        a->ndivs++;
    }
    (void)p;
    return 0;
}

fogn_army *fogn_army_load_file(const char *path, gr_error *err)
{
    gr_error local;
    if (!err) err = &local;
    gr_error_clear(err);
    json_t *root = gr_json_load_file(path, err);
    if (!root) return NULL;
    fogn_army *a = calloc(1, sizeof *a);
    if (!a) {
        json_decref(root);
        gr_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    int rc = load_army(root, a, err);
    json_decref(root);
    if (rc) {
        if (!err->set) gr_error_set(err, "invalid army");
        gr_error_prefix(err, "%s: ", path);
        free(a);
        return NULL;
    }
    return a;
}

/* --- an army unit as a scenario unit ------------------------------------------------------- */

int fogn_army_unit_profile(const fogn_army_list *L, const fogn_army_unit *u, fogn_unit_profile *out)
{
    int e = fogn_list_find_entry(L, u->entry);
    int r = fogn_list_find_row(L, e, u->row);
    if (e < 0 || r < 0) return -1;
    const fogn_list_entry *en = &L->entries[e];
    const fogn_list_row *row = &en->rows[r];
    if (u->bases < 1 || u->bases > 7 || !((row->sizes >> u->bases) & 1u)) return -1;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", u->name[0] ? u->name : en->name);
    fogn_arm arm = fogn_list_type_arm((fogn_list_type)row->type);
    uint16_t caps = row->caps;
    switch ((fogn_list_type)row->type) {
    case FOGN_LT_LINE_INF:
        out->troop = en->doctrine == FOGN_DOC_REFORMED ? FOGN_INF_REFORMED : FOGN_INF_UNREFORMED;
        if (en->doctrine == FOGN_DOC_MOVE_UNREFORMED_FIRE_REFORMED) caps |= FOGN_CAP_FIRE_REFORMED;
        break;
    case FOGN_LT_LIGHT_INF: out->troop = FOGN_INF_LIGHT; break;
    case FOGN_LT_HEAVY_CAV:
        out->troop = row->training == FOGN_TR_IRREGULAR ? FOGN_CAV_IRR_HEAVY : FOGN_CAV_HEAVY;
        break;
    case FOGN_LT_LIGHT_CAV:
        out->troop = row->training == FOGN_TR_IRREGULAR ? FOGN_CAV_IRR_LIGHT : FOGN_CAV_LIGHT;
        break;
    case FOGN_LT_MEDIUM_ART: out->troop = FOGN_ART_FOOT; break;
    case FOGN_LT_HEAVY_ART: out->troop = FOGN_ART_FOOT; out->weight = FOGN_HEAVY; break;
    case FOGN_LT_HORSE_ART: out->troop = FOGN_ART_HORSE; break;
    case FOGN_LT_MORTARS: out->troop = FOGN_ART_MORTAR; out->weight = FOGN_HEAVY; break;
    default: return -1;
    }
    out->elan = row->elan;
    out->training = row->training;
    out->size = fogn_list_is_large(arm, u->bases) ? FOGN_LARGE : FOGN_SMALL;
    out->caps = caps;
    for (int k = 0; k < u->natt && k < 2; k++) out->attach[k] = u->att[k];
    out->division = -1;
    out->start_formation = arm == FOGN_ARM_ART ? FOGN_F_UNLIMBERED : FOGN_F_TACTICAL;
    return 0;
}
