/* engineer_task.h - the engineering tasks that change the table [H
 * Engineering, p.78-79]: Demolition (an engineer at a bridge's end blows it
 * on a passed engineering test; each engineer may re-roll a failure at a
 * wooden bridge), the Fortification of a town base (a soft-cover town base
 * becomes hard cover) and Bridging (a pontoon from a bank site, one 1 BW
 * section a turn, engineer_bridge.h). The engine offers the places: each
 * bridge not yet blown, each soft town base, each bank site, where the
 * engineer would stand within the commander's range and not within 4 BW
 * of an enemy unit. The tests are taken in the Engineering segment of the
 * engineers' side; a task done removes its engineers, and enemy infantry
 * or cavalry that touches or moves through a working engineer eliminates
 * it. The table's changes are bits of the state (lasalle_state.blown,
 * .hardened, .spans) read by ground.h's lasalle_meets_st and
 * lasalle_cover_against_st; field works (engineer_works.h) are the state's
 * works (works.h). */
#ifndef LASALLE_ENGINEER_TASK_H
#define LASALLE_ENGINEER_TASK_H

#include "../lasalle.h"
#include "../../core/geom.h"

/* the engineer's marker is a square this wide centred on the point it stands at (engineer.h draws the same) */
#define LASALLE_ENGINEER_SPOT_BW 0.5

/* 1 when the task changes the table (Demolition, Fortification of a town base, Bridging), built here */
int lasalle_task_on_table(int task);
/* 1 when bridge piece k is wooden: its name says "wooden" or "pontoon" (ruling R-161) */
int lasalle_bridge_wooden(const lasalle_scenario *s, int k);
/* where engineer e of side `side` would stand for `task` at terrain piece k with the commander where he is
 * now: a bridge's end nearer him (*end 0 the first point, 1 the last), a town base's middle, or the bank of
 * site `site` facing him (*end the bank, engineer_bridge.h) */
gr_vec2 lasalle_task_spot(const lasalle_scenario *s, const lasalle_state *st, int side, int task, int k, int site,
                          int *end);
/* why an engineer of `side` may not be deployed at `at` now: beyond the commander's range, or within 4 BW of an
 * enemy unit [H, p.78]; NULL when it may */
const char *lasalle_task_place_why(const lasalle_scenario *s, const lasalle_state *st, int side, gr_vec2 at);
/* where a working engineer on a table task stands */
gr_vec2 lasalle_engineer_at(const lasalle_scenario *s, const lasalle_state *st, int e);
/* engineer e may be deployed for `task` at piece k (Bridging: at its bank site `site`; field works: before unit
 * k) now [H, p.78-79]; 0 with why set when not */
int lasalle_task_ok(const lasalle_scenario *s, const lasalle_state *st, int e, int task, int k, int site,
                    const char **why);
/* the Engineering segment's work on the table: engineers reached by enemy infantry or cavalry eliminated (both
 * sides'), then the tests of the moving side's engineers [H, p.78-79]. 0, or -1 when the dice failed */
int lasalle_engineer_tasks_run(const lasalle_scenario *s, lasalle_state *st, const gr_ctx *cx);

/* engineers at a table task that enemy infantry or cavalry unit i reached as it moved from `before` (its path
 * sampled as lasalle_officers_swept does) are eliminated [H Engineers Eliminated, p.79]; 0 */
#define LASALLE_ENGINEER_SWEEP_SAMPLES 8
int lasalle_engineers_swept(const lasalle_scenario *s, lasalle_state *st, int i, const lasalle_unit *before,
                            const gr_ctx *cx);

#endif
