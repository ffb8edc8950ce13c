/* tactics.c - officers directing combats and their casualty tests
 * (tactics.h). */
#include "tactics.h"
#include "command.h"
#include "footprint.h"
#include "menu.h"
#include "officers.h"
#include "turn.h"

#include <stdio.h>

/* the units of `side` in the combat of defender d */
static int combat_units(const lasalle_scenario *s, const lasalle_state *st, int d, int side, int *out, int max)
{
    if (d < 0) return 0;
    if (s->units[d].side == side) {
        out[0] = d;
        return 1;
    }
    return lasalle_contacts(s, st, d, out, max);
}

static gr_action declare(int unit, int officer, int poor)
{
    gr_action a = lasalle_act(LASALLE_A_TACTICS, -1, unit, officer);
    a.p[0] = (float)poor;
    return a;
}

/* a Poor enemy officer j with a unit of his in the combat, in his range */
static int poor_usable(const lasalle_scenario *s, const lasalle_state *st, int j, const int *foes, int nf)
{
    if (st->o[j].tactics != LASALLE_POOR || (st->o[j].flags & LASALLE_OF_POOR_USED)) return 0;
    for (int q = 0; q < nf; q++)
        if (lasalle_under(s, j, foes[q]) && lasalle_in_range(s, st, j, foes[q])) return 1;
    return 0;
}

int lasalle_tactics_options(const lasalle_scenario *s, const lasalle_state *st, int side, gr_action *out, int max)
{
    int mine[LASALLE_MAX_UNITS], foes[LASALLE_MAX_UNITS], n = 0;
    int nm = combat_units(s, st, st->pending, side, mine, LASALLE_MAX_UNITS);
    int nf = combat_units(s, st, st->pending, side ^ 1, foes, LASALLE_MAX_UNITS);
    if (max < 1) return 0;
    out[n++] = declare(-1, -1, -1);
    for (int k = 0; k < s->nofficers; k++) {
        /* his own Good rating, for a unit of his command in his range */
        if (s->officers[k].side != side || st->o[k].tactics != LASALLE_GOOD || (st->o[k].flags & LASALLE_OF_OWN_USED))
            continue;
        for (int q = 0; q < nm && n < max; q++)
            if (lasalle_under(s, k, mine[q]) && lasalle_in_range(s, st, k, mine[q])) out[n++] = declare(mine[q], k, -1);
    }
    for (int j = 0; j < s->nofficers; j++) {
        if (s->officers[j].side == side || !poor_usable(s, st, j, foes, nf)) continue;
        /* the enemy's Poor rating, for a unit in command, directed by its superior or the commander */
        int cmd = s->commander[side];
        for (int q = 0; q < nm && n < max; q++) {
            int u = mine[q], sup = lasalle_superior(s, u);
            if (!lasalle_in_command(s, st, u)) continue;
            if (sup != cmd) out[n++] = declare(u, sup, j);
            if (n < max && !(st->o[cmd].flags & LASALLE_OF_DIRECTED) && lasalle_in_range(s, st, cmd, u))
                out[n++] = declare(u, cmd, j);
        }
    }
    return n;
}

int lasalle_tactics_end(const void *scn)
{
    (void)scn;
    return 2;
}

int lasalle_tactics_due(const void *scn, const void *state, int cursor)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    gr_action a[2];
    if (!(s->options & LASALLE_OPT_OFFICER_TACTICS) || st->pending < 0 || cursor < 0 || cursor > 1) return 0;
    return lasalle_tactics_options(s, st, cursor ? st->active ^ 1 : st->active, a, 2) > 1;
}

int lasalle_tactics_decider(const void *scn, const void *state)
{
    (void)scn;
    const lasalle_state *st = state;
    return st->turn.cursor ? st->active ^ 1 : st->active;
}

int lasalle_tactics_actions(const void *scn, const void *state, gr_action *out, int max)
{
    return lasalle_tactics_options(scn, state, lasalle_tactics_decider(scn, state), out, max);
}

int lasalle_tactics_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int side = lasalle_tactics_decider(scn, state), ok = 0;
    gr_action opts[GR_MAX_ACTIONS];
    int n = lasalle_tactics_options(s, st, side, opts, GR_MAX_ACTIONS);
    for (int k = 0; k < n && !ok; k++)
        ok = a->type == opts[k].type && a->target == opts[k].target && a->arg == opts[k].arg && a->p[0] == opts[k].p[0];
    if (!ok)
        return gr_error_set(err, "no such officer may direct this combat: a Good officer for a unit of his command in "
                                 "his range, or a Poor enemy officer's rating for a unit in command (H, p.72)");
    st->turn.cursor++;
    if (a->target < 0) return 0;
    int k = a->arg, j = (int)a->p[0];
    st->tactic_unit[side] = (int8_t)a->target;
    st->tactic_officer[side] = (int8_t)k;
    if (j < 0) st->o[k].flags |= LASALLE_OF_OWN_USED;
    else st->o[j].flags |= LASALLE_OF_POOR_USED;
    if (j >= 0 && s->officers[k].commander) st->o[k].flags |= LASALLE_OF_DIRECTED;
    gr_log_add(cx ? cx->log : NULL, GR_EV_NOTE, side, "%s directs the combat%s%s: %s hits on 4+ (H, p.72)",
               s->officers[k].name, j >= 0 ? " with the Poor tactics of " : "", j >= 0 ? s->officers[j].name : "",
               s->units[a->target].name);
    return 0;
}

int lasalle_tactics_casualties(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx)
{
    for (int side = 0; side < 2; side++) {
        int k = st->tactic_officer[side];
        st->tactic_officer[side] = st->tactic_unit[side] = -1;
        if (k < 0 || (st->o[k].flags & LASALLE_OF_REPLACED)) continue;
        char purpose[128];
        snprintf(purpose, sizeof purpose, "the casualty test of %s", s->officers[k].name);
        int d = gr_dice_d6(cx ? cx->dice : NULL, purpose);
        if (!d) return -1;
        if (d <= 4) continue;
        lasalle_officer *o = &st->o[k];
        o->flags |= LASALLE_OF_REPLACED;
        if (o->vigor > -1) o->vigor--;
        if (o->tactics > LASALLE_POOR) o->tactics--;
        gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, side, "%s is %s; %s takes over (H, p.73)", s->officers[k].name,
                   d == 5 ? "wounded" : "killed", s->officers[k].commander ? "a chief of staff" : "an aide");
    }
    return 0;
}

int lasalle_superior_commander(const lasalle_scenario *s, const lasalle_state *st, int side)
{
    return (s->side_rules[side] & LASALLE_AB_SUPERIOR_COMMANDER) &&
           !(st->o[s->commander[side]].flags & LASALLE_OF_REPLACED);
}
