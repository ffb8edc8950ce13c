/* menu_note.h - what "done" does at each decision of the turn, for the note
 * `list` prints beside it (gr_present.order_note): the rules' default for
 * every unit or officer not yet asked [C-J]. */
#ifndef LASALLE_MENU_NOTE_H
#define LASALLE_MENU_NOTE_H

#include <stddef.h>

#include "../../core/game.h"

void lasalle_order_note(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);

#endif
