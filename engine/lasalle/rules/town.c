/* town.c - a garrison moving to the next town base (town.h). */
#include "town.h"
#include "footprint.h"
#include "ground.h"

#include <math.h>

/* the side a garrison leaves by, in quarter-turns anti-clockwise from its facing; -1 when the angle is none */
static int side_of(double deg)
{
    for (int r = -2; r <= 2; r++)
        if (fabs(deg - 90.0 * r) < 1e-3) return (r + 4) % 4;
    return -1;
}

int lasalle_town_move_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_plan *out,
                           gr_error *err)
{
    int i = a->actor, r = side_of(a->p[0]);
    const lasalle_unit_profile *p = &s->units[i];
    *out = (lasalle_plan){0};
    if (a->type != LASALLE_A_MOVE || a->arg != 0 || a->p[2] != 0 || a->p[3] != 0 || r < 0 ||
        fabs(a->p[1] - LASALLE_TOWN_BW) > 1e-3)
        return gr_error_set(err, "%s is Deployed(Town): it moves only into an adjacent town base ('move %g', or "
                                 "'wheel 90|-90|180 move %g' for another side), and leaving the town in March is not "
                                 "built yet (G, p.70)", p->name, LASALLE_TOWN_BW, LASALLE_TOWN_BW);
    lasalle_state turned = *st;
    lasalle_town_turn(&turned, i, r);
    lasalle_pose to = lasalle_pose_of(&turned, i);
    to.x += LASALLE_TOWN_BW * cos(to.h);
    to.y += LASALLE_TOWN_BW * sin(to.h);
    gr_rect h = lasalle_pose_hull(p, to), g0 = lasalle_hull(s, st, i);
    int k = lasalle_town_of(s, &h);
    if (k < 0 || k == lasalle_town_of(s, &g0))
        return gr_error_set(err, "no town base lies next to %s on that side (G, p.70)", p->name);
    if (lasalle_meets(s, &h, NULL) & (LASALLE_MEETS_OFF_TABLE | LASALLE_MEETS_IMPASSABLE | LASALLE_MEETS_OBSTACLE))
        return gr_error_set(err, "%s cannot stand in the town base %s", p->name, s->terrain.p[k].name);
    int j = lasalle_pose_overlaps(s, st, i, to, -1);
    if (j >= 0)
        return gr_error_set(err, "the town base %s holds %s: a garrison moves only into an empty one (G, p.70)",
                            s->terrain.p[k].name, s->units[j].name);
    for (j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || !lasalle_enemies(s, i, j)) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (lasalle_rects_touch(&h, &g))
            return gr_error_set(err, "the town base %s touches %s; attacks from a town base (G, p.70) are not built "
                                     "yet", s->terrain.p[k].name, s->units[j].name);
    }
    out->start = lasalle_pose_of(st, i);
    out->sw.end = to;
    return 0;
}
