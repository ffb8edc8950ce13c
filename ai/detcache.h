/* detcache.h - positions the search has already computed on dice-free paths.
 *
 * Open-loop search replays every iteration from the real position. As long as
 * the walk from that position has rolled no die, the position reached by a
 * given sequence of actions is the same in every iteration, so it can be
 * kept and copied instead of applying the actions again (the order compiler
 * and the checks run after each decision are most of an iteration's cost).
 *
 * The cache is a trie over action sequences from the search's root: entry e
 * holds the position reached from entry `from` (GR_DET_ROOT for the root) by
 * one action. It is emptied at the start of every search, since the real
 * position changes between searches. A full pool stores nothing more: the
 * search is then slower, never different. MCTS and NaiveMCTS both use it. */
#ifndef GR_DETCACHE_H
#define GR_DETCACHE_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/core/game.h"

/* positions kept per search thread (each state_size bytes: the bytes of a
 * position, gr_rs_state_span) */
#define GR_DETCACHE_STATES 4096
#define GR_DET_ROOT (-1)     /* the walk is at the search's root */
#define GR_DET_OFF (-2)      /* a die was rolled (or the pool filled): nothing more is kept */

typedef struct gr_det_entry {
    int32_t from;           /* the entry this one was reached from, GR_DET_ROOT */
    gr_action a;            /* the action played there */
} gr_det_entry;

typedef struct gr_detcache {
    size_t state_size;
    int32_t cap;            /* positions the pool holds */
    int32_t n;              /* entries since the last clear */
    uint32_t mask;          /* map slots - 1 (a power of two, at least 2 * cap) */
    int32_t *slot;          /* entry index per map slot, -1 when free */
    gr_det_entry *e;
    unsigned char *pool;    /* entry i's position at i * state_size */
    struct gr_poscache *pos; /* asked when the trie has no entry (poscache.h); the owner's, may be NULL */
} gr_detcache;

/* 0, or -1 when out of memory (then *c is empty and gr_detcache_free is
 * safe). state_size: the bytes of a position kept, copied back and compared
 * (gr_rs_state_span) */
int gr_detcache_init(gr_detcache *c, size_t state_size, int32_t cap);
void gr_detcache_free(gr_detcache *c);
void gr_detcache_clear(gr_detcache *c);
/* the entry reached from `from` by action a, or -1 */
int32_t gr_detcache_find(const gr_detcache *c, int32_t from, const gr_action *a);
/* entry e's position */
const void *gr_detcache_state(const gr_detcache *c, int32_t e);
/* keeps `state` as the position reached from `from` by a (not yet kept);
 * its entry, or -1 when the pool is full */
int32_t gr_detcache_add(gr_detcache *c, int32_t from, const gr_action *a, const void *state);

/* Applies a during a search walk. *at is where the walk is: GR_DET_ROOT, an
 * entry, or GR_DET_OFF. Until it is GR_DET_OFF a kept position is copied
 * instead of playing a (counted in *copied), and a dice-free result is kept.
 * Otherwise the action is applied through c->pos (when set), with the
 * thread's memo of the ruleset (NULL: none).
 * Returns what the ruleset's apply returns (0: applied). */
int gr_detcache_apply(gr_detcache *c, const gr_game *g, void *state, const gr_action *a, gr_dice *dice, void *memo,
                      int32_t *at, long *copied);

#endif
