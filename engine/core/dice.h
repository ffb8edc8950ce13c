/* dice.h - the single source of chance. Every die a ruleset needs, the d6
 * or a die of any other number of faces (a d10, a d20), comes from a
 * gr_dice, which is one of:
 *   - GR_DICE_RNG: a seeded generator (games, search playouts);
 *   - GR_DICE_SCRIPT: a fixed list of faces (rule tests); running out is an error;
 *   - GR_DICE_MANUAL: the player's own dice, read from a stream after a prompt
 *     naming what the roll is for (the tabletop assistant).
 * Every roll goes to the attached event log (if any) with its purpose and
 * the die it was thrown with.
 * Errors (script exhausted, bad or missing manual input) set `failed` and a
 * message; the roll then returns 0 and the ruleset must abandon the action. */
#ifndef GR_DICE_H
#define GR_DICE_H

#include <stdio.h>
#include "rng.h"
#include "log.h"

typedef enum gr_dice_kind { GR_DICE_RNG = 0, GR_DICE_SCRIPT, GR_DICE_MANUAL } gr_dice_kind;

#define GR_DICE_MAX_PER_ROLL 16
#define GR_DICE_MAX_FACES 100    /* the largest die: faces 1..100 */

typedef struct gr_dice {
    gr_dice_kind kind;
    gr_rng rng;              /* GR_DICE_RNG */
    const int *script;       /* GR_DICE_SCRIPT: faces, each checked against the die rolled, not owned */
    int nscript, pos;
    FILE *in, *out;          /* GR_DICE_MANUAL: where to read faces, where to prompt */
    int echo;                /* GR_DICE_MANUAL: repeat the faces read after the prompt
                                (input that is not a terminal, so transcripts read well) */
    gr_log *log;             /* may be NULL */
    int side;                /* side to stamp on logged rolls (-1 none) */
    long rolled;             /* dice thrown so far */
    int failed;
    char fail_msg[256];
} gr_dice;

void gr_dice_init_rng(gr_dice *d, unsigned long long seed, unsigned long long stream);
void gr_dice_init_script(gr_dice *d, const int *faces, int n);
void gr_dice_init_manual(gr_dice *d, FILE *in, FILE *out);
void gr_dice_set_log(gr_dice *d, gr_log *log);

/* One d6 for `purpose`; 1..6, or 0 on failure. */
int gr_dice_d6(gr_dice *d, const char *purpose);
/* n d6 (n <= GR_DICE_MAX_PER_ROLL) into out; returns n, or 0 on failure.
 * Logged as one roll. */
int gr_dice_roll(gr_dice *d, int n, int *out, const char *purpose);
/* One die of `faces` faces (2..GR_DICE_MAX_FACES) for `purpose`; 1..faces,
 * or 0 on failure. A script entry outside 1..faces fails naming the die; a
 * manual prompt reads "roll 1d10 for PURPOSE: ". gr_dice_dn(d, 6, p) is
 * gr_dice_d6(d, p) exactly. */
int gr_dice_dn(gr_dice *d, int faces, const char *purpose);
/* n dice of `faces` faces (n <= GR_DICE_MAX_PER_ROLL) into out; returns n,
 * or 0 on failure. Logged as one roll ("2d10 [3 9]"). */
int gr_dice_roll_dn(gr_dice *d, int faces, int n, int *out, const char *purpose);
/* Re-roll the listed d6 of a roll already made (out[idx[i]] replaced);
 * logged as a re-roll. Returns 0 on failure, else the number re-rolled. */
int gr_dice_reroll(gr_dice *d, int *faces, const int *idx, int nidx, const char *purpose);

#endif
