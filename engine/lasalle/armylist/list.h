/* list.h - Lasalle's Army Builder (book chapter K) as data: the nations'
 * army lists (core lists per theatre, the attacker's bonus, organic, reserve
 * and allied support brigades), their unit values, battery tables,
 * subcommander tables and special rules, and the minor states that supply
 * allied brigades. The files live in data/lasalle/armies/ (one per nation,
 * plus minor-states.json) and are described in docs/lasalle-armies.md.
 *
 * Everything is held in fixed-size structures that refer to each other by
 * index only, so a whole book is one allocation, freed with free(). The
 * loaders refuse a malformed file with "FILE: $.json.path: what was
 * expected". This module stands on its own: it needs only engine/core. */
#ifndef LASALLE_LIST_H
#define LASALLE_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../../core/error.h"

/* --- sizes ---------------------------------------------------------------------------- */
#define LASALLE_LIST_ID 24
#define LASALLE_LIST_NAME 48
#define LASALLE_LIST_REF 32
#define LASALLE_LIST_NOTE 320
#define LASALLE_LIST_VARIANT 16
#define LASALLE_LIST_MAX_UNITS 24 /* unit types of one nation or state */
#define LASALLE_LIST_MAX_ALIASES 2
#define LASALLE_LIST_MAX_VARIANTS 2
#define LASALLE_LIST_MAX_BATTERIES 8
#define LASALLE_LIST_MAX_BRIGADES 20
#define LASALLE_LIST_MAX_ITEMS 8 /* lines of one composition */
#define LASALLE_LIST_MAX_ALTS 2 /* "or" units of one line */
#define LASALLE_LIST_MAX_BONUS 3 /* lines of an attacker's bonus */
#define LASALLE_LIST_MAX_ARMIES 4 /* army types of one nation */
#define LASALLE_LIST_MAX_CORES 4 /* core boxes of one army type */
#define LASALLE_LIST_MAX_OFFERS 24 /* support offers of one army type */
#define LASALLE_LIST_MAX_RULES 12
#define LASALLE_LIST_MAX_RULE_NAMES 4 /* units or states a rule names */
#define LASALLE_LIST_MAX_MODS 3 /* subcommander roll modifiers */
#define LASALLE_LIST_MAX_NATIONS 6
#define LASALLE_LIST_MAX_STATES 16

/* --- the vocabulary of chapter K and of §2-§3 ------------------------------------------- */
typedef enum lasalle_list_theatre {
    LASALLE_LIST_TH_CONQUEST = 0, /* 1805-07 */
    LASALLE_LIST_TH_EMPIRE, /* 1808-12 */
    LASALLE_LIST_TH_PENINSULA, /* 1808-13 */
    LASALLE_LIST_TH_LIBERATION, /* 1813-14 */
    LASALLE_LIST_TH_HUNDRED_DAYS, /* 1815 */
    LASALLE_LIST_TH_COUNT
} lasalle_list_theatre;
#define LASALLE_LIST_TH_ALL ((uint8_t)((1u << LASALLE_LIST_TH_COUNT) - 1u))

typedef enum lasalle_list_arm { LASALLE_LIST_ARM_INF = 0, LASALLE_LIST_ARM_CAV, LASALLE_LIST_ARM_ART } lasalle_list_arm;

typedef enum lasalle_list_esprit {
    LASALLE_LIST_ESP_SHAKY = 0,
    LASALLE_LIST_ESP_RELIABLE,
    LASALLE_LIST_ESP_VALIANT,
    LASALLE_LIST_ESP_UNPREDICTABLE, /* rolled in each combat (§3.2) */
    LASALLE_LIST_ESP_COUNT
} lasalle_list_esprit;

typedef enum lasalle_list_discipline {
    LASALLE_LIST_DISC_EXPERIENCED = 0,
    LASALLE_LIST_DISC_AMATEUR,
    LASALLE_LIST_DISC_IRREGULAR,
    LASALLE_LIST_DISC_COUNT
} lasalle_list_discipline;

/* traits written after the skirmish value in a unit's values */
enum {
    LASALLE_LIST_TRAIT_SHOCK = 1u << 0,
    LASALLE_LIST_TRAIT_PURSUIT = 1u << 1,
    LASALLE_LIST_TRAIT_LANCE = 1u << 2,
    LASALLE_LIST_TRAIT_GUARD = 1u << 3,
    LASALLE_LIST_TRAIT_COUNT = 4
};

