/* react.c - the contact reactions of the Reaction Phase and the
 * opponent's momentum moves (react.h) [D, p.33-41]. */
#include "react.h"
#include "command.h"
#include "fallback.h"
#include "footprint.h"
#include "form.h"
#include "ground.h"
#include "menu.h"
#include "react_square.h"
#include "momentum.h"
#include "tables.h"
#include "town.h"
#include "turn.h"

#include <math.h>
#include <stdio.h>

#define DEG (GR_PI / 180.0)

int lasalle_unit_end(const void *scn) { return ((const lasalle_scenario *)scn)->nunits; }

int lasalle_cursor_actor(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->turn.cursor;
}

/* in contact with an enemy that charged it (or reached it by momentum) */
static int charged(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    for (int k = 0; k < n; k++)
        if (st->u[touch[k]].flags & LASALLE_UF_CHARGER) return 1;
    return 0;
}

int lasalle_react_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    if (lasalle_follower(s, st) >= 0) return 1;
    if (cursor < 0 || cursor >= s->nunits || s->units[cursor].side != st->active || !lasalle_alive(st, cursor))
        return 0;
    if (st->u[cursor].flags & (LASALLE_UF_REACTED | LASALLE_UF_ASKED)) return 0;
    return charged(s, st, cursor);
}

int lasalle_react_decider(const void *scn, const void *state)
{
    const lasalle_state *st = state;
    return lasalle_follower(scn, state) >= 0 ? st->active ^ 1 : st->active;
}

int lasalle_react_actor(const void *scn, const void *state)
{
    int f = lasalle_follower(scn, state);
    return f >= 0 ? f : ((const lasalle_state *)state)->turn.cursor;
}

/* a re-roll of a failed fall-back test [D, p.38] */
static int reroll_allowed(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    int irr_inf = 0, irr_cav = 0, cav = 0;
    for (int k = 0; k < n; k++) {
        const lasalle_unit_profile *q = &s->units[touch[k]];
        irr_inf |= q->type == LASALLE_INF && q->discipline == LASALLE_IRREGULAR;
        irr_cav |= q->type == LASALLE_CAV && q->discipline == LASALLE_IRREGULAR;
        cav |= q->type == LASALLE_CAV;
    }
    if (p->discipline == LASALLE_IRREGULAR && p->type == LASALLE_INF) return !irr_inf;
    if (p->discipline == LASALLE_IRREGULAR && p->type == LASALLE_CAV) return !irr_cav;
    if (p->type == LASALLE_ART && p->horse && st->u[i].form == LASALLE_LIMBERED) return !cav;
    return 0;
}

/* a battery's refuge: friendly infantry within 1 BW [D, p.38] */
static int refuge(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    gr_rect h = lasalle_hull(s, st, i);
    for (int j = 0; j < s->nunits; j++) {
        if (j == i || !lasalle_alive(st, j) || lasalle_enemies(s, i, j) || s->units[j].type != LASALLE_INF) continue;
        gr_rect g = lasalle_hull(s, st, j);
        if (gr_rect_within(&h, &g, 1.0)) return 1;
    }
    return 0;
}

static int check_fallback(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                          gr_error *err)
{
    const lasalle_unit_profile *p = &s->units[i];
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    if (st->u[i].form == LASALLE_SQUARE) return gr_error_set(err, "a Square may not fall back (D, p.37)");
    if (st->u[i].form == LASALLE_TOWN)
        return gr_error_set(err, "a unit Deployed(Town) holds its buildings and does not fall back (G, p.69)");
    for (int k = 0; p->type == LASALLE_INF && k < n; k++)
        if (s->units[touch[k]].type == LASALLE_CAV)
            return gr_error_set(err, "infantry touching enemy cavalry may not fall back (D, p.37)");
    if (lasalle_rear_blocked(s, st, i))
        return gr_error_set(err, "%s has an enemy within 1 BW directly to its rear (D, p.37)", p->name);
    double x, y;
    int dir;
    if (lasalle_fallback_probe(s, st, i, p->type == LASALLE_INF ? 2 : 6, &x, &y, &dir) == LASALLE_FB_BROKE)
        return gr_error_set(err, "%s has no way back clear of its enemies (D, p.39)", p->name);
    lasalle_fb_way w = lasalle_fb_way_of(a);
    if (!w.dir && w.wheel == 0) return 0;
    if (a->arg < 0 || a->arg > 2 || fabs(a->p[0]) > LASALLE_FALLBACK_WHEEL_MAX_DEG)
        return gr_error_set(err, "a fall-back wheels at most %g degrees (D, p.38; ruling R-192)",
                            LASALLE_FALLBACK_WHEEL_MAX_DEG);
    lasalle_pose end;
    double len;
    if (lasalle_fallback_probe_way(s, st, i, p->type == LASALLE_INF ? 2 : 6, &w, &end, &dir, &len) == LASALLE_FB_BROKE)
        return gr_error_set(err, "that fall-back does not take %s away from the enemies touching it, clear of them "
                                 "(D, p.38-39)", p->name);
    return 0;
}

