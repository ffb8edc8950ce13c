/* victory.h - winning and losing (§14, victory.c): unit values, attrition,
 * the Army Combat Value, scenario objectives, the defeat tests and the
 * result of a game ended by time. */
#ifndef FOGN_VICTORY_H
#define FOGN_VICTORY_H

#include "internal.h"

/* a unit's value: small 2, large 3 */
int fogn_unit_value(const fogn_unit_profile *p);
/* attrition points of a side (whole points; _exact keeps the half points of
 * small Spent cavalry) and its Army Combat Value */
int fogn_attrition(const fogn_scenario *s, const fogn_state *st, int side);
double fogn_attrition_exact(const fogn_scenario *s, const fogn_state *st, int side);
/* scenario objectives: taken at the start of each Recovery Phase by a side
 * alone on them in good order; their points count at a timed end */
void fogn_update_objectives(const fogn_scenario *s, fogn_state *st, gr_log *log);
int fogn_objective_points(const fogn_scenario *s, const fogn_state *st, int side);
int fogn_acv(const fogn_scenario *s, int side);
/* §14 defeat tests (start of each Recovery Phase): 1 and the game ended, or 0 */
int fogn_check_defeat(const fogn_scenario *s, fogn_state *st, gr_log *log);
/* §14 result of a game ended by time */
void fogn_timed_result(const fogn_scenario *s, fogn_state *st, gr_log *log);
/* the turns a game lasts before its timed end (the scenario's, or FOGN_DEFAULT_TURNS) */
int fogn_turn_limit(const fogn_scenario *s);
/* What that result would be if the game ended by time now, the state left as
 * it is: the winner (-1 a draw) and, if `level` is given, FOGN_RESULT_*. */
int fogn_timed_outcome(const fogn_scenario *s, const fogn_state *st, int *level);
/* The same count as a number: side 0's lead in attrition points (negative:
 * side 1 leads), cut by a level's width when the fresh-cavalry bonus would
 * lower the leader's result (an evaluation input). */
double fogn_timed_lead(const fogn_scenario *s, const fogn_state *st);
/* Both at once, from one count: the winner (and *level) as
 * fogn_timed_outcome, and *lead as fogn_timed_lead */
int fogn_timed_view(const fogn_scenario *s, const fogn_state *st, int *level, double *lead);

#endif
