/* protocol.h - the state of a `grognard protocol` session, shared by the
 * command loop (cmd_protocol.c) and the loader of URLs (protocol_load.c). */
#ifndef GR_PROTOCOL_H
#define GR_PROTOCOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "live.h"
#include "../ai/player.h"

typedef struct proto {
    gr_live L;
    int loaded;
    unsigned long long seed;
    pthread_mutex_t out_lock;
    FILE *out;
    /* the search */
    pthread_t th;
    int running;            /* a thread was started and not yet joined */
    atomic_int stop, finished;
    gr_player *searcher;
    int infinite;           /* the running search has no budget of its own */
    char spec[160];
    /* `setoption players A,B`: the players of both sides, kept for the whole
     * game and told of every order, as `grognard run --players` plays them;
     * `genmove` without a budget asks the side to move */
    char seats_spec[256];
    gr_player *seat[2];
    /* a load from a URL, on a thread of its own so that stop and quit are
     * heard while the server keeps us waiting (protocol_load.c) */
    pthread_t load_th;
    int loading;            /* a load thread was started and not yet joined */
    atomic_int load_cancel, load_done;
    char *load_url;
    long load_ms;
} proto;

/* One answer line, written whole under the output lock (any thread). */
void gr_proto_say(proto *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "error MESSAGE" on one line. */
void gr_proto_say_error(proto *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* src on one line with quotes escaped, into dst. */
void gr_proto_one_line(char *dst, size_t cap, const char *src);
/* The answer to a game loaded into p->L ("ok load ..." and "tomove ..."). */
void gr_proto_loaded_ok(proto *p, const char *what);

/* `load URL [timeout SECONDS]`: starts the fetch of url (malloc'd, taken
 * over) on its own thread, which answers when it ends (ok load ... or
 * error load: ...). 0, or -1 when the thread could not start (said). */
int gr_proto_load_start(proto *p, char *url, long ms);
/* Joins the load thread if one was started: at once when it has ended,
 * else after asking it to give up (cancel non-zero) or waiting for it. */
void gr_proto_load_join(proto *p, int cancel);

#endif
