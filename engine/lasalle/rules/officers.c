/* officers.c - officers' moves and the places offered for them
 * (officers.h). */
#include "officers.h"
#include "command.h"
#include "footprint.h"
#include "tables.h"

#include <math.h>
#include <stdio.h>

#define BEHIND_BW 1.0       /* a spot offered behind a unit stands this far behind its rear */
#define MIDDLE_BACK_BW 1.5  /* ... and the middle of his units this far towards his own edge */
#define SAME_SPOT_BW 0.5    /* spots closer than this are one spot */

int lasalle_under(const lasalle_scenario *s, int k, int i)
{
    const lasalle_officer_profile *o = &s->officers[k];
    if (s->units[i].side != o->side) return 0;
    return o->commander || s->units[i].force == o->force;
}

int lasalle_officer_check(const lasalle_scenario *s, const lasalle_state *st, int k, double x, double y,
                          gr_error *err)
{
    const lasalle_officer_profile *o = &s->officers[k];
    gr_vec2 at = gr_v2(x, y);
    if (!isfinite(x) || !isfinite(y) || x < 0 || y < 0 || x > s->table_w || y > s->table_h)
        return gr_error_set(err, "(%g, %g) is off the table", x, y);
    for (int t = 0; t < s->terrain.n; t++)
        if (s->ground_of[t].impassable && s->terrain.p[t].shape == GR_SHAPE_POLYGON &&
            gr_point_in_poly(s->terrain.p[t].pts, s->terrain.p[t].npts, at))
            return gr_error_set(err, "%s may not stand in impassable %s (C, p.28)", o->name, s->terrain.p[t].name);
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i)) continue;
        gr_rect h = lasalle_hull(s, st, i);
        if (gr_point_in_rect(&h, at))
            return gr_error_set(err, "%s may not stand inside %s%s", o->name, s->units[i].name,
                                st->u[i].form == LASALLE_SQUARE ? " (no officer inside a square, C p.25)" : "");
    }
    /* not near an enemy unless a unit under his command is near that same enemy */
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || s->units[j].side == o->side) continue;
        gr_rect e = lasalle_hull(s, st, j);
        if (gr_rect_point_dist(&e, at) > LASALLE_NEAR_BW) continue;
        int covered = 0;
        for (int i = 0; i < s->nunits && !covered; i++) {
            if (!lasalle_alive(st, i) || !lasalle_under(s, k, i)) continue;
            gr_rect h = lasalle_hull(s, st, i);
            covered = gr_rect_within(&h, &e, LASALLE_NEAR_BW);
        }
        if (!covered)
            return gr_error_set(err, "%s may not end near %s unless a unit of his command is near it too (C, p.28)",
                                o->name, s->units[j].name);
    }
    lasalle_state tmp = *st;
    tmp.o[k].x = x;
    tmp.o[k].y = y;
    for (int i = 0; i < s->nunits; i++)
        if (lasalle_alive(st, i) && lasalle_under(s, k, i) && lasalle_in_range(s, &tmp, k, i)) return 0;
    return gr_error_set(err, "%s must end within his command range (%g BW) of one of his units (C, p.28)", o->name,
                        lasalle_officer_range(s, st, k));
}

int lasalle_officer_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                          gr_error *err)
{
    int k = a->actor - s->nunits;
    if (lasalle_officer_check(s, st, k, a->p[0], a->p[1], err)) return -1;
    double d = hypot(a->p[0] - st->o[k].x, a->p[1] - st->o[k].y);
    st->o[k].x = a->p[0];
    st->o[k].y = a->p[1];
    gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->officers[k].side, "%s rides %.1f BW to (%.1f, %.1f)",
               s->officers[k].name, d, (double)a->p[0], (double)a->p[1]);
    return 0;
}

static int add_spot(double (*out)[2], int n, int max, double x, double y)
{
    if (n >= max) return n;
    for (int q = 0; q < n; q++)
        if (hypot(out[q][0] - x, out[q][1] - y) < SAME_SPOT_BW) return n;
    /* coordinates kept to a tenth of a BW so that they print and read back exactly */
    out[n][0] = round(x * 10) / 10 + 0.0; /* + 0.0: never a negative zero */
    out[n][1] = round(y * 10) / 10 + 0.0;
    return n + 1;
}

int lasalle_officer_spots(const lasalle_scenario *s, const lasalle_state *st, int k, double (*out)[2], int max)
{
    const lasalle_officer_profile *o = &s->officers[k];
    double sx = 0, sy = 0, back = o->side == 0 ? -1 : 1;
    int n = 0, cnt = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || !lasalle_under(s, k, i)) continue;
        gr_rect h = lasalle_hull(s, st, i);
        gr_vec2 c = gr_rect_centre(&h);
        sx += c.x;
        sy += c.y;
        cnt++;
    }
    if (cnt) n = add_spot(out, n, max, sx / cnt, sy / cnt + back * MIDDLE_BACK_BW);
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || !lasalle_under(s, k, i)) continue;
        gr_rect h = lasalle_hull(s, st, i);
        gr_vec2 r = gr_v2_sub(h.fc, gr_v2_scale(gr_rect_fwd(&h), h.d + BEHIND_BW));
        n = add_spot(out, n, max, r.x, r.y);
    }
    int m = 0;
    for (int q = 0; q < n; q++)
        if (!lasalle_officer_check(s, st, k, out[q][0], out[q][1], NULL) &&
            hypot(out[q][0] - st->o[k].x, out[q][1] - st->o[k].y) >= SAME_SPOT_BW) {
            out[m][0] = out[q][0];
            out[m][1] = out[q][1];
            m++;
        }
    return m;
}
