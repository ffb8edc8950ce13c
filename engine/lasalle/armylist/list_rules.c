/* list_rules.c - the JSON readers of a nation's subcommander table (1d6 for
 * vigor, 1d6 for tactics, with the modifiers some lists get) and of its
 * special rules (Linear Tactics, Half Battalion Deployed, the rockets and
 * howitzer-battery exchanges, units that may start entrenched, and so on). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#define PATH LASALLE_LIST_PATH

/* an optional array of army-type ids of the nation being read into bits */
static int read_armies(lasalle_list_loader *D, json_t *o, const char *path, uint8_t *bits)
{
    char p[PATH], q[PATH];
    *bits = 0;
    json_t *arr = gr_json_array(o, path, "armies", false, 1, LASALLE_LIST_MAX_ARMIES, D->err);
    if (!arr) return D->err->set ? lasalle_list_load_prefix(D) : 0;
    gr_json_path_key(p, sizeof p, path, "armies");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        int k = -1;
        for (int a = 0; json_is_string(v) && a < D->N->narmies; a++)
            if (strcmp(D->N->armies[a].id, json_string_value(v)) == 0) k = a;
        if (k < 0) return lasalle_list_load_fail(D, q, "expected the id of one of %s's army types", D->N->name);
        *bits |= (uint8_t)(1u << k);
    }
    return 0;
}

/* an optional array of state ids (checked against the minor states when the book is put together) */
static int read_states(lasalle_list_loader *D, json_t *o, const char *path, char out[][LASALLE_LIST_ID], int *n)
{
    char p[PATH], q[PATH];
    *n = 0;
    json_t *arr = gr_json_array(o, path, "states", false, 1, LASALLE_LIST_MAX_RULE_NAMES, D->err);
    if (!arr) return D->err->set ? lasalle_list_load_prefix(D) : 0;
    gr_json_path_key(p, sizeof p, path, "states");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        if (!json_is_string(v) || !json_string_length(v) || json_string_length(v) >= LASALLE_LIST_ID)
            return lasalle_list_load_fail(D, q, "expected the id of a minor state");
        snprintf(out[(*n)++], LASALLE_LIST_ID, "%s", json_string_value(v));
    }
    return 0;
}

/* the 6 entries of a roll table: numbers in [-1, 1] or tactics names */
static int read_column(lasalle_list_loader *D, json_t *o, const char *path, const char *key, bool tactics,
                       lasalle_list_sub_table *t)
{
    char p[PATH], q[PATH];
    json_t *arr = gr_json_array(o, path, key, true, 6, 6, D->err);
    if (!arr) return lasalle_list_load_prefix(D);
    gr_json_path_key(p, sizeof p, path, key);
    for (size_t i = 0; i < 6; i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        if (tactics) {
            int k = -1;
            for (int j = 0; json_is_string(v) && j < LASALLE_LIST_TAC_COUNT; j++)
                if (strcmp(json_string_value(v), lasalle_list_tactics_ids[j]) == 0) k = j;
            if (k < 0) return lasalle_list_load_fail(D, q, "expected poor, average or good");
            t->tactics[i] = (uint8_t)k;
        } else {
            if (!json_is_integer(v) || json_integer_value(v) < -1 || json_integer_value(v) > 1)
                return lasalle_list_load_fail(D, q, "expected a vigor of -1, 0 or 1");
            t->vigor[i] = (int8_t)json_integer_value(v);
        }
        if (i && (tactics ? t->tactics[i] < t->tactics[i - 1] : t->vigor[i] < t->vigor[i - 1]))
            return lasalle_list_load_fail(D, q, "a higher roll never gives a lower rating");
    }
    return 0;
}

