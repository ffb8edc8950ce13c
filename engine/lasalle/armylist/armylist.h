/* armylist.h - Lasalle's Army Builder (book chapter K, p.92-125) as one
 * module: the list data (list.h), the armies built from it (army.h) and the
 * `army` verb the Lasalle package names in its verb table:
 *   grognard army lists                    every list id
 *   grognard army show LIST|NATION         a list (or a nation's tables)
 *   grognard army check FILE...            every breach of each army file
 *   grognard army roll LIST --seed N [--role R] [--support K] [--out FILE]
 * The module needs only engine/core; docs/lasalle-armies.md describes the
 * files and the rulings. */
#ifndef LASALLE_ARMYLIST_H
#define LASALLE_ARMYLIST_H

#include "list.h"
#include "army.h"
#include "../../core/game.h"

/* `grognard army ...` (argv[0] is the verb's name); returns 0 done, 1 a
 * file is illegal or unreadable, 2 bad usage */
int lasalle_army_verb(int argc, char **argv, const gr_host *host);

#endif
