/* verbs.h - fogn's own commands, run through the seam of game.h (gr_verb)
 * as `grognard army ...` and `grognard setup ...`: the table the ruleset
 * names, and the verbs' entry points. */
#ifndef FOGN_VERBS_H
#define FOGN_VERBS_H

#include "../core/game.h"

/* army, setup, then {NULL} */
extern const gr_verb fogn_verbs[];

/* `grognard army`: the army lists of Appendix 1 and the armies built from
 * them (armylist/verb.c) */
int fogn_army_verb(int argc, char **argv, const gr_host *host);
/* `grognard setup`: a points battle set up from two army files by §17
 * (setup/verb.c) */
int fogn_setup_verb(int argc, char **argv, const gr_host *host);

#endif
