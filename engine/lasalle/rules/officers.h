/* officers.h - moving officers [C Moving Officers, p.28]: each
 * subcommander after his force's units, the commander last; any distance,
 * ending within command range of one of his units (the commander: of any
 * friendly unit, ruling A-20), outside impassable ground and every unit,
 * and not near an enemy unit unless a unit under his command is near that
 * same enemy. An officer an enemy unit moves through takes his casualty
 * test and rides clear [H, p.73]. */
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
/* 1 when (x, y) is among lasalle_officer_spots(s, st, k, ..., max): only the spots at (x, y) are checked */
int lasalle_officer_spot_offered(const lasalle_scenario *s, const lasalle_state *st, int k, double x, double y,
                                 int max);
/* 1 when unit i is under officer k's command (his force's, or any of the commander's side) */
int lasalle_under(const lasalle_scenario *s, int k, int i);

/* the officer casualty test [H, p.73]: 5 wounded, 6 killed, an aide (a chief of staff) takes over with one less
 * vigor and tactics; 0, or -1 when the dice failed */
#define LASALLE_CASUALTY_UNHARMED_MAX 4
int lasalle_officer_casualty(const lasalle_scenario *s, lasalle_state *st, int k, const char *why, const gr_ctx *cx);
/* enemy officers on the path of unit i's move (from `before` to now), judged at this many steps of the path */
#define LASALLE_SWEEP_SAMPLES 8
/* each takes a casualty test (with Officer Tactics and Casualties) and moves beside a unit of his command
 * [H, p.73; ruling A-20]; 0, or -1 when the dice failed */
int lasalle_officers_swept(const lasalle_scenario *s, lasalle_state *st, int i, const lasalle_unit *before,
                           const gr_ctx *cx);
/* the same for every officer an enemy unit now stands on (fall-backs, momentum, advances) */
int lasalle_officers_trampled(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx);

#endif
