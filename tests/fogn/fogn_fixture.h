/* fogn_fixture.h - building fogn positions in code for rule tests: an empty
 * 60 x 37.5 MU table, units and commanders placed by hand, terrain pieces,
 * and a state ready for the side to move. Header-only (static functions) so
 * each test file can include it. */
#ifndef FOGN_FIXTURE_H
#define FOGN_FIXTURE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/fogn/rules/internal.h"
#include "../../engine/fogn/rules/steps.h"
#include "../../engine/fogn/rules/turn.h"
#include "../../engine/fogn/rules/move.h"

#define FX_DEG (GR_PI / 180.0)

/* Exact-outcome checks shared by the rule tests (cmocka's fail_msg). */
#define POS_TOL 1e-6

#define ASSERT_NEAR(a, b, tol)                                                                              \
    do {                                                                                                    \
        double a_ = (a), b_ = (b);                                                                          \
        if (!(fabs(a_ - b_) <= (tol))) fail_msg("%s = %.9f, expected %.9f (line %d)", #a, a_, b_, __LINE__); \
    } while (0)

#define ASSERT_HAS(msg, needle)                                                                   \
    do {                                                                                          \
        if (!strstr((msg), (needle))) fail_msg("message \"%s\" lacks \"%s\"", (msg), (needle)); \
    } while (0)

#define ASSERT_VEC(v, ex, ey)             \
    do {                                  \
        gr_vec2 v_ = (v);                 \
        ASSERT_NEAR(v_.x, (ex), POS_TOL); \
        ASSERT_NEAR(v_.y, (ey), POS_TOL); \
    } while (0)

/* a unit's front-edge centre and heading (degrees) */
#define ASSERT_POSE(u, ex, ey, ehdeg)                                          \
    do {                                                                       \
        const fogn_unit *u_ = (u);                                             \
        ASSERT_NEAR(u_->x, (ex), POS_TOL);                                     \
        ASSERT_NEAR(u_->y, (ey), POS_TOL);                                     \
        ASSERT_NEAR(gr_angle_diff(u_->heading, (ehdeg) * FX_DEG), 0, POS_TOL); \
    } while (0)

#define ASSERT_RECT(r, ex, ey, ehdeg)                                         \
    do {                                                                      \
        gr_rect r_ = (r);                                                     \
        ASSERT_NEAR(r_.fc.x, (ex), POS_TOL);                                  \
        ASSERT_NEAR(r_.fc.y, (ey), POS_TOL);                                  \
        ASSERT_NEAR(gr_angle_diff(r_.heading, (ehdeg) * FX_DEG), 0, POS_TOL); \
    } while (0)

/* Log helpers for the rule tests: does some event's text contain `text`;
 * print the log (on a failure); and the assertion that uses both. */
static inline int logged(const gr_log *log, const char *text)
{
    for (size_t i = 0; i < log->n; i++)
        if (strstr(log->ev[i].text, text)) return 1;
    return 0;
}

static inline void dump(const gr_log *log)
{
    char buf[300];
    for (size_t i = 0; i < log->n; i++) {
        gr_event_format(&log->ev[i], buf, sizeof buf);
        fprintf(stderr, "  | %s\n", buf);
    }
}

#define ASSERT_LOGGED(log, text)                                     \
    do {                                                             \
        if (!logged((log), (text))) {                                \
            dump(log);                                               \
            fail_msg("log lacks \"%s\" (line %d)", (text), __LINE__); \
        }                                                            \
    } while (0)

/* A scenario with two divisions (one a side), each with a Skilled division
 * commander far behind the lines, and a corps commander per side. */
static inline fogn_scenario *fx_scenario(void)
{
    fogn_scenario *s = calloc(1, sizeof *s);
    if (!s) abort();
    snprintf(s->name, sizeof s->name, "fixture");
    snprintf(s->side_name[0], sizeof s->side_name[0], "Blue");
    snprintf(s->side_name[1], sizeof s->side_name[1], "Red");
    s->table_w = 60;
    s->table_h = 37.5;
    s->terrain.table_w = 60;
    s->terrain.table_h = 37.5;
    s->base_edge[1] = 1;
    s->max_turns = 12;
    s->ndivs = 2;
    for (int d = 0; d < 2; d++) {
        snprintf(s->divs[d].name, sizeof s->divs[d].name, "div%d", d);
        s->divs[d].side = (uint8_t)d;
        s->divs[d].kind = FOGN_DIV_MIXED;
        s->divs[d].commander = (int8_t)d;
        s->divs[d].corps = (int8_t)(2 + d);
        fogn_cmdr_profile *c = &s->cmdrs[d];
        snprintf(c->name, sizeof c->name, "general%d", d);
        c->side = (uint8_t)d;
        c->role = FOGN_CMDR_DIVISION;
        c->level = 2;
        c->division = (int8_t)d;
        c->start_leading = -1;
        c->x = 2 + 56 * d;
        c->y = d ? 36 : 1.5;
    }
    for (int d = 0; d < 2; d++) {
        fogn_cmdr_profile *c = &s->cmdrs[2 + d];
        snprintf(c->name, sizeof c->name, "corps%d", d);
        c->side = (uint8_t)d;
        c->role = FOGN_CMDR_CORPS;
        c->level = 1;
        c->division = -1;
        c->start_leading = -1;
        c->x = 6 + 48 * d;
        c->y = d ? 36 : 1.5;
    }
    s->ncmdrs = 4;
    return s;
}

/* Adds a unit; heading in degrees (90 = facing up the table). Returns its index. */
static inline int fx_unit(fogn_scenario *s, int side, fogn_troop troop, fogn_size size, fogn_formation f, double x,
                   double y, double heading_deg)
{
    int i = s->nunits++;
    fogn_unit_profile *p = &s->units[i];
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "unit%d", i);
    p->side = (uint8_t)side;
    p->troop = (uint8_t)troop;
    p->elan = FOGN_ELAN_AVERAGE;
    p->training = FOGN_TR_DRILLED;
    p->size = (uint8_t)size;
    p->division = (int8_t)side;
    p->start_formation = (uint8_t)f;
    p->x = x;
    p->y = y;
    p->heading = heading_deg * FX_DEG;
    return i;
}

