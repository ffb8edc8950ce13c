/* armylist_list_rules.c - loading the parts of a list file that speak about
 * entries and tags already read: the attachment rules of each section (what
 * each attachment costs, who may carry it, how many, and under which
 * condition) and the list's special instructions as typed constraints
 * (counts, ratios, divisions kept apart or together, required attachments,
 * fieldworks, and rules of play that an army file cannot break). */
#include "armylist_internal.h"

#include <stdio.h>
#include <string.h>

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PATH FOGN_LIST_PATH

static const char *const ckind_names[FOGN_CK_COUNT_KINDS] = {
    "count", "ratio", "apart", "together", "only_with", "attachment_required", "divisions",
    "in_fieldworks", "play"};
static const char *const scope_names[] = {"army", "division"};
static const char *const unit_names[] = {"units", "bases"};

/* --- constraints --------------------------------------------------------------------------- */

/* A constraint object (also used for "only_if" conditions, where only "count" is allowed). */
static int load_constraint(fogn_list_loader *D, json_t *o, const char *path, int section, bool cond_only,
                           fogn_list_constraint *c)
{
    static const char *const keys[] = {"kind", "scope", "unit", "division_kinds", "allied", "when", "lacks",
                                       "count", "of", "allow", "groups", "attachments", "plus_attachments",
                                       "min", "max", "at_least", "strict", "text", "section", "ruling"};
    char p[PATH], q[PATH];
    memset(c, 0, sizeof *c);
    c->section = (uint8_t)section;
    c->min = c->max = -1;
    fogn_list_sel_any(&c->count);
    fogn_list_sel_any(&c->of);
    fogn_list_sel_any(&c->awhen);
    if (!json_is_object(o)) return gr_error_set(D->err, "%s: expected a constraint object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    int kind = 0, scope = FOGN_SCOPE_ARMY, unit = 0;
    if (gr_json_enum(o, path, "kind", true, ckind_names, FOGN_CK_COUNT_KINDS, &kind, D->err)) return -1;
    if (cond_only && kind != FOGN_CK_COUNT)
        return gr_error_set(D->err, "%s.kind: a condition must be of kind \"count\"", path);
    c->kind = (uint8_t)kind;
    if (fogn_list_get_text(o, path, "text", true, c->text, sizeof c->text, D->err)) return -1;
    snprintf(c->ref, sizeof c->ref, "%s", D->L->ref);
    if (fogn_list_get_text(o, path, "section", false, c->ref, sizeof c->ref, D->err)) return -1;
    char tmp[FOGN_LIST_TEXT];
    if (fogn_list_get_text(o, path, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
    if (kind == FOGN_CK_PLAY) return 0;
    if (gr_json_enum(o, path, "scope", false, scope_names, COUNT(scope_names), &scope, D->err)) return -1;
    if (gr_json_enum(o, path, "unit", false, unit_names, COUNT(unit_names), &unit, D->err)) return -1;
    if (kind == FOGN_CK_ONLY_WITH || kind == FOGN_CK_APART) scope = FOGN_SCOPE_DIVISION;
    c->scope = (uint8_t)scope;
    c->bases = unit == 1;
    if (fogn_list_get_divf(D, o, path, &c->div)) return -1;
    if (scope == FOGN_SCOPE_ARMY && c->div.has_when && (kind == FOGN_CK_COUNT || kind == FOGN_CK_RATIO)) {
        c->has_awhen = true;
        c->awhen = c->div.when;
        c->div.has_when = false;
    }
    if (fogn_list_get_bound(o, path, "min", &c->min, D->err) || fogn_list_get_bound(o, path, "max", &c->max, D->err))
        return -1;
    if (fogn_list_check_min_max(path, c->min, c->max, D->err)) return -1;
    uint32_t b = 0;
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    if (fogn_list_get_name_bits(o, path, "attachments", attn, natt, &b, D->err)) return -1;
    if (fogn_list_get_name_bits(o, path, "plus_attachments", attn, natt, &b, D->err)) return -1;
    c->atts = (uint16_t)(b & ~1u);
    bool have = false;
    switch (kind) {
    case FOGN_CK_COUNT:
        if (fogn_list_get_sel(D, o, path, "count", !c->atts, &c->count, &have)) return -1;
        if (!have) c->count.none = true;    /* attachments only */
        if (c->min < 0 && c->max < 0) return gr_error_set(D->err, "%s: a count needs min or max", path);
        break;
    case FOGN_CK_RATIO: {
        if (fogn_list_get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        if (fogn_list_get_sel(D, o, path, "of", true, &c->of, NULL)) return -1;
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
            if (fogn_list_parse_sel(D, json_array_get(g, i), p, &c->groups[i])) return -1;
            c->ngroups++;
        }
        break;
    }
    case FOGN_CK_TOGETHER:
        if (fogn_list_get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        break;
    case FOGN_CK_ONLY_WITH:
        if (!c->div.has_when) return gr_error_set(D->err, "%s.when: missing (a division scope rule)", path);
        if (fogn_list_get_sel(D, o, path, "allow", true, &c->of, &have)) return -1;
        break;
    case FOGN_CK_ATT_REQUIRED:
        if (fogn_list_get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        if (!c->atts) return gr_error_set(D->err, "%s.attachments: missing", path);
        break;
    case FOGN_CK_DIVISIONS:
        if (c->min < 0 && c->max < 0) return gr_error_set(D->err, "%s: needs min or max", path);
        break;
    case FOGN_CK_IN_FIELDWORKS:
        if (fogn_list_get_sel(D, o, path, "count", true, &c->count, NULL)) return -1;
        break;
    default: break;
    }
    return 0;
}

int fogn_list_load_constraints(fogn_list_loader *D, json_t *o, const char *path, int section)
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

/* --- attachment rules ---------------------------------------------------------------------- */

static int load_att_limit(fogn_list_loader *D, json_t *o, const char *path, fogn_list_att_limit *l)
{
    static const char *const keys[] = {"scope", "division_kinds", "allied", "when", "lacks", "min", "max",
                                       "per", "count", "share"};
    static const char *const skeys[] = {"type", "at_least"};
    memset(l, 0, sizeof *l);
    l->share_type = -1;
    fogn_list_sel_any(&l->count);
    if (!json_is_object(o)) return gr_error_set(D->err, "%s: expected a limit object", path);
    if (gr_json_only_keys(o, path, keys, COUNT(keys), D->err)) return -1;
    int scope = 0;
    if (gr_json_enum(o, path, "scope", true, scope_names, COUNT(scope_names), &scope, D->err)) return -1;
    l->scope = (uint8_t)scope;
    if (fogn_list_get_divf(D, o, path, &l->div)) return -1;
    if (scope == FOGN_SCOPE_ARMY && (l->div.kinds || l->div.has_when || l->div.has_lacks))
        return gr_error_set(D->err, "%s: division filters need \"scope\": \"division\"", path);
    if (fogn_list_get_bound(o, path, "min", &l->min, D->err) || fogn_list_get_bound(o, path, "max", &l->max, D->err))
        return -1;
    if (fogn_list_check_min_max(path, l->min, l->max, D->err)) return -1;
    long per = 0;
    if (gr_json_int(o, path, "per", false, 1, 10, &per, D->err)) return -1;
    l->per = (int)per;
    bool has_count = false;
    if (fogn_list_get_sel(D, o, path, "count", false, &l->count, &has_count)) return -1;
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

int fogn_list_load_att_rules(fogn_list_loader *D, json_t *o, const char *path, int section)
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
        if (fogn_list_get_text(ro, p, "name", true, r->name, sizeof r->name, D->err)) return -1;
        if (fogn_list_get_text(ro, p, "text", true, r->text, sizeof r->text, D->err)) return -1;
        char tmp[FOGN_LIST_TEXT];
        if (fogn_list_get_text(ro, p, "ruling", false, tmp, sizeof tmp, D->err)) return -1;
        json_t *types = gr_json_object(ro, p, "types", true, D->err);
        if (!types) return -1;
        gr_json_path_key(tp, sizeof tp, p, "types");
        const char *key;
        json_t *v;
        int ntypes = 0;
        json_object_foreach(types, key, v) {
            gr_json_path_key(kp, sizeof kp, tp, key);
            int a = fogn_list_find_name(attn, natt, key);
            if (a <= 0) {
                char all[200];
                return gr_error_set(D->err, "%s: not an attachment type (expected %s)", kp,
                                    fogn_list_join_names(attn + 1, natt - 1, all, sizeof all));
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
                if (fogn_list_get_bound(v, kp, "max", &r->type_max[a], D->err)) return -1;
                if (fogn_list_get_sel(D, v, kp, "on", false, &r->type_on[a], &r->has_type_on[a])) return -1;
            } else {
                return gr_error_set(D->err, "%s: expected a price or {\"pts\", \"on\", \"max\"}", kp);
            }
            if (r->pts[a] < 1 || r->pts[a] > 50) return gr_error_set(D->err, "%s: price in 1..50", kp);
            ntypes++;
        }
        if (!ntypes) return gr_error_set(D->err, "%s: names no attachment type", tp);
        if (fogn_list_get_sel(D, ro, p, "on", false, &r->on, &r->has_on)) return -1;
        uint32_t b = 0;
        if (fogn_list_get_name_bits(ro, p, "division_kinds", fogn_list_kind_names, COUNT(fogn_list_kind_names), &b,
                                    D->err))
            return -1;
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
