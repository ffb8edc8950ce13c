/* fire.h - fogn firing (§7) and defensive fire (§6.10): volleys (every shot
 * a side fires in one step, rolled and applied together), the Firing Phase's
 * choices for each firer, and the reports of what the fire did. */
#ifndef FOGN_FIRE_H
#define FOGN_FIRE_H

#include "tables.h"

#define FOGN_VOLLEY_MAX 128
/* a firer's choice (fogn_unit.target in the Firing Phase): hold its fire */
#define FOGN_FIRE_HOLD (-2)

typedef struct fogn_shot {
    int8_t firer, target;
    int8_t half;            /* -1 the whole unit; 0 / 1 the left / right half of an Extended Line (§7.3) */
    int8_t supports;        /* -1 its own fire; else the shot whose fire it supports (§7.5) */
    uint8_t range;          /* fogn_range */
    uint8_t rifles;         /* rifles among these firers (§10.2) */
    int8_t level;           /* the firer's effective cohesion level (§7.5): the cut comes at the roll */
    int n[FOGN_FG_COUNT];   /* dice per group before the cohesion cut (support dice included) */
    int reroll[FOGN_FG_COUNT];
    int score[FOGN_FG_COUNT];
} fogn_shot;

typedef struct fogn_volley {
    int side;               /* the side firing */
    int defensive;          /* fire at assaulters (§6.10) */
    int n;
    fogn_shot shot[FOGN_VOLLEY_MAX];
    uint8_t has_start[FOGN_MAX_UNITS];
    gr_rect start[FOGN_MAX_UNITS]; /* defensive fire: where each assaulter began (§7.7 qualifier) */
} fogn_volley;

/* what fire did to one unit */
typedef struct fogn_fire_report {
    int fired;              /* some fire was aimed at it */
    int raw, net;           /* hits before and after the reduction */
    int move;               /* fogn_fire_move of the result */
    int losses;             /* levels lost */
    int outcome;            /* it made an outcome move (or was destroyed) */
} fogn_fire_report;

/* may unit i fire at all now (§7.1)? */
int fogn_can_fire(const fogn_scenario *s, const fogn_state *st, int i);

void fogn_volley_init(fogn_volley *v, int side, int defensive);
/* the shot without its artillery attachments' dice (§15.4: a garrison's guns add to one target) */
void fogn_shot_without_guns(fogn_shot *sh);
/* defensive fire: remember where assaulter a began (before it pauses) */
void fogn_volley_assaulter_start(fogn_volley *v, const fogn_scenario *s, const fogn_state *st, int a);
/* all of firer f's dice at target t in band `range` (defensive fire); 0, or -1 when it has none */
int fogn_volley_add(const fogn_scenario *s, const fogn_state *st, fogn_volley *v, int f, int t, fogn_range range);
/* supporting fire (§7.5) of the firing side's idle units, added to the close-range shots */
void fogn_volley_support(const fogn_scenario *s, const fogn_state *st, fogn_volley *v);
/* rolls every shot and applies the results target by target (§7.9);
 * reports[unit] says what happened to each. 0, or -1 when the dice failed */
int fogn_volley_resolve(const fogn_scenario *s, fogn_state *st, fogn_volley *v, fogn_fire_report *reports,
                        gr_dice *dice, gr_log *log);

#endif
