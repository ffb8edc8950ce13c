/* svg.c - the SVG board renderer declared in svg.h.
 *
 * Layout: a parchment sheet with a title band on top and a band at the
 * bottom for side 0's edge label, the scale bar and the legend. The board
 * sits between them inside a wooden frame; everything on the board is drawn
 * in a group translated to the board's top-left corner, so a board point
 * (x, y) is at (x * scale, (table_h - y) * scale) inside that group.
 *
 * Layers of a table, bottom to top: baize and grid, terrain areas (hills
 * first, woods and buildings last), water, roads, walls and hedges, bridges
 * and fords, objectives and LOC markers, units, leader lines, labels. The
 * labels of a table (units' and commanders' names with their details,
 * terrain names, objective names, "LOC") are collected first and placed by
 * svg_labels.h clear of each other and of the pieces; each is drawn in a
 * group whose data-box attribute gives the box it was placed in.
 * Layers of a hex board: hexes by terrain with their marks, outlines and
 * numbers, roads, rivers, bridges, objective rings, counters, labels; and a
 * second legend row naming the terrain and the hexside features. All text goes
 * through svg_text, which escapes XML and repairs broken UTF-8 (labels are
 * fixed-size char arrays, so a name can be cut inside a multibyte sequence). */
#include "svg.h"
#include "svg_labels.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SVG_MARGIN_X 28.0       /* px left and right of the table */
#define SVG_TOP 64.0            /* px above the table: title and side 1 edge */
#define SVG_BOTTOM 78.0         /* px below: side 0 edge, scale bar, legend */
#define SVG_CMD_STAR "#ffffff"  /* a commander's star: pale, unlike an objective's gold one */
#define SVG_MIN_WIDTH 560.0     /* px, so the bottom band always fits */
#define SVG_FRAME 9.0           /* px of wooden frame around the table */
#define SVG_GRID_MU 6.0         /* grid spacing */
#define SVG_MAX_TABLE 10000.0   /* MU: beyond this the input is nonsense */
#define SVG_MAX_SCALE 1000.0
#define SVG_MAX_ITEMS 100000
#define SVG_MAX_SYMBOLS 6000    /* trees / roofs drawn in one piece at most */
#define SVG_PI 3.14159265358979323846

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
} svg_ctx;

typedef struct svg_pt {
    double x, y;
} svg_pt;

/* ---- small helpers ------------------------------------------------------- */

static double sx(const svg_ctx *c, double x) { return x * c->s; }
static double sy(const svg_ctx *c, double y) { return (c->th - y) * c->s; }

static int side_slot(int side) { return (side == 0 || side == 1) ? side : 2; }

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* the width of a NUL-terminated text in a font of size fs (svg_labels.h's estimate) */
static double text_w(const char *s, double fs) { return gr_svglab_text_w(s, SIZE_MAX, fs); }

/* Length of the valid UTF-8 sequence at s (at most `avail` bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;       /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else return 0;
    if (n > avail) return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return n;
}

/* Writes at most `max` bytes of s as XML character data / attribute text. */
static void svg_text(FILE *f, const char *s, size_t max)
{
    if (!s) return;
    size_t len = strnlen(s, max);
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned char ch = u[i];
        if (ch < 0x80) {
            switch (ch) {
            case '&': fputs("&amp;", f); break;
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '"': fputs("&quot;", f); break;
            case '\'': fputs("&apos;", f); break;
            default: fputc(ch < 0x20 ? ' ' : ch, f); break;
            }
            i++;
            continue;
        }
        size_t n = utf8_len(u + i, len - i);
        if (n == 0) {
            fputc('?', f);
            i++;
        } else {
            fwrite(u + i, 1, n, f);
            i += n;
        }
    }
}

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
static gr_vec2 centroid(const gr_vec2 *p, int n)
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
        fprintf(c->f, "%s%.1f,%.1f", i ? " " : "", sx(c, x), sy(c, y));
    }
}

static void star_points(FILE *f, double cx, double cy, double r)
{
    for (int i = 0; i < 10; i++) {
        double a = -SVG_PI / 2 + i * SVG_PI / 5;
        double rr = (i % 2) ? r * 0.42 : r;
        fprintf(f, "%s%.1f,%.1f", i ? " " : "", cx + rr * cos(a), cy + rr * sin(a));
    }
}

/* Text with a halo: fill colour over a round-joined stroke painted first. */
static void text_open(FILE *f, double x, double y, double size, const char *fill,
                      const char *halo, double halo_w, const char *extra)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"%.1f\" stroke-linejoin=\"round\" paint-order=\"stroke\" "
               "text-anchor=\"middle\"%s>",
            x, y, size, fill, halo, halo_w, extra ? extra : "");
}

/* ---- defs: patterns ------------------------------------------------------- */

static void emit_defs(const svg_ctx *c)
{
    FILE *f = c->f;
    fputs("<defs>\n", f);
    /* baize: a faint mottling so the cloth is not a flat colour */
    fputs("<pattern id=\"gr-baize\" width=\"23\" height=\"19\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"23\" height=\"19\" fill=\"#7fa35b\"/>"
          "<circle cx=\"4\" cy=\"5\" r=\"3\" fill=\"#86aa61\" opacity=\"0.6\"/>"
          "<circle cx=\"16\" cy=\"13\" r=\"4\" fill=\"#789b55\" opacity=\"0.5\"/>"
          "<circle cx=\"19\" cy=\"3\" r=\"2\" fill=\"#84a85f\" opacity=\"0.5\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-furrow\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" "
          "patternTransform=\"rotate(28)\">"
          "<rect width=\"7\" height=\"7\" fill=\"#d6c185\"/>"
          "<line x1=\"0\" y1=\"3.5\" x2=\"7\" y2=\"3.5\" stroke=\"#b49a5c\" stroke-width=\"1.6\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-brush\" width=\"14\" height=\"13\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"14\" height=\"13\" fill=\"#95a257\"/>"
          "<circle cx=\"3\" cy=\"3\" r=\"1.8\" fill=\"#6c7a35\"/>"
          "<circle cx=\"10\" cy=\"7\" r=\"1.5\" fill=\"#6c7a35\"/>"
          "<circle cx=\"5\" cy=\"10.5\" r=\"1.2\" fill=\"#76843c\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-marsh\" width=\"16\" height=\"12\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"16\" height=\"12\" fill=\"#6f9b8c\"/>"
          "<line x1=\"9\" y1=\"10\" x2=\"15\" y2=\"10\" stroke=\"#a8cfd3\" stroke-width=\"1\"/>"
          "<path d=\"M2 8 l1 -4 M3.5 8 v-5 M5 8 l1 -4\" stroke=\"#2d5a46\" stroke-width=\"0.9\" "
          "fill=\"none\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-rocky\" width=\"15\" height=\"15\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"15\" height=\"15\" fill=\"#a29e93\"/>"
          "<path d=\"M2 4 l3 -2 l2 2 l-2 2 z M9 11 l3 -1 l1 3 l-3 1 z M10 3 l2 0 l1 2 l-2 1 z\" "
          "fill=\"#77736a\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-soft\" width=\"9\" height=\"9\" patternUnits=\"userSpaceOnUse\">"
          "<rect width=\"9\" height=\"9\" fill=\"#8f8d59\"/>"
          "<circle cx=\"2\" cy=\"2\" r=\"0.9\" fill=\"#6c6838\"/>"
          "<circle cx=\"6.5\" cy=\"6\" r=\"0.9\" fill=\"#6c6838\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-gully\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
          "patternTransform=\"rotate(-40)\">"
          "<rect width=\"6\" height=\"6\" fill=\"#9d7c52\"/>"
          "<line x1=\"0\" y1=\"3\" x2=\"6\" y2=\"3\" stroke=\"#7b5b36\" stroke-width=\"1.2\"/>"
          "</pattern>\n", f);
    fputs("<pattern id=\"gr-fort\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
          "patternTransform=\"rotate(45)\">"
          "<rect width=\"6\" height=\"6\" fill=\"#a48659\"/>"
          "<line x1=\"0\" y1=\"3\" x2=\"6\" y2=\"3\" stroke=\"#7f6440\" stroke-width=\"1.5\"/>"
          "</pattern>\n", f);
    /* broken units: the side colour striped with grey */
    for (int i = 0; i < 3; i++) {
        fprintf(f, "<pattern id=\"gr-broken-%d\" width=\"6\" height=\"6\" "
                   "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
                   "<rect width=\"6\" height=\"6\" fill=\"#8d8d8d\"/>"
                   "<rect width=\"6\" height=\"3\" fill=\"", i);
        svg_text(f, c->fill[i], 64);
        fputs("\" opacity=\"0.75\"/></pattern>\n", f);
    }
    /* the last move's arrowheads, one per side's outline colour */
    for (int i = 0; i < 3 && c->paths; i++) {
        fprintf(f, "<marker id=\"gr-arrow-%d\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" "
                   "markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0 L10 5 L0 10 z\" fill=\"", i);
        svg_text(f, c->stroke[i], 64);
        fputs("\"/></marker>\n", f);
    }
    fputs("</defs>\n", f);
}

