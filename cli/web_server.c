/* web_server.c - `grognard serve`'s HTTP side (web.h): the libmicrohttpd
 * daemon, the request body read whole under its cap, the table of routes
 * (a path pattern, a method, a handler: Lua's linit.c table style), the
 * page's own files from data/web/ by name only, and the idle exit. */
#include "web_api.h"
#include "../engine/core/clock.h"
#include "../engine/core/fsutil.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define WEB_URL_MAX 512
#define WEB_STATIC_MAX ((long)4 << 20)

/* one call of docs/web.md: "*" in a pattern is a game id */
typedef struct web_route {
    const char *method;
    const char *pattern;
    gr_web_fn fn;           /* a call of no game */
    gr_web_game_fn game_fn; /* a call of the game named by the "*" */
} web_route;

static const web_route routes[] = {
    {"GET", "/api/scenarios", gr_web_list_scenarios, NULL},
    {"GET", "/api/saves", gr_web_list_saves, NULL},
    {"GET", "/api/games", gr_web_list_games, NULL},
    {"POST", "/api/games", gr_web_new_game, NULL},
    {"POST", "/api/games/load", gr_web_load_game, NULL},
    {"POST", "/api/move", gr_web_move, NULL},
    {"GET", "/api/games/*", NULL, gr_web_position},
    {"DELETE", "/api/games/*", NULL, gr_web_close},
    {"GET", "/api/games/*/map.svg", NULL, gr_web_map},
    {"POST", "/api/games/*/order", NULL, gr_web_order},
    {"POST", "/api/games/*/preview", NULL, gr_web_preview},
    {"POST", "/api/games/*/drag", NULL, gr_web_drag},
    {"POST", "/api/games/*/hint", NULL, gr_web_hint},
    {"POST", "/api/games/*/fix", NULL, gr_web_fix},
    {"POST", "/api/games/*/undo", NULL, gr_web_undo},
    {"POST", "/api/games/*/save", NULL, gr_web_save},
    {"GET", "/api/games/*/log", NULL, gr_web_log},
    {"POST", "/api/games/*/ai", NULL, gr_web_ai_start},
    {"GET", "/api/games/*/ai", NULL, gr_web_ai_status},
};

/* the body of one request, gathered as it arrives */
typedef struct web_body {
    char *data;
    size_t len;
    int too_big;
} web_body;

static long long now_ms(void) { return (long long)(gr_now_s() * 1000.0); }

/* 1 when the path's segments match the pattern's; *id gets the "*" segment */
static int route_match(const web_route *rt, const gr_web_req *q, const char **id)
{
    char pat[128];
    snprintf(pat, sizeof pat, "%s", rt->pattern);
    int k = 0;
    *id = NULL;
    for (char *save = NULL, *s = strtok_r(pat, "/", &save); s; s = strtok_r(NULL, "/", &save), k++) {
        if (k >= q->nseg) return 0;
        if (!strcmp(s, "*")) *id = q->seg[k];
        else if (strcmp(s, q->seg[k])) return 0;
    }
    return k == q->nseg;
}

static const char *content_type(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot) return "application/octet-stream";
    if (!strcmp(dot, ".html")) return "text/html; charset=utf-8";
    if (!strcmp(dot, ".js")) return "text/javascript; charset=utf-8";
    if (!strcmp(dot, ".css")) return "text/css; charset=utf-8";
    if (!strcmp(dot, ".svg")) return "image/svg+xml";
    if (!strcmp(dot, ".png")) return "image/png";
    return "application/octet-stream";
}

