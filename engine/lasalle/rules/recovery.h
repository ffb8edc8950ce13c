/* recovery.h - recovery attempts at the end of the Activity Phase [C
 * Recovery, p.30]: one attempt per unit with DISR that is in command, in
 * contact with no enemy, and did not move through rough ground, cross an
 * obstacle, maneuver or interpenetrate; one die, one more if it moved, one
 * more if it is near the enemy, every die needing the unit's discipline
 * number with no modifier; the commander may re-roll one failed attempt of
 * a unit in his range each turn, at once. Irregular Recovery (option, H
 * p.80) lifts the movement bars for irregulars but bars them near the enemy. */
#ifndef LASALLE_RECOVERY_H
#define LASALLE_RECOVERY_H

#include "../lasalle.h"

/* 1 when unit i may make its attempt now; why (may be NULL) gets the bar that stops it */
int lasalle_recovery_eligible(const lasalle_scenario *s, const lasalle_state *st, int i, const char **why);
/* the dice its attempt rolls */
int lasalle_recovery_dice(const lasalle_scenario *s, const lasalle_state *st, int i);
/* the step that makes the attempts in unit order, stopping where the commander may re-roll a failure */
int lasalle_recovery_run(const void *scn, void *state, const gr_ctx *cx);
/* the re-roll decision (pending unit): its menu and its apply */
int lasalle_reroll_due(const void *scn, const void *state, int cursor);
int lasalle_reroll_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_reroll_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
/* after the re-roll: on with the attempts, or on to the Status Phase */
int lasalle_recovery_more(const void *scn, void *state, const gr_ctx *cx);

#endif
