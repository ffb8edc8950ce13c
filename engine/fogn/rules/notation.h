/* notation.h - fogn actions as text and back (notation.c). */
#ifndef FOGN_NOTATION_H
#define FOGN_NOTATION_H

#include "internal.h"

#include <stddef.h>

int fogn_format_action(const void *scn, const void *state, const gr_action *a, char *buf, size_t cap);
int fogn_parse_action(const void *scn, const void *state, const char *text, gr_action *out, gr_error *err);

#endif
