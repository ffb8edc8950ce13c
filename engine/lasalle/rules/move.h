/* move.h - an infantry or cavalry unit's move in the Activity Phase [C,
 * p.24-29]: an optional formation change or about-face first, then wheels
 * and straight moves (forward, or retrograde at double cost), an oblique, a
 * move by the flank, or the crossing of an obstacle; the Full or Reduced
 * allowance the path allows; friends passed through and their discipline
 * tests; the table's edge. `lasalle_move_plan` checks an action without
 * dice (the menu uses it); `lasalle_move_apply` carries it out. */
#ifndef LASALLE_MOVE_H
#define LASALLE_MOVE_H

#include "../lasalle.h"
#include "form.h"
#include "sweep.h"

typedef struct lasalle_plan {
    lasalle_pose start;         /* where the path begins: after the formation change or about-face */
    int prelude;                /* 0 none, 1 formation change, 2 about-face */
    lasalle_fct verdict;        /* the Formation Change Table's verdict for the prelude */
    lasalle_path path;
    int maneuver;               /* the move includes a maneuver [C, p.27] */
    int reduced;                /* the Reduced allowance applies */
    double allowance;           /* what the unit may spend after the prelude */
    lasalle_sweep sw;
    int leaves;                 /* it ends wholly off the table (the leaving_table option) */
} lasalle_plan;

/* the prelude's bits read from an action's arg: the new formation (-1 none), anchor, about-face */
void lasalle_prelude_of(const gr_action *a, int *form, int *anchor, int *about);

/* checks a MOVE, OBLIQUE, FLANK or CROSS of unit a->actor now; 0 with the plan, or -1 with the reason */
int lasalle_move_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_plan *out,
                      gr_error *err);
/* What the checks of one unit's moves in one state have in common, worked out once: the Formation Change
 * Table's verdict and each re-formed pose's check. A menu trying many moves of a unit passes the same
 * memo, zeroed (LASALLE_MOVE_MEMO_INIT), to each call for that unit and state, and to no other */
typedef struct lasalle_move_memo {
    int fct_known;
    lasalle_fct fct;
    uint64_t reform_known, reform_bad;  /* bit form * 4 + anchor: the re-formed pose checked, and refused */
    lasalle_geo *geo;                   /* the state's footprints (sweep.h), or NULL */
} lasalle_move_memo;
#define LASALLE_MOVE_MEMO_INIT {0, LASALLE_FCT_FULL, 0, 0, NULL}
int lasalle_move_plan_memo(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a,
                           lasalle_move_memo *memo, lasalle_plan *out, gr_error *err);
/* carries it out: the prelude's discipline test, the friends' tests, the marks; 0 or -1 (dice failed) */
int lasalle_move_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                       gr_error *err);
/* lasalle_move_apply with the plan lasalle_move_plan gave for a in this state */
int lasalle_move_apply_plan(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                            const lasalle_plan *plan, const gr_ctx *cx);

/* the unit's allowance in its formation now, Full or Reduced (squares that may move: 1 BW) */
double lasalle_unit_allowance(const lasalle_scenario *s, const lasalle_state *st, int i, int form, int reduced);
/* 1 when a footprint lies wholly off the table */
int lasalle_wholly_off(const lasalle_scenario *s, const gr_rect *h);

#endif