/* ---- table, grid, frame ----------------------------------------------------- */

static void emit_table(const svg_ctx *c)
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
        fprintf(f, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.1f\"/>\n", sx(c, x), sx(c, x), h);
    for (double y = SVG_GRID_MU; y < c->th - 1e-9; y += SVG_GRID_MU)
        fprintf(f, "<line x1=\"0\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", sy(c, y), w, sy(c, y));
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
            double X = sx(c, x), Y = sy(c, y);
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
    gr_vec2 ctr = centroid(p->pts, p->npts);
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
        fprintf(c->f, "%s%.1f %.1f", i ? " L" : "M", sx(c, p->pts[i].x), sy(c, p->pts[i].y));
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
static gr_vec2 line_middle(const gr_terrain_piece *p)
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

static int piece_ok(const gr_terrain_piece *p)
{
    if (p->npts < 2 || p->npts > GR_TERRAIN_MAX_PTS) return 0;
    if (p->shape == GR_SHAPE_POLYGON && p->npts < 3) return 0;
    return finite_pts(p->pts, p->npts);
}

static void emit_terrain(const svg_ctx *c, const gr_terrain *t)
{
    FILE *f = c->f;
    int n = t ? t->n : 0;
    if (n < 0) n = 0;
    if (n > GR_TERRAIN_MAX) n = GR_TERRAIN_MAX;
    fputs("<g class=\"terrain-areas\">\n", f);
    for (int layer = 0; layer < SVG_AREA_LAYERS; layer++)
        for (int i = 0; i < n; i++) {
            const gr_terrain_piece *p = &t->p[i];
            if (piece_ok(p) && p->shape == GR_SHAPE_POLYGON && area_layer(p->type) == layer)
                emit_area(c, p, i);
        }
    fputs("</g>\n<g class=\"terrain-lines\">\n", f);
    for (int layer = 0; layer < SVG_LINE_LAYERS; layer++)
        for (int i = 0; i < n; i++) {
            const gr_terrain_piece *p = &t->p[i];
            if (piece_ok(p) && p->shape != GR_SHAPE_POLYGON && line_layer(p->type) == layer)
                emit_line(c, p);
        }
    fputs("</g>\n", f);
}

/* ---- objectives and lines of communication --------------------------------- */

static void emit_objectives(const svg_ctx *c, const gr_svg_input *in)
{
    FILE *f = c->f;
    fputs("<g class=\"objectives\">\n", f);
    for (int i = 0; i < in->nobjectives; i++) {
        const gr_svg_objective *o = &in->objectives[i];
        if (!isfinite(o->x) || !isfinite(o->y)) continue;
        int slot = side_slot(o->owner);
        const char *ring = slot == 2 ? "#d4a017" : c->fill[slot];
        double X = sx(c, o->x), Y = sy(c, o->y);
        if (isfinite(o->radius) && o->radius > 0)
            fprintf(f, "<circle class=\"objective-zone\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
                       "fill=\"%s\" fill-opacity=\"0.15\" stroke=\"%s\" stroke-width=\"2\" "
                       "stroke-dasharray=\"6 4\"/>\n",
                    X, Y, fmin(o->radius, SVG_MAX_TABLE) * c->s, ring,
                    slot == 2 ? "#9a7409" : c->stroke[slot]);
        double r = fmax(0.6 * c->s, 7);
        fputs("<polygon class=\"objective\" points=\"", f);
        star_points(f, X, Y, r);
        fprintf(f, "\" fill=\"%s\" stroke=\"#2a1f00\" stroke-width=\"1.2\"/>\n",
                slot == 2 ? "#f2c230" : c->fill[slot]);
    }
    for (int i = 0; i < in->nlocs; i++) {
        const gr_svg_loc *l = &in->locs[i];
        if (!isfinite(l->x) || !isfinite(l->y)) continue;
        int slot = side_slot(l->side);
        double half = GR_SVG_LOC_SIZE * c->s / 2, X = sx(c, l->x), Y = sy(c, l->y);
        fprintf(f, "<rect class=\"loc\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                   "fill=\"%s\" fill-opacity=\"0.45\" stroke=\"%s\" stroke-width=\"2\" "
                   "stroke-dasharray=\"5 3\"/>\n",
                X - half, Y - half, 2 * half, 2 * half, c->fill[slot], c->stroke[slot]);
    }
    fputs("</g>\n", f);
}

/* ---- units ------------------------------------------------------------------ */

