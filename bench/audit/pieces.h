/* pieces.h - where each unit of a position stands, as the audit measures
 * it: its side, arm and life from ai->unit_info, its ground from the
 * ruleset's drawing (render_items: the bases on a table, the hex on a
 * map), matched to the unit by the notation's reference. */
#ifndef GR_AUDIT_PIECES_H
#define GR_AUDIT_PIECES_H

#include "../../engine/core/game.h"
#include "../../engine/core/geom.h"

typedef struct gr_apiece {
    int side, arm, alive, broken;
    double x, y;            /* unit_info's point (table: front-edge centre) */
    int nbases;             /* 0: no bases drawn (a hex counter, or off the board) */
    gr_rect base[GR_RENDER_MAX_BASES];
    int hex;                /* 1 when it stands in a hex (col, row) */
    int col, row;
    char name[48];
    char ref[16];
} gr_apiece;

/* every unit of a position (n = ai->unit_count) */
typedef struct gr_apieces {
    int n;
    gr_apiece *u;
    gr_render_item *items;  /* scratch for render_items */
    int cap;
    int hexboard;           /* the game is played on a hex map */
} gr_apieces;

/* room for the game's units; 0 or -1 when out of memory */
int gr_apieces_init(gr_apieces *p, const gr_game *g);
void gr_apieces_free(gr_apieces *p);
/* fills p from a position; 0 or -1 when out of memory */
int gr_apieces_read(gr_apieces *p, const gr_game *g, const void *state);

/* the least distance between two units' grounds in board units (hexes
 * apart on a map); -1 when either has no ground drawn */
double gr_apiece_dist(const gr_apiece *a, const gr_apiece *b);
/* the centre of the unit's ground (its bases' centres averaged; a hex's
 * centre on a map); 0 when it has none drawn */
int gr_apiece_centre(const gr_apiece *a, gr_vec2 *c);
/* 1 when the unit has bases, with its facing (the first base's heading) */
int gr_apiece_heading(const gr_apiece *a, double *heading);
/* 1 when b's point lies ahead of a's front (a must face a way) */
int gr_apiece_ahead(const gr_apiece *a, const gr_apiece *b);

#endif
