/* move_pose.c - where each kind of exact move takes a unit (§8.4-§8.6, §8.8):
 * the end footprint, the unit after the move and the area it sweeps on the
 * way, with the rules that belong to the kind alone (wheel and slide
 * limits, formation changes and their templates, road marches, limbering,
 * prolonging, the rigid move of a Brigade Group member). The rules every
 * move answers to follow in move.c and move_check_*.c. */
#include "crossing.h"
#include "footprint.h"
#include "move_check.h"
#include "move.h"

#include <math.h>
#include <string.h>

/* --- footprints: facing about, formation templates ------------------------------------------ */

static gr_rect about_face(const gr_rect *r)
{
    gr_vec2 rc = gr_v2_sub(r->fc, gr_v2_scale(gr_rect_fwd(r), r->d));
    return gr_rect_make(rc, r->heading + GR_PI, r->w, r->d);
}

static void set_pose(fogn_unit *u, const gr_rect *r)
{
    u->x = r->fc.x;
    u->y = r->fc.y;
    fogn_unit_face_as(u, r);
}

/* Formation change templates (§8.5): the new footprint for `to`, placed by
 * the template, before the "no nearer the enemy" adjustment. */
gr_rect fogn_form_pose(const fogn_unit_profile *p, const fogn_unit *u, fogn_formation to)
{
    gr_rect old = fogn_unit_rect(p, u);
    fogn_unit nu = *u;
    nu.formation = (uint8_t)to;
    nu.kink = 0;
    nu.bend = 0;
    gr_rect nr = fogn_unit_rect(p, &nu);
    fogn_formation from = (fogn_formation)u->formation;
    gr_vec2 fwd = gr_rect_fwd(&old);
    if (to == FOGN_F_LINE || to == FOGN_F_SKIRMISH_LINE) {
        /* the front rank stays; rear ranks come up level: front edge centre unchanged */
        nr.fc = old.fc;
    } else if (to == FOGN_F_COLUMN) {
        /* all bases file in behind one old front-rank base: the centre one (or
         * the left-centre one for an even front) */
        int cols, rows;
        fogn_formation_grid(p, from, &cols, &rows);
        double off = ((cols - 1) / 2 + 0.5) * FOGN_BW - cols * FOGN_BW / 2.0;
        nr.fc = gr_v2_add(old.fc, gr_v2_scale(gr_rect_right(&old), off));
    } else if (from == FOGN_F_COLUMN) {
        /* the head base becomes a front base (the left-centre one): front edge
         * stays where the head's front edge was */
        int cols, rows;
        fogn_formation_grid(p, to, &cols, &rows);
        double off = ((cols - 1) / 2 + 0.5) * FOGN_BW - cols * FOGN_BW / 2.0;
        nr.fc = gr_v2_sub(old.fc, gr_v2_scale(gr_rect_right(&old), off));
    } else if (from == FOGN_F_LINE || from == FOGN_F_SKIRMISH_LINE) {
        /* the two centre front bases stay; the rest form behind and beside
         * them: a front three bases wide takes its third base on the right */
        int cols, rows;
        fogn_formation_grid(p, to, &cols, &rows);
        double off = (cols % 2) ? FOGN_BW / 2 * FOGN_R_LINE_TO_TACTICAL_SIDE : 0;
        nr.fc = gr_v2_add(old.fc, gr_v2_scale(gr_rect_right(&old), off));
    } else {
        /* tactical, deep, skirmish, square: keep the centre point */
        gr_vec2 c = gr_rect_centre(&old);
        nr.fc = gr_v2_add(c, gr_v2_scale(fwd, nr.d / 2));
    }
    return nr;
}

/* the formation transitions the book forbids in one move (§8.5) */
static int form_transition_ok(const fogn_scenario *s, const fogn_state *st, int unit, fogn_formation to,
                              gr_error *err)
{
    const fogn_unit_profile *p = &s->units[unit];
    const fogn_unit *u = &st->u[unit];
    fogn_formation from = (fogn_formation)u->formation;
    if (from == to && u->kink == 0) return gr_error_set(err, "%s is already in %s", p->name, fogn_formation_name(to));
    if (!fogn_formation_allowed(p, to))
        return gr_error_set(err, "%s (%s, %s) may not form %s", p->name, fogn_troop_name((fogn_troop)p->troop),
                            p->size == FOGN_LARGE ? "large" : "small", fogn_formation_name(to));
    if (fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_ART)
        return gr_error_set(err, "artillery changes formation by limbering or unlimbering");
    if ((to == FOGN_F_LINE) && (u->flags & FOGN_UF_SPENT) && fogn_troop_arm((fogn_troop)p->troop) == FOGN_ARM_INF)
        return gr_error_set(err, "%s is Spent infantry and may never form Extended Line (§2.6)", p->name);
    int from_line = from == FOGN_F_LINE || from == FOGN_F_SKIRMISH_LINE || from == FOGN_F_SKIRMISH;
    if (to == FOGN_F_COLUMN && from_line)
        return gr_error_set(err, "%s cannot go from %s straight to March Column: form Tactical first (§8.5)",
                            p->name, fogn_formation_name(from));
    if (from == FOGN_F_COLUMN && (to == FOGN_F_LINE || to == FOGN_F_SKIRMISH_LINE))
        return gr_error_set(err, "%s cannot go from March Column straight to Extended Line: form Tactical first (§8.5)",
                            p->name);
    if (to == FOGN_F_SQUARE && (from == FOGN_F_SKIRMISH || from == FOGN_F_SKIRMISH_LINE))
        return gr_error_set(err, "%s cannot form Square from Skirmish order: change formation first (§8.5)", p->name);
    if ((from == FOGN_F_LINE) && (to == FOGN_F_TACTICAL || to == FOGN_F_DEEP)) {
        /* not within 2 MU of any front of an enemy (both halves of a kinked line, every face of a Square) */
        gr_rect mine[2];
        int nm = fogn_unit_rects(p, u, mine);
        for (int j = 0; j < s->nunits; j++) {
            if (s->units[j].side == p->side || !fogn_unit_alive(&st->u[j])) continue;
            for (int k = 0; k < nm; k++)
                if (fogn_within_front_of(s, st, j, &mine[k], FOGN_CLOSE))
                    return gr_error_set(err, "%s may not form Tactical from Extended Line within 2 MU of the front of %s (§8.5)",
                                    p->name, s->units[j].name);
        }
    }
    return 0;
}

/* does the front-edge centre stay on a road all along the sampled path? */
static int path_on_road(const fogn_scenario *s, const gr_vec2 *pts, int n)
{
    for (int i = 0; i < n; i++) {
        int ok = 0;
        for (int k = 0; k < s->terrain.n && !ok; k++) {
            const gr_terrain_piece *pc = &s->terrain.p[k];
            if (pc->type != GR_T_ROAD && pc->type != GR_T_BRIDGE) continue;
            if (gr_point_polyline_dist(pc->pts, pc->npts, pts[i]) <= pc->width / 2 + FOGN_ROAD_TOLERANCE) ok = 1;
        }
        if (!ok) return 0;
    }
    return 1;
}