/* a piece's reference as the page reads it: letters, digits and '_' only */
static int ref_ok(const char *ref)
{
    if (!ref[0]) return 0;
    for (const char *p = ref; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_') return 0;
    return 1;
}

/* The four corners of a base in picture coordinates: FL, FR, RR, RL. */
static int base_corners(const svg_ctx *c, const double *b, int kind, svg_pt out[4])
{
    for (int k = 0; k < 5; k++)
        if (!isfinite(b[k])) return 0;
    double w = fmin(b[3], SVG_MAX_TABLE), d = fmin(b[4], SVG_MAX_TABLE);
    if (kind != 0 && (w <= 0 || d <= 0)) w = d = 1.0;
    if (w < 0 || d < 0) return 0;
    double fx = cos(b[2]), fy = sin(b[2]);  /* facing */
    double rx = fy, ry = -fx;               /* to the unit's right */
    double cx[4], cy[4];
    cx[0] = b[0] - rx * w / 2; cy[0] = b[1] - ry * w / 2;
    cx[1] = b[0] + rx * w / 2; cy[1] = b[1] + ry * w / 2;
    cx[2] = cx[1] - fx * d;    cy[2] = cy[1] - fy * d;
    cx[3] = cx[0] - fx * d;    cy[3] = cy[0] - fy * d;
    for (int k = 0; k < 4; k++) {
        out[k].x = sx(c, cx[k]);
        out[k].y = sy(c, cy[k]);
    }
    return 1;
}

/* Centre and picture bounding box of an item; 0 when it has no drawable base. */
static int item_box(const svg_ctx *c, const gr_render_item *it, svg_pt *ctr, svg_pt *lo, svg_pt *hi)
{
    int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases, used = 0;
    double mx = 0, my = 0;
    lo->x = lo->y = INFINITY;
    hi->x = hi->y = -INFINITY;
    for (int b = 0; b < nb; b++) {
        svg_pt q[4];
        if (!base_corners(c, it->base[b], it->kind, q)) continue;
        for (int k = 0; k < 4; k++) {
            lo->x = fmin(lo->x, q[k].x); lo->y = fmin(lo->y, q[k].y);
            hi->x = fmax(hi->x, q[k].x); hi->y = fmax(hi->y, q[k].y);
            mx += q[k].x / 4;
            my += q[k].y / 4;
        }
        used++;
    }
    if (!used) return 0;
    ctr->x = mx / used;
    ctr->y = my / used;
    return 1;
}

static void emit_item_body(const svg_ctx *c, const gr_render_item *it)
{
    FILE *f = c->f;
    int slot = side_slot(it->side);
    int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases;
    char fill[40];
    if (it->broken) snprintf(fill, sizeof fill, "url(#gr-broken-%d)", slot);
    else snprintf(fill, sizeof fill, "%s", c->fill[slot]);
    const char *kind = it->kind == 1 ? "commander" : it->kind == 2 ? "marker" : "unit";
    fprintf(f, "<g class=\"%s%s\" data-side=\"%d\"", kind, it->broken ? " broken" : "", slot == 2 ? -1 : slot);
    if (ref_ok(it->ref)) fprintf(f, " data-ref=\"%s\"", it->ref);
    fputs(">\n", f);
    double fw = clampd(0.14 * c->s, 2.0, 5.0);
    for (int b = 0; b < nb; b++) {
        svg_pt q[4];
        if (!base_corners(c, it->base[b], it->kind, q)) continue;
        if (it->kind == 2) {
            double r = fmax(0.3, fmin(it->base[b][3], it->base[b][4]) / 2) * c->s;
            fprintf(f, "<circle class=\"marker\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" "
                       "stroke=\"%s\" stroke-width=\"1.2\"/>\n",
                    (q[0].x + q[2].x) / 2, (q[0].y + q[2].y) / 2, fmin(r, 50 * c->s), fill,
                    c->stroke[slot]);
            continue;
        }
        fprintf(f, "<polygon class=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                   "fill=\"%s\" stroke=\"%s\" stroke-width=\"1\" stroke-linejoin=\"round\"/>\n",
                it->kind == 1 ? "cmd" : "base", q[0].x, q[0].y, q[1].x, q[1].y, q[2].x, q[2].y,
                q[3].x, q[3].y, fill, c->stroke[slot]);
        fprintf(f, "<line class=\"front\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                   "stroke=\"#161616\" stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
                q[0].x, q[0].y, q[1].x, q[1].y, fw);
        if (it->kind == 1) {
            double side = fmin(hypot(q[1].x - q[0].x, q[1].y - q[0].y),
                               hypot(q[2].x - q[1].x, q[2].y - q[1].y));
            fputs("<polygon class=\"cmd-star\" points=\"", f);
            star_points(f, (q[0].x + q[2].x) / 2, (q[0].y + q[2].y) / 2, side * 0.36);
            fprintf(f, "\" fill=\"%s\" stroke=\"#161616\" stroke-width=\"0.8\"/>\n", SVG_CMD_STAR);
        }
    }
    fputs("</g>\n", f);
}

/* The text of an item's label: its name over its detail, the pair as one
 * box with the baselines measured from the box's top. */
typedef struct item_text {
    double fs, ds;              /* name and detail font sizes */
    double w, h;                /* the box, halo included */
    double base_label, base_detail;
    int has_label, has_detail;
} item_text;

#define SVG_LAB_PAD_X 3.0       /* px round a label's text in its box: the halo and a little air */
#define SVG_LAB_PAD_Y 1.5
#define SVG_BOLD_W 1.1          /* bold text is this much wider than the estimate of svg_labels.h */

/* 0 when the item has nothing to write */
static int item_text_of(const svg_ctx *c, const gr_render_item *it, item_text *t)
{
    t->fs = clampd(0.6 * c->s, 9, 15);
    t->ds = t->fs * 0.78;
    t->has_label = it->label[0] != '\0';
    t->has_detail = it->detail[0] != '\0';
    if (!t->has_label && !t->has_detail) return 0;
    double wl = t->has_label ? gr_svglab_text_w(it->label, sizeof it->label, t->fs) * SVG_BOLD_W : 0;
    double wd = t->has_detail ? gr_svglab_text_w(it->detail, sizeof it->detail, t->ds) : 0;
    t->w = fmax(wl, wd) + 2 * SVG_LAB_PAD_X;
    t->base_label = SVG_LAB_PAD_Y + 0.8 * t->fs;
    t->base_detail = t->has_label ? t->base_label + 0.95 * t->fs : SVG_LAB_PAD_Y + 0.8 * t->ds;
    t->h = (t->has_detail ? t->base_detail + 0.22 * t->ds : t->base_label + 0.22 * t->fs) + SVG_LAB_PAD_Y;
    return 1;
}

/* what each placed label is, in the order of the placer's labels */
enum { SVG_LAB_ITEM, SVG_LAB_TERRAIN, SVG_LAB_OBJECTIVE, SVG_LAB_LOC };
/* placement order: units first, then commanders, objectives, LOCs, terrain names */
enum { SVG_PRIO_UNIT, SVG_PRIO_CMD, SVG_PRIO_OBJECTIVE, SVG_PRIO_LOC, SVG_PRIO_TERRAIN };

/* An item's label for the placer: on the body of a unit, below a commander
 * or a marker; 0 when the item has no body or nothing to write. */
static int item_label_spec(const svg_ctx *c, const gr_render_item *it, gr_svglab_label *l)
{
    svg_pt ctr, lo, hi;
    item_text t;
    if (!item_box(c, it, &ctr, &lo, &hi) || !item_text_of(c, it, &t)) return 0;
    memset(l, 0, sizeof *l);
    l->ax = (lo.x + hi.x) / 2;
    l->ay = (lo.y + hi.y) / 2;
    l->arx = (hi.x - lo.x) / 2;
    l->ary = (hi.y - lo.y) / 2;
    if (it->kind != 0) l->py = l->ary + 2 + t.h / 2;
    else l->py = -(l->ary + 2 + t.h / 2);
    l->w = l->pw = t.w;
    l->h = t.h;
    l->priority = it->kind == 0 ? SVG_PRIO_UNIT : SVG_PRIO_CMD;
    l->cx = l->ax + l->px;
    l->cy = l->ay + l->py;
    return 1;
}

/* an item's name and detail in the box centred at (cx, cy) */
static void emit_item_text(const svg_ctx *c, const gr_render_item *it, double cx, double cy)
{
    FILE *f = c->f;
    item_text t;
    if (!item_text_of(c, it, &t)) return;
    double top = cy - t.h / 2;
    if (t.has_label) {
        text_open(f, cx, top + t.base_label, t.fs, it->broken ? "#e6e6e6" : "#ffffff", "#161616", 2.8,
                  " class=\"label\" font-weight=\"bold\"");
        svg_text(f, it->label, sizeof it->label);
        fputs("</text>\n", f);
    }
    if (t.has_detail) {
        text_open(f, cx, top + t.base_detail, t.ds, "#fff6d8", "#161616", 2.4, " class=\"detail\"");
        svg_text(f, it->detail, sizeof it->detail);
        fputs("</text>\n", f);
    }
}

/* the mark of a worn unit at its body's top right corner; 0 when it has none */
static int item_spent_at(const svg_ctx *c, const gr_render_item *it, double *x, double *y, double *r)
{
    svg_pt ctr, lo, hi;
    if (!it->worn || !item_box(c, it, &ctr, &lo, &hi)) return 0;
    *x = hi.x;
    *y = lo.y;
    *r = clampd(0.6 * c->s, 9, 15) * 0.55;
    return 1;
}

static void emit_item_spent(const svg_ctx *c, const gr_render_item *it)
{
    double x, y, r;
    if (!item_spent_at(c, it, &x, &y, &r)) return;
    fprintf(c->f, "<g class=\"spent\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#f4dc6b\" "
                  "stroke=\"#222\" stroke-width=\"1\"/>"
                  "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" "
                  "text-anchor=\"middle\" fill=\"#222\">S</text></g>\n",
            x, y, r, x, y + r * 0.55, r * 1.5);
}

/* an item's label where it stands unplaced (the hex board's pieces on bases) */
static void emit_item_label(const svg_ctx *c, const gr_render_item *it)
{
    gr_svglab_label l;
    if (item_label_spec(c, it, &l)) emit_item_text(c, it, l.cx, l.cy);
    emit_item_spent(c, it);
}

/* ---- placed labels: every name on a table, placed by svg_labels.h ----------- */

/* The labels of a table and the obstacles they keep off: the pieces, the
 * objectives' stars, the LOC squares. src[i] says what label i names. */
typedef struct svg_labset {
    gr_svglab_label *lab;
    struct { int what, idx; } *src;
    int n;
    gr_svglab_obstacle *obs;
    int nobs;
} svg_labset;

static double terrain_fs(const svg_ctx *c) { return clampd(0.45 * c->s, 8, 13); }
static double mark_fs(const svg_ctx *c) { return clampd(0.5 * c->s, 9, 14); }
static double star_r(const svg_ctx *c) { return fmax(0.6 * c->s, 7); }

/* A one-line label of `nchars` characters in size fs (bold or not) at (ax, ay) */
static void line_label(gr_svglab_label *l, double ax, double ay, int nchars, double fs, int bold, int priority)
{
    memset(l, 0, sizeof *l);
    l->ax = ax;
    l->ay = ay;
    l->nchars = l->keep = nchars;
    l->char_w = fs * GR_SVGLAB_EM * (bold ? SVG_BOLD_W : 1.0);
    l->w = l->pw = nchars * l->char_w + 2 * SVG_LAB_PAD_X;
    l->h = 1.02 * fs + 2 * SVG_LAB_PAD_Y;
    l->priority = priority;
}

static int labset_add(svg_labset *s, const gr_svglab_label *l, int what, int idx)
{
    s->lab[s->n] = *l;
    s->src[s->n].what = what;
    s->src[s->n].idx = idx;
    return s->n++;
}

static void labset_obstacle(svg_labset *s, double x0, double y0, double x1, double y1, int owner)
{
    gr_svglab_obstacle *o = &s->obs[s->nobs++];
    o->r = (gr_svglab_rect){x0, y0, x1 - x0, y1 - y0};
    o->owner = owner;
}

/* each item's label, its bases and its spent mark as obstacles */
static void collect_items(const svg_ctx *c, const gr_svg_input *in, svg_labset *s)
{
    for (int i = 0; i < in->nitems; i++) {
        const gr_render_item *it = &in->items[i];
        gr_svglab_label l;
        if (item_label_spec(c, it, &l)) labset_add(s, &l, SVG_LAB_ITEM, i);
        int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases;
        for (int b = 0; b < nb; b++) {
            svg_pt q[4];
            if (!base_corners(c, it->base[b], it->kind, q)) continue;
            double x0 = fmin(fmin(q[0].x, q[1].x), fmin(q[2].x, q[3].x));
            double x1 = fmax(fmax(q[0].x, q[1].x), fmax(q[2].x, q[3].x));
            double y0 = fmin(fmin(q[0].y, q[1].y), fmin(q[2].y, q[3].y));
            double y1 = fmax(fmax(q[0].y, q[1].y), fmax(q[2].y, q[3].y));
            labset_obstacle(s, x0, y0, x1, y1, -1);
        }
        double x, y, r;
        if (item_spent_at(c, it, &x, &y, &r)) labset_obstacle(s, x - r, y - r, x + r, y + r, -1);
    }
}

/* terrain names: on an area, beside a line; shortened or left out when there is no room */
static void collect_terrain(const svg_ctx *c, const gr_terrain *t, svg_labset *s)
{
    int n = t ? (t->n < 0 ? 0 : t->n > GR_TERRAIN_MAX ? GR_TERRAIN_MAX : t->n) : 0;
    double fs = terrain_fs(c);
    for (int i = 0; i < n; i++) {
        const gr_terrain_piece *p = &t->p[i];
        if (!piece_ok(p) || p->name[0] == '\0') continue;
        int area = p->shape == GR_SHAPE_POLYGON;
        gr_vec2 at = area ? centroid(p->pts, p->npts) : line_middle(p);
        gr_svglab_label l;
        line_label(&l, sx(c, at.x), sy(c, at.y), (int)strnlen(p->name, sizeof p->name), fs, 0, SVG_PRIO_TERRAIN);
        l.flags = GR_SVGLAB_MAY_SHORTEN;
        if (!area) { /* beside the line, not on it */
            double pw = (isfinite(p->width) && p->width > 0) ? fmin(p->width, 100.0) * c->s : 0;
            l.ary = fmax(pw, 4.0) / 2;
            l.py = -(l.ary + 1 + l.h / 2);
        }
        labset_add(s, &l, SVG_LAB_TERRAIN, i);
    }
}

/* objectives' names above their stars, "LOC" on each LOC square */
static void collect_marks(const svg_ctx *c, const gr_svg_input *in, svg_labset *s)
{
    double fs = mark_fs(c), r = star_r(c);
    for (int i = 0; i < in->nobjectives; i++) {
        const gr_svg_objective *o = &in->objectives[i];
        if (!isfinite(o->x) || !isfinite(o->y)) continue;
        double X = sx(c, o->x), Y = sy(c, o->y);
        int me = -1;
        if (o->name && o->name[0]) {
            gr_svglab_label l;
            line_label(&l, X, Y, (int)strnlen(o->name, 64), fs, 1, SVG_PRIO_OBJECTIVE);
            l.arx = l.ary = r;
            l.py = -(r + 2 + l.h / 2);
            me = labset_add(s, &l, SVG_LAB_OBJECTIVE, i);
        }
        labset_obstacle(s, X - r, Y - r, X + r, Y + r, me);
    }
    for (int i = 0; i < in->nlocs; i++) {
        const gr_svg_loc *lc = &in->locs[i];
        if (!isfinite(lc->x) || !isfinite(lc->y)) continue;
        double half = GR_SVG_LOC_SIZE * c->s / 2, X = sx(c, lc->x), Y = sy(c, lc->y);
        gr_svglab_label l;
        line_label(&l, X, Y, 3, fs, 1, SVG_PRIO_LOC);
        l.arx = l.ary = half;
        labset_obstacle(s, X - half, Y - half, X + half, Y + half, labset_add(s, &l, SVG_LAB_LOC, i));
    }
}

static void labset_free(svg_labset *s)
{
    free(s->lab);
    free(s->src);
    free(s->obs);
    memset(s, 0, sizeof *s);
}

/* every label of a table, placed; 0, or -1 when out of memory */
static int labset_build(const svg_ctx *c, const gr_svg_input *in, svg_labset *s)
{
    memset(s, 0, sizeof *s);
    size_t nl = (size_t)in->nitems + GR_TERRAIN_MAX + (size_t)in->nobjectives + (size_t)in->nlocs;
    size_t no = (size_t)in->nitems * 25 + (size_t)in->nobjectives + (size_t)in->nlocs;
    s->lab = calloc(nl, sizeof *s->lab);
    s->src = calloc(nl, sizeof *s->src);
    s->obs = calloc(no ? no : 1, sizeof *s->obs);
    if (!s->lab || !s->src || !s->obs) {
        labset_free(s);
        return -1;
    }
    collect_items(c, in, s);
    collect_marks(c, in, s);
    collect_terrain(c, in->terrain, s);
    gr_svglab_rect table = {0, 0, c->tw * c->s, c->th * c->s};
    if (gr_svglab_place(s->lab, s->n, s->obs, s->nobs, &table)) {
        labset_free(s);
        return -1;
    }
    return 0;
}

/* A leader from the edge of what label l names to the nearest point of its
 * box, a dot at its start; nothing when the box reaches the anchor. */
static void emit_leader(const svg_ctx *c, const gr_svglab_label *l)
{
    gr_svglab_rect b = gr_svglab_box(l);
    double x = clampd(l->ax, b.x, b.x + b.w), y = clampd(l->ay, b.y, b.y + b.h);
    double dx = x - l->ax, dy = y - l->ay, t = 1;
    if (fabs(dx) > 1e-9) t = fmin(t, l->arx / fabs(dx));
    if (fabs(dy) > 1e-9) t = fmin(t, l->ary / fabs(dy));
    if (t >= 1) return;
    double x0 = l->ax + t * dx, y0 = l->ay + t * dy;
    fprintf(c->f, "<line class=\"leader\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#2b2418\" "
                  "stroke-width=\"1\" stroke-opacity=\"0.85\"/><circle class=\"leader\" cx=\"%.1f\" cy=\"%.1f\" "
                  "r=\"1.6\" fill=\"#2b2418\"/>\n", x0, y0, x, y, x0, y0);
}

/* thin lines from the labels placed away from what they name */
static void emit_leaders(const svg_ctx *c, const svg_labset *s)
{
    fputs("<g class=\"leaders\" pointer-events=\"none\">\n", c->f);
    for (int i = 0; i < s->n; i++)
        if (s->lab[i].leader && s->lab[i].fate != GR_SVGLAB_DROPPED) emit_leader(c, &s->lab[i]);
    fputs("</g>\n", c->f);
}

/* a terrain name, cut to `keep` bytes (at a character's start) and an ellipsis when shortened */
static void emit_terrain_name(const svg_ctx *c, const gr_terrain_piece *p, const gr_svglab_label *l)
{
    double fs = terrain_fs(c);
    text_open(c->f, l->cx, l->cy - l->h / 2 + SVG_LAB_PAD_Y + 0.8 * fs, fs, "#2b2514", "#f3eedd", 2.4,
              " class=\"terrain-name\" font-style=\"italic\" stroke-opacity=\"0.85\"");
    if (l->fate != GR_SVGLAB_SHORTENED) {
        svg_text(c->f, p->name, sizeof p->name);
    } else {
        size_t k = (size_t)l->keep;
        while (k > 0 && ((unsigned char)p->name[k] & 0xC0) == 0x80) k--;
        svg_text(c->f, p->name, k);
        fputs("\xe2\x80\xa6<title>", c->f);
        svg_text(c->f, p->name, sizeof p->name);
        fputs("</title>", c->f);
    }
    fputs("</text>\n", c->f);
}

/* one placed label in a group that carries its box */
static void emit_placed(const svg_ctx *c, const gr_svg_input *in, const svg_labset *s, int i)
{
    static const char *const what[] = {"unit", "terrain", "objective", "loc"};
    const gr_svglab_label *l = &s->lab[i];
    int k = s->src[i].idx, w = s->src[i].what;
    if (l->fate == GR_SVGLAB_DROPPED) return;
    gr_svglab_rect b = gr_svglab_box(l);
    const char *cls = w == SVG_LAB_ITEM && in->items[k].kind != 0 ? "piece" : what[w];
    fprintf(c->f, "<g class=\"map-label %s\" data-box=\"%.1f %.1f %.1f %.1f\">\n", cls, b.x, b.y, b.w, b.h);
    double fs = mark_fs(c), base = l->cy - l->h / 2 + SVG_LAB_PAD_Y + 0.8 * fs;
    if (w == SVG_LAB_ITEM) {
        emit_item_text(c, &in->items[k], l->cx, l->cy);
    } else if (w == SVG_LAB_TERRAIN) {
        emit_terrain_name(c, &in->terrain->p[k], l);
    } else if (w == SVG_LAB_OBJECTIVE) {
        text_open(c->f, l->cx, base, fs, "#2a1f00", "#f7f0d0", 2.6, " class=\"objective-name\" font-weight=\"bold\"");
        svg_text(c->f, in->objectives[k].name, 64);
        fputs("</text>\n", c->f);
    } else {
        text_open(c->f, l->cx, base, fs, "#ffffff", "#1a1a1a", 2.4, " class=\"loc-name\" font-weight=\"bold\"");
        fputs("LOC</text>\n", c->f);
    }
    fputs("</g>\n", c->f);
}

/* the table's pieces over its terrain and marks: bodies, spent marks, leaders, then every label */
/* the last move's arrows: a line in the side's outline colour over a pale
 * halo, its head at the piece's new centre */
static void emit_paths(const svg_ctx *c, const gr_svg_input *in)
{
    if (!c->paths) return;
    FILE *f = c->f;
    fputs("<g class=\"paths\" pointer-events=\"none\">\n", f);
    for (int i = 0; i < in->npaths; i++) {
        const gr_svg_path *p = &in->paths[i];
        if (!isfinite(p->from[0]) || !isfinite(p->from[1]) || !isfinite(p->to[0]) || !isfinite(p->to[1])) continue;
        double x0 = sx(c, p->from[0]), y0 = sy(c, p->from[1]), x1 = sx(c, p->to[0]), y1 = sy(c, p->to[1]);
        int slot = side_slot(p->side);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#fbf7ec\" stroke-width=\"4.5\" "
                   "stroke-opacity=\"0.8\"/>\n", x0, y0, x1, y1);
        fprintf(f, "<line class=\"path\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                   "stroke-width=\"2\" stroke-dasharray=\"6 3\" marker-end=\"url(#gr-arrow-%d)\"/>\n",
                x0, y0, x1, y1, c->stroke[slot], slot);
    }
    fputs("</g>\n", f);
}

