/* test_lasalle_army.c - Lasalle's Army Builder (book chapter K) as data and
 * its checker (engine/lasalle/armylist): every list file loads with the
 * book's tables (subcommander rolls, batteries, unit values), every example
 * army passes, there is one for each nation, and each kind of breach is
 * found and named with the Force, the limit and the page. The generator,
 * the file loaders and the verb have test_lasalle_army_{gen,files,verb}.c.
 * Files are found under $GROGNARD_ROOT (default: the current folder). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/lasalle/armylist/armylist.h"
#include "lasalle_book_fixture.h"

/* --- helpers ------------------------------------------------------------------------------ */

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

static lasalle_army *army_file(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/lasalle/armies/examples/%s", root_dir(), rel);
    gr_error err;
    lasalle_army *a = lasalle_army_load_file(path, &err);
    if (!a) fail_msg("army %s should load: %s", rel, err.msg);
    return a;
}

static lasalle_army_report *check(const lasalle_list_book *B, const lasalle_army *a)
{
    lasalle_army_report *r = calloc(1, sizeof *r);
    assert_non_null(r);
    lasalle_army_check(B, a, r);
    return r;
}

static void dump(const lasalle_army_report *r)
{
    for (int i = 0; i < r->nbreaches; i++)
        fprintf(stderr, "  [%s] %s\n", lasalle_army_rule_name(r->b[i].rule), r->b[i].msg);
}

/* the breach of this rule whose message holds both fragments; fails the test when none */
static const lasalle_army_breach *expect(const lasalle_army_report *r, int rule, const char *f1, const char *f2)
{
    for (int i = 0; i < r->nbreaches; i++) {
        const lasalle_army_breach *b = &r->b[i];
        if (b->rule == rule && (!f1 || strstr(b->msg, f1)) && (!f2 || strstr(b->msg, f2))) return b;
    }
    dump(r);
    fail_msg("no [%s] breach holding \"%s\" and \"%s\"", lasalle_army_rule_name(rule), f1 ? f1 : "", f2 ? f2 : "");
    return NULL;
}

static void expect_legal(const lasalle_list_book *B, const lasalle_army *a)
{
    lasalle_army_report *r = check(B, a);
    if (r->nbreaches) {
        dump(r);
        fail_msg("%s should be legal", a->list);
    }
    free(r);
}

static const lasalle_list_nation *nation(const lasalle_list_book *B, const char *id)
{
    int n = lasalle_list_find_nation(B, id);
    assert_true(n >= 0);
    return &B->nations[n];
}

static int army_index(const lasalle_list_nation *N, const char *id)
{
    for (int a = 0; a < N->narmies; a++)
        if (!strcmp(N->armies[a].id, id)) return a;
    fail_msg("no army type %s", id);
    return -1;
}

/* --- the data ------------------------------------------------------------------------------ */

/* K p.92: six nations, the minor states, 31 lists; each nation file also loads alone */
static void test_k_every_list_file_loads(void **state)
{
    const lasalle_list_book *B = *state;
    assert_int_equal(B->nnations, 6);
    assert_int_equal(B->nstates, 15);
    assert_int_equal(lasalle_list_count(B), 31);
    static const char *const ids[] = {"austria", "britain", "france", "prussia", "russia", "spain"};
    lasalle_list_nation *N = malloc(sizeof *N);
    assert_non_null(N);
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        char path[1024];
        gr_error err;
        snprintf(path, sizeof path, "%s/data/lasalle/armies/%s.json", root_dir(), ids[i]);
        if (lasalle_list_load_nation(path, N, &err)) fail_msg("%s: %s", ids[i], err.msg);
        assert_string_equal(N->id, ids[i]);
        assert_true(N->narmies >= 1);
    }
    free(N);
    lasalle_list_ref l;
    gr_error err;
    assert_int_equal(lasalle_list_find(B, "france-guard-division-liberation", &l, &err), 0);
    assert_int_equal(l.theatre, LASALLE_LIST_TH_LIBERATION);
    assert_int_equal(lasalle_list_find(B, "france-guard-division-peninsula", &l, &err), -1);
    assert_non_null(strstr(err.msg, "france-guard-division-empire"));
}

