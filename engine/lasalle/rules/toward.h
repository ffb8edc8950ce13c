/* toward.h - where a unit would head to close in: the nearest enemy unit
 * and the nearest objective its side does not control, each as the wheel
 * that faces the unit at it and how far it could then go straight on. The
 * Activity Phase's menu (menu.c) offers these as moves, so that a unit
 * facing half away from the enemy can turn to it and advance in one order
 * [C, p.27], where the fixed wheels of half and all of the allowance
 * would need two. */
#ifndef LASALLE_TOWARD_H
#define LASALLE_TOWARD_H

#include "../lasalle.h"

#define LASALLE_TOWARD_MAX 2

/* a move's stand-off from the enemy unit it heads for, BW: it ends short of
 * contact (only a charge may touch, C p.30), close enough to charge next */
#define LASALLE_TOWARD_STANDOFF_BW 1.0

typedef struct lasalle_toward {
    int wheel;     /* degrees, counter-clockwise positive (left), within +-90 */
    double reach;  /* BW straight on after the wheel before it would arrive */
} lasalle_toward;

/* the distance in BW from footprint h (unit i's, or where a move would take it) to the nearest enemy unit on
 * the table, that unit in *who; INFINITY and -1 when there is none */
double lasalle_nearest_enemy(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *h, int *who);

/* the footprints of one state's units and the reach of each from its front centre, each worked out when
 * first asked for, for many lasalle_nearest_enemy_memo over that state; both masks 0 to start */
typedef struct lasalle_near_memo {
    uint64_t hull_known, reach_known; /* bit j: hull[j], reach[j] worked out */
    gr_rect hull[LASALLE_MAX_UNITS];
    double reach[LASALLE_MAX_UNITS];
} lasalle_near_memo;
/* lasalle_nearest_enemy, the footprints from memo (NULL: worked out for this call alone) */
double lasalle_nearest_enemy_memo(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_rect *h,
                                  int *who, lasalle_near_memo *memo);

/* the unit's headings, at most LASALLE_TOWARD_MAX: towards the nearest enemy
 * unit, then the nearest objective its side does not control; a target more
 * than a right angle off its front, or already reached, is left out */
int lasalle_towards(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_toward *out);

#endif
