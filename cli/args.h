/* args.h - whole numbers typed on the command line or in a session, read
 * strictly: digits only (no sign for unsigned), no trailing text, within the
 * given bounds. The verbs share these instead of each keeping a copy. */
#ifndef GR_ARGS_H
#define GR_ARGS_H

/* 0 with *out set, or -1 when s is not a whole number in lo..hi */
int gr_arg_long(const char *s, long lo, long hi, long *out);
/* 0 with *out set, or -1 when s is not a non-negative whole number */
int gr_arg_ull(const char *s, unsigned long long *out);

#endif
