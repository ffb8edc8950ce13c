/* cmd_report.c - `grognard report FILE... --out DIR [--title T]`: reads arena
 * results (JSON lines), merges them and writes the tactics report
 * (bench/arena/report.h): a Markdown page with SVG charts. */
#include "commands.h"
#include "../bench/arena/report.h"
#include "../bench/arena/results.h"

#include <stdio.h>
#include <string.h>

int gr_cmd_report(int argc, char **argv)
{
    const char *out = NULL, *title = "Grognard tactics report";
    gr_arena_set s;
    gr_arena_set_init(&s);
    gr_error err, warn;
    gr_error_clear(&err);
    int files = 0, rc = 1;
    char command[1024];
    int cn = snprintf(command, sizeof command, "grognard report");
    for (int i = 0; i < argc; i++) {
        if (cn < (int)sizeof command) cn += snprintf(command + cn, sizeof command - (size_t)cn, " %s", argv[i]);
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out = argv[++i];
            if (cn < (int)sizeof command) cn += snprintf(command + cn, sizeof command - (size_t)cn, " %s", argv[i]);
            continue;
        }
        if (!strcmp(argv[i], "--title") && i + 1 < argc) {
            title = argv[++i];
            if (cn < (int)sizeof command) cn += snprintf(command + cn, sizeof command - (size_t)cn, " '%s'", argv[i]);
            continue;
        }
        if (argv[i][0] == '-') {
            fprintf(stderr, "grognard report: unexpected option '%s'\nusage: grognard report FILE... --out DIR [--title T]\n", argv[i]);
            goto done;
        }
        long skipped = 0;
        gr_error_clear(&warn);
        if (gr_arena_read(argv[i], &s, &skipped, &warn, &err)) {
            fprintf(stderr, "grognard report: %s\n", err.msg);
            goto done;
        }
        if (skipped) fprintf(stderr, "grognard report: %s: skipped %ld torn or bad line(s): %s\n", argv[i], skipped, warn.msg);
        files++;
    }
    if (!files || !out) {
        fprintf(stderr, "usage: grognard report FILE... --out DIR [--title T]\n");
        goto done;
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
