/* engineer_works.h - Fortification's field works [H Engineering, p.78]:
 * an engineer deployed before a friendly unit ("eN fortification uM")
 * stands just ahead of the middle of its front edge; on a passed
 * engineering test up to 6 BW of works are laid along that front edge as
 * it stood when the engineer deployed, facing the way the unit faced, in
 * 1-BW pieces joined end to end from the two beside the engineer outwards,
 * each only on open ground clear of every unit (ruling R-202). The works
 * are the state's (works.h) for the rest of the game. */
#ifndef LASALLE_ENGINEER_WORKS_H
#define LASALLE_ENGINEER_WORKS_H

#include "../lasalle.h"
#include "../../core/geom.h"

/* the works' full length and the length of each piece (BW) [H, p.78] */
#define LASALLE_FIELD_WORKS_BW 6.0
#define LASALLE_FIELD_PIECE_BW 1.0

/* engineer e may be deployed to build field works before unit i now; 0 with why set when not */
int lasalle_field_ok(const lasalle_scenario *s, const lasalle_state *st, int e, int i, const char **why);
/* deploy engineer e before unit i (lasalle_field_ok has said yes): it records the line */
void lasalle_field_deploy(const lasalle_scenario *s, const lasalle_state *st, int e, int i, lasalle_engineer *g);
/* where engineer e at field works stands: just ahead of the middle of the line */
gr_vec2 lasalle_field_marker_at(const lasalle_engineer *g);
/* the works engineer e would lay now: the run of open pieces through its place, as one straight line a -> b
 * (its front to the left); 0 when no piece beside the engineer is open */
int lasalle_field_run(const lasalle_scenario *s, const lasalle_state *st, const lasalle_engineer *g, gr_vec2 *a,
                      gr_vec2 *b);

#endif
