/* checks.c - the audit's four checks (audit.h): two on each artillery
 * order as it is given, two on each player-move as it closes. */
#include "checks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../engine/core/play.h"

int gr_audit_active_kind(int kind)
{
    return kind == GR_AK_ADVANCE || kind == GR_AK_ATTACK || kind == GR_AK_FIRE || kind == GR_AK_WITHDRAW ||
           kind == GR_AK_FORM || kind == GR_AK_MANOEUVRE;
}

int gr_audit_moving_kind(int kind)
{
    return kind == GR_AK_ADVANCE || kind == GR_AK_WITHDRAW || kind == GR_AK_MANOEUVRE;
}

static const char *board_unit(const gr_audit *a)
{
    gr_board b;
    a->g->rs->present->board(a->g->scn, &b);
    return b.unit ? b.unit : "";
}

static int enemy_of(const gr_apiece *u, const gr_apiece *e)
{
    return e->alive && e->side != u->side && (e->arm == GR_ARM_INF || e->arm == GR_ARM_CAV || e->arm == GR_ARM_ART);
}

/* some enemy unit stands ahead of unit u's front in p */
static int enemy_ahead(const gr_apieces *p, int u)
{
    for (int e = 0; e < p->n; e++)
        if (enemy_of(&p->u[u], &p->u[e]) && gr_apiece_ahead(&p->u[u], &p->u[e])) return 1;
    return 0;
}

/* the nearest enemy foot or horse to unit u in p: its distance (-1 none) and index */
static double nearest_troops(const gr_apieces *p, int u, int *who)
{
    double best = -1;
    *who = -1;
    for (int e = 0; e < p->n; e++) {
        const gr_apiece *pe = &p->u[e];
        if (!enemy_of(&p->u[u], pe) || pe->arm == GR_ARM_ART) continue;
        double d = gr_apiece_dist(&p->u[u], pe);
        if (d >= 0 && (best < 0 || d < best)) {
            best = d;
            *who = e;
        }
    }
    return best;
}

static int guns_away(gr_audit *a, int u, const char *order)
{
    double hb, ha;
    if (!gr_apiece_heading(&a->pb.u[u], &hb) || !gr_apiece_heading(&a->pa.u[u], &ha)) return 0;
    if (fabs(gr_angle_diff(ha, hb)) <= GR_PI / 2 || !enemy_ahead(&a->pb, u) || enemy_ahead(&a->pa, u)) return 0;
    gr_audit_finding f = {.check = GR_AUDIT_GUNS_AWAY, .move = a->move, .side = a->pb.u[u].side, .unit = u};
    snprintf(f.order, sizeof f.order, "%s", order);
    snprintf(f.what, sizeof f.what, "%s (%s) turned %.0f degrees: no enemy stands ahead of it any more",
             a->pb.u[u].name, a->pb.u[u].ref, fabs(gr_angle_diff(ha, hb)) * 180 / GR_PI);
    return gr_audit_add(a, &f);
}

/* the unit's ground moved more than a turn in place would move it */
static int went_somewhere(const gr_audit *a, int u)
{
    gr_vec2 c0, c1;
    if (!gr_apiece_centre(&a->pb.u[u], &c0) || !gr_apiece_centre(&a->pa.u[u], &c1)) return 0;
    return hypot(c1.x - c0.x, c1.y - c0.y) >= a->g->rs->ai->pace * GR_AUDIT_STILL_PACE;
}

static int guns_close(gr_audit *a, int u, const char *order)
{
    double near = a->g->rs->ai->pace * GR_AUDIT_NEAR_PACE;
    int e0, e1;
    if (!went_somewhere(a, u)) return 0;
    double d0 = nearest_troops(&a->pb, u, &e0), d1 = nearest_troops(&a->pa, u, &e1);
    if (d0 < near || d1 < 0 || d1 >= near) return 0;
    gr_audit_finding f = {.check = GR_AUDIT_GUNS_CLOSE, .move = a->move, .side = a->pb.u[u].side, .unit = u};
    snprintf(f.order, sizeof f.order, "%s", order);
    const char *mu = board_unit(a);
    snprintf(f.what, sizeof f.what, "%s (%s) ended %.1f %s from %s (%s), from %.1f %s", a->pb.u[u].name,
             a->pb.u[u].ref, d1, mu, a->pa.u[e1].name, a->pa.u[e1].ref, d0, mu);
    return gr_audit_add(a, &f);
}

