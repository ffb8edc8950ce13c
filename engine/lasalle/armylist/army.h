/* army.h - a player's Lasalle army built from a list of the Army Builder
 * (book chapter K): the army file (docs/lasalle-armies.md), the checker that
 * names every breach of the list with the page that sets the limit, the
 * values each unit plays with, the army's morale total, and the generator
 * that rolls the book's random parts (subcommander vigor and tactics on the
 * nation's table) and builds a random legal army from a list.
 *
 * An army is a fixed-size value that refers to its list by id and to unit,
 * battery and brigade types by name, so a file round-trips unchanged. */
#ifndef LASALLE_ARMY_H
#define LASALLE_ARMY_H

#include "list.h"
#include "../../core/dice.h"

#define LASALLE_ARMY_MAX_FORCES 8
#define LASALLE_ARMY_MAX_UNITS 16 /* per Force */
#define LASALLE_ARMY_MAX_INDEP 6
#define LASALLE_ARMY_MAX_BREACHES 64
#define LASALLE_ARMY_MSG 320
#define LASALLE_ARMY_MAX_SUPPORT 6 /* support choices an army file may name */
/* [H Engineering, p.77]: one engineer base unless the list allows more */
#define LASALLE_ARMY_DEFAULT_ENGINEERS 1
/* [K, p.94]: one support choice suits small tables and short games; an army
 * file that does not say how many were agreed is held to this */
#define LASALLE_ARMY_DEFAULT_SUPPORT 1

typedef enum lasalle_army_swap {
    LASALLE_ARMY_SWAP_NONE = 0,
    LASALLE_ARMY_SWAP_ROCKETS,
    LASALLE_ARMY_SWAP_HOWITZER,
    LASALLE_ARMY_SWAP_COUNT
} lasalle_army_swap;

typedef struct lasalle_army_unit {
    char name[LASALLE_LIST_NAME]; /* optional label */
    char type[LASALLE_LIST_NAME]; /* unit or battery type as named in the list */
    bool battery;
    bool large; /* "(+)" */
    char variant[LASALLE_LIST_VARIANT]; /* the declared alternative, e.g. Grenz "irregular" */
    bool irregular; /* made Irregular before the game (H p.74) */
    bool half_deployed; /* Half Battalion Deployed (H p.74) */
    bool broken_up; /* broken up into SK bases (B p.16) */
    int8_t sk_bases; /* SK bases it receives */
    bool entrenched; /* begins the game entrenched */
    uint8_t swap; /* lasalle_army_swap */
} lasalle_army_unit;

typedef struct lasalle_army_sub {
    bool present;
    char name[LASALLE_LIST_NAME];
    bool has_vigor, has_tactics;
    int8_t vigor; /* -1, 0, +1 */
    uint8_t tactics; /* lasalle_list_tac */
    int8_t vigor_roll, tactics_roll; /* the natural d6, 0 when not recorded */
} lasalle_army_sub;

typedef struct lasalle_army_force {
    char name[LASALLE_LIST_NAME];
    bool support; /* a support brigade (else a core Force) */
    uint8_t kind; /* lasalle_list_support */
    char brigade[LASALLE_LIST_NAME];
    char state[LASALLE_LIST_ID]; /* allied: the minor state */
    bool reserve; /* allied: arrives as a reserve */
    lasalle_army_sub sub;
    int nunits;
    lasalle_army_unit units[LASALLE_ARMY_MAX_UNITS];
} lasalle_army_force;

typedef struct lasalle_army {
    char list[64];
    char name[80];
    uint8_t role; /* lasalle_list_role */
    int support_choices; /* agreed by the players */
    bool has_commander;
    char commander[LASALLE_LIST_NAME];
    int engineers;
    int nforces;
    lasalle_army_force forces[LASALLE_ARMY_MAX_FORCES];
    int nindep;
    lasalle_army_unit indep[LASALLE_ARMY_MAX_INDEP]; /* independent units */
} lasalle_army;

/* --- checking ---------------------------------------------------------------------------- */
typedef enum lasalle_army_rule {
    LASALLE_ARMY_R_LIST = 0, /* the list id is unknown */
    LASALLE_ARMY_R_COMMANDER, /* no commander */
    LASALLE_ARMY_R_CORE, /* core units or attacker's bonus missing or extra */
    LASALLE_ARMY_R_FORCES, /* number of core Forces (subcommanders) */
    LASALLE_ARMY_R_FORCE_SIZE, /* a core Force under 2 units */
    LASALLE_ARMY_R_SUPPORT_COUNT, /* more brigades than the agreed support choices */
    LASALLE_ARMY_R_SUPPORT_OFFER, /* a brigade the list does not offer so */
    LASALLE_ARMY_R_ONCE, /* a (1) brigade taken twice */
    LASALLE_ARMY_R_COMPOSITION, /* a brigade's units differ from its composition */
    LASALLE_ARMY_R_UNIT, /* unknown unit, no value in the theatre, undeclared variant */
    LASALLE_ARMY_R_SUBCOMMANDER, /* missing, unrated, or rated against his roll */
    LASALLE_ARMY_R_IRREGULAR, /* a unit that may not be made Irregular */
    LASALLE_ARMY_R_INDEPENDENT, /* an independent unit that is not irregular infantry */
    LASALLE_ARMY_R_HALF_BATTALION,
    LASALLE_ARMY_R_SKIRMISH, /* SK bases: break-ups, supply, recipients, SK above 3 */
    LASALLE_ARMY_R_ENTRENCHED,
    LASALLE_ARMY_R_SWAP, /* rockets / howitzer battery exchanges */
    LASALLE_ARMY_R_ENGINEERS,
    LASALLE_ARMY_R_COUNT
} lasalle_army_rule;

