/* rulings.h - every reconstructed table value (R) and every ruling the fogn
 * engine makes where the book is silent, as a named constant. Each has a line
 * in docs/rulings.md with the section it stands for. Change them here only. */
#ifndef FOGN_RULINGS_H
#define FOGN_RULINGS_H

/* §8.3 / §23.1 #1: regular light cavalry not in single rank moves 8/6/4 */
#define FOGN_R_LIGHT_CAV_OPEN 8.0
#define FOGN_R_LIGHT_CAV_ROUGH 6.0
/* §23.1 #2: limbered horse artillery rough / difficult */
#define FOGN_R_HORSE_ART_ROUGH 4.0
#define FOGN_R_HORSE_ART_DIFFICULT 2.0
/* §23.1 #3: skirmish infantry in the open; prolong without heavy guns in the open */
#define FOGN_R_SKIRMISH_OPEN 6.0
#define FOGN_R_PROLONG_MEDIUM_OPEN 2.0
/* §23.1 #4: commanders alone 10/8/6 */
#define FOGN_R_CMDR_OPEN 10.0
#define FOGN_R_CMDR_ROUGH 8.0
#define FOGN_R_CMDR_DIFFICULT 6.0
/* §23.1 #5: squares move only the 1 MU minimum */
#define FOGN_R_SQUARE_MOVE 1.0
/* §8.3: every unit may move 1 MU whatever the terrain (not heavy guns by prolong in difficult) */
#define FOGN_MIN_MOVE 1.0
/* §23.1 #13: stationary formation/facing change Simple unless an enemy is within 2 MU */
#define FOGN_R_REFORM_ENEMY_NEAR 2.0
/* §8.5 Ruling: a large Extended Line forming Tactical keeps its two centre
 * front bases; the third front base forms on their right (+1) or left (-1) */
#define FOGN_R_LINE_TO_TACTICAL_SIDE 1
/* §8.5 Ruling: "no nearer the nearest enemy": the new formation is slid in
 * steps of this many MU (back, back-and-aside, aside), at most this many steps */
#define FOGN_R_REFORM_SLIDE_STEP 0.1
#define FOGN_R_REFORM_SLIDE_STEPS 40
/* §23.1 #14: unlimber Simple (N/A Wavering); limber heavy Complex; medium Simple */
#define FOGN_R_UNLIMBER_SIMPLE 1
#define FOGN_R_LIMBER_HEAVY_COMPLEX 1
/* §23.2 #16: Wavering units keep 6 MU from the enemy (10 is the alternative) */
#define FOGN_WAVERING_KEEP_AWAY 6.0
/* §23.2 #17: division commander's range while leading a unit */
#define FOGN_DIV_RANGE 8.0
#define FOGN_DIV_RANGE_LEADING 4.0
#define FOGN_CORPS_RANGE 20.0
#define FOGN_CORPS_RANGE_LEADING 10.0
/* §5.1: each command point a corps commander gives costs him 1, plus 1 when
 * the receiver is out of his command range, plus 1 when the receiver is an
 * allied division commander */
#define FOGN_ALLOC_BASE_COST 1
#define FOGN_ALLOC_OUT_OF_RANGE 1
#define FOGN_ALLOC_ALLIED 1
#define FOGN_ARMY_RANGE 40.0
/* §23.3 #42: one wheel of at most 90 degrees, made first; the outer corner's
 * arc is at most half the allowance */
#define FOGN_MAX_WHEEL_DEG 90.0
#define FOGN_WHEEL_ARC_FRACTION 0.5
/* §8.4: slides of at most one base width */
#define FOGN_MAX_SLIDE FOGN_BW
/* §8.4 slide case (a): both front corners travel at least 3 MU and the unit keeps 6 MU from enemies */
#define FOGN_SLIDE_MIN_ADVANCE 3.0
#define FOGN_SLIDE_ENEMY_CLEAR 6.0
/* Ruling: two footprints closer than this are in contact (assaults snap
 * units flush, so real contacts are exact; voluntary moves must stay farther) */
#define FOGN_CONTACT_TOL 1e-3
/* Ruling: a footprint this close outside the table edge still stands on it
 * (moves that stop touching the edge land on it to within rounding) */
#define FOGN_TABLE_TOL 1e-4
/* §8.4 / §8.9 / §8.11: the 2 MU rings */
#define FOGN_CLOSE 2.0
/* §8.3 roads: double move if > 6 MU from every enemy unit all the way */
#define FOGN_ROAD_ENEMY_CLEAR 6.0
/* Ruling: a move "follows a road" when the front-edge centre stays within
 * the road's half width plus this tolerance of its centre line */
