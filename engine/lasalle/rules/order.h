/* order.h - the order of the forces in the Activity Phase [C Movement:
 * The Basics, p.24]: the moving player chooses one force (its units, then
 * its subcommander) or one independent unit at a time, and the commander
 * moves last. The side's Activity order (lasalle_scenario.slots) is cut
 * into groups: a force's units and its subcommander, or one independent
 * unit. The choice is a decision step of its own ("fN next", "uN next"),
 * asked only while two or more groups are still to move; with one left it
 * moves without asking. "done" there lets the rest move in the scenario's
 * order. A force with no unit on the table is not offered. */
#ifndef LASALLE_ORDER_H
#define LASALLE_ORDER_H

#include "../lasalle.h"

/* lasalle_state.group_now besides a group's place: none chosen, or the rest in the scenario's order */
#define LASALLE_GROUP_NONE (-1)
#define LASALLE_GROUP_FILE (-2)

/* the last place of the group beginning at place p of side's order */
int lasalle_group_end(const lasalle_scenario *s, int side, int p);
/* is the slot at place p of the moving side's order one to decide now (the group chosen, or any in the
 * scenario's order, or the commander once every group has moved) */
int lasalle_group_in_scope(const lasalle_scenario *s, const lasalle_state *st, int p);
/* the phase opens: no group chosen, no officer moved */
void lasalle_order_begin(const lasalle_scenario *s, lasalle_state *st);
/* an officer's decision at his own place was taken */
void lasalle_order_officer_done(const lasalle_scenario *s, lasalle_state *st, int officer);

/* the decision step "which force moves next" */
void lasalle_order_prepare(const void *scn, void *state, int cursor);
int lasalle_order_due(const void *scn, const void *state, int cursor);
int lasalle_order_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_order_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
int lasalle_order_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
/* after the group chosen has moved: the next choice, the commander, or recovery */
int lasalle_order_next(const void *scn, void *state, const gr_ctx *cx);

#endif
