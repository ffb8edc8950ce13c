/* tournament.h - the fixed list of games of an arena tournament. Every
 * pair of players (round robin when more than two) plays `games_per_pair`
 * games; games 2k and 2k+1 of a pairing share a dice seed with the seats
 * swapped, so the luck of the dice cancels between them. A game's index,
 * seed and seats follow from the definition alone, so any slice of the
 * list (a shard) can be played anywhere and merged back. */
#ifndef GR_ARENA_TOURNAMENT_H
#define GR_ARENA_TOURNAMENT_H

#include "results.h"

#define GR_ARENA_MAX_PLAYERS 16

typedef struct gr_tournament {
    char scenario[128];
    int nplayers;
    char players[GR_ARENA_MAX_PLAYERS][GR_ARENA_SPEC_MAX];
    long games_per_pair;    /* even */
    unsigned long long seed;
    char id[17];            /* hex digest of the definition */
} gr_tournament;

typedef struct gr_tournament_game {
    long index, pair;
    int seat[2];            /* player index in side 0 and side 1 */
    unsigned long long seed;
} gr_tournament_game;

/* Fills t and its id; games_per_pair is rounded up to an even number.
 * 0, or -1 with the reason. */
int gr_tournament_init(gr_tournament *t, const char *scenario, char players[][160], int nplayers,
                       long games_per_pair, unsigned long long seed, gr_error *err);
long gr_tournament_size(const gr_tournament *t);
/* game number `index` (0 .. size-1) */
void gr_tournament_game_at(const gr_tournament *t, long index, gr_tournament_game *out);
/* Is game `index` in shard i of n (index mod n == i)? */
int gr_tournament_in_shard(long index, int shard, int nshards);
/* "I/N" -> shard, nshards; 0, or -1 with the reason */
int gr_tournament_parse_shard(const char *text, int *shard, int *nshards, gr_error *err);

#endif
