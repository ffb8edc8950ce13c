/* drag.h - the exact order a piece dragged on a map asks for (the
 * present table's drag_order): a unit's front edge taken to the point by a
 * wheel about a front corner and a move straight ahead (or a move back), a
 * commander to the point. */
#ifndef FOGN_DRAG_H
#define FOGN_DRAG_H

#include <stddef.h>
#include "../../core/error.h"

int fogn_drag_order(const void *scn, const void *state, const char *ref, double dx, double dy, char *buf, size_t cap,
                    gr_error *err);

#endif
