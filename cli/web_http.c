/* web_http.c - the answers of the web API (web_http.h): JSON bodies, errors
 * in one form, the request body read as a JSON object, query numbers. */
#include "web_http.h"
#include "../engine/core/error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gr_web_json(gr_web_resp *r, int status, json_t *json)
{
    free(r->body);
    r->body = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!r->body) {
        r->status = 500;
        r->body = strdup("{\"error\":\"out of memory\"}");
    } else {
        r->status = status;
    }
    r->len = r->body ? strlen(r->body) : 0;
    r->type = NULL;
    return 0;
}

int gr_web_fail(gr_web_resp *r, int status, const char *fmt, ...)
{
    char msg[GR_ERROR_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gr_web_json(r, status, json_pack("{s:s}", "error", msg));
    return -1;
}

json_t *gr_web_body(const gr_web_req *q, gr_web_resp *r)
{
    size_t n = q->body_len;
    while (n && (q->body[n - 1] == ' ' || q->body[n - 1] == '\n' || q->body[n - 1] == '\r' || q->body[n - 1] == '\t'))
        n--;
    if (n == 0) return json_object();
    if (memchr(q->body, 0, q->body_len)) {
        gr_web_fail(r, 400, "the request body holds a NUL byte: JSON expected");
        return NULL;
    }
    json_error_t je;
    json_t *j = json_loadb(q->body, q->body_len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        gr_web_fail(r, 400, "the request body is not JSON: %s at line %d, column %d", je.text, je.line, je.column);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        gr_web_fail(r, 400, "the request body must be a JSON object ({...})");
        return NULL;
    }
    return j;
}

int gr_web_known_keys(json_t *body, const char *const *keys, gr_web_resp *r)
{
    const char *k;
    json_t *v;
    json_object_foreach(body, k, v) {
        int ok = 0;
        for (int i = 0; keys[i] && !ok; i++) ok = !strcmp(keys[i], k);
        if (!ok) {
            char list[256] = "";
            for (int i = 0; keys[i]; i++) {
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", keys[i]);
            }
            return gr_web_fail(r, 400, "unknown field '%.64s' (this call takes: %s)", k, keys[0] ? list : "no fields");
        }
    }
    return 0;
}

int gr_web_query_long(const gr_web_req *q, const char *key, long lo, long hi, long dflt, long *out, gr_web_resp *r)
{
    const char *s = q->query ? q->query(q->qctx, key) : NULL;
    if (!s) {
        *out = dflt;
        return 0;
    }
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi)
        return gr_web_fail(r, 400, "query '%s=%.32s': a whole number from %ld to %ld expected", key, s, lo, hi);
    *out = v;
    return 0;
}
