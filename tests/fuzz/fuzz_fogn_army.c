/* fuzz_fogn_army.c - libFuzzer harness: an input as a fogn army file
 * (docs/armies.md), loaded by fogn_army_load_file from an in-memory file;
 * an army the loader accepts is costed and checked against its list when
 * the list is one of the bundled ones (loaded once, read-only after), and
 * every unit's profile is asked for. Seeds: tests/fuzz/corpus/fogn_army/. */
#include "harness.h"
#include "../../engine/fogn/armylist/armylist.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_MAX_LISTS 32

typedef struct fuzz_lists {
    int n;
    fogn_army_list *l[FUZZ_MAX_LISTS];
} fuzz_lists;

/* the bundled lists, loaded by LLVMFuzzerInitialize and only read after */
static fuzz_lists *lists;

static void load_lists(fuzz_lists *L)
{
    char dir[1024];
    if (fogn_list_dir(dir, sizeof dir)) return;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) && L->n < FUZZ_MAX_LISTS) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json")) continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        gr_error err;
        gr_error_clear(&err);
        fogn_army_list *l = fogn_list_load_file(path, &err);
        if (l) L->l[L->n++] = l;
        else fprintf(stderr, "fuzz: %s\n", err.msg);
    }
    closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    fuzz_lists *L = calloc(1, sizeof *L);
    if (!L) return 0;
    load_lists(L);
    lists = L;
    return 0;
}

static const fogn_army_list *find_list(const char *id)
{
    for (int i = 0; lists && i < lists->n; i++)
        if (!strcmp(lists->l[i]->id, id)) return lists->l[i];
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_memfile(data, size, path, sizeof path);
    if (fd < 0) return 0;
    gr_error err;
    gr_error_clear(&err);
    fogn_army *a = fogn_army_load_file(path, &err);
    close(fd);
    if (!a) {
        fuzz_refused("the army file", &err);
        return 0;
    }
    const fogn_army_list *L = find_list(a->list);
    if (L) {
        fogn_army_report *r = malloc(sizeof *r);
        if (!r) fuzz_fail("out of memory");
        int n = fogn_army_check(L, a, r);
        if (n < 0 || r->nbreaches > FOGN_ARMY_MAX_BREACHES) fuzz_fail("the check counted %d breaches", n);
        free(r);
        for (int d = 0; d < a->ndivs; d++)
            for (int u = 0; u < a->divs[d].nunits; u++) {
                fogn_unit_profile p;
                (void)fogn_army_unit_profile(L, &a->divs[d].units[u], &p);
            }
    }
    free(a);
    return 0;
}
