/* fuzz_scenario_fogn.c - libFuzzer harness: an input as a fogn scenario file
 * (the "ruleset" key forced to fogn), loaded and, when accepted, played a few
 * decisions (scenario.c). Seeds: tests/fuzz/corpus/scenario_fogn/. */
#include "harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_setup_root();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_scenario("fogn", data, size); }
