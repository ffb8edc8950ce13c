/* tree.h - the search tree of ai/mcts.c: a pool of nodes addressed by index
 * (no pointers, so the pool can grow by realloc), each node the statistics
 * of one action at one point of the decision sequence. Children of a node
 * are contiguous, sorted by prior, and opened one by one as visits grow
 * (progressive widening). The selection rule lives here too, so that it can
 * be tested on a tree built by hand. */
#ifndef GR_TREE_H
#define GR_TREE_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/core/game.h"

typedef struct gr_node {
    gr_action a;            /* the action that leads here */
    float prior;            /* normalised prior; < 0 marks an action found illegal */
    float value;            /* sum of results for `side`, each in [0, 1] */
    uint32_t visits;
    int32_t first;          /* first child, -1 while unexpanded */
    uint16_t nchild;
    int8_t side;            /* the side that chose `a` (-1 at the root) */
    int8_t dside;           /* the side deciding here when expanded (-1 unexpanded) */
} gr_node;

typedef struct gr_tree {
    gr_node *n;
    int32_t count, cap, root;
    int32_t max_nodes;      /* growth stops here: expansion then fails */
} gr_tree;

int gr_tree_init(gr_tree *t, int32_t max_nodes);
void gr_tree_free(gr_tree *t);
/* Drops everything and makes a fresh root. */
void gr_tree_reset(gr_tree *t);
/* k fresh nodes in a row; the first index, or -1 when the pool is full. */
int32_t gr_tree_alloc(gr_tree *t, int k);
/* The root's child reached by action a, or -1. */
int32_t gr_tree_child(const gr_tree *t, int32_t node, const gr_action *a);

/* How a node picks the child to follow (PUCT with progressive widening). */
typedef struct gr_puct {
    double c;       /* exploration constant */
    double pw;      /* open ceil(pw * (visits + 1)^pwexp) children */
    double pwexp;
    int qnorm;      /* stretch the open children's means to [0, 1] first */
    double qspan;   /* with qnorm: the stretch divides by at least this span */
} gr_puct;

/* The child of xi to follow: the best PUCT score among the opened children
 * not marked in tried[] (indexed from the first child) nor closed; -1 if
 * none is left. */
int32_t gr_tree_select(const gr_tree *t, int32_t xi, const unsigned char *tried, const gr_puct *p);
int gr_action_equal(const gr_action *a, const gr_action *b);

#endif
