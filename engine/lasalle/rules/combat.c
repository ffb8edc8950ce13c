/* combat.c - the Combat Phase's order and the fighting of one combat
 * (combat.h). */
#include "combat.h"
#include "footprint.h"
#include "ground.h"
#include "menu.h"
#include "tables.h"
#include "tactics.h"
#include "turn.h"
#include "works.h"
#include "../../core/words.h"

#include <stdio.h>
#include <string.h>

int lasalle_pending_combats(const lasalle_scenario *s, const lasalle_state *st, int *out, int max)
{
    int n = 0, touch[1];
    for (int i = 0; i < s->nunits && n < max; i++)
        if (s->units[i].side == st->active && lasalle_alive(st, i) && !(st->u[i].flags & LASALLE_UF_FOUGHT) &&
            lasalle_contacts(s, st, i, touch, 1))
            out[n++] = i;
    return n;
}

/* an Unpredictable unit's esprit for this combat [H Unpredictable, p.76] */
static int unpredictable(const lasalle_scenario *s, lasalle_state *st, int i, const gr_ctx *cx)
{
    lasalle_unit *u = &st->u[i];
    if (!(s->units[i].traits & LASALLE_T_UNPREDICTABLE) || (u->flags & LASALLE_UF_ESPRIT_FIXED)) return 0;
    /* Viva España!: +1 holding entrenchments or in a town base [K Spain] */
    gr_rect h = lasalle_hull(s, st, i);
    int viva = (s->side_rules[s->units[i].side] & LASALLE_AB_VIVA_ESPANA) &&
               (lasalle_holds_works(s, st, i) || u->form == LASALLE_TOWN || lasalle_town_of(s, &h) >= 0);
    char purpose[128];
    snprintf(purpose, sizeof purpose, "the esprit of %s (Unpredictable%s)", s->units[i].name, viva ? ", Viva Espana! +1" : "");
    int d = gr_dice_d6(cx ? cx->dice : NULL, purpose);
    if (!d) return -1;
    d += viva;
    u->esprit = d <= 3 ? LASALLE_SHAKY : d <= 5 ? LASALLE_RELIABLE : LASALLE_VALIANT;
    if (d <= 3 || d >= 6) u->flags |= LASALLE_UF_ESPRIT_FIXED;
    gr_log_add(cx ? cx->log : NULL, GR_EV_TEST, s->units[i].side, "%s proves %s%s%s", s->units[i].name,
               lasalle_esprit_names[u->esprit], d <= 3 || d >= 6 ? " for the rest of the game" : " in this combat",
               viva ? " (Viva Espana! +1)" : "");
    return 0;
}

/* the hits of n dice on 5+, or on 4+ for the unit an officer directs [E, p.58; H, p.72] */
static int roll_hits(const lasalle_scenario *s, const lasalle_state *st, int u, int n, const gr_ctx *cx, int *hits)
{
    int dice[GR_DICE_MAX_PER_ROLL], need = st->tactic_unit[s->units[u].side] == u ? 4 : 5;
    char purpose[128];
    *hits = 0;
    for (int left = n; left > 0;) {
        int k = left > GR_DICE_MAX_PER_ROLL ? GR_DICE_MAX_PER_ROLL : left;
        snprintf(purpose, sizeof purpose, "combat dice of %s (%d, hits on %d+)", s->units[u].name, n, need);
        if (!gr_dice_roll(cx ? cx->dice : NULL, k, dice, purpose)) return -1;
        for (int q = 0; q < k; q++) *hits += dice[q] >= need;
        left -= k;
    }
    return 0;
}

int lasalle_fight(const lasalle_scenario *s, lasalle_state *st, int d, const gr_ctx *cx)
{
    gr_log *log = cx ? cx->log : NULL;
    lasalle_side_of_combat c = {d, 0, {0}};
    c.natt = lasalle_contacts(s, st, d, c.att, LASALLE_COMBAT_MAX);
    st->u[d].flags |= LASALLE_UF_FOUGHT;
    if (!c.natt) return 0;
    gr_log_add(log, GR_EV_NOTE, s->units[d].side, "the combat of %s against %d attacker%s (E, p.53)",
               s->units[d].name, c.natt, c.natt > 1 ? "s" : "");
    if (unpredictable(s, st, d, cx)) return -1;
    for (int k = 0; k < c.natt; k++)
        if (unpredictable(s, st, c.att[k], cx)) return -1;
    char why[GR_EVENT_TEXT];
    int n = lasalle_combat_dice(s, st, &c, d, why, sizeof why), dh, ah = 0;
    gr_log_add(log, GR_EV_NOTE, s->units[d].side, "%s", why);
    if (roll_hits(s, st, d, n, cx, &dh)) return -1;
    for (int k = 0; k < c.natt; k++) {
        int a = c.att[k], h;
        n = lasalle_combat_dice(s, st, &c, a, why, sizeof why);
        gr_log_add(log, GR_EV_NOTE, s->units[a].side, "%s", why);
        if (roll_hits(s, st, a, n, cx, &h)) return -1;
        ah += h;
    }
    /* decisive: twice the other side's hits, or some against none; a tie goes to the defender [E, p.58-59] */
    int defender_won = dh >= ah;
    int decisive = defender_won ? (dh > 0 && dh >= 2 * ah) : (ah >= 2 * dh);
    gr_log_add(log, GR_EV_TEST, s->units[d].side, "%d hits to %d: %s %s for %s (E, p.59)", dh, ah,
               decisive ? "a decisive" : "an inconclusive", defender_won ? "win" : "loss", s->units[d].name);
    return lasalle_combat_results(s, st, &c, defender_won, decisive, cx);
}