/* K p.95 and each nation's table: vigor and tactics on 1d6 with the lists' modifiers */
static void test_k_subcommander_tables(void **state)
{
    const lasalle_list_book *B = *state;
    const lasalle_list_nation *F = nation(B, "france"), *A = nation(B, "austria"), *P = nation(B, "prussia");
    const lasalle_list_nation *S = nation(B, "spain"), *G = nation(B, "britain");
    assert_int_equal(lasalle_list_vigor(F, 0, LASALLE_LIST_TH_EMPIRE, 1), -1);
    assert_int_equal(lasalle_list_vigor(F, 0, LASALLE_LIST_TH_EMPIRE, 3), 0);
    assert_int_equal(lasalle_list_vigor(F, 0, LASALLE_LIST_TH_EMPIRE, 4), 1);
    assert_int_equal(lasalle_list_tactics(F, 0, LASALLE_LIST_TH_EMPIRE, 1), LASALLE_LIST_TAC_POOR);
    assert_int_equal(lasalle_list_tactics(F, 0, LASALLE_LIST_TH_EMPIRE, 4), LASALLE_LIST_TAC_AVERAGE);
    assert_int_equal(lasalle_list_tactics(F, 0, LASALLE_LIST_TH_EMPIRE, 5), LASALLE_LIST_TAC_GOOD);
    int inf = army_index(A, "infantry-division"), ag = army_index(A, "avant-garde-division");
    assert_int_equal(lasalle_list_vigor(A, inf, LASALLE_LIST_TH_EMPIRE, 2), -1);
    assert_int_equal(lasalle_list_vigor(A, ag, LASALLE_LIST_TH_EMPIRE, 2), 0); /* Avant-Garde: +1 to vigor */
    assert_int_equal(lasalle_list_vigor(A, ag, LASALLE_LIST_TH_EMPIRE, 5), 1);
    assert_int_equal(lasalle_list_tactics(A, ag, LASALLE_LIST_TH_EMPIRE, 5),
                     LASALLE_LIST_TAC_AVERAGE); /* not tactics */
    assert_int_equal(lasalle_list_vigor(P, 0, LASALLE_LIST_TH_CONQUEST, 5), 0);
    assert_int_equal(lasalle_list_vigor(P, 0, LASALLE_LIST_TH_LIBERATION, 5), 1); /* +1 to both from 1813 */
    assert_int_equal(lasalle_list_tactics(P, 0, LASALLE_LIST_TH_HUNDRED_DAYS, 2), LASALLE_LIST_TAC_AVERAGE);
    assert_int_equal(lasalle_list_vigor(S, 0, LASALLE_LIST_TH_PENINSULA, 3), -1);
    assert_int_equal(lasalle_list_vigor(G, 0, LASALLE_LIST_TH_PENINSULA, 5), 1);
    assert_int_equal(lasalle_list_tactics(G, 0, LASALLE_LIST_TH_PENINSULA, 2), LASALLE_LIST_TAC_AVERAGE);
    const lasalle_list_nation *W = &B->states[lasalle_list_find_state(B, "warsaw")];
    const lasalle_list_nation *Bv = &B->states[lasalle_list_find_state(B, "bavaria")];
    assert_int_equal(lasalle_list_vigor(W, -1, LASALLE_LIST_TH_EMPIRE, 5), 1); /* Warsaw: +1 */
    assert_int_equal(lasalle_list_vigor(Bv, -1, LASALLE_LIST_TH_EMPIRE, 5), 0);
    assert_int_equal(lasalle_list_tactics(W, -1, LASALLE_LIST_TH_EMPIRE, 5), LASALLE_LIST_TAC_GOOD);
}