static int check_about(const lasalle_scenario *s, const lasalle_state *st, int i, gr_error *err)
{
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    if (s->units[i].type == LASALLE_ART) return gr_error_set(err, "artillery does not about face (D, p.33)");
    if (st->u[i].form == LASALLE_TOWN)
        return gr_error_set(err, "a unit Deployed(Town) faces every way and has no about face (G, p.69)");
    for (int k = 0; k < n; k++)
        if (!lasalle_on_flank(s, st, i, touch[k]))
            return gr_error_set(err, "%s is on its front: a unit about-faces only when no enemy touching it is on its "
                                     "front (D, p.33)", s->units[touch[k]].name);
    return 0;
}

/* where unit i stands after re-forming: about its anchor, or filling its town base when it changes to
 * Deployed(Town) there [D, p.34-35; G Towns, p.69] */
static int reform_pose(const lasalle_scenario *s, const lasalle_state *st, int i, int form, int anchor,
                       lasalle_pose *to, gr_error *err)
{
    if (st->u[i].form == LASALLE_TOWN)
        return gr_error_set(err, "a unit Deployed(Town) makes no formation change as a reaction (G, p.69)");
    if (form == LASALLE_TOWN) return lasalle_town_deploy(s, st, i, to, err);
    *to = lasalle_reform_pose(&s->units[i], lasalle_pose_of(st, i), form, anchor, 0.0);
    return lasalle_reform_check(s, st, i, *to, err);
}

/* the new layout keeps every contact [D, p.34] */
/* in_cmd: whether the unit is in command, -1 until worked out (a menu's checks of one unit share it) */
static int check_reform(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, int *in_cmd,
                        gr_error *err)
{
    int i = a->actor, form = a->arg & LASALLE_PRE_FORM_MASK, anchor = (a->arg >> LASALLE_PRE_ANCHOR_SHIFT) & 3;
    const lasalle_unit_profile *p = &s->units[i];
    form -= 1;
    if (form < 0 || form == st->u[i].form || !lasalle_form_allowed(s, p, form))
        return gr_error_set(err, "%s cannot change to that formation", p->name);
    if (p->type == LASALLE_ART && *in_cmd < 0) *in_cmd = lasalle_in_command(s, st, i);
    if (p->type == LASALLE_ART && !*in_cmd)
        return gr_error_set(err, "artillery changes formation only in command (C, p.26; ruling A-11)");
    lasalle_pose to;
    if (reform_pose(s, st, i, form, anchor, &to, err)) return -1;
    gr_rect h = lasalle_pose_hull(p, to);
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    for (int k = 0; k < n; k++) {
        gr_rect g = lasalle_hull(s, st, touch[k]);
        lasalle_square_slides sl;
        if (!lasalle_rects_touch(&h, &g) && lasalle_square_exception(s, st, i, to, &sl, NULL))
            return gr_error_set(err, "the new formation would lose contact with %s (D, p.34)", s->units[touch[k]].name);
    }
    if (p->type == LASALLE_ART && form == LASALLE_UNLIMBERED &&
        (lasalle_meets(s, &h, NULL) & (LASALLE_MEETS_ROUGH | LASALLE_MEETS_TOWN)))
        return gr_error_set(err, "artillery may not unlimber in a town, woods or marsh (C, p.26)");
    return 0;
}

/* cavalry in a town base charged by infantry must try to fall back, when it may [G Towns, p.70] */
int lasalle_react_must_fall_back(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    gr_rect h = lasalle_hull(s, st, i);
    if (s->units[i].type != LASALLE_CAV || lasalle_town_of(s, &h) < 0) return 0;
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS), inf = 0;
    for (int k = 0; k < n; k++) inf |= s->units[touch[k]].type == LASALLE_INF;
    return inf && !check_fallback(s, st, i, NULL, NULL);
}

