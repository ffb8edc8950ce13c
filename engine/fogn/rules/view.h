/* view.h - what fogn units stand on and what they see: the ground under a
 * unit as firing and combat read it (§7.5, §9.2, §9.5, §15.1), lines of
 * sight and fire (§7.3, §15.2, §22.2 item 8), support areas and rear
 * support (§7.5, §9.4), flank positions for fire (§7.7), uphill (§15.2),
 * defended obstacles (§15.6, §15.8) and Defensive Position (§11.2). All are
 * pure questions about the scenario and the state. */
#ifndef FOGN_VIEW_H
#define FOGN_VIEW_H

#include "internal.h"

/* --- rulings --------------------------------------------------------------------------------------------- */
/* §7.5 Ruling: the support area reaches this far ahead of the supporter's front line (close range) */
#define FOGN_SUPPORT_DEPTH 2.0
/* §7.3: no fire through a gap narrower than 1 BW. Ruling: a line passes a
 * gap when units lie within 1 BW of it on both its sides, nearer each other than 1 BW */
#define FOGN_GAP_WIDTH FOGN_BW
/* §15.1: troops wholly in cover are seen only within 6 MU, in dense wood only within 2 MU */
#define FOGN_COVER_SIGHT 6.0
#define FOGN_DENSE_SIGHT 2.0
/* §7.3: the long-range exception: enemy Skirmishers at least this far from firer and target */
#define FOGN_SKIRM_SCREEN_CLEAR 2.0
/* §9.4: a flank supporter stands within 1 BW of the supported unit; a rear supporter within 6 MU */
#define FOGN_FLANK_SUPPORT_RANGE FOGN_BW
#define FOGN_REAR_SUPPORT_RANGE 6.0
/* §15.6: a bank is defended by a unit whose front-edge midpoint or both front corners are within 2 MU of the water */
#define FOGN_BANK_RANGE 2.0
/* Ruling §15.6: "facing the water" = a step this long straight ahead brings the
 * front edge's middle nearer the river's centre line (a step of the whole
 * 2 MU would overshoot a front already at the water's edge) */
#define FOGN_BANK_FACING_STEP 0.05
/* §15.2 Ruling: a base is on a hill when this many of its corners are inside the hill */
#define FOGN_UPHILL_CORNERS 3

/* where a unit stands, as the rules of fire and combat read it */
typedef struct fogn_ground {
    uint8_t fire_penalty;   /* §7.5 item 3: effective levels added when it fires (0 for Skirmishers) */
    uint8_t fight_penalty;  /* §9.5: effective levels added when it fights (0 for Skirmishers) */
    uint8_t any_rough_or_difficult; /* some part in rough, difficult or wooded ground (§9.2 "all other" row) */
    uint8_t in_cover;       /* wholly inside woods or buildings (§15.1) */
    uint8_t soft_ground;    /* some part on soft ground (§15.3) */
} fogn_ground;

void fogn_unit_ground(const fogn_scenario *s, const fogn_state *st, int i, fogn_ground *g);
/* does any part of unit i touch or stand in terrain piece p? */
bool fogn_unit_touches_piece(const fogn_scenario *s, const fogn_state *st, int i, const gr_terrain_piece *p);

/* §15.2, §15.1: can unit i see unit j (terrain only: hills, woods, buildings, rocks)? */
bool fogn_can_see(const fogn_scenario *s, const fogn_state *st, int i, int j);
/* §7.3: a line of fire from the middle of `from`'s front edge (the firer's
 * front, or one half of a line) to some part of t: seen, not through other
 * units or gaps under 1 BW (long-range artillery may shoot past enemy
 * Skirmishers, §7.3); *both_corners says whether lines also run from both
 * front corners (if not, it fires a level lower) */
bool fogn_fire_line(const fogn_scenario *s, const fogn_state *st, int f, const gr_rect *from, int t, int *both_corners);
/* §7.3: a large unit whose target is ahead of one end base only fires as a small unit */
bool fogn_fires_as_small(const fogn_scenario *s, const fogn_state *st, int f, int t);
/* §7.7: is the firer (footprint fr) behind t's flank or rear? */
bool fogn_fire_from_behind(const fogn_scenario *s, const fogn_state *st, const gr_rect *fr, int t);
/* §7.5: enemy cavalry, not Broken, within `range` of unit f */
bool fogn_enemy_cavalry_near(const fogn_scenario *s, const fogn_state *st, int f, double range);
/* §7.5, §9.4: is enemy e inside unit sup's support area (ahead of its front
 * line, beyond a side edge by at most 1 BW, not in its own front)? */
bool fogn_in_support_area(const fogn_scenario *s, const fogn_state *st, int sup, int e);
/* §9.4: the flank supporters of unit i in its melee (at most one a flank);
 * returns the count (at most max), their indices in out (may be NULL) */
int fogn_flank_supporters(const fogn_scenario *s, const fogn_state *st, int i, int *out, int max);
/* §9.4: has unit i rear support? */
bool fogn_rear_supported(const fogn_scenario *s, const fogn_state *st, int i);
/* §15.2: 2 when unit i is uphill of enemy j in their contact, 1 partly, 0 not */
int fogn_uphill_of(const fogn_scenario *s, const fogn_state *st, int i, int j);
/* §15.6, §15.8: does unit i defend an obstacle (its front on a wall, hedge
 * or field work, or facing a river or stream deeper than ankle), with no
 * enemy placed to assault its flank or rear next (FOGN_R_OBS_FLANK_THREAT)? */
bool fogn_defends_obstacle(const fogn_scenario *s, const fogn_state *st, int i);
/* the same for terrain piece k alone (a field work, wall, hedge, river or stream) */
bool fogn_defends_piece(const fogn_scenario *s, const fogn_state *st, int i, int k);
/* the place alone: unit i stands as a defender of piece k would, whatever the enemy does */
bool fogn_touches_obstacle_piece(const fogn_scenario *s, const fogn_state *st, int i, int k);
/* §15.8: do i and j, in contact, fight across an obstacle? */
bool fogn_contact_across_obstacle(const fogn_scenario *s, const fogn_state *st, int i, int j);
/* §11.2: Defensive Position: in buildings, defending an obstacle, or on a
 * hill with every enemy below it */
bool fogn_defensive_position(const fogn_scenario *s, const fogn_state *st, int i);

#endif
