/* momentum.h - cavalry momentum [D, p.37]: when an artillery or cavalry
 * unit falls back out of contact as a reaction, each attacking cavalry
 * unit that was touching it and now touches no other defender may, at its
 * owner's choice, move exactly straight ahead 2 BW or until it touches an
 * enemy, once a turn; it stops against obstacles, town bases, impassable
 * ground and friendly infantry or cavalry, and passes friendly artillery
 * only to end clear of it. What it touches is a new charge contact. */
#ifndef LASALLE_MOMENTUM_H
#define LASALLE_MOMENTUM_H

#include "../lasalle.h"

#define LASALLE_MOMENTUM_BW 2.0

/* the first cavalry unit whose owner may now make a momentum move, -1 none */
int lasalle_follower(const lasalle_scenario *s, const lasalle_state *st);
/* unit i just fell back from the enemies touch[0..n-1]: mark those that may follow */
void lasalle_offer_momentum(const lasalle_scenario *s, lasalle_state *st, int i, const int *touch, int n);
/* cavalry k follows up (go) or stays; 1 when its move made a new contact */
int lasalle_momentum(const lasalle_scenario *s, lasalle_state *st, int k, int go, gr_log *log);

#endif
