/* fire.h - fire [D Reaction: Fire, p.41-52]. Infantry in Line, Attack
 * Column or Mass fires musketry 4 BW (rifles 8 BW, H p.76); an unlimbered
 * battery in the open fires canister at short range and roundshot beyond.
 * The fire zone is the strip ahead of the unit as wide as its front; the
 * target is chosen by priority (the closest Full target, or a Partial one
 * and the next; artillery the closest); friends nearer in the zone stop the
 * fire. Dice, to-hit modifiers, rain re-rolls, bouncethrough and the table
 * that turns hits into DISR are in fire.c. */
#ifndef LASALLE_FIRE_H
#define LASALLE_FIRE_H

#include "../lasalle.h"
#include "../../core/geom.h"

typedef enum lasalle_fire_kind { LASALLE_MUSKETRY = 0, LASALLE_CANISTER, LASALLE_ROUNDSHOT } lasalle_fire_kind;

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
/* some part of unit a lies ahead of unit b's front line */
int lasalle_to_front_of(const gr_rect *b, const gr_rect *a);

#endif
