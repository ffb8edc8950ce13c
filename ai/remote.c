/* remote.c - the remote player, `remote:URL[,ms=N][,timeout=S][,ai=LEVEL]`:
 * each decision is asked of another Grognard's web server (`grognard
 * serve`, docs/web.md "The remote player: POST /api/move"). The scenario's
 * JSON and the flat state (base64) are POSTed to URL/api/move with the
 * think time, the level and a seed; the answer's order is read in the local
 * position and taken only when it is legal here.
 *
 * One blocking libcurl transfer per decision on an easy handle of its own
 * (CURLOPT_NOSIGNAL); like engine/core/fetch.c it never calls
 * curl_global_init: curl_easy_init does libcurl's global set-up on first
 * use, under libcurl's own lock in a thread-safe build. Nothing here is
 * global; each player holds its URL, options, a counter for the seeds and
 * the search control it was given. */
#include "player.h"
#include "spec.h"
#include "tree.h"
#include "../engine/core/b64.h"
#include "../engine/core/byname.h"
#include "../engine/core/clock.h"
#include "../engine/core/fetch.h"
#include "../engine/core/rng.h"

#include <curl/curl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REMOTE_PREFIX "remote:"
#define REMOTE_USAGE "remote:http://HOST:PORT[,ms=N][,timeout=S][,ai=LEVEL]"
#define REMOTE_URL_MAX 256
#define REMOTE_PATH "/api/move"
#define REMOTE_MS_DEFAULT 1000L
#define REMOTE_MS_MAX 60000L          /* what the server takes (web_ai.c) */
#define REMOTE_SLACK_S 30.0           /* the default timeout: the think time and this */
#define REMOTE_TIMEOUT_MAX_S 86400.0
#define REMOTE_CONNECT_S 10L          /* seconds allowed to open the connection */
#define REMOTE_BODY_MAX ((size_t)1 << 20)
#define REMOTE_AI_MAX 150             /* the longest "ai" the server takes */
#define REMOTE_SHOWN 60               /* bytes of an answer quoted in a message */
#define REMOTE_SEED_STREAM 0x52454d4fu /* "REMO" */
#define REMOTE_DEADLINE_SHARE 0.75    /* of the time to a deadline, the part the remote thinks */

typedef struct remote_impl {
    char url[REMOTE_URL_MAX];                       /* as given, without a trailing '/' */
    char endpoint[REMOTE_URL_MAX + sizeof REMOTE_PATH];
    long ms;                                        /* the remote's think time per decision */
    double timeout_s;                               /* the whole transfer's limit */
    char ai[REMOTE_AI_MAX + 1];                     /* the remote's level or spec; "" none */
    unsigned long long seed, asked;
    const atomic_int *stop;                         /* set: the transfer is given up */
    double deadline_s;                              /* gr_now_s() time to answer by; 0 none */
} remote_impl;

/* the answer as it arrives, kept to REMOTE_BODY_MAX bytes */
typedef struct remote_sink {
    char *buf;
    size_t len;
    int too_big;
    const atomic_int *stop;
} remote_sink;

/* ---- the spec ---- */

static int parse_url(const char *url, size_t n, remote_impl *r, gr_error *err)
{
    if (n == 0) return gr_error_set(err, "player remote: a URL expected after 'remote:' (%s)", REMOTE_USAGE);
    if (n >= sizeof r->url) return gr_error_set(err, "player remote: the URL is too long (at most %d bytes)", REMOTE_URL_MAX - 1);
    memcpy(r->url, url, n);
    r->url[n] = '\0';
    if (!gr_fetch_is_url(r->url))
        return gr_error_set(err, "player remote: '%s' is not an http:// or https:// URL (%s)", r->url, REMOTE_USAGE);
    const char *host = strstr(r->url, "//") + 2;
    if (!*host || *host == '/' || *host == ':')
        return gr_error_set(err, "player remote: '%s' names no host (%s)", r->url, REMOTE_USAGE);
    while (n > 0 && r->url[n - 1] == '/') r->url[--n] = '\0';
    snprintf(r->endpoint, sizeof r->endpoint, "%s%s", r->url, REMOTE_PATH);
    return 0;
}

/* the options after the URL, read as a spec "remote:ms=N,..." so their
 * errors read like every other player's */
