/* log.h - the event log: every decision, die roll and rule outcome of a game,
 * in order, each with its purpose, so a battle can be explained and checked.
 * A NULL log is valid everywhere and records nothing (the search runs with
 * none). */
#ifndef GR_LOG_H
#define GR_LOG_H

#include <stddef.h>

#define GR_EVENT_TEXT 200
#define GR_EVENT_DICE 16

typedef enum gr_event_kind {
    GR_EV_PHASE = 0,   /* a phase or turn begins */
    GR_EV_DECISION,    /* a player's action, in notation */
    GR_EV_ROLL,        /* dice thrown, with their purpose */
    GR_EV_MOVE,        /* a unit moved / changed state */
    GR_EV_TEST,        /* a test's outcome (pass/fail) */
    GR_EV_NOTE         /* anything else worth telling */
} gr_event_kind;

typedef struct gr_event {
    unsigned char kind;          /* gr_event_kind */
    signed char side;            /* 0, 1, or -1 for none */
    unsigned char ndice;
    unsigned char dice[GR_EVENT_DICE];
    unsigned char faces;         /* GR_EV_ROLL: the faces of the die thrown; 0 for the d6 */
    char text[GR_EVENT_TEXT];
} gr_event;

typedef struct gr_log {
    gr_event *ev;
    size_t n, cap;
    int oom;                     /* set when an append could not allocate */
} gr_log;

void gr_log_init(gr_log *log);
void gr_log_free(gr_log *log);
void gr_log_clear(gr_log *log);
/* Appends a text event; log may be NULL. */
void gr_log_add(gr_log *log, gr_event_kind kind, int side, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Appends a roll of d6: the purpose and each die's face (after re-rolls, as thrown). */
void gr_log_roll(gr_log *log, int side, const char *purpose, const int *dice, int n);
/* The same for dice of `faces` faces (2..255), shown as "2d10 [3 9]". */
void gr_log_roll_dn(gr_log *log, int side, const char *purpose, const int *dice, int n, int faces);
/* Writes one event as a line of text ("roll  3d6 [4 1 6] for CMT of ...",
 * "roll  1d10 [7] for ..."). */
void gr_event_format(const gr_event *e, char *buf, size_t cap);

#endif
