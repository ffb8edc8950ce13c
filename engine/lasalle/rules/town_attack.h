/* town_attack.h - fighting between town bases [G Towns, p.70]: on its
 * turn a unit Deployed(Town) may attack one enemy unit in an orthogonally
 * adjacent town base, written like a charge ("uN charge uM"); it does not
 * move, but turns to face that side, and a defender not deployed is slid
 * within its own base against the shared edge so that the two touch (the
 * book's small adjustment of positions). Two garrisons touching across a
 * town edge are in contact only when one of them attacked
 * (lasalle_town_standoff, footprint.h). */
#ifndef LASALLE_TOWN_ATTACK_H
#define LASALLE_TOWN_ATTACK_H

#include "../lasalle.h"

/* 0 when garrison i may attack unit j now (no dice), with *side the quarter-turns from its facing to the side
 * it attacks out of; -1 with the reason */
int lasalle_town_attack_check(const lasalle_scenario *s, const lasalle_state *st, int i, int j, int *side,
                              gr_error *err);
/* carries the attack out: the turn, the defender's slide, the charger's marks */
int lasalle_town_attack_apply(const lasalle_scenario *s, lasalle_state *st, int i, int j, gr_log *log,
                              gr_error *err);

#endif
