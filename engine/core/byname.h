/* byname.h - orders that name units (and commanders) the way players do: by name or by an
 * unambiguous part of it ("66e", "Hussards", "1/45e Ligne") wherever the
 * notation takes a unit's reference ("u3").
 *
 * The ruleset's notation reads the text first, unchanged. Only when it
 * refuses does this module look for words that begin a unit's name (or one
 * of the words in it; several words must begin the whole name), put the
 * unit's reference in their place and ask the notation again, trying the
 * fuller replacements first. A word that begins the names of several units
 * is reported ("66e" is ambiguous: 66e Ligne or 66e Leger) when no reading
 * of the order works. Every ruleset gets it through the seam: names come
 * from ai->unit_info, and commanders' or officers' from present->other_names. */
#ifndef GR_BYNAME_H
#define GR_BYNAME_H

#include "game.h"

#define GR_BYNAME_MAX_CANDIDATES 4   /* words tried as names in one order (2^4 readings at most) */
#define GR_BYNAME_MAX_OTHERS 64      /* commanders or officers a ruleset names besides its units */

/* Parses `text` for the side to move in `state`: as the notation reads it,
 * else with unit names put as references. 0 with *out, or -1 with the
 * reason (the notation's, or the ambiguity). */
int gr_byname_parse(const gr_ruleset *rs, const void *scn, const void *state, const char *text, gr_action *out,
                    gr_error *err);

#endif
