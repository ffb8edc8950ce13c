/* army_check_units.c - the checker's passes over each unit and officer:
 * resolving every unit to its type and its values in the list's theatre
 * (an allied brigade's in its minor state's tables), with the declared
 * variants some units must choose (Austrian Grenz: regular or irregular);
 * and every Force's subcommander, rated by a vigor roll and a tactics roll
 * on his own nation's table (K p.95). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* the nation or state whose tables a Force uses, and its brigade */
static void resolve_force(lasalle_army_chk *c, int f)
{
    const lasalle_army_force *F = &c->a->forces[f];
    c->brigade[f] = -1;
    c->fn[f] = c->N;
    if (!F->support) return;
    if (F->kind == LASALLE_LIST_SUP_ALLIED) {
        int s = lasalle_list_find_state(c->B, F->state);
        c->fn[f] = s < 0 ? NULL : &c->B->states[s];
    }
    if (c->fn[f]) c->brigade[f] = lasalle_list_find_brigade(c->fn[f], F->brigade, c->l.theatre);
}

/* the value of a unit in the theatre, with its declared variant */
static void resolve_values(lasalle_army_chk *c, int f, int i, const lasalle_list_nation *S, int type)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, i);
    const lasalle_list_unit_type *ut = &S->units[type];
    int t = c->l.theatre, row = lasalle_army_chk_row(f);
    char name[160];
    lasalle_army_chk_unit_name(c, f, i, name, sizeof name);
    if (!ut->nchoice[t]) {
        lasalle_army_chk_add(c, LASALLE_ARMY_R_UNIT, f, i,
                             "%s has no value in the %s theatre, so it may not be fielded (%s)", name,
                             lasalle_list_theatre_words[t], LASALLE_ARMY_REF_FORCES);
        return;
    }
    if (ut->nchoice[t] == 1) {
        if (x->variant[0])
            lasalle_army_chk_add(c, LASALLE_ARMY_R_UNIT, f, i, "%s has no variant to declare in the %s theatre (%s)",
                                 name, lasalle_list_theatre_words[t], ut->ref);
        c->val[row][i] = ut->v[t][0];
        return;
    }
    for (int k = 0; k < ut->nchoice[t]; k++)
        if (x->variant[0] && lasalle_list_name_eq(x->variant, ut->variants[k])) {
            c->val[row][i] = ut->v[t][k];
            return;
        }
    lasalle_army_chk_add(c, LASALLE_ARMY_R_UNIT, f, i, "%s must be declared %s or %s before set-up%s%s (%s)", name,
                         ut->variants[0], ut->variants[1], x->variant[0] ? ", not " : "", x->variant, ut->ref);
}

static void resolve_unit(lasalle_army_chk *c, int f, int i, const lasalle_list_nation *S)
{
    const lasalle_army_unit *x = lasalle_army_chk_unit(c, f, i);
    int row = lasalle_army_chk_row(f), t = c->l.theatre;
    char name[160];
    c->type[row][i] = -1;
    if (!S) return; /* an unknown state: the support pass says so */
    lasalle_army_chk_unit_name(c, f, i, name, sizeof name);
    if (x->battery) {
        int any = lasalle_list_find_battery(S, x->type, -1);
        if (any >= 0 && lasalle_list_find_battery(S, x->type, t) >= 0)
            c->type[row][i] = (int16_t)any;
        else if (any >= 0)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_UNIT, f, i,
                                 "%s: that %s battery does not serve in the %s theatre (%s)", name, S->adjective,
                                 lasalle_list_theatre_words[t], S->batteries[any].ref);
        else
            lasalle_army_chk_add(c, LASALLE_ARMY_R_UNIT, f, i, "%s: %s has no battery of that name (%s)", name, S->name,
                                 S->refs_values);
        return;
    }
    int u = lasalle_list_find_unit(S, x->type);
    if (u < 0) {
        lasalle_army_chk_add(c, LASALLE_ARMY_R_UNIT, f, i, "%s: %s has no unit type of that name (%s)", name, S->name,
                             S->refs_values);
        return;
    }
    c->type[row][i] = (int16_t)u;
    resolve_values(c, f, i, S, u);
}

void lasalle_army_chk_resolve(lasalle_army_chk *c)
{
    for (int f = 0; f < c->a->nforces; f++) {
        resolve_force(c, f);
        for (int i = 0; i < c->a->forces[f].nunits; i++) resolve_unit(c, f, i, c->fn[f]);
    }
    for (int i = 0; i < c->a->nindep; i++) resolve_unit(c, LASALLE_ARMY_INDEP, i, c->N);
}

/* --- subcommanders ---------------------------------------------------------------------------------- */

static const char *signed_vigor(int v)
{
    return v > 0 ? "+1" : v < 0 ? "-1" : "0";
}

/* a rating that disagrees with its recorded roll */
static void check_roll(lasalle_army_chk *c, int f, const lasalle_list_nation *S, int army, bool tactics)
{
    const lasalle_army_sub *s = &c->a->forces[f].sub;
    int roll = tactics ? s->tactics_roll : s->vigor_roll;
    bool has = tactics ? s->has_tactics : s->has_vigor;
    if (!roll || !has) return;
    int want =
        tactics ? lasalle_list_tactics(S, army, c->l.theatre, roll) : lasalle_list_vigor(S, army, c->l.theatre, roll);
    int got = tactics ? s->tactics : s->vigor;
    if (want == got) return;
    int mod = lasalle_list_roll_mod(S, army, c->l.theatre, tactics);
    char name[120], m[16] = "";
    if (mod) snprintf(m, sizeof m, " %+d", mod);
    lasalle_army_chk_add(c, LASALLE_ARMY_R_SUBCOMMANDER, f, -1,
                         "%s: the subcommander's %s roll of %d%s gives %s on the %s table, not %s (%s)",
                         lasalle_army_chk_force_name(c, f, name, sizeof name), tactics ? "tactics" : "vigor", roll, m,
                         tactics ? lasalle_list_tactics_name(want) : signed_vigor(want),
                         S->minor ? "minor states'" : S->name,
                         tactics ? lasalle_list_tactics_name(got) : signed_vigor(got), S->sub.ref);
}

void lasalle_army_chk_subcommanders(lasalle_army_chk *c)
{
    for (int f = 0; f < c->a->nforces; f++) {
        const lasalle_army_sub *s = &c->a->forces[f].sub;
        const lasalle_list_nation *S = c->fn[f];
        char name[120];
        lasalle_army_chk_force_name(c, f, name, sizeof name);
        if (!s->present) {
            lasalle_army_chk_add(c, LASALLE_ARMY_R_SUBCOMMANDER, f, -1,
                                 "%s has no subcommander; every Force has one (%s)", name, LASALLE_ARMY_REF_FORCES);
            continue;
        }
        if (!S) continue;
        if (!s->has_vigor || !s->has_tactics)
            lasalle_army_chk_add(c, LASALLE_ARMY_R_SUBCOMMANDER, f, -1,
                                 "%s: the subcommander has no %s rating yet; roll 1d6 on the %s table (%s)", name,
                                 !s->has_vigor ? (!s->has_tactics ? "vigor or tactics" : "vigor") : "tactics",
                                 S->minor ? "minor states'" : S->name, S->sub.ref);
        int army = S == c->N ? c->l.army : -1;
        check_roll(c, f, S, army, false);
        check_roll(c, f, S, army, true);
    }
}
