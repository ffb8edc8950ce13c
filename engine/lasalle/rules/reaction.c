/* reaction.c - the Reaction Phase as one decision a unit (reaction.h). */
#include "reaction.h"
#include "footprint.h"
#include "menu.h"
#include "momentum.h"
#include "react.h"

/* a unit of the moving side on the table that has made no reaction yet, nor declined one */
static int open_unit(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    return i >= 0 && i < s->nunits && s->units[i].side == st->active && lasalle_alive(st, i) &&
           !(st->u[i].flags & (LASALLE_UF_REACTED | LASALLE_UF_ASKED));
}

int lasalle_reaction_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    if (lasalle_follower(s, st) >= 0) return 1;
    if (!open_unit(s, st, cursor)) return 0;
    return lasalle_react_due(scn, state, cursor) || lasalle_fire_due(scn, state, cursor) ||
           lasalle_counter_due(scn, state, cursor);
}

/* appends a kind's menu without its leading "hold" */
static int append(gr_action *out, int n, int max, const gr_action *more, int nmore)
{
    for (int k = 1; k < nmore && n < max; k++) out[n++] = more[k];
    return n;
}

int lasalle_reaction_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    if (lasalle_follower(s, st) >= 0) return lasalle_react_actions(scn, state, out, max);
    int i = st->turn.cursor, n = 0;
    if (lasalle_react_due(scn, state, i)) n = lasalle_react_actions(scn, state, out, max);
    else if (max > 0) out[n++] = lasalle_act(LASALLE_A_HOLD, i, -1, 0);
    if (lasalle_react_must_fall_back(s, st, i)) return n; /* it may only try to fall back [G, p.70] */
    gr_action more[GR_MAX_ACTIONS];
    if (lasalle_fire_due(scn, state, i))
        n = append(out, n, max, more, lasalle_fire_actions(scn, state, more, GR_MAX_ACTIONS));
    if (lasalle_counter_due(scn, state, i))
        n = append(out, n, max, more, lasalle_counter_actions(scn, state, more, GR_MAX_ACTIONS));
    return n;
}

int lasalle_reaction_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = a->actor;
    if (lasalle_follower(s, st) < 0 && (a->type == LASALLE_A_FIRE || a->type == LASALLE_A_COUNTERCHARGE)) {
        if (i >= 0 && i < s->nunits && lasalle_react_must_fall_back(s, st, i))
            return gr_error_set(err, "%s is cavalry in a town base charged by infantry: it must try to fall back "
                                     "(G, p.70)", s->units[i].name);
        return a->type == LASALLE_A_FIRE ? lasalle_fire_apply(scn, state, a, cx, err)
                                         : lasalle_counter_apply(scn, state, a, cx, err);
    }
    return lasalle_react_apply(scn, state, a, cx, err);
}
