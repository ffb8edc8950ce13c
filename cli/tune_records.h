/* tune_records.h - samples for the weight tuner (eval/tune.h) taken from
 * game records instead of games played on the spot: each record is replayed
 * with its own dice and the position at the start of every player-move is a
 * sample, labelled with the game's final score for side 0. */
#ifndef GR_TUNE_RECORDS_H
#define GR_TUNE_RECORDS_H

#include "../engine/core/record.h"
#include "../eval/tune.h"

typedef struct gr_tune_files {
    char **path;
    int n, cap;
} gr_tune_files;

/* Adds path to the list: a record file as it is, a folder as its *.json
 * files in name order (a folder with none is an error). 0 or -1. */
int gr_tune_files_add(gr_tune_files *f, const char *path, gr_error *err);
void gr_tune_files_free(gr_tune_files *f);

/* Replays rec in g (whose scenario must be the record's) and adds its
 * samples (gr_tune_terms) to d (d->k == gr_tune_nterms(e)). Returns the number of samples
 * added; 0, adding nothing, when the recorded game did not reach its end
 * (there is no result to label it with); -1 with the reason. */
int gr_tune_add_record(gr_tune_data *d, const gr_eval *e, const gr_game *g, const gr_record *rec, gr_error *err);

#endif