/* the battery tables: cannon, howitzers, weight, foot or horse */
static void test_k_artillery_values(void **state)
{
    const lasalle_list_book *B = *state;
    const lasalle_list_nation *R = nation(B, "russia"), *F = nation(B, "france"), *S = nation(B, "spain");
    const lasalle_list_battery *b = &R->batteries[lasalle_list_find_battery(R, "Horse BTY", LASALLE_LIST_TH_EMPIRE)];
    assert_true(b->horse);
    assert_int_equal(b->cannon, 3);
    assert_int_equal(b->howitzers, 2);
    b = &F->batteries[lasalle_list_find_battery(F, "Reserve BTY", LASALLE_LIST_TH_EMPIRE)];
    assert_int_equal(b->cannon, 3);
    assert_int_equal(b->weight, LASALLE_LIST_W_HEAVY);
    assert_int_equal(b->howitzers, 1);
    b = &S->batteries[lasalle_list_find_battery(S, "Foot BTY", LASALLE_LIST_TH_PENINSULA)];
    assert_int_equal(b->cannon + b->howitzers, 3);
    const lasalle_list_nation *H = &B->states[lasalle_list_find_state(B, "holland")];
    int e = lasalle_list_find_battery(H, "Horse BTY", LASALLE_LIST_TH_EMPIRE);
    int h = lasalle_list_find_battery(H, "Horse BTY", LASALLE_LIST_TH_HUNDRED_DAYS);
    assert_true(e >= 0 && h >= 0 && e != h); /* French guns in 1809, British in 1815 */
}

/* unit values per theatre, declared variants, aliases and accents */
static void test_k_unit_values(void **state)
{
    const lasalle_list_book *B = *state;
    const lasalle_list_nation *A = nation(B, "austria"), *P = nation(B, "prussia"), *F = nation(B, "france");
    const lasalle_list_unit_type *g = &A->units[lasalle_list_find_unit(A, "grenz")];
    assert_int_equal(g->nchoice[LASALLE_LIST_TH_CONQUEST], 1);
    assert_int_equal(g->nchoice[LASALLE_LIST_TH_EMPIRE], 2);
    assert_int_equal(g->v[LASALLE_LIST_TH_EMPIRE][1].discipline, LASALLE_LIST_DISC_IRREGULAR);
    assert_int_equal(g->v[LASALLE_LIST_TH_EMPIRE][1].sk, 2);
    assert_int_equal(lasalle_list_find_unit(A, "Jager"), lasalle_list_find_unit(A, "Jäger"));
    const lasalle_list_unit_type *lw = &P->units[lasalle_list_find_unit(P, "Landwehr")];
    assert_int_equal(lw->v[LASALLE_LIST_TH_LIBERATION][0].esprit, LASALLE_LIST_ESP_UNPREDICTABLE);
    assert_int_equal(lw->nchoice[LASALLE_LIST_TH_CONQUEST], 0);
    const lasalle_list_unit_type *og = &F->units[lasalle_list_find_unit(F, "Old Guard Lancers")];
    assert_int_equal(og->v[LASALLE_LIST_TH_EMPIRE][0].traits,
                     LASALLE_LIST_TRAIT_SHOCK | LASALLE_LIST_TRAIT_LANCE | LASALLE_LIST_TRAIT_GUARD);
    const lasalle_list_unit_type *dr = &F->units[lasalle_list_find_unit(F, "Dragoon")];
    assert_false(dr->v[LASALLE_LIST_TH_CONQUEST][0].traits & LASALLE_LIST_TRAIT_SHOCK);
    assert_true(dr->v[LASALLE_LIST_TH_EMPIRE][0].traits & LASALLE_LIST_TRAIT_SHOCK);
    lasalle_list_values v;
    const char *why;
    assert_int_equal(lasalle_list_values_parse("Valiant/Experienced/SK2/Guard", &v, &why), 0);
    char buf[64];
    assert_string_equal(lasalle_list_values_text(&v, buf, sizeof buf), "Val/Exp/SK2/Guard");
    assert_int_equal(lasalle_list_values_parse("Rel/Exp/SK5", &v, &why), -1);
}

/* --- examples ----------------------------------------------------------------------------- */

static int json_name(const struct dirent *d)
{
    size_t n = strlen(d->d_name);
    return n > 5 && !strcmp(d->d_name + n - 5, ".json");
}

/* every example army passes, and every nation has one */
static void test_k_examples_pass(void **state)
{
    const lasalle_list_book *B = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/data/lasalle/armies/examples", root_dir());
    struct dirent **names = NULL;
    int n = scandir(dir, &names, json_name, alphasort);
    assert_true(n >= 6);
    bool seen[LASALLE_LIST_MAX_NATIONS] = {false};
    for (int i = 0; i < n; i++) {
        lasalle_army *a = army_file(names[i]->d_name);
        expect_legal(B, a);
        lasalle_list_ref l;
        gr_error err;
        assert_int_equal(lasalle_list_find(B, a->list, &l, &err), 0);
        seen[l.nation] = true;
        free(a);
        free(names[i]);
    }
    free(names);
    for (int k = 0; k < B->nnations; k++)
        if (!seen[k]) fail_msg("no example army for %s", B->nations[k].name);
}

