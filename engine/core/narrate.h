/* narrate.h - telling a game's event log as a readable battle narrative. */
#ifndef GR_NARRATE_H
#define GR_NARRATE_H

#include <stddef.h>
#include <stdio.h>
#include "log.h"

typedef struct gr_narrator {
    char side_name[2][48];
    int verbose;            /* also tell the "done" that closes each decision */
    int quiet_rolls;        /* leave out the dice (the assistant: the player typed them) */
    int hold_echo;          /* a hold was left out: so is the line that repeats it */
} gr_narrator;

void gr_narrator_init(gr_narrator *n, const char *side0, const char *side1, int verbose);
/* Tells events from index `from`; returns the new end. */
size_t gr_narrate(gr_narrator *n, const gr_log *log, size_t from, FILE *out);

#endif
