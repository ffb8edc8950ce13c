/* fetch.h - reading scenarios and records from http:// and https:// URLs
 * with libcurl, so every loader that takes a file name takes a URL as well.
 * A fetch is one blocking GET with bounded size and time; every failure names
 * the URL and says in plain words what went wrong (cannot connect, HTTP 404,
 * answer too large, timed out, not JSON).
 *
 * Threads: there is no state of our own. Each call makes its own curl easy
 * handle (CURLOPT_NOSIGNAL set, so no SIGALRM for time-outs) and frees it.
 * We never call curl_global_init ourselves: curl_easy_init performs libcurl's
 * global initialisation on first use, and libcurl 7.84 and later (Debian 12
 * ships 7.88) do that under their own lock when built thread-safe
 * (CURL_VERSION_THREADSAFE). curl_global_cleanup is never called; the library
 * stays initialised until the process ends. */
#ifndef GR_FETCH_H
#define GR_FETCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <jansson.h>
#include "error.h"

#define GR_FETCH_CONNECT_S 10     /* seconds allowed to open the connection */
#define GR_FETCH_TOTAL_S 60       /* seconds allowed for the whole transfer */
#define GR_FETCH_MAX_REDIRECTS 5  /* redirects followed before giving up */
#define GR_FETCH_MAX_URL 4096     /* longest URL accepted, in bytes */

/* The options every transfer of ours has, on a curl easy handle (a CURL *):
 * the error buffer (CURL_ERROR_SIZE bytes), the URL, http and https only
 * (redirects too), no signals, the connection and whole-transfer time
 * limits, our user agent. 0 (CURLE_OK) or the first failure's CURLcode. */
int gr_fetch_base_options(void *curl, const char *url, long connect_ms, long total_ms, char *errbuf);

/* 1 if s starts with "http://" or "https://" (scheme in any case), else 0
 * (also for NULL). */
int gr_fetch_is_url(const char *s);

/* GETs url into a malloc'd NUL-terminated buffer (*len, if len is not NULL,
 * gets its length without the NUL). Only a 2xx answer of at most max_bytes
 * is accepted; NULL with a message naming the URL otherwise. */
char *gr_fetch_url(const char *url, size_t max_bytes, size_t *len, gr_error *err);
/* The same with the whole transfer limited to total_ms milliseconds (the
 * connection to min(total_ms, GR_FETCH_CONNECT_S s)); total_ms > 0. */
char *gr_fetch_url_timeout(const char *url, size_t max_bytes, long total_ms, size_t *len,
                           gr_error *err);

/* Fetches url and parses the answer as JSON (duplicate keys refused). A
 * non-JSON answer gives "URL: not JSON (line L, column C: ...)", and says what
 * the server sent when its Content-Type is not JSON or the body looks like
 * HTML. NULL with a message on any failure; the caller owns the result. */
json_t *gr_fetch_json(const char *url, size_t max_bytes, gr_error *err);
json_t *gr_fetch_json_timeout(const char *url, size_t max_bytes, long total_ms, gr_error *err);
/* The same, given up within about a second once *cancel becomes non-zero
 * (the message then says "abandoned"); cancel may be NULL. */
json_t *gr_fetch_json_cancel(const char *url, size_t max_bytes, long total_ms, const atomic_int *cancel,
                             gr_error *err);

#endif
