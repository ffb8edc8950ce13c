/* armylist_fields.c - the vocabulary of the army-list format (docs/armies.md):
 * the name tables of troop types, qualities, arms, division kinds and
 * capabilities with their public lookups, and the JSON readers the list
 * loader builds on: name sets, tags, unit selectors, division filters, texts
 * and bounds. Each reader refuses a bad value with its JSON path. */
#include "armylist_internal.h"

#include <stdio.h>
#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PATH FOGN_LIST_PATH

/* --- name tables ------------------------------------------------------------------------- */
const char *const fogn_list_type_names[FOGN_LT_COUNT] = {
    [FOGN_LT_LINE_INF] = "line_infantry",     [FOGN_LT_LIGHT_INF] = "light_infantry",
    [FOGN_LT_HEAVY_CAV] = "heavy_cavalry",    [FOGN_LT_LIGHT_CAV] = "light_cavalry",
    [FOGN_LT_MEDIUM_ART] = "medium_artillery", [FOGN_LT_HEAVY_ART] = "heavy_artillery",
    [FOGN_LT_HORSE_ART] = "horse_artillery",  [FOGN_LT_MORTARS] = "mortars",
};
const char *const fogn_list_quality_names[FOGN_Q_COUNT] = {"exceptional", "skilled", "competent"};
const char *const fogn_list_arm_names[FOGN_ARM_ART + 1] = {"infantry", "cavalry", "artillery"};
const char *const fogn_list_kind_names[FOGN_DIV_MIXED + 1] = {"infantry", "cavalry", "mixed"};
static const char *const cap_names[] = {"rifles", "lancers", "partial_lancers", "shock",
                                        "guard", "impetuous", "immobile"};
static const uint16_t cap_bits[] = {FOGN_CAP_RIFLES, FOGN_CAP_LANCERS, FOGN_CAP_PART_LANCERS,
                                    FOGN_CAP_SHOCK, FOGN_CAP_GUARD, FOGN_CAP_IMPETUOUS,
                                    FOGN_CAP_IMMOBILE};
static const char *const rule_names[FOGN_AR_COUNT] = {
    "points", "corps commander", "divisions", "division commanders", "charismatic", "unknown name",
    "unit size", "row minimum", "row maximum", "entry minimum", "entry maximum",
    "division composition", "mixed divisions", "allies", "attachment on unit", "attachment limit",
    "attachment timing", "list constraint", "fieldworks"};

/* --- public lookups ------------------------------------------------------------------------ */

const char *fogn_list_type_name(fogn_list_type t)
{
    return (t >= 0 && t < FOGN_LT_COUNT) ? fogn_list_type_names[t] : "?";
}

const char *fogn_list_quality_name(fogn_list_quality q)
{
    return (q >= 0 && q < FOGN_Q_COUNT) ? fogn_list_quality_names[q] : "?";
}

const char *fogn_army_rule_name(fogn_army_rule r)
{
    return (r >= 0 && r < FOGN_AR_COUNT) ? rule_names[r] : "?";
}

fogn_arm fogn_list_type_arm(fogn_list_type t)
{
    switch (t) {
    case FOGN_LT_LINE_INF:
    case FOGN_LT_LIGHT_INF: return FOGN_ARM_INF;
    case FOGN_LT_HEAVY_CAV:
    case FOGN_LT_LIGHT_CAV: return FOGN_ARM_CAV;
    default: return FOGN_ARM_ART;
    }
}

bool fogn_list_is_large(fogn_arm arm, int bases)
{
    return arm == FOGN_ARM_ART ? bases >= 3 : bases >= 6;
}

/* --- JSON readers of the list format ------------------------------------------------------- */

int fogn_list_find_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], s) == 0) return i;
    return -1;
}

/* "a, b, c" of a name table into buf */
const char *fogn_list_join_names(const char *const *names, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + 1 < cap; i++) {
        if (!names[i]) continue;
        int w = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", names[i]);
        if (w < 0) break;
        len += (size_t)w;
    }
    return buf;
}

