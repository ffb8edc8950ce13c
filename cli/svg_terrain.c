/* svg_terrain.c - a table's ground: the wooden frame, the baize and its
 * grid, then the terrain pieces (svg_draw.h). Areas are laid down by layer,
 * hills first and woods and buildings last, each type in its own style
 * (patterns from the picture's defs, trees and roofs scattered inside
 * woods and towns); then the linear pieces by layer: water, roads, walls
 * and hedges, bridges and fords. Also the points the terrain's names hang
 * from (an area's centroid, a line's middle) for svg_labset.c. */
#include "svg_draw.h"

#include <math.h>
#include <stdint.h>

#define SVG_MAX_SYMBOLS 6000    /* trees / roofs drawn in one piece at most */

/* Deterministic jitter in [0, 1) from three integers (no global RNG). */
static double jitter(uint32_t a, uint32_t b, uint32_t k)
{
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u ^ k * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return (h >> 8) / 16777216.0;
}

/* Class names for terrain elements (kept here so this file needs no terrain.c). */
static const char *type_class(int t)
{
    static const char *const names[GR_T_COUNT] = {
        "open", "fields", "brush", "open-wood", "dense-wood", "marsh", "gentle-hill",
        "steep-hill", "lake", "rocky", "building", "gully", "fortification", "soft-ground",
        "road", "river", "stream", "wall", "hedge", "bridge", "ford",
    };
    return (t >= 0 && t < GR_T_COUNT) ? names[t] : "unknown";
}

static int finite_pts(const gr_vec2 *p, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(p[i].x) || !isfinite(p[i].y)) return 0;
    return 1;
}

/* Area centroid of a polygon, falling back to the vertex mean when degenerate. */
gr_vec2 svg_centroid(const gr_vec2 *p, int n)
{
    double a = 0, cx = 0, cy = 0, mx = 0, my = 0;
    for (int i = 0; i < n; i++) {
        const gr_vec2 *p0 = &p[i], *p1 = &p[(i + 1) % n];
        double cr = p0->x * p1->y - p1->x * p0->y;
        a += cr;
        cx += (p0->x + p1->x) * cr;
        cy += (p0->y + p1->y) * cr;
        mx += p0->x;
        my += p0->y;
    }
    gr_vec2 r;
    if (fabs(a) > 1e-9) {
        r.x = cx / (3.0 * a);
        r.y = cy / (3.0 * a);
    } else {
        r.x = mx / n;
        r.y = my / n;
    }
    return r;
}

static int point_in_poly(const gr_vec2 *p, int n, double x, double y)
{
    int in = 0;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((p[i].y > y) != (p[j].y > y)) {
            double xc = p[j].x + (y - p[j].y) * (p[i].x - p[j].x) / (p[i].y - p[j].y);
            if (x < xc) in = !in;
        }
    }
    return in;
}

/* points="..." of a polygon shrunk by factor k toward `ctr` (k = 1: as is). */
static void poly_points(const svg_ctx *c, const gr_vec2 *p, int n, gr_vec2 ctr, double k)
{
    for (int i = 0; i < n; i++) {
        double x = ctr.x + (p[i].x - ctr.x) * k, y = ctr.y + (p[i].y - ctr.y) * k;
        fprintf(c->f, "%s%.1f,%.1f", i ? " " : "", svg_sx(c, x), svg_sy(c, y));
    }
}

/* ---- table, grid, frame ----------------------------------------------------- */

