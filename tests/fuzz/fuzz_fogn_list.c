/* fuzz_fogn_list.c - libFuzzer harness: an input as a fogn army list file
 * (data/fogn/armies/ID.json, the lists of Appendix 1), loaded by
 * fogn_list_load_file from an in-memory file; a list it accepts has every
 * row's formula price and every attachment price asked for, as
 * `grognard army` does when it shows a list. Seeds: tests/fuzz/corpus/fogn_list/. */
#include "harness.h"
#include "../../engine/fogn/armylist/armylist.h"

#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_memfile(data, size, path, sizeof path);
    if (fd < 0) return 0;
    gr_error err;
    gr_error_clear(&err);
    fogn_army_list *L = fogn_list_load_file(path, &err);
    close(fd);
    if (!L) {
        fuzz_refused("the list file", &err);
        return 0;
    }
    for (int e = 0; e < L->nentries; e++)
        for (int r = 0; r < L->entries[e].nrows; r++) (void)fogn_list_formula_pts(L, e, r);
    for (int s = 0; s <= L->nallies; s++)
        for (int a = 0; a < FOGN_ATT_COUNT; a++) (void)fogn_list_att_price(L, s, (fogn_attach)a);
    free(L);
    return 0;
}
