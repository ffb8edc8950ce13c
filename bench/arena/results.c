/* results.c - arena results as JSON lines: one game per line, written with a
 * single locked append so that parallel workers (separate processes) never
 * mix their lines, read back with torn or damaged lines skipped and counted,
 * and merged from shards into one sorted, duplicate-free set. */
#include "results.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../engine/core/fsutil.h"

/* Longest line we ever produce: every string field escaped at worst six
 * bytes per byte, with the keys and numbers, stays under 5,000 bytes. */
#define LINE_MAX_BYTES 8192
/* Largest results file read at once. */
#define READ_MAX_BYTES ((size_t)1 << 30)

void gr_arena_set_init(gr_arena_set *s)
{
    s->g = NULL;
    s->n = 0;
    s->cap = 0;
}

void gr_arena_set_free(gr_arena_set *s)
{
    free(s->g);
    gr_arena_set_init(s);
}

int gr_arena_set_add(gr_arena_set *s, const gr_arena_game *g, gr_error *err)
{
    if (s->n == s->cap) {
        size_t ncap = s->cap ? s->cap * 2 : 16;
        if (ncap < s->cap || ncap > SIZE_MAX / sizeof *s->g)
            return gr_error_set(err, "too many games in one set");
        gr_arena_game *ng = realloc(s->g, ncap * sizeof *ng);
        if (!ng) return gr_error_set(err, "out of memory holding %zu games", s->n + 1);
        s->g = ng;
        s->cap = ncap;
    }
    s->g[s->n++] = *g;
    return 0;
}

/* ---- one line ------------------------------------------------------------ */

/* A bounded copy of a fixed-size char field (which may lack its NUL). */
static json_t *field_string(const char *f, size_t cap)
{
    return json_stringn(f, strnlen(f, cap));
}

/* Sets key to v, consuming v; false when anything failed. */
static int put(json_t *o, const char *key, json_t *v)
{
    return v && json_object_set_new(o, key, v) == 0;
}

static json_t *pair_of(json_t *a, json_t *b)
{
    json_t *arr = json_array();
    if (!arr || !a || !b || json_array_append_new(arr, a) != 0) {
        json_decref(arr);
        json_decref(a);
        json_decref(b);
        return NULL;
    }
    if (json_array_append_new(arr, b) != 0) {
        json_decref(arr);
        return NULL;
    }
    return arr;
}

/* Builds the JSON object of a game; NULL when out of memory or when the seed
 * does not fit a signed 64-bit JSON integer. The side names are written
 * only when the game has them. */