/* F p.66: the army morale total, reserves apart; a half-deployed large unit counts small */
static void test_k_morale_totals(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("austria-avant-garde-1809.json");
    lasalle_army_report *r = check(B, a);
    /* half-deployed Grenz 2, 3 Infantry (+) 9, Uhlan 3, battery 1, Grenz 3, Hussar 3,
     * 4 Hussars 8, battery 1, the independent Jäger 2 */
    assert_int_equal(r->morale, 32);
    assert_int_equal(r->reserve_morale, 0);
    free(r);
    free(a);
    a = army_file("france-infantry-division-1813.json");
    r = check(B, a);
    assert_int_equal(r->reserve_morale, 7); /* the Polish lancers arrive as a reserve */
    free(r);
    free(a);
}

/* --- breaches ------------------------------------------------------------------------------- */

/* the broken example that makes (nearly) every mistake: each is named */
static void test_k_every_kind_of_breach(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("broken/france-many-breaches.json");
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_COMMANDER, "no commander", "(K, p.93)");
    expect(r, LASALLE_ARMY_R_UNIT, "Force 1, unit 9 (Grenadier)", "France has no unit type");
    expect(r, LASALLE_ARMY_R_CORE, "unit 8 (Hussar) is not in the Infantry Division core list", "(K France, p.106)");
    expect(r, LASALLE_ARMY_R_CORE, "the army has 8 where the core list has 6 Veteran Infantry",
           "the attacker's bonus (2 more) is added only when attacking (K, p.93)");
    expect(r, LASALLE_ARMY_R_FORCE_SIZE, "Force 2 (\"Lonely battery\") has 1 unit; a Force needs at least 2",
           "(K, p.95)");
    expect(r, LASALLE_ARMY_R_FORCES, "a defending army has 1 core Force", "the army has 2");
    expect(r, LASALLE_ARMY_R_SUPPORT_COUNT, "5 support brigades; the players agreed on 1 support choice", "(K, p.94)");
    expect(r, LASALLE_ARMY_R_ONCE, "2 French Lancer brigades", "the list allows 0-1 (K France, p.108)");
    expect(r, LASALLE_ARMY_R_COMPOSITION, "Force 4", "the Lancer brigade has 4 Lancer; the Force has 3");
    expect(r, LASALLE_ARMY_R_SUPPORT_OFFER, "the Cuirassier brigade is not an organic choice",
           "it is a reserve choice");
    expect(r, LASALLE_ARMY_R_SUPPORT_OFFER, "Danish brigades are not an allied choice", "Empire theatre");
    expect(r, LASALLE_ARMY_R_SUPPORT_OFFER,
           "a Polish cavalry brigade joins the French Infantry Division only as a reserve", "(K France, p.109)");
    expect(r, LASALLE_ARMY_R_SUBCOMMANDER, "vigor roll of 1 gives -1 on the France table, not +1", NULL);
    expect(r, LASALLE_ARMY_R_SUBCOMMANDER, "Force 2", "has no subcommander");
    expect(r, LASALLE_ARMY_R_SUBCOMMANDER, "Force 4", "no tactics rating yet");
    expect(r, LASALLE_ARMY_R_ENTRENCHED, "unit 2 (Veteran Infantry) may not begin the game entrenched", NULL);
    expect(r, LASALLE_ARMY_R_HALF_BATTALION, "unit 3", "does not allow Half Battalion Deployed");
    expect(r, LASALLE_ARMY_R_IRREGULAR, "unit 8 (Hussar)",
           "only regular infantry with SK2 or SK3 may be made Irregular");
    expect(r, LASALLE_ARMY_R_INDEPENDENT, "independent unit 1", "(H, p.74)");
    expect(r, LASALLE_ARMY_R_SWAP, "Divisional BTY", "rocket unit");
    expect(r, LASALLE_ARMY_R_ENGINEERS, "2 engineer bases; the list allows at most 1", "(H, p.77)");
    expect(r, LASALLE_ARMY_R_SKIRMISH, "SK2 with 2 SK bases makes SK4", "no unit's SK may exceed 3");
    /* a Danish brigade the list does not offer is not also checked for its units */
    for (int i = 0; i < r->nbreaches; i++)
        assert_false(r->b[i].rule == LASALLE_ARMY_R_COMPOSITION && r->b[i].force == 5);
    free(r);
    free(a);
}

