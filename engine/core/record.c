/* record.c - saving and loading game records as JSON:
 *   {"format": "grognard-record", "version": 1, "ruleset": "fogn",
 *    "scenario_file": "...", "seed": "18446744073709551615",
 *    "scenario": {...}, "actions": ["...", ...], "rolls": [4, 1, 6, ...],
 *    "session": {...}}   (optional: a front end's settings, cli/live.h)
 * The seed is written as a string of decimal digits because JSON integers
 * (json_int_t) are signed; a plain integer is accepted on load too. Loading
 * checks every field and names the file and the JSON path of the first
 * problem; on failure the record is left empty, never half filled. A record
 * loads from an http:// or https:// URL as well as from a file (fetch.h).
 * A roll is any face of any die (1..GR_DICE_MAX_FACES): the record does not
 * know which die threw it, and a replay's script checks each face against
 * the die the rules roll. */
#include "record.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch.h"
#include "fsutil.h"

#define GR_RECORD_FORMAT "grognard-record"
#define GR_RECORD_VERSION 1
#define GR_RECORD_MAX_BYTES ((size_t)256 << 20)

static void copy_str(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

void gr_record_init(gr_record *r, const gr_game *g, unsigned long long seed)
{
    if (!r) return;
    memset(r, 0, sizeof *r);
    r->seed = seed;
    if (!g) return;
    copy_str(r->ruleset, sizeof r->ruleset, g->rs ? g->rs->name : NULL);
    copy_str(r->scenario_file, sizeof r->scenario_file, g->path);
    /* a failed copy leaves scenario NULL; gr_record_save then refuses */
    if (g->scenario_json) r->scenario = json_deep_copy(g->scenario_json);
}

void gr_record_free(gr_record *r)
{
    if (!r) return;
    json_decref(r->scenario);
    json_decref(r->session);
    for (int i = 0; i < r->nactions; i++) free(r->actions[i]);
    free(r->actions);
    free(r->rolls);
    memset(r, 0, sizeof *r);
}

/* Makes room for `more` elements in an int-counted array; 0 or -1. */
static int grow(void **arr, int *cap, int n, int more, size_t elem)
{
    if (more < 0 || n > INT32_MAX - more) return -1;
    if (n + more <= *cap) return 0;
    long long want = *cap ? *cap : 16;
    while (want < n + more) want *= 2;
    if (want > INT32_MAX) want = INT32_MAX;
    if ((unsigned long long)want > SIZE_MAX / elem) return -1;
    void *p = realloc(*arr, (size_t)want * elem);
    if (!p) return -1;
    *arr = p;
    *cap = (int)want;
    return 0;
}

int gr_record_add_action(gr_record *r, const char *notation)
{
    if (!r || !notation) return -1;
    void *arr = r->actions;
    if (grow(&arr, &r->cap, r->nactions, 1, sizeof *r->actions) != 0) return -1;
    r->actions = arr;
    char *s = strdup(notation);
    if (!s) return -1;
    r->actions[r->nactions++] = s;
    return 0;
}

int gr_record_add_rolls(gr_record *r, const int *faces, int n)
{
    if (!r || n < 0 || (n > 0 && !faces)) return -1;
    for (int i = 0; i < n; i++)
        if (faces[i] < 1 || faces[i] > GR_DICE_MAX_FACES) return -1;
    if (n == 0) return 0;
    void *arr = r->rolls;
    if (grow(&arr, &r->rolls_cap, r->nrolls, n, sizeof *r->rolls) != 0) return -1;
    r->rolls = arr;
    memcpy(r->rolls + r->nrolls, faces, (size_t)n * sizeof *faces);
    r->nrolls += n;
    return 0;
}

/* Builds the JSON document; NULL with a message. Every value is made first
 * and owned here; the object takes its own references (json_object_set), so
 * one cleanup path drops ours whatever happened. */
static json_t *record_to_json(const gr_record *r, const char *path, gr_error *err)
{
    if (!json_is_object(r->scenario)) {
        gr_error_set(err, "cannot save %s: the record has no scenario", path);
        return NULL;
    }
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", r->seed);
    enum { K_FORMAT, K_VERSION, K_RULESET, K_FILE, K_SEED, K_ACTIONS, K_ROLLS, K_N };
    static const char *const keys[K_N] = {
        "format", "version", "ruleset", "scenario_file", "seed", "actions", "rolls",
    };
    json_t *val[K_N] = {
        json_string(GR_RECORD_FORMAT), json_integer(GR_RECORD_VERSION),
        json_string(r->ruleset), json_string(r->scenario_file), json_string(seed),
        json_array(), json_array(),
    };
    json_t *root = json_object();
    int ok = root != NULL;
    for (int k = 0; k < K_N; k++) ok = ok && val[k];
    if (!ok) {
        if (root && val[K_FORMAT] && val[K_VERSION] && val[K_SEED] && val[K_ACTIONS] &&
            val[K_ROLLS] && (!val[K_RULESET] || !val[K_FILE]))
            gr_error_set(err, "cannot save %s: the ruleset or scenario file name is not valid "
                         "UTF-8", path);
        else
            gr_error_set(err, "cannot save %s: out of memory", path);
    }
    for (int i = 0; ok && i < r->nactions; i++) {
        json_t *s = json_string(r->actions[i] ? r->actions[i] : "");
        if (!s) {
            gr_error_set(err, "cannot save %s: action %d is not valid UTF-8 text", path, i);
            ok = 0;
        } else if (json_array_append_new(val[K_ACTIONS], s) != 0) {
            gr_error_set(err, "cannot save %s: out of memory", path);
            ok = 0;
        }
    }
    for (int i = 0; ok && i < r->nrolls; i++) {
        if (json_array_append_new(val[K_ROLLS], json_integer(r->rolls[i])) != 0) {
            gr_error_set(err, "cannot save %s: out of memory", path);
            ok = 0;
        }
    }
    /* keys in the documented order, the scenario before the long arrays */
    for (int k = 0; ok && k < K_N; k++) {
        if (k == K_ACTIONS && json_object_set(root, "scenario", r->scenario) != 0) ok = 0;
        if (ok && json_object_set(root, keys[k], val[k]) != 0) ok = 0;
        if (!ok) gr_error_set(err, "cannot save %s: out of memory", path);
    }
    /* a front end's settings (cli/live.h), last */
    if (ok && r->session && json_object_set(root, "session", r->session) != 0) {
        gr_error_set(err, "cannot save %s: out of memory", path);
        ok = 0;
    }
    for (int k = 0; k < K_N; k++) json_decref(val[k]);
    if (!ok) {
        json_decref(root);
        return NULL;
    }
    return root;
}

int gr_record_save(const gr_record *r, const char *path, gr_error *err)
{
    if (!r || !path) return gr_error_set(err, "cannot save a record: nothing to save or no file");
    json_t *root = record_to_json(r, path, err);
    if (!root) return -1;
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(root);
    if (!text) return gr_error_set(err, "cannot save %s: out of memory", path);
    size_t tl = strlen(text);
    char *out = realloc(text, tl + 2);
    if (!out) {
        free(text);
        return gr_error_set(err, "cannot save %s: out of memory", path);
    }
    out[tl] = '\n';
    out[tl + 1] = '\0';
    int rc = gr_write_atomic(path, out, tl + 1, err);
    free(out);
    return rc;
}

/* The seed: decimal digits in a string (up to 2^64-1) or a non-negative
 * integer. 0 or -1. */
static int parse_seed(json_t *v, unsigned long long *out)
{
    if (json_is_integer(v)) {
        json_int_t i = json_integer_value(v);
        if (i < 0) return -1;
        *out = (unsigned long long)i;
        return 0;
    }
    if (!json_is_string(v)) return -1;
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    if (n == 0 || n > 20 || strlen(s) != n) return -1;
    unsigned long long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
    }
    *out = x;
    return 0;
}

