/* town.h - a garrison's move in the Activity Phase [G Towns, p.70]: a unit
 * Deployed(Town) moves into one orthogonally adjacent empty town base and
 * stays deployed, written "uN move 3" straight out of the side it faces, or
 * "uN wheel A move 3" with A of 90, -90 or 180 to go out of another side. */
#ifndef LASALLE_TOWN_H
#define LASALLE_TOWN_H

#include "../lasalle.h"
#include "move.h"

/* checks the garrison's move: 0 with the plan (no path; sw.end where it ends), or -1 with the reason */
int lasalle_town_move_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_plan *out,
                           gr_error *err);

#endif
