/* town.h - units and town bases [G Towns, p.68-70]: a move that ends in a
 * town base (the unit is re-placed wholly inside it in March, or Limbered
 * for artillery, when half its bases or more would be inside; otherwise it
 * must end wholly outside), the one unit a town base holds, the change to
 * Deployed(Town) of infantry in March that began the Activity Phase in the
 * base, where a garrison stands when it leaves in March, and a garrison's
 * move into the next town base, written "uN move 3" straight out of the
 * side it faces, or "uN wheel A move 3" with A of 90, -90 or 180 to go out
 * of another side. */
#ifndef LASALLE_TOWN_H
#define LASALLE_TOWN_H

#include "../lasalle.h"
#include "move.h"

/* checks the garrison's move: 0 with the plan (no path; sw.end where it ends), or -1 with the reason */
int lasalle_town_move_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_plan *out,
                           gr_error *err);

/* the living unit other than `except` standing (even in part) in town base k, -1 none */
int lasalle_town_holder(const lasalle_scenario *s, const lasalle_state *st, int k, int except);
/* town base k's frame: u along its first edge (the angle returned), v a quarter-turn left of it, and the
 * least and greatest of its corners along each (lo, hi) */
double lasalle_town_frame(const lasalle_scenario *s, int k, gr_vec2 *u, gr_vec2 *v, double lo[2], double hi[2]);
/* unit p in formation `form` centred in town base k, its heading the side of the base nearest to h */
lasalle_pose lasalle_town_pose(const lasalle_scenario *s, const lasalle_unit_profile *p, int k, int form, double h);
/* the end of unit i's move at *end: 0 when it lies wholly outside every town base; 1 when it enters a town
 * base, with *end re-placed inside it in March (Limbered for artillery) [G, p.68]; -1 with the reason */
int lasalle_town_move_end(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose *end,
                          gr_error *err);
/* the change of unit i to Deployed(Town) where it stands: 0 with the pose, or -1 with the reason [G, p.69] */
int lasalle_town_deploy(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose *out, gr_error *err);
/* garrison i about to leave its town base in March: the column centred in the base, facing as it faces;
 * k gets the town base [G, p.70] */
lasalle_pose lasalle_town_leave_pose(const lasalle_scenario *s, const lasalle_state *st, int i, int *k);

#endif
