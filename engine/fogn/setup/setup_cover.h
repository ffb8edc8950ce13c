/* setup_cover.h - what a sweep of generated battles reached: positions
 * played, troop types and the formations each was seen in, terrain kinds
 * on the tables, units in buildings. The sweep prints it so a soak's reach
 * is a number, not a hope. */
#ifndef FOGN_SETUP_COVER_H
#define FOGN_SETUP_COVER_H

#include <stdbool.h>
#include <stdio.h>

#include "../fogn.h"
#include "../../core/game.h"

typedef struct fogn_cover {
    long positions;                                  /* actions applied, over all games */
    bool troop_form[FOGN_TROOP_COUNT][FOGN_F_COUNT]; /* a unit of that type seen in that formation */
    bool terrain[GR_T_COUNT];                        /* a table with that kind of piece */
    long in_building;                                /* positions with a unit holding a building or work */
} fogn_cover;

/* the terrain kinds of a scenario's table */
void fogn_cover_table(fogn_cover *c, const fogn_scenario *s);
/* gr_play_opts.after: counts the position and what stands in it */
void fogn_cover_after(void *ctx, const gr_game *g, const void *state, const gr_log *log);
/* one paragraph: the counts and what was never seen */
void fogn_cover_print(const fogn_cover *c, FILE *out);

#endif