static int parse_options(const char *opts, remote_impl *r, gr_error *err)
{
    char text[GR_SPEC_TEXT + 16];
    if (strlen(opts) >= GR_SPEC_TEXT) return gr_error_set(err, "player remote: the options are too long");
    snprintf(text, sizeof text, "remote%s%s", *opts ? ":" : "", opts);
    gr_spec sp;
    if (gr_spec_parse(text, &sp, err)) return -1;
    r->ms = REMOTE_MS_DEFAULT;
    if (gr_spec_long(&sp, "ms", 1, REMOTE_MS_MAX, &r->ms, err)) return -1;
    r->timeout_s = (double)r->ms / 1000.0 + REMOTE_SLACK_S;
    if (gr_spec_double(&sp, "timeout", 0.001, REMOTE_TIMEOUT_MAX_S, &r->timeout_s, err)) return -1;
    const char *ai = gr_spec_get(&sp, "ai");
    if (ai && strlen(ai) > REMOTE_AI_MAX)
        return gr_error_set(err, "player remote: ai=%s: at most %d characters", ai, REMOTE_AI_MAX);
    if (ai && !strncmp(ai, REMOTE_PREFIX, strlen(REMOTE_PREFIX)))
        return gr_error_set(err, "player remote: ai=%s: the remote cannot be asked to ask another", ai);
    snprintf(r->ai, sizeof r->ai, "%s", ai ? ai : "");
    return gr_spec_finish(&sp, "ms, timeout, ai", err);
}

static int parse_remote(const char *spec, remote_impl *r, gr_error *err)
{
    const char *url = spec + strlen(REMOTE_PREFIX);
    size_t n = strcspn(url, ",");
    if (parse_url(url, n, r, err)) return -1;
    const char *opts = url[n] ? url + n + 1 : "";
    if (url[n] && !*opts) return gr_error_set(err, "player remote: trailing ',' (%s)", REMOTE_USAGE);
    return parse_options(opts, r, err);
}

/* ---- the request ---- */

/* the think time asked for: the player's, shortened to fit a deadline */
static long think_ms(const remote_impl *r)
{
    if (r->deadline_s <= 0) return r->ms;
    double left_ms = (r->deadline_s - gr_now_s()) * 1000.0 * REMOTE_DEADLINE_SHARE;
    if (left_ms < 1) return 1;
    return left_ms < (double)r->ms ? (long)left_ms : r->ms;
}

static char *request_body(remote_impl *r, const gr_game *g, const void *state, gr_error *err)
{
    if (!g->scenario_json) {
        gr_error_set(err, "remote player %s: the game keeps no scenario JSON to send", r->url);
        return NULL;
    }
    char *b64 = gr_b64_encode(state, g->rs->rules->state_size);
    gr_rng rng;
    gr_rng_seed(&rng, r->seed, REMOTE_SEED_STREAM + r->asked++);
    json_int_t seed = (json_int_t)(gr_rng_next(&rng) & (uint64_t)INT64_MAX);
    json_t *o = b64 ? json_pack("{s:O, s:s, s:I, s:I}", "scenario", g->scenario_json, "state", b64, "ms",
                                (json_int_t)think_ms(r), "seed", seed)
                    : NULL;
    free(b64);
    if (o && r->ai[0]) json_object_set_new(o, "ai", json_string(r->ai));
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!text) gr_error_set(err, "remote player %s: out of memory", r->url);
    return text;
}

static size_t on_data(char *data, size_t size, size_t nmemb, void *user)
{
    remote_sink *s = user;
    size_t n = size * nmemb;
    if (n > REMOTE_BODY_MAX - s->len) {
        s->too_big = 1;
        return 0;
    }
    char *p = realloc(s->buf, s->len + n + 1);
    if (!p) return 0;
    memcpy(p + s->len, data, n);
    s->buf = p;
    s->len += n;
    s->buf[s->len] = '\0';
    return n;
}

static int on_progress(void *user, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
    (void)dt, (void)dn, (void)ut, (void)un;
    const remote_sink *s = user;
    return s->stop && atomic_load(s->stop) ? 1 : 0;
}

