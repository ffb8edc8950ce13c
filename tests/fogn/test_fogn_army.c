/* test_fogn_army.c - the army lists of Appendix 1 (§19) as data and the army
 * validator (armylist_*.c): every list file loads, every example army is legal
 * with its exact points total (§16), and each kind of breach is reported with
 * its reason, the division and unit it concerns, and the rule's section.
 * Files are found under $GROGNARD_ROOT (default: the current directory). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/fogn/armylist/armylist.h"

/* --- helpers ------------------------------------------------------------------------ */

static const char *root_dir(void)
{
    const char *r = getenv("GROGNARD_ROOT");
    return (r && *r) ? r : ".";
}

static fogn_army_list *list_id(const char *id)
{
    gr_error err;
    fogn_army_list *L = fogn_list_load_id(id, &err);
    if (!L) fail_msg("list %s should load: %s", id, err.msg);
    return L;
}

static fogn_army *army_file(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root_dir(), rel);
    gr_error err;
    fogn_army *a = fogn_army_load_file(path, &err);
    if (!a) fail_msg("army %s should load: %s", rel, err.msg);
    return a;
}

static fogn_army_report *new_report(void)
{
    fogn_army_report *r = calloc(1, sizeof *r);
    assert_non_null(r);
    return r;
}

static void dump(const fogn_army_report *r)
{
    for (int i = 0; i < r->nbreaches; i++)
        fprintf(stderr, "  [%s] %s\n", fogn_army_rule_name((fogn_army_rule)r->b[i].rule), r->b[i].msg);
}

/* the breach of this rule whose message holds both fragments, or NULL */
static const fogn_army_breach *find_breach(const fogn_army_report *r, int rule, const char *f1, const char *f2)
{
    for (int i = 0; i < r->nbreaches; i++) {
        const fogn_army_breach *b = &r->b[i];
        if (b->rule == rule && (!f1 || strstr(b->msg, f1)) && (!f2 || strstr(b->msg, f2))) return b;
    }
    return NULL;
}

static const fogn_army_breach *expect_breach(const fogn_army_report *r, int rule, const char *f1, const char *f2)
{
    const fogn_army_breach *b = find_breach(r, rule, f1, f2);
    if (!b) {
        dump(r);
        fail_msg("no [%s] breach holding \"%s\" and \"%s\"", fogn_army_rule_name((fogn_army_rule)rule), f1 ? f1 : "",
                 f2 ? f2 : "");
    }
    return b;
}

static int count_rule(const fogn_army_report *r, int rule)
{
    int n = 0;
    for (int i = 0; i < r->nbreaches; i++) n += r->b[i].rule == rule;
    return n;
}

static void expect_legal(const fogn_army_list *L, const fogn_army *a, fogn_army_report *r, int total)
{
    int n = fogn_army_check(L, a, r);
    if (n) {
        dump(r);
        fail_msg("%s: %d breaches, expected a legal army", a->name, n);
    }
    assert_int_equal(r->total, total);
    assert_true(r->total <= r->limit);
}

static void set_unit(fogn_army_unit *u, const char *entry, const char *row, int bases)
{
    memset(u, 0, sizeof *u);
    snprintf(u->entry, sizeof u->entry, "%s", entry);
    snprintf(u->row, sizeof u->row, "%s", row ? row : "");
    u->bases = bases;
}

static fogn_army_unit *add_unit(fogn_army *a, int d, const char *entry, const char *row, int bases)
{
    fogn_army_div *dv = &a->divs[d];
    assert_true(dv->nunits < FOGN_ARMY_MAX_UNITS);
    fogn_army_unit *u = &dv->units[dv->nunits++];
    set_unit(u, entry, row, bases);
    return u;
}

#define AP_EXAMPLE "data/fogn/armies/examples/anglo-portuguese-800.json"

/* --- §19: the data ----------------------------------------------------------------- */

/* §19: the eight lists load, with their ids, initiative ratings and sizes */
static void test_s19_every_list_loads(void **state)
{
    (void)state;
    static const struct { const char *id; int initiative; int min_entries; int allies; } lists[] = {
        {"anglo-portuguese-1810", 1, 19, 1}, {"army-of-spain-1810", 1, 15, 0}, {"french-corps-1812", 3, 13, 1},
        {"russian-corps-1812", 1, 15, 0},    {"ottoman-1809", 0, 22, 0},       {"french-corps-1813", 2, 17, 0},
        {"prussian-corps-1813", 3, 13, 0},   {"austrian-corps-1813", 1, 13, 0},
    };
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
        fogn_army_list *L = list_id(lists[i].id);
        assert_string_equal(L->id, lists[i].id);
        assert_int_equal(L->initiative, lists[i].initiative);
        assert_true(L->nentries >= lists[i].min_entries);
        assert_int_equal(L->nallies, lists[i].allies);
        assert_true(L->div_min >= 2 && L->div_max <= 4);
        assert_true(L->nrules >= 2);
        for (int e = 0; e < L->nentries; e++) assert_true(L->entries[e].nrows >= 1);
        free(L);
    }
}