#define FOGN_ROAD_TOLERANCE 0.5
/* §8.10 second move: > 6 MU from enemy combat units throughout */
#define FOGN_SECOND_MOVE_CLEAR 6.0
/* §8.13, §17.5 (Ruling): the defender's deployment area ends this far short of the centre line */
#define FOGN_OPENING_DEFENDER_GAP 6.0
/* Ruling: swept paths are checked on this many intermediate poses per wheel */
#define FOGN_WHEEL_SAMPLES 8
/* Ruling: a turn in place rotates the footprint about its centre */
/* Ruling: an about-face keeps the footprint: the new front edge is the old rear edge */
/* §8.4, Ruling: a March Column bends where its head turns, at a road's
 * turn (marching along the road) or where its head base wheeled (the column
 * following the head's path): when the turn is at least this sharp; a
 * gentler one leaves it straight along its head, and a gentler wheel turns
 * it as one rigid piece (1 degree moves the tail of the longest column,
 * 6.75 MU, by less than 0.12 MU) */
#define FOGN_COLUMN_BEND_MIN_DEG 1.0
/* §8.4, Ruling: ... and while at least a base depth of it lies behind the
 * turn: with less, its last base is turning the corner, and the column is
 * placed straight along its head (the far corner moves by under a base
 * depth; every footprint stays within FOGN_REACH_MAX of its front edge) */
#define FOGN_COLUMN_BEND_MIN_REAR FOGN_BASE_DEPTH
/* §8.5: a line bends at its centre by up to this, the wings going back; a
 * kinked line moves by a normal move that wheels its right half into line,
 * or goes on bent (FOGN_MOVE_BENT), or bends again */
#define FOGN_MAX_KINK_DEG 90.0
/* §8.7 interpenetration: the passed unit may be slid back up to one base depth */
#define FOGN_INTERPEN_SLIDE FOGN_BASE_DEPTH
/* Ruling: a unit may not leave the table by a voluntary move (outcome moves, §9.11, may: outcome.c) */
/* §8.8 brigade groups: units within this of their commander throughout */
#define FOGN_BG_CMDR_RANGE 8.0
/* Scenario objectives (§14 leaves a scenario's own conditions to it; our
 * format gives each objective its points): a side takes an objective when,
 * at the start of a Recovery Phase, it alone has a unit within the
 * objective's radius that is not Wavering or worse (this many levels from
 * Steady at most: Steady or Disordered); it keeps it until the other side
 * takes it. At a timed end each side's objectives count as attrition points
 * it has inflicted. */
#define FOGN_OBJ_HOLD_WORST_COHESION FOGN_DISORDERED

/* §17.1: when the attacker took bonus units the defender's Army Combat Value
 * gains this much (the bonus units themselves leave the attacker's ACV as it
 * was: the scenario gives him minus their value, so that their losses
 * still count as attrition); a scenario carries both as sides[i].acv_adjust */
#define FOGN_BONUS_DEFENDER_ACV 2

/* §14 army morale: defeated at 50% of the ACV, at 30% while the enemy is
 * under 10%, at 40% while the enemy is under 20% */
#define FOGN_DEFEAT_PCT 50
#define FOGN_DEFEAT_LOW_PCT 30
#define FOGN_DEFEAT_LOW_ENEMY_PCT 10
#define FOGN_DEFEAT_MID_PCT 40
#define FOGN_DEFEAT_MID_ENEMY_PCT 20
/* §14 timed game: Major 12 points and 3:1, Moderate 8 and 2:1, Marginal 4 */
#define FOGN_MAJOR_MARGIN 12
#define FOGN_MAJOR_RATIO 3
#define FOGN_MODERATE_MARGIN 8
#define FOGN_MODERATE_RATIO 2
#define FOGN_MARGINAL_MARGIN 4
/* §14 bonus, §23.3 #48: two more fresh cavalry units move the result one level */
#define FOGN_CAVALRY_BONUS_MARGIN 2
/* §11.1: friends within 4 MU of a unit that breaks (or is destroyed) test */
#define FOGN_BREAK_SHAKE_RANGE 4.0
/* §11.1: the score of the "any time" cohesion tests */
#define FOGN_CT_SCORE 5
/* §12.4: abandoned guns with more than this many losses are destroyed */
#define FOGN_GUN_LOSSES_MAX 3
/* §10.1: a unit taking this many hits in a firing phase or combat round risks its commanders */
#define FOGN_CASUALTY_HITS 3
/* §8.11: a commander caught alone rides to a friend within this distance */
#define FOGN_CMDR_ESCAPE_RANGE 10.0
/* §12, §8.11: commanders move up to 4 MU in each Recovery Phase and recover
 * units within 4 MU; abandoned guns need friendly infantry within 6 MU */
