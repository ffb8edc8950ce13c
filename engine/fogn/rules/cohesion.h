/* cohesion.h - cohesion (§2.6, §11; cohesion.c): attachments that still
 * work, losing levels and what breaking does, destroyed units, and the
 * cohesion tests owed and taken. */
#ifndef FOGN_COHESION_H
#define FOGN_COHESION_H

#include "internal.h"

/* is attachment slot k present and not lost? is there a working one of this kind? */
bool fogn_attach_working(const fogn_unit_profile *p, const fogn_unit *u, int k);
bool fogn_has_attach(const fogn_unit_profile *p, const fogn_unit *u, fogn_attach kind);
/* the unit owes one more 5+ cohesion test, taken at the next fogn_ct_run */
void fogn_ct_owe(fogn_state *st, int unit);
/* loses n levels (abandoned guns count toward destruction); breaking has its
 * effects at once; returns the new level */
int fogn_lose(const fogn_scenario *s, fogn_state *st, int unit, int n, gr_log *log, const char *why);
/* what happens the moment a unit breaks: attachments lost, friends within 4 MU test */
void fogn_unit_broke(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log);
/* removes a unit for good; friends test as if it had broken (unless already Broken) */
void fogn_destroy(const fogn_scenario *s, fogn_state *st, int unit, gr_log *log, const char *why);
/* §11.2 dice of a cohesion test (0: fails); *autofail for Conscripts in an unsupported Line */
int fogn_ct_dice(const fogn_scenario *s, const fogn_state *st, int unit, int *autofail);
/* one cohesion test at `score` (+1 when the own LOC is occupied); 1, 0, -1 dice failure */
int fogn_cohesion_test(const fogn_scenario *s, const fogn_state *st, int unit, int score, gr_dice *dice, gr_log *log,
                       const char *what);
/* takes every owed 5+ test, `first_side` first, cascades included; 0, or -1 dice failure */
int fogn_ct_run(const fogn_scenario *s, fogn_state *st, int first_side, gr_dice *dice, gr_log *log);

#endif