/* §16: British Foot Guards = reformed veteran 13 + superior 4 + guard 4 = 21, as the list prints */
static void test_s16_foot_guards_formula_21(void **state)
{
    (void)state;
    fogn_army_list *L = list_id("anglo-portuguese-1810");
    int e = fogn_list_find_entry(L, "British Foot Guards");
    assert_true(e >= 0);
    assert_int_equal(L->entries[e].rows[0].pts, 21);
    assert_int_equal(fogn_list_formula_pts(L, e, 0), 21);
    /* the list's line infantry is priced as reformed though it moves unreformed */
    int bi = fogn_list_find_entry(L, "British Infantry");
    assert_int_equal(fogn_list_formula_pts(L, bi, fogn_list_find_row(L, bi, "Avg Vet")), 13);
    free(L);
}

/* §23 #30: where the list and the §16 formula differ, the army pays the list price */
static void test_s23_30_list_price_is_authoritative(void **state)
{
    (void)state;
    fogn_army_list *L = list_id("russian-corps-1812");
    int e = fogn_list_find_entry(L, "Opolchenie");
    assert_int_equal(L->entries[e].rows[0].pts, 4);
    assert_int_equal(fogn_list_formula_pts(L, e, 0), 5);
    fogn_army *a = army_file("data/fogn/armies/examples/russian-corps-1812-800.json");
    fogn_army_report *r = new_report();
    fogn_army_check(L, a, r);
    /* 26th Division: Jaegers 4x16 + Musketeers 6x7 + Grenadiers 6x13 + Opolchenie 6x4 + 12 pdr 2x24 = 256 */
    assert_int_equal(r->div_units_pts[1], 64 + 42 + 78 + 24 + 48);
    free(r);
    free(a);
    free(L);
}

/* §16, §19: every example army of every list is legal at 800 points, with its exact total */
static void test_s19_examples_legal_with_exact_totals(void **state)
{
    (void)state;
    static const struct { const char *file; int total; } ex[] = {
        /* Anglo-Portuguese, by hand (§16, §19.1): corps Wellington exceptional 80.
         * 3rd Division: Picton skilled 50; 6 British Avg Vet x13 = 78 + skirmishers 8; 4 Avg Drilled x10 = 40;
         *   6 Portuguese Avg Drilled x10 = 60 + officer 12; 2 foot artillery Avg Drilled x20 = 40  -> 288.
         * 1st Division: Spencer competent 30; 4 Avg Vet x13 = 52 + rifle skirmishers 10; 4 Avg Drilled = 40;
         *   4 British Light Avg Vet x16 = 64; 4 KGL Sup Vet x17 = 68 + officer 12  -> 276.
         * Cavalry: Cotton competent 30; 4 Dragoons x12 = 48; 4 Light Dragoons x8 = 32; 4 Hussars x11 = 44 -> 154.
         * 80 + 288 + 276 + 154 = 798. */
        {"anglo-portuguese-800.json", 798},
        {"army-of-spain-800.json", 796},
        {"french-corps-1812-800.json", 800},
        /* French 1812 with an allied division: Ney skilled charismatic 60; 10th Division 290 (Ledru 50, units
         * 78+42+48+40, skirmishers 8 + officer 12 + howitzer 12); Württembergers 188 (allied competent 20,
         * 36+32+40+40, officer 12 + skirmishers 8); Light Cavalry 246 (30, 32+32+52+52+48) -> 784. */
        {"french-corps-1812-allies-800.json", 784},
        /* Russians, by hand (§19.4): Bagration skilled 50 + charismatic 10 = 60; a small fieldwork 2x10 = 20.
         * 24th Division: competent 30; Musketeers 6x10 + 6x10 + conscripts 4x7 = 148; 6 pdr Vet 2x28 = 56;
         *   officer 12 + cavalry 6 + artillery 10  -> 262.
         * 26th Division: skilled 50; 256 of units (see the §23 #30 test) + artillery 10  -> 316.
         * Cavalry: competent 30; Dragoons 4x10 + Hussars 4x8 + Cossacks 4x7 = 100 + artillery 10  -> 140.
         * 60 + 20 + 262 + 316 + 140 = 798. */
        {"russian-corps-1812-800.json", 798},
        {"ottoman-1809-800.json", 794},
        {"french-corps-1813-800.json", 786},
        {"prussian-corps-1813-800.json", 786},
        {"austrian-corps-1813-800.json", 784},
    };
    for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "data/fogn/armies/examples/%s", ex[i].file);
        fogn_army *a = army_file(rel);
        fogn_army_list *L = list_id(a->list);
        fogn_army_report *r = new_report();
        expect_legal(L, a, r, ex[i].total);
        assert_int_equal(r->limit, 800);
        free(r);
        free(L);
        free(a);
    }
}

/* §19: every list has a legal example (the list ids above all appear among the examples) */
static void test_s19_every_list_has_an_example(void **state)
{
    (void)state;
    static const char *const ids[] = {"anglo-portuguese-1810", "army-of-spain-1810", "french-corps-1812",
                                       "russian-corps-1812", "ottoman-1809", "french-corps-1813",
                                       "prussian-corps-1813", "austrian-corps-1813"};
    static const char *const files[] = {"anglo-portuguese-800", "army-of-spain-800", "french-corps-1812-800",
                                         "russian-corps-1812-800", "ottoman-1809-800", "french-corps-1813-800",
                                         "prussian-corps-1813-800", "austrian-corps-1813-800"};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "data/fogn/armies/examples/%s.json", files[i]);
        fogn_army *a = army_file(rel);
        assert_string_equal(a->list, ids[i]);
        free(a);
    }
}

