/* armylist.h - Field of Glory Napoleonic: the army lists of Appendix 1 (§19)
 * as data, the armies a player builds from them, their points cost (§16) and
 * a validator that reports every breach of the list's limits, of its special
 * instructions and of the hard organisation rules (§3.2 attachments, §3.3
 * divisions).
 *
 * A list file (data/fogn/armies/<id>.json) and an army file
 * (docs/armies.md) are loaded into the fixed-size structures below; nothing
 * points outside them, so a list can be copied or freed with free(). The
 * loaders refuse a malformed file with the file name and the JSON path; the
 * validator never stops at the first breach. */
#ifndef FOGN_ARMYLIST_H
#define FOGN_ARMYLIST_H

#include <stdbool.h>
#include <stdint.h>
#include "../fogn.h"
#include "../../core/error.h"

/* --- sizes ------------------------------------------------------------------------- */
#define FOGN_LIST_ID 48
#define FOGN_LIST_NAME 64
#define FOGN_LIST_TEXT 240
#define FOGN_LIST_MAX_ENTRIES 64    /* all sections together (a bit per entry in selectors) */
#define FOGN_LIST_MAX_ROWS 4
#define FOGN_LIST_MAX_ALLIES 2
#define FOGN_LIST_MAX_SECTIONS (1 + FOGN_LIST_MAX_ALLIES)
#define FOGN_LIST_MAX_TAGS 32
#define FOGN_LIST_MAX_REGIONS 4
#define FOGN_LIST_MAX_RULES 16      /* attachment rules, all sections */
#define FOGN_LIST_MAX_LIMITS 4      /* per attachment rule */
#define FOGN_LIST_MAX_CONDS 2       /* "only_if" conditions per attachment rule */
#define FOGN_LIST_MAX_CONSTRAINTS 40
#define FOGN_LIST_MAX_GROUPS 4      /* "apart" groups */

#define FOGN_ARMY_MAX_DIVS 8
#define FOGN_ARMY_MAX_UNITS 16      /* per division */
#define FOGN_ARMY_MAX_UNIT_ATT 3    /* stored per unit; more than 2 is a breach (§3.2) */
#define FOGN_ARMY_MAX_POOL 8        /* attachments bought for a division, not yet given to units */
#define FOGN_ARMY_MAX_FIELDWORKS 8
#define FOGN_ARMY_MAX_BREACHES 64
#define FOGN_ARMY_MSG 320

/* --- rulings and defaults (each a line in docs/rulings.md) ------------------------- */
/* §16: the standard game is about 800 points a side; an army file without
 * "points" is checked against this. */
#define FOGN_ARMY_DEFAULT_POINTS 800
/* the points limits an army file may name (§16: 800 usual, up to 1200 with
 * experience; wider bounds only catch typing mistakes) */
#define FOGN_ARMY_POINTS_MIN 100
#define FOGN_ARMY_POINTS_MAX 2000
/* §19: bases are counted as bought: 4 or 6 per infantry/cavalry unit, 2 or 3
 * per artillery unit. Attachments never count towards an entry's or a row's
 * minimum or maximum (they replace a base or are added beside artillery). */
#define FOGN_LIST_COUNT_ATTACHMENTS 0
/* §19 (Ruling): allied divisions count towards the corps' 2-4 divisions and
 * their commanders towards the charismatic limit, but not towards the main
 * list's per-quality division-commander maxima (they have their own). */
#define FOGN_LIST_ALLIED_DIVS_COUNT 1
/* §19 (Ruling): the minima of an ally section (entries, rows, groups) apply
 * only when the army holds at least one division or unit of that ally. */
#define FOGN_LIST_ALLY_MINIMA_IF_USED 1
/* §3.3: the division sizes are enforced for armies built from the lists
 * (infantry >= 3 units, cavalry >= 2 cavalry units, mixed >= 2 infantry and
 * >= 1 cavalry with <= 4 of either, <= 1 artillery unit in any division). */
#define FOGN_LIST_DIV_INF_MIN_UNITS 3
#define FOGN_LIST_DIV_CAV_MIN_UNITS 2
#define FOGN_LIST_DIV_MIXED_MIN_INF 2
#define FOGN_LIST_DIV_MIXED_MIN_CAV 1
#define FOGN_LIST_DIV_MIXED_MAX_EACH 4
#define FOGN_LIST_DIV_MAX_ART 1
/* §3.2, §19: an officer may be attached to an artillery unit only where the
 * list's officer rule names artillery among the arms that may carry one. */
