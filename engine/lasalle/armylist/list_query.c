/* list_query.c - questions asked of a loaded book: the lists it holds and
 * their ids ("france-infantry-division-liberation"), nations, states, unit,
 * battery and brigade types by name, the special rules in force for a list,
 * and a subcommander's rating from his roll on his nation's table. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* the core box of army a serving theatre t, -1 */
static int core_of(const lasalle_list_army_type *A, int t)
{
    for (int c = 0; c < A->ncores; c++)
        if ((A->cores[c].theatres >> t) & 1u) return c;
    return -1;
}

int lasalle_list_nth(const lasalle_list_book *B, int i, lasalle_list_ref *out)
{
    int k = 0;
    for (int n = 0; n < B->nnations; n++)
        for (int a = 0; a < B->nations[n].narmies; a++)
            for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++) {
                int c = core_of(&B->nations[n].armies[a], t);
                if (c < 0) continue;
                if (k++ == i) {
                    *out = (lasalle_list_ref){n, a, t, c};
                    return 0;
                }
            }
    return -1;
}

int lasalle_list_count(const lasalle_list_book *B)
{
    lasalle_list_ref l;
    int n = 0;
    while (!lasalle_list_nth(B, n, &l)) n++;
    return n;
}

const char *lasalle_list_id(const lasalle_list_book *B, const lasalle_list_ref *l, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s-%s-%s", B->nations[l->nation].id, B->nations[l->nation].armies[l->army].id,
             lasalle_list_theatre_id(l->theatre));
    return buf;
}

int lasalle_list_find(const lasalle_list_book *B, const char *id, lasalle_list_ref *out, gr_error *err)
{
    lasalle_list_ref l;
    char buf[96], near[GR_ERROR_MAX - 120];
    size_t len = 0;
    near[0] = '\0';
    gr_error_clear(err);
    for (int i = 0; !lasalle_list_nth(B, i, &l); i++) {
        lasalle_list_id(B, &l, buf, sizeof buf);
        if (!strcmp(buf, id)) {
            *out = l;
            return 0;
        }
        size_t nl = strlen(B->nations[l.nation].id);
        if (!strncmp(buf, id, nl) && id[nl] == '-' && len < sizeof near)
            len += (size_t)snprintf(near + len, sizeof near - len, "%s%s", len ? ", " : "", buf);
    }
    if (len) return gr_error_set(err, "no army list \"%s\"; that nation's lists are %s", id, near);
    for (int n = 0; n < B->nnations && len < sizeof near; n++)
        len += (size_t)snprintf(near + len, sizeof near - len, "%s%s", n ? ", " : "", B->nations[n].id);
    return gr_error_set(err, "no army list \"%s\"; a list id is NATION-ARMYTYPE-THEATRE, the nations are %s", id, near);
}

int lasalle_list_find_nation(const lasalle_list_book *B, const char *id)
{
    for (int n = 0; id && n < B->nnations; n++)
        if (!strcmp(B->nations[n].id, id)) return n;
    return -1;
}

int lasalle_list_find_state(const lasalle_list_book *B, const char *id)
{
    for (int s = 0; id && s < B->nstates; s++)
        if (!strcmp(B->states[s].id, id)) return s;
    return -1;
}

static bool named(const char *name, const char aliases[][LASALLE_LIST_NAME], const char *s)
{
    if (lasalle_list_name_eq(name, s)) return true;
    for (int k = 0; k < LASALLE_LIST_MAX_ALIASES; k++)
        if (aliases[k][0] && lasalle_list_name_eq(aliases[k], s)) return true;
    return false;
}

int lasalle_list_find_unit(const lasalle_list_nation *N, const char *name)
{
    for (int u = 0; name && u < N->nunits; u++)
        if (named(N->units[u].name, N->units[u].aliases, name)) return u;
    return -1;
}

int lasalle_list_find_battery(const lasalle_list_nation *N, const char *name, int t)
{
    for (int b = 0; name && b < N->nbatteries; b++)
        if ((t < 0 || ((N->batteries[b].theatres >> t) & 1u)) &&
            named(N->batteries[b].name, N->batteries[b].aliases, name))
            return b;
    return -1;
}

int lasalle_list_find_brigade(const lasalle_list_nation *N, const char *name, int t)
{
    for (int b = 0; name && b < N->nbrigades; b++)
        if ((t < 0 || ((N->brigades[b].theatres >> t) & 1u)) &&
            (!*name || lasalle_list_name_eq(N->brigades[b].name, name)))
            return b;
    return -1;
}

const lasalle_list_rule *lasalle_list_rule_find(const lasalle_list_nation *N, int army, int theatre, int role, int kind)
{
    for (int i = 0; i < N->nrules; i++) {
        const lasalle_list_rule *r = &N->rules[i];
        if (r->kind != kind || !((r->theatres >> theatre) & 1u)) continue;
        if (r->armies && (army < 0 || !((r->armies >> army) & 1u))) continue;
        if (r->role >= 0 && role >= 0 && r->role != role) continue;
        return r;
    }
    return NULL;
}

bool lasalle_list_rule_names_unit(const lasalle_list_rule *r, int unit)
{
    if (!r->nunits) return true;
    for (int i = 0; i < r->nunits; i++)
        if (r->units[i] == unit) return true;
    return false;
}

int lasalle_list_roll_mod(const lasalle_list_nation *N, int army, int theatre, bool tactics)
{
    int add = 0;
    for (int i = 0; i < N->sub.nmods; i++) {
        const lasalle_list_sub_mod *m = &N->sub.mods[i];
        if (!(tactics ? m->tactics : m->vigor) || !((m->theatres >> theatre) & 1u)) continue;
        if (m->armies && (army < 0 || !((m->armies >> army) & 1u))) continue;
        add += m->add;
    }
    return add;
}

static int face(int roll)
{
    return roll < 1 ? 1 : roll > 6 ? 6 : roll;
}

int lasalle_list_vigor(const lasalle_list_nation *N, int army, int theatre, int roll)
{
    return N->sub.vigor[face(roll + lasalle_list_roll_mod(N, army, theatre, false)) - 1];
}

int lasalle_list_tactics(const lasalle_list_nation *N, int army, int theatre, int roll)
{
    return N->sub.tactics[face(roll + lasalle_list_roll_mod(N, army, theatre, true)) - 1];
}

bool lasalle_list_brigade_is_cavalry(const lasalle_list_nation *N, const lasalle_list_brigade *b)
{
    bool cav = false;
    for (int i = 0; i < b->nitems; i++) {
        if (b->items[i].kind != LASALLE_LIST_ITEM_UNIT) continue;
        if (N->units[b->items[i].type].arm != LASALLE_LIST_ARM_CAV) return false;
        cav = true;
    }
    return cav;
}