/* --- each kind of breach --------------------------------------------------------------- */

/* §16: over the points limit */
static void test_s16_over_points(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 750;
    assert_int_equal(fogn_army_check(L, a, r), 1);
    const fogn_army_breach *b = expect_breach(r, FOGN_AR_POINTS, "798 points", "48 over the limit of 750 (§16)");
    assert_int_equal(b->division, -1);
    free(r);
    free(L);
    free(a);
}

/* §19.1: below an entry minimum (the KGL entry needs 4 bases) */
static void test_s19_1_below_entry_minimum(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    /* the KGL unit (division 2, unit 4) becomes a second British Light Infantry unit */
    set_unit(&a->divs[1].units[3], "British Light Infantry", "Avg Vet", 4);
    assert_int_equal(fogn_army_check(L, a, r), 1);
    expect_breach(r, FOGN_AR_ENTRY_MIN, "entry \"King's German Legion\": 0 bases", "at least 4 (§19.1)");
    free(r);
    free(L);
    free(a);
}

/* §19.1: below a row minimum (British Infantry Avg Vet needs 8 bases) */
static void test_s19_1_below_row_minimum(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    set_unit(&a->divs[1].units[0], "British Infantry", "Avg Drilled", 4);
    assert_true(fogn_army_check(L, a, r) >= 1);
    expect_breach(r, FOGN_AR_ROW_MIN, "row \"Avg Vet\": 6 bases", "at least 8 (§19.1)");
    free(r);
    free(L);
    free(a);
}

/* §19.1: above a row maximum, reported at the unit that goes over */
static void test_s19_1_above_row_maximum(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    add_unit(a, 0, "British Infantry", "Avg Drilled", 4);
    add_unit(a, 1, "British Infantry", "Avg Drilled", 4);
    assert_int_equal(fogn_army_check(L, a, r), 1);
    const fogn_army_breach *b =
        expect_breach(r, FOGN_AR_ROW_MAX,
                      "division 2 \"1st Division\" (Spencer), unit 5 \"British Infantry\" row \"Avg Drilled\"",
                      "16 bases, the list allows at most 12 (§19.1)");
    assert_int_equal(b->division, 1);
    assert_int_equal(b->unit, 4);
    free(r);
    free(L);
    free(a);
}

/* §19.1: above an entry maximum (Portuguese Infantry, 10 bases) */
static void test_s19_1_above_entry_maximum(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    add_unit(a, 0, "British Infantry", "Avg Vet", 4);
    add_unit(a, 0, "Portuguese Infantry", "Avg Vet", 4);   /* 6 + 4 = 10: the entry's maximum, allowed */
    assert_int_equal(fogn_army_check(L, a, r), 0);
    /* four more bases are not */
    free(r);
    r = new_report();
    add_unit(a, 0, "Portuguese Infantry", "Avg Vet", 4);
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_ENTRY_MAX, "comes to 14 bases, the list allows at most 10", NULL);
    expect_breach(r, FOGN_AR_ROW_MAX, "row \"Avg Vet\"", "8 bases, the list allows at most 4");
    free(r);
    free(L);
    free(a);
}

/* §16, §19: a unit of a size the row does not sell */
static void test_s19_wrong_unit_size(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->divs[1].units[3].bases = 6;  /* KGL Sup Vet comes only in units of 4 */
    a->divs[0].units[3].bases = 3;  /* British foot artillery only in units of 2 */
    a->points = 2000;
    assert_int_equal(fogn_army_check(L, a, r), 2);
    expect_breach(r, FOGN_AR_UNIT_SIZE, "unit 4 \"King's German Legion\" row \"Sup Vet\"", "6 bases, the list sells "
                  "this row in units of 4 (§19.1)");
    expect_breach(r, FOGN_AR_UNIT_SIZE, "unit 4 \"British Foot Artillery\"", "units of 2 (§19.1)");
    free(r);
    free(L);
    free(a);
}

/* §19.1: too many division commanders of a quality, and too many divisions */
static void test_s19_1_too_many_division_commanders(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    a->divs[0].cmdr.quality = FOGN_Q_EXCEPTIONAL;
    a->divs[1].cmdr.quality = FOGN_Q_EXCEPTIONAL;
    assert_int_equal(fogn_army_check(L, a, r), 1);
    expect_breach(r, FOGN_AR_CMDR, "2 exceptional division commanders", "at most 1 (§19.1)");
    free(r);
    /* five divisions: the list allows 2 to 4 */
    r = new_report();
    a->divs[0].cmdr.quality = FOGN_Q_SKILLED;
    a->divs[1].cmdr.quality = FOGN_Q_COMPETENT;
    for (int k = 0; k < 2; k++) {
        a->divs[a->ndivs] = a->divs[1];
        a->ndivs++;
    }
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_DIVISIONS, "5 divisions, the list allows 2 to 4 (§19.1)", NULL);
    free(r);
    free(L);
    free(a);
}

