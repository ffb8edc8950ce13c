/* react.h - the Reaction Phase's reactions of each kind [D, p.33-41], which
 * reaction.c offers a unit together: the contact reactions of a unit in
 * contact with an enemy that charged it (Fall Back, About Face, Change
 * Formation with its Square exception [D, p.35] or, in a town base, the
 * change to Deployed(Town) [G, p.69], each after a passed discipline test;
 * cavalry charged by infantry in a town base must try to fall back
 * [G, p.70]; the opponent's cavalry may follow a fall-back with a momentum
 * move), fire (fire.c) and countercharges (counter.c). */
#ifndef LASALLE_REACT_H
#define LASALLE_REACT_H

#include "../lasalle.h"

/* the unit steps walk every unit: the cursor is the unit */
int lasalle_unit_end(const void *scn);
int lasalle_cursor_actor(const void *scn, const void *state);

/* contact reactions and momentum */
int lasalle_react_due(const void *scn, const void *state, int cursor);
int lasalle_react_decider(const void *scn, const void *state);
int lasalle_react_actor(const void *scn, const void *state);
int lasalle_react_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_react_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
int lasalle_react_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
/* unit i is cavalry in a town base charged by infantry, which must try to fall back [G, p.70] */
int lasalle_react_must_fall_back(const lasalle_scenario *s, const lasalle_state *st, int i);
/* 0 when unit i may attempt this contact reaction now (no dice), -1 with the reason */
int lasalle_react_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, gr_error *err);

/* countercharges [D, p.36] */
int lasalle_counter_due(const void *scn, const void *state, int cursor);
int lasalle_counter_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_counter_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);

/* fire.c: fire reactions [D, p.41-52] */
int lasalle_fire_due(const void *scn, const void *state, int cursor);
int lasalle_fire_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_fire_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);

#endif
