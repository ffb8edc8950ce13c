/* menu_note.c - the note beside "done" in `list` (menu_note.h): each step's
 * "done" closes the decisions still open in the way turn.c's step table says,
 * and the note says that way in the book's terms. */
#include "menu_note.h"
#include "turn.h"
#include "../lasalle.h"

#include <stdio.h>

void lasalle_order_note(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap)
{
    (void)scn;
    const lasalle_state *st = state;
    if (!cap || a->type != LASALLE_A_DONE) return;
    const char *what = NULL;
    switch (st->turn.step) {
    case LASALLE_ST_REACT: what = "this unit makes no reaction (or declines to follow up)"; break;
    case LASALLE_ST_COMBAT_PICK: what = "the combat of the first defender in unit order is fought next"; break;
    case LASALLE_ST_TACTICS: what = "this officer directs no tactic"; break;
    case LASALLE_ST_FALLBACK: what = "the rest fall back in unit order, each straight back (or forward when "
                                     "that is what takes it away from its enemies)"; break;
    case LASALLE_ST_ADVANCE: what = "every winner that may advance does"; break;
    case LASALLE_ST_ENTRENCH: what = "this unit does not dig in"; break;
    case LASALLE_ST_FORCE: what = "the forces not yet moved go in the scenario's order"; break;
    case LASALLE_ST_ACTIVITY: what = "everyone not yet moved holds"; break;
    case LASALLE_ST_REROLL: what = "the failure stands: no re-roll"; break;
    case LASALLE_ST_ENGINEER: what = "this engineer base takes no task"; break;
    default: break;
    }
    if (what) snprintf(buf, cap, "%s", what);
}
