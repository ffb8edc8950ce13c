/* armylist_check.c - the army validator, fogn_army_check: it resolves every
 * unit's entry, row and section, then runs its passes in a fixed order
 * (cost, commanders, units and §3.3 division composition, entry and row
 * minima and maxima, attachments, the list's constraints, fieldworks) and
 * collects every breach, up to FOGN_ARMY_MAX_BREACHES, each naming its
 * division and unit. Also the queries about an army that all passes share. */
#include "armylist_internal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- queries the passes share -------------------------------------------------------------- */

/* "division 2 "Light" (Craufurd), unit 3 "British Infantry" row "Avg Vet"" */
static void where(const fogn_army_chk *c, int d, int u, char *buf, size_t cap)
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

void fogn_army_add_breach(fogn_army_chk *c, int rule, int d, int u, const char *fmt, ...)
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

const fogn_list_row *fogn_army_unit_row(const fogn_army_chk *c, int d, int i)
{
    int e = c->e[d][i], r = c->row[d][i];
    return (e >= 0 && r >= 0) ? &c->L->entries[e].rows[r] : NULL;
}

/* the arm of a unit, -1 when its entry or row is unknown */
int fogn_army_unit_arm(const fogn_army_chk *c, int d, int i)
{
    const fogn_list_row *r = fogn_army_unit_row(c, d, i);
    return r ? (int)fogn_list_type_arm((fogn_list_type)r->type) : -1;
}

bool fogn_army_sel_match(const fogn_army_chk *c, const fogn_list_sel *s, int d, int i)
{
    const fogn_list_row *row = fogn_army_unit_row(c, d, i);
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
    if (s->large >= 0 && fogn_list_is_large(arm, c->a->divs[d].units[i].bases) != (s->large == 1)) return false;
    if (s->core >= 0 && en->core != (s->core == 1)) return false;
    if (s->allied >= 0 && (en->section != 0) != (s->allied == 1)) return false;
    return true;
}

/* attachments of the types in mask held by division d (on units and in its pool) */
int fogn_army_div_atts(const fogn_army_chk *c, int d, uint32_t mask)
{
    const fogn_army_div *dv = &c->a->divs[d];
    int n = 0;
    for (int i = 0; i < dv->nunits; i++)
        for (int k = 0; k < dv->units[i].natt; k++) n += (mask >> dv->units[i].att[k]) & 1u;
    for (int k = 0; k < dv->npool; k++) n += (mask >> dv->pool[k]) & 1u;
    return n;
}

/* units (or bases) matching s in division d, plus attachments of the types in atts */
int fogn_army_count_div(const fogn_army_chk *c, const fogn_list_sel *s, int d, bool bases, uint32_t atts)
{
    const fogn_army_div *dv = &c->a->divs[d];
    int n = 0;
    for (int i = 0; i < dv->nunits; i++)
        if (fogn_army_sel_match(c, s, d, i)) n += bases ? dv->units[i].bases : 1;
    return n + (atts ? fogn_army_div_atts(c, d, atts) : 0);
}

bool fogn_army_div_has(const fogn_army_chk *c, const fogn_list_sel *s, int d)
{
    for (int i = 0; i < c->a->divs[d].nunits; i++)
        if (fogn_army_sel_match(c, s, d, i)) return true;
    return false;
}

bool fogn_army_divf_match(const fogn_army_chk *c, const fogn_list_divf *f, int d)
{
    if (f->kinds && !((f->kinds >> c->a->divs[d].kind) & 1u)) return false;
    if (f->allied >= 0 && (c->sec[d] != 0) != (f->allied == 1)) return false;
    if (f->has_when && !fogn_army_div_has(c, &f->when, d)) return false;
    if (f->has_lacks && fogn_army_div_has(c, &f->lacks, d)) return false;
    return true;
}

const char *fogn_army_sec_name(const fogn_army_chk *c, int s)
{
    return s == 0 ? c->L->name : c->L->allies[s - 1].name;
}

const char *fogn_army_bound_text(int min, int max, char *buf, size_t cap)
{
    if (min >= 0 && max >= 0 && min == max) snprintf(buf, cap, "exactly %d", min);
    else if (min > 0 && max >= 0) snprintf(buf, cap, "%d to %d", min, max);
    else if (max >= 0) snprintf(buf, cap, "at most %d", max);
    else snprintf(buf, cap, "at least %d", min);
    return buf;
}

bool fogn_army_out_of(int n, int min, int max)
{
    return (min >= 0 && n < min) || (max >= 0 && n > max);
}