/* --- road marching: follow the centre line of the nearest road ----------------------- */

/* Walks `dist` along the road polyline from the point nearest `from`, in
 * direction dir (+1 toward the last vertex, -1 toward the first). Fills the
 * sampled path; returns the end point and the heading of the last segment. */
static int road_walk(const gr_terrain_piece *rd, gr_vec2 from, int dir, double dist, gr_vec2 *end,
                     double *heading, gr_vec2 *samples, int *nsamples, int max_samples)
{
    /* locate the nearest segment and parameter */
    int best = -1;
    double bd = INFINITY, bt = 0;
    for (int i = 0; i + 1 < rd->npts; i++) {
        gr_vec2 a = rd->pts[i], b = rd->pts[i + 1];
        gr_vec2 ab = gr_v2_sub(b, a);
        double l2 = gr_v2_dot(ab, ab);
        double tt = l2 > 0 ? gr_v2_dot(gr_v2_sub(from, a), ab) / l2 : 0;
        if (tt < 0) tt = 0;
        if (tt > 1) tt = 1;
        double d = gr_v2_dist(from, gr_v2_add(a, gr_v2_scale(ab, tt)));
        if (d < bd) { bd = d; best = i; bt = tt; }
    }
    if (best < 0) return -1;
    gr_vec2 cur = gr_v2_add(rd->pts[best], gr_v2_scale(gr_v2_sub(rd->pts[best + 1], rd->pts[best]), bt));
    int seg = best;
    double left = dist, hd = 0;
    int ns = 0;
    if (ns < max_samples) samples[ns++] = cur;
    while (left > GR_EPS) {
        gr_vec2 target = dir > 0 ? rd->pts[seg + 1] : rd->pts[seg];
        gr_vec2 v = gr_v2_sub(target, cur);
        double l = gr_v2_len(v);
        if (l > GR_EPS) hd = atan2(v.y, v.x);
        if (l >= left) {
            cur = gr_v2_add(cur, gr_v2_scale(gr_v2_norm(v), left));
            left = 0;
        } else {
            cur = target;
            left -= l;
            seg += dir;
            if (seg < 0 || seg + 1 >= rd->npts) break; /* road ends */
        }
        if (ns < max_samples) samples[ns++] = cur;
    }
    if (dist <= GR_EPS) {
        gr_vec2 a = rd->pts[best], b = rd->pts[best + 1];
        gr_vec2 v = dir > 0 ? gr_v2_sub(b, a) : gr_v2_sub(a, b);
        hd = atan2(v.y, v.x);
    }
    *end = cur;
    *heading = hd;
    *nsamples = ns;
    return 0;
}


int fogn_road_under(const fogn_scenario *s, gr_vec2 p)
{
    return gr_terrain_near_line(&s->terrain, GR_T_ROAD, p, 0.75 + FOGN_ROAD_TOLERANCE);
}

/* --- each kind of move ------------------------------------------------------------------------ */

/* the wheel's turn matches its pivot: a forward wheel pivots on a front
 * corner and the outer corner goes forward: pivot FL turns counter-clockwise
 * (positive), FR clockwise; a backward wheel swings the far corners back: RL
 * clockwise, RR counter-clockwise (geom.h: FL is at fc - right * w/2) */
static int wheel_turn_ok(const fogn_move *m, gr_error *err)
{
    int front = m->pivot == GR_FL || m->pivot == GR_FR;
    int want_neg = (m->pivot == GR_FR) || (m->pivot == GR_RL);
    if (front && ((m->angle < 0) != want_neg))
        return gr_error_set(err, "a forward wheel about the %s corner turns %s", m->pivot == GR_FL ? "left" : "right",
                            m->pivot == GR_FL ? "left (positive degrees)" : "right (negative degrees)");
    if (!front && ((m->angle < 0) != want_neg))
        return gr_error_set(err, "a backward wheel about the %s rear corner turns %s", m->pivot == GR_RL ? "left" : "right",
                            m->pivot == GR_RL ? "right (negative degrees)" : "left (positive degrees)");
    return 0;
}

/* §8.5: a kinked Extended Line's halves move each on its own and the line
 * must end legal; its normal move begins with the right half wheeling
 * forward about the centre (the halves' shared inner corner) into line with
 * the left, so the line goes on straight. The right half's area and its
 * wheel are swept; the wheel's outer-corner arc is returned. */
static double unkink(fogn_move_ctx *c)
{
    if (c->u->kink == 0) return 0;
    gr_rect halves[2];
    if (fogn_unit_rects(c->p, c->u, halves) < 2) return 0;
    fogn_sweep_rect(c->sw, &halves[1]);
    fogn_sweep_rotation(c->sw, &halves[1], gr_v2(c->u->x, c->u->y), -c->u->kink, FOGN_WHEEL_SAMPLES);
    c->after.kink = 0;
    c->after.bend = 0;
    return fabs(c->u->kink) * halves[1].w;
}

/* a normal move's wheel and slide, checked and swept: *ws, the footprint
 * they leave the unit in. With tries, this is the first try's work, kept
 * for the others */
static int normal_wheel_slide(fogn_move_ctx *c, gr_rect *ws)
{
    const fogn_move *m = c->m;
    const fogn_unit *u = c->u;
    gr_error *err = c->err;
    fogn_move_tries *t = c->t;
    fogn_sweep *sw = c->sw;
    const double a90 = FOGN_MAX_WHEEL_DEG * FOGN_DEG;
    gr_rect w = c->start;
    if (fabs(m->angle) > a90 + 1e-9)
        return gr_error_set(err, "wheel of %.0f degrees: at most %.0f per move (§8.4)", fabs(m->angle) / FOGN_DEG, FOGN_MAX_WHEEL_DEG);
    if (fabs(m->slide) > FOGN_MAX_SLIDE + 1e-9)
        return gr_error_set(err, "slide of %.2f MU: at most one base width, %.1f MU (§8.4)", fabs(m->slide), FOGN_MAX_SLIDE);
    if (m->angle != 0 && (m->pivot < GR_FL || m->pivot > GR_RL))
        return gr_error_set(err, "a wheel needs a pivot corner (FL, FR, RL or RR)");
    if (c->arm == FOGN_ARM_ART && u->formation == FOGN_F_UNLIMBERED)
        return gr_error_set(err, "unlimbered artillery moves only by prolong (§8.6)");
    if (u->formation == FOGN_F_SQUARE && m->angle != 0)
        return gr_error_set(err, "a square moves straight only");
    c->kink_arc = unkink(c);
    if (m->angle != 0) {
        if (wheel_turn_ok(m, err)) return -1;
        gr_vec2 pv = gr_rect_corner(&c->start, m->pivot);
        fogn_sweep_rotation(sw, &c->start, pv, m->angle, FOGN_WHEEL_SAMPLES);
        w = gr_rect_wheel(&c->start, m->pivot, m->angle);
    }
    /* the slide is swept before the straight part: a case (b) slide clears
     * the friend ahead instead of running through it and sliding off it */
    *ws = gr_rect_advance(&w, 0, m->slide);
    if (m->slide != 0) fogn_sweep_pair(sw, &w, ws);
    if (t) {
        t->ws = *ws;
        t->kink_arc = c->kink_arc;
        t->n0 = sw->n;
        t->overflow0 = sw->overflow;
        for (int k = 0; k < 4; k++) t->all0[k] = sw->all[k];
        t->ready = 1;
    }
    return 0;
}

