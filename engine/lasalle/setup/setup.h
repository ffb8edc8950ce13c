/* setup.h - Lasalle's "Set Up the Game" for pickup battles [J, p.86-91]:
 * the weather (2d6), the board (player A's die odd or even, player B's die
 * 1-6) built piece by piece, the roles (secret choice, roll-off with the
 * list's modifier), the board customised (defender, attacker, defender),
 * the setup zones and edges, the objective placed and moved, both armies
 * deployed in their zones, the attacker moving first; written out as a
 * scenario the Lasalle loader accepts (docs/lasalle-setup.md).
 *
 * Every die is thrown by name through the gr_dice given; every choice the
 * book leaves to a player is made by a fixed policy (some through a named
 * "policy die"), each one a ruling R-110..R-129. Side 0 is the first army
 * (base edge y = 0), side 1 the second (y = table height).
 *
 * Code: setup_tables.c (the tables, the boards' pieces, the dice),
 * setup_place.c (placing one piece), setup_clash.c (overlaps, the zones),
 * setup_steps.c (weather, board, roles, edges, customising),
 * setup_objective.c (the objective), setup_deploy.c (deployment, reserves),
 * setup_home.c (Home Field Advantage [H, p.76]),
 * setup_json.c (armies and the scenario), setup_run.c (the whole
 * procedure, loading the armies), setup_sweep.c (many setups checked),
 * verb.c (`grognard lasalle setup`). */
#ifndef LASALLE_SETUP_H
#define LASALLE_SETUP_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "../armylist/army.h"
#include "../lasalle.h"
#include "../../core/dice.h"
#include "../../core/log.h"

/* ---- the table and zones [J Setup Zones, p.90; §1 ruling: 6' x 4' = 48 x 32 BW] ----------------- */
#define LASALLE_SETUP_TABLE_W 48.0
#define LASALLE_SETUP_TABLE_H 32.0
/* [J, p.90]: the zones' lines lie 6 BW inside each edge (R-114: also 6 BW from the short edges) */
#define LASALLE_SETUP_ZONE_BW 6.0
/* [F, p.66; J]: a pickup game lasts 16 turns */
#define LASALLE_SETUP_TURNS 16
/* [J Customize the Board, p.90]: terrain areas at most 8 BW across; the objective moves up to 8 BW */
#define LASALLE_SETUP_AREA_MAX_BW 8.0
#define LASALLE_SETUP_OBJ_MOVE_BW 8.0
/* [J, p.90]: linear limits of the customising table */
#define LASALLE_SETUP_ROAD_MAX_BW 40.0
#define LASALLE_SETUP_WALL_MAX_BW 6.0
#define LASALLE_SETUP_STREAM_MAX_BW 30.0
#define LASALLE_SETUP_STREAM_W 1.0
#define LASALLE_SETUP_FORD_W 2.0
/* a river is this wide; a road, a bridge this wide */
#define LASALLE_SETUP_RIVER_W 2.0
#define LASALLE_SETUP_ROAD_W 1.0
/* a rolled piece is placed at most this many times before it is given up */
#define LASALLE_SETUP_PLACE_TRIES 6
/* a piece keeps this clear of every other area piece */
#define LASALLE_SETUP_PIECE_GAP 1.0
/* ties are re-rolled [J Choose the Roles, p.87]; a bound so scripted dice cannot loop for ever */
#define LASALLE_SETUP_MAX_TIES 50
/* units keep this apart, and this clear of terrain they avoid */
#define LASALLE_SETUP_UNIT_GAP 0.5
/* candidate places lie on this grid */
#define LASALLE_SETUP_GRID 0.5

/* ---- the tables -------------------------------------------------------------------------------- */
typedef struct lasalle_setup_weather {
    int ground;     /* lasalle_ground_state */
    int precip;     /* lasalle_precip */
} lasalle_setup_weather;

/* the weather for a 2d6 sum 2..12 [J Roll Weather, p.87] */
lasalle_setup_weather lasalle_setup_weather_of(int sum);

/* the twelve boards [J Roll the Table, p.88-89] */
typedef enum lasalle_setup_board_id {
    LASALLE_BOARD_RIVER_CROSSING = 0, LASALLE_BOARD_VILLAGE_WOODS, LASALLE_BOARD_RIDGES_TOWN,
    LASALLE_BOARD_CHATEAU_TOWN, LASALLE_BOARD_FARMS_FIELDS, LASALLE_BOARD_CLEARING,   /* even, B's die 1..6 */
    LASALLE_BOARD_VALLEY, LASALLE_BOARD_WALLED_FARMS, LASALLE_BOARD_MARSHY_GROUND,
    LASALLE_BOARD_DRY_HILLS, LASALLE_BOARD_HARBOR_TOWN, LASALLE_BOARD_CROSSROADS,     /* odd */
    LASALLE_BOARD_COUNT
} lasalle_setup_board_id;

