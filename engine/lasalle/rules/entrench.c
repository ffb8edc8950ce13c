/* entrench.c - digging in and the trench's cover (entrench.h). */
#include "entrench.h"
#include "command.h"
#include "footprint.h"
#include "works.h"

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
    if ((u->flags & LASALLE_UF_ACTED) || st->nworks >= LASALLE_MAX_WORKS || lasalle_holds_works(s, st, i)) return 0;
    /* only infantry in Line and unlimbered artillery dig in [H, p.75]; not while engaged (ruling R-76) */
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
                                 "Entrenchments, not touching an enemy and not holding works already, may dig in, "
                                 "as its Activity Phase opens (H, p.75), while the game has room for more works "
                                 "(ruling R-201)");
    int tries = lasalle_dig_count(st, i);
    char why[128];
    snprintf(why, sizeof why, "%s digs in (+%d for earlier attempts)", s->units[i].name, tries);
    int pass = lasalle_disc_roll(s, i, lasalle_disc_modifier(s, st, i) + tries, why, cx, NULL);
    if (pass < 0) return -1;
    st->u[i].flags |= LASALLE_UF_ACTED; /* it digs instead of moving */
    if (pass) {
        lasalle_works_dig(s, st, i); /* may_entrench saw room for it */
        set_dig(st, i, 0);
    } else if (tries < LASALLE_DIG_MAX) {
        set_dig(st, i, tries + 1);
    }
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, s->units[i].side, "%s %s (H, p.75)", s->units[i].name,
               pass ? "entrenches: a trench stands before each base" : "fails to entrench; +1 next time");
    return 0;
}

void lasalle_entrench_status(const lasalle_scenario *s, lasalle_state *st)
{
    for (int i = 0; i < s->nunits; i++)
        if (s->units[i].side == st->active && (st->u[i].flags & LASALLE_UF_MOVED)) set_dig(st, i, 0);
}
