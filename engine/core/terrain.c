/* terrain.c - spatial queries over the table's terrain pieces: which pieces a
 * footprint, a swept hull or a line of sight meets, whether a footprint lies
 * wholly inside a piece, and how far a point is from a piece.
 *
 * A polygon piece is a closed region (its boundary belongs to it). A polyline
 * piece is its centre line thickened by half its width on each side: it
 * touches a shape when the shape comes within width/2 (plus GR_EPS) of the
 * centre line. Every query is allocation-free and starts with a bounding-box
 * rejection, since the search asks them for every candidate move.
 *
 * The type names (gr_terrain_type_name and friends) live in terrain_names.c. */
#include "terrain.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

typedef struct bbox {
    double x0, y0, x1, y1;
} bbox;

static bbox bbox_of(const gr_vec2 *pts, int n)
{
    bbox b = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < n; i++) {
        if (pts[i].x < b.x0) b.x0 = pts[i].x;
        if (pts[i].x > b.x1) b.x1 = pts[i].x;
        if (pts[i].y < b.y0) b.y0 = pts[i].y;
        if (pts[i].y > b.y1) b.y1 = pts[i].y;
    }
    return b;
}

/* a piece's point bounds: kept by gr_terrain_piece_set_box, else worked out */
static bbox piece_box(const gr_terrain_piece *p)
{
    if (p->has_box) return (bbox){p->box[0], p->box[1], p->box[2], p->box[3]};
    return bbox_of(p->pts, p->npts);
}

/* true when the boxes, each grown by `margin`, cannot meet */
static bool bbox_apart(bbox a, bbox b, double margin)
{
    return a.x1 + margin < b.x0 || b.x1 + margin < a.x0 ||
           a.y1 + margin < b.y0 || b.y1 + margin < a.y0;
}

/* how far a polyline's thickened band reaches from its centre line */
static double half_width(const gr_terrain_piece *p)
{
    return 0.5 * p->width + GR_EPS;
}

static bool piece_ok(const gr_terrain_piece *p)
{
    return p && p->npts > 0 && p->npts <= GR_TERRAIN_MAX_PTS;
}

int gr_terrain_add(gr_terrain *t, const gr_terrain_piece *piece)
{
    if (!t || !piece) return -1;
    assert(t->n >= 0 && t->n <= GR_TERRAIN_MAX);
    if (t->n < 0 || t->n >= GR_TERRAIN_MAX) return -1;
    if (piece->type >= GR_T_COUNT) return -1;
    if (piece->npts > GR_TERRAIN_MAX_PTS) return -1;
    if (piece->shape == GR_SHAPE_POLYGON) {
        if (piece->npts < 3) return -1;
    } else if (piece->shape == GR_SHAPE_POLYLINE) {
        if (piece->npts < 2) return -1;
        if (!isfinite(piece->width) || piece->width < 0.0) return -1;
    } else {
        return -1;
    }
    for (int i = 0; i < piece->npts; i++)
        if (!isfinite(piece->pts[i].x) || !isfinite(piece->pts[i].y)) return -1;
    int idx = t->n++;
    t->p[idx] = *piece;
    t->p[idx].name[GR_TERRAIN_NAME - 1] = '\0';
    if (piece->shape == GR_SHAPE_POLYGON) t->p[idx].width = 0.0;
    gr_terrain_piece_set_box(&t->p[idx]);
    return idx;
}

void gr_terrain_piece_set_box(gr_terrain_piece *p)
{
    assert(p);
    bbox b = bbox_of(p->pts, p->npts);
    p->box[0] = b.x0;
    p->box[1] = b.y0;
    p->box[2] = b.x1;
    p->box[3] = b.y1;
    p->has_box = 1;
    p->has_frame = 0;
}

/* rectangle test with the rectangle's corners and box already computed */
static bool touches_corners(const gr_terrain_piece *p, const gr_vec2 c[4], bbox cb)
{
    if (!piece_ok(p)) return false;
    double margin = p->shape == GR_SHAPE_POLYLINE ? half_width(p) : GR_EPS;
    if (bbox_apart(piece_box(p), cb, margin)) return false;
    if (p->shape == GR_SHAPE_POLYLINE)
        return gr_polyline_poly_within(p->pts, p->npts, c, 4, half_width(p));
    return gr_poly_intersect(p->pts, p->npts, c, 4);
}

bool gr_terrain_piece_touches_rect(const gr_terrain_piece *p, const gr_rect *r)
{
    assert(r);
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    return touches_corners(p, c, bbox_of(c, 4));
}

static bool touches_poly_box(const gr_terrain_piece *p, const gr_vec2 *poly, int n, bbox pb)
{
    if (!piece_ok(p) || n <= 0) return false;
    double margin = p->shape == GR_SHAPE_POLYLINE ? half_width(p) : GR_EPS;
    if (bbox_apart(piece_box(p), pb, margin)) return false;
    if (p->shape == GR_SHAPE_POLYLINE)
        return gr_polyline_poly_within(p->pts, p->npts, poly, n, half_width(p));
    return gr_poly_intersect(p->pts, p->npts, poly, n);
}

bool gr_terrain_piece_touches_poly(const gr_terrain_piece *p, const gr_vec2 *poly, int n)
{
    assert(poly || n == 0);
    if (n <= 0) return false;
    return touches_poly_box(p, poly, n, bbox_of(poly, n));
}

bool gr_terrain_piece_touches_poly_boxed(const gr_terrain_piece *p, const gr_vec2 *poly, int n, const double box[4])
{
    assert(poly || n == 0);
    if (n <= 0) return false;
    return touches_poly_box(p, poly, n, (bbox){box[0], box[1], box[2], box[3]});
}

