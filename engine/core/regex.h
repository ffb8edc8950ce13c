/* regex.h - a thin, thread-safe wrapper over PCRE2 for the order notation and
 * typed commands: compile once, match with per-call match data, read groups
 * by number or name into caller buffers. */
#ifndef GR_REGEX_H
#define GR_REGEX_H

#include <stddef.h>
#include "error.h"

typedef struct gr_regex gr_regex;          /* opaque: one compiled pattern */

#define GR_REGEX_MAX_GROUPS 16

typedef struct gr_match {
    int ok;                                 /* 1 when the subject matched */
    int ngroups;
    size_t start[GR_REGEX_MAX_GROUPS];      /* (size_t)-1 for an unset group */
    size_t end[GR_REGEX_MAX_GROUPS];
    const char *subject;
} gr_match;

/* Compiles a pattern (case-insensitive when icase); NULL with a message. */
gr_regex *gr_regex_compile(const char *pattern, int icase, gr_error *err);
void gr_regex_free(gr_regex *re);
/* Anchored whole-string match. Returns 1 matched, 0 not, -1 error. */
int gr_regex_match(const gr_regex *re, const char *subject, gr_match *m);
/* Group number of a named group, or -1. */
int gr_regex_group_index(const gr_regex *re, const char *name);
/* Copies group i into buf; returns its length, or -1 when the group is unset. */
int gr_match_group(const gr_match *m, int i, char *buf, size_t cap);
int gr_match_named(const gr_regex *re, const gr_match *m, const char *name, char *buf, size_t cap);

#endif
