/* army_check.c - the checker's driver and its first passes: the list and
 * the commander, the core list with the attacker's bonus (K p.93), and the
 * core Forces, one per core subcommander with at least 2 units each (K
 * p.95). The other passes live in army_check_support.c (support brigades),
 * army_check_units.c (unit types, values, subcommanders) and
 * army_check_options.c (set-up options and SK bases). Every breach names
 * the Force and unit it concerns and the page that sets the limit. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const rule_names[LASALLE_ARMY_R_COUNT] = {
    "list",          "commander",      "core list",   "forces",     "force size",   "support count",
    "support offer", "once only",      "composition", "unit",       "subcommander", "irregular",
    "independent",   "half battalion", "skirmishers", "entrenched", "exchange",     "engineers"};

const char *lasalle_army_rule_name(int rule)
{
    return (rule >= 0 && rule < LASALLE_ARMY_R_COUNT) ? rule_names[rule] : "?";
}

void lasalle_army_chk_add(lasalle_army_chk *c, int rule, int f, int u, const char *fmt, ...)
{
    lasalle_army_report *r = c->r;
    if (r->nbreaches >= LASALLE_ARMY_MAX_BREACHES) {
        r->dropped++;
        return;
    }
    lasalle_army_breach *b = &r->b[r->nbreaches++];
    b->rule = rule;
    b->force = f;
    b->unit = u;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->msg, sizeof b->msg, fmt, ap);
    va_end(ap);
}

int lasalle_army_chk_row(int f)
{
    return f == LASALLE_ARMY_INDEP ? LASALLE_ARMY_CHK_INDEP : f;
}

const lasalle_army_unit *lasalle_army_chk_unit(const lasalle_army_chk *c, int f, int u)
{
    return f == LASALLE_ARMY_INDEP ? &c->a->indep[u] : &c->a->forces[f].units[u];
}

const char *lasalle_army_chk_force_name(const lasalle_army_chk *c, int f, char *buf, size_t cap)
{
    const char *n = c->a->forces[f].name;
    snprintf(buf, cap, "Force %d%s%s%s", f + 1, *n ? " (\"" : "", n, *n ? "\")" : "");
    return buf;
}

const char *lasalle_army_chk_unit_name(const lasalle_army_chk *c, int f, int u, char *buf, size_t cap)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, u);
    char lab[LASALLE_LIST_NAME + 4] = "";
    if (x->name[0]) snprintf(lab, sizeof lab, " \"%s\"", x->name);
    if (f == LASALLE_ARMY_INDEP)
        snprintf(buf, cap, "independent unit %d%s (%s)", u + 1, lab, x->type);
    else
        snprintf(buf, cap, "Force %d, unit %d%s (%s)", f + 1, u + 1, lab, x->type);
    return buf;
}

/* --- the core list ------------------------------------------------------------------------------ */

/* the units of the core Forces and the independents, for the matcher */
static int core_units(const lasalle_army_chk *c, lasalle_list_slot *u, int *from_f, int *from_u)
{
    int n = 0;
    for (int f = -1; f < c->a->nforces; f++) {
        int ff = f < 0 ? LASALLE_ARMY_INDEP : f;
        if (f >= 0 && c->a->forces[f].support) continue;
        int nu = f < 0 ? c->a->nindep : c->a->forces[f].nunits;
        for (int i = 0; i < nu; i++) {
            const lasalle_army_unit *x = lasalle_army_chk_unit(c, ff, i);
            u[n] = (lasalle_list_slot){x->battery ? LASALLE_LIST_ITEM_BATTERY : LASALLE_LIST_ITEM_UNIT,
                                       c->type[lasalle_army_chk_row(ff)][i], x->large};
            from_f[n] = ff;
            from_u[n++] = i;
        }
    }
    return n;
}

/* one line whose count differs from the book's */
static void core_line_breach(lasalle_army_chk *c, const lasalle_list_item *line, int have, int base)
{
    const lasalle_list_core *core = &c->N->armies[c->l.army].cores[c->l.core];
    bool att = c->a->role == LASALLE_LIST_ROLE_ATTACKER;
    int bonus = line->n - base;
    char t[160], b[160];
    lasalle_list_item_text(c->N, line, line->n, t, sizeof t);
    if (att && bonus > 0 && base > 0)
        snprintf(b, sizeof b, " (%d in the core list, %d in the attacker's bonus)", base, bonus);
    else if (att && bonus > 0)
        snprintf(b, sizeof b, " (the attacker's bonus)");
    else
        b[0] = '\0';
    if (have < line->n) {
        lasalle_army_chk_add(c, LASALLE_ARMY_R_CORE, -1, -1, "the list needs %s%s; the army has %d (%s)", t, b, have,
                             core->ref);
        return;
    }
    lasalle_list_item full[LASALLE_LIST_MAX_ITEMS + LASALLE_LIST_MAX_BONUS];
    int nf = lasalle_list_core_lines(core, true, full, LASALLE_LIST_COUNT(full)), extra = -1;
    for (int k = 0; k < nf; k++)
        if (lasalle_list_item_same(&full[k], line)) extra = full[k].n - line->n;
    if (!att && extra > 0 && have <= line->n + extra)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_CORE, -1, -1,
                             "the army has %d where the core list has %s: the attacker's bonus (%d more) is added only "
                             "when attacking (%s)",
                             have, t, extra, LASALLE_ARMY_REF_CORE);
    else
        lasalle_army_chk_add(c, LASALLE_ARMY_R_CORE, -1, -1, "the list allows %s%s; the army has %d (%s)", t, b, have,
                             core->ref);
}

