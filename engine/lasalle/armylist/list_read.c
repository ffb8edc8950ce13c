/* list_read.c - the JSON readers of the Army Builder files
 * (docs/lasalle-armies.md) for what every nation and minor state has: the
 * theatres an entry serves, unit types with their values per theatre,
 * battery types, and the brigades' compositions. Each reader refuses a bad
 * value with the file, its JSON path and what was expected. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

int lasalle_list_load_fail(lasalle_list_loader *D, const char *path, const char *fmt, ...)
{
    char msg[GR_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gr_error_set(D->err, "%s: %s: %s", D->file, path, msg);
}

int lasalle_list_load_prefix(lasalle_list_loader *D)
{
    gr_error_prefix(D->err, "%s: ", D->file);
    return -1;
}

int lasalle_list_read_theatres(lasalle_list_loader *D, json_t *o, const char *path, const char *key, uint8_t within,
                               uint8_t dflt, uint8_t *bits)
{
    char p[PATH], q[PATH], names[160];
    json_t *arr = gr_json_array(o, path, key, false, 1, LASALLE_LIST_TH_COUNT, D->err);
    if (!arr) {
        if (D->err->set) return lasalle_list_load_prefix(D);
        *bits = dflt;
        return 0;
    }
    gr_json_path_key(p, sizeof p, path, key);
    uint8_t b = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        int t = json_is_string(v) ? lasalle_list_theatre_find(json_string_value(v)) : -1;
        if (t < 0)
            return lasalle_list_load_fail(
                D, q, "expected a theatre (%s)",
                lasalle_list_join(lasalle_list_theatre_ids, LASALLE_LIST_TH_COUNT, names, sizeof names));
        if (!((within >> t) & 1u))
            return lasalle_list_load_fail(D, q, "%s is not among the theatres here (%s)", lasalle_list_theatre_ids[t],
                                          lasalle_list_theatres_text(within, names, sizeof names));
        if ((b >> t) & 1u) return lasalle_list_load_fail(D, q, "%s is named twice", lasalle_list_theatre_ids[t]);
        b |= (uint8_t)(1u << t);
    }
    *bits = b;
    return 0;
}

int lasalle_list_read_meta(lasalle_list_loader *D, json_t *o, const char *path, const char *dflt, uint8_t *conf,
                           char *ref, char *note)
{
    int c = LASALLE_LIST_CONF_HIGH;
    if (gr_json_enum(o, path, "conf", false, lasalle_list_conf_ids, LASALLE_LIST_CONF_COUNT, &c, D->err))
        return lasalle_list_load_prefix(D);
    *conf = (uint8_t)c;
    snprintf(ref, LASALLE_LIST_REF, "%s", dflt ? dflt : "");
    if (gr_json_string(o, path, "ref", false, ref, LASALLE_LIST_REF, D->err)) return lasalle_list_load_prefix(D);
    note[0] = '\0';
    if (gr_json_string(o, path, "note", false, note, LASALLE_LIST_NOTE, D->err)) return lasalle_list_load_prefix(D);
    return 0;
}

/* an optional array of up to LASALLE_LIST_MAX_ALIASES other names */
static int read_aliases(lasalle_list_loader *D, json_t *o, const char *path, char out[][LASALLE_LIST_NAME])
{
    char p[PATH];
    json_t *arr = gr_json_array(o, path, "aliases", false, 1, LASALLE_LIST_MAX_ALIASES, D->err);
    if (!arr) return D->err->set ? lasalle_list_load_prefix(D) : 0;
    gr_json_path_key(p, sizeof p, path, "aliases");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        char q[PATH];
        gr_json_path_index(q, sizeof q, p, i);
        if (!json_is_string(v) || !json_string_length(v) || json_string_length(v) >= LASALLE_LIST_NAME)
            return lasalle_list_load_fail(D, q, "expected a name of 1 to %d bytes", LASALLE_LIST_NAME - 1);
        snprintf(out[i], LASALLE_LIST_NAME, "%s", json_string_value(v));
    }
    return 0;
}

