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
 * uncertainty are not told apart. From GR_QUIET_GUNS up, a unit that went
 * some way in its side's last move and is now ordered back the way it came
 * must show the same reason: a player remembers its units' last moves in a
 * gr_quiet_memory, shown every position it meets. `grognard audit` counts
 * what is left of such moves (docs/ai.md). */
#ifndef GR_QUIET_H
#define GR_QUIET_H

#include "player.h"

/* orders closer than this are equal however many simulations each had */
#define GR_QUIET_EVEN 0.005

/* the levels (mcts spec `quiet=N`) */
enum { GR_QUIET_OFF = 0, GR_QUIET_GUNS = 1, GR_QUIET_ALL = 2 };

/* A move of at least this share of the ruleset's pace (ai.pace: one
 * ordinary move over open ground) counts as going somewhere; an order that
 * takes the unit as far again, its way at least this far from the opposite of
 * the last (the cosine of the two ways at most GR_QUIET_REVERSE_COS), takes it
 * back. The same measures as `grognard audit`'s back-and-forth finding. */
#define GR_QUIET_FAR_PACE (1.0 / 3.0)
#define GR_QUIET_REVERSE_COS (-0.7)
/* units a memory follows (the ruleset's first ones beyond) */
#define GR_QUIET_MAX_UNITS 128
/* the dice of the trial an order is played out on to see where it takes the unit */
#define GR_QUIET_TRIAL_SEED 0x515549455431ULL

/* What a player saw of its units' moves: where each stood when the current
 * player-move began, and its last move that went somewhere with the
 * player-move that made it. */
typedef struct gr_quiet_memory {
    long move;                           /* the player-move (rules.turn) of the positions seen; -1 none */
    int n;
    double x[GR_QUIET_MAX_UNITS], y[GR_QUIET_MAX_UNITS];
    double vx[GR_QUIET_MAX_UNITS], vy[GR_QUIET_MAX_UNITS];
    long when[GR_QUIET_MAX_UNITS];       /* -1: none */
} gr_quiet_memory;

void gr_quiet_memory_init(gr_quiet_memory *m);
/* shows the memory a position of the game (every one a player meets, the
 * ones it decides in and those before the actions it observes): a new
 * player-move closes the last one, each unit's way over it kept when it went
 * somewhere. A player-move counter that goes back starts a new game. */
void gr_quiet_see(gr_quiet_memory *m, const gr_game *g, const void *state);

/* 1 when, at this level, the order must show a reason to be played rather than the unit's hold */
int gr_quiet_needs_reason(const gr_game *g, const void *state, const gr_action *a, int level);
/* 1 when the order takes its unit back the way it went in its side's last
 * move (the player-move before the last, the moves alternating), played out
 * on a copy of the position with the dice of GR_QUIET_TRIAL_SEED */
int gr_quiet_reverses(const gr_game *g, const void *state, const gr_action *a, const gr_quiet_memory *mem);
/* The alternative of an analysis (most visited first) to play: 0, or the
 * index of the same unit's hold when alternative 0 needs a reason (at this
 * level, or from GR_QUIET_GUNS up as a reversal, mem NULL: none) and stands
 * within the noise of that hold. */
int gr_quiet_pick(const gr_game *g, const void *state, const gr_analysis *an, int level, const gr_quiet_memory *mem);
/* gr_quiet_pick's choice moved to the front of the analysis (the others
 * keep their order); returns the index it came from. */
int gr_quiet_apply(const gr_game *g, const void *state, gr_analysis *an, int level, const gr_quiet_memory *mem);

#endif
