/* steps.h - a fogn move (§4) as a fixed list of steps on the core's step
 * machinery (engine/core/steps.h). An automatic step runs rules and rolls
 * dice; a decision step hands out one small decision at a time to the side
 * named by its `decider`, walking a cursor over units or commanders. turn.c
 * holds the list; each phase file supplies its steps' functions. */
#ifndef FOGN_STEPS_H
#define FOGN_STEPS_H

#include "internal.h"
#include "../../core/steps.h"
#include "orders.h"

typedef enum fogn_step {
    FOGN_ST_CMD_BEGIN = 0,  /* 1: the move opens */
    FOGN_ST_CMD_ALLOC,      /* 1.1: the corps commander's allocation (decision) */
    FOGN_ST_AS_BEGIN,       /* 2: assault phase opens */
    FOGN_ST_AS_DECLARE,     /* 2.1: declarations, unit by unit (decision, active) */
    FOGN_ST_AS_TESTS,       /* 2.2: impetuous hold-backs and declaration CMTs */
    FOGN_ST_AS_REACT,       /* 2.3: each target's reaction (decision, inactive) */
    FOGN_ST_AS_INTERCEPT,   /* 2.4: intercepts (decision, inactive) and counter-charges */
    FOGN_ST_AS_FIRE,        /* 2.5-2.6: defensive fire */
    FOGN_ST_AS_PRESS,       /* 2.6: press on after 1-2 hits? (decision, active) */
    FOGN_ST_AS_CONTACT,     /* 2.7: the assaulters go in */
    FOGN_ST_FI_BEGIN,       /* 3: firing phase opens */
    FOGN_ST_FI_ALLOC_A,     /* 3.1: the active side's fire (decision per firer) */
    FOGN_ST_FI_RESOLVE_A,
    FOGN_ST_FI_ALLOC_N,     /* 3.2: the inactive side's fire */
    FOGN_ST_FI_RESOLVE_N,
    FOGN_ST_MV_BEGIN,       /* 4: movement phase opens; Broken units flee */
    FOGN_ST_MV_UNITS,       /* 4.3: units, groups, commanders (decision, active) */
    FOGN_ST_CO_BEGIN,       /* 5: combat phase opens */
    FOGN_ST_CO_ROUND,       /* 5.1-5.2: every melee rolls; commander casualties */
    FOGN_ST_CO_STAGE,       /* 5.3: one stage of the resolution order (retires) */
    FOGN_ST_CO_PURSUE,      /* 5.3: pursue or not, where there is a choice (decision) */
    FOGN_ST_CO_PURSUIT,     /* 5.3: the pursuers move */
    FOGN_ST_CO_END,         /* 5.4-5.6: tests, Spent cavalry, pass-through, 2nd round */
    FOGN_ST_RE_VICTORY,     /* 6.1: army morale */
    FOGN_ST_RE_CMDR,        /* 6.2: commanders' 4 MU moves (decision, inactive then active) */
    FOGN_ST_RE_GUNS,        /* 6.4: hopeless Broken units go; abandoned guns are recovered */
    FOGN_ST_RE_RALLY,       /* 6.4: rallies and recoveries, one per commander (decision, active) */
    FOGN_ST_RE_END,         /* 6.5: replacements, command points; the next move */
    FOGN_ST_COUNT
} fogn_step;

/* a step of the table: the core's step definition (engine/core/steps.h),
 * whose functions take the fogn scenario and state behind void pointers;
 * turn.c adapts the phase files' functions below to it */
typedef gr_step_def fogn_step_def;

const fogn_step_def *fogn_step_def_of(int step);

/* the active / inactive side */
int fogn_decider_active(const fogn_scenario *s, const fogn_state *st);
int fogn_decider_inactive(const fogn_scenario *s, const fogn_state *st);
/* the cursor names a unit directly */
int fogn_actor_unit_cursor(const fogn_scenario *s, const fogn_state *st);
int fogn_cursor_units(const fogn_scenario *s);

/* --- movement phase (movephase.c) --- */
int fogn_mv_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_mv_cursor_end(const fogn_scenario *s);
/* the group of a Movement Phase cursor position whose decisions a front end may take in any order (gr_step_def.order_group) */
int fogn_mv_order_group(const void *scn, const void *state, int cursor);
int fogn_mv_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_mv_actor(const fogn_scenario *s, const fogn_state *st);
int fogn_mv_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_mv_candidates(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_mv_legal(const fogn_scenario *s, const fogn_state *st, const gr_action *a);
int fogn_mv_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                  gr_error *err);
/* fogn_mv_legal, keeping a unit order's compiled move in *c (c->have) */
int fogn_mv_legal_compiled(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_compiled *c,
                           fogn_memo *memo);
