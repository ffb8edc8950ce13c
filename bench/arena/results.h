/* results.h - arena game results: one JSON object per line (JSONL), appended
 * so that a crash can at worst leave one torn last line, which readers skip
 * and report. Tournaments are deterministic lists of games, so shards of one
 * tournament merge back into exactly the unsharded result. */
#ifndef GR_ARENA_RESULTS_H
#define GR_ARENA_RESULTS_H

#include <stddef.h>
#include "../../engine/core/error.h"

#define GR_ARENA_SPEC_MAX 64
#define GR_ARENA_SIDE_MAX 64

/* One finished game of a tournament. */
typedef struct gr_arena_game {
    char tournament[64];            /* tournament id (hash of its definition), groups lines */
    char scenario[128];             /* scenario name as given */
    long index;                     /* game number within the tournament, 0 .. N-1 */
    long pair;                      /* games 2k and 2k+1 share a seed with seats swapped: k */
    unsigned long long seed;        /* dice seed of the game */
    char players[2][GR_ARENA_SPEC_MAX]; /* player specs in seat 0 (side 0) and seat 1 */
    char sides[2][GR_ARENA_SIDE_MAX];   /* the scenario's names of side 0 and side 1
                                         * ("French", "Austrians"); both empty when the
                                         * line does not name them (the key is optional) */
    double score[2];                /* per side: 1 win, 0.5 draw, 0 loss */
    int winner;                     /* 0, 1 or -1 draw */
    int margin;                     /* ruleset's result level (0 draw .. 3 major) */
    long decisions;                 /* decisions taken in the game */
    long moves;                     /* player-moves (side-turns) */
    char end[32];                   /* how it ended, short: "army morale", "turn limit" */
    char reason[256];               /* the ruleset's result text */
    double seconds;                 /* wall time of the game */
    /* How each seat's player thought (optional: lines written before these
     * were kept have none, and has_thought 0). think_s is the wall time spent
     * choosing; searched the decisions a search ran for (players without a
     * search: 0), iterations their iterations, all threads together. At a
     * time budget they tell how much search the machine gave each move. */
    int has_thought;
    double think_s[2];
    long searched[2];
    long long iterations[2];
} gr_arena_game;

/* A growable list of games. */
typedef struct gr_arena_set {
    gr_arena_game *g;
    size_t n, cap;
} gr_arena_set;

void gr_arena_set_init(gr_arena_set *s);
void gr_arena_set_free(gr_arena_set *s);
int gr_arena_set_add(gr_arena_set *s, const gr_arena_game *g, gr_error *err);

/* The game as one JSON line (no newline) into buf; returns the length, or -1
 * when it does not fit. */
int gr_arena_game_to_line(const gr_arena_game *g, char *buf, size_t cap);
/* Parses one line; 0, or -1 with what is wrong. */
int gr_arena_game_from_line(const char *line, gr_arena_game *g, gr_error *err);

/* Appends one game as a single line with one write() on an O_APPEND
 * descriptor under an exclusive lock, then fsync; concurrent writers never
 * interleave and a crash leaves at most one torn line. If the file ends in a
 * torn line (no final newline), a newline is written first so the new line
 * stays whole. 0, or -1 with the reason. */
int gr_arena_append(const char *path, const gr_arena_game *g, gr_error *err);

/* Reads every whole game line of a file into s (appending). Torn or
 * unparsable lines are skipped and counted in *skipped (may be NULL), with
 * the first one's line number and reason in warn (may be NULL). A missing
 * file is an error. 0, or -1 with the reason. */
int gr_arena_read(const char *path, gr_arena_set *s, long *skipped, gr_error *warn, gr_error *err);

/* Merges sets: sorts by (tournament, index), drops exact duplicates, and
 * fails when two different results claim the same (tournament, index). */
int gr_arena_merge(gr_arena_set *s, gr_error *err);

/* Writes a whole set, one line per game, atomically (temporary file, rename). */
int gr_arena_write(const char *path, const gr_arena_set *s, gr_error *err);

#endif
