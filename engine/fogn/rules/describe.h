/* describe.h - ruleset-neutral descriptions of actions, units, the turn and
 * the phase for players and front ends (describe.c). */
#ifndef FOGN_DESCRIBE_H
#define FOGN_DESCRIBE_H

#include "internal.h"

void fogn_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out);
int fogn_unit_count(const void *scn);
void fogn_unit_info(const void *scn, const void *state, int unit, gr_unit_info *out);
int fogn_turn(const void *scn, const void *state);
int fogn_move_phase(const void *scn, const void *state);

#endif
