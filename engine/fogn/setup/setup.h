/* setup.h - Field of Glory Napoleonic: setting up a points-based game (§17)
 * from two army files: pre-battle initiative and the bonus units (§17.1),
 * the region and the terrain selections (§17.2), terrain placement with its
 * rolls (§17.3), attachments given from division pools (§17.4), the lines of
 * communications (§3.5) and the deployment (§17.5), written out as a
 * scenario (docs/scenario-format.md) with objectives and a turn limit.
 *
 * Every die comes from the gr_dice given (each roll names its purpose, so a
 * setup can be logged and reproduced: same dice, same armies, same
 * scenario); every choice the book leaves to a player is made by a fixed
 * policy, a few of them through a "policy die", all described in
 * docs/setup.md. Side 0 is the first army (south edge), side 1 the second
 * (north edge); the attacker moves first.
 *
 * Code: setup.c (tables, initiative, region, selections, the whole run),
 * setup_terrain.c (placement), setup_deploy.c (attachments, LOCs,
 * deployment), setup_json.c (the scenario, objectives, the final check). */
#ifndef FOGN_SETUP_H
#define FOGN_SETUP_H

#include <stdbool.h>
#include <jansson.h>
#include "../armylist/armylist.h"
#include "../../core/dice.h"
#include "../../core/log.h"
#include "../../core/terrain.h"

/* --- table and zones (§17.2, §17.5) ------------------------------------------------ */
/* the corps battle's table (§1 TABLE_W x TABLE_H) */
#define FOGN_SETUP_TABLE_W 60.0
#define FOGN_SETUP_TABLE_H 37.5
/* §17.5, §23.3 #47: no unit nearer the centre line than this */
#define FOGN_SETUP_DEF_ZONE_GAP FOGN_OPENING_DEFENDER_GAP
/* §8.13: the first two moves of each side are restricted in a points game */
#define FOGN_SETUP_OPENING_MOVES 2
#define FOGN_SETUP_ATT_ZONE_GAP 10.0
/* §17.3: "more than 8 MU" from an edge, on the 0.5 MU grid of candidate places */
#define FOGN_SETUP_EDGE_FAR 8.0
/* §17.3: pieces are placed at least this far apart (rivers, streams, roads excepted) */
#define FOGN_SETUP_SPACING 4.0
/* §17.3: the 6th placement area straddles the centre line by at least this much */
#define FOGN_SETUP_STRADDLE 2.0
/* §17.3: a slide may not bring a piece this near an edge it could not start near */
#define FOGN_SETUP_SLIDE_EDGE 4.0
/* §17.2: roads must not meet a table edge this near another road's end */
#define FOGN_SETUP_ROAD_EDGE_APART 12.0
/* Ruling §17.2: a road from a table edge is at least this long (no stubs) */
#define FOGN_SETUP_ROAD_MIN_EDGE_LEN 8.0
/* Ruling §17.2: every candidate position lies on a grid of this step (MU) */
#define FOGN_SETUP_GRID 0.5

/* --- piece sizes (Ruling, §17.2 small/large pieces) --------------------------------- */
/* A small area is an octagon 8 x 6 MU with corners cut by 0.75 MU: it holds
 * a 6 x 4 rectangle and fits in a 12 MU circle; a large one is 1.5 times
 * that (12 x 9: it does not fit in 12 MU, fits in 16 MU). */
#define FOGN_SETUP_SMALL_W 8.0
#define FOGN_SETUP_SMALL_H 6.0
#define FOGN_SETUP_CUT 0.75
#define FOGN_SETUP_LARGE_SCALE 1.5
/* a building (one built-up area, §15.4) is the smallest small piece: 6 x 4 MU */
#define FOGN_SETUP_BUILDING_W 6.0
#define FOGN_SETUP_BUILDING_H 4.0
/* field works (§15.5): small within 4 MU, large within 6 MU in any direction */
#define FOGN_SETUP_FW_SMALL_W 3.4
#define FOGN_SETUP_FW_SMALL_H 2.0
#define FOGN_SETUP_FW_LARGE_W 5.0
#define FOGN_SETUP_FW_LARGE_H 3.0
/* widths (MU): roads as a March Column (§17.2); a river 2.5, a stream 0.75
 * (under 1 MU: -2 on the depth roll, §17.3); bridges and fords */
#define FOGN_SETUP_ROAD_W 1.5
#define FOGN_SETUP_RIVER_W 2.5
#define FOGN_SETUP_STREAM_W 0.75
#define FOGN_SETUP_BRIDGE_W 1.6
#define FOGN_SETUP_FORD_W 2.0
/* Ruling §17.3: pieces keep this clear of a river's or stream's banks, and
 * pieces a road may not cross keep this clear of a road's sides */
