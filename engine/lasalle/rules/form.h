/* form.h - changing formation [C Changing Formation, p.25-26]: one base
 * (the anchor) stays where it is, the others form on it to its left, right
 * or behind, never in front; artillery's anchor may first turn about its
 * front-left corner to face any way. And the Formation Change Table's
 * verdict for an infantry or cavalry unit now (also used for About Face). */
#ifndef LASALLE_FORM_H
#define LASALLE_FORM_H

#include "../lasalle.h"
#include "sweep.h"
#include "tables.h"

typedef enum lasalle_anchor { LASALLE_ANCHOR_CENTRE = 0, LASALLE_ANCHOR_LEFT, LASALLE_ANCHOR_RIGHT } lasalle_anchor;
extern const char *const lasalle_anchor_names[3];

/* the pose of unit p re-formed from `from` into `form` about its anchor
 * base (the centre, left or right base of its front rank), the anchor
 * first turned by `turn` radians about its front-left corner */
lasalle_pose lasalle_reform_pose(const lasalle_unit_profile *p, lasalle_pose from, int form, int anchor, double turn);

/* 0 when unit i may stand re-formed at `to` (from where it is): the new
 * footprint on the table, clear of impassable ground, towns and obstacles,
 * overlapping nothing, touching no enemy it did not touch, and the ground
 * between old and new footprint free of friendly infantry and cavalry and
 * of enemies [C, p.25]; -1 with the reason */
int lasalle_reform_check(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose to, gr_error *err);
/* the same with the state's footprints from g (sweep.h; NULL: worked out here) */
int lasalle_reform_check_geo(const lasalle_scenario *s, const lasalle_state *st, lasalle_geo *g, int i,
                             lasalle_pose to, gr_error *err);

/* a place for battery i to limber where it stands: the anchor base at the
 * centre, left or right, the limbers behind it or turned to the rear or a
 * flank; 0 with the pose, -1 when none fits (ruling R-10) */
int lasalle_limber_in_place(const lasalle_scenario *s, const lasalle_state *st, int i, lasalle_pose *out);

/* The Formation Change Table's verdict for unit i changing formation or
 * about-facing now [C, p.25]; Linear Tactics makes every change None unless
 * a test is due [H, p.75]. `column` (may be NULL) gets the column used. */
lasalle_fct lasalle_fct_now(const lasalle_scenario *s, const lasalle_state *st, int i, int *column);
/* the allowance the verdict leaves of `allowance` (Full, Half rounded up, None) */
double lasalle_fct_allowance(lasalle_fct v, double allowance);

#endif
