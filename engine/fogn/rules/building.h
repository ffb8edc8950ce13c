/* building.h - built-up areas (§15.4) and field fortifications (§15.5):
 * which unit garrisons which area and how (occupying or defending), where a
 * garrison stands, the Movement Phase orders that enter, change and leave an
 * area, and the questions fire and combat ask about garrisons (the area's
 * perimeter for ranges, rear support of defenders, storming in).
 *
 * An area is read as its box: the smallest rectangle around the polygon
 * aligned with its longest edge (a building) or with its open rear edge (a
 * field work). The box has four faces: front, right, rear, left; for a
 * field work the rear face is the open rear. Every ruling below has a line
 * in docs/rulings.md. */
#ifndef FOGN_BUILDING_H
#define FOGN_BUILDING_H

#include "internal.h"

/* how a unit holds an area (fogn_unit.bmode) */
typedef enum fogn_bld_mode { FOGN_BLD_NONE = 0, FOGN_BLD_OCCUPY = 1, FOGN_BLD_DEFEND = 2 } fogn_bld_mode;
/* the faces of an area's box (fogn_unit.bface) */
enum { FOGN_BLD_FACE_FRONT = 0, FOGN_BLD_FACE_RIGHT, FOGN_BLD_FACE_REAR, FOGN_BLD_FACE_LEFT, FOGN_BLD_FACES };

/* --- values the book gives ------------------------------------------------------------------------ */
/* §15.4: a garrison may move straight to another building this near */
#define FOGN_BLD_SHIFT_RANGE 2.0
/* §15.5: artillery in a field work splits its fire: all dice at one target,
 * two thirds (rounded) at each of two, half at each of three */
#define FOGN_FORT_SPLIT_MAX 3

/* --- rulings --------------------------------------------------------------------------------------- */
/* §15.4 Ruling (placement): a garrison stands inside its area in Tactical
 * (artillery unlimbered) with its front edge centred on the face of the
 * area's box it chose, facing out; a field work's garrison always takes the
 * front face (the one opposite the open rear) */
#define FOGN_R_BLD_PLACE_ON_FACE 1
/* §15.4 Ruling: a unit may enter an area whose nearest point lies within its
 * open-ground allowance of its footprint */
#define FOGN_R_BLD_REACH_OPEN 1
/* Ruling: a footprint is in an area when it reaches more than this inside it
 * (touching the perimeter is not being in it) */
#define FOGN_R_BLD_INTERIOR_TOL 0.05
/* §15.4 Ruling: a unit may not end an ordinary move newly inside a building or
 * field work (it uses the enter order), except a March Column or limbered
 * artillery marching along a road through a building */
#define FOGN_R_BLD_ENTER_BY_ORDER 1
/* §15.4 Ruling: changing the face a garrison stands on is a change of
 * facing: Simple unless an enemy is within 2 MU (§23.1 #13) */
#define FOGN_R_BLD_REFACE_AS_TURN 1
/* §15.4 Ruling: a defending garrison makes no outcome move unless Broken,
 * from fire as from combat (the book says it for combat) */
#define FOGN_R_BLD_DEFENDERS_HOLD_FIRE 1
/* §15.4: a garrison's artillery attachments add their dice to one of its
 * targets only (Ruling: the nearest, the first in unit order on a tie) */
#define FOGN_R_BLD_GUNS_AT_NEAREST 1
/* §15.4 Ruling: the defenders' rear supporter may not have an enemy within
 * this distance of its straight path to the area ("without passing within
 * 4 MU across an enemy front" read as any enemy) */
#define FOGN_R_BLD_SUPPORT_ENEMY_CLEAR 4.0
/* §15.4 Ruling: infantry that fought a defending garrison which broke and
 * left storms in instead of pursuing (Steady or Disordered, the area empty);
 * it stands on the face nearest to the way it faced, occupying */
#define FOGN_R_BLD_STORM_INSTEAD_OF_PURSUIT 1
/* §15.4, §9.12: building pieces whose boxes stand no farther apart than this
 * (a road's width, as wide as a March Column's base) are one large built-up
 * area; storming it takes a second assaulter, into an empty piece of it */
#define FOGN_R_BLD_VILLAGE_GAP 1.5
/* §9.12: infantry units that may storm into a large built-up area (one into a small one) */
#define FOGN_BLD_LARGE_AREA_STORMERS 2
/* §15.5 Ruling: splitting two thirds / half rounds halves up (5 dice: 3 + 3
 * at two targets, 3 + 3 + 3 at three) */
#define FOGN_R_FORT_SPLIT_ROUND_HALF_UP 1
/* §15.5 Ruling: infantry and artillery in a field work always defend it;
 * cavalry entering from the rear only occupy it (no benefit) */
