/* web_dice.c - an order applied with dice typed on the page (web_dice.h). */
#include "web_dice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WEB_DICE_PASSES (GR_WEB_DICE_MAX + 2)

/* The roll asked for last, from the dice's prompts ("roll 2d6 for ...: "),
 * named with its whole purpose (the refusal's words). 0, or -1 when none. */
static int last_prompt(const char *out, const char *purpose, gr_web_need *need)
{
    const char *best = NULL;
    int dice = 0, faces = 0;
    for (const char *p = out; p && (p = strstr(p, "roll ")); p++) {
        int n, f, used = 0;
        if (sscanf(p + 5, "%dd%d for %n", &n, &f, &used) == 2 && used > 0) {
            best = p;
            dice = n;
            faces = f;
        }
    }
    if (!best) return -1;
    const char *what = best - out >= 3 && !strncmp(best - 3, "re-", 3) ? "re-roll" : "roll";
    snprintf(need->prompt, sizeof need->prompt, "%s %dd%d for %.280s", what, dice, faces, purpose);
    need->dice = dice;
    need->faces = faces;
    return 0;
}

/* The faces as input lines: the rolls whose sizes are known, one a line,
 * then what is left on a last line. Returns the faces left over. */
static int write_input(FILE *f, const int *faces, int n, const int *sizes, int nsizes)
{
    int at = 0;
    for (int k = 0; k < nsizes && at < n; k++) {
        for (int i = 0; i < sizes[k] && at < n; i++) fprintf(f, "%s%d", i ? " " : "", faces[at++]);
        fputc('\n', f);
    }
    int left = n - at;
    for (int i = 0; at < n; i++) fprintf(f, "%s%d", i ? " " : "", faces[at++]);
    if (left) fputc('\n', f);
    return left;
}

/* one try with the rolls known so far; 0, 1 (want of dice, out holds the prompts) or -1 */
static int try_once(gr_live *L, const gr_action *a, const char *edit, const char *input, size_t inlen, char **out,
                    char *purpose, size_t pcap, int *got, gr_error *err)
{
    size_t outlen = 0;
    /* fmemopen will not open an empty buffer: a lone newline reads as no dice */
    FILE *in = fmemopen((void *)(inlen ? input : "\n"), inlen ? inlen : 1, "r");
    FILE *o = open_memstream(out, &outlen);
    if (!in || !o) {
        if (in) fclose(in);
        if (o) fclose(o);
        return gr_error_set(err, "out of memory");
    }
    L->dice.in = in;
    L->dice.out = o;
    L->dice.echo = 0;
    int rc = a ? gr_live_apply(L, a, err) : gr_live_edit(L, edit, err);
    L->dice.in = NULL;
    L->dice.out = NULL;
    fclose(in);
    fclose(o);
    const char *ran_out = rc ? strstr(err->msg, "end of input after") : NULL;
    if (ran_out) {
        /* not a refusal: the dice sent ran out; the message names the roll whole */
        const char *p = strstr(ran_out, " while rolling for ");
        snprintf(purpose, pcap, "%s", p ? p + 19 : "");
        if (sscanf(ran_out, "end of input after %d", got) != 1) *got = 0;
        gr_error_clear(err);
        return 1;
    }
    return rc ? -1 : 0;
}

int gr_web_dice_apply(gr_live *L, const gr_action *a, const char *edit, const int *faces, int n, gr_web_need *need,
                      gr_error *err)
{
    int sizes[WEB_DICE_PASSES], nsizes = 0;
    memset(need, 0, sizeof *need);
    for (int pass = 0; pass < WEB_DICE_PASSES; pass++) {
        char *input = NULL, *out = NULL;
        size_t inlen = 0;
        FILE *f = open_memstream(&input, &inlen);
        if (!f) return gr_error_set(err, "out of memory");
        int left = write_input(f, faces, n, sizes, nsizes);
        fclose(f);
        char purpose[GR_ERROR_MAX];
        int got = 0;
        int rc = try_once(L, a, edit, input, inlen, &out, purpose, sizeof purpose, &got, err);
        free(input);
        if (rc != 1) {
            free(out);
            return rc;
        }
        int found = last_prompt(out ? out : "", purpose, need);
        free(out);
        if (found) return gr_error_set(err, "the rules stopped for dice without naming the roll");
        for (int i = n - left; i < n && i < n - left + need->dice; i++)
            if (faces[i] > need->faces)
                return gr_error_set(err, "%d is not a face of a d%d (%s)", faces[i], need->faces,
                                    need->prompt);
        if (left > need->dice) {
            /* the last line held this roll and more: its size is known now */
            sizes[nsizes++] = need->dice;
            continue;
        }
        need->have = got; /* the faces of this roll read before the list ran out */
        return 1;
    }
    return gr_error_set(err, "the dice could not be matched to the rolls");
}
