/* memo.c - the memo of a search thread (memo.h): direct mapped tables of
 * compiled orders, keyed by a 64-bit hash of the state's bytes
 * (fogn_state_hash) and the action; of cursor walks and volleys, keyed by
 * the state's; and of assault reaches and firers' views, keyed by the
 * units' bytes without the fields neither reads. A newer answer replaces
 * an older one in its slot. */
#include "memo.h"
#include "../../core/hash.h"
#include "move.h"
#include "orders.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define FOGN_MEMO_SEED 0x2545f4914f6cdd1dULL /* any constant: which slot an answer takes */
#define FOGN_MEMO_WALK_SEED 0x9e3779b97f4a7c15ULL /* another, for the walks */
#define FOGN_MEMO_VOLLEY_SEED 0xd6e8feb86659fd93ULL /* a third, for the volleys */
#define FOGN_MEMO_REACH_SEED 0x94d049bb133111ebULL /* a fourth, for the reaches */
#define FOGN_MEMO_VIEW_SEED 0xbf58476d1ce4e5b9ULL /* a fifth, for the views */

typedef struct memo_entry {
    uint64_t key;           /* 0: empty */
    int rc;
    fogn_move m;
    fogn_move_plan plan;
    char msg[GR_ERROR_MAX]; /* the reason, when rc is -1 */
} memo_entry;

typedef struct walk_entry {
    uint64_t key;           /* 0: empty */
    fogn_state after;       /* where the walk ended */
} walk_entry;

typedef struct volley_entry {
    uint64_t key;           /* 0: empty */
    int n;
    fogn_shot shot[FOGN_VOLLEY_MAX]; /* the first n are the volley's */
} volley_entry;

typedef struct reach_entry {
    uint64_t key;           /* 0: empty */
    int rc;
    fogn_reach r;
} reach_entry;

typedef struct view_entry {
    uint64_t key;           /* 0: empty */
    uint64_t fview;
    uint8_t ok, fview_band;
} view_entry;

struct fogn_memo {
    memo_entry e[FOGN_MEMO_ENTRIES];
    walk_entry w[FOGN_MEMO_WALKS];
    volley_entry v[FOGN_MEMO_VOLLEYS];
    reach_entry r[FOGN_MEMO_REACHES];
    view_entry vw[FOGN_MEMO_VIEWS];
    long hits, misses, walk_hits, walk_misses, volley_hits, volley_misses, reach_hits, reach_misses;
    long view_hits, view_misses;
    int check;              /* tests: work every copied reach and view out again */
    long mismatches;
};

_Static_assert((FOGN_MEMO_ENTRIES & (FOGN_MEMO_ENTRIES - 1)) == 0, "FOGN_MEMO_ENTRIES: a power of two");
_Static_assert((FOGN_MEMO_WALKS & (FOGN_MEMO_WALKS - 1)) == 0, "FOGN_MEMO_WALKS: a power of two");
_Static_assert((FOGN_MEMO_VOLLEYS & (FOGN_MEMO_VOLLEYS - 1)) == 0, "FOGN_MEMO_VOLLEYS: a power of two");
_Static_assert((FOGN_MEMO_REACHES & (FOGN_MEMO_REACHES - 1)) == 0, "FOGN_MEMO_REACHES: a power of two");
_Static_assert((FOGN_MEMO_VIEWS & (FOGN_MEMO_VIEWS - 1)) == 0, "FOGN_MEMO_VIEWS: a power of two");

fogn_memo *fogn_memo_create(void) { return calloc(1, sizeof(fogn_memo)); }

void fogn_memo_free(fogn_memo *memo) { free(memo); }

void fogn_memo_stats(const fogn_memo *memo, long *hits, long *misses)
{
    *hits = memo ? memo->hits : 0;
    *misses = memo ? memo->misses : 0;
}

void fogn_memo_walk_stats(const fogn_memo *memo, long *hits, long *misses)
{
    *hits = memo ? memo->walk_hits : 0;
    *misses = memo ? memo->walk_misses : 0;
}

void fogn_memo_volley_stats(const fogn_memo *memo, long *hits, long *misses)
{
    *hits = memo ? memo->volley_hits : 0;
    *misses = memo ? memo->volley_misses : 0;
}

