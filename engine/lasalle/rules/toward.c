/* toward.c - the headings that close a unit with the enemy or an
 * objective (toward.h). */
#include "toward.h"
#include "footprint.h"
#include "status.h"

#include <math.h>

#define DEG (GR_PI / 180.0)

/* the wheel (whole degrees, left positive) that turns a unit whose front
 * centre is at `from` with heading h to face `to`; 1 when it is within a
 * right angle */
static int facing(gr_vec2 from, double h, gr_vec2 to, int *wheel)
{
    double rel = gr_angle_norm(atan2(to.y - from.y, to.x - from.x) - h) / DEG;
    if (fabs(rel) > 90.0) return 0;
    *wheel = (int)lround(rel);
    return 1;
}

#define NEAREST_SLACK 1e-9 /* BW: rounding allowed for in the bound on an enemy's distance */

_Static_assert(LASALLE_MAX_UNITS <= 64, "a memo bit for each unit");

double lasalle_nearest_enemy_memo(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *h,
                                  int *who, lasalle_near_memo *memo)
{
    double best = INFINITY, rh = sqrt(h->w * h->w / 4 + h->d * h->d);
    *who = -1;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        uint64_t bit = (uint64_t)1 << j;
        if (memo && !(memo->reach_known & bit)) {
            memo->reach[j] = lasalle_hull_reach(s, st, j);
            memo->reach_known |= bit;
        }
        /* an enemy whose front-edge centre is too far for any part of it to come nearer than the nearest so
         * far is passed over without its footprint (a tie goes to the first found in any case) */
        double dx = st->u[j].x - h->fc.x, dy = st->u[j].y - h->fc.y;
        double reach = memo ? memo->reach[j] : lasalle_hull_reach(s, st, j);
        if (sqrt(dx * dx + dy * dy) - rh - reach - NEAREST_SLACK > best) continue;
        if (memo && !(memo->hull_known & bit)) {
            memo->hull[j] = lasalle_hull(s, st, j);
            memo->hull_known |= bit;
        }
        gr_rect g = memo ? memo->hull[j] : lasalle_hull(s, st, j);
        double d = gr_rect_dist(h, &g);
        if (d < best) {
            best = d;
            *who = j;
        }
    }
    return best;
}

double lasalle_nearest_enemy(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *h, int *who)
{
    return lasalle_nearest_enemy_memo(s, st, i, h, who, NULL);
}

static int nearest_objective(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *h, double *gap)
{
    int best = -1;
    *gap = INFINITY;
    for (int k = 0; k < s->nobjectives; k++) {
        if (lasalle_objective_control(s, st, k) == s->units[i].side) continue;
        double d = gr_rect_point_dist(h, gr_v2(s->objectives[k].x, s->objectives[k].y));
        if (d < *gap) {
            *gap = d;
            best = k;
        }
    }
    return best;
}

int lasalle_towards(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_toward *out)
{
    int n = 0;
    gr_rect h = lasalle_hull(s, st, i);
    gr_vec2 front = gr_v2(st->u[i].x, st->u[i].y);
    int j;
    double gap = lasalle_nearest_enemy(s, st, i, &h, &j);
    if (j >= 0 && gap > LASALLE_TOWARD_STANDOFF_BW) {
        gr_rect g = lasalle_hull(s, st, j);
        lasalle_toward t = {0, gap - LASALLE_TOWARD_STANDOFF_BW};
        if (facing(front, st->u[i].heading, gr_rect_centre(&g), &t.wheel)) out[n++] = t;
    }
    int k = nearest_objective(s, st, i, &h, &gap);
    if (k >= 0 && gap > 0) {
        lasalle_toward t = {0, gap};
        if (facing(front, st->u[i].heading, gr_v2(s->objectives[k].x, s->objectives[k].y), &t.wheel)) out[n++] = t;
    }
    return n;
}
