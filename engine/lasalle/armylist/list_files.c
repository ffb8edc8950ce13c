/* list_files.c - the top level of the two kinds of Army Builder file: a
 * nation's file ("format": "lasalle-nation") and the minor states' file
 * ("format": "lasalle-minor-states"). Both carry "ruleset": "lasalle". */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

/* "ruleset" and "format" of a file */
static int read_header(lasalle_list_loader *D, json_t *root, const char *format)
{
    char rs[32] = "", fmt[48] = "";
    if (gr_json_string(root, "$", "ruleset", true, rs, sizeof rs, D->err) ||
        gr_json_string(root, "$", "format", true, fmt, sizeof fmt, D->err))
        return lasalle_list_load_prefix(D);
    if (strcmp(rs, "lasalle")) return lasalle_list_load_fail(D, "$.ruleset", "expected \"lasalle\", got \"%s\"", rs);
    if (strcmp(fmt, format)) return lasalle_list_load_fail(D, "$.format", "expected \"%s\", got \"%s\"", format, fmt);
    return 0;
}

/* "refs": where the list boxes, compositions, values and rules are printed */
static int read_refs(lasalle_list_loader *D, json_t *root)
{
    lasalle_list_nation *N = D->N;
    if (gr_json_string(root, "$", "ref", true, N->ref, sizeof N->ref, D->err)) return lasalle_list_load_prefix(D);
    snprintf(N->refs_lists, sizeof N->refs_lists, "%s", N->ref);
    snprintf(N->refs_compositions, sizeof N->refs_compositions, "%s", N->ref);
    snprintf(N->refs_values, sizeof N->refs_values, "%s", N->ref);
    snprintf(N->refs_rules, sizeof N->refs_rules, "%s", N->ref);
    json_t *refs = gr_json_object(root, "$", "refs", false, D->err);
    if (D->err->set) return lasalle_list_load_prefix(D);
    if (!refs) return 0;
    static const char *const keys[] = {"lists", "compositions", "values", "rules"};
    if (gr_json_only_keys(refs, "$.refs", keys, 4, D->err) ||
        gr_json_string(refs, "$.refs", "lists", false, N->refs_lists, sizeof N->refs_lists, D->err) ||
        gr_json_string(refs, "$.refs", "compositions", false, N->refs_compositions, sizeof N->refs_compositions,
                       D->err) ||
        gr_json_string(refs, "$.refs", "values", false, N->refs_values, sizeof N->refs_values, D->err) ||
        gr_json_string(refs, "$.refs", "rules", false, N->refs_rules, sizeof N->refs_rules, D->err))
        return lasalle_list_load_prefix(D);
    return 0;
}