static void emit_table_pieces(const svg_ctx *c, const gr_svg_input *in, const svg_labset *s)
{
    fputs("<g class=\"units\">\n", c->f);
    for (int i = 0; i < in->nitems; i++) emit_item_body(c, &in->items[i]);
    for (int i = 0; i < in->nitems; i++) emit_item_spent(c, &in->items[i]);
    fputs("</g>\n", c->f);
    emit_paths(c, in);
    emit_leaders(c, s);
    fputs("<g class=\"labels\" pointer-events=\"none\">\n", c->f);
    for (int i = 0; i < s->n; i++) emit_placed(c, in, s, i);
    fputs("</g>\n", c->f);
}

/* ---- margins: title, edges, scale, legend ----------------------------------- */

static double legend_width(const svg_ctx *c)
{
    double w = 16 + 5 * 34 + text_w(c->name[0], 11) + text_w(c->name[1], 11) + text_w("broken", 11) +
               text_w("commander", 11) + text_w("objective", 11);
    return c->paths ? w + 34 + text_w("last move", 11) : w;
}

static void emit_hex_scale(const svg_ctx *c, double bx, double by);
static void emit_hex_legend(const svg_ctx *c, double x, double y);

/* the width the scale bar takes: 6 MU on a table, one hex on a hex board */
static double scale_width(const svg_ctx *c) { return c->hexes ? c->s : 6 * c->s; }