#define FOGN_LIST_OFFICER_ON_ART_NEEDS_LIST 1
/* §19 (Ruling): a charismatic line absent from a list means no charismatic
 * commander may be bought (Army of Spain, Austrians 1813). */
#define FOGN_LIST_CHARISMATIC_DEFAULT_MAX 0

/* --- list data ---------------------------------------------------------------------- */
/* the troop types a list row names (§19); line infantry takes the list's doctrine */
typedef enum fogn_list_type {
    FOGN_LT_LINE_INF = 0,
    FOGN_LT_LIGHT_INF,
    FOGN_LT_HEAVY_CAV,
    FOGN_LT_LIGHT_CAV,
    FOGN_LT_MEDIUM_ART,     /* foot, medium */
    FOGN_LT_HEAVY_ART,      /* foot, heavy */
    FOGN_LT_HORSE_ART,
    FOGN_LT_MORTARS,
    FOGN_LT_COUNT
} fogn_list_type;

/* how a list's line infantry moves and fires (§2.1, §19) */
typedef enum fogn_list_doctrine {
    FOGN_DOC_REFORMED = 0,
    FOGN_DOC_UNREFORMED,
    FOGN_DOC_MOVE_UNREFORMED_FIRE_REFORMED,
    FOGN_DOC_COUNT
} fogn_list_doctrine;

/* when attachments are given to units (§17.4, §19) */
typedef enum fogn_list_timing {
    FOGN_AT_CREATION = 0,       /* on units when the army is made: no division pool */
    FOGN_AT_DEPLOYMENT,         /* bought per division, given to units after terrain */
    FOGN_AT_MIXED_DEPLOYMENT,   /* non-mixed divisions at creation, mixed ones later */
    FOGN_AT_COUNT
} fogn_list_timing;

typedef enum fogn_list_quality {
    FOGN_Q_EXCEPTIONAL = 0, FOGN_Q_SKILLED, FOGN_Q_COMPETENT, FOGN_Q_COUNT
} fogn_list_quality;

/* a set of units: every given field must match (lists inside a field: any) */
typedef struct fogn_list_sel {
    uint64_t entries, not_entries;  /* bits over fogn_army_list.entries; 0: any / none */
    uint32_t tags, not_tags;        /* bits over fogn_army_list.tags */
    uint16_t types;                 /* bits over fogn_list_type */
    uint8_t arms;                   /* bits over fogn_arm */
    uint8_t trainings, not_trainings, elans; /* bits over fogn_training / fogn_elan */
    uint16_t caps;                  /* the unit has all of these FOGN_CAP_* */
    int8_t large;                   /* -1 any, 0 small, 1 large */
    int8_t core;                    /* -1 any */
    int8_t allied;                  /* -1 any, 0 main list, 1 an ally section */
    bool none;                      /* matches no unit (a count of attachments only) */
} fogn_list_sel;

/* which divisions a rule looks at */
typedef struct fogn_list_divf {
    uint8_t kinds;                  /* bits over fogn_div_kind; 0 any */
    int8_t allied;                  /* -1 any, 0 main-list divisions, 1 allied */
    bool has_when, has_lacks;
    fogn_list_sel when;             /* the division holds a unit matching */
    fogn_list_sel lacks;            /* ... and none matching this */
} fogn_list_divf;

typedef struct fogn_list_row {
    char name[FOGN_LIST_NAME];
    uint8_t type;                   /* fogn_list_type */
    uint8_t elan, training;
    uint16_t caps;                  /* FOGN_CAP_* (line-infantry doctrine caps added on conversion) */
    int pts;                        /* per base, as printed (authoritative, §23 #30) */
    uint8_t sizes;                  /* bit n: units of n bases may be bought */
    int min, max;                   /* bases of this row in the army; max -1 none */
} fogn_list_row;

typedef struct fogn_list_entry {
    char name[FOGN_LIST_NAME];
    uint8_t section;                /* 0 main list, k: allies[k-1] */
    bool core;
    uint8_t doctrine;               /* fogn_list_doctrine for line-infantry rows */
    uint32_t tags;
    int min, max;                   /* bases of the whole entry; max -1 none */
    int nrows;
    fogn_list_row rows[FOGN_LIST_MAX_ROWS];
    char printed[FOGN_LIST_TEXT];   /* the cells as printed, where the data had to read them */
    char ruling[FOGN_LIST_TEXT];
} fogn_list_entry;

