/* scenario.h - a Lasalle scenario file (parsed JSON) into the immutable
 * lasalle_scenario, every field checked: errors name the file, the JSON
 * path and what was expected; unknown keys are refused; every count over
 * what the state holds is refused by name. The format is described in
 * docs/lasalle-rulings.md ("The scenario file"). */
#ifndef LASALLE_SCENARIO_H
#define LASALLE_SCENARIO_H

#include "../lasalle.h"

void *lasalle_scenario_load(json_t *root, const char *file, gr_error *err);
void lasalle_scenario_free(void *scn);

/* the parts of the loader (scenario_sides.c, scenario_terrain.c), each
 * filling the scenario from the root object; 0 or -1 with the message */
int lasalle_load_terrain(lasalle_scenario *s, json_t *root, gr_error *err);
int lasalle_load_sides(lasalle_scenario *s, json_t *root, gr_error *err);
/* checks the opening position: on the table, clear of impassable ground and
 * of each other (scenario_place.c) */
int lasalle_check_placement(const lasalle_scenario *s, gr_error *err);

#endif
