/* cmd_scenario.c - the verbs that look at a scenario without playing it:
 * validate, render (SVG map), show (text summary) and orders (the legal
 * order menu of the first decision). */
#include "commands.h"
#include "session.h"

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
    void *st = calloc(1, g->rs->state_size);
    if (!st) {
        fprintf(stderr, "out of memory\n");
        gr_game_free(g);
        return NULL;
    }
    g->rs->init(g->scn, st);
    return st;
}

int gr_cmd_validate(int argc, char **argv)
{
    if (argc < 1) {
        fprintf(stderr, "usage: grognard validate FILE...\n");
        return 2;
    }
    int bad = 0;
    for (int i = 0; i < argc; i++) {
        gr_game g;
        gr_error err;
        gr_error_clear(&err);
        if (load_checked(&g, argv[i], &err)) {
            fprintf(stderr, "%s\n", err.msg);
            bad++;
            continue;
        }
        printf("%s: ok (%s, state %zu bytes)\n", argv[i], g.rs->title, g.rs->state_size);
        gr_game_free(&g);
    }
    return bad ? 1 : 0;
}

int gr_cmd_render(int argc, char **argv)
{
    const char *file = NULL, *out = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--svg") && i + 1 < argc) out = argv[++i];
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else {
            fprintf(stderr, "grognard render: unexpected argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (!file || !out) {
        fprintf(stderr, "usage: grognard render FILE --svg OUT.svg\n");
        return 2;
    }
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
    if (argc != 1) {
        fprintf(stderr, "usage: grognard show FILE\n");
        return 2;
    }
    gr_game g;
    void *st = load_opening(&g, argv[0]);
    if (!st) return 1;
    g.rs->summary(g.scn, st, stdout);
    free(st);
    gr_game_free(&g);
    return 0;
}

int gr_cmd_orders(int argc, char **argv)
{
    if (argc != 1) {
        fprintf(stderr, "usage: grognard orders FILE   (the legal orders of the first decision)\n");
        return 2;
    }
    gr_game g;
    void *st = load_opening(&g, argv[0]);
    if (!st) return 1;
    gr_action *acts = calloc(GR_MAX_ACTIONS, sizeof *acts);
    if (acts) {
        char desc[256], text[160];
        g.rs->describe_decision(g.scn, st, desc, sizeof desc);
        printf("%s\n", desc);
        int n = g.rs->legal_actions(g.scn, st, acts, GR_MAX_ACTIONS);
        for (int i = 0; i < n; i++) {
            g.rs->format_action(g.scn, st, &acts[i], text, sizeof text);
            printf("  %2d  %s\n", i + 1, text);
        }
    }
    free(acts);
    free(st);
    gr_game_free(&g);
    return 0;
}
