/* reinforce.h - forces that arrive later [J Reinforcements, p.91; F The
 * Status Phase, p.65]: a scenario's fixed arrival turn, or a reserve that
 * rolls 2d6 and arrives when the sum is under the turn number plus its
 * subcommander's vigor (one reserve a Status Phase). Its units come on at
 * the places the scenario gives, every base within 4 BW of the table edge
 * named, none within 4 BW of an enemy unit; with no room the force is
 * delayed and comes on in the first later Status Phase with room, without
 * rolling again. With several reserves that may roll, the player declares
 * which one does as the Status Phase opens. */
#ifndef LASALLE_REINFORCE_H
#define LASALLE_REINFORCE_H

#include "../lasalle.h"

/* how close to its edge every base of an arriving unit stands, and how far from the enemy [J, p.91] */
#define LASALLE_ARRIVAL_EDGE_BW 4.0
#define LASALLE_ARRIVAL_ENEMY_BW 4.0
/* a reserve's arrival roll: 2d6 summed [J, p.91] */
#define LASALLE_ARRIVAL_DICE 2

/* the loader's checks of force f's arrival places; `path` is the force's JSON path */
int lasalle_reinforce_check(const lasalle_scenario *s, int f, const char *path, gr_error *err);
/* puts every unit of a force that arrives later off the table (lasalle_init) */
void lasalle_reinforce_init(const lasalle_scenario *s, lasalle_state *st);
/* 1 while force f has not arrived */
int lasalle_force_off(const lasalle_scenario *s, const lasalle_state *st, int f);
/* where along its edge an arriving force may be placed: its set
 * places shifted by a multiple of this many BW, up to the most either way */
#define LASALLE_ARRIVAL_SHIFT_STEP_BW 4
#define LASALLE_ARRIVAL_SHIFT_MAX_BW 16

/* 1 when force f's units have room to come on now at their set places */
int lasalle_arrival_room(const lasalle_scenario *s, const lasalle_state *st, int f);
/* ... at their set places shifted `bw` BW along the edge (east or north positive): every base on the
 * table, none within 4 BW of an enemy or on a friend, the subcommander on the table */
int lasalle_arrival_room_at(const lasalle_scenario *s, const lasalle_state *st, int f, int bw);
/* 1 when bw is a shift the arrival offers */
int lasalle_arrival_shift_ok(int bw);
/* where each arriving force comes on, a decision step over the forces: due for a force of the moving side
 * whose roll (or turn) brought it this Status Phase; the menu names each shift with room ("fN arrive K");
 * "done" places it at its set place, or failing that at the nearest shift with room */
int lasalle_arrive_end(const void *scn);
int lasalle_arrive_due(const void *scn, const void *state, int cursor);
int lasalle_arrive_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_arrive_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
int lasalle_arrive_done(const void *scn, void *state, const gr_ctx *cx, gr_error *err);
/* the Status Phase's reinforcement step for the moving side; 0, or -1 when the dice failed */
int lasalle_reinforce_run(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx);

/* 1 when force f is a reserve of the moving side that would roll to arrive (off the table, not yet due) */
int lasalle_reserve_may_roll(const lasalle_scenario *s, const lasalle_state *st, int f);
/* the declaration of which reserve rolls [J, p.91], a decision step: due with two or more reserves that may
 * roll; the menu names each ("fN reserve"); "done" leaves it to the first in the file */
int lasalle_reserve_due(const void *scn, const void *state, int cursor);
int lasalle_reserve_actions(const void *scn, const void *state, gr_action *out, int max);
int lasalle_reserve_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);

#endif
