/* order_plan.h - what the check of one Activity Phase order worked out (a
 * move's plan, a battery's, a charge's), kept by the menu's check of that
 * order so that carrying it out does not work it out again. */
#ifndef LASALLE_ORDER_PLAN_H
#define LASALLE_ORDER_PLAN_H

#include "artillery.h"
#include "charge.h"
#include "move.h"

typedef enum lasalle_plan_kind {
    LASALLE_PLAN_NONE = 0, /* nothing kept: the order is carried out from scratch */
    LASALLE_PLAN_MOVE,     /* u.move from lasalle_move_plan */
    LASALLE_PLAN_GUN,      /* u.gun from lasalle_gun_plan */
    LASALLE_PLAN_CHARGE,   /* u.charge from lasalle_charge_check */
} lasalle_plan_kind;

typedef struct lasalle_order_plan {
    lasalle_plan_kind kind;
    union {
        lasalle_plan move;
        lasalle_gunplan gun;
        lasalle_charge charge;
    } u;
} lasalle_order_plan;

#endif
