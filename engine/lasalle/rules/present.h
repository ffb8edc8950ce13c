/* present.h - a Lasalle position for front ends, records and tests: the
 * decision now due in words, the state as JSON (with an "objectives"
 * array), the board (a table in BW), what to draw (every base of every
 * unit with its formation and DISR, the officers with vigor and tactics, a
 * marker a DISR), a text summary in the book's terms; and the invariants checked after
 * every action (invariants.c). */
#ifndef LASALLE_PRESENT_H
#define LASALLE_PRESENT_H

#include "../lasalle.h"

void lasalle_describe(const void *scn, const void *state, char *buf, size_t cap);
json_t *lasalle_state_to_json(const void *scn, const void *state);
void lasalle_board(const void *scn, gr_board *out);
int lasalle_render_items(const void *scn, const void *state, gr_render_item *out, int max);
void lasalle_summary(const void *scn, const void *state, FILE *out);
/* gr_present.other_names: the officers, "cN", by their names */
int lasalle_other_names(const void *scn, gr_name_ref *out, int max);
int lasalle_check_invariants(const void *scn, const void *state, gr_error *err);

#endif