#define FOGN_SETUP_BANK_GAP 0.5
/* Ruling §17.2: a road crosses water at least 45 degrees from its course and
 * at least this far from the water's bend and from the table edges */
#define FOGN_SETUP_CROSS_APART 3.0

/* --- the defender's fixed pieces (§17.2 step 1; Ruling: where he puts them) --------- */
/* the straight road runs along the table's middle x from edge to edge; the
 * hill is beside it (a policy die: 1-3 west, 4-6 east), its far edge this
 * far behind the centre line; a large hill (bonus units given) straddles it */
#define FOGN_SETUP_HILL_BACK 4.0
#define FOGN_SETUP_HILL_OFF_SMALL 5.25
#define FOGN_SETUP_HILL_OFF_LARGE 2.5
/* Ruling §17.1: the defender takes the large hill whenever the attacker got bonus units */
#define FOGN_SETUP_LARGE_HILL_IF_BONUS 1

/* --- §17.1 initiative and bonus units ------------------------------------------------ */
/* the attacker's margin that brings bonus units, and their points */
#define FOGN_SETUP_BONUS_MARGIN 3
#define FOGN_SETUP_BONUS_PTS 40
#define FOGN_SETUP_BONUS_MAX_UNITS 2
/* a list with no infantry/cavalry base at this price or less upgrades a small unit instead */
#define FOGN_SETUP_BONUS_BASE_PTS 10
/* ties are re-rolled; a bound so scripted dice cannot loop for ever */
#define FOGN_SETUP_MAX_TIE_ROLLS 50

/* --- §17.2 optional selections (Ruling: the players' policy) ------------------------- */
/* how many optional pieces: a d6, 1-2 -> 2, 3-4 -> 3, 5-6 -> 4 */
#define FOGN_SETUP_OPT_MIN 2
#define FOGN_SETUP_OPT_MAX 4

/* --- §17.5 deployment layout (Ruling) ------------------------------------------------ */
/* rows of units: planned fronts this far apart, from the zone's front backwards */
#define FOGN_SETUP_ROW_PITCH 3.0
/* gaps (MU) kept between units, from avoided terrain, from the LOC markers and
 * from the table edges */
#define FOGN_SETUP_UNIT_GAP 1.0
/* ... narrowed to this when a crowded zone leaves no other room */
#define FOGN_SETUP_UNIT_GAP_TIGHT 0.5
#define FOGN_SETUP_TERRAIN_GAP 0.25
#define FOGN_SETUP_LOC_GAP 1.0
#define FOGN_SETUP_TABLE_MARGIN 0.25
/* a change of row costs as much as this sideways shift when a place is sought */
#define FOGN_SETUP_ROW_COST 8.0
/* gap between division blocks along the line */
#define FOGN_SETUP_DIV_GAP 2.0

/* --- objectives and length (Ruling, §14 scenario objectives) -------------------------- */
#define FOGN_SETUP_HILL_POINTS 3
#define FOGN_SETUP_BUILDING_POINTS 2
#define FOGN_SETUP_BUILDING_RADIUS 3.5
/* player-moves per side */
/* a bonus unit of more bases than this is large (§3.1: 4 small, 6 large) */
#define FOGN_SETUP_SMALL_INF_CAV_BASES 4
#define FOGN_SETUP_MAX_TURNS 12

/* --- sizes --------------------------------------------------------------------------- */
#define FOGN_SETUP_MAX_PICKS 24

/* --- regions and the §17.2 table ----------------------------------------------------- */
typedef enum fogn_region {
    FOGN_REG_CENTRAL = 0,   /* France & Central Europe */
    FOGN_REG_SOUTHERN,
    FOGN_REG_SPAIN,         /* Spain & Portugal */
    FOGN_REG_EASTERN,
    FOGN_REG_EGYPT,         /* Egypt & Middle East */
    FOGN_REG_COUNT
} fogn_region;

/* the columns of the §17.2 table */
typedef enum fogn_tcat {
    FOGN_TC_OPEN = 0,
    FOGN_TC_STEEP,
    FOGN_TC_GENTLE,
    FOGN_TC_WATER,          /* river or stream */
    FOGN_TC_ROAD,
    FOGN_TC_IMPASSABLE,
    FOGN_TC_DIFFICULT,
    FOGN_TC_BUILDINGS,
    FOGN_TC_ROUGH,          /* rough or cover */
    FOGN_TC_COUNT
} fogn_tcat;

/* §17.3 adjustment results */
typedef enum fogn_adjust {
    FOGN_ADJ_NONE = 0, FOGN_ADJ_SLIDE6, FOGN_ADJ_SLIDE12, FOGN_ADJ_REMOVE
} fogn_adjust;

/* §17.3 river entry */
typedef enum fogn_river_entry {
    FOGN_RIVER_OPP_EDGE = 0, FOGN_RIVER_OWN_EDGE, FOGN_RIVER_DISCARDED
} fogn_river_entry;

