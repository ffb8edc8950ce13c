/* armylist_check_rules.c - the validator's passes over what a list says
 * beyond its entries: whether each attachment may sit on its unit (§3.2 and
 * the list's attachment rules), pools bought per division, the limits and
 * conditions of each attachment rule, and the list's own constraints
 * (counts, ratios, apart, together, only-with, required attachments,
 * division counts, units that need fieldworks). */
#include "armylist_internal.h"

#include <stdio.h>

/* --- helpers ------------------------------------------------------------------------------- */

/* skirmishers with muskets and with rifles are one attachment type (§3.2) */
static int att_kind(int a)
{
    return a == FOGN_ATT_RIFLE_SKIRMISHERS ? FOGN_ATT_SKIRMISHERS : a;
}

/* the rule of section s selling attachment type a, or NULL */
static const fogn_list_att_rule *rule_for(const fogn_army_list *L, int s, int a)
{
    for (int i = 0; i < L->nrules; i++)
        if (L->rules[i].section == s && L->rules[i].pts[a] >= 0) return &L->rules[i];
    return NULL;
}

/* when section s gives its attachments to units (fogn_list_timing) */
static int sec_timing(const fogn_army_chk *c, int s)
{
    return s == 0 ? c->L->timing : c->L->allies[s - 1].timing;
}

