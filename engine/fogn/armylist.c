/* armylist.c - Field of Glory Napoleonic: loading the army lists of Appendix 1
 * (§19) and the armies built from them, pricing an army (§16) and reporting
 * every breach of the list and of the organisation rules (§3.2, §3.3).
 *
 * The list format and the army format are described in docs/armies.md. The
 * loaders refuse a malformed file with its name and the JSON path of the
 * offending value; unknown keys are refused everywhere. The validator collects
 * every breach (up to FOGN_ARMY_MAX_BREACHES) with the division, the unit and
 * the rule named in the message. */
#include "armylist.h"
#include "../core/fsutil.h"
#include "../core/jsonutil.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PATH 200

/* --- name tables ------------------------------------------------------------------------- */
static const char *const type_names[FOGN_LT_COUNT] = {
    [FOGN_LT_LINE_INF] = "line_infantry",     [FOGN_LT_LIGHT_INF] = "light_infantry",
    [FOGN_LT_HEAVY_CAV] = "heavy_cavalry",    [FOGN_LT_LIGHT_CAV] = "light_cavalry",
    [FOGN_LT_MEDIUM_ART] = "medium_artillery", [FOGN_LT_HEAVY_ART] = "heavy_artillery",
    [FOGN_LT_HORSE_ART] = "horse_artillery",  [FOGN_LT_MORTARS] = "mortars",
};
static const char *const doctrine_names[FOGN_DOC_COUNT] = {"reformed", "unreformed",
                                                            "move_unreformed_fire_reformed"};
static const char *const timing_names[FOGN_AT_COUNT] = {"creation", "deployment", "mixed_deployment"};
static const char *const quality_names[FOGN_Q_COUNT] = {"exceptional", "skilled", "competent"};
static const char *const arm_names[] = {"infantry", "cavalry", "artillery"};
static const char *const kind_names[] = {"infantry", "cavalry", "mixed"};
static const char *const ckind_names[FOGN_CK_COUNT_KINDS] = {
    "count", "ratio", "apart", "together", "only_with", "attachment_required", "divisions",
    "in_fieldworks", "play"};
static const char *const scope_names[] = {"army", "division"};
static const char *const unit_names[] = {"units", "bases"};
static const char *const fw_names[] = {"small", "large"};
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

const char *fogn_list_type_name(fogn_list_type t)
{
    return (t >= 0 && t < FOGN_LT_COUNT) ? type_names[t] : "?";
}

const char *fogn_list_quality_name(fogn_list_quality q)
{
    return (q >= 0 && q < FOGN_Q_COUNT) ? quality_names[q] : "?";
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

/* the unit sizes §16 sells for an arm, as a bit mask over base counts */
static uint8_t arm_sizes(fogn_arm arm)
{
    return arm == FOGN_ARM_ART ? (uint8_t)((1u << 2) | (1u << 3)) : (uint8_t)((1u << 4) | (1u << 6));
}

static bool is_large(fogn_arm arm, int bases)
{
    return arm == FOGN_ARM_ART ? bases >= 3 : bases >= 6;
}

/* skirmishers with muskets and with rifles are one attachment type (§3.2) */
static int att_kind(int a)
{
    return a == FOGN_ATT_RIFLE_SKIRMISHERS ? FOGN_ATT_SKIRMISHERS : a;
}

/* --- loader state ------------------------------------------------------------------------ */
typedef struct ld {
    fogn_army_list *L;
    gr_error *err;
    json_t *sec[FOGN_LIST_MAX_SECTIONS];   /* the JSON object of each section */
    char secpath[FOGN_LIST_MAX_SECTIONS][32];
} ld;

static int find_name(const char *const *names, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], s) == 0) return i;
    return -1;
}

/* "a, b, c" of a name table into buf */
static const char *join_names(const char *const *names, int n, char *buf, size_t cap)
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
static int get_name_bits(json_t *o, const char *path, const char *key, const char *const *names, int n,
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
        int k = json_is_string(v) ? find_name(names, n, json_string_value(v)) : -1;
        if (k < 0)
            return gr_error_set(err, "%s: expected one of %s", q, join_names(names, n, all, sizeof all));
        b |= 1u << k;
    }
    *bits = b;
    return 0;
}

static int get_tag(ld *D, const char *name, bool create)
{
    fogn_army_list *L = D->L;
    for (int i = 0; i < L->ntags; i++)
        if (strcmp(L->tags[i], name) == 0) return i;
    if (!create || L->ntags >= FOGN_LIST_MAX_TAGS || strlen(name) >= sizeof L->tags[0]) return -1;
    snprintf(L->tags[L->ntags], sizeof L->tags[0], "%s", name);
    return L->ntags++;
}

/* An array of tag names into a bit mask; new tags are made only when `create`. */
static int get_tags(ld *D, json_t *o, const char *path, const char *key, bool create, uint32_t *bits)
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
            return gr_error_set(D->err, "%s: too many tags (at most %d of at most 23 characters)", q,
                                FOGN_LIST_MAX_TAGS);
        if (t < 0) return gr_error_set(D->err, "%s: no entry carries the tag \"%s\"", q, json_string_value(v));
        *bits |= 1u << t;
    }
    return 0;
}

/* An array of entry names into a bit mask over the list's entries. */
static int get_entries(ld *D, json_t *o, const char *path, const char *key, uint64_t *bits)
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

static int get_caps(json_t *o, const char *path, const char *key, uint16_t *caps, gr_error *err)
{
    uint32_t b = 0;
    if (get_name_bits(o, path, key, cap_names, COUNT(cap_names), &b, err)) return -1;
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

static void sel_any(fogn_list_sel *s)
{
    memset(s, 0, sizeof *s);
    s->large = s->core = s->allied = -1;
}

/* A selector object v at path p. */
static int parse_sel(ld *D, json_t *v, const char *p, fogn_list_sel *s)
{
    static const char *const keys[] = {"entries", "not_entries", "tags", "not_tags", "types", "arms",
                                       "trainings", "not_trainings", "elans", "caps", "large", "core",
                                       "allied"};
    sel_any(s);
    if (!json_is_object(v)) return gr_error_set(D->err, "%s: expected a unit selector object", p);
    if (gr_json_only_keys(v, p, keys, COUNT(keys), D->err)) return -1;
    int ntr, nel;
    const char *const *trn = fogn_training_names(&ntr);
    const char *const *eln = fogn_elan_names(&nel);
    uint32_t b;
    if (get_entries(D, v, p, "entries", &s->entries)) return -1;
    if (get_entries(D, v, p, "not_entries", &s->not_entries)) return -1;
    if (get_tags(D, v, p, "tags", false, &s->tags)) return -1;
    if (get_tags(D, v, p, "not_tags", false, &s->not_tags)) return -1;
    b = 0;
    if (get_name_bits(v, p, "types", type_names, FOGN_LT_COUNT, &b, D->err)) return -1;
    s->types = (uint16_t)b;
    b = 0;
    if (get_name_bits(v, p, "arms", arm_names, COUNT(arm_names), &b, D->err)) return -1;
    s->arms = (uint8_t)b;
    b = 0;
    if (get_name_bits(v, p, "trainings", trn, ntr, &b, D->err)) return -1;
    s->trainings = (uint8_t)b;
    b = 0;
    if (get_name_bits(v, p, "not_trainings", trn, ntr, &b, D->err)) return -1;
    s->not_trainings = (uint8_t)b;
    b = 0;
    if (get_name_bits(v, p, "elans", eln, nel, &b, D->err)) return -1;
    s->elans = (uint8_t)b;
    if (get_caps(v, p, "caps", &s->caps, D->err)) return -1;
    if (get_tristate(v, p, "large", &s->large, D->err)) return -1;
    if (get_tristate(v, p, "core", &s->core, D->err)) return -1;
    if (get_tristate(v, p, "allied", &s->allied, D->err)) return -1;
    return 0;
}

/* A selector object at o[key] (required or not); *present tells whether it was there. */
static int get_sel(ld *D, json_t *o, const char *path, const char *key, bool required, fogn_list_sel *s,
                   bool *present)
{
    char p[PATH];
    sel_any(s);
    if (present) *present = false;
    json_t *v = gr_json_object(o, path, key, required, D->err);
    if (!v) return D->err->set ? -1 : 0;
    if (present) *present = true;
    gr_json_path_key(p, sizeof p, path, key);
    return parse_sel(D, v, p, s);
}

/* The division filter keys of an object: division_kinds, allied, when, lacks. */
static int get_divf(ld *D, json_t *o, const char *path, fogn_list_divf *f)
{
    memset(f, 0, sizeof *f);
    f->allied = -1;
    uint32_t b = 0;
    if (get_name_bits(o, path, "division_kinds", kind_names, COUNT(kind_names), &b, D->err)) return -1;
    f->kinds = (uint8_t)b;
    if (get_tristate(o, path, "allied", &f->allied, D->err)) return -1;
    if (get_sel(D, o, path, "when", false, &f->when, &f->has_when)) return -1;
    if (get_sel(D, o, path, "lacks", false, &f->lacks, &f->has_lacks)) return -1;
    return 0;
}

static int get_text(json_t *o, const char *path, const char *key, bool required, char *out, size_t cap,
                    gr_error *err)
{
    char p[PATH];
    if (gr_json_string(o, path, key, required, out, cap, err)) return -1;
    if (required && !out[0])
        return gr_error_set(err, "%s: must not be empty", gr_json_path_key(p, sizeof p, path, key));
    return 0;
}

/* optional non-negative bound; absent: -1 */
static int get_bound(json_t *o, const char *path, const char *key, int *out, gr_error *err)
{
    long v = -1;
    if (gr_json_int(o, path, key, false, 0, 1000, &v, err)) return -1;
    *out = (int)v;
    return 0;
}

static int check_min_max(const char *path, int min, int max, gr_error *err)
{
    if (min >= 0 && max >= 0 && min > max)
        return gr_error_set(err, "%s: min %d exceeds max %d (settle the printed cells with a ruling)", path,
                            min, max);
    return 0;
}

/* --- list sections ------------------------------------------------------------------------ */

static int load_row(ld *D, json_t *o, const char *path, fogn_list_entry *e, int etype, fogn_list_row *r)
{
    static const char *const keys[] = {"name", "type", "elan", "training", "caps", "pts", "bases", "min",
                                       "max", "ruling"};
    char p[PATH], q[PATH];
    int nel, ntr, v;
    const char *const *eln = fogn_elan_names(&nel);
    const char *const *trn = fogn_training_names(&ntr);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    if (get_text(o, path, "name", true, r->name, sizeof r->name, D->err)) return -1;
    v = etype;
    if (gr_json_enum(o, path, "type", etype < 0, type_names, FOGN_LT_COUNT, &v, D->err)) return -1;
    r->type = (uint8_t)v;
    if (gr_json_enum(o, path, "elan", true, eln, nel, &v, D->err)) return -1;
    r->elan = (uint8_t)v;
    if (gr_json_enum(o, path, "training", true, trn, ntr, &v, D->err)) return -1;
    r->training = (uint8_t)v;
    fogn_arm arm = fogn_list_type_arm((fogn_list_type)r->type);
    if (arm == FOGN_ARM_ART && (r->training == FOGN_TR_CONSCRIPT || r->training == FOGN_TR_IRREGULAR))
        return gr_error_set(D->err, "%s.training: artillery is never %s in the lists (§2.3)", path,
                            trn[r->training]);
    if (get_caps(o, path, "caps", &r->caps, D->err)) return -1;
    const char *bad = NULL;
    if ((r->caps & FOGN_CAP_RIFLES) && arm == FOGN_ARM_ART) bad = "rifles on artillery";
    else if ((r->caps & (FOGN_CAP_LANCERS | FOGN_CAP_PART_LANCERS)) && arm != FOGN_ARM_CAV) bad = "lancers off cavalry";
    else if ((r->caps & FOGN_CAP_SHOCK) && r->type != FOGN_LT_HEAVY_CAV) bad = "shock off heavy cavalry";
    else if ((r->caps & FOGN_CAP_IMPETUOUS) && arm == FOGN_ARM_ART) bad = "impetuous artillery";
    else if ((r->caps & FOGN_CAP_IMMOBILE) && arm != FOGN_ARM_ART) bad = "immobile infantry or cavalry";
    if (bad) return gr_error_set(D->err, "%s.caps: %s (§2.4)", path, bad);
    long pts = 0;
    if (gr_json_int(o, path, "pts", true, 1, 100, &pts, D->err)) return -1;
    r->pts = (int)pts;
    gr_json_path_key(p, sizeof p, path, "bases");
    json_t *arr = gr_json_array(o, path, "bases", true, 1, 2, D->err);
    if (!arr) return -1;
    r->sizes = 0;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *b = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        long n = json_is_integer(b) ? (long)json_integer_value(b) : -1;
        if (n < 1 || n > 7 || !(arm_sizes(arm) & (1u << n)))
            return gr_error_set(D->err, "%s: %s units have %s bases (§16)", q, arm_names[arm],
                                arm == FOGN_ARM_ART ? "2 or 3" : "4 or 6");
        r->sizes = (uint8_t)(r->sizes | (1u << n));
    }
    if (get_bound(o, path, "min", &r->min, D->err) || get_bound(o, path, "max", &r->max, D->err)) return -1;
    if (r->min < 0) r->min = 0;
    if (check_min_max(path, r->min, r->max, D->err)) return -1;
    char tmp[FOGN_LIST_TEXT];
    if (get_text(o, path, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
    (void)e;
    return 0;
}

static int load_entries(ld *D, json_t *o, const char *path, int section)
{
    static const char *const keys[] = {"name", "core", "type", "doctrine", "tags", "min", "max", "rows",
                                       "printed", "ruling"};
    fogn_army_list *L = D->L;
    json_t *arr = gr_json_array(o, path, "entries", true, 1, FOGN_LIST_MAX_ENTRIES, D->err);
    if (!arr) return -1;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH], q[PATH], rp[PATH];
        gr_json_path_key(q, sizeof q, path, "entries");
        gr_json_path_index(p, sizeof p, q, i);
        json_t *eo = json_array_get(arr, i);
        if (L->nentries >= FOGN_LIST_MAX_ENTRIES)
            return gr_error_set(D->err, "%s: too many entries (at most %d in a list)", p, FOGN_LIST_MAX_ENTRIES);
        fogn_list_entry *e = &L->entries[L->nentries];
        memset(e, 0, sizeof *e);
        if (!json_is_object(eo)) return gr_error_set(D->err, "%s: expected an entry object", p);
        if (gr_json_only_keys(eo, p, keys, COUNT(keys), D->err)) return -1;
        if (get_text(eo, p, "name", true, e->name, sizeof e->name, D->err)) return -1;
        if (fogn_list_find_entry(L, e->name) >= 0)
            return gr_error_set(D->err, "%s.name: \"%s\" is already an entry of this list", p, e->name);
        e->section = (uint8_t)section;
        if (gr_json_bool(eo, p, "core", true, &e->core, D->err)) return -1;
        int etype = -1, doc = L->doctrine;
        if (gr_json_enum(eo, p, "type", false, type_names, FOGN_LT_COUNT, &etype, D->err)) return -1;
        if (gr_json_enum(eo, p, "doctrine", false, doctrine_names, FOGN_DOC_COUNT, &doc, D->err)) return -1;
        e->doctrine = (uint8_t)doc;
        if (get_tags(D, eo, p, "tags", true, &e->tags)) return -1;
        if (get_bound(eo, p, "min", &e->min, D->err) || get_bound(eo, p, "max", &e->max, D->err)) return -1;
        if (e->min < 0) e->min = 0;
        if (check_min_max(p, e->min, e->max, D->err)) return -1;
        if (get_text(eo, p, "printed", false, e->printed, sizeof e->printed, D->err)) return -1;
        if (get_text(eo, p, "ruling", false, e->ruling, sizeof e->ruling, D->err)) return -1;
        json_t *rows = gr_json_array(eo, p, "rows", true, 1, FOGN_LIST_MAX_ROWS, D->err);
        if (!rows) return -1;
        gr_json_path_key(q, sizeof q, p, "rows");
        for (size_t k = 0; k < json_array_size(rows); k++) {
            gr_json_path_index(rp, sizeof rp, q, k);
            json_t *ro = json_array_get(rows, k);
            if (!json_is_object(ro)) return gr_error_set(D->err, "%s: expected a row object", rp);
            fogn_list_row *r = &e->rows[e->nrows];
            memset(r, 0, sizeof *r);
            if (load_row(D, ro, rp, e, etype, r)) return -1;
            for (int j = 0; j < e->nrows; j++)
                if (strcasecmp(e->rows[j].name, r->name) == 0)
                    return gr_error_set(D->err, "%s.name: \"%s\" is already a row of %s", rp, r->name, e->name);
            e->nrows++;
        }
        L->nentries++;
    }
    return 0;
}

