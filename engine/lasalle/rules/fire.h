/* fire.h - fire [D Reaction: Fire, p.41-52]. Infantry in Line, Attack
 * Column or Mass fires musketry 4 BW (rifles 8 BW, H p.76); an unlimbered
 * battery in the open fires canister at short range and roundshot beyond.
 * The fire zone is the strip ahead of the unit as wide as its front; the
 * target is chosen by priority (the closest Full target, or a Partial one
 * and the next; artillery the closest); friends nearer in the zone stop the
 * fire. Dice, to-hit modifiers, rain re-rolls, bouncethrough and the table
 * that turns hits into DISR are in fire.c; what the ground does to
 * artillery fire (the Reduced bracket's screens, the shot stopped, cover
 * beyond a screen, the howitzer die) and the optional howitzer batteries
 * and rockets [H, p.81] in fire_screen.c; Split Fire [H, p.80] in
 * fire_split.c. */
#ifndef LASALLE_FIRE_H
#define LASALLE_FIRE_H

#include "../lasalle.h"
#include "../../core/geom.h"

typedef enum lasalle_fire_kind {
    LASALLE_MUSKETRY = 0, LASALLE_CANISTER, LASALLE_ROUNDSHOT, LASALLE_ROCKET /* [H Rockets, p.81] */
} lasalle_fire_kind;

/* what a shooter's zone holds */
typedef struct lasalle_zone {
    gr_rect hull;               /* the shooter */
    double range;               /* musketry, or the longest roundshot reach this fire may use */
    double shortr;              /* artillery: canister range */
    int reduced;                /* artillery: the Reduced long bracket [D, p.45] */
    int n;                      /* units with a part in the zone, nearest first */
    int unit[LASALLE_MAX_UNITS];
    double dist[LASALLE_MAX_UNITS];
} lasalle_zone;

/* 1 when the unit may fire at all now (formation, ground) */
int lasalle_can_fire(const lasalle_scenario *s, const lasalle_state *st, int i);
/* the zone of shooter i: every unit with a part in it, nearest first */
void lasalle_fire_zone(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_zone *z);
/* 0 when shooter i may fire at enemy t under its priority rule; kind gets musketry, canister or roundshot */
int lasalle_fire_target_ok(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int *kind,
                           gr_error *err);
/* a garrison fires from whichever side of its town base it chooses [G Towns, p.69]: the quarter-turns (0-3)
 * from its facing to the first side from which t is a target, or -1 */
int lasalle_town_fire_side(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int *kind,
                           gr_error *err);
/* the targets shooter i may pick now; returns the count */
int lasalle_fire_targets(const lasalle_scenario *s, const lasalle_state *st, int i, int *out, int max);
/* Full target [D, p.44]: a base wholly in the zone, and across half the front or wholly in the zone */
int lasalle_full_target(const lasalle_scenario *s, const lasalle_state *st, int i, int t, double range);
/* a unit's skirmish value now: none in Square or March, in hard cover, or in contact [B, p.15-16] */
int lasalle_effective_sk(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *from);
/* the firing bases of musketry or canister not obstructed by woods, walls or towns [D, p.49-51] */
int lasalle_clear_bases(const lasalle_scenario *s, const lasalle_state *st, int i, int t);
/* ... only those among the front rank's bases from..to-1 (counted from the left) */
int lasalle_clear_bases_in(const lasalle_scenario *s, const lasalle_state *st, int i, int t, int from, int to);
/* some part of unit a lies ahead of unit b's front line */
int lasalle_to_front_of(const gr_rect *b, const gr_rect *a);

/* ---- artillery and the ground (fire_screen.c) ---------------------------------------------------- */
/* a howitzer battery: the option, a foot battery whose bases are all howitzers [H Howitzer Batteries, p.81] */
int lasalle_howitzer_battery(const lasalle_scenario *s, int i);
/* a rocket unit (weight "rockets") [H Rockets, p.81] */
int lasalle_rocket_unit(const lasalle_scenario *s, int i);
/* woods, orchards, towns, walls and earthworks obstruct roundshot; water and ditches too unless `lobbed` */
int lasalle_roundshot_obstructs(const lasalle_ground *g, int lobbed);
/* how many BW across the zone of hull h piece k covers between from and to BW ahead */
double lasalle_width_across(const lasalle_scenario *s, const gr_rect *h, double from, double to, int k);
/* ... when piece k obstructs roundshot (water and ditches beyond shortr only; never for `lobbed` fire, the
 * howitzer battery's and rockets') [D, p.51; H, p.81], else 0 */
double lasalle_screen_width(const lasalle_scenario *s, const gr_rect *h, double shortr, double to, int k, int lobbed);
/* terrain across more than half the zone stops the shot before hull g (ruling R-33) [D, p.51; H, p.81] */
int lasalle_shot_stopped(const lasalle_scenario *s, const lasalle_zone *z, int lobbed, const gr_rect *g);
/* the cover hull g has from a roundshot screen wider than 1 BW nearer than it [D, p.51] */
int lasalle_screen_cover(const lasalle_scenario *s, const lasalle_zone *z, const gr_rect *g);
/* unit t is in a town base or behind earthworks or entrenchments as seen from f: the howitzer die [D, p.46] */
int lasalle_behind_works(const lasalle_scenario *s, const lasalle_state *st, int f, int t);

/* ---- Split Fire (fire_split.c) [H Split Fire, p.80] --------------------------------------------- */
/* checks a split fire: a Line's bases 1..arg from the left at a->target, the rest at p[2]; 0 or -1 */
int lasalle_split_check(const lasalle_scenario *s, const lasalle_state *st, const gr_action *a, gr_error *err);
/* appends unit i's split fires on its legal targets t[0..nt-1]; returns the new count */
int lasalle_split_actions(const lasalle_scenario *s, const lasalle_state *st, int i, const int *t, int nt,
                          gr_action *out, int n, int max);

#endif
