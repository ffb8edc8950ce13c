/* army_check_options.c - the checker's pass over the choices a player makes
 * before the game: units made Irregular and independent (H p.74), Half
 * Battalion Deployed (H p.74, where the list allows it), units broken up
 * into SK bases and the SK bases each Force hands out (B p.16), units
 * starting entrenched, the rockets and howitzer-battery exchanges (H p.81)
 * and the engineer bases (H p.77). A list's special rules apply to its own
 * nation's units, never to an allied brigade's. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* the nation a unit belongs to (NULL unknown) */
static const lasalle_list_nation *unit_nation(const lasalle_army_chk *c, int f)
{
    return f == LASALLE_ARMY_INDEP ? c->N : c->fn[f];
}

/* the list's rule of this kind in force for the unit, or NULL (allied units: none) */
static const lasalle_list_rule *unit_rule(const lasalle_army_chk *c, int f, int i, int kind, int role)
{
    if (unit_nation(c, f) != c->N) return NULL;
    const lasalle_list_rule *r = lasalle_list_rule_find(c->N, c->l.army, c->l.theatre, role, kind);
    return r && lasalle_list_rule_names_unit(r, c->type[lasalle_army_chk_row(f)][i]) ? r : NULL;
}

static bool is_infantry(const lasalle_army_chk *c, int f, int i)
{
    const lasalle_list_nation *S = unit_nation(c, f);
    int t = c->type[lasalle_army_chk_row(f)][i];
    return S && t >= 0 && !lasalle_army_chk_unit(c, f, i)->battery && S->units[t].arm == LASALLE_LIST_ARM_INF;
}

/* Irregular by its values or made so before the game */
static bool is_irregular(const lasalle_army_chk *c, int f, int i)
{
    return lasalle_army_chk_unit(c, f, i)->irregular ||
        lasalle_list_values_irregular(&c->val[lasalle_army_chk_row(f)][i]);
}

static void check_irregular(lasalle_army_chk *c, int f, int i, const char *name)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, i);
    const lasalle_list_values *v = &c->val[lasalle_army_chk_row(f)][i];
    if (x->irregular && (!is_infantry(c, f, i) || v->sk < 2 || v->discipline == LASALLE_LIST_DISC_IRREGULAR))
        lasalle_army_chk_add(c, LASALLE_ARMY_R_IRREGULAR, f, i,
                             "%s: only regular infantry with SK2 or SK3 may be made Irregular (%s)", name,
                             LASALLE_ARMY_REF_IRREGULAR);
    if (x->irregular && x->broken_up)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_IRREGULAR, f, i,
                             "%s is both made Irregular and broken up into SK bases (%s)", name,
                             LASALLE_ARMY_REF_IRREGULAR);
    if (f == LASALLE_ARMY_INDEP && (!is_infantry(c, f, i) || !is_irregular(c, f, i)))
        lasalle_army_chk_add(c, LASALLE_ARMY_R_INDEPENDENT, f, i,
                             "%s: only infantry made Irregular may be set up outside every Force (%s)", name,
                             LASALLE_ARMY_REF_IRREGULAR);
}

static void check_half(lasalle_army_chk *c, int f, int i, const char *name)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, i);
    if (!x->half_deployed) return;
    const char *why = NULL;
    if (!unit_rule(c, f, i, LASALLE_LIST_RULE_HALF_BATTALION, c->a->role))
        why = "the list does not allow Half Battalion Deployed for this unit";
    else if (!is_infantry(c, f, i) || !x->large)
        why = "only a large infantry unit may deploy half its bases";
    else if (c->val[lasalle_army_chk_row(f)][i].sk < 2)
        why = "only a unit with SK2 or SK3 may deploy half its bases";
    if (why)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_HALF_BATTALION, f, i, "%s: %s (%s)", name, why,
                             LASALLE_ARMY_REF_IRREGULAR);
}

static void check_breakup(lasalle_army_chk *c, int f, int i, const char *name)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, i);
    if (!x->broken_up) return;
    if (!is_infantry(c, f, i) ||
        (c->val[lasalle_army_chk_row(f)][i].sk < 2 && !unit_rule(c, f, i, LASALLE_LIST_RULE_SK1_BREAKUP, -1)))
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SKIRMISH, f, i,
                             "%s: only infantry with SK2 or SK3 may be broken up into SK bases (%s)", name,
                             LASALLE_ARMY_REF_SK);
    else if (f == LASALLE_ARMY_INDEP)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SKIRMISH, f, i,
                             "%s: a broken-up unit's SK bases go to its own Force; an "
                             "independent unit has none (%s)",
                             name, LASALLE_ARMY_REF_SK);
    else if (x->half_deployed)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_SKIRMISH, f, i, "%s is both broken up and half deployed (%s)", name,
                             LASALLE_ARMY_REF_SK);
}

