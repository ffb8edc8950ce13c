/* svg_pieces.c - what stands on a table (svg_draw.h): objectives and LOC
 * markers, units, commanders and markers base by base with their front
 * edges, the "S" of a spent unit, the last move's arrows; and the geometry
 * and text of a piece's label, which svg_labset.c places on a table (a hex
 * board's pieces on bases take theirs unplaced). */
#include "svg_draw.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* ---- objectives and lines of communication --------------------------------- */

void svg_emit_objectives(const svg_ctx *c, const gr_svg_input *in)
{
    FILE *f = c->f;
    fputs("<g class=\"objectives\">\n", f);
    for (int i = 0; i < in->nobjectives; i++) {
        const gr_svg_objective *o = &in->objectives[i];
        if (!isfinite(o->x) || !isfinite(o->y)) continue;
        int slot = svg_side_slot(o->owner);
        const char *ring = slot == 2 ? "#d4a017" : c->fill[slot];
        double X = svg_sx(c, o->x), Y = svg_sy(c, o->y);
        if (isfinite(o->radius) && o->radius > 0)
            fprintf(f, "<circle class=\"objective-zone\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
                       "fill=\"%s\" fill-opacity=\"0.15\" stroke=\"%s\" stroke-width=\"2\" "
                       "stroke-dasharray=\"6 4\"/>\n",
                    X, Y, fmin(o->radius, SVG_MAX_TABLE) * c->s, ring,
                    slot == 2 ? "#9a7409" : c->stroke[slot]);
        double r = fmax(0.6 * c->s, 7);
        fputs("<polygon class=\"objective\" points=\"", f);
        svg_star_points(f, X, Y, r);
        fprintf(f, "\" fill=\"%s\" stroke=\"#2a1f00\" stroke-width=\"1.2\"/>\n",
                slot == 2 ? "#f2c230" : c->fill[slot]);
    }
    for (int i = 0; i < in->nlocs; i++) {
        const gr_svg_loc *l = &in->locs[i];
        if (!isfinite(l->x) || !isfinite(l->y)) continue;
        int slot = svg_side_slot(l->side);
        double half = GR_SVG_LOC_SIZE * c->s / 2, X = svg_sx(c, l->x), Y = svg_sy(c, l->y);
        fprintf(f, "<rect class=\"loc\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                   "fill=\"%s\" fill-opacity=\"0.45\" stroke=\"%s\" stroke-width=\"2\" "
                   "stroke-dasharray=\"5 3\"/>\n",
                X - half, Y - half, 2 * half, 2 * half, c->fill[slot], c->stroke[slot]);
    }
    fputs("</g>\n", f);
}

/* ---- units ------------------------------------------------------------------ */

/* a piece's reference as the page reads it: letters, digits and '_' only */
int svg_ref_ok(const char *ref)
{
    if (!ref[0]) return 0;
    for (const char *p = ref; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_') return 0;
    return 1;
}

/* The four corners of a base in picture coordinates: FL, FR, RR, RL. */
int svg_base_corners(const svg_ctx *c, const double *b, int kind, svg_pt out[4])
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
        out[k].x = svg_sx(c, cx[k]);
        out[k].y = svg_sy(c, cy[k]);
    }
    return 1;
}

