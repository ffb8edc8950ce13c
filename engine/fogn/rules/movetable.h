/* movetable.h - the movement classes of terrain and the §8.3 table of move
 * allowances (movetable.c): what class of ground a terrain piece is for a
 * base on it, and how far each unit and commander moves over each class. */
#ifndef FOGN_MOVETABLE_H
#define FOGN_MOVETABLE_H

#include "internal.h"

/* movement classes of terrain (§8.3, §15.1) */
typedef enum fogn_move_class {
    FOGN_MC_OPEN = 0, FOGN_MC_ROUGH, FOGN_MC_DIFFICULT, FOGN_MC_IMPASSABLE
} fogn_move_class;

/* movement class a terrain piece imposes on a base over it */
fogn_move_class fogn_piece_move_class(const gr_terrain_piece *p);
/* may this piece change a move at all: worse than open, or an obstacle or water to cross */
bool fogn_piece_hinders_move(const gr_terrain_piece *p);
const char *fogn_move_class_name(fogn_move_class c);
/* §8.3 allowance in MU for the unit in its current formation on terrain of
 * this class (weather already folded in); -1 when it may not move there */
double fogn_allowance(const fogn_scenario *s, const fogn_unit_profile *p, const fogn_unit *u,
                      fogn_move_class mc);
/* the §8.3 table row itself (clear weather); -1 for N/A */
double fogn_allowance_row(const fogn_unit_profile *p, fogn_formation f, fogn_move_class mc);
/* commander alone (§8.3 last row) */
double fogn_cmdr_allowance(const fogn_scenario *s, fogn_move_class mc);

#endif
