/* mcts.c - the open-loop MCTS player (mcts.h): configuration, one search
 * iteration, the threads, merging their root statistics, the per-turn time
 * budget and tree reuse. */
#include "mcts.h"
#include "../engine/core/clock.h"
#include "budget.h"
#include "detcache.h"
#include "doctrine.h"
#include "evalcache.h"
#include "poscache.h"
#include "quiet.h"
#include "policy.h"
#include "spec.h"
#include "tree.h"
#include "../engine/core/rng.h"
#include "../eval/eval.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MCTS_MAX_PATH 512

typedef struct mcts_cfg {
    long iters, ms, dms; /* dms: milliseconds for each decision, not shared over a turn */
    int threads, horizon, settle, endgame, reuse, cache;
    int quiet;           /* which units' shifts are played only when told apart from their hold (quiet.h) */
    int back;            /* and, from quiet=1 up, orders that take a unit back the way it came (quiet.h) */
    gr_puct puct;
    long nodes;
    double calm; /* playout weight of unit moves (policy.h gr_stop) */
    int plan;    /* -1, or the doctrine the playouts follow (policy.h gr_stop) */
    gr_plan_for plan_for; /* whose playout decisions follow it */
} mcts_cfg;

typedef struct mcts_worker {
    gr_tree tree;
    gr_detcache det;        /* positions after dice-free steps from this search's root */
    gr_poscache pos;        /* dice-free transitions by position, after dice too */
    gr_evalcache evals;     /* the evaluation's scores by position */
    void *memo;             /* the ruleset's memo for this thread (gr_fast.memo_create), or NULL */
    void *scratch;
    size_t span;            /* the bytes of a position (gr_rs_state_span) */
    unsigned long long seed;
    int id;
    /* one search */
    const gr_game *g;
    const gr_eval *eval;
    const mcts_cfg *cfg;
    const void *root;
    gr_stop stop;           /* where this search's simulations stop */
    long target_iters;      /* 0: until the deadline */
    double deadline;        /* monotonic seconds; 0: none */
    long done;
    long cached;            /* tree steps copied from `det` instead of played */
    const gr_search_control *ctl;   /* stop flag and progress (may be NULL) */
    int nthreads;
    double t0;
    int32_t path[MCTS_MAX_PATH];
} mcts_worker;

typedef struct mcts_impl {
    mcts_cfg cfg;
    gr_eval eval;
    mcts_worker w[GR_MCTS_MAX_THREADS];
    unsigned long long seed, decisions;
    gr_turn_budget budget;
    int tree_turn;
    gr_analysis last;
    int have_last;
    gr_search_control ctl;
    int have_ctl;
    void (*memo_free)(void *memo);
    gr_quiet_memory seen;   /* the units' last moves, for the quiet rule's reversals */
} mcts_impl;

/* --- one iteration ------------------------------------------------------------------------ */

