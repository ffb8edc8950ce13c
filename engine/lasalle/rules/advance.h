/* advance.h - the advance after a combat when several winners may go
 * [E Advance, p.60]: the attacking player chooses whether all of them
 * advance ("done") or only one ("uN advance"); a single winner advances
 * at once, as the rule makes it compulsory. A decision step of the Combat
 * Phase (turn.c), due while units carry LASALLE_UF_MAY_ADVANCE. */
#ifndef LASALLE_ADVANCE_H
#define LASALLE_ADVANCE_H

#include "../lasalle.h"

int lasalle_advance_due(const void *scn, const void *state, int cursor);
/* the side whose winners may advance */
int lasalle_advance_decider(const void *scn, const void *state);
/* "uN advance" for each unit that may (actor -1: the side decides; the unit is the target) */
int lasalle_advance_actions(const void *scn, const void *state, gr_action *out, int max);
/* only the unit named advances; the others stay */
int lasalle_advance_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
/* "done": every unit that may advances, in unit order */
int lasalle_advance_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);

#endif
