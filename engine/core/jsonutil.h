/* jsonutil.h - typed field access on jansson values with the error messages a
 * scenario author needs: every failure names the JSON path ($.units[3].x) and
 * what was expected. The `path` argument is the path of the object searched. */
#ifndef GR_JSONUTIL_H
#define GR_JSONUTIL_H

#include <stdbool.h>
#include <jansson.h>
#include "error.h"

/* Parses a file into JSON (NULL with "FILE:LINE:COL: message" on error). */
json_t *gr_json_load_file(const char *path, gr_error *err);
/* Builds "parent.key" / "parent[i]" into buf. */
const char *gr_json_path_key(char *buf, size_t cap, const char *parent, const char *key);
const char *gr_json_path_index(char *buf, size_t cap, const char *parent, size_t i);

/* The number of characters in a UTF-8 string (its bytes less the
 * continuation bytes): what a player counts in a name. */
size_t gr_utf8_chars(const char *s);

/* Required / optional fields. `required` false: a missing key keeps *out as it
 * is and returns 0. Type or range errors return -1 with a message. */
int gr_json_number(json_t *obj, const char *path, const char *key, bool required,
                   double lo, double hi, double *out, gr_error *err);
int gr_json_int(json_t *obj, const char *path, const char *key, bool required,
                long lo, long hi, long *out, gr_error *err);
int gr_json_bool(json_t *obj, const char *path, const char *key, bool required,
                 bool *out, gr_error *err);
int gr_json_string(json_t *obj, const char *path, const char *key, bool required,
                   char *out, size_t cap, gr_error *err);
/* A string that must be one of names[0..n-1]; *out gets the index. */
int gr_json_enum(json_t *obj, const char *path, const char *key, bool required,
                 const char *const *names, int n, int *out, gr_error *err);
/* An array (min..max elements); NULL with a message otherwise (or if optional and absent: NULL, no error). */
json_t *gr_json_array(json_t *obj, const char *path, const char *key, bool required,
                      size_t min, size_t max, gr_error *err);
json_t *gr_json_object(json_t *obj, const char *path, const char *key, bool required, gr_error *err);
/* Reports keys of obj not in allowed[] (catches typos): -1 with a message. */
int gr_json_only_keys(json_t *obj, const char *path, const char *const *allowed, int n, gr_error *err);

#endif
