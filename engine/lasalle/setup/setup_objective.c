/* setup_objective.c - the objective marker [J Place Objectives and Set Up,
 * p.91]: the attacker places it in the defender's setup zone, off
 * impassable ground; the defender may move it up to 8 BW, staying in his
 * zone, and not into rough ground or a town base when it was placed in the
 * open. Ruling R-118 gives both players' policies. */
#include "setup.h"

#include <math.h>

/* what ground a point is on: 0 open (hills are open), 1 rough or a town base, 2 impassable or water */
static int ground_at(const lasalle_setup *S, double x, double y)
{
    int k = lasalle_setup_area_at(S, x, y), worst = 0;
    if (k >= 0) {
        int g = S->piece[k].gtype;
        worst = g == LASALLE_G_IMPASSABLE ? 2 : g == LASALLE_G_HILL ? 0 : 1;
    }
    for (int i = 0; i < S->npieces; i++) {
        const lasalle_setup_piece *p = &S->piece[i];
        if (p->gtype != LASALLE_G_RIVER && p->gtype != LASALLE_G_STREAM) continue;
        for (int s = 0; s + 1 < p->npts; s++)
            if (gr_point_seg_dist(gr_v2(x, y), p->pts[s], p->pts[s + 1]) < p->width / 2 + 0.5) worst = 2;
    }
    return worst;
}

/* the highest hill level under a point */
static int level_at(const lasalle_setup *S, double x, double y)
{
    int lv = 0;
    for (int k = 0; k < S->npieces; k++)
        if (S->piece[k].gtype == LASALLE_G_HILL && gr_point_in_poly(S->piece[k].pts, S->piece[k].npts, gr_v2(x, y)))
            lv = lv > S->piece[k].level ? lv : S->piece[k].level;
    return lv;
}

int lasalle_setup_objective_step(lasalle_setup *S, gr_error *err)
{
    double z[4];
    int edge = lasalle_setup_zone_of(S, S->defender, z);
    /* the zone's extent along its edge (lo, hi) and its middle depth, whichever edge it stands on */
    int along_x = edge == LASALLE_EDGE_SOUTH || edge == LASALLE_EDGE_NORTH;
    double lo = along_x ? z[0] : z[1], hi = along_x ? z[2] : z[3], mid = along_x ? (z[1] + z[3]) / 2 : (z[0] + z[2]) / 2;
    /* the attacker puts it in the open at the zone's middle depth, in the sixth of its width a policy
     * die gives, sliding it along the zone to the nearest open ground */
    int d = lasalle_setup_d6(S, S->attacker, "objective: policy die, where in the defender's zone (R-118)");
    if (!d) return gr_error_set(err, "%s", S->dice->fail_msg);
    double a0 = lo + (hi - lo) * (d - 0.5) / 6, best = -1;
    for (double da = 0; da <= hi - lo && best < 0; da += 0.5)
        for (int s = -1; s <= 1 && best < 0; s += 2) {
            double a = a0 + s * da;
            gr_vec2 q = lasalle_setup_edge_pt(edge, a, mid);
            if (a > lo && a < hi && ground_at(S, q.x, q.y) == 0) best = a;
        }
    if (best < 0)
        for (double a = lo + 0.5; a < hi && best < 0; a += 0.5) {
            gr_vec2 q = lasalle_setup_edge_pt(edge, a, mid);
            if (ground_at(S, q.x, q.y) < 2) best = a;
        }
    if (best < 0) return gr_error_set(err, "objective: the defender's setup zone is all impassable (J p.91)");
    gr_vec2 at = lasalle_setup_edge_pt(edge, best, mid);
    S->obj_x = at.x;
    S->obj_y = at.y;
    bool open = ground_at(S, S->obj_x, S->obj_y) == 0;
    lasalle_setup_note(S, S->attacker, "places the objective at (%.1f, %.1f)", S->obj_x, S->obj_y);
    /* the defender moves it, within 8 BW and his zone, onto the highest hill he can reach (the nearest
     * such point); with no hill in reach he leaves it */
    double bx = S->obj_x, by = S->obj_y;
    int blv = level_at(S, bx, by);
    double bd = 0;
    for (double x = z[0] + 0.5; x < z[2]; x += 0.5)
        for (double yy = z[1] + 0.5; yy < z[3]; yy += 0.5) {
            double dist = hypot(x - S->obj_x, yy - S->obj_y);
            int g = ground_at(S, x, yy), lv = level_at(S, x, yy);
            if (dist > LASALLE_SETUP_OBJ_MOVE_BW || g == 2 || (open && g == 1)) continue;
            if (lv > blv || (lv == blv && lv > 0 && dist < bd)) {
                bx = x, by = yy, blv = lv, bd = dist;
            }
        }
    if (bx != S->obj_x || by != S->obj_y) {
        lasalle_setup_note(S, S->defender, "moves the objective %.1f BW to (%.1f, %.1f), on a hill", bd, bx, by);
        S->obj_x = bx;
        S->obj_y = by;
    } else {
        lasalle_setup_note(S, S->defender, "leaves the objective where it is");
    }
    return 0;
}