/* the larger straight displacement of the two front corners (§8.4): what a
 * normal move or a Brigade Group member's move measures */
static void measure_front_corners(fogn_move_ctx *c)
{
    for (int k = GR_FL; k <= GR_FR; k++) {
        double d = gr_v2_dist(gr_rect_corner(&c->start, k), gr_rect_corner(&c->end, k));
        if (d > c->measured) c->measured = d;
    }
}

/* a kinked line's right half: its outer front corner from where it stood
 * bent to where the move leaves it (§8.4 measures each front corner) */
static void measure_bent_half(fogn_move_ctx *c)
{
    if (c->u->kink == 0) return;
    gr_rect halves[2];
    if (fogn_unit_rects(c->p, c->u, halves) < 2) return;
    double d = gr_v2_dist(gr_rect_corner(&halves[1], GR_FR), gr_rect_corner(&c->end, GR_FR));
    if (d > c->measured) c->measured = d;
}

/* a March Column bent at a turn moving straight ahead (§8.4): the head
 * goes on and the rear follows it round the turn, which stays where it is
 * on the table; once less than FOGN_COLUMN_BEND_MIN_REAR of it lies behind
 * the turn the column is straight. It sweeps the run from the turn to the
 * new front edge and the square of a base width about the turn that its
 * bases' corners swing through (its rear part as it stood is swept from the
 * start) */
static int pose_bent_ahead(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    if (m->angle != 0 || m->slide != 0) {
        if (c->t) c->t->doomed = 1; /* whatever the distance */
        return gr_error_set(c->err, "%s is a March Column bent at a turn: it neither wheels nor slides until its "
                            "last base has passed the turn (§8.4)", c->p->name);
    }
    c->end = gr_rect_advance(&c->start, m->dist, 0);
    c->measured = m->dist;
    if (c->t && c->measured > c->t->max_allow + 1e-6) return -1; /* beyond any allowance */
    gr_rect parts[2];
    fogn_unit_rects(c->p, c->u, parts);
    double head = c->u->bend + m->dist;
    gr_rect run = gr_rect_make(c->end.fc, c->end.heading, c->end.w, head);
    fogn_sweep_rect(c->sw, &run);
    gr_rect turn = gr_rect_make(gr_v2_add(parts[1].fc, gr_v2(c->end.w / 2, 0)), 0, c->end.w, c->end.w);
    fogn_sweep_rect(c->sw, &turn);
    set_pose(&c->after, &c->end);
    if (head > c->start.d - FOGN_COLUMN_BEND_MIN_REAR + GR_EPS) {
        c->after.kink = 0;
        c->after.bend = 0;
    } else {
        c->after.bend = head;
    }
    /* where it ends, straight or bent: a column placed straight lays its
     * last base along the head, off the road it followed */
    int n = fogn_unit_rects(c->p, &c->after, parts);
    for (int i = 0; i < n; i++) fogn_sweep_rect(c->sw, &parts[i]);
    c->end_swept = 1;
    return 0;
}

/* where a kinked line `w` going on bent goes (the line keeps its bend, so
 * both halves go the same way): BENT `dist` along the bisector of the
 * halves' facings; HALVES the way whose straight-ahead parts are the left
 * half's `dx` and the right half's `dy` (solved from the two facings, apart
 * by the bend). 0, or -1 refused */
static int bent_way(fogn_move_ctx *c, const fogn_unit *w, gr_vec2 *v)
{
    const fogn_move *m = c->m;
    if (!(m->flag & FOGN_MOVE_HALVES)) {
        *v = gr_v2_scale(gr_v2_dir(w->heading + w->kink / 2), m->dist);
        return 0;
    }
    if (m->dx < -GR_EPS || m->dy < -GR_EPS || (m->dx <= GR_EPS && m->dy <= GR_EPS))
        return gr_error_set(c->err, "each half goes straight ahead: give the left and right halves' distances, "
                            "not both nothing (§8.5)");
    gr_vec2 fl = gr_v2_dir(w->heading), fr = gr_v2_dir(w->heading + w->kink);
    double det = fl.x * fr.y - fl.y * fr.x; /* sin(bend), not 0 for a kinked line */
    if (fabs(det) < 1e-9) return gr_error_set(c->err, "the halves would stand in one line: no bend to go on with");
    *v = gr_v2((m->dx * fr.y - m->dy * fl.y) / det, (m->dy * fl.x - m->dx * fr.x) / det);
    return 0;
}

/* an Extended Line's two halves, left then right, kinked or straight */
static void line_halves(const fogn_unit_profile *p, const fogn_unit *u, gr_rect out[2])
{
    if (fogn_unit_rects(p, u, out) == 2) return;
    gr_rect r = out[0];
    gr_vec2 q = gr_v2_scale(gr_rect_right(&r), r.w / 4);
    out[0] = gr_rect_make(gr_v2_sub(r.fc, q), r.heading, r.w / 2, r.d);
    out[1] = gr_rect_make(gr_v2_add(r.fc, q), r.heading, r.w / 2, r.d);
}

/* §8.5: the line `w` once one half (the left, or the right) has wheeled about
 * the centre to `bend`, the other standing: the bend's limits checked, the
 * wheel swept when `sweep`, its outer corner's arc in *arc */
static int wheel_a_half(fogn_move_ctx *c, int left, double bend, int sweep, fogn_unit *w, double *arc)
{
    if (bend > 1e-9)
        return gr_error_set(c->err, "the halves of a line may not bend towards each other: give a negative bend (§8.5)");
    if (fabs(bend) > FOGN_MAX_KINK_DEG * FOGN_DEG + 1e-9)
        return gr_error_set(c->err, "a bend of %.0f degrees: at most %.0f (§8.5)", fabs(bend) / FOGN_DEG,
                            FOGN_MAX_KINK_DEG);
    double turn = left ? c->u->kink - bend : bend - c->u->kink;
    gr_rect before[2];
    line_halves(c->p, c->u, before);
    if (sweep) fogn_sweep_rotation(c->sw, &before[left ? 0 : 1], gr_v2(c->u->x, c->u->y), turn, FOGN_WHEEL_SAMPLES);
    *w = *c->u;
    w->kink = bend;
    if (left) fogn_unit_set_heading(w, gr_angle_norm(c->u->heading + turn));
    *arc = fabs(turn) * before[0].w;
    return 0;
}