/* --- the passes kept here ------------------------------------------------------------------ */

/* pass 1 of fogn_army_check: resolve names and sections */
static void resolve(fogn_army_chk *c)
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
                    fogn_army_add_breach(c, FOGN_AR_ALLIED, d, -1, "the %s takes no allied divisions (%s)", L->name,
                                         L->ref);
                else
                    fogn_army_add_breach(c, FOGN_AR_ALLIED, d, -1,
                                         "allied division of an unknown ally \"%s\" (the list's allies: %s%s%s)",
                                         dv->ally, L->allies[0].id, L->nallies > 1 ? ", " : "",
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
                fogn_army_add_breach(c, FOGN_AR_UNKNOWN, d, i, "the %s has no entry called \"%s\" (%s)", L->name,
                                     u->entry, L->ref);
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
                    fogn_army_add_breach(c, FOGN_AR_UNKNOWN, d, i, "\"%s\" has no row \"%s\"; its rows are %s (%s)",
                                         en->name, u->row, rows, L->ref);
                else
                    fogn_army_add_breach(c, FOGN_AR_UNKNOWN, d, i, "\"%s\" has several rows; name one of %s (%s)",
                                         en->name, rows, L->ref);
            }
            c->row[d][i] = r;
            if (en->section) c->used[en->section] = true;
        }
    }
}

/* pass 3 of fogn_army_check: commanders (§3.4, §19) */
static void check_commanders(fogn_army_chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    char b[40];
    if (!a->has_corps)
        fogn_army_add_breach(c, FOGN_AR_CORPS, -1, -1, "no corps commander: the army needs exactly one (%s)", L->ref);
    else if (!((L->corps_q >> a->corps.quality) & 1u))
        fogn_army_add_breach(c, FOGN_AR_CORPS, -1, -1,
                             "corps commander%s%s%s: the %s offers no %s corps commander (%s)",
                             a->corps.name[0] ? " \"" : "", a->corps.name, a->corps.name[0] ? "\"" : "", L->name,
                             fogn_list_quality_names[a->corps.quality], L->ref);
    int ndivs = 0;
    for (int d = 0; d < a->ndivs; d++) ndivs += c->sec[d] == 0 || FOGN_LIST_ALLIED_DIVS_COUNT;
    if (fogn_army_out_of(ndivs, L->div_min, L->div_max))
        fogn_army_add_breach(c, FOGN_AR_DIVISIONS, -1, -1, "%d divisions, the list allows %s (%s)", ndivs,
                             fogn_army_bound_text(L->div_min, L->div_max, b, sizeof b), L->ref);
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
                fogn_army_add_breach(c, FOGN_AR_CMDR, -1, -1, "%d %s division commander%s: the %s offers none (%s)",
                                     nq[q], fogn_list_quality_names[q], nq[q] > 1 ? "s" : "", fogn_army_sec_name(c, s),
                                     L->ref);
            else
                fogn_army_add_breach(c, FOGN_AR_CMDR, -1, -1,
                                     "%d %s division commanders: the %s allows at most %d (%s)", nq[q],
                                     fogn_list_quality_names[q], fogn_army_sec_name(c, s), qmax[q], L->ref);
        }
        if (s > 0) {
            const fogn_list_ally *A = &L->allies[s - 1];
            if (nd > A->div_max || (c->used[s] && nd < A->div_min))
                fogn_army_add_breach(c, FOGN_AR_ALLIED, -1, -1, "%d divisions of the %s, the list allows %s (%s)",
                                     nd, A->name,
                                     fogn_army_bound_text(c->used[s] ? A->div_min : 0, A->div_max, b, sizeof b),
                                     L->ref);
        }
    }
    int nch = a->has_corps && a->corps.charismatic;
    for (int d = 0; d < a->ndivs; d++) nch += a->divs[d].cmdr.charismatic;
    if (fogn_army_out_of(nch, L->charismatic_min, L->charismatic_max))
        fogn_army_add_breach(c, FOGN_AR_CHARISMATIC, -1, -1, "%d charismatic commanders, the list allows %s (%s)", nch,
                             fogn_army_bound_text(L->charismatic_min, L->charismatic_max, b, sizeof b), L->ref);
}

static void sizes_text(uint8_t sizes, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    int k = 0;
    for (int s = 1; s < 8 && n < cap; s++)
        if ((sizes >> s) & 1u) n += (size_t)snprintf(buf + n, cap - n, "%s%d", k++ ? " or " : "", s);
}