#define FOGN_RECOVERY_CMDR_MOVE 4.0
#define FOGN_RECOVERY_RANGE 4.0
#define FOGN_GUN_RECOVERY_RANGE 6.0
/* §11.1 recovery scores: rally a Broken unit 6+, recover a level 5+ */
#define FOGN_RALLY_SCORE 6
#define FOGN_RECOVER_SCORE 5
/* §7.2 range bands: close <= 2 MU (FOGN_CLOSE), medium <= 6, long <= 16 */
#define FOGN_MEDIUM_RANGE 6.0
#define FOGN_LONG_RANGE 16.0
/* §7.5: enemy cavalry this near costs infantry medium-range dice */
#define FOGN_CAV_NEAR_RANGE 6.0
/* §7.6: a pool of this many dice or fewer gives each target at least 1, larger pools at least 2 */
#define FOGN_SPLIT_SMALL_POOL 5
/* §7.9, §23.2 #24: assaulting cavalry taking this many close-range hits is Spent */
#define FOGN_SPENT_BY_FIRE_HITS 4
/* the Firing Phase choices kept in fogn_unit.fire_opt */
#define FOGN_FIRE_OPT_HOLD 1
#define FOGN_FIRE_OPT_NO_SKIRM 2
/* §6.6: guns charged from farther than this may fire at medium range, then leave */
#define FOGN_GUNS_LEAVE_RANGE 4.0
/* §12.4, §23.1 #12: abandonment losses: voluntary 1, a failed stand 2, a combat outcome 1 */
#define FOGN_ABANDON_VOLUNTARY_LOSS 1
#define FOGN_ABANDON_FORCED_LOSS 2
#define FOGN_ABANDON_COMBAT_LOSS 1
/* §6.8: an evader caught by its assaulter goes this much farther, keeping its facing */
#define FOGN_CAUGHT_EVADER_MOVE 4.0
/* §9.10: infantry may decline to pursue with unbroken enemy cavalry this near */
#define FOGN_PURSUIT_CAV_NEAR 6.0
/* Ruling: a decision bound: the game ends as a draw after this many decisions
 * (guards against a scenario without a turn limit) */
#define FOGN_MAX_DECISIONS 20000
/* Ruling: default game length when a scenario sets none (player-moves per side) */
#define FOGN_DEFAULT_TURNS 12
/* Ruling: the order menu offers advances to these distance bands from the target */
#define FOGN_BAND_CLOSE 2.5
#define FOGN_BAND_MEDIUM 6.5
#define FOGN_BAND_LONG 16.0
/* Ruling: the order menu considers only this many nearest enemies */
#define FOGN_MENU_ENEMIES 3
/* Ruling: the order menu offers moving up to and crossing this many of the
 * walls, hedges and deep waters within a move of a unit */
#define FOGN_MENU_CROSSINGS 4

/* Ruling §15.8: crossing a wall, hedge or deep water (crossing.c). */
/* Ruling: how near counts as touching, and how far a move may overlap an obstacle
 * and still only touch it (our tolerance for "touching" at the table) */
#define FOGN_CROSS_TOUCH_TOL 0.02
/* Ruling: how far from parallel a front edge may stand to an obstacle's edge and
 * still cross it (our tolerance for "parallel" by eye) */
#define FOGN_CROSS_PARALLEL_DEG 5.0
/* Ruling: the farthest beyond its start a crossing places a unit: its depth, the
 * widest river (4 MU, §15.6) and a margin for a bend */
#define FOGN_CROSS_BEYOND_MAX 12.0


/* Ruling §6.8: an assaulter whose target got away with no other to turn on
 * completes its full move in the direction of its assault: straight ahead,
 * as a pursuit runs (§9.12 mechanics: its allowance over the worst ground of
 * the run, stopping at impassable ground, the table's edge, a friend it may
 * not pass); an enemy in its way it does not strike (only a declared or
 * retargeted assault strikes): it halts this far short of it */
#define FOGN_MISSED_RUN_GAP 0.1
/* Ruling §6.8: "within 2 MU of the line it retired along" is measured at
 * this many steps of the evader's footprint between its old and new place */
#define FOGN_AS_RETARGET_SAMPLES 10
/* Ruling §9.3/§9.8: a flank supporter's dice re-roll one level better when a
 * commander leads the supporter */
#define FOGN_CO_SUPPORT_LEADER_COUNTS 1
/* Ruling §9.3/§9.6: a flank supporter's dice go at the first foe inside its
 * support area (0: always the central foe) */
#define FOGN_CO_SUPPORT_FOE_IN_AREA 1
/* Ruling §7.1, §23.3 #36: a unit in contact fires from a wholly free file
 * (large unit) or free half (Extended Line) as a small unit */
#define FOGN_FIRE_FREE_PART_FIRES 1
/* Ruling §7.3/§7.6: a large unit splitting its fire fires as small only if
 * every target in the band stands before one end base only */
#define FOGN_FIRE_SPLIT_SMALL_ALL_TARGETS 1
/* Ruling §15.8 (Defended Obstacle): an obstacle is not defended while an
 * enemy able to declare an assault starts clear of the defenders' front
 * within its open-ground move of them (view.c) */
#define FOGN_R_OBS_FLANK_THREAT 1
/* Ruling §8.5: a Square formed in reaction and out of its assaulter's reach
 * slides toward the assaulter's front-edge centre; the least slide is found
 * by steps of this much, then halved down to the tolerance */
#define FOGN_SQUARE_SLIDE_STEP 0.25
#define FOGN_SQUARE_SLIDE_TOL 0.001

#endif