/* one value string at path into v, checked against the unit's arm */
static int read_value(lasalle_list_loader *D, json_t *s, const char *path, int arm, lasalle_list_values *v)
{
    const char *why = "";
    if (!json_is_string(s) || lasalle_list_values_parse(json_string_value(s), v, &why))
        return lasalle_list_load_fail(D, path, "expected unit values such as \"Reliable/Experienced/SK2\" (%s)",
                                      json_is_string(s) ? why : "a string");
    if (arm == LASALLE_LIST_ARM_INF && v->sk < 0)
        return lasalle_list_load_fail(D, path, "infantry values need a skirmish value SK0-SK3 (B p.15)");
    if (arm == LASALLE_LIST_ARM_CAV && v->sk >= 0)
        return lasalle_list_load_fail(D, path, "cavalry has no skirmish value (B p.15)");
    return 0;
}

/* the value (or the variants' values) of one theatre */
static int read_theatre_value(lasalle_list_loader *D, json_t *x, const char *q, lasalle_list_unit_type *u, int t)
{
    if (json_is_array(x)) {
        if (!u->nvariants || json_array_size(x) != u->nvariants)
            return lasalle_list_load_fail(D, q, "a list of values needs one value per entry of \"variants\" (%u)",
                                          (unsigned)u->nvariants);
        for (size_t k = 0; k < json_array_size(x); k++) {
            char r[PATH];
            gr_json_path_index(r, sizeof r, q, k);
            if (read_value(D, json_array_get(x, k), r, u->arm, &u->v[t][k])) return -1;
        }
        u->nchoice[t] = (uint8_t)json_array_size(x);
        return 0;
    }
    if (read_value(D, x, q, u->arm, &u->v[t][0])) return -1;
    u->nchoice[t] = 1;
    return 0;
}

/* "values": {"all": ..., "conquest": ...}: a theatre's own key beats "all" */
static int read_unit_values(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_unit_type *u)
{
    char p[PATH], names[160];
    json_t *vals = gr_json_object(o, path, "values", true, D->err);
    if (!vals) return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, "values");
    const char *key;
    json_t *x;
    json_object_foreach(vals, key, x)
    {
        char q[PATH];
        gr_json_path_key(q, sizeof q, p, key);
        int t = lasalle_list_theatre_find(key);
        if (strcmp(key, "all") && (t < 0 || !((D->N->theatres >> t) & 1u)))
            return lasalle_list_load_fail(D, q, "expected \"all\" or a theatre of %s (%s)", D->N->name,
                                          lasalle_list_theatres_text(D->N->theatres, names, sizeof names));
    }
    for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++) {
        if (!((D->N->theatres >> t) & 1u)) continue;
        char q[PATH];
        json_t *x1 = json_object_get(vals, lasalle_list_theatre_ids[t]);
        const char *k = lasalle_list_theatre_ids[t];
        if (!x1) x1 = json_object_get(vals, k = "all");
        if (!x1) continue;
        gr_json_path_key(q, sizeof q, p, k);
        if (read_theatre_value(D, x1, q, u, t)) return -1;
    }
    for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++)
        if (u->nchoice[t]) return 0;
    return lasalle_list_load_fail(D, p, "expected a value in at least one theatre");
}

