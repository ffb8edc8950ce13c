/* verb.c - Lasalle's `army` verb (armylist.h), for the package to name in
 * its verb table: the Army Builder's lists and the armies built from them.
 *   grognard army lists                 every list id with its nation, army type, theatre, modifier
 *   grognard army show LIST|NATION      a list, or a nation's (or minor state's) tables
 *   grognard army check FILE...         each army and every breach of its list
 *   grognard army roll LIST --seed N [--role attacker|defender] [--support K] [--out FILE]
 *                                       a random legal army, its subcommanders rolled
 * Exit status: 0 done (all legal), 1 a file is illegal or unreadable, 2 bad usage. */
#include "internal.h"
#include "../../core/args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the seed's stream: keeps army rolls apart from a game's dice on the same seed */
#define LASALLE_ARMY_STREAM 0x4C41534C41524D59ull

static lasalle_list_book *book(void)
{
    gr_error err;
    lasalle_list_book *B = lasalle_list_load_book(NULL, &err);
    if (!B) fprintf(stderr, "grognard army: %s\n", err.msg);
    return B;
}

static int cmd_lists(const lasalle_list_book *B)
{
    lasalle_list_ref l;
    char id[96], mod[16];
    int i = 0;
    for (; !lasalle_list_nth(B, i, &l); i++) {
        const lasalle_list_nation *N = &B->nations[l.nation];
        const lasalle_list_army_type *A = &N->armies[l.army];
        if (A->mod_role < 0)
            snprintf(mod, sizeof mod, "-");
        else
            snprintf(mod, sizeof mod, "%s +%d", A->mod_role == LASALLE_LIST_ROLE_ATTACKER ? "Attack" : "Defend",
                     A->mod);
        printf("%-40s %-8s %-22s %-21s %s\n", lasalle_list_id(B, &l, id, sizeof id), N->name, A->name,
               lasalle_list_theatre_name(l.theatre), mod);
    }
    printf("%d lists; minor states for allied brigades:", i);
    for (int s = 0; s < B->nstates; s++)
        if (!B->states[s].scenario_only) printf(" %s", B->states[s].id);
    printf("\n");
    return 0;
}

