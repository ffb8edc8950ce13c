/* fuzz_scenario_lasalle.c - libFuzzer harness: an input as a lasalle scenario file
 * (the "ruleset" key forced to lasalle), loaded and, when accepted, played a few
 * decisions (scenario.c). Seeds: tests/fuzz/corpus/scenario_lasalle/. */
#include "harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_scenario("lasalle", data, size); }
