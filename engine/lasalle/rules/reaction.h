/* reaction.h - the Reaction Phase as one decision a unit [D, p.33]: each
 * unit of the moving side makes at most one reaction, in the order its
 * player chooses: a unit touched by a charge may fall back, about face or
 * change formation (react.c), any unit that can may fire (fire.c), cavalry
 * not in contact may countercharge an engaged enemy (counter.c), or it
 * holds. So fire may go before a neighbour falls back, or a countercharge
 * before the fire lanes change (ruling R-8). The opponent's cavalry answers
 * a fall-back with its momentum decision before anyone else acts. Decision
 * step LASALLE_ST_REACT (turn.c): the cursor walks the units; at the
 * keyboard an order for any unit still to react is taken at once. */
#ifndef LASALLE_REACTION_H
#define LASALLE_REACTION_H

#include "../lasalle.h"

/* a decision is due for unit `cursor` (or the opponent's momentum decision) */
int lasalle_reaction_due(const void *scn, const void *state, int cursor);
/* the unit's reactions: hold, its contact reactions, its fire, its countercharges */
int lasalle_reaction_actions(const void *scn, const void *state, gr_action *out, int max);
/* one reaction, carried out by the rules of its kind */
int lasalle_reaction_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);

#endif