typedef enum fogn_list_ckind {
    FOGN_CK_COUNT = 0,              /* units/bases matching, per division or in the army, in [min, max] */
    FOGN_CK_RATIO,                  /* den*count(A) >= num*count(B) (or >) */
    FOGN_CK_APART,                  /* no division holds units of two groups */
    FOGN_CK_TOGETHER,               /* all matching units (and carriers of atts) in one division */
    FOGN_CK_ONLY_WITH,              /* a division holding `when` holds only `allow` units */
    FOGN_CK_ATT_REQUIRED,           /* each matching unit carries one of atts */
    FOGN_CK_DIVISIONS,              /* number of divisions passing the filter in [min, max] */
    FOGN_CK_IN_FIELDWORKS,          /* each matching unit gets a fieldwork of its size */
    FOGN_CK_PLAY,                   /* a rule of play, not checkable on an army file */
    FOGN_CK_COUNT_KINDS
} fogn_list_ckind;

typedef enum fogn_list_scope { FOGN_SCOPE_ARMY = 0, FOGN_SCOPE_DIVISION } fogn_list_scope;

typedef struct fogn_list_constraint {
    uint8_t kind;                   /* fogn_list_ckind */
    uint8_t scope;                  /* fogn_list_scope */
    bool bases;                     /* count bases (true) or units */
    uint8_t section;                /* section it was written in */
    fogn_list_divf div;             /* division filter (division scope, "divisions", "together" kinds) */
    bool has_awhen;
    fogn_list_sel awhen;            /* army scope: only if the army holds such a unit */
    fogn_list_sel count, of;        /* "count" / "of" (ratio), "allow" (only_with) */
    int ngroups;
    fogn_list_sel groups[FOGN_LIST_MAX_GROUPS];
    uint16_t atts;                  /* bits over fogn_attach (together, required, plus_attachments) */
    int min, max;                   /* -1 none */
    int num, den;
    bool strict;
    char text[FOGN_LIST_TEXT];      /* the rule in our words, used in messages */
    char ref[16];                   /* spec section, e.g. "§19.1" */
} fogn_list_constraint;

typedef struct fogn_list_att_limit {
    uint8_t scope;                  /* fogn_list_scope */
    fogn_list_divf div;             /* division scope: the divisions it applies to */
    int min, max;                   /* -1 none */
    int per;                        /* > 0: max = floor(count of `count` units / per) */
    fogn_list_sel count;
    int share_type;                 /* >= 0: at least num/den of the rule's attachments are of it */
    int share_num, share_den;
} fogn_list_att_limit;

typedef struct fogn_list_att_rule {
    char name[FOGN_LIST_NAME];
    uint8_t section;
    int pts[FOGN_ATT_COUNT];        /* price per attachment; -1: not sold by this rule */
    int type_max[FOGN_ATT_COUNT];   /* army total of the type; -1 none */
    bool has_type_on[FOGN_ATT_COUNT];
    fogn_list_sel type_on[FOGN_ATT_COUNT];
    bool has_on;
    fogn_list_sel on;               /* units that may carry any of them */
    uint8_t div_kinds;              /* divisions that may hold them; 0 any */
    int nlimits;
    fogn_list_att_limit limits[FOGN_LIST_MAX_LIMITS];
    int nconds;
    fogn_list_constraint conds[FOGN_LIST_MAX_CONDS]; /* "only_if": kind count */
    char text[FOGN_LIST_TEXT];
} fogn_list_att_rule;

typedef struct fogn_list_ally {
    char id[FOGN_LIST_ID];
    char name[FOGN_LIST_NAME];
    int div_min, div_max;           /* number of its divisions (min only if used) */
    uint8_t div_kinds;              /* kinds its divisions may be */
    int q_pts[FOGN_Q_COUNT];        /* commander prices; -1 not allowed */
    int q_max[FOGN_Q_COUNT];
    uint8_t timing;                 /* fogn_list_timing */
    bool count_toward_main_minima;  /* its bases count towards main minima of the same arm */
    bool has_guests;
    fogn_list_sel guests;           /* its units that may sit in main-list divisions ... */
    uint8_t guest_kinds;            /* ... of these kinds */
} fogn_list_ally;