static void check_entrenched(lasalle_army_chk *c, int f, int i, const char *name)
{
    if (!lasalle_army_chk_unit(c, f, i)->entrenched ||
        unit_rule(c, f, i, LASALLE_LIST_RULE_ENTRENCHED_START, c->a->role))
        return;
    const lasalle_list_rule *any = unit_rule(c, f, i, LASALLE_LIST_RULE_ENTRENCHED_START, -1);
    lasalle_army_chk_add(c, LASALLE_ARMY_R_ENTRENCHED, f, i, "%s may not begin the game entrenched%s (%s)", name,
                         any ? " unless its army defends" : "", any ? any->ref : c->N->refs_rules);
}

static void check_unit(lasalle_army_chk *c, int f, int i)
{
    char name[160];
    lasalle_army_chk_unit_name(c, f, i, name, sizeof name);
    if (c->type[lasalle_army_chk_row(f)][i] < 0) return;
    check_entrenched(c, f, i, name);
    if (lasalle_army_chk_unit(c, f, i)->battery) {
        if (f == LASALLE_ARMY_INDEP)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_INDEPENDENT, f, i,
                                 "%s: only infantry made Irregular may be set up outside "
                                 "every Force (%s)",
                                 name, LASALLE_ARMY_REF_IRREGULAR);
        return;
    }
    if (!c->val[lasalle_army_chk_row(f)][i].set) return;
    check_irregular(c, f, i, name);
    check_half(c, f, i, name);
    check_breakup(c, f, i, name);
}

/* rockets and howitzer batteries: one exchange each where the list allows it */
static void check_swaps(lasalle_army_chk *c)
{
    int n[LASALLE_ARMY_SWAP_COUNT] = {0};
    static const int kinds[LASALLE_ARMY_SWAP_COUNT] = {0, LASALLE_LIST_RULE_ROCKETS,
                                                       LASALLE_LIST_RULE_HOWITZER_BATTERY};
    static const char *const what[LASALLE_ARMY_SWAP_COUNT] = {"", "a rocket unit", "a howitzer battery"};
    for (int f = 0; f < c->a->nforces; f++)
        for (int i = 0; i < c->a->forces[f].nunits; i++) {
            int s = c->a->forces[f].units[i].swap;
            if (!s || c->type[f][i] < 0) continue;
            const lasalle_list_rule *r = unit_rule(c, f, i, kinds[s], c->a->role);
            char name[160];
            lasalle_army_chk_unit_name(c, f, i, name, sizeof name);
            if (!r)
                lasalle_army_chk_add(c, LASALLE_ARMY_R_SWAP, f, i,
                                     "%s: the list does not let its batteries be exchanged for %s (%s)", name, what[s],
                                     c->N->refs_rules);
            else if (++n[s] == r->value + 1)
                lasalle_army_chk_add(c, LASALLE_ARMY_R_SWAP, f, i,
                                     "%s: the list allows %d battery exchanged for %s (%s)", name, r->value, what[s],
                                     r->ref);
        }
}

void lasalle_army_chk_options(lasalle_army_chk *c)
{
    for (int f = 0; f < c->a->nforces; f++)
        for (int i = 0; i < c->a->forces[f].nunits; i++) check_unit(c, f, i);
    for (int i = 0; i < c->a->nindep; i++) check_unit(c, LASALLE_ARMY_INDEP, i);
    check_swaps(c);
    const lasalle_list_rule *r =
        lasalle_list_rule_find(c->N, c->l.army, c->l.theatre, c->a->role, LASALLE_LIST_RULE_ENGINEERS);
    int max = r ? r->value : LASALLE_ARMY_DEFAULT_ENGINEERS;
    if (c->a->engineers > max)
        lasalle_army_chk_add(c, LASALLE_ARMY_R_ENGINEERS, -1, -1, "%d engineer bases; the list allows at most %d (%s)",
                             c->a->engineers, max, LASALLE_ARMY_REF_ENGINEERS);
}