/* HALVES with a half's wheel first: the line as it stands once the named half
 * has wheeled about the centre to the bend `angle` (as `kink` does), that
 * wheel swept and its outer corner's arc returned; otherwise the line as it is */
static int half_wheel(fogn_move_ctx *c, fogn_unit *w, double *arc)
{
    const fogn_move *m = c->m;
    *w = *c->u;
    *arc = 0;
    if (!(m->flag & (FOGN_MOVE_WHEEL_LEFT | FOGN_MOVE_WHEEL_RIGHT))) {
        if (m->angle != 0 || m->slide != 0)
            return gr_error_set(c->err, "a line going on bent neither wheels nor slides as a whole: its halves slide "
                                "as they must to stay together (§8.5)");
        return 0;
    }
    return wheel_a_half(c, (m->flag & FOGN_MOVE_WHEEL_LEFT) != 0, m->angle, 1, w, arc);
}

/* -1 with the reason unless the mover is a kinked Extended Line, the only
 * formation that `does` what its halves' own moves do (§8.5) */
static int not_kinked_line(const fogn_move_ctx *c, const char *does)
{
    const fogn_unit *u = c->u;
    if (u->kink != 0 && !FOGN_BENT_COLUMN(u) && (u->formation == FOGN_F_LINE || u->formation == FOGN_F_SKIRMISH_LINE))
        return 0;
    return gr_error_set(c->err, "%s is no kinked Extended Line: only such a line %s (§8.5)", c->p->name, does);
}

/* a kinked line's halves before and after (left, right), each front corner
 * measured from where it stood: the larger travel against the allowance,
 * the smaller for a slide's 3 MU (§8.4) */
static void measure_halves(fogn_move_ctx *c, const gr_rect from[2], const gr_rect to[2])
{
    c->measured = 0;
    c->bent_advance = INFINITY;
    for (int k = 0; k < 2; k++)
        for (int q = GR_FL; q <= GR_FR; q++) {
            double d = gr_v2_dist(gr_rect_corner(&from[k], q), gr_rect_corner(&to[k], q));
            c->measured = fmax(c->measured, d);
            c->bent_advance = fmin(c->bent_advance, d);
        }
}

/* §8.5: a kinked Extended Line whose halves each move on their own and end
 * as one bent line: optionally one half first wheels about the centre to a
 * new bend, the other standing; then each half goes straight ahead with the
 * slide that keeps the inner corners together (bent_way's direction on the
 * half's right), at most a base width (§8.4). Each front corner is measured
 * from where it stood; each half's run is swept from where it stands */
static int pose_bent_line(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    const fogn_unit *u = c->u;
    if (not_kinked_line(c, "goes on bent")) return -1;
    fogn_unit w;
    double arc;
    gr_vec2 v;
    if (half_wheel(c, &w, &arc) || bent_way(c, &w, &v)) return -1;
    gr_vec2 rl = gr_v2_dir(w.heading - GR_PI / 2), rr = gr_v2_dir(w.heading + w.kink - GR_PI / 2);
    double sl = fabs(gr_v2_dot(v, rl)), sr = fabs(gr_v2_dot(v, rr)), slide = fmax(sl, sr);
    if (slide > FOGN_MAX_SLIDE + 1e-9) {
        if (m->flag & FOGN_MOVE_HALVES)
            return gr_error_set(c->err, "going %.4g and %.4g MU, the halves would slide %.2f and %.2f MU: at most one "
                                "base width, %.1f MU (§8.4)", m->dx, m->dy, sl, sr, FOGN_MAX_SLIDE);
        return gr_error_set(c->err, "bent %.0f degrees, each half would slide %.2f MU to go %.4g MU: at most one base "
                            "width, %.1f MU (§8.4)", fabs(u->kink) / FOGN_DEG, slide, m->dist, FOGN_MAX_SLIDE);
    }
    fogn_unit_face_like(&c->after, &w);
    c->after.kink = w.kink;
    c->after.x = u->x + v.x;
    c->after.y = u->y + v.y;
    gr_rect from[2], mid[2], to[2];
    fogn_unit_rects(c->p, u, from);
    fogn_unit_rects(c->p, &w, mid);
    fogn_unit_rects(c->p, &c->after, to);
    for (int k = 0; k < 2; k++) fogn_sweep_pair(c->sw, &mid[k], &to[k]);
    measure_halves(c, from, to);
    c->end = fogn_unit_rect(c->p, &c->after);
    c->end_swept = 1;
    c->bent_slide = slide;
    if (arc > 0) c->plan->allowance = -arc; /* stash; checked once the allowance is known (as pose_normal) */
    return 0;
}

/* a half's swing: forward, more than 0 and at most a wheel's 90 degrees (§8.4) */
static bool swing_angle_ok(double angle)
{
    return angle > 0 && angle <= FOGN_MAX_WHEEL_DEG * FOGN_DEG + 1e-9;
}

/* §8.5, both halves at once: each half wheels forward about its outer
 * front corner (the left anticlockwise by angle, the right clockwise by
 * angle2) and goes its own distance straight on (dist, dist2), with the slide
 * along its own front that brings the inner corners together again (at
 * most a base width each, and only with every front corner of both halves
 * going 3 MU clear of the enemy, §8.4). The bend opens by the two wheels.
 * The slides solve left + sl * right_l = right + sr * right_r, the two
 * halves' fronts being apart by the bend */
static int swing_both(fogn_move_ctx *c, double bend)
{
    const fogn_move *m = c->m;
    const fogn_unit *u = c->u;
    gr_rect from[2], wl[2], wh[2], to[2]; /* before, wheeled, gone straight on, slid */
    line_halves(c->p, u, from);
    const int pivot[2] = {GR_FL, GR_FR}, inner[2] = {GR_FR, GR_FL};
    const double turn[2] = {m->angle, -m->angle2}, run[2] = {m->dist, m->dist2};
    for (int k = 0; k < 2; k++) {
        gr_vec2 pv = gr_rect_corner(&from[k], pivot[k]);
        fogn_sweep_rotation(c->sw, &from[k], pv, turn[k], FOGN_WHEEL_SAMPLES);
        wl[k] = gr_rect_rotate_about(&from[k], pv, turn[k]);
        wh[k] = gr_rect_advance(&wl[k], run[k], 0);
    }
    gr_vec2 q = gr_v2_sub(gr_rect_corner(&wh[1], inner[1]), gr_rect_corner(&wh[0], inner[0]));
    gr_vec2 rl = gr_rect_right(&wh[0]), rr = gr_rect_right(&wh[1]);
    double det = gr_v2_cross(rr, rl); /* the sine of the bend: not 0 for a kinked line */
    if (fabs(det) < 1e-9) return gr_error_set(c->err, "the halves would stand in one line: no bend to meet at");
    double sl = gr_v2_cross(rr, q) / det, sr = gr_v2_cross(rl, q) / det;
    double slide = fmax(fabs(sl), fabs(sr));
    if (slide > FOGN_MAX_SLIDE + 1e-9)
        return gr_error_set(c->err, "the halves would slide %.2f and %.2f MU to keep the inner corners together: at "
                            "most one base width, %.1f MU (§8.4)", fabs(sl), fabs(sr), FOGN_MAX_SLIDE);
    const double sk[2] = {sl, sr};
    for (int k = 0; k < 2; k++) {
        to[k] = gr_rect_advance(&wh[k], 0, sk[k]);
        fogn_sweep_pair(c->sw, &wl[k], &to[k]);
    }
    gr_vec2 met = gr_rect_corner(&to[0], inner[0]);
    c->after.x = met.x;
    c->after.y = met.y;
    fogn_unit_set_heading(&c->after, gr_angle_norm(u->heading + turn[0]));
    c->after.kink = bend;
    measure_halves(c, from, to);
    c->bent_slide = slide > 1e-9 ? slide : 0; /* none, but for rounding */
    c->end = fogn_unit_rect(c->p, &c->after);
    c->end_swept = 1;
    c->plan->allowance = -fmax(m->angle * from[0].w, m->angle2 * from[1].w); /* the arc's stash, as pose_swing's */
    return 0;
}

