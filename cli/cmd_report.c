/* cmd_report.c - `grognard report FILE... [--records DIR]... --out DIR
 * [--title T]`: reads arena results (JSON lines), merges them and writes the
 * tactics report (bench/arena/report.h): a Markdown page with SVG charts.
 * With --records the games' records (kept by `grognard arena --records`)
 * are replayed and their orders classified (bench/arena/tactics.h); a
 * record that cannot be used is named on standard error and left out. */
#include "commands.h"
#include "../bench/arena/report.h"
#include "../bench/arena/results.h"
#include "../bench/arena/tactics.h"
#include "../engine/core/args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* the command as typed, for the report's page (the title quoted) */
static void command_line(int argc, char **argv, char *buf, size_t cap)
{
    int cn = snprintf(buf, cap, "grognard report");
    for (int i = 0; i < argc && cn < (int)cap; i++) {
        int title = i > 0 && !strcmp(argv[i - 1], "--title");
        cn += snprintf(buf + cn, cap - (size_t)cn, title ? " '%s'" : " %s", argv[i]);
    }
}

static void warn_record(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "grognard report: warning: %s\n", msg);
}

/* Every --records folder must be one; 0, or 1 with the message printed. */
static int check_folders(const gr_args_list *dirs)
{
    for (int i = 0; i < dirs->n; i++) {
        struct stat sb;
        if (stat(dirs->v[i], &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            fprintf(stderr, "grognard report: --records %s: not a folder\n", dirs->v[i]);
            return 1;
        }
    }
    return 0;
}

/* The orders of the games of s from their records; 0, or 1 with the message printed. */
static int read_tactics(const gr_arena_set *s, const gr_args_list *dirs, gr_tactics **out)
{
    gr_error err;
    gr_error_clear(&err);
    *out = gr_tactics_read(s, dirs->v, dirs->n, warn_record, NULL, &err);
    if (!*out) {
        fprintf(stderr, "grognard report: %s\n", err.msg);
        return 1;
    }
    gr_tactics_counts c;
    gr_tactics_counts_of(*out, &c);
    if (c.missing || c.bad)
        fprintf(stderr, "grognard report: orders classified in %ld of %ld games: %ld without a record, %ld "
                        "whose record could not be used\n", c.classified, c.games, c.missing, c.bad);
    return 0;
}

int gr_cmd_report(int argc, char **argv)
{
    const char *out = NULL, *title = "Grognard tactics report";
    char command[2048];
    command_line(argc, argv, command, sizeof command);
    gr_args_list files = {argv, 0, argc};
    char **dirv = calloc((size_t)argc + 1, sizeof *dirv);
    if (!dirv) {
        fprintf(stderr, "grognard report: out of memory\n");
        return 1;
    }
    gr_args_list dirs = {dirv, 0, argc};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--out", &out, "DIR", "the folder of the page and its charts"),
        GR_ARGS_OPT_STRINGS("--records", &dirs, "DIR",
                            "the games' records (arena --records), to classify their orders"),
        GR_ARGS_OPT_STRING("--title", &title, "T", "the page's title (default \"Grognard tactics report\")"),
    };
    const gr_args_spec spec = {
        .verb = "grognard report",
        .usage = "usage: grognard report FILE... [--records DIR]... --out DIR [--title T]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1, .pos_name = "a results FILE",
    };
    int status, rc = 1;
    gr_arena_set s;
    gr_arena_set_init(&s);
    gr_tactics *tactics = NULL;
    /* bad usage has always ended this verb with 1 */
    if (gr_args_parse(&spec, argc, argv, &status)) {
        rc = status ? 1 : 0;
        goto done;
    }
    if (!out) {
        gr_args_fail(&spec, "--out is needed");
        goto done;
    }
    if (check_folders(&dirs)) goto done;
    gr_error err, warn;
    gr_error_clear(&err);
    for (int i = 0; i < files.n; i++) {
        long skipped = 0;
        gr_error_clear(&warn);
        if (gr_arena_read(files.v[i], &s, &skipped, &warn, &err)) {
            fprintf(stderr, "grognard report: %s\n", err.msg);
            goto done;
        }
        if (skipped) fprintf(stderr, "grognard report: %s: skipped %ld torn or bad line(s): %s\n", files.v[i], skipped, warn.msg);
    }
    if (gr_arena_merge(&s, &err)) {
        fprintf(stderr, "grognard report: %s\n", err.msg);
        goto done;
    }
    if (dirs.n && read_tactics(&s, &dirs, &tactics)) goto done;
    if (gr_report_write(&s, tactics, out, title, command, &err)) {
        fprintf(stderr, "grognard report: %s\n", err.msg);
        goto done;
    }
    printf("report of %zu games written to %s/README.md\n", s.n, out);
    rc = 0;
done:
    gr_tactics_free(tactics);
    gr_arena_set_free(&s);
    free(dirv);
    return rc;
}
