/* tree.c - the node pool of the search tree and the PUCT rule that walks
 * it (tree.h). */
#include "tree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GR_TREE_FIRST_CAP 4096

static void node_blank(gr_node *x)
{
    memset(x, 0, sizeof *x);
    x->first = -1;
    x->side = -1;
    x->dside = -1;
}

int gr_tree_init(gr_tree *t, int32_t max_nodes)
{
    memset(t, 0, sizeof *t);
    t->max_nodes = max_nodes > 1 ? max_nodes : 2;
    t->cap = GR_TREE_FIRST_CAP < t->max_nodes ? GR_TREE_FIRST_CAP : t->max_nodes;
    t->n = malloc((size_t)t->cap * sizeof *t->n);
    if (!t->n) return -1;
    gr_tree_reset(t);
    return 0;
}

void gr_tree_free(gr_tree *t)
{
    free(t->n);
    memset(t, 0, sizeof *t);
}

void gr_tree_reset(gr_tree *t)
{
    t->count = 1;
    t->root = 0;
    node_blank(&t->n[0]);
}

int32_t gr_tree_alloc(gr_tree *t, int k)
{
    if (k <= 0 || (int64_t)t->count + k > t->max_nodes) return -1;
    if (t->count + k > t->cap) {
        int64_t cap = (int64_t)t->cap * 2;
        while (cap < t->count + k) cap *= 2;
        if (cap > t->max_nodes) cap = t->max_nodes;
        gr_node *nn = realloc(t->n, (size_t)cap * sizeof *nn);
        if (!nn) return -1;
        t->n = nn;
        t->cap = (int32_t)cap;
    }
    int32_t first = t->count;
    for (int i = 0; i < k; i++) node_blank(&t->n[first + i]);
    t->count += k;
    return first;
}

int gr_action_equal(const gr_action *a, const gr_action *b)
{
    return a->type == b->type && a->actor == b->actor && a->target == b->target && a->arg == b->arg &&
           !memcmp(a->p, b->p, sizeof a->p);
}

int32_t gr_tree_child(const gr_tree *t, int32_t node, const gr_action *a)
{
    const gr_node *x = &t->n[node];
    for (int i = 0; i < x->nchild; i++)
        if (gr_action_equal(&t->n[x->first + i].a, a)) return x->first + i;
    return -1;
}

/* the mean result of node x for the side deciding at x (0.5 unvisited) */
static double node_q_for_decider(const gr_node *x)
{
    if (x->visits == 0) return 0.5;
    double q = x->value / x->visits;
    return x->side == x->dside || x->side < 0 ? q : 1 - q;
}

/* below this spread the visited children's means are compared as they are */
#define GR_PUCT_QNORM_MIN_SPAN 1e-6

/* The values PUCT compares, for the decider at x. An evaluation moves a win
 * probability by a few hundredths between sensible orders, far less than the
 * exploration term, so with qnorm the opened children's means are stretched
 * to [0, 1] by their own minimum and maximum first (as MuZero does); a child
 * not yet visited takes the parent's mean, stretched the same way. With a
 * few visits each, though, the spread of the means is mostly the dice's, and
 * stretching it makes the luckiest child look best by the whole range: the
 * search then stays with it. qspan sets the least span the means are divided
 * by, so that differences smaller than it stay small (0: plain min-max). */
typedef struct q_frame {
    double lo, span, fpu;
} q_frame;

static q_frame q_frame_of(const gr_tree *t, const gr_node *x, int open, int qnorm, double qspan)
{
    q_frame f = {0.0, 1.0, x->side < 0 ? 0.5 : node_q_for_decider(x)};
    if (!qnorm) return f;
    double lo = INFINITY, hi = -INFINITY;
    int live = 0;
    for (int i = 0; i < x->nchild && live < open; i++) {
        const gr_node *c = &t->n[x->first + i];
        if (c->prior < 0) continue;
        live++;
        if (!c->visits) continue;
        double q = c->value / c->visits;
        lo = fmin(lo, q);
        hi = fmax(hi, q);
    }
    double span = fmax(hi - lo, qspan);
    if (hi >= lo && span > GR_PUCT_QNORM_MIN_SPAN) {
        f.lo = lo;
        f.span = span;
        f.fpu = fmin(1.0, fmax(0.0, (f.fpu - lo) / f.span));
    }
    return f;
}

int32_t gr_tree_select(const gr_tree *t, int32_t xi, const unsigned char *tried, const gr_puct *p)
{
    const gr_node *x = &t->n[xi];
    int open = (int)ceil(p->pw * pow((double)x->visits + 1, p->pwexp));
    if (open < 1) open = 1;
    double sq = sqrt((double)x->visits + 1);
    q_frame f = q_frame_of(t, x, open, p->qnorm, p->qspan);
    int32_t best = -1;
    double best_s = -INFINITY;
    int live = 0;
    for (int i = 0; i < x->nchild && live < open; i++) {
        const gr_node *c = &t->n[x->first + i];
        if (c->prior < 0) continue;
        live++;
        if (tried[i]) continue;
        double q = c->visits ? (c->value / c->visits - f.lo) / f.span : f.fpu;
        double s = q + p->c * c->prior * sq / (1.0 + c->visits);
        if (s > best_s) {
            best_s = s;
            best = x->first + i;
        }
    }
    return best;
}