/* §8.5: one half of a kinked Extended Line wheels forward about its outer
 * front corner, its inner end going ahead, and goes on straight; the other
 * half, keeping its facing, goes straight ahead with the slide that brings
 * its inner corner to the swung half's (at most a base width, and only
 * with both front corners of both halves going 3 MU clear of the enemy,
 * §8.4). The bend opens by the wheel: the halves never bend towards each
 * other. The wheel's arc is the inner end's, a half's width out */
static int pose_swing(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    const fogn_unit *u = c->u;
    if (not_kinked_line(c, "swings a half")) return -1;
    int both = (m->flag & FOGN_MOVE_WHEEL_LEFT) && (m->flag & FOGN_MOVE_WHEEL_RIGHT);
    const char *bad_angle = "a half swings forward by more than 0 and at most %.0f degrees (§8.4)";
    if (!swing_angle_ok(m->angle)) return gr_error_set(c->err, bad_angle, FOGN_MAX_WHEEL_DEG);
    if (m->dist < -GR_EPS || (both && m->dist2 < -GR_EPS))
        return gr_error_set(c->err, "a swung half goes on forward, not back");
    if (both && !swing_angle_ok(m->angle2)) return gr_error_set(c->err, bad_angle, FOGN_MAX_WHEEL_DEG);
    double bend = u->kink - m->angle - (both ? m->angle2 : 0);
    if (fabs(bend) > FOGN_MAX_KINK_DEG * FOGN_DEG + 1e-9)
        return gr_error_set(c->err, "a bend of %.0f degrees: at most %.0f (§8.5)", fabs(bend) / FOGN_DEG,
                            FOGN_MAX_KINK_DEG);
    if (both) return swing_both(c, bend);
    int left = (m->flag & FOGN_MOVE_WHEEL_LEFT) != 0, sw = left ? 0 : 1, fo = 1 - sw;
    gr_rect from[2], to[2];
    line_halves(c->p, u, from);
    /* the swung half: a forward wheel about its outer front corner turns it
     * away from the other half (left: anticlockwise), then straight on */
    double turn = left ? m->angle : -m->angle;
    gr_vec2 pivot = gr_rect_corner(&from[sw], left ? GR_FL : GR_FR);
    fogn_sweep_rotation(c->sw, &from[sw], pivot, turn, FOGN_WHEEL_SAMPLES);
    gr_rect wheeled = gr_rect_rotate_about(&from[sw], pivot, turn);
    to[sw] = gr_rect_advance(&wheeled, m->dist, 0);
    fogn_sweep_pair(c->sw, &wheeled, &to[sw]);
    /* the other half follows its inner corner */
    gr_vec2 inner = gr_v2(u->x, u->y), met = gr_rect_corner(&to[sw], left ? GR_FR : GR_FL);
    gr_vec2 v = gr_v2_sub(met, inner);
    double ahead = gr_v2_dot(v, gr_rect_fwd(&from[fo])), slide = gr_v2_dot(v, gr_rect_right(&from[fo]));
    if (ahead < -GR_EPS)
        return gr_error_set(c->err, "the %s half would have to go back %.2f MU to keep the inner corners together: a "
                            "normal move goes forward (§8.4, §8.5)", left ? "right" : "left", -ahead);
    if (fabs(slide) > FOGN_MAX_SLIDE + 1e-9)
        return gr_error_set(c->err, "the %s half would slide %.2f MU to keep the inner corners together: at most one "
                            "base width, %.1f MU (§8.4)", left ? "right" : "left", fabs(slide), FOGN_MAX_SLIDE);
    to[fo] = gr_rect_advance(&from[fo], ahead, slide);
    fogn_sweep_pair(c->sw, &from[fo], &to[fo]);
    c->after.x = met.x;
    c->after.y = met.y;
    fogn_unit_set_heading(&c->after, gr_angle_norm(left ? u->heading + turn : u->heading));
    c->after.kink = bend;
    measure_halves(c, from, to);
    c->bent_slide = fabs(slide) > 1e-9 ? fabs(slide) : 0; /* none, but for rounding */
    c->end = fogn_unit_rect(c->p, &c->after);
    c->end_swept = 1;
    c->plan->allowance = -(m->angle * from[sw].w); /* the arc's stash, checked once the allowance is known */
    return 0;
}

/* a wheel about a corner, then straight on, with a slide (§8.4) */
static int pose_normal(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    fogn_move_tries *t = c->t;
    if (m->dist < -GR_EPS) return gr_error_set(c->err, "a normal move goes forward; use a move to the rear");
    if (m->flag & FOGN_MOVE_SWING) return pose_swing(c);
    if (m->flag & (FOGN_MOVE_BENT | FOGN_MOVE_HALVES)) return pose_bent_line(c);
    if (FOGN_BENT_COLUMN(c->u)) return pose_bent_ahead(c);
    if (fogn_column_wheels(c)) {
        if (!wheel_turn_ok(m, c->err)) return fogn_pose_column_wheel(c);
        if (t) t->doomed = 1; /* the wheel's sense, whatever the distance */
        return -1;
    }
    gr_rect ws;
    if (t && t->ready) {
        ws = t->ws; /* checked and swept on the first try */
        c->kink_arc = t->kink_arc;
        if (c->u->kink != 0) c->after.kink = 0;
    } else if (normal_wheel_slide(c, &ws)) {
        if (t) t->doomed = 1; /* its checks do not depend on the distance */
        return -1;
    }
    c->end = gr_rect_advance(&ws, m->dist, 0);
    /* measured: each front corner's straight displacement (§8.4), the bent
     * right half's outer corner too; the wheels' outer-corner arcs are
     * limited separately (move_check_terrain.c) */
    measure_front_corners(c);
    measure_bent_half(c);
    if (t && c->measured > t->max_allow + 1e-6) return -1; /* beyond any allowance */
    if (m->dist > 0) fogn_sweep_pair(c->sw, &ws, &c->end);
    double arc = c->kink_arc;
    if (m->angle != 0) {
        double wa = fabs(m->angle) * c->start.w;
        if (m->pivot == GR_RL || m->pivot == GR_RR) wa = fabs(m->angle) * hypot(c->start.w, c->start.d);
        if (wa > arc) arc = wa;
    }
    if (arc > 0) c->plan->allowance = -arc; /* stash; checked once the allowance is known */
    if (m->slide != 0) {
        int only_slide = m->dist == 0 && m->angle == 0;
        if (only_slide) {
            if (c->wav) return gr_error_set(c->err, "%s is Wavering: a slide as its only move is not allowed (§5.4)", c->p->name);
            fogn_move_mark_complex(c->plan, "slide as the only move");
        }
    }
    set_pose(&c->after, &c->end);
    return 0;
}

