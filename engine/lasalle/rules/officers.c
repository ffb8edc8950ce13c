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

/* every live unit's hull, for the checks of one officer's spots */
static void hulls_of(const lasalle_scenario *s, const lasalle_state *st, gr_rect *hulls)
{
    for (int i = 0; i < s->nunits; i++)
        if (lasalle_alive(st, i)) hulls[i] = lasalle_hull(s, st, i);
}

/* lasalle_officer_check with every live unit's hull given */
static int check_with(const lasalle_scenario *s, const lasalle_state *st, int k, double x, double y,
                      const gr_rect *hulls, gr_error *err)
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
        if (gr_point_in_rect(&hulls[i], at))
            return gr_error_set(err, "%s may not stand inside %s%s", o->name, s->units[i].name,
                                st->u[i].form == LASALLE_SQUARE ? " (no officer inside a square, C p.25)" : "");
    }
    /* not near an enemy unless a unit under his command is near that same enemy */
    for (int j = 0; j < s->nunits; j++) {
        if (!lasalle_alive(st, j) || s->units[j].side == o->side) continue;
        if (gr_rect_point_dist(&hulls[j], at) > LASALLE_NEAR_BW) continue;
        int covered = 0;
        for (int i = 0; i < s->nunits && !covered; i++) {
            if (!lasalle_alive(st, i) || !lasalle_under(s, k, i)) continue;
            covered = gr_rect_within(&hulls[i], &hulls[j], LASALLE_NEAR_BW);
        }
        if (!covered)
            return gr_error_set(err, "%s may not end near %s unless a unit of his command is near it too (C, p.28)",
                                o->name, s->units[j].name);
    }
    /* within range of one of his units from there (the units stand as they are) */
    for (int i = 0; i < s->nunits; i++)
        if (lasalle_alive(st, i) && lasalle_under(s, k, i) && isfinite(lasalle_command_path_from(s, st, k, at, i, hulls)))
            return 0;
    return gr_error_set(err, "%s must end within his command range (%g BW) of one of his units (C, p.28)", o->name,
                        lasalle_officer_range(s, st, k));
}

int lasalle_officer_check(const lasalle_scenario *s, const lasalle_state *st, int k, double x, double y,
                          gr_error *err)
{
    gr_rect hulls[LASALLE_MAX_UNITS];
    hulls_of(s, st, hulls);
    return check_with(s, st, k, x, y, hulls, err);
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

/* v as the float an order carries it in. Through a volatile: with a plain
 * (double)(float) round trip, GCC 12 at -O3 was seen to vectorise the two
 * coordinates' arithmetic and drop the rounding to float. */
static double as_order_float(double v)
{
    volatile float f = (float)v;
    return f;
}

static int add_spot(double (*out)[2], int n, int max, double x, double y)
{
    if (n >= max) return n;
    for (int q = 0; q < n; q++)
        if (hypot(out[q][0] - x, out[q][1] - y) < SAME_SPOT_BW) return n;
    /* coordinates kept to a tenth of a BW so that they print and read back
     * exactly, and checked as the order will carry them (a float) */
    out[n][0] = as_order_float(round(x * 10) / 10 + 0.0); /* + 0.0: never a negative zero */
    out[n][1] = as_order_float(round(y * 10) / 10 + 0.0);
    return n + 1;
}

/* the places worth riding to before their checks, in order, one spot once, at most max */
static int spot_candidates(const lasalle_scenario *s, const lasalle_state *st, int k, const gr_rect *hulls,
                           double (*out)[2], int max)
{
    const lasalle_officer_profile *o = &s->officers[k];
    double sx = 0, sy = 0, back = o->side == 0 ? -1 : 1;
    int n = 0, cnt = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || !lasalle_under(s, k, i)) continue;
        gr_rect h = hulls[i];
        gr_vec2 c = gr_rect_centre(&h);
        sx += c.x;
        sy += c.y;
        cnt++;
    }
    if (cnt) n = add_spot(out, n, max, sx / cnt, sy / cnt + back * MIDDLE_BACK_BW);
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || !lasalle_under(s, k, i)) continue;
        const gr_rect *h = &hulls[i];
        gr_vec2 r = gr_v2_sub(h->fc, gr_v2_scale(gr_rect_fwd(h), h->d + BEHIND_BW));
        n = add_spot(out, n, max, r.x, r.y);
    }
    return n;
}

/* a place the officer may ride to, and away from where he stands */
static int spot_ok(const lasalle_scenario *s, const lasalle_state *st, int k, const double at[2],
                   const gr_rect *hulls)
{
    return !check_with(s, st, k, at[0], at[1], hulls, NULL) &&
           hypot(at[0] - st->o[k].x, at[1] - st->o[k].y) >= SAME_SPOT_BW;
}

int lasalle_officer_spots(const lasalle_scenario *s, const lasalle_state *st, int k, double (*out)[2], int max)
{
    gr_rect hulls[LASALLE_MAX_UNITS]; /* once for the spots and every spot's check */
    hulls_of(s, st, hulls);
    int n = spot_candidates(s, st, k, hulls, out, max), m = 0;
    for (int q = 0; q < n; q++)
        if (spot_ok(s, st, k, out[q], hulls)) {
            out[m][0] = out[q][0];
            out[m][1] = out[q][1];
            m++;
        }
    return m;
}