static CURLcode set_up(CURL *h, const remote_impl *r, const char *body, struct curl_slist *hdr, remote_sink *s,
                       char *errbuf)
{
    long total_ms = (long)(r->timeout_s * 1000.0);
    if (total_ms < 1) total_ms = 1;
    long connect_ms = REMOTE_CONNECT_S * 1000L < total_ms ? REMOTE_CONNECT_S * 1000L : total_ms;
    /* no redirects are followed: the answer must come from the server named */
    CURLcode rc = (CURLcode)gr_fetch_base_options(h, r->endpoint, connect_ms, total_ms, errbuf);
#define SET(opt, val) \
    do { \
        if (rc == CURLE_OK) rc = curl_easy_setopt(h, opt, val); \
    } while (0)
    SET(CURLOPT_HTTPHEADER, hdr);
    SET(CURLOPT_POSTFIELDS, body);
    SET(CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
    SET(CURLOPT_WRITEFUNCTION, on_data);
    SET(CURLOPT_WRITEDATA, (void *)s);
    SET(CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)REMOTE_BODY_MAX);
    SET(CURLOPT_XFERINFOFUNCTION, on_progress);
    SET(CURLOPT_XFERINFODATA, (void *)s);
    SET(CURLOPT_NOPROGRESS, 0L);
#undef SET
    return rc;
}

/* a failed transfer in words a person can act on */
static int transfer_error(const remote_impl *r, CURLcode rc, const remote_sink *s, const char *errbuf, gr_error *err)
{
    const char *detail = errbuf[0] ? errbuf : curl_easy_strerror(rc);
    if (s->too_big || rc == CURLE_FILESIZE_EXCEEDED)
        return gr_error_set(err, "remote player %s: the answer is larger than 1 MiB", r->url);
    switch (rc) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
        return gr_error_set(err, "remote player %s: no answer (is `grognard serve` running there?): %s", r->url, detail);
    case CURLE_OPERATION_TIMEDOUT:
        return gr_error_set(err, "remote player %s: no answer within %g s (timeout=%g; it is asked to think %ld ms): %s",
                            r->url, r->timeout_s, r->timeout_s, r->ms, detail);
    case CURLE_ABORTED_BY_CALLBACK:
        return gr_error_set(err, "remote player %s: stopped before the answer came", r->url);
    case CURLE_GOT_NOTHING:
        return gr_error_set(err, "remote player %s: the server closed the connection without answering", r->url);
    default:
        return gr_error_set(err, "remote player %s: the request failed: %s", r->url, detail);
    }
}

/* the answer's body, NUL-terminated (s->buf, owned by the caller), or -1 */
static int post(const remote_impl *r, const char *body, remote_sink *s, long *status, gr_error *err)
{
    CURL *h = curl_easy_init();
    struct curl_slist *hdr = curl_slist_append(NULL, "Content-Type: application/json");
    struct curl_slist *more = hdr ? curl_slist_append(hdr, "Expect:") : NULL;
    if (!h || !more) {
        curl_easy_cleanup(h);
        curl_slist_free_all(hdr);
        return gr_error_set(err, "remote player %s: cannot start libcurl", r->url);
    }
    char errbuf[CURL_ERROR_SIZE] = "";
    CURLcode rc = set_up(h, r, body, more, s, errbuf);
    if (rc == CURLE_OK) rc = curl_easy_perform(h);
    *status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, status);
    curl_easy_cleanup(h);
    curl_slist_free_all(more);
    if (rc != CURLE_OK || s->too_big) return transfer_error(r, rc, s, errbuf, err);
    return 0;
}

/* ---- the answer ---- */

/* the body quoted for a message: its start, on one line */
static void quote_body(const remote_sink *s, char *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < s->len && i < REMOTE_SHOWN && n + 1 < cap; i++)
        out[n++] = (s->buf[i] == '\n' || s->buf[i] == '\r' || s->buf[i] == '\0') ? ' ' : s->buf[i];
    out[n] = '\0';
    if (s->len > REMOTE_SHOWN && n + 4 < cap) snprintf(out + n, cap - n, "...");
}

static int status_error(const remote_impl *r, long status, json_t *j, gr_error *err)
{
    const char *why = json_string_value(json_object_get(j, "error"));
    const char *hint = status == 404 || status == 405 ? " (is it `grognard serve` of this version?)" : "";
    if (why) return gr_error_set(err, "remote player %s: HTTP %ld: %s%s", r->url, status, why, hint);
    return gr_error_set(err, "remote player %s: HTTP %ld, with no error message%s", r->url, status, hint);
}

