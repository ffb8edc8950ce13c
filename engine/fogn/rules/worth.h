/* worth.h - what the evaluation reads of a fogn position (worth.c): each
 * unit's worth and condition, the side terms by name, and the clock of the
 * timed end (gr_ai_view in engine/core/game.h). */
#ifndef FOGN_WORTH_H
#define FOGN_WORTH_H

#include "../../core/game.h"

/* the side terms, the same list for each side */
#define FOGN_TERMS 17
extern const char *const fogn_term_names[FOGN_TERMS];

/* condition levels: Steady .. Broken; a gone unit is at level FOGN_WORTH_LEVELS */
#define FOGN_WORTH_LEVELS 4

/* an ordinary move over open ground, for players that measure distance in
 * moves: formed infantry in Tactical formation goes 6 MU (§8.3 table) */
#define FOGN_PACE_MU 6.0

void fogn_unit_worth(const void *scn, const void *state, int unit, gr_unit_worth *out);
/* out[side * FOGN_TERMS + k]: term k of fogn_term_names for each side */
void fogn_terms(const void *scn, const void *state, double *out);
/* the same for the terms k with want[k] != 0; the others 0 or their value
 * (gr_ai_view.terms_some): the searches skip the ones no weight reads */
void fogn_terms_some(const void *scn, const void *state, const unsigned char *want, double *out);
void fogn_clock(const void *scn, const void *state, gr_clock *out);
/* the attacker: the side that won the initiative and moves first (§4, §8.13) */
int fogn_attacker(const void *scn);

#endif