const char *fogn_setup_region_name(fogn_region r);
/* a list's region text ("Central Europe", "Spain & Portugal", ...) -> fogn_region, -1 unknown */
int fogn_setup_region_parse(const char *text);
int fogn_setup_region_max(fogn_region r, fogn_tcat c);
int fogn_setup_region_min(fogn_region r, fogn_tcat c);
const char *fogn_setup_tcat_name(fogn_tcat c);

/* --- the rolls' tables (pure) ---------------------------------------------------------- */
/* §17.3 placement area 1..6 for a d6; impassable pieces halve it rounding up */
int fogn_setup_placement_area(int d6, bool impassable);
/* §17.3 adjustment for a d6: -1 compulsory, +1 impassable */
fogn_adjust fogn_setup_adjustment(int d6, bool compulsory, bool impassable);
/* §17.3 river: the first die's entry, the second die's exit half (0 the
 * opponent's half, 1 the placer's own), the depth (gr_water_depth) for the
 * opponent's die: -2 for a stream under 1 MU wide, -1 in Egypt & Middle East */
fogn_river_entry fogn_setup_river_entry(int d6);
int fogn_setup_river_exit(int d6);
int fogn_setup_water_depth(int d6, bool narrow_stream, bool egypt);

/* --- the setup in progress -------------------------------------------------------------- */
typedef struct fogn_setup_initiative {
    int level[2];           /* corps commander level 1..3 */
    int rating[2];          /* the list's initiative */
    int roll[2];            /* the deciding dice */
    int total[2];
    int ties;               /* rolls re-made for a tie */
    int attacker;
    bool bonus;             /* won by FOGN_SETUP_BONUS_MARGIN or more */
} fogn_setup_initiative;

typedef struct fogn_setup_pick {
    uint8_t cat;            /* fogn_tcat */
    uint8_t type;           /* gr_terrain_type */
    uint8_t owner;          /* side that picked (and places) it */
    uint8_t compulsory;
    uint8_t large;
} fogn_setup_pick;

/* what the generator remembers of each terrain piece */
typedef struct fogn_setup_meta {
    int8_t owner;           /* placer; -1 for pieces not rolled for */
    uint8_t cat;            /* fogn_tcat, or FOGN_TC_COUNT for bridges, fords, field works */
    uint8_t compulsory;
    uint8_t area;           /* placement area 1..6, 0 none */
    uint8_t near_edges;     /* edges it may come within 4 MU of: 1 south, 2 north, 4 west, 8 east */
} fogn_setup_meta;

/* a unit or commander as deployed */
typedef struct fogn_setup_pose {
    double x, y;
    bool placed;
} fogn_setup_pose;

/* §17.5 steps 1 and 7: the divisions a player keeps off the table. These are
 * the players' secret choices; grognard setup takes them as options. */
typedef struct fogn_setup_options {
    bool reserve[2];        /* army a / b keeps its last division back as a reserve (centre of its rear edge) */
    int flank_edge;         /* FOGN_EDGE_LEFT or _RIGHT: the attacker's last division flank-marches; -1 none */
    int flank_sector;       /* FOGN_SEC_FRONT or FOGN_SEC_REAR */
} fogn_setup_options;
#define FOGN_SETUP_NO_FLANK (-1)
/* held[][] values */
enum { FOGN_SETUP_DEPLOYED = 0, FOGN_SETUP_RESERVE, FOGN_SETUP_FLANK };

typedef struct fogn_setup {
    const fogn_army_list *list[2];
    fogn_army army[2];              /* copies: pool attachments given, bonus units added */
    char side_name[2][FOGN_NAME];
    double table_w, table_h;
    gr_dice *dice;
    gr_log *log;

    fogn_setup_initiative init;
    int attacker, defender;
    int nbonus;                     /* bonus units added (or 1 for an upgraded unit) */
    int bonus_acv;                  /* what they would add to the attacker's ACV (§17.1: they do not) */
    int region;                     /* fogn_region */
    int npicks;
    fogn_setup_pick picks[FOGN_SETUP_MAX_PICKS];
    gr_terrain terrain;
    fogn_setup_meta meta[GR_TERRAIN_MAX];
    int hill, road;                 /* the defender's fixed pieces, -1 before they are placed */
    int name_count[GR_T_COUNT];
    gr_vec2 loc[2];

    /* deployment: units indexed by division and position in it */
    fogn_setup_pose unit[2][FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];
    fogn_unit_profile prof[2][FOGN_ARMY_MAX_DIVS][FOGN_ARMY_MAX_UNITS];
    fogn_setup_pose div_cmdr[2][FOGN_ARMY_MAX_DIVS];
    fogn_setup_pose corps[2];
    uint8_t held[2][FOGN_ARMY_MAX_DIVS];  /* FOGN_SETUP_DEPLOYED / _RESERVE / _FLANK (§17.5) */
    fogn_setup_options opt;
} fogn_setup;

