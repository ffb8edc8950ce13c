/* words.h - small helpers for the English of messages a player reads. */
#ifndef GR_WORDS_H
#define GR_WORDS_H

/* The possessive ending for a name: "'" after a name ending in s (the
 * Austrians' Activity Phase, the 8e Hussards' charge), "'s" otherwise (the
 * French's). */
const char *gr_words_poss(const char *name);

#endif
