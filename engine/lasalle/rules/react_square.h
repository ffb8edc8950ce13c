/* react_square.h - the Square exception of the Change Formation reaction
 * [D, p.35]: infantry charged only by cavalry, two units or more, that
 * cannot form Square and keep every contact may form it anyway when the
 * Square overlaps no enemy, lies within 2 BW of every attacker, and every
 * attacker can then slide up to 2 BW to touch it again, keeping its facing
 * and its angle of contact, with nothing in the way. The slide is straight
 * ahead along the attacker's facing (ruling R-64). */
#ifndef LASALLE_REACT_SQUARE_H
#define LASALLE_REACT_SQUARE_H

#include "../lasalle.h"
#include "combat.h"
#include "sweep.h"

/* how far an attacker slides at most [D, p.35] */
#define LASALLE_SQUARE_SLIDE_BW 2.0

typedef struct lasalle_square_slides {
    int n;
    int unit[LASALLE_COMBAT_MAX];
    lasalle_pose to[LASALLE_COMBAT_MAX];
} lasalle_square_slides;

/* 0 when unit i may form the Square at `to` under the exception, with the attackers' slides; -1 with the reason */
int lasalle_square_exception(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to,
                             lasalle_square_slides *out, gr_error *err);

#endif