/* straight back, facing about at the start and / or the end (§8.4) */
static int pose_rear(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    if (m->dist < 0) return gr_error_set(c->err, "the distance to the rear must be positive");
    if (c->arm == FOGN_ARM_ART && c->u->formation == FOGN_F_UNLIMBERED)
        return gr_error_set(c->err, "unlimbered artillery moves only by prolong (§8.6)");
    gr_rect r0 = (m->flag & 1) ? about_face(&c->start) : c->start;
    gr_rect r1 = (m->flag & 1) ? gr_rect_advance(&r0, m->dist, 0) : gr_rect_advance(&r0, -m->dist, 0);
    c->measured = m->dist;
    if (c->t && c->measured > c->t->max_allow + 1e-6) return -1; /* beyond any allowance */
    fogn_sweep_pair(c->sw, &r0, &r1);
    c->end = (m->flag & 2) ? about_face(&r1) : r1;
    set_pose(&c->after, &c->end);
    return 0;
}

/* a turn in place about the centre to a new heading */
static int pose_turn(fogn_move_ctx *c)
{
    double turn = gr_angle_diff(c->m->angle, c->start.heading);
    if (fabs(turn) < 1e-9) return gr_error_set(c->err, "%s already faces that way", c->p->name);
    if (fabs(fabs(turn) - GR_PI) < 1e-6) {
        c->end = about_face(&c->start);
    } else {
        gr_vec2 ctr = gr_rect_centre(&c->start);
        fogn_sweep_rotation(c->sw, &c->start, ctr, turn, FOGN_WHEEL_SAMPLES);
        c->end = gr_rect_rotate_about(&c->start, ctr, turn);
    }
    c->measured = 0;
    if (c->arm == FOGN_ARM_ART && c->u->formation == FOGN_F_UNLIMBERED)
        fogn_move_mark_complex(c->plan, "unlimbered artillery turning in place");
    set_pose(&c->after, &c->end);
    return 0;
}

/* skirmishers' move in any direction, at half the allowance (§8.4) */
static int pose_free(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    if (!((c->arm == FOGN_ARM_INF && c->skirm) || c->p->troop == FOGN_CAV_IRR_LIGHT))
        return gr_error_set(c->err, "only skirmish infantry and irregular light cavalry move in any direction (§8.4)");
    gr_rect moved = gr_rect_make(gr_v2(c->start.fc.x + m->dx, c->start.fc.y + m->dy), c->start.heading, c->start.w,
                                 c->start.d);
    fogn_sweep_pair(c->sw, &c->start, &moved);
    double turn = gr_angle_diff(m->angle, c->start.heading);
    c->end = moved;
    if (fabs(turn) > 1e-9) {
        gr_vec2 ctr = gr_rect_centre(&moved);
        fogn_sweep_rotation(c->sw, &moved, ctr, turn, FOGN_WHEEL_SAMPLES);
        c->end = gr_rect_rotate_about(&moved, ctr, turn);
    }
    c->measured = hypot(m->dx, m->dy);
    c->allowance_factor = 0.5;
    set_pose(&c->after, &c->end);
    return 0;
}

/* §8.5: a new formation ends no nearer the nearest enemy than before: slide
 * it by the least distance that keeps it, trying straight back first, then
 * back and to either side, then sideways (ruling: 0.1 MU rings up to 4 MU).
 * A footprint moved x MU comes at most x MU nearer or farther, so a slide
 * whose direction's last distance measured, plus the way it has come since,
 * falls short of the distance to keep by more than rounding
 * (FORM_SLIDE_SLACK) would be refused: it is passed over unmeasured. Each
 * enemy's reach and rectangles are worked out once for all the slides (the
 * tries' kept measures, the same tests in the same order). */
#define FORM_SLIDE_SLACK 1e-9

static int form_keep_distance(fogn_move_ctx *c)
{
    const fogn_scenario *s = c->s;
    const fogn_state *st = c->st;
    int unit = c->m->unit;
    double before = fogn_enemy_dist(s, st, unit, NULL), keep = before - 1e-6;
    double here = fogn_enemy_dist(s, st, unit, &c->end);
    if (here >= keep) return 0;
    static const double dirs[][2] = {{-1, 0}, {-0.7071, -0.7071}, {-0.7071, 0.7071}, {0, -1}, {0, 1}};
    fogn_move_tries own, *t = c->t;
    if (!t) {
        fogn_move_tries_init(&own);
        t = &own;
    }
    gr_rect base = c->end;
    double last[5], at[5]; /* each direction's last distance measured, and how far it had slid */
    for (int d = 0; d < 5; d++) last[d] = here, at[d] = 0;
    for (int k = 1; k <= FOGN_R_REFORM_SLIDE_STEPS; k++)
        for (int d = 0; d < 5; d++) {
            double r = k * FOGN_R_REFORM_SLIDE_STEP;
            if (last[d] + (r - at[d]) < keep - FORM_SLIDE_SLACK) continue;
            gr_rect moved = gr_rect_advance(&base, r * dirs[d][0], r * dirs[d][1]);
            double x = fogn_enemy_dist_kept(s, st, unit, &moved, INFINITY, t);
            if (x >= keep) {
                c->end = moved;
                return 0;
            }
            last[d] = x;
            at[d] = r;
        }
    return gr_error_set(c->err, "%s cannot change formation without ending nearer the enemy (§8.5)", c->p->name);
}

/* a formation change in place (§8.5) */
static int pose_form(fogn_move_ctx *c)
{
    fogn_formation to = (fogn_formation)c->m->flag;
    if (form_transition_ok(c->s, c->st, c->m->unit, to, c->err)) return -1;
    c->end = fogn_form_pose(c->p, c->u, to);
    c->after.formation = (uint8_t)c->m->flag;
    c->after.kink = 0;
    c->after.bend = 0;
    if (form_keep_distance(c)) return -1;
    fogn_sweep_rect(c->sw, &c->end);
    c->measured = 0;
    set_pose(&c->after, &c->end);
    return 0;
}

