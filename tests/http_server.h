/* http_server.h - a tiny HTTP/1.1 server for tests, run on a thread: it
 * listens on 127.0.0.1 at a port the kernel picks and answers each request
 * by its path from a table of canned answers (JSON, HTML, error statuses,
 * streamed filler with or without Content-Length, an answer that never comes,
 * a redirect, a connection closed without a word). Header-only (static
 * functions) so each test file that needs it is still one translation unit.
 * No globals: the thread gets the server struct. Include after cmocka.h. */
#ifndef GR_TEST_HTTP_SERVER_H
#define GR_TEST_HTTP_SERVER_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_ROUTES 24
#define SLOW_WAIT_MS 3000        /* the slow answer waits at most this for the client to go */
#define REQUEST_WAIT_MS 2000     /* longest wait for a request's headers */

typedef enum kind {
    R_PLAIN,      /* status, type and body, with Content-Length */
    R_STREAM,     /* `bytes` of filler; Content-Length `declared` (0: none, ends at close) */
    R_SLOW,       /* reads the request, then says nothing until the client leaves */
    R_CLOSE,      /* reads the request and closes the connection */
    R_REDIRECT,   /* 302 to `body` */
} kind;

typedef struct route {
    const char *path;
    kind kind;
    int status;
    const char *ctype;
    const char *body;
    size_t declared, bytes;
} route;

typedef struct server {
    int listen_fd;
    int stop[2];              /* a byte on stop[1] ends the thread */
    unsigned short port;
    pthread_t thread;
    int running;
    route routes[MAX_ROUTES];
    int nroutes;
    int hits[MAX_ROUTES];     /* requests per route; read only after the join */
    int misses;               /* requests for unknown paths (404) */
} server;

/* ---- the server ---- */

static int send_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static const char *reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 302: return "Found";
    case 404: return "Not Found";
    case 500: return "Internal Server Error";
    default: return "Whatever";
    }
}

static void send_plain(int fd, int status, const char *ctype, const char *body)
{
    char head[256];
    size_t n = strlen(body);
    int hl = snprintf(head, sizeof head,
                      "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                      "Connection: close\r\n\r\n", status, reason(status), ctype, n);
    if (send_all(fd, head, (size_t)hl) == 0) send_all(fd, body, n);
}

static void send_stream(int fd, const route *r)
{
    char head[256], chunk[8192];
    int hl;
    if (r->declared)
        hl = snprintf(head, sizeof head, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      "Content-Length: %zu\r\nConnection: close\r\n\r\n", r->declared);
    else
        hl = snprintf(head, sizeof head, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                      "Connection: close\r\n\r\n");
    if (send_all(fd, head, (size_t)hl) != 0) return;
    memset(chunk, ' ', sizeof chunk);
    for (size_t sent = 0; sent < r->bytes; sent += sizeof chunk) {
        size_t n = r->bytes - sent < sizeof chunk ? r->bytes - sent : sizeof chunk;
        if (send_all(fd, chunk, n) != 0) return;   /* the client gave up: expected */
    }
}

/* Reads the request line and headers (bounded in size and time) and puts the
 * path in buf; 0 or -1. */
static int read_request(int fd, char *path, size_t cap)
{
    char req[4096];
    size_t n = 0;
    while (n + 1 < sizeof req) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, REQUEST_WAIT_MS) <= 0) return -1;
        ssize_t k = recv(fd, req + n, sizeof req - 1 - n, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        n += (size_t)k;
        req[n] = '\0';
        if (strstr(req, "\r\n\r\n")) break;
    }
    req[n] = '\0';
    if (strncmp(req, "GET ", 4) != 0) return -1;
    const char *p = req + 4, *e = strchr(p, ' ');
    if (!e || (size_t)(e - p) >= cap) return -1;
    memcpy(path, p, (size_t)(e - p));
    path[e - p] = '\0';
    return 0;
}

static void serve(server *s, int fd)
{
    char path[512];
    if (read_request(fd, path, sizeof path) != 0) return;
    for (int i = 0; i < s->nroutes; i++) {
        const route *r = &s->routes[i];
        if (strcmp(path, r->path) != 0) continue;
        s->hits[i]++;
        switch (r->kind) {
        case R_PLAIN:
            send_plain(fd, r->status, r->ctype, r->body);
            return;
        case R_STREAM:
            send_stream(fd, r);
            return;
        case R_SLOW: {
            /* until the client hangs up, or the test ends */
            struct pollfd p[2] = {{fd, POLLIN, 0}, {s->stop[0], POLLIN, 0}};
            (void)poll(p, 2, SLOW_WAIT_MS);
            return;
        }
        case R_CLOSE:
            return;
        case R_REDIRECT: {
            char head[512];
            int hl = snprintf(head, sizeof head, "HTTP/1.1 302 Found\r\nLocation: %s\r\n"
                              "Content-Length: 0\r\nConnection: close\r\n\r\n", r->body);
            send_all(fd, head, (size_t)hl);
            return;
        }
        }
    }
    s->misses++;
    send_plain(fd, 404, "text/plain", "not here\n");
}

static void *server_main(void *arg)
{
    server *s = arg;
    for (;;) {
        struct pollfd p[2] = {{s->listen_fd, POLLIN, 0}, {s->stop[0], POLLIN, 0}};
        int k = poll(p, 2, -1);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 || p[1].revents) break;
        if (!(p[0].revents & POLLIN)) continue;
        int fd = accept(s->listen_fd, NULL, NULL);
        if (fd < 0) continue;
        serve(s, fd);
        shutdown(fd, SHUT_WR);
        close(fd);
    }
    return NULL;
}

/* A socket bound to 127.0.0.1 on a port the kernel picks; its port in *port. */
static int bind_loopback(unsigned short *port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t al = sizeof a;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
        getsockname(fd, (struct sockaddr *)&a, &al) != 0) {
        close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

static void add_route(server *s, route r)
{
    assert_true(s->nroutes < MAX_ROUTES);
    assert_false(s->running);
    s->routes[s->nroutes++] = r;
}

static void server_start(server *s)
{
    s->listen_fd = bind_loopback(&s->port);
    assert_true(s->listen_fd >= 0);
    assert_int_equal(listen(s->listen_fd, 16), 0);
    assert_int_equal(pipe(s->stop), 0);
    assert_int_equal(pthread_create(&s->thread, NULL, server_main, s), 0);
    s->running = 1;
}

static void server_stop(server *s)
{
    if (!s->running) return;
    char b = 'x';
    ssize_t k;
    do {
        k = write(s->stop[1], &b, 1);
    } while (k < 0 && errno == EINTR);
    pthread_join(s->thread, NULL);
    close(s->stop[0]);
    close(s->stop[1]);
    close(s->listen_fd);
    s->running = 0;
}

/* The hits of the route with this path (after server_stop). */
__attribute__((unused)) static int hits(const server *s, const char *path)
{
    for (int i = 0; i < s->nroutes; i++)
        if (!strcmp(s->routes[i].path, path)) return s->hits[i];
    return -1;
}

static void url_of(const server *s, const char *path, char *buf, size_t cap)
{
    snprintf(buf, cap, "http://127.0.0.1:%u%s", (unsigned)s->port, path);
}


#endif