#define FOGN_R_FORT_ALWAYS_DEFEND 1

/* --- queries ---------------------------------------------------------------------------------------- */
/* is terrain piece k a building or a field work? */
bool fogn_bld_piece(const fogn_scenario *s, int k);
/* the box of an area (see the top of this file) */
gr_rect fogn_bld_box(const gr_terrain_piece *p);
/* works the box of a building or field work piece out and keeps it in the
 * piece (gr_terrain_piece.frame), for fogn_bld_box to give back while the
 * piece stays as it is; other pieces are left alone */
void fogn_bld_keep_box(gr_terrain_piece *p);
/* face f of the box: its outward normal's heading, its centre and length */
void fogn_bld_face(const gr_terrain_piece *p, int f, double *heading, gr_vec2 *centre, double *len);
/* an empty building piece of the same large built-up area as building piece
 * k (FOGN_R_BLD_VILLAGE_GAP), the first in terrain order; -1 none */
int fogn_bld_empty_neighbour(const fogn_scenario *s, const fogn_state *st, int k);
/* the unit garrisoning piece k, -1 none */
int fogn_bld_holder(const fogn_scenario *s, const fogn_state *st, int k);
/* the piece unit i garrisons (-1 none) and how (FOGN_BLD_NONE when none) */
int fogn_bld_of(const fogn_scenario *s, const fogn_state *st, int i);
int fogn_bld_mode_of(const fogn_scenario *s, const fogn_state *st, int i);
/* is unit i in a building (type building, either mode)? in a field work? */
bool fogn_bld_in_building(const fogn_scenario *s, const fogn_state *st, int i);
bool fogn_bld_in_fort(const fogn_scenario *s, const fogn_state *st, int i);
/* does unit i defend its building or field work (infantry or artillery, not Broken)? */
bool fogn_bld_defends(const fogn_scenario *s, const fogn_state *st, int i);
/* the rectangles fire ranges are measured to for unit i: a building's box
 * for its garrison (§15.4 "the perimeter"), else its footprint (contact:
 * fogn_bld_meet_rects) */
int fogn_bld_measure_rects(const fogn_scenario *s, const fogn_state *st, int i, gr_rect out[2]);
/* §15.4 Ruling: a building's garrison is met anywhere on the building's
 * perimeter: contact, assault reach and the distances of moves to it are
 * measured to the box (fogn_bld_measure_rects), and it has no flank or rear
 * there (all its faces are front) */
#define FOGN_R_BLD_MET_ON_PERIMETER 1
/* is unit i met on its building's perimeter (FOGN_R_BLD_MET_ON_PERIMETER)? */
bool fogn_bld_on_perimeter(const fogn_scenario *s, const fogn_state *st, int i);
/* a radius about unit i's front-edge centre holding every rectangle
 * fogn_bld_meet_rects gives it: its footprint's reach (fogn_unit_reach),
 * or more for a building's garrison */
double fogn_bld_meet_reach(const fogn_scenario *s, const fogn_state *st, int i);
/* the rectangles unit i is met on (contact, assault reach, the enemy distances
 * of moves): its footprint, and before it a building garrison's box
 * (FOGN_R_BLD_MET_ON_PERIMETER) */
int fogn_bld_meet_rects(const fogn_scenario *s, const fogn_state *st, int i, gr_rect out[2]);
/* is point q beyond the open rear of field work k (outside its rear face)? */
bool fogn_bld_behind_rear(const fogn_scenario *s, int k, gr_vec2 q);
/* does rectangle r reach inside piece k (more than the tolerance)? */
bool fogn_bld_rect_inside(const fogn_scenario *s, int k, const gr_rect *r);
/* §15.4: has defending garrison i rear support from infantry outside? */
bool fogn_bld_rear_supported(const fogn_scenario *s, const fogn_state *st, int i);
/* after anything moved: garrisons that left their area (or died) hold it no more */
void fogn_bld_sync(const fogn_scenario *s, fogn_state *st);
/* may an ordinary move of unit i end at `after` (FOGN_R_BLD_ENTER_BY_ORDER)? 0 or -1 with the reason */
int fogn_bld_move_ok(const fogn_scenario *s, const fogn_state *st, int i, const fogn_unit *after, int road_march,
                     gr_error *err);

/* --- orders (Movement Phase) ------------------------------------------------------------------------ */
/* what an order does, checked */
typedef struct fogn_bld_plan {
    fogn_unit after;      /* the unit after the order (pose, formation, bld, bmode, bface) */
    int complex;          /* needs a CMT */
    char why[96];
} fogn_bld_plan;

