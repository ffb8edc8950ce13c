/* error.c - filling in gr_error records. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void gr_error_clear(gr_error *err)
{
    if (!err) return;
    err->set = 0;
    err->msg[0] = '\0';
}

int gr_error_set(gr_error *err, const char *fmt, ...)
{
    if (!err || err->set) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->set = 1;
    return -1;
}

void gr_error_prefix(gr_error *err, const char *fmt, ...)
{
    if (!err) return;
    char head[GR_ERROR_MAX], old[GR_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    size_t hl = strlen(head);
    if (hl >= sizeof err->msg) hl = sizeof err->msg - 1;
    memcpy(err->msg, head, hl);
    size_t room = sizeof err->msg - 1 - hl;
    size_t ol = strnlen(old, room);
    memcpy(err->msg + hl, old, ol);
    err->msg[hl + ol] = '\0';
    err->set = 1;
}
