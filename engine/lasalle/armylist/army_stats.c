/* army_stats.c - what each unit of an army plays with: size, esprit,
 * discipline, skirmish value (inherent plus the SK bases it receives, at
 * most 3) and traits for infantry and cavalry; gun bases, weight and horse
 * or foot for batteries (after a rockets or howitzer-battery exchange); and
 * its morale value (F p.66). The Lasalle package builds its units from
 * these. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* the nation or state whose tables force f uses; NULL with a message */
static const lasalle_list_nation *force_nation(const lasalle_list_book *B, const lasalle_army *a,
                                               const lasalle_list_ref *l, int f, gr_error *err)
{
    if (f == LASALLE_ARMY_INDEP || !a->forces[f].support || a->forces[f].kind != LASALLE_LIST_SUP_ALLIED)
        return &B->nations[l->nation];
    int s = lasalle_list_find_state(B, a->forces[f].state);
    if (s < 0) gr_error_set(err, "no minor state \"%s\"", a->forces[f].state);
    return s < 0 ? NULL : &B->states[s];
}

static int battery_stats(const lasalle_list_nation *S, int t, const lasalle_army_unit *x, lasalle_army_stats *o,
                         gr_error *err)
{
    int b = lasalle_list_find_battery(S, x->type, t);
    if (b < 0)
        return gr_error_set(err, "%s has no battery \"%s\" in the %s theatre", S->name, x->type,
                            lasalle_list_theatre_id(t));
    const lasalle_list_battery *bt = &S->batteries[b];
    o->arm = LASALLE_LIST_ARM_ART;
    o->sk = -1;
    o->horse = bt->horse;
    o->cannon = bt->cannon;
    o->howitzers = bt->howitzers;
    o->weight = bt->weight;
    o->swap = x->swap;
    if (x->swap == LASALLE_ARMY_SWAP_ROCKETS) { /* H p.81: three bases, their own limber */
        o->cannon = o->howitzers = 0;
        o->bases = 3;
    } else if (x->swap == LASALLE_ARMY_SWAP_HOWITZER) { /* H p.81: a foot battery of 4 howitzers, medium */
        o->horse = false;
        o->cannon = 0;
        o->howitzers = 4;
        o->weight = LASALLE_LIST_W_MEDIUM;
    }
    if (x->swap != LASALLE_ARMY_SWAP_ROCKETS) o->bases = o->cannon + o->howitzers;
    o->morale = 1;
    return 0;
}

/* the unit's values in theatre t with its declared variant; NULL with a message */
static const lasalle_list_values *unit_values(const lasalle_list_nation *S, int t, const lasalle_army_unit *x,
                                              int *type, gr_error *err)
{
    *type = lasalle_list_find_unit(S, x->type);
    if (*type < 0) {
        gr_error_set(err, "%s has no unit type \"%s\"", S->name, x->type);
        return NULL;
    }
    const lasalle_list_unit_type *u = &S->units[*type];
    if (u->nchoice[t] == 1) return &u->v[t][0];
    for (int k = 0; k < u->nchoice[t]; k++)
        if (lasalle_list_name_eq(x->variant, u->variants[k])) return &u->v[t][k];
    gr_error_set(err, "%s has no value in the %s theatre%s", x->type, lasalle_list_theatre_id(t),
                 u->nchoice[t] ? " without its declared variant" : "");
    return NULL;
}

int lasalle_army_unit_stats(const lasalle_list_book *B, const lasalle_army *a, int f, int i, lasalle_army_stats *out,
                            gr_error *err)
{
    memset(out, 0, sizeof *out);
    gr_error_clear(err);
    lasalle_list_ref l;
    if (lasalle_list_find(B, a->list, &l, err)) return -1;
    if (f != LASALLE_ARMY_INDEP && (f < 0 || f >= a->nforces || i < 0 || i >= a->forces[f].nunits))
        return gr_error_set(err, "no unit %d of Force %d", i + 1, f + 1);
    if (f == LASALLE_ARMY_INDEP && (i < 0 || i >= a->nindep)) return gr_error_set(err, "no independent unit %d", i + 1);
    const lasalle_army_unit *x = f == LASALLE_ARMY_INDEP ? &a->indep[i] : &a->forces[f].units[i];
    const lasalle_list_nation *S = force_nation(B, a, &l, f, err);
    if (!S) return -1;
    if (x->battery) return battery_stats(S, l.theatre, x, out, err);
    int type;
    const lasalle_list_values *v = unit_values(S, l.theatre, x, &type, err);
    if (!v) return -1;
    out->arm = S->units[type].arm;
    out->bases = (x->large && !x->half_deployed) ? 6 : 4;
    out->esprit = v->esprit;
    out->discipline = x->irregular ? LASALLE_LIST_DISC_IRREGULAR : v->discipline;
    out->traits = v->traits;
    out->sk = v->sk < 0 ? -1 : (v->sk + x->sk_bases > 3 ? 3 : v->sk + x->sk_bases);
    out->morale = x->broken_up ? 0 : out->bases == 6 ? 3 : 2;
    return 0;
}
