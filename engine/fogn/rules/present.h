/* present.h - a fogn position for front ends, records and tests
 * (present.c): the members of the gr_present table, and the result. */
#ifndef FOGN_PRESENT_H
#define FOGN_PRESENT_H

#include <stdio.h>

#include "../../core/game.h"

void fogn_result(const void *scn, const void *state, gr_result *out);
void fogn_describe(const void *scn, const void *state, char *buf, size_t cap);
int fogn_render_items(const void *scn, const void *state, gr_render_item *out, int max);
void fogn_board(const void *scn, gr_board *out);
json_t *fogn_state_to_json(const void *scn, const void *state);
int fogn_check_invariants(const void *scn, const void *state, gr_error *err);
void fogn_summary(const void *scn, const void *state, FILE *out);
/* gr_present.other_names: the commanders, "cN", by their names */
int fogn_other_names(const void *scn, gr_name_ref *out, int max);
/* "command", "assault", ... "over" for a fogn_phase */
const char *fogn_phase_name(int ph);

#endif