/* may unit i of division d carry attachment a? NULL or the reason */
static const char *att_refusal(const fogn_army_chk *c, int d, int i, int a, char *buf, size_t cap)
{
    const fogn_army_list *L = c->L;
    int arm = fogn_army_unit_arm(c, d, i);
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
        snprintf(buf, cap, "the %s sells no %s attachments (%s)", fogn_army_sec_name(c, c->sec[d]), attn[a], L->ref);
        return buf;
    }
    if (R->div_kinds && !((R->div_kinds >> c->a->divs[d].kind) & 1u)) {
        snprintf(buf, cap, "%s attachments are not allowed in a %s division (%s: %s)", attn[a],
                 fogn_list_kind_names[c->a->divs[d].kind], L->ref, R->text);
        return buf;
    }
    if ((R->has_on && !fogn_army_sel_match(c, &R->on, d, i)) ||
        (R->has_type_on[a] && !fogn_army_sel_match(c, &R->type_on[a], d, i))) {
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
static int eval_count(const fogn_army_chk *c, const fogn_list_constraint *k, int d)
{
    const fogn_army *a = c->a;
    if (d >= 0) {
        if (!fogn_army_divf_match(c, &k->div, d)) return -1;
        return fogn_army_count_div(c, &k->count, d, k->bases, k->atts);
    }
    bool any = !k->has_awhen;
    int n = 0;
    for (int dd = 0; dd < a->ndivs; dd++) {
        if (!any && fogn_army_div_has(c, &k->awhen, dd)) any = true;
        if (k->div.allied >= 0 && (c->sec[dd] != 0) != (k->div.allied == 1)) continue;
        if (k->div.kinds && !((k->div.kinds >> a->divs[dd].kind) & 1u)) continue;
        n += fogn_army_count_div(c, &k->count, dd, k->bases, k->atts);
    }
    return any ? n : -1;
}

/* --- the passes ---------------------------------------------------------------------------- */

/* pass 6 of fogn_army_check: attachments: on units (§3.2 and the list), pools, limits */
void fogn_army_check_attachments(fogn_army_chk *c)
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
                fogn_army_add_breach(c, FOGN_AR_ATT_UNIT, d, i, "%d attachments, a unit takes at most 2 (§3.2)",
                                     u->natt);
            for (int k = 0; k < u->natt; k++) {
                for (int j = 0; j < k; j++)
                    if (att_kind(u->att[j]) == att_kind(u->att[k]))
                        fogn_army_add_breach(c, FOGN_AR_ATT_UNIT, d, i,
                                             "two attachments of one type (%s and %s); a unit's attachments must "
                                             "differ in type (§3.2)",
                                             attn[u->att[j]], attn[u->att[k]]);
                if (fogn_army_unit_arm(c, d, i) < 0) continue;
                const char *no = att_refusal(c, d, i, u->att[k], why, sizeof why);
                if (no)
                    fogn_army_add_breach(c, FOGN_AR_ATT_UNIT, d, i, "%s attachment refused: %s", attn[u->att[k]], no);
            }
        }
        int tm = sec_timing(c, c->sec[d]);
        if (dv->npool && (tm == FOGN_AT_CREATION || (tm == FOGN_AT_MIXED_DEPLOYMENT && dv->kind != FOGN_DIV_MIXED)))
            fogn_army_add_breach(c, FOGN_AR_ATT_TIMING, d, -1,
                                 "%d attachment%s bought for the division but not given to units; the %s fixes %s "
                                 "attachments on units when the army is made (%s)",
                                 dv->npool, dv->npool > 1 ? "s" : "", fogn_army_sec_name(c, c->sec[d]),
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
                fogn_army_add_breach(c, FOGN_AR_ATT_UNIT, d, -1,
                                     "division attachment %s: no unit of the division may carry it (%s)", attn[at],
                                     first ? first : "no units");
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
            if (c->sec[d] == R->section) total += ndiv[d] = fogn_army_div_atts(c, d, mask);
        for (int t = 1; t < FOGN_ATT_COUNT; t++) {
            if (R->type_max[t] < 0) continue;
            int n = 0;
            for (int d = 0; d < a->ndivs; d++)
                if (c->sec[d] == R->section) n += fogn_army_div_atts(c, d, 1u << t);
            if (n > R->type_max[t])
                fogn_army_add_breach(c, FOGN_AR_ATT_LIMIT, -1, -1,
                                     "%d %s attachments, the list allows at most %d (%s: %s)", n, attn[t],
                                     R->type_max[t], L->ref, R->text);
        }
        for (int li = 0; li < R->nlimits; li++) {
            const fogn_list_att_limit *l = &R->limits[li];
            for (int d = -1; d < a->ndivs; d++) {
                if ((d < 0) != (l->scope == FOGN_SCOPE_ARMY)) continue;
                if (d >= 0 && (c->sec[d] != R->section || !fogn_army_divf_match(c, &l->div, d))) continue;
                if (d >= 0 && R->div_kinds && !((R->div_kinds >> a->divs[d].kind) & 1u)) continue;
                if (d < 0 && R->section > 0 && !c->used[R->section]) continue;
                int n = d < 0 ? total : ndiv[d], max = l->max;
                if (l->per) {
                    int cnt = 0;
                    for (int dd = 0; dd < a->ndivs; dd++)
                        if ((d < 0 && c->sec[dd] == R->section) || dd == d)
                            cnt += fogn_army_count_div(c, &l->count, dd, false, 0);
                    int cap = cnt / l->per;
                    max = max < 0 || cap < max ? cap : max;
                }
                if (fogn_army_out_of(n, l->min, max))
                    fogn_army_add_breach(c, FOGN_AR_ATT_LIMIT, d, -1,
                                         "%d %s attachment%s%s%s, the list allows %s%s (%s: %s)", n, R->name,
                                         n == 1 ? "" : "s",
                                         d >= 0 ? "" : R->section ? " in the divisions of the " : " in the army",
                                         d < 0 && R->section ? fogn_army_sec_name(c, R->section) : "",
                                         fogn_army_bound_text(l->min, max, b, sizeof b), d < 0 ? "" : " here",
                                         L->ref, R->text);
                if (l->share_type >= 0 && n > 0) {
                    int m = d < 0 ? 0 : fogn_army_div_atts(c, d, 1u << l->share_type);
                    if (d < 0)
                        for (int dd = 0; dd < a->ndivs; dd++)
                            if (c->sec[dd] == R->section) m += fogn_army_div_atts(c, dd, 1u << l->share_type);
                    if (m * l->share_den < l->share_num * n)
                        fogn_army_add_breach(c, FOGN_AR_ATT_LIMIT, d, -1,
                                             "%d of %d %s attachments are %s, at least %d/%d must be (%s: %s)", m, n,
                                             R->name, attn[l->share_type], l->share_num, l->share_den, L->ref, R->text);
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
                if (got >= 0 && fogn_army_out_of(got, cd->min, cd->max))
                    fogn_army_add_breach(c, FOGN_AR_ATT_LIMIT, d, -1,
                                         "%d %s attachment%s, but they are allowed only when %s (%d %s found) (%s)", n,
                                         R->name, n == 1 ? "" : "s", cd->text, got, sel_count_word(cd->bases, got),
                                         cd->ref);
            }
        }
    }
}

