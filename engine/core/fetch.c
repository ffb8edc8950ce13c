/* fetch.c - one bounded HTTP(S) GET with libcurl's easy interface, and the
 * JSON parse on top of it. The answer is collected in a buffer that never
 * grows past the caller's limit: a Content-Length above it stops the
 * transfer before the body (CURLOPT_MAXFILESIZE_LARGE), and a body that turns
 * out longer is cut off in the write callback. An answer with a status
 * outside 2xx is not collected at all. libcurl's codes are turned into short
 * messages a person can act on; the URL starts every message. */
#include "fetch.h"

#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#define KIB ((size_t)1024)
#define MIB (KIB * 1024)
#define FIRST_CAP (16 * KIB)     /* first buffer size when the length is unknown */
#define URL_SHOWN 300            /* longest URL repeated in a message */

/* What the write callback fills in; lives on the caller's stack. */
typedef struct sink {
    CURL *h;
    char *buf;
    size_t len, cap;
    size_t max;          /* largest body accepted */
    int too_big;         /* the body went past max */
    long bad_status;     /* a status outside 2xx seen when the body began */
    const atomic_int *cancel;  /* when set and non-zero, the transfer is given up */
} sink;

/* libcurl asks this about once a second and on every chunk: non-zero stops */
static int on_progress(void *ctx, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
    (void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
    const sink *s = ctx;
    return s->cancel && atomic_load(s->cancel) ? 1 : 0;
}

int gr_fetch_is_url(const char *s)
{
    if (!s) return 0;
    return strncasecmp(s, "http://", 7) == 0 || strncasecmp(s, "https://", 8) == 0;
}

/* The URL for a message, cut to URL_SHOWN bytes. */
static const char *shown_url(const char *url, char *buf, size_t cap)
{
    if (strlen(url) <= URL_SHOWN) return url;
    snprintf(buf, cap, "%.*s...", URL_SHOWN, url);
    return buf;
}

/* "16 MiB", "512 KiB" or "1000 bytes". */
static void show_size(size_t n, char *buf, size_t cap)
{
    if (n >= MIB && n % MIB == 0)
        snprintf(buf, cap, "%zu MiB", n / MIB);
    else if (n >= KIB && n % KIB == 0)
        snprintf(buf, cap, "%zu KiB", n / KIB);
    else
        snprintf(buf, cap, "%zu bytes", n);
}

/* "2 s", "400 ms" or "1.5 s". */
static void show_ms(long ms, char *buf, size_t cap)
{
    if (ms >= 1000 && ms % 1000 == 0)
        snprintf(buf, cap, "%ld s", ms / 1000);
    else if (ms < 1000)
        snprintf(buf, cap, "%ld ms", ms);
    else
        snprintf(buf, cap, "%.1f s", (double)ms / 1000.0);
}

/* Plain words for the statuses people meet; a class name for the rest. */
static const char *status_words(long code)
{
    static const struct {
        long code;
        const char *words;
    } known[] = {
        {300, "multiple choices, no single answer"}, {304, "not modified"},
        {400, "bad request"}, {401, "the server wants a login"}, {403, "forbidden"},
        {404, "not found"}, {405, "method not allowed"}, {406, "not acceptable"},
        {408, "the server timed out waiting for the request"}, {410, "gone"},
        {414, "URL too long"}, {429, "too many requests"}, {451, "unavailable for legal reasons"},
        {500, "internal server error"}, {501, "not implemented"}, {502, "bad gateway"},
        {503, "service unavailable"}, {504, "gateway timed out"},
    };
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (known[i].code == code) return known[i].words;
    if (code >= 300 && code < 400) return "a redirect without a usable Location";
    if (code >= 400 && code < 500) return "the request was refused";
    if (code >= 500 && code < 600) return "server error";
    return "not a success status";
}

static size_t on_data(char *data, size_t size, size_t nmemb, void *user)
{
    sink *s = user;
    assert(size == 1);   /* libcurl documents size as always 1 */
    size_t n = size * nmemb;
    if (s->len == 0 && !s->bad_status) {
        long code = 0;
        if (curl_easy_getinfo(s->h, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK &&
            (code < 200 || code > 299)) {
            s->bad_status = code ? code : -1;
            return 0;    /* stop: the status is what we report */
        }
    }
    if (n > s->max - s->len) {
        s->too_big = 1;
        return 0;
    }
    if (s->len + n + 1 > s->cap) {
        size_t need = s->len + n + 1;   /* <= max + 1 < SIZE_MAX, see fetch() */
        size_t want = s->cap ? s->cap : FIRST_CAP;
        while (want < need) want = want > SIZE_MAX / 2 ? need : want * 2;
        if (want > s->max + 1) want = s->max + 1;
        char *p = realloc(s->buf, want);
        if (!p) return 0;   /* reported as a write error */
        s->buf = p;
        s->cap = want;
    }
    memcpy(s->buf + s->len, data, n);
    s->len += n;
    return n;
}

int gr_fetch_base_options(void *curl, const char *url, long connect_ms, long total_ms, char *errbuf)
{
    CURL *h = curl;
    CURLcode rc = CURLE_OK;
#define SET(opt, val) \
    do { \
        if (rc == CURLE_OK) rc = curl_easy_setopt(h, opt, val); \
    } while (0)
    SET(CURLOPT_ERRORBUFFER, errbuf);
    SET(CURLOPT_URL, url);
#if LIBCURL_VERSION_NUM >= 0x075500
    SET(CURLOPT_PROTOCOLS_STR, "http,https");
    SET(CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    SET(CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    SET(CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    SET(CURLOPT_NOSIGNAL, 1L);
    SET(CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    SET(CURLOPT_TIMEOUT_MS, total_ms);
    SET(CURLOPT_USERAGENT, "grognard");
#undef SET
    return (int)rc;
}

/* Sets every option of the transfer; CURLE_OK or the first failure. */
static CURLcode set_up(CURL *h, const char *url, sink *s, long total_ms, char *errbuf)
{
    long connect_ms = GR_FETCH_CONNECT_S * 1000L;
    if (total_ms < connect_ms) connect_ms = total_ms;
    CURLcode rc = (CURLcode)gr_fetch_base_options(h, url, connect_ms, total_ms, errbuf);
#define SET(opt, val) \
    do { \
        if (rc == CURLE_OK) rc = curl_easy_setopt(h, opt, val); \
    } while (0)
    SET(CURLOPT_FOLLOWLOCATION, 1L);
    SET(CURLOPT_MAXREDIRS, (long)GR_FETCH_MAX_REDIRECTS);
    SET(CURLOPT_WRITEFUNCTION, on_data);
    SET(CURLOPT_WRITEDATA, (void *)s);
    SET(CURLOPT_ACCEPT_ENCODING, "");   /* the limit applies to the decoded body */
    if (s->cancel) {
        SET(CURLOPT_XFERINFOFUNCTION, on_progress);
        SET(CURLOPT_XFERINFODATA, (void *)s);
        SET(CURLOPT_NOPROGRESS, 0L);
    }
    if ((uintmax_t)s->max <= (uintmax_t)INT64_MAX)
        SET(CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)s->max);
#undef SET
    return rc;
}

/* Turns a failed transfer into a message (the URL is added by the caller). */
static void describe(CURL *h, CURLcode rc, const sink *s, long total_ms, const char *errbuf,
                     char *out, size_t cap)
{
    char a[64];
    const char *detail = errbuf[0] ? errbuf : curl_easy_strerror(rc);
    if (s->too_big || rc == CURLE_FILESIZE_EXCEEDED) {
        show_size(s->max, a, sizeof a);
        snprintf(out, cap, "answer larger than %s", a);
        return;
    }
    if (rc == CURLE_TOO_MANY_REDIRECTS) {
        snprintf(out, cap, "more than %d redirects", GR_FETCH_MAX_REDIRECTS);
        return;
    }
    if (rc == CURLE_ABORTED_BY_CALLBACK) {
        snprintf(out, cap, "abandoned");
        return;
    }
    if (s->bad_status > 0) {
        snprintf(out, cap, "HTTP %ld (%s)", s->bad_status, status_words(s->bad_status));
        return;
    }
    switch (rc) {
    case CURLE_COULDNT_CONNECT: {
        long os = 0;
        char why[128] = "";
        if (curl_easy_getinfo(h, CURLINFO_OS_ERRNO, &os) == CURLE_OK && os > 0 &&
            strerror_r((int)os, why, sizeof why) == 0)
            snprintf(out, cap, "cannot connect (%s)", why);
        else
            snprintf(out, cap, "cannot connect (%s)", detail);
        return;
    }
    case CURLE_OPERATION_TIMEDOUT: {
        curl_off_t connected = 0;
        long connect_ms = GR_FETCH_CONNECT_S * 1000L;
        if (total_ms < connect_ms) connect_ms = total_ms;
        if (curl_easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connected) == CURLE_OK &&
            connected == 0) {
            show_ms(connect_ms, a, sizeof a);
            snprintf(out, cap, "timed out after %s while connecting", a);
        } else {
            show_ms(total_ms, a, sizeof a);
            snprintf(out, cap, "timed out after %s", a);
        }
        return;
    }
    case CURLE_COULDNT_RESOLVE_HOST:
        snprintf(out, cap, "cannot find the host (%s)", detail);
        return;
    case CURLE_COULDNT_RESOLVE_PROXY:
        snprintf(out, cap, "cannot find the proxy (%s)", detail);
        return;
    case CURLE_URL_MALFORMAT:
        snprintf(out, cap, "not a valid URL (%s)", detail);
        return;
    case CURLE_UNSUPPORTED_PROTOCOL:
        snprintf(out, cap, "only http:// and https:// are allowed (%s)", detail);
        return;
    case CURLE_GOT_NOTHING:
        snprintf(out, cap, "the server closed the connection without answering");
        return;
    case CURLE_PARTIAL_FILE:
        snprintf(out, cap, "the answer was cut short (%s)", detail);
        return;
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
        snprintf(out, cap, "the connection broke (%s)", detail);
        return;
    case CURLE_WRITE_ERROR:
        snprintf(out, cap, "out of memory while receiving the answer");
        return;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
        snprintf(out, cap, "secure connection failed (%s)", detail);
        return;
    default:
        snprintf(out, cap, "transfer failed (%s)", detail);
        return;
    }
}

/* The whole GET. On success the body (NUL-terminated) and, when ctype is
 * given, the Content-Type ("" when none). */
static char *fetch(const char *url, size_t max_bytes, long total_ms, const atomic_int *cancel, size_t *len,
                   char *ctype, size_t ctcap, gr_error *err)
{
    char ub[URL_SHOWN + 8];
    if (len) *len = 0;
    if (ctype && ctcap) ctype[0] = '\0';
    if (!url || !*url) {
        gr_error_set(err, "no URL given");
        return NULL;
    }
    size_t ul = strnlen(url, GR_FETCH_MAX_URL + 1);
    if (ul > GR_FETCH_MAX_URL) {
        gr_error_set(err, "%s: URL too long (at most %d bytes)", shown_url(url, ub, sizeof ub),
                     GR_FETCH_MAX_URL);
        return NULL;
    }
    if (!gr_fetch_is_url(url)) {
        gr_error_set(err, "%s: not an http:// or https:// URL", shown_url(url, ub, sizeof ub));
        return NULL;
    }
    if (total_ms <= 0) {
        gr_error_set(err, "%s: no time allowed for the transfer", shown_url(url, ub, sizeof ub));
        return NULL;
    }
    if (max_bytes >= SIZE_MAX - 1) max_bytes = SIZE_MAX - 2;   /* room for the NUL */

    CURL *h = curl_easy_init();   /* also initialises libcurl once (see fetch.h) */
    if (!h) {
        gr_error_set(err, "%s: cannot start libcurl", shown_url(url, ub, sizeof ub));
        return NULL;
    }
    sink s = {.h = h, .max = max_bytes, .cancel = cancel};
    char errbuf[CURL_ERROR_SIZE];
    errbuf[0] = '\0';
    CURLcode rc = set_up(h, url, &s, total_ms, errbuf);
    if (rc != CURLE_OK) {
        gr_error_set(err, "%s: cannot set up the transfer (%s)", shown_url(url, ub, sizeof ub),
                     curl_easy_strerror(rc));
        curl_easy_cleanup(h);
        return NULL;
    }
    rc = curl_easy_perform(h);
    long code = 0;
    if (curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) code = 0;
    if (rc == CURLE_OK && !s.bad_status && (code < 200 || code > 299))
        s.bad_status = code ? code : -1;   /* an empty answer with a failure status */

    if (rc != CURLE_OK || s.bad_status || s.too_big) {
        char why[384];
        if (s.bad_status < 0)
            snprintf(why, sizeof why, "no HTTP status in the answer");
        else
            describe(h, rc, &s, total_ms, errbuf, why, sizeof why);
        gr_error_set(err, "%s: %s", shown_url(url, ub, sizeof ub), why);
        curl_easy_cleanup(h);
        free(s.buf);
        return NULL;
    }
    if (ctype && ctcap) {
        char *ct = NULL;
        if (curl_easy_getinfo(h, CURLINFO_CONTENT_TYPE, &ct) == CURLE_OK && ct)
            snprintf(ctype, ctcap, "%s", ct);
    }
    curl_easy_cleanup(h);
    if (!s.buf) {   /* an empty body */
        s.buf = malloc(1);
        if (!s.buf) {
            gr_error_set(err, "%s: out of memory", shown_url(url, ub, sizeof ub));
            return NULL;
        }
    }
    s.buf[s.len] = '\0';
    if (len) *len = s.len;
    return s.buf;
}

char *gr_fetch_url_timeout(const char *url, size_t max_bytes, long total_ms, size_t *len,
                           gr_error *err)
{
    return fetch(url, max_bytes, total_ms, NULL, len, NULL, 0, err);
}

char *gr_fetch_url(const char *url, size_t max_bytes, size_t *len, gr_error *err)
{
    return fetch(url, max_bytes, GR_FETCH_TOTAL_S * 1000L, NULL, len, NULL, 0, err);
}

/* The media type of a Content-Type, lower case, without parameters. */
static void media_type(const char *ct, char *out, size_t cap)
{
    size_t n = 0;
    while (*ct == ' ' || *ct == '\t') ct++;
    for (; *ct && *ct != ';' && *ct != ' ' && *ct != '\t' && n + 1 < cap; ct++)
        out[n++] = (char)tolower((unsigned char)*ct);
    out[n] = '\0';
}

static int is_json_type(const char *mt)
{
    size_t n = strlen(mt);
    return !strcmp(mt, "application/json") || !strcmp(mt, "text/json") ||
           (n > 5 && !strcmp(mt + n - 5, "+json"));
}

/* Does the body start (after blanks and a byte-order mark) like a web page? */
static int looks_html(const char *text)
{
    if (!strncmp(text, "\xEF\xBB\xBF", 3)) text += 3;
    while (isspace((unsigned char)*text)) text++;
    return !strncasecmp(text, "<!doctype html", 14) || !strncasecmp(text, "<html", 5) ||
           !strncasecmp(text, "<head", 5) || !strncasecmp(text, "<body", 5) ||
           !strncasecmp(text, "<!--", 4);
}

json_t *gr_fetch_json_timeout(const char *url, size_t max_bytes, long total_ms, gr_error *err)
{
    return gr_fetch_json_cancel(url, max_bytes, total_ms, NULL, err);
}

json_t *gr_fetch_json_cancel(const char *url, size_t max_bytes, long total_ms, const atomic_int *cancel,
                             gr_error *err)
{
    char ctype[128], mt[96], ub[URL_SHOWN + 8];
    size_t len;
    char *text = fetch(url, max_bytes, total_ms, cancel, &len, ctype, sizeof ctype, err);
    if (!text) return NULL;
    json_error_t je;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        char hint[160] = "";
        media_type(ctype, mt, sizeof mt);
        if (mt[0] && !is_json_type(mt))
            snprintf(hint, sizeof hint, "; the server answered %s", mt);
        else if (looks_html(text))
            snprintf(hint, sizeof hint, "; the answer looks like an HTML page");
        gr_error_set(err, "%s: not JSON (line %d, column %d: %s)%s",
                     shown_url(url, ub, sizeof ub), je.line, je.column, je.text, hint);
    }
    free(text);
    return root;
}

json_t *gr_fetch_json(const char *url, size_t max_bytes, gr_error *err)
{
    return gr_fetch_json_timeout(url, max_bytes, GR_FETCH_TOTAL_S * 1000L, err);
}
