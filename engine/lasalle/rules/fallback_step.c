/* fallback_step.c - a combat's fall-backs, in the order and ways their
 * player chooses, then the winners' retire or advance (fallback_step.h). */
#include "fallback_step.h"
#include "combat.h"
#include "fallback.h"
#include "footprint.h"
#include "menu.h"
#include "tactics.h"
#include "turn.h"

#include <math.h>
#include <stdio.h>

static int owes(const lasalle_state *st, int i) { return i >= 0 && i < 64 && (st->fb_due >> i & 1); }

int lasalle_fb_due(const void *scn, const void *state, int cursor)
{
    (void)scn;
    (void)cursor;
    return ((const lasalle_state *)state)->fb_due != 0;
}

int lasalle_fb_decider(const void *scn, const void *state)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    for (int i = 0; i < s->nunits; i++)
        if (owes(st, i)) return s->units[i].side;
    return st->active;
}

int lasalle_fb_actions(const void *scn, const void *state, gr_action *out, int max)
{
    const lasalle_scenario *s = scn;
    const lasalle_state *st = state;
    int n = 0;
    for (int i = 0; i < s->nunits && n < max; i++)
        if (owes(st, i)) out[n++] = lasalle_act(LASALLE_A_FALLBACK, -1, i, 0); /* the side decides (notation.c) */
    return n;
}

/* the combat's units that broke in it, in its results or their fall-backs, are Overrun when artillery, or
 * infantry against cavalry (kept for Continuing Games [H, p.79]; no rule of the battle reads the mark): every
 * unit of the combat was on the table as it was fought */
static void mark_overrun(const lasalle_scenario *s, lasalle_state *st)
{
    int d = st->fb_def, att_cav = 0;
    for (int a = 0; a < s->nunits; a++) att_cav |= (st->fb_att >> a & 1) && s->units[a].type == LASALLE_CAV;
    for (int i = 0; i < s->nunits; i++) {
        if ((i != d && !(st->fb_att >> i & 1)) || st->u[i].status != LASALLE_BROKEN) continue;
        int type = s->units[i].type, foe_cav = i == d ? att_cav : s->units[d].type == LASALLE_CAV;
        if (type == LASALLE_ART || (type == LASALLE_INF && foe_cav)) st->u[i].flags |= LASALLE_UF_OVERRUN;
    }
}

/* the winning attackers (bits of att) advance, unless still touching a defender yet to fight [E, p.60]: one
 * advances at once; several are marked, and their player chooses whether all or only one of them goes (the
 * advance step, advance.c) */
static void advance_all(const lasalle_scenario *s, lasalle_state *st, uint64_t att, gr_log *log)
{
    int may[LASALLE_COMBAT_MAX], n = 0;
    for (int a = 0; a < s->nunits; a++) {
        int touch[LASALLE_MAX_UNITS], busy = 0;
        if (!(att >> a & 1) || !lasalle_alive(st, a)) continue;
        int nt = lasalle_contacts(s, st, a, touch, LASALLE_MAX_UNITS);
        for (int q = 0; q < nt; q++) busy |= !(st->u[touch[q]].flags & LASALLE_UF_FOUGHT);
        if (!busy && n < LASALLE_COMBAT_MAX) may[n++] = a;
    }
    if (n == 1) lasalle_advance(s, st, may[0], 2.0, log);
    for (int k = 0; n > 1 && k < n; k++) st->u[may[k]].flags |= LASALLE_UF_MAY_ADVANCE;
}

/* unit i's fall-back as a combat result, along `way` (NULL: the engine's): its own die [D, p.38] */
static int fall_back(const lasalle_scenario *s, lasalle_state *st, int i, const lasalle_fb_way *way, const gr_ctx *cx)
{
    st->fb_due &= ~((uint64_t)1 << i);
    if (!lasalle_alive(st, i)) return 0; /* broken meanwhile (a friend's fall-back through it) */
    char purpose[128];
    snprintf(purpose, sizeof purpose, "the fall-back of %s", s->units[i].name);
    int die = gr_dice_d6(cx ? cx->dice : NULL, purpose);
    if (!die) return -1;
    lasalle_fb r;
    return lasalle_fallback_way(s, st, i, lasalle_fallback_distance(s, i, die), 0, way, cx, &r);
}

int lasalle_fb_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    int i = a->target;
    if (a->type != LASALLE_A_FALLBACK)
        return gr_error_set(err, "the losers of the combat fall back: 'uN fallback [back|forward] [wheel A]' for "
                                 "the one to go next, or 'done' for the rest, each straight back (D, p.38)");
    if (i < 0 || i >= s->nunits || !owes(st, i))
        return gr_error_set(err, "u%d does not owe a fall-back from this combat (D, p.38)", i);
    lasalle_fb_way w = lasalle_fb_way_of(a);
    if (w.dir || w.wheel != 0) {
        if (a->arg < 0 || a->arg > 2 || fabs(a->p[0]) > LASALLE_FALLBACK_WHEEL_MAX_DEG)
            return gr_error_set(err, "a fall-back wheels at most %g degrees (D, p.38; ruling R-192)",
                                LASALLE_FALLBACK_WHEEL_MAX_DEG);
        lasalle_pose end;
        double len;
        int dir;
        double most = s->units[i].type == LASALLE_INF ? 2 : 6;
        if (lasalle_fallback_probe_way(s, st, i, most, &w, &end, &dir, &len) == LASALLE_FB_BROKE)
            return gr_error_set(err, "that fall-back does not take %s away from the enemies touching it, clear of "
                                     "them (D, p.38-39)", s->units[i].name);
    }
    return fall_back(s, st, i, w.dir || w.wheel != 0 ? &w : NULL, cx);
}

int lasalle_fb_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    (void)err;
    for (int i = 0; i < s->nunits; i++)
        if (owes(st, i) && fall_back(s, st, i, NULL, cx)) return -1;
    return 0;
}

/* the winners of a combat whose loser stood owe a retire instead [E, p.60; ruling A-15], those that may */
static void retire(const lasalle_scenario *s, lasalle_state *st, uint64_t winners)
{
    for (int i = 0; i < s->nunits; i++)
        if ((winners >> i & 1) && lasalle_alive(st, i) && !lasalle_combat_exempt(s, st, i))
            st->fb_due |= (uint64_t)1 << i;
}

int lasalle_fb_end(const void *scn, void *state, const gr_ctx *cx)
{
    const lasalle_scenario *s = scn;
    lasalle_state *st = state;
    lasalle_fb_then then = (lasalle_fb_then)st->fb_then;
    st->fb_then = LASALLE_FB_THEN_NOTHING;
    if (then == LASALLE_FB_THEN_DEFENDER_RETIRES && st->fb_def >= 0) retire(s, st, (uint64_t)1 << st->fb_def);
    if (then == LASALLE_FB_THEN_ATTACKERS_RETIRE) retire(s, st, st->fb_att);
    if (st->fb_due) return LASALLE_ST_FALLBACK;
    if (then == LASALLE_FB_THEN_ADVANCE) advance_all(s, st, st->fb_att, cx ? cx->log : NULL);
    if (st->fb_def >= 0) mark_overrun(s, st);
    st->fb_def = -1;
    st->fb_att = 0;
    if (lasalle_tactics_casualties(s, st, cx)) return -1;
    return LASALLE_ST_ADVANCE; /* several winners that may advance: their player's choice, then the next combat */
}
