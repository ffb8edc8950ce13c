/* test_fetch.c - loading scenarios and records from http:// URLs (fetch.h),
 * against a tiny HTTP/1.1 server run on a thread inside this test. The server
 * listens on 127.0.0.1 at a port the kernel picks and answers each request by
 * its path from a table of canned answers: JSON, an HTML page, truncated JSON,
 * error statuses, a body beyond the limit (with and without Content-Length),
 * an answer that never comes, a redirect, a redirect loop, and a connection
 * closed without a word. Each test fills the table, starts the server, and the
 * teardown stops it (a byte on a pipe) and joins the thread. No globals: the
 * thread gets the server struct. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

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

#include "../cli/position.h"
#include "../engine/core/fetch.h"
#include "../engine/core/fsutil.h"
#include "../engine/core/jsonutil.h"
#include "../engine/core/record.h"
#include "../engine/registry.h"
#include "http_server.h"

#define TEST_TIMEOUT_MS 400      /* the short transfer limit of the time-out test */

typedef struct fixture {
    server srv;
    char dir[64];             /* temporary folder for records */
    char *owned[4];           /* bodies read from files, freed at teardown */
} fixture;

/* The canned answers every test has. */
static void add_common_routes(server *s)
{
    add_route(s, (route){"/good.json", R_PLAIN, 200, "application/json; charset=utf-8",
                         "{\"title\": \"Ligny\", \"turns\": 14, \"sides\": [\"French\", \"Prussian\"]}",
                         0, 0});
    add_route(s, (route){"/page.html", R_PLAIN, 200, "text/html; charset=UTF-8",
                         "<!DOCTYPE html>\n<html><body>Welcome</body></html>\n", 0, 0});
    add_route(s, (route){"/trunc.json", R_PLAIN, 200, "application/json",
                         "{\"title\": \"Ligny\",\n \"turns\": [1, 2,", 0, 0});
    add_route(s, (route){"/boom", R_PLAIN, 500, "text/plain", "it broke\n", 0, 0});
    add_route(s, (route){"/big", R_STREAM, 200, NULL, NULL, 0, 200 * 1024});
    add_route(s, (route){"/huge", R_STREAM, 200, NULL, NULL, (size_t)17 << 20, (size_t)17 << 20});
    add_route(s, (route){"/slow", R_SLOW, 0, NULL, NULL, 0, 0});
    add_route(s, (route){"/hangup", R_CLOSE, 0, NULL, NULL, 0, 0});
    add_route(s, (route){"/old.json", R_REDIRECT, 302, NULL, "/good.json", 0, 0});
    add_route(s, (route){"/loop", R_REDIRECT, 302, NULL, "/loop", 0, 0});
    add_route(s, (route){"/to-file", R_REDIRECT, 302, NULL, "file:///etc/hostname", 0, 0});
}

/* ---- fixture ---- */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_fetch_XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    server_stop(&f->srv);
    char p[128];
    snprintf(p, sizeof p, "%s/rec.json", f->dir);
    unlink(p);
    rmdir(f->dir);
    for (size_t i = 0; i < sizeof f->owned / sizeof *f->owned; i++) free(f->owned[i]);
    free(f);
    return 0;
}

/* The brigade-encounter scenario's path, from GROGNARD_ROOT or ".". */
static void scenario_path(char *buf, size_t cap)
{
    const char *root = getenv("GROGNARD_ROOT");
    snprintf(buf, cap, "%s/scenarios/fogn/brigade-encounter.json", root && *root ? root : ".");
}