/* pass 7 of fogn_army_check: the list's own constraints */
void fogn_army_check_constraints(fogn_army_chk *c)
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
                if (n >= 0 && fogn_army_out_of(n, k->min, k->max))
                    fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: %d %s, the list allows %s (%s)", k->text, n,
                                         sel_count_word(k->bases, n), fogn_army_bound_text(k->min, k->max, b, sizeof b),
                                         k->ref);
            }
            break;
        case FOGN_CK_RATIO:
            for (int d = -1; d < a->ndivs; d++) {
                if ((d < 0) != (k->scope == FOGN_SCOPE_ARMY)) continue;
                int na = 0, nb = 0;
                if (d >= 0) {
                    if (!fogn_army_divf_match(c, &k->div, d)) continue;
                    na = fogn_army_count_div(c, &k->count, d, k->bases, 0);
                    nb = fogn_army_count_div(c, &k->of, d, k->bases, 0);
                } else {
                    if (k->has_awhen) {
                        bool any = false;
                        for (int dd = 0; dd < a->ndivs; dd++) any = any || fogn_army_div_has(c, &k->awhen, dd);
                        if (!any) continue;
                    }
                    for (int dd = 0; dd < a->ndivs; dd++) {
                        na += fogn_army_count_div(c, &k->count, dd, k->bases, 0);
                        nb += fogn_army_count_div(c, &k->of, dd, k->bases, 0);
                    }
                }
                bool ok = k->strict ? na * k->den > k->num * nb : na * k->den >= k->num * nb;
                if (!ok)
                    fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: %d %s against %d (%s)", k->text, na,
                                         sel_count_word(k->bases, na), nb, k->ref);
            }
            break;
        case FOGN_CK_APART:
            for (int d = 0; d < a->ndivs; d++) {
                int ng = 0;
                for (int g = 0; g < k->ngroups; g++) ng += fogn_army_div_has(c, &k->groups[g], d);
                if (ng > 1) fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s (%s)", k->text, k->ref);
            }
            break;
        case FOGN_CK_TOGETHER: {
            int first = -1;
            for (int d = 0; d < a->ndivs; d++) {
                bool has = fogn_army_div_has(c, &k->count, d) || (k->atts && fogn_army_div_atts(c, d, k->atts));
                if (!has) continue;
                if (k->div.kinds && !((k->div.kinds >> a->divs[d].kind) & 1u))
                    fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: not in a %s division (%s)", k->text,
                                         fogn_list_kind_names[a->divs[d].kind], k->ref);
                if (first < 0) first = d;
                else
                    fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, -1, "%s: division %d holds them already (%s)",
                                         k->text, first + 1, k->ref);
            }
            break;
        }
        case FOGN_CK_ONLY_WITH:
            for (int d = 0; d < a->ndivs; d++) {
                if (!fogn_army_divf_match(c, &k->div, d)) continue;
                for (int i = 0; i < a->divs[d].nunits; i++)
                    if (fogn_army_unit_row(c, d, i) && !fogn_army_sel_match(c, &k->of, d, i) &&
                        !fogn_army_sel_match(c, &k->div.when, d, i))
                        fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, i, "%s (%s)", k->text, k->ref);
            }
            break;
        case FOGN_CK_ATT_REQUIRED:
            for (int d = 0; d < a->ndivs; d++)
                for (int i = 0; i < a->divs[d].nunits; i++) {
                    if (!fogn_army_sel_match(c, &k->count, d, i)) continue;
                    bool has = false;
                    for (int j = 0; j < a->divs[d].units[i].natt; j++)
                        has = has || ((k->atts >> a->divs[d].units[i].att[j]) & 1u);
                    if (!has) fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, d, i, "%s (%s)", k->text, k->ref);
                }
            break;
        case FOGN_CK_DIVISIONS: {
            int n = 0;
            for (int d = 0; d < a->ndivs; d++) n += fogn_army_divf_match(c, &k->div, d);
            if (fogn_army_out_of(n, k->min, k->max))
                fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, -1, -1, "%s: %d division%s, the list allows %s (%s)",
                                     k->text, n, n == 1 ? "" : "s", fogn_army_bound_text(k->min, k->max, b, sizeof b),
                                     k->ref);
            break;
        }
        case FOGN_CK_IN_FIELDWORKS: {
            int nl = 0, ns = 0, fl = 0, fs = 0;
            for (int d = 0; d < a->ndivs; d++)
                for (int i = 0; i < a->divs[d].nunits; i++)
                    if (fogn_army_sel_match(c, &k->count, d, i)) {
                        if (fogn_list_is_large((fogn_arm)fogn_army_unit_arm(c, d, i), a->divs[d].units[i].bases)) nl++;
                        else ns++;
                    }
            for (int f = 0; f < a->nfw; f++) {
                if (a->fw[f] >= 3) fl++;
                else fs++;
            }
            if (nl > fl || nl + ns > fl + fs)
                fogn_army_add_breach(c, FOGN_AR_CONSTRAINT, -1, -1,
                                     "%s: %d large and %d small such units, %d large and %d small fieldworks (a small "
                                     "fieldwork holds only a small unit, §16) (%s)",
                                     k->text, nl, ns, fl, fs, k->ref);
            break;
        }
        default: break;
        }
    }
}