static int load_quality_prices(ld *D, json_t *o, const char *path, int *pts, int *max)
{
    static const char *const keys[] = {"pts", "max"};
    for (int q = 0; q < FOGN_Q_COUNT; q++) {
        pts[q] = -1;
        max[q] = 0;
        json_t *v = gr_json_object(o, path, quality_names[q], false, D->err);
        if (!v) {
            if (D->err->set) return -1;
            continue;
        }
        char p[PATH];
        gr_json_path_key(p, sizeof p, path, quality_names[q]);
        if (gr_json_only_keys(v, p, keys, COUNT(keys), D->err)) return -1;
        long n = 0, m = 0;
        if (gr_json_int(v, p, "pts", true, 1, 200, &n, D->err)) return -1;
        if (gr_json_int(v, p, "max", true, 0, 8, &m, D->err)) return -1;
        pts[q] = (int)n;
        max[q] = (int)m;
    }
    return 0;
}

static int load_commanders(ld *D, json_t *root)
{
    static const char *const keys[] = {"corps", "divisions", "charismatic", "prices"};
    static const char *const dkeys[] = {"min", "max", "exceptional", "skilled", "competent"};
    static const char *const ckeys[] = {"min", "max"};
    static const char *const pkeys[] = {"exceptional", "skilled", "competent", "charismatic"};
    fogn_army_list *L = D->L;
    json_t *c = gr_json_object(root, "$", "commanders", true, D->err);
    if (!c) return -1;
    if (gr_json_only_keys(c, "$.commanders", keys, COUNT(keys), D->err)) return -1;
    uint32_t b = 0;
    json_t *corps = gr_json_array(c, "$.commanders", "corps", true, 1, 3, D->err);
    if (!corps) return -1;
    if (get_name_bits(c, "$.commanders", "corps", quality_names, FOGN_Q_COUNT, &b, D->err)) return -1;
    L->corps_q = (uint8_t)b;

    json_t *d = gr_json_object(c, "$.commanders", "divisions", true, D->err);
    if (!d) return -1;
    const char *dp = "$.commanders.divisions";
    if (gr_json_only_keys(d, dp, dkeys, COUNT(dkeys), D->err)) return -1;
    long mn = 0, mx = 0;
    if (gr_json_int(d, dp, "min", true, 1, FOGN_ARMY_MAX_DIVS, &mn, D->err)) return -1;
    if (gr_json_int(d, dp, "max", true, 1, FOGN_ARMY_MAX_DIVS, &mx, D->err)) return -1;
    L->div_min = (int)mn;
    L->div_max = (int)mx;
    if (check_min_max(dp, L->div_min, L->div_max, D->err)) return -1;
    for (int q = 0; q < FOGN_Q_COUNT; q++) {
        long v = 0;
        if (gr_json_int(d, dp, quality_names[q], false, 0, FOGN_ARMY_MAX_DIVS, &v, D->err)) return -1;
        L->q_max[q] = (int)v;
    }

    L->charismatic_min = 0;
    L->charismatic_max = FOGN_LIST_CHARISMATIC_DEFAULT_MAX;
    json_t *ch = gr_json_object(c, "$.commanders", "charismatic", false, D->err);
    if (!ch && D->err->set) return -1;
    if (ch) {
        const char *cp = "$.commanders.charismatic";
        if (gr_json_only_keys(ch, cp, ckeys, COUNT(ckeys), D->err)) return -1;
        if (gr_json_int(ch, cp, "min", true, 0, 8, &mn, D->err)) return -1;
        if (gr_json_int(ch, cp, "max", true, 0, 8, &mx, D->err)) return -1;
        L->charismatic_min = (int)mn;
        L->charismatic_max = (int)mx;
        if (check_min_max(cp, L->charismatic_min, L->charismatic_max, D->err)) return -1;
    }

    json_t *pr = gr_json_object(c, "$.commanders", "prices", true, D->err);
    if (!pr) return -1;
    const char *pp = "$.commanders.prices";
    if (gr_json_only_keys(pr, pp, pkeys, COUNT(pkeys), D->err)) return -1;
    for (int q = 0; q < FOGN_Q_COUNT; q++) {
        long v = 0;
        if (gr_json_int(pr, pp, quality_names[q], true, 1, 200, &v, D->err)) return -1;
        L->q_pts[q] = (int)v;
    }
    long cv = 0;
    if (gr_json_int(pr, pp, "charismatic", true, 0, 100, &cv, D->err)) return -1;
    L->charismatic_pts = (int)cv;
    return 0;
}

