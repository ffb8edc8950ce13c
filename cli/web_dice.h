/* web_dice.h - an order applied with dice typed on the page. The page
 * sends every face thrown so far as one flat list; the rules ask for them
 * roll by roll, each roll's faces on a line of their own (engine/core/dice.h).
 * The list is cut into rolls by applying the order on the dice read so far:
 * each refusal for want of dice names the roll it stopped at and how many
 * dice it takes, until the order goes through or a roll is left without its
 * dice, which is asked of the person by name. */
#ifndef GR_WEB_DICE_H
#define GR_WEB_DICE_H

#include "live.h"

#define GR_WEB_DICE_MAX 256     /* faces in one order's list */

/* The roll the rules wait for when an order stopped for want of dice. */
typedef struct gr_web_need {
    char prompt[320];           /* "roll 2d6 for fire of u3 at u7" */
    int dice, faces;            /* dice of the roll, faces of each */
    int have;                   /* faces of it already in the list */
} gr_web_need;

/* Applies a (or the correction `edit` when a is NULL) to L with the typed
 * faces (L->manual). 0 applied; 1 stopped for want of dice (*need says at
 * which roll; L is as it was); -1 refused with err (L as it was). */
int gr_web_dice_apply(gr_live *L, const gr_action *a, const char *edit, const int *faces, int n, gr_web_need *need,
                      gr_error *err);

#endif
