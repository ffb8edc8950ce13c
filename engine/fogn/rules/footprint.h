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
/* the same with the two reaches (fogn_unit_reach) already worked out */
bool fogn_reaches_clearly_apart(const fogn_state *st, int i, int j, double ri, double rj, double d);
/* true when unit i's reach circle and the circle about r's centre through
 * its corners alone show every part of i's footprint more than d from r
 * (then no footprint need be built); false says nothing */
bool fogn_unit_clearly_apart_from(const fogn_scenario *s, const fogn_state *st, int i, const gr_rect *r, double d);
/* the same with i's reach (fogn_unit_reach) and r's centre and half
 * diagonal (0.5 * sqrt(w * w + d * d)) already worked out: loops over
 * many units and rectangles work each out once */
bool fogn_reach_clearly_apart_from(const fogn_state *st, int i, double reach_i, gr_vec2 rc, double rhalf, double d);

/* The faces that count as the unit's front, each as a rectangle whose front
 * edge is that face (so "within d of the front" is gr_rect_in_front_corridor
 * of it): the front edge; each half of a kinked line; all four faces of a
 * Square, which has no flank or rear (FOGN_SQUARE_ALL_FRONT, §3.1). Returns
 * the count, at most FOGN_FRONT_FACES_MAX. */
enum { FOGN_FRONT_FACES_MAX = 4 };
int fogn_front_faces(const fogn_unit_profile *p, const fogn_unit *u, gr_rect out[FOGN_FRONT_FACES_MAX]);
/* does any part of `r` lie within d of the front of enemy unit j, straight
 * ahead of one of its front faces (the "within 2 MU of the front of an enemy
 * unit" of §8.5 and §8.11)? */
bool fogn_within_front_of(const fogn_scenario *s, const fogn_state *st, int j, const gr_rect *r, double d);

#endif
