/* svg_labels.h - the label placer of the SVG maps (svg_labset.c): given labels
 * (an anchor, a text box, a priority) and obstacles (rectangles labels keep
 * off: the pieces on the table), it puts each label where its box overlaps
 * no label placed before it, in priority order, trying a fixed list of
 * places around its anchor: the preferred place first, then rings of 16
 * places (the four sides, the four corners and the eight between) at
 * growing distance. A label that ends far from its anchor is marked for a
 * leader line; a label that may be shortened (a terrain name) is cut to
 * fewer characters, and dropped as a last resort, when no place near its
 * anchor is free; any other label is always placed, at the free place that
 * covers the least of the obstacles and of the area outside the bounds.
 *
 * Coordinates are picture pixels, y downwards. No randomness: the same
 * input gives the same output. */
#ifndef GR_SVG_LABELS_H
#define GR_SVG_LABELS_H

#include <stddef.h>

/* A rectangle: top-left corner and size, px. */
typedef struct gr_svglab_rect {
    double x, y, w, h;
} gr_svglab_rect;

/* flags of a label */
#define GR_SVGLAB_MAY_SHORTEN 1     /* may be cut to fewer characters, or dropped */

/* what became of a label */
enum {
    GR_SVGLAB_PLACED = 0,       /* whole, on no other label and no obstacle */
    GR_SVGLAB_COVERS,           /* whole, on no other label, over part of an obstacle or the bounds' edge */
    GR_SVGLAB_SHORTENED,        /* cut to `keep` characters (and an ellipsis) */
    GR_SVGLAB_DROPPED,          /* not drawn */
    GR_SVGLAB_CROWDED,          /* no free place: where it overlaps other labels least */
};

typedef struct gr_svglab_label {
    /* given */
    double ax, ay;          /* anchor: the point the label names */
    double arx, ary;        /* half extents of the thing at the anchor: places off it clear these */
    double px, py;          /* the preferred place: the box centre's offset from the anchor */
    double w, h;            /* the box, its halo included */
    int priority;           /* lower is placed first; equal priorities in input order */
    int flags;              /* GR_SVGLAB_MAY_SHORTEN */
    int nchars;             /* characters in the text (for shortening) */
    double char_w;          /* width of one character (for shortening); w - nchars * char_w is padding */
    /* given back by gr_svglab_place */
    double cx, cy;          /* the box's centre */
    double pw;              /* the box's width as placed (less than w when shortened) */
    int keep;               /* characters to draw: nchars, or fewer when shortened */
    int leader;             /* 1: the box is far from its anchor, draw a line to it */
    int fate;               /* GR_SVGLAB_PLACED ... GR_SVGLAB_CROWDED */
} gr_svglab_label;

/* Something labels keep off. `owner` is the index of the label that names
 * it (that label may lie on it), or -1. */
typedef struct gr_svglab_obstacle {
    gr_svglab_rect r;
    int owner;
} gr_svglab_obstacle;

/* Labels beyond this many in placement order are left whole at their
 * preferred places unsearched (fate GR_SVGLAB_CROWDED): the search costs
 * labels x labels x places. */
#define GR_SVGLAB_SEARCH_MAX 4000

/* Places labels[0..n) (their given fields in, the rest out). Obstacles may
 * be NULL when nobs == 0; bounds NULL or of zero size: no bounds. Placed
 * boxes are at least GR_SVGLAB_SEP apart. Returns 0, or -1 when out of
 * memory (the labels then stay at their preferred places). */
#define GR_SVGLAB_SEP 1.0
int gr_svglab_place(gr_svglab_label *labels, int n, const gr_svglab_obstacle *obs, int nobs,
                    const gr_svglab_rect *bounds);

/* The box of a placed label (its placed width, centred on cx, cy). */
gr_svglab_rect gr_svglab_box(const gr_svglab_label *l);

/* 1 when a and b share some area (touching edges do not). */
int gr_svglab_overlap(const gr_svglab_rect *a, const gr_svglab_rect *b);

/* The width of one character in a font of size fs, px: the maps' one
 * estimate of a serif face's average character, counted per byte. */
#define GR_SVGLAB_EM 0.55
/* The width of the first `max` bytes at most of `s` (NULL: 0) in a font of
 * size fs, px. */
double gr_svglab_text_w(const char *s, size_t max, double fs);

#endif
