/* move_check_friends.c - an exact move and the friends in its way (§8.7):
 * passing through one friend that stays still all phase (skirmishers and
 * artillery pass freely), never ending on one, save by sliding that friend
 * back or forward up to one base depth to make room; Brigade Groups pass
 * through no one. */
#include "move_check.h"
#include "footprint.h"
#include "move.h"

#include <math.h>

/* how far inside the friend's part a swept polygon must reach to cross it:
 * touching its edges is fine */
#define FRIEND_CROSS_INSET 1e-3

_Static_assert(2 * FOGN_FRIEND_SLIDE_STEPS <= 32, "a friend's slides are bits of a uint32_t (move.h)");

/* does a swept polygon from..to-1 truly overlap (more than touch) the
 * friend's part r (box fb)? Asked of r drawn in by FRIEND_CROSS_INSET on
 * every side. A polygon meeting that smaller rectangle meets r itself, by a
 * margin a thousand times the tests' tolerance, so r need not be asked
 * first: the answer is the one asking r first and then the smaller one
 * gives. */
static int friend_crossed(fogn_sweep *sw, int from, int to, const gr_rect *r, const double fb[4])
{
    gr_vec2 sc[4];
    gr_rect shrunk;
    int have = 0;
    for (int i = from; i < to; i++) {
        if (!fogn_boxes_meet(sw->box[i], fb)) continue;
        if (!have) {
            shrunk = *r;
            shrunk.w -= 2 * FRIEND_CROSS_INSET;
            shrunk.d -= 2 * FRIEND_CROSS_INSET;
            shrunk.fc = gr_v2_sub(shrunk.fc, gr_v2_scale(gr_rect_fwd(r), FRIEND_CROSS_INSET));
            gr_rect_corners(&shrunk, sc);
            have = 1;
        }
        if (fogn_sweep_meets_rect(sw, i, &shrunk, sc)) return 1;
    }
    return 0;
}

/* does the move cross friend j's footprint fr[0..nf-1] on the way, or end
 * on it? */
static void friend_in_way(fogn_move_ctx *c, int j, const gr_rect *fr, int nf, int *crossed, int *at_end)
{
    fogn_sweep *sw = c->sw;
    fogn_move_tries *t = c->t;
    for (int k = 0; k < nf; k++) {
        double fb[4];
        fogn_rect_box(&fr[k], fb);
        if (!fogn_boxes_meet(sw->all, fb)) continue;
        /* sweep[0] is the start footprint; tries of one move (t) ask
         * about the polygons they share, 1 to t->n0 - 1, once */
        int from = 1;
        if (t && t->ready && !*crossed) {
            if (!t->cross_known[j][k]) {
                t->cross_known[j][k] = 1;
                t->cross[j][k] = (uint8_t)friend_crossed(sw, 1, t->n0, &fr[k], fb);
            }
            *crossed = t->cross[j][k];
            from = t->n0;
        }
        if (!*crossed) *crossed = friend_crossed(sw, from, sw->n, &fr[k], fb);
        for (int i = 0; i < c->nend; i++)
            if (gr_rect_overlap(&c->end_rects[i], &fr[k], 1e-6)) *at_end = 1;
    }
}

/* passing through friend j, which does not let the unit pass freely: one
 * friend a move, which stays still all phase and is not in March Column;
 * complex through another command's friends, or when Wavering */
static int pass_through(fogn_move_ctx *c, int j)
{
    const fogn_unit_profile *p = c->p;
    const fogn_unit_profile *fp = &c->s->units[j];
    const fogn_unit *fu = &c->st->u[j];
    fogn_move_plan *plan = c->plan;
    if (c->m->kind == FOGN_MK_GROUP)
        return gr_error_set(c->err, "a Brigade Group may not pass through friends: %s is in the way of %s (§8.7)",
                            fp->name, p->name);
    if (plan->passes_through >= 0 && plan->passes_through != j)
        return gr_error_set(c->err, "%s may pass through only one friend in a move (§8.7)", p->name);
    if ((fu->flags & FOGN_UF_MOVED) && !(fu->flags & FOGN_UF_HELD))
        return gr_error_set(c->err, "%s can pass through %s only if that unit stays still all phase; it has moved (§8.7)",
                            p->name, fp->name);
    if (fu->formation == FOGN_F_COLUMN)
        return gr_error_set(c->err, "%s cannot pass through %s: it is in March Column (§8.7)", p->name, fp->name);
    plan->passes_through = j;
    int same_div = fp->division == p->division;
    if (!same_div) fogn_move_mark_complex(plan, "passing through friends of another command");
    else if (c->wav) fogn_move_mark_complex(plan, "Wavering unit passing through friends");
    return 0;
}

