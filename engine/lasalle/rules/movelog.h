/* movelog.h - an Activity move told in the book's terms for the event log
 * ("2/45e Ligne changes to column (Half: 2 BW left), wheels 30 left, moves
 * 2 BW"). */
#ifndef LASALLE_MOVELOG_H
#define LASALLE_MOVELOG_H

#include "move.h"

void lasalle_move_log(const lasalle_scenario *s, const lasalle_state *st, int i, const gr_action *a,
                      const lasalle_plan *pl, gr_log *log);
/* a distance in BW as the log writes it ("2", "1.5") */
void lasalle_fmt_bw(char *buf, size_t cap, double bw);

#endif
