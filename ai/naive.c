/* naive.c - the NaiveMCTS player (naive.h). One search per decision, from
 * the decision now due to the end of its run; the first action of the most
 * visited joint choice is played. */
#include "naive.h"
#include "../engine/core/clock.h"
#include "budget.h"
#include "detcache.h"
#include "evalcache.h"
#include "poscache.h"
#include "mcts.h"
#include "policy.h"
#include "quiet.h"
#include "spec.h"
#include "tree.h"
#include "../engine/core/rng.h"
#include "../eval/eval.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct nv_local {
    gr_action a;
    uint32_t n;
    float sum;
    int32_t next;
} nv_local;

typedef struct nv_arm {
    uint64_t hash;
    int32_t seq, len;       /* actions in the sequence pool */
    int32_t child;          /* node reached, -1 */
    int32_t next;
    uint32_t n;
    float sum;
} nv_arm;

typedef struct nv_node {
    int32_t arms, locals;
    uint32_t n;
    int8_t side;
} nv_node;

#define NV_POOL(T, name) struct { T *v; int32_t n, cap; } name

typedef struct naive_impl {
    long iters, ms;
    int horizon, settle;
    double eps0, epsl;
    double calm; /* playout weight of unit moves (policy.h gr_stop) */
    int quiet;   /* which units' shifts are played only when told apart from their hold (quiet.h) */
    gr_quiet_memory seen; /* the units' last moves, for the quiet rule's reversals ... */
    int back;             /* ... when they are asked for (mcts.h back=) */
    gr_eval eval;
    unsigned long long seed, decisions;
    NV_POOL(nv_node, nodes);
    NV_POOL(nv_arm, arms);
    NV_POOL(nv_local, locals);
    NV_POOL(gr_action, acts);
    void *scratch;
    size_t span;            /* the bytes of a position (gr_rs_state_span) */
    gr_detcache det;        /* positions after dice-free steps from this search's root */
    long cached;            /* steps copied from `det` in this search */
    gr_poscache pos;        /* dice-free transitions by position, after dice too */
    gr_evalcache evals;     /* the evaluation's scores by position */
    void *memo;             /* the ruleset's memo (gr_fast.memo_create), or NULL */
    void (*memo_free)(void *memo);
    gr_analysis last;
    int have_last;
    gr_turn_budget budget;
} naive_impl;

static int grow(void **v, int32_t *cap, int32_t need, size_t sz)
{
    if (need <= *cap) return 0;
    int32_t c = *cap ? *cap : 1024;
    while (c < need) {
        if (c > (1 << 29)) return -1;
        c *= 2;
    }
    void *nv = realloc(*v, (size_t)c * sz);
    if (!nv) return -1;
    *v = nv;
    *cap = c;
    return 0;
}
#define NV_PUSH(pool, out_idx) \
    (grow((void **)&(pool).v, &(pool).cap, (pool).n + 1, sizeof *(pool).v) ? -1 : ((out_idx) = (pool).n++, 0))

static int32_t new_node(naive_impl *m, int side)
{
    int32_t i;
    if (NV_PUSH(m->nodes, i)) return -1;
    m->nodes.v[i] = (nv_node){.arms = -1, .locals = -1, .n = 0, .side = (int8_t)side};
    return i;
}

static nv_local *local_of(naive_impl *m, int32_t node, const gr_action *a, int create)
{
    for (int32_t k = m->nodes.v[node].locals; k >= 0; k = m->locals.v[k].next)
        if (gr_action_equal(&m->locals.v[k].a, a)) return &m->locals.v[k];
    if (!create) return NULL;
    int32_t i;
    if (NV_PUSH(m->locals, i)) return NULL;
    m->locals.v[i] = (nv_local){.a = *a, .n = 0, .sum = 0, .next = m->nodes.v[node].locals};
    m->nodes.v[node].locals = i;
    return &m->locals.v[i];
}

