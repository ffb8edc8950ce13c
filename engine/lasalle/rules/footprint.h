/* footprint.h - where a Lasalle unit's bases stand: the layout of each
 * formation (ruling R-3: every formation is a solid block of bases), the
 * unit's hull and its bases as oriented rectangles from its front-edge
 * centre and heading (engine/core/geom.h), and the relations the rules
 * measure between units: distance, contact, overlap, "near the enemy",
 * front and flank [B Front, Flank and Rear, p.18]. */
#ifndef LASALLE_FOOTPRINT_H
#define LASALLE_FOOTPRINT_H

#include "../lasalle.h"
#include "../../core/geom.h"

#define LASALLE_MAX_BASES 6
/* a town base is a square about this wide [G Towns, p.68] */
#define LASALLE_TOWN_BW 3.0

typedef struct lasalle_layout {
    int cols, rows;     /* bases across the front, ranks */
    int nbases;         /* bases drawn (limbers for limbered artillery) */
    double bw, bd;      /* one base's width and depth */
} lasalle_layout;

/* A layout code, not a formation: an Unlimbered battery standing compressed, two ranks deep, the second
 * rank shorter when the guns are odd [H Compressed Artillery, p.81] (ruling R-140). The layout functions
 * below and the poses of sweep.h take it where they take a formation; the unit's own form stays
 * LASALLE_UNLIMBERED and its LASALLE_UF_COMPRESSED flag says it stands so. */
#define LASALLE_LAYOUT_COMPRESSED 0x40
/* A layout code, not a formation: a unit in March standing in a town base whose column is longer than the
 * base, its bases in two files side by side (the book's "any arrangement that fits", G Towns p.68; ruling
 * Its form stays LASALLE_MARCH and its LASALLE_UF_TOWN_BLOCK flag says it stands so; a move starts
 * from its column, formed on the block's front. */
#define LASALLE_LAYOUT_TOWN_MARCH 0x41
/* the formation, or layout code, that gives unit i's layout now */
int lasalle_layout_form(const lasalle_state *st, int i);
/* puts unit u in the formation a pose ends in: LASALLE_LAYOUT_TOWN_MARCH is March with the town-block
 * flag, any other formation clears that flag (the compressed battery keeps its own, artillery.c) */
void lasalle_set_form(lasalle_unit *u, int layout);
/* ... and of a unit as the scenario sets it up (its "compressed" start) */
int lasalle_profile_layout_form(const lasalle_unit_profile *p);

void lasalle_layout_of(const lasalle_unit_profile *p, int form, lasalle_layout *out);
/* limber bases of a battery: one for two guns, one for a three-gun battery [B, p.14] */
int lasalle_limbers(int guns);

/* turns the unit to face `heading` (radians, kept as given) and keeps the cosine and sine of its hull's
 * heading with it (lasalle_unit.hc, hs): every change of a unit's heading goes through here */
void lasalle_unit_set_heading(lasalle_unit *u, double heading);
/* a unit's hull (the block of its bases) in a formation at a pose */
gr_rect lasalle_hull_at(const lasalle_unit_profile *p, int form, double x, double y, double heading);
gr_rect lasalle_hull(const lasalle_scenario *s, const lasalle_state *st, int i);
/* how far from its front-edge centre (the unit's x, y) unit i's hull reaches: no part lies farther */
double lasalle_hull_reach(const lasalle_scenario *s, const lasalle_state *st, int i);
/* its bases, front rank first, left to right as the unit sees it; returns the count */
int lasalle_bases_at(const lasalle_unit_profile *p, int form, double x, double y, double heading, gr_rect *out);
int lasalle_bases(const lasalle_scenario *s, const lasalle_state *st, int i, gr_rect *out);

/* on the table and not broken */
int lasalle_alive(const lasalle_state *st, int i);
int lasalle_enemies(const lasalle_scenario *s, int i, int j);

/* closest approach of two units' hulls, BW (0 when touching) */
double lasalle_unit_dist(const lasalle_scenario *s, const lasalle_state *st, int i, int j);
int lasalle_in_contact(const lasalle_scenario *s, const lasalle_state *st, int i, int j);
int lasalle_rects_overlap(const gr_rect *a, const gr_rect *b);
int lasalle_rects_touch(const gr_rect *a, const gr_rect *b);
/* 1 when enemies i and j are two garrisons Deployed(Town) in neighbouring town bases, neither of which
 * attacked the other this turn: touching across the edge, they stand off and are not in contact, for combat,
 * fire, recovery and every other rule (ruling R-58) [G Towns, p.70] */
int lasalle_town_standoff(const lasalle_scenario *s, const lasalle_state *st, int i, int j);
/* the living enemies in contact with unit i (touching it, less those standing off across a town edge), up to
 * max; returns the count */
int lasalle_contacts(const lasalle_scenario *s, const lasalle_state *st, int i, int *out, int max);
/* any living enemy within `bw` of unit i (LASALLE_NEAR_BW: "near the enemy" [B, p.10]) */
int lasalle_enemy_within(const lasalle_scenario *s, const lasalle_state *st, int i, double bw);

/* a unit Deployed(Town) turned r quarter-turns counter-clockwise about its town base's centre: the same
 * footprint, its front on another side [G Towns, p.69] */
void lasalle_town_turn(lasalle_state *st, int i, int r);

/* formations with no flanks: every enemy is to the front [B, p.18] */
int lasalle_no_flanks(int form);
/* 1 when enemy j stands on unit i's flank or rear [B, p.18; ruling A-51] */
int lasalle_on_flank(const lasalle_scenario *s, const lasalle_state *st, int i, int j);
/* 1 when some part of rectangle r is directly in front of hull h (ahead of its front line, between its flank lines) */
int lasalle_directly_in_front(const gr_rect *h, const gr_rect *r);
/* 1 when some part of r is directly behind h within `bw` of its rear edge */
int lasalle_directly_behind(const gr_rect *h, const gr_rect *r, double bw);

#endif
