/* record.h - game records: the scenario (embedded), the seed, and every
 * action in notation, with the dice actually thrown. Replaying a record
 * re-applies the actions to a fresh state and must reach the identical
 * (byte-for-byte) final state. Records are written atomically. */
#ifndef GR_RECORD_H
#define GR_RECORD_H

#include <stddef.h>
#include <jansson.h>
#include "error.h"
#include "game.h"

/* An action line that starts with this is a correction of the position
 * (gr_ruleset.edit), not an order: "edit u3 at 12 20 facing 90". */
#define GR_RECORD_EDIT_PREFIX "edit "

typedef struct gr_record {
    json_t *scenario;          /* owned */
    char scenario_file[512];   /* where it came from (information only) */
    char ruleset[32];
    unsigned long long seed;
    int nactions, cap;
    char **actions;            /* owned strings, notation */
    int *rolls;                /* owned: every die face thrown, in order, each 1..GR_DICE_MAX_FACES (may be NULL) */
    int nrolls, rolls_cap;
    json_t *session;           /* owned, may be NULL: a front end's settings
                                  to go on with a saved game (cli/live.h) */
} gr_record;

void gr_record_init(gr_record *r, const gr_game *g, unsigned long long seed);
void gr_record_free(gr_record *r);
int gr_record_add_action(gr_record *r, const char *notation);
int gr_record_add_rolls(gr_record *r, const int *faces, int n);
int gr_record_save(const gr_record *r, const char *path, gr_error *err);
int gr_record_load(gr_record *r, const char *path, gr_error *err);
/* The same from JSON already parsed (root keeps its own references); name
 * is used in messages. */
int gr_record_from_json(gr_record *r, json_t *root, const char *name, gr_error *err);

#endif
