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
#include "svg.h"

#define GR_LEVELS_KNOWN "easy, normal or hard"
/* The AI behind a difficulty level ("easy", "normal", "hard"); NULL for another name. */
const char *gr_level_spec(const char *level);

/* Finds the bundled default scenario (the one marked "default": true);
 * 0 with the path in buf, -1 with a message. */
int gr_find_default_scenario(char *buf, size_t cap, gr_error *err);

#define GR_MAP_MAX_OBJECTIVES 16

/* What the map of a state is drawn from: the picture's input and the
 * storage it points into (the render items, objectives and their holders,
 * the lines of communication, the title). */
typedef struct gr_map {
    gr_svg_input in;
    gr_render_item *items;
    gr_svg_path *paths;             /* gr_map_add_paths: the last move's arrows */
    gr_svg_objective objs[GR_MAP_MAX_OBJECTIVES];
    gr_svg_loc locs[2];
    char title[800];
} gr_map;

/* Builds the map of a state; 0, or -1 with the reason. gr_map_free frees it. */
int gr_map_build(gr_map *m, const gr_game *g, const void *state, gr_error *err);
void gr_map_free(gr_map *m);
/* Adds to the map an arrow for every unit (a piece of kind 0 with a ref)
 * that stands elsewhere than it did in `before`, from its place then to its
 * place now; 0, or -1 with the reason. */
int gr_map_add_paths(gr_map *m, const gr_game *g, const void *before, gr_error *err);

/* Writes an SVG map of a state (the write_map of the host that runs the
 * rulesets' verbs). */
int gr_write_map(const gr_game *g, const void *state, const char *path, gr_error *err);

#endif