/* §3.4, §19: the army needs exactly one corps commander, of a quality the list offers */
static void test_s3_4_missing_corps_commander(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->has_corps = false;
    assert_int_equal(fogn_army_check(L, a, r), 1);
    expect_breach(r, FOGN_AR_CORPS, "no corps commander", "exactly one");
    assert_int_equal(r->total, 798 - 80);
    free(r);
    free(L);
    /* the Army of Spain offers no exceptional corps commander */
    fogn_army *s = army_file("data/fogn/armies/examples/army-of-spain-800.json");
    L = list_id(s->list);
    r = new_report();
    s->corps.quality = FOGN_Q_EXCEPTIONAL;
    s->points = 2000;
    assert_int_equal(fogn_army_check(L, s, r), 1);
    expect_breach(r, FOGN_AR_CORPS, "\"Blake\"", "offers no exceptional corps commander (§19.2)");
    free(r);
    free(s);
    free(L);
    free(a);
}

/* §3.2: attachments a unit may not carry (hard rules and the list's own) */
static void test_s3_2_attachment_the_unit_may_not_carry(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    fogn_army_unit *drag = &a->divs[2].units[0];   /* British Dragoons */
    drag->att[drag->natt++] = FOGN_ATT_SKIRMISHERS;
    fogn_army_unit *gun = &a->divs[0].units[3];    /* British foot artillery: no officers in this list */
    gun->att[gun->natt++] = FOGN_ATT_OFFICER;
    fogn_army_unit *inf = &a->divs[0].units[1];    /* British Infantry: rockets go on artillery only */
    inf->att[inf->natt++] = FOGN_ATT_ROCKETS;
    fogn_army_unit *hus = &a->divs[2].units[2];    /* this list sells no cavalry attachments, and not on cavalry */
    hus->att[hus->natt++] = FOGN_ATT_CAVALRY;
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_ATT_UNIT, "unit 1 \"British Dragoons\"", "skirmishers attachments go only on infantry "
                  "(§3.2)");
    expect_breach(r, FOGN_AR_ATT_UNIT, "unit 4 \"British Foot Artillery\"", "officers go on infantry or cavalry");
    expect_breach(r, FOGN_AR_ATT_UNIT, "unit 2 \"British Infantry\"", "rockets attachments go only on artillery");
    expect_breach(r, FOGN_AR_ATT_UNIT, "unit 3 \"British Hussars\"", "cavalry attachments go only on infantry");
    /* the list's own "on": rockets only on British foot artillery; two of one type on a unit */
    free(r);
    r = new_report();
    fogn_army *b = army_file(AP_EXAMPLE);
    b->points = 2000;
    fogn_army_unit *bi = &b->divs[0].units[0];     /* already carries skirmishers */
    bi->att[bi->natt++] = FOGN_ATT_RIFLE_SKIRMISHERS;
    fogn_army_unit *pi = &b->divs[0].units[2];     /* Portuguese Infantry: cavalry attachments not sold */
    pi->att[pi->natt++] = FOGN_ATT_CAVALRY;
    fogn_army_check(L, b, r);
    expect_breach(r, FOGN_AR_ATT_UNIT, "two attachments of one type", "(§3.2)");
    expect_breach(r, FOGN_AR_ATT_UNIT, "unit 3 \"Portuguese Infantry\"", "sells no cavalry attachments (§19.1)");
    free(r);
    free(b);
    free(L);
    free(a);
}

/* §19.1: too many attachments in a division (officers 1, skirmishers 3) and too few (skirmishers 1) */
static void test_s19_1_too_many_attachments_in_a_division(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    fogn_army_unit *u = &a->divs[0].units[1];
    u->att[u->natt++] = FOGN_ATT_OFFICER;          /* a second officer in the 3rd Division */
    fogn_army_div *d2 = &a->divs[1];
    d2->pool[d2->npool++] = FOGN_ATT_SKIRMISHERS;  /* 1 + 3 skirmishers in the 1st Division */
    d2->pool[d2->npool++] = FOGN_ATT_SKIRMISHERS;
    d2->pool[d2->npool++] = FOGN_ATT_SKIRMISHERS;
    assert_int_equal(fogn_army_check(L, a, r), 2);
    const fogn_army_breach *b = expect_breach(r, FOGN_AR_ATT_LIMIT, "division 1 \"3rd Division\" (Picton): 2 Officers "
                                              "attachments", "at most 1 here (§19.1");
    assert_int_equal(b->division, 0);
    expect_breach(r, FOGN_AR_ATT_LIMIT, "division 2 \"1st Division\" (Spencer): 4 Skirmishers attachments",
                  "1 to 3 here");
    free(r);
    /* none in an infantry division: at least 1 */
    fogn_army *c = army_file(AP_EXAMPLE);
    r = new_report();
    c->divs[0].units[0].natt = 0;
    fogn_army_check(L, c, r);
    expect_breach(r, FOGN_AR_ATT_LIMIT, "0 Skirmishers attachments", "1 to 3 here");
    free(r);
    free(c);
    free(L);
    free(a);
}

