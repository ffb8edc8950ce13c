/* loc.h - each side's line of communications marker (§13, loc.c): where it
 * is, whether an enemy occupies it, how near the enemy is to it. */
#ifndef FOGN_LOC_H
#define FOGN_LOC_H

#include "internal.h"

gr_rect fogn_loc_rect(const fogn_scenario *s, int side);
/* the enemy unit occupying `side`'s LOC marker, or -1 */
int fogn_loc_occupier(const fogn_scenario *s, const fogn_state *st, int side);
bool fogn_loc_occupied(const fogn_scenario *s, const fogn_state *st, int side);
/* distance from the nearest unbroken enemy to `side`'s LOC (inf when none or no LOC) */
double fogn_loc_threat(const fogn_scenario *s, const fogn_state *st, int side);

#endif
