/* b64.c - base64 (b64.h). */
#include "b64.h"

#include <stdlib.h>
#include <string.h>

static const char b64_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *gr_b64_encode(const void *data, size_t n)
{
    const unsigned char *p = data;
    char *out = malloc((n + 2) / 3 * 4 + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
        out[k++] = b64_chars[v >> 18 & 63];
        out[k++] = b64_chars[v >> 12 & 63];
        out[k++] = i + 1 < n ? b64_chars[v >> 6 & 63] : '=';
        out[k++] = i + 2 < n ? b64_chars[v & 63] : '=';
    }
    out[k] = 0;
    return out;
}

static int b64_value(char c)
{
    const char *at = c ? strchr(b64_chars, c) : NULL;
    return at ? (int)(at - b64_chars) : -1;
}

unsigned char *gr_b64_decode(const char *text, size_t *n)
{
    size_t len = strlen(text);
    if (len % 4) return NULL;
    unsigned char *out = malloc(len / 4 * 3 + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < len; i += 4) {
        int v[4], pad = 0;
        for (int j = 0; j < 4; j++) {
            char c = text[i + j];
            if (c == '=' && i + 4 == len && j >= 2 && (j == 3 || text[i + 3] == '=')) {
                v[j] = 0;
                pad++;
            } else if ((v[j] = b64_value(c)) < 0 || pad) {
                free(out);
                return NULL;
            }
        }
        unsigned w = (unsigned)v[0] << 18 | (unsigned)v[1] << 12 | (unsigned)v[2] << 6 | (unsigned)v[3];
        out[k++] = (unsigned char)(w >> 16);
        if (pad < 2) out[k++] = (unsigned char)(w >> 8 & 255);
        if (pad < 1) out[k++] = (unsigned char)(w & 255);
    }
    *n = k;
    return out;
}
