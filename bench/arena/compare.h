/* compare.h - two sets of arena games set side by side, game by game. Each
 * set holds one player of interest (the subject) against one opponent, the
 * same opponent in both; a game of the first set is paired with the game of
 * the second played on the same scenario and seed with the subject in the
 * same seat, so both subjects met the same dice and the same opening. The
 * difference of their scores, paired, is a far sharper measure than two
 * scores with their own intervals: most of the luck of a seed cancels. */
#ifndef GR_ARENA_COMPARE_H
#define GR_ARENA_COMPARE_H

#include "results.h"

/* the paired games of one seat, or of both (index GR_ARENA_SEATS) */
typedef struct gr_arena_pair_stats {
    long n;                 /* paired games */
    double mean_a, mean_b;  /* the subjects' mean scores over them */
    double diff;            /* mean of (score in a - score in b) */
    double half;            /* half-width of diff's interval; 0 with fewer than 2 games */
} gr_arena_pair_stats;

#define GR_ARENA_SEATS 2

/* how one subject thought over the paired games that kept it (results.h:
 * has_thought) */
typedef struct gr_arena_thought {
    long games;             /* paired games whose line keeps it */
    double think_s;         /* the subject's wall time choosing, summed */
    long searched;          /* its decisions that ran a search, summed */
    long long iterations;   /* their iterations, summed */
} gr_arena_thought;

typedef struct gr_arena_pairing {
    char opponent[GR_ARENA_SPEC_MAX];
    char subject[2][GR_ARENA_SPEC_MAX];    /* the subject of the first set and of the second */
    long unpaired[2];                      /* subject games of each set with no partner in the other */
    gr_arena_pair_stats seat[GR_ARENA_SEATS + 1]; /* subject in seat 0, in seat 1, and all */
    gr_arena_thought thought[2];           /* the subject of the first set and of the second */
} gr_arena_pairing;

/* Pairs the games of a and b (each merged first: gr_arena_merge) at
 * confidence conf. `opponent` names the common opponent; NULL: the one
 * player both sets have, when each set has exactly two players. Every game
 * of a set must be its subject against the opponent, and no two games of a
 * set may share scenario, seed and the subject's seat. 0, or -1 with the
 * reason (a and b are merged in place either way). */
int gr_arena_compare(gr_arena_set *a, gr_arena_set *b, const char *opponent, double conf, gr_arena_pairing *out,
                     gr_error *err);

#endif