/* fogn_mv_apply with the move fogn_mv_legal_compiled made on this same state
 * (NULL: compile it here) */
int fogn_mv_apply_compiled(const fogn_scenario *s, fogn_state *st, const gr_action *a, const fogn_compiled *c,
                           gr_dice *dice, gr_log *log, fogn_memo *memo, gr_error *err);
int fogn_mv_done(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, gr_error *err);

/* --- assault phase (assault.c) --- */
int fogn_as_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_as_declare_due(const fogn_scenario *s, const fogn_state *st, int cursor);
/* the due tests of the assault steps with the thread's memo of reaches (memo.h fogn_memo_reach); the same answers */
int fogn_as_declare_due_memo(const fogn_scenario *s, const fogn_state *st, int cursor, fogn_memo *memo);
int fogn_as_react_due_memo(const fogn_scenario *s, const fogn_state *st, int cursor, fogn_memo *memo);
int fogn_as_intercept_due_memo(const fogn_scenario *s, const fogn_state *st, int cursor, fogn_memo *memo);
int fogn_as_declare_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_as_declare_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                          fogn_memo *memo, gr_error *err);
int fogn_as_tests(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo);
int fogn_as_react_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_as_react_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_as_react_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                        fogn_memo *memo, gr_error *err);
/* carries out target j's reaction (tests, formation, evade, guns); 0 or -1 dice failure */
int fogn_react(const fogn_scenario *s, fogn_state *st, int j, int reaction, gr_dice *dice, gr_log *log,
               fogn_memo *memo);
int fogn_as_intercept_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_as_intercept_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_as_intercept_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                            fogn_memo *memo, gr_error *err);
int fogn_as_fire(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo);
int fogn_as_press_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_as_press_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_as_press_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                        gr_error *err);
int fogn_as_press_done(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, gr_error *err);
int fogn_as_contact(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo);
/* §6.8: assaulter a, its target gone and nobody to turn on, completes its
 * move straight on as a pursuit runs, 0.1 MU short of an enemy it would
 * strike (FOGN_MISSED_RUN_GAP), never ending on a friend it passes */
void fogn_as_missed_run(const fogn_scenario *s, fogn_state *st, int a, gr_log *log);

/* --- firing phase (fire.c) --- */
int fogn_fi_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_fi_decider(const fogn_scenario *s, const fogn_state *st);
void fogn_fi_prepare(const fogn_scenario *s, fogn_state *st, int cursor);
/* the same with the thread's memo of views (memo.h fogn_memo_view); the same views */
void fogn_fi_prepare_memo(const fogn_scenario *s, fogn_state *st, int cursor, fogn_memo *memo);
int fogn_fi_due(const fogn_scenario *s, const fogn_state *st, int cursor);
/* the memo of views (fogn_unit.fview_band): forget them all (after any
 * change to the position), and check each kept one against a fresh one */
void fogn_fi_forget_views(const fogn_scenario *s, fogn_state *st);
int fogn_fi_check_views(const fogn_scenario *s, const fogn_state *st, gr_error *err);
int fogn_fi_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_fi_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                  gr_error *err);
/* memo: the thread's memo, where the volley may be kept (NULL: none) */
int fogn_fi_resolve(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log, fogn_memo *memo);

/* --- combat phase (combat.c) --- */
int fogn_co_begin(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_co_round(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_co_stage(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_co_pursue_decider(const fogn_scenario *s, const fogn_state *st);
int fogn_co_pursue_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_co_pursue_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_co_pursue_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                         gr_error *err);
int fogn_co_pursuit(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_co_end(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);

/* --- recovery phase (recovery.c) --- */
int fogn_re_victory(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_re_cmdr_end(const fogn_scenario *s);
int fogn_re_cmdr_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_re_cmdr_decider(const fogn_scenario *s, const fogn_state *st);
int fogn_re_cmdr_actor(const fogn_scenario *s, const fogn_state *st);
int fogn_re_cmdr_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_re_cmdr_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                       gr_error *err);
int fogn_re_guns(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
int fogn_re_rally_end(const fogn_scenario *s);
int fogn_re_rally_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_re_rally_actor(const fogn_scenario *s, const fogn_state *st);
int fogn_re_rally_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_re_rally_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                        gr_error *err);
/* officers' own attempts, unrallied Broken units destroyed, replacements; 0 or -1 dice failure */
int fogn_re_close(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);

#endif
