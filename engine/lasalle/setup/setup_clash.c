/* setup_clash.c - where terrain pieces may go [J Customize the Board,
 * p.90]: areas and town bases overlap no other feature (kept a gap apart,
 * ruling R-112), roads may run through anything, walls and water keep off
 * areas; and the setup zones [J Setup Zones, p.90; ruling R-114]. */
#include "setup.h"

#include <math.h>

static bool is_area(const lasalle_setup_piece *p)
{
    return p->gtype != LASALLE_G_ROAD && p->gtype != LASALLE_G_STREAM && p->gtype != LASALLE_G_RIVER &&
           p->gtype != LASALLE_G_WALL && p->gtype != LASALLE_G_BRIDGE && p->gtype != LASALLE_G_FORD;
}

static void bbox(const lasalle_setup_piece *p, double b[4])
{
    b[0] = b[2] = p->pts[0].x;
    b[1] = b[3] = p->pts[0].y;
    for (int i = 1; i < p->npts; i++) {
        b[0] = fmin(b[0], p->pts[i].x);
        b[2] = fmax(b[2], p->pts[i].x);
        b[1] = fmin(b[1], p->pts[i].y);
        b[3] = fmax(b[3], p->pts[i].y);
    }
}

/* does the line piece l come within `gap` (plus its half width) of the box b? */
static bool line_near_box(const lasalle_setup_piece *l, const double b[4], double gap)
{
    double g = gap + l->width / 2;
    for (int i = 0; i + 1 < l->npts; i++) {
        double len = gr_v2_dist(l->pts[i], l->pts[i + 1]);
        int n = (int)ceil(len / 0.25);
        for (int k = 0; k <= n; k++) {
            gr_vec2 q = gr_v2_add(l->pts[i], gr_v2_scale(gr_v2_sub(l->pts[i + 1], l->pts[i]), n ? (double)k / n : 0));
            if (q.x > b[0] - g && q.x < b[2] + g && q.y > b[1] - g && q.y < b[3] + g) return true;
        }
    }
    return false;
}

static bool clash_pair(const lasalle_setup_piece *p, const lasalle_setup_piece *q)
{
    double a[4], b[4], gap = LASALLE_SETUP_PIECE_GAP;
    bbox(p, a);
    bbox(q, b);
    if (p->gtype == LASALLE_G_ROAD || q->gtype == LASALLE_G_ROAD) return false;   /* roads run through [B, p.21] */
    if (p->gtype == LASALLE_G_BRIDGE || p->gtype == LASALLE_G_FORD || q->gtype == LASALLE_G_BRIDGE ||
        q->gtype == LASALLE_G_FORD)
        return is_area(p) || is_area(q) ? line_near_box(is_area(p) ? q : p, is_area(p) ? a : b, gap) : false;
    if (is_area(p) && is_area(q))
        return a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;
    if (is_area(p)) return line_near_box(q, a, p->gtype == LASALLE_G_TOWN && q->gtype == LASALLE_G_WALL ? 0.5 : gap);
    if (is_area(q)) return line_near_box(p, b, q->gtype == LASALLE_G_TOWN && p->gtype == LASALLE_G_WALL ? 0.5 : gap);
    /* two lines: water and walls do not cross */
    return line_near_box(p, b, 0) && line_near_box(q, a, 0);
}

bool lasalle_setup_clashes(const lasalle_setup *S, const lasalle_setup_piece *p)
{
    double b[4];
    bbox(p, b);
    if (b[0] < 0 || b[1] < 0 || b[2] > LASALLE_SETUP_TABLE_W || b[3] > LASALLE_SETUP_TABLE_H) return true;
    for (int k = 0; k < S->npieces; k++)
        if (clash_pair(p, &S->piece[k])) return true;
    return false;
}

int lasalle_setup_area_at(const lasalle_setup *S, double x, double y)
{
    int found = -1;
    for (int k = 0; k < S->npieces; k++) {
        const lasalle_setup_piece *p = &S->piece[k];
        if (is_area(p) && gr_point_in_poly(p->pts, p->npts, gr_v2(x, y))) found = k;
    }
    return found;
}

void lasalle_setup_zone(int side, double box[4])
{
    box[0] = LASALLE_SETUP_ZONE_BW;
    box[2] = LASALLE_SETUP_TABLE_W - LASALLE_SETUP_ZONE_BW;
    box[1] = side ? LASALLE_SETUP_TABLE_H - LASALLE_SETUP_ZONE_BW : 0;
    box[3] = side ? LASALLE_SETUP_TABLE_H : LASALLE_SETUP_ZONE_BW;
}