void svg_emit_table(const svg_ctx *c)
{
    FILE *f = c->f;
    double w = c->tw * c->s, h = c->th * c->s;
    fprintf(f, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
               "rx=\"4\" fill=\"#6b4a2b\" stroke=\"#3f2a16\" stroke-width=\"1.5\"/>\n",
            -SVG_FRAME, -SVG_FRAME, w + 2 * SVG_FRAME, h + 2 * SVG_FRAME);
    fprintf(f, "<rect class=\"baize\" x=\"0\" y=\"0\" width=\"%.1f\" height=\"%.1f\" "
               "fill=\"url(#gr-baize)\" stroke=\"#4f6b34\" stroke-width=\"1\"/>\n", w, h);
    fputs("<g class=\"grid\" stroke=\"#ffffff\" stroke-opacity=\"0.16\" stroke-width=\"1\">\n", f);
    for (double x = SVG_GRID_MU; x < c->tw - 1e-9; x += SVG_GRID_MU)
        fprintf(f, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.1f\"/>\n", svg_sx(c, x), svg_sx(c, x), h);
    for (double y = SVG_GRID_MU; y < c->th - 1e-9; y += SVG_GRID_MU)
        fprintf(f, "<line x1=\"0\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", svg_sy(c, y), w, svg_sy(c, y));
    fputs("</g>\n", f);
}

/* ---- terrain ------------------------------------------------------------- */

/* Trees (or roofs) scattered on a jittered grid inside the polygon, clipped to it. */
static void scatter(const svg_ctx *c, const gr_terrain_piece *p, int idx, double step,
                    int roofs, int dense)
{
    FILE *f = c->f;
    double x0 = p->pts[0].x, x1 = x0, y0 = p->pts[0].y, y1 = y0;
    for (int i = 1; i < p->npts; i++) {
        x0 = fmin(x0, p->pts[i].x); x1 = fmax(x1, p->pts[i].x);
        y0 = fmin(y0, p->pts[i].y); y1 = fmax(y1, p->pts[i].y);
    }
    x0 = fmax(x0, 0); y0 = fmax(y0, 0);
    x1 = fmin(x1, c->tw); y1 = fmin(y1, c->th);
    if (x1 <= x0 || y1 <= y0) return;
    /* keep the symbol count bounded on huge pieces */
    while ((x1 - x0) / step * (y1 - y0) / step > SVG_MAX_SYMBOLS) step *= 1.5;

    fprintf(f, "<clipPath id=\"gr-clip-%d\"><polygon points=\"", idx);
    gr_vec2 ctr = {0, 0};
    poly_points(c, p->pts, p->npts, ctr, 1.0);
    fprintf(f, "\"/></clipPath>\n<g clip-path=\"url(#gr-clip-%d)\">\n", idx);
    int nx = (int)ceil((x1 - x0) / step), ny = (int)ceil((y1 - y0) / step);
    for (int j = 0; j <= ny; j++) {
        for (int i = 0; i <= nx; i++) {
            double x = x0 + (i + 0.15 + 0.7 * jitter((uint32_t)idx, (uint32_t)(i * 977 + j), 1)) * step;
            double y = y0 + (j + 0.15 + 0.7 * jitter((uint32_t)idx, (uint32_t)(i * 977 + j), 2)) * step;
            if (!point_in_poly(p->pts, p->npts, x, y)) continue;
            double X = svg_sx(c, x), Y = svg_sy(c, y);
            if (roofs) {
                double rw = step * c->s * (0.45 + 0.25 * jitter((uint32_t)idx, (uint32_t)i, (uint32_t)j));
                double rh = rw * 0.6;
                double rot = 90.0 * (jitter((uint32_t)j, (uint32_t)i, (uint32_t)idx) < 0.5);
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                           "fill=\"#a4442c\" stroke=\"#5e2414\" stroke-width=\"0.8\" "
                           "transform=\"rotate(%.0f %.1f %.1f)\"/>\n",
                        X - rw / 2, Y - rh / 2, rw, rh, rot, X, Y);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#6e2a18\" "
                           "stroke-width=\"0.7\" transform=\"rotate(%.0f %.1f %.1f)\"/>\n",
                        X - rw / 2, Y, X + rw / 2, Y, rot, X, Y);
            } else {
                double r = step * c->s * (dense ? 0.5 : 0.32) *
                           (0.8 + 0.4 * jitter((uint32_t)i, (uint32_t)j, (uint32_t)idx));
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                           "stroke-width=\"0.8\"/>\n",
                        X, Y, r, dense ? "#2f5a22" : "#5d8c3a", dense ? "#1c3a14" : "#3c6626");
                /* a highlight so each crown reads as a tree from above */
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
                        X - r * 0.3, Y - r * 0.3, r * 0.4, dense ? "#40732f" : "#79a952");
            }
        }
    }
    fputs("</g>\n", f);
}

