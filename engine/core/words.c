/* words.c - small helpers for the English of messages (words.h). */
#include "words.h"

#include <string.h>

const char *gr_words_poss(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    return n > 0 && (name[n - 1] == 's' || name[n - 1] == 'S') ? "'" : "'s";
}