/* K Austria: Grenz must be declared; Austria takes no allies */
static void test_k_austria_grenz_and_allies(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("broken/austria-allies-and-grenz.json");
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_UNIT, "Force 2, unit 1 (Grenz) must be declared regular or irregular",
           "(K Austria, p.100)");
    expect(r, LASALLE_ARMY_R_UNIT, "Force 2, unit 2 (Grenz)", "not light");
    expect(r, LASALLE_ARMY_R_SUPPORT_OFFER, "Austria may not take allied brigades", NULL);
    assert_int_equal(r->nbreaches, 3);
    free(r);
    free(a);
}

/* K Spain: no reserves; K France: one Guard lancer regiment; allied brigades start on the table */
static void test_k_spain_reserve_and_guard_lancers(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("broken/spain-reserve.json");
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_SUPPORT_OFFER, "Spain has no reserve brigades", "(K Spain, p.118)");
    assert_int_equal(r->nbreaches, 1);
    free(r);
    free(a);
    a = army_file("broken/france-guard-cavalry.json");
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_COMPOSITION, "at most 1 of the 2 Old Guard Cavalry (+) or Old Guard Lancers (+)",
           "there are 2");
    expect(r, LASALLE_ARMY_R_SUPPORT_OFFER, "an allied brigade starts on the table", NULL);
    assert_int_equal(r->nbreaches, 2);
    free(r);
    free(a);
}

/* K p.93: the attacker's bonus is needed when attacking, with its second core Force */
static void test_k_attacker_bonus(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("france-infantry-division-1813.json");
    a->forces[1].nunits--; /* one Divisional BTY fewer */
    a->forces[0].nunits--; /* ... and one Conscript Infantry fewer */
    a->forces[0].units[4] = a->forces[0].units[5];
    a->forces[0].units[4].battery = true;
    snprintf(a->forces[0].units[4].type, sizeof a->forces[0].units[4].type, "Divisional BTY");
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_CORE,
           "the list needs 9 Conscript Infantry (6 in the core list, 3 in the attacker's bonus)",
           "the army has 8 (K France, p.107)");
    expect(r, LASALLE_ARMY_R_CORE, "the list needs 2 Divisional BTY", "the army has 1");
    free(r);
    a->role = LASALLE_LIST_ROLE_DEFENDER;
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_FORCES, "a defending army has 1 core Force", "the army has 2 (K, p.93)");
    expect(r, LASALLE_ARMY_R_CORE, "the army has 8 where the core list has 6 Conscript Infantry", NULL);
    free(r);
    free(a);
}

/* K p.94-95: the agreed support choices, (1) brigades, subcommander rolls */
static void test_k_support_count_once_and_rolls(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("france-guard-division-1809.json");
    a->support_choices = 3;
    a->forces[a->nforces] = a->forces[3]; /* the Old Guard (1) a second time */
    a->nforces++;
    a->forces[2].sub.tactics = LASALLE_LIST_TAC_POOR;
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_ONCE, "2 French Old Guard Infantry brigades", "0-1");
    expect(r, LASALLE_ARMY_R_SUBCOMMANDER, "Force 3 (\"Guard cavalry\"): the subcommander's tactics roll of 5",
           "gives good on the France table, not poor (K France, p.109)");
    assert_int_equal(r->nbreaches, 2);
    free(r);
    a->support_choices = 2;
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_SUPPORT_COUNT, "3 support brigades; the players agreed on 2 support choices", NULL);
    free(r);
    free(a);
}

