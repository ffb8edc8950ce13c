/* args.h - a verb's command line read from a table. The verb declares its
 * options, each with a name ("--seed"), a kind (a flag, a whole number
 * within bounds, an unsigned 64-bit number, a real number within bounds, a
 * string, a string that may be repeated, or a mark that divides the
 * arguments), where its value goes and a line of help; and where the
 * arguments without a name go and how many it needs. One call reads argv:
 * the verb goes on, or the call has printed what was wrong, naming the verb
 * and the argument, with the usage, or the help that `--help` asks for.
 *
 * Also the strict whole numbers the verbs and sessions read elsewhere:
 * digits only (no sign for unsigned), no trailing text, within bounds. */
#ifndef GR_ARGS_H
#define GR_ARGS_H

#include <stdio.h>

typedef enum gr_args_kind {
    GR_ARGS_FLAG = 0,   /* int: set to 1 when given */
    GR_ARGS_LONG,       /* long within lo..hi */
    GR_ARGS_ULL,        /* unsigned long long: any whole number from 0 */
    GR_ARGS_REAL,       /* double within rlo..rhi (finite) */
    GR_ARGS_STRING,     /* const char *: the value as typed; the last one given wins */
    GR_ARGS_STRINGS,    /* gr_args_list: every value given, in order */
    GR_ARGS_MARK        /* int: 1 + the number of positional arguments before it (0: not given);
                         * it takes no value and may be given once */
} gr_args_kind;

/* Strings gathered by the parser: positional arguments or the values of a
 * repeated option, into v[0 .. max - 1]. For positional arguments v may be
 * the argv being parsed: they are gathered at its front. */
typedef struct gr_args_list {
    char **v;
    int n;      /* how many so far (start at 0) */
    int max;    /* room in v; one more is refused */
} gr_args_list;

typedef struct gr_args_opt {
    const char *name;   /* "--seed" */
    gr_args_kind kind;
    void *dst;          /* where the value goes, of the type the kind names */
    long lo, hi;        /* GR_ARGS_LONG: the bounds, inclusive */
    double rlo, rhi;    /* GR_ARGS_REAL: the bounds, inclusive */
    const char *meta;   /* the value's name in the usage and the help: "N", "FILE" (NULL: no value) */
    const char *help;   /* one line for --help */
} gr_args_opt;

/* The table rows, each checking the type of dst. */
#define GR_ARGS_PTR_(type, p) ((void *)(1 ? (p) : (type *)0))
#define GR_ARGS_OPT_FLAG(name, dst, help) {(name), GR_ARGS_FLAG, GR_ARGS_PTR_(int, dst), 0, 0, 0, 0, NULL, (help)}
#define GR_ARGS_OPT_LONG(name, dst, lo, hi, meta, help) \
    {(name), GR_ARGS_LONG, GR_ARGS_PTR_(long, dst), (lo), (hi), 0, 0, (meta), (help)}
#define GR_ARGS_OPT_ULL(name, dst, meta, help) \
    {(name), GR_ARGS_ULL, GR_ARGS_PTR_(unsigned long long, dst), 0, 0, 0, 0, (meta), (help)}
#define GR_ARGS_OPT_REAL(name, dst, lo, hi, meta, help) \
    {(name), GR_ARGS_REAL, GR_ARGS_PTR_(double, dst), 0, 0, (lo), (hi), (meta), (help)}
#define GR_ARGS_OPT_STRING(name, dst, meta, help) \
    {(name), GR_ARGS_STRING, GR_ARGS_PTR_(const char *, dst), 0, 0, 0, 0, (meta), (help)}
#define GR_ARGS_OPT_STRINGS(name, dst, meta, help) \
    {(name), GR_ARGS_STRINGS, GR_ARGS_PTR_(gr_args_list, dst), 0, 0, 0, 0, (meta), (help)}
#define GR_ARGS_OPT_MARK(name, dst, help) {(name), GR_ARGS_MARK, GR_ARGS_PTR_(int, dst), 0, 0, 0, 0, NULL, (help)}

/* the number of rows of a table of options (an array) */
#define GR_ARGS_COUNT(opts) ((int)(sizeof(opts) / sizeof *(opts)))

/* A verb's command line. */
typedef struct gr_args_spec {
    const char *verb;           /* "grognard run": how every message starts */
    const char *usage;          /* the usage lines, each ending in a newline:
                                 * "usage: grognard run [SCENARIO] [--seed N] ...\n" */
    const gr_args_opt *opts;
    int nopts;
    gr_args_list *pos;          /* the positional arguments (NULL: none taken) */
    int min_pos;                /* fewer is an error saying pos_name is needed */
    const char *pos_name;       /* "SCENARIO", "FILE..." */
    int *seen;                  /* optional (NULL): seen[k] counts the times opts[k] was given */
} gr_args_spec;

/* Reads argv (the arguments after the verb) by the table: anything that
 * starts with '-' is an option, anything else positional; an option with a
 * value takes the next argument as it is. `--help` (or -h) prints the help
 * to standard output. A bad argument prints "VERB: what was wrong" and the
 * usage to standard error. Returns 0 when the verb should go on; otherwise
 * 1, with *status the exit status for the verb to return: 0 after --help,
 * 2 after a usage error. */
int gr_args_parse(const gr_args_spec *s, int argc, char **argv, int *status);

/* Prints "VERB: message" and the usage to standard error, for the checks a
 * verb makes after parsing (options that go together or exclude each
 * other); returns 2, the exit status of bad usage. */
int gr_args_fail(const gr_args_spec *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* How many times the option named was given, by s->seen (0 without it). */
int gr_args_seen(const gr_args_spec *s, const char *name);

/* The usage and every option of the table with its help, and --help. */
void gr_args_help(const gr_args_spec *s, FILE *out);

/* 0 with *out set, or -1 when s is not a whole number in lo..hi */
int gr_arg_long(const char *s, long lo, long hi, long *out);
/* 0 with *out set, or -1 when s is not a non-negative whole number */
int gr_arg_ull(const char *s, unsigned long long *out);

#endif