static int expand(mcts_worker *w, int32_t xi, const void *state)
{
    const gr_ruleset *rs = w->g->rs;
    gr_action cand[GR_MAX_ACTIONS];
    double pr[GR_MAX_ACTIONS];
    int n = gr_rs_expand_actions(rs, w->g->scn, state, cand, GR_MAX_ACTIONS);
    if (n <= 0) return -1;
    int32_t first = gr_tree_alloc(&w->tree, n);
    if (first < 0) return -1;
    double total = 0;
    for (int i = 0; i < n; i++) total += pr[i] = gr_policy_prior(w->g, state, &cand[i]);
    /* sort by prior, highest first; stable on the menu order (insertion sort: n is small) */
    int order[GR_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && pr[order[j - 1]] < pr[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    int side = rs->rules->to_move(w->g->scn, state);
    for (int i = 0; i < n; i++) {
        gr_node *c = &w->tree.n[first + i];
        c->a = cand[order[i]];
        c->prior = (float)(pr[order[i]] / total);
        c->side = (int8_t)side;
    }
    gr_node *x = &w->tree.n[xi];
    x->first = first;
    x->nchild = (uint16_t)n;
    x->dside = (int8_t)side;
    return 0;
}

static void iterate(mcts_worker *w, gr_rng *rng)
{
    const gr_game *g = w->g;
    const gr_ruleset *rs = g->rs;
    void *st = w->scratch;
    memcpy(st, w->root, w->span);
    gr_dice dice;
    gr_dice_init_rng(&dice, gr_rng_next(rng), 1);
    int depth = 0;
    int32_t xi = w->tree.root;
    /* until a die is rolled on the way down, st is the same in every
     * iteration and a child's position can come from the cache (detcache.h) */
    int32_t at = GR_DET_ROOT;
    for (;;) {
        int side = rs->rules->to_move(g->scn, st);
        if (side == GR_TERMINAL || depth >= MCTS_MAX_PATH - 1) break;
        gr_node *x = &w->tree.n[xi];
        if (x->first < 0) {
            if (expand(w, xi, st)) break;
            x = &w->tree.n[xi];
        } else if (x->dside != side) {
            break; /* this sample reached a different decision: play on from here */
        }
        unsigned char tried[GR_MAX_ACTIONS];
        memset(tried, 0, sizeof tried);
        int32_t ci = -1;
        for (;;) {
            int32_t c = gr_tree_select(&w->tree, xi, tried, &w->cfg->puct);
            if (c < 0) break;
            gr_node *cn = &w->tree.n[c];
            if (!gr_detcache_apply(&w->det, g, st, &cn->a, &dice, w->memo, &at, &w->cached)) {
                ci = c;
                break;
            }
            tried[c - x->first] = 1;
            if (cn->visits == 0) cn->prior = -1; /* never legal so far: closed */
        }
        if (ci < 0) break;
        w->path[depth++] = ci;
        xi = ci;
        if (w->tree.n[ci].visits == 0) break;
    }
    gr_policy_rollout(g, st, &dice, w->memo, rng, &w->stop, GR_MCTS_MAX_PLAYOUT, w->det.pos);
    double v0 = gr_evalcache_win0(&w->evals, w->eval, g, st);
    w->tree.n[w->tree.root].visits++;
    for (int i = 0; i < depth; i++) {
        gr_node *c = &w->tree.n[w->path[i]];
        c->visits++;
        c->value += (float)(c->side == 0 ? v0 : 1 - v0);
    }
}

/* the first thread's view of the search so far (its own tree only: the
 * others are busy with theirs), for the progress callback */
static void report_progress(const mcts_worker *w)
{
    const gr_tree *tr = &w->tree;
    const gr_node *r = &tr->n[tr->root];
    gr_search_info si;
    memset(&si, 0, sizeof si);
    si.iterations = w->done * w->nthreads;
    si.ms = (gr_now_s() - w->t0) * 1000.0;
    si.value = -1;
    for (int i = 0; r->first >= 0 && i < r->nchild; i++) {
        const gr_node *c = &tr->n[r->first + i];
        if (c->prior < 0 || (long)c->visits <= si.visits) continue;
        si.visits = c->visits;
        si.best = c->a;
        si.value = c->visits ? c->value / c->visits : -1;
    }
    if (si.visits > 0) w->ctl->info(w->ctl->ctx, &si);
}

static void *worker_run(void *arg)
{
    mcts_worker *w = arg;
    gr_rng rng;
    gr_rng_seed(&rng, w->seed, 0x4d435453ULL + (uint64_t)w->id); /* "MCTS" */
    w->done = 0;
    w->cached = 0;
    gr_detcache_clear(&w->det); /* another root */
    double next_info = w->ctl && w->ctl->info ? w->t0 + w->ctl->interval_s : 0;
    for (;;) {
        if (w->target_iters && w->done >= w->target_iters) break;
        if (w->deadline > 0 && (w->done & 3) == 0 && gr_now_s() >= w->deadline) break;
        if (w->ctl && (w->done & 3) == 0) {
            if (w->ctl->stop && atomic_load_explicit(w->ctl->stop, memory_order_relaxed)) break;
            if (w->ctl->deadline_s > 0 && gr_now_s() >= w->ctl->deadline_s) break;
            if (next_info > 0 && w->id == 0 && gr_now_s() >= next_info) {
                report_progress(w);
                next_info = gr_now_s() + w->ctl->interval_s;
            }
        }
        iterate(w, &rng);
        w->done++;
    }
    return NULL;
}

/* --- the player --------------------------------------------------------------------------- */

/* merges the threads' root statistics over the actions legal now (an open
 * loop tree kept from an earlier decision may hold others) */
static int merge_root(mcts_impl *m, gr_analysis *an, const gr_action *legal, int nlegal)
{
    an->n = 0;
    an->iterations = 0;
    an->nodes = 0;
    an->cached = 0;
    for (int t = 0; t < m->cfg.threads; t++) {
        const gr_tree *tr = &m->w[t].tree;
        const gr_node *r = &tr->n[tr->root];
        an->nodes += tr->count;
        an->iterations += m->w[t].done;
        an->cached += m->w[t].cached;
        if (r->first < 0) continue;
        for (int i = 0; i < r->nchild; i++) {
            const gr_node *c = &tr->n[r->first + i];
            if (c->prior < 0 && c->visits == 0) continue;
            int ok = 0;
            for (int l = 0; l < nlegal && !ok; l++) ok = gr_action_equal(&legal[l], &c->a);
            if (!ok) continue;
            gr_analysis_add(an, &c->a, c->visits, c->value, c->prior > 0 ? c->prior : 0);
        }
    }
    gr_analysis_finish(an);
    an->node_bytes = sizeof(gr_node);
    return an->n > 0 ? 0 : -1;
}

/* keeps each tree only if it can serve the state now due */
static void prepare_trees(mcts_impl *m, const gr_game *g, const void *state)
{
    int turn = g->rs->rules->turn ? g->rs->rules->turn(g->scn, state) : 0;
    int side = g->rs->rules->to_move(g->scn, state);
    for (int t = 0; t < m->cfg.threads; t++) {
        gr_tree *tr = &m->w[t].tree;
        const gr_node *r = &tr->n[tr->root];
        if (!m->cfg.reuse || turn != m->tree_turn || (r->dside >= 0 && r->dside != side) ||
            tr->count > tr->max_nodes / 2)
            gr_tree_reset(tr);
    }
    m->tree_turn = turn;
}

/* runs the threads for this decision's budget */
static void run_search(mcts_impl *m, const gr_game *g, const void *state, double t0)
{
    double deadline = 0;
    long per_thread = 0;
    if (m->cfg.iters > 0) {
        per_thread = (m->cfg.iters + m->cfg.threads - 1) / m->cfg.threads;
    } else if (m->cfg.dms > 0) {
        deadline = t0 + (double)m->cfg.dms / 1000.0;
    } else {
        deadline = t0 + gr_budget_alloc_ms(&m->budget, m->cfg.ms) / 1000.0;
    }
    gr_stop stop = gr_policy_stop(g, state, m->cfg.horizon, m->cfg.settle);
    stop.calm = m->cfg.calm;
    gr_policy_stop_plan(g, state, m->cfg.plan, m->cfg.plan_for, &stop);
    if (m->cfg.endgame > 0) {
        /* the last player-moves: simulations play on to the end of the game */
        int left = gr_eval_moves_left(&m->eval, g, state);
        if (left >= 0 && left < m->cfg.endgame) stop.turn = 0;
    }
    pthread_t th[GR_MCTS_MAX_THREADS];
    int started[GR_MCTS_MAX_THREADS] = {0};
    for (int t = 0; t < m->cfg.threads; t++) {
        mcts_worker *w = &m->w[t];
        w->stop = stop;
        w->g = g;
        w->eval = &m->eval;
        w->cfg = &m->cfg;
        w->root = state;
        w->target_iters = per_thread;
        w->deadline = deadline;
        w->ctl = m->have_ctl ? &m->ctl : NULL;
        w->nthreads = m->cfg.threads;
        w->t0 = t0;
        w->seed = m->seed ^ (m->decisions * 0x9e3779b97f4a7c15ULL);
        if (t > 0) started[t] = !pthread_create(&th[t], NULL, worker_run, w);
    }
    worker_run(&m->w[0]);
    for (int t = 1; t < m->cfg.threads; t++) {
        if (started[t]) pthread_join(th[t], NULL);
        else worker_run(&m->w[t]); /* no thread to be had: run its share here */
    }
}

static int mcts_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    mcts_impl *m = self->impl;
    const gr_ruleset *rs = g->rs;
    double t0 = gr_now_s();
    m->have_last = 0;
    m->decisions++;
    gr_quiet_see(&m->seen, g, state);
    /* a decision with one legal action needs no search */
    gr_action legal[GR_MAX_ACTIONS];
    int nlegal = rs->rules->legal_actions(g->scn, state, legal, GR_MAX_ACTIONS);
    if (nlegal <= 0) return gr_error_set(err, "no legal action in a non-terminal state");
    gr_budget_decision(&m->budget, rs->rules->turn ? rs->rules->turn(g->scn, state) : 0, gr_budget_weight(nlegal));
    if (nlegal == 1) {
        *out = legal[0];
        return 0;
    }
    prepare_trees(m, g, state);
    for (int pass = 0;; pass++) {
        run_search(m, g, state, t0);
        if (!merge_root(m, &m->last, legal, nlegal)) break;
        /* the kept tree did not fit this decision: search again from scratch */
        for (int t = 0; t < m->cfg.threads; t++) gr_tree_reset(&m->w[t].tree);
        if (pass == 1) {
            *out = legal[0];
            return 0;
        }
    }
    double ms = (gr_now_s() - t0) * 1000.0;
    gr_budget_spent(&m->budget, ms);
    m->last.ms = ms;
    m->have_last = 1;
    gr_quiet_apply(g, state, &m->last, m->cfg.quiet, m->cfg.back ? &m->seen : NULL);
    *out = m->last.alt[0].a;
    return 0;
}

static void mcts_observe(gr_player *self, const gr_game *g, const void *before, const gr_action *a)
{
    mcts_impl *m = self->impl;
    gr_quiet_see(&m->seen, g, before);
    for (int t = 0; t < m->cfg.threads; t++) {
        gr_tree *tr = &m->w[t].tree;
        int32_t c = tr->n[tr->root].first >= 0 ? gr_tree_child(tr, tr->root, a) : -1;
        if (c >= 0 && tr->n[c].visits > 0) tr->root = c;
        else gr_tree_reset(tr);
    }
}

static int mcts_analysis(gr_player *self, gr_analysis *out)
{
    mcts_impl *m = self->impl;
    if (!m->have_last) return -1;
    *out = m->last;
    return 0;
}

static void mcts_set_control(gr_player *self, const gr_search_control *ctl)
{
    mcts_impl *m = self->impl;
    m->have_ctl = ctl != NULL;
    if (ctl) m->ctl = *ctl;
}

static void mcts_destroy(gr_player *self)
{
    mcts_impl *m = self->impl;
    for (int t = 0; t < GR_MCTS_MAX_THREADS; t++) {
        gr_tree_free(&m->w[t].tree);
        gr_detcache_free(&m->w[t].det);
        gr_poscache_free(&m->w[t].pos);
        gr_evalcache_free(&m->w[t].evals);
        if (m->w[t].memo) m->memo_free(m->w[t].memo);
        free(m->w[t].scratch);
    }
}

/* planfor=NAME: 0, or -1 for a name it does not know */
static int plan_for_parse(const char *name, gr_plan_for *out)
{
    static const char *const names[] = {"self", "attacker", "both"};
    for (int k = 0; k < 3; k++)
        if (!strcmp(name, names[k])) {
            *out = (gr_plan_for)k;
            return 0;
        }
    return -1;
}

/* The plan the simulations follow and whose decisions follow it: the
 * spec's, else the weights' "search" (eval.h), else none; the plan "none"
 * is no plan. 0, or -1 naming where a bad name came from. */
static int plan_setup(const char *plan, const char *planfor, const gr_eval *e, const gr_game *g, mcts_cfg *cfg,
                      gr_error *err)
{
    const char *plan_from = "mcts: plan", *for_from = "mcts: planfor";
    if (!plan && e->plan[0]) {
        plan = e->plan;
        plan_from = "the weights' search.plan";
    }
    if (!planfor && e->plan_for[0]) {
        planfor = e->plan_for;
        for_from = "the weights' search.planfor";
    }
    cfg->plan = -1;
    if (planfor && plan_for_parse(planfor, &cfg->plan_for))
        return gr_error_set(err, "%s is one of " GR_PLAN_FOR_NAMES ", not '%s'", for_from, planfor);
    if (!plan || !strcmp(plan, "none")) return 0;
    gr_doctrine_kind k;
    if (gr_doctrine_parse(plan, &k))
        return gr_error_set(err, "%s: unknown plan '%s' (known: none, " GR_DOCTRINE_LIST ")", plan_from,
                            plan);
    if (!gr_doctrine_usable(g))
        return gr_error_set(err, "%s: the %s ruleset does not describe its actions and units, as a plan needs",
                            plan_from, g->rs->name);
    cfg->plan = (int)k;
    return 0;
}

gr_player *gr_mcts_create(gr_spec *sp, const gr_game *g, unsigned long long seed, gr_error *err)
{
    mcts_cfg cfg = {.iters = 0, .ms = 0, .dms = 0, .threads = 1, .horizon = GR_MCTS_HORIZON, .reuse = 1, .cache = 1,
                    .puct = {.c = -1, .pw = GR_MCTS_PW, .pwexp = GR_MCTS_PW_EXP, .qspan = GR_MCTS_QSPAN},
                    .nodes = GR_MCTS_MAX_NODES, .calm = GR_MCTS_CALM, .plan = -1};
    long threads = 1, horizon = -1, settle = -1, endgame = GR_MCTS_ENDGAME, reuse = 1, cache = 1,
         qnorm = GR_MCTS_QNORM, pool = GR_MCTS_POOL, quiet = GR_MCTS_QUIET, back = GR_MCTS_BACK;
    if (gr_spec_long(sp, "iters", 1, 100000000L, &cfg.iters, err) ||
        gr_spec_long(sp, "ms", 1, 3600000L, &cfg.ms, err) ||
        gr_spec_long(sp, "dms", 1, 3600000L, &cfg.dms, err) ||
        gr_spec_long(sp, "pool", 1, GR_BUDGET_MAX_POOL, &pool, err) ||
        gr_spec_long(sp, "threads", 1, GR_MCTS_MAX_THREADS, &threads, err) ||
        gr_spec_long(sp, "horizon", 1, GR_EVAL_SEARCH_HORIZON_MAX, &horizon, err) ||
        gr_spec_long(sp, "settle", 0, 1, &settle, err) || gr_spec_long(sp, "endgame", 0, 1000, &endgame, err) ||
        gr_spec_long(sp, "reuse", 0, 1, &reuse, err) ||
        gr_spec_long(sp, "cache", 0, 1, &cache, err) ||
        gr_spec_long(sp, "qnorm", 0, 1, &qnorm, err) ||
        gr_spec_long(sp, "quiet", GR_QUIET_OFF, GR_QUIET_ALL, &quiet, err) ||
        gr_spec_long(sp, "back", 0, 1, &back, err) ||
        gr_spec_long(sp, "nodes", 1024, 1L << 28, &cfg.nodes, err) ||
        gr_spec_double(sp, "c", 0, 100, &cfg.puct.c, err) ||
        gr_spec_double(sp, "pw", 0.1, 1000, &cfg.puct.pw, err) ||
        gr_spec_double(sp, "pwexp", 0, 1, &cfg.puct.pwexp, err) ||
        gr_spec_double(sp, "qspan", 0, 1, &cfg.puct.qspan, err) ||
        gr_spec_double(sp, "calm", GR_POLICY_CALM_MIN, 1, &cfg.calm, err))
        return NULL;
    const char *wpath = gr_spec_get(sp, "weights");
    const char *plan = gr_spec_get(sp, "plan");
    const char *planfor = gr_spec_get(sp, "planfor");
    if (gr_spec_finish(sp, "iters, ms, dms, pool, threads, c, horizon, settle, endgame, pw, pwexp, nodes, reuse, cache, qnorm, qspan, calm, quiet, back, plan, planfor, weights",
                       err))
        return NULL;
    if ((cfg.iters != 0) + (cfg.ms != 0) + (cfg.dms != 0) > 1) {
        gr_error_set(err, "mcts: give one of iters, ms and dms");
        return NULL;
    }
    if (!cfg.iters && !cfg.ms && !cfg.dms) cfg.ms = GR_MCTS_DEFAULT_MS;
    cfg.threads = (int)threads;
    cfg.horizon = (int)horizon;
    cfg.settle = (int)settle;
    cfg.endgame = (int)endgame;
    cfg.reuse = (int)reuse;
    cfg.cache = (int)cache;
    cfg.puct.qnorm = (int)qnorm;
    cfg.quiet = (int)quiet;
    cfg.back = (int)back;
    gr_player *p = gr_player_alloc(sizeof(mcts_impl), "mcts", err);
    if (!p) return NULL;
    p->destroy = mcts_destroy;
    mcts_impl *m = p->impl;
    m->cfg = cfg;
    m->seed = seed;
    m->tree_turn = -1;
    gr_quiet_memory_init(&m->seen);
    m->memo_free = gr_rs_has_memo(g->rs) ? g->rs->fast->memo_free : NULL;
    gr_budget_init(&m->budget, (int)pool);
    if (gr_eval_load(&m->eval, g, wpath, err)) {
        gr_player_free(p);
        return NULL;
    }
    /* not in the spec: the ruleset's weights may say (eval.h), else the default */
    if (settle < 0) m->cfg.settle = m->eval.settle >= 0 ? m->eval.settle : GR_MCTS_SETTLE;
    if (horizon < 0) m->cfg.horizon = m->eval.horizon > 0 ? m->eval.horizon : GR_MCTS_HORIZON;
    if (cfg.puct.c < 0) m->cfg.puct.c = m->eval.c > 0 ? m->eval.c : GR_MCTS_C;
    if (plan_setup(plan, planfor, &m->eval, g, &m->cfg, err)) {
        gr_player_free(p);
        return NULL;
    }
    for (int t = 0; t < cfg.threads; t++) {
        m->w[t].id = t;
        /* zeroed: an iteration copies only the position's bytes into it */
        m->w[t].scratch = calloc(1, g->rs->rules->state_size);
        size_t span = m->w[t].span = gr_rs_state_span(g->rs, g->scn);
        if (!m->w[t].scratch || gr_tree_init(&m->w[t].tree, (int32_t)cfg.nodes) ||
            (cfg.cache && gr_detcache_init(&m->w[t].det, span, GR_DETCACHE_STATES)) ||
            (cfg.cache && gr_poscache_init(&m->w[t].pos, span, GR_POSCACHE_ENTRIES)) ||
            (cfg.cache && gr_evalcache_init(&m->w[t].evals, span, GR_EVALCACHE_ENTRIES)) ||
            (cfg.cache && gr_rs_has_memo(g->rs) && !(m->w[t].memo = gr_rs_memo_create(g->rs, g->scn)))) {
            gr_error_set(err, "out of memory");
            gr_player_free(p);
            return NULL;
        }
        m->w[t].det.pos = cfg.cache ? &m->w[t].pos : NULL;
    }
    p->choose = mcts_choose;
    p->observe = mcts_observe;
    p->analysis = mcts_analysis;
    p->set_control = mcts_set_control;
    return p;
}