/* the title's font size: 18, or less for the whole line to fit in the sheet's width W (below 10 the
 * line is drawn at 10 and squeezed) */
static double title_fs(const gr_svg_input *in, double W)
{
    double chars = (double)strnlen(in->title ? in->title : "Grognard", 200) + (in->move > 0 ? 12 : 0) +
                   (in->phase ? (double)strnlen(in->phase, 64) + 9 : 0);
    double fit = (W - 2 * SVG_MARGIN_X) / (chars * GR_SVGLAB_EM * SVG_BOLD_W);
    return fmin(fit, 18);
}

/* the title line, its font smaller when a long title would run off the sheet, squeezed when still too long */
static void emit_title(const svg_ctx *c, const gr_svg_input *in, double W)
{
    FILE *f = c->f;
    double tfs = title_fs(in, W);
    fprintf(f, "<text class=\"title\" x=\"%.1f\" y=\"24\" font-size=\"%.1f\" font-weight=\"bold\" "
               "fill=\"#2b2418\"", SVG_MARGIN_X, fmax(tfs, 10));
    if (tfs < 10) fprintf(f, " textLength=\"%.1f\" lengthAdjust=\"spacingAndGlyphs\"", W - 2 * SVG_MARGIN_X);
    fputc('>', f);
    svg_text(f, in->title ? in->title : "Grognard", 200);
    if (in->move > 0) fprintf(f, " \xc2\xb7 move %d", in->move);
    if (in->phase && in->phase[0]) {
        fputs(" \xc2\xb7 ", f);
        svg_text(f, in->phase, 64);
        fputs(" phase", f);
    }
    fputs("</text>\n", f);
}

static void emit_margins(const svg_ctx *c, const gr_svg_input *in, double ox, double oy, double W)
{
    FILE *f = c->f;
    double tw = c->tw * c->s, th = c->th * c->s;
    emit_title(c, in, W);
    /* base edges: side 1 at the top, side 0 at the bottom */
    for (int s = 0; s < 2; s++) {
        double y = s == 1 ? oy - SVG_FRAME - 8 : oy + th + SVG_FRAME + 17;
        double cx = ox + tw / 2;
        double half = text_w(c->name[s], 12) / 2 + 48;  /* name + arrow + " base edge" */
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"9\" fill=\"%s\" stroke=\"%s\"/>\n",
                cx - half - 10, y - 9, c->fill[s], c->stroke[s]);
        fprintf(f, "<text class=\"edge\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#3b3224\" "
                   "text-anchor=\"middle\">%s ", cx + 8, y, s == 1 ? "\xe2\x96\xb2" : "\xe2\x96\xbc");
        svg_text(f, c->name[s], 64);
        fputs(" base edge</text>\n", f);
    }
    /* scale bar: 6 MU in 1 MU cells (one hex on a hex board) */
    double by = oy + th + SVG_FRAME + 44, bx = SVG_MARGIN_X;
    if (c->hexes) {
        emit_hex_scale(c, bx, by);
    } else {
        fputs("<g class=\"scale\">\n", f);
        for (int i = 0; i < 6; i++)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"6\" fill=\"%s\" "
                       "stroke=\"#222\" stroke-width=\"0.8\"/>\n",
                    bx + i * c->s, by, c->s, i % 2 ? "#ffffff" : "#222222");
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#222\">6 ", bx + 6 * c->s + 6, by + 7);
        svg_text(f, c->unit, 8);
        fprintf(f, "</text>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">grid %.0f ", bx, by + 20,
                SVG_GRID_MU);
        svg_text(f, c->unit, 8);
        fputs("</text>\n", f);
        fputs("</g>\n", f);
    }
    /* legend box, bottom right */
    const char *lab[6] = {c->name[0], c->name[1], "broken", "commander", "objective", "last move"};
    double lw = legend_width(c);
    double lx = fmax(W - SVG_MARGIN_X - lw, bx + scale_width(c) + 60), ly = oy + th + SVG_FRAME + 30;
    fprintf(f, "<g class=\"legend\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"26\" "
               "rx=\"3\" fill=\"#fbf7ec\" stroke=\"#8a7d62\" stroke-width=\"1\"/>\n", lx, ly, lw);
    double x = lx + 10, y = ly + 13;
    for (int i = 0; i < 5 + c->paths; i++) {
        if (i == 5)
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\" "
                       "stroke-dasharray=\"6 3\" marker-end=\"url(#gr-arrow-0)\"/>\n",
                    x, y, x + 14, y, c->stroke[0]);
        else if (i < 2)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"10\" fill=\"%s\" "
                       "stroke=\"%s\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"#161616\" stroke-width=\"2\"/>\n",
                    x, y - 5, c->fill[i], c->stroke[i], x, y - 5, x + 16, y - 5);
        else if (i == 2)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"10\" "
                       "fill=\"url(#gr-broken-0)\" stroke=\"#333\"/>\n", x, y - 5);
        else if (i == 3) {
            /* a commander: a small square base in a side's colour with a pale star */
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\" stroke=\"%s\"/>\n",
                    x + 2, y - 6, c->fill[0], c->stroke[0]);
            fputs("<polygon points=\"", f);
            star_points(f, x + 8, y, 4.5);
            fprintf(f, "\" fill=\"%s\" stroke=\"#161616\" stroke-width=\"0.8\"/>\n", SVG_CMD_STAR);
        } else {
            fputs("<polygon points=\"", f);
            star_points(f, x + 8, y, 7);
            fputs("\" fill=\"#f2c230\" stroke=\"#2a1f00\"/>\n", f);
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">", x + 22, y + 4);
        svg_text(f, lab[i], 64);
        fputs("</text>\n", f);
        x += 22 + text_w(lab[i], 11) + 12;
    }
    fputs("</g>\n", f);
    if (c->hexes) emit_hex_legend(c, bx, oy + th + SVG_FRAME + 84);
}

/* ---- hex boards --------------------------------------------------------------- */

#define SVG_HEX_LEGEND 30.0     /* px more at the bottom: the terrain legend row */
#define SVG_HEX_COUNTER 0.56    /* a counter's side, in board units (hex centres are 1 apart) */
#define SVG_HEX_LOW 0.06        /* a counter sits this far below its hex's centre, under its name */

/* How a terrain looks, by the name the ruleset gives it; names not listed
 * take the fallback colours by their code. */
typedef struct hex_style {
    const char *name;
    const char *fill;
    int mark;                   /* 0 none, 1 trees, 2 contour, 3 roofs, 4 shore */
} hex_style;

static const hex_style hex_styles[] = {
    {"clear", "#cfdc9c", 0},  {"open", "#cfdc9c", 0},    {"fields", "url(#gr-furrow)", 0},
    {"woods", "#8db865", 1},  {"forest", "#5f8c43", 1},  {"hill", "#d2b47c", 2},
    {"town", "#d7d0c2", 3},   {"village", "#d7d0c2", 3}, {"marsh", "url(#gr-marsh)", 0},
    {"rough", "url(#gr-rocky)", 0}, {"water", "#5a8fc8", 4}, {"lake", "#5a8fc8", 4},
};
static const char *const hex_fallback[] = {"#e0c9a6", "#b5cfa8", "#cdb0c4", "#a9c1d6", "#d6d3a0", "#c4b49b"};

