/* fsutil.h - reading whole files and writing them atomically (temporary file
 * in the same folder, fsync, rename), so a crash or a full disk never leaves a
 * half-written save or record behind. A FIFO or device named as the target is
 * written through, never replaced; a link's target is the file written. */
#ifndef GR_FSUTIL_H
#define GR_FSUTIL_H

#include <stddef.h>
#include "error.h"

/* Opens path for reading without hanging on a FIFO that has no writer
 * (the descriptor is blocking again once open); the descriptor or -1 with
 * "cannot open PATH: reason". */
int gr_open_read(const char *path, gr_error *err);
/* Reads the whole file (at most max_bytes) into a NUL-terminated malloc'd
 * buffer; NULL with a message on failure. */
char *gr_read_file(const char *path, size_t max_bytes, size_t *len, gr_error *err);
/* Writes data to path atomically; 0 or -1 with a message. */
int gr_write_atomic(const char *path, const void *data, size_t len, gr_error *err);

/* Copies path into buf, or refuses it, naming what it is for ("--save"),
 * when it does not fit: a path is used as given or not at all. 0 or -1. */
int gr_path_copy(char *buf, size_t cap, const char *path, const char *what, gr_error *err);

/* Finds a file or folder of Grognard's own data (rel like
 * "eval/weights/fogn.json" or "scenarios"): under $GROGNARD_ROOT, the
 * current folder, or the checkout the running program was built in (one to
 * three folders above the executable). 0 with the path in buf, or -1. */
int gr_find_data(const char *rel, char *buf, size_t cap);

#endif
