/* army_check_sk.c - the checker's pass over SK bases (B p.16): a Force may
 * hand out only the SK bases its own broken-up and half-deployed units give
 * (a small unit 4, a large one 6, a half-deployed one 2; a list may let SK1
 * units break up into fewer) plus the free SK bases its list or brigade
 * prints; the core list's free SK bases may go to any core Force. Only
 * regular infantry that stays whole receives them, and no unit's SK may
 * pass 3. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* SK bases a unit gives when broken up or half deployed (0 when it gives none) */
static int sk_given(const lasalle_army_chk *c, int f, int i)
{
    const lasalle_army_unit *x = &c->a->forces[f].units[i];
    const lasalle_list_values *v = &c->val[f][i];
    if (x->battery || !v->set || c->type[f][i] < 0 || v->sk < 0) return 0;
    if (x->half_deployed && !x->broken_up) return 2;
    if (!x->broken_up) return 0;
    int bases = x->large ? 6 : 4;
    if (v->sk >= 2) return bases;
    const lasalle_list_rule *r = c->fn[f] == c->N
        ? lasalle_list_rule_find(c->N, c->l.army, c->l.theatre, -1, LASALLE_LIST_RULE_SK1_BREAKUP)
        : NULL;
    if (r && lasalle_list_rule_names_unit(r, c->type[f][i])) return r->value * bases / 4;
    return 0;
}

/* one unit receiving SK bases: regular infantry, whole, SK at most 3 */
static void check_recipient(lasalle_army_chk *c, int f, int i)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, i);
    if (!x->sk_bases) return;
    int row = lasalle_army_chk_row(f);
    const lasalle_list_values *v = &c->val[row][i];
    char name[160];
    lasalle_army_chk_unit_name(c, f, i, name, sizeof name);
    const char *why = NULL;
    if (f == LASALLE_ARMY_INDEP)
        why = "an independent unit belongs to no Force, so no Force's SK bases reach it";
    else if (!v->set || v->sk < 0)
        why = v->set ? "only infantry receives SK bases" : NULL;
    else if (x->broken_up)
        why = "a broken-up unit is no longer on the table";
    else if (x->irregular || v->discipline == LASALLE_LIST_DISC_IRREGULAR)
        why = "only regular infantry receives SK bases";
    if (why) {
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SKIRMISH, f, i, "%s: %s (%s)", name, why, LASALLE_ARMY_REF_SK);
        return;
    }
    if (v->sk >= 0 && v->sk + x->sk_bases > 3)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SKIRMISH, f, i,
                             "%s: SK%d with %d SK bases makes SK%d; no unit's SK may exceed 3 (%s)", name, v->sk,
                             x->sk_bases, v->sk + x->sk_bases, LASALLE_ARMY_REF_SK);
}

/* free SK bases printed in a composition */
static int free_sk(const lasalle_list_item *items, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (items[i].kind == LASALLE_LIST_ITEM_SK) k += items[i].n;
    return k;
}

void lasalle_army_chk_skirmish(lasalle_army_chk *c)
{
    const lasalle_list_core *core = &c->N->armies[c->l.army].cores[c->l.core];
    int pool = free_sk(core->items, core->nitems), excess = 0;
    char name[120];
    for (int f = 0; f < c->a->nforces; f++) {
        const lasalle_army_force *F = &c->a->forces[f];
        int supply = 0, need = 0;
        for (int i = 0; i < F->nunits; i++) {
            supply += sk_given(c, f, i);
            need += F->units[i].sk_bases;
            check_recipient(c, f, i);
        }
        if (!F->support) {
            excess += need > supply ? need - supply : 0;
            continue;
        }
        int fr = (c->fn[f] && c->brigade[f] >= 0)
            ? free_sk(c->fn[f]->brigades[c->brigade[f]].items, c->fn[f]->brigades[c->brigade[f]].nitems)
            : 0;
        if (need > supply + fr)
            lasalle_army_chk_add(
                c, LASALLE_ARMY_R_SKIRMISH, f, -1,
                "%s: its units receive %d SK base%s, but its break-ups and free SK bases give only %d; SK "
                "bases stay in their Force (%s)",
                lasalle_army_chk_force_name(c, f, name, sizeof name), need, need == 1 ? "" : "s", supply + fr,
                LASALLE_ARMY_REF_SK);
    }
    for (int i = 0; i < c->a->nindep; i++) check_recipient(c, LASALLE_ARMY_INDEP, i);
    if (excess > pool)
        lasalle_army_chk_add(
            c, LASALLE_ARMY_R_SKIRMISH, -1, -1,
            "the core Forces receive %d SK base%s more than their own break-ups give; the core list's free "
            "SK bases cover %d (%s)",
            excess, excess == 1 ? "" : "s", pool, LASALLE_ARMY_REF_SK);
}
