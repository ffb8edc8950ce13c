/* svg_labels.c - the label placer declared in svg_labels.h.
 *
 * Greedy: labels are taken in priority order (input order among equals);
 * each tries its places in a fixed order and takes the first whose box,
 * grown by GR_SVGLAB_SEP, meets no label already placed, no obstacle (but
 * its own) and stays inside the bounds. A place is scored by three areas,
 * compared in turn: overlap with placed labels, area outside the bounds,
 * overlap with obstacles; a label that finds no place scoring zero takes
 * the lowest scoring one, or, when it may be shortened, tries a shorter
 * text and in the end is dropped. */
#include "svg_labels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SVGLAB_DIRS 16          /* places in one ring */
#define SVGLAB_NEAR_RINGS 3     /* rings a label that may be shortened searches */
#define SVGLAB_FAR_RINGS 16     /* rings any other label searches */
#define SVGLAB_GAP 2.0          /* px between the first ring and the thing at the anchor */
#define SVGLAB_MIN_KEEP 4       /* a shortened text keeps at least this many characters */

/* Where the places of a ring sit, as fractions of the ring's half sizes:
 * the sides, the corners, then the eight between. */
static const double svglab_dir[SVGLAB_DIRS][2] = {
    {0, -1},   {0, 1},    {1, 0},     {-1, 0},  {1, -1},  {-1, -1}, {1, 1},     {-1, 1},
    {0.5, -1}, {-0.5, -1}, {0.5, 1},  {-0.5, 1}, {1, -0.5}, {-1, -0.5}, {1, 0.5}, {-1, 0.5},
};

typedef struct svglab_score {
    double lab, out, obs;       /* px^2 over placed labels, outside the bounds, over obstacles */
} svglab_score;

typedef struct svglab_ctx {
    gr_svglab_label *labels;
    const int *order;           /* placement order */
    int nplaced;                /* order[0..nplaced) are placed */
    const gr_svglab_obstacle *obs;
    int nobs;
    gr_svglab_rect bounds;
    int bounded;
} svglab_ctx;

double gr_svglab_text_w(const char *s, size_t max, double fs)
{
    return (s ? (double)strnlen(s, max) : 0) * fs * GR_SVGLAB_EM;
}

