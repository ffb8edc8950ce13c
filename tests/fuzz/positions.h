/* positions.h - positions of the bundled scenarios for the fuzz harnesses
 * that need a game in progress (notation, protocol): every scenario under
 * scenarios/RULESET/ of every ruleset built in, each at its start and after a
 * few seeded random decisions. Built once, read-only after. */
#ifndef GR_FUZZ_POSITIONS_H
#define GR_FUZZ_POSITIONS_H

#include "../../engine/core/game.h"

#define FUZZ_MAX_GAMES 32
#define FUZZ_MAX_POSITIONS 128

typedef struct fuzz_position {
    const gr_game *g;
    void *state;            /* owned */
    const char *file;       /* the scenario's path under the repository */
    int depth;              /* 0 the start, 1.. later (positions.c's depths) */
} fuzz_position;

typedef struct fuzz_positions {
    int ngames, n;
    gr_game games[FUZZ_MAX_GAMES];
    char files[FUZZ_MAX_GAMES][256];
    fuzz_position pos[FUZZ_MAX_POSITIONS];
} fuzz_positions;

/* NULL when no scenario could be loaded (the reason printed) */
fuzz_positions *fuzz_positions_build(void);

#endif
