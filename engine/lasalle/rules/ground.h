/* ground.h - what the table's terrain means to a Lasalle unit [B Terrain,
 * p.21-22]: rough ground that forces the Reduced allowance, impassable
 * ground and water crossed only at bridges and fords, obstacles a unit is
 * behind but never in, being "in" an area (half or more of its bases
 * completely inside), elevation, cover against a shooter or attacker, and
 * line of sight. All questions are asked of rectangles, so a move can ask
 * them of the poses along its path. */
#ifndef LASALLE_GROUND_H
#define LASALLE_GROUND_H

#include "../lasalle.h"
#include "../../core/geom.h"

/* what a footprint at one pose meets */
#define LASALLE_MEETS_ROUGH 1
#define LASALLE_MEETS_IMPASSABLE 2
#define LASALLE_MEETS_OBSTACLE 4    /* an obstacle runs through it: it is crossing */
#define LASALLE_MEETS_OFF_TABLE 8   /* some part lies off the table */
#define LASALLE_MEETS_TOWN 16       /* some part lies in a town base */
/* the town base that holds all of hull h (an edge's sliver of tolerance), -1 none [G Towns, p.68] */
int lasalle_town_of(const lasalle_scenario *s, const gr_rect *h);
#define LASALLE_MEETS_WATER 32      /* it stands in a stream or river, or on a ford */

/* the LASALLE_MEETS_* bits of a hull at one pose; `piece` (may be NULL) gets a piece it met, for messages */
int lasalle_meets(const lasalle_scenario *s, const gr_rect *hull, int *piece);
/* the same on the table as the state has it: its demolished bridges carry nobody [H Demolition, p.79], its
 * finished pontoon bridges carry as bridges [H Bridging, p.79] */
int lasalle_meets_st(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull, int *piece);
/* 1 when some corner of the rectangle lies off the table (LASALLE_MEETS_OFF_TABLE) */
int lasalle_off_table(const lasalle_scenario *s, const gr_rect *r);
/* 1 when the hull touches (or lies within `tol` of) the obstacle piece k */
int lasalle_touches_obstacle(const lasalle_scenario *s, const gr_rect *hull, int k, double tol);

/* 1 when half or more of the bases lie completely inside polygon piece k [B, p.22] */
int lasalle_bases_in_piece(const lasalle_scenario *s, const gr_rect *bases, int nb, int k);
/* the elevation of a point: the highest hill level containing it, 0 the table */
int lasalle_level_at(const lasalle_scenario *s, gr_vec2 p);
/* a unit's level: the highest level holding half or more of its bases completely [B Hills, p.21] */
int lasalle_unit_level(const lasalle_scenario *s, const gr_rect *bases, int nb);
/* 1 when half or more of the bases stand in rough terrain (for Bad Terrain); a town base is not rough here
 * [G Towns, p.68] */
int lasalle_in_rough(const lasalle_scenario *s, const gr_rect *bases, int nb);
/* 1 when the unit stands in open ground: no base in rough, town or water; with a state (or NULL), the
 * engineers' changes count: a base on a finished pontoon is on a bridge, not in the water */
int lasalle_in_open(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *bases, int nb);
/* 1 when half or more of its bases stand in a stream or river (ford included; with a state, a base on a
 * finished pontoon is not in it) */
int lasalle_in_water(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *bases, int nb);

/* the best cover the unit has against fire or attack from `from` (a point of
 * the shooter or attacker): an area of cover it is in, or an obstacle it is
 * behind and `from` is across [B "In" and "Behind", p.22] */
int lasalle_cover_against(const lasalle_scenario *s, const gr_rect *hull, const gr_rect *bases, int nb,
                          const gr_rect *from);
/* the same on the table as the state has it: its hardened town bases give hard cover [H Fortification, p.78] */
int lasalle_cover_against_st(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *hull,
                             const gr_rect *bases, int nb, const gr_rect *from);
/* the same with works, walls and town bases left out: the cover left against an attacker with an
 * Assault engineer [H Engineering, p.77] */
int lasalle_natural_cover_against(const lasalle_scenario *s, const gr_rect *hull, const gr_rect *bases, int nb,
                                  const gr_rect *from);

/* line of sight between two hulls: some clear segment between their sample
 * points [B Hills, p.21; ruling A-29] */
int lasalle_visible(const lasalle_scenario *s, const gr_rect *a, const gr_rect *b);

#endif