static int read_nation(lasalle_list_loader *D, json_t *root)
{
    static const char *const keys[] = {"ruleset",   "format",   "id",     "name",     "adjective",     "ref",
                                       "refs",      "theatres", "allies", "reserves", "subcommanders", "units",
                                       "artillery", "brigades", "armies", "rules",    "note"};
    lasalle_list_nation *N = D->N;
    if (read_header(D, root, "lasalle-nation")) return -1;
    if (gr_json_only_keys(root, "$", keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    N->reserves = true;
    if (gr_json_bool(root, "$", "allies", true, &N->allies, D->err) ||
        gr_json_bool(root, "$", "reserves", false, &N->reserves, D->err))
        return lasalle_list_load_prefix(D);
    if (read_refs(D, root) || lasalle_list_read_body(D, root, "$")) return -1;
    json_t *armies = gr_json_array(root, "$", "armies", true, 1, LASALLE_LIST_MAX_ARMIES, D->err);
    if (!armies) return lasalle_list_load_prefix(D);
    if (lasalle_list_read_armies(D, armies, "$.armies")) return -1;
    json_t *sub = gr_json_object(root, "$", "subcommanders", true, D->err);
    if (!sub) return lasalle_list_load_prefix(D);
    if (lasalle_list_read_sub_table(D, sub, "$.subcommanders", NULL, &N->sub)) return -1;
    json_t *rules = gr_json_array(root, "$", "rules", false, 0, LASALLE_LIST_MAX_RULES, D->err);
    if (D->err->set) return lasalle_list_load_prefix(D);
    return rules ? lasalle_list_read_rules(D, rules, "$.rules") : 0;
}

int lasalle_list_load_nation(const char *path, lasalle_list_nation *N, gr_error *err)
{
    gr_error_clear(err);
    memset(N, 0, sizeof *N);
    snprintf(N->file, sizeof N->file, "%s", path);
    json_t *root = gr_json_load_file(path, err);
    if (!root) return -1;
    lasalle_list_loader D = {path, err, N};
    int rc = read_nation(&D, root);
    json_decref(root);
    return rc;
}

/* one state of the minor states' file; the shared table is read again for each */
static int read_state(lasalle_list_loader *D, json_t *o, const char *path, json_t *sub, const char *ref)
{
    static const char *const keys[] = {"id",    "name",      "adjective", "ref", "theatres", "scenario_only",
                                       "units", "artillery", "brigades",  "note"};
    lasalle_list_nation *N = D->N;
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    N->minor = true;
    snprintf(N->ref, sizeof N->ref, "%s", ref);
    if (gr_json_string(o, path, "ref", false, N->ref, sizeof N->ref, D->err) ||
        gr_json_bool(o, path, "scenario_only", false, &N->scenario_only, D->err))
        return lasalle_list_load_prefix(D);
    snprintf(N->refs_lists, sizeof N->refs_lists, "%s", N->ref);
    snprintf(N->refs_compositions, sizeof N->refs_compositions, "%s", N->ref);
    snprintf(N->refs_values, sizeof N->refs_values, "%s", N->ref);
    snprintf(N->refs_rules, sizeof N->refs_rules, "%s", ref);
    if (lasalle_list_read_body(D, o, path)) return -1;
    if (N->scenario_only && N->nbrigades)
        return lasalle_list_load_fail(D, path, "a state for scenarios only has no brigades");
    return lasalle_list_read_sub_table(D, sub, "$.subcommanders", N->id, &N->sub);
}

/* every state a subcommander modifier names exists */
static int check_mod_states(lasalle_list_loader *D, json_t *sub, const lasalle_list_book *B)
{
    json_t *mods = json_object_get(sub, "modifiers");
    for (size_t i = 0; i < json_array_size(mods); i++) {
        json_t *st = json_object_get(json_array_get(mods, i), "states");
        for (size_t k = 0; k < json_array_size(st); k++)
            if (lasalle_list_find_state(B, json_string_value(json_array_get(st, k))) < 0) {
                char p[PATH];
                snprintf(p, sizeof p, "$.subcommanders.modifiers[%zu].states[%zu]", i, k);
                return lasalle_list_load_fail(D, p, "expected the id of a state of this file");
            }
    }
    return 0;
}

static int read_states(lasalle_list_loader *D, json_t *root, lasalle_list_book *B)
{
    static const char *const keys[] = {"ruleset", "format", "ref", "subcommanders", "states", "note"};
    char ref[LASALLE_LIST_REF];
    if (read_header(D, root, "lasalle-minor-states")) return -1;
    if (gr_json_only_keys(root, "$", keys, LASALLE_LIST_COUNT(keys), D->err) ||
        gr_json_string(root, "$", "ref", true, ref, sizeof ref, D->err))
        return lasalle_list_load_prefix(D);
    json_t *sub = gr_json_object(root, "$", "subcommanders", true, D->err);
    json_t *arr = sub ? gr_json_array(root, "$", "states", true, 1, LASALLE_LIST_MAX_STATES, D->err) : NULL;
    if (!arr) return lasalle_list_load_prefix(D);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, "$.states", i);
        lasalle_list_nation *N = &B->states[B->nstates];
        memset(N, 0, sizeof *N);
        snprintf(N->file, sizeof N->file, "%s", D->file);
        D->N = N;
        if (read_state(D, json_array_get(arr, i), p, sub, ref)) return -1;
        if (lasalle_list_find_state(B, N->id) >= 0) return lasalle_list_load_fail(D, p, "state \"%s\" twice", N->id);
        B->nstates++;
    }
    return check_mod_states(D, sub, B);
}

int lasalle_list_load_states(const char *path, lasalle_list_book *B, gr_error *err)
{
    gr_error_clear(err);
    json_t *root = gr_json_load_file(path, err);
    if (!root) return -1;
    lasalle_list_loader D = {path, err, NULL};
    B->nstates = 0;
    int rc = read_states(&D, root, B);
    json_decref(root);
    return rc;
}
