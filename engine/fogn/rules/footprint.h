/* footprint.h - distances between units' footprints (footprint.c, which
 * also lays the footprints out: fogn.h's fogn_unit_rects and the rest). */
#ifndef FOGN_FOOTPRINT_H
#define FOGN_FOOTPRINT_H

#include "internal.h"

/* the least distance between two sets of rectangles, and between two units' footprints */
double fogn_rects_dist(const gr_rect *a, int na, const gr_rect *b, int nb);
double fogn_units_apart(const fogn_scenario *s, const fogn_state *st, int i, int j);
/* fogn_units_apart(i, j) <= d, answered from the units' reach circles
 * alone when those are clearly farther apart */
bool fogn_units_within(const fogn_scenario *s, const fogn_state *st, int i, int j, double d);
/* true when the units' reach circles alone show them more than d apart
 * (every part of a footprint lies within its reach of its front-edge centre);
 * false says nothing */
bool fogn_units_clearly_apart(const fogn_scenario *s, const fogn_state *st, int i, int j, double d);

#endif
