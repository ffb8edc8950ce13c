/* cmd_serve.c - `grognard serve [--port N] [--host A] [--ai SPEC]
 * [--idle-exit S] [--seed N]`: the web page to play on (docs/web.md). It
 * prints the address to open, serves until Ctrl-C (or the idle time runs
 * out), then saves every open game. */
#include "commands.h"
#include "web.h"
#include "../engine/core/args.h"
#include "../ai/player.h"
#include "session.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define SERVE_POLL_NS 100000000L

int gr_cmd_serve(int argc, char **argv)
{
    long port = GR_WEB_DEFAULT_PORT;
    const char *host = NULL, *ai = NULL, *saves = NULL;
    double idle = 0;
    unsigned long long seed = 1;
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_LONG("--port", &port, 0, 65535, "N", "the port (default 8080; 0: any free port, printed)"),
        GR_ARGS_OPT_STRING("--host", &host, "A", "the address to listen on (default 127.0.0.1: this machine only)"),
        GR_ARGS_OPT_STRING("--ai", &ai, "SPEC", "the AI of new games and of remote players' questions (default "
                                                GR_WEB_DEFAULT_AI ")"),
        GR_ARGS_OPT_STRING("--saves", &saves, "DIR", "where games are saved and loaded from (default out)"),
        GR_ARGS_OPT_REAL("--idle-exit", &idle, 0, 1e7, "S", "stop after S seconds with no request (default: never)"),
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the dice and AI seed of games that name none (default 1)"),
    };
    const gr_args_spec spec = {
        .verb = "grognard serve",
        .usage = "usage: grognard serve [--port N] [--host A] [--ai SPEC] [--saves DIR] [--idle-exit S] [--seed N]\n"
                 "  then open the address it prints in a browser (docs/web.md)\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts),
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    gr_error err;
    gr_error_clear(&err);
    char dflt[1024];
    if (gr_find_default_scenario(dflt, sizeof dflt, &err)) {
        fprintf(stderr, "grognard serve: %s\n", err.msg);
        return 1;
    }
    if (ai && strlen(ai) >= 160) return gr_args_fail(&spec, "--ai: the spec is %zu bytes long, at most 159 are taken", strlen(ai));
    /* Ctrl-C and kill are taken here, by waiting for them, not by a handler:
     * blocked before the server's threads start, so none of them takes them */
    sigset_t stop_sigs;
    sigemptyset(&stop_sigs);
    sigaddset(&stop_sigs, SIGINT);
    sigaddset(&stop_sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_sigs, NULL);
    signal(SIGPIPE, SIG_IGN);
    if (saves && (!saves[0] || strlen(saves) > 200))
        return gr_args_fail(&spec, "--saves: a folder's path of 1 to 200 characters expected");
    gr_web_options o = {.host = host, .port = (int)port, .ai = ai, .seed = seed, .idle_exit_s = idle, .saves_dir = saves};
    gr_web *w = gr_web_start(&o, &err);
    if (!w) {
        fprintf(stderr, "grognard serve: %s\n", err.msg);
        return 1;
    }
    printf("Grognard is at http://%s:%d/ : open it in a browser (Ctrl-C stops the server; games are saved in %s/)\n",
           host ? host : GR_WEB_DEFAULT_HOST, gr_web_port(w), saves ? saves : "out");
    fflush(stdout);
    struct timespec poll = {0, SERVE_POLL_NS};
    while (!gr_web_idle_over(w))
        if (sigtimedwait(&stop_sigs, NULL, &poll) > 0) break;
    gr_web_stop(w);
    printf("the server has stopped; every open game is saved\n");
    return 0;
}
