/* svg_hex.c - a hex board (engine/core/hex.h) drawn hex by hex
 * (svg_draw.h): the hexes coloured by terrain with a small mark of it and
 * their numbers, roads from centre to centre, rivers and other features
 * along the hexsides, bridges across them; objectives as rings round their
 * hex, counters as squares in their side's colours with their numbers,
 * each piece's name; the board's scale and its second legend row naming
 * the terrain and the hexside features; and the check that a hex map is
 * usable. */
#include "svg_draw.h"

#include <math.h>
#include <string.h>

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
    svg_pt p = {svg_sx(c, x + GR_HEX_SIDE * cos(a)), svg_sy(c, y + GR_HEX_SIDE * sin(a))};
    return p;
}

static svg_pt hex_mid(const svg_ctx *c, int col, int row)
{
    double x, y;
    gr_hex_centre(col, row, &x, &y);
    svg_pt p = {svg_sx(c, x), svg_sy(c, y)};
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

void svg_emit_hex_grid(const svg_ctx *c)
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
    fprintf(f, "%.1f\" fill=\"#4a4636\" text-anchor=\"middle\">\n", svg_clampd(0.125 * c->s, 7, 11));
    for (int row = 0; row < m->rows; row++)
        for (int col = 0; col < m->cols; col++) {
            svg_pt p = hex_mid(c, col, row);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%d %d</text>\n", p.x, p.y - 0.39 * c->s, col, row);
        }
    fputs("</g>\n", f);
}

/* roads from centre to centre across their sides, rivers along theirs, bridges across them */
void svg_emit_hexsides(const svg_ctx *c)
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
int svg_item_hex(const svg_ctx *c, const gr_render_item *it, svg_pt *at)
{
    if (it->nbases != 0 || !gr_hex_on_map(c->hexes, it->hex_col, it->hex_row)) return 0;
    *at = hex_mid(c, it->hex_col, it->hex_row);
    return 1;
}

/* an objective: a ring round the hex in its holder's colours */
static void emit_hex_marker(const svg_ctx *c, const gr_render_item *it, svg_pt m)
{
    int slot = svg_side_slot(it->side);
    double w = svg_clampd(0.06 * c->s, 2, 5);
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
    int slot = svg_side_slot(it->side);
    double half = SVG_HEX_COUNTER * c->s / 2;
    char fill[40];
    if (it->broken) snprintf(fill, sizeof fill, "url(#gr-broken-%d)", slot);
    else snprintf(fill, sizeof fill, "%s", c->fill[slot]);
    fprintf(f, "<g class=\"counter%s%s\" data-side=\"%d\"", it->broken ? " broken" : "", it->worn ? " worn" : "",
            slot == 2 ? -1 : slot);
    if (svg_ref_ok(it->ref)) fprintf(f, " data-ref=\"%s\"", it->ref);
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
    double half = SVG_HEX_COUNTER * c->s / 2, fs = svg_clampd(0.17 * c->s, 8, 14);
    if (it->kind == GR_PIECE_MARKER) { /* a star at the hex's west corner, the name along its foot */
        fputs("<polygon class=\"objective\" points=\"", f);
        svg_star_points(f, m.x - 0.4 * c->s, m.y, fmax(0.1 * c->s, 5));
        fprintf(f, "\" fill=\"%s\" stroke=\"#2a1f00\" stroke-width=\"1\"/>\n",
                svg_side_slot(it->side) == 2 ? "#f2c230" : c->fill[svg_side_slot(it->side)]);
        svg_text_open(f, m.x, m.y + 0.46 * c->s, fs * 0.8, "#2a1f00", "#f7f0d0", 2.4, " font-weight=\"bold\"");
        svg_text(f, it->label, sizeof it->label);
        fputs("</text>\n", f);
        return;
    }
    m.y += SVG_HEX_LOW * c->s;
    /* the counter's numbers big, its detail small above them, its name over the counter */
    svg_text_open(f, m.x, m.y + half * 0.72, fs * 1.1, "#ffffff", "#161616", 2.6,
                  " class=\"numbers\" font-weight=\"bold\"");
    svg_text(f, it->counter, sizeof it->counter);
    fputs("</text>\n", f);
    if (it->detail[0]) {
        svg_text_open(f, m.x, m.y - half * 0.05, fs * 0.75, "#fff6d8", "#161616", 2.2, " class=\"detail\"");
        svg_text(f, it->detail, sizeof it->detail);
        fputs("</text>\n", f);
    }
    svg_text_open(f, m.x, m.y - half - 2, fs * 0.75, "#ffffff", "#161616", 2.6,
                  " class=\"label\" font-weight=\"bold\"");
    svg_text(f, it->label, sizeof it->label);
    fputs("</text>\n", f);
}

/* objectives first, then counters, then every label on top */
void svg_emit_hex_items(const svg_ctx *c, const gr_svg_input *in)
{
    svg_pt m;
    fputs("<g class=\"units\">\n", c->f);
    for (int i = 0; i < in->nitems; i++)
        if (in->items[i].kind == GR_PIECE_MARKER && svg_item_hex(c, &in->items[i], &m))
            emit_hex_marker(c, &in->items[i], m);
    for (int i = 0; i < in->nitems; i++) {
        const gr_render_item *it = &in->items[i];
        if (it->nbases > 0) svg_emit_item_body(c, it);
        else if (it->kind != GR_PIECE_MARKER && svg_item_hex(c, it, &m)) emit_hex_counter(c, it, m);
    }
    for (int i = 0; i < in->nitems; i++) {
        const gr_render_item *it = &in->items[i];
        if (it->nbases > 0) svg_emit_item_label(c, it);
        else if (svg_item_hex(c, it, &m)) emit_hex_label(c, it, m);
    }
    fputs("</g>\n", c->f);
}

/* the scale of a hex board: one hex, and how hexes are named */
void svg_emit_hex_scale(const svg_ctx *c, double bx, double by)
{
    FILE *f = c->f;
    fprintf(f, "<g class=\"scale\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"6\" fill=\"#222222\" "
               "stroke=\"#222\" stroke-width=\"0.8\"/>\n", bx, by, c->s);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#222\">1 hex</text>\n", bx + c->s + 6, by + 7);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">hex \"col row\": columns 0-%d from the "
               "west, rows 0-%d from the south</text>\n</g>\n", bx, by + 20, c->hexes->cols - 1, c->hexes->rows - 1);
}

/* the second legend row: each terrain of the map and each hexside feature */
void svg_emit_hex_legend(const svg_ctx *c, double x, double y)
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
        x += 30 + svg_text_w(st->name, 11);
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
        x += 32 + svg_text_w(name, 11);
    }
    fputs("</g>\n", f);
}

/* a usable hex map, or -1 naming what is wrong with it */
int svg_hexes_ok(const gr_hexmap *m, gr_error *err)
{
    if (m->cols < 1 || m->rows < 1 || m->cols > GR_HEX_MAX_DIM || m->rows > GR_HEX_MAX_DIM || !m->terrain ||
        !m->sides || m->kinds.nterrain < 1 || m->kinds.nterrain > GR_HEX_MAX_TERRAIN || !m->kinds.terrain ||
        m->kinds.nfeatures < 0 || (m->kinds.nfeatures > 0 && !m->kinds.features))
        return gr_error_set(err, "svg: the hex map (%d x %d hexes) is not usable", m->cols, m->rows);
    return 0;
}