/* the board for player A's die (only odd or even counts) and player B's die [J, p.87] */
int lasalle_setup_board_of(int a_die, int b_die);
const char *lasalle_setup_board_name(int board);

/* the kinds of piece a board or a customising pick is made of [J Map Legend, p.88; p.90] */
typedef enum lasalle_piece_kind {
    LASALLE_PK_HILL = 0, LASALLE_PK_HILL2, LASALLE_PK_WOODS, LASALLE_PK_ROCKY, LASALLE_PK_FIELD, LASALLE_PK_ORCHARD,
    LASALLE_PK_MARSH, LASALLE_PK_TOWN, LASALLE_PK_CHATEAU, LASALLE_PK_WALL, LASALLE_PK_ROAD_NS, LASALLE_PK_ROAD_WE,
    LASALLE_PK_STREAM, LASALLE_PK_RIVER, LASALLE_PK_HARBOR, LASALLE_PK_COUNT
} lasalle_piece_kind;

/* the pieces of each board, in placing order; returns the count */
int lasalle_setup_board_pieces(int board, const int **kinds);
const char *lasalle_setup_piece_name(int kind);

/* ---- the setup in progress --------------------------------------------------------------------- */
#define LASALLE_SETUP_MAX_PIECES 48

typedef struct lasalle_setup_piece {
    int kind;               /* lasalle_piece_kind, or -1 a bridge / ford */
    int gtype;              /* lasalle_ground_kind written out */
    char name[GR_TERRAIN_NAME];
    int npts;
    gr_vec2 pts[12];
    double width;           /* linear pieces */
    int level;              /* hills */
    int cover;              /* town bases: 1 soft, 2 hard */
    int owner;              /* -1 the board; 0/1 a side's customising pick */
} lasalle_setup_piece;

typedef struct lasalle_setup {
    const lasalle_list_book *book;
    lasalle_army *army[2];          /* owned by the caller */
    char source[2][128];            /* the file or list each came from */
    bool rolled[2];                 /* army to be rolled from a list once its role is known */
    lasalle_list_ref ref[2];
    unsigned long long seed;
    gr_dice *dice;
    gr_log *log;

    lasalle_setup_weather weather;
    int weather_sum;
    int board, a_die, b_die;
    int want[2];                    /* the role each asked for (lasalle_list_role) */
    int roll[2];                    /* the last roll-off's totals, 0 none */
    int attacker, defender;
    bool defender_first;            /* the defender picked his edge and set up first */
    int home;                       /* LASALLE_HOME_*: the defender's Home Field Advantage choice [H, p.76] */
    int home_edge;                  /* ... with LASALLE_HOME_SHORT_EDGE: LASALLE_EDGE_WEST or _EAST, his edge */
    bool flipped;                   /* the board was turned so the defender's edge stays his */
    int npieces;
    lasalle_setup_piece piece[LASALLE_SETUP_MAX_PIECES];
    double obj_x, obj_y;
    char notes[4][160];             /* what the scenario's notes tell: army parts not put on the table */
    int nnotes;
} lasalle_setup;

