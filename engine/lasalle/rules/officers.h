/* officers.h - moving officers [C Moving Officers, p.28]: each
 * subcommander after his force's units, the commander last; any distance,
 * ending within command range of one of his units (the commander: of any
 * friendly unit, ruling A-20), outside impassable ground and every unit,
 * and not near an enemy unit unless a unit under his command is near that
 * same enemy. */
#ifndef LASALLE_OFFICERS_H
#define LASALLE_OFFICERS_H

#include "../lasalle.h"

/* 0 when officer k may end his move at (x, y); -1 with the reason */
int lasalle_officer_check(const lasalle_scenario *s, const lasalle_state *st, int k, double x, double y,
                          gr_error *err);
/* an OFFICER action (a->actor = nunits + k, p[0], p[1] the place) */
int lasalle_officer_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                          gr_error *err);
/* places worth offering officer k: near the middle of his units and behind each; returns the count */
int lasalle_officer_spots(const lasalle_scenario *s, const lasalle_state *st, int k, double (*out)[2], int max);
/* 1 when unit i is under officer k's command (his force's, or any of the commander's side) */
int lasalle_under(const lasalle_scenario *s, int k, int i);

#endif
