/* audit_players.h - the blunder audit's findings split by the player who
 * gave the orders: an arena's results say which player held each side of
 * each recorded game (records are named TOURNAMENT-INDEX.json), so the
 * counts come per player and side-game, as two searches are compared. */
#ifndef GR_AUDIT_PLAYERS_H
#define GR_AUDIT_PLAYERS_H

#include <stdio.h>

#include "../bench/arena/results.h"
#include "../bench/audit/audit.h"

typedef struct gr_audit_player {
    char spec[GR_ARENA_SPEC_MAX];
    long side_games;                /* sides of audited games it held */
    long found[GR_AUDIT_NCHECKS];
} gr_audit_player;

typedef struct gr_audit_players {
    gr_arena_set games;
    gr_audit_player *row;
    int n, cap;
    long unmatched;                 /* audited records the results do not name */
} gr_audit_players;

/* reads an arena's results file; 0, or -1 with why */
int gr_audit_players_load(gr_audit_players *p, const char *results, gr_error *err);
void gr_audit_players_free(gr_audit_players *p);
/* one audited record: its findings to the players of its game; 0, or -1 out of memory */
int gr_audit_players_add(gr_audit_players *p, const char *record_path, const gr_audit *a);
/* the table, per player and side-game */
void gr_audit_players_print(const gr_audit_players *p, FILE *out);

#endif