static void area_poly(const svg_ctx *c, const gr_terrain_piece *p, const char *fill,
                      const char *stroke, double sw, const char *extra)
{
    gr_vec2 ctr = {0, 0};
    fprintf(c->f, "<polygon class=\"terrain %s\" points=\"",
            type_class(p->type));
    poly_points(c, p->pts, p->npts, ctr, 1.0);
    fprintf(c->f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linejoin=\"round\"%s/>\n",
            fill, stroke, sw, extra ? extra : "");
}

/* Draws one polygon piece in its type's style. */
static void emit_area(const svg_ctx *c, const gr_terrain_piece *p, int idx)
{
    gr_vec2 ctr = svg_centroid(p->pts, p->npts);
    FILE *f = c->f;
    switch (p->type) {
    case GR_T_OPEN:
        area_poly(c, p, "#89ad64", "#6d8f4b", 0.8, " stroke-dasharray=\"4 3\"");
        break;
    case GR_T_FIELDS:
        area_poly(c, p, "url(#gr-furrow)", "#8f7746", 1.4, NULL);
        break;
    case GR_T_BRUSH:
        area_poly(c, p, "url(#gr-brush)", "#5c6a2c", 1.2, " stroke-dasharray=\"3 2\"");
        break;
    case GR_T_OPEN_WOOD:
        area_poly(c, p, "#93bd62", "#4c7a2f", 1.6, NULL);
        scatter(c, p, idx, 1.9, 0, 0);
        break;
    case GR_T_DENSE_WOOD:
        area_poly(c, p, "#3d6b2a", "#1d3a13", 2.0, NULL);
        scatter(c, p, idx, 1.15, 0, 1);
        break;
    case GR_T_MARSH:
        area_poly(c, p, "url(#gr-marsh)", "#3d6c5c", 1.2, NULL);
        break;
    case GR_T_GENTLE_HILL:
    case GR_T_STEEP_HILL: {
        int steep = p->type == GR_T_STEEP_HILL;
        static const char *const gentle_fill[] = {"#bca36e", "#c8b07c", "#d3bd8b"};
        static const char *const steep_fill[] = {"#9c7b4b", "#ab8a58", "#ba9a67", "#c9ab78"};
        int rings = steep ? 4 : 3;
        for (int r = 0; r < rings; r++) {
            double k = 1.0 - (double)r / rings;
            fprintf(f, "<polygon class=\"%s\" points=\"", r ? "contour" : "terrain hill");
            poly_points(c, p->pts, p->npts, ctr, k);
            fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.1f\" "
                       "stroke-linejoin=\"round\"/>\n",
                    steep ? steep_fill[r] : gentle_fill[r], steep ? "#5e421f" : "#8a6c3d",
                    r ? 1.0 : (steep ? 2.0 : 1.4));
        }
        break;
    }
    case GR_T_LAKE:
        area_poly(c, p, "#5a8fc8", "#2c5c92", 2.0, NULL);
        fputs("<polygon class=\"shore\" points=\"", f);
        poly_points(c, p->pts, p->npts, ctr, 0.82);
        fputs("\" fill=\"none\" stroke=\"#8dbbe6\" stroke-width=\"1\" stroke-opacity=\"0.7\"/>\n", f);
        break;
    case GR_T_ROCKY:
        area_poly(c, p, "url(#gr-rocky)", "#55524a", 1.6, NULL);
        break;
    case GR_T_BUILDING:
        area_poly(c, p, "#cbc6ba", "#6e695f", 1.2, NULL);
        scatter(c, p, idx, 1.6, 1, 0);
        break;
    case GR_T_GULLY:
        area_poly(c, p, "url(#gr-gully)", "#5a3d20", 1.8, " stroke-dasharray=\"5 2\"");
        break;
    case GR_T_FORTIFICATION:
        area_poly(c, p, "url(#gr-fort)", "#4a341d", 2.6, NULL);
        break;
    case GR_T_SOFT_GROUND:
        area_poly(c, p, "url(#gr-soft)", "#66623a", 1.0, " stroke-dasharray=\"2 2\"");
        break;
    default:    /* a linear type given as a polygon, or an unknown type */
        area_poly(c, p, "#b0b0a0", "#606058", 1.0, " fill-opacity=\"0.6\"");
        break;
    }
}

