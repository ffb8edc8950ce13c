/* cmd_protocol.c - `grognard protocol`: a line protocol on stdin/stdout for
 * other programs, in the spirit of UCI and GTP (docs/protocol.md). One
 * command per line; every answer line starts with a keyword (ok, error,
 * info, bestorder, ...). A search runs on its own thread so that `stop` is
 * heard while it thinks; its `info` lines and the final `bestorder` are
 * written under a lock so lines never interleave. A malformed line gets an
 * `error` line and the session goes on. */
#include "commands.h"
#include "protocol.h"
#include "../engine/core/args.h"
#include "../engine/core/byname.h"
#include "live.h"
#include "session.h"
#include "../ai/player.h"
#include "../engine/core/clock.h"
#include "../engine/core/fetch.h"
#include "../engine/core/jsonutil.h"
#include "../engine/core/regex.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define PROTO_VERSION 1
#define PROTO_LINE_MAX ((size_t)4 << 20)    /* a position or scenario on one line */
#define PROTO_INFO_S 0.25                   /* seconds between info lines */
#define PROTO_DEFAULT_MS 1000
#define PROTO_INFINITE_ITERS 100000000L
#define PROTO_LOAD_DEFAULT_S 60             /* a URL's load gives up after this, unless told */
#define PROTO_LOAD_MAX_S 3600


void gr_proto_say(proto *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&p->out_lock);
    vfprintf(p->out, fmt, ap);
    fputc('\n', p->out);
    fflush(p->out);
    pthread_mutex_unlock(&p->out_lock);
    va_end(ap);
}

/* a message on one line, quotes escaped, for the answer lines */
void gr_proto_one_line(char *dst, size_t cap, const char *src)
{
    size_t k = 0;
    for (size_t i = 0; src[i] && k + 2 < cap; i++) {
        char c = src[i];
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
        if (c == '"' || c == '\\') dst[k++] = '\\';
        dst[k++] = c;
    }
    dst[k] = 0;
}

void gr_proto_say_error(proto *p, const char *fmt, ...)
{
    char raw[GR_ERROR_MAX + 256], clean[2 * sizeof raw];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    gr_proto_one_line(clean, sizeof clean, raw);
    gr_proto_say(p, "error %s", clean);
}

static void say_tomove(proto *p)
{
    char desc[256], clean[600];
    if (gr_live_over(&p->L)) {
        gr_result r;
        p->L.g.rs->rules->result(p->L.g.scn, p->L.st, &r);
        gr_proto_one_line(clean, sizeof clean, r.reason);
        gr_proto_say(p, "tomove over winner %d \"%s\"", r.winner, clean);
        return;
    }
    p->L.g.rs->present->describe_decision(p->L.g.scn, p->L.st, desc, sizeof desc);
    gr_proto_one_line(clean, sizeof clean, desc);
    gr_proto_say(p, "tomove %d \"%s\"", gr_live_to_move(&p->L), clean);
}

/* --- the search thread ---------------------------------------------------------------------- */

static void on_info(void *ctx, const gr_search_info *si)
{
    proto *p = ctx;
    char text[160], clean[400];
    p->L.g.rs->present->format_action(p->L.g.scn, p->L.st, &si->best, text, sizeof text);
    gr_proto_one_line(clean, sizeof clean, text);
    gr_proto_say(p, "info iters %ld ms %.0f best \"%s\" score %.3f visits %ld", si->iterations, si->ms, clean, si->value,
        si->visits);
}

static void *search_main(void *arg)
{
    proto *p = arg;
    gr_error err;
    gr_error_clear(&err);
    gr_action a;
    const gr_ruleset *rs = p->L.g.rs;
    if (p->searcher->choose(p->searcher, &p->L.g, p->L.st, &a, &err)) {
        gr_proto_say_error(p, "search failed: %s", err.msg);
    } else {
        char text[160], clean[400];
        rs->present->format_action(p->L.g.scn, p->L.st, &a, text, sizeof text);
        gr_proto_one_line(clean, sizeof clean, text);
        gr_analysis *an = malloc(sizeof *an);
        if (an && p->searcher->analysis && !p->searcher->analysis(p->searcher, an) && an->n > 0)
            gr_proto_say(p, "bestorder \"%s\" score %.3f iters %ld ms %.0f", clean, an->alt[0].value, an->iterations, an->ms);
        else
            gr_proto_say(p, "bestorder \"%s\"", clean);
        free(an);
    }
    atomic_store(&p->finished, 1);
    return NULL;
}

