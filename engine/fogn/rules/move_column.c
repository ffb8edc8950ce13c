/* move_column.c - a March Column's wheel (§8.4): its head base wheels about
 * its inner front corner and goes on; the rest of the column follows the
 * path of its head's centre line, which turns where the line before the
 * wheel and the line after it meet. Until its last base has passed that
 * turn the column stands bent there, as a column marching along a road
 * stands bent at the road's turn (move_pose.c), and moves on as one. */
#include "footprint.h"
#include "move_check.h"

#include <math.h>

int fogn_column_wheels(const fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    if (c->u->formation != FOGN_F_COLUMN || c->u->kink != 0) return 0;
    if (m->pivot != GR_FL && m->pivot != GR_FR) return 0;
    if (fabs(m->angle) < FOGN_COLUMN_BEND_MIN_DEG * FOGN_DEG) return 0;
    int cols, rows;
    fogn_formation_grid(c->p, FOGN_F_COLUMN, &cols, &rows);
    return rows > 1;
}

/* the ground the column covers whatever its distance: its head base's
 * wheel about the pivot, the square of a base width about the turn that
 * its bases' corners swing through, and the road of its rear from its tail
 * up to the turn. Tries of the move at other distances (c->t) keep it */
static void sweep_column_turn(fogn_move_ctx *c, gr_vec2 turn, int rows)
{
    fogn_move_tries *t = c->t;
    if (t && t->ready) return; /* swept on the first try (sweep_start restores it) */
    double w = c->start.w;
    gr_rect head_base = gr_rect_make(c->start.fc, c->start.heading, w, c->start.d / rows);
    fogn_sweep_rotation(c->sw, &head_base, gr_rect_corner(&c->start, c->m->pivot), c->m->angle, FOGN_WHEEL_SAMPLES);
    gr_rect square = gr_rect_make(gr_v2_add(turn, gr_v2(w / 2, 0)), 0, w, w);
    fogn_sweep_rect(c->sw, &square);
    gr_rect trail = gr_rect_make(turn, c->start.heading, w, c->start.d);
    fogn_sweep_rect(c->sw, &trail);
    if (!t) return;
    t->n0 = c->sw->n;
    t->overflow0 = c->sw->overflow;
    for (int k = 0; k < 4; k++) t->all0[k] = c->sw->all[k];
    t->kink_arc = 0;
    t->ready = 1;
}

/* ... and with its distance: the run of its head part from the turn to its
 * new front, and the two parts where it ends */
static void sweep_column_run(fogn_move_ctx *c, double head_len)
{
    gr_rect run = gr_rect_make(gr_v2(c->after.x, c->after.y), c->after.heading, c->start.w, head_len);
    fogn_sweep_rect(c->sw, &run);
    gr_rect parts[2];
    int n = fogn_unit_rects(c->p, &c->after, parts);
    for (int i = 0; i < n; i++) fogn_sweep_rect(c->sw, &parts[i]);
    c->end_swept = 1;
}

/* The head base wheels about the pivot, a front corner, through the move's
 * angle and goes the move's distance straight on. Its front-edge centre
 * then lies on the line the wheel turned the centre line into; the two
 * lines, both half a base width from the pivot, meet w/2 tan(|angle| / 2)
 * ahead of where the head stood, and the head's centre reaches the new line
 * that far past the meeting point. That point is the turn the column
 * follows. Measured as any wheel: each front corner's straight way against
 * the allowance, the outer corner's arc limited on its own
 * (move_check_terrain.c). No slide: the column follows its head's path. */
int fogn_pose_column_wheel(fogn_move_ctx *c)
{
    const fogn_move *m = c->m;
    if (m->slide != 0)
        return gr_error_set(c->err, "%s is a March Column: its head wheels and the column follows its path, with "
                            "no slide (§8.4)", c->p->name);
    if (fabs(m->angle) > FOGN_MAX_WHEEL_DEG * FOGN_DEG + 1e-9)
        return gr_error_set(c->err, "wheel of %.0f degrees: at most %.0f per move (§8.4)", fabs(m->angle) / FOGN_DEG,
                            FOGN_MAX_WHEEL_DEG);
    int cols, rows;
    fogn_formation_grid(c->p, FOGN_F_COLUMN, &cols, &rows);
    double w = c->start.w, depth = c->start.d;
    double ahead = w / 2 * tan(fabs(m->angle) / 2);
    gr_vec2 turn = gr_v2_add(c->start.fc, gr_v2_scale(gr_rect_fwd(&c->start), ahead));
    double heading = c->start.heading + m->angle, head_len = ahead + m->dist;
    gr_vec2 front = gr_v2_add(turn, gr_v2_scale(gr_v2_dir(heading), head_len));
    c->end = gr_rect_make(front, heading, w, depth);
    c->measured = 0;
    for (int k = GR_FL; k <= GR_FR; k++) {
        double d = gr_v2_dist(gr_rect_corner(&c->start, k), gr_rect_corner(&c->end, k));
        if (d > c->measured) c->measured = d;
    }
    if (c->t && c->measured > c->t->max_allow + 1e-6) return -1; /* beyond any allowance */
    c->after.x = front.x;
    c->after.y = front.y;
    fogn_unit_set_heading(&c->after, gr_angle_norm(heading));
    c->after.kink = 0;
    c->after.bend = 0;
    /* bent while a base depth or more of it lies behind the turn (FOGN_COLUMN_BEND_MIN_REAR) */
    if (head_len <= depth - FOGN_COLUMN_BEND_MIN_REAR + GR_EPS) {
        c->after.kink = gr_angle_norm(-m->angle);
        c->after.bend = head_len;
    }
    sweep_column_turn(c, turn, rows);
    sweep_column_run(c, head_len);
    c->plan->allowance = -(fabs(m->angle) * w); /* the arc's stash, checked once the allowance is known */
    return 0;
}