/* §19.1: the Portuguese constraints (file with deliberate breaches) */
static void test_s19_1_portuguese_constraints(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/broken/anglo-portuguese-portuguese.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    assert_int_equal(fogn_army_check(L, a, r), 3);
    expect_breach(r, FOGN_AR_CONSTRAINT, "division 1 \"Portuguese Division\" (Hamilton): Portuguese infantry serves only",
                  "1 unit against 2 (§19.1)");
    expect_breach(r, FOGN_AR_CONSTRAINT, "unit 2 \"Portuguese Infantry\"", "must carry an officer");
    expect_breach(r, FOGN_AR_CONSTRAINT, "division 2 \"2nd Division\" (Hill): Portuguese artillery", NULL);
    /* fixing the division (an officer, a second British unit) clears the first two */
    free(r);
    r = new_report();
    fogn_army_unit *pi = &a->divs[0].units[1];
    pi->att[pi->natt++] = FOGN_ATT_OFFICER;
    add_unit(a, 0, "British Infantry", "Avg Vet", 4);
    a->points = 2000;
    assert_int_equal(fogn_army_check(L, a, r), 1);
    assert_null(find_breach(r, FOGN_AR_CONSTRAINT, "Portuguese infantry serves", NULL));
    assert_null(find_breach(r, FOGN_AR_CONSTRAINT, "must carry an officer", NULL));
    expect_breach(r, FOGN_AR_CONSTRAINT, "Portuguese artillery serves only", NULL);
    free(r);
    free(L);
    free(a);
}

/* §19.1: the Light Division may hold only its own kinds of unit and no artillery unit */
static void test_s19_1_light_division(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    /* the 1st Division takes Light Division infantry: its KGL line unit is then out of place,
     * and a second division with Light Division infantry breaks "one Light Division" */
    add_unit(a, 1, "British Light Division Infantry", "Sup Vet Rifles", 4);
    add_unit(a, 0, "British Light Division Infantry", "Sup Vet", 4);
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_CONSTRAINT, "unit 4 \"King's German Legion\"", "the Light Division takes only");
    expect_breach(r, FOGN_AR_CONSTRAINT, "division 2 \"1st Division\"", "one Light Division, an infantry division: "
                  "division 1 holds them already");
    expect_breach(r, FOGN_AR_CONSTRAINT, "division 1 \"3rd Division\"", "has no artillery unit");
    free(r);
    free(L);
    free(a);
}

/* §19: entry and row names not in the list */
static void test_s19_unknown_entry_and_row(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    add_unit(a, 0, "Old Guard", "", 4);
    add_unit(a, 1, "British Infantry", "Sup Vet", 4);
    add_unit(a, 1, "British Infantry", "", 4);
    fogn_army_check(L, a, r);
    assert_int_equal(count_rule(r, FOGN_AR_UNKNOWN), 3);
    expect_breach(r, FOGN_AR_UNKNOWN, "division 1 \"3rd Division\" (Picton), unit 5 \"Old Guard\"", "no entry called "
                  "\"Old Guard\"");
    expect_breach(r, FOGN_AR_UNKNOWN, "has no row \"Sup Vet\"", "its rows are \"Avg Vet\", \"Avg Drilled\"");
    expect_breach(r, FOGN_AR_UNKNOWN, "has several rows; name one of", NULL);
    /* names are matched without regard to case; a one-row entry needs no row */
    free(r);
    r = new_report();
    fogn_army *b = army_file(AP_EXAMPLE);
    snprintf(b->divs[1].units[0].entry, sizeof b->divs[1].units[0].entry, "british infantry");
    snprintf(b->divs[1].units[0].row, sizeof b->divs[1].units[0].row, "AVG VET");
    expect_legal(L, b, r, 798);
    free(b);
    free(r);
    free(L);
    free(a);
}

/* §3.3: division composition: cavalry in an infantry division, two artillery units */
static void test_s3_3_division_composition(void **state)
{
    (void)state;
    fogn_army *a = army_file(AP_EXAMPLE);
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    add_unit(a, 0, "KGL Hussars & Light Dragoons", "", 4);
    add_unit(a, 1, "British Foot Artillery", "Avg Vet", 2);
    add_unit(a, 1, "British Horse Artillery", "Avg Drilled", 2);
    add_unit(a, 2, "British Foot Artillery", "Avg Vet", 2);
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_DIV_KIND, "division 1", "an infantry division holds no cavalry, this one has 1 unit (§3.3)");
    expect_breach(r, FOGN_AR_DIV_KIND, "division 2", "2 artillery units, a division has at most 1 (§3.3)");
    expect_breach(r, FOGN_AR_DIV_KIND, "division 3", "must be horse artillery (§3.3)");
    /* and a mixed division where the list allows none */
    free(r);
    r = new_report();
    fogn_army *b = army_file(AP_EXAMPLE);
    b->divs[0].kind = FOGN_DIV_MIXED;
    add_unit(b, 0, "KGL Hussars & Light Dragoons", "", 4);
    b->points = 2000;
    fogn_army_check(L, b, r);
    expect_breach(r, FOGN_AR_MIXED, "1 mixed divisions", "exactly 0 (§19.1)");
    free(b);
    free(r);
    free(L);
    free(a);
}

/* §19 (format): a malformed army file is refused with its name and the JSON path */
static void test_s19_malformed_army_file(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/data/fogn/armies/examples/broken/anglo-portuguese-malformed.json", root_dir());
    gr_error err;
    fogn_army *a = fogn_army_load_file(path, &err);
    assert_null(a);
    assert_non_null(strstr(err.msg, "anglo-portuguese-malformed.json: "));
    assert_non_null(strstr(err.msg, "$.divisions[1].units[2].bases: expected an integer"));
}