static const hex_style *hex_style_of(const gr_hexmap *m, int code, hex_style *spare)
{
    const char *name = gr_hex_terrain_name(m, code);
    for (size_t i = 0; i < sizeof hex_styles / sizeof *hex_styles; i++)
        if (!strcmp(hex_styles[i].name, name)) return &hex_styles[i];
    spare->name = name;
    spare->fill = hex_fallback[(unsigned)code % (sizeof hex_fallback / sizeof *hex_fallback)];
    spare->mark = 0;
    return spare;
}

/* the picture point of a hex's corner k (0 at the east, counter-clockwise) */
static svg_pt hex_corner(const svg_ctx *c, int col, int row, int k)
{
    double x, y;
    gr_hex_centre(col, row, &x, &y);
    double a = k * SVG_PI / 3;
    svg_pt p = {sx(c, x + GR_HEX_SIDE * cos(a)), sy(c, y + GR_HEX_SIDE * sin(a))};
    return p;
}

static svg_pt hex_mid(const svg_ctx *c, int col, int row)
{
    double x, y;
    gr_hex_centre(col, row, &x, &y);
    svg_pt p = {sx(c, x), sy(c, y)};
    return p;
}

static void hex_points(const svg_ctx *c, int col, int row)
{
    for (int k = 0; k < 6; k++) {
        svg_pt p = hex_corner(c, col, row, k);
        fprintf(c->f, "%s%.1f,%.1f", k ? " " : "", p.x, p.y);
    }
}

/* the small picture of a terrain inside its hex */
static void hex_mark(const svg_ctx *c, int mark, svg_pt m, int col, int row)
{
    FILE *f = c->f;
    double u = c->s;
    if (mark == 1) {
        for (int k = 0; k < 3; k++) {
            double dx = (k - 1) * 0.2 * u, dy = (k == 1 ? -0.12 : 0.06) * u;
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#3c6626\" stroke=\"#1c3a14\" "
                       "stroke-width=\"0.8\"/>\n", m.x + dx, m.y + dy, 0.11 * u);
        }
    } else if (mark == 2) {
        fputs("<polygon class=\"contour\" points=\"", f);
        for (int k = 0; k < 6; k++) {
            svg_pt p = hex_corner(c, col, row, k);
            fprintf(f, "%s%.1f,%.1f", k ? " " : "", m.x + (p.x - m.x) * 0.62, m.y + (p.y - m.y) * 0.62);
        }
        fputs("\" fill=\"#bf9d62\" stroke=\"#8a6c3d\" stroke-width=\"1\"/>\n", f);
    } else if (mark == 3) {
        for (int k = 0; k < 3; k++) {
            double dx = (k - 1) * 0.19 * u, dy = (k == 1 ? 0.1 : -0.08) * u, w = 0.14 * u;
            fprintf(f,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#a4442c\" "
                    "stroke=\"#5e2414\" stroke-width=\"0.8\"/>\n",
                    m.x + dx - w / 2, m.y + dy - w * 0.35, w, w * 0.7);
        }
    } else if (mark == 4) {
        fprintf(f, "<path d=\"M%.1f %.1f q%.1f %.1f %.1f 0 t%.1f 0\" fill=\"none\" stroke=\"#8dbbe6\" "
                   "stroke-width=\"1.2\"/>\n", m.x - 0.25 * u, m.y, 0.125 * u, -0.08 * u, 0.25 * u, 0.25 * u);
    }
}

/* the hexside of (col, row) in direction d: its two ends */
static void hexside_ends(const svg_ctx *c, int col, int row, int d, svg_pt *a, svg_pt *b)
{
    /* N is between corners 1 and 2, NE between 0 and 1, SE between 5 and 0, ... */
    int k = (7 - d) % 6;
    *a = hex_corner(c, col, row, k);
    *b = hex_corner(c, col, row, (k + 1) % 6);
}

/* the bits a ruleset's feature names mean to the picture, -1 when it names none */
static int feature_bit(const gr_hexmap *m, const char *name)
{
    for (int k = 0; k < m->kinds.nfeatures && k < GR_HEX_MAX_FEATURES; k++)
        if (m->kinds.features[k] && !strcmp(m->kinds.features[k], name)) return 1 << k;
    return 0;
}

static void emit_hex_grid(const svg_ctx *c)
{
    const gr_hexmap *m = c->hexes;
    FILE *f = c->f;
    double w = c->tw * c->s, h = c->th * c->s;
    fprintf(f, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
               "rx=\"4\" fill=\"#6b4a2b\" stroke=\"#3f2a16\" stroke-width=\"1.5\"/>\n",
            -SVG_FRAME, -SVG_FRAME, w + 2 * SVG_FRAME, h + 2 * SVG_FRAME);
    fprintf(f, "<rect class=\"map\" x=\"0\" y=\"0\" width=\"%.1f\" height=\"%.1f\" fill=\"#e9e2c8\"/>\n", w, h);
    fputs("<g class=\"hexes\">\n", f);
    for (int row = 0; row < m->rows; row++)
        for (int col = 0; col < m->cols; col++) {
            hex_style spare;
            int t = gr_hex_terrain(m, col, row);
            const hex_style *st = hex_style_of(m, t, &spare);
            fputs("<polygon class=\"hex ", f);
            svg_text(f, st->name, 32);
            fputs("\" points=\"", f);
            hex_points(c, col, row);
            fprintf(f, "\" fill=\"%s\" stroke=\"#6d6a55\" stroke-width=\"1\" stroke-opacity=\"0.6\"/>\n", st->fill);
            hex_mark(c, st->mark, hex_mid(c, col, row), col, row);
        }
    fputs("</g>\n<g class=\"hex-numbers\" font-size=\"", f);
    fprintf(f, "%.1f\" fill=\"#4a4636\" text-anchor=\"middle\">\n", clampd(0.125 * c->s, 7, 11));
    for (int row = 0; row < m->rows; row++)
        for (int col = 0; col < m->cols; col++) {
            svg_pt p = hex_mid(c, col, row);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%d %d</text>\n", p.x, p.y - 0.39 * c->s, col, row);
        }
    fputs("</g>\n", f);
}

/* roads from centre to centre across their sides, rivers along theirs, bridges across them */
static void emit_hexsides(const svg_ctx *c)
{
    const gr_hexmap *m = c->hexes;
    FILE *f = c->f;
    unsigned road = (unsigned)feature_bit(m, "road"),
             river = (unsigned)(feature_bit(m, "river") | feature_bit(m, "stream"));
    unsigned bridge = (unsigned)feature_bit(m, "bridge"), other = 0xffu & ~(road | river | bridge);
    static const char *const layer_class[] = {"roads", "rivers", "bridges", "other-sides"};
    for (int layer = 0; layer < 4; layer++) {
        fprintf(f, "<g class=\"%s\">\n", layer_class[layer]);
        for (int row = 0; row < m->rows; row++)
            for (int col = 0; col < m->cols; col++)
                for (int d = GR_HEX_N; d <= GR_HEX_SE; d++) {
                    unsigned bits = gr_hex_side(m, col, row, d);
                    gr_hex n;
                    if (!bits || !gr_hex_neighbour(m, col, row, d, &n)) continue;
                    svg_pt a, b, p = hex_mid(c, col, row), q = hex_mid(c, n.col, n.row);
                    hexside_ends(c, col, row, d, &a, &b);
                    if (layer == 0 && (bits & road)) {
                        fprintf(f,
                                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#7a5a34\" "
                                "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
                                p.x, p.y, q.x, q.y, 0.09 * c->s);
                        fprintf(f,
                                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#caa974\" "
                                "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
                                p.x, p.y, q.x, q.y, 0.055 * c->s);
                    } else if (layer == 1 && (bits & river)) {
                        fprintf(f,
                                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#2f6fb2\" "
                                "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
                                a.x, a.y, b.x, b.y, 0.1 * c->s);
                    } else if (layer == 2 && (bits & bridge)) {
                        double mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, dx = q.x - p.x, dy = q.y - p.y;
                        double len = hypot(dx, dy);
                        if (len <= 0) continue;
                        dx *= 0.16 * c->s / len;
                        dy *= 0.16 * c->s / len;
                        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#3b2814\" "
                                   "stroke-width=\"%.1f\"/>\n", mx - dx, my - dy, mx + dx, my + dy, 0.16 * c->s);
                        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#9a6f3f\" "
                                   "stroke-width=\"%.1f\"/>\n", mx - dx, my - dy, mx + dx, my + dy, 0.11 * c->s);
                    } else if (layer == 3 && (bits & other)) {
                        fprintf(f,
                                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#4f4d48\" "
                                "stroke-width=\"%.1f\" stroke-dasharray=\"4 2\"/>\n",
                                a.x, a.y, b.x, b.y, 0.06 * c->s);
                    }
                }
        fputs("</g>\n", f);
    }
}

