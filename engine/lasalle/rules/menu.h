/* menu.h - the finite menu of an Activity Phase decision [C, p.24-32]: for
 * a unit, hold, its legal charges (the mandatory target where there is one,
 * with the smallest limited wheel that reaches it), straight moves, wheels,
 * retrograde, oblique and flank moves, about-face and formation changes
 * (with and without a move after), a crossing; for a battery, drives,
 * limbering, unlimbering and prolongs; for an officer, the places worth
 * riding to. Every entry is checked with the same code `apply` runs, so the
 * menu holds only legal actions. Exact moves outside the menu are typed in
 * the notation. */
#ifndef LASALLE_MENU_H
#define LASALLE_MENU_H

#include "../lasalle.h"

/* the unit's or officer's menu (actor: a unit, or nunits + an officer); returns the count */
int lasalle_activity_menu(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out, int max);
/* an action of the given type, actor, target and arg, its parameters zero */
gr_action lasalle_act(int type, int actor, int target, int arg);

#endif
