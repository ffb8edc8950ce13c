/* hex.h - a map of hexagons for rulesets played on a hex board: the grid,
 * each hex's terrain, each hexside's features, neighbours, distances, the
 * hexes a straight line crosses, centres in board units, and loading a map
 * from scenario JSON.
 *
 * The grid: `cols` columns of `rows` flat-topped hexes. Column 0 is the west
 * edge and row 0 the south edge (side 0's base edge, drawn at the bottom,
 * as on the table maps); a hex is named "col row". Odd columns sit half a
 * hex higher (north) than even ones. The six directions run clockwise from
 * north: N, NE, SE, S, SW, NW.
 *
 * Board units: the distance between the centres of two adjacent hexes is 1,
 * so distances in hexes and in board units agree along a column. The
 * centre of hex (c, r) is x = S (1 + 1.5 c), y = r + 0.5 + 0.5 (c odd),
 * with S = 1 / sqrt(3) the hexagon's side; the board is
 * S (1.5 (cols - 1) + 2) wide and rows + 0.5 high (rows when cols is 1).
 *
 * Terrain and hexside features are small codes the ruleset defines with
 * names (gr_hex_kinds): terrain code k is kinds.terrain[k], and feature k is
 * the bit 1 << k of a hexside. The map keeps the ruleset's name tables by
 * pointer (they are static in the ruleset) so a front end can draw and
 * name them. A map is immutable once loaded; it belongs to the scenario. */
#ifndef GR_HEX_H
#define GR_HEX_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "error.h"

#define GR_HEX_MAX_DIM 64           /* columns or rows a map may have */
#define GR_HEX_MAX_TERRAIN 16       /* terrain kinds a ruleset may name */
#define GR_HEX_MAX_FEATURES 8       /* hexside features a ruleset may name (bits of a byte) */
#define GR_HEX_DIRS 6
#define GR_HEX_SIDE (0.57735026918962576451)   /* 1 / sqrt(3): a hexagon's side in board units */

typedef enum gr_hex_dir { GR_HEX_N = 0, GR_HEX_NE, GR_HEX_SE, GR_HEX_S, GR_HEX_SW, GR_HEX_NW } gr_hex_dir;

/* One hex by column and row. */
typedef struct gr_hex {
    int col, row;
} gr_hex;

/* The terrain and hexside features a ruleset's maps may hold, by name. */
typedef struct gr_hex_kinds {
    const char *const *terrain;     /* terrain code k is named terrain[k] */
    int nterrain;                   /* 1..GR_HEX_MAX_TERRAIN */
    const char *const *features;    /* feature bit 1 << k is named features[k] */
    int nfeatures;                  /* 0..GR_HEX_MAX_FEATURES */
} gr_hex_kinds;

typedef struct gr_hexmap {
    int cols, rows;
    gr_hex_kinds kinds;
    uint8_t *terrain;               /* cols * rows terrain codes, by gr_hex_index */
    uint8_t *sides;                 /* 6 per hex: the feature bits of each of its sides, by direction;
                                       a side shared by two hexes reads the same from both */
} gr_hexmap;

/* ---- the grid (no map needed) ------------------------------------------------------------------ */

/* "N", "NE", ... for a direction 0..5 ("?" otherwise); -1 for a name that is none */
const char *gr_hex_dir_name(int dir);
int gr_hex_dir_parse(const char *name);
/* the direction opposite dir */
int gr_hex_dir_opposite(int dir);
/* the hex next to (col, row) in direction dir (on the map or not); the
 * hex itself for a direction that is none */
gr_hex gr_hex_step(int col, int row, int dir);
/* the number of hex steps between two hexes */
int gr_hex_distance(int c1, int r1, int c2, int r2);
/* the direction from hex 1 to an adjacent hex 2, or -1 when they are not adjacent */
int gr_hex_dir_to(int c1, int r1, int c2, int r2);
/* the centre of a hex in board units */
void gr_hex_centre(int col, int row, double *x, double *y);
/* the hex whose centre is nearest to a point of the board */
gr_hex gr_hex_at_point(double x, double y);
/* The hexes whose insides the segment from the centre of hex 1 to the centre
 * of hex 2 passes through, in order from hex 1 to hex 2, both included
 * (distance + 1 hexes). Where the segment runs exactly along a hexside, a
 * small fixed nudge picks one of the two hexes, the same one every time.
 * Writes at most max; returns the count the line has. */
int gr_hex_line(int c1, int r1, int c2, int r2, gr_hex *out, int max);

/* ---- a map ------------------------------------------------------------------------------------ */

/* 1 when (col, row) is on the map */
int gr_hex_on_map(const gr_hexmap *m, int col, int row);
/* index of a hex on the map: row * cols + col (0 .. cols * rows - 1) */
int gr_hex_index(const gr_hexmap *m, int col, int row);
gr_hex gr_hex_of_index(const gr_hexmap *m, int index);
/* the neighbour in direction dir: 1 with it in *out when it is on the map, else 0 */
int gr_hex_neighbour(const gr_hexmap *m, int col, int row, int dir, gr_hex *out);
/* the terrain code of a hex on the map (0 off it) and a code's name */
int gr_hex_terrain(const gr_hexmap *m, int col, int row);
const char *gr_hex_terrain_name(const gr_hexmap *m, int code);
/* the feature bits of a hex's side in direction dir (0 off the map) */
unsigned gr_hex_side(const gr_hexmap *m, int col, int row, int dir);
/* the board's size in board units */
void gr_hex_board_size(const gr_hexmap *m, double *width, double *height);

/* ---- from scenario JSON ------------------------------------------------------------------------ */

/* Loads a map from the object `obj` found at JSON path `path` ("$.map"):
 *   "cols", "rows"   the size, 1..GR_HEX_MAX_DIM each (a larger map is refused);
 *   "default"        the terrain of every hex not named below (optional:
 *                    the ruleset's terrain 0);
 *   "legend", "grid" optional, together: a one-character key for each
 *                    terrain used, and one string per row, the north row
 *                    (rows - 1) first, one key per column;
 *   "hexes"          optional: [{"hex": [col, row], "terrain": NAME}, ...],
 *                    applied after the grid;
 *   "sides"          optional: [{"hex": [col, row], "sides": ["NE", ...],
 *                    "features": [NAME, ...]}, ...]; a feature lies on a
 *                    side between two hexes of the map.
 * NULL with "$.map.grid[2]: ..." in err (no file name: the caller adds it). */
gr_hexmap *gr_hex_load(json_t *obj, const char *path, const gr_hex_kinds *kinds, gr_error *err);
void gr_hex_free(gr_hexmap *m);
/* A hex given as [col, row] at JSON path `path`, which must be on the map:
 * 0 with it in *out, or -1 naming the path. */
int gr_hex_from_json(json_t *v, const char *path, const gr_hexmap *m, gr_hex *out, gr_error *err);

#endif
