/* error.h - a small error record that every fallible call in Grognard fills in.
 * Messages are written for the person at the keyboard: they name the file, the
 * JSON path or the rule, and what was expected. */
#ifndef GR_ERROR_H
#define GR_ERROR_H

#define GR_ERROR_MAX 512

typedef struct gr_error {
    int set;                 /* non-zero once a message has been written */
    char msg[GR_ERROR_MAX];
} gr_error;

/* Clears the record. */
void gr_error_clear(gr_error *err);

/* Writes a printf-style message (keeps the first one if already set, so the
 * innermost cause survives). err may be NULL. Always returns -1, so callers
 * can write `return gr_error_set(err, ...)`. */
int gr_error_set(gr_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prefixes an existing message ("FILE: " + msg). err may be NULL. */
void gr_error_prefix(gr_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
