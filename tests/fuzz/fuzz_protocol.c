/* fuzz_protocol.c - libFuzzer harness: an input as the lines a program sends
 * to `grognard protocol` (docs/protocol.md). The line handler of
 * cli/cmd_protocol.c is private to that file, so the harness runs the whole
 * command, gr_cmd_protocol, in this process with the input as its standard
 * input (an in-memory file) and its standard output thrown away. Lines that
 * would leave the sandbox or the clock are dropped first: `load` (reads any
 * file or fetches a URL), `save` (writes a file) and `go` (a search on a
 * thread, timed); `genmove` is cut to a two-iteration search. Everything
 * else (scenario, position, apply, legal, state, tomove, result, seed, stop,
 * malformed lines) goes through as sent. Seeds: tests/fuzz/corpus/protocol/. */
#include "harness.h"
#include "../../cli/commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_GENMOVE "genmove iters 2"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    /* the answers are not read: only what the engine does with the lines */
    if (!freopen("/dev/null", "w", stdout)) fprintf(stderr, "fuzz: cannot silence the answers\n");
    return 0;
}

/* the first word of a line as the protocol splits it (leading blanks skipped) */
static int first_word_is(const uint8_t *s, size_t n, const char *w)
{
    size_t i = 0, k = strlen(w);
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (n - i < k || memcmp(s + i, w, k)) return 0;
    return i + k == n || s[i + k] == ' ' || s[i + k] == '\t' || s[i + k] == '\r';
}

/* the input with the unsafe lines dropped or cut; *len gets its length */
static uint8_t *filter(const uint8_t *data, size_t size, size_t *len)
{
    /* a cut genmove line (at least 7 bytes in) is 16 out: under three times */
    uint8_t *out = malloc(3 * size + 32);
    size_t o = 0;
    if (!out) fuzz_fail("out of memory");
    for (size_t i = 0; i < size;) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t n = nl ? (size_t)(nl - (data + i)) : size - i;
        const uint8_t *s = data + i;
        i += n + (nl != NULL);
        if (first_word_is(s, n, "load") || first_word_is(s, n, "save") || first_word_is(s, n, "go")) continue;
        if (first_word_is(s, n, "genmove")) {
            s = (const uint8_t *)FUZZ_GENMOVE;
            n = strlen(FUZZ_GENMOVE);
        }
        memcpy(out + o, s, n);
        o += n;
        out[o++] = '\n';
    }
    *len = o;
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len = 0;
    uint8_t *text = filter(data, size, &len);
    char path[64];
    int fd = fuzz_memfile(text, len, path, sizeof path);
    free(text);
    if (fd < 0) return 0;
    if (!freopen(path, "r", stdin)) fuzz_fail("cannot read the input as standard input");
    close(fd);
    /* the verbs take the arguments after their name: none here */
    char *argv[] = {NULL};
    (void)gr_cmd_protocol(0, argv);
    return 0;
}
