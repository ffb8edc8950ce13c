/* threat.h - how exposed a side's flanks and rears are (threat.c), an input
 * of the AI's evaluation. */
#ifndef FOGN_THREAT_H
#define FOGN_THREAT_H

#include "internal.h"

/* the share of both armies' value that is the side's and stands where an
 * enemy could charge its flank or rear next move */
double fogn_flank_exposure(const fogn_scenario *s, const fogn_state *st, int side);

#endif
