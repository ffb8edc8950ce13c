/* tables.h - Lasalle's numbers as pure functions: the names scenario files
 * and messages use, the distances the rules measure, movement allowances,
 * the discipline test's needs, the Formation Change Table, morale values,
 * and which formations each kind of unit may take. Each cites the book's
 * page; the reconstructed values are listed in docs/lasalle-rulings.md. */
#ifndef LASALLE_TABLES_H
#define LASALLE_TABLES_H

#include "../lasalle.h"

/* ---- distances [A Basing, p.5-10; B, p.10] ---------------------------------------------------- */
#define LASALLE_NEAR_BW 4.0             /* "near the enemy" [B, p.10] */
#define LASALLE_CONTACT_EPS 0.02        /* bases this close touch (ruling R-1) */
#define LASALLE_OVERLAP_EPS 1e-3        /* overlap deeper than this is overlap (ruling R-1) */
#define LASALLE_BASE_DEPTH 0.667        /* infantry, cavalry and gun bases, 3:2 (ruling R-2) */
#define LASALLE_LIMBER_DEPTH 1.0        /* limber bases (ruling R-2) */
#define LASALLE_COMMANDER_RANGE 10.0    /* [B Command Range, p.20] */
#define LASALLE_SUB_RANGE 6.0
#define LASALLE_COMMAND_CLEAR 1.0       /* a command path keeps 1 BW from enemy units [B, p.20; FAQ #6] */
#define LASALLE_OBJECTIVE_BW 4.0        /* objective control [J Using the Objective Marker, p.91] */
#define LASALLE_INF_CHARGE_WHEEL 1.0    /* limited wheel before a charge [C, p.31] */
#define LASALLE_CAV_CHARGE_WHEEL 2.0
#define LASALLE_PROLONG_BW 1.0          /* [C Prolong, p.28] */

/* ---- names ---------------------------------------------------------------------------------- */
extern const char *const lasalle_type_names[LASALLE_TYPE_COUNT];
extern const char *const lasalle_form_names[LASALLE_FORM_COUNT];
extern const char *const lasalle_esprit_names[LASALLE_ESPRIT_COUNT];
extern const char *const lasalle_discipline_names[LASALLE_DISCIPLINE_COUNT];
extern const char *const lasalle_weight_names[LASALLE_WEIGHT_COUNT];
extern const char *const lasalle_trait_names[LASALLE_TRAIT_COUNT];
extern const char *const lasalle_ground_names[LASALLE_G_KIND_COUNT];
extern const char *const lasalle_cover_names[3];
/* "infantry", "cavalry", "horse artillery", "foot artillery" */
const char *lasalle_kind_words(const lasalle_unit_profile *p);

/* ---- the unit's numbers ----------------------------------------------------------------------- */
/* a rocket unit: 3 bases with its own limber, moving as horse artillery [H Rockets, p.81] (ruling R-95) */
#define LASALLE_ROCKET_BASES 3
int lasalle_rocket_shape_ok(const lasalle_unit_profile *p);
/* the die a discipline test needs: Experienced 3+, Amateur 4+, Irregular 3+ [B, p.19] */
int lasalle_disc_need(int discipline);
/* morale points: Large 3, Small 2, artillery 1 [F Army Morale, p.66] */
int lasalle_morale_value(const lasalle_unit_profile *p);
/* 1 when a unit of this kind may ever stand in this formation (Square: not irregulars; Mass: the option) */
int lasalle_form_allowed(const lasalle_scenario *s, const lasalle_unit_profile *p, int form);
/* the movement allowance in BW, Full or Reduced [C Movement Allowance, p.24] */
double lasalle_allowance(const lasalle_unit_profile *p, int form, int reduced);
/* the broad shape for the neutral facts */
int lasalle_form_shape(int form);

/* ---- the Formation Change Table [C, p.25] -------------------------------------------------------- */
typedef enum lasalle_fct {
    LASALLE_FCT_FULL = 0,   /* the whole allowance of the new formation left */
    LASALLE_FCT_HALF,       /* half of it, rounded up */
    LASALLE_FCT_NONE,       /* no movement left */
    LASALLE_FCT_DISC,       /* a discipline test: pass, no movement left; fail, the unit does nothing */
    LASALLE_FCT_FORBIDDEN   /* an Amateur unit out of command near the enemy */
} lasalle_fct;
typedef enum lasalle_fct_column {
    LASALLE_COL_MARCH = 0, LASALLE_COL_OTHER, LASALLE_COL_NEAR, LASALLE_COL_OOC
} lasalle_fct_column;
/* the column: out of command first, then near the enemy, then the starting formation */
int lasalle_fct_column_of(int began_in_march, int near_enemy, int out_of_command);
lasalle_fct lasalle_fct_lookup(int discipline, int column, int near_enemy);
extern const char *const lasalle_fct_names[5];
extern const char *const lasalle_fct_column_names[4];

#endif
