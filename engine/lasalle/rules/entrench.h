/* entrench.h - Entrenchments [H, p.75], for an army whose "rules" name
 * them: as its Activity Phase opens, an infantry unit in Line or an
 * Unlimbered battery may dig in instead of moving. A discipline test, plus
 * one for each earlier failure since it last moved; on a pass a trench
 * stands along its front for the rest of the game, works any unit may
 * stand behind (works.h). A scenario may start units behind works
 * ("entrenched"). */
#ifndef LASALLE_ENTRENCH_H
#define LASALLE_ENTRENCH_H

#include "../lasalle.h"

/* the most failed attempts the state counts (the bonus stops growing there) */
#define LASALLE_DIG_MAX 15

/* the entrenching step, as the Activity Phase opens: the cursor runs over the units */
int lasalle_entrench_end(const void *scn);
int lasalle_entrench_due(const void *scn, const void *state, int cursor);
int lasalle_entrench_actor(const void *scn, const void *state);
int lasalle_entrench_actions(const void *scn, const void *state, gr_action *out, int max);
/* the attempt (a LASALLE_A_HOLD action in this step: "dig in instead of moving") */
int lasalle_entrench_apply(const void *scn, void *state, const gr_action *a, const gr_ctx *cx, gr_error *err);
/* unit i may try to dig in now */
int lasalle_may_entrench(const lasalle_scenario *s, const lasalle_state *st, int i);
/* failed attempts counted for unit i */
int lasalle_dig_count(const lasalle_state *st, int i);
/* the moving side's Status Phase: a unit that moved loses its count of failed attempts */
void lasalle_entrench_status(const lasalle_scenario *s, lasalle_state *st);

#endif