int gr_svglab_overlap(const gr_svglab_rect *a, const gr_svglab_rect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static double overlap_area(const gr_svglab_rect *a, const gr_svglab_rect *b)
{
    double w = fmin(a->x + a->w, b->x + b->w) - fmax(a->x, b->x);
    double h = fmin(a->y + a->h, b->y + b->h) - fmax(a->y, b->y);
    return w > 0 && h > 0 ? w * h : 0;
}

static gr_svglab_rect box_of(double cx, double cy, double w, double h)
{
    gr_svglab_rect r = {cx - w / 2, cy - h / 2, w, h};
    return r;
}

gr_svglab_rect gr_svglab_box(const gr_svglab_label *l)
{
    return box_of(l->cx, l->cy, l->pw, l->h);
}

/* The centre of place k of a label of width w: 0 the preferred place, then
 * ring by ring; each ring is one label height (and a gap) beyond the last. */
static void place_at(const gr_svglab_label *l, double w, int k, double *cx, double *cy)
{
    if (k == 0) {
        *cx = l->ax + l->px;
        *cy = l->ay + l->py;
        return;
    }
    int ring = (k - 1) / SVGLAB_DIRS, d = (k - 1) % SVGLAB_DIRS;
    double step = ring * (l->h + SVGLAB_GAP);
    double rx = w / 2 + l->arx + SVGLAB_GAP + step, ry = l->h / 2 + l->ary + SVGLAB_GAP + step;
    *cx = l->ax + svglab_dir[d][0] * rx;
    *cy = l->ay + svglab_dir[d][1] * ry;
}

static double outside_area(const svglab_ctx *c, const gr_svglab_rect *r)
{
    const gr_svglab_rect *b = &c->bounds;
    if (!c->bounded || (r->x >= b->x && r->y >= b->y && r->x + r->w <= b->x + b->w && r->y + r->h <= b->y + b->h))
        return 0;
    return fmax(r->w * r->h - overlap_area(r, b), 1e-9);   /* over the edge, however little */
}

/* How bad box r is for the label at index self. */
static svglab_score score_of(const svglab_ctx *c, int self, const gr_svglab_rect *r)
{
    svglab_score s = {0, outside_area(c, r), 0};
    gr_svglab_rect g = {r->x - GR_SVGLAB_SEP, r->y - GR_SVGLAB_SEP, r->w + 2 * GR_SVGLAB_SEP,
                        r->h + 2 * GR_SVGLAB_SEP};
    for (int i = 0; i < c->nplaced; i++) {
        const gr_svglab_label *o = &c->labels[c->order[i]];
        if (o->fate == GR_SVGLAB_DROPPED) continue;
        gr_svglab_rect b = gr_svglab_box(o);
        s.lab += overlap_area(&g, &b);
    }
    for (int i = 0; i < c->nobs; i++)
        if (c->obs[i].owner != self) s.obs += overlap_area(r, &c->obs[i].r);
    return s;
}

static int score_less(const svglab_score *a, const svglab_score *b)
{
    if (a->lab != b->lab) return a->lab < b->lab;
    if (a->out != b->out) return a->out < b->out;
    return a->obs < b->obs;
}

static int score_zero(const svglab_score *s) { return s->lab <= 0 && s->out <= 0 && s->obs <= 0; }

/* The best of the first `rings` rings for a box of width w: its place
 * number, its score in *best; stops at the first place scoring zero. */
static int search(const svglab_ctx *c, int self, double w, int rings, svglab_score *best)
{
    const gr_svglab_label *l = &c->labels[self];
    int found = 0, nplaces = 1 + rings * SVGLAB_DIRS;
    for (int k = 0; k < nplaces; k++) {
        double cx, cy;
        place_at(l, w, k, &cx, &cy);
        gr_svglab_rect r = box_of(cx, cy, w, l->h);
        svglab_score s = score_of(c, self, &r);
        if (k == 0 || score_less(&s, best)) {
            *best = s;
            found = k;
        }
        if (score_zero(&s)) break;
    }
    return found;
}

/* Far enough from the thing at its anchor, or off its corner (beside it
 * neither across nor along), to need a line to it. */
static int needs_leader(const gr_svglab_label *l)
{
    double dx = fmax(0, fabs(l->cx - l->ax) - l->pw / 2 - l->arx);
    double dy = fmax(0, fabs(l->cy - l->ay) - l->h / 2 - l->ary);
    return (dx > 0.5 && dy > 0.5) || hypot(dx, dy) > l->h / 2 + 3;
}

static void settle(gr_svglab_label *l, double w, int k, int keep, int fate)
{
    place_at(l, w, k, &l->cx, &l->cy);
    l->pw = w;
    l->keep = keep;
    l->fate = fate;
    l->leader = needs_leader(l);
}

/* A label that may be shortened: whole, then cut shorter, on a free place
 * near its anchor, else dropped. */
static void place_short(const svglab_ctx *c, int self)
{
    gr_svglab_label *l = &c->labels[self];
    double pad = l->w - l->nchars * l->char_w;
    for (int keep = l->nchars;;) {
        double w = keep == l->nchars ? l->w : pad + (keep + 1) * l->char_w;  /* + 1: the ellipsis */
        svglab_score s;
        int k = search(c, self, w, SVGLAB_NEAR_RINGS, &s);
        if (score_zero(&s)) {
            settle(l, w, k, keep, keep == l->nchars ? GR_SVGLAB_PLACED : GR_SVGLAB_SHORTENED);
            return;
        }
        int next = keep == l->nchars ? l->nchars * 2 / 3 : keep * 3 / 4;
        if (next >= keep || next < SVGLAB_MIN_KEEP) break;
        keep = next;
    }
    settle(l, l->w, 0, 0, GR_SVGLAB_DROPPED);
}

static void place_one(const svglab_ctx *c, int self)
{
    gr_svglab_label *l = &c->labels[self];
    if (l->flags & GR_SVGLAB_MAY_SHORTEN) {
        place_short(c, self);
        return;
    }
    svglab_score s;
    int k = search(c, self, l->w, SVGLAB_FAR_RINGS, &s);
    settle(l, l->w, k, l->nchars, s.lab > 0 ? GR_SVGLAB_CROWDED : score_zero(&s) ? GR_SVGLAB_PLACED
                                                                                  : GR_SVGLAB_COVERS);
}

typedef struct svglab_key {
    int priority, index;
} svglab_key;

static int key_cmp(const void *a, const void *b)
{
    const svglab_key *x = a, *y = b;
    if (x->priority != y->priority) return x->priority < y->priority ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* every label at its preferred place, whole: the answer when nothing better can be had */
static void place_unsearched(gr_svglab_label *l, int fate)
{
    settle(l, l->w, 0, l->nchars, fate);
}

int gr_svglab_place(gr_svglab_label *labels, int n, const gr_svglab_obstacle *obs, int nobs,
                    const gr_svglab_rect *bounds)
{
    if (n <= 0) return 0;
    svglab_key *keys = malloc((size_t)n * sizeof *keys);
    int *order = malloc((size_t)n * sizeof *order);
    if (!keys || !order) {
        free(keys);
        free(order);
        for (int i = 0; i < n; i++) place_unsearched(&labels[i], GR_SVGLAB_CROWDED);
        return -1;
    }
    for (int i = 0; i < n; i++) keys[i] = (svglab_key){labels[i].priority, i};
    qsort(keys, (size_t)n, sizeof *keys, key_cmp);
    for (int i = 0; i < n; i++) order[i] = keys[i].index;
    free(keys);
    svglab_ctx c = {labels, order, 0, obs, nobs > 0 && obs ? nobs : 0, {0, 0, 0, 0}, 0};
    if (bounds && bounds->w > 0 && bounds->h > 0) {
        c.bounds = *bounds;
        c.bounded = 1;
    }
    for (int i = 0; i < n; i++) {
        c.nplaced = i;
        if (i < GR_SVGLAB_SEARCH_MAX) place_one(&c, order[i]);
        else place_unsearched(&labels[order[i]], GR_SVGLAB_CROWDED);
    }
    free(order);
    return 0;
}