/* the state ends with its commanders and units, whose empty slots are all
 * fogn_state_hash passes over */
_Static_assert(offsetof(fogn_state, u) == offsetof(fogn_state, c) + sizeof(((fogn_state *)0)->c),
               "fogn_state: the commanders' slots are followed by the units'");
_Static_assert(sizeof(fogn_state) == offsetof(fogn_state, u) + sizeof(((fogn_state *)0)->u),
               "fogn_state: nothing after the units' slots");

uint64_t fogn_state_hash(const void *scn, const void *state, uint64_t seed)
{
    const fogn_scenario *s = scn;
    const fogn_state *st = state;
    /* the bytes before the commanders (no padding: fogn.h), then the
     * commanders' and units' own */
    uint64_t h = gr_hash_bytes(st, offsetof(fogn_state, c), seed);
    h = gr_hash_bytes(st->c, (size_t)s->ncmdrs * sizeof st->c[0], h);
    return gr_hash_bytes(st->u, (size_t)s->nunits * sizeof st->u[0], h);
}

size_t fogn_state_span(const void *scn)
{
    const fogn_scenario *s = scn;
    return offsetof(fogn_state, u) + (size_t)s->nunits * sizeof(fogn_unit);
}

/* the state's and the action's */
static uint64_t key_of(const fogn_scenario *s, const fogn_state *st, const gr_action *a)
{
    return fogn_state_hash(s, st, gr_hash_bytes(a, sizeof *a, FOGN_MEMO_SEED));
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
    uint64_t key = key_of(s, st, a);
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

/* the walk itself; a step's prepare and due that take the memo get it (the
 * firers' views, the assault reaches) */
static void walk(const fogn_scenario *s, fogn_state *st, const fogn_step_def *d, int end, fogn_memo *memo)
{
    for (; st->turn.cursor < end; st->turn.cursor++) {
        if (memo && d->prepare_memo) d->prepare_memo(s, st, st->turn.cursor, memo);
        else if (d->prepare) d->prepare(s, st, st->turn.cursor);
        if (memo && d->due_memo ? d->due_memo(s, st, st->turn.cursor, memo) : d->due(s, st, st->turn.cursor)) break;
    }
}

void fogn_memo_walk(const fogn_scenario *s, fogn_state *st, const fogn_step_def *d, int end, fogn_memo *memo)
{
    if (!memo || !d->walk_memo) {
        walk(s, st, d, end, memo);
        return;
    }
    /* the step, the cursor and everything the walk reads are in the state */
    uint64_t key = fogn_state_hash(s, st, FOGN_MEMO_WALK_SEED);
    walk_entry *e = &memo->w[key & (FOGN_MEMO_WALKS - 1)];
    /* only the bytes up to the last unit: the rest no rule reads or writes */
    size_t span = fogn_state_span(s);
    if (e->key == key) {
        memo->walk_hits++;
        memcpy(st, &e->after, span);
        return;
    }
    memo->walk_misses++;
    walk(s, st, d, end, memo);
    e->key = key;
    memcpy(&e->after, st, span);
}

int fogn_memo_volley(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, fogn_memo *memo,
                     void (*build)(const fogn_scenario *s, const fogn_state *st, fogn_volley *v))
{
    if (!memo) {
        build(s, st, v);
        return 0;
    }
    /* the step (so the side firing) and every unit the shots are worked out from are in the state */
    uint64_t key = fogn_state_hash(s, st, FOGN_MEMO_VOLLEY_SEED);
    volley_entry *e = &memo->v[key & (FOGN_MEMO_VOLLEYS - 1)];
    if (e->key == key) {
        memo->volley_hits++;
        v->n = e->n;
        memcpy(v->shot, e->shot, (size_t)e->n * sizeof *e->shot);
        return 1;
    }
    memo->volley_misses++;
    build(s, st, v);
    e->key = key;
    e->n = v->n;
    memcpy(e->shot, v->shot, (size_t)v->n * sizeof *v->shot);
    return 0;
}

void fogn_memo_reach_stats(const fogn_memo *memo, long *hits, long *misses)
{
    *hits = memo ? memo->reach_hits : 0;
    *misses = memo ? memo->reach_misses : 0;
}

void fogn_memo_check(fogn_memo *memo, int on) { memo->check = on; }

long fogn_memo_mismatches(const fogn_memo *memo) { return memo->mismatches; }

/* which fields of the units a key leaves out */
typedef enum units_out {
    OUT_ASSAULT, /* an assault's bookkeeping and the fire step's views (fogn_memo_reach) */
    OUT_FIRE     /* a firing step's choices and its kept views (fogn_memo_view) */
} units_out;

/* a hash of the units (the scenario's slots) with some fields left out,
 * from `seed` */
static uint64_t units_key(const fogn_scenario *s, const fogn_state *st, units_out out, uint64_t seed)
{
    fogn_unit u[FOGN_MAX_UNITS];
    memcpy(u, st->u, (size_t)s->nunits * sizeof u[0]);
    for (int k = 0; k < s->nunits; k++) {
        u[k].target = 0;
        u[k].fire_opt = 0;
        u[k].fview_band = 0;
        u[k].fview = 0;
        if (out == OUT_ASSAULT) {
            u[k].astate = 0;
            u[k].reaction = 0;
            u[k].flags &= ~(uint32_t)(FOGN_UF_ASSAULTING | FOGN_UF_TOOK_CMT);
        } else {
            u[k].flags &= ~(uint32_t)FOGN_UF_FIRED;
        }
    }
    uint64_t key = gr_hash_bytes(u, (size_t)s->nunits * sizeof u[0], seed);
    return key ? key : 1;
}

/* the pair's and the units' without an assault's bookkeeping (memo.h
 * fogn_memo_reach): no rule a reach runs reads those fields */
static uint64_t reach_key(const fogn_scenario *s, const fogn_state *st, int a, int b)
{
    const int32_t pair[2] = {a, b};
    return units_key(s, st, OUT_ASSAULT, gr_hash_bytes(pair, sizeof pair, FOGN_MEMO_REACH_SEED));
}

int fogn_memo_reach(const fogn_scenario *s, const fogn_state *st, int a, int b, fogn_reach *r, fogn_memo *memo)
{
    if (!memo) return fogn_assault_reach(s, st, a, b, r, NULL);
    if (fogn_reach_refused_at_once(s, st, a, b, r)) return 0;
    uint64_t key = reach_key(s, st, a, b);
    reach_entry *e = &memo->r[key & (FOGN_MEMO_REACHES - 1)];
    if (e->key == key) {
        memo->reach_hits++;
        if (memo->check) {
            int rc = fogn_assault_reach(s, st, a, b, r, NULL);
            if (rc != e->rc || memcmp(r, &e->r, sizeof *r)) memo->mismatches++;
        }
        *r = e->r;
        return e->rc;
    }
    memo->reach_misses++;
    e->key = key;
    e->rc = fogn_assault_reach(s, st, a, b, &e->r, NULL);
    *r = e->r;
    return e->rc;
}

void fogn_memo_view_stats(const fogn_memo *memo, long *hits, long *misses)
{
    *hits = memo ? memo->view_hits : 0;
    *misses = memo ? memo->view_misses : 0;
}

bool fogn_memo_view(const fogn_scenario *s, const fogn_state *st, int f, fogn_unit *u, fogn_memo *memo,
                    bool (*work)(const fogn_scenario *s, const fogn_state *st, int f, fogn_unit *u))
{
    if (!memo) return work(s, st, f, u);
    const int32_t who[2] = {f, st->active};
    uint64_t key = units_key(s, st, OUT_FIRE, gr_hash_bytes(who, sizeof who, FOGN_MEMO_VIEW_SEED));
    view_entry *e = &memo->vw[key & (FOGN_MEMO_VIEWS - 1)];
    if (e->key == key) {
        memo->view_hits++;
        if (memo->check) {
            fogn_unit fresh = *u;
            bool ok = work(s, st, f, &fresh);
            if (ok != e->ok || (ok && (fresh.fview_band != e->fview_band || fresh.fview != e->fview)))
                memo->mismatches++;
        }
        if (e->ok) {
            u->fview_band = e->fview_band;
            u->fview = e->fview;
        }
        return e->ok;
    }
    memo->view_misses++;
    bool ok = work(s, st, f, u);
    e->key = key;
    e->ok = ok;
    e->fview_band = ok ? u->fview_band : 0;
    e->fview = ok ? u->fview : 0;
    return ok;
}