int gr_audit_guns(gr_audit *a, const void *before, const gr_action *act, const gr_action_info *info)
{
    int u = info->unit;
    if (u < 0 || u >= a->pb.n) return 0;
    const gr_apiece *b = &a->pb.u[u], *f = &a->pa.u[u];
    if (b->arm != GR_ARM_ART || !b->alive || !f->alive || f->broken) return 0;
    if (info->kind != GR_AK_ADVANCE && info->kind != GR_AK_MANOEUVRE && info->kind != GR_AK_FORM) return 0;
    char order[96];
    a->g->rs->present->format_action(a->g->scn, before, act, order, sizeof order);
    if (guns_away(a, u, order)) return -1;
    return guns_close(a, u, order);
}

/* ---- player-moves ---- */

void gr_audit_begin_move(gr_audit *a, int move, const void *state, const gr_apieces *p)
{
    a->move = move;
    memset(a->decisions, 0, sizeof a->decisions);
    memset(a->acted, 0, sizeof a->acted);
    memset(a->could, 0, sizeof a->could);
    for (int i = 0; i < p->n; i++) {
        a->start[i] = gr_v2(p->u[i].x, p->u[i].y);
        a->ordered[i] = 0;
    }
    a->timed = 0;
    if (a->g->rs->ai->clock) {
        gr_clock c;
        a->g->rs->ai->clock(a->g->scn, state, &c);
        a->timed = c.moves_left >= 0;
        a->timed0 = c.timed_score0;
    }
}

/* unit i moved by its own orders this move, v; back and forth against its side's last move */
static int back_forth(gr_audit *a, int i, gr_vec2 v, int own)
{
    double far = a->g->rs->ai->pace * GR_AUDIT_FAR_PACE;
    double len = hypot(v.x, v.y), plen = hypot(a->last_vec[i].x, a->last_vec[i].y);
    int found = 0;
    if (a->last_own[i] == own - 1 && plen >= far) {
        double c = (v.x * a->last_vec[i].x + v.y * a->last_vec[i].y) / (len * plen);
        if (c <= GR_AUDIT_REVERSE_COS) {
            const gr_apiece *u = &a->pa.u[i];
            gr_audit_finding f = {.check = GR_AUDIT_BACK_FORTH, .move = a->move, .side = u->side, .unit = i};
            snprintf(f.order, sizeof f.order, "%s", a->order[i]);
            const char *mu = board_unit(a);
            snprintf(f.what, sizeof f.what, "%s (%s) went %.1f %s one way (%s) and %.1f %s back", u->name, u->ref,
                     plen, mu, a->last_order[i], len, mu);
            if (gr_audit_add(a, &f)) return -1;
            found = 1;
        }
    }
    a->last_vec[i] = v;
    a->last_own[i] = found ? -1 : own;
    memcpy(a->last_order[i], a->order[i], sizeof a->order[i]);
    return 0;
}

static int moves_of_side(gr_audit *a, int s, const gr_apieces *p)
{
    double far = a->g->rs->ai->pace * GR_AUDIT_FAR_PACE;
    int own = ++a->own_moves[s];
    for (int i = 0; i < p->n; i++) {
        if (p->u[i].side != s) continue;
        gr_vec2 v = gr_v2(p->u[i].x - a->start[i].x, p->u[i].y - a->start[i].y);
        if (!a->ordered[i] || !p->u[i].alive || hypot(v.x, v.y) < far) a->last_own[i] = -1;
        else if (back_forth(a, i, v, own)) return -1;
    }
    return 0;
}

static int idle_of_side(gr_audit *a, int s)
{
    double score = s == 0 ? a->timed0 : 1 - a->timed0;
    if (a->timed && a->could[s] && !a->acted[s] && score < 1) {
        if (!a->streak[s]) a->streak_from[s] = a->move;
        a->streak[s]++;
        a->streak_to[s] = a->move;
        return 0;
    }
    return gr_audit_close_streak(a, s);
}

int gr_audit_end_move(gr_audit *a, const gr_apieces *p)
{
    int s = a->decisions[0] > a->decisions[1] ? 0 : a->decisions[1] > a->decisions[0] ? 1 : -1;
    if (s < 0) return 0;
    if (moves_of_side(a, s, p)) return -1;
    return idle_of_side(a, s);
}

int gr_audit_close_streak(gr_audit *a, int s)
{
    int n = a->streak[s];
    a->streak[s] = 0;
    if (n < GR_AUDIT_IDLE_MOVES) return 0;
    const char *names[2];
    gr_game_side_names(a->g, names);
    gr_audit_finding f = {.check = GR_AUDIT_IDLE, .move = a->streak_from[s], .side = s, .unit = -1, .length = n};
    snprintf(f.what, sizeof f.what,
             "%s ordered nothing forward, back, round or to fire in %d of their moves in a row (moves %d to %d), "
             "not winning on time",
             names[s], n, a->streak_from[s], a->streak_to[s]);
    return gr_audit_add(a, &f);
}
