/* recovery.c - recovery attempts and the commander's re-roll
 * (recovery.h). */
#include "recovery.h"
#include "command.h"
#include "footprint.h"
#include "menu.h"
#include "tables.h"
#include "turn.h"
#include "../../core/words.h"

#include <stdio.h>

int lasalle_recovery_eligible(const lasalle_scenario *s, const lasalle_state *st, int i, const char **why)
{
    const lasalle_unit *u = &st->u[i];
    const char *bar = NULL;
    int touching[2], irregular_opt = (s->options & LASALLE_OPT_IRREGULAR_RECOVERY) &&
                                     s->units[i].discipline == LASALLE_IRREGULAR;
    if (!lasalle_alive(st, i) || !u->disr || (u->flags & LASALLE_UF_RECOVERY)) bar = "nothing to recover";
    else if (lasalle_contacts(s, st, i, touching, 2)) bar = "it is in contact with the enemy"; /* */
    else if (!lasalle_in_command(s, st, i)) bar = "it is out of command";
    else if (irregular_opt && lasalle_enemy_within(s, st, i, LASALLE_NEAR_BW))
        bar = "irregulars do not recover near the enemy (H, p.80)";
    else if (!irregular_opt && (u->flags & (LASALLE_UF_ROUGH | LASALLE_UF_CROSSED)))
        bar = "it moved through rough ground or across an obstacle";
    else if (!irregular_opt && (u->flags & LASALLE_UF_MANEUVER)) bar = "it maneuvered";
    else if (u->flags & LASALLE_UF_INTERPEN) bar = "it interpenetrated or was interpenetrated";
    if (why) *why = bar;
    return bar == NULL;
}

int lasalle_recovery_dice(const lasalle_scenario *s, const lasalle_state *st, int i)
{
    int n = 1;
    if (st->u[i].flags & LASALLE_UF_MOVED) n++;
    if (lasalle_enemy_within(s, st, i, LASALLE_NEAR_BW)) n++;
    return n;
}

/* one attempt (or the re-roll): 1 recovered, 0 failed, -1 the dice failed */
static int attempt(const lasalle_scenario *s, lasalle_state *st, int i, int reroll, const gr_ctx *cx)
{
    const lasalle_unit_profile *p = &s->units[i];
    int n = lasalle_recovery_dice(s, st, i), need = lasalle_disc_need(p->discipline), dice[3];
    char purpose[160];
    snprintf(purpose, sizeof purpose, "%s of %s (%d %s, %s %d+)", reroll ? "the commander's re-roll of recovery" :
             "recovery", p->name, n, n == 1 ? "die" : "dice", n == 1 ? "on" : "each", need);
    if (!gr_dice_roll(cx ? cx->dice : NULL, n, dice, purpose)) return -1;
    int ok = 1;
    for (int k = 0; k < n; k++) ok &= dice[k] >= need;
    if (ok) st->u[i].disr--;
    gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, p->side, "%s %s (C, p.30)%s", p->name,
               ok ? "recovers: one DISR removed" : "fails to recover", ok ? "" : "");
    return ok;
}

int lasalle_recovery_run(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int cmd = s->commander[st->active];
    for (int i = st->mark; i < s->nunits; i++) {
        if (s->units[i].side != st->active || !lasalle_recovery_eligible(s, st, i, NULL)) continue;
        st->u[i].flags |= LASALLE_UF_RECOVERY;
        int ok = attempt(s, st, i, 0, cx);
        if (ok < 0) return -1;
        if (!ok && !st->reroll_used && lasalle_in_range(s, st, cmd, i)) {
            st->pending = (int16_t)i;
            st->mark = (int16_t)(i + 1);
            return LASALLE_ST_REROLL;
        }
    }
    st->mark = (int16_t)s->nunits;
    return LASALLE_ST_STATUS;
}

int lasalle_reroll_due(const void *scn, const void *state, int cursor)
{
    (void)scn;
    return cursor == 0 && ((const lasalle_state *)state)->pending >= 0;
}

int lasalle_reroll_actions(const void *scn, const void *state, gr_action *out, int max)
{
    (void)scn;
    const lasalle_state *st = state;
    if (max < 2) return 0;
    out[0] = lasalle_act(LASALLE_A_REROLL, st->pending, -1, 0);
    out[1] = lasalle_act(LASALLE_A_ACCEPT, st->pending, -1, 0);
    return 2;
}

int lasalle_reroll_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = st->pending;
    if (a->type != LASALLE_A_REROLL && a->type != LASALLE_A_ACCEPT)
        return gr_error_set(err, "the commander may only re-roll %s%s failed recovery or let it stand (C, p.30)",
                            s->units[i].name, gr_words_poss(s->units[i].name));
    st->pending = -1;
    if (a->type == LASALLE_A_ACCEPT) return 0;
    st->reroll_used = 1;
    return attempt(s, st, i, 1, cx) < 0 ? -1 : 0;
}

int lasalle_recovery_more(const void *scn, void *state, const gr_ctx *cx)
{
    (void)cx;
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    return st->mark < s->nunits ? LASALLE_ST_RECOVERY : LASALLE_ST_STATUS;
}
