/* args.c - a verb's command line read from its table of options, the help
 * printed from the same table, and strict whole numbers (args.h). */
#include "args.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

/* 0 with *out set, or -1 when s is not a finite number in lo..hi */
static int arg_real(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || end == s || !isfinite(v) || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static void vfail(const gr_args_spec *s, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", s->verb);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n%s", s->usage ? s->usage : "");
}

int gr_args_fail(const gr_args_spec *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(s, fmt, ap);
    va_end(ap);
    return 2;
}

/* a usage error: printed, *status 2, returns 1 (stop) */
static int bad(const gr_args_spec *s, int *status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(const gr_args_spec *s, int *status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(s, fmt, ap);
    va_end(ap);
    *status = 2;
    return 1;
}

static const gr_args_opt *find(const gr_args_spec *s, const char *name)
{
    for (int k = 0; k < s->nopts; k++)
        if (!strcmp(s->opts[k].name, name)) return &s->opts[k];
    return NULL;
}

/* what a value of option o must be, for messages: "a whole number from 1 to 50" */
static void expected(const gr_args_opt *o, char *buf, size_t cap)
{
    switch (o->kind) {
    case GR_ARGS_LONG:
        if (o->lo == LONG_MIN && o->hi == LONG_MAX) snprintf(buf, cap, "a whole number");
        else if (o->hi == LONG_MAX) snprintf(buf, cap, "a whole number from %ld", o->lo);
        else snprintf(buf, cap, "a whole number from %ld to %ld", o->lo, o->hi);
        break;
    case GR_ARGS_ULL: snprintf(buf, cap, "a whole number"); break;
    case GR_ARGS_REAL: snprintf(buf, cap, "a number from %g to %g", o->rlo, o->rhi); break;
    default: snprintf(buf, cap, "%s", o->meta ? o->meta : "a value"); break;
    }
}

/* stores value v of option o; 0, or 1 after printing the error */
static int store(const gr_args_spec *s, const gr_args_opt *o, char *v, int *status)
{
    int rc = 0;
    switch (o->kind) {
    case GR_ARGS_LONG: rc = gr_arg_long(v, o->lo, o->hi, o->dst); break;
    case GR_ARGS_ULL: rc = gr_arg_ull(v, o->dst); break;
    case GR_ARGS_REAL: rc = arg_real(v, o->rlo, o->rhi, o->dst); break;
    case GR_ARGS_STRING: *(const char **)o->dst = v; break;
    case GR_ARGS_STRINGS: {
        gr_args_list *l = o->dst;
        if (l->n >= l->max) return bad(s, status, "%s: at most %d", o->name, l->max);
        l->v[l->n++] = v;
        break;
    }
    case GR_ARGS_FLAG:
    case GR_ARGS_MARK: break;
    }
    if (!rc) return 0;
    char what[96];
    expected(o, what, sizeof what);
    return bad(s, status, "%s: expected %s, got '%s'", o->name, what, v);
}

int gr_args_parse(const gr_args_spec *s, int argc, char **argv, int *status)
{
    *status = 0;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        if (a[0] != '-') {
            if (!s->pos || s->pos->n >= s->pos->max) return bad(s, status, "unexpected argument '%s'", a);
            s->pos->v[s->pos->n++] = a; /* s->pos->n <= i: argv itself may gather them */
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            gr_args_help(s, stdout);
            return 1;
        }
        const gr_args_opt *o = find(s, a);
        if (!o) return bad(s, status, "unexpected argument '%s'", a);
        if (s->seen) s->seen[o - s->opts]++;
        if (o->kind == GR_ARGS_FLAG) {
            *(int *)o->dst = 1;
            continue;
        }
        if (o->kind == GR_ARGS_MARK) {
            if (*(int *)o->dst) return bad(s, status, "%s given twice", a);
            *(int *)o->dst = 1 + (s->pos ? s->pos->n : 0);
            continue;
        }
        if (i + 1 >= argc) return bad(s, status, "%s needs a value: %s %s", a, a, o->meta ? o->meta : "VALUE");
        if (store(s, o, argv[++i], status)) return 1;
    }
    int have = s->pos ? s->pos->n : 0;
    if (have < s->min_pos) return bad(s, status, "%s is needed", s->pos_name ? s->pos_name : "an argument");
    return 0;
}

int gr_args_seen(const gr_args_spec *s, const char *name)
{
    const gr_args_opt *o = find(s, name);
    return o && s->seen ? s->seen[o - s->opts] : 0;
}

void gr_args_help(const gr_args_spec *s, FILE *out)
{
    fputs(s->usage ? s->usage : "", out);
    int width = (int)strlen("--help");
    for (int k = 0; k < s->nopts; k++) {
        const gr_args_opt *o = &s->opts[k];
        int w = (int)strlen(o->name) + (o->meta ? 1 + (int)strlen(o->meta) : 0);
        if (w > width) width = w;
    }
    fprintf(out, "options:\n");
    for (int k = 0; k < s->nopts; k++) {
        const gr_args_opt *o = &s->opts[k];
        char head[128];
        snprintf(head, sizeof head, "%s%s%s", o->name, o->meta ? " " : "", o->meta ? o->meta : "");
        fprintf(out, "  %-*s  %s", width, head, o->help ? o->help : "");
        if ((o->kind == GR_ARGS_LONG && !(o->lo == LONG_MIN && o->hi == LONG_MAX)) || o->kind == GR_ARGS_REAL) {
            char what[96];
            expected(o, what, sizeof what);
            fprintf(out, "; %s", what);
        }
        if (o->kind == GR_ARGS_STRINGS) fprintf(out, "; may be repeated");
        fprintf(out, "\n");
    }
    fprintf(out, "  %-*s  %s\n", width, "--help", "this help");
}
