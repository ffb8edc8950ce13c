/* svg_draw.h - what the files of the SVG board renderer (cli/svg*.c) share:
 * the picture's context, the geometry constants more than one of them
 * uses, the small helpers, and the layers each file draws. Private to those
 * files, NOT part of the renderer's API: callers include svg.h.
 *
 * Coordinates: a board point (x, y) (MU, or board units on a hex board,
 * y = 0 at side 0's edge) is at (svg_sx(c, x), svg_sy(c, y)) px inside the
 * picture's table group, whose origin is the board's top-left corner. */
#ifndef GR_SVG_DRAW_H
#define GR_SVG_DRAW_H

#include <stdint.h>
#include <stdio.h>

#include "svg.h"
#include "svg_labels.h"

#define SVG_MARGIN_X 28.0       /* px left and right of the table */
#define SVG_CMD_STAR "#ffffff"  /* a commander's star: pale, unlike an objective's gold one */
/* a marker at least this many times as wide as it is deep is a strip on the ground (works, a pontoon): drawn as
 * its rectangle, not as a disc; earth-coloured when it belongs to no side */
#define SVG_STRIP_RATIO 2.5
#define SVG_STRIP_EARTH "#8a6a3a"
#define SVG_FRAME 9.0           /* px of wooden frame around the table */
#define SVG_GRID_MU 6.0         /* grid spacing */
#define SVG_MAX_TABLE 10000.0   /* MU: beyond this the input is nonsense */
#define SVG_PI 3.14159265358979323846

#define SVG_LAB_PAD_X 3.0       /* px round a label's text in its box: the halo and a little air */
#define SVG_LAB_PAD_Y 1.5
#define SVG_BOLD_W 1.1          /* bold text is this much wider than the estimate of svg_labels.h */

#define SVG_HEX_LEGEND 30.0     /* px more at the bottom: the terrain legend row */
#define SVG_HEX_COUNTER 0.56    /* a counter's side, in board units (hex centres are 1 apart) */
#define SVG_HEX_LOW 0.06        /* a counter sits this far below its hex's centre, under its name */

/* placement order: units first, then commanders, objectives, LOCs, terrain names */
enum { SVG_PRIO_UNIT, SVG_PRIO_CMD, SVG_PRIO_OBJECTIVE, SVG_PRIO_LOC, SVG_PRIO_TERRAIN };

typedef struct svg_ctx {
    FILE *f;
    double s;                   /* px per MU */
    double tw, th;              /* table, MU */
    const gr_hexmap *hexes;     /* a hex board, or NULL: a table */
    const char *fill[3];        /* side 0, side 1, neutral */
    const char *stroke[3];
    const char *name[2];
    const char *unit;           /* the distance unit the scale bar names */
    int paths;                  /* arrows of the last move are drawn: the legend names them */
    int base_edges;             /* gr_base_edges */
} svg_ctx;

typedef struct svg_pt {
    double x, y;
} svg_pt;

/* The labels of a table and the obstacles they keep off: the pieces, the
 * objectives' stars, the LOC squares. src[i] says what label i names. */
typedef struct svg_labset {
    gr_svglab_label *lab;
    struct { int what, idx; } *src;
    int n;
    gr_svglab_obstacle *obs;
    int nobs;
} svg_labset;

/* ---- small helpers ------------------------------------------------------- */

/* a board x or y, px in the table group */
static inline double svg_sx(const svg_ctx *c, double x) { return x * c->s; }
static inline double svg_sy(const svg_ctx *c, double y) { return (c->th - y) * c->s; }

/* the index of a side's colours: 0, 1, or 2 for anyone else */
static inline int svg_side_slot(int side) { return (side == 0 || side == 1) ? side : 2; }

