/* artillery.c - driving, limbering, unlimbering and prolonging batteries
 * (artillery.h), and the prolong spent changing a battery's frontage under
 * Compressed Artillery [H, p.81] (compressed.h). */
#include "artillery.h"
#include "compressed.h"
#include "town.h"
#include "command.h"
#include "footprint.h"
#include "form.h"
#include "ground.h"
#include "movelog.h"
#include "tables.h"
#include "works.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEG (GR_PI / 180.0)

/* guns may not stand, even in part, in a town base, woods or marsh [C, p.26] */
static int refuse_gun_ground(const lasalle_scenario *s, const lasalle_unit_profile *p, lasalle_pose at, gr_error *err)
{
    gr_rect h = lasalle_pose_hull(p, at);
    for (int k = 0; k < s->terrain.n; k++) {
        int kind = s->ground_of[k].kind;
        if (kind != LASALLE_G_TOWN && kind != LASALLE_G_WOODS && kind != LASALLE_G_ORCHARD && kind != LASALLE_G_MARSH)
            continue;
        gr_rect in = gr_rect_make(gr_v2_sub(h.fc, gr_v2_scale(gr_rect_fwd(&h), 0.01)), h.heading, h.w - 0.02,
                                  h.d - 0.02);
        if (gr_terrain_piece_touches_rect(&s->terrain.p[k], &in))
            return gr_error_set(err, "%s may not unlimber, even in part, in %s (%s) (C, p.26)", p->name,
                                s->terrain.p[k].name, lasalle_ground_names[kind]);
    }
    return 0;
}

/* in command where it stands after moving to `at` [C, p.26] */
static int in_command_at(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose at)
{
    lasalle_state tmp = *st;
    tmp.u[i].x = at.x;
    tmp.u[i].y = at.y;
    lasalle_unit_set_heading(&tmp.u[i], at.h);
    tmp.u[i].form = (uint8_t)at.form;
    return lasalle_in_command(s, &tmp, i);
}

static int change_allowed(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose at, gr_error *err)
{
    const lasalle_unit *u = &st->u[i];
    const char *n = s->units[i].name;
    if (u->flags & LASALLE_UF_SMOKE) return gr_error_set(err, "%s has smoke: it may only prolong (C, p.28)", n);
    if (u->flags & LASALLE_UF_LIMBER)
        return gr_error_set(err, "%s has already limbered or unlimbered this phase (C, p.26)", n);
    if (!in_command_at(s, st, i, at))
        return gr_error_set(err, "%s is out of command: artillery changes formation only in command (C, p.26)", n);
    return 0;
}

/* the path of a drive: turn about the middle, then straight to the destination */
static void drive_path(const lasalle_unit_profile *p, lasalle_pose from, lasalle_pose to, lasalle_path *path)
{
    path->n = 0;
    double turn = gr_angle_diff(to.h, from.h);
    if (fabs(turn) > 1e-9) path->m[path->n++] = lasalle_turn_about(p, from.form, turn);
    lasalle_pose mid = path->n ? lasalle_pose_after(p, from, &path->m[0]) : from;
    gr_vec2 d = gr_v2_sub(gr_v2(to.x, to.y), gr_v2(mid.x, mid.y)), f = gr_v2_dir(mid.h), r = gr_v2(f.y, -f.x);
    double fwd = gr_v2_dot(d, f), right = gr_v2_dot(d, r);
    if (hypot(fwd, right) > 1e-9) path->m[path->n++] = lasalle_straight(fwd, right, hypot(fwd, right));
}

static int check_path(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose from,
                      lasalle_gunplan *g, gr_error *err)
{
    lasalle_sweep *sw = &g->sw;
    lasalle_sweep_path(s, st, i, from, &g->path, 0, sw);
    const char *pn = lasalle_obstacle_name(s, st, sw->piece);
    if (sw->meets & LASALLE_MEETS_IMPASSABLE) return gr_error_set(err, "the path enters impassable %s", pn);
    int guns = from.form == LASALLE_UNLIMBERED || from.form == LASALLE_LAYOUT_COMPRESSED;
    if ((sw->meets & LASALLE_MEETS_TOWN) && guns)
        return gr_error_set(err, "artillery never prolongs into or through a town base (%s) (G, p.68)", pn);
    if (sw->meets & LASALLE_MEETS_OBSTACLE)
        return gr_error_set(err, "crossing the obstacle %s takes the whole move: order 'cross' (C, p.29)", pn);
    if (sw->meets & LASALLE_MEETS_OFF_TABLE) return gr_error_set(err, "the move would take the battery off the table");
    if (sw->touch_enemy >= 0)
        return gr_error_set(err, "the battery would touch %s: artillery never charges (C, p.30)",
                            s->units[sw->touch_enemy].name);
    if (sw->end_overlap >= 0)
        return gr_error_set(err, "the battery would end on top of %s", s->units[sw->end_overlap].name);
    return 0;
}

