/* internal.h - the vocabulary every fogn rules file shares, not part of the
 * ruleset's public face: the scenario and state (fogn.h), the rulings
 * (rulings.h), whether a unit is on the table, the kinds of actions and
 * reactions, range bands and faces, results of a game, and the turn
 * machine's entry points. Each rules module declares the rest in its own
 * header (move.h, orders.h, cmt.h, ...). */
#ifndef FOGN_INTERNAL_H
#define FOGN_INTERNAL_H

#include "../fogn.h"
#include "rulings.h"

/* --- shared battle vocabulary (§6, §7, §9) -------------------------------------------- */
/* firing range bands (§7.2): close <= 2 MU, medium <= 6, long <= 16 */
typedef enum fogn_range { FOGN_RANGE_CLOSE = 0, FOGN_RANGE_MEDIUM, FOGN_RANGE_LONG, FOGN_RANGE_NONE } fogn_range;
/* which face of a unit another touches or threatens */
typedef enum fogn_face { FOGN_FACE_FRONT = 0, FOGN_FACE_FLANK, FOGN_FACE_REAR } fogn_face;

/* is the unit on the table and not destroyed? */
static inline bool fogn_unit_alive(const fogn_unit *u)
{
    return (u->flags & FOGN_UF_ON_TABLE) && !(u->flags & FOGN_UF_DESTROYED);
}

/* --- results (§14): st->margin and st->end_reason ---------------------------------------- */
enum { FOGN_RESULT_DRAW = 0, FOGN_RESULT_MARGINAL, FOGN_RESULT_MODERATE, FOGN_RESULT_MAJOR };
enum { FOGN_END_NONE = 0, FOGN_END_TIME, FOGN_END_DEFEAT, FOGN_END_LIMIT };

/* --- actions ------------------------------------------------------------------------------ */
typedef enum fogn_action_type {
    FOGN_A_DONE = 0,     /* end this side's movement phase (remaining units hold) */
    FOGN_A_HOLD,         /* this unit/commander stays */
    FOGN_A_ADVANCE,      /* order: toward enemy unit `target` until `arg` MU away (band) */
    FOGN_A_ADVANCE_OBJ,  /* order: toward objective `target` */
    FOGN_A_FACE,         /* order: wheel/turn to face enemy `target` */
    FOGN_A_FORM,         /* order: formation `arg` */
    FOGN_A_FALL_BACK,    /* order: half move to the rear, still facing the enemy */
    FOGN_A_ROAD,         /* order: march along the road, direction arg (+1/-1) */
    FOGN_A_TURN,         /* order/exact: turn in place by arg degrees (90, -90, 180) */
    FOGN_A_MOVE,         /* exact: pivot arg, p0 wheel deg, p1 distance, p2 slide, p3 1 = a kinked line goes on bent, 2 = as halves */
    FOGN_A_REAR,         /* exact: p1 distance, arg bits about-face */
    FOGN_A_FREE,         /* exact: p0 dx, p1 dy, p2 new heading deg */
    FOGN_A_FACE_TO,      /* exact: turn in place to heading p0 deg */
    FOGN_A_LIMBER,       /* arg: 0 fwd, 1 back, 2 right, 3 left */
    FOGN_A_UNLIMBER,
    FOGN_A_PROLONG,      /* p1 signed distance */
    FOGN_A_KINK,         /* p0 bend degrees (negative = wings back) */
    FOGN_A_CMDR_MOVE,    /* commander `actor - nunits`: p0 x, p1 y */
    FOGN_A_CMDR_JOIN,    /* commander joins unit `target` */
    FOGN_A_GROUP_MOVE,   /* exact, Brigade Group of unit actor: pivot arg (group corner), p0 deg, p1 dist; p3 the other members */
    FOGN_A_GROUP_ADVANCE,/* order, Brigade Group: toward enemy `target` to band `arg`; p3 members */
    FOGN_A_GROUP_REAR,   /* exact, Brigade Group: p1 distance straight back; p3 members */
    FOGN_A_RECOVER,      /* Recovery Phase: commander actor tries to recover / rally unit `target` */
    FOGN_A_ASSAULT,      /* Assault Phase: unit actor assaults enemy `target` */
    FOGN_A_REACT,        /* Assault Phase: target actor reacts: arg a reaction (assault.c) */
    FOGN_A_INTERCEPT,    /* Assault Phase: unit actor intercepts assaulter `target` */
    FOGN_A_PRESS,        /* Assault Phase: assaulter actor presses on after fire (a CMT) */
    FOGN_A_FIRE,         /* Firing Phase: unit actor fires, most dice at `target`; arg 1 ignores Skirmishers */
    FOGN_A_PURSUE,       /* Combat Phase: unit actor pursues (or tries to) */
    FOGN_A_ALLOCATE,     /* Command Phase: corps commander actor gives 1 CP to commander `target` (§5.1) */
    FOGN_A_ARRIVE,       /* Movement Phase: off-table unit actor comes on (§8.1): arg formation, p0 point on
                            the edge, p1 how far in (0 as far as it may) */
    FOGN_A_ENTER,        /* Movement Phase: enter building / field work piece `target`; arg = mode + 4 * face (building.h) */
    FOGN_A_GARRISON,     /* Movement Phase: a garrison changes how it holds its area: arg = mode + 4 * face */
    FOGN_A_LEAVE,        /* Movement Phase: a garrison leaves its area through face arg (0-3) */
    FOGN_A_UP_TO,        /* Movement Phase: wheel square to obstacle piece `target` and move up to touch it (§15.8) */
    FOGN_A_CROSS,        /* Movement Phase: cross obstacle piece `target` from touching it (§15.8) */
    FOGN_A_GROUP_CROSS,  /* Movement Phase, Brigade Group of unit actor: every member crosses obstacle piece
                            `target` from touching it (§8.8, §15.8); p3 the other members */
    FOGN_A_SWING,        /* exact, a kinked Extended Line (§8.5): arg 0 the right half, 1 the left, 2 both wheel
                            forward about their outer front corners and go on; p0 the (left) half's wheel deg, p1
                            its distance; with both, p2 the right half's wheel deg and p3 its distance */
    FOGN_A_COUNT
} fogn_action_type;

/* a target's reaction to an assault (§6.6), fogn_unit.reaction; named in names.h */
typedef enum fogn_reaction {
    FOGN_RE_NONE = 0, FOGN_RE_STAND, FOGN_RE_SQUARE, FOGN_RE_TACTICAL, FOGN_RE_EVADE, FOGN_RE_COUNTER,
    FOGN_RE_ABANDON, FOGN_RE_STAND_FIRE, FOGN_RE_FIRE_LEAVE, FOGN_RE_COUNT
} fogn_reaction;

#endif
