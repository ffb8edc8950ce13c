/* activity.h - the Activity Phase's decisions [C Movement: The Basics,
 * p.24]: the moving side's forces one at a time, each unit of the force
 * in the order the scenario lists them and then its subcommander, or an
 * independent unit, in the order the player chooses (order.h); the
 * commander last; a unit of a force may choose to move `later`, after the
 * rest of its force and before its officer; each decision takes one action
 * from the unit's or officer's menu (menu.h) or an exact move, and "done"
 * holds everyone not yet moved. */
#ifndef LASALLE_ACTIVITY_H
#define LASALLE_ACTIVITY_H

#include "../lasalle.h"
#include "order_plan.h"

/* the phase opens: who is out of command now is remembered (no charge for them, C p.30) */
int lasalle_activity_begin(const void *scn, void *state, const gr_ctx *cx);
int lasalle_activity_end(const void *scn);
/* the group of an Activity cursor position whose decisions a front end may take in any order: the units of
 * the force moving (gr_step_def.order_group) [C, p.24] */
int lasalle_activity_order_group(const void *scn, const void *state, int cursor);
int lasalle_activity_due(const void *scn, const void *state, int cursor);
int lasalle_activity_actor(const void *scn, const void *state);
int lasalle_activity_actions(const void *scn, const void *state, gr_action *out, int max);
/* the unchecked superset of lasalle_activity_actions, in its order, and the check of one action
 * (gr_step_def.candidates and .legal): the actions are exactly the candidates the check passes */
int lasalle_activity_candidates(const void *scn, const void *state, gr_action *out, int max);
int lasalle_activity_legal(const void *scn, const void *state, const gr_action *a);
int lasalle_activity_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
/* lasalle_activity_legal keeping the plan the check of a worked out (order_plan.h), and
 * lasalle_activity_apply carrying a out with it: a checked order is not worked out twice */
int lasalle_activity_legal_plan(const void *scn, const void *state, const gr_action *a, lasalle_order_plan *keep);
int lasalle_activity_apply_plan(const void *scn, void *state, const gr_action *a, const lasalle_order_plan *pl,
                                const gr_ctx *cx, gr_error *err);
/* "done": everyone not yet moved holds, the commander too */
int lasalle_activity_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);

#endif
