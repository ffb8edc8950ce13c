/* live.h - a game in progress at the keyboard, shared by `grognard play`,
 * `grognard assist` and `grognard protocol`: the loaded game, its current
 * state, the record growing with every action (orders, corrections and the
 * dice thrown), the event log, the dice (seeded, or typed in by the player),
 * and an undo stack. Every change is tried on a copy first: a refused order,
 * a failed dice entry or a bad correction leaves the game exactly as it was.
 *
 * Saved games are records (engine/core/record.h) with a "session" object
 * holding what the front end needs to go on: the dice mode and generator
 * state, the side played, the AI. Loading replays the record with its own
 * dice and must reach the same position; a save that does not replay is
 * refused with the reason and the game in progress is kept. */
#ifndef GR_LIVE_H
#define GR_LIVE_H

#include <stdio.h>
#include "../engine/core/game.h"
#include "../engine/core/record.h"

#define GR_LIVE_MAX_UNDO 256

typedef struct gr_live_snap {
    void *state;            /* owned copy */
    gr_dice dice;
    size_t log_n;
    int nactions, nrolls;
} gr_live_snap;

typedef struct gr_live {
    gr_game g;
    void *st;
    gr_record rec;
    gr_log log;
    gr_dice dice;
    int manual;             /* dice typed in by the player */
    gr_live_snap undo[GR_LIVE_MAX_UNDO];
    int nundo;
    long last_dice;         /* dice thrown by the last successful apply */
} gr_live;

/* Starts a game from a scenario (or a record, replayed to its end; a record
 * with a session resumes its dice). Manual dice are read from din with
 * prompts on dout. 0, or -1 with the reason (L untouched). */
int gr_live_open(gr_live *L, const char *path, unsigned long long seed, int manual, FILE *din, FILE *dout,
                 gr_error *err);
/* The same from a file's JSON already read or fetched (a record or a
 * scenario; path names it in messages); takes over the reference to root. */
int gr_live_open_root(gr_live *L, json_t *root, const char *path, unsigned long long seed, int manual, FILE *din,
                      FILE *dout, gr_error *err);
/* The same from a scenario already parsed (seeded dice). */
int gr_live_open_json(gr_live *L, json_t *scenario, const char *name, unsigned long long seed, gr_error *err);
/* The same from a record already parsed (replayed; its session's dice go on). */
int gr_live_open_record_json(gr_live *L, json_t *root, const char *name, gr_error *err);
void gr_live_free(gr_live *L);
/* Replaces the game in L by the one saved at path, only when it loads whole.
 * The session object of the save (or NULL) is returned through *session
 * (a new reference) for the front end to read its own settings. */
int gr_live_load(gr_live *L, const char *path, FILE *din, FILE *dout, json_t **session, gr_error *err);
/* Saves the game (atomic write) with the front end's session object (may be
 * NULL; the dice mode and generator state are added to it). */
int gr_live_save(gr_live *L, const char *path, json_t *session, gr_error *err);

/* Applies an order or exact move; it is recorded with the dice it threw. */
int gr_live_apply(gr_live *L, const gr_action *a, gr_error *err);
/* Parses notation and applies it. */
int gr_live_apply_text(gr_live *L, const char *text, gr_error *err);
/* A correction of the position (gr_ruleset.edit); recorded as "edit ...". */
int gr_live_edit(gr_live *L, const char *text, gr_error *err);

/* Undo: push a mark before an action, pop back to it. 0, or -1 when the
 * stack is full (push) or empty (pop). */
int gr_live_push_undo(gr_live *L);
int gr_live_undo(gr_live *L);
/* The same for a casual game: the position, record and log go back, but the
 * dice generator does not, so orders given again throw new dice. */
int gr_live_undo_reroll(gr_live *L);
void gr_live_clear_undo(gr_live *L);
/* Undo without a mark (a resumed session): the record without its last line
 * is replayed with its own dice. Only for typed dice, where the table, not
 * the generator, decides what comes next. 0, or -1 with the reason. */
int gr_live_undo_replay(gr_live *L, gr_error *err);

int gr_live_to_move(const gr_live *L);
int gr_live_over(const gr_live *L);

#endif
