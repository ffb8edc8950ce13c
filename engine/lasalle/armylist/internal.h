/* internal.h - what the armylist .c files share and nobody else needs: the
 * JSON readers the list loaders are built from, the composition matcher the
 * checker and the generator use, the checker's working state and its passes,
 * and the printing helpers of the verb. The public faces stay list.h, army.h
 * and armylist.h. */
#ifndef LASALLE_ARMYLIST_INTERNAL_H
#define LASALLE_ARMYLIST_INTERNAL_H

#include "armylist.h"
#include "../../core/jsonutil.h"

#define LASALLE_LIST_PATH 200 /* room for a JSON path, e.g. $.armies[1].cores[0].attacker_bonus[2] */
#define LASALLE_LIST_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* the pages of the Army Builder's general rules that the checker cites */
#define LASALLE_ARMY_REF_CORE "K, p.93" /* the core list, the attacker's bonus */
#define LASALLE_ARMY_REF_SUPPORT "K, p.94" /* support choices, (1) and (+) marks, allied theatres */
#define LASALLE_ARMY_REF_FORCES "K, p.95" /* Forces of 2+ units, subcommander rolls, unit values */
#define LASALLE_ARMY_REF_IRREGULAR "H, p.74" /* Creating Irregular Units, Half Battalion Deployed */
#define LASALLE_ARMY_REF_SK "B, p.16" /* breaking units up into SK bases */
#define LASALLE_ARMY_REF_ENGINEERS "H, p.77"

/* --- vocabulary (vocab.c) ----------------------------------------------------------------- */
extern const char *const lasalle_list_theatre_ids[LASALLE_LIST_TH_COUNT];
extern const char *const lasalle_list_theatre_words[LASALLE_LIST_TH_COUNT]; /* "Hundred Days", for messages */
extern const char *const lasalle_list_arm_ids[3]; /* infantry, cavalry, artillery */
extern const char *const lasalle_list_tactics_ids[LASALLE_LIST_TAC_COUNT];
extern const char *const lasalle_list_weight_ids[LASALLE_LIST_W_COUNT];
extern const char *const lasalle_list_support_ids[LASALLE_LIST_SUP_COUNT];
extern const char *const lasalle_list_role_ids[LASALLE_LIST_ROLE_COUNT];
extern const char *const lasalle_list_conf_ids[LASALLE_LIST_CONF_COUNT];
extern const char *const lasalle_army_swap_ids[LASALLE_ARMY_SWAP_COUNT]; /* "", rockets, howitzer */
/* "a, b, c" of a name table into buf */
const char *lasalle_list_join(const char *const *names, int n, char *buf, size_t cap);
/* theatres of a bit set as "Conquest, Empire" into buf */
const char *lasalle_list_theatres_text(uint8_t bits, char *buf, size_t cap);
/* is the unit's value in theatre t, variant k (0 when none) Irregular? */
bool lasalle_list_values_irregular(const lasalle_list_values *v);

/* --- reading list files (list_read.c, list_load.c) ------------------------------------------ */
typedef struct lasalle_list_loader {
    const char *file;
    gr_error *err;
    lasalle_list_nation *N; /* the nation or state being read */
} lasalle_list_loader;