/* Adds a polygon piece (npts points given as x0,y0,x1,y1,...). */
static inline int fx_poly(fogn_scenario *s, gr_terrain_type type, int grade, int npts, const double *xy)
{
    gr_terrain_piece pc;
    memset(&pc, 0, sizeof pc);
    snprintf(pc.name, sizeof pc.name, "%s", gr_terrain_type_name(type));
    pc.type = (unsigned char)type;
    pc.shape = GR_SHAPE_POLYGON;
    pc.grade = (unsigned char)grade;
    pc.npts = npts;
    for (int i = 0; i < npts; i++) pc.pts[i] = gr_v2(xy[2 * i], xy[2 * i + 1]);
    return gr_terrain_add(&s->terrain, &pc);
}

/* An axis-aligned rectangular area of terrain. */
static inline int fx_area(fogn_scenario *s, gr_terrain_type type, int grade, double x0, double y0, double x1, double y1)
{
    double xy[8] = {x0, y0, x1, y0, x1, y1, x0, y1};
    return fx_poly(s, type, grade, 4, xy);
}

static inline int fx_line(fogn_scenario *s, gr_terrain_type type, int grade, double width, int npts, const double *xy)
{
    gr_terrain_piece pc;
    memset(&pc, 0, sizeof pc);
    snprintf(pc.name, sizeof pc.name, "%s", gr_terrain_type_name(type));
    pc.type = (unsigned char)type;
    pc.shape = GR_SHAPE_POLYLINE;
    pc.grade = (unsigned char)grade;
    pc.width = width;
    pc.npts = npts;
    for (int i = 0; i < npts; i++) pc.pts[i] = gr_v2(xy[2 * i], xy[2 * i + 1]);
    return gr_terrain_add(&s->terrain, &pc);
}