/* ---- shared by the setup files ----------------------------------------------------------------- */
/* One d6 for side (-1 none) and the purpose (printf style); 0 on a dice failure. */
int lasalle_setup_d6(lasalle_setup *S, int side, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void lasalle_setup_note(lasalle_setup *S, int side, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* the steps, in the book's order [J, p.86]; each 0, or -1 with a message */
int lasalle_setup_weather_step(lasalle_setup *S, gr_error *err);    /* 1 [J, p.87] */
int lasalle_setup_board_step(lasalle_setup *S, gr_error *err);      /* 2 [J, p.87-89] */
int lasalle_setup_roles_step(lasalle_setup *S, gr_error *err);      /* 3 [J, p.87] */
int lasalle_setup_custom_step(lasalle_setup *S, gr_error *err);     /* 4 [J, p.90] */
int lasalle_setup_edges_step(lasalle_setup *S, gr_error *err);      /* zones and edges [J, p.90] */
int lasalle_setup_objective_step(lasalle_setup *S, gr_error *err);  /* 5 [J, p.91] */

/* one piece of `kind` placed by the placer (-1 the board) with its named dice; the piece's index, -1 when no
 * place was found (noted), -2 on a dice failure */
int lasalle_setup_place(lasalle_setup *S, int kind, int placer, gr_error *err);
/* the shape a piece kind takes centred on (cx, cy) (areas and town bases) */
void lasalle_setup_shape(int kind, double cx, double cy, lasalle_setup_piece *p);
/* does piece p clash with those placed (overlap rules [J, p.90])? */
bool lasalle_setup_clashes(const lasalle_setup *S, const lasalle_setup_piece *p);
/* is the point inside an area piece of this ground kind (-1: any area), or in a town base? */
int lasalle_setup_area_at(const lasalle_setup *S, double x, double y);

/* a side's setup zone along its long edge [J, p.90; R-114]: x0, y0, x1, y1 */
void lasalle_setup_zone(int side, double box[4]);
/* the cover and height of the pieces whose middle lies in each half of the table (R-115: town base 3, woods and
 * hill 2, orchard and wall 1): score[0] the south half's (by_x: the west half's) */
void lasalle_setup_half_cover(const lasalle_setup *S, int by_x, int score[2]);
/* the zone a side sets up in, Home Field Advantage's short-edge setup included [H, p.76; R-122]: the box, and
 * the edge it stands on (lasalle_edge) */
int lasalle_setup_zone_of(const lasalle_setup *S, int side, double box[4]);
/* the point `along` (a table coordinate along the edge: x for the long edges, y for the short ones) and
 * `across` (the other coordinate) */
gr_vec2 lasalle_setup_edge_pt(int edge, double along, double across);

/* Home Field Advantage in the set-up [H, p.76] (setup_home.c): whether the defender has it (his list's rule,
 * and he asked to defend); his choice of setup, made as the edges are chosen; and, at his last
 * customising pick, the attacker's pick taken away */
bool lasalle_setup_home_offered(const lasalle_setup *S);
int lasalle_setup_home_choice(lasalle_setup *S, gr_error *err);
/* a customising piece that would lie in the other side's zone (short-edge setup only: the long-edge zones
 * are kept clear by where pieces are rolled) */
bool lasalle_setup_in_foreign_zone(const lasalle_setup *S, const lasalle_setup_piece *p, int placer);
/* removes pieces [first, first + n) */
void lasalle_setup_remove_pieces(lasalle_setup *S, int first, int n);

/* the terrain as the scenario's "terrain" array */
json_t *lasalle_setup_terrain_json(const lasalle_setup *S);
/* step 6: gives every unit and officer of a side's JSON (sides[side]) its place, formation and facing in
 * its setup zone, clear of the terrain loaded in `terrain`; 0, or -1 with a message */
int lasalle_setup_deploy(lasalle_setup *S, int side, const lasalle_scenario *terrain, json_t *side_json,
                         gr_error *err);
/* the whole scenario (after the steps) */
json_t *lasalle_setup_to_json(lasalle_setup *S, gr_error *err);

/* ---- API ----------------------------------------------------------------------------------------- */
/* Sets up a battle between two armies, each an army file or a list id to roll (after the roles are
 * known, with the attacker's bonus when attacking); NULL with a message. The caller owns the JSON. */
json_t *lasalle_setup_generate(const lasalle_list_book *B, const char *const what[2], gr_dice *dice,
                               gr_log *log, unsigned long long seed, gr_error *err);
/* Loads the scenario, builds its first state and checks the invariants: 0, or -1 with a message. */
int lasalle_setup_check(json_t *scn, gr_error *err);

/* Every pair (i <= j) of the armies named (army files or list ids) over seeds seed_lo..seed_hi, each
 * scenario made and checked; progress (may be NULL) gets a line every 5% and the first failures. 0 when
 * every scenario was good, else -1. */
#define LASALLE_SETUP_SWEEP_SHOW 100
typedef struct lasalle_setup_sweep_result {
    long tried, made, valid, failed;
    char first[400];        /* the first failure */
} lasalle_setup_sweep_result;
int lasalle_setup_sweep(const lasalle_list_book *B, const char *const *names, int n, unsigned long long seed_lo,
                        unsigned long long seed_hi, FILE *progress, lasalle_setup_sweep_result *r);

/* the bundled armies: every list id, then every example army file (data/lasalle/armies/examples); the count */
#define LASALLE_SETUP_PATH 512
int lasalle_setup_bundled(const lasalle_list_book *B, char (*names)[LASALLE_SETUP_PATH], int cap);

/* `grognard lasalle setup ...` (argv[0] is the verb's name) */
int lasalle_setup_verb(int argc, char **argv, const gr_host *host);

#endif