bool gr_terrain_piece_near_box(const gr_terrain_piece *p, const double box[4])
{
    if (!piece_ok(p)) return false;
    double margin = p->shape == GR_SHAPE_POLYLINE ? half_width(p) : GR_EPS;
    return !bbox_apart(piece_box(p), (bbox){box[0], box[1], box[2], box[3]}, margin);
}

bool gr_terrain_piece_contains_rect(const gr_terrain_piece *p, const gr_rect *r)
{
    assert(r);
    if (!piece_ok(p) || p->shape != GR_SHAPE_POLYGON) return false;
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    bbox pb = piece_box(p), cb = bbox_of(c, 4);
    if (cb.x0 < pb.x0 - GR_EPS || cb.x1 > pb.x1 + GR_EPS ||
        cb.y0 < pb.y0 - GR_EPS || cb.y1 > pb.y1 + GR_EPS)
        return false;
    return gr_poly_contains(p->pts, p->npts, c, 4);
}

static bool crosses_seg_box(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b, bbox sb)
{
    if (!piece_ok(p)) return false;
    double margin = p->shape == GR_SHAPE_POLYLINE ? half_width(p) : GR_EPS;
    if (bbox_apart(piece_box(p), sb, margin)) return false;
    if (p->shape == GR_SHAPE_POLYLINE) {
        double hw = half_width(p);
        if (p->npts == 1) return gr_point_seg_dist(p->pts[0], a, b) <= hw;
        for (int i = 0; i + 1 < p->npts; i++)
            if (gr_seg_seg_dist(a, b, p->pts[i], p->pts[i + 1]) <= hw) return true;
        return false;
    }
    return gr_seg_poly_intersect(a, b, p->pts, p->npts);
}

bool gr_terrain_piece_crosses_seg(const gr_terrain_piece *p, gr_vec2 a, gr_vec2 b)
{
    gr_vec2 s[2] = {a, b};
    return crosses_seg_box(p, a, b, bbox_of(s, 2));
}

double gr_terrain_piece_point_dist(const gr_terrain_piece *p, gr_vec2 q)
{
    if (!piece_ok(p)) return INFINITY;
    if (p->shape == GR_SHAPE_POLYLINE) {
        double d = gr_point_polyline_dist(p->pts, p->npts, q) - 0.5 * p->width;
        return d > 0.0 ? d : 0.0;
    }
    return gr_point_poly_dist(p->pts, p->npts, q);
}

int gr_terrain_under_rect_if(const gr_terrain *t, const gr_rect *r, bool (*keep)(const gr_terrain_piece *), int *out,
                             int max)
{
    assert(t && r && (out || max <= 0));
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    bbox cb = bbox_of(c, 4);
    int k = 0;
    for (int i = 0; i < t->n && k < max; i++)
        if ((!keep || keep(&t->p[i])) && touches_corners(&t->p[i], c, cb)) out[k++] = i;
    return k;
}

int gr_terrain_near_box_if(const gr_terrain *t, const double box[4], bool (*keep)(const gr_terrain_piece *), int *out,
                           int max)
{
    assert(t && box && (out || max <= 0));
    int k = 0;
    for (int i = 0; i < t->n && k < max; i++)
        if ((!keep || keep(&t->p[i])) && gr_terrain_piece_near_box(&t->p[i], box)) out[k++] = i;
    return k;
}

/* A piece whose box is apart from the candidates' box is apart from the box
 * of every rectangle inside it, by the same margin, and touches_corners
 * turns it away first: leaving it out changes no answer. */
int gr_terrain_under_rect_among(const gr_terrain *t, const int *cand, int ncand, const gr_rect *r, int *out, int max)
{
    assert(t && r && (cand || ncand <= 0) && (out || max <= 0));
    gr_vec2 c[4];
    gr_rect_corners(r, c);
    bbox cb = bbox_of(c, 4);
    int k = 0;
    for (int q = 0; q < ncand && k < max; q++)
        if (touches_corners(&t->p[cand[q]], c, cb)) out[k++] = cand[q];
    return k;
}

int gr_terrain_under_rect(const gr_terrain *t, const gr_rect *r, int *out, int max)
{
    return gr_terrain_under_rect_if(t, r, NULL, out, max);
}

int gr_terrain_under_poly(const gr_terrain *t, const gr_vec2 *poly, int n, int *out, int max)
{
    assert(t && (poly || n == 0) && (out || max <= 0));
    if (n <= 0) return 0;
    bbox pb = bbox_of(poly, n);
    int k = 0;
    for (int i = 0; i < t->n && k < max; i++)
        if (touches_poly_box(&t->p[i], poly, n, pb)) out[k++] = i;
    return k;
}

int gr_terrain_on_segment(const gr_terrain *t, gr_vec2 a, gr_vec2 b, int *out, int max)
{
    assert(t && (out || max <= 0));
    gr_vec2 s[2] = {a, b};
    bbox sb = bbox_of(s, 2);
    int k = 0;
    for (int i = 0; i < t->n && k < max; i++)
        if (crosses_seg_box(&t->p[i], a, b, sb)) out[k++] = i;
    return k;
}

int gr_terrain_near_line(const gr_terrain *t, gr_terrain_type type, gr_vec2 q, double tol)
{
    assert(t);
    int best = -1;
    double best_d = INFINITY;
    for (int i = 0; i < t->n; i++) {
        const gr_terrain_piece *p = &t->p[i];
        if (p->type != (unsigned)type || p->shape != GR_SHAPE_POLYLINE || !piece_ok(p))
            continue;
        double d = gr_point_polyline_dist(p->pts, p->npts, q);
        if (d <= tol && d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}
