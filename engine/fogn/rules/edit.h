/* edit.h - corrections of a fogn position, typed in plain commands by the
 * person beside a real table (the tabletop assistant), so that the program's
 * position can be made to match the table's. A correction is not a move of
 * the game: it obeys no movement rule, rolls no dice and sets off no rule
 * (no cohesion tests for friends, no casualty rolls); it only requires the
 * corrected position to be a legal one (the ruleset's invariants: every unit
 * on the table, none overlapping another).
 *
 *   uN at X Y [facing D]   the unit's front-edge centre to (X, Y) MU, facing
 *                          D degrees (0 = east, +x; 90 = north, +y; the
 *                          scenario files' and the notation's convention);
 *                          without `facing` the heading is kept. A unit off
 *                          the table (destroyed, or a reserve) comes back on.
 *                          A kinked Extended Line keeps its bend (the heading
 *                          is its left half's).
 *   uN turn D              turns the unit D degrees about the CENTRE of its
 *                          footprint (positive: counter-clockwise, as the
 *                          notation's `turn` and `faceto`), the way the
 *                          engine turns a unit in place; a kink is kept.
 *   uN formation NAME      a formation by its scenario name; the front-edge
 *                          centre and heading stay, a kinked line is
 *                          straightened. Refused when the unit may never
 *                          take that formation (the allowed ones are named).
 *   uN cohesion LEVEL      steady, disordered, wavering, broken. Setting
 *                          Broken does what breaking does to the unit itself
 *                          (attachments other than skirmishers are lost, no
 *                          tests owed, no assault going on) but does not
 *                          make its friends test.
 *   uN lost N              bases lost, 0 or 1: 1 is Spent (the Spent flag
 *                          and bases_lost set together, as the engine does);
 *                          artillery never loses a base.
 *   uN remove              the unit is destroyed and leaves the table, as the
 *                          engine removes a unit (a commander leading it is
 *                          released where it stood); friends do not test.
 *   cN at X Y              the commander's base centre to (X, Y). If he led a
 *                          unit and his base no longer touches it, he stops
 *                          leading it (detached, not refused). A commander
 *                          off the table (a casualty) comes back on.
 *   cN remove              the commander leaves the table as a casualty: the
 *                          data model knows no other absent commander, so he
 *                          is replaced at the end of his side's next Recovery
 *                          Phase (§10.3) like any fallen commander.
 *
 * A commander leading a unit that is placed, turned or re-formed goes with
 * it, to his post behind the centre of its rear edge (kept on the table).
 *
 * The correction is made on a copy of the state; the state is written only
 * when the result passes the invariants (and, during a decision, when a
 * decision is still due: see fogn_edit). Each accepted correction writes one
 * GR_EV_NOTE line to the log, "correction: u3 (45e Ligne) placed at ...". */
#ifndef FOGN_EDIT_H
#define FOGN_EDIT_H

#include <stddef.h>

#include "../fogn.h"

/* Ruling (assistant, no rule section): the longest correction text read */
#define FOGN_EDIT_TEXT_MAX 256
/* Ruling (assistant): degrees given to `facing` and `turn` lie in
 * [-FOGN_EDIT_DEG_MAX, FOGN_EDIT_DEG_MAX], as scenario facings do */
#define FOGN_EDIT_DEG_MAX 360.0
/* Ruling (assistant, §8.4 turning in place): `uN turn D` turns about the
 * centre of the footprint (1), not about the front-edge centre (0) */
#define FOGN_EDIT_TURN_ABOUT_CENTRE 1
/* Ruling (assistant, §3.4): a commander placed by `cN at` keeps leading his
 * unit while his base is within this distance (MU) of its footprint, and is
 * detached from it otherwise */
#define FOGN_EDIT_CMDR_TOUCH 1e-3 /* the engine's FOGN_CONTACT_TOL */

/* Parses one correction and applies it to `state` (a fogn_state of scenario
 * `scn`). Returns 0, or -1 with the reason in err and the state unchanged
 * (byte for byte). Refused: unreadable text, unknown unit / commander /
 * formation / cohesion level, a formation the unit may not take, a position
 * that breaks the invariants (overlap, off the table), a commander's base off
 * the table or on a unit, and a correction that would leave the decision now
 * due with nobody to take it (the cursor moves on within the current step
 * when its unit or commander is no longer due; if no one later in the step
 * is, the correction waits until the decision has been answered). */
int fogn_edit(const void *scn, void *state, const char *text, gr_log *log, gr_error *err);

/* Writes a short usage text of the corrections into buf (snprintf rules:
 * returns the length the whole text needs). */
int fogn_edit_help(char *buf, size_t cap);

#endif
