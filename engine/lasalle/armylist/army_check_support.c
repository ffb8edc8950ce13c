/* army_check_support.c - the checker's pass over support brigades (K p.94):
 * no more than the support choices the players agreed; each brigade offered
 * by the list, as that kind (organic, reserve, allied), in its theatre;
 * brigades marked (1) taken once; allied brigades from a state the list
 * names, on the table unless the list sends that state's cavalry as a
 * reserve; and each brigade's units exactly its composition. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* the list's offer of this brigade (or state) as this kind in its theatre, -1 */
static int offer_of(const lasalle_army_chk *c, int kind, int target)
{
    const lasalle_list_army_type *A = &c->N->armies[c->l.army];
    for (int k = 0; k < A->noffers; k++)
        if (A->offers[k].kind == kind && A->offers[k].target == target &&
            ((A->offers[k].theatres >> c->l.theatre) & 1u))
            return k;
    return -1;
}

/* a brigade (or state) the list does not offer as the Force claims */
static void check_offer(lasalle_army_chk *c, int f)
{
    const lasalle_army_force *F = &c->a->forces[f];
    const lasalle_list_army_type *A = &c->N->armies[c->l.army];
    char name[120], where[120];
    lasalle_army_chk_force_name(c, f, name, sizeof name);
    snprintf(where, sizeof where, "the %s %s in the %s theatre", c->N->adjective, A->name,
             lasalle_list_theatre_words[c->l.theatre]);
    if (F->kind == LASALLE_LIST_SUP_ALLIED) {
        int s = lasalle_list_find_state(c->B, F->state);
        int had = c->brigade[f];
        c->brigade[f] = -1; /* the composition is checked only for a brigade the list offers */
        if (!c->N->allies)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1, "%s: %s may not take allied brigades (%s)",
                                 name, c->N->name, c->N->ref);
        else if (s < 0)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1, "%s: there is no minor state \"%s\" (%s)",
                                 name, F->state, c->B->states[0].ref);
        else if (offer_of(c, LASALLE_LIST_SUP_ALLIED, s) < 0)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1,
                                 "%s: %s brigades are not an allied choice of %s (%s)", name, c->B->states[s].adjective,
                                 where, A->ref);
        else if (had < 0)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1,
                                 "%s: %s has no \"%s\" brigade in the %s theatre (%s)", name, c->B->states[s].name,
                                 F->brigade, lasalle_list_theatre_words[c->l.theatre], c->B->states[s].ref);
        else
            c->brigade[f] = had;
        return;
    }
    if (F->kind == LASALLE_LIST_SUP_RESERVE && !c->N->reserves) {
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1, "%s: %s has no reserve brigades (%s)", name,
                             c->N->name, c->N->refs_rules);
        return;
    }
    int any = lasalle_list_find_brigade(c->N, F->brigade, -1);
    if (any < 0) {
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1, "%s: %s has no \"%s\" brigade (%s)", name,
                             c->N->name, F->brigade, c->N->refs_compositions);
        return;
    }
    if (c->brigade[f] < 0 || offer_of(c, F->kind, c->brigade[f]) < 0) {
        int other = c->brigade[f] < 0
            ? -1
            : offer_of(c, F->kind == LASALLE_LIST_SUP_ORGANIC ? LASALLE_LIST_SUP_RESERVE : LASALLE_LIST_SUP_ORGANIC,
                       c->brigade[f]);
        lasalle_army_chk_add(
            c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1, "%s: the %s brigade is not %s %s choice of %s%s%s (%s)", name,
            F->brigade, F->kind == LASALLE_LIST_SUP_ORGANIC ? "an" : "a", lasalle_list_support_name(F->kind), where,
            other >= 0 ? "; it is " : "",
            other >= 0 ? (F->kind == LASALLE_LIST_SUP_ORGANIC ? "a reserve choice" : "an organic choice") : "", A->ref);
        c->brigade[f] = -1;
    }
}

