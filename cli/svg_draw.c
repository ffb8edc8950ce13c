/* svg_draw.c - the small drawing primitives the SVG renderer's files share
 * (declared in svg_draw.h): XML text, text with a halo, star outlines.
 *
 * All text of a picture goes through svg_text, which escapes XML and
 * repairs broken UTF-8 (labels are fixed-size char arrays, so a name can be
 * cut inside a multibyte sequence). */
#include "svg_draw.h"

#include <math.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (at most `avail` bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;       /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else return 0;
    if (n > avail) return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return n;
}

/* Writes at most `max` bytes of s as XML character data / attribute text. */
void svg_text(FILE *f, const char *s, size_t max)
{
    if (!s) return;
    size_t len = strnlen(s, max);
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        unsigned char ch = u[i];
        if (ch < 0x80) {
            switch (ch) {
            case '&': fputs("&amp;", f); break;
            case '<': fputs("&lt;", f); break;
            case '>': fputs("&gt;", f); break;
            case '"': fputs("&quot;", f); break;
            case '\'': fputs("&apos;", f); break;
            default: fputc(ch < 0x20 ? ' ' : ch, f); break;
            }
            i++;
            continue;
        }
        size_t n = utf8_len(u + i, len - i);
        if (n == 0) {
            fputc('?', f);
            i++;
        } else {
            fwrite(u + i, 1, n, f);
            i += n;
        }
    }
}

void svg_star_points(FILE *f, double cx, double cy, double r)
{
    for (int i = 0; i < 10; i++) {
        double a = -SVG_PI / 2 + i * SVG_PI / 5;
        double rr = (i % 2) ? r * 0.42 : r;
        fprintf(f, "%s%.1f,%.1f", i ? " " : "", cx + rr * cos(a), cy + rr * sin(a));
    }
}

/* Text with a halo: fill colour over a round-joined stroke painted first. */
void svg_text_open(FILE *f, double x, double y, double size, const char *fill,
                   const char *halo, double halo_w, const char *extra)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"%.1f\" stroke-linejoin=\"round\" paint-order=\"stroke\" "
               "text-anchor=\"middle\"%s>",
            x, y, size, fill, halo, halo_w, extra ? extra : "");
}
