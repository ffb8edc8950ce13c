/* hash.h - a fast 64-bit hash of a block of bytes, for the search's tables
 * keyed by a whole position (a few kilobytes hashed per lookup). XXH3 from
 * libxxhash: about four times the speed of the xxHash64-style loop it
 * replaced on a fogn state; not for anything an adversary chooses. */
#ifndef GR_HASH_H
#define GR_HASH_H

#include <stddef.h>
#include <stdint.h>

/* never 0, so that 0 can mark an empty slot */
uint64_t gr_hash_bytes(const void *data, size_t n, uint64_t seed);

#endif