/* friend j's parts fr[0..nf-1] moved by v: on the table, clear of every
 * part of every other unit but the mover (and out of contact with the
 * enemy) */
static int slid_friend_clear(const fogn_move_ctx *c, int j, const gr_rect *fr, int nf, gr_vec2 v)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    for (int k = 0; k < nf; k++) {
        gr_rect moved = fr[k];
        moved.fc = gr_v2_add(moved.fc, v);
        if (!fogn_rect_on_table(s, &moved)) return 0;
        for (int q = 0; q < s->nunits; q++) {
            if (q == j || q == c->m->unit || !fogn_unit_alive(&st->u[q])) continue;
            /* beyond contact distance of every point of unit q: neither test below can hold */
            if (fogn_unit_clearly_apart_from(s, st, q, &moved, FOGN_CONTACT_TOL)) continue;
            gr_rect o[2];
            int no = fogn_unit_rects(&s->units[q], &st->u[q], o);
            for (int i = 0; i < no; i++)
                if (gr_rect_overlap(&moved, &o[i], 1e-6) ||
                    (s->units[q].side != c->p->side && gr_rect_dist(&moved, &o[i]) <= FOGN_CONTACT_TOL))
                    return 0;
        }
    }
    return 1;
}

/* how far a slid part's overlap with the mover's end, worked out along a
 * line, may stand from the exact test's before the line settles it: the
 * coordinates' rounding (about 1e-13 at a few hundred MU) many times over */
#define SLIDE_OVERLAP_SLACK 1e-9
/* the overlap a slid part must exceed to stand on the mover's end (gr_rect_overlap's eps) */
#define SLIDE_OVERLAP_EPS 1e-6

/* A friend's part f and one of the mover's end footprints e, for slides of
 * f by `off` along the unit vector u: on each separating axis of the two
 * rectangles (gr_rect_overlap's four), their half extents summed, their
 * centres' signed separation, and how much a unit slide changes it. The
 * overlap on an axis, A - |s + off g|, moves along a line, so most slides
 * are settled without the exact test. */
typedef struct slide_pair {
    double a[4], s[4], g[4];
} slide_pair;

static slide_pair slide_pair_of(const gr_rect *e, const gr_rect *f, gr_vec2 u)
{
    slide_pair sp;
    const gr_rect *r[2] = {e, f};
    gr_vec2 ax[2][2], c[2];
    for (int i = 0; i < 2; i++) {
        ax[i][0] = gr_rect_fwd(r[i]);
        ax[i][1] = gr_rect_right(r[i]);
        c[i] = gr_v2_sub(r[i]->fc, gr_v2_scale(ax[i][0], 0.5 * r[i]->d));
    }
    gr_vec2 sep = gr_v2_sub(c[1], c[0]);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 2; k++) {
            gr_vec2 a = ax[i][k];
            const gr_rect *o = r[1 - i];
            double own = k ? 0.5 * r[i]->w : 0.5 * r[i]->d;
            double other = fabs(gr_v2_dot(ax[1 - i][0], a)) * 0.5 * o->d + fabs(gr_v2_dot(ax[1 - i][1], a)) * 0.5 * o->w;
            sp.a[2 * i + k] = own + other;
            sp.s[2 * i + k] = gr_v2_dot(sep, a);
            sp.g[2 * i + k] = gr_v2_dot(u, a);
        }
    return sp;
}

/* the part slid by off overlaps the end by more than SLIDE_OVERLAP_EPS: 1
 * sure, 0 sure not, -1 too near the limit to say without the exact test */
static int slide_overlap_settled(const slide_pair *sp, double off)
{
    int all_over = 1;
    for (int k = 0; k < 4; k++) {
        double ov = sp->a[k] - fabs(sp->s[k] + off * sp->g[k]);
        if (ov < SLIDE_OVERLAP_EPS - SLIDE_OVERLAP_SLACK) return 0;
        if (ov <= SLIDE_OVERLAP_EPS + SLIDE_OVERLAP_SLACK) all_over = 0;
    }
    return all_over ? 1 : -1;
}

/* friend j's parts fr[0..nf-1] slid by off along fr[0]'s heading (the
 * vector v), the slide numbered `slide`: clear of the mover's end (each
 * part and end footprint's slide_pair in sp[k * c->nend + i]) and
 * slid_friend_clear. The second does not depend on the move's distance, so
 * the tries of one move (c->t) work it out once a slide and friend */
