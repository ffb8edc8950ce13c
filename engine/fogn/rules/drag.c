/* drag.c - the exact order a piece dragged on a map asks for (drag.h).
 *
 * A unit's front-edge centre C, heading h, is to end at P. Straight ahead
 * (P within FOGN_DRAG_STRAIGHT of the line ahead) it is `uN move D`;
 * behind, `uN rear D`. Otherwise it wheels about the front corner on the
 * side P lies (front-left for a point to the left, turning counter-clockwise,
 * positive in the notation; front-right for one to the right, negative) by
 * the smallest angle after which P lies straight ahead of the wheeled front
 * edge, then moves on to it: `uN move FL 23.5 4.20`. The angle is solved in
 * closed form (gr_wheel_to_point); a point no wheel of at most a quarter turn brings
 * into line is refused, to be reached in two steps. Whether the rules allow
 * the move is for apply to say. */
#include "drag.h"
#include "internal.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FOGN_DRAG_STRAIGHT 0.05     /* MU off the line ahead still taken as straight ahead */
#define FOGN_DRAG_MAX_WHEEL (GR_PI / 2)

static int unit_order(const fogn_scenario *s, const fogn_state *st, int i, double dx, double dy, char *buf,
                      size_t cap, gr_error *err)
{
    const fogn_unit *u = &st->u[i];
    if (!fogn_unit_alive(u) || !(u->flags & FOGN_UF_ON_TABLE))
        return gr_error_set(err, "u%d (%s) is not on the table", i, s->units[i].name);
    gr_rect r = fogn_unit_rect(&s->units[i], u);
    gr_vec2 c = r.fc, p = gr_v2_add(c, gr_v2(dx, dy)), ahead = gr_v2_dir(r.heading);
    gr_vec2 v = gr_v2_sub(p, c);
    double along = ahead.x * v.x + ahead.y * v.y, side = ahead.x * v.y - ahead.y * v.x;
    if (along < 0) return snprintf(buf, cap, "u%d rear %.2f", i, -along) < 0 ? -1 : 0;
    if (fabs(side) <= FOGN_DRAG_STRAIGHT) return snprintf(buf, cap, "u%d move %.2f", i, along) < 0 ? -1 : 0;
    int left = side > 0;
    double th = 0, d = 0;
    if (gr_wheel_to_point(&r, p, FOGN_DRAG_MAX_WHEEL, &th, &d))
        return gr_error_set(err, "no wheel of at most 90 degrees and move straight on takes %s%s front edge there "
                                 "(§8.4): move it in two steps", s->units[i].name, gr_words_poss(s->units[i].name));
    return snprintf(buf, cap, "u%d move %s %.1f %.2f", i, left ? "FL" : "FR", th * 180.0 / GR_PI, d) < 0 ? -1 : 0;
}

int fogn_drag_order(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf, size_t cap,
                    gr_error *err)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    char kind = ref[0], *end;
    long n = (kind == 'u' || kind == 'c') && ref[1] ? strtol(ref + 1, &end, 10) : -1;
    if (n < 0 || *end || !isfinite(dx) || !isfinite(dy))
        return gr_error_set(err, "'%s' names no unit (uN) or commander (cN)", ref);
    if (kind == 'u') {
        if (n >= s->nunits) return gr_error_set(err, "there is no unit %s", ref);
        return unit_order(s, st, (int)n, dx, dy, buf, cap, err);
    }
    if (n >= s->ncmdrs) return gr_error_set(err, "there is no commander %s", ref);
    if (!(st->c[n].flags & FOGN_CF_ON_TABLE)) return gr_error_set(err, "%s (%s) is not on the table", ref, s->cmdrs[n].name);
    return snprintf(buf, cap, "c%ld move %.2f %.2f", n, st->c[n].x + dx, st->c[n].y + dy) < 0 ? -1 : 0;
}