/* Order in which area types are laid down: hills under everything, woods
 * and towns on top. */
static int area_layer(int type)
{
    switch (type) {
    case GR_T_GENTLE_HILL: return 0;
    case GR_T_STEEP_HILL: return 1;
    case GR_T_LAKE: return 3;
    case GR_T_FORTIFICATION: return 4;
    case GR_T_OPEN_WOOD: case GR_T_DENSE_WOOD: return 5;
    case GR_T_BUILDING: return 6;
    default: return 2;
    }
}
#define SVG_AREA_LAYERS 7

static void path_d(const svg_ctx *c, const gr_terrain_piece *p)
{
    for (int i = 0; i < p->npts; i++)
        fprintf(c->f, "%s%.1f %.1f", i ? " L" : "M", svg_sx(c, p->pts[i].x), svg_sy(c, p->pts[i].y));
}

/* One stroke along a polyline piece. */
static void stroke_line(const svg_ctx *c, const gr_terrain_piece *p, const char *cls,
                        const char *colour, double w, const char *cap, const char *extra)
{
    fprintf(c->f, "<path class=\"%s\" d=\"", cls);
    path_d(c, p);
    fprintf(c->f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linecap=\"%s\" "
                  "stroke-linejoin=\"round\"%s/>\n",
            colour, w, cap, extra ? extra : "");
}

/* Which linear pass a type belongs to: 0 water, 1 roads, 2 walls and hedges,
 * 3 bridges and fords. */
static int line_layer(int type)
{
    switch (type) {
    case GR_T_RIVER: case GR_T_STREAM: return 0;
    case GR_T_ROAD: return 1;
    case GR_T_BRIDGE: case GR_T_FORD: return 3;
    default: return 2;
    }
}
#define SVG_LINE_LAYERS 4

