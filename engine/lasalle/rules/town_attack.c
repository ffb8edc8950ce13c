/* town_attack.c - a garrison attacking the next town base (town_attack.h). */
#include "town_attack.h"
#include "footprint.h"
#include "ground.h"
#include "sweep.h"
#include "town.h"
#include "../../core/words.h"

#include <math.h>

/* the town base next to garrison i out of the side r quarter-turns from its facing, -1 none */
static int neighbour(const lasalle_scenario *s, const lasalle_state *st, int i, int r)
{
    lasalle_state turned = *st;
    lasalle_town_turn(&turned, i, r);
    lasalle_pose to = lasalle_pose_of(&turned, i);
    to.x += LASALLE_TOWN_BW * cos(to.h);
    to.y += LASALLE_TOWN_BW * sin(to.h);
    gr_rect h = lasalle_pose_hull(&s->units[i], to), h0 = lasalle_hull(s, st, i);
    int k = lasalle_town_of(s, &h);
    return k == lasalle_town_of(s, &h0) ? -1 : k;
}

int lasalle_town_attack_check(const lasalle_scenario *s, const lasalle_state *st, int i, int j, int *side,
                              gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    if (j < 0 || j >= s->nunits || !lasalle_alive(st, j) || !lasalle_enemies(s, i, j))
        return gr_error_set(err, "a garrison attacks an enemy unit on the table");
    /* the attack is its charge: the same bars on charging apply (ruling R-55) [C, p.30] */
    if (st->u[i].flags & LASALLE_UF_OOC_START)
        return gr_error_set(err, "%s was out of command when its Activity Phase began and may not attack (C, p.30)",
                            p->name);
    if (st->u[i].disr + 1 >= p->nbases)
        return gr_error_set(err, "%s is one DISR from breaking and may not attack (C, p.30)", p->name);
    gr_rect g = lasalle_hull(s, st, j);
    int kj = lasalle_town_of(s, &g);
    for (int r = 0; kj >= 0 && r < 4; r++)
        if (neighbour(s, st, i, r) == kj) {
            *side = r;
            return 0;
        }
    return gr_error_set(err, "%s is not in a town base next to %s%s, across one edge: a garrison attacks only an "
                             "orthogonally adjacent town base (G, p.70)", s->units[j].name, p->name,
                        gr_words_poss(p->name));
}

int lasalle_town_attack_apply(const lasalle_scenario *s, lasalle_state *st, int i, int j, gr_log *log,
                              gr_error *err)
{
    int r;
    if (lasalle_town_attack_check(s, st, i, j, &r, err)) return -1;
    lasalle_town_turn(st, i, r);
    st->u[i].flags |= LASALLE_UF_ACTED | LASALLE_UF_MOVED | LASALLE_UF_CHARGER;
    gr_rect h = lasalle_hull(s, st, i), g = lasalle_hull(s, st, j);
    int k = lasalle_town_of(s, &g);
    double gap = gr_rect_dist(&h, &g);
    if (gap > 0) {
        /* the defender moves up to the shared edge, inside its own base */
        gr_vec2 back = gr_v2_scale(gr_v2_dir(st->u[i].heading), -gap);
        st->u[j].x += back.x;
        st->u[j].y += back.y;
    }
    gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s attacks %s in the town base %s (G, p.70)", s->units[i].name,
               s->units[j].name, k >= 0 ? s->terrain.p[k].name : "?");
    return 0;
}