int lasalle_officer_spot_offered(const lasalle_scenario *s, const lasalle_state *st, int k, double x, double y,
                                 int max)
{
    gr_rect hulls[LASALLE_MAX_UNITS];
    hulls_of(s, st, hulls);
    double spots[LASALLE_MAX_UNITS + 1][2];
    int n = spot_candidates(s, st, k, hulls, spots, max < LASALLE_MAX_UNITS + 1 ? max : LASALLE_MAX_UNITS + 1);
    for (int q = 0; q < n; q++)
        if (spots[q][0] == x && spots[q][1] == y && spot_ok(s, st, k, spots[q], hulls)) return 1;
    return 0;
}

/* the officer casualty test [H, p.73]: 1-4 unharmed, 5 wounded, 6 killed; an aide (a chief of staff for the
 * commander) takes over with one less vigor and tactics and never tests again; 0, or -1 when the dice failed */
int lasalle_officer_casualty(const lasalle_scenario *s, lasalle_state *st, int k, const char *why, const gr_ctx *cx)
{
    lasalle_officer *o = &st->o[k];
    if (o->flags & LASALLE_OF_REPLACED) return 0;
    char purpose[160];
    snprintf(purpose, sizeof purpose, "the casualty test of %s (%s)", s->officers[k].name, why);
    int d = gr_dice_d6(cx ? cx->dice : NULL, purpose);
    if (!d) return -1;
    if (d <= LASALLE_CASUALTY_UNHARMED_MAX) return 0;
    o->flags |= LASALLE_OF_REPLACED;
    if (o->vigor > -1) o->vigor--;
    if (o->tactics > LASALLE_POOR) o->tactics--;
    gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, s->officers[k].side, "%s is %s; %s takes over (H, p.73)",
               s->officers[k].name, d == 5 ? "wounded" : "killed",
               s->officers[k].commander ? "a chief of staff" : "an aide");
    return 0;
}

/* he goes to the nearest legal place beside a unit of his command (ruling A-20), else back to his own edge */
static void displace(const lasalle_scenario *s, lasalle_state *st, int k, const gr_ctx *cx)
{
    double spots[LASALLE_MAX_UNITS + 1][2];
    int n = lasalle_officer_spots(s, st, k, spots, LASALLE_MAX_UNITS + 1), best = -1;
    double bd = 1e18;
    for (int q = 0; q < n; q++) {
        double d = hypot(spots[q][0] - st->o[k].x, spots[q][1] - st->o[k].y);
        if (d < bd) bd = d, best = q;
    }
    if (best >= 0) {
        st->o[k].x = spots[best][0];
        st->o[k].y = spots[best][1];
    } else {
        st->o[k].y = s->officers[k].side ? s->table_h : 0;
    }
    gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->officers[k].side, "%s rides clear to (%.1f, %.1f) (ruling A-20)",
               s->officers[k].name, st->o[k].x, st->o[k].y);
}

/* officer k was passed through by enemy unit i */
static int overrun(const lasalle_scenario *s, lasalle_state *st, int k, int i, const gr_ctx *cx)
{
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->officers[k].side, "%s passes through %s (H, p.73)",
               s->units[i].name, s->officers[k].name);
    if ((s->options & LASALLE_OPT_OFFICER_TACTICS) &&
        lasalle_officer_casualty(s, st, k, "an enemy unit moved through him", cx))
        return -1;
    displace(s, st, k, cx);
    return 0;
}

int lasalle_officers_swept(const lasalle_scenario *s, lasalle_state *st, int i, const lasalle_unit *before,
                           const gr_ctx *cx)
{
    if (i < 0 || i >= s->nunits) return 0;
    const lasalle_unit *u = &st->u[i];
    const lasalle_unit_profile *p = &s->units[i];
    double turn = gr_angle_norm(u->heading - before->heading);
    if (turn > GR_PI) turn -= 2 * GR_PI;
    for (int k = 0; k < s->nofficers; k++) {
        if (s->officers[k].side == p->side) continue;
        gr_vec2 at = gr_v2(st->o[k].x, st->o[k].y);
        for (int q = 0; q <= LASALLE_SWEEP_SAMPLES; q++) {
            double f = (double)q / LASALLE_SWEEP_SAMPLES;
            gr_rect h = lasalle_hull_at(p, u->form, before->x + f * (u->x - before->x),
                                        before->y + f * (u->y - before->y), before->heading + f * turn);
            if (!gr_point_in_rect(&h, at)) continue;
            if (overrun(s, st, k, i, cx)) return -1;
            break;
        }
    }
    return 0;
}

int lasalle_officers_trampled(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    for (int k = 0; k < s->nofficers; k++) {
        gr_vec2 at = gr_v2(st->o[k].x, st->o[k].y);
        for (int i = 0; i < s->nunits; i++) {
            if (!lasalle_alive(st, i) || s->units[i].side == s->officers[k].side) continue;
            gr_rect h = lasalle_hull(s, st, i);
            if (!gr_point_in_rect(&h, at)) continue;
            if (overrun(s, st, k, i, cx)) return -1;
            break;
        }
    }
    return 0;
}
