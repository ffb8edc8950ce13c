/* verb.c - `grognard lasalle setup`: a pickup battle set up by the book's
 * procedure [J Set Up the Game, p.86-91] (setup.h, docs/lasalle-setup.md).
 *   grognard lasalle setup ARMY_A ARMY_B --seed N [--out FILE] [--svg FILE] [--log]
 *       each ARMY is an army file or a list id (grognard lasalle army lists) to roll;
 *       the scenario goes to FILE (or standard output), the rolls and choices to stderr
 *   grognard lasalle setup --sweep N
 *       every pair of the bundled lists and example army files over seeds 1..N: how many
 *       scenarios were made and passed the loader's checks, with progress on stderr
 * Exit status: 0 done (a sweep with every scenario good), 1 failure, 2 bad usage. */
#include "setup.h"
#include "../../core/args.h"
#include "../../core/fsutil.h"
#include "../../core/play.h"
#include "../../registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the dice stream of a setup (games use stream 1) */
#define SETUP_STREAM 0x4C53455455ull
#define SWEEP_MAX 64
#define SWEEP_SHOW_FAILURES 10

static const char *const USAGE =
    "usage: grognard lasalle setup ARMY_A ARMY_B --seed N [--out FILE] [--svg FILE] [--log]\n"
    "       grognard lasalle setup --sweep N\n"
    "  ARMY: an army file (grognard lasalle army roll ... --out FILE) or a list id to roll\n"
    "        (grognard lasalle army lists); ARMY_A takes the south edge, ARMY_B the north\n";

static lasalle_list_book *book(void)
{
    gr_error err;
    lasalle_list_book *B = lasalle_list_load_book(NULL, &err);
    if (!B) fprintf(stderr, "grognard lasalle setup: %s\n", err.msg);
    return B;
}

static int write_text(json_t *root, const char *out, gr_error *err)
{
    int flags = JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6);
    if (!out) {
        if (json_dumpf(root, stdout, flags)) return gr_error_set(err, "cannot write the scenario");
        printf("\n");
        return 0;
    }
    if (json_dump_file(root, out, flags)) return gr_error_set(err, "%s: cannot write the scenario", out);
    return 0;
}

static int draw(json_t *root, const char *svg, const gr_host *host, gr_error *err)
{
    if (!host || !host->write_map) return gr_error_set(err, "--svg: this program draws no maps");
    gr_game g;
    memset(&g, 0, sizeof g);
    if (gr_game_from_json(&g, root, svg, err)) return -1;
    void *st = calloc(1, g.rs->rules->state_size);
    int rc = st ? 0 : gr_error_set(err, "out of memory");
    if (!rc) {
        g.rs->rules->init(g.scn, st);
        rc = host->write_map(&g, st, svg, err);
    }
    free(st);
    gr_game_free(&g);
    return rc;
}

static int do_setup(const char *const what[2], unsigned long long seed, const char *out, const char *svg,
                    bool show_log, const gr_host *host)
{
    lasalle_list_book *B = book();
    if (!B) return 1;
    gr_error err;
    gr_error_clear(&err);
    gr_log log;
    gr_log_init(&log);
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, SETUP_STREAM);
    gr_dice_set_log(&dice, &log);
    json_t *root = lasalle_setup_generate(B, what, &dice, &log, seed, &err);
    if (show_log) gr_print_log(&log, 0, stderr);
    int rc = 1;
    if (!root)
        fprintf(stderr, "grognard lasalle setup: %s\n", err.msg);
    else if (lasalle_setup_check(root, &err))
        fprintf(stderr, "grognard lasalle setup: the scenario made is not valid: %s\n", err.msg);
    else if (write_text(root, out, &err) || (svg && draw(root, svg, host, &err)))
        fprintf(stderr, "grognard lasalle setup: %s\n", err.msg);
    else {
        fprintf(stderr, "setup (seed %llu): %s; %s attacks; %zu terrain pieces%s%s%s%s\n", seed,
                json_string_value(json_object_get(root, "name")),
                json_string_value(json_object_get(json_array_get(json_object_get(root, "sides"),
                                                                 (size_t)json_integer_value(json_object_get(root, "first"))),
                                                  "name")),
                json_array_size(json_object_get(root, "terrain")), out ? "; scenario " : "", out ? out : "",
                svg ? "; map " : "", svg ? svg : "");
        rc = 0;
    }
    json_decref(root);
    gr_log_free(&log);
    free(B);
    return rc;
}

static int do_sweep(unsigned long long nseeds)
{
    lasalle_list_book *B = book();
    if (!B) return 1;
    static char names[SWEEP_MAX][LASALLE_SETUP_PATH];
    const char *ptr[SWEEP_MAX];
    int n = lasalle_setup_bundled(B, names, SWEEP_MAX);
    for (int i = 0; i < n; i++) ptr[i] = names[i];
    fprintf(stderr, "setup sweep: %d armies (lists and example files), %d pairs, seeds 1..%llu\n", n,
            n * (n + 1) / 2, nseeds);
    lasalle_setup_sweep_result r;
    int rc = lasalle_setup_sweep(B, ptr, n, 1, nseeds, stderr, &r);
    printf("setup sweep: %d armies, %d pairs, seeds 1..%llu: %ld scenarios; made %ld, valid %ld, failed %ld\n", n,
           n * (n + 1) / 2, nseeds, r.tried, r.made, r.valid, r.failed);
    free(B);
    return rc ? 1 : 0;
}

int lasalle_setup_verb(int argc, char **argv, const gr_host *host)
{
    const char *out = NULL, *svg = NULL;
    unsigned long long seed = 0, sweep = 0;
    int show_log = 0;
    char *pos[2];
    gr_args_list files = {pos, 0, 2};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_ULL("--seed", &seed, "N", "the seed of the setup's dice"),
        GR_ARGS_OPT_STRING("--out", &out, "FILE", "write the scenario there (default: standard output)"),
        GR_ARGS_OPT_STRING("--svg", &svg, "FILE", "draw the table as set up"),
        GR_ARGS_OPT_FLAG("--log", &show_log, "print every roll and choice to stderr"),
        GR_ARGS_OPT_ULL("--sweep", &sweep, "N", "every pair of the bundled armies over seeds 1..N"),
    };
    int seen[GR_ARGS_COUNT(opts)] = {0};
    const gr_args_spec spec = {
        .verb = "grognard lasalle setup",
        .usage = USAGE,
        .opts = opts,
        .nopts = GR_ARGS_COUNT(opts),
        .pos = &files,
        .min_pos = 0,
        .pos_name = "ARMY_A ARMY_B",
        .seen = seen,
    };
    int status;
    if (gr_args_parse(&spec, argc - 1, argv + 1, &status)) return status;
    if (gr_args_seen(&spec, "--sweep")) {
        if (files.n || sweep < 1) return gr_args_fail(&spec, "--sweep N (N >= 1) takes no armies");
        return do_sweep(sweep);
    }
    if (files.n != 2) return gr_args_fail(&spec, "ARMY_A and ARMY_B are needed (or --sweep N)");
    if (!gr_args_seen(&spec, "--seed")) return gr_args_fail(&spec, "--seed N is needed");
    const char *what[2] = {files.v[0], files.v[1]};
    return do_setup(what, seed, out, svg, show_log != 0, host);
}
