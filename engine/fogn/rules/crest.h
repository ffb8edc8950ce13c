/* crest.h - sight and fire over the crest of a hill (§15.2). A hill's crest
 * is its single peak, the centroid of the piece (the same ruling as uphill,
 * view.c). Troops on the slope facing a viewer are seen at any range; troops
 * on the far slope are hidden by the hill, except that those within 2 MU of
 * the crest see over it to any range and are seen from beyond it by enemies
 * within 6 MU of the crest. Fire over a crest reaches medium range for
 * infantry and close range for artillery. */
#ifndef FOGN_CREST_H
#define FOGN_CREST_H

#include "internal.h"
#include "tables.h"

#define FOGN_CREST_SEE_OVER 2.0   /* §15.2: troops this near the crest see over it */
#define FOGN_CREST_SEEN_FROM 6.0  /* §15.2: ... and are seen by enemies this near the crest */

/* what hill piece p does to viewer i looking at unit j */
typedef enum fogn_hill_sight {
    FOGN_HILL_CLEAR = 0,  /* it does not stand between them */
    FOGN_HILL_LINES,      /* it stops the lines that cross it (neither stands on it) */
    FOGN_HILL_HIDDEN      /* the crest hides j from i whatever the line */
} fogn_hill_sight;

fogn_hill_sight fogn_crest_sight(const fogn_scenario *s, const fogn_state *st, int i, int j, const gr_terrain_piece *p);
/* §15.2: may firer f shoot over a crest at t in band r? (true when no crest
 * lies between them) */
bool fogn_crest_fire_ok(const fogn_scenario *s, const fogn_state *st, int f, int t, fogn_range r);

#endif