/* An optional array of names from a table into a bit mask (absent: *bits unchanged). */
int fogn_list_get_name_bits(json_t *o, const char *path, const char *key, const char *const *names, int n,
                            uint32_t *bits, gr_error *err)
{
    char p[PATH], q[PATH], all[300];
    json_t *arr = gr_json_array(o, path, key, false, 0, 64, err);
    if (!arr) return err && err->set ? -1 : 0;
    gr_json_path_key(p, sizeof p, path, key);
    uint32_t b = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        int k = json_is_string(v) ? fogn_list_find_name(names, n, json_string_value(v)) : -1;
        if (k < 0)
            return gr_error_set(err, "%s: expected one of %s", q, fogn_list_join_names(names, n, all, sizeof all));
        b |= 1u << k;
    }
    *bits = b;
    return 0;
}

static int get_tag(fogn_list_loader *D, const char *name, bool create)
{
    fogn_army_list *L = D->L;
    for (int i = 0; i < L->ntags; i++)
        if (strcmp(L->tags[i], name) == 0) return i;
    if (!create || L->ntags >= FOGN_LIST_MAX_TAGS || strlen(name) >= sizeof L->tags[0]) return -1;
    snprintf(L->tags[L->ntags], sizeof L->tags[0], "%s", name);
    return L->ntags++;
}

/* An array of tag names into a bit mask; new tags are made only when `create`. */
int fogn_list_get_tags(fogn_list_loader *D, json_t *o, const char *path, const char *key, bool create, uint32_t *bits)
{
    char p[PATH], q[PATH];
    json_t *arr = gr_json_array(o, path, key, false, 0, FOGN_LIST_MAX_TAGS, D->err);
    if (!arr) return D->err->set ? -1 : 0;
    gr_json_path_key(p, sizeof p, path, key);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        if (!json_is_string(v) || !json_string_value(v)[0])
            return gr_error_set(D->err, "%s: expected a tag name", q);
        int t = get_tag(D, json_string_value(v), create);
        if (t < 0 && create)
            return gr_error_set(D->err, "%s: too many tags (at most %d of at most 23 bytes)", q,
                                FOGN_LIST_MAX_TAGS);
        if (t < 0) return gr_error_set(D->err, "%s: no entry carries the tag \"%s\"", q, json_string_value(v));
        *bits |= 1u << t;
    }
    return 0;
}

/* An array of entry names into a bit mask over the list's entries. */
static int get_entries(fogn_list_loader *D, json_t *o, const char *path, const char *key, uint64_t *bits)
{
    char p[PATH], q[PATH];
    json_t *arr = gr_json_array(o, path, key, false, 0, FOGN_LIST_MAX_ENTRIES, D->err);
    if (!arr) return D->err->set ? -1 : 0;
    gr_json_path_key(p, sizeof p, path, key);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        int e = json_is_string(v) ? fogn_list_find_entry(D->L, json_string_value(v)) : -1;
        if (e < 0) return gr_error_set(D->err, "%s: expected the name of an entry of this list", q);
        *bits |= 1ull << e;
    }
    return 0;
}

int fogn_list_get_caps(json_t *o, const char *path, const char *key, uint16_t *caps, gr_error *err)
{
    uint32_t b = 0;
    if (fogn_list_get_name_bits(o, path, key, cap_names, COUNT(cap_names), &b, err)) return -1;
    for (int i = 0; i < COUNT(cap_names); i++)
        if (b & (1u << i)) *caps = (uint16_t)(*caps | cap_bits[i]);
    return 0;
}

static int get_tristate(json_t *o, const char *path, const char *key, int8_t *out, gr_error *err)
{
    bool b = false;
    *out = -1;
    if (!json_object_get(o, key) || json_is_null(json_object_get(o, key))) return 0;
    if (gr_json_bool(o, path, key, true, &b, err)) return -1;
    *out = b ? 1 : 0;
    return 0;
}

void fogn_list_sel_any(fogn_list_sel *s)
{
    memset(s, 0, sizeof *s);
    s->large = s->core = s->allied = -1;
}

