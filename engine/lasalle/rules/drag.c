/* drag.c - the order a piece dragged on a map asks for (drag.h). A unit's
 * front-edge centre is to end at the dropped point: straight ahead (within
 * LASALLE_DRAG_STRAIGHT BW of the line ahead) `uN move D`, behind `uN back
 * D`, else the smallest wheel about the front corner on the point's side
 * that brings it in line ahead, then the move on to it, `uN wheel A move D`
 * (A positive counter-clockwise, about the front-left corner, as the
 * notation reads it); a point no wheel of a quarter turn or less brings in
 * line is refused. An officer goes to the point, `cN move X Y`. Whether the
 * rules allow the move is for apply to say. */
#include "drag.h"
#include "../lasalle.h"
#include "footprint.h"
#include "../../core/words.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define LASALLE_DRAG_STRAIGHT 0.02      /* BW off the line ahead still taken as straight ahead */
#define LASALLE_DRAG_MAX_WHEEL (GR_PI / 2)

static int unit_order(const lasalle_scenario *s, const lasalle_state *st, int i, double dx, double dy, char *buf,
                      size_t cap, gr_error *err)
{
    if (!lasalle_alive(st, i)) return gr_error_set(err, "u%d (%s) is not on the table", i, s->units[i].name);
    gr_rect r = lasalle_hull(s, st, i);
    gr_vec2 p = gr_v2_add(r.fc, gr_v2(dx, dy)), ahead = gr_v2_dir(r.heading), v = gr_v2_sub(p, r.fc);
    double along = ahead.x * v.x + ahead.y * v.y, side = ahead.x * v.y - ahead.y * v.x;
    if (along < 0) return snprintf(buf, cap, "u%d back %.2f", i, -along) < 0 ? -1 : 0;
    if (fabs(side) <= LASALLE_DRAG_STRAIGHT) return snprintf(buf, cap, "u%d move %.2f", i, along) < 0 ? -1 : 0;
    double th = 0, d = 0;
    if (gr_wheel_to_point(&r, p, LASALLE_DRAG_MAX_WHEEL, &th, &d))
        return gr_error_set(err, "no wheel of at most 90 degrees and move straight on takes %s%s front edge there: "
                                 "move it in two steps", s->units[i].name, gr_words_poss(s->units[i].name));
    return snprintf(buf, cap, "u%d wheel %.1f move %.2f", i, th * 180.0 / GR_PI, d) < 0 ? -1 : 0;
}

int lasalle_drag_order(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf,
                       size_t cap, gr_error *err)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    char kind = ref[0], *end = NULL;
    long n = (kind == 'u' || kind == 'c') && ref[1] >= '0' && ref[1] <= '9' ? strtol(ref + 1, &end, 10) : -1;
    if (n < 0 || *end || !isfinite(dx) || !isfinite(dy))
        return gr_error_set(err, "'%s' names no unit (uN) or officer (cN)", ref);
    if (kind == 'u') {
        if (n >= s->nunits) return gr_error_set(err, "there is no unit %s", ref);
        return unit_order(s, st, (int)n, dx, dy, buf, cap, err);
    }
    if (n >= s->nofficers) return gr_error_set(err, "there is no officer %s", ref);
    return snprintf(buf, cap, "c%ld move %.2f %.2f", n, st->o[n].x + dx, st->o[n].y + dy) < 0 ? -1 : 0;
}