/* lasalle_react_check with the unit's command status shared (check_reform) */
static int react_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, int *in_cmd,
                       gr_error *err)
{
    int i = a->actor;
    if (a->type != LASALLE_A_FALLBACK && lasalle_react_must_fall_back(s, st, i))
        return gr_error_set(err, "%s is cavalry in a town base charged by infantry: it must try to fall back (G, p.70)",
                            s->units[i].name);
    switch (a->type) {
    case LASALLE_A_HOLD: return 0;
    case LASALLE_A_FALLBACK: return check_fallback(s, st, i, a, err);
    case LASALLE_A_ABOUT: return check_about(s, st, i, err);
    case LASALLE_A_REFORM: return check_reform(s, st, a, in_cmd, err);
    default: return gr_error_set(err, "a unit in contact may fall back, about face or change formation (D, p.33)");
    }
}

int lasalle_react_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, gr_error *err)
{
    int in_cmd = -1;
    return react_check(s, st, a, &in_cmd, err);
}

int lasalle_react_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int f = lasalle_follower(s, st), n = 0;
    if (f >= 0) {
        if (max >= 2) {
            out[n++] = lasalle_act(LASALLE_A_MOMENTUM, f, -1, 0);
            out[n++] = lasalle_act(LASALLE_A_STAY, f, -1, 0);
        }
        return n;
    }
    int i = st->turn.cursor;
    gr_action cand[3 + 3 * LASALLE_FORM_COUNT];
    int nc = 0;
    cand[nc++] = lasalle_act(LASALLE_A_HOLD, i, -1, 0);
    cand[nc++] = lasalle_act(LASALLE_A_FALLBACK, i, -1, 0);
    cand[nc++] = lasalle_act(LASALLE_A_ABOUT, i, -1, 0);
    for (int form = 0; form < LASALLE_FORM_COUNT; form++)
        for (int anchor = 0; anchor < 3; anchor++)
            cand[nc++] = lasalle_act(LASALLE_A_REFORM, i, -1, (form + 1) | (anchor << LASALLE_PRE_ANCHOR_SHIFT));
    int in_cmd = -1; /* the unit's command status, once for all its checks */
    for (int k = 0; k < nc && n < max; k++)
        if (!react_check(s, st, &cand[k], &in_cmd, NULL)) out[n++] = cand[k];
    return n;
}

/* the Fall Back reaction: the test and its re-rolls give the distance [D, p.37-38] */
static int react_fallback(const lasalle_scenario *s, lasalle_state *st, int i, const gr_action *a, const gr_ctx *cx)
{
    const lasalle_unit_profile *p = &s->units[i];
    int die = 0, pass = lasalle_disc_test(s, st, i, "a fall back", cx, &die);
    if (pass < 0) return -1;
    int unlimbered = st->u[i].form == LASALLE_UNLIMBERED;
    if ((unlimbered && pass && !refuge(s, st, i)) || (!pass && reroll_allowed(s, st, i))) {
        pass = lasalle_disc_test(s, st, i, unlimbered ? "confirming the battery's fall back" : "a fall back, re-rolled",
                                 cx, &die);
        if (pass < 0) return -1;
    }
    if (!pass) return 0;
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    lasalle_unit keep = st->u[i];
    if (unlimbered) {
        lasalle_pose lp;
        if (lasalle_limber_in_place(s, st, i, &lp)) {
            gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, p->side, "%s has no room to limber and stays (ruling R-10)",
                       p->name);
            return 0;
        }
        st->u[i].x = lp.x;
        st->u[i].y = lp.y;
        lasalle_unit_set_heading(&st->u[i], lp.h);
        st->u[i].form = LASALLE_LIMBERED;
        st->u[i].flags &= ~LASALLE_UF_COMPRESSED; /* it limbers as any battery does (ruling R-143) */
    }
    lasalle_fb r;
    lasalle_fb_way way = lasalle_fb_way_of(a);
    if (lasalle_fallback_way(s, st, i, lasalle_fallback_distance(s, i, die), 1, &way, cx, &r)) return -1;
    if (r == LASALLE_FB_NONE) {
        st->u[i] = keep;
        return 0;
    }
    if (unlimbered) gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, p->side, "%s limbers up to fall back", p->name);
    if (p->type != LASALLE_INF && lasalle_alive(st, i)) lasalle_offer_momentum(s, st, i, touch, n);
    return 0;
}

/* unit i re-formed at `to` still touches every enemy it touches */
static int keeps_contacts(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to)
{
    gr_rect h = lasalle_pose_hull(&s->units[i], to);
    int touch[LASALLE_MAX_UNITS], n = lasalle_contacts(s, st, i, touch, LASALLE_MAX_UNITS);
    for (int k = 0; k < n; k++) {
        gr_rect g = lasalle_hull(s, st, touch[k]);
        if (!lasalle_rects_touch(&h, &g)) return 0;
    }
    return 1;
}

