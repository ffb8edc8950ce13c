/* armylist_internal.h - what the armylist_*.c files share and nobody else
 * needs: the name tables of the list format, the JSON readers the list loader
 * is built from, the loader's and the validator's working state, the queries
 * the validator asks of an army, and the validator's passes that live in files
 * of their own. The public face stays armylist.h. */
#ifndef FOGN_ARMYLIST_INTERNAL_H
#define FOGN_ARMYLIST_INTERNAL_H

#include "armylist.h"
#include "../../core/jsonutil.h"

/* room for a JSON path in a loader message, e.g. $.allies[1].entries[12].rows[3] */
#define FOGN_LIST_PATH 200

/* --- names of the list format (armylist_fields.c) ------------------------------------ */
extern const char *const fogn_list_type_names[FOGN_LT_COUNT];
extern const char *const fogn_list_quality_names[FOGN_Q_COUNT];
extern const char *const fogn_list_arm_names[FOGN_ARM_ART + 1];     /* over fogn_arm */
extern const char *const fogn_list_kind_names[FOGN_DIV_MIXED + 1];   /* over fogn_div_kind */

/* is a unit of this many bases large? (infantry and cavalry from 6 bases, artillery from 3) */
bool fogn_list_is_large(fogn_arm arm, int bases);

/* --- reading a list file (armylist_fields.c) ------------------------------------------ */
typedef struct fogn_list_loader {
    fogn_army_list *L;
    gr_error *err;
    json_t *sec[FOGN_LIST_MAX_SECTIONS];   /* the JSON object of each section */
    char secpath[FOGN_LIST_MAX_SECTIONS][32];
} fogn_list_loader;

/* index of s in a name table (NULL slots skipped), -1 when absent */
int fogn_list_find_name(const char *const *names, int n, const char *s);
/* the table's names as "a, b, c" in buf */
const char *fogn_list_join_names(const char *const *names, int n, char *buf, size_t cap);
/* an optional array of names from a table into a bit mask (absent: *bits unchanged) */
int fogn_list_get_name_bits(json_t *o, const char *path, const char *key, const char *const *names, int n,
                            uint32_t *bits, gr_error *err);
/* an array of tag names into a bit mask; new tags are made only when `create` */
int fogn_list_get_tags(fogn_list_loader *D, json_t *o, const char *path, const char *key, bool create,
                       uint32_t *bits);
/* an optional array of capability names, or-ed into *caps as FOGN_CAP_* bits */
int fogn_list_get_caps(json_t *o, const char *path, const char *key, uint16_t *caps, gr_error *err);
/* a selector matching every unit */
void fogn_list_sel_any(fogn_list_sel *s);
/* the selector object v found at path p */
int fogn_list_parse_sel(fogn_list_loader *D, json_t *v, const char *p, fogn_list_sel *s);
/* the selector object at o[key]; *present (may be NULL) tells whether it was there */
int fogn_list_get_sel(fogn_list_loader *D, json_t *o, const char *path, const char *key, bool required,
                      fogn_list_sel *s, bool *present);
/* the division filter keys of an object: division_kinds, allied, when, lacks */
int fogn_list_get_divf(fogn_list_loader *D, json_t *o, const char *path, fogn_list_divf *f);
/* a string (a required one must not be empty) */
int fogn_list_get_text(json_t *o, const char *path, const char *key, bool required, char *out, size_t cap,
                       gr_error *err);
/* an optional bound in 0..1000; -1 when absent */
int fogn_list_get_bound(json_t *o, const char *path, const char *key, int *out, gr_error *err);
/* refuses min > max where both are given */
int fogn_list_check_min_max(const char *path, int min, int max, gr_error *err);

/* --- the list's attachment rules and special instructions (armylist_list_rules.c) ----- */
/* both run after every section's entries are loaded (they name entries and tags) */
int fogn_list_load_att_rules(fogn_list_loader *D, json_t *o, const char *path, int section);
int fogn_list_load_constraints(fogn_list_loader *D, json_t *o, const char *path, int section);

/* --- checking an army (armylist_check.c) ----------------------------------------------- */
typedef struct fogn_army_chk {
    const fogn_army_list *L;
    const fogn_army *a;
    fogn_army_report *r;
    int e[FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];     /* entry, -1 unknown */
    int row[FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];   /* row, -1 unknown */
    int sec[FOGN_ARMY_MAX_DIVS];                        /* 0 main list, k: allies[k-1] */
    bool used[FOGN_LIST_MAX_SECTIONS];                  /* the army holds a division or unit of it */
} fogn_army_chk;

/* adds a breach to the report, the division and unit (d, u; -1 none) named before the message */
__attribute__((format(printf, 5, 6)))
void fogn_army_add_breach(fogn_army_chk *c, int rule, int d, int u, const char *fmt, ...);
/* the list row of unit i of division d, NULL when its entry or row is unknown */
const fogn_list_row *fogn_army_unit_row(const fogn_army_chk *c, int d, int i);
/* the arm of a unit, -1 when its entry or row is unknown */
int fogn_army_unit_arm(const fogn_army_chk *c, int d, int i);
/* does unit i of division d match the selector? (never for an unknown unit) */
bool fogn_army_sel_match(const fogn_army_chk *c, const fogn_list_sel *s, int d, int i);
/* attachments of the types in mask held by division d (on units and in its pool) */
int fogn_army_div_atts(const fogn_army_chk *c, int d, uint32_t mask);
/* units (or bases) matching s in division d, plus attachments of the types in atts */
int fogn_army_count_div(const fogn_army_chk *c, const fogn_list_sel *s, int d, bool bases, uint32_t atts);
/* does division d hold a unit matching s? */
bool fogn_army_div_has(const fogn_army_chk *c, const fogn_list_sel *s, int d);
/* does division d pass the filter? */
bool fogn_army_divf_match(const fogn_army_chk *c, const fogn_list_divf *f, int d);
/* the name of section s: the list's, or an ally's */
const char *fogn_army_sec_name(const fogn_army_chk *c, int s);
/* "exactly 2", "1 to 3", "at most 4", "at least 1" into buf */
const char *fogn_army_bound_text(int min, int max, char *buf, size_t cap);
/* is n outside [min, max] (either -1: no bound)? */
bool fogn_army_out_of(int n, int min, int max);

/* --- the validator's passes kept in other files, in the order they run ---------------- */
/* armylist_cost.c: prices every division and the whole army (§16) */
void fogn_army_check_cost(fogn_army_chk *c);
/* armylist_check_rules.c: attachments on units, in pools, and the list's limits on them */
void fogn_army_check_attachments(fogn_army_chk *c);
/* armylist_check_rules.c: the list's own constraints */
void fogn_army_check_constraints(fogn_army_chk *c);

#endif
