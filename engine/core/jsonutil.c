/* jsonutil.c - reading typed fields out of jansson values for the scenario and
 * record loaders. Every failure message starts with the JSON path of the
 * offending value ("$.units[3].x: ...") and says what was wanted and what was
 * found, so a scenario author can go straight to the mistake. Optional keys
 * whose value is JSON null are treated as absent. gr_json_load_file takes an
 * http:// or https:// URL as well as a file name (fetch.h). */
#include "jsonutil.h"
#include "fetch.h"
#include "fsutil.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Largest scenario or record file we agree to parse. */
#define GR_JSON_MAX_FILE (16L * 1024 * 1024)

/* A short description of a value's type for "got ..." messages. */
static const char *kind_of(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    case JSON_NULL: return "null";
    }
    return "something else";
}

/* Shows a value briefly in a message: strings quoted and cut, numbers as is. */
static void show_value(const json_t *v, char *buf, size_t cap)
{
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        if (strlen(s) > 40)
            snprintf(buf, cap, "\"%.37s...\"", s);
        else
            snprintf(buf, cap, "\"%s\"", s);
    } else if (json_is_integer(v)) {
        snprintf(buf, cap, "%lld", (long long)json_integer_value(v));
    } else if (json_is_real(v)) {
        snprintf(buf, cap, "%g", json_real_value(v));
    } else {
        snprintf(buf, cap, "%s", kind_of(v));
    }
}

json_t *gr_json_load_file(const char *path, gr_error *err)
{
    gr_error_clear(err);
    if (!path || !*path) {
        gr_error_set(err, "no file name given");
        return NULL;
    }
    if (gr_fetch_is_url(path)) return gr_fetch_json(path, (size_t)GR_JSON_MAX_FILE, err);
    size_t len = 0;
    char *text = gr_read_file(path, (size_t)GR_JSON_MAX_FILE, &len, err);
    if (!text) return NULL;
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    free(text);
    if (!root) {
        if (je.line > 0)
            gr_error_set(err, "%s:%d:%d: %s", path, je.line, je.column, je.text);
        else
            gr_error_set(err, "%s: %s", path, je.text);
        return NULL;
    }
    return root;
}

/* Can the key be written after a dot in a path? */
static bool plain_key(const char *key)
{
    if (!*key || isdigit((unsigned char)key[0])) return false;
    for (const char *p = key; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_') return false;
    return true;
}

const char *gr_json_path_key(char *buf, size_t cap, const char *parent, const char *key)
{
    if (!buf || cap == 0) return "";
    if (!parent) parent = "$";
    if (plain_key(key))
        snprintf(buf, cap, "%s.%s", parent, key);
    else
        snprintf(buf, cap, "%s[\"%s\"]", parent, key);
    return buf;
}

const char *gr_json_path_index(char *buf, size_t cap, const char *parent, size_t i)
{
    if (!buf || cap == 0) return "";
    if (!parent) parent = "$";
    snprintf(buf, cap, "%s[%zu]", parent, i);
    return buf;
}

/* Looks the key up. Returns 1 with *v set when present (and not null),
 * 0 when absent and optional, -1 (message set) when absent and required or
 * when obj itself is not an object. */
static int fetch(json_t *obj, const char *path, const char *key, bool required,
                 const char *expect, json_t **v, gr_error *err)
{
    char p[256];
    *v = NULL;
    if (!json_is_object(obj))
        return gr_error_set(err, "%s: expected an object, got %s", path, obj ? kind_of(obj) : "nothing");
    json_t *x = json_object_get(obj, key);
    if (!x || json_is_null(x)) {
        if (!required) return 0;
        return gr_error_set(err, "%s: missing (expected %s)", gr_json_path_key(p, sizeof p, path, key),
                            expect);
    }
    *v = x;
    return 1;
}

/* %g that prints large bounds readably */
static void show_bound(double x, char *buf, size_t cap)
{
    if (isinf(x))
        snprintf(buf, cap, "%s", x > 0 ? "inf" : "-inf");
    else
        snprintf(buf, cap, "%g", x);
}

int gr_json_number(json_t *obj, const char *path, const char *key, bool required,
                   double lo, double hi, double *out, gr_error *err)
{
    char p[256], lb[32], hb[32], got[64];
    json_t *v;
    show_bound(lo, lb, sizeof lb);
    show_bound(hi, hb, sizeof hb);
    char expect[96];
    snprintf(expect, sizeof expect, "a number in [%s, %s]", lb, hb);
    int r = fetch(obj, path, key, required, expect, &v, err);
    if (r <= 0) return r;
    gr_json_path_key(p, sizeof p, path, key);
    if (!json_is_number(v)) {
        show_value(v, got, sizeof got);
        return gr_error_set(err, "%s: expected %s, got %s", p, expect, got);
    }
    double x = json_number_value(v);
    if (!isfinite(x) || x < lo || x > hi) {
        show_value(v, got, sizeof got);
        return gr_error_set(err, "%s: expected %s, got %s", p, expect, got);
    }
    *out = x;
    return 0;
}

int gr_json_int(json_t *obj, const char *path, const char *key, bool required,
                long lo, long hi, long *out, gr_error *err)
{
    char p[256], got[64], expect[96];
    json_t *v;
    snprintf(expect, sizeof expect, "an integer in [%ld, %ld]", lo, hi);
    int r = fetch(obj, path, key, required, expect, &v, err);
    if (r <= 0) return r;
    gr_json_path_key(p, sizeof p, path, key);
    long long x;
    if (json_is_integer(v)) {
        x = json_integer_value(v);
    } else if (json_is_real(v) && json_real_value(v) == floor(json_real_value(v)) &&
               fabs(json_real_value(v)) < 1e15) {
        x = (long long)json_real_value(v);   /* 3.0 is fine */
    } else {
        show_value(v, got, sizeof got);
        return gr_error_set(err, "%s: expected %s, got %s", p, expect, got);
    }
    if (x < lo || x > hi) {
        show_value(v, got, sizeof got);
        return gr_error_set(err, "%s: expected %s, got %s", p, expect, got);
    }
    *out = (long)x;
    return 0;
}

int gr_json_bool(json_t *obj, const char *path, const char *key, bool required,
                 bool *out, gr_error *err)
{
    char p[256], got[64];
    json_t *v;
    int r = fetch(obj, path, key, required, "true or false", &v, err);
    if (r <= 0) return r;
    if (!json_is_boolean(v)) {
        show_value(v, got, sizeof got);
        return gr_error_set(err, "%s: expected true or false, got %s",
                            gr_json_path_key(p, sizeof p, path, key), got);
    }
    *out = json_is_true(v);
    return 0;
}

int gr_json_string(json_t *obj, const char *path, const char *key, bool required,
                   char *out, size_t cap, gr_error *err)
{
    char p[256], got[64];
    json_t *v;
    int r = fetch(obj, path, key, required, "a string", &v, err);
    if (r <= 0) return r;
    gr_json_path_key(p, sizeof p, path, key);
    if (!json_is_string(v)) {
        show_value(v, got, sizeof got);
        return gr_error_set(err, "%s: expected a string, got %s", p, got);
    }
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (strlen(s) != n)
        return gr_error_set(err, "%s: the string contains a NUL character", p);
    if (cap == 0 || n >= cap)
        return gr_error_set(err, "%s: string too long (%zu characters in %zu bytes, at most %zu bytes)", p,
                            gr_utf8_chars(s), n, cap ? cap - 1 : 0);
    memcpy(out, s, n + 1);
    return 0;
}

size_t gr_utf8_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80; /* continuation bytes are not characters */
    return n;
}

