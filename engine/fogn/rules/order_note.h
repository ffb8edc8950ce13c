/* order_note.h - what an order of the menu will ask before it is carried
 * out (gr_present.order_note): a Complex Move Test (§5.3) with its dice,
 * score and command points (§5.2), and why the move is Complex (§5.4); and
 * the command points a prompt shows. */
#ifndef FOGN_ORDER_NOTE_H
#define FOGN_ORDER_NOTE_H

#include <stddef.h>

#include "../../core/game.h"

void fogn_order_note(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
/* gr_present.prompt_note: the command points left to the deciding side's
 * commanders on the table (§5.2), "CP Loison 1, Ferey 2" */
void fogn_prompt_note(const void *scn, const void *state, char *buf, size_t cap);

#endif
