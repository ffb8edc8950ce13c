/* regex.c - PCRE2 (8-bit, UTF-8) behind a small interface. A compiled
 * pattern is never written after gr_regex_compile returns, so threads may
 * share it; each match makes its own match data. Every match is anchored at
 * both ends: the pattern must cover the whole subject. */
#include "regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct gr_regex {
    pcre2_code *code;
    int ngroups;            /* capture groups + 1 (group 0 is the whole match) */
};

gr_regex *gr_regex_compile(const char *pattern, int icase, gr_error *err)
{
    if (!pattern) {
        gr_error_set(err, "no pattern given");
        return NULL;
    }
    uint32_t opts = PCRE2_UTF;
#ifdef PCRE2_MATCH_INVALID_UTF
    opts |= PCRE2_MATCH_INVALID_UTF;   /* bad UTF-8 in a subject just fails to match */
#endif
    if (icase) opts |= PCRE2_CASELESS;
    int code;
    PCRE2_SIZE off;
    pcre2_code *c = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts, &code,
                                  &off, NULL);
    if (!c) {
        PCRE2_UCHAR msg[256];
        if (pcre2_get_error_message(code, msg, sizeof msg) < 0)
            strcpy((char *)msg, "unknown error");
        gr_error_set(err, "bad pattern \"%s\" at offset %zu: %s", pattern, (size_t)off,
                     (const char *)msg);
        return NULL;
    }
    uint32_t cap = 0;
    if (pcre2_pattern_info(c, PCRE2_INFO_CAPTURECOUNT, &cap) != 0 ||
        cap + 1 > GR_REGEX_MAX_GROUPS) {
        gr_error_set(err, "bad pattern \"%s\": %u groups, at most %d are supported", pattern,
                     (unsigned)cap, GR_REGEX_MAX_GROUPS - 1);
        pcre2_code_free(c);
        return NULL;
    }
    gr_regex *re = malloc(sizeof *re);
    if (!re) {
        gr_error_set(err, "cannot compile pattern \"%s\": out of memory", pattern);
        pcre2_code_free(c);
        return NULL;
    }
    re->code = c;
    re->ngroups = (int)cap + 1;
    return re;
}

void gr_regex_free(gr_regex *re)
{
    if (!re) return;
    pcre2_code_free(re->code);
    free(re);
}

int gr_regex_match(const gr_regex *re, const char *subject, gr_match *m)
{
    if (m) {
        memset(m, 0, sizeof *m);
        m->subject = subject;
    }
    if (!re || !subject) return -1;
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re->code, NULL);
    if (!md) return -1;
    int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, strlen(subject), 0,
                         PCRE2_ANCHORED | PCRE2_ENDANCHORED, md, NULL);
    int ret;
    if (rc == PCRE2_ERROR_NOMATCH || rc == PCRE2_ERROR_PARTIAL) {
        ret = 0;
    } else if (rc < 0) {
        ret = -1;
    } else {
        ret = 1;
        if (m) {
            PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
            uint32_t npairs = pcre2_get_ovector_count(md);
            m->ok = 1;
            m->ngroups = re->ngroups;
            for (int i = 0; i < re->ngroups; i++) {
                /* groups past rc (the highest set one) are unset */
                if ((uint32_t)i < npairs && i < rc && ov[2 * i] != PCRE2_UNSET) {
                    m->start[i] = ov[2 * i];
                    m->end[i] = ov[2 * i + 1];
                } else {
                    m->start[i] = m->end[i] = (size_t)-1;
                }
            }
        }
    }
    pcre2_match_data_free(md);
    return ret;
}

int gr_regex_group_index(const gr_regex *re, const char *name)
{
    if (!re || !name) return -1;
    int n = pcre2_substring_number_from_name(re->code, (PCRE2_SPTR)name);
    return n < 0 ? -1 : n;
}

int gr_match_group(const gr_match *m, int i, char *buf, size_t cap)
{
    if (buf && cap) buf[0] = '\0';
    if (!m || !m->ok || !m->subject || i < 0 || i >= m->ngroups || i >= GR_REGEX_MAX_GROUPS)
        return -1;
    if (m->start[i] == (size_t)-1 || m->end[i] < m->start[i]) return -1;
    size_t len = m->end[i] - m->start[i];
    if (buf && cap) {
        size_t k = len < cap ? len : cap - 1;
        memcpy(buf, m->subject + m->start[i], k);
        buf[k] = '\0';
    }
    return len > (size_t)INT32_MAX ? INT32_MAX : (int)len;
}

int gr_match_named(const gr_regex *re, const gr_match *m, const char *name, char *buf, size_t cap)
{
    if (buf && cap) buf[0] = '\0';
    int i = gr_regex_group_index(re, name);
    if (i < 0) return -1;
    return gr_match_group(m, i, buf, cap);
}
