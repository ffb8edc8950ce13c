/* narrate.c - the event log told as a battle: a heading for each move, a
 * line for each phase, each side's orders under its name, and every roll,
 * test and change indented beneath the order that caused it. Used by
 * `grognard replay` and by `grognard run` while it plays. */
#include "narrate.h"

#include <stdio.h>
#include <string.h>

static const char *side_of(const gr_narrator *n, int side)
{
    if (side < 0 || side > 1) return "";
    return n->side_name[side][0] ? n->side_name[side] : (side ? "side 1" : "side 0");
}

void gr_narrator_init(gr_narrator *n, const char *side0, const char *side1, int verbose)
{
    memset(n, 0, sizeof *n);
    snprintf(n->side_name[0], sizeof n->side_name[0], "%s", side0 ? side0 : "");
    snprintf(n->side_name[1], sizeof n->side_name[1], "%s", side1 ? side1 : "");
    n->verbose = verbose;
}

size_t gr_narrate(gr_narrator *n, const gr_log *log, size_t from, FILE *out)
{
    for (size_t i = from; i < log->n; i++) {
        const gr_event *e = &log->ev[i];
        int tl = (int)strnlen(e->text, sizeof e->text);
        int echo = n->hold_echo;
        n->hold_echo = 0;
        if (e->kind != GR_EV_DECISION) n->hold_echo = echo && e->kind != GR_EV_PHASE;
        switch ((gr_event_kind)e->kind) {
        case GR_EV_PHASE:
            if (!strncmp(e->text, "move ", 5)) fprintf(out, "\n== %.*s ==\n", tl, e->text);
            else if (e->side < 0) fprintf(out, "** %.*s\n", tl, e->text);
            else fprintf(out, "-- %.*s\n", tl, e->text);
            break;
        case GR_EV_DECISION:
            /* "done" only closes a decision, and a unit that holds does
             * nothing: worth telling only when verbose */
            if (!n->verbose && !strcmp(e->text, "done")) break;
            if (!n->verbose && tl > 5 && !strcmp(e->text + tl - 5, " hold")) {
                n->hold_echo = 1;
                break;
            }
            fprintf(out, "  %s: %.*s\n", side_of(n, e->side), tl, e->text);
            break;
        case GR_EV_ROLL: {
            if (n->quiet_rolls) break;
            fprintf(out, "      roll %.*s:", tl, e->text);
            int nd = e->ndice > GR_EVENT_DICE ? GR_EVENT_DICE : e->ndice;
            for (int k = 0; k < nd; k++) fprintf(out, " %d", e->dice[k]);
            fprintf(out, "\n");
            break;
        }
        case GR_EV_TEST:
        case GR_EV_MOVE:
        case GR_EV_NOTE:
        default:
            /* "<unit> holds", the echo of a hold left out above */
            if (n->hold_echo && tl > 6 && !strcmp(e->text + tl - 6, " holds")) break;
            fprintf(out, "    %.*s\n", tl, e->text);
            break;
        }
    }
    return log->n;
}