static int check_one(const lasalle_list_book *B, const char *path)
{
    gr_error err;
    lasalle_army *a = lasalle_army_load_file(path, &err);
    if (!a) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    lasalle_army_report *r = calloc(1, sizeof *r);
    if (!r) {
        free(a);
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    int n = lasalle_army_check(B, a, r);
    printf("%s:\n", path);
    lasalle_army_verb_print(B, a, r);
    free(r);
    free(a);
    return n ? 1 : 0;
}

typedef struct roll_args {
    unsigned long long seed;
    const char *role, *out;
    long support;
} roll_args;

static int cmd_roll(const lasalle_list_book *B, const char *id, const roll_args *ra, const gr_args_spec *spec)
{
    lasalle_list_ref l;
    gr_error err;
    if (lasalle_list_find(B, id, &l, &err)) {
        fprintf(stderr, "grognard army: %s\n", err.msg);
        return 1;
    }
    lasalle_army_gen_opts o = {LASALLE_LIST_ROLE_DEFENDER, (int)ra->support};
    if (ra->role && !strcmp(ra->role, "attacker"))
        o.role = LASALLE_LIST_ROLE_ATTACKER;
    else if (ra->role && strcmp(ra->role, "defender"))
        return gr_args_fail(spec, "--role is attacker or defender");
    gr_dice d;
    gr_dice_init_rng(&d, ra->seed, LASALLE_ARMY_STREAM);
    lasalle_army *a = calloc(1, sizeof *a);
    lasalle_army_report *r = calloc(1, sizeof *r);
    int rc = (!a || !r) ? gr_error_set(&err, "out of memory") : lasalle_army_generate(B, &l, &o, &d, a, &err);
    if (!rc) {
        snprintf(a->name + strlen(a->name), sizeof a->name - strlen(a->name), ", seed %llu", ra->seed);
        lasalle_army_check(B, a, r);
        printf("%s:\n", a->list);
        lasalle_army_verb_print(B, a, r);
        if (ra->out) rc = lasalle_army_write_file(a, ra->out, &err);
        if (!rc && ra->out) printf("written to %s\n", ra->out);
    }
    if (rc) fprintf(stderr, "grognard army: %s\n", err.msg);
    free(a);
    free(r);
    return rc ? 1 : 0;
}

/* runs the subcommand words[0] with the book loaded */
static int run(const gr_args_spec *spec, const gr_args_list *words, const roll_args *ra)
{
    const char *sub = words->v[0];
    bool roll = !strcmp(sub, "roll");
    if (!roll &&
        (gr_args_seen(spec, "--seed") || gr_args_seen(spec, "--role") || gr_args_seen(spec, "--support") ||
         gr_args_seen(spec, "--out")))
        return gr_args_fail(spec, "--seed, --role, --support and --out are for roll");
    if (!strcmp(sub, "lists") && words->n != 1) return gr_args_fail(spec, "lists takes no argument");
    if (!strcmp(sub, "show") && words->n != 2) return gr_args_fail(spec, "show takes one LIST or NATION");
    if (!strcmp(sub, "check") && words->n < 2) return gr_args_fail(spec, "check needs a FILE");
    if (roll && words->n != 2) return gr_args_fail(spec, "roll takes one LIST");
    if (roll && !gr_args_seen(spec, "--seed")) return gr_args_fail(spec, "roll needs --seed N");
    if (strcmp(sub, "lists") && strcmp(sub, "show") && strcmp(sub, "check") && !roll)
        return gr_args_fail(spec, "unknown subcommand '%s'", sub);
    lasalle_list_book *B = book();
    if (!B) return 1;
    int rc = 0;
    if (!strcmp(sub, "lists"))
        rc = cmd_lists(B);
    else if (!strcmp(sub, "show"))
        rc = lasalle_army_verb_show(B, words->v[1]);
    else if (roll)
        rc = cmd_roll(B, words->v[1], ra, spec);
    else
        for (int i = 1; i < words->n; i++) rc |= check_one(B, words->v[i]);
    free(B);
    return rc;
}

int lasalle_army_verb(int argc, char **argv, const gr_host *host)
{
    (void)host;
    roll_args ra = {0, NULL, NULL, LASALLE_ARMY_DEFAULT_SUPPORT};
    gr_args_list words = {argv + 1, 0, argc - 1};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_ULL("--seed", &ra.seed, "N", "roll: the seed of the dice"),
        GR_ARGS_OPT_STRING("--role", &ra.role, "ROLE",
                           "roll: attacker (with the attacker's bonus) or defender (default)"),
        GR_ARGS_OPT_LONG("--support", &ra.support, 0, LASALLE_ARMY_MAX_SUPPORT, "K",
                         "roll: support choices to take (default 1)"),
        GR_ARGS_OPT_STRING("--out", &ra.out, "FILE", "roll: also write the army file there"),
    };
    int seen[LASALLE_LIST_COUNT(opts)] = {0};
    const gr_args_spec spec = {
        .verb = "grognard army",
        .usage = "usage: grognard army lists\n"
                 "       grognard army show LIST|NATION   (a list id such as france-infantry-division-empire)\n"
                 "       grognard army check FILE...\n"
                 "       grognard army roll LIST --seed N [--role attacker|defender] [--support K] [--out FILE]\n",
        .opts = opts,
        .nopts = LASALLE_LIST_COUNT(opts),
        .pos = &words,
        .min_pos = 1,
        .pos_name = "a subcommand (lists, show, check or roll)",
        .seen = seen,
    };
    int status;
    if (gr_args_parse(&spec, argc - 1, argv + 1, &status)) return status;
    if (!strcmp(words.v[0], "help")) {
        gr_args_help(&spec, stdout);
        return 0;
    }
    return run(&spec, &words, &ra);
}
