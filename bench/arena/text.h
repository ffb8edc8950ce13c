/* text.h - the text of a report page and its charts: a growing buffer that
 * remembers running out of memory (so a page is never written half made),
 * names as Markdown code spans and as XML text, the frame every SVG chart
 * of a report shares, and a file of the report's folder written
 * atomically. The tactics report (report.h) and its orders section
 * (tactics.h) both write with these. */
#ifndef GR_ARENA_TEXT_H
#define GR_ARENA_TEXT_H

#include <stddef.h>
#include "../../engine/core/error.h"

/* the size of every chart */
#define GR_TEXT_SVG_W 640
#define GR_TEXT_SVG_H 360

typedef struct gr_text {
    char *p;        /* NUL-terminated once anything was put */
    size_t n, cap;
    int failed;     /* out of memory at some point: the text is incomplete */
} gr_text;

void gr_text_init(gr_text *t);
void gr_text_free(gr_text *t);
void gr_text_putn(gr_text *t, const char *s, size_t n);
void gr_text_puts(gr_text *t, const char *s);
void gr_text_printf(gr_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A name as a Markdown code span that survives inside a table ("(none)"
 * when empty). */
void gr_text_code(gr_text *t, const char *s);
/* A name in the running text of a Markdown page: control characters
 * become spaces, and the characters Markdown reads as markup are escaped. */
void gr_text_plain(gr_text *t, const char *s);
/* Text for SVG/XML, cut to at most maxbytes (0: no limit) on a UTF-8
 * character boundary, with "..." marking a cut. */
void gr_text_xml(gr_text *t, const char *s, size_t maxbytes);

/* The stem of the file names of a scenario's charts, from its place k (from
 * 0) among the scenarios in name order and its name: "s3-fogn-minimal"
 * (the place keeps stems unique, the rest is readable). */
void gr_text_slug(char *out, size_t cap, size_t k, const char *name);

/* An SVG chart's opening (white background, the title on top) and end. */
void gr_text_svg_begin(gr_text *t, const char *title);
void gr_text_svg_end(gr_text *t);
/* The left and bottom edges of a plot. */
void gr_text_svg_frame(gr_text *t, double x0, double y0, double w, double h);
/* A tick step of 1, 2 or 5 times a power of ten giving about `target` ticks. */
double gr_text_nice_step(double span, int target);

/* Writes t as dir/name atomically; an incomplete text (t->failed) is
 * refused. 0, or -1 with the reason naming the file. */
int gr_text_write(const char *dir, const char *name, const gr_text *t, gr_error *err);

#endif
