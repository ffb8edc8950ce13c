/* tree.c - the node pool of the search tree (tree.h). */
#include "tree.h"

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
