/* charge.h - charges in the Activity Phase [C Charging, p.30-32]: who may
 * charge whom, the limited wheel (infantry 1 BW, cavalry 2 BW of arc) and
 * the straight run to the first contact within the Full or Reduced
 * allowance, the mandatory target (the closest enemy within 4 BW to the
 * front that can be reached), and the charge carried out. */
#ifndef LASALLE_CHARGE_H
#define LASALLE_CHARGE_H

#include "../lasalle.h"
#include "sweep.h"

typedef struct lasalle_charge {
    double wheel;           /* radians, + left */
    lasalle_path path;
    lasalle_sweep sw;       /* sw.end where it stops, sw.contact whom it touches */
    int reduced;
    double allowance;
    int town_slide;         /* 1: the target, in a town base, is moved up to its edge to meet the charge */
    gr_vec2 slide_to;       /* ... its front-edge centre then */
} lasalle_charge;

/* 0 when unit i may charge at all this Activity Phase; -1 with the reason */
int lasalle_may_charge(const lasalle_scenario *s, const lasalle_state *st, int i, gr_error *err);
/* 0 when enemy j is a unit i may charge (type, cover, irregulars, sight) */
int lasalle_may_target(const lasalle_scenario *s, const lasalle_state *st, int i, int j, gr_error *err);
/* the charge of i on j after a wheel of `wheel` radians; 0 or -1 with the reason */
int lasalle_charge_try(const lasalle_scenario *s, const lasalle_state *st, int i, int j, double wheel,
                       lasalle_charge *out, gr_error *err);
/* the charge of i on j with the smallest wheel that reaches it; 0 or -1 */
int lasalle_charge_find(const lasalle_scenario *s, const lasalle_state *st, int i, int j, lasalle_charge *out);
/* lasalle_charge_find's first test alone: -1 when j (or the town base it holds) lies beyond i's charge
 * allowance, where no charge of i on j is found; else 0 */
int lasalle_charge_in_reach(const lasalle_scenario *s, const lasalle_state *st, int i, int j);
/* checks and carries out a CHARGE action */
int lasalle_charge_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                         lasalle_charge *out, gr_error *err);
/* What the checks of one unit's charges in one state have in common, each worked out once: which enemies
 * it may target, which it can reach and with what wheel, its mandatory targets. A menu trying the charges
 * of a unit passes the same memo, zeroed (LASALLE_CHARGE_MEMO_INIT), to each call for that unit and
 * state, and to no other */
typedef struct lasalle_charge_memo {
    uint64_t target_known, target_bad;  /* bit j: lasalle_may_target(i, j) asked, and refused */
    uint64_t find_known, find_ok;       /* bit j: lasalle_charge_find(i, j) asked, and found ... */
    double wheel[LASALLE_MAX_UNITS];    /* ... with this wheel */
    int must_known, nmust;
    int must[LASALLE_MAX_UNITS];
    lasalle_geo *geo;                   /* the state's footprints (sweep.h), or NULL */
} lasalle_charge_memo;
#define LASALLE_CHARGE_MEMO_INIT {0, 0, 0, 0, {0}, 0, 0, {0}, NULL}
/* lasalle_may_target and lasalle_charge_find (its wheel only) through the memo; and unit i's mandatory
 * targets: the closest reachable enemies within 4 BW to its front (ties all listed), their count (0 when
 * every reachable enemy is a free choice) */
int lasalle_may_target_memo(const lasalle_scenario *s, const lasalle_state *st, int i, int j,
                            lasalle_charge_memo *memo);
int lasalle_charge_find_memo(const lasalle_scenario *s, const lasalle_state *st, int i, int j,
                             lasalle_charge_memo *memo, double *wheel);
int lasalle_charge_mandatory_memo(const lasalle_scenario *s, const lasalle_state *st, int i,
                                  lasalle_charge_memo *memo, const int **out);
/* lasalle_charge_check through the memo */
int lasalle_charge_check_memo(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                              lasalle_charge_memo *memo, lasalle_charge *out, gr_error *err);
int lasalle_charge_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                         gr_error *err);
/* lasalle_charge_apply with what lasalle_charge_check gave for a in this state */
int lasalle_charge_apply_plan(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                              const lasalle_charge *plan, const gr_ctx *cx, gr_error *err);

#endif
