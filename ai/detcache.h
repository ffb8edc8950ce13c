/* detcache.h - states the search has already computed on dice-free paths.
 *
 * Open-loop MCTS replays every iteration from the real position. As long as
 * the walk down the tree has rolled no die, the state at a node is the same
 * in every iteration, so the state after a child's action can be kept and
 * copied instead of applying the action again (the move compiler and the
 * checks run after each decision are most of an iteration's cost). The cache
 * maps a tree node index to the state reached by playing that node's action
 * from such a dice-free path; it is emptied at the start of every search,
 * since node indices and the real position change between searches. A full
 * pool stores nothing more: the search is then simply slower, never different. */
#ifndef GR_DETCACHE_H
#define GR_DETCACHE_H

#include <stddef.h>
#include <stdint.h>

/* states kept per search thread (each state_size bytes: 3160 for fogn) */
#define GR_DETCACHE_STATES 4096

typedef struct gr_detcache {
    size_t state_size;
    int32_t cap;            /* states the pool holds */
    int32_t n;              /* states stored since the last clear */
    uint32_t mask;          /* map slots - 1 (a power of two, at least 2 * cap) */
    int32_t *key;           /* tree node index per map slot, -1 when free */
    int32_t *val;           /* pool index per map slot */
    unsigned char *pool;
} gr_detcache;

/* 0, or -1 when out of memory (then *c is empty and gr_detcache_free is safe) */
int gr_detcache_init(gr_detcache *c, size_t state_size, int32_t cap);
void gr_detcache_free(gr_detcache *c);
void gr_detcache_clear(gr_detcache *c);
/* the state kept for tree node `node`, or NULL */
const void *gr_detcache_get(const gr_detcache *c, int32_t node);
/* keeps a copy of `state` for `node` (a node must be stored once); 0, or -1 when the pool is full */
int gr_detcache_put(gr_detcache *c, int32_t node, const void *state);

#endif
