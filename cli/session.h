/* session.h - what the grognard verbs share: finding scenarios, loading a
 * game, playing it to the end with given players, writing its record and
 * map, and replaying a record. */
#ifndef GR_SESSION_H
#define GR_SESSION_H

#include <stdio.h>
#include "../engine/core/game.h"
#include "../engine/core/record.h"
#include "../engine/registry.h"
#include "../ai/player.h"

/* Finds the bundled default scenario (the one marked "default": true);
 * 0 with the path in buf, -1 with a message. */
int gr_find_default_scenario(char *buf, size_t cap, gr_error *err);

/* Checks a freshly loaded scenario's starting position (no overlaps, all on
 * the table) through the ruleset's invariant check. */
int gr_game_check_start(const gr_game *g, gr_error *err);

/* Writes an SVG map of a state. */
int gr_write_map(const gr_game *g, const void *state, const char *path, gr_error *err);

typedef struct gr_play_opts {
    unsigned long long seed;
    int max_decisions;      /* stop after this many (0: to the end) */
    int max_side_turns;     /* stop when the side to move has changed this often (0: no limit) */
    int check_invariants;   /* after every action */
    FILE *narrate;          /* tell the log as it grows (NULL: quiet) */
} gr_play_opts;

/* Plays from state to the end (or the limit), each side's actions chosen by
 * its player, applied through the ruleset (dice seeded by o->seed) and
 * appended to rec. Returns the number of actions, or -1 with a message. */
int gr_play(const gr_game *g, void *state, gr_player *const players[2], gr_record *rec, gr_log *log,
            const gr_play_opts *o, gr_error *err);
/* The same with two random players (seeds o->seed and o->seed + 1). */
int gr_play_random(const gr_game *g, void *state, gr_record *rec, gr_log *log, const gr_play_opts *o,
                   gr_error *err);

/* Replays a record into state (allocated by the caller, state_size bytes),
 * using its recorded dice. Returns 0 or -1 with a message naming the action. */
int gr_replay(const gr_game *g, const gr_record *rec, void *state, gr_log *log, gr_error *err);
/* The first nactions of a record only; *rolls_used gets the recorded dice
 * they used (0 for a record without dice). */
int gr_replay_prefix(const gr_game *g, const gr_record *rec, int nactions, void *state, gr_log *log, int *rolls_used,
                     gr_error *err);

/* Replays a whole record like gr_replay (no log), calling visit with the
 * position before each action (index i, from 0); a visit that returns
 * nonzero stops the replay with its error. */
typedef int (*gr_replay_visit_fn)(void *ctx, const gr_game *g, const void *state, int i, gr_error *err);
int gr_replay_visit(const gr_game *g, const gr_record *rec, void *state, gr_replay_visit_fn visit, void *ctx,
                    gr_error *err);

/* Prints one log event per line from index `from`; returns the new end. */
size_t gr_print_log(const gr_log *log, size_t from, FILE *out);
/* The two side names of a game's scenario (for narratives). */
void gr_game_side_names(const gr_game *g, const char *out[2]);

#endif