/* a file of the page: a plain name of data/web/ ("app.js"), never a path */
static int serve_static(const gr_web_req *q, gr_web_resp *r)
{
    const char *name = q->nseg == 0 ? "index.html" : q->seg[0];
    if (q->nseg > 1) return gr_web_fail(r, 404, "no such page: %.200s", q->path);
    size_t n = strlen(name);
    int ok = n > 0 && n < 64 && isalnum((unsigned char)name[0]);
    for (size_t i = 0; ok && i < n; i++) ok = isalnum((unsigned char)name[i]) || strchr("_.-", name[i]);
    const char *dot = strrchr(name, '.');
    if (!ok || !dot || strstr(name, "..") || !strcmp(content_type(name), "application/octet-stream"))
        return gr_web_fail(r, 404, "no such page: %.200s", q->path);
    char rel[96], path[1024];
    snprintf(rel, sizeof rel, "web/%s", name);
    if (gr_find_data("data", path, sizeof path))
        return gr_web_fail(r, 404, "the page's files are not found (data/web; set GROGNARD_ROOT to the Grognard folder)");
    size_t used = strlen(path);
    snprintf(path + used, sizeof path - used, "/%s", rel);
    FILE *f = fopen(path, "rb");
    if (!f) return gr_web_fail(r, 404, "no such page: %.200s", q->path);
    char *buf = malloc((size_t)WEB_STATIC_MAX);
    size_t got = buf ? fread(buf, 1, (size_t)WEB_STATIC_MAX, f) : 0;
    fclose(f);
    if (!buf) return gr_web_fail(r, 500, "out of memory");
    free(r->body);
    r->body = buf;
    r->len = got;
    r->status = 200;
    r->type = content_type(name);
    return 0;
}

static void dispatch(gr_web *w, gr_web_req *q, gr_web_resp *r)
{
    if (q->nseg == 0 || strcmp(q->seg[0], "api")) {
        if (strcmp(q->method, "GET") && strcmp(q->method, "HEAD")) {
            gr_web_fail(r, 405, "%s is not taken here: the page's files are read with GET", q->method);
            return;
        }
        serve_static(q, r);
        return;
    }
    int path_known = 0;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        const char *id;
        if (!route_match(&routes[i], q, &id)) continue;
        /* game ids are gN: another word in their place is a call of its own (/api/games/load) */
        if (id && id[0] != 'g') continue;
        path_known = 1;
        if (strcmp(routes[i].method, q->method)) continue;
        if (routes[i].fn) {
            routes[i].fn(w, q, r);
            return;
        }
        gr_web_game *G = gr_web_games_find(&w->games, id);
        if (!G) {
            gr_web_fail(r, 404, "no game '%.32s' on this server (GET /api/games lists them)", id);
            return;
        }
        routes[i].game_fn(w, G, q, r);
        gr_web_games_release(&w->games, G);
        return;
    }
    if (path_known) gr_web_fail(r, 405, "%s is not taken by %.200s (docs/web.md lists the calls)", q->method, q->path);
    else gr_web_fail(r, 404, "no such call: %.200s (docs/web.md lists the calls)", q->path);
}

static const char *query_get(void *ctx, const char *key)
{
    return MHD_lookup_connection_value((struct MHD_Connection *)ctx, MHD_GET_ARGUMENT_KIND, key);
}

/* splits the path into segments (in buf); -1 when it cannot be a call or a page */
static int split_path(const char *url, char *buf, size_t cap, gr_web_req *q)
{
    if (!url || url[0] != '/' || strlen(url) >= cap) return -1;
    snprintf(buf, cap, "%s", url);
    q->nseg = 0;
    for (char *save = NULL, *s = strtok_r(buf, "/", &save); s; s = strtok_r(NULL, "/", &save)) {
        if (q->nseg >= GR_WEB_MAX_SEGS || !strcmp(s, "..") || !strcmp(s, ".")) return -1;
        for (const char *p = s; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == '\\') return -1;
        q->seg[q->nseg++] = s;
    }
    return 0;
}