/* an allied brigade is on the table from the start, unless the list sends it as a reserve */
static void check_reserve(lasalle_army_chk *c, int f)
{
    const lasalle_army_force *F = &c->a->forces[f];
    if (F->kind != LASALLE_LIST_SUP_ALLIED || !c->fn[f] || c->brigade[f] < 0) return;
    const lasalle_list_rule *r =
        lasalle_list_rule_find(c->N, c->l.army, c->l.theatre, c->a->role, LASALLE_LIST_RULE_ALLIED_CAVALRY_RESERVE);
    bool named = false;
    for (int i = 0; r && i < r->nstates; i++) named = named || !strcmp(r->states[i], F->state);
    bool must = named && lasalle_list_brigade_is_cavalry(c->fn[f], &c->fn[f]->brigades[c->brigade[f]]);
    char name[120];
    lasalle_army_chk_force_name(c, f, name, sizeof name);
    if (must && !F->reserve)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1,
                             "%s: a %s cavalry brigade joins the %s %s only as a reserve (\"reserve\": true) (%s)",
                             name, c->fn[f]->adjective, c->N->adjective, c->N->armies[c->l.army].name, r->ref);
    else if (!must && F->reserve)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_OFFER, f, -1, "%s: an allied brigade starts on the table (%s)",
                             name, LASALLE_ARMY_REF_SUPPORT);
}

/* a brigade's units against its composition */
static void check_composition(lasalle_army_chk *c, int f)
{
    const lasalle_army_force *F = &c->a->forces[f];
    const lasalle_list_nation *S = c->fn[f];
    if (!S || c->brigade[f] < 0) return;
    const lasalle_list_brigade *g = &S->brigades[c->brigade[f]];
    lasalle_list_slot u[LASALLE_ARMY_MAX_UNITS];
    for (int i = 0; i < F->nunits; i++)
        u[i] = (lasalle_list_slot){F->units[i].battery ? LASALLE_LIST_ITEM_BATTERY : LASALLE_LIST_ITEM_UNIT,
                                   c->type[f][i], F->units[i].large};
    lasalle_list_match m;
    lasalle_list_match_units(g->items, g->nitems, u, F->nunits, &m);
    char name[160], t[160];
    for (int i = 0; i < F->nunits; i++)
        if (m.line[i] < 0 && u[i].type >= 0)
            lasalle_army_chk_add(
                c, LASALLE_ARMY_R_COMPOSITION, f, i, "%s%s is not in the %s brigade, whose units may not change (%s)",
                lasalle_army_chk_unit_name(c, f, i, name, sizeof name), u[i].large ? ", large," : "", g->name, g->ref);
    lasalle_army_chk_force_name(c, f, name, sizeof name);
    for (int k = 0; k < g->nitems; k++) {
        const lasalle_list_item *it = &g->items[k];
        if (it->kind == LASALLE_LIST_ITEM_SK) continue;
        lasalle_list_item_text(S, it, it->n, t, sizeof t);
        if (m.have[k] != it->n)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_COMPOSITION, f, -1,
                                 "%s: the %s brigade has %s; the Force has %d (%s)", name, g->name, t, m.have[k],
                                 g->ref);
        if (it->alt_max >= 0 && m.alts[k] > it->alt_max)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_COMPOSITION, f, -1,
                                 "%s: at most %d of the %s may be %s; there are %d (%s)", name, it->alt_max, t,
                                 S->units[it->alts[0]].name, m.alts[k], g->ref);
    }
}

/* (1) brigades taken more than once, each reported once */
static void check_once(lasalle_army_chk *c)
{
    for (int f = 0; f < c->a->nforces; f++) {
        if (!c->a->forces[f].support || !c->fn[f] || c->brigade[f] < 0) continue;
        const lasalle_list_brigade *g = &c->fn[f]->brigades[c->brigade[f]];
        int n = 0, first = -1;
        for (int k = 0; k < c->a->nforces; k++)
            if (c->a->forces[k].support && c->fn[k] == c->fn[f] && c->brigade[k] == c->brigade[f]) {
                if (first < 0) first = k;
                n++;
            }
        if (g->once && n > 1 && first == f)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_ONCE, f, -1,
                                 "%d %s %s brigades; it is marked (1), so the list allows 0-1 (%s)", n,
                                 c->fn[f]->adjective, g->name, g->ref);
    }
}

void lasalle_army_chk_support(lasalle_army_chk *c)
{
    int n = 0;
    for (int f = 0; f < c->a->nforces; f++) {
        if (!c->a->forces[f].support) continue;
        n++;
        check_offer(c, f);
        check_reserve(c, f);
        check_composition(c, f);
    }
    if (n > c->a->support_choices)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SUPPORT_COUNT, -1, -1,
                             "%d support brigades; the players agreed on %d support choice%s (%s)", n,
                             c->a->support_choices, c->a->support_choices == 1 ? "" : "s", LASALLE_ARMY_REF_SUPPORT);
    check_once(c);
}
