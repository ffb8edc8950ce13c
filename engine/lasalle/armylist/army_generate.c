/* army_generate.c - a random legal army from a list: the core (with the
 * attacker's bonus when attacking) shuffled and split into its core Forces
 * of at least 2 units (K p.95), support brigades drawn from the list's
 * offers in its theatre, respecting (1) marks and the allied-reserve rule
 * (K p.94), "or" units and declared variants drawn at random, then every
 * subcommander rolled on his table. Every choice and roll comes from the
 * gr_dice given, so a seed (or a script of faces) gives the same army. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* a uniform choice among n (0..n-1), made with one die of n faces; -1 when the dice fail */
static int pick(gr_dice *d, int n, const char *purpose)
{
    if (n <= 1) return 0;
    int r = gr_dice_dn(d, n > GR_DICE_MAX_FACES ? GR_DICE_MAX_FACES : n, purpose);
    return r ? r - 1 : -1;
}

/* the units of one composition line, each an alternate or not at random */
static int expand_line(const lasalle_list_nation *S, const lasalle_list_item *it, gr_dice *d, lasalle_army_unit *out,
                       int room)
{
    int n = 0, alts = 0;
    for (int k = 0; k < it->n && n < room; k++, n++) {
        lasalle_army_unit *u = &out[n];
        memset(u, 0, sizeof *u);
        u->battery = it->kind == LASALLE_LIST_ITEM_BATTERY;
        u->large = it->large;
        int type = it->type;
        if (it->nalts && (it->alt_max < 0 || alts < it->alt_max)) {
            int c = pick(d, it->nalts + 1, "an \"or\" unit of a composition");
            if (c < 0) return -1;
            if (c > 0) type = it->alts[c - 1], alts++;
        }
        snprintf(u->type, sizeof u->type, "%s", u->battery ? S->batteries[type].name : S->units[type].name);
    }
    return n;
}

static int expand_items(const lasalle_list_nation *S, const lasalle_list_item *items, int nitems, gr_dice *d,
                        lasalle_army_unit *out, int room)
{
    int n = 0;
    for (int i = 0; i < nitems; i++) {
        if (items[i].kind == LASALLE_LIST_ITEM_SK) continue;
        int k = expand_line(S, &items[i], d, out + n, room - n);
        if (k < 0) return -1;
        n += k;
    }
    return n;
}

/* the core shuffled into 1 (defending) or 2 (attacking) Forces of 2+ units */
static int build_core(const lasalle_list_nation *N, const lasalle_list_ref *l, bool att, gr_dice *d, lasalle_army *a)
{
    lasalle_list_item lines[LASALLE_LIST_MAX_ITEMS + LASALLE_LIST_MAX_BONUS];
    lasalle_army_unit u[LASALLE_ARMY_MAX_UNITS * 2];
    int nl = lasalle_list_core_lines(&N->armies[l->army].cores[l->core], att, lines, LASALLE_LIST_COUNT(lines));
    int n = expand_items(N, lines, nl, d, u, LASALLE_LIST_COUNT(u));
    if (n < 0) return -1;
    for (int i = n - 1; i > 0; i--) {
        int j = pick(d, i + 1, "shuffling the core units into Forces");
        if (j < 0) return -1;
        lasalle_army_unit t = u[i];
        u[i] = u[j];
        u[j] = t;
    }
    int split = n;
    if (att) {
        int k = pick(d, n - 3, "how many core units the first Force takes");
        if (k < 0) return -1;
        split = 2 + k;
    }
    for (int f = 0; f < (att ? 2 : 1); f++) {
        lasalle_army_force *F = &a->forces[a->nforces++];
        snprintf(F->name, sizeof F->name, "Core Force %d", f + 1);
        int from = f ? split : 0, to = f ? n : split;
        for (int i = from; i < to && F->nunits < LASALLE_ARMY_MAX_UNITS; i++) F->units[F->nunits++] = u[i];
    }
    return 0;
}

typedef struct gen_choice {
    uint8_t kind;
    int state; /* -1: the list's own nation */
    int brigade;
} gen_choice;

/* has the army already taken brigade b of S (a state when allied)? */
static bool taken(const lasalle_list_nation *S, bool allied, const lasalle_army *a, int b)
{
    for (int f = 0; f < a->nforces; f++) {
        const lasalle_army_force *F = &a->forces[f];
        if (!F->support || (F->kind == LASALLE_LIST_SUP_ALLIED) != allied) continue;
        if (allied && strcmp(F->state, S->id)) continue;
        if (lasalle_list_name_eq(F->brigade, S->brigades[b].name)) return true;
    }
    return false;
}