/* B p.16, H p.74: SK bases stay in their Force; SK1 units do not break up unless the list says */
static void test_k_skirmish_bases(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("prussia-infantry-brigade-1815.json");
    a->forces[0].units[2].sk_bases = 1; /* the core's 2 free SK bases are spoken for */
    a->forces[1].units[0].sk_bases = 1; /* the Abteilung has none to give */
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_SKIRMISH, "the core Forces receive 3 SK bases more than their own break-ups give",
           "cover 2 (B, p.16)");
    expect(r, LASALLE_ARMY_R_SKIRMISH, "Force 2 (\"Second Abteilung\"): its units receive 1 SK base,", "give only 0");
    free(r);
    free(a);
    a = army_file("france-infantry-division-1813.json");
    a->forces[1].units[0].broken_up = true; /* a Conscript (SK1) */
    a->forces[0].units[1].irregular = true; /* SK2 with its SK base, SK1 inherent */
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_SKIRMISH, "Force 2, unit 1 (Conscript Infantry)",
           "only infantry with SK2 or SK3 may be broken up");
    expect(r, LASALLE_ARMY_R_IRREGULAR, "Force 1, unit 2", "SK2 or SK3");
    expect(r, LASALLE_ARMY_R_SKIRMISH, "Force 1, unit 2", "only regular infantry receives SK bases");
    free(r);
    free(a);
    a = army_file("russia-infantry-division-1805.json");
    a->forces[0].units[3].sk_bases = 1; /* a 4-base Jäger gives only 2 SK bases (K Russia) */
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_SKIRMISH, "the core Forces receive 1 SK base more", "cover 0");
    free(r);
    free(a);
}

/* list options: Half Battalion Deployed, rockets, howitzer batteries, entrenchments */
static void test_k_list_options(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("britain-light-division-1811.json");
    a->forces[0].units[2].half_deployed = true; /* a small unit */
    a->forces[2].units[4].swap = LASALLE_ARMY_SWAP_ROCKETS; /* a second rocket unit */
    a->forces[1].units[0].half_deployed = true; /* Portuguese: the British rule is not theirs */
    lasalle_army_report *r = check(B, a);
    expect(r, LASALLE_ARMY_R_HALF_BATTALION, "Force 1, unit 3", "only a large infantry unit");
    expect(r, LASALLE_ARMY_R_HALF_BATTALION, "Force 2, unit 1", "does not allow");
    expect(r, LASALLE_ARMY_R_SWAP, "Force 3, unit 5 (RHA BTY)", "allows 1 battery exchanged for a rocket unit");
    free(r);
    free(a);
    a = army_file("russia-infantry-division-1812.json");
    a->role = LASALLE_LIST_ROLE_ATTACKER;
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_ENTRENCHED, "Force 2, unit 1 (Opolcheniye)", "unless its army defends");
    free(r);
    free(a);
    a = army_file("prussia-infantry-brigade-1815.json");
    snprintf(a->list, sizeof a->list, "prussia-infantry-brigade-conquest");
    r = check(B, a);
    expect(r, LASALLE_ARMY_R_UNIT, "Force 1, unit 1 (Infantry) has no value in the Conquest theatre", NULL);
    expect(r, LASALLE_ARMY_R_SWAP, "Foot BTY", "howitzer battery");
    free(r);
    free(a);
}

/* an unknown list is one breach, named with the lists near it */
static void test_k_unknown_list(void **state)
{
    const lasalle_list_book *B = *state;
    lasalle_army *a = army_file("spain-infantry-division-1809.json");
    snprintf(a->list, sizeof a->list, "spain-guard-division-peninsula");
    lasalle_army_report *r = check(B, a);
    assert_int_equal(r->nbreaches, 1);
    expect(r, LASALLE_ARMY_R_LIST, "no army list \"spain-guard-division-peninsula\"",
           "spain-infantry-division-peninsula");
    free(r);
    free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k_every_list_file_loads),
        cmocka_unit_test(test_k_subcommander_tables),
        cmocka_unit_test(test_k_artillery_values),
        cmocka_unit_test(test_k_unit_values),
        cmocka_unit_test(test_k_examples_pass),
        cmocka_unit_test(test_k_morale_totals),
        cmocka_unit_test(test_k_every_kind_of_breach),
        cmocka_unit_test(test_k_austria_grenz_and_allies),
        cmocka_unit_test(test_k_spain_reserve_and_guard_lancers),
        cmocka_unit_test(test_k_attacker_bonus),
        cmocka_unit_test(test_k_support_count_once_and_rolls),
        cmocka_unit_test(test_k_skirmish_bases),
        cmocka_unit_test(test_k_list_options),
        cmocka_unit_test(test_k_unknown_list),
    };
    return cmocka_run_group_tests(tests, ls_book_setup, ls_book_teardown);
}
