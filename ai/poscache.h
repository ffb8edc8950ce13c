/* poscache.h - dice-free transitions a search thread has already played,
 * keyed by the position itself.
 *
 * The dice-free cache (detcache.h) follows the walk from the search's root
 * and gives up at its first die. Yet after the dice too, the same position
 * comes back again and again in one search (every iteration whose dice came
 * out the same way reaches it), and with it the same orders. This table
 * keeps, for a position and an action whose application rolled no die,
 * the position it led to, or that the ruleset refused the action (for
 * apply_checked). An entry is found by a hash of the position and the
 * action and then compared byte for byte with the position it was made
 * from, so an answer is only ever given for exactly that position: a search
 * plays the same with or without the table, only faster. Entries stay valid
 * for ever (a ruleset's apply is a function of the position and the action
 * once no die is rolled); a newer one replaces an older in its slot. */
#ifndef GR_POSCACHE_H
#define GR_POSCACHE_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/core/game.h"
#include "../engine/core/ruleset.h"

/* entries per search thread (a power of two); each holds two positions */
#define GR_POSCACHE_ENTRIES 4096

typedef struct gr_poscache {
    size_t state_size;
    uint32_t mask;          /* entries - 1 */
    uint64_t *key;          /* per entry: hash of position and action, 0 when empty */
    int8_t *refused;        /* per entry: 1 when apply_checked refused the action */
    gr_action *act;
    unsigned char *pool;    /* per entry: the position before, then the one after */
    long hits, misses;
} gr_poscache;

/* 0, or -1 when out of memory (then gr_poscache_free is safe). state_size:
 * the bytes of a position kept, copied back and compared (gr_rs_state_span) */
int gr_poscache_init(gr_poscache *c, size_t state_size, uint32_t entries);
void gr_poscache_free(gr_poscache *c);

/* The ruleset's apply (no log) and apply_checked through the table: a kept
 * answer for this very position and action is copied; otherwise the
 * ruleset is asked (with the thread's memo, NULL none), and a dice-free
 * answer kept. Same returns as the ruleset's. A NULL or empty table just
 * asks the ruleset. */
int gr_poscache_apply(gr_poscache *c, const gr_game *g, void *state, const gr_action *a, gr_dice *dice, void *memo);
int gr_poscache_apply_checked(gr_poscache *c, const gr_game *g, void *state, const gr_action *a, gr_dice *dice,
                              void *memo);
/* The position's part of an entry's key (the ruleset's hash of the state).
 * A caller trying one action after another on a position that a refusal
 * leaves untouched (the playouts' draws) works it out once and hands it to
 * gr_poscache_apply_checked_at; any other change of the position needs it
 * worked out again. */
uint64_t gr_poscache_position_key(const gr_game *g, const void *state);
/* gr_poscache_apply_checked with the position's key already worked out */
int gr_poscache_apply_checked_at(gr_poscache *c, const gr_game *g, void *state, uint64_t position_key,
                                 const gr_action *a, gr_dice *dice, void *memo);

#endif