/* Centre and picture bounding box of an item; 0 when it has no drawable base. */
int svg_item_box(const svg_ctx *c, const gr_render_item *it, svg_pt *ctr, svg_pt *lo, svg_pt *hi)
{
    int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases, used = 0;
    double mx = 0, my = 0;
    lo->x = lo->y = INFINITY;
    hi->x = hi->y = -INFINITY;
    for (int b = 0; b < nb; b++) {
        svg_pt q[4];
        if (!svg_base_corners(c, it->base[b], it->kind, q)) continue;
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

void svg_emit_item_body(const svg_ctx *c, const gr_render_item *it)
{
    FILE *f = c->f;
    int slot = svg_side_slot(it->side);
    int nb = it->nbases < 0 ? 0 : it->nbases > 24 ? 24 : it->nbases;
    char fill[40];
    if (it->broken) snprintf(fill, sizeof fill, "url(#gr-broken-%d)", slot);
    else snprintf(fill, sizeof fill, "%s", c->fill[slot]);
    const char *kind = it->kind == 1 ? "commander" : it->kind == 2 ? "marker" : "unit";
    fprintf(f, "<g class=\"%s%s\" data-side=\"%d\"", kind, it->broken ? " broken" : "", slot == 2 ? -1 : slot);
    if (svg_ref_ok(it->ref)) fprintf(f, " data-ref=\"%s\"", it->ref);
    fputs(">\n", f);
    double fw = svg_clampd(0.14 * c->s, 2.0, 5.0);
    for (int b = 0; b < nb; b++) {
        svg_pt q[4];
        if (!svg_base_corners(c, it->base[b], it->kind, q)) continue;
        double lw = it->base[b][3], ld = it->base[b][4];
        if (it->kind == 2 && fmax(lw, ld) >= SVG_STRIP_RATIO * fmin(lw, ld)) {
            /* a strip (works, a pontoon): drawn as it lies, earth-coloured when it is nobody's */
            fprintf(f, "<polygon class=\"marker strip\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                       "fill=\"%s\" stroke=\"#161616\" stroke-width=\"1\"/>\n",
                    q[0].x, q[0].y, q[1].x, q[1].y, q[2].x, q[2].y, q[3].x, q[3].y,
                    slot == 2 ? SVG_STRIP_EARTH : fill);
            continue;
        }
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
            svg_star_points(f, (q[0].x + q[2].x) / 2, (q[0].y + q[2].y) / 2, side * 0.36);
            fprintf(f, "\" fill=\"%s\" stroke=\"#161616\" stroke-width=\"0.8\"/>\n", SVG_CMD_STAR);
        }
    }
    fputs("</g>\n", f);
}

/* ---- a piece's label ------------------------------------------------------- */

/* The text of an item's label: its name over its detail, the pair as one
 * box with the baselines measured from the box's top. */
typedef struct item_text {
    double fs, ds;              /* name and detail font sizes */
    double w, h;                /* the box, halo included */
    double base_label, base_detail;
    int has_label, has_detail;
} item_text;

/* 0 when the item has nothing to write */
static int item_text_of(const svg_ctx *c, const gr_render_item *it, item_text *t)
{
    t->fs = svg_clampd(0.6 * c->s, 9, 15);
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

/* An item's label for the placer: on the body of a unit, below a commander
 * or a marker; 0 when the item has no body or nothing to write. */
int svg_item_label_spec(const svg_ctx *c, const gr_render_item *it, gr_svglab_label *l)
{
    svg_pt ctr, lo, hi;
    item_text t;
    if (!svg_item_box(c, it, &ctr, &lo, &hi) || !item_text_of(c, it, &t)) return 0;
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
void svg_emit_item_text(const svg_ctx *c, const gr_render_item *it, double cx, double cy)
{
    FILE *f = c->f;
    item_text t;
    if (!item_text_of(c, it, &t)) return;
    double top = cy - t.h / 2;
    if (t.has_label) {
        svg_text_open(f, cx, top + t.base_label, t.fs, it->broken ? "#e6e6e6" : "#ffffff", "#161616", 2.8,
                      " class=\"label\" font-weight=\"bold\"");
        svg_text(f, it->label, sizeof it->label);
        fputs("</text>\n", f);
    }
    if (t.has_detail) {
        svg_text_open(f, cx, top + t.base_detail, t.ds, "#fff6d8", "#161616", 2.4, " class=\"detail\"");
        svg_text(f, it->detail, sizeof it->detail);
        fputs("</text>\n", f);
    }
}

/* the mark of a worn unit at its body's top right corner; 0 when it has none */
int svg_item_spent_at(const svg_ctx *c, const gr_render_item *it, double *x, double *y, double *r)
{
    svg_pt ctr, lo, hi;
    if (!it->worn || !svg_item_box(c, it, &ctr, &lo, &hi)) return 0;
    *x = hi.x;
    *y = lo.y;
    *r = svg_clampd(0.6 * c->s, 9, 15) * 0.55;
    return 1;
}

static void emit_item_spent(const svg_ctx *c, const gr_render_item *it)
{
    double x, y, r;
    if (!svg_item_spent_at(c, it, &x, &y, &r)) return;
    fprintf(c->f, "<g class=\"spent\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#f4dc6b\" "
                  "stroke=\"#222\" stroke-width=\"1\"/>"
                  "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" "
                  "text-anchor=\"middle\" fill=\"#222\">S</text></g>\n",
            x, y, r, x, y + r * 0.55, r * 1.5);
}

/* an item's label where it stands unplaced (the hex board's pieces on bases) */
void svg_emit_item_label(const svg_ctx *c, const gr_render_item *it)
{
    gr_svglab_label l;
    if (svg_item_label_spec(c, it, &l)) svg_emit_item_text(c, it, l.cx, l.cy);
    emit_item_spent(c, it);
}

/* ---- the table's pieces and the last move's arrows -------------------------- */

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
        double x0 = svg_sx(c, p->from[0]), y0 = svg_sy(c, p->from[1]),
               x1 = svg_sx(c, p->to[0]), y1 = svg_sy(c, p->to[1]);
        int slot = svg_side_slot(p->side);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#fbf7ec\" stroke-width=\"4.5\" "
                   "stroke-opacity=\"0.8\"/>\n", x0, y0, x1, y1);
        fprintf(f, "<line class=\"path\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                   "stroke-width=\"2\" stroke-dasharray=\"6 3\" marker-end=\"url(#gr-arrow-%d)\"/>\n",
                x0, y0, x1, y1, c->stroke[slot], slot);
    }
    fputs("</g>\n", f);
}

/* the table's pieces over its terrain and marks: bodies, spent marks, the last move's arrows, leaders,
 * then every label */
void svg_emit_table_pieces(const svg_ctx *c, const gr_svg_input *in, const svg_labset *s)
{
    fputs("<g class=\"units\">\n", c->f);
    for (int i = 0; i < in->nitems; i++) svg_emit_item_body(c, &in->items[i]);
    for (int i = 0; i < in->nitems; i++) emit_item_spent(c, &in->items[i]);
    fputs("</g>\n", c->f);
    emit_paths(c, in);
    svg_emit_leaders(c, s);
    fputs("<g class=\"labels\" pointer-events=\"none\">\n", c->f);
    for (int i = 0; i < s->n; i++) svg_emit_placed(c, in, s, i);
    fputs("</g>\n", c->f);
}