static char *read_text(const char *path)
{
    gr_error err;
    gr_error_clear(&err);
    char *t = gr_read_file(path, (size_t)16 << 20, NULL, &err);
    if (!t) fail_msg("%s", err.msg);
    return t;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- tests ---- */

static void test_fetch_is_url(void **state)
{
    (void)state;
    assert_int_equal(gr_fetch_is_url("http://x"), 1);
    assert_int_equal(gr_fetch_is_url("HTTPS://x"), 1);
    assert_int_equal(gr_fetch_is_url("Http://127.0.0.1:80/a.json"), 1);
    assert_int_equal(gr_fetch_is_url("file:///x"), 0);
    assert_int_equal(gr_fetch_is_url("scenarios/a.json"), 0);
    assert_int_equal(gr_fetch_is_url("http:/x"), 0);
    assert_int_equal(gr_fetch_is_url("ftp://x"), 0);
    assert_int_equal(gr_fetch_is_url(""), 0);
    assert_int_equal(gr_fetch_is_url(NULL), 0);
}

static void test_fetch_json_over_http(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    char url[128];
    url_of(&f->srv, "/good.json", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    json_t *j = gr_fetch_json(url, 1 << 20, &err);
    assert_non_null(j);
    assert_int_equal(err.set, 0);
    assert_string_equal(json_string_value(json_object_get(j, "title")), "Ligny");
    assert_int_equal(json_integer_value(json_object_get(j, "turns")), 14);
    json_decref(j);

    /* the same through the generic loader, and the raw bytes */
    j = gr_json_load_file(url, &err);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_array_get(json_object_get(j, "sides"), 1)),
                        "Prussian");
    json_decref(j);
    size_t len = 0;
    char *text = gr_fetch_url(url, 1 << 20, &len, &err);
    assert_non_null(text);
    assert_int_equal(len, strlen(f->srv.routes[0].body));
    assert_string_equal(text, f->srv.routes[0].body);
    free(text);
    server_stop(&f->srv);
    assert_int_equal(hits(&f->srv, "/good.json"), 3);
}

static void test_fetch_scenario_game_load(void **state)
{
    fixture *f = *state;
    char local[512];
    scenario_path(local, sizeof local);
    f->owned[0] = read_text(local);
    add_route(&f->srv, (route){"/scn/brigade-encounter.json", R_PLAIN, 200, "application/json",
                               f->owned[0], 0, 0});
    server_start(&f->srv);
    char url[128];
    url_of(&f->srv, "/scn/brigade-encounter.json", url, sizeof url);

    gr_error err;
    gr_error_clear(&err);
    gr_game g, lg;
    assert_int_equal(gr_game_load(&g, url, &err), 0);
    assert_int_equal(err.set, 0);
    assert_string_equal(g.path, url);
    assert_non_null(g.rs);
    assert_string_equal(g.rs->name, "fogn");
    assert_int_equal(gr_game_load(&lg, local, &err), 0);
    assert_true(json_equal(g.scenario_json, lg.scenario_json));
    /* the same opening position as the file gives */
    void *s1 = calloc(1, g.rs->rules->state_size), *s2 = calloc(1, g.rs->rules->state_size);
    assert_non_null(s1);
    assert_non_null(s2);
    g.rs->rules->init(g.scn, s1);
    lg.rs->rules->init(lg.scn, s2);
    assert_memory_equal(s1, s2, g.rs->rules->state_size);
    free(s1);
    free(s2);
    gr_game_free(&lg);

    /* a record made from the fetched game remembers the URL */
    gr_record r;
    gr_record_init(&r, &g, 7);
    assert_string_equal(r.scenario_file, url);
    gr_record_free(&r);
    gr_game_free(&g);

    /* the analysis verbs' loader takes the URL too */
    void *st = NULL;
    assert_int_equal(gr_position_load(url, &g, &st, &err), 0);
    assert_non_null(st);
    assert_string_equal(g.path, url);
    free(st);
    gr_game_free(&g);
    server_stop(&f->srv);
    assert_int_equal(hits(&f->srv, "/scn/brigade-encounter.json"), 2);
}

