/* lasalle_book_fixture.h - the Army Builder's lists loaded once for a
 * group of tests: cmocka's group setup and teardown, the book in *state.
 * Include after cmocka.h. */
#ifndef LASALLE_BOOK_FIXTURE_H
#define LASALLE_BOOK_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "../../engine/lasalle/armylist/armylist.h"

static inline int ls_book_setup(void **state)
{
    gr_error err;
    lasalle_list_book *B = lasalle_list_load_book(NULL, &err);
    if (!B) {
        fprintf(stderr, "the book should load: %s\n", err.msg);
        return -1;
    }
    *state = B;
    return 0;
}

static inline int ls_book_teardown(void **state)
{
    free(*state);
    return 0;
}

#endif
