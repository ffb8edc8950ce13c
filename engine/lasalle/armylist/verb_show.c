/* verb_show.c - what `grognard army show` prints: a list (its core with the
 * attacker's bonus, the support brigades it offers in its theatre with
 * their compositions and values, its special rules and subcommander table)
 * or a nation's or minor state's tables; and the army printout that `check`
 * and `roll` share. Confidence marks [M] and [L] flag readings of the
 * book's flattened tables that are likely (M) or guessed (L). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static const char *conf_mark(int conf)
{
    return conf == LASALLE_LIST_CONF_MEDIUM ? " [M]" : conf == LASALLE_LIST_CONF_LOW ? " [L]" : "";
}

/* a line's unit (or battery) values in the theatre, with its variants */
static void print_line(const lasalle_list_nation *S, const lasalle_list_item *it, int t, const char *indent)
{
    char buf[200], v[64];
    lasalle_list_item_text(S, it, it->n, buf, sizeof buf);
    printf("%s%-44s", indent, buf);
    if (it->kind == LASALLE_LIST_ITEM_BATTERY) {
        int b = lasalle_list_find_battery(S, S->batteries[it->type].name, t);
        const lasalle_list_battery *bt = &S->batteries[b < 0 ? it->type : b];
        printf(" %s, %d %s cannon + %d howitzer%s%s\n", bt->horse ? "horse" : "foot", bt->cannon,
               lasalle_list_weight_name(bt->weight), bt->howitzers, bt->howitzers == 1 ? "" : "s", conf_mark(bt->conf));
        return;
    }
    if (it->kind == LASALLE_LIST_ITEM_SK) {
        printf("\n");
        return;
    }
    for (int k = -1; k < it->nalts; k++) {
        const lasalle_list_unit_type *u = &S->units[k < 0 ? it->type : it->alts[k]];
        if (k >= 0) printf(" | %s", u->name);
        for (int c = 0; c < u->nchoice[t]; c++)
            printf("%s%s%s%s%s", c ? " or " : " ", lasalle_list_values_text(&u->v[t][c], v, sizeof v),
                   u->nchoice[t] > 1 ? " (" : "", u->nchoice[t] > 1 ? u->variants[c] : "",
                   u->nchoice[t] > 1 ? ")" : "");
        printf("%s", conf_mark(u->conf));
    }
    if (it->alt_max >= 0) printf(" (at most %d the alternative)", it->alt_max);
    printf("\n");
}

static void print_brigade(const lasalle_list_nation *S, const lasalle_list_brigade *g, int t, const char *where)
{
    printf("    %s%s%s%s (%s)\n", g->name, g->once ? " (1)" : "", where, conf_mark(g->conf), g->ref);
    for (int i = 0; i < g->nitems; i++) print_line(S, &g->items[i], t, "      ");
}

static void print_offers(const lasalle_list_book *B, const lasalle_list_ref *l)
{
    const lasalle_list_nation *N = &B->nations[l->nation];
    const lasalle_list_army_type *A = &N->armies[l->army];
    for (int kind = 0; kind < LASALLE_LIST_SUP_COUNT; kind++) {
        int shown = 0;
        printf("%s brigades:\n", lasalle_list_support_name(kind));
        for (int k = 0; k < A->noffers; k++) {
            const lasalle_list_offer *o = &A->offers[k];
            if (o->kind != kind || !((o->theatres >> l->theatre) & 1u)) continue;
            shown++;
            if (kind != LASALLE_LIST_SUP_ALLIED) {
                print_brigade(N, &N->brigades[o->target], l->theatre, "");
                continue;
            }
            const lasalle_list_nation *S = &B->states[o->target];
            printf("  %s%s (%s):\n", S->name, conf_mark(o->conf), S->ref);
            for (int b = 0; b < S->nbrigades; b++)
                if ((S->brigades[b].theatres >> l->theatre) & 1u) print_brigade(S, &S->brigades[b], l->theatre, "");
        }
        if (!shown) printf("  (none)\n");
    }
}

static void print_sub_table(const lasalle_list_nation *S, int army, int t)
{
    printf("subcommanders (1d6 for vigor, 1d6 for tactics; %s):\n  roll   ", S->sub.ref);
    for (int r = 1; r <= 6; r++) printf(" %7d", r);
    printf("\n  vigor  ");
    for (int r = 1; r <= 6; r++) printf(" %7s", S->sub.vigor[r - 1] > 0 ? "+1" : S->sub.vigor[r - 1] < 0 ? "-1" : "0");
    printf("\n  tactics");
    for (int r = 1; r <= 6; r++) printf(" %7s", lasalle_list_tactics_name(S->sub.tactics[r - 1]));
    printf("\n");
    int mv = lasalle_list_roll_mod(S, army, t, false), mt = lasalle_list_roll_mod(S, army, t, true);
    if (mv || mt) printf("  modifiers here: vigor %+d, tactics %+d\n", mv, mt);
}

