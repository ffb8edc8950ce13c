/* svg_labset.c - every name on a table (svg_draw.h): units' and
 * commanders' names with their details, terrain names, objective names,
 * "LOC". They are collected with the obstacles they keep off (the pieces'
 * bases, spent marks, objectives' stars, LOC squares), placed by
 * svg_labels.h, then drawn: leader lines to the labels placed away from
 * what they name, and each label in a group whose data-box attribute gives
 * the box it was placed in. */
#include "svg_draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* what each placed label is, in the order of the placer's labels */
enum { SVG_LAB_ITEM, SVG_LAB_TERRAIN, SVG_LAB_OBJECTIVE, SVG_LAB_LOC };

/* ---- collected and placed ---------------------------------------------------- */

static double terrain_fs(const svg_ctx *c) { return svg_clampd(0.45 * c->s, 8, 13); }
static double mark_fs(const svg_ctx *c) { return svg_clampd(0.5 * c->s, 9, 14); }
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
        if (svg_item_label_spec(c, it, &l)) labset_add(s, &l, SVG_LAB_ITEM, i);
        int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases;
        for (int b = 0; b < nb; b++) {
            svg_pt q[4];
            if (!svg_base_corners(c, it->base[b], it->kind, q)) continue;
            double x0 = fmin(fmin(q[0].x, q[1].x), fmin(q[2].x, q[3].x));
            double x1 = fmax(fmax(q[0].x, q[1].x), fmax(q[2].x, q[3].x));
            double y0 = fmin(fmin(q[0].y, q[1].y), fmin(q[2].y, q[3].y));
            double y1 = fmax(fmax(q[0].y, q[1].y), fmax(q[2].y, q[3].y));
            labset_obstacle(s, x0, y0, x1, y1, -1);
        }
        double x, y, r;
        if (svg_item_spent_at(c, it, &x, &y, &r)) labset_obstacle(s, x - r, y - r, x + r, y + r, -1);
    }
}

/* terrain names: on an area, beside a line; shortened or left out when there is no room */
static void collect_terrain(const svg_ctx *c, const gr_terrain *t, svg_labset *s)
{
    int n = t ? (t->n < 0 ? 0 : t->n > GR_TERRAIN_MAX ? GR_TERRAIN_MAX : t->n) : 0;
    double fs = terrain_fs(c);
    for (int i = 0; i < n; i++) {
        const gr_terrain_piece *p = &t->p[i];
        if (!svg_piece_ok(p) || p->name[0] == '\0') continue;
        int area = p->shape == GR_SHAPE_POLYGON;
        gr_vec2 at = area ? svg_centroid(p->pts, p->npts) : svg_line_middle(p);
        gr_svglab_label l;
        line_label(&l, svg_sx(c, at.x), svg_sy(c, at.y), (int)strnlen(p->name, sizeof p->name), fs, 0,
                   SVG_PRIO_TERRAIN);
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
        double X = svg_sx(c, o->x), Y = svg_sy(c, o->y);
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
        double half = GR_SVG_LOC_SIZE * c->s / 2, X = svg_sx(c, lc->x), Y = svg_sy(c, lc->y);
        gr_svglab_label l;
        line_label(&l, X, Y, 3, fs, 1, SVG_PRIO_LOC);
        l.arx = l.ary = half;
        labset_obstacle(s, X - half, Y - half, X + half, Y + half, labset_add(s, &l, SVG_LAB_LOC, i));
    }
}

void svg_labset_free(svg_labset *s)
{
    free(s->lab);
    free(s->src);
    free(s->obs);
    memset(s, 0, sizeof *s);
}

/* every label of a table, placed; 0, or -1 when out of memory */
int svg_labset_build(const svg_ctx *c, const gr_svg_input *in, svg_labset *s)
{
    memset(s, 0, sizeof *s);
    size_t nl = (size_t)in->nitems + GR_TERRAIN_MAX + (size_t)in->nobjectives + (size_t)in->nlocs;
    size_t no = (size_t)in->nitems * 25 + (size_t)in->nobjectives + (size_t)in->nlocs;
    s->lab = calloc(nl, sizeof *s->lab);
    s->src = calloc(nl, sizeof *s->src);
    s->obs = calloc(no ? no : 1, sizeof *s->obs);
    if (!s->lab || !s->src || !s->obs) {
        svg_labset_free(s);
        return -1;
    }
    collect_items(c, in, s);
    collect_marks(c, in, s);
    collect_terrain(c, in->terrain, s);
    gr_svglab_rect table = {0, 0, c->tw * c->s, c->th * c->s};
    if (gr_svglab_place(s->lab, s->n, s->obs, s->nobs, &table)) {
        svg_labset_free(s);
        return -1;
    }
    return 0;
}

/* ---- drawn ------------------------------------------------------------------- */

/* A leader from the edge of what label l names to the nearest point of its
 * box, a dot at its start; nothing when the box reaches the anchor. */
static void emit_leader(const svg_ctx *c, const gr_svglab_label *l)
{
    gr_svglab_rect b = gr_svglab_box(l);
    double x = svg_clampd(l->ax, b.x, b.x + b.w), y = svg_clampd(l->ay, b.y, b.y + b.h);
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
void svg_emit_leaders(const svg_ctx *c, const svg_labset *s)
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
    svg_text_open(c->f, l->cx, l->cy - l->h / 2 + SVG_LAB_PAD_Y + 0.8 * fs, fs, "#2b2514", "#f3eedd", 2.4,
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
void svg_emit_placed(const svg_ctx *c, const gr_svg_input *in, const svg_labset *s, int i)
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
        svg_emit_item_text(c, &in->items[k], l->cx, l->cy);
    } else if (w == SVG_LAB_TERRAIN) {
        emit_terrain_name(c, &in->terrain->p[k], l);
    } else if (w == SVG_LAB_OBJECTIVE) {
        svg_text_open(c->f, l->cx, base, fs, "#2a1f00", "#f7f0d0", 2.6,
                      " class=\"objective-name\" font-weight=\"bold\"");
        svg_text(c->f, in->objectives[k].name, 64);
        fputs("</text>\n", c->f);
    } else {
        svg_text_open(c->f, l->cx, base, fs, "#ffffff", "#1a1a1a", 2.4, " class=\"loc-name\" font-weight=\"bold\"");
        fputs("LOC</text>\n", c->f);
    }
    fputs("</g>\n", c->f);
}
