/* svg.c - the SVG board renderer declared in svg.h: its entry points, the
 * picture's context checked and set up from the input, the defs the layers
 * refer to (patterns, arrowheads), and the atomic file writer.
 *
 * Layout: a parchment sheet with a title band on top and a band at the
 * bottom for side 0's edge label, the scale bar and the legend. The board
 * sits between them inside a wooden frame; everything on the board is drawn
 * in a group translated to the board's top-left corner, so a board point
 * (x, y) is at (x * scale, (table_h - y) * scale) inside that group.
 *
 * Layers of a table, bottom to top: baize and grid, terrain areas (hills
 * first, woods and buildings last), water, roads, walls and hedges, bridges
 * and fords (svg_terrain.c); objectives and LOC markers, units, the last
 * move's arrows (svg_pieces.c); leader lines, labels (svg_labset.c). The
 * labels of a table are collected first and placed by svg_labels.h clear
 * of each other and of the pieces.
 * Layers of a hex board (svg_hex.c): hexes by terrain with their marks,
 * outlines and numbers, roads, rivers, bridges, objective rings, counters,
 * labels; and a second legend row naming the terrain and the hexside
 * features. The margins of both: svg_margins.c. What the files share:
 * svg_draw.h. */
#include "svg.h"
#include "svg_draw.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SVG_TOP 64.0            /* px above the table: title and side 1 edge */
#define SVG_BOTTOM 78.0         /* px below: side 0 edge, scale bar, legend */
#define SVG_MIN_WIDTH 560.0     /* px, so the bottom band always fits */
#define SVG_MAX_SCALE 1000.0
#define SVG_MAX_ITEMS 100000

/* ---- defs: patterns and arrowheads ---------------------------------------- */

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

/* ---- the context and the entry points ------------------------------------------ */

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
    c.base_edges = in->base_edges == GR_BASE_EDGES_WE || in->base_edges == GR_BASE_EDGES_EW ? in->base_edges : 0;
    if (c.hexes && svg_hexes_ok(c.hexes, err)) return -1;
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
        if (!svg_item_hex(&c, it, &m) || max < 1) return 0;
        if (it->kind == GR_PIECE_UNIT) m.y += SVG_HEX_LOW * c.s;
        double half = (it->kind == GR_PIECE_UNIT ? SVG_HEX_COUNTER : 0.9) * c.s / 2;
        double q[8] = {m.x - half, m.y - half, m.x + half, m.y - half, m.x + half, m.y + half, m.x - half, m.y + half};
        memcpy(poly[0], q, sizeof q);
        centre[0] = m.x;
        centre[1] = m.y;
        return 1;
    }
    svg_pt ctr, lo, hi;
    if (!svg_item_box(&c, it, &ctr, &lo, &hi)) return 0;
    int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases;
    for (int b = 0; b < nb && n < max; b++) {
        svg_pt q[4];
        if (!svg_base_corners(&c, it->base[b], it->kind, q)) continue;
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
    if (!c.hexes && svg_labset_build(&c, in, &labels))
        return gr_error_set(err, "svg: out of memory placing the labels");

    double tw = c.tw * c.s, th = c.th * c.s;
    /* wide enough for the table, and for the scale bar and legend side by side */
    double band = 2 * SVG_MARGIN_X + svg_scale_width(&c) + 60 + svg_legend_width(&c);
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
        svg_emit_hex_grid(&c);
        svg_emit_hexsides(&c);
        svg_emit_hex_items(&c, in);
        fputs("</g>\n", f);
    } else {
        svg_emit_table(&c);
        /* terrain stops at the table's edge (roads and rivers run off it) */
        fprintf(f, "<clipPath id=\"gr-table\"><rect width=\"%.1f\" height=\"%.1f\"/></clipPath>\n"
                   "<g clip-path=\"url(#gr-table)\">\n", tw, th);
        svg_emit_terrain(&c, in->terrain);
        fputs("</g>\n", f);
        svg_emit_objectives(&c, in);
        svg_emit_table_pieces(&c, in, &labels);
        fputs("</g>\n", f);
        svg_labset_free(&labels);
    }
    svg_emit_margins(&c, in, ox, oy, W);
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
