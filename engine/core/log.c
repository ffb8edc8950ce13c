/* log.c - the event log as a growable array of fixed-size events.
 * Appends never fail loudly: when memory runs out the event is dropped and
 * `oom` is raised, so a game goes on and the front end can say the log is
 * incomplete. Every entry point accepts a NULL log and then does nothing. */
#include "log.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GR_LOG_FIRST_CAP 64

/* Returns a fresh zeroed slot at the end of the log, or NULL (oom set). */
static gr_event *log_slot(gr_log *log)
{
    if (log->n == log->cap) {
        size_t ncap = log->cap ? log->cap * 2 : GR_LOG_FIRST_CAP;
        if (ncap < log->cap || ncap > SIZE_MAX / sizeof *log->ev) {
            log->oom = 1;
            return NULL;
        }
        gr_event *nev = realloc(log->ev, ncap * sizeof *nev);
        if (!nev) {
            log->oom = 1;
            return NULL;
        }
        log->ev = nev;
        log->cap = ncap;
    }
    gr_event *e = &log->ev[log->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static signed char clamp_side(int side)
{
    return (signed char)(side == 0 || side == 1 ? side : -1);
}

void gr_log_init(gr_log *log)
{
    if (!log) return;
    log->ev = NULL;
    log->n = log->cap = 0;
    log->oom = 0;
}

void gr_log_free(gr_log *log)
{
    if (!log) return;
    free(log->ev);
    gr_log_init(log);
}

void gr_log_clear(gr_log *log)
{
    if (!log) return;
    log->n = 0;
    log->oom = 0;
}

void gr_log_add(gr_log *log, gr_event_kind kind, int side, const char *fmt, ...)
{
    if (!log) return;
    gr_event *e = log_slot(log);
    if (!e) return;
    e->kind = (unsigned char)kind;
    e->side = clamp_side(side);
    if (!fmt) return;   /* an event with no text */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
}

void gr_log_roll(gr_log *log, int side, const char *purpose, const int *dice, int n)
{
    gr_log_roll_dn(log, side, purpose, dice, n, 6);
}

void gr_log_roll_dn(gr_log *log, int side, const char *purpose, const int *dice, int n, int faces)
{
    if (!log) return;
    gr_event *e = log_slot(log);
    if (!e) return;
    e->kind = GR_EV_ROLL;
    e->side = clamp_side(side);
    snprintf(e->text, sizeof e->text, "%s", purpose ? purpose : "");
    if (n < 0 || !dice) n = 0;
    if (n > GR_EVENT_DICE) n = GR_EVENT_DICE;
    e->ndice = (unsigned char)n;
    for (int i = 0; i < n; i++)
        e->dice[i] = (unsigned char)(dice[i] < 0 ? 0 : dice[i] > 255 ? 255 : dice[i]);
    e->faces = (unsigned char)(faces == 6 || faces < 2 || faces > 255 ? 0 : faces);
}

static const char *kind_name(unsigned kind)
{
    switch (kind) {
    case GR_EV_PHASE: return "phase";
    case GR_EV_DECISION: return "action";
    case GR_EV_ROLL: return "roll";
    case GR_EV_MOVE: return "move";
    case GR_EV_TEST: return "test";
    case GR_EV_NOTE: return "note";
    default: return "?";
    }
}

/* Appends to buf[*at..cap) like snprintf, never overrunning; *at tracks the
 * would-be length so later calls just stop writing once full. */
static void put(char *buf, size_t cap, size_t *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t cap, size_t *at, const char *fmt, ...)
{
    if (*at >= cap) return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *at, cap - *at, fmt, ap);
    va_end(ap);
    if (k > 0) *at += (size_t)k;
}

void gr_event_format(const gr_event *e, char *buf, size_t cap)
{
    if (!buf || cap == 0) return;
    buf[0] = '\0';
    if (!e) return;
    size_t at = 0;
    put(buf, cap, &at, "%-6s ", kind_name(e->kind));
    if (e->side >= 0)
        put(buf, cap, &at, "side %d  ", e->side);
    else
        put(buf, cap, &at, "        ");
    /* the text may fill its whole array without a NUL only if corrupted; bound it */
    int tl = (int)strnlen(e->text, sizeof e->text);
    if (e->kind == GR_EV_ROLL) {
        int nd = e->ndice > GR_EVENT_DICE ? GR_EVENT_DICE : e->ndice;
        if (tl > 0) put(buf, cap, &at, "%.*s: ", tl, e->text);
        put(buf, cap, &at, "%dd%d [", nd, e->faces ? e->faces : 6);
        for (int i = 0; i < nd; i++)
            put(buf, cap, &at, i ? " %d" : "%d", e->dice[i]);
        put(buf, cap, &at, "]");
    } else {
        put(buf, cap, &at, "%.*s", tl, e->text);
    }
}