/* --- API ------------------------------------------------------------------------------ */
/* Starts a setup: copies the armies (side 0 = a, south; side 1 = b, north),
 * checks that each has a corps commander and that every unit has a profile.
 * NULL with a message; free with free(). */
fogn_setup *fogn_setup_new(const fogn_army_list *la, const fogn_army *a, const fogn_army_list *lb,
                           const fogn_army *b, gr_dice *dice, gr_log *log, gr_error *err);

/* The whole of §17 on a new setup, then the scenario: NULL with a message
 * (a dice failure, or no room for a unit). The caller owns the JSON. */
json_t *fogn_setup_generate(const fogn_army_list *la, const fogn_army *a, const fogn_army_list *lb,
                            const fogn_army *b, gr_dice *dice, gr_log *log, gr_error *err);
/* ... with the players' off-table choices (NULL: none) */
json_t *fogn_setup_generate_with(const fogn_army_list *la, const fogn_army *a, const fogn_army_list *lb,
                                 const fogn_army *b, const fogn_setup_options *opt, gr_dice *dice, gr_log *log,
                                 gr_error *err);
/* §17.5 steps 1 and 7: marks the divisions kept off the table (after the
 * initiative, before any unit is placed) */
int fogn_setup_hold_step(fogn_setup *S, gr_error *err);

/* The steps, in order (each 0, or -1 with a message). */
int fogn_setup_roll_initiative(gr_dice *dice, gr_log *log, const int level[2], const int rating[2],
                               fogn_setup_initiative *out, gr_error *err);
int fogn_setup_initiative_step(fogn_setup *S, gr_error *err);   /* §17.1 with the bonus units */
int fogn_setup_region_step(fogn_setup *S, gr_error *err);       /* §17.2 region */
int fogn_setup_fixed_step(fogn_setup *S, gr_error *err);        /* §17.2 step 1: hill and road */
int fogn_setup_select_step(fogn_setup *S, gr_error *err);       /* §17.2 steps 2-5 */
int fogn_setup_place_step(fogn_setup *S, gr_error *err);        /* §17.3 */
int fogn_setup_attach_step(fogn_setup *S, gr_error *err);       /* §17.4 division pools */
int fogn_setup_deploy_step(fogn_setup *S, gr_error *err);       /* §3.5, §17.5 */
json_t *fogn_setup_to_json(const fogn_setup *S, gr_error *err);

/* §17.3 placement of one piece by `placer`: the placement roll, the policy
 * die for where in the area, the opponent's adjustment roll. Returns the
 * piece's index, -1 when it found no place or was removed, -2 on a dice
 * failure (message in err). */
int fogn_setup_place_piece(fogn_setup *S, int placer, const fogn_setup_pick *pk, gr_error *err);
/* §17.3 a river (or stream when `stream`) placed by `placer`; same returns. */
int fogn_setup_place_river(fogn_setup *S, int placer, bool stream, gr_error *err);
/* §17.2/§17.3 a road placed by `placer` (no roll); same returns. */
int fogn_setup_place_road(fogn_setup *S, int placer, gr_error *err);

/* Distance of a point from `side`'s own base edge. */
double fogn_setup_depth(const fogn_setup *S, int side, double y);
/* How deep a side's deployment zone reaches from its own edge. */
double fogn_setup_zone_depth(const fogn_setup *S, int side);
/* Does the piece reach into `side`'s deployment zone? */
bool fogn_setup_in_zone(const fogn_setup *S, int side, const gr_terrain_piece *p);

/* --- shared by the setup files ------------------------------------------------------------ */
/* One d6 thrown by `side` for the purpose given (printf style); 0 on a dice failure. */
int fogn_setup_roll(fogn_setup *S, int side, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A note in the setup's log (a choice made, a piece placed). */
void fogn_setup_note(fogn_setup *S, int side, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The y of a point at depth t from `side`'s own edge. */
double fogn_setup_y(const fogn_setup *S, int side, double t);
/* Appends a piece named after its type ("Copse 2"); its index or -1 when the table is full. */
int fogn_setup_add_piece(fogn_setup *S, gr_terrain_piece *p, const fogn_setup_meta *m);
/* Copies at most cap-1 bytes of a name without cutting a UTF-8 character;
 * the same after printf formatting. */
void fogn_setup_copy_name(char *out, size_t cap, const char *in);
void fogn_setup_fit(char *out, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* the scenario-format words */
const char *fogn_setup_side_edge(int side);

/* Loads a scenario (generated or not), builds its first state and checks
 * the invariants, and that no unit or commander stands on impassable ground
 * or in water away from a crossing. 0, or -1 with a message. */
int fogn_setup_check(json_t *scn, gr_error *err);

#endif
