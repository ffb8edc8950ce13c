/* engineer_works.c - where field works go and which of their pieces can be
 * laid (engineer_works.h). */
#include "engineer_works.h"
#include "command.h"
#include "engineer_task.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <math.h>

#define PIECES ((int)(LASALLE_FIELD_WORKS_BW / LASALLE_FIELD_PIECE_BW))
/* a piece is tested as a strip this deep just ahead of its line: open ground, no unit on it */
#define PIECE_DEPTH_BW 0.1

static gr_vec2 fwd_of(double h) { return (gr_vec2){cos(h), sin(h)}; }
static gr_vec2 right_of(double h) { return (gr_vec2){sin(h), -cos(h)}; }

gr_vec2 lasalle_field_marker_at(const lasalle_engineer *g)
{
    return gr_v2_add((gr_vec2){g->x, g->y}, gr_v2_scale(fwd_of(g->heading), LASALLE_ENGINEER_SPOT_BW / 2));
}

/* piece q (0 .. PIECES-1, left to right) of the line through `mid` facing h: its strip just ahead of it */
static gr_rect piece_strip(gr_vec2 mid, double h, int q)
{
    double off = (q - PIECES / 2.0 + 0.5) * LASALLE_FIELD_PIECE_BW;
    gr_vec2 c = gr_v2_add(mid, gr_v2_scale(right_of(h), off));
    return gr_rect_make(gr_v2_add(c, gr_v2_scale(fwd_of(h), PIECE_DEPTH_BW)), h, LASALLE_FIELD_PIECE_BW,
                        PIECE_DEPTH_BW);
}

/* open ground only [H, p.78], on the table, over no obstacle and under no unit */
static int piece_open(const lasalle_scenario *s, const lasalle_state *st, const gr_rect *r)
{
    if (lasalle_meets_st(s, st, r, NULL)) return 0;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j)) continue;
        gr_rect h = lasalle_hull(s, st, j);
        if (gr_rect_overlap(&h, r, LASALLE_OVERLAP_EPS)) return 0;
    }
    return 1;
}

static int run_at(const lasalle_scenario *s, const lasalle_state *st, gr_vec2 mid, double h, gr_vec2 *a, gr_vec2 *b)
{
    int open[PIECES];
    for (int q = 0; q < PIECES; q++) {
        gr_rect r = piece_strip(mid, h, q);
        open[q] = piece_open(s, st, &r);
    }
    /* the first piece is the one beside the engineer: the two in the middle, the left one first */
    int c = open[PIECES / 2 - 1] ? PIECES / 2 - 1 : open[PIECES / 2] ? PIECES / 2 : -1;
    if (c < 0) return 0;
    int lo = c, hi = c;
    while (lo > 0 && open[lo - 1]) lo--;
    while (hi + 1 < PIECES && open[hi + 1]) hi++;
    gr_vec2 r = right_of(h);
    *a = gr_v2_add(mid, gr_v2_scale(r, (lo - PIECES / 2.0) * LASALLE_FIELD_PIECE_BW));
    *b = gr_v2_add(mid, gr_v2_scale(r, (hi + 1 - PIECES / 2.0) * LASALLE_FIELD_PIECE_BW));
    return 1;
}

int lasalle_field_run(const lasalle_scenario *s, const lasalle_state *st, const lasalle_engineer *g, gr_vec2 *a,
                      gr_vec2 *b)
{
    return run_at(s, st, (gr_vec2){g->x, g->y}, g->heading, a, b);
}

void lasalle_field_deploy(const lasalle_scenario *s, const lasalle_state *st, int e, int i, lasalle_engineer *g)
{
    (void)e;
    gr_rect h = lasalle_hull(s, st, i);
    g->x = (float)h.fc.x;
    g->y = (float)h.fc.y;
    g->heading = (float)h.heading;
}

int lasalle_field_ok(const lasalle_scenario *s, const lasalle_state *st, int e, int i, const char **why)
{
    int side = s->engineers[e].side;
    const char *no = NULL;
    if (i < 0 || i >= s->nunits || s->units[i].side != side || !lasalle_alive(st, i)) {
        no = "field works are built before a unit of the engineer's side on the table (H, p.78)";
    } else {
        lasalle_engineer g = {0};
        lasalle_field_deploy(s, st, e, i, &g);
        gr_vec2 a, b;
        no = lasalle_task_place_why(s, st, side, lasalle_field_marker_at(&g));
        if (!no && !lasalle_field_run(s, st, &g, &a, &b))
            no = "field works are built in open ground, and the ground before this unit is not open (H, p.78)";
    }
    if (why) *why = no;
    return no == NULL;
}
