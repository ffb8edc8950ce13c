/* compressed.h - the optional rule Compressed Artillery [H Compressed
 * Artillery, p.81]: an Unlimbered battery may stand two ranks deep (the
 * second rank the shorter when its guns are odd), marked by the unit flag
 * LASALLE_UF_COMPRESSED and drawn by the layout code
 * LASALLE_LAYOUT_COMPRESSED (footprint.h). It fires as usual; every die of
 * fire against it gets +1 to hit. The battery changes between the two
 * frontages with its prolong move (artillery.c): "uN prolong compress" and
 * "uN prolong extend". A scenario may start a battery compressed. */
#ifndef LASALLE_COMPRESSED_H
#define LASALLE_COMPRESSED_H

#include "../lasalle.h"

/* a PROLONG action's arg: the prolong move spent changing the frontage instead of moving */
#define LASALLE_PROLONG_COMPRESS 1      /* to two ranks */
#define LASALLE_PROLONG_EXTEND 2        /* back to the normal frontage, guns abreast */

/* added to every fire die against a compressed battery [H, p.81] */
#define LASALLE_COMPRESSED_TO_HIT 1

/* battery i stands compressed now */
int lasalle_compressed(const lasalle_state *st, int i);

/* may battery i change its frontage now (`to`: LASALLE_PROLONG_COMPRESS or _EXTEND)? 0, or -1 with a message
 * naming the page; the new footprint's room is checked by the artillery move itself */
int lasalle_compress_allowed(const lasalle_scenario *s, const lasalle_state *st, int i, int to, gr_error *err);

/* the to-hit bonus of fire at unit t: LASALLE_COMPRESSED_TO_HIT when it is a compressed battery, else 0 */
int lasalle_compressed_to_hit(const lasalle_state *st, int t);

/* the change of frontage told: LASALLE_PROLONG_COMPRESS or _EXTEND */
void lasalle_frontage_log(const lasalle_scenario *s, int i, int to, gr_log *log);

/* a scenario's "compressed": true on a unit: only with the option on, and only for an Unlimbered battery
 * (0, or -1 with the message; `path` is the unit's JSON path) */
int lasalle_compressed_start_ok(const lasalle_scenario *s, const lasalle_unit_profile *u, const char *path,
                                gr_error *err);
/* the opening room of every battery that starts compressed: on the table, clear of impassable ground,
 * woods, marsh, town bases and obstacles, overlapping no unit and touching no enemy (its two-rank footprint
 * is not the one the ordinary placement checks measure) */
int lasalle_compressed_check_start(const lasalle_scenario *s, gr_error *err);

#endif