static void test_fetch_record_load(void **state)
{
    fixture *f = *state;
    char local[512], recpath[128];
    scenario_path(local, sizeof local);
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    assert_int_equal(gr_game_load(&g, local, &err), 0);
    gr_record r;
    gr_record_init(&r, &g, 18446744073709551615ULL);
    assert_int_equal(gr_record_add_action(&r, "1/45e Ligne: advance"), 0);
    assert_int_equal(gr_record_add_action(&r, "done"), 0);
    assert_int_equal(gr_record_add_action(&r, "2/45e Ligne: pivot L 30° 2.5\""), 0);
    const int faces[] = {4, 1, 6};
    assert_int_equal(gr_record_add_rolls(&r, faces, 3), 0);
    snprintf(recpath, sizeof recpath, "%s/rec.json", f->dir);
    assert_int_equal(gr_record_save(&r, recpath, &err), 0);
    f->owned[0] = read_text(recpath);

    /* and one with no actions, which the position loader replays to the start */
    gr_record empty;
    gr_record_init(&empty, &g, 3);
    assert_int_equal(gr_record_save(&empty, recpath, &err), 0);
    f->owned[1] = read_text(recpath);
    gr_record_free(&empty);

    add_route(&f->srv, (route){"/rec.json", R_PLAIN, 200, "application/json", f->owned[0], 0, 0});
    add_route(&f->srv, (route){"/empty-rec.json", R_PLAIN, 200, "application/json", f->owned[1],
                               0, 0});
    add_common_routes(&f->srv);
    server_start(&f->srv);
    char url[128];
    url_of(&f->srv, "/rec.json", url, sizeof url);

    gr_record back;
    assert_int_equal(gr_record_load(&back, url, &err), 0);
    assert_int_equal(err.set, 0);
    assert_int_equal(back.nactions, 3);
    for (int i = 0; i < 3; i++) assert_string_equal(back.actions[i], r.actions[i]);
    assert_int_equal(back.nrolls, 3);
    assert_memory_equal(back.rolls, faces, sizeof faces);
    assert_true(back.seed == 18446744073709551615ULL);
    assert_string_equal(back.ruleset, "fogn");
    assert_string_equal(back.scenario_file, local);
    assert_true(json_equal(back.scenario, g.scenario_json));
    gr_record_free(&back);

    /* a URL that is not a record: the record loader's own message */
    url_of(&f->srv, "/good.json", url, sizeof url);
    assert_int_equal(gr_record_load(&back, url, &err), -1);
    assert_memory_equal(err.msg, url, strlen(url));
    assert_non_null(strstr(err.msg, ": unknown key"));   /* which key first: hash order */
    assert_null(back.actions);

    /* a failed fetch leaves the record empty and names the URL */
    gr_error_clear(&err);
    url_of(&f->srv, "/page.html", url, sizeof url);
    assert_int_equal(gr_record_load(&back, url, &err), -1);
    assert_non_null(strstr(err.msg, "not JSON"));
    assert_non_null(strstr(err.msg, "text/html"));
    assert_null(back.scenario);

    /* the position loader replays a fetched record */
    gr_error_clear(&err);
    url_of(&f->srv, "/empty-rec.json", url, sizeof url);
    gr_game pg;
    void *st = NULL;
    assert_int_equal(gr_position_load(url, &pg, &st, &err), 0);
    void *start = calloc(1, g.rs->rules->state_size);
    assert_non_null(start);
    g.rs->rules->init(g.scn, start);
    assert_memory_equal(st, start, g.rs->rules->state_size);
    free(start);
    free(st);
    gr_game_free(&pg);

    gr_record_free(&r);
    gr_game_free(&g);
}

/* Fetches path as JSON and checks the whole message is "URL: tail". */
static void expect_json_error(fixture *f, const char *path, const char *tail)
{
    char url[128], want[512];
    url_of(&f->srv, path, url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_fetch_json(url, 1 << 20, &err));
    snprintf(want, sizeof want, "%s: %s", url, tail);
    assert_string_equal(err.msg, want);
}