typedef enum lasalle_list_tac {
    LASALLE_LIST_TAC_POOR = 0,
    LASALLE_LIST_TAC_AVERAGE,
    LASALLE_LIST_TAC_GOOD,
    LASALLE_LIST_TAC_COUNT
} lasalle_list_tac;
typedef enum lasalle_list_weight {
    LASALLE_LIST_W_LIGHT = 0,
    LASALLE_LIST_W_MEDIUM,
    LASALLE_LIST_W_HEAVY,
    LASALLE_LIST_W_COUNT
} lasalle_list_weight;
typedef enum lasalle_list_support {
    LASALLE_LIST_SUP_ORGANIC = 0, /* on the table from the start */
    LASALLE_LIST_SUP_RESERVE, /* arrives as reinforcements */
    LASALLE_LIST_SUP_ALLIED, /* a minor state's brigade, on the table from the start */
    LASALLE_LIST_SUP_COUNT
} lasalle_list_support;
typedef enum lasalle_list_role {
    LASALLE_LIST_ROLE_DEFENDER = 0,
    LASALLE_LIST_ROLE_ATTACKER,
    LASALLE_LIST_ROLE_COUNT
} lasalle_list_role;
/* how sure the reading of the book's flattened tables is (H, M, L) */
typedef enum lasalle_list_conf {
    LASALLE_LIST_CONF_HIGH = 0,
    LASALLE_LIST_CONF_MEDIUM,
    LASALLE_LIST_CONF_LOW,
    LASALLE_LIST_CONF_COUNT
} lasalle_list_conf;

/* the special rules a list can name (its "rules" entries) */
typedef enum lasalle_list_rule_kind {
    LASALLE_LIST_RULE_LINEAR_TACTICS = 0, /* H p.75 */
    LASALLE_LIST_RULE_SUPERIOR_COMMANDER, /* H p.75 */
    LASALLE_LIST_RULE_SEND_IN_THE_GUARDS, /* H p.75 */
    LASALLE_LIST_RULE_HOME_FIELD, /* H p.76 */
    LASALLE_LIST_RULE_HALF_BATTALION, /* H p.74: lets the named (or every) large infantry units do it */
    LASALLE_LIST_RULE_RIFLE_VOLLEYS, /* H p.76 */
    LASALLE_LIST_RULE_ENTRENCHED_START, /* the named units may begin the game entrenched */
    LASALLE_LIST_RULE_ROCKETS, /* one battery may be exchanged for rockets (H p.81) */
    LASALLE_LIST_RULE_HOWITZER_BATTERY, /* one battery may be exchanged for a howitzer battery (H p.81) */
    LASALLE_LIST_RULE_MASS, /* Austrian Mass formation */
    LASALLE_LIST_RULE_SK1_BREAKUP, /* the named SK1 units may break up, into `value` SK bases per 4 bases */
    LASALLE_LIST_RULE_VIVA_ESPANA, /* +value to unpredictable rolls when entrenched or in a town */
    LASALLE_LIST_RULE_DRAW_IS_VICTORY, /* a draw counts as this army's marginal victory */
    LASALLE_LIST_RULE_ALLIED_CAVALRY_RESERVE, /* these states' cavalry brigades join only as reserves */
    LASALLE_LIST_RULE_ENGINEERS, /* up to `value` engineer bases (H p.77) */
    LASALLE_LIST_RULE_COUNT
} lasalle_list_rule_kind;

/* --- list data ---------------------------------------------------------------------------- */
/* one unit's values in one theatre: Esprit/Discipline[/SKn][/traits] */
typedef struct lasalle_list_values {
    bool set; /* false: the unit has no value (is not available) there */
    uint8_t esprit; /* lasalle_list_esprit */
    uint8_t discipline; /* lasalle_list_discipline */
    int8_t sk; /* inherent skirmish value 0-3; -1 for cavalry */
    uint8_t traits; /* LASALLE_LIST_TRAIT_* */
} lasalle_list_values;

