/* web_http.h - one request and its answer as the API's handlers see them,
 * whatever the HTTP library: the method, the path split into segments, the
 * query, the body (read whole, capped) and, for the answer, a status, a
 * content type and a body. Helpers build the JSON answers and errors that
 * docs/web.md describes. */
#ifndef GR_WEB_HTTP_H
#define GR_WEB_HTTP_H

#include <jansson.h>
#include <stddef.h>

#define GR_WEB_BODY_MAX ((size_t)1 << 20)   /* a request body past this is refused (413) */
#define GR_WEB_MAX_SEGS 6

typedef struct gr_web gr_web;

typedef struct gr_web_req {
    const char *method;             /* "GET", "POST", "DELETE", ... */
    const char *path;               /* as sent, without the query */
    const char *seg[GR_WEB_MAX_SEGS];   /* path segments: "/api/games/g1" -> api, games, g1 */
    int nseg;
    const char *(*query)(void *qctx, const char *key);  /* a query argument, or NULL */
    void *qctx;
    const char *body;               /* NUL-terminated; "" when none */
    size_t body_len;
} gr_web_req;

typedef struct gr_web_resp {
    int status;
    const char *type;               /* content type; NULL: application/json */
    char *body;                     /* malloc'd */
    size_t len;
} gr_web_resp;

/* The answer is json (taken over), with status. Always 0. */
int gr_web_json(gr_web_resp *r, int status, json_t *json);
/* {"error": MESSAGE} with status. Always -1, for `return gr_web_fail(...)`. */
int gr_web_fail(gr_web_resp *r, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The body as a JSON object (an empty body is {}): the object, or NULL
 * after answering 400 with where the JSON is wrong. The caller decrefs. */
json_t *gr_web_body(const gr_web_req *q, gr_web_resp *r);
/* Checks every key of body is one of the NULL-ended list: 0, or -1 after
 * answering 400 naming the unknown key. */
int gr_web_known_keys(json_t *body, const char *const *keys, gr_web_resp *r);
/* A whole number argument of the query: 0 (dflt when absent), or -1 after answering 400. */
int gr_web_query_long(const gr_web_req *q, const char *key, long lo, long hi, long dflt, long *out, gr_web_resp *r);

#endif