/* the order's text from the answer (borrowed from *j, which the caller frees) */
static const char *answer_order(const remote_impl *r, const remote_sink *s, long status, json_t **j, gr_error *err)
{
    json_error_t je;
    *j = s->buf ? json_loadb(s->buf, s->len, JSON_REJECT_DUPLICATES, &je) : NULL;
    if (status < 200 || status > 299) {
        status_error(r, status, *j, err);
        return NULL;
    }
    char shown[REMOTE_SHOWN + 8];
    quote_body(s, shown, sizeof shown);
    if (!*j) {
        gr_error_set(err, "remote player %s: the answer is not JSON: '%s'", r->url, shown);
        return NULL;
    }
    const char *order = json_string_value(json_object_get(*j, "order"));
    if (!order || !*order) gr_error_set(err, "remote player %s: the answer has no \"order\": '%s'", r->url, shown);
    return order;
}

/* the menu's entry for a in state (the same action, or one written the same
 * way); 0 with *out, or -1 */
static int menu_entry(const gr_game *g, const void *state, const gr_action *a, const char *text, gr_action *out)
{
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    if (!acts) return -1;
    int n = g->rs->rules->legal_actions(g->scn, state, acts, GR_MAX_ACTIONS), found = -1;
    for (int i = 0; i < n && found < 0; i++) {
        char t[160];
        g->rs->present->format_action(g->scn, state, &acts[i], t, sizeof t);
        if (gr_action_equal(&acts[i], a) || !strcmp(t, text)) found = i;
    }
    if (found >= 0) *out = acts[found];
    free(acts);
    return found >= 0 ? 0 : -1;
}

/* an exact move off the menu: legal when the rules apply it to a copy */
static int exact_legal(const gr_game *g, const void *state, const gr_action *a, gr_error *err)
{
    size_t size = g->rs->rules->state_size;
    void *copy = malloc(size);
    if (!copy) return gr_error_set(err, "out of memory");
    memcpy(copy, state, size);
    gr_dice dice;
    gr_dice_init_rng(&dice, 1, REMOTE_SEED_STREAM);
    int rc = g->rs->rules->apply(g->scn, copy, a, &dice, NULL, err);
    free(copy);
    return rc;
}

static int resolve_order(const remote_impl *r, const gr_game *g, const void *state, const char *text, gr_action *out,
                         gr_error *err)
{
    gr_error why;
    gr_error_clear(&why);
    gr_action a;
    if (gr_byname_parse(g->rs, g->scn, state, text, &a, &why))
        return gr_error_set(err, "remote player %s: its order '%s' is not understood here: %s", r->url, text, why.msg);
    if (!menu_entry(g, state, &a, text, out)) return 0;
    if (exact_legal(g, state, &a, &why))
        return gr_error_set(err, "remote player %s: its order '%s' is not legal here: %s", r->url, text, why.msg);
    *out = a;
    return 0;
}

/* ---- the player ---- */

static int remote_choose(gr_player *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    remote_impl *r = self->impl;
    char *body = request_body(r, g, state, err);
    if (!body) return -1;
    remote_sink s = {.stop = r->stop};
    long status = 0;
    int rc = post(r, body, &s, &status, err);
    free(body);
    json_t *j = NULL;
    const char *order = rc ? NULL : answer_order(r, &s, status, &j, err);
    rc = order ? resolve_order(r, g, state, order, out, err) : -1;
    json_decref(j);
    free(s.buf);
    return rc;
}

static void remote_set_control(gr_player *self, const gr_search_control *ctl)
{
    remote_impl *r = self->impl;
    r->stop = ctl ? ctl->stop : NULL;
    r->deadline_s = ctl ? ctl->deadline_s : 0;
}

int gr_remote_spec(const char *spec)
{
    return spec && !strncmp(spec, REMOTE_PREFIX, strlen(REMOTE_PREFIX));
}

gr_player *gr_remote_create(const char *spec, const gr_game *g, unsigned long long seed, gr_error *err)
{
    (void)g;
    remote_impl r;
    memset(&r, 0, sizeof r);
    if (parse_remote(spec, &r, err)) return NULL;
    r.seed = seed;
    gr_player *p = gr_player_alloc(sizeof r, "remote", err);
    if (!p) return NULL;
    memcpy(p->impl, &r, sizeof r);
    p->choose = remote_choose;
    p->set_control = remote_set_control;
    return p;
}
