/* cmd_report.c - `grognard report FILE... --out DIR [--title T]`: reads arena
 * results (JSON lines), merges them and writes the tactics report
 * (bench/arena/report.h): a Markdown page with SVG charts. */
#include "commands.h"
#include "../bench/arena/report.h"
#include "../bench/arena/results.h"
#include "../engine/core/args.h"

#include <stdio.h>
#include <string.h>

/* the command as typed, for the report's page (the title quoted) */
static void command_line(int argc, char **argv, char *buf, size_t cap)
{
    int cn = snprintf(buf, cap, "grognard report");
    for (int i = 0; i < argc && cn < (int)cap; i++) {
        int title = i > 0 && !strcmp(argv[i - 1], "--title");
        cn += snprintf(buf + cn, cap - (size_t)cn, title ? " '%s'" : " %s", argv[i]);
    }
}

int gr_cmd_report(int argc, char **argv)
{
    const char *out = NULL, *title = "Grognard tactics report";
    char command[1024];
    command_line(argc, argv, command, sizeof command);
    gr_args_list files = {argv, 0, argc};
    const gr_args_opt opts[] = {
        GR_ARGS_OPT_STRING("--out", &out, "DIR", "the folder of the page and its charts"),
        GR_ARGS_OPT_STRING("--title", &title, "T", "the page's title (default \"Grognard tactics report\")"),
    };
    const gr_args_spec spec = {
        .verb = "grognard report",
        .usage = "usage: grognard report FILE... --out DIR [--title T]\n",
        .opts = opts, .nopts = GR_ARGS_COUNT(opts), .pos = &files, .min_pos = 1, .pos_name = "a results FILE",
    };
    int status;
    /* bad usage has always ended this verb with 1 */
    if (gr_args_parse(&spec, argc, argv, &status)) return status ? 1 : 0;
    if (!out) {
        gr_args_fail(&spec, "--out is needed");
        return 1;
    }
    gr_arena_set s;
    gr_arena_set_init(&s);
    gr_error err, warn;
    gr_error_clear(&err);
    int rc = 1;
    for (int i = 0; i < files.n; i++) {
        long skipped = 0;
        gr_error_clear(&warn);
        if (gr_arena_read(files.v[i], &s, &skipped, &warn, &err)) {
            fprintf(stderr, "grognard report: %s\n", err.msg);
            goto done;
        }
        if (skipped) fprintf(stderr, "grognard report: %s: skipped %ld torn or bad line(s): %s\n", files.v[i], skipped, warn.msg);
    }
    if (gr_arena_merge(&s, &err) || gr_report_write(&s, out, title, command, &err)) {
        fprintf(stderr, "grognard report: %s\n", err.msg);
        goto done;
    }
    printf("report of %zu games written to %s/README.md\n", s.n, out);
    rc = 0;
done:
    gr_arena_set_free(&s);
    return rc;
}
