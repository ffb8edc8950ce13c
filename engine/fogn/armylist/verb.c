/* verb.c - fogn's "army" verb (verbs.h): the army lists of Appendix 1
 * (§19) and the armies players build from them.
 *   grognard army lists            the lists with their ids
 *   grognard army show LIST        a list's entries, prices and rules
 *   grognard army check FILE...    cost per division and every breach
 *   grognard army price WORDS...   the §16 price of any unit (verb_price.c)
 * Exit status: 0 all legal, 1 a file is illegal or unreadable, 2 bad usage. */
#include "armylist.h"
#include "verb_price.h"
#include "../verbs.h"
#include "../../core/args.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_json_name(const char *n)
{
    size_t len = strlen(n);
    return len > 5 && strcmp(n + len - 5, ".json") == 0 && n[0] != '.';
}

static int filter_json(const struct dirent *d)
{
    return is_json_name(d->d_name);
}

static int cmd_lists(void)
{
    char dir[1024];
    if (fogn_list_dir(dir, sizeof dir)) {
        fprintf(stderr, "grognard army: cannot find data/fogn/armies (set GROGNARD_ROOT to the checkout)\n");
        return 1;
    }
    struct dirent **names = NULL;
    int n = scandir(dir, &names, filter_json, alphasort);
    if (n < 0) {
        fprintf(stderr, "grognard army: cannot read %s\n", dir);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        gr_error err;
        fogn_army_list *L = fogn_list_load_file(path, &err);
        if (!L) {
            fprintf(stderr, "%s\n", err.msg);
            bad++;
        } else {
            printf("%-24s %-48s %s, initiative %d\n", L->id, L->name, L->ref, L->initiative);
            free(L);
        }
        free(names[i]);
    }
    free(names);
    return bad ? 1 : 0;
}

static fogn_army_list *load_list_arg(const char *arg, gr_error *err)
{
    if (strchr(arg, '/') || is_json_name(arg)) return fogn_list_load_file(arg, err);
    return fogn_list_load_id(arg, err);
}

static void print_sizes(uint8_t sizes)
{
    int k = 0;
    for (int s = 1; s < 8; s++)
        if ((sizes >> s) & 1u) printf("%s%d", k++ ? "/" : "", s);
}

static void print_bounds(int min, int max)
{
    if (min > 0 && max >= 0) printf("%d-%d", min, max);
    else if (max >= 0) printf("max %d", max);
    else if (min > 0) printf("min %d", min);
    else printf("-");
}

static const char *const q_names[] = {"exceptional", "skilled", "competent"};

static void print_caps(uint16_t caps)
{
    static const struct { uint16_t bit; const char *name; } capn[] = {
        {FOGN_CAP_RIFLES, "rifles"}, {FOGN_CAP_LANCERS, "lancers"}, {FOGN_CAP_PART_LANCERS, "part-lancers"},
        {FOGN_CAP_SHOCK, "shock"},   {FOGN_CAP_GUARD, "guard"},     {FOGN_CAP_IMPETUOUS, "impetuous"},
        {FOGN_CAP_IMMOBILE, "immobile"}};
    for (size_t i = 0; i < sizeof capn / sizeof *capn; i++)
        if (caps & capn[i].bit) printf(" %s", capn[i].name);
}

