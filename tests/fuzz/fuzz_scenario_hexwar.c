/* fuzz_scenario_hexwar.c - libFuzzer harness: an input as a hexwar scenario file
 * (the "ruleset" key forced to hexwar), loaded and, when accepted, played a few
 * decisions (scenario.c). Seeds: tests/fuzz/corpus/scenario_hexwar/. */
#include "harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_scenario("hexwar", data, size); }
