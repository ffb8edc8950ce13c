/* armylist_list.c - loading an army-list file (data/fogn/armies/<id>.json,
 * format in docs/armies.md) into a fogn_army_list: the list's header, its
 * commanders and fieldworks, the entries and rows of the main list and of
 * each ally section, and the two-pass order (entries first, then whatever
 * names them). Also finding a list by id and an entry or row by name.
 * Unknown keys and bad values are refused with the file and JSON path. */
#include "armylist_internal.h"
#include "../../core/fsutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PATH FOGN_LIST_PATH

static const char *const doctrine_names[FOGN_DOC_COUNT] = {"reformed", "unreformed",
                                                            "move_unreformed_fire_reformed"};
static const char *const timing_names[FOGN_AT_COUNT] = {"creation", "deployment", "mixed_deployment"};

/* the unit sizes §16 sells for an arm, as a bit mask over base counts */
static uint8_t arm_sizes(fogn_arm arm)
{
    return arm == FOGN_ARM_ART ? (uint8_t)((1u << 2) | (1u << 3)) : (uint8_t)((1u << 4) | (1u << 6));
}

/* --- list sections ------------------------------------------------------------------------- */

static int load_row(fogn_list_loader *D, json_t *o, const char *path, fogn_list_entry *e, int etype, fogn_list_row *r)
{
    static const char *const keys[] = {"name", "type", "elan", "training", "caps", "pts", "bases", "min",
                                       "max", "ruling"};
    char p[PATH], q[PATH];
    int nel, ntr, v;
    const char *const *eln = fogn_elan_names(&nel);
    const char *const *trn = fogn_training_names(&ntr);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    if (fogn_list_get_text(o, path, "name", true, r->name, sizeof r->name, D->err)) return -1;
    v = etype;
    if (gr_json_enum(o, path, "type", etype < 0, fogn_list_type_names, FOGN_LT_COUNT, &v, D->err)) return -1;
    r->type = (uint8_t)v;
    if (gr_json_enum(o, path, "elan", true, eln, nel, &v, D->err)) return -1;
    r->elan = (uint8_t)v;
    if (gr_json_enum(o, path, "training", true, trn, ntr, &v, D->err)) return -1;
    r->training = (uint8_t)v;
    fogn_arm arm = fogn_list_type_arm((fogn_list_type)r->type);
    if (arm == FOGN_ARM_ART && (r->training == FOGN_TR_CONSCRIPT || r->training == FOGN_TR_IRREGULAR))
        return gr_error_set(D->err, "%s.training: artillery is never %s in the lists (§2.3)", path,
                            trn[r->training]);
    if (fogn_list_get_caps(o, path, "caps", &r->caps, D->err)) return -1;
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
            return gr_error_set(D->err, "%s: %s units have %s bases (§16)", q, fogn_list_arm_names[arm],
                                arm == FOGN_ARM_ART ? "2 or 3" : "4 or 6");
        r->sizes = (uint8_t)(r->sizes | (1u << n));
    }
    if (fogn_list_get_bound(o, path, "min", &r->min, D->err) || fogn_list_get_bound(o, path, "max", &r->max, D->err))
        return -1;
    if (r->min < 0) r->min = 0;
    if (fogn_list_check_min_max(path, r->min, r->max, D->err)) return -1;
    char tmp[FOGN_LIST_TEXT];
    if (fogn_list_get_text(o, path, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
    (void)e;
    return 0;
}

static int load_entries(fogn_list_loader *D, json_t *o, const char *path, int section)
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
        if (fogn_list_get_text(eo, p, "name", true, e->name, sizeof e->name, D->err)) return -1;
        if (fogn_list_find_entry(L, e->name) >= 0)
            return gr_error_set(D->err, "%s.name: \"%s\" is already an entry of this list", p, e->name);
        e->section = (uint8_t)section;
        if (gr_json_bool(eo, p, "core", true, &e->core, D->err)) return -1;
        int etype = -1, doc = L->doctrine;
        if (gr_json_enum(eo, p, "type", false, fogn_list_type_names, FOGN_LT_COUNT, &etype, D->err)) return -1;
        if (gr_json_enum(eo, p, "doctrine", false, doctrine_names, FOGN_DOC_COUNT, &doc, D->err)) return -1;
        e->doctrine = (uint8_t)doc;
        if (fogn_list_get_tags(D, eo, p, "tags", true, &e->tags)) return -1;
        if (fogn_list_get_bound(eo, p, "min", &e->min, D->err) || fogn_list_get_bound(eo, p, "max", &e->max, D->err))
            return -1;
        if (e->min < 0) e->min = 0;
        if (fogn_list_check_min_max(p, e->min, e->max, D->err)) return -1;
        if (fogn_list_get_text(eo, p, "printed", false, e->printed, sizeof e->printed, D->err)) return -1;
        if (fogn_list_get_text(eo, p, "ruling", false, e->ruling, sizeof e->ruling, D->err)) return -1;
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

static int load_quality_prices(fogn_list_loader *D, json_t *o, const char *path, int *pts, int *max)
{
    static const char *const keys[] = {"pts", "max"};
    for (int q = 0; q < FOGN_Q_COUNT; q++) {
        pts[q] = -1;
        max[q] = 0;
        json_t *v = gr_json_object(o, path, fogn_list_quality_names[q], false, D->err);
        if (!v) {
            if (D->err->set) return -1;
            continue;
        }
        char p[PATH];
        gr_json_path_key(p, sizeof p, path, fogn_list_quality_names[q]);
        if (gr_json_only_keys(v, p, keys, COUNT(keys), D->err)) return -1;
        long n = 0, m = 0;
        if (gr_json_int(v, p, "pts", true, 1, 200, &n, D->err)) return -1;
        if (gr_json_int(v, p, "max", true, 0, 8, &m, D->err)) return -1;
        pts[q] = (int)n;
        max[q] = (int)m;
    }
    return 0;
}

static int load_commanders(fogn_list_loader *D, json_t *root)
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
    if (fogn_list_get_name_bits(c, "$.commanders", "corps", fogn_list_quality_names, FOGN_Q_COUNT, &b, D->err))
        return -1;
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
    if (fogn_list_check_min_max(dp, L->div_min, L->div_max, D->err)) return -1;
    for (int q = 0; q < FOGN_Q_COUNT; q++) {
        long v = 0;
        if (gr_json_int(d, dp, fogn_list_quality_names[q], false, 0, FOGN_ARMY_MAX_DIVS, &v, D->err)) return -1;
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
        if (fogn_list_check_min_max(cp, L->charismatic_min, L->charismatic_max, D->err)) return -1;
    }

    json_t *pr = gr_json_object(c, "$.commanders", "prices", true, D->err);
    if (!pr) return -1;
    const char *pp = "$.commanders.prices";
    if (gr_json_only_keys(pr, pp, pkeys, COUNT(pkeys), D->err)) return -1;
    for (int q = 0; q < FOGN_Q_COUNT; q++) {
        long v = 0;
        if (gr_json_int(pr, pp, fogn_list_quality_names[q], true, 1, 200, &v, D->err)) return -1;
        L->q_pts[q] = (int)v;
    }
    long cv = 0;
    if (gr_json_int(pr, pp, "charismatic", true, 0, 100, &cv, D->err)) return -1;
    L->charismatic_pts = (int)cv;
    return 0;
}