static void print_entries(const fogn_army_list *L, int section)
{
    int natt;
    const char *const *attn = fogn_attach_names(&natt);
    for (int e = 0; e < L->nentries; e++) {
        const fogn_list_entry *en = &L->entries[e];
        if (en->section != section) continue;
        printf("  %-34s %-8s bases ", en->name, en->core ? "core" : "optional");
        print_bounds(en->min, en->max);
        printf("\n");
        for (int r = 0; r < en->nrows; r++) {
            const fogn_list_row *row = &en->rows[r];
            printf("      %-30s %-16s %-8s %-9s", row->name, fogn_list_type_name((fogn_list_type)row->type),
                   fogn_elan_name((fogn_elan)row->elan), fogn_training_name((fogn_training)row->training));
            print_caps(row->caps);
            printf("  %d pts/base", row->pts);
            int f = fogn_list_formula_pts(L, e, r);
            if (f != row->pts) {
                if (f < 0) printf(" (no §16 formula value)");
                else printf(" (§16 formula gives %d)", f);
            }
            printf(", units of ");
            print_sizes(row->sizes);
            printf(", bases ");
            print_bounds(row->min, row->max);
            printf("\n");
        }
        if (en->printed[0]) printf("      printed: %s\n", en->printed);
        if (en->ruling[0]) printf("      ruling: %s\n", en->ruling);
    }
    for (int i = 0; i < L->nrules; i++) {
        const fogn_list_att_rule *R = &L->rules[i];
        if (R->section != section) continue;
        printf("  attachment %-12s", R->name);
        for (int a = 1; a < natt; a++)
            if (R->pts[a] >= 0) printf(" %s %d", attn[a], R->pts[a]);
        printf(": %s\n", R->text);
    }
}

static int cmd_show(const char *arg)
{
    gr_error err;
    fogn_army_list *L = load_list_arg(arg, &err);
    if (!L) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    static const char *const doc[] = {"reformed", "unreformed", "move unreformed, fire reformed"};
    printf("%s (%s) - %s\n", L->name, L->id, L->ref);
    printf("regions:");
    for (int i = 0; i < L->nregions; i++) printf("%s %s", i ? "," : "", L->regions[i]);
    printf("\ninitiative %d; line infantry %s; mixed divisions ", L->initiative, doc[L->doctrine]);
    print_bounds(L->mixed_min, L->mixed_max);
    printf("\ncorps commander:");
    for (int q = 0; q < FOGN_Q_COUNT; q++)
        if ((L->corps_q >> q) & 1u) printf(" %s %d", q_names[q], L->q_pts[q]);
    printf("\ndivisions %d-%d; division commanders:", L->div_min, L->div_max);
    for (int q = 0; q < FOGN_Q_COUNT; q++)
        if (L->q_max[q]) printf(" %s %d (max %d)", q_names[q], L->q_pts[q], L->q_max[q]);
    printf("\ncharismatic +%d, %d-%d\n", L->charismatic_pts, L->charismatic_min, L->charismatic_max);
    if (L->has_fieldworks)
        printf("fieldworks %d pts per base, at most %d bases in all\n", L->fw_pts, L->fw_max);
    print_entries(L, 0);
    for (int k = 0; k < L->nallies; k++) {
        const fogn_list_ally *A = &L->allies[k];
        printf("allies: %s (%s), up to %d division%s; commanders:", A->name, A->id, A->div_max,
               A->div_max == 1 ? "" : "s");
        for (int q = 0; q < FOGN_Q_COUNT; q++)
            if (A->q_pts[q] >= 0) printf(" %s %d (max %d)", q_names[q], A->q_pts[q], A->q_max[q]);
        printf("\n");
        print_entries(L, k + 1);
    }
    printf("special instructions:\n");
    for (int i = 0; i < L->ncons; i++) {
        const fogn_list_constraint *k = &L->cons[i];
        printf("  %s %s", k->kind == FOGN_CK_PLAY ? "(in play, not checked)" : "-", k->text);
        if (k->kind == FOGN_CK_COUNT || k->kind == FOGN_CK_DIVISIONS) {
            printf(": ");
            print_bounds(k->min, k->max);
            if (k->kind == FOGN_CK_COUNT)
                printf(" %s%s", k->bases ? "bases" : (k->count.none ? "attachments" : "units"),
                       k->scope == FOGN_SCOPE_DIVISION ? " per division" : " in the army");
        } else if (k->kind == FOGN_CK_RATIO) {
            printf(" (%d/%d%s)", k->num, k->den, k->strict ? ", strictly more" : " or more");
        }
        if (k->section) printf(" [%s]", L->allies[k->section - 1].name);
        printf("\n");
    }
    free(L);
    return 0;
}

static void print_cmdr(const fogn_army_cmdr *c)
{
    printf("%s, %s%s", c->name[0] ? c->name : "unnamed", c->quality >= 0 ? q_names[c->quality] : "?",
           c->charismatic ? ", charismatic" : "");
}

