/* verbs.c - the table of fogn's own verbs (verbs.h), as `grognard help`
 * lists them. */
#include "verbs.h"

const gr_verb fogn_verbs[] = {
    {"army", "the army lists of Appendix 1 and armies built from them: lists | show LIST | check FILE...",
     fogn_army_verb},
    {"setup", "a points battle (§17) from two army files: ARMY_A ARMY_B [--seed N] [--out FILE] [--svg FILE] ...",
     fogn_setup_verb},
    {NULL, NULL, NULL},
};