/* Answers "done" to every decision (of either side) until `side`'s
 * movement phase is open; "done" rolls no dice while nothing is in reach. */
static inline void fx_to_movement(const fogn_scenario *s, fogn_state *st, int side)
{
    for (int guard = 0; guard < 64 && !st->turn.over && !(st->active == side && st->turn.phase == FOGN_PH_MOVEMENT); guard++) {
        gr_action done;
        memset(&done, 0, sizeof done);
        done.type = FOGN_A_DONE;
        done.actor = -1;
        gr_error err;
        gr_error_clear(&err);
        if (fogn_ruleset.rules->apply(s, st, &done, NULL, NULL, &err)) break;
    }
}

/* A fresh state with `side` to move, its Movement Phase open at the first
 * unit due: the position as set up, straight into the movement phase (no
 * assault or fire before it, which the movement tests do not want). */
static inline void fx_state_at(const fogn_scenario *s, fogn_state *st, int side, int step, gr_dice *dice, gr_log *log);
static inline void fx_state(const fogn_scenario *s, fogn_state *st, int side)
{
    fx_state_at(s, st, side, FOGN_ST_MV_BEGIN, NULL, NULL);
}

/* A fresh state with `side` to move, opened at `step` (a fogn_step: e.g.
 * FOGN_ST_AS_BEGIN for the Assault Phase, FOGN_ST_FI_BEGIN for firing,
 * FOGN_ST_CO_BEGIN for combat) and run to the first decision due, rolling
 * from `dice` where the rules need dice (NULL: none may be needed). */
static inline void fx_state_at(const fogn_scenario *s, fogn_state *st, int side, int step, gr_dice *dice, gr_log *log)
{
    fogn_ruleset.rules->init(s, st);
    st->active = (uint8_t)side;
    st->turn.decider = (uint8_t)side;
    st->turn.phase = fogn_step_def_of(step)->phase;
    st->turn.step = (uint8_t)step;
    st->turn.cursor = 0;
    st->turn.second = 0;
    fogn_advance_to_decision(s, st, dice, log);
}

/* An exact move of unit u (not through the turn machine): the check only. */
static inline int fx_check(const fogn_scenario *s, const fogn_state *st, fogn_move m, fogn_move_plan *plan, gr_error *err)
{
    gr_error_clear(err);
    return fogn_move_check(s, st, &m, plan, err);
}

static inline fogn_move fx_normal(int unit, int pivot, double angle_deg, double dist, double slide)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = FOGN_MK_NORMAL;
    m.unit = unit;
    m.pivot = pivot;
    m.angle = angle_deg * FX_DEG;
    m.dist = dist;
    m.slide = slide;
    return m;
}

/* a march of unit u along the road it stands on, dist MU toward the road's last point (dir +1) or first (-1) */
static inline fogn_move fx_road(int unit, double dist, int dir)
{
    fogn_move m;
    memset(&m, 0, sizeof m);
    m.kind = FOGN_MK_ROAD;
    m.unit = unit;
    m.dist = dist;
    m.flag = dir;
    return m;
}

/* an order in the notation, as the position reads it (failing the test when it does not parse) */
static inline gr_action fx_parse(const fogn_scenario *s, const fogn_state *st, const char *text)
{
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    if (fogn_ruleset.present->parse_action(s, st, text, &a, &err)) fail_msg("'%s' does not parse: %s", text, err.msg);
    return a;
}

static inline gr_action fx_action(int type, int actor, int target, int arg, float p0, float p1, float p2)
{
    gr_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint16_t)type;
    a.actor = (int16_t)actor;
    a.target = (int16_t)target;
    a.arg = (int16_t)arg;
    a.p[0] = p0;
    a.p[1] = p1;
    a.p[2] = p2;
    return a;
}

#endif
