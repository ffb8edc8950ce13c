/* menu.h - the finite menu of an Activity Phase decision [C, p.24-32]: for
 * a unit, hold, its legal charges (the mandatory target where there is one,
 * with the smallest limited wheel that reaches it), straight moves, wheels,
 * the wheel and move that face the nearest enemy and objective (toward.h),
 * retrograde (as far as the allowance goes, else half, else 1 BW), oblique
 * and flank moves, about-face and formation changes (with and without a
 * move after), a crossing; for a battery, drives,
 * limbering, unlimbering and prolongs; for an officer, the places worth
 * riding to. Every entry is checked with the same code `apply` runs, so the
 * menu holds only legal actions. The same walk gives the candidates, every
 * entry unchecked, and answers whether the menu holds one action, checking
 * only what decides it: a search or a random draw checks what it tries.
 * For that, where an entry stands in the menu depends on no other entry's
 * verdict, only whether it is there.
 * Exact moves outside the menu are typed in the notation. */
#ifndef LASALLE_MENU_H
#define LASALLE_MENU_H

#include "../lasalle.h"
#include "order_plan.h"

/* the unit's or officer's menu (actor: a unit, or nunits + an officer); returns the count */
int lasalle_activity_menu(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out, int max);
/* every entry the menu could hold, unchecked, in the menu's order (the menu is the candidates
 * lasalle_activity_menu_has takes, in that order): for a search or a random draw that checks only
 * the entries it tries; returns the count */
int lasalle_activity_candidates_of(const lasalle_scenario *s, const lasalle_state *st, int actor, gr_action *out,
                                   int max);
/* 1 when the actor's menu holds a (actor, type, target, arg and parameters alike), 0 when not; it
 * checks `a` and only those other entries whose verdict decides whether `a` is offered at all. With keep
 * (else NULL), the plan a's check worked out is kept there when the menu holds it (kind LASALLE_PLAN_NONE
 * when there is none to keep: hold, an officer's ride, or a not held) */
int lasalle_activity_menu_has(const lasalle_scenario *s, const lasalle_state *st, int actor, const gr_action *a,
                              lasalle_order_plan *keep);
/* an action of the given type, actor, target and arg, its parameters zero */
gr_action lasalle_act(int type, int actor, int target, int arg);

#endif
