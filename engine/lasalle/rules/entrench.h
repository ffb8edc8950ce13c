/* entrench.h - Entrenchments [H, p.75], for an army whose "rules" name
 * them: as its Activity Phase opens, an infantry unit in Line or an
 * Unlimbered battery may dig in instead of moving. A discipline test, plus
 * one for each earlier failure since it last moved; on a pass a trench
 * stands in front of it, an obstacle giving soft cover against fire and
 * attacks from ahead. A scenario may start units behind works
 * ("entrenched"). */
#ifndef LASALLE_ENTRENCH_H
#define LASALLE_ENTRENCH_H

#include "../lasalle.h"

/* the most failed attempts the state counts (the bonus stops growing there) */
#define LASALLE_DIG_MAX 15
/* ruling R-75: a front edge within this of its old front line (BW), and a facing within this of the old
 * (radians), still stands behind its trench (positions are kept as floats) */
#define LASALLE_TRENCH_EPS 0.02
#define LASALLE_TRENCH_ANGLE_EPS 1e-6

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
/* the cover unit i's trench gives against `from` (soft when `from` is ahead of it), else none */
int lasalle_trench_cover(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *from);
/* the moving side's Status Phase: a unit that moved loses its count of failed attempts */
void lasalle_entrench_status(const lasalle_scenario *s, lasalle_state *st);

/* The entrenched units' footprints before a decision that may move units (ruling R-75): after it, a unit
 * keeps its trench only while it still stands behind it, its front edge on its old front line, within its
 * old frontage, facing the same way (a formation change on its front base, H p.75); any other move leaves it */
typedef struct lasalle_trench_watch {
    uint64_t units;                 /* the entrenched units, bit i for unit i */
    gr_rect hull[LASALLE_MAX_UNITS];
} lasalle_trench_watch;
void lasalle_trench_watch_begin(const lasalle_scenario *s, const lasalle_state *st, lasalle_trench_watch *w);
void lasalle_trench_watch_end(const lasalle_scenario *s, lasalle_state *st, const lasalle_trench_watch *w,
                              gr_log *log);
/* does footprint `now` stand behind the trench dug before footprint `then`? */
int lasalle_behind_trench(const gr_rect *then, const gr_rect *now);

#endif
