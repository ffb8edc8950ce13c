/* memo.c - the compiled-order memo of a search thread (memo.h): a direct
 * mapped table of answers keyed by a 64-bit hash of the state's bytes and
 * the action. A newer answer replaces an older one in its slot. */
#include "memo.h"
#include "../core/hash.h"

#include <stdlib.h>
#include <string.h>

#define FOGN_MEMO_SEED 0x2545f4914f6cdd1dULL /* any constant: which slot an answer takes */

typedef struct memo_entry {
    uint64_t key;           /* 0: empty */
    int rc;
    fogn_move m;
    fogn_move_plan plan;
    char msg[GR_ERROR_MAX]; /* the reason, when rc is -1 */
} memo_entry;

struct fogn_memo {
    memo_entry e[FOGN_MEMO_ENTRIES];
    long hits, misses;
};

_Static_assert((FOGN_MEMO_ENTRIES & (FOGN_MEMO_ENTRIES - 1)) == 0, "FOGN_MEMO_ENTRIES: a power of two");

fogn_memo *fogn_memo_create(void) { return calloc(1, sizeof(fogn_memo)); }

void fogn_memo_free(fogn_memo *memo) { free(memo); }

void fogn_memo_stats(const fogn_memo *memo, long *hits, long *misses)
{
    *hits = memo ? memo->hits : 0;
    *misses = memo ? memo->misses : 0;
}

/* the state's bytes (padding included: states are copied whole, so it is
 * always the same) and the action's */
static uint64_t key_of(const fogn_state *st, const gr_action *a)
{
    return gr_hash_bytes(st, sizeof *st, gr_hash_bytes(a, sizeof *a, FOGN_MEMO_SEED));
}

static int compile(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                   fogn_move_plan *plan, gr_error *err)
{
    int have_plan;
    if (fogn_action_to_move_planned(s, st, a, m, plan, &have_plan, err)) return -1;
    /* an order's search has already checked the move it settled on */
    if (!have_plan && fogn_move_check(s, st, m, plan, err)) return -1;
    return 0;
}

int fogn_order_compile(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_move *m,
                       fogn_move_plan *plan, gr_error *err, fogn_memo *memo)
{
    if (!memo) return compile(s, st, a, m, plan, err);
    uint64_t key = key_of(st, a);
    memo_entry *e = &memo->e[key & (FOGN_MEMO_ENTRIES - 1)];
    if (e->key == key) {
        memo->hits++;
    } else {
        memo->misses++;
        gr_error why;
        gr_error_clear(&why);
        e->key = key;
        e->rc = compile(s, st, a, &e->m, &e->plan, &why);
        memcpy(e->msg, why.msg, sizeof e->msg);
    }
    if (e->rc) return gr_error_set(err, "%s", e->msg);
    *m = e->m;
    *plan = e->plan;
    return 0;
}