static int load_ally_header(ld *D, json_t *o, const char *path, fogn_list_ally *A)
{
    static const char *const keys[] = {"id", "name", "divisions", "division_kinds", "commanders",
                                       "attachments_at", "counts_toward_main_minima", "guests",
                                       "entries", "attachments", "constraints", "ruling"};
    static const char *const dkeys[] = {"min", "max"};
    if (!json_is_object(o)) return gr_error_set(D->err, "%s: expected an object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    if (get_text(o, path, "id", true, A->id, sizeof A->id, D->err)) return -1;
    if (get_text(o, path, "name", true, A->name, sizeof A->name, D->err)) return -1;
    char p[PATH];
    json_t *d = gr_json_object(o, path, "divisions", true, D->err);
    if (!d) return -1;
    gr_json_path_key(p, sizeof p, path, "divisions");
    if (gr_json_only_keys(d, p, dkeys, COUNT(dkeys), D->err)) return -1;
    long mn = 0, mx = 0;
    if (gr_json_int(d, p, "min", false, 0, FOGN_ARMY_MAX_DIVS, &mn, D->err)) return -1;
    if (gr_json_int(d, p, "max", true, 0, FOGN_ARMY_MAX_DIVS, &mx, D->err)) return -1;
    A->div_min = (int)mn;
    A->div_max = (int)mx;
    if (check_min_max(p, A->div_min, A->div_max, D->err)) return -1;
    uint32_t b = 0;
    if (get_name_bits(o, path, "division_kinds", kind_names, COUNT(kind_names), &b, D->err)) return -1;
    if (!b) return gr_error_set(D->err, "%s.division_kinds: missing (which kinds its divisions may be)", path);
    A->div_kinds = (uint8_t)b;
    json_t *c = gr_json_object(o, path, "commanders", true, D->err);
    if (!c) return -1;
    gr_json_path_key(p, sizeof p, path, "commanders");
    if (gr_json_only_keys(c, p, quality_names, FOGN_Q_COUNT, D->err)) return -1;
    if (load_quality_prices(D, c, p, A->q_pts, A->q_max)) return -1;
    int t = D->L->timing;
    if (gr_json_enum(o, path, "attachments_at", false, timing_names, FOGN_AT_COUNT, &t, D->err)) return -1;
    A->timing = (uint8_t)t;
    if (gr_json_bool(o, path, "counts_toward_main_minima", false, &A->count_toward_main_minima, D->err))
        return -1;
    char tmp[FOGN_LIST_TEXT];
    if (get_text(o, path, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
    return 0;
}

static int load_ally_guests(ld *D, int k)
{
    static const char *const gkeys[] = {"units", "division_kinds"};
    fogn_list_ally *A = &D->L->allies[k];
    json_t *o = D->sec[k + 1];
    const char *path = D->secpath[k + 1];
    json_t *g = gr_json_object(o, path, "guests", false, D->err);
    if (!g) return D->err->set ? -1 : 0;
    char p[PATH];
    gr_json_path_key(p, sizeof p, path, "guests");
    if (gr_json_only_keys(g, p, gkeys, COUNT(gkeys), D->err)) return -1;
    if (get_sel(D, g, p, "units", true, &A->guests, NULL)) return -1;
    A->guests.allied = 1;
    uint32_t b = 0;
    if (get_name_bits(g, p, "division_kinds", kind_names, COUNT(kind_names), &b, D->err)) return -1;
    A->guest_kinds = (uint8_t)b;
    A->has_guests = true;
    return 0;
}

/* A constraint object (also used for "only_if" conditions, where only "count" is allowed). */
static int load_constraint(ld *D, json_t *o, const char *path, int section, bool cond_only,
                           fogn_list_constraint *c)
{
    static const char *const keys[] = {"kind", "scope", "unit", "division_kinds", "allied", "when", "lacks",
                                       "count", "of", "allow", "groups", "attachments", "plus_attachments",
                                       "min", "max", "at_least", "strict", "text", "section", "ruling"};
    char p[PATH], q[PATH];
    memset(c, 0, sizeof *c);
    c->section = (uint8_t)section;
    c->min = c->max = -1;
    sel_any(&c->count);
    sel_any(&c->of);
    sel_any(&c->awhen);
    if (!json_is_object(o)) return gr_error_set(D->err, "%s: expected a constraint object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    int kind = 0, scope = FOGN_SCOPE_ARMY, unit = 0;
    if (gr_json_enum(o, path, "kind", true, ckind_names, FOGN_CK_COUNT_KINDS, &kind, D->err)) return -1;
    if (cond_only && kind != FOGN_CK_COUNT)
        return gr_error_set(D->err, "%s.kind: a condition must be of kind \"count\"", path);
    c->kind = (uint8_t)kind;
    if (get_text(o, path, "text", true, c->text, sizeof c->text, D->err)) return -1;
    snprintf(c->ref, sizeof c->ref, "%s", D->L->ref);
    if (get_text(o, path, "section", false, c->ref, sizeof c->ref, D->err)) return -1;
    char tmp[FOGN_LIST_TEXT];
    if (get_text(o, path, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
    if (kind == FOGN_CK_PLAY) return 0;
    if (gr_json_enum(o, path, "scope", false, scope_names, COUNT(scope_names), &scope, D->err)) return -1;
    if (gr_json_enum(o, path, "unit", false, unit_names, COUNT(unit_names), &unit, D->err)) return -1;
    if (kind == FOGN_CK_ONLY_WITH || kind == FOGN_CK_APART) scope = FOGN_SCOPE_DIVISION;
    c->scope = (uint8_t)scope;
    c->bases = unit == 1;
    if (get_divf(D, o, path, &c->div)) return -1;
    if (scope == FOGN_SCOPE_ARMY && c->div.has_when && (kind == FOGN_CK_COUNT || kind == FOGN_CK_RATIO)) {
        c->has_awhen = true;
        c->awhen = c->div.when;
        c->div.has_when = false;
    }
    if (get_bound(o, path, "min", &c->min, D->err) || get_bound(o, path, "max", &c->max, D->err)) return -1;
    if (check_min_max(path, c->min, c->max, D->err)) return -1;
    uint32_t b = 0;
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    if (get_name_bits(o, path, "attachments", attn, natt, &b, D->err)) return -1;
    if (get_name_bits(o, path, "plus_attachments", attn, natt, &b, D->err)) return -1;
    c->atts = (uint16_t)(b & ~1u);
    bool have = false;
    switch (kind) {
    case FOGN_CK_COUNT:
        if (get_sel(D, o, path, "count", !c->atts, &c->count, &have)) return -1;
        if (!have) c->count.none = true;    /* attachments only */
        if (c->min < 0 && c->max < 0) return gr_error_set(D->err, "%s: a count needs min or max", path);
        break;
    case FOGN_CK_RATIO: {
        if (get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        if (get_sel(D, o, path, "of", true, &c->of, NULL)) return -1;
        json_t *al = json_object_get(o, "at_least");
        gr_json_path_key(q, sizeof q, path, "at_least");
        if (!json_is_array(al) || json_array_size(al) != 2 || !json_is_integer(json_array_get(al, 0)) ||
            !json_is_integer(json_array_get(al, 1)))
            return gr_error_set(D->err, "%s: expected [numerator, denominator]", q);
        c->num = (int)json_integer_value(json_array_get(al, 0));
        c->den = (int)json_integer_value(json_array_get(al, 1));
        if (c->num < 1 || c->den < 1 || c->num > 10 || c->den > 10)
            return gr_error_set(D->err, "%s: numerator and denominator in 1..10", q);
        if (gr_json_bool(o, path, "strict", false, &c->strict, D->err)) return -1;
        break;
    }
    case FOGN_CK_APART: {
        json_t *g = gr_json_array(o, path, "groups", true, 2, FOGN_LIST_MAX_GROUPS, D->err);
        if (!g) return -1;
        gr_json_path_key(q, sizeof q, path, "groups");
        for (size_t i = 0; i < json_array_size(g); i++) {
            gr_json_path_index(p, sizeof p, q, i);
            if (parse_sel(D, json_array_get(g, i), p, &c->groups[i])) return -1;
            c->ngroups++;
        }
        break;
    }
    case FOGN_CK_TOGETHER:
        if (get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        break;
    case FOGN_CK_ONLY_WITH:
        if (!c->div.has_when) return gr_error_set(D->err, "%s.when: missing (a division scope rule)", path);
        if (get_sel(D, o, path, "allow", true, &c->of, &have)) return -1;
        break;
    case FOGN_CK_ATT_REQUIRED:
        if (get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        if (!c->atts) return gr_error_set(D->err, "%s.attachments: missing", path);
        break;
    case FOGN_CK_DIVISIONS:
        if (c->min < 0 && c->max < 0) return gr_error_set(D->err, "%s: needs min or max", path);
        break;
    case FOGN_CK_IN_FIELDWORKS:
        if (get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        break;
    default: break;
    }
    return 0;
}

static int load_constraints(ld *D, json_t *o, const char *path, int section)
{
    fogn_army_list *L = D->L;
    json_t *arr = gr_json_array(o, path, "constraints", false, 0, FOGN_LIST_MAX_CONSTRAINTS, D->err);
    if (!arr) return D->err->set ? -1 : 0;
    char q[PATH], p[PATH];
    gr_json_path_key(q, sizeof q, path, "constraints");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        gr_json_path_index(p, sizeof p, q, i);
        if (L->ncons >= FOGN_LIST_MAX_CONSTRAINTS)
            return gr_error_set(D->err, "%s: too many constraints (at most %d)", p, FOGN_LIST_MAX_CONSTRAINTS);
        if (load_constraint(D, json_array_get(arr, i), p, section, false, &L->cons[L->ncons])) return -1;
        L->ncons++;
    }
    return 0;
}

static int load_att_limit(ld *D, json_t *o, const char *path, fogn_list_att_limit *l)
{
    static const char *const keys[] = {"scope", "division_kinds", "allied", "when", "lacks", "min", "max",
                                       "per", "count", "share"};
    static const char *const skeys[] = {"type", "at_least"};
    memset(l, 0, sizeof *l);
    l->share_type = -1;
    sel_any(&l->count);
    if (!json_is_object(o)) return gr_error_set(D->err, "%s: expected a limit object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    int scope = 0;
    if (gr_json_enum(o, path, "scope", true, scope_names, COUNT(scope_names), &scope, D->err)) return -1;
    l->scope = (uint8_t)scope;
    if (get_divf(D, o, path, &l->div)) return -1;
    if (scope == FOGN_SCOPE_ARMY && (l->div.kinds || l->div.has_when || l->div.has_lacks))
        return gr_error_set(D->err, "%s: division filters need \"scope\": \"division\"", path);
    if (get_bound(o, path, "min", &l->min, D->err) || get_bound(o, path, "max", &l->max, D->err)) return -1;
    if (check_min_max(path, l->min, l->max, D->err)) return -1;
    long per = 0;
    if (gr_json_int(o, path, "per", false, 1, 10, &per, D->err)) return -1;
    l->per = (int)per;
    bool has_count = false;
    if (get_sel(D, o, path, "count", false, &l->count, &has_count)) return -1;
    if (l->per && !has_count) return gr_error_set(D->err, "%s.count: missing (\"per\" counts these units)", path);
    json_t *sh = gr_json_object(o, path, "share", false, D->err);
    if (!sh && D->err->set) return -1;
    if (sh) {
        char p[PATH], q[PATH];
        gr_json_path_key(p, sizeof p, path, "share");
        if (gr_json_only_keys(sh, p, skeys, COUNT(skeys), D->err)) return -1;
        int natt, t = 0;
        const char *const *attn = fogn_attach_names(&natt);
        if (gr_json_enum(sh, p, "type", true, attn, natt, &t, D->err)) return -1;
        l->share_type = t;
        json_t *al = json_object_get(sh, "at_least");
        gr_json_path_key(q, sizeof q, p, "at_least");
        if (!json_is_array(al) || json_array_size(al) != 2 || !json_is_integer(json_array_get(al, 0)) ||
            !json_is_integer(json_array_get(al, 1)) || json_integer_value(json_array_get(al, 0)) < 1 ||
            json_integer_value(json_array_get(al, 1)) < 1)
            return gr_error_set(D->err, "%s: expected [numerator, denominator]", q);
        l->share_num = (int)json_integer_value(json_array_get(al, 0));
        l->share_den = (int)json_integer_value(json_array_get(al, 1));
    }
    if (l->min < 0 && l->max < 0 && !l->per && l->share_type < 0)
        return gr_error_set(D->err, "%s: a limit needs min, max, per or share", path);
    return 0;
}

static int load_att_rules(ld *D, json_t *o, const char *path, int section)
{
    static const char *const keys[] = {"name", "types", "on", "division_kinds", "limits", "only_if", "text",
                                       "ruling"};
    static const char *const tkeys[] = {"pts", "on", "max"};
    fogn_army_list *L = D->L;
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    json_t *arr = gr_json_array(o, path, "attachments", true, 0, FOGN_LIST_MAX_RULES, D->err);
    if (!arr) return -1;
    char q[PATH];
    gr_json_path_key(q, sizeof q, path, "attachments");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH], tp[PATH], kp[PATH];
        gr_json_path_index(p, sizeof p, q, i);
        json_t *ro = json_array_get(arr, i);
        if (L->nrules >= FOGN_LIST_MAX_RULES)
            return gr_error_set(D->err, "%s: too many attachment rules (at most %d)", p, FOGN_LIST_MAX_RULES);
        fogn_list_att_rule *r = &L->rules[L->nrules];
        memset(r, 0, sizeof *r);
        r->section = (uint8_t)section;
        for (int a = 0; a < FOGN_ATT_COUNT; a++) r->pts[a] = r->type_max[a] = -1;
        if (!json_is_object(ro)) return gr_error_set(D->err, "%s: expected an attachment rule object", p);
        if (gr_json_only_keys(ro, p, keys, COUNT(keys), D->err)) return -1;
        if (get_text(ro, p, "name", true, r->name, sizeof r->name, D->err)) return -1;
        if (get_text(ro, p, "text", true, r->text, sizeof r->text, D->err)) return -1;
        char tmp[FOGN_LIST_TEXT];
        if (get_text(ro, p, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
        json_t *types = gr_json_object(ro, p, "types", true, D->err);
        if (!types) return -1;
        gr_json_path_key(tp, sizeof tp, p, "types");
        const char *key;
        json_t *v;
        int ntypes = 0;
        json_object_foreach(types, key, v) {
            gr_json_path_key(kp, sizeof kp, tp, key);
            int a = find_name(attn, natt, key);
            if (a <= 0) {
                char all[200];
                return gr_error_set(D->err, "%s: not an attachment type (expected %s)", kp,
                                    join_names(attn + 1, natt - 1, all, sizeof all));
            }
            for (int j = 0; j < L->nrules; j++)
                if (L->rules[j].section == section && L->rules[j].pts[a] >= 0)
                    return gr_error_set(D->err, "%s: %s attachments are already sold by rule \"%s\"", kp, key,
                                        L->rules[j].name);
            if (json_is_integer(v)) {
                r->pts[a] = (int)json_integer_value(v);
            } else if (json_is_object(v)) {
                if (gr_json_only_keys(v, kp, tkeys, COUNT(tkeys), D->err)) return -1;
                long n = 0;
                if (gr_json_int(v, kp, "pts", true, 1, 50, &n, D->err)) return -1;
                r->pts[a] = (int)n;
                if (get_bound(v, kp, "max", &r->type_max[a], D->err)) return -1;
                if (get_sel(D, v, kp, "on", false, &r->type_on[a], &r->has_type_on[a])) return -1;
            } else {
                return gr_error_set(D->err, "%s: expected a price or {\"pts\", \"on\", \"max\"}", kp);
            }
            if (r->pts[a] < 1 || r->pts[a] > 50) return gr_error_set(D->err, "%s: price in 1..50", kp);
            ntypes++;
        }
        if (!ntypes) return gr_error_set(D->err, "%s: names no attachment type", tp);
        if (get_sel(D, ro, p, "on", false, &r->on, &r->has_on)) return -1;
        uint32_t b = 0;
        if (get_name_bits(ro, p, "division_kinds", kind_names, COUNT(kind_names), &b, D->err)) return -1;
        r->div_kinds = (uint8_t)b;
        json_t *lim = gr_json_array(ro, p, "limits", false, 0, FOGN_LIST_MAX_LIMITS, D->err);
        if (!lim && D->err->set) return -1;
        for (size_t k = 0; lim && k < json_array_size(lim); k++) {
            char lp[PATH];
            gr_json_path_key(kp, sizeof kp, p, "limits");
            gr_json_path_index(lp, sizeof lp, kp, k);
            if (load_att_limit(D, json_array_get(lim, k), lp, &r->limits[r->nlimits])) return -1;
            r->nlimits++;
        }
        json_t *conds = gr_json_array(ro, p, "only_if", false, 0, FOGN_LIST_MAX_CONDS, D->err);
        if (!conds && D->err->set) return -1;
        for (size_t k = 0; conds && k < json_array_size(conds); k++) {
            char lp[PATH];
            gr_json_path_key(kp, sizeof kp, p, "only_if");
            gr_json_path_index(lp, sizeof lp, kp, k);
            if (load_constraint(D, json_array_get(conds, k), lp, section, true, &r->conds[r->nconds])) return -1;
            r->nconds++;
        }
        L->nrules++;
    }
    return 0;
}

static int load_fieldworks(ld *D, json_t *root)
{
    static const char *const keys[] = {"pts", "bases", "max"};
    fogn_army_list *L = D->L;
    json_t *f = gr_json_object(root, "$", "fieldworks", false, D->err);
    if (!f) return D->err->set ? -1 : 0;
    const char *p = "$.fieldworks";
    if (gr_json_only_keys(f, p, keys, COUNT(keys), D->err)) return -1;
    long pts = 0, mx = 0;
    if (gr_json_int(f, p, "pts", true, 1, 50, &pts, D->err)) return -1;
    if (gr_json_int(f, p, "max", true, 0, 20, &mx, D->err)) return -1;
    json_t *arr = gr_json_array(f, p, "bases", true, 1, 2, D->err);
    if (!arr) return -1;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *b = json_array_get(arr, i);
        long n = json_is_integer(b) ? (long)json_integer_value(b) : 0;
        if (n != 2 && n != 3)
            return gr_error_set(D->err, "$.fieldworks.bases[%zu]: expected 2 (small) or 3 (large)", i);
        L->fw_sizes = (uint8_t)(L->fw_sizes | (1u << n));
    }
    L->has_fieldworks = true;
    L->fw_pts = (int)pts;
    L->fw_max = (int)mx;
    return 0;
}

static int load_list(ld *D, json_t *root)
{
    static const char *const keys[] = {"format", "id", "name", "section", "regions", "initiative",
                                       "infantry", "infantry_priced_as", "attachments_at", "mixed", "commanders", "fieldworks",
                                       "entries", "attachments", "allies", "constraints", "notes"};
    static const char *const mkeys[] = {"min", "max"};
    fogn_army_list *L = D->L;
    if (!json_is_object(root)) return gr_error_set(D->err, "$: expected an object holding the army list");
    if (gr_json_only_keys(root, "$", keys, COUNT(keys), D->err)) return -1;
    char fmt[32];
    if (gr_json_string(root, "$", "format", true, fmt, sizeof fmt, D->err)) return -1;
    if (strcmp(fmt, "fogn-army-list") != 0)
        return gr_error_set(D->err, "$.format: expected \"fogn-army-list\", got \"%s\"", fmt);
    if (get_text(root, "$", "id", true, L->id, sizeof L->id, D->err)) return -1;
    if (get_text(root, "$", "name", true, L->name, sizeof L->name, D->err)) return -1;
    if (get_text(root, "$", "section", true, L->ref, sizeof L->ref, D->err)) return -1;
    json_t *notes = json_object_get(root, "notes");
    if (notes && !json_is_string(notes)) return gr_error_set(D->err, "$.notes: expected a string");
    json_t *reg = gr_json_array(root, "$", "regions", true, 1, FOGN_LIST_MAX_REGIONS, D->err);
    if (!reg) return -1;
    for (size_t i = 0; i < json_array_size(reg); i++) {
        json_t *v = json_array_get(reg, i);
        if (!json_is_string(v) || !json_string_value(v)[0] || strlen(json_string_value(v)) >= FOGN_LIST_NAME)
            return gr_error_set(D->err, "$.regions[%zu]: expected a region name", i);
        snprintf(L->regions[L->nregions++], FOGN_LIST_NAME, "%s", json_string_value(v));
    }
    long ini = 0;
    if (gr_json_int(root, "$", "initiative", true, 0, 6, &ini, D->err)) return -1;
    L->initiative = (int)ini;
    int doc = 0, tm = 0;
    if (gr_json_enum(root, "$", "infantry", true, doctrine_names, FOGN_DOC_COUNT, &doc, D->err)) return -1;
    if (gr_json_enum(root, "$", "attachments_at", true, timing_names, FOGN_AT_COUNT, &tm, D->err)) return -1;
    L->doctrine = (uint8_t)doc;
    L->timing = (uint8_t)tm;
    static const char *const priced[] = {"reformed", "unreformed"};
    int pa = doc == FOGN_DOC_UNREFORMED;
    if (gr_json_enum(root, "$", "infantry_priced_as", false, priced, 2, &pa, D->err)) return -1;
    L->priced_unreformed = pa == 1;
    json_t *m = gr_json_object(root, "$", "mixed", true, D->err);
    if (!m) return -1;
    if (gr_json_only_keys(m, "$.mixed", mkeys, COUNT(mkeys), D->err)) return -1;
    if (get_bound(m, "$.mixed", "min", &L->mixed_min, D->err)) return -1;
    if (get_bound(m, "$.mixed", "max", &L->mixed_max, D->err)) return -1;
    if (L->mixed_min < 0) L->mixed_min = 0;
    if (check_min_max("$.mixed", L->mixed_min, L->mixed_max, D->err)) return -1;
    if (load_commanders(D, root)) return -1;
    if (load_fieldworks(D, root)) return -1;

    /* pass 1: entries of every section */
    D->sec[0] = root;
    snprintf(D->secpath[0], sizeof D->secpath[0], "$");
    if (load_entries(D, root, "$", 0)) return -1;
    json_t *al = gr_json_array(root, "$", "allies", false, 0, FOGN_LIST_MAX_ALLIES, D->err);
    if (!al && D->err->set) return -1;
    for (size_t k = 0; al && k < json_array_size(al); k++) {
        char p[32];
        snprintf(p, sizeof p, "$.allies[%zu]", k);
        fogn_list_ally *A = &L->allies[L->nallies];
        memset(A, 0, sizeof *A);
        json_t *ao = json_array_get(al, k);
        if (load_ally_header(D, ao, p, A)) return -1;
        for (int j = 0; j < L->nallies; j++)
            if (strcmp(L->allies[j].id, A->id) == 0) return gr_error_set(D->err, "%s.id: \"%s\" twice", p, A->id);
        D->sec[L->nallies + 1] = ao;
        snprintf(D->secpath[L->nallies + 1], sizeof D->secpath[0], "%s", p);
        L->nallies++;
        if (load_entries(D, ao, p, L->nallies)) return -1;
    }

    /* pass 2: what refers to entries and tags */
    for (int s = 0; s <= L->nallies; s++) {
        if (load_att_rules(D, D->sec[s], D->secpath[s], s)) return -1;
        if (load_constraints(D, D->sec[s], D->secpath[s], s)) return -1;
        if (s > 0 && load_ally_guests(D, s - 1)) return -1;
    }
    return 0;
}

fogn_army_list *fogn_list_load_file(const char *path, gr_error *err)
{
    gr_error local;
    if (!err) err = &local;
    gr_error_clear(err);
    json_t *root = gr_json_load_file(path, err);
    if (!root) return NULL;
    fogn_army_list *L = calloc(1, sizeof *L);
    if (!L) {
        json_decref(root);
        gr_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    ld D = {.L = L, .err = err};
    int rc = load_list(&D, root);
    json_decref(root);
    if (rc) {
        if (!err->set) gr_error_set(err, "invalid army list");
        gr_error_prefix(err, "%s: ", path);
        free(L);
        return NULL;
    }
    return L;
}

int fogn_list_dir(char *buf, size_t cap)
{
    return gr_find_data("data/fogn/armies", buf, cap);
}

fogn_army_list *fogn_list_load_id(const char *id, gr_error *err)
{
    gr_error local;
    if (!err) err = &local;
    gr_error_clear(err);
    if (!id || !id[0] || strlen(id) >= FOGN_LIST_ID || strchr(id, '/') || strchr(id, '.')) {
        gr_error_set(err, "\"%s\": not an army list id (a name such as anglo-portuguese-1810)", id ? id : "");
        return NULL;
    }
    char dir[1024], path[1200];
    if (fogn_list_dir(dir, sizeof dir)) {
        gr_error_set(err, "cannot find the folder data/fogn/armies (set GROGNARD_ROOT to the checkout)");
        return NULL;
    }
    snprintf(path, sizeof path, "%s/%s.json", dir, id);
    fogn_army_list *L = fogn_list_load_file(path, err);
    if (L && strcmp(L->id, id) != 0) {
        gr_error_set(err, "%s: $.id: \"%s\" does not match the file name", path, L->id);
        free(L);
        return NULL;
    }
    return L;
}

int fogn_list_find_entry(const fogn_army_list *L, const char *name)
{
    for (int i = 0; i < L->nentries; i++)
        if (strcasecmp(L->entries[i].name, name) == 0) return i;
    return -1;
}

int fogn_list_find_row(const fogn_army_list *L, int entry, const char *name)
{
    if (entry < 0 || entry >= L->nentries) return -1;
    const fogn_list_entry *e = &L->entries[entry];
    if (!name || !name[0]) return e->nrows == 1 ? 0 : -1;
    for (int r = 0; r < e->nrows; r++)
        if (strcasecmp(e->rows[r].name, name) == 0) return r;
    return -1;
}

/* §16 points per base: [class][training], then the élan column (superior, poor) */
enum { PC_UNREF = 0, PC_REF, PC_LIGHT_INF, PC_LIGHT_CAV, PC_HEAVY_CAV, PC_MED_ART, PC_HEAVY_ART, PC_HORSE_ART, PC_N };
static const int price_train[PC_N][4] = {
    /* veteran, drilled, conscript, irregular (0: not sold) */
    [PC_UNREF] = {10, 8, 6, 7},   [PC_REF] = {13, 10, 7, 0},     [PC_LIGHT_INF] = {16, 12, 9, 8},
    [PC_LIGHT_CAV] = {10, 8, 6, 7}, [PC_HEAVY_CAV] = {13, 10, 8, 9}, [PC_MED_ART] = {28, 20, 0, 0},
    [PC_HEAVY_ART] = {32, 24, 0, 0}, [PC_HORSE_ART] = {32, 24, 0, 0},
};
static const int price_elan[PC_N][2] = {
    [PC_UNREF] = {3, -2},     [PC_REF] = {4, -2},       [PC_LIGHT_INF] = {5, -3}, [PC_LIGHT_CAV] = {3, -1},
    [PC_HEAVY_CAV] = {4, -2}, [PC_MED_ART] = {4, -4},   [PC_HEAVY_ART] = {7, -5}, [PC_HORSE_ART] = {6, -5},
};

int fogn_list_formula_pts(const fogn_army_list *L, int entry, int row)
{
    if (entry < 0 || entry >= L->nentries || row < 0 || row >= L->entries[entry].nrows) return -1;
    const fogn_list_entry *e = &L->entries[entry];
    const fogn_list_row *r = &e->rows[row];
    int pc;
    switch ((fogn_list_type)r->type) {
    case FOGN_LT_LINE_INF:
        pc = e->doctrine == FOGN_DOC_UNREFORMED || (e->doctrine == FOGN_DOC_MOVE_UNREFORMED_FIRE_REFORMED &&
                                                     L->priced_unreformed) ? PC_UNREF : PC_REF;
        break;
    case FOGN_LT_LIGHT_INF: pc = PC_LIGHT_INF; break;
    case FOGN_LT_LIGHT_CAV: pc = PC_LIGHT_CAV; break;
    case FOGN_LT_HEAVY_CAV: pc = PC_HEAVY_CAV; break;
    case FOGN_LT_MEDIUM_ART: pc = PC_MED_ART; break;
    case FOGN_LT_HORSE_ART: pc = PC_HORSE_ART; break;
    default: pc = PC_HEAVY_ART; break;   /* heavy foot artillery, mortars */
    }
    if (r->training > FOGN_TR_IRREGULAR) return -1;
    static const int col[] = {[FOGN_TR_CONSCRIPT] = 2, [FOGN_TR_DRILLED] = 1, [FOGN_TR_VETERAN] = 0,
                              [FOGN_TR_IRREGULAR] = 3};
    int p = price_train[pc][col[r->training]];
    if (!p) return -1;
    if (r->elan == FOGN_ELAN_SUPERIOR) p += price_elan[pc][0];
    else if (r->elan == FOGN_ELAN_POOR) p += price_elan[pc][1];
    static const struct { uint16_t bit; int pts; } capp[] = {
        {FOGN_CAP_RIFLES, 1}, {FOGN_CAP_GUARD, 4}, {FOGN_CAP_LANCERS, 2}, {FOGN_CAP_SHOCK, 3},
        {FOGN_CAP_IMPETUOUS, -1}, {FOGN_CAP_IMMOBILE, -5}};
    for (int i = 0; i < COUNT(capp); i++)
        if (r->caps & capp[i].bit) p += capp[i].pts;
    return p;
}

int fogn_list_att_price(const fogn_army_list *L, int section, fogn_attach a)
{
    for (int i = 0; i < L->nrules; i++)
        if (L->rules[i].section == section && (int)a > 0 && (int)a < FOGN_ATT_COUNT && L->rules[i].pts[a] >= 0)
            return L->rules[i].pts[a];
    return -1;
}

/* --- army files ------------------------------------------------------------------------------ */

static int load_cmdr(json_t *o, const char *path, fogn_army_cmdr *c, gr_error *err)
{
    static const char *const keys[] = {"name", "quality", "charismatic"};
    memset(c, 0, sizeof *c);
    c->quality = -1;
    if (!json_is_object(o)) return gr_error_set(err, "%s: expected a commander object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), err)) return -1;
    if (gr_json_string(o, path, "name", false, c->name, sizeof c->name, err)) return -1;
    if (gr_json_enum(o, path, "quality", true, quality_names, FOGN_Q_COUNT, &c->quality, err)) return -1;
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
        int a = json_is_string(v) ? find_name(attn, natt, json_string_value(v)) : -1;
        if (a <= 0) return gr_error_set(err, "%s: expected one of %s", q, join_names(attn + 1, natt - 1, all, sizeof all));
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
    if (gr_json_enum(o, path, "kind", true, kind_names, COUNT(kind_names), &kind, err)) return -1;
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
        k = json_is_string(v) ? find_name(fw_names, COUNT(fw_names), json_string_value(v)) : -1;
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

/* --- validation -------------------------------------------------------------------------------- */

typedef struct chk {
    const fogn_army_list *L;
    const fogn_army *a;
    fogn_army_report *r;
    int e[FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];     /* entry, -1 unknown */
    int row[FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];   /* row, -1 unknown */
    int sec[FOGN_ARMY_MAX_DIVS];                        /* 0 main list, k: allies[k-1] */
    bool used[FOGN_LIST_MAX_SECTIONS];                  /* the army holds a division or unit of it */
} chk;

/* "division 2 "Light" (Craufurd), unit 3 "British Infantry" row "Avg Vet"" */
static void where(const chk *c, int d, int u, char *buf, size_t cap)
{
    buf[0] = 0;
    if (d < 0) return;
    const fogn_army_div *dv = &c->a->divs[d];
    size_t n = (size_t)snprintf(buf, cap, "division %d", d + 1);
    if (n < cap && dv->name[0]) n += (size_t)snprintf(buf + n, cap - n, " \"%s\"", dv->name);
    if (n < cap && dv->cmdr.name[0]) n += (size_t)snprintf(buf + n, cap - n, " (%s)", dv->cmdr.name);
    if (u < 0 || n >= cap) return;
    const fogn_army_unit *un = &dv->units[u];
    n += (size_t)snprintf(buf + n, cap - n, ", unit %d \"%s\"", u + 1, un->entry);
    int e = c->e[d][u], r = c->row[d][u];
    const char *rn = (e >= 0 && r >= 0) ? c->L->entries[e].rows[r].name : un->row;
    if (n < cap && rn[0]) n += (size_t)snprintf(buf + n, cap - n, " row \"%s\"", rn);
    if (n < cap && un->name[0]) snprintf(buf + n, cap - n, " [%s]", un->name);
}

__attribute__((format(printf, 5, 6)))
static void breach(chk *c, int rule, int d, int u, const char *fmt, ...)
{
    fogn_army_report *r = c->r;
    if (r->nbreaches >= FOGN_ARMY_MAX_BREACHES) {
        r->dropped++;
        return;
    }
    fogn_army_breach *b = &r->b[r->nbreaches++];
    b->rule = rule;
    b->division = d;
    b->unit = u;
    char loc[200], body[FOGN_ARMY_MSG];
    where(c, d, u, loc, sizeof loc);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    size_t n = 0;
    b->msg[0] = 0;
    if (loc[0]) {
        n = strlen(loc);
        memcpy(b->msg, loc, n);
        memcpy(b->msg + n, ": ", 3);
        n += 2;
    }
    size_t bl = strlen(body);
    if (bl > sizeof b->msg - 1 - n) bl = sizeof b->msg - 1 - n;
    memcpy(b->msg + n, body, bl);
    b->msg[n + bl] = 0;
}

static const fogn_list_row *unit_row(const chk *c, int d, int i)
{
    int e = c->e[d][i], r = c->row[d][i];
    return (e >= 0 && r >= 0) ? &c->L->entries[e].rows[r] : NULL;
}

/* the arm of a unit, -1 when its entry or row is unknown */
static int unit_arm(const chk *c, int d, int i)
{
    const fogn_list_row *r = unit_row(c, d, i);
    return r ? (int)fogn_list_type_arm((fogn_list_type)r->type) : -1;
}

static bool sel_match(const chk *c, const fogn_list_sel *s, int d, int i)
{
    const fogn_list_row *row = unit_row(c, d, i);
    if (!row || s->none) return false;
    int e = c->e[d][i];
    const fogn_list_entry *en = &c->L->entries[e];
    fogn_arm arm = fogn_list_type_arm((fogn_list_type)row->type);
    if (s->entries && !((s->entries >> e) & 1u)) return false;
    if ((s->not_entries >> e) & 1u) return false;
    if (s->tags && !(s->tags & en->tags)) return false;
    if (s->not_tags & en->tags) return false;
    if (s->types && !((s->types >> row->type) & 1u)) return false;
    if (s->arms && !((s->arms >> arm) & 1u)) return false;
    if (s->trainings && !((s->trainings >> row->training) & 1u)) return false;
    if ((s->not_trainings >> row->training) & 1u) return false;
    if (s->elans && !((s->elans >> row->elan) & 1u)) return false;
    if ((row->caps & s->caps) != s->caps) return false;
    if (s->large >= 0 && is_large(arm, c->a->divs[d].units[i].bases) != (s->large == 1)) return false;
    if (s->core >= 0 && en->core != (s->core == 1)) return false;
    if (s->allied >= 0 && (en->section != 0) != (s->allied == 1)) return false;
    return true;
}

/* attachments of the types in mask held by division d (on units and in its pool) */
static int div_atts(const chk *c, int d, uint32_t mask)
{
    const fogn_army_div *dv = &c->a->divs[d];
    int n = 0;
    for (int i = 0; i < dv->nunits; i++)
        for (int k = 0; k < dv->units[i].natt; k++) n += (mask >> dv->units[i].att[k]) & 1u;
    for (int k = 0; k < dv->npool; k++) n += (mask >> dv->pool[k]) & 1u;
    return n;
}

/* units (or bases) matching s in division d, plus attachments of the types in atts */
static int count_div(const chk *c, const fogn_list_sel *s, int d, bool bases, uint32_t atts)
{
    const fogn_army_div *dv = &c->a->divs[d];
    int n = 0;
    for (int i = 0; i < dv->nunits; i++)
        if (sel_match(c, s, d, i)) n += bases ? dv->units[i].bases : 1;
    return n + (atts ? div_atts(c, d, atts) : 0);
}

static bool div_has(const chk *c, const fogn_list_sel *s, int d)
{
    for (int i = 0; i < c->a->divs[d].nunits; i++)
        if (sel_match(c, s, d, i)) return true;
    return false;
}

static bool divf_match(const chk *c, const fogn_list_divf *f, int d)
{
    if (f->kinds && !((f->kinds >> c->a->divs[d].kind) & 1u)) return false;
    if (f->allied >= 0 && (c->sec[d] != 0) != (f->allied == 1)) return false;
    if (f->has_when && !div_has(c, &f->when, d)) return false;
    if (f->has_lacks && div_has(c, &f->lacks, d)) return false;
    return true;
}

static const char *sec_name(const chk *c, int s)
{
    return s == 0 ? c->L->name : c->L->allies[s - 1].name;
}

static int sec_timing(const chk *c, int s)
{
    return s == 0 ? c->L->timing : c->L->allies[s - 1].timing;
}

static const char *bound_text(int min, int max, char *buf, size_t cap)
{
    if (min >= 0 && max >= 0 && min == max) snprintf(buf, cap, "exactly %d", min);
    else if (min > 0 && max >= 0) snprintf(buf, cap, "%d to %d", min, max);
    else if (max >= 0) snprintf(buf, cap, "at most %d", max);
    else snprintf(buf, cap, "at least %d", min);
    return buf;
}

static bool out_of(int n, int min, int max)
{
    return (min >= 0 && n < min) || (max >= 0 && n > max);
}

/* 1. resolve names and sections */
static void resolve(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        c->sec[d] = 0;
        if (dv->allied) {
            int s = -1;
            for (int k = 0; k < L->nallies; k++)
                if (dv->ally[0] ? strcasecmp(dv->ally, L->allies[k].id) == 0 : L->nallies == 1) s = k + 1;
            if (s < 0) {
                if (!L->nallies)
                    breach(c, FOGN_AR_ALLIED, d, -1, "the %s takes no allied divisions (%s)", L->name, L->ref);
                else
                    breach(c, FOGN_AR_ALLIED, d, -1, "allied division of an unknown ally \"%s\" (the list's allies: "
                           "%s%s%s)", dv->ally, L->allies[0].id, L->nallies > 1 ? ", " : "",
                           L->nallies > 1 ? L->allies[1].id : "");
                s = 0;
            }
            c->sec[d] = s;
        }
        if (c->sec[d]) c->used[c->sec[d]] = true;
        for (int i = 0; i < dv->nunits; i++) {
            const fogn_army_unit *u = &dv->units[i];
            int e = fogn_list_find_entry(L, u->entry);
            c->e[d][i] = e;
            c->row[d][i] = -1;
            if (e < 0) {
                breach(c, FOGN_AR_UNKNOWN, d, i, "the %s has no entry called \"%s\" (%s)", L->name, u->entry, L->ref);
                continue;
            }
            const fogn_list_entry *en = &L->entries[e];
            int r = fogn_list_find_row(L, e, u->row);
            if (r < 0) {
                char rows[300];
                size_t n = 0;
                rows[0] = 0;
                for (int k = 0; k < en->nrows && n < sizeof rows; k++)
                    n += (size_t)snprintf(rows + n, sizeof rows - n, "%s\"%s\"", k ? ", " : "", en->rows[k].name);
                if (u->row[0])
                    breach(c, FOGN_AR_UNKNOWN, d, i, "\"%s\" has no row \"%s\"; its rows are %s (%s)", en->name,
                           u->row, rows, L->ref);
                else
                    breach(c, FOGN_AR_UNKNOWN, d, i, "\"%s\" has several rows; name one of %s (%s)", en->name, rows,
                           L->ref);
            }
            c->row[d][i] = r;
            if (en->section) c->used[en->section] = true;
        }
    }
}

/* the rule of section s selling attachment type a, or NULL */
static const fogn_list_att_rule *rule_for(const fogn_army_list *L, int s, int a)
{
    for (int i = 0; i < L->nrules; i++)
        if (L->rules[i].section == s && L->rules[i].pts[a] >= 0) return &L->rules[i];
    return NULL;
}

static int cmdr_pts(const chk *c, int s, const fogn_army_cmdr *m)
{
    if (m->quality < 0 || m->quality >= FOGN_Q_COUNT) return 0;
    int p = s == 0 ? c->L->q_pts[m->quality] : c->L->allies[s - 1].q_pts[m->quality];
    return (p < 0 ? 0 : p) + (m->charismatic ? c->L->charismatic_pts : 0);
}

/* 2. costs (§16) */
static void cost(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    fogn_army_report *r = c->r;
    r->limit = a->points;
    if (a->has_corps) r->corps_pts = cmdr_pts(c, 0, &a->corps);
    for (int k = 0; k < a->nfw; k++) r->fw_pts += L->has_fieldworks ? L->fw_pts * a->fw[k] : 0;
    r->total = r->corps_pts + r->fw_pts;
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        r->div_cmdr_pts[d] = cmdr_pts(c, c->sec[d], &dv->cmdr);
        for (int i = 0; i < dv->nunits; i++) {
            const fogn_list_row *row = unit_row(c, d, i);
            if (row) r->div_units_pts[d] += row->pts * dv->units[i].bases;
            r->div_bases[d] += dv->units[i].bases;
            for (int k = 0; k < dv->units[i].natt; k++) {
                int p = fogn_list_att_price(L, c->sec[d], (fogn_attach)dv->units[i].att[k]);
                r->div_att_pts[d] += p > 0 ? p : 0;
            }
        }
        for (int k = 0; k < dv->npool; k++) {
            int p = fogn_list_att_price(L, c->sec[d], (fogn_attach)dv->pool[k]);
            r->div_att_pts[d] += p > 0 ? p : 0;
        }
        r->div_pts[d] = r->div_units_pts[d] + r->div_att_pts[d] + r->div_cmdr_pts[d];
        r->total += r->div_pts[d];
    }
    if (r->total > r->limit)
        breach(c, FOGN_AR_POINTS, -1, -1, "%d points, %d over the limit of %d (§16)", r->total, r->total - r->limit,
               r->limit);
}

/* 3. commanders (§3.4, §19) */
static void check_commanders(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    char b[40];
    if (!a->has_corps)
        breach(c, FOGN_AR_CORPS, -1, -1, "no corps commander: the army needs exactly one (%s)", L->ref);
    else if (!((L->corps_q >> a->corps.quality) & 1u))
        breach(c, FOGN_AR_CORPS, -1, -1, "corps commander%s%s%s: the %s offers no %s corps commander (%s)",
               a->corps.name[0] ? " \"" : "", a->corps.name, a->corps.name[0] ? "\"" : "", L->name,
               quality_names[a->corps.quality], L->ref);
    int ndivs = 0;
    for (int d = 0; d < a->ndivs; d++) ndivs += c->sec[d] == 0 || FOGN_LIST_ALLIED_DIVS_COUNT;
    if (out_of(ndivs, L->div_min, L->div_max))
        breach(c, FOGN_AR_DIVISIONS, -1, -1, "%d divisions, the list allows %s (%s)", ndivs,
               bound_text(L->div_min, L->div_max, b, sizeof b), L->ref);
    for (int s = 0; s <= L->nallies; s++) {
        int nq[FOGN_Q_COUNT] = {0}, nd = 0;
        for (int d = 0; d < a->ndivs; d++) {
            if (c->sec[d] != s) continue;
            nd++;
            int q = a->divs[d].cmdr.quality;
            if (q >= 0 && q < FOGN_Q_COUNT) nq[q]++;
        }
        const int *qmax = s == 0 ? L->q_max : L->allies[s - 1].q_max;
        const int *qpts = s == 0 ? L->q_pts : L->allies[s - 1].q_pts;
        for (int q = 0; q < FOGN_Q_COUNT; q++) {
            if (!nq[q] || nq[q] <= qmax[q]) continue;
            if (qmax[q] == 0 || qpts[q] < 0)
                breach(c, FOGN_AR_CMDR, -1, -1, "%d %s division commander%s: the %s offers none (%s)", nq[q],
                       quality_names[q], nq[q] > 1 ? "s" : "", sec_name(c, s), L->ref);
            else
                breach(c, FOGN_AR_CMDR, -1, -1, "%d %s division commanders: the %s allows at most %d (%s)", nq[q],
                       quality_names[q], sec_name(c, s), qmax[q], L->ref);
        }
        if (s > 0) {
            const fogn_list_ally *A = &L->allies[s - 1];
            if (nd > A->div_max || (c->used[s] && nd < A->div_min))
                breach(c, FOGN_AR_ALLIED, -1, -1, "%d divisions of the %s, the list allows %s (%s)", nd, A->name,
                       bound_text(c->used[s] ? A->div_min : 0, A->div_max, b, sizeof b), L->ref);
        }
    }
    int nch = a->has_corps && a->corps.charismatic;
    for (int d = 0; d < a->ndivs; d++) nch += a->divs[d].cmdr.charismatic;
    if (out_of(nch, L->charismatic_min, L->charismatic_max))
        breach(c, FOGN_AR_CHARISMATIC, -1, -1, "%d charismatic commanders, the list allows %s (%s)", nch,
               bound_text(L->charismatic_min, L->charismatic_max, b, sizeof b), L->ref);
}

static void sizes_text(uint8_t sizes, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    int k = 0;
    for (int s = 1; s < 8 && n < cap; s++)
        if ((sizes >> s) & 1u) n += (size_t)snprintf(buf + n, cap - n, "%s%d", k++ ? " or " : "", s);
}

/* 4. units: size, section, §3.3 composition, mixed divisions */
static void check_units(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    int nmixed = 0;
    char b[40];
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        int n[3] = {0}, nhorse = 0;
        for (int i = 0; i < dv->nunits; i++) {
            const fogn_list_row *row = unit_row(c, d, i);
            if (!row) continue;
            const fogn_list_entry *en = &L->entries[c->e[d][i]];
            fogn_arm arm = fogn_list_type_arm((fogn_list_type)row->type);
            n[arm]++;
            nhorse += row->type == FOGN_LT_HORSE_ART;
            int bases = dv->units[i].bases;
            if (bases < 1 || bases > 7 || !((row->sizes >> bases) & 1u)) {
                sizes_text(row->sizes, b, sizeof b);
                breach(c, FOGN_AR_UNIT_SIZE, d, i, "%d bases, the list sells this row in units of %s (%s)", bases, b,
                       L->ref);
            }
            int s = c->sec[d];
            if (s == 0 && en->section != 0) {
                const fogn_list_ally *A = &L->allies[en->section - 1];
                if (!(A->has_guests && sel_match(c, &A->guests, d, i) && ((A->guest_kinds >> dv->kind) & 1u)))
                    breach(c, FOGN_AR_ALLIED, d, i, "a unit of the %s serves only in a division of the %s%s (%s)",
                           A->name, A->name, A->has_guests ? " (or as a guest the list allows)" : "", L->ref);
            } else if (s > 0 && en->section != s) {
                breach(c, FOGN_AR_ALLIED, d, i, "a division of the %s holds only units of the %s (%s)", sec_name(c, s),
                       sec_name(c, s), L->ref);
            }
        }
        int inf = n[FOGN_ARM_INF], cav = n[FOGN_ARM_CAV], art = n[FOGN_ARM_ART];
        switch (dv->kind) {
        case FOGN_DIV_INFANTRY:
            if (cav)
                breach(c, FOGN_AR_DIV_KIND, d, -1, "an infantry division holds no cavalry, this one has %d unit%s "
                       "(§3.3)", cav, cav > 1 ? "s" : "");
            if (dv->nunits < FOGN_LIST_DIV_INF_MIN_UNITS)
                breach(c, FOGN_AR_DIV_KIND, d, -1, "an infantry division has at least %d units, this one %d (§3.3)",
                       FOGN_LIST_DIV_INF_MIN_UNITS, dv->nunits);
            break;
        case FOGN_DIV_CAVALRY:
            if (inf)
                breach(c, FOGN_AR_DIV_KIND, d, -1, "a cavalry division holds no infantry, this one has %d unit%s (§3.3)",
                       inf, inf > 1 ? "s" : "");
            if (cav < FOGN_LIST_DIV_CAV_MIN_UNITS)
                breach(c, FOGN_AR_DIV_KIND, d, -1, "a cavalry division has at least %d cavalry units, this one %d "
                       "(§3.3)", FOGN_LIST_DIV_CAV_MIN_UNITS, cav);
            if (art > nhorse)
                breach(c, FOGN_AR_DIV_KIND, d, -1, "a cavalry division's artillery must be horse artillery (§3.3)");
            break;
        default:
            if (inf < FOGN_LIST_DIV_MIXED_MIN_INF || cav < FOGN_LIST_DIV_MIXED_MIN_CAV ||
                inf > FOGN_LIST_DIV_MIXED_MAX_EACH || cav > FOGN_LIST_DIV_MIXED_MAX_EACH)
                breach(c, FOGN_AR_DIV_KIND, d, -1, "a mixed division has %d to %d infantry units and %d to %d "
                       "cavalry units, this one %d and %d (§3.3)", FOGN_LIST_DIV_MIXED_MIN_INF,
                       FOGN_LIST_DIV_MIXED_MAX_EACH, FOGN_LIST_DIV_MIXED_MIN_CAV, FOGN_LIST_DIV_MIXED_MAX_EACH, inf,
                       cav);
            if (c->sec[d] == 0) nmixed++;
            break;
        }
        if (art > FOGN_LIST_DIV_MAX_ART)
            breach(c, FOGN_AR_DIV_KIND, d, -1, "%d artillery units, a division has at most %d (§3.3)", art,
                   FOGN_LIST_DIV_MAX_ART);
        if (c->sec[d] > 0 && !((L->allies[c->sec[d] - 1].div_kinds >> dv->kind) & 1u))
            breach(c, FOGN_AR_ALLIED, d, -1, "the %s may not form a %s division (%s)", sec_name(c, c->sec[d]),
                   kind_names[dv->kind], L->ref);
    }
    if (out_of(nmixed, L->mixed_min, L->mixed_max))
        breach(c, FOGN_AR_MIXED, -1, -1, "%d mixed divisions (not counting allied ones), the list allows %s (%s)",
               nmixed, bound_text(L->mixed_min, L->mixed_max, b, sizeof b), L->ref);
}

/* 5. entries and rows: minima and maxima in bases, counted as bought */
_Static_assert(FOGN_LIST_COUNT_ATTACHMENTS == 0, "entries and rows count bought bases only");
static void check_entries(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    int rowb[FOGN_LIST_MAX_ENTRIES][FOGN_LIST_MAX_ROWS];
    int entb[FOGN_LIST_MAX_ENTRIES];
    int allyarm[3] = {0};       /* allied bases that count towards main minima, per arm */
    memset(rowb, 0, sizeof rowb);
    memset(entb, 0, sizeof entb);
    for (int d = 0; d < a->ndivs; d++)
        for (int i = 0; i < a->divs[d].nunits; i++) {
            const fogn_list_row *row = unit_row(c, d, i);
            if (!row) continue;
            int e = c->e[d][i], bases = a->divs[d].units[i].bases;
            rowb[e][c->row[d][i]] += bases;
            entb[e] += bases;
            int s = L->entries[e].section;
            if (s && L->allies[s - 1].count_toward_main_minima)
                allyarm[fogn_list_type_arm((fogn_list_type)row->type)] += bases;
        }
    for (int e = 0; e < L->nentries; e++) {
        const fogn_list_entry *en = &L->entries[e];
        bool mins = en->section == 0 || !FOGN_LIST_ALLY_MINIMA_IF_USED || c->used[en->section];
        int earm = fogn_list_type_arm((fogn_list_type)en->rows[0].type);
        int extra = en->section == 0 ? allyarm[earm] : 0;
        if (mins && en->min > 0 && entb[e] + extra < en->min)
            breach(c, FOGN_AR_ENTRY_MIN, -1, -1, "entry \"%s\": %d bases%s, the list requires at least %d (%s)",
                   en->name, entb[e], extra ? " (with allied bases counted)" : "", en->min, L->ref);
        for (int r = 0; r < en->nrows; r++) {
            const fogn_list_row *row = &en->rows[r];
            int rextra = en->section == 0 ? allyarm[fogn_list_type_arm((fogn_list_type)row->type)] : 0;
            if (mins && row->min > 0 && rowb[e][r] + rextra < row->min)
                breach(c, FOGN_AR_ROW_MIN, -1, -1, "entry \"%s\" row \"%s\": %d bases%s, the list requires at least "
                       "%d (%s)", en->name, row->name, rowb[e][r], rextra ? " (with allied bases counted)" : "",
                       row->min, L->ref);
        }
    }
    /* maxima: reported at the unit that first goes over */
    memset(rowb, 0, sizeof rowb);
    memset(entb, 0, sizeof entb);
    for (int d = 0; d < a->ndivs; d++)
        for (int i = 0; i < a->divs[d].nunits; i++) {
            const fogn_list_row *row = unit_row(c, d, i);
            if (!row) continue;
            int e = c->e[d][i], r = c->row[d][i], bases = a->divs[d].units[i].bases;
            const fogn_list_entry *en = &L->entries[e];
            bool row_was_ok = row->max < 0 || rowb[e][r] <= row->max;
            bool ent_was_ok = en->max < 0 || entb[e] <= en->max;
            rowb[e][r] += bases;
            entb[e] += bases;
            if (row_was_ok && row->max >= 0 && rowb[e][r] > row->max) {
                int total = 0;
                for (int d2 = 0; d2 < a->ndivs; d2++)
                    for (int i2 = 0; i2 < a->divs[d2].nunits; i2++)
                        if (c->e[d2][i2] == e && c->row[d2][i2] == r) total += a->divs[d2].units[i2].bases;
                breach(c, FOGN_AR_ROW_MAX, d, i, "the row comes to %d bases, the list allows at most %d (%s)", total,
                       row->max, L->ref);
            }
            if (ent_was_ok && en->max >= 0 && entb[e] > en->max) {
                int total = 0;
                for (int d2 = 0; d2 < a->ndivs; d2++)
                    for (int i2 = 0; i2 < a->divs[d2].nunits; i2++)
                        if (c->e[d2][i2] == e) total += a->divs[d2].units[i2].bases;
                breach(c, FOGN_AR_ENTRY_MAX, d, i, "entry \"%s\" comes to %d bases, the list allows at most %d (%s)",
                       en->name, total, en->max, L->ref);
            }
        }
}

/* may unit i of division d carry attachment a? NULL or the reason */
static const char *att_refusal(const chk *c, int d, int i, int a, char *buf, size_t cap)
{
    const fogn_army_list *L = c->L;
    int arm = unit_arm(c, d, i);
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    const fogn_list_att_rule *R = rule_for(L, c->sec[d], a);
    if (arm < 0) return "its entry or row is unknown";
    switch (a) {
    case FOGN_ATT_SKIRMISHERS:
    case FOGN_ATT_RIFLE_SKIRMISHERS:
    case FOGN_ATT_CAVALRY:
        if (arm != FOGN_ARM_INF) {
            snprintf(buf, cap, "%s attachments go only on infantry (§3.2)", attn[a]);
            return buf;
        }
        break;
    case FOGN_ATT_HEAVY_ARTILLERY:
    case FOGN_ATT_HOWITZER:
    case FOGN_ATT_ROCKETS:
        if (arm != FOGN_ARM_ART) {
            snprintf(buf, cap, "%s attachments go only on artillery units (§3.2)", attn[a]);
            return buf;
        }
        break;
    case FOGN_ATT_OFFICER:
        if (arm == FOGN_ARM_ART) {
            bool ok = R && ((R->has_on && (R->on.arms >> FOGN_ARM_ART) & 1u) ||
                            (R->has_type_on[a] && (R->type_on[a].arms >> FOGN_ARM_ART) & 1u));
            if (!ok || !FOGN_LIST_OFFICER_ON_ART_NEEDS_LIST) {
                snprintf(buf, cap, "officers go on infantry or cavalry; this list gives none to artillery (§3.2)");
                return buf;
            }
        }
        break;
    default: break;
    }
    if (!R) {
        snprintf(buf, cap, "the %s sells no %s attachments (%s)", sec_name(c, c->sec[d]), attn[a], L->ref);
        return buf;
    }
    if (R->div_kinds && !((R->div_kinds >> c->a->divs[d].kind) & 1u)) {
        snprintf(buf, cap, "%s attachments are not allowed in a %s division (%s: %s)", attn[a],
                 kind_names[c->a->divs[d].kind], L->ref, R->text);
        return buf;
    }
    if ((R->has_on && !sel_match(c, &R->on, d, i)) || (R->has_type_on[a] && !sel_match(c, &R->type_on[a], d, i))) {
        snprintf(buf, cap, "this unit may not carry %s attachments (%s: %s)", attn[a], L->ref, R->text);
        return buf;
    }
    return NULL;
}

static const char *sel_count_word(bool bases, int n)
{
    return bases ? (n == 1 ? "base" : "bases") : (n == 1 ? "unit" : "units");
}

/* a "count" constraint or condition in division d (d >= 0) or the army; -1 when it does not apply,
 * else the count */
static int eval_count(const chk *c, const fogn_list_constraint *k, int d)
{
    const fogn_army *a = c->a;
    if (d >= 0) {
        if (!divf_match(c, &k->div, d)) return -1;
        return count_div(c, &k->count, d, k->bases, k->atts);
    }
    bool any = !k->has_awhen;
    int n = 0;
    for (int dd = 0; dd < a->ndivs; dd++) {
        if (!any && div_has(c, &k->awhen, dd)) any = true;
        if (k->div.allied >= 0 && (c->sec[dd] != 0) != (k->div.allied == 1)) continue;
        if (k->div.kinds && !((k->div.kinds >> a->divs[dd].kind) & 1u)) continue;
        n += count_div(c, &k->count, dd, k->bases, k->atts);
    }
    return any ? n : -1;
}

/* 6. attachments: on units (§3.2 and the list), pools, limits */
static void check_attachments(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    char why[FOGN_ARMY_MSG], b[40];
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        for (int i = 0; i < dv->nunits; i++) {
            const fogn_army_unit *u = &dv->units[i];
            if (u->natt > 2)
                breach(c, FOGN_AR_ATT_UNIT, d, i, "%d attachments, a unit takes at most 2 (§3.2)", u->natt);
            for (int k = 0; k < u->natt; k++) {
                for (int j = 0; j < k; j++)
                    if (att_kind(u->att[j]) == att_kind(u->att[k]))
                        breach(c, FOGN_AR_ATT_UNIT, d, i, "two attachments of one type (%s and %s); a unit's "
                               "attachments must differ in type (§3.2)", attn[u->att[j]], attn[u->att[k]]);
                if (unit_arm(c, d, i) < 0) continue;
                const char *no = att_refusal(c, d, i, u->att[k], why, sizeof why);
                if (no) breach(c, FOGN_AR_ATT_UNIT, d, i, "%s attachment refused: %s", attn[u->att[k]], no);
            }
        }
        int tm = sec_timing(c, c->sec[d]);
        if (dv->npool && (tm == FOGN_AT_CREATION || (tm == FOGN_AT_MIXED_DEPLOYMENT && dv->kind != FOGN_DIV_MIXED)))
            breach(c, FOGN_AR_ATT_TIMING, d, -1, "%d attachment%s bought for the division but not given to units; "
                   "the %s fixes %s attachments on units when the army is made (%s)", dv->npool,
                   dv->npool > 1 ? "s" : "", sec_name(c, c->sec[d]),
                   tm == FOGN_AT_MIXED_DEPLOYMENT ? "a non-mixed division's" : "its", L->ref);
        for (int k = 0; k < dv->npool; k++) {
            int at = dv->pool[k];
            const char *first = NULL;
            bool ok = false;
            for (int i = 0; i < dv->nunits && !ok; i++) {
                const char *no = att_refusal(c, d, i, at, why, sizeof why);
                if (!no) ok = true;
                else if (!first) first = no;
            }
            if (!ok)
                breach(c, FOGN_AR_ATT_UNIT, d, -1, "division attachment %s: no unit of the division may carry it "
                       "(%s)", attn[at], first ? first : "no units");
        }
    }
    /* limits of each rule */
    for (int ri = 0; ri < L->nrules; ri++) {
        const fogn_list_att_rule *R = &L->rules[ri];
        uint32_t mask = 0;
        for (int t = 1; t < FOGN_ATT_COUNT; t++)
            if (R->pts[t] >= 0) mask |= 1u << t;
        int ndiv[FOGN_ARMY_MAX_DIVS] = {0}, total = 0;
        for (int d = 0; d < a->ndivs; d++)
            if (c->sec[d] == R->section) total += ndiv[d] = div_atts(c, d, mask);
        for (int t = 1; t < FOGN_ATT_COUNT; t++) {
            if (R->type_max[t] < 0) continue;
            int n = 0;
            for (int d = 0; d < a->ndivs; d++)
                if (c->sec[d] == R->section) n += div_atts(c, d, 1u << t);
            if (n > R->type_max[t])
                breach(c, FOGN_AR_ATT_LIMIT, -1, -1, "%d %s attachments, the list allows at most %d (%s: %s)", n,
                       attn[t], R->type_max[t], L->ref, R->text);
        }
        for (int li = 0; li < R->nlimits; li++) {
            const fogn_list_att_limit *l = &R->limits[li];
            for (int d = -1; d < a->ndivs; d++) {
                if ((d < 0) != (l->scope == FOGN_SCOPE_ARMY)) continue;
                if (d >= 0 && (c->sec[d] != R->section || !divf_match(c, &l->div, d))) continue;
                if (d >= 0 && R->div_kinds && !((R->div_kinds >> a->divs[d].kind) & 1u)) continue;
                if (d < 0 && R->section > 0 && !c->used[R->section]) continue;
                int n = d < 0 ? total : ndiv[d], max = l->max;
                if (l->per) {
                    int cnt = 0;
                    for (int dd = 0; dd < a->ndivs; dd++)
                        if ((d < 0 && c->sec[dd] == R->section) || dd == d)
                            cnt += count_div(c, &l->count, dd, false, 0);
                    int cap = cnt / l->per;
                    max = max < 0 || cap < max ? cap : max;
                }
                if (out_of(n, l->min, max))
                    breach(c, FOGN_AR_ATT_LIMIT, d, -1, "%d %s attachment%s%s%s, the list allows %s%s (%s: %s)", n,
                           R->name, n == 1 ? "" : "s", d >= 0 ? "" : R->section ? " in the divisions of the " :
                           " in the army", d < 0 && R->section ? sec_name(c, R->section) : "",
                           bound_text(l->min, max, b, sizeof b), d < 0 ? "" : " here", L->ref, R->text);
                if (l->share_type >= 0 && n > 0) {
                    int m = d < 0 ? 0 : div_atts(c, d, 1u << l->share_type);
                    if (d < 0)
                        for (int dd = 0; dd < a->ndivs; dd++)
                            if (c->sec[dd] == R->section) m += div_atts(c, dd, 1u << l->share_type);
                    if (m * l->share_den < l->share_num * n)
                        breach(c, FOGN_AR_ATT_LIMIT, d, -1, "%d of %d %s attachments are %s, at least %d/%d must be "
                               "(%s: %s)", m, n, R->name, attn[l->share_type], l->share_num, l->share_den, L->ref,
                               R->text);
                }
            }
        }
        for (int k = 0; k < R->nconds; k++) {
            const fogn_list_constraint *cd = &R->conds[k];
            for (int d = -1; d < a->ndivs; d++) {
                if ((d < 0) != (cd->scope == FOGN_SCOPE_ARMY)) continue;
                int n = d < 0 ? total : (c->sec[d] == R->section ? ndiv[d] : 0);
                if (!n) continue;
                int got = eval_count(c, cd, d);
                if (got >= 0 && out_of(got, cd->min, cd->max))
                    breach(c, FOGN_AR_ATT_LIMIT, d, -1, "%d %s attachment%s, but they are allowed only when %s "
                           "(%d %s found) (%s)", n, R->name, n == 1 ? "" : "s", cd->text, got,
                           sel_count_word(cd->bases, got), cd->ref);
            }
        }
    }
}

/* 7. the list's own constraints */
static void check_constraints(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    char b[40];
    for (int ci = 0; ci < L->ncons; ci++) {
        const fogn_list_constraint *k = &L->cons[ci];
        if (k->section > 0 && !c->used[k->section]) continue;
        switch (k->kind) {
        case FOGN_CK_COUNT:
            for (int d = -1; d < a->ndivs; d++) {
                if ((d < 0) != (k->scope == FOGN_SCOPE_ARMY)) continue;
                int n = eval_count(c, k, d);
                if (n >= 0 && out_of(n, k->min, k->max))
                    breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: %d %s, the list allows %s (%s)", k->text, n,
                           sel_count_word(k->bases, n), bound_text(k->min, k->max, b, sizeof b), k->ref);
            }
            break;
        case FOGN_CK_RATIO:
            for (int d = -1; d < a->ndivs; d++) {
                if ((d < 0) != (k->scope == FOGN_SCOPE_ARMY)) continue;
                int na = 0, nb = 0;
                if (d >= 0) {
                    if (!divf_match(c, &k->div, d)) continue;
                    na = count_div(c, &k->count, d, k->bases, 0);
                    nb = count_div(c, &k->of, d, k->bases, 0);
                } else {
                    if (k->has_awhen) {
                        bool any = false;
                        for (int dd = 0; dd < a->ndivs; dd++) any = any || div_has(c, &k->awhen, dd);
                        if (!any) continue;
                    }
                    for (int dd = 0; dd < a->ndivs; dd++) {
                        na += count_div(c, &k->count, dd, k->bases, 0);
                        nb += count_div(c, &k->of, dd, k->bases, 0);
                    }
                }
                bool ok = k->strict ? na * k->den > k->num * nb : na * k->den >= k->num * nb;
                if (!ok)
                    breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: %d %s against %d (%s)", k->text, na,
                           sel_count_word(k->bases, na), nb, k->ref);
            }
            break;
        case FOGN_CK_APART:
            for (int d = 0; d < a->ndivs; d++) {
                int ng = 0;
                for (int g = 0; g < k->ngroups; g++) ng += div_has(c, &k->groups[g], d);
                if (ng > 1) breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s (%s)", k->text, k->ref);
            }
            break;
        case FOGN_CK_TOGETHER: {
            int first = -1;
            for (int d = 0; d < a->ndivs; d++) {
                bool has = div_has(c, &k->count, d) || (k->atts && div_atts(c, d, k->atts));
                if (!has) continue;
                if (k->div.kinds && !((k->div.kinds >> a->divs[d].kind) & 1u))
                    breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: not in a %s division (%s)", k->text,
                           kind_names[a->divs[d].kind], k->ref);
                if (first < 0) first = d;
                else breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: division %d holds them already (%s)", k->text,
                            first + 1, k->ref);
            }
            break;
        }
        case FOGN_CK_ONLY_WITH:
            for (int d = 0; d < a->ndivs; d++) {
                if (!divf_match(c, &k->div, d)) continue;
                for (int i = 0; i < a->divs[d].nunits; i++)
                    if (unit_row(c, d, i) && !sel_match(c, &k->of, d, i) && !sel_match(c, &k->div.when, d, i))
                        breach(c, FOGN_AR_CONSTRAINT, d, i, "%s (%s)", k->text, k->ref);
            }
            break;
        case FOGN_CK_ATT_REQUIRED:
            for (int d = 0; d < a->ndivs; d++)
                for (int i = 0; i < a->divs[d].nunits; i++) {
                    if (!sel_match(c, &k->count, d, i)) continue;
                    bool has = false;
                    for (int j = 0; j < a->divs[d].units[i].natt; j++)
                        has = has || ((k->atts >> a->divs[d].units[i].att[j]) & 1u);
                    if (!has) breach(c, FOGN_AR_CONSTRAINT, d, i, "%s (%s)", k->text, k->ref);
                }
            break;
        case FOGN_CK_DIVISIONS: {
            int n = 0;
            for (int d = 0; d < a->ndivs; d++) n += divf_match(c, &k->div, d);
            if (out_of(n, k->min, k->max))
                breach(c, FOGN_AR_CONSTRAINT, -1, -1, "%s: %d division%s, the list allows %s (%s)", k->text, n,
                       n == 1 ? "" : "s", bound_text(k->min, k->max, b, sizeof b), k->ref);
            break;
        }
        case FOGN_CK_IN_FIELDWORKS: {
            int nl = 0, ns = 0, fl = 0, fs = 0;
            for (int d = 0; d < a->ndivs; d++)
                for (int i = 0; i < a->divs[d].nunits; i++)
                    if (sel_match(c, &k->count, d, i)) {
                        if (is_large((fogn_arm)unit_arm(c, d, i), a->divs[d].units[i].bases)) nl++;
                        else ns++;
                    }
            for (int f = 0; f < a->nfw; f++) {
                if (a->fw[f] >= 3) fl++;
                else fs++;
            }
            if (nl > fl || nl + ns > fl + fs)
                breach(c, FOGN_AR_CONSTRAINT, -1, -1, "%s: %d large and %d small such units, %d large and %d small "
                       "fieldworks (a small fieldwork holds only a small unit, §16) (%s)", k->text, nl, ns, fl, fs,
                       k->ref);
            break;
        }
        default: break;
        }
    }
}

/* 8. fieldworks (§16, §15.5) */
static void check_fieldworks(chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    if (!a->nfw) return;
    if (!L->has_fieldworks) {
        breach(c, FOGN_AR_FIELDWORKS, -1, -1, "%d fieldworks, but the %s sells none (%s)", a->nfw, L->name, L->ref);
        return;
    }
    int n = 0;
    for (int f = 0; f < a->nfw; f++) {
        n += a->fw[f];
        if (!((L->fw_sizes >> a->fw[f]) & 1u))
            breach(c, FOGN_AR_FIELDWORKS, -1, -1, "fieldwork %d: the list sells no %s fieldworks (%s)", f + 1,
                   a->fw[f] >= 3 ? "large" : "small", L->ref);
    }
    if (n > L->fw_max)
        breach(c, FOGN_AR_FIELDWORKS, -1, -1, "fieldworks of %d \"bases\" in all, the list allows at most %d (%s)", n,
               L->fw_max, L->ref);
}

int fogn_army_check(const fogn_army_list *L, const fogn_army *a, fogn_army_report *r)
{
    assert(L && a && r);
    memset(r, 0, sizeof *r);
    chk *c = calloc(1, sizeof *c);
    if (!c) {
        r->nbreaches = 1;
        r->b[0].rule = FOGN_AR_COUNT;
        r->b[0].division = r->b[0].unit = -1;
        snprintf(r->b[0].msg, sizeof r->b[0].msg, "out of memory checking the army");
        return 1;
    }
    c->L = L;
    c->a = a;
    c->r = r;
    resolve(c);
    cost(c);
    check_commanders(c);
    check_units(c);
    check_entries(c);
    check_attachments(c);
    check_constraints(c);
    check_fieldworks(c);
    int n = r->nbreaches + r->dropped;
    free(c);
    return n;
}

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
    out->size = is_large(arm, u->bases) ? FOGN_LARGE : FOGN_SMALL;
    out->caps = caps;
    for (int k = 0; k < u->natt && k < 2; k++) out->attach[k] = u->att[k];
    out->division = -1;
    out->start_formation = arm == FOGN_ARM_ART ? FOGN_F_UNLIMBERED : FOGN_F_TACTICAL;
    return 0;
}
