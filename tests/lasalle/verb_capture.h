/* verb_capture.h - the tests of Lasalle's verbs run a verb as the package
 * does (argv with the verb's name first) with its standard output and error
 * captured through a temporary file, and look for lines in what it printed. */
#ifndef LASALLE_VERB_CAPTURE_H
#define LASALLE_VERB_CAPTURE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../engine/core/game.h"

typedef int (*ls_verb_fn)(int argc, char **argv, const gr_host *host);

/* runs verb `name` with the arguments from `arg` on (NULL-terminated), its output in out (cap bytes);
 * returns its exit status */
static inline int ls_verb_capture(ls_verb_fn verb, const char *name, char *out, size_t cap, const char *arg,
                                  va_list ap)
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = strdup(name);
    for (const char *s = arg; s && argc < 15; s = va_arg(ap, const char *)) argv[argc++] = strdup(s);
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int so = dup(1), se = dup(2);
    dup2(fileno(tmp), 1);
    dup2(fileno(tmp), 2);
    int rc = verb(argc, argv, NULL);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    rewind(tmp);
    size_t n = fread(out, 1, cap - 1, tmp);
    out[n] = '\0';
    fclose(tmp);
    for (int i = 0; i < argc; i++) free(argv[i]);
    return rc;
}

static inline void ls_has(const char *out, const char *what)
{
    if (!strstr(out, what)) fail_msg("expected \"%s\" in:\n%s", what, out);
}

#endif
