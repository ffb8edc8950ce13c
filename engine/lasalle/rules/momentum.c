/* momentum.c - cavalry momentum moves (momentum.h). */
#include "momentum.h"
#include "footprint.h"
#include "ground.h"
#include "movelog.h"
#include "sweep.h"
#include "tables.h"

#include <math.h>

#define STEP_BW 0.05
#define TOUCH_BW 1e-4

int lasalle_follower(const lasalle_scenario *s, const lasalle_state *st)
{
    for (int i = 0; i < s->nunits; i++)
        if (st->u[i].flags & LASALLE_UF_FOLLOW) return i;
    return -1;
}

void lasalle_offer_momentum(const lasalle_scenario *s, lasalle_state *st, int i, const int *touch, int n)
{
    int now[1];
    if (lasalle_contacts(s, st, i, now, 1)) return; /* it did not get out of contact */
    for (int k = 0; k < n; k++) {
        int c = touch[k];
        if (!lasalle_alive(st, c) || s->units[c].type != LASALLE_CAV || (st->u[c].flags & LASALLE_UF_MOMENTUM))
            continue;
        if (lasalle_contacts(s, st, c, now, 1)) continue; /* still touching another defender */
        st->u[c].flags |= LASALLE_UF_FOLLOW;
    }
}

/* where the move must stop before this pose: ground, the edge, friends (artillery only at the end) */
static int stops(const lasalle_scenario *s, const lasalle_state *st, int k, lasalle_pose p, int end)
{
    gr_rect h = lasalle_pose_hull(&s->units[k], p);
    if (lasalle_meets_st(s, st, &h, NULL) &
        (LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_OFF_TABLE | LASALLE_MEETS_OBSTACLE | LASALLE_MEETS_TOWN))
        return 1;
    for (int j = 0; j < s->nunits; j++) {
        if (j == k || !lasalle_alive(st, j) || lasalle_enemies(s, k, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if ((s->units[j].type != LASALLE_ART || end) && lasalle_rects_overlap(&h, &g)) return 1;
    }
    return 0;
}

static double enemy_gap(const lasalle_scenario *s, const lasalle_state *st, int k, lasalle_pose p)
{
    gr_rect h = lasalle_pose_hull(&s->units[k], p);
    double best = INFINITY;
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, k, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        best = fmin(best, gr_rect_dist(&h, &g));
    }
    return best;
}

int lasalle_momentum(const lasalle_scenario *s, lasalle_state *st, int k, int go, gr_log *log)
{
    const lasalle_unit_profile *p = &s->units[k];
    st->u[k].flags &= ~LASALLE_UF_FOLLOW;
    if (!go) return 0;
    st->u[k].flags |= LASALLE_UF_MOMENTUM;
    lasalle_pose from = lasalle_pose_of(st, k), best = from;
    double moved = 0, lo = 0, hi = -1;
    for (double l = STEP_BW; l <= LASALLE_MOMENTUM_BW + 1e-9; l += STEP_BW) {
        lasalle_motion m = lasalle_straight(l, 0, l);
        lasalle_pose q = lasalle_pose_after(p, from, &m);
        if (stops(s, st, k, q, 0)) break;
        if (enemy_gap(s, st, k, q) <= TOUCH_BW) {
            hi = l;
            break;
        }
        lo = l;
    }
    if (hi > 0) {
        /* the place where it first touches the enemy */
        for (int it = 0; it < 40; it++) {
            double mid = (lo + hi) / 2;
            lasalle_motion m = lasalle_straight(mid, 0, mid);
            if (enemy_gap(s, st, k, lasalle_pose_after(p, from, &m)) <= TOUCH_BW) hi = mid;
            else lo = mid;
        }
        lasalle_motion m = lasalle_straight(hi, 0, hi);
        best = lasalle_pose_after(p, from, &m);
        moved = hi;
    } else {
        /* back off until it does not end on friendly artillery */
        for (double l = lo; l > 0; l -= STEP_BW) {
            lasalle_motion m = lasalle_straight(l, 0, l);
            lasalle_pose q = lasalle_pose_after(p, from, &m);
            if (!stops(s, st, k, q, 1)) {
                best = q;
                moved = l;
                break;
            }
        }
    }
    st->u[k].x = best.x;
    st->u[k].y = best.y;
    char d[32];
    lasalle_fmt_bw(d, sizeof d, moved);
    int touch[1], contact = hi > 0 && lasalle_contacts(s, st, k, touch, 1);
    if (contact) st->u[k].flags |= LASALLE_UF_CHARGER;
    gr_log_add(log, GR_EV_MOVE, p->side, "%s follows up %s BW with momentum%s%s (D, p.37)", p->name, d,
               contact ? ", into contact with " : "", contact ? s->units[touch[0]].name : "");
    return contact;
}
