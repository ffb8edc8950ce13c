/* evalcache.c - the position-keyed table of evaluations (evalcache.h):
 * direct mapped, a 64-bit hash of the position picks the slot, and the kept
 * position is compared in full. */
#include "evalcache.h"
#include "../engine/core/hash.h"
#include "../engine/core/ruleset.h"

#include <stdlib.h>
#include <string.h>

#define GR_EVALCACHE_SEED 0x2545f4914f6cdd1dULL /* any constant: which slot a score takes */

int gr_evalcache_init(gr_evalcache *c, size_t state_size, uint32_t entries)
{
    memset(c, 0, sizeof *c);
    if (entries == 0 || (entries & (entries - 1)) || state_size == 0) return -1;
    c->key = calloc(entries, sizeof *c->key);
    c->win0 = calloc(entries, sizeof *c->win0);
    c->pool = malloc((size_t)entries * state_size);
    if (!c->key || !c->win0 || !c->pool) {
        gr_evalcache_free(c);
        return -1;
    }
    c->state_size = state_size;
    c->mask = entries - 1;
    return 0;
}

void gr_evalcache_free(gr_evalcache *c)
{
    free(c->key);
    free(c->win0);
    free(c->pool);
    memset(c, 0, sizeof *c);
}

double gr_evalcache_win0(gr_evalcache *c, const gr_eval *e, const gr_game *g, const void *state)
{
    if (!c || !c->key) return gr_eval_win0(e, g, state);
    uint64_t h = gr_rs_state_hash(g->rs, g->scn, state, GR_EVALCACHE_SEED);
    uint32_t i = (uint32_t)h & c->mask;
    uint64_t key = h | 1u; /* 0 marks an empty slot, so no key is 0 */
    unsigned char *kept = c->pool + (size_t)i * c->state_size;
    if (c->key[i] == key && !memcmp(kept, state, c->state_size)) {
        c->hits++;
        return c->win0[i];
    }
    c->misses++;
    double v = gr_eval_win0(e, g, state);
    c->key[i] = key;
    c->win0[i] = v;
    memcpy(kept, state, c->state_size);
    return v;
}