typedef struct lasalle_list_unit_type {
    char name[LASALLE_LIST_NAME];
    char aliases[LASALLE_LIST_MAX_ALIASES][LASALLE_LIST_NAME];
    uint8_t arm; /* LASALLE_LIST_ARM_INF or LASALLE_LIST_ARM_CAV */
    uint8_t nvariants; /* 0, or the declared alternatives (e.g. regular / irregular) */
    char variants[LASALLE_LIST_MAX_VARIANTS][LASALLE_LIST_VARIANT];
    /* v[t][0] is the value in theatre t; where a theatre offers a choice,
     * v[t][k] is variant k (nchoice[t] > 1) */
    lasalle_list_values v[LASALLE_LIST_TH_COUNT][LASALLE_LIST_MAX_VARIANTS];
    uint8_t nchoice[LASALLE_LIST_TH_COUNT];
    bool scenario_only; /* values given for historical scenarios; no list uses the unit */
    uint8_t conf;
    char ref[LASALLE_LIST_REF];
    char note[LASALLE_LIST_NOTE];
} lasalle_list_unit_type;

typedef struct lasalle_list_battery {
    char name[LASALLE_LIST_NAME];
    char aliases[LASALLE_LIST_MAX_ALIASES][LASALLE_LIST_NAME];
    bool horse;
    uint8_t cannon, howitzers; /* gun bases of each kind */
    uint8_t weight; /* lasalle_list_weight */
    uint8_t theatres; /* bits over lasalle_list_theatre */
    uint8_t conf;
    char ref[LASALLE_LIST_REF];
    char note[LASALLE_LIST_NOTE];
} lasalle_list_battery;

typedef enum lasalle_list_item_kind {
    LASALLE_LIST_ITEM_UNIT = 0,
    LASALLE_LIST_ITEM_BATTERY,
    LASALLE_LIST_ITEM_SK
} lasalle_list_item_kind;

/* one line of a composition: "2 Cuirassier (+) or Carabinier (+)" */
typedef struct lasalle_list_item {
    uint8_t kind; /* lasalle_list_item_kind */
    uint8_t n; /* units, batteries or free SK bases */
    bool large; /* "(+)" */
    int16_t type; /* unit or battery index; -1 for SK bases */
    uint8_t nalts;
    int16_t alts[LASALLE_LIST_MAX_ALTS]; /* units that may stand in for `type` */
    int8_t alt_max; /* at most this many of the n may be alternates; -1 no limit */
} lasalle_list_item;

typedef struct lasalle_list_brigade {
    char name[LASALLE_LIST_NAME];
    bool once; /* marked (1): may be chosen only once */
    uint8_t theatres; /* where it serves (a minor state's); all bits for a major nation's */
    int nitems;
    lasalle_list_item items[LASALLE_LIST_MAX_ITEMS];
    uint8_t conf;
    char ref[LASALLE_LIST_REF];
    char note[LASALLE_LIST_NOTE];
} lasalle_list_brigade;

/* the core list of an army type in the theatres of one box */
typedef struct lasalle_list_core {
    uint8_t theatres;
    int nitems;
    lasalle_list_item items[LASALLE_LIST_MAX_ITEMS];
    int nbonus;
    lasalle_list_item bonus[LASALLE_LIST_MAX_BONUS]; /* the attacker's bonus */
    uint8_t conf;
    char ref[LASALLE_LIST_REF];
    char note[LASALLE_LIST_NOTE];
} lasalle_list_core;

/* a support choice an army type offers in some theatres */
typedef struct lasalle_list_offer {
    uint8_t kind; /* lasalle_list_support */
    uint8_t theatres;
    int16_t target; /* organic/reserve: brigade index; allied: state index in the book */
    char state[LASALLE_LIST_ID]; /* allied: the state's id as written */
    uint8_t conf;
} lasalle_list_offer;

typedef struct lasalle_list_army_type {
    char id[LASALLE_LIST_ID]; /* "infantry-division" */
    char name[LASALLE_LIST_NAME];
    int8_t mod_role; /* role the roll-off modifier helps (lasalle_list_role), -1 none */
    int8_t mod; /* "Attack +1" */
    int ncores;
    lasalle_list_core cores[LASALLE_LIST_MAX_CORES];
    int noffers;
    lasalle_list_offer offers[LASALLE_LIST_MAX_OFFERS];
    char ref[LASALLE_LIST_REF];
    char note[LASALLE_LIST_NOTE];
} lasalle_list_army_type;

