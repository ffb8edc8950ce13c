/* gully.h - firing into, out of and within a gully (§15.2): a sunken rough
 * area that hides and shelters the troops wholly inside it. */
#ifndef FOGN_GULLY_H
#define FOGN_GULLY_H

#include "internal.h"
#include "tables.h"

/* §15.2: troops outside see into a gully only from this close to its edge */
#define FOGN_GULLY_SIGHT 6.0

/* May firer f, shooting from footprint `from`, fire at t in band r as far
 * as gullies go? Fills `why` (may be NULL) when it may not. */
bool fogn_gully_fire_ok(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int t, fogn_range r,
                        char *why, size_t cap);

#endif
