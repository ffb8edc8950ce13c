/* verb_army.c - the army printout that `grognard army check` and `roll`
 * share: the list and role, each Force with its subcommander's ratings (and
 * the rolls behind them) and its units with the values they play with, the
 * independents, the army morale total, then "legal" or every breach. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static const char *stats_text(const lasalle_army_stats *s, char *buf, size_t cap)
{
    if (s->arm == LASALLE_LIST_ARM_ART) {
        if (s->swap == LASALLE_ARMY_SWAP_ROCKETS)
            snprintf(buf, cap, "rockets, 3 bases");
        else if (s->swap == LASALLE_ARMY_SWAP_HOWITZER)
            snprintf(buf, cap, "howitzer battery, 4 howitzers");
        else
            snprintf(buf, cap, "%s, %d %s cannon + %d howitzer%s", s->horse ? "horse" : "foot", s->cannon,
                     lasalle_list_weight_name(s->weight), s->howitzers, s->howitzers == 1 ? "" : "s");
        return buf;
    }
    lasalle_list_values v = {true, s->esprit, s->discipline, (int8_t)s->sk, s->traits};
    char tail[64];
    lasalle_list_values_text(&v, tail, sizeof tail);
    snprintf(buf, cap, "%-6s %s", s->bases == 6 ? "large" : "small", tail);
    return buf;
}

static void print_unit(const lasalle_list_book *B, const lasalle_army *a, int f, int i)
{
    const lasalle_army_unit *x = f == LASALLE_ARMY_INDEP ? &a->indep[i] : &a->forces[f].units[i];
    lasalle_army_stats s;
    gr_error err;
    char buf[120], head[160], label[LASALLE_LIST_NAME + 4] = "";
    if (x->name[0]) snprintf(label, sizeof label, " \"%s\"", x->name);
    snprintf(head, sizeof head, "%s%s%s%s", x->type, label, x->variant[0] ? ", " : "", x->variant);
    printf("    %-34s", head);
    if (lasalle_army_unit_stats(B, a, f, i, &s, &err))
        printf(" (%s)", err.msg);
    else
        printf(" %s", stats_text(&s, buf, sizeof buf));
    if (x->irregular) printf(", made irregular");
    if (x->half_deployed) printf(", half deployed");
    if (x->broken_up) printf(", broken up into SK bases");
    if (x->sk_bases) printf(", +%d SK base%s", x->sk_bases, x->sk_bases == 1 ? "" : "s");
    if (x->entrenched) printf(", entrenched");
    printf("\n");
}

static void print_force(const lasalle_list_book *B, const lasalle_army *a, int f)
{
    const lasalle_army_force *F = &a->forces[f];
    printf("  Force %d%s%s%s: ", f + 1, F->name[0] ? " \"" : "", F->name, F->name[0] ? "\"" : "");
    if (!F->support)
        printf("core");
    else
        printf("%s brigade %s%s%s%s", lasalle_list_support_name(F->kind), F->brigade, F->state[0] ? " of " : "",
               F->state, F->reserve ? ", arriving as a reserve" : "");
    const lasalle_army_sub *s = &F->sub;
    if (!s->present)
        printf("; no subcommander\n");
    else {
        printf("; subcommander %s", s->name[0] ? s->name : "unnamed");
        if (s->has_vigor) printf(", vigor %s", s->vigor > 0 ? "+1" : s->vigor < 0 ? "-1" : "0");
        if (s->vigor_roll) printf(" (rolled %d)", s->vigor_roll);
        if (s->has_tactics) printf(", tactics %s", lasalle_list_tactics_name(s->tactics));
        if (s->tactics_roll) printf(" (rolled %d)", s->tactics_roll);
        printf("\n");
    }
    for (int i = 0; i < F->nunits; i++) print_unit(B, a, f, i);
}

void lasalle_army_verb_print(const lasalle_list_book *B, const lasalle_army *a, const lasalle_army_report *r)
{
    printf("  list %s, %s, %d support choice%s agreed%s%s%s\n", a->list, lasalle_list_role_name(a->role),
           a->support_choices, a->support_choices == 1 ? "" : "s", a->name[0] ? "; \"" : "", a->name,
           a->name[0] ? "\"" : "");
    printf("  commander: %s\n", a->has_commander ? (a->commander[0] ? a->commander : "unnamed") : "none");
    for (int f = 0; f < a->nforces; f++) print_force(B, a, f);
    if (a->nindep) printf("  independent units:\n");
    for (int i = 0; i < a->nindep; i++) print_unit(B, a, LASALLE_ARMY_INDEP, i);
    if (a->engineers != LASALLE_ARMY_DEFAULT_ENGINEERS) printf("  engineer bases: %d\n", a->engineers);
    printf("  army morale %d at the start", r->morale);
    if (r->reserve_morale) printf(", %d more as the reserves arrive", r->reserve_morale);
    printf("\n");
    int n = r->nbreaches + r->dropped;
    if (!n) {
        printf("  legal\n");
        return;
    }
    printf("  %d breach%s:\n", n, n == 1 ? "" : "es");
    for (int i = 0; i < r->nbreaches; i++) printf("    - [%s] %s\n", lasalle_army_rule_name(r->b[i].rule), r->b[i].msg);
    if (r->dropped) printf("    ... and %d more\n", r->dropped);
}
