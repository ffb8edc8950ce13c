/* web_games.h - the games a web server has open: each a game in progress
 * (cli/live.h) with its own lock, the mode (a game against the AI, or the
 * assistant beside a real table), the side the person plays, the AI, the
 * battle told so far, the save it follows, and the AI's thread while it
 * plays its decisions. The table of games has a lock of its own; a game is
 * found by id and locked by the caller. */
#ifndef GR_WEB_GAMES_H
#define GR_WEB_GAMES_H

#include <pthread.h>
#include <stdatomic.h>
#include <jansson.h>

#include "live.h"
#include "../engine/core/narrate.h"
#include "../ai/player.h"

#define GR_WEB_MAX_GAMES 64
#define GR_WEB_ID_MAX 16

typedef enum gr_web_mode { GR_WEB_PLAY = 0, GR_WEB_ASSIST } gr_web_mode;

typedef struct gr_web_game {
    char id[GR_WEB_ID_MAX];
    pthread_mutex_t mu;             /* everything below but the AI's progress */
    gr_live L;
    gr_web_mode mode;
    int human;                      /* the side the person plays (assist: -1 both) */
    char ai_spec[160];
    gr_player *ai;                  /* play: the other side; made again after an undo or a load */
    unsigned long long seed;
    char save_path[512];
    gr_narrator nar;
    size_t told;                    /* log events already told */
    json_t *lines;                  /* the battle told, line by line */
    long changes;                   /* grows with every change of the game (the position's "version") */
    /* the AI's turn on its own thread */
    pthread_t th;
    int th_started;                 /* started and not yet joined */
    atomic_int thinking;
    atomic_int stop;
    pthread_mutex_t info_mu;        /* the progress below, read while it thinks */
    long iterations, iterations_done;   /* this turn's so far; of the decisions already made */
    double ms, ms_done;
    json_t *played;                 /* the AI's orders of this turn */
    json_t *paths;                  /* where each took its piece: {ref, from, to} in the map's pixels */
    gr_action best;                 /* the decision under search: its most visited order so far */
    double best_value;              /* and that order's expected score for the AI's side */
    int have_best;                  /* 0 until the search has reported one for this decision */
    char ai_error[GR_ERROR_MAX];
    int refs;                       /* requests holding it (the table's lock) */
    int closed;                     /* taken out of the table: freed with its last reference */
    int closing;                    /* DELETE has begun: the AI is not started again (the game's lock) */
} gr_web_game;

typedef struct gr_web_games {
    pthread_mutex_t mu;
    gr_web_game *g[GR_WEB_MAX_GAMES];
    int n;
    long next_id;
} gr_web_games;

void gr_web_games_init(gr_web_games *t);
/* Waits for every AI thread (asking it to stop), saves and frees every game. */
void gr_web_games_free(gr_web_games *t);
/* Adds a game (taken over) and gives it an id; 0, or -1 when the table is full. */
int gr_web_games_add(gr_web_games *t, gr_web_game *g, gr_error *err);
/* The game with that id, held (gr_web_games_release lets go), or NULL. */
gr_web_game *gr_web_games_find(gr_web_games *t, const char *id);
void gr_web_games_release(gr_web_games *t, gr_web_game *G);
/* Takes a held game out of the table: it is freed when the last request
 * holding it lets go. */
void gr_web_games_close(gr_web_games *t, gr_web_game *G);

/* A new game shell around an opened live game (taken over). */
gr_web_game *gr_web_game_new(gr_live *L, gr_web_mode mode, int human, const char *ai_spec, unsigned long long seed,
                             gr_error *err);
/* Stops its AI thread, then frees it (not saved: the caller saves first). */
void gr_web_game_free(gr_web_game *G);
/* Tells the log events not yet told into G->lines; returns them as a new
 * array (the lines of this change). */
json_t *gr_web_game_tell(gr_web_game *G);
/* After an undo or a load: the told mark goes back to the log's end. */
void gr_web_game_rewind(gr_web_game *G, const char *what);
/* Saves the game to its save file (atomic), with its session. */
int gr_web_game_save(gr_web_game *G, const char *path, gr_error *err);
/* Joins a finished AI thread, if any. */
void gr_web_game_join(gr_web_game *G);

#endif