/* §19 (format): a malformed list file, and an unknown key, are refused with the JSON path */
static void test_s19_malformed_list_file(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"{\"format\":\"fogn-army-list\",\"id\":\"x\",\"name\":\"X\",\"section\":\"§19\",\"regions\":[\"R\"],"
         "\"initiative\":1,\"infantry\":\"reformed\",\"attachments_at\":\"creation\",\"mixed\":{},"
         "\"commanders\":{\"corps\":[\"skilled\"],\"divisions\":{\"min\":2,\"max\":4},"
         "\"prices\":{\"exceptional\":80,\"skilled\":50,\"competent\":30,\"charismatic\":10}},"
         "\"entries\":[{\"name\":\"Foot\",\"core\":true,\"type\":\"line_infantry\",\"rows\":["
         "{\"name\":\"A\",\"elan\":\"average\",\"training\":\"drilled\",\"pts\":10,\"bases\":[4,5]}]}],"
         "\"attachments\":[]}",
         "$.entries[0].rows[0].bases[1]: infantry units have 4 or 6 bases (§16)"},
        {"{\"format\":\"fogn-army-list\",\"id\":\"x\",\"name\":\"X\",\"section\":\"§19\",\"regions\":[\"R\"],"
         "\"initiative\":1,\"infantry\":\"reformed\",\"attachments_at\":\"creation\",\"mixed\":{},"
         "\"commanders\":{\"corps\":[\"skilled\"],\"divisions\":{\"min\":2,\"max\":4},"
         "\"prices\":{\"exceptional\":80,\"skilled\":50,\"competent\":30,\"charismatic\":10}},"
         "\"entries\":[{\"name\":\"Foot\",\"core\":true,\"type\":\"line_infantry\",\"rows\":["
         "{\"name\":\"A\",\"elan\":\"average\",\"training\":\"drilled\",\"pts\":10,\"bases\":[4]}]}],"
         "\"attachments\":[],\"constraints\":[{\"kind\":\"count\",\"count\":{\"entries\":[\"Horse\"]},\"max\":1,"
         "\"text\":\"t\"}]}",
         "$.constraints[0].count.entries[0]: expected the name of an entry"},
        {"{\"format\":\"fogn-army-list\",\"id\":\"x\",\"name\":\"X\",\"section\":\"§19\",\"regions\":[\"R\"],"
         "\"initiative\":1,\"infantry\":\"reformed\",\"attachments_at\":\"creation\",\"mixed\":{},\"colour\":1}",
         "$"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char path[] = "/tmp/grognard-army-list-XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        FILE *f = fdopen(fd, "w");
        assert_non_null(f);
        fputs(bad[i][0], f);
        fclose(f);
        gr_error err;
        fogn_army_list *L = fogn_list_load_file(path, &err);
        unlink(path);
        assert_null(L);
        if (!strstr(err.msg, path) || !strstr(err.msg, bad[i][1]))
            fail_msg("case %zu: expected \"%s\" in: %s", i, bad[i][1], err.msg);
    }
}

/* §19: several breaches in one file are all reported */
static void test_s19_several_breaches_all_reported(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/broken/anglo-portuguese-many.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    int n = fogn_army_check(L, a, r);
    assert_int_equal(n, 24);
    assert_int_equal(r->dropped, 0);
    static const int rules[] = {FOGN_AR_UNKNOWN, FOGN_AR_POINTS, FOGN_AR_CORPS, FOGN_AR_CMDR, FOGN_AR_CHARISMATIC,
                                FOGN_AR_UNIT_SIZE, FOGN_AR_DIV_KIND, FOGN_AR_ROW_MIN, FOGN_AR_ENTRY_MIN,
                                FOGN_AR_ROW_MAX, FOGN_AR_ATT_UNIT, FOGN_AR_ATT_LIMIT, FOGN_AR_CONSTRAINT,
                                FOGN_AR_FIELDWORKS};
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
        if (!count_rule(r, rules[i])) {
            dump(r);
            fail_msg("no [%s] breach", fogn_army_rule_name((fogn_army_rule)rules[i]));
        }
    assert_int_equal(count_rule(r, FOGN_AR_UNKNOWN), 2);
    assert_int_equal(count_rule(r, FOGN_AR_ATT_UNIT), 5);
    expect_breach(r, FOGN_AR_POINTS, "868 points", NULL);
    free(r);
    free(L);
    free(a);
}

/* §19.3: allied contingents: their units stay in their own divisions (cavalry may be a guest in a
 * French cavalry division that stays half French), their minima apply once they are used */
