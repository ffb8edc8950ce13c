/* harness.c - the shared part of the fuzz harnesses (harness.h): inputs as
 * text, JSON or an in-memory file, bundled scenarios, and the checks of the
 * ruleset contract that turn a silent misbehaviour into a finding. */
#define _GNU_SOURCE
#include "harness.h"
#include "../../engine/registry.h"
#include "../../engine/core/fsutil.h"
#include "../../engine/core/play.h"
#include "../../engine/core/rng.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* the stream of the random choices of fuzz_play (the dice use stream 1) */
#define FUZZ_CHOICE_STREAM 0x46555a5aull

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("FUZZ FINDING: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

void fuzz_refused(const char *what, const gr_error *err)
{
    if (!err->set) fuzz_fail("%s refused without a message", what);
    if (getenv("GROGNARD_FUZZ_VERBOSE")) fprintf(stderr, "refused: %s: %s\n", what, err->msg);
}

void fuzz_setup_root(void)
{
    if (getenv("GROGNARD_ROOT")) return;
    char cwd[2048];
    if (getcwd(cwd, sizeof cwd)) setenv("GROGNARD_ROOT", cwd, 0);
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) return NULL;
    if (size) memcpy(s, data, size);
    s[size] = 0;
    return s;
}

json_t *fuzz_json(const uint8_t *data, size_t size)
{
    json_error_t je;
    return json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &je);
}

int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t cap)
{
    int fd = memfd_create("grognard-fuzz", MFD_CLOEXEC);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)w;
    }
    snprintf(path, cap, "/proc/self/fd/%d", fd);
    return fd;
}

int fuzz_load_bundled(gr_game *g, const char *rel)
{
    char path[1024];
    gr_error err;
    gr_error_clear(&err);
    if (gr_find_data(rel, path, sizeof path)) {
        fprintf(stderr, "fuzz: cannot find %s (run from the repository or set GROGNARD_ROOT)\n", rel);
        return -1;
    }
    if (gr_game_load(g, path, &err)) {
        fprintf(stderr, "fuzz: %s\n", err.msg);
        return -1;
    }
    return 0;
}

int fuzz_apply(const gr_game *g, void *state, const gr_action *a, gr_dice *dice, gr_log *log)
{
    size_t n = g->rs->rules->state_size;
    void *copy = malloc(n);
    if (!copy) return -1;
    memcpy(copy, state, n);
    gr_dice before = *dice;
    size_t log_n = log ? log->n : 0;
    gr_error err;
    gr_error_clear(&err);
    int rc = g->rs->rules->apply(g->scn, copy, a, dice, log, &err);
    if (rc == 0) {
        memcpy(state, copy, n);
    } else {
        if (memcmp(copy, state, n) != 0) fuzz_fail("apply refused (%s) but changed the state", err.msg);
        if (dice->rolled != before.rolled) fuzz_fail("apply refused (%s) but threw dice", err.msg);
        if (log && log->n != log_n) fuzz_fail("apply refused (%s) but wrote to the log", err.msg);
    }
    free(copy);
    return rc;
}

/* the notation of a, parsed back: a printed order must read again */
static void check_notation(const gr_game *g, const void *state, const gr_action *a)
{
    char text[512];
    gr_action back;
    gr_error err;
    gr_error_clear(&err);
    g->rs->present->format_action(g->scn, state, a, text, sizeof text);
    if (g->rs->present->parse_action(g->scn, state, text, &back, &err))
        fuzz_fail("the notation \"%s\" of a legal order does not parse: %s", text, err.msg);
}

int fuzz_play(const gr_game *g, void *state, unsigned long long seed, int max_decisions)
{
    const gr_rules *R = g->rs->rules;
    gr_dice dice;
    gr_dice_init_rng(&dice, seed, 1);
    gr_rng rng;
    gr_rng_seed(&rng, seed, FUZZ_CHOICE_STREAM);
    gr_error err;
    int played = 0;
    for (; played < max_decisions && R->to_move(g->scn, state) != GR_TERMINAL; played++) {
        gr_action a;
        if (gr_play_random_legal(g, state, &rng, &a)) fuzz_fail("no legal action in a position that is not over");
        check_notation(g, state, &a);
        char desc[256];
        g->rs->present->describe_decision(g->scn, state, desc, sizeof desc);
        if (fuzz_apply(g, state, &a, &dice, NULL)) fuzz_fail("a legal order was refused (%s)", desc);
        if (dice.failed) fuzz_fail("the dice failed: %s", dice.fail_msg);
        gr_error_clear(&err);
        if (g->rs->present->check_invariants && g->rs->present->check_invariants(g->scn, state, &err))
            fuzz_fail("a legal order broke the position: %s", err.msg);
    }
    gr_result res;
    R->result(g->scn, state, &res);
    return played;
}
