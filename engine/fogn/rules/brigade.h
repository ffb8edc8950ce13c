/* brigade.h - Brigade Groups (§8.8, brigade.c): which units may move as one
 * body under their Division Commander, and a group order compiled into one
 * rigid move per member. */
#ifndef FOGN_BRIGADE_H
#define FOGN_BRIGADE_H

#include "internal.h"
#include "move.h"

#include <stddef.h>

#define FOGN_GROUP_MAX 4   /* a commander of level 3 leads at most 4 units */
/* The Brigade Group `unit` may move in now: the group grows by edge contact
 * from the unit its Division Commander leads, up to his level + 1 units;
 * `unit` is listed first. Returns the count (0: no group holds `unit`). A
 * group order is given at the decision of any of its members. */
int fogn_brigade_members(const fogn_scenario *s, const fogn_state *st, int unit, int *out, int max);
/* Is this set (the deciding unit first) a legal Brigade Group now? 0 yes, -1 with the reason. */
int fogn_brigade_valid(const fogn_scenario *s, const fogn_state *st, const int *members, int n, gr_error *err);
/* Is a an order of a whole Brigade Group (group move, advance, rear, cross)? */
static inline int fogn_brigade_order(const gr_action *a)
{
    return a->type == FOGN_A_GROUP_MOVE || a->type == FOGN_A_GROUP_ADVANCE || a->type == FOGN_A_GROUP_REAR ||
           a->type == FOGN_A_GROUP_CROSS;
}
/* Members packed into / out of an action's p[3] (the deciding unit is the actor). */
float fogn_brigade_pack(const int *members, int n);
int fogn_brigade_unpack(const fogn_scenario *s, const gr_action *a, int *members, int max);
/* Compiles a group action into one rigid move per member (lead first) and
 * checks each; fills moves/plans, sets *complex. 0 legal, -1 with the reason. */
int fogn_brigade_check(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *moves,
                       fogn_move_plan *plans, int *n, int *complex, char *why, size_t why_cap, gr_error *err);

#endif
