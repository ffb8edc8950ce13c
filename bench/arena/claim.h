/* claim.h - several arena processes sharing one tournament file: before a
 * game is played it is claimed with a lock on its own byte of a lock file
 * beside the results (OUT.TOURNAMENT.lock), so two workers never play the
 * same game. The locks are POSIX record locks: the system drops them when
 * a worker dies, so a killed worker's games are free again at once. */
#ifndef GR_ARENA_CLAIM_H
#define GR_ARENA_CLAIM_H

#include "../../engine/core/error.h"

typedef struct gr_arena_claims {
    int fd;             /* the lock file, -1 when closed */
} gr_arena_claims;

/* Opens (making it if need be) the lock file of tournament tid beside the
 * results file out. 0, or -1 with a message. */
int gr_arena_claims_open(gr_arena_claims *c, const char *out, const char *tid, gr_error *err);
/* Claims game index without waiting: 1 claimed, 0 another worker holds it,
 * -1 with a message. */
int gr_arena_claim(gr_arena_claims *c, long index, gr_error *err);
/* Lets game index go (after its result is written). */
void gr_arena_unclaim(gr_arena_claims *c, long index);
void gr_arena_claims_close(gr_arena_claims *c);

#endif
