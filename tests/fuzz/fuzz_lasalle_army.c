/* fuzz_lasalle_army.c - libFuzzer harness: an input as a Lasalle army file
 * (docs/lasalle-armies.md), loaded by lasalle_army_load_file from an
 * in-memory file; an army the loader accepts is checked against the bundled
 * Army Builder lists (loaded once, read-only after) and every unit's values
 * are asked for, as `grognard lasalle army check` does.
 * Seeds: tests/fuzz/corpus/lasalle_army/. */
#include "harness.h"
#include "../../engine/lasalle/armylist/army.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* the bundled lists, loaded by LLVMFuzzerInitialize and only read after */
static lasalle_list_book *book;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    gr_error err;
    gr_error_clear(&err);
    book = lasalle_list_load_book(NULL, &err);
    if (!book) fprintf(stderr, "fuzz: the Lasalle lists: %s\n", err.msg);
    return 0;
}

static void unit_values(const lasalle_army *a)
{
    for (int f = 0; f < a->nforces; f++)
        for (int i = 0; i < a->forces[f].nunits; i++) {
            lasalle_army_stats st;
            gr_error err;
            gr_error_clear(&err);
            (void)lasalle_army_unit_stats(book, a, f, i, &st, &err);
        }
    for (int i = 0; i < a->nindep; i++) {
        lasalle_army_stats st;
        gr_error err;
        gr_error_clear(&err);
        (void)lasalle_army_unit_stats(book, a, LASALLE_ARMY_INDEP, i, &st, &err);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_memfile(data, size, path, sizeof path);
    if (fd < 0) return 0;
    gr_error err;
    gr_error_clear(&err);
    lasalle_army *a = lasalle_army_load_file(path, &err);
    close(fd);
    if (!a) {
        fuzz_refused("the army file", &err);
        return 0;
    }
    if (book) {
        lasalle_army_report *r = malloc(sizeof *r);
        if (!r) fuzz_fail("out of memory");
        int n = lasalle_army_check(book, a, r);
        if (n < 0 || r->nbreaches > LASALLE_ARMY_MAX_BREACHES) fuzz_fail("the check counted %d breaches", n);
        free(r);
        unit_values(a);
    }
    free(a);
    return 0;
}
