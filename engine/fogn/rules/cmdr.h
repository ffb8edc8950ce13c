/* cmdr.h - commanders on the table (cmdr.c): their moves and joining a
 * unit, and where a commander with a unit stands (§3.4, §8.3, §8.11). */
#ifndef FOGN_CMDR_H
#define FOGN_CMDR_H

#include "internal.h"

/* commander moves and joins; 0 done, -1 refused with the reason */
int fogn_cmdr_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_error *err);
/* where a commander stands when he is with a unit (behind its rear edge) */
gr_vec2 fogn_cmdr_post(const fogn_scenario *s, const fogn_state *st, int unit);
/* commander c joins unit j, moving at most `limit` MU (0: his allowance);
 * `free_move`: a corps commander pays no point (the Recovery Phase, §8.11) */
int fogn_cmdr_join(const fogn_scenario *s, fogn_state *st, int c, int j, double limit, int free_move, gr_error *err);

#endif