static void print_rules(const lasalle_list_nation *N, const lasalle_list_ref *l)
{
    printf("rules: Officer Tactics and Casualties, Creating Irregular Units (every Army Builder game, K p.93)\n");
    for (int i = 0; i < N->nrules; i++) {
        const lasalle_list_rule *r = &N->rules[i];
        if (!((r->theatres >> l->theatre) & 1u) || (r->armies && !((r->armies >> l->army) & 1u))) continue;
        printf("  %s: %s", lasalle_list_rule_id(r->kind), lasalle_list_rule_text(r->kind));
        for (int k = 0; k < r->nunits; k++) printf("%s%s", k ? ", " : " (", N->units[r->units[k]].name);
        for (int k = 0; k < r->nstates; k++) printf("%s%s", k || r->nunits ? ", " : " (", r->states[k]);
        if (r->nunits || r->nstates) printf(")");
        if (r->role >= 0) printf(", %s only", lasalle_list_role_name(r->role));
        printf(" [%s]\n", r->ref);
    }
}

static void show_list(const lasalle_list_book *B, const lasalle_list_ref *l)
{
    const lasalle_list_nation *N = &B->nations[l->nation];
    const lasalle_list_army_type *A = &N->armies[l->army];
    const lasalle_list_core *c = &A->cores[l->core];
    char id[96];
    printf("%s %s, %s [%s]\n", N->adjective, A->name, lasalle_list_theatre_name(l->theatre),
           lasalle_list_id(B, l, id, sizeof id));
    printf("list: %s; role modifier: ", c->ref);
    if (A->mod_role < 0)
        printf("none\n");
    else
        printf("%s +%d\n", A->mod_role == LASALLE_LIST_ROLE_ATTACKER ? "Attack" : "Defend", A->mod);
    if (A->note[0]) printf("note: %s\n", A->note);
    print_rules(N, l);
    printf("core list%s (a commander and 1 subcommander):\n", conf_mark(c->conf));
    for (int i = 0; i < c->nitems; i++) print_line(N, &c->items[i], l->theatre, "  ");
    printf("attacker's bonus (and 1 more subcommander):\n");
    for (int i = 0; i < c->nbonus; i++) print_line(N, &c->bonus[i], l->theatre, "  ");
    if (c->note[0]) printf("  note: %s\n", c->note);
    print_offers(B, l);
    print_sub_table(N, l->army, l->theatre);
}

/* the first theatre of a set */
static int first_theatre(uint8_t bits)
{
    int t = 0;
    while (t < LASALLE_LIST_TH_COUNT - 1 && !((bits >> t) & 1u)) t++;
    return t;
}

/* a nation's or state's units, batteries and brigades, theatre by theatre */
static void show_nation(const lasalle_list_book *B, const lasalle_list_nation *S)
{
    char th[120], v[64];
    printf("%s (%s) - %s; theatres: %s\n", S->name, S->id, S->ref,
           lasalle_list_theatres_text(S->theatres, th, sizeof th));
    if (S->note[0]) printf("note: %s\n", S->note);
    for (int i = 0; !S->minor && i < lasalle_list_count(B); i++) {
        lasalle_list_ref l;
        lasalle_list_nth(B, i, &l);
        if (&B->nations[l.nation] == S) printf("  list %s\n", lasalle_list_id(B, &l, th, sizeof th));
    }
    printf("unit values (%s):\n", S->refs_values);
    for (int u = 0; u < S->nunits; u++) {
        printf("  %-28s%s", S->units[u].name, S->units[u].scenario_only ? " (scenarios)" : "");
        for (int t = 0; t < LASALLE_LIST_TH_COUNT; t++)
            for (int c = 0; c < S->units[u].nchoice[t]; c++) {
                const lasalle_list_unit_type *ut = &S->units[u];
                printf("%s%s %s", c ? " or" : "  ", c ? "" : lasalle_list_theatre_id(t),
                       lasalle_list_values_text(&ut->v[t][c], v, sizeof v));
                if (ut->nchoice[t] > 1) printf(" (%s)", ut->variants[c]);
            }
        printf("%s\n", conf_mark(S->units[u].conf));
    }
    printf("batteries:\n");
    for (int b = 0; b < S->nbatteries; b++) {
        const lasalle_list_battery *bt = &S->batteries[b];
        printf("  %-20s %s, %d %s cannon + %d howitzer%s (%s)%s\n", bt->name, bt->horse ? "horse" : "foot", bt->cannon,
               lasalle_list_weight_name(bt->weight), bt->howitzers, bt->howitzers == 1 ? "" : "s",
               lasalle_list_theatres_text(bt->theatres, th, sizeof th), conf_mark(bt->conf));
    }
    printf("brigades:\n");
    for (int g = 0; g < S->nbrigades; g++) {
        char where[140];
        snprintf(where, sizeof where, " [%s]", lasalle_list_theatres_text(S->brigades[g].theatres, th, sizeof th));
        print_brigade(S, &S->brigades[g], first_theatre(S->brigades[g].theatres), where);
    }
    print_sub_table(S, -1, first_theatre(S->theatres));
}

int lasalle_army_verb_show(const lasalle_list_book *B, const char *what)
{
    int n = lasalle_list_find_nation(B, what), s = lasalle_list_find_state(B, what);
    if (n >= 0 || s >= 0) {
        show_nation(B, n >= 0 ? &B->nations[n] : &B->states[s]);
        return 0;
    }
    lasalle_list_ref l;
    gr_error err;
    if (lasalle_list_find(B, what, &l, &err)) {
        fprintf(stderr, "grognard army: %s\n", err.msg);
        return 1;
    }
    show_list(B, &l);
    return 0;
}
