/* town_charge.h - a charge from outside at a unit standing in a town base
 * and not deployed [G Towns, p.68-69]: the charge may not enter the base,
 * so it is made against the base's edge, and the unit in the base (in
 * March, any arrangement that fits) is moved within its base up to that
 * edge to meet it, the book's "adjust positions slightly so that the
 * contact is clear" (ruling R-57). */
#ifndef LASALLE_TOWN_CHARGE_H
#define LASALLE_TOWN_CHARGE_H

#include "../lasalle.h"

/* the rectangle of town base k, aligned with its first edge (front on the side of its second point) */
gr_rect lasalle_town_rect(const lasalle_scenario *s, int k);
/* the places unit j (in a town base, not Deployed(Town)) may be moved to within its base to meet a charge
 * of unit i: j translated up to each edge of the base, the edge nearest i first; their front-edge centres in
 * at, up to 4; 0 when j stands in no town base, or is deployed (it fills its base) */
int lasalle_town_charge_slides(const lasalle_scenario *s, const lasalle_state *st, int i, int j, gr_vec2 *at);

#endif
