/* army_roll.c - the Army Builder's dice: a subcommander's vigor and tactics,
 * each 1d6 on his nation's table after the list's modifiers (K p.95; an
 * allied brigade's subcommander rolls on the minor states' table), and the
 * esprit roll of an Unpredictable unit (H p.76), which is taken in play each
 * time the unit's combat dice are counted, with the Spanish bonus for a
 * unit holding entrenchments or standing in a town. Every die comes from
 * engine/core/dice.h. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

int lasalle_army_roll_subcommander(const lasalle_list_book *B, lasalle_army *a, int f, gr_dice *d, gr_error *err)
{
    lasalle_list_ref l;
    if (lasalle_list_find(B, a->list, &l, err)) return -1;
    if (f < 0 || f >= a->nforces) return gr_error_set(err, "no Force %d", f + 1);
    lasalle_army_force *F = &a->forces[f];
    const lasalle_list_nation *S = &B->nations[l.nation];
    int army = l.army;
    if (F->support && F->kind == LASALLE_LIST_SUP_ALLIED) {
        int s = lasalle_list_find_state(B, F->state);
        if (s < 0) return gr_error_set(err, "Force %d: no minor state \"%s\"", f + 1, F->state);
        S = &B->states[s];
        army = -1;
    }
    char what[160];
    snprintf(what, sizeof what, "vigor of Force %d's subcommander (%s table)", f + 1,
             S->minor ? "minor states'" : S->name);
    int vr = gr_dice_d6(d, what);
    snprintf(what, sizeof what, "tactics of Force %d's subcommander (%s table)", f + 1,
             S->minor ? "minor states'" : S->name);
    int tr = vr ? gr_dice_d6(d, what) : 0;
    if (!vr || !tr) return gr_error_set(err, "%s", d->fail_msg[0] ? d->fail_msg : "the dice failed");
    lasalle_army_sub *s = &F->sub;
    s->present = true;
    s->has_vigor = s->has_tactics = true;
    s->vigor_roll = (int8_t)vr;
    s->tactics_roll = (int8_t)tr;
    s->vigor = (int8_t)lasalle_list_vigor(S, army, l.theatre, vr);
    s->tactics = (uint8_t)lasalle_list_tactics(S, army, l.theatre, tr);
    return 0;
}

int lasalle_army_roll_unpredictable(gr_dice *d, int bonus, const char *purpose)
{
    int r = gr_dice_d6(d, purpose ? purpose : "unpredictable esprit");
    if (!r) return -1;
    r += bonus;
    return r <= 3 ? LASALLE_ARMY_UNPRED_SHAKY : r <= 5 ? LASALLE_ARMY_UNPRED_RELIABLE : LASALLE_ARMY_UNPRED_VALIANT;
}

int lasalle_army_unpredictable_bonus(const lasalle_list_book *B, const lasalle_army *a, int f)
{
    lasalle_list_ref l;
    gr_error err;
    if (lasalle_list_find(B, a->list, &l, &err)) return 0;
    if (f >= 0 && f < a->nforces && a->forces[f].support && a->forces[f].kind == LASALLE_LIST_SUP_ALLIED) return 0;
    const lasalle_list_rule *r =
        lasalle_list_rule_find(&B->nations[l.nation], l.army, l.theatre, a->role, LASALLE_LIST_RULE_VIVA_ESPANA);
    return r ? r->value : 0;
}
