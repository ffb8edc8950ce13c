/* detcache.c - the dice-free state cache of the search (detcache.h): an
 * open-addressing map from tree node index to a slot of a state pool. */
#include "detcache.h"

#include <stdlib.h>
#include <string.h>

int gr_detcache_init(gr_detcache *c, size_t state_size, int32_t cap)
{
    memset(c, 0, sizeof *c);
    if (cap < 1 || state_size == 0) return -1;
    uint32_t slots = 2;
    while (slots < 2u * (uint32_t)cap) slots *= 2;
    c->key = malloc(slots * sizeof *c->key);
    c->val = malloc(slots * sizeof *c->val);
    c->pool = malloc((size_t)cap * state_size);
    if (!c->key || !c->val || !c->pool) {
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
    free(c->key);
    free(c->val);
    free(c->pool);
    memset(c, 0, sizeof *c);
}

void gr_detcache_clear(gr_detcache *c)
{
    if (c->key) memset(c->key, 0xff, ((size_t)c->mask + 1) * sizeof *c->key);
    c->n = 0;
}

static uint32_t slot_of(const gr_detcache *c, int32_t node)
{
    return ((uint32_t)node * 0x9e3779b1u) & c->mask;
}

const void *gr_detcache_get(const gr_detcache *c, int32_t node)
{
    if (!c->key || c->n == 0) return NULL;
    for (uint32_t i = slot_of(c, node);; i = (i + 1) & c->mask) {
        if (c->key[i] == node) return c->pool + (size_t)c->val[i] * c->state_size;
        if (c->key[i] < 0) return NULL;
    }
}

int gr_detcache_put(gr_detcache *c, int32_t node, const void *state)
{
    if (!c->key || c->n >= c->cap || node < 0) return -1;
    uint32_t i = slot_of(c, node);
    while (c->key[i] >= 0) i = (i + 1) & c->mask; /* at most half full: a free slot is near */
    c->key[i] = node;
    c->val[i] = c->n;
    memcpy(c->pool + (size_t)c->n * c->state_size, state, c->state_size);
    c->n++;
    return 0;
}