static uint64_t hash_action(uint64_t h, const gr_action *a)
{
    const unsigned char *p = (const unsigned char *)a;
    for (size_t i = 0; i < sizeof *a; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* one decision of a joint choice built from the local bandits: epsilon-greedy,
 * exploring by prior; applies it and returns 0, or -1 when nothing applies */
static int local_step(naive_impl *m, const gr_game *g, int32_t node, void *st, gr_dice *dice, gr_rng *rng,
                      int32_t *at, gr_action *chosen)
{
    const gr_ruleset *rs = g->rs;
    gr_action cand[GR_MAX_ACTIONS];
    double w[GR_MAX_ACTIONS];
    int n = gr_rs_candidates(rs, g->scn, st, cand, GR_MAX_ACTIONS);
    int explore = gr_rng_unit(rng) < m->epsl;
    while (n > 0) {
        int pick = 0;
        if (explore) {
            double total = 0;
            for (int i = 0; i < n; i++) total += w[i] = gr_policy_prior(g, st, &cand[i]);
            double r = gr_rng_unit(rng) * total;
            while (pick < n - 1 && r >= w[pick]) r -= w[pick++];
        } else {
            double best = -1;
            for (int i = 0; i < n; i++) {
                nv_local *l = local_of(m, node, &cand[i], 0);
                /* untried orders are valued by prior, above the tried average */
                double v = l && l->n ? l->sum / l->n : 0.5 + 0.1 * gr_policy_prior(g, st, &cand[i]);
                if (v > best) {
                    best = v;
                    pick = i;
                }
            }
        }
        if (!gr_detcache_apply(&m->det, g, st, &cand[pick], dice, m->memo, at, &m->cached)) {
            *chosen = cand[pick];
            return 0;
        }
        cand[pick] = cand[--n];
    }
    return -1;
}

/* the run goes on while the same side decides in the same turn */
static int run_continues(const gr_game *g, const void *st, int side, int turn)
{
    return g->rs->rules->to_move(g->scn, st) == side && (!g->rs->rules->turn || g->rs->rules->turn(g->scn, st) == turn);
}

typedef struct nv_visit {
    int32_t node, arm;
    int32_t locals[GR_NAIVE_MAX_RUN];
    int nlocals;
} nv_visit;

static void iterate(naive_impl *m, const gr_game *g, const void *root, int32_t root_node, gr_rng *rng)
{
    const gr_ruleset *rs = g->rs;
    void *st = m->scratch;
    memcpy(st, root, m->span);
    gr_dice dice;
    gr_dice_init_rng(&dice, gr_rng_next(rng), 1);
    gr_stop stop = gr_policy_stop(g, root, m->horizon, m->settle);
    stop.calm = m->calm;
    nv_visit path[GR_NAIVE_MAX_DEPTH];
    int depth = 0;
    int32_t at = GR_DET_ROOT; /* where the walk is in the dice-free cache (detcache.h) */
    int32_t node = root_node;
    while (node >= 0 && depth < GR_NAIVE_MAX_DEPTH) {
        int side = rs->rules->to_move(g->scn, st);
        if (side == GR_TERMINAL || side != m->nodes.v[node].side) break;
        if (gr_policy_stopped(g, st, &stop)) break;
        int turn = rs->rules->turn ? rs->rules->turn(g->scn, st) : 0;
        nv_visit *v = &path[depth];
        v->node = node;
        v->nlocals = 0;
        v->arm = -1;
        /* exploit: the best global arm, replayed while it applies */
        int32_t best = -1;
        double best_v = -1;
        for (int32_t k = m->nodes.v[node].arms; k >= 0; k = m->arms.v[k].next) {
            const nv_arm *a = &m->arms.v[k];
            double val = a->n ? a->sum / a->n : 0;
            if (val > best_v) {
                best_v = val;
                best = k;
            }
        }
        int explore = best < 0 || gr_rng_unit(rng) < m->eps0;
        gr_action seq[GR_NAIVE_MAX_RUN];
        int len = 0, pos = 0;
        while (len < GR_NAIVE_MAX_RUN && run_continues(g, st, side, turn)) {
            gr_action a;
            int ok = 0;
            if (!explore && pos < m->arms.v[best].len) {
                a = m->acts.v[m->arms.v[best].seq + pos];
                ok = !gr_detcache_apply(&m->det, g, st, &a, &dice, m->memo, &at, &m->cached);
                pos++;
            }
            if (!ok) {
                explore = 1; /* the replay broke off: build the rest locally */
                if (local_step(m, g, node, st, &dice, rng, &at, &a)) break;
            }
            seq[len++] = a;
            nv_local *l = local_of(m, node, &a, 1);
            if (l && v->nlocals < GR_NAIVE_MAX_RUN) v->locals[v->nlocals++] = (int32_t)(l - m->locals.v);
        }
        if (len == 0) break;
        /* find or add the global arm of this joint choice */
        uint64_t h = 0xcbf29ce484222325ULL;
        for (int i = 0; i < len; i++) h = hash_action(h, &seq[i]);
        int32_t arm = -1;
        for (int32_t k = m->nodes.v[node].arms; k >= 0; k = m->arms.v[k].next)
            if (m->arms.v[k].hash == h && m->arms.v[k].len == len) {
                arm = k;
                break;
            }
        if (arm < 0 && m->arms.n < GR_NAIVE_MAX_ARMS) {
            int32_t off = m->acts.n;
            if (grow((void **)&m->acts.v, &m->acts.cap, m->acts.n + len, sizeof *m->acts.v) == 0 &&
                NV_PUSH(m->arms, arm) == 0) {
                memcpy(&m->acts.v[off], seq, (size_t)len * sizeof *seq);
                m->acts.n += len;
                m->arms.v[arm] = (nv_arm){.hash = h, .seq = off, .len = len, .child = -1,
                                          .next = m->nodes.v[node].arms, .n = 0, .sum = 0};
                m->nodes.v[node].arms = arm;
            } else {
                arm = -1;
            }
        }
        v->arm = arm;
        depth++;
        if (arm < 0) break;
        int next_side = rs->rules->to_move(g->scn, st);
        if (next_side == GR_TERMINAL) break;
        if (m->arms.v[arm].child < 0) {
            int32_t c = new_node(m, next_side);
            if (c >= 0) m->arms.v[arm].child = c;
            break; /* one new node per iteration */
        }
        node = m->arms.v[arm].child;
    }
    gr_policy_rollout(g, st, &dice, m->memo, rng, &stop, GR_MCTS_MAX_PLAYOUT, m->det.pos);
    double v0 = gr_evalcache_win0(&m->evals, &m->eval, g, st);
    for (int d = 0; d < depth; d++) {
        nv_node *nd = &m->nodes.v[path[d].node];
        double v = nd->side == 0 ? v0 : 1 - v0;
        nd->n++;
        if (path[d].arm >= 0) {
            m->arms.v[path[d].arm].n++;
            m->arms.v[path[d].arm].sum += (float)v;
        }
        for (int i = 0; i < path[d].nlocals; i++) {
            m->locals.v[path[d].locals[i]].n++;
            m->locals.v[path[d].locals[i]].sum += (float)v;
        }
    }
}

static int naive_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    naive_impl *m = self->impl;
    const gr_ruleset *rs = g->rs;
    double t0 = gr_now_s();
    m->have_last = 0;
    m->decisions++;
    gr_quiet_see(&m->seen, g, state);
    gr_action only[GR_MAX_ACTIONS];
    int nlegal = rs->rules->legal_actions(g->scn, state, only, GR_MAX_ACTIONS);
    if (nlegal <= 0) return gr_error_set(err, "no legal action in a non-terminal state");
    gr_budget_decision(&m->budget, rs->rules->turn ? rs->rules->turn(g->scn, state) : 0, gr_budget_weight(nlegal));
    if (nlegal == 1) {
        *out = only[0];
        return 0;
    }
    m->nodes.n = m->arms.n = m->locals.n = m->acts.n = 0;
    m->cached = 0;
    gr_detcache_clear(&m->det);
    int32_t root = new_node(m, rs->rules->to_move(g->scn, state));
    if (root < 0) return gr_error_set(err, "out of memory");
    gr_rng rng;
    gr_rng_seed(&rng, m->seed ^ (m->decisions * 0x9e3779b97f4a7c15ULL), 0x4e414956 /* "NAIV" */);
    double deadline = 0;
    if (!m->iters) {
        deadline = t0 + gr_budget_alloc_ms(&m->budget, m->ms) / 1000.0;
    }
    long it = 0;
    for (;;) {
        if (m->iters && it >= m->iters) break;
        if (!m->iters && (it & 3) == 0 && gr_now_s() >= deadline) break;
        iterate(m, g, state, root, &rng);
        it++;
    }
    /* merge the arms by their first action: visits and value */
    gr_analysis *an = &m->last;
    an->n = 0;
    for (int32_t k = m->nodes.v[root].arms; k >= 0; k = m->arms.v[k].next) {
        const nv_arm *a = &m->arms.v[k];
        const gr_action *first = &m->acts.v[a->seq];
        gr_analysis_add(an, first, a->n, a->sum, gr_policy_prior(g, state, first));
    }
    if (an->n == 0) {
        *out = only[0];
        return 0;
    }
    gr_analysis_finish(an);
    an->iterations = it;
    an->nodes = m->nodes.n;
    an->node_bytes = sizeof(nv_node);
    an->cached = m->cached;
    an->ms = (gr_now_s() - t0) * 1000.0;
    gr_budget_spent(&m->budget, an->ms);
    m->have_last = 1;
    gr_quiet_apply(g, state, an, m->quiet, m->back ? &m->seen : NULL);
    *out = an->alt[0].a;
    return 0;
}

/* every position before an action: the quiet rule's memory of the units' moves */
static void naive_observe(gr_player *self, const gr_game *g, const void *before, const gr_action *a)
{
    naive_impl *m = self->impl;
    (void)a;
    gr_quiet_see(&m->seen, g, before);
}

static int naive_analysis(gr_player *self, gr_analysis *out)
{
    naive_impl *m = self->impl;
    if (!m->have_last) return -1;
    *out = m->last;
    return 0;
}

static void naive_destroy(gr_player *self)
{
    naive_impl *m = self->impl;
    free(m->nodes.v);
    free(m->arms.v);
    free(m->locals.v);
    free(m->acts.v);
    free(m->scratch);
    gr_detcache_free(&m->det);
    gr_poscache_free(&m->pos);
    gr_evalcache_free(&m->evals);
    if (m->memo) m->memo_free(m->memo);
}

gr_player *gr_naive_create(gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err)
{
    long iters = 0, ms = 0, horizon = -1, settle = -1, cache = 1, pool = GR_NAIVE_POOL,
         quiet = GR_MCTS_QUIET, back = GR_MCTS_BACK;
    double eps0 = GR_NAIVE_EPS0, epsl = GR_NAIVE_EPSL, calm = GR_NAIVE_CALM;
    if (gr_spec_long(sp, "iters", 1, 100000000L, &iters, err) || gr_spec_long(sp, "ms", 1, 3600000L, &ms, err) ||
        gr_spec_long(sp, "pool", 1, GR_BUDGET_MAX_POOL, &pool, err) ||
        gr_spec_long(sp, "horizon", 1, GR_EVAL_SEARCH_HORIZON_MAX, &horizon, err) ||
        gr_spec_long(sp, "settle", 0, 1, &settle, err) || gr_spec_double(sp, "eps0", 0, 1, &eps0, err) ||
        gr_spec_double(sp, "epsl", 0, 1, &epsl, err) ||
        gr_spec_double(sp, "calm", GR_POLICY_CALM_MIN, 1, &calm, err) || gr_spec_long(sp, "cache", 0, 1, &cache, err) ||
        gr_spec_long(sp, "quiet", GR_QUIET_OFF, GR_QUIET_ALL, &quiet, err) || gr_spec_long(sp, "back", 0, 1, &back, err))
        return NULL;
    const char *wpath = gr_spec_get(sp, "weights");
    if (gr_spec_finish(sp, "iters, ms, pool, horizon, settle, eps0, epsl, calm, cache, quiet, back, weights", err))
        return NULL;
    if (iters && ms) {
        gr_error_set(err, "naive: give iters or ms, not both");
        return NULL;
    }
    if (!iters && !ms) ms = GR_MCTS_DEFAULT_MS;
    gr_player *p = gr_player_alloc(sizeof(naive_impl), "naive", err);
    if (!p) return NULL;
    p->destroy = naive_destroy;
    naive_impl *m = p->impl;
    m->iters = iters;
    m->ms = ms;
    m->horizon = (int)horizon;
    m->settle = (int)settle;
    m->eps0 = eps0;
    m->epsl = epsl;
    m->calm = calm;
    m->quiet = (int)quiet;
    m->back = (int)back;
    gr_quiet_memory_init(&m->seen);
    m->seed = seed;
    gr_budget_init(&m->budget, (int)pool);
    /* zeroed: an iteration copies only the position's bytes into it */
    m->scratch = calloc(1, g->rs->rules->state_size);
    m->span = gr_rs_state_span(g->rs, g->scn);
    m->memo_free = gr_rs_has_memo(g->rs) ? g->rs->fast->memo_free : NULL;
    if (!m->scratch || (cache && gr_detcache_init(&m->det, m->span, GR_DETCACHE_STATES)) ||
        (cache && gr_poscache_init(&m->pos, m->span, GR_POSCACHE_ENTRIES)) ||
        (cache && gr_evalcache_init(&m->evals, m->span, GR_EVALCACHE_ENTRIES)) ||
        (cache && gr_rs_has_memo(g->rs) && !(m->memo = gr_rs_memo_create(g->rs, g->scn)))) {
        gr_error_set(err, "out of memory");
        gr_player_free(p);
        return NULL;
    }
    m->det.pos = cache ? &m->pos : NULL;
    if (gr_eval_load(&m->eval, g, wpath, err)) {
        gr_player_free(p);
        return NULL;
    }
    /* not in the spec: the ruleset's weights may say (eval.h), else the default */
    if (settle < 0) m->settle = m->eval.settle >= 0 ? m->eval.settle : GR_MCTS_SETTLE;
    if (horizon < 0) m->horizon = m->eval.horizon > 0 ? m->eval.horizon : GR_MCTS_HORIZON;
    p->choose = naive_choose;
    p->observe = naive_observe;
    p->analysis = naive_analysis;
    return p;
}