static void test_fetch_http_404(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    expect_json_error(f, "/no/such.json", "HTTP 404 (not found)");
    /* gr_game_load passes the message on */
    char url[128];
    url_of(&f->srv, "/no/such.json", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    gr_game g;
    assert_int_equal(gr_game_load(&g, url, &err), -1);
    assert_non_null(strstr(err.msg, "HTTP 404"));
    assert_null(g.scn);
    server_stop(&f->srv);
    assert_int_equal(f->srv.misses, 2);
}

static void test_fetch_http_500(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    expect_json_error(f, "/boom", "HTTP 500 (internal server error)");
    char url[128];
    url_of(&f->srv, "/boom", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    size_t len = 99;
    assert_null(gr_fetch_url(url, 1 << 20, &len, &err));
    assert_int_equal(len, 0);
    assert_non_null(strstr(err.msg, "HTTP 500"));
}

static void test_fetch_html_not_json(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    expect_json_error(f, "/page.html", "not JSON (line 1, column 1: '[' or '{' expected near '<'); "
                      "the server answered text/html");
}

static void test_fetch_truncated_json(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    /* the body is JSON by its Content-Type, so no hint about the type */
    expect_json_error(f, "/trunc.json", "not JSON (line 2, column 16: "
                      "']' expected near end of file)");
}

static void test_fetch_oversized_streamed(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    /* no Content-Length: the write callback stops it */
    char url[128];
    url_of(&f->srv, "/big", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    size_t len = 99;
    assert_null(gr_fetch_url(url, 64 * 1024, &len, &err));
    assert_int_equal(len, 0);
    char want[256];
    snprintf(want, sizeof want, "%s: answer larger than 64 KiB", url);
    assert_string_equal(err.msg, want);
    /* under the limit the same answer is fine */
    gr_error_clear(&err);
    char *text = gr_fetch_url(url, 200 * 1024, &len, &err);
    assert_non_null(text);
    assert_int_equal(len, 200 * 1024);
    assert_int_equal(text[len], '\0');
    free(text);
}

static void test_fetch_oversized_declared(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    /* Content-Length of 17 MiB against the 16 MiB scenario limit */
    char url[128];
    url_of(&f->srv, "/huge", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    double t0 = now_s();
    assert_null(gr_json_load_file(url, &err));
    assert_true(now_s() - t0 < 1.0);
    char want[256];
    snprintf(want, sizeof want, "%s: answer larger than 16 MiB", url);
    assert_string_equal(err.msg, want);
}

static void test_fetch_timeout(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    char url[128];
    url_of(&f->srv, "/slow", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    double t0 = now_s();
    assert_null(gr_fetch_url_timeout(url, 1 << 20, TEST_TIMEOUT_MS, NULL, &err));
    double dt = now_s() - t0;
    assert_true(dt >= 0.3 && dt < 1.5);
    char want[256];
    snprintf(want, sizeof want, "%s: timed out after 400 ms", url);
    assert_string_equal(err.msg, want);
    /* the JSON variant says the same */
    gr_error_clear(&err);
    assert_null(gr_fetch_json_timeout(url, 1 << 20, TEST_TIMEOUT_MS, &err));
    assert_string_equal(err.msg, want);
}

static void test_fetch_connection_refused(void **state)
{
    (void)state;
    unsigned short port = 0;
    int fd = bind_loopback(&port);
    assert_true(fd >= 0);
    close(fd);   /* nobody listens there now */
    char url[128], want[256];
    snprintf(url, sizeof url, "http://127.0.0.1:%u/a.json", (unsigned)port);
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_fetch_json(url, 1 << 20, &err));
    snprintf(want, sizeof want, "%s: cannot connect (Connection refused)", url);
    assert_string_equal(err.msg, want);
    /* gr_json_load_file gives the same */
    gr_error_clear(&err);
    assert_null(gr_json_load_file(url, &err));
    assert_string_equal(err.msg, want);
}

static void test_fetch_redirect(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    char url[128];
    url_of(&f->srv, "/old.json", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    json_t *j = gr_fetch_json(url, 1 << 20, &err);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "title")), "Ligny");
    json_decref(j);
    server_stop(&f->srv);
    assert_int_equal(hits(&f->srv, "/old.json"), 1);
    assert_int_equal(hits(&f->srv, "/good.json"), 1);
}

static void test_fetch_redirect_limits(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    expect_json_error(f, "/loop", "more than 5 redirects");
    /* a redirect may not leave http(s) */
    char url[128];
    url_of(&f->srv, "/to-file", url, sizeof url);
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_fetch_url(url, 1 << 20, NULL, &err));
    assert_non_null(strstr(err.msg, "only http:// and https:// are allowed"));
    server_stop(&f->srv);
    assert_int_equal(hits(&f->srv, "/loop"), 6);
}

static void test_fetch_closed_without_answer(void **state)
{
    fixture *f = *state;
    add_common_routes(&f->srv);
    server_start(&f->srv);
    expect_json_error(f, "/hangup", "the server closed the connection without answering");
}

static void test_fetch_refuses_other_schemes(void **state)
{
    (void)state;
    gr_error err;
    gr_error_clear(&err);
    assert_null(gr_fetch_url("file:///etc/hostname", 1 << 20, NULL, &err));
    assert_string_equal(err.msg, "file:///etc/hostname: not an http:// or https:// URL");
    gr_error_clear(&err);
    assert_null(gr_fetch_json(NULL, 1 << 20, &err));
    assert_string_equal(err.msg, "no URL given");
    /* a local file name still means a file */
    gr_error_clear(&err);
    assert_null(gr_json_load_file("no/such/file.json", &err));
    assert_string_equal(err.msg, "cannot open no/such/file.json: No such file or directory");
}

int main(void)
{
    /* the server is on 127.0.0.1: no proxy from the environment may get in between */
    setenv("no_proxy", "*", 1);
    setenv("NO_PROXY", "*", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fetch_is_url),
        cmocka_unit_test_setup_teardown(test_fetch_json_over_http, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_scenario_game_load, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_record_load, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_http_404, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_http_500, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_html_not_json, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_truncated_json, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_oversized_streamed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_oversized_declared, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_timeout, setup, teardown),
        cmocka_unit_test(test_fetch_connection_refused),
        cmocka_unit_test_setup_teardown(test_fetch_redirect, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_redirect_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch_closed_without_answer, setup, teardown),
        cmocka_unit_test(test_fetch_refuses_other_schemes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