static int load_ally_header(fogn_list_loader *D, json_t *o, const char *path, fogn_list_ally *A)
{
    static const char *const keys[] = {"id", "name", "divisions", "division_kinds", "commanders",
                                       "attachments_at", "counts_toward_main_minima", "guests",
                                       "entries", "attachments", "constraints", "ruling"};
    static const char *const dkeys[] = {"min", "max"};
    if (!json_is_object(o)) return gr_error_set(D->err, "%s: expected an object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    if (fogn_list_get_text(o, path, "id", true, A->id, sizeof A->id, D->err)) return -1;
    if (fogn_list_get_text(o, path, "name", true, A->name, sizeof A->name, D->err)) return -1;
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
    if (fogn_list_check_min_max(p, A->div_min, A->div_max, D->err)) return -1;
    uint32_t b = 0;
    if (fogn_list_get_name_bits(o, path, "division_kinds", fogn_list_kind_names, COUNT(fogn_list_kind_names), &b,
                                D->err))
        return -1;
    if (!b) return gr_error_set(D->err, "%s.division_kinds: missing (which kinds its divisions may be)", path);
    A->div_kinds = (uint8_t)b;
    json_t *c = gr_json_object(o, path, "commanders", true, D->err);
    if (!c) return -1;
    gr_json_path_key(p, sizeof p, path, "commanders");
    if (gr_json_only_keys(c, p, fogn_list_quality_names, FOGN_Q_COUNT, D->err)) return -1;
    if (load_quality_prices(D, c, p, A->q_pts, A->q_max)) return -1;
    int t = D->L->timing;
    if (gr_json_enum(o, path, "attachments_at", false, timing_names, FOGN_AT_COUNT, &t, D->err)) return -1;
    A->timing = (uint8_t)t;
    if (gr_json_bool(o, path, "counts_toward_main_minima", false, &A->count_toward_main_minima, D->err))
        return -1;
    char tmp[FOGN_LIST_TEXT];
    if (fogn_list_get_text(o, path, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
    return 0;
}

static int load_ally_guests(fogn_list_loader *D, int k)
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
    if (fogn_list_get_sel(D, g, p, "units", true, &A->guests, NULL)) return -1;
    A->guests.allied = 1;
    uint32_t b = 0;
    if (fogn_list_get_name_bits(g, p, "division_kinds", fogn_list_kind_names, COUNT(fogn_list_kind_names), &b, D->err))
        return -1;
    A->guest_kinds = (uint8_t)b;
    A->has_guests = true;
    return 0;
}

static int load_fieldworks(fogn_list_loader *D, json_t *root)
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

static int load_list(fogn_list_loader *D, json_t *root)
{
    static const char *const keys[] = {"format", "id", "name", "section", "regions", "initiative",
                                       "infantry", "infantry_priced_as", "attachments_at", "mixed", "commanders",
                                       "fieldworks", "entries", "attachments", "allies", "constraints", "notes"};
    static const char *const mkeys[] = {"min", "max"};
    fogn_army_list *L = D->L;
    if (!json_is_object(root)) return gr_error_set(D->err, "$: expected an object holding the army list");
    if (gr_json_only_keys(root, "$", keys, COUNT(keys), D->err)) return -1;
    char fmt[32];
    if (gr_json_string(root, "$", "format", true, fmt, sizeof fmt, D->err)) return -1;
    if (strcmp(fmt, "fogn-army-list") != 0)
        return gr_error_set(D->err, "$.format: expected \"fogn-army-list\", got \"%s\"", fmt);
    if (fogn_list_get_text(root, "$", "id", true, L->id, sizeof L->id, D->err)) return -1;
    if (fogn_list_get_text(root, "$", "name", true, L->name, sizeof L->name, D->err)) return -1;
    if (fogn_list_get_text(root, "$", "section", true, L->ref, sizeof L->ref, D->err)) return -1;
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
    if (fogn_list_get_bound(m, "$.mixed", "min", &L->mixed_min, D->err)) return -1;
    if (fogn_list_get_bound(m, "$.mixed", "max", &L->mixed_max, D->err)) return -1;
    if (L->mixed_min < 0) L->mixed_min = 0;
    if (fogn_list_check_min_max("$.mixed", L->mixed_min, L->mixed_max, D->err)) return -1;
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
        if (fogn_list_load_att_rules(D, D->sec[s], D->secpath[s], s)) return -1;
        if (fogn_list_load_constraints(D, D->sec[s], D->secpath[s], s)) return -1;
        if (s > 0 && load_ally_guests(D, s - 1)) return -1;
    }
    return 0;
}

/* --- public loaders and look-ups ----------------------------------------------------------- */

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
    fogn_list_loader D = {.L = L, .err = err};
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
