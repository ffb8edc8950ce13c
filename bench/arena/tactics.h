/* tactics.h - which orders go with winning. Every arena game of a results
 * set that has its record (`grognard arena --records DIR`) is replayed and
 * each order classified through the ruleset seam alone: what it does
 * (gr_action_info's kind: advance, assault or charge, fire, withdraw, a
 * formation change, ...) and the arm of the unit that gives it
 * (gr_unit_info), counted for the side that gives it (the side to move in
 * the position before it). The counts make a section of the tactics report
 * (report.h): per scenario, orders per game of each kind for every player,
 * for the winning side against the losing side of the decisive games, and
 * the score of the sides that gave an order more often than the median side
 * against the rest, a correlation and no more. tactics.c makes the tally,
 * tactics_page.c the section. Knows no ruleset: only engine/core/game.h
 * and the registry. */
#ifndef GR_ARENA_TACTICS_H
#define GR_ARENA_TACTICS_H

#include "../../engine/core/error.h"
#include "results.h"
#include "text.h"

typedef struct gr_tactics gr_tactics;

/* Told of each record that could not be used, with a message that names
 * the game, the file and what is wrong with it. */
typedef void (*gr_tactics_warn_fn)(void *ctx, const char *msg);

/* How many games of the set were classified, and why the others were not. */
typedef struct gr_tactics_counts {
    long games;         /* games of the set */
    long classified;    /* replayed and counted */
    long missing;       /* no record in any of the folders */
    long bad;           /* a record that could not be read, was another game's, or did not replay */
} gr_tactics_counts;

/* Classifies the orders of every game of s (merged: one line a game) whose
 * record is in one of the folders dirs[0 .. ndirs): game I of tournament T
 * is DIR/T-I.json in the first folder holding that file. A record is used
 * only when it is that game's: the same seed, and a replay that ends in
 * the result of the results line. A record that cannot be read, is not the
 * game's or does not replay is told to warn (NULL: not told), counted, and
 * left out; the rest goes on. Returns the tally, or NULL with err when out
 * of memory. */
gr_tactics *gr_tactics_read(const gr_arena_set *s, char *const *dirs, int ndirs, gr_tactics_warn_fn warn,
                            void *ctx, gr_error *err);
void gr_tactics_free(gr_tactics *t);

void gr_tactics_counts_of(const gr_tactics *t, gr_tactics_counts *out);

/* Appends the section "Orders by kind" to page, a table of the players and
 * one of the winners against the losers for each scenario, and writes its
 * charts (sK-NAME-orders.svg, named as the report names its other charts)
 * into dir. 0, or -1 with the reason. */
int gr_tactics_write(const gr_tactics *t, gr_text *page, const char *dir, gr_error *err);

#endif
