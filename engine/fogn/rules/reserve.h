/* reserve.h - reserves, flank marches and timed reinforcements (§8.1): the
 * edge and sector a division comes on from, its activation at the start of
 * its side's Movement Phases, and the "arrive" decision that brings its
 * units on three a move. The scenario file names them (reserve_json.c). */
#ifndef FOGN_RESERVE_H
#define FOGN_RESERVE_H

#include "internal.h"

#include <jansson.h>

#define FOGN_RESERVE_PASS 5            /* §8.1: each activation die passes on 5+ */
#define FOGN_RESERVE_FROM_MOVE 2       /* §8.1: rolls start with the owner's second move */
#define FOGN_RESERVE_AUTO_RANGE 12.0   /* §8.1: an enemy this close to the arrival sector activates it */
#define FOGN_RESERVE_PER_MOVE 3        /* §8.1: units that may come on in one Movement Phase */
#define FOGN_RESERVE_CLEAR 2.0         /* §8.1: no arriving unit ends this close to an enemy */
#define FOGN_RESERVE_PUSH 6.0          /* §8.1: enemies this close to an arrival point are pushed back to it */
#define FOGN_RESERVE_SECOND_CLEAR 6.0  /* §8.1: a second move only beyond this from every enemy */
/* Ruling §8.1: the entry points the AI is offered along a sector, as
 * fractions of its length (a player may type any point) */
#define FOGN_RESERVE_ENTRY_POINTS 3
/* Ruling §8.1: a division with off-table units but no "reserve" entry comes
 * on as a reserve from the centre of its rear edge */
#define FOGN_RESERVE_DEFAULT_EDGE FOGN_EDGE_REAR
#define FOGN_RESERVE_DEFAULT_SECTOR FOGN_SEC_CENTRE

/* the arrival sector of division d: segment a-b on the table edge, and the
 * unit vector pointing onto the table */
void fogn_reserve_sector(const fogn_scenario *s, int d, gr_vec2 *a, gr_vec2 *b, gr_vec2 *inward);
/* sets every division's starting status (turn.c's state setup) */
void fogn_reserve_setup(const fogn_scenario *s, fogn_state *st);
/* at the start of the active side's Movement Phase: activation rolls,
 * automatic and timed activations; -1 when the dice failed */
int fogn_reserve_activate(const fogn_scenario *s, fogn_state *st, gr_dice *dice, gr_log *log);
/* is off-table unit i's arrival a decision now? */
int fogn_reserve_due(const fogn_scenario *s, const fogn_state *st, int i);
/* the arrival menu of unit i: wait (hold) and arrive at the sector's entry points */
int fogn_reserve_orders(const fogn_scenario *s, const fogn_state *st, int i, gr_action *out, int max);
/* brings unit a->actor on (FOGN_A_ARRIVE: arg formation, p0 the entry point's
 * coordinate along the edge, p1 how far its front edge goes in, 0 = as far as
 * it may); -1 with the reason, the state to be restored by the caller */
int fogn_reserve_arrive(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_log *log, gr_error *err);

/* the side's own move number (1 for its first move) at the current move */
int fogn_own_move(const fogn_scenario *s, const fogn_state *st, int side);

/* does arrival order a work (tried on a copy of the state)? */
bool fogn_reserve_arrival_ok(const fogn_scenario *s, const fogn_state *st, const gr_action *a);

/* reserve_json.c: "reserve" of a division object (absent: nothing set) */
int fogn_reserve_from_json(json_t *div, const char *path, fogn_division *d, gr_error *err);
/* the names used in files and messages */
const char *fogn_res_edge_name(int e);
const char *fogn_res_sector_name(int sec);
const char *fogn_res_status_name(int st);

#endif