typedef struct lasalle_army_breach {
    int rule; /* lasalle_army_rule */
    int force; /* 0-based, -1 army-wide, LASALLE_ARMY_INDEP independents */
    int unit; /* 0-based, -1 none */
    char msg[LASALLE_ARMY_MSG];
} lasalle_army_breach;
#define LASALLE_ARMY_INDEP (-2)

typedef struct lasalle_army_report {
    int nbreaches;
    int dropped; /* breaches beyond LASALLE_ARMY_MAX_BREACHES */
    lasalle_army_breach b[LASALLE_ARMY_MAX_BREACHES];
    int morale; /* army morale of the units on the table at the start (F p.66) */
    int reserve_morale; /* added as reserve brigades arrive */
} lasalle_army_report;

/* Checks an army against its list and the Army Builder's rules; returns the
 * number of breaches (0: legal). Never stops at the first. */
int lasalle_army_check(const lasalle_list_book *B, const lasalle_army *a, lasalle_army_report *r);
const char *lasalle_army_rule_name(int rule);

/* --- files ----------------------------------------------------------------------------------- */
/* Loads an army file (the list is not needed); NULL with "FILE: $.path: ..."
 * on failure. Free with free(). */
lasalle_army *lasalle_army_load_file(const char *path, gr_error *err);
/* Writes an army file (atomically); 0 or -1. */
int lasalle_army_write_file(const lasalle_army *a, const char *path, gr_error *err);

/* --- what a unit plays with ---------------------------------------------------------------------- */
typedef struct lasalle_army_stats {
    uint8_t arm; /* lasalle_list_arm */
    int bases; /* 4 / 6 for infantry and cavalry, cannon + howitzers for guns */
    uint8_t esprit, discipline; /* infantry and cavalry */
    int sk; /* inherent + received, at most 3; -1 cavalry and guns */
    uint8_t traits;
    bool horse; /* artillery */
    int cannon, howitzers;
    uint8_t weight;
    uint8_t swap; /* lasalle_army_swap */
    int morale; /* its morale value (F p.66): 3 large, 2 small, 1 guns; 0 broken up */
} lasalle_army_stats;

/* The values of unit i of force f (f = LASALLE_ARMY_INDEP: independents);
 * 0, or -1 with a message when it cannot be resolved. */
int lasalle_army_unit_stats(const lasalle_list_book *B, const lasalle_army *a, int f, int i, lasalle_army_stats *out,
                            gr_error *err);

/* --- dice -------------------------------------------------------------------------------------- */
/* Rolls vigor and tactics (1d6 each, separately) for force f's subcommander on
 * his nation's table (an allied brigade's on the minor states' table) and
 * stores ratings and rolls in the army. 0, or -1 when the dice fail or the
 * force cannot be placed in the list. */
int lasalle_army_roll_subcommander(const lasalle_list_book *B, lasalle_army *a, int f, gr_dice *d, gr_error *err);

typedef enum lasalle_army_unpred {
    LASALLE_ARMY_UNPRED_SHAKY = 0, /* 1-3: Shaky for the rest of the game */
    LASALLE_ARMY_UNPRED_RELIABLE, /* 4-5: Reliable for this combat only */
    LASALLE_ARMY_UNPRED_VALIANT /* 6: Valiant for the rest of the game */
} lasalle_army_unpred;
/* The esprit roll of an Unpredictable unit (H p.76), taken when its combat
 * dice are counted, with `bonus` added (Viva España!); -1 when the dice fail. */
int lasalle_army_roll_unpredictable(gr_dice *d, int bonus, const char *purpose);
/* the bonus a unit of force f (LASALLE_ARMY_INDEP) gets on that roll when
 * entrenched or in a town, from its list's rules (0 for allied brigades) */
int lasalle_army_unpredictable_bonus(const lasalle_list_book *B, const lasalle_army *a, int f);

typedef struct lasalle_army_gen_opts {
    uint8_t role; /* lasalle_list_role */
    int support; /* support choices to take */
} lasalle_army_gen_opts;

/* Builds a legal army from list l: the core (with the attacker's bonus when
 * attacking) split at random into its Forces, `support` brigades picked at
 * random among those the list offers, declared variants and "or" units
 * picked at random, and every subcommander rolled. All chance comes from d.
 * 0, or -1 with a message (dice failure). */
int lasalle_army_generate(const lasalle_list_book *B, const lasalle_list_ref *l, const lasalle_army_gen_opts *o,
                          gr_dice *d, lasalle_army *out, gr_error *err);

#endif