/* an Extended Line bent at its centre (§8.5) */
static int pose_kink(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    if (c->u->formation != FOGN_F_LINE && c->u->formation != FOGN_F_SKIRMISH_LINE)
        return gr_error_set(c->err, "only an Extended Line can bend at its centre (§8.5)");
    int left = (m->flag & FOGN_KINK_LEFT) != 0;
    if (left && c->u->kink == m->angle) return gr_error_set(c->err, "%s is already bent so", c->p->name);
    /* the left half's wheel is swept; the right half's, as the bend has always been made, is not */
    fogn_unit w;
    double arc;
    if (wheel_a_half(c, left, m->angle, left, &w, &arc)) return -1;
    c->after.kink = w.kink;
    fogn_unit_face_like(&c->after, &w);
    gr_rect halves[2];
    int nh = fogn_unit_rects(c->p, &c->after, halves);
    for (int i = 0; i < nh; i++) fogn_sweep_rect(c->sw, &halves[i]);
    c->end = halves[0];
    c->measured = 0;
    return 0;
}

/* a March Column whose head stands at after's front edge on road rd, having
 * marched in direction dir: bent at the road's first turn behind its head
 * when at least FOGN_COLUMN_BEND_MIN_REAR of it lies behind that turn and
 * the turn is FOGN_COLUMN_BEND_MIN_DEG or more (§8.4); the rear part points
 * from the column's tail, on the road `depth` behind the head, at that turn */
static void column_on_road(const gr_terrain_piece *rd, int dir, double depth, fogn_unit *after)
{
    after->kink = 0;
    after->bend = 0;
    gr_vec2 back[64], tail;
    int nb = 0;
    double h;
    if (road_walk(rd, gr_v2(after->x, after->y), -dir, depth, &tail, &h, back, &nb, 64) || nb < 2) return;
    if (gr_v2_dist(back[1], tail) <= GR_EPS) return; /* no turn between head and tail */
    double bend = gr_v2_dist(back[0], back[1]);
    gr_vec2 rear = gr_v2_sub(back[1], tail);
    if (bend <= GR_EPS || bend > depth - FOGN_COLUMN_BEND_MIN_REAR + GR_EPS || gr_v2_len(rear) <= GR_EPS) return;
    double k = gr_angle_norm(atan2(rear.y, rear.x) - after->heading);
    if (fabs(k) < FOGN_COLUMN_BEND_MIN_DEG * FOGN_DEG) return;
    after->kink = k;
    after->bend = bend;
}

/* the ground a column passes over marching along road rd in direction dir
 * with its head's path fw[0..nf-1] ending at e: the road's width from where
 * its tail starts to where its head ends, every base following the centre
 * line, and at each point where the line turns, the square of a base width
 * about it that the bases' corners swing through */
static void sweep_road_corridor(fogn_move_ctx *c, const gr_terrain_piece *rd, int dir, const gr_vec2 *fw, int nf,
                                gr_vec2 e)
{
    gr_vec2 back[64], tail, path[130];
    int nb = 0, np = 0;
    double h;
    if (road_walk(rd, fw[0], -dir, c->start.d, &tail, &h, back, &nb, 64)) nb = 0;
    path[np++] = tail;
    for (int i = nb - 1; i >= 0; i--) path[np++] = back[i];
    for (int i = 1; i < nf; i++) path[np++] = fw[i];
    path[np++] = e;
    double w = c->start.w;
    for (int i = 1; i < np; i++) {
        gr_vec2 v = gr_v2_sub(path[i], path[i - 1]);
        double l = gr_v2_len(v);
        if (l <= GR_EPS) continue;
        gr_rect piece = gr_rect_make(path[i], atan2(v.y, v.x), w, l);
        fogn_sweep_rect(c->sw, &piece);
        if (i + 1 < np) {
            gr_rect turn = gr_rect_make(gr_v2_add(path[i], gr_v2(w / 2, 0)), 0, w, w);
            fogn_sweep_rect(c->sw, &turn);
        }
    }
}

/* does a bent column's rear part lie along a road, its turn, middle and
 * tail all on one (as a column that bent at a road's turn does), rather
 * than where its head wheeled off the road? */
static int bent_along_road(const fogn_move_ctx *c)
{
    gr_rect parts[2];
    fogn_unit_rects(c->p, c->u, parts);
    gr_vec2 back = gr_v2_scale(gr_rect_fwd(&parts[1]), -parts[1].d);
    for (int k = 0; k <= 2; k++)
        if (fogn_road_under(c->s, gr_v2_add(parts[1].fc, gr_v2_scale(back, k / 2.0))) < 0) return 0;
    return 1;
}

/* a March Column or limbered guns along the road it stands on (§8.3); a
 * column bends with the road where it turns (§8.4) */
static int pose_road(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    const gr_rect *start = &c->start;
    int marches = c->u->formation == FOGN_F_COLUMN || c->u->formation == FOGN_F_LIMBERED;
    int rdi = marches ? fogn_road_under(c->s, start->fc) : -1;
    if (rdi < 0 && c->t) c->t->doomed = 1; /* at every distance */
    if (!marches) return gr_error_set(c->err, "only a March Column or limbered artillery marches along a road (§8.3)");
    if (rdi < 0) return gr_error_set(c->err, "%s is not on a road", c->p->name);
    if (FOGN_BENT_COLUMN(c->u) && !bent_along_road(c)) {
        if (c->t) c->t->doomed = 1;
        return gr_error_set(c->err, "%s is bent where its head wheeled off the road: it goes straight ahead until its "
                            "last base has passed the turn (§8.4)", c->p->name);
    }
    const gr_terrain_piece *rd = &c->s->terrain.p[rdi];
    int dir = m->flag >= 0 ? 1 : -1;
    gr_vec2 samples[64], e;
    int ns = 0;
    double hd;
    if (road_walk(rd, start->fc, dir, m->dist, &e, &hd, samples, &ns, 64))
        return gr_error_set(c->err, "the road has no course");
    c->end = gr_rect_make(e, hd, start->w, start->d);
    c->measured = m->dist;
    c->column_road = path_on_road(c->s, samples, ns);
    set_pose(&c->after, &c->end);
    if (c->u->formation == FOGN_F_COLUMN) column_on_road(rd, dir, start->d, &c->after);
    if (FOGN_BENT_COLUMN(c->u) || FOGN_BENT_COLUMN(&c->after)) {
        sweep_road_corridor(c, rd, dir, samples, ns, e);
        gr_rect parts[2];
        int n = fogn_unit_rects(c->p, &c->after, parts);
        for (int i = 0; i < n; i++) fogn_sweep_rect(c->sw, &parts[i]);
        c->end_swept = 1;
        return 0;
    }
    gr_rect prev = *start;
    for (int i = 1; i < ns; i++) {
        gr_vec2 dv = gr_v2_sub(samples[i], samples[i - 1]);
        gr_rect cur = gr_rect_make(samples[i], atan2(dv.y, dv.x), start->w, start->d);
        fogn_sweep_pair(c->sw, &prev, &cur);
        prev = cur;
    }
    return 0;
}