static json_t *game_to_json(const gr_arena_game *g)
{
    if (g->seed > (unsigned long long)INT64_MAX) return NULL;
    json_t *o = json_object();
    if (!o) return NULL;
    int ok = put(o, "tournament", field_string(g->tournament, sizeof g->tournament)) &&
             put(o, "scenario", field_string(g->scenario, sizeof g->scenario)) &&
             put(o, "index", json_integer(g->index)) &&
             put(o, "pair", json_integer(g->pair)) &&
             put(o, "seed", json_integer((json_int_t)g->seed)) &&
             put(o, "players", pair_of(field_string(g->players[0], sizeof g->players[0]),
                                       field_string(g->players[1], sizeof g->players[1])));
    if (ok && (g->sides[0][0] || g->sides[1][0]))
        ok = put(o, "sides", pair_of(field_string(g->sides[0], sizeof g->sides[0]),
                                     field_string(g->sides[1], sizeof g->sides[1])));
    ok = ok && put(o, "score", pair_of(json_real(g->score[0]), json_real(g->score[1]))) &&
         put(o, "winner", json_integer(g->winner)) &&
         put(o, "margin", json_integer(g->margin)) &&
         put(o, "decisions", json_integer(g->decisions)) &&
         put(o, "moves", json_integer(g->moves)) &&
         put(o, "end", field_string(g->end, sizeof g->end)) &&
         put(o, "reason", field_string(g->reason, sizeof g->reason)) &&
         put(o, "seconds", json_real(g->seconds));
    if (ok && g->has_thought)
        ok = put(o, "think_s", pair_of(json_real(g->think_s[0]), json_real(g->think_s[1]))) &&
             put(o, "searched", pair_of(json_integer(g->searched[0]), json_integer(g->searched[1]))) &&
             put(o, "iterations", pair_of(json_integer(g->iterations[0]), json_integer(g->iterations[1])));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

int gr_arena_game_to_line(const gr_arena_game *g, char *buf, size_t cap)
{
    if (!buf || cap == 0) return -1;
    json_t *o = game_to_json(g);
    if (!o) return -1;
    size_t need = json_dumpb(o, buf, cap, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (need == 0 || need >= cap || need > INT_MAX) return -1;
    buf[need] = '\0';
    return (int)need;
}

/* ---- parsing ------------------------------------------------------------- */

static json_t *need_key(json_t *o, const char *key, gr_error *err)
{
    json_t *v = json_object_get(o, key);
    if (!v) gr_error_set(err, "key \"%s\" is missing", key);
    return v;
}

static int get_string(json_t *o, const char *key, char *out, size_t cap, gr_error *err)
{
    json_t *v = need_key(o, key, err);
    if (!v) return -1;
    if (!json_is_string(v))
        return gr_error_set(err, "key \"%s\" must be a string", key);
    size_t len = json_string_length(v);
    const char *s = json_string_value(v);
    if (len >= cap)
        return gr_error_set(err, "key \"%s\" is too long (%zu bytes, at most %zu)", key, len,
                            cap - 1);
    if (memchr(s, '\0', len))
        return gr_error_set(err, "key \"%s\" holds a NUL character", key);
    memcpy(out, s, len);
    memset(out + len, 0, cap - len);
    return 0;
}

static int get_int(json_t *o, const char *key, json_int_t lo, json_int_t hi, json_int_t *out,
                   gr_error *err)
{
    json_t *v = need_key(o, key, err);
    if (!v) return -1;
    if (!json_is_integer(v))
        return gr_error_set(err, "key \"%s\" must be an integer", key);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return gr_error_set(err, "key \"%s\" is %lld, outside %lld .. %lld", key, (long long)x,
                            (long long)lo, (long long)hi);
    *out = x;
    return 0;
}

static int get_number(json_t *o, const char *key, double *out, gr_error *err)
{
    json_t *v = need_key(o, key, err);
    if (!v) return -1;
    if (!json_is_number(v))
        return gr_error_set(err, "key \"%s\" must be a number", key);
    *out = json_number_value(v);
    return 0;
}

static json_t *get_pair(json_t *o, const char *key, gr_error *err)
{
    json_t *v = need_key(o, key, err);
    if (!v) return NULL;
    if (!json_is_array(v) || json_array_size(v) != 2) {
        gr_error_set(err, "key \"%s\" must be an array of two elements", key);
        return NULL;
    }
    return v;
}

/* The two strings of the pair under key into a and b, each of cap bytes
 * with its NUL. */
static int get_names(json_t *pair, const char *key, char *a, char *b, size_t cap, gr_error *err)
{
    char *out[2] = {a, b};
    for (size_t i = 0; i < 2; i++) {
        json_t *p = json_array_get(pair, i);
        if (!json_is_string(p))
            return gr_error_set(err, "key \"%s\": element %zu must be a string", key, i);
        size_t len = json_string_length(p);
        if (len >= cap || memchr(json_string_value(p), '\0', len))
            return gr_error_set(err, "key \"%s\": element %zu is too long (at most %zu bytes)",
                                key, i, cap - 1);
        memset(out[i], 0, cap);
        memcpy(out[i], json_string_value(p), len);
    }
    return 0;
}

/* element i of the pair under key, a number not below 0 */
static int pair_number(json_t *pair, const char *key, size_t i, double *out, gr_error *err)
{
    json_t *v = json_array_get(pair, i);
    if (!json_is_number(v)) return gr_error_set(err, "key \"%s\": element %zu must be a number", key, i);
    double d = json_number_value(v);
    if (!(d >= 0.0)) return gr_error_set(err, "key \"%s\": element %zu is %g, below 0", key, i, d);
    *out = d;
    return 0;
}

/* the optional think_s, searched and iterations: all three or none */
static int parse_thought(json_t *o, gr_arena_game *g, gr_error *err)
{
    static const char *const keys[3] = {"think_s", "searched", "iterations"};
    int present = 0;
    for (int k = 0; k < 3; k++) present += json_object_get(o, keys[k]) != NULL;
    if (present == 0) return 0;
    if (present != 3) return gr_error_set(err, "keys \"think_s\", \"searched\" and \"iterations\" go together");
    for (int k = 0; k < 3; k++) {
        json_t *pr = get_pair(o, keys[k], err);
        if (!pr) return -1;
        for (size_t i = 0; i < 2; i++) {
            double d = 0;
            if (pair_number(pr, keys[k], i, &d, err)) return -1;
            if (k > 0 && (d != floor(d) || d > 9e15))
                return gr_error_set(err, "key \"%s\": element %zu must be a whole number", keys[k], i);
            if (k == 0) g->think_s[i] = d;
            else if (k == 1) g->searched[i] = (long)d;
            else g->iterations[i] = (long long)d;
        }
    }
    g->has_thought = 1;
    return 0;
}

static int parse_game(json_t *o, gr_arena_game *g, gr_error *err)
{
    json_int_t x;
    if (get_string(o, "tournament", g->tournament, sizeof g->tournament, err)) return -1;
    if (get_string(o, "scenario", g->scenario, sizeof g->scenario, err)) return -1;
    if (get_int(o, "index", 0, LONG_MAX, &x, err)) return -1;
    g->index = (long)x;
    if (get_int(o, "pair", 0, LONG_MAX, &x, err)) return -1;
    g->pair = (long)x;
    if (get_int(o, "seed", 0, INT64_MAX, &x, err)) return -1;
    g->seed = (unsigned long long)x;

    json_t *pl = get_pair(o, "players", err);
    if (!pl || get_names(pl, "players", g->players[0], g->players[1], sizeof g->players[0], err))
        return -1;
    /* optional: lines written before sides were named have no "sides" */
    if (json_object_get(o, "sides")) {
        json_t *sd = get_pair(o, "sides", err);
        if (!sd || get_names(sd, "sides", g->sides[0], g->sides[1], sizeof g->sides[0], err))
            return -1;
    }
    json_t *sc = get_pair(o, "score", err);
    if (!sc) return -1;
    for (size_t i = 0; i < 2; i++) {
        json_t *v = json_array_get(sc, i);
        if (!json_is_number(v))
            return gr_error_set(err, "key \"score\": element %zu must be a number", i);
        double d = json_number_value(v);
        if (!(d >= 0.0 && d <= 1.0))
            return gr_error_set(err, "key \"score\": element %zu is %g, outside 0 .. 1", i, d);
        g->score[i] = d;
    }
    if (get_int(o, "winner", -1, 1, &x, err)) return -1;
    g->winner = (int)x;
    if (get_int(o, "margin", INT_MIN, INT_MAX, &x, err)) return -1;
    g->margin = (int)x;
    if (get_int(o, "decisions", 0, LONG_MAX, &x, err)) return -1;
    g->decisions = (long)x;
    if (get_int(o, "moves", 0, LONG_MAX, &x, err)) return -1;
    g->moves = (long)x;
    if (get_string(o, "end", g->end, sizeof g->end, err)) return -1;
    if (get_string(o, "reason", g->reason, sizeof g->reason, err)) return -1;
    if (get_number(o, "seconds", &g->seconds, err)) return -1;
    return parse_thought(o, g, err);
}

/* Parses len bytes (need not be NUL-terminated). */
static int game_from_bytes(const char *line, size_t len, gr_arena_game *g, gr_error *err)
{
    json_error_t je;
    json_t *o = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
    if (!o) return gr_error_set(err, "not JSON: %s (column %d)", je.text, je.column);
    if (!json_is_object(o)) {
        json_decref(o);
        return gr_error_set(err, "not a JSON object");
    }
    gr_arena_game tmp;
    memset(&tmp, 0, sizeof tmp);
    int rc = parse_game(o, &tmp, err);
    json_decref(o);
    if (rc == 0) *g = tmp;
    return rc;
}

int gr_arena_game_from_line(const char *line, gr_arena_game *g, gr_error *err)
{
    if (!line) return gr_error_set(err, "no line given");
    return game_from_bytes(line, strlen(line), g, err);
}

/* ---- append -------------------------------------------------------------- */

/* Writes all of buf, going on after interrupted or partial writes. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t k = write(fd, buf, len);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (k == 0) {
            errno = EIO;
            return -1;
        }
        buf += k;
        len -= (size_t)k;
    }
    return 0;
}

int gr_arena_append(const char *path, const gr_arena_game *g, gr_error *err)
{
    /* room for a leading newline (repairing a torn end), the line, its newline */
    char buf[LINE_MAX_BYTES + 2];
    int len = gr_arena_game_to_line(g, buf + 1, sizeof buf - 2);
    if (len < 0)
        return gr_error_set(err, "%s: game %ld of tournament %.64s cannot be written as one line",
                            path, g->index, g->tournament);
    buf[1 + len] = '\n';

    int fd;
    do {
        fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return gr_error_set(err, "cannot open %s: %s", path, strerror(errno));
    int rc;
    do {
        rc = flock(fd, LOCK_EX);
    } while (rc != 0 && errno == EINTR);
    if (rc != 0) {
        gr_error_set(err, "cannot lock %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    /* Only now, holding the lock, is the file's end stable. The descriptor
     * is opened for reading too so that the last byte can be looked at;
     * O_APPEND still sends every write to the end. */
    struct stat st;
    if (fstat(fd, &st) != 0) {
        gr_error_set(err, "cannot examine %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    size_t start = 1;
    if (st.st_size > 0) {
        char last = '\n';
        ssize_t k;
        do {
            k = pread(fd, &last, 1, st.st_size - 1);
        } while (k < 0 && errno == EINTR);
        if (k != 1) {
            gr_error_set(err, "cannot read the end of %s: %s", path,
                         k < 0 ? strerror(errno) : "short read");
            close(fd);
            return -1;
        }
        if (last != '\n') {
            buf[0] = '\n';
            start = 0;
        }
    }
    if (write_all(fd, buf + start, (size_t)len + 2 - start) != 0) {
        gr_error_set(err, "cannot write to %s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (fsync(fd) != 0) {
        gr_error_set(err, "cannot flush %s to disk: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    flock(fd, LOCK_UN);
    if (close(fd) != 0) return gr_error_set(err, "cannot close %s: %s", path, strerror(errno));
    return 0;
}

/* ---- read ---------------------------------------------------------------- */

static int blank(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r') return 0;
    return 1;
}

int gr_arena_read(const char *path, gr_arena_set *s, long *skipped, gr_error *warn, gr_error *err)
{
    if (skipped) *skipped = 0;
    size_t len;
    char *text = gr_read_file(path, READ_MAX_BYTES, &len, err);
    if (!text) return -1;
    long lineno = 0, nskip = 0;
    size_t pos = 0;
    while (pos < len) {
        const char *p = text + pos;
        const char *nl = memchr(p, '\n', len - pos);
        size_t ll = nl ? (size_t)(nl - p) : len - pos;
        pos += ll + (nl ? 1 : 0);
        lineno++;
        if (blank(p, ll)) continue;
        gr_error why;
        gr_error_clear(&why);
        gr_arena_game g;
        int bad;
        if (memchr(p, '\0', ll))
            bad = gr_error_set(&why, "the line holds NUL bytes (a torn write)");
        else
            bad = game_from_bytes(p, ll, &g, &why);
        if (bad) {
            if (nskip == 0 && warn)
                gr_error_set(warn, "%s:%ld: line skipped: %s", path, lineno, why.msg);
            nskip++;
            continue;
        }
        if (gr_arena_set_add(s, &g, err) != 0) {
            gr_error_prefix(err, "%s: ", path);
            free(text);
            if (skipped) *skipped = nskip;
            return -1;
        }
    }
    free(text);
    if (skipped) *skipped = nskip;
    return 0;
}

/* ---- merge --------------------------------------------------------------- */

static int cmp_key(const void *a, const void *b)
{
    const gr_arena_game *x = a, *y = b;
    int c = strncmp(x->tournament, y->tournament, sizeof x->tournament);
    if (c) return c;
    return (x->index > y->index) - (x->index < y->index);
}

/* Names the first field where two results of the same game differ. */
static const char *first_difference(const gr_arena_game *a, const gr_arena_game *b)
{
    if (strncmp(a->scenario, b->scenario, sizeof a->scenario)) return "scenario";
    if (a->pair != b->pair) return "pair";
    if (a->seed != b->seed) return "seed";
    if (strncmp(a->players[0], b->players[0], sizeof a->players[0]) ||
        strncmp(a->players[1], b->players[1], sizeof a->players[1]))
        return "players";
    if (strncmp(a->sides[0], b->sides[0], sizeof a->sides[0]) ||
        strncmp(a->sides[1], b->sides[1], sizeof a->sides[1]))
        return "sides";
    if (a->score[0] != b->score[0] || a->score[1] != b->score[1]) return "score";
    if (a->winner != b->winner) return "winner";
    if (a->margin != b->margin) return "margin";
    if (a->decisions != b->decisions) return "decisions";
    if (a->moves != b->moves) return "moves";
    if (strncmp(a->end, b->end, sizeof a->end)) return "end";
    if (strncmp(a->reason, b->reason, sizeof a->reason)) return "reason";
    if (a->seconds != b->seconds) return "seconds";
    if (a->has_thought != b->has_thought || a->think_s[0] != b->think_s[0] || a->think_s[1] != b->think_s[1] ||
        a->searched[0] != b->searched[0] || a->searched[1] != b->searched[1] ||
        a->iterations[0] != b->iterations[0] || a->iterations[1] != b->iterations[1])
        return "thought";
    return "line text";
}

int gr_arena_merge(gr_arena_set *s, gr_error *err)
{
    if (s->n < 2) return 0;
    qsort(s->g, s->n, sizeof *s->g, cmp_key);
    /* First look for conflicts, so that a refused merge leaves every game in
     * place (sorted); equal neighbours suffice, since equality is transitive. */
    char la[LINE_MAX_BYTES], lb[LINE_MAX_BYTES];
    for (size_t i = 1; i < s->n; i++) {
        const gr_arena_game *prev = &s->g[i - 1], *cur = &s->g[i];
        if (cmp_key(prev, cur) != 0) continue;
        int na = gr_arena_game_to_line(prev, la, sizeof la);
        int nb = gr_arena_game_to_line(cur, lb, sizeof lb);
        if (na < 0 || nb < 0)
            return gr_error_set(err, "tournament %.64s, game %ld: a result cannot be written "
                                "as a line", cur->tournament, cur->index);
        if (strcmp(la, lb) != 0)
            return gr_error_set(err, "tournament %.64s, game %ld: two different results "
                                "(they differ in \"%s\"); the shards do not belong together",
                                cur->tournament, cur->index, first_difference(prev, cur));
    }
    /* then keep one of each run of exact duplicates */
    size_t out = 1;
    for (size_t i = 1; i < s->n; i++)
        if (cmp_key(&s->g[out - 1], &s->g[i]) != 0) s->g[out++] = s->g[i];
    s->n = out;
    return 0;
}

/* ---- write --------------------------------------------------------------- */

int gr_arena_write(const char *path, const gr_arena_set *s, gr_error *err)
{
    size_t cap = 4096, len = 0;
    char *data = malloc(cap);
    if (!data) return gr_error_set(err, "%s: out of memory", path);
    char line[LINE_MAX_BYTES];
    for (size_t i = 0; i < s->n; i++) {
        int n = gr_arena_game_to_line(&s->g[i], line, sizeof line);
        if (n < 0) {
            free(data);
            return gr_error_set(err, "%s: game %ld of tournament %.64s cannot be written as "
                                "one line", path, s->g[i].index, s->g[i].tournament);
        }
        if (len + (size_t)n + 1 > cap) {
            size_t ncap = cap;
            while (len + (size_t)n + 1 > ncap) {
                if (ncap > SIZE_MAX / 2) {
                    free(data);
                    return gr_error_set(err, "%s: too much data", path);
                }
                ncap *= 2;
            }
            char *nd = realloc(data, ncap);
            if (!nd) {
                free(data);
                return gr_error_set(err, "%s: out of memory", path);
            }
            data = nd;
            cap = ncap;
        }
        memcpy(data + len, line, (size_t)n);
        len += (size_t)n;
        data[len++] = '\n';
    }
    int rc = gr_write_atomic(path, data, len, err);
    free(data);
    return rc;
}