/* Reads a string field of at most cap-1 bytes; missing is allowed when
 * !required. 0 or -1 with a message. */
static int get_str(json_t *root, const char *file, const char *key, int required, char *out,
                   size_t cap, gr_error *err)
{
    json_t *v = json_object_get(root, key);
    if (!v) {
        if (!required) return 0;
        return gr_error_set(err, "%s: $.%s: missing", file, key);
    }
    if (!json_is_string(v))
        return gr_error_set(err, "%s: $.%s: expected a string", file, key);
    size_t n = json_string_length(v);
    if (n >= cap || strlen(json_string_value(v)) != n)
        return gr_error_set(err, "%s: $.%s: expected a string of at most %zu bytes without NUL",
                            file, key, cap - 1);
    memcpy(out, json_string_value(v), n + 1);
    return 0;
}

static const char *const record_keys[] = {
    "format", "version", "ruleset", "scenario_file", "seed", "scenario", "actions", "rolls", "session",
};

/* Fills r (already zeroed) from root; -1 with a message (r may hold part). */
static int record_from_json(gr_record *r, json_t *root, const char *file, gr_error *err)
{
    if (!json_is_object(root)) return gr_error_set(err, "%s: $: expected an object", file);

    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        size_t k = 0, nk = sizeof record_keys / sizeof *record_keys;
        while (k < nk && strcmp(key, record_keys[k]) != 0) k++;
        if (k == nk) return gr_error_set(err, "%s: $.%s: unknown key", file, key);
    }

    v = json_object_get(root, "format");
    if (!v) return gr_error_set(err, "%s: $.format: missing (not a grognard record)", file);
    if (!json_is_string(v) || strcmp(json_string_value(v), GR_RECORD_FORMAT) != 0)
        return gr_error_set(err, "%s: $.format: expected \"" GR_RECORD_FORMAT "\"", file);

    v = json_object_get(root, "version");
    if (!v) return gr_error_set(err, "%s: $.version: missing", file);
    if (!json_is_integer(v)) return gr_error_set(err, "%s: $.version: expected an integer", file);
    if (json_integer_value(v) != GR_RECORD_VERSION)
        return gr_error_set(err, "%s: $.version: unsupported version %lld (this build reads %d)",
                            file, (long long)json_integer_value(v), GR_RECORD_VERSION);

    if (get_str(root, file, "ruleset", 1, r->ruleset, sizeof r->ruleset, err)) return -1;
    if (get_str(root, file, "scenario_file", 0, r->scenario_file, sizeof r->scenario_file, err))
        return -1;

    v = json_object_get(root, "seed");
    if (!v) return gr_error_set(err, "%s: $.seed: missing", file);
    if (parse_seed(v, &r->seed) != 0)
        return gr_error_set(err, "%s: $.seed: expected a string of decimal digits "
                            "(0 to 18446744073709551615) or a non-negative integer", file);

    v = json_object_get(root, "scenario");
    if (!v) return gr_error_set(err, "%s: $.scenario: missing", file);
    if (!json_is_object(v)) return gr_error_set(err, "%s: $.scenario: expected an object", file);
    r->scenario = json_incref(v);

    json_t *arr = json_object_get(root, "actions");
    if (!arr) return gr_error_set(err, "%s: $.actions: missing", file);
    if (!json_is_array(arr)) return gr_error_set(err, "%s: $.actions: expected an array", file);
    size_t i;
    json_array_foreach(arr, i, v) {
        if (!json_is_string(v) || strlen(json_string_value(v)) != json_string_length(v))
            return gr_error_set(err, "%s: $.actions[%zu]: expected a string", file, i);
        if (gr_record_add_action(r, json_string_value(v)) != 0)
            return gr_error_set(err, "%s: $.actions[%zu]: out of memory", file, i);
    }

    v = json_object_get(root, "session");
    if (v && !json_is_object(v)) return gr_error_set(err, "%s: $.session: expected an object", file);
    if (v) r->session = json_incref(v);

    arr = json_object_get(root, "rolls");
    if (arr) {
        if (!json_is_array(arr)) return gr_error_set(err, "%s: $.rolls: expected an array", file);
        json_array_foreach(arr, i, v) {
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > GR_DICE_MAX_FACES)
                return gr_error_set(err, "%s: $.rolls[%zu]: expected a die face 1..%d", file, i, GR_DICE_MAX_FACES);
            int f = (int)json_integer_value(v);
            if (gr_record_add_rolls(r, &f, 1) != 0)
                return gr_error_set(err, "%s: $.rolls[%zu]: out of memory", file, i);
        }
    }
    return 0;
}

