/* detcache.c - the dice-free position cache of the search (detcache.h): an
 * open-addressing map from (entry, action) to an entry of a position pool. */
#include "detcache.h"
#include "poscache.h"
#include "tree.h"

#include <stdlib.h>
#include <string.h>

int gr_detcache_init(gr_detcache *c, size_t state_size, int32_t cap)
{
    memset(c, 0, sizeof *c);
    if (cap < 1 || state_size == 0) return -1;
    uint32_t slots = 2;
    while (slots < 2u * (uint32_t)cap) slots *= 2;
    c->slot = malloc(slots * sizeof *c->slot);
    c->e = malloc((size_t)cap * sizeof *c->e);
    c->pool = malloc((size_t)cap * state_size);
    if (!c->slot || !c->e || !c->pool) {
        gr_detcache_free(c);
        return -1;
    }
    c->state_size = state_size;
    c->cap = cap;
    c->mask = slots - 1;
    gr_detcache_clear(c);
    return 0;
}

void gr_detcache_free(gr_detcache *c)
{
    free(c->slot);
    free(c->e);
    free(c->pool);
    memset(c, 0, sizeof *c);
}

void gr_detcache_clear(gr_detcache *c)
{
    if (c->slot) memset(c->slot, 0xff, ((size_t)c->mask + 1) * sizeof *c->slot);
    c->n = 0;
}

static uint32_t slot_of(const gr_detcache *c, int32_t from, const gr_action *a)
{
    uint64_t w[3];
    memcpy(w, a, sizeof w < sizeof *a ? sizeof w : sizeof *a);
    uint64_t h = (uint64_t)(uint32_t)from * 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 3; i++) {
        h ^= w[i];
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
    }
    return (uint32_t)h & c->mask;
}

int32_t gr_detcache_find(const gr_detcache *c, int32_t from, const gr_action *a)
{
    if (!c->slot || c->n == 0) return -1;
    for (uint32_t i = slot_of(c, from, a);; i = (i + 1) & c->mask) {
        int32_t k = c->slot[i];
        if (k < 0) return -1;
        if (c->e[k].from == from && gr_action_equal(&c->e[k].a, a)) return k;
    }
}

const void *gr_detcache_state(const gr_detcache *c, int32_t e) { return c->pool + (size_t)e * c->state_size; }

int32_t gr_detcache_add(gr_detcache *c, int32_t from, const gr_action *a, const void *state)
{
    if (!c->slot || c->n >= c->cap) return -1;
    uint32_t i = slot_of(c, from, a);
    while (c->slot[i] >= 0) i = (i + 1) & c->mask; /* at most half full: a free slot is near */
    int32_t k = c->n++;
    c->slot[i] = k;
    c->e[k].from = from;
    c->e[k].a = *a;
    memcpy(c->pool + (size_t)k * c->state_size, state, c->state_size);
    return k;
}

int gr_detcache_apply(gr_detcache *c, const gr_game *g, void *state, const gr_action *a, gr_dice *dice, void *memo,
                      int32_t *at, long *copied)
{
    const int on = *at != GR_DET_OFF && c->slot;
    if (on) {
        int32_t k = gr_detcache_find(c, *at, a);
        if (k >= 0) {
            memcpy(state, gr_detcache_state(c, k), c->state_size);
            *at = k;
            if (copied) (*copied)++;
            return 0;
        }
    }
    long rolled = dice ? dice->rolled : 0;
    int rc = gr_poscache_apply(c->pos, g, state, a, dice, memo);
    /* a refused action leaves the position as it was: the walk's entry stands */
    if (rc || !on) return rc;
    int32_t k = dice && dice->rolled != rolled ? -1 : gr_detcache_add(c, *at, a, state);
    *at = k >= 0 ? k : GR_DET_OFF; /* after a die, or with the pool full, nothing more is kept */
    return 0;
}