static int check_one(const char *path)
{
    gr_error err;
    fogn_army *a = fogn_army_load_file(path, &err);
    if (!a) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    fogn_army_list *L = fogn_list_load_id(a->list, &err);
    if (!L) {
        fprintf(stderr, "%s: $.list: %s\n", path, err.msg);
        free(a);
        return 1;
    }
    fogn_army_report *r = calloc(1, sizeof *r);
    if (!r) {
        fprintf(stderr, "out of memory\n");
        free(a);
        free(L);
        return 1;
    }
    int n = fogn_army_check(L, a, r);
    static const char *const kinds[] = {"infantry", "cavalry", "mixed"};
    printf("%s: %s%s%s%s\n", path, L->name, a->name[0] ? " - \"" : "", a->name, a->name[0] ? "\"" : "");
    printf("  corps commander ");
    if (a->has_corps) print_cmdr(&a->corps);
    else printf("none");
    printf(": %d\n", r->corps_pts);
    for (int d = 0; d < a->ndivs; d++) {
        const fogn_army_div *dv = &a->divs[d];
        printf("  division %d%s%s%s (", d + 1, dv->name[0] ? " \"" : "", dv->name, dv->name[0] ? "\"" : "");
        print_cmdr(&dv->cmdr);
        printf("), %s%s, %d units, %d bases: units %d + attachments %d + commander %d = %d\n",
               dv->allied ? "allied " : "", kinds[dv->kind], dv->nunits, r->div_bases[d], r->div_units_pts[d],
               r->div_att_pts[d], r->div_cmdr_pts[d], r->div_pts[d]);
    }
    if (a->nfw) printf("  fieldworks: %d\n", r->fw_pts);
    printf("  total %d of %d points\n", r->total, r->limit);
    if (!n) {
        printf("  legal\n");
    } else {
        printf("  %d breach%s:\n", n, n == 1 ? "" : "es");
        for (int i = 0; i < r->nbreaches; i++)
            printf("    - [%s] %s\n", fogn_army_rule_name((fogn_army_rule)r->b[i].rule), r->b[i].msg);
        if (r->dropped) printf("    ... and %d more\n", r->dropped);
    }
    free(r);
    free(L);
    free(a);
    return n ? 1 : 0;
}

int fogn_army_verb(int argc, char **argv, const gr_host *host)
{
    (void)host;
    /* the subcommand and its arguments, gathered at the front of argv */
    gr_args_list words = {argv + 1, 0, argc - 1};
    const gr_args_spec spec = {
        .verb = "grognard army",
        .usage = "usage: grognard army lists\n"
                 "       grognard army show LIST      (a list id such as anglo-portuguese-1810, or a file)\n"
                 "       grognard army check FILE...\n"
                 "       grognard army price CLASS TRAINING [ELAN] [CAPABILITY...] [BASES]   (the §16 price of any unit)\n",
        .pos = &words, .min_pos = 1, .pos_name = "a subcommand (lists, show, check or price)",
    };
    int status;
    if (gr_args_parse(&spec, argc - 1, argv + 1, &status)) return status;
    const char *sub = words.v[0];
    if (!strcmp(sub, "lists")) {
        if (words.n != 1) return gr_args_fail(&spec, "lists takes no argument");
        return cmd_lists();
    }
    if (!strcmp(sub, "show")) {
        if (words.n != 2) return gr_args_fail(&spec, "show takes one LIST");
        return cmd_show(words.v[1]);
    }
    if (!strcmp(sub, "check")) {
        if (words.n < 2) return gr_args_fail(&spec, "check needs a FILE");
        int bad = 0;
        for (int i = 1; i < words.n; i++) bad += check_one(words.v[i]);
        return bad ? 1 : 0;
    }
    if (!strcmp(sub, "price")) return fogn_army_price(words.n - 1, words.v + 1);
    if (!strcmp(sub, "help")) {
        gr_args_help(&spec, stdout);
        return 0;
    }
    return gr_args_fail(&spec, "unknown subcommand '%s'", sub);
}
