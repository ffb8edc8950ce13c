/* firepower.h - the fire each side's units could pour on the enemy as they
 * stand (firepower.c), an input of the AI's evaluation. */
#ifndef FOGN_FIREPOWER_H
#define FOGN_FIREPOWER_H

#include "internal.h"

/* out[side]: the hits the side's units could expect to score if each fired
 * its dice at the band of its nearest enemy within range, per point of both
 * armies' value */
void fogn_firepower(const fogn_scenario *s, const fogn_state *st, double out[2]);

#endif
