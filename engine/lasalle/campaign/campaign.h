/* campaign.h - Continuing Games and Campaigns [H, p.79]: what happens to two
 * armies between a finished battle and the next one.
 *
 * At the end of the game all DISR is gone. Every unit that broke (or left
 * the table, FAQ #2) is sorted as Overrun (infantry broken in combat against
 * cavalry, artillery broken in combat: LASALLE_UF_OVERRUN, set where the
 * combat breaks it) or Worn-Out (every other). After a victory the broken
 * army is pursued when the winner's pursuit score is the higher [F, p.67];
 * after a draw each player chooses Stay or Leave, and a second day is
 * fought on this field only when both stay. Then each broken unit takes a
 * discipline test (a natural 6 passes, a natural 1 fails; -1 Overrun, -1 its
 * army pursued, +1 its army chose Stay, plus its subcommander's vigor): a
 * pass returns it to its army for the next battle, a failure loses it.
 *
 * Code: recover.c (the end checked, the sorting and the tests), report.c
 * (the fates told in the book's words), next.c (the next battle's scenario),
 * verb.c (`grognard lasalle continue`). Rulings R-170..R-179
 * (docs/lasalle-rulings.md); docs/lasalle-continue.md. */
#ifndef LASALLE_CAMPAIGN_H
#define LASALLE_CAMPAIGN_H

#include <jansson.h>
#include <stdio.h>

#include "../lasalle.h"
#include "../../core/dice.h"
#include "../../core/error.h"

/* a player's choice after a draw [H, p.79] */
#define LASALLE_CHOICE_NONE (-1)    /* not given (or not asked: a victory) */
#define LASALLE_CHOICE_LEAVE 0
#define LASALLE_CHOICE_STAY 1
/* a player who states no choice after a draw leaves */
#define LASALLE_CHOICE_DEFAULT LASALLE_CHOICE_LEAVE

/* the test's modifiers [H, p.79] */
#define LASALLE_RECOVER_OVERRUN (-1)
#define LASALLE_RECOVER_PURSUED (-1)
#define LASALLE_RECOVER_STAY 1
#define LASALLE_RECOVER_ALWAYS 6    /* a natural 6 always passes */
#define LASALLE_RECOVER_NEVER 1     /* a natural 1 always fails */

/* what becomes of a unit */
typedef enum lasalle_fate {
    LASALLE_FATE_MARCHES = 0,   /* on the table at the end: it goes on (its DISR removed) */
    LASALLE_FATE_RESERVE,       /* a reserve that never arrived: still with its army */
    LASALLE_FATE_RETURNS,       /* broken, passed its test: it returns for the next battle */
    LASALLE_FATE_LOST           /* broken, failed its test: lost for ever */
} lasalle_fate;

typedef struct lasalle_recovery {
    int fate;           /* lasalle_fate */
    int disr;           /* DISR it had at the end (removed) */
    int left;           /* it left the table (counted as broken, R-172) */
    int overrun;        /* broken units: 1 Overrun, 0 Worn-Out */
    /* the test (LASALLE_FATE_RETURNS / LOST) */
    int die;
    int m_overrun, m_pursued, m_stay, m_vigor;
    int need;           /* the discipline test's need [B, p.19] */
    int officer;        /* the subcommander whose vigor counts, -1 none */
} lasalle_recovery;

typedef struct lasalle_campaign {
    int broke;          /* the side whose army broke, -1 a draw */
    int pursuit[2];     /* pursuit scores at the end [F, p.67] */
    int pursued[2];     /* the army is being pursued */
    int choice[2];      /* LASALLE_CHOICE_*: after a draw, each player's; NONE after a victory */
    int second_day;     /* 1: both stayed after a draw, a second battle on this field */
    int returns[2], lost[2], broken[2];
    lasalle_recovery u[LASALLE_MAX_UNITS];
} lasalle_campaign;

/* 0 when the game has ended as the book ends it (an army broke, or time ran
 * out); -1 with the reason otherwise [F, p.66-67] */
int lasalle_campaign_ended(const lasalle_scenario *s, const lasalle_state *st, gr_error *err);

/* The end checked, the result read, each unit sorted; no dice. choice[side]
 * is LASALLE_CHOICE_NONE, _LEAVE or _STAY; a choice after a victory is
 * refused (Stay or Leave follows a draw only). 0, or -1 with the reason. */
int lasalle_campaign_sort(const lasalle_scenario *s, const lasalle_state *st, const int choice[2],
                          lasalle_campaign *out, gr_error *err);

/* Each broken unit's test, in unit order, thrown through dice (logged
 * there). 0, or -1 when the dice failed. */
int lasalle_campaign_recover(const lasalle_scenario *s, const lasalle_state *st, lasalle_campaign *c, gr_dice *dice,
                             gr_error *err);

/* The whole report in the book's words: the result, the choices or the
 * pursuit, DISR removed, each unit's fate with its die. */
void lasalle_campaign_report(const lasalle_scenario *s, const lasalle_state *st, const lasalle_campaign *c,
                             FILE *out);

/* The next battle's scenario: the finished one's (its map and set-up) with
 * the lost units taken out, forces left empty dropped, no DISR, a replaced
 * subcommander's ratings as at the end. NULL with the reason
 * (a side with no unit left has no next battle). */
json_t *lasalle_campaign_next(const json_t *scenario, const lasalle_scenario *s, const lasalle_state *st,
                              const lasalle_campaign *c, gr_error *err);

/* `grognard lasalle continue GAME --seed N [--stay-a stay|leave] [--stay-b stay|leave] [--out NEXT.json] [--log]` */
int lasalle_continue_verb(int argc, char **argv, const gr_host *host);

#endif