static void test_s19_3_allied_contingents(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/french-corps-1812-allies-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    /* allied commander 20 (skilled 40 / competent 20 with the allied reduction) */
    expect_legal(L, a, r, 784);
    assert_int_equal(r->div_cmdr_pts[1], 20);
    free(r);
    /* an allied infantry unit in a French division */
    fogn_army *b = army_file("data/fogn/armies/examples/french-corps-1812-allies-800.json");
    r = new_report();
    b->points = 2000;
    add_unit(b, 0, "Saxon Infantry", "", 4);
    fogn_army_check(L, b, r);
    expect_breach(r, FOGN_AR_ALLIED, "unit 5 \"Saxon Infantry\"", "serves only in a division of the Allied Contingents");
    free(r);
    free(b);
    /* the guest cavalry outnumber the French */
    b = army_file("data/fogn/armies/examples/french-corps-1812-allies-800.json");
    r = new_report();
    b->points = 2000;
    set_unit(&b->divs[2].units[0], "Lancers de Berg", "", 4);
    fogn_army_check(L, b, r);
    expect_breach(r, FOGN_AR_CONSTRAINT, "division 3 \"Light Cavalry\"", "at least half its cavalry units French: 1 "
                  "unit against 4");
    free(r);
    free(b);
    /* no French infantry division: the French division becomes mixed */
    b = army_file("data/fogn/armies/examples/french-corps-1812-allies-800.json");
    r = new_report();
    b->points = 2000;
    b->divs[0].kind = FOGN_DIV_MIXED;
    add_unit(b, 0, "Hussars", "Avg Drilled", 4);   /* core cavalry: allowed in a mixed division */
    assert_int_equal(fogn_army_check(L, b, r), 1);
    expect_breach(r, FOGN_AR_CONSTRAINT, "French infantry divisions: 0 divisions", "at least 1 (§19.3)");
    free(r);
    free(b);
    /* allied infantry below the group minimum of 12 bases */
    b = army_file("data/fogn/armies/examples/french-corps-1812-allies-800.json");
    r = new_report();
    b->divs[1].units[0] = b->divs[1].units[3];  /* Rheinbund out, artillery twice ... */
    b->divs[1].nunits = 3;                       /* ... then trimmed: Saxon, Baden, artillery */
    fogn_army_check(L, b, r);
    expect_breach(r, FOGN_AR_CONSTRAINT, "allied infantry, all entries together", "8 bases, the list allows 12 to 30");
    free(r);
    free(b);
    free(L);
    free(a);
}

/* §19.6: conditional attachments (artillery only with at most 4 artillery bases), heavy artillery total */
static void test_s19_6_conditional_attachments(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/french-corps-1813-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    add_unit(a, 2, "12 pdr Field Artillery", "Avg Drilled", 2);
    fogn_army_unit *g = &a->divs[1].units[5];   /* 6 pdr of the 21st Division takes a heavy attachment */
    g->att[g->natt++] = FOGN_ATT_HEAVY_ARTILLERY;
    fogn_army_check(L, a, r);
    const fogn_army_breach *b = expect_breach(r, FOGN_AR_ATT_LIMIT, "3 Artillery attachments, but they are allowed "
                                              "only when the army buys at most 4 bases of artillery units",
                                              "(6 bases found) (§19.6)");
    assert_int_equal(b->division, -1);
    expect_breach(r, FOGN_AR_CONSTRAINT, "heavy artillery bases, units and attachments together: 3 bases",
                  "at most 2 (§19.6)");
    free(r);
    free(L);
    free(a);
}

/* §19.5: immobile artillery must have fieldworks of its size */
static void test_s19_5_immobile_artillery_in_fieldworks(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/ottoman-1809-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    add_unit(a, 2, "Provincial Artillery", "", 3);
    a->fw[a->nfw++] = 2;
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_CONSTRAINT, "immobile artillery must be deployed in fieldworks", "1 large and 0 small such "
                  "units, 0 large and 1 small fieldworks");
    free(r);
    r = new_report();
    a->fw[0] = 3;
    assert_int_equal(fogn_army_check(L, a, r), 0);
    assert_int_equal(r->fw_pts, 30);
    assert_int_equal(r->total, 794 + 57 + 30);
    free(r);
    free(L);
    free(a);
}

/* §19.5: at least a third of the bases must be cavalry */
static void test_s19_5_ottoman_cavalry_third(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/ottoman-1809-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    for (int k = 0; k < 3; k++) add_unit(a, 0, "Fellahin", "", 6);   /* 88 bases, 30 of them cavalry */
    add_unit(a, 2, "Janissaries - Benluks", "Line Avg Drilled", 4);
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_CONSTRAINT, "at least a third of the army's bases", "30 bases against 92");
    free(r);
    free(L);
    free(a);
}

/* §17.4, §19.4: a list that fixes attachments at creation takes no division pool */
static void test_s17_4_attachment_timing(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/russian-corps-1812-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    a->divs[1].pool[a->divs[1].npool++] = FOGN_ATT_OFFICER;
    assert_int_equal(fogn_army_check(L, a, r), 1);
    expect_breach(r, FOGN_AR_ATT_TIMING, "division 2 \"26th Division\" (Paskevich)", "fixes its attachments on units "
                  "when the army is made (§19.4)");
    free(r);
    free(L);
    free(a);
}

/* §19.7: at least half the skirmisher attachments are rifles; Landwehr carry none */
static void test_s19_7_prussian_skirmishers(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/prussian-corps-1813-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->divs[0].pool[0] = FOGN_ATT_SKIRMISHERS;        /* rifles 1 of 3 */
    fogn_army_unit *lw = &a->divs[2].units[1];          /* Landwehr */
    lw->att[lw->natt++] = FOGN_ATT_SKIRMISHERS;
    a->points = 2000;
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_ATT_LIMIT, "1 of 4 Skirmishers attachments are rifle_skirmishers", "at least 1/2");
    expect_breach(r, FOGN_AR_ATT_UNIT, "unit 2 \"Landwehr\"", "may not carry skirmishers attachments");
    free(r);
    free(L);
    free(a);
}

