/* drag.h - the order a piece dragged on a map asks for (the present
 * table's drag_order): a unit's front edge taken to the point by a wheel
 * about a front corner and a move straight on, a move or a move back; an
 * officer to the point [C, p.24-29]. */
#ifndef LASALLE_DRAG_H
#define LASALLE_DRAG_H

#include <stddef.h>
#include "../../core/error.h"

int lasalle_drag_order(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf,
                       size_t cap, gr_error *err);

#endif
