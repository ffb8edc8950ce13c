/* spec.c - parsing and reading player spec strings (spec.h). */
#include "spec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gr_spec_parse(const char *text, gr_spec *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    if (!text || !*text) return gr_error_set(err, "empty player spec");
    const char *colon = strchr(text, ':');
    size_t nl = colon ? (size_t)(colon - text) : strlen(text);
    if (nl == 0 || nl >= sizeof out->name) return gr_error_set(err, "player spec '%s': bad player name", text);
    memcpy(out->name, text, nl);
    if (!colon) return 0;
    const char *p = colon + 1;
    if (!*p) return gr_error_set(err, "player spec '%s': nothing after ':' (expected key=value,...)", text);
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (out->nkeys >= GR_SPEC_MAX_KEYS) return gr_error_set(err, "player spec '%s': too many options", text);
        size_t kl = eq ? (size_t)(eq - p) : len;
        if (kl == 0 || kl >= sizeof out->key[0])
            return gr_error_set(err, "player spec '%s': bad option name near '%.*s'", text, (int)len, p);
        memcpy(out->key[out->nkeys], p, kl);
        if (eq) {
            size_t vl = len - kl - 1;
            if (vl == 0 || vl >= sizeof out->val[0])
                return gr_error_set(err, "player spec '%s': option '%s' needs a value", text, out->key[out->nkeys]);
            memcpy(out->val[out->nkeys], eq + 1, vl);
        } else {
            /* a bare word is a shorthand for the player's "kind" (doctrine:columns) */
            memcpy(out->val[out->nkeys], p, kl);
            snprintf(out->key[out->nkeys], sizeof out->key[0], "kind");
        }
        for (int k = 0; k < out->nkeys; k++)
            if (!strcmp(out->key[k], out->key[out->nkeys]))
                return gr_error_set(err, "player spec '%s': option '%s' given twice", text, out->key[k]);
        out->nkeys++;
        if (!end) break;
        p = end + 1;
        if (!*p) return gr_error_set(err, "player spec '%s': trailing ','", text);
    }
    return 0;
}

const char *gr_spec_get(gr_spec *s, const char *key)
{
    for (int k = 0; k < s->nkeys; k++)
        if (!strcmp(s->key[k], key)) {
            s->used |= 1u << k;
            return s->val[k];
        }
    return NULL;
}

int gr_spec_long(gr_spec *s, const char *key, long lo, long hi, long *out, gr_error *err)
{
    const char *v = gr_spec_get(s, key);
    if (!v) return 0;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end || x < lo || x > hi)
        return gr_error_set(err, "player %s: %s=%s: expected a whole number from %ld to %ld", s->name, key, v, lo, hi);
    *out = x;
    return 0;
}

int gr_spec_double(gr_spec *s, const char *key, double lo, double hi, double *out, gr_error *err)
{
    const char *v = gr_spec_get(s, key);
    if (!v) return 0;
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || *end || !(x >= lo && x <= hi))
        return gr_error_set(err, "player %s: %s=%s: expected a number from %g to %g", s->name, key, v, lo, hi);
    *out = x;
    return 0;
}

int gr_spec_finish(const gr_spec *s, const char *accepted, gr_error *err)
{
    for (int k = 0; k < s->nkeys; k++)
        if (!(s->used & (1u << k)))
            return gr_error_set(err, "player %s: unknown option '%s' (accepted: %s)", s->name, s->key[k], accepted);
    return 0;
}

int gr_spec_split(const char *list, char out[][GR_SPEC_TEXT], int max, gr_error *err)
{
    int n = 0;
    const char *p = list;
    if (!list || !*list) return gr_error_set(err, "no players given");
    while (*p) {
        const char *start = p;
        /* extend over pieces that are options of this player (they contain '=') */
        const char *end = strchr(p, ',');
        while (end) {
            const char *next = end + 1, *nend = strchr(next, ',');
            size_t len = nend ? (size_t)(nend - next) : strlen(next);
            /* a piece with '=' and no ':' is an option of the player before */
            if (!memchr(next, '=', len) || memchr(next, ':', len)) break;
            end = nend;
        }
        size_t len = end ? (size_t)(end - start) : strlen(start);
        if (len == 0) return gr_error_set(err, "players '%s': an empty player between commas", list);
        if (n >= max) return gr_error_set(err, "players '%s': at most %d players", list, max);
        if (len >= GR_SPEC_TEXT) return gr_error_set(err, "players '%s': a spec is too long", list);
        memcpy(out[n], start, len);
        out[n][len] = '\0';
        n++;
        if (!end) break;
        p = end + 1;
        if (!*p) return gr_error_set(err, "players '%s': trailing ','", list);
    }
    return n;
}
