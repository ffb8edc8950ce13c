/* session.h - what the grognard verbs share: the game loop, replays and
 * their helpers (engine/core/play.h), loading games (engine/registry.h),
 * players (ai/player.h), and two things of the front end's own: finding the
 * bundled default scenario and drawing a state as an SVG map. */
#ifndef GR_SESSION_H
#define GR_SESSION_H

#include <stdio.h>
#include "../engine/core/game.h"
#include "../engine/core/play.h"
#include "../engine/core/record.h"
#include "../engine/registry.h"
#include "../ai/player.h"

/* Finds the bundled default scenario (the one marked "default": true);
 * 0 with the path in buf, -1 with a message. */
int gr_find_default_scenario(char *buf, size_t cap, gr_error *err);

/* Writes an SVG map of a state (the write_map of the host that runs the
 * rulesets' verbs). */
int gr_write_map(const gr_game *g, const void *state, const char *path, gr_error *err);

#endif