/* pass 4 of fogn_army_check: units: size, section, §3.3 composition, mixed divisions */
static void check_units(fogn_army_chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    int nmixed = 0;
    char b[40];
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        int n[3] = {0}, nhorse = 0;
        for (int i = 0; i < dv->nunits; i++) {
            const fogn_list_row *row = fogn_army_unit_row(c, d, i);
            if (!row) continue;
            const fogn_list_entry *en = &L->entries[c->e[d][i]];
            fogn_arm arm = fogn_list_type_arm((fogn_list_type)row->type);
            n[arm]++;
            nhorse += row->type == FOGN_LT_HORSE_ART;
            int bases = dv->units[i].bases;
            if (bases < 1 || bases > 7 || !((row->sizes >> bases) & 1u)) {
                sizes_text(row->sizes, b, sizeof b);
                fogn_army_add_breach(c, FOGN_AR_UNIT_SIZE, d, i,
                                     "%d bases, the list sells this row in units of %s (%s)", bases, b, L->ref);
            }
            int s = c->sec[d];
            if (s == 0 && en->section != 0) {
                const fogn_list_ally *A = &L->allies[en->section - 1];
                if (!(A->has_guests && fogn_army_sel_match(c, &A->guests, d, i) && ((A->guest_kinds >> dv->kind) & 1u)))
                    fogn_army_add_breach(c, FOGN_AR_ALLIED, d, i,
                                         "a unit of the %s serves only in a division of the %s%s (%s)", A->name,
                                         A->name, A->has_guests ? " (or as a guest the list allows)" : "", L->ref);
            } else if (s > 0 && en->section != s) {
                fogn_army_add_breach(c, FOGN_AR_ALLIED, d, i, "a division of the %s holds only units of the %s (%s)",
                                     fogn_army_sec_name(c, s), fogn_army_sec_name(c, s), L->ref);
            }
        }
        int inf = n[FOGN_ARM_INF], cav = n[FOGN_ARM_CAV], art = n[FOGN_ARM_ART];
        switch (dv->kind) {
        case FOGN_DIV_INFANTRY:
            if (cav)
                fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1,
                                     "an infantry division holds no cavalry, this one has %d unit%s (§3.3)", cav,
                                     cav > 1 ? "s" : "");
            if (dv->nunits < FOGN_LIST_DIV_INF_MIN_UNITS)
                fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1,
                                     "an infantry division has at least %d units, this one %d (§3.3)",
                                     FOGN_LIST_DIV_INF_MIN_UNITS, dv->nunits);
            break;
        case FOGN_DIV_CAVALRY:
            if (inf)
                fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1,
                                     "a cavalry division holds no infantry, this one has %d unit%s (§3.3)", inf,
                                     inf > 1 ? "s" : "");
            if (cav < FOGN_LIST_DIV_CAV_MIN_UNITS)
                fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1,
                                     "a cavalry division has at least %d cavalry units, this one %d (§3.3)",
                                     FOGN_LIST_DIV_CAV_MIN_UNITS, cav);
            if (art > nhorse)
                fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1,
                                     "a cavalry division's artillery must be horse artillery (§3.3)");
            break;
        default:
            if (inf < FOGN_LIST_DIV_MIXED_MIN_INF || cav < FOGN_LIST_DIV_MIXED_MIN_CAV ||
                inf > FOGN_LIST_DIV_MIXED_MAX_EACH || cav > FOGN_LIST_DIV_MIXED_MAX_EACH)
                fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1,
                                     "a mixed division has %d to %d infantry units and %d to %d cavalry units, "
                                     "this one %d and %d (§3.3)",
                                     FOGN_LIST_DIV_MIXED_MIN_INF, FOGN_LIST_DIV_MIXED_MAX_EACH,
                                     FOGN_LIST_DIV_MIXED_MIN_CAV, FOGN_LIST_DIV_MIXED_MAX_EACH, inf, cav);
            if (c->sec[d] == 0) nmixed++;
            break;
        }
        if (art > FOGN_LIST_DIV_MAX_ART)
            fogn_army_add_breach(c, FOGN_AR_DIV_KIND, d, -1, "%d artillery units, a division has at most %d (§3.3)",
                                 art, FOGN_LIST_DIV_MAX_ART);
        if (c->sec[d] > 0 && !((L->allies[c->sec[d] - 1].div_kinds >> dv->kind) & 1u))
            fogn_army_add_breach(c, FOGN_AR_ALLIED, d, -1, "the %s may not form a %s division (%s)",
                                 fogn_army_sec_name(c, c->sec[d]), fogn_list_kind_names[dv->kind], L->ref);
    }
    if (fogn_army_out_of(nmixed, L->mixed_min, L->mixed_max))
        fogn_army_add_breach(c, FOGN_AR_MIXED, -1, -1,
                             "%d mixed divisions (not counting allied ones), the list allows %s (%s)", nmixed,
                             fogn_army_bound_text(L->mixed_min, L->mixed_max, b, sizeof b), L->ref);
}