static int slid_friend_fits(const fogn_move_ctx *c, int j, const gr_rect *fr, int nf, gr_vec2 v, double off,
                            const slide_pair *sp, int slide)
{
    for (int k = 0; k < nf; k++) {
        gr_rect moved = fr[k];
        moved.fc = gr_v2_add(moved.fc, v);
        for (int i = 0; i < c->nend; i++) {
            int over = slide_overlap_settled(&sp[k * c->nend + i], off);
            if (over < 0) over = gr_rect_overlap(&c->end_rects[i], &moved, SLIDE_OVERLAP_EPS);
            if (over) return 0;
        }
    }
    fogn_move_tries *t = c->t;
    if (!t) return slid_friend_clear(c, j, fr, nf, v);
    uint32_t bit = UINT32_C(1) << slide;
    if (!(t->slide_known[j] & bit)) {
        t->slide_known[j] |= bit;
        if (slid_friend_clear(c, j, fr, nf, v)) t->slide_clear[j] |= bit;
    }
    return (t->slide_clear[j] & bit) != 0;
}

/* §8.7: the stationary friend j, standing on fr[0..nf-1] (a bent column or
 * kinked line on two parts, which move together), slid back (or forward)
 * along its heading up to one base depth to make room for the unit's end;
 * 1 when it fits (the plan says where), 0 when it does not */
static int slide_friend(fogn_move_ctx *c, int j, const gr_rect *fr, int nf)
{
    fogn_move_plan *plan = c->plan;
    gr_vec2 u = gr_rect_fwd(&fr[0]);
    slide_pair sp[4];
    for (int k = 0; k < nf; k++)
        for (int i = 0; i < c->nend; i++) sp[k * c->nend + i] = slide_pair_of(&c->end_rects[i], &fr[k], u);
    for (int step = 1; step <= FOGN_FRIEND_SLIDE_STEPS; step++) {
        for (int dir = -1; dir <= 1; dir += 2) {
            double off = dir * FOGN_INTERPEN_SLIDE * step / (double)FOGN_FRIEND_SLIDE_STEPS;
            gr_vec2 v = gr_v2_scale(u, off);
            if (!slid_friend_fits(c, j, fr, nf, v, off, sp, 2 * (step - 1) + (dir > 0))) continue;
            plan->slide_friend = j;
            plan->friend_dx = v.x;
            plan->friend_dy = v.y;
            return 1;
        }
    }
    return 0;
}

/* friend j and the move: no overlap at the end; passing through only by §8.7 */
int fogn_move_friend(fogn_move_ctx *c, int j)
{
    const fogn_unit_profile *p = c->p;
    const fogn_unit_profile *fp = &c->s->units[j];
    const fogn_unit *fu = &c->st->u[j];
    gr_rect fr[2];
    int nf = fogn_unit_rects(fp, fu, fr);
    int crossed = 0, at_end = 0;
    friend_in_way(c, j, fr, nf, &crossed, &at_end);
    if (!crossed && !at_end) return 0;
    int free_pass = fogn_is_skirmisher(fp, fu) || c->skirm || fogn_troop_arm((fogn_troop)fp->troop) == FOGN_ARM_ART ||
                    c->arm == FOGN_ARM_ART;
    if (!free_pass && pass_through(c, j)) return -1;
    if (at_end && c->m->kind == FOGN_MK_GROUP)
        return gr_error_set(c->err, "%s would end on top of %s", p->name, fp->name);
    if (at_end) {
        if (free_pass || c->plan->slide_friend >= 0)
            return gr_error_set(c->err, "%s would end on top of %s", p->name, fp->name);
        if (!slide_friend(c, j, fr, nf))
            return gr_error_set(c->err, "%s has no room beyond %s, even sliding it one base depth (§8.7)", p->name, fp->name);
    }
    return 0;
}

/* Friend j's reach box (fogn_unit_reach about its front-edge centre, with a
 * margin far above rounding) does not meet the sweep's box: no part's box
 * can, so friend_in_way would pass over every part and check_friend would
 * find nothing, without building the footprint. */
static int friend_clear_of_sweep(const fogn_move_ctx *c, int j)
{
    const fogn_unit *fu = &c->st->u[j];
    double r = fogn_unit_reach(&c->s->units[j], fu) + 1e-6;
    double cb[4] = {fu->x - r, fu->y - r, fu->x + r, fu->y + r};
    return !fogn_boxes_meet(c->sw->all, cb);
}

int fogn_move_friends(fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_move *m = c->m;
    for (int j = 0; j < s->nunits; j++) {
        if (j == m->unit || s->units[j].side != c->p->side || !fogn_unit_alive(&c->st->u[j])) continue;
        if (m->ignore & (1ull << j)) continue; /* a fellow member of its Brigade Group moves with it */
        if (friend_clear_of_sweep(c, j)) continue;
        if (fogn_move_friend(c, j)) {
            if (c->t) c->t->blocker = j;
            return -1;
        }
    }
    return 0;
}
