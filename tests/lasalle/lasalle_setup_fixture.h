/* lasalle_setup_fixture.h - a "Set Up the Game" in progress with scripted
 * dice, for the set-up's step-by-step tests. Include after cmocka.h. */
#ifndef LASALLE_SETUP_FIXTURE_H
#define LASALLE_SETUP_FIXTURE_H

#include <string.h>

#include "../../engine/lasalle/setup/setup.h"

typedef struct ls_setup_fix {
    lasalle_setup S;
    gr_dice d;
    gr_error err;
} ls_setup_fix;

/* an empty set-up with the book B whose dice come from `faces` in turn */
static inline void ls_setup_fix_init(ls_setup_fix *f, const lasalle_list_book *B, const int *faces, int n)
{
    memset(f, 0, sizeof *f);
    gr_dice_init_script(&f->d, faces, n);
    f->S.book = B;
    f->S.dice = &f->d;
    f->S.dice->side = -1;
}

#endif
