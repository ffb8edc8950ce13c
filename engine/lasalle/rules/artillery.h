/* artillery.h - artillery in the Activity Phase [C, p.26, 28]: no
 * maneuvers, but a limbered battery drives anywhere as long as no base
 * moves farther than its allowance (a turn about its middle, then a
 * straight drive, measured by the farthest base); limbering and unlimbering
 * (only in command, at most one of them a phase, not with smoke; no
 * unlimbering in a town, woods or marsh) about an anchor base that may turn
 * to face any way; and the 1-BW prolong, allowed with smoke. */
#ifndef LASALLE_ARTILLERY_H
#define LASALLE_ARTILLERY_H

#include "../lasalle.h"
#include "sweep.h"

/* DRIVE's arg */
#define LASALLE_DRIVE_LIMBER_FIRST 1    /* limber up first */
#define LASALLE_DRIVE_UNLIMBER_AFTER 2  /* unlimber at the end, guns facing p[3] */

typedef struct lasalle_gunplan {
    lasalle_pose end;
    lasalle_path path;
    lasalle_sweep sw;
    int reduced;
    double allowance;
    int limbered, unlimbered;   /* it limbered, it unlimbered */
} lasalle_gunplan;

/* checks a DRIVE, LIMBER, UNLIMBER or PROLONG of artillery unit a->actor; 0 with the plan or -1 */
int lasalle_gun_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_gunplan *out,
                     gr_error *err);
int lasalle_gun_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                      gr_error *err);
/* lasalle_gun_apply with the plan lasalle_gun_plan gave for a in this state (it cannot fail then) */
int lasalle_gun_apply_plan(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                           const lasalle_gunplan *plan, const gr_ctx *cx);

#endif