/* every support choice still open to the army */
static int choices(const lasalle_list_book *B, const lasalle_list_ref *l, const lasalle_army *a, gen_choice *out,
                   int max)
{
    const lasalle_list_nation *N = &B->nations[l->nation];
    const lasalle_list_army_type *A = &N->armies[l->army];
    int n = 0;
    for (int k = 0; k < A->noffers; k++) {
        const lasalle_list_offer *o = &A->offers[k];
        if (!((o->theatres >> l->theatre) & 1u)) continue;
        bool allied = o->kind == LASALLE_LIST_SUP_ALLIED;
        const lasalle_list_nation *S = allied ? &B->states[o->target] : N;
        for (int b = 0; b < S->nbrigades && n < max; b++) {
            if (!allied && b != o->target) continue;
            if (!((S->brigades[b].theatres >> l->theatre) & 1u)) continue;
            if (S->brigades[b].once && taken(S, allied, a, b)) continue;
            out[n++] = (gen_choice){o->kind, allied ? o->target : -1, b};
        }
    }
    return n;
}

/* one support brigade drawn from the open choices; 1 when none is left */
static int add_support(const lasalle_list_book *B, const lasalle_list_ref *l, gr_dice *d, lasalle_army *a)
{
    gen_choice c[LASALLE_LIST_MAX_OFFERS * LASALLE_LIST_MAX_BRIGADES];
    int n = choices(B, l, a, c, LASALLE_LIST_COUNT(c));
    if (!n || a->nforces >= LASALLE_ARMY_MAX_FORCES) return 1;
    int k = pick(d, n, "a support brigade");
    if (k < 0) return -1;
    const lasalle_list_nation *N = &B->nations[l->nation];
    const lasalle_list_nation *S = c[k].state < 0 ? N : &B->states[c[k].state];
    const lasalle_list_brigade *g = &S->brigades[c[k].brigade];
    lasalle_army_force *F = &a->forces[a->nforces];
    memset(F, 0, sizeof *F);
    F->support = true;
    F->kind = c[k].kind;
    snprintf(F->brigade, sizeof F->brigade, "%s", g->name);
    snprintf(F->name, sizeof F->name, "%.13s %.25s brigade", S->adjective, g->name);
    if (c[k].state >= 0) {
        snprintf(F->state, sizeof F->state, "%s", S->id);
        const lasalle_list_rule *r =
            lasalle_list_rule_find(N, l->army, l->theatre, a->role, LASALLE_LIST_RULE_ALLIED_CAVALRY_RESERVE);
        for (int i = 0; r && i < r->nstates; i++)
            if (!strcmp(r->states[i], S->id)) F->reserve = lasalle_list_brigade_is_cavalry(S, g);
    }
    int nu = expand_items(S, g->items, g->nitems, d, F->units, LASALLE_ARMY_MAX_UNITS);
    if (nu < 0) return -1;
    F->nunits = nu;
    a->nforces++;
    return 0;
}

/* a declared variant for every unit whose theatre offers a choice */
static int declare_variants(const lasalle_list_book *B, const lasalle_list_ref *l, gr_dice *d, lasalle_army *a)
{
    for (int f = 0; f < a->nforces; f++) {
        const lasalle_army_force *F = &a->forces[f];
        const lasalle_list_nation *S = &B->nations[l->nation];
        if (F->support && F->kind == LASALLE_LIST_SUP_ALLIED) S = &B->states[lasalle_list_find_state(B, F->state)];
        for (int i = 0; i < F->nunits; i++) {
            lasalle_army_unit *u = &a->forces[f].units[i];
            int t = u->battery ? -1 : lasalle_list_find_unit(S, u->type);
            if (t < 0 || S->units[t].nchoice[l->theatre] < 2) continue;
            int k = pick(d, S->units[t].nchoice[l->theatre], "a declared variant");
            if (k < 0) return -1;
            snprintf(u->variant, sizeof u->variant, "%s", S->units[t].variants[k]);
        }
    }
    return 0;
}

int lasalle_army_generate(const lasalle_list_book *B, const lasalle_list_ref *l, const lasalle_army_gen_opts *o,
                          gr_dice *d, lasalle_army *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    gr_error_clear(err);
    const lasalle_list_nation *N = &B->nations[l->nation];
    lasalle_list_id(B, l, out->list, sizeof out->list);
    snprintf(out->name, sizeof out->name, "%.14s %.24s, %.20s (random)", N->adjective, N->armies[l->army].name,
             lasalle_list_theatre_name(l->theatre));
    out->role = o->role;
    out->support_choices = o->support;
    out->has_commander = true;
    snprintf(out->commander, sizeof out->commander, "Commander");
    out->engineers = LASALLE_ARMY_DEFAULT_ENGINEERS;
    int rc = build_core(N, l, o->role == LASALLE_LIST_ROLE_ATTACKER, d, out);
    for (int s = 0; !rc && s < o->support; s++) rc = add_support(B, l, d, out) < 0 ? -1 : 0;
    if (!rc) rc = declare_variants(B, l, d, out);
    for (int f = 0; !rc && f < out->nforces; f++) rc = lasalle_army_roll_subcommander(B, out, f, d, err);
    if (rc) {
        if (!err->set) gr_error_set(err, "%s", d->fail_msg[0] ? d->fail_msg : "the dice failed");
        return -1;
    }
    return 0;
}
