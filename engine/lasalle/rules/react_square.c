/* react_square.c - the Square exception of the Change Formation reaction
 * (react_square.h). */
#include "react_square.h"
#include "footprint.h"
#include "ground.h"
#include "tables.h"

#include <math.h>

#define SLIDE_STEP_BW 0.1   /* the slide's path is looked at this often */

/* attacker j at pose q, the other units where they stand and unit i at `sq`: 1 when it overlaps anything or
 * stands on ground it may not */
static int slide_blocked(const lasalle_scenario *s, const lasalle_state *st, int i, gr_rect sq, int j, lasalle_pose q)
{
    gr_rect g = lasalle_pose_hull(&s->units[j], q);
    if (lasalle_meets_st(s, st, &g, NULL) & (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_OFF_TABLE | LASALLE_MEETS_OBSTACLE))
        return 1;
    if (lasalle_rects_overlap(&g, &sq)) return 1;
    return lasalle_pose_overlaps(s, st, j, q, i) >= 0;
}

/* how far attacker j slides straight ahead to touch the Square; -1 when it cannot within 2 BW */
static double slide_of(const lasalle_scenario *s, const lasalle_state *st, int i, gr_rect sq, int j)
{
    lasalle_pose p = lasalle_pose_of(st, j);
    gr_vec2 f = gr_v2_dir(p.h);
    lasalle_pose far = p;
    far.x += f.x * LASALLE_SQUARE_SLIDE_BW;
    far.y += f.y * LASALLE_SQUARE_SLIDE_BW;
    gr_rect g = lasalle_pose_hull(&s->units[j], far);
    if (gr_rect_dist(&g, &sq) > LASALLE_CONTACT_EPS / 2 && !lasalle_rects_overlap(&g, &sq)) return -1;
    double lo = 0, hi = LASALLE_SQUARE_SLIDE_BW;
    for (int it = 0; it < 40; it++) {
        double mid = (lo + hi) / 2;
        lasalle_pose q = p;
        q.x += f.x * mid;
        q.y += f.y * mid;
        g = lasalle_pose_hull(&s->units[j], q);
        if (gr_rect_dist(&g, &sq) > LASALLE_CONTACT_EPS / 2) lo = mid;
        else hi = mid;
    }
    for (double t = 0; t < hi + SLIDE_STEP_BW; t += SLIDE_STEP_BW) {
        lasalle_pose q = p;
        double d = fmin(t, hi);
        q.x += f.x * d;
        q.y += f.y * d;
        if (slide_blocked(s, st, i, sq, j, q)) return -1;
    }
    return hi;
}

int lasalle_square_exception(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to,
                             lasalle_square_slides *out, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    int touch[LASALLE_COMBAT_MAX], n = lasalle_contacts(s, st, i, touch, LASALLE_COMBAT_MAX);
    out->n = 0;
    if (p->type != LASALLE_INF || to.form != LASALLE_SQUARE || n < 2)
        return gr_error_set(err, "the Square exception is for infantry charged by two cavalry units or more (D, p.35)");
    for (int k = 0; k < n; k++)
        if (s->units[touch[k]].type != LASALLE_CAV)
            return gr_error_set(err, "the Square exception is for infantry charged only by cavalry; %s is not (D, "
                                     "p.35)", s->units[touch[k]].name);
    gr_rect sq = lasalle_pose_hull(p, to);
    for (int k = 0; k < n; k++) {
        int j = touch[k];
        gr_rect g = lasalle_hull(s, st, j);
        if (gr_rect_dist(&sq, &g) > LASALLE_SQUARE_SLIDE_BW + 1e-9)
            return gr_error_set(err, "the Square would lie more than 2 BW from %s (D, p.35)", s->units[j].name);
        double d = slide_of(s, st, i, sq, j);
        if (d < 0)
            return gr_error_set(err, "%s could not slide up to 2 BW straight ahead to touch the Square again (D, p.35; "
                                     "ruling R-64)", s->units[j].name);
        lasalle_pose q = lasalle_pose_of(st, j);
        q.x += cos(q.h) * d;
        q.y += sin(q.h) * d;
        for (int m = 0; m < out->n; m++) {
            gr_rect a = lasalle_pose_hull(&s->units[j], q), b = lasalle_pose_hull(&s->units[out->unit[m]], out->to[m]);
            if (lasalle_rects_overlap(&a, &b))
                return gr_error_set(err, "%s and %s would slide onto each other (D, p.35)", s->units[j].name,
                                    s->units[out->unit[m]].name);
        }
        out->unit[out->n] = j;
        out->to[out->n++] = q;
    }
    return 0;
}