int gr_json_enum(json_t *obj, const char *path, const char *key, bool required,
                 const char *const *names, int n, int *out, gr_error *err)
{
    char p[256], got[64], list[320];
    json_t *v;
    size_t len = 0;
    list[0] = '\0';
    for (int i = 0; i < n && len < sizeof list; i++) {
        int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", names[i]);
        if (w < 0) break;
        len += (size_t)w;
    }
    char expect[360];
    snprintf(expect, sizeof expect, "one of %s", list);
    int r = fetch(obj, path, key, required, expect, &v, err);
    if (r <= 0) return r;
    gr_json_path_key(p, sizeof p, path, key);
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        for (int i = 0; i < n; i++) {
            if (strcmp(s, names[i]) == 0) {
                *out = i;
                return 0;
            }
        }
    }
    show_value(v, got, sizeof got);
    return gr_error_set(err, "%s: expected %s, got %s", p, expect, got);
}

json_t *gr_json_array(json_t *obj, const char *path, const char *key, bool required,
                      size_t min, size_t max, gr_error *err)
{
    char p[256], got[64], expect[96];
    json_t *v;
    snprintf(expect, sizeof expect, "an array of %zu to %zu elements", min, max);
    if (fetch(obj, path, key, required, expect, &v, err) <= 0) return NULL;
    gr_json_path_key(p, sizeof p, path, key);
    if (!json_is_array(v)) {
        show_value(v, got, sizeof got);
        gr_error_set(err, "%s: expected %s, got %s", p, expect, got);
        return NULL;
    }
    size_t n = json_array_size(v);
    if (n < min || n > max) {
        gr_error_set(err, "%s: expected %s, got %zu", p, expect, n);
        return NULL;
    }
    return v;
}

json_t *gr_json_object(json_t *obj, const char *path, const char *key, bool required, gr_error *err)
{
    char p[256], got[64];
    json_t *v;
    if (fetch(obj, path, key, required, "an object", &v, err) <= 0) return NULL;
    if (!json_is_object(v)) {
        show_value(v, got, sizeof got);
        gr_error_set(err, "%s: expected an object, got %s", gr_json_path_key(p, sizeof p, path, key), got);
        return NULL;
    }
    return v;
}

/* Edit distance between short strings, capped: used to suggest a key. */
static int edit_distance(const char *a, const char *b)
{
    enum { M = 48 };
    size_t la = strlen(a), lb = strlen(b);
    if (la >= M || lb >= M) return M;
    int row[M + 1];
    for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int gr_json_only_keys(json_t *obj, const char *path, const char *const *allowed, int n, gr_error *err)
{
    if (!json_is_object(obj))
        return gr_error_set(err, "%s: expected an object, got %s", path, obj ? kind_of(obj) : "nothing");
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        (void)v;
        int best = -1, bestd = 1 << 20;
        bool ok = false;
        for (int i = 0; i < n; i++) {
            if (strcmp(key, allowed[i]) == 0) {
                ok = true;
                break;
            }
            int d = edit_distance(key, allowed[i]);
            if (d < bestd) {
                bestd = d;
                best = i;
            }
        }
        if (ok) continue;
        char p[256];
        gr_json_path_key(p, sizeof p, path, key);
        if (best >= 0 && bestd <= 2)
            return gr_error_set(err, "%s: unknown key \"%s\" (did you mean \"%s\"?)", p, key, allowed[best]);
        char list[320];
        size_t len = 0;
        list[0] = '\0';
        for (int i = 0; i < n && len < sizeof list; i++) {
            int w = snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", allowed[i]);
            if (w < 0) break;
            len += (size_t)w;
        }
        return gr_error_set(err, "%s: unknown key \"%s\" (allowed: %s)", p, key, list);
    }
    return 0;
}