static void emit_line(const svg_ctx *c, const gr_terrain_piece *p)
{
    double s = c->s, pw = (isfinite(p->width) && p->width > 0) ? fmin(p->width, 100.0) * s : 0;
    const char *cls = type_class(p->type);
    char extra[96];
    switch (p->type) {
    case GR_T_ROAD: {
        double w = fmax(pw, 2.5);
        stroke_line(c, p, "road-edge", "#7a5a34", w + 2.0, "round", NULL);
        stroke_line(c, p, cls, "#caa974", w, "round", NULL);
        break;
    }
    case GR_T_RIVER: {
        double w = fmax(pw, 4.0);
        stroke_line(c, p, "bank", "#2b5b8f", w + 3.0, "round", NULL);
        stroke_line(c, p, cls, "#4f86c2", w, "round", NULL);
        stroke_line(c, p, "current", "#86b6e4", w * 0.25, "round", " stroke-opacity=\"0.7\"");
        break;
    }
    case GR_T_STREAM: {
        double w = fmax(pw, 2.0);
        stroke_line(c, p, "bank", "#2f6298", w + 2.0, "round", NULL);
        stroke_line(c, p, cls, "#5e97cf", w, "round", NULL);
        break;
    }
    case GR_T_WALL: {
        double w = fmax(pw, 2.5);
        stroke_line(c, p, "wall-edge", "#4f4d48", w + 1.6, "butt", NULL);
        stroke_line(c, p, cls, "#a19d94", w, "butt", NULL);
        break;
    }
    case GR_T_HEDGE: {
        double w = fmax(pw, 3.0);
        stroke_line(c, p, cls, "#2e5a21", w, "round", NULL);
        snprintf(extra, sizeof extra, " stroke-dasharray=\"0 %.1f\"", w * 1.1);
        stroke_line(c, p, "hedge-bush", "#1a3a10", w * 1.15, "round", extra);
        break;
    }
    case GR_T_BRIDGE: {
        double w = fmax(pw, 0.8 * s);
        stroke_line(c, p, "parapet", "#3b2814", w + 4.0, "butt", NULL);
        stroke_line(c, p, cls, "#9a6f3f", w, "butt", NULL);
        snprintf(extra, sizeof extra, " stroke-dasharray=\"1 %.1f\"", fmax(3.0, 0.25 * s));
        stroke_line(c, p, "planks", "#6e4c27", w, "butt", extra);
        break;
    }
    case GR_T_FORD: {
        double w = fmax(pw, 3.0);
        stroke_line(c, p, cls, "#cfe9fa", w, "butt", " stroke-dasharray=\"6 4\" stroke-opacity=\"0.9\"");
        break;
    }
    default: {  /* an area type given as a polyline */
        double w = fmax(pw, 2.0);
        stroke_line(c, p, cls, "#606058", w, "round", NULL);
        break;
    }
    }
}

/* The point half way along a polyline. */
gr_vec2 svg_line_middle(const gr_terrain_piece *p)
{
    double total = 0;
    for (int i = 1; i < p->npts; i++)
        total += hypot(p->pts[i].x - p->pts[i - 1].x, p->pts[i].y - p->pts[i - 1].y);
    double half = total / 2, run = 0;
    for (int i = 1; i < p->npts; i++) {
        double l = hypot(p->pts[i].x - p->pts[i - 1].x, p->pts[i].y - p->pts[i - 1].y);
        if (run + l >= half && l > 0) {
            double t = (half - run) / l;
            gr_vec2 r = {p->pts[i - 1].x + t * (p->pts[i].x - p->pts[i - 1].x),
                         p->pts[i - 1].y + t * (p->pts[i].y - p->pts[i - 1].y)};
            return r;
        }
        run += l;
    }
    return p->pts[0];
}

int svg_piece_ok(const gr_terrain_piece *p)
{
    if (p->npts < 2 || p->npts > GR_TERRAIN_MAX_PTS) return 0;
    if (p->shape == GR_SHAPE_POLYGON && p->npts < 3) return 0;
    return finite_pts(p->pts, p->npts);
}

void svg_emit_terrain(const svg_ctx *c, const gr_terrain *t)
{
    FILE *f = c->f;
    int n = t ? t->n : 0;
    if (n < 0) n = 0;
    if (n > GR_TERRAIN_MAX) n = GR_TERRAIN_MAX;
    fputs("<g class=\"terrain-areas\">\n", f);
    for (int layer = 0; layer < SVG_AREA_LAYERS; layer++)
        for (int i = 0; i < n; i++) {
            const gr_terrain_piece *p = &t->p[i];
            if (svg_piece_ok(p) && p->shape == GR_SHAPE_POLYGON && area_layer(p->type) == layer)
                emit_area(c, p, i);
        }
    fputs("</g>\n<g class=\"terrain-lines\">\n", f);
    for (int layer = 0; layer < SVG_LINE_LAYERS; layer++)
        for (int i = 0; i < n; i++) {
            const gr_terrain_piece *p = &t->p[i];
            if (svg_piece_ok(p) && p->shape != GR_SHAPE_POLYGON && line_layer(p->type) == layer)
                emit_line(c, p);
        }
    fputs("</g>\n", f);
}
