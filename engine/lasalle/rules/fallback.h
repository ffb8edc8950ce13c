/* fallback.h - DISR, breaking, falling back and advancing [B Disruption,
 * p.18; D Fall Back, p.37-41; E Advance, p.60]. A fall-back goes back
 * (retrograde) or forward, with or without a wheel about a front corner,
 * as the player declares with a Fall Back reaction; otherwise straight
 * back, or straight forward when that is what takes it away from its
 * enemies; it must take the unit away from them; through friends it
 * keeps going until it has room, each regular infantry or cavalry unit it
 * passes testing its discipline or taking a DISR; stopped short by enemies,
 * impassable ground or the table's edge after at least 1 BW clear of
 * contact it takes a DISR, and unable to get that far it breaks. An advance
 * goes 2 BW straight ahead and stops short of contact, friends, impassable
 * ground, obstacles and the table's edge; infantry goes into an empty town
 * base when half its bases get in, and a garrison that broke the next
 * base's defender takes that base [G Towns, p.70]. */
#ifndef LASALLE_FALLBACK_H
#define LASALLE_FALLBACK_H

#include "../lasalle.h"
#include "sweep.h"

typedef enum lasalle_fb {
    LASALLE_FB_DONE = 0,    /* fell back the whole way */
    LASALLE_FB_SHORT,       /* stopped short: 1 DISR taken */
    LASALLE_FB_BROKE,       /* could not fall back: broken */
    LASALLE_FB_NONE         /* (a reaction) no legal fall-back: nothing happens */
} lasalle_fb;

/* unit i takes n DISR (artillery none); 1 when it broke */
int lasalle_add_disr(const lasalle_scenario *s, lasalle_state *st, int i, int n, const char *why, gr_log *log);
/* unit i breaks and leaves the table */
void lasalle_break(const lasalle_scenario *s, lasalle_state *st, int i, const char *why, gr_log *log);
/* the fall-back distance a die gives: cavalry and artillery the die, infantry 1 on odd and 2 on even [D, p.38] */
int lasalle_fallback_distance(const lasalle_scenario *s, int i, int die);
/* 1 when an enemy stands within 1 BW directly to the rear of unit i [D, p.37] */
int lasalle_rear_blocked(const lasalle_scenario *s, const lasalle_state *st, int i);

/* the largest wheel a fall-back may declare, in degrees (ruling R-192) */
#define LASALLE_FALLBACK_WHEEL_MAX_DEG 90.0

/* the way the player declares for a fall-back [D, p.38-39]: retrograde or forward, with or without a wheel */
typedef struct lasalle_fb_way {
    int dir;                /* -1 back, +1 forward, 0 the engine's choice (back, else forward) */
    double wheel;           /* radians, + left; its outer corner's arc counts in the distance */
} lasalle_fb_way;

/* the way a Fall Back order declares (LASALLE_A_FALLBACK: arg 0 the engine's choice, 1 back, 2 forward; p[0]
 * the wheel in degrees, + left); the engine's choice for any other action */
lasalle_fb_way lasalle_fb_way_of(const gr_action *a);
/* how unit i would fall back `dist` BW from the enemies touching it, without moving it: the outcome, and the end pose */
lasalle_fb lasalle_fallback_probe(const lasalle_scenario *s, const lasalle_state *st, int i, double dist, double *x,
                                  double *y, int *dir);
/* the same along the way declared (NULL: the engine's choice); the end pose, the direction, the path's length */
lasalle_fb lasalle_fallback_probe_way(const lasalle_scenario *s, const lasalle_state *st, int i, double dist,
                                      const lasalle_fb_way *way, lasalle_pose *end, int *dir, double *len);
/* falls back (a combat result, or a reaction with reaction 1: a reaction that cannot get clear does nothing) */
int lasalle_fallback(const lasalle_scenario *s, lasalle_state *st, int i, double dist, int reaction,
                     const gr_ctx *cx, lasalle_fb *out);
/* the same along the way the player declared (NULL: the engine's choice) */
int lasalle_fallback_way(const lasalle_scenario *s, lasalle_state *st, int i, double dist, int reaction,
                         const lasalle_fb_way *way, const gr_ctx *cx, lasalle_fb *out);
/* advances unit i up to 2 BW straight ahead, or a garrison into the next town base [E Advance, p.60;
 * G Towns, p.70]; returns the distance moved */
double lasalle_advance(const lasalle_scenario *s, lasalle_state *st, int i, double dist, gr_log *log);

#endif
