/* combat.h - the Combat Phase [E, p.53-64]: every moving-side unit in
 * contact defends, the enemy units touching it attack; a roll-off (the
 * defender wins ties; Superior Commander picks first without one) decides
 * who picks the first combat, then the players pick in turn; officers may
 * direct each combat (tactics.c); each combat is fought at once: dice (combat_dice.c), hits on 5+, decisive or
 * inconclusive, and its results with fall-backs and advances
 * (combat_result.c). */
#ifndef LASALLE_COMBAT_H
#define LASALLE_COMBAT_H

#include "../lasalle.h"

#define LASALLE_COMBAT_MAX 8    /* attackers in one combat */

/* the defenders whose combats are still to be fought, in unit order; returns the count */
int lasalle_pending_combats(const lasalle_scenario *s, const lasalle_state *st, int *out, int max);
/* fights the combat of defender d; 0 or -1 (the dice failed) */
int lasalle_fight(const lasalle_scenario *s, lasalle_state *st, int d, const gr_ctx *cx);

/* the steps */
int lasalle_combat_begin(const void *scn, void *state, const gr_ctx *cx);
int lasalle_pick_due(const void *scn, const void *state, int cursor);
int lasalle_pick_decider(const void *scn, const void *state);
int lasalle_no_actor(const void *scn, const void *state);
int lasalle_pick_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_pick_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
int lasalle_pick_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
/* the combat chosen, or the only one left (none: on to the Activity Phase) */
int lasalle_combat_choose(const void *scn, void *state, const gr_ctx *cx);
/* fights the chosen combat, then the casualty tests of the officers who directed it */
int lasalle_combat_fight(const void *scn, void *state, const gr_ctx *cx);

/* combat_dice.c: the dice one unit rolls in the combat of defender d against
 * its enemies there [E, p.55-58]; why (may be NULL) gets the reckoning in words */
typedef struct lasalle_side_of_combat {
    int d;                              /* the defender */
    int natt;
    int att[LASALLE_COMBAT_MAX];        /* the attackers */
} lasalle_side_of_combat;
int lasalle_combat_dice(const lasalle_scenario *s, const lasalle_state *st, const lasalle_side_of_combat *c, int u,
                        char *why, size_t cap);

/* combat_result.c: the results of a fought combat [E, p.59-60] */
/* units that never fall back as a combat result [E, p.60; D, p.37] (combat_result.c) */
int lasalle_combat_exempt(const lasalle_scenario *s, const lasalle_state *st, int i);
int lasalle_combat_results(const lasalle_scenario *s, lasalle_state *st, const lasalle_side_of_combat *c,
                           int defender_won, int decisive, const gr_ctx *cx);

#endif
