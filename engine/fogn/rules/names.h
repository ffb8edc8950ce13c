/* names.h - the names of reactions in the notation (names.c, which also
 * names troops, formations and the rest for fogn.h). */
#ifndef FOGN_NAMES_H
#define FOGN_NAMES_H

#include "internal.h"

/* NULL / -1 when unknown */
const char *fogn_reaction_name(int r);
int fogn_reaction_from_name(const char *name);

#endif
