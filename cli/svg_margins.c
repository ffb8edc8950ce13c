/* svg_margins.c - the sheet round the board (svg_draw.h): the title band
 * on top, each side's base edge named beside the frame, and the bottom
 * band's scale bar (6 MU on a table; a hex board's comes from svg_hex.c)
 * and legend box. */
#include "svg_draw.h"

#include <math.h>
#include <string.h>

double svg_legend_width(const svg_ctx *c)
{
    double w = 16 + 5 * 34 + svg_text_w(c->name[0], 11) + svg_text_w(c->name[1], 11) + svg_text_w("broken", 11) +
               svg_text_w("commander", 11) + svg_text_w("objective", 11);
    return c->paths ? w + 34 + svg_text_w("last move", 11) : w;
}

/* the width the scale bar takes: 6 MU on a table, one hex on a hex board */
double svg_scale_width(const svg_ctx *c) { return c->hexes ? c->s : 6 * c->s; }

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

void svg_emit_margins(const svg_ctx *c, const gr_svg_input *in, double ox, double oy, double W)
{
    FILE *f = c->f;
    double tw = c->tw * c->s, th = c->th * c->s;
    emit_title(c, in, W);
    /* base edges: side 1 named at the top, side 0 at the bottom, each with the way to its edge */
    for (int s = 0; s < 2; s++) {
        int west = (c->base_edges == GR_BASE_EDGES_WE) == (s == 0);
        const char *arrow = !c->base_edges ? (s == 1 ? "\xe2\x96\xb2" : "\xe2\x96\xbc")
                            : west         ? "\xe2\x97\x80"
                                           : "\xe2\x96\xb6";
        double y = s == 1 ? oy - SVG_FRAME - 8 : oy + th + SVG_FRAME + 17;
        double cx = ox + tw / 2;
        double half = svg_text_w(c->name[s], 12) / 2 + 48;  /* name + arrow + " base edge" */
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"9\" fill=\"%s\" stroke=\"%s\"/>\n",
                cx - half - 10, y - 9, c->fill[s], c->stroke[s]);
        fprintf(f, "<text class=\"edge\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#3b3224\" "
                   "text-anchor=\"middle\">%s ", cx + 8, y, arrow);
        svg_text(f, c->name[s], 64);
        fputs(!c->base_edges ? " base edge</text>\n" : west ? " base edge (west)</text>\n" : " base edge (east)</text>\n",
              f);
    }
    /* scale bar: 6 MU in 1 MU cells (one hex on a hex board) */
    double by = oy + th + SVG_FRAME + 44, bx = SVG_MARGIN_X;
    if (c->hexes) {
        svg_emit_hex_scale(c, bx, by);
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
    double lw = svg_legend_width(c);
    double lx = fmax(W - SVG_MARGIN_X - lw, bx + svg_scale_width(c) + 60), ly = oy + th + SVG_FRAME + 30;
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
            svg_star_points(f, x + 8, y, 4.5);
            fprintf(f, "\" fill=\"%s\" stroke=\"#161616\" stroke-width=\"0.8\"/>\n", SVG_CMD_STAR);
        } else {
            fputs("<polygon points=\"", f);
            svg_star_points(f, x + 8, y, 7);
            fputs("\" fill=\"#f2c230\" stroke=\"#2a1f00\"/>\n", f);
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">", x + 22, y + 4);
        svg_text(f, lab[i], 64);
        fputs("</text>\n", f);
        x += 22 + svg_text_w(lab[i], 11) + 12;
    }
    fputs("</g>\n", f);
    if (c->hexes) svg_emit_hex_legend(c, bx, oy + th + SVG_FRAME + 84);
}
