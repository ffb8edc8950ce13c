/* clock.h - the monotonic wall clock in seconds, for budgets, progress and
 * benchmarks (never for anything that decides a game). */
#ifndef GR_CLOCK_H
#define GR_CLOCK_H

double gr_now_s(void);

#endif
