/* fuzz_lasalle_list.c - libFuzzer harness: an input as one nation file of
 * the Lasalle Army Builder lists (data/lasalle/armies/NATION.json), loaded
 * by lasalle_list_load_nation from an in-memory file; a nation it accepts
 * has every unit, battery and brigade looked up again by name and its
 * subcommander tables read for every roll, as the army checker does.
 * Seeds: tests/fuzz/corpus/lasalle_list/. */
#include "harness.h"
#include "../../engine/lasalle/armylist/list.h"

#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

static void queries(const lasalle_list_nation *N)
{
    for (int i = 0; i < N->nunits; i++) (void)lasalle_list_find_unit(N, N->units[i].name);
    for (int i = 0; i < N->nbatteries; i++) (void)lasalle_list_find_battery(N, N->batteries[i].name, -1);
    for (int i = 0; i < N->nbrigades; i++) {
        (void)lasalle_list_find_brigade(N, N->brigades[i].name, -1);
        (void)lasalle_list_brigade_is_cavalry(N, &N->brigades[i]);
    }
    for (int roll = 1; roll <= 6; roll++) {
        (void)lasalle_list_vigor(N, -1, 0, roll);
        (void)lasalle_list_tactics(N, -1, 0, roll);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    int fd = fuzz_memfile(data, size, path, sizeof path);
    if (fd < 0) return 0;
    lasalle_list_nation *N = calloc(1, sizeof *N);
    if (!N) fuzz_fail("out of memory");
    gr_error err;
    gr_error_clear(&err);
    if (lasalle_list_load_nation(path, N, &err) == 0) queries(N);
    else fuzz_refused("the nation file", &err);
    close(fd);
    free(N);
    return 0;
}
