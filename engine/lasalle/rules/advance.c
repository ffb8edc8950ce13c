/* advance.c - which winners advance after a combat (advance.h). */
#include "advance.h"
#include "fallback.h"

int lasalle_advance_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    (void)cursor;
    for (int i = 0; i < s->nunits; i++)
        if (st->u[i].flags & LASALLE_UF_MAY_ADVANCE) return 1;
    return 0;
}

int lasalle_advance_decider(const void *scn, const void *state)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    for (int i = 0; i < s->nunits; i++)
        if (st->u[i].flags & LASALLE_UF_MAY_ADVANCE) return s->units[i].side;
    return st->active ^ 1; /* the attackers: the side not moving this turn */
}

int lasalle_advance_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int n = 0;
    for (int i = 0; i < s->nunits && n < max; i++) {
        if (!(st->u[i].flags & LASALLE_UF_MAY_ADVANCE)) continue;
        out[n] = (gr_action){0};
        out[n].type = LASALLE_A_ADVANCE;
        out[n].actor = -1; /* the side decides; the unit is the target */
        out[n].target = (int16_t)i;
        n++;
    }
    return n;
}

static void clear_marks(const lasalle_scenario *s, lasalle_state *st)
{
    for (int i = 0; i < s->nunits; i++) st->u[i].flags &= ~LASALLE_UF_MAY_ADVANCE;
}

int lasalle_advance_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = a->target;
    if (a->type != LASALLE_A_ADVANCE)
        return gr_error_set(err, "after the combat the winners may advance: 'uN advance' for that unit alone, or "
                                 "'done' for all of them (E, p.60)");
    if (i < 0 || i >= s->nunits || !(st->u[i].flags & LASALLE_UF_MAY_ADVANCE))
        return gr_error_set(err, "u%d is not one of the winners that may advance (E, p.60)", i);
    clear_marks(s, st);
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->units[i].side, "the %s advance %s alone (E, p.60)",
               s->side_name[s->units[i].side], s->units[i].name);
    lasalle_advance(s, st, i, 2.0, cx ? cx->log : NULL);
    st->turn.cursor++;
    return 0;
}

int lasalle_advance_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    (void)err;
    for (int i = 0; i < s->nunits; i++) {
        if (!(st->u[i].flags & LASALLE_UF_MAY_ADVANCE)) continue;
        st->u[i].flags &= ~LASALLE_UF_MAY_ADVANCE;
        lasalle_advance(s, st, i, 2.0, cx ? cx->log : NULL);
    }
    return 0;
}
