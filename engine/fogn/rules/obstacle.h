/* obstacle.h - contact across a defended linear obstacle (§6.1 item 3 and
 * the Glossary's "Assault Range", §15.6-§15.8): a unit whose front edge
 * touches the front of a wall, hedge, river or stream that an enemy defends
 * on the other side is in contact with that enemy, and the two fight across
 * it. Also the assaults §6.1 item 5 and §15.7 allow a March Column (across a
 * bridge or ford, along a road into buildings), the water's fighting
 * penalty (§15.6, §15.7) and the assault pairings obstacles forbid.
 *
 * The geometry: the "front of the obstacle" is the edge of the line's width
 * on the side away from its defender. Field works and buildings are not
 * handled here: their garrisons stand on the perimeter, so contact with the
 * obstacle's front is contact with the garrison itself (building.c). Every
 * ruling below has a line in docs/rulings.md. */
#ifndef FOGN_OBSTACLE_H
#define FOGN_OBSTACLE_H

#include "contact.h"

/* --- rulings --------------------------------------------------------------------------------------- */
/* §6.1 item 3 Ruling: an assault on a unit defending a wall, hedge, river or
 * stream ends where its straight advance first touches the front of that
 * obstacle (it never crosses an obstacle its target defends); the pose is
 * not snapped and the target does not turn */
#define FOGN_OBS_STOP_AT_FRONT 1
/* §6.1 item 3, §15.8 Ruling: an assault's path (and an interception's) is a
 * normal advance, so it goes into or over a wall or a hedge only where its
 * target defends that obstacle (and then ends at its front) or where the
 * assaulter already stands in it; otherwise the target is out of reach.
 * Water is the exception the book makes: an assault may go through it where
 * its depth permits (§6.1's shoulder-high bar, §15.7) */
#define FOGN_R_ASSAULT_NOT_OVER_OBSTACLE 1
/* §6.1, §15.8 Ruling: two units are in contact across obstacle k when one
 * defends k, the other's front edge touches k's far edge (not in it), and a
 * line straight ahead from that front edge crosses k into the defender's
 * front no farther than k's width plus this many MU, with no unit between */
/* the widest obstacle line a scenario may hold: a river, 4 MU (§15.6; scenario.c's bound) */
#define FOGN_OBS_MAX_LINE_WIDTH 4.0
#define FOGN_OBS_ACROSS_GAP 4.0
/* Ruling: the front edge is probed straight ahead at this many evenly spaced points */
#define FOGN_OBS_PROBES 17
/* Ruling: the advance to an obstacle's front is searched in steps of this
 * many MU (less than any unit's depth, so no line is stepped over), then bisected */
#define FOGN_OBS_SEARCH_STEP 0.25
/* §15.6 Ruling: "cavalry may not charge over a defended river deeper than
 * ankle" holds for streams too; across a bridge or ford it may (§15.7) */
#define FOGN_OBS_CAV_STREAMS_TOO 1
/* §15.7 Ruling: an assault is across a bridge or ford when the assaulter,
 * in March Column or Tactical, ends with its front edge touching a bridge or
 * ford piece; other formations there go through the water */
#define FOGN_OBS_CROSSING_AT_FRONT 1
/* §15.6, §15.7 Ruling: an attacker across water fights this many levels
 * lower: waist high 1, shoulder high or torrent 2 ("where it can occur");
 * across a bridge or ford in Tactical one level less (shoulder high: 1,
 * waist high: 0); a March Column there takes its column penalties only */
#define FOGN_OBS_WAIST_LEVELS 1
#define FOGN_OBS_SHOULDER_LEVELS 2
#define FOGN_OBS_CROSSING_RELIEF 1
/* §6.1 item 5, §15.4 Ruling: a move "entirely along a road" keeps the
 * front-edge centre within FOGN_ROAD_TOLERANCE of a road or bridge at this
 * many points of the path (wheel and straight run) */
#define FOGN_OBS_ROAD_SAMPLES 16
/* §15.8 Ruling: the unit that came up to the obstacle's front does not count
 * as defending it against the enemy it meets across it */
#define FOGN_OBS_ATTACKER_NOT_DEFENDER 1

/* is terrain piece p a linear obstacle contact can be made across (a wall,
 * a hedge, a river or stream deeper than ankle and not dry)? */
bool fogn_obs_line(const gr_terrain_piece *p);
/* does the scenario have any such line? */
bool fogn_obs_any(const fogn_scenario *s);
/* Is x, standing at rx (its footprint, or a pose it may take), in contact
 * across obstacle k with d, which defends k? Fills *c (a = x, b = d,
 * across = 1 + k, holder = d) when it is. */
bool fogn_obs_rect_contact(const fogn_scenario *s, const fogn_state *st, int x, const gr_rect *rx, int d, int k,
                           fogn_contact *c);
/* The scenario's obstacle lines (fogn_obs_line) and the widest, gathered
 * once for a loop over many pairs: set ready to 0 before the loop and the
 * first pair that needs them fills the rest */
typedef struct fogn_obs_lines {
    int ready;
    int n;
    double widest; /* -1: none */
    int k[GR_TERRAIN_MAX];
} fogn_obs_lines;
/* Are units i and j (enemies) in contact across an obstacle as they stand?
 * Fills *c (a = i, b = j). */
bool fogn_obs_contact(const fogn_scenario *s, const fogn_state *st, int i, int j, fogn_contact *c);
/* the same, with the lines of a loop's pairs (NULL: gathered for this pair) */
bool fogn_obs_contact_lines(const fogn_scenario *s, const fogn_state *st, int i, int j, fogn_obs_lines *lines,
                            fogn_contact *c);
/* the same with both units' reaches (fogn_unit_reach) already worked out */
bool fogn_obs_contact_reach(const fogn_scenario *s, const fogn_state *st, int i, int j, double reach_i, double reach_j,
                            fogn_obs_lines *lines, fogn_contact *c);
/* The first t in [0, tmax] at which rectangle w moved t along unit vector u
 * touches piece p; false when it never does. */
bool fogn_obs_first_touch(const gr_terrain_piece *p, const gr_rect *w, gr_vec2 u, double tmax, double *t);
/* does rectangle r's front edge touch a bridge or ford? */
bool fogn_obs_front_on_crossing(const fogn_scenario *s, const gr_rect *r);
/* §15.6, §15.7: effective levels unit i fights lower for being the attacker
 * across water from its foes */
int fogn_obs_water_levels(const fogn_scenario *s, const fogn_state *st, int i, const int *foes, int nfoes);
/* §15.8, FOGN_OBS_ATTACKER_NOT_DEFENDER: did i come up to the front of the
 * obstacle it meets foe across (it is no defender in that melee)? */
bool fogn_obs_attacker_across(const fogn_scenario *s, const fogn_state *st, int i, int foe);
/* does unit i defend an obstacle for its melee outcome and pursuit, i.e.
 * defend one and not be the attacker that came up to an enemy's obstacle? */
bool fogn_obs_holds(const fogn_scenario *s, const fogn_state *st, int i);
/* §6.1 item 5, §15.4: does a reach follow a road or bridge all the way? */
bool fogn_obs_reach_on_road(const fogn_scenario *s, const fogn_reach *r);
/* §6.1, §15.6, §15.7: may unit a make the assault r (already in reach) as far
 * as obstacles and March Column go? 0 yes, -1 with the reason in err */
int fogn_obs_assault_ok(const fogn_scenario *s, const fogn_state *st, int a, int b, const fogn_reach *r, gr_error *err);

#endif
