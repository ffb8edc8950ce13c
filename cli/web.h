/* web.h - `grognard serve`: a small web server (libmicrohttpd) that serves
 * the page of data/web/ and a JSON API over the same game-in-progress code
 * the terminal front ends use (cli/live.h). docs/web.md is the API.
 *
 * The server owns its games (each with an id, its own lock and, while the
 * AI thinks, a thread of its own); every change is saved at once, so a
 * killed server loses nothing. Requests run on the daemon's connection
 * threads; nothing here is global. */
#ifndef GR_WEB_H
#define GR_WEB_H

#include "../engine/core/error.h"

#define GR_WEB_DEFAULT_PORT 8080
#define GR_WEB_DEFAULT_HOST "127.0.0.1"
#define GR_WEB_DEFAULT_AI "mcts:ms=1000"

typedef struct gr_web_options {
    const char *host;           /* address to bind; NULL: 127.0.0.1 */
    int port;                   /* 0: any free port (gr_web_port tells which) */
    const char *ai;             /* the AI of new games and of /api/move; NULL: GR_WEB_DEFAULT_AI */
    unsigned long long seed;    /* dice and AI seeds of new games that name none */
    double idle_exit_s;         /* gr_web_idle_over after this long without a request; 0: never */
    const char *saves_dir;      /* where saves are read and written; NULL: out */
} gr_web_options;

typedef struct gr_web gr_web;

/* Starts the server (listening when it returns). NULL with the reason. */
gr_web *gr_web_start(const gr_web_options *o, gr_error *err);
/* The port it listens on. */
int gr_web_port(const gr_web *w);
/* 1 once the idle time has run out: no request for idle_exit_s seconds
 * and no AI thinking (never when idle_exit_s is 0). */
int gr_web_idle_over(gr_web *w);
/* Stops the daemon, waits for the AI threads, saves and frees every game. */
void gr_web_stop(gr_web *w);

#endif
