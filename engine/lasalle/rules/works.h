/* works.h - works made in play and kept by the state [H Entrenchments, p.75;
 * H Fortification, p.78]: a trench dug by a unit, and an engineer's field
 * works. Each is a straight 1-line piece of obstacle with soft cover that
 * stays for the rest of the game and serves whoever stands behind it, as a
 * wall drawn in the scenario does: a unit crossing it makes the crossing
 * move, a charge stops against it, fire across it is obstructed, and a unit
 * in contact with it has its cover against fire and attack coming across.
 *
 * Obstacles are numbered in one space: 0 .. terrain.n - 1 the scenario's
 * pieces, terrain.n + w the state's work w, so that a crossing or a message
 * names either the same way. */
#ifndef LASALLE_WORKS_H
#define LASALLE_WORKS_H

#include "../lasalle.h"

#include <jansson.h>
#include <stdio.h>

/* the kinds of works (lasalle_work.kind) */
#define LASALLE_WORK_TRENCH 1       /* dug by a unit before its front [H, p.75] */
#define LASALLE_WORK_FIELD 2        /* built by engineers [H Fortification, p.78] */

/* one piece of works: the straight line a -> b; its front (the side it was made to face) lies to the left of
 * a -> b, where a unit's front edge runs from its front-left to its front-right corner */
gr_vec2 lasalle_work_a(const lasalle_work *w);
gr_vec2 lasalle_work_b(const lasalle_work *w);
gr_vec2 lasalle_work_front(const lasalle_work *w);

/* record a new piece; -1 when the state holds LASALLE_MAX_WORKS already (ruling R-201) */
int lasalle_works_add(lasalle_state *st, gr_vec2 a, gr_vec2 b, int kind);
/* the trench a unit digs: one piece along its front edge, from front-left to front-right (ruling R-75) */
int lasalle_works_dig(const lasalle_scenario *s, lasalle_state *st, int i);

/* obstacle k's line: its points (a work's two ends go in `buf`), their count */
const gr_vec2 *lasalle_obstacle_line(const lasalle_scenario *s, const lasalle_state *st, int k, gr_vec2 buf[2],
                                     int *npts);
/* a name for obstacle k in messages */
const char *lasalle_obstacle_name(const lasalle_scenario *s, const lasalle_state *st, int k);
/* 1 when the hull touches (or lies within `tol` of) obstacle k */
int lasalle_touches_obstacle_st(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull, int k,
                                double tol);

/* the first work a convex polygon (a shrunk footprint, a swept area) meets, -1 none */
int lasalle_works_meet_poly(const lasalle_state *st, const gr_vec2 *poly, int n);
/* soft cover when the hull touches a work and the line from `from`'s centre to the hull's centre crosses it */
int lasalle_works_cover(const lasalle_state *st, const gr_rect *hull, const gr_rect *from);
/* 1 when the segment p-q crosses a work that neither the shooter's base `from` nor the target `to` touches:
 * fire across works is obstructed as across an entrenchment [D, p.49-50] */
int lasalle_works_obstruct(const lasalle_state *st, const gr_rect *from, const gr_rect *to, gr_vec2 p, gr_vec2 q);

/* unit i holds works: it touches a work from behind (its centre on the work's rear side) and faces across it;
 * or touches an entrenchment drawn on the table. Such a unit never retires as a combat result [H, p.75] */
int lasalle_holds_works(const lasalle_scenario *s, const lasalle_state *st, int i);

/* for the front ends (works_show.c): each piece as a thin strip along its front on the map, the state's JSON
 * "works" ([{"kind": "trench"|"field works", "from": [x, y], "to": [x, y]}], present when any were made), and a
 * line each in the summary */
int lasalle_works_markers(const lasalle_state *st, gr_render_item *out, int max);
void lasalle_works_json(const lasalle_state *st, json_t *j);
void lasalle_works_summary(const lasalle_state *st, FILE *out);

#endif