/* is this an ENTER / GARRISON / LEAVE action? */
bool fogn_bld_order(const gr_action *a);
/* checks a building order of the unit now deciding; 0 legal (plan filled), -1 with the reason */
int fogn_bld_check(const fogn_scenario *s, const fogn_state *st, const gr_action *a, fogn_bld_plan *plan,
                   gr_error *err);
/* carries it out (CMT included): 0 done, 1 the CMT failed (the unit may still
 * make a simple move), -1 refused or the dice failed */
int fogn_bld_apply(const fogn_scenario *s, fogn_state *st, const gr_action *a, gr_dice *dice, gr_log *log,
                   gr_error *err);
/* the building orders in the unit's menu; with `check` only legal ones; returns the count */
int fogn_bld_orders(const fogn_scenario *s, const fogn_state *st, int unit, gr_action *out, int max, int check);
/* puts unit i into piece k as its garrison on face f, mode m, with no check
 * (scenario set-up, tests, storming in); 0, or -1 when k is no area */
int fogn_bld_place(const fogn_scenario *s, fogn_state *st, int i, int k, int mode, int face);
/* §15.4: unit a storms into piece k after its defenders broke: placed occupying; 0, or -1 when it cannot */
int fogn_bld_storm(const fogn_scenario *s, fogn_state *st, int a, int k, gr_log *log);
/* mode / face names for the notation ("occupy", "defend"; "front", "right", "rear", "left") */
const char *fogn_bld_mode_name(int mode);
const char *fogn_bld_face_name(int face);
int fogn_bld_mode_from_name(const char *name);
int fogn_bld_face_from_name(const char *name);

/* --- fire and combat across an area's perimeter ------------------------------------------------------ */
/* §15.4: may firer f shoot at target t at all, as far as areas go (only
 * artillery at occupiers; infantry and artillery at defenders; no artillery
 * unit fires out of a building)? */
bool fogn_bld_fire_allowed(const fogn_scenario *s, const fogn_state *st, int f, int t);
/* is firer f behind the open rear of the field work t defends? */
bool fogn_bld_from_rear(const fogn_scenario *s, const fogn_state *st, int f, int t);
/* the building rules of one shot (§15.4, §15.5): 4 dice into / out of the
 * area (*into, *from), the building to-hit scores (*score), cover (*cover) */
void fogn_bld_fire_facts(const fogn_scenario *s, const fogn_state *st, int f, int t, uint8_t *into, uint8_t *from,
                         uint8_t *score, uint8_t *cover);
/* does unit f fire all round from its building's perimeter (a building's defenders)? */
bool fogn_bld_all_round(const fogn_scenario *s, const fogn_state *st, int f);
/* §15.4: a March Column (or limbered guns) passing through a building on
 * its road counts as occupying it against fire: only artillery may fire at
 * it, with the building's dice, score and cover (Ruling: "passing" is such a
 * unit standing in a building's area, not its garrison) */
#define FOGN_R_BLD_PASSING_OCCUPIES 1
/* is unit i such a passing column, in a building's area though no garrison? */
bool fogn_bld_passing(const fogn_scenario *s, const fogn_state *st, int i);
/* §15.4: `uN leave road +` / `-`: the face argument of a garrison leaving
 * along the road through its building, the way the road's points run or
 * against it (building_road.c) */
#define FOGN_BLD_LEAVE_ROAD_FWD 4
#define FOGN_BLD_LEAVE_ROAD_BACK 5
/* where the road through area k, walked forward (dir +1) or back (-1),
 * leaves it, and its heading there; 0, or -1 when no road leaves it so */
int fogn_bld_road_exit(const fogn_scenario *s, int k, int dir, gr_vec2 *at, double *heading);
/* unit i in March Column on the road just outside, its rear edge at `at`, facing `heading` */
fogn_unit fogn_bld_road_pose(const fogn_scenario *s, const fogn_state *st, int i, gr_vec2 at, double heading);
/* §15.4: of the units t[0..n) garrison g shoots at, the one its artillery
 * attachments add their dice to (FOGN_R_BLD_GUNS_AT_NEAREST): the nearest to
 * its perimeter, the first on a tie; -1 when n is 0 */
int fogn_bld_guns_target(const fogn_scenario *s, const fogn_state *st, int g, const int *t, int n);
/* is the melee between defender d and enemy a one across d's perimeter
 * (a defended building, or a field work's front or sides, §15.4, §15.5)? */
bool fogn_bld_front_fight(const fogn_scenario *s, const fogn_state *st, int d, int a);
/* the firing choice "split among k targets" kept in fogn_unit.fire_opt (§15.5) */
#define FOGN_FIRE_OPT_SPLIT_BASE 8

/* --- §15.5 artillery splitting its fire from a field work ------------------------------------------- */
/* dice at each target when D dice are split among k targets (1..3) */
int fogn_fort_split_dice(int dice, int k);

#endif
