/* turn.h - a Lasalle turn as the core's step table [B The Sequence of Play,
 * p.23]: the Reaction Phase (contacted units' reactions, fire,
 * countercharges), the Combat Phase (the roll-off, the picks of combats in
 * turn, the last combat), the Activity Phase (forces, subcommanders and the
 * commander in order, then recovery and the commander's re-roll), the
 * Status Phase; and the game interface over the table (init, to_move,
 * legal actions, apply, turn, phase). */
#ifndef LASALLE_TURN_H
#define LASALLE_TURN_H

#include "../lasalle.h"

enum {
    LASALLE_ST_BEGIN = 0,       /* the turn opens: the marks of the last turn are cleared */
    LASALLE_ST_REACT,           /* each unit's one reaction, in the order its player chooses: fall back,
                                   about face, change formation, fire, countercharge or hold (reaction.h) */
    LASALLE_ST_COMBAT_BEGIN,    /* the roll-off for the first pick */
    LASALLE_ST_COMBAT_PICK,     /* a player picks the next combat */
    LASALLE_ST_COMBAT_CHOOSE,   /* the combat picked, or the only one left */
    LASALLE_ST_TACTICS,         /* officers direct it: the defender declares first, then the attacker */
    LASALLE_ST_COMBAT_FIGHT,    /* it is fought */
    LASALLE_ST_FALLBACK,        /* its losers fall back, in the order and ways their player chooses [D, p.38] */
    LASALLE_ST_FALLBACK_END,    /* ... then winners whose loser stood retire, or the winners advance */
    LASALLE_ST_ADVANCE,         /* with several winners that may advance: all, or which one [E, p.60] */
    LASALLE_ST_ADVANCE_END,     /* ... then the next combat */
    LASALLE_ST_ACTIVITY_BEGIN,  /* who was out of command as the phase began */
    LASALLE_ST_ENTRENCH,        /* units dig in instead of moving [H Entrenchments, p.75] */
    LASALLE_ST_FORCE,           /* the force (or independent unit) to move next [C, p.24] (order.h) */
    LASALLE_ST_ACTIVITY,        /* units, subcommanders, the commander */
    LASALLE_ST_ACTIVITY_NEXT,   /* ... then the next force, the commander, or on to recovery */
    LASALLE_ST_RECOVERY,        /* recovery attempts */
    LASALLE_ST_REROLL,          /* the commander's re-roll of a failure */
    LASALLE_ST_RECOVERY_MORE,
    LASALLE_ST_STATUS,          /* the Status Phase opens: with several reserves off the table, the player
                                   declares which one rolls to arrive [J Reinforcements, p.91] */
    LASALLE_ST_STATUS_OPEN,     /* smoke, morale checks, the end or the next turn; with the option
                                   Engineering, its working engineers first (engineer.h) */
    LASALLE_ST_ENGINEER,        /* ... then the deployment of engineers [H, p.78] */
    LASALLE_ST_STATUS_MORE,     /* ... then smoke, objectives, trenches and reinforcements' rolls */
    LASALLE_ST_ARRIVE,          /* ... where along its edge each arriving force comes on [J, p.91] */
    LASALLE_ST_STATUS_END,      /* ... then the army morale checks, the end or the next turn */
    LASALLE_ST_COUNT
};

extern const gr_steps lasalle_steps;

void lasalle_init(const void *scn, void *state);
int lasalle_to_move(const void *scn, const void *state);
int lasalle_legal_actions(const void *scn, const void *state, gr_action *out, int max);
/* gr_fast.candidates and .action_legal: the Activity Phase's menus unchecked, each entry checked when it is
 * tried (activity.h); every other decision lists only legal actions */
int lasalle_candidates(const void *scn, const void *state, gr_action *out, int max);
int lasalle_action_legal(const void *scn, const void *state, const gr_action *a);
int lasalle_apply(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, gr_error *err);
/* lasalle_action_legal, then lasalle_apply_memo without a log when legal, an Activity Phase order's plan
 * worked out once for both (gr_fast.apply_checked): 1 when refused (state and dice untouched), else what
 * the apply returns */
int lasalle_apply_checked(const void *scn, void *state, const gr_action *a, gr_dice *dice, void *memo);
/* the search's apply (gr_fast.apply_memo): only the actor whose decision is due may act; no memo is kept */
int lasalle_apply_memo(const void *scn, void *state, const gr_action *a, gr_dice *dice, gr_log *log, void *memo,
                       gr_error *err);
int lasalle_turn(const void *scn, const void *state);
int lasalle_phase(const void *scn, const void *state);

/* the actor's name for messages: a unit's or an officer's */
const char *lasalle_actor_name(const void *scn, int actor);
/* the step's name, for describing the decision */
const char *lasalle_step_name(int step);
/* sets err from the dice's failure and returns -1 */
int lasalle_dice_error(const gr_ctx *cx, gr_error *err);

#endif