static void check_core(lasalle_army_chk *c)
{
    const lasalle_list_core *core = &c->N->armies[c->l.army].cores[c->l.core];
    lasalle_list_item lines[LASALLE_LIST_MAX_ITEMS + LASALLE_LIST_MAX_BONUS], base[LASALLE_LIST_MAX_ITEMS];
    int nl = lasalle_list_core_lines(core, c->a->role == LASALLE_LIST_ROLE_ATTACKER, lines, LASALLE_LIST_COUNT(lines));
    int nb = lasalle_list_core_lines(core, false, base, LASALLE_LIST_COUNT(base));
    lasalle_list_slot u[LASALLE_ARMY_MAX_UNITS * LASALLE_ARMY_MAX_FORCES + LASALLE_ARMY_MAX_INDEP];
    int from_f[LASALLE_LIST_COUNT(u)], from_u[LASALLE_LIST_COUNT(u)];
    int n = core_units(c, u, from_f, from_u);
    lasalle_list_match m;
    lasalle_list_match_units(lines, nl, u, n, &m);
    char name[160], army[120];
    snprintf(army, sizeof army, "the %s core list in the %s theatre", c->N->armies[c->l.army].name,
             lasalle_list_theatre_words[c->l.theatre]);
    for (int i = 0; i < n; i++)
        if (m.line[i] < 0 && u[i].type >= 0)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_CORE, from_f[i], from_u[i], "%s%s is not in %s (%s)",
                                 lasalle_army_chk_unit_name(c, from_f[i], from_u[i], name, sizeof name),
                                 u[i].large ? ", large," : "", army, core->ref);
    for (int k = 0; k < nl; k++) {
        if (m.have[k] == lines[k].n) continue;
        int b = 0;
        for (int j = 0; j < nb; j++)
            if (lasalle_list_item_same(&base[j], &lines[k])) b = base[j].n;
        core_line_breach(c, &lines[k], m.have[k], b);
    }
}

/* one core Force per core subcommander: 2 when attacking, 1 when defending */
static void check_forces(lasalle_army_chk *c)
{
    int ncore = 0, want = c->a->role == LASALLE_LIST_ROLE_ATTACKER ? 2 : 1;
    char name[120];
    for (int f = 0; f < c->a->nforces; f++) {
        const lasalle_army_force *F = &c->a->forces[f];
        if (F->support) continue;
        ncore++;
        if (F->nunits < 2)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_FORCE_SIZE, f, -1, "%s has %d unit%s; a Force needs at least 2 (%s)",
                                 lasalle_army_chk_force_name(c, f, name, sizeof name), F->nunits,
                                 F->nunits == 1 ? "" : "s", LASALLE_ARMY_REF_FORCES);
    }
    if (ncore != want)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_FORCES, -1, -1,
                             "%s army has %d core Force%s, one per core subcommander (%s); the army has %d (%s)",
                             want == 2 ? "an attacking" : "a defending", want, want == 1 ? "" : "s",
                             want == 2 ? "the attacker's bonus adds the second"
                                       : "the attacker's bonus would add a second",
                             ncore, LASALLE_ARMY_REF_CORE);
}

/* the army's morale total at the start and what its reserves will add (F p.66) */
static void morale(lasalle_army_chk *c)
{
    for (int f = -1; f < c->a->nforces; f++) {
        int ff = f < 0 ? LASALLE_ARMY_INDEP : f;
        int nu = f < 0 ? c->a->nindep : c->a->forces[f].nunits;
        bool reserve = f >= 0 && c->a->forces[f].support &&
            (c->a->forces[f].kind == LASALLE_LIST_SUP_RESERVE ||
             (c->a->forces[f].kind == LASALLE_LIST_SUP_ALLIED && c->a->forces[f].reserve));
        for (int i = 0; i < nu; i++) {
            lasalle_army_stats s;
            gr_error err;
            if (lasalle_army_unit_stats(c->B, c->a, ff, i, &s, &err)) continue;
            if (reserve)
                c->r->reserve_morale += s.morale;
            else
                c->r->morale += s.morale;
        }
    }
}

int lasalle_army_check(const lasalle_list_book *B, const lasalle_army *a, lasalle_army_report *r)
{
    memset(r, 0, sizeof *r);
    lasalle_army_chk c;
    memset(&c, 0, sizeof c);
    c.B = B;
    c.a = a;
    c.r = r;
    gr_error err;
    if (lasalle_list_find(B, a->list, &c.l, &err)) {
        lasalle_army_chk_add(&c, LASALLE_ARMY_R_LIST, -1, -1, "%s", err.msg);
        return r->nbreaches;
    }
    c.N = &B->nations[c.l.nation];
    if (!a->has_commander)
        lasalle_army_chk_add(&c, LASALLE_ARMY_R_COMMANDER, -1, -1,
                             "the army has no commander; every list begins with one (%s)", LASALLE_ARMY_REF_CORE);
    lasalle_army_chk_resolve(&c);
    check_core(&c);
    check_forces(&c);
    lasalle_army_chk_support(&c);
    lasalle_army_chk_subcommanders(&c);
    lasalle_army_chk_options(&c);
    lasalle_army_chk_skirmish(&c);
    morale(&c);
    return r->nbreaches + r->dropped;
}