/* a modifier to the subcommander rolls */
typedef struct lasalle_list_sub_mod {
    bool vigor, tactics; /* which rolls it changes */
    int8_t add;
    uint8_t theatres; /* bits; all when the file gives none */
    uint8_t armies; /* bits over the nation's army types; 0: every one */
} lasalle_list_sub_mod;

/* vigor and tactics are rolled separately on 1d6; a modified roll below 1
 * reads as 1 and above 6 as 6 */
typedef struct lasalle_list_sub_table {
    int8_t vigor[6]; /* -1, 0, +1 for faces 1..6 */
    uint8_t tactics[6]; /* lasalle_list_tac for faces 1..6 */
    int nmods;
    lasalle_list_sub_mod mods[LASALLE_LIST_MAX_MODS];
    char ref[LASALLE_LIST_REF];
} lasalle_list_sub_table;

typedef struct lasalle_list_rule {
    uint8_t kind; /* lasalle_list_rule_kind */
    uint8_t theatres; /* bits; all when absent */
    uint8_t armies; /* bits over army types; 0: every one */
    int8_t role; /* lasalle_list_role, -1 either */
    int nunits; /* 0: every unit the rule could concern */
    int16_t units[LASALLE_LIST_MAX_RULE_NAMES];
    int nstates;
    char states[LASALLE_LIST_MAX_RULE_NAMES][LASALLE_LIST_ID];
    int8_t value; /* kind-specific: a maximum, a bonus, SK bases per 4 bases */
    char ref[LASALLE_LIST_REF];
} lasalle_list_rule;

/* a major nation (with army lists) or a minor state (brigades only) */
typedef struct lasalle_list_nation {
    char id[LASALLE_LIST_ID];
    char name[LASALLE_LIST_NAME];
    char adjective[LASALLE_LIST_NAME];
    char file[256]; /* the file it came from, for messages */
    char ref[LASALLE_LIST_REF];
    bool minor;
    bool scenario_only; /* a state given for historical scenarios only */
    bool allies; /* may take allied brigades (a major nation) */
    bool reserves; /* may take reserve brigades */
    uint8_t theatres;
    lasalle_list_sub_table sub;
    int nunits;
    lasalle_list_unit_type units[LASALLE_LIST_MAX_UNITS];
    int nbatteries;
    lasalle_list_battery batteries[LASALLE_LIST_MAX_BATTERIES];
    int nbrigades;
    lasalle_list_brigade brigades[LASALLE_LIST_MAX_BRIGADES];
    int narmies;
    lasalle_list_army_type armies[LASALLE_LIST_MAX_ARMIES];
    int nrules;
    lasalle_list_rule rules[LASALLE_LIST_MAX_RULES];
    char refs_lists[LASALLE_LIST_REF]; /* where the list boxes are printed */
    char refs_compositions[LASALLE_LIST_REF];
    char refs_values[LASALLE_LIST_REF];
    char refs_rules[LASALLE_LIST_REF];
    char note[LASALLE_LIST_NOTE];
} lasalle_list_nation;

/* every nation and minor state: what the army verb and the checker work from */
typedef struct lasalle_list_book {
    int nnations;
    lasalle_list_nation nations[LASALLE_LIST_MAX_NATIONS];
    int nstates;
    lasalle_list_nation states[LASALLE_LIST_MAX_STATES];
    char dir[512];
} lasalle_list_book;

/* one army list: an army type of a nation in a theatre (its id is
 * "NATION-ARMYTYPE-THEATRE", e.g. "france-infantry-division-liberation") */
typedef struct lasalle_list_ref {
    int nation;
    int army;
    int theatre;
    int core; /* the core box serving that theatre */
} lasalle_list_ref;