/* joins a finished or stopped search; 1 when none is running afterwards */
static void join_search(proto *p, int stop)
{
    if (!p->running) return;
    if (stop) atomic_store(&p->stop, 1);
    pthread_join(p->th, NULL);
    p->running = 0;
    gr_player_free(p->searcher);
    p->searcher = NULL;
}

/* Before a command that needs the engine idle: a search with a budget is
 * waited for (its bestorder comes first); an infinite one must be stopped. */
static int busy(proto *p)
{
    if (p->running && (atomic_load(&p->finished) || !p->infinite)) join_search(p, 0);
    if (p->running) {
        gr_proto_say_error(p, "busy: an infinite search is running ('stop' ends it)");
        return 1;
    }
    return 0;
}

static int need_game(proto *p)
{
    if (p->loaded) return 1;
    gr_proto_say_error(p, "no game loaded ('load FILE|URL' or 'scenario {json}' first)");
    return 0;
}

/* --- commands ------------------------------------------------------------------------------- */


/* "iters N | ms N | infinite, threads N" -> a player spec and a deadline; 0 or -1 (error said) */
static int search_args(proto *p, const char *verb, char *args, int allow_infinite, double *deadline)
{
    long iters = 0, ms = 0, threads = 1;
    int infinite = 0;
    char *save = NULL;
    for (char *w = strtok_r(args, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (allow_infinite && !strcmp(w, "infinite")) { infinite = 1; continue; }
        if (strcmp(w, "iters") && strcmp(w, "ms") && strcmp(w, "threads")) {
            gr_proto_say_error(p, "%s: unknown word '%.40s' (%s [iters N | ms N%s] [threads N])", verb, w, verb,
                      allow_infinite ? " | infinite" : "");
            return -1;
        }
        char *v = strtok_r(NULL, " \t", &save);
        long *dst = !strcmp(w, "iters") ? &iters : !strcmp(w, "ms") ? &ms : &threads;
        long hi = dst == &threads ? 64 : dst == &ms ? 3600000 : 100000000;
        if (!v || gr_arg_long(v, 1, hi, dst)) {
            gr_proto_say_error(p, "%s: %s takes a whole number 1..%ld, not '%.40s'", verb, w, hi, v ? v : "");
            return -1;
        }
    }
    if ((iters > 0) + (ms > 0) + infinite > 1) {
        gr_proto_say_error(p, "%s: give one of iters, ms%s", verb, allow_infinite ? " or infinite" : "");
        return -1;
    }
    if (!iters && !ms && !infinite) ms = PROTO_DEFAULT_MS;
    p->infinite = infinite;
    /* "ms" is for this decision alone: an open budget cut by the deadline */
    snprintf(p->spec, sizeof p->spec, "mcts:iters=%ld,threads=%ld", iters ? iters : PROTO_INFINITE_ITERS, threads);
    *deadline = ms ? gr_now_s() + (double)ms / 1000.0 : 0;
    return 0;
}

/* (re)makes the seats for the game loaded, seeded from the session's seed as `run` seeds its players; -1 (said) */
static int make_seats(proto *p, const char *verb)
{
    for (int k = 0; k < 2; k++) {
        gr_player_free(p->seat[k]);
        p->seat[k] = NULL;
    }
    if (!p->seats_spec[0] || !p->loaded) return 0;
    gr_error err;
    gr_error_clear(&err);
    if (gr_player_pair_create(p->seats_spec, &p->L.g, p->seed, p->seat, &err)) {
        gr_proto_say_error(p, "%s: players %s: %s", verb, p->seats_spec, err.msg);
        p->seats_spec[0] = '\0';
        return -1;
    }
    return 0;
}

/* applies an order and tells both seats of it (before the change, as the game loop does) */
static int seats_apply(proto *p, const gr_action *a, gr_error *err)
{
    if (!p->seat[0]) return gr_live_apply(&p->L, a, err);
    size_t size = p->L.g.rs->rules->state_size;
    void *before = malloc(size);
    if (!before) return gr_error_set(err, "out of memory");
    memcpy(before, p->L.st, size);
    int rc = gr_live_apply(&p->L, a, err);
    if (!rc)
        for (int k = 0; k < 2; k++) gr_player_observe(p->seat[k], &p->L.g, before, a);
    free(before);
    return rc;
}

static gr_player *make_searcher(proto *p, const char *verb)
{
    gr_error err;
    gr_error_clear(&err);
    gr_player *s = gr_player_create(p->spec, &p->L.g, p->seed * 2 + 11 + (unsigned long long)p->L.rec.nactions, &err);
    if (!s) gr_proto_say_error(p, "%s: %s", verb, err.msg);
    return s;
}

static void cmd_go(proto *p, char *args)
{
    if (busy(p) || !need_game(p)) return;
    if (gr_live_over(&p->L)) { gr_proto_say_error(p, "go: the game is over"); return; }
    double deadline;
    if (search_args(p, "go", args, 1, &deadline)) return;
    p->searcher = make_searcher(p, "go");
    if (!p->searcher) return;
    atomic_store(&p->stop, 0);
    atomic_store(&p->finished, 0);
    gr_search_control ctl = {.stop = &p->stop, .info = on_info, .ctx = p, .interval_s = PROTO_INFO_S,
                             .deadline_s = deadline};
    if (p->searcher->set_control) p->searcher->set_control(p->searcher, &ctl);
    gr_proto_say(p, "ok go %s", p->spec);
    if (pthread_create(&p->th, NULL, search_main, p)) {
        gr_proto_say_error(p, "go: cannot start the search thread");
        gr_player_free(p->searcher);
        p->searcher = NULL;
        return;
    }
    p->running = 1;
}

static void report_apply(proto *p, size_t log0, const char *verb, const char *order);

/* `setoption players A,B`: both sides' players for `genmove` (`setoption players none` drops them) */
static void cmd_setoption(proto *p, const char *arg)
{
    if (busy(p)) return;
    size_t n = strcspn(arg, " \t");
    const char *value = arg + n + strspn(arg + n, " \t");
    if (n != 7 || strncmp(arg, "players", 7) || !*value) {
        gr_proto_say_error(p, "setoption takes 'players A,B' (as grognard run --players) or 'players none'");
        return;
    }
    if (strlen(value) >= sizeof p->seats_spec) {
        gr_proto_say_error(p, "setoption: the players are %zu bytes long, at most %zu are taken", strlen(value),
                           sizeof p->seats_spec - 1);
        return;
    }
    snprintf(p->seats_spec, sizeof p->seats_spec, "%s", strcmp(value, "none") ? value : "");
    if (make_seats(p, "setoption")) return;
    gr_proto_say(p, "ok setoption players %s", p->seats_spec[0] ? p->seats_spec : "none");
}

/* search and play the best order at once (like GTP's genmove); no info lines */
static void cmd_genmove(proto *p, char *args)
{
    if (busy(p) || !need_game(p)) return;
    if (gr_live_over(&p->L)) { gr_proto_say_error(p, "genmove: the game is over"); return; }
    double deadline = 0;
    int seated = p->seat[0] && !args[strspn(args, " \t")];
    gr_player *s = seated ? p->seat[gr_live_to_move(&p->L)] : NULL;
    if (!seated) {
        if (search_args(p, "genmove", args, 0, &deadline)) return;
        s = make_searcher(p, "genmove");
        if (!s) return;
        gr_search_control ctl = {.deadline_s = deadline};
        if (s->set_control) s->set_control(s, &ctl);
    }
    gr_error err;
    gr_error_clear(&err);
    gr_action a;
    char text[160];
    size_t log0 = p->L.log.n;
    if (s->choose(s, &p->L.g, p->L.st, &a, &err)) gr_proto_say_error(p, "genmove: %s", err.msg);
    else {
        p->L.g.rs->present->format_action(p->L.g.scn, p->L.st, &a, text, sizeof text);
        if (seats_apply(p, &a, &err)) gr_proto_say_error(p, "genmove: '%s' refused: %s", text, err.msg);
        else report_apply(p, log0, "genmove", text);
    }
    if (!seated) gr_player_free(s);
}

void gr_proto_loaded_ok(proto *p, const char *what)
{
    p->loaded = 1;
    make_seats(p, what);
    json_t *nm = json_object_get(p->L.g.scenario_json, "name");
    char clean[600];
    gr_proto_one_line(clean, sizeof clean, json_string_value(nm) ? json_string_value(nm) : p->L.g.path);
    gr_proto_say(p, "ok %s %s \"%s\" actions %d", what, p->L.g.rs->name, clean, p->L.rec.nactions);
    say_tomove(p);
}

/* `load URL [timeout SECONDS]`: the URL and its time-out, or -1 (said) */
static int url_and_timeout(proto *p, const char *arg, char **url, long *ms)
{
    size_t n = strcspn(arg, " \t");
    const char *rest = arg + n + strspn(arg + n, " \t");
    *ms = PROTO_LOAD_DEFAULT_S * 1000L;
    if (*rest) {
        long s;
        if (strncmp(rest, "timeout", 7) || (rest[7] != ' ' && rest[7] != '\t') ||
            gr_arg_long(rest + 8 + strspn(rest + 8, " \t"), 1, PROTO_LOAD_MAX_S, &s)) {
            gr_proto_say_error(p, "load URL [timeout SECONDS]: after the URL only 'timeout' and 1 to %d seconds",
                               PROTO_LOAD_MAX_S);
            return -1;
        }
        *ms = s * 1000L;
    }
    *url = strndup(arg, n);
    if (!*url) { gr_proto_say_error(p, "load: out of memory"); return -1; }
    return 0;
}

static void cmd_load(proto *p, const char *arg)
{
    if (busy(p)) return;
    if (!arg[0]) { gr_proto_say_error(p, "load needs a file or URL"); return; }
    if (gr_fetch_is_url(arg)) {
        char *url;
        long ms;
        if (url_and_timeout(p, arg, &url, &ms) == 0) gr_proto_load_start(p, url, ms);
        return;
    }
    gr_live tmp;
    gr_error err;
    gr_error_clear(&err);
    if (gr_live_open(&tmp, arg, p->seed, 0, NULL, NULL, &err)) { gr_proto_say_error(p, "load: %s", err.msg); return; }
    if (p->loaded) gr_live_free(&p->L);
    p->L = tmp;
    gr_dice_set_log(&p->L.dice, &p->L.log);
    gr_proto_loaded_ok(p, "load");
}

static void cmd_scenario(proto *p, const char *arg)
{
    if (busy(p)) return;
    json_error_t je;
    json_t *root = json_loads(arg, JSON_REJECT_DUPLICATES, &je);
    if (!root) { gr_proto_say_error(p, "scenario: not JSON (column %d: %s)", je.column, je.text); return; }
    gr_live tmp;
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_live_open_json(&tmp, root, "(protocol)", p->seed, &err);
    json_decref(root);
    if (rc) { gr_proto_say_error(p, "scenario: %s", err.msg); return; }
    if (p->loaded) gr_live_free(&p->L);
    p->L = tmp;
    gr_dice_set_log(&p->L.dice, &p->L.log);
    gr_proto_loaded_ok(p, "scenario");
}

/* a position: a game record sent on the line, replayed to its end */
static void cmd_position(proto *p, const char *arg)
{
    if (busy(p)) return;
    json_error_t je;
    json_t *root = json_loads(arg, JSON_REJECT_DUPLICATES, &je);
    if (!root) { gr_proto_say_error(p, "position: not JSON (column %d: %s)", je.column, je.text); return; }
    gr_live tmp;
    gr_error err;
    gr_error_clear(&err);
    int rc = gr_live_open_record_json(&tmp, root, "(position)", &err);
    json_decref(root);
    if (rc) { gr_proto_say_error(p, "position: %s", err.msg); return; }
    if (p->loaded) gr_live_free(&p->L);
    p->L = tmp;
    gr_dice_set_log(&p->L.dice, &p->L.log);
    gr_proto_loaded_ok(p, "position");
}

static void cmd_state(proto *p)
{
    if (!need_game(p)) return;
    if (!p->L.g.rs->present->state_to_json) { gr_proto_say_error(p, "state: %s cannot write its state as JSON", p->L.g.rs->name); return; }
    json_t *j = p->L.g.rs->present->state_to_json(p->L.g.scn, p->L.st);
    char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
    if (s) gr_proto_say(p, "state %s", s);
    else gr_proto_say_error(p, "state: out of memory");
    free(s);
    json_decref(j);
}

static void cmd_legal(proto *p)
{
    if (!need_game(p)) return;
    if (gr_live_over(&p->L)) { gr_proto_say(p, "legal 0"); return; }
    gr_action *acts = malloc(GR_MAX_ACTIONS * sizeof *acts);
    if (!acts) { gr_proto_say_error(p, "out of memory"); return; }
    const gr_ruleset *rs = p->L.g.rs;
    int n = rs->rules->legal_actions(p->L.g.scn, p->L.st, acts, GR_MAX_ACTIONS);
    gr_proto_say(p, "legal %d", n);
    for (int i = 0; i < n; i++) {
        char text[160], clean[400];
        rs->present->format_action(p->L.g.scn, p->L.st, &acts[i], text, sizeof text);
        gr_proto_one_line(clean, sizeof clean, text);
        gr_proto_say(p, "order %d \"%s\"", i + 1, clean);
    }
    free(acts);
}

static void report_apply(proto *p, size_t log0, const char *verb, const char *order)
{
    for (size_t i = log0; i < p->L.log.n; i++) {
        char line[600], clean[800];
        gr_event_format(&p->L.log.ev[i], line, sizeof line);
        gr_proto_one_line(clean, sizeof clean, line);
        gr_proto_say(p, "event %s", clean);
    }
    char clean[400];
    gr_proto_one_line(clean, sizeof clean, order);
    gr_proto_say(p, "ok %s \"%s\" dice %ld", verb, clean, p->L.last_dice);
    say_tomove(p);
}

static void cmd_apply(proto *p, const char *arg)
{
    if (busy(p) || !need_game(p)) return;
    if (!arg[0]) { gr_proto_say_error(p, "apply needs an order in the notation"); return; }
    gr_error err;
    gr_error_clear(&err);
    size_t log0 = p->L.log.n;
    gr_action a;
    if (gr_byname_parse(p->L.g.rs, p->L.g.scn, p->L.st, arg, &a, &err) || seats_apply(p, &a, &err)) {
        gr_proto_say_error(p, "apply: %s", err.msg);
        return;
    }
    report_apply(p, log0, "apply", p->L.rec.actions[p->L.rec.nactions - 1]);
}

static void cmd_save(proto *p, const char *arg)
{
    if (!need_game(p)) return;
    if (!arg[0]) { gr_proto_say_error(p, "save needs a file"); return; }
    gr_error err;
    gr_error_clear(&err);
    if (gr_live_save(&p->L, arg, NULL, &err)) gr_proto_say_error(p, "save: %s", err.msg);
    else gr_proto_say(p, "ok save %d actions", p->L.rec.nactions);
}

static void cmd_result(proto *p)
{
    if (!need_game(p)) return;
    gr_result r;
    p->L.g.rs->rules->result(p->L.g.scn, p->L.st, &r);
    char clean[600];
    gr_proto_one_line(clean, sizeof clean, r.reason);
    if (r.over) gr_proto_say(p, "result over winner %d margin %d score %.1f %.1f \"%s\"", r.winner, r.margin, r.score[0], r.score[1], clean);
    else gr_proto_say(p, "result running");
}

static void cmd_hello(proto *p)
{
    gr_proto_say(p, "id name Grognard");
    gr_proto_say(p, "id protocol %d", PROTO_VERSION);
    char names[256] = "";
    size_t len = 0;
    for (int i = 0; i < gr_ruleset_count() && len < sizeof names; i++) {
        int w = snprintf(names + len, sizeof names - len, "%s%s", i ? " " : "", gr_ruleset_at(i)->name);
        if (w < 0) break;
        len += (size_t)w;
    }
    gr_proto_say(p, "rulesets %s", names);
    gr_proto_say(p, "ok hello");
}

/* returns 0 to quit */
static int dispatch(proto *p, char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r')) line[--len] = 0;
    if (!*line || *line == '#') return 1;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 && line[i] != '\t') {
            gr_proto_say_error(p, "control character (byte %u) at column %zu", (unsigned)(unsigned char)line[i], i + 1);
            return 1;
        }
    char *arg = line + strcspn(line, " \t");
    if (*arg) *arg++ = 0;
    while (*arg == ' ' || *arg == '\t') arg++;
    const char *cmd = line;
    if (!strcmp(cmd, "quit")) return 0;
    /* stop abandons a load from a URL; any other command waits for its answer */
    if (!strcmp(cmd, "stop") && p->loading) {
        gr_proto_load_join(p, 1);
        return 1;
    }
    gr_proto_load_join(p, 0);
    if (!strcmp(cmd, "hello") || !strcmp(cmd, "grognard")) cmd_hello(p);
    else if (!strcmp(cmd, "isready")) gr_proto_say(p, "readyok");
    else if (!strcmp(cmd, "load")) cmd_load(p, arg);
    else if (!strcmp(cmd, "scenario")) cmd_scenario(p, arg);
    else if (!strcmp(cmd, "position")) cmd_position(p, arg);
    else if (!strcmp(cmd, "state")) cmd_state(p);
    else if (!strcmp(cmd, "legal")) cmd_legal(p);
    else if (!strcmp(cmd, "apply")) cmd_apply(p, arg);
    else if (!strcmp(cmd, "tomove")) { if (need_game(p)) say_tomove(p); }
    else if (!strcmp(cmd, "go")) cmd_go(p, arg);
    else if (!strcmp(cmd, "genmove")) cmd_genmove(p, arg);
    else if (!strcmp(cmd, "setoption")) cmd_setoption(p, arg);
    else if (!strcmp(cmd, "stop")) {
        if (!p->running) gr_proto_say_error(p, "stop: no search is running");
        else join_search(p, 1);
    } else if (!strcmp(cmd, "result")) cmd_result(p);
    else if (!strcmp(cmd, "save")) cmd_save(p, arg);
    else if (!strcmp(cmd, "seed")) {
        long v;
        if (busy(p)) return 1;
        if (gr_arg_long(arg, 0, 0x7fffffffL, &v)) gr_proto_say_error(p, "seed takes a whole number, not '%s'", arg);
        else {
            p->seed = (unsigned long long)v;
            if (p->loaded && !p->L.manual) gr_dice_init_rng(&p->L.dice, p->seed, 1), gr_dice_set_log(&p->L.dice, &p->L.log);
            if (!make_seats(p, "seed")) gr_proto_say(p, "ok seed %ld", v);
        }
    } else {
        char clean[200];
        gr_proto_one_line(clean, sizeof clean, cmd);
        gr_proto_say_error(p, "unknown command '%.60s' (hello, load, scenario, position, state, legal, apply, tomove, go, genmove, "
                     "setoption, stop, result, save, seed, isready, quit)", clean);
    }
    return 1;
}

int gr_cmd_protocol(int argc, char **argv)
{
    const gr_args_spec spec = {
        .verb = "grognard protocol",
        .usage = "usage: grognard protocol   (then commands on standard input; docs/protocol.md)\n",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    proto *p = calloc(1, sizeof *p);
    if (!p) return 1;
    p->out = stdout;
    p->seed = 1;
    pthread_mutex_init(&p->out_lock, NULL);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        if ((size_t)n > PROTO_LINE_MAX) {
            gr_proto_say_error(p, "line too long (%zd bytes, at most %zu)", n, PROTO_LINE_MAX);
            continue;
        }
        if (n > 0 && line[n - 1] == '\n') line[--n] = 0;
        if ((size_t)n != strlen(line)) {
            gr_proto_say_error(p, "the line holds a NUL byte");
            continue;
        }
        if (!dispatch(p, line)) break;
    }
    free(line);
    gr_proto_load_join(p, 1);
    join_search(p, 1);
    gr_proto_say(p, "bye");
    for (int k = 0; k < 2; k++) gr_player_free(p->seat[k]);
    if (p->loaded) gr_live_free(&p->L);
    pthread_mutex_destroy(&p->out_lock);
    free(p);
    return 0;
}