static int react_reform(const lasalle_scenario *s, lasalle_state *st, const gr_action *a, const gr_ctx *cx)
{
    int i = a->actor, form = (a->arg & LASALLE_PRE_FORM_MASK) - 1, anchor = (a->arg >> LASALLE_PRE_ANCHOR_SHIFT) & 3;
    int pass = lasalle_disc_test(s, st, i, "a change of formation", cx, NULL);
    if (pass <= 0) return pass;
    lasalle_pose to;
    if (reform_pose(s, st, i, form, anchor, &to, NULL)) return 0;
    lasalle_square_slides sl = {0};
    int slide = form == LASALLE_SQUARE && !keeps_contacts(s, st, i, to) &&
                !lasalle_square_exception(s, st, i, to, &sl, NULL);
    st->u[i].x = to.x;
    st->u[i].y = to.y;
    lasalle_unit_set_heading(&st->u[i], to.h);
    lasalle_set_form(&st->u[i], form);
    int town = form == LASALLE_TOWN;
    gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[i].side, "%s changes to %s (D, p.34%s)", s->units[i].name,
               town ? "Deployed(Town)" : lasalle_form_names[form], town ? "; G, p.69" : "");
    for (int k = 0; slide && k < sl.n; k++) {
        lasalle_unit *v = &st->u[sl.unit[k]];
        v->x = sl.to[k].x;
        v->y = sl.to[k].y;
        gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[sl.unit[k]].side, "%s slides up to the Square (D, p.35)",
                   s->units[sl.unit[k]].name);
    }
    return 0;
}

static int react_about(const lasalle_scenario *s, lasalle_state *st, int i, const gr_ctx *cx)
{
    int pass = lasalle_disc_test(s, st, i, "an about face", cx, NULL);
    if (pass <= 0) return pass;
    gr_rect h = lasalle_hull(s, st, i);
    gr_vec2 rear = gr_v2_sub(h.fc, gr_v2_scale(gr_rect_fwd(&h), h.d));
    st->u[i].x = rear.x;
    st->u[i].y = rear.y;
    lasalle_unit_set_heading(&st->u[i], gr_angle_norm(st->u[i].heading + GR_PI));
    gr_log_add(cx ? cx->log : NULL, GR_EV_MOVE, s->units[i].side, "%s about-faces (D, p.33)", s->units[i].name);
    return 0;
}

int lasalle_react_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    if (lasalle_follower(s, st) >= 0) {
        if (a->type != LASALLE_A_MOMENTUM && a->type != LASALLE_A_STAY)
            return gr_error_set(err, "%s may follow up ('momentum') or stay (D, p.37)", s->units[a->actor].name);
        if (lasalle_momentum(s, st, a->actor, a->type == LASALLE_A_MOMENTUM, cx ? cx->log : NULL))
            st->turn.cursor = 0; /* the newly touched may react [D, p.37] */
        return 0;
    }
    if (lasalle_react_check(s, st, a, err)) return -1;
    int i = a->actor, rc = 0;
    if (a->type == LASALLE_A_HOLD) {
        st->u[i].flags |= LASALLE_UF_ASKED;
        return 0;
    }
    st->u[i].flags |= LASALLE_UF_REACTED;
    if (a->type == LASALLE_A_FALLBACK) rc = react_fallback(s, st, i, a, cx);
    else if (a->type == LASALLE_A_ABOUT) rc = react_about(s, st, i, cx);
    else rc = react_reform(s, st, a, cx);
    return rc < 0 ? lasalle_dice_error(cx, err) : 0;
}

int lasalle_react_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    (void)cx;
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int f = lasalle_follower(s, st);
    if (f >= 0) {
        lasalle_momentum(s, st, f, 0, NULL);
        st->turn.cursor--; /* "done" declines the follow-up; the driver's step on undoes this */
        return 0;
    }
    int i = st->turn.cursor;
    /* "done" holds the unit: not for cavalry that must try to fall back [G Towns, p.70] */
    if (i >= 0 && i < s->nunits && lasalle_react_must_fall_back(s, st, i))
        return gr_error_set(err, "%s is cavalry in a town base charged by infantry: it must try to fall back (G, p.70)",
                            s->units[i].name);
    if (i >= 0 && i < s->nunits) st->u[i].flags |= LASALLE_UF_ASKED;
    return 0;
}
