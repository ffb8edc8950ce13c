/* quiet.h - no move without a reason the search can see.
 *
 * A search with a few hundred simulations a decision cannot tell apart
 * orders whose worth lies beyond its horizon: for a battery, turning about
 * and standing still read the same expected score, and the most visited of
 * two equals is a coin toss. Played out, such tosses are what a wargamer
 * laughs at: guns turned away from every enemy, a unit sent back and then
 * forward again. So at level GR_QUIET_GUNS a battery's move of any kind
 * (a turn, limbering, an advance, a fall back) is played only when its
 * score stands clear of the same battery's hold by more than the search's
 * noise, otherwise the guns hold; at GR_QUIET_ALL the same goes for every
 * unit's turns, wheels and falls back. The noise is the one the hints use:
 * each mean of a score in [0, 1] over n simulations is uncertain by at
 * most 0.5 / sqrt(n), and two means closer than twice their joint
 * uncertainty are not told apart. `grognard audit` counts what is left of
 * such moves (docs/ai.md). */
#ifndef GR_QUIET_H
#define GR_QUIET_H

#include "player.h"

/* orders closer than this are equal however many simulations each had */
#define GR_QUIET_EVEN 0.005

/* the levels (mcts spec `quiet=N`) */
enum { GR_QUIET_OFF = 0, GR_QUIET_GUNS = 1, GR_QUIET_ALL = 2 };

/* 1 when, at this level, the order must show a reason to be played rather than the unit's hold */
int gr_quiet_needs_reason(const gr_game *g, const void *state, const gr_action *a, int level);
/* The alternative of an analysis (most visited first) to play: 0, or the
 * index of the same unit's hold when alternative 0 needs a reason and
 * stands within the noise of that hold. */
int gr_quiet_pick(const gr_game *g, const void *state, const gr_analysis *an, int level);
/* gr_quiet_pick's choice moved to the front of the analysis (the others
 * keep their order); returns the index it came from. */
int gr_quiet_apply(const gr_game *g, const void *state, gr_analysis *an, int level);

#endif