/* an item standing in a hex of the map: 1 with its centre */
static int item_hex(const svg_ctx *c, const gr_render_item *it, svg_pt *at)
{
    if (it->nbases != 0 || !gr_hex_on_map(c->hexes, it->hex_col, it->hex_row)) return 0;
    *at = hex_mid(c, it->hex_col, it->hex_row);
    return 1;
}

/* an objective: a ring round the hex in its holder's colours */
static void emit_hex_marker(const svg_ctx *c, const gr_render_item *it, svg_pt m)
{
    int slot = side_slot(it->side);
    double w = clampd(0.06 * c->s, 2, 5);
    fprintf(c->f, "<circle class=\"objective\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" "
                  "stroke-width=\"%.1f\"/>\n", m.x, m.y, 0.45 * c->s, slot == 2 ? "#9a7409" : c->stroke[slot], w + 2);
    fprintf(c->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" "
                  "stroke-width=\"%.1f\" stroke-dasharray=\"6 3\"/>\n", m.x, m.y, 0.45 * c->s,
            slot == 2 ? "#f2c230" : c->fill[slot], w);
}

/* a counter: a square in the side's colours */
static void emit_hex_counter(const svg_ctx *c, const gr_render_item *it, svg_pt m)
{
    FILE *f = c->f;
    m.y += SVG_HEX_LOW * c->s;
    int slot = side_slot(it->side);
    double half = SVG_HEX_COUNTER * c->s / 2;
    char fill[40];
    if (it->broken) snprintf(fill, sizeof fill, "url(#gr-broken-%d)", slot);
    else snprintf(fill, sizeof fill, "%s", c->fill[slot]);
    fprintf(f, "<g class=\"counter%s%s\" data-side=\"%d\"", it->broken ? " broken" : "", it->worn ? " worn" : "",
            slot == 2 ? -1 : slot);
    if (ref_ok(it->ref)) fprintf(f, " data-ref=\"%s\"", it->ref);
    fputs(">\n", f);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"1.5\"/>\n", m.x - half + 1.5, m.y - half + 1.5, 2 * half, 2 * half, "#00000055",
            "none");
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"1.5\"/>\n", m.x - half, m.y - half, 2 * half, 2 * half, fill, c->stroke[slot]);
    if (it->worn) /* the reduced side: a corner folded down */
        fprintf(f, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"#f4dc6b\" stroke=\"#222\" "
                   "stroke-width=\"0.8\"/>\n", m.x + half, m.y - half, m.x + half * 0.45, m.y - half, m.x + half,
                m.y - half * 0.45);
    fputs("</g>\n", f);
}

static void emit_hex_label(const svg_ctx *c, const gr_render_item *it, svg_pt m)
{
    FILE *f = c->f;
    double half = SVG_HEX_COUNTER * c->s / 2, fs = clampd(0.17 * c->s, 8, 14);
    if (it->kind == GR_PIECE_MARKER) { /* a star at the hex's west corner, the name along its foot */
        fputs("<polygon class=\"objective\" points=\"", f);
        star_points(f, m.x - 0.4 * c->s, m.y, fmax(0.1 * c->s, 5));
        fprintf(f, "\" fill=\"%s\" stroke=\"#2a1f00\" stroke-width=\"1\"/>\n",
                side_slot(it->side) == 2 ? "#f2c230" : c->fill[side_slot(it->side)]);
        text_open(f, m.x, m.y + 0.46 * c->s, fs * 0.8, "#2a1f00", "#f7f0d0", 2.4, " font-weight=\"bold\"");
        svg_text(f, it->label, sizeof it->label);
        fputs("</text>\n", f);
        return;
    }
    m.y += SVG_HEX_LOW * c->s;
    /* the counter's numbers big, its detail small above them, its name over the counter */
    text_open(f, m.x, m.y + half * 0.72, fs * 1.1, "#ffffff", "#161616", 2.6,
              " class=\"numbers\" font-weight=\"bold\"");
    svg_text(f, it->counter, sizeof it->counter);
    fputs("</text>\n", f);
    if (it->detail[0]) {
        text_open(f, m.x, m.y - half * 0.05, fs * 0.75, "#fff6d8", "#161616", 2.2, " class=\"detail\"");
        svg_text(f, it->detail, sizeof it->detail);
        fputs("</text>\n", f);
    }
    text_open(f, m.x, m.y - half - 2, fs * 0.75, "#ffffff", "#161616", 2.6, " class=\"label\" font-weight=\"bold\"");
    svg_text(f, it->label, sizeof it->label);
    fputs("</text>\n", f);
}

/* objectives first, then counters, then every label on top */
static void emit_hex_items(const svg_ctx *c, const gr_svg_input *in)
{
    svg_pt m;
    fputs("<g class=\"units\">\n", c->f);
    for (int i = 0; i < in->nitems; i++)
        if (in->items[i].kind == GR_PIECE_MARKER && item_hex(c, &in->items[i], &m))
            emit_hex_marker(c, &in->items[i], m);
    for (int i = 0; i < in->nitems; i++) {
        const gr_render_item *it = &in->items[i];
        if (it->nbases > 0) emit_item_body(c, it);
        else if (it->kind != GR_PIECE_MARKER && item_hex(c, it, &m)) emit_hex_counter(c, it, m);
    }
    for (int i = 0; i < in->nitems; i++) {
        const gr_render_item *it = &in->items[i];
        if (it->nbases > 0) emit_item_label(c, it);
        else if (item_hex(c, it, &m)) emit_hex_label(c, it, m);
    }
    fputs("</g>\n", c->f);
}

/* the scale of a hex board: one hex, and how hexes are named */
static void emit_hex_scale(const svg_ctx *c, double bx, double by)
{
    FILE *f = c->f;
    fprintf(f, "<g class=\"scale\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"6\" fill=\"#222222\" "
               "stroke=\"#222\" stroke-width=\"0.8\"/>\n", bx, by, c->s);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#222\">1 hex</text>\n", bx + c->s + 6, by + 7);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">hex \"col row\": columns 0-%d from the "
               "west, rows 0-%d from the south</text>\n</g>\n", bx, by + 20, c->hexes->cols - 1, c->hexes->rows - 1);
}

/* the second legend row: each terrain of the map and each hexside feature */
static void emit_hex_legend(const svg_ctx *c, double x, double y)
{
    const gr_hexmap *m = c->hexes;
    FILE *f = c->f;
    fputs("<g class=\"hex-legend\">\n", f);
    for (int t = 0; t < m->kinds.nterrain; t++) {
        hex_style spare;
        const hex_style *st = hex_style_of(m, t, &spare);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\" stroke=\"#6d6a55\"/>\n", x,
                y - 5, st->fill);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">", x + 18, y + 4);
        svg_text(f, st->name, 32);
        fputs("</text>\n", f);
        x += 30 + text_w(st->name, 11);
    }
    for (int k = 0; k < m->kinds.nfeatures && k < GR_HEX_MAX_FEATURES; k++) {
        const char *name = m->kinds.features[k] ? m->kinds.features[k] : "?";
        const char *colour = !strcmp(name, "road") ? "#caa974" : !strcmp(name, "bridge") ? "#9a6f3f"
                             : (!strcmp(name, "river") || !strcmp(name, "stream")) ? "#2f6fb2" : "#4f4d48";
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"4\"/>\n", x, y,
                x + 16, y, colour);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">", x + 20, y + 4);
        svg_text(f, name, 32);
        fputs("</text>\n", f);
        x += 32 + text_w(name, 11);
    }
    fputs("</g>\n", f);
}

/* a usable hex map, or -1 naming what is wrong with it */
static int hexes_ok(const gr_hexmap *m, gr_error *err)
{
    if (m->cols < 1 || m->rows < 1 || m->cols > GR_HEX_MAX_DIM || m->rows > GR_HEX_MAX_DIM || !m->terrain ||
        !m->sides || m->kinds.nterrain < 1 || m->kinds.nterrain > GR_HEX_MAX_TERRAIN || !m->kinds.terrain ||
        m->kinds.nfeatures < 0 || (m->kinds.nfeatures > 0 && !m->kinds.features))
        return gr_error_set(err, "svg: the hex map (%d x %d hexes) is not usable", m->cols, m->rows);
    return 0;
}

/* ---- entry points ------------------------------------------------------------ */

/* A caller's colour if it looks like a CSS colour (so it needs no escaping), else def. */
static const char *colour_or(const char *want, const char *def)
{
    if (!want || !want[0] || strlen(want) > 32) return def;
    for (const char *p = want; *p; p++)
        if (!strchr("#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789(),.% ", *p))
            return def;
    return want;
}