/* --- names ----------------------------------------------------------------------------------- */
const char *lasalle_list_theatre_id(int t); /* "hundred-days" */
const char *lasalle_list_theatre_name(int t); /* "Hundred Days (1815)" */
const char *lasalle_list_esprit_name(int e); /* "Reliable" */
const char *lasalle_list_discipline_name(int d);
const char *lasalle_list_tactics_name(int t); /* "good" */
const char *lasalle_list_weight_name(int w);
const char *lasalle_list_support_name(int s); /* "organic" */
const char *lasalle_list_role_name(int r); /* "attacker" */
const char *lasalle_list_rule_id(int k); /* "half-battalion" */
const char *lasalle_list_rule_text(int k); /* a line saying what the rule does */
/* -1 when the name is unknown */
int lasalle_list_theatre_find(const char *id);
/* "Rel/Exp/SK2/Guard" (short) into buf */
const char *lasalle_list_values_text(const lasalle_list_values *v, char *buf, size_t cap);
/* parses the book's notation ("Valiant/Experienced/SK2/Guard", "Rel/Ama/Pursuit");
 * 0, or -1 with what was wrong in *why */
int lasalle_list_values_parse(const char *s, lasalle_list_values *out, const char **why);
/* names equal when compared without case, accents or the spelling of "ä" vs "a" */
bool lasalle_list_name_eq(const char *a, const char *b);

/* --- loading ----------------------------------------------------------------------------------- */
/* Loads one nation file into *N (which the caller owns); 0, or -1 with
 * "FILE: $.path: message". Allied offers keep their state ids unresolved. */
int lasalle_list_load_nation(const char *path, lasalle_list_nation *N, gr_error *err);
/* Loads minor-states.json into B->states; 0 or -1. */
int lasalle_list_load_states(const char *path, lasalle_list_book *B, gr_error *err);
/* Loads every file of a folder (default: data/lasalle/armies found with
 * gr_find_data when dir is NULL), resolves the allied offers and checks that
 * every unit a list or brigade names has a value where it is offered.
 * NULL with the message of the first problem. Free with free(). */
lasalle_list_book *lasalle_list_load_book(const char *dir, gr_error *err);
/* the folder holding the list files; 0 or -1 */
int lasalle_list_dir(char *buf, size_t cap);

/* --- queries ------------------------------------------------------------------------------------- */
/* Finds a list by id; 0, or -1 with a message naming the ids near it. */
int lasalle_list_find(const lasalle_list_book *B, const char *id, lasalle_list_ref *out, gr_error *err);
/* the list's id into buf */
const char *lasalle_list_id(const lasalle_list_book *B, const lasalle_list_ref *l, char *buf, size_t cap);
/* the number of lists in the book; lasalle_list_nth gives the i-th in file order */
int lasalle_list_count(const lasalle_list_book *B);
int lasalle_list_nth(const lasalle_list_book *B, int i, lasalle_list_ref *out);
/* nation (or state) by id; -1 */
int lasalle_list_find_nation(const lasalle_list_book *B, const char *id);
int lasalle_list_find_state(const lasalle_list_book *B, const char *id);
/* unit type, battery (available in theatre t; t < 0: any) and brigade (serving
 * theatre t; t < 0: any) of a nation by name or alias; -1 */
int lasalle_list_find_unit(const lasalle_list_nation *N, const char *name);
int lasalle_list_find_battery(const lasalle_list_nation *N, const char *name, int t);
int lasalle_list_find_brigade(const lasalle_list_nation *N, const char *name, int t);
/* the rule of this kind in force for the list (role -1: whatever the role), or NULL */
const lasalle_list_rule *lasalle_list_rule_find(const lasalle_list_nation *N, int army, int theatre, int role,
                                                int kind);
/* does the rule name this unit (a rule naming none concerns every unit)? */
bool lasalle_list_rule_names_unit(const lasalle_list_rule *r, int unit);
/* a subcommander's rating from a natural roll (1..6) on the nation's table,
 * after its modifiers for the army type and theatre (army -1: none) */
int lasalle_list_vigor(const lasalle_list_nation *N, int army, int theatre, int roll);
int lasalle_list_tactics(const lasalle_list_nation *N, int army, int theatre, int roll);
/* the sum of the modifiers to one roll (tactics false: vigor) */
int lasalle_list_roll_mod(const lasalle_list_nation *N, int army, int theatre, bool tactics);
/* is a brigade all cavalry (and guns)? */
bool lasalle_list_brigade_is_cavalry(const lasalle_list_nation *N, const lasalle_list_brigade *b);

#endif