static enum MHD_Result send_resp(struct MHD_Connection *c, gr_web_resp *r)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(r->len, r->body, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(r->body);
        return MHD_NO;
    }
    r->body = NULL;
    MHD_add_response_header(resp, "Content-Type", r->type ? r->type : "application/json");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    gr_web *w = cls;
    web_body *b = *con_cls;
    if (!b) {
        b = calloc(1, sizeof *b);
        if (!b) return MHD_NO;
        *con_cls = b;
        return MHD_YES;
    }
    if (*upload_size) {
        if (!b->too_big && b->len + *upload_size <= GR_WEB_BODY_MAX) {
            char *more = realloc(b->data, b->len + *upload_size + 1);
            if (!more) b->too_big = 1;
            else {
                memcpy(more + b->len, upload, *upload_size);
                b->data = more;
                b->len += *upload_size;
                b->data[b->len] = 0;
            }
        } else {
            b->too_big = 1;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    atomic_store(&w->last_ms, now_ms());
    gr_web_resp r = {0};
    gr_web_req q = {0};
    char segbuf[WEB_URL_MAX];
    q.method = method;
    q.path = url;
    q.query = query_get;
    q.qctx = c;
    q.body = b->data ? b->data : "";
    q.body_len = b->len;
    if (b->too_big) gr_web_fail(&r, 413, "the request body is over %zu bytes", (size_t)GR_WEB_BODY_MAX);
    else if (split_path(url, segbuf, sizeof segbuf, &q)) gr_web_fail(&r, 400, "not a path this server answers");
    else dispatch(w, &q, &r);
    if (!r.body) gr_web_fail(&r, 500, "the call gave no answer");
    return send_resp(c, &r);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls, (void)c, (void)toe;
    web_body *b = *con_cls;
    if (b) free(b->data);
    free(b);
    *con_cls = NULL;
}

static int bind_addr(const char *host, int port, struct sockaddr_in *sa, gr_error *err)
{
    memset(sa, 0, sizeof *sa);
    sa->sin_family = AF_INET;
    sa->sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &sa->sin_addr) != 1)
        return gr_error_set(err, "--host '%s' is not an IPv4 address (127.0.0.1, 0.0.0.0, ...)", host);
    return 0;
}

gr_web *gr_web_start(const gr_web_options *o, gr_error *err)
{
    if (o->port < 0 || o->port > 65535) {
        gr_error_set(err, "--port %d is not a port (0 to 65535)", o->port);
        return NULL;
    }
    gr_web *w = calloc(1, sizeof *w);
    if (!w) {
        gr_error_set(err, "out of memory");
        return NULL;
    }
    w->o = *o;
    snprintf(w->host, sizeof w->host, "%s", o->host ? o->host : GR_WEB_DEFAULT_HOST);
    snprintf(w->ai, sizeof w->ai, "%s", o->ai ? o->ai : GR_WEB_DEFAULT_AI);
    snprintf(w->saves, sizeof w->saves, "%s", o->saves_dir ? o->saves_dir : "out");
    gr_web_games_init(&w->games);
    pthread_mutex_init(&w->new_mu, NULL);
    atomic_store(&w->last_ms, now_ms());
    struct sockaddr_in sa;
    if (bind_addr(w->host, o->port, &sa, err)) {
        gr_web_games_free(&w->games);
        free(w);
        return NULL;
    }
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        on_request, w, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa, MHD_OPTION_NOTIFY_COMPLETED, on_completed, w,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120, MHD_OPTION_END);
    if (!d) {
        gr_error_set(err, "cannot listen on %s:%d (is the port in use? --port 0 takes any free one)", w->host, o->port);
        gr_web_games_free(&w->games);
        free(w);
        return NULL;
    }
    w->daemon = d;
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    w->port = di ? (int)di->port : o->port;
    return w;
}

int gr_web_port(const gr_web *w) { return w->port; }


static int any_thinking(gr_web *w)
{
    int busy = 0;
    pthread_mutex_lock(&w->games.mu);
    for (int i = 0; i < w->games.n && !busy; i++) busy = atomic_load(&w->games.g[i]->thinking);
    pthread_mutex_unlock(&w->games.mu);
    return busy;
}

int gr_web_idle_over(gr_web *w)
{
    return w->o.idle_exit_s > 0 && !any_thinking(w) &&
           now_ms() - atomic_load(&w->last_ms) > (long long)(w->o.idle_exit_s * 1000.0);
}

void gr_web_stop(gr_web *w)
{
    if (!w) return;
    if (w->daemon) MHD_stop_daemon((struct MHD_Daemon *)w->daemon);
    gr_web_games_free(&w->games);
    pthread_mutex_destroy(&w->new_mu);
    free(w);
}
