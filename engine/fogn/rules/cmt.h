/* cmt.h - Complex Move Tests (§5.3), what they cost in command points
 * (§5.2) and the command ranges of §3.4 (cmt.c), and whether a unit touches an
 * enemy. */
#ifndef FOGN_CMT_H
#define FOGN_CMT_H

#include "internal.h"

typedef struct fogn_cmt_cost {
    int cmdr;      /* commander paying, -1 none */
    int cp;        /* points he pays */
    int led;       /* led by a commander: passes on 4+ */
    int free;      /* first CMT of a led unit this phase: no CP */
} fogn_cmt_cost;

/* Can the unit attempt a CMT now, and at what cost? 0 yes, -1 no (reason in err). */
int fogn_cmt_cost_of(const fogn_scenario *s, const fogn_state *st, int unit, fogn_cmt_cost *out,
                     gr_error *err);
/* Rolls the test (dice per training, élan re-rolls); returns 1 pass, 0 fail, -1 dice failure. */
int fogn_cmt_roll(const fogn_scenario *s, const fogn_state *st, int unit, int led, gr_dice *dice,
                  gr_log *log, const char *what);
/* The same with the dice and élan given (a Brigade Group tests with its worst
 * training and élan, §8.8): `who` names the tester in the log. */
int fogn_cmt_roll_with(int side, const char *who, int ndice, int elan_level, int led, gr_dice *dice, gr_log *log,
                       const char *what);
/* CMT dice by training, and the élan re-roll level of §2.2 (3 re-roll 1-2,
 * 2 re-roll 1s, 1 none, 0 Poor: must re-roll 6s when passing) */
int fogn_cmt_dice(const fogn_unit_profile *p);
int fogn_elan_level(const fogn_unit_profile *p);
/* The commander leading a unit (-1 none). */
int fogn_leader_of(const fogn_scenario *s, const fogn_state *st, int unit);
/* Is the unit within its division commander's range (§3.4)? */
bool fogn_in_command(const fogn_scenario *s, const fogn_state *st, int unit);

/* the unit touches an enemy unit */
int fogn_unit_in_contact(const fogn_scenario *s, const fogn_state *st, int unit);

#endif
