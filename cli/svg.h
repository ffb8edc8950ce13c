/* svg.h - draws a position as an SVG picture of the board seen from above:
 * on a table, baize, terrain by type, units base by base with their front
 * edges marked, objectives, line-of-communication markers; on a hex board
 * (engine/core/hex.h), hexes coloured by terrain and numbered, hexside
 * features as lines, counters as squares in their side's colours with
 * their numbers, objectives as rings; on both, a title, legend and scale.
 *
 * It knows nothing about any ruleset: it draws gr_render_items (what every
 * ruleset's render_items hands out) over a gr_terrain or a gr_hexmap. Board
 * coordinates have y = 0 at side 0's base edge, which is drawn at the
 * BOTTOM of the picture. A zero-filled gr_svg_input is valid: every field
 * left 0/NULL takes its default (table size from the terrain or the hex
 * map, 20 px per MU on a table and 72 px per hex on a hex board, stock side
 * colours). */
#ifndef GR_SVG_H
#define GR_SVG_H

#include <stdio.h>

#include "../engine/core/error.h"
#include "../engine/core/game.h"
#include "../engine/core/hex.h"
#include "../engine/core/terrain.h"

#define GR_SVG_DEFAULT_SCALE 20.0   /* pixels per MU */
#define GR_SVG_HEX_SCALE 72.0       /* pixels per board unit (centre to centre) on a hex board */
#define GR_SVG_LOC_SIZE 2.25        /* side of a line-of-communication marker, MU */

/* A place worth holding: a star in a ring of `radius` MU. */
typedef struct gr_svg_objective {
    const char *name;       /* may be NULL */
    double x, y;            /* table coordinates, MU */
    double radius;          /* MU; <= 0 draws just the star */
    int owner;              /* 0, 1, or -1 for nobody */
} gr_svg_objective;

/* A line-of-communication point of one side (centre of the LOC square). */
typedef struct gr_svg_loc {
    int side;               /* 0 or 1 */
    double x, y;
} gr_svg_loc;

/* Where a piece went in the last move: an arrow from its centre before to
 * its centre after (table coordinates, MU; table maps only). */
typedef struct gr_svg_path {
    int side;               /* 0 or 1: the arrow's colour */
    double from[2], to[2];
} gr_svg_path;

typedef struct gr_svg_input {
    double table_w, table_h;        /* MU; 0 = take them from the terrain */
    const gr_terrain *terrain;      /* may be NULL: bare table */
    /* a hex board (gr_board.hexes): when given the board is drawn hex by
     * hex, render items with no bases stand as counters (GR_PIECE_UNIT) or
     * objective rings (GR_PIECE_MARKER) in their hex, and `objectives` and
     * `locs` (table coordinates) are not drawn */
    const gr_hexmap *hexes;
    const gr_render_item *items;    /* may be NULL when nitems == 0 */
    int nitems;
    const char *side_name[2];       /* NULL: "Side 0" / "Side 1" */
    const char *side_fill[2];       /* CSS colours; NULL: blue / cream */
    const char *side_stroke[2];     /* outline colours; NULL: dark navy / dark brown */
    const gr_svg_objective *objectives;
    int nobjectives;
    const gr_svg_loc *locs;
    int nlocs;
    const char *title;              /* scenario name; NULL: "Grognard" */
    int move;                       /* move number; <= 0 leaves it out */
    const char *phase;              /* e.g. "movement"; NULL leaves it out */
    double scale;                   /* pixels per MU (or per hex); <= 0: GR_SVG_DEFAULT_SCALE
                                       (GR_SVG_HEX_SCALE on a hex board) */
    const char *unit;               /* the table's distance unit for the scale bar ("MU", "BW"); NULL: "MU" */
    const gr_svg_path *paths;       /* the last move's arrows, drawn over the pieces, under the labels */
    int npaths;
    int base_edges;                 /* gr_base_edges: the sides' base edges named in the margins */
} gr_svg_input;

/* Writes the picture to out. Returns 0, or -1 with a message in err when the
 * input is unusable or the stream fails (a partial picture may then have
 * reached `out`; use gr_svg_write_file for an all-or-nothing file). */
int gr_svg_render(FILE *out, const gr_svg_input *in, gr_error *err);

/* A piece's outline in the picture's table group (the <g class="table">
 * whose data-scale and data-height attributes give the transform): each
 * base's corners FL, FR, RR, RL as x, y pairs, or on a hex board the
 * counter's square; centre its middle. The same geometry gr_svg_render draws.
 * Returns the polygons written (at most max; 0 when nothing is drawable). */
int gr_svg_piece_shape(const gr_svg_input *in, const gr_render_item *it, double poly[][8], int max, double centre[2]);

/* Renders into memory, then replaces `path` atomically (temporary file in the
 * same folder, fsync, rename). Returns 0, or -1 with a message; on failure
 * `path` is untouched and no temporary file is left behind. */
int gr_svg_write_file(const char *path, const gr_svg_input *in, gr_error *err);

#endif