/* pass 5 of fogn_army_check: entries and rows: minima and maxima in bases, counted as bought */
_Static_assert(FOGN_LIST_COUNT_ATTACHMENTS == 0, "entries and rows count bought bases only");
static void check_entries(fogn_army_chk *c)
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
            const fogn_list_row *row = fogn_army_unit_row(c, d, i);
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
            fogn_army_add_breach(c, FOGN_AR_ENTRY_MIN, -1, -1,
                                 "entry \"%s\": %d bases%s, the list requires at least %d (%s)", en->name, entb[e],
                                 extra ? " (with allied bases counted)" : "", en->min, L->ref);
        for (int r = 0; r < en->nrows; r++) {
            const fogn_list_row *row = &en->rows[r];
            int rextra = en->section == 0 ? allyarm[fogn_list_type_arm((fogn_list_type)row->type)] : 0;
            if (mins && row->min > 0 && rowb[e][r] + rextra < row->min)
                fogn_army_add_breach(c, FOGN_AR_ROW_MIN, -1, -1,
                                     "entry \"%s\" row \"%s\": %d bases%s, the list requires at least %d (%s)",
                                     en->name, row->name, rowb[e][r], rextra ? " (with allied bases counted)" : "",
                                     row->min, L->ref);
        }
    }
    /* maxima: reported at the unit that first goes over */
    memset(rowb, 0, sizeof rowb);
    memset(entb, 0, sizeof entb);
    for (int d = 0; d < a->ndivs; d++)
        for (int i = 0; i < a->divs[d].nunits; i++) {
            const fogn_list_row *row = fogn_army_unit_row(c, d, i);
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
                fogn_army_add_breach(c, FOGN_AR_ROW_MAX, d, i,
                                     "the row comes to %d bases, the list allows at most %d (%s)", total, row->max,
                                     L->ref);
            }
            if (ent_was_ok && en->max >= 0 && entb[e] > en->max) {
                int total = 0;
                for (int d2 = 0; d2 < a->ndivs; d2++)
                    for (int i2 = 0; i2 < a->divs[d2].nunits; i2++)
                        if (c->e[d2][i2] == e) total += a->divs[d2].units[i2].bases;
                fogn_army_add_breach(c, FOGN_AR_ENTRY_MAX, d, i,
                                     "entry \"%s\" comes to %d bases, the list allows at most %d (%s)", en->name, total,
                                     en->max, L->ref);
            }
        }
}

/* pass 8 of fogn_army_check: fieldworks (§16, §15.5) */
static void check_fieldworks(fogn_army_chk *c)
{
    const fogn_army_list *L = c->L;
    const fogn_army *a = c->a;
    if (!a->nfw) return;
    if (!L->has_fieldworks) {
        fogn_army_add_breach(c, FOGN_AR_FIELDWORKS, -1, -1, "%d fieldworks, but the %s sells none (%s)", a->nfw,
                             L->name, L->ref);
        return;
    }
    int n = 0;
    for (int f = 0; f < a->nfw; f++) {
        n += a->fw[f];
        if (!((L->fw_sizes >> a->fw[f]) & 1u))
            fogn_army_add_breach(c, FOGN_AR_FIELDWORKS, -1, -1, "fieldwork %d: the list sells no %s fieldworks (%s)",
                                 f + 1, a->fw[f] >= 3 ? "large" : "small", L->ref);
    }
    if (n > L->fw_max)
        fogn_army_add_breach(c, FOGN_AR_FIELDWORKS, -1, -1,
                             "fieldworks of %d \"bases\" in all, the list allows at most %d (%s)", n, L->fw_max,
                             L->ref);
}

int fogn_army_check(const fogn_army_list *L, const fogn_army *a, fogn_army_report *r)
{
    assert(L && a && r);
    memset(r, 0, sizeof *r);
    fogn_army_chk *c = calloc(1, sizeof *c);
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
    fogn_army_check_cost(c);
    check_commanders(c);
    check_units(c);
    check_entries(c);
    fogn_army_check_attachments(c);
    fogn_army_check_constraints(c);
    check_fieldworks(c);
    int n = r->nbreaches + r->dropped;
    free(c);
    return n;
}
