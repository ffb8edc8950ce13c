/* registry.h - the rulesets Grognard is built with (rulesets.def), by scenario "ruleset" name, and
 * loading a scenario file into a gr_game. */
#ifndef GR_REGISTRY_H
#define GR_REGISTRY_H

#include "core/game.h"

const gr_ruleset *gr_ruleset_find(const char *name);
/* The rulesets built in, in the order of rulesets.def: 0 .. gr_ruleset_count() - 1. */
int gr_ruleset_count(void);
const gr_ruleset *gr_ruleset_at(int i);
/* Loads and validates a scenario file; 0 or -1 with "FILE: $.path: message". */
int gr_game_load(gr_game *g, const char *path, gr_error *err);
/* Loads a scenario from JSON already parsed (takes a reference to root). */
int gr_game_from_json(gr_game *g, json_t *root, const char *path, gr_error *err);
void gr_game_free(gr_game *g);

#endif
