/* move_check.h - the check of one exact move, as the files that carry it
 * out share it: move.c runs the check and judges the unit and the table,
 * move_pose.c works out where each kind of move takes the unit and the area
 * it sweeps (move_column.c a March Column's wheel), move_check_terrain.c
 * the ground crossed and the allowance, move_check_enemy.c the distances to the enemy, move_check_friends.c the
 * friends in the way. Not for use outside these files: the rest of the
 * rules know moves by move.h. */
#ifndef FOGN_MOVE_CHECK_H
#define FOGN_MOVE_CHECK_H

#include "move.h"
#include "sweep.h"

#include <stdio.h>

#define FOGN_DEG (GR_PI / 180.0)
/* the farthest enemy distance any movement rule asks about (6 MU), and a margin */
#define FOGN_SWEEP_ENEMY_CAP (FOGN_SLIDE_ENEMY_CLEAR + 1.0)
/* the start's and the end's distances to the nearest enemy are exact up to
 * this (MU): past every distance the move's rules ask of them, the widest
 * the meeting across an obstacle (FOGN_OBS_ACROSS_GAP and four base widths) */
#define FOGN_MOVE_ENEMY_CAP (FOGN_OBS_ACROSS_GAP + 4 * FOGN_BW + 1.0)

/* one move under check: the question, the unit, and what the check has
 * worked out so far, stage by stage */
typedef struct fogn_move_ctx {
    const fogn_scenario *s;
    const fogn_state *st;
    const fogn_move *m;
    fogn_move_plan *plan;
    gr_error *err;
    fogn_move_tries *t;       /* tries of this same move at other distances, or NULL */
    const fogn_unit_profile *p;
    const fogn_unit *u;
    fogn_arm arm;
    int wav, skirm;
    /* the pose (fogn_move_pose): the footprints before and after, the unit
     * after, and the area swept between them */
    gr_rect start, end;
    fogn_unit after;
    fogn_sweep *sw;
    double measured;          /* the distance that counts against the allowance */
    double kink_arc;          /* a kinked line's right half wheeling into line: its outer corner's arc */
    double allowance_factor;
    int column_road;          /* a road march whose front stays on the road all along */
    int end_swept;            /* the pose swept the end footprint itself (a bent column's two parts) */
    double bent_slide;        /* a kinked line going on bent: each half's slide (move_pose.c) ... */
    double bent_advance;      /* ... and the least way any front corner of its halves goes */
    /* the end on the table (move.c) */
    gr_rect end_rects[2];
    int nend;
    /* the enemy distances (fogn_move_enemies): of the swept area, of the
     * start and of the end footprints, each exact up to the largest distance
     * this move's rules ask of it (at most FOGN_SWEEP_ENEMY_CAP and
     * FOGN_MOVE_ENEMY_CAP), and that cap when farther */
    double sweep_enemy, start_enemy, end_enemy;
} fogn_move_ctx;

/* the plan needs a complex move test; the first reason given is kept */
static inline void fogn_move_mark_complex(fogn_move_plan *plan, const char *why)
{
    if (!plan->complex) snprintf(plan->why_complex, sizeof plan->why_complex, "%s", why);
    plan->complex = 1;
}

/* move_pose.c: the end footprint, the unit after the move and the swept area
 * of the move's kind, with the rules of that kind; 0, or -1 refused (with
 * the reason, except for a try beyond any allowance) */
int fogn_move_pose(fogn_move_ctx *c);
/* the road under point p (the index of its piece), or -1 */
int fogn_road_under(const fogn_scenario *s, gr_vec2 p);

/* move_column.c: does this normal move wheel a straight March Column of more
 * than one base about a front corner, by FOGN_COLUMN_BEND_MIN_DEG or more?
 * Such a wheel is its head's, and the column follows its path (§8.4) */
int fogn_column_wheels(const fogn_move_ctx *c);
/* ... and that wheel's pose: the column bent at the turn its head made, or
 * straight once a base depth of it no longer lies behind the turn; 0, or
 * -1 refused (with the reason, except for a try beyond any allowance) */
int fogn_pose_column_wheel(fogn_move_ctx *c);

/* move_check_terrain.c: the worst ground crossed, water, the allowance on it
 * and the distance measured against it; sets plan->worst and
 * plan->allowance. 0, or -1 refused with the reason */
int fogn_move_terrain(fogn_move_ctx *c);

/* move_check_enemy.c: nearest distance from any swept polygon to any live
 * enemy unit of a side other than `side`, exact up to `cap` (anything
 * farther is `cap`); t (or NULL) keeps each enemy's reach and rectangles,
 * and when ready the shared polygons' distances */
double fogn_sweep_enemy_dist(const fogn_scenario *s, const fogn_state *st, int side, fogn_sweep *sw, double cap,
                             fogn_move_tries *t);
/* the enemy distances of the move, then every rule about them: contact,
 * obstacles between, Wavering units, reforming near the enemy, slides and
 * second moves; 0, or -1 refused with the reason */
int fogn_move_enemies(fogn_move_ctx *c);

/* move_check_friends.c: friends the move passes through or ends on (§8.7);
 * 0 (the plan names any friend passed through or slid), or -1 refused */
int fogn_move_friends(fogn_move_ctx *c);
/* the same check for friend j alone, on the plan as it stands; a refusal
 * with a fresh plan (no friend passed through or slid yet) is a refusal of
 * the whole friends' check, whose other friends can only add limits */
int fogn_move_friend(fogn_move_ctx *c, int j);

#endif