static int plan_drive(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                      lasalle_gunplan *g, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    lasalle_pose from = lasalle_pose_of(st, i);
    if (st->u[i].flags & LASALLE_UF_SMOKE) return gr_error_set(err, "%s has smoke: it may only prolong (C, p.28)", p->name);
    if (a->arg & LASALLE_DRIVE_LIMBER_FIRST) {
        if (from.form != LASALLE_UNLIMBERED) return gr_error_set(err, "%s is already limbered", p->name);
        if (change_allowed(s, st, i, from, err)) return -1;
        from.form = lasalle_layout_form(st, i); /* a compressed battery limbers from its two ranks (ruling R-143) */
        from = lasalle_reform_pose(p, from, LASALLE_LIMBERED, 0, 0.0);
        if (lasalle_reform_check(s, st, i, from, err)) return -1;
        g->limbered = 1;
    } else if (from.form != LASALLE_LIMBERED) {
        return gr_error_set(err, "%s is unlimbered: it limbers first ('drive ... limber') or prolongs (C, p.26)",
                            p->name);
    }
    if (g->limbered && (a->arg & LASALLE_DRIVE_UNLIMBER_AFTER))
        return gr_error_set(err, "a battery may not both limber and unlimber in one Activity Phase (C, p.26)");
    lasalle_pose to = {a->p[0], a->p[1], gr_angle_norm(a->p[2] * DEG), LASALLE_LIMBERED};
    drive_path(p, from, to, &g->path);
    if (check_path(s, st, i, from, g, err)) return -1;
    /* limbered guns cross town bases as open ground, and end wholly in one or wholly out [G Towns, p.68] */
    if (lasalle_town_move_end(s, st, i, &g->sw.end, err) < 0) return -1;
    g->reduced = s->ground == LASALLE_MUD || (g->sw.meets & LASALLE_MEETS_ROUGH);
    g->allowance = lasalle_allowance(p, LASALLE_LIMBERED, g->reduced);
    if (g->sw.cost > g->allowance + 1e-6)
        return gr_error_set(err, "a base of %s would move %.2f BW, more than its %s allowance of %g BW (C, p.28)",
                            p->name, g->sw.cost, g->reduced ? "Reduced" : "Full", g->allowance);
    g->end = g->sw.end;
    if (a->arg & LASALLE_DRIVE_UNLIMBER_AFTER) {
        lasalle_state tmp = *st;
        tmp.u[i].x = g->end.x;
        tmp.u[i].y = g->end.y;
        lasalle_unit_set_heading(&tmp.u[i], g->end.h);
        tmp.u[i].form = LASALLE_LIMBERED;
        lasalle_pose guns = lasalle_reform_pose(p, g->end, LASALLE_UNLIMBERED, 0, gr_angle_diff(a->p[3] * DEG, to.h));
        if (change_allowed(s, &tmp, i, guns, err) || refuse_gun_ground(s, p, guns, err) ||
            lasalle_reform_check(s, &tmp, i, guns, err))
            return -1;
        g->end = guns;
        g->unlimbered = 1;
    }
    return 0;
}

static int plan_in_place(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                         lasalle_gunplan *g, gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    lasalle_pose from = lasalle_pose_of(st, i);
    int to_form = a->type == LASALLE_A_LIMBER ? LASALLE_LIMBERED : LASALLE_UNLIMBERED;
    if (from.form == to_form) return gr_error_set(err, "%s is already %s", p->name, lasalle_form_names[to_form]);
    lasalle_pose lay = from;
    lay.form = lasalle_layout_form(st, i); /* a compressed battery limbers from its two ranks (ruling R-143) */
    g->end = lasalle_reform_pose(p, lay, to_form, 0, gr_angle_diff(a->p[0] * DEG, from.h));
    if (change_allowed(s, st, i, from, err)) return -1;
    if (to_form == LASALLE_UNLIMBERED && refuse_gun_ground(s, p, g->end, err)) return -1;
    if (lasalle_reform_check(s, st, i, g->end, err)) return -1;
    g->limbered = to_form == LASALLE_LIMBERED;
    g->unlimbered = !g->limbered;
    return 0;
}

/* the prolong spent changing between the normal and the compressed frontage, about the front-edge centre
 * [H Compressed Artillery, p.81] (ruling R-141) */
