/* spec.h - player spec strings: "name" or "name:key=value,key=value"
 * ("mcts:iters=5000,threads=2", "doctrine:columns", "greedy:samples=4").
 * Values are checked against their allowed range and unknown keys are
 * refused, each with a message that says what was expected. */
#ifndef GR_SPEC_H
#define GR_SPEC_H

#include "../engine/core/error.h"

#define GR_SPEC_MAX_KEYS 12

typedef struct gr_spec {
    char name[32];
    int nkeys;
    char key[GR_SPEC_MAX_KEYS][24];
    char val[GR_SPEC_MAX_KEYS][128];
    unsigned used;          /* bit k: key k was read */
} gr_spec;

/* 0, or -1 with what is wrong in the spec. */
int gr_spec_parse(const char *text, gr_spec *out, gr_error *err);
/* The value of key, or NULL. */
const char *gr_spec_get(gr_spec *s, const char *key);
/* Reads a number in [lo, hi]; *out keeps its default when the key is absent. */
int gr_spec_long(gr_spec *s, const char *key, long lo, long hi, long *out, gr_error *err);
int gr_spec_double(gr_spec *s, const char *key, double lo, double hi, double *out, gr_error *err);
/* Fails naming the first key nobody read, listing the accepted ones. */
int gr_spec_finish(const gr_spec *s, const char *accepted, gr_error *err);

/* Splits a list of player specs separated by commas ("mcts:iters=100,threads=2,random"):
 * a comma starts a new player unless the next piece is an option (has '='
 * and no ':'). Returns the
 * count (at most max), or -1 with the reason. */
#define GR_SPEC_TEXT 160
int gr_spec_split(const char *list, char out[][GR_SPEC_TEXT], int max, gr_error *err);

#endif
