/* saves.h - the games a player keeps: each new game of `play` and each new
 * session of `assist` gets a file of its own, named for its scenario, side
 * and starting time, so that starting a game never overwrites another; and
 * `grognard saves` lists them. */
#ifndef GR_SAVES_H
#define GR_SAVES_H

#include <stddef.h>
#include <time.h>
#include "../engine/core/error.h"

#define GR_SAVES_DIR "out"

/* DIR/KIND-SCENARIO[-SIDE]-YYYYMMDD-HHMMSS.json for a game started at `when`
 * (local time), with -2, -3, ... added when that name is taken; scenario is
 * the scenario's path (its file name without .json is used), side may be
 * NULL. 0, or -1 when it does not fit in cap. */
int gr_saves_name(char *buf, size_t cap, const char *dir, const char *kind, const char *scenario, const char *side,
                  time_t when, gr_error *err);

#endif
