/* sweep.c - building swept areas from poses (see sweep.h). */
#include "sweep.h"

void fogn_sweep_clear(fogn_sweep *sw)
{
    sw->n = 0;
    sw->overflow = 0;
}

void fogn_sweep_rect(fogn_sweep *sw, const gr_rect *r)
{
    if (sw->n >= FOGN_SWEEP_MAX) { sw->overflow = 1; return; }
    gr_rect_corners(r, sw->pts[sw->n]);
    sw->npts[sw->n++] = 4;
}

void fogn_sweep_pair(fogn_sweep *sw, const gr_rect *a, const gr_rect *b)
{
    if (sw->n >= FOGN_SWEEP_MAX) { sw->overflow = 1; return; }
    gr_vec2 all[8];
    gr_rect_corners(a, all);
    gr_rect_corners(b, all + 4);
    int n = gr_convex_hull(all, 8, sw->pts[sw->n]);
    if (n < 3) { /* degenerate: no movement */
        gr_rect_corners(a, sw->pts[sw->n]);
        n = 4;
    }
    sw->npts[sw->n++] = n;
}

void fogn_sweep_rotation(fogn_sweep *sw, const gr_rect *start, gr_vec2 pivot, double angle, int samples)
{
    if (samples < 1) samples = 1;
    gr_rect prev = *start;
    for (int i = 1; i <= samples; i++) {
        gr_rect cur = gr_rect_rotate_about(start, pivot, angle * i / samples);
        fogn_sweep_pair(sw, &prev, &cur);
        prev = cur;
    }
}