int gr_record_load(gr_record *r, const char *path, gr_error *err)
{
    if (!r) return gr_error_set(err, "cannot load a record: nowhere to put it");
    memset(r, 0, sizeof *r);
    if (!path) return gr_error_set(err, "cannot load a record: no file given");
    json_t *root;
    if (gr_fetch_is_url(path)) {
        /* same parse flags as below; the message names the URL and the cause */
        root = gr_fetch_json(path, GR_RECORD_MAX_BYTES, err);
        if (!root) return -1;
    } else {
        size_t len;
        char *text = gr_read_file(path, GR_RECORD_MAX_BYTES, &len, err);
        if (!text) return -1;
        json_error_t je;
        root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
        free(text);
        if (!root)
            return gr_error_set(err, "%s:%d:%d: %s", path, je.line, je.column, je.text);
    }
    gr_record tmp;
    memset(&tmp, 0, sizeof tmp);
    int rc = record_from_json(&tmp, root, path, err);
    json_decref(root);
    if (rc != 0) {
        gr_record_free(&tmp);
        return -1;
    }
    *r = tmp;   /* the scenario's last other reference went with root */
    return 0;
}

int gr_record_from_json(gr_record *r, json_t *root, const char *name, gr_error *err)
{
    if (!r) return gr_error_set(err, "cannot read a record: nowhere to put it");
    memset(r, 0, sizeof *r);
    gr_record tmp;
    memset(&tmp, 0, sizeof tmp);
    if (record_from_json(&tmp, root, name ? name : "(record)", err) != 0) {
        gr_record_free(&tmp);
        return -1;
    }
    *r = tmp;
    return 0;
}