/* the picture's geometry and colours from the input; 0, or -1 with why */
static int ctx_init(svg_ctx *cp, const gr_svg_input *in, gr_error *err)
{
    svg_ctx c;
    memset(&c, 0, sizeof c);
    if (isnan(in->table_w) || isnan(in->table_h) || isnan(in->scale))
        return gr_error_set(err, "svg: table size or scale is not a number");
    c.hexes = in->hexes;
    c.unit = in->unit && *in->unit ? in->unit : "MU";
    if (c.hexes && hexes_ok(c.hexes, err)) return -1;
    if (in->npaths < 0 || (in->npaths > 0 && !in->paths)) return gr_error_set(err, "svg: paths without their list");
    c.paths = !c.hexes && in->npaths > 0;
    double hex_w = 0, hex_h = 0;
    if (c.hexes) gr_hex_board_size(c.hexes, &hex_w, &hex_h);
    c.tw = in->table_w > 0 ? in->table_w : in->terrain ? in->terrain->table_w : hex_w;
    c.th = in->table_h > 0 ? in->table_h : in->terrain ? in->terrain->table_h : hex_h;
    if (!isfinite(c.tw) || !isfinite(c.th) || c.tw <= 0 || c.th <= 0 ||
        c.tw > SVG_MAX_TABLE || c.th > SVG_MAX_TABLE)
        return gr_error_set(err, "svg: table size %g x %g MU is not usable (expected 0 < size <= %g)",
                            c.tw, c.th, SVG_MAX_TABLE);
    c.s = in->scale > 0 ? in->scale : c.hexes ? GR_SVG_HEX_SCALE : GR_SVG_DEFAULT_SCALE;
    if (!isfinite(c.s) || c.s > SVG_MAX_SCALE)
        return gr_error_set(err, "svg: scale %g px per MU is not usable (expected 0 < scale <= %g)",
                            c.s, SVG_MAX_SCALE);
    if (in->nitems < 0 || in->nitems > SVG_MAX_ITEMS || (in->nitems > 0 && !in->items))
        return gr_error_set(err, "svg: %d render items given (expected 0..%d with an array)",
                            in->nitems, SVG_MAX_ITEMS);
    if (in->nobjectives < 0 || in->nobjectives > SVG_MAX_ITEMS || (in->nobjectives > 0 && !in->objectives))
        return gr_error_set(err, "svg: %d objectives given (expected 0..%d with an array)",
                            in->nobjectives, SVG_MAX_ITEMS);
    if (in->nlocs < 0 || in->nlocs > SVG_MAX_ITEMS || (in->nlocs > 0 && !in->locs))
        return gr_error_set(err, "svg: %d LOC markers given (expected 0..%d with an array)",
                            in->nlocs, SVG_MAX_ITEMS);
    c.fill[0] = colour_or(in->side_fill[0], "#2b4c9b");
    c.fill[1] = colour_or(in->side_fill[1], "#e8e2d0");
    c.fill[2] = "#8a8a8a";
    c.stroke[0] = colour_or(in->side_stroke[0], "#0f1c3f");
    c.stroke[1] = colour_or(in->side_stroke[1], "#3a3324");
    c.stroke[2] = "#303030";
    c.name[0] = in->side_name[0] ? in->side_name[0] : "Side 0";
    c.name[1] = in->side_name[1] ? in->side_name[1] : "Side 1";
    *cp = c;
    return 0;
}

int gr_svg_piece_shape(const gr_svg_input *in, const gr_render_item *it, double poly[][8], int max, double centre[2])
{
    svg_ctx c;
    gr_error err;
    if (ctx_init(&c, in, &err)) return 0;
    int n = 0;
    if (c.hexes) {
        svg_pt m;
        if (!item_hex(&c, it, &m) || max < 1) return 0;
        if (it->kind == GR_PIECE_UNIT) m.y += SVG_HEX_LOW * c.s;
        double half = (it->kind == GR_PIECE_UNIT ? SVG_HEX_COUNTER : 0.9) * c.s / 2;
        double q[8] = {m.x - half, m.y - half, m.x + half, m.y - half, m.x + half, m.y + half, m.x - half, m.y + half};
        memcpy(poly[0], q, sizeof q);
        centre[0] = m.x;
        centre[1] = m.y;
        return 1;
    }
    svg_pt ctr, lo, hi;
    if (!item_box(&c, it, &ctr, &lo, &hi)) return 0;
    int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases;
    for (int b = 0; b < nb && n < max; b++) {
        svg_pt q[4];
        if (!base_corners(&c, it->base[b], it->kind, q)) continue;
        for (int k = 0; k < 4; k++) {
            poly[n][2 * k] = q[k].x;
            poly[n][2 * k + 1] = q[k].y;
        }
        n++;
    }
    centre[0] = ctr.x;
    centre[1] = ctr.y;
    return n;
}

int gr_svg_render(FILE *out, const gr_svg_input *in, gr_error *err)
{
    if (!out || !in) return gr_error_set(err, "svg: nothing to draw (no input or no output stream)");
    svg_ctx c;
    if (ctx_init(&c, in, err)) return -1;
    c.f = out;
    svg_labset labels = {0};
    if (!c.hexes && labset_build(&c, in, &labels))
        return gr_error_set(err, "svg: out of memory placing the labels");

    double tw = c.tw * c.s, th = c.th * c.s;
    /* wide enough for the table, and for the scale bar and legend side by side */
    double band = 2 * SVG_MARGIN_X + scale_width(&c) + 60 + legend_width(&c);
    double W = fmax(fmax(tw + 2 * SVG_MARGIN_X, SVG_MIN_WIDTH), band);
    double H = SVG_TOP + th + SVG_BOTTOM + (c.hexes ? SVG_HEX_LEGEND : 0);
    double ox = (W - tw) / 2, oy = SVG_TOP;
    FILE *f = out;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"Georgia, 'DejaVu Serif', serif\">\n",
            ceil(W), ceil(H), ceil(W), ceil(H));
    emit_defs(&c);
    fprintf(f, "<rect class=\"sheet\" width=\"100%%\" height=\"100%%\" fill=\"#efe8d6\"/>\n");
    fprintf(f, "<g class=\"table\" transform=\"translate(%.1f %.1f)\" data-scale=\"%g\" data-height=\"%g\">\n", ox,
            oy, c.s, c.th);
    if (c.hexes) {
        emit_hex_grid(&c);
        emit_hexsides(&c);
        emit_hex_items(&c, in);
        fputs("</g>\n", f);
    } else {
        emit_table(&c);
        /* terrain stops at the table's edge (roads and rivers run off it) */
        fprintf(f, "<clipPath id=\"gr-table\"><rect width=\"%.1f\" height=\"%.1f\"/></clipPath>\n"
                   "<g clip-path=\"url(#gr-table)\">\n", tw, th);
        emit_terrain(&c, in->terrain);
        fputs("</g>\n", f);
        emit_objectives(&c, in);
        emit_table_pieces(&c, in, &labels);
        fputs("</g>\n", f);
        labset_free(&labels);
    }
    emit_margins(&c, in, ox, oy, W);
    fputs("</svg>\n", f);
    if (fflush(f) != 0 || ferror(f))
        return gr_error_set(err, "svg: writing the picture failed: %s", strerror(errno));
    return 0;
}

/* Replaces path with data: temporary file beside it, fsync, rename. */
static int svg_atomic_write(const char *path, const char *data, size_t len, gr_error *err)
{
    size_t pl = strlen(path);
    char *tmp = malloc(pl + sizeof ".tmp.XXXXXX");
    if (!tmp) return gr_error_set(err, "%s: out of memory", path);
    memcpy(tmp, path, pl);
    memcpy(tmp + pl, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return gr_error_set(err, "%s: cannot create a temporary file beside it: %s", path, strerror(e));
    }
    const char *what = NULL;
    int e = 0;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            what = "write";
            e = errno;
            break;
        }
        done += (size_t)n;
    }
    if (!what && fchmod(fd, 0644) != 0) { what = "chmod"; e = errno; }
    if (!what && fsync(fd) != 0) { what = "fsync"; e = errno; }
    if (close(fd) != 0 && !what) { what = "close"; e = errno; }
    if (!what && rename(tmp, path) != 0) { what = "rename"; e = errno; }
    if (what) {
        unlink(tmp);
        free(tmp);
        return gr_error_set(err, "%s: %s failed: %s (file left unchanged)", path, what, strerror(e));
    }
    free(tmp);
    /* make the rename itself durable; a failure here cannot undo it, so ignore it */
    char *dir = strdup(path);
    if (dir) {
        char *slash = strrchr(dir, '/');
        const char *d = ".";
        if (slash == dir) d = "/";
        else if (slash) { *slash = '\0'; d = dir; }
        int dfd = open(d, O_RDONLY);
        if (dfd >= 0) {
            (void)fsync(dfd);
            close(dfd);
        }
        free(dir);
    }
    return 0;
}

int gr_svg_write_file(const char *path, const gr_svg_input *in, gr_error *err)
{
    if (!path || !path[0]) return gr_error_set(err, "svg: no output file name given");
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return gr_error_set(err, "%s: cannot buffer the picture: %s", path, strerror(errno));
    int rc = gr_svg_render(m, in, err);
    if (fclose(m) != 0 && rc == 0)
        rc = gr_error_set(err, "%s: cannot buffer the picture: %s", path, strerror(errno));
    else if (rc != 0)
        gr_error_prefix(err, "%s: ", path);
    if (rc == 0) rc = svg_atomic_write(path, buf, len, err);
    free(buf);
    return rc;
}
