/* crossing.h - crossing a linear obstacle the book's way (§15.8, §15.6):
 * a unit crosses a wall, a hedge or water deeper than ankle only from a
 * start with its front edge touching the obstacle and parallel to it, and is
 * placed the least distance beyond, parallel, its rear edge touching it.
 * Every other move that would carry a unit into or over such an obstacle is
 * refused (move_check_terrain.c); `uN up to tK` brings a unit square up to
 * one and `uN cross tK` takes it over (crossing.c). */
#ifndef FOGN_CROSSING_H
#define FOGN_CROSSING_H

#include "internal.h"
#include "move.h"

/* a piece crossed only by §15.8's geometry: a wall, a hedge, or a river or
 * stream neither ankle deep nor dried up */
bool fogn_cross_piece(const gr_terrain_piece *p);
/* does polygon `poly`, pulled in by FOGN_CROSS_TOUCH_TOL on every side, still
 * meet piece p (a real overlap, not a touch)? */
bool fogn_cross_overlaps(const gr_terrain_piece *p, const gr_vec2 *poly, int n);
/* the same for a unit's footprint */
bool fogn_cross_rect_overlaps(const gr_terrain_piece *p, const gr_rect *r);

/* the walls, hedges and deep water (fogn_cross_piece) whose bounds come
 * within `reach` of footprint r, in the scenario's order; their number */
int fogn_cross_near(const fogn_scenario *s, const gr_rect *r, double reach, int *out, int max);

/* The footprint after crossing piece k from footprint r: r must touch k with
 * its front edge, parallel to it (or, on a bend, with both front corners);
 * the unit goes straight on to the least distance at which it no longer
 * overlaps k. 0, or -1 with the reason. */
int fogn_cross_place(const fogn_scenario *s, int k, const gr_rect *r, const char *who, gr_rect *out, gr_error *err);

/* The normal move (a wheel about a front corner until the front edge is
 * parallel to the nearest edge of piece k ahead, then straight on until it
 * touches k) of `uN up to tK`; 0 (m filled), or -1 with the reason. */
int fogn_cross_up_to(const fogn_scenario *s, const fogn_state *st, int unit, int k, fogn_move *m, gr_error *err);

#endif
