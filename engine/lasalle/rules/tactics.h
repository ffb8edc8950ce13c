/* tactics.h - Officer Tactics and Casualties [H, p.72-73], when the scenario
 * turns it on: before a combat's dice the defender, then the attacker, may
 * have an officer direct it. A Good officer's own rating makes all the dice
 * of one unit of his command in his range hit on 4+; a Poor enemy officer's
 * rating, when one of his units in range is in the combat, lets the other
 * side's officer (average, good, or the commander once a turn) give the same
 * to one of its units in command. Each rating serves once a turn. The
 * officer who directed takes a casualty test after the combat: 5 wounded, 6
 * killed, replaced by an aide with one less vigor and tactics (a commander
 * by a chief of staff with 6 BW of range, and no Superior Commander). */
#ifndef LASALLE_TACTICS_H
#define LASALLE_TACTICS_H

#include "../lasalle.h"

/* the declarations side `side` may make in the combat of defender st->pending, "none" first; returns the count */
int lasalle_tactics_options(const lasalle_scenario *s, const lasalle_state *st, int side, gr_action *out, int max);
/* the declaration step: cursor 0 the defender's side, 1 the attacker's */
int lasalle_tactics_end(const void *scn);
int lasalle_tactics_due(const void *scn, const void *state, int cursor);
int lasalle_tactics_decider(const void *scn, const void *state);
int lasalle_tactics_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_tactics_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
/* after the combat: the casualty tests of the officers who directed it; 0 or -1 (dice) */
int lasalle_tactics_casualties(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx);
/* a side's army still has its Superior Commander [H, p.75] */
int lasalle_superior_commander(const lasalle_scenario *s, const lasalle_state *st, int side);

#endif
