/* b64.h - base64 (RFC 4648, with padding): bytes carried in JSON text, such
 * as a flat state sent to a remote player. */
#ifndef GR_B64_H
#define GR_B64_H

#include <stddef.h>

/* The encoding of n bytes, NUL-terminated, malloc'd; NULL when out of memory. */
char *gr_b64_encode(const void *data, size_t n);
/* Decodes text into a malloc'd buffer (*n its length); NULL when text is not
 * base64 or memory is short. */
unsigned char *gr_b64_decode(const char *text, size_t *n);

#endif
