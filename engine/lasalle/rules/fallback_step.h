/* fallback_step.h - a combat's fall-backs as their player's decision [D
 * Fall Back, p.38; E, p.59-60]: each loser that must fall back (and each
 * winner that retires because its loser stood) owes one
 * (lasalle_state.fb_due); its player chooses which goes next and its way,
 * `uN fallback [back|forward] [wheel A]`, or `done` for the rest, each
 * straight back (or forward) in unit order. Each rolls its own die as it
 * goes. Then the winners whose loser stood retire (another round, the other
 * player's), or the winning attackers advance; the combat's units that broke
 * are marked Overrun; and the officers who directed the combat test for
 * casualties. Decision step LASALLE_ST_FALLBACK
 * and run step LASALLE_ST_FALLBACK_END of the Combat Phase (turn.c). */
#ifndef LASALLE_FALLBACK_STEP_H
#define LASALLE_FALLBACK_STEP_H

#include "../lasalle.h"

/* what follows a combat's fall-backs (lasalle_state.fb_then) */
typedef enum lasalle_fb_then {
    LASALLE_FB_THEN_NOTHING = 0,
    LASALLE_FB_THEN_ADVANCE,            /* the winning attackers advance [E, p.60] */
    LASALLE_FB_THEN_DEFENDER_RETIRES,   /* an attacker that lost stood: the winning defender retires */
    LASALLE_FB_THEN_ATTACKERS_RETIRE    /* the losing defender stood: the winning attackers retire */
} lasalle_fb_then;

/* the decision step: due while a fall-back is owed; the side that owes it decides */
int lasalle_fb_due(const void *scn, const void *state, int cursor);
int lasalle_fb_decider(const void *scn, const void *state);
/* "uN fallback" (the engine's way) for each unit that owes one: the order is the choice the menu offers */
int lasalle_fb_actions(const void *scn, const void *state, gr_action *out, int max);
/* unit N falls back now, the way declared (refused when that way could not get clear at the longest
 * distance its die can give, as for a Fall Back reaction, R-193) */
int lasalle_fb_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
/* "done": every unit still owing one falls back the engine's way, in unit order */
int lasalle_fb_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
/* the run step after them: winners retire (back to LASALLE_ST_FALLBACK), or the attackers advance and the
 * officers' casualty tests follow (on to LASALLE_ST_ADVANCE); -1 when the dice fail */
int lasalle_fb_end(const void *scn, void *state, const gr_ctx *cx);

#endif
