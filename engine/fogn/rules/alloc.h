/* alloc.h - the Command Phase (§5.1, alloc.c): the corps commander's
 * allocation of command points to his division commanders, one decision at
 * a time. */
#ifndef FOGN_ALLOC_H
#define FOGN_ALLOC_H

#include "internal.h"

int fogn_alloc_actor(const fogn_scenario *s, const fogn_state *st);
int fogn_alloc_cost(const fogn_scenario *s, const fogn_state *st, int giver, int receiver, gr_error *err);
int fogn_alloc_due(const fogn_scenario *s, const fogn_state *st, int cursor);
int fogn_alloc_cursor_end(const fogn_scenario *s);
int fogn_alloc_actions(const fogn_scenario *s, const fogn_state *st, gr_action *out, int max);
int fogn_alloc_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                     gr_error *err);

#endif
