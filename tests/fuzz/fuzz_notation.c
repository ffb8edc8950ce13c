/* fuzz_notation.c - libFuzzer harness: an input as one line of the notation
 * (docs/notation.md) typed at a position of a bundled scenario. The input's
 * first line names the position: the scenario file's name without ".json"
 * and the depth index (positions.c), e.g. "brigade-encounter 1"; the second
 * line is the notation. A line
 * starting "edit " is a correction of the position (present->edit) tried on
 * a copy; any other line goes to present->parse_action, and an action it
 * accepts is printed again and applied with seeded dice on a copy. Findings
 * beyond crashes: a refused apply or edit that changed the position.
 * Seeds: tests/fuzz/corpus/notation/. */
#include "harness.h"
#include "positions.h"
#include "../../engine/core/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the positions, built by LLVMFuzzerInitialize and only read after */
static fuzz_positions *positions;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    positions = fuzz_positions_build();
    return 0;
}

static void try_edit(const fuzz_position *p, void *st, const char *text)
{
    const gr_present *P = p->g->rs->present;
    if (!P->edit) return;
    size_t n = p->g->rs->rules->state_size;
    gr_log log;
    gr_log_init(&log);
    gr_error err;
    gr_error_clear(&err);
    if (P->edit(p->g->scn, st, text, &log, &err)) {
        if (memcmp(st, p->state, n)) fuzz_fail("a refused correction (%s) changed the position", err.msg);
    } else if (P->check_invariants) {
        gr_error_clear(&err);
        (void)P->check_invariants(p->g->scn, st, &err);
    }
    gr_log_free(&log);
}

static void try_order(const fuzz_position *p, void *st, const char *text)
{
    const gr_present *P = p->g->rs->present;
    gr_action a;
    gr_error err;
    gr_error_clear(&err);
    if (P->parse_action(p->g->scn, st, text, &a, &err)) {
        fuzz_refused("the line", &err);
        return;
    }
    char back[512];
    P->format_action(p->g->scn, st, &a, back, sizeof back);
    if (p->g->rs->rules->to_move(p->g->scn, st) == GR_TERMINAL) return;
    gr_log log;
    gr_log_init(&log);
    gr_dice dice;
    gr_dice_init_rng(&dice, 1, 1);
    if (fuzz_apply(p->g, st, &a, &dice, &log) == 0 && P->check_invariants) {
        gr_error_clear(&err);
        (void)P->check_invariants(p->g->scn, st, &err);
    }
    gr_log_free(&log);
}

/* the position a header line "NAME DEPTH" names, or NULL */
static const fuzz_position *find_position(const char *head)
{
    char name[128];
    int depth = 0;
    if (sscanf(head, "%127s %d", name, &depth) < 1) return NULL;
    for (int i = 0; i < positions->n; i++) {
        const char *base = strrchr(positions->pos[i].file, '/');
        base = base ? base + 1 : positions->pos[i].file;
        size_t n = strlen(name);
        if (!strncmp(base, name, n) && !strcmp(base + n, ".json") && positions->pos[i].depth == depth)
            return &positions->pos[i];
    }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!positions) return 0;
    char *head = fuzz_text(data, size);
    if (!head) fuzz_fail("out of memory");
    char *text = strchr(head, '\n');
    const fuzz_position *p = text ? (*text++ = 0, find_position(head)) : NULL;
    if (!p) {
        free(head);
        return 0;
    }
    void *st = malloc(p->g->rs->rules->state_size);
    if (!st) fuzz_fail("out of memory");
    memcpy(st, p->state, p->g->rs->rules->state_size);
    size_t k = strlen(GR_RECORD_EDIT_PREFIX);
    if (!strncmp(text, GR_RECORD_EDIT_PREFIX, k)) try_edit(p, st, text + k);
    else try_order(p, st, text);
    free(st);
    free(head);
    return 0;
}
