/* list_compose.c - the JSON readers of compositions: the lines of a core
 * list, an attacker's bonus or a support brigade ("2 Cuirassier (+) or
 * Carabinier (+)", "1 Horse BTY", "2 SK bases"), and the brigades
 * themselves. Names are resolved against the nation or state being read. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

/* the unit named by the string v (at path), -1 with a message */
static int unit_named(lasalle_list_loader *D, json_t *v, const char *path)
{
    int u = json_is_string(v) ? lasalle_list_find_unit(D->N, json_string_value(v)) : -1;
    if (u < 0) {
        lasalle_list_load_fail(D, path, "expected a unit type of %s%s%s", D->N->name, json_is_string(v) ? ", not " : "",
                               json_is_string(v) ? json_string_value(v) : "");
        return -1;
    }
    return u;
}

/* the "or" units of a line: other unit types that may stand in for it */
static int read_alts(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_item *it)
{
    char p[PATH], q[PATH];
    json_t *arr = gr_json_array(o, path, "or", false, 1, LASALLE_LIST_MAX_ALTS, D->err);
    if (!arr) return D->err->set ? lasalle_list_load_prefix(D) : 0;
    gr_json_path_key(p, sizeof p, path, "or");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        gr_json_path_index(q, sizeof q, p, i);
        int u = unit_named(D, json_array_get(arr, i), q);
        if (u < 0) return -1;
        if (u == it->type) return lasalle_list_load_fail(D, q, "the line's own unit is not an alternative to itself");
        it->alts[it->nalts++] = (int16_t)u;
    }
    long m = -1;
    if (gr_json_int(o, path, "or_max", false, 0, it->n, &m, D->err)) return lasalle_list_load_prefix(D);
    it->alt_max = (int8_t)m;
    return 0;
}

static int read_item(lasalle_list_loader *D, json_t *o, const char *path, bool sk, lasalle_list_item *it)
{
    static const char *const keys[] = {"n", "unit", "battery", "large", "or", "or_max", "sk_bases"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    memset(it, 0, sizeof *it);
    it->type = -1;
    it->alt_max = -1;
    char p[PATH];
    int has = !!json_object_get(o, "unit") + !!json_object_get(o, "battery") + !!json_object_get(o, "sk_bases");
    if (has != 1)
        return lasalle_list_load_fail(D, path, "expected exactly one of \"unit\", \"battery\" or \"sk_bases\"");
    long n = 0;
    if (json_object_get(o, "sk_bases")) {
        if (!sk) return lasalle_list_load_fail(D, path, "SK bases may not be listed here");
        if (gr_json_int(o, path, "sk_bases", true, 1, 6, &n, D->err)) return lasalle_list_load_prefix(D);
        it->kind = LASALLE_LIST_ITEM_SK;
        it->n = (uint8_t)n;
        return 0;
    }
    if (gr_json_int(o, path, "n", true, 1, 12, &n, D->err) || gr_json_bool(o, path, "large", false, &it->large, D->err))
        return lasalle_list_load_prefix(D);
    it->n = (uint8_t)n;
    if (json_object_get(o, "battery")) {
        gr_json_path_key(p, sizeof p, path, "battery");
        json_t *v = json_object_get(o, "battery");
        int b = json_is_string(v) ? lasalle_list_find_battery(D->N, json_string_value(v), -1) : -1;
        if (b < 0) return lasalle_list_load_fail(D, p, "expected a battery type of %s", D->N->name);
        if (it->large || json_object_get(o, "or"))
            return lasalle_list_load_fail(D, path, "a battery line has no size or \"or\"");
        it->kind = LASALLE_LIST_ITEM_BATTERY;
        it->type = (int16_t)b;
        return 0;
    }
    gr_json_path_key(p, sizeof p, path, "unit");
    int u = unit_named(D, json_object_get(o, "unit"), p);
    if (u < 0) return -1;
    it->kind = LASALLE_LIST_ITEM_UNIT;
    it->type = (int16_t)u;
    return read_alts(D, o, path, it);
}

/* do two lines take a unit of the same type and size? */
static bool lines_overlap(const lasalle_list_item *a, const lasalle_list_item *b)
{
    if (a->kind != b->kind) return false;
    if (a->kind == LASALLE_LIST_ITEM_SK) return true;
    if (a->large != b->large) return false;
    for (int i = -1; i < a->nalts; i++)
        for (int j = -1; j < b->nalts; j++)
            if ((i < 0 ? a->type : a->alts[i]) == (j < 0 ? b->type : b->alts[j])) return true;
    return false;
}

int lasalle_list_read_items(lasalle_list_loader *D, json_t *arr, const char *path, bool sk, lasalle_list_item *items,
                            int max, int *n)
{
    if ((int)json_array_size(arr) > max) return lasalle_list_load_fail(D, path, "expected at most %d lines", max);
    *n = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, path, i);
        if (read_item(D, json_array_get(arr, i), p, sk, &items[i])) return -1;
        for (size_t k = 0; k < i; k++)
            if (lines_overlap(&items[k], &items[i]))
                return lasalle_list_load_fail(D, p,
                                              "this line takes the same units as line %zu; write them as one line", k);
        (*n)++;
    }
    return 0;
}

static int read_brigade(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_brigade *b)
{
    static const char *const keys[] = {"name", "once", "theatres", "units", "conf", "ref", "note"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    if (gr_json_string(o, path, "name", true, b->name, sizeof b->name, D->err) ||
        gr_json_bool(o, path, "once", false, &b->once, D->err))
        return lasalle_list_load_prefix(D);
    if (lasalle_list_read_theatres(D, o, path, "theatres", D->N->theatres, D->N->theatres, &b->theatres)) return -1;
    json_t *arr = gr_json_array(o, path, "units", true, 1, LASALLE_LIST_MAX_ITEMS, D->err);
    if (!arr) return lasalle_list_load_prefix(D);
    char p[PATH];
    gr_json_path_key(p, sizeof p, path, "units");
    if (lasalle_list_read_items(D, arr, p, true, b->items, LASALLE_LIST_MAX_ITEMS, &b->nitems)) return -1;
    int units = 0;
    for (int i = 0; i < b->nitems; i++)
        if (b->items[i].kind != LASALLE_LIST_ITEM_SK) units += b->items[i].n;
    if (units < 1) return lasalle_list_load_fail(D, p, "a brigade needs at least one unit");
    return lasalle_list_read_meta(D, o, path, D->N->refs_compositions, &b->conf, b->ref, b->note);
}

int lasalle_list_read_brigades(lasalle_list_loader *D, json_t *arr, const char *path)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, path, i);
        lasalle_list_brigade *b = &D->N->brigades[D->N->nbrigades];
        if (read_brigade(D, json_array_get(arr, i), p, b)) return -1;
        for (int k = 0; k < D->N->nbrigades; k++)
            if (lasalle_list_name_eq(D->N->brigades[k].name, b->name) && (D->N->brigades[k].theatres & b->theatres))
                return lasalle_list_load_fail(D, p, "brigade \"%s\" is listed twice for the same theatre", b->name);
        D->N->nbrigades++;
    }
    return 0;
}