static int read_unit(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_unit_type *u)
{
    static const char *const keys[] = {"name",          "aliases", "arm", "variants", "values",
                                       "scenario_only", "conf",    "ref", "note"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    int arm = 0;
    if (gr_json_string(o, path, "name", true, u->name, sizeof u->name, D->err) ||
        gr_json_enum(o, path, "arm", true, lasalle_list_arm_ids, 2, &arm, D->err) ||
        gr_json_bool(o, path, "scenario_only", false, &u->scenario_only, D->err))
        return lasalle_list_load_prefix(D);
    u->arm = (uint8_t)arm;
    if (read_aliases(D, o, path, u->aliases)) return -1;
    char p[PATH];
    json_t *var = gr_json_array(o, path, "variants", false, 2, LASALLE_LIST_MAX_VARIANTS, D->err);
    if (D->err->set) return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, "variants");
    for (size_t k = 0; var && k < json_array_size(var); k++) {
        json_t *v = json_array_get(var, k);
        char q[PATH];
        gr_json_path_index(q, sizeof q, p, k);
        if (!json_is_string(v) || !json_string_length(v) || json_string_length(v) >= LASALLE_LIST_VARIANT)
            return lasalle_list_load_fail(D, q, "expected a variant name of 1 to %d bytes",
                                          LASALLE_LIST_VARIANT - 1);
        snprintf(u->variants[k], LASALLE_LIST_VARIANT, "%s", json_string_value(v));
        u->nvariants++;
    }
    if (read_unit_values(D, o, path, u)) return -1;
    return lasalle_list_read_meta(D, o, path, D->N->refs_values, &u->conf, u->ref, u->note);
}

int lasalle_list_read_units(lasalle_list_loader *D, json_t *arr, const char *path)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, path, i);
        lasalle_list_unit_type *u = &D->N->units[D->N->nunits];
        if (read_unit(D, json_array_get(arr, i), p, u)) return -1;
        for (int k = 0; k < D->N->nunits; k++)
            if (lasalle_list_name_eq(D->N->units[k].name, u->name))
                return lasalle_list_load_fail(D, p, "unit \"%s\" is listed twice", u->name);
        D->N->nunits++;
    }
    return 0;
}

static int read_battery(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_battery *b)
{
    static const char *const keys[] = {"name",   "aliases",  "type", "cannon", "howitzers",
                                       "weight", "theatres", "conf", "ref",    "note"};
    static const char *const types[] = {"foot", "horse"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    int type = 0, w = 0;
    long cannon = 0, how = 0;
    if (gr_json_string(o, path, "name", true, b->name, sizeof b->name, D->err) ||
        gr_json_enum(o, path, "type", true, types, 2, &type, D->err) ||
        gr_json_int(o, path, "cannon", true, 0, 5, &cannon, D->err) ||
        gr_json_int(o, path, "howitzers", true, 0, 5, &how, D->err) ||
        gr_json_enum(o, path, "weight", true, lasalle_list_weight_ids, LASALLE_LIST_W_COUNT, &w, D->err))
        return lasalle_list_load_prefix(D);
    if (cannon + how < 3 || cannon + how > 5)
        return lasalle_list_load_fail(D, path, "a battery has 3 to 5 gun bases (A p.8); this one has %ld",
                                      cannon + how);
    b->horse = type == 1;
    b->cannon = (uint8_t)cannon;
    b->howitzers = (uint8_t)how;
    b->weight = (uint8_t)w;
    if (read_aliases(D, o, path, b->aliases) ||
        lasalle_list_read_theatres(D, o, path, "theatres", D->N->theatres, D->N->theatres, &b->theatres))
        return -1;
    return lasalle_list_read_meta(D, o, path, D->N->refs_values, &b->conf, b->ref, b->note);
}

int lasalle_list_read_batteries(lasalle_list_loader *D, json_t *arr, const char *path)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, path, i);
        lasalle_list_battery *b = &D->N->batteries[D->N->nbatteries];
        if (read_battery(D, json_array_get(arr, i), p, b)) return -1;
        for (int k = 0; k < D->N->nbatteries; k++)
            if (lasalle_list_name_eq(D->N->batteries[k].name, b->name) && (D->N->batteries[k].theatres & b->theatres))
                return lasalle_list_load_fail(D, p, "battery \"%s\" is listed twice for the same theatre", b->name);
        D->N->nbatteries++;
    }
    return 0;
}