int lasalle_combat_begin(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    gr_log *log = cx ? cx->log : NULL;
    int pend[LASALLE_MAX_UNITS];
    for (int i = 0; i < s->nunits; i++) st->u[i].flags &= ~LASALLE_UF_FOUGHT;
    st->pending = -1;
    int n = lasalle_pending_combats(s, st, pend, LASALLE_MAX_UNITS);
    if (!n) return LASALLE_ST_ACTIVITY_BEGIN;
    gr_log_add(log, GR_EV_PHASE, st->active, "Combat Phase: %d combat%s", n, n > 1 ? "s" : "");
    int sup[2] = {lasalle_superior_commander(s, st, 0), lasalle_superior_commander(s, st, 1)};
    if (sup[0] != sup[1]) {
        st->picker = (uint8_t)(sup[0] ? 0 : 1);
        gr_log_add(log, GR_EV_NOTE, st->picker, "the %s%s Superior Commander picks the first combat (H, p.75)",
                   s->side_name[st->picker], gr_words_poss(s->side_name[st->picker]));
    } else if (n > 1) {
        int r[2];
        for (int side = 0; side < 2; side++) {
            char purpose[96];
            snprintf(purpose, sizeof purpose, "the first pick of combat, %s", s->side_name[side]);
            r[side] = gr_dice_d6(cx ? cx->dice : NULL, purpose);
            if (!r[side]) return -1;
        }
        /* the defender (the moving side) wins ties [E, p.53] */
        st->picker = (uint8_t)(r[st->active ^ 1] > r[st->active] ? st->active ^ 1 : st->active);
        gr_log_add(log, GR_EV_TEST, st->picker, "the %s pick the first combat (%d to %d)", s->side_name[st->picker],
                   r[st->picker], r[st->picker ^ 1]);
    }
    return LASALLE_ST_COMBAT_PICK;
}

int lasalle_pick_due(const void *scn, const void *state, int cursor)
{
    int pend[2];
    return cursor == 0 && ((const lasalle_state *)state)->pending < 0 && lasalle_pending_combats(scn, state, pend, 2) >= 2;
}

int lasalle_pick_decider(const void *scn, const void *state)
{
    (void)scn;
    return ((const lasalle_state *)state)->picker;
}

int lasalle_no_actor(const void *scn, const void *state)
{
    (void)scn;
    (void)state;
    return -1;
}

int lasalle_pick_actions(const void *scn, const void *state, gr_action *out, int max)
{
    int pend[LASALLE_MAX_UNITS], n = lasalle_pending_combats(scn, state, pend, LASALLE_MAX_UNITS), m = 0;
    for (int k = 0; k < n && m < max; k++) out[m++] = lasalle_act(LASALLE_A_FIGHT, -1, pend[k], 0);
    return m;
}

int lasalle_pick_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    (void)cx;
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int pend[LASALLE_MAX_UNITS], n = lasalle_pending_combats(s, st, pend, LASALLE_MAX_UNITS), ok = 0;
    for (int k = 0; k < n; k++) ok |= pend[k] == a->target;
    if (a->type != LASALLE_A_FIGHT || !ok)
        return gr_error_set(err, "the next combat is named by a defending unit still in contact: 'fight uN' (E, p.53)");
    st->pending = a->target;
    st->picker ^= 1;
    return 0;
}

/* "done": the combat of the first defender in unit order */
int lasalle_pick_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    (void)cx;
    (void)err;
    int pend[1];
    lasalle_state *st = state;
    if (lasalle_pending_combats(scn, state, pend, 1)) st->pending = (int16_t)pend[0];
    return 0;
}

int lasalle_combat_choose(const void *scn, void *state, const gr_ctx *cx)
{
    (void)cx;
    lasalle_state *st = state;
    int pend[1];
    if (st->pending < 0) {
        if (!lasalle_pending_combats(scn, state, pend, 1)) return LASALLE_ST_ACTIVITY_BEGIN;
        st->pending = (int16_t)pend[0]; /* the only one left */
    }
    st->tactic_unit[0] = st->tactic_unit[1] = st->tactic_officer[0] = st->tactic_officer[1] = -1;
    return LASALLE_ST_TACTICS;
}

int lasalle_combat_fight(const void *scn, void *state, const gr_ctx *cx)
{
    lasalle_state *st = state;
    int d = st->pending;
    st->pending = -1;
    if (d >= 0 && lasalle_fight(scn, st, d, cx)) return -1;
    return LASALLE_ST_FALLBACK; /* the losers' fall-backs, their player's choice (fallback_step.h), then the rest */
}
