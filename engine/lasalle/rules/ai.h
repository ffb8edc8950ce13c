/* ai.h - what players and the evaluation may know of a Lasalle position
 * (gr_ai_view in engine/core/game.h): what an action does, what a unit is,
 * each unit's worth (its morale value, F p.66) and condition (its DISR,
 * gone when broken), and the side terms eval/weights/lasalle.json weighs:
 * losses against the breakpoint (as they are, and as far as the checks still
 * to come could turn them into a broken army), the chance the army breaks in the morale
 * checks still to come, objectives held and approached, the pursuit score,
 * the defender's hold on the objective, its horse and foot closing with the
 * enemy. These are
 * evaluation inputs, not rules. */
#ifndef LASALLE_AI_H
#define LASALLE_AI_H

#include "../lasalle.h"

#define LASALLE_LEVELS 6            /* 0 .. 5 DISR; gone is level 6 */
#define LASALLE_TERMS 8
#define LASALLE_PACE 4.0            /* an Attack Column's Full move, BW [C, p.24] */

extern const char *const lasalle_term_names[LASALLE_TERMS];

void lasalle_action_info(const void *scn, const void *state, const gr_action *a, gr_action_info *out);
/* lasalle_action_info for a[k] into out[k], k < n: a unit's footprint, the
 * enemy nearest it and the objectives' control worked out once for all its
 * moves */
void lasalle_action_infos(const void *scn, const void *state, const gr_action *a, int n, gr_action_info *out);
int lasalle_unit_count(const void *scn);
void lasalle_unit_info(const void *scn, const void *state, int unit, gr_unit_info *out);
void lasalle_unit_worth(const void *scn, const void *state, int unit, gr_unit_worth *out);
void lasalle_terms(const void *scn, const void *state, double *out);

#endif
