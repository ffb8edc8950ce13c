/* command.h - command range and the discipline test [B Officer Qualities
 * and Command Range, p.20; B Unit Qualities, p.19-20]. A unit is in range
 * of an officer when a path from him to some point of the unit, kept 1 BW
 * from every enemy unit (FAQ #6), is no longer than his range; the enemies
 * touching the unit do not block its own path (ruling A-50). It is in
 * command when in range of its own subcommander or of the commander. */
#ifndef LASALLE_COMMAND_H
#define LASALLE_COMMAND_H

#include "../lasalle.h"

typedef enum lasalle_cmd {
    LASALLE_CMD_SUPERIOR = 0,   /* in range of its own subcommander: his vigor counts */
    LASALLE_CMD_COMMANDER,      /* in range of the commander (an independent unit's superior) */
    LASALLE_CMD_OUT             /* out of command */
} lasalle_cmd;

/* the shortest legal command path from officer k to unit i, in BW; INFINITY
 * when none is within the officer's range */
/* officer k's command range now: a commander replaced by his chief of staff has 6 BW [H, p.73] */
double lasalle_officer_range(const lasalle_scenario *s, const lasalle_state *st, int k);
double lasalle_command_path(const lasalle_scenario *s, const lasalle_state *st, int k, int i);
/* the same were officer k at o (where he may ride), the units as they
 * stand; hulls, when not NULL, holds every live unit's hull (lasalle_hull),
 * so that a caller asking of several spots works them out once */
double lasalle_command_path_from(const lasalle_scenario *s, const lasalle_state *st, int k, gr_vec2 o, int i,
                                 const gr_rect *hulls);
int lasalle_in_range(const lasalle_scenario *s, const lasalle_state *st, int k, int i);
/* unit i's own superior: its force's subcommander, or the commander */
int lasalle_superior(const lasalle_scenario *s, int i);
lasalle_cmd lasalle_command_of(const lasalle_scenario *s, const lasalle_state *st, int i);
int lasalle_in_command(const lasalle_scenario *s, const lasalle_state *st, int i);

/* the discipline test's modifier: the superior's vigor, 0, or -1 out of command [B, p.20] */
int lasalle_disc_modifier(const lasalle_scenario *s, const lasalle_state *st, int i);
/* A discipline test of unit i for `why` (logged): 1 passed, 0 failed, -1
 * the dice failed. With `die` non-NULL the natural die is stored there
 * (a fall-back's distance comes from it). */
int lasalle_disc_test(const lasalle_scenario *s, const lasalle_state *st, int i, const char *why, const gr_ctx *cx,
                      int *die);
/* the same with an extra modifier given (the Formation Change Table's DISC -1 is the out-of-command one) */
int lasalle_disc_roll(const lasalle_scenario *s, int i, int mod, const char *why, const gr_ctx *cx, int *die);

#endif
