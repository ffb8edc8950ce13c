/* args.c - strict whole numbers for the verbs (args.h). */
#include "args.h"

#include <errno.h>
#include <stdlib.h>

int gr_arg_long(const char *s, long lo, long hi, long *out)
{
    if (!s) return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

int gr_arg_ull(const char *s, unsigned long long *out)
{
    if (!s || s[0] == '-' || s[0] == '+') return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || end == s) return -1;
    *out = v;
    return 0;
}