typedef struct fogn_army_list {
    char id[FOGN_LIST_ID];
    char name[FOGN_LIST_NAME];
    char ref[16];                   /* "§19.1" */
    int nregions;
    char regions[FOGN_LIST_MAX_REGIONS][FOGN_LIST_NAME];
    int initiative;
    uint8_t doctrine;               /* fogn_list_doctrine */
    bool priced_unreformed;         /* line infantry priced as unreformed in the §16 formula */
    uint8_t timing;                 /* fogn_list_timing, main-list divisions */
    int mixed_min, mixed_max;       /* main-list mixed divisions; max -1 any */
    uint8_t corps_q;                /* bits over fogn_list_quality */
    int div_min, div_max;
    int q_max[FOGN_Q_COUNT];        /* main-list division commanders per quality */
    int q_pts[FOGN_Q_COUNT];
    int charismatic_min, charismatic_max, charismatic_pts;
    bool has_fieldworks;
    int fw_pts, fw_max;             /* per "base"; total "bases" */
    uint8_t fw_sizes;               /* bit n: n-base fieldworks (2 small, 3 large) */
    int ntags;
    char tags[FOGN_LIST_MAX_TAGS][24];
    int nentries;
    fogn_list_entry entries[FOGN_LIST_MAX_ENTRIES];
    int nallies;
    fogn_list_ally allies[FOGN_LIST_MAX_ALLIES];
    int nrules;
    fogn_list_att_rule rules[FOGN_LIST_MAX_RULES];
    int ncons;
    fogn_list_constraint cons[FOGN_LIST_MAX_CONSTRAINTS];
} fogn_army_list;

/* --- an army built from a list --------------------------------------------------------- */
typedef struct fogn_army_unit {
    char name[FOGN_NAME];           /* optional label */
    char entry[FOGN_LIST_NAME];
    char row[FOGN_LIST_NAME];       /* "" when the entry has one row */
    int bases;
    int natt;
    uint8_t att[FOGN_ARMY_MAX_UNIT_ATT]; /* fogn_attach */
} fogn_army_unit;

typedef struct fogn_army_cmdr {
    char name[FOGN_NAME];
    int quality;                    /* fogn_list_quality; -1: none given */
    bool charismatic;
} fogn_army_cmdr;

typedef struct fogn_army_div {
    char name[FOGN_NAME];
    uint8_t kind;                   /* fogn_div_kind */
    bool allied;
    char ally[FOGN_LIST_ID];        /* which ally section ("" = the list's only one) */
    fogn_army_cmdr cmdr;
    int nunits;
    fogn_army_unit units[FOGN_ARMY_MAX_UNITS];
    int npool;
    uint8_t pool[FOGN_ARMY_MAX_POOL];
} fogn_army_div;

typedef struct fogn_army {
    char list[FOGN_LIST_ID];
    char name[80];
    int points;                     /* the limit */
    bool has_corps;
    fogn_army_cmdr corps;
    int nfw;
    int fw[FOGN_ARMY_MAX_FIELDWORKS];   /* "bases": 2 small, 3 large */
    int ndivs;
    fogn_army_div divs[FOGN_ARMY_MAX_DIVS];
} fogn_army;

/* --- cost and validation --------------------------------------------------------------- */
typedef enum fogn_army_rule {
    FOGN_AR_POINTS = 0,     /* total over the limit (§16) */
    FOGN_AR_CORPS,          /* corps commander missing or of a quality the list does not offer */
    FOGN_AR_DIVISIONS,      /* number of divisions */
    FOGN_AR_CMDR,           /* division commanders per quality, allied commanders */
    FOGN_AR_CHARISMATIC,
    FOGN_AR_UNKNOWN,        /* entry or row not in the list */
    FOGN_AR_UNIT_SIZE,      /* bases per unit */
    FOGN_AR_ROW_MIN,
    FOGN_AR_ROW_MAX,
    FOGN_AR_ENTRY_MIN,
    FOGN_AR_ENTRY_MAX,
    FOGN_AR_DIV_KIND,       /* §3.3 composition */
    FOGN_AR_MIXED,          /* number of mixed divisions */
    FOGN_AR_ALLIED,         /* ally section rules */
    FOGN_AR_ATT_UNIT,       /* an attachment the unit may not carry */
    FOGN_AR_ATT_LIMIT,      /* too many / too few attachments */
    FOGN_AR_ATT_TIMING,     /* a division pool where attachments are fixed at creation */
    FOGN_AR_CONSTRAINT,     /* a special instruction of the list */
    FOGN_AR_FIELDWORKS,
    FOGN_AR_COUNT
} fogn_army_rule;

