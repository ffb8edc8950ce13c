/* poscache.c - the position-keyed table of dice-free transitions
 * (poscache.h): direct mapped, a 64-bit hash of the position's bytes and the
 * action picks the slot, and the kept position is compared in full. */
#include "poscache.h"
#include "tree.h"
#include "../engine/core/hash.h"

#include <stdlib.h>
#include <string.h>

#define GR_POSCACHE_SEED 0x94d049bb133111ebULL /* any constant: which slot an answer takes */

int gr_poscache_init(gr_poscache *c, size_t state_size, uint32_t entries)
{
    memset(c, 0, sizeof *c);
    if (entries == 0 || (entries & (entries - 1)) || state_size == 0) return -1;
    c->key = calloc(entries, sizeof *c->key);
    c->refused = calloc(entries, sizeof *c->refused);
    c->act = calloc(entries, sizeof *c->act);
    c->pool = malloc((size_t)entries * 2 * state_size);
    if (!c->key || !c->refused || !c->act || !c->pool) {
        gr_poscache_free(c);
        return -1;
    }
    c->state_size = state_size;
    c->mask = entries - 1;
    return 0;
}

void gr_poscache_free(gr_poscache *c)
{
    free(c->key);
    free(c->refused);
    free(c->act);
    free(c->pool);
    memset(c, 0, sizeof *c);
}

uint64_t gr_poscache_position_key(const gr_game *g, const void *state)
{
    return gr_rs_state_hash(g->rs, g->scn, state, GR_POSCACHE_SEED);
}

/* the slot's key: the ruleset's hash of the position (every byte unless it
 * passes over bytes no rule reads: the slot is compared in full anyway),
 * mixed with the action's bytes */
static uint64_t key_of(uint64_t position_key, const gr_action *a)
{
    struct {
        uint64_t position;
        gr_action a;
    } k;
    memset(&k, 0, sizeof k);
    k.position = position_key;
    k.a = *a;
    return gr_hash_bytes(&k, sizeof k, GR_POSCACHE_SEED);
}

/* -1: not kept; else 0 (copied into state) or 1 (refused, state untouched) */
static int lookup(gr_poscache *c, uint64_t key, void *state, const gr_action *a, int checked)
{
    uint32_t i = (uint32_t)key & c->mask;
    unsigned char *before = c->pool + (size_t)i * 2 * c->state_size;
    if (c->key[i] != key || !gr_action_equal(&c->act[i], a) || (c->refused[i] && !checked) ||
        memcmp(before, state, c->state_size))
        return -1;
    c->hits++;
    if (c->refused[i]) return 1;
    memcpy(state, before + c->state_size, c->state_size);
    return 0;
}

/* the slot already holds the position before; after is NULL for a refusal */
static void keep(gr_poscache *c, uint64_t key, const void *after, const gr_action *a)
{
    uint32_t i = (uint32_t)key & c->mask;
    c->key[i] = key;
    c->act[i] = *a;
    c->refused[i] = after == NULL;
    if (after) memcpy(c->pool + ((size_t)i * 2 + 1) * c->state_size, after, c->state_size);
}

/* the ruleset's own answer: apply_checked or apply with the memo, no log */
static int ask(const gr_game *g, void *state, const gr_action *a, gr_dice *dice, void *memo, int checked)
{
    if (checked) return gr_rs_apply_checked(g->rs, g->scn, state, a, dice, memo);
    return gr_rs_apply_memo(g->rs, g->scn, state, a, dice, NULL, memo, NULL);
}

static int through(gr_poscache *c, const gr_game *g, void *state, uint64_t position_key, const gr_action *a,
                   gr_dice *dice, void *memo, int checked)
{
    uint64_t key = key_of(position_key, a);
    int rc = lookup(c, key, state, a, checked);
    if (rc >= 0) return rc;
    c->misses++;
    /* the position before, for the entry: the slot itself once the answer is known */
    uint32_t i = (uint32_t)key & c->mask;
    unsigned char *slot = c->pool + (size_t)i * 2 * c->state_size;
    long rolled = dice ? dice->rolled : 0;
    memcpy(slot, state, c->state_size);
    c->key[i] = 0; /* the slot's old answer is gone */
    rc = ask(g, state, a, dice, memo, checked);
    if (dice && dice->rolled != rolled) return rc;
    if (rc == 0) keep(c, key, state, a);
    else if (rc == 1 && checked) keep(c, key, NULL, a);
    return rc;
}

int gr_poscache_apply(gr_poscache *c, const gr_game *g, void *state, const gr_action *a, gr_dice *dice, void *memo)
{
    if (!c || !c->key) return ask(g, state, a, dice, memo, 0);
    return through(c, g, state, gr_poscache_position_key(g, state), a, dice, memo, 0);
}

int gr_poscache_apply_checked(gr_poscache *c, const gr_game *g, void *state, const gr_action *a, gr_dice *dice,
                              void *memo)
{
    if (!c || !c->key) return ask(g, state, a, dice, memo, 1);
    return through(c, g, state, gr_poscache_position_key(g, state), a, dice, memo, 1);
}

int gr_poscache_apply_checked_at(gr_poscache *c, const gr_game *g, void *state, uint64_t position_key,
                                 const gr_action *a, gr_dice *dice, void *memo)
{
    if (!c || !c->key) return ask(g, state, a, dice, memo, 1);
    return through(c, g, state, position_key, a, dice, memo, 1);
}