static int plan_frontage(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                         lasalle_gunplan *g, gr_error *err)
{
    if (lasalle_compress_allowed(s, st, i, a->arg, err)) return -1;
    if (a->p[0] != 0 || a->p[1] != 0)
        return gr_error_set(err, "changing the frontage is the whole prolong move: no distance follows (H, p.81)");
    lasalle_pose to = lasalle_pose_of(st, i);
    to.form = a->arg == LASALLE_PROLONG_COMPRESS ? LASALLE_LAYOUT_COMPRESSED : LASALLE_UNLIMBERED;
    if (refuse_gun_ground(s, &s->units[i], to, err) || lasalle_reform_check(s, st, i, to, err)) return -1;
    g->end = to;
    g->allowance = LASALLE_PROLONG_BW;
    return 0;
}

static int plan_prolong(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                        lasalle_gunplan *g, gr_error *err)
{
    lasalle_pose from = lasalle_pose_of(st, i);
    if (from.form != LASALLE_UNLIMBERED) return gr_error_set(err, "only an unlimbered battery prolongs (C, p.28)");
    from.form = lasalle_layout_form(st, i); /* a compressed battery moves in its two ranks */
    double len = hypot(a->p[0], a->p[1]);
    if (len <= 0 || len > LASALLE_PROLONG_BW + 1e-6)
        return gr_error_set(err, "a prolong moves up to 1 BW (C, p.28), not %.2f", len);
    g->path.n = 1;
    g->path.m[0] = lasalle_straight(a->p[1], a->p[0], len);
    if (check_path(s, st, i, from, g, err)) return -1;
    g->end = g->sw.end;
    g->allowance = LASALLE_PROLONG_BW;
    return 0;
}

int lasalle_gun_plan(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, lasalle_gunplan *out,
                     gr_error *err)
{
    int i = a->actor;
    *out = (lasalle_gunplan){0};
    /* a change of frontage refuses any unit but an unlimbered battery itself, citing H, p.81 */
    if (a->type == LASALLE_A_PROLONG && a->arg) return plan_frontage(s, st, i, a, out, err);
    if (s->units[i].type != LASALLE_ART) return gr_error_set(err, "%s is not artillery", s->units[i].name);
    switch (a->type) {
    case LASALLE_A_DRIVE: return plan_drive(s, st, i, a, out, err);
    case LASALLE_A_LIMBER:
    case LASALLE_A_UNLIMBER: return plan_in_place(s, st, i, a, out, err);
    case LASALLE_A_PROLONG: return plan_prolong(s, st, i, a, out, err);
    default: return gr_error_set(err, "not an artillery order");
    }
}

int lasalle_gun_apply_plan(const lasalle_scenario *s, lasalle_state *st, const gr_action *a,
                           const lasalle_gunplan *plan, const gr_ctx *cx)
{
    const lasalle_gunplan g = *plan;
    int i = a->actor;
    lasalle_unit *u = &st->u[i];
    char d[32];
    lasalle_fmt_bw(d, sizeof d, g.sw.cost);
    gr_log *log = cx ? cx->log : NULL;
    const char *n = s->units[i].name;
    if (g.limbered) gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s limbers up", n);
    if (a->type == LASALLE_A_DRIVE) gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s drives %s BW", n, d);
    if (a->type == LASALLE_A_PROLONG && a->arg) lasalle_frontage_log(s, i, a->arg, log);
    else if (a->type == LASALLE_A_PROLONG) gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s prolongs %s BW", n, d);
    if (g.unlimbered)
        gr_log_add(log, GR_EV_MOVE, s->units[i].side, "%s unlimbers facing %.0f degrees", n, g.end.h / DEG);
    u->x = g.end.x;
    u->y = g.end.y;
    lasalle_unit_set_heading(u, g.end.h);
    int two_ranks = g.end.form == LASALLE_LAYOUT_COMPRESSED; /* the flag follows the layout the plan ends in */
    u->form = (uint8_t)(two_ranks ? LASALLE_UNLIMBERED : g.end.form);
    if (two_ranks) u->flags |= LASALLE_UF_COMPRESSED;
    else u->flags &= ~LASALLE_UF_COMPRESSED;
    u->flags |= LASALLE_UF_ACTED | LASALLE_UF_MOVED;
    if (g.limbered || g.unlimbered) u->flags |= LASALLE_UF_LIMBER;
    if (g.sw.meets & LASALLE_MEETS_ROUGH) u->flags |= LASALLE_UF_ROUGH;
    for (int k = 0; k < g.sw.npass; k++) {
        st->u[g.sw.pass[k]].flags |= LASALLE_UF_INTERPEN;
        u->flags |= LASALLE_UF_INTERPEN;
    }
    return 0;
}

int lasalle_gun_apply(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx,
                      gr_error *err)
{
    lasalle_gunplan g;
    if (lasalle_gun_plan(s, st, a, &g, err)) return -1;
    return lasalle_gun_apply_plan(s, st, a, &g, cx);
}
