/* orders.h - the Movement Phase's orders (orders.c): each order a unit or
 * commander may be given, compiled into the exact move (move.h) that carries
 * it out, the menu of orders offered, and whether an order is legal now. */
#ifndef FOGN_ORDERS_H
#define FOGN_ORDERS_H

#include "internal.h"
#include "move.h"

/* compile an action into an exact move for the unit (orders resolve geometry here);
 * 0 ok, -1 with a reason */
int fogn_action_to_move(const fogn_scenario *s, const fogn_state *st, const gr_action *a,
                        fogn_move *m, gr_error *err);
/* the same; when compiling searched for the move's distance, *have_plan is
 * 1 and *plan is fogn_move_check's plan of the move (it is legal) */
int fogn_action_to_move_planned(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                                fogn_move_plan *plan, int *have_plan, gr_error *err);
/* the movement-phase menu for the unit now due; returns the count. With
 * `check` 0 the menu is not filtered for legality (candidates) */
int fogn_orders_for_unit(const fogn_scenario *s, const fogn_state *st, int unit, gr_action *out, int max, int check);
/* is a unit's movement action legal now (compiles, passes the rules, affordable)? */
int fogn_unit_order_legal(const fogn_scenario *s, const fogn_state *st, const gr_action *a);

/* a movement order compiled and checked once, for applying it right after
 * its legality test on the same state (have: 0 when the order is not one
 * that compiles to a single move) */
typedef struct fogn_compiled {
    int have;
    fogn_move m;
    fogn_move_plan plan;
} fogn_compiled;

/* fogn_unit_order_legal, keeping the compiled move in *out */
typedef struct fogn_memo fogn_memo; /* memo.h */
int fogn_unit_order_legal_compiled(const fogn_scenario *s, const fogn_state *st, const gr_action *a,
                                   fogn_compiled *out, fogn_memo *memo);
int fogn_orders_for_cmdr(const fogn_scenario *s, const fogn_state *st, int cmdr, gr_action *out, int max);

/* an action with its fields set and nothing else (menus of every step) */
gr_action fogn_act(int type, int actor, int target, int arg);

#endif
