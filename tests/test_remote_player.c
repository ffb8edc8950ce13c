/* test_remote_player.c - the remote player (ai/remote.c, spec
 * `remote:URL[,ms=N][,timeout=S][,ai=LEVEL]`): games of the default fogn
 * scenario and of a hexwar scenario with one side asking a `grognard serve`
 * started in this process (cli/web.h) for its orders, every answer legal and
 * applied; the request it sends (scenario, state, think time, level, seeds)
 * as a fake server reads it; its errors (nothing listening, an answer that
 * is not JSON, an order not understood here, an HTTP error with the server's
 * reason, a time-out, a stop) and its spec errors; and pairs of players
 * (`grognard run --players`, the arena) with the remote on either side.
 *
 * The fake server is a thread with a raw socket that takes one connection,
 * reads the request whole and answers with canned bytes (or says nothing
 * until the client leaves); it gets its struct, nothing is global. */
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
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../ai/player.h"
#include "../ai/tree.h"
#include "../cli/session.h"
#include "../cli/web.h"
#include "../engine/core/b64.h"
#include "../engine/core/clock.h"
#include "../engine/core/play.h"
#include "../engine/registry.h"

#define FAKE_WAIT_MS 5000          /* the fake server's longest wait for a client */
#define FAKE_REQUEST_MAX (4 << 20)
#define REMOTE_DECISIONS 30        /* remote decisions asked in the fogn game */
#define HEXWAR "scenarios/hexwar/meeting-engagement.json"

typedef struct fixture {
    char dir[64];                  /* the server's saves folder */
    gr_web *w;
    int port;
} fixture;

/* ---- the fake server ---- */

#define FAKE_MAX_CONN 4

typedef struct fake {
    int fd;
    unsigned short port;
    pthread_t th;
    const char *reply;             /* bytes sent back; NULL: silence until the client leaves */
    int conns;                     /* connections to take, one request each */
    char *body[FAKE_MAX_CONN];     /* each request's body, as read */
} fake;