static int read_mod(lasalle_list_loader *D, json_t *o, const char *path, const char *state, lasalle_list_sub_table *t)
{
    static const char *const keys[] = {"rolls", "add", "theatres", "armies", "states"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    lasalle_list_sub_mod m;
    memset(&m, 0, sizeof m);
    long add = 0;
    json_t *rolls = gr_json_array(o, path, "rolls", true, 1, 2, D->err);
    if (!rolls || gr_json_int(o, path, "add", true, -2, 2, &add, D->err)) return lasalle_list_load_prefix(D);
    for (size_t i = 0; i < json_array_size(rolls); i++) {
        const char *s = json_string_value(json_array_get(rolls, i));
        if (s && !strcmp(s, "vigor"))
            m.vigor = true;
        else if (s && !strcmp(s, "tactics"))
            m.tactics = true;
        else
            return lasalle_list_load_fail(D, path, "\"rolls\" holds \"vigor\" and/or \"tactics\"");
    }
    m.add = (int8_t)add;
    char states[LASALLE_LIST_MAX_RULE_NAMES][LASALLE_LIST_ID];
    int ns = 0;
    if (lasalle_list_read_theatres(D, o, path, "theatres", LASALLE_LIST_TH_ALL, LASALLE_LIST_TH_ALL, &m.theatres) ||
        read_armies(D, o, path, &m.armies) || read_states(D, o, path, states, &ns))
        return -1;
    if (ns && !state) return lasalle_list_load_fail(D, path, "only the minor states' table names states");
    bool mine = !ns;
    for (int i = 0; i < ns; i++) mine = mine || !strcmp(states[i], state);
    if (mine) t->mods[t->nmods++] = m;
    return 0;
}

int lasalle_list_read_sub_table(lasalle_list_loader *D, json_t *o, const char *path, const char *state,
                                lasalle_list_sub_table *t)
{
    static const char *const keys[] = {"vigor", "tactics", "modifiers", "ref"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    memset(t, 0, sizeof *t);
    snprintf(t->ref, sizeof t->ref, "%s", D->N->refs_rules);
    if (gr_json_string(o, path, "ref", false, t->ref, sizeof t->ref, D->err)) return lasalle_list_load_prefix(D);
    if (read_column(D, o, path, "vigor", false, t) || read_column(D, o, path, "tactics", true, t)) return -1;
    json_t *mods = gr_json_array(o, path, "modifiers", false, 0, LASALLE_LIST_MAX_MODS, D->err);
    if (D->err->set) return lasalle_list_load_prefix(D);
    char p[PATH], q[PATH];
    gr_json_path_key(p, sizeof p, path, "modifiers");
    for (size_t i = 0; mods && i < json_array_size(mods); i++) {
        gr_json_path_index(q, sizeof q, p, i);
        if (read_mod(D, json_array_get(mods, i), q, state, t)) return -1;
    }
    return 0;
}

/* --- special rules ------------------------------------------------------------------------------- */

static int read_rule_units(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_rule *r)
{
    char p[PATH], q[PATH];
    json_t *arr = gr_json_array(o, path, "units", false, 1, LASALLE_LIST_MAX_RULE_NAMES, D->err);
    if (!arr) return D->err->set ? lasalle_list_load_prefix(D) : 0;
    gr_json_path_key(p, sizeof p, path, "units");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        gr_json_path_index(q, sizeof q, p, i);
        int u = json_is_string(v) ? lasalle_list_find_unit(D->N, json_string_value(v)) : -1;
        if (u < 0) return lasalle_list_load_fail(D, q, "expected a unit type of %s", D->N->name);
        r->units[r->nunits++] = (int16_t)u;
    }
    return 0;
}

/* which keys each kind needs (1), allows (0) or refuses (-1): units, states, value */
static void rule_needs(int kind, int *units, int *states, int *value)
{
    *units = *states = *value = -1;
    switch (kind) {
    case LASALLE_LIST_RULE_RIFLE_VOLLEYS:
    case LASALLE_LIST_RULE_ENTRENCHED_START: *units = 1; break;
    case LASALLE_LIST_RULE_HALF_BATTALION: *units = 0; break;
    case LASALLE_LIST_RULE_SK1_BREAKUP: *units = 1, *value = 1; break;
    case LASALLE_LIST_RULE_ALLIED_CAVALRY_RESERVE: *states = 1; break;
    case LASALLE_LIST_RULE_ENGINEERS:
    case LASALLE_LIST_RULE_VIVA_ESPANA: *value = 1; break;
    case LASALLE_LIST_RULE_ROCKETS:
    case LASALLE_LIST_RULE_HOWITZER_BATTERY: *value = 0; break;
    default: break;
    }
}

static int read_rule(lasalle_list_loader *D, json_t *o, const char *path, lasalle_list_rule *r)
{
    static const char *const keys[] = {"rule", "theatres", "armies", "role", "units", "states", "value", "ref"};
    if (gr_json_only_keys(o, path, keys, LASALLE_LIST_COUNT(keys), D->err)) return lasalle_list_load_prefix(D);
    memset(r, 0, sizeof *r);
    const char *ids[LASALLE_LIST_RULE_COUNT];
    for (int k = 0; k < LASALLE_LIST_RULE_COUNT; k++) ids[k] = lasalle_list_rule_id(k);
    int kind = 0, role = -1;
    long value = 1;
    if (gr_json_enum(o, path, "rule", true, ids, LASALLE_LIST_RULE_COUNT, &kind, D->err) ||
        gr_json_enum(o, path, "role", false, lasalle_list_role_ids, LASALLE_LIST_ROLE_COUNT, &role, D->err))
        return lasalle_list_load_prefix(D);
    r->kind = (uint8_t)kind;
    r->role = (int8_t)role;
    int nu, ns, nv;
    rule_needs(kind, &nu, &ns, &nv);
    static const char *const what[] = {"units", "states", "value"};
    const int need[] = {nu, ns, nv};
    for (int i = 0; i < 3; i++) {
        bool has = json_object_get(o, what[i]) != NULL;
        if (need[i] == 1 && !has) return lasalle_list_load_fail(D, path, "rule %s needs \"%s\"", ids[kind], what[i]);
        if (need[i] < 0 && has) return lasalle_list_load_fail(D, path, "rule %s takes no \"%s\"", ids[kind], what[i]);
    }
    if (gr_json_int(o, path, "value", false, 1, 6, &value, D->err)) return lasalle_list_load_prefix(D);
    r->value = (int8_t)value;
    snprintf(r->ref, sizeof r->ref, "%s", D->N->refs_rules);
    if (gr_json_string(o, path, "ref", false, r->ref, sizeof r->ref, D->err)) return lasalle_list_load_prefix(D);
    if (lasalle_list_read_theatres(D, o, path, "theatres", D->N->theatres, D->N->theatres, &r->theatres) ||
        read_armies(D, o, path, &r->armies) || read_rule_units(D, o, path, r) ||
        read_states(D, o, path, r->states, &r->nstates))
        return -1;
    return 0;
}

int lasalle_list_read_rules(lasalle_list_loader *D, json_t *arr, const char *path)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        char p[PATH];
        gr_json_path_index(p, sizeof p, path, i);
        if (read_rule(D, json_array_get(arr, i), p, &D->N->rules[D->N->nrules])) return -1;
        D->N->nrules++;
    }
    return 0;
}