/* refuses with "FILE: PATH: message"; returns -1 */
int lasalle_list_load_fail(lasalle_list_loader *D, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* prefixes the file to a jsonutil message already set; returns -1 */
int lasalle_list_load_prefix(lasalle_list_loader *D);
/* an optional array of theatre ids into bits (absent: *bits = dflt); every
 * theatre must lie inside `within` */
int lasalle_list_read_theatres(lasalle_list_loader *D, json_t *o, const char *path, const char *key, uint8_t within,
                               uint8_t dflt, uint8_t *bits);
/* the optional "conf", "ref" (default dflt) and "note" keys of an object */
int lasalle_list_read_meta(lasalle_list_loader *D, json_t *o, const char *path, const char *dflt, uint8_t *conf,
                           char *ref, char *note);
/* "units" (unit types), "artillery" (battery types) and "brigades" of a nation or state */
int lasalle_list_read_units(lasalle_list_loader *D, json_t *arr, const char *path);
int lasalle_list_read_batteries(lasalle_list_loader *D, json_t *arr, const char *path);
int lasalle_list_read_brigades(lasalle_list_loader *D, json_t *arr, const char *path);
/* the lines of a composition (sk: SK-base lines allowed) */
int lasalle_list_read_items(lasalle_list_loader *D, json_t *arr, const char *path, bool sk, lasalle_list_item *items,
                            int max, int *n);
/* a subcommander table; modifiers naming "states" are kept only when they
 * name `state` (NULL: a nation's table, where "states" is refused) */
int lasalle_list_read_sub_table(lasalle_list_loader *D, json_t *o, const char *path, const char *state,
                                lasalle_list_sub_table *t);
/* the nation's "rules" (after its units and army types are read) */
int lasalle_list_read_rules(lasalle_list_loader *D, json_t *arr, const char *path);
/* army types (after units, artillery and brigades) */
int lasalle_list_read_armies(lasalle_list_loader *D, json_t *arr, const char *path);
/* the common keys of a nation or state object: id, name, adjective, theatres,
 * units, artillery, brigades */
int lasalle_list_read_body(lasalle_list_loader *D, json_t *o, const char *path);

/* --- compositions (match.c) ----------------------------------------------------------------- */
/* a unit of an army reduced to what a composition line looks at */
typedef struct lasalle_list_slot {
    uint8_t kind; /* LASALLE_LIST_ITEM_UNIT or LASALLE_LIST_ITEM_BATTERY */
    int16_t type; /* -1: unknown (never matches) */
    bool large;
} lasalle_list_slot;

typedef struct lasalle_list_match {
    int have[LASALLE_LIST_MAX_ITEMS + LASALLE_LIST_MAX_BONUS]; /* units on each line */
    int alts[LASALLE_LIST_MAX_ITEMS + LASALLE_LIST_MAX_BONUS]; /* of which alternates */
    int line[LASALLE_ARMY_MAX_UNITS * LASALLE_ARMY_MAX_FORCES + LASALLE_ARMY_MAX_INDEP]; /* each unit's line, -1 none */
} lasalle_list_match;

/* Puts each unit on the first line of items[] that takes it (type or an
 * alternate, same size) and still has room; a unit no line has room for goes
 * on the first line that takes it at all, or on none. */
void lasalle_list_match_units(const lasalle_list_item *items, int nitems, const lasalle_list_slot *u, int nu,
                              lasalle_list_match *m);
/* does this line take this unit? (*alt set when as an alternate) */
bool lasalle_list_item_takes(const lasalle_list_item *it, const lasalle_list_slot *u, bool *alt);
/* are two lines the same (kind, type, size, alternates)? */
bool lasalle_list_item_same(const lasalle_list_item *a, const lasalle_list_item *b);
/* "2 Cuirassier (+) or Carabinier (+)" into buf */
const char *lasalle_list_item_text(const lasalle_list_nation *N, const lasalle_list_item *it, int n, char *buf,
                                   size_t cap);
/* merges a core box and (attacking) its bonus into lines of distinct
 * type and size; returns the number of lines */
int lasalle_list_core_lines(const lasalle_list_core *c, bool attacker, lasalle_list_item *out, int max);

/* --- checking (army_check*.c) ---------------------------------------------------------------- */
typedef struct lasalle_army_chk {
    const lasalle_list_book *B;
    const lasalle_army *a;
    lasalle_army_report *r;
    lasalle_list_ref l;
    const lasalle_list_nation *N;
    /* per force: the nation or state its units come from (NULL: unknown brigade state) */
    const lasalle_list_nation *fn[LASALLE_ARMY_MAX_FORCES];
    int brigade[LASALLE_ARMY_MAX_FORCES]; /* brigade index in fn, -1 core Force or unknown */
    /* resolved units: type index in their nation (-1 unknown), their values (set false unknown) */
    int16_t type[LASALLE_ARMY_MAX_FORCES + 1][LASALLE_ARMY_MAX_UNITS];
    lasalle_list_values val[LASALLE_ARMY_MAX_FORCES + 1][LASALLE_ARMY_MAX_UNITS];
} lasalle_army_chk;
/* row of type[]/val[] holding the independents */
#define LASALLE_ARMY_CHK_INDEP LASALLE_ARMY_MAX_FORCES

__attribute__((format(printf, 5, 6))) void lasalle_army_chk_add(lasalle_army_chk *c, int rule, int f, int u,
                                                                const char *fmt, ...);
/* "Force 2 (\"Name\")" / "independent unit 1" / "Force 2, unit 3 (Veteran Infantry)" into buf */
const char *lasalle_army_chk_force_name(const lasalle_army_chk *c, int f, char *buf, size_t cap);
const char *lasalle_army_chk_unit_name(const lasalle_army_chk *c, int f, int u, char *buf, size_t cap);
/* the army unit (f may be LASALLE_ARMY_INDEP) */
const lasalle_army_unit *lasalle_army_chk_unit(const lasalle_army_chk *c, int f, int u);
int lasalle_army_chk_row(int f);
/* resolves every unit to its type and values, reporting unknown ones (army_check_units.c) */
void lasalle_army_chk_resolve(lasalle_army_chk *c);
/* the passes, in the order they run */
void lasalle_army_chk_support(lasalle_army_chk *c); /* army_check_support.c */
void lasalle_army_chk_subcommanders(lasalle_army_chk *c); /* army_check_units.c */
void lasalle_army_chk_options(lasalle_army_chk *c); /* army_check_options.c */
void lasalle_army_chk_skirmish(lasalle_army_chk *c); /* army_check_options.c */

/* --- army JSON (army_json.c) ------------------------------------------------------------------ */
json_t *lasalle_army_to_json(const lasalle_army *a);

/* --- the verb's printing (verb_show.c) --------------------------------------------------------- */
int lasalle_army_verb_show(const lasalle_list_book *B, const char *what);
void lasalle_army_verb_print(const lasalle_list_book *B, const lasalle_army *a, const lasalle_army_report *r);

#endif