/* v held to [lo, hi] */
static inline double svg_clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* the width of a NUL-terminated text in a font of size fs (svg_labels.h's estimate) */
static inline double svg_text_w(const char *s, double fs) { return gr_svglab_text_w(s, SIZE_MAX, fs); }

/* ---- svg_draw.c: primitives ------------------------------------------------ */

/* Writes at most `max` bytes of s (NULL: nothing) as XML text: escaped, control characters as spaces,
 * broken UTF-8 as '?'. */
void svg_text(FILE *f, const char *s, size_t max);
/* Writes a five-pointed star's points "x,y ..." (outer radius r, centre cx, cy, tip up). */
void svg_star_points(FILE *f, double cx, double cy, double r);
/* Opens a centred <text> at (x, y): fill over a halo stroke of width halo_w; extra (may be NULL) ends the tag. */
void svg_text_open(FILE *f, double x, double y, double size, const char *fill,
                   const char *halo, double halo_w, const char *extra);

/* ---- svg_terrain.c: a table's ground --------------------------------------- */

/* Draws the frame, the baize and its grid. */
void svg_emit_table(const svg_ctx *c);
/* Draws the terrain pieces (t may be NULL), areas by layer then lines by layer; unusable pieces are skipped. */
void svg_emit_terrain(const svg_ctx *c, const gr_terrain *t);
/* 1 when a terrain piece has enough finite points for its shape. */
int svg_piece_ok(const gr_terrain_piece *p);
/* A polygon's area centroid (n >= 1), the vertex mean when it is degenerate. */
gr_vec2 svg_centroid(const gr_vec2 *p, int n);
/* The point half way along a polyline piece. */
gr_vec2 svg_line_middle(const gr_terrain_piece *p);

/* ---- svg_pieces.c: what stands on a table ----------------------------------- */

/* Draws the objectives (zone rings, stars) and the LOC squares. */
void svg_emit_objectives(const svg_ctx *c, const gr_svg_input *in);
/* 1 when ref is a piece's reference the page can read: letters, digits and '_', not empty. */
int svg_ref_ok(const char *ref);
/* A base {x, y, facing, width, depth}'s corners FL, FR, RR, RL in px; 0 when it is not drawable. */
int svg_base_corners(const svg_ctx *c, const double *b, int kind, svg_pt out[4]);
/* An item's centre and px bounding box over its bases; 0 when it has no drawable base. */
int svg_item_box(const svg_ctx *c, const gr_render_item *it, svg_pt *ctr, svg_pt *lo, svg_pt *hi);
/* Draws an item's bases (or marker circles) in its side's colours, front edges, a commander's star. */
void svg_emit_item_body(const svg_ctx *c, const gr_render_item *it);
/* An item's label for the placer (on a unit, below anything else); 0 when no body or nothing to write. */
int svg_item_label_spec(const svg_ctx *c, const gr_render_item *it, gr_svglab_label *l);
/* Draws an item's name over its detail in the label box centred at (cx, cy). */
void svg_emit_item_text(const svg_ctx *c, const gr_render_item *it, double cx, double cy);
/* Where a worn item's spent mark goes (centre, radius); 0 when it has none. */
int svg_item_spent_at(const svg_ctx *c, const gr_render_item *it, double *x, double *y, double *r);
/* Draws an item's label at its preferred place, unplaced, and its spent mark (a hex board's pieces on bases). */
void svg_emit_item_label(const svg_ctx *c, const gr_render_item *it);
/* Draws a table's pieces: bodies, spent marks, the last move's arrows, then s's leaders and labels. */
void svg_emit_table_pieces(const svg_ctx *c, const gr_svg_input *in, const svg_labset *s);

/* ---- svg_labset.c: a table's labels ----------------------------------------- */

/* Collects and places every label of a table into s; 0, or -1 when out of memory (s then empty). */
int svg_labset_build(const svg_ctx *c, const gr_svg_input *in, svg_labset *s);
/* Frees what svg_labset_build allocated and empties s. */
void svg_labset_free(svg_labset *s);
/* Draws the leader lines of the labels placed away from what they name. */
void svg_emit_leaders(const svg_ctx *c, const svg_labset *s);
/* Draws label i of s (nothing when it was dropped) in a group carrying its box. */
void svg_emit_placed(const svg_ctx *c, const gr_svg_input *in, const svg_labset *s, int i);

/* ---- svg_margins.c: the sheet round the board ------------------------------- */

/* The legend box's width, px. */
double svg_legend_width(const svg_ctx *c);
/* The scale bar's width, px: 6 MU on a table, one hex on a hex board. */
double svg_scale_width(const svg_ctx *c);
/* Draws the title, the base edges, the scale bar and the legend round a board at (ox, oy) on a sheet W px wide. */
void svg_emit_margins(const svg_ctx *c, const gr_svg_input *in, double ox, double oy, double W);

/* ---- svg_hex.c: hex boards --------------------------------------------------- */

/* Draws the frame, the hexes by terrain with their marks, and their numbers. */
void svg_emit_hex_grid(const svg_ctx *c);
/* Draws the hexside features: roads, rivers, bridges, the others. */
void svg_emit_hexsides(const svg_ctx *c);
/* 1 with its hex's centre in px when an item without bases stands in a hex of the map. */
int svg_item_hex(const svg_ctx *c, const gr_render_item *it, svg_pt *at);
/* Draws a hex board's pieces: objective rings, counters and pieces on bases, then their labels. */
void svg_emit_hex_items(const svg_ctx *c, const gr_svg_input *in);
/* Draws a hex board's scale (one hex, how hexes are named) with its top left at (bx, by). */
void svg_emit_hex_scale(const svg_ctx *c, double bx, double by);
/* Draws the legend row naming the map's terrain and hexside features, starting at (x, y). */
void svg_emit_hex_legend(const svg_ctx *c, double x, double y);
/* 0 when a hex map is usable, else -1 with why in err. */
int svg_hexes_ok(const gr_hexmap *m, gr_error *err);

#endif
