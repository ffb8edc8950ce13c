/* casualty.h - commander casualties (§10, casualty.c): the rolls for the
 * commanders with a unit, their replacements, and commanders alone caught
 * by the enemy (§8.11). */
#ifndef FOGN_CASUALTY_H
#define FOGN_CASUALTY_H

#include "internal.h"

/* rolls for every commander with the unit (and its brigade officer): each
 * falls when ALL his dice make `score`; the unit then owes a test. 0, -1 dice failure */
int fogn_casualty_rolls(const fogn_scenario *s, fogn_state *st, int unit, int score, gr_dice *dice, gr_log *log);
/* §10.3: the fallen commanders of `side` come back (end of its Recovery Phase) */
void fogn_replace_commanders(const fogn_scenario *s, fogn_state *st, int side, gr_log *log);
/* §8.11: commanders alone and touched by an enemy ride to a friend within
 * 10 MU or are captured; returns how many were moved or taken */
int fogn_cmdr_displaced(const fogn_scenario *s, fogn_state *st, gr_log *log);

#endif
