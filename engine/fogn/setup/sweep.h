/* sweep.h - many generated points battles played out (grognard setup
 * --sweep): every ordered pair of the example armies over a run of seeds,
 * each scenario made, checked, and played to the end by two random players
 * with every invariant checked after every action. A failing game is kept
 * as its scenario and record, to replay. Also the army loading the setup
 * verb shares with it. */
#ifndef FOGN_SETUP_SWEEP_H
#define FOGN_SETUP_SWEEP_H

#include <stdbool.h>

#include "setup.h"

/* the dice stream of a setup (games use stream 1) */
#define FOGN_SETUP_DICE_STREAM 0x5e7u

/* an army file with the list it names */
typedef struct fogn_setup_side {
    fogn_army *army;
    fogn_army_list *list;
} fogn_setup_side;

/* loads an army and its list; with `strict`, an army breaking its list is
 * refused (the breaches on stderr); 0 or -1 with err */
int fogn_setup_side_load(const char *path, bool strict, fogn_setup_side *out, gr_error *err);
void fogn_setup_side_free(fogn_setup_side *s);

typedef struct fogn_sweep_opts {
    unsigned long long first_seed; /* seeds first_seed .. first_seed + nseeds - 1 */
    int nseeds;
    int decisions;                 /* a game not over after this many decisions fails */
    const char *keep;              /* folder for failing games' scenario and record, or NULL */
} fogn_sweep_opts;

/* runs the sweep, printing its tally and coverage on stdout and the first
 * failures on stderr; 0 when every scenario was played to the end, else 1 */
int fogn_setup_sweep(const fogn_sweep_opts *o);

#endif
