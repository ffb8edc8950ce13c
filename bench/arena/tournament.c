/* tournament.c - the game list of a tournament (tournament.h). */
#include "tournament.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h ^ 0xff; /* separator between fields */
}

int gr_tournament_init(gr_tournament *t, const char *scenario, char players[][160], int nplayers,
                       long games_per_pair, unsigned long long seed, gr_error *err)
{
    memset(t, 0, sizeof *t);
    if (nplayers < 2) return gr_error_set(err, "an arena needs at least two players");
    if (nplayers > GR_ARENA_MAX_PLAYERS) return gr_error_set(err, "at most %d players", GR_ARENA_MAX_PLAYERS);
    if (games_per_pair < 1) return gr_error_set(err, "--games must be at least 1");
    if (strlen(scenario) >= sizeof t->scenario) return gr_error_set(err, "scenario name too long");
    snprintf(t->scenario, sizeof t->scenario, "%s", scenario);
    for (int i = 0; i < nplayers; i++) {
        if (strlen(players[i]) >= GR_ARENA_SPEC_MAX)
            return gr_error_set(err, "player spec '%s' is too long (at most %d characters)", players[i],
                                GR_ARENA_SPEC_MAX - 1);
        /* two copies of one player is a mirror match (how even is the
         * scenario?); in a longer list a copy would only muddle the table */
        for (int j = 0; j < i; j++)
            if (!strcmp(players[i], players[j]) && nplayers > 2)
                return gr_error_set(err, "player '%s' is named twice (give the copies different options)",
                                    players[i]);
        snprintf(t->players[i], GR_ARENA_SPEC_MAX, "%s", players[i]);
    }
    t->nplayers = nplayers;
    t->games_per_pair = games_per_pair + (games_per_pair & 1);
    t->seed = seed;
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv1a(h, t->scenario);
    for (int i = 0; i < nplayers; i++) h = fnv1a(h, t->players[i]);
    char num[64];
    snprintf(num, sizeof num, "%ld/%llu", t->games_per_pair, seed);
    h = fnv1a(h, num);
    snprintf(t->id, sizeof t->id, "%016llx", (unsigned long long)h);
    return 0;
}

long gr_tournament_size(const gr_tournament *t)
{
    long pairs = (long)t->nplayers * (t->nplayers - 1) / 2;
    return pairs * t->games_per_pair;
}

void gr_tournament_game_at(const gr_tournament *t, long index, gr_tournament_game *out)
{
    long pairing = index / t->games_per_pair, k = index % t->games_per_pair;
    /* pairing number -> (a, b), a < b, in row order */
    int a = 0, b = 1;
    for (long p = 0; p < pairing; p++) {
        if (++b >= t->nplayers) {
            a++;
            b = a + 1;
        }
    }
    out->index = index;
    out->pair = index / 2;
    out->seed = t->seed + (unsigned long long)out->pair;
    out->seat[0] = (k & 1) ? b : a;
    out->seat[1] = (k & 1) ? a : b;
}

int gr_tournament_in_shard(long index, int shard, int nshards) { return nshards <= 1 || index % nshards == shard; }

int gr_tournament_parse_shard(const char *text, int *shard, int *nshards, gr_error *err)
{
    char *end;
    errno = 0;
    long i = strtol(text, &end, 10);
    if (errno || end == text || *end != '/')
        return gr_error_set(err, "--shard takes I/N (e.g. 0/4), not '%s'", text);
    const char *p = end + 1;
    long n = strtol(p, &end, 10);
    if (errno || end == p || *end || n < 1 || n > 100000 || i < 0 || i >= n)
        return gr_error_set(err, "--shard takes I/N with 0 <= I < N, not '%s'", text);
    *shard = (int)i;
    *nshards = (int)n;
    return 0;
}
