/* text.c - the text of a report page and its charts: the growing buffer,
 * the escapes for Markdown tables and XML, the frame of an SVG chart and
 * the atomic write of a file into the report's folder. */
#include "text.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/core/fsutil.h"

#define PATH_CAP 4096

void gr_text_init(gr_text *t)
{
    t->p = NULL;
    t->n = t->cap = 0;
    t->failed = 0;
}

void gr_text_free(gr_text *t)
{
    free(t->p);
    gr_text_init(t);
}

static int reserve(gr_text *t, size_t extra)
{
    if (t->failed) return -1;
    if (extra > SIZE_MAX - t->n - 1) {
        t->failed = 1;
        return -1;
    }
    size_t need = t->n + extra + 1;
    if (need <= t->cap) return 0;
    size_t ncap = t->cap ? t->cap : 1024;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) {
            t->failed = 1;
            return -1;
        }
        ncap *= 2;
    }
    char *np = realloc(t->p, ncap);
    if (!np) {
        t->failed = 1;
        return -1;
    }
    t->p = np;
    t->cap = ncap;
    return 0;
}

void gr_text_putn(gr_text *t, const char *s, size_t n)
{
    if (reserve(t, n)) return;
    memcpy(t->p + t->n, s, n);
    t->n += n;
    t->p[t->n] = '\0';
}

void gr_text_puts(gr_text *t, const char *s)
{
    gr_text_putn(t, s, strlen(s));
}

void gr_text_printf(gr_text *t, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k < 0) {
        t->failed = 1;
        return;
    }
    if ((size_t)k < sizeof tmp) {
        gr_text_putn(t, tmp, (size_t)k);
        return;
    }
    if (reserve(t, (size_t)k)) return;
    va_start(ap, fmt);
    vsnprintf(t->p + t->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    t->n += (size_t)k;
}

/* ---- escaping -------------------------------------------------------------- */

void gr_text_code(gr_text *t, const char *s)
{
    if (!*s) {
        gr_text_puts(t, "(none)");
        return;
    }
    gr_text_putn(t, "`", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '|') gr_text_puts(t, "\\|");
        else if (c == '`') gr_text_putn(t, "'", 1);
        else if (c < 0x20 || c == 0x7f) gr_text_putn(t, " ", 1);
        else gr_text_putn(t, s, 1);
    }
    gr_text_putn(t, "`", 1);
}

void gr_text_plain(gr_text *t, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f) gr_text_putn(t, " ", 1);
        else if (strchr("\\`*_[]<>|#", c)) {
            gr_text_putn(t, "\\", 1);
            gr_text_putn(t, s, 1);
        } else gr_text_putn(t, s, 1);
    }
}

void gr_text_xml(gr_text *t, const char *s, size_t maxbytes)
{
    size_t len = strlen(s);
    int cut = 0;
    if (maxbytes && len > maxbytes) {
        len = maxbytes;
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80) len--;
        cut = 1;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&': gr_text_puts(t, "&amp;"); break;
        case '<': gr_text_puts(t, "&lt;"); break;
        case '>': gr_text_puts(t, "&gt;"); break;
        case '"': gr_text_puts(t, "&quot;"); break;
        case '\'': gr_text_puts(t, "&apos;"); break;
        default:
            if (c < 0x20 || c == 0x7f) gr_text_putn(t, "?", 1);
            else gr_text_putn(t, s + i, 1);
        }
    }
    if (cut) gr_text_puts(t, "...");
}

/* ---- file names ------------------------------------------------------------ */

void gr_text_slug(char *out, size_t cap, size_t k, const char *name)
{
    int n = snprintf(out, cap, "s%zu-", k + 1);
    size_t o = n > 0 && (size_t)n < cap ? (size_t)n : 0;
    int dash = 1;
    for (const char *p = name; *p && o + 1 < cap && o < 40; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out[o++] = (char)c;
            dash = 0;
        } else if (c >= 'A' && c <= 'Z') {
            out[o++] = (char)(c - 'A' + 'a');
            dash = 0;
        } else if (!dash) {
            out[o++] = '-';
            dash = 1;
        }
    }
    while (o > 0 && out[o - 1] == '-') o--;
    out[o] = '\0';
}

/* ---- SVG pieces ------------------------------------------------------------ */

void gr_text_svg_begin(gr_text *t, const char *title)
{
    gr_text_printf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                   GR_TEXT_SVG_W, GR_TEXT_SVG_H, GR_TEXT_SVG_W, GR_TEXT_SVG_H);
    gr_text_puts(t, "<title>");
    gr_text_xml(t, title, 0);
    gr_text_puts(t, "</title>\n");
    gr_text_printf(t, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                   GR_TEXT_SVG_W, GR_TEXT_SVG_H);
    gr_text_printf(t, "<text x=\"%d\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" "
                      "font-weight=\"bold\">",
                   GR_TEXT_SVG_W / 2);
    gr_text_xml(t, title, 90);
    gr_text_puts(t, "</text>\n");
}

void gr_text_svg_end(gr_text *t)
{
    gr_text_puts(t, "</svg>\n");
}

void gr_text_svg_frame(gr_text *t, double x0, double y0, double w, double h)
{
    gr_text_printf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                   x0, y0, x0, y0 + h);
    gr_text_printf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
                   x0, y0 + h, x0 + w, y0 + h);
}

double gr_text_nice_step(double span, int target)
{
    if (!(span > 0)) return 1.0;
    double raw = span / target;
    double p = pow(10.0, floor(log10(raw)));
    double f = raw / p;
    double m = f <= 1.0 ? 1.0 : f <= 2.0 ? 2.0 : f <= 5.0 ? 5.0 : 10.0;
    return m * p;
}

/* ---- files ----------------------------------------------------------------- */

int gr_text_write(const char *dir, const char *name, const gr_text *t, gr_error *err)
{
    char path[PATH_CAP];
    int k = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (k < 0 || (size_t)k >= sizeof path)
        return gr_error_set(err, "report: path too long for %s", name);
    if (t->failed) return gr_error_set(err, "report: out of memory writing %s", path);
    return gr_write_atomic(path, t->p ? t->p : "", t->n, err);
}