static int bind_loopback(unsigned short *port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t al = sizeof a;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) || getsockname(fd, (struct sockaddr *)&a, &al)) {
        close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

static int wait_in(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    return poll(&p, 1, FAKE_WAIT_MS) > 0;
}

/* the Content-Length of the headers in req[0, end), 0 when none */
static size_t content_length(const char *req, const char *end)
{
    for (const char *l = req; l && l < end; l = strstr(l, "\r\n"), l = l ? l + 2 : NULL)
        if (!strncasecmp(l, "Content-Length:", 15)) return strtoul(l + 15, NULL, 10);
    return 0;
}

/* the request read whole: headers, then Content-Length bytes; its body or NULL */
static char *read_request(int fd)
{
    char *req = malloc(FAKE_REQUEST_MAX + 1);
    size_t n = 0, want = 0;
    char *body = NULL;
    while (req && n < FAKE_REQUEST_MAX && wait_in(fd)) {
        ssize_t k = recv(fd, req + n, FAKE_REQUEST_MAX - n, 0);
        if (k <= 0) break;
        n += (size_t)k;
        req[n] = '\0';
        char *end = strstr(req, "\r\n\r\n");
        if (!end) continue;
        want = (size_t)(end + 4 - req) + content_length(req, end);
        if (n >= want) {
            body = strdup(end + 4);
            break;
        }
    }
    free(req);
    return body;
}

static void send_text(int fd, const char *t)
{
    size_t n = strlen(t);
    while (n > 0) {
        ssize_t k = send(fd, t, n, MSG_NOSIGNAL);
        if (k <= 0) return;
        t += k;
        n -= (size_t)k;
    }
}

static void *fake_main(void *arg)
{
    fake *f = arg;
    for (int k = 0; k < f->conns && wait_in(f->fd); k++) {
        int c = accept(f->fd, NULL, NULL);
        if (c < 0) return NULL;
        f->body[k] = read_request(c);
        if (f->reply) send_text(c, f->reply);
        else {
            char b[256];
            while (wait_in(c) && recv(c, b, sizeof b, 0) > 0) {}
        }
        shutdown(c, SHUT_WR);
        close(c);
    }
    return NULL;
}

static void fake_start_n(fake *f, const char *reply, int conns)
{
    memset(f, 0, sizeof *f);
    f->reply = reply;
    f->conns = conns;
    f->fd = bind_loopback(&f->port);
    assert_true(f->fd >= 0);
    assert_int_equal(listen(f->fd, 4), 0);
    assert_int_equal(pthread_create(&f->th, NULL, fake_main, f), 0);
}

static void fake_start(fake *f, const char *reply)
{
    fake_start_n(f, reply, 1);
}

/* joins the thread; the bodies stay for reading until fake_free */
static void fake_stop_keep(fake *f)
{
    pthread_join(f->th, NULL);
    close(f->fd);
}

static void fake_free(fake *f)
{
    for (int k = 0; k < FAKE_MAX_CONN; k++) free(f->body[k]);
}

static void fake_stop(fake *f)
{
    fake_stop_keep(f);
    fake_free(f);
}

/* "HTTP/1.1 STATUS ...": the whole answer with its Content-Length */
static void http_answer(char *buf, size_t cap, int status, const char *body)
{
    snprintf(buf, cap, "HTTP/1.1 %d Whatever\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
             "Connection: close\r\n\r\n%s", status, strlen(body), body);
}

/* ---- fixture and helpers ---- */

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    snprintf(f->dir, sizeof f->dir, "/tmp/gr_remote_XXXXXX");
    if (!mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    gr_error err;
    gr_error_clear(&err);
    gr_web_options o = {.host = "127.0.0.1", .port = 0, .ai = "random", .seed = 1, .saves_dir = f->dir};
    f->w = gr_web_start(&o, &err);
    if (!f->w) {
        print_error("gr_web_start: %s\n", err.msg);
        rmdir(f->dir);
        free(f);
        return -1;
    }
    f->port = gr_web_port(f->w);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    gr_web_stop(f->w);
    rmdir(f->dir);
    free(f);
    return 0;
}

static void load(gr_game *g, const char *rel)
{
    char path[1024];
    const char *root = getenv("GROGNARD_ROOT");
    snprintf(path, sizeof path, "%s/%s", root && *root ? root : ".", rel);
    gr_error err;
    gr_error_clear(&err);
    if (gr_game_load(g, path, &err)) fail_msg("%s", err.msg);
}

static void load_default(gr_game *g)
{
    char path[1024];
    gr_error err;
    gr_error_clear(&err);
    if (gr_find_default_scenario(path, sizeof path, &err) || gr_game_load(g, path, &err)) fail_msg("%s", err.msg);
    assert_string_equal(g->rs->name, "fogn");
}

static gr_player *make(const gr_game *g, const char *spec, unsigned long long seed)
{
    gr_error err;
    gr_error_clear(&err);
    gr_player *p = gr_player_create(spec, g, seed, &err);
    if (!p) fail_msg("%s: %s", spec, err.msg);
    return p;
}

static int in_menu(const gr_game *g, const void *st, const gr_action *a)
{
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    assert_non_null(acts);
    int n = g->rs->rules->legal_actions(g->scn, st, acts, GR_MAX_ACTIONS), found = 0;
    for (int i = 0; i < n && !found; i++) found = gr_action_equal(&acts[i], a);
    free(acts);
    return found;
}

/* the remote player's choice in st, which must fail: its message */
static void choose_fails(const char *spec, const gr_game *g, const void *st, gr_error *err)
{
    gr_player *p = make(g, spec, 1);
    gr_action a;
    gr_error_clear(err);
    assert_int_equal(p->choose(p, g, st, &a, err), -1);
    gr_player_free(p);
}

static void expect_in(const char *msg, const char *part)
{
    if (!strstr(msg, part)) fail_msg("'%s' not in: %s", part, msg);
}

static void *start_state(const gr_game *g)
{
    void *st = calloc(1, g->rs->rules->state_size);
    assert_non_null(st);
    g->rs->rules->init(g->scn, st);
    return st;
}

/* a chooser that asks a player and checks its answer is on the menu */
typedef struct checked {
    gr_player *p;
    int asked;
} checked;

static int checked_choose(void *self, const gr_game *g, const void *state, gr_action *out, gr_error *err)
{
    checked *c = self;
    if (c->p->choose(c->p, g, state, out, err)) fail_msg("%s: %s", c->p->name, err->msg);
    if (!in_menu(g, state, out)) fail_msg("%s chose an order off the menu", c->p->name);
    c->asked++;
    return 0;
}

static gr_chooser checked_chooser(checked *c)
{
    return (gr_chooser){.self = c, .name = c->p->name, .choose = checked_choose, .observe = NULL};
}

/* ---- games ---- */

/* the default fogn scenario: side 0 random, side 1 asks the server; each
 * remote order is on the menu and the rules apply it */
static void test_remote_fogn_game(void **state)
{
    fixture *f = *state;
    gr_game g;
    load_default(&g);
    void *st = start_state(&g);
    char spec[128];
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%d,ms=20", f->port);
    gr_player *remote = make(&g, spec, 3);
    gr_play_uniform u;
    gr_play_uniform_init(&u, 5);
    gr_dice dice;
    gr_dice_init_rng(&dice, 7, 1);
    gr_error err;
    gr_error_clear(&err);
    int asked = 0;
    for (int k = 0; k < 20000 && asked < REMOTE_DECISIONS; k++) {
        int side = g.rs->rules->to_move(g.scn, st);
        if (side == GR_TERMINAL) break;
        gr_action a;
        if (side == 1) {
            if (remote->choose(remote, &g, st, &a, &err)) fail_msg("%s", err.msg);
            assert_true(in_menu(&g, st, &a));
            asked++;
        } else {
            assert_int_equal(gr_play_uniform_choose(&u, &g, st, &a, &err), 0);
        }
        if (g.rs->rules->apply(g.scn, st, &a, &dice, NULL, &err)) fail_msg("refused: %s", err.msg);
    }
    assert_int_equal(asked, REMOTE_DECISIONS);
    gr_player_free(remote);
    free(st);
    gr_game_free(&g);
}

/* a whole hexwar game through the engine's game loop, side 1 remote */
static void test_remote_hexwar_game(void **state)
{
    fixture *f = *state;
    gr_game g;
    load(&g, HEXWAR);
    void *st = start_state(&g);
    char spec[128];
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%d,ms=20", f->port);
    checked c = {.p = make(&g, spec, 4)};
    gr_play_uniform u;
    gr_play_uniform_init(&u, 6);
    const gr_chooser ch[2] = {gr_play_uniform_chooser(&u), checked_chooser(&c)};
    gr_record rec;
    gr_record_init(&rec, &g, 9);
    gr_error err;
    gr_error_clear(&err);
    gr_play_opts o = {.seed = 9, .max_decisions = 3000, .check_invariants = 1};
    int n = gr_play(&g, st, ch, &rec, NULL, &o, &err);
    if (n < 0) fail_msg("%s", err.msg);
    assert_true(c.asked > 0);
    assert_true(n > c.asked);
    gr_result res;
    g.rs->rules->result(g.scn, st, &res);
    if (!res.over) print_message("hexwar: %d decisions, not over\n", n);
    gr_record_free(&rec);
    gr_player_free(c.p);
    free(st);
    gr_game_free(&g);
}

/* "random,remote:URL,ms=10" and "remote:URL,ms=10,random": the options stay
 * with the remote whichever side it plays */
static void test_remote_pair(void **state)
{
    fixture *f = *state;
    gr_game g;
    load(&g, HEXWAR);
    char specs[2][160];
    snprintf(specs[0], sizeof specs[0], "random,remote:http://127.0.0.1:%d,ms=10", f->port);
    snprintf(specs[1], sizeof specs[1], "remote:http://127.0.0.1:%d,ms=10,timeout=20,random", f->port);
    for (int k = 0; k < 2; k++) {
        gr_player *p[2];
        gr_error err;
        gr_error_clear(&err);
        if (gr_player_pair_create(specs[k], &g, 2, p, &err)) fail_msg("%s: %s", specs[k], err.msg);
        int rs = k == 0 ? 1 : 0;
        assert_string_equal(p[1 - rs]->name, "random");
        assert_int_equal(strncmp(p[rs]->name, "remote:http://127.0.0.1:", 24), 0);
        checked c[2] = {{.p = p[0]}, {.p = p[1]}};
        const gr_chooser ch[2] = {checked_chooser(&c[0]), checked_chooser(&c[1])};
        void *st = start_state(&g);
        gr_record rec;
        gr_record_init(&rec, &g, 2);
        gr_play_opts o = {.seed = 2, .max_decisions = 40};
        if (gr_play(&g, st, ch, &rec, NULL, &o, &err) < 0) fail_msg("%s", err.msg);
        assert_true(c[rs].asked > 0);
        gr_record_free(&rec);
        free(st);
        gr_player_free(p[0]);
        gr_player_free(p[1]);
    }
    gr_game_free(&g);
}

/* ---- the request ---- */

/* what goes over the wire: the scenario, the state in base64, the think
 * time, the level, a seed that changes from one decision to the next; a
 * deadline shortens the think time. The answer's order is taken. */
static void test_remote_request(void **state)
{
    (void)state;
    gr_game g;
    load(&g, HEXWAR);
    void *st = start_state(&g);
    gr_action first;
    assert_true(g.rs->rules->legal_actions(g.scn, st, &first, 1) >= 1);
    char text[160], body[256], reply[512], spec[128];
    g.rs->present->format_action(g.scn, st, &first, text, sizeof text);
    snprintf(body, sizeof body, "{\"order\": \"%s\", \"ai\": \"greedy\"}", text);
    http_answer(reply, sizeof reply, 200, body);
    fake fk;
    fake_start_n(&fk, reply, 2);
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%u/,ms=250,ai=easy", (unsigned)fk.port);
    gr_player *p = make(&g, spec, 11);
    gr_error err;
    gr_error_clear(&err);
    for (int k = 0; k < 2; k++) {
        gr_search_control ctl = {.deadline_s = gr_now_s() + 0.2};
        if (k == 1) p->set_control(p, &ctl);
        gr_action a;
        if (p->choose(p, &g, st, &a, &err)) fail_msg("%s", err.msg);
        assert_true(gr_action_equal(&a, &first));
    }
    gr_player_free(p);
    fake_stop_keep(&fk);
    json_t *req[2];
    for (int k = 0; k < 2; k++) {
        assert_non_null(fk.body[k]);
        req[k] = json_loads(fk.body[k], 0, NULL);
        assert_non_null(req[k]);
        assert_true(json_equal(json_object_get(req[k], "scenario"), g.scenario_json));
        assert_string_equal(json_string_value(json_object_get(req[k], "ai")), "easy");
        size_t n = 0;
        unsigned char *bytes = gr_b64_decode(json_string_value(json_object_get(req[k], "state")), &n);
        assert_non_null(bytes);
        assert_int_equal(n, g.rs->rules->state_size);
        assert_memory_equal(bytes, st, n);
        free(bytes);
        assert_true(json_integer_value(json_object_get(req[k], "seed")) >= 0);
    }
    assert_int_equal(json_integer_value(json_object_get(req[0], "ms")), 250);
    json_int_t ms1 = json_integer_value(json_object_get(req[1], "ms"));
    assert_true(ms1 >= 1 && ms1 <= 150);
    assert_true(json_integer_value(json_object_get(req[0], "seed")) !=
                json_integer_value(json_object_get(req[1], "seed")));
    for (int k = 0; k < 2; k++) json_decref(req[k]);
    fake_free(&fk);
    free(st);
    gr_game_free(&g);
}

/* ---- errors ---- */

static void test_remote_nothing_listening(void **state)
{
    (void)state;
    gr_game g;
    load(&g, HEXWAR);
    void *st = start_state(&g);
    unsigned short port;
    int fd = bind_loopback(&port);
    assert_true(fd >= 0);
    close(fd);
    char spec[128];
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%u", (unsigned)port);
    gr_error err;
    choose_fails(spec, &g, st, &err);
    expect_in(err.msg, "no answer");
    expect_in(err.msg, "grognard serve");
    expect_in(err.msg, spec + 7);
    free(st);
    gr_game_free(&g);
}

/* the fake answers `reply` in the starting position of scenario `rel`; the
 * choice fails with a message holding each part */
static void fake_fails(const char *rel, const char *reply, const char *opts, const char *const *parts)
{
    gr_game g;
    load(&g, rel);
    void *st = start_state(&g);
    fake fk;
    fake_start(&fk, reply);
    char spec[160];
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%u%s", (unsigned)fk.port, opts);
    gr_error err;
    choose_fails(spec, &g, st, &err);
    fake_stop(&fk);
    for (int k = 0; parts[k]; k++) expect_in(err.msg, parts[k]);
    free(st);
    gr_game_free(&g);
}

static void test_remote_not_json(void **state)
{
    (void)state;
    static const char *const parts[] = {"not JSON", "hello", NULL};
    fake_fails(HEXWAR, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", "", parts);
}

static void test_remote_no_order(void **state)
{
    (void)state;
    char reply[256];
    http_answer(reply, sizeof reply, 200, "{\"move\": \"u1 hold\"}");
    static const char *const parts[] = {"no \"order\"", NULL};
    fake_fails(HEXWAR, reply, "", parts);
}

static void test_remote_order_not_understood(void **state)
{
    (void)state;
    char reply[256];
    http_answer(reply, sizeof reply, 200, "{\"order\": \"u999 fly\"}");
    static const char *const parts[] = {"'u999 fly'", "not understood here", NULL};
    fake_fails("scenarios/fogn/brigade-encounter.json", reply, "", parts);
}

/* an order the notation reads but the rules refuse here (hexwar: another
 * counter's decision) */
static void test_remote_order_not_legal(void **state)
{
    (void)state;
    char reply[256];
    http_answer(reply, sizeof reply, 200, "{\"order\": \"c1 move 0 0\"}");
    static const char *const parts[] = {"'c1 move 0 0'", "not legal here", "decision", NULL};
    fake_fails(HEXWAR, reply, "", parts);
}

static void test_remote_http_error(void **state)
{
    (void)state;
    char reply[256];
    http_answer(reply, sizeof reply, 422, "{\"error\": \"state: the battle is over in that position\"}");
    static const char *const parts[] = {"HTTP 422", "the battle is over in that position", NULL};
    fake_fails(HEXWAR, reply, "", parts);
    http_answer(reply, sizeof reply, 404, "not here");
    static const char *const parts404[] = {"HTTP 404", "grognard serve", NULL};
    fake_fails(HEXWAR, reply, "", parts404);
}

static void test_remote_timeout(void **state)
{
    (void)state;
    static const char *const parts[] = {"no answer within 0.3 s", NULL};
    double t0 = gr_now_s();
    fake_fails(HEXWAR, NULL, ",ms=5,timeout=0.3", parts);
    assert_true(gr_now_s() - t0 < 4.0);
}

/* the real server refuses a level it does not know, and says why */
static void test_remote_server_refuses(void **state)
{
    fixture *f = *state;
    gr_game g;
    load(&g, HEXWAR);
    void *st = start_state(&g);
    char spec[128];
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%d,ms=5,ai=grandmaster", f->port);
    gr_error err;
    choose_fails(spec, &g, st, &err);
    expect_in(err.msg, "HTTP 400");
    expect_in(err.msg, "grandmaster");
    free(st);
    gr_game_free(&g);
}

/* a stop flag set gives the question up within about a second */
static void test_remote_stop(void **state)
{
    (void)state;
    gr_game g;
    load(&g, HEXWAR);
    void *st = start_state(&g);
    fake fk;
    fake_start(&fk, NULL);
    char spec[128];
    snprintf(spec, sizeof spec, "remote:http://127.0.0.1:%u,timeout=20", (unsigned)fk.port);
    gr_player *p = make(&g, spec, 1);
    atomic_int stop = 1;
    gr_search_control ctl = {.stop = &stop};
    p->set_control(p, &ctl);
    double t0 = gr_now_s();
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    assert_int_equal(p->choose(p, &g, st, &a, &err), -1);
    assert_true(gr_now_s() - t0 < 5.0);
    expect_in(err.msg, "stopped");
    gr_player_free(p);
    fake_stop(&fk);
    free(st);
    gr_game_free(&g);
}

static void test_remote_bad_specs(void **state)
{
    (void)state;
    gr_game g;
    load(&g, HEXWAR);
    static const struct {
        const char *spec, *part;
    } bad[] = {
        {"remote:ftp://x", "not an http:// or https:// URL"},
        {"remote:", "a URL expected"},
        {"remote:http://h:1,ms=abc", "ms=abc"},
        {"remote:http://h:1,ms=0", "ms=0"},
        {"remote:http://h:1,timeout=-1", "timeout=-1"},
        {"remote:http://h:1,depth=3", "unknown option 'depth'"},
        {"remote:http://h:1,", "trailing ','"},
        {"remote:http://", "names no host"},
        {"remote:localhost:8080", "not an http:// or https:// URL"},
        {"remote:http://h:1,ai=remote:http://h:2", "cannot be asked to ask another"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gr_error err;
        gr_error_clear(&err);
        gr_player *p = gr_player_create(bad[i].spec, &g, 1, &err);
        if (p) fail_msg("'%s' was accepted", bad[i].spec);
        if (!strstr(err.msg, bad[i].part)) fail_msg("'%s' gave '%s'", bad[i].spec, err.msg);
    }
    gr_player *ok = make(&g, "remote:https://example.org/grognard/,ms=500,timeout=2.5,ai=hard", 1);
    assert_string_equal(ok->name, "remote:https://example.org/grognard/,ms=500,timeout=2.5,ai=hard");
    gr_player_free(ok);
    gr_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_remote_fogn_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_remote_hexwar_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_remote_pair, setup, teardown),
        cmocka_unit_test(test_remote_request),
        cmocka_unit_test(test_remote_nothing_listening),
        cmocka_unit_test(test_remote_not_json),
        cmocka_unit_test(test_remote_no_order),
        cmocka_unit_test(test_remote_order_not_understood),
        cmocka_unit_test(test_remote_order_not_legal),
        cmocka_unit_test(test_remote_http_error),
        cmocka_unit_test(test_remote_timeout),
        cmocka_unit_test_setup_teardown(test_remote_server_refuses, setup, teardown),
        cmocka_unit_test(test_remote_stop),
        cmocka_unit_test(test_remote_bad_specs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
