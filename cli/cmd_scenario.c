/* cmd_scenario.c - the verbs that look at a scenario without playing it:
 * validate, render (SVG map), show (text summary) and orders (the legal
 * order menu of the first decision). */
#include "commands.h"
#include "session.h"
#include "../engine/core/args.h"

#include <stdlib.h>
#include <string.h>

static int load_checked(gr_game *g, const char *path, gr_error *err)
{
    if (gr_game_load(g, path, err)) return -1;
    if (gr_game_check_start(g, err)) { gr_game_free(g); return -1; }
    return 0;
}

/* Loads and checks a scenario and makes its opening state; NULL (message
 * printed) on failure. Free with free() and gr_game_free(). */
static void *load_opening(gr_game *g, const char *path)
{
    gr_error err;
    gr_error_clear(&err);
    if (load_checked(g, path, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return NULL;
    }
    void *st = calloc(1, g->rs->rules->state_size);
    if (!st) {
        fprintf(stderr, "out of memory\n");
        gr_game_free(g);
        return NULL;
    }
    g->rs->rules->init(g->scn, st);
    return st;
}

/* reads a verb's arguments: no options, the positional ones into files
 * (gathered at the front of argv); 0 to go on, else 1 with *status */
static int scenario_args(const char *verb, const char *usage, int argc, char **argv, gr_args_list *files, int max,
                         const char *what, int *status)
{
    files->v = argv;
    files->n = 0;
    files->max = max;
    const gr_args_spec spec = {
        .verb = verb,
        .usage = usage,
        .pos = files, .min_pos = 1, .pos_name = what,
    };
    return gr_args_parse(&spec, argc, argv, status);
}

int gr_cmd_validate(int argc, char **argv)
{
    gr_args_list files;
    int status;
    if (scenario_args("grognard validate", "usage: grognard validate FILE...\n", argc, argv, &files, argc, "a FILE",
                      &status))
        return status;
    int bad = 0;
    for (int i = 0; i < files.n; i++) {
        gr_game g;
        gr_error err;
        gr_error_clear(&err);
        if (load_checked(&g, files.v[i], &err)) {
            fprintf(stderr, "%s\n", err.msg);
            bad++;
            continue;
        }
        printf("%s: ok (%s, state %zu bytes)\n", files.v[i], g.rs->title, g.rs->rules->state_size);
        gr_game_free(&g);
    }
    return bad ? 1 : 0;
}

int gr_cmd_render(int argc, char **argv)
{
    const char *out = NULL;
    char *pos[1];
    gr_args_list files = {pos, 0, 1};
    const gr_args_opt opts[] = {GR_ARGS_OPT_STRING("--svg", &out, "OUT.svg", "the map's file")};
    const gr_args_spec spec = {
        .verb = "grognard render",
        .usage = "usage: grognard render FILE --svg OUT.svg\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1, .pos_name = "a scenario FILE",
    };
    int status;
    if (gr_args_parse(&spec, argc, argv, &status)) return status;
    if (!out) return gr_args_fail(&spec, "--svg is needed");
    const char *file = files.v[0];
    gr_game g;
    void *st = load_opening(&g, file);
    if (!st) return 1;
    gr_error err;
    gr_error_clear(&err);
    int rc = 1;
    if (gr_write_map(&g, st, out, &err)) fprintf(stderr, "%s\n", err.msg);
    else { printf("wrote %s\n", out); rc = 0; }
    free(st);
    gr_game_free(&g);
    return rc;
}

int gr_cmd_show(int argc, char **argv)
{
    gr_args_list files;
    int status;
    if (scenario_args("grognard show", "usage: grognard show FILE\n", argc, argv, &files, 1, "a scenario FILE", &status))
        return status;
    gr_game g;
    void *st = load_opening(&g, files.v[0]);
    if (!st) return 1;
    g.rs->present->summary(g.scn, st, stdout);
    free(st);
    gr_game_free(&g);
    return 0;
}

int gr_cmd_orders(int argc, char **argv)
{
    gr_args_list files;
    int status;
    if (scenario_args("grognard orders", "usage: grognard orders FILE   (the legal orders of the first decision)\n", argc,
                      argv, &files, 1, "a scenario FILE", &status))
        return status;
    gr_game g;
    void *st = load_opening(&g, files.v[0]);
    if (!st) return 1;
    gr_action *acts = calloc(GR_MAX_ACTIONS, sizeof *acts);
    if (acts) {
        char desc[256], text[160];
        g.rs->present->describe_decision(g.scn, st, desc, sizeof desc);
        printf("%s\n", desc);
        int n = g.rs->rules->legal_actions(g.scn, st, acts, GR_MAX_ACTIONS);
        for (int i = 0; i < n; i++) {
            g.rs->present->format_action(g.scn, st, &acts[i], text, sizeof text);
            printf("  %2d  %s\n", i + 1, text);
        }
    }
    free(acts);
    free(st);
    gr_game_free(&g);
    return 0;
}