/* A selector object v at path p. */
int fogn_list_parse_sel(fogn_list_loader *D, json_t *v, const char *p, fogn_list_sel *s)
{
    static const char *const keys[] = {"entries", "not_entries", "tags", "not_tags", "types", "arms",
                                       "trainings", "not_trainings", "elans", "caps", "large", "core",
                                       "allied"};
    fogn_list_sel_any(s);
    if (!json_is_object(v)) return gr_error_set(D->err, "%s: expected a unit selector object", p);
    if (gr_json_only_keys(v, p, keys, COUNT(keys), D->err)) return -1;
    int ntr, nel;
    const char *const *trn = fogn_training_names(&ntr);
    const char *const *eln = fogn_elan_names(&nel);
    uint32_t b;
    if (get_entries(D, v, p, "entries", &s->entries)) return -1;
    if (get_entries(D, v, p, "not_entries", &s->not_entries)) return -1;
    if (fogn_list_get_tags(D, v, p, "tags", false, &s->tags)) return -1;
    if (fogn_list_get_tags(D, v, p, "not_tags", false, &s->not_tags)) return -1;
    b = 0;
    if (fogn_list_get_name_bits(v, p, "types", fogn_list_type_names, FOGN_LT_COUNT, &b, D->err)) return -1;
    s->types = (uint16_t)b;
    b = 0;
    if (fogn_list_get_name_bits(v, p, "arms", fogn_list_arm_names, COUNT(fogn_list_arm_names), &b, D->err)) return -1;
    s->arms = (uint8_t)b;
    b = 0;
    if (fogn_list_get_name_bits(v, p, "trainings", trn, ntr, &b, D->err)) return -1;
    s->trainings = (uint8_t)b;
    b = 0;
    if (fogn_list_get_name_bits(v, p, "not_trainings", trn, ntr, &b, D->err)) return -1;
    s->not_trainings = (uint8_t)b;
    b = 0;
    if (fogn_list_get_name_bits(v, p, "elans", eln, nel, &b, D->err)) return -1;
    s->elans = (uint8_t)b;
    if (fogn_list_get_caps(v, p, "caps", &s->caps, D->err)) return -1;
    if (get_tristate(v, p, "large", &s->large, D->err)) return -1;
    if (get_tristate(v, p, "core", &s->core, D->err)) return -1;
    if (get_tristate(v, p, "allied", &s->allied, D->err)) return -1;
    return 0;
}

/* A selector object at o[key] (required or not); *present tells whether it was there. */
int fogn_list_get_sel(fogn_list_loader *D, json_t *o, const char *path, const char *key, bool required,
                      fogn_list_sel *s, bool *present)
{
    char p[PATH];
    fogn_list_sel_any(s);
    if (present) *present = false;
    json_t *v = gr_json_object(o, path, key, required, D->err);
    if (!v) return D->err->set ? -1 : 0;
    if (present) *present = true;
    gr_json_path_key(p, sizeof p, path, key);
    return fogn_list_parse_sel(D, v, p, s);
}

/* The division filter keys of an object: division_kinds, allied, when, lacks. */
int fogn_list_get_divf(fogn_list_loader *D, json_t *o, const char *path, fogn_list_divf *f)
{
    memset(f, 0, sizeof *f);
    f->allied = -1;
    uint32_t b = 0;
    if (fogn_list_get_name_bits(o, path, "division_kinds", fogn_list_kind_names, COUNT(fogn_list_kind_names), &b,
                                D->err))
        return -1;
    f->kinds = (uint8_t)b;
    if (get_tristate(o, path, "allied", &f->allied, D->err)) return -1;
    if (fogn_list_get_sel(D, o, path, "when", false, &f->when, &f->has_when)) return -1;
    if (fogn_list_get_sel(D, o, path, "lacks", false, &f->lacks, &f->has_lacks)) return -1;
    return 0;
}

int fogn_list_get_text(json_t *o, const char *path, const char *key, bool required, char *out, size_t cap,
                       gr_error *err)
{
    char p[PATH];
    if (gr_json_string(o, path, key, required, out, cap, err)) return -1;
    if (required && !out[0])
        return gr_error_set(err, "%s: must not be empty", gr_json_path_key(p, sizeof p, path, key));
    return 0;
}

/* optional non-negative bound; absent: -1 */
int fogn_list_get_bound(json_t *o, const char *path, const char *key, int *out, gr_error *err)
{
    long v = -1;
    if (gr_json_int(o, path, key, false, 0, 1000, &v, err)) return -1;
    *out = (int)v;
    return 0;
}

int fogn_list_check_min_max(const char *path, int min, int max, gr_error *err)
{
    if (min >= 0 && max >= 0 && min > max)
        return gr_error_set(err, "%s: min %d exceeds max %d (settle the printed cells with a ruling)", path,
                            min, max);
    return 0;
}