/* §19.8: Austrian skirmishers only in the one mixed division with no light infantry */
static void test_s19_8_austrian_skirmishers(void **state)
{
    (void)state;
    fogn_army *a = army_file("data/fogn/armies/examples/austrian-corps-1813-800.json");
    fogn_army_list *L = list_id(a->list);
    fogn_army_report *r = new_report();
    a->points = 2000;
    fogn_army_unit *u = &a->divs[0].units[1];            /* German Infantry in an infantry division */
    u->att[u->natt++] = FOGN_ATT_SKIRMISHERS;
    add_unit(a, 2, "Tyrolean Jaegers", "", 4);
    fogn_army_check(L, a, r);
    expect_breach(r, FOGN_AR_ATT_UNIT, "division 1 \"Division Mohr\"", "not allowed in a infantry division");
    expect_breach(r, FOGN_AR_ATT_LIMIT, "division 3 \"Advance Guard\"", "only in a mixed division with no light infantry");
    expect_breach(r, FOGN_AR_CONSTRAINT, "division 3", "division 1 holds them already");
    free(r);
    free(L);
    free(a);
}

/* §2, §19: the unit profile of an army unit (doctrine, irregular cavalry, mortars) */
static void test_s19_unit_profile(void **state)
{
    (void)state;
    fogn_army_list *L = list_id("anglo-portuguese-1810");
    fogn_army_unit u;
    fogn_unit_profile p;
    set_unit(&u, "British Infantry", "Avg Vet", 6);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), 0);
    assert_int_equal(p.troop, FOGN_INF_UNREFORMED);
    assert_true(p.caps & FOGN_CAP_FIRE_REFORMED);
    assert_int_equal(p.size, FOGN_LARGE);
    assert_int_equal(p.training, FOGN_TR_VETERAN);
    set_unit(&u, "British Infantry", "Avg Vet", 5);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), -1);
    set_unit(&u, "Spanish Infantry", "Poor Drilled", 4);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), 0);
    assert_int_equal(p.troop, FOGN_INF_UNREFORMED);
    assert_false(p.caps & FOGN_CAP_FIRE_REFORMED);
    assert_int_equal(p.elan, FOGN_ELAN_POOR);
    free(L);
    L = list_id("russian-corps-1812");
    set_unit(&u, "Cossacks", "", 4);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), 0);
    assert_int_equal(p.troop, FOGN_CAV_IRR_LIGHT);
    assert_int_equal(p.size, FOGN_SMALL);
    set_unit(&u, "Musketeers", "Avg Drilled", 4);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), 0);
    assert_int_equal(p.troop, FOGN_INF_REFORMED);
    free(L);
    L = list_id("ottoman-1809");
    set_unit(&u, "Humbaraci (Mortars)", "", 2);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), 0);
    assert_int_equal(p.troop, FOGN_ART_MORTAR);
    assert_int_equal(p.weight, FOGN_HEAVY);
    assert_true(p.caps & FOGN_CAP_IMMOBILE);
    set_unit(&u, "Other Mamluks", "", 6);
    assert_int_equal(fogn_army_unit_profile(L, &u, &p), 0);
    assert_int_equal(p.troop, FOGN_CAV_IRR_HEAVY);
    assert_int_equal(p.size, FOGN_LARGE);
    free(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s19_every_list_loads),
        cmocka_unit_test(test_s16_foot_guards_formula_21),
        cmocka_unit_test(test_s23_30_list_price_is_authoritative),
        cmocka_unit_test(test_s19_examples_legal_with_exact_totals),
        cmocka_unit_test(test_s19_every_list_has_an_example),
        cmocka_unit_test(test_s16_over_points),
        cmocka_unit_test(test_s19_1_below_entry_minimum),
        cmocka_unit_test(test_s19_1_below_row_minimum),
        cmocka_unit_test(test_s19_1_above_row_maximum),
        cmocka_unit_test(test_s19_1_above_entry_maximum),
        cmocka_unit_test(test_s19_wrong_unit_size),
        cmocka_unit_test(test_s19_1_too_many_division_commanders),
        cmocka_unit_test(test_s3_4_missing_corps_commander),
        cmocka_unit_test(test_s3_2_attachment_the_unit_may_not_carry),
        cmocka_unit_test(test_s19_1_too_many_attachments_in_a_division),
        cmocka_unit_test(test_s19_1_portuguese_constraints),
        cmocka_unit_test(test_s19_1_light_division),
        cmocka_unit_test(test_s19_unknown_entry_and_row),
        cmocka_unit_test(test_s3_3_division_composition),
        cmocka_unit_test(test_s19_malformed_army_file),
        cmocka_unit_test(test_s19_malformed_list_file),
        cmocka_unit_test(test_s19_several_breaches_all_reported),
        cmocka_unit_test(test_s19_3_allied_contingents),
        cmocka_unit_test(test_s19_6_conditional_attachments),
        cmocka_unit_test(test_s19_5_immobile_artillery_in_fieldworks),
        cmocka_unit_test(test_s19_5_ottoman_cavalry_third),
        cmocka_unit_test(test_s17_4_attachment_timing),
        cmocka_unit_test(test_s19_7_prussian_skirmishers),
        cmocka_unit_test(test_s19_8_austrian_skirmishers),
        cmocka_unit_test(test_s19_unit_profile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
