/* repl.h - what the typed-command front ends (`play`, `assist`) share:
 * reading a line safely, recognising the session commands with PCRE2,
 * the numbered list of legal orders, telling the new events of the log,
 * and the AI's hint for the decision at hand. */
#ifndef GR_REPL_H
#define GR_REPL_H

#include <stdio.h>
#include "live.h"
#include "../engine/core/narrate.h"
#include "../engine/core/regex.h"
#include "../ai/player.h"

#define GR_REPL_LINE_MAX 1024
#define GR_REPL_HINT_ALTS 4
#define GR_REPL_HINT_SIMS 60
#define GR_REPL_HINT_EVEN 0.01  /* two orders' expected scores closer than this are told as equal */

typedef enum gr_repl_cmd {
    GR_CMD_NONE = 0,    /* not a session command: an order in notation */
    GR_CMD_EMPTY,
    GR_CMD_HELP,
    GR_CMD_LIST,
    GR_CMD_PICK,        /* a number from the list */
    GR_CMD_UNDO,
    GR_CMD_MAP,
    GR_CMD_SAVE,
    GR_CMD_LOAD,
    GR_CMD_SHOW,
    GR_CMD_HINT,        /* play: "hint"; assist: "suggest" */
    GR_CMD_EDIT,        /* assist: a correction of the position */
    GR_CMD_LOG,         /* the log so far */
    GR_CMD_QUIT,
    GR_CMD_BAD          /* a session command with a bad argument: msg says why */
} gr_repl_cmd;

typedef struct gr_repl {
    gr_regex *re[12];
    gr_narrator nar;
    size_t told;        /* log events already printed */
    FILE *out;
} gr_repl;

int gr_repl_init(gr_repl *r, const gr_live *L, FILE *out, gr_error *err);
/* Prints the prompt: "[WHO] DESCRIPTION | NOTE > ", the note being what the
 * ruleset keeps before a player at every decision (fogn: command points). */
void gr_repl_prompt(const gr_live *L, const char *who, const char *desc, FILE *out);
void gr_repl_free(gr_repl *r);

/* Reads one line (without its newline, trimmed); 1, 0 at end of input.
 * Over-long lines are read to their end and refused through *too_long. */
int gr_repl_read(FILE *in, char *buf, size_t cap, int *too_long);

/* Which session command a line is; arg gets its argument (a file, a number,
 * the correction), msg the reason for GR_CMD_BAD. */
gr_repl_cmd gr_repl_parse(const gr_repl *r, const char *line, char *arg, size_t argcap, char *msg, size_t msgcap);

/* Prints the legal orders of the decision now due, numbered from 1; returns
 * their count. `pick` (1-based) fills *a with that order: 0, or -1 with msg. */
int gr_repl_list(const gr_live *L, FILE *out);
int gr_repl_pick(const gr_live *L, long pick, gr_action *a, char *msg, size_t cap);

/* Tells the log events not yet told. */
void gr_repl_tell(gr_repl *r, const gr_live *L);
/* After an undo or a load: the events past the log's end are forgotten. */
void gr_repl_rewind(gr_repl *r, const gr_live *L);

/* The AI's recommendation for the decision now due (the player's own
 * search), with alternatives and a reason. 0 or -1 with err. */
int gr_repl_hint(const gr_live *L, gr_player *p, unsigned long long seed, FILE *out, gr_error *err);

/* The session commands play and assist answer alike. */
/* makes the folder a file will be written in (one level), quietly */
void gr_repl_ensure_dir(const char *path);
/* a whole number typed by a person; 0 or -1 */
int gr_repl_number(const char *s, unsigned long long *out);
/* "NUMBER": the order with that number, or -1 after saying why */
int gr_repl_pick_arg(const gr_live *L, const char *arg, gr_action *a);
/* "map [FILE]": the table as SVG (default path when arg is empty) */
void gr_repl_map(const gr_live *L, const char *arg, const char *dflt);
/* "log": the battle so far */
void gr_repl_log(const gr_live *L);
/* the line "undone; now: ..." or "loaded ...; now: ..." */
void gr_repl_now(const gr_live *L, const char *what);
/* The only legal order of a decision that offers one (often "done"),
 * announced; 0 when the decision offers a choice. */
int gr_repl_forced(const gr_live *L, const char *desc, gr_action *a);

/* an expected score in words ("level", "well ahead", ...) */
const char *gr_repl_score_words(double v);
/* 1 when the analysis's first choice stands clear of the second by more than the search's noise (and
 * GR_REPL_HINT_EVEN); *gap their difference */
int gr_repl_hint_clear(const gr_analysis *an, double *gap);

#endif
