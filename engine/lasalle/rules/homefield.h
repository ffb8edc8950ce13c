/* homefield.h - Home Field Advantage [H, p.76]: an army that chose to
 * defend and defends may set up on a short edge (itself first, within
 * 10 BW of that edge; the attacker within 20 BW of the other, its reserves
 * within 6 BW of its edge and in play from the first turn) or take the long
 * edge of its choice and set up last. A scenario file gives the choice
 * under the side's "home_field"; the loader checks the setup against it. */
#ifndef LASALLE_HOMEFIELD_H
#define LASALLE_HOMEFIELD_H

#include "../lasalle.h"

#define LASALLE_HOME_DEFENDER_BW 10.0   /* the defender's setup depth from its short edge [H, p.76] */
#define LASALLE_HOME_ATTACKER_BW 20.0   /* the attacker's, from the other short edge */
#define LASALLE_HOME_RESERVE_BW 6.0     /* the attacker's reserves, from its edge */

/* the side's "home_field" object (side object o at path p); 0 or -1 with the message */
int lasalle_home_field_load(lasalle_scenario *s, json_t *o, const char *p, int side, gr_error *err);
/* once both sides are loaded: the setup checked against the choice, the attacker's reserves put in play */
int lasalle_home_field_check(lasalle_scenario *s, gr_error *err);

#endif
