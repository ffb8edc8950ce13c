/* position.h - loading a position for the analysis verbs: a scenario file
 * gives its opening position; a game record (it has "actions") is replayed
 * to where it stopped. */
#ifndef GR_POSITION_H
#define GR_POSITION_H

#include "../engine/core/game.h"

/* Loads path into g and a freshly allocated *state; 0, or -1 with the reason.
 * The caller frees *state and the game. */
int gr_position_load(const char *path, gr_game *g, void **state, gr_error *err);
/* "0", "1" or a side's name (case-insensitive) -> side; -1 when unknown */
int gr_side_from_text(const gr_game *g, const char *text);

#endif