/* limbered guns unlimber (§8.6): the gun line's front edge on the limber's
 * front edge, centred */
static int pose_unlimber(fogn_move_ctx *c)
{
    if (c->arm != FOGN_ARM_ART || c->u->formation != FOGN_F_LIMBERED)
        return gr_error_set(c->err, "only limbered artillery unlimbers");
    if (c->wav) return gr_error_set(c->err, "%s is Wavering and may not unlimber (§5.4)", c->p->name);
    c->after.formation = FOGN_F_UNLIMBERED;
    c->end = fogn_unit_rect(c->p, &c->after);
    fogn_sweep_rect(c->sw, &c->end);
    if (!FOGN_R_UNLIMBER_SIMPLE) fogn_move_mark_complex(c->plan, "unlimbering");
    return 0;
}

/* unlimbered guns limber up (§8.6), facing as m->flag says */
static int pose_limber(fogn_move_ctx *c)
{
    const gr_rect *start = &c->start;
    if (c->arm != FOGN_ARM_ART || c->u->formation != FOGN_F_UNLIMBERED)
        return gr_error_set(c->err, "only unlimbered artillery limbers");
    c->after.formation = FOGN_F_LIMBERED;
    gr_rect lim = fogn_unit_rect(c->p, &c->after);
    gr_vec2 right = gr_rect_right(start);
    switch (c->m->flag) {
    case 1: /* facing backward: rear edge on the old front edge */
        lim = gr_rect_make(gr_v2_sub(start->fc, gr_v2_scale(gr_rect_fwd(start), lim.d)), start->heading + GR_PI, lim.w, lim.d);
        break;
    case 2: /* facing right: front edge on the unit's right edge */
        lim = gr_rect_make(gr_v2_add(gr_v2_add(start->fc, gr_v2_scale(right, start->w / 2)),
                                     gr_v2_scale(gr_rect_fwd(start), -lim.w / 2)),
                           start->heading - GR_PI / 2, lim.w, lim.d);
        break;
    case 3:
        lim = gr_rect_make(gr_v2_add(gr_v2_sub(start->fc, gr_v2_scale(right, start->w / 2)),
                                     gr_v2_scale(gr_rect_fwd(start), -lim.w / 2)),
                           start->heading + GR_PI / 2, lim.w, lim.d);
        break;
    default: break; /* facing forward in place of the centre gun */
    }
    c->end = lim;
    fogn_sweep_rect(c->sw, &c->end);
    int heavy = c->p->weight == FOGN_HEAVY;
    if (heavy && FOGN_R_LIMBER_HEAVY_COMPLEX) fogn_move_mark_complex(c->plan, "limbering heavy guns");
    set_pose(&c->after, &c->end);
    return 0;
}

/* unlimbered guns moved forward or back by prolong (§8.6) */
static int pose_prolong(fogn_move_ctx *c)
{
    if (c->arm != FOGN_ARM_ART || c->u->formation != FOGN_F_UNLIMBERED)
        return gr_error_set(c->err, "only unlimbered artillery moves by prolong (§8.6)");
    c->end = gr_rect_advance(&c->start, c->m->dist, 0);
    fogn_sweep_pair(c->sw, &c->start, &c->end);
    c->measured = fabs(c->m->dist);
    fogn_move_mark_complex(c->plan, "moving guns by prolong");
    set_pose(&c->after, &c->end);
    return 0;
}

/* one member of a Brigade Group: the group turns about its own corner as
 * one body, then all go straight the same distance (§8.8) */
static int pose_group(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    const double a90 = FOGN_MAX_WHEEL_DEG * FOGN_DEG;
    if (fabs(m->angle) > a90 + 1e-9)
        return gr_error_set(c->err, "wheel of %.0f degrees: at most %.0f per move (§8.4)", fabs(m->angle) / FOGN_DEG,
                            FOGN_MAX_WHEEL_DEG);
    if (c->arm == FOGN_ARM_ART && c->u->formation == FOGN_F_UNLIMBERED)
        return gr_error_set(c->err, "unlimbered artillery moves only by prolong (§8.6)");
    if (c->u->formation == FOGN_F_SQUARE) return gr_error_set(c->err, "a square cannot move in a Brigade Group");
    gr_rect w = c->start;
    if (m->angle != 0) {
        gr_vec2 pv = gr_v2(m->gx, m->gy);
        fogn_sweep_rotation(c->sw, &c->start, pv, m->angle, FOGN_WHEEL_SAMPLES);
        w = gr_rect_rotate_about(&c->start, pv, m->angle);
        c->plan->allowance = -fabs(m->angle) * m->radius; /* stash the arc, as for a wheel */
    }
    c->end = w; /* straight on the group's one way (brigade.c) */
    c->end.fc = gr_v2_add(w.fc, gr_v2_scale(gr_v2(m->dx, m->dy), m->dist));
    if (m->dist != 0) fogn_sweep_pair(c->sw, &w, &c->end);
    measure_front_corners(c);
    if (m->dist < 0) {
        if (m->angle != 0) return gr_error_set(c->err, "a Brigade Group moving to the rear goes straight back");
        c->measured = -m->dist;
    }
    set_pose(&c->after, &c->end);
    return 0;
}

/* over an obstacle from touching it to the least distance beyond it (§15.8):
 * the crossing is the whole move, whatever the allowance */
static int pose_cross(fogn_move_ctx *c)
{
    if (c->arm == FOGN_ARM_ART && c->u->formation == FOGN_F_UNLIMBERED)
        return gr_error_set(c->err, "unlimbered artillery moves only by prolong (§8.6)");
    if (fogn_cross_place(c->s, c->m->flag, &c->start, c->p->name, &c->end, c->err)) return -1;
    fogn_sweep_pair(c->sw, &c->start, &c->end);
    c->measured = 0;
    set_pose(&c->after, &c->end);
    return 0;
}

int fogn_move_pose(fogn_move_ctx *c)
{
    switch ((fogn_move_kind)c->m->kind) {
    case FOGN_MK_NORMAL: return pose_normal(c);
    case FOGN_MK_REAR: return pose_rear(c);
    case FOGN_MK_TURN: return pose_turn(c);
    case FOGN_MK_FREE: return pose_free(c);
    case FOGN_MK_FORM: return pose_form(c);
    case FOGN_MK_KINK: return pose_kink(c);
    case FOGN_MK_ROAD: return pose_road(c);
    case FOGN_MK_UNLIMBER: return pose_unlimber(c);
    case FOGN_MK_LIMBER: return pose_limber(c);
    case FOGN_MK_PROLONG: return pose_prolong(c);
    case FOGN_MK_GROUP: return pose_group(c);
    case FOGN_MK_CROSS: return pose_cross(c);
    default: return gr_error_set(c->err, "unknown move kind %d", c->m->kind);
    }
}
