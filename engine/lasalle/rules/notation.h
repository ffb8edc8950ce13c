/* notation.h - Lasalle orders as people type them and records keep them.
 * Units are uN and officers cN by their order in the scenario (`grognard
 * show` lists them); distances in BW, angles in degrees (+ to the left):
 *
 *   done                                 end the step (the rest hold)
 *   u3 hold                              no move, no reaction
 *   u3 later                             move after the rest of its force
 *   u3 move 4 | u3 back 1                straight ahead / retrograde
 *   u3 wheel 30 move 2 [wheel -10 move 1]  wheels (+ left) and straight moves
 *   u3 form column [left|right] [move 2] change formation about an anchor base, then move
 *   u3 about [move 1]                    about-face, then move
 *   u3 oblique 2 right 1 | u3 flank left 2 | u3 cross
 *   u3 charge u7 [wheel 12]              declare a charge (limited wheel first)
 *   u5 drive 12 8 facing 90 [unlimber facing 80] | u5 limber drive ... | u5 limber facing 90
 *   u5 unlimber facing 90 | u5 prolong 1 0  (BW to its right, BW forward)
 *   c2 move 14.5 6 | c2 hold              officers
 *   u3 fallback | u3 about | u3 form square   contact reactions (Reaction Phase)
 *   u3 fire u7 [with u4 u5] | u8 countercharge u7 [wheel 5] | u9 momentum | u9 stay
 *   fight u3                             the next combat, by its defending unit
 *   u3 reroll | u3 accept                 the commander's recovery re-roll
 *   u3 tactics c1 [poor c5] | tactics none  an officer directs the combat (Officer Tactics)
 * Parsed with the core's PCRE2 wrapper, the patterns compiled once with the scenario. */
#ifndef LASALLE_NOTATION_H
#define LASALLE_NOTATION_H

#include "../lasalle.h"

int lasalle_notation_compile(lasalle_scenario *s, gr_error *err);
int lasalle_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
int lasalle_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err);
/* a float as the shortest text that reads back to it */
void lasalle_fmt_float(char *buf, size_t cap, float v);

#endif
