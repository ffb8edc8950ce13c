/* entrench.c - digging in and the trench's cover (entrench.h). */
#include "entrench.h"
#include "command.h"
#include "footprint.h"

#include <math.h>
#include <stdio.h>

int lasalle_dig_count(const lasalle_state *st, int i)
{
    return (int)((st->u[i].flags & LASALLE_UF_DIG_MASK) >> LASALLE_UF_DIG_SHIFT);
}

static void set_dig(lasalle_state *st, int i, int n)
{
    st->u[i].flags = (st->u[i].flags & ~LASALLE_UF_DIG_MASK) | ((uint32_t)n << LASALLE_UF_DIG_SHIFT);
}

int lasalle_may_entrench(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    const lasalle_unit_profile *p = &s->units[i];
    const lasalle_unit *u = &st->u[i];
    if (p->side != st->active || !(s->side_rules[p->side] & LASALLE_AB_ENTRENCHMENTS) || !lasalle_alive(st, i))
        return 0;
    if (u->flags & (LASALLE_UF_ENTRENCHED | LASALLE_UF_ACTED)) return 0;
    /* only infantry in Line and unlimbered artillery dig in [H, p.75]; not while engaged (ruling R-75) */
    int form_ok = (p->type == LASALLE_INF && u->form == LASALLE_LINE) ||
                  (p->type == LASALLE_ART && u->form == LASALLE_UNLIMBERED);
    int touch[1];
    return form_ok && lasalle_contacts(s, st, i, touch, 1) == 0;
}

int lasalle_entrench_end(const void *scn) { return ((const lasalle_scenario *)scn)->nunits; }

int lasalle_entrench_due(const void *scn, const void *state, int cursor)
{
    return lasalle_may_entrench(scn, state, cursor);
}

int lasalle_entrench_actor(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->turn.cursor;
}

int lasalle_entrench_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_state *st = state;
    int i = st->turn.cursor;
    if (max < 1 || !lasalle_may_entrench(scn, st, i)) return 0;
    out[0] = (gr_action){0};
    out[0].type = LASALLE_A_HOLD;
    out[0].actor = i;
    return 1;
}

int lasalle_entrench_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = a->actor;
    if (a->type != LASALLE_A_HOLD || i < 0 || i >= s->nunits || !lasalle_may_entrench(s, st, i))
        return gr_error_set(err, "only an infantry unit in Line or an Unlimbered battery of an army with "
                                 "Entrenchments may dig in, as its Activity Phase opens (H, p.75)");
    int tries = lasalle_dig_count(st, i);
    char why[128];
    snprintf(why, sizeof why, "%s digs in (+%d for earlier attempts)", s->units[i].name, tries);
    int pass = lasalle_disc_roll(s, i, lasalle_disc_modifier(s, st, i) + tries, why, cx, NULL);
    if (pass < 0) return -1;
    st->u[i].flags |= LASALLE_UF_ACTED; /* it digs instead of moving */
    if (pass) {
        st->u[i].flags |= LASALLE_UF_ENTRENCHED;
        set_dig(st, i, 0);
    } else if (tries < LASALLE_DIG_MAX) {
        set_dig(st, i, tries + 1);
    }
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->units[i].side, "%s %s (H, p.75)", s->units[i].name,
               pass ? "entrenches: a trench stands before each base" : "fails to entrench; +1 next time");
    return 0;
}

int lasalle_trench_cover(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *from)
{
    if (!lasalle_alive(st, i) || !(st->u[i].flags & LASALLE_UF_ENTRENCHED)) return LASALLE_COVER_NONE;
    gr_rect h = lasalle_hull(s, st, i);
    gr_vec2 c = gr_rect_centre(from), f = gr_rect_fwd(&h);
    /* the trench runs along its front: it covers against what stands ahead of that line */
    return gr_v2_dot(gr_v2_sub(c, h.fc), f) > 0 ? LASALLE_COVER_SOFT : LASALLE_COVER_NONE;
}

void lasalle_entrench_status(const lasalle_scenario *s, lasalle_state *st)
{
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == st->active && (st->u[i].flags & LASALLE_UF_MOVED)) set_dig(st, i, 0);
}

int lasalle_behind_trench(const gr_rect *then, const gr_rect *now)
{
    if (fabs(gr_angle_diff(now->heading, then->heading)) > LASALLE_TRENCH_ANGLE_EPS) return 0;
    gr_vec2 f = gr_rect_fwd(then), r = gr_rect_right(then);
    for (int k = GR_FL; k <= GR_FR; k++) {
        gr_vec2 c = gr_v2_sub(gr_rect_corner(now, k), then->fc);
        if (fabs(gr_v2_dot(c, f)) > LASALLE_TRENCH_EPS || fabs(gr_v2_dot(c, r)) > then->w / 2 + LASALLE_TRENCH_EPS)
            return 0;
    }
    return 1;
}

void lasalle_trench_watch_begin(const lasalle_scenario *s, const lasalle_state *st, lasalle_trench_watch *w)
{
    w->units = 0;
    for (int i = 0; i < s->nunits; i++) {
        if (!lasalle_alive(st, i) || !(st->u[i].flags & LASALLE_UF_ENTRENCHED)) continue;
        w->units |= (uint64_t)1 << i;
        w->hull[i] = lasalle_hull(s, st, i);
    }
}

void lasalle_trench_watch_end(const lasalle_scenario *s, lasalle_state *st, const lasalle_trench_watch *w,
                              gr_log *log)
{
    for (int i = 0; i < s->nunits; i++) {
        if (!(w->units >> i & 1) || !(st->u[i].flags & LASALLE_UF_ENTRENCHED)) continue;
        if (lasalle_alive(st, i)) {
            gr_rect now = lasalle_hull(s, st, i);
            if (lasalle_behind_trench(&w->hull[i], &now)) continue;
            gr_log_add(log, GR_EV_NOTE, s->units[i].side, "%s leaves its trench (H, p.75)", s->units[i].name);
        }
        st->u[i].flags &= ~LASALLE_UF_ENTRENCHED;
    }
}
