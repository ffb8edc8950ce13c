/* evalcache.h - evaluations a search thread has already made, keyed by the
 * position itself.
 *
 * A simulation ends at a position the evaluation scores (gr_eval_win0). Many
 * simulations of one search end at the very same position: every one whose
 * path and dice came out the same way. The evaluation is a function of the
 * weights, the scenario and the position alone, so its score for a position
 * once worked out can be kept and given again. An entry is found by a hash
 * of the position and then compared byte for byte with the position it was
 * worked out for: a score is only ever given for exactly that position, so
 * a search plays the same with or without the table, only faster. Entries
 * stay valid for as long as the weights and the scenario (one player's
 * life); a newer one replaces an older in its slot. */
#ifndef GR_EVALCACHE_H
#define GR_EVALCACHE_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/core/game.h"
#include "../eval/eval.h"

/* entries per search thread (a power of two); each holds one position */
#define GR_EVALCACHE_ENTRIES 1024

typedef struct gr_evalcache {
    size_t state_size;
    uint32_t mask;          /* entries - 1 */
    uint64_t *key;          /* per entry: hash of the position, 0 when empty */
    double *win0;           /* per entry: the evaluation's score for side 0 */
    unsigned char *pool;    /* per entry: the position */
    long hits, misses;
} gr_evalcache;

/* 0, or -1 when out of memory or entries not a power of two (then
 * gr_evalcache_free is safe). state_size: the bytes of a position kept and
 * compared (gr_rs_state_span) */
int gr_evalcache_init(gr_evalcache *c, size_t state_size, uint32_t entries);
void gr_evalcache_free(gr_evalcache *c);

/* gr_eval_win0(e, g, state), from the table when this very position was
 * scored before, else worked out and kept. A NULL or empty table just asks
 * the evaluation. The table must only ever serve one e and one g. */
double gr_evalcache_win0(gr_evalcache *c, const gr_eval *e, const gr_game *g, const void *state);

#endif