typedef struct fogn_army_breach {
    int rule;                       /* fogn_army_rule */
    int division;                   /* 0-based, -1 army-wide */
    int unit;                       /* 0-based, -1 none */
    char msg[FOGN_ARMY_MSG];
} fogn_army_breach;

typedef struct fogn_army_report {
    int limit, total;
    int corps_pts, fw_pts;
    int div_units_pts[FOGN_ARMY_MAX_DIVS];
    int div_att_pts[FOGN_ARMY_MAX_DIVS];
    int div_cmdr_pts[FOGN_ARMY_MAX_DIVS];
    int div_pts[FOGN_ARMY_MAX_DIVS];    /* sum of the three */
    int div_bases[FOGN_ARMY_MAX_DIVS];
    int nbreaches;
    int dropped;                    /* breaches beyond FOGN_ARMY_MAX_BREACHES */
    fogn_army_breach b[FOGN_ARMY_MAX_BREACHES];
} fogn_army_report;

/* --- API -------------------------------------------------------------------------------- */
/* Loads a list file; NULL with "FILE: $.path: message" on failure. Free with free(). */
fogn_army_list *fogn_list_load_file(const char *path, gr_error *err);
/* Loads data/fogn/armies/<id>.json (found with gr_find_data); the file's id must match. */
fogn_army_list *fogn_list_load_id(const char *id, gr_error *err);
/* The folder holding the list files (0, or -1 when it cannot be found). */
int fogn_list_dir(char *buf, size_t cap);

/* Loads an army file (does not need the list); NULL with file and JSON path on failure. */
fogn_army *fogn_army_load_file(const char *path, gr_error *err);

/* Finds an entry by name (case-insensitive; -1) and a row of it by name ("" picks
 * the only row; -1). */
int fogn_list_find_entry(const fogn_army_list *L, const char *name);
int fogn_list_find_row(const fogn_army_list *L, int entry, const char *name);
/* The arm of a row's troop type. */
fogn_arm fogn_list_type_arm(fogn_list_type t);
const char *fogn_list_type_name(fogn_list_type t);
const char *fogn_list_quality_name(fogn_list_quality q);
const char *fogn_army_rule_name(fogn_army_rule r);

/* The §16 formula price of a row (training column + élan + capabilities), -1
 * where the table has no value; the list's own price is what an army pays
 * (§23 #30), this only shows where the two differ. */
int fogn_list_formula_pts(const fogn_army_list *L, int entry, int row);

/* The §16 table's rows, the classes a base is priced by. */
typedef enum fogn_price_class {
    FOGN_PC_UNREFORMED = 0, FOGN_PC_REFORMED, FOGN_PC_LIGHT_INF, FOGN_PC_LIGHT_CAV, FOGN_PC_HEAVY_CAV,
    FOGN_PC_MEDIUM_ART, FOGN_PC_HEAVY_ART, FOGN_PC_HORSE_ART, FOGN_PC_COUNT
} fogn_price_class;
/* The §16 price of one base: training column (fogn_training) + élan
 * (fogn_elan) + the capabilities (FOGN_CAP_*); -1 where the table sells no
 * such base (reformed irregulars, conscript guns). */
int fogn_price_base(fogn_price_class pc, int training, int elan, unsigned caps);
/* The points per base of one capability bit (0 for those §16 does not price). */
int fogn_price_cap(unsigned cap);

/* Price of one attachment of type a on a unit of the given division section
 * (0 main, k ally k-1); -1 when that section sells none. */
int fogn_list_att_price(const fogn_army_list *L, int section, fogn_attach a);

/* Costs (§16) and every breach of the list and of §3.2-§3.3; returns the number
 * of breaches (0: legal). */
int fogn_army_check(const fogn_army_list *L, const fogn_army *a, fogn_army_report *r);

/* The unit profile (troop, élan, training, size, weight, capabilities,
 * attachments) of an army unit, for building scenarios; -1 if its entry,
 * row or size is not in the list. */
int fogn_army_unit_profile(const fogn_army_list *L, const fogn_army_unit *u, fogn_unit_profile *out);

#endif
