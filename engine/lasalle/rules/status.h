/* status.h - the Status Phase and the end of the game [F, p.65-67; J, p.91]:
 * smoke removed, objectives, reinforcements (reinforce.h), the army
 * morale check over the units on the table (5d6 summed must beat
 * the turn number; 4d6 for a defender whose objective the attacker
 * controls), the bonus-turn roll after the basic length, victory and its
 * margin by pursuit score (Send in the Guards, H p.75), the result and the
 * clock the evaluation reads. */
#ifndef LASALLE_STATUS_H
#define LASALLE_STATUS_H

#include "../lasalle.h"

/* morale points of a side's broken units and those that left the table [F, p.66] */
int lasalle_losses(const lasalle_scenario *s, const lasalle_state *st, int side);
/* army morale now: the morale values of its units, those still to arrive left out [F, p.66; J, p.91] */
int lasalle_army_morale(const lasalle_scenario *s, const lasalle_state *st, int side);
/* losses greater than a third of the army's morale */
int lasalle_at_breakpoint(const lasalle_scenario *s, const lasalle_state *st, int side);
/* the side alone with a unit within 4 BW of objective k, -1 none or both [J, p.91] */
int lasalle_objective_control(const lasalle_scenario *s, const lasalle_state *st, int k);
/* the attacker (the side that is not the defender) controls an objective */
int lasalle_attacker_controls(const lasalle_scenario *s, const lasalle_state *st);
/* the pursuit score: a point a base of surviving Pursuit cavalry, a point a unit of other cavalry [F, p.67] */
int lasalle_pursuit(const lasalle_scenario *s, const lasalle_state *st, int side);
/* the chance that a morale check now (n dice) fails: the sum at most the turn number */
double lasalle_check_fail_chance(int ndice, int turn_no);
/* out[t] for every total t: the chance n d6 (n at most LASALLE_CHECK_DICE_MAX)
 * sum to no more than t, the chance a check on turn t fails */
void lasalle_check_fail_table(int ndice, double out[LASALLE_CHECK_TOTALS]);

/* the Status Phase steps: smoke, objectives, trenches and the reinforcements'
 * rolls; then, once the arriving forces are placed, the army morale checks,
 * the end of the game or the next turn */
int lasalle_status_run(const void *scn, void *state, const gr_ctx *cx);
int lasalle_status_end(const void *scn, void *state, const gr_ctx *cx);
/* ends the game with `loser`'s army broken (-1: time ran out), setting the winner and margin */
void lasalle_finish(const lasalle_scenario *s, lasalle_state *st, int loser, int how);

void lasalle_result(const void *scn, const void *state, gr_result *out);
void lasalle_clock(const void *scn, const void *state, gr_clock *out);
/* the side that is not the scenario's defender, GR_SIDE_NONE when there is none [J, p.91] */
int lasalle_attacker(const void *scn);

#endif
